//! Loopy games through the same endpoints: a position `{"game": "loopy", "terms": "..."}`, or
//! a `sum` whose terms hold a loopy one (the core's loopy text format, e.g.
//! `digraph{0>1,1>0,0>2}:0 + windup{5;1,3}:1`; the position after a move is `loopy`), is
//! answered by [`grundy_core::loopy`] in `/api/analyze`, `/api/hint`, `/api/move`,
//! `/api/moves` and `/api/apply`. Values are γ (finite or ∞ with its set), outcomes `P`, `N`
//! or `Draw`.

use grundy_core::kernel::budget;
use grundy_core::kernel::error::GameError;
use grundy_core::loopy::{LoopyGame, LoopyMove};
use grundy_core::strategy::Convention;
use grundy_core::wire::loopy::{LoopyBest, LoopyOption, LoopyOptions, LoopyPosition};

use super::super::analyze::{question_budget, within_question_budget};
use super::*;

/// Runs `f` (the core's loopy work of one request) within the question's budget
/// ([`question_budget`]: the server's time and memory limits), as every other question: the
/// exploration and labelling of a term's graph refuse within milliseconds of it, naming the
/// term and the limit.
fn budgeted<T>(limits: &Limits, f: impl FnOnce() -> Result<T, GameError>) -> Result<T, ApiError> {
    let question = question_budget(limits);
    within_question_budget(limits, || budget::within(&question, f))
}

/// The loopy game written `terms`, explored and labelled within the budget installed by
/// [`budgeted`] (the core's one loopy door).
fn solve(terms: &str, limits: &Limits) -> Result<LoopyGame, GameError> {
    grundy_core::answer::loopy_game(terms, &question_budget(limits))
}

/// Whether the request's position is a loopy game: `loopy`, or a `sum` with a loopy term
/// (answered the same way, games that end beside it).
pub(super) fn is_loopy(spec: &PositionSpec) -> bool {
    let loopy_sum = || {
        spec.game.eq_ignore_ascii_case("sum")
            && spec
                .terms
                .as_deref()
                .and_then(grundy_core::loopy::family::loopy_term)
                .is_some()
    };
    spec.game.eq_ignore_ascii_case("loopy") || loopy_sum()
}

/// A loopy position: its terms in the core's loopy format, and the JSON it came in.
pub(super) struct Loopy {
    terms: String,
    spec: PositionSpec,
}

impl Loopy {
    /// The loopy position `spec` (see [`is_loopy`]), its fields checked.
    pub(super) fn read(spec: PositionSpec) -> Result<Loopy, ApiError> {
        Ok(Loopy {
            terms: terms_of(&spec)?.to_string(),
            spec,
        })
    }

    /// The game explored and labelled within the question's budget.
    fn game(&self, limits: &Limits) -> Result<LoopyGame, GameError> {
        solve(&self.terms, limits)
    }
}

impl Answers for Loopy {
    /// The core's `LoopyReport`, the position, and whether the game is over (`finished`: no
    /// move is left).
    fn analyze(&self, limits: &Limits) -> Result<Response, ApiError> {
        let (report, finished) = budgeted(limits, || {
            let game = self.game(limits)?;
            Ok((game.report(), game.moves().is_empty()))
        })?;
        let mut answer = AtPosition::new(report, &self.spec);
        answer.finished = Some(finished);
        Ok(wire(answer).into_response())
    }

    /// The strategy's move (the winning move that provably ends the play, or one that keeps a
    /// draw, or any from a P-position).
    fn hint(&self, limits: &Limits) -> ApiResult {
        let (game, best, finished) = budgeted(limits, || {
            let game = self.game(limits)?;
            let best = game.best_move();
            let finished = match &best {
                Some(mv) => solve(&mv.after, limits)?.moves().is_empty(),
                None => true,
            };
            Ok((game, best, finished))
        })?;
        let outcome = game.outcome();
        Ok(wire(LoopyBest {
            position: best.as_ref().map(after),
            mv: best,
            finished,
            outcome,
            value: game.value().to_string(),
            winning: outcome == grundy_core::loopy::Outcome::N,
            drawing: outcome == grundy_core::loopy::Outcome::Draw,
        }))
    }

    /// The strategy's move, the hint's, at every strength.
    fn computer_move(&self, _player: PlayerSpec, _seed: u64, limits: &Limits) -> ApiResult {
        self.hint(limits)
    }

    /// Every move with the value and outcome it leaves.
    fn moves(&self, limits: &Limits) -> ApiResult {
        let moves = budgeted(limits, || {
            let game = self.game(limits)?;
            let mut moves = Vec::new();
            for mv in game.moves() {
                let outcome = solve(&mv.after, limits)?.outcome();
                moves.push(LoopyOption {
                    position: after(&mv),
                    mv,
                    outcome_after: outcome,
                });
            }
            Ok(moves)
        })?;
        Ok(wire(AtPosition::new(LoopyOptions { moves }, &self.spec)))
    }

    /// `{"component": N, "to": [...]}` (from 0; the numbers of the position it goes to) or
    /// `{"index": N}` (in the order of `/api/moves`).
    fn apply(&self, mv: &MoveSpec, limits: &Limits) -> ApiResult {
        let game = budgeted(limits, || self.game(limits))?;
        let found = match (mv.component, &mv.to, &mv.typed, mv.index) {
            (Some(c), Some(to), None, None) => match heaps_of(to) {
                Some(to) => game.find_move(c, &to).map_err(|e| e.to_string()),
                None => Err("move.to: a loopy move goes to whole numbers, e.g. [2]".into()),
            },
            (None, None, None, Some(i)) => game.moves().into_iter().nth(i).ok_or_else(|| {
                format!(
                    "there is no move {}: the position has {}",
                    i + 1,
                    game.moves().len()
                )
            }),
            _ => {
                return Err(ApiError::invalid(
                    "move: a loopy move is {\"component\": N, \"to\": [...]} or {\"index\": N}",
                ))
            }
        };
        Ok(wire(Legality::of(found, |m| {
            let position = after(&m);
            Legality::legal(None, m, position, None)
        })))
    }
}

/// The terms of a loopy position, checked: `terms` only, normal play.
fn terms_of(spec: &PositionSpec) -> Result<&str, ApiError> {
    let Some(terms) = &spec.terms else {
        return Err(ApiError::invalid(
            "position.terms: a loopy position needs its terms, e.g. \"digraph{0>1,1>0,0>2}:0\"",
        ));
    };
    if spec.heaps.is_some() || spec.position.is_some() || !spec.params.is_empty() {
        return Err(ApiError::invalid(
            "position: a loopy position has only game, terms and convention fields",
        ));
    }
    if spec.convention != Convention::Normal {
        return Err(ApiError::invalid(
            "position.convention: loopy games are played under normal play only",
        ));
    }
    Ok(terms)
}

/// The position after a move, as the client sends positions.
fn after(mv: &LoopyMove) -> LoopyPosition {
    LoopyPosition {
        game: "loopy",
        terms: mv.after.clone(),
    }
}
