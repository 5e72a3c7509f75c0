//! `Z`: last-conflict reasoning (Lecoutre, Sais, Tabary, Vidal 2009).

use crate::VarId;
use crate::heuristics::{Placement, SelectionContext, VariableSelector};

/// Cell heuristic `Z`, last-conflict reasoning (Lecoutre, Sais, Tabary,
/// Vidal 2009), a modifier put first in a chain (`ZW`, `ZEH`): once a
/// placement fails, its variable is branched on first (score 0, the
/// others 1) while it is unassigned, until a placement in it succeeds; the
/// rest of the chain picks otherwise. A restart forgets it.
#[derive(Clone, Copy, Debug, Default)]
pub struct LastConflict {
    last: Option<VarId>,
}

impl LastConflict {
    /// The variable of the last failed placement, while it is remembered.
    pub fn last(&self) -> Option<VarId> {
        self.last
    }
}

impl VariableSelector for LastConflict {
    #[inline]
    fn score(&mut self, _ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        i64::from(self.last != Some(var))
    }

    /// The remembered variable alone if it is open, else every open one.
    fn best(&mut self, ctx: &SelectionContext<'_>, out: &mut Vec<VarId>, first_only: bool) {
        match self.last.filter(|&v| !ctx.is_assigned(v)) {
            Some(v) => out.push(v),
            None if first_only => out.extend(ctx.first_open()),
            None => out.extend(ctx.unassigned_vars()),
        }
    }

    fn learns(&self) -> bool {
        true
    }

    fn placed(&mut self, _ctx: &SelectionContext<'_>, placement: &Placement<'_>) {
        if placement.failed() {
            self.last = Some(placement.var);
        } else if self.last == Some(placement.var) {
            self.last = None;
        }
    }

    fn restarted(&mut self) {
        self.last = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::{
        best_agrees_with_scores, failure, success,
    };
    use crate::testing::latin3;

    #[test]
    fn the_failed_variable_goes_first_until_a_placement_in_it_succeeds() {
        let (model, store) = latin3();
        let ctx = SelectionContext::new(&model, &store);
        let mut h = LastConflict::default();
        let mut best = Vec::new();
        // Nothing failed yet: every open variable ties.
        h.best(&ctx, &mut best, false);
        assert_eq!(best.len(), 7);
        let sizes = [0; 9];
        h.placed(&ctx, &failure(8, 4, &sizes));
        assert_eq!(h.last(), Some(VarId(8)));
        assert_eq!((h.score(&ctx, VarId(8)), h.score(&ctx, VarId(1))), (0, 1));
        best.clear();
        h.best(&ctx, &mut best, false);
        assert_eq!(best, [VarId(8)]);
        // Another variable's placement succeeding changes nothing; x8's
        // does; x8 failing again, then x2 failing, moves it to x2.
        h.placed(&ctx, &success(6, 1, &sizes));
        assert_eq!(h.last(), Some(VarId(8)));
        h.placed(&ctx, &success(8, 0, &sizes));
        assert_eq!(h.last(), None);
        h.placed(&ctx, &failure(8, 4, &sizes));
        h.placed(&ctx, &failure(2, 0, &sizes));
        assert_eq!(h.last(), Some(VarId(2)));
        h.restarted();
        assert_eq!(h.last(), None);
        best_agrees_with_scores(|_| LastConflict {
            last: Some(VarId(5)),
        });
    }
}
