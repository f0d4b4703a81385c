//! The lists in the docs that name the code's parts are checked against the code, so that they
//! cannot drift: the core's module map (its `lib.rs`) and CONTRIBUTING.md's tree name every
//! module of the core, docs/api.md's table of positions names every family of the registry,
//! and its list of drawings every drawing kind.

use std::fs;
use std::path::Path;

use grundy_core::registry::{Drawing, REGISTRY};

fn read(path: &str) -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// The core's top-level modules, as its `lib.rs` declares them.
fn core_modules() -> Vec<String> {
    read("crates/grundy-core/src/lib.rs")
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod "))
        .map(|m| m.trim_end_matches(';').to_string())
        .collect()
}

#[test]
fn the_module_map_and_the_tree_name_every_module_of_the_core() {
    let modules = core_modules();
    assert!(modules.len() >= 20 && modules.contains(&"wire".to_string()));
    let lib = read("crates/grundy-core/src/lib.rs");
    let contributing = read("CONTRIBUTING.md");
    let unmapped: Vec<&String> = modules
        .iter()
        .filter(|m| !lib.contains(&format!("//! | [`{m}`] |")))
        .collect();
    assert!(
        unmapped.is_empty(),
        "lib.rs's map of the modules leaves out {unmapped:?}"
    );
    let untold: Vec<&String> = modules
        .iter()
        .filter(|m| {
            !contributing.contains(&format!("| `{m}` |"))
                && !contributing.contains(&format!("| `{m}/` |"))
                && !contributing.contains(&format!("| `{m}/mod.rs` |"))
        })
        .collect();
    assert!(
        untold.is_empty(),
        "CONTRIBUTING.md's tree leaves out {untold:?}"
    );
}

#[test]
fn the_apis_table_of_positions_names_every_family() {
    let api = read("docs/api.md");
    let table: Vec<&str> = api
        .lines()
        .skip_while(|l| !l.starts_with("| `game` | fields | example |"))
        .take_while(|l| l.starts_with('|'))
        .collect();
    assert!(table.len() > 10, "the table of positions is found");
    let first_columns: String = table
        .iter()
        .map(|row| row.split('|').nth(1).unwrap_or_default())
        .collect();
    let missing: Vec<&str> = REGISTRY
        .iter()
        .map(|f| f.name)
        .filter(|name| !first_columns.contains(&format!("`{name}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/api.md's positions leave out {missing:?}"
    );
}

#[test]
fn the_apis_list_of_drawings_names_every_drawing() {
    let api = read("docs/api.md").replace('\n', " ");
    let start = api.find("and `drawing`:").expect("the list of drawings");
    let list = &api[start..start + 400];
    let missing: Vec<String> = REGISTRY
        .iter()
        .map(|f| f.positions.drawing)
        .chain([Drawing::Heaps])
        .map(|d| {
            serde_json::to_value(d)
                .unwrap()
                .as_str()
                .unwrap()
                .to_string()
        })
        .filter(|name| !list.contains(&format!("`{name}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/api.md's drawings leave out {missing:?}"
    );
}
