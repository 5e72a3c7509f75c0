//! Chains of selectors, compared lexicographically, without allocating.

use super::{
    Placement, SelectionContext, ValueLink, ValueSelector, VariableLink, VariableSelector,
};
use crate::VarId;
use crate::trace::{Decider, LinkScores};

/// Picks a variable by a chain of selectors.
#[derive(Debug)]
pub(crate) struct VariableSelectorChain {
    selectors: Vec<VariableLink>,
    /// Only the first of the first link's best matter: no later link but
    /// the index breaks their ties.
    first_only: bool,
    candidates: Vec<VarId>,
    scores: Vec<i64>,
}

impl VariableSelectorChain {
    pub(crate) fn new(selectors: Vec<VariableLink>, num_vars: usize) -> Self {
        VariableSelectorChain {
            first_only: (selectors.get(1)).is_none_or(|s| s.scores_index()),
            selectors,
            candidates: Vec::with_capacity(num_vars),
            scores: Vec::with_capacity(num_vars),
        }
    }

    /// Whether some link learns from the search.
    pub(crate) fn learns(&self) -> bool {
        self.selectors.iter().any(|s| s.learns())
    }

    /// Tells the links a placement's outcome (a link that does not learn
    /// ignores it).
    pub(crate) fn placed(&mut self, ctx: &SelectionContext<'_>, placement: &Placement<'_>) {
        for s in &mut self.selectors {
            s.placed(ctx, placement);
        }
    }

    /// Tells the links that the search restarted.
    pub(crate) fn restarted(&mut self) {
        for s in &mut self.selectors {
            s.restarted();
        }
    }

    /// Tells the links the variables met in a conflict's analysis.
    pub(crate) fn conflict_analysed(&mut self, met: &[VarId]) {
        for s in &mut self.selectors {
            s.conflict_analysed(met);
        }
    }

    /// The unassigned variable with the lexicographically smallest scores
    /// (then the lowest index), or `None` when all are assigned.
    pub(crate) fn select(&mut self, ctx: &SelectionContext<'_>) -> Option<VarId> {
        self.candidates.clear();
        // The first link hands over its best variables directly.
        let Some((first, rest)) = self.selectors.split_first_mut() else {
            return ctx.unassigned_vars().next();
        };
        first.best(ctx, &mut self.candidates, self.first_only);
        for selector in rest {
            if self.candidates.len() <= 1 {
                break;
            }
            if selector.scores_index() {
                // The candidates are in index order: the first wins.
                self.candidates.truncate(1);
                break;
            }
            let best = score_all(selector, ctx, &self.candidates, &mut self.scores);
            keep_best(&mut self.candidates, &self.scores, best);
        }
        self.candidates.first().copied()
    }

    /// [`select`](Self::select), scoring every open variable with each
    /// link (same choice, same calls to stateful selectors), and telling
    /// each link's scores for the winner and the runner-up: the variable
    /// that lost last. Only for tracing: it may allocate.
    pub(crate) fn select_explained(
        &mut self,
        ctx: &SelectionContext<'_>,
        links: &mut Vec<LinkScores>,
    ) -> (Option<VarId>, Option<VarId>, Decider) {
        links.clear();
        self.candidates.clear();
        self.candidates.extend(ctx.unassigned_vars());
        if self.candidates.len() <= 1 {
            return (
                self.candidates.first().copied(),
                None,
                Decider::OnlyCandidate,
            );
        }
        let mut runner_up = None;
        let mut decided_at = None;
        for (k, selector) in self.selectors.iter_mut().enumerate() {
            if self.candidates.len() <= 1 {
                break;
            }
            let best = score_all(selector, ctx, &self.candidates, &mut self.scores);
            // The best of those this link drops (the lowest index on ties).
            let mut second: Option<(i64, VarId)> = None;
            for (&v, &s) in self.candidates.iter().zip(&self.scores) {
                if s != best && second.is_none_or(|(t, _)| s < t) {
                    second = Some((s, v));
                }
            }
            if let Some((_, v)) = second {
                runner_up = Some(v);
                decided_at = Some(k);
            }
            links.push(LinkScores {
                winner: best,
                runner_up: second.map(|(s, _)| s),
            });
            keep_best(&mut self.candidates, &self.scores, best);
        }
        let decider = if self.candidates.len() > 1 {
            runner_up = Some(self.candidates[1]);
            Decider::ReadingOrder
        } else {
            decided_at.map_or(Decider::OnlyCandidate, Decider::Link)
        };
        // The runner-up tied the winner on every link before the one that
        // dropped it, and was not scored after it.
        let tied = match decider {
            Decider::Link(k) => k,
            _ => links.len(),
        };
        for (k, link) in links.iter_mut().enumerate() {
            link.runner_up = match k.cmp(&tied) {
                std::cmp::Ordering::Less => Some(link.winner),
                std::cmp::Ordering::Equal => link.runner_up,
                std::cmp::Ordering::Greater => None,
            };
        }
        (self.candidates.first().copied(), runner_up, decider)
    }
}

/// Scores every candidate with `selector` into `scores`; the best score.
fn score_all(
    selector: &mut impl VariableSelector,
    ctx: &SelectionContext<'_>,
    candidates: &[VarId],
    scores: &mut Vec<i64>,
) -> i64 {
    selector.prepare(ctx);
    selector.score_each(ctx, candidates, scores)
}

/// Keeps the candidates whose score is `best`, in order.
fn keep_best(candidates: &mut Vec<VarId>, scores: &[i64], best: i64) {
    let mut i = 0;
    candidates.retain(|_| {
        i += 1;
        scores[i - 1] == best
    });
}

/// Orders values by a chain of selectors.
#[derive(Debug)]
pub(crate) struct ValueSelectorChain {
    selectors: Vec<ValueLink>,
    scratch: Vec<(i64, u32)>,
}

impl ValueSelectorChain {
    pub(crate) fn new(selectors: Vec<ValueLink>) -> Self {
        ValueSelectorChain {
            selectors,
            scratch: Vec::with_capacity(64),
        }
    }

    /// Appends the values of `var` to `out`, in the order the chain gives.
    ///
    /// Sorts by the last selector first, then stably by each earlier one
    /// (a least-significant-key-first sort), with an insertion sort that
    /// allocates nothing.
    pub(crate) fn order(&mut self, ctx: &SelectionContext<'_>, var: VarId, out: &mut Vec<u32>) {
        self.order_recording(ctx, var, out, |_, _, _| {});
    }

    /// Whether some link learns from the search.
    pub(crate) fn learns(&self) -> bool {
        self.selectors.iter().any(|s| s.learns())
    }

    /// Tells the links a placement's outcome (a link that does not learn
    /// ignores it).
    pub(crate) fn placed(&mut self, ctx: &SelectionContext<'_>, placement: &Placement<'_>) {
        for s in &mut self.selectors {
            s.placed(ctx, placement);
        }
    }

    /// Tells the links that the search restarted.
    pub(crate) fn restarted(&mut self) {
        for s in &mut self.selectors {
            s.restarted();
        }
    }

    /// The number of links.
    pub(crate) fn links(&self) -> usize {
        self.selectors.len()
    }

    /// [`order`](Self::order), also appending to `scores` each value's
    /// score by every link (link 0 first), in the order the values come
    /// out. Only for tracing: it may allocate.
    pub(crate) fn order_explained(
        &mut self,
        ctx: &SelectionContext<'_>,
        var: VarId,
        out: &mut Vec<u32>,
        scores: &mut Vec<i64>,
    ) {
        let links = self.selectors.len();
        let width = ctx.domain(var).max().map_or(0, |m| m as usize + 1);
        // By link, then by value.
        let mut by_value = vec![0i64; links * width];
        let start = out.len();
        self.order_recording(ctx, var, out, |link, value, score| {
            by_value[link * width + value as usize] = score;
        });
        scores.clear();
        for &v in &out[start..] {
            scores.extend((0..links).map(|k| by_value[k * width + v as usize]));
        }
    }

    /// [`order`](Self::order), telling `record` each (link, value, score).
    fn order_recording(
        &mut self,
        ctx: &SelectionContext<'_>,
        var: VarId,
        out: &mut Vec<u32>,
        mut record: impl FnMut(usize, u32, i64),
    ) {
        let domain = ctx.domain(var);
        let links = self.selectors.len();
        if links == 1 && self.selectors[0].scores_value() {
            // Ascending already: no scratch, no sort.
            for &v in append(out, domain.iter()) {
                record(0, v, i64::from(v));
            }
            return;
        }
        self.scratch.clear();
        self.scratch.extend(domain.iter().map(|v| (0, v)));
        for (k, selector) in self.selectors.iter_mut().rev().enumerate() {
            let link = links - 1 - k;
            if k == 0 && selector.scores_value() {
                // The values are in ascending order already.
                for &(_, v) in &self.scratch {
                    record(link, v, i64::from(v));
                }
                continue;
            }
            for entry in &mut self.scratch {
                entry.0 = selector.score(ctx, var, entry.1);
                record(link, entry.1, entry.0);
            }
            let s = &mut self.scratch;
            for i in 1..s.len() {
                let mut j = i;
                while j > 0 && s[j - 1].0 > s[j].0 {
                    s.swap(j - 1, j);
                    j -= 1;
                }
            }
        }
        append(out, self.scratch.iter().map(|&(_, v)| v));
    }
}

/// Appends `values` to `out` by slots rather than pushes (no capacity
/// test per value), and returns them there.
fn append(out: &mut Vec<u32>, values: impl ExactSizeIterator<Item = u32>) -> &[u32] {
    let start = out.len();
    out.resize(start + values.len(), 0);
    for (slot, v) in out[start..].iter_mut().zip(values) {
        *slot = v;
    }
    &out[start..]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::{ValueChain, VariableChain};
    use crate::testing::latin3;

    fn pick(chain: &str) -> VarId {
        let (model, store) = latin3();
        let selectors = chain
            .parse::<VariableChain>()
            .unwrap()
            .selectors(&model, 0)
            .unwrap();
        let selectors = selectors.into_iter().map(Into::into).collect();
        let mut chain = VariableSelectorChain::new(selectors, model.num_vars());
        chain
            .select(&SelectionContext::new(&model, &store))
            .unwrap()
    }

    fn order(chain: &str, var: u32) -> Vec<u32> {
        let (model, store) = latin3();
        let selectors = (chain.parse::<ValueChain>().unwrap())
            .selectors(&model, 0)
            .unwrap();
        let selectors = selectors.into_iter().map(Into::into).collect();
        let mut chain = ValueSelectorChain::new(selectors);
        let mut out = Vec::new();
        chain.order(&SelectionContext::new(&model, &store), VarId(var), &mut out);
        out
    }

    #[test]
    fn ties_go_to_the_next_letter_then_the_lowest_index() {
        // E: x1 and x3 have one candidate; A then takes x1, B takes x3.
        assert_eq!(pick("E"), VarId(1));
        assert_eq!(pick("EA"), VarId(1));
        assert_eq!(pick("EB"), VarId(3));
        // F: x8 alone has three candidates.
        assert_eq!(pick("FA"), VarId(8));
        // G then F: fewest empty neighbours are x1 and x3 (2 each), same size.
        assert_eq!(pick("GF"), VarId(1));
        // H: x8 has 4 empty neighbours.
        assert_eq!(pick("H"), VarId(8));
    }

    #[test]
    fn value_chains_compare_lexicographically() {
        // x8 has {0, 1, 2}. Value 2 is used by no filled cell, 0 and 1 once.
        assert_eq!(order("0", 8), vec![0, 1, 2]);
        assert_eq!(order("1", 8), vec![2, 1, 0]);
        assert_eq!(order("3", 8), vec![2, 0, 1]);
        assert_eq!(order("31", 8), vec![2, 1, 0]);
        assert_eq!(order("4", 8), vec![0, 1, 2]);
        assert_eq!(order("41", 8), vec![1, 0, 2]);
    }
}
