//! Forward checking listed ahead over a model's groups, with other
//! propagators beside them.

use super::{PeerGroups, PropagationLevel, Propagator, Rule};
use crate::{Rows, VarId, Watch};

/// The model's forward-checking groups
/// ([`Propagator::is_forward_checking_group`]) as one [`PeerGroups`], when
/// the search may make their removals itself at `none` and `fc`: every
/// group takes part from `none` and credits the same rule, lists its
/// variables in increasing order, and for every variable the groups come
/// ahead of its other propagators (the engine would run them first after
/// the variable's assignment, in this order).
///
/// After a placement the search then removes the value from the groups'
/// variables as their runs would, counting the same runs, removals and
/// failure, and tells only the variable's other propagators, which the
/// engine runs as before. Searches list the groups only where, at their
/// level, no propagator listens to more than assignments (so the groups'
/// removals wake nobody): see [`ListedGroups::hold_at`].
#[derive(Clone, Debug)]
pub struct ListedGroups {
    groups: PeerGroups,
    rule: Rule,
    /// For each variable, how many of its watchers (the first ones) are
    /// groups.
    leading: Vec<u32>,
    /// Whether the groups may be listed at `none` and at `fc`: no
    /// propagator taking part listens to more than assignments.
    holds: [bool; 2],
}

impl ListedGroups {
    /// The groups of `propagators`, whose watchers per variable are
    /// `watchers` (in propagator order), if they can be listed ahead:
    /// `None` if there are none, or where one of the conditions above
    /// fails.
    pub(crate) fn of(
        propagators: &[Box<dyn Propagator>],
        watchers: &Rows<Watch>,
    ) -> Option<ListedGroups> {
        let is_group: Vec<bool> = (propagators.iter())
            .map(|p| p.is_forward_checking_group())
            .collect();
        let groups: Vec<&dyn Propagator> = (propagators.iter().zip(&is_group))
            .filter(|(_, g)| **g)
            .map(|(p, _)| p.as_ref())
            .collect();
        let rule = groups.first()?.rule();
        if groups
            .iter()
            .any(|g| g.rule() != rule || g.min_level() != PropagationLevel::None)
        {
            return None;
        }
        let mut leading = Vec::with_capacity(watchers.len());
        for v in 0..watchers.len() {
            let row = watchers.row(v);
            let k = row
                .iter()
                .take_while(|w| is_group[w.propagator as usize])
                .count();
            if row[k..].iter().any(|w| is_group[w.propagator as usize]) {
                return None;
            }
            leading.push(k as u32);
        }
        let scopes: Vec<Vec<VarId>> = groups.iter().map(|g| g.scope().to_vec()).collect();
        let holds = [PropagationLevel::None, PropagationLevel::ForwardChecking].map(|level| {
            (propagators.iter())
                .filter(|p| p.min_level() <= level)
                .all(|p| super::Events::ASSIGNED.contains(p.events(level)))
        });
        Some(ListedGroups {
            groups: PeerGroups::new(watchers.len(), &scopes)?,
            rule,
            leading,
            holds,
        })
    }

    /// Whether a search at `level` may list the groups ahead: below
    /// `singles`, where no propagator of the model taking part listens to
    /// more than assignments (decided when the model was built).
    pub fn hold_at(&self, level: PropagationLevel) -> bool {
        match level {
            PropagationLevel::None => self.holds[0],
            PropagationLevel::ForwardChecking => self.holds[1],
            _ => false,
        }
    }

    /// The groups, each variable's in the order the engine would run them.
    pub fn groups(&self) -> &PeerGroups {
        &self.groups
    }

    /// The rule the groups credit.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// How many of `var`'s watchers ([`Model::watchers`](crate::Model::watchers)),
    /// the first ones, are groups: the others are told of its assignments
    /// as before.
    #[inline]
    pub fn leading(&self, var: VarId) -> usize {
        self.leading[var.index()] as usize
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use crate::{
        LinearEquality, ModelBuilder, PropagationLevel, Search, SearchConfig, SearchResult,
        ValueSet,
    };

    /// Every search counter, the time left out.
    fn counted(mut result: SearchResult) -> SearchResult {
        result.stats.elapsed = Duration::ZERO;
        result
    }

    #[test]
    fn listed_groups_count_as_the_engine_does() {
        // A 4x4 Latin square (rows, then columns) with two sums behind its
        // groups: 0 + 1 of the first row is 1, the diagonal of the first
        // 2x2 block adds up to 3. Every solution counted, every cell
        // chain that needs no seed, at none and fc.
        let mut b = ModelBuilder::new();
        let v = b.new_vars(16, ValueSet::range(4));
        for (i, &x) in v.iter().enumerate() {
            b.set_position(x, (i / 4) as f64, (i % 4) as f64);
        }
        for r in 0..4 {
            b.all_different(&v[4 * r..4 * r + 4]).unwrap();
        }
        for c in 0..4 {
            b.all_different(&[v[c], v[4 + c], v[8 + c], v[12 + c]])
                .unwrap();
        }
        b.add_propagator(LinearEquality::sum(vec![v[0], v[1]], 1))
            .unwrap();
        b.add_propagator(LinearEquality::sum(vec![v[0], v[5]], 3))
            .unwrap();
        let model = b.build();
        assert!(model.listed_groups().is_some());
        let (mut listed_failures, mut solutions) = (0, 0);
        for level in [PropagationLevel::None, PropagationLevel::ForwardChecking] {
            for cells in ["A", "B", "D", "E", "F", "G", "H", "K", "L"] {
                for values in ["0", "1", "5", "9"] {
                    let config = SearchConfig {
                        variables: cells.parse().unwrap(),
                        values: values.parse().unwrap(),
                        level,
                        ..SearchConfig::default()
                    };
                    let listed = counted(Search::new(&model, &config).unwrap().run(None));
                    let engine = Search::new(&model, &config).unwrap().without_listing();
                    let engine = counted(engine.run(None));
                    assert_eq!(listed, engine, "{cells}/{values} at {level}");
                    listed_failures += listed.stats.failures;
                    solutions += listed.stats.solutions;
                }
            }
        }
        // 32 solutions for each of the 72 strategies, and enough failures
        // that the runs and removals counted up to one are compared.
        assert_eq!((listed_failures, solutions), (105_120, 72 * 32));
    }

    #[test]
    fn groups_ahead_of_the_other_propagators_are_listed() {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(4, ValueSet::range(4));
        b.all_different(&v[..2]).unwrap();
        b.all_different(&v[1..]).unwrap();
        b.add_propagator(LinearEquality::sum(v[2..].to_vec(), 3))
            .unwrap();
        let m = b.build();
        let listed = m.listed_groups().expect("groups come first");
        assert_eq!([0, 1, 2, 3].map(|i| listed.leading(v[i])), [1, 2, 1, 1]);
        assert!(listed.hold_at(PropagationLevel::ForwardChecking));
        assert!(listed.hold_at(PropagationLevel::None));
        // From singles up the sum listens to bounds.
        assert!(!listed.hold_at(PropagationLevel::Singles));
    }

    #[test]
    fn a_group_behind_another_propagator_is_not_listed() {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(3, ValueSet::range(3));
        b.add_propagator(LinearEquality::sum(v[..2].to_vec(), 1))
            .unwrap();
        b.all_different(&v).unwrap();
        assert!(b.build().listed_groups().is_none());
    }

    #[test]
    fn a_group_out_of_order_is_not_listed() {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(3, ValueSet::range(3));
        b.all_different(&[v[2], v[0], v[1]]).unwrap();
        assert!(b.build().listed_groups().is_none());
    }
}
