//! Indexer cells: a row, column or box indexer's digit says where, in its
//! column, row or region, its own position's digit goes.

use super::cells::cell_name;
use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved,
};
use crate::render::{Drawing, Shape};

/// What an indexer indexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Indexes {
    /// A row indexer at (r, c) holding v: cell (v, c) holds r.
    Row,
    /// A column indexer at (r, c) holding v: cell (r, v) holds c.
    Column,
    /// A box indexer at position p of its region holding v: the region's
    /// cell at position v holds p (positions in reading order, from 1).
    Box,
}

/// One indexer cell.
#[derive(Clone, Debug)]
pub struct Indexer {
    /// The cell.
    pub cell: usize,
    /// What it indexes.
    pub indexes: Indexes,
    side: usize,
}

impl Indexer {
    /// The cells it indexes (digit `v` points at the `v - 1`-th) and the
    /// digit that the one it points at must hold, given the regions.
    fn targets(&self, regions: &[Option<usize>]) -> Option<(Vec<usize>, u8)> {
        let n = self.side;
        let (r, c) = (self.cell / n, self.cell % n);
        match self.indexes {
            Indexes::Row => Some(((0..n).map(|v| v * n + c).collect(), r as u8 + 1)),
            Indexes::Column => Some(((0..n).map(|v| r * n + v).collect(), c as u8 + 1)),
            Indexes::Box => {
                let region = regions[self.cell]?;
                let cells: Vec<usize> =
                    (0..n * n).filter(|&i| regions[i] == Some(region)).collect();
                let p = cells.iter().position(|&i| i == self.cell)?;
                (cells.len() == n).then_some((cells, p as u8 + 1))
            }
        }
    }

    fn kind_of(&self) -> &'static ElementKind {
        match self.indexes {
            Indexes::Row => &ROW,
            Indexes::Column => &COLUMN,
            Indexes::Box => &BOX,
        }
    }
}

impl Element for Indexer {
    fn kind(&self) -> &'static str {
        self.kind_of().name
    }

    /// The indexer holding v means the v-th target holds the indexer's
    /// own position: one element constraint (the indexer may be its own
    /// target, holding its own position).
    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        let Some((targets, own)) = self.targets(&grid.regions()) else {
            return Err(RulesError::Invalid {
                element: format!("{} at {}", self.kind(), cell_name(self.cell, self.side)),
                what: "the cell is in no region of the grid's side".into(),
            });
        };
        grid.element(self.cell, &targets, own)
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        self.targets(grid.regions).is_some_and(|(targets, own)| {
            let v = usize::from(grid.digits[self.cell]);
            grid.digits[targets[v - 1]] == own
        })
    }

    fn describe(&self) -> String {
        let what = match self.indexes {
            Indexes::Row => "row",
            Indexes::Column => "column",
            Indexes::Box => "box",
        };
        format!("{} is a {what} indexer", cell_name(self.cell, self.side))
    }

    fn draw(&self, drawing: &mut Drawing) {
        let text = match self.indexes {
            Indexes::Row => "row idx",
            Indexes::Column => "col idx",
            Indexes::Box => "box idx",
        };
        drawing.shape(Shape::CellNote {
            cell: self.cell,
            text: text.into(),
        });
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        let cells = out.cells(&[self.cell]);
        out.push(
            self.kind_of().fpuzzles_keys[0],
            serde_json::json!({ "cells": cells }),
        );
    }
}

fn read_kind(
    doc: &FpuzzlesDocument,
    indexes: Indexes,
) -> Result<Vec<Box<dyn Element>>, RulesError> {
    let key = match indexes {
        Indexes::Row => ROW.fpuzzles_keys[0],
        Indexes::Column => COLUMN.fpuzzles_keys[0],
        Indexes::Box => BOX.fpuzzles_keys[0],
    };
    let mut out: Vec<Box<dyn Element>> = Vec::new();
    for (name, entry) in doc.entries(key)? {
        for cell in doc.cells(&name, entry, "cells")? {
            out.push(Box::new(Indexer {
                cell,
                indexes,
                side: doc.side(),
            }));
        }
    }
    Ok(out)
}

fn read_row(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    read_kind(doc, Indexes::Row)
}

fn read_column(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    read_kind(doc, Indexes::Column)
}

fn read_box(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    read_kind(doc, Indexes::Box)
}

/// Row indexers (f-puzzles `rowindexer`: `cells`).
pub(super) const ROW: ElementKind = ElementKind {
    name: "row-indexer",
    summary: "a row indexer in row r, column c holding v: the cell in row v, column c holds r",
    fpuzzles_keys: &["rowindexer"],
    negatives: &[],
    read: read_row,
    global: None,
};

/// Column indexers (f-puzzles `columnindexer`: `cells`).
pub(super) const COLUMN: ElementKind = ElementKind {
    name: "column-indexer",
    summary: "a column indexer in row r, column c holding v: the cell in row r, column v holds c",
    fpuzzles_keys: &["columnindexer"],
    negatives: &[],
    read: read_column,
    global: None,
};

/// Box indexers (f-puzzles `boxindexer`: `cells`).
pub(super) const BOX: ElementKind = ElementKind {
    name: "box-indexer",
    summary: "a box indexer at position p of its box holding v: the box's cell at position v holds p",
    fpuzzles_keys: &["boxindexer"],
    negatives: &[],
    read: read_box,
    global: None,
};
