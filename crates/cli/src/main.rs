//! The `sudoku` command: solve, count, show candidates, list presets.
#![forbid(unsafe_code)]

mod cli;
mod commands;
mod output;
mod watch;

use std::process::ExitCode;

use clap::Parser;
use sudoku_cli::{
    answering, candidates, compare, diagnostics, explaining, generating, heatmap, input, picture,
    rating, records, runner, serve, solving, strategy, trace_file,
};

use crate::cli::{Cli, Command};
use crate::commands::Outcome;

fn main() -> ExitCode {
    match run() {
        Ok(outcome) => ExitCode::from(outcome as u8),
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            diagnostics::line(&format!("sudoku: error: {err:#}"));
            ExitCode::from(Outcome::Invalid as u8)
        }
    }
}

fn run() -> anyhow::Result<Outcome> {
    let cli = Cli::parse();
    match &cli.command {
        Command::Solve(args) => commands::solve(args),
        Command::Count(args) => commands::count(args),
        Command::Candidates(args) => commands::candidates(args),
        Command::Explain(args) => commands::explain(args),
        Command::Render(args) => commands::render(args),
        Command::Configs(args) => commands::configs(args),
        Command::Compare(args) => commands::compare(args),
        Command::Merge(args) => commands::merge(args),
        Command::Generate(args) => commands::generate(args),
        Command::Rate(args) => commands::rate(args),
        Command::Serve(args) => commands::serve(args),
        Command::Csp(command) => commands::csp(command),
        Command::Completions(args) => commands::completions(args),
        Command::Man(args) => commands::man(args),
    }
}

/// A closed pipe (`sudoku solve ... | head`) ends the run quietly.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            || e.downcast_ref::<csv::Error>().is_some_and(|c| {
                matches!(c.kind(), csv::ErrorKind::Io(io) if io.kind() == std::io::ErrorKind::BrokenPipe)
            })
            || e.downcast_ref::<serde_json::Error>()
                .is_some_and(|j| j.io_error_kind() == Some(std::io::ErrorKind::BrokenPipe))
    })
}
