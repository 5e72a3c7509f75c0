//! `--trace FILE`: every event of every puzzle's search, as JSON Lines
//! (`--trace-format jsonl`, for tools) or as an indented tree of decisions
//! (`--trace-format text`, for people). One format per file, behind
//! [`TraceFormat`].
//!
//! Per puzzle: a `puzzle` line, the search's events (`root`, `choose`,
//! `order`, `place`, `deduce`, `fixpoint`, `fail`, `backtrack`,
//! `solution`, `stop`), a `cut` line where `--trace-limit` stopped the
//! recording, and an `end` line with the puzzle's status and stats (the
//! same object as `stats` in `solve --format json`). Cells are `r1c1`
//! strings, digits are numbers from 1. The guide's "See inside a search" (docs/guide/explaining.md)
//! section documents each event's fields.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result};
use csp_core::explanation::Literal;
use csp_core::trace::{Both, Decider, Event, FailCause, Tracer};
use csp_core::{DomainStore, Rule, SearchConfig, Termination, ValueSet, VarId};
use serde_json::{Value, json};
use sudoku::{HouseFailure, Puzzle, SolveError, SolveReport, Source, Sudoku};

pub mod instance;
pub mod jsonl;
pub mod text;

use crate::records::{Origin, StatsRecord, stop_words};

/// How a trace is written: each event, named and with its fields as the
/// JSON Lines format holds them, becomes text.
pub trait TraceFormat: Send + Sync {
    /// The text of one event (with its line end), given the placements in
    /// force before it.
    fn render(&self, event: &str, fields: &Value, depth: usize) -> String;

    /// A drawing of a board after the `puzzle` line and the `end` line, if
    /// the format shows boards (no by default).
    fn board(&self, _board: &dyn std::fmt::Display) -> Option<String> {
        None
    }
}

/// The trace file, shared by the puzzles of one run (written one puzzle
/// at a time, in input order).
pub struct TraceFile {
    out: Mutex<Box<dyn Write + Send>>,
    format: Box<dyn TraceFormat>,
    limit: u64,
    path: String,
    /// The first write error, reported by [`TraceFile::finish`].
    failed: Mutex<Option<anyhow::Error>>,
    /// Stops the searches when raised ([`TraceFile::interrupted_by`]).
    interrupt: Option<Arc<AtomicBool>>,
}

impl TraceFile {
    /// Creates (or truncates) `path`; each puzzle records at most `limit`
    /// events.
    pub fn create(path: &Path, limit: u64, format: Box<dyn TraceFormat>) -> Result<TraceFile> {
        let file = File::create(path)
            .with_context(|| format!("cannot create the trace file {}", path.display()))?;
        let name = path.display().to_string();
        Ok(TraceFile::to_writer(
            Box::new(BufWriter::new(file)),
            name,
            limit,
            format,
        ))
    }

    /// A trace written to `out` (named `name` in errors); each puzzle
    /// records at most `limit` events.
    pub fn to_writer(
        out: Box<dyn Write + Send>,
        name: String,
        limit: u64,
        format: Box<dyn TraceFormat>,
    ) -> TraceFile {
        TraceFile {
            out: Mutex::new(out),
            format,
            limit,
            path: name,
            failed: Mutex::new(None),
            interrupt: None,
        }
    }

    /// The searches of this trace stop (as interrupted) once `flag` is
    /// raised.
    pub fn interrupted_by(mut self, flag: Arc<AtomicBool>) -> TraceFile {
        self.interrupt = Some(flag);
        self
    }

    /// Searches `puzzle` (up to `max_solutions`) with a tracer, between a
    /// `puzzle` line and an `end` line; `also` hears the events too.
    pub fn run(
        &self,
        origin: &Origin,
        sudoku: &Sudoku,
        puzzle: &Puzzle,
        config: &SearchConfig,
        max_solutions: Option<u64>,
        also: Option<&mut dyn Tracer>,
    ) -> Result<SolveReport, SolveError> {
        self.keep(self.line(
            "puzzle",
            json!({"file": origin.file, "line": origin.line, "puzzle": origin.puzzle}),
            0,
        ));
        if let Some(text) = self.format.board(&sudoku.board(puzzle)) {
            self.keep(self.write(&text));
        }
        let mut tracer = self.puzzle(sudoku, config);
        let run = |tracer: &mut dyn Tracer| -> Result<SolveReport, SolveError> {
            let mut search = sudoku.search(puzzle, config)?;
            if let Some(flag) = &self.interrupt {
                search.set_interrupt(Arc::clone(flag));
            }
            search.set_tracer(Box::new(tracer));
            Ok(sudoku.report(search.run(max_solutions)))
        };
        let report = match also {
            Some(also) => run(&mut Both(&mut tracer, also)),
            None => run(&mut tracer),
        };
        if let Some(e) = tracer.error.take() {
            self.keep(Err(e));
        }
        if let Ok(r) = &report {
            let termination = match r.termination {
                Termination::Exhausted => "exhausted",
                Termination::SolutionLimit => "solution limit",
                Termination::Stopped(reason) => stop_words(reason),
            };
            self.keep(self.line(
                "end",
                json!({
                    "termination": termination,
                    "events": tracer.events,
                    "stats": StatsRecord::from(&r.stats),
                }),
                0,
            ));
            let board = (r.solution.as_ref()).and_then(|g| self.format.board(&sudoku.board(g)));
            if let Some(text) = board {
                self.keep(self.write(&text));
            }
        }
        report
    }

    /// Keeps the first error.
    fn keep(&self, r: Result<()>) {
        if let Err(e) = r {
            let mut failed = self.failed.lock().expect("no panics holding the lock");
            failed.get_or_insert(e);
        }
    }

    /// Writes one event in the file's format.
    pub fn line(&self, event: &str, fields: Value, depth: usize) -> Result<()> {
        self.write(&self.format.render(event, &fields, depth))
    }

    fn write(&self, text: &str) -> Result<()> {
        let mut out = self.out.lock().expect("no writer panics holding the lock");
        out.write_all(text.as_bytes())
            .with_context(|| format!("cannot write the trace file {}", self.path))
    }

    /// A tracer for one puzzle of `sudoku` searched with `config`.
    pub fn puzzle<'a>(&'a self, sudoku: &'a Sudoku, config: &SearchConfig) -> PuzzleTrace<'a> {
        self.tracer(
            Box::new(GridNaming {
                sudoku,
                config: config.clone(),
                side: sudoku.size().side(),
            }),
            config,
        )
    }

    /// A tracer for one search with `config`, naming variables and values
    /// with `naming`.
    pub fn tracer<'a>(
        &'a self,
        naming: Box<dyn Naming + 'a>,
        config: &SearchConfig,
    ) -> PuzzleTrace<'a> {
        PuzzleTrace {
            file: self,
            keys: naming.keys(),
            naming,
            cells: config
                .variables
                .items()
                .iter()
                .map(|h| h.symbol().to_string())
                .collect(),
            values: config
                .values
                .items()
                .iter()
                .map(|h| h.symbol().to_string())
                .collect(),
            events: 0,
            depth: 0,
            error: None,
        }
    }

    /// Flushes what is buffered; the first error of the run, if any.
    pub fn finish(&self) -> Result<()> {
        if let Some(e) = self.failed.lock().expect("no panics").take() {
            return Err(e);
        }
        let mut out = self.out.lock().expect("no writer panics holding the lock");
        out.flush()
            .with_context(|| format!("cannot write the trace file {}", self.path))
    }
}

/// How a trace names a search's variables and values: a grid's cells
/// (`r1c1`) and digits (from 1), or an instance's variables and values.
pub trait Naming {
    /// The keys of a variable, a value and a set of values in events:
    /// `cell`, `digit`, `digits` on a grid.
    fn keys(&self) -> Keys;
    /// A variable's name.
    fn var(&self, var: VarId) -> String;
    /// The value that domain index `value` of `var` stands for.
    fn value(&self, var: VarId, value: u32) -> Value;
    /// Adds to a failure's fields what shows it (a grid's house, a
    /// variant element).
    fn failure(&self, _cause: FailCause, _store: &DomainStore, _fields: &mut Value) {}
    /// Adds to a deduction's fields what it stands for (the house or
    /// element of propagator `index`, item `item`; the technique of its
    /// note `note`).
    fn deduction(&self, _index: u32, _item: Option<u32>, _note: Option<u32>, _fields: &mut Value) {}
}

/// The keys of [`Naming::keys`].
#[derive(Clone, Copy, Debug)]
pub struct Keys {
    /// A variable's key (`cell`).
    pub var: &'static str,
    /// A value's key (`digit`).
    pub value: &'static str,
    /// A set of values' key (`digits`).
    pub values: &'static str,
}

/// A Sudoku's cells and digits, houses and elements.
pub struct GridNaming<'a> {
    /// The rules, to name the house of a failure.
    sudoku: &'a Sudoku,
    /// How the puzzle is searched: the propagators of the model searched
    /// are those failures name.
    config: SearchConfig,
    side: usize,
}

impl GridNaming<'_> {
    /// The variant element propagator `p` enforces, described.
    fn element(&self, p: Option<u32>) -> Option<String> {
        let element = self.sudoku.element_of(&self.config, p?)?;
        Some(element.describe())
    }
}

impl Naming for GridNaming<'_> {
    fn keys(&self) -> Keys {
        Keys {
            var: "cell",
            value: "digit",
            values: "digits",
        }
    }

    fn var(&self, var: VarId) -> String {
        let i = var.index();
        format!("r{}c{}", i / self.side + 1, i % self.side + 1)
    }

    fn value(&self, _var: VarId, value: u32) -> Value {
        json!(value + 1)
    }

    /// A propagator's failure also names the house that shows it, when
    /// there is one: the digit left without a place there, or placed
    /// twice (`twice`); and the variant element it enforces.
    fn failure(&self, cause: FailCause, store: &DomainStore, v: &mut Value) {
        if let FailCause::Propagator { .. } = cause
            && let Some(failure) = self.sudoku.house_failure(store)
        {
            let (house, digit, twice) = match failure {
                HouseFailure::NoPlace { house, digit } => (house, digit, false),
                HouseFailure::PlacedTwice { house, digit } => (house, digit, true),
            };
            v["digit"] = json!(digit);
            v["house"] = json!(house.to_string());
            if twice {
                v["twice"] = json!(true);
            }
        }
        if let Some(element) = self.element(cause.propagator()) {
            v["element"] = json!(element);
        }
    }

    /// The house or element the propagator stands for, or the two houses
    /// of a locked-candidates pair.
    fn deduction(&self, index: u32, item: Option<u32>, note: Option<u32>, v: &mut Value) {
        // A step of the human techniques (`human:D`): by which technique.
        let model = self.sudoku.model_searched(&self.config);
        let propagator = model.propagators().get(index as usize);
        if let Some(name) = note.and_then(|n| propagator?.note_name(n)) {
            v["technique"] = json!(name);
        }
        let sources = self.sudoku.sources_of(&self.config, index, item);
        match sources.as_slice() {
            [Source::House(house)] => v["house"] = json!(house.to_string()),
            [Source::Element(element)] => v["element"] = json!(element.describe()),
            [a, b] => v["houses"] = json!([a.to_string(), b.to_string()]),
            _ => {}
        }
    }
}

/// The tracer of one search (a puzzle's, an instance's).
pub struct PuzzleTrace<'a> {
    file: &'a TraceFile,
    /// How variables and values are named.
    naming: Box<dyn Naming + 'a>,
    keys: Keys,
    /// The cell chain's letters, one per link.
    cells: Vec<String>,
    /// The value chain's symbols, one per link.
    values: Vec<String>,
    /// Events seen (recorded or not).
    pub events: u64,
    /// Placements in force.
    depth: usize,
    /// The first write error, reported after the search.
    pub error: Option<anyhow::Error>,
}

impl PuzzleTrace<'_> {
    fn cell(&self, var: VarId) -> String {
        self.naming.var(var)
    }

    fn digits(&self, var: VarId, set: ValueSet) -> Vec<Value> {
        set.iter().map(|v| self.naming.value(var, v)).collect()
    }

    /// The cause's fields, with what the naming adds.
    fn cause(&self, cause: FailCause, store: &DomainStore) -> Value {
        let k = self.keys;
        let mut v = match cause {
            FailCause::Wipeout { var, rule, .. } => {
                json!({"cause": "wipeout", (k.var): self.cell(var), "rule": rule.name()})
            }
            FailCause::Propagator { rule, name, .. } => {
                json!({"cause": "propagator", "rule": rule.name(), "propagator": name})
            }
            FailCause::NoValues(var) => json!({"cause": "no values", (k.var): self.cell(var)}),
            FailCause::Check => json!({"cause": "check"}),
        };
        self.naming.failure(cause, store, &mut v);
        v
    }

    fn json(&self, event: &Event<'_>) -> Value {
        match *event {
            Event::Root {
                store,
                contradiction,
            } => {
                let open: serde_json::Map<String, Value> = (0..store.num_vars() as u32)
                    .map(VarId)
                    .filter(|&v| !store.is_assigned(v))
                    .map(|v| (self.cell(v), json!(self.digits(v, store.domain(v)))))
                    .collect();
                json!({
                    "event": "root",
                    "candidates": open,
                    "contradiction": contradiction.map(|c| self.cause(c, store)),
                })
            }
            Event::Choose {
                depth,
                var,
                domain,
                scores,
                runner_up,
                decided_by,
            } => {
                let links: Vec<Value> = (scores.iter().zip(&self.cells))
                    .map(|(s, h)| json!({"heuristic": h, "winner": s.winner, "runner_up": s.runner_up}))
                    .collect();
                let decided_by = match decided_by {
                    Decider::OnlyCandidate => "only candidate".to_string(),
                    Decider::ReadingOrder => "reading order".to_string(),
                    Decider::Link(k) => self.cells[k].clone(),
                };
                json!({
                    "event": "choose",
                    "depth": depth,
                    (self.keys.var): self.cell(var),
                    "candidates": self.digits(var, domain),
                    "scores": links,
                    "runner_up": runner_up.map(|v| self.cell(v)),
                    "decided_by": decided_by,
                })
            }
            Event::Order {
                var,
                values,
                scores,
                links,
            } => {
                let values: Vec<Value> = (values.iter().zip(scores.chunks(links.max(1))))
                    .map(|(&v, s)| json!({(self.keys.value): self.naming.value(var, v), "scores": s}))
                    .collect();
                json!({
                    "event": "order",
                    (self.keys.var): self.cell(var),
                    "heuristics": self.values,
                    "values": values,
                })
            }
            Event::Place {
                depth,
                var,
                value,
                guess,
            } => json!({
                "event": "place",
                "depth": depth,
                (self.keys.var): self.cell(var),
                (self.keys.value): self.naming.value(var, value),
                "guess": guess,
            }),
            Event::Deduce {
                rule,
                propagator,
                index,
                item,
                note,
                filled,
                removed,
            } => {
                let k = self.keys;
                let filled: Vec<Value> = (filled.iter())
                    .map(|&(v, d)| json!({(k.var): self.cell(v), (k.value): self.naming.value(v, d)}))
                    .collect();
                let removed: Vec<Value> = (removed.iter())
                    .map(|&(v, gone)| json!({(k.var): self.cell(v), (k.values): self.digits(v, gone)}))
                    .collect();
                let mut v = json!({
                    "event": "deduce",
                    "rule": rule.name(),
                    "propagator": propagator,
                    "filled": filled,
                    "removed": removed,
                });
                if let Some(p) = index {
                    self.naming.deduction(p, item, note, &mut v);
                }
                v
            }
            Event::Fixpoint { runs, rule_runs } => {
                let rules: serde_json::Map<String, Value> = (Rule::ALL.iter().zip(rule_runs))
                    .filter(|(_, n)| *n > 0)
                    .map(|(r, n)| (r.name().to_string(), json!(n)))
                    .collect();
                json!({"event": "fixpoint", "runs": runs, "rules": rules})
            }
            Event::Fail { cause, store } => {
                let mut v = self.cause(cause, store);
                v.as_object_mut()
                    .expect("an object")
                    .insert("event".into(), json!("fail"));
                v
            }
            Event::Backtrack { depth, var, value } => json!({
                "event": "backtrack",
                "depth": depth,
                (self.keys.var): self.cell(var),
                (self.keys.value): self.naming.value(var, value),
            }),
            Event::Solution { number } => json!({"event": "solution", "number": number}),
            Event::Restart {
                number,
                nogoods,
                failures,
            } => json!({
                "event": "restart",
                "number": number,
                "nogoods": nogoods,
                "failures": failures,
            }),
            Event::Learn {
                literals,
                depth,
                lbd,
            } => {
                let clause: Vec<String> = (literals.iter())
                    .map(|&l| {
                        let (var, value) = (l.var(), l.value());
                        let sign = match l {
                            Literal::Is(..) => "=",
                            Literal::IsNot(..) => "!=",
                            Literal::AtLeast(..) => ">=",
                            Literal::AtMost(..) => "<=",
                        };
                        let value = match self.naming.value(var, value) {
                            Value::String(text) => text,
                            other => other.to_string(),
                        };
                        format!("{} {sign} {value}", self.cell(var))
                    })
                    .collect();
                json!({"event": "learn", "clause": clause, "depth": depth, "lbd": lbd})
            }
            Event::Stop { reason } => json!({"event": "stop", "reason": stop_words(reason)}),
        }
    }
}

impl Tracer for PuzzleTrace<'_> {
    fn event(&mut self, event: &Event<'_>) {
        self.events += 1;
        if self.error.is_some() || self.events > self.file.limit + 1 {
            return;
        }
        let mut line = if self.events == self.file.limit + 1 {
            json!({"event": "cut", "after": self.file.limit})
        } else {
            self.json(event)
        };
        let name = (line.as_object_mut())
            .and_then(|o| o.remove("event"))
            .and_then(|e| e.as_str().map(str::to_string))
            .unwrap_or_default();
        let depth = self.depth;
        match *event {
            // A new search (optimizing: the next of the series).
            Event::Root { .. } => self.depth = 0,
            Event::Place { depth, .. } => self.depth = depth,
            Event::Backtrack { depth, .. } => self.depth = depth - 1,
            Event::Restart { .. } => self.depth = 0,
            _ => {}
        }
        if let Err(e) = self.file.line(&name, line, depth) {
            self.error = Some(e);
        }
    }
}
