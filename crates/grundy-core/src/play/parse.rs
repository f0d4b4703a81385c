//! Reading moves typed by a human: a list of [`MoveForm`]s tried in turn, each a shape of
//! words, and errors that say what to type instead.
//!
//! Heap games read `3 2` (take 2 from heap 3), `3 to 1`, `take 2 from 3`, and, for octal games
//! whose moves may split a heap, `3 to 1 4` (leave two heaps of 1 and 4) or `3 take 2 leave 1 4`.
//! A Wythoff board adds the queen's forms of [`super::queen`]: `x 3`, `y 2`, `both 2`, `to 4 7`.

use std::fmt;

use crate::sum::{Component, Sum, SumMove, MAX_LISTED_HEAP};

use super::queen;

/// Why a typed move was not understood or not allowed. Each message says what to do instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// Nothing was typed.
    Empty {
        /// The move forms to suggest.
        examples: String,
    },
    /// More words or numbers than any move form has.
    TooManyTokens {
        /// How many were given.
        count: usize,
        /// The move forms to suggest.
        examples: String,
    },
    /// No move form matches.
    BadSyntax {
        /// The input, trimmed.
        text: String,
        /// The move forms to suggest.
        examples: String,
    },
    /// The heap number is not one of the position's.
    UnknownHeap {
        /// The heap as typed.
        heap: String,
        /// How many heaps there are.
        heaps: usize,
    },
    /// The heap has no move left.
    EmptyHeap {
        /// The heap, counted from 1.
        heap: usize,
    },
    /// Understood, but the rules do not allow it.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Empty { examples } => write!(f, "type a move, e.g. {examples}, or help"),
            MoveError::TooManyTokens { count, examples } => write!(
                f,
                "too many words or numbers ({count}): a move names one heap and what to do with it, e.g. {examples}"
            ),
            MoveError::BadSyntax { text, examples } => {
                write!(f, "cannot read {text:?} as a move: try {examples}")
            }
            MoveError::UnknownHeap { heap, heaps } => write!(
                f,
                "there is no heap {heap}: the heaps are numbered 1 to {heaps}"
            ),
            MoveError::EmptyHeap { heap } => write!(
                f,
                "heap {heap} has no move left: choose a heap that still has tokens"
            ),
            MoveError::Illegal(why) => write!(f, "illegal move: {why}"),
        }
    }
}

impl std::error::Error for MoveError {}

/// The move forms of heap games, as shown to the user.
pub const EXAMPLES: &str = "\"3 2\" (take 2 from heap 3), \"heap 3 to 1\" or \"take 2 from 3\"";

/// The move forms of a game that may split heaps (octal games), as shown to the user.
pub const SPLIT_EXAMPLES: &str =
    "\"3 to 1 4\" (heap 3 becomes two heaps of 1 and 4) or \"3 take 2 leave 1 4\"";

/// The most words and numbers any move form has (`take 2 from heap 3 leave 1 4`).
const MAX_TOKENS: usize = 8;

/// The result of a [`MoveForm`] that recognised its shape: the move, or why it is not allowed.
pub type FormResult = Option<std::result::Result<SumMove, MoveError>>;

/// One way of writing a move. Given the words of the input (lower case; `heap`, `and`, `queen`
/// and punctuation already removed), it returns `None` when the words are not of its shape, or
/// the move (or why it is not allowed) when they are.
///
/// A ruleset with moves of its own adds a form with [`MoveParser::with_form`], as Wythoff's game
/// does with [`queen::queen_move`].
pub type MoveForm = fn(&[&str], &Sum) -> FormResult;

/// Reads moves typed by a human, trying each [`MoveForm`] in turn.
#[derive(Debug, Clone)]
pub struct MoveParser {
    forms: Vec<MoveForm>,
    examples: String,
}

impl MoveParser {
    /// The forms of heap games: `3 2` (take 2 from heap 3), `3 to 1` and `take 2 from 3`, each
    /// optionally with the word `heap` (`heap 3 to 1`, `take 2 from heap 3`); `->` means `to`.
    /// Splitting moves of octal games: `3 to 1 4` (also `3 to 1+4`) and `3 take 2 leave 1 4`.
    pub fn heap_games() -> Self {
        MoveParser {
            forms: vec![heap_and_amount, heap_to_sizes, take_from_heap],
            examples: EXAMPLES.to_string(),
        }
    }

    /// The parser for `position`: the heap forms, and the queen's forms of
    /// [`queen::queen_move`] when it has a Wythoff board. The examples shown in errors fit it.
    pub fn for_position(position: &Sum) -> Self {
        let has = |wythoff: bool| {
            position
                .components
                .iter()
                .any(|c| matches!(c, Component::Wythoff { .. }) == wythoff)
        };
        let splits = position
            .components
            .iter()
            .any(|c| matches!(c, Component::Octal { .. }));
        let mut parser = MoveParser::heap_games();
        if has(true) {
            parser = parser.with_form(queen::queen_move);
            parser.examples = if has(false) {
                format!("{EXAMPLES}; on a Wythoff board {}", queen::SUM_EXAMPLES)
            } else {
                queen::EXAMPLES.to_string()
            };
        } else if splits {
            parser.examples = format!("{EXAMPLES}; to split a heap {SPLIT_EXAMPLES}");
        }
        parser
    }

    /// These forms and `form`, tried after them.
    pub fn with_form(mut self, form: MoveForm) -> Self {
        self.forms.push(form);
        self
    }

    /// The move forms this parser suggests in its errors.
    pub fn examples(&self) -> &str {
        &self.examples
    }

    /// The move `text` describes in `position`.
    pub fn parse(&self, text: &str, position: &Sum) -> std::result::Result<SumMove, MoveError> {
        let normalised = text
            .to_lowercase()
            .replace("->", " to ")
            .replace([',', ':', '+', '(', ')'], " ");
        let raw: Vec<&str> = normalised.split_whitespace().collect();
        if raw.is_empty() {
            return Err(MoveError::Empty {
                examples: self.examples.clone(),
            });
        }
        let numbers = raw.iter().filter(|w| is_number(w)).count();
        if raw.len() > MAX_TOKENS || (numbers == raw.len() && numbers > 2) {
            return Err(MoveError::TooManyTokens {
                count: raw.len(),
                examples: self.examples.clone(),
            });
        }
        let words: Vec<&str> = raw
            .into_iter()
            .filter(|w| !matches!(*w, "heap" | "h" | "pile" | "and" | "queen" | "board"))
            .collect();
        self.forms
            .iter()
            .find_map(|form| form(&words, position))
            .unwrap_or_else(|| {
                Err(MoveError::BadSyntax {
                    text: text.trim().to_string(),
                    examples: self.examples.clone(),
                })
            })
    }
}

impl Default for MoveParser {
    fn default() -> Self {
        MoveParser::heap_games()
    }
}

/// Whether `word` is a whole number.
pub(crate) fn is_number(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
}

/// A whole number; one too large for `u64` saturates, which every check then rejects with the
/// right message (no such heap, not that many tokens).
pub(crate) fn number(word: &str) -> Option<u64> {
    is_number(word).then(|| word.parse().unwrap_or(u64::MAX))
}

/// The component a typed heap number names (counted from 1), or why none.
pub(crate) fn component_index(sum: &Sum, heap: &str) -> std::result::Result<usize, MoveError> {
    let heaps = sum.components.len();
    number(heap)
        .and_then(|n| usize::try_from(n).ok())
        .filter(|&n| (1..=heaps).contains(&n))
        .map(|n| n - 1)
        .ok_or_else(|| MoveError::UnknownHeap {
            heap: heap.to_string(),
            heaps,
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

/// Whether the heap forms should read a move naming `heap`: not when it names a Wythoff board
/// (the queen's forms read those), nor when the position has no heap at all.
fn is_heap_move(sum: &Sum, heap: &str) -> bool {
    if !is_number(heap) {
        return false;
    }
    if sum
        .components
        .iter()
        .all(|c| matches!(c, Component::Wythoff { .. }))
    {
        return false;
    }
    !matches!(
        component_index(sum, heap).map(|i| &sum.components[i]),
        Ok(Component::Wythoff { .. })
    )
}

/// Numbers, or `None` when one of the words is not a number.
fn numbers(words: &[&str]) -> Option<Vec<u64>> {
    words.iter().map(|w| number(w)).collect()
}

/// `3 2`: take 2 from heap 3.
fn heap_and_amount(words: &[&str], sum: &Sum) -> FormResult {
    match words {
        [heap, amount] if is_heap_move(sum, heap) => {
            Some(heap_move(sum, heap, HeapChange::Take(number(amount)?)))
        }
        _ => None,
    }
}

/// `3 to 1`: leave 1 token in heap 3; `3 to 1 4`: leave two heaps, of 1 and 4 tokens.
fn heap_to_sizes(words: &[&str], sum: &Sum) -> FormResult {
    match words {
        [heap, "to", sizes @ ..] if is_heap_move(sum, heap) && !sizes.is_empty() => {
            Some(heap_move(sum, heap, HeapChange::To(numbers(sizes)?)))
        }
        _ => None,
    }
}

/// `take 2 from 3`, also `3 take 2`; with `leave 1 4` (or `leaving`) after either, the heaps
/// left.
fn take_from_heap(words: &[&str], sum: &Sum) -> FormResult {
    let (heap, amount, rest) = match words {
        ["take", amount, "from", heap, rest @ ..] | [heap, "take", amount, rest @ ..] => {
            (heap, amount, rest)
        }
        _ => return None,
    };
    if !is_heap_move(sum, heap) {
        return None;
    }
    let amount = number(amount)?;
    let change = match rest {
        [] => HeapChange::Take(amount),
        ["leave" | "leaving", sizes @ ..] if !sizes.is_empty() => {
            HeapChange::TakeLeaving(amount, numbers(sizes)?)
        }
        _ => return None,
    };
    Some(heap_move(sum, heap, change))
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

/// Checks a heap move and finds it among the component's options.
fn heap_move(sum: &Sum, heap: &str, change: HeapChange) -> std::result::Result<SumMove, MoveError> {
    let index = component_index(sum, heap)?;
    let from = &sum.components[index];
    if from.is_terminal() {
        return Err(MoveError::EmptyHeap { heap: index + 1 });
    }
    let tokens = from.tokens();
    let heap_no = index + 1;
    let left = match change {
        HeapChange::Take(0) | HeapChange::TakeLeaving(0, _) => {
            // Only games like Grundy's game or `4.` codes split a heap without taking.
            let splits_freely =
                matches!(from, Component::Octal { game, .. } if game.rules().split().contains(&0));
            return Err(illegal(if splits_freely {
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
            check_sizes_left(&sizes, tokens, heap_no)?;
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
            check_sizes_left(&sizes, tokens, heap_no)?;
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
    let to = option_leaving(from, &left).ok_or_else(|| not_allowed(from, heap_no, &left))?;
    Ok(SumMove {
        component: index,
        from: from.clone(),
        to,
    })
}

/// The heaps a move leaves in place of one: at most two, none empty (a `0` alone means the
/// heap is emptied), together no more than the heap had.
fn check_sizes_left(
    sizes: &[u64],
    tokens: u64,
    heap_no: usize,
) -> std::result::Result<(), MoveError> {
    if sizes.len() > 2 {
        return Err(illegal(format!(
            "a move leaves at most two heaps in place of one, not {}",
            sizes.len()
        )));
    }
    if sizes.len() == 2 && sizes.contains(&0) {
        return Err(illegal(format!(
            "both heaps left by a split must be non-empty: to leave one heap write \"{heap_no} to {}\"",
            sizes.iter().sum::<u64>()
        )));
    }
    // Two sizes whose sum overflows are certainly more than the heap holds.
    let total = sizes.iter().try_fold(0u64, |a, &b| a.checked_add(b));
    if sizes.len() == 2 && total.map_or(true, |t| t > tokens) {
        return Err(illegal(format!(
            "heap {heap_no} has only {tokens} token{}: it cannot become {}",
            plural(tokens),
            sizes_text(sizes)
        )));
    }
    Ok(())
}

/// The option of a heap that leaves heaps of the sizes `left` (in any order; none for an
/// emptied heap), if the rules allow it. A Nim heap may go to any smaller size and never
/// splits, so it is answered without listing options (heaps can hold 2^64 - 1 tokens).
fn option_leaving(from: &Component, left: &[u64]) -> Option<Vec<Component>> {
    if let Component::Nim(h) = from {
        return match left {
            [] => Some(vec![Component::Nim(0)]),
            [t] if t < h => Some(vec![Component::Nim(*t)]),
            _ => None,
        };
    }
    if left.len() > 1 && !matches!(from, Component::Octal { .. }) {
        return None;
    }
    let mut wanted = left.to_vec();
    wanted.sort_unstable();
    if let Component::Octal { game, heap } = from {
        return octal_option_leaving(game, *heap, &wanted);
    }
    from.options()
        .into_iter()
        .find(|parts| part_sizes(parts) == wanted)
}

/// The sizes of the non-empty parts an option leaves, sorted: how a typed move names it.
fn part_sizes(parts: &[Component]) -> Vec<u64> {
    let mut sizes: Vec<u64> = parts
        .iter()
        .map(Component::tokens)
        .filter(|&t| t > 0)
        .collect();
    sizes.sort_unstable();
    sizes
}

/// The option of an octal heap of `heap` tokens leaving heaps of the sizes `wanted` (sorted,
/// none empty), read off the code's digits: listing the options of a heap of 2^64 − 1 tokens
/// would never end. The same option [`Component::options`] lists, in its form (smaller part
/// of a split first).
fn octal_option_leaving(
    game: &std::sync::Arc<crate::games::octal::OctalGame>,
    heap: u64,
    wanted: &[u64],
) -> Option<Vec<Component>> {
    let rules = game.rules();
    let allows = |amounts: Vec<usize>, k: u64| amounts.iter().any(|&a| a as u64 == k);
    let parts = match *wanted {
        [] => allows(rules.take_all(), heap).then(Vec::new)?,
        [a] => {
            let k = heap.checked_sub(a).filter(|&k| k > 0)?;
            allows(rules.take(), k).then(|| vec![a])?
        }
        [a, b] => {
            let rest = a.checked_add(b)?;
            let k = heap.checked_sub(rest)?;
            (allows(rules.split(), k) && rules.split_allowed(a, rest)).then(|| vec![a, b])?
        }
        _ => return None,
    };
    Some(
        parts
            .into_iter()
            .map(|h| Component::octal(game, h))
            .collect(),
    )
}

/// An option as the user would type what it leaves: `5`, `1+4`, or `0`.
fn left_text(parts: &[Component]) -> String {
    let sizes: Vec<String> = parts
        .iter()
        .map(Component::tokens)
        .filter(|&t| t > 0)
        .map(|t| t.to_string())
        .collect();
    if sizes.is_empty() {
        "0".into()
    } else {
        sizes.join("+")
    }
}

/// Why `from` cannot become heaps of the sizes `left`, listing (a few of) the moves the rules
/// allow: the amounts that may be taken, and, for a split, what taking that amount may leave.
fn not_allowed(from: &Component, heap_no: usize, left: &[u64]) -> MoveError {
    const SHOWN: usize = 12;
    let tokens = from.tokens();
    let taken = tokens - left.iter().sum::<u64>();
    let name = from.ruleset_name();
    let shown = |mut items: Vec<String>| {
        let more = items.len() > SHOWN;
        items.truncate(SHOWN);
        if more {
            items.push("...".into());
        }
        items.join(", ")
    };
    if left.len() > 1 && !matches!(from, Component::Octal { .. }) {
        return illegal(format!(
            "{name} never splits a heap: a move leaves one heap (or none)"
        ));
    }
    if tokens > MAX_LISTED_HEAP {
        return illegal(format!(
            "{name} does not allow heap {heap_no} ({tokens} tokens) to become {}",
            sizes_text(left)
        ));
    }
    let options = from.options();
    let take_of =
        |parts: &Vec<Component>| tokens - parts.iter().map(Component::tokens).sum::<u64>();
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

#[cfg(test)]
mod tests;
