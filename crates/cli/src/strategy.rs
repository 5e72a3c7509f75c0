//! Strategy presets (TOML) merged with flags into one validated
//! [`Strategy`].
//!
//! The command line hands its flags down as plain [`Overrides`]; nothing
//! here knows the flag parser.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use csp_core::{
    Limits, PropagationLevel, Restarts, SearchConfig, ValueChain, VariableChain, WideChoice,
};
use serde::{Deserialize, Serialize};

mod portfolio;
mod spelling;

pub use portfolio::{FIRST_TURN, PortfolioPlan, TURN_GROWTH, for_grid};
pub use spelling::Spelling;

/// The presets compiled into the binary, so it works from any directory.
pub const BUILT_IN: &[(&str, &str)] = &[
    ("default", include_str!("../../../configs/default.toml")),
    ("naive", include_str!("../../../configs/naive.toml")),
    ("mrv", include_str!("../../../configs/mrv.toml")),
    ("norvig", include_str!("../../../configs/norvig.toml")),
    (
        "fewest-guesses",
        include_str!("../../../configs/fewest-guesses.toml"),
    ),
    ("adaptive", include_str!("../../../configs/adaptive.toml")),
    ("wdeg", include_str!("../../../configs/wdeg.toml")),
    ("wdeg-gac", include_str!("../../../configs/wdeg-gac.toml")),
    (
        "wdeg-gac-links",
        include_str!("../../../configs/wdeg-gac-links.toml"),
    ),
    ("lcg", include_str!("../../../configs/lcg.toml")),
    (
        "scheduling",
        include_str!("../../../configs/scheduling.toml"),
    ),
    ("fastest", include_str!("../../../configs/fastest.toml")),
    ("portfolio", include_str!("../../../configs/portfolio.toml")),
];

/// The preset of the jobs where only the answer matters (`count`, `solve
/// --unique`) when no preset or chain is named.
pub const ANSWERING: &str = "portfolio";

/// Which solver runs a strategy: the constraint engine (every heuristic,
/// level and counter) or the bitboard solver (grids of houses only,
/// throughput; it takes no heuristic, level or limit).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Engine {
    /// The constraint engine (csp-core).
    #[default]
    Engine,
    /// The bitboard solver for grids of houses (sudoku::bitboard).
    Bitboard,
}

impl Engine {
    /// Every engine, in the order help texts list them.
    pub const ALL: [Engine; 2] = [Engine::Engine, Engine::Bitboard];

    /// The name presets and `--engine` use.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Engine => "engine",
            Engine::Bitboard => "bitboard",
        }
    }
}

impl std::str::FromStr for Engine {
    type Err = anyhow::Error;
    fn from_str(s: &str) -> Result<Engine> {
        (Engine::ALL.into_iter().find(|e| e.name() == s)).with_context(|| {
            let names: Vec<&str> = Engine::ALL.iter().map(|e| e.name()).collect();
            format!("unknown engine `{s}` (engines: {})", names.join(", "))
        })
    }
}

/// A strategy file as written.
#[derive(Deserialize, Serialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct StrategyFile {
    /// The preset's name (default: the file's stem).
    pub name: Option<String>,
    /// One line on what the preset is for.
    pub description: Option<String>,
    /// Cell heuristic chain (default `EA`).
    pub cells: Option<String>,
    /// Value heuristic chain (default `0`).
    pub values: Option<String>,
    /// Propagation level (default `fc`).
    pub propagation: Option<String>,
    /// Seed of the random heuristics (default 0).
    pub seed: Option<u64>,
    /// The solver (default `engine`): `bitboard` takes no cells, values,
    /// propagation, restarts or limits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// When to restart (default `none`): `luby:SCALE` or
    /// `geometric:FIRST:FACTOR`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub restarts: Option<String>,
    /// Learn a clause from every conflict (default `false`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub learning: Option<bool>,
    /// Search with linked places (default `false`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub links: Option<bool>,
    /// How to branch on a wide variable (`min`, `max`, `median`,
    /// `split`; default: as the value chain says).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wide_choice: Option<String>,
    /// A portfolio: the presets that take turns, in order (no other
    /// key of the engine's then).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub portfolio: Option<Vec<String>>,
    /// A portfolio's members on puzzles with rules beyond their houses
    /// (any variant element), in order (default: `portfolio`'s).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub with_rules: Option<Vec<String>>,
    /// A portfolio's first turn, in placements (default 1,000).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_turn: Option<u64>,
    /// How many times larger each round of a portfolio's turns is than
    /// the last (default 4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn_growth: Option<u64>,
    /// The `[limits]` table.
    #[serde(default)]
    pub limits: LimitsFile,
}

impl StrategyFile {
    /// The keys given that set a search (`cells`, `values`,
    /// `propagation`, `restarts`, `limits`): what the bitboard solver and
    /// a portfolio have none of.
    fn search_keys(&self) -> Vec<&'static str> {
        given(&[
            ("cells", self.cells.is_some()),
            ("values", self.values.is_some()),
            ("propagation", self.propagation.is_some()),
            ("restarts", self.restarts.is_some()),
            ("learning", self.learning.is_some()),
            ("links", self.links.is_some()),
            ("wide_choice", self.wide_choice.is_some()),
            (
                "limits",
                self.limits.max_placements.is_some() || self.limits.timeout_ms.is_some(),
            ),
        ])
    }
}

/// The names of a list whose flag is set.
fn given(names: &[(&'static str, bool)]) -> Vec<&'static str> {
    (names.iter())
        .filter(|(_, g)| *g)
        .map(|(n, _)| *n)
        .collect()
}

/// The `[limits]` table of a strategy file.
#[derive(Deserialize, Serialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct LimitsFile {
    /// Placements per puzzle (0 or absent: no limit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_placements: Option<u64>,
    /// Milliseconds per puzzle (0 or absent: no limit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timeout_ms: Option<u64>,
}

/// What the command line (or a comparison matrix) asks for on top of a
/// preset: every field left `None` keeps the preset's value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overrides {
    /// The preset: a name (`./configs/NAME.toml`, then the built-in ones)
    /// or a path to a TOML file; `default` when `None`.
    pub config: Option<String>,
    /// Cell heuristic chain as written.
    pub cells: Option<String>,
    /// Value heuristic chain as written.
    pub values: Option<String>,
    /// Propagation level name.
    pub propagation: Option<String>,
    /// Seed of the random heuristics.
    pub seed: Option<u64>,
    /// Restart policy as written.
    pub restarts: Option<String>,
    /// Clause learning on or off.
    pub learning: Option<bool>,
    /// Linked places on or off.
    pub links: Option<bool>,
    /// How to branch on a wide variable, as written.
    pub wide_choice: Option<String>,
    /// Placement limit per puzzle (0: none).
    pub max_placements: Option<u64>,
    /// Time limit per puzzle in milliseconds (0: none).
    pub timeout_ms: Option<u64>,
    /// The solver.
    pub engine: Option<Engine>,
    /// How the caller names these options in its errors.
    pub spelling: Spelling,
}

impl Overrides {
    /// The options given that set a search's chains (`--cells`,
    /// `--values`, `--propagation`, `--seed`, `--restarts`), as the caller
    /// spells them: what a portfolio takes none of.
    pub fn chain_flags(&self) -> Vec<String> {
        (given(&[
            ("cells", self.cells.is_some()),
            ("values", self.values.is_some()),
            ("propagation", self.propagation.is_some()),
            ("seed", self.seed.is_some()),
            ("restarts", self.restarts.is_some()),
            ("learning", self.learning.is_some()),
            ("links", self.links.is_some()),
            ("wide_choice", self.wide_choice.is_some()),
        ])
        .into_iter())
        .map(|key| self.spelling.option(key))
        .collect()
    }
}

/// A validated strategy: what the rest of the program uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strategy {
    /// The preset's name (or the file's stem).
    pub name: String,
    /// The preset's description.
    pub description: String,
    /// Heuristics, level, seed, limits (the engine's; the defaults when
    /// `engine` is the bitboard solver).
    pub search: SearchConfig,
    /// The solver that runs it.
    pub engine: Engine,
    /// A portfolio's members and turns (`search` is then its first
    /// member's, with the portfolio's limits).
    pub portfolio: Option<PortfolioPlan>,
}

impl Strategy {
    /// The strategy as a preset file that loads back to it (seeds and
    /// limits up to `u64::MAX` included). The error is the TOML writer's,
    /// which plain strings and integers are not known to raise.
    pub fn to_toml(&self) -> Result<String> {
        let s = &self.search;
        if let Some(plan) = &self.portfolio {
            let file = StrategyFile {
                name: Some(self.name.clone()),
                description: Some(self.description.clone()),
                portfolio: Some(plan.member_names().iter().map(|n| n.to_string()).collect()),
                with_rules: (plan.with_rules_names())
                    .map(|names| names.iter().map(|n| n.to_string()).collect()),
                first_turn: Some(plan.first_turn),
                turn_growth: Some(plan.turn_growth),
                ..StrategyFile::default()
            };
            return toml::to_string(&file).context("the strategy does not fit in a TOML file");
        }
        if self.engine == Engine::Bitboard {
            // The bitboard solver takes none of the engine's keys.
            let file = StrategyFile {
                name: Some(self.name.clone()),
                description: Some(self.description.clone()),
                engine: Some(self.engine.name().to_string()),
                seed: Some(s.seed),
                ..StrategyFile::default()
            };
            return toml::to_string(&file).context("the strategy does not fit in a TOML file");
        }
        let file = StrategyFile {
            name: Some(self.name.clone()),
            description: Some(self.description.clone()),
            cells: Some(s.variables.to_string()),
            values: Some(s.values.to_string()),
            propagation: Some(s.level.to_string()),
            seed: Some(s.seed),
            engine: None,
            restarts: (s.restarts != Restarts::Never).then(|| s.restarts.to_string()),
            learning: s.learning.then_some(true),
            links: s.links.then_some(true),
            wide_choice: s.wide_choice.map(|c| c.to_string()),
            portfolio: None,
            with_rules: None,
            first_turn: None,
            turn_growth: None,
            limits: LimitsFile {
                max_placements: s.limits.max_placements,
                timeout_ms: s.limits.timeout.map(|t| t.as_millis() as u64),
            },
        };
        toml::to_string(&file).context("the strategy does not fit in a TOML file")
    }
}

impl Strategy {
    /// The one search of a strategy, for what runs one search (a trace,
    /// true candidates, a comparison's runs): a portfolio, which runs
    /// several, is refused, naming its members.
    pub fn one_search(&self, what: &str) -> Result<&SearchConfig> {
        if let Some(plan) = &self.portfolio {
            bail!(
                "{what} runs one search, and the portfolio `{}` runs several: name one of its members ({})",
                self.name,
                plan.all_names().join(", ")
            );
        }
        Ok(&self.search)
    }

    /// The strategy as turns to take on `sudoku`'s puzzles
    /// ([`sudoku::Portfolio`]): a portfolio's
    /// ([`PortfolioPlan::portfolio_for`]), or the one search alone.
    pub fn turns(&self, sudoku: &sudoku::Sudoku) -> sudoku::Portfolio {
        match &self.portfolio {
            Some(plan) => plan.portfolio_for(sudoku),
            None => sudoku::Portfolio::alone(self.search.clone()),
        }
    }
}

/// Where a preset came from, for error messages.
fn load_file(spec: &str) -> Result<(String, String)> {
    let as_path = Path::new(spec);
    let looks_like_path = spec.ends_with(".toml") || spec.contains(['/', '\\']);
    if looks_like_path {
        let text = std::fs::read_to_string(as_path)
            .with_context(|| format!("cannot read config file {}", as_path.display()))?;
        return Ok((as_path.display().to_string(), text));
    }
    let local = PathBuf::from("configs").join(format!("{spec}.toml"));
    if local.is_file() {
        let text = std::fs::read_to_string(&local)
            .with_context(|| format!("cannot read config file {}", local.display()))?;
        return Ok((local.display().to_string(), text));
    }
    if let Some((_, text)) = BUILT_IN.iter().find(|(name, _)| *name == spec) {
        return Ok((format!("built-in preset `{spec}`"), text.to_string()));
    }
    let names: Vec<&str> = BUILT_IN.iter().map(|(n, _)| *n).collect();
    bail!(
        "unknown config `{spec}`: no file configs/{spec}.toml here and no such built-in preset (built in: {})",
        names.join(", ")
    )
}

/// Reads a preset file's text, naming `origin` in errors.
pub fn parse_file(origin: &str, text: &str) -> Result<StrategyFile> {
    toml::from_str(text).with_context(|| format!("invalid config {origin}"))
}

fn pick<T: Clone>(flag: &Option<T>, file: &Option<T>) -> Option<T> {
    flag.clone().or_else(|| file.clone())
}

/// Validates a preset's text on its own (no flags), naming `origin` in
/// errors; the strategy's name is `name` unless the file gives one.
pub fn from_toml(origin: &str, name: &str, text: &str) -> Result<Strategy> {
    build(
        origin,
        name,
        parse_file(origin, text)?,
        &Overrides::default(),
        Lookup::Anywhere,
    )
}

/// Merges a preset (the `--config` one, else `default`) with the flags.
pub fn resolve(args: &Overrides) -> Result<Strategy> {
    let spec = args.config.as_deref().unwrap_or("default");
    let (origin, text) = load_file(spec)?;
    let file = parse_file(&origin, &text)?;
    build(&origin, spec, file, args, Lookup::Anywhere)
}

/// The overrides for the jobs where only the answer matters (`count`,
/// `solve --unique`): with no preset, chain, seed, restarts or engine
/// named, the [`ANSWERING`] portfolio (its limits from the flags).
pub fn answering(args: &Overrides) -> Overrides {
    let named = args.config.is_some() || !args.chain_flags().is_empty() || args.engine.is_some();
    if named {
        return args.clone();
    }
    Overrides {
        config: Some(ANSWERING.to_string()),
        ..args.clone()
    }
}

/// The preset that searches a model of wide variables (start times,
/// horizons, coordinates past 64 values) when nothing of the search is
/// named: see [`for_wide_models`].
pub const WIDE_DEFAULT: &str = "scheduling";

/// The strategy for the instances whose models have wide variables, when
/// the flags name no preset, chain, seed, restarts, learning, links,
/// wide choice or engine: the [`WIDE_DEFAULT`] preset with the flags'
/// limits (the `default` preset's cell chain `EH` proves 14 of the 40
/// wide instances optimal or answered in 60 s, `scheduling` 34). `None`
/// when something is named: every instance then takes the strategy the
/// flags make.
pub fn for_wide_models(args: &Overrides) -> Result<Option<Strategy>> {
    let named = args.config.is_some()
        || !args.chain_flags().is_empty()
        || args.engine.is_some()
        || args.learning.is_some()
        || args.links.is_some()
        || args.wide_choice.is_some();
    if named {
        return Ok(None);
    }
    let wide = Overrides {
        config: Some(WIDE_DEFAULT.to_string()),
        ..args.clone()
    };
    resolve_built_in(&wide).map(Some)
}

/// [`resolve`] among the built-in presets only: nothing is read from
/// disk (what the web server takes from a request).
pub fn resolve_built_in(args: &Overrides) -> Result<Strategy> {
    let spec = args.config.as_deref().unwrap_or("default");
    let (origin, text) = Lookup::BuiltIn.text(spec)?;
    let file = parse_file(&origin, &text)?;
    build(&origin, spec, file, args, Lookup::BuiltIn)
}

/// Where presets are looked up: files and built-in presets (the
/// command) or built-in presets only (the web server).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lookup {
    Anywhere,
    BuiltIn,
}

impl Lookup {
    /// The preset `spec`: where it was found (for errors) and its text.
    fn text(self, spec: &str) -> Result<(String, String)> {
        match self {
            Lookup::Anywhere => load_file(spec),
            Lookup::BuiltIn => {
                let Some((name, text)) = BUILT_IN.iter().find(|(name, _)| *name == spec) else {
                    let names: Vec<&str> = BUILT_IN.iter().map(|(name, _)| *name).collect();
                    bail!(
                        "unknown preset `{spec}`: choose one of {}",
                        names.join(", ")
                    );
                };
                Ok((format!("built-in preset `{name}`"), text.to_string()))
            }
        }
    }
}

fn build(
    origin: &str,
    spec: &str,
    file: StrategyFile,
    args: &Overrides,
    lookup: Lookup,
) -> Result<Strategy> {
    let key_error = |key: &str, flag: bool| {
        if flag {
            format!("invalid {}", args.spelling.option(key))
        } else {
            format!("invalid config {origin}: key `{key}`")
        }
    };
    let cells = pick(&args.cells, &file.cells).unwrap_or_else(|| "EA".into());
    let variables: VariableChain = cells
        .parse()
        .with_context(|| key_error("cells", args.cells.is_some()))?;
    let values_text = pick(&args.values, &file.values).unwrap_or_else(|| "0".into());
    let values: ValueChain = values_text
        .parse()
        .with_context(|| key_error("values", args.values.is_some()))?;
    let level_text = pick(&args.propagation, &file.propagation).unwrap_or_else(|| "fc".into());
    let level: PropagationLevel = level_text
        .parse()
        .with_context(|| key_error("propagation", args.propagation.is_some()))?;
    let restarts: Restarts = match pick(&args.restarts, &file.restarts) {
        Some(text) => text
            .parse()
            .with_context(|| key_error("restarts", args.restarts.is_some()))?,
        None => Restarts::Never,
    };
    let learning = pick(&args.learning, &file.learning).unwrap_or(false);
    let links = pick(&args.links, &file.links).unwrap_or(false);
    let wide_choice: Option<WideChoice> = match pick(&args.wide_choice, &file.wide_choice) {
        Some(text) => Some(
            text.parse()
                .with_context(|| key_error("wide_choice", args.wide_choice.is_some()))?,
        ),
        None => None,
    };
    // Checked here, before a portfolio or the bitboard solver is chosen.
    let asked = SearchConfig {
        level,
        learning,
        links,
        ..SearchConfig::default()
    };
    (asked.check_learning()).with_context(|| key_error("learning", args.learning.is_some()))?;
    (asked.check_links()).with_context(|| key_error("links", args.links.is_some()))?;
    let nonzero = |v: Option<u64>| v.filter(|&n| n > 0);
    let max_placements = nonzero(pick(&args.max_placements, &file.limits.max_placements));
    let timeout =
        nonzero(pick(&args.timeout_ms, &file.limits.timeout_ms)).map(Duration::from_millis);
    let name = file.name.clone().unwrap_or_else(|| {
        Path::new(spec)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| spec.to_string())
    });
    if file.portfolio.is_some()
        || file.with_rules.is_some()
        || file.first_turn.is_some()
        || file.turn_growth.is_some()
    {
        return portfolio::build(origin, name, file, args, lookup);
    }
    let engine = match (args.engine, &file.engine) {
        (Some(engine), _) => engine,
        (None, Some(text)) => text.parse().with_context(|| key_error("engine", false))?,
        (None, None) => Engine::Engine,
    };
    if engine == Engine::Bitboard {
        // The preset's engine keys would be dropped silently: refuse them.
        let given = file.search_keys();
        if !given.is_empty() && file.engine.as_deref() == Some("bitboard") {
            bail!(
                "invalid config {origin}: engine \"bitboard\" takes no {} (the engine's keys)",
                given.join(", ")
            );
        }
    }
    let search = SearchConfig {
        variables,
        values,
        level,
        seed: pick(&args.seed, &file.seed).unwrap_or(0),
        limits: Limits {
            max_placements,
            timeout,
        },
        restarts,
        learning,
        links,
        wide_choice,
    };
    Ok(Strategy {
        engine,
        name,
        portfolio: None,
        description: file.description.unwrap_or_default(),
        search,
    })
}

/// Whether the preset `config` (a name or a file) runs the bitboard
/// solver (`fastest`): asking for it is then no engine flag.
pub fn is_bitboard_preset(config: &str) -> Result<bool> {
    let preset = resolve(&Overrides {
        config: Some(config.to_string()),
        ..Overrides::default()
    })?;
    Ok(preset.engine == Engine::Bitboard)
}

/// Every built-in preset, validated.
pub fn built_in() -> Result<Vec<Strategy>> {
    BUILT_IN
        .iter()
        .map(|(name, text)| from_toml(&format!("built-in preset `{name}`"), name, text))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_preset_is_valid() {
        let presets = built_in().unwrap();
        let names: Vec<_> = presets.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "default",
                "naive",
                "mrv",
                "norvig",
                "fewest-guesses",
                "adaptive",
                "wdeg",
                "wdeg-gac",
                "wdeg-gac-links",
                "lcg",
                "scheduling",
                "fastest",
                "portfolio"
            ]
        );
        let naive = &presets[1].search;
        assert_eq!(
            (
                naive.variables.to_string(),
                naive.values.to_string(),
                naive.level
            ),
            ("A".into(), "0".into(), PropagationLevel::None)
        );
    }

    #[test]
    fn flags_override_only_what_they_name() {
        let args = Overrides {
            config: Some("norvig".into()),
            cells: Some("A".into()),
            ..Overrides::default()
        };
        let s = resolve(&args).unwrap();
        assert_eq!(s.search.variables.to_string(), "A");
        assert_eq!(s.search.values.to_string(), "0");
        assert_eq!(s.search.level, PropagationLevel::Singles);
        assert_eq!(s.search.limits.max_placements, Some(10_000_000));
    }

    #[test]
    fn a_strategy_written_as_toml_loads_back() {
        for preset in built_in().unwrap() {
            let text = preset.to_toml().unwrap();
            assert_eq!(from_toml("again.toml", "x", &text).unwrap(), preset);
        }
        let norvig = &built_in().unwrap()[3];
        insta::assert_snapshot!(norvig.to_toml().unwrap(), @r#"
        name = "norvig"
        description = "naked and hidden singles, fewest candidates first, lowest digit first"
        cells = "EA"
        values = "0"
        propagation = "singles"
        seed = 1

        [limits]
        max_placements = 10000000
        "#);
        let mut big = norvig.clone();
        big.search.seed = u64::MAX;
        let text = big.to_toml().unwrap();
        assert_eq!(from_toml("big.toml", "x", &text).unwrap(), big);
        let mut human = norvig.clone();
        human.search.level = PropagationLevel::Human(44);
        let text = human.to_toml().unwrap();
        assert!(text.contains("propagation = \"human:4.4\""), "{text}");
        assert_eq!(from_toml("human.toml", "x", &text).unwrap(), human);
    }

    /// Key-value lines near the grammar: known and unknown keys, valid and
    /// invalid heuristic chains, levels and numbers.
    fn preset_text() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let key = prop::sample::select(vec![
            "name",
            "description",
            "cells",
            "values",
            "propagation",
            "seed",
            "cellz",
        ]);
        let word = prop::sample::select(vec![
            "EA",
            "E",
            "EHK",
            "C",
            "A",
            "LZ",
            "fewest-candidates,reading-order",
            "0",
            "50",
            "2",
            "9a",
            "x",
            "none",
            "fc",
            "singles",
            "locked",
            "gac",
            "probing",
            "human:4.4",
            "human:4.45",
            "",
        ]);
        let line = prop_oneof![
            (key, word).prop_map(|(k, w)| format!("{k} = {w:?}")),
            (
                prop::sample::select(vec!["seed", "max_placements", "timeout_ms"]),
                any::<i64>()
            )
                .prop_map(|(k, n)| format!("{k} = {n}")),
            Just("[limits]".to_string()),
            "[ -~]{0,20}",
        ];
        prop::collection::vec(line, 0..8).prop_map(|lines| lines.join("\n"))
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 2048, ..Default::default() })]

        /// The fuzz target `strategy_config` on stable: loading never
        /// panics, and a preset that loads writes back to itself.
        #[test]
        fn any_preset_text_loads_or_fails_cleanly(text in preset_text()) {
            if let Ok(strategy) = from_toml("fuzz.toml", "fuzz", &text) {
                if let Ok(written) = strategy.to_toml() {
                    let again = from_toml("again.toml", "fuzz", &written).unwrap();
                    proptest::prop_assert_eq!(again, strategy);
                }
            }
        }
    }

    #[test]
    fn errors_name_the_origin_and_key() {
        let file = parse_file("x.toml", "cells = \"EY\"").unwrap();
        let err = build("x.toml", "x", file, &Overrides::default(), Lookup::Anywhere).unwrap_err();
        assert_eq!(
            format!("{err:#}"),
            "invalid config x.toml: key `cells`: unknown cell heuristic `Y` at position 2 of `EY` (valid: letters A-L, the adaptive P, Q, S, V, W, X, Z, or names such as fewest-candidates)"
        );
        let err = parse_file("x.toml", "cellz = \"E\"").unwrap_err();
        assert!(
            format!("{err:#}").contains("unknown field `cellz`"),
            "{err:#}"
        );
    }
}
