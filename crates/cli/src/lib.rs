//! The library half of the `sudoku` command: the parts other programs (and
//! the fuzz targets in `fuzz/`) can call without running the binary.
//!
//! The strategy presets (a TOML file's text, validated and merged with
//! overrides into one [`strategy::Strategy`]), reading puzzles
//! ([`input`]), the records printed per puzzle ([`records`]), running
//! puzzles in parallel in input order ([`runner`], [`solving`]) and the
//! comparison workbench ([`compare`]): what the `sudoku` command and the
//! Python package (`crates/python`) share.
//!
//! ```
//! use sudoku_cli::strategy::{self, Overrides};
//!
//! let text = "cells = \"EH\"\nvalues = \"5\"\npropagation = \"singles\"\n";
//! let preset = strategy::from_toml("example.toml", "example", text)?;
//! assert_eq!(preset.search.variables.to_string(), "EH");
//!
//! // Flags override only what they name; `norvig` is a built-in preset.
//! let merged = strategy::resolve(&Overrides {
//!     config: Some("norvig".into()),
//!     cells: Some("A".into()),
//!     ..Overrides::default()
//! })?;
//! assert_eq!(merged.search.variables.to_string(), "A");
//! assert_eq!(merged.search.level.to_string(), "singles");
//! # Ok::<(), anyhow::Error>(())
//! ```
#![forbid(unsafe_code)]

// The comparison workbench's items are the table's columns, the runs
// file's fields and the plan's parts, documented for users in
// docs/guide/comparing.md; not every field is documented again here.
pub mod answering;
pub mod candidates;
#[allow(missing_docs)]
pub mod compare;
pub mod diagnostics;
pub mod explaining;
pub mod generating;
pub mod heatmap;
pub mod input;
pub mod instances;
pub mod long_searches;
pub mod picture;
pub mod rating;
pub mod records;
pub mod runner;
pub mod serve;
pub mod solving;
pub mod strategy;
pub mod trace_file;
pub mod words;
