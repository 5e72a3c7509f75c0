//! The results printed for each puzzle. The json field names are a contract:
//! fields may be added, never renamed or dropped.
//!
//! The fields of the records are the JSON keys and CSV columns, each
//! documented in the guide (`docs/guide/solving.md` and the counters in
//! `docs/guide/heuristics.md`), so
//! they are not documented again one by one here.
#![allow(missing_docs)]

use csp_core::{Rule, RuleCounter, RuleStats, SearchStats};
use serde::{Serialize, Serializer};
use sudoku::{CandidateGrid, SolveReport, SolveStatus};

use crate::strategy::Strategy;

/// This build's version, printed with every result.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The search counters (`stats` in json).
#[derive(Serialize, Clone, Debug)]
pub struct StatsRecord {
    pub placements: u64,
    pub backtracks: u64,
    pub moves: u64,
    pub iterations: u64,
    pub backtrack_iterations: u64,
    pub failures: u64,
    pub propagations: u64,
    pub max_depth: u64,
    /// Decimal, exact (it overflows 64 bits).
    pub search_space: String,
    pub elapsed_us: u64,
    pub solutions: u64,
    pub cells_placed: u64,
    /// Placements with an untried alternative left (the rest were forced).
    pub guesses: u64,
    /// Per propagation rule: runs, removals, assignments.
    pub rules: RulesRecord,
    /// Restarts from the root (0 without `--restarts`).
    pub restarts: u64,
    /// Nogoods recorded at the restarts.
    pub nogoods: u64,
}

/// `stats.rules` in json: `{"fc": {"runs": .., "removals": .., "assignments":
/// ..}, "naked_singles": {..}, ...}`, every rule, in level order.
#[derive(Clone, Copy, Debug, Default)]
pub struct RulesRecord(pub RuleStats);

impl Serialize for RulesRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_rules(s, self.0.iter().map(|(rule, c)| (rule, RuleCounts::of(c))))
    }
}

/// One rule's counters, or their means over runs: an object
/// `{"runs", "removals", "assignments"}` in json, three columns in csv.
#[derive(Serialize, Clone, Copy, PartialEq, Debug, Default)]
pub struct RuleCounts<T> {
    pub runs: T,
    pub removals: T,
    pub assignments: T,
}

impl RuleCounts<u64> {
    pub fn of(c: RuleCounter) -> RuleCounts<u64> {
        RuleCounts {
            runs: c.runs,
            removals: c.removals,
            assignments: c.assignments,
        }
    }
}

impl<T: Copy> RuleCounts<T> {
    /// The counts in csv column order: runs, removals, assignments.
    pub fn fields(self) -> [T; 3] {
        [self.runs, self.removals, self.assignments]
    }
}

/// Per-rule counts as a json map from the rule's name, in the given order.
pub fn serialize_rules<S: Serializer, T: Serialize>(
    s: S,
    rules: impl IntoIterator<Item = (Rule, RuleCounts<T>)>,
) -> Result<S::Ok, S::Error> {
    s.collect_map(rules.into_iter().map(|(rule, c)| (rule.name(), c)))
}

/// The csv columns of the rule counters, in [`Rule::ALL`] order:
/// `<rule>_runs`, `<rule>_removals`, `<rule>_assignments` for each.
pub fn rule_csv_header() -> impl Iterator<Item = &'static str> {
    static HEADER: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
        (Rule::ALL.into_iter())
            .flat_map(|rule| {
                ["runs", "removals", "assignments"].map(|field| format!("{}_{field}", rule.name()))
            })
            .collect()
    });
    HEADER.iter().map(String::as_str)
}

impl From<&SearchStats> for StatsRecord {
    fn from(s: &SearchStats) -> StatsRecord {
        StatsRecord {
            placements: s.placements,
            backtracks: s.backtracks,
            moves: s.moves(),
            iterations: s.iterations,
            backtrack_iterations: s.backtrack_iterations,
            failures: s.failures,
            propagations: s.propagations,
            max_depth: s.max_depth,
            search_space: s.search_space.to_string(),
            elapsed_us: s.elapsed.as_micros() as u64,
            solutions: s.solutions,
            cells_placed: s.vars_placed,
            guesses: s.guesses,
            rules: RulesRecord(s.rules),
            restarts: s.restarts,
            nogoods: s.nogoods,
        }
    }
}

/// The counters of a count, by the solver that counted: the engine's, or
/// the bitboard solver's (the same json keys, `null` where it has no such
/// counter).
#[derive(Serialize, Clone, Debug)]
#[serde(untagged)]
pub enum Stats {
    Engine(Box<StatsRecord>),
    Bitboard(BitboardStatsRecord),
}

impl Stats {
    /// The csv fields of [`StatsRecord::CSV_HEADER`] and the rule columns
    /// (empty where the solver has no such counter).
    pub fn csv_fields(this: Option<&Stats>) -> Vec<String> {
        match this {
            None => StatsRecord::csv_fields(None),
            Some(Stats::Engine(s)) => StatsRecord::csv_fields(Some(s.as_ref())),
            Some(Stats::Bitboard(b)) => {
                let mut f: Vec<String> = (StatsRecord::CSV_HEADER.iter())
                    .map(|&column| b.field(column).map(|n| n.to_string()).unwrap_or_default())
                    .collect();
                f.extend(std::iter::repeat_n(String::new(), 3 * Rule::ALL.len()));
                f
            }
        }
    }

    /// The counters in words, for the text format.
    pub fn sentence(&self) -> String {
        match self {
            Stats::Engine(s) => s.sentence(),
            Stats::Bitboard(b) => format!(
                "bitboard: {}, {}, {:.3} ms",
                crate::words::count(b.placements, "placement"),
                crate::words::count(b.guesses, "guess"),
                b.elapsed_us as f64 / 1000.0
            ),
        }
    }
}

/// The counters of the bitboard solver: `placements` and `guesses` as the
/// engine counts them, `solutions`, `elapsed_us`; every other key of
/// [`StatsRecord`] is `null` (it has no iterations, propagations or rule
/// runs to count).
#[derive(Clone, Debug)]
pub struct BitboardStatsRecord {
    pub placements: u64,
    pub guesses: u64,
    pub solutions: u64,
    pub elapsed_us: u64,
}

impl BitboardStatsRecord {
    /// The value of a [`StatsRecord`] key, if this solver has it.
    fn field(&self, key: &str) -> Option<u64> {
        match key {
            "placements" => Some(self.placements),
            "guesses" => Some(self.guesses),
            "solutions" => Some(self.solutions),
            "elapsed_us" => Some(self.elapsed_us),
            _ => None,
        }
    }
}

impl Serialize for BitboardStatsRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        // StatsRecord's keys in its order: `rules` after `guesses`.
        let mut map = s.serialize_map(None)?;
        for key in StatsRecord::CSV_HEADER {
            map.serialize_entry(key, &self.field(key))?;
            if key == "guesses" {
                map.serialize_entry("rules", &None::<()>)?;
            }
        }
        map.end()
    }
}

impl StatsRecord {
    pub const CSV_HEADER: [&'static str; 15] = [
        "placements",
        "backtracks",
        "moves",
        "iterations",
        "backtrack_iterations",
        "failures",
        "propagations",
        "max_depth",
        "search_space",
        "elapsed_us",
        "solutions",
        "cells_placed",
        "guesses",
        "restarts",
        "nogoods",
    ];

    pub fn csv_fields(this: Option<&StatsRecord>) -> Vec<String> {
        let Some(s) = this else {
            return vec![String::new(); Self::CSV_HEADER.len() + 3 * Rule::ALL.len()];
        };
        let mut f = vec![
            s.placements.to_string(),
            s.backtracks.to_string(),
            s.moves.to_string(),
            s.iterations.to_string(),
            s.backtrack_iterations.to_string(),
            s.failures.to_string(),
            s.propagations.to_string(),
            s.max_depth.to_string(),
            s.search_space.clone(),
            s.elapsed_us.to_string(),
            s.solutions.to_string(),
            s.cells_placed.to_string(),
            s.guesses.to_string(),
            s.restarts.to_string(),
            s.nogoods.to_string(),
        ];
        for (_, c) in s.rules.0.iter() {
            f.extend(RuleCounts::of(c).fields().map(|n| n.to_string()));
        }
        f
    }

    /// The search's moves and what they are made of: `1004 moves: 531
    /// placements, 473 backtracks, 472 iterations, 473 backtrack
    /// iterations, 60 failures`.
    pub fn search_counts(&self) -> String {
        use crate::words::count;
        format!(
            "{}: {}, {}, {}, {}, {}",
            count(self.moves, "move"),
            count(self.placements, "placement"),
            count(self.backtracks, "backtrack"),
            count(self.iterations, "iteration"),
            count(self.backtrack_iterations, "backtrack iteration"),
            count(self.failures, "failure"),
        )
    }

    /// `solved with 1004 moves: 531 placements, 473 backtracks, ...`
    /// (`..., 3 restarts, 41 nogoods, ...` after the failures when the
    /// search restarted).
    pub fn sentence(&self) -> String {
        let restarts = match self.restarts {
            0 => String::new(),
            n => format!(
                ", {}, {}",
                crate::words::count(n, "restart"),
                crate::words::count(self.nogoods, "nogood")
            ),
        };
        format!(
            "{}{restarts}, {}, max depth {}, search space {}, {:.3} ms",
            self.search_counts(),
            crate::words::count(self.propagations, "propagation"),
            self.max_depth,
            self.search_space,
            self.elapsed_us as f64 / 1000.0
        )
    }
}

impl StrategyRecord {
    pub const CSV_HEADER: [&'static str; 8] = [
        "cells",
        "values",
        "propagation",
        "seed",
        "config",
        "max_placements",
        "timeout_ms",
        "restart_policy",
    ];

    pub fn csv_fields(&self) -> Vec<String> {
        let opt = |v: Option<u64>| v.map(|n| n.to_string()).unwrap_or_default();
        vec![
            self.cells.clone(),
            self.values.clone(),
            self.propagation.clone(),
            self.seed.to_string(),
            self.config.clone(),
            opt(self.max_placements),
            opt(self.timeout_ms),
            self.restart_policy.clone(),
        ]
    }
}

/// The strategy as printed in every result (`strategy` in json).
#[derive(Serialize, Clone, Debug)]
pub struct StrategyRecord {
    pub cells: String,
    pub values: String,
    pub propagation: String,
    pub seed: u64,
    pub config: String,
    pub max_placements: Option<u64>,
    pub timeout_ms: Option<u64>,
    /// When the search restarts: `none`, `luby:100`, `geometric:100:1.5`.
    pub restart_policy: String,
    /// `bitboard` when the bitboard solver counted (`count --engine
    /// bitboard`); absent for the engine.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<&'static str>,
}

impl StrategyRecord {
    /// The record of a validated strategy.
    pub fn of(strategy: &Strategy) -> StrategyRecord {
        let s = &strategy.search;
        if strategy.engine == crate::strategy::Engine::Bitboard {
            // The preset's name if one was asked for (`fastest`), else
            // none: `--engine bitboard` alone runs no preset.
            let named = strategy.name != "default";
            return StrategyRecord {
                config: if named {
                    strategy.name.clone()
                } else {
                    String::new()
                },
                ..StrategyRecord::bitboard()
            };
        }
        StrategyRecord {
            cells: s.variables.to_string(),
            values: s.values.to_string(),
            propagation: s.level.to_string(),
            seed: s.seed,
            config: strategy.name.clone(),
            max_placements: s.limits.max_placements,
            timeout_ms: s.limits.timeout.map(|t| t.as_millis() as u64),
            restart_policy: s.restarts.to_string(),
            engine: None,
        }
    }

    /// The solver that ran: `engine` or `bitboard` (the CSV column
    /// `engine`; JSON has `strategy.engine` for the bitboard solver only).
    pub fn engine_name(&self) -> &'static str {
        self.engine.unwrap_or("engine")
    }

    /// The record of a count by the bitboard solver: no chain, no preset,
    /// no limit; it deduces naked and hidden singles.
    fn bitboard() -> StrategyRecord {
        StrategyRecord {
            cells: String::new(),
            values: String::new(),
            propagation: "singles".to_string(),
            seed: 0,
            config: String::new(),
            max_placements: None,
            timeout_ms: None,
            restart_policy: "none".to_string(),
            engine: Some("bitboard"),
        }
    }
}

/// Where a result came from.
#[derive(Serialize, Clone, Debug)]
pub struct Origin {
    pub file: String,
    pub line: u64,
    pub puzzle: String,
}

/// Why a search stopped, in words.
pub fn stop_words(reason: csp_core::StopReason) -> &'static str {
    match reason {
        csp_core::StopReason::Timeout => "time limit reached",
        csp_core::StopReason::PlacementLimit => "placement limit reached",
        csp_core::StopReason::Interrupted => "interrupted",
    }
}

/// What `solve --unique` found out.
#[derive(Serialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum Uniqueness {
    /// No second solution exists.
    Unique,
    /// A second solution was found.
    Multiple,
    /// A limit stopped the search for a second solution.
    Unknown,
}

impl Uniqueness {
    pub fn name(self) -> &'static str {
        match self {
            Uniqueness::Unique => "unique",
            Uniqueness::Multiple => "multiple",
            Uniqueness::Unknown => "unknown",
        }
    }
}

/// `sudoku solve`: one per puzzle.
#[derive(Serialize, Clone, Debug)]
pub struct SolveRecord {
    pub line: u64,
    pub puzzle: String,
    /// solved | unsolvable | invalid | stopped (| multiple with --unique)
    pub status: &'static str,
    pub solution: Option<String>,
    pub error: Option<String>,
    /// The kind of `error`, to count errors by.
    #[serde(skip)]
    pub error_kind: Option<&'static str>,
    /// The engine's counters, or the bitboard solver's (`--engine
    /// bitboard`: the same keys, null where it has no such counter).
    pub stats: Option<Stats>,
    /// The weakest propagation level that settles the puzzle without a
    /// placement (`singles`, `locked`, `gac`, `probing`, ...), `unsolved`
    /// if none does; null for invalid input.
    pub level_needed: Option<&'static str>,
    pub strategy: StrategyRecord,
    pub file: String,
    /// With `--unique`: whether the solution is the only one (absent when
    /// the check was stopped by a limit: see `uniqueness`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// With `--unique`: `unique`, `multiple`, or `unknown` when a limit
    /// stopped the check (the exit code is then 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uniqueness: Option<Uniqueness>,
    pub version: &'static str,
    /// The rules in force when they are not the classic ones: `jigsaw`
    /// and the element kinds (`killer-cage`, `thermometer`, ...), each
    /// once; absent for classic puzzles.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Vec<&'static str>>,
    /// The rules in one line with counts, for the text format only.
    #[serde(skip)]
    pub rules_summary: Option<String>,
    /// What the puzzle's file says about itself (fields absent when it
    /// says nothing).
    #[serde(flatten)]
    pub about: AboutRecord,
    /// The board of the puzzle, for the text format only.
    #[serde(skip)]
    pub boards: Option<(String, Option<String>)>,
}

impl SolveRecord {
    pub fn new(origin: Origin, strategy: StrategyRecord) -> SolveRecord {
        SolveRecord {
            line: origin.line,
            puzzle: origin.puzzle,
            status: "invalid",
            solution: None,
            error: None,
            error_kind: None,
            stats: None,
            level_needed: None,
            strategy,
            file: origin.file,
            unique: None,
            uniqueness: None,
            version: VERSION,
            rules: None,
            rules_summary: None,
            about: AboutRecord::default(),
            boards: None,
        }
    }

    /// The record of a solve; the solution in the puzzle's alphabet.
    pub fn solved(
        mut self,
        report: &SolveReport,
        sudoku: &sudoku::Sudoku,
        puzzle: &sudoku::Puzzle,
        symbols: &sudoku::Symbols,
    ) -> SolveRecord {
        (self.rules, self.rules_summary) = rules_of(sudoku);
        self.about = AboutRecord::of(sudoku, report.solution.as_ref());
        self.status = report.status().name();
        self.solution = report.solution.as_ref().map(|s| s.to_line_with(symbols));
        self.stats = Some(Stats::Engine(Box::new(StatsRecord::from(&report.stats))));
        if report.status() == SolveStatus::Stopped {
            self.error = Some(
                stop_words(
                    report
                        .stop_reason()
                        .unwrap_or(csp_core::StopReason::PlacementLimit),
                )
                .into(),
            );
        }
        self.boards = Some((
            sudoku.board(puzzle).to_string(),
            report
                .solution
                .as_ref()
                .map(|s| sudoku.board(s).to_string()),
        ));
        self
    }

    /// The record of a solve by the bitboard solver, which counted to 1
    /// (or to 2 when `unique` asks whether the solution is the only one:
    /// its counters then include that search).
    pub fn solved_by_bitboard(
        mut self,
        counted: &sudoku::bitboard::BitboardCount,
        sudoku: &sudoku::Sudoku,
        puzzle: &sudoku::Puzzle,
        symbols: &sudoku::Symbols,
        elapsed: std::time::Duration,
        unique: bool,
    ) -> SolveRecord {
        (self.rules, self.rules_summary) = rules_of(sudoku);
        self.about = AboutRecord::of(sudoku, counted.solution.as_ref());
        let n = counted.solutions;
        self.status = if n == 0 { "unsolvable" } else { "solved" };
        self.solution = counted.solution.as_ref().map(|s| s.to_line_with(symbols));
        self.stats = Some(Stats::Bitboard(BitboardStatsRecord {
            placements: counted.placements,
            guesses: counted.guesses,
            solutions: n,
            elapsed_us: elapsed.as_micros() as u64,
        }));
        if unique && n > 0 {
            self.unique = Some(n == 1);
            self.uniqueness = Some(if n == 1 {
                Uniqueness::Unique
            } else {
                Uniqueness::Multiple
            });
            if n > 1 {
                self.status = "multiple";
            }
        }
        self.boards = Some((
            sudoku.board(puzzle).to_string(),
            (counted.solution.as_ref()).map(|s| sudoku.board(s).to_string()),
        ));
        self
    }

    /// The engine's counters, when the engine solved.
    pub fn engine_stats(&self) -> Option<&StatsRecord> {
        match &self.stats {
            Some(Stats::Engine(s)) => Some(s),
            _ => None,
        }
    }

    pub fn failed(&self) -> bool {
        matches!(self.status, "unsolvable" | "stopped" | "multiple")
            || self.uniqueness == Some(Uniqueness::Unknown)
    }

    pub fn csv_header() -> Vec<&'static str> {
        let mut h = vec!["file", "line", "puzzle", "status", "solution", "error"];
        h.extend(StatsRecord::CSV_HEADER);
        h.extend(rule_csv_header());
        h.extend(StrategyRecord::CSV_HEADER);
        h.extend(["unique", "version", "level_needed", "uniqueness", "engine"]);
        h
    }

    pub fn csv_fields(&self) -> Vec<String> {
        let mut f = vec![
            self.file.clone(),
            self.line.to_string(),
            self.puzzle.clone(),
            self.status.to_string(),
            self.solution.clone().unwrap_or_default(),
            self.error.clone().unwrap_or_default(),
        ];
        f.extend(Stats::csv_fields(self.stats.as_ref()));
        f.extend(self.strategy.csv_fields());
        f.push(self.unique.map(|u| u.to_string()).unwrap_or_default());
        f.push(self.version.to_string());
        f.push(self.level_needed.unwrap_or_default().to_string());
        f.push(self.uniqueness.map_or("", Uniqueness::name).to_string());
        f.push(self.strategy.engine_name().to_string());
        f
    }
}

/// `sudoku count`: one per puzzle.
#[derive(Serialize, Clone, Debug)]
pub struct CountRecord {
    pub line: u64,
    pub puzzle: String,
    /// none | unique | multiple | solvable (limit 1) | stopped | invalid
    pub status: &'static str,
    pub solutions: Option<u64>,
    /// Whether `solutions` is the exact count (the search was exhausted).
    pub exact: bool,
    /// Whether `solutions` is only a lower bound: a limit stopped the
    /// search (status `stopped`).
    pub lower_bound: bool,
    /// The limit counted to (null: all).
    pub limit: Option<u64>,
    pub solution: Option<String>,
    pub error: Option<String>,
    /// The kind of `error`, to count errors by.
    #[serde(skip)]
    pub error_kind: Option<&'static str>,
    pub stats: Option<Stats>,
    pub strategy: StrategyRecord,
    pub file: String,
    pub version: &'static str,
    /// As in [`SolveRecord::rules`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Vec<&'static str>>,
    /// As in [`SolveRecord::rules_summary`].
    #[serde(skip)]
    pub rules_summary: Option<String>,
    /// As in [`SolveRecord::about`].
    #[serde(flatten)]
    pub about: AboutRecord,
}

/// What a puzzle's file says about itself, in a record: its title, author
/// and rules in words, and whether the solution found is the one it
/// records. Each field is absent when there is nothing to say.
#[derive(Clone, Debug, Default, Serialize)]
pub struct AboutRecord {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// The setter's rules in words (f-puzzles `ruleset`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules_text: Option<String>,
    /// `matches` or `differs`: the solution found against the one the file
    /// records (absent when either is missing).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recorded_solution: Option<&'static str>,
}

impl AboutRecord {
    /// From the rules of `sudoku`, against the solution `found` if any.
    pub fn of(sudoku: &sudoku::Sudoku, found: Option<&sudoku::Puzzle>) -> AboutRecord {
        let about = &sudoku.rules().about;
        let recorded_solution = about.solution.as_ref().zip(found).map(|(recorded, found)| {
            if recorded.cells() == found.cells() {
                "matches"
            } else {
                "differs"
            }
        });
        AboutRecord {
            title: about.title.clone(),
            author: about.author.clone(),
            rules_text: about.rules_text.clone(),
            recorded_solution,
        }
    }

    /// Lines for the text format: the title and author, and a warning when
    /// the solution found is not the one recorded (nothing if there is
    /// nothing to say).
    pub fn text(&self) -> String {
        let mut out = String::new();
        match (&self.title, &self.author) {
            (Some(t), Some(a)) => out.push_str(&format!("\ntitle: {t}, by {a}")),
            (Some(t), None) => out.push_str(&format!("\ntitle: {t}")),
            (None, Some(a)) => out.push_str(&format!("\nauthor: {a}")),
            (None, None) => {}
        }
        if self.recorded_solution == Some("differs") {
            out.push_str("\nwarning: the solution found differs from the one the file records");
        }
        out
    }
}

/// The rules of a grid for a record: their names and their one-line
/// summary, or nothing for classic rules (whose records stay as they were).
pub fn rules_of(sudoku: &sudoku::Sudoku) -> (Option<Vec<&'static str>>, Option<String>) {
    let rules = sudoku.rules();
    if rules.is_classic() {
        (None, None)
    } else {
        (Some(rules.names()), Some(rules.summary()))
    }
}

impl CountRecord {
    pub fn new(origin: Origin, strategy: StrategyRecord, limit: Option<u64>) -> CountRecord {
        CountRecord {
            line: origin.line,
            puzzle: origin.puzzle,
            status: "invalid",
            solutions: None,
            exact: false,
            lower_bound: false,
            limit,
            solution: None,
            error: None,
            error_kind: None,
            stats: None,
            strategy,
            file: origin.file,
            version: VERSION,
            rules: None,
            rules_summary: None,
            about: AboutRecord::default(),
        }
    }

    pub fn counted(mut self, report: &SolveReport, sudoku: &sudoku::Sudoku) -> CountRecord {
        (self.rules, self.rules_summary) = rules_of(sudoku);
        self.about = AboutRecord::of(sudoku, report.solution.as_ref());
        let n = report.solutions();
        self.status = match (report.stop_reason(), n, report.is_exact()) {
            (Some(_), _, _) => "stopped",
            (None, 0, _) => "none",
            (None, 1, true) => "unique",
            (None, 1, false) => "solvable",
            (None, _, _) => "multiple",
        };
        if let Some(reason) = report.stop_reason() {
            self.error = Some(stop_words(reason).into());
        }
        self.solutions = Some(n);
        self.exact = report.is_exact();
        self.lower_bound = report.stop_reason().is_some();
        self.solution = report.solution.as_ref().map(|s| s.to_line());
        self.stats = Some(Stats::Engine(Box::new(StatsRecord::from(&report.stats))));
        self
    }

    /// The record of a puzzle that could not be counted: why (`kind`, to
    /// count errors by, and the message).
    pub fn invalid(self, kind: &'static str, message: String) -> CountRecord {
        CountRecord {
            error: Some(message),
            error_kind: Some(kind),
            ..self
        }
    }

    /// The record of a count by the bitboard solver, which took `elapsed`.
    pub fn counted_by_bitboard(
        mut self,
        counted: &sudoku::bitboard::BitboardCount,
        sudoku: &sudoku::Sudoku,
        elapsed: std::time::Duration,
    ) -> CountRecord {
        (self.rules, self.rules_summary) = rules_of(sudoku);
        self.about = AboutRecord::of(sudoku, counted.solution.as_ref());
        let n = counted.solutions;
        self.status = match (n, counted.exhausted()) {
            (0, _) => "none",
            (1, true) => "unique",
            (1, false) => "solvable",
            _ => "multiple",
        };
        self.solutions = Some(n);
        self.exact = counted.exhausted();
        self.solution = counted.solution.as_ref().map(|s| s.to_line());
        self.stats = Some(Stats::Bitboard(BitboardStatsRecord {
            placements: counted.placements,
            guesses: counted.guesses,
            solutions: n,
            elapsed_us: elapsed.as_micros() as u64,
        }));
        self
    }

    /// In words: `unique`, `none`, `multiple (2 or more)`, `288 solutions`.
    pub fn summary(&self) -> String {
        let n = self.solutions.unwrap_or(0);
        match (self.status, self.limit) {
            ("multiple", _) if self.exact => format!("{n} solutions"),
            ("multiple", _) => format!("multiple ({n} or more solutions)"),
            ("stopped", _) => format!(
                "stopped: at least {} (a lower bound: {})",
                crate::words::count(n, "solution"),
                self.error.as_deref().unwrap_or("")
            ),
            ("solvable", _) => "solvable (1 or more solutions)".to_string(),
            (s, _) => s.to_string(),
        }
    }

    pub fn csv_header() -> Vec<&'static str> {
        let mut h = vec![
            "file",
            "line",
            "puzzle",
            "status",
            "solutions",
            "exact",
            "limit",
            "solution",
            "error",
        ];
        // The search's own `solutions` counter is the `solutions` column.
        h.extend(
            StatsRecord::CSV_HEADER
                .iter()
                .filter(|&&c| c != "solutions"),
        );
        h.extend(rule_csv_header());
        h.extend(StrategyRecord::CSV_HEADER);
        h.extend(["version", "lower_bound", "engine"]);
        h
    }

    pub fn csv_fields(&self) -> Vec<String> {
        let opt = |v: Option<u64>| v.map(|n| n.to_string()).unwrap_or_default();
        let mut f = vec![
            self.file.clone(),
            self.line.to_string(),
            self.puzzle.clone(),
            self.status.to_string(),
            opt(self.solutions),
            self.exact.to_string(),
            opt(self.limit),
            self.solution.clone().unwrap_or_default(),
            self.error.clone().unwrap_or_default(),
        ];
        let solutions_column = StatsRecord::CSV_HEADER
            .iter()
            .position(|&c| c == "solutions")
            .expect("a solutions column");
        f.extend(
            Stats::csv_fields(self.stats.as_ref())
                .into_iter()
                .enumerate()
                .filter(|&(i, _)| i != solutions_column)
                .map(|(_, v)| v),
        );
        f.extend(self.strategy.csv_fields());
        f.push(self.version.to_string());
        f.push(self.lower_bound.to_string());
        f.push(self.strategy.engine_name().to_string());
        f
    }
}

/// `sudoku candidates`: one per puzzle.
#[derive(Serialize, Clone, Debug)]
pub struct CandidatesRecord {
    pub line: u64,
    pub puzzle: String,
    /// ok | contradiction | invalid
    pub status: &'static str,
    pub propagation: String,
    /// Per cell in reading order: a filled cell's digit, or an empty cell's
    /// candidates run together (empty string: none).
    pub candidates: Option<Vec<String>>,
    /// The grid once propagated: givens and the cells propagation filled,
    /// `.` for the empty ones.
    pub filled: Option<String>,
    pub error: Option<String>,
    /// The kind of `error`, to count errors by.
    #[serde(skip)]
    pub error_kind: Option<&'static str>,
    pub file: String,
    pub version: &'static str,
    /// As in [`SolveRecord::rules`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Vec<&'static str>>,
    /// True candidates only (`--true`): per cell, for each of its
    /// candidates in order, the solutions that hold it, up to `limit`
    /// (`limit` means "`limit` or more"); empty for a given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counts: Option<Vec<Vec<u64>>>,
    /// True candidates only: the count limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
    /// True candidates only: the puzzle's solutions, up to `limit + 1`
    /// (which means "more than `limit`").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<u64>,
    /// As in [`SolveRecord::rules_summary`].
    #[serde(skip)]
    pub rules_summary: Option<String>,
    #[serde(skip)]
    pub grid: Option<String>,
}

impl CandidatesRecord {
    pub fn new(origin: Origin, propagation: String) -> CandidatesRecord {
        CandidatesRecord {
            line: origin.line,
            puzzle: origin.puzzle,
            status: "invalid",
            propagation,
            candidates: None,
            filled: None,
            error: None,
            error_kind: None,
            file: origin.file,
            version: VERSION,
            rules: None,
            counts: None,
            limit: None,
            solutions: None,
            rules_summary: None,
            grid: None,
        }
    }

    /// The record of a puzzle that cannot be worked on.
    pub fn invalid(self, kind: &'static str, message: String) -> CandidatesRecord {
        CandidatesRecord {
            error: Some(message),
            error_kind: Some(kind),
            ..self
        }
    }

    /// The record of true candidates (`candidates --true`): status `ok`,
    /// `contradiction` (no solution) or `stopped` (a limit was reached;
    /// the candidates and counts are those found until then, lower
    /// bounds, and `error` says which limit).
    pub fn true_shown(
        self,
        found: &sudoku::TrueCandidates,
        sudoku: &sudoku::Sudoku,
    ) -> CandidatesRecord {
        let mut r = self.shown(&found.grid, sudoku);
        let cells = found.grid.size().cells();
        r.counts = Some(
            (0..cells)
                .map(|i| match found.grid.digit(i) {
                    Some(_) => Vec::new(),
                    None => (found.grid.candidates(i).iter())
                        .map(|&d| found.counts[i][d as usize - 1])
                        .collect(),
                })
                .collect(),
        );
        r.limit = Some(found.limit);
        r.solutions = Some(found.solutions);
        if let Some(reason) = found.stopped {
            r.status = "stopped";
            r.error = Some(stop_words(reason).to_string());
        }
        r
    }

    pub fn shown(mut self, grid: &CandidateGrid, sudoku: &sudoku::Sudoku) -> CandidatesRecord {
        (self.rules, self.rules_summary) = rules_of(sudoku);
        self.status = if grid.is_contradiction() {
            "contradiction"
        } else {
            "ok"
        };
        let cells = grid.size().cells();
        self.candidates = Some(
            (0..cells)
                .map(|i| {
                    grid.candidates(i)
                        .iter()
                        .map(|&d| sudoku::digit_char(d))
                        .collect()
                })
                .collect(),
        );
        self.filled = Some(
            (0..cells)
                .map(|i| sudoku::digit_char(grid.digit(i).unwrap_or(0)))
                .collect(),
        );
        self.grid = Some(grid.to_string());
        self
    }

    pub fn csv_header() -> Vec<&'static str> {
        vec![
            "file",
            "line",
            "puzzle",
            "status",
            "propagation",
            "candidates",
            "filled",
            "error",
            "version",
            "counts",
        ]
    }

    pub fn csv_fields(&self) -> Vec<String> {
        vec![
            self.file.clone(),
            self.line.to_string(),
            self.puzzle.clone(),
            self.status.to_string(),
            self.propagation.clone(),
            self.candidates
                .as_ref()
                .map(|c| c.join(" "))
                .unwrap_or_default(),
            self.filled.clone().unwrap_or_default(),
            self.error.clone().unwrap_or_default(),
            self.version.to_string(),
            // Per cell, its candidates' counts joined by `,`; `-` for a
            // given; empty unless true candidates.
            (self.counts.iter().flatten())
                .map(|c| match c.is_empty() {
                    true => "-".to_string(),
                    false => c.iter().map(u64::to_string).collect::<Vec<_>>().join(","),
                })
                .collect::<Vec<_>>()
                .join(" "),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_columns_keep_their_names_and_new_rules_append() {
        let header: Vec<&str> = rule_csv_header().collect();
        // The columns of 0.1 (a contract for scripts), in their order.
        let mut expected: Vec<String> = [
            "fc",
            "naked_singles",
            "hidden_singles",
            "locked",
            "gac",
            "probing",
            "other",
        ]
        .iter()
        .flat_map(|r| ["runs", "removals", "assignments"].map(|c| format!("{r}_{c}")))
        .collect();
        assert_eq!(header[..21], expected);
        expected.extend(["sum_runs", "sum_removals", "sum_assignments"].map(String::from));
        assert_eq!(header[..24], expected);
        assert_eq!(header.len(), 3 * Rule::ALL.len());
    }
}
