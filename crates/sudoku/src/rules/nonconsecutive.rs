//! Non-consecutive: orthogonal neighbours are not consecutive digits.

use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved, kropki,
};

/// Orthogonally adjacent digits differ by more than 1, except across a
/// kropki dot, which obeys only its own rule (f-puzzles uses this flag as
/// the white dots' "all dots are given").
#[derive(Clone, Copy, Debug)]
pub struct Nonconsecutive;

fn consecutive(a: u8, b: u8) -> bool {
    a.abs_diff(b) == 1
}

impl Element for Nonconsecutive {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        grid.forbid_unmarked(kropki::FAMILY, consecutive)
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        super::check_unmarked(grid, kropki::FAMILY, consecutive)
    }

    fn describe(&self) -> String {
        "non-consecutive: orthogonal neighbours (without a kropki dot) are not consecutive".into()
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        out.flag("nonconsecutive");
    }
}

fn global() -> Box<dyn Element> {
    Box::new(Nonconsecutive)
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    doc.flagged("nonconsecutive", global)
}

/// Non-consecutive (f-puzzles `nonconsecutive`).
pub(super) const KIND: ElementKind = ElementKind {
    name: "nonconsecutive",
    summary: "orthogonally adjacent digits are not consecutive (pairs with a kropki dot obey only the dot)",
    fpuzzles_keys: &["nonconsecutive"],
    negatives: &[],
    read,
    global: Some(global),
};
