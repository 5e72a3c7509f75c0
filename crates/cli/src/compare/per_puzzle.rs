//! `compare --per-puzzle FILE`: one record per run (strategy, seed,
//! puzzle), as JSON Lines in the shape of `solve --format json`, or as CSV
//! (`solve`'s columns after a flat `strategy` label) when FILE ends in
//! `.csv`; for XCSP3 instances (`csp compare`), in the shape of `csp
//! solve`'s records.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use anyhow::{Context, Result};

use crate::instances::InstanceRecord;
use crate::records::SolveRecord;
use crate::records::columns::Tabular;

/// A run's per-puzzle record: a puzzle's as `solve` prints it, an
/// instance's as `csp solve` does.
#[derive(serde::Serialize)]
#[serde(untagged)]
pub enum RunRecord {
    Puzzle(Box<SolveRecord>),
    Instance(Box<InstanceRecord>),
}

/// The per-run file, in the format its extension asks for.
pub enum PerPuzzle {
    Json(BufWriter<File>),
    Csv(Box<csv::Writer<BufWriter<File>>>),
}

impl PerPuzzle {
    /// Creates `path` (before the run starts, so that a bad path fails at
    /// once), for the records of XCSP3 instances if `instances`, else of
    /// puzzles.
    pub fn create(path: &Path, instances: bool) -> Result<PerPuzzle> {
        let file = BufWriter::new(
            File::create(path).with_context(|| format!("cannot create {}", path.display()))?,
        );
        let is_csv = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
        Ok(if is_csv {
            let mut w = csv::Writer::from_writer(file);
            let mut header = vec!["strategy"];
            header.extend(match instances {
                true => InstanceRecord::csv_header(),
                false => SolveRecord::csv_header(),
            });
            w.write_record(&header)?;
            PerPuzzle::Csv(Box::new(w))
        } else {
            PerPuzzle::Json(file)
        })
    }

    /// One run's record, labelled with its strategy.
    pub fn write(&mut self, label: &str, record: &RunRecord) -> Result<()> {
        match self {
            PerPuzzle::Json(w) => {
                serde_json::to_writer(&mut *w, record)?;
                writeln!(w)?;
            }
            PerPuzzle::Csv(w) => {
                let mut fields = vec![label.to_string()];
                fields.extend(match record {
                    RunRecord::Puzzle(r) => r.csv_fields(),
                    RunRecord::Instance(r) => r.csv_fields(),
                });
                w.write_record(&fields)?;
            }
        }
        Ok(())
    }

    pub fn flush(&mut self) -> Result<()> {
        match self {
            PerPuzzle::Json(w) => w.flush()?,
            PerPuzzle::Csv(w) => w.flush()?,
        }
        Ok(())
    }
}
