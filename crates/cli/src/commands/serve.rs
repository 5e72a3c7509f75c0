//! `sudoku serve`.

use std::net::SocketAddr;

use anyhow::Result;

use super::Outcome;
use crate::cli::ServeArgs;
use crate::diagnostics;
use crate::serve::{self, ServerLimits};

pub fn serve(args: &ServeArgs) -> Result<Outcome> {
    let limits = ServerLimits {
        body_bytes: args.max_body,
        timeout_ms: args.timeout,
        max_placements: args.max_placements,
        searches: super::jobs(args.searches),
        trace_limit: args.trace_limit,
        compare_runs: args.compare_runs,
    };
    if !args.bind.is_loopback() {
        diagnostics::line(&format!(
            "sudoku: warning: listening on {}: anyone who can reach this address can run searches on this machine",
            args.bind
        ));
    }
    let open = args.open;
    serve::serve(
        SocketAddr::new(args.bind, args.port),
        limits,
        &args.allow_host,
        |addr| {
            let url = format!("http://{addr}/");
            println!("sudoku: the workbench is at {url} (Ctrl-C stops it)");
            if open && let Err(e) = webbrowser::open(&url) {
                diagnostics::line(&format!("sudoku: cannot open a browser: {e}; open {url}"));
            }
        },
    )?;
    Ok(Outcome::Success)
}
