//! A set of domain values.

use std::fmt;

/// The largest number of values a domain may have: values are `0..MAX_VALUES`.
pub const MAX_VALUES: u32 = 64;

/// A set of values in `0..64`, as a bitmask (bit `v` set means value `v` is
/// in the set). Domains in the [`DomainStore`](crate::DomainStore) are read
/// as `ValueSet`s.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ValueSet(pub u64);

impl ValueSet {
    /// The empty set.
    pub const EMPTY: ValueSet = ValueSet(0);

    /// The values `0..n`.
    ///
    /// # Panics
    /// If `n > 64`.
    pub fn range(n: u32) -> ValueSet {
        assert!(
            n <= MAX_VALUES,
            "a domain holds at most {MAX_VALUES} values"
        );
        if n == MAX_VALUES {
            ValueSet(u64::MAX)
        } else {
            ValueSet((1u64 << n) - 1)
        }
    }

    /// The values of `0..64` from `lo` to `hi`, both included (empty if
    /// `lo > hi`); the bounds may lie outside `0..64`.
    #[inline]
    pub fn between(lo: i64, hi: i64) -> ValueSet {
        let (lo, hi) = (lo.max(0), hi.min(i64::from(MAX_VALUES) - 1));
        if lo > hi {
            return ValueSet::EMPTY;
        }
        ValueSet((u64::MAX >> (63 - hi)) & (u64::MAX << lo))
    }

    /// The set holding just `value`.
    #[inline]
    pub fn single(value: u32) -> ValueSet {
        debug_assert!(value < MAX_VALUES);
        ValueSet(1u64 << value)
    }

    /// Whether `value` is in the set.
    #[inline]
    pub fn contains(self, value: u32) -> bool {
        value < MAX_VALUES && self.0 >> value & 1 == 1
    }

    /// The number of values in the set.
    #[inline]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The smallest value, if any.
    #[inline]
    pub fn min(self) -> Option<u32> {
        (self.0 != 0).then(|| self.0.trailing_zeros())
    }

    /// The largest value, if any.
    #[inline]
    pub fn max(self) -> Option<u32> {
        (self.0 != 0).then(|| 63 - self.0.leading_zeros())
    }

    /// The values in increasing order.
    #[inline]
    pub fn iter(self) -> ValueSetIter {
        ValueSetIter(self.0)
    }

    /// Values in both sets.
    #[inline]
    pub fn intersection(self, other: ValueSet) -> ValueSet {
        ValueSet(self.0 & other.0)
    }

    /// Values in either set.
    #[inline]
    pub fn union(self, other: ValueSet) -> ValueSet {
        ValueSet(self.0 | other.0)
    }

    /// Values of `self` not in `other`.
    #[inline]
    pub fn difference(self, other: ValueSet) -> ValueSet {
        ValueSet(self.0 & !other.0)
    }
}

impl FromIterator<u32> for ValueSet {
    fn from_iter<I: IntoIterator<Item = u32>>(iter: I) -> Self {
        ValueSet(iter.into_iter().fold(0, |acc, v| acc | 1u64 << v))
    }
}

impl IntoIterator for ValueSet {
    type Item = u32;
    type IntoIter = ValueSetIter;
    fn into_iter(self) -> ValueSetIter {
        self.iter()
    }
}

impl fmt::Debug for ValueSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterator over the values of a [`ValueSet`], smallest first.
#[derive(Clone, Debug)]
pub struct ValueSetIter(u64);

impl Iterator for ValueSetIter {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let v = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(v)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for ValueSetIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn between_clips_to_the_values_there_are() {
        assert_eq!(ValueSet::between(2, 4), ValueSet(0b11100));
        assert_eq!(ValueSet::between(-5, 1), ValueSet(0b11));
        assert_eq!(ValueSet::between(62, 1000), ValueSet(0b11 << 62));
        assert_eq!(ValueSet::between(0, 63), ValueSet(u64::MAX));
        assert_eq!(ValueSet::between(3, 2), ValueSet::EMPTY);
        assert_eq!(ValueSet::between(64, 70), ValueSet::EMPTY);
        assert_eq!(ValueSet::between(-3, -1), ValueSet::EMPTY);
    }

    #[test]
    fn basic_operations() {
        let s: ValueSet = [1, 3, 5].into_iter().collect();
        assert_eq!(s.len(), 3);
        assert!(s.contains(3) && !s.contains(2) && !s.contains(64));
        assert_eq!(s.min(), Some(1));
        assert_eq!(s.max(), Some(5));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![1, 3, 5]);
        assert_eq!(ValueSet::range(4), ValueSet(0b1111));
        assert_eq!(ValueSet::range(64).len(), 64);
        assert_eq!(s.difference(ValueSet::single(3)).len(), 2);
        assert_eq!(ValueSet::EMPTY.min(), None);
        assert_eq!(format!("{s:?}"), "{1, 3, 5}");
    }
}
