//! `sudoku man`: the manual page, generated from the command line's
//! definition (clap_mangen): the same words as `--help`.

use std::io::{self, Write};

use anyhow::{Context, Result};
use clap::CommandFactory;

use super::Outcome;
use crate::cli::{Cli, ManArgs};

pub fn man(args: &ManArgs) -> Result<Outcome> {
    let command = plain_abouts(Cli::command());
    match &args.dir {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            clap_mangen::generate_to(command, dir)
                .with_context(|| format!("cannot write the pages into {}", dir.display()))?;
        }
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command).render(&mut page)?;
            io::stdout().lock().write_all(&page)?;
        }
    }
    Ok(Outcome::Success)
}

/// `command` with no backticks in its and its subcommands' one-line
/// descriptions: a page's NAME line (what `whatis` and `apropos` show)
/// is plain text, where roff would print the backticks.
fn plain_abouts(command: clap::Command) -> clap::Command {
    let about = command.get_about().map(|a| a.to_string().replace('`', ""));
    let mut command = match about {
        Some(about) => command.about(about),
        None => command,
    };
    let names: Vec<String> = (command.get_subcommands())
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        command = command.mut_subcommand(name, plain_abouts);
    }
    command
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The top page's NAME line is checked on the binary's output
    /// (tests/papercuts.rs); here every subcommand's.
    #[test]
    fn name_lines_hold_no_backticks() {
        let command = plain_abouts(Cli::command());
        for sub in command.get_subcommands() {
            let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
            assert!(!about.contains('`'), "{}: {about}", sub.get_name());
        }
        // Some did before.
        assert!(
            (Cli::command().get_subcommands())
                .any(|s| s.get_about().is_some_and(|a| a.to_string().contains('`')))
        );
    }
}
