//! The lists in the docs that name the code's parts are checked against the code, so that they
//! cannot drift: the core's module map (its `lib.rs`) and CONTRIBUTING.md's tree name every
//! module of the core, docs/api.md's table of positions names every family of the registry,
//! and its list of drawings every drawing kind.

use std::fs;
use std::path::Path;

use grundy_core::registry::REGISTRY;

use grundy_core::games::family::Drawing;

fn read(path: &str) -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// The modules a crate declares (`pub mod x;` in its `lib.rs`).
fn declared(lib: &str) -> Vec<String> {
    lib.lines()
        .filter_map(|l| l.strip_prefix("pub mod "))
        .map(|m| m.trim_end_matches(';').to_string())
        .collect()
}

/// The modules a door reaches through the core: its own and those of the layers below that it
/// re-exports (`pub use grundy_kernel as kernel;`, `pub use grundy_engines::{sum, …};`).
fn core_modules() -> Vec<String> {
    modules_reached(&read("crates/grundy-core/src/lib.rs"))
}

/// The modules `lib` declares or re-exports from the layers below.
fn modules_reached(lib: &str) -> Vec<String> {
    let mut modules = declared(lib);
    let mut rest = lib;
    while let Some(at) = rest.find("pub use grundy_") {
        let statement = &rest[at..rest[at..].find(';').map_or(rest.len(), |end| at + end)];
        rest = &rest[at + statement.len()..];
        let names = match (statement.split_once(" as "), statement.split_once('{')) {
            (Some((_, alias)), _) => vec![alias.trim()],
            (None, Some((_, group))) => group.trim_end_matches('}').split(',').collect(),
            (None, None) => vec![statement.rsplit("::").next().unwrap_or_default()],
        };
        modules.extend(
            names
                .into_iter()
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(String::from),
        );
    }
    modules
}

/// The modules of `modules` that `map` (a crate's `lib.rs`) leaves out of its table.
fn unmapped<'a>(modules: &'a [String], map: &str) -> Vec<&'a String> {
    modules
        .iter()
        .filter(|m| !map.contains(&format!("[`{m}`] |")))
        .collect()
}

#[test]
fn the_module_maps_and_the_tree_name_every_module() {
    let modules = core_modules();
    for layer in [
        "kernel", "nimber", "sum", "search", "games", "answer", "wire",
    ] {
        assert!(modules.iter().any(|m| m == layer), "{layer} in {modules:?}");
    }
    let lib = read("crates/grundy-core/src/lib.rs");
    let missing = unmapped(&modules, &lib);
    assert!(
        missing.is_empty(),
        "grundy-core's map of the modules leaves out {missing:?}"
    );
    for layer in ["grundy-kernel", "grundy-engines"] {
        let lib = read(&format!("crates/{layer}/src/lib.rs"));
        let own = declared(&lib);
        assert!(own.len() >= 10, "{layer} declares {own:?}");
        let missing = unmapped(&own, &lib);
        assert!(missing.is_empty(), "{layer}'s map leaves out {missing:?}");
    }
    let contributing = read("CONTRIBUTING.md");
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
fn the_module_list_reader_reads_every_form_of_re_export() {
    let lib = "pub mod answer;\npub use grundy_engines::{\n    sum, search,\n};\npub use grundy_kernel as kernel;\npub use grundy_kernel::nimber;\n";
    assert_eq!(declared(lib), ["answer"]);
    assert_eq!(
        modules_reached(lib),
        ["answer", "sum", "search", "kernel", "nimber"]
    );
    let map = "//! | [`answer`] | the answer |";
    assert_eq!(
        unmapped(&["answer".into(), "sum".into()], map),
        [&"sum".to_string()]
    );
}

/// The workspace's crates on which `crate_dir`'s `Cargo.toml` depends (`[dependencies]` only:
/// a doctest's dev-dependency on the core is not an arrow of the layers).
fn grundy_dependencies(crate_dir: &str) -> Vec<String> {
    let manifest = read(&format!("{crate_dir}/Cargo.toml"));
    let mut section = String::new();
    let mut found = Vec::new();
    for line in manifest.lines() {
        if line.starts_with('[') {
            section = line.to_string();
        } else if section == "[dependencies]" && line.starts_with("grundy-") {
            found.push(
                line.split_whitespace()
                    .next()
                    .unwrap_or_default()
                    .to_string(),
            );
        }
    }
    found
}

/// The layers of docs/architecture.md are the crates' dependencies: each engine crate depends
/// on exactly the layers before it, and the page names every crate of the workspace.
#[test]
fn the_layers_are_the_crates_dependencies() {
    let layers = [
        "grundy-kernel",
        "grundy-engines",
        "grundy-games",
        "grundy-core",
    ];
    for (i, layer) in layers.iter().enumerate() {
        let mut deps = grundy_dependencies(&format!("crates/{layer}"));
        deps.sort();
        let mut below: Vec<String> = layers[..i].iter().map(|s| s.to_string()).collect();
        below.sort();
        assert_eq!(deps, below, "{layer} depends on the layers before it");
    }
    let architecture = read("docs/architecture.md");
    let crates = fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("crates")).unwrap();
    for entry in crates {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(
            architecture.contains(&format!("`{name}`"))
                || architecture.contains(&format!("`crates/{name}`")),
            "docs/architecture.md names {name}"
        );
    }
    let arrow = "grundy-kernel ──▶ grundy-engines ──▶ grundy-games ──▶ grundy-core";
    assert!(architecture.contains(arrow), "the arrows of the layers");
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
        .chain([Drawing::HEAPS])
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

/// The explanation kinds of the wire format's schema: each shape's `const`, or the `enum` of
/// the arguments in words.
fn schema_explanation_kinds() -> Vec<String> {
    let schema = grundy_core::wire::schema::schema();
    let shapes = schema["$defs"]["Explanation"]["anyOf"]
        .as_array()
        .expect("the explanation's shapes")
        .clone();
    let mut kinds = Vec::new();
    for shape in shapes {
        let kind = match shape.get("allOf") {
            Some(parts) => parts[0]["properties"]["kind"].clone(),
            None => shape["properties"]["kind"].clone(),
        };
        match (kind.get("const"), kind.get("enum")) {
            (Some(one), _) => kinds.push(one.as_str().unwrap().to_string()),
            (None, Some(all)) => kinds.extend(
                all.as_array()
                    .unwrap()
                    .iter()
                    .map(|k| k.as_str().unwrap().to_string()),
            ),
            _ => panic!("a shape without its kind: {shape}"),
        }
    }
    kinds.sort();
    kinds.dedup();
    kinds
}

#[test]
fn the_apis_table_of_explanations_names_every_kind_of_the_schema() {
    let api = read("docs/api.md");
    let table: Vec<&str> = api
        .lines()
        .skip_while(|l| !l.starts_with("| `kind` | when | fields besides `text` |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .collect();
    assert!(table.len() > 5, "the table of explanations is found");
    let mut documented: Vec<String> = table
        .iter()
        .flat_map(|row| {
            let first = row.split('|').nth(1).unwrap_or_default();
            first.split('`').skip(1).step_by(2).map(str::to_string)
        })
        .collect();
    documented.sort();
    documented.dedup();
    let kinds = schema_explanation_kinds();
    // The ruleset's own kinds (moore, wythoff) come from the registry: at least one.
    assert!(kinds.contains(&"nim".to_string()) && kinds.contains(&"moore".to_string()));
    assert_eq!(
        documented, kinds,
        "docs/api.md's explanation kinds against the schema's"
    );
}
