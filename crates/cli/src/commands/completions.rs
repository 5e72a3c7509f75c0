//! `sudoku completions SHELL`: a completion script generated from the
//! command line's definition (clap_complete), so it always offers the
//! subcommands and flags this binary has.

use std::io;

use anyhow::Result;
use clap::CommandFactory;

use super::Outcome;
use crate::cli::{Cli, CompletionsArgs};

pub fn completions(args: &CompletionsArgs) -> Result<Outcome> {
    let mut command = Cli::command();
    clap_complete::generate(args.shell, &mut command, "sudoku", &mut io::stdout().lock());
    Ok(Outcome::Success)
}
