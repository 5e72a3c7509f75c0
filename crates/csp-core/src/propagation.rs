//! Propagators and the propagation levels.
//!
//! # How to write a new propagator
//! 1. Make a struct that holds the variables it constrains (its *scope*) and
//!    whatever parameters it needs; implement [`Propagator`] for it.
//! 2. Write `propagate` from scratch first: read the domains through the
//!    [`PropagationContext`], remove the values that cannot be part of a
//!    solution with [`PropagationContext::remove`] or
//!    [`PropagationContext::remove_values`], and return `Err(Conflict)` when
//!    the constraint cannot be satisfied any more. Do not fail on something
//!    the level does not ask for: at [`PropagationLevel::None`] removals never
//!    fail, so that dead ends are found by the search, as the reference
//!    semantics want.
//! 3. Leave your own fixpoint: the engine does not wake a propagator for
//!    changes it made itself, so loop until a pass changes nothing.
//! 4. Implement `check` for complete assignments: the search verifies every
//!    solution with it, so a weak `propagate` can cost speed but never give a
//!    wrong answer.
//! 5. Test it on hand-made cases where it must prune and where it must not
//!    (see the tests of [`AllDifferent`] and [`LinearEquality`]), and run it
//!    through [`check_propagator`](crate::harness::check_propagator).
//! 6. Then make it faster if measurements say so:
//!    - listen only to the [`Events`] it needs ([`Propagator::events`]:
//!      a bounds-based sum wants [`Events::ASSIGNED`] and [`Events::BOUNDS`]);
//!    - keep state between runs in trailed words
//!      ([`Propagator::state_words`]), set up in [`Propagator::initialise`]
//!      and kept current in [`Propagator::notify`], which learns which
//!      variable of the scope changed (its local index) and how. It may
//!      answer [`Wake::Skip`] when the change needs no run. The engine
//!      restores the words on backtrack. [`AllDifferent`] keeps the values
//!      placed in its group this way and, at forward checking, removes only
//!      the newly placed ones instead of rescanning the group.
//!
//! The engine itself applies *naked singles* (a variable whose domain has one
//! value is assigned) at [`PropagationLevel::Singles`] and above, and
//! *probing* at [`PropagationLevel::Probing`], so propagators need not.
//! [`ModelBuilder::build`](crate::ModelBuilder::build) adds a
//! [`LockedCandidates`] for every pair of permutation all-different groups
//! that share two or more variables.
//!
//! Each change is credited to a [`Rule`]; [`SearchStats::rules`](crate::SearchStats::rules)
//! says how often each rule ran and how many values it removed.

mod agenda;
mod all_different;
mod binary_relation;
mod bounds_all_different;
mod context;
mod culprit;
mod cumulative;
mod disjunctive;
mod distinct_sum;
mod distinct_terms;
mod element;
mod events;
mod grouped_sum;
mod hypothesis;
mod increasing_chain;
mod level;
mod linear_equality;
mod linear_inequality;
mod linked_places;
mod listed_groups;
mod locked_candidates;
mod matching;
mod notify_context;
mod number_sum;
mod partitioned_line;
mod peer_groups;
mod probing;
mod regular;
mod reinforced;
mod rule;
mod subset_sizes;
mod sum_automaton;
mod table;
mod weighted_sum;
mod wide_disjunction;
mod wide_element;
mod wide_expression;
mod wide_linear;
mod wide_table;
mod work_space;

use std::fmt;

pub(crate) use agenda::{Agenda, Segment};
pub use all_different::AllDifferent;
pub use binary_relation::BinaryRelation;
pub use bounds_all_different::BoundsAllDifferent;
pub use context::PropagationContext;
pub use culprit::Culprit;
pub use cumulative::{Cumulative, Task, VariableTask};
pub use disjunctive::Disjunctive;
pub use distinct_sum::DistinctSum;
pub use element::Element;
pub use events::{Events, Wake};
pub use grouped_sum::GroupedSum;
pub(crate) use hypothesis::ForwardCheck;
pub use hypothesis::Hypothesis;
pub use increasing_chain::IncreasingChain;
pub use level::{PropagationLevel, UnknownLevel};
pub use linear_equality::LinearEquality;
pub use linear_inequality::LinearInequality;
pub use linked_places::LinkedPlaces;
pub(crate) use linked_places::linked_places;
pub use listed_groups::ListedGroups;
pub use locked_candidates::LockedCandidates;
pub use matching::{Unsupported, unsupported_values};
pub use notify_context::NotifyContext;
pub use number_sum::NumberSum;
pub use partitioned_line::{LinePattern, PartitionedLine};
pub use peer_groups::PeerGroups;
pub(crate) use probing::probe;
pub use regular::{AutomatonTooLarge, MAX_LAYER_STATES, Regular};
pub use reinforced::Reinforced;
pub use rule::{Rule, RuleCounter, RuleStats};
pub use subset_sizes::SubsetSizes;
pub use sum_automaton::{MAX_SUM_AUTOMATON_TOTAL, SumAutomaton};
pub use table::{BadTable, MAX_TUPLES, Table};
pub use weighted_sum::WeightedSum;
pub use wide_disjunction::WideDisjunction;
pub use wide_element::{Entry, WideElement};
pub use wide_expression::{Function, Term, WideExpression};
pub use wide_linear::{LinearRelation, WideLinear};
pub use wide_table::{MAX_HOLE_SPAN, WideTable};

use crate::explanation::{Explaining, Literal};
use crate::{ValueSet, VarId};

/// A propagator found that the constraint cannot be satisfied in the current
/// state (a domain wiped out, a value with no place, a violated assignment).
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("conflict")]
pub struct Conflict;

/// A constraint's pruning algorithm. See the [module docs](self) for how to
/// write one.
pub trait Propagator: Send + Sync + fmt::Debug {
    /// The variables it constrains. It is woken when one of them changes, and
    /// (unless [`Propagator::relates_scope`] says otherwise) they are
    /// neighbours of each other in the constraint graph that heuristics see.
    fn scope(&self) -> &[VarId];

    /// Removes values that cannot be part of a solution, at the level
    /// [`PropagationContext::level`] asks for.
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict>;

    /// Whether a complete assignment satisfies the constraint.
    /// `value(v)` is the value of variable `v`. It reads the values of its
    /// [`scope`](Propagator::scope) only, and nothing that changes during
    /// a search: a search checks again only the propagators over
    /// variables changed since the last solution that passed.
    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool;

    /// A short name for statistics and debugging.
    fn name(&self) -> &'static str {
        "propagator"
    }

    /// The events on the variables of its scope it wants to hear about at
    /// `level` ([`Events::ANY`] unless it says otherwise). It is told of
    /// (and woken by) only these; an assignment is every event at once.
    fn events(&self, _level: PropagationLevel) -> Events {
        Events::ANY
    }

    /// How many trailed state words (`u64`) it keeps for each search (0
    /// unless it says otherwise). They are read and written through the
    /// contexts, start at zero, and are restored on backtrack.
    fn state_words(&self) -> usize {
        0
    }

    /// Of the events it listens to, those the engine tells it of through
    /// [`Propagator::notify`] (by default: all of them if it keeps state,
    /// none otherwise). The others wake it without a call.
    fn notifies(&self, level: PropagationLevel) -> Events {
        if self.state_words() > 0 {
            self.events(level)
        } else {
            Events::NONE
        }
    }

    /// How many work items it has, if it is *composite*: it does the work
    /// of many propagators at once, as a fast propagator for a whole grid
    /// of houses does, each of them an item (0, the default: it is not
    /// composite). Then the engine
    /// - keeps a queue of its items, first in first out, each queued at
    ///   most once: it schedules them with [`NotifyContext::schedule`] and
    ///   [`PropagationContext::schedule`] and takes them with
    ///   [`PropagationContext::next_item`]; a failed propagation empties
    ///   the queue;
    /// - does not tell it of the changes it makes itself: it keeps its
    ///   state up to date as it makes them;
    /// - does not count its runs: it counts the runs of the propagators it
    ///   stands for itself, with [`PropagationContext::begin_run`].
    ///
    /// It is never woken by its own changes either way. To interleave with
    /// naked singles as separate propagators would, it hands back when
    /// [`PropagationContext::singles_pending`] and asks to
    /// [`PropagationContext::run_again`].
    fn work_items(&self) -> usize {
        0
    }

    /// The variables work item `item` of a composite propagator is about,
    /// if the items are constraints of their own (the houses of a grid run
    /// by one propagator): the weighting heuristics then charge a failure
    /// to the item rather than to the whole propagator
    /// ([`Constraints`](crate::heuristics::Constraints)). Called once per
    /// search that uses them. The default says no.
    fn item_scope(&self, _item: usize) -> Option<Vec<VarId>> {
        None
    }

    /// Sets up its state words from the domains at the root, before the
    /// first propagation (givens are assigned by then, without events).
    fn initialise(&self, _ctx: &mut NotifyContext<'_>) {}

    /// `events` happened to `scope()[local]`: update the state, and say
    /// whether it must run. Called at once, for every change, also for the
    /// propagator's own changes (then it is not woken, whatever it answers:
    /// it leaves its own fixpoint).
    fn notify(&self, _ctx: &mut NotifyContext<'_>, _local: usize, _events: Events) -> Wake {
        Wake::Run
    }

    /// Whether the variables of the scope count as related (constraint-graph
    /// neighbours) for the heuristics.
    fn relates_scope(&self) -> bool {
        true
    }

    /// The weakest level at which the propagator takes part; below it, it
    /// never runs (and costs nothing).
    fn min_level(&self) -> PropagationLevel {
        PropagationLevel::None
    }

    /// For value heuristics `5`-`8`: reports, through
    /// [`Hypothesis::remove`], the values its forward checking would remove
    /// from the other variables of the scope if the placement the
    /// hypothesis considers were made (the state read through it). The
    /// default reports nothing: a propagator that does not say adds nothing
    /// to those heuristics' counts.
    fn forward_check_removals(&self, _hypothesis: &mut Hypothesis<'_>) {}

    /// What it does below `singles`, listed ahead, if that is plain
    /// forward checking over groups (see [`PeerGroups`] for the exact
    /// promise): then, at `none` and `fc`, when it is the model's only
    /// propagator, the search does that itself after each placement,
    /// without running it. `None` (the default): the engine runs it.
    fn peer_groups(&self) -> Option<&PeerGroups> {
        None
    }

    /// Whether it is one group of forward checking that the search may
    /// list ahead: below `singles` it listens to assignments alone, and all
    /// a run does is remove the values assigned in its scope since its
    /// last run from the scope's unassigned variables, in scope order,
    /// crediting [`rule`](Self::rule) and (at `fc`) failing at the first
    /// domain it empties; its state words serve its own runs alone, so
    /// they need not hear the assignments whose removals are made for it;
    /// and its [`forward_check_removals`](Self::forward_check_removals)
    /// reports the placed value's removal from the scope's other
    /// variables, nothing else.
    /// Then, at `none` and `fc`, the search makes those removals itself
    /// after a placement, where the model has such groups ahead of its
    /// other propagators for every variable (see
    /// [`Model::listed_groups`](crate::Model::listed_groups)). The default
    /// is `false`.
    fn is_forward_checking_group(&self) -> bool {
        false
    }

    /// The name of `note`, a number it gave [`PropagationContext::note`]
    /// (for a tracer's reader); `None` for a note it never gave. The
    /// default names none.
    fn note_name(&self, _note: u32) -> Option<String> {
        None
    }

    /// The rule its changes are credited to (it may switch with
    /// [`PropagationContext::begin`]).
    fn rule(&self) -> Rule {
        Rule::Other
    }

    /// Why it removed `value` from `var` (`removal` is `Some((var,
    /// value))`), or why it failed (`None`: it returned a conflict):
    /// pushes onto `reason` literals that hold in the domains `ex` shows
    /// (those just before) and imply the removal, or the failure, with
    /// the constraint alone. Returns `false` when it has no explanation of
    /// its own (the default): the removals in its scope
    /// ([`scope_reason`](crate::explanation::scope_reason)) explain it
    /// then. [`check_propagator`](crate::harness::check_propagator)
    /// checks both kinds.
    fn explain(
        &self,
        _removal: Option<(VarId, u32)>,
        _ex: &Explaining<'_>,
        _reason: &mut Vec<Literal>,
    ) -> bool {
        false
    }

    /// Whether it runs only once every other propagator and the naked
    /// singles are at their fixpoint (an expensive propagator, such as the
    /// rated rules of [`PropagationLevel::Human`]). Woken, it waits in a
    /// queue of its own, taken when the main one is empty. The default is
    /// `false`.
    fn runs_last(&self) -> bool {
        false
    }

    /// Whether it reads its variables' domains through the calls that work
    /// on narrow and wide variables alike ([`PropagationContext::lower`],
    /// [`PropagationContext::upper`], [`PropagationContext::holds`] and the
    /// changes [`PropagationContext::raise_lower`],
    /// [`PropagationContext::lower_upper`],
    /// [`PropagationContext::remove_value`],
    /// [`PropagationContext::assign`]), so that its scope may hold wide
    /// variables ([`ModelBuilder::new_wide_var`](crate::ModelBuilder::new_wide_var)).
    /// The default is `false`: it reads 64-bit domains, and the model
    /// refuses it a wide variable.
    fn takes_wide(&self) -> bool {
        false
    }

    /// For a binary relation: its two variables and its supports (for
    /// each value of the first, the values of the second allowed with it;
    /// then the reverse), so that [`LinkedPlaces`] can see it. The default
    /// is `None`: not a binary relation.
    fn binary_supports(&self) -> Option<([VarId; 2], [&[ValueSet]; 2])> {
        None
    }
}
