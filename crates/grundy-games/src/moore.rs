//! Moore's Nim_k: several heaps; a move takes a positive number of tokens from each of at
//! least one and at most `k` heaps. Nim is Nim_1.
//!
//! **Moore's theorem** (Moore 1910, see `docs/bibliography.md`): write the heaps in binary; the
//! position is a P-position exactly when, in every column, the number of heaps with a 1 there
//! is a multiple of `k + 1`. (For `k = 1` that is Bouton's even columns, a nim-sum of 0.)
//!
//! A position of Moore's Nim is **one component** holding all its heaps, since a move may touch
//! several of them: `moore{2}:3,5,6` is one position of three heaps. Its Grundy value has no
//! known closed form, so it is computed by exhaustive search for small positions
//! ([`MAX_VALUE_POSITIONS`]); who wins and every winning move come from the theorem at any
//! size ([`moves_to_p_positions`]).
//!
//! ```
//! use grundy_games::moore::Moore;
//! use grundy_kernel::Ruleset;
//! let game = Moore::new(2).unwrap();
//! // 1 = 001, 2 = 010, 3 = 011: columns hold 0, 2 and 2 ones — not multiples of 3.
//! assert!(!game.is_p_position(&vec![1, 2, 3]).unwrap());
//! // Taking from heaps 2 and 3 to leave (1, 1, 1): every column holds 0 or 3 ones.
//! let moves = game.moves_to_value(&vec![1, 2, 3], 0, 10).unwrap();
//! assert!(moves.moves().contains(&vec![vec![1, 1, 1]]));
//! assert!(game.is_p_position(&vec![1, 1, 1]).unwrap());
//! ```

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use num_bigint::BigUint;
use num_traits::Zero;

use crate::family::{known, Drawing, Family, Param, ParamKind, Positions};
use crate::kernel::error::{GameError, Result};
use crate::kernel::move_forms as forms;
use crate::kernel::moves::MoveList;

use crate::kernel::list::parse_u64_in;
use crate::kernel::Derivation;
use crate::kernel::MoveError;
use crate::kernel::{MoveContext, PositionForm, Ruleset};
use crate::nimber::{mex, Nimber};

/// The most heaps in one position of Moore's Nim: every winning move is counted by a dynamic
/// programme over the sets of heaps a move touches, `3^h` work at worst.
pub const MAX_HEAPS: usize = 8;

/// The most positions whose Grundy values one question may search (values below it are
/// remembered for later questions).
pub const MAX_VALUE_POSITIONS: u64 = 100_000;

/// The most options one question about values may generate.
pub const MAX_VALUE_WORK: u64 = 20_000_000;

/// Moore's Nim in the registry: `moore{2}:3,5,6` is one position of three heaps.
pub static FAMILY: Family = Family {
    name: "moore",
    aliases: &["moores-nim", "moore-nim"],
    title: "Moore's Nim",
    rules: "Several heaps: a move takes one or more tokens from each of at least one and at most k heaps.",
    params: &[Param {
        name: "k",
        short: Some('k'),
        positional: false,
        kind: ParamKind::Number,
        label: "Heaps per move, k",
        help: "a move takes from 1 to k heaps at once (k = 1 is Nim)",
        example: "2",
    }],
    positions: Positions {
        label: "Heaps",
        help: "the heaps of one position, 1 to 8 of them, each a whole number",
        example: "3, 5, 6",
        drawing: Drawing::HEAP_ROW,
    },
    example: "moore{2}:3,5,6",
    sequence: false,
    known_by: known::closed_form,
    heap_game: false,
    search: None,
    at_once: None,
    reasoning: Some(|g| g.subschema_for::<explain::MooreExplanation>()),
    build: |params| {
        let k = parse_u64_in(params[0].trim(), "k of Moore's Nim", 1..=MAX_HEAPS as u64)?;
        Ok(Arc::new(Moore::new(k)?))
    },
};

/// Moore's Nim_k. A position is a row of heaps.
#[derive(Debug)]
pub struct Moore {
    k: u64,
    /// Grundy values found by search, by sorted heaps.
    values: Mutex<HashMap<Vec<u64>, Nimber>>,
}

impl Moore {
    /// Moore's Nim_k, `1 <= k <=` [`MAX_HEAPS`]: no position has more heaps than that, so a
    /// larger `k` would play as `k = MAX_HEAPS` under another name.
    pub fn new(k: u64) -> Result<Self> {
        if k == 0 || k > MAX_HEAPS as u64 {
            return Err(GameError::out_of_range(
                "k of Moore's Nim",
                k,
                format!("1 to {MAX_HEAPS} (heaps a move may take from; a position has at most {MAX_HEAPS} heaps)"),
            ));
        }
        Ok(Moore {
            k,
            values: Mutex::new(HashMap::new()),
        })
    }

    /// How many heaps a move may take from.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// For each column (bit) where it fails, the column, its count of 1s and the remainder
    /// modulo `k + 1`: empty exactly for a P-position (Moore's theorem).
    pub fn unbalanced_columns(&self, heaps: &[u64]) -> Vec<(u32, u64, u64)> {
        (0..64)
            .rev()
            .filter_map(|c| {
                let ones = heaps.iter().filter(|&&h| h >> c & 1 == 1).count() as u64;
                let rest = ones % (self.k + 1);
                (rest != 0).then_some((c, ones, rest))
            })
            .collect()
    }

    /// Every move of `heaps` that touches exactly the heaps in `touched` (a bit mask), new
    /// values below the old; in the order of [`Ruleset::options`].
    fn options_touching(&self, heaps: &[u64], touched: u32) -> Vec<Vec<u64>> {
        let mut out = vec![heaps.to_vec()];
        for (i, &h) in heaps.iter().enumerate() {
            if touched >> i & 1 == 1 {
                out = out
                    .into_iter()
                    .flat_map(|v| {
                        (0..h).rev().map(move |x| {
                            let mut w = v.clone();
                            w[i] = x;
                            w
                        })
                    })
                    .collect();
            }
        }
        out.sort_by_key(|v| std::cmp::Reverse(column_key(v, touched)));
        out
    }

    /// The sets of heaps a move may touch, in the order of [`Ruleset::options`]: by size, then
    /// lexicographically by the heaps' numbers (only heaps that are not empty).
    fn touch_sets(&self, heaps: &[u64]) -> Vec<u32> {
        let live: u32 = (0..heaps.len())
            .filter(|&i| heaps[i] > 0)
            .fold(0, |m, i| m | 1 << i);
        let mut sets: Vec<u32> = (1..1u32 << heaps.len())
            .filter(|&s| s & !live == 0 && u64::from(s.count_ones()) <= self.k)
            .collect();
        sets.sort_by_key(|&s| (s.count_ones(), lex_key(s)));
        sets
    }

    /// At most how many options `heaps` has: `Σ over touch sets of ∏ h_i` (saturating).
    fn option_count(&self, heaps: &[u64]) -> u64 {
        self.touch_sets(heaps)
            .into_iter()
            .map(|s| {
                (0..heaps.len())
                    .filter(|&i| s >> i & 1 == 1)
                    .fold(1u64, |a, i| a.saturating_mul(heaps[i]))
            })
            .fold(0u64, u64::saturating_add)
    }

    /// The value of `heaps` by memoised search over sorted positions, within
    /// [`MAX_VALUE_POSITIONS`] and [`MAX_VALUE_WORK`].
    fn search_value(&self, heaps: &[u64]) -> Result<Nimber> {
        let mut root = heaps.to_vec();
        root.sort_unstable();
        let positions = root
            .iter()
            .fold(1u64, |a, &h| a.saturating_mul(h.saturating_add(1)));
        let work = positions.saturating_mul(self.option_count(&root));
        if positions > MAX_VALUE_POSITIONS || work > MAX_VALUE_WORK {
            return Err(GameError::too_large(
                format!("the Grundy value of Moore's Nim_{} position {}", self.k, root.show()),
                format!(
                    "values have no closed form and are searched only for positions of at most {MAX_VALUE_POSITIONS} sub-positions and {MAX_VALUE_WORK} moves; who wins and every winning move (to value 0) are answered at any size by Moore's theorem"
                ),
            ));
        }
        let mut memo = self.values.lock().unwrap_or_else(|e| e.into_inner());
        let mut stack = vec![root.clone()];
        while let Some(top) = stack.pop() {
            if memo.contains_key(&top) {
                continue;
            }
            let options: Vec<Vec<u64>> = self
                .options(&top)
                .into_iter()
                .map(|mut o| {
                    o[0].sort_unstable();
                    o.pop().unwrap_or_default()
                })
                .collect();
            let missing: Vec<Vec<u64>> = options
                .iter()
                .filter(|o| !memo.contains_key(*o))
                .cloned()
                .collect();
            if missing.is_empty() {
                let value = mex(options.iter().map(|o| memo[o]));
                memo.insert(top, value);
            } else {
                stack.push(top);
                stack.extend(missing);
            }
            crate::kernel::cancel::check()?;
        }
        Ok(memo[&root])
    }

    /// Checks a row: 1 to [`MAX_HEAPS`] heaps.
    fn check_row(&self, heaps: &[u64]) -> Result<()> {
        if heaps.is_empty() || heaps.len() > MAX_HEAPS {
            return Err(GameError::out_of_range(
                "number of heaps of a Moore's Nim position",
                heaps.len(),
                format!("1 to {MAX_HEAPS} heaps"),
            ));
        }
        Ok(())
    }
}

/// Orders the heaps of a touch set: `{1, 2} < {1, 3} < {2, 3}`.
fn lex_key(set: u32) -> Vec<u32> {
    (0..32).filter(|&i| set >> i & 1 == 1).collect()
}

/// The key that orders the moves touching the same heaps: the columns from the most
/// significant down, each the bits of the touched heaps (the larger key first: the move that
/// keeps the most).
fn column_key(heaps: &[u64], touched: u32) -> Vec<u32> {
    (0..64)
        .rev()
        .map(|c| column_pattern(heaps, touched, c))
        .collect()
}

/// The bits of column `c` of the touched heaps, the first touched heap highest.
fn column_pattern(heaps: &[u64], touched: u32, c: u32) -> u32 {
    let mut pattern = 0;
    for (i, &h) in heaps.iter().enumerate() {
        if touched >> i & 1 == 1 {
            pattern = pattern << 1 | (h >> c & 1) as u32;
        }
    }
    pattern
}

rules_compared_by!(Moore, k);

impl Ruleset for Moore {
    type Position = Vec<u64>;

    fn term(&self) -> String {
        format!("moore{{{}}}", self.k)
    }

    fn name(&self) -> String {
        format!("moore {{{}}}", self.k)
    }

    fn title(&self) -> String {
        format!("Moore's Nim_{}", self.k)
    }

    fn positions_from(&self, numbers: Vec<u64>) -> Result<Vec<Vec<u64>>> {
        let rows = Vec::<u64>::from_numbers(numbers)?;
        for row in &rows {
            self.check_row(row)?;
        }
        Ok(rows)
    }

    /// By the set of heaps touched (fewer first, then by their numbers), and for each set the
    /// move that keeps most first (the columns from the top, as `column_key` orders them).
    fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<Vec<u64>>> {
        self.touch_sets(heaps)
            .into_iter()
            .flat_map(|s| self.options_touching(heaps, s))
            .map(|v| vec![v])
            .collect()
    }

    fn grundy(&self, heaps: &Vec<u64>) -> Result<Nimber> {
        if self.is_p_position(heaps)? {
            return Ok(0);
        }
        if self.k == 1 {
            return Ok(heaps.iter().fold(0, |a, &h| a ^ h));
        }
        self.search_value(heaps)
    }

    /// Moore's theorem: every column's count of 1s is a multiple of `k + 1`.
    fn is_p_position(&self, heaps: &Vec<u64>) -> Result<bool> {
        Ok(self.unbalanced_columns(heaps).is_empty())
    }

    /// Moves to value 0 from Moore's theorem at any size ([`moves_to_p_positions`]); other
    /// values through the searched values of the options.
    fn moves_to_value(
        &self,
        heaps: &Vec<u64>,
        target: Nimber,
        limit: usize,
    ) -> Result<MoveList<Vec<Vec<u64>>>> {
        self.check_row(heaps)?;
        if target == 0 {
            return moves_to_p_positions(heaps, self.k, limit);
        }
        self.grundy(heaps)?;
        let mut found = MoveList::with_limit(limit);
        for option in self.options(heaps) {
            if self.value_of_all(&option)? == target {
                found.push(option);
            }
        }
        Ok(found)
    }

    fn option_to(&self, heaps: &Vec<u64>, parts: &[Vec<u64>]) -> Option<Vec<Vec<u64>>> {
        let [to] = parts else { return None };
        if to.len() != heaps.len() {
            return None;
        }
        let mut touched = 0u64;
        for (&new, &old) in to.iter().zip(heaps) {
            if new > old {
                return None;
            }
            touched += u64::from(new < old);
        }
        (touched >= 1 && touched <= self.k).then(|| vec![to.clone()])
    }

    fn gentlest_option(&self, heaps: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
        let i = heaps.iter().position(|&h| h > 0)?;
        let mut to = heaps.clone();
        to[i] -= 1;
        Some(vec![to])
    }

    fn random_option(
        &self,
        heaps: &Vec<u64>,
        rng: &mut dyn rand_core::RngCore,
    ) -> Option<Vec<Vec<u64>>> {
        // A uniform touch set weighted by its number of moves, then uniform new values.
        let sets = self.touch_sets(heaps);
        let weight = |s: u32| {
            (0..heaps.len())
                .filter(|&i| s >> i & 1 == 1)
                .fold(1u64, |a, i| a.saturating_mul(heaps[i]))
        };
        let total = sets.iter().fold(0u64, |a, &s| a.saturating_add(weight(s)));
        if total == 0 {
            return None;
        }
        let mut pick = crate::kernel::uniform_below(rng, total);
        let set = sets.into_iter().find(|&s| {
            let w = weight(s);
            if pick < w {
                true
            } else {
                pick -= w;
                false
            }
        })?;
        let mut to = heaps.clone();
        for (i, h) in to.iter_mut().enumerate() {
            if set >> i & 1 == 1 {
                *h = crate::kernel::uniform_below(rng, *h);
            }
        }
        Some(vec![to])
    }

    /// Moore's theorem on the binary columns, which explains a position of any size (its value
    /// may be beyond any search).
    fn explain_position(
        &self,
        heaps: &Vec<u64>,
        toward: Option<&Vec<u64>>,
    ) -> Option<std::sync::Arc<dyn crate::kernel::reasoning::PositionReasoning>> {
        let e = MooreExplanation::new(self.k(), heaps);
        Some(std::sync::Arc::new(match toward {
            Some(to) => e.planned_for(to),
            None => e,
        }))
    }

    fn explain_value(&self, heaps: &Vec<u64>) -> Result<Derivation> {
        if self.option_count(heaps) <= 4096 && self.grundy(heaps).is_ok() {
            return crate::kernel::derive_from(self, heaps, self.options(heaps));
        }
        let value = self.grundy(heaps)?;
        Ok(Derivation::closed_form(
            heaps.show(),
            value,
            self.value_source(heaps),
        ))
    }

    fn value_source(&self, heaps: &Vec<u64>) -> String {
        if self.unbalanced_columns(heaps).is_empty() {
            format!(
                "Moore's theorem: every binary column holds a multiple of {} ones",
                self.k + 1
            )
        } else {
            "exhaustive search of the position's options".into()
        }
    }

    fn parse_move(
        &self,
        heaps: &Vec<u64>,
        words: &[&str],
        context: MoveContext,
    ) -> Option<std::result::Result<Vec<Vec<u64>>, MoveError>> {
        if let Some(read) = Vec::<u64>::parse_move(self, heaps, words, context) {
            return Some(read);
        }
        // In a sum, bare numbers belong to the components they name.
        if !context.numbered && !context.alone {
            return None;
        }
        let takes = read_takes(words)?;
        Some(self.take_from(heaps, &takes, context))
    }

    fn move_examples(&self, numbered: bool) -> String {
        if numbered {
            "in Moore's Nim \"1 to 3 0 2\" (row 1's heaps become 3, 0, 2) or \"1 take 2 from 1 and 1 from 3\"".into()
        } else {
            format!(
                "\"1 2\" (take 2 from heap 1), \"1 2 3 1\" (2 from heap 1 and 1 from heap 3: up to {} heaps at once), \"take 2 from 1 and 1 from 3\" or \"to 1 4 2\" (the heaps become 1, 4, 2)",
                self.k
            )
        }
    }

    /// `(3, 4, 5) -> (1, 4, 2): take 2 from heap 1 and 3 from heap 3`.
    fn describe_move(&self, from: &Vec<u64>, to: &[Vec<u64>]) -> String {
        let [after] = to else {
            return format!("{} -> ?", from.show());
        };
        let takes: Vec<String> = from
            .iter()
            .zip(after)
            .enumerate()
            .filter(|(_, (old, new))| new < old)
            .map(|(i, (old, new))| format!("{} from heap {}", old - new, i + 1))
            .collect();
        format!(
            "{} -> {}: take {}",
            from.show(),
            after.show(),
            takes.join(" and ")
        )
    }
}

impl Moore {
    /// The move taking `amount` from each `(heap number, amount)` of `takes`, checked.
    fn take_from(
        &self,
        heaps: &[u64],
        takes: &[(u64, u64)],
        context: MoveContext,
    ) -> std::result::Result<Vec<Vec<u64>>, MoveError> {
        let illegal = |why: String| Err(MoveError::Illegal(why));
        if heaps.iter().all(|&h| h == 0) {
            return Err(MoveError::EmptyHeap {
                heap: context.index + 1,
                noun: self.presentation().noun,
            });
        }
        if takes.len() as u64 > self.k {
            return illegal(format!(
                "Moore's Nim_{k} takes from at most {k} heap{s} at once, not {}",
                takes.len(),
                k = self.k,
                s = if self.k == 1 { "" } else { "s" }
            ));
        }
        let mut to = heaps.to_vec();
        for &(heap, amount) in takes {
            let Some(i) = usize::try_from(heap)
                .ok()
                .filter(|&i| (1..=heaps.len()).contains(&i))
            else {
                return illegal(format!(
                    "there is no heap {heap}: the heaps are numbered 1 to {}",
                    heaps.len()
                ));
            };
            if to[i - 1] != heaps[i - 1] {
                return illegal(format!("heap {i} is named twice: take from each heap once"));
            }
            if amount == 0 {
                return illegal("a move takes at least one token from each heap it names".into());
            }
            if amount > heaps[i - 1] {
                return illegal(format!(
                    "heap {i} has only {} token{}",
                    heaps[i - 1],
                    if heaps[i - 1] == 1 { "" } else { "s" }
                ));
            }
            to[i - 1] -= amount;
        }
        Ok(vec![to])
    }
}

/// `1 2 3 1`, `take 2 from 1 and 1 from 3`, `1 take 2 3 take 1`: pairs of a heap and an
/// amount (`and` was removed before). `None` when the words are not of that shape.
fn read_takes(words: &[&str]) -> Option<Vec<(u64, u64)>> {
    let mut takes = Vec::new();
    let mut rest = words;
    while !rest.is_empty() {
        let (heap, amount, after) = match rest {
            ["take", a, "from", h, after @ ..] | [a, "from", h, after @ ..] => (h, a, after),
            [h, "take", a, after @ ..] => (h, a, after),
            [h, a, after @ ..] if forms::is_number(h) && forms::is_number(a) => (h, a, after),
            _ => return None,
        };
        takes.push((forms::number(heap)?, forms::number(amount)?));
        rest = after;
    }
    (!takes.is_empty()).then_some(takes)
}

/// Every move of `heaps` in Moore's Nim_`k` to a P-position, in the order of
/// [`Ruleset::options`], the first `limit` listed and all counted exactly, at any heap size.
///
/// A move touching the set `S` of at most `k` heaps leaves the others alone, so in each column
/// the touched heaps must hold exactly `r = (−u) mod (k + 1)` ones, `u` the ones of the others
/// (exactly, since `|S| <= k < k + 1`). Going down the columns, a touched heap is *tight* while
/// its new bits equal its old ones (then it may not have a 1 where the old heap has a 0) and
/// must end strictly below its old value; a dynamic programme over (column, tight heaps)
/// counts the moves, and the same programme walks them in order.
pub fn moves_to_p_positions(
    heaps: &[u64],
    k: u64,
    limit: usize,
) -> Result<MoveList<Vec<Vec<u64>>>> {
    let rules = Moore::new(k)?;
    rules.check_row(heaps)?;
    let mut found = MoveList::with_limit(limit);
    for set in rules.touch_sets(heaps) {
        let mut walk = TouchWalk::new(heaps, k, set);
        let count = walk.count(63, walk.all_tight);
        if count.is_zero() {
            continue;
        }
        let mut listed = Vec::new();
        if found.wants_more() {
            walk.list(
                63,
                walk.all_tight,
                heaps.to_vec(),
                found.room(),
                &mut listed,
            );
        }
        let mut part = MoveList::with_limit(found.room());
        for v in listed {
            part.push(vec![v]);
        }
        let unlisted = count - part.total();
        if !unlisted.is_zero() {
            // `part` is full: the rest of this set's moves are counted, not listed (up to
            // 2^448 of them for eight heaps of 64 bits: a big integer).
            part.count_unlisted_big(&unlisted);
        }
        found.append(part);
    }
    Ok(found)
}

/// The dynamic programme of [`moves_to_p_positions`] for one touch set.
struct TouchWalk<'a> {
    heaps: &'a [u64],
    /// The touched heaps' indices, in order.
    touched: Vec<usize>,
    /// Ones the touched heaps must hold in each column, or `None` when no count works.
    needed: Vec<Option<u32>>,
    all_tight: u32,
    memo: HashMap<(u32, u32), BigUint>,
}

impl<'a> TouchWalk<'a> {
    fn new(heaps: &'a [u64], k: u64, set: u32) -> Self {
        let touched: Vec<usize> = (0..heaps.len()).filter(|&i| set >> i & 1 == 1).collect();
        let m = touched.len() as u64;
        let needed = (0..64)
            .map(|c| {
                let others = (0..heaps.len())
                    .filter(|&i| set >> i & 1 == 0 && heaps[i] >> c & 1 == 1)
                    .count() as u64;
                let r = (k + 1 - others % (k + 1)) % (k + 1);
                (r <= m).then_some(r as u32)
            })
            .collect();
        TouchWalk {
            heaps,
            all_tight: (1u32 << touched.len()) - 1,
            touched,
            needed,
            memo: HashMap::new(),
        }
    }

    /// The patterns of column `c` (bit `j` for the `j`-th touched heap) allowed with these
    /// tight heaps, largest first, with the tight heaps after each.
    fn patterns(&self, c: u32, tight: u32) -> Vec<(u32, u32)> {
        let Some(ones) = self.needed[c as usize] else {
            return Vec::new();
        };
        let m = self.touched.len() as u32;
        let old: u32 = (0..m)
            .filter(|&j| self.heaps[self.touched[j as usize]] >> c & 1 == 1)
            .fold(0, |p, j| p | 1 << j);
        let mut out: Vec<(u32, u32)> = (0..1u32 << m)
            .rev()
            .filter(|p| p.count_ones() == ones && p & tight & !old == 0)
            .map(|p| (p, tight & !(old & !p)))
            .collect();
        // Bit j is the j-th touched heap; the first heap should weigh most in the order.
        out.sort_by_key(|&(p, _)| std::cmp::Reverse(reverse_bits(p, m)));
        out
    }

    /// Moves from column `c` down with these tight heaps (every heap below its old value at
    /// the end), exactly: up to `2^(64 (m - 1))` for `m` touched heaps.
    fn count(&mut self, c: u32, tight: u32) -> BigUint {
        if let Some(n) = self.memo.get(&(c, tight)) {
            return n.clone();
        }
        let mut total = BigUint::zero();
        for (_, next) in self.patterns(c, tight) {
            if c == 0 {
                total += u8::from(next == 0);
            } else {
                total += self.count(c - 1, next);
            }
        }
        self.memo.insert((c, tight), total.clone());
        total
    }

    /// Lists up to `room` moves from column `c` down, in order, into `out`.
    fn list(&mut self, c: u32, tight: u32, row: Vec<u64>, room: usize, out: &mut Vec<Vec<u64>>) {
        for (pattern, next) in self.patterns(c, tight) {
            if out.len() >= room {
                return;
            }
            let empty = if c == 0 {
                next != 0
            } else {
                self.count(c - 1, next).is_zero()
            };
            if empty {
                continue;
            }
            let mut row = row.clone();
            for (j, &i) in self.touched.iter().enumerate() {
                let bit = u64::from(pattern >> j & 1);
                row[i] = (row[i] & !(1u64 << c)) | bit << c;
            }
            if c == 0 {
                out.push(row);
            } else {
                self.list(c - 1, next, row, room, out);
            }
        }
    }
}

/// The lowest `m` bits of `p` in reverse order.
fn reverse_bits(p: u32, m: u32) -> u32 {
    (0..m).fold(0, |r, j| r << 1 | (p >> j & 1))
}

mod explain;
pub use explain::{ColumnStep, MooreExplanation, MoorePlan};

#[cfg(test)]
mod tests;
