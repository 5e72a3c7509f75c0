//! Portfolio presets: several presets that take turns on a puzzle with
//! growing placement budgets, the first to finish answering
//! ([`sudoku::Portfolio`]).

use std::time::Duration;

use anyhow::{Result, bail};
use csp_core::{Limits, SearchConfig};

use super::{Engine, Lookup, Overrides, Strategy, StrategyFile};

/// The members of a portfolio preset and their turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortfolioPlan {
    /// The presets, in the order they take their turns.
    pub members: Vec<Strategy>,
    /// Placements of every member's first turn.
    pub first_turn: u64,
    /// How many times larger each round's budget is than the last.
    pub turn_growth: u64,
    /// A time limit on all turns together.
    pub timeout: Option<Duration>,
}

impl PortfolioPlan {
    /// The members' names, in the order they take their turns.
    pub fn member_names(&self) -> Vec<&str> {
        self.members.iter().map(|m| m.name.as_str()).collect()
    }

    /// The portfolio the library plays.
    pub fn portfolio(&self) -> sudoku::Portfolio {
        sudoku::Portfolio {
            members: self.members.iter().map(|m| m.search.clone()).collect(),
            first_budget: self.first_turn,
            growth: self.turn_growth,
            timeout: self.timeout,
        }
    }
}

/// The first turn's placements when a portfolio preset does not say.
pub const FIRST_TURN: u64 = 1_000;
/// The growth of the turns when a portfolio preset does not say.
pub const TURN_GROWTH: u64 = 4;

/// A portfolio preset (a file with `portfolio = [...]`) merged with the
/// flags: the limit flags hold for every member (the time limit for all
/// turns together); the chain flags are refused, since they would name
/// no member.
pub(super) fn build(
    origin: &str,
    name: String,
    file: StrategyFile,
    args: &Overrides,
    lookup: Lookup,
) -> Result<Strategy> {
    let names = file.portfolio.clone().unwrap_or_default();
    let mut keys = file.search_keys();
    keys.extend(super::given(&[
        ("seed", file.seed.is_some()),
        ("engine", file.engine.is_some()),
    ]));
    if !keys.is_empty() {
        bail!(
            "invalid config {origin}: a portfolio takes no {} (its members' keys: set them in the members' presets)",
            keys.join(", ")
        );
    }
    let mut flags = args.chain_flags();
    if args.engine == Some(Engine::Bitboard) {
        flags.push(args.spelling.setting("engine", "bitboard"));
    }
    if !flags.is_empty() {
        bail!(
            "the portfolio `{name}` takes no {}: name one of its members ({}) with {} to set a chain",
            flags.join(", "),
            names.join(", "),
            args.spelling.option("config")
        );
    }
    if names.is_empty() {
        bail!("invalid config {origin}: key `portfolio`: name at least one preset");
    }
    let turn_growth = file.turn_growth.unwrap_or(TURN_GROWTH);
    if turn_growth < 2 {
        bail!("invalid config {origin}: key `turn_growth`: at least 2");
    }
    let first_turn = file.first_turn.unwrap_or(FIRST_TURN);
    if first_turn == 0 {
        bail!("invalid config {origin}: key `first_turn`: at least 1 placement");
    }
    let mut members = Vec::with_capacity(names.len());
    for member in &names {
        let (member_origin, text) = lookup.text(member)?;
        let member_file = super::parse_file(&member_origin, &text)?;
        if member_file.portfolio.is_some() {
            bail!("invalid config {origin}: key `portfolio`: `{member}` is itself a portfolio");
        }
        let limits = Overrides {
            max_placements: args.max_placements,
            ..Overrides::default()
        };
        let strategy = super::build(&member_origin, member, member_file, &limits, lookup)?;
        if strategy.engine == Engine::Bitboard {
            bail!(
                "invalid config {origin}: key `portfolio`: `{member}` runs the bitboard solver, which takes no turns (it has no placement limit)"
            );
        }
        members.push(strategy);
    }
    let timeout = args
        .timeout_ms
        .filter(|&ms| ms > 0)
        .map(Duration::from_millis);
    let first: &SearchConfig = &members[0].search;
    let search = SearchConfig {
        limits: Limits {
            max_placements: first.limits.max_placements,
            timeout,
        },
        ..first.clone()
    };
    Ok(Strategy {
        name,
        description: file.description.unwrap_or_default(),
        search,
        engine: Engine::Engine,
        portfolio: Some(PortfolioPlan {
            members,
            first_turn,
            turn_growth,
            timeout,
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::super::{Overrides, from_toml, resolve_built_in};

    fn error(text: &str) -> String {
        format!("{:#}", from_toml("p.toml", "p", text).unwrap_err())
    }

    #[test]
    fn the_built_in_portfolio_plays_its_members_in_order() {
        let p = resolve_built_in(&Overrides {
            config: Some("portfolio".into()),
            max_placements: Some(5_000),
            timeout_ms: Some(2_000),
            ..Overrides::default()
        })
        .unwrap();
        let plan = p.portfolio.as_ref().unwrap();
        assert_eq!(plan.member_names(), ["adaptive", "wdeg-gac", "wdeg"]);
        let turns = plan.portfolio();
        assert_eq!((turns.first_budget, turns.growth), (2_000, 4));
        // The placement cap for each member, the time for all turns.
        assert!(
            (turns.members.iter())
                .all(|m| m.limits.max_placements == Some(5_000) && m.limits.timeout.is_none())
        );
        assert_eq!(turns.timeout, Some(std::time::Duration::from_secs(2)));
        assert_eq!(turns.members[1], {
            let named = Overrides {
                config: Some("wdeg-gac".into()),
                ..Overrides::default()
            };
            let mut d = resolve_built_in(&named).unwrap().search;
            d.limits.max_placements = Some(5_000);
            d
        });
    }

    #[test]
    fn a_portfolio_file_is_checked() {
        assert_eq!(
            error("portfolio = [\"default\"]\ncells = \"A\"\n[limits]\ntimeout_ms = 5"),
            "invalid config p.toml: a portfolio takes no cells, limits (its members' keys: set them in the members' presets)"
        );
        assert_eq!(
            error("portfolio = []"),
            "invalid config p.toml: key `portfolio`: name at least one preset"
        );
        assert_eq!(
            error("portfolio = [\"default\"]\nturn_growth = 1"),
            "invalid config p.toml: key `turn_growth`: at least 2"
        );
        assert_eq!(
            error("portfolio = [\"default\", \"portfolio\"]"),
            "invalid config p.toml: key `portfolio`: `portfolio` is itself a portfolio"
        );
        assert!(
            error("portfolio = [\"fastest\"]").contains("`fastest` runs the bitboard solver"),
            "{}",
            error("portfolio = [\"fastest\"]")
        );
        assert!(error("portfolio = [\"nope\"]").contains("unknown config `nope`"));
        // A file of one's own loads back from what it writes.
        let mine = from_toml(
            "p.toml",
            "p",
            "portfolio = [\"mrv\", \"naive\"]\nfirst_turn = 10",
        )
        .unwrap();
        let text = mine.to_toml().unwrap();
        assert_eq!(from_toml("again.toml", "p", &text).unwrap(), mine);
        assert_eq!(mine.portfolio.unwrap().first_turn, 10);
    }
}
