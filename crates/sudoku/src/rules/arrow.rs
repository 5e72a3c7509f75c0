//! Arrows: the digits on an arrow add up to the number in its circle.

use csp_core::NumberSum;

use super::cells::cell_list;
use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved,
};
use crate::render::{Drawing, LineStyle, Shape};

/// The digits on the shaft add up to the number the circle shows (a
/// circle of two or three cells reads as one number, most significant
/// first). Digits on a shaft may repeat where the houses allow.
#[derive(Clone, Debug)]
pub struct Arrow {
    /// The circle's cells, most significant first.
    pub circle: Vec<usize>,
    /// The shaft's cells.
    pub shaft: Vec<usize>,
    side: usize,
}

impl Element for Arrow {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        // A one-cell circle is the digit itself: its base only bounds the
        // digit, so it is side + 1 (every digit a single "figure").
        let base = if self.circle.len() == 1 {
            grid.side() as i64 + 1
        } else {
            10
        };
        let (circle, shaft) = (grid.vars(&self.circle), grid.vars(&self.shaft));
        let groups = grid.distinct_groups(&self.shaft);
        grid.add(NumberSum::new(circle, shaft, base, 1).distinct_groups(groups))
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        let digits = grid.digits;
        // Most significant first; a one-cell circle is its digit.
        let number = (self.circle.iter()).fold(0i64, |acc, &c| acc * 10 + i64::from(digits[c]));
        let sum: i64 = self.shaft.iter().map(|&c| i64::from(digits[c])).sum();
        sum == number
    }

    fn describe(&self) -> String {
        format!(
            "arrow from circle {} along {}",
            cell_list(&self.circle, self.side),
            cell_list(&self.shaft, self.side)
        )
    }

    fn draw(&self, drawing: &mut Drawing) {
        // The shaft leaves from the circle's cell nearest its first cell.
        let n = self.side;
        let distance = |a: usize, b: usize| (a / n).abs_diff(b / n).max((a % n).abs_diff(b % n));
        let mut line = Vec::with_capacity(self.shaft.len() + 1);
        if let Some(&first) = self.shaft.first() {
            line.extend(self.circle.iter().min_by_key(|&&c| distance(c, first)));
        }
        line.extend(&self.shaft);
        drawing.shape(Shape::Line {
            cells: line,
            style: LineStyle::Arrow,
        });
        drawing.shape(Shape::Circle {
            cells: self.circle.clone(),
        });
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        let circle = out.cells(&self.circle);
        let line: Vec<usize> = self.circle.iter().chain(&self.shaft).copied().collect();
        let line = out.cells(&line);
        out.push(
            "arrow",
            serde_json::json!({ "cells": circle, "lines": [line] }),
        );
    }
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    let mut out: Vec<Box<dyn Element>> = Vec::new();
    for (name, entry) in doc.entries("arrow")? {
        let circle = doc.cells(&name, entry, "cells")?;
        super::distinct_cells(&name, &circle)?;
        let invalid = |what: &str| RulesError::Invalid {
            element: name.clone(),
            what: what.to_string(),
        };
        if circle.is_empty() || circle.len() > 3 {
            return Err(invalid("a circle has one to three cells"));
        }
        if circle.len() > 1 && doc.side() > 9 {
            return Err(invalid(
                "a circle of several cells reads digits as one decimal number: only on grids up to 9x9",
            ));
        }
        for line in doc.lines(&name, entry)? {
            let shaft: Vec<usize> = line.into_iter().filter(|c| !circle.contains(c)).collect();
            super::distinct_cells(&name, &shaft)?;
            if shaft.is_empty() {
                return Err(invalid("an arrow's line needs cells beyond its circle"));
            }
            out.push(Box::new(Arrow {
                circle: circle.clone(),
                shaft,
                side: doc.side(),
            }));
        }
    }
    Ok(out)
}

/// Arrows (f-puzzles `arrow`: `cells` is the circle, each of `lines` an
/// arrow from it).
pub(super) const KIND: ElementKind = ElementKind {
    name: "arrow",
    summary: "the digits along an arrow add up to the number in its circle (a 2- or 3-cell circle reads as one number)",
    fpuzzles_keys: &["arrow"],
    negatives: &[],
    read,
    global: None,
};
