//! Typed moves of one heap, for every ruleset whose positions are heaps.
//!
//! After the heap's number (`play::parse` strips it), the words may be:
//!
//! | words | move |
//! | --- | --- |
//! | `2` | take 2 |
//! | `to 1` | leave 1 token |
//! | `to 1 4` | leave two heaps, of 1 and 4 tokens (games that split heaps) |
//! | `take 2` | take 2 (also typed `take 2 from 3`) |
//! | `take 2 leave 1 4` | take 2 and leave heaps of 1 and 4 |
//!
//! The move is then checked against the rules with [`Ruleset::option_to`], which every ruleset
//! answers without listing the options of a huge heap; when it is not allowed the error lists
//! what the rules do allow from that heap.

use super::{MoveContext, MoveError, PositionForm, Ruleset};

/// The largest component whose moves are listed one by one (see `Sum::moves`).
pub const MAX_LISTED_HEAP: u64 = 1_000_000;

/// The move forms of heap games, as shown to the user.
pub const EXAMPLES: &str = "\"3 2\" (take 2 from heap 3), \"heap 3 to 1\" or \"take 2 from 3\"";

/// The move forms of a game that may split heaps (octal games), as shown to the user.
pub const SPLIT_EXAMPLES: &str =
    "\"3 to 1 4\" (heap 3 becomes two heaps of 1 and 4) or \"3 take 2 leave 1 4\"";

/// The move form of a game whose moves only split a heap in two unequal heaps (Grundy's game),
/// as shown to the user.
pub const UNEQUAL_SPLIT_EXAMPLES: &str =
    "\"3 to 1 4\" (heap 3 splits into two unequal heaps, of 1 and 4 tokens)";

/// Whether `word` is a whole number.
pub fn is_number(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
}

/// A whole number; one too large for `u64` saturates, which every check then rejects with the
/// right message (no such heap, not that many tokens).
pub fn number(word: &str) -> Option<u64> {
    is_number(word).then(|| word.parse().unwrap_or(u64::MAX))
}

/// Numbers, or `None` when one of the words is not a number.
fn numbers(words: &[&str]) -> Option<Vec<u64>> {
    words.iter().map(|w| number(w)).collect()
}

/// The option of `from` leaving `parts`, or an error saying the rules do not allow it.
pub fn checked_option<R: Ruleset + ?Sized>(
    rules: &R,
    from: &R::Position,
    parts: &[R::Position],
    context: MoveContext,
) -> Result<Vec<R::Position>, MoveError> {
    if rules.gentlest_option(from).is_none() {
        return Err(MoveError::EmptyHeap {
            heap: context.index + 1,
            noun: rules.presentation().noun,
        });
    }
    rules.option_to(from, parts).ok_or_else(|| {
        let to: Vec<String> = parts.iter().map(|p| rules.show_position(p)).collect();
        let to = if to.is_empty() {
            rules.show_position(&from.emptied())
        } else {
            to.join(" + ")
        };
        MoveError::Illegal(format!(
            "{} does not allow {} to become {to} in one move",
            rules.name(),
            rules.show_position(from)
        ))
    })
}

/// What a heap move does to the heap.
#[derive(Debug, Clone)]
enum HeapChange {
    /// Take this many; one heap (or none) is left.
    Take(u64),
    /// Leave heaps of these sizes (one or two).
    To(Vec<u64>),
    /// Take this many and leave heaps of these sizes.
    TakeLeaving(u64, Vec<u64>),
}

/// The heap forms of the module documentation, for a heap named by its number.
pub fn heap_move<R: Ruleset<Position = u64> + ?Sized>(
    rules: &R,
    heap: u64,
    words: &[&str],
    context: MoveContext,
) -> Option<Result<Vec<u64>, MoveError>> {
    if !context.numbered {
        return None;
    }
    let change = match words {
        [amount] => HeapChange::Take(number(amount)?),
        ["to", sizes @ ..] if !sizes.is_empty() => HeapChange::To(numbers(sizes)?),
        ["take", amount] => HeapChange::Take(number(amount)?),
        ["take", amount, "leave" | "leaving", sizes @ ..] if !sizes.is_empty() => {
            HeapChange::TakeLeaving(number(amount)?, numbers(sizes)?)
        }
        _ => return None,
    };
    Some(checked_heap_move(rules, heap, change, context.index + 1))
}

fn illegal(text: impl Into<String>) -> MoveError {
    MoveError::Illegal(text.into())
}

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// `1 + 4 = 5`, `5` for one heap, `nothing` for none.
fn sizes_text(sizes: &[u64]) -> String {
    let items: Vec<String> = sizes.iter().map(u64::to_string).collect();
    match sizes {
        [_, _, ..] => format!(
            "{} = {}",
            items.join(" + "),
            // Exact even past 2^64 − 1: two typed sizes may overflow a u64 together.
            sizes.iter().map(|&s| u128::from(s)).sum::<u128>()
        ),
        [] => "nothing".into(),
        _ => items.join(""),
    }
}

/// Whether the rules split a heap without taking anything (Grundy's game, `4.` codes): read
/// off a heap of 3, which such games may split into 1 and 2.
fn splits_without_taking<R: Ruleset<Position = u64> + ?Sized>(rules: &R) -> bool {
    rules.splits() && rules.option_to(&3, &[1, 2]).is_some()
}

/// Checks a heap move and finds it among the heap's options.
fn checked_heap_move<R: Ruleset<Position = u64> + ?Sized>(
    rules: &R,
    tokens: u64,
    change: HeapChange,
    heap_no: usize,
) -> Result<Vec<u64>, MoveError> {
    if rules.gentlest_option(&tokens).is_none() {
        return Err(MoveError::EmptyHeap {
            heap: heap_no,
            noun: "heap",
        });
    }
    let left = match change {
        HeapChange::Take(0) | HeapChange::TakeLeaving(0, _) => {
            return Err(illegal(if splits_without_taking(rules) {
                "a move takes at least one token (to split a heap without taking, write e.g. \"1 to 2 3\")"
            } else {
                "a move takes at least one token"
            }));
        }
        HeapChange::Take(n) | HeapChange::TakeLeaving(n, _) if n > tokens => {
            return Err(illegal(format!(
                "heap {heap_no} has only {tokens} token{}",
                plural(tokens)
            )))
        }
        HeapChange::Take(n) => match tokens - n {
            0 => vec![],
            rest => vec![rest],
        },
        HeapChange::To(sizes) => {
            check_sizes_left(&sizes, tokens, heap_no, rules.max_parts().max(2))?;
            if let [one] = sizes.as_slice() {
                if *one >= tokens {
                    return Err(illegal(format!(
                        "heap {heap_no} has {tokens} tokens: a move must leave fewer"
                    )));
                }
            }
            sizes
        }
        HeapChange::TakeLeaving(n, sizes) => {
            check_sizes_left(&sizes, tokens, heap_no, rules.max_parts().max(2))?;
            let total = sizes.iter().fold(0u64, |a, &b| a.saturating_add(b));
            if total != tokens - n {
                return Err(illegal(format!(
                    "taking {n} from heap {heap_no} ({tokens} tokens) leaves {}, not {}",
                    tokens - n,
                    sizes_text(&sizes)
                )));
            }
            sizes
        }
    };
    let left: Vec<u64> = left.into_iter().filter(|&s| s > 0).collect();
    if left.len() > 1 && !rules.splits() {
        return Err(illegal(format!(
            "{} never splits a heap: a move leaves one heap (or none)",
            rules.name()
        )));
    }
    rules
        .option_to(&tokens, &left)
        .ok_or_else(|| not_allowed(rules, tokens, heap_no, &left))
}

/// The heaps a move leaves in place of one: at most `most` (two, or three for codes that split
/// in three), none empty (a `0` alone means the heap is emptied), together no more than the
/// heap had.
fn check_sizes_left(
    sizes: &[u64],
    tokens: u64,
    heap_no: usize,
    most: usize,
) -> Result<(), MoveError> {
    if sizes.len() > most {
        return Err(illegal(format!(
            "a move leaves at most {} heaps in place of one, not {}",
            if most == 2 { "two" } else { "three" },
            sizes.len()
        )));
    }
    if sizes.len() >= 2 && sizes.contains(&0) {
        return Err(illegal(format!(
            "both heaps left by a split must be non-empty: to leave one heap write \"{heap_no} to {}\"",
            sizes.iter().sum::<u64>()
        )));
    }
    // Two sizes whose sum overflows are certainly more than the heap holds.
    let total = sizes.iter().try_fold(0u64, |a, &b| a.checked_add(b));
    if sizes.len() >= 2 && total.map_or(true, |t| t > tokens) {
        return Err(illegal(format!(
            "heap {heap_no} has only {tokens} token{}: it cannot become {}",
            plural(tokens),
            sizes_text(sizes)
        )));
    }
    Ok(())
}

/// An option as the user would type what it leaves: `5`, `1+4`, or `0`.
fn left_text(parts: &[u64]) -> String {
    let sizes: Vec<String> = parts
        .iter()
        .filter(|&&t| t > 0)
        .map(u64::to_string)
        .collect();
    if sizes.is_empty() {
        "0".into()
    } else {
        sizes.join("+")
    }
}

/// Why a heap of `tokens` cannot become heaps of the sizes `left`, listing (a few of) the moves
/// the rules allow: the amounts that may be taken, and, for a split, what taking that amount
/// may leave.
fn not_allowed<R: Ruleset<Position = u64> + ?Sized>(
    rules: &R,
    tokens: u64,
    heap_no: usize,
    left: &[u64],
) -> MoveError {
    const SHOWN: usize = 12;
    let taken = tokens - left.iter().sum::<u64>();
    let name = rules.name();
    let shown = |mut items: Vec<String>| {
        let more = items.len() > SHOWN;
        items.truncate(SHOWN);
        if more {
            items.push("...".into());
        }
        items.join(", ")
    };
    if tokens > MAX_LISTED_HEAP {
        return illegal(format!(
            "{name} does not allow heap {heap_no} ({tokens} tokens) to become {}",
            sizes_text(left)
        ));
    }
    let options = rules.options(&tokens);
    let take_of = |parts: &Vec<u64>| tokens - parts.iter().sum::<u64>();
    let same_take: Vec<String> = options
        .iter()
        .filter(|parts| take_of(parts) == taken)
        .map(|parts| left_text(parts))
        .collect();
    if !same_take.is_empty() {
        let allowed = shown(same_take);
        let what = if left.len() > 1 {
            format!(
                "split heap {heap_no} ({tokens} tokens) into {}",
                and_list(left)
            )
        } else {
            format!(
                "leave {} in heap {heap_no} ({tokens} tokens)",
                sizes_text(left)
            )
        };
        return illegal(format!(
            "{name} does not allow taking {taken} to {what}; taking {taken} may leave: {allowed}"
        ));
    }
    if taken == 0 {
        return illegal(format!(
            "a move takes at least one token: heap {heap_no} has {tokens}, so {} takes none",
            sizes_text(left)
        ));
    }
    let mut takes: Vec<u64> = options.iter().map(take_of).collect();
    takes.sort_unstable();
    takes.dedup();
    illegal(format!(
        "{name} does not allow taking {taken} from heap {heap_no} ({tokens} tokens); allowed here: take {}",
        shown(takes.iter().map(u64::to_string).collect())
    ))
}

/// `1 and 4`.
fn and_list(left: &[u64]) -> String {
    let items: Vec<String> = left.iter().map(u64::to_string).collect();
    items.join(" and ")
}
