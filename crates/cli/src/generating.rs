//! `sudoku generate`'s work on one puzzle index, and its JSON record: the
//! command and the Python package both make puzzles here.

use anyhow::{Context, Result, bail};
use serde::Serialize;
use serde_json::Value;
use sudoku::explain::{Difficulty, TECHNIQUE_NAMES, technique_named};
use sudoku::generate::{
    GenerateError, GenerateOptions, Generated, Generator, Symmetry, level_name,
};
use sudoku::{GridSize, Sudoku, Variant};

use crate::rating::ExplainerRecord;
use crate::records::VERSION;
use crate::strategy::Spelling;

/// What to generate, as plain values (the command's flags, the Python
/// keyword arguments).
#[derive(Clone, Debug)]
pub struct GenerateSettings {
    /// The grid's side (default 9).
    pub size: Option<usize>,
    /// The box shape, `RxC`.
    pub box_shape: Option<String>,
    /// Global rules.
    pub variant: Variant,
    /// The clues' symmetry.
    pub symmetry: Symmetry,
    /// Remove clues until none can go.
    pub minimal: bool,
    /// `N` or `A..B` clues.
    pub clues: Option<String>,
    /// The level the puzzles need (by name).
    pub level: Option<String>,
    /// Full grids tried per puzzle.
    pub attempts: u64,
    /// Jigsaw regions of its own for each puzzle.
    pub jigsaw: bool,
    /// Killer cages for each puzzle.
    pub killer: bool,
    /// Line and outside-clue rules drawn for each puzzle (names,
    /// comma-separated).
    pub lines: Option<String>,
    /// How many lines and clues to draw.
    pub line_count: Option<usize>,
    /// `A-B`: the range of Sudoku Explainer ratings (ER) to keep.
    pub se: Option<String>,
    /// The technique the puzzles need (by name).
    pub technique: Option<String>,
    /// How the caller names these settings in its errors.
    pub spelling: Spelling,
}

impl GenerateSettings {
    /// The grid size from `size` and `box_shape`.
    pub fn grid_size(&self) -> Result<GridSize> {
        match (&self.box_shape, self.size) {
            (Some(shape), side) => {
                let size = crate::input::parse_box(shape, self.spelling)?;
                if let Some(side) = side.filter(|&s| s != size.side()) {
                    bail!(
                        "{} makes a {n}x{n} grid, not {}",
                        self.spelling.setting("box", shape),
                        self.spelling.setting("size", &side.to_string()),
                        n = size.side()
                    );
                }
                Ok(size)
            }
            (None, side) => {
                let side = side.unwrap_or(9);
                GridSize::from_side(side).with_context(|| {
                    format!(
                        "invalid {}: a grid is 4x4 to {max}x{max} with boxes (4, 6, 8, 9, 10, 12, 16, 25, ...)",
                        self.spelling.setting("size", &side.to_string()),
                        max = sudoku::MAX_SIDE
                    )
                })
            }
        }
    }

    /// The generator's options.
    pub fn options(&self) -> Result<GenerateOptions> {
        let clues = (self.clues.as_deref())
            .map(|text| parse_clues(text, self.spelling))
            .transpose()?;
        let level = match self.level.as_deref() {
            Some(name) => Some(sudoku::generate::level_named(name).with_context(|| {
                format!(
                    "invalid {} `{name}` (valid: {})",
                    self.spelling.option("level"),
                    sudoku::generate::level_names()
                )
            })?),
            None => None,
        };
        let se = (self.se.as_deref())
            .map(|text| parse_se(text, self.spelling))
            .transpose()?;
        let technique = match self.technique.as_deref() {
            Some(name) => Some(technique_named(name).with_context(|| {
                format!(
                    "invalid {} `{name}` (valid: {})",
                    self.spelling.option("technique"),
                    TECHNIQUE_NAMES.join(", ")
                )
            })?),
            None => None,
        };
        let lines = match self.lines.as_deref() {
            None => Vec::new(),
            Some(text) => (text.split(','))
                .map(|name| {
                    sudoku::generate::drawn_rule(name.trim()).with_context(|| {
                        format!(
                            "invalid {} `{name}` (valid: {})",
                            self.spelling.option("lines"),
                            sudoku::generate::drawn_rule_names()
                        )
                    })
                })
                .collect::<Result<Vec<_>>>()?,
        };
        let line_count = self
            .line_count
            .unwrap_or(GenerateOptions::default().line_count);
        Ok(GenerateOptions {
            lines,
            line_count,
            symmetry: self.symmetry,
            minimal: self.minimal,
            clues,
            level,
            attempts: self.attempts,
            jigsaw: self.jigsaw,
            killer: self.killer,
            se,
            technique,
        })
    }
}

/// One generated puzzle (or a miss) in `--format json`.
#[derive(Serialize, Debug)]
pub struct GenerateRecord {
    index: u64,
    /// ok | missed
    status: &'static str,
    puzzle: Option<String>,
    solution: Option<String>,
    clues: Option<usize>,
    size: String,
    variant: String,
    symmetry: &'static str,
    /// Whether no clue (with a symmetry, no orbit of clues) can be removed
    /// without losing uniqueness.
    minimal: bool,
    level_needed: Option<&'static str>,
    grade: Option<&'static str>,
    score: Option<u64>,
    seed: u64,
    grid_seed: Option<u64>,
    /// Full grids tried for this puzzle.
    attempts: u64,
    error: Option<String>,
    version: &'static str,
    /// The puzzle as an f-puzzles document, when it has its own regions
    /// or cages.
    #[serde(skip_serializing_if = "Option::is_none")]
    fpuzzles: Option<serde_json::Value>,
    /// Its rating on Sudoku Explainer's scale, when `--se` or
    /// `--technique` asked for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    se: Option<ExplainerRecord>,
}

/// What one puzzle index gave, with its rating for json and its own
/// rules (regions, cages) as an f-puzzles document.
pub type Made = Result<(Generated, Option<sudoku::rate::Rating>, Option<Value>), GenerateError>;

/// Makes the puzzle of `index` (of the run seeded by `seed`), rated when
/// `rate` (the JSON record carries a rating), with its f-puzzles document
/// when it has rules of its own (regions, cages).
pub fn make(
    generator: &mut Generator<'_>,
    sudoku: &Sudoku,
    seed: u64,
    index: u64,
    rate: bool,
) -> Made {
    let size = sudoku.size();
    generator.generate(seed, index).and_then(|g| {
        // A puzzle with regions or cages is rated and written under its
        // own rules.
        let own = g.rules(sudoku);
        let document =
            (own.as_ref()).map(|rules| rules.to_fpuzzles(&g.puzzle, Some(&g.solution), None));
        // Only json carries a rating: the own rules' model is built for it
        // alone.
        let rating = if rate {
            let own = own
                .map(|rules| Sudoku::with_rules(size, rules))
                .transpose()?;
            let rater = own.as_ref().unwrap_or(sudoku);
            // The level is known when it was the target.
            Some(match g.level {
                Some(level) => rater.rate_at(&g.puzzle, level),
                None => rater.rate(&g.puzzle),
            }?)
        } else {
            None
        };
        Ok((g, rating, document))
    })
}

/// The JSON record of what `index` gave.
pub fn record(
    sudoku: &Sudoku,
    options: &GenerateOptions,
    seed: u64,
    index: u64,
    made: Made,
) -> GenerateRecord {
    let mut record = GenerateRecord {
        index,
        status: "missed",
        puzzle: None,
        solution: None,
        clues: None,
        size: sudoku.size().to_string(),
        variant: variant_names(sudoku, options),
        symmetry: options.symmetry.name(),
        minimal: options.makes_minimal(),
        level_needed: None,
        grade: None,
        score: None,
        seed,
        grid_seed: None,
        attempts: options.attempts,
        error: None,
        version: VERSION,
        fpuzzles: None,
        se: None,
    };
    match made {
        Ok((g, rating, document)) => {
            record.fpuzzles = document;
            record.status = "ok";
            record.puzzle = Some(g.puzzle.to_line());
            record.solution = Some(g.solution.to_line());
            record.clues = Some(g.puzzle.givens());
            record.grid_seed = Some(g.grid_seed);
            record.attempts = g.attempts;
            record.minimal = g.minimal;
            record.se = g.se.as_ref().map(ExplainerRecord::of);
            if let Some(r) = rating {
                record.level_needed = Some(level_name(r.level));
                record.grade = r.grade.map(|g| g.name());
                record.score = Some(r.score);
            }
        }
        Err(e) => record.error = Some(e.to_string()),
    }
    record
}

/// The rules of the puzzles made, by name: `jigsaw`, the global rules,
/// `killer-cage` (`classic` when none).
pub fn variant_names(sudoku: &Sudoku, options: &GenerateOptions) -> String {
    let mut names: Vec<&str> = Vec::new();
    if options.jigsaw {
        names.push("jigsaw");
    }
    names.extend(
        sudoku
            .rules()
            .names()
            .into_iter()
            .filter(|&n| n != "classic"),
    );
    if options.killer {
        names.push("killer-cage");
    }
    names.extend(options.lines.iter().copied());
    if names.is_empty() {
        names.push("classic");
    }
    names.join(",")
}

/// `--clues N` or `--clues A..B`.
pub fn parse_clues(text: &str, spelling: Spelling) -> Result<(usize, usize)> {
    let expected = "expected N or A..B, e.g. 22..25";
    parse_range(text, &[".."], spelling.option("clues"), expected)
}

/// `--se A-B` (or `A..B`, or one rating `A`): a range of ratings on
/// Sudoku Explainer's scale.
pub fn parse_se(text: &str, spelling: Spelling) -> Result<(Difficulty, Difficulty)> {
    let expected = "expected a rating or a range A-B, e.g. 7.0-8.0";
    parse_range(text, &["..", "-"], spelling.option("se"), expected)
}

/// `A`, or `A` and `B` around the first of `separators` the text holds
/// (`..=` read as `..`); an error naming `option` and what was `expected`.
fn parse_range<T: std::str::FromStr + Copy>(
    text: &str,
    separators: &[&str],
    option: String,
    expected: &str,
) -> Result<(T, T)>
where
    T::Err: std::error::Error + Send + Sync + 'static,
{
    let value = |s: &str| {
        (s.trim().parse::<T>()).with_context(|| format!("invalid {option} `{text}`: {expected}"))
    };
    match separators.iter().find_map(|sep| text.split_once(sep)) {
        Some((low, high)) => Ok((value(low)?, value(high.trim_start_matches('='))?)),
        None => {
            let x = value(text)?;
            Ok((x, x))
        }
    }
}

/// A seed from the clock, for runs without `--seed`.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clue_ranges() {
        let flags = Spelling::Flags;
        assert_eq!(parse_clues("22..25", flags).unwrap(), (22, 25));
        let tenths = |text| parse_se(text, flags).map(|(a, b)| (a.tenths(), b.tenths()));
        assert_eq!(tenths("7.0-8.0").unwrap(), (70, 80));
        assert_eq!(tenths("7..8.5").unwrap(), (70, 85));
        assert_eq!(tenths("6.6").unwrap(), (66, 66));
        assert_eq!(
            tenths("hard").unwrap_err().to_string(),
            "invalid --se `hard`: expected a rating or a range A-B, e.g. 7.0-8.0"
        );
        assert_eq!(parse_clues("22..=25", flags).unwrap(), (22, 25));
        assert_eq!(parse_clues(" 30 ", flags).unwrap(), (30, 30));
        assert_eq!(
            parse_clues("many", flags).unwrap_err().to_string(),
            "invalid --clues `many`: expected N or A..B, e.g. 22..25"
        );
        assert_eq!(
            parse_clues("many", Spelling::Keywords)
                .unwrap_err()
                .to_string(),
            "invalid clues= `many`: expected N or A..B, e.g. 22..25"
        );
    }
}
