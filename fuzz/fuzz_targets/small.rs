//! Small random positions of every ruleset, shared by the targets that need a position
//! (`oracle`, `play_move`). Heaps and rule parameters are kept small so that exhaustive search
//! stays cheap and the fuzzer explores many positions per second.

use std::sync::Arc;

use arbitrary::Arbitrary;
use grundy_core::games::all_but::AllButGame;
use grundy_core::games::hackenbush::{Hackenbush, Picture};
use grundy_core::games::lasker::Lasker;
use grundy_core::games::moore::Moore;
use grundy_core::games::octal::OctalGame;
use grundy_core::games::subtraction::SubtractionGame;
use grundy_core::games::take_break::code::{TakeBreakCode, UNEQUAL};
use grundy_core::games::take_break::TakeBreakGame;
use grundy_core::games::wythoff::Wythoff;
use grundy_core::sum::Sum;
use grundy_core::kernel::component::Component;

/// One component, before its parameters are reduced to a small range.
#[derive(Debug, Arbitrary)]
pub enum Part {
    /// A Nim heap (0..8).
    Nim(u8),
    /// A subtraction heap (0..16) with up to four amounts from 1 to 9.
    Subtraction(Vec<u8>, u8),
    /// An all-but heap (0..10) excluding up to three amounts from 1 to 6.
    AllBut(Vec<u8>, u8),
    /// A heap (0..12) of the octal game 0.d1d2d3 with any digits.
    Octal(u16, u8),
    /// A heap (0..12) of Grundy's game.
    Grundys(u8),
    /// A Wythoff position with both heaps in 0..6.
    Wythoff(u8, u8),
    /// A heap (0..12) of Lasker's Nim.
    Lasker(u8),
    /// Moore's Nim_k (k in 1..4) on one to four heaps of 0..6.
    Moore(u8, Vec<u8>),
    /// A Green Hackenbush picture of up to 7 edges on the vertices 0..5 (0 the ground; loops
    /// and parallel edges included).
    Hackenbush(Vec<(u8, u8)>),
    /// A heap (0..10) of the take-and-break code d0.d1d2 (d0 one of 0, 4, 8, C; d1, d2 any
    /// hexadecimal digits, a `!` on each by a bit), followed for ever by a repeating digit when
    /// one is given.
    TakeBreak(u32, u8),
}

/// The component `part` describes, or `None` when its rules are invalid (e.g. a take-set that
/// reduces to nothing; the engine's error is the answer there, not a position).
pub fn component(part: &Part) -> Option<Component> {
    Some(match part {
        Part::Nim(h) => Component::nim(u64::from(h % 8)),
        Part::Subtraction(set, h) => {
            let set: Vec<u64> = set.iter().take(4).map(|&s| u64::from(s % 9) + 1).collect();
            Component::new(
                &Arc::new(SubtractionGame::new(set).ok()?),
                u64::from(h % 16),
            )
        }
        Part::AllBut(set, h) => {
            let set: Vec<u64> = set.iter().take(3).map(|&s| u64::from(s % 6) + 1).collect();
            Component::new(&Arc::new(AllButGame::new(set).ok()?), u64::from(h % 10))
        }
        Part::Octal(code, h) => {
            // Three octal digits after the point, any of 0..7.
            let digits: String = (0..3)
                .map(|i| char::from(b'0' + ((code >> (3 * i)) & 7) as u8))
                .collect();
            let game = OctalGame::parse(&format!("0.{digits}")).ok()?;
            Component::new(&Arc::new(game), u64::from(h % 12))
        }
        Part::Grundys(h) => Component::new(&Arc::new(OctalGame::grundys_game()), u64::from(h % 12)),
        Part::Wythoff(x, y) => Wythoff::component(u64::from(x % 6), u64::from(y % 6)),
        Part::Lasker(h) => Component::new(&Arc::new(Lasker), u64::from(h % 12)),
        Part::Moore(k, heaps) => {
            let heaps: Vec<u64> = heaps.iter().take(4).map(|&h| u64::from(h % 6)).collect();
            if heaps.is_empty() {
                return None; // a row of no heaps is refused (1 to 8 heaps), not a position
            }
            Component::new(&Arc::new(Moore::new(u64::from(k % 4) + 1).ok()?), heaps)
        }
        Part::Hackenbush(edges) => {
            let edges = edges
                .iter()
                .take(7)
                .map(|&(a, b)| (u32::from(a % 5), u32::from(b % 5)))
                .collect();
            Component::new(&Arc::new(Hackenbush), Picture::new(edges).ok()?)
        }
        Part::TakeBreak(bits, h) => {
            let digit = |i: u32| ((bits >> (4 * i)) & 15) as u8;
            let flag = |i: u32, cell: u8| {
                if bits >> (16 + i) & 1 == 1 && cell & 12 != 0 {
                    cell | UNEQUAL
                } else {
                    cell
                }
            };
            let prefix = [
                flag(0, [0, 4, 8, 12][(bits & 3) as usize]),
                flag(1, digit(1)),
                flag(2, digit(2)),
            ];
            let repeat: Vec<u8> = (bits >> 20 & 1 == 1)
                .then(|| flag(3, digit(3)))
                .into_iter()
                .collect();
            let code = TakeBreakCode::from_cells(&prefix, &repeat)?;
            Component::new(&Arc::new(TakeBreakGame::new(code)), u64::from(h % 10))
        }
    })
}

/// The sum of the first `most` parts, or `None` if one has invalid rules.
pub fn sum_of(parts: &[Part], most: usize) -> Option<Sum> {
    parts
        .iter()
        .take(most)
        .map(component)
        .collect::<Option<Vec<_>>>()
        .map(Sum::new)
}
