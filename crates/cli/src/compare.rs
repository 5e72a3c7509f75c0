//! `sudoku compare`: the heuristic comparison workbench. Strategies
//! (presets and the cross product of heuristic lists) x puzzle sets, with
//! per-strategy statistics, tables in several formats and a cactus plot.

pub mod columns;
pub mod export;
pub mod instance_sets;
pub mod merge;
pub mod per_puzzle;
pub mod pipeline;
pub mod plan;
pub mod plot;
pub mod report;
pub mod runs_file;
pub mod sets;
pub mod stats;
pub mod strategies;
