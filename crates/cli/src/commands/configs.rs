//! `sudoku configs`.

use std::io::{self, Write};

use anyhow::Result;
use serde::Serialize;

use super::Outcome;
use crate::cli::{ConfigsArgs, ConfigsFormat as Format};
use crate::records::StrategyRecord;
use crate::records::columns::{Column, Columns};
use crate::strategy;

#[derive(Serialize)]
struct Preset {
    name: String,
    description: String,
    strategy: StrategyRecord,
}

pub fn configs(args: &ConfigsArgs) -> Result<Outcome> {
    let presets: Vec<Preset> = strategy::built_in()?
        .into_iter()
        .map(|s| Preset {
            name: s.name.clone(),
            description: s.description.clone(),
            strategy: StrategyRecord::of(&s),
        })
        .collect();
    let mut out = io::stdout().lock();
    match args.format {
        Format::Text => {
            let width = presets.iter().map(|p| p.name.len()).max().unwrap_or(0);
            for p in &presets {
                let s = &p.strategy;
                let chain = match s.engine {
                    // No chain: the solver's name in the three columns.
                    Some(engine) => format!("{engine:<14}"),
                    None => format!("{:<3} {:<2} {:<7}", s.cells, s.values, s.propagation),
                };
                writeln!(out, "{:<width$}  {chain}  {}", p.name, p.description)?;
            }
        }
        Format::Json => {
            for p in &presets {
                serde_json::to_writer(&mut out, p)?;
                writeln!(out)?;
            }
        }
        Format::Csv => {
            let mut w = csv::Writer::from_writer(&mut out);
            // Each column a JSON key of the preset.
            let mut columns = vec![Column::key("name"), Column::key("description")];
            columns.extend(StrategyRecord::columns());
            let columns = Columns::new(columns);
            w.write_record(columns.header())?;
            for p in &presets {
                w.write_record(columns.fields(p))?;
            }
            w.flush()?;
        }
    }
    out.flush()?;
    Ok(Outcome::Success)
}
