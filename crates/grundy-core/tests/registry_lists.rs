//! Every list of games is the registry: no source file outside a ruleset's own module and the
//! registry names a family by a string literal (`"cram"`) or downcasts a component to a
//! concrete game (`position::<Wythoff>()`). A door or an engine that needs to know something of
//! a game asks its family (`Family::search`, `Family::known_by`, `Family::heap_game`,
//! `Family::at_once`, `Positions::drawing`), so a new game is declared in one place.
//!
//! The sources read are every crate's `src` (tests, benches and examples may name games), each
//! file up to its `#[cfg(test)]` module, comment lines left out; test files (`tests.rs`,
//! `*_tests.rs`, a test helper `test_*.rs`, the directories `*_tests/` of the tests that read
//! positions above their layer) are tests.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use grundy_core::registry::REGISTRY;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Where a family's own module lives, where its file is not named after it: the path
/// fragments that hold it (the rules beside their game, the families a module declares
/// together).
const HOMES: &[(&str, &str)] = &[
    ("bachet", "grundy-games/src/subtraction"),
    ("grundys-game", "grundy-games/src/octal"),
    ("grundys-game", "grundy-kernel/src/heap_rules.rs"),
    ("hex", "grundy-games/src/take_break"),
    ("node-kayles", "grundy-games/src/rules/kayles_graphs.rs"),
    ("arc-kayles", "grundy-games/src/rules/kayles_graphs.rs"),
    ("turtles", "grundy-games/src/coins"),
    ("twins", "grundy-games/src/coins"),
    ("mock-turtles", "grundy-games/src/coins"),
    ("ruler", "grundy-games/src/coins"),
    ("turning-corners", "grundy-games/src/tartan"),
    ("rugs", "grundy-games/src/tartan"),
    ("acrostic-twins", "grundy-games/src/acrostic"),
    ("nim", "grundy-kernel/src/nim.rs"),
    // Python's survey door defaults to the octal family, as `grundy survey` does (a keyword's
    // default in the function's signature, which Python shows).
    ("octal", "grundy-py/src/survey.rs"),
    // The coin-turning games a Tartan or acrostic product takes by name.
    ("twins", "grundy-games/src/tartan.rs"),
    ("ruler", "grundy-games/src/tartan.rs"),
    ("twins", "grundy-games/src/acrostic.rs"),
    ("ruler", "grundy-games/src/acrostic.rs"),
    // The drawing kind of a row of coins (`Drawing::COINS`), which every coin-turning game
    // shares and the command line reads (a row is typed as text): a drawing's name, which
    // happens to be the `coins` family's too.
    ("coins", "grundy-games/src/family.rs"),
    // The games defined in Python, by the package's own engine.
    ("py", "grundy-py/src/custom"),
];

/// Files that may name any game: the registry itself.
fn is_registry(path: &str) -> bool {
    path.contains("grundy-core/src/registry")
}

/// Whether `path` is the own module of the family or game called `name` (a family's name or
/// a type's, in snake case).
fn is_home(path: &str, name: &str) -> bool {
    let stem = name.replace('-', "_");
    let file = path.rsplit('/').next().unwrap_or(path);
    path.split('/')
        .any(|part| part == stem || part == format!("{stem}.rs"))
        || file.trim_end_matches(".rs") == stem
        || HOMES
            .iter()
            .any(|&(n, home)| n == name && path.contains(home))
}

/// Every `.rs` file under the crates' `src` directories and the binary's, relative to the
/// workspace, with its text up to its test module and without comment lines.
fn sources() -> Vec<(String, Vec<(usize, String)>)> {
    let root = workspace();
    let mut dirs: Vec<PathBuf> = vec![root.join("src")];
    for entry in fs::read_dir(root.join("crates")).unwrap() {
        dirs.push(entry.unwrap().path().join("src"));
    }
    let mut files = Vec::new();
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .filter_map(|path| {
            let rel = path
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let name = rel.rsplit('/').next().unwrap_or_default();
            let test_file = name == "tests.rs"
                || name.ends_with("_tests.rs")
                || name.starts_with("test_")
                || rel.contains("/tests/")
                || rel.contains("_tests/");
            if test_file {
                return None;
            }
            let text = fs::read_to_string(&path).unwrap();
            let lines = text
                .lines()
                .enumerate()
                .take_while(|(_, l)| l.trim() != "#[cfg(test)]")
                .filter(|(_, l)| !l.trim_start().starts_with("//"))
                .map(|(i, l)| (i + 1, l.to_string()))
                .collect();
            Some((rel, lines))
        })
        .collect()
}

/// The registry's names (its aliases, such as `grundy` for Grundy's game, are words the code
/// uses for other things: the package is `grundy`).
fn family_names() -> BTreeSet<&'static str> {
    REGISTRY.iter().map(|f| f.name).collect()
}

/// `file:line: what` for each game a line names (`names(line)`: the game and how it is named)
/// outside that game's home, in every source but the registry's.
fn outside_home(names: impl Fn(&str) -> Vec<(String, String)>) -> Vec<String> {
    let mut found = Vec::new();
    for (path, lines) in sources() {
        if is_registry(&path) {
            continue;
        }
        for (n, line) in &lines {
            for (game, what) in names(line) {
                if !is_home(&path, &game) {
                    found.push(format!("{path}:{n}: {what}"));
                }
            }
        }
    }
    found
}

/// Each string literal naming a family outside its home.
fn named_outside_home() -> Vec<String> {
    let names = family_names();
    outside_home(|line| {
        line.split('"')
            .skip(1)
            .step_by(2)
            .filter(|literal| names.contains(literal))
            .map(|literal| (literal.to_string(), format!("\"{literal}\"")))
            .collect()
    })
}

/// The game a downcast names (`Wythoff` of `position::<Wythoff>()`, `Chomp` of
/// `downcast::<Searched<ChompGame>>()`), in snake case, or `None` for a type parameter.
fn downcast_target(line: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for marker in ["position::<", "downcast::<"] {
        for rest in line.split(marker).skip(1) {
            let ty = rest.split(">()").next().unwrap_or_default();
            let ty = ty.trim_start_matches("Searched<").trim_end_matches('>');
            // A type parameter (`R`) or a generic type (`Engine<G>`) is no concrete game.
            if ty.len() <= 1 || ty.contains('<') {
                continue;
            }
            let ty = ty.strip_suffix("Game").unwrap_or(ty);
            let mut snake = String::new();
            for (i, ch) in ty.chars().enumerate() {
                if ch.is_uppercase() && i > 0 {
                    snake.push('_');
                }
                snake.push(ch.to_ascii_lowercase());
            }
            targets.push(snake);
        }
    }
    targets
}

/// Each downcast to a concrete game outside its home.
fn downcasts_outside_home() -> Vec<String> {
    outside_home(|line| {
        downcast_target(line)
            .into_iter()
            .map(|game| (game.clone(), format!("downcast to {game}")))
            .collect()
    })
}

#[test]
fn no_family_is_named_outside_its_module_and_the_registry() {
    let found = named_outside_home();
    assert!(
        found.is_empty(),
        "a family named by a literal outside its module (ask the registry instead): {found:#?}"
    );
}

#[test]
fn no_concrete_game_is_downcast_to_outside_its_module() {
    let found = downcasts_outside_home();
    assert!(
        found.is_empty(),
        "a downcast to a concrete game outside its module (ask its family instead): {found:#?}"
    );
}

#[test]
fn the_checks_can_fail() {
    // A literal or a downcast planted in a door is found; the same in the game's module is not.
    let names = family_names();
    assert!(names.contains("cram") && names.contains("subtraction"));
    assert!(!is_home("crates/grundy-server/src/api/analyze.rs", "cram"));
    assert!(is_home("crates/grundy-games/src/rules/cram.rs", "cram"));
    assert!(is_home("crates/grundy-games/src/cram/regions.rs", "cram"));
    assert!(!is_home("crates/grundy-games/src/rules/chomp.rs", "cram"));
    assert_eq!(
        downcast_target("if let Some(b) = c.position::<Searched<CramGame>>() {"),
        ["cram"]
    );
    assert_eq!(
        downcast_target("c.position::<Wythoff>().map(|p| p)"),
        ["wythoff"]
    );
    assert!(downcast_target("c.downcast::<R>().map(|(_, p)| p)").is_empty());
    // The reader sees the sources: this crate's own adapters are among them.
    assert!(sources()
        .iter()
        .any(|(path, _)| path == "crates/grundy-games/src/rules/cram.rs"));
}

/// A family's flags say what its rules do: the heap games are those the misère engine takes as
/// heap games (and its refusal names them all), the search games are searched by name to the
/// value a sum gives.
#[test]
fn every_familys_flags_agree_with_its_rules() {
    use grundy_core::games::rules::search_run::SearchOptions;
    use grundy_core::misere::game::{not_a_heap_game, RegistryHeapGame};
    use grundy_core::registry::search::{search, search_games};

    let refusal = not_a_heap_game("moore").to_string();
    for family in REGISTRY {
        let sum = grundy_core::spec::parse_sum(family.example).unwrap();
        let rules = sum.components[0].rules();
        assert_eq!(
            RegistryHeapGame::new(rules).is_ok(),
            family.heap_game,
            "{}: heap_game",
            family.name
        );
        if family.heap_game {
            let named = std::iter::once(family.name)
                .chain(family.aliases.iter().copied())
                .any(|n| refusal.contains(n));
            assert!(named, "the refusal names {}: {refusal}", family.name);
        }
        for c in &sum.components {
            let _ = (family.known_by)(c);
        }
        if family.search.is_some() {
            let (_, position) = family.example.split_once(':').unwrap();
            let options = SearchOptions {
                memory_bytes: 1 << 20,
                threads: 1,
                ..SearchOptions::default()
            };
            let run = search(family.name, position, options).unwrap();
            assert_eq!(
                run.value.unwrap().value(),
                Some(sum.value().unwrap()),
                "{}",
                family.example
            );
        }
    }
    assert_eq!(
        search_games(),
        ["cram", "chomp", "node-kayles", "arc-kayles", "sprouts"]
    );
}
