//! XCSP3 instances solved and counted with a strategy: the one job under
//! `sudoku csp solve` and `sudoku csp count` (and what Python calls).
//!
//! An instance is read and compiled by the `xcsp3` crate, then searched
//! by csp-core with the strategy's heuristics, level, restarts and limits,
//! exactly as a puzzle is; the record holds the same counters.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use csp_core::{Search, SearchConfig, SearchResult, Termination};
use serde::Serialize;

use crate::records::columns::{Cell, Column, Columns, Lazy, Tabular};
use crate::records::{InstanceStatsRecord, StrategyRecord, VERSION, instance_stats_columns};
use crate::strategy::Strategy;

/// The CSV columns of an instance's record: each a key (or path) of its
/// JSON object, in this order.
static COLUMNS: Lazy = Lazy::new(|| {
    let mut c: Vec<Column> = [
        "file",
        "status",
        "error",
        "variables",
        "constraints",
        "unconstrained",
        "unconstrained_assignments",
        "solutions",
        "exact",
        "lower_bound",
        "limit",
        "objective",
        "best",
        "optimal",
    ]
    .map(Column::key)
    .to_vec();
    c.push(Column::key("values").written(Cell::Words));
    // `solutions` is the record's own (the same number).
    c.extend(instance_stats_columns(&["solutions"]));
    c.extend(StrategyRecord::columns());
    c.push(Column::key("version"));
    // Added after 0.1's columns, so that theirs keep their places.
    c.push(Column::key("error_kind"));
    Columns::new(c)
});

impl Tabular for InstanceRecord {
    fn columns() -> &'static Columns {
        &COLUMNS
    }
}

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
    /// What kind of error `error` is: `unreadable`, `not XML`, `invalid`
    /// (the file breaks XCSP3's rules), `unsupported` (a construct this
    /// reader does not take) or `search` (the strategy does not apply).
    pub error_kind: Option<&'static str>,
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
    /// The first solution as XCSP3 writes one (optimizing: the best,
    /// with its cost; type `optimum` once proved).
    pub instantiation: Option<String>,
    /// `minimize` or `maximize` when the instance has an objective and was
    /// optimized (`null`: a satisfaction problem, or counted).
    pub objective: Option<&'static str>,
    /// The best objective value found (optimizing).
    pub best: Option<i64>,
    /// Whether `best` is proved optimal: no better solution exists
    /// (optimizing; status `optimum`).
    pub optimal: Option<bool>,
    /// The search counters (optimizing: summed over the series of
    /// searches, `solutions` the improving ones).
    pub stats: Option<InstanceStatsRecord>,
    /// The strategy.
    pub strategy: StrategyRecord,
    /// The program's version.
    pub version: &'static str,
}

impl InstanceRecord {
    /// Whether the instance was answered (satisfiable or unsatisfiable;
    /// optimizing, the optimum proved) and, counting, every solution up
    /// to the limit was counted: not stopped by a placement or time
    /// limit.
    pub fn answered(&self) -> bool {
        match self.optimal {
            Some(optimal) => optimal || self.status == "unsatisfiable",
            None => {
                matches!(self.status, "satisfiable" | "unsatisfiable")
                    && self.lower_bound != Some(true)
            }
        }
    }

    /// One line for people: `queens-8.xml: satisfiable, 92 solutions (...)`.
    pub fn summary(&self) -> String {
        let counted = match (self.solutions, self.exact, self.lower_bound) {
            _ if self.optimal.is_some() => match (self.best, self.optimal) {
                (Some(best), Some(true)) => format!(" {best}"),
                (Some(best), _) => format!(
                    ", best {best} so far ({} to {})",
                    crate::words::count(self.solutions.unwrap_or(0), "improving solution"),
                    self.objective.unwrap_or("optimize")
                ),
                _ => String::new(),
            },
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
        // A file not read says why in its status: `unsupported` for a
        // construct the reader does not take, as `error_kind` does.
        let status = match (self.status, self.error_kind) {
            ("invalid", Some(kind)) => kind,
            (status, _) => status,
        };
        format!("{}: {status}{counted}{detail}", self.file)
    }

    /// The line of `--quiet` text: the first solution's values (solving;
    /// optimizing, the best), or the number of solutions counted (`>=N`
    /// when a limit stopped the count first); empty when neither.
    pub fn quiet_line(&self) -> String {
        if self.limit == Some(1) || self.optimal.is_some() {
            return (self.values.iter().flatten())
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(" ");
        }
        let bound = if self.exact == Some(true) { "" } else { ">=" };
        self.solutions
            .map(|n| format!("{bound}{n}"))
            .unwrap_or_default()
    }
}

/// An instance read and compiled, with what its record says of it.
pub struct ReadInstance {
    /// The instance as read (what its record counts; its objective
    /// bounds new models).
    pub instance: xcsp3::Instance,
    /// The model to search, and how its values read.
    pub compiled: xcsp3::Compiled,
    /// How many variables no constraint mentions.
    pub unconstrained: usize,
    /// The product of their domain sizes (decimal).
    pub unconstrained_assignments: String,
}

/// Why an instance cannot be searched: its kind (`unreadable`, `not
/// XML`, `invalid`, `unsupported`), to count errors by, and the message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct NotRead {
    /// The kind.
    pub kind: &'static str,
    /// What is wrong, with the line of the XML element if any.
    pub message: String,
    /// How many variables and constraints were read, when the XML was
    /// read and the model could not be made (a domain past 64 values).
    pub counts: Option<(usize, usize)>,
}

impl From<xcsp3::XcspError> for NotRead {
    fn from(e: xcsp3::XcspError) -> NotRead {
        NotRead {
            kind: e.kind(),
            message: e.to_string(),
            counts: None,
        }
    }
}

/// Reads and compiles the XCSP3 instance in `path`; the error says why it
/// cannot be searched (the file, the XML, a construct not read).
pub fn read_instance(path: &Path) -> Result<ReadInstance, NotRead> {
    let text = std::fs::read_to_string(path).map_err(|e| NotRead {
        kind: "unreadable",
        message: format!("cannot read it: {e}"),
        counts: None,
    })?;
    let instance = xcsp3::read(&text)?;
    let free = instance.unconstrained();
    let product = (free.iter()).fold(csp_core::BigUint::from(1u32), |acc, &v| {
        acc * instance.variables[v].domain.len()
    });
    let compiled = xcsp3::compile(&instance).map_err(|e| NotRead {
        counts: Some((instance.variables.len(), instance.constraints.len())),
        ..NotRead::from(e)
    })?;
    Ok(ReadInstance {
        compiled,
        unconstrained: free.len(),
        unconstrained_assignments: product.to_string(),
        instance,
    })
}

/// A search of an instance: the counters, how it ended, the first (when
/// optimizing, the best) solution; and, for an instance with an
/// objective solved for one solution, what optimizing found.
pub struct Searched {
    /// The counters, how the (last) search ended, the solution.
    pub result: SearchResult,
    /// What optimizing found (`None`: not optimized).
    pub optimized: Option<xcsp3::Optimized>,
}

/// Why an instance is not searched with linked places: they are made from
/// a grid's houses ([`csp_core::ModelBuilder::link_places`] over the
/// groups a model declares), and an XCSP3 instance's all-different
/// constraints are not declared as such groups.
pub const LINKS_REFUSED: &str = "links (--links) are made from a grid's houses and the rules between its cells; an XCSP3 instance is searched without them";

/// Searches a read instance with `config`, up to `max_solutions`
/// solutions (`None`: all), reporting every event to `tracer` if given;
/// the error says why the config does not apply (a heuristic that needs
/// a grid). An instance with an objective, searched for one solution, is
/// optimized ([`xcsp3::optimize`]); counted, its objective is
/// left aside (the solutions of its constraints are counted). Counted,
/// the variables no constraint mentions take their smallest value and
/// each solution found counts for all their assignments (so the counters
/// are those of the search over the others); a count past 2^64 - 1 reads
/// as that many at least, as if a limit had stopped it. Raising
/// `interrupt` stops the search as a limit does.
pub fn search_instance(
    read: &ReadInstance,
    config: &SearchConfig,
    max_solutions: Option<u64>,
    tracer: Option<&mut dyn csp_core::trace::Tracer>,
    interrupt: Option<&Arc<AtomicBool>>,
) -> Result<Searched, String> {
    if config.links {
        return Err(LINKS_REFUSED.to_string());
    }
    if let (Some(objective), Some(1)) = (&read.instance.objective, max_solutions) {
        let (result, optimized) = xcsp3::optimize(
            &read.instance,
            &read.compiled,
            objective,
            config,
            tracer,
            interrupt,
        )
        .map_err(|e| e.to_string())?;
        return Ok(Searched {
            result,
            optimized: Some(optimized),
        });
    }
    let mut search = Search::new(&read.compiled.model, config).map_err(|e| e.to_string())?;
    if let Some(tracer) = tracer {
        search.set_tracer(Box::new(tracer));
    }
    if let Some(flag) = interrupt {
        search.set_interrupt(Arc::clone(flag));
    }
    // Counting: the variables no constraint mentions take their smallest
    // value, and each solution stands for all their assignments.
    let free = read.instance.unconstrained();
    let assignments = (free.iter()).try_fold(1u64, |acc, &v| {
        acc.checked_mul(read.instance.variables[v].domain.len())
    });
    if max_solutions == Some(1) || assignments == Some(1) {
        return Ok(Searched {
            result: search.run(max_solutions),
            optimized: None,
        });
    }
    for &v in &free {
        for (var, index) in read.compiled.smallest(v) {
            search
                .fix(var, index)
                .map_err(|_| "an unconstrained variable without values")?;
        }
    }
    // Past 2^64 - 1 assignments, one solution makes the count pass it.
    let limit = match (max_solutions, assignments) {
        (Some(k), Some(factor)) => Some(k.div_ceil(factor)),
        (None, Some(_)) => None,
        (_, None) => Some(1),
    };
    let mut result = search.run(limit);
    let all = match (assignments, result.stats.solutions) {
        (_, 0) => 0,
        (Some(factor), found) => found.saturating_mul(factor),
        (None, _) => u64::MAX,
    };
    if all == u64::MAX {
        // At least that many, as a limit reads.
        result.termination = Termination::SolutionLimit;
    }
    result.stats.solutions = max_solutions.map_or(all, |k| all.min(k));
    Ok(Searched {
        result,
        optimized: None,
    })
}

impl InstanceRecord {
    /// The record of `file` before it is read: status `invalid`, no
    /// figures.
    pub fn new(file: String, strategy: StrategyRecord, limit: Option<u64>) -> InstanceRecord {
        InstanceRecord {
            file,
            status: "invalid",
            error: None,
            error_kind: None,
            variables: None,
            constraints: None,
            unconstrained: None,
            unconstrained_assignments: None,
            solutions: None,
            exact: None,
            lower_bound: None,
            limit,
            values: None,
            instantiation: None,
            objective: None,
            best: None,
            optimal: None,
            stats: None,
            strategy,
            version: VERSION,
        }
    }

    /// What was read of the instance.
    pub fn read(&mut self, read: &ReadInstance) {
        self.variables = Some(read.instance.variables.len());
        self.constraints = Some(read.instance.constraints.len());
        self.unconstrained = Some(read.unconstrained);
        self.unconstrained_assignments = Some(read.unconstrained_assignments.clone());
    }

    /// What the search found.
    pub fn searched(&mut self, read: &ReadInstance, searched: &Searched) {
        let result = &searched.result;
        let found = result.stats.solutions;
        self.status = match result.termination {
            _ if searched.optimized.as_ref().is_some_and(|o| o.optimal) => "optimum",
            _ if found > 0 => "satisfiable",
            Termination::Exhausted => "unsatisfiable",
            Termination::SolutionLimit | Termination::Stopped(_) => "stopped",
        };
        self.solutions = Some(found);
        self.exact = Some(result.termination == Termination::Exhausted);
        self.lower_bound = Some(matches!(result.termination, Termination::Stopped(_)));
        let optimized = searched.optimized.as_ref();
        if let Some(first) = &result.first_solution {
            self.values = Some(read.compiled.values(first));
            self.instantiation = Some(match optimized.and_then(|o| Some((o.best?, o.optimal))) {
                Some((best, optimal)) => read.compiled.instantiation_costing(first, best, optimal),
                None => read.compiled.instantiation(first),
            });
        }
        if let (Some(o), Some(objective)) = (optimized, &read.instance.objective) {
            self.objective = Some(objective.direction());
            self.best = o.best;
            self.optimal = Some(o.optimal);
        }
        self.stats = Some(InstanceStatsRecord::of(
            &result.stats,
            read.compiled.rule_sources(),
        ));
    }
}

/// Searches the XCSP3 instance in `path` with `strategy` (one search: a
/// portfolio is refused), or with `wide` when given and the model has
/// wide variables ([`for_wide_models`](crate::strategy::for_wide_models)),
/// up to `max_solutions` solutions (`None`: all).
/// Nothing is returned as an error: a file that cannot be read, an
/// unsupported construct or a heuristic that does not apply is a record
/// with status `invalid` and the reason.
/// With `trace`, every event of the search is written there; raising
/// `interrupt` stops it (status `stopped`).
pub fn run_instance(
    path: &Path,
    strategy: &Strategy,
    wide: Option<&Strategy>,
    max_solutions: Option<u64>,
    trace: Option<&crate::trace_file::TraceFile>,
    interrupt: Option<&Arc<AtomicBool>>,
) -> InstanceRecord {
    let mut record = InstanceRecord::new(
        path.display().to_string(),
        StrategyRecord::of(strategy),
        max_solutions,
    );
    let searched = read_instance(path)
        .map_err(|e| {
            if let Some((variables, constraints)) = e.counts {
                record.variables = Some(variables);
                record.constraints = Some(constraints);
            }
            record.error_kind = Some(e.kind);
            e.message
        })
        .and_then(|read| {
            record.read(&read);
            let strategy = match wide {
                Some(wide) if !read.compiled.model.wide_vars().is_empty() => {
                    record.strategy = StrategyRecord::of(wide);
                    wide
                }
                _ => strategy,
            };
            let file = path.display().to_string();
            let searched = match trace {
                Some(t) => t.run_instance(&file, &read, &strategy.search, max_solutions),
                None => search_instance(&read, &strategy.search, max_solutions, None, interrupt),
            };
            let searched = searched.inspect_err(|_| record.error_kind = Some("search"))?;
            record.searched(&read, &searched);
            Ok(())
        });
    if let Err(error) = searched {
        record.error = Some(error);
    }
    record
}
