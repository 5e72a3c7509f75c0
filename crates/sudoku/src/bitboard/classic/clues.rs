//! Clues placed on the band bitboards: the state a search starts from,
//! made in one pass per digit, and kept between the generator's checks,
//! which ask about one clue set after another that differ in a cell or
//! two: an edit of those cells makes the same state as a new load for a
//! tenth of the work.

use super::{BAND, BOX, SHRINK, State, columns_of, left_by_peers};

/// The cells of the rows of a band in a set of them (bit `r` for row `r`).
pub(super) static ROWS_OF: [u32; 8] = spread(0x1ff, 9);

/// The cells of the boxes of a band in a set of them (bit `k` for box `k`).
pub(super) static BOXES_OF: [u32; 8] = spread(BOX, 3);

/// For each set of three things (bits 0..3), the union of `first`
/// shifted by `step` times each.
const fn spread(first: u32, step: u32) -> [u32; 8] {
    let mut table = [0u32; 8];
    let mut set = 0;
    while set < 8 {
        let mut k = 0;
        while k < 3 {
            if set >> k & 1 == 1 {
                table[set] |= first << (step * k as u32);
            }
            k += 1;
        }
        set += 1;
    }
    table
}

/// A clue set (81 cells, 0 empty, else `1..=9`) and the state with its
/// clues placed: a clue's cell leaves the other digits, and its row, box
/// and column leave its digit.
#[derive(Clone)]
pub(super) struct Clues {
    digits: [u8; 81],
    /// The cells of each digit's clues, mask `3 * digit + band`.
    cells: [u32; 27],
    /// Nothing deduced yet: see [`start`](Self::start).
    state: State,
}

impl Clues {
    /// The state a search starts from: every mask is to be deduced but
    /// those of a digit with a clue in each row of the band (their
    /// deductions find nothing the clues did not).
    pub(super) fn start(&self) -> State {
        let mut state = self.state;
        for (deduced, (&mask, &cells)) in
            (state.deduced.iter_mut()).zip(state.masks.iter().zip(&self.cells))
        {
            *deduced = if cells.count_ones() == 3 {
                mask
            } else {
                u32::MAX
            };
        }
        state
    }

    /// The clues of `digits`; `None` if a digit is out of range or two
    /// clues of a digit see each other.
    pub(super) fn load(digits: &[u8]) -> Option<Clues> {
        // The givens of each band first, a bit per cell without a branch,
        // then a mask per digit and band from them (`3 * digit + band`,
        // digits from 0; 9 for any digit out of range).
        let mut by_digit = [0u32; 30];
        let mut unsolved = [0u32; 3];
        for (band, cells) in digits.chunks_exact(27).enumerate() {
            let given = (cells.iter().enumerate())
                .fold(0u32, |acc, (j, &digit)| acc | u32::from(digit != 0) << j);
            unsolved[band] = BAND & !given;
            let mut rest = given;
            while rest != 0 {
                let j = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                by_digit[3 * usize::from(cells[j].min(10) - 1) + band] |= 1 << j;
            }
        }
        if by_digit[27..].iter().any(|&m| m != 0) {
            return None;
        }
        let mut clues = Clues {
            digits: digits.try_into().ok()?,
            cells: by_digit[..27].try_into().expect("27 masks"),
            state: State::START,
        };
        clues.state.unsolved = unsolved;
        (0..9).all(|d| clues.place_digit(d)).then_some(clues)
    }

    /// The masks of digit `d` from its clues: false if two of them see
    /// each other.
    #[inline]
    fn place_digit(&mut self, d: usize) -> bool {
        let c = &self.cells[3 * d..3 * d + 3];
        let (c0, c1, c2) = (columns_of(c[0]), columns_of(c[1]), columns_of(c[2]));
        let columns = c0 | c1 | c2;
        let column_cells = columns | columns << 9 | columns << 18;
        // Each band's clues are in as many rows and boxes as there are
        // clues (never more): the totals tell, without a test per band.
        let (mut clues, mut rows_and_boxes) = (0, 0);
        for (band, &m) in c.iter().enumerate() {
            let rows = u32::from(m & 0x1ff != 0)
                | u32::from(m >> 9 & 0x1ff != 0) << 1
                | u32::from(m >> 18 != 0) << 2;
            let boxes = u32::from(SHRINK[columns_of(m) as usize]);
            clues += 2 * m.count_ones();
            rows_and_boxes += rows.count_ones() + boxes.count_ones();
            let seen = column_cells | ROWS_OF[rows as usize] | BOXES_OF[boxes as usize];
            self.state.masks[3 * d + band] = self.state.unsolved[band] & !seen | m;
        }
        c0 & c1 | c0 & c2 | c1 & c2 == 0 && clues == rows_and_boxes
    }

    /// Makes these the clues of `digits` by editing the cells that
    /// differ: `None` if more than two do (nothing changed then: load
    /// again), `Some(false)` if two clues of a digit then see each other
    /// (unusable: load again), else `Some(true)`.
    pub(super) fn edit(&mut self, digits: &[u8]) -> Option<bool> {
        let mut changed = [0usize; 2];
        let mut n = 0;
        for (k, (new, old)) in digits.chunks(8).zip(self.digits.chunks(8)).enumerate() {
            if new != old {
                for (j, (a, b)) in new.iter().zip(old).enumerate() {
                    if a != b {
                        if n == 2 || *a > 9 {
                            return None;
                        }
                        changed[n] = 8 * k + j;
                        n += 1;
                    }
                }
            }
        }
        let changed = &changed[..n];
        // The clue sets and unsolved cells first, then each cell's other
        // digits (those its peers leave, if it is empty now), then the
        // masks of the digits whose clues changed.
        let mut moved = 0u32;
        for &cell in changed {
            let (band, bit) = (cell / 27, 1 << (cell % 27));
            let (old, new) = (self.digits[cell], digits[cell]);
            if old != 0 {
                self.cells[3 * usize::from(old - 1) + band] &= !bit;
                moved |= 1 << (old - 1);
            }
            if new != 0 {
                self.cells[3 * usize::from(new - 1) + band] |= bit;
                self.state.unsolved[band] &= !bit;
                moved |= 1 << (new - 1);
            } else {
                self.state.unsolved[band] |= bit;
            }
            self.digits[cell] = new;
        }
        for &cell in changed {
            let (band, bit) = (cell / 27, 1 << (cell % 27));
            let left = if digits[cell] == 0 {
                left_by_peers(digits, cell)
            } else {
                0
            };
            for d in 0..9 {
                let m = &mut self.state.masks[3 * d + band];
                *m = *m & !bit | (left >> d & 1).wrapping_neg() & bit;
            }
        }
        while moved != 0 {
            let d = moved.trailing_zeros() as usize;
            moved &= moved - 1;
            if !self.place_digit(d) {
                return Some(false);
            }
        }
        Some(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{RngCore, SeedableRng};

    /// An edit of one to three cells (clues removed, put back, changed,
    /// some clashing) makes the state a new load makes, or refuses.
    #[test]
    fn an_edit_makes_what_a_load_makes() {
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let grid: Vec<u8> =
            "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
                .bytes()
                .map(|b| b - b'0')
                .collect();
        let (mut edited, mut clashes) = (0, 0);
        for round in 0..3000 {
            let mut digits = grid.clone();
            for digit in &mut digits {
                if rng.next_u32() % 3 != 0 {
                    *digit = 0;
                }
            }
            let Some(mut clues) = Clues::load(&digits) else {
                unreachable!("clues of a solution do not clash")
            };
            let mut next = digits.clone();
            for _ in 0..1 + round % 3 {
                let cell = rng.next_u32() as usize % 81;
                next[cell] = match rng.next_u32() % 3 {
                    0 => 0,
                    1 => grid[cell],
                    _ => 1 + (rng.next_u32() % 9) as u8,
                };
            }
            let differ = (0..81).filter(|&c| next[c] != digits[c]).count();
            let fresh = Clues::load(&next);
            match clues.edit(&next) {
                None => assert!(differ > 2, "round {round}"),
                Some(true) => {
                    let fresh = fresh.expect("no clash");
                    let (a, b) = (clues.start(), fresh.start());
                    assert_eq!((a.masks, a.deduced), (b.masks, b.deduced), "round {round}");
                    assert_eq!(a.unsolved, b.unsolved, "round {round}");
                    assert_eq!((clues.digits, clues.cells), (fresh.digits, fresh.cells));
                    edited += 1;
                }
                Some(false) => {
                    assert!(fresh.is_none(), "round {round}");
                    clashes += 1;
                }
            }
        }
        assert!(
            edited > 1000 && clashes > 100,
            "{edited} edited, {clashes} clashes"
        );
    }
}
