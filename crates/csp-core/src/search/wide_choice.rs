//! How the search branches on a wide variable.
//!
//! A narrow variable's values are tried one after the other, as the value
//! chain orders them. A wide variable may have millions, so the search
//! makes a *binary* choice instead: a decision and, when it fails, its
//! refutation, each one placement (the decision a guess, its refutation
//! not: it is the last alternative), each undone by one backtrack. Then
//! the variable is chosen again, as any other, until it is assigned.

use crate::heuristics::ValueChain;
use crate::{DomainStore, ValueHeuristic, VarId};

/// The decision made on a wide variable `x`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum WideChoice {
    /// `x = min`, else `x != min` (the value chain `0`, and the default).
    #[default]
    Min,
    /// `x = max`, else `x != max` (the value chain `1`).
    Max,
    /// `x = m`, else `x != m`, `m` the middle value of the domain (the
    /// `size / 2`-th from the smallest, holes skipped).
    Median,
    /// `x <= mid`, else `x > mid`, `mid = (min + max) / 2` rounded down:
    /// halves the interval, never assigns by itself.
    Split,
}

/// The decision [`WideChoice`] makes: the value, and whether the choice
/// is a split (`x <= value`, else `x > value`) rather than `x = value`,
/// else `x != value`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct WideDecision {
    pub(crate) value: u32,
    pub(crate) split: bool,
}

impl WideChoice {
    /// The choice the value chain means for a wide variable: its first
    /// symbol's, where it is `0` (lowest: [`WideChoice::Min`]) or `1`
    /// (highest: [`WideChoice::Max`]); the others score each value on the
    /// board and mean nothing for a variable of millions:
    /// [`WideChoice::Split`], which halves its interval (measured on the
    /// wide XCSP3 corpus, docs/guide/xcsp3.md).
    pub fn of_chain(values: &ValueChain) -> WideChoice {
        match values.items().first() {
            Some(ValueHeuristic::Highest) => WideChoice::Max,
            Some(ValueHeuristic::Lowest) => WideChoice::Min,
            _ => WideChoice::Split,
        }
    }

    /// Every choice, in the order the docs list them.
    pub const ALL: [WideChoice; 4] = [
        WideChoice::Min,
        WideChoice::Max,
        WideChoice::Median,
        WideChoice::Split,
    ];

    /// Its name, as the command line writes it.
    pub fn name(self) -> &'static str {
        match self {
            WideChoice::Min => "min",
            WideChoice::Max => "max",
            WideChoice::Median => "median",
            WideChoice::Split => "split",
        }
    }

    /// The decision on `var`, whose domain has two values or more.
    pub(crate) fn decide(self, store: &DomainStore, var: VarId) -> WideDecision {
        let (lo, hi) = (store.lower(var), store.upper(var));
        let (lo, hi) = (lo.unwrap_or(0), hi.unwrap_or(0));
        let (value, split) = match self {
            WideChoice::Min => (lo, false),
            WideChoice::Max => (hi, false),
            WideChoice::Median => (
                store.nth_value(var, store.size(var) / 2).unwrap_or(lo),
                false,
            ),
            WideChoice::Split => (lo + (hi - lo) / 2, true),
        };
        WideDecision { value, split }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decisions_on_an_interval_with_a_hole() {
        let mut store = DomainStore::with_wide(&[crate::ValueSet::EMPTY], &[(VarId(0), 100)], 0);
        let x = VarId(0);
        store.raise_lower(x, 10);
        store.remove_value(x, 12);
        // 10, 11, 13, ..., 99: 89 values, the 44th from 10 is 55.
        let d = |c: WideChoice| c.decide(&store, x);
        assert_eq!(
            d(WideChoice::Min),
            WideDecision {
                value: 10,
                split: false
            }
        );
        assert_eq!(
            d(WideChoice::Max),
            WideDecision {
                value: 99,
                split: false
            }
        );
        assert_eq!(
            d(WideChoice::Median),
            WideDecision {
                value: 55,
                split: false
            }
        );
        assert_eq!(
            d(WideChoice::Split),
            WideDecision {
                value: 54,
                split: true
            }
        );
        let chain = |s: &str| WideChoice::of_chain(&s.parse().unwrap());
        assert_eq!(chain("1"), WideChoice::Max);
        assert_eq!(chain("0"), WideChoice::Min);
        assert_eq!(chain("5"), WideChoice::Split);
        assert_eq!(chain("a0"), WideChoice::Split);
        assert_eq!("median".parse::<WideChoice>(), Ok(WideChoice::Median));
        assert_eq!(
            "mid".parse::<WideChoice>().unwrap_err().to_string(),
            "unknown wide choice `mid` (one of: min, max, median, split)"
        );
    }

    /// `x >= 3` over `0..5`: the root leaves {3, 4}; `x = 3` is a guess
    /// and a solution, its refutation `x != 3` a placement that is no
    /// guess, after which naked singles assign 4.
    #[test]
    fn a_decision_and_its_refutation_are_counted_as_placements() {
        use crate::{
            LinearRelation, ModelBuilder, PropagationLevel, Restarts, Search, SearchConfig,
            WideLinear,
        };
        let mut b = ModelBuilder::new();
        let x = b.new_wide_var(5).unwrap();
        let at_least_3 = WideLinear::new(vec![x], vec![-1], LinearRelation::AtMost, -3);
        b.add_propagator(at_least_3).unwrap();
        let model = b.build();
        let config = SearchConfig {
            level: PropagationLevel::Singles,
            ..SearchConfig::default()
        };
        let counted = |choice: WideChoice| {
            let search = Search::new(&model, &config).unwrap();
            let stats = search.with_wide_choice(choice).run(None).stats;
            (
                stats.solutions,
                stats.placements,
                stats.guesses,
                stats.backtracks,
            )
        };
        assert_eq!(counted(WideChoice::Min), (2, 2, 1, 2));
        // x <= 3 (a guess; singles assign 3), then x > 3 (singles assign 4).
        assert_eq!(counted(WideChoice::Split), (2, 2, 1, 2));
        // Restarting after every failure: the same two solutions.
        let restarting = SearchConfig {
            restarts: "luby:1".parse::<Restarts>().unwrap(),
            ..config.clone()
        };
        let search = Search::new(&model, &restarting).unwrap();
        assert_eq!(search.run(None).stats.solutions, 2);
        // Learning: x = 3 (a guess), then the clause blocking that
        // solution, x != 3, at the root, where singles assign 4: one
        // placement.
        let learning = SearchConfig {
            learning: true,
            ..config
        };
        let stats = Search::new(&model, &learning).unwrap().run(None).stats;
        assert_eq!(
            (stats.solutions, stats.placements, stats.guesses),
            (2, 1, 1)
        );
        // Impact-based search weighs a wide variable as a whole: the
        // same two solutions.
        let by_impact = SearchConfig {
            variables: "P".parse().unwrap(),
            ..SearchConfig::default()
        };
        let search = Search::new(&model, &by_impact).unwrap();
        assert_eq!(search.run(None).stats.solutions, 2);
        // The least-impact value (a wide variable is split, its
        // placements recorded in its one mean): the same two.
        let impact = SearchConfig {
            values: "b".parse().unwrap(),
            ..SearchConfig::default()
        };
        let search = Search::new(&model, &impact).unwrap();
        assert_eq!(search.run(None).stats.solutions, 2);
    }
}

impl std::fmt::Display for WideChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`WideChoice`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown wide choice `{0}` (one of: {names})", names = WideChoice::ALL.map(WideChoice::name).join(", "))]
pub struct UnknownWideChoice(pub String);

impl std::str::FromStr for WideChoice {
    type Err = UnknownWideChoice;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        (WideChoice::ALL.into_iter())
            .find(|c| c.name() == s)
            .ok_or_else(|| UnknownWideChoice(s.to_string()))
    }
}
