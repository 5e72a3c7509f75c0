//! A second solver beside the engine, for throughput: per-digit bitboards
//! for grids whose rules are houses only (rows, columns and boxes of any
//! shape, jigsaw regions, diagonals, windows, extra regions), from 4x4 to
//! 25x25.
//!
//! The engine ([`Sudoku::count_solutions`]) is the reference: any
//! heuristic chain, any propagation level, every variant rule, exact
//! counters per rule, traces. This solver answers one question fast: how
//! many solutions (up to a limit), and the first. It keeps one bitboard
//! per digit (a bit per cell where the digit may still go) and the
//! unsolved cells; naked singles are found for the whole grid in one
//! bit-sliced pass over the digits, hidden singles only in the houses
//! where a digit lost a cell; it branches on the first cell with the
//! fewest candidates, copying the bitboards for each branch. On the
//! classic 9x9 grid a band solver takes its place (JCZSolve's published
//! design: a 27-bit mask per digit and band of three rows, locked
//! candidates and pointing by table lookup), which branches on the
//! two-candidate cell with the most unsolved peers. The generator checks
//! uniqueness and draws its random grids with them.
//!
//! It counts `placements` (each digit it tries at a branch) and `guesses`
//! (those tried while the cell had an untried digit left; the last one is
//! forced), as the engine's counters of those names mean; it has no
//! iterations, propagations or per-rule counts.
//!
//! # Example
//! ```
//! use sudoku::{Puzzle, Sudoku, bitboard::Bitboard};
//!
//! let inkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
//! let mut solver = Bitboard::new(&Sudoku::classic())?;
//! let counted = solver.count(&Puzzle::parse(inkala)?, 2)?;
//! assert_eq!(counted.solutions, 1);
//! assert!(counted.exhausted());
//! assert_eq!(counted.solution.unwrap().to_line().as_str(),
//!     "812753649943682175675491283154237896369845721287169534521974368438526917796318452");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod classic;
#[cfg(test)]
mod house_solver;
mod shuffle;
pub(crate) mod solver;

pub(crate) use shuffle::shuffle;

use crate::{GridSize, Puzzle, Sudoku};

/// Why the bitboard solver cannot take a grid or a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BitboardError {
    /// The grid has rules other than houses.
    #[error(
        "the bitboard solver reads grids whose rules are houses only (rows, columns, boxes, jigsaw regions, diagonals, windows, extra regions); this one has {0}: count it with the engine"
    )]
    NotHousesOnly(String),
    /// More than 640 cells.
    #[error("the bitboard solver reads grids of up to 25x25; this one is {0}")]
    TooBig(GridSize),
    /// A puzzle of another size than the solver's grid.
    #[error("a {puzzle} puzzle for a {grid} grid")]
    WrongSize {
        /// The puzzle's size.
        puzzle: GridSize,
        /// The solver's grid's.
        grid: GridSize,
    },
}

/// A bitboard solver for one grid (size and houses); reuse it for every
/// puzzle of that grid: its search space is allocated once.
pub struct Bitboard {
    solver: solver::Sized,
    size: GridSize,
}

/// What [`Bitboard::count`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitboardCount {
    /// Solutions found, at most the limit.
    pub solutions: u64,
    /// The limit the count stopped at.
    pub limit: u64,
    /// The first solution found (never kept by
    /// [`Bitboard::count_without_solution`]).
    pub solution: Option<Puzzle>,
    /// Digits placed by the search (every digit tried at a branch).
    pub placements: u64,
    /// Placements made while the cell still had an untried digit.
    pub guesses: u64,
}

impl BitboardCount {
    /// Whether the whole search tree was seen: `solutions` is the exact
    /// count (else a lower bound: the limit was reached).
    pub fn exhausted(&self) -> bool {
        self.solutions < self.limit
    }
}

impl Bitboard {
    /// The solver for `sudoku`'s grid, or why it cannot take it.
    pub fn new(sudoku: &Sudoku) -> Result<Bitboard, BitboardError> {
        let size = sudoku.size();
        if size.cells() > 640 {
            return Err(BitboardError::TooBig(size));
        }
        let solver = solver::Sized::for_houses(sudoku).ok_or_else(|| {
            let names = sudoku.rules().names();
            BitboardError::NotHousesOnly(if names.is_empty() {
                "this grid".to_string()
            } else {
                names.join(", ")
            })
        })?;
        Ok(Bitboard { solver, size })
    }

    /// Counts the solutions of `puzzle` up to `limit` (at least 1),
    /// keeping the first. Givens that clash count 0 solutions.
    pub fn count(&mut self, puzzle: &Puzzle, limit: u64) -> Result<BitboardCount, BitboardError> {
        self.count_keeping(puzzle, limit, true)
    }

    /// Counts as [`count`](Self::count) does (the same search, the same
    /// counters) without keeping a solution: `solution` is `None`. For
    /// when only the number matters (a uniqueness check, a count of a
    /// set), as the `sudoku` crate's `solutions_count_up_to` counts.
    pub fn count_without_solution(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
    ) -> Result<BitboardCount, BitboardError> {
        self.count_keeping(puzzle, limit, false)
    }

    fn count_keeping(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        keep: bool,
    ) -> Result<BitboardCount, BitboardError> {
        if puzzle.size() != self.size {
            return Err(BitboardError::WrongSize {
                puzzle: puzzle.size(),
                grid: self.size,
            });
        }
        let limit = limit.max(1);
        let counted = (self.solver).count_solutions(
            puzzle.cells(),
            limit.min(usize::MAX as u64) as usize,
            keep,
        );
        Ok(BitboardCount {
            solutions: counted.solutions as u64,
            limit,
            solution: (counted.solution).map(|digits| Puzzle::from_digits(self.size, digits)),
            placements: counted.placements,
            guesses: counted.guesses,
        })
    }
}
