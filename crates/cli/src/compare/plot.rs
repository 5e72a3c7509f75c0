//! The cactus plot: for each strategy, its solved runs sorted by effort (x:
//! runs solved so far, y: placements of the next one, log scale). One panel
//! per puzzle set; in each, the legend lists the strategies in rank order
//! beside the plot, and strategies whose curves are identical share one
//! line and one legend entry (`A = B`).

use std::path::Path;

use anyhow::{Result, anyhow, bail};
use plotters::prelude::*;

/// One strategy's line on one set.
pub struct Series {
    pub label: String,
    pub set: String,
    /// Placements of every solved run (any order).
    pub placements: Vec<u64>,
}

/// Stroke width of the strategy lines (axes and grid are thinner), so that
/// the lines can be told apart in the SVG.
pub const LINE_WIDTH: u32 = 2;

/// Width of the legend beside each panel.
const LEGEND_WIDTH: u32 = 300;

/// A distinct color for the `i`-th line, for any number of lines: hues a
/// golden-ratio step apart, lightness alternating.
fn line_color(i: usize) -> RGBAColor {
    let hue = (i as f64 * 0.618_033_988_75).fract();
    let lightness = if i % 2 == 0 { 0.38 } else { 0.55 };
    HSLColor(hue, 0.8, lightness).to_rgba()
}

/// Checks before a run that the plot can be written there: an `.svg` path
/// (the only format drawn) in a folder that exists.
pub fn check_path(path: &Path) -> Result<()> {
    let svg = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    if !svg {
        bail!(
            "cannot draw the plot as {}: only SVG is drawn; give a path ending in .svg",
            path.display()
        );
    }
    std::fs::File::create(path).map_err(|e| anyhow!("cannot create {}: {e}", path.display()))?;
    Ok(())
}

/// A line of the plot: its legend label and its sorted placements.
type Line = (String, Vec<u64>);

/// Lines with identical curves merged, in the given order.
fn merged(series: &[&Series]) -> Vec<Line> {
    let mut lines: Vec<Line> = Vec::new();
    for s in series {
        let mut sorted = s.placements.clone();
        sorted.sort_unstable();
        match lines.iter_mut().find(|(_, p)| *p == sorted) {
            Some((label, _)) => {
                label.push_str(" = ");
                label.push_str(&s.label);
            }
            None => lines.push((s.label.clone(), sorted)),
        }
    }
    lines
}

/// Draws the plot as SVG at `path`: one panel per set in `sets` (its
/// name and what its x axis counts: `puzzles solved`), the series of
/// each in the order given (rank order).
pub fn cactus(path: &Path, sets: &[(String, &str)], series: &[Series]) -> Result<()> {
    let panels: Vec<(&String, &str, Vec<Line>)> = sets
        .iter()
        .map(|(set, x)| {
            let mine: Vec<&Series> = series.iter().filter(|s| &s.set == set).collect();
            (set, *x, merged(&mine))
        })
        .collect();
    let legend_rows = panels.iter().map(|(_, _, l)| l.len()).max().unwrap_or(0) as u32;
    let panel_height = 420.max(60 + 18 * legend_rows);
    let root = SVGBackend::new(
        path,
        (
            900 + LEGEND_WIDTH,
            panel_height * panels.len().max(1) as u32,
        ),
    )
    .into_drawing_area();
    let draw = |e| anyhow!("cannot draw {}: {e}", path.display());
    root.fill(&WHITE).map_err(draw)?;
    let areas = root.split_evenly((panels.len().max(1), 1));
    for ((set, x_desc, lines), area) in panels.iter().zip(&areas) {
        let (plot_area, legend_area) = area.split_horizontally(900);
        let max_x = lines.iter().map(|(_, p)| p.len()).max().unwrap_or(0).max(1) as u32;
        let max_y = lines
            .iter()
            .flat_map(|(_, p)| p.iter().copied())
            .max()
            .unwrap_or(1)
            .max(1) as f64
            + 1.0;
        let mut chart = ChartBuilder::on(&plot_area)
            .caption(format!("sudoku compare: {set}"), ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d(0u32..max_x, (1f64..max_y * 2.0).log_scale())
            .map_err(draw)?;
        chart
            .configure_mesh()
            .x_desc(*x_desc)
            .y_desc("placements + 1 (log scale)")
            .y_label_formatter(&|v| format!("{v:.0}"))
            .draw()
            .map_err(draw)?;
        for (i, (label, sorted)) in lines.iter().enumerate() {
            let color = line_color(i);
            let points = sorted
                .iter()
                .enumerate()
                .map(|(k, &p)| (k as u32 + 1, p as f64 + 1.0));
            chart
                .draw_series(LineSeries::new(points, color.stroke_width(LINE_WIDTH)))
                .map_err(draw)?;
            // The legend, beside the plot, in rank order.
            let y = 40 + 18 * i as i32;
            legend_area
                .draw(&Rectangle::new([(8, y - 4), (22, y + 4)], color.filled()))
                .map_err(draw)?;
            legend_area
                .draw(&Text::new(
                    format!("{}. {label}", i + 1),
                    (28, y - 7),
                    ("sans-serif", 13),
                ))
                .map_err(draw)?;
        }
    }
    root.present().map_err(draw)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_curves_share_a_line() {
        let s = |label: &str, p: Vec<u64>| Series {
            label: label.into(),
            set: "s".into(),
            placements: p,
        };
        let (a, b, c) = (s("A", vec![3, 1]), s("B", vec![1, 3]), s("C", vec![2]));
        let lines = merged(&[&a, &c, &b]);
        assert_eq!(
            lines,
            vec![
                ("A = B".to_string(), vec![1, 3]),
                ("C".to_string(), vec![2])
            ]
        );
    }

    #[test]
    fn only_svg_paths() {
        let err = check_path(Path::new("x.png")).unwrap_err().to_string();
        assert!(err.contains("only SVG is drawn"), "{err}");
        assert!(check_path(Path::new("/nonexistent-dir/x.svg")).is_err());
    }
}
