//! A plain solver for grids whose only rules are houses (classic, X,
//! windoku, jigsaw, extra regions): one candidate mask per cell, naked
//! and hidden singles, branching on a cell with the fewest candidates.
//! The generator's first solver, kept for tests only: the bitboard
//! solver must give its answers (the same counts, the same random grid
//! for the same draws).

use rand_chacha::ChaCha8Rng;

use csp_core::Rows;

use crate::Sudoku;
use crate::bitboard::solver::HouseSearch;

/// Marks a cell whose digit is placed (its mask keeps the digit's bit).
const PLACED: u32 = 1 << 31;

/// See the [module docs](self).
#[derive(Clone, Debug)]
pub(crate) struct HouseSolver {
    side: usize,
    cells: usize,
    full: u32,
    /// The peers of each cell: the cells it shares a house with.
    peers: Rows<u16>,
    /// The houses of `side` cells (where each digit must appear once),
    /// `side` cells each, one after the other.
    permutations: Vec<u16>,
    /// The cells of each house.
    house_cells: Rows<u16>,
    /// The houses of each cell.
    cell_houses: Rows<u16>,
    /// The digits placed in each house (scratch for loading).
    used: Vec<u32>,
    /// Search nodes left before [`count_within`](Self::count_within)
    /// gives up, and whether it did.
    nodes_left: u64,
    out_of_budget: bool,
    /// One candidate mask per cell per depth of the search.
    states: Vec<u32>,
    queue: Vec<u16>,
}

impl HouseSolver {
    /// A solver for `sudoku`'s houses, if it has no other rule.
    pub(crate) fn new(sudoku: &Sudoku) -> Option<HouseSolver> {
        let side = sudoku.size().side();
        let model = sudoku.model();
        let every_digit = csp_core::ValueSet::range(side as u32);
        if !sudoku.has_only_houses()
            || side > 31
            || model.vars().any(|v| model.initial_domain(v) != every_digit)
        {
            return None;
        }
        let cells = sudoku.size().cells();
        let as_u16 = |list: &[usize]| list.iter().map(|&c| c as u16).collect::<Vec<u16>>();
        let mut permutations = Vec::new();
        let mut of_cell = vec![Vec::<u16>::new(); cells];
        for (h, house) in sudoku.houses().iter().enumerate() {
            if house.cells.len() == side {
                permutations.extend(as_u16(&house.cells));
            }
            for &c in &house.cells {
                of_cell[c].push(h as u16);
            }
        }
        // With houses only, the model's neighbours are the peers.
        let peers = (model.vars())
            .map(|v| {
                model
                    .neighbours(v)
                    .iter()
                    .map(|n| n.index() as u16)
                    .collect()
            })
            .collect::<Vec<Vec<u16>>>();
        Some(HouseSolver {
            side,
            cells,
            full: (1u32 << side) - 1,
            peers: Rows::from(peers),
            permutations,
            used: vec![0; sudoku.houses().len()],
            house_cells: Rows::from(
                sudoku
                    .houses()
                    .iter()
                    .map(|h| as_u16(&h.cells))
                    .collect::<Vec<_>>(),
            ),
            cell_houses: Rows::from(of_cell),
            nodes_left: u64::MAX,
            out_of_budget: false,
            states: vec![0; cells * (cells + 1)],
            queue: Vec::with_capacity(cells * 4),
        })
    }

    /// How many solutions `digits` (0 empty, else `1..=side`) has, up to
    /// `limit`; with `not = Some((cell, digit))`, only those solutions
    /// without `digit` at `cell` (an empty cell).
    #[cfg(test)]
    pub(crate) fn count(&mut self, digits: &[u8], not: Option<(usize, u8)>, limit: usize) -> usize {
        self.count_within(digits, not, limit, u64::MAX)
            .expect("no node budget")
    }

    /// Puts the candidates of `digits` at depth 0 (clues placed, each
    /// empty cell the digits its houses lack, less `not`) and queues the
    /// cells left with one; `false` if two clues clash or a cell is left
    /// with none.
    fn load(&mut self, digits: &[u8], not: Option<(usize, u8)>) -> bool {
        assert_eq!(digits.len(), self.cells, "one digit per cell");
        self.queue.clear();
        for (h, used) in self.used.iter_mut().enumerate() {
            *used = 0;
            for &c in self.house_cells.row(h) {
                let d = digits[c as usize];
                if d != 0 {
                    let bit = 1u32 << (d - 1);
                    if *used & bit != 0 {
                        return false;
                    }
                    *used |= bit;
                }
            }
        }
        let state = &mut self.states[..self.cells];
        for (c, slot) in state.iter_mut().enumerate() {
            let d = digits[c];
            if d != 0 {
                *slot = 1 << (d - 1) | PLACED;
                continue;
            }
            let mut m = (self.cell_houses.row(c).iter())
                .fold(self.full, |m, &h| m & !self.used[h as usize]);
            if let Some((cell, d)) = not {
                if cell == c {
                    m &= !(1 << (d - 1));
                }
            }
            if m == 0 {
                return false;
            }
            *slot = m;
            if m.is_power_of_two() {
                self.queue.push(c as u16);
            }
        }
        true
    }

    /// Propagates the state at `depth`, then branches; stops once `found`
    /// reaches `limit`. Tries digits lowest first, or in an order drawn
    /// from `rng`. Writes the first solution into `solution`.
    fn search(
        &mut self,
        depth: usize,
        limit: usize,
        found: &mut usize,
        mut rng: Option<&mut ChaCha8Rng>,
        mut solution: Option<&mut [u8]>,
    ) {
        if self.nodes_left == 0 {
            self.out_of_budget = true;
            return;
        }
        self.nodes_left -= 1;
        let (n, start) = (self.cells, depth * self.cells);
        if !self.propagate(start) {
            return;
        }
        let state = &self.states[start..start + n];
        let mut best = usize::MAX;
        let mut best_count = u32::MAX;
        for (i, &m) in state.iter().enumerate() {
            if m & PLACED == 0 {
                let count = m.count_ones();
                if count < best_count {
                    (best, best_count) = (i, count);
                    if count <= 2 {
                        break;
                    }
                }
            }
        }
        if best == usize::MAX {
            *found += 1;
            if let Some(out) = solution {
                if *found == 1 {
                    for (o, &m) in out.iter_mut().zip(state) {
                        *o = (m & self.full).trailing_zeros() as u8 + 1;
                    }
                }
            }
            return;
        }
        let mut digits = [0u32; 32];
        let mut k = 0;
        let mut m = state[best];
        while m != 0 {
            digits[k] = m & m.wrapping_neg();
            m &= m - 1;
            k += 1;
        }
        if let Some(rng) = rng.as_deref_mut() {
            crate::bitboard::shuffle(&mut digits[..k], rng);
        }
        for &bit in &digits[..k] {
            let next = start + n;
            self.states.copy_within(start..start + n, next);
            self.states[next + best] = bit;
            self.queue.clear();
            self.queue.push(best as u16);
            self.search(
                depth + 1,
                limit,
                found,
                rng.as_deref_mut(),
                solution.as_deref_mut(),
            );
            if *found >= limit || self.out_of_budget {
                return;
            }
        }
    }

    /// Naked and hidden singles on the state at `start` until nothing
    /// changes; `false` on a contradiction.
    fn propagate(&mut self, start: usize) -> bool {
        let full = self.full;
        let side = self.side;
        let n = self.cells;
        let state = &mut self.states[start..start + n];
        loop {
            while let Some(c) = self.queue.pop() {
                let c = c as usize;
                let m = state[c];
                if m & PLACED != 0 {
                    continue;
                }
                if m == 0 {
                    return false;
                }
                state[c] = m | PLACED;
                for &p in self.peers.row(c) {
                    let p = p as usize;
                    let pm = state[p];
                    let left = pm & !m;
                    state[p] = left;
                    if left != pm {
                        // Emptied, or a placed peer holds the same digit.
                        if left & full == 0 {
                            return false;
                        }
                        if left.is_power_of_two() {
                            self.queue.push(p as u16);
                        }
                    }
                }
            }
            let mut progress = false;
            for house in self.permutations.chunks_exact(side) {
                let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
                for &c in house {
                    let m = state[c as usize];
                    twice |= once & m;
                    once |= m;
                    // All ones for a placed cell (PLACED is the sign bit).
                    placed |= m & ((m as i32 >> 31) as u32);
                }
                if once & full != full {
                    return false;
                }
                let mut hidden = once & !twice & !placed & full;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden &= hidden - 1;
                    let Some(&c) = house.iter().find(|&&c| state[c as usize] & bit != 0) else {
                        // Its one cell was just given another digit.
                        return false;
                    };
                    let m = state[c as usize];
                    if m != bit {
                        if m & PLACED != 0 {
                            return false;
                        }
                        state[c as usize] = bit;
                        self.queue.push(c);
                        progress = true;
                    }
                }
            }
            if !progress && self.queue.is_empty() {
                return true;
            }
        }
    }
}

impl HouseSearch for HouseSolver {
    fn left_by_peers(&self, digits: &[u8], cell: usize) -> u32 {
        let seen = (self.peers.row(cell).iter())
            .map(|&p| digits[p as usize])
            .filter(|&d| d != 0)
            .fold(0u32, |acc, d| acc | 1 << (d - 1));
        self.full & !seen
    }

    fn random_solution(
        &mut self,
        digits: &[u8],
        rng: &mut ChaCha8Rng,
        budget: u64,
    ) -> Option<Vec<u8>> {
        let mut found = 0;
        let mut solution = vec![0u8; self.cells];
        self.nodes_left = budget;
        self.out_of_budget = false;
        if self.load(digits, None) {
            self.search(0, 1, &mut found, Some(rng), Some(&mut solution));
        }
        (found == 1).then_some(solution)
    }

    fn count_within(
        &mut self,
        digits: &[u8],
        not: Option<(usize, u8)>,
        limit: usize,
        budget: u64,
    ) -> Option<usize> {
        let mut found = 0;
        self.nodes_left = budget;
        self.out_of_budget = false;
        if self.load(digits, not) {
            self.search(0, limit, &mut found, None, None);
        }
        (found >= limit || !self.out_of_budget).then_some(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GridSize, Puzzle, Variant};
    use rand_chacha::rand_core::SeedableRng;

    const HARDEST: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    fn solver() -> HouseSolver {
        HouseSolver::new(&Sudoku::classic()).unwrap()
    }

    #[test]
    fn counts_like_the_engine() {
        let mut s = solver();
        let puzzle = Puzzle::parse(HARDEST).unwrap();
        assert_eq!(s.count(puzzle.cells(), None, 2), 1);
        // Without its digit at one cell: none.
        let solution = Sudoku::classic()
            .solve(&puzzle, &csp_core::SearchConfig::default())
            .unwrap()
            .solution
            .unwrap();
        assert_eq!(
            s.count(puzzle.cells(), Some((1, solution.cells()[1])), 2),
            0
        );
        // Two clues fewer: many solutions.
        let mut cells = puzzle.cells().to_vec();
        cells[0] = 0;
        cells[11] = 0;
        assert_eq!(s.count(&cells, None, 2), 2);
        // A clash: none.
        cells[1] = 4;
        cells[2] = 4;
        assert_eq!(s.count(&cells, None, 2), 0);
    }

    #[test]
    fn random_solutions_are_solutions_and_follow_the_seed() {
        let sudoku = Sudoku::classic();
        let mut s = solver();
        let empty = [0; 81];
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let a = s.random_solution(&empty, &mut rng, u64::MAX).unwrap();
        let b = s.random_solution(&empty, &mut rng, u64::MAX).unwrap();
        assert_ne!(a, b);
        let again = s
            .random_solution(&empty, &mut ChaCha8Rng::seed_from_u64(7), u64::MAX)
            .unwrap();
        assert_eq!(a, again);
        let grid = Puzzle::from_digits(GridSize::CLASSIC, a);
        assert!(sudoku.is_solution_of(&grid, &Puzzle::empty(GridSize::CLASSIC)));
    }

    #[test]
    fn a_node_budget_stops_the_search() {
        let mut s = solver();
        assert_eq!(s.count_within(&[0; 81], None, 2, 3), None);
        assert_eq!(s.count_within(&[0; 81], None, 2, 1000), Some(2));
        // A contradiction at the root takes one node.
        let puzzle = Puzzle::parse(HARDEST).unwrap();
        let mut cells = puzzle.cells().to_vec();
        (cells[1], cells[2]) = (4, 4);
        assert_eq!(s.count_within(&cells, None, 2, 1), Some(0));
    }

    #[test]
    fn takes_only_grids_of_houses() {
        let x = Sudoku::new(GridSize::CLASSIC, "diagonal".parse::<Variant>().unwrap());
        assert!(HouseSolver::new(&x).is_some());
        let knight = Sudoku::new(GridSize::CLASSIC, "anti-knight".parse::<Variant>().unwrap());
        assert!(HouseSolver::new(&knight).is_none());
    }
}
