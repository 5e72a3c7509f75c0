//! Chains of one candidate implying the next, as Sudoku Explainer's
//! "forcing chains and cycles" find them (its static chains: no
//! candidate is taken out while a chain runs).
//!
//! A candidate is *on* (the digit is in the cell) or *off*. An on
//! candidate turns off the cell's other candidates (a *Y* link) and the
//! digit in the cells it sees (an *X* link); an off candidate turns on the
//! cell's other candidate when the cell has two (Y), and the digit's other
//! place in a house where it has two (X). From each candidate, breadth
//! first:
//! - a **cycle** comes back to its start: each of its links holds both
//!   ways, so a candidate seeing an on and an off end of one weak link...
//!   is off: what sees both a cycle's on node and its off node of a digit
//!   goes (X-Cycle, Y-Cycle: 6.5; both kinds of link: 7.0);
//! - a **forcing chain** goes from a candidate to its own opposite: if
//!   on leads to off, it is off; if off leads to on, it is on (Forcing
//!   X-Chain 6.6, both kinds of link 7.0).
//!
//! Plus Sudoku Explainer's length bonus: 0.1 for each of 4, 6, 8, 12,
//! 16, 24, 32, ... that the chain's candidates less two exceed. Three
//! passes, X links alone, Y alone (cycles from two-candidate cells), both;
//! of everything found the easiest is taken, then the shortest, then X
//! before Y before both, then the first found.

use std::cell::Cell;
use std::collections::VecDeque;

use super::literal::{Lit, path_pattern, path_text};
use super::nested_rules::{Cause, Deduction, cause_parents};
use super::state::bit;
use super::{State, Step, Technique};
use crate::rules::cell_name;

/// What a chain is, for its name and difficulty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chain {
    /// A cycle (else a forcing chain).
    pub cycle: bool,
    /// Uses links within a house (X).
    pub x: bool,
    /// Uses links within a cell (Y).
    pub y: bool,
    /// Its candidates, counted once each.
    pub nodes: u16,
}

impl Chain {
    /// Sudoku Explainer's difficulty, in tenths.
    pub(super) fn tenths(self) -> u16 {
        let base = match (self.x && self.y, self.cycle) {
            (true, _) => 70,
            (false, true) => 65,
            (false, false) => 66,
        };
        base + length_bonus(self.nodes)
    }

    /// `X-Cycle`, `Forcing X-Chain`, `Forcing Chain`...
    pub(super) fn name(self) -> String {
        match (self.cycle, self.x, self.y) {
            (true, true, true) => "XY-Cycle",
            (true, false, true) => "Y-Cycle",
            (true, _, _) => "X-Cycle",
            (false, true, true) => "Forcing Chain",
            (false, false, true) => "Forcing Y-Chain",
            (false, _, _) => "Forcing X-Chain",
        }
        .to_string()
    }
}

/// 0.1 for each of 4, 6, 8, 12, 16, 24, ... (times 3/2 and 4/3 in turn)
/// that `nodes - 2` exceeds.
pub(super) fn length_bonus(nodes: u16) -> u16 {
    let length = i32::from(nodes) - 2;
    let (mut ceil, mut odd, mut added) = (4, false, 0);
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// Candidates reached, each with the one it came from, and which
/// candidates (on or off) a search has met: a mark per candidate, the
/// search's number where met (so that clearing is one increment).
#[derive(Default)]
struct Arena {
    lits: Vec<Lit>,
    /// Per node: the node it came from ([`NO_PARENT`] for the start) and
    /// its candidate's slot, side by side (what walks back up a chain
    /// reads).
    links: Vec<(u32, u32)>,
    side: usize,
    search: u32,
    met: Vec<u32>,
}

/// The parent of a chain's start.
const NO_PARENT: u32 = u32::MAX;

impl Arena {
    /// Ready for the searches on a grid like `state`'s: its marks sized
    /// to the grid (cleared only when the size changes).
    fn fit(&mut self, state: &State) {
        let slots = state.cells() * state.side() * 2;
        if self.side != state.side() || self.met.len() != slots {
            self.side = state.side();
            self.met.clear();
            self.met.resize(slots, 0);
            self.search = 1;
        }
    }

    /// Empty again, keeping its room: a new search.
    fn clear(&mut self) {
        self.lits.clear();
        self.links.clear();
        self.search = self.search.wrapping_add(1);
        if self.search == 0 {
            self.met.fill(0);
            self.search = 1;
        }
    }

    /// Marks `lit` met in this search; whether it was new.
    fn meet(&mut self, lit: Lit) -> bool {
        let mark = &mut self.met[lit.slot(self.side)];
        *mark != self.search && {
            *mark = self.search;
            true
        }
    }

    fn push(&mut self, lit: Lit, parent: Option<usize>) -> usize {
        self.lits.push(lit);
        let parent = parent.map_or(NO_PARENT, |p| p as u32);
        self.links.push((parent, lit.slot(self.side) as u32));
        self.lits.len() - 1
    }

    /// The nodes above `node`, from its parent back to the start.
    fn ancestors(&self, node: usize) -> impl Iterator<Item = usize> + '_ {
        let mut at = self.links[node].0;
        std::iter::from_fn(move || {
            (at != NO_PARENT).then(|| {
                let p = at as usize;
                at = self.links[p].0;
                p
            })
        })
    }

    /// Whether `lit` is among the ancestors of node `child` (not the
    /// node itself).
    fn has_ancestor(&self, child: usize, lit: Lit) -> bool {
        let slot = lit.slot(self.side) as u32;
        self.ancestors(child).any(|p| self.links[p].1 == slot)
    }

    /// The candidates from the start to `node`.
    fn lits_to(&self, node: usize) -> Vec<Lit> {
        let mut lits: Vec<Lit> = (std::iter::once(node).chain(self.ancestors(node)))
            .map(|n| self.lits[n])
            .collect();
        lits.reverse();
        lits
    }

    /// The distinct candidates on the path (`slots` is room to count in).
    fn count(&self, node: usize, slots: &mut Vec<usize>) -> u16 {
        slots.clear();
        slots.extend(
            (std::iter::once(node).chain(self.ancestors(node))).map(|n| self.links[n].1 as usize),
        );
        slots.sort_unstable();
        slots.dedup();
        slots.len() as u16
    }
}

/// What the searches work in: the arena, the queues and lists of one
/// search. Kept between searches on a thread (a nesting chain runs the
/// whole search on each grid it comes to), so that once grown nothing
/// is allocated or zeroed again.
#[derive(Default)]
struct Buffers {
    arena: Arena,
    pending_on: VecDeque<usize>,
    pending_off: VecDeque<usize>,
    next: Vec<usize>,
    ends: Vec<usize>,
    slots: Vec<usize>,
}

impl Buffers {
    /// A new walk from `start` (on an arena cleared for it): the lists
    /// emptied, the start met and queued as what it is, on or off. Gives
    /// the walk its parts: the arena, the queues of on and off nodes, the
    /// list of the last node's links and the ends found.
    fn begin(&mut self, start: Lit) -> WalkParts<'_> {
        self.ends.clear();
        self.pending_on.clear();
        self.pending_off.clear();
        let first = self.arena.push(start, None);
        self.arena.meet(start);
        if start.on {
            self.pending_on.push_back(first);
        } else {
            self.pending_off.push_back(first);
        }
        let Buffers {
            arena,
            pending_on,
            pending_off,
            next,
            ends,
            ..
        } = self;
        (arena, pending_on, pending_off, next, ends)
    }
}

/// What a walk works in (see [`Buffers::begin`]).
type WalkParts<'a> = (
    &'a mut Arena,
    &'a mut VecDeque<usize>,
    &'a mut VecDeque<usize>,
    &'a mut Vec<usize>,
    &'a mut Vec<usize>,
);

thread_local! {
    /// The buffers of this thread's searches (taken while one runs).
    static BUFFERS: Cell<Option<Box<Buffers>>> = const { Cell::new(None) };
}

/// The grid's links, worked out once per search: the houses of each cell
/// in the order chains follow them, each digit's places in each house,
/// and per candidate the cells its X links reach.
struct Graph<'a> {
    houses: &'a [Vec<usize>],
    side: usize,
    /// The places of digit `d` in house `h`, one after the other: those
    /// of `h * side + d - 1` from `starts` at that index to the next.
    places: Vec<usize>,
    starts: Vec<usize>,
    /// Per candidate `cell * side + d - 1`, from `seen_starts` at that
    /// index to the next: the other places of `d` in the cell's houses,
    /// each once, house by house in their order (what `d` on there turns
    /// off).
    seen: Vec<usize>,
    seen_starts: Vec<usize>,
    /// Likewise, from `partner_starts`: in each of the cell's houses
    /// where `d` has two places, the other one (what `d` off there turns
    /// on).
    partners: Vec<usize>,
    partner_starts: Vec<usize>,
}

impl Graph<'_> {
    fn new(state: &State) -> Graph<'_> {
        let side = state.side();
        let mut places = Vec::new();
        let mut starts = Vec::with_capacity(state.houses().len() * side + 1);
        for h in state.houses() {
            for d in 1..=side as u8 {
                starts.push(places.len());
                places.extend(h.cells.iter().filter(|&&c| state.mask(c) & bit(d) != 0));
            }
        }
        starts.push(places.len());
        let mut graph = Graph {
            houses: state.houses_by_cell_in_explainer_order(),
            side,
            places,
            starts,
            seen: Vec::new(),
            seen_starts: Vec::new(),
            partners: Vec::new(),
            partner_starts: Vec::new(),
        };
        let n = state.cells() * side + 1;
        let (mut seen, mut seen_starts) = (Vec::new(), Vec::with_capacity(n));
        let (mut partners, mut partner_starts) = (Vec::new(), Vec::with_capacity(n));
        for cell in 0..state.cells() {
            let of_cell = &graph.houses[cell];
            for d in 1..=side as u8 {
                seen_starts.push(seen.len());
                partner_starts.push(partners.len());
                for (k, &h) in of_cell.iter().enumerate() {
                    let places = graph.places(h, d);
                    for &c in places {
                        // Each cell once: not the start, nor one of an
                        // earlier house.
                        let earlier =
                            || of_cell[..k].iter().any(|e| state.houses_of(c).contains(e));
                        if c != cell && !earlier() {
                            seen.push(c);
                        }
                    }
                    let mut others = places.iter().filter(|&&c| c != cell);
                    if let (Some(&c), None) = (others.next(), others.next()) {
                        partners.push(c);
                    }
                }
            }
        }
        seen_starts.push(seen.len());
        partner_starts.push(partners.len());
        (graph.seen, graph.seen_starts) = (seen, seen_starts);
        (graph.partners, graph.partner_starts) = (partners, partner_starts);
        graph
    }

    /// The places of `d` in house `h`, in its order.
    fn places(&self, h: usize, d: u8) -> &[usize] {
        self.run(&self.places, &self.starts, h, d)
    }

    /// The cells an on `d` in `cell` turns `d` off in.
    fn seen(&self, cell: usize, d: u8) -> &[usize] {
        self.run(&self.seen, &self.seen_starts, cell, d)
    }

    /// The cells an off `d` in `cell` turns `d` on in.
    fn partners(&self, cell: usize, d: u8) -> &[usize] {
        self.run(&self.partners, &self.partner_starts, cell, d)
    }

    /// The run of `items` for (`i`, `d`), `i` a house or a cell: from
    /// `starts` at `i * side + d - 1` to the next start.
    fn run<'g>(&self, items: &'g [usize], starts: &[usize], i: usize, d: u8) -> &'g [usize] {
        let at = i * self.side + usize::from(d) - 1;
        &items[starts[at]..starts[at + 1]]
    }
}

/// What an on candidate turns off.
fn on_to_off(
    state: &State,
    graph: &Graph,
    arena: &mut Arena,
    node: usize,
    y: bool,
    out: &mut Vec<usize>,
) {
    let p = arena.lits[node];
    out.clear();
    if y {
        for d in (1..=state.side() as u8).filter(|&d| d != p.digit) {
            if state.mask(p.cell) & bit(d) != 0 {
                let lit = Lit {
                    cell: p.cell,
                    digit: d,
                    on: false,
                };
                out.push(arena.push(lit, Some(node)));
            }
        }
    }
    for &c in graph.seen(p.cell, p.digit) {
        let lit = Lit {
            cell: c,
            digit: p.digit,
            on: false,
        };
        out.push(arena.push(lit, Some(node)));
    }
}

/// What an off candidate turns on.
fn off_to_on(
    state: &State,
    graph: &Graph,
    arena: &mut Arena,
    node: usize,
    y: bool,
    x: bool,
    out: &mut Vec<usize>,
) {
    let p = arena.lits[node];
    out.clear();
    let mask = state.mask(p.cell);
    if y && mask.count_ones() == 2 {
        let other = (1..=state.side() as u8).find(|&d| d != p.digit && mask & bit(d) != 0);
        if let Some(d) = other {
            let lit = Lit {
                cell: p.cell,
                digit: d,
                on: true,
            };
            out.push(arena.push(lit, Some(node)));
        }
    }
    if x {
        for &c in graph.partners(p.cell, p.digit) {
            let lit = Lit {
                cell: c,
                digit: p.digit,
                on: true,
            };
            out.push(arena.push(lit, Some(node)));
        }
    }
}

/// A chain found: its rating keys and its step.
struct Found {
    tenths: u16,
    nodes: u16,
    sort_key: u8,
    chain: Chain,
    /// Its candidates, from the start (a cycle's start again at its end).
    lits: Vec<Lit>,
    /// A cycle's removals (a forcing chain's follow from its end).
    removed: Vec<(usize, u8)>,
}

/// The chain or cycle Sudoku Explainer would take: the easiest, then the
/// shortest, then X before Y before both.
pub(super) fn find(state: &State) -> Option<Step> {
    let mut found = search(state, &Graph::new(state));
    let best = (0..found.len()).min_by_key(|&i| {
        let f = &found[i];
        (f.tenths, f.nodes, f.sort_key, i)
    })?;
    let best = found.swap_remove(best);
    Some(if best.chain.cycle {
        cycle_step(state, best.chain, &best.lits, best.removed)
    } else {
        forcing_step(state, best.chain, &best.lits)
    })
}

/// What the cycles and forcing chains find on `current` (the grid a
/// chain that started on `source` has come to), as rules of a chain
/// nesting them: easiest first, one per set of removals, each with the
/// candidates it needs off (see [`nested_rules`](super::nested_rules))
/// and its count of candidates.
pub(super) fn deductions(source: &State, current: &State) -> Vec<Deduction> {
    let graph = Graph::new(current);
    let found = search(current, &graph);
    let mut order: Vec<usize> = (0..found.len()).collect();
    order.sort_by_key(|&i| {
        let f = &found[i];
        (f.tenths, f.nodes, f.sort_key, i)
    });
    let mut out: Vec<Deduction> = Vec::new();
    for f in order.into_iter().map(|i| &found[i]) {
        let mut removed = if f.chain.cycle {
            f.removed.clone()
        } else {
            f.lits[f.lits.len() - 1].cell_removals(current)
        };
        removed.sort_unstable();
        if removed.is_empty() || out.iter().any(|d| d.removed == removed) {
            continue;
        }
        // Each on candidate after the first: its cell's last candidate
        // (from its own cell) or its digit's last place in the first house
        // the link could take.
        let mut parents = Vec::new();
        for pair in f.lits.windows(2) {
            let (from, to) = (pair[0], pair[1]);
            if !to.on {
                continue;
            }
            let cause = if from.cell == to.cell {
                Cause::Cell
            } else {
                (graph.houses[from.cell].iter())
                    .find(|&&h| {
                        let places = graph.places(h, to.digit);
                        places.len() == 2
                            && places.contains(&from.cell)
                            && places.contains(&to.cell)
                    })
                    .map_or(Cause::None, |&h| Cause::House(h))
            };
            cause_parents(source, current, to, cause, &mut parents);
        }
        out.push(Deduction {
            removed,
            parents,
            nested: f.nodes,
        });
    }
    out
}

/// Every cycle and forcing chain on the grid of `state`, whose links are
/// `graph`.
fn search(state: &State, graph: &Graph) -> Vec<Found> {
    let mut found: Vec<Found> = Vec::new();
    // One arena for every search, cleared before each.
    let mut buffers = BUFFERS.take().unwrap_or_default();
    buffers.arena.fit(state);
    for (y, x) in [(false, true), (true, false), (true, true)] {
        for cell in (0..state.cells()).filter(|&c| state.digit(c) == 0) {
            let mask = state.mask(cell);
            // Past the explanation's time limit nothing more is found.
            if mask.count_ones() < 2 || state.out_of_time() {
                continue;
            }
            for d in (1..=state.side() as u8).filter(|&d| mask & bit(d) != 0) {
                let source = Lit {
                    cell,
                    digit: d,
                    on: true,
                };
                unary(state, graph, source, y, x, &mut buffers, &mut found);
            }
        }
    }
    BUFFERS.set(Some(buffers));
    found
}

/// The cycles and forcing chains from `source`.
fn unary(
    state: &State,
    graph: &Graph,
    source: Lit,
    y: bool,
    x: bool,
    b: &mut Buffers,
    found: &mut Vec<Found>,
) {
    if !x && state.mask(source.cell).count_ones() > 2 {
        return;
    }
    let sort_key = match (x, y) {
        (true, true) => 4,
        (false, true) => 3,
        _ => 2,
    };
    b.arena.clear();
    cycles(state, graph, b, source, y, x);
    for k in 0..b.ends.len() {
        let node = b.ends[k];
        let chain = Chain {
            cycle: true,
            x,
            y,
            nodes: b.arena.count(node, &mut b.slots),
        };
        let lits = b.arena.lits_to(node);
        let removed = cycle_removals(state, &lits);
        if !removed.is_empty() {
            found.push(Found {
                tenths: chain.tenths(),
                nodes: chain.nodes,
                sort_key,
                chain,
                lits,
                removed,
            });
        }
    }
    if !x {
        return;
    }
    for start in [source, source.opposite()] {
        b.arena.clear();
        forcing_chains(state, graph, b, start, y);
        for k in 0..b.ends.len() {
            let node = b.ends[k];
            let chain = Chain {
                cycle: false,
                x,
                y,
                nodes: b.arena.count(node, &mut b.slots),
            };
            found.push(Found {
                tenths: chain.tenths(),
                nodes: chain.nodes,
                sort_key,
                chain,
                lits: b.arena.lits_to(node),
                removed: Vec::new(),
            });
        }
    }
}

/// The nodes where a search from `source` (on) comes back to it, after
/// at least four links (in `b.ends`).
fn cycles(state: &State, graph: &Graph, b: &mut Buffers, source: Lit, y: bool, x: bool) {
    let (arena, pending_on, pending_off, next, ends) = b.begin(source);
    let mut length = 0;
    while !pending_on.is_empty() || !pending_off.is_empty() {
        length += 1;
        while let Some(p) = pending_on.pop_front() {
            on_to_off(state, graph, arena, p, y, next);
            for &off in next.iter() {
                if !arena.has_ancestor(p, arena.lits[off]) {
                    pending_off.push_back(off);
                }
            }
        }
        length += 1;
        while let Some(p) = pending_off.pop_front() {
            off_to_on(state, graph, arena, p, y, x, next);
            for &on in next.iter() {
                let lit = arena.lits[on];
                if length >= 4 && lit == source {
                    ends.push(on);
                }
                if arena.meet(lit) {
                    pending_on.push_back(on);
                }
            }
        }
    }
}

/// The nodes where a search from `start` reaches its opposite (in
/// `b.ends`).
fn forcing_chains(state: &State, graph: &Graph, b: &mut Buffers, start: Lit, y: bool) {
    let (arena, pending_on, pending_off, next, ends) = b.begin(start);
    let end = |arena: &Arena, node: usize, ends: &mut Vec<usize>| {
        let lit = arena.lits[node];
        if lit == start.opposite() && !ends.iter().any(|&e| arena.lits[e] == lit) {
            ends.push(node);
        }
    };
    while !pending_on.is_empty() || !pending_off.is_empty() {
        while let Some(p) = pending_on.pop_front() {
            on_to_off(state, graph, arena, p, y, next);
            for &off in next.iter() {
                end(arena, off, ends);
                if arena.meet(arena.lits[off]) {
                    pending_off.push_back(off);
                }
            }
        }
        while let Some(p) = pending_off.pop_front() {
            off_to_on(state, graph, arena, p, y, true, next);
            for &on in next.iter() {
                end(arena, on, ends);
                if arena.meet(arena.lits[on]) {
                    pending_on.push_back(on);
                }
            }
        }
    }
}

/// What a cycle through `lits` (its start again at the end) removes:
/// what sees both an on and an off candidate of its digit on it.
fn cycle_removals(state: &State, lits: &[Lit]) -> Vec<(usize, u8)> {
    let nodes = &lits[1..];
    let mut forward: Vec<(usize, u8)> = Vec::new();
    let mut back: Vec<(usize, u8)> = Vec::new();
    for lit in nodes {
        for &c in state.peers(lit.cell) {
            if !nodes.iter().any(|n| n.cell == c) && state.mask(c) & bit(lit.digit) != 0 {
                let list = if lit.on { &mut forward } else { &mut back };
                list.push((c, lit.digit));
            }
        }
    }
    let mut removed: Vec<(usize, u8)> = forward.into_iter().filter(|r| back.contains(r)).collect();
    removed.sort_unstable();
    removed.dedup();
    removed
}

/// A cycle's step: its `removed`.
fn cycle_step(state: &State, chain: Chain, lits: &[Lit], removed: Vec<(usize, u8)>) -> Step {
    let why = format!(
        "{}: the cycle holds both ways, so what sees both ends of one of its weak links cannot be true: {}",
        path_text(lits.iter().copied(), state.side()),
        super::removals_text(&removed, state.side())
    );
    Step {
        technique: Technique::Chain(chain),
        placed: Vec::new(),
        removed,
        why,
        pattern: path_pattern(lits),
    }
}

/// A forcing chain's step: its start is false (the chain from on ends
/// off) or true (from off to on).
fn forcing_step(state: &State, chain: Chain, lits: &[Lit]) -> Step {
    let target = lits[lits.len() - 1];
    let name = cell_name(target.cell, state.side());
    let text = path_text(lits.iter().copied(), state.side());
    let d = target.digit;
    let (placed, removed, why) = if target.on {
        let removed = state.clone().place(target.cell, d);
        let why = format!("{text}: were {d} not in {name}, it would be, so {name} = {d}");
        (vec![(target.cell, d)], removed, why)
    } else {
        let why = format!("{text}: were {d} in {name}, it would not be: remove {d} from {name}");
        (Vec::new(), vec![(target.cell, d)], why)
    };
    Step {
        technique: Technique::Chain(chain),
        placed,
        removed,
        why,
        pattern: path_pattern(lits),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_length_bonus_follows_sudoku_explainers_steps() {
        // Nodes less two past 4, 6, 8, 12, 16, 24, 32, 48...
        let bonus: Vec<u16> = [6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27, 34, 35, 50, 51]
            .map(length_bonus)
            .to_vec();
        assert_eq!(bonus, [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8]);
    }

    #[test]
    fn difficulties_by_kind() {
        let chain = |cycle, x, y, nodes| Chain { cycle, x, y, nodes }.tenths();
        assert_eq!(chain(true, true, false, 6), 65);
        assert_eq!(chain(false, true, false, 6), 66);
        assert_eq!(chain(false, true, true, 8), 71);
        assert_eq!(chain(true, false, true, 14), 68);
    }
}
