//! Puzzles per second, counting solutions up to 2, one core, side by side:
//! the `sudoku` crate (0.8, a JCZSolve port) and this project at each
//! propagation level with fewest candidates first (`EA`, values `0`), with
//! the fast and the generic propagators. Each solver's total solution
//! count is printed too, so a wrong answer shows.
//!
//! Usage: `peers-bench [--repeat N] FILE...` (puzzle files, one 81-character
//! puzzle per line). Output: a markdown table per file.

use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use csp_core::{PropagationLevel, SearchConfig};
use ours::{Propagators, Puzzle};

fn main() -> Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut repeat = 1;
    if let Some(i) = args.iter().position(|a| a == "--repeat") {
        repeat = args.get(i + 1).context("--repeat N")?.parse()?;
        args.drain(i..i + 2);
    }
    if args.is_empty() {
        bail!("usage: peers-bench [--repeat N] FILE...");
    }
    println!("| set | solver | puzzles/s | µs/puzzle | solutions counted |");
    println!("|---|---|---:|---:|---:|");
    for path in &args {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
        let lines: Vec<&str> = text.lines().filter(|l| l.len() == 81).collect();
        let set = std::path::Path::new(path)
            .file_stem()
            .map_or(path.clone(), |s| s.to_string_lossy().into_owned());
        let row = |solver: &str, elapsed: Duration, solutions: u64| {
            let n = (lines.len() * repeat) as f64;
            println!(
                "| {set} | {solver} | {:.0} | {:.1} | {solutions} |",
                n / elapsed.as_secs_f64(),
                elapsed.as_secs_f64() * 1e6 / n
            );
        };

        let peers: Vec<peer::Sudoku> = (lines.iter())
            .map(|l| peer::Sudoku::from_str_line(l).map_err(|e| anyhow::anyhow!("{e:?}")))
            .collect::<Result<_>>()?;
        let start = Instant::now();
        let mut solutions = 0u64;
        for _ in 0..repeat {
            for s in &peers {
                solutions += s.solutions_count_up_to(2) as u64;
            }
        }
        row("`sudoku` crate 0.8", start.elapsed(), solutions);

        let puzzles: Vec<Puzzle> = (lines.iter())
            .map(|l| l.parse::<Puzzle>().map_err(|e| anyhow::anyhow!("{e}")))
            .collect::<Result<_>>()?;
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
                row(&name, start.elapsed(), solutions);
            }
        }
    }
    Ok(())
}
