//! Output formats, one per file behind one trait.

mod csv;
mod json;
pub mod text;

use std::io::Write;

use anyhow::Result;

pub use self::csv::CsvReporter;
pub use self::json::JsonReporter;
pub use self::text::TextReporter;
use crate::cli::Format;
pub use crate::records::columns::Tabular;

/// A per-puzzle result that every format can print.
pub trait Row: Tabular + Sized {
    /// The text form (`quiet`: the shortest useful form).
    fn text(&self, quiet: bool) -> String;
}

/// Writes results in one format.
pub trait Reporter<R: Row> {
    /// One result.
    fn record(&mut self, out: &mut dyn Write, row: &R) -> Result<()>;
    /// After the last result: a closing summary, if the format has one.
    fn finish(&mut self, _out: &mut dyn Write, _summary: &str) -> Result<()> {
        Ok(())
    }
}

/// The reporter for a format.
pub fn reporter<R: Row>(format: Format, quiet: bool) -> Box<dyn Reporter<R>> {
    match format {
        Format::Text => Box::new(TextReporter::new(quiet)),
        Format::Json => Box::new(JsonReporter),
        Format::Csv => Box::new(CsvReporter::new()),
    }
}
