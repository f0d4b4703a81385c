//! Every file the command line writes goes through here, so that a write never damages what
//! the path names.
//!
//! * A regular file, or a path where nothing exists yet, is replaced atomically: the bytes go to
//!   a new temporary file with a unique name in the same directory, which is flushed to disk and
//!   then renamed over the path, so a crash leaves either the old file or the new one. The old
//!   file's permissions are kept.
//! * A symbolic link is followed to its final target, which is handled by these same rules: the
//!   link stays a link and the file it names gets the new bytes.
//! * A named pipe, a character or block device or a socket is opened and written directly, never
//!   renamed over or removed (writing to the null device discards the output, as a user expects).
//! * A directory is refused as bad input (exit code 2), naming the path.
//!
//! [`FileWriter`] is an [`std::io::Write`] with a buffer, so callers stream what they write.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::CliError;

/// Symbolic links followed at most before the path is refused (Linux's own limit).
const MAX_LINKS: usize = 40;

/// The write buffer: large enough that the system calls cost nothing next to the values.
const BUFFER_BYTES: usize = 1 << 20;

/// What the path (after following symbolic links) names.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Target {
    /// A regular file or nothing yet: replaced atomically.
    Replace {
        /// The final target of any symbolic links.
        path: PathBuf,
        /// The permissions of the file replaced, if one exists.
        permissions: Option<fs::Permissions>,
    },
    /// A pipe, device or socket: written in place.
    Direct(PathBuf),
}

/// Checks that `path` may be written by the flag `flag` (e.g. `--output`), without writing.
///
/// Commands call this before computing, so that a directory or a missing parent directory is
/// refused at once rather than after a long run.
pub fn check_destination(path: &Path, flag: &str) -> Result<(), CliError> {
    match target_of(path, flag)? {
        Target::Replace { path: target, .. } => in_existing_directory(path, &target, flag),
        Target::Direct(_) => Ok(()),
    }
}

/// Refuses `target` (what `path` names) when its directory does not exist.
fn in_existing_directory(path: &Path, target: &Path, flag: &str) -> Result<(), CliError> {
    let dir = parent_of(target);
    if !dir.is_dir() {
        return Err(CliError::Usage(format!(
            "{flag} {}: the directory {} does not exist: expected a file in an existing directory",
            quoted(path),
            quoted(dir)
        )));
    }
    Ok(())
}

/// The file that would be replaced by writing `path`, in absolute form (`None` for a pipe, a
/// device or a path that cannot be written): two flags that give the same one would overwrite
/// each other's file.
pub fn replaced_file(path: &Path) -> Option<PathBuf> {
    match target_of(path, "").ok()? {
        Target::Replace { path, .. } => {
            let dir = fs::canonicalize(parent_of(&path)).ok()?;
            Some(dir.join(path.file_name()?))
        }
        Target::Direct(_) => None,
    }
}

/// Writes `bytes` to `path` (see the module documentation).
pub fn write_file(path: &Path, flag: &str, bytes: &[u8]) -> Result<(), CliError> {
    let mut file = FileWriter::create(path, flag)?;
    file.write_all(bytes)?;
    file.finish()
}

/// A buffered writer to a path that replaces it atomically or writes it in place (see the
/// module documentation). Nothing is visible at a replaced path until [`FileWriter::finish`];
/// a writer dropped without finishing removes its temporary file.
#[derive(Debug)]
pub struct FileWriter {
    out: BufWriter<File>,
    /// The temporary file and the path it is renamed to, when replacing.
    rename: Option<(PathBuf, PathBuf)>,
    /// The flag and the path as given (`--output "out.txt"`), for the messages of failures.
    named: String,
}

impl FileWriter {
    /// Opens `path` for writing by the flag `flag`.
    pub fn create(path: &Path, flag: &str) -> Result<Self, CliError> {
        let (file, rename) = match target_of(path, flag)? {
            Target::Direct(device) => {
                let file = OpenOptions::new()
                    .write(true)
                    .open(&device)
                    .map_err(|e| opening(path, flag, e))?;
                (file, None)
            }
            Target::Replace {
                path: target,
                permissions,
            } => {
                // A directory that does not exist is a bad path (exit 2, as `check_destination`
                // says it up front), not a failure to write.
                in_existing_directory(path, &target, flag)?;
                let (tmp, file) = temporary_beside(&target).map_err(|e| opening(path, flag, e))?;
                if let Some(permissions) = permissions {
                    file.set_permissions(permissions)?;
                }
                (file, Some((tmp, target)))
            }
        };
        Ok(FileWriter {
            out: BufWriter::with_capacity(BUFFER_BYTES, file),
            rename,
            named: format!("{flag} {}", quoted(path)),
        })
    }

    /// Flushes everything and, when replacing, puts the new file in place.
    pub fn finish(mut self) -> Result<(), CliError> {
        self.flush()?;
        if let Some((tmp, target)) = self.rename.take() {
            let done = match self.out.get_ref().sync_all() {
                Err(e) => Err(self.failed("write", e)),
                Ok(()) => fs::rename(&tmp, &target).map_err(|e| {
                    self.failed(&format!("put in place (renaming {})", quoted(&tmp)), e)
                }),
            };
            if let Err(e) = done {
                let _ = fs::remove_file(&tmp);
                return Err(e.into());
            }
            // The rename itself is durable once the directory is flushed; some file systems
            // cannot flush a directory, and the new file is complete either way.
            if let Ok(dir) = File::open(parent_of(&target)) {
                let _ = dir.sync_all();
            }
        }
        Ok(())
    }
}

impl FileWriter {
    /// `e`, the system's words, after the operation and the file it failed on: a full disk
    /// says `cannot write --output "values.txt": No space left on device`.
    fn failed(&self, doing: &str, e: io::Error) -> io::Error {
        io::Error::new(e.kind(), format!("cannot {doing} {}: {e}", self.named))
    }
}

impl Write for FileWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf).map_err(|e| self.failed("write", e))
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.out.write_all(buf).map_err(|e| self.failed("write", e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush().map_err(|e| self.failed("write", e))
    }
}

impl Drop for FileWriter {
    fn drop(&mut self) {
        if let Some((tmp, _)) = &self.rename {
            let _ = fs::remove_file(tmp);
        }
    }
}

/// Follows symbolic links from `path` to what it finally names, and classifies it.
fn target_of(path: &Path, flag: &str) -> Result<Target, CliError> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let meta = match fs::symlink_metadata(&current) {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Ok(Target::Replace {
                    path: current,
                    permissions: None,
                })
            }
            Err(e) => return Err(opening(path, flag, e)),
        };
        let kind = meta.file_type();
        if kind.is_symlink() {
            let link = fs::read_link(&current).map_err(|e| opening(path, flag, e))?;
            current = parent_of(&current).join(link);
        } else if kind.is_dir() {
            let via = if current == path {
                String::new()
            } else {
                format!(" (through symbolic links, {})", quoted(&current))
            };
            return Err(CliError::Usage(format!(
                "{flag} {}{via} is a directory: expected a file's path (a regular file is \
                 replaced, a symbolic link's target is written, a device or named pipe is \
                 written in place)",
                quoted(path)
            )));
        } else if kind.is_file() {
            return Ok(Target::Replace {
                path: current,
                permissions: Some(meta.permissions()),
            });
        } else if kind.is_fifo()
            || kind.is_char_device()
            || kind.is_block_device()
            || kind.is_socket()
        {
            return Ok(Target::Direct(current));
        } else {
            return Err(CliError::Usage(format!(
                "{flag} {}: not a kind of file that can be written",
                quoted(path)
            )));
        }
    }
    Err(CliError::Usage(format!(
        "{flag} {}: more than {MAX_LINKS} symbolic links (a loop?): expected a path that leads to a file",
        quoted(path)
    )))
}

/// A new, uniquely named file in the same directory as `target` (so the rename stays on one
/// file system and is atomic).
fn temporary_beside(target: &Path) -> io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let tmp = parent_of(target).join(format!(".{name}.{}-{n}.tmp", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(file) => return Ok((tmp, file)),
            // A leftover of a killed run with the same process id: take the next name.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// The directory holding `path` (`.` for a bare file name).
fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// A failure to open `path` for the flag `flag`, named with the operation.
fn opening(path: &Path, flag: &str, e: io::Error) -> CliError {
    CliError::Io(io::Error::new(
        e.kind(),
        format!("cannot write {flag} {}: {e}", quoted(path)),
    ))
}

fn quoted(path: &Path) -> String {
    format!("{:?}", path.display().to_string())
}
