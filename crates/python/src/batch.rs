//! Cell heuristics written in Python that score many cells in one call
//! (`sudoku_csp.batch`): `score(view, cells)` returns one score per cell.
//! The search calls one once per choice, with every open cell (later in a
//! chain, the cells still tied), where a function of one cell is called
//! once per cell: the same choices at about half the cost.

use std::sync::Arc;

use csp_core::{SelectionContext, VarId, VariableSelector};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::heuristics::{Failure, Geometry, View, score_of};

/// A batch cell heuristic, as a link of a chain.
#[derive(Debug)]
pub struct PythonCellBatch {
    func: Py<PyAny>,
    name: String,
    geometry: Arc<Geometry>,
    failure: Arc<Failure>,
    /// The cells of the last call, kept between choices.
    cells: Vec<u32>,
    /// The scores of the last call, in the order of `cells`.
    scores: Vec<i64>,
}

impl PythonCellBatch {
    /// A link calling `func`, labelled `name`.
    pub fn new(
        func: Py<PyAny>,
        name: String,
        geometry: Arc<Geometry>,
        failure: Arc<Failure>,
    ) -> Self {
        PythonCellBatch {
            func,
            name,
            geometry,
            failure,
            cells: Vec::new(),
            scores: Vec::new(),
        }
    }

    /// One call: `func(view, cells)` with the cells in `self.cells`, its
    /// scores into `self.scores`; false (the searches stopped) if it
    /// raised or did not give one number per cell.
    fn call(&mut self, ctx: &SelectionContext<'_>) -> bool {
        self.scores.clear();
        if self.failure.failed() {
            return false;
        }
        let view = View::of(&self.geometry, ctx);
        let (name, cells, scores) = (&self.name, &self.cells, &mut self.scores);
        let outcome = Python::attach(|py| -> PyResult<()> {
            let list = PyList::new(py, cells.iter())?;
            let result = self.func.bind(py).call1((view, list))?;
            let items = result.try_iter().map_err(|_| {
                PyTypeError::new_err(format!(
                    "batch heuristic {name} returned {}: a sequence of scores, one per cell",
                    (result.get_type().name()).map_or_else(|_| "?".into(), |n| n.to_string())
                ))
            })?;
            for item in items {
                scores.push(score_of(&item?, name)?);
            }
            if scores.len() != cells.len() {
                return Err(PyValueError::new_err(format!(
                    "batch heuristic {name} returned {} scores for {} cells",
                    scores.len(),
                    cells.len()
                )));
            }
            Ok(())
        });
        match outcome {
            Ok(()) => true,
            Err(e) => {
                self.failure.fail(e);
                false
            }
        }
    }
}

impl VariableSelector for PythonCellBatch {
    /// One cell alone (the chain asks so only through the two below).
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        self.cells.clear();
        self.cells.push(var.0);
        match self.call(ctx) {
            true => self.scores[0],
            false => 0,
        }
    }

    /// The cells still tied: one call.
    fn score_each(
        &mut self,
        ctx: &SelectionContext<'_>,
        candidates: &[VarId],
        scores: &mut Vec<i64>,
    ) -> i64 {
        self.cells.clear();
        self.cells.extend(candidates.iter().map(|v| v.0));
        scores.clear();
        if !self.call(ctx) {
            scores.resize(candidates.len(), 0);
            return 0;
        }
        scores.extend_from_slice(&self.scores);
        scores.iter().copied().min().unwrap_or(i64::MAX)
    }

    /// Every open cell: one call, then the ones with the smallest score
    /// in index order (a lone open cell is handed over uncalled, as the
    /// trait's own body does).
    fn best(&mut self, ctx: &SelectionContext<'_>, out: &mut Vec<VarId>, first_only: bool) {
        if ctx.unassigned_count() <= 1 {
            out.extend_from_slice(ctx.first_open().as_slice());
            return;
        }
        self.cells.clear();
        let cells = &mut self.cells;
        ctx.for_each_unassigned(|v| cells.push(v.0));
        if !self.call(ctx) {
            out.extend(self.cells.first().map(|&c| VarId(c)));
            return;
        }
        let least = self.scores.iter().copied().min().unwrap_or(i64::MAX);
        let tied = (self.cells.iter().zip(&self.scores)).filter(|&(_, &s)| s == least);
        for (&cell, _) in tied {
            out.push(VarId(cell));
            if first_only {
                break;
            }
        }
    }
}
