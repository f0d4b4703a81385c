//! `grundy`: impartial combinatorial games on the command line.
//!
//! The binary only reads its arguments and calls the library's `cli`; see `src/cli/`.

fn main() -> std::process::ExitCode {
    grundy::cli::parse_and_run(std::env::args_os())
}
