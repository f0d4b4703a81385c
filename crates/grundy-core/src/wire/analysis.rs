//! The analysis of a position: what `grundy analyze --json`, `POST /api/analyze` and the
//! Python package's `to_dict()` print ([`crate::answer::Answer`], its [`crate::report::Report`]
//! written field by field), and the analysis of a loopy sum ([`crate::loopy::LoopyReport`]).
//!
//! Their types serialise themselves (a report writes its fields into a map the server extends
//! with `position`), so their schemas are written here, field by field, against that code;
//! the suite validates every analysis the command line and the API print against them. The
//! components and winning moves inside have the schema's `Component` and `Move` shapes; an
//! explanation's details are each ruleset's own (docs/api.md) and are described as objects.

use std::borrow::Cow;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};

use super::schema::ExactNumber;
use crate::kernel::provenance::Provenance;
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
                "explanation": {
                    "type": "object",
                    "required": ["kind", "text"],
                    "properties": { "kind": { "type": "string" }, "text": { "type": "string" } }
                },
                "provenance": { "type": "array", "items": provenance }
            }
        })
    }
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
