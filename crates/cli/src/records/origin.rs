//! What every record starts from: where the puzzle came from, the
//! build's version, the rules in force and why a search stopped.
#![allow(missing_docs)]

use serde::Serialize;

/// This build's version, printed with every result.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Where a result came from.
#[derive(Serialize, Clone, Debug)]
pub struct Origin {
    pub file: String,
    pub line: u64,
    pub puzzle: String,
}

/// Why a search stopped, in words.
pub fn stop_words(reason: csp_core::StopReason) -> &'static str {
    match reason {
        csp_core::StopReason::Timeout => "time limit reached",
        csp_core::StopReason::PlacementLimit => "placement limit reached",
        csp_core::StopReason::Interrupted => "interrupted",
    }
}

/// The rules of a grid for a record: their names and their one-line
/// summary, or nothing for classic rules (whose records stay as they were).
pub fn rules_of(sudoku: &sudoku::Sudoku) -> (Option<Vec<&'static str>>, Option<String>) {
    let rules = sudoku.rules();
    if rules.is_classic() {
        (None, None)
    } else {
        (Some(rules.names()), Some(rules.summary()))
    }
}
