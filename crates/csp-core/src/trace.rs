//! Watching a search: every decision, deduction, failure and backtrack of
//! [`Search::run`](crate::Search::run), as it happens.
//!
//! Give a search a [`Tracer`] with [`Search::set_tracer`](crate::Search::set_tracer)
//! before it runs. Without one, the search records nothing: each hook is
//! one test of an `Option`.
//!
//! Every counter of [`SearchStats`](crate::SearchStats) can be recomputed
//! from the events:
//!
//! | counter | from the events |
//! |---|---|
//! | `placements` | `Place` events |
//! | `guesses` | `Place` events with `guess` |
//! | `backtracks`, `backtrack_iterations` | `Backtrack` events |
//! | `iterations` | `Choose` + `Solution` + `Fail` with [`FailCause::Check`] |
//! | `failures` | `Fail` events |
//! | `solutions` | `Solution` events |
//! | `max_depth` | the largest `depth` of a `Place` |
//! | `vars_placed` | the distinct variables of `Place` events |
//! | `propagations` | the sum of `Fixpoint::runs` |
//! | `rules[r].runs` | the sum of `Fixpoint::rule_runs[r]` |
//! | `rules[r].removals`, `.assignments` | the `Deduce` events of `r` |
//! | `search_space` | the product of the open domains' sizes in `Root` (0 with a contradiction) |

use crate::propagation::{Rule, RuleStats, Segment};
use crate::{DomainStore, StopReason, ValueSet, VarId};

/// Receives the events of a search, in order.
pub trait Tracer {
    /// One event; its borrowed parts live only for the call.
    fn event(&mut self, event: &Event<'_>);
}

impl<T: Tracer + ?Sized> Tracer for &mut T {
    fn event(&mut self, event: &Event<'_>) {
        (**self).event(event);
    }
}

/// How one link of the cell chain scored the winner and the runner-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinkScores {
    /// The chosen variable's score.
    pub winner: i64,
    /// The runner-up's score, if it was scored by this link.
    pub runner_up: Option<i64>,
}

/// What settled a choice of variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decider {
    /// Only one variable was open.
    OnlyCandidate,
    /// Link `k` of the chain (from 0) scored the runner-up worse.
    Link(usize),
    /// Every link tied: the lowest index won.
    ReadingOrder,
}

/// Why a branch failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailCause {
    /// Propagation emptied this variable's domain.
    Wipeout {
        /// The variable left without values.
        var: VarId,
        /// The rule that removed its last value.
        rule: Rule,
        /// The propagator that removed it (its index in
        /// [`Model::propagators`](crate::Model::propagators), whose
        /// [`Model::owner`](crate::Model::owner) says what it enforces);
        /// `None` for a removal of the search or of probing.
        propagator: Option<u32>,
    },
    /// A propagator found no support left (a value with no place, a sum
    /// out of reach) without emptying a domain.
    Propagator {
        /// The rule it was applying.
        rule: Rule,
        /// Its name ([`Propagator::name`](crate::propagation::Propagator::name)).
        name: &'static str,
        /// Its index in [`Model::propagators`](crate::Model::propagators)
        /// (see [`Model::owner`](crate::Model::owner)); `None` for probing.
        propagator: Option<u32>,
    },
    /// The chosen variable had no value to try.
    NoValues(VarId),
    /// Every variable was assigned but a constraint does not hold (levels
    /// that do not propagate).
    Check,
}

impl FailCause {
    /// The propagator (an index in
    /// [`Model::propagators`](crate::Model::propagators)) that failed or
    /// removed the last value, if one did.
    pub fn propagator(&self) -> Option<u32> {
        match *self {
            FailCause::Wipeout { propagator, .. } | FailCause::Propagator { propagator, .. } => {
                propagator
            }
            FailCause::NoValues(_) | FailCause::Check => None,
        }
    }
}

/// One thing a search did.
#[derive(Clone, Copy, Debug)]
pub enum Event<'a> {
    /// The givens were propagated; the open variables' domains are the
    /// search space (1 if it found a contradiction: nothing to search).
    Root {
        /// The domains after propagating the givens.
        store: &'a DomainStore,
        /// Why the givens contradict each other, if they do (not counted
        /// as a failure: no search started).
        contradiction: Option<FailCause>,
    },
    /// The variable chain picked `var`.
    Choose {
        /// Placements in force before this one.
        depth: usize,
        /// The chosen variable.
        var: VarId,
        /// Its domain.
        domain: ValueSet,
        /// Each link's scores, as far as the chain went.
        scores: &'a [LinkScores],
        /// The variable that came closest, if any.
        runner_up: Option<VarId>,
        /// What settled it.
        decided_by: Decider,
    },
    /// The values of `var` in the order they will be tried, each with the
    /// value chain's scores (`scores[i * links .. (i + 1) * links]`).
    Order {
        /// The variable.
        var: VarId,
        /// The values, first tried first.
        values: &'a [u32],
        /// Their scores, one per link of the value chain.
        scores: &'a [i64],
        /// The number of links.
        links: usize,
    },
    /// `value` was placed in `var`.
    Place {
        /// Placements in force, this one included.
        depth: usize,
        /// The variable.
        var: VarId,
        /// The value.
        value: u32,
        /// Whether other values were left to try (a guess).
        guess: bool,
    },
    /// Propagation by one rule: what it assigned and removed.
    Deduce {
        /// The rule credited.
        rule: Rule,
        /// The propagator that applied it (`None`: the agenda's naked
        /// singles, or probing).
        propagator: Option<&'static str>,
        /// That propagator's index in
        /// [`Model::propagators`](crate::Model::propagators) (see
        /// [`Model::owner`](crate::Model::owner)).
        index: Option<u32>,
        /// For a composite propagator, the work item that ran
        /// ([`PropagationContext::begin_run`](crate::PropagationContext::begin_run)):
        /// which of the propagators it stands for.
        item: Option<u32>,
        /// What the propagator said these changes are
        /// ([`PropagationContext::note`](crate::PropagationContext::note);
        /// [`Propagator::note_name`](crate::Propagator::note_name) names it).
        note: Option<u32>,
        /// Variables it assigned, with their value.
        filled: &'a [(VarId, u32)],
        /// Values it removed, per variable (an assignment's other values
        /// included).
        removed: &'a [(VarId, ValueSet)],
    },
    /// Propagation reached a fixpoint (or failed): how many propagator
    /// runs it took, in all and per rule.
    Fixpoint {
        /// Propagator runs.
        runs: u64,
        /// Runs per rule, in [`Rule::ALL`] order.
        rule_runs: [u64; Rule::ALL.len()],
    },
    /// The branch failed.
    Fail {
        /// Why.
        cause: FailCause,
        /// The domains as the failure left them (before anything is
        /// undone), where a caller that knows the constraints can find
        /// more (a value without a place in a group).
        store: &'a DomainStore,
    },
    /// The placement of `value` in `var` was undone.
    Backtrack {
        /// Placements in force before undoing it.
        depth: usize,
        /// The variable.
        var: VarId,
        /// The value undone.
        value: u32,
    },
    /// Every variable is assigned and every constraint holds.
    Solution {
        /// Solutions found so far, this one included.
        number: u64,
    },
    /// The search restarted from the root ([`Restarts`](crate::Restarts)):
    /// the placements in force were undone and the branch's nogoods
    /// recorded.
    Restart {
        /// Restarts so far, this one included.
        number: u64,
        /// Nogoods the abandoned branch added.
        nogoods: u64,
        /// Failures since the previous restart (the cutoff reached).
        failures: u64,
    },
    /// A learning search ([`crate::learning`]) learnt a clause from the
    /// failure just reported: one of its literals must hold. The search
    /// then jumps back to `depth` (the `Backtrack` events of the
    /// placements undone follow), where the first literal is made true.
    Learn {
        /// The clause, the literal it asserts first.
        literals: &'a [crate::explanation::Literal],
        /// The depth the search jumps back to.
        depth: usize,
        /// How many decision levels the literals were made at (the
        /// failure's own included): its LBD.
        lbd: u32,
    },
    /// A limit stopped the search.
    Stop {
        /// Which.
        reason: StopReason,
    },
}

/// One change made by propagation, as read from the trail while a tracer
/// listens.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Change {
    pub(crate) rule: Rule,
    /// The propagator running, or [`u32::MAX`] for none.
    pub(crate) propagator: u32,
    /// The work item running, or [`u32::MAX`].
    pub(crate) item: u32,
    /// The propagator's note ([`crate::PropagationContext::note`]), or
    /// [`u32::MAX`].
    pub(crate) note: u32,
    /// The segment of a note: each note given starts a deduction of its
    /// own, even after the same note ([`u32::MAX`] without a note).
    pub(crate) noted: u32,
    pub(crate) var: VarId,
    pub(crate) gone: ValueSet,
    pub(crate) assigned: Option<u32>,
}

/// The changes on the trail of `store` from position `mark`, each credited
/// to the segment it falls in.
pub(crate) fn changes(store: &DomainStore, mark: usize, segments: &[Segment]) -> Vec<Change> {
    let entries: Vec<(VarId, u64, bool)> = store.trail_since(mark).collect();
    // Each change's domain after it: the next change's domain before, or
    // the domain now.
    let mut now: Vec<u64> = (0..store.num_vars())
        .map(|i| store.domain(VarId(i as u32)).0)
        .collect();
    let mut after = vec![0u64; entries.len()];
    for (k, &(var, old, _)) in entries.iter().enumerate().rev() {
        after[k] = now[var.index()];
        now[var.index()] = old;
    }
    let mut s = 0;
    let mut credit = (Rule::Other, u32::MAX, u32::MAX, u32::MAX, u32::MAX);
    (entries.iter().zip(after))
        .enumerate()
        .map(|(k, (&(var, old, assigned), after))| {
            while s < segments.len() && segments[s].trail_at <= mark + k {
                let g = &segments[s];
                let noted = if g.note == u32::MAX {
                    u32::MAX
                } else {
                    s as u32
                };
                credit = (g.rule, g.propagator, g.item, g.note, noted);
                s += 1;
            }
            Change {
                rule: credit.0,
                propagator: credit.1,
                item: credit.2,
                note: credit.3,
                noted: credit.4,
                var,
                gone: ValueSet(old & !after),
                assigned: (assigned && after != 0).then(|| after.trailing_zeros()),
            }
        })
        .collect()
}

/// The runs per rule of `rules`, in [`Rule::ALL`] order.
pub(crate) fn rule_runs(rules: &RuleStats) -> [u64; Rule::ALL.len()] {
    Rule::ALL.map(|r| rules[r].runs)
}

/// A tracer that counts, per variable, how often the search chose it to
/// branch on and how often it undid a placement in it (a heatmap's data).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChoiceCounts {
    /// Times each variable was chosen.
    pub chosen: Vec<u64>,
    /// Times a placement in each variable was undone.
    pub backtracked: Vec<u64>,
}

impl ChoiceCounts {
    /// Zero counts for `n` variables.
    pub fn new(n: usize) -> ChoiceCounts {
        ChoiceCounts {
            chosen: vec![0; n],
            backtracked: vec![0; n],
        }
    }

    /// Adds the counts of another search over as many variables.
    pub fn add(&mut self, other: &ChoiceCounts) {
        for (a, b) in self.chosen.iter_mut().zip(&other.chosen) {
            *a += b;
        }
        for (a, b) in self.backtracked.iter_mut().zip(&other.backtracked) {
            *a += b;
        }
    }
}

impl Tracer for ChoiceCounts {
    fn event(&mut self, event: &Event<'_>) {
        match *event {
            Event::Choose { var, .. } => self.chosen[var.index()] += 1,
            Event::Backtrack { var, .. } => self.backtracked[var.index()] += 1,
            _ => {}
        }
    }
}

/// Two tracers hearing the same events, the first first.
pub struct Both<A, B>(pub A, pub B);

impl<A: Tracer, B: Tracer> Tracer for Both<A, B> {
    fn event(&mut self, event: &Event<'_>) {
        self.0.event(event);
        self.1.event(event);
    }
}
