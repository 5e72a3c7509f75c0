//! What keeps the server safe by default: request bodies capped, every
//! search capped in time and placements, a bounded number of searches at
//! once, and searches that stop when their request goes away.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::error::ApiError;

/// The server's limits (`sudoku serve`'s flags).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerLimits {
    /// Largest request body, in bytes.
    pub body_bytes: usize,
    /// Longest search, in milliseconds: a request's own `timeout_ms` is
    /// lowered to it.
    pub timeout_ms: u64,
    /// Most placements of a search: a request's own `max_placements` is
    /// lowered to it.
    pub max_placements: u64,
    /// Searches at once; more are answered with HTTP 429.
    pub searches: usize,
    /// Most events of a trace.
    pub trace_limit: u64,
    /// Most runs (strategies times puzzles) of a comparison.
    pub compare_runs: u64,
}

impl Default for ServerLimits {
    fn default() -> ServerLimits {
        ServerLimits {
            body_bytes: 1 << 20,
            timeout_ms: 5_000,
            max_placements: 10_000_000,
            searches: std::thread::available_parallelism().map_or(1, |n| n.get()),
            trace_limit: 1_000_000,
            compare_runs: 20_000,
        }
    }
}

impl ServerLimits {
    /// A request's limit (0 or none: the server's), at most the server's.
    pub fn capped(requested: Option<u64>, server: u64) -> u64 {
        match requested {
            Some(n) if n > 0 => n.min(server),
            _ => server,
        }
    }
}

/// The search slots: a search takes one for as long as it runs.
#[derive(Clone)]
pub struct Slots(Arc<Semaphore>, usize);

impl Slots {
    pub fn new(n: usize) -> Slots {
        Slots(Arc::new(Semaphore::new(n.max(1))), n.max(1))
    }

    /// Runs `work` on a blocking thread in a free slot (HTTP 429 if none
    /// is free), with a flag that is raised when the request goes away
    /// (its future is dropped): `work` hands it to its searches.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let permit: OwnedSemaphorePermit =
            Arc::clone(&self.0).try_acquire_owned().map_err(|_| {
                ApiError::Busy(format!(
                    "the server runs {} searches at once, all busy: try again in a moment",
                    self.1
                ))
            })?;
        let flag = Arc::new(AtomicBool::new(false));
        let cancel = CancelOnDrop(Arc::clone(&flag));
        let result = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work(flag)
        })
        .await;
        drop(cancel);
        result.map_err(|e| ApiError::Internal(format!("the search failed: {e}")))
    }
}

/// Raises the flag when dropped: a request that goes away stops its
/// search at its next choice.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_limit_is_lowered_to_the_servers() {
        assert_eq!(ServerLimits::capped(None, 100), 100);
        assert_eq!(ServerLimits::capped(Some(0), 100), 100);
        assert_eq!(ServerLimits::capped(Some(50), 100), 50);
        assert_eq!(ServerLimits::capped(Some(500), 100), 100);
    }
}
