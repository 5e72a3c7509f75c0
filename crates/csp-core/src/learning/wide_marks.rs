//! What a conflict analysis keeps of a wide variable: its state where the
//! walk down the trail stands, at the current level's start and at the
//! root, and the literals over it that the analysis met.
//!
//! A wide variable's literals are bounds (`x >= v`, `x <= v`) and holes
//! (`x != v` strictly between its bounds). Of the bound literals met, only
//! the strongest of each side is kept: `x >= 9` implies `x >= 5`, so a set
//! of literals that fails with both fails with the first alone. A hole is
//! kept by its value. `x = v` is met as `x >= v` and `x <= v`, and `x != v`
//! outside the bounds as the bound that excludes it (a stronger literal
//! that holds: the set still fails).

use crate::VarId;
use crate::domain_store::WideState;
use crate::explanation::Literal;

/// `pending_lo` / `older_lo` when no `x >= v` is kept (`x >= 0` is no
/// literal).
pub(crate) const NO_LO: u32 = 0;
/// `pending_hi` / `older_hi` when no `x <= v` is kept.
pub(crate) const NO_HI: u32 = u32::MAX;

/// One wide variable's states and literals in an analysis.
#[derive(Clone, Debug)]
pub(crate) struct WideMarks {
    /// Its state where the walk stands (just before the entries walked).
    pub(crate) now: WideState,
    pub(crate) start: WideState,
    pub(crate) root: WideState,
    /// The strongest current-level `x >= v` and `x <= v` still to resolve.
    pub(crate) pending_lo: u32,
    pub(crate) pending_hi: u32,
    /// The older levels' strongest `x >= v` and `x <= v`.
    pub(crate) older_lo: u32,
    pub(crate) older_hi: u32,
    /// Holes `x != v`: of the current level, and of older ones.
    pub(crate) pending_holes: Vec<u32>,
    pub(crate) older_holes: Vec<u32>,
}

impl Default for WideMarks {
    fn default() -> WideMarks {
        WideMarks {
            now: WideState::default(),
            start: WideState::default(),
            root: WideState::default(),
            pending_lo: NO_LO,
            pending_hi: NO_HI,
            older_lo: NO_LO,
            older_hi: NO_HI,
            pending_holes: Vec::new(),
            older_holes: Vec::new(),
        }
    }
}

impl WideMarks {
    /// Whether no literal is kept.
    pub(crate) fn is_clear(&self) -> bool {
        self.pending_lo == NO_LO
            && self.pending_hi == NO_HI
            && self.older_lo == NO_LO
            && self.older_hi == NO_HI
            && self.pending_holes.is_empty()
            && self.older_holes.is_empty()
    }

    /// Forgets the literals (keeping the buffers).
    pub(crate) fn clear(&mut self) {
        (self.pending_lo, self.pending_hi) = (NO_LO, NO_HI);
        (self.older_lo, self.older_hi) = (NO_LO, NO_HI);
        self.pending_holes.clear();
        self.older_holes.clear();
    }
}

/// Whether `value` is out of the domain in `state` (its holes those of
/// `stack` it counts).
pub(crate) fn excludes(state: WideState, stack: &[u32], value: u32) -> bool {
    state.size == 0
        || value < state.lo
        || value > state.hi
        || stack[..state.holes as usize].contains(&value)
}

/// Whether `literal`, over the variable of `state`, is false there.
pub(crate) fn is_false_at(state: WideState, stack: &[u32], literal: Literal) -> bool {
    if state.size == 0 {
        return true;
    }
    match literal {
        Literal::Is(_, v) => excludes(state, stack, v),
        Literal::IsNot(_, v) => state.size == 1 && state.lo == v,
        Literal::AtLeast(_, v) => state.hi < v,
        Literal::AtMost(_, v) => state.lo > v,
    }
}

/// Pushes the literals that say the domain of `var` in `state`: its
/// bounds (`x >= lo` when `lo` is above 0, `x <= hi`) and its holes
/// between them. An empty domain's bounds cross (`lo > hi`), so its two
/// literals cannot hold together.
pub(crate) fn push_state(var: VarId, state: WideState, stack: &[u32], reason: &mut Vec<Literal>) {
    if state.lo > 0 {
        reason.push(Literal::AtLeast(var, state.lo));
    }
    reason.push(Literal::AtMost(var, state.hi));
    for &h in &stack[..state.holes as usize] {
        if state.lo < h && h < state.hi {
            reason.push(Literal::IsNot(var, h));
        }
    }
}

/// Pushes what, beside the literal a change made true, makes its new
/// domain hold a bound: for `x >= p`, the bound `x >= lo` of `before`,
/// its holes below `p`, and `x <= hi` if `p` passes it (then the domain
/// is empty); for `x <= p` the same on the other side.
pub(crate) fn push_own(
    var: VarId,
    before: WideState,
    stack: &[u32],
    bound: Literal,
    reason: &mut Vec<Literal>,
) {
    let holes = &stack[..before.holes as usize];
    let inside = |h: u32| before.lo < h && h < before.hi;
    match bound {
        Literal::AtLeast(_, p) => {
            if before.lo > 0 {
                reason.push(Literal::AtLeast(var, before.lo));
            }
            if p > before.hi {
                reason.push(Literal::AtMost(var, before.hi));
            }
            let below = holes.iter().filter(|&&h| inside(h) && h < p);
            reason.extend(below.map(|&h| Literal::IsNot(var, h)));
        }
        Literal::AtMost(_, p) => {
            reason.push(Literal::AtMost(var, before.hi));
            if p < before.lo {
                reason.push(Literal::AtLeast(var, before.lo));
            }
            let above = holes.iter().filter(|&&h| inside(h) && h > p);
            reason.extend(above.map(|&h| Literal::IsNot(var, h)));
        }
        Literal::Is(..) | Literal::IsNot(..) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(lo: u32, hi: u32, size: u32, holes: u32) -> WideState {
        WideState {
            lo,
            hi,
            size,
            holes,
        }
    }

    #[test]
    fn a_state_reads_as_its_bounds_and_holes() {
        let x = VarId(2);
        // 3..=9 less 5 (4 is stale: pushed, then passed by the bound).
        let stack = [4, 5, 8];
        let s = state(4, 9, 5, 2);
        assert!(excludes(s, &stack, 5) && excludes(s, &stack, 3) && !excludes(s, &stack, 8));
        let mut reason = Vec::new();
        push_state(x, s, &stack, &mut reason);
        assert_eq!(
            reason,
            [
                Literal::AtLeast(x, 4),
                Literal::AtMost(x, 9),
                Literal::IsNot(x, 5)
            ]
        );
        assert!(is_false_at(s, &stack, Literal::AtLeast(x, 10)));
        assert!(!is_false_at(s, &stack, Literal::AtLeast(x, 9)));
        assert!(is_false_at(s, &stack, Literal::Is(x, 5)));
        assert!(is_false_at(state(7, 7, 1, 0), &stack, Literal::IsNot(x, 7)));
    }

    #[test]
    fn a_bound_needs_the_old_bound_and_the_holes_it_passed() {
        let x = VarId(0);
        let stack = [6, 12];
        let before = state(3, 20, 16, 2);
        let mut reason = Vec::new();
        push_own(x, before, &stack, Literal::AtLeast(x, 8), &mut reason);
        assert_eq!(reason, [Literal::AtLeast(x, 3), Literal::IsNot(x, 6)]);
        reason.clear();
        push_own(x, before, &stack, Literal::AtLeast(x, 21), &mut reason);
        assert_eq!(
            reason[..2],
            [Literal::AtLeast(x, 3), Literal::AtMost(x, 20)]
        );
        reason.clear();
        push_own(x, before, &stack, Literal::AtMost(x, 10), &mut reason);
        assert_eq!(reason, [Literal::AtMost(x, 20), Literal::IsNot(x, 12)]);
    }
}
