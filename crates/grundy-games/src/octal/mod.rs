//! Octal games and Grundy's game: heaps that may be taken, shortened or split.
//!
//! An octal game is given by a code such as `0.77` (Kayles): see [`crate::kernel::heap_rules`] for what the digits
//! mean. A position is one heap; a move removes `k` tokens and leaves nothing, one heap, or two
//! heaps, as digit `d_k` allows. A subtraction game with take-set `S` is the octal game with
//! digit 3 at every `k` in `S`.
//!
//! Values are computed bottom-up, `G(n) = mex` of the values of the options of `n`, where a
//! split into `a` and `b` has value `G(a) XOR G(b)`:
//!
//! * [`naive`]: every option of every heap, `O(n)` per value — the reference;
//! * [`sparse`]: the rare/common method, usually far faster, always giving the same values;
//! * [`run`]: long computations that report progress, stop on request and resume exactly.
//!
//! Many octal games are eventually periodic, and the Guy–Smith theorem
//! ([`crate::sequence::find_guy_smith_period`]) proves it from a finite prefix; then `G(n)` for
//! any `n`, even beyond `u64`, is a lookup. *Grundy's game* (split a heap into two unequal
//! heaps) is built on the same machinery but never claims a period: none is known and the
//! theorem does not apply to it.
//!
//! ```
//! use grundy_games::octal::OctalGame;
//! let kayles = OctalGame::named("kayles").unwrap();
//! assert_eq!(kayles.value(5).unwrap(), 4);
//! // Period 12 from 71 on is proven, so any heap is a lookup.
//! assert_eq!(kayles.value(1_000_000_000_000).unwrap(), kayles.value(76).unwrap());
//! ```

mod moves;
pub mod naive;
pub mod run;
mod sequence;
pub mod sparse;
pub mod values;

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use num_bigint::BigUint;

use crate::kernel::heap_rules::HeapRules;
pub use run::{SequenceRun, MAX_RUN_VALUES};
pub use values::Values;

use crate::family::{known, Drawing, Family, Param, ParamKind, Positions};
use crate::kernel::error::{GameError, Result};
use crate::kernel::heap_sequence::Period;
use crate::kernel::moves::MoveList;
use crate::kernel::tree_estimate::{split_estimate, unsplit_estimate};
use crate::kernel::BigHeaps;
use crate::kernel::Ruleset;
use crate::kernel::TreeEstimate;
use crate::nimber::Nimber;
use crate::sequence::GrundySequence;

const HEAPS: Positions = Positions {
    label: "Heaps",
    help: "heap sizes, whole numbers",
    example: "10, 20",
    drawing: Drawing::HEAPS,
};

/// Octal games in the registry: `octal{0.77}:10,20` or `octal{kayles}:10,20`.
pub static FAMILY: Family = Family {
    name: "octal",
    aliases: &[],
    title: "Octal game",
    rules: "A move removes k tokens from one heap and leaves nothing, one heap or two heaps, as the code's digit k allows (1: nothing, 2: one heap, 4: two heaps; add them up).",
    params: &[Param {
        name: "code",
        short: None,
        positional: true,
        kind: ParamKind::Word,
        label: "Octal code or name",
        help: "an octal code such as 0.77 or 4.07, or a preset: kayles, dawsons-kayles, dawsons-chess, officers, treblecross",
        example: "0.77",
    }],
    positions: HEAPS,
    example: "octal{0.77}:10,20",
    sequence: true,
    known_by: known::sequence,
    heap_game: true,
    search: None,
    at_once: None,
    reasoning: None,
    build: |params| Ok(Arc::new(OctalGame::named(params[0])?)),
};

/// Grundy's game in the registry: `grundys:9`.
pub static GRUNDYS_GAME: Family = Family {
    name: "grundys-game",
    aliases: &["grundys", "grundy"],
    title: "Grundy's game",
    rules: "A move splits one heap into two unequal heaps.",
    params: &[],
    // Heaps of 10 and 21 (values 0 and 4): the player who moves first wins (10 and 20 are
    // both of value 0, a P-position).
    positions: Positions {
        example: "10, 21",
        ..HEAPS
    },
    example: "grundys:9",
    sequence: true,
    known_by: known::sequence,
    heap_game: true,
    search: None,
    at_once: None,
    reasoning: None,
    build: |_| Ok(Arc::new(OctalGame::grundys_game())),
};

/// Games known by name: `(name, code, description)`. Grundy's game has no code.
pub const PRESETS: &[(&str, &str, &str)] = &[
    ("kayles", "0.77", "knock down one pin or two adjacent pins"),
    ("dawsons-kayles", "0.07", "knock down two adjacent pins"),
    (
        "dawsons-chess",
        "0.137",
        "Dawson's chess, pawns on a 3 x n board",
    ),
    (
        "officers",
        "0.6",
        "remove one token, leaving one or two heaps",
    ),
    ("treblecross", "0.007", "one-dimensional tic-tac-toe"),
    ("grundys-game", "", "split a heap into two unequal heaps"),
];

/// The most values computed on the first query (fewer when the heap asked for is smaller:
/// a small heap must stay cheap, since dense games such as 0.007 cost O(n²)).
pub const FIRST_SEARCH: u64 = 1 << 14;
/// How far a query may extend the table to find a period before it gives up.
pub const PERIOD_SEARCH_LIMIT: u64 = 1 << 18;
/// Heaps beyond this are answered only through a proven period.
pub const MAX_TABLE_HEAP: u64 = 1 << 24;

/// An octal game (or Grundy's game), with its values computed on demand and cached.
#[derive(Debug)]
pub struct OctalGame {
    rules: HeapRules,
    cache: Mutex<Option<SequenceRun>>,
}

impl OctalGame {
    /// The octal game with this code, e.g. `0.77`.
    pub fn parse(code: &str) -> Result<Self> {
        Ok(Self::from_rules(HeapRules::parse(code)?))
    }

    /// Grundy's game.
    pub fn grundys_game() -> Self {
        Self::from_rules(HeapRules::grundys_game())
    }

    /// A preset by name (see [`PRESETS`]) or else an octal code.
    pub fn named(name_or_code: &str) -> Result<Self> {
        let key = name_or_code
            .trim()
            .to_ascii_lowercase()
            .replace(['_', ' ', '\''], "-");
        let key = key
            .replace("dawson-s", "dawsons")
            .replace("grundy-s", "grundys");
        match PRESETS.iter().find(|(name, _, _)| *name == key) {
            Some(("grundys-game", _, _)) => Ok(Self::grundys_game()),
            Some((_, code, _)) => Self::parse(code),
            None if name_or_code.contains('.') => Self::parse(name_or_code),
            None => Err(GameError::invalid(
                "heap game",
                name_or_code,
                format!(
                    "an octal code such as 0.77 or one of: {}",
                    PRESETS.iter().map(|p| p.0).collect::<Vec<_>>().join(", ")
                ),
            )),
        }
    }

    /// The game given by `rules`.
    pub fn from_rules(rules: HeapRules) -> Self {
        OctalGame {
            rules,
            cache: Mutex::new(None),
        }
    }

    /// The rules.
    pub fn rules(&self) -> &HeapRules {
        &self.rules
    }

    /// Whether this is Grundy's game rather than an octal game.
    pub fn is_grundys_game(&self) -> bool {
        self.rules.is_grundys_game()
    }

    /// `G(0..count)` and, if one is proven within them, the period.
    pub fn sequence(&self, count: u64) -> Result<GrundySequence> {
        let mut run = SequenceRun::new(self.rules.clone(), count, false)?;
        run.run(&AtomicBool::new(false), &mut |_| {})?;
        Ok(run.sequence())
    }

    /// Computes values until a period is proven or `limit` values are known.
    pub fn find_period(&self, limit: u64) -> Result<Option<Period>> {
        let mut run = SequenceRun::new(self.rules.clone(), limit, true)?;
        run.run(&AtomicBool::new(false), &mut |_| {})?;
        Ok(run.period())
    }

    /// `G(heap)`.
    pub fn value(&self, heap: u64) -> Result<Nimber> {
        self.with_table(heap, &heap, |run| run.value_at(heap))
    }

    /// `G(heap)` for a heap beyond `u64` (needs a proven period).
    pub fn value_big(&self, heap: &BigUint) -> Result<Nimber> {
        // Searched as far as for the largest heap of `u64`; a refusal names the heap asked.
        let small = u64::try_from(heap).unwrap_or(u64::MAX);
        self.with_table(small, heap, |run| run.value_at_big(heap))
    }

    /// The proven period, searching up to [`PERIOD_SEARCH_LIMIT`] values if needed.
    pub fn period(&self) -> Result<Option<Period>> {
        if self.is_grundys_game() {
            return Ok(None);
        }
        // `None` from the answer means "not proven yet": extend the table and look again.
        self.with_table(u64::MAX, &"every heap", |run| run.period().map(Some))
            .or(Ok(None))
    }

    /// The period if the values computed so far prove one, without computing more: what an
    /// explanation may cite at no cost (a search for a period can take 2^18 values).
    pub fn known_period(&self) -> Option<Period> {
        let cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        cache.as_ref().and_then(SequenceRun::period)
    }

    /// Runs `answer` on the cached table, first extending it so that `heap` is answered if that
    /// is possible within the limits.
    ///
    /// The lock is held while the table grows: a second query of the same game needs the same
    /// values, so it waits for them rather than computing them twice. The growth stops at the
    /// caller's cancel flag ([`crate::kernel::cancel`], e.g. the server's time limit), keeping the values
    /// computed so far for the next query.
    /// A refusal names `asked`, the heap as the question gave it (which may be beyond `u64`).
    fn with_table<T>(
        &self,
        heap: u64,
        asked: &dyn std::fmt::Display,
        answer: impl Fn(&SequenceRun) -> Option<T>,
    ) -> Result<T> {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if cache.is_none() {
            let first_target = heap.saturating_add(1).clamp(64, FIRST_SEARCH);
            let first = SequenceRun::new(self.rules.clone(), first_target, true)?;
            *cache = Some(first);
        }
        let run = cache.as_mut().expect("just filled");
        crate::kernel::heap_sequence::compute(run)?;
        if let Some(found) = answer(run) {
            return Ok(found);
        }
        if run.period().is_none() && !(self.is_grundys_game() && heap >= MAX_TABLE_HEAP) {
            let wanted = if heap < MAX_TABLE_HEAP {
                heap + 1
            } else {
                PERIOD_SEARCH_LIMIT
            };
            if wanted > run.values().len() as u64 {
                // Grow geometrically so that many small queries do not each resume.
                let doubled = (run.values().len() as u64 * 2).min(MAX_TABLE_HEAP);
                run.set_target(wanted.max(doubled).min(MAX_TABLE_HEAP.max(wanted)))?;
                crate::kernel::heap_sequence::compute(run)?;
                if let Some(found) = answer(run) {
                    return Ok(found);
                }
            }
        }
        Err(GameError::too_large(
            format!("heap {asked}"),
            format!(
                "no period of {} is proven within {} values, so only heaps below {MAX_TABLE_HEAP} are answered",
                self.rules,
                run.values().len()
            ),
        ))
    }
}

rules_compared_by!(OctalGame, rules);
impl Clone for OctalGame {
    fn clone(&self) -> Self {
        let cache = self.cache.lock().unwrap_or_else(|e| e.into_inner()).clone();
        OctalGame {
            rules: self.rules.clone(),
            cache: Mutex::new(cache),
        }
    }
}

impl std::fmt::Display for OctalGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.rules.fmt(f)
    }
}

impl Ruleset for OctalGame {
    type Position = u64;

    fn term(&self) -> String {
        if self.is_grundys_game() {
            "grundys".into()
        } else {
            format!("octal{{{self}}}")
        }
    }

    fn name(&self) -> String {
        if self.is_grundys_game() {
            "grundys-game".into()
        } else {
            format!("octal {self}")
        }
    }

    fn title(&self) -> String {
        if self.is_grundys_game() {
            "Grundy's game".into()
        } else {
            format!("Octal game {self}")
        }
    }

    fn splits(&self) -> bool {
        !self.rules.split().is_empty()
    }

    /// Grundy's game never takes a token: its one move form is a split.
    fn move_examples(&self, numbered: bool) -> String {
        if self.is_grundys_game() {
            crate::kernel::move_forms::UNEQUAL_SPLIT_EXAMPLES.to_string()
        } else {
            <u64 as crate::kernel::PositionForm>::move_examples(self.splits(), numbered)
        }
    }

    /// The code itself: the misère engine builds its tables of options from the digits.
    fn heap_moves(&self) -> Option<crate::kernel::heap_rules::HeapMoves<'_>> {
        Some(crate::kernel::heap_rules::HeapMoves::Code(&self.rules))
    }

    fn sequence(&self) -> Option<&dyn crate::kernel::heap_sequence::HeapSequence> {
        Some(self)
    }

    /// Read off the code's digits: listing the options of a heap of 2^64 − 1 tokens would
    /// never end. The same option [`Ruleset::options`] lists, in its form (smaller part of a
    /// split first).
    fn option_to(&self, &heap: &u64, parts: &[u64]) -> Option<Vec<u64>> {
        let mut wanted: Vec<u64> = parts.iter().copied().filter(|&p| p > 0).collect();
        wanted.sort_unstable();
        moves::option_leaving(&self.rules, heap, &wanted)
    }

    /// Splitting codes: every later position is a partition of the group's tokens (see
    /// `tree_size`); codes that never split are bounded like any heap game.
    fn tree_estimate(&self, group: &[&u64], limit: u64) -> TreeEstimate {
        if self.splits() {
            split_estimate(group, limit)
        } else {
            unsplit_estimate(group)
        }
    }

    fn value_source(&self, heap: &u64) -> String {
        match self.known_period() {
            Some(p) if *heap >= p.preperiod => format!(
                "the period {} from n = {} proven by the Guy–Smith theorem: G({heap}) = G({})",
                p.period,
                p.preperiod,
                p.preperiod + (heap - p.preperiod) % p.period
            ),
            _ => "the table of values computed bottom-up by the rare/common method".into(),
        }
    }

    /// The options, gentlest first: by amount removed, and for each amount one heap, then the
    /// splits (smaller part ascending), then taking the whole heap.
    fn options(&self, &heap: &u64) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        for (k, digit) in self.rules.digits().iter().enumerate() {
            let k = k as u64;
            if digit & 2 != 0 && k < heap {
                options.push(vec![heap - k]);
            }
            if digit & 4 != 0 && k < heap {
                let rest = heap - k;
                for a in 1..=self.rules.largest_smaller_part(rest) {
                    options.push(vec![a, rest - a]);
                }
            }
            if digit & 1 != 0 && k == heap {
                options.push(Vec::new());
            }
        }
        options
    }

    fn gentlest_option(&self, &heap: &u64) -> Option<Vec<u64>> {
        for (k, digit) in self.rules.digits().iter().enumerate() {
            let k = k as u64;
            if digit & 2 != 0 && k < heap {
                return Some(vec![heap - k]);
            }
            if digit & 4 != 0 && k < heap && self.rules.largest_smaller_part(heap - k) >= 1 {
                return Some(vec![1, heap - k - 1]);
            }
            if digit & 1 != 0 && k == heap {
                return Some(Vec::new());
            }
        }
        None
    }

    /// Picks an option without listing them: counts them per amount (splits of a huge heap
    /// are many), then draws one index.
    fn random_option(&self, &heap: &u64, rng: &mut dyn rand_core::RngCore) -> Option<Vec<u64>> {
        let counts: Vec<[u64; 3]> = self
            .rules
            .digits()
            .iter()
            .enumerate()
            .map(|(k, digit)| {
                let k = k as u64;
                let one = u64::from(digit & 2 != 0 && k < heap);
                let splits = if digit & 4 != 0 && k < heap {
                    self.rules.largest_smaller_part(heap - k)
                } else {
                    0
                };
                let all = u64::from(digit & 1 != 0 && k == heap);
                [one, splits, all]
            })
            .collect();
        let total = counts
            .iter()
            .flatten()
            .fold(0u64, |acc, &c| acc.saturating_add(c));
        if total == 0 {
            return None;
        }
        let mut i = crate::kernel::uniform_below(rng, total);
        for (k, [one, splits, all]) in counts.into_iter().enumerate() {
            let k = k as u64;
            if i < one {
                return Some(vec![heap - k]);
            }
            i -= one;
            if i < splits {
                return Some(vec![i + 1, heap - k - i - 1]);
            }
            i -= splits;
            if i < all {
                return Some(Vec::new());
            }
            i -= all;
        }
        None
    }

    fn grundy(&self, &heap: &u64) -> Result<Nimber> {
        self.value(heap)
    }

    /// Looks the values up instead of building every option, and counts the splits of a heap
    /// beyond the table through the proven period (`games/octal/moves.rs`): the count is exact
    /// at any heap size.
    fn moves_to_value(
        &self,
        &heap: &u64,
        target: Nimber,
        limit: usize,
    ) -> Result<MoveList<Vec<u64>>> {
        // `with_table` first makes G(heap) known: then every value a move reaches is known too
        // (all below `heap`, or any through the period).
        self.with_table(heap, &heap, |run| {
            run.value_at(heap)?;
            moves::moves_to_value(&self.rules, run, heap, target, limit)
        })
    }

    /// Heaps beyond `2^64 - 1` are answered (see [`BigHeaps`]).
    fn big_heaps(&self) -> Option<&dyn BigHeaps> {
        Some(self)
    }
}

impl BigHeaps for OctalGame {
    fn value_big(&self, heap: &BigUint) -> Option<Result<Nimber>> {
        Some(self.big_value(heap))
    }

    fn stand_in(&self, heap: &BigUint) -> Option<Result<u64>> {
        Some(self.big_stand_in(heap))
    }

    /// Codes that split: counted through the proven period (`moves::moves_to_value_big`).
    fn moves_to_value_big(
        &self,
        heap: &BigUint,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<MoveList<Vec<BigUint>>>> {
        if !Ruleset::splits(self) {
            return None;
        }
        let refuse = || {
            GameError::too_large(
                format!(
                    "listing the moves of heap {heap} of {}",
                    Ruleset::name(self)
                ),
                "no period is proven, and moves of a heap beyond 2^64 - 1 are counted through \
                 the period",
            )
        };
        Some(match self.period() {
            Ok(Some(_)) => self
                .with_table(u64::MAX, heap, |run| {
                    moves::moves_to_value_big(&self.rules, run, heap, target, limit)
                })
                .map_err(|_| refuse()),
            Ok(None) => Err(refuse()),
            Err(e) => Err(e),
        })
    }

    /// Read off the code's digits (`moves::is_option_big`), at any size.
    fn is_option_big(&self, heap: &BigUint, parts: &[BigUint]) -> Option<bool> {
        Some(moves::is_option_big(&self.rules, heap, parts))
    }
}

/// The answers of [`BigHeaps`] at heaps beyond `2^64 - 1`, each a lookup.
impl OctalGame {
    /// Through the proven period (the table is extended to find it, within the period
    /// search's limit): a lookup at any size.
    fn big_value(&self, heap: &BigUint) -> Result<Nimber> {
        if u64::try_from(heap).is_err() && self.period()?.is_none() {
            return Err(GameError::too_large(
                format!("heap {heap} of {}", Ruleset::name(self)),
                "no period is proven for it (within the period search's 2^18 values), and \
                 heaps beyond 2^64 - 1 are answered only through a proven period",
            ));
        }
        OctalGame::value_big(self, heap)
    }

    /// For codes that never split: a move takes at most as many tokens as the code has digits
    /// and leaves at most one heap, so the heap congruent to `heap` past the preperiod and
    /// that many tokens plays alike (`kernel::heap_sequence::stand_in`). Codes that split leave
    /// two heaps of which one may be as huge as `heap`, and are refused by name.
    fn big_stand_in(&self, heap: &BigUint) -> Result<u64> {
        let refuse = |why: &str| {
            GameError::too_large(
                format!(
                    "listing the moves of heap {heap} of {}",
                    Ruleset::name(self)
                ),
                format!(
                    "{why}; moves of a heap beyond 2^64 - 1 are listed only for codes that never \
                     split (its value alone: grundy sequence --at)"
                ),
            )
        };
        if Ruleset::splits(self) {
            return Err(refuse("its moves may split it in two"));
        }
        let p = self
            .period()?
            .ok_or_else(|| refuse("no period is proven"))?;
        crate::kernel::heap_sequence::stand_in(p, self.rules.max_removed() as u64, heap)
            .ok_or_else(|| refuse("the heap is not beyond its period's reach"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explanations_cite_a_period_once_the_values_prove_it() {
        // Before any value is computed nothing is known, and explaining starts no search (the
        // search for a period can take 2^18 values).
        let fresh = OctalGame::parse("0.77").unwrap();
        assert!(fresh.value_source(&200).contains("table of values"));
        assert_eq!(fresh.known_period(), None);
        // Kayles proves its period in the first values, and the explanation cites it.
        let kayles = OctalGame::parse("0.77").unwrap();
        assert_eq!(kayles.value(200).unwrap(), kayles.value(80).unwrap());
        assert!(kayles.value_source(&200).contains("period 12 from n = 71"));
    }
    use crate::nimber::mex;
    use crate::subtraction::subtraction_values;

    #[test]
    fn typed_move_help_names_only_moves_the_game_has() {
        use crate::kernel::MoveContext;
        let context = MoveContext {
            index: 2,
            numbered: true,
            alone: true,
        };
        // Grundy's game only splits: its help's one example ("3 to 1 4") is a move of a heap
        // of 5, and a take ("3 2") is none.
        let grundys = OctalGame::grundys_game();
        let help = grundys.move_examples(true);
        assert!(
            help.contains("\"3 to 1 4\"") && !help.contains("take"),
            "{help}"
        );
        let split = Ruleset::parse_move(&grundys, &5, &["to", "1", "4"], context);
        assert!(
            matches!(split, Some(Ok(ref parts)) if parts == &[1, 4]),
            "{split:?}"
        );
        assert!(matches!(
            Ruleset::parse_move(&grundys, &5, &["2"], context),
            Some(Err(_))
        ));
        // Kayles takes, and splits as it takes: both forms are shown.
        let kayles = OctalGame::named("kayles").unwrap();
        let help = kayles.move_examples(true);
        assert!(help.contains("take 2") && help.contains("to 1 4"), "{help}");
    }

    #[test]
    fn presets_and_names() {
        assert_eq!(OctalGame::named("Kayles").unwrap().to_string(), "0.77");
        assert_eq!(
            OctalGame::named("dawsons-kayles").unwrap().to_string(),
            "0.07"
        );
        assert_eq!(
            OctalGame::named("Dawson's Chess").unwrap().to_string(),
            "0.137"
        );
        assert_eq!(OctalGame::named("officers").unwrap().to_string(), "0.6");
        assert_eq!(
            OctalGame::named("treblecross").unwrap().to_string(),
            "0.007"
        );
        assert!(OctalGame::named("grundys-game").unwrap().is_grundys_game());
        assert_eq!(OctalGame::named("4.07").unwrap().to_string(), "4.07");
        let err = OctalGame::named("chess").unwrap_err().to_string();
        assert!(err.contains("kayles"), "{err}");
        assert_eq!(
            OctalGame::parse(".77").unwrap(),
            OctalGame::parse("0.770").unwrap()
        );
    }

    #[test]
    fn subtraction_games_as_octal_codes() {
        for set in [
            vec![1u64, 4, 9],
            vec![2, 3, 7],
            vec![1, 2, 3],
            vec![5, 6, 11, 12],
        ] {
            let max = *set.iter().max().unwrap() as usize;
            let mut digits = vec![b'0'; max];
            for &s in &set {
                digits[s as usize - 1] = b'3';
            }
            let code = format!("0.{}", String::from_utf8(digits).unwrap());
            let game = OctalGame::parse(&code).unwrap();
            let direct = subtraction_values(&set, 3000);
            let octal = game.sequence(3000).unwrap().values;
            assert_eq!(octal, direct, "{code}");
        }
    }

    #[test]
    fn grundys_game_never_claims_a_period() {
        let game = OctalGame::grundys_game();
        let seq = game.sequence(20_000).unwrap();
        assert_eq!(seq.period, None);
        assert_eq!(game.period().unwrap(), None);
        assert!(game.value(1 << 40).is_err());
    }

    #[test]
    fn p_and_n_positions_by_brute_force() {
        for game in [
            OctalGame::parse("0.77").unwrap(),
            OctalGame::parse("0.137").unwrap(),
            OctalGame::parse("4.07").unwrap(),
            OctalGame::parse("0.6").unwrap(),
            OctalGame::grundys_game(),
        ] {
            for heap in 0..60u64 {
                let options = game.options(&heap);
                let values: Vec<Nimber> = options
                    .iter()
                    .map(|o| game.value_of_all(o).unwrap())
                    .collect();
                let g = game.value(heap).unwrap();
                assert_eq!(g, mex(values.iter().copied()), "{game} heap {heap}");
                if g == 0 {
                    assert!(values.iter().all(|&v| v != 0), "{game} P-position {heap}");
                } else {
                    assert!(values.contains(&0), "{game} N-position {heap}");
                }
                for target in 0..=g + 1 {
                    // Same moves in the same order as the options, and counted exactly.
                    let fast = game.moves_to_value(&heap, target, usize::MAX).unwrap();
                    assert!(fast.is_complete());
                    let fast = fast.into_moves();
                    let slow: Vec<Vec<u64>> = options
                        .iter()
                        .zip(&values)
                        .filter(|(_, &v)| v == target)
                        .map(|(o, _)| o.clone())
                        .collect();
                    assert_eq!(fast, slow, "{game} heap {heap} target {target}");
                }
            }
        }
    }

    #[test]
    fn a_cancelled_table_stops_and_keeps_its_values() {
        use std::sync::Arc;
        let officers = OctalGame::named("officers").unwrap();
        let flag = Arc::new(AtomicBool::new(true));
        let err = crate::kernel::cancel::with_flag(flag, || officers.value(1_000_000)).unwrap_err();
        assert!(err.to_string().contains("cancelled"), "{err}");
        let kept = officers
            .cache
            .lock()
            .unwrap()
            .as_ref()
            .unwrap()
            .values()
            .len();
        assert!(kept < 1_000_000, "{kept} values");
        // Without the flag the same query goes on from there and agrees with the naive solver.
        let naive = naive::naive_values(officers.rules(), 3000);
        for n in [0u64, 1, 2999] {
            assert_eq!(officers.value(n).unwrap(), Nimber::from(naive[n as usize]));
        }
    }

    #[test]
    fn huge_heaps_through_the_period() {
        let dawson = OctalGame::named("dawsons-kayles").unwrap();
        let big: BigUint = BigUint::from(10u32).pow(30) + 7u32;
        let p = dawson.period().unwrap().unwrap();
        assert_eq!((p.preperiod, p.period), (53, 34));
        let reduced = 53
            + ((&big - 53u32) % 34u32)
                .to_u64_digits()
                .first()
                .copied()
                .unwrap_or(0);
        assert_eq!(
            dawson.value_big(&big).unwrap(),
            dawson.value(reduced).unwrap()
        );
        // A winning move exists from a huge heap of nonzero value.
        let heap = 1_000_000_000_000_007u64;
        let g = dawson.value(heap).unwrap();
        if g != 0 {
            assert!(!dawson.moves_to_value(&heap, 0, 10).unwrap().is_empty());
        }
    }
}
