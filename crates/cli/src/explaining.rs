//! `sudoku explain`'s record of a puzzle: its step-by-step solution in
//! words. The command and the Python package make them here.

use std::collections::BTreeMap;

use serde::{Serialize, Serializer};
use sudoku::explain::{self, Difficulty, ExplainOptions, Explanation};
use sudoku::rules::cell_name;

use crate::rating::ExplainerRecord;
use crate::records::columns::{Cell, Column, Columns, Lazy, Tabular};
use crate::records::head::headed;
use crate::records::{Head, Headed, Keys, Origin};
use crate::runner::{Job, Sudokus, on_puzzle, origin};

/// One puzzle's explanation.
#[derive(Clone, Debug)]
pub struct ExplainRecord {
    /// Where the puzzle came from and how it ended (status: solved | stopped |
    /// stuck | invalid; `error`: why it was not explained).
    pub head: Head,
    /// The steps, in order.
    pub steps: Vec<StepRecord>,
    /// How many steps each technique made.
    pub techniques: BTreeMap<String, usize>,
    /// The hardest technique used (in the order they are tried).
    pub hardest: Option<String>,
    /// Where the techniques are stuck: the candidate grid, one line per
    /// row (`null` when solved).
    pub stuck: Option<Vec<String>>,
    /// The steps' rating on Sudoku Explainer's scale, as `sudoku rate
    /// --scale se` gives it (`null` for a puzzle not known to have one
    /// solution, or stopped before its end).
    pub se: Option<ExplainerRecord>,
    /// Where `--max-difficulty` stopped it: the next step, not made
    /// (status `stopped`).
    pub harder: Option<StepRecord>,
    /// The most difficult step allowed, if one was given.
    pub max_difficulty: Option<Difficulty>,
}

/// The JSON keys in the contract's order.
impl Serialize for ExplainRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut k = Keys::start(s, &self.head)?;
        k.key("steps", &self.steps)?;
        k.key("techniques", &self.techniques)?;
        k.key("hardest", &self.hardest)?;
        k.key("stuck", &self.stuck)?;
        k.key("se", &self.se)?;
        k.key("harder", &self.harder)?;
        k.key("summary", &self.summary())?.error()?.file()?;
        k.version_and_rules()?;
        k.end()
    }
}

headed!(ExplainRecord);

impl ExplainRecord {
    /// How it ended, in the command's words: `solved in 67 steps`,
    /// `stuck after 5 steps: the techniques find nothing more` (`null`
    /// in JSON for an invalid puzzle).
    pub fn summary(&self) -> Option<String> {
        let steps = crate::words::count(self.steps.len() as u64, "step");
        match self.head.status {
            "solved" => Some(format!("solved in {steps}")),
            "stuck" => Some(format!(
                "stuck after {steps}: the techniques find nothing more"
            )),
            "stopped" if self.harder.is_none() => Some(format!(
                "stopped after {steps}: {}",
                self.head.error.as_deref().unwrap_or("a limit")
            )),
            "stopped" => {
                let next = self.harder.as_ref()?;
                let rated = next
                    .difficulty
                    .map(|d| format!(" ({d:.1})"))
                    .unwrap_or_default();
                let max = self
                    .max_difficulty
                    .map(|d| d.to_string())
                    .unwrap_or_default();
                Some(format!(
                    "stopped after {steps}: the next step, {}{rated}, is harder than {max}",
                    next.technique
                ))
            }
            _ => None,
        }
    }
}

/// One step: a technique, what it placed and removed, and why.
#[derive(Serialize, Clone, Debug)]
pub struct StepRecord {
    /// The technique's name.
    pub technique: String,
    /// Its difficulty on Sudoku Explainer's scale (`null` where the
    /// scale has none here).
    pub difficulty: Option<f64>,
    /// Digits placed.
    pub placed: Vec<CellDigit>,
    /// Candidates removed.
    pub removed: Vec<CellDigit>,
    /// The reason, in words.
    pub why: String,
    /// The cells of the step's pattern, in reading order.
    pub cells: Vec<String>,
    /// The candidates the pattern is made of.
    pub candidates: Vec<CellDigit>,
    /// The houses it reasons in: a single's or subset's house, a fish's
    /// base lines, the house of locked candidates.
    pub base: Vec<String>,
    /// The houses whose other cells lose candidates: a fish's cover
    /// lines, the house locked candidates leave.
    pub cover: Vec<String>,
    /// The links between candidates, in a chain's order.
    pub links: Vec<LinkRecord>,
    /// A fish's fins.
    pub fins: Vec<CellDigit>,
    /// The links in Eureka notation, where they make one chain:
    /// `(5)r1c2=(5)r1c7-(5=3)r3c7`.
    pub eureka: Option<String>,
    /// The name people give the step where Sudoku Explainer's differs:
    /// `X-Chain`, `XY-Chain`, `AIC`, `Continuous Nice Loop`, `finned
    /// X-Wing`, `sashimi Swordfish`, `W-Wing`, `ALS-XZ`, `Empty
    /// Rectangle`.
    pub form: Option<String>,
}

/// A link between two candidates of a step.
#[derive(Serialize, Clone, Debug)]
pub struct LinkRecord {
    /// Where it starts.
    pub from: CellDigit,
    /// Where it ends.
    pub to: CellDigit,
    /// Strong (if `from` is false, `to` is true) or weak (if `from` is
    /// true, `to` is false).
    pub strong: bool,
}

/// A digit in a cell.
#[derive(Serialize, Clone, Debug)]
pub struct CellDigit {
    /// The cell, `r1c1`.
    pub cell: String,
    /// The digit, from 1.
    pub digit: u8,
}

impl ExplainRecord {
    /// The record of a puzzle not explained yet (invalid until then).
    pub fn new(origin: Origin) -> ExplainRecord {
        ExplainRecord {
            head: Head::new(origin),
            steps: Vec::new(),
            techniques: BTreeMap::new(),
            hardest: None,
            stuck: None,
            se: None,
            harder: None,
            max_difficulty: None,
        }
    }

    /// The record of an explanation (made with `options`).
    pub fn explained(mut self, e: &Explanation, options: &ExplainOptions) -> ExplainRecord {
        let side = e.end.side();
        let houses = e.end.houses();
        self.steps = (e.steps.iter())
            .map(|s| StepRecord::of(s, side, houses))
            .collect();
        for s in &e.steps {
            *self.techniques.entry(s.technique.name()).or_default() += 1;
        }
        self.hardest = e.steps.iter().map(|s| s.technique).max().map(|t| t.name());
        self.head.status = match (&e.harder, e.solved()) {
            _ if e.timed_out => "stopped",
            (Some(_), _) => "stopped",
            (None, true) => "solved",
            (None, false) => "stuck",
        };
        if e.timed_out {
            let ms = options.timeout.map_or(0, |t| t.as_millis());
            self.head.error = Some(format!("not explained within the time limit ({ms} ms)"));
        }
        self.harder = e.harder.as_ref().map(|s| StepRecord::of(s, side, houses));
        self.max_difficulty = options.max_difficulty;
        // A rating needs every step.
        if e.solutions == Some(1) && e.harder.is_none() && !e.timed_out {
            self.se = Some(ExplainerRecord::of(&explain::rating_of(e, 1)));
        }
        if !e.solved() && e.harder.is_none() && !e.timed_out {
            self.stuck = Some(e.end.grid_text().lines().map(str::to_string).collect());
        }
        self
    }
}

impl StepRecord {
    /// The record of `step` on a grid of `side` with these `houses`.
    fn of(s: &explain::Step, side: usize, houses: &[explain::HouseView]) -> StepRecord {
        let cell_digit = |(c, d): (usize, u8)| CellDigit {
            cell: cell_name(c, side),
            digit: d,
        };
        let cell_digits = |list: &[(usize, u8)]| -> Vec<CellDigit> {
            list.iter().map(|&x| cell_digit(x)).collect()
        };
        let house_names = |list: &[usize]| -> Vec<String> {
            list.iter().map(|&h| houses[h].name.clone()).collect()
        };
        StepRecord {
            technique: s.technique.name(),
            difficulty: s.technique.difficulty().map(|d| d.value()),
            placed: cell_digits(&s.placed),
            removed: cell_digits(&s.removed),
            why: s.why.clone(),
            cells: (s.pattern.cells().into_iter())
                .map(|c| cell_name(c, side))
                .collect(),
            candidates: cell_digits(&s.pattern.candidates),
            base: house_names(&s.pattern.base),
            cover: house_names(&s.pattern.cover),
            links: (s.pattern.links.iter())
                .map(|l| LinkRecord {
                    from: cell_digit(l.from),
                    to: cell_digit(l.to),
                    strong: l.strong,
                })
                .collect(),
            fins: cell_digits(&s.pattern.fins),
            eureka: s.pattern.eureka(side),
            form: s.pattern.form.clone(),
        }
    }
}

/// The CSV columns, each a JSON key of the record: `steps` counted,
/// `techniques` as `name:count` pairs.
static COLUMNS: Lazy = Lazy::new(|| {
    let mut c: Vec<Column> = ["file", "line", "puzzle", "status"]
        .map(Column::key)
        .to_vec();
    c.push(Column::key("steps").written(Cell::Length));
    c.push(Column::key("hardest"));
    c.extend(["er", "ep", "ed"].map(|k| Column::at(&format!("se_{k}"), &["se", k])));
    c.push(Column::key("techniques").written(Cell::Pairs));
    c.push(Column::key("error"));
    Columns::new(c)
});

/// The explain record of one puzzle of the input; a puzzle that cannot be
/// worked on gets an `invalid` record.
pub fn explain_job(job: &Job, sudokus: &Sudokus) -> ExplainRecord {
    explain_job_with(job, sudokus, &ExplainOptions::default())
}

/// The same, as far as `options` let the explanation go.
pub fn explain_job_with(job: &Job, sudokus: &Sudokus, options: &ExplainOptions) -> ExplainRecord {
    explain_job_watched(job, sudokus, options, None)
}

/// The same, with a status line on `long`'s terminal while it runs long.
pub fn explain_job_watched(
    job: &Job,
    sudokus: &Sudokus,
    options: &ExplainOptions,
    long: Option<&crate::long_searches::LongSearches>,
) -> ExplainRecord {
    let base = ExplainRecord::new(origin(job));
    let mut watch = crate::long_searches::step_watcher(long, &origin(job));
    let result = on_puzzle(job, sudokus, |sudoku, puzzle| {
        let explanation = explain::explain_watched(sudoku, puzzle, options, &mut watch)?;
        Ok(base.clone().explained(&explanation, options))
    });
    result.unwrap_or_else(|e| base.invalid(e.kind, e.message))
}

impl Tabular for ExplainRecord {
    fn columns() -> &'static Columns {
        &COLUMNS
    }
}
