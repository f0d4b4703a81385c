//! `grundy hackenbush value` (the value of a picture of any size, and its fusion and colon
//! reduction) and `grundy hackenbush draw` (a picture as SVG or PNG: the drawing is the
//! `grundy-chart` crate's, from the core's layout; the PNG goes through
//! [`super::picture::write_png`]).

use std::path::PathBuf;

use clap::Subcommand;
use grundy_chart::hackenbush::{rgb, svg, Drawing};
use grundy_core::games::hackenbush::cuts::cuts_to_value;
use grundy_core::games::hackenbush::layout::layout;
use grundy_core::games::hackenbush::{value, Picture};
use grundy_core::wire::{HackenbushValue, PictureFile};

use super::chart::parse_plot_path;
use super::picture::{write_png, Picture as Pixels};
use super::write::{check_destination, write_file};
use super::{CliError, Output};

/// The `hackenbush` subcommands.
#[derive(Debug, Subcommand)]
pub enum HackenbushCommand {
    /// The value of a picture by the fusion and colon principles, at any size (up to 1,000,000
    /// edges), without its winning moves (`grundy analyze hackenbush` lists those).
    ///
    /// Example: grundy hackenbush value tree:12x2 cycle:5 --explain
    Value {
        /// The picture, as in `grundy analyze hackenbush`.
        #[arg(required = true, num_args = 1.., value_name = "PICTURE")]
        picture: Vec<String>,
        /// Show the reduction step by step.
        #[arg(long)]
        explain: bool,
    },
    /// A picture of a position: the ground, the edges (numbered as typed moves number them),
    /// the vertices; SVG or PNG by the file name (the PNG without the numbers).
    ///
    /// Example: grundy hackenbush draw 0-1,1-2,1-3,3-3 cycle:3 --winning -o picture.svg
    Draw {
        /// The picture, as in `grundy analyze hackenbush`: edges (0-1 1-2, or 0-1,1-2; 0 or g is
        /// the ground) and shapes (stalk:N, star:N, path:N, cycle:N, tree:DxB).
        #[arg(required = true, num_args = 1.., value_name = "PICTURE")]
        picture: Vec<String>,
        /// Where to write: a file name ending in .svg or .png.
        #[arg(long, short, value_parser = parse_plot_path)]
        output: PathBuf,
        /// Mark the winning cuts (each leaves a position of value 0) in orange.
        #[arg(long)]
        winning: bool,
    },
}

/// Runs a `hackenbush` subcommand.
pub fn run(command: &HackenbushCommand, out: &Output) -> Result<(), CliError> {
    match command {
        HackenbushCommand::Value { picture, explain } => {
            value_of(&picture.join(","), *explain, out)
        }
        HackenbushCommand::Draw {
            picture,
            output,
            winning,
        } => draw(&picture.join(","), output, *winning, out),
    }
}

fn value_of(text: &str, explain: bool, out: &Output) -> Result<(), CliError> {
    let picture: Picture = text.parse()?;
    let answer = HackenbushValue::of(&picture, explain);
    if out.json {
        return out.json(&answer);
    }
    let v = answer.value;
    let steps = answer.steps.unwrap_or_default();
    out.line(format!(
        "Green Hackenbush picture of {} edge{}: value *{v} ({}).",
        picture.len(),
        if picture.len() == 1 { "" } else { "s" },
        if v == 0 {
            "a P-position: the player to move loses"
        } else {
            "an N-position: the player to move wins"
        }
    ))?;
    for step in &steps {
        out.line(format!("  {step}"))?;
    }
    Ok(())
}

fn draw(text: &str, path: &std::path::Path, winning: bool, out: &Output) -> Result<(), CliError> {
    check_destination(path, "--output")?;
    let picture: Picture = text.parse()?;
    let placed = layout(&picture)?;
    let v = value(&picture);
    let wins = if winning {
        Some(cuts_to_value(&picture, 0)?)
    } else {
        None
    };
    let mut marked = vec![false; picture.len()];
    for &i in wins.iter().flatten() {
        marked[i] = true;
    }
    let drawing = Drawing {
        layout: &placed,
        title: format!(
            "Green Hackenbush: {} edge{}, value *{v}",
            picture.len(),
            if picture.len() == 1 { "" } else { "s" }
        ),
        marked,
    };
    let (width, height) = drawing.size();
    let png = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    if png {
        let pixels = Pixels {
            width: width as usize,
            height: height as usize,
            rgb: rgb(&drawing),
        };
        write_png(&pixels, path, "--output")?;
    } else {
        write_file(path, "--output", svg(&drawing).as_bytes())?;
    }
    let numbers: Option<Vec<usize>> = wins.map(|w| w.iter().map(|i| i + 1).collect());
    if out.json {
        return out.json(&PictureFile {
            game: "hackenbush",
            file: path.display().to_string(),
            width: u64::from(width),
            height: u64::from(height),
            edges: Some(picture.len()),
            value: Some(v),
            winning_cuts: Some(numbers),
        });
    }
    out.line(format!(
        "Wrote {} ({width}x{height}): {} edge{}, value *{v}.",
        path.display(),
        picture.len(),
        if picture.len() == 1 { "" } else { "s" }
    ))?;
    if let Some(list) = numbers {
        let shown: Vec<String> = list.iter().map(usize::to_string).collect();
        out.line(if list.is_empty() {
            "No winning cut (a P-position): nothing is marked.".to_string()
        } else {
            format!(
                "Winning cut{} (marked in orange): edge{} {}.",
                if list.len() == 1 { "" } else { "s" },
                if list.len() == 1 { "" } else { "s" },
                shown.join(", ")
            )
        })?;
    }
    Ok(())
}
