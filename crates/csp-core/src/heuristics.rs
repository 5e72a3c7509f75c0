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

mod builtin;
mod chain;
mod context;
mod selector;
mod symbols;
pub mod value_selection;
pub mod variable_selection;

pub(crate) use chain::{ValueSelectorChain, VariableSelectorChain};
pub use context::SelectionContext;
pub use selector::{ValueSelector, VariableSelector};
pub use symbols::{
    BuiltinValueSelector, BuiltinVariableSelector, HeuristicError, ValueChain, ValueHeuristic,
    VariableChain, VariableHeuristic,
};
