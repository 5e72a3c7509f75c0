//! The domain of a wide variable: an interval of values with holes.

/// A wide variable's values: `lo..=hi` less the `holes` inside.
///
/// `lo` and `hi` are in the domain whenever it is not empty (a bound that
/// lands on a hole moves on past it). `holes` is a stack: a removal inside
/// the bounds pushes its value, a restore pops it; values on it that are no
/// longer between the bounds (the bounds moved past them) are stale and
/// ignored. So the holes that count are those strictly between the bounds,
/// and a domain with few of them (the usual case: bounds reasoning) costs
/// two words.
#[derive(Clone, Debug, Default)]
pub(crate) struct WideDomain {
    pub(crate) lo: u32,
    pub(crate) hi: u32,
    pub(crate) holes: Vec<u32>,
}

impl WideDomain {
    /// The values `0..count`.
    pub(crate) fn new(count: u32) -> WideDomain {
        WideDomain {
            lo: 0,
            hi: count.saturating_sub(1),
            holes: Vec::new(),
        }
    }

    /// The bounds packed in one word (for the trail).
    #[inline]
    pub(crate) fn bounds(&self) -> u64 {
        u64::from(self.lo) << 32 | u64::from(self.hi)
    }

    /// Sets the bounds from [`bounds`](Self::bounds)' word.
    #[inline]
    pub(crate) fn set_bounds(&mut self, word: u64) {
        self.lo = (word >> 32) as u32;
        self.hi = word as u32;
    }

    /// Whether `value` is a hole between the bounds.
    #[inline]
    fn is_hole(&self, value: u32) -> bool {
        self.holes.contains(&value)
    }

    /// Whether `value` is in the domain (of `size` values).
    #[inline]
    pub(crate) fn contains(&self, value: u32, size: u32) -> bool {
        size > 0 && self.lo <= value && value <= self.hi && !self.is_hole(value)
    }

    /// The holes in `from..to`.
    #[inline]
    fn holes_in(&self, from: u32, to: u32) -> u32 {
        (self.holes.iter())
            .filter(|&&h| from <= h && h < to)
            .count() as u32
    }

    /// Raises the smallest value to `value` or the next value above it
    /// that is no hole (`value` above `lo`, at most `hi`); returns how many
    /// values went.
    pub(crate) fn raise_lo(&mut self, value: u32) -> u32 {
        let mut lo = value;
        while self.is_hole(lo) {
            lo += 1;
        }
        let gone = (lo - self.lo) - self.holes_in(self.lo, lo);
        self.lo = lo;
        gone
    }

    /// Lowers the largest value to `value` or the next value below it that
    /// is no hole (`value` below `hi`, at least `lo`); returns how many
    /// values went.
    pub(crate) fn lower_hi(&mut self, value: u32) -> u32 {
        let mut hi = value;
        while self.is_hole(hi) {
            hi -= 1;
        }
        let gone = (self.hi - hi) - self.holes_in(hi + 1, self.hi + 1);
        self.hi = hi;
        gone
    }

    /// The `k`th value (from 0, smallest first) of the domain of `size`
    /// values, if it has so many; no allocation: the guess `lo + k` moves
    /// up by the holes at or below it until no more are passed.
    pub(crate) fn nth(&self, k: u32, size: u32) -> Option<u32> {
        if k >= size {
            return None;
        }
        let mut v = self.lo + k;
        loop {
            let passed = (self.holes.iter())
                .filter(|&&h| self.lo < h && h < self.hi && h <= v)
                .count() as u32;
            let next = self.lo + k + passed;
            if next == v {
                return Some(v);
            }
            v = next;
        }
    }

    /// Iterates over the values, smallest first.
    pub(crate) fn values(&self, size: u32) -> impl Iterator<Item = u32> + '_ {
        let (lo, hi) = if size == 0 {
            (1, 0)
        } else {
            (self.lo, self.hi)
        };
        (lo..=hi).filter(move |&v| !self.is_hole(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_skip_the_holes_and_count_what_went() {
        let mut d = WideDomain::new(10);
        d.holes.extend([3, 4, 7]);
        assert_eq!(d.raise_lo(3), 3, "0, 1, 2 went; 3 and 4 were holes");
        assert_eq!(d.lo, 5);
        assert_eq!(d.lower_hi(7), 2, "9 and 8 went; 7 was a hole");
        assert_eq!(d.hi, 6);
        assert!(d.contains(5, 2) && d.contains(6, 2) && !d.contains(7, 2));
        assert_eq!(d.values(2).collect::<Vec<_>>(), [5, 6]);
        assert_eq!(
            (d.nth(0, 2), d.nth(1, 2), d.nth(2, 2)),
            (Some(5), Some(6), None)
        );
        let word = d.bounds();
        d.set_bounds(0);
        assert_eq!((d.lo, d.hi), (0, 0));
        d.set_bounds(word);
        assert_eq!((d.lo, d.hi), (5, 6));
    }
}
