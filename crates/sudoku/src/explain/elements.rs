//! Element steps: what one element (a killer cage, a thermometer, an
//! arrow, a dot, the anti-knight rule...) rules out on its own, given the
//! candidates so far. The element is posted alone on a model whose
//! domains are the candidates, and propagated as the `singles` level does;
//! every candidate that goes is the element's doing, and the step names
//! the element as the reason.
//!
//! Elements that only add houses (diagonals, windows, extra regions) or
//! only narrow candidates from the start (even/odd cells) are left to the
//! house techniques and the starting candidates.

use csp_core::{Model, ModelBuilder, PropagationLevel, Search, SearchConfig, ValueSet, VarId};

use super::state::removals;
use super::{State, Step, Technique, removals_text};
use crate::Sudoku;
use crate::rules::{Element, GridBuilder};

/// The elements of a puzzle that reason beyond houses.
pub(super) struct Elements<'s> {
    sudoku: &'s Sudoku,
    /// Indices into the rules' elements, each with its model: the
    /// element alone on the grid's cells, every digit open (built once;
    /// each step starts its search from the candidates of the moment).
    reasoning: Vec<(usize, Model)>,
}

impl<'s> Elements<'s> {
    /// The elements of `sudoku` that post more than houses.
    pub(super) fn new(sudoku: &'s Sudoku) -> Elements<'s> {
        let everything = ValueSet::range(sudoku.size().side() as u32);
        let reasoning = (0..sudoku.rules().elements.len())
            .filter_map(|i| {
                let mut b = ModelBuilder::new();
                for _ in 0..sudoku.size().cells() {
                    b.new_var(everything);
                }
                let mut houses = Vec::new();
                let posted = post(sudoku, i, &mut b, &mut houses);
                (posted && b.num_propagators() > houses.len()).then(|| (i, b.build()))
            })
            .collect();
        Elements { sudoku, reasoning }
    }

    /// Whether no element reasons beyond houses.
    pub(super) fn is_empty(&self) -> bool {
        self.reasoning.is_empty()
    }

    /// The first element, in the order the puzzle lists them, that rules
    /// out a candidate.
    pub(super) fn find(&self, state: &State) -> Option<Step> {
        self.find_or_broken(state).ok().flatten()
    }

    /// The same, or the first element the candidates break: no digits
    /// left in its cells keep it (the description of why).
    pub(super) fn find_or_broken(&self, state: &State) -> Result<Option<Step>, String> {
        for (i, model) in &self.reasoning {
            match self.step(*i, model, state) {
                Outcome::Nothing => {}
                Outcome::Step(step) => return Ok(Some(*step)),
                Outcome::Broken => {
                    let element = &self.sudoku.rules().elements[*i];
                    return Err(format!("{} cannot be kept", element.describe()));
                }
            }
        }
        Ok(None)
    }

    /// What element `i` (posted alone on `model`) rules out from the
    /// candidates of `state`.
    fn step(&self, i: usize, model: &Model, state: &State) -> Outcome {
        let config = SearchConfig {
            level: PropagationLevel::Singles,
            ..SearchConfig::default()
        };
        let Ok(mut search) = Search::new(model, &config) else {
            return Outcome::Nothing;
        };
        for cell in 0..state.cells() {
            let var = VarId(cell as u32);
            let narrowed = match state.digit(cell) {
                0 => search.restrict(var, ValueSet(state.mask(cell))),
                d => search.fix(var, u32::from(d) - 1),
            };
            if narrowed.is_err() {
                return Outcome::Broken;
            }
        }
        if search.propagate_root().is_err() {
            return Outcome::Broken;
        }
        let store = search.store();
        let open = (0..state.cells()).filter(|&c| state.digit(c) == 0);
        let removed = removals(open, |c| state.mask(c) & !store.domain(VarId(c as u32)).0);
        if removed.is_empty() {
            return Outcome::Nothing;
        }
        let element = &self.sudoku.rules().elements[i];
        Outcome::Step(Box::new(Step {
            technique: Technique::Element(element.kind()),
            placed: Vec::new(),
            why: format!(
                "{}: {}",
                element.describe(),
                removals_text(&removed, state.side())
            ),
            removed,
            pattern: super::Pattern::default(),
        }))
    }
}

/// What one element does to the candidates.
enum Outcome {
    /// Rules nothing out.
    Nothing,
    /// Rules these out.
    Step(Box<Step>),
    /// No digits left in its cells keep it.
    Broken,
}

/// Posts element `i` of `sudoku` alone on `b`; whether it posted.
fn post(sudoku: &Sudoku, i: usize, b: &mut ModelBuilder, houses: &mut Vec<crate::House>) -> bool {
    let element: &dyn Element = sudoku.rules().elements[i].as_ref();
    let mut grid = GridBuilder {
        size: sudoku.size(),
        builder: b,
        houses,
        marks: sudoku.marks(),
        element: element.describe(),
    };
    element.post(&mut grid).is_ok()
}
