//! Puzzles made to order: a random full grid, then holes dug in random
//! order while the solution stays unique, clues removed together in the
//! orbits of a [`Symmetry`].
//!
//! Grids whose rules are houses only (classic, X, windoku, jigsaw, any box
//! shape) are checked by the [bitboard solver](crate::bitboard); other rules
//! (anti-knight, anti-king, non-consecutive, ...) by the engine.
//!
//! # Example
//! ```
//! use sudoku::{Sudoku, generate::{GenerateOptions, Generator, Symmetry}};
//!
//! let sudoku = Sudoku::classic();
//! let options = GenerateOptions { symmetry: Symmetry::Rot180, ..GenerateOptions::default() };
//! let mut generator = Generator::new(&sudoku, options)?;
//! let made = generator.generate(42, 0)?;
//! assert!(Symmetry::Rot180.holds(made.puzzle.cells(), 9));
//! assert_eq!(generator.count(&made.puzzle, 2)?, 1);
//! // The same seed and index give the same puzzle.
//! assert_eq!(generator.generate(42, 0)?, made);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod checker;
mod generator;
mod layout;
mod lines;
mod symmetry;
mod unavoidable;

use csp_core::PropagationLevel;

pub use generator::{Generated, Generator};
pub use layout::{Cage, MAX_CAGE};
pub use lines::{DRAWN_RULES, DrawnElement, Shape, drawn_rule, drawn_rule_names};
pub use symmetry::{Symmetry, UnknownSymmetry, valid_names as symmetry_names};

use crate::explain::Difficulty;
use crate::{LevelNeeded, SolveError, Sudoku};

/// What to make.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GenerateOptions {
    /// The clue pattern's symmetry.
    pub symmetry: Symmetry,
    /// With [`clues`](Self::clues): dig to the end (no orbit of clues can
    /// be removed without losing uniqueness), then keep the puzzle only if
    /// its clue count is in range. Without a range, digging always goes
    /// to the end, so every puzzle is minimal.
    pub minimal: bool,
    /// Stop digging once the clue count is in `low..=high` (orbits that
    /// would take it below `low` are kept); a grid whose digging ends
    /// above `high` is dropped and another one tried.
    pub clues: Option<(usize, usize)>,
    /// Keep only puzzles whose [`Sudoku::level_needed`] is this. Digging
    /// never goes past it, unless the puzzle must be
    /// [minimal](Self::minimal): then it digs to the end and keeps the
    /// puzzle only if it needs exactly this level.
    pub level: Option<LevelNeeded>,
    /// How many full grids to try for one puzzle before giving up.
    pub attempts: u64,
    /// Random jigsaw regions instead of boxes, drawn per puzzle.
    pub jigsaw: bool,
    /// Random killer cages over the whole grid, drawn per puzzle from its
    /// solution (digits in a cage differ; its sum is given).
    pub killer: bool,
    /// Rules of [`DRAWN_RULES`] whose random lines and outside clues,
    /// drawn per puzzle to hold in its solution, the puzzle gets
    /// ([`line_count`](Self::line_count) of them, the rules in turn).
    pub lines: Vec<&'static str>,
    /// How many lines and clues to draw with [`lines`](Self::lines).
    pub line_count: usize,
    /// Keep only puzzles whose rating on Sudoku Explainer's scale (ER,
    /// [`rate_explainer`](crate::explain::rate_explainer)) is in
    /// `low..=high`.
    pub se: Option<(Difficulty, Difficulty)>,
    /// Keep only puzzles whose explanation takes a step of this technique
    /// (one of [`TECHNIQUE_NAMES`](crate::explain::TECHNIQUE_NAMES)).
    pub technique: Option<&'static str>,
}

impl Default for GenerateOptions {
    fn default() -> GenerateOptions {
        GenerateOptions {
            symmetry: Symmetry::None,
            minimal: false,
            clues: None,
            level: None,
            attempts: 1000,
            jigsaw: false,
            killer: false,
            lines: Vec::new(),
            line_count: 8,
            se: None,
            technique: None,
        }
    }
}

/// The levels a puzzle can be generated for, by name: the propagation
/// levels that fill cells, then `guessing` (even probing leaves cells).
pub const LEVELS: [(&str, LevelNeeded); 5] = [
    ("singles", LevelNeeded::Level(PropagationLevel::Singles)),
    ("locked", LevelNeeded::Level(PropagationLevel::Locked)),
    ("gac", LevelNeeded::Level(PropagationLevel::Gac)),
    ("probing", LevelNeeded::Level(PropagationLevel::Probing)),
    ("guessing", LevelNeeded::Unsolved),
];

/// The names of [`LEVELS`], comma-separated (for help texts and errors).
pub fn level_names() -> String {
    let names: Vec<&str> = LEVELS.iter().map(|(n, _)| *n).collect();
    names.join(", ")
}

/// The level called `name` in [`LEVELS`].
pub fn level_named(name: &str) -> Option<LevelNeeded> {
    LEVELS.iter().find(|(n, _)| *n == name).map(|&(_, l)| l)
}

/// The name of a level in [`LEVELS`] (`guessing` for
/// [`LevelNeeded::Unsolved`]).
pub fn level_name(level: LevelNeeded) -> &'static str {
    LEVELS
        .iter()
        .find(|(_, l)| *l == level)
        .map_or(level.name(), |&(n, _)| n)
}

/// The fewest clues a puzzle with a unique solution can have under
/// `sudoku`'s rules, where it is known: for classic grids 4 (4x4), 8
/// (6x6), 17 (9x9, McGuire, Tugemann and Civario 2012); for any grid of
/// houses only `side - 1` (two digits missing from the clues could be
/// swapped in any solution).
pub fn fewest_clues(sudoku: &Sudoku) -> usize {
    let side = sudoku.size().side();
    let classic_known = match side {
        4 => Some(4),
        6 if sudoku.size().has_boxes() => Some(8),
        9 if sudoku.size().box_rows() == 3 => Some(17),
        _ => None,
    };
    match classic_known {
        Some(n) if sudoku.rules().is_classic() => n,
        _ if sudoku.has_only_houses() => side - 1,
        _ => 0,
    }
}

impl GenerateOptions {
    /// Fails if the options ask for something no grid of `sudoku`'s rules
    /// can give.
    pub fn check(&self, sudoku: &Sudoku) -> Result<(), GenerateError> {
        if self.attempts == 0 {
            return Err(GenerateError::Options("attempts must be at least 1".into()));
        }
        if self.jigsaw && self.symmetry != Symmetry::None {
            return Err(GenerateError::Options(format!(
                "symmetry {} needs a symmetric layout, and random jigsaw regions have none: use --symmetry none",
                self.symmetry.name()
            )));
        }
        if (self.se.is_some() || self.technique.is_some())
            && (self.killer || !sudoku.has_only_houses())
        {
            return Err(GenerateError::Options(
                "a rating on Sudoku Explainer's scale and a technique need a puzzle of houses alone: no killer cages or other elements".into(),
            ));
        }
        if let Some((low, high)) = self.se
            && low > high
        {
            return Err(GenerateError::Options(format!(
                "the rating range {low}-{high} is empty"
            )));
        }
        let Some((low, high)) = self.clues else {
            return Ok(());
        };
        let cells = sudoku.size().cells();
        if low > high {
            return Err(GenerateError::Options(format!(
                "the clue range {low}..{high} is empty"
            )));
        }
        if low > cells {
            return Err(GenerateError::Options(format!(
                "a {side}x{side} grid has {cells} cells, fewer than {low} clues",
                side = sudoku.size().side()
            )));
        }
        let fewest = match (self.killer, self.jigsaw) {
            // Cages can hold a puzzle with no clue at all.
            (true, _) => 0,
            (false, true) => sudoku.size().side() - 1,
            (false, false) => fewest_clues(sudoku),
        };
        if high < fewest {
            return Err(GenerateError::Options(format!(
                "no {} puzzle with fewer than {fewest} clues has a unique solution, so {} is impossible",
                sudoku.size(),
                clue_words(low, high)
            )));
        }
        Ok(())
    }

    /// Whether every puzzle made is minimal: no clue (with a symmetry, no
    /// orbit of clues) can be removed without losing uniqueness. True
    /// when digging goes to the end: `minimal`, or neither a clue range
    /// nor a level below `guessing` stops it.
    pub fn makes_minimal(&self) -> bool {
        self.minimal
            || (self.clues.is_none() && matches!(self.level, None | Some(LevelNeeded::Unsolved)))
    }

    /// The properties asked for, in words (for messages).
    pub fn target(&self) -> String {
        let mut parts = Vec::new();
        if let Some((low, high)) = self.clues {
            parts.push(clue_words(low, high));
        }
        if let Some(level) = self.level {
            parts.push(format!("level {}", level_name(level)));
        }
        if self.minimal {
            parts.push("minimal".to_string());
        }
        if let Some((low, high)) = self.se {
            parts.push(format!("SE {low}-{high}"));
        }
        if let Some(name) = self.technique {
            parts.push(format!("technique {name}"));
        }
        if parts.is_empty() {
            "a unique solution".to_string()
        } else {
            parts.join(", ")
        }
    }
}

/// A clue range in words: `17 clues`, `22 to 25 clues`.
fn clue_words(low: usize, high: usize) -> String {
    if low == high {
        format!("{low} clues")
    } else {
        format!("{low} to {high} clues")
    }
}

/// Why no puzzle could be made.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum GenerateError {
    /// The options ask for something impossible.
    #[error("{0}")]
    Options(String),
    /// No full grid out of `attempts` gave a puzzle with the requested
    /// properties.
    #[error(
        "missed the target ({target}) in {attempts} grids; try more --attempts or a wider target"
    )]
    Missed {
        /// How many full grids were tried.
        attempts: u64,
        /// What was asked for, in words.
        target: String,
    },
    /// The rules allow no full grid at all.
    #[error("the rules allow no full grid")]
    NoGrid,
    /// The engine refused a puzzle (not expected of generated ones).
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A random layout made rules the grid refused (not expected).
    #[error(transparent)]
    Rules(#[from] crate::RulesError),
}
