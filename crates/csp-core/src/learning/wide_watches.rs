//! The watch lists of literals over wide variables, found by the range of
//! values a change passed.
//!
//! A narrow variable's literal has a list at `64 x + v`; a wide variable
//! has too many values for that. Here each literal watched has its own
//! list, and each wide variable keeps the literals of each kind sorted by
//! value, so that a change from bounds `lo..=hi` to `lo'..=hi'` finds the
//! literals it made false by two binary searches: `x >= v` for `v` in
//! `hi' + 1..=hi`, `x <= v` for `v` in `lo..lo'`, `x = v` there and at the
//! holes pushed, `x != v` at `v = lo'` when one value is left.

use crate::VarId;
use crate::domain_store::WideState;
use crate::explanation::Literal;

/// One wide variable's watched literals, each kind sorted by value with
/// its list's index.
#[derive(Clone, Debug, Default)]
struct Keys {
    at_least: Vec<(u32, u32)>,
    at_most: Vec<(u32, u32)>,
    is: Vec<(u32, u32)>,
    is_not: Vec<(u32, u32)>,
}

/// The watched literals of the wide variables and their lists (of `W`,
/// the database's watch).
#[derive(Clone, Debug)]
pub(crate) struct WideWatches<W> {
    /// Per variable (empty when none is wide): its keys, if it is wide.
    keys: Vec<Option<Keys>>,
    lists: Vec<Vec<W>>,
}

impl<W> Default for WideWatches<W> {
    fn default() -> Self {
        WideWatches {
            keys: Vec::new(),
            lists: Vec::new(),
        }
    }
}

impl<W> WideWatches<W> {
    /// None watched, over `n` variables of which `wide` are wide.
    pub(crate) fn new(n: usize, wide: impl Iterator<Item = VarId>) -> Self {
        let mut keys: Vec<Option<Keys>> = Vec::new();
        for x in wide {
            if keys.is_empty() {
                keys = vec![None; n];
            }
            keys[x.index()] = Some(Keys::default());
        }
        WideWatches {
            keys,
            lists: Vec::new(),
        }
    }

    /// Whether `var` is wide.
    #[inline]
    pub(crate) fn is_wide(&self, var: VarId) -> bool {
        matches!(self.keys.get(var.index()), Some(Some(_)))
    }

    /// The list of `literal`, over a wide variable (made empty the first
    /// time).
    pub(crate) fn list(&mut self, literal: Literal) -> &mut Vec<W> {
        let keys = self.keys[literal.var().index()]
            .as_mut()
            .expect("a wide variable");
        let (sorted, v) = match literal {
            Literal::AtLeast(_, v) => (&mut keys.at_least, v),
            Literal::AtMost(_, v) => (&mut keys.at_most, v),
            Literal::Is(_, v) => (&mut keys.is, v),
            Literal::IsNot(_, v) => (&mut keys.is_not, v),
        };
        let id = match sorted.binary_search_by_key(&v, |&(key, _)| key) {
            Ok(at) => sorted[at].1,
            Err(at) => {
                let id = self.lists.len() as u32;
                sorted.insert(at, (v, id));
                self.lists.push(Vec::new());
                id
            }
        };
        &mut self.lists[id as usize]
    }

    /// Pushes onto `out` the watched literals over `x` that its change
    /// from `old` to `new` made false (`pushed`: the holes it pushed).
    pub(crate) fn falsified(
        &self,
        x: VarId,
        old: WideState,
        new: WideState,
        pushed: &[u32],
        out: &mut Vec<Literal>,
    ) {
        let Some(Some(keys)) = self.keys.get(x.index()) else {
            return;
        };
        // (No domain is empty here: a change that empties one fails
        // first.)
        let below = old.lo..new.lo;
        let above = new.hi.saturating_add(1)..old.hi.saturating_add(1);
        fn within(
            sorted: &[(u32, u32)],
            range: std::ops::Range<u32>,
        ) -> impl Iterator<Item = u32> + '_ {
            let from = sorted.partition_point(|&(v, _)| v < range.start);
            let to = sorted.partition_point(|&(v, _)| v < range.end);
            sorted[from..to.max(from)].iter().map(|&(v, _)| v)
        }
        let at_least = within(&keys.at_least, above.clone());
        out.extend(at_least.map(|v| Literal::AtLeast(x, v)));
        let at_most = within(&keys.at_most, below.clone());
        out.extend(at_most.map(|v| Literal::AtMost(x, v)));
        let gone = within(&keys.is, below).chain(within(&keys.is, above));
        out.extend(gone.map(|v| Literal::Is(x, v)));
        for &h in pushed {
            if new.lo <= h && h <= new.hi && keys.is.binary_search_by_key(&h, |&(v, _)| v).is_ok() {
                out.push(Literal::Is(x, h));
            }
        }
        if new.size == 1
            && old.size > 1
            && keys
                .is_not
                .binary_search_by_key(&new.lo, |&(v, _)| v)
                .is_ok()
        {
            out.push(Literal::IsNot(x, new.lo));
        }
    }

    /// Forgets every literal and list (the clauses are watched again).
    pub(crate) fn clear(&mut self) {
        for keys in self.keys.iter_mut().flatten() {
            *keys = Keys::default();
        }
        self.lists.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(lo: u32, hi: u32, size: u32) -> WideState {
        WideState {
            lo,
            hi,
            size,
            holes: 0,
        }
    }

    #[test]
    fn a_change_finds_the_literals_it_passed() {
        let (x, y) = (VarId(1), VarId(0));
        let mut w: WideWatches<u32> = WideWatches::new(2, [x].into_iter());
        assert!(w.is_wide(x) && !w.is_wide(y));
        for l in [
            Literal::AtLeast(x, 90),
            Literal::AtLeast(x, 50),
            Literal::AtMost(x, 10),
            Literal::AtMost(x, 30),
            Literal::Is(x, 5),
            Literal::Is(x, 40),
            Literal::Is(x, 95),
            Literal::IsNot(x, 20),
        ] {
            w.list(l).push(1);
        }
        assert_eq!(w.list(Literal::AtMost(x, 10)), &[1]);
        let mut out = Vec::new();
        // 0..=99 to 20..=60 with a hole at 40 pushed.
        w.falsified(x, state(0, 99, 100), state(20, 60, 40), &[40], &mut out);
        assert_eq!(
            out,
            [
                Literal::AtLeast(x, 90),
                Literal::AtMost(x, 10),
                Literal::Is(x, 5),
                Literal::Is(x, 95),
                Literal::Is(x, 40),
            ]
        );
        out.clear();
        w.falsified(x, state(20, 60, 40), state(20, 20, 1), &[], &mut out);
        assert_eq!(
            out,
            [
                Literal::AtLeast(x, 50),
                Literal::Is(x, 40),
                Literal::IsNot(x, 20)
            ]
        );
        w.clear();
        assert!(w.list(Literal::AtMost(x, 10)).is_empty());
    }
}
