//! A sum along a list of variables equal to a total: the regular constraint
//! of the automaton whose state is the sum so far, run on bitsets of
//! partial sums instead of a layered graph.

use std::cell::RefCell;

use super::hypothesis::ForwardCheck;
use super::regular::retain_supported;
use super::work_space::with_work_space;
use super::{Conflict, Events, Hypothesis, PropagationContext, PropagationLevel, Propagator, Rule};
use crate::explanation::{Explaining, Literal, position_once};
use crate::{ValueSet, VarId};

/// The largest total a [`SumAutomaton`] takes: the partial sums are the
/// bits of a `u128`.
pub const MAX_SUM_AUTOMATON_TOTAL: u32 = 127;

/// A set of partial sums, bit `s` for the sum `s`.
type Sums = u128;

/// The weights of the values of `vars[i]`, added up along the list, equal
/// `total`: the [`Regular`](super::Regular) constraint of the automaton
/// whose state is the sum so far (`step(s, v) = s + weights[v]` while it
/// stays at most `total`, accepting `total`), with the same removals at
/// every level, the same failures and the same explanations.
///
/// Where [`Regular`](super::Regular) walks the edges of its layered graph,
/// this keeps each layer's nodes as one bitset of partial sums: a pass
/// shifts the set by each value's weight, a handful of word operations per
/// value of each domain. Totals up to [`MAX_SUM_AUTOMATON_TOTAL`].
///
/// ```
/// use csp_core::{ModelBuilder, SumAutomaton, ValueSet, VarId};
///
/// let mut b = ModelBuilder::new();
/// let vars = b.new_vars(3, ValueSet::range(9));
/// // Values 0..9 stand for the digits 1..=9; they add up to 7.
/// let sum = SumAutomaton::new(vars, (1..=9).collect(), 7).unwrap();
/// assert!(sum.is_satisfiable());
/// b.add_propagator(sum).unwrap();
/// ```
#[derive(Clone, Debug)]
pub struct SumAutomaton {
    vars: Vec<VarId>,
    /// What each value adds to the sum.
    weights: Vec<u32>,
    /// The nodes of the automaton's reduced graph, per layer: the partial
    /// sums before position `i` that the start reaches and from which the
    /// total is reached, over all values; the last layer the total alone
    /// (every layer empty when no word is accepted).
    nodes: Vec<Sums>,
    /// The values each variable takes on some accepted word.
    alphabet: Vec<ValueSet>,
}

/// Work space of the passes, kept per thread so that propagation allocates
/// nothing once it has grown to the longest list.
#[derive(Default)]
struct Scratch {
    reached: Vec<Sums>,
    supported: Vec<ValueSet>,
}

/// Work space of the explanations, kept per thread as [`Scratch`] is.
#[derive(Default)]
struct ExplainScratch {
    reached: Vec<Sums>,
    alive: Vec<Sums>,
    /// Per layer, the removed values of the cut's edges.
    cut: Vec<u64>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
    static EXPLAIN_SCRATCH: RefCell<ExplainScratch> = RefCell::new(ExplainScratch::default());
}

impl SumAutomaton {
    /// The constraint that the weights of the values of `vars` (value `v`
    /// weighs `weights[v]`) add up to `total`; `None` when `total` exceeds
    /// [`MAX_SUM_AUTOMATON_TOTAL`] or there are more than
    /// [`crate::MAX_VALUES`] weights.
    pub fn new(vars: Vec<VarId>, weights: Vec<u32>, total: u32) -> Option<SumAutomaton> {
        if total > MAX_SUM_AUTOMATON_TOTAL || weights.len() > crate::MAX_VALUES as usize {
            return None;
        }
        let n = vars.len();
        let within = Sums::MAX >> (MAX_SUM_AUTOMATON_TOTAL - total);
        let usable: Vec<u32> = (0..weights.len() as u32)
            .filter(|&v| weights[v as usize] <= total)
            .collect();
        let mut forward = vec![0 as Sums; n + 1];
        forward[0] = 1;
        for i in 0..n {
            forward[i + 1] = usable
                .iter()
                .fold(0, |acc, &v| acc | forward[i] << weights[v as usize])
                & within;
        }
        let mut nodes = vec![0 as Sums; n + 1];
        nodes[n] = forward[n] & 1 << total;
        for i in (0..n).rev() {
            let back = usable
                .iter()
                .fold(0, |acc, &v| acc | nodes[i + 1] >> weights[v as usize]);
            nodes[i] = forward[i] & back;
        }
        if nodes[0] == 0 {
            nodes.iter_mut().for_each(|layer| *layer = 0);
        }
        let alphabet = (0..n)
            .map(|i| {
                (usable.iter().copied())
                    .filter(|&v| nodes[i] << weights[v as usize] & nodes[i + 1] != 0)
                    .collect()
            })
            .collect();
        Some(SumAutomaton {
            vars,
            weights,
            nodes,
            alphabet,
        })
    }

    /// Whether some accepted word exists at all.
    pub fn is_satisfiable(&self) -> bool {
        self.nodes[0] != 0
    }

    fn weight(&self, value: u32) -> u32 {
        self.weights[value as usize]
    }

    /// The partial sums after position `i` reached from `sums` by the
    /// values of `allowed` (only nodes of the graph).
    fn step_forward(&self, i: usize, sums: Sums, allowed: ValueSet) -> Sums {
        let mut next = 0;
        for value in allowed.intersection(self.alphabet[i]).iter() {
            next |= sums << self.weight(value);
        }
        next & self.nodes[i + 1]
    }

    /// The partial sums before position `i` from which `sums` are reached
    /// by the values of `allowed` (only nodes of the graph).
    fn step_back(&self, i: usize, sums: Sums, allowed: ValueSet) -> Sums {
        let mut previous = 0;
        for value in allowed.intersection(self.alphabet[i]).iter() {
            previous |= sums >> self.weight(value);
        }
        previous & self.nodes[i]
    }

    /// The values of each position that lie on an accepted word using only
    /// values of `allowed(i)` at position `i`, into `scratch.supported`;
    /// `false` if there is no such word.
    fn supports(&self, scratch: &mut Scratch, allowed: impl Fn(usize) -> ValueSet) -> bool {
        let n = self.vars.len();
        if !self.is_satisfiable() {
            return false;
        }
        let Scratch { reached, supported } = scratch;
        reached.clear();
        reached.resize(n + 1, 0);
        supported.clear();
        supported.resize(n, ValueSet::EMPTY);
        reached[0] = self.nodes[0];
        for i in 0..n {
            reached[i + 1] = self.step_forward(i, reached[i], allowed(i));
        }
        // Backward: of the reached sums, those from which the total is
        // reached; a value is supported where it joins two such sums.
        let mut alive = reached[n];
        if alive == 0 {
            return false;
        }
        for i in (0..n).rev() {
            let mut back = 0;
            let mut values = ValueSet::EMPTY;
            for value in allowed(i).intersection(self.alphabet[i]).iter() {
                let w = self.weight(value);
                let joined = reached[i] << w & alive;
                if joined != 0 {
                    values = values.union(ValueSet::single(value));
                    back |= joined >> w;
                }
            }
            supported[i] = values;
            alive = back;
        }
        true
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

    /// [`Propagator::explain`] in reused work space: the cut of
    /// [`Regular`](super::Regular)'s explanation, on bitsets. For a
    /// removal at position `i`, the sums the start reaches before `i` and
    /// those reaching the total after it; the value's edges from unreached
    /// sums are cut walking back, those to dead sums walking forward, an
    /// edge of a removed value giving that removal.
    fn explain_in(
        &self,
        scratch: &mut ExplainScratch,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        let n = self.vars.len();
        let domain = |i: usize| ex.domain(self.vars[i]);
        let ExplainScratch {
            reached,
            alive,
            cut,
        } = scratch;
        for v in [&mut *reached, &mut *alive] {
            v.clear();
            v.resize(n + 1, 0);
        }
        cut.clear();
        cut.resize(n, 0);
        // The unreached sums before the removal's layer and the dead ones
        // after it, with the layers each walk covers.
        let (unreached, dead, before, after) = match removal {
            Some((var, value)) => {
                let Some(i) = position_once(&self.vars, var) else {
                    return false;
                };
                if !self.alphabet[i].contains(value) {
                    // The value is on no accepted word at all.
                    return true;
                }
                reached[0] = self.nodes[0];
                for j in 0..i {
                    reached[j + 1] = self.step_forward(j, reached[j], domain(j));
                }
                alive[n] = self.nodes[n];
                for j in (i + 1..n).rev() {
                    alive[j] = self.step_back(j, alive[j + 1], domain(j));
                }
                let w = self.weight(value);
                let from = self.nodes[i] & self.nodes[i + 1] >> w;
                let to = (from & reached[i]) << w;
                if to & alive[i + 1] != 0 {
                    return false;
                }
                (from & !reached[i], to, 0..i, i + 1..n)
            }
            None => {
                alive[n] = self.nodes[n];
                for j in (0..n).rev() {
                    alive[j] = self.step_back(j, alive[j + 1], domain(j));
                }
                if alive[0] != 0 {
                    return false;
                }
                (0, self.nodes[0], 0..0, 0..n)
            }
        };
        let mut unreached = unreached;
        for j in before.rev() {
            let d = domain(j);
            let mut previous = 0;
            for value in self.alphabet[j].iter() {
                let from = unreached >> self.weight(value) & self.nodes[j];
                if from == 0 {
                    continue;
                }
                if d.contains(value) {
                    previous |= from;
                } else {
                    cut[j] |= 1 << value;
                }
            }
            unreached = previous;
        }
        let mut dead = dead;
        for j in after {
            let d = domain(j);
            let mut next = 0;
            for value in self.alphabet[j].iter() {
                let to = dead << self.weight(value) & self.nodes[j + 1];
                if to == 0 {
                    continue;
                }
                if d.contains(value) {
                    next |= to;
                } else {
                    cut[j] |= 1 << value;
                }
            }
            dead = next;
        }
        for (i, &values) in cut.iter().enumerate() {
            ex.push_removed(self.vars[i], ValueSet(values), reason);
        }
        true
    }
}

impl Propagator for SumAutomaton {
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
        self.is_satisfiable()
            && (self.vars.iter().enumerate()).all(|(i, &v)| self.alphabet[i].contains(value(v)))
            && (self.vars.iter())
                .map(|&v| u64::from(self.weight(value(v))))
                .sum::<u64>()
                == u64::from(self.nodes[self.vars.len()].trailing_zeros())
    }

    /// The cut [`Regular`](super::Regular) explains by, on the same graph.
    /// Not for a list that holds the variable twice.
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

    /// Named as the constraint it is: traces and rule counts read the same
    /// as with [`Regular`](super::Regular).
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
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;

    use super::*;
    use crate::harness::{ExplanationCounts, below, check_propagator};
    use crate::testing::domains_after;
    use crate::{ModelBuilder, Regular};

    /// The regular constraint of the same sum, as a layered graph.
    fn as_regular(vars: Vec<VarId>, weights: &[u32], total: u32) -> Regular {
        let weights = weights.to_vec();
        Regular::new(
            vars,
            weights.len() as u32,
            0u32,
            move |_, s, x| Some(s + weights[x as usize]).filter(|&t| t <= total),
            move |&s| s == total,
        )
        .unwrap()
    }

    #[test]
    fn removes_what_the_layered_graph_removes() {
        // Random weights, totals and domains, random values fixed: at every
        // level both leave the same domains, or both fail.
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut failures = 0;
        for _ in 0..400 {
            let n = 1 + below(&mut rng, 6) as usize;
            let weights: Vec<u32> = (0..9).map(|_| below(&mut rng, 10)).collect();
            let total = below(&mut rng, 6 * n as u32 + 1);
            let domains: Vec<ValueSet> = (0..n)
                .map(|_| ValueSet((1 + u64::from(below(&mut rng, 511))) & 511))
                .collect();
            let mut givens = Vec::new();
            for (i, domain) in domains.iter().enumerate() {
                let x = below(&mut rng, 9);
                if below(&mut rng, 4) == 0 && domain.contains(x) {
                    givens.push((VarId(i as u32), x));
                }
            }
            let model = |bits: bool| {
                let mut b = ModelBuilder::new();
                let vars: Vec<VarId> = domains.iter().map(|&d| b.new_var(d)).collect();
                if bits {
                    let sum = SumAutomaton::new(vars, weights.clone(), total).unwrap();
                    b.add_propagator(sum).unwrap();
                } else {
                    b.add_propagator(as_regular(vars, &weights, total)).unwrap();
                }
                b.build()
            };
            let (bits, graph) = (model(true), model(false));
            for level in PropagationLevel::ALL {
                let ours = domains_after(&bits, level, &givens);
                assert_eq!(ours, domains_after(&graph, level, &givens), "{level}");
                failures += usize::from(ours.is_err());
            }
        }
        assert_eq!(failures, 1062);
    }

    #[test]
    fn the_nodes_are_the_reduced_graph() {
        // Four digits 1..=9 adding up to 12 (value v weighs v + 1): sums
        // {0}, 1..=9, 2..=10, 3..=11 before each position, then {12}.
        let sum = SumAutomaton::new((0..4).map(VarId).collect(), (1..=9).collect(), 12).unwrap();
        let span = |lo: u32, hi: u32| (lo..=hi).fold(0, |acc, s| acc | 1 << s);
        assert_eq!(
            sum.nodes,
            vec![1, span(1, 9), span(2, 10), span(3, 11), 1 << 12]
        );
        assert_eq!(sum.alphabet, vec![ValueSet::range(9); 4]);
        // Two digits adding up to 19: none; a total above the bitsets: none.
        let never = SumAutomaton::new(vec![VarId(0), VarId(1)], (1..=9).collect(), 19).unwrap();
        assert!(!never.is_satisfiable());
        assert!(SumAutomaton::new(vec![VarId(0)], vec![1], MAX_SUM_AUTOMATON_TOTAL + 1).is_none());
    }

    #[test]
    fn harness_sums() {
        // The draws of Regular's own harness test of sums: the same
        // removals and failures, each explained.
        let counts = check_propagator("sum automaton", 300, 31, 2..=6, |b, vars, rng| {
            let sum = below(rng, 4 * vars.len() as u32 + 1);
            let p = SumAutomaton::new(vars.to_vec(), (0..9).collect(), sum).unwrap();
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
    fn harness_weights() {
        let counts = check_propagator("sum automaton weights", 300, 33, 1..=6, |b, vars, rng| {
            let weights: Vec<u32> = (0..9).map(|_| below(rng, 12)).collect();
            let total = below(rng, 6 * vars.len() as u32 + 1);
            let p = SumAutomaton::new(vars.to_vec(), weights, total).unwrap();
            b.add_propagator(p).unwrap();
        });
        assert_eq!(
            counts,
            ExplanationCounts {
                own: 8594,
                scope: 0
            }
        );
    }
}
