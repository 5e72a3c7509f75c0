//! What a search found, by either solver: what the records of `solve` and
//! `count` are made from, so that each has one constructor for the engine
//! and the bitboard solver alike.
#![allow(missing_docs)]

use std::time::Duration;

use csp_core::StopReason;
use sudoku::SolveReport;
use sudoku::bitboard::BitboardCount;

use super::{BitboardStatsRecord, Stats, StatsRecord};

/// The outcome of one search.
#[derive(Clone, Debug)]
pub struct Found<'a> {
    /// Solutions found.
    pub solutions: u64,
    /// Whether the search was exhausted (`solutions` is the exact count).
    pub exact: bool,
    /// The limit that stopped the search, if one did.
    pub stopped: Option<StopReason>,
    /// The first solution, if any was found and kept.
    pub solution: Option<&'a sudoku::Puzzle>,
    /// The solver's counters.
    pub stats: Stats,
}

impl<'a> Found<'a> {
    /// The outcome of the engine's search.
    pub fn by_engine(report: &'a SolveReport) -> Found<'a> {
        Found {
            solutions: report.solutions(),
            exact: report.is_exact(),
            stopped: report.stop_reason(),
            solution: report.solution.as_ref(),
            stats: Stats::Engine(Box::new(StatsRecord::from(&report.stats))),
        }
    }

    /// The outcome of the bitboard solver's count, which took `elapsed`
    /// (it has no limit to stop it).
    pub fn by_bitboard(counted: &'a BitboardCount, elapsed: Duration) -> Found<'a> {
        Found {
            solutions: counted.solutions,
            exact: counted.exhausted(),
            stopped: None,
            solution: counted.solution.as_ref(),
            stats: Stats::Bitboard(BitboardStatsRecord {
                placements: counted.placements,
                guesses: counted.guesses,
                solutions: counted.solutions,
                elapsed_us: elapsed.as_micros() as u64,
            }),
        }
    }
}
