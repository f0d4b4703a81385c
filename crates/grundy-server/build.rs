//! Embeds the page: every file of `assets/` becomes an entry of `$OUT_DIR/assets.rs`, served at
//! `/NAME`, and `index.html` gets a `<script>` for every drawing (`assets/draw-*.js` but the
//! kit) where its marker comment stands. A new drawing is therefore one file in `assets/`: no
//! route, no handler and no edit of the page.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

/// The line of `index.html` that the drawings' scripts replace.
const MARKER: &str =
    "<!-- drawings: a <script> for every assets/draw-*.js but draw-kit.js (build.rs) -->";

fn main() {
    let dir = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("assets");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| !name.starts_with('.'))
        .collect();
    names.sort();

    let drawings: String = names
        .iter()
        .filter(|n| n.starts_with("draw-") && n.ends_with(".js") && *n != "draw-kit.js")
        .map(|n| format!("<script src=\"/{n}\"></script>\n"))
        .collect();
    let page = fs::read_to_string(dir.join("index.html")).unwrap();
    let marked = format!("{MARKER}\n");
    assert!(
        page.contains(&marked),
        "assets/index.html lacks the line {MARKER}"
    );
    let out = Path::new(&env::var("OUT_DIR").unwrap()).to_path_buf();
    fs::write(out.join("index.html"), page.replace(&marked, &drawings)).unwrap();

    let mut table =
        String::from("/// Every file of `assets/` but the page: its name and contents.\n");
    table.push_str("pub static FILES: &[(&str, &str)] = &[\n");
    for name in names.iter().filter(|n| *n != "index.html") {
        let path = dir.join(name);
        writeln!(table, "    ({name:?}, include_str!({:?})),", path.display()).unwrap();
    }
    table.push_str("];\n");
    fs::write(out.join("assets.rs"), table).unwrap();
}
