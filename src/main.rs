//! `grundy`: impartial combinatorial games on the command line.
//!
//! The binary only parses arguments, calls `grundy-core` and renders; see `src/cli/`.

mod cli;

use clap::Parser;

fn main() -> std::process::ExitCode {
    cli::main(cli::Cli::parse())
}
