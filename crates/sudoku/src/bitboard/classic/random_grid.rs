//! Random full grids of the classic 9x9 grid on the band bitboards, drawn
//! exactly as the generic bitboard solver draws them on any grid of
//! houses, so a seed gives the same grid: naked and hidden singles (rows,
//! boxes, columns) until nothing changes, no locked candidates; a branch
//! on the first cell (reading order) with the fewest candidates, its
//! digits in ascending order shuffled by the generator's `shuffle`. Both
//! reach the same fixpoint at every node (the same deductions to the
//! end, in another order), so the search visits the same nodes and
//! draws the same numbers.

use rand_chacha::ChaCha8Rng;

use super::{BOX, Clues, ONE_CELL, OTHER_BANDS, State, column, columns_of};

/// A random grid's search: the node budget and the grid found.
pub(crate) struct RandomGrid<'a> {
    rng: &'a mut ChaCha8Rng,
    nodes_left: u64,
    out_of_budget: bool,
    grid: Option<[u8; 81]>,
}

impl RandomGrid<'_> {
    /// A random solution of `digits` (81 cells, 0 empty, else `1..=9`),
    /// its branches' digits in an order drawn from `rng`; `None` if there
    /// is none, or none was found within `budget` search nodes.
    pub(crate) fn draw(digits: &[u8], rng: &mut ChaCha8Rng, budget: u64) -> Option<Vec<u8>> {
        let mut search = RandomGrid {
            rng,
            nodes_left: budget,
            out_of_budget: false,
            grid: None,
        };
        let mut state = Clues::load(digits)?.start();
        search.search(&mut state);
        search.grid.map(|g| g.to_vec())
    }

    /// Searches below `state`; true when the search should stop.
    fn search(&mut self, state: &mut State) -> bool {
        if self.nodes_left == 0 {
            self.out_of_budget = true;
            return true;
        }
        self.nodes_left -= 1;
        if !state.settle_singles() {
            return false;
        }
        let Some((band, bit)) = state.fewest() else {
            let mut grid = [0; 81];
            state.write(&mut grid);
            self.grid = Some(grid);
            return true;
        };
        let candidates = state.candidates(band, bit);
        let mut order = [0u8; 9];
        let mut k = 0;
        for d in 0..9u8 {
            if candidates >> d & 1 == 1 {
                order[k] = d;
                k += 1;
            }
        }
        crate::bitboard::shuffle(&mut order[..k], self.rng);
        for (i, &digit) in order[..k].iter().enumerate() {
            if i + 1 < k {
                let mut next = *state;
                next.settle(band, bit, usize::from(digit));
                if self.search(&mut next) {
                    return true;
                }
            } else {
                state.settle(band, bit, usize::from(digit));
                return self.search(state);
            }
        }
        false
    }
}

impl State {
    /// The first unsolved cell (reading order) with the fewest
    /// candidates (band, bit), if any is unsolved: each band's candidate
    /// counts bit-sliced over the digits (bit `k` of a cell's count in
    /// `planes[k]`), then the cells of each count from the smallest.
    #[inline(never)]
    fn fewest(&self) -> Option<(usize, u32)> {
        let mut best: Option<(u32, usize, u32)> = None;
        for band in 0..3 {
            let unsolved = self.unsolved[band];
            if unsolved == 0 {
                continue;
            }
            let mut planes = [0u32; 4];
            for d in 0..9 {
                let mut carry = self.masks[3 * d + band] & unsolved;
                for plane in &mut planes {
                    let sum = *plane ^ carry;
                    carry &= *plane;
                    *plane = sum;
                }
            }
            let most = best.map_or(9, |(n, _, _)| n - 1);
            for n in 0..=most {
                let mut cells = unsolved;
                for (k, plane) in planes.iter().enumerate() {
                    cells &= if n >> k & 1 == 1 { *plane } else { !*plane };
                }
                if cells != 0 {
                    best = Some((n, band, cells & cells.wrapping_neg()));
                    break;
                }
            }
        }
        best.map(|(_, band, bit)| (band, bit))
    }

    /// Puts `digit` (0-based, a candidate there) at bit `bit` of band
    /// `band` for good: [`place`](State::place), then the digit leaves
    /// the cell's column in the other bands too and the cell is solved.
    #[inline]
    fn settle(&mut self, band: usize, bit: u32, digit: usize) {
        let placed = self.place(band, bit, digit);
        debug_assert!(placed, "a digit settled where it cannot go");
        let col = column(bit.trailing_zeros() as usize % 9);
        let (b1, b2) = OTHER_BANDS[band];
        self.masks[3 * digit + b1] &= !col;
        self.masks[3 * digit + b2] &= !col;
        self.unsolved[band] &= !bit;
    }

    /// Hidden singles of mask `I` in its band's rows and boxes: false if
    /// one of them has no cell left for the digit.
    #[inline(always)]
    fn row_and_box_singles<const I: usize>(&mut self) -> bool {
        let (digit, band) = (I / 3, I % 3);
        let a = self.masks[I];
        self.deduced[I] = a;
        let mut singles = 0;
        for k in 0..3 {
            let row = a & 0x1ff << (9 * k);
            let box_ = a & BOX << (3 * k);
            if row == 0 || box_ == 0 {
                return false;
            }
            singles |= u32::from(ONE_CELL[(row >> (9 * k)) as usize]) << (9 * k);
            singles |= u32::from(box_ & box_.wrapping_sub(1) == 0).wrapping_neg() & box_;
        }
        let mut new = singles & self.unsolved[band];
        while new != 0 {
            let bit = new & new.wrapping_neg();
            new ^= bit;
            // Two singles of the digit that see each other: the second
            // has lost it, and its row or box is found empty next.
            if self.masks[I] & bit != 0 {
                self.settle(band, bit, digit);
            }
        }
        true
    }

    /// Hidden singles in columns: false if a digit has no cell left in
    /// a column; else whether one was placed.
    fn column_singles(&mut self) -> Option<bool> {
        let mut placed = false;
        for digit in 0..9 {
            let (mut one, mut more) = (0u32, 0u32);
            for band in 0..3 {
                let m = self.masks[3 * digit + band];
                let (r0, r1, r2) = (m & 0x1ff, m >> 9 & 0x1ff, m >> 18);
                let any = r0 | r1 | r2;
                more |= one & any | r0 & r1 | r0 & r2 | r1 & r2;
                one |= any;
            }
            if one != 0x1ff {
                return None;
            }
            let singles = one & !more;
            if singles == 0 {
                continue;
            }
            for band in 0..3 {
                let m = self.masks[3 * digit + band];
                let col = singles & columns_of(m);
                let mut cells = m & (col | col << 9 | col << 18) & self.unsolved[band];
                while cells != 0 {
                    let bit = cells & cells.wrapping_neg();
                    cells ^= bit;
                    // Two singles that see each other: the second has
                    // lost the digit, and its column is found empty next.
                    if self.masks[3 * digit + band] & bit != 0 {
                        self.settle(band, bit, digit);
                        placed = true;
                    }
                }
            }
        }
        Some(placed)
    }

    /// Naked singles of every band: false on a cell without candidates;
    /// else whether one was placed.
    fn naked_singles_settled(&mut self) -> Option<bool> {
        let mut placed = false;
        for band in 0..3 {
            let unsolved = self.unsolved[band];
            let (mut one, mut two) = (0u32, 0u32);
            for d in 0..9 {
                let m = self.masks[3 * d + band];
                two |= one & m;
                one |= m;
            }
            if unsolved & !one != 0 {
                return None;
            }
            let mut singles = unsolved & !two;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                // A single whose digit a single placed before took out
                // is found without candidates next round.
                if let Some(d) = (0..9).find(|&d| self.masks[3 * d + band] & bit != 0) {
                    self.settle(band, bit, d);
                    placed = true;
                }
            }
        }
        Some(placed)
    }

    /// Naked and hidden singles until nothing changes: false on a
    /// contradiction.
    fn settle_singles(&mut self) -> bool {
        loop {
            if !deduce_changed_masks!(self, row_and_box_singles) {
                return false;
            }
            match self.naked_singles_settled() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.column_singles() {
                None => return false,
                Some(true) => {}
                Some(false) => return true,
            }
        }
    }
}
