//! `grundy sequence octal CODE` and `grundy sequence grundys-game`: long Grundy-sequence runs.
//!
//! The engine's [`SequenceRun`] does the work in chunks; this module adds what needs a terminal
//! or a disk: a progress bar on a TTY, Ctrl-C that stops cleanly and keeps the finished values,
//! checkpoints every few seconds (written through [`super::write`], which never damages what a
//! path names), the output formats (text, CSV, JSON streamed by [`super::octal_output`], the
//! binary checkpoint format) and an SVG or PNG plot. Everything that can be checked before
//! computing is (see `check_up_front`), and a run stops computing once a period is proven.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use grundy_core::games::octal::{OctalGame, RunStatus, SequenceRun, MAX_RUN_VALUES};
use grundy_core::sequence::Period;
use num_bigint::BigUint;
use serde_json::json;

use super::octal_output::{Document, Values};
use super::write::{check_destination, replaced_file, write_file, FileWriter};
use super::{CliError, Output};

/// How far `--until-period` computes at most (more than `--count` if needed).
pub const UNTIL_PERIOD_LIMIT: u64 = 1 << 24;

/// How often a checkpoint is written during a run.
pub const CHECKPOINT_INTERVAL: Duration = Duration::from_secs(5);

/// Output formats of a sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The values separated by spaces, with a header.
    Text,
    /// One `n,value` line per value, with a header line.
    Csv,
    /// One JSON document (the same as --json).
    Json,
    /// The compact binary checkpoint format (needs --output).
    Binary,
}

/// Options of a long sequence run.
#[derive(Debug, Args)]
pub struct RunOptions {
    /// How many values, G(0) to G(count - 1) (at most 2^31, and refused at once when the run's
    /// memory, at least 2 bytes per value + 64 MiB, exceeds the machine's available memory).
    #[arg(long, short, default_value_t = 40, value_parser = parse_run_count)]
    pub count: u64,
    /// Report the least period and its least preperiod (proven by the Guy-Smith theorem), or
    /// that none is proven up to the values computed.
    #[arg(long)]
    pub period: bool,
    /// Compute until a period is proven (up to 16777216 values, or --count if larger), then
    /// stop: the rest follows from the period.
    #[arg(long)]
    pub until_period: bool,
    /// Print G(n) for this heap size: any whole number (beyond the table it needs a period).
    #[arg(long, value_parser = super::parse_big_heap)]
    pub at: Option<BigUint>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write the values to this file instead of standard output.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// Save the run to this file every few seconds and when stopped (atomically, checksummed).
    #[arg(long)]
    pub checkpoint: Option<PathBuf>,
    /// Continue the run saved in this file (same game) up to --count values.
    #[arg(long)]
    pub resume: Option<PathBuf>,
    /// Draw G(n) against n to this file, the period marked when known: an SVG picture, or a
    /// PNG one if the name ends in .png.
    #[arg(long, value_parser = parse_plot_path)]
    pub plot: Option<PathBuf>,
    /// Threads: 1, or 2 to let a second thread compute the options from far rare positions
    /// ahead (used only where it pays, e.g. Officers; the values are the same).
    #[arg(long, default_value_t = 2, value_parser = parse_threads)]
    pub threads: usize,
}

fn parse_threads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n @ 1..=2) => Ok(n),
        _ => Err(format!("threads {text:?} is not allowed: expected 1 or 2")),
    }
}

fn parse_run_count(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if n <= MAX_RUN_VALUES => Ok(n),
        _ => Err(format!(
            "count {text:?} is out of range: expected a whole number from 0 to {MAX_RUN_VALUES}"
        )),
    }
}

fn parse_plot_path(text: &str) -> Result<PathBuf, String> {
    match PlotKind::of(Path::new(text)) {
        Some(_) => Ok(PathBuf::from(text)),
        None => Err(format!(
            "plot file {text:?} has no known picture type: expected a name ending in .svg or .png"
        )),
    }
}

/// The picture formats of `--plot`, chosen by the file name's extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PlotKind {
    Svg,
    Png,
}

impl PlotKind {
    fn of(path: &Path) -> Option<Self> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "svg" => Some(PlotKind::Svg),
            "png" => Some(PlotKind::Png),
            _ => None,
        }
    }
}

/// Writes the plot of `G(0..count)` in the format its file name asks for.
fn write_plot(
    path: &Path,
    name: &str,
    values: &Values,
    period: Option<Period>,
) -> Result<(), CliError> {
    match PlotKind::of(path) {
        Some(PlotKind::Png) => {
            let mut file = FileWriter::create(path, "--plot")?;
            png_write(&plot_picture(values, period), &mut file)?;
            file.finish()
        }
        _ => write_file(path, "--plot", plot_svg(name, values, period).as_bytes()),
    }
}

/// Refuses, before anything is computed, every option that would fail only at the end.
fn check_up_front(options: &RunOptions, format: Format, target: u64) -> Result<(), CliError> {
    if format == Format::Binary && options.output.is_none() {
        return Err(CliError::Usage(
            "--format binary needs --output FILE (binary is not printed to a terminal)".into(),
        ));
    }
    let files = [
        (&options.output, "--output"),
        (&options.checkpoint, "--checkpoint"),
        (&options.plot, "--plot"),
    ];
    for (path, flag) in files {
        if let Some(path) = path {
            check_destination(path, flag)?;
        }
    }
    check_distinct_files(&files, format)?;
    let mut resumed_bytes = 0;
    if let Some(path) = &options.resume {
        match fs::metadata(path) {
            Ok(meta) if meta.is_file() => resumed_bytes = meta.len(),
            _ => {
                return Err(CliError::Usage(format!(
                    "cannot read checkpoint {:?}: expected a file written by --checkpoint",
                    path.display().to_string()
                )))
            }
        }
    }
    super::memory::check_fits(target, resumed_bytes)
}

/// Refuses two writing flags that would replace one file (the later write would destroy the
/// earlier), even through symbolic links.
fn check_distinct_files(
    files: &[(&Option<PathBuf>, &str)],
    format: Format,
) -> Result<(), CliError> {
    for (i, (a, flag_a)) in files.iter().enumerate() {
        for (b, flag_b) in &files[i + 1..] {
            let (Some(a), Some(b)) = (a, b) else { continue };
            // The binary output is the checkpoint itself: writing both to one file is harmless.
            let same_bytes = format == Format::Binary && *flag_b == "--checkpoint";
            if !same_bytes && replaced_file(a).is_some() && replaced_file(a) == replaced_file(b) {
                return Err(CliError::Usage(format!(
                    "{flag_a} {:?} and {flag_b} {:?} name the same file: expected a different \
                     file for each",
                    a.display().to_string(),
                    b.display().to_string()
                )));
            }
        }
    }
    Ok(())
}

/// How many values `--at n` needs: up to `n` itself when that is within
/// [`UNTIL_PERIOD_LIMIT`], else as many as it takes to prove a period (the run stops there).
/// Grundy's game has no period to give values beyond the table, so it is refused up front.
fn at_target(game: &OctalGame, n: &BigUint) -> Result<u64, CliError> {
    match u64::try_from(n) {
        Ok(n) if n < UNTIL_PERIOD_LIMIT => Ok(n + 1),
        _ if game.is_grundys_game() => Err(CliError::Usage(format!(
            "G({n}) of Grundy's game is not answered: no period is known, so --at is answered \
             only below {UNTIL_PERIOD_LIMIT}"
        ))),
        _ => Ok(UNTIL_PERIOD_LIMIT),
    }
}

/// Runs a sequence of `game` with `options`.
pub fn run_sequence(game: OctalGame, options: &RunOptions, out: &Output) -> Result<(), CliError> {
    let mut target = if options.until_period {
        options.count.max(UNTIL_PERIOD_LIMIT)
    } else {
        options.count
    };
    if let Some(n) = &options.at {
        target = target.max(at_target(&game, n)?);
    }
    let format = if out.json {
        Format::Json
    } else {
        options.format
    };
    check_up_front(options, format, target)?;
    let mut run = match &options.resume {
        Some(path) => resume(path, &game, target)?,
        None => SequenceRun::new(game.rules().clone(), target, true)?,
    };
    // Values beyond a proven period follow from it: they are filled in, never computed.
    run.set_stop_at_period(true);
    run.set_threads(options.threads);
    let interrupted = compute(&mut run, options)?;
    let name = game_name(&game);
    let count = options.count.min(known_count(&run, options.count));
    let at = match &options.at {
        Some(n) => Some((
            n.clone(),
            run.value_at_big(n).ok_or_else(|| {
                CliError::Usage(format!(
                    "G({n}) is unknown: no period of {name} is proven within {} values",
                    run.values().len()
                ))
            })?,
        )),
        None => None,
    };
    let values = Values { run: &run, count };
    if let Some(path) = &options.plot {
        write_plot(path, &name, &values, run.period())?;
    }
    if format == Format::Binary {
        // The binary format is the checkpoint: the computed values and the proven period.
        if let Some(path) = &options.output {
            save_as(path, "--output", &run)?;
        }
        if interrupted {
            return Err(CliError::Interrupted(interruption_note(&run, options)));
        }
        return Ok(());
    }
    let doc = Document {
        name: &name,
        values,
        interrupted,
        show_period: options.period || options.until_period,
        at,
    };
    write_document(&doc, format, options.output.as_deref())?;
    if interrupted {
        return Err(CliError::Interrupted(interruption_note(&run, options)));
    }
    Ok(())
}

/// Streams `doc` to the file `output`, or to standard output (where a closed pipe, as with
/// `| head`, is not an error).
fn write_document(doc: &Document, format: Format, output: Option<&Path>) -> Result<(), CliError> {
    match output {
        Some(path) => {
            let mut file = FileWriter::create(path, "--output")?;
            doc.write(format, &mut file)?;
            file.finish()
        }
        None => {
            let mut stdout = std::io::BufWriter::with_capacity(1 << 20, std::io::stdout().lock());
            doc.write(format, &mut stdout)
                .and_then(|()| doc.end_of_print(format, &mut stdout))
                .and_then(|()| stdout.flush())
                .or_else(super::ignore_broken_pipe)
        }
    }
}

/// What Ctrl-C kept and how to go on.
fn interruption_note(run: &SequenceRun, options: &RunOptions) -> String {
    let done = run.values().len();
    let target = run.target();
    let written = match &options.output {
        Some(path) => format!("written to {}", path.display()),
        None => "printed".into(),
    };
    match &options.checkpoint {
        Some(path) => format!(
            "interrupted: {done} of {target} values computed; they are {written} and saved in the checkpoint {path}. \
             To continue, run the same command with --resume {path}",
            path = path.display()
        ),
        None => format!(
            "interrupted: {done} of {target} values computed and {written}; no checkpoint was asked for, \
             so the run cannot be resumed (add --checkpoint FILE next time)"
        ),
    }
}

/// How many of the first `count` values are known: all of them once a period is proven.
fn known_count(run: &SequenceRun, count: u64) -> u64 {
    if run.period().is_some() {
        count
    } else {
        run.values().len() as u64
    }
}

fn game_name(game: &OctalGame) -> String {
    if game.is_grundys_game() {
        "Grundy's game".into()
    } else {
        format!("octal game {game}")
    }
}

fn resume(path: &Path, game: &OctalGame, count: u64) -> Result<SequenceRun, CliError> {
    let bytes = fs::read(path)
        .map_err(|e| CliError::Usage(format!("cannot read checkpoint {}: {e}", path.display())))?;
    let mut run = SequenceRun::from_bytes(&bytes)?;
    if run.rules() != game.rules() {
        return Err(CliError::Usage(format!(
            "checkpoint {} is for {}, not {}",
            path.display(),
            run.rules(),
            game.rules()
        )));
    }
    // The saved run's own target is a wish, not a duty: compute what is asked now (values
    // already computed are kept even if fewer are asked).
    run.set_target(count)?;
    Ok(run)
}

/// Computes until done or Ctrl-C, writing checkpoints. Returns whether Ctrl-C stopped it.
fn compute(run: &mut SequenceRun, options: &RunOptions) -> Result<bool, CliError> {
    let interrupt = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&interrupt);
    // Only one handler per process; if one is already set, Ctrl-C keeps its default meaning.
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    let bar = indicatif::ProgressBar::new(run.target());
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {human_pos}/{human_len} values  {per_sec}  ETA {eta}",
        )
        .expect("the template is valid"),
    );
    bar.set_position(run.values().len() as u64);
    let pause = AtomicBool::new(false);
    let mut interval = CHECKPOINT_INTERVAL;
    let mut watch = super::memory::Watch::new();
    let mut too_big = None;
    loop {
        // Each pass of the loop runs until a checkpoint is due, Ctrl-C, or the end.
        let last_save = Instant::now();
        pause.store(false, Ordering::Relaxed);
        let status = run.run(&pause, &mut |p| {
            bar.set_position(p.done);
            let due = options.checkpoint.is_some() && last_save.elapsed() >= interval;
            if too_big.is_none() {
                too_big = watch.look(p.done, p.target);
            }
            if due || interrupt.load(Ordering::Relaxed) || too_big.is_some() {
                pause.store(true, Ordering::Relaxed);
            }
        })?;
        if let Some(path) = &options.checkpoint {
            let started = Instant::now();
            save_as(path, "--checkpoint", run)?;
            // Writing costs at most a tenth of the run, however many values the file holds.
            interval = CHECKPOINT_INTERVAL.max(started.elapsed() * 10);
        }
        if let Some(why) = too_big {
            bar.abandon();
            let kept = match &options.checkpoint {
                Some(path) => format!(
                    "the {} values computed are saved in {}: resume with --resume on a machine \
                     with more memory",
                    run.values().len(),
                    path.display()
                ),
                None => {
                    "add --checkpoint FILE to keep the values of a run stopped like this".into()
                }
            };
            return Err(CliError::Usage(format!("{why}; {kept}")));
        }
        match status {
            RunStatus::Finished => {
                bar.finish_and_clear();
                return Ok(false);
            }
            RunStatus::Cancelled if interrupt.load(Ordering::Relaxed) => {
                bar.abandon();
                return Ok(true);
            }
            RunStatus::Cancelled => {}
        }
    }
}

/// Saves the run to `path` as a checkpoint (streamed, replaced atomically).
fn save_as(path: &Path, flag: &str, run: &SequenceRun) -> Result<(), CliError> {
    let mut file = FileWriter::create(path, flag)?;
    run.write_bytes(&mut file)?;
    file.finish()
}

pub(super) fn period_json(run: &SequenceRun) -> serde_json::Value {
    match run.period() {
        Some(p) => json!({
            "preperiod": p.preperiod,
            "period": p.period,
            "checked": p.checked,
            "theorem": "Guy-Smith",
        }),
        None => serde_json::Value::Null,
    }
}

pub(super) fn period_text(run: &SequenceRun) -> String {
    if run.rules().is_grundys_game() {
        return format!(
            "No period is claimed for Grundy's game (none is known, and the Guy-Smith theorem does not apply); {} values computed.",
            run.values().len()
        );
    }
    match run.period() {
        Some(Period {
            preperiod,
            period,
            checked,
        }) => format!(
            "Period {period} from n = {preperiod} (the least period, and the least preperiod for it).\n\
             Proof (Guy-Smith, moves remove at most {t} tokens): G(n + {period}) = G(n) was checked for \
             n0 <= n < 2*n0 + {period} + {t} with n0 = {n0}, using G(0..{last}).",
            t = run.rules().max_removed(),
            n0 = preperiod.max(1),
            last = checked - 1,
        ),
        None => format!(
            "No period proven up to n = {} (a larger --count or --until-period may prove one).",
            run.values().len()
        ),
    }
}

/// G(n) against n as an SVG picture. Long sequences are drawn one column per pixel with the
/// column's largest value; the preperiod and one period are shaded when a period is known.
pub fn plot_svg(name: &str, values: &Values, period: Option<Period>) -> String {
    const W: usize = 800;
    const H: usize = 300;
    const PAD: usize = 40;
    let len = values.count as usize;
    let n = len.max(1);
    let top = values.iter().max().unwrap_or(0).max(1) as usize;
    let columns = n.min(W);
    let x_of = |i: usize| PAD + i * W / n;
    let y_of = |v: usize| PAD + H - v * H / top;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\" font-size=\"12\">\n",
        W + 2 * PAD,
        H + 2 * PAD
    );
    svg.push_str(&format!(
        "<text x=\"{PAD}\" y=\"20\">G(n) for {} (n = 0..{})</text>\n",
        escape(name),
        n - 1
    ));
    if let Some(p) = period {
        let (a, b) = (p.preperiod as usize, (p.preperiod + p.period) as usize);
        if a < n {
            let b = b.min(n);
            svg.push_str(&format!(
                "<rect x=\"{}\" y=\"{PAD}\" width=\"{}\" height=\"{H}\" fill=\"#dde8ff\"/>\n",
                x_of(a),
                (x_of(b) - x_of(a)).max(1)
            ));
            svg.push_str(&format!(
                "<text x=\"{}\" y=\"{}\">period {} from n = {}</text>\n",
                x_of(a),
                PAD - 6,
                p.period,
                p.preperiod
            ));
        }
    }
    let mut points = String::new();
    for c in 0..columns {
        let (lo, hi) = (
            c * n / columns,
            ((c + 1) * n / columns).max(c * n / columns + 1),
        );
        let v = (lo..hi.min(len))
            .map(|i| values.get(i as u64))
            .max()
            .unwrap_or(0) as usize;
        points.push_str(&format!("{},{} ", x_of(lo), y_of(v)));
    }
    svg.push_str(&format!(
        "<polyline fill=\"none\" stroke=\"#1f4e9c\" stroke-width=\"1\" points=\"{}\"/>\n",
        points.trim_end()
    ));
    svg.push_str(&format!(
        "<line x1=\"{PAD}\" y1=\"{y}\" x2=\"{x}\" y2=\"{y}\" stroke=\"black\"/>\n<text x=\"{PAD}\" y=\"{ty}\">0</text><text x=\"{x2}\" y=\"{ty}\">{last}</text><text x=\"4\" y=\"{PAD}\">{top}</text>\n</svg>\n",
        y = PAD + H,
        x = PAD + W,
        ty = PAD + H + 16,
        x2 = PAD + W - 30,
        last = n - 1,
    ));
    svg
}

/// Writes `picture` as an 8-bit RGB PNG.
fn png_write(
    picture: &super::wythoff_image::Picture,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let mut encoder = png::Encoder::new(out, picture.width as u32, picture.height as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let io = |e: png::EncodingError| CliError::Io(std::io::Error::other(e));
    let mut writer = encoder.write_header().map_err(io)?;
    writer.write_image_data(&picture.rgb).map_err(io)?;
    writer.finish().map_err(io)
}

/// The size of the PNG plot's drawing area, and its margin, in pixels.
pub const PLOT_WIDTH: usize = 800;
/// See [`PLOT_WIDTH`].
pub const PLOT_HEIGHT: usize = 300;
/// See [`PLOT_WIDTH`].
pub const PLOT_MARGIN: usize = 20;

const PLOT_PAPER: [u8; 3] = [255, 255, 255];
const PLOT_INK: [u8; 3] = [31, 78, 156];
const PLOT_AXIS: [u8; 3] = [0, 0, 0];
const PLOT_PERIOD_SHADE: [u8; 3] = [221, 232, 255];
const PLOT_PERIOD_EDGE: [u8; 3] = [200, 40, 40];

/// G(n) against n as pixels (for the PNG plot): `PLOT_WIDTH + 2·PLOT_MARGIN` by
/// `PLOT_HEIGHT + 2·PLOT_MARGIN`. Each pixel column covers a range of n and is inked from the
/// least to the largest value in it; when a period is known, one period after the preperiod is
/// shaded and its two ends are red lines. The axes meet at (0, 0).
pub fn plot_picture(values: &Values, period: Option<Period>) -> super::wythoff_image::Picture {
    let (w, h, m) = (PLOT_WIDTH, PLOT_HEIGHT, PLOT_MARGIN);
    let width = w + 2 * m;
    let height = h + 2 * m;
    let mut rgb = PLOT_PAPER.repeat(width * height);
    let mut paint = |x: usize, y_up: usize, colour: [u8; 3]| {
        // y_up counts from the bottom of the drawing area.
        let row = m + h - 1 - y_up.min(h - 1);
        let i = 3 * (row * width + m + x.min(w - 1));
        rgb[i..i + 3].copy_from_slice(&colour);
    };
    let len = values.count as usize;
    let n = len.max(1);
    let top = values.iter().max().unwrap_or(0).max(1) as usize;
    // Column of heap i, and the height of value v (exact integer arithmetic).
    let x_of = |i: usize| i * w / n;
    // Row 0 is the axis: values are drawn from row 1 up.
    let y_of = |v: usize| 1 + v * (h - 2) / top;
    if let Some(p) = period {
        let (a, b) = (p.preperiod as usize, (p.preperiod + p.period) as usize);
        if a < n {
            let (xa, xb) = (x_of(a), x_of(b.min(n)).max(x_of(a) + 1));
            for x in xa..xb.min(w) {
                for y in 0..h {
                    paint(x, y, PLOT_PERIOD_SHADE);
                }
            }
            for x in [xa, xb.min(w - 1)] {
                for y in 0..h {
                    paint(x, y, PLOT_PERIOD_EDGE);
                }
            }
        }
    }
    for x in 0..w {
        // The heaps drawn in column x (one heap over several columns when they are few).
        let lo = x * n / w;
        let hi = ((x + 1) * n / w).max(lo + 1).min(len);
        let column = (lo.min(hi)..hi).map(|i| values.get(i as u64));
        let Some((least, most)) = column.fold(None, |range, v| match range {
            None => Some((v, v)),
            Some((a, b)) => Some((v.min(a), v.max(b))),
        }) else {
            continue;
        };
        for y in y_of(least as usize)..=y_of(most as usize) {
            paint(x, y, PLOT_INK);
        }
    }
    for x in 0..w {
        paint(x, 0, PLOT_AXIS);
    }
    for y in 0..h {
        paint(0, y, PLOT_AXIS);
    }
    super::wythoff_image::Picture { width, height, rgb }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('\'', "&#39;")
}
