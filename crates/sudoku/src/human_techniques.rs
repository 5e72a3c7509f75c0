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
//! Each step is a deduction of its own in a trace, named by its
//! technique (the `technique` of a `deduce` event: the propagator's note,
//! [`PropagationContext::note`]). The grid is read into a state kept per
//! thread, so reading it allocates nothing, and the finders keep their
//! work on the stack or in room kept per thread; what a step allocates is
//! the step found (its removals, pattern and words). They look through
//! the whole grid at every step: the level is meant for experiments, not
//! throughput (docs/guide/propagation.md has its cost).

use csp_core::{Conflict, PropagationContext, PropagationLevel, Propagator, Rule, VarId};

/// The `human:D` levels worth comparing, each with what it knows beyond
/// the one before: the rungs the guide and the page offer (any other D
/// is a level too).
pub const HUMAN_LEVELS: [(&str, &str); 5] = [
    ("human:2.8", "pointing and claiming"),
    ("human:3.2", "X-Wings"),
    ("human:4.4", "XY- and XYZ-Wings"),
    ("human:6.6", "the first chains"),
    ("human:8.5", "every forcing chain"),
];

use crate::explain::{State, Technique, human_step};

/// Every cell of a grid, with the layout of its houses.
#[derive(Debug)]
pub(crate) struct HumanTechniques {
    /// Every cell, in reading order.
    scope: Vec<VarId>,
    /// The grid's houses and an empty grid, to read the candidates into.
    template: State,
    /// The techniques its steps were made by, in the order first met: a
    /// step's note is its technique's place here.
    techniques: std::sync::Mutex<Vec<Technique>>,
}

std::thread_local! {
    /// The grid each thread last read, filled anew at each step (a
    /// state of another grid is replaced).
    static GRID: std::cell::RefCell<Option<State>> = const { std::cell::RefCell::new(None) };
}

impl HumanTechniques {
    /// For the grid of `template` (its houses; its digits are not read).
    pub(crate) fn new(template: State) -> HumanTechniques {
        let scope = (0..template.cells()).map(|c| VarId(c as u32)).collect();
        HumanTechniques {
            scope,
            template,
            techniques: std::sync::Mutex::new(Vec::new()),
        }
    }

    /// The note of a step by `technique`.
    fn note_of(&self, technique: Technique) -> u32 {
        let mut known = self.techniques.lock().unwrap_or_else(|e| e.into_inner());
        let at = match known.iter().position(|&t| t == technique) {
            Some(at) => at,
            None => {
                known.push(technique);
                known.len() - 1
            }
        };
        at as u32
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
        let step = GRID.with_borrow_mut(|kept| {
            let state = match kept {
                Some(state) if state.same_grid(&self.template) => state,
                _ => {
                    let cells = self.scope.len();
                    kept.insert(self.template.at(vec![0; cells], vec![0; cells]))
                }
            };
            for (cell, &var) in self.scope.iter().enumerate() {
                match ctx.value(var) {
                    Some(value) => state.set_cell(cell, value as u8 + 1, 0),
                    None => state.set_cell(cell, 0, ctx.domain(var).0),
                }
            }
            human_step(state, max)
        });
        let Some(step) = step else {
            return Ok(());
        };
        // Its changes are this step's, by its technique.
        ctx.note(self.note_of(step.technique));
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

    fn note_name(&self, note: u32) -> Option<String> {
        let known = self.techniques.lock().unwrap_or_else(|e| e.into_inner());
        known.get(note as usize).map(|t| t.name())
    }
}
