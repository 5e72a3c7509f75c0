//! Clues outside the grid (sandwich sums, X-sums, skyscrapers, little
//! killers): where they sit and which cells they look at.

use csp_core::ValueSet;
use serde_json::{Map, Value};

use super::cells::cell_list;
use super::{Element, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved};
use crate::render::{Drawing, Shape};

/// The subsets of `values` (values from 0, the digit `value + 1`) whose
/// digits add up to `sum`, in increasing order of their bits: the sets a
/// clue's line patterns are made of.
pub(super) fn sets_with_sum(values: ValueSet, sum: i64) -> impl Iterator<Item = ValueSet> {
    let mut next = Some(0u64);
    std::iter::from_fn(move || {
        // Walks the submasks of `values` upwards (the empty set first).
        let set = next?;
        let after = set.wrapping_sub(values.0) & values.0;
        next = (after != 0).then_some(after);
        Some(ValueSet(set))
    })
    .filter(move |s| s.iter().map(|x| i64::from(x) + 1).sum::<i64>() == sum)
}

/// A clue's place in the margin, as f-puzzles writes it: `R0C4` above
/// column 4, `R4C10` right of row 4 on a 9x9 grid. Rows and columns count
/// from 1 inside the grid; 0 and side + 1 are the margins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outside {
    /// Row, 0 to side + 1.
    pub row: usize,
    /// Column, 0 to side + 1.
    pub col: usize,
    side: usize,
}

impl Outside {
    /// Reads the clue's `cell` field (`"R0C4"`): it must lie in the margin,
    /// beside a row or a column (for `corners`, also in a corner, where a
    /// little killer clue may sit).
    pub fn read(
        doc: &FpuzzlesDocument,
        name: &str,
        entry: &Map<String, Value>,
        corners: bool,
    ) -> Result<Outside, RulesError> {
        let side = doc.side();
        let invalid = |what: String| RulesError::Invalid {
            element: name.to_string(),
            what,
        };
        let text = (entry.get("cell").and_then(Value::as_str))
            .ok_or_else(|| invalid("needs `cell`, the clue's place outside the grid".into()))?;
        let bad = || {
            invalid(format!(
                "`{text}` is not a cell name (R0C4: above column 4)"
            ))
        };
        let rest = text.strip_prefix(['R', 'r']).ok_or_else(bad)?;
        let (row, col) = rest.split_once(['C', 'c']).ok_or_else(bad)?;
        let row: usize = row.parse().map_err(|_| bad())?;
        let col: usize = col.parse().map_err(|_| bad())?;
        let margin = |k: usize| k == 0 || k == side + 1;
        let inside = |k: usize| (1..=side).contains(&k);
        let fits = (margin(row) && inside(col))
            || (inside(row) && margin(col))
            || (corners && margin(row) && margin(col));
        if !fits {
            return Err(invalid(format!(
                "{text} is not beside the grid (a clue sits in row or column 0 or {})",
                side + 1
            )));
        }
        Ok(Outside { row, col, side })
    }

    /// Its name as f-puzzles writes it: `R0C4`.
    pub fn name(&self) -> String {
        format!("R{}C{}", self.row, self.col)
    }

    /// The cells of the row or column it looks along, nearest first.
    pub fn line(&self) -> Vec<usize> {
        let n = self.side;
        let (r, c) = (self.row, self.col);
        let cells: Vec<usize> = if r == 0 || r == n + 1 {
            (0..n).map(|i| i * n + c - 1).collect()
        } else {
            (0..n).map(|i| (r - 1) * n + i).collect()
        };
        if r == n + 1 || c == n + 1 {
            cells.into_iter().rev().collect()
        } else {
            cells
        }
    }

    /// The cells on the diagonal from the clue one step at a time by
    /// `(dr, dc)`, nearest first, while they are in the grid.
    pub fn diagonal(&self, dr: isize, dc: isize) -> Vec<usize> {
        let n = self.side as isize;
        let (mut r, mut c) = (self.row as isize + dr, self.col as isize + dc);
        let mut out = Vec::new();
        // Walk in from the margin: skip the margin cells the first step may
        // still be on (a corner clue), then take grid cells.
        while (r < 1 || c < 1 || r > n || c > n)
            && (0..=n + 1).contains(&r)
            && (0..=n + 1).contains(&c)
        {
            r += dr;
            c += dc;
            if out.len() > self.side {
                break;
            }
        }
        while (1..=n).contains(&r) && (1..=n).contains(&c) {
            out.push(((r - 1) * n + c - 1) as usize);
            r += dr;
            c += dc;
        }
        out
    }

    /// Which cells it looks at, in words: `column 4 from the top`.
    pub fn looks_at(&self) -> String {
        let n = self.side;
        match (self.row, self.col) {
            (0, c) => format!("column {c} from the top"),
            (r, c) if r == n + 1 => format!("column {c} from the bottom"),
            (r, 0) => format!("row {r} from the left"),
            (r, _) => format!("row {r} from the right"),
        }
    }
}

/// One kind of outside clue (sandwich sum, X-sum, skyscraper, little
/// killer). Each clue's own file holds one of these and its registry entry;
/// reading, describing, drawing and writing clues is here, once.
pub(super) struct ClueRule {
    /// Its registry name (`sandwich-sum`).
    pub kind: &'static str,
    /// The f-puzzles key of its clues (`sandwichsum`).
    pub key: &'static str,
    /// What a clue is called in descriptions (`sandwich sum`).
    pub title: &'static str,
    /// Whether a clue looks along a diagonal in a `direction` (little
    /// killers) rather than along its row or column.
    pub diagonal: bool,
    /// Posts the constraints of one clue: the cells it looks at, nearest
    /// first, and its value.
    pub post: fn(&[usize], i64, &mut GridBuilder<'_>) -> Result<(), RulesError>,
    /// Whether the digits it looks at (nearest first) keep the clue.
    pub check: fn(&[u8], i64, usize) -> bool,
}

impl std::fmt::Debug for ClueRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.kind)
    }
}

/// Declares an outside-clue rule in its file: the [`ClueRule`], its reader
/// and its registry entry `KIND`, from one list of fields (`post` and
/// `check` name functions of the file).
macro_rules! clue_rule {
    (
        doc: $doc:literal,
        name: $name:literal,
        key: $key:literal,
        title: $title:literal,
        diagonal: $diagonal:literal,
        summary: $summary:literal,
        post: $post:expr,
        check: $check:expr $(,)?
    ) => {
        static RULE: super::outside::ClueRule = super::outside::ClueRule {
            kind: $name,
            key: $key,
            title: $title,
            diagonal: $diagonal,
            post: $post,
            check: $check,
        };

        fn read(
            doc: &super::FpuzzlesDocument,
        ) -> Result<Vec<Box<dyn super::Element>>, super::RulesError> {
            super::outside::read(doc, &RULE)
        }

        #[doc = $doc]
        pub(super) const KIND: super::ElementKind = super::ElementKind {
            name: $name,
            summary: $summary,
            fpuzzles_keys: &[$key],
            negatives: &[],
            read,
            global: None,
        };
    };
}
pub(super) use clue_rule;

/// The four diagonal directions, as f-puzzles names them, with their steps.
const DIRECTIONS: [(&str, isize, isize); 4] =
    [("UL", -1, -1), ("UR", -1, 1), ("DL", 1, -1), ("DR", 1, 1)];

/// One clue outside the grid.
#[derive(Debug)]
pub(super) struct Clue {
    rule: &'static ClueRule,
    at: Outside,
    /// The diagonal's direction (`DR`), for little killers.
    direction: Option<&'static str>,
    cells: Vec<usize>,
    value: i64,
}

impl Element for Clue {
    fn kind(&self) -> &'static str {
        self.rule.kind
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        (self.rule.post)(&self.cells, self.value, grid)
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        let digits: Vec<u8> = self.cells.iter().map(|&c| grid.digits[c]).collect();
        (self.rule.check)(&digits, self.value, self.at.side)
    }

    fn describe(&self) -> String {
        match self.direction {
            Some(dir) => format!(
                "{} {} at {} ({dir}: {})",
                self.rule.title,
                self.value,
                self.at.name(),
                cell_list(&self.cells, self.at.side)
            ),
            None => format!(
                "{} {} at {} ({})",
                self.rule.title,
                self.value,
                self.at.name(),
                self.at.looks_at()
            ),
        }
    }

    fn draw(&self, drawing: &mut Drawing) {
        let arrow = match self.direction {
            Some("UL") => "\u{2196}",
            Some("UR") => "\u{2197}",
            Some("DL") => "\u{2199}",
            Some(_) => "\u{2198}",
            None => "",
        };
        drawing.shape(Shape::Outside {
            row: self.at.row,
            col: self.at.col,
            text: format!("{}{arrow}", self.value),
        });
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        let mut clue = serde_json::json!({
            "cell": self.at.name(),
            "value": self.value.to_string(),
        });
        if let Some(dir) = self.direction {
            clue["direction"] = serde_json::json!(dir);
            clue["cells"] = out.cells(&self.cells);
        }
        out.push(self.rule.key, clue);
    }
}

/// Reads the clues of `rule`: each entry's `cell` (in the margin) and
/// `value`; an entry without a value (or 0, for little killers) is no clue.
pub(super) fn read(
    doc: &FpuzzlesDocument,
    rule: &'static ClueRule,
) -> Result<Vec<Box<dyn Element>>, RulesError> {
    let mut out: Vec<Box<dyn Element>> = Vec::new();
    for (name, entry) in doc.entries(rule.key)? {
        let Some(value) = doc.number(&name, entry)? else {
            continue;
        };
        let invalid = |what: String| RulesError::Invalid {
            element: name.clone(),
            what,
        };
        let at = Outside::read(doc, &name, entry, rule.diagonal)?;
        let (direction, cells) = if rule.diagonal {
            if value == 0 {
                continue;
            }
            let text = entry.get("direction").and_then(Value::as_str).unwrap_or("");
            let &(dir, dr, dc) = (DIRECTIONS.iter())
                .find(|(d, _, _)| *d == text)
                .ok_or_else(|| invalid(format!("direction {text:?} is not UL, UR, DL or DR")))?;
            (Some(dir), at.diagonal(dr, dc))
        } else {
            (None, at.line())
        };
        if cells.is_empty() {
            return Err(invalid(format!(
                "from {}, the clue looks at no cell",
                at.name()
            )));
        }
        out.push(Box::new(Clue {
            rule,
            at,
            direction,
            cells,
            value,
        }));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(side: usize) -> FpuzzlesDocument {
        FpuzzlesDocument::for_tests(side)
    }

    fn at(text: &str, corners: bool) -> Result<Outside, RulesError> {
        let entry = serde_json::json!({ "cell": text });
        Outside::read(&doc(9), "clue 1", entry.as_object().unwrap(), corners)
    }

    #[test]
    fn lines_and_diagonals_from_every_side() {
        assert_eq!(at("R0C4", false).unwrap().line()[..2], [3, 12]);
        assert_eq!(at("R10C4", false).unwrap().line()[..2], [75, 66]);
        assert_eq!(at("R2C0", false).unwrap().line()[..2], [9, 10]);
        assert_eq!(at("R2C10", false).unwrap().line()[..2], [17, 16]);
        // A little killer above column 1 going down-right: r1c2 r2c3 ...
        let d = at("R0C1", false).unwrap().diagonal(1, 1);
        assert_eq!(d, vec![1, 11, 21, 31, 41, 51, 61, 71]);
        // From the corner: the main diagonal.
        assert_eq!(at("R0C0", true).unwrap().diagonal(1, 1).len(), 9);
        assert_eq!(at("R10C10", true).unwrap().diagonal(-1, -1)[0], 80);
    }

    #[test]
    fn a_clue_inside_the_grid_or_in_a_corner_is_refused() {
        assert_eq!(
            at("R3C3", false).unwrap_err().to_string(),
            "clue 1: R3C3 is not beside the grid (a clue sits in row or column 0 or 10)"
        );
        assert!(at("R0C0", false).is_err());
        assert!(at("X", false).is_err());
    }
}
