//! A status line for each search of `solve` and `count` (and each
//! explanation of `explain` and `rate --scale se`) that runs long, on
//! stderr when it is a terminal: which puzzle (file name and line), the
//! placements so far and their rate, how deep, and the solutions found
//! (explaining: the steps made and the last one's technique), cut to the
//! terminal's width. One line per puzzle at work (with `--jobs`,
//! several), gone when it ends.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use csp_core::SearchStats;
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::records::Origin;

/// A search shows its line once it has run this long.
const AFTER: Duration = Duration::from_secs(1);
/// How often a line is brought up to date.
const EVERY: Duration = Duration::from_millis(200);

/// The lines of the searches running long.
pub struct LongSearches {
    lines: MultiProgress,
}

impl LongSearches {
    /// On a terminal: the lines, drawn on stderr; elsewhere nothing is
    /// shown.
    pub fn on_terminal() -> Option<LongSearches> {
        std::io::stderr().is_terminal().then(|| LongSearches {
            lines: MultiProgress::with_draw_target(ProgressDrawTarget::stderr()),
        })
    }

    /// What watches the search of the puzzle at `origin` (for
    /// [`sudoku::Sudoku::run_watched`]); its line goes when it is dropped.
    pub fn watch(&self, origin: &Origin) -> SearchLine {
        SearchLine {
            lines: self.lines.clone(),
            label: format!("{}:{}", file_name(&origin.file), origin.line),
            start: Instant::now(),
            next: Instant::now() + AFTER,
            bar: None,
        }
    }
}

/// What watches the explanation (or rating) of the puzzle at `origin`,
/// step by step: its status line on `long`'s terminal, if any.
pub fn step_watcher(
    long: Option<&LongSearches>,
    origin: &Origin,
) -> impl FnMut(&sudoku::explain::Step) + use<> {
    let mut line = long.map(|l| l.watch(origin));
    let mut made = 0;
    move |step| {
        made += 1;
        if let Some(line) = &mut line {
            line.see_steps(made, &step.technique.name());
        }
    }
}

/// The line of one search, shown once the search has run a second.
pub struct SearchLine {
    lines: MultiProgress,
    label: String,
    start: Instant,
    /// When to look again.
    next: Instant,
    bar: Option<ProgressBar>,
}

impl SearchLine {
    /// Sees the counters (called every 1,024 steps of the search).
    pub fn see(&mut self, stats: &SearchStats) {
        self.show(|label, elapsed| status(label, stats, elapsed));
    }

    /// Sees an explanation's progress: `steps` made, the last by
    /// `technique`.
    pub fn see_steps(&mut self, steps: usize, technique: &str) {
        self.show(|label, elapsed| step_status(label, steps, technique, elapsed));
    }

    /// Shows `message(label, elapsed)` if the line is due.
    fn show(&mut self, message: impl FnOnce(&str, Duration) -> String) {
        let now = Instant::now();
        if now < self.next {
            return;
        }
        self.next = now + EVERY;
        let bar = self.bar.get_or_insert_with(|| {
            let bar = self.lines.add(ProgressBar::new_spinner());
            bar.set_style(
                ProgressStyle::with_template("{spinner} {wide_msg}").expect("valid template"),
            );
            bar
        });
        bar.set_message(message(&self.label, now - self.start));
        bar.tick();
    }
}

impl Drop for SearchLine {
    fn drop(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
            self.lines.remove(&bar);
        }
    }
}

/// The last part of a path (the line has a terminal's width, and the
/// numbers come after it).
fn file_name(path: &str) -> &str {
    std::path::Path::new(path)
        .file_name()
        .and_then(|name| name.to_str())
        .unwrap_or(path)
}

/// The status of the search of the puzzle `label` after `elapsed`.
fn status(label: &str, stats: &SearchStats, elapsed: Duration) -> String {
    let rate = stats.placements as f64 / elapsed.as_secs_f64().max(1e-9);
    format!(
        "{label}: {} placements ({}/s), max depth {}, {} solution{} so far, {}",
        short(stats.placements as f64),
        short(rate),
        stats.max_depth,
        stats.solutions,
        if stats.solutions == 1 { "" } else { "s" },
        clock(elapsed)
    )
}

/// The status of the explanation of the puzzle `label` after `elapsed`.
fn step_status(label: &str, steps: usize, technique: &str, elapsed: Duration) -> String {
    format!(
        "{label}: {} so far, the last {technique}, {}",
        crate::words::count(steps as u64, "step"),
        clock(elapsed)
    )
}

/// `n` in three significant figures with a suffix: 950, 12.3k, 4.56M, 7.89G.
fn short(n: f64) -> String {
    let (value, suffix) = match n {
        n if n >= 1e9 => (n / 1e9, "G"),
        n if n >= 1e6 => (n / 1e6, "M"),
        n if n >= 1e3 => (n / 1e3, "k"),
        n => return format!("{n:.0}"),
    };
    let decimals = if value >= 100.0 {
        0
    } else if value >= 10.0 {
        1
    } else {
        2
    };
    format!("{value:.decimals$}{suffix}")
}

/// `h:mm:ss`.
fn clock(elapsed: Duration) -> String {
    let s = elapsed.as_secs();
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_names_the_puzzle_and_the_work_so_far() {
        let stats = SearchStats {
            placements: 123_456_789,
            max_depth: 41,
            solutions: 1,
            ..SearchStats::default()
        };
        assert_eq!(
            status("arrow.json:1", &stats, Duration::from_secs(3725)),
            "arrow.json:1: 123M placements (33.1k/s), max depth 41, 1 solution so far, 1:02:05"
        );
        assert_eq!(
            step_status(
                "jigsaw.txt:2",
                41,
                "Nishio Forcing Chains",
                Duration::from_secs(75)
            ),
            "jigsaw.txt:2: 41 steps so far, the last Nishio Forcing Chains, 0:01:15"
        );
        assert_eq!(file_name("puzzles/variants/arrow/a.json"), "a.json");
        assert_eq!(file_name("-"), "-");
        assert_eq!(
            [0.0, 950.0, 12_345.0, 4_560_000.0, 7.891e9].map(short),
            ["0", "950", "12.3k", "4.56M", "7.89G"]
        );
    }
}
