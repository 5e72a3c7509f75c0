//! The strategies to compare: presets, and the cross product of heuristic
//! lists.

use anyhow::{Context, Result, bail};
use csp_core::{PropagationLevel, ValueHeuristic, VariableHeuristic};

use crate::strategy::{self, Overrides, Spelling, Strategy};

/// One strategy of the comparison and the seeds it runs with.
#[derive(Clone, Debug)]
pub struct Contender {
    /// `EA/0/fc`, or `norvig (EA/0/singles)` for a preset.
    pub label: String,
    pub strategy: Strategy,
    /// One run per seed (just the strategy's own seed if it is not random).
    pub seeds: Vec<u64>,
}

impl Contender {
    pub fn is_random(&self) -> bool {
        self.strategy.search.variables.is_random() || self.strategy.search.values.is_random()
    }
}

/// The raw lists of `compare`.
pub struct Lists<'a> {
    pub configs: &'a [String],
    pub cells: Option<&'a str>,
    pub values: Option<&'a str>,
    pub propagation: Option<&'a str>,
    pub restarts: Option<&'a str>,
    pub seeds: Option<&'a str>,
    pub max_placements: u64,
    pub timeout_ms: Option<u64>,
    /// How the caller names these options in its errors.
    pub spelling: Spelling,
}

/// Splits a comma-separated list; `all` means every symbol.
fn items(list: &str, all: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        if item.eq_ignore_ascii_case("all") {
            out.extend(all.iter().cloned());
        } else {
            out.push(item.to_string());
        }
    }
    out
}

/// `1..20` (inclusive), `1..=20`, `7`, `1,5,9`, or a mix: `1..4,7,9..10`.
pub fn parse_seeds(text: &str) -> Result<Vec<u64>> {
    let t = text.trim();
    let mut seeds = Vec::new();
    for item in t.split(',').map(str::trim) {
        match item.split_once("..=").or_else(|| item.split_once("..")) {
            Some((a, b)) => {
                let (a, b): (u64, u64) = (a.trim().parse()?, b.trim().parse()?);
                if b < a {
                    bail!("empty seed range {item}");
                }
                seeds.extend(a..=b);
            }
            None => seeds.push(item.parse::<u64>()?),
        }
    }
    if seeds.is_empty() {
        bail!("no seeds in {t}");
    }
    Ok(seeds)
}

/// The contenders, in order: the presets given, then the cross product
/// (cells outermost, then values, then levels).
pub fn contenders(lists: &Lists<'_>) -> Result<Vec<Contender>> {
    let seeds = lists
        .seeds
        .map(|s| {
            parse_seeds(s)
                .with_context(|| format!("invalid {} `{s}`", lists.spelling.option("seeds")))
        })
        .transpose()?;
    let limit = |mut s: Strategy| {
        s.search.limits.max_placements = (lists.max_placements > 0).then_some(lists.max_placements);
        s.search.limits.timeout = lists
            .timeout_ms
            .filter(|&t| t > 0)
            .map(std::time::Duration::from_millis);
        s
    };
    let contender = |label: String, s: Strategy| {
        let mut c = Contender {
            label,
            seeds: vec![s.search.seed],
            strategy: limit(s),
        };
        if c.is_random() {
            if let Some(seeds) = &seeds {
                c.seeds = seeds.clone();
            }
        }
        c
    };
    let mut out = Vec::new();
    for name in lists.configs {
        let s = strategy::resolve(&Overrides {
            config: Some(name.clone()),
            spelling: lists.spelling,
            ..Overrides::default()
        })?;
        if s.engine == strategy::Engine::Bitboard {
            anyhow::bail!(
                "config `{name}` runs the bitboard solver, which compare does not run yet: compare runs the engine's strategies (time the bitboard solver with `sudoku count --config {name}` or benches/peers)"
            );
        }
        s.one_search("compare")?;
        let label = format!("{} ({})", s.name, short(&s));
        out.push(contender(label, s));
    }
    let any_list = lists.cells.is_some()
        || lists.values.is_some()
        || lists.propagation.is_some()
        || lists.restarts.is_some();
    if any_list || out.is_empty() {
        let base = strategy::resolve(&Overrides::default())?;
        // `all`: the heuristics of the articles, not the adaptive ones
        // (named one by one), so that a sweep's rows stay what they were.
        let all_cells: Vec<String> = (VariableHeuristic::ALL.iter())
            .filter(|h| !h.is_adaptive())
            .map(|h| h.symbol().to_string())
            .collect();
        let all_values: Vec<String> = (ValueHeuristic::ALL.iter())
            .filter(|h| !h.is_adaptive())
            .map(|h| h.symbol().to_string())
            .collect();
        let all_levels: Vec<String> = PropagationLevel::ALL
            .iter()
            .map(|l| l.name().to_string())
            .collect();
        let cells = lists.cells.map_or_else(
            || vec![base.search.variables.to_string()],
            |l| items(l, &all_cells),
        );
        let values = lists.values.map_or_else(
            || vec![base.search.values.to_string()],
            |l| items(l, &all_values),
        );
        let levels = lists.propagation.map_or_else(
            || vec![base.search.level.to_string()],
            |l| items(l, &all_levels),
        );
        // No `all` here: each policy is named (`all` is refused as one).
        let restarts: Vec<String> = lists.restarts.map_or_else(
            || vec![base.search.restarts.to_string()],
            |l| {
                (l.split(',').map(str::trim).filter(|s| !s.is_empty()))
                    .map(String::from)
                    .collect()
            },
        );
        for c in &cells {
            for v in &values {
                for l in &levels {
                    for r in &restarts {
                        let s = strategy::resolve(&Overrides {
                            cells: Some(c.clone()),
                            values: Some(v.clone()),
                            propagation: Some(l.clone()),
                            restarts: Some(r.clone()),
                            spelling: lists.spelling,
                            ..Overrides::default()
                        })
                        .with_context(|| match r.as_str() {
                            "none" => format!("in the strategy {c}/{v}/{l}"),
                            _ => format!("in the strategy {c}/{v}/{l}/{r}"),
                        })?;
                        let label = short(&s);
                        out.push(contender(
                            label,
                            Strategy {
                                name: "matrix".into(),
                                ..s
                            },
                        ));
                    }
                }
            }
        }
    }
    Ok(out)
}

/// One strategy as a contender, labelled as [`contenders`] labels it: a
/// preset's `name (EA/0/fc)`, else the short form of its chains (its
/// name then `matrix`).
pub fn contender(s: Strategy, preset: bool) -> Contender {
    let (label, s) = match preset {
        true => (format!("{} ({})", s.name, short(&s)), s),
        false => (
            short(&s),
            Strategy {
                name: "matrix".into(),
                ..s
            },
        ),
    };
    Contender {
        label,
        seeds: vec![s.search.seed],
        strategy: s,
    }
}

/// `EA/0/fc`, `ZW/0/singles/luby:100` with restarts.
pub fn short(s: &Strategy) -> String {
    let label = format!(
        "{}/{}/{}",
        s.search.variables, s.search.values, s.search.level
    );
    match s.search.restarts {
        csp_core::Restarts::Never => label,
        r => format!("{label}/{r}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lists<'a>(
        cells: Option<&'a str>,
        values: Option<&'a str>,
        configs: &'a [String],
    ) -> Lists<'a> {
        Lists {
            configs,
            cells,
            values,
            propagation: Some("fc,singles"),
            restarts: None,
            seeds: Some("1..3"),
            max_placements: 1000,
            timeout_ms: None,
            spelling: Spelling::Flags,
        }
    }

    #[test]
    fn cross_product_and_all() {
        let c = contenders(&lists(Some("all"), Some("0,1"), &[])).unwrap();
        assert_eq!(c.len(), 12 * 2 * 2);
        assert_eq!(c[0].label, "A/0/fc");
        assert_eq!(c[1].label, "A/0/singles");
        assert_eq!(c[2].label, "A/1/fc");
        assert_eq!(c[0].seeds, vec![1]);
        let random = c.iter().find(|c| c.label == "C/0/fc").unwrap();
        assert_eq!(random.seeds, vec![1, 2, 3]);
        assert_eq!(c[0].strategy.search.limits.max_placements, Some(1000));
    }

    #[test]
    fn presets_come_first() {
        let configs = vec!["norvig".to_string()];
        let only = contenders(&Lists {
            propagation: None,
            ..lists(None, None, &configs)
        })
        .unwrap();
        assert_eq!(only.len(), 1);
        assert_eq!(only[0].label, "norvig (EA/0/singles)");
        let both = contenders(&lists(Some("EA"), None, &configs)).unwrap();
        assert_eq!(both.len(), 3);
    }

    #[test]
    fn restart_policies_cross_the_lists_and_name_themselves() {
        let c = contenders(&Lists {
            restarts: Some("none,luby:100"),
            ..lists(Some("W,ZW"), Some("0"), &[])
        })
        .unwrap();
        let labels: Vec<&str> = c.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "W/0/fc",
                "W/0/fc/luby:100",
                "W/0/singles",
                "W/0/singles/luby:100",
                "ZW/0/fc",
                "ZW/0/fc/luby:100",
                "ZW/0/singles",
                "ZW/0/singles/luby:100"
            ]
        );
        for bad in ["often", "all"] {
            assert!(
                contenders(&Lists {
                    restarts: Some(bad),
                    ..lists(Some("W"), None, &[])
                })
                .is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn seeds_parse() {
        assert_eq!(parse_seeds("1..4").unwrap(), vec![1, 2, 3, 4]);
        assert_eq!(parse_seeds("2..=3").unwrap(), vec![2, 3]);
        assert_eq!(parse_seeds("7").unwrap(), vec![7]);
        assert_eq!(parse_seeds("1,5").unwrap(), vec![1, 5]);
        assert!(parse_seeds("5..1").is_err());
        assert!(parse_seeds("x").is_err());
        assert!(contenders(&lists(Some("EY"), None, &[])).is_err());
    }
}
