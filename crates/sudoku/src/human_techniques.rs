//! The techniques of [`explain`](crate::explain) as a propagator: the
//! propagation level `human:D` (csp-core's
//! [`PropagationLevel::Human`]) applies, at every node of a search, every
//! technique up to difficulty `D` on Sudoku Explainer's scale, so a
//! comparison can ask how many guesses a search still needs when it
//! knows X-Wings (`human:3.2`) or XY-Wings (`human:4.2`).
//!
//! How it runs: the engine first takes the level's singles to their
//! fixpoint (naked and hidden singles, the elements' own propagators);
//! then this propagator, which runs last, reads the candidates into an
//! explanation's grid, takes the first step of the ladder at most `D`
//! difficult (as `explain` would choose it; techniques that assume one
//! solution, unique rectangles and BUG, are left out: a search also
//! counts solutions), makes its placements and removals, and asks to run
//! again once the singles they lead to are made. It stops when no
//! technique up to `D` applies. Its changes are credited to the rule
//! `human` ([`Rule::Human`]): one run per step looked for, its removals
//! and its placements.
//!
//! Unlike the other levels, it allocates as it runs (an explanation's
//! finders build their steps); the rung is meant for experiments, not
//! throughput.

use csp_core::{Conflict, PropagationContext, PropagationLevel, Propagator, Rule, VarId};

use crate::explain::{State, human_step};

/// Every cell of a grid, with the layout of its houses.
#[derive(Debug)]
pub(crate) struct HumanTechniques {
    /// Every cell, in reading order.
    scope: Vec<VarId>,
    /// The grid's houses and an empty grid, to read the candidates into.
    template: State,
}

impl HumanTechniques {
    /// For the grid of `template` (its houses; its digits are not read).
    pub(crate) fn new(template: State) -> HumanTechniques {
        let scope = (0..template.cells()).map(|c| VarId(c as u32)).collect();
        HumanTechniques { scope, template }
    }
}

impl Propagator for HumanTechniques {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let Some(max) = ctx.level().rated_up_to() else {
            return Ok(());
        };
        let cells = self.scope.len();
        let mut digits = vec![0u8; cells];
        let mut candidates = vec![0u64; cells];
        for (cell, &var) in self.scope.iter().enumerate() {
            match ctx.value(var) {
                Some(value) => digits[cell] = value as u8 + 1,
                None => candidates[cell] = ctx.domain(var).0,
            }
        }
        let state = self.template.at(digits, candidates);
        let Some(step) = human_step(&state, max) else {
            return Ok(());
        };
        for &(cell, d) in &step.placed {
            let var = self.scope[cell];
            if !ctx.is_assigned(var) {
                ctx.assign(var, u32::from(d) - 1)?;
            }
        }
        for &(cell, d) in &step.removed {
            let var = self.scope[cell];
            if ctx.domain(var).contains(u32::from(d) - 1) {
                ctx.remove(var, u32::from(d) - 1)?;
            }
        }
        // Every step changes the grid: look for the next one once the
        // singles it leads to are made.
        ctx.run_again();
        Ok(())
    }

    fn check(&self, _value: &dyn Fn(VarId) -> u32) -> bool {
        // It deduces; the houses and elements are enforced by their own
        // propagators.
        true
    }

    fn name(&self) -> &'static str {
        "human techniques"
    }

    fn relates_scope(&self) -> bool {
        // It spans the grid: the houses say who sees whom.
        false
    }

    fn min_level(&self) -> PropagationLevel {
        PropagationLevel::Human(0)
    }

    fn runs_last(&self) -> bool {
        true
    }

    fn rule(&self) -> Rule {
        Rule::Human
    }
}
