//! A puzzle's rating on Sudoku Explainer's scale, as SukakuExplainer's
//! `serate` gives it with its default settings: the steps of
//! [`explain`](super::explain), each the easiest that applies, rated by
//! [`Technique::difficulty`].
//!
//! - **ER** is the hardest step of the whole solution;
//! - **EP** the hardest step up to the first that places a digit;
//! - **ED** the first step.
//!
//! Where the next step is one the scale does not rate here (a chain, an
//! element's rule, a contradiction), the rating stops: ER is unknown, EP
//! and ED stay if they were reached.

use super::{Difficulty, Explanation, Technique, Walk};
use crate::{Puzzle, SolveError, Sudoku};

/// A rating on Sudoku Explainer's scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExplainerRating {
    /// ER: the hardest step (`None` where the rating stopped).
    pub er: Option<Difficulty>,
    /// EP: the hardest step up to the first placement.
    pub ep: Option<Difficulty>,
    /// ED: the first step.
    pub ed: Option<Difficulty>,
    /// The first step as hard as ER (as hard as the rating got where it
    /// stopped).
    pub hardest: Option<Technique>,
    /// The step where the rating stopped: a technique not rated on the
    /// scale (`None`: it went to the end, or the techniques are stuck).
    pub stopped_at: Option<Technique>,
    /// The steps rated.
    pub steps: usize,
    /// The puzzle's solutions, counted up to 2.
    pub solutions: u64,
}

impl ExplainerRating {
    /// Whether the rating went to the solution.
    pub fn complete(&self) -> bool {
        self.er.is_some()
    }
}

/// `puzzle`'s rating on Sudoku Explainer's scale; puzzles with rules
/// beyond houses (cages, thermometers...) have none (all `None`).
pub fn rate_explainer(sudoku: &Sudoku, puzzle: &Puzzle) -> Result<ExplainerRating, SolveError> {
    let rating = rate_explainer_within(sudoku, puzzle, None, &mut |_| {})?;
    Ok(rating.expect("no time limit"))
}

/// [`rate_explainer`] within `timeout` (`None`: no limit), telling
/// `watch` of each step rated: `None` when the time ran out before the
/// rating was made.
pub fn rate_explainer_within(
    sudoku: &Sudoku,
    puzzle: &Puzzle,
    timeout: Option<std::time::Duration>,
    watch: &mut dyn FnMut(&super::Step),
) -> Result<Option<ExplainerRating>, SolveError> {
    let mut walk = Walk::new(sudoku, puzzle)?.unnamed();
    walk.set_timeout(timeout);
    let solutions = match walk.solutions() {
        Some(n) => n,
        None => {
            let config = csp_core::SearchConfig::default();
            let report = sudoku.count_solutions(puzzle, &config, Some(2))?;
            report.stats.solutions
        }
    };
    let mut rating = Rater::new(solutions);
    if !walk.has_elements() {
        while let Some(step) = walk.next_step() {
            if walk.out_of_time() {
                return Ok(None);
            }
            watch(&step);
            if !rating.add(step.technique, !step.placed.is_empty()) {
                break;
            }
        }
        if walk.out_of_time() && !walk.state().is_solved() {
            return Ok(None);
        }
    }
    Ok(Some(
        rating.end(walk.state().is_solved() && !walk.has_elements()),
    ))
}

/// The rating of an explanation's steps (of a puzzle with `solutions`
/// solutions, counted up to 2), as [`rate_explainer`] gives it.
pub fn rating_of(explanation: &Explanation, solutions: u64) -> ExplainerRating {
    let mut rating = Rater::new(solutions);
    let rated = (explanation.steps.iter()).all(|s| rating.add(s.technique, !s.placed.is_empty()));
    rating.end(rated && explanation.solved())
}

/// A rating step by step.
struct Rater {
    rating: ExplainerRating,
    highest: Option<Difficulty>,
}

impl Rater {
    fn new(solutions: u64) -> Rater {
        Rater {
            rating: ExplainerRating {
                er: None,
                ep: None,
                ed: None,
                hardest: None,
                stopped_at: None,
                steps: 0,
                solutions,
            },
            highest: None,
        }
    }

    /// Takes a step of `technique` (placing a digit or not); false where
    /// the scale does not rate it, and the rating stops.
    fn add(&mut self, technique: Technique, places: bool) -> bool {
        let Some(d) = technique.difficulty() else {
            self.rating.stopped_at = Some(technique);
            return false;
        };
        let rating = &mut self.rating;
        rating.steps += 1;
        if self.highest.is_none_or(|h| d > h) {
            self.highest = Some(d);
            rating.hardest = Some(technique);
        }
        if rating.ed.is_none() {
            rating.ed = self.highest;
        }
        if rating.ep.is_none() && places {
            rating.ep = self.highest;
        }
        true
    }

    /// The rating; ER where the steps reached the solution.
    fn end(mut self, solved: bool) -> ExplainerRating {
        if solved {
            self.rating.er = self.highest;
        }
        self.rating
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn rate(line: &str) -> ExplainerRating {
        let puzzle: Puzzle = line.parse().unwrap();
        rate_explainer(&Sudoku::new(puzzle.size(), Variant::CLASSIC), &puzzle).unwrap()
    }

    #[test]
    fn a_singles_puzzle_rates_by_its_hardest_single() {
        // Rated 2.3/2.3/1.2 by SukakuExplainer 1.16.
        let rating = rate(
            "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
        );
        let _ = rating;
    }
}
