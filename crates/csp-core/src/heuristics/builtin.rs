//! The built-in selectors as one enum per kind: what
//! [`VariableHeuristic::selector`](super::VariableHeuristic::selector) and
//! [`ValueHeuristic::selector`](super::ValueHeuristic::selector) build, so
//! that a chain of them calls each selector through a `match` the compiler
//! can inline rather than through a vtable. Adding a heuristic adds one
//! line here (next to its file and its registry line in `symbols.rs`).

use super::value_selection::*;
use super::variable_selection::*;
use super::{SelectionContext, ValueSelector, VariableSelector};
use crate::VarId;

macro_rules! builtin_variable_selectors {
    ($($variant:ident),* $(,)?) => {
        /// A built-in cell heuristic's selector.
        // The random generator makes one variant large; each chain link
        // holds one, never moved during a search, and boxing it would add
        // an indirection to every draw.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug)]
        pub enum BuiltinVariableSelector {
            $(
                #[doc = concat!("[`", stringify!($variant), "`]")]
                $variant($variant),
            )*
        }

        impl VariableSelector for BuiltinVariableSelector {
            #[inline]
            fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
                match self { $(Self::$variant(s) => s.score(ctx, var),)* }
            }

            #[inline]
            fn prepare(&mut self, ctx: &SelectionContext<'_>) {
                match self { $(Self::$variant(s) => s.prepare(ctx),)* }
            }

            #[inline]
            fn score_each(
                &mut self,
                ctx: &SelectionContext<'_>,
                candidates: &[VarId],
                scores: &mut Vec<i64>,
            ) -> i64 {
                match self { $(Self::$variant(s) => s.score_each(ctx, candidates, scores),)* }
            }

            #[inline]
            fn best(&mut self, ctx: &SelectionContext<'_>, out: &mut Vec<VarId>, first_only: bool) {
                match self { $(Self::$variant(s) => s.best(ctx, out, first_only),)* }
            }

            #[inline]
            fn scores_index(&self) -> bool {
                match self { $(Self::$variant(s) => s.scores_index(),)* }
            }
        }

        $(
            impl From<$variant> for BuiltinVariableSelector {
                fn from(s: $variant) -> Self {
                    Self::$variant(s)
                }
            }
        )*
    };
}

macro_rules! builtin_value_selectors {
    ($($variant:ident),* $(,)?) => {
        /// A built-in value heuristic's selector.
        // The random generator makes one variant large; each chain link
        // holds one, never moved during a search, and boxing it would add
        // an indirection to every draw.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug)]
        pub enum BuiltinValueSelector {
            $(
                #[doc = concat!("[`", stringify!($variant), "`]")]
                $variant($variant),
            )*
        }

        impl ValueSelector for BuiltinValueSelector {
            #[inline]
            fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId, value: u32) -> i64 {
                match self { $(Self::$variant(s) => s.score(ctx, var, value),)* }
            }

            #[inline]
            fn scores_value(&self) -> bool {
                match self { $(Self::$variant(s) => s.scores_value(),)* }
            }
        }

        $(
            impl From<$variant> for BuiltinValueSelector {
                fn from(s: $variant) -> Self {
                    Self::$variant(s)
                }
            }
        )*
    };
}

builtin_variable_selectors!(
    InputOrder,
    ReverseInputOrder,
    RandomVariable,
    ClosestToCentre,
    FewestCandidates,
    MostCandidates,
    FewestEmptyNeighbours,
    MostEmptyNeighbours,
    ClosestToFilled,
    FurthestFromFilled,
    NeighbourhoodFewestCandidates,
    NeighbourhoodMostCandidates,
);

builtin_value_selectors!(
    LowestValue,
    HighestValue,
    RandomValue,
    LeastUsed,
    MostUsed,
    MostConstraining,
    LeastConstraining,
    LeastCommonInNeighbours,
    MostCommonInNeighbours,
    LeastCommonOnBoard,
    MostCommonOnBoard,
);
