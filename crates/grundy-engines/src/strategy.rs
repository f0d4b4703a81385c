//! Winning moves and the choice of a move, under normal or misère play.
//!
//! [`analyze`] classifies a sum and lists every winning move. Under normal play it uses the
//! Sprague–Grundy theorem and works for components of any size. Under misère play (the player
//! who takes the last token loses) there is no such theorem for sums in general: Nim is solved
//! by Bouton's misère rule, heaps of one octal game through its misère quotient
//! ([`crate::misere::sums`]) or their misère simplest forms, an octal game's heaps beside Nim
//! heaps by their forms or a memoised search on canonical positions
//! ([`crate::misere::mixed`]), then by the forms in a large store of their own within the
//! question's budget, every other sum by exhaustive search within [`MISERE_SEARCH_LIMIT`]
//! positions and the question's time budget ([`misere_time_budget`]).
//!
//! [`best_move`] is what a perfect player plays: a winning move whenever there is one. It picks
//! the quickest win (or, losing, the slowest loss) only where the search for it is proven small
//! before it starts ([`crate::tree_size`]); otherwise the first winning move, or the gentlest
//! move when none wins, which costs no more than [`analyze`].

pub mod move_values;

use std::time::Duration;

use crate::kernel::bouton;
use crate::kernel::component::Component;
use crate::kernel::error::Result;
use crate::kernel::moves::{MoveList, MAX_LISTED_MOVES};
use crate::nimber::Nimber;
use crate::solve::{
    misere_remoteness_rule, misere_rule, remoteness_rule, sum_options, Solver,
    DEFAULT_POSITION_LIMIT,
};
use crate::sum::{Outcome, Sum, SumMove};
use crate::tree_size::estimate;

/// The most positions a misère search of a non-Nim sum may visit.
pub const MISERE_SEARCH_LIMIT: usize = DEFAULT_POSITION_LIMIT;
/// The most time a misère search of a non-Nim sum may take when no question's budget is
/// installed (see [`misere_time_budget`]). Such a search builds every option of every position
/// (a few thousand positions a second for octal sums of some 70 tokens), so the position
/// budget alone allowed minutes: `analyze octal 0.77 30 40 --misere` ran 345 s before refusing
/// at [`MISERE_SEARCH_LIMIT`].
pub const MISERE_TIME_BUDGET: Duration = Duration::from_secs(3);

/// The time budget of an exhaustive misère search: none of its own inside a question's budget
/// (`analyze --time`, the server's compute time, Python's `time=`), which then bounds the
/// search and refuses naming the option that allows more, so that `--time 60` gives it a
/// minute; [`MISERE_TIME_BUDGET`] where no question's budget is installed (a caller of the
/// engine alone).
pub fn misere_time_budget() -> Duration {
    if crate::kernel::budget::is_active() {
        // `Solver` sets no deadline of its own for a budget beyond what the clock represents.
        Duration::MAX
    } else {
        MISERE_TIME_BUDGET
    }
}
/// The most positions visited to measure remoteness ("wins in 5 moves"); beyond it the engine
/// says nothing rather than guess.
pub const REMOTENESS_LIMIT: usize = 200_000;
/// The most work a remoteness search for [`remoteness`] may do, in components copied: the
/// bound of [`crate::kernel::TreeEstimate::work`] (positions × options × components).
/// Positions alone are not enough: a Wythoff board of 150 × 100 has only 15,251 cells but about
/// 350 moves from each, and Nim [100, 100, 99] about 170,000 positions of up to 299 moves;
/// searches like these took minutes (a debug build under load) and the answer is not worth the
/// wait. Within this limit a search takes well under a second in a release build.
pub const REMOTENESS_WORK_LIMIT: u64 = 2_000_000;
/// The most time one remoteness search for [`remoteness`] may take; beyond it the engine says
/// nothing. The estimate keeps searches well inside it; the budget is the guarantee.
pub const REMOTENESS_TIME_BUDGET: Duration = Duration::from_secs(1);
/// Who wins when the last move is made.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Convention {
    /// Whoever makes the last move wins.
    #[default]
    Normal,
    /// Whoever makes the last move loses.
    Misere,
}

/// The analysis of a position.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The play convention analysed.
    pub convention: Convention,
    /// Each component's Sprague–Grundy value (normal play; misère Nim is also read from them).
    pub values: Vec<Nimber>,
    /// Their nim-sum.
    pub total: Nimber,
    /// Who wins.
    pub outcome: Outcome,
    /// The winning moves (none from a P-position): the first
    /// [`MAX_LISTED_MOVES`] listed, all counted.
    pub winning_moves: MoveList<SumMove>,
}

/// Classifies `sum` and lists its winning moves.
pub fn analyze(sum: &Sum, convention: Convention) -> Result<Analysis> {
    analyze_listing(sum, convention, true)
}

/// [`analyze`], the winning moves of a sum under normal play of components other than Nim
/// heaps looked for only when `winning_moves` (else none are listed or counted: proving each
/// one is the costliest part of an analysis, and a door that wants one move asks for it).
pub fn analyze_listing(sum: &Sum, convention: Convention, winning_moves: bool) -> Result<Analysis> {
    let values = sum.values()?;
    let total = crate::nimber::nim_sum(values.iter().copied());
    let (outcome, winning_moves) = match (convention, sum.nim_heaps()) {
        // Bouton directly: a Nim heap is its own value, so no per-component dispatch is needed.
        (Convention::Normal, Some(heaps)) => (
            Outcome::of_value(total),
            MoveList::complete(
                bouton::winning_moves(&heaps)
                    .into_iter()
                    .map(nim_sum_move)
                    .collect(),
            ),
        ),
        (Convention::Normal, None) if !winning_moves => {
            (Outcome::of_value(total), MoveList::with_limit(0))
        }
        (Convention::Normal, None) => (Outcome::of_value(total), sum.winning_moves()?),
        (Convention::Misere, _) => misere_analysis(sum)?,
    };
    Ok(Analysis {
        convention,
        values,
        total,
        outcome,
        winning_moves,
    })
}

/// The heaps of `sum` if every component is a Nim heap (see [`Sum::nim_heaps`]).
pub fn nim_heaps(sum: &Sum) -> Option<Vec<u64>> {
    sum.nim_heaps()
}

/// A Nim move as a move of the sum.
fn nim_sum_move(m: bouton::NimMove) -> SumMove {
    SumMove {
        component: m.heap,
        from: Component::nim(m.from),
        to: vec![Component::nim(m.to)],
    }
}

fn misere_analysis(sum: &Sum) -> Result<(Outcome, MoveList<SumMove>)> {
    if let Some(heaps) = nim_heaps(sum) {
        let outcome = if bouton::is_misere_p_position(&heaps) {
            Outcome::P
        } else {
            Outcome::N
        };
        let moves = bouton::misere_winning_moves(&heaps)
            .into_iter()
            .map(nim_sum_move)
            .collect();
        return Ok((outcome, MoveList::complete(moves)));
    }
    if let Some(p) = crate::kernel::component::Component::misere_p_position_of(&sum.components) {
        return misere_by_own_search(sum, p?);
    }
    // An octal game's heaps beside Nim heaps are added as misère simplest forms (Kayles 24 +
    // 20 + *7 + *6 in milliseconds, where the quotient with those Nim heaps fails after its
    // 0.1 s), unless they take long and the quotient answers (a tame game's with Nim heaps
    // takes milliseconds, and its limits for such sums are small); then such sums are
    // searched on canonical positions. An octal game's heaps alone go to the quotient first
    // and to the forms when it is beyond its limits (a wild game's, such as Officers').
    let quotient_answers = || crate::misere::sums::answer(sum).is_some();
    if let Some(found) = crate::misere::mixed::analyze_by_forms(sum, quotient_answers)? {
        return Ok(found);
    }
    if let Some(answer) = crate::misere::sums::answer(sum) {
        return Ok((answer.outcome(), answer.moves));
    }
    if let Some(found) = crate::misere::mixed::analyze(sum)? {
        return Ok(found);
    }
    if let Some(found) = crate::misere::mixed::analyze_by_large_forms(sum)? {
        return Ok(found);
    }
    let mut solver = Solver::new(sum_options, misere_rule, MISERE_SEARCH_LIMIT)
        .with_time_budget(misere_time_budget())
        .labelled("misère analysis of this sum (an exhaustive search: misère sums have no Grundy-value shortcut)");
    let outcome = solver.value(&sum.canonical())?;
    let mut moves = MoveList::with_limit(MAX_LISTED_MOVES);
    if outcome == Outcome::N {
        for m in sum.moves()? {
            if solver.value(&sum.after(&m).canonical())? == Outcome::P {
                moves.push(m);
            }
        }
    }
    Ok((outcome, moves))
}

/// The outcome and winning moves of `sum` under misère play, by its ruleset's own search
/// ([`crate::kernel::Ruleset::misere_p_position`]), `p` its answer for `sum`: a winning move
/// leaves a P-position (never the empty sum: whoever cannot move wins).
fn misere_by_own_search(sum: &Sum, p: bool) -> Result<(Outcome, MoveList<SumMove>)> {
    let mut moves = MoveList::with_limit(MAX_LISTED_MOVES);
    if p {
        return Ok((Outcome::P, moves));
    }
    for m in sum.moves()? {
        let after = sum.after(&m);
        if crate::kernel::component::Component::misere_p_position_of(&after.components)
            .transpose()?
            == Some(true)
        {
            moves.push(m);
        }
    }
    Ok((Outcome::N, moves))
}

/// The remoteness of `sum`: with both sides playing perfectly (the winner hurrying, the loser
/// delaying), the number of moves left. Odd means the player to move wins. `None` when the game
/// tree may have more than [`REMOTENESS_LIMIT`] positions or the search more than
/// [`REMOTENESS_WORK_LIMIT`] work (see [`crate::tree_size`]), or when the search runs out of
/// [`REMOTENESS_TIME_BUDGET`].
///
/// Under misère play a finished game counts 1 (the player to move has already won), so the
/// number of moves actually left is one less.
pub fn remoteness(sum: &Sum, convention: Convention) -> Option<u64> {
    if !remoteness_measurable(sum) {
        return None;
    }
    with_remoteness_solver(convention, |solver| solver.value(&sum.canonical()).ok())
}

/// Whether [`remoteness`] measures `sum`: its tree is within [`REMOTENESS_LIMIT`] positions
/// and [`REMOTENESS_WORK_LIMIT`] work, by the bound known before searching.
pub(crate) fn remoteness_measurable(sum: &Sum) -> bool {
    estimate(sum, REMOTENESS_LIMIT as u64).within(REMOTENESS_LIMIT as u64, REMOTENESS_WORK_LIMIT)
}

/// Whether the tree below `sum` has at most `limit` positions by the bound of
/// [`crate::tree_size`]. It is cheap (a few multiplications per component), and a search it
/// allows cannot run out of room. Positions only: [`remoteness`] and
/// [`player_measures_remoteness`] bound the work as well.
pub fn remoteness_feasible(sum: &Sum, limit: usize) -> bool {
    estimate(sum, limit as u64).positions <= limit as u64
}

/// The most positions [`best_move`] searches to pick the quickest win (or the slowest loss).
/// Much smaller than [`REMOTENESS_LIMIT`]: a simulation asks on every move, and with a budget
/// of 10,000 positions (or 200,000) Nim from ten heaps of 1000, perfect against random, fell
/// from 1.2M to 0.8M moves a second (BENCHMARKS.md, "Play and simulate"). Beyond it the player still wins every won game,
/// just not necessarily in the fewest moves.
pub const PLAYER_REMOTENESS_LIMIT: usize = 1_000;
/// The most work (as [`REMOTENESS_WORK_LIMIT`]) of the search [`best_move`] makes for the
/// quickest win.
pub const PLAYER_WORK_LIMIT: u64 = 100_000;

/// Whether [`best_move`] measures remoteness in `sum`: its tree has at most
/// [`PLAYER_REMOTENESS_LIMIT`] positions and [`PLAYER_WORK_LIMIT`] work. One budget for every
/// door: the perfect player of a simulation, the computer of `grundy play` and the page, and
/// the hint all make the same move. The decision comes from this estimate alone, not the
/// clock, so a seeded game replays move for move on any machine (the solver's time budget is a
/// guarantee the estimate keeps).
pub fn player_measures_remoteness(sum: &Sum) -> bool {
    estimate(sum, PLAYER_REMOTENESS_LIMIT as u64)
        .within(PLAYER_REMOTENESS_LIMIT as u64, PLAYER_WORK_LIMIT)
}

type RemotenessSolver = Solver<Sum, u64, fn(&Sum) -> Result<Vec<Sum>>, fn(&[u64]) -> u64>;

thread_local! {
    /// One remoteness solver per convention, kept across calls: a perfect player asks about a
    /// game's positions move after move, and a simulation replays the same game thousands of
    /// times, so the memo turns each later question into a lookup.
    static REMOTENESS_SOLVERS: std::cell::RefCell<[Option<RemotenessSolver>; 2]> =
        const { std::cell::RefCell::new([None, None]) };
}

/// Runs `f` with this thread's remoteness solver for `convention`, replaced by a fresh one
/// when half full so that remembered positions never crowd out a new search.
fn with_remoteness_solver<T>(
    convention: Convention,
    f: impl FnOnce(&mut RemotenessSolver) -> T,
) -> T {
    let slot = match convention {
        Convention::Normal => 0,
        Convention::Misere => 1,
    };
    REMOTENESS_SOLVERS.with(|cell| {
        let mut solvers = cell.borrow_mut();
        let solver = &mut solvers[slot];
        if solver.as_ref().map_or(true, Solver::is_half_full) {
            *solver = Some(remoteness_solver(convention));
        }
        f(solver.as_mut().expect("set just above"))
    })
}

fn remoteness_solver(convention: Convention) -> RemotenessSolver {
    let rule: fn(&[u64]) -> u64 = match convention {
        Convention::Normal => remoteness_rule,
        Convention::Misere => misere_remoteness_rule,
    };
    Solver::new(
        sum_options as fn(&Sum) -> Result<Vec<Sum>>,
        rule,
        // Room for one full search on top of what a half-full solver remembers.
        REMOTENESS_LIMIT * 3 / 2 + 1,
    )
    .with_time_budget(REMOTENESS_TIME_BUDGET)
    .labelled("remoteness search")
}

/// A perfect player's move, or `None` when no move is possible. It always wins a won game.
///
/// Where [`player_measures_remoteness`] proves the search small: the winning move that wins
/// soonest, or from a P-position the move that loses slowest (the first of equals). Otherwise
/// [`direct_move`], which costs no more than [`analyze`]. This is the one perfect move of the
/// engine: `answer`'s computer move, the hints and the simulations' perfect player are this.
pub fn best_move(sum: &Sum, convention: Convention) -> Result<Option<SumMove>> {
    Ok(best_move_with_length(sum, convention)?.0)
}

/// [`best_move`] and, where remoteness was measured, how many moves the game lasts from here
/// with this move included, both sides then playing perfectly.
pub fn best_move_with_length(
    sum: &Sum,
    convention: Convention,
) -> Result<(Option<SumMove>, Option<u64>)> {
    if player_measures_remoteness(sum) {
        if let Some(best) =
            with_remoteness_solver(convention, |solver| remoteness_move(sum, solver))?
        {
            // A finished game counts 1 under misère play (the player to move has already won).
            let offset = u64::from(convention == Convention::Misere);
            return Ok(match best {
                Some((r, m)) => (Some(m), Some(r + 1 - offset)),
                None => (None, None),
            });
        }
    }
    Ok((direct_move(sum, convention)?, None))
}

/// A perfect move without measuring remoteness: a winning move when there is one, otherwise
/// [`delaying_move`]. Under normal play the winning move is the first one of the first
/// component whose value `g` has `g XOR t < g` (`t` the nim-sum), which the mex rule guarantees
/// (the first heap with `h XOR t < h`, cut to `h XOR t`, in Nim); a lone Wythoff board of any
/// size is answered from the closed form of its P-positions. Under misère play, the first
/// winning move of [`analyze`].
pub fn direct_move(sum: &Sum, convention: Convention) -> Result<Option<SumMove>> {
    if let Some(m) = bouton_move(sum, convention) {
        return Ok(m);
    }
    if let Some(m) = lone_component_move(sum, convention)? {
        return Ok(m);
    }
    if convention == Convention::Misere {
        let analysis = analyze(sum, convention)?;
        return Ok(analysis
            .winning_moves
            .into_iter()
            .next()
            .or_else(|| delaying_move(sum)));
    }
    let values = sum.values()?;
    let total = crate::nimber::nim_sum(values.iter().copied());
    match values.iter().position(|&g| g ^ total < g) {
        Some(i) => winning_move_in(sum, i, values[i] ^ total).map(Some),
        None => Ok(delaying_move(sum)),
    }
}

/// The first move of component `i` of `sum` to value `target`, where the mex rule promises one
/// (`target` is below the component's value) and so completes a winning move.
pub fn winning_move_in(sum: &Sum, i: usize, target: Nimber) -> Result<SumMove> {
    let from = &sum.components[i];
    match from.first_move_to_value(target)? {
        Some(to) => Ok(SumMove {
            component: i,
            from: from.clone(),
            to,
        }),
        // Unreachable by the mex rule; should a ruleset ever list none, the full list of
        // winning moves still holds one.
        None => sum.winning_moves()?.into_iter().next().ok_or_else(|| {
            crate::kernel::error::GameError::IllegalMove(format!(
                "no move of component {} to value {target} was found",
                i + 1
            ))
        }),
    }
}

/// The move that optimises remoteness: `Ok(None)` when the search failed (it should not, as
/// [`player_measures_remoteness`] allowed it, but its time budget is still a guarantee).
/// Remoteness is odd exactly for N-positions, under either convention.
/// The move comes with the remoteness of the position it leaves.
fn remoteness_move(
    sum: &Sum,
    solver: &mut RemotenessSolver,
) -> Result<Option<Option<(u64, SumMove)>>> {
    let Ok(root) = solver.value(&sum.canonical()) else {
        return Ok(None);
    };
    let winning = root % 2 == 1;
    // Remoteness of an option is from the opponent's side: even there means a win for us.
    let mut best: Option<(u64, SumMove)> = None;
    for m in sum.moves()? {
        let r = solver.value(&sum.after(&m).canonical())?;
        let better = match &best {
            None => true,
            Some((b, _)) if winning => r % 2 == 0 && (b % 2 == 1 || r < *b),
            Some((b, _)) => r > *b,
        };
        if better {
            best = Some((r, m));
        }
    }
    Ok(Some(best))
}

/// The perfect move in a Nim position, straight from Bouton's theorem with no allocation
/// beyond the move itself: `None` when some component is not a Nim heap, `Some(None)` when no
/// move is possible.
///
/// It is the move [`direct_move`] would otherwise find through the values and [`delaying_move`]
/// (the first heap `h` with `h XOR s < h`, cut to `h XOR s`; from a P-position one token from
/// the first largest heap), only faster: simulations call it on every move.
fn bouton_move(sum: &Sum, convention: Convention) -> Option<Option<SumMove>> {
    let mut total = 0u64;
    let mut largest: Option<(usize, u64)> = None;
    for (i, c) in sum.components.iter().enumerate() {
        let h = c.as_nim()?;
        total ^= h;
        if h > 0 && largest.map_or(true, |(_, l)| h > l) {
            largest = Some((i, h));
        }
    }
    if convention == Convention::Misere {
        // The misère rule needs the whole position (how many heaps exceed 1): rarely hot.
        let heaps = nim_heaps(sum)?;
        if let Some(m) = bouton::misere_winning_moves(&heaps).into_iter().next() {
            return Some(Some(nim_sum_move(m)));
        }
    } else if total != 0 {
        let (i, h) = sum
            .components
            .iter()
            .enumerate()
            .find_map(|(i, c)| c.as_nim().filter(|&h| h ^ total < h).map(|h| (i, h)))?;
        return Some(Some(nim_sum_move(bouton::NimMove {
            heap: i,
            from: h,
            to: h ^ total,
        })));
    }
    Some(largest.map(|(i, h)| {
        nim_sum_move(bouton::NimMove {
            heap: i,
            from: h,
            to: h - 1,
        })
    }))
}

/// The perfect move in a lone component under normal play, from its moves to value 0 alone:
/// a lone Wythoff board or Moore's Nim position of any size is answered by the closed form of
/// its P-positions, with no table of Grundy values. Its first winning move, else the delaying
/// move; `None` when `sum` is not one component under normal play.
fn lone_component_move(sum: &Sum, convention: Convention) -> Result<Option<Option<SumMove>>> {
    match sum.components.as_slice() {
        [c] if convention == Convention::Normal => {
            // A move known to win without search (the mirror answer on an even Cram board)
            // before the search of every option; from a P-position, none is searched for (each
            // option would be proven not 0: 1.7 s on Cram 6 × 6, a P-position known at once).
            let winning = match c.known_move_to_value(0) {
                Some(to) => Some(to),
                None if c.is_p_position()? => None,
                None => c.first_move_to_value(0)?,
            };
            Ok(Some(
                winning
                    .map(|to| SumMove::new(0, c, to))
                    .or_else(|| delaying_move(sum)),
            ))
        }
        _ => Ok(None),
    }
}

/// The move that takes least from the component with the most tokens: a simple way to make a
/// lost game last when its tree is too large to measure.
pub fn delaying_move(sum: &Sum) -> Option<SumMove> {
    sum.components
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            c.gentlest_option().map(|to| SumMove {
                component: i,
                from: c.clone(),
                to,
            })
        })
        .max_by_key(|m| (m.from.tokens(), std::cmp::Reverse(m.component)))
}
