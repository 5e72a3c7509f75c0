//! A link of a chain: a built-in heuristic or a selector of one's own.

use super::{BuiltinValueSelector, BuiltinVariableSelector, ValueSelector, VariableSelector};

/// A link of a cell chain: a built-in heuristic (its selector called
/// through a `match`, which the compiler inlines) or a selector of one's
/// own (called through a vtable).
/// [`Search::with_variable_links`](crate::Search::with_variable_links)
/// takes a chain of them.
///
/// ```
/// use csp_core::{SelectionContext, VarId, VariableHeuristic, VariableLink, VariableSelector};
///
/// /// Odd variables first.
/// #[derive(Debug)]
/// struct OddFirst;
///
/// impl VariableSelector for OddFirst {
///     fn score(&mut self, _ctx: &SelectionContext<'_>, var: VarId) -> i64 {
///         i64::from(var.0 % 2 == 0)
///     }
/// }
///
/// # let mut b = csp_core::ModelBuilder::new();
/// # b.new_vars(4, csp_core::ValueSet::range(4));
/// # let model = b.build();
/// // Odd variables first, the fewest candidates among them.
/// let links = vec![
///     VariableLink::custom(OddFirst),
///     VariableHeuristic::FewestCandidates.selector(&model, 0)?.into(),
/// ];
/// # Ok::<(), csp_core::HeuristicError>(())
/// ```
// The built-in variant is as large as the random generator: a chain's
// links are made once per search and never moved during it.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum VariableLink {
    /// A heuristic of the registry ([`VariableHeuristic`](super::VariableHeuristic)).
    Builtin(BuiltinVariableSelector),
    /// A selector of one's own.
    Custom(Box<dyn VariableSelector>),
}

impl VariableLink {
    /// A link of one's own selector.
    pub fn custom(selector: impl VariableSelector + 'static) -> VariableLink {
        VariableLink::Custom(Box::new(selector))
    }
}

impl From<BuiltinVariableSelector> for VariableLink {
    fn from(s: BuiltinVariableSelector) -> Self {
        VariableLink::Builtin(s)
    }
}

super::builtin::delegate_variable_selector!(VariableLink: Builtin, Custom);

/// A link of a value chain: a built-in heuristic (through a `match`) or a
/// selector of one's own (through a vtable).
/// [`Search::with_value_links`](crate::Search::with_value_links) takes a
/// chain of them.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum ValueLink {
    /// A heuristic of the registry ([`ValueHeuristic`](super::ValueHeuristic)).
    Builtin(BuiltinValueSelector),
    /// A selector of one's own.
    Custom(Box<dyn ValueSelector>),
}

impl ValueLink {
    /// A link of one's own selector.
    pub fn custom(selector: impl ValueSelector + 'static) -> ValueLink {
        ValueLink::Custom(Box::new(selector))
    }
}

impl From<BuiltinValueSelector> for ValueLink {
    fn from(s: BuiltinValueSelector) -> Self {
        ValueLink::Builtin(s)
    }
}

super::builtin::delegate_value_selector!(ValueLink: Builtin, Custom);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        ModelBuilder, PropagationLevel, Search, SearchConfig, SearchResult, SelectionContext,
        ValueSet, VarId, VariableHeuristic,
    };

    /// The last variable: `B`, written as one's own.
    #[derive(Debug)]
    struct Last;

    impl VariableSelector for Last {
        fn score(&mut self, _ctx: &SelectionContext<'_>, var: VarId) -> i64 {
            -i64::from(var.0)
        }
    }

    /// The highest value: `1`, written as one's own.
    #[derive(Debug)]
    struct Highest;

    impl ValueSelector for Highest {
        fn score(&mut self, _ctx: &SelectionContext<'_>, _var: VarId, value: u32) -> i64 {
            -i64::from(value)
        }
    }

    /// Fewest candidates: `E`, written as one's own.
    #[derive(Debug)]
    struct Fewest;

    impl VariableSelector for Fewest {
        fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
            i64::from(ctx.domain(var).len())
        }
    }

    /// All solutions of a 4x4 Latin square with 2 in its second cell
    /// (144) at forward checking,
    /// with the config's chains or with `links`.
    fn latin4(
        cells: &str,
        values: &str,
        links: Option<(Vec<VariableLink>, Vec<ValueLink>)>,
    ) -> SearchResult {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(16, ValueSet::range(4));
        for i in 0..4 {
            b.all_different(&v[i * 4..i * 4 + 4]).unwrap();
            b.all_different(&[v[i], v[i + 4], v[i + 8], v[i + 12]])
                .unwrap();
        }
        let model = b.build();
        let config = SearchConfig {
            variables: cells.parse().unwrap(),
            values: values.parse().unwrap(),
            level: PropagationLevel::ForwardChecking,
            ..SearchConfig::default()
        };
        let mut search = Search::new(&model, &config).unwrap();
        // A given, against the square's symmetries.
        search.fix(v[1], 2).unwrap();
        if let Some((variables, values)) = links {
            search = search
                .with_variable_links(variables)
                .with_value_links(values);
        }
        search.run(None)
    }

    fn same(a: &SearchResult, b: &SearchResult) -> bool {
        let strip = |r: &SearchResult| {
            let mut s = r.stats.clone();
            s.elapsed = Default::default();
            format!("{s:?} {:?}", r.first_solution)
        };
        strip(a) == strip(b)
    }

    #[test]
    fn selectors_of_ones_own_search_as_the_built_in_ones_they_copy() {
        let own = latin4(
            "A",
            "0",
            Some((
                vec![VariableLink::custom(Last)],
                vec![ValueLink::custom(Highest)],
            )),
        );
        assert_eq!(own.stats.solutions, 144);
        assert!(same(&own, &latin4("B", "1", None)));
        // The config's chains were replaced.
        assert!(!same(&own, &latin4("A", "0", None)));
    }

    #[test]
    fn a_chain_mixes_selectors_of_ones_own_with_built_in_ones() {
        let mut b = ModelBuilder::new();
        b.new_vars(1, ValueSet::range(1));
        let model = b.build();
        let last = VariableHeuristic::ReverseInputOrder.selector(&model, 0);
        let mixed = latin4(
            "A",
            "0",
            Some((
                vec![VariableLink::custom(Fewest), last.unwrap().into()],
                vec![],
            )),
        );
        assert!(same(&mixed, &latin4("EB", "0", None)));
        // Both links count.
        assert!(!same(&mixed, &latin4("B", "0", None)));
        assert!(!same(&mixed, &latin4("E", "0", None)));
    }
}
