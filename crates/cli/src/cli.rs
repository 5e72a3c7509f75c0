//! The command line, as clap parses it (raw flags; see `strategy.rs` for the
//! validated form).

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::strategy::Engine;

/// Solve Sudoku as a constraint problem and compare search heuristics.
///
/// Puzzles are read from files, folders or standard input (`-`), one per
/// line: 81 characters for 9x9 (16 for 4x4, 36 for 6x6, ..., 625 for
/// 25x25), `1`-`9` then `A`-`Z` for digits, `.`, `0` or `_` for empty cells
/// (see --symbols). Also accepted: CSV lines whose first field is the puzzle
/// (`puzzle,solution`, a header line is skipped; tab-separated too), grids
/// written one row per line (N lines of N cells, with or without
/// separators such as `|`, `-`, `+`, spaces, like the boards this tool
/// prints), f-puzzles and SudokuPad links (a line holding the link),
/// f-puzzles JSON documents (a `.json` file, or one document per line), and
/// folders (their `.txt`, `.csv`, `.json`, `.sdm`, `.sdk` and `.ss` files,
/// in name order). Line endings \n, \r\n or \r; a UTF-8 byte order mark is
/// skipped. Blank lines and lines starting with `#` are skipped; text
/// after a puzzle on its line is ignored.
///
/// Exit codes: 0 every puzzle was solved (or counted, or shown); 1 some
/// puzzle is unsolvable, was stopped by a limit, or has several solutions
/// where one was required; 2 invalid input (a malformed line, an unreadable
/// file) or invalid usage.
#[derive(Parser, Debug)]
#[command(name = "sudoku", version, long_about, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The exit codes, as a literal for `concat!`.
macro_rules! exit_codes {
    () => {
        "Exit codes:
  0  every puzzle was solved (counted, shown)
  1  some puzzle is unsolvable, was stopped by a limit, or has several solutions where one was
     required (solve --unique; count with --limit 2)
  2  invalid input (a malformed line, an unreadable file) or invalid usage"
    };
}

/// Shown after the long help of `candidates`.
const EXIT_CODES: &str = exit_codes!();

/// Propagation levels, shown after the heuristics.
const PROPAGATION_LEVELS: &str = "\
Propagation levels (each of none to probing includes the ones before it):
  none     nothing fails: a cell without candidates is found when chosen
  fc       forward checking: a placement that leaves a cell without candidates fails
  singles  naked and hidden singles, to a fixpoint
  locked   locked candidates (pointing, claiming) over every box-line pair
  gac      generalized arc consistency on every house (Regin's matching): naked and hidden
           subsets of every size
  probing  each candidate of each empty cell is placed tentatively and propagated at gac;
           a candidate whose placement fails is removed; cells are taken round and round until
           each was probed since the last removal
  human:D  beside the ladder: singles, then a person's techniques up to difficulty D on Sudoku
           Explainer's scale (human:2.8 pointing and claiming, 3.2 X-Wing, 4.2 XY-Wing, 6.6
           chains...), a step at a time as `explain` takes them, at every node; none that
           assumes one solution

";

/// Shown after the long help of `solve`, `count` and `compare`: the
/// heuristics from their registry, the propagation levels and the exit
/// codes; made once, though each parse of the command line builds the
/// three commands.
pub fn heuristics_help() -> &'static str {
    static HELP: std::sync::LazyLock<String> = std::sync::LazyLock::new(heuristics_text);
    &HELP
}

/// The text of [`heuristics_help`].
fn heuristics_text() -> String {
    let table = |kind: Chains, adaptive: bool| {
        let entries: Vec<String> = (kind.entries().into_iter())
            .filter(|e| e.2 == adaptive)
            .map(|(symbol, short, _)| format!("{symbol} {short}"))
            .collect();
        columns(&entries)
    };
    let cells = |adaptive| table(Chains::Cells, adaptive);
    let values = |adaptive| table(Chains::Values, adaptive);
    format!(
        "Cell heuristics (smallest score first; a chain breaks ties left to right, then reading order):\n{}\n  adaptive (they learn from the search's failures):\n{}\nValue heuristics (tried from the smallest score; ties: lowest digit):\n{}\n  adaptive:\n{}\n{PROPAGATION_LEVELS}{}",
        cells(false),
        cells(true),
        values(false),
        values(true),
        exit_codes!()
    )
}

/// Which heuristics a chain flag takes.
#[derive(Clone, Copy)]
enum Chains {
    Cells,
    Values,
}

impl Chains {
    /// Each heuristic of the registry: symbol, short description and
    /// whether it is adaptive.
    fn entries(self) -> Vec<(char, &'static str, bool)> {
        use csp_core::{ValueHeuristic, VariableHeuristic};
        match self {
            Chains::Cells => (VariableHeuristic::ALL.iter())
                .map(|h| (h.symbol(), h.short_description(), h.is_adaptive()))
                .collect(),
            Chains::Values => (ValueHeuristic::ALL.iter())
                .map(|h| (h.symbol(), h.short_description(), h.is_adaptive()))
                .collect(),
        }
    }

    /// The symbols of the adaptive heuristics or of the others (`A-L`).
    fn symbols_text(self, adaptive: bool) -> String {
        match self {
            Chains::Cells => csp_core::VariableHeuristic::symbols_text(adaptive),
            Chains::Values => csp_core::ValueHeuristic::symbols_text(adaptive),
        }
    }
}

/// The symbols of a kind that are not adaptive (`A-L`), how many, and the
/// adaptive ones with their short descriptions (`P (impact), Q (...)`).
fn chain_symbols(kind: Chains) -> (String, usize, String) {
    let entries = kind.entries();
    let adaptive: Vec<String> = (entries.iter())
        .filter(|e| e.2)
        .map(|(symbol, short, _)| format!("{symbol} ({short})"))
        .collect();
    (
        kind.symbols_text(false),
        entries.iter().filter(|e| !e.2).count(),
        adaptive.join(", "),
    )
}

/// The help of `--cells` and `--values` (one chain), from the registry.
fn chain_help(kind: Chains) -> String {
    let (fixed, _, adaptive) = chain_symbols(kind);
    match kind {
        Chains::Cells => format!(
            "Cell heuristic chain, letters compared in order (e.g. EA): {fixed}, or the adaptive {adaptive}; or long names separated by commas"
        ),
        Chains::Values => {
            format!("Value heuristic chain, symbols {fixed}, or the adaptive {adaptive} (e.g. 50)")
        }
    }
}

/// The help of `compare --cells` and `--values` (lists of chains).
fn chains_help(kind: Chains) -> String {
    let (fixed, count, _) = chain_symbols(kind);
    let adaptive = kind.symbols_text(true);
    match kind {
        Chains::Cells => format!(
            "Cell heuristic chains, comma-separated (`A,B,EA,EK`); `all`: the {count} letters {fixed} (the adaptive {adaptive}: named one by one). With --values and --propagation: their cross product (a list not given takes the `default` preset's value)"
        ),
        Chains::Values => format!(
            "Value heuristic chains, comma-separated (`0,1,5`); `all`: the {count} symbols {fixed} (the adaptive {adaptive}: named one by one)"
        ),
    }
}

/// `entries` laid out in columns of 24 characters (an entry takes as
/// many as it needs), lines of at most 100, indented by two.
fn columns(entries: &[String]) -> String {
    const COLUMN: usize = 24;
    const WIDTH: usize = 100;
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for entry in entries {
        let span = (entry.len() + 2).div_ceil(COLUMN) * COLUMN;
        if !line.is_empty() && 2 + line.len() + entry.len() > WIDTH {
            lines.push(std::mem::take(&mut line));
        }
        line += &format!("{entry:<span$}");
    }
    lines.push(line);
    (lines.iter())
        .map(|l| format!("  {}", l.trim_end()))
        .collect::<Vec<_>>()
        .join("\n")
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve each puzzle and report the search counters.
    #[command(after_long_help = heuristics_help())]
    Solve(SolveArgs),
    /// Count the solutions of each puzzle, up to a limit.
    #[command(after_long_help = heuristics_help())]
    Count(CountArgs),
    /// Show the candidates of every cell once the givens are propagated.
    #[command(after_long_help = EXIT_CODES)]
    Candidates(CandidatesArgs),
    /// Solve each puzzle step by step in words, as a person would: naked
    /// and hidden singles, what each variant element rules out, pointing
    /// and claiming, naked and hidden subsets, contradictions; or say where
    /// these techniques are stuck.
    #[command(after_long_help = EXIT_CODES)]
    Explain(ExplainArgs),
    /// Draw a puzzle as an SVG picture: its regions, givens and every
    /// variant element, optionally with candidates or its solution.
    #[command(after_long_help = EXIT_CODES)]
    Render(RenderArgs),
    /// List the strategy presets with their descriptions.
    Configs(ConfigsArgs),
    /// Compare strategies (presets and the cross product of heuristic
    /// lists) on puzzle sets: statistics per strategy, ranked.
    #[command(after_long_help = heuristics_help())]
    Compare(CompareArgs),
    /// Put the runs files of a comparison's shards (`compare --shard K/N
    /// --runs FILE`) together: the table, csv, json and plot one process
    /// would have printed. Files of other settings or versions are
    /// refused; missing and repeated runs are reported (exit code 1).
    #[command(after_long_help = EXIT_CODES)]
    Merge(MergeArgs),
    /// Make puzzles: a random full grid, then holes dug in random order
    /// while the solution stays unique.
    ///
    /// Puzzle `i` of a run depends only on --seed and `i`: the same seed
    /// gives the same puzzles whatever --jobs. Without --clues digging goes
    /// to the end, so every puzzle is minimal (no clue, or with a symmetry
    /// no orbit of clues, can be removed).
    #[command(after_long_help = GENERATE_EXIT_CODES)]
    Generate(GenerateArgs),
    /// Rate each puzzle: the weakest propagation level that solves it, a
    /// grade, a score, and how much of each rule it takes.
    #[command(after_long_help = rate_help())]
    Rate(RateArgs),
    /// Start the web workbench: a local page that runs, replays and
    /// compares searches, with true candidates and explanations, and its
    /// JSON API (docs/guide/web.md). Stop it with Ctrl-C.
    Serve(ServeArgs),
    /// Solve or count XCSP3 constraint instances (any problem, not only
    /// Sudoku) with the same strategies, levels and counters.
    #[command(subcommand)]
    Csp(CspCommand),
    /// Print a completion script for a shell, to be sourced by it (see the
    /// guide's install section, docs/guide/install.md).
    Completions(CompletionsArgs),
    /// Print the manual page (roff; `sudoku man | man -l -`), or write the
    /// pages of the command and of each subcommand to a directory.
    Man(ManArgs),
}

/// `sudoku csp`: XCSP3 instances.
#[derive(Subcommand, Debug)]
pub enum CspCommand {
    /// Solve each instance: satisfiable (with its first solution) or
    /// unsatisfiable, and the search counters.
    #[command(after_long_help = CSP_EXIT_CODES)]
    Solve(CspArgs),
    /// Count each instance's solutions, up to a limit.
    #[command(after_long_help = CSP_EXIT_CODES)]
    Count(CspCountArgs),
    /// Compare strategies over sets of instances: the table, plot, runs
    /// files, shards and merging of `sudoku compare`, each folder (or
    /// file) a set.
    #[command(after_long_help = CSP_COMPARE_EXIT_CODES)]
    Compare(CspCompareArgs),
}

/// The help of `csp`'s files, from the reader's list of constraints.
fn csp_files_help() -> String {
    format!(
        "XCSP3 instance files (.xml): integer variables and arrays (any 32-bit range: past 4096 values read by the sums, comparisons and scheduling constraints only) with the constraints {}, in groups, blocks and slides; an objective (minimize or maximize of type {}) is optimized by solve, left aside by count",
        xcsp3::READ.join(", "),
        xcsp3::OBJECTIVES_READ.join(", ")
    )
}

/// Shown after the long help of `csp solve` and `csp count`.
const CSP_EXIT_CODES: &str = "\
Exit codes:
  0  every instance was answered (satisfiable or unsatisfiable)
  1  some instance was stopped by a limit before an answer (counting: before every solution
     up to the limit was found)
  2  some file could not be read (not XCSP3, a construct not supported) or invalid usage";

/// Shown after the long help of `csp compare`.
const CSP_COMPARE_EXIT_CODES: &str = "\
Exit codes:
  0  every instance was read and run (runs stopped by a limit are in the table's stopped column)
  2  some instance could not be read (left out of every run, reported first) or invalid usage";

/// Arguments of `sudoku csp solve`.
#[derive(Args, Debug)]
pub struct CspArgs {
    #[arg(required = true, value_name = "FILE", help = csp_files_help())]
    pub files: Vec<std::path::PathBuf>,
    #[command(flatten)]
    pub strategy: StrategyArgs,
    /// The output flags of the puzzle commands (one definition): one
    /// record per file, in the order of the files whatever `--jobs`.
    #[command(flatten)]
    pub output: OutputArgs,
    /// Write every event of each instance's search to FILE as JSON Lines
    /// (the events of `solve --trace`, with `var`, `value` and `values`
    /// for the instance's variables and values; optimizing, every search
    /// of the series). Instances then run one at a time, in order.
    #[arg(long, value_parser = output_file, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// Record at most N events per instance in the trace; a `cut` line
    /// says where the recording stopped (the search goes on).
    #[arg(long, value_name = "N", default_value_t = 100_000, requires = "trace")]
    pub trace_limit: u64,
}

/// Arguments of `sudoku csp count`.
#[derive(Args, Debug)]
pub struct CspCountArgs {
    #[command(flatten)]
    pub run: CspArgs,
    #[command(flatten)]
    pub limit: LimitArgs,
}

/// How many solutions to count: `--limit K` or `--all` (`count` and
/// `csp count` share this one definition).
#[derive(Args, Debug, Clone, Copy)]
pub struct LimitArgs {
    /// Stop counting at K solutions (2: is the solution unique?). At least
    /// 1; --all counts without a limit.
    #[arg(long, value_name = "K", default_value_t = 2, conflicts_with = "all",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,

    /// Count every solution (no limit).
    #[arg(long)]
    pub all: bool,
}

impl LimitArgs {
    /// The most solutions to count (`None`: every one).
    pub fn max_solutions(self) -> Option<u64> {
        (!self.all).then_some(self.limit)
    }
}

/// Arguments of `sudoku csp compare`.
#[derive(Args, Debug)]
pub struct CspCompareArgs {
    /// XCSP3 instance sets: a folder (its .xml files, recursively, in
    /// name order) or one instance file, each a set of its own.
    #[arg(required = true, value_name = "SET")]
    pub sets: Vec<std::path::PathBuf>,
    #[command(flatten)]
    pub comparison: ComparisonArgs,
}

/// Arguments of `sudoku serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8000)]
    pub port: u16,

    /// The address to listen on. Other than the loopback, anyone who can
    /// reach it can run searches on this machine.
    #[arg(long, value_name = "ADDRESS", default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,

    /// Open the page in the default browser once the server listens.
    #[arg(long)]
    pub open: bool,

    /// Largest request body, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
    pub max_body: usize,

    /// Longest search, in milliseconds (a request asks for less, never
    /// more).
    #[arg(long, value_name = "MS", default_value_t = 5_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub timeout: u64,

    /// Most placements of a search (a request asks for fewer, never
    /// more).
    #[arg(long, value_name = "N", default_value_t = 10_000_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_placements: u64,

    /// Searches at once; more requests are answered with 429 (default:
    /// one per core).
    #[arg(long, value_name = "N")]
    pub searches: Option<usize>,

    /// Most events of a trace (a search's whole trace up to about a
    /// third of a million placements; the page says where a longer one
    /// was cut).
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub trace_limit: u64,

    /// Most runs (strategies times puzzles) of a comparison.
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    pub compare_runs: u64,

    /// A host name the server answers to besides localhost and its own
    /// addresses (repeatable; `*`: any name). Requests naming another
    /// host are refused, so that a foreign page cannot reach the server
    /// through a name it points at this machine (DNS rebinding).
    #[arg(long, value_name = "NAME")]
    pub allow_host: Vec<String>,
}

/// Arguments of `sudoku completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Arguments of `sudoku man`.
#[derive(Args, Debug)]
pub struct ManArgs {
    /// Write `sudoku.1` and one page per subcommand (`sudoku-solve.1`, ...)
    /// into this directory instead of printing `sudoku.1`.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Shown after the long help of `generate`.
const GENERATE_EXIT_CODES: &str = "Exit codes:
  0  every puzzle was made
  1  some puzzle missed its target (clue range, level) in --attempts grids
  2  invalid usage (an impossible clue range, an unknown name)";

/// The rating scale, from the registries of grades and weights, and the
/// exit codes: shown after the long help of `rate`.
pub fn rate_help() -> String {
    let grades: Vec<String> = (sudoku::rate::Grade::ALL.iter())
        .map(|g| {
            format!(
                "  {:<9} {:<9} {}",
                g.name(),
                sudoku::generate::level_name(g.level()),
                g.description()
            )
        })
        .collect();
    let weights: Vec<String> = (sudoku::rate::WEIGHTS.iter())
        .map(|&(r, w)| format!("{} {}", r.name(), sudoku::rate::weight_text(r, w)))
        .collect();
    format!(
        "Grades (grade, level needed, what it takes):\n{}\nScore: the deductions of the search that proves the puzzle unique at that level, weighted per cell filled (singles) or candidate removed: {}; each guess {} (extreme puzzles, searched at probing).\n\n{}",
        grades.join("\n"),
        weights.join(", "),
        sudoku::rate::GUESS_WEIGHT,
        exit_codes!()
    )
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenerateFormat {
    /// One puzzle per line.
    Text,
    /// JSON Lines: one object per puzzle, with its seeds, clue count,
    /// symmetry, level needed and rating (and its f-puzzles document for
    /// jigsaw and killer puzzles).
    Json,
    /// One f-puzzles document (JSON) per line, with the solution: the
    /// puzzle's regions, cages and rules as f-puzzles and `solve` read
    /// them.
    Fpuzzles,
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1)]
    pub count: u64,

    /// The run's seed. Default: drawn from the clock, and told on stderr so
    /// that the run can be made again.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// The grid's side: 4, 6, 8, 9 (the default), 10, 12, 16, 25, ...
    /// (boxes as square as possible, wider than high; see --box).
    #[arg(long, value_name = "SIDE")]
    pub size: Option<usize>,

    /// Box shape, ROWSxCOLUMNS (e.g. 3x2 for 6x6 boxes 3 high, 2 wide).
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<String>,

    #[arg(long, value_name = "RULES", default_value = "classic", help = variant_help())]
    pub variant: sudoku::Variant,

    #[arg(long, value_name = "SYMMETRY", default_value = "none", help = symmetry_help())]
    pub symmetry: sudoku::generate::Symmetry,

    /// With --clues: dig to the end and keep a puzzle only if its clue
    /// count is in range (otherwise digging stops once in range).
    #[arg(long)]
    pub minimal: bool,

    /// The clue count: a number or a range A..B.
    #[arg(long, value_name = "A..B")]
    pub clues: Option<String>,

    #[arg(long, value_name = "LEVEL", help = generate_level_help())]
    pub level: Option<String>,

    /// Full grids to try for one puzzle before it is reported as missed.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub attempts: u64,

    /// Keep only puzzles whose rating on Sudoku Explainer's scale (ER,
    /// as `rate --scale se` gives it) is in A-B (`7.0-8.0`) or is A:
    /// digging goes to the end, each puzzle is rated, and a grid whose
    /// puzzle misses is dropped (see --attempts). Classic and jigsaw
    /// puzzles of houses alone.
    #[arg(long, value_name = "A-B")]
    pub se: Option<String>,

    /// Keep only puzzles whose explanation takes a step of this
    /// technique (`x-wing`, `unique-rectangle`, `forcing-chain`...): a
    /// puzzle that needs it, since `explain` takes the easiest step that
    /// applies. An unknown name is refused with the list of names.
    #[arg(long, value_name = "NAME")]
    pub technique: Option<String>,

    /// Random jigsaw regions instead of boxes, drawn for each puzzle.
    #[arg(long)]
    pub jigsaw: bool,

    /// Random killer cages over the whole grid, drawn for each puzzle
    /// from its solution (2 to 5 cells, distinct digits, sums given).
    #[arg(long)]
    pub killer: bool,

    /// Random lines and outside clues of these rules, drawn for each
    /// puzzle to hold in its solution, comma-separated: between-line,
    /// nabner-line, lockout-line, region-sum-line, renban, double-arrow,
    /// little-killer, skyscraper, x-sum, sandwich-sum (the rules take
    /// turns; see --line-count).
    #[arg(long, value_name = "RULES")]
    pub lines: Option<String>,

    /// How many lines and clues --lines draws for each puzzle [default: 8].
    #[arg(long, value_name = "N")]
    pub line_count: Option<usize>,

    /// Output format [default: text; fpuzzles with --jigsaw, --killer or
    /// --lines, whose regions, cages and lines a line of digits cannot
    /// hold]
    #[arg(long, value_enum)]
    pub format: Option<GenerateFormat>,

    /// Worker threads (default, or 0: all cores). Output is the same
    /// whatever the number.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,

    /// No progress bar and no notes on stderr.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// The `--symmetry` help, from the registry of symmetries.
fn symmetry_help() -> String {
    let choices: Vec<String> = (sudoku::generate::Symmetry::ALL.iter())
        .map(|s| format!("`{}` {}", s.name(), s.description()))
        .collect();
    format!(
        "The clue pattern's symmetry; clues are removed in orbits: {}",
        choices.join(", ")
    )
}

/// The `--level` help of `generate`, from the registry of levels.
fn generate_level_help() -> String {
    format!(
        "Keep only puzzles that need exactly this propagation level: {} (`guessing`: even probing leaves cells); digging never goes past it",
        sudoku::generate::level_names()
    )
}

#[derive(Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub output: OutputArgs,

    /// Give up rating a puzzle after MS milliseconds (0: no limit): it is
    /// reported as `stopped` (exit code 1). Rating a big grid with few
    /// clues at `probing` can take minutes, and so can a rating on
    /// Sudoku Explainer's scale that needs nested forcing chains.
    #[arg(long, value_name = "MS")]
    pub timeout: Option<u64>,

    /// The scale: `grade` (the weakest propagation level that solves the
    /// puzzle, a grade and a score) or `se` (Sudoku Explainer's ER/EP/ED,
    /// from the steps of `sudoku explain`; classic rules and other houses
    /// only).
    #[arg(long, value_name = "SCALE", default_value = "grade",
          value_parser = clap::builder::PossibleValuesParser::new(crate::rating::Scale::ALL.map(crate::rating::Scale::name)))]
    pub scale: String,
}

pub use crate::compare::export::TableFormat as CompareFormat;

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Puzzle files, one puzzle per line (digits and dots, grids, CSV,
    /// f-puzzles or SudokuPad links), f-puzzles JSON files, or folders of
    /// such files (`-`: standard input).
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// A puzzle set compiled into the binary (repeatable, or a comma list:
    /// `top95,hardest11`).
    #[arg(long = "set", value_name = "NAME", value_delimiter = ',',
          value_parser = clap::builder::PossibleValuesParser::new(crate::compare::sets::names()))]
    pub sets: Vec<String>,

    #[command(flatten)]
    pub comparison: ComparisonArgs,

    /// Draw, for each strategy and set, how often each cell was chosen and
    /// backtracked over, as an SVG heatmap in DIR (one file per row, named
    /// after it). Covers the runs made by this process.
    #[arg(long, value_parser = output_file, value_name = "DIR", conflicts_with_all = ["resume", "shard"])]
    pub heatmap: Option<PathBuf>,

    #[command(flatten)]
    pub read: ReadArgs,
}

/// What `compare` and `csp compare` share: the strategies, limits, runs
/// files and shards, the per-run file, the table.
#[derive(Args, Debug)]
pub struct ComparisonArgs {
    /// Strategy presets to compare: names or TOML paths, comma-separated
    /// (`norvig,mrv`) or repeated.
    #[arg(long = "config", value_name = "LIST", value_delimiter = ',', value_parser = Suggest::presets(), hide_possible_values = true)]
    pub configs: Vec<String>,

    #[arg(long, value_name = "LIST", help = chains_help(Chains::Cells))]
    pub cells: Option<String>,

    #[arg(long, value_name = "LIST", help = chains_help(Chains::Values))]
    pub values: Option<String>,

    /// Propagation levels, comma-separated (`fc,singles,human:4.4`);
    /// `all`: every level but the human ones.
    #[arg(long, value_name = "LIST", value_parser = Suggest::levels(true), hide_possible_values = true)]
    pub propagation: Option<String>,

    /// Restart policies, comma-separated (`none,luby:100`), crossed with
    /// the lists above (a policy other than none is added to the
    /// strategy's label: `ZW/0/singles/luby:100`).
    #[arg(long, value_name = "LIST")]
    pub restarts: Option<String>,

    /// Seeds for the random strategies (C, 2): each runs once per seed and
    /// its row sums up all runs. `1..20` (inclusive), `7`, `1,5,9`, or a
    /// mix such as `1..4,9`.
    /// Default: the strategy's own seed.
    #[arg(long, value_name = "RANGE")]
    pub seeds: Option<String>,

    /// Stop each run after N placements (0: no limit); such runs count as
    /// stopped, and their placements go to a separate column. Applies to
    /// every strategy, presets too.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub max_placements: u64,

    /// Stop each run after MS milliseconds (0: no limit). Makes results
    /// depend on the machine: prefer --max-placements.
    #[arg(long, value_name = "MS")]
    pub timeout: Option<u64>,

    /// Search each puzzle until K solutions are found (or the space is
    /// exhausted). 1 solves; 2 also proves the solution unique, as solver
    /// benchmarks count (the search goes on after the first solution).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub solutions: u64,

    /// Write every run to FILE as it finishes (JSON Lines, flushed at
    /// once), after a heading line with the comparison's settings: what
    /// `--resume` continues after a crash and `sudoku merge` reads. FILE
    /// must not exist.
    #[arg(long, value_parser = output_file, value_name = "FILE", conflicts_with = "resume")]
    pub runs: Option<PathBuf>,

    /// Continue the runs file FILE of an interrupted comparison (same
    /// settings): its runs are kept, the missing ones made and appended,
    /// and the table covers all. A last line cut short is dropped.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,

    /// Make only shard K of N of the runs (every N-th run, from the K-th)
    /// and write them to --runs FILE, for `sudoku merge` to put together
    /// (e.g. `--shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT`).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<crate::compare::plan::Shard>,

    /// Give a strategy up on a set once K of its runs hit a limit
    /// (--max-placements, --timeout): its row is marked abandoned, covers
    /// the runs made until then, ranks after the others and is left out
    /// of the plot (0: never, the default).
    #[arg(long, value_name = "K")]
    pub give_up_after: Option<u64>,

    /// Also write one JSON line per run (strategy, seed, puzzle) to FILE,
    /// in the shape of `solve --format json`.
    #[arg(long, value_parser = output_file, value_name = "FILE")]
    pub per_puzzle: Option<PathBuf>,

    #[command(flatten)]
    pub table: TableArgs,

    /// Worker threads (default, or 0: all cores). The results do not
    /// depend on it.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,
}

/// How `compare` and `merge` show their results.
#[derive(Args, Debug)]
pub struct TableArgs {
    /// Rank by this column (best first; fewer stopped runs always rank
    /// higher).
    #[arg(long, value_enum, default_value_t = crate::compare::columns::Column::PlacementsMean)]
    pub sort: crate::compare::columns::Column,

    /// Output format.
    #[arg(long, value_enum, default_value_t = CompareFormat::Text)]
    pub format: CompareFormat,

    /// The columns of the text and markdown tables, comma-separated
    /// (names as for --sort, e.g. solved,placements-mean,guesses-mean).
    /// Default: all of them, except that a text table on a terminal leaves
    /// out the least telling ones to fit its width (and says which).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub columns: Option<Vec<crate::compare::columns::Column>>,

    /// Also draw a cactus plot (SVG): puzzles solved against placements,
    /// one line per strategy.
    #[arg(long, value_parser = output_file, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,

    /// Leave out the timing columns, so that two runs print the same.
    #[arg(long)]
    pub no_timings: bool,

    /// Add a column per propagation rule to the text and markdown tables:
    /// candidates removed per run (fc, locked, gac, probing, other) and
    /// cells filled per run (naked and hidden singles). csv and json always
    /// carry them.
    #[arg(long)]
    pub rules: bool,
}

impl TableArgs {
    /// The plain options the report takes.
    pub fn options(&self) -> crate::compare::report::TableOptions {
        crate::compare::report::TableOptions {
            sort: self.sort,
            format: self.format,
            columns: self.columns.clone(),
            rules: self.rules,
            plot: self.plot.clone(),
            timings: !self.no_timings,
        }
    }
}

/// `sudoku merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Runs files of one comparison (`compare --runs`, one per shard).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,

    #[command(flatten)]
    pub table: TableArgs,
}

/// Where puzzles come from.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// Puzzle files, one puzzle per line (digits and dots, grids, CSV,
    /// f-puzzles or SudokuPad links), f-puzzles JSON files, or folders of
    /// such files; `-` (the default) reads standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    #[command(flatten)]
    pub read: ReadArgs,
}

/// How puzzle lines are read and what rules they follow: the input flags
/// of every command that reads puzzles (`compare` too).
#[derive(Args, Debug, Clone)]
pub struct ReadArgs {
    /// Global rules beyond rows, columns and boxes for plain puzzle lines,
    /// comma-separated (f-puzzles files and links bring their own rules).
    #[arg(long, value_name = "RULES", default_value = "classic", help = variant_help())]
    pub variant: sudoku::Variant,

    /// A rule of your own on every puzzle, plain or f-puzzles (repeatable):
    /// `regex:CELLS:PATTERN`, the digits along CELLS read as text (1-9, then
    /// A, B, ... for 10, 11, ...) match the whole PATTERN. CELLS: cells and
    /// straight runs, comma-separated (`r1c1-r1c5,r2c2`). Example, odd digits
    /// never touch on row 1: `regex:r1c1-r1c9:[2468]*([13579][2468]+)*[13579]?`.
    /// Or `chess:OPTIONS`, SudokuSolver's chess constraint: cells one of the
    /// leaps apart hold different digits; options `;`-separated: `1,3` a
    /// leap (mirror images included), `v9` only these digits, `r5c5` only
    /// leaps from these cells. Example, anti-camel: `chess:1,3`
    #[arg(long = "rule", id = "user_rules", value_name = "RULE")]
    pub user_rules: Vec<sudoku::UserRule>,

    /// Solve SudokuPad puzzles even when some of their shapes are no rule
    /// this tool knows, without those shapes (listed in a note on stderr).
    /// Without it such a puzzle is an error naming the shapes: solving it
    /// without them would answer another puzzle.
    #[arg(long)]
    pub ignore_unknown: bool,

    /// The digits' characters, in order: ranges and single characters.
    /// `0-F` reads hexadecimal 16x16 (`0` is the digit 1; `.` is empty),
    /// `A-Y` letters for 25x25. Default: 1-9 then A-Z, with `.`, `0` or `_`
    /// for empty, except that a 16x16 puzzle with a `0` and no `G` is read
    /// as 0-F (with a note).
    #[arg(long, value_name = "SYMBOLS")]
    pub symbols: Option<String>,

    /// Box shape, ROWSxCOLUMNS (e.g. 3x2 on 6x6: boxes 3 cells high and 2
    /// wide). Every puzzle must then have that size. Default: the most
    /// square boxes, wider than high (6x6: 2x3).
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<String>,

    // The help lists the choices from their registry.
    #[arg(long, value_name = "WHICH", default_value = "fast", help = propagators_help())]
    pub propagators: sudoku::Propagators,
}

/// The `--propagators` help, listing the choices from their registry.
fn propagators_help() -> String {
    let choices: Vec<String> = (sudoku::Propagators::ALL.iter())
        .map(|p| format!("`{}`: {}", p.name(), p.title()))
        .collect();
    format!(
        "How the houses are enforced: {}. Same counters either way; only the time differs",
        choices.join("; ")
    )
}

/// The `--variant` help, listing the names from the rule registry.
fn variant_help() -> String {
    format!(
        "Global rules beyond rows, columns and boxes for plain puzzle lines, comma-separated: {} (`diagonal` is both diagonals). f-puzzles files and links bring their own rules",
        sudoku::variant_names()
    )
}

/// How to search: a preset, then overrides.
#[derive(Args, Debug, Clone)]
pub struct StrategyArgs {
    /// A strategy preset: a name (looked up in ./configs/NAME.toml, then
    /// among the presets built in) or a path to a TOML file. Default:
    /// `default` (`sudoku csp`: `scheduling` for a model of wide
    /// variables, when nothing of the search is named).
    #[arg(long, value_name = "NAME|PATH", value_parser = Suggest::presets(), hide_possible_values = true)]
    pub config: Option<String>,

    #[arg(long, value_name = "CHAIN", help = chain_help(Chains::Cells))]
    pub cells: Option<String>,

    #[arg(long, value_name = "CHAIN", help = chain_help(Chains::Values))]
    pub values: Option<String>,

    /// Propagation level: none, fc (forward checking), singles, human:D
    /// (a person's techniques up to difficulty D, such as human:4.4),
    /// locked (locked candidates), gac (arc consistency on every house),
    /// probing.
    #[arg(long, value_name = "LEVEL", value_parser = Suggest::levels(false), hide_possible_values = true)]
    pub propagation: Option<String>,

    /// Seed of the random heuristics C and 2.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// Restart the search from the root after a number of failures that
    /// grows: none (default), luby:SCALE (SCALE times 1, 1, 2, 1, 1, 2, 4,
    /// ...) or geometric:FIRST:FACTOR. What a restart abandons is kept as
    /// nogoods: counts stay exact.
    #[arg(long, value_name = "POLICY")]
    pub restarts: Option<String>,

    /// Learn a clause from every conflict and jump back to its cause
    /// (conflict-driven clause learning over the propagators'
    /// explanations); `--learning=false` turns a preset's off. Needs
    /// --propagation fc or above, not probing. Counts stay exact.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true, default_missing_value = "true")]
    pub learning: Option<bool>,

    /// Search with linked places: a digit is removed from a cell when,
    /// placed there, it would leave a house without a place for some digit
    /// through the links of the elements (non-consecutive neighbours,
    /// dots, XV, anti-knight and anti-king moves, Nabner and whisper pairs:
    /// every rule between two cells). `--links=false` turns a preset's
    /// off. Needs --propagation singles or above, not human:D; puzzles
    /// only (`sudoku csp` refuses it).
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true, default_missing_value = "true")]
    pub links: Option<bool>,

    /// How to branch on a variable of more than 64 values (csp-core's
    /// wide variables, in `sudoku csp`): min (x = min, else x != min),
    /// max, median, or split (x <= mid, else x > mid). Default: max for
    /// the value chain 1, else min.
    #[arg(long, value_name = "CHOICE")]
    pub wide_choice: Option<String>,

    /// Stop a puzzle's search after N placements (0: no limit).
    #[arg(long, value_name = "N")]
    pub max_placements: Option<u64>,

    /// Stop a puzzle's search after MS milliseconds (0: no limit).
    #[arg(long, value_name = "MS")]
    pub timeout: Option<u64>,
}

impl StrategyArgs {
    /// The strategy flags given, by name (`--cells`, ...).
    pub fn given(&self) -> Vec<&'static str> {
        let flags = [
            ("--config", self.config.is_some()),
            ("--cells", self.cells.is_some()),
            ("--values", self.values.is_some()),
            ("--propagation", self.propagation.is_some()),
            ("--seed", self.seed.is_some()),
            ("--restarts", self.restarts.is_some()),
            ("--learning", self.learning.is_some()),
            ("--links", self.links.is_some()),
            ("--wide-choice", self.wide_choice.is_some()),
            ("--max-placements", self.max_placements.is_some()),
            ("--timeout", self.timeout.is_some()),
        ];
        flags
            .into_iter()
            .filter(|(_, given)| *given)
            .map(|(f, _)| f)
            .collect()
    }

    /// The flags as the plain overrides the strategy code takes.
    pub fn overrides(&self) -> crate::strategy::Overrides {
        crate::strategy::Overrides {
            config: self.config.clone(),
            cells: self.cells.clone(),
            values: self.values.clone(),
            propagation: self.propagation.clone(),
            seed: self.seed,
            restarts: self.restarts.clone(),
            learning: self.learning,
            links: self.links,
            wide_choice: self.wide_choice.clone(),
            max_placements: self.max_placements,
            timeout_ms: self.timeout,
            engine: None,
            spelling: crate::strategy::Spelling::Flags,
        }
    }
}

#[derive(Args, Debug)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Stop before the first step harder than X on Sudoku Explainer's
    /// scale (`6.6`: does this puzzle need more than forcing X-chains?).
    /// Such a puzzle ends `stopped` (exit code 1) with the step it would
    /// need next; steps the scale does not rate (W-Wing, subsets of more
    /// than four, contradictions) are harder than any X, a variant
    /// element's steps within every X.
    #[arg(long, value_name = "X")]
    pub max_difficulty: Option<sudoku::explain::Difficulty>,

    /// Give up explaining a puzzle after MS milliseconds (0: no limit): it
    /// ends `stopped` (exit code 1) with the steps made in time. Puzzles
    /// that need nested forcing chains at step after step (minimal jigsaw
    /// puzzles with both diagonals, for one) can take minutes.
    #[arg(long, value_name = "MS")]
    pub timeout: Option<u64>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct RenderArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Where to write the picture (default `-`: standard output).
    #[arg(long, value_name = "OUT.svg", default_value = "-")]
    pub svg: PathBuf,

    /// Which puzzle of the input to draw, counting from 1 (lines that are
    /// not puzzles are skipped and reported).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub puzzle: u64,

    /// Also draw each empty cell's candidates once the givens are
    /// propagated at LEVEL (none, fc, singles, locked, gac, probing).
    #[arg(long, value_name = "LEVEL", value_parser = Suggest::levels(false), hide_possible_values = true, conflicts_with = "solution")]
    pub candidates: Option<String>,

    /// Also draw the solution's digits in the empty cells (in blue).
    #[arg(long)]
    pub solution: bool,

    /// Draw step N (from 1) of `sudoku explain` instead: the candidates
    /// it is taken from, its base and cover houses tinted, the
    /// candidates of its pattern on discs (fins orange), its links
    /// (strong solid, weak dashed), what it removes struck out in red and
    /// what it places in blue; its technique and reason under the board.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..), conflicts_with_all = ["candidates", "solution"])]
    pub step: Option<u64>,

    /// Write the puzzle as an f-puzzles document to OUT.json instead of
    /// drawing it (`-`: standard output): its givens, regions and every
    /// rule, as f-puzzles.com and SudokuPad read them. A SudokuPad puzzle
    /// or a plain line with --variant becomes a file other tools open.
    #[arg(long, value_name = "OUT.json", conflicts_with_all = ["candidates", "solution", "step"])]
    pub fpuzzles: Option<PathBuf>,
}

/// Recording the search.
#[derive(Args, Debug, Clone)]
pub struct TraceArgs {
    /// Write every event of each puzzle's search to FILE as JSON Lines:
    /// choices with their scores, value orders, placements, deductions,
    /// failures, backtracks and solutions, so that every counter can be
    /// recomputed. Puzzles then run one at a time, in input order.
    #[arg(long, value_parser = output_file, value_name = "FILE")]
    pub trace: Option<PathBuf>,

    /// Record at most N events per puzzle in the trace; a `cut` line says
    /// where the recording stopped (the search goes on).
    #[arg(long, value_name = "N", default_value_t = 100_000, requires = "trace")]
    pub trace_limit: u64,

    /// How to write the trace: jsonl (one JSON object per event, for tools)
    /// or text (an indented tree of decisions with the boards, for people).
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = TraceFormatArg::Jsonl, requires = "trace")]
    pub trace_format: TraceFormatArg,

    /// Draw how often each cell was chosen to branch on and backtracked
    /// over, summed over the puzzles (of the first size met), as an SVG
    /// heatmap in FILE.
    #[arg(long, value_parser = output_file, value_name = "FILE")]
    pub heatmap: Option<PathBuf>,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceFormatArg {
    /// One JSON object per event.
    Jsonl,
    /// An indented tree of decisions, with the givens and the first
    /// solution drawn.
    Text,
}

/// How to write results.
#[derive(Args, Debug, Clone)]
pub struct OutputArgs {
    /// Output format: text for people, json (one object per line) or csv
    /// (header first) for scripts.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// Worker threads (default, or 0: all cores). Output is in input order
    /// whatever the number.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,

    /// Text format: one short line per puzzle (or instance) and no
    /// summary (solve: the solution line, empty if none; count: the
    /// number of solutions found; candidates: the grid alone; csp solve:
    /// the solution's values, empty if none).
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Boards and a line of counters per puzzle (an instance's line and
    /// solution), then a summary.
    Text,
    /// JSON Lines: one object per puzzle (or instance).
    Json,
    /// CSV: a header, then one row per puzzle (or instance): the JSON
    /// keys as columns.
    Csv,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub strategy: StrategyArgs,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub trace: TraceArgs,

    /// Also check that each solution is the only one (a second search,
    /// whose counters are not added: by the bitboard solver on grids of
    /// houses up to 16x16, else by the engine within the strategy's
    /// limits); a puzzle with several gets status `multiple` and exit
    /// code 1.
    #[arg(long)]
    pub unique: bool,

    /// Skip the "level needed" rating (the weakest level that solves the
    /// puzzle without a placement). Rating tries every level up to probing,
    /// which can cost more than the solve itself (about 2x on 17-clue
    /// puzzles, far more on 16x16 and 25x25); without it the field is null.
    #[arg(long)]
    pub no_level_needed: bool,

    /// Which solver solves: `engine` (the reference: any heuristic chain,
    /// level, rule, limit and trace, exact counters, the level needed) or
    /// `bitboard` (grids of houses only, much faster; it reports placements
    /// and guesses only, no level needed, and takes no strategy, limit or
    /// trace flag). Default: the preset's (`bitboard` for `--config
    /// fastest`, else `engine`).
    #[arg(long, value_name = "ENGINE", value_parser = engine_parser())]
    pub engine: Option<Engine>,
}

#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub strategy: StrategyArgs,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub trace: TraceArgs,

    #[command(flatten)]
    pub limit: LimitArgs,

    /// Which solver counts: `engine` (the reference: any heuristic chain,
    /// level, rule, limit and trace, exact counters) or `bitboard` (grids
    /// of houses only, much faster; it reports placements and guesses
    /// only, and takes no strategy, limit or trace flag). Default: the
    /// preset's (`bitboard` for `--config fastest`, else `engine`).
    #[arg(long, value_name = "ENGINE", value_parser = engine_parser())]
    pub engine: Option<Engine>,
}

/// `--engine`: the names of [`Engine::ALL`], read into an [`Engine`].
fn engine_parser() -> impl clap::builder::TypedValueParser<Value = Engine> {
    use clap::builder::TypedValueParser;
    // Only listed names get past the possible values, and each parses.
    clap::builder::PossibleValuesParser::new(Engine::ALL.map(Engine::name))
        .map(|name| name.parse::<Engine>().unwrap_or_default())
}

#[derive(Args, Debug)]
pub struct CandidatesArgs {
    #[command(flatten)]
    pub input: InputArgs,

    /// Propagation level whose deductions the candidates show: none, fc,
    /// singles, human:D (a person's techniques up to difficulty D), locked,
    /// gac, probing.
    #[arg(long, value_name = "LEVEL", value_parser = Suggest::levels(false), hide_possible_values = true, default_value = "fc", conflicts_with = "true_candidates")]
    pub propagation: String,

    /// True candidates: for every empty cell, the digits that appear in
    /// at least one solution (exact, found by search), each with the
    /// number of solutions that hold it, up to --limit.
    #[arg(long = "true")]
    pub true_candidates: bool,

    /// With --true: count the solutions that hold each candidate up to K.
    #[arg(long, value_name = "K", default_value_t = 8, requires = "true_candidates",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,

    /// With --true: the preset whose search finds the solutions (its
    /// heuristics, level and limits). Default: `portfolio` (its members
    /// take turns on each search; the counts are the same whichever
    /// answers).
    #[arg(long, value_name = "NAME|PATH", value_parser = Suggest::presets(), hide_possible_values = true, requires = "true_candidates")]
    pub config: Option<String>,

    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
pub struct ConfigsArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = ConfigsFormat::Text)]
    pub format: ConfigsFormat,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConfigsFormat {
    /// An aligned table: name, cells, values, level, description.
    Text,
    /// JSON Lines: one object per preset.
    Json,
    /// CSV: a header, then one row per preset.
    Csv,
}

/// A file the command writes beside its results: any path but `-`, which
/// would be standard output, where the results go (only `render --svg`,
/// whose picture is its result, writes to `-`).
fn output_file(text: &str) -> Result<PathBuf, String> {
    if text == "-" {
        return Err(
            "`-` is standard output, which carries the results: give a file name".to_string(),
        );
    }
    Ok(PathBuf::from(text))
}

/// Any text (checked later, with the command's own messages), with names
/// that shell completions offer: the presets for `--config`, the levels
/// for `--propagation`.
#[derive(Clone)]
pub struct Suggest(Vec<&'static str>);

impl Suggest {
    /// The built-in presets' names.
    pub fn presets() -> Suggest {
        Suggest(crate::strategy::BUILT_IN.iter().map(|(n, _)| *n).collect())
    }

    /// The propagation levels' names (and `all`, for a list of levels).
    pub fn levels(with_all: bool) -> Suggest {
        let mut names: Vec<&'static str> = (csp_core::PropagationLevel::ALL.iter())
            .map(|l| l.name())
            .collect();
        if with_all {
            names.push("all");
        }
        Suggest(names)
    }
}

impl clap::builder::TypedValueParser for Suggest {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            self.0.iter().map(|n| clap::builder::PossibleValue::new(*n)),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp_core::{ValueChain, ValueHeuristic, VariableChain, VariableHeuristic};

    /// Every heuristic of the registries is in the help of `solve`,
    /// `count` and `compare` (symbol and short description), in the help of
    /// the chain flags, and in the error for an unknown symbol: a letter
    /// added to a registry shows up everywhere without another edit.
    #[test]
    fn help_and_errors_name_every_registered_heuristic() {
        let help = heuristics_help();
        let cell_flag = chain_help(Chains::Cells);
        let cell_error = "E?".parse::<VariableChain>().unwrap_err().to_string();
        for h in VariableHeuristic::ALL {
            let entry = format!("{} {}", h.symbol(), h.short_description());
            assert!(help.contains(&entry), "{entry} not in the help");
            if h.is_adaptive() {
                let named = format!("{} ({})", h.symbol(), h.short_description());
                assert!(cell_flag.contains(&named), "{named} not in --cells");
                assert!(cell_error.contains(h.symbol()), "{h} not in {cell_error}");
            }
        }
        let value_flag = chain_help(Chains::Values);
        let value_error = "0?".parse::<ValueChain>().unwrap_err().to_string();
        for h in ValueHeuristic::ALL {
            let entry = format!("{} {}", h.symbol(), h.short_description());
            assert!(help.contains(&entry), "{entry} not in the help");
            if h.is_adaptive() {
                assert!(value_flag.contains(h.symbol()), "{h} not in --values");
                assert!(value_error.contains(h.symbol()), "{h} not in {value_error}");
            }
        }
        // The others in runs: the words users know.
        assert!(cell_error.contains("letters A-L, the adaptive P, Q, S, V, W, X, Z,"));
        assert!(value_error.contains("symbols 0-9 and a, the adaptive b,"));
        assert!(chains_help(Chains::Cells).contains("the 12 letters A-L"));
        assert!(chains_help(Chains::Values).contains("the 11 symbols 0-9 and a"));
    }

    #[test]
    fn columns_pack_entries_under_100_characters() {
        let entries: Vec<String> = ["A a", "B bb", "C a longer entry than a column", "D d"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            columns(&entries),
            "  A a                     B bb                    C a longer entry than a column\n  D d"
        );
        for line in heuristics_help().lines() {
            assert!(line.chars().count() <= 100, "{line}");
        }
    }
}
