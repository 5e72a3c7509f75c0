//! A difficulty people recognise: the grade of the hardest rule a puzzle
//! needs, and a score of how much of each rule it takes.
//!
//! The grade is the [`LevelNeeded`] in words ([`Grade`]). The score adds up
//! the deductions of the search that proves the puzzle unique (fewest
//! candidates first, lowest value first, counting to 2) at that level,
//! each weighted by how hard the rule is for a person ([`WEIGHTS`]; a
//! subset's removals by its size too: a quad weighs twice a pair); for
//! `extreme` puzzles the search runs at `probing` and each guess weighs
//! [`GUESS_WEIGHT`]. Grades order puzzles first; the score orders them
//! within a grade (and mostly across).

use std::fmt;
use std::time::{Duration, Instant};

use csp_core::{Limits, PropagationLevel, Rule, RuleStats, SearchConfig, SubsetSizes};

use crate::{LevelNeeded, Puzzle, SolveError, Sudoku};

/// A named difficulty, from the weakest level that solves a puzzle.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Grade {
    /// Naked and hidden singles are enough.
    Easy,
    /// Locked candidates (pointing and claiming) are needed.
    Medium,
    /// Subsets are needed (naked and hidden pairs, triples, ...: what
    /// GAC on all-different finds).
    Hard,
    /// Probing is needed: trying a candidate and finding that it fails.
    Fiendish,
    /// Even probing leaves cells: guessing (search) is needed.
    Extreme,
}

impl Grade {
    /// Every grade, easiest first. The one registry of grade names.
    pub const ALL: [Grade; 5] = [
        Grade::Easy,
        Grade::Medium,
        Grade::Hard,
        Grade::Fiendish,
        Grade::Extreme,
    ];

    /// Its name in output.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Fiendish => "fiendish",
            Grade::Extreme => "extreme",
        }
    }

    /// The level a puzzle of this grade needs.
    pub fn level(self) -> LevelNeeded {
        match self {
            Grade::Easy => LevelNeeded::Level(PropagationLevel::Singles),
            Grade::Medium => LevelNeeded::Level(PropagationLevel::Locked),
            Grade::Hard => LevelNeeded::Level(PropagationLevel::Gac),
            Grade::Fiendish => LevelNeeded::Level(PropagationLevel::Probing),
            Grade::Extreme => LevelNeeded::Unsolved,
        }
    }

    /// What a person needs for it, in words.
    pub fn description(self) -> &'static str {
        match self {
            Grade::Easy => "naked and hidden singles",
            Grade::Medium => "locked candidates (pointing, claiming)",
            Grade::Hard => "naked and hidden subsets",
            Grade::Fiendish => "probing: a candidate that leads to a contradiction",
            Grade::Extreme => "guessing: even probing leaves cells",
        }
    }

    /// The grade of a puzzle that needs `level` (a full grid is easy;
    /// `None` for `fc`, which settles only contradictions).
    pub fn of(level: LevelNeeded) -> Option<Grade> {
        match level {
            LevelNeeded::Level(PropagationLevel::None) => Some(Grade::Easy),
            level => Grade::ALL.into_iter().find(|g| g.level() == level),
        }
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The weight of each rule's deductions in the score: per cell filled for
/// singles, per candidate removed for the others, and for GAC per
/// candidate removed *and per cell of the subset* that removed it (a pair's
/// removals weigh 10, a triple's 15, a quad's 20: see
/// [`csp_core::SubsetSizes`]). Forward checking weighs
/// nothing (it is the rule itself); the rules of variant elements weigh 1
/// per removal.
pub const WEIGHTS: [(Rule, u64); 10] = [
    (Rule::NakedSingles, 1),
    (Rule::HiddenSingles, 2),
    (Rule::LockedCandidates, 5),
    (Rule::Gac, 5),
    (Rule::Probing, 25),
    (Rule::Other, 1),
    (Rule::Sum, 1),
    (Rule::Order, 1),
    (Rule::NumberSum, 1),
    (Rule::Relation, 1),
];

/// The weight of each guess (a search placement beyond propagation) of an
/// `extreme` puzzle.
pub const GUESS_WEIGHT: u64 = 100;

/// The grades as a markdown table (grade, level needed, what it takes),
/// for the guide (docs/guide/generating.md).
pub fn grade_table() -> String {
    let mut table = String::from("| grade | level needed | what it takes |\n|---|---|---|\n");
    for g in Grade::ALL {
        table += &format!(
            "| {} | {} | {} |\n",
            g.name(),
            crate::generate::level_name(g.level()),
            g.description()
        );
    }
    table
}

/// How `rule`'s weight `weight` applies, in words: the number, or for GAC
/// the number times the subset size.
pub fn weight_text(rule: Rule, weight: u64) -> String {
    if rule == Rule::Gac {
        format!("{weight} x subset size")
    } else {
        weight.to_string()
    }
}

/// The weights as a markdown table (rule, weight), for the guide.
pub fn weight_table() -> String {
    let mut table = String::from("| rule | weight |\n|---|---:|\n");
    for (rule, weight) in WEIGHTS {
        let weight = weight_text(rule, weight);
        table += &format!("| {} ({}) | {weight} |\n", rule.name(), rule.title());
    }
    table + &format!("| each guess | {GUESS_WEIGHT} |\n")
}

/// What [`Sudoku::rate`] found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Rating {
    /// Solutions, counted up to 2.
    pub solutions: u64,
    /// The weakest level that settles the puzzle.
    pub level: LevelNeeded,
    /// The grade, for a puzzle with exactly one solution.
    pub grade: Option<Grade>,
    /// The weighted sum of the deductions (see the [module docs](self)).
    pub score: u64,
    /// What each rule did in the search that proved it unique.
    pub rules: RuleStats,
    /// Guesses of that search (0 unless `extreme`).
    pub guesses: u64,
}

impl Rating {
    /// What one rule did, by its telling counter: cells filled for the
    /// singles, candidates removed for the others.
    pub fn used(&self, rule: Rule) -> u64 {
        self.rules.telling(rule)
    }

    /// GAC's removals by the size of the subset that made each (pairs,
    /// triples, ...: naked or hidden, whichever is smaller).
    pub fn subsets(&self) -> &SubsetSizes {
        self.rules.subsets()
    }
}

/// The score of a search's deductions and guesses.
pub fn score(rules: &RuleStats, guesses: u64) -> u64 {
    let weighed = |&(rule, weight): &(Rule, u64)| -> u64 {
        if rule == Rule::Gac {
            let cells: u64 = rules.subsets().iter().map(|(k, n)| k as u64 * n).sum();
            weight * cells
        } else {
            weight * rules.telling(rule)
        }
    };
    WEIGHTS.iter().map(weighed).sum::<u64>() + GUESS_WEIGHT * guesses
}

impl Sudoku {
    /// Rates `puzzle`: its [`level_needed`](Sudoku::level_needed), then a
    /// count to 2 at that level (`probing` when even that leaves cells)
    /// whose deductions make the score. See the [module docs](crate::rate).
    pub fn rate(&self, puzzle: &Puzzle) -> Result<Rating, SolveError> {
        self.rate_at(puzzle, self.level_needed(puzzle)?)
    }

    /// [`rate`](Sudoku::rate) within a time limit for the whole rating:
    /// `None` if it passed first (a big grid with few clues can take
    /// minutes at `probing`).
    pub fn rate_within(
        &self,
        puzzle: &Puzzle,
        timeout: Option<Duration>,
    ) -> Result<Option<Rating>, SolveError> {
        let deadline = timeout.map(|t| Instant::now() + t);
        let Some(level) = self.level_needed_within(puzzle, timeout)? else {
            return Ok(None);
        };
        let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        if left == Some(Duration::ZERO) {
            return Ok(None);
        }
        self.rate_at_within(puzzle, level, left)
    }

    /// [`rate`](Sudoku::rate) for a puzzle whose
    /// [`level_needed`](Sudoku::level_needed) is known to be `level`.
    pub fn rate_at(&self, puzzle: &Puzzle, level: LevelNeeded) -> Result<Rating, SolveError> {
        Ok(self
            .rate_at_within(puzzle, level, None)?
            .expect("no time limit"))
    }

    fn rate_at_within(
        &self,
        puzzle: &Puzzle,
        level: LevelNeeded,
        timeout: Option<Duration>,
    ) -> Result<Option<Rating>, SolveError> {
        let search_level = match level {
            LevelNeeded::Level(l) => l.max(PropagationLevel::Singles),
            LevelNeeded::Unsolved => PropagationLevel::Probing,
        };
        let config = SearchConfig {
            variables: "EA".parse()?,
            values: "0".parse()?,
            level: search_level,
            limits: Limits {
                timeout,
                ..Limits::default()
            },
            ..SearchConfig::default()
        };
        let report = self.count_solutions(puzzle, &config, Some(2))?;
        if report.stop_reason().is_some() {
            return Ok(None);
        }
        let solutions = report.stats.solutions;
        let guesses = report.stats.guesses;
        Ok(Some(Rating {
            solutions,
            level,
            grade: (solutions == 1).then(|| Grade::of(level)).flatten(),
            score: score(&report.stats.rules, guesses),
            rules: report.stats.rules,
            guesses,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rate(line: &str) -> Rating {
        Sudoku::classic().rate(&line.parse().unwrap()).unwrap()
    }

    #[test]
    fn grades_follow_the_level_needed() {
        let easy = rate(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        assert_eq!((easy.solutions, easy.grade), (1, Some(Grade::Easy)));
        // Every empty cell filled by a single, none by search.
        let filled = easy.used(Rule::NakedSingles) + easy.used(Rule::HiddenSingles);
        assert_eq!(filled, 81 - 32);
        assert_eq!(easy.guesses, 0);
        assert_eq!(
            easy.score,
            easy.used(Rule::NakedSingles) + 2 * easy.used(Rule::HiddenSingles)
        );

        let hardest = rate(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        );
        assert_eq!(hardest.grade, Some(Grade::Extreme));
        assert!(hardest.guesses > 0);
        assert!(hardest.score > easy.score);
    }

    #[test]
    fn subsets_are_told_by_size_and_weigh_by_size() {
        // hardest11 line 11: GAC removes 16 candidates, 4 by singles it
        // reached before the engine assigned them, 2 by pairs, 10 by
        // triples.
        let r = rate(
            "....7..2.8.......6.1.2.5...9.54....8.........3....85.1...3.2.8.4.......9.7..6....",
        );
        assert_eq!(r.grade, Some(Grade::Fiendish));
        assert_eq!(
            r.subsets().iter().collect::<Vec<_>>(),
            [(1, 4), (2, 2), (3, 10)]
        );
        assert_eq!(r.subsets().largest(), 3);
        assert_eq!(r.subsets().total(), r.used(Rule::Gac));
        let others: u64 = (WEIGHTS.iter())
            .filter(|&&(rule, _)| rule != Rule::Gac)
            .map(|&(rule, w)| w * r.used(rule))
            .sum();
        assert_eq!(r.score, others + 5 * (4 + 2 * 2 + 3 * 10));
        assert_eq!(r.score, 774);
    }

    #[test]
    fn every_gac_removal_has_a_subset() {
        let sudoku = Sudoku::classic();
        let set = include_str!("../../../puzzles/hardest11.txt");
        for line in set.lines() {
            let r = sudoku.rate(&line.parse().unwrap()).unwrap();
            assert_eq!(r.subsets().total(), r.used(Rule::Gac), "{line}");
        }
    }

    #[test]
    fn a_rating_can_be_given_up() {
        let sudoku = Sudoku::new(crate::GridSize::from_side(25).unwrap(), Default::default());
        let empty = crate::Puzzle::empty(sudoku.size());
        let limit = Some(std::time::Duration::from_millis(50));
        assert_eq!(sudoku.rate_within(&empty, limit).unwrap(), None);
        let classic = Sudoku::classic();
        let easy =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let easy = easy.parse().unwrap();
        assert_eq!(
            classic.rate_within(&easy, None).unwrap(),
            Some(classic.rate(&easy).unwrap())
        );
    }

    #[test]
    fn puzzles_without_one_solution_have_no_grade() {
        let two = rate(
            "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
        );
        assert_eq!(two.solutions, 2);
        assert_eq!(two.grade, None);
    }

    #[test]
    fn every_grade_has_its_level() {
        for g in Grade::ALL {
            assert_eq!(Grade::of(g.level()), Some(g));
        }
        assert_eq!(
            Grade::of(LevelNeeded::Level(PropagationLevel::ForwardChecking)),
            None
        );
    }
}
