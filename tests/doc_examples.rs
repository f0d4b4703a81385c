//! Every command shown with its output in README.md and docs/*.md, run and compared with what
//! the docs show (issue 65), so that no doc drifts from what the program prints.
//!
//! An example is a line `$ COMMAND` in a ```` ```text ```` block; its output is the lines after
//! it, up to the next `$ ` line or the end of the block. Commands:
//!
//! * `grundy ARGS` runs the binary in a directory of its own, shared by the commands of one
//!   block as a reader would type them one after another (a file one writes, the next reads),
//!   and compares its stdout; `printf 'INPUT' | grundy ARGS` types INPUT (`\n` a new line);
//! * `curl -s localhost:8080/api/PATH -d 'BODY'` posts BODY to the server's router in process;
//!   the documented answer is the JSON on one line or several (a line starting with a space
//!   goes on from the one before);
//! * `grundy serve` starts the server on a free port (`--port 0`) and compares its first lines,
//!   the port written as the docs' 8080.
//!
//! Wildcards, as `trycmd` writes them: a line `...` stands for any number of lines (none
//! included), and `...` inside a line for any text within it (times, a long list cut short). A
//! command shown without output must succeed.

mod common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::Stdio;
use std::sync::atomic::{AtomicUsize, Ordering};

/// One example of a doc.
#[derive(Debug)]
struct Example {
    /// The doc and the line of the `$`, for failure messages.
    place: String,
    /// The block it is in, numbered across the docs: its commands share a directory.
    block: usize,
    command: String,
    output: Vec<String>,
}

/// The docs whose examples are run.
fn docs() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut docs = vec!["README.md".to_string()];
    let mut others: Vec<String> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ is readable")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    others.sort();
    docs.extend(others);
    docs
}

/// Numbers the blocks of every doc.
static BLOCK: AtomicUsize = AtomicUsize::new(0);

/// The examples of the doc at `doc` (a path from the repository's root).
fn examples_of(doc: &str) -> Vec<Example> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(doc))
        .expect("the doc is readable");
    let mut examples = Vec::new();
    let mut in_text_block = false;
    let mut in_other_block = false;
    for (number, line) in text.lines().enumerate() {
        if let Some(fence) = line.strip_prefix("```") {
            match (in_text_block, in_other_block) {
                (false, false) if fence == "text" => {
                    in_text_block = true;
                    BLOCK.fetch_add(1, Ordering::Relaxed);
                }
                (false, false) => in_other_block = true,
                _ => (in_text_block, in_other_block) = (false, false),
            }
            continue;
        }
        if !in_text_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                place: format!("{doc}:{}", number + 1),
                block: BLOCK.load(Ordering::Relaxed),
                command: command.to_string(),
                output: Vec::new(),
            });
        } else if let Some(example) = examples.last_mut() {
            example.output.push(line.to_string());
        }
    }
    // Lines of a text block before its first `$` belong to no example (drawings, formulas):
    // only blocks that show a command are examples.
    examples
}

/// Whether `text` matches `pattern`, whose `...` stands for any text.
fn line_matches(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split("...").collect();
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if parts.len() == 1 {
        return pattern == text;
    }
    if !text.starts_with(first) || text.len() < first.len() + last.len() || !text.ends_with(last) {
        return false;
    }
    let mut rest = &text[first.len()..text.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Whether the lines `text` match the lines `pattern`, whose line `...` stands for any number
/// of lines (by dynamic programming over the two positions: no backtracking blow-up).
fn lines_match(pattern: &[String], text: &[String]) -> bool {
    let (p, t) = (pattern.len(), text.len());
    // matched[i][j]: pattern[i..] matches text[j..].
    let mut matched = vec![vec![false; t + 1]; p + 1];
    matched[p][t] = true;
    for i in (0..p).rev() {
        for j in (0..=t).rev() {
            matched[i][j] = if pattern[i] == "..." {
                matched[i + 1][j] || (j < t && matched[i][j + 1])
            } else {
                j < t && line_matches(&pattern[i], &text[j]) && matched[i + 1][j + 1]
            };
        }
    }
    matched[0][0]
}

/// Lines without their trailing spaces, and without the blank lines that end them.
fn trimmed(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text.lines().map(|l| l.trim_end().to_string()).collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// The directory the commands of block `block` run in.
fn block_dir(block: usize) -> std::path::PathBuf {
    std::env::temp_dir().join(format!(
        "grundy-doc-examples-{}-{block}",
        std::process::id()
    ))
}

/// What `command` (`grundy ...`, `printf '...' | grundy ...`) prints on stdout, in the
/// directory `dir` (made if missing); `Err` with its stderr when it fails.
fn run_grundy(command: &str, dir: &Path) -> Result<String, String> {
    let (input, command) = match command.strip_prefix("printf '") {
        Some(rest) => {
            let (input, command) = rest.split_once("' | ").expect("printf '...' | grundy ...");
            (input.replace("\\n", "\n"), command)
        }
        None => (String::new(), command),
    };
    let args = common::words(command);
    assert_eq!(args[0], "grundy", "{command}");
    std::fs::create_dir_all(dir).unwrap();
    let out = common::grundy()
        .current_dir(dir)
        .args(&args[1..])
        .write_stdin(input)
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .expect("grundy runs");
    if !out.status.success() {
        return Err(format!(
            "exit {:?}: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8(out.stdout).expect("the output is UTF-8"))
}

/// The first `lines` lines `grundy serve` prints, started on a free port, with the port
/// written 8080 as in the docs.
fn serve_lines(lines: usize) -> String {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("grundy serve starts");
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut printed = String::new();
    for _ in 0..lines {
        reader.read_line(&mut printed).unwrap();
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let port = printed
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .expect("the address is printed")
        .to_string();
    printed.replace(&format!("127.0.0.1:{port}/"), "127.0.0.1:8080/")
}

/// What the API answers to `curl -s localhost:8080/api/PATH -d 'BODY'`; `Err` when it is a
/// refusal (4xx) and `shown` is false (an example shown without its answer must succeed).
fn run_curl(
    command: &str,
    shown: bool,
    runtime: &tokio::runtime::Runtime,
) -> Result<String, String> {
    let words = common::words(command);
    let (path, body) = match words.as_slice() {
        [curl, silent, url, d, body] if curl == "curl" && silent == "-s" && d == "-d" => (
            url.strip_prefix("localhost:8080").expect("a local URL"),
            body,
        ),
        _ => panic!("expected curl -s localhost:8080/PATH -d 'BODY': {command}"),
    };
    let (status, bytes) = runtime.block_on(common::api_request("POST", path, body));
    let answer = String::from_utf8(bytes).map_err(|e| e.to_string())?;
    if status >= 400 && !shown {
        return Err(format!("status {status}: {answer}"));
    }
    Ok(answer)
}

/// A documented JSON answer on several lines, as one line.
fn joined(lines: &[String]) -> Vec<String> {
    let mut one = String::new();
    for line in lines {
        match line.strip_prefix(' ') {
            Some(more) if !one.is_empty() => one.push_str(more),
            _ if line.is_empty() => continue,
            _ => {
                assert!(one.is_empty() || line.is_empty(), "one answer per command");
                one.push_str(line);
            }
        }
    }
    if one.is_empty() {
        Vec::new()
    } else {
        vec![one]
    }
}

/// The mismatch of one example, if any.
fn check(example: &Example, runtime: &tokio::runtime::Runtime) -> Option<String> {
    let command = example.command.split("  #").next().unwrap().trim();
    let (printed, documented) = if command.starts_with("curl ") {
        let documented = joined(&example.output);
        (
            run_curl(command, !documented.is_empty(), runtime),
            documented,
        )
    } else if command == "grundy serve" {
        (
            Ok(serve_lines(example.output.len())),
            example.output.clone(),
        )
    } else {
        (
            run_grundy(command, &block_dir(example.block)),
            trimmed(&example.output.join("\n")),
        )
    };
    let printed = match printed {
        Ok(printed) => trimmed(&printed),
        Err(why) => return Some(format!("it failed: {why}")),
    };
    if documented.is_empty() || lines_match(&documented, &printed) {
        return None;
    }
    Some(format!("it printed:\n{}", printed.join("\n")))
}

#[test]
fn every_documented_output_is_what_the_program_prints() {
    let examples: Vec<Example> = docs().iter().flat_map(|d| examples_of(d)).collect();
    // The docs hold some 40 examples: a lost example is a lost check.
    assert!(examples.len() >= 30, "only {} examples", examples.len());
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let failures: Vec<String> = examples
        .iter()
        .filter_map(|example| {
            check(example, &runtime)
                .map(|why| format!("{} `$ {}`: {why}", example.place, example.command))
        })
        .collect();
    for example in &examples {
        let _ = std::fs::remove_dir_all(block_dir(example.block));
    }
    assert!(
        failures.is_empty(),
        "{} of {} examples differ from the docs:\n\n{}",
        failures.len(),
        examples.len(),
        failures.join("\n\n")
    );
}

#[test]
fn wildcards_match_what_they_stand_for_and_nothing_else() {
    let lines = |text: &str| -> Vec<String> { text.lines().map(String::from).collect() };
    assert!(line_matches("searched in ... s", "searched in 1.25 s"));
    assert!(line_matches("a ... c ... e", "a b c d e"));
    assert!(!line_matches("a ... c", "a b d"));
    assert!(!line_matches("ab...ba", "aba"));
    assert!(line_matches("exact", "exact") && !line_matches("exact", "exactly"));
    assert!(lines_match(&lines("a\n...\nd"), &lines("a\nb\nc\nd")));
    assert!(lines_match(&lines("a\n...\nd"), &lines("a\nd")));
    assert!(lines_match(&lines("...\nc"), &lines("a\nb\nc")));
    assert!(!lines_match(&lines("a\n...\nd"), &lines("a\nb\nc")));
    assert!(!lines_match(&lines("a\nb"), &lines("a\nb\nc")));
    assert!(!lines_match(&lines("a\nb\nc"), &lines("a\nb")));
    assert_eq!(
        joined(&lines("{\"a\":1,\n \"b\":2}\n\n")),
        ["{\"a\":1,\"b\":2}"]
    );
}
