//! The one list of rule elements: names, f-puzzles keys, readers.
//!
//! Adding an element type: write its file (a struct implementing
//! [`Element`], a `read` function and a `KIND`), then add `module::KIND` to
//! [`REGISTRY`]. Help texts, the guide's table (docs/guide/variants.md) and the f-puzzles reader all
//! come from this list.

use super::{
    Element, FpuzzlesDocument, RulesError, anti_king, anti_knight, arrow, between_line, chess_move,
    clone, diagonal, digital_root_cage, disjoint_groups, double_arrow, entropic_line, extra_region,
    extreme_cell, given_candidates, indexer, killer_cage, kropki, little_killer, lockout_line,
    modular_line, nabner_line, nonconsecutive, palindrome, parity, quadruple, regex_rule,
    region_sum_line, renban, sandwich_sum, skyscraper, slow_thermometer, sum_dot, thermometer,
    whispers, windoku, x_sum, xv, zipper_line,
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
    /// Its names in the f-puzzles `negative` list, for its negative rules
    /// ("all dots are given").
    pub negatives: &'static [&'static str],
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
    chess_move::KIND,
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
    sum_dot::KIND,
    digital_root_cage::KIND,
    given_candidates::KIND,
    regex_rule::KIND,
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

/// The guide's table of element types, one row per registry entry
/// (`| name | keys | summary |`), between the header and the jigsaw row.
pub fn markdown_table() -> String {
    let mut out = String::from("| element | f-puzzles key | rule |\n|---|---|---|\n");
    out.push_str(
        "| jigsaw regions | `\"region\": k` on grid cells | the regions replace the boxes |\n",
    );
    for k in REGISTRY {
        let mut keys: Vec<String> = k
            .fpuzzles_keys
            .iter()
            .map(|key| format!("`{key}`"))
            .collect();
        if k.fpuzzles_keys.is_empty() {
            keys.push("(see its summary)".into());
        }
        for n in k.negatives {
            keys.push(format!("`negative: [\"{n}\"]`"));
        }
        let global = if k.global.is_some() {
            " (global: `--variant` takes it)"
        } else {
            ""
        };
        out.push_str(&format!(
            "| `{}` | {} | {}{global} |\n",
            k.name,
            keys.join(", "),
            k.summary
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The guide's element table (docs/guide/variants.md) is the registry's:
    /// regenerate it with `UPDATE_DOCS=1 cargo test -p sudoku guide_table`.
    #[test]
    fn guide_table_is_the_registry() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/guide/variants.md");
        let readme = std::fs::read_to_string(path).unwrap();
        let (start, end) = ("<!-- elements:start -->\n", "<!-- elements:end -->");
        let from = readme
            .find(start)
            .expect("the guide marks the table's start")
            + start.len();
        let to = readme.find(end).expect("the guide marks the table's end");
        let table = markdown_table();
        if readme[from..to] != table {
            if std::env::var_os("UPDATE_DOCS").is_some() {
                let updated = format!("{}{table}{}", &readme[..from], &readme[to..]);
                std::fs::write(path, updated).unwrap();
            } else {
                panic!(
                    "docs/guide/variants.md's element table differs from the registry; run UPDATE_DOCS=1 cargo test -p sudoku guide_table. Expected:\n{table}"
                );
            }
        }
    }

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
