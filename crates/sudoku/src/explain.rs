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

mod bug;
mod contradiction;
mod elements;
mod fish;
mod locked_candidates;
mod singles;
mod state;
mod subsets;
mod turbot_fish;
mod unique_rectangle;
mod w_wing;
mod wxyz_wing;
mod xy_wing;
mod xyz_wing;

pub use state::State;

use crate::rules::cell_name;
use crate::{Puzzle, SolveError, Sudoku};

/// How a step was found. Ordered by difficulty: the order in which the
/// explanation tries them (see [`explain`]), but what one element rules out
/// and a contradiction above every house technique.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Technique {
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit with one place left in a house.
    HiddenSingle,
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
    /// Two strong links of a digit in two rows (or columns) joined in a
    /// column (row).
    Skyscraper,
    /// Two strong links in a row and a column joined in a box.
    TwoStringKite,
    /// Two strong links joined by a weak one, another shape.
    TurbotFish,
    /// Four cells that would let two digits swap in a puzzle with one
    /// solution (type 1, 2 or 4).
    UniqueRectangle(u8),
    /// The same, type 3: its extra digits one cell of a naked subset of K
    /// digits.
    UniqueRectangleSubset(usize),
    /// Four cells seeing a pivot among them, four digits between them,
    /// one of which not confined to one of the cells.
    WxyzWing,
    /// Every open cell with two candidates but one with three: that one
    /// takes the digit its houses have three places for (BUG+1).
    Bug,
    /// Two cells with the same two digits joined by a house where one
    /// of them has two places, one seeing each.
    WWing,
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
    /// Where it stands in the order of difficulty (see the type), with
    /// a unique rectangle's type and an element's kind to order those
    /// among themselves.
    fn rank(self) -> (usize, usize, &'static str) {
        // Subsets and fish of K: naked, fish, hidden (as Sudoku
        // Explainer's difficulties order them), the Turbot shapes, wings
        // and unique rectangles between K = 3 and K = 4.
        let of_size = |k: usize, kind: usize| (10 * k + kind, 0, "");
        match self {
            Technique::NakedSingle => (0, 0, ""),
            Technique::HiddenSingle => (1, 0, ""),
            Technique::Pointing => (2, 0, ""),
            Technique::Claiming => (3, 0, ""),
            Technique::NakedSubset(k) => of_size(k, 0),
            Technique::Fish(k) => of_size(k, 1),
            Technique::HiddenSubset(k) => of_size(k, 2),
            Technique::Skyscraper => of_size(3, 3),
            Technique::TwoStringKite => of_size(3, 4),
            Technique::XyWing => of_size(3, 5),
            Technique::TurbotFish => of_size(3, 6),
            Technique::XyzWing => of_size(3, 7),
            Technique::UniqueRectangle(kind) => (of_size(3, 8).0, usize::from(kind), ""),
            Technique::UniqueRectangleSubset(k) => (of_size(3, 9).0, k, ""),
            Technique::WxyzWing => of_size(4, 3),
            Technique::Bug => of_size(4, 4),
            Technique::WWing => of_size(4, 5),
            Technique::Element(kind) => (usize::MAX - 1, 0, kind),
            Technique::Contradiction => (usize::MAX, 0, ""),
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
            Technique::NakedSingle => "naked single".into(),
            Technique::HiddenSingle => "hidden single".into(),
            Technique::Pointing => "pointing".into(),
            Technique::Claiming => "claiming".into(),
            Technique::NakedSubset(k) => format!("naked {}", subset(k)),
            Technique::HiddenSubset(k) => format!("hidden {}", subset(k)),
            Technique::Fish(n) => fish::name(n),
            Technique::XyWing => "XY-Wing".into(),
            Technique::XyzWing => "XYZ-Wing".into(),
            Technique::Skyscraper => "Skyscraper".into(),
            Technique::TwoStringKite => "2-String Kite".into(),
            Technique::TurbotFish => "Turbot Fish".into(),
            Technique::UniqueRectangle(kind) => format!("unique rectangle type {kind}"),
            Technique::Bug => "BUG+1".into(),
            Technique::WxyzWing => "WXYZ-Wing".into(),
            Technique::WWing => "W-Wing".into(),
            Technique::UniqueRectangleSubset(k) => {
                format!("unique rectangle type 3 (naked {})", subset(k))
            }
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
}

impl Step {
    /// A step taking digit `d` out of `cells`, for `why`.
    pub(crate) fn removing(technique: Technique, d: u8, cells: &[usize], why: String) -> Step {
        Step {
            technique,
            placed: Vec::new(),
            removed: cells.iter().map(|&c| (c, d)).collect(),
            why,
        }
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
    sudoku.check_givens(puzzle)?;
    let mut state = State::new(sudoku, puzzle);
    let elements = elements::Elements::new(sudoku);
    // Uniqueness techniques need a puzzle of houses alone (what the
    // bitboard solver takes) with one solution; on grids up to 9x9, where
    // that count is quick whatever the puzzle.
    let unique = (state.side() <= 9)
        .then(|| crate::bitboard::Bitboard::new(sudoku).ok())
        .flatten()
        .and_then(|mut solver| solver.count(puzzle, 2).ok())
        .is_some_and(|counted| counted.solutions == 1);
    let mut steps = Vec::new();
    let limit = state.side() * state.cells();
    while !state.is_solved() && !state.is_broken() && steps.len() < limit {
        let Some(step) = next_step(&state, &elements, unique) else {
            break;
        };
        state.apply(&step);
        steps.push(step);
    }
    Ok(Explanation { steps, end: state })
}

/// The first technique that applies, simplest first: after locked
/// candidates, in the order of Sudoku Explainer's difficulties (naked
/// pair 3.0, X-Wing 3.2, hidden pair 3.4, naked triple 3.6, Swordfish
/// 3.8, hidden triple 4.0, Skyscraper 4.0, 2-String Kite 4.1, XY-Wing
/// 4.2, Turbot Fish 4.2, XYZ-Wing 4.4, unique rectangles 4.5-4.8 where
/// the puzzle has one solution and houses alone, naked quad 5.0,
/// Jellyfish 5.2, hidden quad 5.4, WXYZ-Wing 5.5, BUG+1 5.6 where
/// unique rectangles are, then the W-Wing, a chain there).
fn next_step(state: &State, elements: &elements::Elements<'_>, unique: bool) -> Option<Step> {
    singles::naked(state)
        .or_else(|| singles::hidden(state))
        .or_else(|| elements.find(state))
        .or_else(|| locked_candidates::find(state))
        .or_else(|| subsets::naked(state, 2))
        .or_else(|| fish::find(state, 2))
        .or_else(|| subsets::hidden(state, 2))
        .or_else(|| subsets::naked(state, 3))
        .or_else(|| fish::find(state, 3))
        .or_else(|| subsets::hidden(state, 3))
        .or_else(|| turbot_fish::find(state, Technique::Skyscraper))
        .or_else(|| turbot_fish::find(state, Technique::TwoStringKite))
        .or_else(|| xy_wing::find(state))
        .or_else(|| turbot_fish::find(state, Technique::TurbotFish))
        .or_else(|| xyz_wing::find(state))
        .or_else(|| {
            // Types 1, 2 and 4, then 3 with one, two and three other
            // cells.
            let kinds = [(1, 0), (2, 0), (4, 0), (3, 1), (3, 2), (3, 3)];
            let kinds = if unique { kinds.as_slice() } else { &[] };
            (kinds.iter()).find_map(|&(k, others)| unique_rectangle::find(state, k, others))
        })
        .or_else(|| subsets::naked(state, 4))
        .or_else(|| fish::find(state, 4))
        .or_else(|| subsets::hidden(state, 4))
        .or_else(|| wxyz_wing::find(state))
        .or_else(|| unique.then(|| bug::find(state)).flatten())
        .or_else(|| w_wing::find(state))
        .or_else(|| subsets::any_size(state))
        .or_else(|| contradiction::find(state, elements))
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
