//! Drawing a grid with box borders.

use std::fmt;

use crate::Puzzle;
use crate::symbol::digit_char;

/// A grid drawn with box borders, `.` for empty cells:
///
/// ```text
/// +-------+-------+-------+
/// | 8 . . | . . . | . . . |
/// ```
pub struct Board<'a> {
    puzzle: &'a Puzzle,
}

impl<'a> Board<'a> {
    pub(crate) fn new(puzzle: &'a Puzzle) -> Board<'a> {
        Board { puzzle }
    }
}

/// Writes `cells` (already formatted, each `width` wide) as a grid with box
/// borders.
pub(crate) fn draw(
    f: &mut fmt::Formatter<'_>,
    size: crate::GridSize,
    width: usize,
    cell: &dyn Fn(usize) -> String,
) -> fmt::Result {
    let n = size.side();
    let segment = "-".repeat(size.box_cols() * (width + 1) + 1);
    let border = format!("+{}", format!("{segment}+").repeat(n / size.box_cols()));
    for r in 0..n {
        if r % size.box_rows() == 0 {
            writeln!(f, "{border}")?;
        }
        for c in 0..n {
            if c % size.box_cols() == 0 {
                f.write_str("| ")?;
            }
            write!(f, "{:<width$} ", cell(r * n + c))?;
        }
        writeln!(f, "|")?;
    }
    writeln!(f, "{border}")
}

impl fmt::Display for Board<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells = self.puzzle.cells();
        draw(f, self.puzzle.size(), 1, &|i| {
            digit_char(cells[i]).to_string()
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::Puzzle;

    #[test]
    fn four_by_four_board() {
        let p = Puzzle::parse("1...........4..2").unwrap();
        assert_eq!(
            p.board().to_string(),
            "+-----+-----+\n\
             | 1 . | . . |\n\
             | . . | . . |\n\
             +-----+-----+\n\
             | . . | . . |\n\
             | 4 . | . 2 |\n\
             +-----+-----+\n"
        );
    }
}
