//! The integration tests of `csp-core`, one binary: each file beside this
//! one is a module (linking the workspace once instead of once a file;
//! docs/guide/testing.md, "One test binary a crate").

mod adaptive;
mod common;
mod learning;
mod resume;
