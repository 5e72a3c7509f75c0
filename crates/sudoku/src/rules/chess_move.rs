//! Chess moves beyond the knight and the king, as SudokuSolver's `chess`
//! constraint gives them: cells one of some leaps apart (a camel's 1,3, a
//! zebra's 2,3, ...) hold different digits, for every digit or for listed
//! ones (`v9`: the 9s only), from every cell or from listed ones.
//!
//! Options are SudokuSolver's, `;`-separated: `a,b` a leap (its eight
//! mirror images included), `v1,2` digits, `r1c1` or `r1c1-r1c5` cells (a
//! pair is constrained when one of its cells is listed). Given as `--rule
//! 'chess:1,3;v9'`, or in an f-puzzles document under this project's key
//! `chess`: `{"value": "1,3;v9"}`.

use super::cells::{cell_list, cell_run};
use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved,
    offset_pairs,
};
use crate::render::Drawing;

/// Cells one of `leaps` apart hold different digits (of `digits`, or all;
/// pairs with a cell of `cells`, or all).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessMove {
    /// The leaps as given, each `(small, large)`, sorted, once each.
    leaps: Vec<(usize, usize)>,
    /// The digits the rule holds for; empty: every digit.
    digits: Vec<u8>,
    /// The cells whose pairs the rule holds for; empty: every cell.
    cells: Vec<usize>,
    side: usize,
}

impl ChessMove {
    /// Reads SudokuSolver's options (`1,3;v9;r1c1`) for a grid of side
    /// `side`; the error says what is wrong.
    pub fn parse(options: &str, side: usize) -> Result<ChessMove, String> {
        let (mut leaps, mut digits, mut cells) = (Vec::new(), Vec::new(), Vec::new());
        for option in options.split(';').map(str::trim).filter(|o| !o.is_empty()) {
            if let Some(list) = option.strip_prefix('v') {
                for d in list.split(',').map(str::trim) {
                    match d.parse::<u8>() {
                        Ok(d) if (1..=side as u8).contains(&d) => digits.push(d),
                        _ => return Err(format!("`v{list}`: {d:?} is no digit 1-{side}")),
                    }
                }
            } else if option.starts_with(['r', 'R']) {
                cells.extend(cell_run(option, side).map_err(|e| e.to_string())?);
            } else {
                let leap = option.split_once(',').and_then(|(a, b)| {
                    Some((
                        a.trim().parse::<isize>().ok()?.unsigned_abs(),
                        b.trim().parse::<isize>().ok()?.unsigned_abs(),
                    ))
                });
                match leap {
                    Some((a, b)) if (a, b) != (0, 0) => leaps.push((a.min(b), a.max(b))),
                    _ => {
                        return Err(format!(
                            "`{option}` is no leap (`1,3`), digit list (`v9`) or cells (`r1c1`)"
                        ));
                    }
                }
            }
        }
        if leaps.is_empty() {
            return Err("needs a leap, e.g. `1,3` (a camel's move)".into());
        }
        digits.sort_unstable();
        digits.dedup();
        leaps.sort_unstable();
        leaps.dedup();
        cells.sort_unstable();
        cells.dedup();
        Ok(ChessMove {
            leaps,
            digits,
            cells,
            side,
        })
    }

    /// The options in SudokuSolver's form, leaps first (`1,3;v9`).
    pub fn options(&self) -> String {
        let mut parts: Vec<String> = (self.leaps.iter())
            .map(|(a, b)| format!("{a},{b}"))
            .collect();
        if !self.digits.is_empty() {
            let list: Vec<String> = self.digits.iter().map(u8::to_string).collect();
            parts.push(format!("v{}", list.join(",")));
        }
        for &c in &self.cells {
            parts.push(format!("r{}c{}", c / self.side + 1, c % self.side + 1));
        }
        parts.join(";")
    }

    /// The pairs of cells one leap apart that the rule holds for.
    fn pairs(&self, size: crate::GridSize) -> Vec<[usize; 2]> {
        // Each leap from every cell in four directions: the other four are
        // the same pairs seen from the other end.
        let mut offsets: Vec<(isize, isize)> = Vec::new();
        for &(a, b) in &self.leaps {
            let (a, b) = (a as isize, b as isize);
            for o in [
                (a, b),
                (b, a),
                (a, -b),
                (b, -a),
                (-a, b),
                (-b, a),
                (-a, -b),
                (-b, -a),
            ] {
                if (o.0 > 0 || (o.0 == 0 && o.1 > 0)) && !offsets.contains(&o) {
                    offsets.push(o);
                }
            }
        }
        let mut pairs = offset_pairs(size, &offsets);
        if !self.cells.is_empty() {
            pairs.retain(|p| p.iter().any(|c| self.cells.contains(c)));
        }
        pairs
    }

    fn holds(&self, a: u8, b: u8) -> bool {
        a != b || !(self.digits.is_empty() || self.digits.contains(&a))
    }
}

impl Element for ChessMove {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        let pairs = self.pairs(grid.size());
        if self.digits.is_empty() {
            return grid.differ(&pairs);
        }
        for [a, b] in pairs {
            grid.relate(a, b, |x, y| self.holds(x, y))?;
        }
        Ok(())
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        (self.pairs(grid.size).iter()).all(|&[a, b]| self.holds(grid.digits[a], grid.digits[b]))
    }

    fn describe(&self) -> String {
        let leaps: Vec<String> = (self.leaps.iter())
            .map(|(a, b)| format!("({a},{b})"))
            .collect();
        let mut out = format!(
            "chess {}: cells a {} leap apart hold different digits",
            self.options(),
            leaps.join(" or ")
        );
        if !self.digits.is_empty() {
            let list: Vec<String> = self.digits.iter().map(u8::to_string).collect();
            out.push_str(&format!(" (digits {})", list.join(", ")));
        }
        if !self.cells.is_empty() {
            out.push_str(&format!(
                " (leaps from {})",
                cell_list(&self.cells, self.side)
            ));
        }
        out
    }

    fn draw(&self, drawing: &mut Drawing) {
        drawing.caption(self.describe());
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        out.push("chess", serde_json::json!({ "value": self.options() }));
    }
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    let mut out: Vec<Box<dyn Element>> = Vec::new();
    for (name, entry) in doc.entries("chess")? {
        let invalid = |what: String| RulesError::Invalid {
            element: name.clone(),
            what,
        };
        let options = (entry.get("value").and_then(serde_json::Value::as_str))
            .ok_or_else(|| invalid("needs `value`, the options (`1,3;v9`)".into()))?;
        out.push(Box::new(
            ChessMove::parse(options, doc.side()).map_err(invalid)?,
        ));
    }
    Ok(out)
}

/// Chess leaps (SudokuSolver's `chess` constraint; this project's
/// f-puzzles key `chess`: `{"value": "1,3;v9"}`; `--rule 'chess:1,3'`).
pub(super) const KIND: ElementKind = ElementKind {
    name: "chess",
    summary: "cells one of the given leaps apart (`1,3`: a camel's move; mirror images included) hold different digits, for every digit or the listed ones (`v9`)",
    fpuzzles_keys: &["chess"],
    negatives: &[],
    read,
    global: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_read_and_written_back() {
        let m = ChessMove::parse("3,1; v9,1 ;r1c1-r1c3;1,3", 9).unwrap();
        assert_eq!(m.options(), "1,3;v1,9;r1c1;r1c2;r1c3");
        assert_eq!(ChessMove::parse(&m.options(), 9).unwrap(), m);
        let e = |t: &str| ChessMove::parse(t, 9).unwrap_err();
        assert_eq!(e("v9"), "needs a leap, e.g. `1,3` (a camel's move)");
        assert_eq!(e("1,3;v10"), "`v10`: \"10\" is no digit 1-9");
        assert!(e("1,3;x").contains("`x` is no leap"));
        assert!(e("0,0").contains("`0,0` is no leap"));
        assert!(e("1,3;r1c1-r2c3").contains("a run goes along"));
    }

    #[test]
    fn a_leap_counts_each_pair_once() {
        let size = crate::GridSize::CLASSIC;
        // A knight's move: 4 * 2 * 7 * 8 / 2 ... as the anti-knight rule has.
        let knight = ChessMove::parse("1,2", 9).unwrap();
        let anti = offset_pairs(size, &[(1, 2), (2, 1), (1, -2), (2, -1)]);
        let mut a = knight.pairs(size);
        let mut b = anti.clone();
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b);
        // A ferz (1,1): the four diagonal neighbours, 2 * 8 * 8 pairs.
        assert_eq!(ChessMove::parse("1,1", 9).unwrap().pairs(size).len(), 128);
        // From r5c5 only: its 8 camel leaps.
        let from = ChessMove::parse("1,3;r5c5", 9).unwrap();
        assert_eq!(from.pairs(size).len(), 8);
    }
}
