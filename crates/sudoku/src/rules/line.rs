//! Line rules: what renban, palindrome, between, region-sum, entropic,
//! modular, zipper, Nabner, lockout, double-arrow and slow-thermometer
//! lines share. Each line rule's own file holds a [`LineRule`] (how one
//! line posts its constraints and how a solved line is checked) and its
//! registry entry; reading, describing, drawing and writing lines is here,
//! once.

use super::cells::cell_list;
use super::{
    Element, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved, distinct_cells,
};
use crate::render::{Drawing, LineStyle, Shape};

/// One kind of line rule.
pub(super) struct LineRule {
    /// Its registry name (`renban`).
    pub kind: &'static str,
    /// The f-puzzles key of its lines (`renban`).
    pub key: &'static str,
    /// What a line is called in descriptions (`renban line`).
    pub title: &'static str,
    /// The line's colour in pictures.
    pub colour: &'static str,
    /// Whether pictures ring its two ends (between and lockout lines).
    pub ends: bool,
    /// Posts the constraints of one line (its cells in order).
    pub post: fn(&[usize], &mut GridBuilder<'_>) -> Result<(), RulesError>,
    /// Whether the digits along a line (in order) keep the rule; `regions`
    /// holds the region of each of the line's cells.
    pub check: fn(&LineCheck<'_>) -> bool,
    /// Why a line of this many cells cannot hold on a grid of this side, if
    /// it cannot.
    pub refuse: fn(cells: usize, side: usize) -> Option<String>,
}

/// A solved line, as a [`LineRule`] checks it.
pub(super) struct LineCheck<'a> {
    /// The digits along the line.
    pub digits: &'a [u8],
    /// The region of each of its cells.
    pub regions: &'a [Option<usize>],
    /// The grid's side.
    pub side: usize,
}

/// Declares a line rule in its file: the [`LineRule`], its reader and its
/// registry entry `KIND`, from one list of fields (`post`, `check` and
/// `refuse` name functions of the file; `refuse` may be
/// `line::any_length`).
macro_rules! line_rule {
    (
        doc: $doc:literal,
        name: $name:literal,
        key: $key:literal,
        title: $title:literal,
        colour: $colour:literal,
        ends: $ends:literal,
        summary: $summary:literal,
        post: $post:expr,
        check: $check:expr,
        refuse: $refuse:expr $(,)?
    ) => {
        static RULE: super::line::LineRule = super::line::LineRule {
            kind: $name,
            key: $key,
            title: $title,
            colour: $colour,
            ends: $ends,
            post: $post,
            check: $check,
            refuse: $refuse,
        };

        fn read(
            doc: &super::FpuzzlesDocument,
        ) -> Result<Vec<Box<dyn super::Element>>, super::RulesError> {
            super::line::read(doc, &RULE)
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
pub(super) use line_rule;

/// Refuses no line.
pub(super) fn any_length(_cells: usize, _side: usize) -> Option<String> {
    None
}

/// One line of a line rule.
#[derive(Debug)]
pub(super) struct Line {
    rule: &'static LineRule,
    cells: Vec<usize>,
    side: usize,
}

impl std::fmt::Debug for LineRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.kind)
    }
}

impl Element for Line {
    fn kind(&self) -> &'static str {
        self.rule.kind
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        (self.rule.post)(&self.cells, grid)
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        let digits: Vec<u8> = self.cells.iter().map(|&c| grid.digits[c]).collect();
        let regions: Vec<Option<usize>> = self.cells.iter().map(|&c| grid.regions[c]).collect();
        (self.rule.check)(&LineCheck {
            digits: &digits,
            regions: &regions,
            side: self.side,
        })
    }

    fn describe(&self) -> String {
        format!("{} {}", self.rule.title, cell_list(&self.cells, self.side))
    }

    fn draw(&self, drawing: &mut Drawing) {
        drawing.shape(Shape::Line {
            cells: self.cells.clone(),
            style: LineStyle::Coloured {
                colour: self.rule.colour,
                ends: self.rule.ends,
            },
        });
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        let cells = out.cells(&self.cells);
        out.push(self.rule.key, serde_json::json!({ "lines": [cells] }));
    }
}

/// Reads the lines of `rule` from a document: each entry's `lines`, each
/// line at least two distinct cells.
pub(super) fn read(
    doc: &FpuzzlesDocument,
    rule: &'static LineRule,
) -> Result<Vec<Box<dyn Element>>, RulesError> {
    let mut out: Vec<Box<dyn Element>> = Vec::new();
    for (name, entry) in doc.entries(rule.key)? {
        for cells in doc.lines(&name, entry)? {
            distinct_cells(&name, &cells)?;
            let refused = if cells.len() < 2 {
                Some(format!(
                    "a line needs two cells or more, has {}",
                    cells.len()
                ))
            } else {
                (rule.refuse)(cells.len(), doc.side())
            };
            if let Some(what) = refused {
                return Err(RulesError::Invalid {
                    element: name,
                    what,
                });
            }
            out.push(Box::new(Line {
                rule,
                cells,
                side: doc.side(),
            }));
        }
    }
    Ok(out)
}
