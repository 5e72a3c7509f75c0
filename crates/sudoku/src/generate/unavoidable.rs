//! Unavoidable sets of a full grid found by swapping two lines: two rows
//! (or two columns) whose digits, on some columns (rows), are the same
//! set in another order, so that swapping the two rows there leaves both
//! rows and every column with the same digits. Two columns give the
//! unavoidable rectangle,
//!
//! ```text
//! a . b          b . a
//! . . .   -->    . . .
//! b . a          a . b
//! ```
//!
//! three a cycle of three digits. A swap is kept only if every house
//! (boxes, diagonals, windows, regions) keeps its digits too: in a
//! classic grid, a rectangle spanning two boxes, not four. The swapped
//! grid is another solution of any puzzle with none of the set's cells
//! as clues, so a puzzle that empties a set is not unique: the generator
//! learns it without a search.

use crate::{House, HouseKind};

/// The longest cycle of a swap looked for: sets of up to 8 cells.
pub(crate) const MAX_CYCLE: usize = 4;

/// The unavoidable sets of one grid, listed per cell.
#[derive(Clone, Debug, Default)]
pub(crate) struct UnavoidableSets {
    /// The sets' cells, one set after the other.
    cells: Vec<u16>,
    /// Where each set starts in `cells`, and where the last one ends.
    starts: Vec<u32>,
    /// Per cell, the unavoidable (indices into `unavoidable`) it is in.
    of_cell: Vec<Vec<u32>>,
}

impl UnavoidableSets {
    /// The unavoidable sets of `grid` (digits in reading order, a side of
    /// `side`) made by swapping two rows (or two columns) on a cycle of at
    /// most [`MAX_CYCLE`] columns (rows), given the houses of each cell
    /// other than whole rows and columns ([`houses_of`](Self::houses_of)).
    pub(crate) fn find(&mut self, grid: &[u8], side: usize, houses_of: &[Vec<u16>]) {
        self.cells.clear();
        self.starts.clear();
        self.starts.push(0);
        self.of_cell.resize(grid.len(), Vec::new());
        self.of_cell.iter_mut().for_each(Vec::clear);
        let houses = houses_of
            .iter()
            .flatten()
            .max()
            .map_or(0, |&h| usize::from(h) + 1);
        // Per house, the sum of `1 << digit` over the digits it loses less
        // over those it gains: all zero iff each house keeps its digits
        // (a house's digits differ, so a sum of as many powers of two is
        // equal only to the same set's).
        let mut delta = vec![0u64; houses];
        let mut seen = vec![false; side];
        let mut cycle = [0usize; MAX_CYCLE];
        let mut place = vec![0u8; side * (side + 1)];
        for by_rows in [true, false] {
            // Lines are rows (or columns); `at(line, i)` is the i-th cell.
            let at = |line: usize, i: usize| {
                if by_rows {
                    line * side + i
                } else {
                    i * side + line
                }
            };
            // Where each line holds each digit.
            for line in 0..side {
                for i in 0..side {
                    place[line * (side + 1) + usize::from(grid[at(line, i)])] = i as u8;
                }
            }
            for l1 in 0..side {
                let where_l1 = &place[l1 * (side + 1)..(l1 + 1) * (side + 1)];
                for l2 in l1 + 1..side {
                    seen.fill(false);
                    for start in 0..side {
                        if seen[start] {
                            continue;
                        }
                        // The cycle through `start`: the positions whose
                        // digits `l1` holds at the next one.
                        let mut len = 0;
                        let mut i = start;
                        while !seen[i] {
                            seen[i] = true;
                            if len < MAX_CYCLE {
                                cycle[len] = i;
                            }
                            len += 1;
                            i = usize::from(where_l1[usize::from(grid[at(l2, i)])]);
                        }
                        if len > MAX_CYCLE {
                            continue;
                        }
                        let cycle = &cycle[..len];
                        for &i in cycle {
                            let (c1, c2) = (at(l1, i), at(l2, i));
                            let change = (1u64 << grid[c1]).wrapping_sub(1u64 << grid[c2]);
                            for &h in &houses_of[c1] {
                                let h = usize::from(h);
                                delta[h] = delta[h].wrapping_add(change);
                            }
                            for &h in &houses_of[c2] {
                                let h = usize::from(h);
                                delta[h] = delta[h].wrapping_sub(change);
                            }
                        }
                        // Each house touched read (its first reading is
                        // its sum) and set back to zero.
                        let mut keeps = true;
                        for &i in cycle {
                            for c in [at(l1, i), at(l2, i)] {
                                for &h in &houses_of[c] {
                                    keeps &= delta[usize::from(h)] == 0;
                                    delta[usize::from(h)] = 0;
                                }
                            }
                        }
                        if keeps {
                            let index = self.starts.len() as u32 - 1;
                            for &i in cycle {
                                for c in [at(l1, i), at(l2, i)] {
                                    self.of_cell[c].push(index);
                                    self.cells.push(c as u16);
                                }
                            }
                            self.starts.push(self.cells.len() as u32);
                        }
                    }
                }
            }
        }
    }

    /// The cells of set `i`.
    fn set(&self, i: usize) -> &[u16] {
        &self.cells[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    /// The houses of each cell, as [`find`](Self::find) takes them.
    /// Whole rows and columns are left out: a swap keeps the digits of
    /// its two lines by construction, and of every line across them (it
    /// swaps two cells of that line).
    pub(crate) fn houses_of(houses: &[House], cells: usize) -> Vec<Vec<u16>> {
        let mut of = vec![Vec::new(); cells];
        for (h, house) in houses.iter().enumerate() {
            if matches!(house.kind, HouseKind::Row | HouseKind::Column) {
                continue;
            }
            for &c in &house.cells {
                of[c].push(h as u16);
            }
        }
        of
    }

    /// Whether a rectangle with `cell` has all four cells empty in
    /// `digits` (0 empty).
    pub(crate) fn emptied(&self, digits: &[u8], cell: usize) -> bool {
        (self.of_cell[cell].iter()).any(|&r| {
            self.set(r as usize)
                .iter()
                .all(|&c| digits[usize::from(c)] == 0)
        })
    }

    /// The sets self.
    #[cfg(test)]
    fn sets(&self) -> Vec<Vec<u16>> {
        (0..self.starts.len() - 1)
            .map(|i| self.set(i).to_vec())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GridSize, Puzzle, Sudoku, Variant};
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;

    const GRID: &str =
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642";

    fn sets(sudoku: &Sudoku, grid: &[u8]) -> UnavoidableSets {
        let side = sudoku.size().side();
        let mut sets = UnavoidableSets::default();
        sets.find(
            grid,
            side,
            &UnavoidableSets::houses_of(sudoku.houses(), side * side),
        );
        sets
    }

    /// `grid` with the digits of `cells` (pairs of cells in two lines)
    /// swapped pairwise.
    fn swapped(grid: &[u8], cells: &[u16]) -> Vec<u8> {
        let mut out = grid.to_vec();
        for pair in cells.chunks_exact(2) {
            let (a, b) = (usize::from(pair[0]), usize::from(pair[1]));
            out.swap(a, b);
        }
        out
    }

    #[test]
    fn every_set_swaps_to_another_solution() {
        let grids = [
            Sudoku::classic(),
            Sudoku::new(GridSize::CLASSIC, "diagonal".parse::<Variant>().unwrap()),
            Sudoku::new(GridSize::CLASSIC, "windoku".parse::<Variant>().unwrap()),
            Sudoku::new(GridSize::from_side(6).unwrap(), Variant::default()),
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for sudoku in &grids {
            let mut solver = crate::bitboard::solver::for_houses(sudoku).unwrap();
            let empty = Puzzle::empty(sudoku.size());
            let mut total = 0;
            for _ in 0..20 {
                let grid = solver
                    .random_solution(empty.cells(), &mut rng, u64::MAX)
                    .unwrap();
                let found = sets(sudoku, &grid);
                for cells in found.sets() {
                    total += 1;
                    assert!((4..=2 * MAX_CYCLE).contains(&cells.len()));
                    let other = Puzzle::from_digits(sudoku.size(), swapped(&grid, &cells));
                    assert!(sudoku.is_solution_of(&other, &empty), "{cells:?}");
                    assert_ne!(other.cells(), &grid[..]);
                }
            }
            assert!(total > 20, "{}: {total} sets in 20 grids", sudoku.size());
        }
    }

    #[test]
    fn a_house_across_the_swap_drops_it() {
        // With the diagonals as houses, only sets that keep them too.
        let grid = Puzzle::parse(GRID).unwrap();
        let classic = sets(&Sudoku::classic(), grid.cells()).sets();
        let x = Sudoku::new(GridSize::CLASSIC, "diagonal".parse::<Variant>().unwrap());
        let diagonal = sets(&x, grid.cells()).sets();
        assert!(diagonal.len() < classic.len());
        for cells in &diagonal {
            assert!(classic.contains(cells));
        }
    }

    #[test]
    fn emptied_needs_every_cell_of_a_set_empty() {
        let grid = Puzzle::parse(GRID).unwrap();
        let found = sets(&Sudoku::classic(), grid.cells());
        let cells = found.sets()[0].clone();
        let mut digits = grid.cells().to_vec();
        let (last, rest) = cells.split_last().unwrap();
        for &c in rest {
            digits[usize::from(c)] = 0;
        }
        assert!(!found.emptied(&digits, usize::from(cells[0])));
        digits[usize::from(*last)] = 0;
        assert!(found.emptied(&digits, usize::from(cells[0])));
    }
}
