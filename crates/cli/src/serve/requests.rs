//! The API's request bodies, read as the command reads its flags: the
//! same names (`cells`, `values`, `propagation`, ...), validated by the
//! same code, an unknown key refused.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::error::ApiError;
use super::limits::ServerLimits;
use crate::strategy::{self, Engine, Overrides, Strategy};

/// The strategy of a request: a built-in preset (`config`) and the flags
/// that override it. Limits are lowered to the server's.
#[derive(Deserialize, Default, Clone, Debug)]
#[serde(deny_unknown_fields)]
pub struct StrategyRequest {
    pub config: Option<String>,
    pub cells: Option<String>,
    pub values: Option<String>,
    pub propagation: Option<String>,
    pub restarts: Option<String>,
    /// `--learning`: `true` learns clauses, `false` turns a preset's off.
    pub learning: Option<bool>,
    /// `--links`: `true` searches with linked places.
    pub links: Option<bool>,
    pub seed: Option<u64>,
    pub max_placements: Option<u64>,
    pub timeout_ms: Option<u64>,
    pub engine: Option<String>,
}

impl StrategyRequest {
    /// The strategy, as the command resolves its flags (only built-in
    /// presets: nothing is read from disk), its limits lowered to the
    /// server's.
    pub fn resolve(&self, limits: &ServerLimits) -> Result<Strategy, ApiError> {
        let overrides = self.overrides(limits)?;
        strategy::resolve_built_in(&overrides).map_err(ApiError::invalid)
    }

    /// [`resolve`](StrategyRequest::resolve) for counting, where only the
    /// answer matters: the portfolio when nothing else is named (as
    /// `sudoku count`).
    pub fn resolve_answering(&self, limits: &ServerLimits) -> Result<Strategy, ApiError> {
        let overrides = strategy::answering(&self.overrides(limits)?);
        strategy::resolve_built_in(&overrides).map_err(ApiError::invalid)
    }

    /// The request's flags, its limits lowered to the server's.
    fn overrides(&self, limits: &ServerLimits) -> Result<Overrides, ApiError> {
        let engine = (self.engine.as_deref())
            .map(str::parse::<Engine>)
            .transpose()
            .map_err(|e| ApiError::Invalid(format!("invalid engine: {e}")))?;
        let overrides = Overrides {
            config: self.config.clone(),
            cells: self.cells.clone(),
            values: self.values.clone(),
            propagation: self.propagation.clone(),
            seed: self.seed,
            restarts: self.restarts.clone(),
            learning: self.learning,
            links: self.links,
            // Puzzles have no wide variables.
            wide_choice: None,
            max_placements: Some(ServerLimits::capped(
                self.max_placements,
                limits.max_placements,
            )),
            timeout_ms: Some(ServerLimits::capped(self.timeout_ms, limits.timeout_ms)),
            engine,
            spelling: strategy::Spelling::Fields,
        };
        Ok(overrides)
    }
}

/// `POST /api/solve`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// Anything the command reads: a line, a grid, an f-puzzles link or
    /// document, a SudokuPad link.
    pub puzzle: String,
    #[serde(flatten)]
    pub strategy: StrategyRequest,
    /// Check that the solution is the only one (`--unique`).
    #[serde(default)]
    pub unique: bool,
    /// Rate the puzzle (`level_needed`; `--no-level-needed` when false).
    #[serde(default = "yes")]
    pub level_needed: bool,
    /// Add the `--trace` events (`"trace": [...]`).
    #[serde(default)]
    pub trace: bool,
    /// Most events of the trace (at most the server's `--trace-limit`).
    pub trace_limit: Option<u64>,
}

/// `POST /api/count`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct CountRequest {
    pub puzzle: String,
    #[serde(flatten)]
    pub strategy: StrategyRequest,
    /// Count up to this many solutions (default 2).
    pub limit: Option<u64>,
}

/// `POST /api/candidates`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct CandidatesRequest {
    pub puzzle: String,
    /// The level whose candidates are shown (default `fc`).
    pub propagation: Option<String>,
    /// True candidates instead (`candidates --true`).
    #[serde(default, rename = "true")]
    pub true_candidates: bool,
    /// With `true`: count each candidate's solutions up to this (default 8).
    pub limit: Option<u64>,
    /// With `true`: the preset whose search finds the solutions.
    pub config: Option<String>,
}

/// `POST /api/explain`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ExplainRequest {
    pub puzzle: String,
}

/// `POST /api/render`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct RenderRequest {
    pub puzzle: String,
    /// Draw the candidates left at this level.
    pub candidates: Option<String>,
    /// Draw the solution.
    #[serde(default)]
    pub solution: bool,
}

/// `POST /api/compare`: a built-in set or puzzles sent, and the
/// strategies (two to six on the page; any number here, within the
/// server's run limit).
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct CompareRequest {
    pub set: Option<String>,
    pub puzzles: Option<Vec<String>>,
    pub strategies: Vec<StrategyRequest>,
    /// Solutions searched for per puzzle (default 1).
    pub solutions: Option<u64>,
    /// The rows' order (a `--sort` column; default `mean-placements`).
    pub sort: Option<String>,
}

fn yes() -> bool {
    true
}

/// The request body as `T`, or a 400 (413 past the size limit) that says
/// what is wrong with it.
pub fn parse<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body.map_err(|e| match e {
        BytesRejection::FailedToBufferBody(_) => ApiError::TooLarge(format!(
            "the request body is too large or was cut off: {}",
            e.body_text()
        )),
        e => ApiError::Invalid(e.body_text()),
    })?;
    serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::Invalid(format!("the request is not the JSON expected: {e}")))
}
