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
///
/// With irregular (jigsaw) regions, walls are drawn between cells of
/// different regions instead:
///
/// ```text
/// +-------+---+-------+
/// | 1   . | . | .   . |
/// +---+   |   +---+   |
/// ```
pub struct Board<'a> {
    puzzle: &'a Puzzle,
    regions: Option<&'a [usize]>,
}

impl<'a> Board<'a> {
    pub(crate) fn new(puzzle: &'a Puzzle, regions: Option<&'a [usize]>) -> Board<'a> {
        Board { puzzle, regions }
    }
}

/// Writes `cells` (already formatted, each `width` wide) as a grid with box
/// borders, or with walls around `regions` (the region of each cell) when
/// there are irregular ones.
pub(crate) fn draw(
    f: &mut fmt::Formatter<'_>,
    size: crate::GridSize,
    regions: Option<&[usize]>,
    width: usize,
    cell: &dyn Fn(usize) -> String,
) -> fmt::Result {
    if let Some(regions) = regions {
        return draw_regions(f, size.side(), regions, width, cell);
    }
    if !size.has_boxes() {
        // No boxes: one region, the border alone.
        let whole = vec![0; size.cells()];
        return draw_regions(f, size.side(), &whole, width, cell);
    }
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

/// Draws an `n`x`n` grid with a wall wherever two neighbouring cells lie in
/// different regions (and around the grid). Each cell takes `width + 2`
/// characters between one-character wall slots.
fn draw_regions(
    f: &mut fmt::Formatter<'_>,
    n: usize,
    regions: &[usize],
    width: usize,
    cell: &dyn Fn(usize) -> String,
) -> fmt::Result {
    let region = |r: usize, c: usize| regions[r * n + c];
    // A wall to the left of (r, c), for c in 0..=n.
    let vertical = |r: usize, c: usize| c == 0 || c == n || region(r, c - 1) != region(r, c);
    // A wall above (r, c), for r in 0..=n.
    let horizontal = |r: usize, c: usize| r == 0 || r == n || region(r - 1, c) != region(r, c);
    let blank = " ".repeat(width + 2);
    let dashes = "-".repeat(width + 2);
    for r in 0..=n {
        // The line above row r: segments and the joints between them.
        let mut line = String::new();
        for c in 0..=n {
            let up = r > 0 && vertical(r - 1, c);
            let down = r < n && vertical(r, c);
            let left = c > 0 && horizontal(r, c - 1);
            let right = c < n && horizontal(r, c);
            line.push(match (up || down, left || right) {
                (true, false) => '|',
                (false, true) => '-',
                (true, true) => '+',
                (false, false) => ' ',
            });
            if c < n {
                line.push_str(if horizontal(r, c) { &dashes } else { &blank });
            }
        }
        writeln!(f, "{}", line.trim_end())?;
        if r == n {
            break;
        }
        let mut row = String::new();
        for c in 0..=n {
            row.push(if vertical(r, c) { '|' } else { ' ' });
            if c < n {
                row.push_str(&format!(" {:<width$} ", cell(r * n + c)));
            }
        }
        writeln!(f, "{row}")?;
    }
    Ok(())
}

impl fmt::Display for Board<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells = self.puzzle.cells();
        draw(f, self.puzzle.size(), self.regions, 1, &|i| {
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

    #[test]
    fn jigsaw_regions_get_walls() {
        let p = Puzzle::parse("1...........4..2").unwrap();
        let regions = [0, 0, 1, 1, 0, 2, 2, 1, 0, 2, 3, 1, 2, 3, 3, 3];
        assert_eq!(
            super::Board::new(&p, Some(&regions)).to_string(),
            "+-------+-------+\n\
             | 1   . | .   . |\n\
             |   +---+---+   |\n\
             | . | .   . | . |\n\
             |   |   +---+   |\n\
             | . | . | . | . |\n\
             +---+---+   +---+\n\
             | 4 | .   .   2 |\n\
             +---+-----------+\n"
        );
    }
}
