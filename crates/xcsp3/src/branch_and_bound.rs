//! Optimization by branch and bound over whole searches: search for a
//! solution, then for one better than it (the objective bounded by the
//! last value found, compiled into the model), and so on until no better
//! one exists (the last is optimal) or a limit stops the series. The
//! limits (placements, time) cover the whole series; the counters add
//! up over its searches.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use csp_core::{HeuristicError, Search, SearchConfig, SearchResult, Termination};

use crate::{Compiled, Instance, Objective, XcspError, compile_better_than};

/// Why optimizing stopped short of an answer.
#[derive(Debug, thiserror::Error)]
pub enum OptimizeError {
    /// The config does not apply to the model (a heuristic that needs a
    /// grid).
    #[error(transparent)]
    Heuristic(#[from] HeuristicError),
    /// A bounded model could not be made.
    #[error(transparent)]
    Compile(#[from] XcspError),
    /// The objective has no value at a solution.
    #[error("the objective is undefined at a solution (a division by zero)")]
    Undefined,
}

/// What optimizing found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optimized {
    /// The best value found, if any solution was.
    pub best: Option<i64>,
    /// Whether no better solution exists (the search went through the
    /// whole tree of the last bound).
    pub optimal: bool,
    /// How many searches the series made (each solution found, and the
    /// last that found none or was stopped).
    pub searches: u64,
}

/// Optimizes `objective` over `instance` (`compiled`: its model) with
/// `config`: the searches' counters summed (`solutions`: every improving
/// solution), the best solution as `first_solution` (a value per variable
/// of `compiled`), and what was found. `tracer` sees every search;
/// raising `interrupt` stops the series (as a limit does).
pub fn optimize(
    instance: &Instance,
    compiled: &Compiled,
    objective: &Objective,
    config: &SearchConfig,
    mut tracer: Option<&mut dyn csp_core::trace::Tracer>,
    interrupt: Option<&Arc<AtomicBool>>,
) -> Result<(SearchResult, Optimized), OptimizeError> {
    let start = Instant::now();
    let mut total = SearchResult {
        termination: Termination::Exhausted,
        first_solution: None,
        stats: Default::default(),
    };
    let mut found = Optimized {
        best: None,
        optimal: false,
        searches: 0,
    };
    let mut bounded;
    let mut model = &compiled.model;
    loop {
        let mut step = config.clone();
        if let Some(max) = config.limits.max_placements {
            step.limits.max_placements = Some(max.saturating_sub(total.stats.placements));
        }
        if let Some(timeout) = config.limits.timeout {
            step.limits.timeout = Some(timeout.saturating_sub(start.elapsed()));
        }
        let mut search = Search::new(model, &step)?;
        if let Some(t) = tracer.as_deref_mut() {
            search.set_tracer(Box::new(t));
        }
        if let Some(flag) = interrupt {
            search.set_interrupt(Arc::clone(flag));
        }
        let result = search.run(Some(1));
        found.searches += 1;
        let search_space = total.stats.search_space.clone();
        total.stats += &result.stats;
        if found.searches > 1 {
            // The space of the first model, not a sum of spaces.
            total.stats.search_space = search_space;
        }
        total.termination = result.termination;
        let Some(solution) = result.first_solution else {
            found.optimal = result.termination == Termination::Exhausted && found.best.is_some();
            break;
        };
        let values = compiled.values(&solution);
        let value = (objective.value(&|v| values[v])).ok_or(OptimizeError::Undefined)?;
        found.best = Some(value);
        // The bounded models add their variables after those of
        // `compiled`'s model (digits and auxiliaries included).
        total.first_solution = Some(solution[..compiled.model.num_vars()].to_vec());
        // Past the time limit, no model of the next step (compiling one
        // can take seconds: LotSizing's took 3.4 s past its 60).
        if (config.limits.timeout).is_some_and(|t| start.elapsed() >= t) {
            total.termination = Termination::Stopped(csp_core::StopReason::Timeout);
            break;
        }
        bounded = compile_better_than(instance, value)?;
        model = &bounded.model;
    }
    total.stats.elapsed = start.elapsed();
    Ok((total, found))
}
