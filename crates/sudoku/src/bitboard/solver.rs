//! The solver for grids whose only rules are houses, on
//! per-digit bitboards: one bitboard per digit (a bit per cell where the
//! digit may still go) plus the unsolved cells, so naked singles are a
//! few word operations over the whole grid, as in JCZSolve and tdoku. A
//! search node copies `side + 1` bitboards instead of a mask per cell;
//! hidden singles look only at the houses where a digit lost a cell since
//! they were last looked at.
//!
//! It answers the questions of [`HouseSearch`] as the mask solver it
//! replaced (`house_solver.rs`, kept as the tests' reference) does, with
//! the same answers (tests compare them): the same counts, and the same random
//! grid for the same draws (both reach the singles fixpoint, branch on
//! the first cell with the fewest candidates and shuffle its digits
//! alike). Only node counts differ, which matters for the node budget of
//! big grids alone.

use rand_chacha::ChaCha8Rng;

use super::classic::{ClassicSolver, RandomGrid};
use crate::{GridSize, Sudoku};

/// The searches the generator runs on a grid of houses: counting
/// solutions (up to a limit, within a node budget), a random solution,
/// and another solution than a known one.
pub(crate) trait HouseSearch {
    /// How many solutions `digits` (0 empty, else `1..=side`) has, up to
    /// `limit`, with `not = Some((cell, digit))` only those without
    /// `digit` at `cell`; `None` if the search ran past `budget` nodes
    /// before it could tell.
    fn count_within(
        &mut self,
        digits: &[u8],
        not: Option<(usize, u8)>,
        limit: usize,
        budget: u64,
    ) -> Option<usize>;

    /// A random solution of `digits` (`1..=side`), the digits tried in
    /// an order drawn from `rng`; `None` if there is none, or none was
    /// found within `budget` search nodes.
    fn random_solution(
        &mut self,
        digits: &[u8],
        rng: &mut ChaCha8Rng,
        budget: u64,
    ) -> Option<Vec<u8>>;

    /// The digits the clues of `digits` leave for `cell`, as a mask (bit
    /// `d - 1` for digit `d`): those none of its peers holds.
    fn left_by_peers(&self, digits: &[u8], cell: usize) -> u32;

    /// Whether `digits` has a solution other than `solution` (which it
    /// has, and which holds its clues) with another digit at `cell`;
    /// `None` past `budget` nodes. A counter may use `solution` to find
    /// the other one sooner.
    fn has_other_solution(
        &mut self,
        digits: &[u8],
        solution: &[u8],
        cell: usize,
        budget: u64,
    ) -> Option<bool> {
        self.count_within(digits, Some((cell, solution[cell])), 1, budget)
            .map(|n| n > 0)
    }
}

/// The fastest counter for `sudoku`'s houses: bitboards of 128, 256 or
/// 640 bits for grids up to 11x11, 16x16 and 25x25, of 1024 bits for
/// grids up to 31x31 or with over 128 houses; `None` for other rules,
/// wider grids or over 512 houses.
pub(crate) fn for_houses(sudoku: &Sudoku) -> Option<Box<dyn HouseSearch + Send>> {
    Some(match Sized::for_houses(sudoku)? {
        Sized::Classic(s) => Box::new(s),
        Sized::Bits128(s) => Box::new(s),
        Sized::Bits256(s) => Box::new(s),
        Sized::Bits640(s) => Box::new(s),
        Sized::Wide(s) => Box::new(s),
    })
}

/// The solver for a grid, in the smallest bitboards its cells fit.
pub(crate) enum Sized {
    /// The classic 9x9 grid: band bitboards.
    Classic(Classic),
    Bits128(BitboardSolver<u128>),
    Bits256(BitboardSolver<Words<4>>),
    Bits640(BitboardSolver<Words<10>>),
    /// Grids up to 31x31 (digit masks are `u32`), or with 129 to 512
    /// houses.
    Wide(BitboardSolver<Words<16>, Words<8>>),
}

impl Sized {
    /// `None` unless `sudoku`'s rules are houses only, every cell may hold
    /// every digit at first, its side is at most 31 and it has at most 512
    /// houses.
    pub(crate) fn for_houses(sudoku: &Sudoku) -> Option<Sized> {
        if !sudoku.has_only_houses() {
            return None;
        }
        let model = sudoku.model();
        let every_digit = csp_core::ValueSet::range(sudoku.size().side() as u32);
        if model.vars().any(|v| model.initial_domain(v) != every_digit) {
            return None;
        }
        if is_classic(sudoku) {
            return Some(Sized::Classic(Classic {
                counter: ClassicSolver::new(),
            }));
        }
        let side = sudoku.size().side();
        let houses = (sudoku.houses().iter())
            .filter(|h| h.cells.len() == side)
            .count();
        match sudoku.size().cells() {
            _ if side > 31 => None,
            0..=128 if houses <= 128 => BitboardSolver::new(sudoku).map(Sized::Bits128),
            129..=256 if houses <= 128 => BitboardSolver::new(sudoku).map(Sized::Bits256),
            257..=640 if houses <= 128 => BitboardSolver::new(sudoku).map(Sized::Bits640),
            _ => BitboardSolver::new(sudoku).map(Sized::Wide),
        }
    }

    /// Counts the solutions of `digits` up to `limit`, keeping the first
    /// if `keep`: no node budget.
    pub(crate) fn count_solutions(&mut self, digits: &[u8], limit: usize, keep: bool) -> Counted {
        match self {
            Sized::Classic(s) => s.count_solutions(digits, limit, keep),
            Sized::Bits128(s) => s.count_solutions(digits, limit, keep),
            Sized::Bits256(s) => s.count_solutions(digits, limit, keep),
            Sized::Bits640(s) => s.count_solutions(digits, limit, keep),
            Sized::Wide(s) => s.count_solutions(digits, limit, keep),
        }
    }
}

/// Whether `sudoku` is the classic grid: 9x9 with 3x3 boxes and no rule
/// beyond them, so its houses are exactly rows, columns and boxes.
fn is_classic(sudoku: &Sudoku) -> bool {
    sudoku.size() == GridSize::CLASSIC && sudoku.rules().is_classic()
}

/// The classic grid: the band solver counts, looks for a second solution
/// near a known one and draws random grids (the same grids for the same
/// draws as the generic solver draws on any other grid).
pub(crate) struct Classic {
    counter: ClassicSolver,
}

impl Classic {
    fn count_solutions(&mut self, digits: &[u8], limit: usize, keep: bool) -> Counted {
        let found = self.counter.count_all(digits, limit, keep);
        Counted {
            solutions: found,
            solution: (keep && found > 0).then(|| self.counter.first().to_vec()),
            placements: self.counter.placements,
            guesses: self.counter.guesses,
        }
    }
}

impl HouseSearch for Classic {
    fn count_within(
        &mut self,
        digits: &[u8],
        not: Option<(usize, u8)>,
        limit: usize,
        budget: u64,
    ) -> Option<usize> {
        self.counter.count(digits, not, limit, budget)
    }

    fn random_solution(
        &mut self,
        digits: &[u8],
        rng: &mut ChaCha8Rng,
        budget: u64,
    ) -> Option<Vec<u8>> {
        RandomGrid::draw(digits, rng, budget)
    }

    fn left_by_peers(&self, digits: &[u8], cell: usize) -> u32 {
        super::classic::left_by_peers(digits, cell)
    }

    /// The band solver, trying the known solution's digits first (most
    /// puzzles the generator asks about are unique, or have another
    /// solution near the known one). When it first answered these,
    /// `generate -n 300 --seed 1` took 234M instructions with it, 247M
    /// with its blind count and 339M with the generic solver trying the
    /// known digits first (cachegrind; the same puzzles); with the kept
    /// clue sets and the band solver's random grids since, 162M.
    fn has_other_solution(
        &mut self,
        digits: &[u8],
        solution: &[u8],
        cell: usize,
        budget: u64,
    ) -> Option<bool> {
        self.counter
            .has_other_solution(digits, solution, cell, budget)
    }
}

/// A set of cells: bit `i` of the grid's cells in reading order. `u128`
/// for grids up to 11x11 (9x9 above all, in plain 128-bit operations),
/// [`Words`] beyond.
pub(crate) trait Cells: Copy + Eq {
    const NONE: Self;
    /// How many cells fit.
    const BITS: usize;
    fn insert(&mut self, i: usize);
    fn has(self, i: usize) -> bool;
    fn and(self, other: Self) -> Self;
    fn or(self, other: Self) -> Self;
    fn and_not(self, other: Self) -> Self;
    fn is_empty(self) -> bool;
    /// Whether exactly one bit is set.
    fn is_single(self) -> bool;
    /// The lowest set bit, if any.
    fn first(self) -> Option<usize>;
    /// The set cells, lowest first.
    fn ones(self) -> impl Iterator<Item = usize>;

    fn first_cells(n: usize) -> Self {
        let mut bits = Self::NONE;
        for i in 0..n {
            bits.insert(i);
        }
        bits
    }
}

impl Cells for u128 {
    const NONE: u128 = 0;
    const BITS: usize = 128;

    fn insert(&mut self, i: usize) {
        *self |= 1 << i;
    }

    fn has(self, i: usize) -> bool {
        self >> i & 1 != 0
    }

    fn and(self, other: u128) -> u128 {
        self & other
    }

    fn or(self, other: u128) -> u128 {
        self | other
    }

    fn and_not(self, other: u128) -> u128 {
        self & !other
    }

    fn is_empty(self) -> bool {
        self == 0
    }

    fn is_single(self) -> bool {
        self != 0 && self & (self - 1) == 0
    }

    fn first(self) -> Option<usize> {
        (self != 0).then(|| self.trailing_zeros() as usize)
    }

    fn ones(self) -> impl Iterator<Item = usize> {
        let mut bits = self;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                i
            })
        })
    }
}

/// `W` words of 64 cells.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Words<const W: usize>([u64; W]);

impl<const W: usize> Cells for Words<W> {
    const NONE: Words<W> = Words([0; W]);
    const BITS: usize = 64 * W;

    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    fn has(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    fn and(self, other: Words<W>) -> Words<W> {
        Words(std::array::from_fn(|w| self.0[w] & other.0[w]))
    }

    fn or(self, other: Words<W>) -> Words<W> {
        Words(std::array::from_fn(|w| self.0[w] | other.0[w]))
    }

    fn and_not(self, other: Words<W>) -> Words<W> {
        Words(std::array::from_fn(|w| self.0[w] & !other.0[w]))
    }

    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    fn is_single(self) -> bool {
        let mut seen = false;
        for &w in &self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return false;
                }
                seen = true;
            }
        }
        seen
    }

    fn first(self) -> Option<usize> {
        (self.0.iter().enumerate())
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    fn ones(self) -> impl Iterator<Item = usize> {
        (0..W).flat_map(move |w| {
            let mut word = self.0[w];
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let i = word.trailing_zeros() as usize;
                    word &= word - 1;
                    w * 64 + i
                })
            })
        })
    }
}

/// The grid's fixed sets of cells.
struct Tables<B, H> {
    /// The peers of each cell (the cells sharing a house with it, itself
    /// not included).
    peers: Vec<B>,
    /// Each cell alone.
    cell: Vec<B>,
    /// The houses of `side` cells, where each digit must appear once.
    houses: Vec<B>,
    /// The houses (indices into `houses`, as bits) of each cell.
    houses_of: Vec<H>,
    /// Every house.
    every_house: H,
    /// Locked candidates: per house, for each other house sharing two
    /// cells or more with it, the cells they share and the other house's
    /// other cells. A digit whose cells in the house lie all in the
    /// shared ones leaves those other cells (on grids of
    /// [`LOCKED_FROM_SIDE`] and more; empty below).
    intersections: Vec<Vec<(B, B)>>,
}

/// The smallest side whose grids get locked candidates. On 9x9 they cut
/// the nodes but cost more than they save on hard sets (`benches/peers`:
/// 17-clue and top1465 0.23 and 0.26 of the `sudoku` crate's speed with
/// them off, 0.32 and 0.33 on; forum-hardest-1905 and -1106 0.49 and 0.53
/// off, 0.39 and 0.32 on). On 16x16 and 25x25 they cut the nodes 4x and
/// 8x and the time 3.5x and 4.4x (`scripts/bench_big_grids.py` sets).
const LOCKED_FROM_SIDE: usize = 16;

impl<B: Cells, H: Cells> Tables<B, H> {
    /// The houses (as bits) holding one of `cells` or more.
    fn houses_with(&self, cells: B) -> H {
        cells
            .ones()
            .fold(H::NONE, |houses, c| houses.or(self.houses_of[c]))
    }
}

/// What changed in a frame since its houses were last looked at for
/// hidden singles.
struct Changes<B, H> {
    /// Look at them all.
    every_house: bool,
    /// Per digit, the cells it lost.
    removed: Vec<B>,
    /// Per digit, the houses it was placed in. A digit loses cells only
    /// outside the houses it was placed in before, so these are the only
    /// houses of lost cells with nothing to look at.
    placed_in: Vec<H>,
    /// Per digit, the cells it lost since the last look for locked
    /// candidates; `locked_all`: look at every house.
    locked: Vec<B>,
    locked_all: bool,
}

impl<B: Cells, H: Cells> Changes<B, H> {
    fn clear(&mut self) {
        self.every_house = false;
        self.removed.fill(B::NONE);
        self.placed_in.fill(H::NONE);
        self.locked_all = false;
        self.locked.fill(B::NONE);
    }

    /// Digit `d` lost `cells`.
    #[inline]
    fn lost(&mut self, d: usize, cells: B) {
        self.removed[d] = self.removed[d].or(cells);
        self.locked[d] = self.locked[d].or(cells);
    }
}

/// Per house, the other houses sharing two cells or more with it, as
/// [`Tables::intersections`] holds them.
fn intersections<B: Cells>(houses: &[B]) -> Vec<Vec<(B, B)>> {
    (houses.iter().enumerate())
        .map(|(a, &first)| {
            (houses.iter().enumerate())
                .filter(|&(b, _)| b != a)
                .map(|(_, &second)| (first.and(second), second.and_not(first)))
                .filter(|(shared, _)| !shared.is_empty() && !shared.is_single())
                .collect()
        })
        .collect()
}

/// See the [module docs](self). A `B` holds one bitboard.
pub(crate) struct BitboardSolver<B, H = u128> {
    side: usize,
    /// Every cell of the grid.
    all: B,
    tables: Tables<B, H>,
    /// One frame per search depth: `side` digit bitboards, then the
    /// unsolved cells.
    frames: Vec<B>,
    /// What changed since houses were last looked at for hidden singles.
    changes: Changes<B, H>,
    /// Per cell, the digit (from 0) to try first when branching on it.
    guide: Vec<u8>,
    /// Cells to branch on first, among those with the fewest candidates.
    focus: B,
    /// Where a search for a random solution draws its digit orders.
    rng: Option<ChaCha8Rng>,
    /// Where a search for a solution writes the first one found.
    solution: Option<Vec<u8>>,
    /// Per digit, its clues, then the peers of its clues (for loading).
    load_scratch: Vec<B>,
    nodes_left: u64,
    out_of_budget: bool,
    /// Digits the search placed (each digit tried at a branch), and those
    /// of them placed while the cell had an untried digit left: the
    /// search counters of the engine's `placements` and `guesses`.
    placements: u64,
    guesses: u64,
}

impl<B: Cells, H: Cells> BitboardSolver<B, H> {
    /// `None` if the grid has more houses of `side` cells than `H` holds.
    fn new(sudoku: &Sudoku) -> Option<BitboardSolver<B, H>> {
        let side = sudoku.size().side();
        let cells = sudoku.size().cells();
        assert!(
            cells <= B::BITS,
            "{cells} cells do not fit {} bits",
            B::BITS
        );
        let model = sudoku.model();
        let set_of = |list: &mut dyn Iterator<Item = usize>| {
            let mut bits = B::NONE;
            list.for_each(|i| bits.insert(i));
            bits
        };
        let full: Vec<&[usize]> = (sudoku.houses().iter())
            .filter(|h| h.cells.len() == side)
            .map(|h| h.cells.as_slice())
            .collect();
        if full.len() > H::BITS {
            return None;
        }
        let houses: Vec<B> = (full.iter())
            .map(|h| set_of(&mut h.iter().copied()))
            .collect();
        let mut houses_of = vec![H::NONE; cells];
        for (h, house) in full.iter().enumerate() {
            for &c in *house {
                houses_of[c].insert(h);
            }
        }
        Some(BitboardSolver {
            side,
            all: B::first_cells(cells),
            tables: Tables {
                peers: (model.vars())
                    .map(|v| set_of(&mut model.neighbours(v).iter().map(|n| n.index())))
                    .collect(),
                cell: (0..cells)
                    .map(|c| set_of(&mut std::iter::once(c)))
                    .collect(),
                intersections: if side >= LOCKED_FROM_SIDE {
                    intersections(&houses)
                } else {
                    Vec::new()
                },
                every_house: H::first_cells(houses.len()),
                houses,
                houses_of,
            },
            frames: vec![B::NONE; (side + 1) * (cells + 1)],
            changes: Changes {
                every_house: false,
                removed: vec![B::NONE; side],
                placed_in: vec![H::NONE; side],
                locked: vec![B::NONE; side],
                locked_all: false,
            },
            load_scratch: vec![B::NONE; 2 * side],
            guide: vec![0; cells],
            rng: None,
            solution: None,
            focus: B::NONE,
            nodes_left: 0,
            out_of_budget: false,
            placements: 0,
            guesses: 0,
        })
    }

    /// Puts digit `d` (from 0) at `cell` in `frame`: gone from the cell's
    /// other digits and from its peers, noted in `changes`; `false` if `d`
    /// could not go there.
    fn place(
        frame: &mut [B],
        tables: &Tables<B, H>,
        changes: &mut Changes<B, H>,
        cell: usize,
        d: usize,
    ) -> bool {
        let (digits, unsolved) = frame.split_at_mut(frame.len() - 1);
        let me = tables.cell[cell];
        if digits[d].and(me).is_empty() {
            return false;
        }
        for (k, board) in digits.iter_mut().enumerate() {
            changes.lost(k, board.and(me));
            *board = board.and_not(me);
        }
        let removed = digits[d].and(tables.peers[cell]);
        changes.lost(d, removed);
        changes.placed_in[d] = changes.placed_in[d].or(tables.houses_of[cell]);
        digits[d] = digits[d].and_not(removed).or(me);
        unsolved[0] = unsolved[0].and_not(me);
        true
    }

    /// Puts digit `d` (from 0) in each of `cells`, which have no other
    /// candidate (naked singles); `false` if two of them see each other.
    fn place_singles(
        frame: &mut [B],
        tables: &Tables<B, H>,
        changes: &mut Changes<B, H>,
        cells: B,
        d: usize,
    ) -> bool {
        let mut seen = B::NONE;
        let mut houses = H::NONE;
        for c in cells.ones() {
            seen = seen.or(tables.peers[c]);
            houses = houses.or(tables.houses_of[c]);
        }
        changes.placed_in[d] = changes.placed_in[d].or(houses);
        if !seen.and(cells).is_empty() {
            return false;
        }
        let n = frame.len();
        let removed = frame[d].and(seen);
        changes.lost(d, removed);
        frame[d] = frame[d].and_not(removed);
        frame[n - 1] = frame[n - 1].and_not(cells);
        true
    }

    /// Frame 0 holds `digits`' clues placed, less `not`; `false` if two
    /// clues clash.
    fn load(&mut self, digits: &[u8], not: Option<(usize, u8)>) -> bool {
        assert_eq!(digits.len(), self.tables.cell.len(), "one digit per cell");
        let side = self.side;
        let (clues, seen) = self.load_scratch.split_at_mut(side);
        clues.fill(B::NONE);
        seen.fill(B::NONE);
        let mut solved = B::NONE;
        for (c, &d) in digits.iter().enumerate() {
            if d != 0 {
                let d = usize::from(d) - 1;
                let me = self.tables.cell[c];
                clues[d] = clues[d].or(me);
                seen[d] = seen[d].or(self.tables.peers[c]);
                solved = solved.or(me);
            }
        }
        let open = self.all.and_not(solved);
        let frame = &mut self.frames[..side + 1];
        for d in 0..side {
            if !seen[d].and(clues[d]).is_empty() {
                return false;
            }
            frame[d] = open.and_not(seen[d]).or(clues[d]);
        }
        frame[side] = open;
        if let Some((cell, d)) = not {
            let board = &mut frame[usize::from(d) - 1];
            *board = board.and_not(self.tables.cell[cell]);
        }
        // Look at every house once.
        self.changes.clear();
        self.changes.every_house = true;
        self.changes.locked_all = true;
        true
    }

    /// Naked and hidden singles on the frame at `depth` until nothing
    /// changes; `false` on a contradiction.
    fn propagate(&mut self, depth: usize) -> bool {
        let n = self.side + 1;
        let frame = &mut self.frames[depth * n..(depth + 1) * n];
        let tables = &self.tables;
        let changes = &mut self.changes;
        let random = self.rng.is_some();
        loop {
            let unsolved = frame[n - 1];
            if unsolved.is_empty() {
                return true;
            }
            let (mut once, mut twice) = (B::NONE, B::NONE);
            for &board in &frame[..n - 1] {
                let board = board.and(unsolved);
                twice = twice.or(once.and(board));
                once = once.or(board);
            }
            if !unsolved.and_not(once).is_empty() {
                return false;
            }
            let singles = once.and_not(twice);
            if !singles.is_empty() {
                for d in 0..n - 1 {
                    // A single that lost its digit to one placed before
                    // is found empty in the next round.
                    let here = singles.and(frame[d]);
                    if !here.is_empty() && !Self::place_singles(frame, tables, changes, here, d) {
                        return false;
                    }
                }
                continue;
            }
            let mut progress = false;
            let every_house = std::mem::take(&mut changes.every_house);
            for d in 0..n - 1 {
                let lost = std::mem::replace(&mut changes.removed[d], B::NONE);
                let houses = if every_house {
                    tables.every_house
                } else {
                    tables.houses_with(lost)
                };
                let houses = houses.and_not(std::mem::replace(&mut changes.placed_in[d], H::NONE));
                for h in houses.ones() {
                    let Some(&house) = tables.houses.get(h) else {
                        break;
                    };
                    let here = frame[d].and(house);
                    if here.is_empty() {
                        return false;
                    }
                    if here.is_single() && !here.and(frame[n - 1]).is_empty() {
                        let c = here.first().expect("one cell");
                        if !Self::place(frame, tables, changes, c, d) {
                            return false;
                        }
                        progress = true;
                    }
                }
            }
            // A search for a random grid keeps to singles: the grids the
            // generator draws for a seed stay the ones it always drew.
            if progress {
                continue;
            }
            if random {
                return true;
            }
            match Self::locked_candidates(frame, tables, changes) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Locked candidates (pointing and claiming, and their kin between any
    /// two houses): `Some(true)` if candidates went, `None` on a digit with
    /// no cell left in a house.
    fn locked_candidates(
        frame: &mut [B],
        tables: &Tables<B, H>,
        changes: &mut Changes<B, H>,
    ) -> Option<bool> {
        if tables.intersections.is_empty() {
            return Some(false);
        }
        let mut removed_any = false;
        let all = std::mem::take(&mut changes.locked_all);
        for d in 0..frame.len() - 1 {
            // The houses where `d` lost cells since the last look.
            let lost = std::mem::replace(&mut changes.locked[d], B::NONE);
            let houses = if all {
                tables.every_house
            } else {
                tables.houses_with(lost)
            };
            for h in houses.ones() {
                let Some(&house) = tables.houses.get(h) else {
                    break;
                };
                let here = frame[d].and(house);
                if here.is_empty() {
                    return None;
                }
                if here.is_single() {
                    continue;
                }
                for &(shared, others) in &tables.intersections[h] {
                    let gone = frame[d].and(others);
                    if !gone.is_empty() && here.and_not(shared).is_empty() {
                        frame[d] = frame[d].and_not(gone);
                        changes.lost(d, gone);
                        removed_any = true;
                    }
                }
            }
        }
        Some(removed_any)
    }

    /// The unsolved cell to branch on: the first (in reading order) of
    /// those with the fewest candidates.
    fn branch_cell(&self, depth: usize) -> usize {
        let n = self.side + 1;
        let frame = &self.frames[depth * n..(depth + 1) * n];
        let unsolved = frame[n - 1];
        // Each cell's candidate count, bit-sliced: bit `i` of the count in
        // `planes[i]` (a side has at most 5 bits).
        let mut planes = [B::NONE; 5];
        for &board in &frame[..n - 1] {
            let mut carry = board.and(unsolved);
            for plane in &mut planes {
                if carry.is_empty() {
                    break;
                }
                let sum = plane.or(carry).and_not(plane.and(carry));
                carry = plane.and(carry);
                *plane = sum;
            }
        }
        for count in 2..n {
            let mut cells = unsolved;
            for (i, plane) in planes.iter().enumerate() {
                cells = if count >> i & 1 != 0 {
                    cells.and(*plane)
                } else {
                    cells.and_not(*plane)
                };
            }
            if let Some(c) = cells.and(self.focus).first().or_else(|| cells.first()) {
                return c;
            }
        }
        unreachable!("propagation leaves no unsolved cell with fewer than two candidates")
    }

    fn search(&mut self, depth: usize, limit: usize, found: &mut usize) {
        if self.nodes_left == 0 {
            self.out_of_budget = true;
            return;
        }
        self.nodes_left -= 1;
        if !self.propagate(depth) {
            return;
        }
        let n = self.side + 1;
        if self.frames[depth * n + n - 1].is_empty() {
            *found += 1;
            if let Some(out) = self.solution.as_mut().filter(|_| *found == 1) {
                for (d, board) in self.frames[depth * n..depth * n + n - 1].iter().enumerate() {
                    for c in board.ones() {
                        out[c] = d as u8 + 1;
                    }
                }
            }
            return;
        }
        let cell = self.branch_cell(depth);
        let first = usize::from(self.guide[cell]);
        let mut order = [0u8; 32];
        let mut k = 0;
        let has = |d: usize| self.frames[depth * n + d].has(cell);
        for d in std::iter::once(first).chain((0..n - 1).filter(|&d| d != first)) {
            if has(d) {
                order[k] = d as u8;
                k += 1;
            }
        }
        if let Some(rng) = self.rng.as_mut() {
            crate::bitboard::shuffle(&mut order[..k], rng);
        }
        for (i, &d) in order[..k].iter().enumerate() {
            let d = usize::from(d);
            self.placements += 1;
            self.guesses += u64::from(i + 1 < k);
            let (here, next) = self.frames.split_at_mut((depth + 1) * n);
            let next = &mut next[..n];
            next.copy_from_slice(&here[depth * n..]);
            // The parent's fixpoint: only this placement's houses to see.
            self.changes.clear();
            Self::place(next, &self.tables, &mut self.changes, cell, d);
            self.search(depth + 1, limit, found);
            if *found >= limit || self.out_of_budget {
                return;
            }
        }
    }
}

impl<B: Cells, H: Cells> BitboardSolver<B, H> {
    /// Whether the digit kept out of a cell by `not` has no cell left in
    /// one of that cell's houses once the clues are placed (the clues
    /// force it there: no search needed).
    fn lost_a_house(&self, not: Option<(usize, u8)>) -> bool {
        let Some((cell, d)) = not else {
            return false;
        };
        let board = self.frames[usize::from(d) - 1];
        (self.tables.houses_of[cell].ones()).any(|h| board.and(self.tables.houses[h]).is_empty())
    }

    fn run(
        &mut self,
        digits: &[u8],
        not: Option<(usize, u8)>,
        limit: usize,
        budget: u64,
    ) -> Option<usize> {
        let mut found = 0;
        self.nodes_left = budget;
        self.out_of_budget = false;
        self.placements = 0;
        self.guesses = 0;
        if self.load(digits, not) && !self.lost_a_house(not) {
            self.search(0, limit, &mut found);
        }
        (found >= limit || !self.out_of_budget).then_some(found)
    }
}

/// What [`BitboardSolver::count_solutions`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Counted {
    /// Solutions found, up to the limit.
    pub solutions: usize,
    /// The first solution (a digit per cell, from 1), if any.
    pub solution: Option<Vec<u8>>,
    /// See [`BitboardSolver`]'s fields.
    pub placements: u64,
    pub guesses: u64,
}

impl<B: Cells, H: Cells> BitboardSolver<B, H> {
    /// Counts the solutions of `digits` up to `limit`, keeping the first
    /// if `keep`: no node budget. Allocates the solution only.
    pub(crate) fn count_solutions(&mut self, digits: &[u8], limit: usize, keep: bool) -> Counted {
        self.guide.fill(0);
        self.solution = keep.then(|| vec![0; digits.len()]);
        let found = self.run(digits, None, limit, u64::MAX).unwrap_or(0);
        let solution = self.solution.take().filter(|_| found > 0);
        Counted {
            solutions: found,
            solution,
            placements: self.placements,
            guesses: self.guesses,
        }
    }
}

impl<B: Cells, H: Cells> HouseSearch for BitboardSolver<B, H> {
    fn count_within(
        &mut self,
        digits: &[u8],
        not: Option<(usize, u8)>,
        limit: usize,
        budget: u64,
    ) -> Option<usize> {
        self.guide.fill(0);
        self.run(digits, not, limit, budget)
    }

    fn random_solution(
        &mut self,
        digits: &[u8],
        rng: &mut ChaCha8Rng,
        budget: u64,
    ) -> Option<Vec<u8>> {
        self.guide.fill(0);
        self.rng = Some(rng.clone());
        self.solution = Some(vec![0; digits.len()]);
        let found = self.run(digits, None, 1, budget);
        *rng = self.rng.take().expect("put back after the search");
        let solution = self.solution.take().expect("put back after the search");
        (found == Some(1)).then_some(solution)
    }

    fn left_by_peers(&self, digits: &[u8], cell: usize) -> u32 {
        let seen = (self.tables.peers[cell].ones())
            .map(|p| digits[p])
            .filter(|&d| d != 0)
            .fold(0u32, |acc, d| acc | 1 << (d - 1));
        !seen & ((1u32 << self.side) - 1)
    }

    fn has_other_solution(
        &mut self,
        digits: &[u8],
        solution: &[u8],
        cell: usize,
        budget: u64,
    ) -> Option<bool> {
        // Other solutions mostly differ in a few cells: try the known
        // digits first.
        for (g, &d) in self.guide.iter_mut().zip(solution) {
            *g = d - 1;
        }
        self.focus = self.tables.peers[cell];
        let other = self.run(digits, Some((cell, solution[cell])), 1, budget);
        self.focus = B::NONE;
        other.map(|n| n > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::house_solver::HouseSolver;
    use crate::{GridSize, Puzzle, Variant};
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{RngCore, SeedableRng};

    const HARDEST: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    const HARDEST_SOLUTION: &str =
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

    #[test]
    fn counts_like_the_house_solver_on_random_holes() {
        let grids = [
            Sudoku::classic(),
            Sudoku::new(GridSize::from_side(4).unwrap(), Variant::default()),
            Sudoku::new(GridSize::from_side(6).unwrap(), Variant::default()),
            Sudoku::new(GridSize::CLASSIC, "diagonal".parse::<Variant>().unwrap()),
            Sudoku::new(GridSize::CLASSIC, "windoku".parse::<Variant>().unwrap()),
            Sudoku::new(GridSize::from_side(12).unwrap(), Variant::default()),
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for sudoku in &grids {
            let mut houses = HouseSolver::new(sudoku).unwrap();
            let mut bits = for_houses(sudoku).unwrap();
            let cells = sudoku.size().cells();
            for _ in 0..60 {
                let grid = houses
                    .random_solution(&vec![0; cells], &mut rng, u64::MAX)
                    .unwrap();
                // Keep a random share of the clues, from a third to all.
                let keep = cells / 3 + rng.next_u64() as usize % (cells - cells / 3);
                let mut digits = grid.clone();
                let mut order: Vec<usize> = (0..cells).collect();
                crate::bitboard::shuffle(&mut order, &mut rng);
                for &c in &order[keep..] {
                    digits[c] = 0;
                }
                let empty = order[keep..].first().copied();
                for limit in [1, 2, 3] {
                    assert_eq!(
                        bits.count_within(&digits, None, limit, u64::MAX),
                        Some(houses.count(&digits, None, limit)),
                        "{} limit {limit}",
                        sudoku.size()
                    );
                    if let Some(c) = empty {
                        let not = Some((c, grid[c]));
                        assert_eq!(
                            bits.count_within(&digits, not, limit, u64::MAX),
                            Some(houses.count(&digits, not, limit))
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn grids_past_640_cells_count_as_the_house_solver() {
        // 28x28 and 30x30, the generator's sizes past 25x25 (their random
        // grids are compared in `random_grids_are_the_house_solvers`).
        for side in [28, 30] {
            let sudoku = Sudoku::new(GridSize::from_side(side).unwrap(), Variant::default());
            assert!(matches!(Sized::for_houses(&sudoku), Some(Sized::Wide(_))));
            let mut houses = HouseSolver::new(&sudoku).unwrap();
            let mut bits = for_houses(&sudoku).unwrap();
            let cells = sudoku.size().cells();
            let mut rng = ChaCha8Rng::seed_from_u64(side as u64);
            let mut digits = (houses.random_solution(&vec![0; cells], &mut rng, u64::MAX)).unwrap();
            // A fifth of the cells emptied, at random: the same counts.
            let mut order: Vec<usize> = (0..cells).collect();
            crate::bitboard::shuffle(&mut order, &mut rng);
            order[..cells / 5].iter().for_each(|&c| digits[c] = 0);
            for limit in [1, 2] {
                assert_eq!(
                    bits.count_within(&digits, None, limit, u64::MAX),
                    Some(houses.count(&digits, None, limit))
                );
            }
        }
        let wider = Sudoku::new(GridSize::without_boxes(32).unwrap(), Variant::default());
        assert!(Sized::for_houses(&wider).is_none());
    }

    #[test]
    fn grids_of_over_128_houses_count_as_the_house_solver() {
        // The classic grid and 110 extra regions, each nine cells that
        // hold 1 to 9 in a known solution: 137 houses.
        let solution: Vec<u8> = HARDEST_SOLUTION.bytes().map(|b| b - b'0').collect();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let regions: Vec<serde_json::Value> = (0..110)
            .map(|_| {
                let cells: Vec<String> = (1..=9u8)
                    .map(|d| {
                        let at: Vec<usize> = (0..81).filter(|&c| solution[c] == d).collect();
                        let c = at[rng.next_u64() as usize % at.len()];
                        format!("R{}C{}", c / 9 + 1, c % 9 + 1)
                    })
                    .collect();
                serde_json::json!({ "cells": cells })
            })
            .collect();
        let grid = vec![vec![serde_json::json!({}); 9]; 9];
        let doc = serde_json::json!({ "size": 9, "grid": grid, "extraregion": regions });
        let read = crate::VariantPuzzle::from_json(&doc.to_string()).unwrap();
        let sudoku = Sudoku::with_rules(GridSize::CLASSIC, read.rules).unwrap();
        assert!(matches!(Sized::for_houses(&sudoku), Some(Sized::Wide(_))));
        let mut houses = HouseSolver::new(&sudoku).unwrap();
        let mut bits = for_houses(&sudoku).unwrap();
        let mut order: Vec<usize> = (0..81).collect();
        crate::bitboard::shuffle(&mut order, &mut rng);
        for keep in [0, 10, 20, 30, 40] {
            let mut digits = solution.clone();
            for &c in &order[keep..] {
                digits[c] = 0;
            }
            for limit in [1, 2, 5] {
                assert_eq!(
                    bits.count_within(&digits, None, limit, u64::MAX),
                    Some(houses.count(&digits, None, limit)),
                    "{keep} clues, limit {limit}"
                );
            }
        }
    }

    #[test]
    fn random_grids_are_the_house_solvers() {
        for side in [4, 6, 9, 12, 16, 28, 30] {
            let sudoku = Sudoku::new(GridSize::from_side(side).unwrap(), Variant::default());
            let mut houses = HouseSolver::new(&sudoku).unwrap();
            let mut bits = for_houses(&sudoku).unwrap();
            let empty = vec![0; sudoku.size().cells()];
            for seed in 0..20 {
                let mut a = ChaCha8Rng::seed_from_u64(seed);
                let mut b = ChaCha8Rng::seed_from_u64(seed);
                let grid = bits.random_solution(&empty, &mut a, u64::MAX).unwrap();
                assert_eq!(
                    Some(&grid),
                    houses.random_solution(&empty, &mut b, u64::MAX).as_ref()
                );
                // The draws left are the same too.
                assert_eq!(a.next_u64(), b.next_u64());
                let puzzle = Puzzle::from_digits(sudoku.size(), grid);
                assert!(sudoku.is_solution_of(&puzzle, &Puzzle::empty(sudoku.size())));
            }
        }
    }

    #[test]
    fn has_other_solution_agrees_with_counting() {
        let sudoku = Sudoku::classic();
        let mut bits = for_houses(&sudoku).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..200 {
            let grid = bits.random_solution(&[0; 81], &mut rng, u64::MAX).unwrap();
            let mut digits = grid.clone();
            let mut order: Vec<usize> = (0..81).collect();
            crate::bitboard::shuffle(&mut order, &mut rng);
            for &c in &order[..50] {
                digits[c] = 0;
            }
            let cell = order[0];
            let counted = bits.count_within(&digits, Some((cell, grid[cell])), 1, u64::MAX);
            assert_eq!(
                bits.has_other_solution(&digits, &grid, cell, u64::MAX),
                counted.map(|n| n > 0)
            );
        }
    }

    /// The band solver of the classic grid counts as the generic bitboard
    /// solver does, with and without a digit excluded from a cell.
    #[test]
    fn the_classic_solver_counts_as_the_generic_one() {
        let sudoku = Sudoku::classic();
        let mut classic = for_houses(&sudoku).unwrap();
        let mut generic = BitboardSolver::<u128>::new(&sudoku).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(36);
        let mut seen = [0usize; 4];
        for round in 0..400 {
            let grid = generic
                .random_solution(&[0; 81], &mut rng, u64::MAX)
                .unwrap();
            let mut digits = grid.clone();
            let mut order: Vec<usize> = (0..81).collect();
            crate::bitboard::shuffle(&mut order, &mut rng);
            for &c in &order[..40 + round % 30] {
                digits[c] = 0;
            }
            if round % 5 == 4 {
                digits[order[80]] = digits[order[80]] % 9 + 1;
            }
            let not = (round % 2 == 1).then(|| (order[0], grid[order[0]]));
            let expected = generic.count_within(&digits, not, 3, u64::MAX);
            assert_eq!(classic.count_within(&digits, not, 3, u64::MAX), expected);
            seen[expected.unwrap()] += 1;
            // Another solution than the grid, and the digits left by peers.
            if round % 5 != 4 {
                let other = generic.has_other_solution(&digits, &grid, order[0], u64::MAX);
                assert_eq!(
                    classic.has_other_solution(&digits, &grid, order[0], u64::MAX),
                    other
                );
            }
            for c in 0..81 {
                assert_eq!(
                    classic.left_by_peers(&digits, c),
                    generic.left_by_peers(&digits, c)
                );
            }
        }
        assert!(seen.iter().all(|&n| n > 10), "{seen:?}");
    }

    #[test]
    fn the_classic_grids_are_the_generic_solvers() {
        // The same grids for the same draws, from the empty grid and from
        // clues (some of them wrong: then neither finds one), and the
        // same draws used.
        let sudoku = Sudoku::classic();
        let mut classic = for_houses(&sudoku).unwrap();
        let mut generic = BitboardSolver::<u128>::new(&sudoku).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(37);
        let mut none = 0;
        for round in 0..3000u64 {
            let mut digits = [0u8; 81];
            if round % 2 == 1 {
                let grid = generic
                    .random_solution(&digits, &mut rng, u64::MAX)
                    .unwrap();
                digits.copy_from_slice(&grid);
                let mut order: Vec<usize> = (0..81).collect();
                crate::bitboard::shuffle(&mut order, &mut rng);
                for &c in &order[..50 + (round as usize / 2) % 30] {
                    digits[c] = 0;
                }
                if round % 6 == 5 {
                    digits[order[0]] = digits[order[1]].max(1);
                }
            }
            let (mut a, mut b) = (
                ChaCha8Rng::seed_from_u64(round),
                ChaCha8Rng::seed_from_u64(round),
            );
            let expected = generic.random_solution(&digits, &mut a, u64::MAX);
            assert_eq!(
                classic.random_solution(&digits, &mut b, u64::MAX),
                expected,
                "round {round}"
            );
            assert_eq!(a.next_u64(), b.next_u64(), "round {round}: the draws used");
            none += usize::from(expected.is_none());
        }
        assert!(none > 20, "{none} puzzles without a solution");
    }

    #[test]
    fn finds_clashes_and_the_hardest_puzzle_unique() {
        let sudoku = Sudoku::classic();
        let mut bits = for_houses(&sudoku).unwrap();
        let puzzle = Puzzle::parse(HARDEST).unwrap();
        assert_eq!(
            bits.count_within(puzzle.cells(), None, 2, u64::MAX),
            Some(1)
        );
        let mut cells = puzzle.cells().to_vec();
        (cells[1], cells[2]) = (4, 4);
        assert_eq!(bits.count_within(&cells, None, 2, u64::MAX), Some(0));
        assert_eq!(bits.count_within(&[0; 81], None, 2, 3), None);
        assert_eq!(bits.count_within(&[0; 81], None, 2, 1000), Some(2));
    }

    #[test]
    fn takes_grids_up_to_31x31_of_houses_only() {
        for side in [4, 9, 16, 25, 30] {
            let sudoku = Sudoku::new(GridSize::from_side(side).unwrap(), Variant::default());
            assert!(for_houses(&sudoku).is_some(), "{side}");
        }
        let big = Sudoku::new(GridSize::without_boxes(32).unwrap(), Variant::default());
        assert!(for_houses(&big).is_none());
        let knight = Sudoku::new(GridSize::CLASSIC, "anti-knight".parse::<Variant>().unwrap());
        assert!(for_houses(&knight).is_none());
    }
}
