//! The sums of [`super`] answered on misère simplest forms ([`crate::misere::canonical`]).
//!
//! Each of the game's heaps is replaced by its simplest form, which equals it in every sum, so
//! the sum's outcome is unchanged, and the parts are added as forms: a wild game's sum has far
//! fewer followers as a form than as a tree (Kayles 24 + 20: 5,852 forms made, where the
//! search of the heaps beside `*7 + *6` visits hundreds of thousands of positions). The Nim
//! heaps are not all added, as a large Nim heap multiplies the forms: with the two largest,
//! `*b` and `*a` (`a <= b`), left out of the sum `S` of the rest,
//!
//! * `S + *b` is a P-position exactly when `G⁻(S) = b`, and `S + *a + *b` exactly when
//!   `G⁻(S + *a) = b` (the definition of `G⁻`, Conway ONAG ch. 12: `G⁻(X) = m` when `X + *m`
//!   is a misère P-position);
//! * `G⁻(X + *k)` is the mex of `G⁻(X' + *k)` over the options `X'` of `X` and of `G⁻(X + *j)`
//!   for `j < k` (`G⁻(X)` for `k = 0`, which the store knows), computed over the followers of
//!   `S` (see `genus`, where `k` counts `*2`s instead).
//!
//! A sum of the game's heaps alone is the case without Nim heaps: `S` is a P-position exactly
//! when `G⁻(S) = 0`.
//!
//! The forms are computed within [`FORM_LIMIT`] forms and [`FORM_SUMS_LIMIT`] sums of two
//! forms (Kayles 24 + 20: 28,215 sums, 15 ms; Kayles 30 + 28 259,680, 0.25 s; 34 + 30
//! 771,375, beyond them), and the values `G⁻(X + *k)` within [`BESIDE_LIMIT`]: past those the
//! caller asks its other methods.

use rustc_hash::{FxHashMap, FxHashSet};

use super::Stop;
use crate::kernel::error::{GameError, Result};
use crate::kernel::heap_rules::HeapRules;
use crate::misere::canonical::{extend_heap_forms, FormId, MisereForms, ZERO};
use crate::misere::game::OptionTable;
use crate::nimber::{mex, Nimber};

/// The most forms one store may make (some 60 bytes each).
pub const FORM_LIMIT: usize = 400_000;
/// The most sums of two forms one store may take (some 35 bytes each, 0.1 µs to a few µs
/// apiece): about half a second at most before the search of the heaps takes over.
pub const FORM_SUMS_LIMIT: usize = 500_000;

/// The most forms and sums of a store of its own that the forms are given once every other
/// method has passed its limits ([`FormSearch::large`]): those of the genus computations, about
/// 1 GB at most; the question's time and memory budgets bound it first.
pub const LARGE_FORM_LIMIT: usize = crate::misere::canonical::MAX_FORMS;
/// See [`LARGE_FORM_LIMIT`].
pub const LARGE_SUMS_LIMIT: usize = crate::misere::canonical::MAX_SUMS;

/// The most values `G⁻(X + *k)` one store may keep (8 bytes each, and some 24 a form: at most
/// some 60 MB). Each form below `S` needs one for each `k` up to the Nim heap `*a` beside it.
pub const BESIDE_LIMIT: usize = 4_000_000;

/// The Nim heaps held as forms, `*0..=*NIM_FORMS`: every Nim heap a sum of [`super`] holds.
const NIM_FORMS: usize = super::MAX_MIXED_SEARCH_HEAP as usize;

/// One game's forms: its heaps' forms, the sums met, and `G⁻(X + *k)` computed.
pub(super) struct FormSearch {
    rules: HeapRules,
    forms: MisereForms,
    /// The simplest form of each heap `0..heaps.len()`.
    heaps: Vec<FormId>,
    /// Where `G⁻(X + *j)` for `j = 0, 1, …` lie in `values`, by `X`: the start and how many.
    beside: FxHashMap<FormId, (usize, usize)>,
    /// The runs of values `G⁻(X + *j)` that `beside` points to.
    values: Vec<Nimber>,
    /// The smallest largest heap whose forms alone passed the limits: no larger heaps are
    /// tried.
    beyond: Option<usize>,
    /// The sums (their game's heaps and their Nim heaps, each sorted) a quick attempt did not
    /// answer: asked again (for an explanation), they are not tried quickly again, so that the
    /// method that answered is asked (the sums made meanwhile would let the forms answer).
    slow: FxHashSet<(Vec<u8>, Vec<u8>)>,
    /// The most values `beside` may hold: [`BESIDE_LIMIT`] (less in tests).
    beside_limit: usize,
    /// The most forms and sums the store may hold: [`FORM_LIMIT`] and [`FORM_SUMS_LIMIT`], or
    /// the large limits.
    limits: (usize, usize),
}

impl FormSearch {
    /// A search of `rules`' heaps.
    pub(super) fn new(rules: HeapRules) -> Self {
        Self::with_limits(rules, (FORM_LIMIT, FORM_SUMS_LIMIT))
    }

    /// A search of `rules`' heaps in a store with room for [`LARGE_FORM_LIMIT`] forms and
    /// [`LARGE_SUMS_LIMIT`] sums: for one question, never kept on the shelf.
    pub(super) fn large(rules: HeapRules) -> Self {
        Self::with_limits(rules, (LARGE_FORM_LIMIT, LARGE_SUMS_LIMIT))
    }

    fn with_limits(rules: HeapRules, limits: (usize, usize)) -> Self {
        let (forms, in_order) = nim_heaps_first(limits);
        FormSearch {
            rules,
            forms,
            heaps: vec![ZERO],
            beside: FxHashMap::default(),
            values: Vec::new(),
            beyond: (!in_order).then_some(0),
            slow: FxHashSet::default(),
            beside_limit: BESIDE_LIMIT,
            limits,
        }
    }

    /// Allows `more` sums of two forms from now on (within the store's limit of sums), or up
    /// to that limit.
    pub(super) fn allow(&mut self, more: Option<usize>) {
        let most = self.limits.1;
        let limit = more.map_or(most, |m| (self.forms.sums_len() + m).min(most));
        self.forms.set_sums_limit(limit);
    }

    /// Whether a quick attempt at the sum of `octal` and `nim` did not answer.
    pub(super) fn is_slow(&self, octal: &[u8], nim: &[u8]) -> bool {
        self.slow.contains(&sorted_pair(octal, nim))
    }

    /// Notes that a quick attempt at the sum of `octal` and `nim` did not answer.
    pub(super) fn note_slow(&mut self, octal: &[u8], nim: &[u8]) {
        self.slow.insert(sorted_pair(octal, nim));
    }

    /// Keeps at most `limit` values `G⁻(X + *k)` from now on.
    #[cfg(test)]
    pub(super) fn set_beside_limit(&mut self, limit: usize) {
        self.beside_limit = limit;
    }

    /// Forms made.
    pub(super) fn known(&self) -> usize {
        self.forms.len()
    }

    /// Starts a new store. Its first forms are the Nim heaps `*0..=*NIM_FORMS`, so that the
    /// form `*m` is `m`.
    pub(super) fn forget(&mut self) {
        let (forms, in_order) = nim_heaps_first(self.limits);
        self.forms = forms;
        self.heaps = vec![ZERO];
        self.beside.clear();
        self.values.clear();
        self.slow.clear();
        if !in_order {
            self.beyond = Some(0);
        }
    }

    /// Makes the forms of every heap up to `n`, in a new store when the old one is half full;
    /// `Ok(false)` when they pass the limits (now or before), an error when the question's
    /// budget runs out or it is cancelled.
    pub(super) fn reach(&mut self, n: usize) -> Result<bool> {
        if self.beyond.is_some_and(|b| n >= b) {
            return Ok(false);
        }
        if self.forms.len() > self.limits.0 / 2 || self.forms.sums_len() > self.limits.1 / 2 {
            self.forget();
        }
        if n < self.heaps.len() {
            return Ok(true);
        }
        let options = OptionTable::new(&self.rules, n)?;
        self.allow(None);
        match extend_heap_forms(&mut self.forms, &options, &mut self.heaps) {
            Ok(()) => Ok(true),
            Err(e) if stopped_by_question(&e) => Err(e),
            Err(_) => {
                self.beyond = Some(self.heaps.len());
                Ok(false)
            }
        }
    }

    /// Whether the game's heaps `octal` (each reached) beside the Nim heaps `nim` are a misère
    /// P-position; [`Stop::Exhausted`] when their sum passes the store's limits.
    pub(super) fn is_p(&mut self, octal: &[u8], nim: &[u8]) -> std::result::Result<bool, Stop> {
        let verdict = self.verdict(octal, nim)?;
        Ok(verdict.value == verdict.target)
    }

    /// [`FormSearch::is_p`] in words: the value compared and why.
    pub(super) fn explain(
        &mut self,
        octal: &[u8],
        nim: &[u8],
    ) -> std::result::Result<String, Stop> {
        let v = self.verdict(octal, nim)?;
        let beside: String = v.added.iter().map(|m| format!(" + *{m}")).collect();
        let (lhs, whole) = match (v.left_out, nim.is_empty()) {
            (Some(a), _) => (format!("G⁻(S + *{a})"), format!("S + *{a} + *{}", v.target)),
            (None, false) => ("G⁻(S)".to_string(), format!("S + *{}", v.target)),
            (None, true) => ("G⁻(S)".to_string(), "S".to_string()),
        };
        Ok(format!(
            "Under misère play Grundy values do not add up: this sum was answered on Conway's \
             misère simplest forms, each heap replaced by the simplest game equal to it in every \
             sum. S, the game's heaps{beside} added as forms, has {lhs} = {}; {whole} is a \
             misère P-position exactly when {lhs} = {}, so it is {}one.",
            v.value,
            v.target,
            if v.value == v.target { "" } else { "not " },
        ))
    }

    /// The sum's value beside its Nim heaps left out and the value that makes it P.
    fn verdict(&mut self, octal: &[u8], nim: &[u8]) -> std::result::Result<Verdict, Stop> {
        let mut nim = nim.to_vec();
        nim.sort_unstable_by(|x, y| y.cmp(x));
        let (target, left_out, added) = match nim.as_slice() {
            [] => (0, None, &[][..]),
            [b] => (*b, None, &[][..]),
            [b, a, rest @ ..] => (*b, Some(*a), rest),
        };
        let mut parts: Vec<FormId> = octal.iter().map(|&h| self.heaps[h as usize]).collect();
        // Ascending, so that the parts a move leaves in one heap (the forms made first) are
        // added first: their sum is that heap's option, met when the heap's form was made, and
        // adding the other heaps to it was met when adding them to the heap (two heaps:
        // Kayles 24 + 20 beside `*7 + *6` takes 30,034 sums so, 62,249 the other way round).
        parts.sort_unstable();
        parts.extend(added.iter().map(|&m| FormId::from(m)));
        let s = self.forms.sum(&parts).map_err(stop)?;
        let value = match left_out {
            None => self.forms.misere_value(s),
            Some(a) => {
                let run = self.beside(s, a).map_err(stop)?;
                self.values[run + usize::from(a)]
            }
        };
        Ok(Verdict {
            value,
            target: Nimber::from(target),
            left_out,
            added: added.to_vec(),
        })
    }

    /// `G⁻(x + *j)` for every `j <= k`, all at once (one look-up a form, not one a form and a
    /// heap): where they start in `values`.
    fn beside(&mut self, x: FormId, k: u8) -> Result<usize> {
        let k = usize::from(k);
        if let Some(&(start, len)) = self.beside.get(&x) {
            if len > k {
                return Ok(start);
            }
        }
        if self.beside.len() % 4096 == 0 {
            crate::kernel::cancel::check()?;
        }
        if self.values.len() + k >= self.beside_limit {
            return Err(GameError::too_large(
                "misère values of simplest forms beside a Nim heap",
                format!("at most {} in one computation", self.beside_limit),
            ));
        }
        let mut runs = Vec::with_capacity(self.forms.options(x).len());
        for i in 0..self.forms.options(x).len() {
            let o = self.forms.options(x)[i];
            runs.push(self.beside(o, k as u8)?);
        }
        let start = self.values.len();
        self.values.push(self.forms.misere_value(x));
        for j in 1..=k {
            // `j >= 1`: `*j` has a move, so the mex is taken (never the `1` of a game without
            // one): over `x' + *j` for the options `x'` and `x + *i` for `i < j`.
            let values = &self.values;
            let v = mex(runs
                .iter()
                .map(|&r| values[r + j])
                .chain(values[start..start + j].iter().copied()));
            self.values.push(v);
        }
        self.beside.insert(x, (start, k + 1));
        Ok(start)
    }
}

/// A new store whose first forms are the Nim heaps `*0..=*NIM_FORMS`, so that the form `*m`
/// is `m`, and whether they are. Each is made from those before it and none reduces; checked
/// all the same, as the search reads the form `m <= NIM_FORMS` as `*m` (were they not, no sum
/// would be answered here).
fn nim_heaps_first((form_limit, sums_limit): (usize, usize)) -> (MisereForms, bool) {
    let mut forms = MisereForms::with_limits(form_limit, sums_limit);
    let in_order = forms.nim(NIM_FORMS).is_ok()
        && forms.len() == NIM_FORMS + 1
        && (0..=NIM_FORMS as FormId).all(|m| forms.options(m).iter().copied().eq(0..m));
    (forms, in_order)
}

/// `octal` and `nim`, each sorted.
pub(super) fn sorted_pair(octal: &[u8], nim: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let (mut a, mut b) = (octal.to_vec(), nim.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    (a, b)
}

/// What decides a position: `G⁻(S)` or `G⁻(S + *a)` (`a` left out of `S`) against the largest
/// Nim heap `*b` (`0` without Nim heaps).
struct Verdict {
    value: Nimber,
    target: Nimber,
    left_out: Option<u8>,
    /// The Nim heaps added to `S` beside the game's heaps.
    added: Vec<u8>,
}

/// Whether `e` is the question's own budget or a cancellation, not a limit of the forms:
/// every other method would be refused too.
fn stopped_by_question(_e: &GameError) -> bool {
    crate::kernel::cancel::is_cancelled() || crate::kernel::budget::check().is_err()
}

/// A failed sum as a reason to stop: the question's refusal, or the forms' limits.
fn stop(e: GameError) -> Stop {
    if stopped_by_question(&e) {
        Stop::Refused(e)
    } else {
        Stop::Exhausted
    }
}
