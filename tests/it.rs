//! The integration tests of the `sudoku` command, one binary: each file
//! beside this one is a module (linking the workspace once instead of
//! once a file; docs/guide/testing.md, "One test binary a crate").

mod cli;
mod docs;
mod import_cycles;
mod long_runs;
mod papercuts;
mod web_api;
