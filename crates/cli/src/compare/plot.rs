//! The cactus plot: for each strategy, its solved runs sorted by effort (x:
//! runs solved so far, y: placements of the next one, log scale).

use std::path::Path;

use anyhow::{Result, anyhow};
use plotters::prelude::*;

/// One strategy's line.
pub struct Series {
    pub label: String,
    /// Placements of every solved run (any order).
    pub placements: Vec<u64>,
}

/// Stroke width of the strategy lines (axes and grid are thinner), so that
/// the lines can be told apart in the SVG.
pub const LINE_WIDTH: u32 = 2;

/// A distinct color for the `i`-th line, for any number of lines: hues a
/// golden-ratio step apart, lightness alternating.
fn line_color(i: usize) -> RGBAColor {
    let hue = (i as f64 * 0.618_033_988_75).fract();
    let lightness = if i % 2 == 0 { 0.38 } else { 0.55 };
    HSLColor(hue, 0.8, lightness).to_rgba()
}

/// Draws the plot as SVG at `path`.
pub fn cactus(path: &Path, title: &str, series: &[Series]) -> Result<()> {
    let max_x = series
        .iter()
        .map(|s| s.placements.len())
        .max()
        .unwrap_or(0)
        .max(1) as u32;
    let max_y = series
        .iter()
        .flat_map(|s| s.placements.iter().copied())
        .max()
        .unwrap_or(1)
        .max(1) as f64
        + 1.0;
    let height = 480 + 18 * series.len().min(40) as u32;
    let root = SVGBackend::new(path, (900, height)).into_drawing_area();
    let draw = |e| anyhow!("cannot draw {}: {e}", path.display());
    root.fill(&WHITE).map_err(draw)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(0u32..max_x, (1f64..max_y * 2.0).log_scale())
        .map_err(draw)?;
    chart
        .configure_mesh()
        .x_desc("puzzles solved")
        .y_desc("placements + 1 (log scale)")
        .y_label_formatter(&|v| format!("{v:.0}"))
        .draw()
        .map_err(draw)?;
    for (i, s) in series.iter().enumerate() {
        let mut sorted = s.placements.clone();
        sorted.sort_unstable();
        let color = line_color(i);
        let points = sorted
            .iter()
            .enumerate()
            .map(|(k, &p)| (k as u32 + 1, p as f64 + 1.0));
        chart
            .draw_series(LineSeries::new(points, color.stroke_width(LINE_WIDTH)))
            .map_err(draw)?
            .label(&s.label)
            .legend(move |(x, y)| Rectangle::new([(x, y - 4), (x + 14, y + 4)], color.filled()));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(draw)?;
    root.present().map_err(draw)?;
    Ok(())
}
