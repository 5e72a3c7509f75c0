//! Runs files (`compare --runs`, `--resume`, `--shard`; `sudoku merge`):
//! JSON Lines, a heading line with the comparison's [`Plan`] (and shard),
//! then one line per run as it finishes, flushed at once. Killing the
//! process at any moment leaves every finished run in the file but the one
//! being written, whose partial last line a reader drops with a note.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{Context, Result, bail};
use csp_core::{Rule, RuleStats};
use serde::{Deserialize, Serialize};

use super::plan::{Plan, Shard};
use super::stats::{Run, RunStatus};

/// What a runs file's first line says.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct Heading {
    /// Marks the file as a runs file; the format's version.
    pub sudoku_runs: u32,
    /// The shard it holds, if one.
    pub shard: Option<Shard>,
    pub plan: Plan,
}

/// The format of runs files this version writes and reads.
pub const FORMAT: u32 = 1;

/// One run of a runs file.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct UnitRun {
    /// Its unit's number (see [`Plan::groups`]).
    pub unit: u64,
    /// The strategy's label, the set's name, the seed and the puzzle's
    /// line, for people reading the file (the unit number says it all).
    pub strategy: String,
    pub set: String,
    pub seed: u64,
    pub line: u64,
    pub status: RunStatus,
    pub placements: u64,
    pub backtracks: u64,
    pub guesses: u64,
    pub iterations: u64,
    pub elapsed_us: u64,
    /// Per rule: runs, removals, assignments.
    pub rules: BTreeMap<String, [u64; 3]>,
}

impl UnitRun {
    pub fn new(unit: u64, labels: (&str, &str, u64, u64), run: &Run) -> UnitRun {
        let (strategy, set, seed, line) = labels;
        UnitRun {
            unit,
            strategy: strategy.to_string(),
            set: set.to_string(),
            seed,
            line,
            status: run.status,
            placements: run.placements,
            backtracks: run.backtracks,
            guesses: run.guesses,
            iterations: run.iterations,
            elapsed_us: run.elapsed_us,
            rules: (run.rules.iter())
                .map(|(r, c)| (r.name().to_string(), [c.runs, c.removals, c.assignments]))
                .collect(),
        }
    }

    /// The run's counters.
    pub fn run(&self) -> Result<Run> {
        let mut rules = RuleStats::default();
        for (name, &[runs, removals, assignments]) in &self.rules {
            let Some(rule) = Rule::ALL.into_iter().find(|r| r.name() == name) else {
                bail!("unknown rule {name:?}");
            };
            rules[rule].runs = runs;
            rules[rule].removals = removals;
            rules[rule].assignments = assignments;
        }
        Ok(Run {
            status: self.status,
            placements: self.placements,
            backtracks: self.backtracks,
            guesses: self.guesses,
            iterations: self.iterations,
            elapsed_us: self.elapsed_us,
            rules,
        })
    }
}

/// What reading a runs file found besides its runs.
pub struct ReadBack {
    pub heading: Heading,
    /// Bytes up to the end of the last whole line.
    pub whole: u64,
    /// Whether a partial last line was dropped.
    pub truncated: bool,
}

/// The heading of the runs file `path` (its first line).
pub fn heading(path: &Path) -> Result<Heading> {
    let name = path.display();
    let file = File::open(path).with_context(|| format!("cannot open {name}"))?;
    let mut line = String::new();
    BufReader::new(file)
        .read_line(&mut line)
        .with_context(|| format!("cannot read {name}"))?;
    parse_heading(&line, path)
}

fn parse_heading(line: &str, path: &Path) -> Result<Heading> {
    let name = path.display();
    let h: Heading = serde_json::from_str(line).with_context(|| {
        format!("{name}:1: not a runs file (its first line is not a compare --runs heading)")
    })?;
    if h.sudoku_runs != FORMAT {
        bail!(
            "{name}: runs file format {} (this version reads {FORMAT})",
            h.sudoku_runs
        );
    }
    Ok(h)
}

/// Reads `path`: its heading (check it first with [`heading`]), then each
/// run through `each`. A last line without its newline (a write cut
/// short) is dropped; any other bad line is an error naming it.
pub fn read(path: &Path, mut each: impl FnMut(UnitRun) -> Result<()>) -> Result<ReadBack> {
    let name = path.display();
    let file = File::open(path).with_context(|| format!("cannot open {name}"))?;
    let mut reader = BufReader::new(file);
    let mut line = String::new();
    let mut whole = 0u64;
    let mut number = 0u64;
    let mut heading: Option<Heading> = None;
    loop {
        line.clear();
        let n = reader
            .read_line(&mut line)
            .with_context(|| format!("cannot read {name}"))?;
        if n == 0 {
            break;
        }
        number += 1;
        if !line.ends_with('\n') {
            let heading = heading.with_context(|| format!("{name}: not a runs file"))?;
            return Ok(ReadBack {
                heading,
                whole,
                truncated: true,
            });
        }
        match &heading {
            None => heading = Some(parse_heading(&line, path)?),
            Some(_) => {
                let run: UnitRun = serde_json::from_str(&line)
                    .with_context(|| format!("{name}:{number}: not a run"))?;
                each(run).with_context(|| format!("{name}:{number}"))?;
            }
        }
        whole += n as u64;
    }
    let heading = heading.with_context(|| format!("{name}: empty, not a runs file"))?;
    Ok(ReadBack {
        heading,
        whole,
        truncated: false,
    })
}

/// A runs file being written: lines appended and flushed one at a time,
/// from any thread.
pub struct RunsWriter {
    path: PathBuf,
    file: Mutex<File>,
}

impl RunsWriter {
    /// Creates `path` with its heading; refuses to overwrite a file that is
    /// there (`--resume` continues one).
    pub fn create(path: &Path, heading: &Heading) -> Result<RunsWriter> {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .with_context(|| match path.exists() {
                true => format!(
                    "{} exists: --resume {0} continues it (or remove it to start again)",
                    path.display()
                ),
                false => format!("cannot create {}", path.display()),
            })?;
        let mut line = serde_json::to_string(heading)?;
        line.push('\n');
        file.write_all(line.as_bytes())?;
        file.flush()?;
        Ok(RunsWriter {
            path: path.to_path_buf(),
            file: Mutex::new(file),
        })
    }

    /// Opens `path` to append after its first `whole` bytes (dropping a
    /// partial last line).
    pub fn append(path: &Path, whole: u64) -> Result<RunsWriter> {
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .with_context(|| format!("cannot open {} to append", path.display()))?;
        file.set_len(whole)
            .with_context(|| format!("cannot truncate {}", path.display()))?;
        Ok(RunsWriter {
            path: path.to_path_buf(),
            file: Mutex::new(file),
        })
    }

    /// Appends one run and flushes it to the operating system.
    pub fn write(&self, run: &UnitRun) -> Result<()> {
        let mut line = serde_json::to_string(run)?;
        line.push('\n');
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        file.write_all(line.as_bytes())
            .with_context(|| format!("cannot write {}", self.path.display()))
    }
}
