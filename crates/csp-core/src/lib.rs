//! A generic finite-domain constraint engine for experimenting with search
//! heuristics.
//!
//! Variables are [`VarId`] handles whose domains (subsets of `0..64`) live in
//! one [`DomainStore`]; constraints are [`Propagator`]s
//! ([`AllDifferent`], [`LinearEquality`], or your own) run at a
//! [`PropagationLevel`]; a depth-first [`Search`] with a trail chooses
//! variables and orders values by chains of pluggable heuristics
//! ([`VariableChain`] `A`-`L`, [`ValueChain`] `0`-`9`, `a`) and counts exactly
//! what it does ([`SearchStats`]). Nothing here knows about Sudoku.
//!
//! # Example
//! A 3x3 Latin square (rows and columns all different) with one given,
//! solved with "fewest candidates, then input order", lowest value first,
//! at forward checking; then all its completions counted.
//! ```
//! use csp_core::{ModelBuilder, PropagationLevel, Search, SearchConfig, Termination, ValueSet};
//!
//! let mut b = ModelBuilder::new();
//! let cells = b.new_vars(9, ValueSet::range(3));
//! for i in 0..3 {
//!     b.all_different(&[cells[3 * i], cells[3 * i + 1], cells[3 * i + 2]])?;
//!     b.all_different(&[cells[i], cells[i + 3], cells[i + 6]])?;
//! }
//! let model = b.build();
//!
//! let config = SearchConfig {
//!     variables: "EA".parse()?,
//!     values: "0".parse()?,
//!     level: PropagationLevel::ForwardChecking,
//!     ..SearchConfig::default()
//! };
//! let mut search = Search::new(&model, &config)?;
//! search.fix(cells[0], 2)?;
//! let result = search.run(Some(1));
//! assert_eq!(result.first_solution, Some(vec![2, 0, 1, 0, 1, 2, 1, 2, 0]));
//! assert_eq!(result.stats.placements, 8);
//! // Only cells 1 and 3 still had two candidates when placed: the other six
//! // placements were forced (their value was the last one left).
//! assert_eq!(result.stats.guesses, 2);
//!
//! let mut search = Search::new(&model, &config)?;
//! search.fix(cells[0], 2)?;
//! let all = search.run(None);
//! assert_eq!((all.termination, all.stats.solutions), (Termination::Exhausted, 4));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod domain_store;
pub mod explanation;
pub mod harness;
pub mod heuristics;
pub mod learning;
mod model;
mod nogoods;
pub mod propagation;
mod restarts;
mod rows;
mod search;
mod stats;
#[cfg(test)]
pub(crate) mod testing;
pub mod trace;
mod value_set;
mod var;

pub use domain_store::{DomainStore, MAX_WIDE_VALUES};
pub use heuristics::{
    HeuristicError, Reads, SelectionContext, ValueChain, ValueHeuristic, ValueLink, ValueSelector,
    VariableChain, VariableHeuristic, VariableLink, VariableSelector,
};
pub use model::{MAX_RELATED_SCOPE, Model, ModelBuilder, ModelError, Watch};
pub use num_bigint::BigUint;
pub use propagation::{
    AllDifferent, AutomatonTooLarge, BinaryRelation, BoundsAllDifferent, Conflict, Cumulative,
    Disjunctive, DistinctSum, Element, Entry, Events, Function, GroupedSum, Hypothesis,
    IncreasingChain, LinePattern, LinearEquality, LinearInequality, LinearRelation, LinkedPlaces,
    ListedGroups, LockedCandidates, MAX_SUM_AUTOMATON_TOTAL, MAX_TUPLES, NotifyContext, NumberSum,
    PartitionedLine, PeerGroups, PropagationContext, PropagationLevel, Propagator, Regular,
    Reinforced, Rule, RuleCounter, RuleStats, SubsetSizes, SumAutomaton, Table, Task, Term,
    VariableTask, Wake, WeightedSum, WideDisjunction, WideElement, WideExpression, WideLinear,
    WideTable,
};
pub use restarts::{BadRestarts, Restarts, luby};
pub use rows::Rows;
pub use search::{
    Limits, Search, SearchConfig, SearchResult, StopReason, Termination, UnknownWideChoice,
    WideChoice,
};
pub use stats::SearchStats;
pub use value_set::{MAX_VALUES, ValueSet, ValueSetIter};
pub use var::VarId;
