//! No file of any crate of the workspace is in an import cycle (docs/architecture.md).
//!
//! The layers themselves are crates (`grundy-kernel` → `grundy-engines` → `grundy-games` →
//! `grundy-core` → the doors), so Cargo refuses an upward import. Within a crate, every
//! `crate::…`, `super::…` and `self::…` path in a source file, in code, comments, doc links
//! and test modules alike, is resolved to the file of the deepest module that exists: an edge
//! from the file to that file; no strongly connected set of more than one file may exist
//! (Tarjan's algorithm).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

type Module = Vec<String>;

/// The workspace root (two levels above this crate).
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `src` directories of the workspace's crates, named relative to the workspace.
fn source_roots() -> Vec<String> {
    let mut roots = vec!["src".to_string()];
    let mut crates: Vec<String> = fs::read_dir(workspace().join("crates"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    crates.sort();
    roots.extend(crates.into_iter().map(|c| format!("crates/{c}/src")));
    roots
        .into_iter()
        .filter(|r| workspace().join(r).is_dir())
        .collect()
}

/// Every `.rs` file under `dir`, with the module path it defines (`mod.rs`, `lib.rs` and
/// `main.rs` name their directory).
fn modules(src: &Path, dir: &Path, out: &mut BTreeMap<Module, String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            modules(src, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(src).unwrap().with_extension("");
            let mut module: Module = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(
                module.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                module.pop();
            }
            out.insert(
                module,
                rel.with_extension("rs").to_string_lossy().into_owned(),
            );
        }
    }
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The paths a file names from `crate`, `super` or `self`, as (head, segments), with use
/// groups (`crate::{a::B, c::{D, E}}`) expanded.
fn paths(text: &str) -> Vec<(String, Vec<String>)> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts_word = i == 0 || !is_word(chars[i - 1]);
        let head = ["crate", "super", "self"].into_iter().find(|h| {
            let end = i + h.len();
            starts_word
                && chars[i..].starts_with(&h.chars().collect::<Vec<_>>())
                && chars.get(end) == Some(&':')
                && chars.get(end + 1) == Some(&':')
        });
        let Some(head) = head else {
            i += 1;
            continue;
        };
        i += head.len();
        expand(&chars, &mut i, head, Vec::new(), &mut found);
    }
    found
}

/// Reads `::a::b`, `::a::{…}` or `::{…}` at `i`, pushing every full path with `prefix`.
fn expand(
    chars: &[char],
    i: &mut usize,
    head: &str,
    mut prefix: Vec<String>,
    found: &mut Vec<(String, Vec<String>)>,
) {
    while chars.get(*i) == Some(&':') && chars.get(*i + 1) == Some(&':') {
        *i += 2;
        if chars.get(*i) == Some(&'{') {
            *i += 1;
            if !prefix.is_empty() {
                found.push((head.to_string(), prefix.clone()));
            }
            loop {
                while chars
                    .get(*i)
                    .is_some_and(|c| c.is_whitespace() || *c == ',')
                {
                    *i += 1;
                }
                match chars.get(*i) {
                    None => return,
                    Some('}') => {
                        *i += 1;
                        return;
                    }
                    Some(c) if is_word(*c) => {
                        let start = *i;
                        while chars.get(*i).is_some_and(|c| is_word(*c)) {
                            *i += 1;
                        }
                        let mut inner = prefix.clone();
                        inner.push(chars[start..*i].iter().collect());
                        expand(chars, i, head, inner, found);
                        // Skip a rename (`as X`) or anything else up to the next item.
                        while chars.get(*i).is_some_and(|c| !matches!(c, ',' | '}' | '{')) {
                            *i += 1;
                        }
                    }
                    Some(_) => *i += 1,
                }
            }
        }
        let start = *i;
        while chars.get(*i).is_some_and(|c| is_word(*c)) {
            *i += 1;
        }
        if start == *i {
            break;
        }
        prefix.push(chars[start..*i].iter().collect());
    }
    if !prefix.is_empty() {
        found.push((head.to_string(), prefix));
    }
}

/// The import edges between the files of one source root.
fn edges(root: &str) -> BTreeMap<String, BTreeSet<String>> {
    let src = workspace().join(root);
    let mut mods = BTreeMap::new();
    modules(&src, &src, &mut mods);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, file) in &mods {
        let text = fs::read_to_string(src.join(file)).unwrap();
        let targets = graph.entry(file.clone()).or_default();
        for (head, segments) in paths(&text) {
            let mut full: Module = match head.as_str() {
                "crate" => Vec::new(),
                "super" => module[..module.len().saturating_sub(1)].to_vec(),
                _ => module.clone(),
            };
            full.extend(segments);
            while !full.is_empty() && !mods.contains_key(&full) {
                full.pop();
            }
            if let Some(target) = mods.get(&full).filter(|_| !full.is_empty()) {
                if target != file {
                    targets.insert(target.clone());
                }
            }
        }
    }
    graph
}

/// The strongly connected sets of more than one file (Tarjan's algorithm, iterative).
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    let nodes: Vec<&String> = graph.keys().collect();
    let id: BTreeMap<&String, usize> = nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let next: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| {
            graph[*n]
                .iter()
                .filter_map(|t| id.get(t).copied())
                .collect()
        })
        .collect();
    let (mut index, mut low) = (vec![usize::MAX; nodes.len()], vec![0; nodes.len()]);
    let (mut on_stack, mut stack, mut counter, mut found) =
        (vec![false; nodes.len()], Vec::new(), 0, Vec::new());
    for root in 0..nodes.len() {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut edge)) = work.last_mut() {
            if *edge == 0 && index[v] == usize::MAX {
                index[v] = counter;
                low[v] = counter;
                counter += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = next[v].get(*edge) {
                *edge += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut set = BTreeSet::new();
                loop {
                    let w = stack.pop().unwrap();
                    on_stack[w] = false;
                    set.insert(nodes[w].clone());
                    if w == v {
                        break;
                    }
                }
                if set.len() > 1 {
                    found.push(set);
                }
            }
        }
    }
    found
}

#[test]
fn no_file_is_in_an_import_cycle() {
    let mut report = String::new();
    for root in source_roots() {
        for set in cycles(&edges(&root)) {
            report += &format!("{root}: a cycle of {} files: {set:#?}\n", set.len());
        }
    }
    assert!(report.is_empty(), "import cycles:\n{report}");
}

#[test]
fn a_planted_cycle_is_found() {
    // The check above can fail: an edge back from Nim to the rulesets' root closes a cycle.
    let mut graph = edges("crates/grundy-games/src");
    graph
        .get_mut("nim.rs")
        .unwrap()
        .insert("lib.rs".to_string());
    graph
        .get_mut("lib.rs")
        .unwrap()
        .insert("nim.rs".to_string());
    assert!(cycles(&graph)
        .iter()
        .any(|set| set.contains("lib.rs") && set.contains("nim.rs")));
}

#[test]
fn the_graph_finds_a_known_cycle_and_group_imports() {
    // The reader itself: a group import is expanded, and two files importing each other are
    // one cycle (so the test above can fail).
    let found = paths("use crate::{a::B, c::{d::E, F}};\nlet x = super::g::H;");
    let found: Vec<String> = found
        .into_iter()
        .map(|(h, s)| format!("{h}::{}", s.join("::")))
        .collect();
    assert_eq!(
        found,
        [
            "crate::a::B",
            "crate::c",
            "crate::c::d::E",
            "crate::c::F",
            "super::g::H"
        ]
    );
    let mut graph = BTreeMap::new();
    graph.insert("a.rs".to_string(), BTreeSet::from(["b.rs".to_string()]));
    graph.insert("b.rs".to_string(), BTreeSet::from(["a.rs".to_string()]));
    graph.insert("c.rs".to_string(), BTreeSet::from(["a.rs".to_string()]));
    let sets = cycles(&graph);
    assert_eq!(sets.len(), 1);
    assert_eq!(
        sets[0],
        BTreeSet::from(["a.rs".to_string(), "b.rs".to_string()])
    );
}
