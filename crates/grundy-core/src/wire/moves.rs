//! Every move of a position, valued: what `POST /api/moves` answers
//! ([`crate::strategy::move_values::MoveValues`], or its counterpart for heaps beyond `u64`,
//! [`crate::any_size::AnyMoveValues`], with the position as it was sent). Both serialise
//! themselves with derived field lists; their one schema is written here against them, and the
//! suite validates every answer of `/api/moves` against it.

use std::borrow::Cow;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};

use crate::kernel::nim_heap::ExactNumber;
use crate::sum::Outcome;

/// The schema of a position's moves, valued.
pub struct MoveValues;

impl JsonSchema for MoveValues {
    fn schema_name() -> Cow<'static, str> {
        "MoveValues".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let number = generator.subschema_for::<ExactNumber>();
        let outcome = generator.subschema_for::<Outcome>();
        let count = json_schema!({ "type": "integer", "minimum": 0 });
        let the_move = generator.subschema_for::<super::schema::MoveDoc>();
        json_schema!({
            "description": "Every move of a position, each with whether it wins or loses for the player who makes it, the Grundy value it leaves (normal play), how many moves the game then lasts with perfect play where the tree was small enough to measure (measured), and the perfect player's move marked best; with the position as it was sent.",
            "type": "object",
            "required": ["convention", "outcome", "measured", "moves", "position"],
            "additionalProperties": false,
            "properties": {
                "convention": { "enum": ["normal", "misere"] },
                "outcome": outcome,
                "moves_left": count,
                "measured": { "type": "boolean" },
                "moves": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["move", "outcome", "best"],
                        "additionalProperties": false,
                        "properties": {
                            "move": the_move,
                            "outcome": { "enum": ["win", "lose"] },
                            "value": number,
                            "moves_left": count,
                            "best": { "type": "boolean" }
                        }
                    }
                },
                "position": {},
                "finished": { "type": "boolean" }
            }
        })
    }
}
