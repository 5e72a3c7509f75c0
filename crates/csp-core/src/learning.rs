//! Clause learning: a search that learns a clause from every conflict and
//! jumps back to the decision that caused it (conflict-driven clause
//! learning over the propagators' explanations, as lazy clause generation
//! solvers do).
//!
//! The house:
//! - `implication`: what made each change on the trail (a decision, a
//!   propagator, a clause; read off the segments the engine marks) and the
//!   decision levels;
//! - `conflict_analysis`: from a failure's explanation back along the
//!   trail to the first unique implication point, asking each propagator
//!   why it removed a value ([`Propagator::explain`](crate::Propagator::explain));
//! - `clause_database`: the learnt clauses, propagated by two watched
//!   literals after the propagators' fixpoint, reduced at restarts by
//!   their LBD; `wide_watches`: the watch lists of literals over wide
//!   variables, found by the values a change passed;
//! - `wide_marks`: a wide variable's states and literals in an analysis
//!   (bound literals `x >= v`, `x <= v` and holes);
//! - the search loop itself lives with [`Search`](crate::Search)
//!   (`SearchConfig::learning`): decide, propagate, on a failure learn and
//!   jump back; at a solution, a clause that blocks it (over the
//!   decisions), so counting stays exact.
//!
//! Counters keep their meaning: `placements` are decisions, `failures`
//! conflicts, `backtracks` the placements undone by jumping back,
//! `nogoods` the clauses learnt from conflicts.
//!
//! ```
//! use csp_core::{ModelBuilder, PropagationLevel, Search, SearchConfig, ValueSet};
//!
//! // A 4x4 Latin square: 576 solutions, counted exactly with learning.
//! let mut b = ModelBuilder::new();
//! let v = b.new_vars(16, ValueSet::range(4));
//! for i in 0..4 {
//!     b.all_different(&v[4 * i..4 * i + 4]).unwrap();
//!     let column: Vec<_> = (0..4).map(|r| v[4 * r + i]).collect();
//!     b.all_different(&column).unwrap();
//! }
//! let model = b.build();
//! let config = SearchConfig {
//!     learning: true,
//!     level: PropagationLevel::Singles,
//!     ..SearchConfig::default()
//! };
//! let result = Search::new(&model, &config)?.run(None);
//! assert_eq!(result.stats.solutions, 576);
//! # Ok::<(), csp_core::HeuristicError>(())
//! ```

pub(crate) mod clause_database;
pub(crate) mod conflict_analysis;
pub(crate) mod implication;
pub(crate) mod wide_marks;
pub(crate) mod wide_watches;

pub(crate) use clause_database::ClauseDatabase;
pub(crate) use conflict_analysis::{ConflictAnalysis, Failure};
pub(crate) use implication::{DECISION, Levels};

/// Learnt clauses kept before the first reduction; each reduction raises
/// it by [`KEEP_GROWTH`].
pub(crate) const KEEP_FIRST: usize = 2_000;
/// How much the number of learnt clauses kept grows at each reduction.
pub(crate) const KEEP_GROWTH: usize = 300;

/// What a learning search keeps besides the engine's state.
#[derive(Clone, Debug)]
pub(crate) struct Learner {
    pub(crate) clauses: ClauseDatabase,
    pub(crate) analysis: ConflictAnalysis,
    pub(crate) levels: Levels,
    /// Learnt clauses kept at the next reduction.
    pub(crate) keep: usize,
    /// The clause whose first literal the next fixpoint makes true first
    /// (just learnt, or blocking a solution).
    pub(crate) asserting: Option<u32>,
}

impl Learner {
    /// Empty, for `model`.
    pub(crate) fn new(model: &crate::Model) -> Learner {
        Learner {
            clauses: ClauseDatabase::new(model),
            analysis: ConflictAnalysis::new(model),
            levels: Levels::default(),
            keep: KEEP_FIRST,
            asserting: None,
        }
    }
}
