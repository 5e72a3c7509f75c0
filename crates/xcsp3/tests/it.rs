//! The integration tests of `xcsp3`, one binary: each file beside this
//! one is a module (linking the workspace once instead of once a file;
//! docs/guide/testing.md, "One test binary a crate").

mod common;
mod corpus;
mod errors;
mod semantics;
