//! `grundy nimber`: Conway's nim arithmetic on 64-bit nimbers (the field GF(2^64)): products,
//! inverses, quotients, square roots and the multiplication table.
//!
//! JSON field names: `a`, `b` (the operands), `sum` (the nim-sum), `product`, `inverse`,
//! `quotient`, `root`; `table` is `{"size": n, "rows": [[0 ⊗ 0, 0 ⊗ 1, ...], ...]}`. The shapes are the core's
//! (`grundy_core::wire::nimber`); numbers follow the one convention of every JSON document (docs/api.md, "Numbers"): JSON numbers up
//! to 2^53 - 1, decimal strings beyond (`grundy_core::kernel::nim_heap::serialize_exact`).

use clap::Subcommand;
use grundy_core::wire::{NimInverse, NimProduct, NimQuotient, NimRoot, NimTable};
use grundy_core::GameError;

use super::{CliError, Output};

/// The largest multiplication table printed: 256 × 256 (the bytes, GF(256)).
pub const MAX_TABLE: u64 = 256;

/// The `nimber` subcommands.
#[derive(Debug, Subcommand)]
pub enum NimberCommand {
    /// The nim product A ⊗ B (and the nim-sum A ⊕ B).
    ///
    /// Example: grundy nimber mul 24 17
    Mul {
        /// A nimber: a whole number from 0 to 2^64 - 1 (decimal, or hexadecimal after 0x).
        #[arg(value_parser = parse_nimber, allow_negative_numbers = true)]
        a: u64,
        /// Another nimber.
        #[arg(value_parser = parse_nimber, allow_negative_numbers = true)]
        b: u64,
    },
    /// The nim inverse of A: the B with A ⊗ B = 1 (A must not be 0).
    ///
    /// Example: grundy nimber inv 7
    Inv {
        /// A nimber other than 0.
        #[arg(value_parser = parse_nimber, allow_negative_numbers = true)]
        a: u64,
    },
    /// The nim quotient A ⊘ B = A ⊗ B⁻¹ (B must not be 0).
    ///
    /// Example: grundy nimber div 6 5
    Div {
        /// The dividend.
        #[arg(value_parser = parse_nimber, allow_negative_numbers = true)]
        a: u64,
        /// The divisor, not 0.
        #[arg(value_parser = parse_nimber, allow_negative_numbers = true)]
        b: u64,
    },
    /// The nim square root of A: the one R with R ⊗ R = A.
    ///
    /// Example: grundy nimber sqrt 8
    Sqrt {
        /// A nimber.
        #[arg(value_parser = parse_nimber, allow_negative_numbers = true)]
        a: u64,
    },
    /// The nim multiplication table a ⊗ b for a, b below N (N from 1 to 256).
    ///
    /// Example: grundy nimber table 16
    Table {
        /// The table's side.
        #[arg(value_parser = parse_table_size, allow_negative_numbers = true)]
        n: u64,
    },
}

/// clap value parser for a nimber: decimal, or hexadecimal after `0x`, from 0 to 2^64 - 1.
pub fn parse_nimber(text: &str) -> Result<u64, String> {
    let allowed = "a whole number from 0 to 2^64 - 1 (decimal, or hexadecimal after 0x)";
    // One syntax of numbers (docs/cli.md, "Whole numbers"): blanks around, no sign.
    let trimmed = text.trim();
    let parsed = match trimmed
        .strip_prefix("0x")
        .or_else(|| trimmed.strip_prefix("0X"))
    {
        Some(hex) if !hex.is_empty() && hex.bytes().all(|b| b.is_ascii_hexdigit()) => {
            u64::from_str_radix(hex, 16).ok()
        }
        Some(_) => None,
        None => grundy_core::kernel::parse_whole::<u64>(text).ok(),
    };
    parsed.ok_or_else(|| GameError::invalid("nimber", text, allowed).to_string())
}

fn parse_table_size(text: &str) -> Result<u64, String> {
    let allowed = format!("a whole number from 1 to {MAX_TABLE}");
    match grundy_core::kernel::parse_whole::<u64>(text) {
        Ok(n) if (1..=MAX_TABLE).contains(&n) => Ok(n),
        Ok(_) => Err(GameError::out_of_range("table size", text, allowed).to_string()),
        Err(_) => Err(GameError::invalid("table size", text, allowed).to_string()),
    }
}

/// Runs a `nimber` subcommand.
pub fn run(command: &NimberCommand, out: &Output) -> Result<(), CliError> {
    match *command {
        NimberCommand::Mul { a, b } => {
            let answer = NimProduct::of(a, b);
            if out.json {
                return out.json(&answer);
            }
            out.line(format!("{a} ⊗ {b} = {}", answer.product))?;
            out.line(format!("{a} ⊕ {b} = {}", answer.sum))
        }
        NimberCommand::Inv { a } => {
            let answer = NimInverse::of(a).ok_or_else(zero_divisor)?;
            if out.json {
                return out.json(&answer);
            }
            let inverse = answer.inverse;
            out.line(format!(
                "1 ⊘ {a} = {inverse}   (check: {a} ⊗ {inverse} = 1)"
            ))
        }
        NimberCommand::Div { a, b } => {
            let answer = NimQuotient::of(a, b).ok_or_else(zero_divisor)?;
            if out.json {
                return out.json(&answer);
            }
            let quotient = answer.quotient;
            out.line(format!(
                "{a} ⊘ {b} = {quotient}   (check: {quotient} ⊗ {b} = {a})"
            ))
        }
        NimberCommand::Sqrt { a } => {
            let answer = NimRoot::of(a);
            if out.json {
                return out.json(&answer);
            }
            let root = answer.root;
            out.line(format!("√{a} = {root}   (check: {root} ⊗ {root} = {a})"))
        }
        NimberCommand::Table { n } => table(n, out),
    }
}

fn zero_divisor() -> CliError {
    CliError::Usage(
        GameError::invalid(
            "divisor",
            "0",
            "a nimber other than 0 (0 has no nim inverse)",
        )
        .to_string(),
    )
}

/// The table `a ⊗ b` for `a, b < n`, aligned, with a header row and column.
fn table(n: u64, out: &Output) -> Result<(), CliError> {
    let table = NimTable::of(n);
    if out.json {
        return out.json(&table);
    }
    let rows = table.rows;
    let width = (n - 1).to_string().len().max(1);
    let header: Vec<String> = (0..n).map(|b| format!("{b:>width$}")).collect();
    out.line(format!("{:>width$} | {}", "⊗", header.join(" ")))?;
    out.line(format!(
        "{}-+-{}",
        "-".repeat(width),
        "-".repeat(header.join(" ").chars().count())
    ))?;
    for (a, row) in rows.iter().enumerate() {
        let cells: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
        out.line(format!("{a:>width$} | {}", cells.join(" ")))?;
    }
    Ok(())
}
