//! Every example the program and its docs give is answered (issue 65: the loopy example of
//! `analyze --help`, the docs and `/api/rulesets` was refused at every door).
//!
//! The examples are harvested from the `--help` texts of `grundy`, `analyze`, `play` and every
//! game's subcommand, from README.md and docs/*.md, and from `GET /api/rulesets`: every term
//! (`sub{1,4,9}:11`, `windup{5;1,3}:1`) of a ruleset the program knows, and every `grundy
//! analyze` command. A term is asked of `grundy analyze sum`, or of `grundy analyze loopy` for a
//! loopy game, and must be answered (exit 0). Refused on purpose are the examples of refusals:
//! the commands of docs/errors.md (its rows are checked by tests/bad_input.rs) and the terms of
//! an `error: ...` the docs quote, which must then be refused (exit 2).

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use grundy_core::loopy::family::loopy_family;

/// `token` as a term of a ruleset the program knows, without the punctuation around it:
/// `RULES:POSITIONS`, `RULES` a family's name or alias with its parameters in braces, and
/// `POSITIONS` no placeholder (`HEAPS`, `RxC`: capitals other than a row of coins' `T` and
/// `H`).
fn as_term(token: &str) -> Option<String> {
    let token = token.trim_end_matches(['}', ']', '>', '"', ',', '.', ';', ':']);
    let mut depth = 0i32;
    let colon = token.char_indices().find_map(|(i, c)| {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ':' if depth == 0 => return Some(i),
            _ => {}
        }
        None
    })?;
    let (rules, positions) = (&token[..colon], &token[colon + 1..]);
    let name = rules.split('{').next().unwrap_or_default();
    let placeholder = positions
        .chars()
        .any(|c| c.is_ascii_uppercase() && c != 'T' && c != 'H');
    let well_formed = !positions.is_empty()
        && !placeholder
        && !positions.starts_with(':')
        && (!rules.contains('{') || rules.ends_with('}'))
        && name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    let known = grundy_core::registry::family(name).is_some() || loopy_family(name).is_some();
    (well_formed && known).then(|| token.to_string())
}

/// The terms of `text`, split at white space and at the quotes, brackets and angle brackets
/// that no term holds (`grundy.parse("lasker:7")`, `<grundy.Position nim:3>`; a digraph's
/// edges hold `>`, but never at the end).
fn terms_of(text: &str) -> BTreeSet<String> {
    text.split(|c: char| c.is_whitespace() || "`'\"()<".contains(c))
        .filter_map(as_term)
        .collect()
}

/// The `grundy analyze` commands of `text`: each from `grundy analyze` to the end of its line,
/// of its clause (`; `) or of its code span, without a trailing `# comment`.
fn analyze_commands(text: &str) -> BTreeSet<String> {
    let mut commands = BTreeSet::new();
    for line in text.lines() {
        for (i, _) in line.match_indices("grundy analyze ") {
            let command = line[i..]
                .split('`')
                .next()
                .unwrap_or_default()
                .split("; ")
                .next()
                .unwrap_or_default()
                .split(" #")
                .next()
                .unwrap_or_default()
                .trim()
                .trim_end_matches('.');
            if is_concrete(command) {
                commands.insert(command.to_string());
            }
        }
    }
    commands
}

/// Whether `command` is one to run, not a form with placeholders (`grundy analyze loopy
/// TERMS... [--time SECONDS]`) nor a name in prose (`grundy analyze loopy`): a game and a
/// position at least (`grundy analyze loopy --json` is none), no `...`, `[` or word in
/// capitals but a row of coins (`THHTH`).
fn is_concrete(command: &str) -> bool {
    let words = common::words(command);
    let placeholder = |w: &String| {
        w.contains("...")
            || w.contains('[')
            || (w.chars().all(|c| c.is_ascii_uppercase() || c == '_')
                && w.chars().any(|c| c != 'T' && c != 'H'))
    };
    let operands = words.iter().filter(|w| !w.starts_with("--")).count();
    operands >= 4 && !words.iter().any(placeholder)
}

/// The terms and commands of an `error: ...` quoted in `text`: examples of refusals.
fn quoted_refusals(text: &str) -> String {
    text.lines()
        .flat_map(|line| line.split('`').skip(1).step_by(2))
        .filter(|span| span.starts_with("error: "))
        .collect::<Vec<_>>()
        .join("\n")
}

fn read(doc: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(doc))
        .expect("the doc is readable")
}

/// README.md and docs/*.md but docs/errors.md, whose examples are refusals.
fn docs_text() -> String {
    let mut text = read("README.md");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    for entry in std::fs::read_dir(dir).expect("docs/ is readable") {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".md") && name != "errors.md" {
            text.push('\n');
            text.push_str(&read(&format!("docs/{name}")));
        }
    }
    text
}

/// The `--help` texts that give examples: `grundy`, `analyze`, `play`, and every game's.
fn help_texts() -> String {
    let mut commands: Vec<Vec<String>> = vec![
        vec![],
        vec!["analyze".into()],
        vec!["play".into()],
        vec!["simulate".into()],
    ];
    let games = grundy_core::registry::REGISTRY
        .iter()
        .map(|f| f.name)
        .chain(["sum", "loopy"]);
    for game in games {
        commands.push(vec!["analyze".into(), game.into()]);
        commands.push(vec!["play".into(), game.into()]);
    }
    let mut text = String::new();
    for command in commands {
        let out = common::grundy()
            .args(&command)
            .arg("--help")
            .output()
            .unwrap();
        assert!(out.status.success(), "{command:?} --help");
        text.push_str(&String::from_utf8_lossy(&out.stdout));
        text.push('\n');
    }
    text
}

/// Every `example` of `GET /api/rulesets` (the families', the loopy families', the
/// parameters'), as text.
fn api_examples() -> String {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (status, body) = runtime.block_on(common::api_request("GET", "/api/rulesets", ""));
    assert_eq!(status, 200);
    let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
    let mut examples = Vec::new();
    collect_examples(&json, &mut examples);
    assert!(examples.len() >= 30, "{json}");
    examples.join("\n")
}

fn collect_examples(json: &serde_json::Value, into: &mut Vec<String>) {
    match json {
        serde_json::Value::Object(fields) => {
            for (key, value) in fields {
                match value.as_str() {
                    Some(example) if key == "example" => into.push(example.to_string()),
                    _ => collect_examples(value, into),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|i| collect_examples(i, into)),
        _ => {}
    }
}

/// The exit code of `grundy ARGS`, and its stderr.
fn exit_of(args: &[String]) -> (Option<i32>, String) {
    let out = common::grundy()
        .args(args)
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The command that asks for `term`: `analyze loopy` for a loopy game, else `analyze sum`.
fn asking(term: &str) -> Vec<String> {
    let name = term.split(['{', ':']).next().unwrap_or_default();
    let door = if loopy_family(name).is_some() {
        "loopy"
    } else {
        "sum"
    };
    vec!["analyze".into(), door.into(), term.into()]
}

#[test]
fn every_example_of_the_help_the_docs_and_the_api_is_answered() {
    let docs = docs_text();
    let sources = [
        ("--help", help_texts()),
        ("the docs", docs.clone()),
        ("/api/rulesets", api_examples()),
    ];
    // Refused on purpose: the commands of docs/errors.md (tests/bad_input.rs checks them),
    // and the terms of the refusals the docs quote.
    let on_purpose: BTreeSet<Vec<String>> = analyze_commands(&read("docs/errors.md"))
        .iter()
        .map(|c| common::words(c)[1..].to_vec())
        .collect();
    let refused_terms = terms_of(&quoted_refusals(&docs));
    let mut asked = BTreeSet::new();
    let mut failures = Vec::new();
    for (source, text) in &sources {
        let terms = terms_of(text).into_iter().map(|t| asking(&t));
        let commands = analyze_commands(text)
            .into_iter()
            .map(|c| common::words(&c)[1..].to_vec());
        let mut found = 0;
        for args in terms.chain(commands) {
            found += 1;
            let term = args.last().cloned().unwrap_or_default();
            if on_purpose.contains(&args) || !asked.insert(args.clone()) {
                continue;
            }
            let refused = refused_terms.contains(&term);
            let (code, stderr) = exit_of(&args);
            let wanted = if refused { 2 } else { 0 };
            if code != Some(wanted) {
                failures.push(format!(
                    "{source}: `grundy {}` exits {code:?}, not {wanted}: {}",
                    args.join(" "),
                    stderr.trim()
                ));
            }
        }
        // Each source gives examples: a harvest that finds none has lost its way.
        assert!(found >= 5, "{source}: only {found} examples");
    }
    assert!(
        failures.is_empty(),
        "{} examples are not answered as documented:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn terms_are_read_from_prose_and_code() {
    assert_eq!(as_term("sub{1,4,9}:11,").as_deref(), Some("sub{1,4,9}:11"));
    assert_eq!(
        as_term("windup{5;1,3}:1\"}").as_deref(),
        Some("windup{5;1,3}:1")
    );
    assert_eq!(
        terms_of("(node-kayles:grid:3x3) 'bachet{3}:7'"),
        ["bachet{3}:7", "node-kayles:grid:3x3"]
            .map(String::from)
            .into()
    );
    assert_eq!(as_term("http://127.0.0.1:8080/"), None);
    assert_eq!(as_term("octal{kayles}"), None);
    assert_eq!(as_term("nim:"), None);
    assert_eq!(as_term("chess:3"), None);
    assert_eq!(as_term("windup{N;S}:HEAPS"), None);
    assert_eq!(as_term("cram:RxC"), None);
    assert_eq!(as_term("Cram::new"), None);
    assert_eq!(as_term("turtles:THHTH").as_deref(), Some("turtles:THHTH"));
    assert_eq!(
        terms_of("grundy.parse(\"lasker:7\").value <grundy.Position nim:3>, `digraph{0>1}:0`"),
        ["digraph{0>1}:0", "lasker:7", "nim:3"]
            .map(String::from)
            .into()
    );
    assert_eq!(
        analyze_commands(
            "run `grundy analyze nim 2 3 4 --explain` or; grundy analyze sum nim:3 # a; b"
        )
        .into_iter()
        .collect::<Vec<_>>(),
        [
            "grundy analyze nim 2 3 4 --explain",
            "grundy analyze sum nim:3"
        ]
    );
    assert!(!is_concrete(
        "grundy analyze loopy TERMS... [--time SECONDS]"
    ));
    assert!(!is_concrete("grundy analyze CODE 3"));
    assert!(!is_concrete("grundy analyze loopy"));
    assert!(!is_concrete("grundy analyze loopy --json"));
    assert!(!is_concrete("grundy analyze wythoff X Y"));
    assert!(is_concrete("grundy analyze turtles THHTH"));
    assert_eq!(
        quoted_refusals("a `error: term 2 (cram:7x9) is too large` b `cram:3x4`"),
        "error: term 2 (cram:7x9) is too large"
    );
}
