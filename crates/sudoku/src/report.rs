//! What solving or counting a puzzle gives.

use csp_core::{SearchStats, StopReason, Termination};

use crate::Puzzle;

/// The outcome of a solve, in one word.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SolveStatus {
    /// A solution was found.
    Solved,
    /// The search space was exhausted without a solution.
    Unsolvable,
    /// A limit stopped the search before a solution was found.
    Stopped,
}

impl SolveStatus {
    /// `solved`, `unsolvable` or `stopped`.
    pub fn name(self) -> &'static str {
        match self {
            SolveStatus::Solved => "solved",
            SolveStatus::Unsolvable => "unsolvable",
            SolveStatus::Stopped => "stopped",
        }
    }
}

/// The result of [`Sudoku::run`](crate::Sudoku::run).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SolveReport {
    /// How the search ended.
    pub termination: Termination,
    /// The first solution found.
    pub solution: Option<Puzzle>,
    /// The search counters; `stats.solutions` is the number found.
    pub stats: SearchStats,
}

impl SolveReport {
    /// Solved if a solution was found, else stopped or unsolvable.
    pub fn status(&self) -> SolveStatus {
        match (&self.solution, self.termination) {
            (Some(_), _) => SolveStatus::Solved,
            (None, Termination::Stopped(_)) => SolveStatus::Stopped,
            (None, _) => SolveStatus::Unsolvable,
        }
    }

    /// The number of solutions found.
    pub fn solutions(&self) -> u64 {
        self.stats.solutions
    }

    /// Whether [`solutions`](SolveReport::solutions) is the exact count (the
    /// search was exhausted).
    pub fn is_exact(&self) -> bool {
        self.termination == Termination::Exhausted
    }

    /// Why the search stopped early, if a limit stopped it.
    pub fn stop_reason(&self) -> Option<StopReason> {
        match self.termination {
            Termination::Stopped(r) => Some(r),
            _ => None,
        }
    }
}
