//! `sudoku render`: one puzzle of the input as an SVG picture.

use std::io::Write;

use anyhow::{Context, Result, bail};
use csp_core::PropagationLevel;

use super::{Outcome, puzzle_lines};
use crate::cli::RenderArgs;
use crate::diagnostics;
use crate::strategy::{self, Overrides};

pub fn render(args: &RenderArgs) -> Result<Outcome> {
    let level: Option<PropagationLevel> = (args.candidates.as_deref())
        .map(|l| l.parse().context("invalid --candidates"))
        .transpose()?;
    let input = &args.input;
    let lines = puzzle_lines(input)?;
    // The default preset finds the solution to draw.
    let solver = strategy::resolve(&Overrides::default())?.search;
    let mut sudokus = super::sudokus(&input.read);
    let mut outcome = Outcome::Success;
    let mut seen = 0;
    for item in lines {
        let entry = match item {
            Ok(entry) => entry,
            Err(e) => {
                diagnostics::line(&format!("sudoku: {e}"));
                outcome = Outcome::Invalid;
                continue;
            }
        };
        let place = format!("{}:{}", entry.source, entry.line);
        let puzzle = match &entry.puzzle {
            Ok(p) => p,
            Err(e) => {
                diagnostics::line(&format!("sudoku: {place}: invalid: {e}"));
                outcome = Outcome::Invalid;
                continue;
            }
        };
        seen += 1;
        if seen < args.puzzle {
            continue;
        }
        sudokus.prepare(entry.rules.as_ref(), puzzle);
        let sudoku = (sudokus.for_entry(entry.rules.as_ref(), puzzle))
            .with_context(|| format!("{place}: cannot draw this puzzle"))?;
        let solver = args.solution.then_some(&solver);
        let picture = crate::picture::picture(sudoku, puzzle, level, solver)?;
        if picture.no_solution {
            diagnostics::line(&format!(
                "sudoku: {place}: no solution to draw: the puzzle has none"
            ));
            outcome = outcome.max(Outcome::Failure);
        }
        let svg = picture.svg;
        if args.svg.as_os_str() == "-" {
            let mut out = std::io::stdout().lock();
            out.write_all(svg.as_bytes())?;
            out.flush()?;
        } else {
            std::fs::write(&args.svg, svg)
                .with_context(|| format!("cannot write {}", args.svg.display()))?;
        }
        return Ok(outcome);
    }
    bail!(
        "no puzzle {} to draw: the input has {seen} puzzle{}",
        args.puzzle,
        if seen == 1 { "" } else { "s" }
    )
}
