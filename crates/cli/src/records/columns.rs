//! A record's CSV row, read off its JSON object: each record has one list
//! of columns, and each column names the JSON key (or path of keys, such
//! as `stats.placements`) it shows. The header is the list's names, a row
//! the values at the list's paths, so a CSV column is always a JSON key
//! of the same record: the two formats cannot drift apart.
//!
//! A value is written as JSON writes it, except: `null` or a missing key
//! is an empty field, a string goes without quotes, and the columns that
//! hold a list or a map say how they join it ([`Cell`]).

use std::sync::LazyLock;

use serde::Serialize;
use serde_json::Value;

/// How a column writes its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A number, a string or a boolean, as it is.
    Plain,
    /// As [`Cell::Plain`], this text when the key is absent.
    Or(&'static str),
    /// A list of strings joined by spaces.
    Words,
    /// A list: how many items it holds.
    Length,
    /// A map written `key:value`, joined by spaces, numeric keys in
    /// increasing order.
    Pairs,
    /// A list of lists of numbers: each inner list joined by `,` (`-`
    /// when empty), the lists joined by spaces.
    Lists,
}

/// One CSV column: its header and the JSON path it shows.
#[derive(Clone, Debug)]
pub struct Column {
    /// The CSV header.
    pub header: String,
    /// The keys leading to its value in the record's JSON object.
    pub path: Vec<String>,
    /// How the value is written.
    pub cell: Cell,
}

impl Column {
    /// The column of the top-level key `key`, written as it is.
    pub fn key(key: &str) -> Column {
        Column::at(key, &[key])
    }

    /// The column `header` showing the value at `path`.
    pub fn at(header: &str, path: &[&str]) -> Column {
        Column {
            header: header.to_string(),
            path: path.iter().map(|k| k.to_string()).collect(),
            cell: Cell::Plain,
        }
    }

    /// The same column, its value written as `cell` says.
    pub fn written(self, cell: Cell) -> Column {
        Column { cell, ..self }
    }

    /// Its value in `object`, if the path leads to one.
    fn value<'a>(&self, object: &'a Value) -> Option<&'a Value> {
        (self.path.iter()).try_fold(object, |v, key| v.get(key))
    }

    /// The field of this column in `object`.
    fn field(&self, object: &Value) -> String {
        match (self.value(object), self.cell) {
            (None, Cell::Or(text)) => text.to_string(),
            (None | Some(Value::Null), _) => String::new(),
            (Some(v), Cell::Plain | Cell::Or(_)) => plain(v),
            (Some(v), Cell::Words) => {
                let words: Vec<String> = items(v).iter().map(plain).collect();
                words.join(" ")
            }
            (Some(v), Cell::Length) => items(v).len().to_string(),
            (Some(Value::Object(map)), Cell::Pairs) => {
                let mut pairs: Vec<(&String, &Value)> = map.iter().collect();
                pairs.sort_by_key(|(k, _)| k.parse::<u64>().ok());
                let pairs: Vec<String> = (pairs.iter())
                    .map(|(k, v)| format!("{k}:{}", plain(v)))
                    .collect();
                pairs.join(" ")
            }
            (Some(v), Cell::Pairs) => plain(v),
            (Some(v), Cell::Lists) => {
                let lists: Vec<String> = (items(v).iter())
                    .map(|list| match items(list) {
                        [] => "-".to_string(),
                        numbers => {
                            let numbers: Vec<String> = numbers.iter().map(plain).collect();
                            numbers.join(",")
                        }
                    })
                    .collect();
                lists.join(" ")
            }
        }
    }
}

/// The items of a list (none for anything else).
fn items(v: &Value) -> &[Value] {
    v.as_array().map_or(&[], Vec::as_slice)
}

/// A value as a CSV field: a string without quotes, anything else as JSON
/// writes it.
fn plain(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// A record's columns, in CSV order.
#[derive(Clone, Debug)]
pub struct Columns(Vec<Column>);

impl Columns {
    /// The columns `list`.
    pub fn new(list: Vec<Column>) -> Columns {
        Columns(list)
    }

    /// The CSV header.
    pub fn header(&self) -> Vec<&str> {
        self.0.iter().map(|c| c.header.as_str()).collect()
    }

    /// The CSV fields of `record`, from its JSON object.
    pub fn fields(&self, record: &impl Serialize) -> Vec<String> {
        let object = serde_json::to_value(record).unwrap_or(Value::Null);
        self.0.iter().map(|c| c.field(&object)).collect()
    }

    /// The headers of the columns whose path `record`'s JSON object does
    /// not hold (a key absent or `null` on the way), to test the lists.
    pub fn absent(&self, record: &impl Serialize) -> Vec<&str> {
        let object = serde_json::to_value(record).unwrap_or(Value::Null);
        (self.0.iter())
            .filter(|c| c.value(&object).is_none_or(Value::is_null))
            .map(|c| c.header.as_str())
            .collect()
    }
}

/// A record type's columns, made once.
pub type Lazy = LazyLock<Columns>;

/// A record whose CSV row is read off its JSON object.
pub trait Tabular: Serialize {
    /// Its columns.
    fn columns() -> &'static Columns;

    /// The CSV header.
    fn csv_header() -> Vec<&'static str> {
        Self::columns().header()
    }

    /// The CSV fields of this record.
    fn csv_fields(&self) -> Vec<String>
    where
        Self: Sized,
    {
        Self::columns().fields(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn fields_are_written_as_their_cells_say() {
        let record = json!({
            "file": "-", "line": 3, "ok": true, "none": null,
            "stats": {"placements": 12, "space": "1234567890123456789012"},
            "words": ["12", "3", ""],
            "steps": [{}, {}],
            "sizes": {"10": 1, "2": 5, "3": 0},
            "counts": [[], [1, 2], [8]],
        });
        let columns = Columns::new(vec![
            Column::key("file"),
            Column::key("line"),
            Column::key("ok"),
            Column::key("none"),
            Column::key("missing"),
            Column::key("engine").written(Cell::Or("engine")),
            Column::at("placements", &["stats", "placements"]),
            Column::at("space", &["stats", "space"]),
            Column::at("rule_runs", &["stats", "rules", "fc", "runs"]),
            Column::key("words").written(Cell::Words),
            Column::key("steps").written(Cell::Length),
            Column::key("sizes").written(Cell::Pairs),
            Column::key("counts").written(Cell::Lists),
        ]);
        assert_eq!(
            columns.fields(&record),
            [
                "-",
                "3",
                "true",
                "",
                "",
                "engine",
                "12",
                "1234567890123456789012",
                "",
                "12 3 ",
                "2",
                "2:5 3:0 10:1",
                "- 1,2 8"
            ]
        );
    }
}
