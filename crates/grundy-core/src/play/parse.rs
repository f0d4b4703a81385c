//! Reading moves typed by a human, and errors that say what to type instead.
//!
//! Each ruleset reads the moves of its own components ([`crate::kernel::Ruleset::parse_move`]):
//! heap games read `3 2` (take 2 from heap 3), `3 to 1`, `take 2 from 3`, and, where moves may
//! split a heap, `3 to 1 4` or `3 take 2 leave 1 4` ([`crate::kernel::move_forms`]); a Wythoff board reads
//! the queen's forms of [`super::queen`] (`x 3`, `y 2`, `both 2`, `to 4 7`); Moore's Nim reads
//! moves in several of its heaps at once. [`MoveParser`] hands the words to the right
//! component.

use crate::kernel::component::Component;
use crate::kernel::MoveContext;
use crate::sum::{Sum, SumMove};

use crate::kernel::move_forms as forms;

use crate::kernel::MoveError;

/// The most words a typed move may have (`take 2 from heap 1, 1 from heap 3 and 4 from heap 5`
/// in Moore's Nim has 13); longer input is refused before any form reads it.
const MAX_TOKENS: usize = 32;

/// Reads moves typed by a human in a position: each component's ruleset reads the words
/// ([`crate::kernel::Ruleset::parse_move`]), and the errors suggest the forms of the rulesets
/// present.
#[derive(Debug, Clone)]
pub struct MoveParser {
    examples: String,
    /// What the position's components are called ([`Sum::noun`]).
    noun: &'static str,
}

impl MoveParser {
    /// The parser for `position`, whose errors suggest the move forms of its rulesets.
    pub fn for_position(position: &Sum) -> Self {
        let numbered = position.components.len() > 1;
        let mixed = !position.is_one_ruleset();
        let mut examples: Vec<String> = Vec::new();
        let mut seen: Vec<String> = Vec::new();
        for c in &position.components {
            let forms = c.move_examples(numbered);
            if seen.contains(&forms) {
                continue;
            }
            seen.push(forms.clone());
            // In a mixed sum each ruleset's forms are labelled with what it is.
            let forms = if mixed && c.heaps().len() != 1 {
                format!("on a {} ({}): {forms}", c.noun(), c.ruleset_name())
            } else {
                forms
            };
            for part in forms.split("; ") {
                if !examples.iter().any(|e| e == part) {
                    examples.push(part.to_string());
                }
            }
        }
        if examples.is_empty() {
            examples.push(forms::EXAMPLES.to_string());
        }
        MoveParser {
            examples: examples.join("; "),
            noun: position.noun(),
        }
    }

    /// The move forms this parser suggests in its errors.
    pub fn examples(&self) -> &str {
        &self.examples
    }

    /// The move `text` describes in `position`.
    ///
    /// The words are offered first, whole, to every component (a queen's `x 3` names no
    /// board when there is only one); then, when they start with a number, the rest goes to
    /// the component of that number (`3 2`: take 2 from heap 3).
    ///
    /// A move's label as the analysis lists it (`graph 1: vertex 0: ... -> ...`, with or
    /// without its `(one of N equal moves ...)` note) is accepted as it is, in positions whose
    /// moves are few enough to list (`by_label`).
    pub fn parse(&self, text: &str, position: &Sum) -> std::result::Result<SumMove, MoveError> {
        if let Some(m) = by_label(text, position) {
            return Ok(m);
        }
        self.parse_words(text, position)
    }

    fn parse_words(&self, text: &str, position: &Sum) -> std::result::Result<SumMove, MoveError> {
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
        if raw.len() > MAX_TOKENS {
            return Err(self.too_many(raw.len()));
        }
        let mut words: Vec<&str> = raw
            .iter()
            .copied()
            .filter(|w| !matches!(*w, "heap" | "h" | "pile" | "and" | "queen" | "board"))
            .collect();
        // `take 2 from 3 ...` is `3 take 2 ...`.
        if let ["take", amount, "from", heap, rest @ ..] = words.as_slice() {
            let mut reordered = vec![*heap, "take", *amount];
            reordered.extend_from_slice(rest);
            words = reordered;
        }
        if let Some(found) = self.unnumbered(&words, position) {
            return found;
        }
        if let [first, rest @ ..] = words.as_slice() {
            if forms::is_number(first) && !rest.is_empty() {
                return self.numbered(first, rest, position, &raw);
            }
        }
        Err(self.unreadable(text, &raw))
    }

    /// The words as a whole move of one component, when exactly one component reads them.
    fn unnumbered(
        &self,
        words: &[&str],
        position: &Sum,
    ) -> Option<std::result::Result<SumMove, MoveError>> {
        let mut found: Vec<(usize, std::result::Result<Vec<Component>, MoveError>)> = Vec::new();
        for (i, c) in position.components.iter().enumerate() {
            let context = MoveContext {
                index: i,
                numbered: false,
                alone: position.is_one_ruleset(),
            };
            if let Some(read) = c.parse_move(words, context) {
                found.push((i, read));
            }
        }
        match found.len() {
            0 => None,
            1 => {
                let (i, read) = found.pop().expect("one found");
                Some(read.map(|to| SumMove::new(i, &position.components[i], to)))
            }
            _ => {
                let numbers: Vec<String> = found.iter().map(|(i, _)| (i + 1).to_string()).collect();
                Some(Err(MoveError::Illegal(format!(
                    "that move fits {} {} ({}): start it with the number of the one to move, e.g. \"{} {}\"",
                    found.len(),
                    crate::kernel::plural(self.noun),
                    numbers.join(", "),
                    numbers[0],
                    words.join(" ")
                ))))
            }
        }
    }

    /// `rest` as a move of the component numbered `heap`.
    fn numbered(
        &self,
        heap: &str,
        rest: &[&str],
        position: &Sum,
        raw: &[&str],
    ) -> std::result::Result<SumMove, MoveError> {
        let index = component_index(position, heap)?;
        let from = &position.components[index];
        let context = MoveContext {
            index,
            numbered: true,
            alone: position.is_one_ruleset(),
        };
        if let Some(read) = from.parse_move(rest, context) {
            return read.map(|to| SumMove::new(index, from, to));
        }
        // Words another ruleset of the position would read: say how this one's moves go.
        let other = position
            .components
            .iter()
            .filter(|c| !c.same_rules(from))
            .any(|c| c.parse_move(rest, context).is_some());
        if other {
            return Err(MoveError::Illegal(format!(
                "{} {} plays {}: its moves are typed e.g. {}",
                from.noun(),
                index + 1,
                from.ruleset_name(),
                from.move_examples(true)
            )));
        }
        Err(self.unreadable(&raw.join(" "), raw))
    }

    fn too_many(&self, count: usize) -> MoveError {
        MoveError::TooManyTokens {
            count,
            noun: self.noun,
            examples: self.examples.clone(),
        }
    }

    /// No form read the words: too many numbers for any move, or not a move at all.
    fn unreadable(&self, text: &str, raw: &[&str]) -> MoveError {
        if raw.len() > 2 && raw.iter().all(|w| forms::is_number(w)) {
            return self.too_many(raw.len());
        }
        MoveError::BadSyntax {
            text: text.trim().to_string(),
            examples: self.examples.clone(),
        }
    }
}

/// The most moves a position may have for a typed move to be looked up among their labels.
const MAX_LABELLED_MOVES: u64 = 5_000;

/// The legal move whose label (its `Display`, as every analysis lists it) is `text`, ignoring
/// case, spacing and the note an analysis adds to a group of equal moves; `None` when no label
/// matches or the position has too many moves to list them all.
pub fn by_label(text: &str, position: &Sum) -> Option<SumMove> {
    let words = |t: &str| {
        t.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    let typed = words(text);
    let typed = match typed.find(" (one of ") {
        Some(note) if typed.ends_with(')') => typed[..note].to_string(),
        _ => typed,
    };
    // Labels start with a component's noun and number (`heap 3:`): other text is no label.
    if !typed.contains(':') {
        return None;
    }
    if crate::tree_size::estimate(position, 1).options > MAX_LABELLED_MOVES {
        return None;
    }
    position
        .moves()
        .ok()?
        .into_iter()
        .find(|m| words(&m.to_string()) == typed)
}

/// The component a typed heap number names (counted from 1), or why none.
pub(crate) fn component_index(sum: &Sum, heap: &str) -> std::result::Result<usize, MoveError> {
    let heaps = sum.components.len();
    forms::number(heap)
        .and_then(|n| usize::try_from(n).ok())
        .filter(|&n| (1..=heaps).contains(&n))
        .map(|n| n - 1)
        .ok_or_else(|| MoveError::UnknownHeap {
            heap: heap.to_string(),
            heaps,
            noun: sum.noun(),
        })
}

#[cfg(test)]
mod tests;
