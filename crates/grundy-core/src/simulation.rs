//! A series of games between two computer players, as every front end reports it: `grundy
//! simulate` (its text and `--json`) and `POST /api/simulate` run [`run`] and serialise the one
//! [`Simulation`], so the two cannot drift apart.
//!
//! ```
//! use grundy_core::player::Player;
//! use grundy_core::simulation::{run, Series};
//! use grundy_core::spec::parse_sum;
//! use grundy_core::strategy::Convention;
//!
//! let start = parse_sum("nim:3,4,5").unwrap();
//! let series = Series { games: 40, seed: 1, max_moves: 1_000, keep_first: false };
//! let players = [Player::Perfect, Player::Random];
//! let s = run(&start, Convention::Normal, players, series).unwrap();
//! assert_eq!(s.tally.wins, [40, 0]); // 3 ^ 4 ^ 5 = 2: the first player wins every game
//! ```

use serde::ser::SerializeMap;
use serde::Serialize;
use serde_json::json;

use crate::kernel::error::{GameError, Result};
use crate::play::{
    play_game_within, record_game_within, wilson_interval, GameRecord, GameResult, Seat, Tally,
};
use crate::player::Player;
use crate::strategy::Convention;
use crate::sum::{Outcome, Sum};

/// The most games one series may play, at every door (a server may allow fewer).
pub const MAX_GAMES: u64 = 100_000_000;
/// The default for the most moves one game may take before the series stops. Games can be
/// astronomically long (two perfect players on Nim heaps of 10^8 take 2·10^8 moves; random
/// players on a subtraction heap of 10^12 about as many as its tokens), and a transcript keeps
/// every position, so a series never goes on without end unless asked to.
pub const DEFAULT_MAX_MOVES: u64 = 100_000;
/// The largest bound on one game's moves.
pub const MAX_MAX_MOVES: u64 = 1_000_000_000_000;

/// How a door names what [`beyond_u64`] speaks of.
#[derive(Debug, Clone, Copy)]
pub struct SimulationDoor {
    /// The bound on one game's moves (`--max-moves`, `max_moves`).
    pub max_moves: &'static str,
    /// What answers a heap beyond 64 bits there, before " answer it" (`grundy analyze and
    /// grundy play`).
    pub elsewhere: &'static str,
}

/// Why the position written `text` is not simulated, when it holds a heap beyond `2^64 - 1`
/// (which [`crate::spec::parse_sum`] refuses only as out of range): a ruleset whose moves take
/// at most `m` tokens plays at least `heap / m` moves, beyond `max_moves_limit` (the most moves
/// a simulated game may last); any other is refused because simulations play on 64-bit heaps
/// (millions of moves a second). `None` when no heap is beyond `2^64 - 1` or the position does
/// not read at any size (its own error then says why).
///
/// The message names the door's own words, as a budget names its flag: `door.max_moves` for
/// the bound on a game's moves, and `door.elsewhere` for what answers such a heap there.
pub fn beyond_u64(
    text: &str,
    max_moves_limit: u64,
    door: &SimulationDoor,
) -> Option<crate::kernel::error::GameError> {
    use crate::big_nim::BigComponent;
    let sum = crate::spec::parse_big_sum(text).ok()?;
    let (heap, rules) = sum.components.iter().find_map(|c| match c {
        BigComponent::Nim(h) => Some((h.clone(), None)),
        BigComponent::Heap(b) => Some((b.heap.clone(), Some(b.empty.rules()))),
        BigComponent::Small(_) => None,
    })?;
    // A heap within 64 bits was refused for another reason (Lasker's Nim at 2^64 - 1 is worth
    // 2^64), which the position's own error says.
    if u64::try_from(&heap).is_ok() {
        return None;
    }
    let name = rules
        .as_ref()
        .map_or(crate::kernel::nim::NAME.to_string(), |r| r.name());
    let what = format!("heap {heap} of {name} in a simulation");
    let answered = format!("{} answer it", door.elsewhere);
    // The most a move takes, read off the stand-in heap that has the same moves (rulesets
    // whose moves take a bounded number of tokens and leave one heap).
    let most = rules.and_then(|r| {
        let stand_in = r.stand_in(&heap).ok()?;
        let c = r.components_from(vec![stand_in]).ok()?.pop()?;
        c.options()
            .iter()
            .map(|to| stand_in.saturating_sub(to.iter().map(|p| p.tokens()).sum::<u64>()))
            .max()
    });
    Some(crate::kernel::error::GameError::too_large(
        what,
        match most {
            Some(m) if m > 0 => format!(
                "every move takes at most {m} tokens, so a game from it lasts at least {} moves, \
                 more than a simulated game may last ({}, at most {max_moves_limit}); \
                 {answered}",
                &heap / m,
                door.max_moves
            ),
            _ => format!(
                "simulations play heaps of at most 2^64 - 1 tokens (every move is made on \
                 64-bit heaps, millions a second); {answered}"
            ),
        },
    ))
}

/// How many games, with which seed, and how long one game may be.
#[derive(Debug, Clone, Copy)]
pub struct Series {
    /// Games to play.
    pub games: u64,
    /// The seed of the players' random choices: it fixes the whole series.
    pub seed: u64,
    /// The most moves one game may take (a longer game stops the series: see [`run`]).
    pub max_moves: u64,
    /// Whether to keep the first game move by move (the CLI's `--transcript`).
    pub keep_first: bool,
}

/// Why a series ended before its last game. The games finished before it are kept and
/// counted; the game in progress is not.
#[derive(Debug, Clone)]
pub enum Stop {
    /// A game went on for more than [`Series::max_moves`] moves (each front end names its own
    /// option that allows more).
    TooLong {
        /// The bound it passed.
        max_moves: u64,
    },
    /// A player's question was refused, its budget spent, or the front end cancelled the
    /// series (Ctrl-C, a server's deadline): [`crate::kernel::cancel`].
    Refused(GameError),
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::TooLong { max_moves } => {
                write!(f, "a game went on for more than {max_moves} moves")
            }
            Stop::Refused(e) => write!(f, "{e}"),
        }
    }
}

/// A series, finished or stopped: who won how often, and the first game when it was kept.
#[derive(Debug, Clone)]
pub struct Simulation {
    /// The game's title ([`crate::report::title`]).
    pub game: String,
    /// The convention played.
    pub convention: Convention,
    /// The starting position.
    pub start: Sum,
    /// Who wins the start with best play.
    pub outcome: Outcome,
    /// The players, the first moving first.
    pub players: [Player; 2],
    /// The seed.
    pub seed: u64,
    /// The counts, of the games finished.
    pub tally: Tally,
    /// The games asked for ([`Series::games`]): more than were counted when the series
    /// [`Simulation::stopped`].
    pub requested: u64,
    /// Why the series ended before its last game, if it did.
    pub stopped: Option<Stop>,
    /// The first game, move by move, when [`Series::keep_first`] and it finished.
    pub first_game: Option<GameRecord>,
}

/// Plays the series from `start`. A game longer than [`Series::max_moves`] moves, a player's
/// question refused, or a front end's cancel flag ([`crate::kernel::cancel`], looked at between
/// games and by the players' questions) ends it early: the games finished are kept, and
/// [`Simulation::stopped`] says why. An error only when who wins the start cannot be found.
pub fn run(
    start: &Sum,
    convention: Convention,
    players: [Player; 2],
    series: Series,
) -> Result<Simulation> {
    use rand_chacha::rand_core::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(series.seed);
    // The outcome alone: listing every winning move of the start (a Cram board's, each option
    // proved lost) would cost far more than the series needs.
    let scope = crate::report::Scope {
        explain: false,
        winning_moves: false,
    };
    let outcome = crate::report::analyze_sum_within(start, convention, scope, &|_| true)?.outcome;
    let mut played = Played::default();
    // A refusal at the budget (a server's time limit) names the series, not one question.
    let part = || format!("the series of {} games", series.games);
    let stopped = crate::kernel::budget::in_part(part, || {
        played.play(start, convention, players, series, &mut rng)
    });
    let Played { tally, first_game } = played;
    Ok(Simulation {
        game: crate::report::title(start),
        convention,
        start: start.clone(),
        outcome,
        players,
        seed: series.seed,
        tally,
        requested: series.games,
        stopped,
        first_game,
    })
}

/// The games of a series finished so far.
#[derive(Default)]
struct Played {
    tally: Tally,
    first_game: Option<GameRecord>,
}

impl Played {
    /// Plays the series' games, or until one stops it, and says why it stopped.
    fn play(
        &mut self,
        start: &Sum,
        convention: Convention,
        players: [Player; 2],
        series: Series,
        rng: &mut dyn rand_core::RngCore,
    ) -> Option<Stop> {
        let too_long = Stop::TooLong {
            max_moves: series.max_moves,
        };
        // The kept game is the first of the series, so the counts include it.
        if series.keep_first && series.games > 0 {
            match record_game_within(start, convention, players, rng, series.max_moves) {
                Ok(Some(game)) => {
                    self.tally.add(GameResult {
                        winner: game.winner().unwrap_or(Seat::Second),
                        moves: game.moves_made() as u64,
                    });
                    self.first_game = Some(game);
                }
                Ok(None) => return Some(too_long),
                Err(e) => return Some(Stop::Refused(e)),
            }
        }
        while self.tally.games < series.games {
            let game = crate::kernel::cancel::check()
                .and_then(|()| play_game_within(start, convention, players, rng, series.max_moves));
            match game {
                Ok(Some(result)) => self.tally.add(result),
                Ok(None) => return Some(too_long),
                Err(e) => return Some(Stop::Refused(e)),
            }
        }
        None
    }
}

impl Serialize for Simulation {
    /// `grundy simulate --json` and `POST /api/simulate`: `game`, `convention`, `start`,
    /// `outcome`, `players`, `seed`, `games`, `wins` (per seat: `player`, `wins`, `rate` and its
    /// 95% Wilson interval `ci95`), `total_moves`, `average_length`, `shortest`, `longest`, of
    /// the games finished; `games_requested`, and `stopped`: why the series ended before its
    /// last game, or null. The CLI adds `transcript` with `--transcript`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let t = &self.tally;
        let wins: Vec<serde_json::Value> = [Seat::First, Seat::Second]
            .iter()
            .map(|&seat| {
                let wins = t.wins[seat.index()];
                let (low, high) = wilson_interval(wins, t.games);
                json!({
                    "seat": seat.index() + 1,
                    "player": self.players[seat.index()].to_string(),
                    "wins": wins,
                    "rate": if t.games == 0 { 0.0 } else { wins as f64 / t.games as f64 },
                    "ci95": [low, high],
                })
            })
            .collect();
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("game", &self.game)?;
        map.serialize_entry("convention", &self.convention)?;
        map.serialize_entry("start", &self.start.components)?;
        map.serialize_entry("outcome", &self.outcome)?;
        map.serialize_entry("players", &self.players.map(|p| p.to_string()))?;
        // A seed a user gives may be any `u64`: a string of digits beyond 2^53 - 1.
        map.serialize_entry("seed", &crate::kernel::nim_heap::ExactU64(self.seed))?;
        map.serialize_entry("games", &t.games)?;
        map.serialize_entry("wins", &wins)?;
        map.serialize_entry("total_moves", &t.total_moves)?;
        map.serialize_entry("average_length", &t.average_length())?;
        map.serialize_entry("shortest", &t.shortest)?;
        map.serialize_entry("longest", &t.longest)?;
        map.serialize_entry("games_requested", &self.requested)?;
        map.serialize_entry("stopped", &self.stopped.as_ref().map(Stop::to_string))?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::parse_sum;

    fn series(games: u64, max_moves: u64) -> Series {
        Series {
            games,
            seed: 7,
            max_moves,
            keep_first: true,
        }
    }

    #[test]
    fn perfect_play_wins_every_n_position_and_the_seed_replays() {
        let start = parse_sum("nim:1,4,5").unwrap(); // 1 ^ 4 ^ 5 = 0: P
        let players = [Player::Random, Player::Perfect];
        let a = run(&start, Convention::Normal, players, series(30, 100)).unwrap();
        assert_eq!(a.outcome, Outcome::P);
        assert_eq!(a.tally.wins, [0, 30]);
        assert_eq!(a.tally.games, 30);
        assert!(a.first_game.is_some());
        assert!(a.stopped.is_none());
        let b = run(&start, Convention::Normal, players, series(30, 100)).unwrap();
        assert_eq!(a.tally, b.tally);
        let json = serde_json::to_value(&a).unwrap();
        assert_eq!(json["wins"][1]["wins"], 30);
        assert_eq!(json["games"], 30);
        assert_eq!(json["games_requested"], 30);
        assert_eq!(json["stopped"], serde_json::Value::Null);
        assert_eq!(json["seed"], 7);
    }

    /// A seed beyond 2^53 - 1 (any `u64` a user gives) is written as a string of digits, which
    /// a JSON client reads exactly; 2^53 - 1 itself is still a number.
    #[test]
    fn seeds_are_written_exactly_on_both_sides_of_2_53() {
        let start = parse_sum("nim:1").unwrap();
        let players = [Player::Random, Player::Random];
        for (seed, written) in [
            (
                (1u64 << 53) - 1,
                serde_json::json!(9_007_199_254_740_991_u64),
            ),
            (1 << 53, serde_json::json!("9007199254740992")),
            (u64::MAX, serde_json::json!("18446744073709551615")),
        ] {
            let series = Series {
                seed,
                ..series(2, 10)
            };
            let sim = run(&start, Convention::Normal, players, series).unwrap();
            assert_eq!(serde_json::to_value(&sim).unwrap()["seed"], written);
        }
    }

    /// Both sides of the bound: a game of exactly `max_moves` moves is played, one more stops
    /// the series at once (the kept first game) or after the games that fit.
    #[test]
    fn a_game_longer_than_the_bound_stops_the_series() {
        let start = parse_sum("sub{1}:5").unwrap(); // every game takes 5 moves
        let players = [Player::Random, Player::Random];
        let fits = run(&start, Convention::Normal, players, series(3, 5)).unwrap();
        assert_eq!(fits.tally.longest, 5);
        assert!(fits.stopped.is_none());
        let first_too_long = run(&start, Convention::Normal, players, series(3, 4)).unwrap();
        assert_eq!(first_too_long.tally.games, 0);
        assert!(first_too_long.first_game.is_none());
        assert!(matches!(
            first_too_long.stopped,
            Some(Stop::TooLong { max_moves: 4 })
        ));
        // Random players on Nim 3 + 3 take 2 to 6 moves: with at most 4, some games finish
        // before one runs over, and those are kept.
        let start = parse_sum("nim:3,3").unwrap();
        let mut lengths = series(1_000, 4);
        lengths.keep_first = false;
        let some = run(&start, Convention::Normal, players, lengths).unwrap();
        assert!(
            some.tally.games > 0 && some.tally.games < 1_000,
            "{:?}",
            some.tally
        );
        assert!(some.tally.longest <= 4);
        assert_eq!(some.requested, 1_000);
        let json = serde_json::to_value(&some).unwrap();
        assert_eq!(json["games"], some.tally.games);
        assert_eq!(json["stopped"], "a game went on for more than 4 moves");
    }

    /// A front end's cancel flag (Ctrl-C, a server's deadline) ends the series between games:
    /// the games finished are kept, and the stop says why.
    #[test]
    fn a_cancelled_series_keeps_the_games_finished() {
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::sync::Arc;
        let start = parse_sum("nim:1,2").unwrap();
        let players = [Player::Random, Player::Random];
        let flag = Arc::new(AtomicBool::new(false));
        let raise = Arc::clone(&flag);
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(50));
            raise.store(true, Ordering::SeqCst);
        });
        // 10^8 games of one to three moves take many seconds: the flag comes first.
        let sim = crate::kernel::cancel::with_flag(flag, || {
            run(&start, Convention::Normal, players, series(100_000_000, 10))
        })
        .unwrap();
        raiser.join().unwrap();
        assert!(sim.tally.games > 0 && sim.tally.games < 100_000_000);
        assert_eq!(sim.tally.wins[0] + sim.tally.wins[1], sim.tally.games);
        assert!(
            matches!(sim.stopped, Some(Stop::Refused(_))),
            "{:?}",
            sim.stopped
        );
    }
}
