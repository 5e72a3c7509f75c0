//! Strategy presets (TOML) merged with flags into one validated
//! [`Strategy`].

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use csp_core::{Limits, PropagationLevel, SearchConfig, ValueChain, VariableChain};
use serde::{Deserialize, Serialize};

use crate::cli::StrategyArgs;

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
];

/// A strategy file as written.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct StrategyFile {
    pub name: Option<String>,
    pub description: Option<String>,
    pub cells: Option<String>,
    pub values: Option<String>,
    pub propagation: Option<String>,
    pub seed: Option<u64>,
    #[serde(default)]
    pub limits: LimitsFile,
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct LimitsFile {
    pub max_placements: Option<u64>,
    pub timeout_ms: Option<u64>,
}

/// A validated strategy: what the rest of the program uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strategy {
    /// The preset's name (or the file's stem).
    pub name: String,
    /// The preset's description.
    pub description: String,
    /// Heuristics, level, seed, limits.
    pub search: SearchConfig,
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
}

impl Strategy {
    pub fn record(&self) -> StrategyRecord {
        let s = &self.search;
        StrategyRecord {
            cells: s.variables.to_string(),
            values: s.values.to_string(),
            propagation: s.level.to_string(),
            seed: s.seed,
            config: self.name.clone(),
            max_placements: s.limits.max_placements,
            timeout_ms: s.limits.timeout.map(|t| t.as_millis() as u64),
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

/// Merges a preset (the `--config` one, else `default`) with the flags.
pub fn resolve(args: &StrategyArgs) -> Result<Strategy> {
    let spec = args.config.as_deref().unwrap_or("default");
    let (origin, text) = load_file(spec)?;
    let file = parse_file(&origin, &text)?;
    build(&origin, spec, file, args)
}

fn build(origin: &str, spec: &str, file: StrategyFile, args: &StrategyArgs) -> Result<Strategy> {
    let key_error = |key: &str, flag: bool| {
        if flag {
            format!("invalid --{key}")
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
    let nonzero = |v: Option<u64>| v.filter(|&n| n > 0);
    let max_placements = nonzero(pick(&args.max_placements, &file.limits.max_placements));
    let timeout = nonzero(pick(&args.timeout, &file.limits.timeout_ms)).map(Duration::from_millis);
    let name = file.name.clone().unwrap_or_else(|| {
        Path::new(spec)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| spec.to_string())
    });
    Ok(Strategy {
        name,
        description: file.description.unwrap_or_default(),
        search: SearchConfig {
            variables,
            values,
            level,
            seed: pick(&args.seed, &file.seed).unwrap_or(0),
            limits: Limits {
                max_placements,
                timeout,
            },
        },
    })
}

/// Every built-in preset, validated.
pub fn built_in() -> Result<Vec<Strategy>> {
    BUILT_IN
        .iter()
        .map(|(name, text)| {
            let origin = format!("built-in preset `{name}`");
            build(
                &origin,
                name,
                parse_file(&origin, text)?,
                &StrategyArgs::default(),
            )
        })
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
            ["default", "naive", "mrv", "norvig", "fewest-guesses"]
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
        let args = StrategyArgs {
            config: Some("norvig".into()),
            cells: Some("A".into()),
            ..StrategyArgs::default()
        };
        let s = resolve(&args).unwrap();
        assert_eq!(s.search.variables.to_string(), "A");
        assert_eq!(s.search.values.to_string(), "0");
        assert_eq!(s.search.level, PropagationLevel::Singles);
        assert_eq!(s.search.limits.max_placements, Some(10_000_000));
    }

    #[test]
    fn errors_name_the_origin_and_key() {
        let file = parse_file("x.toml", "cells = \"EZ\"").unwrap();
        let err = build("x.toml", "x", file, &StrategyArgs::default()).unwrap_err();
        assert_eq!(
            format!("{err:#}"),
            "invalid config x.toml: key `cells`: unknown cell heuristic `EZ` (valid: letters A-L, or names such as fewest-candidates)"
        );
        let err = parse_file("x.toml", "cellz = \"E\"").unwrap_err();
        assert!(
            format!("{err:#}").contains("unknown field `cellz`"),
            "{err:#}"
        );
    }
}
