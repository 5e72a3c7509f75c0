//! Cell names: `R3C7` (f-puzzles) or `r3c7`, 1-based.

use super::RulesError;

/// The reading-order index of a cell named `R3C7` or `r3c7` in a grid of
/// side `side`.
pub fn parse_cell(text: &str, side: usize) -> Result<usize, RulesError> {
    let bad = || RulesError::BadCell(text.to_string());
    let rest = text.strip_prefix(['R', 'r']).ok_or_else(bad)?;
    let (row, col) = rest.split_once(['C', 'c']).ok_or_else(bad)?;
    let row: usize = row.parse().map_err(|_| bad())?;
    let col: usize = col.parse().map_err(|_| bad())?;
    if row == 0 || col == 0 || row > side || col > side {
        return Err(RulesError::CellOutside {
            cell: text.to_string(),
            side,
        });
    }
    Ok((row - 1) * side + col - 1)
}

/// The cells of `r1c1` or of a straight run `r1c1-r1c5` (a row, column or
/// diagonal, both ends included), in order.
pub(crate) fn cell_run(text: &str, side: usize) -> Result<Vec<usize>, RulesError> {
    let (from, to) = text.split_once('-').unwrap_or((text, text));
    let (a, b) = (parse_cell(from.trim(), side)?, parse_cell(to.trim(), side)?);
    let (ra, ca, rb, cb) = (
        (a / side) as isize,
        (a % side) as isize,
        (b / side) as isize,
        (b % side) as isize,
    );
    if !(ra == rb || ca == cb || (rb - ra).abs() == (cb - ca).abs()) {
        return Err(RulesError::Invalid {
            element: format!("rule cells `{text}`"),
            what: "a run goes along a row, a column or a diagonal".into(),
        });
    }
    let (dr, dc) = ((rb - ra).signum(), (cb - ca).signum());
    let steps = (rb - ra).abs().max((cb - ca).abs());
    Ok((0..=steps)
        .map(|k| ((ra + k * dr) as usize) * side + (ca + k * dc) as usize)
        .collect())
}

/// The name of cell `index`: `r3c7`.
pub fn cell_name(index: usize, side: usize) -> String {
    format!("r{}c{}", index / side + 1, index % side + 1)
}

/// The names of `cells`, space-separated.
pub(crate) fn cell_list(cells: &[usize], side: usize) -> String {
    let names: Vec<String> = cells.iter().map(|&c| cell_name(c, side)).collect();
    names.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_both_ways() {
        assert_eq!(parse_cell("R1C1", 9).unwrap(), 0);
        assert_eq!(parse_cell("r9c8", 9).unwrap(), 79);
        assert_eq!(parse_cell("R12C16", 16).unwrap(), 11 * 16 + 15);
        assert_eq!(cell_name(79, 9), "r9c8");
        assert_eq!(
            parse_cell("R10C1", 9).unwrap_err().to_string(),
            "cell R10C1 is outside the 9x9 grid"
        );
        assert_eq!(
            parse_cell("A1", 9).unwrap_err().to_string(),
            "`A1` is not a cell (write R1C1 for row 1, column 1)"
        );
    }
}
