//! The geometry and the drawing attributes of SudokuPad shapes: points and
//! the cells they lie in, paths, edges, colours and sizes as written.

use serde_json::{Map, Value};

use super::colour::Colour;

/// A grid position, row and column from 0 (may lie outside the grid).
pub(super) type Cell = (i64, i64);

pub(super) fn num(v: &Value) -> Option<f64> {
    v.as_f64()
        .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
}

pub(super) fn point(v: &Value) -> Option<(f64, f64)> {
    let a = v.as_array()?;
    Some((num(a.first()?)?, num(a.get(1)?)?))
}

pub(super) fn colour(v: &Map<String, Value>, key: &str) -> String {
    v.get(key)
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_ascii_lowercase()
}

pub(super) fn near(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.06
}

pub(super) fn name(r: i64, c: i64) -> String {
    format!("R{}C{}", r + 1, c + 1)
}

/// How far from the grid a cell may lie and still be told apart: rows
/// and columns are kept within this (a point farther out is outside every
/// grid all the same).
const FAR: f64 = 1_000_000.0;

/// The longest straight run of a path that is filled in cell by cell:
/// longer ones leave any grid (the widest is 25 cells, with clues around
/// it), and their cells would be counted by the million.
const LONGEST_RUN: i64 = 64;

/// The cell a point lies in (row, column from 0; may be outside).
pub(super) fn cell_of((y, x): (f64, f64)) -> (i64, i64) {
    (whole(y.floor()), whole(x.floor()))
}

/// A whole number of rows or columns, kept within [`FAR`].
pub(super) fn whole(v: f64) -> i64 {
    v.clamp(-FAR, FAR) as i64
}

/// The cells a line or arrow passes through: SudokuPad keeps a way point
/// only where the path turns, so each straight or diagonal run between
/// two way points is filled in.
pub(super) fn path_cells(pts: &[(f64, f64)]) -> Vec<(i64, i64)> {
    let mut out: Vec<(i64, i64)> = Vec::new();
    for &p in pts {
        let next = cell_of(p);
        if let Some(&(r, c)) = out.last() {
            let (dr, dc) = (next.0 - r, next.1 - c);
            if (dr, dc) == (0, 0) {
                continue;
            }
            let straight = dr == 0 || dc == 0 || dr.abs() == dc.abs();
            if straight && dr.abs().max(dc.abs()) <= LONGEST_RUN {
                for k in 1..dr.abs().max(dc.abs()) {
                    out.push((r + dr.signum() * k, c + dc.signum() * k));
                }
            }
        }
        out.push(next);
    }
    out
}

/// The two orthogonal neighbours whose shared edge has its middle at `p`.
pub(super) fn edge_cells((y, x): (f64, f64)) -> Option<[(i64, i64); 2]> {
    let (fy, fx) = (y - y.floor(), x - x.floor());
    if near(fy, 0.5) && (near(fx, 0.0) || near(fx, 1.0)) {
        let (r, c) = (whole(y.floor()), whole(x.round()));
        return Some([(r, c - 1), (r, c)]);
    }
    if near(fx, 0.5) && (near(fy, 0.0) || near(fy, 1.0)) {
        let (r, c) = (whole(y.round()), whole(x.floor()));
        return Some([(r - 1, c), (r, c)]);
    }
    None
}

pub(super) fn items<'a>(puzzle: &'a Value, key: &str) -> Vec<&'a Map<String, Value>> {
    (puzzle
        .get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten())
    .filter_map(Value::as_object)
    .collect()
}

pub(super) fn points(item: &Map<String, Value>) -> Vec<(f64, f64)> {
    (item
        .get("wayPoints")
        .and_then(Value::as_array)
        .into_iter()
        .flatten())
    .filter_map(point)
    .collect()
}

/// The f-puzzles names of cells (`R1C1`), in order.
pub(super) fn names(cells: &[Cell]) -> Vec<String> {
    cells.iter().map(|&(r, c)| name(r, c)).collect()
}

/// Overlays or underlays of `list` that `is` accepts: the first not yet
/// `used` (several shapes may share one drawn mark, drawn once each or
/// once for all), else the first.
pub(super) fn free_or_any(
    list: &[&Map<String, Value>],
    used: &[bool],
    is: impl Fn(&Map<String, Value>) -> bool,
) -> Option<usize> {
    (0..list.len())
        .find(|&i| !used[i] && is(list[i]))
        .or_else(|| list.iter().position(|m| is(m)))
}

pub(super) fn cells_text(cells: &[(i64, i64)]) -> String {
    let names: Vec<String> = cells
        .iter()
        .map(|&(r, c)| name(r, c).to_lowercase())
        .collect();
    names.join(" ")
}

/// Whether overlay `o` covers the centre of cell `(r, c)`.
pub(super) fn covers(o: &Map<String, Value>, (r, c): Cell) -> bool {
    centre(o).is_some_and(|(y, x)| {
        ((r as f64 + 0.5) - y).abs() < size(o, "height") / 2.0
            && ((c as f64 + 0.5) - x).abs() < size(o, "width") / 2.0
    })
}

/// An overlay's or underlay's centre.
pub(super) fn centre(o: &Map<String, Value>) -> Option<(f64, f64)> {
    o.get("center").and_then(point)
}

/// An overlay's or underlay's width or height (0 if not given).
pub(super) fn size(o: &Map<String, Value>, key: &str) -> f64 {
    o.get(key).and_then(num).unwrap_or(0.0)
}

/// Whether a shape is round.
pub(super) fn rounded(o: &Map<String, Value>) -> bool {
    o.get("rounded").and_then(Value::as_bool) == Some(true)
}

/// A shape's text, trimmed (numbers as written).
pub(super) fn text_of(o: &Map<String, Value>) -> String {
    o.get("text")
        .map(|t| match t {
            Value::String(s) => s.trim().to_string(),
            other => other.to_string(),
        })
        .unwrap_or_default()
}

/// Whether a colour as written (`#cccf`) is a grey.
pub(super) fn grey(colour: &str) -> bool {
    Colour::parse(colour).is_some_and(Colour::is_grey)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn far_points_are_clamped_and_long_runs_not_filled() {
        // Found by the sudokupad_payload fuzz target: a way point at row
        // 6.7e73 used to fill a run of cells that never ended.
        let path = path_cells(&[(2.5, 1.5), (6.7e73, 1.5), (f64::NEG_INFINITY, 0.5)]);
        assert_eq!(path, [(2, 1), (1_000_000, 1), (-1_000_000, 0)]);
        assert_eq!(path_cells(&[(0.5, 0.5), (3.5, 3.5)]).len(), 4);
        assert_eq!(
            edge_cells((f64::MAX, 0.5)),
            Some([(999_999, 0), (1_000_000, 0)])
        );
        assert_eq!(cell_of((f64::NAN, -0.5)), (0, -1));
    }
}
