//! Computer players.
//!
//! A [`Player`] picks moves in any [`Sum`]:
//!
//! * `perfect` plays [`strategy::best_move`]: a winning move whenever one exists (the quickest
//!   win when the game tree is small enough to measure), otherwise the move that lasts longest;
//! * `random` picks a component that still has a move, uniformly, then one of its moves,
//!   uniformly;
//! * strength `s` (0–100) plays the perfect move with probability `s`% and a random move
//!   otherwise, so 100 is `perfect` and 0 is `random`;
//! * `bouton` plays Bouton's normal-play move when it is winning and, when it is losing, takes
//!   as much as it can from the first component that can move (see [`bouton_rule_move`]). It is
//!   the rule of the simulation of Avansyah (2025) (docs/bibliography.md), whose game it replays
//!   move for move.
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

use crate::kernel::component::Component;
use crate::kernel::error::{GameError, Result};
use crate::kernel::uniform_below;
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
    /// Bouton's normal-play move when winning, the move that takes most when losing: see
    /// [`bouton_rule_move`].
    Bouton,
}

impl Player {
    /// Parses `perfect`, `random`, `bouton`, or a strength from 0 to 100.
    pub fn parse(text: &str) -> Result<Player> {
        match text.trim().to_ascii_lowercase().as_str() {
            "perfect" => Ok(Player::Perfect),
            "random" => Ok(Player::Random),
            "bouton" => Ok(Player::Bouton),
            other => match crate::kernel::list::parse_whole::<u8>(other) {
                Ok(s) if s <= 100 => Ok(Player::Strength(s)),
                _ => Err(GameError::invalid(
                    "player",
                    text,
                    "perfect, random, bouton, or a strength from 0 to 100",
                )),
            },
        }
    }

    /// The chance, in percent, that this player plays the perfect move; `None` for a player
    /// that follows a fixed rule of its own (`bouton`).
    pub fn strength(self) -> Option<u8> {
        match self {
            Player::Perfect => Some(100),
            Player::Random => Some(0),
            Player::Strength(s) => Some(s.min(100)),
            Player::Bouton => None,
        }
    }

    /// What the player does, in words, for a human opponent.
    pub fn describe(self) -> String {
        match self {
            Player::Perfect => "perfect (strength 100: always the best move)".into(),
            Player::Random => "random (strength 0: a uniformly random move)".into(),
            Player::Strength(s) => {
                format!("strength {s} (the best move {s}% of the time, otherwise a random move)")
            }
            Player::Bouton => "bouton (Bouton's rule: when winning, cut the first heap h with \
                h XOR s < h to h XOR s; when losing, take the whole first non-empty heap)"
                .into(),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Perfect => f.write_str("perfect"),
            Player::Random => f.write_str("random"),
            Player::Strength(s) => write!(f, "strength {s}"),
            Player::Bouton => f.write_str("bouton"),
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
    let Some(strength) = player.strength() else {
        return bouton_rule_move(sum);
    };
    // Draw even at the extremes so that a seed gives the same sequence at every strength.
    let roll = uniform_below(rng, 100);
    if roll < u64::from(strength) {
        strategy::best_move(sum, convention)
    } else {
        Ok(random_move(sum, rng))
    }
}

/// A random move: a uniformly chosen component that still has a move, then a uniformly chosen
/// move in it.
pub fn random_move(sum: &Sum, rng: &mut dyn rand_core::RngCore) -> Option<SumMove> {
    // Count, draw, then find the chosen one: no list of live components is built, since
    // simulations call this on every move.
    let live = sum.components.iter().filter(|c| !c.is_terminal()).count();
    if live == 0 {
        return None;
    }
    let k = uniform_below(rng, live as u64) as usize;
    let i = (0..sum.components.len())
        .filter(|&i| !sum.components[i].is_terminal())
        .nth(k)?;
    let from = sum.components[i].clone();
    let to = from.random_option(rng)?;
    Some(SumMove {
        component: i,
        from,
        to,
    })
}

/// The move of the [`Player::Bouton`] player, generalised from Nim heaps to Grundy values;
/// `None` when no move is possible. It is the rule of the simulation program of Avansyah (2025)
/// (its best-move function and the fallback of its main loop; docs/bibliography.md).
///
/// * Winning (total `t != 0`): the first component whose value `g` has `g XOR t < g`, moved to
///   its first option of value `g XOR t`. In Nim that is the first heap `h` with `h XOR s < h`,
///   cut to `h XOR s`.
/// * Losing (`t = 0`): the first component that can move makes the move that takes most; in Nim,
///   the whole first non-empty heap.
///
/// The rule is Bouton's normal-play strategy; it is not the perfect player's (it ignores misère
/// play and does not try to make a lost game last).
pub fn bouton_rule_move(sum: &Sum) -> Result<Option<SumMove>> {
    if let Some(m) = sum.winning_moves()?.into_iter().next() {
        return Ok(Some(m));
    }
    Ok(sum.components.iter().enumerate().find_map(|(i, c)| {
        // Options are listed from the gentlest to the one that takes most.
        let to = match c.as_nim() {
            Some(h) => (h > 0).then(|| vec![Component::nim(0)]),
            None => c.options().pop(),
        }?;
        Some(SumMove {
            component: i,
            from: c.clone(),
            to,
        })
    }))
}

/// A seed for the players' random choices when none is given: the clock's nanoseconds, mixed
/// so that two calls close together differ in every bit, below 2^53. Every door returns the
/// seed it used, so that the games can be replayed, and a seed below 2^53 is a JSON number
/// every client reads exactly (a JavaScript page would round a larger one and replay another
/// game).
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)
        & crate::kernel::nim_heap::MAX_JSON_INTEGER
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sum::Outcome;
    use rand_chacha::rand_core::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn fresh_seeds_are_below_2_53() {
        // A seed drawn from 64 bits would exceed 2^53 - 1 in all but one call in 2,048.
        for _ in 0..200 {
            assert!(fresh_seed() <= crate::kernel::nim_heap::MAX_JSON_INTEGER);
        }
    }

    #[test]
    fn the_game_of_avansyah_2025_figure_8() {
        // Fig. 8 of Avansyah (2025): both players follow the rule, player 1 starts from [2,3,4].
        let mut sum = Sum::nim(&[2, 3, 4]);
        let mut seen = vec![vec![2, 3, 4]];
        while let Some(m) = bouton_rule_move(&sum).unwrap() {
            sum.apply(&m);
            seen.push(sum.components.iter().map(|c| c.tokens()).collect());
        }
        let expected: Vec<Vec<u64>> = vec![
            vec![2, 3, 4],
            vec![2, 3, 1],
            vec![0, 3, 1],
            vec![0, 1, 1],
            vec![0, 0, 1],
            vec![0, 0, 0],
        ];
        assert_eq!(seen, expected);
    }

    #[test]
    fn parse_players() {
        assert_eq!(Player::parse("Perfect").unwrap(), Player::Perfect);
        assert_eq!(Player::parse("random").unwrap(), Player::Random);
        assert_eq!(Player::parse("70").unwrap(), Player::Strength(70));
        assert_eq!(Player::parse("Bouton").unwrap(), Player::Bouton);
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
