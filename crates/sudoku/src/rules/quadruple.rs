//! Quadruples: the four cells around a point hold each listed digit (at
//! least as many times as it is listed).

use super::cells::cell_list;
use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved,
};
use crate::render::{Drawing, Shape};

/// The digits `digits` (repeats allowed) appear in `cells`.
#[derive(Clone, Debug)]
pub struct Quadruple {
    /// The (four) cells.
    pub cells: Vec<usize>,
    /// The digits that must appear, each as often as it is listed.
    pub digits: Vec<u8>,
    side: usize,
}

impl Quadruple {
    /// How many times each listed digit is needed: `(digit, times)`.
    fn needed(&self) -> Vec<(u8, u8)> {
        let mut out: Vec<(u8, u8)> = Vec::new();
        for &d in &self.digits {
            match out.iter_mut().find(|(x, _)| *x == d) {
                Some((_, k)) => *k += 1,
                None => out.push((d, 1)),
            }
        }
        out
    }
}

impl Element for Quadruple {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    /// The four digits hold each needed digit as often as needed: a table
    /// of the allowed 4-tuples.
    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        let needed = self.needed();
        grid.table(&self.cells, |digits| {
            (needed.iter())
                .all(|&(d, k)| digits.iter().filter(|&&x| x == d).count() >= usize::from(k))
        })
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        self.needed().into_iter().all(|(d, k)| {
            self.cells.iter().filter(|&&c| grid.digits[c] == d).count() >= usize::from(k)
        })
    }

    fn describe(&self) -> String {
        let digits: Vec<String> = self.digits.iter().map(u8::to_string).collect();
        format!(
            "quadruple {} at {}",
            digits.join(""),
            cell_list(&self.cells, self.side)
        )
    }

    fn draw(&self, drawing: &mut Drawing) {
        let digits: Vec<String> = self.digits.iter().map(u8::to_string).collect();
        drawing.shape(Shape::Corner {
            cells: self.cells.clone(),
            text: digits.join(""),
        });
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        let cells = out.cells(&self.cells);
        out.push(
            "quadruple",
            serde_json::json!({ "cells": cells, "values": self.digits }),
        );
    }
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    let mut out: Vec<Box<dyn Element>> = Vec::new();
    for (name, entry) in doc.entries("quadruple")? {
        let cells = doc.cells(&name, entry, "cells")?;
        super::distinct_cells(&name, &cells)?;
        let invalid = |what: String| RulesError::Invalid {
            element: name.clone(),
            what,
        };
        let values = (entry.get("values").and_then(serde_json::Value::as_array))
            .ok_or_else(|| invalid("needs `values`, a list of digits".into()))?;
        let digits: Vec<u8> = values
            .iter()
            .map(|v| {
                let d = v
                    .as_u64()
                    .or_else(|| v.as_str().and_then(|s| s.parse().ok()));
                d.filter(|&d| (1..=doc.side() as u64).contains(&d))
                    .map(|d| d as u8)
                    .ok_or_else(|| invalid(format!("{v} is not a digit 1 to {}", doc.side())))
            })
            .collect::<Result<_, _>>()?;
        if digits.is_empty() || digits.len() > cells.len() {
            return Err(invalid(format!(
                "{} digits do not fit in {} cells",
                digits.len(),
                cells.len()
            )));
        }
        out.push(Box::new(Quadruple {
            cells,
            digits,
            side: doc.side(),
        }));
    }
    Ok(out)
}

/// Quadruples (f-puzzles `quadruple`: `cells`, `values`).
pub(super) const KIND: ElementKind = ElementKind {
    name: "quadruple",
    summary: "the four cells around a quadruple circle hold each digit it lists, as often as listed",
    fpuzzles_keys: &["quadruple"],
    negatives: &[],
    read,
    global: None,
};
