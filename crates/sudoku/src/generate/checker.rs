//! The two questions the generator asks a grid's rules: a random full
//! grid, and whether a puzzle is still unique once some clues are gone.
//! Where the rules are houses only, per-digit bitboards
//! ([`bitboard`](crate::bitboard)) answer both (grids up to 31x31); the
//! engine answers for other rules and wider grids.

use csp_core::{PropagationLevel, SearchConfig};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::RngCore;

use super::unavoidable::UnavoidableSets;
use crate::bitboard::solver::{self, HouseSearch};
use crate::{Puzzle, SolveError, Sudoku};

/// Search nodes one uniqueness check may take before the clue is kept
/// unproven. Never reached on 9x9 (a check takes a few nodes); on 25x25
/// with few clues a check can take hours.
pub(crate) const CHECK_BUDGET: u64 = 20_000;

/// See the [module docs](self).
pub(crate) enum Checker<'a> {
    /// Houses only: the bitboard solver in the smallest bitboards the grid
    /// fits.
    Houses {
        solver: Box<dyn HouseSearch + Send>,
        /// The side and the houses of each cell, to find unavoidable sets.
        side: usize,
        houses_of: Vec<Vec<u16>>,
        /// The unavoidable sets of the grid being dug.
        unavoidable: UnavoidableSets,
    },
    /// Any other rules: the engine, at `locked`, fewest candidates first.
    Engine(&'a Sudoku),
}

impl<'a> Checker<'a> {
    /// The fastest checker for `sudoku`'s rules.
    pub(crate) fn new(sudoku: &'a Sudoku) -> Checker<'a> {
        match solver::for_houses(sudoku) {
            Some(solver) => Checker::Houses {
                solver,
                side: sudoku.size().side(),
                houses_of: UnavoidableSets::houses_of(sudoku.houses(), sudoku.size().cells()),
                unavoidable: UnavoidableSets::default(),
            },
            None => Checker::Engine(sudoku),
        }
    }

    /// A random full grid of `sudoku`'s rules (digits `1..=side`), drawn
    /// from `rng`; `None` if the rules have no solution at all, or (on
    /// grids of houses) none was found within `budget` search nodes.
    pub(crate) fn fill(
        &mut self,
        sudoku: &Sudoku,
        rng: &mut ChaCha8Rng,
        budget: u64,
    ) -> Result<Option<Vec<u8>>, SolveError> {
        match self {
            Checker::Houses { solver, .. } => {
                Ok(solver.random_solution(&vec![0; sudoku.size().cells()], rng, budget))
            }
            Checker::Engine(sudoku) => {
                let config = SearchConfig {
                    variables: "E".parse()?,
                    values: "2".parse()?,
                    level: PropagationLevel::Locked,
                    seed: rng.next_u64(),
                    ..SearchConfig::default()
                };
                let report = sudoku.solve(&Puzzle::empty(sudoku.size()), &config)?;
                Ok(report.solution.map(|s| s.cells().to_vec()))
            }
        }
    }

    /// Holes will be dug in `solution` next: learn what it allows.
    pub(crate) fn begin(&mut self, solution: &[u8]) {
        if let Checker::Houses {
            side,
            houses_of,
            unavoidable,
            ..
        } = self
        {
            unavoidable.find(solution, *side, houses_of);
        }
    }

    /// Whether `cells` (a puzzle whose clues were those of `solution`
    /// less the cells of `removed`, and which had `solution` as its only
    /// solution) still has only that one; `None` if a search for another
    /// ran past [`CHECK_BUDGET`] nodes (big grids with few clues).
    pub(crate) fn still_unique(
        &mut self,
        cells: &[u8],
        solution: &[u8],
        removed: &[usize],
    ) -> Result<Option<bool>, SolveError> {
        match self {
            Checker::Houses {
                solver,
                unavoidable,
                ..
            } => {
                // Another solution differs from `solution` in a removed
                // cell (elsewhere it is held by the clues it kept); a
                // cell whose peers' clues leave only its digit cannot;
                // an emptied unavoidable set is one.
                for &cell in removed {
                    let digit = solution[cell];
                    if solver.left_by_peers(cells, cell) == 1 << (digit - 1) {
                        continue;
                    }
                    if unavoidable.emptied(cells, cell) {
                        return Ok(Some(false));
                    }
                    match solver.has_other_solution(cells, solution, cell, CHECK_BUDGET) {
                        Some(false) => {}
                        Some(true) => return Ok(Some(false)),
                        None => return Ok(None),
                    }
                }
                Ok(Some(true))
            }
            Checker::Engine(sudoku) => Ok(Some(count(sudoku, cells, 2)? == 1)),
        }
    }

    /// The number of solutions of `cells`, up to `limit`.
    pub(crate) fn count(
        &mut self,
        sudoku: &Sudoku,
        cells: &[u8],
        limit: u64,
    ) -> Result<u64, SolveError> {
        match self {
            Checker::Houses { solver, .. } => Ok(solver
                .count_within(cells, None, limit as usize, u64::MAX)
                .expect("no node budget") as u64),
            Checker::Engine(_) => count(sudoku, cells, limit),
        }
    }
}

/// Solutions of `cells` up to `limit`, by the engine.
fn count(sudoku: &Sudoku, cells: &[u8], limit: u64) -> Result<u64, SolveError> {
    let config = SearchConfig {
        variables: "EA".parse()?,
        values: "0".parse()?,
        level: PropagationLevel::Locked,
        ..SearchConfig::default()
    };
    let puzzle = Puzzle::from_digits(sudoku.size(), cells.to_vec());
    Ok(sudoku
        .count_solutions(&puzzle, &config, Some(limit))?
        .solutions())
}
