//! Depth-first search with a trail: iterative (no recursion, no stack
//! limit), allocation-free per node.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use fixedbitset::FixedBitSet;
use num_bigint::BigUint;

use crate::heuristics::{
    HeuristicError, Placement, SelectionContext, ValueChain, ValueLink, ValueSelectorChain,
    VariableChain, VariableLink, VariableSelectorChain,
};
use crate::learning::Learner;
use crate::nogoods::{Branch, Decision, RestartNogoods};
use crate::propagation::{
    Agenda, Conflict, Events, ListedGroups, PeerGroups, PropagationLevel, Rule, RuleStats, probe,
};
use crate::trace::{self, Event, FailCause, LinkScores, Tracer};
use crate::{DomainStore, Model, Restarts, SearchStats, ValueSet, VarId};

mod learning_search;
mod solution_check;
mod wide_choice;

use solution_check::SolutionCheck;
use wide_choice::WideDecision;
pub use wide_choice::{UnknownWideChoice, WideChoice};

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
    /// When to restart from the root (never by default).
    pub restarts: Restarts,
    /// Learn a clause from every conflict and jump back to its cause
    /// ([`crate::learning`]); off by default. Needs propagation at `fc`
    /// or above, without probing.
    pub learning: bool,
    /// Search the model with its linked places
    /// ([`ModelBuilder::link_places`](crate::ModelBuilder::link_places)):
    /// read by the front ends that build the model (a [`Search`] searches
    /// the model it is given); off by default.
    pub links: bool,
    /// How to branch on a wide variable; `None` (the default): as the
    /// value chain says ([`WideChoice::of_chain`]).
    pub wide_choice: Option<WideChoice>,
}

impl SearchConfig {
    /// Fails if `learning` is asked for at a level whose deductions no
    /// propagator explains: `none` (nothing is propagated) and `probing`
    /// (hypotheses remove values).
    pub fn check_learning(&self) -> Result<(), HeuristicError> {
        match self.level {
            PropagationLevel::None | PropagationLevel::Probing if self.learning => {
                Err(HeuristicError::LearningLevel(self.level))
            }
            _ => Ok(()),
        }
    }

    /// Fails if `links` is asked for at a level where linked places take
    /// no part: `none`, `fc` and `human:D`.
    pub fn check_links(&self) -> Result<(), HeuristicError> {
        if self.links
            && (self.level < PropagationLevel::Singles || self.level.rated_up_to().is_some())
        {
            return Err(HeuristicError::LinksLevel(self.level));
        }
        Ok(())
    }
}

/// Why a search stopped early.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StopReason {
    /// [`Limits::max_placements`] was reached.
    PlacementLimit,
    /// [`Limits::timeout`] passed.
    Timeout,
    /// The flag given to [`Search::set_interrupt`] was raised (by another
    /// thread, a signal handler, or a heuristic that failed).
    Interrupted,
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
    /// How its alternatives are tried.
    kind: FrameKind,
}

/// How a frame's alternatives (its values in the buffer) are tried.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum FrameKind {
    /// Each value is assigned in turn (a narrow variable).
    Values,
    /// A wide variable: `x = v`, then `x != v` (the same `v` twice in the
    /// buffer; once when it is the last value).
    Equal,
    /// A wide variable: `x <= v`, then `x > v`.
    Split,
}

enum Step {
    Choose,
    Backtrack,
    /// The top frame's current value, held back by the placement limit.
    Place,
}

/// Where a search that its placement limit stopped goes on
/// ([`Search::run_on`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Paused {
    /// The plain search: placing the top frame's current value.
    Place,
    /// The learning search: making this decision (`x = v`, or `x <= v`
    /// on a wide variable).
    Decide(crate::explanation::Literal),
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
    /// Each full assignment's check ([`SolutionCheck`]).
    solution_check: SolutionCheck,
    placed: FixedBitSet,
    stats: SearchStats,
    root: Option<Result<(), Conflict>>,
    tracing: Option<Tracing<'m>>,
    /// What is shown the counters now and then ([`Search::set_progress`]).
    progress: Option<Progress<'m>>,
    /// What is shown every solution ([`Search::set_on_solution`]).
    on_solution: Option<OnSolution<'m>>,
    /// Raised to stop the search ([`Search::set_interrupt`]).
    interrupt: Option<Arc<AtomicBool>>,
    /// Forward checking listed ahead, and its rule, used after placements
    /// at `none` and `fc` (see [`PeerGroups`]): by the model's only
    /// propagator, or over its groups ([`ListedGroups`]).
    peer_groups: Option<(&'m PeerGroups, Rule)>,
    /// The model's groups, when they are listed ahead: after their
    /// removals, a placed variable's other watchers (past the groups,
    /// which lead its list) are told of the placement and run.
    listed: Option<&'m ListedGroups>,
    /// Whether a link of a chain learns from placements (set when the
    /// search runs).
    learning: bool,
    /// The domain sizes before the placement being made, for the links
    /// that learn.
    sizes: Vec<u32>,
    /// When to restart, and the failure count at which the next restart
    /// is due.
    restarts: Restarts,
    restart_at: Option<u64>,
    /// The failure count at the last restart (0 before any).
    failures_at_restart: u64,
    nogoods: RestartNogoods,
    /// The clauses, levels and analysis of a learning search.
    learner: Option<Box<Learner>>,
    /// Whether [`run_on`](Search::run_on) set the search up already.
    started: bool,
    /// Where the search goes on after its placement limit stopped it.
    paused: Option<Paused>,
    /// How the search ended for good (a stop by the placement limit is no
    /// end: a higher limit lets it go on).
    ended: Option<Termination>,
    /// The first solution found.
    first_solution: Option<Vec<u32>>,
    /// How to branch on a wide variable.
    wide_choice: WideChoice,
}

/// A tracer and its scratch buffers.
struct Tracing<'m> {
    tracer: Box<dyn Tracer + 'm>,
    links: Vec<LinkScores>,
    scores: Vec<i64>,
    filled: Vec<(VarId, u32)>,
    removed: Vec<(VarId, ValueSet)>,
    /// Why the last fixpoint failed.
    cause: Option<FailCause>,
}

/// What [`Search::set_progress`] was given.
struct Progress<'m>(Box<dyn FnMut(&SearchStats) + 'm>);

/// What [`Search::set_on_solution`] was given.
struct OnSolution<'m>(Box<dyn FnMut(&DomainStore) + 'm>);

impl std::fmt::Debug for OnSolution<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OnSolution")
    }
}

impl std::fmt::Debug for Progress<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Progress")
    }
}

impl std::fmt::Debug for Tracing<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Tracing")
    }
}

/// Built-in selectors as chain links.
fn links<S, L: From<S>>(selectors: Vec<S>) -> Vec<L> {
    selectors.into_iter().map(L::from).collect()
}

impl<'m> Search<'m> {
    /// A search over `model` with `config`. Fails if a heuristic cannot work
    /// on this model.
    pub fn new(model: &'m Model, config: &SearchConfig) -> Result<Search<'m>, HeuristicError> {
        config.check_learning()?;
        let n = model.num_vars();
        let listed = (model.listed_groups()).filter(|l| l.hold_at(config.level));
        Ok(Search {
            model,
            store: DomainStore::with_wide(
                model.initial_domains(),
                model.wide_vars(),
                model.state_words(),
            ),
            agenda: {
                let mut agenda = Agenda::new(model, config.level);
                agenda.deadline = config.limits.timeout.map(|t| Instant::now() + t);
                agenda
            },
            variables: VariableSelectorChain::new(
                links(config.variables.selectors(model, config.seed)?),
                n,
            ),
            values: ValueSelectorChain::new(links(config.values.selectors(model, config.seed)?)),
            limits: config.limits,
            frames: Vec::with_capacity(n),
            value_buffer: Vec::with_capacity(n * 64),
            solution_check: SolutionCheck::new(model),
            placed: FixedBitSet::with_capacity(n),
            stats: SearchStats::default(),
            root: None,
            tracing: None,
            progress: None,
            on_solution: None,
            interrupt: None,
            peer_groups: match (model.peer_groups(), listed) {
                (Some(groups), _) if config.level < PropagationLevel::Singles => Some(groups),
                (_, Some(l)) => Some((l.groups(), l.rule())),
                _ => None,
            },
            listed,
            learning: false,
            sizes: Vec::new(),
            restarts: config.restarts,
            restart_at: config.restarts.cutoff(0),
            failures_at_restart: 0,
            nogoods: RestartNogoods::default(),
            learner: config.learning.then(|| Box::new(Learner::new(model))),
            started: false,
            paused: None,
            ended: None,
            first_solution: None,
            wide_choice: (config.wide_choice)
                .unwrap_or_else(|| WideChoice::of_chain(&config.values)),
        })
    }

    /// Branches on wide variables as `choice` says instead of as the value
    /// chain means ([`WideChoice::of_chain`]).
    pub fn with_wide_choice(mut self, choice: WideChoice) -> Self {
        self.wide_choice = choice;
        self
    }

    /// Runs forward checking through the engine's queue even where the
    /// search could list it ahead ([`Propagator::peer_groups`],
    /// [`ListedGroups`]): the same counters, in more time. For comparing
    /// the two.
    ///
    /// [`Propagator::peer_groups`]: crate::Propagator::peer_groups
    pub fn without_listing(mut self) -> Self {
        self.peer_groups = None;
        self.listed = None;
        self
    }

    /// Branches on the variable chosen by `links` instead of the config's
    /// cell chain: compared lexicographically, as letters are, then by the
    /// lowest index. A chain may mix built-in heuristics
    /// ([`VariableHeuristic::selector`](crate::VariableHeuristic::selector),
    /// [`VariableChain::selectors`](crate::VariableChain::selectors)) with
    /// selectors of one's own ([`VariableLink::custom`]).
    pub fn with_variable_links(mut self, links: Vec<VariableLink>) -> Self {
        self.variables = VariableSelectorChain::new(links, self.model.num_vars());
        self
    }

    /// Tries values in the order `links` give instead of the config's
    /// value chain (see [`Search::with_variable_links`]).
    pub fn with_value_links(mut self, links: Vec<ValueLink>) -> Self {
        self.values = ValueSelectorChain::new(links);
        self
    }

    /// Shows `progress` the counters now and then while the search runs
    /// (every 1,024 steps of its main loop, when it also checks its time
    /// limit): for a display of long searches. It reads them only; the
    /// search is the same with or without it.
    pub fn set_progress(&mut self, progress: Box<dyn FnMut(&SearchStats) + 'm>) {
        self.progress = Some(Progress(progress));
    }

    /// Shows `on_solution` the store at every solution (every variable
    /// assigned), before the search goes on to the next: to collect all
    /// solutions, or what they have in common. It reads only; the search
    /// and its counters are the same with or without it.
    pub fn set_on_solution(&mut self, on_solution: Box<dyn FnMut(&DomainStore) + 'm>) {
        self.on_solution = Some(OnSolution(on_solution));
    }

    /// Stops the search, with [`StopReason::Interrupted`], at its next
    /// choice after `flag` is raised: another thread (or a signal handler)
    /// cancels a long search, a heuristic that cannot go on stops it. The
    /// flag is read once per choice; nothing else changes.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    /// Reports every event of this search to `tracer` (see [`trace`]).
    ///
    /// # Panics
    /// After the root was propagated.
    pub fn set_tracer(&mut self, tracer: Box<dyn Tracer + 'm>) {
        assert!(
            self.root.is_none(),
            "a tracer is set before the search starts"
        );
        self.agenda.segments = Some(Vec::new());
        self.tracing = Some(Tracing {
            tracer,
            links: Vec::new(),
            scores: Vec::new(),
            filled: Vec::new(),
            removed: Vec::new(),
            cause: None,
        });
    }

    fn emit(&mut self, event: &Event<'_>) {
        if let Some(t) = &mut self.tracing {
            t.tracer.event(event);
        }
    }

    fn emit_fail(&mut self, cause: FailCause) {
        if let Some(t) = &mut self.tracing {
            let store = &self.store;
            t.tracer.event(&Event::Fail { cause, store });
        }
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
            None if !self.store.holds(var, value) => Err(Conflict),
            None => {
                self.store.assign(var, value);
                Ok(())
            }
        }
    }

    /// Narrows `var` to `values` before the search starts, as [`fix`]
    /// does to one value: its domain keeps only those of `values`. Fails
    /// if none is left. A search made once on a model can so start from
    /// any candidates (a grid's pencil marks) without a model built for
    /// them.
    ///
    /// [`fix`]: Search::fix
    ///
    /// # Panics
    /// After the root was propagated.
    pub fn restrict(&mut self, var: VarId, values: ValueSet) -> Result<(), Conflict> {
        assert!(
            self.root.is_none(),
            "domains are narrowed before the search starts"
        );
        self.store.remove_values(var, ValueSet(!values.0));
        if self.store.domain(var).is_empty() {
            return Err(Conflict);
        }
        Ok(())
    }

    /// Records from now on which propagator makes each change (the
    /// explanation checks read them back with [`Search::changes_since`]).
    pub(crate) fn record_changes(&mut self) {
        self.agenda.segments = Some(Vec::new());
    }

    /// The trail's length now: a mark for [`Search::changes_since`].
    pub(crate) fn trail_mark(&self) -> usize {
        self.store.trail_len()
    }

    /// The changes since `mark`, each credited to the rule and propagator
    /// that made it (recorded since [`Search::record_changes`]).
    pub(crate) fn changes_since(&self, mark: usize) -> Vec<trace::Change> {
        let segments = self.agenda.segments.as_deref().unwrap_or(&[]);
        trace::changes(&self.store, mark, segments)
    }

    /// The propagator whose run failed last, if one did.
    pub(crate) fn failed_propagator(&self) -> Option<usize> {
        self.agenda.culprit().map(|c| c.propagator as usize)
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
        let r = self.traced_fixpoint();
        if let Some(t) = &mut self.tracing {
            if !self.agenda.timed_out {
                let contradiction = t.cause.take();
                t.tracer.event(&Event::Root {
                    store: &self.store,
                    contradiction,
                });
            }
        }
        r
    }

    /// [`fixpoint`](Self::fixpoint), telling a tracer what it deduced and
    /// how many runs it took; why it failed is left in `cause`.
    #[inline(always)]
    fn traced_fixpoint(&mut self) -> Result<(), Conflict> {
        if self.tracing.is_none() {
            self.fixpoint()
        } else {
            self.fixpoint_telling()
        }
    }

    #[cold]
    #[inline(never)]
    fn fixpoint_telling(&mut self) -> Result<(), Conflict> {
        self.telling(Self::fixpoint)
    }

    /// Runs `fixpoint`, telling a tracer what it deduced and how many runs
    /// it took (and, but in a learning search, which keeps the segments
    /// its explanations read and tells its failures itself, why it failed,
    /// in `cause`).
    #[cold]
    #[inline(never)]
    fn telling<E>(&mut self, fixpoint: fn(&mut Self) -> Result<(), E>) -> Result<(), E> {
        let runs = self.agenda.runs;
        let rule_runs = trace::rule_runs(&self.agenda.rules);
        let mark = self.store.trail_len();
        let r = fixpoint(self);
        let learning = self.learner.is_some();
        let model = self.model;
        // None for NO_PROPAGATOR: the search's own removals and probing's.
        let known = |p: u32| ((p as usize) < model.propagators().len()).then_some(p);
        let name_of = |p: u32| known(p).map(|p| model.propagators()[p as usize].name());
        let segments = self.agenda.segments.take().unwrap_or_default();
        let changes = trace::changes(&self.store, mark, &segments);
        let t = self.tracing.as_mut().expect("tracing");
        let mut i = 0;
        while i < changes.len() {
            // One deduction: the changes of one rule, propagator, work
            // item and note in a row.
            let key = |c: &trace::Change| (c.rule, c.propagator, c.item, c.note, c.noted);
            let here = key(&changes[i]);
            let (rule, p, item, note, _) = here;
            t.filled.clear();
            t.removed.clear();
            while i < changes.len() && key(&changes[i]) == here {
                let c = changes[i];
                if let Some(v) = c.assigned {
                    t.filled.push((c.var, v));
                }
                if !c.gone.is_empty() {
                    t.removed.push((c.var, c.gone));
                }
                i += 1;
            }
            t.tracer.event(&Event::Deduce {
                rule,
                propagator: name_of(p),
                index: known(p),
                item: (item != u32::MAX).then_some(item),
                note: (note != u32::MAX).then_some(note),
                filled: &t.filled,
                removed: &t.removed,
            });
        }
        let after = trace::rule_runs(&self.agenda.rules);
        t.tracer.event(&Event::Fixpoint {
            runs: self.agenda.runs - runs,
            rule_runs: std::array::from_fn(|k| after[k] - rule_runs[k]),
        });
        if r.is_err() && !self.agenda.timed_out && !learning {
            let (rule, p) = self.agenda.failed_in;
            let cause = match self.model.vars().find(|&v| self.store.size(v) == 0) {
                Some(var) => {
                    let last = changes.iter().rev().find(|c| c.var == var);
                    FailCause::Wipeout {
                        var,
                        rule: last.map_or(rule, |c| c.rule),
                        propagator: known(last.map_or(p, |c| c.propagator)),
                    }
                }
                None => FailCause::Propagator {
                    rule,
                    name: name_of(p).unwrap_or("probing"),
                    propagator: known(p),
                },
            };
            t.cause = Some(cause);
        }
        let mut segments = segments;
        if !learning {
            segments.clear();
        }
        self.agenda.segments = Some(segments);
        r
    }

    /// Runs the agenda to a fixpoint, then probing at its level.
    fn fixpoint(&mut self) -> Result<(), Conflict> {
        loop {
            self.agenda.run(&mut self.store, self.model)?;
            if self.agenda.level >= PropagationLevel::Probing {
                probe(&mut self.agenda, &mut self.store, self.model)?;
            }
            if self.nogoods.is_empty()
                || !(self.nogoods).propagate(&mut self.agenda, &mut self.store, self.model)?
            {
                return Ok(());
            }
        }
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

    /// The counters so far (those of a search stopped by its placement
    /// limit, between [`run_on`](Search::run_on)s).
    pub fn stats(&self) -> &SearchStats {
        &self.stats
    }

    /// What each propagation rule did so far.
    pub fn rules(&self) -> RuleStats {
        self.agenda.rules
    }

    /// Searches until `max_solutions` solutions are found (all of them if
    /// `None`), the space is exhausted, or a limit is hit. `Some(1)` solves,
    /// `Some(2)` checks uniqueness.
    pub fn run(mut self, max_solutions: Option<u64>) -> SearchResult {
        let termination = self.go(max_solutions);
        SearchResult {
            termination,
            first_solution: self.first_solution,
            stats: self.stats,
        }
    }

    /// [`run`](Search::run), keeping the search: once its placement limit
    /// stopped it, [`set_max_placements`](Search::set_max_placements)
    /// with a higher limit and `run_on` again go on exactly where it
    /// stopped, so the counters in the end are those of one run with the
    /// final limit (the elapsed time adds up). After any other end,
    /// `run_on` answers that end again.
    ///
    /// ```
    /// use csp_core::{Limits, ModelBuilder, Search, SearchConfig, StopReason, Termination, ValueSet};
    ///
    /// // A 4x4 Latin square, all 576 solutions, 100 placements at a time.
    /// let mut b = ModelBuilder::new();
    /// let v = b.new_vars(16, ValueSet::range(4));
    /// for i in 0..4 {
    ///     b.all_different(&v[4 * i..4 * i + 4]).unwrap();
    ///     let column: Vec<_> = (0..4).map(|r| v[4 * r + i]).collect();
    ///     b.all_different(&column).unwrap();
    /// }
    /// let model = b.build();
    /// let alone = Search::new(&model, &SearchConfig::default())?.run(None);
    /// let mut search = Search::new(&model, &SearchConfig::default())?;
    /// let mut limit = 0;
    /// let result = loop {
    ///     limit += 100;
    ///     search.set_max_placements(Some(limit));
    ///     let result = search.run_on(None);
    ///     if result.termination != Termination::Stopped(StopReason::PlacementLimit) {
    ///         break result;
    ///     }
    /// };
    /// assert_eq!(result.stats.solutions, 576);
    /// assert_eq!(result.stats.placements, alone.stats.placements);
    /// # Ok::<(), csp_core::HeuristicError>(())
    /// ```
    pub fn run_on(&mut self, max_solutions: Option<u64>) -> SearchResult {
        let termination = self.go(max_solutions);
        SearchResult {
            termination,
            first_solution: self.first_solution.clone(),
            stats: self.stats.clone(),
        }
    }

    /// Sets the placement limit (of [`Limits::max_placements`]) for the
    /// next [`run_on`](Search::run_on).
    pub fn set_max_placements(&mut self, max_placements: Option<u64>) {
        self.limits.max_placements = max_placements;
    }

    /// Runs, or goes on after a stop by the placement limit.
    fn go(&mut self, max_solutions: Option<u64>) -> Termination {
        if let Some(ended) = self.ended {
            return ended;
        }
        let start = Instant::now();
        if !self.started {
            self.set_up();
        }
        let mut first_solution = self.first_solution.take();
        let termination = match self.propagate_root() {
            Err(_) if self.agenda.timed_out => Termination::Stopped(StopReason::Timeout),
            Err(_) => Termination::Exhausted,
            Ok(()) if self.learner.is_some() => {
                self.learning_search(max_solutions, &mut first_solution)
            }
            // Compiled twice: without a tracer, no hook is even tested.
            Ok(()) if self.tracing.is_some() => {
                self.search::<true>(max_solutions, &mut first_solution)
            }
            Ok(()) => self.search::<false>(max_solutions, &mut first_solution),
        };
        self.first_solution = first_solution;
        if termination != Termination::Stopped(StopReason::PlacementLimit) {
            self.ended = Some(termination);
        }
        if let Termination::Stopped(reason) = termination {
            self.emit(&Event::Stop { reason });
        }
        self.stats.propagations = self.agenda.runs;
        self.stats.rules = self.agenda.rules;
        self.stats.vars_placed = self.placed.count_ones(..) as u64;
        self.stats.elapsed += start.elapsed();
        termination
    }

    /// What the first run sets up: the links that learn, the nogoods of
    /// restarts, the segments explanations read.
    fn set_up(&mut self) {
        self.started = true;
        self.learning = self.variables.learns() || self.values.learns();
        if self.learning || self.restarts != Restarts::Never || self.learner.is_some() {
            // Failures are charged to the propagator (and house) that
            // failed, and nogoods propagate after every fixpoint: both
            // through the engine's queue (same counters).
            self.peer_groups = None;
            self.listed = None;
        }
        if self.learning {
            self.sizes = vec![0; self.model.num_vars()];
        }
        if self.restarts != Restarts::Never && self.learner.is_none() {
            self.nogoods = RestartNogoods::with_capacity(self.model.num_vars());
        }
        if self.learner.is_some() && self.agenda.segments.is_none() {
            // The explanations read which propagator made each change.
            self.agenda.segments = Some(Vec::new());
        }
    }

    fn search<const TRACE: bool>(
        &mut self,
        max_solutions: Option<u64>,
        first_solution: &mut Option<Vec<u32>>,
    ) -> Termination {
        let mut step = match self.paused.take() {
            Some(Paused::Place) => Step::Place,
            _ => Step::Choose,
        };
        let mut steps: u64 = 0;
        loop {
            steps += 1;
            if self.out_of_time_at(steps) {
                return Termination::Stopped(StopReason::Timeout);
            }
            step = match step {
                Step::Choose => {
                    if self.interrupted() {
                        return Termination::Stopped(StopReason::Interrupted);
                    }
                    self.stats.iterations += 1;
                    match self.choose::<TRACE>(self.frames.len()) {
                        None => {
                            if (self.solution_check).holds(self.model, &mut self.store) {
                                if self.solution_found::<TRACE>(max_solutions, first_solution) {
                                    return Termination::SolutionLimit;
                                }
                            } else {
                                self.stats.failures += 1;
                                if TRACE {
                                    self.emit_fail(FailCause::Check);
                                }
                            }
                            Step::Backtrack
                        }
                        Some(var) if self.store.is_wide(var) => {
                            let start = self.value_buffer.len() as u32;
                            let kind = self.push_wide_choice(var);
                            self.frames.push(Frame {
                                var,
                                start,
                                current: start,
                                kind,
                            });
                            let depth = self.frames.len() as u64;
                            self.stats.max_depth = self.stats.max_depth.max(depth);
                            match self.place::<TRACE>() {
                                Ok(s) => s,
                                Err(reason) => return Termination::Stopped(reason),
                            }
                        }
                        Some(var) => {
                            let start = self.value_buffer.len();
                            self.order_values::<TRACE>(self.frames.len(), var);
                            if self.value_buffer.len() == start {
                                self.stats.failures += 1;
                                if TRACE {
                                    self.emit_fail(FailCause::NoValues(var));
                                }
                                Step::Backtrack
                            } else {
                                self.frames.push(Frame {
                                    var,
                                    start: start as u32,
                                    current: start as u32,
                                    kind: FrameKind::Values,
                                });
                                let depth = self.frames.len() as u64;
                                self.stats.max_depth = self.stats.max_depth.max(depth);
                                match self.place::<TRACE>() {
                                    Ok(s) => s,
                                    Err(reason) => return Termination::Stopped(reason),
                                }
                            }
                        }
                    }
                }
                Step::Place => match self.place::<TRACE>() {
                    Ok(s) => s,
                    Err(reason) => return Termination::Stopped(reason),
                },
                Step::Backtrack
                    if self.restart_at.is_some_and(|cutoff| {
                        self.stats.failures - self.failures_at_restart >= cutoff
                    }) && !self.frames.is_empty() =>
                {
                    match self.restart::<TRACE>() {
                        Ok(()) => Step::Choose,
                        Err(Conflict) if self.agenda.timed_out => {
                            return Termination::Stopped(StopReason::Timeout);
                        }
                        Err(Conflict) => return Termination::Exhausted,
                    }
                }
                Step::Backtrack => {
                    let depth = self.frames.len();
                    let Some(frame) = self.frames.last_mut() else {
                        return Termination::Exhausted;
                    };
                    self.stats.backtrack_iterations += 1;
                    self.store.restore();
                    self.stats.backtracks += 1;
                    let undone = self.value_buffer[frame.current as usize];
                    let var = frame.var;
                    if let Some(t) = self.tracing.as_mut().filter(|_| TRACE) {
                        t.tracer.event(&Event::Backtrack {
                            depth,
                            var,
                            value: undone,
                        });
                    }
                    frame.current += 1;
                    if (frame.current as usize) < self.value_buffer.len() {
                        match self.place::<TRACE>() {
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

    /// At every 1,024th step of a search loop: whether the time limit has
    /// passed; and the counters shown to the progress callback.
    #[inline(always)]
    fn out_of_time_at(&mut self, steps: u64) -> bool {
        if steps % 1024 != 0 {
            return false;
        }
        if self.agenda.out_of_time() {
            return true;
        }
        if let Some(Progress(progress)) = &mut self.progress {
            self.stats.propagations = self.agenda.runs;
            progress(&self.stats);
        }
        false
    }

    /// Whether the flag of [`set_interrupt`](Self::set_interrupt) is
    /// raised.
    #[inline(always)]
    fn interrupted(&self) -> bool {
        (self.interrupt.as_ref()).is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// The variable the cell chain chooses at `depth` (told to a tracer,
    /// with its scores), or `None` when every variable is assigned.
    #[inline(always)]
    fn choose<const TRACE: bool>(&mut self, depth: usize) -> Option<VarId> {
        let ctx = SelectionContext::new(self.model, &self.store).at_depth(depth);
        match &mut self.tracing {
            Some(t) if TRACE => {
                let (var, runner_up, decided_by) =
                    self.variables.select_explained(&ctx, &mut t.links);
                if let Some(var) = var {
                    t.tracer.event(&Event::Choose {
                        depth,
                        var,
                        domain: self.store.domain(var),
                        scores: &t.links,
                        runner_up,
                        decided_by,
                    });
                }
                var
            }
            _ => self.variables.select(&ctx),
        }
    }

    /// Pushes the values of `var` onto the value buffer in the order the
    /// value chain gives at `depth` (told to a tracer, with their scores).
    #[inline(always)]
    fn order_values<const TRACE: bool>(&mut self, depth: usize, var: VarId) {
        let ctx = SelectionContext::new(self.model, &self.store).at_depth(depth);
        let start = self.value_buffer.len();
        match &mut self.tracing {
            Some(t) if TRACE => {
                (self.values).order_explained(&ctx, var, &mut self.value_buffer, &mut t.scores);
                t.tracer.event(&Event::Order {
                    var,
                    values: &self.value_buffer[start..],
                    scores: &t.scores,
                    links: self.values.links(),
                });
            }
            _ => self.values.order(&ctx, var, &mut self.value_buffer),
        }
    }

    /// Pushes the decision on wide variable `var` (its value twice: the
    /// decision, then its refutation) and says how it is tried; a variable
    /// of one value left gets that value once, assigned (no guess).
    fn push_wide_choice(&mut self, var: VarId) -> FrameKind {
        if self.store.size(var) <= 1 {
            let value = self.store.lower(var).unwrap_or(0);
            self.value_buffer.push(value);
            return FrameKind::Equal;
        }
        let WideDecision { value, split } = self.wide_choice.decide(&self.store, var);
        self.value_buffer.extend([value, value]);
        if split {
            FrameKind::Split
        } else {
            FrameKind::Equal
        }
    }

    /// Makes the current alternative of `frame`, on a wide variable, whose
    /// value is `value`: the decision (`x = v`, `x <= v`) or its
    /// refutation (`x != v`, `x > v`), and tells the propagators.
    fn branch_wide(&mut self, frame: Frame, value: u32) {
        let (var, first) = (frame.var, frame.current == frame.start);
        if frame.kind == FrameKind::Equal && first {
            (self.agenda).assign(self.model, &mut self.store, var, value);
            return;
        }
        let bounds = (self.store.lower(var), self.store.upper(var));
        match frame.kind {
            FrameKind::Split if first => self.store.lower_upper(var, value),
            FrameKind::Split => self.store.raise_lower(var, value + 1),
            _ => self.store.remove_value(var, value),
        };
        (self.agenda).wide_changed(self.model, &mut self.store, var, bounds);
    }

    /// Counts the solution the store holds (told to a tracer and to the
    /// [`set_on_solution`](Self::set_on_solution) callback), keeps it if it
    /// is the first; whether `max_solutions` are found now.
    #[inline(always)]
    fn solution_found<const TRACE: bool>(
        &mut self,
        max_solutions: Option<u64>,
        first_solution: &mut Option<Vec<u32>>,
    ) -> bool {
        self.stats.solutions += 1;
        let number = self.stats.solutions;
        if TRACE {
            self.emit(&Event::Solution { number });
        }
        if let Some(OnSolution(see)) = &mut self.on_solution {
            see(&self.store);
        }
        if first_solution.is_none() {
            *first_solution = Some(
                (self.model.vars())
                    .map(|v| self.store.value(v).expect("assigned"))
                    .collect(),
            );
        }
        max_solutions.is_some_and(|k| self.stats.solutions >= k)
    }

    /// Abandons the branch: records its nogoods, undoes its placements,
    /// tells the learning links, and propagates the nogoods at the root.
    /// Fails if the root is then inconsistent: the search is over.
    fn restart<const TRACE: bool>(&mut self) -> Result<(), Conflict> {
        let buffer = &self.value_buffer;
        let added = self
            .nogoods
            .record(self.frames.iter().map(|f| match f.kind {
                FrameKind::Values => {
                    let tried = &buffer[f.start as usize..f.current as usize];
                    Branch::Values {
                        var: f.var,
                        value: buffer[f.current as usize],
                        tried: tried.iter().copied().collect::<ValueSet>(),
                    }
                }
                FrameKind::Equal | FrameKind::Split => {
                    let value = buffer[f.start as usize];
                    Branch::Wide {
                        var: f.var,
                        decision: if f.kind == FrameKind::Split {
                            Decision::AtMost(value)
                        } else {
                            Decision::Equal(value)
                        },
                        second: f.current != f.start,
                    }
                }
            }));
        self.stats.nogoods += added;
        for _ in 0..self.frames.len() {
            self.store.restore();
        }
        self.frames.clear();
        self.value_buffer.clear();
        self.stats.restarts += 1;
        let failures = self.stats.failures - self.failures_at_restart;
        self.failures_at_restart = self.stats.failures;
        self.restart_at = self.restarts.cutoff(self.stats.restarts);
        self.variables.restarted();
        self.values.restarted();
        let root = if TRACE {
            self.emit(&Event::Restart {
                number: self.stats.restarts,
                nogoods: added,
                failures,
            });
            self.fixpoint_telling()
        } else {
            self.fixpoint()
        };
        self.nogoods.prune(&self.store);
        root
    }

    /// Tells the learning links what the placement of `value` in `var`
    /// led to.
    #[cold]
    #[inline(never)]
    fn tell_placement(&mut self, var: VarId, value: u32, failed: bool) {
        let placement = Placement {
            var,
            value,
            depth: self.frames.len() - 1,
            conflict: failed.then(|| self.agenda.culprit()),
            sizes_before: &self.sizes,
        };
        let ctx = SelectionContext::new(self.model, &self.store).at_depth(self.frames.len());
        self.variables.placed(&ctx, &placement);
        self.values.placed(&ctx, &placement);
    }

    /// After the listed groups of `var` made their removals: the other
    /// propagators of `var` run as they would after the groups' runs.
    #[inline(never)]
    fn after_listed_groups(&mut self, listed: &ListedGroups, var: VarId) -> Result<(), Conflict> {
        let skip = listed.leading(var);
        (self.agenda).notify_from(self.model, &mut self.store, var, Events::ANY, skip);
        self.agenda.run(&mut self.store, self.model)
    }

    /// Places the current value of the top frame and propagates; an error
    /// if the placement limit forbids it or the time limit passed during
    /// propagation.
    fn place<const TRACE: bool>(&mut self) -> Result<Step, StopReason> {
        if self
            .limits
            .max_placements
            .is_some_and(|m| self.stats.placements >= m)
        {
            self.paused = Some(Paused::Place);
            return Err(StopReason::PlacementLimit);
        }
        let frame = *self.frames.last().expect("a frame to place");
        let value = self.value_buffer[frame.current as usize];
        self.stats.placements += 1;
        // The values of the top frame end the buffer: a later one is an
        // alternative still untried.
        let guess = (frame.current as usize) + 1 < self.value_buffer.len();
        if guess {
            self.stats.guesses += 1;
        }
        self.placed.insert(frame.var.index());
        if let Some(t) = self.tracing.as_mut().filter(|_| TRACE) {
            t.tracer.event(&Event::Place {
                depth: self.frames.len(),
                var: frame.var,
                value,
                guess,
            });
        }
        if self.learning {
            for (size, v) in self.sizes.iter_mut().zip(self.model.vars()) {
                *size = self.store.size(v);
            }
            self.agenda.forget_failure();
        }
        self.store.checkpoint();
        // Forward checking listed ahead is done with the assignment; a
        // tracer hears the propagator's own runs instead.
        let listed = match self.peer_groups {
            _ if frame.kind != FrameKind::Values => {
                self.branch_wide(frame, value);
                None
            }
            Some(groups) if !TRACE => Some(
                (self.agenda)
                    .assign_forward_checking(
                        &mut self.store,
                        groups,
                        frame.var,
                        value,
                        self.learning,
                    )
                    .and_then(|()| match self.listed {
                        Some(listed) => self.after_listed_groups(listed, frame.var),
                        None => Ok(()),
                    }),
            ),
            _ => {
                (self.agenda).assign(self.model, &mut self.store, frame.var, value);
                None
            }
        };
        let fixpoint = match listed {
            Some(result) => result,
            None if TRACE => self.fixpoint_telling(),
            None => self.fixpoint(),
        };
        if self.learning && !self.agenda.timed_out {
            self.tell_placement(frame.var, value, fixpoint.is_err());
        }
        Ok(match fixpoint {
            Ok(()) => Step::Choose,
            Err(Conflict) if self.agenda.timed_out => return Err(StopReason::Timeout),
            Err(Conflict) => {
                self.stats.failures += 1;
                if let Some(t) = self.tracing.as_mut().filter(|_| TRACE) {
                    let cause = t.cause.take().expect("a failed fixpoint says why");
                    self.emit_fail(cause);
                }
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
    /// A 5x5 Latin square: 161,280 solutions.
    fn latin5() -> Model {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(25, ValueSet::range(5));
        for i in 0..5 {
            b.all_different(&v[5 * i..5 * i + 5]).unwrap();
            let column: Vec<VarId> = (0..5).map(|r| v[5 * r + i]).collect();
            b.all_different(&column).unwrap();
        }
        b.build()
    }

    #[test]
    fn restricted_domains_propagate_as_a_model_built_with_them() {
        // A 5x5 Latin square with its first row's cells narrowed: the
        // same fixpoint and count as a model whose initial domains are
        // those; a cell narrowed to nothing fails.
        let narrowed: Vec<ValueSet> = (0..25)
            .map(|i| match i {
                0 => ValueSet::single(0),
                1 | 2 => [1, 2].into_iter().collect(),
                _ => ValueSet::range(5),
            })
            .collect();
        let mut b = ModelBuilder::new();
        let v: Vec<VarId> = narrowed.iter().map(|&d| b.new_var(d)).collect();
        for i in 0..5 {
            b.all_different(&v[5 * i..5 * i + 5]).unwrap();
            let column: Vec<VarId> = (0..5).map(|r| v[5 * r + i]).collect();
            b.all_different(&column).unwrap();
        }
        let built = b.build();
        let open = latin5();
        let config = SearchConfig {
            level: PropagationLevel::Gac,
            ..SearchConfig::default()
        };
        let mut from_built = Search::new(&built, &config).unwrap();
        let mut restricted = Search::new(&open, &config).unwrap();
        for (i, &d) in narrowed.iter().enumerate() {
            restricted.restrict(VarId(i as u32), d).unwrap();
        }
        from_built.propagate_root().unwrap();
        restricted.propagate_root().unwrap();
        let domains =
            |s: &Search| -> Vec<ValueSet> { (0..25).map(|i| s.store().domain(VarId(i))).collect() };
        assert_eq!(domains(&restricted), domains(&from_built));
        // r1c4 and r1c5 keep {3, 4} only.
        assert_eq!(
            restricted.store().domain(VarId(3)),
            [3, 4].into_iter().collect()
        );
        let (a, b) = (from_built.run(None), restricted.run(None));
        // Four first rows (0, then 1 2 or 2 1, then 3 4 or 4 3), 1,344
        // completions each.
        assert_eq!((a.stats.solutions, b.stats.solutions), (5_376, 5_376));
        let mut empty = Search::new(&open, &config).unwrap();
        assert!(empty.restrict(VarId(7), ValueSet::EMPTY).is_err());
    }

    #[test]
    fn progress_sees_the_counters_grow_and_changes_nothing() {
        // A 5x5 Latin square, every solution (161,280), input order.
        let model = latin5();
        let config = SearchConfig {
            level: PropagationLevel::ForwardChecking,
            ..SearchConfig::default()
        };
        let mut seen: Vec<u64> = Vec::new();
        let mut watched = Search::new(&model, &config).unwrap();
        watched.set_progress(Box::new(|s: &SearchStats| seen.push(s.placements)));
        let mut watched = watched.run(None);
        let mut plain = Search::new(&model, &config).unwrap().run(None);
        watched.stats.elapsed = std::time::Duration::ZERO;
        plain.stats.elapsed = std::time::Duration::ZERO;
        assert_eq!(watched, plain);
        assert_eq!(plain.stats.solutions, 161_280);
        // One report every 1,024 steps of the main loop (an iteration or
        // a backtrack iteration each), each with more placements than the
        // last.
        let steps = plain.stats.iterations + plain.stats.backtrack_iterations;
        assert_eq!((seen.len() as u64, steps), (3_342, 3_422_811));
        assert!(seen.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn on_solution_sees_every_solution_once_and_changes_nothing() {
        // A 5x5 Latin square, every solution: each is seen complete and
        // distinct; the first row of a Latin square is any permutation of
        // 0-4 (120), each with 161,280 / 120 = 1,344 completions.
        let model = latin5();
        let config = SearchConfig::default();
        let mut seen = std::collections::HashSet::new();
        let mut first_rows = std::collections::HashMap::<Vec<u32>, u32>::new();
        let mut watched = Search::new(&model, &config).unwrap();
        watched.set_on_solution(Box::new(|store: &DomainStore| {
            let values: Vec<u32> = (0..25).map(|i| store.value(VarId(i)).unwrap()).collect();
            *first_rows.entry(values[..5].to_vec()).or_default() += 1;
            assert!(seen.insert(values));
        }));
        let mut watched = watched.run(None);
        let mut plain = Search::new(&model, &config).unwrap().run(None);
        watched.stats.elapsed = std::time::Duration::ZERO;
        plain.stats.elapsed = std::time::Duration::ZERO;
        assert_eq!(watched, plain);
        assert_eq!(seen.len(), 161_280);
        assert_eq!(first_rows.len(), 120);
        assert!(first_rows.values().all(|&n| n == 1_344));
    }

    #[test]
    fn a_raised_interrupt_stops_the_search_at_its_next_choice() {
        // A 5x5 Latin square, every solution: the progress callback raises
        // the flag at its first report (1,024 steps), so the search stops
        // at the choice after it.
        let model = latin5();
        let config = SearchConfig::default();
        let flag = Arc::new(AtomicBool::new(false));
        let mut search = Search::new(&model, &config).unwrap();
        search.set_interrupt(flag.clone());
        let raise = flag.clone();
        search.set_progress(Box::new(move |_: &SearchStats| {
            raise.store(true, Ordering::Relaxed)
        }));
        let r = search.run(None);
        assert_eq!(r.termination, Termination::Stopped(StopReason::Interrupted));
        let steps = r.stats.iterations + r.stats.backtrack_iterations;
        assert!((1_024..1_024 + 64).contains(&steps), "{steps}");
        // Raised before the run: not a single choice.
        let mut search = Search::new(&model, &config).unwrap();
        search.set_interrupt(flag);
        let r = search.run(None);
        assert_eq!(r.termination, Termination::Stopped(StopReason::Interrupted));
        assert_eq!(r.stats.iterations, 0);
        // An unraised flag changes nothing.
        let mut search = Search::new(&model, &config).unwrap();
        search.set_interrupt(Arc::new(AtomicBool::new(false)));
        assert_eq!(search.run(None).stats.solutions, 161_280);
    }

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
