//! `sudoku merge`: the runs files of a comparison's shards put together,
//! as one process would have made them. The command and the Python
//! package (its `executor`) merge here.

use std::path::PathBuf;

use anyhow::{Result, bail};

use super::plan::{Plan, Shard};
use super::report::Tally;
use super::runs_file;
use super::stats::Accumulator;

/// The comparison the files hold together.
pub struct Merged {
    pub plan: Plan,
    /// Its rows' accumulated runs (strategy-major).
    pub rows: Vec<Accumulator>,
    /// What is wrong with the files together (a shard twice, runs
    /// repeated or missing): the table is still made of what they hold.
    pub problems: Vec<String>,
    /// What was dropped on the way (a last line cut short).
    pub notes: Vec<String>,
}

/// Reads the runs files `files` (at least one) of one comparison: every
/// file's heading first (files of another comparison are refused before
/// any run is read), then their runs.
pub fn merge(files: &[PathBuf]) -> Result<Merged> {
    if files.is_empty() {
        bail!("no runs files to merge");
    }
    let mut notes = Vec::new();
    // Every file's heading first: one comparison, or nothing is read.
    let mut headings = Vec::new();
    for path in files {
        headings.push(runs_file::heading(path)?);
    }
    let plan: Plan = headings[0].plan.clone();
    let first = files[0].display();
    for (path, heading) in files.iter().zip(&headings).skip(1) {
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
    for path in files {
        let name = path.display().to_string();
        let back = runs_file::read(path, |unit_run| {
            if !tally.add_read(&unit_run)? {
                repeated += 1;
            }
            Ok(())
        })?;
        if back.truncated {
            notes.push(format!(
                "note: {name}: its last line was cut short (the process stopped while writing it); dropped: `compare --resume {name}` makes that run again"
            ));
        }
        shards.push((back.heading.shard, name));
    }
    let mut problems = Vec::new();
    for (i, (shard, name)) in shards.iter().enumerate() {
        if let Some((_, other)) = (shards[..i].iter()).find(|(s, _)| s.is_some() && s == shard) {
            problems.push(format!(
                "{name} and {other} hold the same shard ({})",
                shard.map_or(String::new(), |s| s.to_string())
            ));
        }
    }
    if repeated > 0 {
        problems.push(format!(
            "{repeated} runs appear more than once (each counted once)"
        ));
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
        problems.push(format!(
            "{missing} of the comparison's {} runs are missing (a shard not run or not finished: `compare --resume FILE` finishes it), in {}{more}",
            done.len(),
            lacking[..shown].join(", ")
        ));
    }
    Ok(Merged {
        plan,
        rows: tally.rows,
        problems,
        notes,
    })
}
