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
//! skyscrapers as the puzzle's rules text says.

use serde_json::{Map, Value, json};

use super::colour::Colour;
use super::rules_text::{LineMeaning, RulesText};
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

fn num(v: &Value) -> Option<f64> {
    v.as_f64()
        .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
}

fn point(v: &Value) -> Option<(f64, f64)> {
    let a = v.as_array()?;
    Some((num(a.first()?)?, num(a.get(1)?)?))
}

fn colour(v: &Map<String, Value>, key: &str) -> String {
    v.get(key)
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_ascii_lowercase()
}

fn near(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.06
}

fn name(r: i64, c: i64) -> String {
    format!("R{}C{}", r + 1, c + 1)
}

/// The cell a point lies in (row, column from 0; may be outside).
fn cell_of((y, x): (f64, f64)) -> (i64, i64) {
    (y.floor() as i64, x.floor() as i64)
}

/// The cells a line or arrow passes through: SudokuPad keeps a way point
/// only where the path turns, so each straight or diagonal run between
/// two way points is filled in.
fn path_cells(pts: &[(f64, f64)]) -> Vec<(i64, i64)> {
    let mut out: Vec<(i64, i64)> = Vec::new();
    for &p in pts {
        let next = cell_of(p);
        if let Some(&(r, c)) = out.last() {
            let (dr, dc) = (next.0 - r, next.1 - c);
            if (dr, dc) == (0, 0) {
                continue;
            }
            if dr == 0 || dc == 0 || dr.abs() == dc.abs() {
                for k in 1..dr.abs().max(dc.abs()) {
                    out.push((r + dr.signum() * k, c + dc.signum() * k));
                }
            }
        }
        out.push(next);
    }
    out
}

/// The two orthogonal neighbours whose shared edge has its middle at `p`.
fn edge_cells((y, x): (f64, f64)) -> Option<[(i64, i64); 2]> {
    let (fy, fx) = (y - y.floor(), x - x.floor());
    if near(fy, 0.5) && (near(fx, 0.0) || near(fx, 1.0)) {
        let (r, c) = (y.floor() as i64, x.round() as i64);
        return Some([(r, c - 1), (r, c)]);
    }
    if near(fx, 0.5) && (near(fy, 0.0) || near(fy, 1.0)) {
        let (r, c) = (y.round() as i64, x.floor() as i64);
        return Some([(r - 1, c), (r, c)]);
    }
    None
}

fn items<'a>(puzzle: &'a Value, key: &str) -> Vec<&'a Map<String, Value>> {
    (puzzle
        .get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten())
    .filter_map(Value::as_object)
    .collect()
}

fn points(item: &Map<String, Value>) -> Vec<(f64, f64)> {
    (item
        .get("wayPoints")
        .and_then(Value::as_array)
        .into_iter()
        .flatten())
    .filter_map(point)
    .collect()
}

fn cells_text(cells: &[(i64, i64)]) -> String {
    let names: Vec<String> = cells
        .iter()
        .map(|&(r, c)| name(r, c).to_lowercase())
        .collect();
    names.join(" ")
}

/// Whether overlay `o` covers the centre of cell `(r, c)`.
fn covers(o: &Map<String, Value>, (r, c): Cell) -> bool {
    let size = |k: &str| o.get(k).and_then(num).unwrap_or(0.0);
    o.get("center").and_then(point).is_some_and(|(y, x)| {
        ((r as f64 + 0.5) - y).abs() < size("height") / 2.0
            && ((c as f64 + 0.5) - x).abs() < size("width") / 2.0
    })
}

/// An f-puzzles arrow for a grey path from a circle (a round overlay with a
/// grey rim over its first cell; a pill covers several cells): the circle's
/// cells and the shaft. `None` without a circle. A circle with several
/// arrows may be drawn once per arrow: a free one is taken first.
fn arrow_entry(
    cells: &[Cell],
    overlays: &[&Map<String, Value>],
    used_over: &mut [bool],
    n: usize,
) -> Option<Value> {
    let grey_rim = |o: &Map<String, Value>| {
        Colour::parse(&colour(o, "borderColor")).is_some_and(Colour::is_grey)
    };
    let rounded = |o: &Map<String, Value>| o.get("rounded").and_then(Value::as_bool) == Some(true);
    let is_bulb = |o: &Map<String, Value>| rounded(o) && grey_rim(o) && covers(o, cells[0]);
    let i = (0..overlays.len())
        .find(|&i| !used_over[i] && is_bulb(overlays[i]))
        .or_else(|| overlays.iter().position(|o| is_bulb(o)))?;
    used_over[i] = true;
    let mut circle = Vec::new();
    for r in 0..n as i64 {
        for c in 0..n as i64 {
            if covers(overlays[i], (r, c)) {
                circle.push(name(r, c));
            }
        }
    }
    let mut line: Vec<String> = circle.clone();
    for &(r, c) in cells {
        let nm = name(r, c);
        if !line.contains(&nm) {
            line.push(nm);
        }
    }
    Some(json!({ "cells": circle, "lines": [line] }))
}

/// A grid position, row and column from 0 (may lie outside the grid).
type Cell = (i64, i64);

/// A line stroke read as a rule from the rules text.
struct Stroke {
    meaning: LineMeaning,
    cells: Vec<Cell>,
    /// The stroke as drawn (`line #f067f0 (thickness 9.6) through ...`).
    drawn: String,
}

/// The lines read from the rules text as f-puzzles entries. A line drawn
/// in several strokes that meet (or one stroke crossing itself) is one
/// line: for rules on the set of its digits (renban, Nabner) the strokes
/// are merged; for rules along a line (whispers, entropic, modular) each
/// stroke is a line; for rules on the whole line's shape (region sums,
/// palindromes, zippers, lockouts) a branching line is no rule this tool
/// knows, and is listed in `unknown`.
fn post_strokes(strokes: Vec<Stroke>, unknown: &mut Vec<String>) -> Vec<(&'static str, Value)> {
    let names =
        |cells: &[Cell]| -> Vec<String> { cells.iter().map(|&(r, c)| name(r, c)).collect() };
    let mut out = Vec::new();
    let mut sets: Vec<(&'static str, Vec<Vec<Cell>>)> = Vec::new();
    for (i, stroke) in strokes.iter().enumerate() {
        let Stroke {
            meaning,
            cells,
            drawn,
        } = stroke;
        let crossing = {
            let mut seen = std::collections::HashSet::new();
            !cells.iter().all(|c| seen.insert(*c))
        };
        let meets = || {
            (strokes.iter().enumerate()).any(|(j, other)| {
                j != i
                    && other.meaning.key == meaning.key
                    && other.cells.iter().any(|c| cells.contains(c))
            })
        };
        match meaning.key {
            "renban" | "nabner" => match sets.iter_mut().find(|(k, _)| *k == meaning.key) {
                Some((_, list)) => list.push(cells.clone()),
                None => sets.push((meaning.key, vec![cells.clone()])),
            },
            "whispers" | "entropicline" | "modularline" if !crossing => {
                out.push((meaning.key, line_entry(&names(cells), meaning.gap)));
            }
            _ if !crossing && !meets() => {
                out.push((meaning.key, line_entry(&names(cells), meaning.gap)));
            }
            _ => {
                // The registry's name of the rule (`region-sum-line`).
                let kind = (crate::rules::REGISTRY.iter())
                    .find(|k| k.fpuzzles_keys.contains(&meaning.key))
                    .map_or(meaning.key, |k| k.name);
                unknown.push(format!("{drawn}: a branching or crossing {kind}"));
            }
        }
    }
    for (key, list) in sets {
        for group in merged_sets(list) {
            out.push((key, line_entry(&names(&group), None)));
        }
    }
    out
}

/// Strokes that share a cell merged into one set, each cell once, in the
/// order first drawn.
fn merged_sets(strokes: Vec<Vec<Cell>>) -> Vec<Vec<Cell>> {
    let mut groups: Vec<Vec<Cell>> = Vec::new();
    for stroke in strokes {
        let mut merged: Vec<Cell> = Vec::new();
        let mut rest = Vec::new();
        for g in groups {
            if g.iter().any(|c| stroke.contains(c)) {
                merged.extend(g);
            } else {
                rest.push(g);
            }
        }
        merged.extend(stroke);
        let mut seen = std::collections::HashSet::new();
        merged.retain(|c| seen.insert(*c));
        rest.push(merged);
        groups = rest;
    }
    groups
}

/// An f-puzzles line entry, with the whispers' difference if given.
fn line_entry(names: &[String], gap: Option<u32>) -> Value {
    match gap {
        Some(g) => json!({ "lines": [names], "value": g.to_string() }),
        None => json!({ "lines": [names] }),
    }
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
    let inside = |(r, c): (i64, i64)| r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n;
    let mut doc = Map::new();
    let mut unknown = Vec::new();
    let mut cosmetic = 0;
    let push = |doc: &mut Map<String, Value>, key: &str, entry: Value| {
        let list = doc.entry(key).or_insert_with(|| json!([]));
        if let Value::Array(list) = list {
            list.push(entry);
        }
    };
    doc.insert("size".into(), json!(n));

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
            if inside((r, c)) {
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
    doc.insert("grid".into(), Value::Array(grid));

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
                metadata(&mut doc, &mut rules_text, key, text);
                continue;
            }
        }
        if cells.is_empty() || cage.get("hidden").and_then(Value::as_bool) == Some(true) {
            continue;
        }
        let names: Vec<String> = cells.iter().map(|&(r, c)| name(r, c)).collect();
        if cage.get("type").and_then(Value::as_str) == Some("disjoint") {
            continue;
        }
        if cage.get("style").and_then(Value::as_str) == Some("extraregion") {
            push(&mut doc, "extraregion", json!({ "cells": names }));
            continue;
        }
        let sum = cage
            .get("sum")
            .and_then(num)
            .map(|s| s as i64)
            .or_else(|| value.as_deref().and_then(|v| v.trim().parse::<i64>().ok()));
        match (sum, value.as_deref().map(str::trim)) {
            (Some(s), _) => push(
                &mut doc,
                "killercage",
                json!({ "cells": names, "value": s.to_string() }),
            ),
            (None, None | Some("")) => push(&mut doc, "killercage", json!({ "cells": names })),
            (None, Some(v)) => unknown.push(format!("cage {v:?} at {}", cells_text(&cells))),
        }
    }
    // SudokuPad's `metadata` object (newer puzzles) says the same.
    if let Some(meta) = puzzle.get("metadata").and_then(Value::as_object) {
        for (key, value) in meta {
            // SudokuPad Maker's global rules ("antiknight": true).
            if let (Some(true), "antiknight" | "antiking") = (value.as_bool(), key.as_str()) {
                doc.insert(key.clone(), json!(true));
                continue;
            }
            let Some(text) = value.as_str() else { continue };
            if key == "bgimage" && !text.is_empty() {
                unknown.push(format!(
                    "a background image ({text}): what it draws cannot be read as rules"
                ));
            } else {
                metadata(&mut doc, &mut rules_text, key, text);
            }
        }
    }
    if !rules_text.is_empty() {
        doc.insert("ruleset".into(), json!(rules_text.trim_end()));
    }
    let text = RulesText::read(&rules_text);
    unknown.extend(text.unread.iter().cloned());
    for flag in &text.globals {
        doc.insert((*flag).into(), json!(true));
    }
    for neg in &text.negatives {
        push(&mut doc, "negative", json!(neg));
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
                doc.insert(g.into(), json!(true));
            }
            "disjoint" => {
                doc.insert("disjointgroups".into(), json!(true));
            }
            other => match other.strip_prefix("anti") {
                Some(neg @ ("ratio" | "xv" | "difference" | "sum")) => {
                    push(&mut doc, "negative", json!(neg))
                }
                _ => unknown.push(format!("global rule `{other}`")),
            },
        }
    }

    let overlays = items(puzzle, "overlays");
    let underlays = items(puzzle, "underlays");
    let mut used_over = vec![false; overlays.len()];
    let mut used_under = vec![false; underlays.len()];
    let centre = |o: &Map<String, Value>| o.get("center").and_then(point);
    let size = |o: &Map<String, Value>, k: &str| o.get(k).and_then(num).unwrap_or(0.0);
    let rounded = |o: &Map<String, Value>| o.get("rounded").and_then(Value::as_bool) == Some(true);
    let text_of = |o: &Map<String, Value>| {
        o.get("text")
            .map(|t| match t {
                Value::String(s) => s.trim().to_string(),
                other => other.to_string(),
            })
            .unwrap_or_default()
    };

    // Lines.
    // A bulb: a round underlay or overlay centred on a line's end.
    let bulb_at = |p: (f64, f64), used_under: &[bool], used_over: &[bool]| {
        let is_bulb = |u: &Map<String, Value>| {
            rounded(u)
                && size(u, "width") >= 0.5
                && centre(u).is_some_and(|q| near(q.0, p.0) && near(q.1, p.1))
        };
        // Thermometers sharing a bulb may draw it once each.
        let free = |list: &[&Map<String, Value>], used: &[bool]| {
            (0..list.len())
                .find(|&i| !used[i] && is_bulb(list[i]))
                .or_else(|| list.iter().position(|u| is_bulb(u)))
        };
        (free(&underlays, used_under).map(|i| (true, i)))
            .or_else(|| free(&overlays, used_over).map(|i| (false, i)))
    };
    // Lines the rules text names by their colour only, read at the end.
    let mut pending: Vec<(Colour, Vec<Cell>, String)> = Vec::new();
    // Lines read from the rules text, posted at the end (see `post_strokes`).
    let mut strokes = Vec::new();
    // Arrows drawn with the pen: the cells their shafts end in, and the
    // strokes drawn inside one cell (heads, if an arrow ends there).
    let (mut tips, mut heads): (Vec<Cell>, Vec<(Cell, String)>) = (Vec::new(), Vec::new());
    for line in items(puzzle, "lines") {
        let pts = points(line);
        let (col, th) = (
            colour(line, "color"),
            line.get("thickness").and_then(num).unwrap_or(0.0),
        );
        let cells = path_cells(&pts);
        let names: Vec<String> = cells.iter().map(|&(r, c)| name(r, c)).collect();
        let nn = n as f64;
        let drawn = || format!("line {col} (thickness {th}) through {}", cells_text(&cells));
        if (col.as_str(), th as i64) == ("#34bbe6", 2) && pts.len() == 2 {
            let (a, b) = (pts[0], pts[1]);
            let ends = |p: (f64, f64), q: (f64, f64)| {
                near(a.0, p.0) && near(a.1, p.1) && near(b.0, q.0) && near(b.1, q.1)
            };
            if ends((0.0, 0.0), (nn, nn)) || ends((nn, nn), (0.0, 0.0)) {
                doc.insert("diagonal-".into(), json!(true));
            } else if ends((0.0, nn), (nn, 0.0)) || ends((nn, 0.0), (0.0, nn)) {
                doc.insert("diagonal+".into(), json!(true));
            } else {
                unknown.push(format!(
                    "line {col} from ({}, {}) to ({}, {})",
                    a.0, a.1, b.0, b.1
                ));
            }
            continue;
        }
        let Some(paint) = Colour::parse(&col) else {
            unknown.push(drawn());
            continue;
        };
        // A short grey stroke inside one cell: the head of an arrow drawn
        // with the pen, if an arrow ends there (checked below).
        if paint.is_grey() && cells.len() == 1 && inside(cells[0]) {
            heads.push((cells[0], drawn()));
            continue;
        }
        if cells.len() < 2 || !cells.iter().all(|&c| inside(c)) {
            unknown.push(drawn());
            continue;
        }
        // A grey line with a bulb on one end: a thermometer.
        if paint.is_grey() && th >= 8.0 {
            let (first, last) = (pts[0], pts[pts.len() - 1]);
            let found = bulb_at(first, &used_under, &used_over)
                .map(|b| (b, false))
                .or_else(|| bulb_at(last, &used_under, &used_over).map(|b| (b, true)));
            if let Some(((under, i), reversed)) = found {
                if under {
                    used_under[i] = true;
                } else {
                    used_over[i] = true;
                }
                let mut names = names.clone();
                if reversed {
                    names.reverse();
                }
                push(&mut doc, "thermometer", json!({ "lines": [names] }));
                continue;
            }
        }
        if (col.as_str(), th as i64) == ("#cfcfcf", 2) {
            // A between line: its ends ringed by overlays.
            let ring = |cell: (i64, i64)| {
                overlays.iter().position(|o| {
                    rounded(o)
                        && colour(o, "borderColor") == "#cfcfcf"
                        && centre(o).is_some_and(|q| cell_of(q) == cell)
                })
            };
            match (ring(cells[0]), ring(cells[cells.len() - 1])) {
                (Some(a), Some(b)) => {
                    used_over[a] = true;
                    used_over[b] = true;
                    push(&mut doc, "betweenline", json!({ "lines": [names] }));
                }
                _ => unknown.push(format!("thin grey line through {}", cells_text(&cells))),
            }
            continue;
        }
        // A thin grey line from a circle: an arrow drawn with the pen.
        if paint.is_grey() && th < 8.0 {
            let mut shaft = cells.clone();
            let entry = arrow_entry(&shaft, &overlays, &mut used_over, n).or_else(|| {
                shaft.reverse();
                arrow_entry(&shaft, &overlays, &mut used_over, n)
            });
            if let Some(entry) = entry {
                tips.extend(shaft.last().copied());
                push(&mut doc, "arrow", entry);
                continue;
            }
        }
        if (col.as_str(), th as i64) == ("#cfcfcf", 16) {
            push(&mut doc, "palindrome", json!({ "lines": [names] }));
            continue;
        }
        let what = drawn();
        match text.line(paint) {
            Some(meaning) => strokes.push(Stroke {
                meaning,
                cells,
                drawn: what,
            }),
            None => pending.push((paint, cells, what)),
        }
    }
    // Lines the text does not name by colour: the text's one line rule, if
    // every such line has one colour.
    match text.only_line_rule() {
        Some(meaning)
            if pending
                .iter()
                .all(|(paint, _, _)| paint.same_as(pending[0].0)) =>
        {
            for (_, cells, drawn) in pending {
                strokes.push(Stroke {
                    meaning: meaning.clone(),
                    cells,
                    drawn,
                });
            }
        }
        _ => unknown.extend(pending.into_iter().map(|(_, _, drawn)| drawn)),
    }
    unknown.extend(
        (heads.into_iter())
            .filter(|(cell, _)| !tips.contains(cell))
            .map(|(_, drawn)| drawn),
    );
    for (key, entry) in post_strokes(strokes, &mut unknown) {
        push(&mut doc, key, entry);
    }

    // Arrows: sum arrows from a bulb, little killers outside the grid.
    for arrow in items(puzzle, "arrows") {
        let pts = points(arrow);
        let col = colour(arrow, "color");
        if pts.len() < 2 {
            continue;
        }
        let cells: Vec<(i64, i64)> = pts.iter().map(|&p| cell_of(p)).collect();
        let outside_start = !inside(cells[0]);
        if col == "#000000" && outside_start && cells.iter().all(|&c| c == cells[0]) {
            let (dy, dx) = (pts[1].0 - pts[0].0, pts[1].1 - pts[0].1);
            let dir = match (dy < 0.0, dx < 0.0) {
                (true, true) => "UL",
                (true, false) => "UR",
                (false, true) => "DL",
                (false, false) => "DR",
            };
            let clue = cells[0];
            let label = overlays.iter().position(|o| {
                centre(o).is_some_and(|q| cell_of(q) == clue) && !text_of(o).is_empty()
            });
            let Some(i) = label else {
                unknown.push(format!(
                    "little killer arrow at {} without its number",
                    name(clue.0, clue.1)
                ));
                continue;
            };
            used_over[i] = true;
            push(
                &mut doc,
                "littlekillersum",
                json!({ "cell": name(clue.0, clue.1), "direction": dir, "value": text_of(overlays[i]) }),
            );
            continue;
        }
        let grey = |c: &str| Colour::parse(c).is_some_and(Colour::is_grey);
        let cells = path_cells(&pts);
        if grey(&col) && cells.iter().all(|&c| inside(c)) {
            match arrow_entry(&cells, &overlays, &mut used_over, n) {
                Some(entry) => push(&mut doc, "arrow", entry),
                None => unknown.push(format!(
                    "grey arrow without a circle through {}",
                    cells_text(&cells)
                )),
            }
            continue;
        }
        unknown.push(format!("arrow {col} through {}", cells_text(&cells)));
    }

    // Overlays: dots, X and V, quadruples, numbers outside the grid.
    let rules_lower = rules_text.to_lowercase();
    for (i, o) in overlays.iter().enumerate() {
        if used_over[i] {
            continue;
        }
        let Some(p) = centre(o) else { continue };
        let (w, text) = (size(o, "width"), text_of(o));
        if let Some([a, b]) = edge_cells(p).filter(|cs| cs.iter().all(|&c| inside(c))) {
            let pair = json!([name(a.0, a.1), name(b.0, b.1)]);
            if text == "X" || text == "V" {
                push(&mut doc, "xv", json!({ "cells": pair, "value": text }));
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
                push(&mut doc, key, e);
                continue;
            }
        }
        let at_corner = near(p.0, p.0.round()) && near(p.1, p.1.round());
        if rounded(o) && near(w, 0.7) && at_corner && !text.is_empty() {
            let (r, c) = (p.0.round() as i64, p.1.round() as i64);
            let cells = [(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)];
            let digits: Vec<Value> = text
                .chars()
                .filter_map(|ch| ch.to_digit(10))
                .map(|d| json!(d))
                .collect();
            if cells.iter().all(|&c| inside(c)) && !digits.is_empty() {
                push(
                    &mut doc,
                    "quadruple",
                    json!({ "cells": cells.map(|(r, c)| name(r, c)), "values": digits }),
                );
                continue;
            }
        }
        let cell = cell_of(p);
        if !inside(cell) && text.parse::<i64>().is_ok() {
            let key = if rules_lower.contains("sandwich") {
                Some("sandwichsum")
            } else if rules_lower.contains("x-sum") || rules_lower.contains("x sum") {
                Some("xsum")
            } else if rules_lower.contains("skyscraper") {
                Some("skyscraper")
            } else {
                None
            };
            match key {
                Some(key) => push(&mut doc, key, json!({ "cell": name(cell.0, cell.1), "value": text })),
                None => unknown.push(format!(
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
        unknown.push(format!(
            "overlay {:?} ({}, width {w}) at ({}, {})",
            text,
            if rounded(o) { "round" } else { "square" },
            p.0,
            p.1
        ));
    }

    // Underlays: even and odd cells, cell colours.
    for (i, u) in underlays.iter().enumerate() {
        if used_under[i] {
            continue;
        }
        let Some(p) = centre(u) else { continue };
        let (w, h) = (size(u, "width"), size(u, "height"));
        let cell = cell_of(p);
        if colour(u, "backgroundColor") == "#cfcfcf" && near(w, 0.7) && inside(cell) {
            let key = if rounded(u) { "odd" } else { "even" };
            push(&mut doc, key, json!({ "cell": name(cell.0, cell.1) }));
            continue;
        }
        if !rounded(u) && near(w, 1.0) && near(h, 1.0) {
            cosmetic += 1;
            continue;
        }
        unknown.push(format!(
            "underlay {} (width {w}) at ({}, {})",
            colour(u, "backgroundColor"),
            p.0,
            p.1
        ));
    }

    Ok(Translated {
        document: Value::Object(doc),
        unknown,
        cosmetic,
    })
}
