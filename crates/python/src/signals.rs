//! Ctrl-C during a long call: the work runs on a thread of its own with
//! the interpreter released, while the calling thread checks Python's
//! signals every few milliseconds; a `KeyboardInterrupt` (or whatever a
//! signal handler raises) raises the searches' stop flag, and the call
//! raises it once the work has stopped (at its next choice).

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use pyo3::prelude::*;

use crate::heuristics::Failure;

/// How often the signals are checked while the work runs.
pub const SIGNAL_CHECK: Duration = Duration::from_millis(20);

/// Runs `work` with the interpreter released (so that other Python
/// threads run meanwhile), checking the signals every [`SIGNAL_CHECK`]:
/// an exception raised by a signal handler is kept in `failure`, whose
/// flag stops the searches. The caller raises `failure`'s exception, as
/// for one raised by a heuristic.
pub fn detach_interruptible<R: Send>(
    py: Python<'_>,
    failure: &Failure,
    work: impl FnOnce() -> R + Send,
) -> R {
    std::thread::scope(|scope| {
        let (done, finished) = mpsc::channel::<()>();
        // Shared with the interpreter released, which needs `Sync`.
        let finished = std::sync::Mutex::new(finished);
        let worker = scope.spawn(move || {
            let r = work();
            let _ = done.send(());
            r
        });
        loop {
            let over = py.detach(|| {
                let finished = finished.lock().unwrap_or_else(|p| p.into_inner());
                match finished.recv_timeout(SIGNAL_CHECK) {
                    Ok(()) | Err(RecvTimeoutError::Disconnected) => true,
                    Err(RecvTimeoutError::Timeout) => false,
                }
            });
            if over {
                break;
            }
            if let Err(e) = py.check_signals() {
                failure.fail(e);
            }
        }
        match worker.join() {
            Ok(r) => r,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}
