//! Who may use the server: what keeps a web page on another site from
//! driving the searches of a server on the user's machine.
//!
//! - **Host**: only the loopback names (`localhost`, `*.localhost`), IP
//!   addresses of this machine (loopback, the bound address, any address
//!   when bound to all of them) and the names allowed by `--allow-host`
//!   are served. A name that an attacker's DNS points at 127.0.0.1 (DNS
//!   rebinding) gets 403: as Jupyter and Vite's `allowedHosts` do.
//! - **Origin**: a request that a browser sends from another page
//!   (its `Origin` is not this server's) gets 403. Requests without an
//!   `Origin` (curl, scripts) are served.
//! - **Content-Type**: a POST body must be `application/json` (415
//!   otherwise), so that a cross-site form, which cannot send that type
//!   without the preflight that the server never answers, cannot reach a
//!   search.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{CONTENT_TYPE, HOST, ORIGIN};
use axum::http::{HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::ApiError;

/// The names and addresses the server answers to (`sudoku serve --bind`
/// and `--allow-host`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Doors {
    /// The address the server listens on.
    bound: IpAddr,
    /// Host names allowed beyond the loopback ones, as [`canonical`]
    /// makes them; `*` allows any host (no protection against DNS
    /// rebinding).
    allowed_hosts: Vec<String>,
}

impl Default for Doors {
    /// The loopback only, as `sudoku serve` binds by default.
    fn default() -> Doors {
        Doors::new(IpAddr::from([127, 0, 0, 1]), &[])
    }
}

impl Doors {
    /// A server bound to `bound` that also answers to `allowed_hosts`
    /// (`--allow-host`: names, with or without a port, in any case).
    pub fn new(bound: IpAddr, allowed_hosts: &[String]) -> Doors {
        Doors {
            bound,
            allowed_hosts: allowed_hosts.iter().map(|h| canonical(h.trim())).collect(),
        }
    }

    /// Whether a request whose `Host` header is `host` (a name or an
    /// address, with or without a port) is served.
    pub fn host_allowed(&self, host: &str) -> bool {
        let name = canonical(host);
        if name == "localhost" || name.ends_with(".localhost") {
            return true;
        }
        if let Ok(ip) = name.parse::<IpAddr>() {
            if ip.is_loopback() || ip == self.bound || self.bound.is_unspecified() {
                return true;
            }
        }
        (self.allowed_hosts.iter()).any(|allowed| allowed == "*" || *allowed == name)
    }

    /// Why the request is refused, if it is.
    fn check(&self, method: &Method, headers: &HeaderMap) -> Result<(), ApiError> {
        let host = match headers.get(HOST) {
            Some(value) => Some(value.to_str().map_err(|_| {
                ApiError::Forbidden("the Host header is not text: request refused".into())
            })?),
            // A browser always sends a Host; a request without one cannot
            // come from a rebound name.
            None => None,
        };
        if let Some(host) = host
            && !self.host_allowed(host)
        {
            return Err(ApiError::Forbidden(format!(
                "the host `{host}` is not served: the server answers to localhost and its own addresses (sudoku serve --allow-host NAME allows a name)"
            )));
        }
        if let Some(origin) = headers.get(ORIGIN) {
            let origin = origin.to_str().unwrap_or("");
            let same = match (origin_host(origin), host) {
                (Some(from), Some(host)) => from.eq_ignore_ascii_case(host),
                (Some(from), None) => self.host_allowed(from),
                (None, _) => false,
            };
            if !same {
                return Err(ApiError::Forbidden(format!(
                    "a page from `{origin}` may not use this server: only the page it serves does"
                )));
            }
        }
        if method == Method::POST {
            let kind = (headers.get(CONTENT_TYPE))
                .and_then(|v| v.to_str().ok())
                .unwrap_or("");
            let essence = kind.split(';').next().unwrap_or("").trim();
            if !essence.eq_ignore_ascii_case("application/json") {
                let got = if kind.is_empty() { "none" } else { kind };
                return Err(ApiError::UnsupportedMediaType(format!(
                    "send the request body as JSON, with Content-Type: application/json (got {got})"
                )));
            }
        }
        Ok(())
    }
}

/// A host as it is compared: without its port, lowercase, without a
/// trailing dot (`LocalHost.:8000` is `localhost`).
fn canonical(host: &str) -> String {
    host_name(host).trim_end_matches('.').to_ascii_lowercase()
}

/// The host of a `Host` header, without its port: `[::1]:8000` is `::1`,
/// `localhost:8000` is `localhost`.
fn host_name(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or(rest);
    }
    match host.rsplit_once(':') {
        // A bare IPv6 address has several colons and no port.
        Some((name, _)) if name.contains(':') => host,
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

/// The `host[:port]` of an `Origin` (`http://localhost:8000`), or `None`
/// for an opaque one (`null`).
fn origin_host(origin: &str) -> Option<&str> {
    let (_, rest) = origin.split_once("://")?;
    let host = rest.split('/').next()?;
    (!host.is_empty()).then_some(host)
}

/// The middleware: a refused request is answered with its error before
/// it reaches a handler.
pub async fn guard(State(doors): State<Arc<Doors>>, request: Request, next: Next) -> Response {
    match doors.check(request.method(), request.headers()) {
        Ok(()) => next.run(request).await,
        Err(e) => e.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_names_and_own_addresses_are_served() {
        let doors = Doors::default();
        for host in [
            "localhost",
            "localhost:8000",
            "LOCALHOST.",
            "app.localhost:1",
            "127.0.0.1:8000",
            "127.0.0.2",
            "[::1]:8000",
        ] {
            assert!(doors.host_allowed(host), "{host}");
        }
        for host in [
            "evil.example.com",
            "evil.example.com:8000",
            "localhost.evil.example.com",
            "192.168.1.5:8000",
            "",
        ] {
            assert!(!doors.host_allowed(host), "{host}");
        }
    }

    #[test]
    fn a_wider_bind_and_allowed_names_add_hosts() {
        let lan = Doors::new("192.168.1.5".parse().unwrap(), &["box.lan".into()]);
        assert!(lan.host_allowed("192.168.1.5:8000"));
        assert!(lan.host_allowed("BOX.lan:8000"));
        let with_port = Doors::new(Doors::default().bound, &["Box.Lan.:8000".into()]);
        assert!(with_port.host_allowed("box.lan:8000"));
        assert!(!lan.host_allowed("10.0.0.1"));
        assert!(!lan.host_allowed("evil.example.com"));
        let all = Doors::new("0.0.0.0".parse().unwrap(), &[]);
        assert!(all.host_allowed("10.0.0.1:8000"));
        assert!(!all.host_allowed("evil.example.com"));
        let any = Doors::new(Doors::default().bound, &["*".into()]);
        assert!(any.host_allowed("evil.example.com"));
    }

    #[test]
    fn origins_and_hosts_are_split_from_their_ports() {
        assert_eq!(host_name("[::1]:80"), "::1");
        assert_eq!(host_name("::1"), "::1");
        assert_eq!(host_name("a.b:80"), "a.b");
        assert_eq!(origin_host("http://localhost:8000"), Some("localhost:8000"));
        assert_eq!(origin_host("null"), None);
    }
}
