//! Disjoint groups: the cells in the same place of every region (the top
//! left cell of each box, ...) hold distinct digits.

use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved,
};
use crate::house::HouseKind;

/// The groups of cells at the same position (reading order within the
/// region) of every region of `side` cells.
fn groups(regions: &[Option<usize>], side: usize) -> Vec<Vec<usize>> {
    let mut members: Vec<Vec<usize>> = Vec::new();
    for (cell, region) in regions.iter().enumerate() {
        if let Some(r) = *region {
            if members.len() <= r {
                members.resize(r + 1, Vec::new());
            }
            members[r].push(cell);
        }
    }
    let full: Vec<&Vec<usize>> = members.iter().filter(|m| m.len() == side).collect();
    (0..side)
        .map(|p| full.iter().map(|m| m[p]).collect())
        .filter(|g: &Vec<usize>| g.len() > 1)
        .collect()
}

/// The disjoint-groups rule (global).
#[derive(Clone, Copy, Debug)]
pub struct DisjointGroups;

impl Element for DisjointGroups {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        for group in groups(&grid.regions(), grid.side()) {
            grid.house(HouseKind::DisjointGroup, group)?;
        }
        Ok(())
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        (groups(grid.regions, grid.size.side()).iter())
            .all(|g| super::all_distinct(g.iter().map(|&c| grid.digits[c])))
    }

    fn describe(&self) -> String {
        "cells in the same place of their regions hold distinct digits (disjoint groups)".into()
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        out.flag("disjointgroups");
    }
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    doc.flagged("disjointgroups", make)
}

fn make() -> Box<dyn Element> {
    Box::new(DisjointGroups)
}

/// Disjoint groups (f-puzzles `disjointgroups`).
pub(super) const KIND: ElementKind = ElementKind {
    name: "disjoint-groups",
    summary: "cells in the same position of their regions hold distinct digits",
    fpuzzles_keys: &["disjointgroups"],
    negatives: &[],
    read,
    global: Some(make),
};
