//! The bad-input table of docs/errors.md, run row by row, so the docs cannot drift from the
//! behaviour.
//!
//! The table lies between `<!-- bad-input:begin -->` and `<!-- bad-input:end -->` in
//! docs/errors.md.
//! Its columns are `input | allowed | try | exit | error`:
//!
//! * a `try` starting with `grundy` runs the real binary. With exit 2 the error must equal the
//!   documented one, and be the only line on stderr. With `<<< 'LINE'` the line is typed into `play`,
//!   which answers on stdout, asks again (exit 0), and the documented answer must be a line of
//!   its output.
//! * a `try` starting with `POST` or `GET` sends the request to the server's router in process;
//!   the status must equal `exit` and the JSON `error` must equal the documented message.
//!
//! `{TEXT*N}` in a `try` stands for TEXT repeated N times (long inputs stay readable).

mod common;

use common::{grundy, words};

/// One row of the table.
#[derive(Debug)]
struct Row {
    input: String,
    try_it: String,
    exit: u16,
    error: String,
}

fn documented_rows() -> Vec<Row> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/errors.md"))
        .expect("docs/errors.md is readable");
    let start = doc
        .find("<!-- bad-input:begin -->")
        .expect("docs/errors.md has the bad-input table");
    let end = doc[start..]
        .find("<!-- bad-input:end -->")
        .expect("the bad-input table ends")
        + start;
    doc[start..end]
        .lines()
        .filter(|line| line.starts_with('|'))
        .skip(2) // header and separator
        .map(parse_row)
        .collect()
}

/// Splits a table line into its cells (a `\|` inside a cell is a literal bar).
fn cells(line: &str) -> Vec<String> {
    let protected = line.trim().replace("\\|", "\u{0}");
    let inner = protected
        .strip_prefix('|')
        .and_then(|l| l.strip_suffix('|'))
        .expect("a table row starts and ends with |");
    inner
        .split('|')
        .map(|cell| cell.trim().replace('\u{0}', "|"))
        .collect()
}

/// The text of an inline code span: `` `x` `` or ``` `` x `` ``` (for text with backticks).
fn code_span(cell: &str) -> String {
    let cell = cell.trim();
    if let Some(inner) = cell.strip_prefix("``").and_then(|c| c.strip_suffix("``")) {
        return inner
            .strip_prefix(' ')
            .unwrap_or(inner)
            .strip_suffix(' ')
            .unwrap_or(inner)
            .to_string();
    }
    cell.strip_prefix('`')
        .and_then(|c| c.strip_suffix('`'))
        .unwrap_or_else(|| panic!("expected a code span, got {cell:?}"))
        .to_string()
}

fn parse_row(line: &str) -> Row {
    let cells = cells(line);
    assert_eq!(cells.len(), 5, "five cells in {line:?}");
    Row {
        input: cells[0].clone(),
        try_it: expand(&code_span(&cells[2])),
        exit: cells[3]
            .split_whitespace()
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("an exit code or status in {line:?}")),
        error: expand(&code_span(&cells[4])),
    }
}

/// Expands `{TEXT*N}` into TEXT repeated N times (TEXT holds no braces; other braces, as in
/// JSON or `sub{1,4}`, stay as they are).
fn expand(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(close) = rest.find('}') {
        let open = rest[..close].rfind('{');
        let repeat = open.and_then(|open| {
            let (unit, n) = rest[open + 1..close].rsplit_once('*')?;
            Some((open, unit, n.parse::<usize>().ok()?))
        });
        match repeat {
            Some((open, unit, n)) => {
                out.push_str(&rest[..open]);
                out.push_str(&unit.repeat(n));
            }
            None => out.push_str(&rest[..=close]),
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// stderr up to its first blank line, whitespace runs as one space.
fn first_paragraph(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let paragraph = text.split("\n\n").next().unwrap_or("");
    paragraph.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Numbers the CLI rows' directories.
static ROW: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Runs a CLI row; returns a description of the mismatch, if any.
fn check_cli(row: &Row) -> Option<String> {
    let (command, stdin) = match row.try_it.split_once(" <<< ") {
        Some((command, line)) => (command, Some(words(line).concat() + "\n")),
        None => (row.try_it.as_str(), None),
    };
    let args = words(command);
    assert_eq!(args[0], "grundy", "{:?}", row.try_it);
    // Each command runs in a directory of its own under the system's temp dir, so that the
    // table's paths (`--db s.db`, `-o no-such-dir/out.txt`) name nothing outside it; it holds
    // one directory, `src`, for the rows about writing to a directory.
    let dir = std::env::temp_dir().join(format!(
        "grundy-bad-input-{}-{}",
        std::process::id(),
        ROW.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let mut cmd = grundy();
    cmd.current_dir(&dir)
        .args(&args[1..])
        .timeout(std::time::Duration::from_secs(60));
    cmd.write_stdin(stdin.clone().unwrap_or_default());
    let out = cmd.output().expect("grundy runs");
    std::fs::remove_dir_all(&dir).unwrap();
    let code = out.status.code().map(|c| c as u16);
    if code != Some(row.exit) {
        return Some(format!(
            "exit {code:?}, documented {}; stderr: {}",
            row.exit,
            first_paragraph(&out.stderr)
        ));
    }
    if stdin.is_some() {
        let stdout = String::from_utf8_lossy(&out.stdout);
        let answered = stdout
            .lines()
            .any(|line| line.trim_start_matches("Your move> ") == row.error);
        return (!answered).then(|| format!("stdout has no line {:?}:\n{stdout}", row.error));
    }
    let seen = first_paragraph(&out.stderr);
    if seen != row.error {
        return Some(format!("stderr says `{seen}`"));
    }
    // Every refusal is one line (issue 29): nothing after it, not even clap's usage.
    let lines = String::from_utf8_lossy(&out.stderr)
        .trim_end()
        .lines()
        .count();
    (lines != 1).then(|| format!("stderr has {lines} lines, not one"))
}

/// Sends an API row to the router in process; returns a description of the mismatch, if any.
async fn check_api(row: &Row) -> Option<String> {
    let (method, rest) = row.try_it.split_once(' ').expect("METHOD PATH [BODY]");
    let (path, body) = rest.split_once(' ').unwrap_or((rest, ""));
    let (status, bytes) = common::api_request(method, path, body).await;
    let json: serde_json::Value = match serde_json::from_slice(&bytes) {
        Ok(json) => json,
        Err(_) => return Some(format!("not JSON: {}", String::from_utf8_lossy(&bytes))),
    };
    let error = json["error"].as_str().unwrap_or("(no error field)");
    if status != row.exit || error != row.error {
        return Some(format!("{status} `{error}`"));
    }
    // `field` names the path a message starts with (`position.heaps is missing`,
    // `position.board: unknown field`), and is null otherwise.
    let nested_path = error
        .split([' ', ':'])
        .next()
        .filter(|word| word.starts_with(|c: char| c.is_ascii_lowercase()))
        .filter(|word| word.contains(['.', '[']) && !word.ends_with('.'));
    match (&json["field"], nested_path) {
        (serde_json::Value::String(field), _) if error.starts_with(field.as_str()) => None,
        (serde_json::Value::Null, None) => None,
        (field, _) => Some(format!("`{error}` with field {field}")),
    }
}

/// Long inputs (`{9*100001}`) shortened for failure messages.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(400) {
        Some((cut, _)) => format!("{}... ({} bytes)", &text[..cut], text.len()),
        None => text.to_string(),
    }
}

#[test]
fn the_documented_table_is_what_users_see() {
    let rows = documented_rows();
    // Every row the table has held so far: a lost row is a lost check.
    assert!(rows.len() >= 193, "only {} rows found", rows.len());
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut failures = Vec::new();
    for row in &rows {
        let mismatch = if row.try_it.starts_with("grundy") {
            check_cli(row)
        } else {
            runtime.block_on(check_api(row))
        };
        if let Some(why) = mismatch {
            failures.push(format!(
                "{} — `{}`\n  documented: {} `{}`\n  actual: {}",
                row.input,
                shorten(&row.try_it),
                row.exit,
                shorten(&row.error),
                shorten(&why)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rows of docs/errors.md differ from the behaviour:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}

#[test]
fn every_cli_error_row_exits_2_and_every_api_row_is_4xx() {
    for row in documented_rows() {
        if row.try_it.starts_with("grundy") {
            let interactive = row.try_it.contains(" <<< ");
            assert_eq!(row.exit, if interactive { 0 } else { 2 }, "{row:?}");
        } else {
            assert!((400..500).contains(&row.exit), "{row:?}");
        }
    }
}

#[test]
fn table_helpers() {
    assert_eq!(expand("nim:1{,1*3}"), "nim:1,1,1,1");
    assert_eq!(expand("sub{1,4}:3"), "sub{1,4}:3");
    assert_eq!(expand(r#"{"h": [1{,1*2}]}"#), r#"{"h": [1,1,1]}"#);
    assert_eq!(words("a 'b c' '' d"), ["a", "b c", "", "d"]);
    assert_eq!(code_span("`` a `b` ``"), "a `b`");
    assert_eq!(cells("| a | `x \\| y` |"), ["a", "`x | y`"]);
}

/// Every argument that takes a value, with the subcommands that lead to it (`help` aside).
fn valued_arguments(
    command: &clap::Command,
    path: &mut Vec<String>,
) -> Vec<(Vec<String>, clap::Arg)> {
    let mut out: Vec<(Vec<String>, clap::Arg)> = command
        .get_arguments()
        .filter(|a| a.get_action().takes_values())
        .map(|a| (path.clone(), a.clone()))
        .collect();
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        path.push(sub.get_name().to_string());
        out.extend(valued_arguments(sub, path));
        path.pop();
    }
    out
}

/// Issue 65: a value of 100,000 characters, given to every argument of every subcommand in
/// turn, is echoed by its start and length, so that the refusal stays one short line (it was
/// echoed twice, whole, in a line of 200,000 characters). The parser refuses most of them; those
/// it takes as text are run (in a temporary directory: some name files) and refused by the
/// command, as short.
#[test]
fn a_long_value_is_echoed_by_its_start_and_length_at_every_argument() {
    use clap::CommandFactory;
    use grundy::cli::args::{parse, Parsed};
    let long = "x".repeat(100_000);
    let shown = "xxxxxxxxxxxxxxxxxxxx... (100000 characters)";
    let root = grundy::cli::Cli::command();
    let (mut refused, mut taken) = (0, Vec::new());
    for (path, arg) in valued_arguments(&root, &mut Vec::new()) {
        let mut argv = vec!["grundy".to_string()];
        argv.extend(path);
        match (arg.get_long(), arg.get_short()) {
            (Some(name), _) => argv.push(format!("--{name}")),
            (None, Some(c)) => argv.push(format!("-{c}")),
            (None, None) => {}
        }
        argv.push(long.clone());
        match parse(&argv) {
            Parsed::Refuse(line) => {
                assert!(
                    line.len() < 1_000,
                    "{:?}: {}",
                    &argv[..argv.len() - 1],
                    &line[..1_000]
                );
                refused += 1;
            }
            Parsed::Run(_) => taken.push(argv),
            Parsed::Print(_) => {}
        }
    }
    assert!(refused >= 150, "only {refused} arguments refused");
    let dir = tempfile::tempdir().unwrap();
    let mut echoed = 0;
    for argv in taken.iter().filter(|a| a[1] != "serve" && a[1] != "play") {
        let out = grundy()
            .args(&argv[1..])
            .current_dir(dir.path())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        for line in stderr.lines() {
            assert!(
                line.len() < 1_000,
                "{:?}: {}",
                &argv[1..argv.len() - 1],
                &line[..1_000]
            );
        }
        echoed += usize::from(stderr.contains(shown));
    }
    assert!(
        echoed >= 10,
        "only {echoed} of {} runs echo the excerpt",
        taken.len()
    );
}
