//! Portfolio presets: several presets that take turns on a puzzle with
//! growing placement budgets, the first to finish answering
//! ([`sudoku::Portfolio`]).

use std::time::Duration;

use anyhow::{Result, bail};
use csp_core::{Limits, SearchConfig};
use sudoku::Sudoku;

use super::{Engine, Lookup, Overrides, Strategy, StrategyFile};

/// The members of a portfolio preset and their turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortfolioPlan {
    /// The presets, in the order they take their turns.
    pub members: Vec<Strategy>,
    /// The presets that take the turns instead on a puzzle with rules
    /// beyond its houses (any variant element: lines, cages, arrows...);
    /// none: `members` there too.
    pub with_rules: Option<Vec<Strategy>>,
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

    /// The names of the members for puzzles with rules, if they differ.
    pub fn with_rules_names(&self) -> Option<Vec<&str>> {
        (self.with_rules.as_ref()).map(|ms| ms.iter().map(|m| m.name.as_str()).collect())
    }

    /// Every member's name, each once: those of puzzles without rules,
    /// then the others (what an error message lists).
    pub fn all_names(&self) -> Vec<&str> {
        let with_rules = self.with_rules.iter().flatten();
        each_once(
            self.members
                .iter()
                .chain(with_rules)
                .map(|m| m.name.as_str()),
        )
    }

    /// The members that take turns on `sudoku`'s puzzles: those for
    /// rules beyond the houses when it has such rules (any element) and
    /// the preset names them, else `members`.
    pub fn members_for(&self, sudoku: &Sudoku) -> &[Strategy] {
        for_grid(sudoku, &self.members, self.with_rules.as_ref()).as_slice()
    }

    /// The portfolio the library plays on puzzles without rules.
    pub fn portfolio(&self) -> sudoku::Portfolio {
        self.portfolio_of(&self.members)
    }

    /// The portfolio the library plays on `sudoku`'s puzzles
    /// ([`members_for`](Self::members_for)).
    pub fn portfolio_for(&self, sudoku: &Sudoku) -> sudoku::Portfolio {
        self.portfolio_of(self.members_for(sudoku))
    }

    /// The portfolio of `members` with this plan's turns.
    pub(crate) fn portfolio_of(&self, members: &[Strategy]) -> sudoku::Portfolio {
        sudoku::Portfolio {
            members: members.iter().map(|m| m.search.clone()).collect(),
            first_budget: self.first_turn,
            growth: self.turn_growth,
            timeout: self.timeout,
        }
    }
}

/// Of what goes with a portfolio's two lists, what serves `sudoku`'s
/// puzzles: `with_rules` when there is one and the grid has rules beyond
/// its houses (rows, columns and boxes or regions: any variant element),
/// else `plain`.
pub fn for_grid<'a, T>(sudoku: &Sudoku, plain: &'a T, with_rules: Option<&'a T>) -> &'a T {
    match with_rules {
        Some(turns) if !sudoku.rules().elements.is_empty() => turns,
        _ => plain,
    }
}

/// `names` in order, each once.
fn each_once<'a>(names: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut once: Vec<&str> = Vec::new();
    for name in names {
        if !once.contains(&name) {
            once.push(name);
        }
    }
    once
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
        let all = each_once(
            names
                .iter()
                .chain(file.with_rules.iter().flatten())
                .map(String::as_str),
        );
        bail!(
            "the portfolio `{name}` takes no {}: name one of its members ({}) with {} to set a chain",
            flags.join(", "),
            all.join(", "),
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
    let members = load_members(origin, "portfolio", &names, args, lookup)?;
    let with_rules = match &file.with_rules {
        Some(names) if names.is_empty() => {
            bail!("invalid config {origin}: key `with_rules`: name at least one preset")
        }
        Some(names) => Some(load_members(origin, "with_rules", names, args, lookup)?),
        None => None,
    };
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
            with_rules,
            first_turn,
            turn_growth,
            timeout,
        }),
    })
}

/// The presets `names` of a portfolio's list `key`, each with the
/// placement limit of the flags.
fn load_members(
    origin: &str,
    key: &str,
    names: &[String],
    args: &Overrides,
    lookup: Lookup,
) -> Result<Vec<Strategy>> {
    let mut members = Vec::with_capacity(names.len());
    for member in names {
        let (member_origin, text) = lookup.text(member)?;
        let member_file = super::parse_file(&member_origin, &text)?;
        if member_file.portfolio.is_some() {
            bail!("invalid config {origin}: key `{key}`: `{member}` is itself a portfolio");
        }
        let limits = Overrides {
            max_placements: args.max_placements,
            ..Overrides::default()
        };
        let strategy = super::build(&member_origin, member, member_file, &limits, lookup)?;
        if strategy.engine == Engine::Bitboard {
            bail!(
                "invalid config {origin}: key `{key}`: `{member}` runs the bitboard solver, which takes no turns (it has no placement limit)"
            );
        }
        members.push(strategy);
    }
    Ok(members)
}

#[cfg(test)]
mod tests {
    use super::super::{Overrides, from_toml, resolve_built_in};
    use sudoku::Sudoku;

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
    fn puzzles_with_rules_get_their_own_members() {
        let p = resolve_built_in(&Overrides {
            config: Some("portfolio".into()),
            ..Overrides::default()
        })
        .unwrap();
        let plan = p.portfolio.as_ref().unwrap();
        assert_eq!(plan.with_rules_names().unwrap(), ["wdeg-gac-links"]);
        assert_eq!(
            plan.all_names(),
            ["adaptive", "wdeg-gac", "wdeg", "wdeg-gac-links"]
        );
        let names = |sudoku: &Sudoku| -> Vec<String> {
            (plan.members_for(sudoku).iter())
                .map(|m| m.name.clone())
                .collect()
        };
        let classic = Sudoku::classic();
        assert_eq!(names(&classic), ["adaptive", "wdeg-gac", "wdeg"]);
        let size = sudoku::GridSize::CLASSIC;
        let diagonal = Sudoku::new(size, "diagonal".parse().unwrap());
        assert_eq!(names(&diagonal), ["wdeg-gac-links"]);
        // The library's turns follow: wdeg-gac-links's search at gac alone,
        // with linked places.
        let turns = plan.portfolio_for(&diagonal);
        assert_eq!(turns.members.len(), 1);
        assert_eq!(turns.members[0].level, csp_core::PropagationLevel::Gac);
        assert!(!turns.members[0].learning);
        assert!(turns.members[0].links);
        assert_eq!(plan.portfolio_for(&classic).members.len(), 3);
        // A preset without the key plays its one list everywhere.
        let mine = from_toml("p.toml", "p", "portfolio = [\"mrv\"]").unwrap();
        let mine = mine.portfolio.unwrap();
        assert_eq!(mine.with_rules_names(), None);
        assert_eq!(mine.members_for(&diagonal)[0].name, "mrv");
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
        assert_eq!(
            error("portfolio = [\"mrv\"]\nwith_rules = []"),
            "invalid config p.toml: key `with_rules`: name at least one preset"
        );
        assert_eq!(
            error("with_rules = [\"mrv\"]"),
            "invalid config p.toml: key `portfolio`: name at least one preset"
        );
        assert_eq!(
            error("portfolio = [\"mrv\"]\nwith_rules = [\"portfolio\"]"),
            "invalid config p.toml: key `with_rules`: `portfolio` is itself a portfolio"
        );
        // A file of one's own loads back from what it writes.
        let mine = from_toml(
            "p.toml",
            "p",
            "portfolio = [\"mrv\", \"naive\"]\nwith_rules = [\"lcg\"]\nfirst_turn = 10",
        )
        .unwrap();
        let text = mine.to_toml().unwrap();
        assert_eq!(from_toml("again.toml", "p", &text).unwrap(), mine);
        assert_eq!(mine.portfolio.unwrap().first_turn, 10);
    }
}
