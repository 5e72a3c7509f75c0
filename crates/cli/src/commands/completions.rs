//! `sudoku completions SHELL`: a completion script generated from the
//! command line's definition (clap_complete), so it always offers the
//! subcommands and flags this binary has. Level flags complete the levels,
//! and `--config` both the preset names and file names (it takes either):
//! clap's scripts offer the names only, so the line for `--config` is
//! widened here.

use std::io::{self, Write};

use anyhow::Result;
use clap::CommandFactory;
use clap_complete::Shell;

use super::Outcome;
use crate::cli::{Cli, CompletionsArgs};

pub fn completions(args: &CompletionsArgs) -> Result<Outcome> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "sudoku", &mut script);
    let script = String::from_utf8_lossy(&script);
    io::stdout()
        .lock()
        .write_all(with_files_for_config(args.shell, &script).as_bytes())?;
    Ok(Outcome::Success)
}

/// `script` with `--config` completing file names beside the preset names.
fn with_files_for_config(shell: Shell, script: &str) -> String {
    let mut out = String::with_capacity(script.len() + 1024);
    let mut after_config = false;
    for line in script.split_inclusive('\n') {
        let widened = match shell {
            Shell::Bash if after_config && line.contains("compgen -W") => Some(line.replacen(
                "-- \"${cur}\"))",
                "-- \"${cur}\") $(compgen -f -- \"${cur}\"))",
                1,
            )),
            Shell::Fish if line.contains(" -l config ") => {
                Some(line.replacen(" -r -f -a ", " -r -F -a ", 1))
            }
            Shell::Zsh if line.contains("--config=[") => widen_zsh(line),
            _ => None,
        };
        after_config = shell == Shell::Bash && line.trim() == "--config)";
        out.push_str(widened.as_deref().unwrap_or(line));
    }
    out
}

/// A zsh spec `...:NAME|PATH:(a b c)'`: the names, then the files.
fn widen_zsh(line: &str) -> Option<String> {
    let start = line.find(":NAME|PATH:(")? + ":NAME|PATH:".len();
    let end = start + line[start..].find(')')?;
    let names = &line[start + 1..end];
    Some(format!(
        "{}{{compadd -- {names}; _files}}{}",
        &line[..start],
        &line[end + 1..]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn script(shell: Shell) -> String {
        let mut script = Vec::new();
        clap_complete::generate(shell, &mut Cli::command(), "sudoku", &mut script);
        with_files_for_config(shell, &String::from_utf8(script).unwrap())
    }

    #[test]
    fn config_completes_presets_and_files_in_every_shell() {
        let names = "default naive mrv norvig fewest-guesses adaptive wdeg wdeg-gac wdeg-gac-links lcg scheduling fastest portfolio";
        let bash = script(Shell::Bash);
        let widened = format!(
            "COMPREPLY=($(compgen -W \"{names}\" -- \"${{cur}}\") $(compgen -f -- \"${{cur}}\"))"
        );
        // solve, count, compare, rate ... each take --config.
        assert!(bash.matches(&widened).count() >= 3, "{bash}");
        let fish = script(Shell::Fish);
        let config_lines: Vec<&str> = fish.lines().filter(|l| l.contains(" -l config ")).collect();
        assert!(!config_lines.is_empty());
        assert!(
            config_lines.iter().all(|l| l.contains(" -r -F -a ")),
            "{config_lines:?}"
        );
        let zsh = script(Shell::Zsh);
        assert!(
            zsh.contains(&format!(":NAME|PATH:{{compadd -- {names}; _files}}'")),
            "{zsh}"
        );
        assert!(!zsh.contains(":NAME|PATH:("));
    }

    #[test]
    fn level_flags_complete_the_levels() {
        let bash = script(Shell::Bash);
        assert!(bash.contains("compgen -W \"none fc singles locked gac probing\""));
        assert!(bash.contains("compgen -W \"none fc singles locked gac probing all\""));
    }
}
