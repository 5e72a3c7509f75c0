//! JSON Lines: one object per puzzle.

use std::io::Write;

use anyhow::Result;

use super::{Reporter, Row};

/// One JSON object per line.
pub struct JsonReporter;

impl<R: Row> Reporter<R> for JsonReporter {
    fn record(&mut self, out: &mut dyn Write, row: &R) -> Result<()> {
        serde_json::to_writer(&mut *out, row)?;
        out.write_all(b"\n")?;
        Ok(())
    }
}
