//! `sudoku serve`: the web workbench. A local HTTP server whose page
//! (embedded in the binary) runs, replays and compares searches, and whose
//! JSON API answers with the records the command prints: each endpoint is
//! a thin front end over the same library function as the command and the
//! Python package.
//!
//! | endpoint | answer |
//! |---|---|
//! | `POST /api/solve` | `solve --format json`'s record (with `trace` if asked) |
//! | `POST /api/count` | `count --format json`'s record |
//! | `POST /api/candidates` | `candidates --format json`'s record (`"true": true` for true candidates) |
//! | `POST /api/explain` | `explain --format json`'s record |
//! | `POST /api/render` | `render`'s SVG |
//! | `POST /api/compare` | the rows of `compare --format json` |
//! | `GET /api/configs`, `/api/heuristics`, `/api/sets` | the registries |
//! | `GET /api/sets/{name}` | a built-in set's puzzles |
//!
//! Bad input is answered with HTTP 400 and `{"error": MESSAGE}` (the
//! command's message); a request from another site's page, or to a host
//! name that is not this machine's, with 403; a POST body that is not
//! `application/json` with 415 ([`Doors`]); more searches than [`ServerLimits::searches`] at
//! once with 429. Every search is capped in time and placements, and
//! stops when its request goes away (the page navigates off, a new run
//! starts).
//!
//! ```
//! use sudoku_cli::serve::{ServerLimits, router};
//!
//! // The router, to be served by axum on a listener (or called in-process
//! // in tests).
//! let app = router(ServerLimits::default());
//! # let _ = app;
//! ```

mod api;
mod assets;
mod doors;
mod error;
mod limits;
// The request fields are the command's flags, documented for users in
// docs/guide/web.md; not every field is documented again here.
#[allow(missing_docs)]
mod requests;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};

pub use doors::Doors;
pub use error::ApiError;
pub use limits::ServerLimits;
pub use requests::{
    CandidatesRequest, CompareRequest, CountRequest, ExplainRequest, RenderRequest, SolveRequest,
    StrategyRequest,
};

/// The server's shared state: its limits and the search slots.
#[derive(Clone)]
pub struct State {
    limits: Arc<ServerLimits>,
    slots: limits::Slots,
}

/// The page and the API, under `limits`, for the loopback only
/// ([`Doors::default`]).
pub fn router(limits: ServerLimits) -> Router {
    router_with_doors(limits, Doors::default())
}

/// The page and the API, under `limits`, answering only requests that
/// `doors` lets in (the others get 403 or 415 before any handler runs).
pub fn router_with_doors(limits: ServerLimits, doors: Doors) -> Router {
    let state = State {
        slots: limits::Slots::new(limits.searches),
        limits: Arc::new(limits.clone()),
    };
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/api/solve", post(api::solve))
        .route("/api/count", post(api::count))
        .route("/api/candidates", post(api::candidates))
        .route("/api/explain", post(api::explain))
        .route("/api/render", post(api::render))
        .route("/api/compare", post(api::compare))
        .route("/api/configs", get(api::configs))
        .route("/api/heuristics", get(api::heuristics))
        .route("/api/sets", get(api::sets))
        .route("/api/sets/{name}", get(api::set_puzzles))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(limits.body_bytes))
        .layer(axum::middleware::from_fn_with_state(
            Arc::new(doors),
            doors::guard,
        ))
        .with_state(state)
}

/// Serves `router(limits)` on `addr` until Ctrl-C; `ready` is told the
/// address bound (port 0 picks a free one).
pub fn serve(
    addr: SocketAddr,
    limits: ServerLimits,
    allowed_hosts: &[String],
    ready: impl FnOnce(SocketAddr),
) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {addr}: {e}"))?;
        ready(listener.local_addr()?);
        let doors = Doors::new(addr.ip(), allowed_hosts);
        axum::serve(listener, router_with_doors(limits, doors))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await?;
        Ok(())
    })
}
