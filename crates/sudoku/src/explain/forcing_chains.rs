//! Forcing chains that follow every consequence of an assumption, as
//! Sudoku Explainer's Nishio, multiple and dynamic forcing chains do.
//!
//! From an assumption (a candidate on, or off), the consequences are
//! followed with the same links as [`chains`](super::chains): an on
//! candidate turns off its cell's other candidates and its digit in the
//! cells it sees; an off candidate turns on the cell's last candidate and
//! the digit's last place in a house. *Dynamic* chains take each off
//! candidate out of the grid as they go, so a cell or a house left with
//! one candidate by several of them counts (its parents are all of
//! them); static ones see the grid as it is.
//!
//! - **Nishio** (7.5): dynamic, house links only; an assumption that
//!   leads to a candidate both on and off is false.
//! - **Multiple forcing chains** (8.0): static; what every candidate of a
//!   cell with three or more leads to (a cell forcing chain), or every
//!   place of a digit in a house (a region forcing chain), is true.
//! - **Dynamic forcing chains** (8.5): dynamic; contradictions, cell and
//!   region forcing chains, and what both a candidate and its opposite
//!   lead to (a double forcing chain).
//!
//! Each adds Sudoku Explainer's length bonus for the candidates of its
//! chains (counted once per chain, summed over the chains); of everything
//! found the easiest is taken, then the shortest, then double forcing
//! chains before cell, region and contradiction ones.

use std::collections::HashMap;

use super::chains::length_bonus;
use super::nested_rules::{self, Cause, Deduction, cause_parents};
use std::rc::Rc;

use super::literal::{Lit, path_links, path_text};
use super::state::{HouseView, bit};
use super::{Pattern, State, Step, Technique};
use crate::rules::cell_name;

/// Which kind of forcing chain, for the name and the difficulty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ForcingKind {
    /// An assumption leading to a contradiction, house links only.
    Nishio,
    /// Static: every candidate of a cell, or every place of a digit in a
    /// house, leads to the same.
    Multiple,
    /// Dynamic: contradictions, double, cell and region forcing chains.
    Dynamic,
    /// Dynamic, and where the links run out, the rules of `level`: 1
    /// "plus" (9.0: locked candidates, hidden and naked pairs, X-Wings),
    /// 2 those and nested cycles and forcing chains (9.5), 3 and nested
    /// multiple forcing chains (10.0), 4 those of 1 and nested dynamic
    /// forcing chains (10.5) of level `nesting`.
    Plus {
        /// 1 to 4.
        level: u8,
        /// At level 4, the level of the nested dynamic chains.
        nesting: u8,
    },
}

impl ForcingKind {
    /// The level of the rules its chains apply when their links run out
    /// (0: none), and at level 4 that of its nested chains.
    fn levels(self) -> (u8, u8) {
        match self {
            ForcingKind::Plus { level, nesting } => (level, nesting),
            _ => (0, 0),
        }
    }
}

/// A forcing chain step: its kind, its shape and its candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ForcingChain {
    /// Nishio, multiple or dynamic.
    pub kind: ForcingKind,
    /// What it found.
    pub shape: Shape,
    /// The candidates of its chains (each chain's counted once), summed.
    pub nodes: u16,
}

/// What a forcing chain found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// An assumption leads to a contradiction.
    Contradiction,
    /// A candidate and its opposite lead to the same.
    Double,
    /// Every candidate of a cell leads to the same.
    Cell,
    /// Every place of a digit in a house leads to the same.
    Region,
}

impl ForcingChain {
    /// Sudoku Explainer's difficulty, in tenths.
    pub(super) fn tenths(self) -> u16 {
        let base = match self.kind {
            ForcingKind::Nishio => 75,
            ForcingKind::Multiple => 80,
            ForcingKind::Dynamic => 85,
            ForcingKind::Plus { level, .. } => 85 + 5 * u16::from(level),
        };
        base + length_bonus(self.nodes)
    }

    /// `Nishio Forcing Chain`, `Cell Forcing Chains`, `Dynamic Double
    /// Forcing Chains`...
    pub(super) fn name(self) -> String {
        let shape = match self.shape {
            Shape::Contradiction => "Contradiction Forcing Chains",
            Shape::Double => "Double Forcing Chains",
            Shape::Cell => "Cell Forcing Chains",
            Shape::Region => "Region Forcing Chains",
        };
        match self.kind {
            ForcingKind::Nishio => "Nishio Forcing Chains".to_string(),
            ForcingKind::Multiple => shape.to_string(),
            ForcingKind::Dynamic => format!("Dynamic {shape}"),
            ForcingKind::Plus { level, .. } => format!("Dynamic {shape}{}", nested_suffix(level)),
        }
    }

    /// Sudoku Explainer's order among equals: double, cell, region,
    /// contradiction.
    fn sort_key(self) -> u8 {
        match self.shape {
            Shape::Double => 1,
            Shape::Cell => 5,
            Shape::Region => 6,
            Shape::Contradiction => 7,
        }
    }
}

/// Sudoku Explainer's suffix for the rules a chain of `level` applies:
/// ` (+)`, ` (+ Forcing Chains)`...
fn nested_suffix(level: u8) -> String {
    match level {
        0 => String::new(),
        1 => " (+)".into(),
        2 => " (+ Forcing Chains)".into(),
        3 => " (+ Multiple Forcing Chains)".into(),
        4 => " (+ Dynamic Forcing Chains)".into(),
        _ => format!(" (+ Dynamic Forcing Chains{})", nested_suffix(level - 3)),
    }
}

/// The consequences of an assumption: every candidate reached (the
/// first time), with what led to it.
struct Consequences {
    side: usize,
    lits: Vec<Lit>,
    /// The parents of node `n`: `parent_list[parent_start[n]..parent_start[n + 1]]`.
    parent_start: Vec<u32>,
    parent_list: Vec<u32>,
    /// Why each node was reached, for the rules nesting this chain.
    causes: Vec<Cause>,
    /// Each node's nested chain, if a rule's: (number from 1, its
    /// candidates); (0, 0) for the others.
    nested: Vec<(u32, u16)>,
    /// The nodes turned on, and off, in the order reached.
    on: Vec<usize>,
    off: Vec<usize>,
    /// Per candidate on or off (see [`Consequences::slot`]): its node,
    /// `u32::MAX` where not reached.
    index: Vec<u32>,
    /// A candidate found both on and off: (on node, off node).
    absurd: Option<(usize, usize)>,
}

/// Room to count the candidates a node depends on, kept from count to
/// count: a mark per candidate on or off (the current count's `stamp`)
/// and the nodes still to visit.
struct Counter {
    seen: Vec<u32>,
    stamp: u32,
    todo: Vec<u32>,
    nested: Vec<u32>,
}

impl Counter {
    fn new(state: &State) -> Counter {
        Counter {
            seen: vec![0; state.cells() * state.side() * 2],
            stamp: 0,
            todo: Vec::new(),
            nested: Vec::new(),
        }
    }
}

thread_local! {
    /// Consequences no longer needed, kept on this thread to be filled
    /// again (a rating runs thousands of searches of hundreds of chains).
    static SPARE: std::cell::RefCell<Vec<Consequences>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// How many bytes of spare consequences a thread keeps, at most.
const SPARE_BYTES: usize = 16 << 20;

impl Consequences {
    /// Empty consequences for a grid like `state`'s: spare ones where
    /// there are some of its size.
    fn new(state: &State) -> Consequences {
        let slots = state.cells() * state.side() * 2;
        let spare = SPARE.with(|spare| spare.borrow_mut().pop());
        if let Some(mut c) = spare.filter(|c| c.index.len() == slots) {
            // Only the slots its nodes took need clearing.
            for lit in &c.lits {
                c.index[lit.slot(c.side)] = u32::MAX;
            }
            c.lits.clear();
            c.parent_start.clear();
            c.parent_start.push(0);
            c.parent_list.clear();
            c.causes.clear();
            c.nested.clear();
            c.on.clear();
            c.off.clear();
            c.absurd = None;
            return c;
        }
        // A chain reaches each candidate on or off at most once.
        let room = (0..state.cells())
            .map(|c| state.mask(c).count_ones() as usize)
            .sum::<usize>()
            * 2;
        Consequences {
            side: state.side(),
            lits: Vec::with_capacity(room),
            parent_start: {
                let mut v = Vec::with_capacity(room + 1);
                v.push(0);
                v
            },
            parent_list: Vec::with_capacity(room * 2),
            causes: Vec::with_capacity(room),
            nested: Vec::with_capacity(room),
            on: Vec::with_capacity(room / 2),
            off: Vec::with_capacity(room / 2),
            index: vec![u32::MAX; slots],
            absurd: None,
        }
    }

    /// Keeps `c` to be filled again, if nothing else holds it.
    fn recycle(c: Rc<Consequences>) {
        let Ok(c) = Rc::try_unwrap(c) else {
            return;
        };
        SPARE.with(|spare| {
            let mut spare = spare.borrow_mut();
            if (spare.len() + 1) * c.index.len() * 4 <= SPARE_BYTES {
                spare.push(c);
            }
        });
    }

    fn slot(&self, lit: Lit) -> usize {
        lit.slot(self.side)
    }

    /// The parents of `node`.
    fn parents(&self, node: usize) -> &[u32] {
        let (from, to) = (self.parent_start[node], self.parent_start[node + 1]);
        &self.parent_list[from as usize..to as usize]
    }

    fn node(&mut self, lit: Lit, parents: &[u32]) -> usize {
        self.node_by(lit, parents, Cause::None)
    }

    fn node_by(&mut self, lit: Lit, parents: &[u32], cause: Cause) -> usize {
        self.lits.push(lit);
        self.parent_list.extend_from_slice(parents);
        self.parent_start.push(self.parent_list.len() as u32);
        self.causes.push(cause);
        self.nested.push((0, 0));
        self.lits.len() - 1
    }

    fn get(&self, lit: Lit) -> Option<usize> {
        let at = self.index[self.slot(lit)];
        (at != u32::MAX).then_some(at as usize)
    }

    fn keep(&mut self, node: usize) {
        let lit = self.lits[node];
        let slot = self.slot(lit);
        self.index[slot] = node as u32;
        if lit.on {
            self.on.push(node);
        } else {
            self.off.push(node);
        }
    }

    /// The distinct candidates `node` depends on, itself included, and
    /// those of the nested chains among them (each counted once).
    fn count(&self, node: usize, room: &mut Counter) -> u16 {
        room.stamp = room.stamp.wrapping_add(1);
        if room.stamp == 0 {
            room.seen.fill(0);
            room.stamp = 1;
        }
        room.nested.clear();
        room.todo.clear();
        room.todo.push(node as u32);
        let mut count: u16 = 0;
        while let Some(n) = room.todo.pop() {
            let n = n as usize;
            let slot = self.slot(self.lits[n]);
            if room.seen[slot] != room.stamp {
                room.seen[slot] = room.stamp;
                count = count.saturating_add(1);
                let (id, nodes) = self.nested[n];
                if id != 0 && !room.nested.contains(&id) {
                    room.nested.push(id);
                    count = count.saturating_add(nodes);
                }
                room.todo.extend_from_slice(self.parents(n));
            }
        }
        count
    }

    /// The nodes `node` depends on, itself included, each once.
    fn ancestry(&self, node: usize) -> Vec<usize> {
        let mut seen = vec![false; self.lits.len()];
        let mut out = Vec::new();
        let mut todo = vec![node];
        while let Some(n) = todo.pop() {
            if !std::mem::replace(&mut seen[n], true) {
                out.push(n);
                todo.extend(self.parents(n).iter().map(|&p| p as usize));
            }
        }
        out
    }

    /// The candidates from the start to `node` along first parents.
    fn path(&self, node: usize) -> Vec<Lit> {
        let mut path = vec![self.lits[node]];
        let mut at = node;
        while let Some(&p) = self.parents(at).first() {
            path.push(self.lits[p as usize]);
            at = p as usize;
        }
        path.reverse();
        path
    }

    /// `r1c2 = 5 -> r1c7 <> 5 -> ...` along first parents, from the start.
    fn text(&self, node: usize, side: usize) -> String {
        path_text(self.path(node).into_iter(), side)
    }
}

/// The pattern of the branches (consequences, node) of a forcing chain:
/// each branch's candidates and links along first parents, once each.
fn branches_pattern(branches: &[(Rc<Consequences>, usize)]) -> Pattern {
    let mut candidates = Vec::new();
    let mut links: Vec<super::Link> = Vec::new();
    for (consequences, node) in branches {
        let node = *node;
        let path = consequences.path(node);
        candidates.extend(path.iter().map(|l| (l.cell, l.digit)));
        for link in path_links(&path) {
            if !links.contains(&link) {
                links.push(link);
            }
        }
    }
    Pattern::of(candidates).linked(links)
}

/// Follows the consequences of `start`: on candidates first, each off
/// candidate taken out of the grid where `dynamic`; Y links unless
/// `nishio`; where the links run out, the rules of `levels` (see
/// [`ForcingKind::levels`]). Stops at the first candidate found both on
/// and off.
fn follow(
    state: &State,
    houses: &[Vec<usize>],
    start: Lit,
    dynamic: bool,
    nishio: bool,
    levels: (u8, u8),
) -> Consequences {
    let side = state.side();
    let mut c = Consequences::new(state);
    let first = c.node(start, &[]);
    c.keep(first);
    // The grid as the chain changes it; `state` stays the grid it started
    // from.
    let mut grid: Vec<u64> = (0..state.cells()).map(|x| state.mask(x)).collect();
    let (mut pending_on, mut pending_off) = (
        std::collections::VecDeque::new(),
        std::collections::VecDeque::new(),
    );
    if start.on {
        pending_on.push_back(first);
    } else {
        pending_off.push_back(first);
    }
    let mut rules_applied = 0;
    // Room for each node's links, kept from node to node.
    let mut offs: Vec<Lit> = Vec::new();
    let mut seen: Vec<usize> = Vec::new();
    // The on candidates an off one leads to, with their parents (a range
    // of `on_parents`).
    let mut ons: Vec<(Lit, std::ops::Range<usize>, Cause)> = Vec::new();
    let mut on_parents: Vec<u32> = Vec::new();
    loop {
        if let Some(p) = pending_on.pop_front() {
            let lit = c.lits[p];
            offs.clear();
            if !nishio {
                for d in
                    (1..=side as u8).filter(|&d| d != lit.digit && grid[lit.cell] & bit(d) != 0)
                {
                    offs.push(Lit {
                        cell: lit.cell,
                        digit: d,
                        on: false,
                    });
                }
            }
            seen.clear();
            seen.push(lit.cell);
            for &h in &houses[lit.cell] {
                for &x in &state.houses()[h].cells {
                    if !seen.contains(&x) && grid[x] & bit(lit.digit) != 0 {
                        seen.push(x);
                        offs.push(Lit {
                            cell: x,
                            digit: lit.digit,
                            on: false,
                        });
                    }
                }
            }
            for &off in &offs {
                if let Some(on) = c.get(off.opposite()) {
                    let node = c.node(off, &[p as u32]);
                    c.absurd = Some((on, node));
                    return c;
                }
                if c.get(off).is_none() {
                    let node = c.node(off, &[p as u32]);
                    c.keep(node);
                    pending_off.push_back(node);
                }
            }
            continue;
        }
        let Some(p) = pending_off.pop_front() else {
            if levels.0 == 0 {
                break;
            }
            // The links have run out: the rules of the level, on the grid
            // as the chain has left it.
            let current = state.with_candidates(&grid);
            let mut added = false;
            for deduction in rule_deductions(state, &current, levels) {
                rules_applied += 1;
                let parents: Vec<u32> = (deduction.parents.iter())
                    .filter_map(|&lit| c.get(lit).map(|n| n as u32))
                    .collect();
                for &(cell, digit) in &deduction.removed {
                    let off = Lit {
                        cell,
                        digit,
                        on: false,
                    };
                    if c.get(off).is_some() {
                        continue;
                    }
                    let node = c.node(off, &parents);
                    c.nested[node] = (rules_applied, deduction.nested);
                    if let Some(on) = c.get(off.opposite()) {
                        c.absurd = Some((on, node));
                        return c;
                    }
                    c.keep(node);
                    pending_off.push_back(node);
                    added = true;
                }
            }
            if !added {
                break;
            }
            continue;
        };
        let lit = c.lits[p];
        ons.clear();
        on_parents.clear();
        let mask = grid[lit.cell];
        if !nishio && mask.count_ones() == 2 {
            if let Some(d) = (1..=side as u8).find(|&d| d != lit.digit && mask & bit(d) != 0) {
                let from = on_parents.len();
                on_parents.push(p as u32);
                for gone in (1..=side as u8)
                    .filter(|&g| state.mask(lit.cell) & bit(g) != 0 && mask & bit(g) == 0)
                {
                    let hidden = Lit {
                        cell: lit.cell,
                        digit: gone,
                        on: false,
                    };
                    on_parents.extend(c.get(hidden).map(|n| n as u32));
                }
                ons.push((
                    Lit {
                        cell: lit.cell,
                        digit: d,
                        on: true,
                    },
                    from..on_parents.len(),
                    Cause::Cell,
                ));
            }
        }
        for &h in &houses[lit.cell] {
            let house = &state.houses()[h];
            let mut others =
                (house.cells.iter()).filter(|&&x| x != lit.cell && grid[x] & bit(lit.digit) != 0);
            if let (Some(&x), None) = (others.next(), others.next()) {
                let from = on_parents.len();
                on_parents.push(p as u32);
                for &y in &house.cells {
                    if state.mask(y) & bit(lit.digit) != 0 && grid[y] & bit(lit.digit) == 0 {
                        let hidden = Lit {
                            cell: y,
                            digit: lit.digit,
                            on: false,
                        };
                        on_parents.extend(c.get(hidden).map(|n| n as u32));
                    }
                }
                ons.push((
                    Lit {
                        cell: x,
                        digit: lit.digit,
                        on: true,
                    },
                    from..on_parents.len(),
                    Cause::House(h),
                ));
            }
        }
        if dynamic {
            grid[lit.cell] &= !bit(lit.digit);
        }
        for (on, parents, cause) in ons.drain(..) {
            let parents = &on_parents[parents];
            if let Some(off) = c.get(on.opposite()) {
                let node = c.node_by(on, parents, cause);
                c.absurd = Some((node, off));
                return c;
            }
            if c.get(on).is_none() {
                let node = c.node_by(on, parents, cause);
                c.keep(node);
                pending_on.push_back(node);
            }
        }
    }
    c
}

/// The deductions of the first rule of `levels` (see
/// [`nested_rules`](super::nested_rules)) that makes one on `current`, the
/// grid a chain started on `source` has come to.
fn rule_deductions(source: &State, current: &State, (level, nesting): (u8, u8)) -> Vec<Deduction> {
    let basic = nested_rules::basic_deductions(source, current);
    if !basic.is_empty() || level < 2 {
        return basic;
    }
    if level < 4 {
        let chains = super::chains::deductions(source, current);
        if !chains.is_empty() || level < 3 {
            return chains;
        }
        return deductions(source, current, ForcingKind::Multiple);
    }
    let kind = match nesting {
        0 => ForcingKind::Dynamic,
        level => ForcingKind::Plus { level, nesting: 0 },
    };
    deductions(source, current, kind)
}

/// A step's words, to write.
type Why = Box<dyn FnOnce() -> String>;

/// A step found, with its keys.
struct Found {
    chain: ForcingChain,
    step: Step,
    /// Its words, written once it is taken (a nesting chain never needs
    /// them).
    why: Why,
    /// Its branches (consequences, node), drawn once it is taken.
    branches: Vec<(Rc<Consequences>, usize)>,
    /// Why its branches' starts are on, for the rules nesting it (a cell's
    /// last candidates, a digit's last places in a house).
    start: Cause,
}

/// The forcing chains a search keeps: every one (for a chain nesting
/// them), or only the one Sudoku Explainer would take of those found so
/// far (the easiest, then the shortest, then by shape, then the first).
struct Finds {
    every: bool,
    list: Vec<Found>,
    /// Room to count chains' candidates.
    room: Counter,
}

impl Finds {
    /// What orders two chains of one search (the first found wins ties).
    fn key(chain: ForcingChain) -> (u16, u16, u8) {
        (chain.tenths(), chain.nodes, chain.sort_key())
    }

    /// Whether a chain like `chain` would be kept.
    fn worth(&self, chain: ForcingChain) -> bool {
        self.every
            || (self.list.first()).is_none_or(|best| Self::key(chain) < Self::key(best.chain))
    }

    fn keep(&mut self, found: Found) {
        if self.every {
            self.list.push(found);
        } else if self.worth(found.chain) {
            self.list.clear();
            self.list.push(found);
        }
    }
}

/// The forcing chain of `kind` Sudoku Explainer would take.
pub(super) fn find(state: &State, kind: ForcingKind) -> Option<Step> {
    // The search keeps only the chain to take.
    let best = search(state, kind, false).pop()?;
    let step = Step {
        why: (best.why)(),
        ..best.step
    };
    Some(step.on(branches_pattern(&best.branches)))
}

/// What the forcing chains of `kind` find on `current` (the grid a chain
/// that started on `source` has come to), as rules of a chain nesting
/// them: easiest first, one per set of removals, each with the candidates
/// it needs off and its own count of candidates.
pub(super) fn deductions(source: &State, current: &State, kind: ForcingKind) -> Vec<Deduction> {
    let mut found = search(current, kind, true);
    let mut order: Vec<usize> = (0..found.len()).collect();
    // (A stable sort: the first found wins ties.)
    order.sort_by_key(|&i| Finds::key(found[i].chain));
    let mut out: Vec<Deduction> = Vec::new();
    for i in order {
        let f = &mut found[i];
        let mut removed = std::mem::take(&mut f.step.removed);
        removed.sort_unstable();
        if out.iter().any(|d| d.removed == removed) {
            continue;
        }
        let mut parents = Vec::new();
        for (consequences, node) in &f.branches {
            for n in consequences.ancestry(*node) {
                let lit = consequences.lits[n];
                if lit.on {
                    let cause = if n == 0 {
                        f.start
                    } else {
                        consequences.causes[n]
                    };
                    cause_parents(source, current, lit, cause, &mut parents);
                }
            }
        }
        out.push(Deduction {
            removed,
            parents,
            nested: f.chain.nodes,
        });
    }
    out
}

/// Every forcing chain of `kind` on the grid of `state` (where `every`),
/// or the one Sudoku Explainer would take.
fn search(state: &State, kind: ForcingKind, every: bool) -> Vec<Found> {
    let dynamic = kind != ForcingKind::Multiple;
    let levels = kind.levels();
    let nishio = kind == ForcingKind::Nishio;
    let side = state.side();
    let mut found = Finds {
        every,
        list: Vec::new(),
        room: Counter::new(state),
    };
    let houses = state.houses_by_cell_in_explainer_order();
    // The consequences of each candidate on, once each.
    let mut memo: HashMap<(usize, u8), Rc<Consequences>> = HashMap::new();
    let mut on_of = |cell: usize, d: u8| {
        memo.entry((cell, d))
            .or_insert_with(|| {
                let lit = Lit {
                    cell,
                    digit: d,
                    on: true,
                };
                std::rc::Rc::new(follow(state, houses, lit, dynamic, nishio, levels))
            })
            .clone()
    };
    for cell in (0..state.cells()).filter(|&c| state.digit(c) == 0) {
        let mask = state.mask(cell);
        let n = mask.count_ones();
        if n < 2 || (n == 2 && !dynamic) {
            continue;
        }
        let digits: Vec<u8> = (1..=side as u8).filter(|&d| mask & bit(d) != 0).collect();
        let mut per_value: Vec<Rc<Consequences>> = Vec::new();
        for &d in &digits {
            // Past the explanation's time limit nothing more is found.
            if state.out_of_time() {
                return Vec::new();
            }
            let on = on_of(cell, d);
            let on_lit = Lit {
                cell,
                digit: d,
                on: true,
            };
            let off_lit = on_lit.opposite();
            let off = Rc::new(follow(state, houses, off_lit, dynamic, nishio, levels));
            if dynamic {
                if let Some((a, b)) = on.absurd {
                    let chain = ForcingChain {
                        kind,
                        shape: Shape::Contradiction,
                        nodes: on.count(a, &mut found.room) + on.count(b, &mut found.room),
                    };
                    let c = on.clone();
                    let why: Why = Box::new(move || {
                        format!(
                            "were {d} in {}, a candidate would be both on and off: {}; {}: remove {d} from {}",
                            cell_name(cell, side),
                            c.text(a, side),
                            c.text(b, side),
                            cell_name(cell, side)
                        )
                    });
                    let branches = vec![(on.clone(), a), (on.clone(), b)];
                    push(
                        &mut found,
                        state,
                        chain,
                        off_lit,
                        why,
                        branches,
                        Cause::None,
                    );
                }
                if let Some((a, b)) = off.absurd {
                    let chain = ForcingChain {
                        kind,
                        shape: Shape::Contradiction,
                        nodes: off.count(a, &mut found.room) + off.count(b, &mut found.room),
                    };
                    let c = off.clone();
                    let why: Why = Box::new(move || {
                        format!(
                            "were {d} not in {}, a candidate would be both on and off: {}; {}: so {} = {d}",
                            cell_name(cell, side),
                            c.text(a, side),
                            c.text(b, side),
                            cell_name(cell, side)
                        )
                    });
                    let branches = vec![(off.clone(), a), (off.clone(), b)];
                    push(&mut found, state, chain, on_lit, why, branches, Cause::None);
                }
            }
            if dynamic && !nishio && n >= 3 {
                // Double forcing chains: both ways round, the same.
                for &a in on.on.iter().chain(&on.off) {
                    let lit = on.lits[a];
                    if let Some(b) = off.get(lit).filter(|_| lit.removes_from(state)) {
                        let chain = ForcingChain {
                            kind,
                            shape: Shape::Double,
                            nodes: on.count(a, &mut found.room) + off.count(b, &mut found.room),
                        };
                        if !found.worth(chain) {
                            continue;
                        }
                        let (c, o) = (on.clone(), off.clone());
                        let why: Why = Box::new(move || {
                            format!(
                                "whether {d} is in {} or not, {}: {}; {}",
                                cell_name(cell, side),
                                lit.text(side),
                                c.text(a, side),
                                o.text(b, side)
                            )
                        });
                        let branches = vec![(on.clone(), a), (off.clone(), b)];
                        push(&mut found, state, chain, lit, why, branches, Cause::None);
                    }
                }
            }
            if !nishio {
                regions(state, &houses[cell], &on, kind, &mut on_of, &mut found);
            }
            per_value.push(on);
            Consequences::recycle(off);
        }
        if !nishio {
            cell_forcing(state, cell, &digits, &per_value, kind, &mut found);
        }
    }
    for (_, c) in memo.drain() {
        Consequences::recycle(c);
    }
    found.list
}

/// The step that makes `target` true (on: the cell's other candidates
/// go) or false, kept if it removes something.
fn push(
    found: &mut Finds,
    state: &State,
    chain: ForcingChain,
    target: Lit,
    why: Why,
    branches: Vec<(Rc<Consequences>, usize)>,
    start: Cause,
) {
    if !found.worth(chain) {
        return;
    }
    let removed = target.cell_removals(state);
    if removed.is_empty() {
        return;
    }
    let step = Step {
        technique: Technique::ForcingChain(chain),
        placed: Vec::new(),
        removed,
        why: String::new(),
        pattern: Pattern::default(),
    };
    found.keep(Found {
        chain,
        step,
        why,
        branches,
        start,
    });
}

/// Region forcing chains from the candidate `on` starts from, in each of
/// its cell's `houses` where it is the digit's first place.
fn regions(
    state: &State,
    houses: &[usize],
    on: &Rc<Consequences>,
    kind: ForcingKind,
    on_of: &mut impl FnMut(usize, u8) -> Rc<Consequences>,
    found: &mut Finds,
) {
    let side = state.side();
    let Lit { cell, digit: d, .. } = on.lits[0];
    for &h in houses {
        let house: &HouseView = &state.houses()[h];
        let places = state.places(&house.cells, d);
        // Multiple and dynamic chains take houses with two places or more
        // (Nishio takes none), from their first place.
        if places.len() < 2 || places[0] != cell {
            continue;
        }
        let each: Vec<Rc<Consequences>> = (places.iter())
            .map(|&p| if p == cell { on.clone() } else { on_of(p, d) })
            .collect();
        let case: Rc<str> = format!(
            "{d} is in one of {} in {}",
            super::cells_text(&places, side),
            house.name
        )
        .into();
        all_lead_to(
            state,
            &each,
            kind,
            Shape::Region,
            &case,
            found,
            Cause::House(h),
        );
    }
}

/// Cell forcing chains: what every candidate of `cell` leads to.
fn cell_forcing(
    state: &State,
    cell: usize,
    digits: &[u8],
    per_value: &[Rc<Consequences>],
    kind: ForcingKind,
    found: &mut Finds,
) {
    let side = state.side();
    let case: Rc<str> = format!("{} is {}", cell_name(cell, side), super::or_text(digits)).into();
    all_lead_to(
        state,
        per_value,
        kind,
        Shape::Cell,
        &case,
        found,
        Cause::Cell,
    );
}

/// What every one of the cases `each` (a premise each, in words `case`)
/// leads to: the candidates turned on or off in all of them, the first's
/// order.
fn all_lead_to(
    state: &State,
    each: &[Rc<Consequences>],
    kind: ForcingKind,
    shape: Shape,
    case: &Rc<str>,
    found: &mut Finds,
    start: Cause,
) {
    let side = state.side();
    let first = &each[0];
    for &a in first.on.iter().chain(&first.off) {
        let lit = first.lits[a];
        if !lit.removes_from(state) || each.iter().any(|c| c.get(lit).is_none()) {
            continue;
        }
        let nodes: Vec<usize> = each.iter().filter_map(|c| c.get(lit)).collect();
        let total: u16 = (each.iter().zip(&nodes))
            .map(|(c, &n)| c.count(n, &mut found.room))
            .sum();
        let chain = ForcingChain {
            kind,
            shape,
            nodes: total,
        };
        if !found.worth(chain) {
            continue;
        }
        let branches: Vec<(Rc<Consequences>, usize)> =
            each.iter().cloned().zip(nodes.iter().copied()).collect();
        let (case, paths) = (case.clone(), branches.clone());
        let why: Why = Box::new(move || {
            let texts: Vec<String> = (paths.iter()).map(|(c, n)| c.text(*n, side)).collect();
            format!(
                "{case}: each leads to {}: {}",
                lit.text(side),
                texts.join("; ")
            )
        });
        push(found, state, chain, lit, why, branches, start);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulties_by_kind_and_length() {
        let chain = |kind, nodes| {
            ForcingChain {
                kind,
                shape: Shape::Cell,
                nodes,
            }
            .tenths()
        };
        assert_eq!(chain(ForcingKind::Nishio, 6), 75);
        assert_eq!(chain(ForcingKind::Multiple, 20), 85);
        assert_eq!(chain(ForcingKind::Dynamic, 50), 92);
    }
}
