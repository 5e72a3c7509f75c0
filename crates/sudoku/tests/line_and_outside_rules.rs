//! The line rules and outside clues read from f-puzzles keys, each checked
//! against an independent brute-force solver.
//!
//! For every element type, clues are taken from one solved grid (the
//! solution of `thermo-lisudoku-9x9_thermo_hard`): lines along rows, columns
//! and diagonals that the grid keeps, outside clues with the value the grid
//! gives them. Then the grid is blanked in a fixed pattern and the puzzle is
//! counted two ways:
//! - by the brute force below: every filling of the blanks with distinct
//!   digits in rows, columns and boxes, kept when the elements' own `check`
//!   (written apart from the propagators) accepts the grid;
//! - by the solver at every propagation level, all solutions.
//!
//! The counts must agree exactly, and the original grid must be among the
//! solutions.

use crate::common;

use common::config;
use csp_core::{PropagationLevel, Termination};
use serde_json::{Value, json};
use sudoku::{Puzzle, Sudoku, VariantPuzzle};

/// The solved grid the clues come from.
const SOLUTION: &str =
    "543679182681243795927815634265934871794128563138567249376451928852396417419782356";

/// A grid with disjoint groups (the cells in one place of every box hold
/// distinct digits): digit `(3 (r mod 3) + r / 3 + c) mod 9 + 1`.
const PATTERN: &str =
    "123456789456789123789123456234567891567891234891234567345678912678912345912345678";

fn digits(solution: &str) -> Vec<u8> {
    solution.bytes().map(|b| b - b'0').collect()
}

fn name(cell: usize) -> String {
    format!("R{}C{}", cell / 9 + 1, cell % 9 + 1)
}

/// An f-puzzles document of the solution with the cells of `blank` empty
/// and the entries `rules`.
fn document(solution: &str, blank: &dyn Fn(usize) -> bool, rules: &[(&str, Value)]) -> String {
    let d = digits(solution);
    let grid: Vec<Vec<Value>> = (0..9)
        .map(|r| {
            (0..9)
                .map(|c| {
                    let i = r * 9 + c;
                    if blank(i) {
                        json!({})
                    } else {
                        json!({ "value": d[i], "given": true })
                    }
                })
                .collect()
        })
        .collect();
    let mut doc = json!({ "size": 9, "grid": grid });
    for (key, entry) in rules {
        if entry.is_boolean() {
            // A global flag (`"disjointgroups": true`), not a list.
            doc[*key] = entry.clone();
            continue;
        }
        let list = doc
            .as_object_mut()
            .unwrap()
            .entry(key.to_string())
            .or_insert(json!([]));
        match list {
            Value::Array(items) => items.push(entry.clone()),
            flag => *flag = entry.clone(),
        }
    }
    doc.to_string()
}

/// Whether the solved grid keeps `entry` of `key`.
fn kept(key: &str, entry: &Value) -> bool {
    kept_by(SOLUTION, key, entry)
}

/// Whether `solution` keeps `entry` of `key`.
fn kept_by(solution: &str, key: &str, entry: &Value) -> bool {
    let vp = VariantPuzzle::from_json(&document(solution, &|_| true, &[(key, entry.clone())]));
    let Ok(vp) = vp else {
        return false;
    };
    let Ok(sudoku) = Sudoku::with_rules(vp.puzzle.size(), vp.rules) else {
        return false;
    };
    let solution: Puzzle = solution.parse().unwrap();
    sudoku.is_solution_of(&solution, &vp.puzzle)
}

/// Straight lines of `len` cells (rows, columns, both diagonals), in a
/// fixed order, each both ways.
fn straight_lines(len: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for (dr, dc) in [(0isize, 1isize), (1, 0), (1, 1), (1, -1)] {
        for start in 0..81isize {
            let (r, c) = (start / 9, start % 9);
            let cells: Option<Vec<usize>> = (0..len as isize)
                .map(|k| {
                    let (r, c) = (r + k * dr, c + k * dc);
                    ((0..9).contains(&r) && (0..9).contains(&c)).then_some((r * 9 + c) as usize)
                })
                .collect();
            if let Some(cells) = cells {
                let mut back = cells.clone();
                back.reverse();
                out.push(cells);
                out.push(back);
            }
        }
    }
    out
}

/// Up to `count` lines of `key` the solution keeps, of `len` cells, as
/// entries.
fn lines(key: &str, len: usize, count: usize) -> Vec<(String, Value)> {
    lines_valued(key, len, count, None)
}

/// The same, the entries carrying `value` when given (Dutch whispers).
fn lines_valued(key: &str, len: usize, count: usize, value: Option<u8>) -> Vec<(String, Value)> {
    let mut out: Vec<(String, Value)> = Vec::new();
    for line in straight_lines(len) {
        if out.len() == count {
            break;
        }
        let names: Vec<String> = line.iter().map(|&c| name(c)).collect();
        let mut entry = json!({ "lines": [names] });
        if let Some(v) = value {
            entry["value"] = json!(v);
        }
        if kept(key, &entry) {
            out.push((key.to_string(), entry));
        }
    }
    out
}

/// The outside clues of `key` at `cells`, with the value the solution
/// gives each (the first value from 0 it keeps).
fn clues(key: &str, cells: &[&str], direction: Option<&str>) -> Vec<(String, Value)> {
    cells
        .iter()
        .map(|cell| {
            let value = (0..=81)
                .map(|v| {
                    let mut entry = json!({ "cell": cell, "value": v.to_string() });
                    if let Some(d) = direction {
                        entry["direction"] = json!(d);
                    }
                    entry
                })
                .find(|entry| kept(key, entry))
                .unwrap_or_else(|| panic!("{key} at {cell}: no value fits"));
            (key.to_string(), value)
        })
        .collect()
}

/// The entries `make(cell)` for every cell in reading order that the
/// solution keeps, at most `count`.
fn cell_entries(
    key: &str,
    count: usize,
    make: impl Fn(usize) -> Option<Value>,
) -> Vec<(String, Value)> {
    (0..81)
        .filter_map(make)
        .filter(|entry| kept(key, entry))
        .take(count)
        .map(|entry| (key.to_string(), entry))
        .collect()
}

/// An f-puzzles key, the solved grid its clues come from, and the clues
/// (key and entry each).
type Case = (&'static str, &'static str, Vec<(String, Value)>);

/// Every element type with the clues it is tested with (on [`SOLUTION`]
/// unless it says otherwise).
fn cases() -> Vec<Case> {
    let d = digits(SOLUTION);
    let on_solution: Vec<(&str, Vec<(String, Value)>)> = vec![
        ("renban", lines("renban", 3, 4)),
        ("palindrome", lines("palindrome", 3, 4)),
        ("betweenline", lines("betweenline", 4, 4)),
        ("lockout", lines("lockout", 3, 4)),
        ("regionsumline", lines("regionsumline", 4, 4)),
        ("entropicline", lines("entropicline", 4, 4)),
        ("modularline", lines("modularline", 4, 4)),
        ("nabner", lines("nabner", 3, 4)),
        ("zipperline", lines("zipperline", 3, 4)),
        ("doublearrow", lines("doublearrow", 4, 4)),
        ("slowthermometer", lines("slowthermometer", 3, 4)),
        // Chess leaps the grid keeps for one digit (a camel's, a zebra's,
        // a giraffe's move), and one from a few cells only.
        (
            "chess",
            ((1..=9).flat_map(|d| ["1,3", "2,3", "1,4"].map(|m| format!("{m};v{d}"))))
                .chain([
                    "1,3;r5c5;r1c1-r1c9".to_string(),
                    "2,2;r9c1-r9c3".to_string(),
                ])
                .map(|v| ("chess".to_string(), json!({ "value": v })))
                .filter(|(k, e)| kept(k, e))
                .take(4)
                .collect(),
        ),
        // Dutch whispers: neighbours differ by at least 4.
        ("whispers", lines_valued("whispers", 3, 4, Some(4))),
        // Killer cages without a sum: only distinct (L shapes across two
        // boxes, so the cage says more than the houses: r1c3 and r2c4).
        (
            "killercage",
            cell_entries("killercage", 4, |i| {
                (i % 3 == 2 && i % 9 < 8 && i < 72)
                    .then(|| json!({ "cells": [name(i), name(i + 1), name(i + 10)] }))
            }),
        ),
        (
            "littlekillersum",
            [
                clues("littlekillersum", &["R0C2", "R5C0"], Some("DR")),
                clues("littlekillersum", &["R10C4", "R3C10"], Some("UL")),
            ]
            .concat(),
        ),
        (
            "sandwichsum",
            clues("sandwichsum", &["R0C1", "R0C5", "R2C0", "R7C10"], None),
        ),
        (
            "xsum",
            clues("xsum", &["R0C3", "R10C6", "R4C0", "R8C10"], None),
        ),
        (
            "skyscraper",
            clues("skyscraper", &["R0C2", "R10C8", "R5C0", "R1C10"], None),
        ),
        (
            // Two cells next to each other, cloned where the same two
            // digits stand side by side again.
            "clone",
            cell_entries("clone", 3, |i| {
                let j = (i + 1..80).find(|&j| {
                    i % 9 < 8 && j % 9 < 8 && j != i + 1 && d[j] == d[i] && d[j + 1] == d[i + 1]
                })?;
                Some(
                    json!({ "cells": [name(i), name(i + 1)], "cloneCells": [name(j), name(j + 1)] }),
                )
            }),
        ),
        (
            "quadruple",
            cell_entries("quadruple", 4, |i| {
                (i % 9 < 8 && i < 72 && i % 2 == 0).then(|| {
                    let cells = [i, i + 1, i + 9, i + 10];
                    json!({ "cells": cells.map(name), "values": [d[i], d[i + 10]] })
                })
            }),
        ),
        (
            "minimum",
            cell_entries("minimum", 4, |i| Some(json!({ "cell": name(i) }))),
        ),
        (
            "maximum",
            cell_entries("maximum", 4, |i| Some(json!({ "cell": name(i) }))),
        ),
        (
            "rowindexer",
            cell_entries("rowindexer", 3, |i| Some(json!({ "cells": [name(i)] }))),
        ),
        (
            "columnindexer",
            cell_entries("columnindexer", 3, |i| Some(json!({ "cells": [name(i)] }))),
        ),
        (
            "boxindexer",
            cell_entries("boxindexer", 3, |i| Some(json!({ "cells": [name(i)] }))),
        ),
    ];
    // Sum dots and the negative rules: dots on every orthogonal pair of the
    // solution with the sums, differences or ratios chosen, so that it
    // keeps "no other pair" by construction.
    let pairs: Vec<[usize; 2]> = (0..81)
        .flat_map(|i| {
            [
                (i % 9 < 8).then_some([i, i + 1]),
                (i < 72).then_some([i, i + 9]),
            ]
        })
        .flatten()
        .collect();
    let dots = |key: &str, value: &dyn Fn(u8, u8) -> Option<u8>| -> Vec<(String, Value)> {
        (pairs.iter())
            .filter_map(|&[a, b]| {
                let v = value(d[a], d[b])?;
                let entry = json!({ "cells": [name(a), name(b)], "value": v.to_string() });
                Some((key.to_string(), entry))
            })
            .collect()
    };
    let negative = |rule: &str| ("negative".to_string(), json!(rule));
    let on_solution = [
        on_solution,
        vec![
            (
                "sum",
                cell_entries("sum", 4, |i| {
                    (i % 9 < 8).then(|| {
                        let v = (d[i] + d[i + 1]).to_string();
                        json!({ "cells": [name(i), name(i + 1)], "value": v })
                    })
                }),
            ),
            (
                "cage",
                cell_entries("cage", 4, |i| {
                    (i % 9 < 7 && i % 2 == 1).then(|| {
                        let sum: u32 = (i..i + 3).map(|c| u32::from(d[c])).sum();
                        let root = 1 + (sum - 1) % 9;
                        json!({ "cells": [name(i), name(i + 1), name(i + 2)], "value": format!("DR{root}") })
                    })
                }),
            ),
            (
                // Odd digits never touch, and a line that ends high.
                "regex",
                [
                    ("[2468]*([13579][2468]+)*[13579]?", 4),
                    (".*[7-9]", 3),
                ]
                .iter()
                .flat_map(|&(pattern, len)| {
                    let kept: Vec<(String, Value)> = (straight_lines(len).into_iter())
                        .map(|line| {
                            let names: Vec<String> = line.iter().map(|&c| name(c)).collect();
                            json!({ "cells": names, "value": pattern })
                        })
                        .filter(|entry| kept("regex", entry))
                        .take(2)
                        .map(|entry| ("regex".to_string(), entry))
                        .collect();
                    kept
                })
                .collect(),
            ),
            (
                "negative sum",
                [
                    dots("sum", &|a, b| (a + b == 15 || a + b == 4).then_some(a + b)),
                    vec![negative("sum")],
                ]
                .concat(),
            ),
            (
                "negative difference",
                [
                    dots("difference", &|a, b| {
                        matches!(a.abs_diff(b), 1 | 7).then(|| a.abs_diff(b))
                    }),
                    vec![negative("difference")],
                ]
                .concat(),
            ),
            (
                "negative ratio",
                [
                    dots("ratio", &|a, b| {
                        let (lo, hi) = (a.min(b), a.max(b));
                        (hi % lo == 0 && matches!(hi / lo, 2 | 3)).then_some(hi / lo)
                    }),
                    vec![negative("ratio")],
                ]
                .concat(),
            ),
        ],
    ]
    .concat();
    let mut out: Vec<Case> = (on_solution.into_iter())
        .map(|(k, rules)| (k, SOLUTION, rules))
        .collect();
    assert!(kept_by(PATTERN, "disjointgroups", &json!(true)));
    out.push((
        "disjointgroups",
        PATTERN,
        vec![("disjointgroups".into(), json!(true))],
    ));
    out
}

/// Solutions of `vp` by brute force: fill the blanks in reading order with
/// digits distinct in rows, columns and boxes; keep the grids the elements
/// accept. Stops past `cap`.
fn brute_force(vp: &VariantPuzzle, sudoku: &Sudoku, solution: &str, cap: usize) -> (usize, bool) {
    let (found, has_solution, _) = brute_force_solutions(vp, sudoku, solution, cap);
    (found, has_solution)
}

/// The same, with the solutions found.
fn brute_force_solutions(
    vp: &VariantPuzzle,
    sudoku: &Sudoku,
    solution: &str,
    cap: usize,
) -> (usize, bool, Vec<Vec<u8>>) {
    let mut solutions = Vec::new();
    let mut grid = vp.puzzle.cells().to_vec();
    let blanks: Vec<usize> = (0..81).filter(|&i| grid[i] == 0).collect();
    let mut found = 0;
    let mut has_solution = false;
    fn fits(grid: &[u8], i: usize, d: u8) -> bool {
        let (r, c) = (i / 9, i % 9);
        let b = (r / 3) * 3 * 9 + (c / 3) * 3;
        (0..9).all(|k| {
            grid[r * 9 + k] != d && grid[k * 9 + c] != d && grid[b + (k / 3) * 9 + k % 3] != d
        })
    }
    fn fill(
        grid: &mut Vec<u8>,
        blanks: &[usize],
        k: usize,
        visit: &mut dyn FnMut(&[u8]) -> bool,
    ) -> bool {
        if k == blanks.len() {
            return visit(grid);
        }
        let i = blanks[k];
        for d in 1..=9 {
            if fits(grid, i, d) {
                grid[i] = d;
                let go_on = fill(grid, blanks, k + 1, visit);
                grid[i] = 0;
                if !go_on {
                    return false;
                }
            }
        }
        true
    }
    let given = vp.puzzle.clone();
    fill(&mut grid, &blanks, 0, &mut |g| {
        let candidate = Puzzle::from_digits(given.size(), g.to_vec());
        if sudoku.is_solution_of(&candidate, &given) {
            found += 1;
            solutions.push(g.to_vec());
            has_solution |= candidate.to_string() == solution;
        }
        found <= cap
    });
    (found, has_solution, solutions)
}

fn solver_count(sudoku: &Sudoku, puzzle: &Puzzle, level: PropagationLevel, cap: u64) -> u64 {
    solver_count_with(sudoku, puzzle, level, cap, ("EA", "0"))
}

fn solver_count_with(
    sudoku: &Sudoku,
    puzzle: &Puzzle,
    level: PropagationLevel,
    cap: u64,
    (cells, values): (&str, &str),
) -> u64 {
    let report = sudoku
        .count_solutions(puzzle, &config(cells, values, level), Some(cap + 1))
        .unwrap();
    assert_eq!(report.termination, Termination::Exhausted);
    report.stats.solutions
}

/// Counts stop past this many solutions.
const CAP: usize = 3000;

#[test]
fn every_new_rule_counts_what_brute_force_counts_at_every_level() {
    // Two blank patterns, each leaving hundreds of classic solutions for
    // the clues to cut down: the top four rows, and the left four columns
    // with the centre cell.
    let patterns: [(&str, &dyn Fn(usize) -> bool); 2] = [
        ("top rows", &|i| i < 36),
        ("left columns", &|i| i % 9 < 4 || i == 40),
    ];
    let mut counts = Vec::new();
    for (key, solution, rules) in cases() {
        assert!(!rules.is_empty(), "{key}: no clue kept");
        let rules: Vec<(&str, Value)> =
            rules.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        for (pattern, blank) in patterns {
            let text = document(solution, blank, &rules);
            let vp = VariantPuzzle::from_json(&text).unwrap();
            let sudoku = Sudoku::with_rules(vp.puzzle.size(), vp.rules).unwrap();
            let vp = VariantPuzzle::from_json(&text).unwrap();
            let (brute, has_solution) = brute_force(&vp, &sudoku, solution, CAP);
            assert!(
                has_solution || brute > CAP,
                "{key}, {pattern}: the source grid is not a solution"
            );
            // Every level, and chains whose value orders read the rules'
            // forward checking (5, 8) and whose cell orders read the
            // constraint graph (H, K).
            for level in PropagationLevel::ALL {
                for chain in [("EA", "0"), ("EH", "5"), ("K", "8")] {
                    let n = solver_count_with(&sudoku, &vp.puzzle, level, CAP as u64, chain);
                    assert_eq!(
                        n as usize, brute,
                        "{key}, {pattern}, at {level} with {chain:?}"
                    );
                }
            }
            counts.push((key, pattern, rules.len(), brute));
        }
    }
    // The counts themselves, so that a change of the clues shows.
    let shown: Vec<String> = (counts.iter())
        .map(|(k, p, clues, n)| format!("{k} ({clues} clues) {p}: {n}"))
        .collect();
    insta::assert_snapshot!(shown.join("\n"));
}

#[test]
fn explain_names_each_new_rule_as_the_reason_of_its_steps() {
    // The top four rows or the left four columns blanked: every step explain takes is checked
    // against all the solutions the brute force finds (a placed digit is
    // every solution's, a removed candidate none's), and each element type
    // that reasons on its own is named by some step.
    let mut named = std::collections::BTreeSet::new();
    let patterns: [&dyn Fn(usize) -> bool; 2] = [&|i| i < 36, &|i| i % 9 < 4 || i == 40];
    for ((key, solution, rules), blank) in cases()
        .into_iter()
        .flat_map(|c| patterns.map(|p| (c.clone(), p)))
    {
        let rules: Vec<(&str, Value)> =
            rules.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        let text = document(solution, blank, &rules);
        let vp = VariantPuzzle::from_json(&text).unwrap();
        let sudoku = Sudoku::with_rules(vp.puzzle.size(), vp.rules).unwrap();
        let vp = VariantPuzzle::from_json(&text).unwrap();
        let (found, _, solutions) = brute_force_solutions(&vp, &sudoku, solution, CAP);
        assert!(found <= CAP, "{key}");
        let e = sudoku::explain::explain(&sudoku, &vp.puzzle).unwrap();
        for step in &e.steps {
            for &(cell, d) in &step.placed {
                assert!(
                    solutions.iter().all(|s| s[cell] == d),
                    "{key}: {}",
                    step.why
                );
            }
            for &(cell, d) in &step.removed {
                assert!(
                    solutions.iter().all(|s| s[cell] != d),
                    "{key}: {}",
                    step.why
                );
            }
            if let sudoku::explain::Technique::Element(kind) = step.technique {
                named.insert(kind);
            }
        }
    }
    let named: Vec<&str> = named.into_iter().collect();
    insta::assert_snapshot!(named.join("\n"));
}

#[test]
fn given_pencil_marks_restrict_their_cells_at_every_level() {
    // The top four rows blanked, with the setter's pencil marks on every
    // third blank cell (its digit and the next); a drawn cage and entered
    // digits are skipped with a note.
    let text = document(SOLUTION, &|i| i < 36, &[]);
    let mut doc: Value = serde_json::from_str(&text).unwrap();
    let d = digits(SOLUTION);
    for i in (0..36).step_by(3) {
        let other = d[i] % 9 + 1;
        doc["grid"][i / 9][i % 9]["givenPencilMarks"] = json!([d[i], other]);
    }
    doc["grid"][3][8]["value"] = json!(d[35]);
    doc["cage"] = json!([{ "cells": ["R1C1", "R1C2"], "value": "hello" }]);
    // A solver's centre marks restrict nothing (cell r1c2 is not 1 or 2).
    doc["grid"][0][1]["centerPencilMarks"] = json!([1, 2]);
    // And the f-puzzles solver's settings are no rule either.
    doc["disabledlogic"] = json!(["Simple Tuple"]);
    let vp = VariantPuzzle::from_json(&doc.to_string()).unwrap();
    assert_eq!(
        vp.skipped,
        [
            "1 cage",
            "1 digits entered without `given`",
            "centerPencilMarks in 1 cells",
            "1 disabledlogic"
        ]
    );
    let sudoku = Sudoku::with_rules(vp.puzzle.size(), vp.rules).unwrap();
    let vp = VariantPuzzle::from_json(&doc.to_string()).unwrap();
    let (brute, has_solution) = brute_force(&vp, &sudoku, SOLUTION, CAP);
    assert!(has_solution);
    assert_eq!(brute, 11);
    for level in PropagationLevel::ALL {
        assert_eq!(
            solver_count(&sudoku, &vp.puzzle, level, CAP as u64),
            11,
            "{level}"
        );
    }
    // Without the marks: more solutions.
    let plain = VariantPuzzle::from_json(&text).unwrap();
    let sudoku = Sudoku::with_rules(plain.puzzle.size(), plain.rules).unwrap();
    let plain = VariantPuzzle::from_json(&text).unwrap();
    assert_eq!(brute_force(&plain, &sudoku, SOLUTION, CAP).0, 1836);
}
