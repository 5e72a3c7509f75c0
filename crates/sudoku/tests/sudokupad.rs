//! SudokuPad links and payloads: the f-puzzles corpus drawn the way
//! SudokuPad's f-puzzles import draws it (`scl` links of SudokuPad's own
//! format), read back, gives the same puzzles and solutions; a real
//! SudokuPad puzzle with rules this tool does not know is refused with the
//! shapes named, and read without them on request; real SudokuPad
//! puzzles drawn with SudokuPad's own tools (puzzles/sudokupad/) read to
//! their recorded solutions.

use serde_json::{Map, Value, json};
use sudoku::{Sudoku, VariantPuzzle};

fn rc(name: &str) -> (f64, f64) {
    let (r, c) = name[1..].split_once(['C', 'c']).unwrap();
    (
        r.parse::<f64>().unwrap() - 1.0,
        c.parse::<f64>().unwrap() - 1.0,
    )
}

fn centre(name: &str) -> Value {
    let (r, c) = rc(name);
    json!([r + 0.5, c + 0.5])
}

fn cells_of(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect()
}

fn mid(a: &str, b: &str) -> Value {
    let ((r1, c1), (r2, c2)) = (rc(a), rc(b));
    json!([(r1 + r2) / 2.0 + 0.5, (c1 + c2) / 2.0 + 0.5])
}

/// An f-puzzles document drawn as SudokuPad's f-puzzles import draws it.
fn to_scl(doc: &Value) -> Value {
    let n = doc["size"].as_u64().unwrap() as usize;
    let mut out = Map::new();
    let mut push = |key: &str, v: Value| {
        let list = out.entry(key.to_string()).or_insert_with(|| json!([]));
        list.as_array_mut().unwrap().push(v);
    };
    let (br, bc) = match n {
        4 => (2, 2),
        6 => (2, 3),
        8 => (2, 4),
        9 => (3, 3),
        _ => (n, 1),
    };
    let mut cells = Vec::new();
    let mut regions: std::collections::BTreeMap<i64, Vec<Value>> = Default::default();
    for (r, row) in doc["grid"].as_array().unwrap().iter().enumerate() {
        let mut out_row = Vec::new();
        for (c, cell) in row.as_array().unwrap().iter().enumerate() {
            let mut o = Map::new();
            if cell.get("given") == Some(&json!(true)) {
                o.insert("value".into(), cell["value"].clone());
            }
            out_row.push(Value::Object(o));
            let region = cell
                .get("region")
                .and_then(Value::as_i64)
                .unwrap_or(((r / br) * br + c / bc) as i64);
            regions.entry(region).or_default().push(json!([r, c]));
        }
        cells.push(Value::Array(out_row));
    }
    for key in ["title", "author"] {
        if let Some(t) = doc.get(key).and_then(Value::as_str) {
            push("cages", json!({ "value": format!("{key}: {t}") }));
        }
    }
    if let Some(s) = doc.get("solution").and_then(Value::as_array) {
        let text: String = s.iter().map(|d| d.to_string()).collect();
        push("cages", json!({ "value": format!("solution: {text}") }));
    }
    for cage in doc
        .get("killercage")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let cells: Vec<Value> = cells_of(&cage["cells"])
            .iter()
            .map(|c| {
                let (r, c) = rc(c);
                json!([r, c])
            })
            .collect();
        let mut e = json!({ "cells": cells, "unique": true });
        if let Some(v) = cage.get("value") {
            e["value"] = v.clone();
            e["sum"] = json!(v.as_str().unwrap().parse::<i64>().unwrap());
        }
        push("cages", e);
    }
    for region in doc
        .get("extraregion")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let cells: Vec<Value> = cells_of(&region["cells"])
            .iter()
            .map(|c| {
                let (r, c) = rc(c);
                json!([r, c])
            })
            .collect();
        push(
            "cages",
            json!({ "cells": cells, "style": "extraregion", "unique": true }),
        );
    }
    for neg in doc
        .get("negative")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        push("global", json!(format!("anti{}", neg.as_str().unwrap())));
    }
    for g in ["antiknight", "antiking", "nonconsecutive"] {
        if doc.get(g) == Some(&json!(true)) {
            push("global", json!(g));
        }
    }
    let nn = n as f64;
    if doc.get("diagonal-") == Some(&json!(true)) {
        push(
            "lines",
            json!({ "color": "#34BBE6", "thickness": 2, "wayPoints": [[0, 0], [nn, nn]] }),
        );
    }
    if doc.get("diagonal+") == Some(&json!(true)) {
        push(
            "lines",
            json!({ "color": "#34BBE6", "thickness": 2, "wayPoints": [[0, nn], [nn, 0]] }),
        );
    }
    for t in doc
        .get("thermometer")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        for line in t["lines"].as_array().unwrap() {
            let pts: Vec<Value> = cells_of(line).iter().map(|c| centre(c)).collect();
            push(
                "underlays",
                json!({ "borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": pts[0], "rounded": true, "width": 0.85, "height": 0.85 }),
            );
            push(
                "lines",
                json!({ "color": "#CFCFCF", "thickness": 21, "wayPoints": pts }),
            );
        }
    }
    for a in doc
        .get("arrow")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let circle = cells_of(&a["cells"]);
        for line in a["lines"].as_array().unwrap() {
            // The shaft starts at the last circle cell, moved 0.4 towards
            // the next cell, as SudokuPad draws it.
            let names: Vec<String> = cells_of(line)
                .into_iter()
                .filter(|c| !circle.contains(c) || circle.last() == Some(c))
                .collect();
            let mut pts: Vec<(f64, f64)> = names
                .iter()
                .map(|c| {
                    let (r, c) = rc(c);
                    (r + 0.5, c + 0.5)
                })
                .collect();
            let (dr, dc) = (pts[1].0 - pts[0].0, pts[1].1 - pts[0].1);
            let dist = (dr * dr + dc * dc).sqrt();
            pts[0].0 += (100.0 * 0.4 * dr.signum() / dist).round() / 100.0;
            pts[0].1 += (100.0 * 0.4 * dc.signum() / dist).round() / 100.0;
            let pts: Vec<Value> = pts.iter().map(|p| json!([p.0, p.1])).collect();
            push(
                "arrows",
                json!({ "color": "#a1a1a1", "headLength": 0.3, "thickness": 5, "wayPoints": pts }),
            );
        }
        let (rs, cs): (Vec<f64>, Vec<f64>) = circle.iter().map(|c| rc(c)).unzip();
        let (r0, r1) = (
            rs.iter().cloned().fold(f64::MAX, f64::min),
            rs.iter().cloned().fold(f64::MIN, f64::max),
        );
        let (c0, c1) = (
            cs.iter().cloned().fold(f64::MAX, f64::min),
            cs.iter().cloned().fold(f64::MIN, f64::max),
        );
        push(
            "overlays",
            json!({ "borderColor": "#a1a1a1", "backgroundColor": "#ffffff", "center": [(r0 + r1) / 2.0 + 0.5, (c0 + c1) / 2.0 + 0.5], "rounded": true, "width": 0.83 + (c1 - c0), "height": 0.83 + (r1 - r0), "text": "" }),
        );
    }
    for (key, bg) in [("ratio", "#000000"), ("difference", "#FFFFFF")] {
        for d in doc.get(key).and_then(Value::as_array).into_iter().flatten() {
            let cells = cells_of(&d["cells"]);
            let mut e = json!({ "borderColor": "#000000", "backgroundColor": bg, "center": mid(&cells[0], &cells[1]), "rounded": true, "width": 0.3, "height": 0.3, "text": "" });
            if let Some(v) = d.get("value") {
                e["text"] = v.clone();
            }
            push("overlays", e);
        }
    }
    for x in doc
        .get("xv")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let cells = cells_of(&x["cells"]);
        push(
            "overlays",
            json!({ "backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "center": mid(&cells[0], &cells[1]), "fontSize": 21, "rounded": false, "width": 0.25, "height": 0.25, "text": x["value"] }),
        );
    }
    for (key, round) in [("even", false), ("odd", true)] {
        for e in doc.get(key).and_then(Value::as_array).into_iter().flatten() {
            push(
                "underlays",
                json!({ "borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": centre(e["cell"].as_str().unwrap()), "rounded": round, "width": 0.7, "height": 0.7 }),
            );
        }
    }
    out.insert("cellSize".into(), json!(50));
    out.insert("cells".into(), Value::Array(cells));
    out.insert(
        "regions".into(),
        Value::Array(regions.into_values().map(Value::Array).collect()),
    );
    Value::Object(out)
}

fn corpus() -> Vec<(String, String)> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/variants");
    let mut out = Vec::new();
    for family in std::fs::read_dir(root).unwrap() {
        let family = family.unwrap().path();
        if family.is_dir() {
            for f in std::fs::read_dir(&family).unwrap() {
                let f = f.unwrap().path();
                out.push((
                    f.file_stem().unwrap().to_string_lossy().into_owned(),
                    std::fs::read_to_string(&f).unwrap(),
                ));
            }
        }
    }
    out.sort();
    out
}

fn solve(vp: VariantPuzzle) -> (u64, String) {
    let sudoku = Sudoku::with_rules(vp.puzzle.size(), vp.rules).unwrap();
    let config = csp_core::SearchConfig {
        variables: "EH".parse().unwrap(),
        values: "5".parse().unwrap(),
        level: csp_core::PropagationLevel::Singles,
        ..Default::default()
    };
    let report = sudoku
        .count_solutions(&vp.puzzle, &config, Some(2))
        .unwrap();
    (
        report.stats.solutions,
        report.solution.map(|s| s.to_string()).unwrap_or_default(),
    )
}

#[test]
fn the_corpus_drawn_as_sudokupad_draws_it_reads_the_same() {
    let mut read = 0;
    for (name, text) in corpus() {
        let doc: Value = serde_json::from_str(&text).unwrap();
        let scl = to_scl(&doc);
        // Plain JSON and its LZ-string form, in a link and alone.
        let data = lz_str::compress_to_base64(&scl.to_string());
        for link in [
            format!("https://sudokupad.app/scl{data}"),
            format!("ctc{data}"),
        ] {
            let from_pad =
                VariantPuzzle::from_link(&link).unwrap_or_else(|e| panic!("{name}: {e}"));
            let direct = VariantPuzzle::from_json(&text).unwrap();
            assert_eq!(from_pad.puzzle, direct.puzzle, "{name}");
            assert_eq!(from_pad.solution, direct.solution, "{name}");
            assert_eq!(from_pad.rules.names(), direct.rules.names(), "{name}");
            assert_eq!(
                from_pad.rules.elements.len(),
                direct.rules.elements.len(),
                "{name}"
            );
            let (n, solution) = solve(from_pad);
            assert_eq!(n, 1, "{name}");
            let recorded: String = doc["solution"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d.to_string())
                .collect();
            assert_eq!(solution, recorded, "{name}");
        }
        read += 1;
    }
    assert_eq!(read, 76);
}

#[test]
fn a_real_sudokupad_puzzle_with_unknown_lines_is_refused_naming_them() {
    // "Parity Fish" by Marty Sears, the example link of SakanaAI/Sudoku-
    // Bench's README (its `encoded_puzzle` field): its red parity lines are
    // drawn in a background image, which cannot be read as rules.
    let link = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/inputs/sudokupad/parity-fish.txt"
    ))
    .unwrap();
    let e = VariantPuzzle::from_link(link.trim())
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("SudokuPad puzzle: "), "{e}");
    assert!(e.contains("a background image"), "{e}");
    let vp = VariantPuzzle::from_link_with(link.trim(), true).unwrap();
    assert!(!vp.ignored.is_empty());
    assert_eq!(vp.puzzle.size().side(), 9);
    insta::assert_snapshot!(format!(
        "{}\nignored:\n{}\nrules: {}\nabout: {:?} by {:?}",
        vp.puzzle,
        vp.ignored.join("\n"),
        vp.rules.summary(),
        vp.rules.about.title,
        vp.rules.about.author
    ));
}

/// puzzles/sudokupad/: eighteen real SudokuPad payloads from the
/// Sudoku-Bench dataset (the README there names them), each counted to 2:
/// exactly one solution, the recorded one.
#[test]
fn real_sudokupad_puzzles_read_to_their_recorded_solutions() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/sudokupad/");
    let table = std::fs::read_to_string(format!("{root}solutions.tsv")).unwrap();
    let mut read = 0;
    for row in table.lines().skip(1) {
        let f: Vec<&str> = row.split('\t').collect();
        let [file, _, title, author, solution, ignore, rules] = f[..] else {
            panic!("bad row {row:?}")
        };
        let payload = std::fs::read_to_string(format!("{root}{file}")).unwrap();
        let mut vp = VariantPuzzle::from_link_with(payload.trim(), ignore == "yes")
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(vp.rules.about.title.as_deref(), Some(title), "{file}");
        assert_eq!(vp.rules.about.author.as_deref(), Some(author), "{file}");
        assert_eq!(vp.ignored.is_empty(), ignore != "yes", "{file}");
        for rule in rules.split(';').filter(|r| !r.is_empty()) {
            let rule: sudoku::UserRule = rule.parse().unwrap();
            let side = vp.puzzle.size().side();
            vp.rules.elements.push(rule.element(side).unwrap());
        }
        let (n, found) = solve(vp);
        assert_eq!((n, found.as_str()), (1, solution), "{file}");
        read += 1;
    }
    assert_eq!(read, 18);
}

/// What each real SudokuPad puzzle is read as: the rule elements its
/// shapes and rules text give.
#[test]
fn real_sudokupad_puzzles_are_read_as_these_rules() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/sudokupad/");
    let mut out = String::new();
    let mut files: Vec<_> = std::fs::read_dir(root)
        .unwrap()
        .map(|f| f.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    for path in files {
        let payload = std::fs::read_to_string(&path).unwrap();
        let vp = VariantPuzzle::from_link_with(payload.trim(), true).unwrap();
        out.push_str(&format!(
            "{}: {}{}\n",
            path.file_name().unwrap().to_string_lossy(),
            vp.rules.summary(),
            if vp.ignored.is_empty() {
                String::new()
            } else {
                format!(" (ignored: {})", vp.ignored.join("; "))
            }
        ));
    }
    insta::assert_snapshot!(out);
}

/// "Nautilus" by Oddlyeven (Sudoku-Bench, challenge puzzle 0099): its
/// shell is a region-sum line drawn in two strokes, one starting in the
/// middle of the other. A branching region-sum line is no rule this tool
/// has: refused, naming both strokes (the renban "fish", two strokes that
/// meet, is one set and read).
#[test]
fn a_branching_region_sum_line_is_refused_naming_its_strokes() {
    let link = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/inputs/sudokupad/nautilus.txt"
    ))
    .unwrap();
    let e = VariantPuzzle::from_link(link.trim())
        .unwrap_err()
        .to_string();
    insta::assert_snapshot!(e, @r#"SudokuPad puzzle: 2 shape(s) are no rule this solver knows (solving without them would answer another puzzle; --ignore-unknown does so on purpose): line #2ecbffff (thickness 9.6) through r7c8 r7c7 r7c6 r7c5 r7c4 r6c3 r5c3 r4c4 r4c5 r5c6 r6c5 r5c4: a branching or crossing region-sum-line; line #2ecbffff (thickness 9.6) through r7c6 r6c7 r5c7 r4c7 r3c6 r2c5 r2c4 r2c3 r3c2 r4c1 r5c1 r6c1 r7c1 r8c2 r9c3 r9c4 r9c5 r9c6 r9c7 r9c8 r8c7: a branching or crossing region-sum-line"#);
    let vp = VariantPuzzle::from_link_with(link.trim(), true).unwrap();
    assert_eq!(vp.rules.summary(), "kropki x8, whispers x2, renban");
}
