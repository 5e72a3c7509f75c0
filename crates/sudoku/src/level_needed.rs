//! The weakest propagation level that settles a puzzle without search: a
//! simple difficulty rating.

use std::fmt;
use std::time::{Duration, Instant};

use csp_core::PropagationLevel;

use crate::{Puzzle, SolveError, Sudoku};

/// What [`Sudoku::level_needed`] found.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum LevelNeeded {
    /// The weakest level whose propagation of the givens, with no placement,
    /// fills every cell or proves that there is no solution.
    Level(PropagationLevel),
    /// Even [`PropagationLevel::Probing`] leaves empty cells: the puzzle
    /// needs search (or has several solutions).
    Unsolved,
}

impl LevelNeeded {
    /// The level's name (`singles`, `locked`, ...), or `guessing` when
    /// even probing leaves cells (the name `rate` and `generate --level`
    /// use too).
    pub fn name(self) -> &'static str {
        match self {
            LevelNeeded::Level(level) => level.name(),
            LevelNeeded::Unsolved => "guessing",
        }
    }
}

impl fmt::Display for LevelNeeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Sudoku {
    /// The weakest level that settles `puzzle` without a placement (see
    /// [`LevelNeeded`]). Tries the levels from the weakest up, propagating
    /// the givens only; `none` settles only a full grid, `fc` never fills a
    /// cell but may find a contradiction.
    pub fn level_needed(&self, puzzle: &Puzzle) -> Result<LevelNeeded, SolveError> {
        Ok(self
            .level_needed_within(puzzle, None)?
            .expect("no time limit"))
    }

    /// [`level_needed`](Sudoku::level_needed) within a time limit for all
    /// the levels together: `None` if it passed first (probing a big grid
    /// with few givens can take long: an empty 25x25 grid makes 15,625
    /// probes).
    pub fn level_needed_within(
        &self,
        puzzle: &Puzzle,
        timeout: Option<Duration>,
    ) -> Result<Option<LevelNeeded>, SolveError> {
        let deadline = timeout.map(|t| Instant::now() + t);
        for level in PropagationLevel::ALL {
            let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
            if left == Some(Duration::ZERO) {
                return Ok(None);
            }
            let (search, contradiction) = self.propagated_root(puzzle, level, left)?;
            if search.stopped().is_some() {
                return Ok(None);
            }
            if settled(&search, contradiction) {
                return Ok(Some(LevelNeeded::Level(level)));
            }
        }
        Ok(Some(LevelNeeded::Unsolved))
    }

    /// Whether propagating the givens of `puzzle` at `level`, with no
    /// placement, fills every cell or proves there is no solution: whether
    /// [`level_needed`](Sudoku::level_needed) is at most `level`.
    pub fn settles_at(&self, puzzle: &Puzzle, level: PropagationLevel) -> Result<bool, SolveError> {
        let (search, contradiction) = self.propagated_root(puzzle, level, None)?;
        Ok(settled(&search, contradiction))
    }
}

/// Whether a propagated root settles the puzzle: a contradiction, or every
/// cell filled.
fn settled(search: &csp_core::Search<'_>, contradiction: bool) -> bool {
    let store = search.store();
    contradiction || store.assigned_count() as usize == store.num_vars()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GridSize, Variant};

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn needed(line: &str) -> LevelNeeded {
        let puzzle = Puzzle::parse(line).unwrap();
        Sudoku::classic().level_needed(&puzzle).unwrap()
    }

    #[test]
    fn rates_puzzles_by_the_weakest_level_that_settles_them() {
        // Easy: singles are enough.
        assert_eq!(needed(EASY), LevelNeeded::Level(PropagationLevel::Singles));
        // A full grid needs nothing.
        let easy = Puzzle::parse(EASY).unwrap();
        let solved = Sudoku::classic()
            .solve(&easy, &csp_core::SearchConfig::default())
            .unwrap();
        let full = solved.solution.unwrap().to_line();
        assert_eq!(needed(&full), LevelNeeded::Level(PropagationLevel::None));
        // Inkala's "hardest": probing leaves cells empty.
        assert_eq!(
            needed(
                "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
            ),
            LevelNeeded::Unsolved
        );
    }

    #[test]
    fn four_by_four_empty_grid_is_unsolved() {
        let sudoku = Sudoku::new(GridSize::new(2, 2).unwrap(), Variant::CLASSIC);
        let puzzle = Puzzle::parse("................").unwrap();
        assert_eq!(sudoku.level_needed(&puzzle).unwrap(), LevelNeeded::Unsolved);
    }

    #[test]
    fn a_time_limit_stops_the_rating_inside_probing() {
        // An empty 25x25 grid: probing it takes about half a second in
        // the test profile (15,625 probes), 25 times the limit.
        let sudoku = Sudoku::new(GridSize::from_side(25).unwrap(), Variant::CLASSIC);
        let puzzle = Puzzle::empty(sudoku.size());
        let limit = Some(Duration::from_millis(20));
        assert_eq!(sudoku.level_needed_within(&puzzle, limit).unwrap(), None);
        // Probing stops at the deadline, not at its end: an empty grid
        // loses nothing, so probing it makes one round of 625 x 25 =
        // 15,625 probes, and the stopped one makes fewer. (A bound on the
        // time taken would fail on a busy machine; the count does not.)
        let (search, _) = (sudoku)
            .propagated_root(&puzzle, PropagationLevel::Probing, limit)
            .unwrap();
        assert_eq!(search.stopped(), Some(csp_core::StopReason::Timeout));
        let probes = search.rules()[csp_core::Rule::Probing].runs;
        assert!(probes < 15_625, "{probes} probes");
    }

    #[test]
    fn names() {
        assert_eq!(LevelNeeded::Unsolved.to_string(), "guessing");
        assert_eq!(LevelNeeded::Level(PropagationLevel::Gac).name(), "gac");
    }
}
