//! XCSP3 instances solved and counted with a strategy: the one job under
//! `sudoku csp solve` and `sudoku csp count` (and what Python calls).
//!
//! An instance is read and compiled by the `xcsp3` crate, then searched
//! by csp-core with the strategy's heuristics, level, restarts and limits,
//! exactly as a puzzle is; the record holds the same counters.

use std::path::Path;

use csp_core::{Search, SearchConfig, Termination};
use serde::Serialize;

use crate::records::{StatsRecord, StrategyRecord, VERSION};
use crate::strategy::Strategy;

/// What became of one instance (one JSON object per file).
#[derive(Serialize, Clone, Debug)]
pub struct InstanceRecord {
    /// The file, as given.
    pub file: String,
    /// `satisfiable`, `unsatisfiable`, `stopped` (a limit came first,
    /// nothing found) or `invalid` (not read: see `error`).
    pub status: &'static str,
    /// Why the file was not read or searched.
    pub error: Option<String>,
    /// How many variables and constraints were read.
    pub variables: Option<usize>,
    /// The constraints read (a `<group>` counts each of its `<args>`).
    pub constraints: Option<usize>,
    /// The variables no constraint mentions: every solution goes with
    /// each of their values (ACE leaves them out of its counts).
    pub unconstrained: Option<usize>,
    /// The product of their domain sizes (decimal, exact): the solutions
    /// counted here are ACE's count times this.
    pub unconstrained_assignments: Option<String>,
    /// Solutions found; exact when `exact`, else a lower bound.
    pub solutions: Option<u64>,
    /// Whether `solutions` is every solution (the search went through
    /// the whole tree).
    pub exact: Option<bool>,
    /// Whether a placement or time limit stopped the search first (then
    /// `solutions` is a lower bound).
    pub lower_bound: Option<bool>,
    /// The most solutions looked for (`null`: all).
    pub limit: Option<u64>,
    /// The first solution's values, one per variable in declaration order
    /// (array cells in row-major order).
    pub values: Option<Vec<i64>>,
    /// The first solution as XCSP3 writes one.
    pub instantiation: Option<String>,
    /// The search counters.
    pub stats: Option<StatsRecord>,
    /// The strategy.
    pub strategy: StrategyRecord,
    /// The program's version.
    pub version: &'static str,
}

impl InstanceRecord {
    /// Whether the instance was answered (satisfiable or unsatisfiable)
    /// and, counting, every solution up to the limit was counted: not
    /// stopped by a placement or time limit.
    pub fn answered(&self) -> bool {
        matches!(self.status, "satisfiable" | "unsatisfiable") && self.lower_bound != Some(true)
    }

    /// One line for people: `queens-8.xml: satisfiable, 92 solutions (...)`.
    pub fn summary(&self) -> String {
        let counted = match (self.solutions, self.exact, self.lower_bound) {
            // Solving: the first solution is the answer.
            _ if self.limit == Some(1) => String::new(),
            (Some(n), Some(true), _) if n > 0 => {
                format!(", {}", crate::words::count(n, "solution"))
            }
            (Some(n), _, Some(true)) if n > 0 => {
                format!(
                    ", at least {} (stopped)",
                    crate::words::count(n, "solution")
                )
            }
            (Some(n), Some(false), _) if n > 0 => {
                format!(", {} (the limit)", crate::words::count(n, "solution"))
            }
            _ => String::new(),
        };
        let detail = match (&self.error, &self.stats) {
            (Some(error), _) => format!(": {error}"),
            (None, Some(stats)) => format!(" ({})", stats.sentence()),
            (None, None) => String::new(),
        };
        format!("{}: {}{counted}{detail}", self.file, self.status)
    }
}

/// Searches the XCSP3 instance in `path` with `strategy` (one search: a
/// portfolio is refused), up to `max_solutions` solutions (`None`: all).
/// Nothing is returned as an error: a file that cannot be read, an
/// unsupported construct or a heuristic that does not apply is a record
/// with status `invalid` and the reason.
pub fn run_instance(
    path: &Path,
    strategy: &Strategy,
    max_solutions: Option<u64>,
) -> InstanceRecord {
    let mut record = InstanceRecord {
        file: path.display().to_string(),
        status: "invalid",
        error: None,
        variables: None,
        constraints: None,
        unconstrained: None,
        unconstrained_assignments: None,
        solutions: None,
        exact: None,
        lower_bound: None,
        limit: max_solutions,
        values: None,
        instantiation: None,
        stats: None,
        strategy: StrategyRecord::of(strategy),
        version: VERSION,
    };
    if let Err(error) = search(path, &strategy.search, max_solutions, &mut record) {
        record.error = Some(error);
    }
    record
}

fn search(
    path: &Path,
    config: &SearchConfig,
    max_solutions: Option<u64>,
    record: &mut InstanceRecord,
) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read it: {e}"))?;
    let instance = xcsp3::read(&text).map_err(|e| e.to_string())?;
    record.variables = Some(instance.variables.len());
    record.constraints = Some(instance.constraints.len());
    let free = instance.unconstrained();
    let product = (free.iter()).fold(csp_core::BigUint::from(1u32), |acc, &v| {
        acc * instance.variables[v].values.len()
    });
    record.unconstrained = Some(free.len());
    record.unconstrained_assignments = Some(product.to_string());
    let compiled = xcsp3::compile(&instance).map_err(|e| e.to_string())?;
    let search = Search::new(&compiled.model, config).map_err(|e| e.to_string())?;
    let result = search.run(max_solutions);
    let found = result.stats.solutions;
    record.status = match result.termination {
        _ if found > 0 => "satisfiable",
        Termination::Exhausted => "unsatisfiable",
        Termination::SolutionLimit | Termination::Stopped(_) => "stopped",
    };
    record.solutions = Some(found);
    record.exact = Some(result.termination == Termination::Exhausted);
    record.lower_bound = Some(matches!(result.termination, Termination::Stopped(_)));
    if let Some(first) = &result.first_solution {
        record.values = Some(compiled.values(first));
        record.instantiation = Some(compiled.instantiation(first));
    }
    record.stats = Some(StatsRecord::from(&result.stats));
    Ok(())
}
