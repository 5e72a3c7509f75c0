//! Answers by the strongest of several strategies: they take turns with
//! placement budgets that grow, as restarts do, and the first to finish
//! within its budget answers.
//!
//! The turns are decided by placement counts, never by the clock, so the
//! same puzzle gets the same answer, the same winner and the same counters
//! on every run and at any core count. The winner's counters are exactly
//! those of its strategy run alone (when its own limits are not the ones
//! that stopped it). A turn searches from scratch ([`Portfolio::run`]),
//! or goes on where the member's last turn stopped
//! ([`Portfolio::run_on`]): the same answer, winner and counters, the
//! losers' placements made once instead of once a round. The cost of the
//! turns that lost is at most a constant factor of the winner's
//! placements: with `n` members, under `n` times the budget of the
//! winning round going on, under `n * g / (g - 1)` times from scratch
//! (budgets growing `g`-fold).
//!
//! ```
//! use sudoku::{Portfolio, Puzzle, Sudoku};
//! use csp_core::SearchConfig;
//!
//! let sudoku = Sudoku::classic();
//! let puzzle = Puzzle::parse(
//!     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
//! )
//! .unwrap();
//! let naive = SearchConfig {
//!     variables: "A".parse().unwrap(),
//!     values: "0".parse().unwrap(),
//!     ..SearchConfig::default()
//! };
//! let mrv = SearchConfig {
//!     variables: "E".parse().unwrap(),
//!     ..naive.clone()
//! };
//! let portfolio = Portfolio::new(vec![naive, mrv.clone()]);
//! let answer = portfolio.run(|config| sudoku.run(&puzzle, config, Some(2))).unwrap();
//! // The naive chain runs out of its first budgets; MRV answers, with
//! // the counters it has alone.
//! assert_eq!(answer.winner, 1);
//! let alone = sudoku.run(&puzzle, &mrv, Some(2)).unwrap();
//! assert_eq!(answer.report.stats.placements, alone.stats.placements);
//! ```

use std::time::{Duration, Instant};

use csp_core::{Search, SearchConfig, SearchResult, StopReason, Termination};

use crate::{SolveError, SolveReport};

/// Strategies that take turns on one puzzle, with placement budgets that
/// grow, as restarts do; the first to finish within its budget answers.
///
/// The turns are decided by placement counts, never by the clock, so the
/// same puzzle gets the same answer, winner and counters on every run and
/// at any core count. A turn searches from scratch: the winner's counters
/// are those of its strategy run alone. The turns that lost cost less than
/// `members * growth / (growth - 1)` times the winning round's budget.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Portfolio {
    /// The strategies, in the order they take their turns (on a tie in a
    /// round, the earlier one answers). Their own limits still hold: a
    /// member stopped by its own placement limit takes no more turns.
    pub members: Vec<SearchConfig>,
    /// The placements of every member's first turn.
    pub first_budget: u64,
    /// How many times larger each round's budget is than the last one's
    /// (at least 2).
    pub growth: u64,
    /// A time limit on the whole portfolio, all turns together.
    pub timeout: Option<Duration>,
}

/// What a [`Portfolio`] answered.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PortfolioReport {
    /// The member that answered (its index in [`Portfolio::members`]); when
    /// every member stopped, the first that did.
    pub winner: usize,
    /// The winner's search, as if its strategy had run alone; `elapsed`
    /// is the time of all turns together.
    pub report: SolveReport,
    /// The rounds played (1: the winner finished in its first turn).
    pub rounds: u32,
    /// Placements of every turn of every member, the winner's included.
    pub placements: u64,
}

impl Portfolio {
    /// The members with the default budgets: 1,000 placements first, four
    /// times more every round, no time limit.
    pub fn new(members: Vec<SearchConfig>) -> Portfolio {
        Portfolio {
            members,
            first_budget: 1_000,
            growth: 4,
            timeout: None,
        }
    }

    /// One strategy alone, as a portfolio: a single turn within its own
    /// limits (no budget of the portfolio's), so that what takes a
    /// portfolio runs one named strategy exactly as that strategy alone.
    pub fn alone(config: SearchConfig) -> Portfolio {
        Portfolio {
            members: vec![config],
            first_budget: u64::MAX,
            growth: 2,
            timeout: None,
        }
    }

    /// Plays the turns: `run` searches the puzzle with a member's
    /// strategy, its placement limit lowered to the turn's budget (and
    /// its time limit to what is left of the portfolio's). A search
    /// stopped by the time limit or an interrupt ends the portfolio with
    /// that answer; an error of `run` is returned at once.
    pub fn run(
        &self,
        mut run: impl FnMut(&SearchConfig) -> Result<SolveReport, SolveError>,
    ) -> Result<PortfolioReport, SolveError> {
        self.play(|_, config| {
            let report = run(config)?;
            let placements = report.stats.placements;
            Ok((report, placements))
        })
    }

    /// [`run`](Portfolio::run) with searches that go on: each member's
    /// search is made once by `start` (with its first turn's limits), and
    /// each later turn goes on where the last one stopped
    /// ([`Search::run_on`]) up to the round's budget, counted over all the
    /// member's turns. A turn from scratch with a budget makes exactly the
    /// placements of a search going on up to it, so the same member
    /// answers in the same round with the same counters as with `run`,
    /// and the turns that lost make their placements once, not once a
    /// round (a learning member keeps its clauses). `report` reads a
    /// search's result, to `max_solutions` solutions.
    pub fn run_on<'s>(
        &self,
        mut start: impl FnMut(&SearchConfig) -> Result<Search<'s>, SolveError>,
        max_solutions: Option<u64>,
        report: impl Fn(SearchResult) -> SolveReport,
    ) -> Result<PortfolioReport, SolveError> {
        let mut searches: Vec<Option<Search<'s>>> = (0..self.members.len()).map(|_| None).collect();
        self.play(|i, config| {
            let search = match &mut searches[i] {
                Some(search) => {
                    search.set_max_placements(config.limits.max_placements);
                    search
                }
                none => none.insert(start(config)?),
            };
            let before = search.stats().placements;
            let result = search.run_on(max_solutions);
            let placements = result.stats.placements - before;
            Ok((report(result), placements))
        })
    }

    /// The rounds: `turn(i, config)` plays member `i`'s turn with the
    /// turn's limits in `config`, and says how many placements it made.
    fn play(
        &self,
        mut turn: impl FnMut(usize, &SearchConfig) -> Result<(SolveReport, u64), SolveError>,
    ) -> Result<PortfolioReport, SolveError> {
        assert!(!self.members.is_empty(), "a portfolio has members");
        let start = Instant::now();
        let deadline = self.timeout.map(|t| start + t);
        let mut out = vec![false; self.members.len()];
        let mut first_stopped: Option<(usize, SolveReport)> = None;
        let mut budget = self.first_budget.max(1);
        let mut placements = 0;
        let mut rounds = 0;
        let answer = |winner, mut report: SolveReport, rounds, placements| {
            report.stats.elapsed = start.elapsed();
            Ok(PortfolioReport {
                winner,
                report,
                rounds,
                placements,
            })
        };
        loop {
            rounds += 1;
            for (i, member) in self.members.iter().enumerate() {
                if out[i] {
                    continue;
                }
                let own = member.limits.max_placements;
                let limit = own.map_or(budget, |m| m.min(budget));
                let mut config = member.clone();
                config.limits.max_placements = Some(limit);
                if let Some(deadline) = deadline {
                    config.limits.timeout =
                        Some(deadline.saturating_duration_since(Instant::now()));
                }
                let (report, made) = turn(i, &config)?;
                placements += made;
                match report.termination {
                    Termination::Stopped(StopReason::PlacementLimit) if own != Some(limit) => {}
                    Termination::Stopped(StopReason::PlacementLimit) => {
                        out[i] = true;
                        first_stopped.get_or_insert((i, report));
                    }
                    // Finished, or stopped by the clock or an interrupt.
                    _ => return answer(i, report, rounds, placements),
                }
            }
            if out.iter().all(|&o| o) {
                let (i, report) = first_stopped.expect("every member stopped");
                return answer(i, report, rounds, placements);
            }
            budget = budget.saturating_mul(self.growth.max(2));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Puzzle, Sudoku};
    use csp_core::Limits;

    const HARDEST: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    fn config(cells: &str, values: &str) -> SearchConfig {
        SearchConfig {
            variables: cells.parse().unwrap(),
            values: values.parse().unwrap(),
            ..SearchConfig::default()
        }
    }

    fn alone(config: &SearchConfig) -> SolveReport {
        let puzzle = Puzzle::parse(HARDEST).unwrap();
        Sudoku::classic().run(&puzzle, config, Some(2)).unwrap()
    }

    fn play(portfolio: &Portfolio) -> (PortfolioReport, Vec<Option<u64>>) {
        let sudoku = Sudoku::classic();
        let puzzle = Puzzle::parse(HARDEST).unwrap();
        let mut budgets = Vec::new();
        let answer = portfolio
            .run(|c| {
                budgets.push(c.limits.max_placements);
                sudoku.run(&puzzle, c, Some(2))
            })
            .unwrap();
        (answer, budgets)
    }

    #[test]
    fn the_first_member_that_finishes_answers_with_its_own_counters() {
        // Alone, A/0 at fc needs 799,121 placements on this puzzle and E/0
        // at singles 320: E answers in the first round, A having tried
        // 1,000.
        let naive = config("A", "0");
        let mrv = SearchConfig {
            level: csp_core::PropagationLevel::Singles,
            ..config("E", "0")
        };
        assert_eq!(alone(&naive).stats.placements, 799_121);
        let mrv_alone = alone(&mrv);
        assert_eq!(mrv_alone.stats.placements, 320);
        let (answer, budgets) = play(&Portfolio::new(vec![naive.clone(), mrv.clone()]));
        assert_eq!(answer.winner, 1);
        assert_eq!(answer.rounds, 1);
        assert_eq!(budgets, [Some(1_000), Some(1_000)]);
        assert_eq!(answer.report.stats.placements, mrv_alone.stats.placements);
        assert_eq!(answer.report.stats.guesses, mrv_alone.stats.guesses);
        assert_eq!(answer.report.solution, mrv_alone.solution);
        assert_eq!(
            answer.placements,
            1_000 + mrv_alone.stats.placements,
            "the loser's turn counts in the total"
        );
    }

    #[test]
    fn budgets_grow_until_a_member_finishes() {
        // A/0 alone (799,121 placements) finishes in the sixth round.
        let naive = config("A", "0");
        let (answer, budgets) = play(&Portfolio::new(vec![naive.clone()]));
        let grown = [1_000, 4_000, 16_000, 64_000, 256_000, 1_024_000].map(Some);
        assert_eq!(budgets, grown);
        assert_eq!((answer.winner, answer.rounds), (0, 6));
        assert_eq!(answer.report.stats, {
            let mut s = alone(&naive).stats;
            s.elapsed = answer.report.stats.elapsed;
            s
        });
        assert_eq!(answer.placements, 341_000 + 799_121);
    }

    #[test]
    fn a_member_stopped_by_its_own_limit_takes_no_more_turns() {
        let limited = SearchConfig {
            limits: Limits {
                max_placements: Some(2_500),
                timeout: None,
            },
            ..config("A", "0")
        };
        let (answer, budgets) = play(&Portfolio::new(vec![limited.clone()]));
        assert_eq!(budgets, [Some(1_000), Some(2_500)]);
        assert_eq!(
            answer.report.termination,
            Termination::Stopped(StopReason::PlacementLimit)
        );
        assert_eq!(answer.report.stats.placements, 2_500);
        // Beside a member that finishes later, the limited one drops out.
        let (answer, budgets) = play(&Portfolio::new(vec![limited, config("B", "0")]));
        assert_eq!(answer.winner, 1);
        // B/0 needs 214,888.
        let later = [4_000, 16_000, 64_000, 256_000].map(Some);
        assert_eq!(budgets[..3], [Some(1_000), Some(1_000), Some(2_500)]);
        assert_eq!(budgets[3..], later);
        assert_eq!(answer.report.stats.placements, 214_888);
    }

    fn play_on(portfolio: &Portfolio) -> PortfolioReport {
        let sudoku = Sudoku::classic();
        let puzzle = Puzzle::parse(HARDEST).unwrap();
        (portfolio)
            .run_on(|c| sudoku.search(&puzzle, c), Some(2), |r| sudoku.report(r))
            .unwrap()
    }

    #[test]
    fn searches_that_go_on_answer_as_turns_from_scratch_in_fewer_placements() {
        let learning = SearchConfig {
            learning: true,
            level: csp_core::PropagationLevel::Gac,
            ..config("WE", "0")
        };
        // A/0 alone: one search to 799,121 placements, where the turns
        // from scratch make 341,000 more. With B/0 (214,888), which
        // answers in the fifth round: A goes on to 256,000 in all. A
        // learning member (30 placements alone) keeps its clauses from
        // turn to turn, here from 10 placements to 30.
        let cases = [
            (vec![config("A", "0")], 1_000, 799_121, 341_000 + 799_121),
            (
                vec![config("A", "0"), config("B", "0")],
                1_000,
                256_000 + 214_888,
                341_000 + 85_000 + 214_888,
            ),
            (vec![config("A", "0"), learning], 10, 40 + 30, 50 + 40),
        ];
        for (members, first_budget, on_placements, scratch_placements) in cases {
            let portfolio = Portfolio {
                first_budget,
                ..Portfolio::new(members)
            };
            let (scratch, _) = play(&portfolio);
            let on = play_on(&portfolio);
            assert_eq!((on.winner, on.rounds), (scratch.winner, scratch.rounds));
            let mut stats = on.report.stats.clone();
            stats.elapsed = scratch.report.stats.elapsed;
            assert_eq!(stats, scratch.report.stats);
            assert_eq!(on.report.solution, scratch.report.solution);
            assert_eq!(
                (on.placements, scratch.placements),
                (on_placements, scratch_placements)
            );
        }
    }

    #[test]
    fn the_same_puzzle_gets_the_same_answer_every_time() {
        let portfolio = Portfolio::new(vec![config("A", "0"), config("A", "1"), config("E", "5")]);
        let (first, _) = play(&portfolio);
        for _ in 0..3 {
            let (again, _) = play(&portfolio);
            assert_eq!((again.winner, again.rounds), (first.winner, first.rounds));
            assert_eq!(again.placements, first.placements);
            assert_eq!(again.report.solution, first.report.solution);
        }
    }
}
