//! Writing a puzzle and its rules as an f-puzzles document, the inverse of
//! [`VariantPuzzle::from_json`](crate::VariantPuzzle::from_json): each
//! element writes itself ([`Element::write`](crate::Element::write)), the writer holds the grid
//! (givens and regions), the solution and the title.

use serde_json::{Map, Value, json};

use crate::Puzzle;
use crate::rules::{FpuzzlesWriter, Rules};

impl Rules {
    /// `puzzle` under these rules as an f-puzzles document (JSON), with
    /// `solution` and `title` when given. Regions are written per cell
    /// (from 0) when the rules have them.
    pub fn to_fpuzzles(
        &self,
        puzzle: &Puzzle,
        solution: Option<&Puzzle>,
        title: Option<&str>,
    ) -> Value {
        let size = puzzle.size();
        let n = size.side();
        let mut out = FpuzzlesWriter::new(size);
        let grid: Vec<Value> = (0..n)
            .map(|r| {
                Value::Array(
                    (0..n)
                        .map(|c| {
                            let i = r * n + c;
                            let mut cell = Map::new();
                            let d = puzzle.cells()[i];
                            if d != 0 {
                                cell.insert("value".into(), json!(d));
                                cell.insert("given".into(), Value::Bool(true));
                            }
                            if let Some(regions) = &self.regions {
                                cell.insert("region".into(), json!(regions[i]));
                            }
                            Value::Object(cell)
                        })
                        .collect(),
                )
            })
            .collect();
        out.insert("grid", Value::Array(grid));
        for element in &self.elements {
            element.write(&mut out);
        }
        if let Some(solution) = solution {
            out.insert("solution", json!(solution.cells().to_vec()));
        }
        if let Some(title) = title {
            out.insert("title", json!(title));
        }
        out.into_value()
    }
}

#[cfg(test)]
mod tests {
    use crate::VariantPuzzle;
    use std::path::Path;

    /// Every shipped variant puzzle, read, written and read again, has the
    /// same givens, regions, elements and solution.
    #[test]
    fn every_shipped_variant_puzzle_round_trips() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/variants");
        let mut files = 0;
        for dir in std::fs::read_dir(&root).unwrap() {
            let dir = dir.unwrap().path();
            if !dir.is_dir() {
                continue;
            }
            for file in std::fs::read_dir(dir).unwrap() {
                let path = file.unwrap().path();
                let text = std::fs::read_to_string(&path).unwrap();
                let Ok(first) = VariantPuzzle::from_json(&text)
                    .or_else(|_| VariantPuzzle::from_link(text.trim()))
                else {
                    continue;
                };
                files += 1;
                let written = first.rules.to_fpuzzles(
                    &first.puzzle,
                    first.solution.as_ref(),
                    first.title.as_deref(),
                );
                let again = VariantPuzzle::from_json(&written.to_string())
                    .unwrap_or_else(|e| panic!("{}: {e}\n{written}", path.display()));
                let describe = |p: &VariantPuzzle| -> Vec<String> {
                    let mut all: Vec<String> =
                        p.rules.elements.iter().map(|e| e.describe()).collect();
                    all.sort();
                    all
                };
                assert_eq!(again.puzzle, first.puzzle, "{}", path.display());
                assert_eq!(
                    again.rules.regions,
                    first.rules.regions,
                    "{}",
                    path.display()
                );
                assert_eq!(describe(&again), describe(&first), "{}", path.display());
                assert_eq!(again.solution, first.solution, "{}", path.display());
                assert_eq!(again.title, first.title, "{}", path.display());
            }
        }
        assert!(files >= 15, "{files} files");
    }

    /// The elements no shipped puzzle has: XV with its negative rule,
    /// whispers, black dots with theirs, windoku (as its windows).
    #[test]
    fn xv_whispers_negatives_and_windoku_round_trip() {
        let mut grid = vec![vec![serde_json::json!({}); 9]; 9];
        grid[0][0] = serde_json::json!({"value": 5, "given": true});
        let document = serde_json::json!({
            "size": 9,
            "grid": grid,
            "xv": [{"cells": ["R1C1", "R1C2"], "value": "X"}, {"cells": ["R2C1", "R3C1"], "value": "V"}],
            "whispers": [{"lines": [["R5C5", "R5C6", "R6C6"]], "value": "4"}],
            "ratio": [{"cells": ["R9C1", "R9C2"]}],
            "negative": ["xv", "ratio"],
        });
        let first = VariantPuzzle::from_json(&document.to_string()).unwrap();
        let written = first.rules.to_fpuzzles(&first.puzzle, None, None);
        let again = VariantPuzzle::from_json(&written.to_string()).unwrap();
        let describe = |p: &VariantPuzzle| -> Vec<String> {
            p.rules.elements.iter().map(|e| e.describe()).collect()
        };
        assert_eq!(describe(&again), describe(&first));
        assert_eq!(describe(&first).len(), 6);
        assert_eq!(again.puzzle, first.puzzle);

        let rules = "windoku".parse::<crate::Variant>().unwrap().rules();
        let empty = crate::Puzzle::empty(crate::GridSize::CLASSIC);
        let written = rules.to_fpuzzles(&empty, None, None);
        let read = VariantPuzzle::from_json(&written.to_string()).unwrap();
        let regions: Vec<String> = read.rules.elements.iter().map(|e| e.describe()).collect();
        assert_eq!(regions.len(), 4);
        assert!(regions[0].contains("r2c2"), "{regions:?}");
    }
}
