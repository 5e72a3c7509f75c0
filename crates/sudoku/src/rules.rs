//! The rules of a puzzle beyond rows and columns: its regions (boxes, or
//! jigsaw regions) and its *elements* (diagonals, windows, cages,
//! thermometers, arrows, dots, parity cells, anti-knight, ...).
//!
//! Each element type lives in one file of this module and implements
//! [`Element`]: it reads itself from an f-puzzles document, posts its
//! constraints on the model through a [`GridBuilder`], checks a solved grid
//! on its own, and describes itself. The [`registry`] maps names (and
//! f-puzzles keys) to element types; adding a rule is one new file and one
//! registry line (see docs/guide/variants.md, "How to add a variant rule").

mod anti_king;
mod anti_knight;
mod arrow;
mod between_line;
mod cells;
mod chess_move;
mod clone;
mod diagonal;
pub(crate) mod digital_root_cage;
mod disjoint_groups;
mod document;
mod double_arrow;
mod entropic_line;
mod error;
mod extra_region;
mod extreme_cell;
mod given_candidates;
mod indexer;
mod killer_cage;
mod kropki;
mod line;
mod little_killer;
mod lockout_line;
mod modular_line;
mod moves_apart;
mod nabner_line;
mod nonconsecutive;
mod outside;
mod palindrome;
mod parity;
mod quadruple;
mod regex_rule;
mod region_sum_line;
pub mod registry;
mod renban;
mod sandwich_sum;
mod skyscraper;
mod slow_thermometer;
mod sum_dot;
mod thermometer;
mod user_rule;
mod whispers;
mod windoku;
mod x_sum;
mod xv;
mod zipper_line;

use std::fmt;

use csp_core::{BinaryRelation, ModelBuilder, PropagationLevel, Propagator, ValueSet, VarId};

pub use cells::{cell_name, parse_cell};
pub use chess_move::ChessMove;
pub use document::{Entry, FpuzzlesDocument, FpuzzlesWriter};
pub use error::RulesError;
pub use killer_cage::KillerCage;
pub use registry::{ElementKind, REGISTRY};
pub use user_rule::{BadRule, UserRule};

use crate::GridSize;
use crate::house::{House, HouseKind, post_house};

/// The most ways to fill a line an outside clue's reinforcement lists
/// ([`GridBuilder::line_automaton`]); past it the clue keeps its automaton
/// alone (a 16x16 sandwich of 60 has some 10^5).
pub const MAX_LINE_PATTERNS: usize = 20_000;

/// The longest line whose ways to fill are listed (they are found among
/// the subsets of its digits).
pub const MAX_LINE_CELLS: usize = 12;

/// A pair of orthogonally adjacent cells that carries a mark (a kropki dot,
/// an X or a V). Negative rules ("all dots are given") apply to the pairs
/// without one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Mark {
    /// The two cells (reading-order indices), smaller first.
    pub cells: [usize; 2],
    /// Which family of marks: `kropki` or `xv`.
    pub family: &'static str,
}

impl Mark {
    /// A mark of `family` between `a` and `b`.
    pub fn new(a: usize, b: usize, family: &'static str) -> Mark {
        Mark {
            cells: [a.min(b), a.max(b)],
            family,
        }
    }
}

/// A solved grid as elements check it.
pub struct Solved<'a> {
    /// The grid's size.
    pub size: GridSize,
    /// Digits `1..=side`, reading order.
    pub digits: &'a [u8],
    /// The marks of every element of the puzzle.
    pub marks: &'a [Mark],
    /// The region (box or jigsaw region) of each cell, `None` for a cell
    /// in none.
    pub regions: &'a [Option<usize>],
}

/// One rule element of a puzzle. See the [module docs](self).
pub trait Element: fmt::Debug + Send + Sync {
    /// Its name in the [`registry`] (`killer-cage`, `thermometer`, ...).
    fn kind(&self) -> &'static str;

    /// Adds its constraints to the model.
    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError>;

    /// Whether a solved grid keeps the rule; checked on its own, not
    /// through the model.
    fn check(&self, grid: &Solved<'_>) -> bool;

    /// One line for people: `killer cage 23 at r1c1 r1c2 r2c1`.
    fn describe(&self) -> String;

    /// Draws itself on a picture of the board (see [`crate::render`]); by
    /// default, a caption line with its description (rules with nothing to
    /// draw: anti-knight, the negative rules, ...).
    fn draw(&self, drawing: &mut crate::render::Drawing) {
        drawing.caption(self.describe());
    }

    /// Writes itself into an f-puzzles document, so that reading the
    /// document gives it back.
    fn write(&self, out: &mut FpuzzlesWriter);

    /// The pairs of cells it marks (for negative rules).
    fn marks(&self) -> Vec<Mark> {
        Vec::new()
    }
}

/// What a puzzle file says about itself beside its rules: shown to people,
/// never read by the solver (except `solution`, compared with the answer).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct About {
    /// Its title.
    pub title: Option<String>,
    /// Its author.
    pub author: Option<String>,
    /// Its rules in words, as the setter wrote them (f-puzzles `ruleset`).
    pub rules_text: Option<String>,
    /// The solution the file records.
    pub solution: Option<crate::Puzzle>,
}

impl About {
    /// Whether the file says nothing about itself.
    pub fn is_empty(&self) -> bool {
        *self == About::default()
    }
}

/// The rules of a puzzle: its regions and its elements.
#[derive(Debug, Default)]
pub struct Rules {
    /// The region of each cell (reading order, regions from 0), replacing
    /// the boxes; `None`: the grid's boxes.
    pub regions: Option<Vec<usize>>,
    /// The elements, in the order they were read.
    pub elements: Vec<Box<dyn Element>>,
    /// What the puzzle's file says about itself (title, author, ...).
    pub about: About,
}

impl Rules {
    /// Classic rules: boxes, no element.
    pub fn classic() -> Rules {
        Rules::default()
    }

    /// The names of the rules in force, for output: `jigsaw`, then each
    /// element kind once, in order (`classic` when there is nothing).
    pub fn names(&self) -> Vec<&'static str> {
        let mut names = Vec::new();
        if self.regions.is_some() {
            names.push("jigsaw");
        }
        for e in &self.elements {
            if !names.contains(&e.kind()) {
                names.push(e.kind());
            }
        }
        if names.is_empty() {
            names.push("classic");
        }
        names
    }

    /// The rules in force in one line for people: `jigsaw`, then each
    /// element kind once, in order, with how many there are when more than
    /// one (`jigsaw, killer-cage x12, thermometer x3, anti-knight`);
    /// `classic` when there is nothing.
    pub fn summary(&self) -> String {
        self.names()
            .into_iter()
            .map(|name| {
                let count = self.elements.iter().filter(|e| e.kind() == name).count();
                if count > 1 {
                    format!("{name} x{count}")
                } else {
                    name.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Whether these are the classic rules: boxes and no element (what the
    /// file says about itself aside).
    pub fn is_classic(&self) -> bool {
        self.regions.is_none() && self.elements.is_empty()
    }

    /// Checks the regions: one per cell, each region `side` cells.
    pub(crate) fn check_regions(&self, size: GridSize) -> Result<(), RulesError> {
        let Some(regions) = &self.regions else {
            return Ok(());
        };
        let n = size.side();
        if regions.len() != size.cells() {
            return Err(RulesError::Regions(format!(
                "{} cells have a region, the grid has {}",
                regions.len(),
                size.cells()
            )));
        }
        let mut count = vec![0usize; n];
        for (i, &r) in regions.iter().enumerate() {
            if r >= n {
                return Err(RulesError::Regions(format!(
                    "{} is in region {}, but a {n}x{n} grid has regions 1 to {n}",
                    cell_name(i, n),
                    r + 1
                )));
            }
            count[r] += 1;
        }
        if let Some((r, &c)) = count.iter().enumerate().find(|&(_, &c)| c != n) {
            return Err(RulesError::Regions(format!(
                "region {} has {c} cells, every region needs {n} (regions overlap or leave cells out)",
                r + 1
            )));
        }
        Ok(())
    }
}

/// What an element may do to the model: name cells, add houses and
/// propagators, narrow initial domains. Cells are reading-order indices;
/// digits are `1..=side` (value `d - 1` in the model).
pub struct GridBuilder<'a> {
    pub(crate) size: GridSize,
    pub(crate) builder: &'a mut ModelBuilder,
    pub(crate) houses: &'a mut Vec<House>,
    pub(crate) marks: &'a [Mark],
    /// Where the element being posted is, for errors.
    pub(crate) element: String,
}

impl GridBuilder<'_> {
    /// The grid's size.
    pub fn size(&self) -> GridSize {
        self.size
    }

    /// The grid's side (digits `1..=side`).
    pub fn side(&self) -> usize {
        self.size.side()
    }

    /// The variable of cell `cell`.
    pub fn var(&self, cell: usize) -> VarId {
        VarId(cell as u32)
    }

    /// The variables of `cells`.
    pub fn vars(&self, cells: &[usize]) -> Vec<VarId> {
        cells.iter().map(|&c| self.var(c)).collect()
    }

    /// A house: `cells` hold distinct digits (all of them, if there are
    /// `side` cells), named for messages.
    pub fn house(&mut self, kind: HouseKind, cells: Vec<usize>) -> Result<(), RulesError> {
        let vars = self.vars(&cells);
        // A house is named as a house, whichever element adds it.
        post_house(self.builder, self.houses.len(), &vars).map_err(|e| self.model_error(e))?;
        let index = self.houses.iter().filter(|h| h.kind == kind).count();
        self.houses.push(House { kind, index, cells });
        Ok(())
    }

    /// Adds a propagator.
    pub fn add(&mut self, p: impl Propagator + 'static) -> Result<(), RulesError> {
        self.builder
            .add_propagator(p)
            .map_err(|e| self.model_error(e))
    }

    /// Keeps only `digits` as candidates of `cell`, from the start.
    pub fn restrict(&mut self, cell: usize, digits: impl IntoIterator<Item = u8>) {
        let values: ValueSet = digits.into_iter().map(|d| u32::from(d) - 1).collect();
        self.builder
            .restrict(self.var(cell), values)
            .expect("cells of the grid exist");
    }

    /// The digits of cells `a` and `b` must satisfy `allowed(digit_a,
    /// digit_b)`.
    pub fn relate(
        &mut self,
        a: usize,
        b: usize,
        allowed: impl Fn(u8, u8) -> bool,
    ) -> Result<(), RulesError> {
        let n = self.side() as u32;
        let relation = BinaryRelation::new(self.var(a), self.var(b), n, |x, y| {
            allowed(x as u8 + 1, y as u8 + 1)
        });
        self.add(relation)
    }

    /// The digits of `cells`, read in order, are a word that the automaton
    /// `(start, step, accept)` accepts: `step(position, state, digit)` is
    /// the state after reading `digit` (from 1) at `position` of `cells`,
    /// `None` where no accepted word goes on. Posted as a
    /// [`Regular`](csp_core::Regular) constraint: checked against the
    /// filled cells alone at `none`/`fc`, domain consistent from `singles`
    /// up.
    pub fn automaton<S: Clone + Eq + std::hash::Hash>(
        &mut self,
        cells: &[usize],
        start: S,
        step: impl Fn(usize, &S, u8) -> Option<S>,
        accept: impl Fn(&S) -> bool,
    ) -> Result<(), RulesError> {
        let regular = self.automaton_propagator(cells, start, step, accept)?;
        self.add(regular)
    }

    /// Adds `automaton`, the automaton of an outside clue over the line
    /// `cells`; where the line is a whole house (its cells hold every
    /// digit once), reinforced from `gac` up by the line's
    /// [`PartitionedLine`](csp_core::PartitionedLine) of `patterns(side)`
    /// (see [`Reinforced`](csp_core::Reinforced)), on grids up to
    /// [`MAX_LINE_CELLS`] and unless they number more than
    /// [`MAX_LINE_PATTERNS`].
    pub fn line_automaton(
        &mut self,
        automaton: csp_core::Regular,
        cells: &[usize],
        patterns: impl FnOnce(usize) -> Vec<csp_core::LinePattern>,
    ) -> Result<(), RulesError> {
        let n = self.side();
        let whole_house = cells.len() == n
            && n <= MAX_LINE_CELLS
            && (self.houses.iter())
                .any(|h| h.cells.len() == n && cells.iter().all(|c| h.cells.contains(c)));
        if !whole_house {
            return self.add(automaton);
        }
        let patterns = patterns(n);
        if patterns.len() > MAX_LINE_PATTERNS {
            return self.add(automaton);
        }
        let line = csp_core::PartitionedLine::new(self.vars(cells), patterns);
        self.add(csp_core::Reinforced::new(
            automaton,
            line,
            PropagationLevel::Gac,
        ))
    }

    /// The propagator [`automaton`](Self::automaton) adds, not added (to
    /// be reinforced, say).
    pub fn automaton_propagator<S: Clone + Eq + std::hash::Hash>(
        &mut self,
        cells: &[usize],
        start: S,
        step: impl Fn(usize, &S, u8) -> Option<S>,
        accept: impl Fn(&S) -> bool,
    ) -> Result<csp_core::Regular, RulesError> {
        let n = self.side() as u32;
        let regular = csp_core::Regular::new(
            self.vars(cells),
            n,
            start,
            |i, s, x| step(i, s, x as u8 + 1),
            accept,
        )
        .map_err(|e| RulesError::Invalid {
            element: self.element.clone(),
            what: e.to_string(),
        })?;
        if !regular.is_satisfiable() {
            return Err(RulesError::Invalid {
                element: self.element.clone(),
                what: "no digits of the grid can keep this rule".into(),
            });
        }
        Ok(regular)
    }

    /// The digits of `cells` (a few cells: every combination of digits is
    /// listed) form one of the tuples `allowed` accepts. Posted as a
    /// [`Table`](csp_core::Table) constraint: checked against the filled
    /// cells alone at `none`/`fc`, generalized arc consistent from
    /// `singles` up.
    pub fn table(
        &mut self,
        cells: &[usize],
        allowed: impl Fn(&[u8]) -> bool,
    ) -> Result<(), RulesError> {
        let n = self.side() as u32;
        let invalid = |what: String| RulesError::Invalid {
            element: self.element.clone(),
            what,
        };
        let total = (n as usize).checked_pow(cells.len() as u32);
        if total.is_none_or(|t| t > 1 << 20) {
            return Err(invalid(format!(
                "{} cells are too many to list the digits they may hold",
                cells.len()
            )));
        }
        let mut tuples = Vec::new();
        let mut digits = vec![1u8; cells.len()];
        'all: loop {
            if allowed(&digits) {
                tuples.push(digits.iter().map(|&d| u32::from(d) - 1).collect());
            }
            for d in digits.iter_mut().rev() {
                if u32::from(*d) < n {
                    *d += 1;
                    continue 'all;
                }
                *d = 1;
            }
            break;
        }
        let table =
            csp_core::Table::new(self.vars(cells), tuples).map_err(|e| invalid(e.to_string()))?;
        self.add(table)
    }

    /// The cell at position `i` of `cells` (positions from 1) holds `digit`
    /// when cell `index` holds `i`: an [`Element`](csp_core::Element)
    /// constraint, the filled cells at `none`/`fc`, domain consistent on
    /// the index from `singles` up.
    pub fn element(&mut self, index: usize, cells: &[usize], digit: u8) -> Result<(), RulesError> {
        let element = csp_core::Element::equal_to_value(
            self.var(index),
            self.vars(cells),
            u32::from(digit) - 1,
        );
        self.add(element)
    }

    /// `cells` (indices into it) in groups whose cells pairwise share a
    /// house posted so far (rows, columns and regions come first), so they
    /// hold distinct digits: each cell joins the first group it fits, in
    /// order, else starts one.
    pub fn distinct_groups(&self, cells: &[usize]) -> Vec<Vec<usize>> {
        let share = |a: usize, b: usize| {
            (self.houses.iter()).any(|h| h.cells.contains(&a) && h.cells.contains(&b))
        };
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (i, &c) in cells.iter().enumerate() {
            match (groups.iter_mut()).find(|g| g.iter().all(|&j| share(cells[j], c))) {
                Some(g) => g.push(i),
                None => groups.push(vec![i]),
            }
        }
        groups
    }

    /// The region (box or jigsaw region) of each cell, numbered from 0 in
    /// the order they were posted; `None` for a cell in no region.
    pub fn regions(&self) -> Vec<Option<usize>> {
        let mut out = vec![None; self.size.cells()];
        let regions =
            (self.houses.iter()).filter(|h| matches!(h.kind, HouseKind::Box | HouseKind::Region));
        for (k, h) in regions.enumerate() {
            for &c in &h.cells {
                out[c] = Some(k);
            }
        }
        out
    }

    /// Whether the pair `a`, `b` carries a mark of `family`.
    pub fn is_marked(&self, a: usize, b: usize, family: &str) -> bool {
        is_marked(self.marks, a, b, family)
    }

    /// The digits at each pair of `pairs` differ.
    pub fn differ(&mut self, pairs: &[[usize; 2]]) -> Result<(), RulesError> {
        for &[a, b] in pairs {
            self.relate(a, b, |x, y| x != y)?;
        }
        Ok(())
    }

    /// A negative rule ("all marks are given"): every orthogonal pair that
    /// carries no mark of `family` must not be `forbidden`.
    pub fn forbid_unmarked(
        &mut self,
        family: &str,
        forbidden: impl Fn(u8, u8) -> bool,
    ) -> Result<(), RulesError> {
        for [a, b] in self.orthogonal_pairs() {
            if !self.is_marked(a, b, family) {
                self.relate(a, b, |x, y| !forbidden(x, y))?;
            }
        }
        Ok(())
    }

    /// Every pair of orthogonally adjacent cells, each once (right, then
    /// down neighbours, in reading order).
    pub fn orthogonal_pairs(&self) -> Vec<[usize; 2]> {
        offset_pairs(self.size, &[(0, 1), (1, 0)])
    }

    fn model_error(&self, e: csp_core::ModelError) -> RulesError {
        RulesError::Invalid {
            element: self.element.clone(),
            what: e.to_string(),
        }
    }
}

/// Every pair of cells `(r, c)`, `(r + dr, c + dc)` inside the grid for the
/// given offsets, in reading order of the first cell.
pub(crate) fn offset_pairs(size: GridSize, offsets: &[(isize, isize)]) -> Vec<[usize; 2]> {
    let n = size.side() as isize;
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            for &(dr, dc) in offsets {
                let (r2, c2) = (r + dr, c + dc);
                if (0..n).contains(&r2) && (0..n).contains(&c2) {
                    out.push([(r * n + c) as usize, (r2 * n + c2) as usize]);
                }
            }
        }
    }
    out
}

/// Whether the digits are pairwise different.
pub(crate) fn all_distinct(digits: impl Iterator<Item = u8>) -> bool {
    let mut seen = 0u64;
    digits.into_iter().all(|d| {
        let fresh = seen & (1 << d) == 0;
        seen |= 1 << d;
        fresh
    })
}

/// An error unless `cells` are pairwise different.
pub(crate) fn distinct_cells(name: &str, cells: &[usize]) -> Result<(), RulesError> {
    for (i, c) in cells.iter().enumerate() {
        if cells[..i].contains(c) {
            return Err(RulesError::Invalid {
                element: name.to_string(),
                what: format!("names a cell twice (cell {})", i + 1),
            });
        }
    }
    Ok(())
}

/// The two cells of a mark, which must be orthogonal neighbours.
pub(crate) fn neighbours(
    name: &str,
    cells: &[usize],
    side: usize,
) -> Result<[usize; 2], RulesError> {
    let invalid = |what: String| RulesError::Invalid {
        element: name.to_string(),
        what,
    };
    let &[a, b] = cells else {
        return Err(invalid(format!("needs two cells, has {}", cells.len())));
    };
    let (ra, ca, rb, cb) = (a / side, a % side, b / side, b % side);
    if ra.abs_diff(rb) + ca.abs_diff(cb) != 1 {
        return Err(invalid(format!(
            "{} and {} are not orthogonal neighbours",
            cell_name(a, side),
            cell_name(b, side)
        )));
    }
    Ok([a, b])
}

/// Whether the pair `a`, `b` carries a mark of `family` among `marks`.
fn is_marked(marks: &[Mark], a: usize, b: usize, family: &str) -> bool {
    let cells = Mark::new(a, b, "").cells;
    (marks.iter()).any(|m| m.cells == cells && m.family == family)
}

/// Whether a negative rule holds on a solved grid: no orthogonal pair
/// without a mark of `family` is `forbidden`.
pub(crate) fn check_unmarked(
    grid: &Solved<'_>,
    family: &str,
    forbidden: impl Fn(u8, u8) -> bool,
) -> bool {
    (offset_pairs(grid.size, &[(0, 1), (1, 0)]).into_iter()).all(|[a, b]| {
        is_marked(grid.marks, a, b, family) || !forbidden(grid.digits[a], grid.digits[b])
    })
}

/// Whether the digits at every pair of `pairs` differ.
pub(crate) fn pairs_differ(pairs: &[[usize; 2]], digits: &[u8]) -> bool {
    pairs.iter().all(|&[a, b]| digits[a] != digits[b])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orthogonal_and_knight_pairs() {
        let size = GridSize::from_side(4).unwrap();
        // 4x4: 12 horizontal and 12 vertical pairs.
        assert_eq!(offset_pairs(size, &[(0, 1), (1, 0)]).len(), 24);
        let knight = offset_pairs(size, &[(1, 2), (2, 1), (1, -2), (2, -1)]);
        assert!(knight.contains(&[0, 6]) && knight.contains(&[0, 9]));
        assert!(knight.contains(&[3, 5]));
        assert_eq!(knight.len(), 24);
    }
}
