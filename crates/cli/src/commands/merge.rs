//! `sudoku merge`: the runs files of a comparison's shards put together.

use anyhow::{Result, bail};

use super::Outcome;
use crate::cli::MergeArgs;
use crate::compare::plan::{Plan, Shard};
use crate::compare::report::{self, Tally};
use crate::compare::{plot, runs_file};

pub fn merge(args: &MergeArgs) -> Result<Outcome> {
    if let Some(path) = &args.table.plot {
        plot::check_path(path)?;
    }
    // Every file's heading first: one comparison, or nothing is read.
    let mut headings = Vec::new();
    for path in &args.files {
        headings.push(runs_file::heading(path)?);
    }
    let plan: Plan = headings[0].plan.clone();
    let first = args.files[0].display();
    for (path, heading) in args.files.iter().zip(&headings).skip(1) {
        if let Some(d) = plan.difference(&heading.plan) {
            bail!(
                "{} is not a runs file of the comparison of {first}: {d}",
                path.display()
            );
        }
    }
    let mut tally = Tally::new(&plan);
    let mut repeated = 0u64;
    let mut shards: Vec<(Option<Shard>, String)> = Vec::new();
    for path in &args.files {
        let name = path.display().to_string();
        let back = runs_file::read(path, |unit_run| {
            if !tally.add_read(&unit_run)? {
                repeated += 1;
            }
            Ok(())
        })?;
        if back.truncated {
            crate::diagnostics::line(&format!(
                "sudoku: note: {name}: its last line was cut short (the process stopped while writing it); dropped: `compare --resume {name}` makes that run again"
            ));
        }
        shards.push((back.heading.shard, name));
    }
    let mut outcome = Outcome::Success;
    for (i, (shard, name)) in shards.iter().enumerate() {
        if let Some((_, other)) = (shards[..i].iter()).find(|(s, _)| s.is_some() && s == shard) {
            crate::diagnostics::line(&format!(
                "sudoku: {name} and {other} hold the same shard ({})",
                shard.map_or(String::new(), |s| s.to_string())
            ));
            outcome = Outcome::Failure;
        }
    }
    if repeated > 0 {
        crate::diagnostics::line(&format!(
            "sudoku: {repeated} runs appear more than once (each counted once)"
        ));
        outcome = Outcome::Failure;
    }
    let done = &tally.done;
    let missing = done.len() - done.count_ones(..);
    if missing > 0 {
        // Which rows lack runs, so the missing shard can be found.
        let mut lacking: Vec<String> = Vec::new();
        for group in &tally.groups {
            let have = done.count_ones(group.first as usize..(group.first + group.len) as usize);
            if have < group.len as usize {
                let row = format!(
                    "{} on {}",
                    plan.strategies[group.strategy].label, plan.sets[group.set].name
                );
                if !lacking.contains(&row) {
                    lacking.push(row);
                }
            }
        }
        let shown = lacking.len().min(5);
        let more = match lacking.len() - shown {
            0 => String::new(),
            n => format!(" and {n} more rows"),
        };
        crate::diagnostics::line(&format!(
            "sudoku: {missing} of the comparison's {} runs are missing (a shard not run or not finished: `compare --resume FILE` finishes it), in {}{more}",
            done.len(),
            lacking[..shown].join(", ")
        ));
        outcome = Outcome::Failure;
    }
    let abandoned = vec![false; tally.rows.len()];
    report::write(&plan, &tally.rows, &abandoned, &args.table.options())?;
    Ok(outcome)
}
