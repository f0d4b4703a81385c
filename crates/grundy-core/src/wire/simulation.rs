//! A series of games played out: what `grundy simulate --json`, `POST /api/simulate` and the
//! Python package's `Simulation.to_dict()` print ([`crate::simulation::Simulation`], written
//! field by field by its own `Serialize`). Its schema is written here against that code; the
//! suite validates the simulations the command line and the API print against it.

use std::borrow::Cow;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};

use super::play::Transcript;
use crate::kernel::nim_heap::ExactNumber;
use crate::simulation::Simulation;
use crate::sum::Outcome;

impl JsonSchema for Simulation {
    fn schema_name() -> Cow<'static, str> {
        "Simulation".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let number = generator.subschema_for::<ExactNumber>();
        let outcome = generator.subschema_for::<Outcome>();
        let transcript = generator.subschema_for::<Transcript>();
        let count = json_schema!({ "type": "integer", "minimum": 0 });
        json_schema!({
            "description": "A series of games between two computer players from one position: who wins the start with best play, each seat's wins with its rate and 95% Wilson interval, the games' lengths, the games asked for, and why the series stopped early (null when it did not). The command line adds the first game's transcript when asked.",
            "type": "object",
            "required": ["game", "convention", "start", "outcome", "players", "seed", "games", "wins", "total_moves", "average_length", "shortest", "longest", "games_requested", "stopped"],
            "additionalProperties": false,
            "properties": {
                "game": { "type": "string" },
                "convention": { "enum": ["normal", "misere"] },
                "start": { "type": "array", "items": { "type": "object" } },
                "outcome": outcome,
                "players": { "type": "array", "items": { "type": "string" }, "minItems": 2, "maxItems": 2 },
                "seed": number,
                "games": count,
                "wins": {
                    "type": "array",
                    "minItems": 2,
                    "maxItems": 2,
                    "items": {
                        "type": "object",
                        "required": ["seat", "player", "wins", "rate", "ci95"],
                        "additionalProperties": false,
                        "properties": {
                            "seat": { "enum": [1, 2] },
                            "player": { "type": "string" },
                            "wins": count,
                            "rate": { "type": "number", "minimum": 0, "maximum": 1 },
                            "ci95": {
                                "type": "array",
                                "minItems": 2,
                                "maxItems": 2,
                                "items": { "type": "number", "minimum": 0, "maximum": 1 }
                            }
                        }
                    }
                },
                "total_moves": count,
                "average_length": { "type": "number", "minimum": 0 },
                "shortest": count,
                "longest": count,
                "games_requested": count,
                "stopped": { "type": ["string", "null"] },
                "transcript": transcript
            }
        })
    }
}
