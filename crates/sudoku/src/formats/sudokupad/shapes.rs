//! SudokuPad's own format read as rules: givens, regions, cages and the
//! shapes that f-puzzles' and SudokuPad's constraint tools draw, turned
//! into the f-puzzles document they stand for. A shape that is no known
//! rule is listed by name and position (the caller refuses the puzzle
//! unless told to ignore them).
//!
//! The shapes read, as SudokuPad's f-puzzles import draws them: thermometers
//! (line `#CFCFCF`, thickness 21, with a bulb underlay), palindromes
//! (`#CFCFCF`, 16), between lines (`#CFCFCF`, 2, ringed ends), diagonals
//! (`#34BBE6` from corner to corner), arrows (`#a1a1a1` with a rounded
//! bulb), kropki dots (rounded 0.3 overlays on an edge, black or white), X
//! and V (0.25 overlays on an edge), even and odd cells (`#CFCFCF` 0.7
//! squares and circles), quadruples (rounded 0.7 overlays on a corner),
//! little killers (a short black arrow outside the grid with its number),
//! and numbers outside the grid, read as sandwich sums, X-sums or
//! skyscrapers as the puzzle's rules text says. The same rules drawn with
//! SudokuPad's own tools, and coloured lines named by the rules text, are
//! read in [`lines`](super::lines).
//!
//! Here: the grid, regions, cages, metadata, global rules, and the marks
//! (overlays and underlays) no line or arrow used; `geometry` holds what
//! the shapes' fields mean.

use serde_json::{Map, Value, json};

use super::geometry::{
    cell_of, cells_text, centre, colour, edge_cells, items, name, names, near, num, point, rounded,
    size, text_of, whole,
};
use super::lines;
use super::rules_text::RulesText;
use super::sheet::Sheet;
use crate::rules::RulesError;

/// An f-puzzles document built from SudokuPad data, and the shapes that
/// could not be read as rules (`line #ff0000 through r1c1 r1c2`).
pub struct Translated {
    /// The document.
    pub document: Value,
    /// Shapes read as no rule, by name and position.
    pub unknown: Vec<String>,
    /// Shapes skipped as drawings (cell colours).
    pub cosmetic: usize,
}

/// One item of a puzzle's metadata (`title`, `author`, `rules`,
/// `solution`; others are display settings) into the document.
fn metadata(doc: &mut Map<String, Value>, rules_text: &mut String, key: &str, text: &str) {
    match key {
        "title" | "author" => {
            doc.insert(key.into(), json!(text));
        }
        "rules" => {
            rules_text.push_str(text);
            rules_text.push('\n');
        }
        "solution" => {
            let digits: Vec<Value> = (text.chars())
                .filter_map(|ch| ch.to_digit(36))
                .map(|d| json!(d))
                .collect();
            doc.insert("solution".into(), Value::Array(digits));
        }
        _ => {}
    }
}

/// Translates SudokuPad data into an f-puzzles document.
pub fn translate(puzzle: &Value) -> Result<Translated, RulesError> {
    let bad = |what: &str| RulesError::Format(format!("SudokuPad data: {what}"));
    let rows = (puzzle.get("cells").and_then(Value::as_array))
        .ok_or_else(|| bad("`cells` (the grid) is missing"))?;
    let n = rows.len();
    if rows.iter().any(|r| r.as_array().map(Vec::len) != Some(n)) {
        return Err(bad("the grid is not square"));
    }
    let overlays = items(puzzle, "overlays");
    let underlays = items(puzzle, "underlays");
    let mut sheet = Sheet {
        n,
        doc: Map::new(),
        unknown: Vec::new(),
        used_over: vec![false; overlays.len()],
        used_under: vec![false; underlays.len()],
        overlays,
        underlays,
    };
    let mut cosmetic = 0;
    sheet.doc.insert("size".into(), json!(n));

    // Regions: the index of each cell's region.
    let mut region = vec![vec![Value::Null; n]; n];
    for (k, reg) in (puzzle
        .get("regions")
        .and_then(Value::as_array)
        .into_iter()
        .flatten())
    .enumerate()
    {
        for p in reg.as_array().into_iter().flatten() {
            let (r, c) = point(p).ok_or_else(|| bad("a region cell is not [row, column]"))?;
            let (r, c) = (r as i64, c as i64);
            if sheet.inside((r, c)) {
                region[r as usize][c as usize] = json!(k);
            }
        }
    }
    let has_regions = puzzle
        .get("regions")
        .is_some_and(|r| r.as_array().is_some_and(|a| !a.is_empty()));
    let grid: Vec<Value> = (rows.iter().enumerate())
        .map(|(r, row)| {
            let cells = row.as_array().map(Vec::as_slice).unwrap_or_default();
            Value::Array(
                (cells.iter().enumerate())
                    .map(|(c, cell)| {
                        let mut out = Map::new();
                        if let Some(v) = cell.get("value").and_then(num) {
                            out.insert("value".into(), json!(v as i64));
                            out.insert("given".into(), json!(true));
                        }
                        if has_regions {
                            out.insert("region".into(), region[r][c].clone());
                        }
                        Value::Object(out)
                    })
                    .collect(),
            )
        })
        .collect();
    sheet.doc.insert("grid".into(), Value::Array(grid));

    // Cages: metadata, hidden cages, extra regions, killer cages.
    let mut rules_text = String::new();
    for cage in items(puzzle, "cages") {
        let cells: Vec<(i64, i64)> = (cage
            .get("cells")
            .and_then(Value::as_array)
            .into_iter()
            .flatten())
        .filter_map(point)
        .map(|(r, c)| (r as i64, c as i64))
        .collect();
        let value = cage.get("value").map(|v| match v {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        });
        if let Some((key, text)) = value.as_deref().and_then(|v| v.split_once(": ")) {
            if !key.contains(' ') && (cells.is_empty() || key == "solution") {
                metadata(&mut sheet.doc, &mut rules_text, key, text);
                continue;
            }
        }
        if cells.is_empty() || cage.get("hidden").and_then(Value::as_bool) == Some(true) {
            continue;
        }
        let names = names(&cells);
        if cage.get("type").and_then(Value::as_str) == Some("disjoint") {
            continue;
        }
        if cage.get("style").and_then(Value::as_str) == Some("extraregion") {
            sheet.push("extraregion", json!({ "cells": names }));
            continue;
        }
        let sum = cage
            .get("sum")
            .and_then(num)
            .map(|s| s as i64)
            .or_else(|| value.as_deref().and_then(|v| v.trim().parse::<i64>().ok()));
        match (sum, value.as_deref().map(str::trim)) {
            (Some(s), _) => sheet.push(
                "killercage",
                json!({ "cells": names, "value": s.to_string() }),
            ),
            (None, None | Some("")) => sheet.push("killercage", json!({ "cells": names })),
            (None, Some(v)) => sheet
                .unknown
                .push(format!("cage {v:?} at {}", cells_text(&cells))),
        }
    }
    // SudokuPad's `metadata` object (newer puzzles) says the same.
    if let Some(meta) = puzzle.get("metadata").and_then(Value::as_object) {
        for (key, value) in meta {
            // SudokuPad Maker's global rules ("antiknight": true).
            if let (Some(true), "antiknight" | "antiking") = (value.as_bool(), key.as_str()) {
                sheet.doc.insert(key.clone(), json!(true));
                continue;
            }
            let Some(text) = value.as_str() else { continue };
            if key == "bgimage" && !text.is_empty() {
                sheet.unknown.push(format!(
                    "a background image ({text}): what it draws cannot be read as rules"
                ));
            } else {
                metadata(&mut sheet.doc, &mut rules_text, key, text);
            }
        }
    }
    if !rules_text.is_empty() {
        sheet
            .doc
            .insert("ruleset".into(), json!(rules_text.trim_end()));
    }
    let said = RulesText::read(&rules_text);
    sheet.unknown.extend(said.unread.iter().cloned());
    for flag in &said.globals {
        sheet.doc.insert((*flag).into(), json!(true));
    }
    for neg in &said.negatives {
        sheet.push("negative", json!(neg));
    }

    // Global rules.
    for g in (puzzle
        .get("global")
        .and_then(Value::as_array)
        .into_iter()
        .flatten())
    .filter_map(Value::as_str)
    {
        match g {
            "antiknight" | "antiking" | "nonconsecutive" => {
                sheet.doc.insert(g.into(), json!(true));
            }
            "disjoint" => {
                sheet.doc.insert("disjointgroups".into(), json!(true));
            }
            other => match other.strip_prefix("anti") {
                Some(neg @ ("ratio" | "xv" | "difference" | "sum")) => {
                    sheet.push("negative", json!(neg))
                }
                _ => sheet.unknown.push(format!("global rule `{other}`")),
            },
        }
    }

    lines::read_lines(&mut sheet, puzzle, &said);
    lines::read_arrows(&mut sheet, puzzle);

    // Overlays: dots, X and V, quadruples, numbers outside the grid.
    let overlays = sheet.overlays.clone();
    for (i, o) in overlays.iter().enumerate() {
        if sheet.used_over[i] {
            continue;
        }
        let Some(p) = centre(o) else { continue };
        let (w, text) = (size(o, "width"), text_of(o));
        if let Some([a, b]) = edge_cells(p).filter(|cs| cs.iter().all(|&c| sheet.inside(c))) {
            let pair = json!([name(a.0, a.1), name(b.0, b.1)]);
            if text == "X" || text == "V" {
                sheet.push("xv", json!({ "cells": pair, "value": text }));
                continue;
            }
            if rounded(o) && (0.2..=0.45).contains(&w) {
                let key = if colour(o, "backgroundColor") == "#000000" {
                    "ratio"
                } else {
                    "difference"
                };
                let mut e = json!({ "cells": pair });
                if !text.is_empty() {
                    e["value"] = json!(text);
                }
                sheet.push(key, e);
                continue;
            }
        }
        let at_corner = near(p.0, p.0.round()) && near(p.1, p.1.round());
        if rounded(o) && near(w, 0.7) && at_corner && !text.is_empty() {
            let (r, c) = (whole(p.0.round()), whole(p.1.round()));
            let cells = [(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)];
            let digits: Vec<Value> = text
                .chars()
                .filter_map(|ch| ch.to_digit(10))
                .map(|d| json!(d))
                .collect();
            if cells.iter().all(|&c| sheet.inside(c)) && !digits.is_empty() {
                sheet.push(
                    "quadruple",
                    json!({ "cells": cells.map(|(r, c)| name(r, c)), "values": digits }),
                );
                continue;
            }
        }
        let cell = cell_of(p);
        if !sheet.inside(cell) && text.parse::<i64>().is_ok() {
            match said.outside {
                Some(key) => sheet.push(key, json!({ "cell": name(cell.0, cell.1), "value": text })),
                None => sheet.unknown.push(format!(
                    "number {text} outside the grid at {} (the rules text names no sandwich, X-sum or skyscraper rule)",
                    name(cell.0, cell.1)
                )),
            }
            continue;
        }
        if text.is_empty()
            && !rounded(o)
            && colour(o, "borderColor").is_empty()
            && (near(w, 1.0) || w > 1.0)
        {
            cosmetic += 1;
            continue;
        }
        sheet.unknown.push(format!(
            "overlay {:?} ({}, width {w}) at ({}, {})",
            text,
            if rounded(o) { "round" } else { "square" },
            p.0,
            p.1
        ));
    }

    // Underlays: even and odd cells, cell colours.
    let underlays = sheet.underlays.clone();
    for (i, u) in underlays.iter().enumerate() {
        if sheet.used_under[i] {
            continue;
        }
        let Some(p) = centre(u) else { continue };
        let (w, h) = (size(u, "width"), size(u, "height"));
        let cell = cell_of(p);
        if colour(u, "backgroundColor") == "#cfcfcf" && near(w, 0.7) && sheet.inside(cell) {
            let key = if rounded(u) { "odd" } else { "even" };
            sheet.push(key, json!({ "cell": name(cell.0, cell.1) }));
            continue;
        }
        if !rounded(u) && near(w, 1.0) && near(h, 1.0) {
            cosmetic += 1;
            continue;
        }
        sheet.unknown.push(format!(
            "underlay {} (width {w}) at ({}, {})",
            colour(u, "backgroundColor"),
            p.0,
            p.1
        ));
    }

    Ok(Translated {
        document: Value::Object(sheet.doc),
        unknown: sheet.unknown,
        cosmetic,
    })
}
