//! Depth-first search with a trail: iterative (no recursion, no stack
//! limit), allocation-free per node.

use std::time::{Duration, Instant};

use fixedbitset::FixedBitSet;
use num_bigint::BigUint;

use crate::heuristics::{
    HeuristicError, SelectionContext, ValueChain, ValueSelectorChain, VariableChain,
    VariableSelectorChain,
};
use crate::propagation::{Agenda, Conflict, PropagationLevel, RuleStats, probe};
use crate::{DomainStore, Model, SearchStats, VarId};

/// When to give up. A search that hits a limit says so
/// ([`Termination::Stopped`]); it never reports a wrong answer.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    /// Stop before the placement that would exceed this many.
    pub max_placements: Option<u64>,
    /// Stop once this much time has passed since the search was created
    /// (checked every 1024 steps, every 256 propagator runs and before every
    /// probe).
    pub timeout: Option<Duration>,
}

/// How to search: the heuristic chains, the propagation level, the seed of
/// the random heuristics, and the limits.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SearchConfig {
    /// Which variable to branch on.
    pub variables: VariableChain,
    /// In which order to try its values.
    pub values: ValueChain,
    /// What to deduce after each placement.
    pub level: PropagationLevel,
    /// Seed of the random heuristics (`C`, `2`).
    pub seed: u64,
    /// When to give up.
    pub limits: Limits,
}

/// Why a search stopped early.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StopReason {
    /// [`Limits::max_placements`] was reached.
    PlacementLimit,
    /// [`Limits::timeout`] passed.
    Timeout,
}

/// How a search ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Termination {
    /// Every branch was explored: the solution count is exact.
    Exhausted,
    /// As many solutions as asked for were found.
    SolutionLimit,
    /// A limit was hit first: the count is a lower bound.
    Stopped(StopReason),
}

/// The result of [`Search::run`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchResult {
    /// How the search ended.
    pub termination: Termination,
    /// The first solution found (the value of each variable), if any.
    pub first_solution: Option<Vec<u32>>,
    /// The counters (`stats.solutions` is the number of solutions found).
    pub stats: SearchStats,
}

/// One placement in force: the variable and where its ordered values sit in
/// the shared value buffer.
#[derive(Clone, Copy, Debug)]
struct Frame {
    var: VarId,
    start: u32,
    current: u32,
}

enum Step {
    Choose,
    Backtrack,
}

/// A depth-first search over a [`Model`].
///
/// Create it, [`fix`](Search::fix) the givens, then [`run`](Search::run) it
/// (or just [`propagate_root`](Search::propagate_root) to look at the
/// deduced domains).
#[derive(Debug)]
pub struct Search<'m> {
    model: &'m Model,
    store: DomainStore,
    agenda: Agenda,
    variables: VariableSelectorChain,
    values: ValueSelectorChain,
    limits: Limits,
    frames: Vec<Frame>,
    value_buffer: Vec<u32>,
    placed: FixedBitSet,
    stats: SearchStats,
    root: Option<Result<(), Conflict>>,
}

impl<'m> Search<'m> {
    /// A search over `model` with `config`. Fails if a heuristic cannot work
    /// on this model.
    pub fn new(model: &'m Model, config: &SearchConfig) -> Result<Search<'m>, HeuristicError> {
        let n = model.num_vars();
        Ok(Search {
            model,
            store: DomainStore::with_state(model.initial_domains(), model.state_words()),
            agenda: {
                let mut agenda = Agenda::new(model, config.level);
                agenda.deadline = config.limits.timeout.map(|t| Instant::now() + t);
                agenda
            },
            variables: VariableSelectorChain::new(
                config.variables.selectors(model, config.seed)?,
                n,
            ),
            values: ValueSelectorChain::new(config.values.selectors(model, config.seed)?),
            limits: config.limits,
            frames: Vec::with_capacity(n),
            value_buffer: Vec::with_capacity(n * 64),
            placed: FixedBitSet::with_capacity(n),
            stats: SearchStats::default(),
            root: None,
        })
    }

    /// Assigns a given before the search starts (not a placement). Fails if
    /// `var` holds another value already or `value` is not in its initial
    /// domain; a clash between givens shows when the root is propagated.
    ///
    /// # Panics
    /// After the root was propagated.
    pub fn fix(&mut self, var: VarId, value: u32) -> Result<(), Conflict> {
        assert!(
            self.root.is_none(),
            "givens are fixed before the search starts"
        );
        match self.store.value(var) {
            Some(v) if v == value => Ok(()),
            Some(_) => Err(Conflict),
            None if !self.store.contains(var, value) => Err(Conflict),
            None => {
                self.store.assign(var, value);
                Ok(())
            }
        }
    }

    /// Propagates the givens at the configured level (once; later calls
    /// return the same answer).
    pub fn propagate_root(&mut self) -> Result<(), Conflict> {
        if let Some(r) = self.root {
            return r;
        }
        let r = self.root_fixpoint();
        self.stats.propagations = self.agenda.runs;
        self.stats.rules = self.agenda.rules;
        self.stats.search_space = match r {
            Ok(()) => (self.model.vars())
                .filter(|&v| !self.store.is_assigned(v))
                .map(|v| BigUint::from(self.store.size(v)))
                .product(),
            Err(_) => BigUint::ZERO,
        };
        self.root = Some(r);
        r
    }

    fn root_fixpoint(&mut self) -> Result<(), Conflict> {
        let level = self.agenda.level;
        for v in self.model.vars() {
            let size = self.store.size(v);
            if size == 0 && level.fails_on_wipeout() {
                return Err(Conflict);
            }
            if size == 1 && level >= PropagationLevel::Singles && !self.store.is_assigned(v) {
                self.agenda.singletons.push(v);
            }
        }
        self.agenda.initialise(&mut self.store, self.model);
        self.agenda.schedule_all();
        self.fixpoint()
    }

    /// Runs the agenda to a fixpoint, then probing at its level.
    fn fixpoint(&mut self) -> Result<(), Conflict> {
        self.agenda.run(&mut self.store, self.model)?;
        if self.agenda.level >= PropagationLevel::Probing {
            probe(&mut self.agenda, &mut self.store, self.model)?;
        }
        Ok(())
    }

    /// The domains now (after [`propagate_root`](Search::propagate_root):
    /// the candidates at the root).
    pub fn store(&self) -> &DomainStore {
        &self.store
    }

    /// Why propagation or the search stopped early, if it did: a time limit
    /// that passed inside [`propagate_root`](Search::propagate_root) makes
    /// it fail without a contradiction.
    pub fn stopped(&self) -> Option<StopReason> {
        self.agenda.timed_out.then_some(StopReason::Timeout)
    }

    /// What each propagation rule did so far.
    pub fn rules(&self) -> RuleStats {
        self.agenda.rules
    }

    /// Searches until `max_solutions` solutions are found (all of them if
    /// `None`), the space is exhausted, or a limit is hit. `Some(1)` solves,
    /// `Some(2)` checks uniqueness.
    pub fn run(mut self, max_solutions: Option<u64>) -> SearchResult {
        let start = Instant::now();
        let mut first_solution = None;
        let termination = match self.propagate_root() {
            Err(_) if self.agenda.timed_out => Termination::Stopped(StopReason::Timeout),
            Err(_) => Termination::Exhausted,
            Ok(()) => self.search(max_solutions, &mut first_solution),
        };
        self.stats.propagations = self.agenda.runs;
        self.stats.rules = self.agenda.rules;
        self.stats.vars_placed = self.placed.count_ones(..) as u64;
        self.stats.elapsed = start.elapsed();
        SearchResult {
            termination,
            first_solution,
            stats: self.stats,
        }
    }

    fn search(
        &mut self,
        max_solutions: Option<u64>,
        first_solution: &mut Option<Vec<u32>>,
    ) -> Termination {
        let mut step = Step::Choose;
        let mut steps: u64 = 0;
        loop {
            steps += 1;
            if steps % 1024 == 0 && self.agenda.out_of_time() {
                return Termination::Stopped(StopReason::Timeout);
            }
            step = match step {
                Step::Choose => {
                    self.stats.iterations += 1;
                    let ctx = SelectionContext::new(self.model, &self.store);
                    match self.variables.select(&ctx) {
                        None => {
                            if self.model.check(&self.store) {
                                self.stats.solutions += 1;
                                if first_solution.is_none() {
                                    *first_solution = Some(
                                        (self.model.vars())
                                            .map(|v| self.store.value(v).expect("assigned"))
                                            .collect(),
                                    );
                                }
                                if max_solutions.is_some_and(|k| self.stats.solutions >= k) {
                                    return Termination::SolutionLimit;
                                }
                            } else {
                                self.stats.failures += 1;
                            }
                            Step::Backtrack
                        }
                        Some(var) => {
                            let start = self.value_buffer.len();
                            self.values.order(&ctx, var, &mut self.value_buffer);
                            if self.value_buffer.len() == start {
                                self.stats.failures += 1;
                                Step::Backtrack
                            } else {
                                self.frames.push(Frame {
                                    var,
                                    start: start as u32,
                                    current: start as u32,
                                });
                                let depth = self.frames.len() as u64;
                                self.stats.max_depth = self.stats.max_depth.max(depth);
                                match self.place() {
                                    Ok(s) => s,
                                    Err(reason) => return Termination::Stopped(reason),
                                }
                            }
                        }
                    }
                }
                Step::Backtrack => {
                    let Some(frame) = self.frames.last_mut() else {
                        return Termination::Exhausted;
                    };
                    self.stats.backtrack_iterations += 1;
                    self.store.restore();
                    self.stats.backtracks += 1;
                    let undone = self.value_buffer[frame.current as usize];
                    let var = frame.var;
                    self.variables.on_backtrack(var, undone);
                    frame.current += 1;
                    if (frame.current as usize) < self.value_buffer.len() {
                        match self.place() {
                            Ok(s) => s,
                            Err(reason) => return Termination::Stopped(reason),
                        }
                    } else {
                        self.value_buffer.truncate(frame.start as usize);
                        self.frames.pop();
                        Step::Backtrack
                    }
                }
            };
        }
    }

    /// Places the current value of the top frame and propagates; an error
    /// if the placement limit forbids it or the time limit passed during
    /// propagation.
    fn place(&mut self) -> Result<Step, StopReason> {
        if self
            .limits
            .max_placements
            .is_some_and(|m| self.stats.placements >= m)
        {
            return Err(StopReason::PlacementLimit);
        }
        let frame = *self.frames.last().expect("a frame to place");
        let value = self.value_buffer[frame.current as usize];
        self.stats.placements += 1;
        // The values of the top frame end the buffer: a later one is an
        // alternative still untried.
        if (frame.current as usize) + 1 < self.value_buffer.len() {
            self.stats.guesses += 1;
        }
        self.placed.insert(frame.var.index());
        self.store.checkpoint();
        self.agenda
            .assign(self.model, &mut self.store, frame.var, value);
        self.variables.on_placement(frame.var, value);
        self.values.on_placement(frame.var, value);
        Ok(match self.fixpoint() {
            Ok(()) => Step::Choose,
            Err(Conflict) if self.agenda.timed_out => return Err(StopReason::Timeout),
            Err(Conflict) => {
                self.stats.failures += 1;
                Step::Backtrack
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{LinearEquality, ModelBuilder, ValueSet};

    /// x + y = 2 and x != y over {0, 1, 2}, input order, lowest value
    /// first, counting all solutions: x = 0 and x = 1 are guesses (values
    /// remain after them), x = 1 fails (y = 1), and x = 2, the last value
    /// left, is placed without a guess. y is always fixed by propagation.
    #[test]
    fn the_last_value_left_is_not_a_guess() {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(2, ValueSet::range(3));
        b.add_propagator(LinearEquality::new(v.clone(), vec![1, 1], 2))
            .unwrap();
        b.all_different(&v).unwrap();
        let model = b.build();
        let config = SearchConfig {
            variables: "A".parse().unwrap(),
            values: "0".parse().unwrap(),
            level: PropagationLevel::Singles,
            ..SearchConfig::default()
        };
        let result = Search::new(&model, &config).unwrap().run(None);
        assert_eq!(result.first_solution, Some(vec![0, 2]));
        let s = &result.stats;
        assert_eq!(
            (
                s.placements,
                s.guesses,
                s.backtracks,
                s.failures,
                s.solutions
            ),
            (3, 2, 3, 1, 2)
        );
    }
}
