//! Ctrl-C and SIGTERM, for every command that stops cleanly on them: one handler for the
//! process (the `ctrlc` crate allows one), one flag that the command's loops and writers read.
//!
//! A command that computes reads [`flag`] in its loops (or hands it to the core's
//! `kernel::cancel`); one that writes a long output wraps its writer in [`Stoppable`], so
//! that an interruption while writing stops the writing too. Before this, a run whose values
//! were computed went on writing all of them (two billion lines of a proven period) with
//! Ctrl-C and SIGTERM caught and ignored, and only SIGKILL stopped it, leaving its temporary
//! file behind.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

/// The process's interruption flag, set by Ctrl-C or SIGTERM once the handler is installed
/// (by the first call).
pub fn flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    Arc::clone(FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let set = Arc::clone(&flag);
        // Should the handler not install (another library set one), Ctrl-C keeps its default
        // meaning: the process ends at once.
        let _ = ctrlc::set_handler(move || set.store(true, Ordering::SeqCst));
        flag
    }))
}

/// A writer that fails once the process is interrupted, with an error [`is_interruption`]
/// recognises: what it writes to is then dropped unfinished (a [`super::write::FileWriter`]
/// removes its temporary file and leaves the path as it was).
pub struct Stoppable<W> {
    inner: W,
    interrupt: Arc<AtomicBool>,
}

impl<W: Write> Stoppable<W> {
    /// `inner`, stopped by Ctrl-C or SIGTERM from now on: an interruption before (one that
    /// stopped the computation whose results are now written) is forgotten, as those results
    /// are to be written.
    pub fn new(inner: W) -> Self {
        let interrupt = flag();
        interrupt.store(false, Ordering::SeqCst);
        Stoppable { inner, interrupt }
    }

    /// The writer inside.
    pub fn into_inner(self) -> W {
        self.inner
    }

    fn check(&self) -> io::Result<()> {
        match self.interrupt.load(Ordering::Relaxed) {
            true => Err(io::Error::other(Interruption)),
            false => Ok(()),
        }
    }
}

impl<W: Write> Write for Stoppable<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.check()?;
        self.inner.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.check()?;
        self.inner.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// The error a [`Stoppable`] writer fails with.
#[derive(Debug)]
struct Interruption;

impl std::fmt::Display for Interruption {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("interrupted while writing")
    }
}

impl std::error::Error for Interruption {}

/// Whether `error` is a [`Stoppable`] writer's interruption.
pub fn is_interruption(error: &io::Error) -> bool {
    error
        .get_ref()
        .is_some_and(|inner| inner.is::<Interruption>())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stoppable writer writes until the flag is set, then fails with an interruption that
    /// `write_all` does not retry and `is_interruption` recognises; other errors are not it.
    #[test]
    fn a_stoppable_writer_stops_once_interrupted() {
        let flag = Arc::new(AtomicBool::new(false));
        let mut out = Stoppable {
            inner: Vec::new(),
            interrupt: Arc::clone(&flag),
        };
        out.write_all(b"one ").unwrap();
        flag.store(true, Ordering::SeqCst);
        let error = out.write_all(b"two").unwrap_err();
        assert!(is_interruption(&error));
        assert_eq!(out.into_inner(), b"one ");
        assert!(!is_interruption(&io::Error::other("disk full")));
        assert!(!is_interruption(&io::Error::from(
            io::ErrorKind::Interrupted
        )));
    }
}
