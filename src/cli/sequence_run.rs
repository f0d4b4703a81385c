//! The computation behind `grundy sequence`, driven from a terminal: a progress bar on a TTY,
//! Ctrl-C that stops cleanly and keeps the finished values, checkpoints every few seconds
//! (written through [`super::write`], which never damages what a path names), and a stop with
//! the work saved when the run's measured memory shows it cannot fit.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use grundy_core::kernel::heap_sequence::Computation;
use grundy_core::kernel::heap_sequence::RunStatus;

use super::write::FileWriter;
use super::CliError;

/// How often a checkpoint is written during a run.
pub const CHECKPOINT_INTERVAL: Duration = Duration::from_secs(5);

/// What Ctrl-C kept and how to go on: `output` and `checkpoint` are the files of `--output`
/// and `--checkpoint`, if given.
pub fn interruption_note(
    run: &dyn Computation,
    output: Option<&Path>,
    checkpoint: Option<&Path>,
) -> String {
    let done = run.computed();
    let target = run.target();
    let written = match output {
        Some(path) => format!("written to {}", path.display()),
        None => "printed".into(),
    };
    match checkpoint {
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

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// Every value asked for is computed.
    Finished,
    /// Ctrl-C or SIGTERM stopped it.
    Interrupted,
    /// The budget installed around it ([`grundy_core::kernel::budget::within`]: `--at`'s
    /// search for a period) was spent.
    OutOfTime,
}

/// Computes until done, Ctrl-C or the end of the budget installed around it, writing
/// checkpoints to `checkpoint` (`--checkpoint`) if given.
pub fn compute(run: &mut dyn Computation, checkpoint: Option<&Path>) -> Result<Ended, CliError> {
    let interrupt = super::interrupt::flag();
    let bar = indicatif::ProgressBar::new(run.target());
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {human_pos}/{human_len} values  {per_sec}  ETA {eta}",
        )
        .expect("the template is valid"),
    );
    bar.set_position(run.computed());
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
            let due = checkpoint.is_some() && last_save.elapsed() >= interval;
            if too_big.is_none() {
                too_big = watch.look(p.done, p.target);
            }
            let spent = grundy_core::kernel::budget::check().is_err();
            if due || spent || interrupt.load(Ordering::Relaxed) || too_big.is_some() {
                pause.store(true, Ordering::Relaxed);
            }
        })?;
        if let Some(path) = checkpoint {
            let started = Instant::now();
            save_as(path, "--checkpoint", run)?;
            // Writing costs at most a tenth of the run, however many values the file holds.
            interval = CHECKPOINT_INTERVAL.max(started.elapsed() * 10);
        }
        if let Some(why) = too_big {
            bar.abandon();
            let kept = match checkpoint {
                Some(path) => format!(
                    "the {} values computed are saved in {}: resume with --resume on a machine \
                     with more memory",
                    run.computed(),
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
                return Ok(Ended::Finished);
            }
            RunStatus::Cancelled if interrupt.load(Ordering::Relaxed) => {
                bar.abandon();
                return Ok(Ended::Interrupted);
            }
            RunStatus::Cancelled if grundy_core::kernel::budget::check().is_err() => {
                bar.abandon();
                return Ok(Ended::OutOfTime);
            }
            RunStatus::Cancelled => {}
        }
    }
}

/// Saves the run to `path` as a checkpoint (streamed, replaced atomically).
pub fn save_as(path: &Path, flag: &str, run: &dyn Computation) -> Result<(), CliError> {
    let mut file = FileWriter::create(path, flag)?;
    run.write_checkpoint(&mut file)?;
    file.finish()
}
