//! `compare`: strategies x puzzle sets, the table of `sudoku compare
//! --format csv` and the runs of `--per-puzzle FILE.csv`, from the
//! workbench's own parts (`sudoku_cli::compare`): the same strategies
//! (presets, then the cross product of the lists), the same statistics.
//! Chains may hold heuristics written in Python.

use std::sync::Arc;

use csp_core::{ValueChain, VariableChain};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use rayon::prelude::*;
use sudoku_cli::compare::columns::Column;
use sudoku_cli::compare::export::TableFormat;
use sudoku_cli::compare::plan::{Plan as CompareFlan, PlannedSet, PlannedStrategy};
use sudoku_cli::compare::report::{self, TableOptions, Tally};
use sudoku_cli::compare::sets::{self, PuzzleSet};
use sudoku_cli::compare::stats::Run;
use sudoku_cli::compare::strategies::{self, Lists};
use sudoku_cli::input::ReadOptions;
use sudoku_cli::records::{Origin, SolveRecord, VERSION};
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
            "invalid {what}: a chain or a list of chains"
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

/// Compares strategies on puzzle sets: the table's CSV text, and the runs'
/// (one row per strategy, seed and puzzle: `strategy` then `solve`'s
/// columns).
#[pyfunction]
#[pyo3(signature = (puzzles, *, configs=Vec::new(), cells=None, values=None, propagation=None, restarts=None, seeds=None, max_placements=1_000_000, timeout_ms=None, solutions=1, sort=None, jobs=None, runs=false))]
#[allow(clippy::too_many_arguments)]
pub fn compare_csv(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
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
) -> PyResult<(String, Option<String>)> {
    let reading = Reading::default();
    let sets = puzzle_sets(puzzles, &reading.options)?;
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
    let sort: Column = match sort {
        Some(s) => clap::ValueEnum::from_str(s, true)
            .map_err(|e| crate::errors::InvalidStrategy::new_err(format!("invalid sort: {e}")))?,
        None => Column::PlacementsMean,
    };
    // Valid puzzles only, as the command runs them.
    let mut sudokus = Sudokus::new(reading.variant.clone(), Default::default(), Vec::new());
    let mut valid: Vec<Vec<usize>> = Vec::new();
    for set in &sets {
        let mut ok = Vec::new();
        for (i, line) in set.lines.iter().enumerate() {
            if let Ok(p) = &line.puzzle {
                sudokus.prepare(line.rules.as_ref(), p);
                if sudokus.for_entry(line.rules.as_ref(), p).is_ok() {
                    ok.push(i);
                }
            }
        }
        valid.push(ok);
    }
    let plan = CompareFlan {
        version: VERSION.to_string(),
        strategies: (contenders.iter())
            .map(|c| {
                let s = &c.plan.strategy;
                let (cl, vl) = c.plan.chain_labels();
                PlannedStrategy {
                    label: c.label.clone(),
                    cells: cl.to_string(),
                    values: vl.to_string(),
                    propagation: s.search.level.to_string(),
                    config: s.name.clone(),
                    seeds: c.seeds.clone(),
                    max_placements: s.search.limits.max_placements,
                    timeout_ms: s.search.limits.timeout.map(|t| t.as_millis() as u64),
                }
            })
            .collect(),
        sets: (sets.iter().zip(&valid))
            .map(|(set, ok)| PlannedSet {
                name: set.name.clone(),
                hash: set.hash.clone(),
                valid: ok.iter().map(|&i| set.lines[i].line).collect(),
                invalid: set.lines.len() - ok.len(),
            })
            .collect(),
        solutions,
        max_placements: (max_placements > 0).then_some(max_placements),
        give_up_after: None,
    };
    let mut tally = Tally::new(&plan);
    let units: Vec<(usize, u64)> = (tally.groups.iter().enumerate())
        .flat_map(|(g, group)| (0..group.len).map(move |i| (g, i)))
        .collect();
    let jobs = crate::solving::jobs(jobs);
    let failure = Arc::new(Failure::default());
    let groups = tally.groups.clone();
    let done: anyhow::Result<Vec<(Run, Option<SolveRecord>)>> =
        crate::signals::detach_interruptible(py, &failure, || {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
            pool.install(|| {
                units
                    .par_iter()
                    .map(|&(g, i)| {
                        let group = &groups[g];
                        let contender = &contenders[group.strategy];
                        let set = &sets[group.set];
                        let entry = &set.lines[valid[group.set][i as usize]];
                        let puzzle = entry.puzzle.as_ref().expect("only valid puzzles run");
                        let sudoku = (sudokus.for_entry(entry.rules.as_ref(), puzzle))
                            .expect("givens checked");
                        let report = contender.plan.run_seeded(
                            sudoku,
                            puzzle,
                            Some(solutions),
                            group.seed,
                            &failure,
                        )?;
                        let record = runs.then(|| {
                            let origin = Origin {
                                file: set.name.clone(),
                                line: entry.line,
                                puzzle: entry.text.clone(),
                            };
                            let mut strategy = contender.plan.record.clone();
                            strategy.seed = group.seed;
                            SolveRecord::new(origin, strategy).solved(
                                &report,
                                sudoku,
                                puzzle,
                                &entry.symbols,
                            )
                        });
                        Ok((Run::of(&report), record))
                    })
                    .collect()
            })
        });
    if let Some(e) = failure.take() {
        return Err(e);
    }
    let done = done.map_err(|e| puzzle_error(format!("{e:#}")))?;
    let mut runs_csv = runs.then(|| {
        let mut w = csv::Writer::from_writer(Vec::new());
        let mut header = vec!["strategy"];
        header.extend(SolveRecord::csv_header());
        w.write_record(&header).map(|_| w)
    });
    for (&(g, _), (run, record)) in units.iter().zip(&done) {
        tally.add(g, run);
        if let (Some(Ok(w)), Some(record)) = (&mut runs_csv, record) {
            let mut fields = vec![contenders[groups[g].strategy].label.clone()];
            fields.extend(record.csv_fields());
            w.write_record(&fields)
                .map_err(|e| puzzle_error(e.to_string()))?;
        }
    }
    let abandoned = vec![false; tally.rows.len()];
    let options = TableOptions {
        sort,
        format: TableFormat::Csv,
        columns: None,
        rules: true,
        plot: None,
        timings: true,
    };
    let table = report::render(&plan, &tally.rows, &abandoned, &options)
        .map_err(|e| puzzle_error(format!("{e:#}")))?;
    let runs_text = match runs_csv {
        Some(w) => {
            let w = w.map_err(|e| puzzle_error(e.to_string()))?;
            let bytes = w.into_inner().map_err(|e| puzzle_error(e.to_string()))?;
            Some(String::from_utf8_lossy(&bytes).into_owned())
        }
        None => None,
    };
    Ok((table, runs_text))
}
