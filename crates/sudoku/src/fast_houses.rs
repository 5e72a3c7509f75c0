//! One propagator for a whole grid of houses: the fast path for grids whose
//! only constraints are houses (classic, X, windoku, jigsaw, extra regions).
//!
//! The generic model posts one [`AllDifferent`](csp_core::AllDifferent) per
//! house and, from the `locked` level up, one
//! [`LockedCandidates`] per pair of houses that share cells; the engine
//! queues them, tells each what changed through dynamic calls and walks
//! watcher lists for every removed value. [`FastHouses`] does the same
//! deductions in one propagator: it keeps, in trailed state words, each
//! house's placed digits, has the engine queue the houses and pairs still
//! to run, and runs them in the very order the engine would run the
//! separate propagators. So the domains after every fixpoint are the same, and so is
//! every counter, per rule too: the same removals are credited to the same
//! rule, because the same house makes them at the same moment; and the runs
//! of the houses and pairs it stands for are counted as propagator runs
//! (`propagations`), one each, as the engine would count them.
//!
//! It covers the levels `none` to `locked`; from `gac` up the generic
//! propagators run (see [`Propagators`](crate::Propagators)).

use csp_core::{
    AllDifferent, Conflict, Events, Hypothesis, LockedCandidates, NotifyContext, PeerGroups,
    PropagationContext, PropagationLevel, Propagator, Rows, Rule, ValueSet, VarId, Wake,
};

/// State words per house: the values placed in it, those placed since it
/// last ran, and whether two cells hold the same value.
const HOUSE_WORDS: usize = 3;
const PLACED: usize = 0;
const FRESH: usize = 1;
const CLASH: usize = 2;

/// A pair of houses that share cells, for locked candidates.
#[derive(Clone, Debug)]
struct Pair {
    /// Cells of the first house only, the shared cells, cells of the second
    /// only (ranges into [`FastHouses::pair_cells`]).
    a_only: (u32, u32),
    shared: (u32, u32),
    b_only: (u32, u32),
    /// The values each house must use.
    a_values: ValueSet,
    b_values: ValueSet,
    /// The two houses (indices in the houses given to [`FastHouses::new`]).
    houses: [u32; 2],
}

/// Every house of a grid (each a permutation: as many cells as values) and,
/// from the `locked` level up, locked candidates over every pair of houses
/// sharing two or more cells, as one propagator. See the module
/// docs.
///
/// Its work items ([`Propagator::work_items`]) are numbered as the generic
/// propagators would be: the houses in order, then the pairs in the order
/// [`ModelBuilder::build`](csp_core::ModelBuilder::build) makes them; the
/// engine keeps their queue.
#[derive(Clone, Debug)]
pub struct FastHouses {
    scope: Vec<VarId>,
    /// The cells of each house.
    house_cells: Rows<VarId>,
    house_values: Vec<ValueSet>,
    pairs: Vec<Pair>,
    pair_cells: Vec<VarId>,
    /// The items (houses, then pairs) that contain each cell, in item
    /// order.
    watch: Rows<u16>,
    /// What a run of each house of a cell does below `singles`, in the
    /// order they run (`None` if a house lists its cells out of order).
    peer_groups: Option<PeerGroups>,
    /// Each house's cells as a bitset, [`FastHouses::stride`] blocks of 64
    /// variables per house, when every house lists its cells in increasing
    /// order (so that a bitset visits them in the house's order); empty
    /// otherwise, and the runs go cell by cell.
    house_masks: Vec<u64>,
    /// Blocks of 64 variables per house mask.
    stride: usize,
}

/// Read and write access to the domains and state words, in both contexts
/// the engine hands a propagator.
trait Access {
    fn schedule(&mut self, item: usize);
    fn word(&self, i: usize) -> u64;
    fn set_word(&mut self, i: usize, w: u64);
    fn value_of(&self, var: VarId) -> Option<u32>;
    fn at_level(&self) -> PropagationLevel;
}

/// Both contexts have the same methods under the same names.
macro_rules! access_through {
    ($($context:ident),*) => {$(
        impl Access for $context<'_> {
            #[inline]
            fn schedule(&mut self, item: usize) {
                $context::schedule(self, item)
            }
            #[inline]
            fn word(&self, i: usize) -> u64 {
                self.state(i)
            }
            #[inline]
            fn set_word(&mut self, i: usize, w: u64) {
                self.set_state(i, w)
            }
            #[inline]
            fn value_of(&self, var: VarId) -> Option<u32> {
                self.value(var)
            }
            #[inline]
            fn at_level(&self) -> PropagationLevel {
                self.level()
            }
        }
    )*};
}

access_through!(NotifyContext, PropagationContext);

/// No item is running (a change from outside: a search placement, a naked
/// single, a probe).
const OUTSIDE: usize = usize::MAX;

impl FastHouses {
    /// The houses over `num_vars` variables, each with the values it must
    /// use. Returns `None` unless every house is a permutation (as many
    /// cells as values), or if the grid has more than 65,535 work items.
    pub fn new(num_vars: usize, houses: &[(Vec<VarId>, ValueSet)]) -> Option<FastHouses> {
        if houses
            .iter()
            .any(|(cells, values)| cells.len() != values.len() as usize)
        {
            return None;
        }
        let mut pairs = Vec::new();
        let mut pair_cells = Vec::new();
        let mut members: Vec<Vec<VarId>> = Vec::new();
        for (i, (a, a_values)) in houses.iter().enumerate() {
            for (j, (b, b_values)) in houses.iter().enumerate().skip(i + 1) {
                let Some(locked) = LockedCandidates::new(a, *a_values, b, *b_values) else {
                    continue;
                };
                let (a_only, shared, b_only) = locked.parts();
                let mut range = |cells: &[VarId]| {
                    let start = pair_cells.len() as u32;
                    pair_cells.extend(cells);
                    (start, pair_cells.len() as u32)
                };
                let (a_values, b_values) = locked.must_use();
                pairs.push(Pair {
                    a_only: range(a_only),
                    shared: range(shared),
                    b_only: range(b_only),
                    a_values,
                    b_values,
                    houses: [i as u32, j as u32],
                });
                members.push(locked.scope().to_vec());
            }
        }
        if houses.len() + pairs.len() > usize::from(u16::MAX) {
            return None;
        }
        let mut watching: Vec<Vec<u16>> = vec![Vec::new(); num_vars];
        let scopes = (houses.iter().map(|(cells, _)| cells)).chain(&members);
        for (item, cells) in scopes.enumerate() {
            for v in cells {
                watching[v.index()].push(item as u16);
            }
        }
        let cells: Vec<Vec<VarId>> = houses.iter().map(|(cells, _)| cells.clone()).collect();
        let stride = num_vars.div_ceil(64);
        let ascending = (cells.iter()).all(|c| c.windows(2).all(|w| w[0] < w[1]));
        let mut house_masks = Vec::new();
        if ascending {
            house_masks = vec![0u64; cells.len() * stride];
            for (h, c) in cells.iter().enumerate() {
                for v in c {
                    house_masks[h * stride + v.index() / 64] |= 1 << (v.index() % 64);
                }
            }
        }
        Some(FastHouses {
            house_masks,
            stride,
            peer_groups: PeerGroups::new(num_vars, &cells),
            scope: (0..num_vars as u32).map(VarId).collect(),
            house_cells: Rows::from(cells),
            house_values: houses.iter().map(|(_, v)| *v).collect(),
            pairs,
            pair_cells,
            watch: Rows::from(watching),
        })
    }

    /// The houses work item `item` stands for (indices in the houses given
    /// to [`FastHouses::new`]): one house, or the two of a pair; `None` past
    /// the last item.
    pub fn item_houses(&self, item: usize) -> Option<(usize, Option<usize>)> {
        match item.checked_sub(self.num_houses()) {
            None => Some((item, None)),
            Some(k) => {
                let [a, b] = self.pairs.get(k)?.houses;
                Some((a as usize, Some(b as usize)))
            }
        }
    }

    /// The number of work items: the houses, then the pairs.
    pub fn num_items(&self) -> usize {
        self.num_houses() + self.pairs.len()
    }

    fn num_houses(&self) -> usize {
        self.house_values.len()
    }

    #[inline]
    fn cells(&self, h: usize) -> &[VarId] {
        self.house_cells.row(h)
    }

    /// House `h`'s cells as blocks of 64 variables, if the runs go by
    /// bitsets (see [`FastHouses::house_masks`]).
    #[inline]
    fn mask(&self, h: usize) -> Option<&[u64]> {
        self.house_masks.get(h * self.stride..(h + 1) * self.stride)
    }

    #[inline]
    fn watchers(&self, var: VarId) -> &[u16] {
        self.watch.row(var.index())
    }

    #[inline]
    fn range(&self, (start, end): (u32, u32)) -> &[VarId] {
        &self.pair_cells[start as usize..end as usize]
    }

    /// House `h` notes a value placed in it (`bit`), and a clash if it
    /// holds it already.
    #[inline]
    fn placed(w: &mut impl Access, h: usize, bit: u64) {
        let at = h * HOUSE_WORDS;
        let placed = w.word(at + PLACED);
        if placed & bit != 0 {
            w.set_word(at + CLASH, 1);
        }
        w.set_word(at + PLACED, placed | bit);
        let fresh = w.word(at + FRESH);
        w.set_word(at + FRESH, fresh | bit);
    }

    /// `var` was assigned while `current` ran: its houses note the value
    /// (and a clash), and it wakes its houses and (from `locked` up) pairs,
    /// as each listens to assignments.
    #[inline(always)]
    fn assigned(&self, w: &mut impl Access, var: VarId, current: usize) {
        let value = w.value_of(var).expect("assigned");
        let bit = 1u64 << value;
        let houses = self.num_houses();
        let locked = w.at_level() >= PropagationLevel::Locked;
        for &item in self.watchers(var) {
            let item = item as usize;
            if item < houses {
                Self::placed(w, item, bit);
            } else if !locked {
                break;
            }
            if item != current {
                w.schedule(item);
            }
        }
    }

    /// Values went from `var` (not an assignment) while `current` ran: it
    /// wakes its houses from `singles` up (below, houses listen to
    /// assignments only) and its pairs from `locked` up.
    #[inline]
    fn removed(&self, w: &mut impl Access, var: VarId, current: usize) {
        let level = w.at_level();
        if level < PropagationLevel::Singles {
            return;
        }
        let houses = self.num_houses();
        for &item in self.watchers(var) {
            let item = item as usize;
            if item >= houses && level < PropagationLevel::Locked {
                break;
            }
            if item != current {
                w.schedule(item);
            }
        }
    }

    /// Removes `values` from `var` as item `current`.
    #[inline]
    fn remove(
        &self,
        ctx: &mut PropagationContext<'_>,
        var: VarId,
        values: ValueSet,
        current: usize,
    ) -> Result<(), Conflict> {
        if ctx.domain(var).intersection(values).is_empty() {
            return Ok(());
        }
        ctx.remove_values(var, values)?;
        self.removed(ctx, var, current);
        Ok(())
    }

    /// One run of house `h`, as [`csp_core::AllDifferent`] runs below `gac`.
    fn run_house(&self, ctx: &mut PropagationContext<'_>, h: usize) -> Result<(), Conflict> {
        ctx.begin_run(Rule::ForwardChecking, h);
        let level = ctx.level();
        let at = h * HOUSE_WORDS;
        let mask = self.mask(h);
        loop {
            if ctx.state(at + CLASH) != 0 {
                return Err(Conflict);
            }
            let fresh = ctx.state(at + FRESH);
            if fresh != 0 {
                ctx.set_state(at + FRESH, 0);
                // Below `singles` a removal wakes nothing (see `removed`).
                let wakes = level >= PropagationLevel::Singles;
                match mask {
                    Some(mask) => self.forward_check_by_blocks(ctx, h, mask, fresh, wakes)?,
                    None => self.forward_check_by_cells(ctx, h, fresh, wakes)?,
                }
            }
            if level < PropagationLevel::Singles {
                return Ok(());
            }
            let assigned = ValueSet(ctx.state(at + PLACED));
            ctx.begin(Rule::HiddenSingles);
            // Cell by cell even with a mask: through the holder sets (a
            // count per open value) it took 8% more instructions at
            // `singles` (top1465, EA/0).
            let placed = self.hidden_singles(ctx, h, assigned)?;
            ctx.credit(Rule::ForwardChecking);
            if !placed {
                return Ok(());
            }
        }
    }

    /// Removes the values `fresh` from the open cells of house `h` that
    /// hold one, in the house's order (waking their items if `wakes`).
    fn forward_check_by_cells(
        &self,
        ctx: &mut PropagationContext<'_>,
        h: usize,
        fresh: u64,
        wakes: bool,
    ) -> Result<(), Conflict> {
        for &v in self.cells(h) {
            if ctx.domain(v).0 & fresh != 0 && !ctx.is_assigned(v) {
                self.clear(ctx, h, v, fresh, wakes)?;
            }
        }
        Ok(())
    }

    /// [`FastHouses::forward_check_by_cells`] through the store's holder
    /// sets: the cells to visit are the house's cells among the holders of
    /// the fresh values, taken in increasing order, which is the house's.
    /// (A removal changes only its own cell, so the set found first is the
    /// set the cell by cell visit would act on.)
    fn forward_check_by_blocks(
        &self,
        ctx: &mut PropagationContext<'_>,
        h: usize,
        mask: &[u64],
        fresh: u64,
        wakes: bool,
    ) -> Result<(), Conflict> {
        for (b, &cells) in mask.iter().enumerate() {
            let mut left = cells & holding_any(ctx, fresh, b);
            while left != 0 {
                let v = VarId((b * 64) as u32 + left.trailing_zeros());
                left &= left - 1;
                self.clear(ctx, h, v, fresh, wakes)?;
            }
        }
        Ok(())
    }

    /// Removes the values `fresh` from cell `v` (open, holding one) in a
    /// run of house `h`, waking the cell's items if `wakes`: what both
    /// ways of finding the cells do with each.
    #[inline(always)]
    fn clear(
        &self,
        ctx: &mut PropagationContext<'_>,
        h: usize,
        v: VarId,
        fresh: u64,
        wakes: bool,
    ) -> Result<(), Conflict> {
        ctx.remove_values(v, ValueSet(fresh))?;
        if wakes {
            self.removed(ctx, v, h);
        }
        Ok(())
    }

    /// Assigns the hidden singles of house `h`, whose placed values are
    /// `assigned`, cell by cell in the house's order; returns whether it
    /// assigned any. A value that no cell can take is a conflict.
    fn hidden_singles(
        &self,
        ctx: &mut PropagationContext<'_>,
        h: usize,
        assigned: ValueSet,
    ) -> Result<bool, Conflict> {
        let domains = self.cells(h).iter().map(|&v| ctx.domain(v));
        let hidden = AllDifferent::hidden_values(domains, self.house_values[h], assigned)?.0;
        let mut placed = false;
        if hidden != 0 {
            for &v in self.cells(h) {
                if ctx.is_assigned(v) {
                    continue;
                }
                if let Some(x) = ctx.domain(v).intersection(ValueSet(hidden)).min() {
                    ctx.assign(v, x)?;
                    self.assigned(ctx, v, h);
                    placed = true;
                }
            }
        }
        Ok(placed)
    }

    /// One run of pair `k` (item `item`), as [`LockedCandidates`] runs.
    fn run_pair(
        &self,
        ctx: &mut PropagationContext<'_>,
        k: usize,
        item: usize,
    ) -> Result<(), Conflict> {
        ctx.begin_run(Rule::LockedCandidates, item);
        let pair = &self.pairs[k];
        let (a_only, shared, b_only) = (
            self.range(pair.a_only),
            self.range(pair.shared),
            self.range(pair.b_only),
        );
        let union = |ctx: &PropagationContext<'_>, vars: &[VarId]| {
            (vars.iter()).fold(ValueSet::EMPTY, |acc, &v| acc.union(ctx.domain(v)))
        };
        loop {
            let (pointing, claiming) = LockedCandidates::deduce(
                (pair.a_values, pair.b_values),
                union(ctx, a_only),
                union(ctx, shared),
                union(ctx, b_only),
            )?;
            if pointing.is_empty() && claiming.is_empty() {
                return Ok(());
            }
            for (vars, values) in [(b_only, pointing), (a_only, claiming)] {
                for &v in vars {
                    match ctx.value(v) {
                        Some(x) if values.contains(x) => return Err(Conflict),
                        Some(_) => {}
                        None => self.remove(ctx, v, values, item)?,
                    }
                }
            }
        }
    }
}

/// Block `b` of the open variables holding any value of `values`.
#[inline]
fn holding_any(ctx: &PropagationContext<'_>, values: u64, b: usize) -> u64 {
    let mut holding = 0;
    let mut left = values;
    while left != 0 {
        holding |= ctx.holder_block(left.trailing_zeros(), b);
        left &= left - 1;
    }
    holding
}

impl Propagator for FastHouses {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let houses = self.num_houses();
        while let Some(item) = ctx.next_item() {
            if item < houses {
                self.run_house(ctx, item)?;
            } else {
                self.run_pair(ctx, item - houses, item)?;
            }
            // Separate propagators would hand over to the naked singles
            // now: so do we, and take up the queue after them.
            if ctx.singles_pending() {
                if !ctx.is_idle() {
                    ctx.run_again();
                }
                return Ok(());
            }
        }
        Ok(())
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        (0..self.num_houses())
            .all(|h| AllDifferent::distinct(self.cells(h).iter().map(|&v| value(v))))
    }

    fn name(&self) -> &'static str {
        "fast-houses"
    }

    fn events(&self, level: PropagationLevel) -> Events {
        Events::forward_checking_then(level, Events::ANY)
    }

    fn state_words(&self) -> usize {
        self.num_houses() * HOUSE_WORDS
    }

    fn work_items(&self) -> usize {
        self.num_items()
    }

    /// A house's cells, or a pair's: each is the constraint the separate
    /// propagators would be.
    fn item_scope(&self, item: usize) -> Option<Vec<VarId>> {
        let houses = self.num_houses();
        if item < houses {
            return Some(self.cells(item).to_vec());
        }
        let pair = self.pairs.get(item - houses)?;
        let mut cells = self.range(pair.a_only).to_vec();
        cells.extend_from_slice(self.range(pair.shared));
        cells.extend_from_slice(self.range(pair.b_only));
        Some(cells)
    }

    fn initialise(&self, ctx: &mut NotifyContext<'_>) {
        for h in 0..self.num_houses() {
            for &v in self.cells(h) {
                if let Some(value) = ctx.value(v) {
                    Self::placed(ctx, h, 1u64 << value);
                }
            }
        }
        let items = if ctx.level() >= PropagationLevel::Locked {
            self.num_houses() + self.pairs.len()
        } else {
            self.num_houses()
        };
        for item in 0..items {
            ctx.schedule(item);
        }
    }

    fn notify(&self, ctx: &mut NotifyContext<'_>, local: usize, events: Events) -> Wake {
        let var = self.scope[local];
        if events.contains(Events::ASSIGNED) {
            self.assigned(ctx, var, OUTSIDE);
        } else {
            self.removed(ctx, var, OUTSIDE);
        }
        if ctx.is_idle() { Wake::Skip } else { Wake::Run }
    }

    fn forward_check_removals(&self, h: &mut Hypothesis<'_>) {
        let (var, value) = h.placement();
        for &item in self.watchers(var) {
            let item = item as usize;
            if item >= self.num_houses() {
                break;
            }
            for &v in self.cells(item) {
                if v != var {
                    h.remove(v, ValueSet::single(value));
                }
            }
        }
    }

    fn relates_scope(&self) -> bool {
        false
    }

    /// Below `singles` a house runs only when one of its cells is assigned
    /// (no clash is possible then: the value was a candidate), and removes
    /// the value from its other open cells: the houses of the cell wake in
    /// item order, which is house order.
    fn peer_groups(&self) -> Option<&PeerGroups> {
        self.peer_groups.as_ref()
    }

    fn rule(&self) -> Rule {
        Rule::ForwardChecking
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp_core::{Limits, ModelBuilder, Search, SearchConfig};

    /// The rows, columns and boxes of the 9x9 grid, cells in increasing
    /// order.
    fn classic_houses() -> Vec<(Vec<VarId>, ValueSet)> {
        let cell = |r: u32, c: u32| VarId(r * 9 + c);
        let mut houses = Vec::new();
        for i in 0..9 {
            houses.push((0..9).map(|c| cell(i, c)).collect());
            houses.push((0..9).map(|r| cell(r, i)).collect());
            let (r0, c0) = (i / 3 * 3, i % 3 * 3);
            houses.push((0..9).map(|k| cell(r0 + k / 3, c0 + k % 3)).collect());
        }
        houses
            .into_iter()
            .map(|h| (h, ValueSet::range(9)))
            .collect()
    }

    /// Counts the solutions of `puzzle` (to 2) with `houses` as one
    /// propagator; every counter but the time.
    fn count(houses: &FastHouses, puzzle: &str, cells: &str, level: PropagationLevel) -> String {
        let mut b = ModelBuilder::new();
        b.new_vars(81, ValueSet::range(9));
        b.add_propagator(houses.clone()).unwrap();
        let model = b.build();
        let config = SearchConfig {
            variables: cells.parse().unwrap(),
            values: "0".parse().unwrap(),
            level,
            limits: Limits {
                max_placements: Some(5_000),
                timeout: None,
            },
            ..SearchConfig::default()
        };
        let mut search = Search::new(&model, &config).unwrap();
        for (i, ch) in puzzle.chars().enumerate() {
            if let Some(d) = ch.to_digit(10).filter(|&d| d > 0) {
                if search.fix(VarId(i as u32), d - 1).is_err() {
                    return "contradiction".into();
                }
            }
        }
        let mut s = search.run(Some(2)).stats;
        s.elapsed = Default::default();
        format!("{s:?}")
    }

    /// The runs go through the holder sets when every house lists its cells
    /// in increasing order, and cell by cell otherwise: same counters, per
    /// rule too, at every level the propagator covers.
    #[test]
    fn house_runs_by_bitsets_and_cell_by_cell_agree() {
        let by_masks = FastHouses::new(81, &classic_houses()).unwrap();
        assert!(by_masks.mask(0).is_some());
        let mut by_cells = by_masks.clone();
        by_cells.house_masks.clear();
        assert!(by_cells.mask(0).is_none());
        let puzzles = [
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            // Two solutions.
            "..3.....6...1..8...4..2.9....1..5.........62.7.9.....5...8.....5.6...4...2.......",
        ];
        use PropagationLevel::*;
        for level in [None, ForwardChecking, Singles, Locked] {
            for cells in ["EA", "A", "HK"] {
                for p in puzzles {
                    assert_eq!(
                        count(&by_masks, p, cells, level),
                        count(&by_cells, p, cells, level),
                        "{cells} at {level} on {p}"
                    );
                }
            }
        }
    }

    /// A house whose cells are out of order keeps the cell by cell runs
    /// (a bitset would visit them in another order).
    #[test]
    fn a_house_out_of_order_runs_cell_by_cell() {
        let mut houses = classic_houses();
        houses[0].0.reverse();
        assert!(FastHouses::new(81, &houses).unwrap().mask(0).is_none());
    }
}
