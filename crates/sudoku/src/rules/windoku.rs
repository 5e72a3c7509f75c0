//! Windoku: windows between the boxes hold each digit once.

use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved,
};
use crate::GridSize;
use crate::house::HouseKind;
use crate::render::{Drawing, Shape};

/// The windows of a grid with `r`x`c` boxes: box-sized blocks of cells
/// starting one cell in from the top left and one cell apart, as many as
/// fit (9x9: r2-4c2-4, r2-4c6-8, r6-8c2-4, r6-8c6-8; 4x4: one, r2-3c2-3).
#[derive(Clone, Copy, Debug)]
pub struct Windoku;

/// The cells of each window.
pub fn windows(size: GridSize) -> Vec<Vec<usize>> {
    let (n, h, w) = (size.side(), size.box_rows(), size.box_cols());
    let starts = |len: usize| {
        (0..)
            .map(move |k| 1 + k * (len + 1))
            .take_while(move |&s| s + len < n)
            .collect::<Vec<_>>()
    };
    let mut out = Vec::new();
    for &r0 in &starts(h) {
        for &c0 in &starts(w) {
            out.push(
                (0..h)
                    .flat_map(|i| (0..w).map(move |j| (r0 + i) * n + c0 + j))
                    .collect(),
            );
        }
    }
    out
}

impl Element for Windoku {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        let size = grid.size();
        if !size.has_boxes() {
            return Err(RulesError::Size(format!(
                "windoku needs boxes to place its windows between: a {size} grid has none"
            )));
        }
        for cells in windows(size) {
            grid.house(HouseKind::Window, cells)?;
        }
        Ok(())
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        let (size, digits) = (grid.size, grid.digits);
        windows(size)
            .iter()
            .all(|w| super::all_distinct(w.iter().map(|&c| digits[c])))
    }

    fn describe(&self) -> String {
        "windoku: each window between the boxes holds each digit once".into()
    }

    fn draw(&self, drawing: &mut Drawing) {
        if drawing.size.has_boxes() {
            for cells in windows(drawing.size) {
                drawing.shape(Shape::Shade { cells });
            }
        }
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        // f-puzzles has no windoku: its windows as extra regions.
        for cells in windows(out.size()) {
            let cells = out.cells(&cells);
            out.push("extraregion", serde_json::json!({ "cells": cells }));
        }
    }
}

fn global() -> Box<dyn Element> {
    Box::new(Windoku)
}

fn read(_: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    // f-puzzles writes windows as extra regions.
    Ok(Vec::new())
}

/// Windoku (f-puzzles writes it as four extra regions).
pub(super) const KIND: ElementKind = ElementKind {
    name: "windoku",
    summary: "the windows between the boxes (9x9: r2-4c2-4, r2-4c6-8, r6-8c2-4, r6-8c6-8) hold each digit once",
    fpuzzles_keys: &[],
    negatives: &[],
    read,
    global: Some(global),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_of_several_sizes() {
        let nine = windows(GridSize::CLASSIC);
        assert_eq!(nine.len(), 4);
        assert_eq!(nine[0], vec![10, 11, 12, 19, 20, 21, 28, 29, 30]);
        assert_eq!(nine[3][8], 7 * 9 + 7);
        assert_eq!(
            windows(GridSize::from_side(4).unwrap()),
            vec![vec![5, 6, 9, 10]]
        );
        // 6x6 (2x3 boxes): one window, r2-3c2-4; a second would touch the edge.
        assert_eq!(
            windows(GridSize::from_side(6).unwrap()),
            vec![vec![7, 8, 9, 13, 14, 15]]
        );
    }

    #[test]
    fn a_grid_without_boxes_has_no_windows_to_place() {
        let rules = crate::Rules {
            regions: None,
            elements: vec![global()],
            about: Default::default(),
        };
        let err = crate::Sudoku::with_rules(GridSize::without_boxes(5).unwrap(), rules)
            .unwrap_err()
            .to_string();
        assert!(err.contains("windoku needs boxes"), "{err}");
    }
}
