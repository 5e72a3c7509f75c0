//! Heuristics written in Python: a cell heuristic is a callable
//! `score(view, cell)`, a value heuristic `score(view, cell, digit)`; the
//! smallest score wins, as with the built-in letters. They take their
//! place in a chain beside the built-in symbols. A cell heuristic that
//! scores many cells in one call is in [`crate::batch`].
//!
//! The [`View`] a heuristic reads is a copy of the state at that choice
//! (the candidates of every cell, taken once per choice), so it stays
//! valid whatever the function keeps of it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use csp_core::{Model, SelectionContext, ValueSelector, VarId, VariableSelector};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;

/// What stops every search of a call when one heuristic raised: the flag
/// the searches read ([`csp_core::Search::set_interrupt`]) and the first
/// exception, raised again once the searches are over.
#[derive(Debug, Default)]
pub struct Failure {
    /// Raised with the first exception.
    pub flag: Arc<AtomicBool>,
    error: Mutex<Option<PyErr>>,
}

impl Failure {
    /// Keeps `e` (unless an earlier exception was kept) and stops the
    /// searches.
    pub fn fail(&self, e: PyErr) {
        let mut slot = self.error.lock().unwrap_or_else(|p| p.into_inner());
        if slot.is_none() {
            *slot = Some(e);
        }
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Whether some exception was raised.
    pub fn failed(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }

    /// The first exception raised, if any.
    pub fn take(&self) -> Option<PyErr> {
        self.error.lock().unwrap_or_else(|p| p.into_inner()).take()
    }
}

/// What does not change during a search: the grid's side and each cell's
/// related cells.
#[derive(Debug)]
pub struct Geometry {
    side: usize,
    related: Vec<Vec<u32>>,
}

impl Geometry {
    /// The geometry of `model`'s variables, cells of a grid of `side`.
    pub fn new(model: &Model, side: usize) -> Geometry {
        Geometry {
            side,
            related: (model.vars())
                .map(|v| model.neighbours(v).iter().map(|n| n.0).collect())
                .collect(),
        }
    }
}

/// What a heuristic written in Python reads: the state of the search at
/// one choice. Cells are numbered from 0 in reading order
/// (`row * side + column`); digits from 1.
#[pyclass(name = "View", module = "sudoku_csp", frozen)]
pub struct View {
    geometry: Arc<Geometry>,
    /// The candidates of each cell, digit d at bit d - 1.
    domains: Vec<u64>,
    /// Whether each cell is filled (given, placed or deduced).
    filled: Vec<bool>,
    /// How many filled cells hold each digit (index: digit - 1).
    uses: Vec<u32>,
    depth: usize,
}

impl View {
    pub(crate) fn of(geometry: &Arc<Geometry>, ctx: &SelectionContext<'_>) -> View {
        let n = ctx.num_vars();
        let side = geometry.side;
        View {
            geometry: geometry.clone(),
            domains: (0..n).map(|v| ctx.domain(VarId(v as u32)).0).collect(),
            filled: (0..n).map(|v| ctx.is_assigned(VarId(v as u32))).collect(),
            uses: (0..side as u32).map(|d| ctx.value_use(d)).collect(),
            depth: ctx.depth(),
        }
    }

    fn cell(&self, cell: usize) -> PyResult<usize> {
        if cell < self.domains.len() {
            Ok(cell)
        } else {
            Err(PyIndexError::new_err(format!(
                "cell {cell} is outside the grid (cells 0 to {})",
                self.domains.len() - 1
            )))
        }
    }
}

#[pymethods]
impl View {
    /// Cells per row (9 for a classic grid).
    #[getter]
    fn side(&self) -> usize {
        self.geometry.side
    }

    /// The number of cells (81 for a classic grid).
    #[getter]
    fn num_cells(&self) -> usize {
        self.domains.len()
    }

    /// Placements on the search's current path (0 at the root).
    #[getter]
    fn depth(&self) -> usize {
        self.depth
    }

    /// The candidates of `cell`, digits from 1 (a filled cell: its digit).
    fn candidates(&self, cell: usize) -> PyResult<Vec<u32>> {
        let d = self.domains[self.cell(cell)?];
        Ok((0..64).filter(|b| d >> b & 1 == 1).map(|b| b + 1).collect())
    }

    /// The number of candidates of `cell` (1 for a filled cell).
    fn size(&self, cell: usize) -> PyResult<u32> {
        Ok(self.domains[self.cell(cell)?].count_ones())
    }

    /// The number of candidates of each of `cells` (default: every cell,
    /// in index order; 1 for a filled cell): what a batch heuristic
    /// (`sudoku_csp.batch`) reads in one call.
    #[pyo3(signature = (cells=None))]
    fn sizes(&self, cells: Option<Vec<usize>>) -> PyResult<Vec<u32>> {
        match cells {
            None => Ok(self.domains.iter().map(|d| d.count_ones()).collect()),
            Some(cells) => (cells.into_iter())
                .map(|c| Ok(self.domains[self.cell(c)?].count_ones()))
                .collect(),
        }
    }

    /// Whether `cell` holds a digit (given, placed or deduced).
    fn is_filled(&self, cell: usize) -> PyResult<bool> {
        Ok(self.filled[self.cell(cell)?])
    }

    /// The digit of `cell`, None if it is empty.
    fn value(&self, cell: usize) -> PyResult<Option<u32>> {
        let c = self.cell(cell)?;
        Ok(self.filled[c].then(|| self.domains[c].trailing_zeros() + 1))
    }

    /// The cells related to `cell` (sharing a house or another rule's
    /// scope), in index order.
    fn related(&self, cell: usize) -> PyResult<Vec<u32>> {
        Ok(self.geometry.related[self.cell(cell)?].clone())
    }

    /// The empty cells related to `cell`.
    fn empty_related(&self, cell: usize) -> PyResult<Vec<u32>> {
        let related = &self.geometry.related[self.cell(cell)?];
        Ok(related
            .iter()
            .copied()
            .filter(|&n| !self.filled[n as usize])
            .collect())
    }

    /// The empty cells, in index order.
    fn empty_cells(&self) -> Vec<usize> {
        (0..self.filled.len())
            .filter(|&c| !self.filled[c])
            .collect()
    }

    /// The filled cells, in index order.
    fn filled_cells(&self) -> Vec<usize> {
        (0..self.filled.len()).filter(|&c| self.filled[c]).collect()
    }

    /// How many filled cells hold `digit`.
    fn digit_count(&self, digit: usize) -> PyResult<u32> {
        match digit.checked_sub(1).and_then(|d| self.uses.get(d)) {
            Some(&n) => Ok(n),
            None => Err(PyIndexError::new_err(format!(
                "digit {digit} is not a digit of this grid (1 to {})",
                self.geometry.side
            ))),
        }
    }

    /// The row of `cell`, from 0.
    fn row(&self, cell: usize) -> PyResult<usize> {
        Ok(self.cell(cell)? / self.geometry.side)
    }

    /// The column of `cell`, from 0.
    fn column(&self, cell: usize) -> PyResult<usize> {
        Ok(self.cell(cell)? % self.geometry.side)
    }

    fn __repr__(&self) -> String {
        format!(
            "View({}x{}, {} empty cells, depth {})",
            self.geometry.side,
            self.geometry.side,
            self.filled.iter().filter(|f| !**f).count(),
            self.depth
        )
    }
}

/// A score as the engine compares them: any int or float (smallest
/// first), mapped to an `i64` in the same order (so ints and floats
/// compare as numbers).
fn ordered(x: f64) -> i64 {
    let x = if x == 0.0 { 0.0 } else { x };
    let bits = x.to_bits() as i64;
    if bits < 0 { bits ^ i64::MAX } else { bits }
}

/// A score read from a Python object: any int or float but NaN.
pub(crate) fn score_of(r: &Bound<'_, PyAny>, name: &str) -> PyResult<i64> {
    // An int is read as one (most heuristics count something), without
    // the float Python would make of it.
    if let Ok(i) = r.cast_exact::<pyo3::types::PyInt>()
        && let Ok(i) = i.extract::<i64>()
    {
        return Ok(ordered(i as f64));
    }
    if r.is_none() {
        return Err(PyTypeError::new_err(format!(
            "heuristic {name} returned None: a score is an int or a float"
        )));
    }
    let x: f64 = r.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "heuristic {name} returned {}: a score is an int or a float",
            r.get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string())
        ))
    })?;
    if x.is_nan() {
        return Err(PyValueError::new_err(format!(
            "heuristic {name} returned NaN"
        )));
    }
    Ok(ordered(x))
}

/// Calls `func(*args)` and reads its score; an exception (or a score that
/// is no number) stops the searches.
fn call(
    py: Python<'_>,
    func: &Py<PyAny>,
    name: &str,
    args: impl for<'py> pyo3::call::PyCallArgs<'py>,
    failure: &Failure,
) -> i64 {
    let result = (func.bind(py).call1(args)).and_then(|r| score_of(&r, name));
    result.unwrap_or_else(|e| {
        failure.fail(e);
        0
    })
}

/// A cell heuristic written in Python, as a link of a chain.
#[derive(Debug)]
pub struct PythonCells {
    func: Py<PyAny>,
    name: String,
    geometry: Arc<Geometry>,
    failure: Arc<Failure>,
    /// The view of the choice being made (made in `prepare`).
    view: Option<Py<View>>,
}

impl PythonCells {
    /// A link calling `func`, labelled `name`.
    pub fn new(
        func: Py<PyAny>,
        name: String,
        geometry: Arc<Geometry>,
        failure: Arc<Failure>,
    ) -> Self {
        PythonCells {
            func,
            name,
            geometry,
            failure,
            view: None,
        }
    }
}

impl VariableSelector for PythonCells {
    fn prepare(&mut self, ctx: &SelectionContext<'_>) {
        if self.failure.failed() {
            return;
        }
        let view = View::of(&self.geometry, ctx);
        Python::attach(|py| match Py::new(py, view) {
            Ok(v) => self.view = Some(v),
            Err(e) => self.failure.fail(e),
        });
    }

    fn score(&mut self, _ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        let Some(view) = &self.view else { return 0 };
        if self.failure.failed() {
            return 0;
        }
        Python::attach(|py| {
            let args = (view.clone_ref(py), var.0);
            call(py, &self.func, &self.name, args, &self.failure)
        })
    }
}

/// A value heuristic written in Python, as a link of a chain.
#[derive(Debug)]
pub struct PythonValues {
    func: Py<PyAny>,
    name: String,
    geometry: Arc<Geometry>,
    failure: Arc<Failure>,
}

impl PythonValues {
    /// A link calling `func`, labelled `name`.
    pub fn new(
        func: Py<PyAny>,
        name: String,
        geometry: Arc<Geometry>,
        failure: Arc<Failure>,
    ) -> Self {
        PythonValues {
            func,
            name,
            geometry,
            failure,
        }
    }
}

impl ValueSelector for PythonValues {
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId, value: u32) -> i64 {
        if self.failure.failed() {
            return 0;
        }
        let view = View::of(&self.geometry, ctx);
        Python::attach(|py| match Py::new(py, view) {
            Ok(view) => call(
                py,
                &self.func,
                &self.name,
                (view, var.0, value + 1),
                &self.failure,
            ),
            Err(e) => {
                self.failure.fail(e);
                0
            }
        })
    }
}
