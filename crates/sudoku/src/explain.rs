//! A step-by-step solution in words, the way a person solves: each step
//! names its technique, the cells and digits, and why.
//!
//! The techniques are tried from the simplest, and the first that applies
//! makes the step: naked single, hidden single, what one element rules out
//! on its own (a cage's sum, a thermometer, an arrow, a dot: named as the
//! reason), locked candidates (pointing and claiming), naked and hidden
//! subsets, fish (X-Wing, Swordfish, Jellyfish) and wings (XY, XYZ) in
//! the order of Sudoku Explainer's difficulties, subsets of any size by
//! the `gac` level's matching, then a contradiction (placing a digit leads, by singles and
//! element steps, to a cell without candidates, a digit without a place or
//! an element that cannot be kept). The house techniques work on every
//! house of the rules (rows, columns, boxes, jigsaw regions, diagonals,
//! windows, extra regions) and start from the candidates the elements
//! allow (even/odd cells). Where everything is stuck, the explanation says
//! so and shows the candidates.
//!
//! ```
//! use sudoku::{Puzzle, Sudoku, Variant, explain};
//!
//! let puzzle: Puzzle = "1...........4..2".parse().unwrap();
//! let sudoku = Sudoku::new(puzzle.size(), Variant::CLASSIC);
//! let explanation = explain::explain(&sudoku, &puzzle).unwrap();
//! assert!(!explanation.steps.is_empty());
//! ```

mod aligned_exclusion;
mod als_wings;
mod bug;
mod chains;
mod contradiction;
mod difficulty;
mod direct;
mod elements;
mod explainer_rating;
mod fish;
mod forcing_chains;
mod ladder;
mod literal;
mod locked_candidates;
mod named_forms;
mod nested_rules;
mod pattern;
mod picture;
mod singles;
mod state;
mod strong_links;
mod subsets;
mod technique_names;
mod unique_loops;
mod w_wing;
mod xy_wing;
mod xyz_wing;

pub use als_wings::AlsWing;
pub use chains::Chain;
pub use difficulty::{BadDifficulty, Difficulty};
pub use explainer_rating::{ExplainerRating, rate_explainer, rate_explainer_within, rating_of};
pub use forcing_chains::{ForcingChain, ForcingKind, Shape};
pub(crate) use ladder::human_step;
pub use pattern::{Link, Pattern};
pub use picture::step_picture;
pub use state::{HouseView, State};
pub use strong_links::StrongLinks;
pub use technique_names::{TECHNIQUE_NAMES, technique_named};
pub use unique_loops::UniqueLoop;

use crate::rules::cell_name;
use crate::{Puzzle, SolveError, Sudoku};

/// How a step was found. Ordered by difficulty: the order in which the
/// explanation tries them (see [`explain`]), but what one element rules out
/// and a contradiction above every house technique.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Technique {
    /// The last empty cell of a house.
    FullHouse,
    /// A digit with one place left in a house (a box or region, or
    /// another house).
    HiddenSingle {
        /// The house is a box or region.
        in_block: bool,
    },
    /// A hidden single that appears once a pointing (locked candidates
    /// from a box) takes the digit out of the house: the single is
    /// placed, the pointing is its reason.
    DirectPointing,
    /// The same after claiming (from a line).
    DirectClaiming,
    /// A hidden single that appears once a hidden subset of K digits
    /// takes the other digits out of its cells (K = 2 or 3).
    DirectHiddenSubset(usize),
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit of a house confined to its intersection with another
    /// house, from a box or region.
    Pointing,
    /// The same, from a row, column or other house.
    Claiming,
    /// K cells of a house holding K candidates between them.
    NakedSubset(usize),
    /// K digits of a house with K places between them.
    HiddenSubset(usize),
    /// A digit's places in N rows all in N columns, or the other way
    /// round (X-Wing, Swordfish, Jellyfish).
    Fish(usize),
    /// A two-candidate cell seeing two cells that share a digit with it
    /// and a third digit between them.
    XyWing,
    /// The same with a three-candidate pivot.
    XyzWing,
    /// Strong links of a digit joined by weak ones (Skyscraper,
    /// 2-String Kite, Turbot Fish, grouped or with more links).
    StrongLinks(StrongLinks),
    /// Cells that would let two digits swap round a rectangle or a loop
    /// in a puzzle with one solution (types 1 to 4).
    Unique(UniqueLoop),
    /// An almost locked set of N cells and a bivalue cell bound to it
    /// (WXYZ- to TUVWXYZ-Wing).
    AlsWing(AlsWing),
    /// A bivalue universal grave of type 1 (BUG+1), 2 or 4: candidates
    /// beyond a pattern that would have two solutions.
    Bug(u8),
    /// The same, type 3: the extra digits one cell of a naked subset of
    /// K digits.
    BugSubset(usize),
    /// Two cells with the same two digits joined by a house where one
    /// of them has two places, one seeing each.
    WWing,
    /// Two or three cells whose ways of filling, but those that repeat a
    /// digit or empty a cell seeing them all, leave out a candidate.
    AlignedExclusion(u8),
    /// A cycle or a forcing chain of candidates.
    Chain(Chain),
    /// Forcing chains following every consequence of an assumption
    /// (Nishio, multiple, dynamic).
    ForcingChain(ForcingChain),
    /// What one element (of the kind named) rules out on its own.
    Element(&'static str),
    /// Placing a digit leads to a contradiction.
    Contradiction,
}

impl Ord for Technique {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Technique {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Technique {
    /// Where it stands in the order of difficulty: Sudoku Explainer's
    /// difficulty where it has one, the order the explanation tries them
    /// among equals; then the W-Wing, subsets and fish of more than four,
    /// an element's rule, a contradiction.
    fn rank(self) -> (u16, usize, &'static str) {
        if let Some(d) = self.difficulty() {
            let among_equals = match self {
                Technique::HiddenSubset(_) | Technique::XyWing => 1,
                Technique::Unique(pattern) => usize::from(pattern.kind),
                _ => 0,
            };
            return (d.tenths(), among_equals, "");
        }
        match self {
            Technique::WWing => (u16::MAX - 3, 0, ""),
            Technique::NakedSubset(k) | Technique::Fish(k) | Technique::HiddenSubset(k) => {
                (u16::MAX - 2, k, "")
            }
            Technique::Element(kind) => (u16::MAX - 1, 0, kind),
            _ => (u16::MAX, 0, ""),
        }
    }

    /// Its name: `naked single`, `hidden pair`, ...
    pub fn name(self) -> String {
        let subset = |k: usize| match k {
            2 => "pair".to_string(),
            3 => "triple".to_string(),
            4 => "quad".to_string(),
            k => format!("subset of {k}"),
        };
        match self {
            Technique::FullHouse => "full house".into(),
            Technique::HiddenSingle { .. } => "hidden single".into(),
            Technique::DirectPointing => "direct pointing".into(),
            Technique::DirectClaiming => "direct claiming".into(),
            Technique::DirectHiddenSubset(k) => format!("direct hidden {}", subset(k)),
            Technique::NakedSingle => "naked single".into(),
            Technique::Pointing => "pointing".into(),
            Technique::Claiming => "claiming".into(),
            Technique::NakedSubset(k) => format!("naked {}", subset(k)),
            Technique::HiddenSubset(k) => format!("hidden {}", subset(k)),
            Technique::Fish(n) => fish::name(n),
            Technique::XyWing => "XY-Wing".into(),
            Technique::XyzWing => "XYZ-Wing".into(),
            Technique::StrongLinks(links) => links.name(),
            Technique::Unique(pattern) => pattern.name(),
            Technique::Bug(1) => "BUG+1".into(),
            Technique::Bug(kind) => format!("BUG type {kind}"),
            Technique::BugSubset(k) => format!("BUG type 3 (naked {})", subset(k)),
            Technique::AlsWing(wing) => wing.name(),
            Technique::WWing => "W-Wing".into(),
            Technique::Chain(chain) => chain.name(),
            Technique::AlignedExclusion(2) => "Aligned Pair Exclusion".into(),
            Technique::AlignedExclusion(_) => "Aligned Triplet Exclusion".into(),
            Technique::ForcingChain(chain) => chain.name(),
            Technique::Element(kind) => kind.replace('-', " "),
            Technique::Contradiction => "contradiction".into(),
        }
    }
}

/// One step: what it places and removes, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// How it was found.
    pub technique: Technique,
    /// Digits placed (cell, digit from 1).
    pub placed: Vec<(usize, u8)>,
    /// Candidates removed (cell, digit), the placed digits' peers
    /// included.
    pub removed: Vec<(usize, u8)>,
    /// Why, in words.
    pub why: String,
    /// What it stands on, to be shown.
    pub pattern: Pattern,
}

impl Step {
    /// A step taking digit `d` out of `cells`, for `why`.
    pub(crate) fn removing(technique: Technique, d: u8, cells: &[usize], why: String) -> Step {
        Step {
            technique,
            placed: Vec::new(),
            removed: cells.iter().map(|&c| (c, d)).collect(),
            why,
            pattern: Pattern::default(),
        }
    }

    /// The same step, standing on `pattern`.
    pub(crate) fn on(mut self, pattern: Pattern) -> Step {
        self.pattern = pattern;
        self
    }
}

/// A whole explanation.
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The state after the last step: solved, or where the techniques are
    /// stuck.
    pub end: State,
    /// The puzzle's solutions counted up to 2, where they were counted
    /// (grids up to 9x9 of houses alone).
    pub solutions: Option<u64>,
    /// The next step, not made: harder than the most difficult allowed
    /// ([`ExplainOptions::max_difficulty`]).
    pub harder: Option<Step>,
    /// The time limit ([`ExplainOptions::timeout`]) stopped it before the
    /// end: the steps are those made in time.
    pub timed_out: bool,
}

/// How far an explanation goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExplainOptions {
    /// Stop before the first step harder than this (see
    /// [`Technique::within`]); `None` goes to the end.
    pub max_difficulty: Option<Difficulty>,
    /// Stop looking for steps after this long
    /// ([`Explanation::timed_out`]); `None`: no limit.
    pub timeout: Option<std::time::Duration>,
}

impl Explanation {
    /// Whether the steps reach the solution.
    pub fn solved(&self) -> bool {
        self.end.is_solved()
    }
}

/// The step-by-step solution of `puzzle`, to the end or to where the
/// techniques are stuck (at most `cells x side` steps).
pub fn explain(sudoku: &Sudoku, puzzle: &Puzzle) -> Result<Explanation, SolveError> {
    explain_with(sudoku, puzzle, &ExplainOptions::default())
}

/// The same, as far as `options` let it go: with a most difficult step
/// allowed, it stops before the first step harder than that, which it
/// keeps as [`Explanation::harder`]; with a time limit, it stops when
/// the limit passes ([`Explanation::timed_out`]).
pub fn explain_with(
    sudoku: &Sudoku,
    puzzle: &Puzzle,
    options: &ExplainOptions,
) -> Result<Explanation, SolveError> {
    explain_watched(sudoku, puzzle, options, &mut |_| {})
}

/// [`explain_with`], telling `watch` of each step made, as it is made
/// (a status line of a long explanation).
pub fn explain_watched(
    sudoku: &Sudoku,
    puzzle: &Puzzle,
    options: &ExplainOptions,
    watch: &mut dyn FnMut(&Step),
) -> Result<Explanation, SolveError> {
    let mut walk = Walk::new(sudoku, puzzle)?;
    walk.set_timeout(options.timeout);
    let mut steps = Vec::new();
    let mut harder = None;
    let mut timed_out = false;
    loop {
        let next = walk.find_next();
        // A step found as the time ran out may be no simplest one (a
        // technique that gave up left it to a harder one): not made.
        if walk.out_of_time() {
            timed_out = !walk.state.is_solved();
            break;
        }
        let Some(step) = next else { break };
        if options
            .max_difficulty
            .is_some_and(|max| !step.technique.within(max))
        {
            harder = Some(step);
            break;
        }
        walk.make(&step);
        watch(&step);
        steps.push(step);
    }
    Ok(Explanation {
        steps,
        solutions: walk.solutions,
        end: walk.state,
        harder,
        timed_out,
    })
}

/// A puzzle being solved step by step.
pub(crate) struct Walk<'a> {
    state: State,
    elements: elements::Elements<'a>,
    /// Uniqueness techniques apply.
    unique: bool,
    /// The solutions counted up to 2, where the bitboard solver counts
    /// them.
    solutions: Option<u64>,
    /// Steps made, and the most there can be.
    made: usize,
    limit: usize,
    /// Chains get the names people give them (see `named_forms`): for
    /// explanations, not for ratings, which only need the technique.
    name_forms: bool,
}

impl<'a> Walk<'a> {
    /// At the givens of `puzzle`.
    pub(crate) fn new(sudoku: &'a Sudoku, puzzle: &Puzzle) -> Result<Walk<'a>, SolveError> {
        sudoku.check_givens(puzzle)?;
        let state = State::new(sudoku, puzzle);
        // Uniqueness techniques need a puzzle of houses alone (what the
        // bitboard solver takes) with one solution; on grids up to 9x9,
        // where that count is quick whatever the puzzle.
        let solutions = (state.side() <= 9)
            .then(|| crate::bitboard::Bitboard::new(sudoku).ok())
            .flatten()
            .and_then(|mut solver| solver.count(puzzle, 2).ok())
            .map(|counted| counted.solutions);
        let unique = solutions == Some(1);
        let limit = state.side() * state.cells();
        Ok(Walk {
            state,
            elements: elements::Elements::new(sudoku),
            unique,
            solutions,
            made: 0,
            limit,
            name_forms: true,
        })
    }

    /// Gives the techniques `timeout` from now (`None`: no limit); past
    /// it they find nothing more ([`State::out_of_time`]).
    pub(crate) fn set_timeout(&mut self, timeout: Option<std::time::Duration>) {
        let deadline = timeout.map(|t| std::time::Instant::now() + t);
        self.state.set_deadline(deadline);
    }

    /// Whether the time given by [`Walk::set_timeout`] has run out.
    pub(crate) fn out_of_time(&self) -> bool {
        self.state.out_of_time()
    }

    /// The same, without naming the forms of chains.
    pub(crate) fn unnamed(mut self) -> Walk<'a> {
        self.name_forms = false;
        self
    }

    /// The next step, made; `None` when solved, broken or stuck.
    pub(crate) fn next_step(&mut self) -> Option<Step> {
        let step = self.find_next()?;
        self.make(&step);
        Some(step)
    }

    /// The next step, not made yet; `None` when solved, broken or stuck.
    pub(crate) fn find_next(&self) -> Option<Step> {
        let state = &self.state;
        if state.is_solved() || state.is_broken() || self.made >= self.limit {
            return None;
        }
        let mut step = next_step(state, &self.elements, self.unique)?;
        if self.name_forms {
            named_forms::name(state, &mut step);
        }
        Some(step)
    }

    /// Makes `step`.
    pub(crate) fn make(&mut self, step: &Step) {
        self.state.apply(step);
        self.made += 1;
    }

    /// Whether the puzzle has rules beyond houses.
    pub(crate) fn has_elements(&self) -> bool {
        !self.elements.is_empty()
    }

    /// The solutions counted up to 2 by the bitboard solver (grids up to
    /// 9x9 of houses alone).
    pub(crate) fn solutions(&self) -> Option<u64> {
        self.solutions
    }

    /// Where it is.
    pub(crate) fn state(&self) -> &State {
        &self.state
    }
}

/// The first technique that applies, simplest first: the ladder's
/// ([`ladder::LADDER`]), its uniqueness rungs where the puzzle has one
/// solution.
fn next_step(state: &State, elements: &elements::Elements<'_>, unique: bool) -> Option<Step> {
    let look = ladder::Look {
        state,
        elements: Some(elements),
    };
    ladder::first_step(&look, unique)
}

/// Dynamic forcing chains "plus" (9.0), then nesting forcing chains
/// (9.5), multiple (10.0) and dynamic ones (10.5, nesting plain, plus and
/// nesting chains in turn), as Sudoku Explainer rates: tried on grids up
/// to 9x9 with houses alone and one solution, as unique rectangles are
/// (on larger grids, or with more solutions, where they may never find
/// anything, a nested search takes too long to wait for; where elements
/// reason, a contradiction through them says more).
fn nested_chains(state: &State) -> Option<Step> {
    [(1, 0), (2, 0), (3, 0), (4, 0), (4, 1), (4, 2)]
        .into_iter()
        .find_map(|(level, nesting)| {
            forcing_chains::find(state, ForcingKind::Plus { level, nesting })
        })
}

/// `r1c2, r1c5`.
pub(crate) fn cells_text(cells: &[usize], side: usize) -> String {
    let names: Vec<String> = cells.iter().map(|&c| cell_name(c, side)).collect();
    names.join(", ")
}

/// The cells of removals, once each, in order.
pub(crate) fn removed_cells(removed: &[(usize, u8)]) -> Vec<usize> {
    let mut cells: Vec<usize> = removed.iter().map(|&(c, _)| c).collect();
    cells.dedup();
    cells
}

/// `remove 8, 9 from r1c1; 9 from r1c2, r1c3` (cells losing the same
/// digits told together, in reading order of their first cell).
pub(crate) fn removals_text(removed: &[(usize, u8)], side: usize) -> String {
    let mut groups: Vec<(Vec<u8>, Vec<usize>)> = Vec::new();
    for cell in removed_cells(removed) {
        let digits: Vec<u8> = (removed.iter())
            .filter(|&&(c, _)| c == cell)
            .map(|&(_, d)| d)
            .collect();
        match groups.iter_mut().find(|(ds, _)| *ds == digits) {
            Some((_, cs)) => cs.push(cell),
            None => groups.push((digits, vec![cell])),
        }
    }
    let parts: Vec<String> = (groups.iter())
        .map(|(digits, cells)| format!("{} from {}", digits_text(digits), cells_text(cells, side)))
        .collect();
    format!("remove {}", parts.join("; "))
}

/// `2 or 7`, `1, 2 or 7`.
pub(crate) fn or_text(digits: &[u8]) -> String {
    match digits.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", digits_text(rest)),
        _ => digits_text(digits),
    }
}

/// `2, 7`.
pub(crate) fn digits_text(digits: &[u8]) -> String {
    let names: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    names.join(", ")
}
