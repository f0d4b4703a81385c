//! Winning moves and the choice of a move, under normal or misère play.
//!
//! [`analyze`] classifies a sum and lists every winning move. Under normal play it uses the
//! Sprague–Grundy theorem and works for components of any size. Under misère play (the player
//! who takes the last token loses) there is no such theorem for sums in general: Nim is solved
//! by Bouton's misère rule, every other sum by exhaustive search up to
//! [`MISERE_SEARCH_LIMIT`] positions.
//!
//! [`best_move`] is what a perfect player plays: a winning move when there is one (the quickest
//! win when the game tree is small enough to measure), otherwise the move that makes the game
//! last longest.

use crate::error::Result;
use crate::games::nim;
use crate::moves::{MoveList, MAX_LISTED_MOVES};
use crate::nimber::Nimber;
use crate::solve::{
    misere_remoteness_rule, misere_rule, remoteness_rule, sum_options, Solver,
    DEFAULT_POSITION_LIMIT,
};
use crate::sum::{Component, Outcome, Sum, SumMove};

/// The most positions a misère search of a non-Nim sum may visit.
pub const MISERE_SEARCH_LIMIT: usize = DEFAULT_POSITION_LIMIT;
/// The most positions visited to measure remoteness ("wins in 5 moves"); beyond it the engine
/// says nothing rather than guess.
pub const REMOTENESS_LIMIT: usize = 200_000;
/// The most work a remoteness search for [`remoteness`] may do, counted as positions times
/// moves per position: the bound of [`remoteness_feasible`] times the moves of the position
/// searched from (heaps only shrink, so no later position has more). Positions alone are not
/// enough: a Wythoff board of 150 × 100 has only 15,251 cells but about 350 moves from each,
/// and Nim [100, 100, 99] about 170,000 positions of up to 299 moves; searches like these took
/// minutes (a debug build under load) and the answer is not worth the wait. Within this limit a
/// search takes about a second in a debug build.
pub const REMOTENESS_WORK_LIMIT: u64 = 2_000_000;
/// The most positions [`best_move`] searches to pick the quickest win (or the slowest loss).
/// Much smaller than [`REMOTENESS_LIMIT`]: a simulation asks on every move, and searches of a
/// few thousand positions per move cut throughput from millions of moves per second to
/// hundreds of thousands (measured on Nim, 10 heaps of 1000). Beyond it the player still wins
/// every won game, just not necessarily in the fewest moves.
pub const PLAYER_REMOTENESS_LIMIT: usize = 1_000;

/// Who wins when the last move is made.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
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
    /// [`MAX_LISTED_MOVES`](crate::moves::MAX_LISTED_MOVES) listed, all counted.
    pub winning_moves: MoveList<SumMove>,
}

/// Classifies `sum` and lists its winning moves.
pub fn analyze(sum: &Sum, convention: Convention) -> Result<Analysis> {
    let values = sum.values()?;
    let total = crate::nimber::nim_sum(values.iter().copied());
    let (outcome, winning_moves) = match (convention, nim_heaps(sum)) {
        // Bouton directly: a Nim heap is its own value, so no per-component dispatch is needed.
        (Convention::Normal, Some(heaps)) => (
            Outcome::of_value(total),
            MoveList::complete(
                nim::winning_moves(&heaps)
                    .into_iter()
                    .map(nim_sum_move)
                    .collect(),
            ),
        ),
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

/// The heaps of `sum` if every component is a Nim heap.
pub fn nim_heaps(sum: &Sum) -> Option<Vec<u64>> {
    sum.components
        .iter()
        .map(|c| match c {
            Component::Nim(h) => Some(*h),
            _ => None,
        })
        .collect()
}

/// A Nim move as a move of the sum.
fn nim_sum_move(m: nim::NimMove) -> SumMove {
    SumMove {
        component: m.heap,
        from: Component::Nim(m.from),
        to: vec![Component::Nim(m.to)],
    }
}

fn misere_analysis(sum: &Sum) -> Result<(Outcome, MoveList<SumMove>)> {
    if let Some(heaps) = nim_heaps(sum) {
        let outcome = if nim::is_misere_p_position(&heaps) {
            Outcome::P
        } else {
            Outcome::N
        };
        let moves = nim::misere_winning_moves(&heaps)
            .into_iter()
            .map(nim_sum_move)
            .collect();
        return Ok((outcome, MoveList::complete(moves)));
    }
    let mut solver = Solver::new(sum_options, misere_rule, MISERE_SEARCH_LIMIT);
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

/// The remoteness of `sum`: with both sides playing perfectly (the winner hurrying, the loser
/// delaying), the number of moves left. Odd means the player to move wins. `None` when the game
/// tree may have more than [`REMOTENESS_LIMIT`] positions (see [`remoteness_feasible`]) or the
/// search more than [`REMOTENESS_WORK_LIMIT`] work (see [`move_bound`]).
///
/// Under misère play a finished game counts 1 (the player to move has already won), so the
/// number of moves actually left is one less.
pub fn remoteness(sum: &Sum, convention: Convention) -> Option<u64> {
    let positions = positions_estimate(sum, REMOTENESS_LIMIT as u64);
    if positions > REMOTENESS_LIMIT as u64
        || positions.saturating_mul(move_bound(sum)) > REMOTENESS_WORK_LIMIT
    {
        return None;
    }
    with_remoteness_solver(convention, |solver| solver.value(&sum.canonical()).ok())
}

/// Whether remoteness is measured for `sum`: an upper bound on its distinct positions (up to
/// the order of components) is at most `limit` ([`REMOTENESS_LIMIT`] to report it,
/// [`PLAYER_REMOTENESS_LIMIT`] to choose moves by it).
///
/// The bound, per ruleset, is the number of multisets of `k` heaps of at most `m` tokens,
/// `C(m + k, k)`, where the ruleset has `k` non-empty heaps of which the largest holds `m` (for
/// Wythoff boards, `m + 1` is the largest board's number of cells); and never more than
/// [`Sum::position_bound`]. It is cheap (a few multiplications), so a
/// simulation can ask before every move, and a search it allows cannot run out of room.
pub fn remoteness_feasible(sum: &Sum, limit: usize) -> bool {
    positions_estimate(sum, limit as u64) <= limit as u64
}

/// An upper bound on the moves from `sum`: per component its tokens (a heap game takes at
/// least one token per move and leaves one heap), `t(t + 1) / 2` for an octal heap of `t`
/// (a split leaves two heaps), `x + y + min(x, y)` for a Wythoff board; saturating.
pub fn move_bound(sum: &Sum) -> u64 {
    sum.components.iter().fold(0u64, |acc, c| {
        let moves = match *c {
            Component::Wythoff { x, y } => x.saturating_add(y).saturating_add(x.min(y)),
            Component::Octal { heap, .. } => heap.saturating_mul(heap.saturating_add(1)) / 2,
            _ => c.tokens(),
        };
        acc.saturating_add(moves)
    })
}

/// The bound of [`remoteness_feasible`] on the positions of `sum`, or some number above
/// `limit` once it is known to exceed it.
fn positions_estimate(sum: &Sum, limit: u64) -> u64 {
    let direct = sum.position_bound();
    if direct <= limit {
        return direct;
    }
    // All Nim (the common case in simulations): one group, no allocation.
    let mut nim = (0u64, 0u64); // (non-empty heaps, largest heap)
    if sum.components.iter().all(|c| match *c {
        Component::Nim(h) => {
            nim = (nim.0 + u64::from(h > 0), nim.1.max(h));
            true
        }
        _ => false,
    }) {
        return multisets(nim.1, nim.0).min(direct);
    }
    // Group heaps by ruleset (ordering components groups equal rulesets together).
    // A Wythoff board counts its cells: (x + 1)(y + 1) positions, not x + y + 1.
    let mut heaps: Vec<&Component> = sum.components.iter().filter(|c| c.tokens() > 0).collect();
    heaps.sort_unstable_by_key(|c| c.emptied());
    let mut bound = 1u64;
    for group in heaps.chunk_by(|a, b| a.emptied() == b.emptied()) {
        let group_bound = if matches!(group[0], Component::Wythoff { .. }) {
            // Two heaps per position: the multiset count of single heaps does not apply.
            group
                .iter()
                .fold(1u64, |acc, c| acc.saturating_mul(c.position_count()))
        } else {
            let largest = group.iter().map(|c| c.tokens()).max().unwrap_or(0);
            multisets(largest, group.len() as u64)
        };
        bound = bound.saturating_mul(group_bound);
        if bound > limit {
            return bound;
        }
    }
    bound.min(direct)
}

/// `C(m + k, k)`, the number of multisets of `k` sizes from `0..=m`, saturating at `u64::MAX`.
fn multisets(m: u64, k: u64) -> u64 {
    let k = k.min(m);
    let mut c: u128 = 1;
    for i in 1..=k as u128 {
        // C(m+i, i) = C(m+i-1, i-1) * (m+i) / i, exact at every step.
        c = c * (m as u128 + i) / i;
        if c > u64::MAX as u128 {
            return u64::MAX;
        }
    }
    c as u64
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
}

/// A perfect player's move, or `None` when no move is possible.
///
/// From an N-position: a winning move, the one that wins soonest when the game tree has at most
/// [`PLAYER_REMOTENESS_LIMIT`] positions. From a P-position: the move that lasts longest within
/// the same limit, otherwise the move that takes the least from the component with the most
/// left. All-Nim positions beyond the limit take a direct path through Bouton's theorem.
pub fn best_move(sum: &Sum, convention: Convention) -> Result<Option<SumMove>> {
    let feasible = remoteness_feasible(sum, PLAYER_REMOTENESS_LIMIT);
    if !feasible {
        if let Some(m) = bouton_move(sum, convention) {
            return Ok(m);
        }
        if let Some(m) = lone_wythoff_move(sum, convention)? {
            return Ok(m);
        }
    }
    let analysis = analyze(sum, convention)?;
    if feasible {
        if let Some(m) = with_remoteness_solver(convention, |solver| {
            remoteness_move(sum, analysis.outcome, solver)
        })? {
            return Ok(m);
        }
    }
    if let Some(m) = analysis.winning_moves.into_iter().next() {
        return Ok(Some(m));
    }
    Ok(delaying_move(sum))
}

/// The move that optimises remoteness: `Ok(None)` when the search failed (it should not, as
/// [`remoteness_feasible`] allowed it, but an edge-heavy game could still exceed the work bound).
fn remoteness_move(
    sum: &Sum,
    outcome: Outcome,
    solver: &mut RemotenessSolver,
) -> Result<Option<Option<SumMove>>> {
    if solver.value(&sum.canonical()).is_err() {
        return Ok(None);
    }
    // Remoteness of an option is from the opponent's side: even there means a win for us.
    let mut best: Option<(u64, SumMove)> = None;
    for m in sum.moves()? {
        let r = solver.value(&sum.after(&m).canonical())?;
        let better = match &best {
            None => true,
            Some((b, _)) if outcome == Outcome::N => r % 2 == 0 && (b % 2 == 1 || r < *b),
            Some((b, _)) => r > *b,
        };
        if better {
            best = Some((r, m));
        }
    }
    Ok(Some(best.map(|(_, m)| m)))
}

/// The perfect move in a Nim position too large to measure remoteness, straight from Bouton's
/// theorem with no allocation beyond the move itself: `None` when some component is not a Nim
/// heap, `Some(None)` when no move is possible.
///
/// It is the move [`best_move`] would otherwise find through [`analyze`] and [`delaying_move`]
/// (the first heap `h` with `h XOR s < h`, cut to `h XOR s`; from a P-position one token from
/// the first largest heap), only faster: simulations call it on every move.
fn bouton_move(sum: &Sum, convention: Convention) -> Option<Option<SumMove>> {
    let mut total = 0u64;
    let mut largest: Option<(usize, u64)> = None;
    for (i, c) in sum.components.iter().enumerate() {
        let Component::Nim(h) = *c else { return None };
        total ^= h;
        if h > 0 && largest.map_or(true, |(_, l)| h > l) {
            largest = Some((i, h));
        }
    }
    if convention == Convention::Misere {
        // The misère rule needs the whole position (how many heaps exceed 1): rarely hot.
        let heaps = nim_heaps(sum)?;
        if let Some(m) = nim::misere_winning_moves(&heaps).into_iter().next() {
            return Some(Some(nim_sum_move(m)));
        }
    } else if total != 0 {
        let (i, h) = sum
            .components
            .iter()
            .enumerate()
            .find_map(|(i, c)| match *c {
                Component::Nim(h) if h ^ total < h => Some((i, h)),
                _ => None,
            })?;
        return Some(Some(nim_sum_move(nim::NimMove {
            heap: i,
            from: h,
            to: h ^ total,
        })));
    }
    Some(largest.map(|(i, h)| {
        nim_sum_move(nim::NimMove {
            heap: i,
            from: h,
            to: h - 1,
        })
    }))
}

/// The perfect move in a lone Wythoff position too large to measure under normal play, from
/// the closed form of its P-positions (any size, no table of Grundy values): its first winning
/// move, else the delaying move. `None` when `sum` is not a lone Wythoff position under normal
/// play.
fn lone_wythoff_move(sum: &Sum, convention: Convention) -> Result<Option<Option<SumMove>>> {
    match sum.components.as_slice() {
        [Component::Wythoff { .. }] if convention == Convention::Normal => {
            let winning = sum.winning_moves()?.into_iter().next();
            Ok(Some(winning.or_else(|| delaying_move(sum))))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misere_nim_endgame() {
        // [1,1,2]: normal play takes the 2 entirely (nim-sum 0); misère leaves three 1-heaps.
        let a = analyze(&Sum::nim(&[1, 1, 2]), Convention::Misere).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves.len(), 1);
        assert_eq!(a.winning_moves[0].to, vec![Component::Nim(1)]);
        let n = analyze(&Sum::nim(&[1, 1, 2]), Convention::Normal).unwrap();
        assert_eq!(n.winning_moves[0].to, vec![Component::Nim(0)]);
    }

    #[test]
    fn best_move_wins_soonest_and_loses_slowest() {
        // [5]: taking all 5 wins at once.
        let m = best_move(&Sum::nim(&[5]), Convention::Normal)
            .unwrap()
            .unwrap();
        assert_eq!(m.to, vec![Component::Nim(0)]);
        // [3,3] is lost: taking one token makes it last longest.
        let m = best_move(&Sum::nim(&[3, 3]), Convention::Normal)
            .unwrap()
            .unwrap();
        assert_eq!(m.to, vec![Component::Nim(2)]);
        assert_eq!(
            best_move(&Sum::nim(&[0, 0]), Convention::Normal).unwrap(),
            None
        );
    }

    #[test]
    fn huge_positions_still_get_a_move() {
        let big = u64::MAX;
        let m = best_move(&Sum::nim(&[big, big]), Convention::Normal)
            .unwrap()
            .unwrap();
        assert_eq!(m.to, vec![Component::Nim(big - 1)]);
        let m = best_move(&Sum::nim(&[big, 7]), Convention::Normal)
            .unwrap()
            .unwrap();
        assert_eq!(m.to, vec![Component::Nim(7)]);
    }

    /// What `best_move` did before the Bouton fast path, for positions too large to measure.
    fn generic_move(sum: &Sum, convention: Convention) -> Option<SumMove> {
        let analysis = analyze(sum, convention).unwrap();
        analysis
            .winning_moves
            .into_iter()
            .next()
            .or_else(|| delaying_move(sum))
    }

    #[test]
    fn bouton_fast_path_agrees_with_the_generic_rule() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..2000 {
            // A xorshift stream of large heaps, with zeros and ties mixed in.
            // Three big heaps keep the tree unmeasurable; the rest may be small or empty.
            let heaps: Vec<u64> = (0..7)
                .map(|i| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    match (i, x % 4) {
                        (0..=2, _) | (_, 2..=3) => 1000 + x % 64,
                        (_, 0) => 0,
                        _ => 1 + x % 3,
                    }
                })
                .collect();
            let sum = Sum::nim(&heaps);
            assert!(
                !remoteness_feasible(&sum, PLAYER_REMOTENESS_LIMIT),
                "{heaps:?}"
            );
            for convention in [Convention::Normal, Convention::Misere] {
                assert_eq!(
                    best_move(&sum, convention).unwrap(),
                    generic_move(&sum, convention),
                    "{heaps:?} {convention:?}"
                );
            }
        }
    }

    #[test]
    fn lone_wythoff_positions_of_any_size_get_a_perfect_move() {
        use crate::games::wythoff::beatty::is_p_position;
        // Far beyond any table of Grundy values: the closed form still wins.
        for (x, y) in [
            (10u64, 7u64),
            (1_000_000_007, 3),
            (u64::MAX / 3, u64::MAX / 2),
        ] {
            let sum = Sum::new(vec![Component::Wythoff { x, y }]);
            let m = best_move(&sum, Convention::Normal).unwrap().unwrap();
            let [Component::Wythoff { x: x2, y: y2 }] = m.to[..] else {
                panic!("{m}")
            };
            assert!(is_p_position(x2, y2), "({x}, {y}) -> ({x2}, {y2})");
        }
        // From a P-position, a legal move that takes one token.
        let sum = Sum::new(vec![Component::Wythoff { x: 4, y: 7 }]);
        let m = best_move(&sum, Convention::Normal).unwrap().unwrap();
        assert_eq!(m.to[0].tokens(), 10);
    }

    #[test]
    fn wythoff_trees_count_two_dimensions() {
        // (30, 30) has 961 positions: measurable by the player's limit; (40, 40) has 1681.
        let small = Sum::new(vec![Component::Wythoff { x: 30, y: 30 }]);
        let large = Sum::new(vec![Component::Wythoff { x: 40, y: 40 }]);
        assert!(remoteness_feasible(&small, PLAYER_REMOTENESS_LIMIT));
        assert!(!remoteness_feasible(&large, PLAYER_REMOTENESS_LIMIT));
        let mixed = Sum::new(vec![Component::Wythoff { x: 40, y: 40 }, Component::Nim(3)]);
        assert!(!remoteness_feasible(&mixed, PLAYER_REMOTENESS_LIMIT));
    }

    #[test]
    fn remoteness_is_none_for_huge_trees() {
        assert_eq!(
            remoteness(&Sum::nim(&[1000, 1000, 1000]), Convention::Normal),
            None
        );
        assert_eq!(remoteness(&Sum::nim(&[1, 1]), Convention::Normal), Some(2));
        // Too much work (positions times moves), though few enough positions: no answer, fast.
        assert_eq!(
            remoteness(&Sum::nim(&[100, 100, 99]), Convention::Normal),
            None
        );
        let board = |x, y| Sum::new(vec![Component::Wythoff { x, y }]);
        assert_eq!(remoteness(&board(150, 100), Convention::Normal), None);
        // (37, 60) is a P-position: the loser makes it last 46 moves.
        assert_eq!(remoteness(&board(60, 37), Convention::Normal), Some(46));
        // A board counts its cells, not its tokens: 10 × 1000 is 11,011 cells.
        assert_eq!(board(10, 1000).position_bound(), 11 * 1001);
        // Misère [1]: the mover must take the last token and lose: P, remoteness 2.
        assert_eq!(remoteness(&Sum::nim(&[1]), Convention::Misere), Some(2));
    }
}
