//! A puzzle (or a solved grid): a size and the digit of every cell.

use std::fmt;

use crate::error::{CellRef, PuzzleError};
use crate::symbol::{self, Symbol, Symbols};
use crate::{Board, GridSize};

/// A grid of digits, `0` for an empty cell, cells in reading order.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Puzzle {
    size: GridSize,
    cells: Vec<u8>,
}

impl Puzzle {
    /// Reads a puzzle line: one character per cell in reading order, `1`-`9`
    /// then `A`-`Z` for digits, `.`, `0` or `_` for an empty cell. The size
    /// follows from the length (81 characters: 9x9, 16: 4x4, 36: 6x6, ...).
    /// Surrounding whitespace is ignored.
    ///
    /// Contradictions between givens are found by
    /// [`Sudoku::check_givens`](crate::Sudoku::check_givens), which knows the
    /// houses.
    pub fn parse(line: &str) -> Result<Puzzle, PuzzleError> {
        Puzzle::parse_with(line, None, &Symbols::default())
    }

    /// Reads a puzzle line for a grid of the given size.
    pub fn parse_sized(line: &str, size: GridSize) -> Result<Puzzle, PuzzleError> {
        Puzzle::parse_with(line, Some(size), &Symbols::default())
    }

    /// Reads a puzzle line in an alphabet of digits, for a grid of the given
    /// size (`None`: the usual shape for the line's length).
    pub fn parse_with(
        line: &str,
        size: Option<GridSize>,
        symbols: &Symbols,
    ) -> Result<Puzzle, PuzzleError> {
        let line = line.trim();
        let len = line.chars().count();
        if len == 0 {
            return Err(PuzzleError::Empty);
        }
        let size = match size {
            Some(size) if len == size.cells() => size,
            Some(size) => {
                return Err(PuzzleError::WrongLength {
                    len,
                    expected: Some(size.cells()),
                });
            }
            None => GridSize::from_cell_count(len).ok_or(PuzzleError::WrongLength {
                len,
                expected: None,
            })?,
        };
        let side = size.side();
        let mut cells = Vec::with_capacity(size.cells());
        let default = symbols.is_default();
        for (i, ch) in line.chars().enumerate() {
            let cell = CellRef {
                row: i / side + 1,
                col: i % side + 1,
            };
            let position = i + 1;
            let symbol = if default {
                symbol::read(ch)
            } else {
                symbols.read(ch)
            };
            match symbol {
                Symbol::Empty => cells.push(0),
                Symbol::Digit(d) if (d as usize) <= side => cells.push(d),
                Symbol::Digit(_) => {
                    return Err(PuzzleError::DigitOutOfRange {
                        ch,
                        position,
                        cell,
                        side,
                        range: symbols.range(side),
                        empty: symbols.empty_marks(),
                    });
                }
                Symbol::Invalid => {
                    let allowed = if default {
                        "1-9, A-Z, or . 0 _ for empty".to_string()
                    } else {
                        format!(
                            "{}, or {} for empty",
                            symbols.range(side),
                            symbols.empty_marks()
                        )
                    };
                    return Err(PuzzleError::InvalidCharacter {
                        ch,
                        position,
                        cell,
                        allowed,
                    });
                }
            }
        }
        Ok(Puzzle { size, cells })
    }

    /// A puzzle from digits (0 for empty).
    ///
    /// # Panics
    /// If `cells` does not have `size.cells()` entries or a digit exceeds
    /// the side.
    pub fn from_digits(size: GridSize, cells: Vec<u8>) -> Puzzle {
        assert_eq!(cells.len(), size.cells(), "one digit per cell");
        assert!(
            cells.iter().all(|&d| (d as usize) <= size.side()),
            "digit out of range"
        );
        Puzzle { size, cells }
    }

    /// The empty grid of a size.
    pub fn empty(size: GridSize) -> Puzzle {
        Puzzle::from_digits(size, vec![0; size.cells()])
    }

    /// The grid's size.
    pub fn size(&self) -> GridSize {
        self.size
    }

    /// The digits in reading order, 0 for empty.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The digit at `(row, col)` (from 0), 0 if empty.
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.size.side() + col]
    }

    /// The number of filled cells.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// Whether every cell is filled.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// The one-line form, `.` for empty cells.
    pub fn to_line(&self) -> String {
        self.cells.iter().map(|&d| symbol::digit_char(d)).collect()
    }

    /// The one-line form in an alphabet, `.` for empty cells.
    pub fn to_line_with(&self, symbols: &Symbols) -> String {
        self.cells.iter().map(|&d| symbols.char_of(d)).collect()
    }

    /// The board drawn with box borders.
    pub fn board(&self) -> Board<'_> {
        Board::new(self, None)
    }

    /// The board drawn with walls around `regions` (the region of each
    /// cell, reading order), as for a jigsaw puzzle.
    pub fn board_with_regions<'a>(&'a self, regions: &'a [usize]) -> Board<'a> {
        Board::new(self, Some(regions))
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl std::str::FromStr for Puzzle {
    type Err = PuzzleError;
    fn from_str(s: &str) -> Result<Puzzle, PuzzleError> {
        Puzzle::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    #[test]
    fn parses_and_prints_the_same_line() {
        let p = Puzzle::parse(INKALA).unwrap();
        assert_eq!(p.size(), GridSize::CLASSIC);
        assert_eq!(p.givens(), 21);
        assert_eq!(p.get(0, 0), 8);
        assert_eq!(p.to_line(), INKALA);
        let zeros = INKALA.replace('.', "0");
        assert_eq!(Puzzle::parse(&zeros).unwrap(), p);
        assert_eq!(Puzzle::parse(&format!("  {INKALA}\r\n")).unwrap(), p);
    }

    #[test]
    fn sixteen_by_sixteen_uses_letters() {
        let line = format!("G{}", ".".repeat(255));
        let p = Puzzle::parse(&line).unwrap();
        assert_eq!(p.size().side(), 16);
        assert_eq!(p.get(0, 0), 16);
        assert_eq!(Puzzle::parse(&line.to_lowercase()).unwrap(), p);
    }

    #[test]
    fn errors_name_position_and_character() {
        assert_eq!(Puzzle::parse("   "), Err(PuzzleError::Empty));
        assert_eq!(
            Puzzle::parse(&INKALA[..80]),
            Err(PuzzleError::WrongLength {
                len: 80,
                expected: None
            })
        );
        let bad = INKALA.replacen("5", "#", 1);
        let err = Puzzle::parse(&bad).unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid character '#' at position 29 (r4c2): use 1-9, A-Z, or . 0 _ for empty"
        );
        let letter = INKALA.replacen("5", "x", 1);
        assert_eq!(
            Puzzle::parse(&letter).unwrap_err().to_string(),
            "digit 'x' at position 29 (r4c2) is out of range for a 9x9 grid (1-9, or . 0 _ for empty)"
        );
        let out = INKALA.replacen('8', "A", 1);
        assert_eq!(
            Puzzle::parse(&out).unwrap_err().to_string(),
            "digit 'A' at position 1 (r1c1) is out of range for a 9x9 grid (1-9, or . 0 _ for empty)"
        );
        let err = Puzzle::parse_sized(&"1".repeat(16), GridSize::CLASSIC).unwrap_err();
        assert_eq!(
            err.to_string(),
            "16 cells is not a grid size: expected 16 (4x4), 36 (6x6), 64 (8x8), 81 (9x9), 144 (12x12), 256 (16x16) or 625 (25x25), or 81 for this grid"
        );
    }
}
