//! Random layouts for variant puzzles: jigsaw regions (the grid cut into
//! `side` connected regions of `side` cells) and killer cages (the grid cut
//! into small connected cages whose digits differ in a given solution).

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::RngCore;

use crate::GridSize;

/// Trades tried per cell when mixing regions: enough that the regions no
/// longer look like the boxes they started from.
const SWAPS_PER_CELL: usize = 40;

/// The largest killer cage made.
pub const MAX_CAGE: usize = 5;

/// A killer cage: its cells hold distinct digits adding up to `sum`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Cage {
    /// Its cells, reading order.
    pub cells: Vec<usize>,
    /// The sum of its digits.
    pub sum: u32,
}

/// A uniform draw in `0..n`.
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// The orthogonal neighbours of `cell` in a grid of side `n`.
fn neighbours(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / n, cell % n);
    [
        (r > 0).then(|| cell - n),
        (r + 1 < n).then(|| cell + n),
        (c > 0).then(|| cell - 1),
        (c + 1 < n).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// Random jigsaw regions for a grid of `size`: the region of each cell
/// (from 0), each region `side` orthogonally connected cells. Starts from
/// the boxes (or the rows, for a grid without boxes) and trades cells
/// between neighbouring regions at random wherever both stay connected.
pub fn random_regions(size: GridSize, rng: &mut ChaCha8Rng) -> Vec<usize> {
    let n = size.side();
    let mut regions: Vec<usize> = (0..size.cells())
        .map(|i| {
            if size.has_boxes() {
                size.box_of(i / n, i % n)
            } else {
                i / n
            }
        })
        .collect();
    let mut stack = Vec::with_capacity(n);
    let mut seen = vec![false; size.cells()];
    for _ in 0..SWAPS_PER_CELL * size.cells() {
        // Cell `a` of region A joins a neighbouring region B, then a cell
        // `b` of B next to what is left of A joins A.
        let a = below(rng, size.cells());
        let ra = regions[a];
        let around: Vec<usize> = neighbours(a, n).filter(|&x| regions[x] != ra).collect();
        if around.is_empty() {
            continue;
        }
        let rb = regions[around[below(rng, around.len())]];
        regions[a] = rb;
        let back: Vec<usize> = (0..size.cells())
            .filter(|&b| b != a && regions[b] == rb && neighbours(b, n).any(|x| regions[x] == ra))
            .collect();
        if back.is_empty() {
            regions[a] = ra;
            continue;
        }
        let b = back[below(rng, back.len())];
        regions[b] = ra;
        if !connected(&regions, ra, n, &mut stack, &mut seen)
            || !connected(&regions, rb, n, &mut stack, &mut seen)
        {
            regions[a] = ra;
            regions[b] = rb;
        }
    }
    regions
}

/// Whether the cells of region `r` are orthogonally connected.
fn connected(
    regions: &[usize],
    r: usize,
    n: usize,
    stack: &mut Vec<usize>,
    seen: &mut [bool],
) -> bool {
    let Some(start) = regions.iter().position(|&x| x == r) else {
        return true;
    };
    seen.fill(false);
    stack.clear();
    stack.push(start);
    seen[start] = true;
    let mut reached = 1;
    while let Some(cell) = stack.pop() {
        for next in neighbours(cell, n) {
            if regions[next] == r && !seen[next] {
                seen[next] = true;
                reached += 1;
                stack.push(next);
            }
        }
    }
    reached == regions.iter().filter(|&&x| x == r).count()
}

/// Random killer cages covering every cell of `solution` (digits in
/// reading order, a side of `n`): each grown from a random free cell by
/// random free neighbours whose digits differ from those already in, up to
/// a size drawn from 2 to [`MAX_CAGE`] (a cell with no such neighbour left
/// stays a cage of one).
pub fn random_cages(solution: &[u8], n: usize, rng: &mut ChaCha8Rng) -> Vec<Cage> {
    let mut free = vec![true; solution.len()];
    let mut order: Vec<usize> = (0..solution.len()).collect();
    crate::bitboard::shuffle(&mut order, rng);
    let mut cages = Vec::new();
    for &start in &order {
        if !free[start] {
            continue;
        }
        let size = 2 + below(rng, MAX_CAGE - 1);
        let mut cells = vec![start];
        free[start] = false;
        while cells.len() < size {
            let mut options: Vec<usize> = (cells.iter())
                .flat_map(|&c| neighbours(c, n))
                .filter(|&c| free[c] && cells.iter().all(|&k| solution[k] != solution[c]))
                .collect();
            options.sort_unstable();
            options.dedup();
            if options.is_empty() {
                break;
            }
            let next = options[below(rng, options.len())];
            free[next] = false;
            cells.push(next);
        }
        cells.sort_unstable();
        let sum = cells.iter().map(|&c| u32::from(solution[c])).sum();
        cages.push(Cage { cells, sum });
    }
    cages.sort_by_key(|cage| cage.cells[0]);
    cages
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::rand_core::SeedableRng;

    #[test]
    fn regions_are_connected_and_full() {
        for side in [4, 6, 7, 9, 12] {
            let size = GridSize::from_side(side)
                .or_else(|| GridSize::without_boxes(side))
                .unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(side as u64);
            let regions = random_regions(size, &mut rng);
            let (mut stack, mut seen) = (Vec::new(), vec![false; size.cells()]);
            for r in 0..side {
                assert_eq!(regions.iter().filter(|&&x| x == r).count(), side);
                assert!(connected(&regions, r, side, &mut stack, &mut seen));
            }
            // Mixed: not the starting boxes or rows.
            let start: Vec<usize> = (0..size.cells())
                .map(|i| {
                    if size.has_boxes() {
                        size.box_of(i / side, i % side)
                    } else {
                        i / side
                    }
                })
                .collect();
            assert_ne!(regions, start, "{side}");
        }
    }

    #[test]
    fn cages_cover_the_grid_with_distinct_digits() {
        let grid: Vec<u8> =
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
                .bytes()
                .map(|b| b - b'0')
                .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let cages = random_cages(&grid, 9, &mut rng);
        let mut covered = vec![0; 81];
        for cage in &cages {
            assert!((1..=MAX_CAGE).contains(&cage.cells.len()));
            let digits: Vec<u8> = cage.cells.iter().map(|&c| grid[c]).collect();
            let mut distinct = digits.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(distinct.len(), digits.len());
            assert_eq!(cage.sum, digits.iter().map(|&d| u32::from(d)).sum::<u32>());
            for &c in &cage.cells {
                covered[c] += 1;
            }
            // Connected: each cell but a lone one touches another.
            if cage.cells.len() > 1 {
                for &c in &cage.cells {
                    assert!(neighbours(c, 9).any(|k| cage.cells.contains(&k)));
                }
            }
        }
        assert!(covered.iter().all(|&k| k == 1));
    }
}
