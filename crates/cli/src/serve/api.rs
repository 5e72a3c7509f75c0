//! The API's endpoints: each reads its request, runs the library function
//! the command runs (in a search slot, stopped if the request goes away)
//! and answers with the command's JSON record.

use std::io::Write;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::State as Shared;
use axum::extract::rejection::BytesRejection;
use axum::http::Uri;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use csp_core::{PropagationLevel, ValueHeuristic, VariableHeuristic};
use serde::Serialize;
use serde_json::{Value, json};

use super::State;
use super::error::ApiError;
use super::limits::ServerLimits;
use super::requests::{
    CandidatesRequest, CompareRequest, CountRequest, ExplainRequest, RenderRequest, SolveRequest,
    StrategyRequest, parse,
};
use crate::answering::{Runner, Searching, starter};
use crate::candidates::{candidates_job, true_candidates_job};
use crate::compare::columns::Column;
use crate::compare::export::TableFormat;
use crate::compare::pipeline::{self, Comparison, Silent};
use crate::compare::report::{self, TableOptions};
use crate::compare::sets::{self, PuzzleSet};
use crate::compare::strategies;
use crate::explaining::explain_job;
use crate::input::{self, ReadOptions};
use crate::records::Head;
use crate::runner::{Job, Sudokus, on_puzzle, origin};
use crate::solving::{SolveChecks, bitboard_count_job, bitboard_solve_job, count_job, solve_job};
use crate::strategy::{self, Engine, PortfolioPlan};
use crate::trace_file::{TraceFile, jsonl::Jsonl};

/// Most solutions the bitboard solver counts for a request: it has no
/// time limit.
const BITBOARD_COUNT_LIMIT: u64 = 100_000;

/// A body that the server reads, as axum hands it.
type Body = Result<Bytes, BytesRejection>;

/// The one puzzle of `text`, read as the command reads its input.
fn one_job(text: &str) -> Result<Job, ApiError> {
    let entries = input::text_entries("-", text, &ReadOptions::default());
    let n = entries.len();
    let mut it = entries.into_iter();
    match (it.next(), n) {
        (None, _) => Err(ApiError::Invalid(
            "no puzzle in the text: give a line of digits and dots, a grid, an f-puzzles or SudokuPad link, or an f-puzzles document".into(),
        )),
        (Some(Ok(entry)), 1) => Ok(Job {
            entry: crate::runner::with_built_rules(
                entry,
                &sudoku::Variant::CLASSIC,
                &ReadOptions::default(),
            ),
        }),
        (Some(Err(e)), 1) => Err(ApiError::Invalid(e.to_string())),
        _ => Err(ApiError::Invalid(format!(
            "the text holds {n} puzzles, not one"
        ))),
    }
}

/// The models of a request's puzzle, which [`one_job`] has built: the
/// command's defaults.
fn sudokus() -> Sudokus {
    Sudokus::new(
        sudoku::Variant::CLASSIC,
        sudoku::Propagators::default(),
        Vec::new(),
    )
}

/// The record as JSON text (the command's line), or a 400 with its error
/// if the puzzle was invalid (`-:LINE: MESSAGE`, as the command says it).
fn answer(record: &impl Serialize, head: &Head) -> Result<String, ApiError> {
    if let Some(located) = head.invalid_located() {
        return Err(ApiError::Invalid(located));
    }
    serde_json::to_string(record).map_err(|e| ApiError::Internal(e.to_string()))
}

/// A JSON answer from its text.
fn json_text(text: String) -> Response {
    ([(CONTENT_TYPE, "application/json")], text).into_response()
}

/// Searches `puzzle` for up to `limit` solutions, stopping (as
/// interrupted) once `flag` is raised: the request went away.
fn interruptible<'s>(
    sudoku: &'s sudoku::Sudoku,
    puzzle: &sudoku::Puzzle,
    config: &csp_core::SearchConfig,
    flag: &Arc<std::sync::atomic::AtomicBool>,
) -> Result<csp_core::Search<'s>, sudoku::SolveError> {
    let mut search = sudoku.search(puzzle, config)?;
    search.set_interrupt(Arc::clone(flag));
    Ok(search)
}

/// A trace written to memory.
#[derive(Clone, Default)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut b = self.0.lock().unwrap_or_else(|p| p.into_inner());
        b.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

pub async fn solve(Shared(state): Shared<State>, body: Body) -> Result<Response, ApiError> {
    let request: SolveRequest = parse(body)?;
    let strategy = request.strategy.resolve(&state.limits)?;
    let job = one_job(&request.puzzle)?;
    let bitboard = strategy.engine == Engine::Bitboard;
    if bitboard && request.trace {
        return Err(ApiError::Invalid(
            "the bitboard solver records no trace: trace a search of the engine".into(),
        ));
    }
    if let (Some(plan), true) = (&strategy.portfolio, request.trace) {
        return Err(ApiError::Invalid(format!(
            "a portfolio's turns are several searches: trace one of its members ({})",
            plan.all_names().join(", ")
        )));
    }
    let trace_limit = ServerLimits::capped(request.trace_limit, state.limits.trace_limit);
    let (text, trace) = state
        .slots
        .run(move |flag| {
            let sudokus = sudokus();
            let runner = Runner::new(&strategy);
            if bitboard {
                let record = bitboard_solve_job(&job, &sudokus, runner.record(), request.unique);
                return (answer(&record, &record.head), None);
            }
            let checks = SolveChecks {
                rate: request.level_needed,
                unique: request.unique,
            };
            let buffer = Buffer::default();
            let trace = request.trace.then(|| {
                TraceFile::to_writer(
                    Box::new(buffer.clone()),
                    "the trace".into(),
                    trace_limit,
                    Box::new(Jsonl),
                )
                .interrupted_by(Arc::clone(&flag))
            });
            let origin = origin(&job);
            let searching = match &trace {
                Some(t) => Searching::Runs(&mut |sudoku, puzzle, config| {
                    t.run(&origin, sudoku, puzzle, config, Some(1), None)
                }),
                None => Searching::Starts(&|sudoku, puzzle, config| {
                    interruptible(sudoku, puzzle, config, &flag)
                }),
            };
            let record = solve_job(&job, &sudokus, &runner, checks, searching);
            let events = trace.map(|t| {
                let _ = t.finish();
                let bytes = buffer.0.lock().unwrap_or_else(|p| p.into_inner());
                let lines: Vec<&str> = (std::str::from_utf8(&bytes).unwrap_or(""))
                    .lines()
                    .filter(|l| !l.is_empty())
                    .collect();
                format!("[{}]", lines.join(","))
            });
            (answer(&record, &record.head), events)
        })
        .await?;
    let mut text = text?;
    if let Some(events) = trace {
        // The record's object, then the trace: `{..., "trace": [...]}`.
        text.pop();
        text.push_str(",\"trace\":");
        text.push_str(&events);
        text.push('}');
    }
    Ok(json_text(text))
}

pub async fn count(Shared(state): Shared<State>, body: Body) -> Result<Response, ApiError> {
    let request: CountRequest = parse(body)?;
    let strategy = request.strategy.resolve_answering(&state.limits)?;
    let job = one_job(&request.puzzle)?;
    let limit = request.limit.unwrap_or(2);
    if limit == 0 {
        return Err(ApiError::Invalid(
            "limit must be at least 1 (solutions to count up to)".into(),
        ));
    }
    if strategy.engine == Engine::Bitboard && limit > BITBOARD_COUNT_LIMIT {
        return Err(ApiError::Invalid(format!(
            "the bitboard solver has no time limit: the server counts with it up to {BITBOARD_COUNT_LIMIT} solutions"
        )));
    }
    let text = state
        .slots
        .run(move |flag| {
            let sudokus = sudokus();
            let runner = Runner::new(&strategy);
            let record = if strategy.engine == Engine::Bitboard {
                bitboard_count_job(&job, &sudokus, runner.record(), Some(limit))
            } else {
                let start =
                    starter(|sudoku, puzzle, config| interruptible(sudoku, puzzle, config, &flag));
                count_job(
                    &job,
                    &sudokus,
                    &runner,
                    Some(limit),
                    Searching::Starts(&start),
                )
            };
            answer(&record, &record.head)
        })
        .await??;
    Ok(json_text(text))
}

pub async fn candidates(Shared(state): Shared<State>, body: Body) -> Result<Response, ApiError> {
    let request: CandidatesRequest = parse(body)?;
    let job = one_job(&request.puzzle)?;
    if !request.true_candidates && (request.limit.is_some() || request.config.is_some()) {
        return Err(ApiError::Invalid(
            "limit and config are for true candidates: add \"true\": true".into(),
        ));
    }
    if request.true_candidates && request.propagation.is_some() {
        return Err(ApiError::Invalid(
            "true candidates are found by search, not at a propagation level: leave out propagation (or \"true\")".into(),
        ));
    }
    let level: PropagationLevel = (request.propagation.as_deref().unwrap_or("fc"))
        .parse()
        .map_err(|e| ApiError::Invalid(format!("invalid propagation: {e}")))?;
    let strategy = StrategyRequest {
        config: request.config.clone(),
        ..StrategyRequest::default()
    }
    .resolve_answering(&state.limits)?;
    let limits = strategy.search.limits;
    let limit = request.limit.unwrap_or(8);
    if limit == 0 {
        return Err(ApiError::Invalid(
            "limit must be at least 1 (solutions to count each candidate up to)".into(),
        ));
    }
    let text = state
        .slots
        .run(move |flag| {
            let sudokus = sudokus();
            let record = match request.true_candidates {
                true => true_candidates_job(&job, &sudokus, &strategy, limits, limit, Some(&flag)),
                false => candidates_job(&job, &sudokus, level),
            };
            answer(&record, &record.head)
        })
        .await??;
    Ok(json_text(text))
}

pub async fn explain(Shared(state): Shared<State>, body: Body) -> Result<Response, ApiError> {
    let request: ExplainRequest = parse(body)?;
    let job = one_job(&request.puzzle)?;
    let text = state
        .slots
        .run(move |_| {
            let record = explain_job(&job, &sudokus());
            answer(&record, &record.head)
        })
        .await??;
    Ok(json_text(text))
}

pub async fn render(Shared(state): Shared<State>, body: Body) -> Result<Response, ApiError> {
    let request: RenderRequest = parse(body)?;
    let job = one_job(&request.puzzle)?;
    let level: Option<PropagationLevel> = (request.candidates.as_deref().map(str::parse))
        .transpose()
        .map_err(|e| ApiError::Invalid(format!("invalid candidates: {e}")))?;
    let solver = StrategyRequest::default().resolve(&state.limits)?.search;
    let svg = state
        .slots
        .run(move |_| {
            let place = format!("{}:{}", job.entry.source, job.entry.line);
            let drawn = on_puzzle(&job, &sudokus(), |sudoku, puzzle| {
                let solver = request.solution.then_some(&solver);
                crate::picture::picture(sudoku, puzzle, level, solver)
            });
            match drawn {
                Ok(p) if p.no_solution => Err(ApiError::Invalid(format!(
                    "{place}: no solution to draw: the puzzle has none"
                ))),
                Ok(p) => Ok(p.svg),
                Err(e) => Err(ApiError::Invalid(format!("{place}: {}", e.message))),
            }
        })
        .await??;
    Ok(([(CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

pub async fn compare(Shared(state): Shared<State>, body: Body) -> Result<Response, ApiError> {
    let request: CompareRequest = parse(body)?;
    let set: PuzzleSet = match (&request.set, &request.puzzles) {
        (Some(name), None) => sets::built_in(name).map_err(ApiError::invalid)?,
        (None, Some(puzzles)) => {
            sets::from_text("puzzles", &puzzles.join("\n"), &ReadOptions::default())
                .map_err(ApiError::invalid)?
        }
        _ => {
            return Err(ApiError::Invalid(
                "give either \"set\" (a built-in set's name) or \"puzzles\" (a list of puzzle texts)"
                    .into(),
            ));
        }
    };
    if request.strategies.is_empty() {
        return Err(ApiError::Invalid(
            "no strategies to compare: give \"strategies\": [{\"config\": \"default\"}, {\"cells\": \"A\"}, ...]".into(),
        ));
    }
    let mut contenders = Vec::new();
    for (i, s) in request.strategies.iter().enumerate() {
        let strategy = s
            .resolve(&state.limits)
            .map_err(|e| ApiError::Invalid(format!("strategy {}: {e}", i + 1)))?;
        if strategy.engine == Engine::Bitboard {
            return Err(ApiError::Invalid(format!(
                "strategy {}: compare runs the engine's strategies, not the bitboard solver",
                i + 1
            )));
        }
        (strategy.one_search("compare"))
            .map_err(|e| ApiError::Invalid(format!("strategy {}: {e}", i + 1)))?;
        let chains = s.cells.is_some() || s.values.is_some() || s.propagation.is_some();
        contenders.push(strategies::contender(
            strategy,
            s.config.is_some() && !chains,
        ));
    }
    let runs = (contenders.len() * set.len()) as u64;
    if runs > state.limits.compare_runs {
        return Err(ApiError::Invalid(format!(
            "{runs} runs ({} strategies times {} puzzles): the server makes at most {} per comparison",
            contenders.len(),
            set.len(),
            state.limits.compare_runs
        )));
    }
    let sort: Column = match &request.sort {
        Some(name) => clap::ValueEnum::from_str(name, true)
            .map_err(|e| ApiError::Invalid(format!("invalid sort: {e}")))?,
        None => Column::PlacementsMean,
    };
    let solutions = request.solutions.unwrap_or(1).max(1);
    let max_placements = state.limits.max_placements;
    let jobs = state.limits.searches;
    let rows = state
        .slots
        .run(move |flag| {
            let comparison = Comparison {
                sets: vec![set],
                contenders,
                sudokus: sudokus(),
                solutions,
                max_placements,
                shard: None,
                runs: None,
                resume: None,
                give_up_after: None,
                per_puzzle: None,
                heatmap: None,
                timings: true,
                jobs,
            };
            let done = pipeline::run(comparison, &Silent, Some(&flag))
                .map_err(|e| ApiError::Internal(format!("{e:#}")))?;
            if let Some(line) = done.invalid.first() {
                return Err(ApiError::Invalid(format!(
                    "{}: {}",
                    line.place, line.message
                )));
            }
            let options = TableOptions {
                sort,
                format: TableFormat::Json,
                columns: None,
                rules: false,
                plot: None,
                timings: true,
            };
            report::render(&done.plan, &done.rows, &done.abandoned, &options)
                .map_err(|e| ApiError::Internal(format!("{e:#}")))
        })
        .await??;
    let lines: Vec<&str> = rows.lines().filter(|l| !l.is_empty()).collect();
    Ok(json_text(format!("[{}]", lines.join(","))))
}

pub async fn configs() -> Result<Response, ApiError> {
    let presets = strategy::built_in().map_err(|e| ApiError::Internal(format!("{e:#}")))?;
    let list: Vec<Value> = presets
        .iter()
        .map(|p| {
            json!({
                "name": p.name,
                "description": p.description,
                "engine": p.engine.name(),
                "cells": p.search.variables.to_string(),
                "values": p.search.values.to_string(),
                "propagation": p.search.level.to_string(),
                "restarts": p.search.restarts.to_string(),
                "learning": p.search.learning,
                "links": p.search.links,
                // A portfolio's members (its chains are theirs); null for
                // a single strategy.
                "portfolio": p.portfolio.as_ref().map(PortfolioPlan::member_names),
                // Its members on puzzles with rules beyond the houses,
                // when they differ (else null).
                "with_rules": p.portfolio.as_ref().and_then(PortfolioPlan::with_rules_names),
            })
        })
        .collect();
    Ok(axum::Json(list).into_response())
}

pub async fn heuristics() -> Response {
    let cells: Vec<Value> = (VariableHeuristic::ALL.iter())
        .map(|h| {
            json!({"symbol": h.symbol().to_string(), "name": h.name(), "description": h.description(), "adaptive": h.is_adaptive()})
        })
        .collect();
    let values: Vec<Value> = (ValueHeuristic::ALL.iter())
        .map(|h| {
            json!({"symbol": h.symbol().to_string(), "name": h.name(), "description": h.description(), "adaptive": h.is_adaptive()})
        })
        .collect();
    let levels: Vec<&str> = PropagationLevel::ALL.iter().map(|l| l.name()).collect();
    let human: Vec<Value> = (sudoku::HUMAN_LEVELS.iter())
        .map(|(name, knows)| json!({"name": name, "knows": knows}))
        .collect();
    axum::Json(json!({"cells": cells, "values": values, "propagation": levels, "human": human}))
        .into_response()
}

pub async fn sets() -> Response {
    let list: Vec<Value> = (sets::BUILT_IN.iter())
        .map(|(name, description, text)| {
            let puzzles = text
                .lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
                .count();
            json!({"name": name, "description": description, "puzzles": puzzles,
                   "first": text.lines().find(|l| !l.trim().is_empty() && !l.starts_with('#')).unwrap_or("")})
        })
        .collect();
    axum::Json(list).into_response()
}

/// `GET /api/sets/{name}`: the puzzles of a built-in set, one text each
/// in file order (what the page's set menu lists).
pub async fn set_puzzles(axum::extract::Path(name): axum::extract::Path<String>) -> Response {
    match sets::BUILT_IN.iter().find(|(n, _, _)| *n == name) {
        Some((name, description, text)) => {
            let puzzles: Vec<&str> = (text.lines())
                .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
                .collect();
            axum::Json(json!({"name": name, "description": description, "puzzles": puzzles}))
                .into_response()
        }
        None => ApiError::NotFound(format!(
            "no built-in set `{name}` (the sets: {})",
            sets::names().collect::<Vec<_>>().join(", ")
        ))
        .into_response(),
    }
}

pub async fn not_found(uri: Uri) -> ApiError {
    ApiError::NotFound(format!(
        "no such page: {uri} (the API is under /api/: solve, count, candidates, explain, render, compare, configs, heuristics, sets)"
    ))
}
