//! A [`Drawing`] as an SVG document: shaded cells and marks first, then
//! lines, the grid and its region borders, cages, circles, dots and edge
//! letters, then the digits, then the captions.

use std::fmt::Write;

use super::{CellMark, Drawing, LineStyle, Shape};
use crate::digit_char;

/// Pixels per cell.
pub(crate) const CELL: f64 = 48.0;
/// Pixels around the board.
pub(crate) const MARGIN: f64 = 24.0;
/// Pixels per caption line.
const CAPTION: f64 = 18.0;

/// The colours, so tests can look for them.
pub(crate) mod colour {
    pub const SHADE: &str = "#d9d9d9";
    pub const MARK: &str = "#c8c8c8";
    pub const THERMOMETER: &str = "#b4b4b4";
    pub const ARROW: &str = "#808080";
    pub const WHISPERS: &str = "#5fbf5f";
    pub const DIAGONAL: &str = "#8fa8d8";
    pub const CAGE: &str = "#404040";
    pub const GRID: &str = "#9a9a9a";
    pub const BORDER: &str = "#000000";
    pub const GIVEN: &str = "#000000";
    pub const FILLED: &str = "#2255cc";
    pub const CANDIDATE: &str = "#707070";
    pub const HEAT: &str = "#d62728";
    pub const BASE: &str = "#cfe0f5";
    pub const COVER: &str = "#f7ebc0";
    pub const RING: &str = "#9fdf9f";
    pub const FIN: &str = "#f5b860";
    pub const LINK: &str = "#8a2be2";
    pub const STRUCK: &str = "#d62728";
}

/// Where shapes go, back to front.
fn layer(shape: &Shape) -> u8 {
    match shape {
        Shape::Shade { .. } | Shape::Heat { .. } => 0,
        Shape::CellNote { .. } => 8,
        Shape::Mark { .. } => 1,
        Shape::Diagonal { .. } => 2,
        Shape::Line { .. } => 3,
        // The grid is drawn here.
        Shape::Cage { .. } => 5,
        Shape::Circle { .. } => 6,
        Shape::Dot { .. } | Shape::EdgeLabel { .. } | Shape::Outside { .. } => 7,
        Shape::Corner { .. } => 7,
        Shape::Tint { .. } => 0,
        Shape::Ring { .. } => 8,
        // Over the digits.
        Shape::Link { .. } | Shape::Struck { .. } => TOP,
    }
}

/// Shapes of this layer are drawn over the digits.
const TOP: u8 = 10;

/// The SVG text of `drawing`.
pub fn svg(drawing: &Drawing) -> String {
    let n = drawing.size.side();
    let board = n as f64 * CELL;
    let width = board + 2.0 * MARGIN;
    let height = board + 2.0 * MARGIN + drawing.captions.len() as f64 * CAPTION;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"##
    );
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    let mut shapes: Vec<&Shape> = drawing.shapes.iter().collect();
    shapes.sort_by_key(|s| layer(s));
    let mut grid_drawn = false;
    let (below, above): (Vec<&Shape>, Vec<&Shape>) =
        shapes.into_iter().partition(|s| layer(s) < TOP);
    for shape in below {
        if layer(shape) > 3 && !grid_drawn {
            grid(&mut out, drawing);
            grid_drawn = true;
        }
        draw(&mut out, shape, n);
    }
    if !grid_drawn {
        grid(&mut out, drawing);
    }
    digits(&mut out, drawing);
    for shape in above {
        draw(&mut out, shape, n);
    }
    for (k, caption) in drawing.captions.iter().enumerate() {
        let y = board + 2.0 * MARGIN + (k as f64 + 0.5) * CAPTION;
        let _ = writeln!(
            out,
            r##"<text x="{MARGIN}" y="{y}" font-size="13" dominant-baseline="central">{}</text>"##,
            escape(caption)
        );
    }
    out.push_str("</svg>\n");
    round_attributes(&out)
}

/// `svg` with every number inside an attribute value rounded to two
/// decimals (`28.799999999999997` is `28.8`): what a renderer needs, and
/// no float noise in the text. Text between tags is left as it is.
fn round_attributes(svg: &str) -> String {
    let mut out = String::with_capacity(svg.len());
    let (mut in_tag, mut in_value) = (false, false);
    let mut rest = svg;
    while let Some(c) = rest.chars().next() {
        if in_value && (c.is_ascii_digit() || c == '-') {
            let len = (rest.char_indices())
                .find(|&(i, ch)| !(ch.is_ascii_digit() || ch == '.' || (i == 0 && ch == '-')))
                .map_or(rest.len(), |(i, _)| i);
            let number = &rest[..len];
            match (number.split_once('.'), number.parse::<f64>()) {
                (Some((_, decimals)), Ok(x)) if decimals.len() > 2 => {
                    let rounded = (x * 100.0).round() / 100.0;
                    // No `-0`.
                    let _ = write!(out, "{}", rounded + 0.0);
                }
                _ => out.push_str(number),
            }
            rest = &rest[len..];
            continue;
        }
        match c {
            '<' if !in_value => in_tag = true,
            '>' if !in_value => in_tag = false,
            '"' if in_tag => in_value = !in_value,
            _ => {}
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The top-left corner of `cell`.
fn corner(cell: usize, n: usize) -> (f64, f64) {
    (
        MARGIN + (cell % n) as f64 * CELL,
        MARGIN + (cell / n) as f64 * CELL,
    )
}

/// The centre of candidate `digit` (from 1) in `cell`, and its type
/// size: the digits in a square of rows.
fn candidate_centre(cell: usize, digit: u8, n: usize) -> (f64, f64, f64) {
    let per_row = (1..).find(|k| k * k >= n).unwrap_or(1);
    let (x, y) = corner(cell, n);
    let step = CELL / per_row as f64;
    let k = usize::from(digit) - 1;
    (
        x + (k % per_row) as f64 * step + step / 2.0,
        y + (k / per_row) as f64 * step + step / 2.0,
        (step * 0.75).min(13.0),
    )
}

/// The centre of `cell`.
fn centre(cell: usize, n: usize) -> (f64, f64) {
    let (x, y) = corner(cell, n);
    (x + CELL / 2.0, y + CELL / 2.0)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn points(cells: &[usize], n: usize) -> String {
    let p: Vec<String> = (cells.iter())
        .map(|&c| {
            let (x, y) = centre(c, n);
            format!("{x},{y}")
        })
        .collect();
    p.join(" ")
}

fn draw(out: &mut String, shape: &Shape, n: usize) {
    match shape {
        Shape::Tint { cells, kind } => {
            let fill = match kind {
                super::Tint::Base => colour::BASE,
                super::Tint::Cover => colour::COVER,
            };
            for &c in cells {
                let (x, y) = corner(c, n);
                let _ = writeln!(
                    out,
                    r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" fill-opacity="0.7"/>"##
                );
            }
        }
        Shape::Ring { cell, digit, fin } => {
            let (x, y, size) = candidate_centre(*cell, *digit, n);
            let fill = if *fin { colour::FIN } else { colour::RING };
            let _ = writeln!(
                out,
                r##"<circle cx="{x}" cy="{y}" r="{}" fill="{fill}"/>"##,
                size * 0.72
            );
        }
        Shape::Link { from, to, strong } => {
            let (x1, y1, _) = candidate_centre(from.0, from.1, n);
            let (x2, y2, _) = candidate_centre(to.0, to.1, n);
            let dash = if *strong {
                ""
            } else {
                r##" stroke-dasharray="5 4""##
            };
            let _ = writeln!(
                out,
                r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{}" stroke-width="2" stroke-opacity="0.8"{dash}/>"##,
                colour::LINK
            );
        }
        Shape::Struck { cell, digit } => {
            let (x, y, size) = candidate_centre(*cell, *digit, n);
            let h = size * 0.55;
            let _ = writeln!(
                out,
                r##"<text x="{x}" y="{y}" font-size="{size}" fill="{}" text-anchor="middle" dominant-baseline="central">{}</text>"##,
                colour::STRUCK,
                digit_char(*digit)
            );
            let _ = writeln!(
                out,
                r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="1.5"/>"##,
                x - h,
                y + h * 0.65,
                x + h,
                y - h * 0.65,
                colour::STRUCK
            );
        }
        Shape::Shade { cells } => {
            for &c in cells {
                let (x, y) = corner(c, n);
                let _ = writeln!(
                    out,
                    r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{}"/>"##,
                    colour::SHADE
                );
            }
        }
        Shape::Mark { cell, mark } => {
            let (cx, cy) = centre(*cell, n);
            let r = CELL * 0.36;
            let _ = match mark {
                CellMark::Square => writeln!(
                    out,
                    r##"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>"##,
                    cx - r,
                    cy - r,
                    2.0 * r,
                    2.0 * r,
                    colour::MARK
                ),
                CellMark::Circle => writeln!(
                    out,
                    r##"<circle cx="{cx}" cy="{cy}" r="{r}" fill="{}"/>"##,
                    colour::MARK
                ),
            };
        }
        Shape::Diagonal { anti } => {
            let (a, b) = (MARGIN, MARGIN + n as f64 * CELL);
            let (x1, x2) = if *anti { (b, a) } else { (a, b) };
            let _ = writeln!(
                out,
                r##"<line x1="{x1}" y1="{a}" x2="{x2}" y2="{b}" stroke="{}" stroke-width="3"/>"##,
                colour::DIAGONAL
            );
        }
        Shape::Heat { cell, weight } => {
            let (x, y) = corner(*cell, n);
            let _ = writeln!(
                out,
                r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{}" fill-opacity="{:.3}"/>"##,
                colour::HEAT,
                weight.clamp(0.0, 1.0)
            );
        }
        Shape::CellNote { cell, text } => {
            let (x, y) = corner(*cell, n);
            let lines: Vec<&str> = text.lines().collect();
            let step = CELL / (lines.len() as f64 + 1.0);
            for (k, line) in lines.iter().enumerate() {
                let _ = writeln!(
                    out,
                    r##"<text x="{}" y="{}" font-size="{}" text-anchor="middle" dominant-baseline="central">{}</text>"##,
                    x + CELL / 2.0,
                    y + step * (k as f64 + 1.0),
                    if k == 0 { 13 } else { 10 },
                    escape(line)
                );
            }
        }
        Shape::Line { cells, style } => line(out, cells, *style, n),
        Shape::Cage { cells, label } => cage(out, cells, label.as_deref(), n),
        Shape::Circle { cells } => {
            let (x0, y0) = cells
                .iter()
                .map(|&c| corner(c, n))
                .fold((f64::MAX, f64::MAX), |(a, b), (x, y)| (a.min(x), b.min(y)));
            let (x1, y1) = cells
                .iter()
                .map(|&c| corner(c, n))
                .fold((f64::MIN, f64::MIN), |(a, b), (x, y)| (a.max(x), b.max(y)));
            let inset = CELL * 0.1;
            let _ = writeln!(
                out,
                r##"<rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="#ffffff" stroke="{}" stroke-width="2"/>"##,
                x0 + inset,
                y0 + inset,
                x1 - x0 + CELL - 2.0 * inset,
                y1 - y0 + CELL - 2.0 * inset,
                CELL * 0.4,
                colour::ARROW
            );
        }
        Shape::Dot {
            cells,
            black,
            label,
        } => {
            let (x, y) = edge_middle(*cells, n);
            let fill = if *black { "#000000" } else { "#ffffff" };
            let _ = writeln!(
                out,
                r##"<circle cx="{x}" cy="{y}" r="{}" fill="{fill}" stroke="#000000" stroke-width="1.5"/>"##,
                CELL * 0.13
            );
            if let Some(label) = label {
                let ink = if *black { "#ffffff" } else { "#000000" };
                let _ = writeln!(
                    out,
                    r##"<text x="{x}" y="{y}" font-size="9" fill="{ink}" text-anchor="middle" dominant-baseline="central">{}</text>"##,
                    escape(label)
                );
            }
        }
        Shape::Corner { cells, text } => {
            let k = cells.len().max(1) as f64;
            let (x, y) = cells.iter().fold((0.0, 0.0), |(x, y), &c| {
                let (cx, cy) = centre(c, n);
                (x + cx / k, y + cy / k)
            });
            let _ = writeln!(
                out,
                r##"<circle cx="{x}" cy="{y}" r="{}" fill="#ffffff" stroke="{}" stroke-width="1.5"/>"##,
                CELL * 0.22,
                colour::BORDER
            );
            let _ = writeln!(
                out,
                r##"<text x="{x}" y="{y}" font-size="10" text-anchor="middle" dominant-baseline="central">{}</text>"##,
                escape(text)
            );
        }
        Shape::Outside { row, col, text } => {
            let at = |k: usize| match k {
                0 => MARGIN / 2.0,
                k if k > n => MARGIN + n as f64 * CELL + MARGIN / 2.0,
                k => MARGIN + (k as f64 - 0.5) * CELL,
            };
            let _ = writeln!(
                out,
                r##"<text x="{}" y="{}" font-size="13" text-anchor="middle" dominant-baseline="central" fill="{}">{}</text>"##,
                at(*col),
                at(*row),
                colour::GIVEN,
                escape(text)
            );
        }
        Shape::EdgeLabel { cells, text } => {
            let (x, y) = edge_middle(*cells, n);
            let r = CELL * 0.16;
            let _ = writeln!(
                out,
                r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#ffffff"/>"##,
                x - r,
                y - r,
                2.0 * r,
                2.0 * r
            );
            let _ = writeln!(
                out,
                r##"<text x="{x}" y="{y}" font-size="14" font-weight="bold" text-anchor="middle" dominant-baseline="central">{}</text>"##,
                escape(text)
            );
        }
    }
}

/// The middle of the edge between two neighbouring cells.
fn edge_middle(cells: [usize; 2], n: usize) -> (f64, f64) {
    let (a, b) = (centre(cells[0], n), centre(cells[1], n));
    ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
}

fn line(out: &mut String, cells: &[usize], style: LineStyle, n: usize) {
    let (stroke, width) = match style {
        LineStyle::Thermometer => (colour::THERMOMETER, CELL * 0.3),
        LineStyle::Arrow => (colour::ARROW, 2.0),
        LineStyle::Whispers => (colour::WHISPERS, CELL * 0.25),
        LineStyle::Coloured { colour, .. } => (colour, CELL * 0.2),
    };
    let _ = writeln!(
        out,
        r##"<polyline points="{}" fill="none" stroke="{stroke}" stroke-width="{width}" stroke-linecap="round" stroke-linejoin="round"/>"##,
        points(cells, n)
    );
    match style {
        LineStyle::Thermometer => {
            if let Some(&bulb) = cells.first() {
                let (cx, cy) = centre(bulb, n);
                let _ = writeln!(
                    out,
                    r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="{stroke}"/>"##,
                    CELL * 0.38
                );
            }
        }
        LineStyle::Arrow => {
            if let [.., from, to] = cells {
                let ((x0, y0), (x1, y1)) = (centre(*from, n), centre(*to, n));
                let (dx, dy) = (x1 - x0, y1 - y0);
                let len = (dx * dx + dy * dy).sqrt().max(1.0);
                let (ux, uy) = (dx / len, dy / len);
                let s = CELL * 0.25;
                for sign in [1.0, -1.0] {
                    let (hx, hy) = (
                        x1 - s * ux + sign * s * 0.6 * uy,
                        y1 - s * uy - sign * s * 0.6 * ux,
                    );
                    let _ = writeln!(
                        out,
                        r##"<line x1="{x1}" y1="{y1}" x2="{hx}" y2="{hy}" stroke="{stroke}" stroke-width="2" stroke-linecap="round"/>"##
                    );
                }
            }
        }
        LineStyle::Whispers => {}
        LineStyle::Coloured { ends: false, .. } => {}
        LineStyle::Coloured { ends: true, .. } => {
            for &end in [cells.first(), cells.last()].iter().flatten() {
                let (cx, cy) = centre(*end, n);
                let _ = writeln!(
                    out,
                    r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="#ffffff" stroke="{stroke}" stroke-width="2"/>"##,
                    CELL * 0.38
                );
            }
        }
    }
}

/// A dashed outline just inside the cage's outer edges, and its sum.
fn cage(out: &mut String, cells: &[usize], label: Option<&str>, n: usize) {
    let inset = CELL * 0.08;
    let inside = |r: isize, c: isize| {
        r >= 0
            && c >= 0
            && (r as usize) < n
            && (c as usize) < n
            && cells.contains(&(r as usize * n + c as usize))
    };
    let mut path = String::new();
    for &cell in cells {
        let (r, c) = ((cell / n) as isize, (cell % n) as isize);
        let (x, y) = corner(cell, n);
        let (x0, y0, x1, y1) = (x + inset, y + inset, x + CELL - inset, y + CELL - inset);
        // Each outer side, extended to the cell's edge where the cage goes on.
        let (left, right) = (inside(r, c - 1), inside(r, c + 1));
        let (up, down) = (inside(r - 1, c), inside(r + 1, c));
        let (xa, xb) = (if left { x } else { x0 }, if right { x + CELL } else { x1 });
        let (ya, yb) = (if up { y } else { y0 }, if down { y + CELL } else { y1 });
        if !up {
            let _ = write!(path, "M{xa},{y0}H{xb}");
        }
        if !down {
            let _ = write!(path, "M{xa},{y1}H{xb}");
        }
        if !left {
            let _ = write!(path, "M{x0},{ya}V{yb}");
        }
        if !right {
            let _ = write!(path, "M{x1},{ya}V{yb}");
        }
    }
    let _ = writeln!(
        out,
        r##"<path d="{path}" fill="none" stroke="{}" stroke-width="1.2" stroke-dasharray="4,3"/>"##,
        colour::CAGE
    );
    if let (Some(label), Some(&first)) = (label, cells.iter().min()) {
        let (x, y) = corner(first, n);
        let _ = writeln!(
            out,
            r##"<rect x="{}" y="{}" width="{}" height="12" fill="#ffffff"/>"##,
            x + 2.0,
            y + 2.0,
            7.0 * label.len() as f64 + 2.0
        );
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{}" font-size="11">{}</text>"##,
            x + 3.0,
            y + 12.0,
            escape(label)
        );
    }
}

/// Thin lines between cells, thick ones between regions and around.
fn grid(out: &mut String, drawing: &Drawing) {
    let n = drawing.size.side();
    let end = MARGIN + n as f64 * CELL;
    for k in 1..n {
        let at = MARGIN + k as f64 * CELL;
        let _ = writeln!(
            out,
            r##"<line x1="{at}" y1="{MARGIN}" x2="{at}" y2="{end}" stroke="{g}" stroke-width="1"/><line x1="{MARGIN}" y1="{at}" x2="{end}" y2="{at}" stroke="{g}" stroke-width="1"/>"##,
            g = colour::GRID
        );
    }
    let region = |cell: usize| -> Option<usize> {
        match &drawing.regions {
            Some(regions) => Some(regions[cell]),
            None if drawing.size.has_boxes() => Some(drawing.size.box_of(cell / n, cell % n)),
            None => None,
        }
    };
    let mut path = String::new();
    for cell in 0..n * n {
        let (x, y) = corner(cell, n);
        if cell % n + 1 < n && region(cell) != region(cell + 1) {
            let _ = write!(path, "M{},{y}V{}", x + CELL, y + CELL);
        }
        if cell / n + 1 < n && region(cell) != region(cell + n) {
            let _ = write!(path, "M{x},{}H{}", y + CELL, x + CELL);
        }
    }
    let _ = writeln!(
        out,
        r##"<path d="{path}" fill="none" stroke="{b}" stroke-width="3" stroke-linecap="square"/><rect x="{MARGIN}" y="{MARGIN}" width="{side}" height="{side}" fill="none" stroke="{b}" stroke-width="3"/>"##,
        b = colour::BORDER,
        side = n as f64 * CELL
    );
}

/// Givens in black, filled digits in blue, candidates small and grey.
fn digits(out: &mut String, drawing: &Drawing) {
    let n = drawing.size.side();
    for cell in 0..n * n {
        let (cx, cy) = centre(cell, n);
        let (d, ink) = match (drawing.givens[cell], drawing.filled[cell]) {
            (0, 0) => (0, ""),
            (0, f) => (f, colour::FILLED),
            (g, _) => (g, colour::GIVEN),
        };
        if d != 0 {
            let _ = writeln!(
                out,
                r##"<text x="{cx}" y="{cy}" font-size="{}" fill="{ink}" text-anchor="middle" dominant-baseline="central">{}</text>"##,
                CELL * 0.6,
                digit_char(d)
            );
            continue;
        }
        let Some(candidates) = &drawing.candidates else {
            continue;
        };
        for &c in &candidates[cell] {
            let (x, y, size) = candidate_centre(cell, c, n);
            let _ = writeln!(
                out,
                r##"<text x="{x}" y="{y}" font-size="{size}" fill="{}" text-anchor="middle" dominant-baseline="central">{}</text>"##,
                colour::CANDIDATE,
                digit_char(c)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::round_attributes;

    #[test]
    fn attribute_numbers_are_rounded_and_text_is_not() {
        assert_eq!(
            round_attributes(
                r##"<text x="-0.001" y="28.799999999999997" font-size="28.799999999999997" fill="#2255cc" d="M1.005,2.5 L3.14159,4">3.14159</text>"##
            ),
            r##"<text x="0" y="28.8" font-size="28.8" fill="#2255cc" d="M1,2.5 L3.14,4">3.14159</text>"##
        );
    }
}
