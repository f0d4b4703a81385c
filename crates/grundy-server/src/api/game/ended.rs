//! A sum of any rulesets within the server's limits (heaps to `max_heap`, boards, graphs,
//! pictures, rows of coins): the core's one answer ([`grundy_core::answer::ask`]) on the sum,
//! the perfect player's move or a weaker player's ([`grundy_core::answer::player_move`]),
//! every move valued ([`grundy_core::strategy::move_values`]), and a player's move checked by
//! the component's own ruleset, as `grundy play` reads it.

use grundy_core::answer::{ask, unvalued, Answer, Asked, Question};
use grundy_core::strategy::move_values::{move_values as value_moves, MAX_VALUED_MOVES};
use grundy_core::tree_size::estimate;

use super::super::analyze::{question_budget, within_question_budget, AnalysisJson};
use super::*;

impl Answers for Position {
    fn analyze(&self, limits: &Limits) -> Result<Response, ApiError> {
        let answer = answer_of(self, limits, false)?;
        Ok(Json(AnalysisJson {
            answer,
            position: &self.spec,
        })
        .into_response())
    }

    fn unvalued(&self, refusal: &ApiError) -> Option<Response> {
        if !refusal.refuses_the_value() {
            return None;
        }
        let unvalued = unvalued(&self.sum, self.convention(), refusal.error.clone())?;
        Some(
            Json(AnalysisJson {
                answer: unvalued,
                position: &self.spec,
            })
            .into_response(),
        )
    }

    fn is_cheap(&self) -> bool {
        Position::is_cheap(self)
    }

    fn hint(&self, limits: &Limits) -> ApiResult {
        let answer = answer_of(self, limits, true)?;
        let m = answer.computer_move.clone();
        let position = m.as_ref().map(|m| self.after(m));
        let planned = m.clone();
        hint_of(answer, m, position, |e| match &planned {
            Some(m) => e.planned_for(m),
            None => e,
        })
    }

    fn computer_move(&self, player: PlayerSpec, seed: u64, limits: &Limits) -> ApiResult {
        if matches!(player.0, Player::Bouton) && !Position::is_cheap(self) {
            // The bouton player's losing move lists every option of a component.
            check_listable(&self.sum, "the bouton player")?;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let budget = question_budget(limits);
        let m = within_question_budget(limits, || {
            player_move(&self.sum, self.convention(), player.0, budget, &mut rng)
        })?;
        Ok(wire(move_json(self, m, player, seed)))
    }

    fn unvalued_move(
        &self,
        player: PlayerSpec,
        seed: u64,
        refusal: &ApiError,
    ) -> Option<ApiResult> {
        if !refusal.refuses_the_value() {
            return None;
        }
        let m = unvalued_move(&self.sum, &mut ChaCha8Rng::seed_from_u64(seed))?;
        let mut answer = move_json(self, Some(m), player, seed);
        answer.refused = Some(refusal.error.clone());
        Some(Ok(wire(answer)))
    }

    fn moves(&self, _limits: &Limits) -> ApiResult {
        // Each option of a bar beyond the search is beyond it too: refused at once, where
        // valuing them would run out the server's time.
        if let Some((_, beyond)) = grundy_core::answer::beyond_search(&self.sum) {
            return Err(ApiError::limit(
                "engine",
                format!("the moves of this bar are not valued: it has {beyond}, beyond the search"),
            ));
        }
        let values = value_moves(&self.sum, self.convention())?;
        Ok(wire(AtPosition::new(values, self.spec.clone())))
    }

    fn apply(&self, mv: &MoveSpec, _limits: &Limits) -> ApiResult {
        Ok(wire(Legality::of(legal_move(&self.sum, mv)?, |m| {
            let after = self.sum.after(&m);
            Legality::legal(
                listed_index(&self.sum, &m),
                m,
                spec_of(&self.spec, &after),
                Some(after.is_terminal()),
            )
        })))
    }
}

/// The core's answer on `position` with its explanation (and the computer's move when
/// `computer_move`), within the server's time limit (`compute_time_ms`, the option a refusal
/// names); a lone Wythoff board's value is given only within `max_wythoff_table` (its table
/// would cost seconds beyond).
fn answer_of(
    position: &Position,
    limits: &Limits,
    computer_move: bool,
) -> Result<Answer, ApiError> {
    let affordable = |c: &Component| {
        grundy_core::registry::queen(c).map_or(true, |(x, y)| x.max(y) <= limits.max_wythoff_table)
    };
    // A hint shows one move: every winning move is listed only for an analysis.
    let asked = Asked {
        winning_moves: !computer_move,
        explanation: true,
        computer_move,
    };
    let budget = question_budget(limits);
    let mut question = Question::sum(&position.sum, position.convention(), asked, budget);
    question.affordable = Some(&affordable);
    within_question_budget(limits, || ask(&question))
}

/// The computer's move `m` (none when the game is over) as `/api/move` gives it.
fn move_json(
    position: &Position,
    m: Option<SumMove>,
    player: PlayerSpec,
    seed: u64,
) -> ComputerMove<SumMove, PositionSpec, PlayerSpec> {
    let after = m.as_ref().map(|m| position.sum.after(m));
    ComputerMove {
        index: m.as_ref().and_then(|m| listed_index(&position.sum, m)),
        position: after.as_ref().map(|s| spec_of(&position.spec, s)),
        finished: after.as_ref().map_or(true, Sum::is_terminal),
        mv: m,
        player,
        seed,
        refused: None,
    }
}

/// The core's move matching `mv`, or why there is none: the component's ruleset reads the move
/// as the typed move `to ...` (so its reasons are the ones `grundy play` gives), at any size.
fn legal_move(sum: &Sum, mv: &MoveSpec) -> Result<Result<SumMove, String>, ApiError> {
    let (component, to) = match (mv.component, &mv.to, &mv.typed, mv.index) {
        (None, None, Some(text), None) => {
            return Ok(MoveParser::for_position(sum)
                .parse(text, sum)
                .map_err(|e| e.to_string()))
        }
        (None, None, None, Some(index)) => return listed_move(sum, index),
        (Some(component), Some(to), None, None) => (component, to.as_slice()),
        _ => {
            return Err(ApiError::invalid(
                "move: expected {\"component\": N, \"to\": [...]}, {\"typed\": \"3 2\"} or {\"index\": N}",
            ))
        }
    };
    let Some(from) = sum.components.get(component) else {
        let n = sum.components.len();
        return Ok(Err(format!(
            "there is no heap {}: the position has {n} heap{}, numbered from 1",
            component + 1,
            if n == 1 { "" } else { "s" }
        )));
    };
    if let Some(given) = &mv.from {
        if serde_json::to_value(from).ok().as_ref() != Some(given) {
            return Ok(Err(format!(
                "{} {} is {from}, not {given}: the move was listed for another position",
                from.noun(),
                component + 1
            )));
        }
    }
    let to = match heaps_of(to) {
        Some(heaps) => heaps,
        None => return Ok(listed_option(component, from, to)),
    };
    // `[]` (the component vanishes) is typed `to 0`.
    let numbers: Vec<String> = if to.is_empty() {
        vec!["0".into()]
    } else {
        to.iter().map(u64::to_string).collect()
    };
    let words: Vec<&str> = std::iter::once("to")
        .chain(numbers.iter().map(String::as_str))
        .collect();
    let context = MoveContext {
        index: component,
        numbered: true,
        alone: sum.is_one_ruleset(),
    };
    Ok(match from.parse_move(&words, context) {
        Some(Ok(parts)) => Ok(SumMove::new(component, from, parts)),
        Some(Err(e)) => Err(e.to_string()),
        None => Err(format!(
            "{} ({from}) cannot become {:?}: its moves are written {}",
            from.ruleset_name(),
            to,
            from.move_examples(true)
        )),
    })
}

/// The move of component `component` (`from`) to the components `to` as the API lists them,
/// found among its options (positions written as text are small: boards, graphs, pictures).
fn listed_option(component: usize, from: &Component, to: &[Value]) -> Result<SumMove, String> {
    let wanted = Value::Array(to.to_vec());
    if from.tokens() <= MAX_LISTED_OPTIONS {
        let listed = |o: &Vec<Component>| serde_json::to_value(o).is_ok_and(|o| o == wanted);
        if let Some(parts) = from.options().into_iter().find(listed) {
            return Ok(SumMove::new(component, from, parts));
        }
    }
    Err(format!(
        "{} {} ({from}) cannot become {wanted}: its moves are written {}",
        from.noun(),
        component + 1,
        from.move_examples(true)
    ))
}

/// The largest component (in tokens) whose options are searched for a move listed as
/// components rather than heaps.
const MAX_LISTED_OPTIONS: u64 = 100_000;

/// The move at `index` in the order of `POST /api/moves` (the core's [`Sum::moves`]), listed
/// only for positions `/api/moves` values (at most [`MAX_VALUED_MOVES`] moves).
fn listed_move(sum: &Sum, index: usize) -> Result<Result<SumMove, String>, ApiError> {
    let bound = estimate(sum, 1).options;
    if bound > MAX_VALUED_MOVES {
        return Err(ApiError::limit(
            "engine",
            format!(
                "move.index: moves are listed only for positions of at most {MAX_VALUED_MOVES} moves, and this one has up to {bound}"
            ),
        ));
    }
    let moves = sum.moves()?;
    let n = moves.len();
    Ok(moves.into_iter().nth(index).ok_or_else(|| {
        format!(
            "there is no move {}: the position has {n} move{}, numbered from 1",
            index + 1,
            if n == 1 { "" } else { "s" }
        )
    }))
}

/// The most moves a position may have for `/api/move` and `/api/apply` to give a move's place
/// among them (`index`): listing them copies every option, and a Green Hackenbush stalk of 4,900
/// edges took 0.4 s to list (1,000 edges: a few milliseconds). Beyond, `index` is null.
const MAX_INDEXED_MOVES: u64 = 1_000;

/// The place of `m` among the moves of `sum` in the order of `POST /api/moves`, as
/// `move: {index}` names it, for positions of at most [`MAX_INDEXED_MOVES`] moves: the page
/// plays a board's move by it without valuing every option of the board first (`/api/moves`
/// on Cram 6 × 7 takes longer than the server allows).
fn listed_index(sum: &Sum, m: &SumMove) -> Option<usize> {
    if estimate(sum, 1).options > MAX_INDEXED_MOVES {
        return None;
    }
    sum.moves().ok()?.iter().position(|listed| listed == m)
}

/// Refuses positions with a component too large for its options to be listed.
fn check_listable(sum: &Sum, who: &str) -> Result<(), ApiError> {
    match sum.components.iter().find(|c| c.tokens() > MAX_LISTED_HEAP) {
        Some(c) => Err(ApiError::limit(
            "engine",
            format!(
                "{who} lists every move of a component, which is done only up to {MAX_LISTED_HEAP} tokens, not {}",
                c.tokens()
            ),
        )),
        None => Ok(()),
    }
}
