//! The library half of the `sudoku` command: the parts other programs (and
//! the fuzz targets in `fuzz/`) can call without running the binary.
//!
//! Today that is the strategy presets: a TOML file's text, validated and
//! merged with overrides into one [`strategy::Strategy`].
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

pub mod input;
pub mod records;
pub mod runner;
pub mod solving;
pub mod strategy;
