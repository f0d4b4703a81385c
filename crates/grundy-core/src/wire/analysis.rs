//! The analysis of a position: what `grundy analyze --json`, `POST /api/analyze` and the
//! Python package's `to_dict()` print ([`crate::answer::Answer`], its [`crate::report::Report`]
//! written field by field), and the analysis of a loopy sum ([`crate::loopy::LoopyReport`]).
//!
//! Their types serialise themselves (a report writes its fields into a map the server extends
//! with `position`), so their schemas are written here, field by field, against that code;
//! the suite validates every analysis the command line and the API print against them. The
//! components and winning moves inside have the schema's `Component` and `Move` shapes; an
//! explanation has the shape of its `kind` ([`ExplanationDoc`]).

use std::borrow::Cow;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};

use crate::explain::{NimExplanation, SumExplanation};
use crate::kernel::nim_heap::ExactNumber;
use crate::kernel::provenance::Provenance;
use crate::kernel::reasoning::Argument;
use crate::report::SUM_KIND;
use crate::sum::Outcome;

/// The schema of an analysis (an [`crate::answer::Answer`] as JSON).
pub struct Analysis;

impl JsonSchema for Analysis {
    fn schema_name() -> Cow<'static, str> {
        "Analysis".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let number = generator.subschema_for::<ExactNumber>();
        let outcome = generator.subschema_for::<Outcome>();
        let provenance = generator.subschema_for::<Provenance>();
        let component = generator.subschema_for::<super::schema::ComponentDoc>();
        let explanation = generator.subschema_for::<ExplanationDoc>();
        json_schema!({
            "description": "A position analysed: each component's value (null where a value is not computed), the nim-sum, who wins, every winning move (null where they were not asked for, or where none is known: then winning_moves_unknown says why), the reasoning when asked, and how each answer is known. A board or graph played on without its value (the API's partial answers) has outcome and winner null, and refused says why.",
            "type": "object",
            "required": ["game", "convention", "components", "values", "nim_sum", "outcome", "winner", "finished", "winning_move_count", "winning_moves"],
            "properties": {
                "game": { "type": "string" },
                "convention": { "enum": ["normal", "misere"] },
                "components": { "type": "array", "items": component },
                "values": { "anyOf": [{ "type": "null" }, { "type": "array", "items": number }] },
                "nim_sum": { "anyOf": [{ "type": "null" }, number] },
                "outcome": { "anyOf": [{ "type": "null" }, outcome] },
                "winner": { "enum": ["player to move", "previous player", null] },
                "finished": { "type": "boolean" },
                "refused": { "type": "string" },
                "winning_move_count": { "anyOf": [{ "type": "null" }, number] },
                "winning_moves": {
                    "anyOf": [
                        { "type": "null" },
                        {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "required": ["text", "count"],
                                "properties": {
                                    "component": { "type": "integer", "minimum": 0 },
                                    "from": component,
                                    "to": { "type": "array", "items": component },
                                    "text": { "type": "string" },
                                    "count": { "type": "integer", "minimum": 1 }
                                }
                            }
                        }
                    ]
                },
                "winning_moves_unknown": { "type": "string" },
                "explanation": explanation,
                "provenance": { "type": "array", "items": provenance }
            }
        })
    }
}

/// The schema of an analysis's reasoning ([`crate::report::Explanation`] as JSON): its `kind`,
/// its `text`, and the data of that kind beside them. Bouton's columns (`nim`), a sum's values
/// (`sum`), a misère quotient's product (`quotient`), and each family's own reasoning (its
/// name as the kind: [`crate::games::family::Family::reasoning`]) have their types' schemas;
/// an argument in words only ([`Argument`]) has its text alone. No other field is allowed, so a
/// field added to one of these types without its schema fails the suite's validation.
pub struct ExplanationDoc;

impl JsonSchema for ExplanationDoc {
    fn schema_name() -> Cow<'static, str> {
        "Explanation".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let mut kinds = vec![
            with_data(
                crate::kernel::nim::NAME,
                generator.subschema_for::<NimExplanation>(),
            ),
            with_data(SUM_KIND, generator.subschema_for::<SumExplanation>()),
            with_data(
                Argument::Quotient.name(),
                generator.subschema_for::<crate::misere::Explanation>(),
            ),
        ];
        for family in crate::registry::REGISTRY {
            if let Some(reasoning) = family.reasoning {
                kinds.push(with_data(family.name, reasoning(generator)));
            }
        }
        let words: Vec<&str> = Argument::ALL.iter().map(|a| a.name()).collect();
        kinds.push(serde_json::json!({
            "type": "object",
            "required": ["kind", "text"],
            "properties": { "kind": { "enum": words }, "text": { "type": "string" } },
            "additionalProperties": false
        }));
        json_schema!({
            "description": "The reasoning: its kind, its text, and the data of that kind beside them (Bouton's columns for nim, each component's value for sum, the quotient's product for quotient, a ruleset's own theorem for moore and wythoff); an argument in words only has its text alone.",
            "anyOf": kinds
        })
    }
}

/// The schema of an explanation of `kind` whose data `detail` describes, flattened beside
/// `kind` and `text` ([`crate::report::Explained`]), with no other field.
fn with_data(kind: &str, detail: Schema) -> serde_json::Value {
    serde_json::json!({
        "allOf": [
            {
                "type": "object",
                "required": ["kind", "text"],
                "properties": { "kind": { "const": kind }, "text": { "type": "string" } }
            },
            detail
        ],
        "unevaluatedProperties": false
    })
}

/// The schema of a loopy sum's analysis ([`crate::loopy::LoopyReport`] as JSON).
pub struct LoopyAnalysis;

impl JsonSchema for LoopyAnalysis {
    fn schema_name() -> Cow<'static, str> {
        "LoopyAnalysis".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A loopy sum analysed by Smith's rule: its value (finite, or infinite with the finite values it can reach), who wins or that play is drawn, each component's value, the moves that win (or keep the draw) and the one the strategy plays, and what each explored graph proves. The command line writes the position as text, the API as the position asked about.",
            "type": "object",
            "required": ["position", "value", "value_text", "outcome", "outcome_text", "components", "moves_are", "moves", "best", "graphs"],
            "properties": {
                "position": { "anyOf": [{ "type": "string" }, { "type": "object" }] },
                "value": { "type": "object" },
                "value_text": { "type": "string" },
                "outcome": { "enum": ["P", "N", "Draw"] },
                "outcome_text": { "type": "string" },
                "components": { "type": "array", "items": { "type": "object" } },
                "moves_are": { "enum": ["winning", "drawing", "none"] },
                "moves": { "type": "array", "items": { "type": "object" } },
                "best": { "anyOf": [{ "type": "null" }, { "type": "object" }] },
                "graphs": { "type": "array", "items": { "type": "object" } }
            }
        })
    }
}
