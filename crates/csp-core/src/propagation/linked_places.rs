//! Linked places: a value whose placement would leave a permutation group
//! without a place for one of its values, through the binary relations
//! that link the variable to the group.

use super::{Conflict, PropagationContext, PropagationLevel, Propagator, Rule};
use crate::explanation::{Explaining, Literal};
use crate::{ValueSet, VarId};

/// A permutation all-different group `G` (it must use each of its values)
/// and the variables linked to its members by binary relations. For a
/// linked variable `X` and a value `w` of `G`: if every member of `G` that
/// can still take `w` is `X` itself or a member `Y` for which `X = v`
/// forbids `Y = w`, then `X = v` leaves `w` no place in `G`, so `v` leaves
/// `X`'s domain (unless `v` is `w` at `X`).
///
/// The relations are the model's [`BinaryRelation`](super::BinaryRelation)s;
/// for a linked `X` outside `G`, a member sharing another group with `X`
/// counts as linked too (`X = v` forbids `v` there). In Sudoku with
/// non-consecutive neighbours: the places of 5 in a box are the two
/// neighbours of a cell, so that cell is neither 4 nor 6; with anti-knight
/// moves, the places of 5 in a box are all a knight's move from a cell
/// outside it, so that cell is not 5.
///
/// A model has them only when asked ([`ModelBuilder::link_places`](crate::ModelBuilder::link_places)),
/// so a search without them keeps its counters; they take part from
/// [`PropagationLevel::Singles`] on, do not relate their scope for the
/// heuristics (the relations and the group already do) and are implied by
/// them (`check` is always true).
#[derive(Clone, Debug)]
pub struct LinkedPlaces {
    /// The group's members, then the linked variables outside it.
    scope: Vec<VarId>,
    /// How many of `scope` are the group.
    members: usize,
    /// The values the group must use.
    values: ValueSet,
    /// The linked variables (their index in `scope`).
    linked: Vec<Linked>,
    /// For each member `p`: the linked variables (indices into `linked`)
    /// whose reach holds it.
    reaching: Vec<Vec<u32>>,
    /// The most members a linked variable reaches: a value with more
    /// places than that is out of every one's reach.
    widest: u32,
}

/// A link to a member of the group: its position, and `kills[w]`, the
/// values of the linked variable with which it cannot take `w`.
pub type MemberLink = (usize, Box<[ValueSet]>);

/// A variable linked to members of the group.
#[derive(Clone, Debug)]
struct Linked {
    /// Its index in the scope.
    local: usize,
    /// Its own position's bit if it is a member (else 0).
    own: u64,
    /// The members it forbids values of (bit `p`: member `p`), with its
    /// own position if it is a member.
    reach: u64,
    /// For each linked member `p` (in increasing order of `p`): `kills[w]`
    /// are the values `v` of the variable with which member `p` cannot take
    /// `w`, for `w` below the group's highest value.
    kills: Vec<MemberLink>,
}

impl LinkedPlaces {
    /// The group `members` over `values` (a permutation: as many members as
    /// values) and its linked variables: for each, the members it forbids
    /// and with what (`(member position, kills)`: `kills[w]`, the values of
    /// the variable that forbid `w` at the member). `None` if the group is
    /// not a permutation, no variable is linked, or it has more than 64
    /// members.
    pub fn new(
        members: &[VarId],
        values: ValueSet,
        linked: Vec<(VarId, Vec<MemberLink>)>,
    ) -> Option<LinkedPlaces> {
        if members.len() != values.len() as usize || members.len() > 64 || linked.is_empty() {
            return None;
        }
        let mut scope = members.to_vec();
        let mut out = Vec::with_capacity(linked.len());
        for (var, mut kills) in linked {
            kills.sort_by_key(|&(p, _)| p);
            let local = match members.iter().position(|&m| m == var) {
                Some(p) => p,
                None => {
                    scope.push(var);
                    scope.len() - 1
                }
            };
            let own = if local < members.len() {
                1u64 << local
            } else {
                0
            };
            let reach = kills.iter().fold(own, |acc, &(p, _)| acc | (1u64 << p));
            out.push(Linked {
                local,
                own,
                reach,
                kills,
            });
        }
        let reaching = (0..members.len())
            .map(|p| {
                (0..out.len() as u32)
                    .filter(|&l| out[l as usize].reach & (1 << p) != 0)
                    .collect()
            })
            .collect();
        let widest = out.iter().map(|l| l.reach.count_ones()).max().unwrap_or(0);
        Some(LinkedPlaces {
            scope,
            members: members.len(),
            values,
            linked: out,
            reaching,
            widest,
        })
    }

    /// The places of each value in the group (bit `p`: member `p`).
    fn places(&self, domain: impl Fn(VarId) -> ValueSet) -> [u64; 64] {
        let mut places = [0u64; 64];
        for (p, &m) in self.scope[..self.members].iter().enumerate() {
            for w in domain(m).iter() {
                places[w as usize] |= 1 << p;
            }
        }
        places
    }

    /// The values `link`'s variable cannot take because of value `w`,
    /// whose places in the group are `at`: those with which no place is
    /// left (empty unless every place is in reach and one is not its own).
    fn removable(&self, link: &Linked, w: u32, at: u64) -> ValueSet {
        let own = link.own;
        let others = at & !own;
        if at == 0 || at & !link.reach != 0 || others == 0 {
            return ValueSet::EMPTY;
        }
        let mut out = ValueSet(u64::MAX);
        for (p, kills) in &link.kills {
            if others & (1 << p) != 0 {
                out = out.intersection(kill(kills, w));
            }
        }
        if own != 0 {
            out = out.difference(ValueSet::single(w));
        }
        out
    }
}

/// `kills[w]`, or nothing past the table's end.
fn kill(kills: &[ValueSet], w: u32) -> ValueSet {
    kills.get(w as usize).copied().unwrap_or(ValueSet::EMPTY)
}

/// The [`LinkedPlaces`] of a model: one per permutation group in `groups`
/// (members and values) that some binary relation among `propagators`
/// links a variable to; `domains` are the initial ones.
pub(crate) fn linked_places(
    groups: &[(Vec<VarId>, ValueSet)],
    propagators: &[Box<dyn Propagator>],
    domains: &[ValueSet],
) -> Vec<LinkedPlaces> {
    use std::collections::BTreeMap;
    // kills[(x, y)][w]: the values of x that forbid y = w.
    let mut kills: BTreeMap<(VarId, VarId), Vec<ValueSet>> = BTreeMap::new();
    for p in propagators {
        let Some(([x, y], [forward, backward])) = p.binary_supports() else {
            continue;
        };
        if x == y {
            continue;
        }
        for (a, b, allowed_a) in [(x, y, backward), (y, x, forward)] {
            let universe = domains[a.index()];
            let table = kills.entry((a, b)).or_default();
            table.resize(table.len().max(allowed_a.len()), ValueSet::EMPTY);
            for (w, &allowed) in allowed_a.iter().enumerate() {
                table[w] = table[w].union(universe.difference(allowed));
            }
        }
    }
    if kills.is_empty() {
        return Vec::new();
    }
    let mut groups_of: Vec<Vec<usize>> = vec![Vec::new(); domains.len()];
    for (g, (members, _)) in groups.iter().enumerate() {
        for m in members {
            groups_of[m.index()].push(g);
        }
    }
    // The relations by the variable they forbid values of.
    let mut forbidding: Vec<Vec<(VarId, &[ValueSet])>> = vec![Vec::new(); domains.len()];
    for (&(x, y), table) in &kills {
        forbidding[y.index()].push((x, table));
    }
    let mut out = Vec::new();
    for (g, (members, values)) in groups.iter().enumerate() {
        let position = |v: VarId| members.iter().position(|&m| m == v);
        let mut linked: BTreeMap<VarId, Vec<MemberLink>> = BTreeMap::new();
        for (p, y) in members.iter().enumerate() {
            for &(x, table) in &forbidding[y.index()] {
                linked.entry(x).or_default().push((p, table.into()));
            }
        }
        // Outside the group: its peers in the group are linked too, and it
        // needs two links for more than a hidden single's deduction.
        let shared = |x: VarId, y: VarId| {
            groups_of[x.index()]
                .iter()
                .any(|h| *h != g && groups_of[y.index()].contains(h))
        };
        let wanted: Vec<_> = linked
            .into_iter()
            .filter_map(|(x, mut links)| {
                if position(x).is_none() {
                    // One relation and peers deduce no more than pointing
                    // and a hidden single do.
                    if links.len() < 2 {
                        return None;
                    }
                    // A peer cannot take the value `x` takes.
                    let same: Box<[ValueSet]> = (0..64)
                        .map(|w| ValueSet::single(w).intersection(domains[x.index()]))
                        .collect();
                    for (p, &y) in members.iter().enumerate() {
                        if !shared(x, y) {
                            continue;
                        }
                        match links.iter_mut().find(|(q, _)| *q == p) {
                            Some((_, table)) => {
                                for (w, t) in table.iter_mut().enumerate() {
                                    *t = t.union(same[w]);
                                }
                            }
                            None => links.push((p, same.clone())),
                        }
                    }
                }
                Some((x, links))
            })
            .collect();
        if let Some(p) = LinkedPlaces::new(members, *values, wanted) {
            out.push(p);
        }
    }
    out
}

impl Propagator for LinkedPlaces {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut places = self.places(|v| ctx.domain(v));
        // The values whose places are still to look at: all, then those
        // whose places its own removals narrowed.
        let mut pending = self.values.0;
        while pending != 0 {
            let w = pending.trailing_zeros();
            pending &= pending - 1;
            let at = places[w as usize];
            if at == 0 || at.count_ones() > self.widest {
                continue;
            }
            let first = at.trailing_zeros() as usize;
            for &l in &self.reaching[first] {
                let link = &self.linked[l as usize];
                if at & !link.reach != 0 {
                    continue;
                }
                let var = self.scope[link.local];
                let gone = self.removable(link, w, at).intersection(ctx.domain(var));
                if gone.is_empty() || ctx.is_assigned(var) {
                    continue;
                }
                ctx.remove_values(var, gone)?;
                if link.local < self.members {
                    for v in gone.iter() {
                        places[v as usize] &= !(1 << link.local);
                    }
                    pending |= gone.0;
                }
            }
        }
        Ok(())
    }

    fn check(&self, _value: &dyn Fn(VarId) -> u32) -> bool {
        // Implied by the group and the relations.
        true
    }

    fn name(&self) -> &'static str {
        "linked-places"
    }

    fn min_level(&self) -> PropagationLevel {
        PropagationLevel::Singles
    }

    fn relates_scope(&self) -> bool {
        false
    }

    fn rule(&self) -> Rule {
        Rule::LinkedPlaces
    }

    /// `v` removed from `X` for a value `w` of the group: the removals of
    /// `w` from the members out of `X`'s reach, which leave its places in
    /// reach. It never fails by itself (an emptied domain is the engine's).
    fn explain(
        &self,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        let Some((var, v)) = removal else {
            return ex.push_emptied(&self.scope, reason);
        };
        let places = self.places(|m| ex.domain(m));
        for link in self.linked.iter().filter(|l| self.scope[l.local] == var) {
            for w in self.values.iter() {
                let at = places[w as usize];
                if !self.removable(link, w, at).contains(v) {
                    continue;
                }
                // `w` is gone from every member that `X = v` does not
                // forbid it at (X's own place aside).
                let forbids = |p: usize| {
                    (link.kills.iter()).any(|(q, kills)| *q == p && kill(kills, w).contains(v))
                };
                for p in (0..self.members).filter(|&p| p != link.local) {
                    if at & (1 << p) == 0 && !forbids(p) {
                        ex.push_removed(self.scope[p], ValueSet::single(w), reason);
                    }
                }
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use crate::harness::{ExplanationCounts, below, check_propagator};
    use crate::testing::domains_after;
    use crate::{BinaryRelation, Model, ModelBuilder, PropagationLevel, Rule, ValueSet};

    /// A group of four over 0..4 where 2 can only go to the first
    /// variable's two neighbours (variables 1 and 2, not consecutive with
    /// it), and a fifth variable outside the group that must differ from
    /// both of them; with or without linked places.
    fn neighbours(links: bool) -> (Model, usize) {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(5, ValueSet::range(4));
        for x in [v[0], v[3]] {
            b.restrict(x, ValueSet(0b1011)).unwrap();
        }
        b.all_different(&v[..4]).unwrap();
        for y in [v[1], v[2]] {
            b.add_propagator(BinaryRelation::new(v[0], y, 4, |a, b| a.abs_diff(b) != 1))
                .unwrap();
            b.add_propagator(BinaryRelation::not_equal(v[4], y, 4))
                .unwrap();
        }
        let made = if links { b.link_places() } else { 0 };
        (b.build(), made)
    }

    #[test]
    fn a_value_whose_places_all_neighbour_a_variable_leaves_its_neighbours() {
        let (plain, none) = neighbours(false);
        assert_eq!(none, 0);
        let d = domains_after(&plain, PropagationLevel::Gac, &[]).unwrap();
        assert_eq!(d[0], ValueSet(0b1011), "gac alone keeps 0, 1 and 3");
        assert_eq!(d[4], ValueSet::range(4));
        let (linked, made) = neighbours(true);
        assert_eq!(made, 1);
        let d = domains_after(&linked, PropagationLevel::Singles, &[]).unwrap();
        // 2 goes next to variable 0, so it is neither 1 nor 3; the fifth
        // variable sees both places of 2, so it is not 2, and once
        // variable 3 is 1 (a hidden single), not 3 either: what probing
        // finds.
        assert_eq!(d, [0b1, 0b1100, 0b1100, 0b10, 0b11].map(ValueSet));
        assert_eq!(
            d,
            domains_after(&plain, PropagationLevel::Probing, &[]).unwrap()
        );
        assert_eq!(
            domains_after(&linked, PropagationLevel::ForwardChecking, &[]).unwrap()[0],
            ValueSet(0b1011),
            "below singles they take no part"
        );
    }

    #[test]
    fn removals_are_credited_to_linked_places() {
        let (linked, _) = neighbours(true);
        let mut search = crate::Search::new(
            &linked,
            &crate::SearchConfig {
                level: PropagationLevel::Singles,
                ..crate::SearchConfig::default()
            },
        )
        .unwrap();
        search.propagate_root().unwrap();
        let rules = search.rules();
        // 1 and 3 from variable 0, 2 and 3 from variable 4.
        assert_eq!(rules[Rule::LinkedPlaces].removals, 4);
    }

    #[test]
    fn no_relation_no_linked_places() {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(4, ValueSet::range(4));
        b.all_different(&v).unwrap();
        assert_eq!(b.link_places(), 0);
    }

    /// A permutation group and random relations from its members and
    /// from a variable outside it, with linked places (`links`) or
    /// without: every explanation checked. Returns how many were made and
    /// the explanation counts.
    fn random_relations(links: bool) -> (usize, ExplanationCounts) {
        let made = std::cell::Cell::new(0);
        let counts = check_propagator("linked places", 300, 85, 5..=7, |b, vars, rng| {
            let n = vars.len();
            let m = n - 1;
            // Each member below m where its random domain allows (then the
            // group is most often a permutation of 0..m).
            for &v in &vars[..m] {
                let range = ValueSet::range(m as u32);
                if !b.domain(v).unwrap().intersection(range).is_empty() {
                    b.restrict(v, range).unwrap();
                }
            }
            b.all_different(&vars[..m]).unwrap();
            for _ in 0..8 {
                let x = vars[below(rng, n as u32) as usize];
                let y = vars[below(rng, m as u32) as usize];
                if x == y {
                    continue;
                }
                let table: Vec<u64> = (0..9).map(|_| rng_word(rng)).collect();
                b.add_propagator(BinaryRelation::new(x, y, 9, |a, c| {
                    table[a as usize] & (1 << c) != 0
                }))
                .unwrap();
            }
            if links {
                made.set(made.get() + b.link_places());
            }
        });
        (made.get(), counts)
    }

    #[test]
    fn harness_random_relations() {
        // The same models: with linked places, 239 of the 300 have one,
        // and the 52 removals and failures they explain themselves are the
        // difference.
        let (made, linked) = random_relations(true);
        let (_, plain) = random_relations(false);
        assert_eq!(made, 239);
        assert_eq!(
            linked,
            ExplanationCounts {
                own: 5307,
                scope: 0
            }
        );
        assert_eq!(
            plain,
            ExplanationCounts {
                own: 5255,
                scope: 0
            }
        );
    }

    /// A random set of values, about half of them.
    fn rng_word(rng: &mut rand_chacha::ChaCha8Rng) -> u64 {
        use rand_chacha::rand_core::RngCore;
        rng.next_u64()
    }
}
