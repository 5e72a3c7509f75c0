//! Pictures of boards: a [`Drawing`] of a puzzle (its regions, givens,
//! optional candidates or solution, and every element, each drawing
//! itself through [`Element::draw`](crate::Element::draw)), written as
//! SVG by [`svg`].
//!
//! ```
//! use sudoku::{GridSize, Puzzle, Rules, render};
//!
//! let puzzle: Puzzle = "1...........4..2".parse().unwrap();
//! let drawing = render::Drawing::of(&puzzle, &Rules::classic());
//! let svg = render::svg(&drawing);
//! assert!(svg.starts_with("<svg"));
//! assert!(svg.contains(">1</text>"));
//! ```

mod svg;

pub use svg::svg;

use crate::{CandidateGrid, GridSize, Puzzle, Rules};

/// How a line along cells is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineStyle {
    /// A thermometer: thick and grey, with a bulb on its first cell.
    Thermometer,
    /// An arrow's shaft: thin, with a head on its last cell.
    Arrow,
    /// A German whispers line: thick and green.
    Whispers,
    /// A line rule in its own colour (SudokuPad's usual colours: renban
    /// purple, region sums blue, between lines light blue...): thick, with
    /// a ring on both ends when `ends` (between and lockout lines).
    Coloured {
        /// The stroke colour (`#rrggbb`).
        colour: &'static str,
        /// Rings on the two ends.
        ends: bool,
    },
}

/// A mark on one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellMark {
    /// A grey square (an even cell).
    Square,
    /// A grey circle (an odd cell).
    Circle,
}

/// One thing an element draws. Cells are reading-order indices.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A dashed outline around `cells`, with its sum in the top-left
    /// corner.
    Cage {
        /// The cells.
        cells: Vec<usize>,
        /// The sum, if given.
        label: Option<String>,
    },
    /// A line through the centres of `cells`.
    Line {
        /// The cells, in order.
        cells: Vec<usize>,
        /// Its look.
        style: LineStyle,
    },
    /// A circle around `cells` (an arrow's circle, one to three cells).
    Circle {
        /// The cells.
        cells: Vec<usize>,
    },
    /// A kropki dot on the edge between two cells.
    Dot {
        /// The two cells.
        cells: [usize; 2],
        /// Black (ratio) or white (difference).
        black: bool,
        /// A number in the dot, when it is not the usual 1 or 2.
        label: Option<String>,
    },
    /// A letter on the edge between two cells (X, V).
    EdgeLabel {
        /// The two cells.
        cells: [usize; 2],
        /// The letter.
        text: String,
    },
    /// Shaded cells (extra regions, windows).
    Shade {
        /// The cells.
        cells: Vec<usize>,
    },
    /// A mark on a cell (even, odd).
    Mark {
        /// The cell.
        cell: usize,
        /// Which.
        mark: CellMark,
    },
    /// A diagonal of the grid.
    Diagonal {
        /// From the top right (`true`) or the top left.
        anti: bool,
    },
    /// A clue outside the grid (sandwich, X-sum, skyscraper, little
    /// killer): text in the margin beside row or column `row`/`col`, which
    /// count from 1 inside the grid, 0 and side + 1 being the margins.
    Outside {
        /// Row, 0 to side + 1.
        row: usize,
        /// Column, 0 to side + 1.
        col: usize,
        /// The clue.
        text: String,
    },
    /// A small circle with text on the point the `cells` (four around a
    /// point) share: a quadruple.
    Corner {
        /// The cells around the point.
        cells: Vec<usize>,
        /// The text (the digits).
        text: String,
    },
    /// A cell tinted red, from white (0) to full red (1): a heatmap.
    Heat {
        /// The cell.
        cell: usize,
        /// How strong, 0 to 1.
        weight: f64,
    },
    /// Small text in a cell, a line per `\n` (a heatmap's counts).
    CellNote {
        /// The cell.
        cell: usize,
        /// The text.
        text: String,
    },
    /// Cells tinted in a colour of a step's pattern (its base or cover
    /// houses).
    Tint {
        /// The cells.
        cells: Vec<usize>,
        /// Which houses they are.
        kind: Tint,
    },
    /// A disc behind a candidate of a step's pattern.
    Ring {
        /// The cell.
        cell: usize,
        /// The candidate, from 1.
        digit: u8,
        /// A fin (else a candidate of the pattern).
        fin: bool,
    },
    /// A link between two candidates (cell, digit): strong solid, weak
    /// dashed.
    Link {
        /// Where it starts.
        from: (usize, u8),
        /// Where it ends.
        to: (usize, u8),
        /// Strong (else weak).
        strong: bool,
    },
    /// A candidate struck out, drawn in red with a line through it.
    Struck {
        /// The cell.
        cell: usize,
        /// The candidate, from 1.
        digit: u8,
    },
}

/// Which houses of a step a tint marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tint {
    /// The houses it reasons in (a fish's base lines).
    Base,
    /// The houses whose other cells lose candidates (a fish's cover).
    Cover,
}

/// A count in at most four characters: `987`, `12k`, `1.2M`.
fn compact(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..9_950 => format!("{:.1}k", n as f64 / 1e3),
        9_950..999_500 => format!("{}k", (n + 500) / 1_000),
        999_500..9_950_000 => format!("{:.1}M", n as f64 / 1e6),
        _ => format!("{}M", (n + 500_000) / 1_000_000),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_fit_in_four_characters() {
        let shown: Vec<String> = [
            0, 999, 1_000, 9_949, 9_950, 123_456, 999_499, 999_500, 12_345_678,
        ]
        .into_iter()
        .map(compact)
        .collect();
        assert_eq!(
            shown,
            [
                "0", "999", "1.0k", "9.9k", "10k", "123k", "999k", "1.0M", "12M"
            ]
        );
    }
}

/// What is drawn: the grid, its digits, the elements' shapes, and a
/// caption line for each rule that has no picture (anti-knight, ...).
#[derive(Clone, Debug)]
pub struct Drawing {
    /// The grid's size.
    pub size: GridSize,
    /// The region of each cell, or `None` for the boxes.
    pub regions: Option<Vec<usize>>,
    /// The givens (digits from 1; 0 empty).
    pub givens: Vec<u8>,
    /// Digits to show in the empty cells (a solution), 0 for none.
    pub filled: Vec<u8>,
    /// Candidates to show in the empty, unfilled cells.
    pub candidates: Option<Vec<Vec<u8>>>,
    /// The elements' shapes, drawn in order.
    pub shapes: Vec<Shape>,
    /// Lines of text under the board.
    pub captions: Vec<String>,
}

impl Drawing {
    /// The drawing of `puzzle` under `rules`.
    pub fn of(puzzle: &Puzzle, rules: &Rules) -> Drawing {
        let size = puzzle.size();
        let mut drawing = Drawing {
            size,
            regions: rules.regions.clone(),
            givens: puzzle.cells().to_vec(),
            filled: vec![0; size.cells()],
            candidates: None,
            shapes: Vec::new(),
            captions: Vec::new(),
        };
        for element in &rules.elements {
            element.draw(&mut drawing);
        }
        drawing
    }

    /// Shows the digits of `solution` in the cells the puzzle leaves empty.
    pub fn with_solution(mut self, solution: &Puzzle) -> Drawing {
        self.filled = (self.givens.iter().zip(solution.cells()))
            .map(|(&g, &s)| if g == 0 { s } else { 0 })
            .collect();
        self
    }

    /// Shows the candidates of `grid` in the empty cells, and the digits
    /// propagation placed as filled.
    pub fn with_candidates(mut self, grid: &CandidateGrid) -> Drawing {
        for (cell, filled) in self.filled.iter_mut().enumerate() {
            if self.givens[cell] == 0 {
                *filled = grid.digit(cell).unwrap_or(0);
            }
        }
        self.candidates = Some(
            (0..self.size.cells())
                .map(|c| match grid.digit(c) {
                    Some(_) => Vec::new(),
                    None => grid.candidates(c),
                })
                .collect(),
        );
        self
    }

    /// A heatmap of a search over grids of `size`: each cell tinted by how
    /// often it was chosen to branch on (in proportion, the most chosen
    /// cell full red), with the times chosen and backtracked over written
    /// in it; `title` and a legend as captions.
    pub fn heatmap(size: GridSize, chosen: &[u64], backtracked: &[u64], title: &str) -> Drawing {
        let cells = size.cells();
        let most = chosen.iter().copied().max().unwrap_or(0);
        let scale = |c: u64| match most {
            0 => 0.0,
            m => c as f64 / m as f64,
        };
        let mut drawing = Drawing {
            size,
            regions: None,
            givens: vec![0; cells],
            filled: vec![0; cells],
            candidates: None,
            shapes: Vec::new(),
            captions: vec![
                title.to_string(),
                "tint: times chosen; in each cell: chosen, then backtracked over".into(),
            ],
        };
        for cell in 0..cells {
            drawing.shape(Shape::Heat {
                cell,
                weight: scale(chosen[cell]),
            });
            drawing.shape(Shape::CellNote {
                cell,
                text: format!("{}\n{}", compact(chosen[cell]), compact(backtracked[cell])),
            });
        }
        drawing
    }

    /// Adds a shape.
    pub fn shape(&mut self, shape: Shape) {
        self.shapes.push(shape);
    }

    /// Adds a caption line (a rule with no picture).
    pub fn caption(&mut self, text: String) {
        self.captions.push(text);
    }
}
