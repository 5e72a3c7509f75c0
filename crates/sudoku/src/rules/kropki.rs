//! Kropki dots: white between consecutive digits, black between a digit and
//! its double; optionally "all dots are given".

use super::cells::cell_name;
use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, Mark, RulesError, Solved,
};
use crate::render::{Drawing, Shape};

/// The family of marks kropki dots belong to.
pub(super) const FAMILY: &str = "kropki";

/// A dot between two orthogonal neighbours: white, the digits differ by
/// `value` (default 1); black, one is `value` times the other (default 2).
#[derive(Clone, Debug)]
pub struct Dot {
    /// The two cells.
    pub cells: [usize; 2],
    /// Black (ratio) rather than white (difference).
    pub black: bool,
    /// The difference or ratio.
    pub value: u8,
    side: usize,
}

impl Dot {
    fn allows(&self, a: u8, b: u8) -> bool {
        if self.black {
            u16::from(a) == u16::from(b) * u16::from(self.value)
                || u16::from(b) == u16::from(a) * u16::from(self.value)
        } else {
            a.abs_diff(b) == self.value
        }
    }
}

/// Black (white) dots are all given: every orthogonal pair without a
/// kropki dot is in none of the ratios (differences) the puzzle's dots use,
/// 2 (1) always among them.
#[derive(Clone, Debug)]
pub struct NoneWithoutDot {
    /// Ratios (black) rather than differences (white).
    pub black: bool,
    /// The ratios or differences forbidden.
    pub values: Vec<u8>,
}

impl NoneWithoutDot {
    fn forbids(&self, a: u8, b: u8) -> bool {
        let (a, b) = (u16::from(a), u16::from(b));
        self.values.iter().any(|&v| {
            let v = u16::from(v);
            if self.black {
                a == v * b || b == v * a
            } else {
                a.abs_diff(b) == v
            }
        })
    }

    fn values_text(&self) -> String {
        let v: Vec<String> = self.values.iter().map(u8::to_string).collect();
        v.join(", ")
    }
}

impl Element for Dot {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        let dot = self.clone();
        grid.relate(self.cells[0], self.cells[1], move |a, b| dot.allows(a, b))
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        let digits = grid.digits;
        self.allows(digits[self.cells[0]], digits[self.cells[1]])
    }

    fn describe(&self) -> String {
        let [a, b] = self.cells.map(|c| cell_name(c, self.side));
        match (self.black, self.value) {
            (false, 1) => format!("white dot {a} {b}"),
            (true, 2) => format!("black dot {a} {b}"),
            (false, v) => format!("white dot {a} {b} (difference {v})"),
            (true, v) => format!("black dot {a} {b} (ratio {v})"),
        }
    }

    fn draw(&self, drawing: &mut Drawing) {
        let usual = if self.black { 2 } else { 1 };
        drawing.shape(Shape::Dot {
            cells: self.cells,
            black: self.black,
            label: (self.value != usual).then(|| self.value.to_string()),
        });
    }

    fn marks(&self) -> Vec<Mark> {
        vec![Mark::new(self.cells[0], self.cells[1], FAMILY)]
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        let cells = out.cells(&self.cells);
        let key = if self.black { "ratio" } else { "difference" };
        out.push(
            key,
            serde_json::json!({ "cells": cells, "value": self.value.to_string() }),
        );
    }
}

impl Element for NoneWithoutDot {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        grid.forbid_unmarked(FAMILY, |a, b| self.forbids(a, b))
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        super::check_unmarked(grid, FAMILY, |a, b| self.forbids(a, b))
    }

    fn describe(&self) -> String {
        match (self.black, self.values.as_slice()) {
            (true, [2]) => "all black dots are given: no other neighbours are in ratio 1:2".into(),
            (true, _) => format!(
                "all black dots are given: no other neighbours are in ratio 1:{}",
                self.values_text()
            ),
            (false, _) => format!(
                "all white dots are given: no other neighbours differ by {}",
                self.values_text()
            ),
        }
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        out.negative(if self.black { "ratio" } else { "difference" });
    }
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    let mut out: Vec<Box<dyn Element>> = Vec::new();
    let mut used: [Vec<u8>; 2] = [vec![1], vec![2]];
    for (key, black, default) in [("difference", false, 1), ("ratio", true, 2)] {
        for (name, entry) in doc.entries(key)? {
            let cells = doc.cells(&name, entry, "cells")?;
            let cells = super::neighbours(&name, &cells, doc.side())?;
            let value = match doc.number(&name, entry)? {
                None => default,
                Some(v) if (1..=i64::from(u8::MAX)).contains(&v) => v as u8,
                Some(v) => {
                    return Err(RulesError::Invalid {
                        element: name,
                        what: format!("{v} is no difference or ratio of digits"),
                    });
                }
            };
            let values = &mut used[usize::from(black)];
            if !values.contains(&value) {
                values.push(value);
            }
            out.push(Box::new(Dot {
                cells,
                black,
                value,
                side: doc.side(),
            }));
        }
    }
    for (key, black) in [("difference", false), ("ratio", true)] {
        if doc.negative(key) {
            let mut values = used[usize::from(black)].clone();
            values.sort_unstable();
            out.push(Box::new(NoneWithoutDot { black, values }));
        }
    }
    Ok(out)
}

/// Kropki dots (f-puzzles `difference` = white, `ratio` = black;
/// `negative: ["ratio"]` = all black dots given, `negative: ["difference"]`
/// all white dots; the `nonconsecutive` flag is the white negative for
/// difference 1 alone).
pub(super) const KIND: ElementKind = ElementKind {
    name: "kropki",
    summary: "a white dot joins digits that differ by 1 (or its value), a black dot a digit and its double (or value times it); with `negative: [\"ratio\"]` (`[\"difference\"]`) no other neighbours are in a ratio (difference) the dots use",
    fpuzzles_keys: &["difference", "ratio"],
    negatives: &["ratio", "difference"],
    read,
    global: None,
};
