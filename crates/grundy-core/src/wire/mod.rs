//! The wire format: the JSON shape of every answer a door prints.
//!
//! The command line's `--json`, the HTTP API and the Python package's `to_dict()` render the
//! same concept with the same [`serde::Serialize`] type from here, so that a user who moves
//! from one door to another meets one shape. The doors hold no JSON literals (clippy's
//! `disallowed_macros` refuses `serde_json::json!` in them): each builds one of these types
//! from the core's answer and serialises it.
//!
//! Numbers follow one convention everywhere (docs/api.md, "Numbers"): JSON numbers up to
//! 2^53 - 1, decimal strings beyond ([`crate::kernel::nim_heap::serialize_exact`]).
//!
//! This is the answer layer: it may read every layer below it, and only the doors read it.

pub mod analysis;
pub mod hackenbush;
pub mod loopy;
pub mod misere;
pub mod moves;
pub mod nimber;
pub mod play;
pub mod runs;
pub mod schema;
pub mod server;
pub mod simulation;
pub mod sprouts;
pub mod wythoff;

pub use analysis::{Analysis, ExplanationDoc, LoopyAnalysis};
pub use hackenbush::{HackenbushLayout, HackenbushValue};
pub use misere::{GenusRow, GenusSum, GenusTable, QuotientDoc};
pub use nimber::{NimInverse, NimProduct, NimQuotient, NimRoot, NimTable};
pub use play::{
    AtPosition, ComputerMove, Hint, Legality, PictureFile, Remoteness, RemotenessList,
    SimulationDoc, Transcript, UnlistedMoves,
};
pub use runs::{CertificateFile, SearchDoc, SearchTable, SurveyMerge, SurveyRun, Verification};
pub use server::{Health, Listening, RulesetEntry, Rulesets};
pub use sprouts::{SproutsDrawing, SproutsLine};
pub use wythoff::{WythoffNth, WythoffPPositions, WythoffTile};
