//! Loopy games' answers at the API (their analysis is the core's `LoopyReport`): a position
//! as the client writes it, the strategy's move and every move with the outcome it leaves.

use serde::Serialize;

use crate::loopy::{LoopyMove, Outcome};

/// A loopy position as the client sends it: `{"game": "loopy", "terms": "digraph{0>1}:0"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct LoopyPosition {
    pub game: &'static str,
    pub terms: String,
}

/// The strategy's move (the winning move that provably ends the play, one that keeps a draw,
/// or any from a P-position; `null` when no move is left), the position after it, whether
/// the game is then over, the outcome and value γ of the position, and whether the player to
/// move wins or draws.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct LoopyBest {
    #[serde(rename = "move")]
    #[schemars(with = "super::schema::AnyJson")]
    pub mv: Option<LoopyMove>,
    pub position: Option<LoopyPosition>,
    pub finished: bool,
    pub outcome: Outcome,
    pub value: String,
    pub winning: bool,
    pub drawing: bool,
}

/// One move of a loopy position, the outcome it leaves and the position after it.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct LoopyOption {
    #[serde(rename = "move")]
    #[schemars(with = "super::schema::AnyJson")]
    pub mv: LoopyMove,
    pub outcome_after: Outcome,
    pub position: LoopyPosition,
}

/// Every move of a loopy position.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct LoopyOptions {
    pub moves: Vec<LoopyOption>,
}
