//! The move forms of a Wythoff board, read by [`crate::wythoff::Wythoff`]'s
//! [`crate::kernel::Ruleset::parse_move`].
//!
//! A Wythoff position `(x, y)` is a queen on a board with the corner `(0, 0)` at the bottom
//! left, `x` counted across and `y` up. A move takes from the first heap (the queen goes left),
//! from the second (down), or the same from both (diagonally down-left). Typed:
//!
//! | form | move |
//! | --- | --- |
//! | `x 3`, `left 3`, `first 3` | take 3 from the first heap |
//! | `y 2`, `down 2`, `second 2` | take 2 from the second heap |
//! | `both 2`, `diagonal 2`, `diag 2` | take 2 from both heaps |
//! | `to 4 7`, `4 7`, `(4, 7)` | move the queen to the cell (4, 7) |
//!
//! In a sum with other games, the board's heap number comes first (`1 both 2`, `1 to 4 7`),
//! and a bare `4 7` keeps its heap-game meaning (take 7 from heap 4).

use super::queen_move as queen_path;
use crate::kernel::MoveContext;

use crate::kernel::move_forms::{is_number, number};
use crate::kernel::MoveError;

/// The queen's move forms on a lone board, as shown to the user.
pub const EXAMPLES: &str =
    "\"x 3\" (take 3 from the first heap: the queen moves 3 left), \"y 2\" (2 down), \"both 2\" (2 diagonally) or \"to 4 7\"";

/// The queen's move forms in a sum, as shown to the user.
pub const SUM_EXAMPLES: &str = "\"1 x 3\", \"1 y 2\", \"1 both 2\" or \"1 to 4 7\"";

/// Which way the queen goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Direction {
    /// Tokens from the first heap: left.
    First,
    /// Tokens from the second heap: down.
    Second,
    /// The same from both: diagonally down-left.
    Both,
}

fn direction(word: &str) -> Option<Direction> {
    match word {
        "x" | "left" | "first" | "west" | "l" => Some(Direction::First),
        "y" | "down" | "second" | "south" | "d" => Some(Direction::Second),
        "both" | "diagonal" | "diag" | "xy" | "sw" | "b" => Some(Direction::Both),
        _ => None,
    }
}

/// What the words ask of the queen.
enum QueenMove {
    Take(Direction, u64),
    To(u64, u64),
}

/// The queen's forms (see the module documentation) for the board `from`: `None` when the
/// words are not of a queen's shape. A bare `4 7` is a cell only when every component is a
/// board; in a sum it is a heap move.
pub fn queen_move(
    from: (u64, u64),
    words: &[&str],
    context: MoveContext,
) -> Option<Result<Vec<(u64, u64)>, MoveError>> {
    let wanted = match words {
        [way, amount] if direction(way).is_some() => {
            QueenMove::Take(direction(way)?, number(amount)?)
        }
        ["to", x, y] => QueenMove::To(number(x)?, number(y)?),
        [x, y] if !context.numbered && context.alone && is_number(x) && is_number(y) => {
            QueenMove::To(number(x)?, number(y)?)
        }
        _ => return None,
    };
    Some(checked(from, wanted, context.index).map(|to| vec![to]))
}

/// The move, if the queen may make it from where she stands.
fn checked((x, y): (u64, u64), wanted: QueenMove, index: usize) -> Result<(u64, u64), MoveError> {
    if x == 0 && y == 0 {
        return Err(MoveError::EmptyHeap {
            heap: index + 1,
            noun: "heap",
        });
    }
    let illegal = |why: String| Err(MoveError::Illegal(why));
    Ok(match wanted {
        QueenMove::Take(_, 0) => return illegal("a move takes at least one token".into()),
        QueenMove::Take(Direction::First, k) if k > x => {
            return illegal(format!(
                "the first heap has only {x}: the queen at ({x}, {y}) cannot go {k} left, off the board"
            ))
        }
        QueenMove::Take(Direction::Second, k) if k > y => {
            return illegal(format!(
                "the second heap has only {y}: the queen at ({x}, {y}) cannot go {k} down, off the board"
            ))
        }
        QueenMove::Take(Direction::Both, k) if k > x.min(y) => {
            return illegal(format!(
                "taking {k} from both heaps needs {k} in each, and the heaps are ({x}, {y}): the queen would leave the board"
            ))
        }
        QueenMove::Take(Direction::First, k) => (x - k, y),
        QueenMove::Take(Direction::Second, k) => (x, y - k),
        QueenMove::Take(Direction::Both, k) => (x - k, y - k),
        QueenMove::To(a, b) => {
            queen_path((x, y), (a, b)).map_err(|e| MoveError::Illegal(e.to_string()))?;
            (a, b)
        }
    })
}
