//! The one list of rule elements: names, f-puzzles keys, readers.
//!
//! Adding an element type: write its file (a struct implementing
//! [`Element`], a `read` function and a `KIND`), then add `module::KIND` to
//! [`REGISTRY`]. Help texts, the README table and the f-puzzles reader all
//! come from this list.

use super::{
    Element, FpuzzlesDocument, RulesError, anti_king, anti_knight, arrow, between_line, clone, diagonal, disjoint_groups, extreme_cell, indexer, quadruple,
    double_arrow, entropic_line, extra_region, killer_cage, kropki, little_killer, lockout_line,
    modular_line, nabner_line, nonconsecutive, palindrome, parity, region_sum_line, renban,
    sandwich_sum, skyscraper, slow_thermometer, thermometer, whispers, windoku, x_sum, xv,
    zipper_line,
};

/// What reading an element type from a document gives.
pub type Elements = Result<Vec<Box<dyn Element>>, RulesError>;

/// One element type.
pub struct ElementKind {
    /// Its name (`killer-cage`); for global rules the `--variant` name.
    pub name: &'static str,
    /// What the rule says, in one sentence.
    pub summary: &'static str,
    /// The f-puzzles keys it reads (`killercage`).
    pub fpuzzles_keys: &'static [&'static str],
    /// Its name in the f-puzzles `negative` list, if it has a negative rule
    /// ("all dots are given").
    pub negative: Option<&'static str>,
    /// Reads its elements from a document.
    pub read: fn(&FpuzzlesDocument) -> Elements,
    /// For rules that need no data: the element (`--variant anti-knight`).
    pub global: Option<fn() -> Box<dyn Element>>,
}

/// Every element type, in the order their elements are posted.
pub const REGISTRY: &[ElementKind] = &[
    diagonal::MAIN,
    diagonal::ANTI,
    windoku::KIND,
    extra_region::KIND,
    killer_cage::KIND,
    thermometer::KIND,
    arrow::KIND,
    kropki::KIND,
    parity::KIND,
    anti_knight::KIND,
    anti_king::KIND,
    nonconsecutive::KIND,
    xv::KIND,
    whispers::KIND,
    renban::KIND,
    palindrome::KIND,
    between_line::KIND,
    lockout_line::KIND,
    region_sum_line::KIND,
    entropic_line::KIND,
    modular_line::KIND,
    nabner_line::KIND,
    zipper_line::KIND,
    double_arrow::KIND,
    slow_thermometer::KIND,
    little_killer::KIND,
    sandwich_sum::KIND,
    x_sum::KIND,
    skyscraper::KIND,
    clone::KIND,
    quadruple::KIND,
    extreme_cell::MINIMUM,
    extreme_cell::MAXIMUM,
    disjoint_groups::KIND,
    indexer::ROW,
    indexer::COLUMN,
    indexer::BOX,
];

/// The element type named `name`.
pub fn kind(name: &str) -> Option<&'static ElementKind> {
    REGISTRY.iter().find(|k| k.name == name)
}

/// The names of the global rules (those `--variant` takes), in registry
/// order.
pub fn global_names() -> Vec<&'static str> {
    (REGISTRY.iter())
        .filter(|k| k.global.is_some())
        .map(|k| k.name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_keys_are_unique() {
        let mut names: Vec<&str> = REGISTRY.iter().map(|k| k.name).collect();
        let mut keys: Vec<&str> = (REGISTRY.iter())
            .flat_map(|k| k.fpuzzles_keys.iter().copied())
            .collect();
        let (n, k) = (names.len(), keys.len());
        names.sort_unstable();
        names.dedup();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!((names.len(), keys.len()), (n, k));
        assert_eq!(
            global_names(),
            [
                "main-diagonal",
                "anti-diagonal",
                "windoku",
                "anti-knight",
                "anti-king",
                "nonconsecutive",
                "disjoint-groups"
            ]
        );
        for k in REGISTRY {
            if let Some(global) = k.global {
                assert_eq!(global().kind(), k.name);
            }
        }
    }
}
