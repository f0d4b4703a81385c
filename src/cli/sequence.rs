//! `grundy sequence`: Grundy sequences of heap games, their proven periods, and single values
//! of any size.

use clap::{Args, Subcommand};
use grundy_core::games::all_but::{AllButGame, MAX_ALL_BUT_HEAP};
use grundy_core::games::subtraction::SubtractionGame;
use grundy_core::sequence::{GrundySequence, Period};
use num_bigint::BigUint;
use serde_json::json;

use super::Amounts;
use super::{parse_amounts, CliError, Output};

/// The most values `--count` may print.
pub const MAX_COUNT: u64 = 10_000_000;

/// The heap games with sequences.
#[derive(Debug, Subcommand)]
pub enum SequenceCommand {
    /// A subtraction game with a finite take-set.
    ///
    /// Example: grundy sequence subtraction --set 1,4,9 --count 40 --period
    Subtraction {
        /// The take-set, e.g. 1,4,9 (amounts from 1 to 1000000).
        #[arg(long, short, value_parser = parse_amounts)]
        set: Amounts,
        #[command(flatten)]
        options: SequenceOptions,
    },
    /// An octal game, by code (0.77) or name (kayles, dawsons-kayles, dawsons-chess, officers,
    /// treblecross), computed by the rare/common method; periods proven by Guy-Smith.
    ///
    /// Example: grundy sequence octal 0.77 --count 100 --period
    Octal {
        /// The octal code, e.g. 0.77, .07 or 4.07, or a preset name.
        code: String,
        #[command(flatten)]
        options: super::octal::RunOptions,
    },
    /// Grundy's game: split a heap into two unequal heaps (no period is ever claimed).
    ///
    /// Example: grundy sequence grundys-game --count 1000000 --checkpoint g.bin
    GrundysGame {
        #[command(flatten)]
        options: super::octal::RunOptions,
    },
    /// An all-but subtraction game (values grow without bound; no period search).
    ///
    /// Example: grundy sequence all-but --except 2,3 --count 30
    AllBut {
        /// The excluded amounts, e.g. 2,3.
        #[arg(long, value_parser = parse_amounts)]
        except: Amounts,
        #[command(flatten)]
        options: SequenceOptions,
    },
}

/// What to print.
#[derive(Debug, Args)]
pub struct SequenceOptions {
    /// How many values to print, G(0) to G(count - 1) (at most 10000000; 0 prints none).
    #[arg(long, short, default_value_t = 40, allow_negative_numbers = true, value_parser = parse_count)]
    pub count: u64,
    /// Print the least period, the least preperiod for it, and the computation that proves it.
    #[arg(long)]
    pub period: bool,
    /// Print G(n) for this heap size: any whole number, even with hundreds of digits.
    #[arg(long, allow_negative_numbers = true, value_parser = super::parse_big_heap)]
    pub at: Option<BigUint>,
}

fn parse_count(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if n <= MAX_COUNT => Ok(n),
        _ => Err(format!(
            "count {text:?} is out of range: expected a whole number from 0 to {MAX_COUNT}"
        )),
    }
}

/// Runs `grundy sequence`.
pub fn run(command: &SequenceCommand, out: &Output) -> Result<(), CliError> {
    match command {
        SequenceCommand::Octal { code, options } => {
            let game = grundy_core::games::octal::OctalGame::named(code)?;
            super::octal::run_sequence(game, options, out)
        }
        SequenceCommand::GrundysGame { options } => {
            let game = grundy_core::games::octal::OctalGame::grundys_game();
            super::octal::run_sequence(game, options, out)
        }
        SequenceCommand::Subtraction { set, options } => {
            let game = SubtractionGame::new(set.0.clone())?;
            let name = format!("subtraction game S = {}", braces(game.set()));
            let seq = game.sequence();
            let values = values_of(seq, options.count)?;
            let at = match &options.at {
                Some(n) => Some((n.clone(), game.value_big(n)?)),
                None => None,
            };
            report(
                out,
                &name,
                &values,
                seq.period,
                options,
                game.max_take(),
                at,
            )
        }
        SequenceCommand::AllBut { except, options } => {
            if options.period {
                return Err(CliError::Usage(
                    "--period is for finite take-sets: all-but games have unbounded values".into(),
                ));
            }
            let game = AllButGame::new(except.0.clone())?;
            let name = format!(
                "all-but subtraction game, excluded {}",
                braces(game.excluded())
            );
            let values: Vec<u64> = game
                .values(options.count)?
                .into_iter()
                .map(u64::from)
                .collect();
            let at = match &options.at {
                Some(n) => {
                    let small = u64::try_from(n).ok().filter(|&h| h <= MAX_ALL_BUT_HEAP);
                    let h = small.ok_or_else(|| {
                        CliError::Usage(format!(
                            "heap {n} is out of range: all-but games are computed for heaps up to {MAX_ALL_BUT_HEAP}"
                        ))
                    })?;
                    Some((n.clone(), game.value(h)?))
                }
                None => None,
            };
            report(out, &name, &values, None, options, 0, at)
        }
    }
}

/// `G(0..count)` from a sequence whose period may be needed beyond the computed table.
fn values_of(seq: &GrundySequence, count: u64) -> Result<Vec<u64>, CliError> {
    (0..count)
        .map(|n| {
            seq.value_at(n).ok_or_else(|| {
                CliError::Usage(format!(
                    "G({n}) is unknown: no period was proven within {} values",
                    seq.values.len()
                ))
            })
        })
        .collect()
}

fn braces(set: &[u64]) -> String {
    let items: Vec<String> = set.iter().map(u64::to_string).collect();
    format!("{{{}}}", items.join(","))
}

fn report(
    out: &Output,
    name: &str,
    values: &[u64],
    period: Option<Period>,
    options: &SequenceOptions,
    window: u64,
    at: Option<(BigUint, u64)>,
) -> Result<(), CliError> {
    if out.json {
        let mut doc = json!({ "game": name, "values": values });
        if options.period {
            doc["period"] = json!(period.map(|p| json!({
                "preperiod": p.preperiod,
                "period": p.period,
                "checked": p.checked,
                "window": window,
            })));
        }
        if let Some((n, v)) = &at {
            doc["at"] = json!({ "n": n.to_string(), "value": v });
        }
        return out.json(&doc);
    }
    if !values.is_empty() {
        out.line(format!("G(0..{}) for the {name}:", values.len() - 1))?;
        let text: Vec<String> = values.iter().map(u64::to_string).collect();
        out.line(text.join(" "))?;
    }
    if options.period {
        out.line(period_text(period, window))?;
    }
    if let Some((n, v)) = at {
        out.line(at_text(&n, v, period))?;
    }
    Ok(())
}

fn period_text(period: Option<Period>, window: u64) -> String {
    let Some(p) = period else {
        return "No period proven within the computed values.".into();
    };
    let last = p.checked - 1;
    let from = p.checked - window - p.period;
    let mut text = format!(
        "Period {} from n = {} (the least period, and the least preperiod for it).\n\
         Proof: G(n + {}) = G(n) for the {} consecutive n = {}..{} (as many as the largest move), \
         so it holds for every n >= {} (each value depends only on the {} below it).",
        p.period,
        p.preperiod,
        p.period,
        window,
        from,
        from + window - 1,
        from,
        window,
    );
    if p.preperiod < from {
        let not_before = match p.preperiod {
            0 => String::new(),
            n => format!(", and not at n = {}", n - 1),
        };
        text.push_str(&format!(
            "\nBelow n = {from}, the computed values G(0..{last}) show G(n + {}) = G(n) from n = {}{not_before}.",
            p.period, p.preperiod
        ));
    }
    text
}

fn at_text(n: &BigUint, value: u64, period: Option<Period>) -> String {
    match period {
        Some(p) if *n >= BigUint::from(p.checked) => {
            let residue = (n - BigUint::from(p.preperiod)) % BigUint::from(p.period);
            format!(
                "G({n}) = {value} (from the period: {n} - {} = {residue} (mod {}), so G({n}) = G({}))",
                p.preperiod,
                p.period,
                BigUint::from(p.preperiod) + &residue
            )
        }
        _ => format!("G({n}) = {value}"),
    }
}
