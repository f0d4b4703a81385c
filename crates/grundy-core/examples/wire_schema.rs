//! Prints the JSON Schema of the wire format (`grundy_core::wire`), as docs/wire-schema.json
//! publishes it: `cargo run -p grundy-core --example wire_schema > docs/wire-schema.json`.

fn main() {
    let schema = grundy_core::wire::schema::schema();
    println!(
        "{}",
        serde_json::to_string_pretty(&schema).expect("a schema always serialises")
    );
}
