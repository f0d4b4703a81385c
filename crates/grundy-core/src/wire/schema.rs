//! The JSON Schema of the wire format, published as `docs/wire-schema.json`.
//!
//! Every document a door prints is one definition of the schema, named as its type
//! ([`documents`]). Components and moves have definitions of their own ([`ComponentDoc`],
//! [`MoveDoc`]), and so have explanations ([`super::ExplanationDoc`], one shape per `kind`).

use std::borrow::Cow;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};

use super::*;

/// A component of a position as every door writes it: its ruleset's name and its position in
/// the one field of the ruleset's shape (`{"ruleset": "nim", "heap": 4}`, `{"ruleset":
/// "wythoff", "heaps": [10, 7]}`, `{"ruleset": "sprouts", "position": "0*3"}`).
pub struct ComponentDoc;

impl JsonSchema for ComponentDoc {
    fn schema_name() -> Cow<'static, str> {
        "Component".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A component: its ruleset's name, and its position in the one field of the ruleset's shape (heap, heaps, position, graph, board, ...; GET /api/rulesets names each ruleset's).",
            "type": "object",
            "required": ["ruleset"],
            "properties": { "ruleset": { "type": "string" } },
            "minProperties": 2,
            "maxProperties": 2
        })
    }
}

/// A move of a sum as every door writes it: the component moved in (from 0), it before the
/// move, what it becomes (none, one or several components), and the move in words.
pub struct MoveDoc;

impl JsonSchema for MoveDoc {
    fn schema_name() -> Cow<'static, str> {
        "Move".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let component = generator.subschema_for::<ComponentDoc>();
        json_schema!({
            "description": "A move: the component moved in (counted from 0), that component before the move, what it becomes, and the move in words.",
            "type": "object",
            "required": ["component", "from", "to", "text"],
            "additionalProperties": false,
            "properties": {
                "component": { "type": "integer", "minimum": 0 },
                "from": component,
                "to": { "type": "array", "items": component },
                "text": { "type": "string" }
            }
        })
    }
}

/// A value of a core type described in docs/api.md rather than in the schema.
pub type AnyJson = serde_json::Value;

/// What gives a document's schema: its type's `JsonSchema::json_schema`.
pub type SchemaOf = fn(&mut SchemaGenerator) -> Schema;

/// Every document of the wire format: its name (its type's) and its schema generator. The
/// API's positions and players are the client's own JSON, described as any value.
pub fn documents() -> Vec<(&'static str, SchemaOf)> {
    vec![
        ("Analysis", Analysis::json_schema),
        ("LoopyAnalysis", LoopyAnalysis::json_schema),
        ("NimProduct", NimProduct::json_schema),
        ("NimInverse", NimInverse::json_schema),
        ("NimQuotient", NimQuotient::json_schema),
        ("NimRoot", NimRoot::json_schema),
        ("NimTable", NimTable::json_schema),
        ("WythoffPPositions", WythoffPPositions::json_schema),
        ("WythoffNth", WythoffNth::json_schema),
        ("WythoffTile", WythoffTile::json_schema),
        ("PictureFile", PictureFile::json_schema),
        ("HackenbushValue", HackenbushValue::json_schema),
        ("HackenbushLayout", HackenbushLayout::json_schema),
        ("SproutsDrawing", SproutsDrawing::json_schema),
        ("GenusTable", GenusTable::json_schema),
        ("QuotientDoc", QuotientDoc::json_schema),
        ("SearchDoc", SearchDoc::json_schema),
        ("Verification", Verification::json_schema),
        ("SurveyRun", SurveyRun::json_schema),
        ("SurveyMerge", SurveyMerge::json_schema),
        ("Transcript", Transcript::json_schema),
        ("Simulation", crate::simulation::Simulation::json_schema),
        (
            "ReportDocument",
            crate::sequence::report::ReportDocument::json_schema,
        ),
        ("Hint", Hint::<AnyJson, AnyJson>::json_schema),
        (
            "ComputerMove",
            ComputerMove::<AnyJson, AnyJson, AnyJson>::json_schema,
        ),
        ("Legality", Legality::<AnyJson, AnyJson>::json_schema),
        ("RemotenessList", RemotenessList::json_schema),
        ("MoveValues", moves::MoveValues::json_schema),
        ("UnlistedMoves", UnlistedMoves::<AnyJson>::json_schema),
        ("LoopyBest", loopy::LoopyBest::json_schema),
        ("LoopyOptions", loopy::LoopyOptions::json_schema),
        ("Health", Health::<AnyJson>::json_schema),
        ("Rulesets", Rulesets::<AnyJson>::json_schema),
        ("Listening", Listening::json_schema),
    ]
}

/// The whole schema: one definition per document (`$defs`), as docs/wire-schema.json holds it.
pub fn schema() -> serde_json::Value {
    // The schema of what the doors print (serialisation), not of what they would read back.
    let mut generator = schemars::generate::SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    let mut defs = serde_json::Map::new();
    for (name, schema_of) in documents() {
        defs.insert(name.to_string(), schema_of(&mut generator).to_value());
    }
    for (name, schema) in generator.take_definitions(true) {
        defs.entry(name).or_insert(schema);
    }
    defs.insert("Drawing".into(), drawing_kinds());
    let mut whole = serde_json::Map::new();
    whole.insert(
        "$schema".into(),
        "https://json-schema.org/draft/2020-12/schema".into(),
    );
    whole.insert("title".into(), "Grundy's wire format".into());
    whole.insert(
        "description".into(),
        "Every JSON document the command line (--json), the HTTP API and the Python package \
         (to_dict) print: one definition per document under $defs (grundy_core::wire)."
            .into(),
    );
    whole.insert("$defs".into(), serde_json::Value::Object(defs));
    serde_json::Value::Object(whole)
}

/// A drawing's kind: a name that a family gives in its own module, so the schema lists the
/// registry's kinds (and `heaps`, which a sum of several rulesets' heaps is drawn as).
fn drawing_kinds() -> serde_json::Value {
    let mut kinds: Vec<&str> = crate::registry::REGISTRY
        .iter()
        .map(|f| f.positions.drawing.kind())
        .chain([crate::games::family::Drawing::HEAPS.kind()])
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    serde_json::json!({
        "description": "How the page draws a family's positions: the kind of drawing that one of \
                        its drawing scripts registers (assets/draw-KIND.js), named by the family.",
        "type": "string",
        "enum": kinds,
    })
}

/// The schema of the document `name` alone, its definitions beside it (to validate one
/// answer); `None` for a name that is not a document.
pub fn document_schema(name: &str) -> Option<serde_json::Value> {
    let whole = schema();
    let defs = whole.get("$defs")?.as_object()?;
    defs.get(name)?;
    let mut one = serde_json::Map::new();
    one.insert("$ref".into(), format!("#/$defs/{name}").into());
    one.insert("$defs".into(), serde_json::Value::Object(defs.clone()));
    Some(serde_json::Value::Object(one))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The published schema is the one the types give: regenerate it with
    /// `cargo run -p grundy-core --example wire_schema > docs/wire-schema.json`.
    #[test]
    fn the_published_schema_is_the_types_schema() {
        let published = include_str!("../../../../docs/wire-schema.json");
        let published: serde_json::Value = serde_json::from_str(published).unwrap();
        assert!(
            published == schema(),
            "docs/wire-schema.json is out of date: run \
             `cargo run -p grundy-core --example wire_schema > docs/wire-schema.json`"
        );
    }

    #[test]
    fn every_document_has_a_definition_and_only_documents_are_asked_for() {
        let whole = schema();
        for (name, _) in documents() {
            assert!(whole["$defs"].get(name).is_some(), "{name}");
            assert!(document_schema(name).is_some(), "{name}");
        }
        assert!(document_schema("NoSuchDocument").is_none());
    }
}
