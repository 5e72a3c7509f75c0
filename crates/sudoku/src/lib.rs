//! Sudoku of several sizes and variants as a constraint problem on
//! [`csp_core`]: parsing and printing puzzles (boards and candidate grids),
//! checking givens, solving and counting solutions with any heuristic chain
//! and propagation level.
//!
//! # Example
//! ```
//! use sudoku::{Puzzle, Sudoku, SolveStatus};
//! use csp_core::{PropagationLevel, SearchConfig};
//!
//! let puzzle: Puzzle =
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
//! let sudoku = Sudoku::classic();
//! let config = SearchConfig {
//!     variables: "EA".parse()?,
//!     values: "0".parse()?,
//!     level: PropagationLevel::Singles,
//!     ..SearchConfig::default()
//! };
//! let report = sudoku.solve(&puzzle, &config)?;
//! assert_eq!(report.status(), SolveStatus::Solved);
//! assert_eq!(report.stats.placements, 25);
//! let solution = report.solution.unwrap();
//! assert!(sudoku.is_solution_of(&solution, &puzzle));
//! print!("{}", solution.board());
//!
//! // Uniqueness: count up to 2.
//! let count = sudoku.count_solutions(&puzzle, &config, Some(2))?;
//! assert_eq!((count.solutions(), count.is_exact()), (1, true));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod bitboard;
mod board;
mod candidates;
mod error;
pub mod explain;
mod fast_houses;
pub mod formats;
pub mod generate;
mod house;
mod human_techniques;
mod level_needed;
mod portfolio;
mod propagators;
mod puzzle;
pub mod rate;
pub mod render;
mod report;
pub mod rules;
mod size;
mod source;
#[allow(clippy::module_inception)]
mod sudoku;
mod symbol;
mod true_candidates;
mod variant;

pub use board::Board;
pub use candidates::CandidateGrid;
pub use error::{CellRef, PuzzleError};
pub use fast_houses::FastHouses;
pub use formats::VariantPuzzle;
pub use house::{House, HouseKind, houses};
pub use human_techniques::HUMAN_LEVELS;
pub use level_needed::LevelNeeded;
pub use portfolio::{Portfolio, PortfolioReport};
pub use propagators::{Propagators, UnknownPropagators, valid_names as propagators_names};
pub use puzzle::Puzzle;
pub use report::{SolveReport, SolveStatus};
pub use rules::{About, BadRule, Element, Rules, RulesError, UserRule};
pub use size::GridSize;
pub use source::Source;
pub use sudoku::{HouseFailure, SolveError, Sudoku};
pub use symbol::{MAX_SIDE, Symbols, SymbolsError, digit_char};
pub use true_candidates::TrueCandidates;
pub use variant::{UnknownVariant, Variant, valid_names as variant_names};
