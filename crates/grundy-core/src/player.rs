//! Computer players.
//!
//! A [`Player`] picks moves in any [`Sum`]:
//!
//! * `perfect` plays [`strategy::best_move`]: a winning move whenever one exists (the quickest
//!   win when the game tree is small enough to measure), otherwise the move that lasts longest;
//! * `random` picks a component that still has a move, uniformly, then one of its moves,
//!   uniformly;
//! * strength `s` (0–100) plays the perfect move with probability `s`% and a random move
//!   otherwise, so 100 is `perfect` and 0 is `random`.
//!
//! Randomness comes from the caller's generator, so a seeded generator replays a game exactly.
//!
//! ```
//! use grundy_core::player::{choose_move, Player};
//! use grundy_core::strategy::Convention;
//! use grundy_core::sum::Sum;
//! use rand_chacha::rand_core::SeedableRng;
//!
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(42);
//! let sum = Sum::nim(&[2, 3, 4]);
//! let m = choose_move(&sum, Convention::Normal, Player::Perfect, &mut rng).unwrap().unwrap();
//! assert_eq!(sum.after(&m).value().unwrap(), 0);
//! ```

use std::fmt;

use crate::error::{GameError, Result};
use crate::games::uniform_below;
use crate::strategy::{self, Convention};
use crate::sum::{Sum, SumMove};

/// A computer player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// Always the best move.
    Perfect,
    /// A uniformly random move.
    Random,
    /// The best move with probability `strength`%, a random move otherwise (0..=100).
    Strength(u8),
}

impl Player {
    /// Parses `perfect`, `random`, or a strength from 0 to 100.
    pub fn parse(text: &str) -> Result<Player> {
        match text.trim().to_ascii_lowercase().as_str() {
            "perfect" => Ok(Player::Perfect),
            "random" => Ok(Player::Random),
            other => match other.parse::<u8>() {
                Ok(s) if s <= 100 => Ok(Player::Strength(s)),
                _ => Err(GameError::invalid(
                    "player",
                    text,
                    "perfect, random, or a strength from 0 to 100",
                )),
            },
        }
    }

    /// The chance, in percent, that this player plays the perfect move.
    pub fn strength(self) -> u8 {
        match self {
            Player::Perfect => 100,
            Player::Random => 0,
            Player::Strength(s) => s.min(100),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Perfect => f.write_str("perfect"),
            Player::Random => f.write_str("random"),
            Player::Strength(s) => write!(f, "strength {s}"),
        }
    }
}

/// The move `player` makes in `sum`, or `None` when no move is possible.
pub fn choose_move(
    sum: &Sum,
    convention: Convention,
    player: Player,
    rng: &mut dyn rand_core::RngCore,
) -> Result<Option<SumMove>> {
    let strength = player.strength() as u64;
    // Draw even at the extremes so that a seed gives the same sequence at every strength.
    let roll = uniform_below(rng, 100);
    if roll < strength {
        strategy::best_move(sum, convention)
    } else {
        Ok(random_move(sum, rng))
    }
}

/// A random move: a uniformly chosen component that still has a move, then a uniformly chosen
/// move in it.
pub fn random_move(sum: &Sum, rng: &mut dyn rand_core::RngCore) -> Option<SumMove> {
    let live: Vec<usize> = (0..sum.components.len())
        .filter(|&i| !sum.components[i].is_terminal())
        .collect();
    if live.is_empty() {
        return None;
    }
    let i = live[uniform_below(rng, live.len() as u64) as usize];
    let from = sum.components[i].clone();
    let to = from.random_option(rng)?;
    Some(SumMove {
        component: i,
        from,
        to,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sum::Outcome;
    use rand_chacha::rand_core::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn parse_players() {
        assert_eq!(Player::parse("Perfect").unwrap(), Player::Perfect);
        assert_eq!(Player::parse("random").unwrap(), Player::Random);
        assert_eq!(Player::parse("70").unwrap(), Player::Strength(70));
        assert!(Player::parse("101").is_err());
        assert!(Player::parse("-1").is_err());
        assert!(Player::parse("").is_err());
    }

    #[test]
    fn random_moves_are_legal_and_reproducible() {
        let sum = Sum::nim(&[0, 5, 0, u64::MAX]);
        let mut a = ChaCha8Rng::seed_from_u64(7);
        let mut b = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..100 {
            let m = random_move(&sum, &mut a).unwrap();
            assert_eq!(Some(m.clone()), random_move(&sum, &mut b));
            assert!(m.component == 1 || m.component == 3);
            assert!(m.to[0].tokens() < m.from.tokens());
        }
        assert_eq!(random_move(&Sum::nim(&[0, 0]), &mut a), None);
    }

    #[test]
    fn perfect_beats_random_from_n_positions() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for game in 0..200u64 {
            let mut sum = Sum::nim(&[game % 7 + 1, 3, 5]);
            if sum.outcome().unwrap() == Outcome::P {
                continue;
            }
            let mut perfect_to_move = true;
            loop {
                let player = if perfect_to_move {
                    Player::Perfect
                } else {
                    Player::Random
                };
                match choose_move(&sum, Convention::Normal, player, &mut rng).unwrap() {
                    Some(m) => sum = sum.after(&m),
                    None => break,
                }
                perfect_to_move = !perfect_to_move;
            }
            // The player to move at the end has no move and loses: it must be random.
            assert!(!perfect_to_move, "game {game}");
        }
    }
}
