//! The `grundy` command line as a library: the binary (`src/main.rs`) and the fuzz target
//! over its argument parser (`fuzz/fuzz_targets/cli_args.rs`) both call
//! [`cli::parse_and_run`] / [`cli::args::parse`].
//!
//! It only parses arguments, calls `grundy-core` and renders; see `src/cli/`.

#![forbid(unsafe_code)]

pub mod cli;
