//! Errors as Python exceptions: the core's messages, unchanged.

use grundy_core::GameError;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    grundy,
    GrundyError,
    PyValueError,
    "A request the rules do not allow: a bad value, or a computation beyond a documented limit.\n\n\
     The message is the command line's (without its `error: `): it names the value and what is \
     allowed.\n\n\
     >>> import grundy\n\
     >>> grundy.parse(\"nim:3,-4\")\n\
     Traceback (most recent call last):\n\
     ...\n\
     grundy.GrundyError: invalid heap \"-4\": expected a whole number of at most 100000 digits"
);

pyo3::create_exception!(
    grundy,
    Interrupted,
    PyKeyboardInterrupt,
    "Ctrl-C (or the notebook's interrupt) stopped a sequence or a simulation: a \
     KeyboardInterrupt whose `sequence` attribute holds the values computed so far (`complete` \
     is False; its `resume()` goes on from there), or whose `simulation` holds the games \
     finished (the dict `Position.simulate` returns, `stopped` saying why)."
);

/// The core's error as a [`GrundyError`] with the same message.
pub fn game_error(e: GameError) -> PyErr {
    GrundyError::new_err(e.to_string())
}

/// A [`GrundyError`] with a message of this crate's own (where the core has no such error).
/// Its long words (a pasted value) are shown by their start and length, as the core's are.
pub fn grundy_error(message: impl Into<String>) -> PyErr {
    let message: String = message.into();
    GrundyError::new_err(grundy_core::kernel::error::with_excerpts(&message).into_owned())
}

/// `Result<T, GameError>` into `PyResult<T>`.
pub trait IntoPy<T> {
    /// The result, its error as a [`GrundyError`].
    fn py(self) -> PyResult<T>;
}

impl<T> IntoPy<T> for Result<T, GameError> {
    fn py(self) -> PyResult<T> {
        self.map_err(game_error)
    }
}
