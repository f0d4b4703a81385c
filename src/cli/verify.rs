//! `grundy verify FILE`: checks a certificate written by `grundy search --certificate FILE`
//! with the game's rules alone (`grundy_core::certificate::check`: no search, no table).
//!
//! ```text
//! grundy verify sprouts.cert [--time SECONDS] [--json]
//! ```
//!
//! Exit code 0 when the certificate proves its claim, 1 when it does not (the first fact or
//! the claim found wrong is named), 2 when the file cannot be read as a certificate.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use grundy_core::certificate::Certificate;
use grundy_core::kernel::budget::{self, Budget};
use grundy_core::wire::Verification;

use super::search::{time_option, MAX_SECONDS};
use super::{CliError, Output};

/// Arguments of `grundy verify`.
#[derive(Debug, clap::Args)]
pub struct VerifyArgs {
    /// The certificate: a file written by `grundy search ... --certificate FILE`.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The most time the check may take, in seconds (1 to 604800; none by default).
    #[arg(long, value_name = "SECONDS",
          value_parser = super::whole_number::<u64>("--time", "seconds", 1..=MAX_SECONDS))]
    pub time: Option<u64>,
}

/// Runs `grundy verify`.
pub fn run(args: &VerifyArgs, out: &Output) -> Result<(), CliError> {
    let named = args.file.display().to_string();
    let file = std::fs::File::open(&args.file)
        .map_err(|e| CliError::Usage(format!("{named}: cannot read it: {e}")))?;
    let started = Instant::now();
    let certificate = Certificate::read_from(&mut std::io::BufReader::new(file))
        .map_err(|e| CliError::Usage(format!("{named}: {e}")))?;
    let time = args.time.map_or(Duration::MAX, Duration::from_secs);
    let checked = budget::within(&Budget::new(time, time_option()), || {
        grundy_core::registry::search::verify(&certificate)
    })
    .map_err(|e| CliError::Usage(format!("{named}: {e}")))?;
    let claim = &certificate.claim;
    let seconds = started.elapsed().as_secs_f64();
    let doc = Verification::of(named.clone(), claim, &checked, seconds);
    let claimed = format!("{} {} is worth {}", claim.game, claim.position, claim.value);
    if out.json {
        out.json(&doc)?;
    } else if doc.verified {
        out.line(format!(
            "{named}: verified: {claimed} ({} facts checked from the game's rules, {} options listed, in {:.3} s)",
            doc.facts, doc.options, doc.seconds
        ))?;
    }
    match &doc.refuted {
        None => Ok(()),
        Some(why) => Err(CliError::Refuted(format!(
            "{named}: not verified: it does not prove that {claimed}: {why}"
        ))),
    }
}
