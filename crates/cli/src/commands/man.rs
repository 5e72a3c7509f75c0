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

    #[test]
    fn name_lines_hold_no_backticks() {
        let command = plain_abouts(Cli::command());
        let mut page = Vec::new();
        clap_mangen::Man::new(command.clone())
            .render(&mut page)
            .unwrap();
        let page = String::from_utf8(page).unwrap();
        let name = page
            .split(".SH NAME\n")
            .nth(1)
            .unwrap()
            .lines()
            .next()
            .unwrap();
        assert_eq!(
            name,
            "sudoku \\- Solve Sudoku as a constraint problem and compare search heuristics"
        );
        for sub in command.get_subcommands() {
            let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
            assert!(!about.contains('`'), "{}: {about}", sub.get_name());
        }
    }
}
