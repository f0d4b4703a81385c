//! Playing a position, as every door answers it: the perfect player's move with its reasoning
//! (a hint), the computer's move, a player's move checked, how far each position is from the
//! end, and a picture written to a file.
//!
//! The types are generic over the door's move `M` and position `P` (the API writes positions
//! as the JSON it was sent, the command line as text), so that one concept has one shape.

use serde::Serialize;

use crate::kernel::component::Component;
use crate::kernel::error::Result;
use crate::kernel::nim_heap::ExactU64;
use crate::kernel::provenance::Provenance;
use crate::play::GameRecord;
use crate::report::Explanation;
use crate::simulation::Simulation;
use crate::sum::Outcome;
use crate::sum::SumMove;

/// The perfect player's move from a position (`None` when no move is left), the position after
/// it, how many moves the game then lasts where the tree was small enough to measure, the
/// outcome, the reasoning (planned for that move) and how each value is known.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
#[schemars(bound = "")]
pub struct Hint<M, P> {
    #[serde(rename = "move")]
    #[schemars(with = "super::schema::AnyJson")]
    pub mv: Option<M>,
    #[schemars(with = "super::schema::AnyJson")]
    pub position: Option<P>,
    pub moves_left: Option<u64>,
    pub outcome: Outcome,
    /// Whether the player to move wins (`outcome` is `N`).
    pub winning: bool,
    #[schemars(with = "Option<super::ExplanationDoc>")]
    pub explanation: Option<Explanation>,
    pub provenance: Vec<Provenance>,
}

/// The computer's move: its index among the moves listed for the position (`null` where they
/// are not listed), the position after it, whether the game is then over, the player that
/// chose it and the seed of its random choices; `refused` says why the move was chosen without
/// the position's value (a partial answer the asker allowed).
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
#[schemars(bound = "")]
pub struct ComputerMove<M, P, Player> {
    pub index: Option<usize>,
    #[serde(rename = "move")]
    #[schemars(with = "super::schema::AnyJson")]
    pub mv: Option<M>,
    #[schemars(with = "super::schema::AnyJson")]
    pub position: Option<P>,
    pub finished: bool,
    #[schemars(with = "super::schema::AnyJson")]
    pub player: Player,
    #[serde(serialize_with = "crate::kernel::nim_heap::serialize_exact_u64")]
    #[schemars(with = "crate::kernel::nim_heap::ExactNumber")]
    pub seed: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
}

/// A player's move checked: legal, with its index among the listed moves (`null` where they
/// are not listed), the position after it and whether the game is then over (left out where
/// the door does not know it without solving the position), or illegal, with the reason.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
#[serde(untagged)]
#[schemars(bound = "")]
pub enum Legality<M, P> {
    Legal {
        legal: bool,
        index: Option<usize>,
        #[serde(rename = "move")]
        #[schemars(with = "super::schema::AnyJson")]
        mv: M,
        #[schemars(with = "super::schema::AnyJson")]
        position: P,
        #[serde(skip_serializing_if = "Option::is_none")]
        finished: Option<bool>,
    },
    Illegal {
        legal: bool,
        reason: String,
    },
}

impl<M, P> Legality<M, P> {
    /// A legal move.
    pub fn legal(index: Option<usize>, mv: M, position: P, finished: Option<bool>) -> Self {
        Legality::Legal {
            legal: true,
            index,
            mv,
            position,
            finished,
        }
    }

    /// An illegal move, and why.
    pub fn illegal(reason: String) -> Self {
        Legality::Illegal {
            legal: false,
            reason,
        }
    }

    /// The legal move `checked` gives, or why it is illegal; `then` writes the legal one.
    pub fn of<T>(checked: std::result::Result<T, String>, then: impl FnOnce(T) -> Self) -> Self {
        checked.map_or_else(Legality::illegal, then)
    }
}

/// The moves of a position that the asker does not list (too many to value one by one, or not
/// within the time a question may take), with the refusal's message: `moves` is `null`.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
#[schemars(bound = "")]
pub struct UnlistedMoves<P> {
    pub moves: (),
    pub unlisted: String,
    #[schemars(with = "super::schema::AnyJson")]
    pub position: P,
}

/// How far one position is from the end with perfect play: its outcome and the number of
/// moves left (`null` where the tree is too large to measure).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Remoteness {
    pub outcome: Outcome,
    pub moves_left: Option<u64>,
}

/// The remoteness of each position asked about, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct RemotenessList {
    pub positions: Vec<Remoteness>,
}

/// An answer with the position it is about beside its own fields (as the door was sent it),
/// and, where the door knows it, whether the game is over there.
#[derive(Debug, Clone, Serialize)]
pub struct AtPosition<T, P> {
    #[serde(flatten)]
    pub answer: T,
    pub position: P,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub finished: Option<bool>,
}

impl<T, P> AtPosition<T, P> {
    /// `answer` about `position`.
    pub fn new(answer: T, position: P) -> Self {
        AtPosition {
            answer,
            position,
            finished: None,
        }
    }
}

/// A picture written to a file: the game, the file, its size in pixels and, for a Green
/// Hackenbush picture, its edges, value and winning cuts (numbered from 1; `null` when not
/// asked for).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct PictureFile {
    pub game: &'static str,
    pub file: String,
    pub width: u64,
    pub height: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edges: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winning_cuts: Option<Option<Vec<usize>>>,
}

/// One game turn by turn: who moved (seat 1 or 2), the components and the total value before
/// and after each move, the winner's seat and the number of moves.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct Transcript {
    pub turns: Vec<TurnDoc>,
    pub winner: Option<usize>,
    pub moves: usize,
}

/// One turn of a [`Transcript`] (values beyond 2^53 - 1 as decimal strings, as every heap).
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct TurnDoc {
    pub turn: usize,
    pub seat: usize,
    #[schemars(with = "super::schema::AnyJson")]
    pub before: Vec<Component>,
    #[schemars(with = "crate::kernel::nim_heap::ExactNumber")]
    pub value_before: ExactU64,
    #[serde(rename = "move")]
    #[schemars(with = "super::schema::AnyJson")]
    pub mv: SumMove,
    #[schemars(with = "super::schema::AnyJson")]
    pub after: Vec<Component>,
    #[schemars(with = "crate::kernel::nim_heap::ExactNumber")]
    pub value_after: ExactU64,
}

impl Transcript {
    /// The transcript of `game`; refused where a position's value is (it is asked of each).
    pub fn of(game: &GameRecord) -> Result<Transcript> {
        let turns = game
            .turns
            .iter()
            .enumerate()
            .map(|(i, turn)| {
                let after = game
                    .turns
                    .get(i + 1)
                    .map_or(game.position(), |next| &next.before);
                Ok(TurnDoc {
                    turn: i + 1,
                    seat: turn.seat.index() + 1,
                    before: turn.before.components.clone(),
                    value_before: ExactU64(turn.before.value()?),
                    mv: turn.mv.clone(),
                    after: after.components.clone(),
                    value_after: ExactU64(after.value()?),
                })
            })
            .collect::<Result<_>>()?;
        Ok(Transcript {
            turns,
            winner: game.winner().map(|s| s.index() + 1),
            moves: game.moves_made(),
        })
    }
}

/// A series of games played out, and the first game's transcript where it was kept.
#[derive(Debug, Clone, Serialize)]
pub struct SimulationDoc<'a> {
    #[serde(flatten)]
    pub series: &'a Simulation,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transcript: Option<Transcript>,
}

impl SimulationDoc<'_> {
    /// The document of `series`.
    pub fn of(series: &Simulation) -> Result<SimulationDoc<'_>> {
        Ok(SimulationDoc {
            series,
            transcript: series.first_game.as_ref().map(Transcript::of).transpose()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legal_and_illegal_moves_have_their_own_fields() {
        let legal: Legality<&str, &str> =
            Legality::legal(Some(2), "3 to 1", "nim:1,4", Some(false));
        assert_eq!(
            serde_json::to_string(&legal).unwrap(),
            r#"{"legal":true,"index":2,"move":"3 to 1","position":"nim:1,4","finished":false}"#
        );
        let illegal: Legality<&str, &str> = Legality::illegal("no heap 9".into());
        assert_eq!(
            serde_json::to_string(&illegal).unwrap(),
            r#"{"legal":false,"reason":"no heap 9"}"#
        );
    }

    #[test]
    fn an_answer_at_a_position_keeps_its_fields_beside_the_position() {
        let r = RemotenessList {
            positions: vec![Remoteness {
                outcome: Outcome::P,
                moves_left: Some(0),
            }],
        };
        let mut at = AtPosition::new(r, "nim:0");
        at.finished = Some(true);
        assert_eq!(
            serde_json::to_string(&at).unwrap(),
            r#"{"positions":[{"outcome":"P","moves_left":0}],"position":"nim:0","finished":true}"#
        );
    }
}
