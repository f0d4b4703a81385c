//! Errors as JSON, and the JSON body extractor that produces them.
//!
//! Every failure the API reports is a 4xx response with the body
//! `{"error": "<what went wrong and what is allowed>", "field": "<path>", "limit": "<limit
//! name>"}`; `field` is the path of the request field at fault (`position.heaps[1]`) or `null`
//! when the error concerns the request as a whole; `limit` is present only when a configured
//! limit (see [`crate::Limits`]) was exceeded, and names the field of `Limits` (or the
//! engine's own limit). axum's own plain-text rejections never reach
//! the client: [`ApiJson`] reads the body itself and turns every problem into an [`ApiError`].

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use grundy_core::GameError;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// An API error: an HTTP status (always 4xx) and a message that names the bad value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, and what is allowed.
    pub error: String,
    /// The name of the limit that was exceeded, if one was.
    pub limit: Option<String>,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    /// The request field at fault, as a path (`position.heaps[1]`), or `null` when the error is
    /// about the request as a whole or about what its values mean together.
    field: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<&'a str>,
}

/// The field path an error message starts with, as the body extractor and the handlers write
/// them: `position.heaps[1]: invalid value ...`, `extra: unknown field ...`, and a nested path
/// before a space, `position.heaps is missing: ...`, `position.set holds 10001: ...`. A bare
/// word before a space (`heap 9007199254740992 is too large`) is prose, not a field.
fn field_of(error: &str) -> Option<&str> {
    let end = error.find([' ', ':'])?;
    let path = &error[..end];
    let first = path.chars().next()?;
    let is_path = first.is_ascii_lowercase()
        && path
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '[' | ']'));
    let nested = path.contains(['.', '[']);
    let before_colon = error[end..].starts_with(": ");
    (is_path && (nested || before_colon)).then_some(path)
}

impl ApiError {
    /// 400: the request cannot be understood.
    pub fn bad_request(error: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            error: error.into(),
            limit: None,
        }
    }

    /// 422: well-formed, but a value is not acceptable (an unknown game, an illegal set...).
    pub fn invalid(error: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            error: error.into(),
            limit: None,
        }
    }

    /// 422 (or the given status): the request exceeds the limit named `limit`.
    pub fn limit(limit: &str, error: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            error: error.into(),
            limit: Some(limit.to_string()),
        }
    }

    /// The same error with another status.
    pub fn with_status(mut self, status: StatusCode) -> Self {
        self.status = status;
        self
    }
}

impl From<GameError> for ApiError {
    /// The engine's errors already name the value and what is allowed; its size limits become
    /// `limit: "engine"`.
    fn from(e: GameError) -> Self {
        match e {
            GameError::TooLarge { .. } => ApiError::limit("engine", e.to_string()),
            _ => ApiError::invalid(e.to_string()),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: &self.error,
            field: field_of(&self.error),
            limit: self.limit.as_deref(),
        };
        (self.status, Json(body)).into_response()
    }
}

/// A JSON request body of type `T`, with errors as [`ApiError`]s.
///
/// Unlike `axum::Json` it does not insist on a `Content-Type` header (so `curl -d` works), and
/// its messages give the path of the bad field, e.g. `position.heaps[1]: invalid value:
/// integer -3, expected u64`.
#[derive(Debug, Clone)]
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|rejection| body_error(rejection.status()))?;
        parse_json(&bytes).map(ApiJson)
    }
}

/// The body could not be read: too large (413, the `max_body_bytes` limit) or broken.
fn body_error(status: StatusCode) -> ApiError {
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::limit(
            "max_body_bytes",
            "the request body is too large (see the limit in GET /api/limits)",
        )
        .with_status(StatusCode::PAYLOAD_TOO_LARGE)
    } else {
        ApiError::bad_request("the request body could not be read")
    }
}

/// Parses `bytes` as JSON of type `T`: a syntax error is a 400, a wrong type or value a 422.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::bad_request(
            "the request body is empty: expected a JSON object",
        ));
    }
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let status = if inner.is_data() {
            StatusCode::UNPROCESSABLE_ENTITY
        } else {
            StatusCode::BAD_REQUEST
        };
        let message = if inner.is_data() && path != "." {
            // Numbers beyond 2^64 - 1 reach serde as floats: say why a "float" was refused.
            let fraction = inner.to_string().contains("floating point");
            let hint = if fraction {
                " (expected a whole number; this one is a fraction or beyond 2^64 - 1)"
            } else {
                ""
            };
            format!("{path}: {inner}{hint}")
        } else {
            format!("malformed JSON: {inner}")
        };
        ApiError::bad_request(message).with_status(status)
    })?;
    de.end()
        .map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Heaps {
        heaps: Vec<u64>,
    }

    #[test]
    fn wrong_types_name_the_field() {
        let e = parse_json::<Heaps>(br#"{"heaps": [1, -3]}"#).unwrap_err();
        assert_eq!(e.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(e.error.starts_with("heaps[1]: "), "{}", e.error);
    }

    #[test]
    fn syntax_errors_are_400() {
        let e = parse_json::<Heaps>(br#"{"heaps": [1,"#).unwrap_err();
        assert_eq!(e.status, StatusCode::BAD_REQUEST);
        assert!(e.error.starts_with("malformed JSON"), "{}", e.error);
        let e = parse_json::<Heaps>(b"  ").unwrap_err();
        assert!(e.error.contains("empty"));
        let e = parse_json::<Heaps>(br#"{"heaps": []} x"#).unwrap_err();
        assert_eq!(e.status, StatusCode::BAD_REQUEST);
    }

    #[test]
    fn the_field_is_the_path_a_message_starts_with() {
        let cases = [
            (
                "position.heaps[1]: invalid heap -1",
                Some("position.heaps[1]"),
            ),
            ("extra: unknown field `extra`", Some("extra")),
            (
                "position.board: unknown field: a cram request has",
                Some("position.board"),
            ),
            (
                "position.heaps is missing: a nim position",
                Some("position.heaps"),
            ),
            (
                "position.set holds 10001: amounts up to 10000",
                Some("position.set"),
            ),
            ("heap 9007199254740992 is too large: no period", None),
            ("unknown game \"chess\": expected one of", None),
            ("the position has 257 heaps: at most 256", None),
            ("malformed JSON: EOF while parsing", None),
            ("", None),
        ];
        for (message, field) in cases {
            assert_eq!(field_of(message), field, "{message}");
        }
    }
}
