//! `sudoku generate`.

use std::io::{self, BufWriter, Write};

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use serde_json::Value;
use sudoku::generate::{GenerateError, GenerateOptions, Generated, Generator, level_name};
use sudoku::{GridSize, Sudoku};

use super::Outcome;
use crate::cli::{GenerateArgs, GenerateFormat};
use crate::diagnostics;
use crate::records::VERSION;

/// Puzzles made per batch and thread: batches keep memory flat and the
/// output in index order.
const BATCH_PER_THREAD: u64 = 16;

/// One generated puzzle (or a miss) in `--format json`.
#[derive(Serialize, Debug)]
struct GenerateRecord {
    index: u64,
    /// ok | missed
    status: &'static str,
    puzzle: Option<String>,
    solution: Option<String>,
    clues: Option<usize>,
    size: String,
    variant: String,
    symmetry: &'static str,
    /// Whether no clue (with a symmetry, no orbit of clues) can be removed
    /// without losing uniqueness.
    minimal: bool,
    level_needed: Option<&'static str>,
    grade: Option<&'static str>,
    score: Option<u64>,
    seed: u64,
    grid_seed: Option<u64>,
    /// Full grids tried for this puzzle.
    attempts: u64,
    error: Option<String>,
    version: &'static str,
    /// The puzzle as an f-puzzles document, when it has its own regions
    /// or cages.
    #[serde(skip_serializing_if = "Option::is_none")]
    fpuzzles: Option<serde_json::Value>,
}

/// What one puzzle index gave, with its rating for json and its own
/// rules (regions, cages) as an f-puzzles document.
type Made = Result<(Generated, Option<sudoku::rate::Rating>, Option<Value>), GenerateError>;

pub fn generate(args: &GenerateArgs) -> Result<Outcome> {
    let size = grid_size(args)?;
    let sudoku = Sudoku::new(size, args.variant.clone());
    let options = options(args)?;
    let own_layout = options.jigsaw || options.killer;
    let format = match args.format {
        Some(GenerateFormat::Text) if own_layout => bail!(
            "--format text writes digits only, and --jigsaw and --killer puzzles have regions or cages: use --format fpuzzles or json"
        ),
        Some(format) => format,
        None if own_layout => GenerateFormat::Fpuzzles,
        None => GenerateFormat::Text,
    };
    // Checks the options before any work.
    Generator::new(&sudoku, options.clone())?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    if args.seed.is_none() && !args.quiet {
        diagnostics::line(&format!(
            "sudoku: note: --seed {seed} (give it to make these puzzles again)"
        ));
    }
    let jobs = super::jobs(args.jobs);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    let progress = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::with_draw_target(Some(args.count), ProgressDrawTarget::stderr())
    };
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {elapsed} elapsed, eta {eta}")
            .expect("valid template"),
    );
    let json = format == GenerateFormat::Json;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut outcome = Outcome::Success;
    let batch = BATCH_PER_THREAD * jobs as u64;
    let mut start = 0;
    while start < args.count {
        let end = (start + batch).min(args.count);
        let made: Vec<(u64, Made)> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map_init(
                    || Generator::new(&sudoku, options.clone()).expect("checked options"),
                    |generator, index| {
                        let made = generator.generate(seed, index).and_then(|g| {
                            // A puzzle with regions or cages is rated and
                            // written under its own rules.
                            let own = g.rules(&sudoku);
                            let document = (own.as_ref())
                                .map(|rules| rules.to_fpuzzles(&g.puzzle, Some(&g.solution), None));
                            // Only json carries a rating: the own rules'
                            // model is built for it alone.
                            let rating = if json {
                                let own = own
                                    .map(|rules| Sudoku::with_rules(size, rules))
                                    .transpose()?;
                                let rater = own.as_ref().unwrap_or(&sudoku);
                                // The level is known when it was the target.
                                Some(match g.level {
                                    Some(level) => rater.rate_at(&g.puzzle, level),
                                    None => rater.rate(&g.puzzle),
                                }?)
                            } else {
                                None
                            };
                            Ok((g, rating, document))
                        });
                        progress.inc(1);
                        (index, made)
                    },
                )
                .collect()
        });
        for (index, made) in made {
            if let Err(e) = &made {
                progress.suspend(|| diagnostics::line(&format!("sudoku: puzzle {index}: {e}")));
                outcome = outcome.max(Outcome::Failure);
            }
            match (made, format) {
                (Ok((g, _, _)), GenerateFormat::Text) => writeln!(out, "{}", g.puzzle.to_line())?,
                (Ok((g, _, document)), GenerateFormat::Fpuzzles) => {
                    let document = document.unwrap_or_else(|| {
                        sudoku
                            .rules()
                            .to_fpuzzles(&g.puzzle, Some(&g.solution), None)
                    });
                    serde_json::to_writer(&mut out, &document)?;
                    writeln!(out)?;
                }
                (made, GenerateFormat::Json) => {
                    let record = record(&sudoku, &options, seed, index, made);
                    serde_json::to_writer(&mut out, &record)?;
                    writeln!(out)?;
                }
                (Err(_), _) => {}
            }
        }
        out.flush()?;
        start = end;
    }
    progress.finish_and_clear();
    Ok(outcome)
}

fn record(
    sudoku: &Sudoku,
    options: &GenerateOptions,
    seed: u64,
    index: u64,
    made: Made,
) -> GenerateRecord {
    let mut record = GenerateRecord {
        index,
        status: "missed",
        puzzle: None,
        solution: None,
        clues: None,
        size: sudoku.size().to_string(),
        variant: variant_names(sudoku, options),
        symmetry: options.symmetry.name(),
        minimal: options.makes_minimal(),
        level_needed: None,
        grade: None,
        score: None,
        seed,
        grid_seed: None,
        attempts: options.attempts,
        error: None,
        version: VERSION,
        fpuzzles: None,
    };
    match made {
        Ok((g, rating, document)) => {
            record.fpuzzles = document;
            record.status = "ok";
            record.puzzle = Some(g.puzzle.to_line());
            record.solution = Some(g.solution.to_line());
            record.clues = Some(g.puzzle.givens());
            record.grid_seed = Some(g.grid_seed);
            record.attempts = g.attempts;
            record.minimal = g.minimal;
            if let Some(r) = rating {
                record.level_needed = Some(level_name(r.level));
                record.grade = r.grade.map(|g| g.name());
                record.score = Some(r.score);
            }
        }
        Err(e) => record.error = Some(e.to_string()),
    }
    record
}

/// The grid size from `--size` and `--box`.
fn grid_size(args: &GenerateArgs) -> Result<GridSize> {
    match (&args.box_shape, args.size) {
        (Some(shape), side) => {
            let size = crate::input::parse_box(shape)?;
            if let Some(side) = side.filter(|&s| s != size.side()) {
                bail!(
                    "--box {shape} makes a {n}x{n} grid, not --size {side}",
                    n = size.side()
                );
            }
            Ok(size)
        }
        (None, side) => {
            let side = side.unwrap_or(9);
            GridSize::from_side(side).with_context(|| {
                format!(
                    "invalid --size {side}: a grid is 4x4 to {max}x{max} with boxes (4, 6, 8, 9, 10, 12, 16, 25, ...)",
                    max = sudoku::MAX_SIDE
                )
            })
        }
    }
}

/// The generator's options from the flags.
fn options(args: &GenerateArgs) -> Result<GenerateOptions> {
    let clues = args.clues.as_deref().map(parse_clues).transpose()?;
    let level = match args.level.as_deref() {
        Some(name) => Some(sudoku::generate::level_named(name).with_context(|| {
            format!(
                "invalid --level `{name}` (valid: {})",
                sudoku::generate::level_names()
            )
        })?),
        None => None,
    };
    Ok(GenerateOptions {
        symmetry: args.symmetry,
        minimal: args.minimal,
        clues,
        level,
        attempts: args.attempts,
        jigsaw: args.jigsaw,
        killer: args.killer,
    })
}

/// The rules of the puzzles made, by name: `jigsaw`, the global rules,
/// `killer-cage` (`classic` when none).
fn variant_names(sudoku: &Sudoku, options: &GenerateOptions) -> String {
    let mut names: Vec<&str> = Vec::new();
    if options.jigsaw {
        names.push("jigsaw");
    }
    names.extend(
        sudoku
            .rules()
            .names()
            .into_iter()
            .filter(|&n| n != "classic"),
    );
    if options.killer {
        names.push("killer-cage");
    }
    if names.is_empty() {
        names.push("classic");
    }
    names.join(",")
}

/// `--clues N` or `--clues A..B`.
fn parse_clues(text: &str) -> Result<(usize, usize)> {
    let number = |s: &str| {
        s.trim()
            .parse::<usize>()
            .with_context(|| format!("invalid --clues `{text}`: expected N or A..B, e.g. 22..25"))
    };
    match text.split_once("..") {
        Some((low, high)) => Ok((number(low)?, number(high.trim_start_matches('='))?)),
        None => {
            let n = number(text)?;
            Ok((n, n))
        }
    }
}

/// A seed from the clock, for runs without `--seed`.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clue_ranges() {
        assert_eq!(parse_clues("22..25").unwrap(), (22, 25));
        assert_eq!(parse_clues("22..=25").unwrap(), (22, 25));
        assert_eq!(parse_clues(" 30 ").unwrap(), (30, 30));
        assert_eq!(
            parse_clues("many").unwrap_err().to_string(),
            "invalid --clues `many`: expected N or A..B, e.g. 22..25"
        );
    }
}
