//! The integration tests of `sudoku`, one binary: each file beside this
//! one is a module (linking the workspace once instead of once a file;
//! docs/guide/testing.md, "One test binary a crate").
//! `allocation.rs` keeps a binary of its own (it installs a global allocator).

mod bitboard;
mod common;
mod counting;
mod explain;
mod explainer_rating;
mod generate;
mod human_propagation;
mod levels;
mod line_and_outside_rules;
mod links;
mod parsers;
mod propagators;
mod published_figures;
mod render;
mod strategies;
mod sudokupad;
mod trace;
mod variants;
