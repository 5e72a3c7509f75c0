//! The one store that holds every variable's domain, with a trail for undo.

use fixedbitset::FixedBitSet;

use crate::{ValueSet, VarId};

/// Marks an assignment (rather than a removed value) on the trail.
const ASSIGNMENT: u32 = u32::MAX;
/// `assigned[v]` when `v` is not assigned.
const UNASSIGNED: u32 = u32::MAX;

const _: () = assert!(usize::BITS == 64, "csp-core needs 64-bit blocks");

/// One undoable change.
#[derive(Clone, Copy, Debug)]
struct TrailEntry {
    var: u32,
    /// The value that was removed, or [`ASSIGNMENT`].
    value: u32,
}

/// A propagator's state word and when it was last trailed.
#[derive(Clone, Copy, Debug, Default)]
struct StateWord {
    word: u64,
    epoch: u64,
}

/// Where a checkpoint put the trails, and its stamp.
#[derive(Clone, Copy, Debug)]
struct Checkpoint {
    trail: usize,
    state_trail: usize,
    epoch: u64,
}

/// The domains of all variables in one [`FixedBitSet`] (one 64-bit block per
/// variable), their sizes, which variables are *assigned* (filled), the
/// propagators' state words, and a trail of every change so that
/// [`DomainStore::restore`] undoes everything done since the matching
/// [`DomainStore::checkpoint`].
///
/// A variable whose domain has one value is not necessarily assigned: with
/// forward checking, a cell with one candidate is still empty until search or
/// a stronger propagation level fills it.
#[derive(Clone, Debug)]
pub struct DomainStore {
    bits: FixedBitSet,
    sizes: Vec<u32>,
    assigned: Vec<u32>,
    /// `value_use[v]`: how many assigned variables hold value `v`.
    value_use: [u32; 64],
    assigned_count: u32,
    trail: Vec<TrailEntry>,
    checkpoints: Vec<Checkpoint>,
    /// The propagators' state words ([`crate::Propagator::state_words`]),
    /// each with the stamp of the checkpoint whose trail holds its value
    /// from before that checkpoint (a word is trailed once per checkpoint).
    state: Vec<StateWord>,
    /// `(word, old value)` pairs.
    state_trail: Vec<(u32, u64)>,
    /// The stamp of the innermost open checkpoint (0: none).
    epoch: u64,
    /// The stamp the next checkpoint gets.
    next_epoch: u64,
}

impl DomainStore {
    /// A store with the given initial domains.
    pub fn new(domains: &[ValueSet]) -> DomainStore {
        DomainStore::with_state(domains, 0)
    }

    /// A store with the given initial domains and `words` state words, all
    /// zero.
    pub fn with_state(domains: &[ValueSet], words: usize) -> DomainStore {
        let blocks = domains.iter().map(|d| d.0 as usize);
        let bits = FixedBitSet::with_capacity_and_blocks(domains.len() * 64, blocks);
        DomainStore {
            bits,
            sizes: domains.iter().map(|d| d.len()).collect(),
            assigned: vec![UNASSIGNED; domains.len()],
            value_use: [0; 64],
            assigned_count: 0,
            // The most the trail can hold: every value removed, every
            // variable assigned. Reserved once, so search never reallocates.
            trail: Vec::with_capacity(domains.iter().map(|d| d.len() as usize + 1).sum()),
            // One per placement in force, plus one for a probe.
            checkpoints: Vec::with_capacity(domains.len() + 2),
            state: vec![StateWord::default(); words],
            // Each word at most once per open checkpoint.
            state_trail: Vec::with_capacity(words * (domains.len() + 2)),
            epoch: 0,
            next_epoch: 1,
        }
    }

    /// The number of variables.
    #[inline]
    pub fn num_vars(&self) -> usize {
        self.sizes.len()
    }

    /// The current domain of `var`.
    #[inline]
    pub fn domain(&self, var: VarId) -> ValueSet {
        ValueSet(self.bits.as_slice()[var.index()] as u64)
    }

    /// Whether `value` is in the domain of `var`.
    #[inline]
    pub fn contains(&self, var: VarId, value: u32) -> bool {
        value < 64 && self.bits.contains(var.index() * 64 + value as usize)
    }

    /// The number of values in the domain of `var`.
    #[inline]
    pub fn size(&self, var: VarId) -> u32 {
        self.sizes[var.index()]
    }

    /// The value of `var` if it is assigned.
    #[inline]
    pub fn value(&self, var: VarId) -> Option<u32> {
        let v = self.assigned[var.index()];
        (v != UNASSIGNED).then_some(v)
    }

    /// Whether `var` is assigned.
    #[inline]
    pub fn is_assigned(&self, var: VarId) -> bool {
        self.assigned[var.index()] != UNASSIGNED
    }

    /// How many variables are assigned.
    #[inline]
    pub fn assigned_count(&self) -> u32 {
        self.assigned_count
    }

    /// How many assigned variables hold `value`.
    #[inline]
    pub fn value_use(&self, value: u32) -> u32 {
        self.value_use[value as usize]
    }

    /// Removes `value` from the domain of `var`. Returns whether it was there.
    #[inline]
    pub fn remove(&mut self, var: VarId, value: u32) -> bool {
        let bit = var.index() * 64 + value as usize;
        if value >= 64 || !self.bits.contains(bit) {
            return false;
        }
        self.bits.remove(bit);
        self.sizes[var.index()] -= 1;
        self.trail.push(TrailEntry { var: var.0, value });
        true
    }

    /// Assigns `value` to `var`: marks it assigned and removes every other
    /// value from its domain. `value` need not be in the domain (the domain
    /// then becomes empty, which callers treat as a conflict).
    ///
    /// # Panics
    /// If `var` is already assigned.
    pub fn assign(&mut self, var: VarId, value: u32) {
        assert!(!self.is_assigned(var), "{var} is assigned already");
        let others = self.domain(var).difference(ValueSet::single(value));
        for v in others {
            self.remove(var, v);
        }
        self.assigned[var.index()] = value;
        self.value_use[value as usize] += 1;
        self.assigned_count += 1;
        self.trail.push(TrailEntry {
            var: var.0,
            value: ASSIGNMENT,
        });
    }

    /// State word `i`.
    #[inline]
    pub(crate) fn state(&self, i: usize) -> u64 {
        self.state[i].word
    }

    /// Sets state word `i`, trailing its old value once per checkpoint.
    #[inline]
    pub(crate) fn set_state(&mut self, i: usize, word: u64) {
        let s = &mut self.state[i];
        if s.epoch != self.epoch {
            s.epoch = self.epoch;
            self.state_trail.push((i as u32, s.word));
        }
        s.word = word;
    }

    /// Marks a point that [`DomainStore::restore`] returns to.
    #[inline]
    pub fn checkpoint(&mut self) {
        self.checkpoints.push(Checkpoint {
            trail: self.trail.len(),
            state_trail: self.state_trail.len(),
            epoch: self.epoch,
        });
        self.epoch = self.next_epoch;
        self.next_epoch += 1;
    }

    /// The number of open checkpoints.
    #[inline]
    pub fn depth(&self) -> usize {
        self.checkpoints.len()
    }

    /// Undoes every change since the last checkpoint and drops that
    /// checkpoint.
    ///
    /// # Panics
    /// If there is no checkpoint.
    pub fn restore(&mut self) {
        let Checkpoint {
            trail: mark,
            state_trail,
            epoch,
        } = self.checkpoints.pop().expect("restore without checkpoint");
        self.epoch = epoch;
        while self.state_trail.len() > state_trail {
            let (i, word) = self.state_trail.pop().expect("state trail underflow");
            self.state[i as usize].word = word;
        }
        while self.trail.len() > mark {
            let TrailEntry { var, value } = self.trail.pop().expect("trail underflow");
            let i = var as usize;
            if value == ASSIGNMENT {
                let v = self.assigned[i];
                self.value_use[v as usize] -= 1;
                self.assigned_count -= 1;
                self.assigned[i] = UNASSIGNED;
            } else {
                self.bits.insert(i * 64 + value as usize);
                self.sizes[i] += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restore_undoes_removals_and_assignments() {
        let mut s = DomainStore::new(&[ValueSet::range(4), ValueSet::range(3)]);
        let (a, b) = (VarId(0), VarId(1));
        s.checkpoint();
        assert!(s.remove(a, 2));
        assert!(!s.remove(a, 2));
        s.assign(b, 1);
        assert_eq!(s.domain(a), ValueSet(0b1011));
        assert_eq!(s.size(a), 3);
        assert_eq!(s.value(b), Some(1));
        assert_eq!(s.domain(b), ValueSet::single(1));
        assert_eq!(s.value_use(1), 1);
        assert_eq!(s.assigned_count(), 1);
        s.restore();
        assert_eq!(s.domain(a), ValueSet::range(4));
        assert_eq!(s.size(b), 3);
        assert_eq!(s.value(b), None);
        assert_eq!(s.value_use(1), 0);
        assert_eq!(s.assigned_count(), 0);
        assert_eq!(s.depth(), 0);
    }

    #[test]
    fn restore_undoes_state_words_once_per_checkpoint() {
        let mut s = DomainStore::with_state(&[ValueSet::range(2)], 2);
        s.set_state(0, 5);
        s.checkpoint();
        s.set_state(0, 6);
        s.set_state(0, 7);
        s.set_state(1, 1);
        s.checkpoint();
        s.set_state(0, 8);
        assert_eq!((s.state(0), s.state(1)), (8, 1));
        s.restore();
        assert_eq!((s.state(0), s.state(1)), (7, 1));
        s.set_state(1, 2);
        s.restore();
        assert_eq!((s.state(0), s.state(1)), (5, 0));
    }

    #[test]
    fn assigning_a_missing_value_empties_the_domain() {
        let mut s = DomainStore::new(&[ValueSet(0b110)]);
        s.assign(VarId(0), 0);
        assert_eq!(s.size(VarId(0)), 0);
        assert!(s.is_assigned(VarId(0)));
    }
}
