//! Search heuristics: which variable to branch on, in which order to try its
//! values.
//!
//! A heuristic *scores* a choice; the smallest score wins. Heuristics are
//! chained lexicographically (the second breaks the first's ties, ...), and
//! what is still tied goes in index order (variables) or value order
//! (values). They read the state through a [`SelectionContext`] and cannot
//! change domains.
//!
//! Each heuristic is named by one symbol, as in the reference semantics
//! (`docs` of the workspace): variables `A`-`L`
//! ([`VariableHeuristic`]), values `0`-`9`, `a` ([`ValueHeuristic`]); chains
//! are strings of symbols ([`VariableChain`], [`ValueChain`]).
//!
//! # Adding a heuristic
//! Write a type in `variable_selection/` or `value_selection/` that
//! implements [`VariableSelector`] or [`ValueSelector`], with unit tests on
//! the hand-worked fixture, then give it a symbol in `symbols.rs`.
//!
//! # A selector of one's own
//! A search can also take a chain that mixes built-in heuristics with
//! selectors of one's own, without a symbol: links ([`VariableLink`],
//! [`ValueLink`]) handed to [`Search::with_variable_links`](crate::Search::with_variable_links)
//! and [`Search::with_value_links`](crate::Search::with_value_links). The
//! built-in ones are called through a `match`, one's own through a vtable.

mod builtin;
mod chain;
mod context;
mod learning;
mod link;
mod selector;
mod symbols;
pub mod value_selection;
pub mod variable_selection;

pub use crate::propagation::Culprit;
pub(crate) use chain::{ValueSelectorChain, VariableSelectorChain};
pub use context::SelectionContext;
pub use learning::{Constraints, OpenCounts, Placement, SCORE_SCALE, scaled};
pub use link::{ValueLink, VariableLink};
pub use selector::{ValueSelector, VariableSelector};
pub use symbols::{
    BuiltinValueSelector, BuiltinVariableSelector, HeuristicError, Reads, ValueChain,
    ValueHeuristic, VariableChain, VariableHeuristic,
};
