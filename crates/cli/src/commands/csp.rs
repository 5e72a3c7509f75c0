//! `sudoku csp solve` and `sudoku csp count`: XCSP3 instances through
//! the engine, one record per file in the order given.

use std::io::{self, Write};

use anyhow::{Result, bail};
use rayon::prelude::*;
use sudoku_cli::instances::{InstanceRecord, run_instance};
use sudoku_cli::records::columns::Tabular;
use sudoku_cli::trace_file::TraceFile;
use sudoku_cli::trace_file::jsonl::Jsonl;

use super::Outcome;
use crate::cli::{CspArgs, CspCommand, Format};
use crate::strategy::{self, Engine, Strategy};

/// Runs `sudoku csp ...`.
pub fn csp(command: &CspCommand) -> Result<Outcome> {
    match command {
        CspCommand::Solve(args) => run(args, Some(1)),
        CspCommand::Count(args) => run(&args.run, args.limit.max_solutions()),
        CspCommand::Compare(args) => super::compare::csp_compare(args),
    }
}

fn run(args: &CspArgs, max_solutions: Option<u64>) -> Result<Outcome> {
    let overrides = args.strategy.overrides();
    let strategy = one_search(&strategy::resolve(&overrides)?)?;
    // Nothing of the search named: models of wide variables take the
    // scheduling preset.
    let wide = strategy::for_wide_models(&overrides)?;
    let wide = wide.as_ref();
    let jobs = args
        .output
        .jobs
        .filter(|&n| n > 0)
        .unwrap_or_else(rayon::current_num_threads);
    let records: Vec<InstanceRecord> = match &args.trace {
        Some(path) => {
            let trace = TraceFile::create(path, args.trace_limit, Box::new(Jsonl))?;
            let records = (args.files.iter())
                .map(|file| run_instance(file, &strategy, wide, max_solutions, Some(&trace), None))
                .collect();
            trace.finish()?;
            records
        }
        None => {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
            pool.install(|| {
                (args.files.par_iter())
                    .map(|file| run_instance(file, &strategy, wide, max_solutions, None, None))
                    .collect()
            })
        }
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let format = args.output.format;
    let quiet = args.output.quiet && format == Format::Text;
    let mut csv = (format == Format::Csv).then(|| csv::Writer::from_writer(Vec::new()));
    if let Some(w) = &mut csv {
        w.write_record(InstanceRecord::csv_header())?;
    }
    for r in &records {
        match format {
            Format::Json => writeln!(out, "{}", serde_json::to_string(r)?)?,
            Format::Csv => {
                let w = csv.as_mut().expect("a CSV writer for CSV");
                w.write_record(r.csv_fields())?;
            }
            Format::Text if quiet => writeln!(out, "{}", r.quiet_line())?,
            Format::Text => {
                writeln!(out, "{}", r.summary())?;
                if let (Some(solution), Some(1)) = (&r.instantiation, max_solutions) {
                    writeln!(out, "  {solution}")?;
                }
            }
        }
    }
    if let Some(w) = csv {
        out.write_all(&w.into_inner()?)?;
    }
    let invalid = records.iter().filter(|r| r.status == "invalid").count();
    let stopped = (records.iter())
        .filter(|r| r.status != "invalid" && !r.answered())
        .count();
    if format == Format::Text && !quiet {
        let answered = records.len() - invalid - stopped;
        writeln!(
            out,
            "total: {} ({answered} answered, {stopped} stopped by a limit, {invalid} not read)",
            sudoku_cli::words::count(records.len() as u64, "instance")
        )?;
    }
    out.flush()?;
    Ok(if invalid > 0 {
        Outcome::Invalid
    } else if stopped > 0 {
        Outcome::Failure
    } else {
        Outcome::Success
    })
}

/// The strategy's one engine search: the bitboard solver and portfolios
/// are refused by name.
fn one_search(strategy: &Strategy) -> Result<Strategy> {
    if strategy.engine == Engine::Bitboard {
        bail!(
            "the preset `{}` runs the bitboard solver, which takes Sudoku grids only: choose an engine preset",
            strategy.name
        );
    }
    strategy.one_search("an XCSP3 instance")?;
    if strategy.search.links {
        bail!(sudoku_cli::instances::LINKS_REFUSED);
    }
    Ok(strategy.clone())
}
