//! `grundy wythoff` (P-positions, the n-th one, the Sprague–Grundy table, pictures) and
//! `grundy analyze wythoff X Y`.
//!
//! JSON field names: coordinates and indices that may be of any size (`analyze`, `nth`) are
//! decimal strings; those bounded by a count or a table size are numbers.

use std::path::PathBuf;
use std::str::FromStr;

use clap::{Subcommand, ValueEnum};
use grundy_chart::wythoff::{MAX_IMAGE_SIZE, MIN_IMAGE_SIZE};
use grundy_core::games::wythoff::beatty;
use grundy_core::games::wythoff::table::{SgTable, PUBLISHED_MISPRINTS};
use grundy_core::games::wythoff::{mex, word};
use grundy_core::wire::{PictureFile, WythoffNth, WythoffPPositions, WythoffTile};
use grundy_core::GameError;
use num_bigint::BigUint;

use super::picture::{write_png, Picture};
use super::{CliError, Output};

/// The most digits accepted in a heap or index (the answers take milliseconds at this size).
pub const MAX_DIGITS: usize = 100_000;
/// The most P-positions `p-positions` lists.
pub const MAX_COUNT: usize = 10_000_000;
/// The largest table `wythoff table` prints.
pub const MAX_PRINTED_TABLE: usize = 1024;

/// The `wythoff` subcommands.
#[derive(Debug, Subcommand)]
pub enum WythoffCommand {
    /// The first P-positions (a_n, b_n): the player to move from (a_n, b_n) or (b_n, a_n) loses.
    ///
    /// Example: grundy wythoff p-positions --count 20 --check
    PPositions {
        /// How many, from n = 0 (at most 10000000).
        #[arg(long, default_value_t = 20, allow_negative_numbers = true, value_parser = parse_count)]
        count: usize,
        /// The construction: beatty (a_n = floor(n·φ) with exact integer square roots), mex
        /// (a_n = the least value not used yet) or word (positions of letters in the Fibonacci
        /// word).
        #[arg(long, value_enum, default_value_t = Method::Beatty)]
        method: Method,
        /// Run all three constructions and check that they agree.
        #[arg(long)]
        check: bool,
    },
    /// The n-th P-position (a_n, b_n), exactly, for n of any size (up to 100000 digits).
    ///
    /// Example: grundy wythoff nth 102334155
    Nth {
        /// The index n.
        #[arg(allow_negative_numbers = true, value_parser = parse_big)]
        n: BigUint,
    },
    /// The Sprague–Grundy table G(x, y), origin bottom-left, P-positions (G = 0) marked.
    ///
    /// Example: grundy wythoff table --size 13
    Table {
        /// The side of the table (1 to 1024).
        #[arg(long, default_value_t = 13, allow_negative_numbers = true, value_parser = parse_table_size)]
        size: usize,
        /// Comma-separated values instead of the aligned grid (rows y = 0, 1, ...).
        #[arg(long)]
        csv: bool,
    },
    /// A PNG picture: the table as a colour map (P-positions white) and the P-positions with
    /// the lines y = φx and y = x/φ.
    ///
    /// Example: grundy wythoff image --size 1024 -o wythoff.png
    Image {
        /// Side of each of the two panels in pixels (16 to 4096); the table covers heaps below it.
        #[arg(long, default_value_t = 1024, value_parser = super::whole_number::<usize>(
            "--size",
            "pixels",
            MIN_IMAGE_SIZE as u64..=MAX_IMAGE_SIZE as u64,
        ))]
        size: usize,
        /// Where to write the PNG (a name ending in .png, or with no extension).
        #[arg(long, short, default_value = "wythoff.png", value_parser = parse_png_path)]
        output: PathBuf,
    },
}

/// A construction of the P-positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// a_n = floor(n·φ), with exact integer square roots.
    Beatty,
    /// a_n = mex{a_i, b_i : i < n}, b_n = a_n + n.
    Mex,
    /// Positions of the n-th a and b in the Fibonacci word abaababaabaab...
    Word,
}

impl Method {
    fn name(self) -> &'static str {
        match self {
            Method::Beatty => "beatty",
            Method::Mex => "mex",
            Method::Word => "word",
        }
    }

    fn p_positions(self, count: usize) -> Vec<(u64, u64)> {
        match self {
            Method::Beatty => beatty::p_positions_by_beatty(count),
            Method::Mex => mex::p_positions_by_mex(count),
            Method::Word => word::p_positions_by_word(count),
        }
    }
}

/// clap value parser for a count of P-positions.
fn parse_count(text: &str) -> Result<usize, String> {
    parse_bounded(text, "count", 0, MAX_COUNT)
}

/// clap value parser for a printed table's side.
fn parse_table_size(text: &str) -> Result<usize, String> {
    parse_bounded(text, "table size", 1, MAX_PRINTED_TABLE)
}

fn parse_bounded(text: &str, what: &str, low: usize, high: usize) -> Result<usize, String> {
    match grundy_core::kernel::parse_whole::<usize>(text) {
        Ok(v) if (low..=high).contains(&v) => Ok(v),
        _ => {
            Err(
                GameError::out_of_range(what, text, format!("a whole number from {low} to {high}"))
                    .to_string(),
            )
        }
    }
}

/// clap value parser for a heap or an index of any size: a whole number
/// ([`grundy_core::kernel::whole_digits`]).
pub fn parse_big(text: &str) -> Result<BigUint, String> {
    let allowed = format!("a whole number from 0 with at most {MAX_DIGITS} digits");
    let Some(digits) = grundy_core::kernel::whole_digits(text) else {
        return Err(GameError::invalid("Wythoff number", text, allowed).to_string());
    };
    if digits.len() > MAX_DIGITS {
        // Shown by its start and length, as every echo is.
        return Err(GameError::out_of_range("Wythoff number", digits, allowed).to_string());
    }
    BigUint::from_str(digits).map_err(|e| e.to_string())
}

/// Runs `grundy wythoff`.
pub fn run(command: &WythoffCommand, out: &Output) -> Result<(), CliError> {
    match command {
        WythoffCommand::PPositions {
            count,
            method,
            check,
        } => p_positions(*count, *method, *check, out),
        WythoffCommand::Nth { n } => nth(n, out),
        WythoffCommand::Table { size, csv } => table(*size, *csv, out),
        WythoffCommand::Image { size, output } => image(*size, output, out),
    }
}

fn p_positions(count: usize, method: Method, check: bool, out: &Output) -> Result<(), CliError> {
    let pairs = method.p_positions(count);
    let agreement = if check {
        let all = [Method::Beatty, Method::Mex, Method::Word];
        let disagreeing: Vec<&str> = all
            .iter()
            .filter(|m| m.p_positions(count) != pairs)
            .map(|m| m.name())
            .collect();
        if !disagreeing.is_empty() {
            return Err(CliError::Io(std::io::Error::other(format!(
                "the constructions disagree: {} differ from {}",
                disagreeing.join(", "),
                method.name()
            ))));
        }
        Some(true)
    } else {
        None
    };
    if out.json {
        return out.json(&WythoffPPositions::new(method.name(), &pairs, agreement));
    }
    let width = pairs.last().map_or(1, |&(_, b)| b.to_string().len()).max(3);
    out.line(format!(
        "{:>w$}  {:>w$}  {:>w$}",
        "n",
        "a_n",
        "b_n",
        w = width
    ))?;
    for (n, (a, b)) in pairs.iter().enumerate() {
        out.line(format!("{n:>width$}  {a:>width$}  {b:>width$}"))?;
    }
    if agreement.is_some() {
        out.line(format!(
            "Check: the Beatty, mex and Fibonacci-word constructions agree on all {count}."
        ))?;
    }
    Ok(())
}

fn nth(n: &BigUint, out: &Output) -> Result<(), CliError> {
    let answer = WythoffNth::of(n);
    if out.json {
        // Numbers up to 2^53 - 1, decimal strings beyond (docs/api.md, "Numbers").
        return out.json(&answer);
    }
    let WythoffNth { a, b, .. } = answer;
    out.line(format!("a_{n} = {a}"))?;
    out.line(format!("b_{n} = {b}"))?;
    if a == b {
        // n = 0: (0, 0) is its own mirror image.
        return out.line(format!(
            "({a}, {b}) is a P-position (its own mirror image): the player to move has no move and loses."
        ));
    }
    out.line(format!(
        "({a}, {b}) and ({b}, {a}) are P-positions: the player to move loses."
    ))
}

fn table(size: usize, csv: bool, out: &Output) -> Result<(), CliError> {
    if out.json {
        return out.json(&WythoffTile::square(size)?);
    }
    let table = SgTable::square(size)?;
    let value = |x: usize, y: usize| table.get(x, y).unwrap_or(0);
    let misprints: Vec<_> = PUBLISHED_MISPRINTS
        .iter()
        .filter(|&&(x, y, _, _)| x < size && y < size)
        .collect();
    if csv {
        out.line(format!(
            "y\\x,{}",
            (0..size)
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(",")
        ))?;
        for y in 0..size {
            let cells: Vec<String> = (0..size).map(|x| value(x, y).to_string()).collect();
            out.line(format!("{y},{}", cells.join(",")))?;
        }
        return Ok(());
    }
    let width = (2 * size).to_string().len() + 1;
    let label = size.to_string().len();
    for y in (0..size).rev() {
        let mut line = format!("{y:>label$} |");
        for x in 0..size {
            let g = value(x, y);
            let cell = if g == 0 {
                out.bold("0*")
            } else {
                g.to_string()
            };
            // Pad by the visible width, not the escape codes of bold.
            let visible = if g == 0 { 2 } else { cell.len() };
            line.push_str(&" ".repeat(width + 1 - visible));
            line.push_str(&cell);
        }
        out.line(line)?;
    }
    out.line(format!(
        "{} +{}",
        " ".repeat(label),
        "-".repeat(size * (width + 1))
    ))?;
    let xs: String = (0..size)
        .map(|x| format!("{x:>w$}", w = width + 1))
        .collect();
    out.line(format!("{}  {xs}", " ".repeat(label)))?;
    out.line("G(x, y) with x across and y up; * marks a P-position (G = 0).")?;
    if !misprints.is_empty() {
        let cells: Vec<String> = misprints
            .iter()
            .map(|&&(x, y, printed, truth)| format!("G({x},{y}) = {truth} (printed {printed})"))
            .collect();
        out.line(format!(
            "Note: the table printed by Ibrahim, Haryanto and Amir (their Figure 1) misprints {} \
             cells shown here: {}.",
            cells.len(),
            cells.join(", ")
        ))?;
    }
    Ok(())
}

/// `image --output`: the picture is a PNG, so a name with another extension (`w.jpg`, which
/// got PNG bytes under a JPEG name) is refused; a name with none (`/dev/stdout`) is taken.
fn parse_png_path(text: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(text);
    match path.extension().and_then(|e| e.to_str()) {
        Some(e) if !e.eq_ignore_ascii_case("png") => Err(format!(
            "--output {text:?} names a .{e} file, but the picture is a PNG: expected a name \
             ending in .png (or with no extension)"
        )),
        _ => Ok(path),
    }
}

fn image(size: usize, path: &std::path::Path, out: &Output) -> Result<(), CliError> {
    super::write::check_destination(path, "--output")?;
    let image = grundy_chart::wythoff::render(size)?;
    let picture = Picture {
        width: image.width,
        height: image.height,
        rgb: image.rgb,
    };
    write_png(&picture, path, "--output")?;
    if out.json {
        return out.json(&PictureFile {
            game: "wythoff",
            file: path.display().to_string(),
            width: picture.width as u64,
            height: picture.height as u64,
            edges: None,
            value: None,
            winning_cuts: None,
        });
    }
    out.line(format!(
        "Wrote {} ({}x{}): left, G(x, y) for x, y < {size} (P-positions white); right, the \
         P-positions with y = φx and y = x/φ.",
        path.display(),
        picture.width,
        picture.height
    ))
}
