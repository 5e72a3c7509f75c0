//! Lines and arrows: thermometers, between lines, palindromes, arrows (as
//! SudokuPad's arrow tool and its pen draw them), little killers, and the
//! coloured lines the rules text names (see [`RulesText`]).

use serde_json::{Map, Value, json};

use super::colour::Colour;
use super::geometry::{
    Cell, cell_of, cells_text, centre, colour, covers, free_or_any, grey, items, name, names, near,
    num, path_cells, points, rounded, size, text_of,
};
use super::rules_text::{LineMeaning, RulesText};
use super::sheet::Sheet;

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

/// An f-puzzles arrow for a grey path from a circle (a round overlay with a
/// grey rim over its first cell; a pill covers several cells): the circle's
/// cells and the shaft. `None` without a circle. A circle with several
/// arrows may be drawn once per arrow: a free one is taken first.
fn arrow_entry(sheet: &mut Sheet<'_>, cells: &[Cell]) -> Option<Value> {
    let is_bulb = |o: &Map<String, Value>| {
        rounded(o) && grey(&colour(o, "borderColor")) && covers(o, cells[0])
    };
    let i = free_or_any(&sheet.overlays, &sheet.used_over, is_bulb)?;
    sheet.used_over[i] = true;
    let n = sheet.n as i64;
    let circle: Vec<Cell> = (0..n)
        .flat_map(|r| (0..n).map(move |c| (r, c)))
        .filter(|&cell| covers(sheet.overlays[i], cell))
        .collect();
    let mut line = circle.clone();
    for &cell in cells {
        if !line.contains(&cell) {
            line.push(cell);
        }
    }
    Some(json!({ "cells": names(&circle), "lines": [names(&line)] }))
}

/// A round underlay or overlay centred on `p` (a thermometer's bulb):
/// `(true, i)` for underlay `i`, `(false, i)` for overlay `i`.
/// Thermometers sharing a bulb may draw it once each: a free one first.
fn bulb_at(sheet: &Sheet<'_>, p: (f64, f64)) -> Option<(bool, usize)> {
    let is_bulb = |u: &Map<String, Value>| {
        rounded(u)
            && size(u, "width") >= 0.5
            && centre(u).is_some_and(|q| near(q.0, p.0) && near(q.1, p.1))
    };
    (free_or_any(&sheet.underlays, &sheet.used_under, is_bulb).map(|i| (true, i)))
        .or_else(|| free_or_any(&sheet.overlays, &sheet.used_over, is_bulb).map(|i| (false, i)))
}

/// Reads the puzzle's `lines`.
pub(super) fn read_lines(sheet: &mut Sheet<'_>, puzzle: &Value, text: &RulesText) {
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
        let names = names(&cells);
        let nn = sheet.n as f64;
        let drawn = || format!("line {col} (thickness {th}) through {}", cells_text(&cells));
        if (col.as_str(), th as i64) == ("#34bbe6", 2) && pts.len() == 2 {
            let (a, b) = (pts[0], pts[1]);
            let ends = |p: (f64, f64), q: (f64, f64)| {
                near(a.0, p.0) && near(a.1, p.1) && near(b.0, q.0) && near(b.1, q.1)
            };
            if ends((0.0, 0.0), (nn, nn)) || ends((nn, nn), (0.0, 0.0)) {
                sheet.doc.insert("diagonal-".into(), json!(true));
            } else if ends((0.0, nn), (nn, 0.0)) || ends((nn, 0.0), (0.0, nn)) {
                sheet.doc.insert("diagonal+".into(), json!(true));
            } else {
                sheet.unknown.push(format!(
                    "line {col} from ({}, {}) to ({}, {})",
                    a.0, a.1, b.0, b.1
                ));
            }
            continue;
        }
        let Some(paint) = Colour::parse(&col) else {
            sheet.unknown.push(drawn());
            continue;
        };
        // A short grey stroke inside one cell: the head of an arrow drawn
        // with the pen, if an arrow ends there (checked below).
        if paint.is_grey() && cells.len() == 1 && sheet.inside(cells[0]) {
            heads.push((cells[0], drawn()));
            continue;
        }
        if cells.len() < 2 || !cells.iter().all(|&c| sheet.inside(c)) {
            sheet.unknown.push(drawn());
            continue;
        }
        // A grey line with a bulb on one end: a thermometer.
        if paint.is_grey() && th >= 8.0 {
            let (first, last) = (pts[0], pts[pts.len() - 1]);
            let found = bulb_at(sheet, first)
                .map(|b| (b, false))
                .or_else(|| bulb_at(sheet, last).map(|b| (b, true)));
            if let Some(((under, i), reversed)) = found {
                if under {
                    sheet.used_under[i] = true;
                } else {
                    sheet.used_over[i] = true;
                }
                let mut names = names.clone();
                if reversed {
                    names.reverse();
                }
                sheet.push("thermometer", json!({ "lines": [names] }));
                continue;
            }
        }
        if (col.as_str(), th as i64) == ("#cfcfcf", 2) {
            // A between line: its ends ringed by overlays.
            let ring = |cell: (i64, i64)| {
                sheet.overlays.iter().position(|o| {
                    rounded(o)
                        && colour(o, "borderColor") == "#cfcfcf"
                        && centre(o).is_some_and(|q| cell_of(q) == cell)
                })
            };
            match (ring(cells[0]), ring(cells[cells.len() - 1])) {
                (Some(a), Some(b)) => {
                    sheet.used_over[a] = true;
                    sheet.used_over[b] = true;
                    sheet.push("betweenline", json!({ "lines": [names] }));
                }
                _ => sheet
                    .unknown
                    .push(format!("thin grey line through {}", cells_text(&cells))),
            }
            continue;
        }
        // A thin grey line from a circle: an arrow drawn with the pen.
        if paint.is_grey() && th < 8.0 {
            let mut shaft = cells.clone();
            let entry = arrow_entry(sheet, &shaft).or_else(|| {
                shaft.reverse();
                arrow_entry(sheet, &shaft)
            });
            if let Some(entry) = entry {
                tips.extend(shaft.last().copied());
                sheet.push("arrow", entry);
                continue;
            }
        }
        if (col.as_str(), th as i64) == ("#cfcfcf", 16) {
            sheet.push("palindrome", json!({ "lines": [names] }));
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
        _ => sheet
            .unknown
            .extend(pending.into_iter().map(|(_, _, drawn)| drawn)),
    }
    sheet.unknown.extend(
        (heads.into_iter())
            .filter(|(cell, _)| !tips.contains(cell))
            .map(|(_, drawn)| drawn),
    );
    for (key, entry) in post_strokes(strokes, &mut sheet.unknown) {
        sheet.push(key, entry);
    }
}

/// Reads the puzzle's `arrows`.
pub(super) fn read_arrows(sheet: &mut Sheet<'_>, puzzle: &Value) {
    // Sum arrows from a bulb, little killers outside the grid.
    for arrow in items(puzzle, "arrows") {
        let pts = points(arrow);
        let col = colour(arrow, "color");
        if pts.len() < 2 {
            continue;
        }
        let cells: Vec<(i64, i64)> = pts.iter().map(|&p| cell_of(p)).collect();
        let outside_start = !sheet.inside(cells[0]);
        if col == "#000000" && outside_start && cells.iter().all(|&c| c == cells[0]) {
            let (dy, dx) = (pts[1].0 - pts[0].0, pts[1].1 - pts[0].1);
            let dir = match (dy < 0.0, dx < 0.0) {
                (true, true) => "UL",
                (true, false) => "UR",
                (false, true) => "DL",
                (false, false) => "DR",
            };
            let clue = cells[0];
            let label = sheet.overlays.iter().position(|o| {
                centre(o).is_some_and(|q| cell_of(q) == clue) && !text_of(o).is_empty()
            });
            let Some(i) = label else {
                sheet.unknown.push(format!(
                    "little killer arrow at {} without its number",
                    name(clue.0, clue.1)
                ));
                continue;
            };
            sheet.used_over[i] = true;
            sheet.push(
                "littlekillersum",
                json!({ "cell": name(clue.0, clue.1), "direction": dir, "value": text_of(sheet.overlays[i]) }),
            );
            continue;
        }
        let cells = path_cells(&pts);
        if grey(&col) && cells.iter().all(|&c| sheet.inside(c)) {
            match arrow_entry(sheet, &cells) {
                Some(entry) => sheet.push("arrow", entry),
                None => sheet.unknown.push(format!(
                    "grey arrow without a circle through {}",
                    cells_text(&cells)
                )),
            }
            continue;
        }
        sheet
            .unknown
            .push(format!("arrow {col} through {}", cells_text(&cells)));
    }
}
