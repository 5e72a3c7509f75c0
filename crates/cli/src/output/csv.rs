//! CSV: a header, then one row per puzzle (nested fields flattened).

use std::io::Write;

use anyhow::Result;

use super::{Reporter, Row};

/// Writes the header before the first row.
pub struct CsvReporter {
    header_written: bool,
}

impl CsvReporter {
    pub fn new() -> CsvReporter {
        CsvReporter {
            header_written: false,
        }
    }
}

impl<R: Row> Reporter<R> for CsvReporter {
    fn record(&mut self, out: &mut dyn Write, row: &R) -> Result<()> {
        let mut w = csv::Writer::from_writer(out);
        if !self.header_written {
            w.write_record(R::csv_header())?;
            self.header_written = true;
        }
        w.write_record(row.csv_fields())?;
        w.flush()?;
        Ok(())
    }

    fn finish(&mut self, out: &mut dyn Write, _summary: &str) -> Result<()> {
        if !self.header_written {
            let mut w = csv::Writer::from_writer(out);
            w.write_record(R::csv_header())?;
            w.flush()?;
        }
        Ok(())
    }
}
