//! The solver for the classic 9x9 grid (rows, columns, 3x3 boxes and
//! nothing else), on band bitboards as JCZSolve describes them: for each
//! digit and each band (three rows), a 27-bit mask of the band's cells
//! where the digit may go. A search state is the 27 masks, each mask as
//! its deductions last left it, and the unsolved cells of each band: a
//! copy of 228 bytes, on the stack.
//!
//! Deductions, each done for the masks that differ from what their last
//! deduction left, 27 tests written out with constant indices:
//! - **within a band** (one table lookup): the band's "shrink", which of
//!   its nine minirows (three cells of a row inside a box) still hold the
//!   digit, goes through a table of the minirows that lie on some way to
//!   give each of the three rows a different box ([`LOCKED`]); the cells
//!   of the other minirows lose the digit. That is locked candidates
//!   (pointing and claiming) inside the band, and a box left with one
//!   minirow makes that row's digit single;
//! - **pointing to the other bands** (one table lookup on the columns
//!   where the digit may go in the band, [`POINTING`]): a box whose digit
//!   lies in one column takes that column from the other two bands;
//! - **claiming from a column** (one table lookup per other band,
//!   [`CLAIMING`]): a column where one band alone may still hold the
//!   digit holds it in that band's box, so the box's other columns lose
//!   it. With pointing, that is what the configurations of a stack
//!   (tdoku's: which column of each box holds the digit) take out, but
//!   for a stack left without any configuration, found a deduction
//!   later;
//! - **a row with a single cell left** for a digit places it there: the
//!   other digits leave the cell (its column in the other bands went by
//!   pointing: its box has no other cell);
//! - **naked singles** of the whole band at once, bit-sliced over the nine
//!   digits (cells with exactly one digit left), which also find the
//!   cells with none (a contradiction) and the cells with two (where it
//!   branches first).
//!
//! Every deduction takes out what it finds without a branch per digit: a
//! removal that finds nothing changes no mask, so nothing runs again.
//! The search branches on the cell with two candidates that has the most
//! unsolved peers (else on a cell with the fewest candidates, the most
//! unsolved peers among them), copying the state for every digit but the
//! last, which reuses it. Nothing is allocated per node.

/// Runs `$state.$deduce::<I>()` for every mask `I` that differs from what
/// its last deduction left, by 27 tests written out with constant
/// indices, until none does: `false` as soon as a deduction finds a
/// contradiction, else `true`.
macro_rules! deduce_changed_masks {
    ($state:ident, $deduce:ident) => {
        deduce_changed_masks!(@each $state, $deduce;
            0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26)
    };
    (@each $state:ident, $deduce:ident; $($i:literal)*) => {{
        let mut consistent = true;
        let mut again = true;
        'passes: while again {
            again = false;
            $(
                if $state.masks[$i] != $state.deduced[$i] {
                    again = true;
                    if !$state.$deduce::<$i>() {
                        consistent = false;
                        break 'passes;
                    }
                }
            )*
        }
        consistent
    }};
}

mod clues;
mod random_grid;

use clues::Clues;
pub(crate) use random_grid::RandomGrid;

/// A band's 27 cells, bit `9 * row + column` (row `0..3` inside the band).
const BAND: u32 = (1 << 27) - 1;

/// Which of a row's three minirows hold a cell: bit `k` if any of bits
/// `3k..3k + 3` of a row's nine bits is set.
static SHRINK: [u8; 512] = shrink_table();

/// Locked candidates inside a band: for a shrink (bit `3 * row + box` if
/// the digit may still go in that minirow), the cells of the minirows
/// that belong to some choice of one minirow per row, in three
/// different boxes; 0 if there is no such choice. Above bit 32, the
/// minirows every such choice takes (bit `3 * row + box`): each is the
/// only one of its row and of its box left.
static LOCKED: [u64; 512] = locked_table();

/// Pointing to the other bands: for the columns of a band where a digit
/// may still go (bit `c` for column `c`), the cells of a band outside
/// each column that is the only one of its box there: the digit's cell
/// in that box is in that column, so the other bands lose it. Above bit
/// 32, the minirows (bit `3 * row + box`) of those boxes.
static POINTING: [u64; 512] = pointing_table();

/// Claiming from a column to its box: for the columns of a band where
/// the digit has left the other two bands (bit `c` for column `c`), the
/// cells of the band outside the other columns of those columns' boxes
/// (the digit's cell of such a box is in that column).
static CLAIMING: [u32; 512] = claiming_table();

/// For a set of minirows (bit `3 * row + box`), the cells of their rows.
static ROW_CELLS: [u32; 512] = row_cells_table();

/// The row's nine bits if just one is set, else 0.
static ONE_CELL: [u16; 512] = one_cell_table();

/// For cell `i` of a band, the cells of the band in its row, box or
/// column, without itself.
static BAND_PEERS: [u32; 27] = band_peers_table();

/// For a byte, eight bytes: byte `j` is bit `j` of it.
static SPREAD: [u64; 256] = spread_table();

const fn spread_table() -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut j = 0;
        while j < 8 {
            table[byte] |= ((byte as u64 >> j) & 1) << (8 * j);
            j += 1;
        }
        byte += 1;
    }
    table
}

/// The cells of a band's first box (shifted left by `3 * k`: box `k`).
const BOX: u32 = 7 | 7 << 9 | 7 << 18;

/// The 20 peers of each cell of the grid (reading order).
static PEERS: [[u8; 20]; 81] = peers_table();

/// The digits (bit `d - 1` for digit `d`) none of `cell`'s peers holds in
/// `digits` (81 cells, 0 empty, else `1..=9`).
pub(crate) fn left_by_peers(digits: &[u8], cell: usize) -> u32 {
    let seen = (PEERS[cell].iter()).fold(0u32, |acc, &p| acc | 1 << digits[usize::from(p)]);
    !(seen >> 1) & 0x1ff
}

const fn peers_table() -> [[u8; 20]; 81] {
    let mut table = [[0u8; 20]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        let mut k = 0;
        let mut other = 0;
        while other < 81 {
            let (r, c) = (other / 9, other % 9);
            let same_box = r / 3 == row / 3 && c / 3 == col / 3;
            if other != cell && (r == row || c == col || same_box) {
                table[cell][k] = other as u8;
                k += 1;
            }
            other += 1;
        }
        cell += 1;
    }
    table
}

/// The two other bands of each band.
const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

/// The columns (bit `c`) where a band's mask has a cell.
#[inline(always)]
fn columns_of(m: u32) -> u32 {
    (m | m >> 9 | m >> 18) & 0x1ff
}

/// The three cells of column `c` in a band.
const fn column(c: usize) -> u32 {
    (1 | 1 << 9 | 1 << 18) << c
}

const fn shrink_table() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut row = 0;
    while row < 512 {
        let mut k = 0;
        while k < 3 {
            if (row >> (3 * k)) & 7 != 0 {
                table[row] |= 1 << k;
            }
            k += 1;
        }
        row += 1;
    }
    table
}

/// The six ways to give rows 0, 1, 2 of a band three different boxes.
const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The cells of minirow (`row`, `box`) of a band.
const fn minirow(row: usize, box_: usize) -> u32 {
    7 << (9 * row + 3 * box_)
}

const fn locked_table() -> [u64; 512] {
    let mut table = [0u64; 512];
    let mut shrink = 0;
    while shrink < 512 {
        // The minirows of every choice so far.
        let mut forced = 0x1ff;
        let mut p = 0;
        while p < 6 {
            let boxes = PERMUTATIONS[p];
            let mut r = 0;
            let mut all = true;
            while r < 3 {
                all &= shrink >> (3 * r + boxes[r]) & 1 == 1;
                r += 1;
            }
            if all {
                let mut r = 0;
                let mut taken = 0;
                while r < 3 {
                    table[shrink] |= minirow(r, boxes[r]) as u64;
                    taken |= 1 << (3 * r + boxes[r]);
                    r += 1;
                }
                forced &= taken;
            }
            p += 1;
        }
        if table[shrink] != 0 {
            table[shrink] |= forced << 32;
        }
        shrink += 1;
    }
    table
}

const fn pointing_table() -> [u64; 512] {
    let mut table = [0u64; 512];
    let mut columns = 0usize;
    while columns < 512 {
        let mut keep = BAND;
        let mut minirows = 0u64;
        let mut b = 0;
        while b < 3 {
            let of_box = columns >> (3 * b) & 7;
            if of_box.count_ones() == 1 {
                keep &= !column(3 * b + of_box.trailing_zeros() as usize);
                minirows |= 0b001_001_001 << b;
            }
            b += 1;
        }
        table[columns] = keep as u64 | minirows << 32;
        columns += 1;
    }
    table
}

const fn claiming_table() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut columns = 0usize;
    while columns < 512 {
        let mut keep = BAND;
        let mut b = 0;
        while b < 3 {
            let of_box = columns >> (3 * b) & 7;
            if of_box != 0 {
                let mut c = 0;
                while c < 3 {
                    if of_box >> c & 1 == 0 {
                        keep &= !column(3 * b + c);
                    }
                    c += 1;
                }
            }
            b += 1;
        }
        table[columns] = keep;
        columns += 1;
    }
    table
}

const fn row_cells_table() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut minirows = 0;
    while minirows < 512 {
        let mut row = 0;
        while row < 3 {
            if minirows >> (3 * row) & 7 != 0 {
                table[minirows] |= 0x1ff << (9 * row);
            }
            row += 1;
        }
        minirows += 1;
    }
    table
}

const fn one_cell_table() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut row = 0;
    while row < 512 {
        if (row as u32).count_ones() == 1 {
            table[row] = row as u16;
        }
        row += 1;
    }
    table
}

const fn band_peers_table() -> [u32; 27] {
    let mut table = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (row, col) = (i / 9, i % 9);
        let mut peers = (0x1ff << (9 * row)) | column(col);
        let mut r = 0;
        while r < 3 {
            peers |= minirow(r, col / 3);
            r += 1;
        }
        table[i] = peers & !(1 << i);
        i += 1;
    }
    table
}

/// What one search state knows. Mask `3 * digit + band`.
#[derive(Clone, Copy)]
struct State {
    /// Where each digit may still go, per band.
    masks: [u32; 27],
    /// Each mask as its deductions last left it: those that differ
    /// changed since, and are deduced again.
    deduced: [u32; 27],
    /// The cells of each band without a digit yet.
    unsolved: [u32; 3],
}

/// What the naked-singles pass found.
enum Pass {
    /// A cell without candidates.
    Contradiction,
    /// Singles placed: deduce again.
    Placed,
    /// Nothing placed; the cell with two candidates to branch on, if
    /// any (band, bit): see [`State::best_pair`].
    Stable(Option<(usize, u32)>),
}

impl State {
    const START: State = State {
        masks: [BAND; 27],
        // No mask is ever all ones: every mask is deduced first.
        deduced: [u32::MAX; 27],
        unsolved: [BAND; 3],
    };

    /// Puts `digit` (0-based) at bit `bit` of band `band`: the other
    /// digits leave the cell and the digit leaves the cell's peers in the
    /// band; the deductions then see the row single. False if the digit
    /// cannot go there.
    #[inline(always)]
    fn place(&mut self, band: usize, bit: u32, digit: usize) -> bool {
        let i = 3 * digit + band;
        let own = self.masks[i];
        if own & bit == 0 {
            return false;
        }
        for d in 0..9 {
            self.masks[3 * d + band] &= !bit;
        }
        self.masks[i] = own & !BAND_PEERS[bit.trailing_zeros() as usize];
        true
    }

    /// The deductions for mask `i` (digit `i / 3`, band `i % 3`), which
    /// changed: false on a contradiction. Without branches beyond that
    /// one: what they find nothing for takes nothing out.
    #[inline(always)]
    fn deduce<const I: usize>(&mut self) -> bool {
        let i = I;
        let (digit, band) = (i / 3, i % 3);
        let mut a = self.masks[i];
        let shrink = (SHRINK[(a & 0x1ff) as usize] as usize
            | (SHRINK[(a >> 9 & 0x1ff) as usize] as usize) << 3
            | (SHRINK[(a >> 18 & 0x1ff) as usize] as usize) << 6)
            & 0x1ff;
        let locked = LOCKED[shrink];
        a &= locked as u32;
        if a == 0 {
            return false;
        }
        self.deduced[i] = a;
        // A column that is the only one of its box here: the digit's
        // cell of that box is in it, so the other bands lose it.
        let own = columns_of(a);
        let pointing = POINTING[own as usize];
        let (b1, b2) = OTHER_BANDS[band];
        let m1 = self.masks[3 * digit + b1] & pointing as u32;
        let m2 = self.masks[3 * digit + b2] & pointing as u32;
        // A column where one band alone may still hold the digit: the
        // digit's cell of that band's box is in it, so the box's other
        // columns lose it. Done for the other two bands: a band's columns
        // change only where its mask is deduced, so that is where the
        // others can be left alone with a column.
        let (c1, c2) = (columns_of(m1), columns_of(m2));
        self.masks[3 * digit + b1] = m1 & CLAIMING[(c1 & !(own | c2)) as usize];
        self.masks[3 * digit + b2] = m2 & CLAIMING[(c2 & !(own | c1)) as usize];
        // A row with one cell left (its minirow the only one of its row,
        // in a box with one column left): the digit goes there (its
        // column in the other bands went just above), the other digits
        // leave it (a cell solved before has lost them already).
        let solved = ROW_CELLS[((locked & pointing) >> 32) as usize & 0x1ff] & a;
        self.unsolved[band] &= !solved;
        for d in 0..9 {
            self.masks[3 * d + band] &= !solved;
        }
        self.masks[i] = a;
        true
    }

    /// Naked singles of every band, bit-sliced over the digits.
    #[inline]
    fn naked_singles(&mut self) -> Pass {
        let mut placed = false;
        let mut pairs = [0u32; 3];
        for (band, pairs) in pairs.iter_mut().enumerate() {
            let unsolved = self.unsolved[band];
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let m = self.masks[3 * d + band];
                three |= two & m;
                two |= one & m;
                one |= m;
            }
            if unsolved & !one != 0 {
                return Pass::Contradiction;
            }
            let mut singles = unsolved & !two;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                for d in 0..9 {
                    let i = 3 * d + band;
                    if self.masks[i] & bit != 0 {
                        let before = self.masks[i];
                        self.masks[i] &= !BAND_PEERS[bit.trailing_zeros() as usize];
                        placed |= self.masks[i] != before;
                        break;
                    }
                }
            }
            *pairs = unsolved & two & !three;
        }
        if placed {
            return Pass::Placed;
        }
        Pass::Stable(self.best_pair(&pairs))
    }

    /// Of the cells in `pairs` (per band, the unsolved cells with two
    /// candidates), the one with the most unsolved peers, the first in
    /// reading order on a tie: its two branches take a digit from the
    /// most cells.
    #[inline]
    fn best_pair(&self, pairs: &[u32; 3]) -> Option<(usize, u32)> {
        let mut best: Option<(u32, usize, u32)> = None;
        for (band, &pairs) in pairs.iter().enumerate() {
            let mut left = pairs;
            while left != 0 {
                let bit = left & left.wrapping_neg();
                left ^= bit;
                let peers = self.open_peers(band, bit);
                if best.is_none_or(|(most, _, _)| peers > most) {
                    best = Some((peers, band, bit));
                }
            }
        }
        best.map(|(_, band, bit)| (band, bit))
    }

    /// How many of the 20 peers of the cell at bit `bit` of band `band`
    /// are unsolved.
    #[inline(always)]
    fn open_peers(&self, band: usize, bit: u32) -> u32 {
        let at = bit.trailing_zeros() as usize;
        let (b1, b2) = OTHER_BANDS[band];
        let column = column(at % 9);
        // One count: the band's peers, and above bit 32 the column's cells
        // in the other two bands (one band's shifted up a bit, onto bits
        // the column mask leaves empty).
        let outside = (self.unsolved[b1] & column) | (self.unsolved[b2] & column) << 1;
        (u64::from(self.unsolved[band] & BAND_PEERS[at]) | u64::from(outside) << 32).count_ones()
    }

    /// Deduces until nothing changes. `Err` on a contradiction; else the
    /// cell with two candidates to branch on, if any.
    #[inline]
    fn propagate(&mut self) -> Result<Option<(usize, u32)>, ()> {
        loop {
            if !deduce_changed_masks!(self, deduce) {
                return Err(());
            }
            match self.naked_singles() {
                Pass::Contradiction => return Err(()),
                Pass::Placed => continue,
                Pass::Stable(pair) => return Ok(pair),
            }
        }
    }

    /// Where to branch when no cell has two candidates: the unsolved cell
    /// with the fewest candidates, and of those the one with the most
    /// unsolved peers (the first in reading order on a tie).
    #[inline(never)]
    fn fewest_candidates_cell(&self) -> Option<(usize, u32)> {
        let mut best: Option<(u32, usize, u32)> = None;
        for band in 0..3 {
            let mut unsolved = self.unsolved[band];
            while unsolved != 0 {
                let bit = unsolved & unsolved.wrapping_neg();
                unsolved ^= bit;
                // Fewer candidates first, then more open peers (at most 20).
                let score =
                    self.candidates(band, bit).count_ones() * 32 - self.open_peers(band, bit);
                if best.is_none_or(|(lowest, _, _)| score < lowest) {
                    best = Some((score, band, bit));
                }
            }
        }
        best.map(|(_, band, bit)| (band, bit))
    }

    /// Whether `digit` must go at bit `bit` of band `band`: it is the
    /// cell's only candidate, or the cell is the digit's only one in its
    /// row, box or column.
    fn forced(&self, band: usize, bit: u32, digit: usize) -> bool {
        let m = self.masks[3 * digit + band];
        let at = bit.trailing_zeros();
        let row = 0x1ff << (at / 9 * 9);
        let box_ = BOX << (at % 9 / 3 * 3);
        let col = column(at as usize % 9);
        let (b1, b2) = OTHER_BANDS[band];
        let in_column = self.masks[3 * digit + b1] | self.masks[3 * digit + b2];
        self.candidates(band, bit) == 1 << digit
            || m & row == bit
            || m & box_ == bit
            || m & col == bit && in_column & col == 0
    }

    /// The digits (bit `d` for digit `d + 1`) left at a cell.
    #[inline(always)]
    fn candidates(&self, band: usize, bit: u32) -> u32 {
        let shift = bit.trailing_zeros();
        let mut digits = 0;
        for d in 0..9 {
            digits |= (self.masks[3 * d + band] >> shift & 1) << d;
        }
        digits
    }

    /// The digits of a solved state (1-based, reading order): for each
    /// band, the digits' binary planes (plane `k`: the cells whose digit
    /// has bit `k` set), then eight cells at a time, each plane's byte
    /// spread to one bit per cell ([`SPREAD`]).
    fn write(&self, out: &mut [u8; 81]) {
        for (band, out) in out.chunks_exact_mut(27).enumerate() {
            let m = |d: usize| self.masks[3 * (d - 1) + band];
            let planes = [
                m(1) | m(3) | m(5) | m(7) | m(9),
                m(2) | m(3) | m(6) | m(7),
                m(4) | m(5) | m(6) | m(7),
                m(8) | m(9),
            ];
            let bytes = |shift: usize| {
                (planes.iter().enumerate())
                    .fold(0u64, |acc, (k, p)| {
                        acc | SPREAD[(p >> shift & 0xff) as usize] << k
                    })
                    .to_le_bytes()
            };
            out[0..8].copy_from_slice(&bytes(0));
            out[8..16].copy_from_slice(&bytes(8));
            out[16..24].copy_from_slice(&bytes(16));
            out[24..27].copy_from_slice(&bytes(24)[..3]);
        }
    }
}

/// The classic 9x9 solver. See the [module docs](self).
pub(crate) struct ClassicSolver {
    /// Solutions found in the current count.
    found: usize,
    limit: usize,
    /// The first solution found.
    first: [u8; 81],
    /// Search nodes left before the count gives up.
    nodes_left: u64,
    out_of_budget: bool,
    /// As the other bitboard solvers count them: each digit tried at a
    /// branch, and those tried while the cell had an untried digit left.
    pub(crate) placements: u64,
    pub(crate) guesses: u64,
    /// The known solution (digits from 1) when the question is whether
    /// there is another near it: where the search branches, its digit
    /// goes first.
    guide: [u8; 81],
    /// Whether the count is such a question: it follows `guide`.
    near: bool,
    /// Whether the count writes the first solution it finds to `first`
    /// (only [`count_all`](Self::count_all) asks).
    keep_first: bool,
    /// The clues of the last such question.
    clues: Option<Clues>,
}

impl ClassicSolver {
    pub(crate) fn new() -> ClassicSolver {
        ClassicSolver {
            found: 0,
            limit: 1,
            first: [0; 81],
            nodes_left: u64::MAX,
            out_of_budget: false,
            placements: 0,
            guesses: 0,
            guide: [0; 81],
            near: false,
            keep_first: false,
            clues: None,
        }
    }

    /// Whether `digits` has a solution other than `solution` (a solution
    /// of it) with another digit at `cell`, trying `solution`'s digits
    /// first where it branches (another solution mostly differs in a few
    /// cells); `None` past `budget` nodes.
    pub(crate) fn has_other_solution(
        &mut self,
        digits: &[u8],
        solution: &[u8],
        cell: usize,
        budget: u64,
    ) -> Option<bool> {
        self.guide.copy_from_slice(solution);
        // The clues of the last question, edited where they differ.
        let edited = (self.clues.as_mut()).and_then(|clues| clues.edit(digits));
        if edited != Some(true) {
            self.clues = Clues::load(digits);
        }
        let Some(clues) = self.clues.as_ref() else {
            return Some(false);
        };
        let mut state = clues.start();
        let (band, bit, digit) = (cell / 27, 1 << (cell % 27), usize::from(solution[cell] - 1));
        // The clues alone put the digit there: another solution would be
        // one of the puzzle with the cell given, which has one.
        if state.forced(band, bit, digit) {
            return Some(false);
        }
        state.masks[3 * digit + band] &= !bit;
        self.near = true;
        let found = self.run(&mut state, 1, budget);
        self.near = false;
        found.map(|n| n > 0)
    }

    /// Counts the solutions of `digits` (81 cells, 0 empty, else 1..=9)
    /// up to `limit`, without `not = (cell, digit)` if given; `None` if
    /// the search ran past `budget` nodes before it could tell.
    pub(crate) fn count(
        &mut self,
        digits: &[u8],
        not: Option<(usize, u8)>,
        limit: usize,
        budget: u64,
    ) -> Option<usize> {
        debug_assert_eq!(digits.len(), 81);
        let Some(mut state) = Clues::load(digits).map(|clues| clues.start()) else {
            self.placements = 0;
            self.guesses = 0;
            return Some(0);
        };
        if let Some((cell, digit)) = not
            && (1..=9).contains(&digit)
        {
            state.masks[3 * (digit as usize - 1) + cell / 27] &= !(1 << (cell % 27));
        }
        self.run(&mut state, limit, budget)
    }

    /// Counts the solutions of `digits` up to `limit` as
    /// [`count`](Self::count) does, with no budget; if `keep_first`,
    /// writes the first solution to [`first`](Self::first) when there is
    /// one.
    pub(crate) fn count_all(&mut self, digits: &[u8], limit: usize, keep_first: bool) -> usize {
        self.keep_first = keep_first;
        let found = self.count(digits, None, limit, u64::MAX);
        self.keep_first = false;
        found.unwrap_or(0)
    }

    /// Counts the solutions below `state` up to `limit`: see
    /// [`count`](Self::count).
    fn run(&mut self, state: &mut State, limit: usize, budget: u64) -> Option<usize> {
        self.found = 0;
        self.limit = limit.max(1);
        self.nodes_left = budget;
        self.out_of_budget = false;
        self.placements = 0;
        self.guesses = 0;
        self.search(state);
        (self.found >= self.limit || !self.out_of_budget).then_some(self.found)
    }

    /// The first solution of the last [`count_all`](Self::count_all) that
    /// kept it (valid when it found one).
    pub(crate) fn first(&self) -> &[u8; 81] {
        &self.first
    }

    /// Searches below `state`; true when the count should stop.
    fn search(&mut self, state: &mut State) -> bool {
        let pair = match state.propagate() {
            Ok(pair) => pair,
            Err(()) => return false,
        };
        let Some((band, bit)) = pair.or_else(|| state.fewest_candidates_cell()) else {
            if self.found == 0 && self.keep_first {
                state.write(&mut self.first);
            }
            self.found += 1;
            return self.found >= self.limit;
        };
        let mut digits = state.candidates(band, bit);
        // The guide's digit first.
        let guide = if self.near {
            self.guide[27 * band + bit.trailing_zeros() as usize]
        } else {
            0
        };
        let mut first = (1 << guide) >> 1 & digits;
        while digits != 0 {
            let digit = if first != 0 { first } else { digits }.trailing_zeros() as usize;
            first = 0;
            digits &= !(1 << digit);
            if self.nodes_left == 0 {
                self.out_of_budget = true;
                return true;
            }
            self.nodes_left -= 1;
            self.placements += 1;
            if digits != 0 {
                self.guesses += 1;
                let mut next = *state;
                next.place(band, bit, digit);
                if self.search(&mut next) {
                    return true;
                }
            } else {
                state.place(band, bit, digit);
                return self.search(state);
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables against their definitions, by brute force over cells.
    #[test]
    #[allow(clippy::needless_range_loop)] // an index per definition
    fn the_tables_hold_what_their_definitions_say() {
        for row in 0..512usize {
            let expected = (0..3).fold(0u8, |acc, k| {
                acc | u8::from((0..3).any(|j| row >> (3 * k + j) & 1 == 1)) << k
            });
            assert_eq!(SHRINK[row], expected, "shrink of {row:09b}");
        }
        for shrink in 0..512usize {
            // Every choice of a box per row (27), kept if the boxes
            // differ and each minirow chosen is available.
            let mut cells = 0u32;
            for choice in 0..27 {
                let boxes = [choice % 3, choice / 3 % 3, choice / 9];
                let distinct = boxes[0] != boxes[1] && boxes[0] != boxes[2] && boxes[1] != boxes[2];
                if distinct && (0..3).all(|r| shrink >> (3 * r + boxes[r]) & 1 == 1) {
                    for (r, &b) in boxes.iter().enumerate() {
                        for j in 0..3 {
                            cells |= 1 << (9 * r + 3 * b + j);
                        }
                    }
                }
            }
            let forced = (0..9)
                .filter(|&m| {
                    // The minirow's cells, and no other cells of its row
                    // or box.
                    let (r, b) = (m / 3, m % 3);
                    let own = (0..3).fold(0u32, |acc, j| acc | 1 << (9 * r + 3 * b + j));
                    let row = 0x1ff << (9 * r);
                    let box_ = BOX << (3 * b);
                    cells & own == own && cells & (row | box_) & !own == 0
                })
                .fold(0u64, |acc, m| acc | 1 << m);
            assert_eq!(
                LOCKED[shrink],
                u64::from(cells) | forced << 32,
                "locked of {shrink:09b}"
            );
        }
        for columns in 0..512usize {
            // Cells whose column is the only one of its box in `columns`.
            let lone = |c: usize| {
                columns >> c & 1 == 1
                    && (0..9).all(|o| o == c || o / 3 != c / 3 || columns >> o & 1 == 0)
            };
            let keep = (0..27)
                .filter(|&j| !lone(j % 9))
                .fold(0u64, |acc, j| acc | 1 << j);
            let minirows = (0..9)
                .filter(|&m| (0..9).any(|c| c / 3 == m % 3 && lone(c)))
                .fold(0u64, |acc, m| acc | 1 << m);
            assert_eq!(
                POINTING[columns],
                keep | minirows << 32,
                "pointing of {columns:09b}"
            );
        }
        for columns in 0..512usize {
            // Cells in a box with a claimed column, but not in one.
            let keep = (0..27)
                .filter(|&j| {
                    let (c, b) = (j % 9, j % 9 / 3);
                    let claimed_in_box = (0..3).any(|k| columns >> (3 * b + k) & 1 == 1);
                    !claimed_in_box || columns >> c & 1 == 1
                })
                .fold(0u32, |acc, j| acc | 1 << j);
            assert_eq!(CLAIMING[columns], keep, "claiming of {columns:09b}");
        }
        for byte in 0..256usize {
            let expected: Vec<u8> = (0..8).map(|j| (byte >> j & 1) as u8).collect();
            assert_eq!(
                SPREAD[byte].to_le_bytes().to_vec(),
                expected,
                "spread of {byte:08b}"
            );
        }
        for minirows in 0..512usize {
            let expected = (0..27)
                .filter(|&j| (0..3).any(|b| minirows >> (3 * (j / 9) + b) & 1 == 1))
                .fold(0u32, |acc, j| acc | 1 << j);
            assert_eq!(ROW_CELLS[minirows], expected, "row cells of {minirows:09b}");
        }
        for row in 0..512usize {
            let expected = if (0..9).filter(|&c| row >> c & 1 == 1).count() == 1 {
                row as u16
            } else {
                0
            };
            assert_eq!(ONE_CELL[row], expected, "one cell of {row:09b}");
        }
        for set in 0..8usize {
            let (mut rows, mut boxes) = (0u32, 0u32);
            for j in 0..27 {
                rows |= u32::from(set >> (j / 9) & 1 == 1) << j;
                boxes |= u32::from(set >> (j % 9 / 3) & 1 == 1) << j;
            }
            assert_eq!(
                (clues::ROWS_OF[set], clues::BOXES_OF[set]),
                (rows, boxes),
                "rows, boxes of {set:03b}"
            );
        }
        for (cell, peers) in PEERS.iter().enumerate() {
            let expected: Vec<u8> = (0..81u8)
                .filter(|&o| {
                    let (o, c) = (usize::from(o), cell);
                    o != c
                        && (o / 9 == c / 9
                            || o % 9 == c % 9
                            || (o / 27 == c / 27 && o % 9 / 3 == c % 9 / 3))
                })
                .collect();
            assert_eq!(peers.to_vec(), expected, "peers of {cell}");
        }
        for i in 0..27 {
            let (row, col) = (i / 9, i % 9);
            let expected = (0..27)
                .filter(|&j| j != i)
                .filter(|&j| j / 9 == row || j % 9 == col || j % 9 / 3 == col / 3)
                .fold(0u32, |acc, j| acc | 1 << j);
            assert_eq!(BAND_PEERS[i], expected, "peers of {i}");
        }
    }

    fn count(line: &str, limit: usize) -> (usize, String) {
        let digits: Vec<u8> = line
            .bytes()
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect();
        let mut solver = ClassicSolver::new();
        let n = solver.count_all(&digits, limit, true);
        let first = solver.first().iter().map(|d| (b'0' + d) as char).collect();
        (n, first)
    }

    #[test]
    fn it_solves_and_counts() {
        let inkala =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        assert_eq!(
            count(inkala, 2),
            (
                1,
                "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
                    .to_string()
            )
        );
        // Clashing givens: two 8s in the first row, in the first box, in
        // the first column (two bands), a digit out of range.
        let clash = format!("88{}", &inkala[2..]);
        assert_eq!(count(&clash, 2).0, 0);
        for cell in [10, 72] {
            let mut clash = inkala.as_bytes().to_vec();
            clash[cell] = b'8';
            assert_eq!(
                count(std::str::from_utf8(&clash).unwrap(), 2).0,
                0,
                "{cell}"
            );
        }
        let mut digits: Vec<u8> = inkala
            .bytes()
            .map(|b| b.saturating_sub(b'0') % 10)
            .collect();
        digits[5] = 10;
        assert_eq!(
            ClassicSolver::new().count(&digits, None, 2, u64::MAX),
            Some(0)
        );
        // The empty grid has many solutions.
        assert_eq!(count(&".".repeat(81), 1000).0, 1000);
        // One clue removed from a unique puzzle (the 8 at r1c1): more.
        assert_eq!(count(&format!(".{}", &inkala[1..]), 2).0, 2);
    }

    #[test]
    fn not_excludes_a_digit_and_the_budget_stops_the_count() {
        let inkala: Vec<u8> =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
                .bytes()
                .map(|b| if b == b'.' { 0 } else { b - b'0' })
                .collect();
        let mut solver = ClassicSolver::new();
        // The solution has 1 at r1c2: without it, none.
        assert_eq!(solver.count(&inkala, Some((1, 1)), 2, u64::MAX), Some(0));
        assert_eq!(solver.count(&inkala, Some((1, 2)), 2, u64::MAX), Some(1));
        assert_eq!(solver.count(&[0; 81], None, 1_000_000, 10), None);
    }
}
