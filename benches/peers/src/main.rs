//! Puzzles per second, counting solutions up to 2, one core, side by side:
//! the `sudoku` crate (0.8, a JCZSolve port) and this project at each
//! propagation level with fewest candidates first (`EA`, values `0`), with
//! the fast and the generic propagators. The crate and the bitboard
//! solver take turns on chunks of 50 puzzles, each chunk timed on its
//! own, so that the shared machine's changing load falls on both alike;
//! neither keeps a solution (the crate's `solutions_count_up_to`, the
//! bitboard solver's `count_without_solution`). Each solver's total
//! solution count is printed too, so a wrong answer shows.
//!
//! With the `tdoku` feature (`TDOKU_DIR=/path/to/tdoku cargo run
//! --release --features tdoku ...`), tdoku takes its turn on each chunk
//! too: the three are compared in one run, each against the same load.
//!
//! Usage: `peers-bench [--repeat N] [--fast-only] FILE...` (puzzle files,
//! one 81-character puzzle per line; `--fast-only`: the crate and the
//! bitboard solver, not the engine). Output: a markdown table per file,
//! each solver's puzzles per second also as a multiple of the crate's;
//! the bitboard solver's (and tdoku's) total guesses per file go to
//! stderr.
//!
//! `peers-bench generate N`: minimal 9x9 puzzles per second (no symmetry),
//! N of them from each: the crate's `Sudoku::generate_with_symmetry` and
//! this project's generator; with the mean clue count of each, and a
//! uniqueness check of every puzzle by the other solver.

use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use csp_core::{PropagationLevel, SearchConfig};
use ours::{Propagators, Puzzle};

#[cfg(feature = "tdoku")]
mod tdoku;

/// Puzzles per turn when the crate and the bitboard solver take turns.
const CHUNK: usize = 50;

fn main() -> Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut repeat = 1;
    if let Some(i) = args.iter().position(|a| a == "--repeat") {
        repeat = args.get(i + 1).context("--repeat N")?.parse()?;
        args.drain(i..i + 2);
    }
    let fast_only = args.iter().any(|a| a == "--fast-only");
    args.retain(|a| a != "--fast-only");
    if args.first().map(String::as_str) == Some("generate") {
        let n = args.get(1).context("generate N")?.parse()?;
        return generate(n);
    }
    if args.is_empty() {
        bail!("usage: peers-bench [--repeat N] FILE... | peers-bench generate N");
    }
    #[cfg(feature = "tdoku")]
    println!("tdoku compiled with {}", tdoku::BUILD);
    println!("| set | solver | puzzles/s | µs/puzzle | x crate | solutions counted |");
    println!("|---|---|---:|---:|---:|---:|");
    for path in &args {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
        let lines: Vec<&str> = text.lines().filter(|l| l.len() == 81).collect();
        let set = std::path::Path::new(path)
            .file_stem()
            .map_or(path.clone(), |s| s.to_string_lossy().into_owned());
        // `crate_time`: the crate's, for the multiple.
        let row = |solver: &str, elapsed: Duration, crate_time: Duration, solutions: u64| {
            let n = (lines.len() * repeat) as f64;
            println!(
                "| {set} | {solver} | {:.0} | {:.1} | {:.2} | {solutions} |",
                n / elapsed.as_secs_f64(),
                elapsed.as_secs_f64() * 1e6 / n,
                crate_time.as_secs_f64() / elapsed.as_secs_f64()
            );
        };

        let peers: Vec<peer::Sudoku> = (lines.iter())
            .map(|l| peer::Sudoku::from_str_line(l).map_err(|e| anyhow::anyhow!("{e:?}")))
            .collect::<Result<_>>()?;
        let puzzles: Vec<Puzzle> = (lines.iter())
            .map(|l| l.parse::<Puzzle>().map_err(|e| anyhow::anyhow!("{e}")))
            .collect::<Result<_>>()?;
        let mut bitboard = ours::bitboard::Bitboard::new(&ours::Sudoku::classic())?;
        #[cfg(feature = "tdoku")]
        let tdokus: Vec<tdoku::TdokuPuzzle> =
            lines.iter().map(|l| tdoku::TdokuPuzzle::new(l)).collect();
        #[cfg(feature = "tdoku")]
        let (mut tdoku_time, mut tdoku_solutions, mut tdoku_guesses) = (Duration::ZERO, 0, 0);
        // The solvers take turns by chunks of puzzles, each timed on its
        // own, so that a change in the machine's load falls on all alike.
        let (mut crate_time, mut our_time) = (Duration::ZERO, Duration::ZERO);
        let (mut crate_solutions, mut our_solutions, mut guesses) = (0u64, 0u64, 0u64);
        for _ in 0..repeat {
            #[cfg(feature = "tdoku")]
            let mut tdoku_chunks = tdokus.chunks(CHUNK);
            for (theirs, mine) in peers.chunks(CHUNK).zip(puzzles.chunks(CHUNK)) {
                #[cfg(feature = "tdoku")]
                {
                    let start = Instant::now();
                    for p in tdoku_chunks
                        .next()
                        .expect("a chunk per chunk of the crate's")
                    {
                        let (solutions, guesses) = p.count(2);
                        tdoku_solutions += solutions;
                        tdoku_guesses += guesses;
                    }
                    tdoku_time += start.elapsed();
                }
                let start = Instant::now();
                for s in theirs {
                    crate_solutions += s.solutions_count_up_to(2) as u64;
                }
                crate_time += start.elapsed();
                let start = Instant::now();
                for p in mine {
                    let counted = bitboard.count_without_solution(p, 2)?;
                    our_solutions += counted.solutions;
                    guesses += counted.guesses;
                }
                our_time += start.elapsed();
            }
        }
        row(
            "`sudoku` crate 0.8",
            crate_time,
            crate_time,
            crate_solutions,
        );
        row(
            "this project, bitboard",
            our_time,
            crate_time,
            our_solutions,
        );
        eprintln!("bitboard guesses: {guesses}");
        #[cfg(feature = "tdoku")]
        {
            row("tdoku", tdoku_time, crate_time, tdoku_solutions);
            eprintln!("tdoku guesses: {tdoku_guesses}");
        }
        if fast_only {
            continue;
        }
        for level in [
            PropagationLevel::ForwardChecking,
            PropagationLevel::Singles,
            PropagationLevel::Locked,
            PropagationLevel::Gac,
        ] {
            for propagators in Propagators::ALL {
                let grid = ours::Sudoku::classic().with_propagators(propagators);
                if propagators == Propagators::Fast && !grid.runs_fast(level) {
                    continue;
                }
                let config = SearchConfig {
                    variables: "EA".parse()?,
                    values: "0".parse()?,
                    level,
                    ..SearchConfig::default()
                };
                let start = Instant::now();
                let mut solutions = 0u64;
                for _ in 0..repeat {
                    for p in &puzzles {
                        solutions += grid.count_solutions(p, &config, Some(2))?.stats.solutions;
                    }
                }
                let name = format!("this project, EA/0 {level}, {propagators}");
                row(&name, start.elapsed(), crate_time, solutions);
            }
        }
    }
    Ok(())
}

/// Minimal 9x9 puzzles per second from the crate and from this project.
fn generate(n: u64) -> Result<()> {
    use ours::generate::{GenerateOptions, Generator};
    println!(
        "| generator | minimal puzzles/s | µs/puzzle | mean clues | unique (checked by the other) |"
    );
    println!("|---|---:|---:|---:|---:|");
    let row = |name: &str, elapsed: Duration, clues: usize, unique: usize| {
        println!(
            "| {name} | {:.0} | {:.1} | {:.2} | {unique}/{n} |",
            n as f64 / elapsed.as_secs_f64(),
            elapsed.as_secs_f64() * 1e6 / n as f64,
            clues as f64 / n as f64
        );
    };

    // The two take turns by chunks of puzzles, each timed on its own (as
    // the counts above).
    let grid = ours::Sudoku::classic();
    let mut generator = Generator::new(&grid, GenerateOptions::default())?;
    let (mut theirs, mut mine) = (Vec::new(), Vec::new());
    let (mut crate_time, mut our_time) = (Duration::ZERO, Duration::ZERO);
    for from in (0..n).step_by(CHUNK) {
        let to = (from + CHUNK as u64).min(n);
        let start = Instant::now();
        theirs
            .extend((from..to).map(|_| peer::Sudoku::generate_with_symmetry(peer::Symmetry::None)));
        crate_time += start.elapsed();
        let start = Instant::now();
        for i in from..to {
            mine.push(generator.generate(1, i)?.puzzle);
        }
        our_time += start.elapsed();
    }
    let config = SearchConfig::default();
    let mut clues = 0;
    let mut unique = 0;
    for s in &theirs {
        let line = s.to_str_line().to_string();
        let puzzle: Puzzle = line.parse().map_err(|e| anyhow::anyhow!("{e}"))?;
        clues += puzzle.givens();
        unique += usize::from(
            grid.count_solutions(&puzzle, &config, Some(2))?
                .stats
                .solutions
                == 1,
        );
    }
    row("`sudoku` crate 0.8", crate_time, clues, unique);
    let mut clues = 0;
    let mut unique = 0;
    for p in &mine {
        clues += p.givens();
        let s = peer::Sudoku::from_str_line(&p.to_line()).map_err(|e| anyhow::anyhow!("{e:?}"))?;
        unique += usize::from(s.is_uniquely_solvable());
    }
    row("this project", our_time, clues, unique);
    Ok(())
}
