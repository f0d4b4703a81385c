//! `POST /api/sequence`: the report of a Grundy sequence — the same document as
//! `grundy sequence --json` (see the core's `sequence::report` and docs/sequence-report.md).

use grundy_core::games::octal::PERIOD_SEARCH_LIMIT;
use grundy_core::sequence::report::{by_name, report_document, Field, PeriodRule, Request};

use super::*;

/// `POST /api/sequence` request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SequenceRequest {
    /// `subtraction`, `all-but`, `octal` or `grundys-game`.
    pub game: String,
    /// The octal code or preset name (`octal`).
    pub code: Option<String>,
    /// The take-set (`subtraction`).
    pub set: Option<Vec<u64>>,
    /// The excluded amounts (`all-but`).
    pub except: Option<Vec<u64>>,
    /// How many values, G(0..count-1) (default 60).
    #[serde(default = "default_count")]
    pub count: u64,
    /// A heap of any size whose value is asked: a number, or a string of decimal digits.
    pub at: Option<Value>,
}

pub(super) fn default_count() -> u64 {
    60
}

/// `POST /api/sequence`: the report of G(0..count-1), the period with its certificate (for
/// octal games searched up to the core's `PERIOD_SEARCH_LIMIT` values, as in analysis), and
/// G(at) if asked.
pub async fn sequence(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<SequenceRequest>,
) -> ApiResult {
    let limits = app.limits.clone();
    if req.count > limits.max_count {
        return Err(ApiError::limit(
            "max_count",
            format!(
                "count {} is too large: at most {} values are given",
                req.count, limits.max_count
            ),
        ));
    }
    // Reuse the position checks for the sets.
    let spec = PositionSpec {
        game: req.game.clone(),
        heaps: Some(vec![]),
        set: req.set.clone(),
        except: req.except.clone(),
        code: req.code.clone(),
        terms: None,
        convention: Convention::Normal,
    };
    if !matches!(
        req.game.as_str(),
        "subtraction" | "all-but" | "octal" | "grundys-game"
    ) {
        return Err(ApiError::invalid(format!(
            "unknown sequence game {:?}: expected subtraction, all-but, octal or grundys-game",
            req.game
        )));
    }
    Position::parse(spec, &limits)?;
    let at = match &req.at {
        None | Some(Value::Null) => None,
        Some(Value::Number(n)) if n.is_u64() => Some(n.to_string()),
        Some(Value::String(s)) => Some(s.clone()),
        Some(other) => {
            return Err(ApiError::invalid(format!(
                "at: invalid heap {other}: expected a whole number, or a string of decimal digits"
            )))
        }
    };
    app.compute
        .run(move || sequence_json(&req, at))
        .await
        .map(Json)
}

/// The report as JSON. Octal games search their period as analysis does (up to
/// `PERIOD_SEARCH_LIMIT` values); subtraction games always search theirs first.
pub(super) fn sequence_json(req: &SequenceRequest, at: Option<String>) -> Result<Value, ApiError> {
    let at = match at {
        Some(text) => Some(
            grundy_core::spec::parse_big(&text, "heap")
                .map_err(|e| ApiError::invalid(format!("at: {e}")))?,
        ),
        None => None,
    };
    let amounts = match req.game.as_str() {
        "subtraction" => req.set.clone(),
        _ => req.except.clone(),
    };
    let seq = by_name(&req.game, amounts, req.code.as_deref())?;
    let claims = !matches!(seq.period_rule(), PeriodRule::NotClaimed { .. });
    let request = Request {
        count: req.count,
        at,
        until_period: claims.then_some(PERIOD_SEARCH_LIMIT),
    };
    let doc = report_document(seq.as_ref(), &request).map_err(|e| match e {
        grundy_core::sequence::report::ReportError::Request(r) => {
            let field = match r.field {
                Field::Count => "count",
                Field::At => "at",
                Field::UntilPeriod => "game",
            };
            ApiError::invalid(format!("{field}: {}", r.message))
        }
        grundy_core::sequence::report::ReportError::Game(g) => ApiError::from(g),
    })?;
    Ok(serde_json::to_value(doc).expect("a report always serialises"))
}
