//! True candidates: for every empty cell, the digits that appear in at
//! least one solution, and for each how many solutions hold it, counted
//! up to a limit (what f-puzzles' solver shows setters as they build).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use csp_core::{DomainStore, Limits, SearchConfig, StopReason, Termination, ValueSet, VarId};

use crate::candidates::CandidateGrid;
use crate::{Portfolio, Puzzle, SolveError, SolveReport, Sudoku};

/// The true candidates of a puzzle ([`Sudoku::true_candidates`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TrueCandidates {
    /// The givens, and for each empty cell the digits of its solutions.
    pub grid: CandidateGrid,
    /// Per cell in reading order, per digit from 1 (index 0): how many
    /// solutions hold that digit there, up to `limit` (`limit` means
    /// "`limit` or more"); 0 for a digit no solution holds.
    pub counts: Vec<Vec<u64>>,
    /// The count limit.
    pub limit: u64,
    /// Solutions of the puzzle, up to `limit + 1` (which means "more
    /// than `limit`").
    pub solutions: u64,
    /// Why the search stopped before it knew everything, if it did: the
    /// candidates and counts found until then are lower bounds.
    pub stopped: Option<StopReason>,
}

impl TrueCandidates {
    /// Whether the puzzle has a solution (a complete search found none:
    /// no solution at all).
    pub fn has_solution(&self) -> bool {
        self.solutions > 0
    }
}

impl Sudoku {
    /// The true candidates of `puzzle`, each counted up to `limit`
    /// solutions (at least 1), searched with `config`'s heuristics and
    /// level.
    ///
    /// One search lists up to `limit + 1` solutions; if there are no
    /// more, every count is exact from it alone. Otherwise each candidate held
    /// by fewer than `limit` of those is counted again with its digit
    /// placed, up to `limit`. `config`'s time limit and placement limit
    /// hold for all of it together; past either (or once `interrupt` is
    /// raised), [`TrueCandidates::stopped`] says so.
    pub fn true_candidates(
        &self,
        puzzle: &Puzzle,
        config: &SearchConfig,
        limit: u64,
        interrupt: Option<&Arc<AtomicBool>>,
    ) -> Result<TrueCandidates, SolveError> {
        let alone = Portfolio::alone(config.clone());
        self.true_candidates_by(puzzle, &alone, config.limits, limit, interrupt)
    }

    /// [`true_candidates`](Sudoku::true_candidates), each search made by
    /// the turns of `turns` ([`Portfolio`]: the first member to finish
    /// answers), all of them within `limits` together (the members' own
    /// limits give way to what is left of these).
    pub fn true_candidates_by(
        &self,
        puzzle: &Puzzle,
        turns: &Portfolio,
        limits: Limits,
        limit: u64,
        interrupt: Option<&Arc<AtomicBool>>,
    ) -> Result<TrueCandidates, SolveError> {
        let level = (turns.members.iter().map(|m| m.level).min()).unwrap_or_default();
        let limit = limit.clamp(1, u64::MAX - 1);
        let n = self.size().side();
        let cells = self.size().cells();
        let started = Instant::now();
        let mut placements = 0u64;
        // The limits left for the next search, or why none is left.
        let remaining = |placements: u64| -> Result<Limits, StopReason> {
            let timeout = match limits.timeout {
                Some(t) => Some(
                    t.checked_sub(started.elapsed())
                        .ok_or(StopReason::Timeout)?,
                ),
                None => None,
            };
            let max_placements = match limits.max_placements {
                Some(m) => Some(
                    m.checked_sub(placements)
                        .filter(|&m| m > 0)
                        .ok_or(StopReason::PlacementLimit)?,
                ),
                None => None,
            };
            Ok(Limits {
                timeout,
                max_placements,
            })
        };
        // Counts up to `limit` solutions with `fixed` placed (if given),
        // adding each solution's digits to `counts` when `tally`.
        let count = |fixed: Option<(usize, u32)>,
                     counts: &mut Vec<Vec<u64>>,
                     tally: bool,
                     placements: &mut u64|
         -> Result<Result<u64, StopReason>, SolveError> {
            let limits = match remaining(*placements) {
                Ok(l) => l,
                Err(reason) => return Ok(Err(reason)),
            };
            let mut turns = turns.clone();
            for member in &mut turns.members {
                member.limits = Limits {
                    timeout: None,
                    ..limits
                };
            }
            turns.timeout = limits.timeout;
            // This search's own tally: the answering turn's is kept.
            let mut tallied = vec![vec![0u64; n]; if tally { cells } else { 0 }];
            let played = turns.run(|config| {
                tallied.iter_mut().for_each(|c| c.fill(0));
                let mut search = self.search(puzzle, config)?;
                if let Some((cell, value)) = fixed
                    && search.fix(VarId(cell as u32), value).is_err()
                {
                    // No solution with it: nothing to search.
                    return Ok(SolveReport {
                        termination: Termination::Exhausted,
                        solution: None,
                        stats: Default::default(),
                    });
                }
                if let Some(flag) = interrupt {
                    search.set_interrupt(Arc::clone(flag));
                }
                if tally {
                    search.set_on_solution(Box::new(|store: &DomainStore| {
                        for (cell, counts) in tallied.iter_mut().enumerate() {
                            let v = store.value(VarId(cell as u32)).expect("a solution");
                            counts[v as usize] += 1;
                        }
                    }));
                }
                Ok(self.report(search.run(Some(if tally { limit + 1 } else { limit }))))
            })?;
            *placements += played.placements;
            for (all, turn) in counts.iter_mut().zip(&tallied) {
                for (a, t) in all.iter_mut().zip(turn) {
                    *a += t;
                }
            }
            Ok(match played.report.termination {
                Termination::Stopped(reason) => Err(reason),
                _ => Ok(played.report.stats.solutions),
            })
        };
        let mut counts = vec![vec![0u64; n]; cells];
        let (solutions, mut stopped) = match count(None, &mut counts, true, &mut placements)? {
            Ok(s) => (s, None),
            Err(reason) => (counts.first().map_or(0, |c| c.iter().sum()), Some(reason)),
        };
        if stopped.is_none() && solutions > limit {
            // More solutions than the list holds: count each candidate
            // the list holds fewer times than the limit, with it placed.
            let root = self.candidates(puzzle, level)?;
            'cells: for (cell, &given) in puzzle.cells().iter().enumerate() {
                if given != 0 {
                    continue;
                }
                for d in root.candidates(cell) {
                    let v = d as usize - 1;
                    if counts[cell][v] >= limit {
                        continue;
                    }
                    let mut unused = Vec::new();
                    match count(Some((cell, v as u32)), &mut unused, false, &mut placements)? {
                        Ok(k) => counts[cell][v] = counts[cell][v].max(k),
                        Err(reason) => {
                            stopped = Some(reason);
                            break 'cells;
                        }
                    }
                }
            }
        }
        for c in &mut counts {
            for k in c.iter_mut() {
                *k = (*k).min(limit);
            }
        }
        let grid_cells = (0..cells)
            .map(|cell| match puzzle.cells()[cell] {
                0 => Ok(ValueSet::from_iter(
                    (0..n).filter(|&v| counts[cell][v] > 0).map(|v| v as u32),
                )),
                d => Err(d),
            })
            .collect();
        let grid = CandidateGrid::new(
            self.size(),
            grid_cells,
            solutions == 0 && stopped.is_none(),
            self.rules().regions.clone(),
        );
        Ok(TrueCandidates {
            grid,
            counts,
            limit,
            solutions,
            stopped,
        })
    }
}

#[cfg(test)]
mod tests {
    use csp_core::SearchConfig;

    use crate::{GridSize, Puzzle, Sudoku, Variant};

    fn four() -> Sudoku {
        Sudoku::new(GridSize::from_side(4).unwrap(), Variant::CLASSIC)
    }

    /// Every solution of `puzzle` by brute force: the true candidates'
    /// counts, up to `limit`.
    fn brute_counts(sudoku: &Sudoku, puzzle: &Puzzle, limit: u64) -> Vec<Vec<u64>> {
        let n = sudoku.size().side();
        let mut counts = vec![vec![0u64; n]; n * n];
        let config = SearchConfig::default();
        let mut search = sudoku.search(puzzle, &config).unwrap();
        search.set_on_solution(Box::new(|store| {
            for (cell, c) in counts.iter_mut().enumerate() {
                c[store.value(csp_core::VarId(cell as u32)).unwrap() as usize] += 1;
            }
        }));
        search.run(None);
        for c in &mut counts {
            for k in c {
                *k = (*k).min(limit);
            }
        }
        counts
    }

    #[test]
    fn counts_equal_those_of_every_solution_at_any_limit() {
        // An empty 4x4 grid has 288 solutions: each digit of each cell is
        // in 72 of them.
        let sudoku = four();
        let empty = Puzzle::parse("................").unwrap();
        for limit in [1, 2, 8, 72, 73, 300] {
            let t = sudoku
                .true_candidates(&empty, &SearchConfig::default(), limit, None)
                .unwrap();
            assert_eq!(t.solutions, (limit + 1).min(288));
            assert!(t.counts.iter().flatten().all(|&k| k == limit.min(72)));
            assert_eq!(t.stopped, None);
        }
        // Three givens: some digits of some cells are in no solution.
        let puzzle = Puzzle::parse("1.......2.....3.").unwrap();
        for limit in [1, 3, 8, 100] {
            let t = sudoku
                .true_candidates(&puzzle, &SearchConfig::default(), limit, None)
                .unwrap();
            assert_eq!(
                t.counts,
                brute_counts(&sudoku, &puzzle, limit),
                "limit {limit}"
            );
        }
        let t = sudoku
            .true_candidates(&puzzle, &SearchConfig::default(), 8, None)
            .unwrap();
        assert_eq!(t.grid.candidates(1), vec![2, 4]);
        assert_eq!(t.grid.digit(0), Some(1));
    }

    #[test]
    fn a_portfolio_finds_the_counts_one_strategy_finds() {
        // Naive search at `none` runs out of its small turns on Inkala's
        // puzzle; MRV at `singles` answers each count: the same counts,
        // whichever member answered, and the lost turns' solutions are not
        // counted twice.
        let sudoku = Sudoku::classic();
        let puzzle = Puzzle::parse(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        )
        .unwrap();
        let naive = SearchConfig {
            variables: "A".parse().unwrap(),
            values: "1".parse().unwrap(),
            level: csp_core::PropagationLevel::None,
            ..SearchConfig::default()
        };
        let mrv = SearchConfig {
            level: csp_core::PropagationLevel::Singles,
            ..SearchConfig::default()
        };
        let turns = crate::Portfolio {
            first_budget: 50,
            ..crate::Portfolio::new(vec![naive, mrv.clone()])
        };
        let alone = sudoku.true_candidates(&puzzle, &mrv, 8, None).unwrap();
        let by_turns = sudoku
            .true_candidates_by(&puzzle, &turns, csp_core::Limits::default(), 8, None)
            .unwrap();
        assert_eq!(by_turns, alone);
        assert_eq!(alone.solutions, 1);
        // A grid of several solutions too (4x4, three givens).
        let four = four();
        let puzzle = Puzzle::parse("1.......2.....3.").unwrap();
        let turns = crate::Portfolio {
            first_budget: 2,
            ..crate::Portfolio::new(vec![
                SearchConfig {
                    variables: "A".parse().unwrap(),
                    level: csp_core::PropagationLevel::None,
                    ..SearchConfig::default()
                },
                SearchConfig::default(),
            ])
        };
        let by_turns = four
            .true_candidates_by(&puzzle, &turns, csp_core::Limits::default(), 3, None)
            .unwrap();
        assert_eq!(by_turns.counts, brute_counts(&four, &puzzle, 3));
    }

    #[test]
    fn a_unique_puzzle_has_its_solution_as_only_candidates() {
        let sudoku = Sudoku::classic();
        let puzzle: Puzzle =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let t = sudoku
            .true_candidates(&puzzle, &SearchConfig::default(), 8, None)
            .unwrap();
        let solution = sudoku.solve(&puzzle, &SearchConfig::default()).unwrap();
        let solution = solution.solution.unwrap();
        assert_eq!(t.solutions, 1);
        for cell in 0..81 {
            assert_eq!(t.grid.candidates(cell), vec![solution.cells()[cell]]);
        }
    }

    #[test]
    fn no_solution_is_a_contradiction_and_a_limit_stops() {
        let sudoku = four();
        // Row 1 needs a 4 in c4, column 4 has one already.
        let puzzle = Puzzle::parse("123............4").unwrap();
        let t = sudoku
            .true_candidates(&puzzle, &SearchConfig::default(), 8, None)
            .unwrap();
        assert_eq!(t.solutions, 0);
        assert!(t.grid.is_contradiction());
        assert!(t.grid.candidates(3).is_empty());
        let config = SearchConfig {
            limits: csp_core::Limits {
                max_placements: Some(3),
                ..csp_core::Limits::default()
            },
            ..SearchConfig::default()
        };
        let empty = Puzzle::parse("................").unwrap();
        let t = sudoku.true_candidates(&empty, &config, 8, None).unwrap();
        assert_eq!(t.stopped, Some(csp_core::StopReason::PlacementLimit));
    }
}
