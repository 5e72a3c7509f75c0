//! f-puzzles documents as rule elements see them: each element reads its
//! entries from a [`FpuzzlesDocument`] and writes them to a
//! [`FpuzzlesWriter`]. The whole document (grid, solution, title, the
//! element list) is read and written in [`formats`](crate::formats).

use serde_json::{Map, Value, json};

use super::{Element, RulesError, cell_name, parse_cell};
use crate::GridSize;

/// One object of a list, with its name for errors (`killercage 3`).
pub type Entry<'a> = (String, &'a Map<String, Value>);

/// An f-puzzles document being read: the JSON object and the grid's side.
pub struct FpuzzlesDocument {
    object: Map<String, Value>,
    side: usize,
}

impl FpuzzlesDocument {
    /// The document `object` of a grid of side `side`.
    pub(crate) fn new(object: Map<String, Value>, side: usize) -> FpuzzlesDocument {
        FpuzzlesDocument { object, side }
    }

    /// The JSON object.
    pub(crate) fn object(&self) -> &Map<String, Value> {
        &self.object
    }

    /// An empty document of side `side`, for tests.
    #[cfg(test)]
    pub(crate) fn for_tests(side: usize) -> FpuzzlesDocument {
        FpuzzlesDocument {
            object: Map::new(),
            side,
        }
    }

    /// The grid's side.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Whether the flag `key` is set (`"antiknight": true`).
    pub fn flag(&self, key: &str) -> bool {
        self.object.get(key).and_then(Value::as_bool) == Some(true)
    }

    /// The element `make` builds if the flag `key` is set, else none: how
    /// a global rule reads itself (`"antiking": true`).
    pub fn flagged(
        &self,
        key: &str,
        make: fn() -> Box<dyn Element>,
    ) -> Result<Vec<Box<dyn Element>>, RulesError> {
        match self.object.get(key) {
            None | Some(Value::Null) | Some(Value::Bool(_)) => {}
            Some(other) => {
                return Err(RulesError::Invalid {
                    element: key.to_string(),
                    what: format!("must be true or false, not {other}"),
                });
            }
        }
        Ok(if self.flag(key) { vec![make()] } else { vec![] })
    }

    /// Whether `negative` lists `name` ("all dots are given" rules).
    pub fn negative(&self, name: &str) -> bool {
        (self.object.get("negative").and_then(Value::as_array))
            .is_some_and(|list| list.iter().any(|v| v.as_str() == Some(name)))
    }

    /// The cells of the grid that carry `key` (`givenPencilMarks`), with
    /// its value, in reading order.
    pub fn grid_field(&self, key: &str) -> Vec<(usize, &Value)> {
        let rows = self.object.get("grid").and_then(Value::as_array);
        (rows.into_iter().flatten().enumerate())
            .flat_map(|(r, row)| {
                (row.as_array().into_iter().flatten().enumerate()).filter_map(move |(c, cell)| {
                    Some((r * self.side + c, cell.as_object()?.get(key)?))
                })
            })
            .filter(|(_, v)| !v.is_null())
            .collect()
    }

    /// The objects of the list `key`, each with its name for errors
    /// (`killercage 3`, from 1). No list: none.
    pub fn entries(&self, key: &str) -> Result<Vec<Entry<'_>>, RulesError> {
        let Some(value) = self.object.get(key) else {
            return Ok(Vec::new());
        };
        let list = value
            .as_array()
            .ok_or_else(|| RulesError::Format(format!("`{key}` must be a list")))?;
        (list.iter().enumerate())
            .map(|(i, v)| {
                let name = format!("{key} {}", i + 1);
                let object = v.as_object().ok_or_else(|| RulesError::Invalid {
                    element: name.clone(),
                    what: "must be an object".into(),
                })?;
                Ok((name, object))
            })
            .collect()
    }

    /// The cells of the list `field` of `entry` (`["R1C1", "R1C2"]`).
    pub fn cells(
        &self,
        name: &str,
        entry: &Map<String, Value>,
        field: &str,
    ) -> Result<Vec<usize>, RulesError> {
        let invalid = |what: String| RulesError::Invalid {
            element: name.to_string(),
            what,
        };
        let list = (entry.get(field).and_then(Value::as_array))
            .ok_or_else(|| invalid(format!("needs `{field}`, a list of cells")))?;
        list.iter().map(|v| self.cell_of(name, v)).collect()
    }

    /// One cell (`"R1C1"`).
    pub fn cell_of(&self, name: &str, value: &Value) -> Result<usize, RulesError> {
        let text = value.as_str().ok_or_else(|| RulesError::Invalid {
            element: name.to_string(),
            what: format!("{value} is not a cell name"),
        })?;
        parse_cell(text, self.side).map_err(|e| RulesError::Invalid {
            element: name.to_string(),
            what: e.to_string(),
        })
    }

    /// The lists of cells of `lines` (`[["R1C1", "R1C2"], ...]`).
    pub fn lines(
        &self,
        name: &str,
        entry: &Map<String, Value>,
    ) -> Result<Vec<Vec<usize>>, RulesError> {
        let lines =
            (entry.get("lines").and_then(Value::as_array)).ok_or_else(|| RulesError::Invalid {
                element: name.to_string(),
                what: "needs `lines`, a list of lists of cells".into(),
            })?;
        lines
            .iter()
            .map(|line| {
                let cells = line.as_array().ok_or_else(|| RulesError::Invalid {
                    element: name.to_string(),
                    what: "each line must be a list of cells".into(),
                })?;
                cells.iter().map(|v| self.cell_of(name, v)).collect()
            })
            .collect()
    }

    /// The `value` of `entry` as a number (`"23"` or `23`), if present.
    pub fn number(
        &self,
        name: &str,
        entry: &Map<String, Value>,
    ) -> Result<Option<i64>, RulesError> {
        match entry.get("value") {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(Value::String(s)) => s.trim().parse().map(Some).map_err(|_| RulesError::Invalid {
                element: name.to_string(),
                what: format!("value {s:?} is not a number"),
            }),
            Some(Value::Number(n)) => n.as_i64().map(Some).ok_or_else(|| RulesError::Invalid {
                element: name.to_string(),
                what: format!("value {n} is not a whole number"),
            }),
            Some(other) => Err(RulesError::Invalid {
                element: name.to_string(),
                what: format!("value {other} is not a number"),
            }),
        }
    }
}

/// An f-puzzles document being written.
pub struct FpuzzlesWriter {
    object: Map<String, Value>,
    size: GridSize,
}

impl FpuzzlesWriter {
    /// A document for a grid of `size`, no givens, its boxes as regions.
    pub(crate) fn new(size: GridSize) -> FpuzzlesWriter {
        let mut object = Map::new();
        object.insert("size".into(), json!(size.side()));
        FpuzzlesWriter { object, size }
    }

    /// The grid's size.
    pub fn size(&self) -> GridSize {
        self.size
    }

    /// Sets the flag `key` (`"antiknight": true`).
    pub fn flag(&mut self, key: &str) {
        self.object.insert(key.into(), Value::Bool(true));
    }

    /// Appends `entry` to the list `key` (`killercage`, `thermometer`).
    pub fn push(&mut self, key: &str, entry: Value) {
        let list = self
            .object
            .entry(key)
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(list) = list {
            list.push(entry);
        }
    }

    /// Adds `name` to the `negative` list ("all dots are given").
    pub fn negative(&mut self, name: &str) {
        self.push("negative", Value::String(name.into()));
    }

    /// Sets `key` on the grid's cell `cell` (`givenPencilMarks`).
    pub fn cell_field(&mut self, cell: usize, key: &str, value: Value) {
        let n = self.size.side();
        let grid = self.object.get_mut("grid").and_then(Value::as_array_mut);
        let row = grid
            .and_then(|g| g.get_mut(cell / n))
            .and_then(Value::as_array_mut);
        if let Some(Value::Object(c)) = row.and_then(|r| r.get_mut(cell % n)) {
            c.insert(key.into(), value);
        }
    }

    /// The names of `cells` as f-puzzles writes them (`["R1C1", "R1C2"]`).
    pub fn cells(&self, cells: &[usize]) -> Value {
        let side = self.size.side();
        Value::Array(
            (cells.iter())
                .map(|&c| Value::String(cell_name(c, side).to_uppercase()))
                .collect(),
        )
    }

    /// Sets `key` of the document (`grid`, `solution`, `title`).
    pub(crate) fn insert(&mut self, key: &str, value: Value) {
        self.object.insert(key.into(), value);
    }

    /// The document written.
    pub(crate) fn into_value(self) -> Value {
        Value::Object(self.object)
    }
}
