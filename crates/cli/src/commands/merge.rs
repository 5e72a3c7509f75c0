//! `sudoku merge`: the runs files of a comparison's shards put together
//! ([`crate::compare::merge`]), the table printed.

use anyhow::Result;

use super::Outcome;
use crate::cli::MergeArgs;
use crate::compare::{merge as merging, plot, report};

pub fn merge(args: &MergeArgs) -> Result<Outcome> {
    if let Some(path) = &args.table.plot {
        plot::check_path(path)?;
    }
    let merged = merging::merge(&args.files)?;
    for note in &merged.notes {
        crate::diagnostics::line(&format!("sudoku: {note}"));
    }
    for problem in &merged.problems {
        crate::diagnostics::line(&format!("sudoku: {problem}"));
    }
    let outcome = match merged.problems.is_empty() {
        true => Outcome::Success,
        false => Outcome::Failure,
    };
    let abandoned = vec![false; merged.rows.len()];
    report::write(
        &merged.plan,
        &merged.rows,
        &abandoned,
        &args.table.options(),
    )?;
    Ok(outcome)
}
