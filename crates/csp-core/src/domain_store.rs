//! The one store that holds every variable's domain, with a trail for undo.

mod wide_domain;

use wide_domain::WideDomain;

use crate::{ValueSet, VarId};

/// Marks an assignment (rather than removed values) on the trail, in
/// [`TrailEntry::var`].
const ASSIGNMENT: u32 = 1 << 31;
/// Marks, in [`TrailEntry::var`], the removal of one value (in
/// [`TrailEntry::size`]) from some holders of it in one block (the rest of
/// `var`), those in [`TrailEntry::old`].
const HOLDERS: u32 = 1 << 30;
/// Marks, in [`TrailEntry::var`], a change of a wide variable: its bounds
/// before the change are in [`TrailEntry::old`] (with [`HOLE`]: one hole
/// was pushed).
const WIDE: u32 = 1 << 29;
/// With [`WIDE`]: the change pushed a hole.
const HOLE: u32 = 1 << 28;
/// The flags of [`TrailEntry::var`].
const FLAGS: u32 = ASSIGNMENT | HOLDERS | WIDE | HOLE;
/// `assigned[v]` when `v` is not assigned.
const UNASSIGNED: u32 = u32::MAX;
/// `wide_of[v]` when `v` is narrow.
const NARROW: u32 = u32::MAX;
/// The most values a wide variable may have (its values are `0..count`,
/// and `u32::MAX` says "unassigned").
pub const MAX_WIDE_VALUES: u32 = u32::MAX;

const _: () = assert!(usize::BITS == 64, "csp-core needs 64-bit blocks");

/// A wide variable's state at some point of the trail: its bounds, its
/// size, and how many holes its stack held ([`DomainStore::wide_holes`]:
/// those strictly between the bounds are out of the domain). Empty when
/// `size` is 0 (the bounds may then cross).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct WideState {
    pub(crate) lo: u32,
    pub(crate) hi: u32,
    pub(crate) size: u32,
    pub(crate) holes: u32,
}

/// A change of a wide variable on the trail ([`DomainStore::wide_trail_entry`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct WideChange {
    pub(crate) var: VarId,
    /// Its state before the change (`holes` unknown: 0).
    pub(crate) before: WideState,
    /// The change pushed a hole (the top of the stack then).
    pub(crate) hole: bool,
}

/// One undoable change of one variable (values removed, or an
/// assignment), or one value removed from some variables of a block
/// ([`HOLDERS`]).
#[derive(Clone, Copy, Debug)]
struct TrailEntry {
    /// The variable, with [`ASSIGNMENT`] set for an assignment.
    var: u32,
    /// Its domain's size before the change.
    size: u32,
    /// Its domain before the change.
    old: u64,
}

/// The number of values in `bits`, quick for the usual zero or one.
#[inline]
fn count(bits: u64) -> u32 {
    if bits & bits.wrapping_sub(1) == 0 {
        u32::from(bits != 0)
    } else {
        bits.count_ones()
    }
}

/// One variable's state: its domain, the domain's size, and its value
/// once assigned (kept together: the hot operations touch all three).
#[derive(Clone, Copy, Debug)]
struct Slot {
    /// Bit `v` is set when value `v` is in the domain.
    bits: u64,
    size: u32,
    /// The value, or [`UNASSIGNED`].
    assigned: u32,
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

/// The domains of all variables (one 64-bit word per variable), their
/// sizes, which variables are *assigned* (filled), the open variables by
/// domain size and by value held (bitsets kept on every change), the
/// propagators' state words, and a trail of every change so that
/// [`DomainStore::restore`] undoes everything done since the matching
/// [`DomainStore::checkpoint`].
///
/// A variable whose domain has one value is not necessarily assigned: with
/// forward checking, a cell with one candidate is still empty until search or
/// a stronger propagation level fills it.
#[derive(Clone, Debug)]
pub struct DomainStore {
    /// Each variable's domain (read as a [`ValueSet`]), size and value.
    slots: Vec<Slot>,
    /// Bucket `k` (blocks `k * stride ..`): the unassigned variables whose
    /// domain has `k` values, kept up to date on every change so that
    /// "fewest candidates" is a scan of a few words. One bucket per size up
    /// to the largest initial domain (domains only shrink).
    by_size: Vec<u64>,
    /// Blocks per bucket.
    stride: usize,
    /// The unassigned variables (every bucket's, kept as one set so that
    /// "first open variable" is a find-first-set).
    open: Vec<u64>,
    /// Holder set `v` (blocks `v * stride ..`): the unassigned variables
    /// whose domain holds value `v`, kept up to date on every change, so
    /// that "which open variables of these still hold `v`" is a few word
    /// operations ([`DomainStore::holders`]).
    holders: Vec<u64>,
    /// `value_use[v]`: how many assigned variables hold value `v`.
    value_use: [u32; 64],
    assigned_count: u32,
    trail: Vec<TrailEntry>,
    /// The shortest the trail has been since [`DomainStore::mark_verified`]:
    /// the entries past it are the changes since then.
    low_water: usize,
    checkpoints: Vec<Checkpoint>,
    /// The propagators' state words ([`crate::Propagator::state_words`]),
    /// each with the stamp of the checkpoint whose trail holds its value
    /// from before that checkpoint (a word is trailed once per checkpoint).
    state: Vec<StateWord>,
    /// `(word, old value)` pairs.
    state_trail: Vec<(u32, u64)>,
    /// For each variable, the index of its [`WideDomain`] in `wide`, or
    /// [`NARROW`]; empty when every variable is narrow.
    wide_of: Vec<u32>,
    /// The domains of the wide variables (their slots' `bits` are 0).
    wide: Vec<WideDomain>,
    /// The bucket of every size from this one up (wide variables only;
    /// `u32::MAX` when there are none): the buckets go up to the largest
    /// initial domain of a narrow variable, or 64, and the wide
    /// variables of more values share the last.
    overflow: u32,
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
        DomainStore::with_wide(domains, &[], words)
    }

    /// A store with the given initial domains, of which the variables of
    /// `wide` are wide ones (variable, number of values: its values are
    /// `0..count`; its entry of `domains` is ignored), and `words` state
    /// words, all zero.
    ///
    /// # Panics
    /// If a wide variable has no value or more than [`MAX_WIDE_VALUES`],
    /// or is not a variable of `domains`.
    pub fn with_wide(domains: &[ValueSet], wide: &[(VarId, u32)], words: usize) -> DomainStore {
        if wide.is_empty() {
            return DomainStore::narrow(domains, words);
        }
        let n = domains.len();
        let stride = n.div_ceil(64).max(1);
        let mut wide_of = if wide.is_empty() {
            Vec::new()
        } else {
            vec![NARROW; n]
        };
        for (k, &(var, count)) in wide.iter().enumerate() {
            assert!(count > 0, "a wide variable has a value at least");
            wide_of[var.index()] = k as u32;
        }
        let is_wide = |i: usize| wide_of.get(i).is_some_and(|&w| w != NARROW);
        let narrow_size = |i: usize| if is_wide(i) { 0 } else { domains[i].len() };
        let largest = (0..n).map(narrow_size).max().unwrap_or(0) as usize;
        let overflow = if wide.is_empty() {
            u32::MAX
        } else {
            largest.max(64) as u32 + 1
        };
        let buckets = if wide.is_empty() {
            largest + 1
        } else {
            overflow as usize + 1
        };
        let sizes: Vec<u32> = (0..n)
            .map(|i| match wide_of.get(i) {
                Some(&w) if w != NARROW => wide[w as usize].1,
                _ => domains[i].len(),
            })
            .collect();
        let mut by_size = vec![0u64; buckets * stride];
        let values = (0..n)
            .filter(|&i| !is_wide(i))
            .map(|i| domains[i].max().map_or(0, |v| v + 1))
            .max();
        let mut holders = vec![0u64; values.unwrap_or(0) as usize * stride];
        let mut open = vec![0u64; stride];
        for (i, d) in domains.iter().enumerate() {
            let bucket = sizes[i].min(overflow) as usize;
            by_size[bucket * stride + i / 64] |= 1 << (i % 64);
            open[i / 64] |= 1 << (i % 64);
            if !is_wide(i) {
                for v in d.iter() {
                    holders[v as usize * stride + i / 64] |= 1 << (i % 64);
                }
            }
        }
        // The most the trail can hold: each change removes a value at
        // least, or assigns (a wide variable's changes are counted as 64:
        // the trail grows past that only by doubling, never per node).
        let trail = (0..n)
            .map(|i| {
                if is_wide(i) {
                    65
                } else {
                    sizes[i] as usize + 1
                }
            })
            .sum();
        DomainStore {
            slots: (0..n)
                .map(|i| Slot {
                    bits: if is_wide(i) { 0 } else { domains[i].0 },
                    size: sizes[i],
                    assigned: UNASSIGNED,
                })
                .collect(),
            by_size,
            stride,
            open,
            holders,
            value_use: [0; 64],
            assigned_count: 0,
            trail: Vec::with_capacity(trail),
            low_water: 0,
            // One per placement in force, plus one for a probe.
            checkpoints: Vec::with_capacity(n + 2),
            state: vec![StateWord::default(); words],
            // Each word at most once per open checkpoint.
            state_trail: Vec::with_capacity(words * (n + 2)),
            epoch: 0,
            next_epoch: 1,
            wide: wide
                .iter()
                .map(|&(_, count)| WideDomain::new(count))
                .collect(),
            wide_of,
            overflow,
        }
    }

    /// A store of narrow variables only (what [`with_wide`](Self::with_wide)
    /// makes without wide ones, in fewer steps: it is made once per puzzle).
    fn narrow(domains: &[ValueSet], words: usize) -> DomainStore {
        let stride = domains.len().div_ceil(64).max(1);
        let largest = domains.iter().map(|d| d.len() as usize).max().unwrap_or(0);
        let mut by_size = vec![0u64; (largest + 1) * stride];
        let values = domains.iter().map(|d| d.max().map_or(0, |v| v + 1)).max();
        let mut holders = vec![0u64; values.unwrap_or(0) as usize * stride];
        let mut open = vec![0u64; stride];
        for (i, d) in domains.iter().enumerate() {
            by_size[d.len() as usize * stride + i / 64] |= 1 << (i % 64);
            open[i / 64] |= 1 << (i % 64);
            for v in d.iter() {
                holders[v as usize * stride + i / 64] |= 1 << (i % 64);
            }
        }
        DomainStore {
            slots: (domains.iter())
                .map(|d| Slot {
                    bits: d.0,
                    size: d.len(),
                    assigned: UNASSIGNED,
                })
                .collect(),
            by_size,
            stride,
            open,
            holders,
            value_use: [0; 64],
            assigned_count: 0,
            // The most the trail can hold: each change removes a value at
            // least, or assigns. Reserved once, so search never reallocates.
            trail: Vec::with_capacity(domains.iter().map(|d| d.len() as usize + 1).sum()),
            low_water: 0,
            // One per placement in force, plus one for a probe.
            checkpoints: Vec::with_capacity(domains.len() + 2),
            state: vec![StateWord::default(); words],
            // Each word at most once per open checkpoint.
            state_trail: Vec::with_capacity(words * (domains.len() + 2)),
            epoch: 0,
            next_epoch: 1,
            wide: Vec::new(),
            wide_of: Vec::new(),
            overflow: u32::MAX,
        }
    }

    /// The number of variables.
    #[inline]
    pub fn num_vars(&self) -> usize {
        self.slots.len()
    }

    /// The current domain of `var`, a narrow variable (a wide one reads as
    /// empty: see [`is_wide`](Self::is_wide)).
    #[inline]
    pub fn domain(&self, var: VarId) -> ValueSet {
        ValueSet(self.slots[var.index()].bits)
    }

    /// Whether `value` is in the domain of `var`.
    #[inline]
    pub fn contains(&self, var: VarId, value: u32) -> bool {
        value < 64 && self.domain(var).contains(value)
    }

    /// The number of values in the domain of `var`.
    #[inline]
    pub fn size(&self, var: VarId) -> u32 {
        self.slots[var.index()].size
    }

    /// The value of `var` if it is assigned.
    #[inline]
    pub fn value(&self, var: VarId) -> Option<u32> {
        let v = self.slots[var.index()].assigned;
        (v != UNASSIGNED).then_some(v)
    }

    /// Whether `var` is assigned.
    #[inline]
    pub fn is_assigned(&self, var: VarId) -> bool {
        self.slots[var.index()].assigned != UNASSIGNED
    }

    /// How many variables are assigned.
    #[inline]
    pub fn assigned_count(&self) -> u32 {
        self.assigned_count
    }

    /// Whether `var` is a wide variable (its domain an interval with holes,
    /// read through [`lower`](Self::lower), [`upper`](Self::upper) and
    /// [`holds`](Self::holds); its [`domain`](Self::domain) reads empty).
    #[inline]
    pub fn is_wide(&self, var: VarId) -> bool {
        self.wide_index(var.index()).is_some()
    }

    /// Whether some variable is wide.
    #[inline]
    pub fn has_wide(&self) -> bool {
        !self.wide.is_empty()
    }

    /// The index of variable `i`'s wide domain, if it is wide.
    #[inline(always)]
    fn wide_index(&self, i: usize) -> Option<usize> {
        match self.wide_of.get(i) {
            Some(&w) if w != NARROW => Some(w as usize),
            _ => None,
        }
    }

    /// The smallest value of `var` (narrow or wide), `None` when its domain
    /// is empty.
    #[inline]
    pub fn lower(&self, var: VarId) -> Option<u32> {
        let i = var.index();
        if self.slots[i].bits != 0 {
            return self.domain(var).min();
        }
        match self.wide_index(i) {
            Some(w) => (self.slots[i].size > 0).then(|| self.wide[w].lo),
            None => self.domain(var).min(),
        }
    }

    /// The largest value of `var` (narrow or wide), `None` when its domain
    /// is empty.
    #[inline]
    pub fn upper(&self, var: VarId) -> Option<u32> {
        let i = var.index();
        match self.wide_index(i) {
            Some(w) => (self.slots[i].size > 0).then(|| self.wide[w].hi),
            None => self.domain(var).max(),
        }
    }

    /// Whether `value` is in the domain of `var` (narrow or wide).
    #[inline]
    pub fn holds(&self, var: VarId, value: u32) -> bool {
        let i = var.index();
        match self.wide_index(i) {
            Some(w) => self.wide[w].contains(value, self.slots[i].size),
            None => self.contains(var, value),
        }
    }

    /// The values of `var` (narrow or wide), smallest first.
    pub fn values(&self, var: VarId) -> Box<dyn Iterator<Item = u32> + '_> {
        let i = var.index();
        match self.wide_index(i) {
            Some(w) => Box::new(self.wide[w].values(self.slots[i].size)),
            None => Box::new(self.domain(var).iter()),
        }
    }

    /// The `k`th value of `var` (narrow or wide), smallest first.
    pub fn nth_value(&self, var: VarId, k: u32) -> Option<u32> {
        let i = var.index();
        match self.wide_index(i) {
            Some(w) => self.wide[w].nth(k, self.slots[i].size),
            None => self.domain(var).iter().nth(k as usize),
        }
    }

    /// The bucket of `size` values.
    #[inline(always)]
    fn bucket_of(&self, size: u32) -> u32 {
        size.min(self.overflow)
    }

    /// The unassigned variables of the overflow bucket (wide variables of
    /// more values than the other buckets hold) that have `size` values,
    /// block `b`.
    #[inline(never)]
    fn overflow_block_of_size(&self, size: u32, b: usize) -> u64 {
        let mut w = self.by_size[self.overflow as usize * self.stride + b];
        let mut out = 0;
        while w != 0 {
            let k = w.trailing_zeros();
            if self.slots[b * 64 + k as usize].size == size {
                out |= 1 << k;
            }
            w &= w - 1;
        }
        out
    }

    /// The smallest and largest sizes in the overflow bucket.
    #[inline(never)]
    fn overflow_sizes(&self) -> Option<(u32, u32)> {
        let start = self.overflow as usize * self.stride;
        let mut out: Option<(u32, u32)> = None;
        for b in 0..self.stride {
            let mut w = self.by_size[start + b];
            while w != 0 {
                let size = self.slots[b * 64 + w.trailing_zeros() as usize].size;
                out = Some(out.map_or((size, size), |(a, z)| (a.min(size), z.max(size))));
                w &= w - 1;
            }
        }
        out
    }

    /// The block and bit of variable `i` in the bucket of `size`.
    #[inline]
    fn bucket_at(&self, size: u32, i: usize) -> (usize, u64) {
        (size as usize * self.stride + i / 64, 1u64 << (i % 64))
    }

    /// Variable `i`, of `size` values, is being assigned: it leaves its
    /// bucket and the open set.
    #[inline]
    fn leave_bucket(&mut self, i: usize, size: u32) {
        let (block, bit) = self.bucket_at(size, i);
        self.by_size[block] &= !bit;
        self.open[i / 64] &= !bit;
    }

    /// Variable `i`, of `size` values, is being unassigned: it enters its
    /// bucket and the open set.
    #[inline]
    fn enter_bucket(&mut self, i: usize, size: u32) {
        let (block, bit) = self.bucket_at(size, i);
        self.by_size[block] |= bit;
        self.open[i / 64] |= bit;
    }

    /// Moves an unassigned variable, bit `bit` of block `block`, from the
    /// bucket of size `from` to that of size `to`.
    #[inline]
    fn move_bucket(&mut self, (block, bit): (usize, u64), from: u32, to: u32) {
        let stride = self.stride;
        self.by_size[from as usize * stride + block] &= !bit;
        self.by_size[to as usize * stride + block] |= bit;
    }

    /// Sets the domain of variable `i` (trailed by the caller) and its
    /// size, keeping its bucket and holder sets.
    #[inline(always)]
    fn set_domain(&mut self, i: usize, domain: u64, size: u32) {
        let slot = &mut self.slots[i];
        let was = std::mem::replace(&mut slot.bits, domain);
        let old = std::mem::replace(&mut slot.size, size);
        if slot.assigned == UNASSIGNED {
            if old != size {
                self.move_bucket((i / 64, 1 << (i % 64)), old, size);
            }
            self.toggle_holders(i, was ^ domain);
        }
    }

    /// Flips variable `i` in the holder sets of the values of `values`.
    #[inline]
    fn toggle_holders(&mut self, i: usize, values: u64) {
        let (block, bit) = (i / 64, 1u64 << (i % 64));
        let mut w = values;
        while w != 0 {
            self.holders[w.trailing_zeros() as usize * self.stride + block] ^= bit;
            w &= w - 1;
        }
    }

    /// Block `b` of [`holders`](Self::holders)`(value)`.
    #[inline(always)]
    pub fn holder_block(&self, value: u32, b: usize) -> u64 {
        (self.holders)
            .get(value as usize * self.stride + b)
            .copied()
            .unwrap_or(0)
    }

    /// The unassigned variables whose domain holds `value`, one bit per
    /// variable in blocks of 64 (block `b`, bit `k`: variable `64 b + k`).
    #[inline]
    pub fn holders(&self, value: u32) -> &[u64] {
        let start = value as usize * self.stride;
        self.holders.get(start..start + self.stride).unwrap_or(&[])
    }

    /// The blocks of each bucket, smallest size first.
    #[inline]
    fn buckets(&self) -> std::slice::Chunks<'_, u64> {
        self.by_size.chunks(self.stride)
    }

    /// The smallest domain size among the unassigned variables (`None`
    /// when all are assigned).
    #[inline]
    pub fn smallest_open_size(&self) -> Option<u32> {
        let k = (self.buckets()).position(|b| b.iter().any(|&w| w != 0))? as u32;
        if k >= self.overflow {
            return self.overflow_sizes().map(|(smallest, _)| smallest);
        }
        Some(k)
    }

    /// The largest domain size among the unassigned variables.
    #[inline]
    pub fn largest_open_size(&self) -> Option<u32> {
        let k = (self.buckets()).rposition(|b| b.iter().any(|&w| w != 0))? as u32;
        if k >= self.overflow {
            return self.overflow_sizes().map(|(_, largest)| largest);
        }
        Some(k)
    }

    /// Appends to `out` the unassigned variables whose domain has `size`
    /// values, in index order.
    #[inline]
    pub fn open_of_size(&self, size: u32, out: &mut Vec<VarId>) {
        if size >= self.overflow {
            for b in 0..self.stride {
                let mut w = self.overflow_block_of_size(size, b);
                while w != 0 {
                    out.push(VarId(b as u32 * 64 + w.trailing_zeros()));
                    w &= w - 1;
                }
            }
            return;
        }
        let blocks = self.buckets().nth(size as usize).unwrap_or(&[]);
        for (b, &block) in blocks.iter().enumerate() {
            let mut w = block;
            out.reserve(w.count_ones() as usize);
            while w != 0 {
                out.push(VarId(b as u32 * 64 + w.trailing_zeros()));
                w &= w - 1;
            }
        }
    }

    /// The first unassigned variable (in index order) of those with the
    /// fewest values: the first of [`open_of_size`](Self::open_of_size)
    /// at [`smallest_open_size`](Self::smallest_open_size), in one pass
    /// over the buckets.
    #[inline]
    pub fn first_of_smallest_open(&self) -> Option<VarId> {
        // The buckets are laid out smallest first, so the first non-empty
        // block is in the smallest non-empty bucket.
        let at = self.by_size.iter().position(|&w| w != 0)?;
        if at / self.stride >= self.overflow as usize {
            return self.first_open_of_size(self.smallest_open_size()?);
        }
        let block = at % self.stride;
        Some(VarId(block as u32 * 64 + self.by_size[at].trailing_zeros()))
    }

    /// The first unassigned variable in index order, from the buckets.
    #[inline]
    pub fn first_open(&self) -> Option<VarId> {
        (0..self.stride).find_map(|b| {
            let w = self.open_block(b);
            (w != 0).then(|| VarId(b as u32 * 64 + w.trailing_zeros()))
        })
    }

    /// The last unassigned variable in index order, from the buckets.
    #[inline]
    pub fn last_open(&self) -> Option<VarId> {
        (0..self.stride).rev().find_map(|b| {
            let w = self.open_block(b);
            (w != 0).then(|| VarId(b as u32 * 64 + 63 - w.leading_zeros()))
        })
    }

    /// The unassigned variables in index order, from the buckets (no scan
    /// of the variables).
    #[inline]
    pub fn open_vars(&self) -> impl Iterator<Item = VarId> + '_ {
        (0..self.stride).flat_map(|b| {
            let mut w = self.open_block(b);
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let k = w.trailing_zeros();
                    w &= w - 1;
                    VarId(b as u32 * 64 + k)
                })
            })
        })
    }

    /// Every bucket's blocks, smallest size first: block `k * stride + b`
    /// holds bit `i % 64` for each unassigned variable `i` with `k` values
    /// and `i / 64 == b` ([`bucket_stride`](Self::bucket_stride) blocks
    /// per bucket). A variable's (assigned, size) changed between two
    /// looks exactly when its bit differs in some block.
    #[inline]
    pub fn bucket_words(&self) -> &[u64] {
        &self.by_size
    }

    /// Blocks per bucket of [`bucket_words`](Self::bucket_words).
    #[inline]
    pub fn bucket_stride(&self) -> usize {
        self.stride
    }

    /// Block `b` of the unassigned variables (bit `k`: variable
    /// `64 b + k`), for `b` below [`bucket_stride`](Self::bucket_stride).
    #[inline(always)]
    pub fn open_block(&self, b: usize) -> u64 {
        self.open.get(b).copied().unwrap_or(0)
    }

    /// The unassigned variables, [`bucket_stride`](Self::bucket_stride)
    /// blocks (block `b`, bit `k`: variable `64 b + k`).
    #[inline(always)]
    pub fn open_blocks(&self) -> &[u64] {
        &self.open
    }

    /// Block `b` of the unassigned variables whose domain has `size`
    /// values (bit `k`: variable `64 b + k`).
    #[inline(always)]
    pub fn open_block_of_size(&self, size: u32, b: usize) -> u64 {
        if size >= self.overflow {
            return if b < self.stride {
                self.overflow_block_of_size(size, b)
            } else {
                0
            };
        }
        (self.by_size)
            .get(size as usize * self.stride + b)
            .copied()
            .unwrap_or(0)
    }

    /// The first of [`open_of_size`](Self::open_of_size).
    #[inline]
    pub fn first_open_of_size(&self, size: u32) -> Option<VarId> {
        if size >= self.overflow {
            return (0..self.stride).find_map(|b| {
                let w = self.overflow_block_of_size(size, b);
                (w != 0).then(|| VarId(b as u32 * 64 + w.trailing_zeros()))
            });
        }
        let blocks = self.buckets().nth(size as usize)?;
        let (b, &w) = blocks.iter().enumerate().find(|(_, w)| **w != 0)?;
        Some(VarId(b as u32 * 64 + w.trailing_zeros()))
    }

    /// How many assigned variables hold `value`.
    #[inline]
    pub fn value_use(&self, value: u32) -> u32 {
        self.value_use[value as usize]
    }

    /// Removes `value` from the domain of `var`. Returns whether it was there.
    #[inline]
    pub fn remove(&mut self, var: VarId, value: u32) -> bool {
        value < 64 && !self.remove_values(var, ValueSet::single(value)).is_empty()
    }

    /// Removes every value of `values` from the domain of `var` (one trail
    /// entry); returns those that were there.
    #[inline(always)]
    pub fn remove_values(&mut self, var: VarId, values: ValueSet) -> ValueSet {
        let i = var.index();
        let Slot {
            bits: old, size, ..
        } = self.slots[i];
        let gone = old & values.0;
        if gone != 0 {
            self.trail.push(TrailEntry {
                var: var.0,
                size,
                old,
            });
            self.set_domain(i, old & !gone, size - count(gone));
        }
        ValueSet(gone)
    }

    /// Removes `value` from those of the 64 variables of block `block`
    /// (variables `64 block ..`) in `vars` that are its
    /// [`holders`](Self::holders), in increasing order, in one trail
    /// entry. With `stop_at_empty`, stops after the first domain it
    /// empties. Returns how many lost `value`, and whether a domain was
    /// emptied.
    #[inline(always)]
    pub fn remove_from_holders(
        &mut self,
        value: u32,
        block: usize,
        vars: u64,
        stop_at_empty: bool,
    ) -> (u32, bool) {
        let stride = self.stride;
        let held = value as usize * stride + block;
        let Some(&holders) = self.holders.get(held) else {
            return (0, false);
        };
        let mut left = vars & holders;
        if left == 0 {
            return (0, false);
        }
        let (mut done, mut emptied) = (0, false);
        while left != 0 {
            let bit = left & left.wrapping_neg();
            let slot = &mut self.slots[block * 64 + left.trailing_zeros() as usize];
            slot.bits &= !(1 << value);
            let size = slot.size;
            slot.size = size - 1;
            self.move_bucket((block, bit), size, size - 1);
            done |= bit;
            left ^= bit;
            if size == 1 && stop_at_empty {
                emptied = true;
                break;
            }
        }
        self.holders[held] = holders & !done;
        self.trail.push(TrailEntry {
            var: HOLDERS | block as u32,
            size: value,
            old: done,
        });
        (done.count_ones(), emptied)
    }

    /// Sets the size of wide variable `i` from `old` to `size`, moving it
    /// between buckets if unassigned.
    #[inline]
    fn resize_wide(&mut self, i: usize, old: u32, size: u32) {
        self.slots[i].size = size;
        if self.slots[i].assigned == UNASSIGNED {
            let (from, to) = (self.bucket_of(old), self.bucket_of(size));
            if from != to {
                self.move_bucket((i / 64, 1 << (i % 64)), from, to);
            }
        }
    }

    /// Raises the smallest value of `var` to `value` at least (narrow or
    /// wide); returns whether a value went. A value above the largest
    /// empties the domain.
    pub fn raise_lower(&mut self, var: VarId, value: u32) -> bool {
        let i = var.index();
        let Some(w) = self.wide_index(i) else {
            let below = ValueSet::between(0, i64::from(value) - 1);
            return !self.remove_values(var, below).is_empty();
        };
        let size = self.slots[i].size;
        let d = &mut self.wide[w];
        if size == 0 || value <= d.lo {
            return false;
        }
        let old = d.bounds();
        let left = if value > d.hi {
            // Empty: the bound still says how far it was raised (above the
            // largest), which a learning search's analysis reads.
            d.lo = value;
            0
        } else {
            size - d.raise_lo(value)
        };
        self.bounds_moved(var, size, old, left);
        true
    }

    /// Wide variable `var`, of `size` values and bounds `old` (packed),
    /// has new bounds and `left` values: trails the change, resizes.
    #[inline]
    fn bounds_moved(&mut self, var: VarId, size: u32, old: u64, left: u32) {
        self.trail.push(TrailEntry {
            var: var.0 | WIDE,
            size,
            old,
        });
        self.resize_wide(var.index(), size, left);
    }

    /// Lowers the largest value of `var` to `value` at most (narrow or
    /// wide); returns whether a value went. A value below the smallest
    /// empties the domain.
    pub fn lower_upper(&mut self, var: VarId, value: u32) -> bool {
        let i = var.index();
        let Some(w) = self.wide_index(i) else {
            let above = ValueSet::between(i64::from(value) + 1, 63);
            return !self.remove_values(var, above).is_empty();
        };
        let size = self.slots[i].size;
        let d = &mut self.wide[w];
        if size == 0 || value >= d.hi {
            return false;
        }
        let old = d.bounds();
        let left = if value < d.lo {
            // Empty, the bound below the smallest (as `raise_lower`).
            d.hi = value;
            0
        } else {
            size - d.lower_hi(value)
        };
        self.bounds_moved(var, size, old, left);
        true
    }

    /// Removes `value` from the domain of `var` (narrow or wide); returns
    /// whether it was there. From a wide variable, the smallest or largest
    /// value moves the bound, another one becomes a hole.
    pub fn remove_value(&mut self, var: VarId, value: u32) -> bool {
        let i = var.index();
        let Some(w) = self.wide_index(i) else {
            return self.remove(var, value);
        };
        let size = self.slots[i].size;
        let d = &self.wide[w];
        if !d.contains(value, size) {
            return false;
        }
        if value == d.lo {
            return self.raise_lower(var, value + 1);
        }
        if value == d.hi {
            return self.lower_upper(var, value - 1);
        }
        let old = d.bounds();
        self.wide[w].holes.push(value);
        self.trail.push(TrailEntry {
            var: var.0 | WIDE | HOLE,
            size,
            old,
        });
        self.resize_wide(i, size, size - 1);
        true
    }

    /// [`assign`](Self::assign) for wide variable `i`, the `w`th.
    #[inline(never)]
    fn assign_wide(&mut self, i: usize, w: usize, value: u32) {
        let size = self.slots[i].size;
        let d = &mut self.wide[w];
        let held = d.contains(value, size);
        self.trail.push(TrailEntry {
            var: i as u32 | ASSIGNMENT | WIDE,
            size,
            old: d.bounds(),
        });
        if held {
            (d.lo, d.hi) = (value, value);
        } else {
            // Empty: the bounds cross (`lo` above `hi`), as a bound moved
            // past the other one leaves them.
            d.lo = d.hi + 1;
        }
        let bucket = self.bucket_of(size);
        self.leave_bucket(i, bucket);
        self.slots[i].size = u32::from(held);
        self.slots[i].assigned = value;
        self.assigned_count += 1;
    }

    /// Undoes trail entry `var` (flags included), `size`, `old` of a wide
    /// variable.
    #[inline(never)]
    fn restore_wide(&mut self, var: u32, size: u32, old: u64) {
        let i = (var & !FLAGS) as usize;
        let w = self.wide_of[i] as usize;
        if var & HOLE != 0 {
            self.wide[w].holes.pop();
        }
        self.wide[w].set_bounds(old);
        if var & ASSIGNMENT != 0 {
            self.slots[i].assigned = UNASSIGNED;
            self.slots[i].size = size;
            self.assigned_count -= 1;
            let bucket = self.bucket_of(size);
            self.enter_bucket(i, bucket);
        } else {
            let now = self.slots[i].size;
            self.resize_wide(i, now, size);
        }
    }

    /// Assigns `value` to `var`: marks it assigned and removes every other
    /// value from its domain. `value` need not be in the domain (the domain
    /// then becomes empty, which callers treat as a conflict).
    ///
    /// # Panics
    /// If `var` is already assigned.
    #[inline(always)]
    pub fn assign(&mut self, var: VarId, value: u32) {
        assert!(!self.is_assigned(var), "{var} is assigned already");
        let i = var.index();
        let Slot {
            bits: old, size, ..
        } = self.slots[i];
        // A wide variable's word is empty: only then is its kind looked up.
        if old == 0
            && let Some(w) = self.wide_index(i)
        {
            return self.assign_wide(i, w, value);
        }
        self.trail.push(TrailEntry {
            var: var.0 | ASSIGNMENT,
            size,
            old,
        });
        self.leave_bucket(i, size);
        self.toggle_holders(i, old);
        let left = old & ValueSet::single(value).0;
        self.slots[i] = Slot {
            bits: left,
            size: count(left),
            assigned: value,
        };
        self.value_use[value as usize] += 1;
        self.assigned_count += 1;
    }

    /// How many changes the trail holds.
    #[inline]
    pub(crate) fn trail_len(&self) -> usize {
        self.trail.len()
    }

    /// The changes on the trail from position `from`, oldest first: each
    /// variable, its domain before the change, and whether the change
    /// assigned it.
    ///
    /// # Panics
    /// On a removal from holders ([`DomainStore::remove_from_holders`]):
    /// the search makes those only while no tracer reads the trail.
    pub(crate) fn trail_since(&self, from: usize) -> impl Iterator<Item = (VarId, u64, bool)> + '_ {
        (self.trail[from..].iter()).map(|&e| DomainStore::traced(e))
    }

    /// A trail entry as a tracer reads it. A wide variable's entry reads
    /// as an empty domain word (its bounds and holes are no 64-bit set:
    /// a trace shows its assignment, not the values its bounds lost).
    #[inline]
    fn traced(e: TrailEntry) -> (VarId, u64, bool) {
        assert!(e.var & HOLDERS == 0, "removals from holders are not traced");
        let assigned = e.var & ASSIGNMENT != 0;
        if e.var & WIDE != 0 {
            return (VarId(e.var & !FLAGS), 0, assigned);
        }
        (VarId(e.var & !ASSIGNMENT), e.old, assigned)
    }

    /// The change at trail position `k`: the variable, its domain before
    /// the change, and whether the change assigned it (as
    /// [`trail_since`](Self::trail_since)).
    ///
    /// # Panics
    /// On a removal from holders, as `trail_since`.
    #[inline]
    pub(crate) fn trail_entry(&self, k: usize) -> (VarId, u64, bool) {
        DomainStore::traced(self.trail[k])
    }

    /// The domain's size before the change at trail position `k`.
    #[inline]
    pub(crate) fn trail_size(&self, k: usize) -> u32 {
        self.trail[k].size
    }

    /// The change at trail position `k` if it is of a wide variable: the
    /// variable's state before it.
    #[inline]
    pub(crate) fn wide_trail_entry(&self, k: usize) -> Option<WideChange> {
        let e = self.trail[k];
        (e.var & WIDE != 0 && e.var & HOLDERS == 0).then_some(WideChange {
            var: VarId(e.var & !FLAGS),
            before: WideState {
                lo: (e.old >> 32) as u32,
                hi: e.old as u32,
                size: e.size,
                holes: 0,
            },
            hole: e.var & HOLE != 0,
        })
    }

    /// The state of wide variable `var` now.
    ///
    /// # Panics
    /// If `var` is narrow.
    pub(crate) fn wide_state(&self, var: VarId) -> WideState {
        let i = var.index();
        let d = &self.wide[self.wide_index(i).expect("a wide variable")];
        WideState {
            lo: d.lo,
            hi: d.hi,
            size: self.slots[i].size,
            holes: d.holes.len() as u32,
        }
    }

    /// The stack of holes of wide variable `var`, oldest first (those no
    /// longer between its bounds included: see [`WideState`]).
    ///
    /// # Panics
    /// If `var` is narrow.
    pub(crate) fn wide_holes(&self, var: VarId) -> &[u32] {
        &self.wide[self.wide_index(var.index()).expect("a wide variable")].holes
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
        self.low_water = self.low_water.min(mark);
        while self.state_trail.len() > state_trail {
            let (i, word) = self.state_trail.pop().expect("state trail underflow");
            self.state[i as usize].word = word;
        }
        if self.wide.is_empty() {
            // No wide variable: the narrow undo over borrows of the parts
            // it changes, which the loop keeps in registers (cachegrind:
            // through `self` each entry reloaded them).
            let (trail, mut parts) = self.narrow_parts();
            for &entry in trail[mark..].iter().rev() {
                parts.undo(entry);
            }
            self.assigned_count -= parts.unassigned;
            self.trail.truncate(mark);
            return;
        }
        while self.trail.len() > mark {
            let entry = self.trail.pop().expect("trail underflow");
            if entry.var & WIDE != 0 {
                self.restore_wide(entry.var, entry.size, entry.old);
            } else {
                self.undo_narrow(entry);
            }
        }
    }

    /// Notes the present domains as verified: from now on,
    /// [`DomainStore::all_changed_since_verified`] goes through the
    /// variables changed after this point.
    pub(crate) fn mark_verified(&mut self) {
        self.low_water = self.trail.len();
    }

    /// Whether `f` holds for every variable (by index) whose domain
    /// changed since [`DomainStore::mark_verified`] (undone changes
    /// included, some variables more than once), stopping at the first
    /// that fails. A variable not given has the domain it had then.
    pub(crate) fn all_changed_since_verified(&self, mut f: impl FnMut(usize) -> bool) -> bool {
        (self.trail[self.low_water.min(self.trail.len())..].iter()).all(|e| {
            if e.var & HOLDERS != 0 {
                let first = ((e.var & !HOLDERS) as usize) * 64;
                let mut bits = e.old;
                while bits != 0 {
                    if !f(first + bits.trailing_zeros() as usize) {
                        return false;
                    }
                    bits &= bits - 1;
                }
                true
            } else {
                f((e.var & !FLAGS) as usize)
            }
        })
    }

    /// Undoes one trail entry of a narrow variable (or of holder sets),
    /// as [`NarrowParts::undo`] does.
    fn undo_narrow(&mut self, entry: TrailEntry) {
        let (_, mut parts) = self.narrow_parts();
        parts.undo(entry);
        let unassigned = parts.unassigned;
        self.assigned_count -= unassigned;
    }

    /// The trail, and the parts that undoing narrow entries changes,
    /// borrowed apart.
    #[inline(always)]
    fn narrow_parts(&mut self) -> (&[TrailEntry], NarrowParts<'_>) {
        let parts = NarrowParts {
            slots: &mut self.slots,
            by_size: &mut self.by_size,
            open: &mut self.open,
            holders: &mut self.holders,
            value_use: &mut self.value_use,
            stride: self.stride,
            unassigned: 0,
        };
        (&self.trail, parts)
    }
}

/// The parts of a [`DomainStore`] that undoing narrow trail entries
/// changes, borrowed apart (see [`DomainStore::restore`]).
struct NarrowParts<'a> {
    slots: &'a mut [Slot],
    by_size: &'a mut [u64],
    open: &'a mut [u64],
    holders: &'a mut [u64],
    value_use: &'a mut [u32; 64],
    stride: usize,
    /// How many assignments were undone.
    unassigned: u32,
}

impl NarrowParts<'_> {
    /// Undoes one trail entry of a narrow variable (or of holder sets):
    /// what [`DomainStore::undo_narrow`] does.
    #[inline(always)]
    fn undo(&mut self, TrailEntry { var, size, old }: TrailEntry) {
        let stride = self.stride;
        if var & HOLDERS != 0 {
            let block = (var & !HOLDERS) as usize;
            self.holders[size as usize * stride + block] |= old;
            let mut left = old;
            while left != 0 {
                let bit = left & left.wrapping_neg();
                let slot = &mut self.slots[block * 64 + left.trailing_zeros() as usize];
                slot.bits |= 1 << size;
                let was = slot.size;
                slot.size = was + 1;
                self.by_size[was as usize * stride + block] &= !bit;
                self.by_size[(was + 1) as usize * stride + block] |= bit;
                left ^= bit;
            }
            return;
        }
        let i = (var & !ASSIGNMENT) as usize;
        let (block, bit) = (i / 64, 1u64 << (i % 64));
        let slot = &mut self.slots[i];
        let changed = if var & ASSIGNMENT != 0 {
            let v = std::mem::replace(&mut slot.assigned, UNASSIGNED);
            slot.bits = old;
            slot.size = size;
            self.value_use[v as usize] -= 1;
            self.unassigned += 1;
            self.by_size[size as usize * stride + block] |= bit;
            self.open[block] |= bit;
            old
        } else {
            let was = std::mem::replace(&mut slot.bits, old);
            let before = std::mem::replace(&mut slot.size, size);
            if slot.assigned != UNASSIGNED {
                return;
            }
            if before != size {
                self.by_size[before as usize * stride + block] &= !bit;
                self.by_size[size as usize * stride + block] |= bit;
            }
            was ^ old
        };
        let mut w = changed;
        while w != 0 {
            self.holders[w.trailing_zeros() as usize * stride + block] ^= bit;
            w &= w - 1;
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

    /// A wide variable beside narrow ones, changed at random and checked
    /// after every change against a plain set of values, through
    /// checkpoints and restores.
    #[test]
    fn wide_variables_keep_bounds_holes_sizes_and_buckets() {
        use std::collections::BTreeSet;
        let count = 200;
        let mut s = DomainStore::with_wide(
            &[ValueSet::range(3), ValueSet::EMPTY, ValueSet::range(9)],
            &[(VarId(1), count)],
            0,
        );
        let x = VarId(1);
        assert!(s.is_wide(x) && !s.is_wide(VarId(0)) && s.has_wide());
        let mut reference: Vec<BTreeSet<u32>> = vec![(0..count).collect()];
        let mut assigned = vec![None];
        let check = |s: &DomainStore, r: &BTreeSet<u32>, a: Option<u32>| {
            assert_eq!(s.size(x) as usize, r.len());
            assert_eq!(s.lower(x), r.first().copied());
            assert_eq!(s.upper(x), r.last().copied());
            assert_eq!(s.values(x).collect::<BTreeSet<u32>>(), *r);
            for (k, &v) in r.iter().enumerate().step_by(7) {
                assert_eq!(s.nth_value(x, k as u32), Some(v));
            }
            assert_eq!(s.nth_value(x, r.len() as u32), None);
            assert_eq!(s.value(x), a);
            let mut of_size = Vec::new();
            s.open_of_size(r.len() as u32, &mut of_size);
            assert_eq!(of_size.contains(&x), a.is_none());
            assert_eq!(s.first_open_of_size(r.len() as u32) == Some(x), a.is_none());
        };
        let mut seed = 12345u64;
        let mut next = |n: u32| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) % u64::from(n)) as u32
        };
        for _ in 0..2000 {
            let r = reference.last().unwrap().clone();
            let a = *assigned.last().unwrap();
            match next(10) {
                0 | 1 if s.depth() < 30 => {
                    s.checkpoint();
                    reference.push(r);
                    assigned.push(a);
                    continue;
                }
                2 if s.depth() > 0 => {
                    s.restore();
                    reference.pop();
                    assigned.pop();
                }
                3 => {
                    let v = next(count + 5);
                    let changed = s.raise_lower(x, v);
                    let left: BTreeSet<u32> = r.iter().copied().filter(|&u| u >= v).collect();
                    assert_eq!(changed, left.len() < r.len());
                    *reference.last_mut().unwrap() = left;
                }
                4 => {
                    let v = next(count + 5);
                    let changed = s.lower_upper(x, v);
                    let left: BTreeSet<u32> = r.iter().copied().filter(|&u| u <= v).collect();
                    assert_eq!(changed, left.len() < r.len());
                    *reference.last_mut().unwrap() = left;
                }
                5 if a.is_none() && s.depth() > 0 => {
                    let v = next(count);
                    s.assign(x, v);
                    let left: BTreeSet<u32> = r.iter().copied().filter(|&u| u == v).collect();
                    *reference.last_mut().unwrap() = left;
                    *assigned.last_mut().unwrap() = Some(v);
                }
                _ => {
                    let v = next(count);
                    assert_eq!(s.remove_value(x, v), r.contains(&v));
                    reference.last_mut().unwrap().remove(&v);
                }
            }
            check(&s, reference.last().unwrap(), *assigned.last().unwrap());
            assert_eq!(s.smallest_open_size(), {
                let mut sizes = vec![3, 9];
                if assigned.last().unwrap().is_none() {
                    sizes.push(reference.last().unwrap().len() as u32);
                }
                sizes.into_iter().min()
            });
        }
        while s.depth() > 0 {
            s.restore();
        }
        // What was done outside every checkpoint stays.
        check(&s, &reference[0], assigned[0]);
        assert_eq!(
            s.largest_open_size(),
            Some(9.max(reference[0].len() as u32))
        );
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
    fn open_variables_are_kept_by_domain_size() {
        let mut s = DomainStore::new(&[ValueSet::range(4), ValueSet::range(3), ValueSet::range(3)]);
        // Checked against a scan of every variable.
        let open = |s: &DomainStore, k| {
            let all: Vec<VarId> = (0..s.num_vars() as u32)
                .map(VarId)
                .filter(|&v| !s.is_assigned(v) && s.size(v) == k)
                .collect();
            let mut kept = Vec::new();
            s.open_of_size(k, &mut kept);
            assert_eq!(kept, all);
            assert_eq!(s.first_open_of_size(k), all.first().copied());
            if s.smallest_open_size() == Some(k) {
                assert_eq!(s.first_of_smallest_open(), all.first().copied());
                let open: Vec<VarId> = (0..s.num_vars() as u32)
                    .map(VarId)
                    .filter(|&v| !s.is_assigned(v))
                    .collect();
                assert_eq!(s.first_open(), open.first().copied());
                assert_eq!(s.last_open(), open.last().copied());
            }
            all.iter().map(|v| v.0).collect::<Vec<_>>()
        };
        assert_eq!(
            (s.smallest_open_size(), s.largest_open_size()),
            (Some(3), Some(4))
        );
        assert_eq!(open(&s, 3), [1, 2]);
        s.checkpoint();
        s.remove(VarId(0), 1);
        s.remove(VarId(0), 2);
        s.assign(VarId(1), 0);
        assert_eq!(open(&s, 2), [0]);
        assert_eq!(open(&s, 3), [2]);
        assert_eq!(open(&s, 1), Vec::<u32>::new());
        assert_eq!(s.smallest_open_size(), Some(2));
        s.restore();
        assert_eq!(open(&s, 3), [1, 2]);
        assert_eq!(open(&s, 4), [0]);
        s.assign(VarId(0), 0);
        s.assign(VarId(1), 0);
        s.assign(VarId(2), 0);
        assert_eq!(s.smallest_open_size(), None);
        // Across blocks of 64: the first open one is in the third block.
        let mut s = DomainStore::new(&[ValueSet::range(2); 150]);
        for v in 0..140 {
            s.assign(VarId(v), 0);
        }
        assert_eq!(open(&s, 2), (140..150).collect::<Vec<_>>());
        assert_eq!(open(&s, 1), Vec::<u32>::new());
    }

    /// The holder sets and the open set against a scan of every variable.
    fn assert_holders(s: &DomainStore) {
        for value in 0..4 {
            let scanned: Vec<usize> = (0..s.num_vars())
                .filter(|&i| !s.is_assigned(VarId(i as u32)) && s.contains(VarId(i as u32), value))
                .collect();
            let kept: Vec<usize> = (s.holders(value).iter().enumerate())
                .flat_map(|(b, &w)| {
                    (0..64)
                        .filter(move |k| w >> k & 1 == 1)
                        .map(move |k| b * 64 + k)
                })
                .collect();
            assert_eq!(kept, scanned, "holders of {value}");
        }
        // And the open set.
        let scanned: Vec<VarId> = (0..s.num_vars() as u32)
            .map(VarId)
            .filter(|&v| !s.is_assigned(v))
            .collect();
        assert_eq!(s.open_vars().collect::<Vec<_>>(), scanned, "open");
        assert_eq!(s.first_open(), scanned.first().copied());
        assert_eq!(s.last_open(), scanned.last().copied());
    }

    #[test]
    fn holders_follow_removals_assignments_and_restores() {
        // 70 variables: two blocks.
        let mut s = DomainStore::new(&[ValueSet::range(4); 70]);
        assert_holders(&s);
        s.checkpoint();
        s.remove(VarId(3), 1);
        s.assign(VarId(65), 2);
        assert_holders(&s);
        s.checkpoint();
        // Removes 1 from 5, 7 and 66 (3 lacks it; 65 is assigned).
        let block0 = 1 << 3 | 1 << 5 | 1 << 7;
        assert_eq!(s.remove_from_holders(1, 0, block0, true), (2, false));
        assert_eq!(s.remove_from_holders(1, 1, 0b110, true), (1, false));
        assert_eq!(s.domain(VarId(5)), ValueSet(0b1101));
        assert_eq!((s.size(VarId(7)), s.smallest_open_size()), (3, Some(3)));
        assert_holders(&s);
        // Down to {0} and {0, 1, 3}: removing 0 from both stops at the first
        // emptied, untouched the second.
        for value in [1, 2, 3] {
            s.remove(VarId(10), value);
        }
        s.remove(VarId(11), 2);
        assert_eq!(s.remove_from_holders(0, 0, 0b11 << 10, true), (1, true));
        assert_eq!((s.size(VarId(10)), s.size(VarId(11))), (0, 3));
        assert_eq!(s.first_of_smallest_open(), Some(VarId(10)));
        assert_holders(&s);
        s.restore();
        assert_eq!(s.domain(VarId(5)), ValueSet::range(4));
        assert_eq!(s.domain(VarId(10)), ValueSet::range(4));
        assert_eq!(s.smallest_open_size(), Some(3));
        assert_holders(&s);
        s.restore();
        assert_eq!(s.smallest_open_size(), Some(4));
        assert_holders(&s);
    }

    #[test]
    fn assigning_a_missing_value_empties_the_domain() {
        let mut s = DomainStore::new(&[ValueSet(0b110)]);
        s.assign(VarId(0), 0);
        assert_eq!(s.size(VarId(0)), 0);
        assert!(s.is_assigned(VarId(0)));
    }
}
