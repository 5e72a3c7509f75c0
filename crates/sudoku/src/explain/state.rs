//! What a person solving has in front of them: the digits placed and every
//! empty cell's candidates, with the houses that constrain them.

use super::Step;
use crate::rules::cell_name;
use crate::{CandidateGrid, Puzzle, Sudoku};

/// The grid as the explanation goes: digits and candidates.
#[derive(Clone, Debug)]
pub struct State {
    side: usize,
    size: crate::GridSize,
    /// Irregular regions to draw, if any.
    regions: Option<Vec<usize>>,
    /// Digits from 1, 0 for empty.
    digits: Vec<u8>,
    /// Candidates of each cell (bit `d - 1`); empty for placed cells.
    candidates: Vec<u64>,
    /// The houses and who sees whom: the same all along, shared by the
    /// copies made to try a step.
    layout: std::sync::Arc<Layout>,
}

/// What does not change as a puzzle is solved.
#[derive(Clone, Debug)]
struct Layout {
    /// When the techniques give up looking ([`State::out_of_time`]).
    deadline: Option<std::time::Instant>,
    /// The houses: their name, cells, and whether they hold every digit
    /// (else only distinct ones).
    houses: Vec<HouseView>,
    /// The houses of each cell.
    of_cell: Vec<Vec<usize>>,
    /// The cells each cell sees, in order.
    peers: Vec<Vec<usize>>,
    /// The same as bit sets: [`State::cell_words`] words a cell, bit `c`
    /// of word `c / 64` for cell `c`.
    peer_bits: Vec<u64>,
    /// The houses of each cell in the order chains follow them (see
    /// [`State::houses_by_cell_in_explainer_order`]).
    of_cell_in_explainer_order: Vec<Vec<usize>>,
}

/// One house as the techniques see it.
#[derive(Clone, Debug)]
pub struct HouseView {
    /// Its place in [`State::houses`].
    pub index: usize,
    /// `row 3`, `box 2`, `the main diagonal`...
    pub name: String,
    /// Its cells, in reading order.
    pub cells: Vec<usize>,
    /// It holds every digit once (as many cells as digits).
    pub full: bool,
    /// A box or region (pointing), rather than a line (claiming).
    pub is_block: bool,
    /// Row, column, box, ...
    pub kind: crate::HouseKind,
}

impl State {
    /// The givens of `puzzle`, with every empty cell's candidates: the
    /// digits its elements allow, less those of the givens it sees.
    pub fn new(sudoku: &Sudoku, puzzle: &Puzzle) -> State {
        let side = puzzle.size().side();
        let cells = side * side;
        let houses: Vec<HouseView> = (sudoku.houses().iter().enumerate())
            .map(|(index, h)| HouseView {
                index,
                name: h.to_string(),
                cells: h.cells.clone(),
                full: h.cells.len() == side,
                is_block: matches!(h.kind, crate::HouseKind::Box | crate::HouseKind::Region),
                kind: h.kind,
            })
            .collect();
        let mut of_cell = vec![Vec::new(); cells];
        for (k, h) in houses.iter().enumerate() {
            for &c in &h.cells {
                of_cell[c].push(k);
            }
        }
        let peers: Vec<Vec<usize>> = (0..cells)
            .map(|cell| {
                let mut peers: Vec<usize> = (of_cell[cell].iter())
                    .flat_map(|&h| houses[h].cells.iter().copied())
                    .filter(|&c| c != cell)
                    .collect();
                peers.sort_unstable();
                peers.dedup();
                peers
            })
            .collect();
        let words = cells.div_ceil(64);
        let mut peer_bits = vec![0u64; cells * words];
        for (cell, of) in peers.iter().enumerate() {
            for &p in of {
                peer_bits[cell * words + p / 64] |= 1 << (p % 64);
            }
        }
        // Box (or region), row, column, then the others.
        let rank = |h: &usize| match houses[*h].kind {
            _ if houses[*h].is_block => 0,
            crate::HouseKind::Row => 1,
            crate::HouseKind::Column => 2,
            _ => 3,
        };
        let of_cell_in_explainer_order = (of_cell.iter())
            .map(|of| {
                let mut of = of.clone();
                of.sort_by_key(rank);
                of
            })
            .collect();
        let model = sudoku.model();
        let mut state = State {
            side,
            size: puzzle.size(),
            regions: sudoku.rules().regions.clone(),
            digits: puzzle.cells().to_vec(),
            candidates: (model.vars()).map(|v| model.initial_domain(v).0).collect(),
            layout: std::sync::Arc::new(Layout {
                deadline: None,
                houses,
                of_cell,
                peers,
                peer_bits,
                of_cell_in_explainer_order,
            }),
        };
        let layout = state.layout.clone();
        for cell in 0..cells {
            let d = state.digits[cell];
            if d != 0 {
                state.candidates[cell] = 0;
                for &peer in &layout.peers[cell] {
                    state.candidates[peer] &= !bit(d);
                }
            }
        }
        state
    }

    /// Gives the techniques until `deadline` to look (this state and the
    /// copies made from it from now on): past it, the long searches
    /// (chains, forcing chains, contradictions) find nothing more.
    pub(crate) fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        std::sync::Arc::make_mut(&mut self.layout).deadline = deadline;
    }

    /// Whether the deadline of [`State::set_deadline`] has passed.
    pub(crate) fn out_of_time(&self) -> bool {
        self.layout
            .deadline
            .is_some_and(|d| std::time::Instant::now() >= d)
    }

    /// Cells per side.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Cells.
    pub fn cells(&self) -> usize {
        self.side * self.side
    }

    /// The digit of `cell`, 0 if empty.
    pub fn digit(&self, cell: usize) -> u8 {
        self.digits[cell]
    }

    /// The candidates of `cell` (empty if placed), smallest first.
    pub fn candidates(&self, cell: usize) -> Vec<u8> {
        digits_of(self.candidates[cell])
    }

    /// The candidates of `cell` as a bit set (bit `d - 1`).
    pub fn mask(&self, cell: usize) -> u64 {
        self.candidates[cell]
    }

    /// The houses.
    pub fn houses(&self) -> &[HouseView] {
        &self.layout.houses
    }

    /// The houses in the order Sudoku Explainer looks at them: boxes (or
    /// regions), columns, rows, then the others in house order.
    pub fn houses_in_explainer_order(&self) -> impl Iterator<Item = &HouseView> {
        use crate::HouseKind::{Column, Row};
        let block = |h: &&HouseView| h.is_block;
        let kind = |k| move |h: &&HouseView| h.kind == k;
        let other = |h: &&HouseView| !h.is_block && !matches!(h.kind, Row | Column);
        (self.layout.houses.iter().filter(block))
            .chain(self.layout.houses.iter().filter(kind(Column)))
            .chain(self.layout.houses.iter().filter(kind(Row)))
            .chain(self.layout.houses.iter().filter(other))
    }

    /// The houses of every cell (indices into [`State::houses`]) in the
    /// order Sudoku Explainer follows a chain through them: box (or
    /// region), row, column, then the others.
    pub fn houses_by_cell_in_explainer_order(&self) -> &[Vec<usize>] {
        &self.layout.of_cell_in_explainer_order
    }

    /// The house of `kind` that holds `cell` (a row, a column, a box),
    /// if there is one.
    pub fn house_of_kind(&self, cell: usize, kind: crate::HouseKind) -> Option<usize> {
        (self.layout.of_cell[cell].iter().copied()).find(|&h| self.layout.houses[h].kind == kind)
    }

    /// The houses of `cell` (indices into [`State::houses`]).
    pub fn houses_of(&self, cell: usize) -> &[usize] {
        &self.layout.of_cell[cell]
    }

    /// Those of `cells` where `d` is still a candidate, in their order.
    pub fn places(&self, cells: &[usize], d: u8) -> Vec<usize> {
        let mut out = Vec::new();
        self.places_into(cells, d, &mut out);
        out
    }

    /// The same, written over `out` (its room kept).
    pub fn places_into(&self, cells: &[usize], d: u8, out: &mut Vec<usize>) {
        out.clear();
        out.extend((cells.iter().copied()).filter(|&c| self.candidates[c] & bit(d) != 0));
    }

    /// The houses holding every digit that hold both `a` and `b`.
    pub fn full_houses_with(&self, a: usize, b: usize) -> impl Iterator<Item = &HouseView> {
        (self.layout.of_cell[a].iter())
            .map(|&h| &self.layout.houses[h])
            .filter(move |h| h.full && h.cells.contains(&b))
    }

    /// Whether two different cells share a house.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.peer_set(a)[b / 64] >> (b % 64) & 1 == 1
    }

    /// The words of a set of cells (bit `c % 64` of word `c / 64` for
    /// cell `c`): one for every 64 cells.
    pub(crate) fn cell_words(&self) -> usize {
        self.cells().div_ceil(64)
    }

    /// The cells that share a house with `cell`, as a set of
    /// [`State::cell_words`] words.
    pub(crate) fn peer_set(&self, cell: usize) -> &[u64] {
        let words = self.cell_words();
        &self.layout.peer_bits[cell * words..(cell + 1) * words]
    }

    /// The cells, but `cells`, that hold a candidate of `digits` and see
    /// every one of `cells`: what a pattern that puts a digit in one of
    /// `cells` takes it from.
    pub fn seeing_all(&self, cells: &[usize], digits: u64) -> Vec<usize> {
        let Some((&first, rest)) = cells.split_first() else {
            return Vec::new();
        };
        (self.peers(first).iter().copied())
            .filter(|&c| self.mask(c) & digits != 0 && !cells.contains(&c))
            .filter(|&c| rest.iter().all(|&o| self.sees(c, o)))
            .collect()
    }

    /// The cells that share a house with `cell`.
    pub fn peers(&self, cell: usize) -> &[usize] {
        &self.layout.peers[cell]
    }

    /// Every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.digits.iter().all(|&d| d != 0)
    }

    /// An empty cell without candidates, or a digit without a place in a
    /// house that needs it: the givens (or a wrong guess) contradict.
    pub fn contradiction(&self) -> Option<String> {
        if let Some(cell) =
            (0..self.cells()).find(|&c| self.digits[c] == 0 && self.candidates[c] == 0)
        {
            return Some(format!(
                "{} has no candidate left",
                cell_name(cell, self.side)
            ));
        }
        for h in self.layout.houses.iter().filter(|h| h.full) {
            for d in 1..=self.side as u8 {
                let placed = h.cells.iter().any(|&c| self.digits[c] == d);
                let places = h.cells.iter().any(|&c| self.candidates[c] & bit(d) != 0);
                if !placed && !places {
                    return Some(format!("{d} has no place left in {}", h.name));
                }
            }
        }
        None
    }

    /// Whether [`State::contradiction`] finds one.
    pub fn is_broken(&self) -> bool {
        self.contradiction().is_some()
    }

    /// Places `d` in `cell` and removes it from the peers; the removals
    /// made (the cell's other candidates included).
    pub fn place(&mut self, cell: usize, d: u8) -> Vec<(usize, u8)> {
        let mut removed: Vec<(usize, u8)> = digits_of(self.candidates[cell] & !bit(d))
            .into_iter()
            .map(|x| (cell, x))
            .collect();
        self.digits[cell] = d;
        self.candidates[cell] = 0;
        let layout = self.layout.clone();
        for &peer in &layout.peers[cell] {
            if self.candidates[peer] & bit(d) != 0 {
                self.candidates[peer] &= !bit(d);
                removed.push((peer, d));
            }
        }
        removed
    }

    /// Removes candidate `d` from `cell`.
    pub fn remove(&mut self, cell: usize, d: u8) {
        self.candidates[cell] &= !bit(d);
    }

    /// The same grid with each cell's candidates `masks` (bit `d - 1`),
    /// digits unchanged: what a chain sees as it takes candidates out.
    pub(crate) fn with_candidates(&self, masks: &[u64]) -> State {
        State {
            side: self.side,
            size: self.size,
            regions: self.regions.clone(),
            digits: self.digits.clone(),
            candidates: masks.to_vec(),
            layout: self.layout.clone(),
        }
    }

    /// The same grid with `digits` placed (from 1, 0 for empty) and each
    /// cell's `candidates` (bit `d - 1`, empty for placed cells): a
    /// search's node, for the `human:D` level.
    pub(crate) fn at(&self, digits: Vec<u8>, candidates: Vec<u64>) -> State {
        State {
            side: self.side,
            size: self.size,
            regions: self.regions.clone(),
            digits,
            candidates,
            layout: self.layout.clone(),
        }
    }

    /// Whether `other` is a state of the same grid (the same houses, the
    /// same shared layout): [`State::set_cell`] can make one the other.
    pub(crate) fn same_grid(&self, other: &State) -> bool {
        std::sync::Arc::ptr_eq(&self.layout, &other.layout)
    }

    /// Takes the digits and candidates of `other`, a state of the same
    /// grid ([`State::same_grid`]), keeping this one's room.
    pub(crate) fn copy_grid_from(&mut self, other: &State) {
        self.digits.clone_from(&other.digits);
        self.candidates.clone_from(&other.candidates);
    }

    /// Whether `other` is this grid with the same digits and candidates.
    pub(crate) fn same_candidates(&self, other: &State) -> bool {
        self.same_grid(other) && self.candidates == other.candidates && self.digits == other.digits
    }

    /// Sets `cell` to `digit` (0: empty) with `candidates` (bit `d - 1`;
    /// empty for a placed cell), to read a grid into a kept state.
    pub(crate) fn set_cell(&mut self, cell: usize, digit: u8, candidates: u64) {
        self.digits[cell] = digit;
        self.candidates[cell] = candidates;
    }

    /// Carries out a step.
    pub fn apply(&mut self, step: &Step) {
        for &(cell, d) in &step.placed {
            self.place(cell, d);
        }
        for &(cell, d) in &step.removed {
            self.remove(cell, d);
        }
    }

    /// The candidate grid as `sudoku candidates` draws it: with box
    /// borders (or region walls), placed digits alone, empty cells as
    /// their candidates run together.
    pub fn grid_text(&self) -> String {
        self.candidate_grid().to_string()
    }

    /// The digits and candidates as a [`CandidateGrid`].
    pub fn candidate_grid(&self) -> CandidateGrid {
        let cells = (0..self.cells())
            .map(|c| match self.digits[c] {
                0 => Ok(csp_core::ValueSet(self.candidates[c])),
                d => Err(d),
            })
            .collect();
        CandidateGrid::new(self.size, cells, false, self.regions.clone())
    }
}

/// The bit of digit `d`.
pub(crate) fn bit(d: u8) -> u64 {
    1 << (d - 1)
}

/// For each of `cells`, the digits of `gone(cell)` as (cell, digit)
/// pairs: what a step removes.
pub(crate) fn removals(
    cells: impl IntoIterator<Item = usize>,
    gone: impl Fn(usize) -> u64,
) -> Vec<(usize, u8)> {
    (cells.into_iter())
        .flat_map(|c| digits_in(gone(c)).map(move |d| (c, d)))
        .collect()
}

/// The digits of a bit set, smallest first.
pub(crate) fn digits_of(mask: u64) -> Vec<u8> {
    digits_in(mask).collect()
}

/// The digits of a bit set, smallest first, one by one.
pub(crate) fn digits_in(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            d
        })
    })
}

/// An empty classic 9x9 grid where each of `cells` keeps only its digits
/// (for the techniques' tests).
#[cfg(test)]
pub(crate) fn empty_classic_keeping(cells: &[(usize, &[u8])]) -> State {
    let size = crate::GridSize::from_side(9).unwrap();
    let sudoku = Sudoku::new(size, crate::Variant::CLASSIC);
    let mut state = State::new(&sudoku, &Puzzle::empty(size));
    for &(cell, keep) in cells {
        for d in (1..=9).filter(|d| !keep.contains(d)) {
            state.remove(cell, d);
        }
    }
    state
}

/// An empty classic 9x9 grid less the candidates `(cell, digit)` (for the
/// techniques' tests).
#[cfg(test)]
pub(crate) fn empty_classic_without(gone: impl IntoIterator<Item = (usize, u8)>) -> State {
    let mut state = empty_classic_keeping(&[]);
    for (cell, d) in gone {
        state.remove(cell, d);
    }
    state
}
