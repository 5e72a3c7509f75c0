//! JSON Lines: one object per row, with everything that reproduces it.

use super::{Exporter, Meta};
use crate::compare::stats::Row;

pub struct JsonExporter;

impl Exporter for JsonExporter {
    fn export(&self, rows: &[Row], _meta: &Meta) -> String {
        rows.iter()
            .map(|r| serde_json::to_string(r).expect("rows serialize") + "\n")
            .collect()
    }
}
