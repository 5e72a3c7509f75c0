//! `compare`: strategies x puzzle sets, the table of `sudoku compare
//! --format csv` and the runs of `--per-puzzle FILE.csv`, from the
//! workbench's own parts (`sudoku_cli::compare`): the same strategies
//! (presets, then the cross product of the lists), the same statistics.
//! Chains may hold heuristics written in Python.

use std::sync::Arc;

use csp_core::{ValueChain, VariableChain};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use sudoku_cli::compare::columns::Column;
use sudoku_cli::compare::export::TableFormat;
use sudoku_cli::compare::instance_sets;
use sudoku_cli::compare::merge;
use sudoku_cli::compare::pipeline::{self, Comparison, OneRun, Searcher, Silent, same_search};
use sudoku_cli::compare::plan::Shard;
use sudoku_cli::compare::report::{self, TableOptions};
use sudoku_cli::compare::sets::{self, PuzzleSet};
use sudoku_cli::compare::strategies::{self, Lists};
use sudoku_cli::input::ReadOptions;
use sudoku_cli::records::StrategyRecord;
use sudoku_cli::runner::Sudokus;

use crate::errors::{puzzle_error, strategy_error};
use crate::heuristics::Failure;
use crate::puzzle::Reading;
use crate::strategy::{Chain, Plan};

/// One strategy of the comparison: its label, its plan, its seeds.
struct Contender {
    label: String,
    plan: Plan,
    seeds: Vec<u64>,
}

/// A list argument: one item or a list of items (each a chain: symbols,
/// a function, or a list of both).
fn chains(arg: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<Vec<Chain>>> {
    let Some(arg) = arg else { return Ok(None) };
    if arg.is_instance_of::<PyString>() || arg.is_callable() {
        return Ok(Some(vec![Chain::extract(arg, what)?]));
    }
    let items: Vec<Bound<'_, PyAny>> = if let Ok(l) = arg.cast::<PyList>() {
        l.iter().collect()
    } else if let Ok(t) = arg.cast::<PyTuple>() {
        t.iter().collect()
    } else {
        return Err(crate::errors::InvalidStrategy::new_err(format!(
            "invalid {what}=: a chain or a list of chains"
        )));
    };
    items
        .iter()
        .map(|i| Chain::extract(i, what))
        .collect::<PyResult<_>>()
        .map(Some)
}

/// The text of a chain of symbols only, as one chain (`["E", "A"]`:
/// `EA`), parsed with `C`'s rules.
fn joined<C>(parts: &[&str], what: &str) -> PyResult<String>
where
    C: std::str::FromStr<Err = csp_core::HeuristicError> + std::fmt::Display,
{
    if let [one] = parts {
        return Ok(one.to_string());
    }
    let mut out = String::new();
    for p in parts {
        let c: C = p
            .parse()
            .map_err(|e| crate::errors::InvalidStrategy::new_err(format!("invalid {what}: {e}")))?;
        out.push_str(&c.to_string());
    }
    Ok(out)
}

/// The comparison's strategies, in the command's order: the presets, then
/// cells (outermost), values, levels, restarts.
#[allow(clippy::too_many_arguments)]
fn contenders(
    py: Python<'_>,
    configs: &[String],
    cells: Option<Vec<Chain>>,
    values: Option<Vec<Chain>>,
    propagation: Option<&str>,
    restarts: Option<&str>,
    seeds: Option<&str>,
    max_placements: u64,
    timeout_ms: Option<u64>,
) -> PyResult<Vec<Contender>> {
    // The presets alone (no lists: the command would add the default
    // strategy's matrix), then the matrix alone (no presets).
    let lists = |configs: &[String], cells: Option<&str>, values: Option<&str>| {
        let matrix = configs.is_empty();
        strategies::contenders(&Lists {
            configs,
            cells,
            values,
            propagation: propagation.filter(|_| matrix),
            restarts: restarts.filter(|_| matrix),
            seeds,
            max_placements,
            timeout_ms,
            spelling: sudoku_cli::strategy::Spelling::Keywords,
        })
        .map_err(strategy_error)
    };
    let wrap = |c: strategies::Contender, cells: Option<Chain>, values: Option<Chain>| {
        let plan = Plan::with_chains(c.strategy, cells, values);
        let (cl, vl) = plan.chain_labels();
        let label = if cl.contains(',') || vl.contains(',') || plan.calls_python() {
            let s = &plan.strategy.search;
            let base = format!("{cl}/{vl}/{}", s.level);
            match s.restarts {
                csp_core::Restarts::Never => base,
                r => format!("{base}/{r}"),
            }
        } else {
            c.label
        };
        Contender {
            label,
            plan,
            seeds: c.seeds,
        }
    };
    let mut out = Vec::new();
    if !configs.is_empty() {
        for c in lists(configs, None, None)? {
            out.push(wrap(c, None, None));
        }
    }
    let any_list =
        cells.is_some() || values.is_some() || propagation.is_some() || restarts.is_some();
    if !any_list && !out.is_empty() {
        return Ok(out);
    }
    let cells: Vec<Option<Chain>> =
        cells.map_or_else(|| vec![None], |v| v.into_iter().map(Some).collect());
    let values: Vec<Option<Chain>> =
        values.map_or_else(|| vec![None], |v| v.into_iter().map(Some).collect());
    for c in &cells {
        for v in &values {
            // Symbols go to the command's matrix as they are; a chain with
            // a function stands in as `A` / `0` there and replaces it.
            let ctext = match c {
                Some(chain) => Some(match chain.only_symbols() {
                    Some(parts) => joined::<VariableChain>(&parts, "cells")?,
                    None => "A".to_string(),
                }),
                None => None,
            };
            let vtext = match v {
                Some(chain) => Some(match chain.only_symbols() {
                    Some(parts) => joined::<ValueChain>(&parts, "values")?,
                    None => "0".to_string(),
                }),
                None => None,
            };
            for contender in lists(&[], ctext.as_deref(), vtext.as_deref())? {
                let cc = c.as_ref().map(|x| x.clone_ref(py));
                let vv = v.as_ref().map(|x| x.clone_ref(py));
                out.push(wrap(contender, cc, vv));
            }
        }
    }
    Ok(out)
}

/// The puzzle sets: a built-in set's name or a file (one, or a list of
/// them), or a list of puzzle strings (one set, `<list>`).
fn puzzle_sets(arg: &Bound<'_, PyAny>, options: &ReadOptions) -> PyResult<Vec<PuzzleSet>> {
    let is_set = |item: &Bound<'_, PyAny>| -> PyResult<Option<PuzzleSet>> {
        if item.hasattr("__fspath__")? {
            let path: std::path::PathBuf = item.extract()?;
            return sets::from_file(&path, options)
                .map(Some)
                .map_err(|e| puzzle_error(format!("{e:#}")));
        }
        let Ok(text) = item.extract::<String>() else {
            return Ok(None);
        };
        if sets::names().any(|n| n == text) {
            return sets::built_in(&text)
                .map(Some)
                .map_err(|e| puzzle_error(format!("{e:#}")));
        }
        let path = std::path::Path::new(&text);
        if path.exists() {
            return sets::from_file(path, options)
                .map(Some)
                .map_err(|e| puzzle_error(format!("{e:#}")));
        }
        Ok(None)
    };
    if arg.is_instance_of::<PyString>() || arg.hasattr("__fspath__")? {
        return match is_set(arg)? {
            Some(set) => Ok(vec![set]),
            None => Err(puzzle_error(format!(
                "{}: neither a built-in set ({}) nor a file",
                arg.str()?,
                sets::names().collect::<Vec<_>>().join(", ")
            ))),
        };
    }
    let items: Vec<Bound<'_, PyAny>> = arg.try_iter()?.collect::<PyResult<_>>()?;
    let mut found = Vec::new();
    for item in &items {
        match is_set(item)? {
            Some(set) => found.push(set),
            None => break,
        }
    }
    if found.len() == items.len() && !items.is_empty() {
        return Ok(found);
    }
    // Puzzles, one per item.
    let mut text = String::new();
    for (i, item) in items.iter().enumerate() {
        let line: String = item.extract().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "item {i}: puzzles to compare on are strings (or give set names or files)"
            ))
        })?;
        text.push_str(line.trim());
        text.push('\n');
    }
    let set =
        sets::from_text("<list>", &text, options).map_err(|e| puzzle_error(format!("{e:#}")))?;
    Ok(vec![set])
}

/// The XCSP3 instance sets: a folder or an instance file (one, or a list
/// of them).
fn instance_sets(arg: &Bound<'_, PyAny>) -> PyResult<Vec<PuzzleSet>> {
    let paths: Vec<std::path::PathBuf> =
        if arg.is_instance_of::<PyString>() || arg.hasattr("__fspath__")? {
            vec![arg.extract()?]
        } else {
            (arg.try_iter()?)
                .map(|item| item.and_then(|i| i.extract()))
                .collect::<PyResult<_>>()?
        };
    (paths.iter())
        .map(|p| instance_sets::from_path(p).map_err(|e| puzzle_error(format!("{e:#}"))))
        .collect()
}

/// Compares strategies on puzzle sets with the library's pipeline (as
/// `sudoku compare`): the table's CSV text, and the runs' (one row per
/// strategy, seed and puzzle: `strategy` then `solve`'s columns). A shard
/// (`shard`, with `runs_file` or `resume`) writes its runs file and
/// returns no table. With `instances`, the sets are XCSP3 instance sets
/// (as `sudoku csp compare`) and a run's row has `csp solve`'s columns.
#[pyfunction]
#[pyo3(signature = (puzzles, *, instances=false, configs=Vec::new(), cells=None, values=None, propagation=None, restarts=None, seeds=None, max_placements=1_000_000, timeout_ms=None, solutions=1, sort=None, jobs=None, runs=false, timings=true, shard=None, runs_file=None, resume=None, give_up_after=None))]
#[allow(clippy::too_many_arguments)]
pub fn compare_csv(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    instances: bool,
    configs: Vec<String>,
    cells: Option<&Bound<'_, PyAny>>,
    values: Option<&Bound<'_, PyAny>>,
    propagation: Option<&Bound<'_, PyAny>>,
    restarts: Option<&Bound<'_, PyAny>>,
    seeds: Option<&Bound<'_, PyAny>>,
    max_placements: u64,
    timeout_ms: Option<u64>,
    solutions: u64,
    sort: Option<&str>,
    jobs: Option<usize>,
    runs: bool,
    timings: bool,
    shard: Option<(u64, u64)>,
    runs_file: Option<std::path::PathBuf>,
    resume: Option<std::path::PathBuf>,
    give_up_after: Option<u64>,
) -> PyResult<(Option<String>, Option<String>)> {
    let reading = Reading::default();
    let sets = match instances {
        true => instance_sets(puzzles)?,
        false => puzzle_sets(puzzles, &reading.options)?,
    };
    let listed = |arg: Option<&Bound<'_, PyAny>>| -> PyResult<Option<String>> {
        let Some(arg) = arg else { return Ok(None) };
        if let Ok(s) = arg.extract::<String>() {
            return Ok(Some(s));
        }
        let items: Vec<String> = (arg.try_iter()?)
            .map(|i| i.and_then(|i| i.str().map(|s| s.to_string())))
            .collect::<PyResult<_>>()?;
        Ok(Some(items.join(",")))
    };
    let (propagation, restarts, seeds) = (listed(propagation)?, listed(restarts)?, listed(seeds)?);
    let contenders = contenders(
        py,
        &configs,
        chains(cells, "cells")?,
        chains(values, "values")?,
        propagation.as_deref(),
        restarts.as_deref(),
        seeds.as_deref(),
        max_placements,
        timeout_ms,
    )?;
    if instances && contenders.iter().any(|c| c.plan.calls_python()) {
        return Err(strategy_error(anyhow::anyhow!(
            "heuristics written in Python take puzzles only: give XCSP3 instances chains of symbols"
        )));
    }
    let sort = sort_column(sort)?;
    let shard = match shard {
        Some((k, n)) => Some(
            format!("{k}/{n}")
                .parse::<Shard>()
                .map_err(pyo3::exceptions::PyValueError::new_err)?,
        ),
        None => None,
    };
    // Runs wanted one by one: the pipeline's per-puzzle file, read back.
    let per_puzzle = runs
        .then(|| tempfile::Builder::new().suffix(".csv").tempfile())
        .transpose()
        .map_err(|e| puzzle_error(format!("cannot make a file for the runs: {e}")))?;
    let comparison = Comparison {
        sets,
        contenders: (contenders.iter())
            .map(|c| strategies::Contender {
                label: c.label.clone(),
                strategy: c.plan.strategy.clone(),
                seeds: c.seeds.clone(),
            })
            .collect(),
        sudokus: Sudokus::new(reading.variant.clone(), Default::default(), Vec::new()),
        solutions,
        max_placements,
        shard,
        runs: runs_file,
        resume,
        give_up_after,
        per_puzzle: per_puzzle.as_ref().map(|f| f.path().to_path_buf()),
        heatmap: None,
        timings,
        jobs: crate::solving::jobs(jobs),
    };
    let failure = Arc::new(Failure::default());
    let searcher = PythonSearch {
        contenders: &contenders,
        failure: &failure,
    };
    let done = crate::signals::detach_interruptible(py, &failure, || {
        pipeline::run_with(comparison, &Silent, Some(&failure.flag), &searcher)
    });
    if let Some(e) = failure.take() {
        return Err(e);
    }
    let done = done.map_err(|e| puzzle_error(format!("{e:#}")))?;
    if done.shard.is_some() {
        // A shard's runs are in its runs file, for `merge`.
        return Ok((None, None));
    }
    let table = csv_table(&done.plan, &done.rows, &done.abandoned, sort, timings)?;
    let runs_text = match &per_puzzle {
        Some(f) => {
            Some(std::fs::read_to_string(f.path()).map_err(|e| puzzle_error(e.to_string()))?)
        }
        None => None,
    };
    let table = Some(table);
    Ok((table, runs_text))
}

/// The comparison's runs searched by each contender's plan: heuristics
/// written in Python are called (holding the interpreter only for them),
/// and an exception raised in one stops the comparison.
struct PythonSearch<'a> {
    contenders: &'a [Contender],
    failure: &'a Arc<Failure>,
}

impl Searcher for PythonSearch<'_> {
    fn search(
        &self,
        run: &OneRun<'_>,
        _tracer: Option<&mut dyn csp_core::trace::Tracer>,
    ) -> anyhow::Result<sudoku::SolveReport> {
        let plan = &self.contenders[run.index].plan;
        Ok(plan.run_seeded(
            run.sudoku,
            run.puzzle,
            Some(run.solutions),
            run.seed,
            self.failure,
        )?)
    }

    fn record(&self, index: usize, _contender: &strategies::Contender) -> StrategyRecord {
        self.contenders[index].plan.record.clone()
    }

    /// As the command's: the same config, value chains defined alike
    /// allowed; never for a plan that calls Python.
    fn same_runs(
        &self,
        (a, _): (usize, &strategies::Contender),
        (b, _): (usize, &strategies::Contender),
    ) -> bool {
        let (a, b) = (&self.contenders[a].plan, &self.contenders[b].plan);
        !a.calls_python() && !b.calls_python() && same_search(a.config(), b.config())
    }
}

/// Merges the runs files of a comparison's shards (as `sudoku merge`):
/// the table's CSV text, and what is wrong with the files together (a
/// shard twice, runs repeated or missing).
#[pyfunction]
#[pyo3(signature = (files, *, sort=None, timings=true))]
pub fn merge_csv(
    files: Vec<std::path::PathBuf>,
    sort: Option<&str>,
    timings: bool,
) -> PyResult<(String, Vec<String>)> {
    let sort = sort_column(sort)?;
    let merged = merge::merge(&files).map_err(|e| puzzle_error(format!("{e:#}")))?;
    let abandoned = vec![false; merged.rows.len()];
    let table = csv_table(&merged.plan, &merged.rows, &abandoned, sort, timings)?;
    Ok((table, merged.problems))
}

/// The column a table is ranked by (`--sort`): `placements-mean` unless
/// named.
fn sort_column(sort: Option<&str>) -> PyResult<Column> {
    match sort {
        Some(s) => clap::ValueEnum::from_str(s, true)
            .map_err(|e| crate::errors::InvalidStrategy::new_err(format!("invalid sort: {e}"))),
        None => Ok(Column::PlacementsMean),
    }
}

/// The table of `--format csv` (rule columns included) of a
/// comparison's rows, ranked by `sort`.
fn csv_table(
    plan: &sudoku_cli::compare::plan::Plan,
    rows: &[sudoku_cli::compare::stats::Accumulator],
    abandoned: &[bool],
    sort: Column,
    timings: bool,
) -> PyResult<String> {
    let options = TableOptions {
        sort,
        format: TableFormat::Csv,
        columns: None,
        rules: true,
        plot: None,
        timings,
    };
    report::render(plan, rows, abandoned, &options).map_err(|e| puzzle_error(format!("{e:#}")))
}
