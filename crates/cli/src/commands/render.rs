//! `sudoku render`: one puzzle of the input as an SVG picture, or as an
//! f-puzzles document.

use std::io::Write;

use anyhow::{Context, Result, bail};
use csp_core::PropagationLevel;

use super::{Outcome, puzzle_lines};
use crate::cli::RenderArgs;
use crate::diagnostics;
use crate::strategy::{self, Overrides};

/// Writes `text` to `path`, `-` being standard output.
fn write_out(path: &std::path::Path, text: &str) -> Result<()> {
    if path.as_os_str() == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes())?;
        out.flush()?;
    } else {
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// The drawing of step `k` of the explanation of `puzzle`.
fn step_drawing(
    sudoku: &sudoku::Sudoku,
    puzzle: &sudoku::Puzzle,
    k: usize,
) -> Result<sudoku::render::Drawing> {
    match sudoku::explain::step_picture(sudoku, puzzle, k)? {
        Ok(drawing) => Ok(drawing),
        Err(steps) => bail!(
            "the explanation has {steps} step{}",
            if steps == 1 { "" } else { "s" }
        ),
    }
}

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
        if let Some(out) = &args.fpuzzles {
            let rules = sudoku.rules();
            let document = rules.to_fpuzzles(puzzle, None, rules.about.title.as_deref());
            let text = serde_json::to_string(&document)? + "\n";
            write_out(out, &text)?;
            return Ok(outcome);
        }
        if let Some(k) = args.step {
            let drawing = step_drawing(sudoku, puzzle, k as usize)
                .with_context(|| format!("{place}: cannot draw step {k}"))?;
            write_out(&args.svg, &sudoku::render::svg(&drawing))?;
            return Ok(outcome);
        }
        let solver = args.solution.then_some(&solver);
        let picture = crate::picture::picture(sudoku, puzzle, level, solver)?;
        if picture.no_solution {
            diagnostics::line(&format!(
                "sudoku: {place}: no solution to draw: the puzzle has none"
            ));
            outcome = outcome.max(Outcome::Failure);
        }
        write_out(&args.svg, &picture.svg)?;
        return Ok(outcome);
    }
    bail!(
        "no puzzle {} to draw: the input has {seen} puzzle{}",
        args.puzzle,
        if seen == 1 { "" } else { "s" }
    )
}
