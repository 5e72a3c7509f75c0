//! The symbols that name heuristics (`A`-`L`, `0`-`9`, `a`), their long
//! names, chains of them, and the factory that turns them into selectors.

use std::fmt;
use std::str::FromStr;

use super::value_selection::*;
use super::variable_selection::*;
use crate::Model;

/// A heuristic chain that cannot be built.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum HeuristicError {
    /// A cell heuristic symbol or name that does not exist.
    #[error("unknown cell heuristic `{0}` ({valid})", valid = VariableHeuristic::valid_text())]
    UnknownVariableHeuristic(String),
    /// A value heuristic symbol or name that does not exist.
    #[error("unknown value heuristic `{0}` ({valid})", valid = ValueHeuristic::valid_text())]
    UnknownValueHeuristic(String),
    /// A chain of symbols with one that names no cell heuristic: the
    /// chain, the symbol and its position (from 1).
    #[error(
        "unknown cell heuristic `{1}` at position {2} of `{0}` ({valid})",
        valid = VariableHeuristic::valid_text()
    )]
    UnknownVariableSymbol(String, char, usize),
    /// A chain of symbols with one that names no value heuristic: the
    /// chain, the symbol and its position (from 1).
    #[error(
        "unknown value heuristic `{1}` at position {2} of `{0}` ({valid})",
        valid = ValueHeuristic::valid_text()
    )]
    UnknownValueSymbol(String, char, usize),
    /// A chain without any heuristic.
    #[error("a heuristic chain needs at least one symbol")]
    EmptyChain,
    /// Clause learning at a propagation level it cannot explain.
    #[error(
        "clause learning needs propagation fc, singles, human, locked or gac (not {0}): its explanations come from the propagators"
    )]
    LearningLevel(crate::PropagationLevel),
    /// Linked places at a level where they take no part.
    #[error(
        "links take part from propagation singles up (singles, locked, gac or probing; not {0})"
    )]
    LinksLevel(crate::PropagationLevel),
    /// A geometric heuristic on a model whose variables have no positions.
    #[error("cell heuristic {0} needs variable positions, and the model has none")]
    NeedsPositions(char),
}

/// What a heuristic reads to score: registered with it, so that the
/// help, the errors and the checks (`all` in a comparison, positions)
/// follow from its registry line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reads {
    /// The domains and the assignment alone.
    State,
    /// The state and the variables' positions (`D`, `I`, `J`): the model
    /// must have positions.
    Positions,
    /// What the search learnt so far: the adaptive heuristics.
    Search,
}

/// Symbols with runs of consecutive ones shortened: `A-L`, `0-9 and a`.
fn symbol_runs(symbols: &[char]) -> String {
    let mut runs: Vec<(char, char)> = Vec::new();
    for &c in symbols {
        match runs.last_mut() {
            Some((_, end)) if (*end as u32) + 1 == c as u32 => *end = c,
            _ => runs.push((c, c)),
        }
    }
    let words: Vec<String> = (runs.iter())
        .map(|&(a, b)| match (b as u32) - (a as u32) {
            0 => a.to_string(),
            1 => format!("{a}, {b}"),
            _ => format!("{a}-{b}"),
        })
        .collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => words.concat(),
    }
}

/// Salt that separates the random streams of value heuristics from those of
/// cell heuristics under the same seed.
const VALUE_SEED_SALT: u64 = 0x5EED_0F00_DA7A_0002;

/// Seed of the selector at position `index` of a chain.
fn chain_seed(seed: u64, index: usize) -> u64 {
    seed.wrapping_add((index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// The registry of one kind of heuristic: per line its variant, symbol,
/// long name, description, selector type and how to make the selector
/// from the model and the seed. Makes the heuristic enum `$name`, its
/// parsing and printing, the enum `$selectors` of the selectors (by
/// `$selector_enum`, from `builtin.rs`) and `$name::build`.
macro_rules! heuristic_enum {
    (
        $(#[$meta:meta])* $name:ident, $err:ident, $symbol_err:ident, $words:literal,
        $selectors:ident by $selector_enum:ident,
        $( $variant:ident = $symbol:literal, $long:literal, $reads:ident, $short:literal, $doc:literal,
            $ty:ident = $make:expr; )*
    ) => {
        super::builtin::$selector_enum!($selectors: $($variant($ty)),*);

        impl $name {
            /// Its selector on `model`, `seed` driving a random one.
            fn build(self, model: &Model, seed: u64) -> $selectors {
                match self {
                    $($name::$variant => {
                        let make: fn(&Model, u64) -> $ty = $make;
                        $selectors::$variant(make(model, seed))
                    })*
                }
            }
        }

        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum $name {
            $( #[doc = $doc] $variant, )*
        }

        impl $name {
            /// Every heuristic, in symbol order.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// Its one-character symbol.
            pub fn symbol(self) -> char {
                match self { $($name::$variant => $symbol,)* }
            }

            /// Its long name (accepted wherever the symbol is).
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $long,)* }
            }

            /// What it prefers, in words.
            pub fn description(self) -> &'static str {
                match self { $($name::$variant => $doc,)* }
            }

            /// What it prefers, in a few words (the help's tables).
            pub fn short_description(self) -> &'static str {
                match self { $($name::$variant => $short,)* }
            }

            /// What it reads to score.
            pub fn reads(self) -> Reads {
                match self { $($name::$variant => Reads::$reads,)* }
            }

            /// Whether it learns from the search's failures
            /// ([`Reads::Search`]) rather than reading the state alone
            /// (the heuristics of the articles; `all` in a comparison
            /// means those).
            pub fn is_adaptive(self) -> bool {
                self.reads() == Reads::Search
            }

            /// The valid symbols and names, for errors: `valid: letters
            /// A-L, the adaptive P, Q, ..., or names such as
            /// fewest-candidates`.
            pub fn valid_text() -> String {
                let example = Self::default_first().name();
                let mut text = format!("valid: {} {}", $words, Self::symbols_text(false));
                let adaptive = Self::symbols_text(true);
                if !adaptive.is_empty() {
                    text += &format!(", the adaptive {adaptive}");
                }
                text + &format!(", or names such as {example}")
            }

            /// The symbols of the adaptive heuristics (`P, Q, V`), or of
            /// the others with runs shortened (`A-L`, `0-9 and a`).
            pub fn symbols_text(adaptive: bool) -> String {
                let symbols: Vec<char> = (Self::ALL.iter())
                    .filter(|h| h.is_adaptive() == adaptive)
                    .map(|h| h.symbol())
                    .collect();
                if adaptive {
                    let each: Vec<String> = symbols.iter().map(char::to_string).collect();
                    each.join(", ")
                } else {
                    symbol_runs(&symbols)
                }
            }

            fn from_symbol(c: char) -> Option<$name> {
                Self::ALL.iter().copied().find(|h| h.symbol() == c)
            }

            /// The error for `chain`, whose symbol at `position` (from 1)
            /// is `symbol`, no heuristic of this kind.
            fn unknown_in_chain(chain: &str, symbol: char, position: usize) -> HeuristicError {
                HeuristicError::$symbol_err(chain.to_string(), symbol, position)
            }
        }

        impl FromStr for $name {
            type Err = HeuristicError;
            /// A symbol or a long name.
            fn from_str(s: &str) -> Result<Self, HeuristicError> {
                let t = s.trim();
                let mut chars = t.chars();
                if let (Some(c), None) = (chars.next(), chars.next()) {
                    if let Some(h) = Self::from_symbol(Self::normalize(c)) {
                        return Ok(h);
                    }
                }
                Self::ALL
                    .iter()
                    .copied()
                    .find(|h| h.name().eq_ignore_ascii_case(t))
                    .ok_or_else(|| HeuristicError::$err(t.to_string()))
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.symbol())
            }
        }
    };
}

heuristic_enum! {
    /// A cell (variable) heuristic, `A` to `L`.
    VariableHeuristic, UnknownVariableHeuristic, UnknownVariableSymbol, "letters",
    BuiltinVariableSelector by variable_selector_enum,
    InputOrder = 'A', "input-order", State, "first cell", "first variable in input (reading) order",
        InputOrder = |_, _| InputOrder;
    ReverseInputOrder = 'B', "reverse-input-order", State, "last cell", "last variable in input order",
        ReverseInputOrder = |_, _| ReverseInputOrder;
    Random = 'C', "random", State, "random (seeded)", "random variable (seeded)",
        RandomVariable = |_, seed| RandomVariable::new(seed);
    ClosestToCentre = 'D', "closest-to-centre", Positions, "closest to the centre", "closest to the centre of the positions",
        ClosestToCentre = |model, _| ClosestToCentre::new(model);
    FewestCandidates = 'E', "fewest-candidates", State, "fewest candidates", "fewest candidates (MRV, first fail)",
        FewestCandidates = |_, _| FewestCandidates;
    MostCandidates = 'F', "most-candidates", State, "most candidates", "most candidates",
        MostCandidates = |_, _| MostCandidates;
    FewestEmptyNeighbours = 'G', "fewest-empty-neighbours", State, "fewest empty neighbours", "fewest unassigned related variables",
        FewestEmptyNeighbours = |model, _| FewestEmptyNeighbours::new(model);
    MostEmptyNeighbours = 'H', "most-empty-neighbours", State, "most empty neighbours", "most unassigned related variables",
        MostEmptyNeighbours = |model, _| MostEmptyNeighbours::new(model);
    ClosestToFilled = 'I', "closest-to-filled", Positions, "closest to the filled cells", "smallest sum of distances to the assigned variables",
        ClosestToFilled = |model, _| ClosestToFilled::new(model);
    FurthestFromFilled = 'J', "furthest-from-filled", Positions, "furthest from the filled cells", "largest sum of distances to the assigned variables",
        FurthestFromFilled = |model, _| FurthestFromFilled::new(model);
    NeighbourhoodFewestCandidates = 'K', "neighbourhood-fewest-candidates", State, "fewest candidates around (cell + neighbours)", "fewest candidates in the variable and its unassigned related variables together",
        NeighbourhoodFewestCandidates = |model, _| NeighbourhoodFewestCandidates::new(model);
    NeighbourhoodMostCandidates = 'L', "neighbourhood-most-candidates", State, "most candidates around", "most candidates in the variable and its unassigned related variables together",
        NeighbourhoodMostCandidates = |model, _| NeighbourhoodMostCandidates::new(model);
    Impact = 'P', "impact", Search, "impact", "adaptive, IBS (Refalo 2004): least search space left by its candidates, the sum of 1 - I(x=a) over them, I the mean impact 1 - P_after/P_before of placing a in x so far (P the product of the domain sizes; 1 for a failure)",
        Impact = |model, _| Impact::new(model);
    ConflictHistory = 'Q', "conflict-history", Search, "conflict history", "adaptive, CHS (Habet & Terrioux 2021): largest sum of its constraints' conflict scores (each moved towards 1/(conflicts since its last one + 1) at its failures) over its domain size",
        ConflictHistory = |model, _| ConflictHistory::new(model);
    Vsids = 'S', "vsids", Search, "VSIDS", "adaptive, VSIDS (Moskewicz et al. 2001): largest activity, bumped for the variables met in each conflict's analysis (with --learning; else for the failed constraint's scope) by a bump growing 1/0.95-fold per conflict",
        Vsids = |model, _| Vsids::new(model);
    Activity = 'V', "activity", Search, "activity", "adaptive, ABS (Michel & Van Hentenryck 2012): largest activity (x0.999 at each placement while it has several candidates, then +1 if the placement narrowed its domain) over its domain size",
        Activity = |model, _| Activity::new(model);
    DomWdeg = 'W', "dom-wdeg", Search, "dom/wdeg", "adaptive, dom/wdeg (Boussemart et al. 2004): smallest domain size over the summed failure counts (from 1) of its constraints that still have another unassigned variable",
        DomWdeg = |model, _| DomWdeg::new(model);
    DomWdegCaCd = 'X', "dom-wdeg-ca-cd", Search, "dom/wdeg^ca.cd", "adaptive, dom/wdeg^ca.cd (Wattez et al. 2019): as W, a failure weighing 1/(open variables x candidates) on each open variable of the constraint",
        DomWdegCaCd = |model, _| DomWdegCaCd::new(model);
    LastConflict = 'Z', "last-conflict", Search, "last conflict, put first", "adaptive, last-conflict reasoning (Lecoutre et al. 2009), put first in a chain: the variable whose placement failed last, until a placement in it succeeds",
        LastConflict = |_, _| LastConflict::default();
}

heuristic_enum! {
    /// A value heuristic, `0` to `9` and `a`.
    ValueHeuristic, UnknownValueHeuristic, UnknownValueSymbol, "symbols",
    BuiltinValueSelector by value_selector_enum,
    Lowest = '0', "lowest", State, "lowest", "lowest value",
        LowestValue = |_, _| LowestValue;
    Highest = '1', "highest", State, "highest", "highest value",
        HighestValue = |_, _| HighestValue;
    Random = '2', "random", State, "random (seeded)", "random value (seeded)",
        RandomValue = |_, seed| RandomValue::new(seed ^ VALUE_SEED_SALT);
    LeastUsed = '3', "least-used", State, "least used on the board", "value held by the fewest assigned variables",
        LeastUsed = |_, _| LeastUsed;
    MostUsed = '4', "most-used", State, "most used", "value held by the most assigned variables",
        MostUsed = |_, _| MostUsed;
    MostConstraining = '5', "most-constraining", State, "most constraining", "leaves the unassigned related variables the fewest candidates",
        MostConstraining = |model, _| MostConstraining::new(model);
    LeastConstraining = '6', "least-constraining", State, "least constraining", "leaves the unassigned related variables the most candidates",
        LeastConstraining = |model, _| LeastConstraining::new(model);
    LeastCommonInNeighbours = '7', "least-common-in-neighbours", State, "least common among the neighbours' candidates", "candidate of the fewest unassigned related variables",
        LeastCommonInNeighbours = |model, _| LeastCommonInNeighbours::new(model);
    MostCommonInNeighbours = '8', "most-common-in-neighbours", State, "most common among the neighbours' candidates", "candidate of the most unassigned related variables",
        MostCommonInNeighbours = |model, _| MostCommonInNeighbours::new(model);
    LeastCommonOnBoard = '9', "least-common-on-board", State, "least common among all candidates", "candidate of the fewest other unassigned variables",
        LeastCommonOnBoard = |_, _| LeastCommonOnBoard;
    MostCommonOnBoard = 'a', "most-common-on-board", State, "most common among all candidates", "candidate of the most other unassigned variables",
        MostCommonOnBoard = |_, _| MostCommonOnBoard;
    LeastImpact = 'b', "least-impact", Search, "least impact", "adaptive, IBS (Refalo 2004): least mean impact of placing it in this variable so far (see P)",
        LeastImpact = |model, _| LeastImpact::new(model);
}

impl VariableHeuristic {
    fn normalize(c: char) -> char {
        c.to_ascii_uppercase()
    }

    /// The first heuristic of the default chain (the errors' example).
    fn default_first() -> VariableHeuristic {
        VariableChain::default().0[0]
    }

    /// A selector for this heuristic on `model`; `seed` drives `C`.
    pub fn selector(
        self,
        model: &Model,
        seed: u64,
    ) -> Result<BuiltinVariableSelector, HeuristicError> {
        if self.reads() == Reads::Positions && !model.has_positions() {
            return Err(HeuristicError::NeedsPositions(self.symbol()));
        }
        Ok(self.build(model, seed))
    }
}

impl ValueHeuristic {
    fn normalize(c: char) -> char {
        c.to_ascii_lowercase()
    }

    /// The first heuristic of the default chain (the errors' example).
    fn default_first() -> ValueHeuristic {
        ValueChain::default().0[0]
    }

    /// A selector for this heuristic on `model`; `seed` drives `2`.
    pub fn selector(self, model: &Model, seed: u64) -> BuiltinValueSelector {
        self.build(model, seed)
    }

    /// The heuristic this one is defined as: `7` orders values as `6`
    /// and `8` as `5` (their scores are the same by definition, and their
    /// selectors one type); any other is itself.
    pub fn same_as(self) -> ValueHeuristic {
        match self {
            ValueHeuristic::LeastCommonInNeighbours => ValueHeuristic::LeastConstraining,
            ValueHeuristic::MostCommonInNeighbours => ValueHeuristic::MostConstraining,
            h => h,
        }
    }
}

macro_rules! chain_type {
    ($(#[$meta:meta])* $chain:ident, $item:ident) => {
        $(#[$meta])*
        #[derive(Clone, PartialEq, Eq, Hash, Debug)]
        pub struct $chain(Vec<$item>);

        impl $chain {
            /// A chain of the given heuristics.
            pub fn new(items: Vec<$item>) -> Result<$chain, HeuristicError> {
                if items.is_empty() {
                    return Err(HeuristicError::EmptyChain);
                }
                Ok($chain(items))
            }

            /// The heuristics, most significant first.
            pub fn items(&self) -> &[$item] {
                &self.0
            }

            /// Whether some heuristic of the chain is random.
            pub fn is_random(&self) -> bool {
                self.0.contains(&$item::Random)
            }
        }

        impl FromStr for $chain {
            type Err = HeuristicError;
            /// Symbols run together (`EA`), or symbols and long names
            /// separated by `,` or `+` (`fewest-candidates,A`).
            fn from_str(s: &str) -> Result<Self, HeuristicError> {
                let s = s.trim();
                let items = if s.contains([',', '+']) {
                    s.split([',', '+']).map(str::parse).collect::<Result<Vec<_>, _>>()?
                } else if let Ok(h) = s.parse::<$item>() {
                    vec![h]
                } else if s.contains('-') || s.chars().count() == 1 {
                    // One symbol, or a long name misspelt: no use naming a
                    // character.
                    return Err(s.parse::<$item>().unwrap_err());
                } else {
                    let mut items = Vec::new();
                    for (i, c) in s.chars().enumerate() {
                        match c.to_string().parse() {
                            Ok(h) => items.push(h),
                            Err(_) => return Err($item::unknown_in_chain(s, c, i + 1)),
                        }
                    }
                    items
                };
                $chain::new(items)
            }
        }

        impl fmt::Display for $chain {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.iter().try_for_each(|h| write!(f, "{h}"))
            }
        }
    };
}

chain_type!(
    /// A chain of cell heuristics, compared lexicographically (`"EA"`).
    VariableChain,
    VariableHeuristic
);
chain_type!(
    /// A chain of value heuristics, compared lexicographically (`"50"`).
    ValueChain,
    ValueHeuristic
);

impl VariableChain {
    /// The selectors of the chain for `model`, random ones seeded from `seed`.
    pub fn selectors(
        &self,
        model: &Model,
        seed: u64,
    ) -> Result<Vec<BuiltinVariableSelector>, HeuristicError> {
        (self.0.iter().enumerate())
            .map(|(i, h)| h.selector(model, chain_seed(seed, i)))
            .collect()
    }
}

impl ValueChain {
    /// The chain with each heuristic replaced by the one it is defined as
    /// ([`ValueHeuristic::same_as`]): chains with one canonical form order
    /// values alike in every state, so searches that differ only in them
    /// make the same runs, counter for counter.
    pub fn canonical(&self) -> ValueChain {
        ValueChain(self.0.iter().map(|h| h.same_as()).collect())
    }

    /// The selectors of the chain for `model`, random ones seeded from
    /// `seed`.
    pub fn selectors(
        &self,
        model: &Model,
        seed: u64,
    ) -> Result<Vec<BuiltinValueSelector>, HeuristicError> {
        Ok((self.0.iter().enumerate())
            .map(|(i, h)| h.selector(model, chain_seed(seed, i)))
            .collect())
    }
}

impl Default for VariableChain {
    /// `EA`: fewest candidates, then input order.
    fn default() -> Self {
        VariableChain(vec![
            VariableHeuristic::FewestCandidates,
            VariableHeuristic::InputOrder,
        ])
    }
}

impl Default for ValueChain {
    /// `0`: lowest value first.
    fn default() -> Self {
        ValueChain(vec![ValueHeuristic::Lowest])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_heuristic_is_the_same_as_another_only_with_the_same_selector() {
        use crate::heuristics::value_selection as v;
        use std::any::TypeId;
        // `7` and `6`, `8` and `5`: one selector type each, so one order.
        assert_eq!(
            TypeId::of::<v::LeastCommonInNeighbours>(),
            TypeId::of::<v::LeastConstraining>()
        );
        assert_eq!(
            TypeId::of::<v::MostCommonInNeighbours>(),
            TypeId::of::<v::MostConstraining>()
        );
        let same: Vec<(char, char)> = (ValueHeuristic::ALL.iter())
            .filter(|h| h.same_as() != **h)
            .map(|h| (h.symbol(), h.same_as().symbol()))
            .collect();
        assert_eq!(same, [('7', '6'), ('8', '5')]);
        let chain: ValueChain = "728b".parse().unwrap();
        assert_eq!(chain.canonical(), "625b".parse().unwrap());
    }

    #[test]
    fn symbols_and_names_parse() {
        let chain: VariableChain = "EA".parse().unwrap();
        assert_eq!(chain.to_string(), "EA");
        let named: VariableChain = "fewest-candidates,A".parse().unwrap();
        assert_eq!(named, chain);
        assert_eq!("ea".parse::<VariableChain>().unwrap(), chain);
        assert_eq!("random".parse::<VariableChain>().unwrap().to_string(), "C");
        let values: ValueChain = "5a0".parse().unwrap();
        assert_eq!(values.to_string(), "5a0");
        assert_eq!("A".parse::<ValueChain>().unwrap().to_string(), "a");
        assert!("2".parse::<ValueChain>().unwrap().is_random());
    }

    #[test]
    fn bad_chains_name_the_culprit() {
        assert_eq!(
            "EY".parse::<VariableChain>(),
            Err(HeuristicError::UnknownVariableSymbol("EY".into(), 'Y', 2))
        );
        assert_eq!(
            "EY".parse::<VariableChain>().unwrap_err().to_string(),
            "unknown cell heuristic `Y` at position 2 of `EY` (valid: letters A-L, the adaptive P, Q, S, V, W, X, Z, or names such as fewest-candidates)"
        );
        assert_eq!(
            "5c0".parse::<ValueChain>(),
            Err(HeuristicError::UnknownValueSymbol("5c0".into(), 'c', 2))
        );
        assert_eq!(
            "fewest-candidate".parse::<VariableChain>(),
            Err(HeuristicError::UnknownVariableHeuristic(
                "fewest-candidate".into()
            ))
        );
        assert_eq!(
            "E,Y".parse::<VariableChain>(),
            Err(HeuristicError::UnknownVariableHeuristic("Y".into()))
        );
        assert_eq!(
            "c".parse::<ValueChain>(),
            Err(HeuristicError::UnknownValueHeuristic("c".into()))
        );
        assert_eq!("".parse::<ValueChain>(), Err(HeuristicError::EmptyChain));
    }

    #[test]
    fn every_symbol_is_distinct() {
        let letters: String = VariableHeuristic::ALL.iter().map(|h| h.symbol()).collect();
        assert_eq!(letters, "ABCDEFGHIJKLPQSVWXZ");
        let symbols: String = ValueHeuristic::ALL.iter().map(|h| h.symbol()).collect();
        assert_eq!(symbols, "0123456789ab");
    }

    #[test]
    fn the_adaptive_heuristics_are_those_whose_selectors_learn() {
        let (model, _) = crate::testing::latin3();
        for &h in VariableHeuristic::ALL {
            let learns = crate::VariableSelector::learns(&h.selector(&model, 0).unwrap());
            assert_eq!(h.is_adaptive(), learns, "{h}");
        }
        for &h in ValueHeuristic::ALL {
            let learns = crate::ValueSelector::learns(&h.selector(&model, 0));
            assert_eq!(h.is_adaptive(), learns, "{h}");
        }
    }

    #[test]
    fn geometric_heuristics_need_positions() {
        let mut b = crate::ModelBuilder::new();
        b.new_var(crate::ValueSet::range(2));
        let m = b.build();
        assert_eq!(
            "D".parse::<VariableChain>()
                .unwrap()
                .selectors(&m, 0)
                .unwrap_err(),
            HeuristicError::NeedsPositions('D')
        );
        assert!(
            "EA".parse::<VariableChain>()
                .unwrap()
                .selectors(&m, 0)
                .is_ok()
        );
    }
}
