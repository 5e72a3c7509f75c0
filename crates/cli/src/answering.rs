//! Runs a strategy on one puzzle: its own search, or the turns of a
//! portfolio ([`sudoku::Portfolio`]), whose answer carries the member
//! that gave it.

use csp_core::{Search, SearchConfig};
use sudoku::{Puzzle, SolveError, SolveReport, Sudoku};

use crate::records::StrategyRecord;
use crate::strategy::{Strategy, for_grid};

/// A search's report and, when a portfolio answered, the record of the
/// member that did (its chain and the portfolio's name).
#[derive(Clone, Debug)]
pub struct Answer {
    /// The search that answered.
    pub report: SolveReport,
    /// The member that answered, for a portfolio.
    pub by: Option<StrategyRecord>,
}

impl From<SolveReport> for Answer {
    fn from(report: SolveReport) -> Answer {
        Answer { report, by: None }
    }
}

/// How a front end has a puzzle searched with one config.
pub enum Searching<'a> {
    /// A whole run, from scratch at every turn of a portfolio (what a
    /// trace of each run needs).
    Runs(&'a mut dyn FnMut(&Sudoku, &Puzzle, &SearchConfig) -> Result<SolveReport, SolveError>),
    /// A search to run, its hooks set, that a portfolio keeps from turn
    /// to turn ([`Runner::answer_on`]).
    Starts(
        &'a dyn for<'s> Fn(&'s Sudoku, &Puzzle, &SearchConfig) -> Result<Search<'s>, SolveError>,
    ),
}

/// `start` as it is, typed for [`Searching::Starts`] (a closure bound to a
/// name needs its signature said: the search borrows the grid it is
/// given).
pub fn starter<F>(start: F) -> F
where
    F: for<'s> Fn(&'s Sudoku, &Puzzle, &SearchConfig) -> Result<Search<'s>, SolveError>,
{
    start
}

/// How a strategy runs on each puzzle: made once per command, used for
/// every puzzle.
#[derive(Clone, Debug)]
pub struct Runner {
    record: StrategyRecord,
    search: SearchConfig,
    portfolio: Option<Turns>,
}

/// A portfolio's turns and its members' records: those for puzzles
/// without rules, and those for puzzles with rules beyond their houses
/// when the preset names other members for them.
#[derive(Clone, Debug)]
struct Turns {
    plain: (sudoku::Portfolio, Vec<StrategyRecord>),
    with_rules: Option<(sudoku::Portfolio, Vec<StrategyRecord>)>,
}

impl Turns {
    /// The turns to take on `sudoku`'s puzzles.
    fn for_sudoku(&self, sudoku: &Sudoku) -> &(sudoku::Portfolio, Vec<StrategyRecord>) {
        for_grid(sudoku, &self.plain, self.with_rules.as_ref())
    }
}

impl Runner {
    /// The runner of a validated strategy.
    pub fn new(strategy: &Strategy) -> Runner {
        let record = StrategyRecord::of(strategy);
        let portfolio = strategy.portfolio.as_ref().map(|plan| {
            let records = |members: &[Strategy]| -> Vec<StrategyRecord> {
                (members.iter())
                    .map(|m| StrategyRecord::member_of(m, strategy))
                    .collect()
            };
            Turns {
                plain: (plan.portfolio(), records(&plan.members)),
                with_rules: (plan.with_rules.as_ref())
                    .map(|members| (plan.portfolio_of(members), records(members))),
            }
        });
        Runner {
            record,
            search: strategy.search.clone(),
            portfolio,
        }
    }

    /// The runner with `record` as the strategy records show (chains
    /// labelled otherwise, as heuristics written in Python are).
    pub fn with_record(mut self, record: StrategyRecord) -> Runner {
        self.record = record;
        self
    }

    /// The strategy as records show it before (or without) an answer.
    pub fn record(&self) -> &StrategyRecord {
        &self.record
    }

    /// The search's config (a portfolio's first member's, with the
    /// portfolio's limits).
    pub fn search(&self) -> &SearchConfig {
        &self.search
    }

    /// Whether the strategy is a portfolio.
    pub fn is_portfolio(&self) -> bool {
        self.portfolio.is_some()
    }

    /// Runs the strategy on `puzzle` to `max_solutions`, searching as
    /// `searching` says.
    pub fn answer_with(
        &self,
        sudoku: &Sudoku,
        puzzle: &Puzzle,
        searching: &mut Searching<'_>,
        max_solutions: Option<u64>,
    ) -> Result<Answer, SolveError> {
        match searching {
            Searching::Runs(run) => self.answer(sudoku, |config| run(sudoku, puzzle, config)),
            Searching::Starts(start) => self.answer_on(
                sudoku,
                |config| start(sudoku, puzzle, config),
                max_solutions,
            ),
        }
    }

    /// Runs the strategy with searches that `start` makes: a portfolio
    /// keeps its members' searches and each turn goes on where the last
    /// one stopped ([`sudoku::Portfolio::run_on`]): the answer, winner
    /// and counters of [`answer`](Runner::answer), in less time.
    pub fn answer_on<'s>(
        &self,
        sudoku: &'s Sudoku,
        mut start: impl FnMut(&SearchConfig) -> Result<Search<'s>, SolveError>,
        max_solutions: Option<u64>,
    ) -> Result<Answer, SolveError> {
        match &self.portfolio {
            None => Ok(sudoku
                .report(start(&self.search)?.run(max_solutions))
                .into()),
            Some(turns) => {
                let (portfolio, members) = turns.for_sudoku(sudoku);
                let played = portfolio.run_on(start, max_solutions, |r| sudoku.report(r))?;
                Ok(Answer {
                    report: played.report,
                    by: Some(members[played.winner].clone()),
                })
            }
        }
    }

    /// Runs the strategy on a puzzle of `sudoku`: `run` searches it with
    /// one config (a portfolio calls it once a turn, from scratch).
    pub fn answer(
        &self,
        sudoku: &Sudoku,
        mut run: impl FnMut(&SearchConfig) -> Result<SolveReport, SolveError>,
    ) -> Result<Answer, SolveError> {
        match &self.portfolio {
            None => run(&self.search).map(Answer::from),
            Some(turns) => {
                let (portfolio, members) = turns.for_sudoku(sudoku);
                let played = portfolio.run(run)?;
                Ok(Answer {
                    report: played.report,
                    by: Some(members[played.winner].clone()),
                })
            }
        }
    }
}
