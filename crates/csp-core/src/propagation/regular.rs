//! A regular constraint: the values along a list of variables spell a word
//! that an automaton accepts (Pesant 2004), kept as a layered graph.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::Hash;

use super::work_space::with_work_space;
use super::{Conflict, Events, ForwardCheck, Hypothesis, PropagationContext, PropagationLevel};
use super::{Propagator, Rule};
use crate::explanation::{Explaining, Literal, position_once};
use crate::{ValueSet, VarId};

/// The most nodes one layer of the graph may have while it is built.
pub const MAX_LAYER_STATES: usize = 1 << 18;

/// An automaton that would not fit: a layer reached more than
/// [`MAX_LAYER_STATES`] states.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("the automaton has more than {MAX_LAYER_STATES} states after {layer} variables")]
pub struct AutomatonTooLarge {
    /// How many variables were read when the layer overflowed.
    pub layer: usize,
}

/// One edge of the layered graph: from a node of layer `i` to a node of
/// layer `i + 1`, reading `value` for variable `i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Edge {
    from: u32,
    value: u32,
    to: u32,
}

/// The values of `vars`, read in order, are a word that a finite
/// automaton accepts. The automaton is given by a start state, a step
/// function `step(position, state, value) -> Option<state>` (`None`: the
/// word cannot go on) and an acceptance test on the state after the last
/// variable. States may be any hashable values (a sum so far, the last
/// digit, a set of digits seen...) and the step may depend on the
/// position, so one constraint covers sums over a list, lines whose
/// neighbours must differ by some amount, sandwiches, and rules written by
/// users as regular expressions.
///
/// [`Regular::new`] unrolls the automaton over the variables into a layered
/// graph (one layer of nodes per position, the nodes from which no
/// accepted word goes on dropped), then merges the nodes with the same
/// future, so the graph is the smallest one for this length (a reduced
/// decision diagram).
///
/// - At [`PropagationLevel::None`] and
///   [`PropagationLevel::ForwardChecking`]: against the assigned variables
///   only. An unassigned variable keeps the values that some accepted
///   word takes with the assigned values where they are and any value
///   elsewhere; if no accepted word agrees with the assigned values, that
///   is a conflict.
/// - At [`PropagationLevel::Singles`] and above: domain consistency (each
///   value kept lies on a path through the graph that uses only values of
///   the current domains), by one forward and one backward pass over the
///   edges.
#[derive(Clone, Debug)]
pub struct Regular {
    vars: Vec<VarId>,
    /// Edges of layer `i`: `edges[layer_edges[i]..layer_edges[i + 1]]`.
    edges: Vec<Edge>,
    layer_edges: Vec<u32>,
    /// Within a layer the edges go by value: those of layer `i` reading
    /// `v` are `edges[value_edges[i * (values + 1) + v]..value_edges[i *
    /// (values + 1) + v + 1]]`, so a pass skips the removed values whole.
    value_edges: Vec<u32>,
    values: u32,
    /// Nodes of layer `i`: ids `layer_nodes[i]..layer_nodes[i + 1]`, layer
    /// 0 holding the start alone, the last layer the accepting node alone.
    layer_nodes: Vec<u32>,
    /// The values each variable takes on some accepted word.
    alphabet: Vec<ValueSet>,
}

/// Work space of the passes, kept per thread so that propagation allocates
/// nothing once it has grown to the largest graph.
#[derive(Default)]
struct Scratch {
    reached: Vec<bool>,
    alive: Vec<bool>,
    supported: Vec<ValueSet>,
}

/// Work space of the explanations, kept per thread as [`Scratch`] is.
#[derive(Default)]
struct ExplainScratch {
    reached: Vec<bool>,
    alive: Vec<bool>,
    unreached: Vec<bool>,
    dead: Vec<bool>,
    /// Per layer, the removed values of the cut's edges.
    cut: Vec<u64>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
    static EXPLAIN_SCRATCH: RefCell<ExplainScratch> = RefCell::new(ExplainScratch::default());
}

/// Keeps each variable of `vars` to the values of `supported` at its
/// position, but the assigned ones when `skip_assigned` (forward checking
/// reads them as given). Shared by the automata.
pub(super) fn retain_supported(
    vars: &[VarId],
    supported: &[ValueSet],
    ctx: &mut impl ForwardCheck,
    skip_assigned: bool,
) -> Result<(), Conflict> {
    for (i, &v) in vars.iter().enumerate() {
        if skip_assigned && ctx.is_assigned(v) {
            continue;
        }
        let d = ctx.domain(v);
        let keep = d.intersection(supported[i]);
        if keep != d {
            ctx.retain_values(v, keep)?;
        }
    }
    Ok(())
}

impl Regular {
    /// The constraint that `vars`, each taking values below `values`, spell
    /// a word of the automaton `(start, step, accept)`.
    ///
    /// # Errors
    /// When a layer of the unrolled automaton has more than
    /// [`MAX_LAYER_STATES`] states.
    ///
    /// # Panics
    /// If `values` exceeds [`crate::MAX_VALUES`].
    pub fn new<S: Clone + Eq + Hash>(
        vars: Vec<VarId>,
        values: u32,
        start: S,
        step: impl Fn(usize, &S, u32) -> Option<S>,
        accept: impl Fn(&S) -> bool,
    ) -> Result<Regular, AutomatonTooLarge> {
        assert!(values <= crate::MAX_VALUES, "at most 64 values");
        let n = vars.len();
        // Unroll: the states of each layer, and the edges between layers
        // (local indices).
        let mut layer: Vec<S> = vec![start];
        let mut edges: Vec<Vec<Edge>> = Vec::with_capacity(n);
        for i in 0..n {
            let mut next: Vec<S> = Vec::new();
            let mut index: HashMap<S, u32> = HashMap::new();
            let mut out = Vec::new();
            for (from, s) in layer.iter().enumerate() {
                for value in 0..values {
                    if let Some(t) = step(i, s, value) {
                        let to = *index.entry(t.clone()).or_insert_with(|| {
                            next.push(t);
                            (next.len() - 1) as u32
                        });
                        out.push(Edge {
                            from: from as u32,
                            value,
                            to,
                        });
                        if next.len() > MAX_LAYER_STATES {
                            return Err(AutomatonTooLarge { layer: i + 1 });
                        }
                    }
                }
            }
            edges.push(out);
            layer = next;
        }
        // Reduce, last layer first: a node's identity is its set of
        // (value, next node) edges, so nodes with the same future merge and
        // nodes with none go. The last layer keeps the accepting states, as
        // one node.
        let mut canon: Vec<Option<u32>> = layer.iter().map(|s| accept(s).then_some(0)).collect();
        let mut reduced: Vec<Vec<Edge>> = vec![Vec::new(); n];
        let mut counts = vec![0u32; n + 1];
        counts[n] = u32::from(canon.iter().any(Option::is_some));
        for i in (0..n).rev() {
            let mut futures: Vec<Vec<(u32, u32)>> = Vec::new();
            let mut by_from: HashMap<u32, Vec<(u32, u32)>> = HashMap::new();
            for e in &edges[i] {
                if let Some(to) = canon[e.to as usize] {
                    by_from.entry(e.from).or_default().push((e.value, to));
                }
            }
            let states = if i == 0 {
                1
            } else {
                edges[i - 1].iter().map(|e| e.to + 1).max().unwrap_or(0) as usize
            };
            let mut ids: HashMap<Vec<(u32, u32)>, u32> = HashMap::new();
            let mut layer_canon = vec![None; states];
            for (from, slot) in layer_canon.iter_mut().enumerate() {
                let Some(future) = by_from.remove(&(from as u32)) else {
                    continue;
                };
                let id = *ids.entry(future.clone()).or_insert_with(|| {
                    futures.push(future);
                    (futures.len() - 1) as u32
                });
                *slot = Some(id);
            }
            reduced[i] = (futures.iter().enumerate())
                .flat_map(|(from, future)| {
                    future.iter().map(move |&(value, to)| Edge {
                        from: from as u32,
                        value,
                        to,
                    })
                })
                .collect();
            counts[i] = futures.len() as u32;
            canon = layer_canon;
        }
        // Global node ids and the alphabet of each position.
        let mut layer_nodes = Vec::with_capacity(n + 2);
        let mut total = 0u32;
        for &c in &counts {
            layer_nodes.push(total);
            total += c;
        }
        layer_nodes.push(total);
        let mut all = Vec::new();
        let mut layer_edges = vec![0u32];
        let mut value_edges = Vec::with_capacity(n * (values as usize + 1));
        let mut alphabet = Vec::with_capacity(n);
        for (i, mut layer) in reduced.into_iter().enumerate() {
            layer.sort_by_key(|e| (e.value, e.from));
            let mut seen = ValueSet::EMPTY;
            let mut next_value = 0;
            for e in layer {
                while next_value <= e.value {
                    value_edges.push(all.len() as u32);
                    next_value += 1;
                }
                seen = seen.union(ValueSet::single(e.value));
                all.push(Edge {
                    from: e.from + layer_nodes[i],
                    value: e.value,
                    to: e.to + layer_nodes[i + 1],
                });
            }
            while next_value <= values {
                value_edges.push(all.len() as u32);
                next_value += 1;
            }
            alphabet.push(seen);
            layer_edges.push(all.len() as u32);
        }
        Ok(Regular {
            vars,
            edges: all,
            layer_edges,
            value_edges,
            values,
            layer_nodes,
            alphabet,
        })
    }

    /// How many nodes and edges the reduced graph has.
    pub fn size(&self) -> (usize, usize) {
        (
            *self.layer_nodes.last().expect("layers") as usize,
            self.edges.len(),
        )
    }

    /// Whether some accepted word exists at all.
    pub fn is_satisfiable(&self) -> bool {
        self.layer_nodes[0] < self.layer_nodes[1]
    }

    fn layer(&self, i: usize) -> &[Edge] {
        &self.edges[self.layer_edges[i] as usize..self.layer_edges[i + 1] as usize]
    }

    /// The edges of layer `i` reading `value`.
    fn value_layer(&self, i: usize, value: u32) -> &[Edge] {
        let at = i * (self.values as usize + 1) + value as usize;
        &self.edges[self.value_edges[at] as usize..self.value_edges[at + 1] as usize]
    }

    /// The values of each position that lie on an accepted path using only
    /// values of `allowed(i)` at position `i`, into `scratch.supported`;
    /// `false` if there is no such path.
    fn supports(&self, scratch: &mut Scratch, allowed: impl Fn(usize) -> ValueSet) -> bool {
        let n = self.vars.len();
        let nodes = *self.layer_nodes.last().expect("layers") as usize;
        if !self.is_satisfiable() {
            return false;
        }
        scratch.reached.clear();
        scratch.reached.resize(nodes, false);
        scratch.supported.clear();
        scratch.supported.resize(n, ValueSet::EMPTY);
        let (reached, alive) = (&mut scratch.reached, &mut scratch.alive);
        // Forward: the nodes reached from the start.
        reached[self.layer_nodes[0] as usize] = true;
        for i in 0..n {
            self.walk_forward(i, allowed(i), reached);
        }
        if !reached[self.layer_nodes[n] as usize] {
            return false;
        }
        // Backward: of those, the nodes from which the end is reached; the
        // edges between two such nodes carry the supported values.
        alive.clear();
        alive.resize(nodes, false);
        alive[self.layer_nodes[n] as usize] = true;
        for i in (0..n).rev() {
            let mut supported = ValueSet::EMPTY;
            for value in allowed(i).intersection(self.alphabet[i]).iter() {
                let mut on_path = false;
                for e in self.value_layer(i, value) {
                    if alive[e.to as usize] && reached[e.from as usize] {
                        alive[e.from as usize] = true;
                        on_path = true;
                    }
                }
                if on_path {
                    supported = supported.union(ValueSet::single(value));
                }
            }
            scratch.supported[i] = supported;
        }
        true
    }

    /// Marks reached the nodes of layer `i + 1` with an edge of a value of
    /// `domain` from a reached node.
    fn walk_forward(&self, i: usize, domain: ValueSet, reached: &mut [bool]) {
        for value in domain.intersection(self.alphabet[i]).iter() {
            for e in self.value_layer(i, value) {
                if reached[e.from as usize] {
                    reached[e.to as usize] = true;
                }
            }
        }
    }

    /// Marks alive the nodes of layer `i` with an edge of a value of
    /// `domain` to an alive node.
    fn walk_back(&self, i: usize, domain: ValueSet, alive: &mut [bool]) {
        for value in domain.intersection(self.alphabet[i]).iter() {
            for e in self.value_layer(i, value) {
                if alive[e.to as usize] {
                    alive[e.from as usize] = true;
                }
            }
        }
    }

    /// Forward checking: the relaxation where unassigned variables may take
    /// any value of the alphabet.
    fn forward_check(&self, ctx: &mut impl ForwardCheck) -> Result<(), Conflict> {
        with_work_space(&SCRATCH, |scratch| {
            let ok = self.supports(scratch, |i| match ctx.value(self.vars[i]) {
                Some(x) => ValueSet::single(x),
                None => self.alphabet[i],
            });
            if !ok {
                return Err(Conflict);
            }
            retain_supported(&self.vars, &scratch.supported, ctx, true)
        })
    }

    /// Domain consistency on the current domains.
    fn filter(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        with_work_space(&SCRATCH, |scratch| {
            if !self.supports(scratch, |i| ctx.domain(self.vars[i])) {
                return Err(Conflict);
            }
            retain_supported(&self.vars, &scratch.supported, ctx, false)
        })
    }

    /// Whether the word `value(vars[0]), value(vars[1]), ...` is accepted.
    fn accepts(&self, value: impl Fn(VarId) -> u32) -> bool {
        if !self.is_satisfiable() {
            return false;
        }
        let mut node = self.layer_nodes[0];
        for (i, &v) in self.vars.iter().enumerate() {
            let x = value(v);
            match self
                .layer(i)
                .iter()
                .find(|e| e.from == node && e.value == x)
            {
                Some(e) => node = e.to,
                None => return false,
            }
        }
        true
    }
}

impl Regular {
    /// [`Propagator::explain`] in reused work space: the nodes the start
    /// reaches and those that reach the end through the domains, then a
    /// cut separating the removal's edges (or the start from the end)
    /// from them; the cut's removed values, per layer, are the
    /// explanation.
    ///
    /// For a removal at position `i`, only the layers before `i` are
    /// walked forward from the start and back to the cut, and only those
    /// after `i` backward from the end and forward to the cut; for a
    /// failure, every layer backward from the end, then forward from the
    /// start to the cut.
    fn explain_in(
        &self,
        scratch: &mut ExplainScratch,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        let n = self.vars.len();
        let nodes = *self.layer_nodes.last().expect("layers") as usize;
        let (start, end) = (self.layer_nodes[0] as usize, self.layer_nodes[n] as usize);
        let domain = |i: usize| ex.domain(self.vars[i]);
        let ExplainScratch {
            reached,
            alive,
            unreached,
            dead,
            cut,
        } = scratch;
        for v in [&mut *reached, &mut *alive, &mut *unreached, &mut *dead] {
            v.clear();
            v.resize(nodes, false);
        }
        cut.clear();
        cut.resize(n, 0);
        // The layers whose edges lead back to the cut before the removal,
        // and those leading forward to the cut after it.
        let (before, after) = match removal {
            Some((var, value)) => {
                let Some(i) = position_once(&self.vars, var) else {
                    return false;
                };
                reached[start] = true;
                for j in 0..i {
                    self.walk_forward(j, domain(j), reached);
                }
                alive[end] = true;
                for j in (i + 1..n).rev() {
                    self.walk_back(j, domain(j), alive);
                }
                // The nodes to show unreached (cut before) and dead (cut
                // after).
                for e in self.value_layer(i, value) {
                    if !reached[e.from as usize] {
                        unreached[e.from as usize] = true;
                    } else if !alive[e.to as usize] {
                        dead[e.to as usize] = true;
                    } else {
                        return false;
                    }
                }
                (0..i, i + 1..n)
            }
            None => {
                alive[end] = true;
                for j in (0..n).rev() {
                    self.walk_back(j, domain(j), alive);
                }
                if alive[start] {
                    return false;
                }
                dead[start] = true;
                (0..0, 0..n)
            }
        };
        for j in before.rev() {
            let d = domain(j);
            for e in self.layer(j) {
                if !unreached[e.to as usize] {
                    continue;
                }
                if d.contains(e.value) {
                    unreached[e.from as usize] = true;
                } else {
                    cut[j] |= 1 << e.value;
                }
            }
        }
        for j in after {
            let d = domain(j);
            for e in self.layer(j) {
                if !dead[e.from as usize] {
                    continue;
                }
                if d.contains(e.value) {
                    dead[e.to as usize] = true;
                } else {
                    cut[j] |= 1 << e.value;
                }
            }
        }
        for (i, &values) in cut.iter().enumerate() {
            ex.push_removed(self.vars[i], ValueSet(values), reason);
        }
        true
    }
}

impl Propagator for Regular {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if ctx.level() >= PropagationLevel::Singles {
            self.filter(ctx)
        } else {
            self.forward_check(ctx)
        }
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        self.accepts(value)
    }

    /// A cut of the layered graph: every edge of the value starts at a
    /// node no path from the start reaches, or ends at one from which no
    /// path reaches the end (for a failure: the start is such a node);
    /// walking back (forward) from those nodes, an edge whose value is
    /// still in its variable's domain leads to another such node, and an
    /// edge whose value was removed gives that removal. Not for a list
    /// that holds the variable twice.
    fn explain(
        &self,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        if !self.is_satisfiable() {
            // No word at all: the constraint alone says so.
            return true;
        }
        with_work_space(&EXPLAIN_SCRATCH, |scratch| {
            self.explain_in(scratch, removal, ex, reason)
        })
    }

    fn forward_check_removals(&self, h: &mut Hypothesis<'_>) {
        // A conflict stops the count where forward checking would stop.
        let _ = self.forward_check(h);
    }

    fn name(&self) -> &'static str {
        "regular"
    }

    fn events(&self, level: PropagationLevel) -> Events {
        Events::forward_checking_then(level, Events::ANY)
    }

    fn rule(&self) -> Rule {
        Rule::Regular
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::{ExplanationCounts, below, check_propagator};
    use crate::testing::{domains_after, fixed};
    use crate::{Model, ModelBuilder};

    /// `k` variables with values 0..9 whose values add up to `sum`.
    fn sum_model(k: usize, sum: u32) -> Model {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(k, ValueSet::range(9));
        let p = Regular::new(
            v,
            9,
            0u32,
            |_, s, x| Some(s + x).filter(|&t| t <= sum),
            |&s| s == sum,
        )
        .unwrap();
        b.add_propagator(p).unwrap();
        b.build()
    }

    fn set(values: &[u32]) -> ValueSet {
        values.iter().copied().collect()
    }

    #[test]
    fn domain_consistency_from_singles() {
        // Three values adding up to 2: each at most 2.
        let m = sum_model(3, 2);
        let d = domains_after(&m, PropagationLevel::Singles, &[]).unwrap();
        assert_eq!(d, vec![set(&[0, 1, 2]); 3]);
        // x0 = 1 and x1 in {0, 2}: x1 must be 0 (2 leaves -1), x2 = 1.
        let d = domains_after(&m, PropagationLevel::Singles, &fixed(&[(0, 1)])).unwrap();
        assert_eq!((d[1], d[2]), (set(&[0, 1]), set(&[0, 1])));
        assert!(domains_after(&m, PropagationLevel::Singles, &fixed(&[(0, 1), (1, 2)])).is_err());
    }

    #[test]
    fn forward_checking_reads_the_assigned_values_alone() {
        // Nothing assigned: a value above 2 breaks a sum of 2 on its own.
        let m = sum_model(3, 2);
        let d = domains_after(&m, PropagationLevel::ForwardChecking, &[]).unwrap();
        assert_eq!(d, vec![set(&[0, 1, 2]); 3]);
        // Assigned 1 and 0: the sum is not complete, but the only word left
        // has 1 last (at fc the domains of the others are not read).
        let d = domains_after(
            &m,
            PropagationLevel::ForwardChecking,
            &fixed(&[(0, 1), (1, 0)]),
        )
        .unwrap();
        assert_eq!(d[2], set(&[1]));
        let d = domains_after(&m, PropagationLevel::ForwardChecking, &fixed(&[(0, 1)])).unwrap();
        assert_eq!((d[1], d[2]), (set(&[0, 1]), set(&[0, 1])));
        // The filled cells alone break the rule: a conflict, even at none.
        let over = fixed(&[(0, 2), (2, 1)]);
        assert!(domains_after(&m, PropagationLevel::None, &over).is_err());
        assert!(domains_after(&m, PropagationLevel::ForwardChecking, &over).is_err());
    }

    #[test]
    fn the_graph_is_reduced() {
        // Sums of 4 values below 9 equal to 12: layer i holds the partial
        // sums that can still reach 12, each once; the last layer is the
        // accepting node alone.
        let m = sum_model(4, 12);
        let _ = m;
        let p = Regular::new(
            (0..4).map(VarId).collect(),
            9,
            0u32,
            |_, s, x| Some(s + x).filter(|&t| t <= 12),
            |&s| s == 12,
        )
        .unwrap();
        // Layers: {0}, 0..=8, 0..=12 (but at least 12 - 16), 4..=12, {12}.
        assert_eq!(p.size().0, 1 + 9 + 13 + 9 + 1);
        // Nothing accepted: empty, and every assignment fails.
        let never = Regular::new(vec![VarId(0)], 3, 0u8, |_, _, _| Some(1u8), |_| false).unwrap();
        assert!(!never.is_satisfiable());
        assert_eq!(never.size(), (0, 0));
    }

    #[test]
    fn too_many_states_is_an_error() {
        let vars: Vec<VarId> = (0..8).map(VarId).collect();
        let e = Regular::new(
            vars,
            64,
            0u64,
            |_, s, x| Some(s * 64 + u64::from(x)),
            |_| true,
        );
        assert_eq!(e.unwrap_err(), AutomatonTooLarge { layer: 4 });
    }

    #[test]
    fn harness_sums() {
        let counts = check_propagator("regular sum", 300, 31, 2..=6, |b, vars, rng| {
            let sum = below(rng, 4 * vars.len() as u32 + 1);
            let p = Regular::new(
                vars.to_vec(),
                9,
                0u32,
                |_, s, x| Some(s + x).filter(|&t| t <= sum),
                move |&s| s == sum,
            )
            .unwrap();
            b.add_propagator(p).unwrap();
        });
        assert_eq!(
            counts,
            ExplanationCounts {
                own: 8264,
                scope: 0
            }
        );
    }

    #[test]
    fn harness_random_automata() {
        // A random automaton of 4 states with a position-dependent twist.
        let counts = check_propagator("regular random", 300, 32, 2..=6, |b, vars, rng| {
            let table: Vec<Option<u8>> = (0..4 * 9)
                .map(|_| (below(rng, 5) != 0).then(|| below(rng, 4) as u8))
                .collect();
            let accepting = below(rng, 15) + 1;
            let p = Regular::new(
                vars.to_vec(),
                9,
                0u8,
                move |i, &s, x| {
                    let t = table[s as usize * 9 + x as usize]?;
                    Some(if i == 1 { (t + 1) % 4 } else { t })
                },
                move |&s| accepting & (1 << s) != 0,
            )
            .unwrap();
            b.add_propagator(p).unwrap();
        });
        assert_eq!(
            counts,
            ExplanationCounts {
                own: 6770,
                scope: 0
            }
        );
    }

    #[test]
    fn harness_neighbours_differ_by_a_gap() {
        let counts = check_propagator("regular gap", 200, 33, 2..=6, |b, vars, rng| {
            let gap = 1 + below(rng, 5);
            let p = Regular::new(
                vars.to_vec(),
                9,
                None::<u32>,
                move |_, s, x| match s {
                    Some(last) if last.abs_diff(x) < gap => None,
                    _ => Some(Some(x)),
                },
                |_| true,
            )
            .unwrap();
            b.add_propagator(p).unwrap();
        });
        assert_eq!(
            counts,
            ExplanationCounts {
                own: 4645,
                scope: 0
            }
        );
    }
}
