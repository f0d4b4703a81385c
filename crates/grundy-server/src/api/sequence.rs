//! `POST /api/sequence`: the report of a Grundy sequence — the same document as
//! `grundy sequence --json` (see the core's `sequence::report` and docs/sequence-report.md) —
//! and, when `chart_width` is given, its chart as SVG (`chart_svg`), drawn by `grundy-chart`
//! as the command line's `--plot` and the Python package draw it.

use grundy_core::games::octal::PERIOD_SEARCH_LIMIT;
use grundy_core::kernel::heap_sequence::compute;
use grundy_core::kernel::heap_sequence::PeriodRule;
use grundy_core::registry::sequences::{of_rules, sequence_families};
use grundy_core::sequence::report::{plan, Field, Report, ReportError, Request};

use crate::position::family_rules;

use super::*;

/// `POST /api/sequence` request: a ruleset of the registry with a sequence, by name, with its
/// parameters as fields of their own (as in a position: `{"game": "subtraction", "set":
/// [1, 4, 9]}`).
#[derive(Debug, Deserialize)]
pub struct SequenceRequest {
    /// The ruleset: `subtraction`, `bachet`, `all-but`, `octal`, `grundys-game`, `hex`.
    pub game: String,
    /// How many values, G(0..count-1) (default 60).
    #[serde(default = "default_count")]
    pub count: u64,
    /// A heap of any size whose value is asked: a number, or a string of decimal digits.
    pub at: Option<Value>,
    /// The width in pixels of the chart wanted (`chart_svg` in the answer), 240 to 1600; no
    /// chart without it.
    pub chart_width: Option<u32>,
    /// The ruleset's parameters, by name: `set`, `except`, `code`, `k`.
    #[serde(flatten)]
    pub params: std::collections::BTreeMap<String, Value>,
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
    let family = grundy_core::registry::family(&req.game)
        .filter(|f| f.sequence)
        .ok_or_else(|| {
            ApiError::invalid(format!(
                "unknown sequence game {:?}: expected one of {}",
                req.game,
                sequence_families()
            ))
        })?;
    let rules = family_rules(
        family,
        &req.params,
        "",
        &["game", "count", "at", "chart_width"],
        &limits,
    )?;
    if let Some(w) = req
        .chart_width
        .filter(|w| !grundy_chart::SIZES.0.contains(w))
    {
        return Err(ApiError::invalid(format!(
            "chart_width: {w} pixels is out of range: expected {} to {}",
            grundy_chart::SIZES.0.start(),
            grundy_chart::SIZES.0.end()
        )));
    }
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
        .run(move || sequence_json(&req, rules, at))
        .await
        .map(Json)
}

/// The report as JSON. Octal games search their period as analysis does (up to
/// `PERIOD_SEARCH_LIMIT` values); subtraction games always search theirs first.
pub(super) fn sequence_json(
    req: &SequenceRequest,
    rules: std::sync::Arc<dyn grundy_core::kernel::component::AnyRules>,
    at: Option<String>,
) -> Result<Value, ApiError> {
    let at = match at {
        Some(text) => Some(
            grundy_core::spec::parse_big(&text, "heap")
                .map_err(|e| ApiError::invalid(format!("at: {e}")))?,
        ),
        None => None,
    };
    let seq = of_rules(rules)?;
    let claims = !matches!(seq.period_rule(), PeriodRule::NotClaimed { .. });
    let request = Request {
        count: req.count,
        at,
        until_period: claims.then_some(PERIOD_SEARCH_LIMIT),
    };
    // Narrow charts (a phone) are lower, so that the bars keep a shape.
    let size = req
        .chart_width
        .map(|width| (width, if width < 500 { 240 } else { 320 }));
    let (doc, svg) = (|| -> Result<(Value, Option<String>), ReportError> {
        let target = plan(seq.as_ref(), &request).map_err(ReportError::Request)?;
        let mut computation = seq.start(target)?;
        compute(computation.as_mut())?;
        let report = Report::new(seq.as_ref(), computation.as_ref(), &request, true)?;
        let svg = size.map(|(w, h)| grundy_chart::svg(&grundy_chart::Chart::sized(&report, w, h)));
        let doc = serde_json::to_value(report.document()).expect("a report always serialises");
        Ok((doc, svg))
    })()
    .map_err(|e| match e {
        ReportError::Request(r) => {
            let field = match r.field {
                Field::Count => "count",
                Field::At => "at",
                Field::UntilPeriod => "game",
            };
            ApiError::invalid(format!("{field}: {}", r.message))
        }
        ReportError::Game(g) => ApiError::from(g),
    })?;
    let mut answer = doc;
    if let Some(svg) = svg {
        answer["chart_svg"] = Value::String(svg);
    }
    Ok(answer)
}
