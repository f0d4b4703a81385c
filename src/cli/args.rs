//! Reading the command line: clap's parse, with every refusal on one line.
//!
//! clap prints its own errors over several lines (the message, a tip, the usage, a pointer to
//! `--help`) and takes `-3` for an unknown flag. Here every argument accepts negative numbers
//! (so `grundy analyze nim -3` reaches the heap parser, which names the value and what is
//! allowed), and every clap error becomes one line: the message, its tip, and the help to read.

use std::ffi::OsString;

use clap::error::ErrorKind;
use clap::{Command, CommandFactory, FromArgMatches};

use super::Cli;

/// What reading the command line gives: the command to run, or text to print and an exit code
/// (help and version on stdout with 0; a refusal on stderr with 2).
#[derive(Debug)]
pub enum Parsed {
    /// The command to run.
    Run(Box<Cli>),
    /// Help or the version, for stdout (exit 0): `clap::Error::print` keeps its styles.
    Print(Box<clap::Error>),
    /// A refusal: one line on stderr (exit 2), starting with `error:`.
    Refuse(String),
}

/// Reads `args` (the program's name first), never exiting the process: the fuzz target and
/// the tests call it in process.
pub fn parse<I, T>(args: I) -> Parsed
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let command = accept_negative_numbers(Cli::command());
    let matches = command.clone().try_get_matches_from(&args);
    match matches.and_then(|mut m| Cli::from_arg_matches_mut(&mut m)) {
        Ok(cli) => Parsed::Run(Box::new(cli)),
        Err(e) => match e.kind() {
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Parsed::Print(Box::new(e)),
            ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                Parsed::Refuse(missing_subcommand(&command, &args))
            }
            _ => {
                let (path, _) = subcommand_of(&command, &args);
                // clap echoes the value whole: a long one is shown by its start and length.
                let line = one_line(&e.render().to_string(), &path);
                Parsed::Refuse(grundy_core::kernel::error::with_excerpts(&line).into_owned())
            }
        },
    }
}

/// Every argument of every subcommand takes values like `-3`: the value's own parser then
/// refuses it in words, instead of clap calling it an unknown flag.
fn accept_negative_numbers(command: Command) -> Command {
    command
        .mut_args(|a| {
            if a.get_action().takes_values() {
                a.allow_negative_numbers(true)
            } else {
                a
            }
        })
        .mut_subcommands(accept_negative_numbers)
}

/// clap's error text as one line: the message and its tip, whitespace runs as one space,
/// without the usage, ending with the help to read (that of `path`, the subcommand typed, or
/// of the one the usage names).
pub fn one_line(rendered: &str, path: &str) -> String {
    let mut parts = Vec::new();
    let mut help = format!("{path} --help");
    for paragraph in rendered.split("\n\n") {
        let text = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
        if let Some(usage) = text.strip_prefix("Usage: ") {
            // `grundy analyze nim [OPTIONS] <HEAPS>...`: the help of that subcommand.
            let path: Vec<&str> = usage
                .split(' ')
                .take_while(|w| !w.starts_with(['[', '<', '-']))
                .collect();
            help = format!("{} --help", path.join(" "));
        } else if !text.is_empty() && !text.starts_with("For more information") {
            parts.push(text);
        }
    }
    let message = parts.join("; ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    format!("error: {message} (see {help})")
}

/// The deepest subcommand `args` name (`grundy analyze nim`), and its command.
fn subcommand_of<'a>(root: &'a Command, args: &[OsString]) -> (String, &'a Command) {
    let mut command = root;
    let mut path = vec![root.get_name().to_string()];
    for arg in args.iter().skip(1) {
        let Some(word) = arg.to_str() else { break };
        match command.find_subcommand(word) {
            Some(sub) => {
                command = sub;
                path.push(sub.get_name().to_string());
            }
            None if word.starts_with('-') => continue,
            None => break,
        }
    }
    (path.join(" "), command)
}

/// `grundy analyze` alone: which subcommands it needs, on one line.
fn missing_subcommand(root: &Command, args: &[OsString]) -> String {
    let (path, command) = subcommand_of(root, args);
    let names: Vec<&str> = command
        .get_subcommands()
        .map(Command::get_name)
        .filter(|n| *n != "help")
        .collect();
    if names.is_empty() {
        format!("error: `{path}` needs more arguments (see {path} --help)")
    } else {
        format!(
            "error: `{path}` needs a subcommand: one of {} (see {path} --help)",
            names.join(", ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(args: &[&str]) -> String {
        match parse(args) {
            Parsed::Refuse(line) => line,
            other => panic!("{args:?}: {other:?}"),
        }
    }

    #[test]
    fn refusals_are_one_line() {
        for args in [
            &["grundy", "analyze", "nim", "-3"][..],
            &["grundy", "analyze", "nim"],
            &["grundy", "analyze"],
            &["grundy"],
            &["grundy", "analyze", "nim", "3", "--frobnicate"],
            &["grundy", "wythoff", "nth", "-3"],
            &["grundy", "sequence", "octal", "kayles", "--count", "-5"],
            &["grundy", "chess"],
        ] {
            let line = refusal(args);
            assert!(!line.contains('\n'), "{args:?}: {line}");
            assert!(line.starts_with("error: "), "{args:?}: {line}");
            assert!(line.contains("--help"), "{args:?}: {line}");
        }
        // A negative heap reaches the heap's parser, which says what is allowed.
        let line = refusal(&["grundy", "analyze", "nim", "-3"]);
        assert!(line.contains("invalid heap \"-3\""), "{line}");
        assert!(line.contains("grundy analyze nim --help"), "{line}");
        let line = refusal(&["grundy", "analyze"]);
        assert!(line.contains("one of nim, "), "{line}");
    }

    #[test]
    fn help_and_version_are_printed() {
        assert!(matches!(parse(["grundy", "--help"]), Parsed::Print(_)));
        assert!(matches!(parse(["grundy", "--version"]), Parsed::Print(_)));
        assert!(matches!(
            parse(["grundy", "analyze", "nim", "3"]),
            Parsed::Run(_)
        ));
    }
}
