//! The results printed for each puzzle. The json field names are a contract:
//! fields may be added, never renamed or dropped.
//!
//! The fields of the records are the JSON keys and CSV columns, each
//! documented in the guide (`docs/guide/solving.md` and the counters in
//! `docs/guide/heuristics.md`), so
//! they are not documented again one by one here.
#![allow(missing_docs)]

mod about;
mod candidates;
pub mod columns;
mod count;
mod found;
pub(crate) mod head;
mod instance_stats;
mod origin;
mod solve;
mod stats;
mod strategy;

pub use about::AboutRecord;
pub use candidates::CandidatesRecord;
pub use count::CountRecord;
pub use found::Found;
pub use head::{Head, Headed, Keys};
pub use instance_stats::{InstanceStatsRecord, Propagators, instance_stats_columns};
pub use origin::{Origin, VERSION, rules_of, stop_words};
pub use solve::{SolveRecord, Uniqueness};
pub use stats::{
    BitboardStatsRecord, RuleCounts, RulesRecord, Stats, StatsRecord, serialize_rules,
    stats_columns,
};
pub use strategy::StrategyRecord;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::{Overrides, resolve_built_in};
    use columns::Tabular;
    use sudoku::bitboard::Bitboard;
    use sudoku::{Puzzle, Sudoku, Symbols};

    const HARDEST: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    fn origin() -> Origin {
        Origin {
            file: "-".into(),
            line: 1,
            puzzle: HARDEST.into(),
        }
    }

    /// Every CSV column of a record names a key its JSON object holds
    /// (a misspelt path would print empty fields): the keys that may be
    /// absent are named.
    #[test]
    fn every_column_is_a_key_of_the_json_object() {
        let sudoku = Sudoku::classic();
        let puzzle = Puzzle::parse(HARDEST).unwrap();
        let strategy = resolve_built_in(&Overrides::default()).unwrap();
        let record = StrategyRecord::of(&strategy);
        let report = sudoku.solve(&puzzle, &strategy.search).unwrap();
        let symbols = Symbols::default();
        let mut bitboard = Bitboard::new(&sudoku).unwrap();
        let counted = bitboard.count(&puzzle, 2).unwrap();
        let by_bitboard = || Found::by_bitboard(&counted, std::time::Duration::ZERO);

        let solved = SolveRecord::new(origin(), record.clone()).solved(
            Found::by_engine(&report),
            &sudoku,
            &puzzle,
            &symbols,
        );
        let header = SolveRecord::csv_header();
        assert_eq!(header.len(), solved.csv_fields().len());
        let solve_columns = SolveRecord::columns();
        // Null: no error, no time limit, not rated here; absent without
        // --unique, and `engine` for the engine.
        assert_eq!(
            solve_columns.absent(&solved),
            [
                "error",
                "timeout_ms",
                "unique",
                "level_needed",
                "uniqueness",
                "engine",
                "portfolio"
            ]
        );
        let unique = SolveRecord::new(origin(), record.clone())
            .solved(by_bitboard(), &sudoku, &puzzle, &symbols)
            .with_uniqueness(Some(true));
        // The bitboard solver counts no iterations, no rule runs.
        let absent = solve_columns.absent(&unique);
        assert!(absent.contains(&"iterations") && absent.contains(&"fc_runs"));
        assert!(!absent.contains(&"placements") && !absent.contains(&"unique"));

        let count = CountRecord::new(origin(), record.clone(), Some(2))
            .counted(Found::by_engine(&report), &sudoku);
        assert_eq!(
            CountRecord::columns().absent(&count),
            ["error", "timeout_ms", "engine", "portfolio"]
        );
        // Answered by a portfolio's member: its name in `portfolio`.
        let portfolio = resolve_built_in(&Overrides {
            config: Some("portfolio".into()),
            ..Overrides::default()
        })
        .unwrap();
        let member = &portfolio.portfolio.as_ref().unwrap().members[0];
        let by_member = CountRecord::new(
            origin(),
            StrategyRecord::member_of(member, &portfolio),
            None,
        )
        .counted(Found::by_engine(&report), &sudoku);
        assert_eq!(
            CountRecord::columns().absent(&by_member),
            ["limit", "error", "timeout_ms", "engine"]
        );
        assert_eq!(by_member.strategy.config, "adaptive");
        assert_eq!(CountRecord::csv_header().len(), count.csv_fields().len());
    }
}
