//! Deduction rules and how much each one did.

use std::fmt;
use std::ops::{AddAssign, Index, IndexMut};

use super::SubsetSizes;

/// A deduction rule that propagation applies. Counters are kept per rule
/// ([`RuleStats`]).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Rule {
    /// Removing the values of assigned variables from the rest of their
    /// all-different groups (levels `fc` and up; at `none` the same removals
    /// happen without failing).
    ForwardChecking,
    /// Assigning a variable whose domain has one value (`singles` and up).
    NakedSingles,
    /// Assigning the only variable of a permutation group that can take a
    /// value (`singles` and up).
    HiddenSingles,
    /// Locked candidates over pairs of overlapping groups (`locked` and up).
    LockedCandidates,
    /// Régin's generalized arc consistency on all-different (`gac` and up).
    Gac,
    /// Probing: a value whose tentative placement fails is removed
    /// (`probing`).
    Probing,
    /// Any other propagator (linear equations, user-defined constraints).
    Other,
    /// A sum of distinct values ([`DistinctSum`](super::DistinctSum)):
    /// forward checking of the sum, then (`singles` and up) the value
    /// combinations that reach it.
    Sum,
    /// A strictly increasing chain ([`IncreasingChain`](super::IncreasingChain)).
    Order,
    /// A sum equal to a number read from other variables
    /// ([`NumberSum`](super::NumberSum)).
    NumberSum,
    /// A binary relation given by its supports
    /// ([`BinaryRelation`](super::BinaryRelation)).
    Relation,
    /// A word accepted by an automaton along a list of variables
    /// ([`Regular`](super::Regular)): line rules, sums without
    /// distinctness, outside clues, rules written as regular expressions.
    Regular,
    /// A list of allowed tuples ([`Table`](super::Table)).
    Table,
    /// An array indexed by a variable ([`Element`](super::Element)):
    /// row, column and box indexers.
    Element,
    /// The nogoods a search records when it restarts
    /// ([`Restarts`](crate::Restarts)): a value refuted before the restart
    /// is removed again once the placements that led to it hold.
    Nogood,
    /// The rated rules of [`PropagationLevel::Human`](super::PropagationLevel::Human):
    /// deductions a person would make, up to a difficulty (a model's own).
    Human,
    /// A value whose placement would leave a permutation group without a
    /// place for another value, through binary relations
    /// ([`LinkedPlaces`](super::LinkedPlaces)): searches with `links`.
    LinkedPlaces,
}

impl Rule {
    /// Every rule: the house rules in level order, `other`, then the rules
    /// of the other built-in propagators (appended as they were added, so
    /// output columns only ever grow at the end). This list is the one
    /// registry of rule names: output columns and sort keys are made from it.
    pub const ALL: [Rule; 17] = [
        Rule::ForwardChecking,
        Rule::NakedSingles,
        Rule::HiddenSingles,
        Rule::LockedCandidates,
        Rule::Gac,
        Rule::Probing,
        Rule::Other,
        Rule::Sum,
        Rule::Order,
        Rule::NumberSum,
        Rule::Relation,
        Rule::Regular,
        Rule::Table,
        Rule::Element,
        Rule::Nogood,
        Rule::Human,
        Rule::LinkedPlaces,
    ];

    /// What the rule is, in words: `forward checking`, `naked singles`,
    /// ... (for help texts).
    pub fn title(self) -> &'static str {
        match self {
            Rule::ForwardChecking => "forward checking",
            Rule::NakedSingles => "naked singles",
            Rule::HiddenSingles => "hidden singles",
            Rule::LockedCandidates => "locked candidates",
            Rule::Gac => "generalized arc consistency",
            Rule::Probing => "probing",
            Rule::Other => "other propagators",
            Rule::Sum => "sums of distinct values",
            Rule::Order => "increasing chains",
            Rule::NumberSum => "sums equal to a number",
            Rule::Relation => "binary relations",
            Rule::Regular => "automata along lists (regular constraints)",
            Rule::Table => "tables of allowed tuples",
            Rule::Element => "arrays indexed by a variable (element)",
            Rule::Nogood => "nogoods recorded at restarts",
            Rule::Human => "a person's techniques, up to a difficulty (human:D)",
            Rule::LinkedPlaces => {
                "linked places: a group's value left without a place by binary relations (links)"
            }
        }
    }

    /// Whether the rule's deductions are assignments (cells filled), so
    /// that its telling counter is `assignments` rather than `removals`:
    /// naked and hidden singles.
    pub fn assigns(self) -> bool {
        matches!(self, Rule::NakedSingles | Rule::HiddenSingles)
    }

    /// The name used in output (`fc`, `naked_singles`, `hidden_singles`,
    /// `locked`, `gac`, `probing`, `other`, `sum`, `order`, `number_sum`,
    /// `relation`, `regular`, `table`, `element`, `nogood`, `human`,
    /// `linked`).
    pub fn name(self) -> &'static str {
        match self {
            Rule::ForwardChecking => "fc",
            Rule::NakedSingles => "naked_singles",
            Rule::HiddenSingles => "hidden_singles",
            Rule::LockedCandidates => "locked",
            Rule::Gac => "gac",
            Rule::Probing => "probing",
            Rule::Other => "other",
            Rule::Sum => "sum",
            Rule::Order => "order",
            Rule::NumberSum => "number_sum",
            Rule::Relation => "relation",
            Rule::Regular => "regular",
            Rule::Table => "table",
            Rule::Element => "element",
            Rule::Nogood => "nogood",
            Rule::Human => "human",
            Rule::LinkedPlaces => "linked",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What one rule did.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct RuleCounter {
    /// How often the rule was applied: one pass of it over a group (or pair
    /// of groups), one naked single assigned, one probe (tentative
    /// placement).
    pub runs: u64,
    /// Candidates it removed (an assignment removes all the other values of
    /// the variable).
    pub removals: u64,
    /// Variables it assigned.
    pub assignments: u64,
}

/// Counters for every [`Rule`]. They count deductions that stood: removals
/// made while a search placement is in force count (and stay counted after
/// the placement is undone), but what propagation does inside a probe is
/// counted only as the probe itself (`probing.runs`).
///
/// The removals of [`Rule::Gac`] are also counted by the size of the subset
/// that explains each ([`RuleStats::subsets`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct RuleStats {
    counters: [RuleCounter; Rule::ALL.len()],
    subsets: SubsetSizes,
}

impl RuleStats {
    /// GAC's removals by the size of the subset that explains them.
    pub fn subsets(&self) -> &SubsetSizes {
        &self.subsets
    }

    /// Counts `removals` values removed by GAC with a subset of `size`.
    #[inline]
    pub(crate) fn record_subset(&mut self, size: usize, removals: u64) {
        self.subsets.record(size, removals);
    }

    /// Each rule with its counter, in [`Rule::ALL`] order.
    pub fn iter(&self) -> impl Iterator<Item = (Rule, RuleCounter)> + '_ {
        Rule::ALL.into_iter().map(|r| (r, self[r]))
    }

    /// The telling counter of `rule` (see [`Rule::assigns`]): variables
    /// assigned for the singles, values removed for the others.
    pub fn telling(&self, rule: Rule) -> u64 {
        let counter = self[rule];
        if rule.assigns() {
            counter.assignments
        } else {
            counter.removals
        }
    }

    /// Candidates removed by all rules together.
    pub fn total_removals(&self) -> u64 {
        self.counters.iter().map(|c| c.removals).sum()
    }
}

impl Index<Rule> for RuleStats {
    type Output = RuleCounter;
    #[inline]
    fn index(&self, rule: Rule) -> &RuleCounter {
        &self.counters[rule as usize]
    }
}

impl IndexMut<Rule> for RuleStats {
    #[inline]
    fn index_mut(&mut self, rule: Rule) -> &mut RuleCounter {
        &mut self.counters[rule as usize]
    }
}

impl AddAssign<&RuleStats> for RuleStats {
    fn add_assign(&mut self, other: &RuleStats) {
        for (a, b) in self.counters.iter_mut().zip(other.counters.iter()) {
            a.runs += b.runs;
            a.removals += b.removals;
            a.assignments += b.assignments;
        }
        self.subsets += &other.subsets;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_are_indexed_by_rule_and_add_up() {
        let mut a = RuleStats::default();
        a[Rule::Gac].removals = 3;
        a[Rule::HiddenSingles].assignments = 1;
        a.record_subset(3, 2);
        let mut total = a;
        total += &a;
        assert_eq!(total[Rule::Gac].removals, 6);
        assert_eq!(total[Rule::HiddenSingles].assignments, 2);
        assert_eq!(total.total_removals(), 6);
        assert_eq!(total.telling(Rule::Gac), 6);
        assert_eq!(total.telling(Rule::HiddenSingles), 2);
        assert_eq!(total.subsets().removals(3), 4);
        let names: Vec<_> = total.iter().map(|(r, _)| r.name()).collect();
        assert_eq!(
            names,
            [
                "fc",
                "naked_singles",
                "hidden_singles",
                "locked",
                "gac",
                "probing",
                "other",
                "sum",
                "order",
                "number_sum",
                "relation",
                "regular",
                "table",
                "element",
                "nogood",
                "human",
                "linked"
            ]
        );
    }
}
