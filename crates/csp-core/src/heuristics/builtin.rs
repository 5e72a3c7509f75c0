//! The built-in selectors as one enum per kind
//! ([`BuiltinVariableSelector`](super::BuiltinVariableSelector),
//! [`BuiltinValueSelector`](super::BuiltinValueSelector)): what
//! [`VariableHeuristic::selector`](super::VariableHeuristic::selector) and
//! [`ValueHeuristic::selector`](super::ValueHeuristic::selector) build, so
//! that a chain of them calls each selector through a `match` the compiler
//! can inline rather than through a vtable. The macros here make the enums
//! from the registry in `symbols.rs`, whose line for a heuristic names its
//! selector type: adding a heuristic touches nothing here. The delegating
//! impls also serve the chain links of `link.rs` (built-in or one's own),
//! so a selector method added to the traits is passed on in one place.

/// The enum `$enum` with one variant per heuristic, holding its selector
/// (two heuristics may share a selector type: `5` and `8` score alike).
macro_rules! selector_enum {
    ($doc:literal, $enum:ident: $($variant:ident($ty:ty)),*) => {
        #[doc = $doc]
        // The random generator makes one variant large; each chain link
        // holds one, never moved during a search, and boxing it would add
        // an indirection to every draw.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug)]
        pub enum $enum {
            $(
                #[doc = concat!("[`", stringify!($ty), "`]")]
                $variant($ty),
            )*
        }
    };
}

macro_rules! variable_selector_enum {
    ($enum:ident: $($variant:ident($ty:ty)),* $(,)?) => {
        $crate::heuristics::builtin::selector_enum!(
            "A built-in cell heuristic's selector.",
            $enum: $($variant($ty)),*
        );
        $crate::heuristics::builtin::delegate_variable_selector!($enum: $($variant),*);
    };
}

macro_rules! value_selector_enum {
    ($enum:ident: $($variant:ident($ty:ty)),* $(,)?) => {
        $crate::heuristics::builtin::selector_enum!(
            "A built-in value heuristic's selector.",
            $enum: $($variant($ty)),*
        );
        $crate::heuristics::builtin::delegate_value_selector!($enum: $($variant),*);
    };
}

/// `VariableSelector` for the enum `$enum`, each of whose variants holds
/// a selector: every method goes to the variant's, through a `match`
/// (for the built-in enum and for [`VariableLink`](super::VariableLink)).
macro_rules! delegate_variable_selector {
    ($enum:ident: $($variant:ident),*) => {
        impl $crate::heuristics::VariableSelector for $enum {
            #[inline]
            fn score(&mut self, ctx: &$crate::heuristics::SelectionContext<'_>, var: $crate::VarId) -> i64 {
                match self { $(Self::$variant(s) => s.score(ctx, var),)* }
            }

            #[inline]
            fn prepare(&mut self, ctx: &$crate::heuristics::SelectionContext<'_>) {
                match self { $(Self::$variant(s) => s.prepare(ctx),)* }
            }

            #[inline]
            fn score_each(
                &mut self,
                ctx: &$crate::heuristics::SelectionContext<'_>,
                candidates: &[$crate::VarId],
                scores: &mut Vec<i64>,
            ) -> i64 {
                match self { $(Self::$variant(s) => s.score_each(ctx, candidates, scores),)* }
            }

            #[inline]
            fn best(&mut self, ctx: &$crate::heuristics::SelectionContext<'_>, out: &mut Vec<$crate::VarId>, first_only: bool) {
                match self { $(Self::$variant(s) => s.best(ctx, out, first_only),)* }
            }

            #[inline]
            fn scores_index(&self) -> bool {
                match self { $(Self::$variant(s) => s.scores_index(),)* }
            }

            #[inline]
            fn learns(&self) -> bool {
                match self { $(Self::$variant(s) => s.learns(),)* }
            }

            #[inline]
            fn placed(&mut self, ctx: &$crate::heuristics::SelectionContext<'_>, placement: &$crate::heuristics::Placement<'_>) {
                match self { $(Self::$variant(s) => s.placed(ctx, placement),)* }
            }

            #[inline]
            fn restarted(&mut self) {
                match self { $(Self::$variant(s) => s.restarted(),)* }
            }

            #[inline]
            fn conflict_analysed(&mut self, met: &[$crate::VarId]) {
                match self { $(Self::$variant(s) => s.conflict_analysed(met),)* }
            }
        }
    };
}

/// `ValueSelector` for the enum `$enum`, as
/// [`delegate_variable_selector`] (for the built-in enum and for
/// [`ValueLink`](super::ValueLink)).
macro_rules! delegate_value_selector {
    ($enum:ident: $($variant:ident),*) => {
        impl $crate::heuristics::ValueSelector for $enum {
            #[inline]
            fn score(&mut self, ctx: &$crate::heuristics::SelectionContext<'_>, var: $crate::VarId, value: u32) -> i64 {
                match self { $(Self::$variant(s) => s.score(ctx, var, value),)* }
            }

            #[inline]
            fn scores_value(&self) -> bool {
                match self { $(Self::$variant(s) => s.scores_value(),)* }
            }

            #[inline]
            fn learns(&self) -> bool {
                match self { $(Self::$variant(s) => s.learns(),)* }
            }

            #[inline]
            fn placed(&mut self, ctx: &$crate::heuristics::SelectionContext<'_>, placement: &$crate::heuristics::Placement<'_>) {
                match self { $(Self::$variant(s) => s.placed(ctx, placement),)* }
            }

            #[inline]
            fn restarted(&mut self) {
                match self { $(Self::$variant(s) => s.restarted(),)* }
            }
        }
    };
}

pub(crate) use {
    delegate_value_selector, delegate_variable_selector, selector_enum, value_selector_enum,
    variable_selector_enum,
};
