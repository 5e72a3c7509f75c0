//! Which subsets GAC's removals came from, by size.
//!
//! Every value [`AllDifferent`](super::AllDifferent) removes at
//! [`PropagationLevel::Gac`](super::PropagationLevel::Gac) is explained by
//! a *subset* of its group: a *naked* subset (k variables whose domains
//! hold only k values between them: no other variable of the group can
//! take those values) or, when the group has as many values as variables,
//! a *hidden* one (k values that only k variables can take: those
//! variables take no other value). The size of a removal is the size of
//! the smallest such subset: a naked pair's removals have size 2, and so
//! do those of the hidden pair that complements it. This is how people
//! tell subsets apart (pairs, triples, quads), and how a rating weighs
//! them.

use std::ops::AddAssign;

/// Removals by the size of the subset that explains them (see the
/// module docs), for subsets of 1 to [`SubsetSizes::MAX`] variables
/// (a group has at most 64 variables, and a subset of more than half of
/// them has a smaller complement).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SubsetSizes([u64; SubsetSizes::MAX]);

impl SubsetSizes {
    /// The largest size counted.
    pub const MAX: usize = 32;

    /// Counts `removals` values removed by a subset of `size` variables
    /// (sizes above [`MAX`](Self::MAX) count as `MAX`).
    #[inline]
    pub fn record(&mut self, size: usize, removals: u64) {
        self.0[size.clamp(1, Self::MAX) - 1] += removals;
    }

    /// The values removed by subsets of `size` variables.
    pub fn removals(&self, size: usize) -> u64 {
        match size {
            1..=Self::MAX => self.0[size - 1],
            _ => 0,
        }
    }

    /// Each size that removed something, smallest first, with its
    /// removals.
    pub fn iter(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        (1..=Self::MAX)
            .map(|size| (size, self.0[size - 1]))
            .filter(|&(_, removals)| removals > 0)
    }

    /// The largest subset that removed something (0 if none did).
    pub fn largest(&self) -> usize {
        self.iter().last().map_or(0, |(size, _)| size)
    }

    /// All the removals counted.
    pub fn total(&self) -> u64 {
        self.0.iter().sum()
    }

    /// A subset of `size` in words: `single`, `pair`, `triple`, `quad`,
    /// then `5-subset`, `6-subset`, ...
    pub fn name(size: usize) -> String {
        match size {
            1 => "single".into(),
            2 => "pair".into(),
            3 => "triple".into(),
            4 => "quad".into(),
            n => format!("{n}-subset"),
        }
    }
}

impl AddAssign<&SubsetSizes> for SubsetSizes {
    fn add_assign(&mut self, other: &SubsetSizes) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a += b;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_add_up_and_name_themselves() {
        let mut a = SubsetSizes::default();
        assert_eq!((a.largest(), a.total()), (0, 0));
        a.record(2, 3);
        a.record(4, 1);
        a.record(40, 1);
        let mut b = a;
        b += &a;
        assert_eq!(b.iter().collect::<Vec<_>>(), [(2, 6), (4, 2), (32, 2)]);
        assert_eq!((b.largest(), b.total(), b.removals(4)), (32, 10, 2));
        assert_eq!(b.removals(0), 0);
        let names: Vec<_> = [1, 2, 3, 4, 5].map(SubsetSizes::name).into();
        assert_eq!(names, ["single", "pair", "triple", "quad", "5-subset"]);
    }
}
