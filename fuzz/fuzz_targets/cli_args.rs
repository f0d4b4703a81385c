//! Any command line: the CLI's argument parser (`grundy::cli::args::parse`, the binary's own
//! entry) never panics, and every outcome is an exit code of 0 or 2: help or the version, a
//! command to run, or a refusal of one line starting `error: ` (issue 29). Commands that only
//! compute and print (`analyze`, `nimber`, `wythoff nth`) are also run, under a cancel flag
//! raised after a second; nothing that writes files, serves, plays on stdin or runs long is.
#![no_main]

use std::sync::atomic::{AtomicBool, Ordering};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use grundy::cli::args::{parse, Parsed};
use grundy::cli::{main as run, Command};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    // Words separated by spaces (an empty word is written as a lone `''`).
    let args: Vec<String> = std::iter::once("grundy".to_string())
        .chain(
            text.split(' ')
                .take(16)
                .map(|w| if w == "''" { String::new() } else { w.to_string() }),
        )
        .collect();
    match parse(&args) {
        Parsed::Print(_) => {}
        Parsed::Refuse(line) => {
            assert!(line.starts_with("error: "), "{line:?}");
            assert!(!line.contains('\n'), "{line:?}");
        }
        Parsed::Run(cli) => {
            let cheap = match &cli.command {
                Command::Analyze(_) | Command::Nimber(_) => true,
                Command::Wythoff(w) => format!("{w:?}").starts_with("Nth"),
                _ => false,
            };
            if cheap && text.len() <= 64 {
                let flag = Arc::new(AtomicBool::new(false));
                let raise = Arc::clone(&flag);
                std::thread::spawn(move || {
                    std::thread::sleep(Duration::from_secs(1));
                    raise.store(true, Ordering::Relaxed);
                });
                let code = grundy_core::kernel::cancel::with_flag(flag, || run(*cli));
                // 0 answered, 2 refused (or stopped at the flag).
                assert!(
                    code == ExitCode::SUCCESS || code == ExitCode::from(2),
                    "{args:?}: {code:?}"
                );
            }
        }
    }
});
