//! `grundy misere`: misère quotients and genera of heap games.
//!
//! ```text
//! grundy misere quotient 0.07 --max-heap 30 [--seconds 60] [--max-order 2048] [--json]
//! grundy misere genus kayles --count 12 [--json]
//! ```
//!
//! `GAME` is `nim`, an octal code (`0.77`, `.07`, `4.7`), a preset name (`kayles`,
//! `dawsons-kayles`, …) or another heap ruleset of the registry in the sum format
//! (`sub{1,4,9}`, `bachet{3}`, `allbut{2}`, `lasker`, `grundys`). Wythoff's game and Moore's
//! Nim are not heap games in this sense (a move changes two heaps at once), nor are boards,
//! graphs and coin rows. Every quotient printed is proven for every position with heaps of at
//! most `--max-heap` (see `grundy_core::misere`); a computation that reaches a limit stops with
//! an error naming it (exit code 2).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use grundy_core::games::octal::OctalGame;
use grundy_core::kernel::budget::{self, Budget};
use grundy_core::misere::game::{not_a_heap_game, HeapGame, Nim, OptionTable, RegistryHeapGame};
use grundy_core::misere::genus::{
    nim_heap_genus, restive_sum_outcome, tame_sum_outcome, GenusClass, HeapGenus,
};
use grundy_core::misere::genus_quotient::heap_genera;
use grundy_core::misere::quotient::{Limits, MisereQuotient, MAX_QUOTIENT_HEAP};
use grundy_core::misere::run::QuotientRun;
use grundy_core::wire::{GenusSum, GenusTable, QuotientDoc};

use super::{CliError, Output};

/// Most heaps `grundy misere genus --count` accepts.
pub const MAX_GENUS_COUNT: usize = 200;

/// The `grundy misere` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum MisereCommand {
    /// The misère quotient Q_N: presentation, order, P-portion, pretending function, and the
    /// normal-play quotient beside it.
    ///
    /// Example: grundy misere quotient 0.07 --max-heap 30
    Quotient(QuotientArgs),
    /// Conway's genus of each heap 1..=COUNT, and whether it is tame.
    ///
    /// Example: grundy misere genus 0.312 --count 10
    Genus(GenusArgs),
}

/// Arguments of `grundy misere quotient`.
#[derive(Debug, clap::Args)]
pub struct QuotientArgs {
    /// The game: nim, an octal code such as 0.77, a preset name such as kayles, or a heap
    /// ruleset such as sub{1,4,9}, bachet{3}, allbut{2}, lasker, grundys.
    pub game: String,
    /// The largest heap covered (1 to 1000).
    #[arg(long, value_parser = super::whole_number::<u64>("--max-heap", "tokens", 1..=MAX_QUOTIENT_HEAP as u64))]
    pub max_heap: u64,
    /// Give up after this many seconds (1 to 86400).
    #[arg(long, default_value_t = 60, value_parser = super::whole_number::<u64>("--seconds", "seconds", 1..=86400))]
    pub seconds: u64,
    /// Give up when a monoid would have more elements than this (2 to 16384; memory is about
    /// 4·order² bytes).
    #[arg(long, default_value_t = 2048, value_parser = super::whole_number::<u64>("--max-order", "elements", 2..=16384))]
    pub max_order: u64,
    /// Save the proven quotient to this file every few seconds, and when the run stops
    /// (Ctrl-C, a limit): a later run goes on from it with --resume.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Go on from a checkpoint written by --checkpoint (same game; --max-heap at least the heap
    /// it reached). The saved quotient is proven again before it is used.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
}

/// Arguments of `grundy misere genus`.
#[derive(Debug, clap::Args)]
pub struct GenusArgs {
    /// The game: nim, an octal code such as 0.77, a preset name such as kayles, or a heap
    /// ruleset such as sub{1,4,9}, bachet{3}, allbut{2}, lasker, grundys.
    pub game: String,
    /// How many heaps, 1..=COUNT (1 to 200).
    #[arg(long, value_parser = super::whole_number::<u64>("--count", "heaps", 1..=MAX_GENUS_COUNT as u64))]
    pub count: u64,
    /// Also answer the sum of these heaps (each at most COUNT, e.g. 3,5,5) by Conway's rules:
    /// the genus rule when every heap is tame, the restive rule for one restive heap beside
    /// Nim heaps (--nim).
    #[arg(long, value_name = "HEAPS", value_parser = parse_heaps)]
    pub sum: Option<HeapList>,
    /// Nim heaps added to the --sum (e.g. 2,3; each at most 1000).
    #[arg(long, value_name = "HEAPS", value_parser = parse_nim_heaps, requires = "sum")]
    pub nim: Option<HeapList>,
    /// The most time the genera may take, in seconds (1 to 604800): beyond it they are refused,
    /// naming the heap being worked on.
    #[arg(long, value_name = "SECONDS", default_value_t = super::search::DEFAULT_SECONDS,
          value_parser = super::whole_number::<u64>("--time", "seconds", 1..=super::search::MAX_SECONDS))]
    pub time: u64,
    /// The most memory the genera may take, in MiB (1 to 1048576): beyond it they are refused,
    /// naming the heap being worked on.
    #[arg(long, value_name = "MIB", default_value_t = super::game::ANALYZE_MEMORY_MIB,
          value_parser = super::whole_number::<u64>("--memory", "MiB", 1..=super::game::MAX_MEMORY_MIB))]
    pub memory: u64,
}

/// Largest Nim heap `--nim` accepts.
pub const MAX_GENUS_NIM_HEAP: usize = 1000;

/// Heap sizes given as one comma-separated argument.
#[derive(Debug, Clone)]
pub struct HeapList(pub Vec<usize>);

/// A comma-separated list of heap sizes.
fn parse_heaps(text: &str) -> Result<HeapList, String> {
    grundy_core::kernel::parse_list(text, "heap")
        .map(|v| HeapList(v.into_iter().map(|h| h as usize).collect()))
        .map_err(|e| e.to_string())
}

/// `--nim`'s list: its heaps' range (0 to [`MAX_GENUS_NIM_HEAP`]) is checked with the sum.
fn parse_nim_heaps(text: &str) -> Result<HeapList, String> {
    parse_heaps(text).map_err(|_| {
        format!(
            "invalid Nim heaps {text:?}: expected whole numbers from 0 to {MAX_GENUS_NIM_HEAP} \
             separated by commas, e.g. 2,3"
        )
    })
}

/// Runs `grundy misere`.
pub fn run(cmd: &MisereCommand, out: &Output) -> Result<(), CliError> {
    match cmd {
        MisereCommand::Quotient(args) => quotient(args, out),
        MisereCommand::Genus(args) => genus(args, out),
    }
}

/// The heap game a `GAME` argument names: `nim`, an octal code or preset, or a heap ruleset of
/// the registry in the sum format (`sub{1,4,9}`, `bachet{3}`, `allbut{2}`, `lasker`,
/// `grundys`).
pub fn heap_game(name: &str) -> Result<Box<dyn HeapGame>, CliError> {
    if grundy_core::games::nim::FAMILY.answers_to(name) {
        return Ok(Box::new(Nim));
    }
    match OctalGame::named(name) {
        Ok(octal) => Ok(Box::new(octal.rules().clone())),
        Err(octal_error) => match grundy_core::spec::parse_rules(name) {
            Ok(rules) => Ok(Box::new(RegistryHeapGame::new(rules)?)),
            Err(rules_error) => {
                // A ruleset of the registry that is not a heap game (`moore`, `cram`) is named
                // as such, not as a bad octal code; a heap ruleset with bad parameters gets its
                // own error.
                let family = name.split('{').next().unwrap_or(name).trim();
                match grundy_core::registry::family(family) {
                    Some(f) if !f.heap_game => Err(not_a_heap_game(name.trim()).into()),
                    Some(_) => Err(rules_error.into()),
                    None => Err(octal_error.into()),
                }
            }
        },
    }
}

fn quotient(args: &QuotientArgs, out: &Output) -> Result<(), CliError> {
    let game = heap_game(&args.game)?;
    let limits = Limits {
        max_order: args.max_order as usize,
        time_budget: Duration::from_secs(args.seconds),
        ..Limits::default()
    };
    let q = run_quotient(game.as_ref(), args, limits, !out.json)?;
    let doc = QuotientDoc::of(&q);
    if out.json {
        return out.json(&doc);
    }
    let QuotientDoc {
        generators: gens,
        relations,
        p_portion: p,
        pretending: pretend,
        ..
    } = doc;
    out.line(format!(
        "{} {} with heaps up to {}: order {} (proven for every position; reduced)",
        out.bold("Misère quotient of"),
        q.game,
        q.max_heap,
        q.order()
    ))?;
    out.line(format!("generators: {}", gens.join(", ")))?;
    out.line("relations:")?;
    for r in &relations {
        out.line(format!("  {r}"))?;
    }
    out.line(format!("P-portion: {{{}}}", p.join(", ")))?;
    out.line("heap  element  normal value")?;
    for (h, e) in pretend.iter().enumerate().skip(1) {
        out.line(format!("{h:>4}  {e:<7}  {}", q.normal_values[h]))?;
    }
    out.line(format!(
        "normal-play quotient: order {} (the group of nim-values under XOR)",
        q.normal_order()
    ))?;
    let growth: Vec<String> = q.orders.iter().map(|o| o.to_string()).collect();
    out.line(format!(
        "order of Q_0..Q_{}: {}",
        q.max_heap,
        growth.join(" ")
    ))
}

/// How often a checkpoint is written during a run.
const CHECKPOINT_INTERVAL: Duration = Duration::from_secs(5);
/// A heap whose adjoining took this long is saved at once, whatever the interval.
const SLOW_STEP: Duration = Duration::from_secs(1);

/// Computes the quotient heap by heap: progress on a terminal, checkpoints after the first
/// heap, every few seconds and when the run stops, Ctrl-C saves and exits with code 130.
fn run_quotient(
    game: &dyn HeapGame,
    args: &QuotientArgs,
    limits: Limits,
    progress: bool,
) -> Result<MisereQuotient, CliError> {
    let max_heap = args.max_heap as usize;
    let mut run = match &args.resume {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| {
                CliError::Usage(format!("cannot read checkpoint {}: {e}", path.display()))
            })?;
            QuotientRun::resume(game, &bytes, max_heap, limits)
                .map_err(|e| CliError::Usage(format!("--resume {}: {e}", path.display())))?
        }
        None => QuotientRun::new(game, max_heap, limits)?,
    };
    let show = progress && std::io::stderr().is_terminal();
    let interrupt = super::interrupt::flag();
    // The first heap is saved at once, so a checkpoint exists from the start of the run.
    let mut last_save: Option<Instant> = None;
    let result = grundy_core::kernel::cancel::with_flag(Arc::clone(&interrupt), || {
        while !run.is_done() {
            let step_started = Instant::now();
            run.step()?;
            // A slow heap is worth keeping at once: writing costs far less than redoing it.
            let slow = step_started.elapsed() >= SLOW_STEP;
            if show {
                let mut err = std::io::stderr().lock();
                // Progress is best effort: a closed stderr must not stop the computation.
                let _ = write!(
                    err,
                    "\rheap {} of {}: order {}   ",
                    run.heap(),
                    run.target(),
                    run.order()
                );
                let _ = err.flush();
            }
            if let Some(path) = &args.checkpoint {
                if slow || last_save.map_or(true, |t| t.elapsed() >= CHECKPOINT_INTERVAL) {
                    save(path, &run)?;
                    last_save = Some(Instant::now());
                }
            }
        }
        Ok::<(), CliError>(())
    });
    if show {
        eprint!("\r\x1b[K");
    }
    let kept = match &args.checkpoint {
        Some(path) => {
            save(path, &run)?;
            format!(
                "Q_{} (order {}) is saved in {}: run the same command with --resume {} to go on",
                run.heap(),
                run.order(),
                path.display(),
                path.display()
            )
        }
        None => format!(
            "add --checkpoint FILE to keep Q_{} (order {}) and go on from it later",
            run.heap(),
            run.order()
        ),
    };
    match result {
        Ok(()) => Ok(run.finish()?),
        Err(_) if interrupt.load(Ordering::SeqCst) => {
            Err(CliError::Interrupted(format!("interrupted; {kept}")))
        }
        Err(CliError::Usage(e)) => Err(CliError::Usage(format!("{e}; {kept}"))),
        Err(e) => Err(e),
    }
}

/// Writes the run's checkpoint to `path` (replaced atomically).
fn save(path: &Path, run: &QuotientRun) -> Result<(), CliError> {
    let mut file = super::write::FileWriter::create(path, "--checkpoint")?;
    run.write_checkpoint(&mut file)?;
    file.finish()
}

fn genus(args: &GenusArgs, out: &Output) -> Result<(), CliError> {
    let game = heap_game(&args.game)?;
    let count = args.count as usize;
    if let Some(h) = args
        .sum
        .iter()
        .flat_map(|l| &l.0)
        .find(|&&h| h == 0 || h > count)
    {
        return Err(CliError::Usage(format!(
            "invalid heap {h} in --sum: expected heaps from 1 to --count ({count})"
        )));
    }
    let nim: Vec<usize> = args.nim.as_ref().map(|l| l.0.clone()).unwrap_or_default();
    if let Some(h) = nim.iter().find(|&&h| h > MAX_GENUS_NIM_HEAP) {
        return Err(CliError::Usage(format!(
            "invalid Nim heap {h} in --nim: expected heaps from 0 to {MAX_GENUS_NIM_HEAP}"
        )));
    }
    let options = OptionTable::new(game.as_ref(), count)?;
    // One budget for the question (grundy_core::kernel::budget): the quotient's and the
    // followers' loops check it, and a refusal names the heap and --time or --memory.
    let budget = Budget::new(
        std::time::Duration::from_secs(args.time),
        super::search::time_option(),
    )
    .with_memory(args.memory << 20, super::game::memory_option());
    let genera = budget::within(&budget, || heap_genera(&options))?;
    let sum = args
        .sum
        .as_ref()
        .map(|HeapList(heaps)| sum_by_rules(heaps, &nim, &genera));
    if out.json {
        let mut doc = GenusTable::new(game.name(), &genera);
        if let (Some(HeapList(heaps)), Some(answer)) = (&args.sum, &sum) {
            doc.sum = Some(GenusSum {
                heaps: heaps.clone(),
                nim: nim.clone(),
                outcome: answer.outcome,
                rule: answer.rule,
            });
        }
        return out.json(&doc);
    }
    out.line(format!("{} {}", out.bold("Genera of"), game.name()))?;
    out.line("heap  genus  kind")?;
    for g in &genera {
        out.line(format!("{:>4}  {}  {}", g.heap, g.genus, g.class.name()))?;
    }
    out.line(
        "Classes of the raw positions (as the rules generate them, not their simplest forms), \
         after Conway: tame, every follower has the genus of a misère Nim position; restive or \
         restless, not tame but every option tame, with g = 0 or 1 (restive) or g₀ = 0 or 1 \
         (restless); wild, the rest.",
    )?;
    if let (Some(HeapList(heaps)), Some(answer)) = (&args.sum, sum) {
        let mut terms: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
        terms.extend(nim.iter().map(|m| format!("*{m}")));
        let list = terms.join(" + ");
        match answer.outcome {
            Some(o) => out.line(format!("Sum {list}: {}. {}.", answer.why, o.describe()))?,
            None => out.line(format!(
                "Sum {list}: {}; grundy misere quotient {} --max-heap {} answers sums of the \
                 game's heaps.",
                answer.why,
                game.name(),
                heaps.iter().max().copied().unwrap_or(1)
            ))?,
        }
    }
    Ok(())
}

/// A sum answered by Conway's rules, or why not.
struct RuleAnswer {
    outcome: Option<grundy_core::sum::Outcome>,
    rule: Option<&'static str>,
    why: String,
}

/// The sum of the game's `heaps` and the Nim heaps `nim` by the genus rule (every heap tame)
/// or the restive rule (one restive heap, the rest Nim heaps).
fn sum_by_rules(heaps: &[usize], nim: &[usize], genera: &[HeapGenus]) -> RuleAnswer {
    let of: Vec<&HeapGenus> = heaps.iter().map(|&h| &genera[h - 1]).collect();
    let nim_values: Vec<u64> = nim.iter().map(|&m| m as u64).collect();
    if of.iter().all(|g| g.tame) {
        let nim_genera: Vec<HeapGenus> = nim_values
            .iter()
            .map(|&m| HeapGenus::new(m as usize, nim_heap_genus(m), true))
            .collect();
        let all: Vec<&HeapGenus> = of.iter().copied().chain(nim_genera.iter()).collect();
        return RuleAnswer {
            outcome: tame_sum_outcome(&all),
            rule: Some("tame"),
            why: "every heap is tame, so it plays like the misère Nim position with the same \
                  genera (Conway's genus rule)"
                .into(),
        };
    }
    if let [restive] = of.as_slice() {
        if restive.class == GenusClass::Restive {
            let g0 = restive.genus.term(0);
            let small = nim_values.iter().all(|&m| m <= 1 || m == g0 || m == g0 ^ 1);
            let plays = if small { g0 } else { restive.genus.normal };
            return RuleAnswer {
                outcome: restive_sum_outcome(&restive.genus, &nim_values),
                rule: Some("restive"),
                why: format!(
                    "heap {} is restive ({}) and every other heap is a Nim heap{}, so it plays \
                     as *{plays} (Conway's rule for restive games)",
                    restive.heap,
                    restive.genus,
                    if small {
                        format!(" of 0, 1, {g0} or {}", g0 ^ 1)
                    } else {
                        format!(" and not all of them are 0, 1, {g0} or {}", g0 ^ 1)
                    }
                ),
            };
        }
    }
    RuleAnswer {
        outcome: None,
        rule: None,
        why: "a heap is not tame, and the sum is not one restive heap beside Nim heaps, so \
              Conway's rules do not apply"
            .into(),
    }
}
