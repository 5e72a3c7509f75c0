//! `sudoku man`: the manual page, generated from the command line's
//! definition (clap_mangen): the same words as `--help`.

use std::io::{self, Write};

use anyhow::{Context, Result};
use clap::CommandFactory;

use super::Outcome;
use crate::cli::{Cli, ManArgs};

pub fn man(args: &ManArgs) -> Result<Outcome> {
    let command = Cli::command();
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
