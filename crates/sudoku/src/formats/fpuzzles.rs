//! f-puzzles documents: the JSON that f-puzzles.com exports and SudokuPad
//! imports, and the LZ-string compressed base64 form found in links. The
//! grid, the solution and the title are read here; each rule element reads
//! its own entries (through the [`registry`](crate::rules::registry)).

use serde_json::Value;

use super::VariantPuzzle;
use crate::rules::registry::REGISTRY;
use crate::rules::{About, Element, FpuzzlesDocument, Rules, RulesError};
use crate::{GridSize, Puzzle};

/// Entries that say nothing about the rules (titles, settings).
const META: &[&str] = &[
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "highlightConflicts",
];

/// Drawings with no rule of their own, SudokuPad's fog of war (it hides
/// cells but changes no rule) and the f-puzzles solver's settings
/// (`disabledlogic`, `truecandidatesoptions`): skipped with a note. `cage` entries
/// are drawings too unless valued `DR<n>` (digital-root cages).
const COSMETIC: &[&str] = &[
    "line",
    "circle",
    "rectangle",
    "text",
    "fogofwar",
    "foglight",
    "disabledlogic",
    "truecandidatesoptions",
];

impl VariantPuzzle {
    /// Reads an f-puzzles document (JSON text).
    pub fn from_json(text: &str) -> Result<VariantPuzzle, RulesError> {
        let value: Value =
            serde_json::from_str(text).map_err(|e| RulesError::Format(e.to_string()))?;
        VariantPuzzle::from_value(value)
    }

    pub(crate) fn from_value(value: Value) -> Result<VariantPuzzle, RulesError> {
        let Value::Object(object) = value else {
            return Err(RulesError::Format("expected a JSON object".into()));
        };
        let side = (object.get("size").and_then(Value::as_u64))
            .ok_or_else(|| RulesError::Format("`size` (the grid's side) is missing".into()))?
            as usize;
        if !(4..=16).contains(&side) {
            return Err(RulesError::Size(format!(
                "size {side} is not supported: f-puzzles grids are 4 to 16 cells wide"
            )));
        }
        // Sides without a box shape (5, 7, 11, 13) have no boxes: rows,
        // columns and the regions the grid gives, if any.
        let size = GridSize::from_side(side)
            .or_else(|| GridSize::without_boxes(side))
            .expect("4 to 16");
        let doc = FpuzzlesDocument::new(object, side);
        let (givens, regions) = read_grid(&doc, size)?;
        let mut skipped = Vec::new();
        let known = rule_keys();
        let drawn_cages = (doc.entries("cage")?.iter())
            .filter(|(_, entry)| crate::rules::digital_root_cage::root_of(entry).is_none())
            .count();
        if drawn_cages > 0 {
            skipped.push(format!("{drawn_cages} cage"));
        }
        let entered = (doc.grid_field("value").iter())
            .filter(|&&(cell, _)| givens[cell] == 0)
            .count();
        if entered > 0 {
            skipped.push(format!("{entered} digits entered without `given`"));
        }
        // A solver's notes, not rules (only `givenPencilMarks` restrict).
        for key in ["centerPencilMarks", "cornerPencilMarks"] {
            let marked = (doc.grid_field(key).iter())
                .filter(|(_, v)| v.as_array().is_some_and(|a| !a.is_empty()))
                .count();
            if marked > 0 {
                skipped.push(format!("{key} in {marked} cells"));
            }
        }
        for (key, value) in doc.object() {
            let key = key.as_str();
            if META.contains(&key) || key == "negative" || known.contains(&key) {
                continue;
            }
            let empty = matches!(value, Value::Bool(false) | Value::Null)
                || value.as_array().is_some_and(Vec::is_empty);
            if empty {
                continue;
            }
            if COSMETIC.contains(&key) {
                let count = value.as_array().map_or(1, Vec::len);
                skipped.push(format!("{count} {key}"));
                continue;
            }
            // A text, a number or a switch (`successMessage`, a setting):
            // no constraint, which f-puzzles writes as a list of objects
            // (or an object of lists).
            if matches!(value, Value::String(_) | Value::Number(_) | Value::Bool(_)) {
                skipped.push(format!("`{key}` (a text or setting)"));
                continue;
            }
            return Err(RulesError::UnknownConstraint {
                name: key.to_string(),
                at: String::new(),
                known: known.join(", "),
            });
        }
        if let Some(negative) = doc.object().get("negative") {
            let list = negative
                .as_array()
                .ok_or_else(|| RulesError::Format("`negative` must be a list".into()))?;
            for v in list {
                let name = v.as_str().unwrap_or_default();
                if !REGISTRY.iter().any(|k| k.negatives.contains(&name)) {
                    return Err(RulesError::UnknownConstraint {
                        name: v.as_str().map_or_else(|| v.to_string(), String::from),
                        at: " in negative".into(),
                        known: known_negatives(),
                    });
                }
            }
        }
        let mut elements: Vec<Box<dyn Element>> = Vec::new();
        for kind in REGISTRY {
            // A kind without a key of its own reads the grid's cells.
            if kind.fpuzzles_keys.is_empty()
                || kind
                    .fpuzzles_keys
                    .iter()
                    .any(|k| doc.object().contains_key(*k))
                || kind.negatives.iter().any(|n| doc.negative(n))
            {
                elements.extend((kind.read)(&doc)?);
            }
        }
        let solution = read_solution(&doc, size);
        let text = |key: &str| {
            (doc.object().get(key).and_then(Value::as_str))
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(String::from)
        };
        let title = text("title");
        let about = About {
            title: title.clone(),
            author: text("author"),
            rules_text: text("ruleset"),
            solution: solution.clone(),
        };
        Ok(VariantPuzzle {
            puzzle: Puzzle::from_digits(size, givens),
            rules: Rules {
                regions,
                elements,
                about,
            },
            solution,
            title,
            skipped,
            ignored: Vec::new(),
        })
    }
}

/// The f-puzzles keys that name rules (from the registry).
fn rule_keys() -> Vec<&'static str> {
    (REGISTRY.iter())
        .flat_map(|k| k.fpuzzles_keys.iter().copied())
        .collect()
}

fn known_negatives() -> String {
    let names: Vec<&str> = (REGISTRY.iter())
        .flat_map(|k| k.negatives.iter().copied())
        .collect();
    names.join(", ")
}

/// The givens and, when some cell names its region, the regions.
#[allow(clippy::type_complexity)]
fn read_grid(
    doc: &FpuzzlesDocument,
    size: GridSize,
) -> Result<(Vec<u8>, Option<Vec<usize>>), RulesError> {
    let n = size.side();
    let rows = (doc.object().get("grid").and_then(Value::as_array))
        .ok_or_else(|| RulesError::Format("`grid` (rows of cells) is missing".into()))?;
    if rows.len() != n {
        return Err(RulesError::Format(format!(
            "`grid` has {} rows, size {n} needs {n}",
            rows.len()
        )));
    }
    let mut givens = vec![0u8; n * n];
    let mut regions: Vec<usize> = (0..n * n).map(|i| size.box_of(i / n, i % n)).collect();
    let mut irregular = false;
    for (r, row) in rows.iter().enumerate() {
        let cells = row.as_array().filter(|c| c.len() == n).ok_or_else(|| {
            RulesError::Format(format!("row {} of `grid` must hold {n} cells", r + 1))
        })?;
        for (c, cell) in cells.iter().enumerate() {
            let i = r * n + c;
            let at = || format!("r{}c{}", r + 1, c + 1);
            let Some(cell) = cell.as_object() else {
                return Err(RulesError::Format(format!(
                    "cell {} of `grid` must be an object",
                    at()
                )));
            };
            if cell.get("given").and_then(Value::as_bool) == Some(true) {
                let value = cell.get("value").and_then(Value::as_u64).unwrap_or(0) as usize;
                if value == 0 || value > n {
                    return Err(RulesError::Invalid {
                        element: format!("given at {}", at()),
                        what: format!(
                            "{} is not a digit of a {n}x{n} grid (1 to {n})",
                            cell.get("value").map_or("nothing".into(), Value::to_string)
                        ),
                    });
                }
                givens[i] = value as u8;
            }
            match cell.get("region") {
                None | Some(Value::Null) => {}
                Some(v) => {
                    let k = v.as_u64().ok_or_else(|| {
                        RulesError::Regions(format!("{}: region {v} is not a number", at()))
                    })? as usize;
                    if k >= n {
                        return Err(RulesError::Regions(format!(
                            "{} is in region {k}, but a {n}x{n} grid has regions 0 to {}",
                            at(),
                            n - 1
                        )));
                    }
                    irregular |= k != regions[i] || !size.has_boxes();
                    regions[i] = k;
                }
            }
        }
    }
    Ok((givens, irregular.then_some(regions)))
}

/// The solution the document carries, if it is a complete grid.
fn read_solution(doc: &FpuzzlesDocument, size: GridSize) -> Option<Puzzle> {
    let list = doc.object().get("solution")?.as_array()?;
    let n = size.side();
    let digits: Option<Vec<u8>> = list
        .iter()
        .map(|v| {
            v.as_u64()
                .filter(|&d| d >= 1 && d as usize <= n)
                .map(|d| d as u8)
        })
        .collect();
    let digits = digits.filter(|d| d.len() == n * n)?;
    Some(Puzzle::from_digits(size, digits))
}

/// The JSON text of an f-puzzles link (`https://www.f-puzzles.com/?load=...`),
/// a SudokuPad link (`https://sudokupad.app/fpuzzles...`), or the compressed
/// text alone.
pub fn decode_link(text: &str) -> Result<String, RulesError> {
    let text = text.trim();
    let data = if let Some((_, rest)) = text.split_once("load=") {
        rest.split('&').next().unwrap_or(rest)
    } else if let Some(i) = text.find("fpuzzles") {
        &text[i + "fpuzzles".len()..]
    } else {
        text
    };
    let data = percent_encoding::percent_decode_str(data).decode_utf8_lossy();
    let wide = lz_str::decompress_from_base64(&data)
        .filter(|w| !w.is_empty())
        .ok_or_else(|| {
            RulesError::Format("the link's data is not LZ-string compressed base64".into())
        })?;
    String::from_utf16(&wide).map_err(|_| RulesError::Format("the link's data is not text".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_and_bare_data_decode_alike() {
        let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
        let data = lz_str::compress_to_base64(json);
        assert_eq!(decode_link(&data).unwrap(), json);
        let link = format!("https://www.f-puzzles.com/?load={data}");
        assert_eq!(decode_link(&link).unwrap(), json);
        let pad = format!("https://sudokupad.app/fpuzzles{}", data.replace('+', "%2B"));
        assert_eq!(decode_link(&pad).unwrap(), json);
        assert!(decode_link("https://www.f-puzzles.com/?load=@@@").is_err());
    }

    #[test]
    fn keys_of_text_and_settings_are_ignored_and_listed() {
        let grid = r#""grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
        let doc = format!(
            r#"{{"size":4,{grid},"successMessage":"Well done!","someSetting":true,"zoom":1.5}}"#
        );
        let read = VariantPuzzle::from_json(&doc).unwrap();
        assert_eq!(
            read.skipped,
            [
                "`someSetting` (a text or setting)",
                "`successMessage` (a text or setting)",
                "`zoom` (a text or setting)"
            ]
        );
        // An unknown key that holds a list or an object could be a rule.
        for value in [r#"[{"cell":"R1C1"}]"#, r#"{"cells":["R1C1"]}"#] {
            let doc = format!(r#"{{"size":4,{grid},"numberedroom":{value}}}"#);
            let err = VariantPuzzle::from_json(&doc).unwrap_err();
            assert_eq!(err.kind(), "unknown constraint", "{value}");
        }
    }
}
