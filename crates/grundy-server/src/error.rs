//! Errors as JSON, and the JSON body extractor that produces them.
//!
//! Every failure the API reports is a 4xx response with the body
//! `{"error": "<what went wrong and what is allowed>", "field": "<path>", "limit": "<limit
//! name>"}`; `field` is the path of the request field at fault (`position.heaps[1]`) or `null`
//! when the error concerns the request as a whole; `limit` is present only when a configured
//! limit (see [`crate::Limits`]) was exceeded, and names the field of `Limits` (or the
//! engine's own limit). axum's own plain-text rejections never reach
//! the client: [`ApiJson`] reads the body itself and turns every problem into an [`ApiError`]
//! (400 for malformed JSON, 413 for a body over `max_body_bytes`, 415 for a content type that
//! is not JSON, 422 for a wrong value), and [`refuse_oversized_body`], a layer of the API,
//! answers a request that announces a body over the limit before reading any of it.

use axum::body::{Bytes, HttpBody};
use axum::extract::{FromRef, FromRequest, Request, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::Next;
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
    /// Whether this is a refusal at the time or memory a question may take
    /// (`compute_time_ms`, `compute_memory_mib`): the value was too hard, not the request
    /// wrong.
    pub fn refuses_the_value(&self) -> bool {
        matches!(
            self.limit.as_deref(),
            Some("compute_time_ms" | "compute_memory_mib")
        )
    }

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

    /// The same error, its message starting with `field`, the request field at fault.
    pub fn at_field(mut self, field: &str) -> Self {
        self.error = format!("{field}: {}", self.error);
        self
    }

    /// The same error about a position sent at `path` (`positions[2]`) rather than at
    /// `position`: its field's leading `position` becomes `path`, and an error naming no
    /// field is put under `path`.
    pub fn within(mut self, path: &str) -> Self {
        let rest = field_of(&self.error)
            .and_then(|field| field.strip_prefix("position"))
            .filter(|rest| rest.is_empty() || rest.starts_with(['.', '[']))
            .map(|_| self.error["position".len()..].to_string());
        self.error = match rest {
            Some(rest) => format!("{path}{rest}"),
            None => format!("{path}: {}", self.error),
        };
        self
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
        // Long words (a pasted value, a heap of thousands of digits) by their start and length.
        let error = grundy_core::kernel::error::with_excerpts(&self.error);
        let body = ErrorBody {
            error: &error,
            field: field_of(&self.error),
            limit: self.limit.as_deref(),
        };
        (self.status, Json(body)).into_response()
    }
}

/// A JSON request body of type `T`, with errors as [`ApiError`]s.
///
/// Unlike `axum::Json` it does not insist on a `Content-Type` header (so `curl -d`, which sends
/// `application/x-www-form-urlencoded`, works), and its messages give the path of the bad
/// field, e.g. `position.heaps[1]: invalid value: integer -3, expected u64`.
#[derive(Debug, Clone)]
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
    crate::AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let limit = crate::AppState::from_ref(state).limits.max_body_bytes;
        check_content_type(req.headers())?;
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|rejection| body_error(rejection.status(), limit))?;
        parse_json(&bytes).map(ApiJson)
    }
}

/// 413: a body over `limit` bytes, the `max_body_bytes` limit.
pub fn body_too_large(limit: usize) -> ApiError {
    ApiError::limit(
        "max_body_bytes",
        format!(
            "the request body is too large: at most {limit} bytes are allowed (max_body_bytes, \
             see GET /api/limits)"
        ),
    )
    .with_status(StatusCode::PAYLOAD_TOO_LARGE)
}

/// The body could not be read: too large (413, the `max_body_bytes` limit of `limit` bytes,
/// found while reading a body that did not announce its length) or broken.
fn body_error(status: StatusCode, limit: usize) -> ApiError {
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        body_too_large(limit)
    } else {
        ApiError::bad_request("the request body could not be read")
    }
}

/// Refuses with 415 a body sent as a content type that is not JSON (a form upload, text,
/// XML). JSON is `application/json` or `application/*+json`, as `axum::Json` reads it; no
/// content type and `application/x-www-form-urlencoded` (what `curl -d` sends unless told
/// otherwise) are read as JSON too.
fn check_content_type(headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(value) = headers.get(CONTENT_TYPE) else {
        return Ok(());
    };
    let text = String::from_utf8_lossy(value.as_bytes());
    let read_as_json = text.parse::<mime::Mime>().is_ok_and(|m| {
        m.type_() == mime::APPLICATION
            && (m.subtype() == mime::JSON
                || m.suffix() == Some(mime::JSON)
                || m.subtype() == mime::WWW_FORM_URLENCODED)
    });
    match read_as_json {
        true => Ok(()),
        false => Err(ApiError::bad_request(format!(
            "the request body is sent as {text:?}: expected JSON, as application/json (no \
             content type and curl -d's application/x-www-form-urlencoded are read as JSON too)"
        ))
        .with_status(StatusCode::UNSUPPORTED_MEDIA_TYPE)),
    }
}

/// The API's layer (`axum::middleware::from_fn_with_state`) that answers 413 at once a
/// request whose body announces more than `max_body_bytes` (its `Content-Length`, the body's
/// exact size hint), before a byte of it is read. `DefaultBodyLimit` alone refuses a body only
/// once that many bytes have arrived: a client that announced a large body and sent little
/// got no answer, its connection left open.
pub async fn refuse_oversized_body(
    State(app): State<crate::AppState>,
    req: Request,
    next: Next,
) -> Response {
    let limit = app.limits.max_body_bytes;
    if req.body().size_hint().lower() > limit as u64 {
        return body_too_large(limit).into_response();
    }
    next.run(req).await
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
        let text = inner.to_string();
        let missing = text
            .strip_prefix("missing field `")
            .and_then(|rest| rest.split_once('`'))
            .map(|(name, _)| name);
        let message = if let (true, Some(name)) = (inner.is_data(), missing) {
            // The missing field is the one at fault, not the object holding it.
            let field = if path == "." {
                name.to_string()
            } else {
                format!("{path}.{name}")
            };
            format!("{field}: {inner}")
        } else if inner.is_data() && path != "." {
            // Numbers beyond 2^64 - 1 reach serde as floats: say why a "float" was refused.
            let fraction = text.contains("floating point");
            let hint = if fraction {
                " (expected a whole number; this one is a fraction or beyond 2^64 - 1)"
            } else {
                ""
            };
            format!("{path}: {}{hint}", without_type_names(&text))
        } else if let Some(kind) = not_an_object(bytes) {
            format!("the request body is {kind}: expected {}", object_of::<T>())
        } else {
            format!("malformed JSON: {inner}")
        };
        ApiError::bad_request(message).with_status(status)
    })?;
    de.end()
        .map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))?;
    Ok(value)
}

/// serde's message with the server's type names (`expected struct PositionSpec`) said as
/// what a client sends (`expected a JSON object`).
fn without_type_names(message: &str) -> String {
    let Some(start) = message.find("expected struct ") else {
        return message.to_string();
    };
    let rest = &message[start + "expected struct ".len()..];
    let name_end = rest
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(rest.len());
    let mut tail = &rest[name_end..];
    // "with 1 element" / "with 2 elements", said of a struct read from an array.
    if let Some(after) = tail.strip_prefix(" with ") {
        if let Some(end) = after.find(" element") {
            let after = &after[end + " element".len()..];
            tail = after.strip_prefix('s').unwrap_or(after);
        }
    }
    format!("{}expected a JSON object{tail}", &message[..start])
}

/// What the body is when it is JSON but not an object (`an array`), for the message.
fn not_an_object(bytes: &[u8]) -> Option<&'static str> {
    match serde_json::from_slice::<serde_json::Value>(bytes).ok()? {
        serde_json::Value::Object(_) => None,
        serde_json::Value::Array(_) => Some("an array"),
        serde_json::Value::String(_) => Some("a string"),
        serde_json::Value::Number(_) => Some("a number"),
        serde_json::Value::Bool(_) => Some("true or false"),
        serde_json::Value::Null => Some("null"),
    }
}

/// What a body of type `T` is, in words: `a JSON object with the field "position"` (the
/// fields a plain struct declares), or `a JSON object` for a type whose fields serde does not
/// list (one with flattened parameters).
fn object_of<T: DeserializeOwned>() -> String {
    let fields = std::cell::Cell::new(None);
    let _ = T::deserialize(FieldNames(&fields));
    match fields.get() {
        Some([one]) => format!("a JSON object with the field \"{one}\""),
        Some(names) if !names.is_empty() => {
            let names: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
            format!("a JSON object with the fields {}", names.join(", "))
        }
        _ => "a JSON object of the endpoint's fields (see docs/api.md)".to_string(),
    }
}

/// A deserializer that only records the field names a struct asks for.
struct FieldNames<'a>(&'a std::cell::Cell<Option<&'static [&'static str]>>);

impl<'de> serde::Deserializer<'de> for FieldNames<'_> {
    type Error = serde::de::value::Error;

    fn deserialize_any<V: serde::de::Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
        Err(serde::de::Error::custom("only field names are read"))
    }

    fn deserialize_struct<V: serde::de::Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.set(Some(fields));
        self.deserialize_any(visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
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
    fn a_body_that_is_no_object_says_what_is_expected() {
        let e = parse_json::<Heaps>(b"[]").unwrap_err();
        assert_eq!(e.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            e.error,
            "the request body is an array: expected a JSON object with the field \"heaps\""
        );
        let e = parse_json::<Heaps>(b"5").unwrap_err();
        assert!(
            e.error.starts_with("the request body is a number: "),
            "{}",
            e.error
        );
        assert!(!e.error.contains("struct"), "{}", e.error);
    }

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Nested {
        inner: Heaps,
    }

    #[test]
    fn a_missing_field_is_the_field() {
        let e = parse_json::<Heaps>(b"{}").unwrap_err();
        assert_eq!(e.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            e.error.starts_with("heaps: missing field `heaps`"),
            "{}",
            e.error
        );
        let e = parse_json::<Nested>(br#"{"inner": {}}"#).unwrap_err();
        assert!(
            e.error.starts_with("inner.heaps: missing field"),
            "{}",
            e.error
        );
        let e = parse_json::<Nested>(br#"{"inner": 5}"#).unwrap_err();
        assert!(
            e.error
                .starts_with("inner: invalid type: integer `5`, expected a JSON object"),
            "{}",
            e.error
        );
    }

    #[test]
    fn type_names_are_said_as_json() {
        assert_eq!(
            without_type_names(
                "invalid length 0, expected struct PositionSpec with 1 element at line 1"
            ),
            "invalid length 0, expected a JSON object at line 1"
        );
        assert_eq!(
            without_type_names("invalid type: null, expected a string"),
            "invalid type: null, expected a string"
        );
    }

    #[test]
    fn errors_move_to_their_field() {
        let e = ApiError::invalid("position.heaps[0]: heap 1 is too large").within("positions[2]");
        assert_eq!(e.error, "positions[2].heaps[0]: heap 1 is too large");
        let e = ApiError::invalid("unknown game \"chess\": expected").within("positions[0]");
        assert_eq!(e.error, "positions[0]: unknown game \"chess\": expected");
        let e = ApiError::invalid("positional: x").within("positions[0]");
        assert_eq!(e.error, "positions[0]: positional: x");
        let e = ApiError::invalid("invalid Bachet limit").at_field("position.k");
        assert_eq!(field_of(&e.error), Some("position.k"));
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
