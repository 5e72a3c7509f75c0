//! The API's errors: bad input is HTTP 400, a foreign page or host 403, a
//! body that is not JSON 415, a full server 429, each with
//! `{"error": MESSAGE}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// Why a request was not answered.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The request is wrong: the message says what and where (400).
    #[error("{0}")]
    Invalid(String),
    /// The request body is over the limit (413).
    #[error("{0}")]
    TooLarge(String),
    /// The request comes from a foreign page or names a foreign host
    /// (403).
    #[error("{0}")]
    Forbidden(String),
    /// The body is not JSON (415).
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// Every search slot is busy (429).
    #[error("{0}")]
    Busy(String),
    /// No such page (404).
    #[error("{0}")]
    NotFound(String),
    /// The server failed (500): a bug.
    #[error("{0}")]
    Internal(String),
}

impl ApiError {
    /// A 400 from any error, with its causes.
    pub fn invalid(e: impl Into<anyhow::Error>) -> ApiError {
        ApiError::Invalid(format!("{:#}", e.into()))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = match &self {
            ApiError::Invalid(_) => StatusCode::BAD_REQUEST,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::Busy(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        (status, Json(json!({"error": self.to_string()}))).into_response()
    }
}
