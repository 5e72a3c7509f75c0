//! The strategy a record was made with (`strategy`).
#![allow(missing_docs)]

use serde::Serialize;

use super::columns::{Cell, Column};

use crate::strategy::Strategy;

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

    /// The CSV columns of `strategy`.
    pub fn columns() -> Vec<Column> {
        (Self::CSV_HEADER.iter())
            .map(|key| Column::at(key, &["strategy", key]))
            .collect()
    }

    /// The `engine` column: `strategy.engine`, `engine` when absent.
    pub fn engine_column() -> Column {
        Column::at("engine", &["strategy", "engine"]).written(Cell::Or("engine"))
    }

    /// The `portfolio` column: `strategy.portfolio`, empty when absent.
    pub fn portfolio_column() -> Column {
        Column::at("portfolio", &["strategy", "portfolio"])
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
    /// The portfolio that ran (`config` is then the member that answered,
    /// or the portfolio's own name before an answer); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub portfolio: Option<String>,
    /// `true` when the search learnt clauses (`--learning`, the `lcg`
    /// preset); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub learning: Option<bool>,
    /// `true` when the search had linked places (`--links`); absent
    /// otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub links: Option<bool>,
    /// How the search branched on wide variables when it was asked
    /// (`--wide-choice`); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wide_choice: Option<String>,
}

impl StrategyRecord {
    /// The record of a validated strategy.
    pub fn of(strategy: &Strategy) -> StrategyRecord {
        let s = &strategy.search;
        if strategy.portfolio.is_some() {
            // No chain of its own: the member that answers has one.
            return StrategyRecord {
                cells: String::new(),
                values: String::new(),
                propagation: String::new(),
                seed: 0,
                config: strategy.name.clone(),
                max_placements: s.limits.max_placements,
                timeout_ms: s.limits.timeout.map(|t| t.as_millis() as u64),
                restart_policy: String::new(),
                engine: None,
                portfolio: Some(strategy.name.clone()),
                learning: None,
                links: None,
                wide_choice: None,
            };
        }
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
            portfolio: None,
            learning: s.learning.then_some(true),
            links: s.links.then_some(true),
            wide_choice: s.wide_choice.map(|c| c.to_string()),
        }
    }

    /// The record of `member` answering for the portfolio `portfolio`:
    /// the member's chain, the portfolio's time limit.
    pub fn member_of(member: &Strategy, portfolio: &Strategy) -> StrategyRecord {
        let limits = &portfolio.search.limits;
        StrategyRecord {
            timeout_ms: limits.timeout.map(|t| t.as_millis() as u64),
            portfolio: Some(portfolio.name.clone()),
            ..StrategyRecord::of(member)
        }
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
            portfolio: None,
            learning: None,
            links: None,
            wide_choice: None,
        }
    }
}
