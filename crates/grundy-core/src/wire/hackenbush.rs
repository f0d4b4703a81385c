//! Green Hackenbush's own answers: a picture's value (with its reduction to a Nim heap, step
//! by step, when asked for) and a picture laid out for drawing.

use serde::Serialize;

use crate::games::hackenbush::layout::{layout, Layout};
use crate::games::hackenbush::reduction::reduction;
use crate::games::hackenbush::{value, Picture};
use crate::kernel::error::Result;

/// The value of a picture of `edges` edges, and the reduction's steps (`null` unless asked).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct HackenbushValue {
    /// Always `hackenbush`.
    pub game: &'static str,
    pub edges: usize,
    pub value: u64,
    pub steps: Option<Vec<String>>,
}

impl HackenbushValue {
    /// The value of `picture`, with the reduction's steps when `explain`.
    pub fn of(picture: &Picture, explain: bool) -> HackenbushValue {
        HackenbushValue {
            game: "hackenbush",
            edges: picture.len(),
            value: value(picture),
            steps: explain.then(|| reduction(picture)),
        }
    }
}

/// A picture as written back (`position`), its edges as `[a, b]` pairs in order, and its
/// layout: the ground at `y = 0`, every other vertex's `x` and `y`, and each edge's shape,
/// each with the `handle` where a click or a mark goes.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct HackenbushLayout {
    pub position: String,
    pub edges: Vec<(u32, u32)>,
    #[schemars(with = "super::schema::AnyJson")]
    pub layout: Layout,
}

impl HackenbushLayout {
    /// The layout of `picture`.
    pub fn of(picture: &Picture) -> Result<HackenbushLayout> {
        Ok(HackenbushLayout {
            position: picture.to_string(),
            edges: picture.edges().to_vec(),
            layout: layout(picture)?,
        })
    }
}
