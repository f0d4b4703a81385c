//! Playing games: whose turn it is, the record of a game, how a game ends, a forgiving parser for
//! moves typed by a human, and the statistics of many simulated games.
//!
//! Everything here is pure: the terminal front end (`grundy play`, `grundy simulate`) reads and
//! prints, this module decides.
//!
//! ```
//! use grundy_core::play::{GameRecord, MoveParser, Seat};
//! use grundy_core::strategy::Convention;
//! use grundy_core::sum::Sum;
//!
//! let mut game = GameRecord::new(Sum::nim(&[2, 3, 4]), Convention::Normal);
//! for text in ["3 3", "heap 1 to 0", "take 2 from 2", "2 1", "3 1"] {
//!     let parser = MoveParser::for_position(game.position());
//!     let m = parser.parse(text, game.position()).unwrap();
//!     game.play(m);
//! }
//! assert!(game.is_over());
//! assert_eq!(game.winner(), Some(Seat::First)); // player 1 took the last token
//! ```

use std::fmt;

use crate::kernel::error::Result;
use crate::player::Player;
use crate::strategy::{remoteness, Convention};
use crate::sum::{Sum, SumMove};

mod parse;
#[cfg(test)]
mod queen_tests;
pub mod tracked;

pub use parse::MoveParser;
pub use tracked::TrackedPosition;

/// One of the two players, in the order they move: `First` makes the first move of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    /// The player who moves first.
    First,
    /// The other player.
    Second,
}

impl Seat {
    /// The opponent.
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// 0 for the first player, 1 for the second: an index into per-player arrays.
    pub fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }

    /// Who moves after `moves` moves have been made: the first player after an even number.
    pub fn after_moves(moves: usize) -> Seat {
        if moves % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        }
    }
}

impl fmt::Display for Seat {
    /// `player 1` or `player 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.index() + 1)
    }
}

/// Who has won a finished game, given who would move next (and cannot).
///
/// Under normal play the player who cannot move has lost; under misère play the opponent made
/// the last move and so lost. This holds even when the game starts finished.
pub fn winner_at_end(to_move: Seat, convention: Convention) -> Seat {
    match convention {
        Convention::Normal => to_move.other(),
        Convention::Misere => to_move,
    }
}

/// One move of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// Who moved.
    pub seat: Seat,
    /// The position before the move.
    pub before: Sum,
    /// The move.
    pub mv: SumMove,
}

/// A game in progress or finished: the start, every move, and the current position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The starting position.
    pub start: Sum,
    /// Who wins when the last move is made.
    pub convention: Convention,
    /// The moves so far, the first by [`Seat::First`].
    pub turns: Vec<Turn>,
    position: Sum,
}

impl GameRecord {
    /// A new game from `start`; [`Seat::First`] moves first.
    pub fn new(start: Sum, convention: Convention) -> Self {
        GameRecord {
            position: start.clone(),
            start,
            convention,
            turns: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Sum {
        &self.position
    }

    /// Who moves next.
    pub fn to_move(&self) -> Seat {
        Seat::after_moves(self.turns.len())
    }

    /// How many moves have been made.
    pub fn moves_made(&self) -> usize {
        self.turns.len()
    }

    /// Plays `mv`, which must be a legal move of the current position (as the players and
    /// [`MoveParser`] produce).
    pub fn play(&mut self, mv: SumMove) {
        let before = self.position.clone();
        self.position.apply(&mv);
        self.turns.push(Turn {
            seat: self.to_move(),
            before,
            mv,
        });
    }

    /// Takes back the last move, returning it; `None` at the start.
    pub fn undo(&mut self) -> Option<Turn> {
        let turn = self.turns.pop()?;
        self.position = turn.before.clone();
        Some(turn)
    }

    /// Whether no move is possible.
    pub fn is_over(&self) -> bool {
        self.position.is_terminal()
    }

    /// The winner once the game is over.
    pub fn winner(&self) -> Option<Seat> {
        self.is_over()
            .then(|| winner_at_end(self.to_move(), self.convention))
    }
}

/// How a game ended, without its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct GameResult {
    /// Who won.
    pub winner: Seat,
    /// How many moves were made.
    pub moves: u64,
}

/// Plays a whole game between two computer players (`players[0]` moves first) and returns only
/// the result: the position is updated in place, nothing is recorded, so this is the loop that
/// simulations run millions of times.
pub fn play_game(
    start: &Sum,
    convention: Convention,
    players: [Player; 2],
    rng: &mut dyn rand_core::RngCore,
) -> Result<GameResult> {
    Ok(play_game_within(start, convention, players, rng, u64::MAX)?
        .expect("no game of impartial heaps lasts 2^64 moves"))
}

/// [`play_game`] with a bound: `None` if the game is not over after `max_moves` moves (a
/// front end's guard against positions whose games last too long to wait for).
pub fn play_game_within(
    start: &Sum,
    convention: Convention,
    players: [Player; 2],
    rng: &mut dyn rand_core::RngCore,
    max_moves: u64,
) -> Result<Option<GameResult>> {
    // Tracked, so that each move costs the same however many components the game has grown.
    let mut position = TrackedPosition::new(start.clone());
    let mut moves = 0u64;
    loop {
        let seat = Seat::after_moves((moves % 2) as usize);
        let Some(m) = position.choose_move(convention, players[seat.index()], rng)? else {
            return Ok(Some(GameResult {
                winner: winner_at_end(seat, convention),
                moves,
            }));
        };
        if moves == max_moves {
            return Ok(None);
        }
        position.apply(&m);
        moves += 1;
    }
}

/// Plays a whole game between two computer players and keeps every move, for transcripts.
/// Given the same generator state it plays the same game as [`play_game`].
pub fn record_game(
    start: &Sum,
    convention: Convention,
    players: [Player; 2],
    rng: &mut dyn rand_core::RngCore,
) -> Result<GameRecord> {
    Ok(
        record_game_within(start, convention, players, rng, u64::MAX)?
            .expect("no game of impartial heaps lasts 2^64 moves"),
    )
}

/// [`record_game`] with a bound: `None` if the game is not over after `max_moves` moves (the
/// record keeps every position, so the bound bounds its memory too).
pub fn record_game_within(
    start: &Sum,
    convention: Convention,
    players: [Player; 2],
    rng: &mut dyn rand_core::RngCore,
    max_moves: u64,
) -> Result<Option<GameRecord>> {
    let mut game = GameRecord::new(start.clone(), convention);
    let mut position = TrackedPosition::new(start.clone());
    while let Some(m) = position.choose_move(convention, players[game.to_move().index()], rng)? {
        if game.moves_made() as u64 == max_moves {
            return Ok(None);
        }
        position.apply(&m);
        game.play(m);
    }
    Ok(Some(game))
}

/// Win counts and lengths of many games between the same two players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Games won by each seat (`wins[0]` by the player who moves first).
    pub wins: [u64; 2],
    /// Moves made in all games together.
    pub total_moves: u64,
    /// The shortest game, in moves (0 when no game was played).
    pub shortest: u64,
    /// The longest game, in moves.
    pub longest: u64,
}

impl Tally {
    /// Counts one more game.
    pub fn add(&mut self, result: GameResult) {
        self.shortest = if self.games == 0 {
            result.moves
        } else {
            self.shortest.min(result.moves)
        };
        self.longest = self.longest.max(result.moves);
        self.games += 1;
        self.wins[result.winner.index()] += 1;
        self.total_moves += result.moves;
    }

    /// The mean number of moves per game (0 when no game was played).
    pub fn average_length(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.total_moves as f64 / self.games as f64
        }
    }
}

/// Plays `games` games from `start` and counts who won; the generator carries on from game to
/// game, so a seed fixes the whole series.
pub fn simulate(
    start: &Sum,
    convention: Convention,
    players: [Player; 2],
    games: u64,
    rng: &mut dyn rand_core::RngCore,
) -> Result<Tally> {
    let mut tally = Tally::default();
    for _ in 0..games {
        tally.add(play_game(start, convention, players, rng)?);
    }
    Ok(tally)
}

/// The two-sided normal quantile for 95% confidence.
const Z_95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval for a proportion at 95% confidence: `(low, high)` for `successes`
/// out of `trials`, both in `[0, 1]`; `(0, 1)` when there were no trials.
///
/// Unlike the textbook `p ± z·sqrt(p(1-p)/n)`, it never leaves `[0, 1]` and stays honest when
/// `p` is 0 or 1 (a perfect player wins *every* game, yet 10,000 games cannot prove a rate of
/// exactly 100%).
pub fn wilson_interval(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes.min(trials) as f64 / n;
    let z2 = Z_95 * Z_95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z_95 / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // With no success the low end is exactly 0, with no failure the high end exactly 1 (the
    // centre and the half-width are then equal, or sum to 1): said exactly, not as the float
    // rounding of the difference (10 wins in 10 gave 0.9999999999999999, 5 in 5 gave 1.0).
    let low = if successes == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if successes >= trials {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

/// "wins in 5 moves" / "loses in 4 moves" for the player to move, counting both players' moves,
/// or `None` when the game tree is too large to measure (see [`remoteness`]): the engine says
/// nothing rather than guess.
pub fn remoteness_text(sum: &Sum, convention: Convention) -> Option<String> {
    let r = remoteness(sum, convention)?;
    let verb = if r % 2 == 1 { "wins" } else { "loses" };
    // Misère remoteness counts the finished game as 1 ("already won"): report real moves.
    let moves = match convention {
        Convention::Normal => r,
        Convention::Misere => r.saturating_sub(1),
    };
    Some(format!(
        "{verb} in {moves} move{}",
        if moves == 1 { "" } else { "s" }
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::MoveError;
    use crate::player::Player;
    use crate::sum::Outcome;
    use rand_chacha::rand_core::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn parse(text: &str, sum: &Sum) -> std::result::Result<SumMove, MoveError> {
        MoveParser::for_position(sum).parse(text, sum)
    }

    #[test]
    fn record_undo_and_winner() {
        let mut game = GameRecord::new(Sum::nim(&[1, 1]), Convention::Normal);
        assert_eq!(game.to_move(), Seat::First);
        game.play(parse("1 1", game.position()).unwrap());
        assert_eq!(game.to_move(), Seat::Second);
        assert_eq!(game.winner(), None);
        game.play(parse("2 1", game.position()).unwrap());
        assert_eq!(game.winner(), Some(Seat::Second));
        let turn = game.undo().unwrap();
        assert_eq!(turn.seat, Seat::Second);
        assert_eq!(game.position(), &Sum::nim(&[0, 1]));
        assert_eq!(game.moves_made(), 1);
        // Misère: taking the last token loses.
        let mut game = GameRecord::new(Sum::nim(&[1]), Convention::Misere);
        game.play(parse("1 1", game.position()).unwrap());
        assert_eq!(game.winner(), Some(Seat::Second));
        // A finished start: the first player cannot move.
        let game = GameRecord::new(Sum::nim(&[0]), Convention::Normal);
        assert_eq!(game.winner(), Some(Seat::Second));
    }

    #[test]
    fn wilson_interval_known_values() {
        let (lo, hi) = wilson_interval(50, 100);
        assert!(
            (lo - 0.4038).abs() < 1e-4 && (hi - 0.5962).abs() < 1e-4,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson_interval(10_000, 10_000);
        assert!(hi == 1.0 && (lo - 0.99962).abs() < 1e-5, "{lo}");
        assert_eq!(wilson_interval(0, 10).0, 0.0);
        assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
        // Every game won (or lost): the interval ends exactly at 1 (or 0), whatever the count
        // (issue 64: 10 in 10 ended at 0.9999999999999999), and the other end is inside.
        for n in 1..=1000 {
            let (lo, hi) = wilson_interval(n, n);
            assert!(hi == 1.0 && lo > 0.0 && lo < 1.0, "{n} of {n}: {lo} {hi}");
            let (lo, hi) = wilson_interval(0, n);
            assert!(lo == 0.0 && hi > 0.0 && hi < 1.0, "0 of {n}: {lo} {hi}");
        }
    }

    #[test]
    fn remoteness_only_when_measurable() {
        assert_eq!(
            remoteness_text(&Sum::nim(&[2, 2]), Convention::Normal).as_deref(),
            Some("loses in 4 moves")
        );
        assert_eq!(
            remoteness_text(&Sum::nim(&[5]), Convention::Normal).as_deref(),
            Some("wins in 1 move")
        );
        assert_eq!(
            remoteness_text(&Sum::nim(&[1000; 10]), Convention::Normal),
            None
        );
        // Misère [1, 1]: take one, the opponent must take the last: 2 moves.
        assert_eq!(
            remoteness_text(&Sum::nim(&[1, 1]), Convention::Misere).as_deref(),
            Some("wins in 2 moves")
        );
    }

    #[test]
    fn bounded_games_stop_at_the_bound() {
        // Whatever length the unbounded game has, that bound lets it finish and one less
        // does not.
        let start = Sum::nim(&[3, 3]);
        let players = [Player::Perfect, Player::Perfect];
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let full = play_game(&start, Convention::Normal, players, &mut rng).unwrap();
        for (bound, finished) in [(0, false), (full.moves - 1, false), (full.moves, true)] {
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let played =
                play_game_within(&start, Convention::Normal, players, &mut rng, bound).unwrap();
            assert_eq!(played.is_some(), finished, "bound {bound}");
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let recorded =
                record_game_within(&start, Convention::Normal, players, &mut rng, bound).unwrap();
            assert_eq!(recorded.is_some(), finished, "bound {bound}");
        }
        // A finished position needs no moves at all.
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let over = play_game_within(&Sum::nim(&[0]), Convention::Normal, players, &mut rng, 0);
        assert_eq!(over.unwrap().map(|r| r.moves), Some(0));
    }

    #[test]
    fn play_game_matches_record_game() {
        let start = Sum::nim(&[3, 5, 7]);
        let players = [Player::Strength(60), Player::Random];
        for seed in 0..20 {
            let fast = play_game(
                &start,
                Convention::Normal,
                players,
                &mut ChaCha8Rng::seed_from_u64(seed),
            )
            .unwrap();
            let game = record_game(
                &start,
                Convention::Normal,
                players,
                &mut ChaCha8Rng::seed_from_u64(seed),
            )
            .unwrap();
            assert_eq!(Some(fast.winner), game.winner());
            assert_eq!(fast.moves, game.moves_made() as u64);
        }
    }

    #[test]
    fn tally_counts() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let start = Sum::nim(&[1, 2, 3]); // a P-position: perfect play wins as the second player
        assert_eq!(start.outcome().unwrap(), Outcome::P);
        let tally = simulate(
            &start,
            Convention::Normal,
            [Player::Random, Player::Perfect],
            500,
            &mut rng,
        )
        .unwrap();
        assert_eq!(tally.games, 500);
        assert_eq!(tally.wins, [0, 500]);
        assert!(tally.shortest >= 2 && tally.longest <= 6);
        assert!(tally.average_length() >= 2.0);
    }
}
