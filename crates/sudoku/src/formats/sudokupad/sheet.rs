//! The f-puzzles document being built from SudokuPad data, shared by the
//! readers of [`shapes`](super::shapes) and [`lines`](super::lines).

use serde_json::{Map, Value, json};

use super::geometry::Cell;

/// The document being built, the shapes read as no rule, and which
/// overlays and underlays some rule has used.
pub(super) struct Sheet<'a> {
    /// The grid's side.
    pub n: usize,
    pub doc: Map<String, Value>,
    pub unknown: Vec<String>,
    pub overlays: Vec<&'a Map<String, Value>>,
    pub underlays: Vec<&'a Map<String, Value>>,
    pub used_over: Vec<bool>,
    pub used_under: Vec<bool>,
}

impl Sheet<'_> {
    /// Appends `entry` to the document's list `key`.
    pub fn push(&mut self, key: &str, entry: Value) {
        let list = self.doc.entry(key).or_insert_with(|| json!([]));
        if let Value::Array(list) = list {
            list.push(entry);
        }
    }

    /// Whether a cell lies in the grid.
    pub fn inside(&self, (r, c): Cell) -> bool {
        r >= 0 && c >= 0 && (r as usize) < self.n && (c as usize) < self.n
    }
}
