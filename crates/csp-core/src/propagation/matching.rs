//! Régin's filtering for all-different: which values of a group's domains
//! belong to some assignment of pairwise distinct values.
//!
//! The group is the bipartite graph variables x values (an edge per value
//! of a domain). A value `v` of variable `i` is *supported* when some
//! matching covering every variable pairs `i` with `v`. With a maximum
//! matching `M` at hand (Kuhn's augmenting paths), Régin (1994) shows the
//! supported edges are exactly those that are in `M`, or lie on an
//! alternating cycle, or on an alternating path that ends in a value `M`
//! leaves free. Orienting matched edges value -> variable and the other
//! edges variable -> value, these are: `v` can reach a free value, or `i`
//! and the variable matched to `v` are in the same strongly connected
//! component.
//!
//! Everything is bit-parallel over 64-bit masks (a group has at most 64
//! variables and values come from a [`ValueSet`](crate::ValueSet)), so one
//! call costs O(n^2) word operations for `n` variables, and nothing is
//! allocated. That is cheap enough to run from scratch on every wake-up,
//! also for 25x25 grids.

/// The most variables [`supported_values`] handles.
pub(crate) const MAX_VARS: usize = 64;

const NONE: u8 = u8::MAX;

/// For the domains `domains` of a group's variables (an assigned variable
/// has its one value), writes in `supported[i]` the values of `domains[i]`
/// that some assignment of pairwise distinct values uses. Returns `false`
/// if there is no such assignment at all.
///
/// # Panics
/// If there are more than [`MAX_VARS`] variables or `supported` is shorter
/// than `domains`.
pub(crate) fn supported_values(domains: &[u64], supported: &mut [u64]) -> bool {
    filter(domains, supported, |_, _| ()).is_some()
}

/// What explains the removals of [`supported_values_explained`]: the
/// matching and the reachability between variables it found.
pub(crate) struct Subsets<'a> {
    var_of: &'a [u8; 64],
    reach: &'a [u64],
    /// Whether some value no variable is matched to: then values need not
    /// all be used, and only naked subsets explain removals.
    free_values: bool,
}

impl Subsets<'_> {
    /// The size of the smallest subset that explains removing value `v`
    /// (not supported) from variable `i` (see
    /// [`SubsetSizes`](super::SubsetSizes)). The variable `k` matched to
    /// `v` and all it can reach (by alternatives matched to others) have
    /// only their own matched values: a naked subset without `i`. The
    /// variables that can reach `i` have all the places of their matched
    /// values: with as many values as variables, a hidden subset whose
    /// values `i` must take one of.
    pub(crate) fn size(&self, i: usize, v: u32) -> usize {
        let (naked, hidden) = self.sets(i, v);
        let naked = naked.count_ones() as usize;
        hidden.map_or(naked, |h| naked.min(h.count_ones() as usize))
    }

    /// The naked subset and (without free values) the hidden subset of
    /// [`size`](Self::size), as masks of variables.
    fn sets(&self, i: usize, v: u32) -> (u64, Option<u64>) {
        let k = self.var_of[v as usize] as usize;
        let naked = self.reach[k] | 1 << k;
        if self.free_values {
            return (naked, None);
        }
        let reaching_i = (self.reach.iter().enumerate())
            .filter(|&(_, row)| row >> i & 1 != 0)
            .fold(1u64 << i, |acc, (x, _)| acc | 1 << x);
        (naked, Some(reaching_i))
    }
}

/// A value that no assignment of pairwise distinct values gives a
/// variable, with the subsets of variables that rule it out (bit masks
/// over the group's variables).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// The variable (index into the group).
    pub var: usize,
    /// The value it cannot take.
    pub value: u32,
    /// A naked subset without `var`: these variables hold as many values
    /// between them as there are variables, `value` among them. It is the
    /// smallest such subset containing the variable the matching gave
    /// `value` to.
    pub naked: u64,
    /// When every value of the group must be used (as many values as
    /// variables), a hidden subset with `var`: the values of these
    /// variables' matching have no other places, and `value` is not one
    /// of them.
    pub hidden: Option<u64>,
}

/// Every value of `domains` (a group of at most 64 variables that
/// take pairwise distinct values) that no assignment uses, in order of
/// variable then value, each with the subsets that explain it; `None` when
/// there is no assignment at all. It is the filtering of the `gac` level
/// (Régin's matching), told as the naked and hidden subsets of any size
/// behind each removal.
///
/// ```
/// use csp_core::propagation::unsupported_values;
///
/// // Variables 0 and 1 hold {0, 1} between them (a naked pair), so
/// // variable 2 keeps only 2 (a hidden single).
/// let gone = unsupported_values(&[0b011, 0b011, 0b111]).unwrap();
/// assert_eq!(gone.len(), 2);
/// assert_eq!((gone[0].var, gone[0].value, gone[0].naked), (2, 0, 0b011));
/// assert_eq!(gone[0].hidden, Some(0b100));
/// assert_eq!(unsupported_values(&[0b1, 0b1]), None);
/// ```
pub fn unsupported_values(domains: &[u64]) -> Option<Vec<Unsupported>> {
    let mut supported = [0u64; MAX_VARS];
    let supported = &mut supported[..domains.len()];
    filter(domains, supported, |subsets, supported| {
        let mut out = Vec::new();
        for (i, (&domain, &kept)) in domains.iter().zip(supported.iter()).enumerate() {
            let mut gone = domain & !kept;
            while gone != 0 {
                let value = gone.trailing_zeros();
                gone &= gone - 1;
                let (naked, hidden) = subsets.sets(i, value);
                out.push(Unsupported {
                    var: i,
                    value,
                    naked,
                    hidden,
                });
            }
        }
        out
    })
}

/// [`supported_values`], then, when there is an assignment, `explain`
/// with what explains each removal ([`Subsets::size`]) and the supported
/// values; `None` when there is none.
pub(crate) fn supported_values_explained<R>(
    domains: &[u64],
    supported: &mut [u64],
    explain: impl FnOnce(&Subsets<'_>, &[u64]) -> R,
) -> Option<R> {
    filter(domains, supported, explain)
}

/// The part of a group that Régin's filtering has to look at, or `None`
/// when it would neither remove a value from `domains` nor find that they
/// have no assignment of distinct values (a proof from the domain sizes).
/// The part is written to `kept` (indices into `domains`, in order) and
/// its length returned: every variable but those *settled*, with one value
/// that no other domain holds. Filtering the part alone removes the same
/// values and explains them by the same subsets
/// ([`supported_values_explained`]): a settled variable has no alternative
/// and no other variable has its value, so it is in no alternating path
/// or cycle, and whether every value must be used is the same with or
/// without it.
///
/// A value `v` of variable `i` has no support exactly when some *Hall set*
/// `S` without `i` (variables whose domains hold `|S|` values between them)
/// holds `v`; no assignment exists exactly when some `S` holds fewer than
/// `|S|` values. Such an `S` less its settled variables is one in the part
/// (of `m` variables): at most `m - 1` of them (the removal's `i` is in the
/// part), each with at most `|S|` values. So when, for every `k < m`,
/// fewer than `k` variables of the part have `k` values or fewer, there is
/// nothing to find.
pub(crate) fn open_part(domains: &[u64], kept: &mut [u8; MAX_VARS]) -> Option<usize> {
    let (mut once, mut twice) = (0u64, 0u64);
    for &d in domains {
        twice |= once & d;
        once |= d;
    }
    // `by_size[k]`: the variables of the part with `k` values.
    let mut by_size = [0u8; 65];
    let mut m = 0usize;
    for (i, &d) in domains.iter().enumerate() {
        let size = d.count_ones() as usize;
        if size == 1 && d & twice == 0 {
            continue;
        }
        by_size[size] += 1;
        kept[m] = i as u8;
        m += 1;
    }
    let mut at_most = usize::from(by_size[0]);
    if at_most > 0 {
        return Some(m);
    }
    for (k, &count) in by_size.iter().enumerate().take(m).skip(1) {
        at_most += usize::from(count);
        if at_most >= k {
            return Some(m);
        }
    }
    None
}

fn filter<R>(
    domains: &[u64],
    supported: &mut [u64],
    explain: impl FnOnce(&Subsets<'_>, &[u64]) -> R,
) -> Option<R> {
    let n = domains.len();
    assert!(n <= MAX_VARS, "at most {MAX_VARS} variables");
    let mut value_of = [NONE; MAX_VARS];
    let mut var_of = [NONE; 64];
    let mut used = 0u64;
    // Greedy start, then augmenting paths for the variables left unmatched.
    for i in 0..n {
        let free = domains[i] & !used;
        if free != 0 {
            let v = free.trailing_zeros() as usize;
            value_of[i] = v as u8;
            var_of[v] = i as u8;
            used |= 1 << v;
        }
    }
    for i in 0..n {
        if value_of[i] == NONE {
            let mut visited = 0u64;
            if !augment(i, domains, &mut value_of, &mut var_of, &mut visited) {
                return None;
            }
        }
    }
    let mut matched_values = 0u64;
    for &v in &value_of[..n] {
        matched_values |= 1 << v;
    }
    // Values from which a free value can be reached: a free value, or the
    // value of a variable that has another edge to such a value.
    let all_values = domains.iter().fold(0u64, |acc, d| acc | d);
    let mut reaches_free = all_values & !matched_values;
    if reaches_free != 0 {
        loop {
            let before = reaches_free;
            for i in 0..n {
                let own = 1u64 << value_of[i];
                if domains[i] & !own & reaches_free != 0 {
                    reaches_free |= own;
                }
            }
            if reaches_free == before {
                break;
            }
        }
    }
    // Variable i -> variable k when i has k's value as an alternative;
    // transitive closure (Warshall, bit rows), then mutual reachability is
    // "same strongly connected component".
    let mut reach = [0u64; MAX_VARS];
    for i in 0..n {
        let mut others = domains[i] & !(1u64 << value_of[i]) & matched_values;
        while others != 0 {
            let v = others.trailing_zeros() as usize;
            others &= others - 1;
            reach[i] |= 1 << var_of[v];
        }
    }
    for k in 0..n {
        let row_k = reach[k];
        for row in reach.iter_mut().take(n) {
            // Without a branch: all ones when the row reaches k.
            *row |= row_k & (*row >> k & 1).wrapping_neg();
        }
    }
    for i in 0..n {
        let mut same_component_values = 1u64 << value_of[i];
        let mut others = reach[i];
        while others != 0 {
            let k = others.trailing_zeros() as usize;
            others &= others - 1;
            if reach[k] >> i & 1 != 0 {
                same_component_values |= 1 << value_of[k];
            }
        }
        supported[i] = domains[i] & (same_component_values | reaches_free);
    }
    let subsets = Subsets {
        var_of: &var_of,
        reach: &reach[..n],
        free_values: all_values != matched_values,
    };
    Some(explain(&subsets, supported))
}

/// Kuhn's augmenting path from variable `i` (depth at most the number of
/// variables, 64).
fn augment(
    i: usize,
    domains: &[u64],
    value_of: &mut [u8; MAX_VARS],
    var_of: &mut [u8; 64],
    visited: &mut u64,
) -> bool {
    loop {
        let candidates = domains[i] & !*visited;
        if candidates == 0 {
            return false;
        }
        let v = candidates.trailing_zeros() as usize;
        *visited |= 1 << v;
        let holder = var_of[v];
        if holder == NONE || augment(holder as usize, domains, value_of, var_of, visited) {
            value_of[i] = v as u8;
            var_of[v] = i as u8;
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small xorshift generator from `state`: deterministic draws, no
    /// dependency.
    fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    /// A removal: variable, value, size of its smallest subset.
    type Removal = (usize, u32, usize);

    /// Each value [`supported_values_explained`] removes from `domains`,
    /// as (variable, value, size of its smallest subset), and the
    /// supported values; `None` for the removals when there is no
    /// assignment.
    fn removals(domains: &[u64]) -> (Option<Vec<Removal>>, Vec<u64>) {
        let mut supported = vec![0; domains.len()];
        let sizes = supported_values_explained(domains, &mut supported, |subsets, kept| {
            let mut out = Vec::new();
            for (i, (&d, &k)) in domains.iter().zip(kept).enumerate() {
                let mut gone = d & !k;
                while gone != 0 {
                    let v = gone.trailing_zeros();
                    gone &= gone - 1;
                    out.push((i, v, subsets.size(i, v)));
                }
            }
            out
        });
        (sizes, supported)
    }

    /// The supported values by brute force: every assignment of distinct
    /// values.
    fn brute_force(domains: &[u64]) -> Option<Vec<u64>> {
        fn go(i: usize, domains: &[u64], used: u64, chosen: &mut Vec<u32>, out: &mut [u64]) {
            if i == domains.len() {
                for (k, &v) in chosen.iter().enumerate() {
                    out[k] |= 1 << v;
                }
                return;
            }
            let mut d = domains[i] & !used;
            while d != 0 {
                let v = d.trailing_zeros();
                d &= d - 1;
                chosen.push(v);
                go(i + 1, domains, used | 1 << v, chosen, out);
                chosen.pop();
            }
        }
        let mut out = vec![0; domains.len()];
        go(0, domains, 0, &mut Vec::new(), &mut out);
        out.iter().all(|&d| d != 0).then_some(out)
    }

    fn filter(domains: &[u64]) -> Option<Vec<u64>> {
        let mut out = vec![0; domains.len()];
        supported_values(domains, &mut out).then_some(out)
    }

    #[test]
    fn naked_pair_is_removed_from_the_others() {
        // x0, x1 in {0,1}: x2 and x3 lose 0 and 1.
        let d = [0b0011, 0b0011, 0b1111, 0b1111];
        assert_eq!(filter(&d), Some(vec![0b0011, 0b0011, 0b1100, 0b1100]));
    }

    #[test]
    fn hidden_pair_keeps_only_its_values() {
        // Values 2 and 3 fit only x2 and x3 (four variables, four values).
        let d = [0b0011, 0b0011, 0b1111, 0b1111];
        let f = filter(&d).unwrap();
        assert_eq!(f[2] | f[3], 0b1100);
    }

    #[test]
    fn nothing_to_remove_when_every_value_fits() {
        let d = [0b0111, 0b0111, 0b0111];
        assert_eq!(filter(&d), Some(d.to_vec()));
        // More values than variables: free values support everything.
        let d = [0b11110, 0b00011, 0b11000];
        assert_eq!(filter(&d), Some(d.to_vec()));
    }

    #[test]
    fn pigeonhole_fails() {
        assert_eq!(filter(&[0b011, 0b011, 0b011]), None);
        assert_eq!(filter(&[0b001, 0b001]), None);
        assert_eq!(filter(&[0]), None);
    }

    #[test]
    fn agrees_with_brute_force_on_many_random_groups() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for round in 0..5000 {
            let n = 1 + (next() % 7) as usize;
            let values = n + (next() % 3) as usize;
            let mask = (1u64 << values) - 1;
            let domains: Vec<u64> = (0..n)
                .map(|_| {
                    let d = next() & next() & mask;
                    if d == 0 {
                        1 << (next() % values as u64)
                    } else {
                        d
                    }
                })
                .collect();
            let exact = brute_force(&domains);
            assert_eq!(filter(&domains), exact, "round {round}: {domains:?}");
            if exact.as_deref() != Some(&domains[..]) {
                assert!(may_prune(&domains), "round {round}: {domains:?}");
            }
            check_subsets(&domains);
        }
    }

    /// [`unsupported_values`] names exactly the unsupported values, and
    /// each one's subsets are what they claim to be.
    fn check_subsets(domains: &[u64]) {
        let Some(supported) = brute_force(domains) else {
            assert_eq!(unsupported_values(domains), None);
            return;
        };
        let gone = unsupported_values(domains).unwrap();
        let expected: Vec<(usize, u32)> = (0..domains.len())
            .flat_map(|i| {
                let g = domains[i] & !supported[i];
                (0..64)
                    .filter(move |v| g >> v & 1 != 0)
                    .map(move |v| (i, v))
            })
            .collect();
        let got: Vec<(usize, u32)> = gone.iter().map(|u| (u.var, u.value)).collect();
        assert_eq!(got, expected, "{domains:?}");
        let vars_of = |mask: u64| (0..domains.len()).filter(move |i| mask >> i & 1 != 0);
        let all_values = domains.iter().fold(0, |a, d| a | d);
        for u in &gone {
            // Naked: without the variable, as many values as variables,
            // the value among them.
            assert_eq!(u.naked >> u.var & 1, 0, "{domains:?} {u:?}");
            let values = vars_of(u.naked).fold(0, |a, i| a | domains[i]);
            assert_eq!(
                values.count_ones(),
                u.naked.count_ones(),
                "{domains:?} {u:?}"
            );
            assert_ne!(values >> u.value & 1, 0);
            // Hidden (as many values as variables only): with the
            // variable, as many values with no place outside as
            // variables, the value not among them.
            let tight = all_values.count_ones() as usize == domains.len();
            assert_eq!(u.hidden.is_some(), tight, "{domains:?} {u:?}");
            if let Some(hidden) = u.hidden {
                assert_ne!(hidden >> u.var & 1, 0);
                let confined = (0..64u32)
                    .filter(|&w| all_values >> w & 1 != 0)
                    .filter(|&w| {
                        (0..domains.len()).all(|i| domains[i] >> w & 1 == 0 || hidden >> i & 1 != 0)
                    })
                    .fold(0u64, |a, w| a | 1 << w);
                assert_eq!(
                    confined.count_ones(),
                    hidden.count_ones(),
                    "{domains:?} {u:?}"
                );
                assert_eq!(confined >> u.value & 1, 0, "{domains:?} {u:?}");
            }
        }
    }

    fn may_prune(domains: &[u64]) -> bool {
        open_part(domains, &mut [0; MAX_VARS]).is_some()
    }

    #[test]
    fn the_open_part_leaves_out_settled_variables_and_filters_alike() {
        // x0 holds 3 alone: settled. The rest keep their indices.
        let d = [0b1000, 0b0011, 0b0011, 0b0111];
        let mut kept = [0; MAX_VARS];
        assert_eq!(open_part(&d, &mut kept), Some(3));
        assert_eq!(kept[..3], [1, 2, 3]);
        // Filtering the part removes what filtering the whole does, by
        // subsets of the same sizes, on random groups.
        let mut next = xorshift(0x1405_7b7e_f767_814f);
        for _ in 0..5000 {
            let n = 1 + (next() % 8) as usize;
            let mask = (1u64 << (n + (next() % 2) as usize)) - 1;
            let domains: Vec<u64> = (0..n)
                .map(|_| match next() % 3 {
                    0 => 1 << (next() % n as u64),
                    _ => (next() | next()) & mask,
                })
                .collect();
            let (whole, supported) = removals(&domains);
            let mut kept = [0; MAX_VARS];
            let Some(m) = open_part(&domains, &mut kept) else {
                assert_eq!((whole.as_deref(), &supported), (Some(&[][..]), &domains));
                continue;
            };
            let part: Vec<u64> = kept[..m].iter().map(|&i| domains[i as usize]).collect();
            let (sizes, _) = removals(&part);
            let sizes = sizes.map(|s| {
                (s.into_iter())
                    .map(|(j, v, size)| (kept[j] as usize, v, size))
                    .collect::<Vec<_>>()
            });
            assert_eq!(sizes, whole, "{domains:?}");
        }
    }

    #[test]
    fn may_prune_says_no_only_when_nothing_goes() {
        // Every variable has more values than the others could share.
        assert!(!may_prune(&[0b0111, 0b0111, 0b0111]));
        assert!(!may_prune(&[0b00111, 0b01110, 0b11100]));
        // A placed value no other variable holds changes nothing.
        assert!(!may_prune(&[0b1000, 0b0111, 0b0111, 0b0111]));
        // A single that others still hold, a pair, a wipe-out may prune.
        assert!(may_prune(&[0b0001, 0b0011, 0b0111]));
        assert!(may_prune(&[0b0011, 0b0011, 0b1111, 0b1111]));
        assert!(may_prune(&[0, 0b11]));
        // With k values or fewer in k variables of a larger group.
        assert!(may_prune(&[0b011, 0b101, 0b1111, 0b1111]));
        // And how often it may: of random groups, those with a pruning
        // are all caught, and some without are told apart.
        let mut next = xorshift(0x5851_f42d_4c95_7f2d);
        let (mut skipped, mut rounds) = (0, 0);
        for _ in 0..20_000 {
            let n = 2 + (next() % 8) as usize;
            let mask = (1u64 << n) - 1;
            let domains: Vec<u64> = (0..n).map(|_| (next() | next()) & mask).collect();
            let exact = brute_force(&domains);
            if exact.as_deref() != Some(&domains[..]) {
                assert!(may_prune(&domains), "{domains:?}");
            } else if !may_prune(&domains) {
                skipped += 1;
            }
            rounds += 1;
        }
        assert_eq!((skipped, rounds), (5_370, 20_000));
    }

    #[test]
    fn handles_64_variables() {
        let d = [u64::MAX; 64];
        assert_eq!(filter(&d), Some(d.to_vec()));
        let mut d = [u64::MAX; 64];
        d[5] = 1 << 40;
        let f = filter(&d).unwrap();
        assert_eq!(f[5], 1 << 40);
        assert_eq!(f[6], !(1u64 << 40));
    }

    /// The smallest subset explaining the removal of `v` from `i`, by
    /// brute force over all sets of variables (naked) and of values
    /// (hidden, when the values are as many as the variables).
    fn smallest_subset(domains: &[u64], i: usize, v: u32) -> usize {
        let n = domains.len();
        let union = domains.iter().fold(0u64, |a, d| a | d);
        let mut best = usize::MAX;
        for set in 0u64..1 << n {
            if set >> i & 1 != 0 {
                continue;
            }
            let values = (0..n)
                .filter(|&x| set >> x & 1 != 0)
                .fold(0u64, |a, x| a | domains[x]);
            if set != 0 && values >> v & 1 != 0 && values.count_ones() == set.count_ones() {
                best = best.min(set.count_ones() as usize);
            }
        }
        if union.count_ones() as usize == n {
            for set in 1u64..=union {
                if set & !union != 0 || set >> v & 1 != 0 {
                    continue;
                }
                let places: Vec<usize> = (0..n).filter(|&x| domains[x] & set != 0).collect();
                if places.contains(&i) && places.len() == set.count_ones() as usize {
                    best = best.min(places.len());
                }
            }
        }
        best
    }

    #[test]
    fn subset_sizes_are_the_smallest_naked_or_hidden_subset() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut by_size = [0u32; 7];
        for round in 0..5000 {
            let n = 1 + (next() % 7) as usize;
            let values = n + (next() % 2) as usize;
            let mask = (1u64 << values) - 1;
            let domains: Vec<u64> = (0..n)
                .map(|_| (next() & next() & mask).max(1 << (next() % values as u64)))
                .collect();
            for (i, v, size) in removals(&domains).0.unwrap_or_default() {
                assert_eq!(
                    size,
                    smallest_subset(&domains, i, v),
                    "round {round}: {domains:?}, {v} from {i}"
                );
                by_size[size] += 1;
            }
        }
        // Removals of every size up to 6 came up (deterministic draws).
        assert_eq!(by_size, [0, 2258, 303, 69, 18, 12, 2]);
    }

    #[test]
    fn a_naked_pair_and_its_hidden_complement_are_pairs() {
        let size = |d: &[u64], i: usize, v: u32| {
            let mut supported = vec![0; d.len()];
            supported_values_explained(d, &mut supported, |s, _| s.size(i, v)).unwrap()
        };
        // x0, x1 in {0,1}: removing 0 from x2 is the naked pair {x0, x1},
        // and the hidden pair {2, 3} of x2 and x3.
        assert_eq!(size(&[0b0011, 0b0011, 0b1111, 0b1111], 2, 0), 2);
        // Five variables: a naked pair is a hidden triple.
        assert_eq!(
            size(&[0b00011, 0b00011, 0b11111, 0b11111, 0b11111], 4, 1),
            2
        );
        // A naked triple among six: {x0, x1, x2} on {0, 1, 2}.
        let d = [0b011, 0b110, 0b101, 0b111111, 0b111111, 0b111111];
        assert_eq!(size(&d, 3, 2), 3);
    }
}
