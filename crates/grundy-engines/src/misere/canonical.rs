//! Misère simplest forms (Conway, *On Numbers and Games* ch. 12; Siegel 2020 §2).
//!
//! Two impartial games are **misère-equal** when every sum holding one has the misère outcome
//! of the same sum holding the other. Conway proved that each class has one **simplest form**,
//! found by deleting *reversible* options, and that two games in simplest form are equal only
//! when they are identical: equality of misère games is identity of their simplest forms.
//!
//! Let `G` have options `S`, each in simplest form. `G` is not in simplest form exactly when
//! one of these holds, and is then equal to the game named:
//!
//! * **the proviso**: `0` is not in `S`, every option in `S` has `0` as an option, and some
//!   option in `S` is a misère P-position (so that `G`, like `0`, is a win for the player to
//!   move): then `G = 0`;
//! * **a reversible set**: some game `H ≠ 0` in simplest form has for options a proper subset
//!   `T` of `S`, and every option in `S \ T` has `H` as an option: then `G = H`.
//!
//! In the second case every option left out has `H` for option, so it was born after `H`,
//! which was born after every option of `T`: `T` is the options of `S` born before some gap of
//! at least one day between consecutive birthdays, and `H`, having options that are simplest
//! forms born before `G`'s, was met before if it exists as a follower of those left out. So
//! only the prefixes of `S` (sorted by birthday) that end at a gap are tried, each by one
//! look-up. This is the rule Siegel's CGSuite applies; the tests check it the strong way: the
//! games born by day `n` fall into 1, 2, 3, 5, 22 and 4,171,780 classes for `n = 0..5`
//! (Siegel 2020, after Conway), and two games with different simplest forms are told apart by
//! some small position beside them, while equal ones never are.
//!
//! The misère Grundy value `G⁻` (the mex of the options', `1` without options) is a property
//! of the class (`G⁻(G) = m` exactly when `G + *m` is a misère P-position), so the genus of a
//! game can be read off its simplest form, which for a wild game like Kayles has far fewer
//! followers than the raw position: [`heap_genera_by_forms`].

use rustc_hash::FxHashMap as HashMap;

use super::game::OptionTable;
use super::genus::{Genus, HeapGenus};
use crate::kernel::error::{GameError, Result};
use crate::nimber::{mex, Nimber};

/// A game in simplest form, as an index into [`MisereForms`].
pub type FormId = u32;

/// The game `0` (no options).
pub const ZERO: FormId = 0;

/// Most simplest forms one store may hold (some 100 bytes each with their options;
/// [`MisereForms::levels`] adds 16 bytes a form a level).
pub const MAX_FORMS: usize = 4_000_000;

/// Most sums of two forms one store may remember (some 35 bytes each, kept under both parts:
/// about 1 GB at the limit). Kayles to heap 70 meets 6.9 million.
pub const MAX_SUMS: usize = 30_000_000;

#[derive(Debug, Clone)]
struct Form {
    /// Options, sorted by (birthday, id).
    options: Box<[FormId]>,
    birthday: u32,
    /// `G⁻`: the mex of the options', 1 without options.
    misere: Nimber,
    /// The next form whose options hash alike ([`MisereForms::index`]), or [`NO_FORM`].
    next: FormId,
}

/// The end of a chain of [`Form::next`].
const NO_FORM: FormId = FormId::MAX;

/// Every simplest form met, each once, and the sums of pairs of them computed so far.
#[derive(Debug)]
pub struct MisereForms {
    forms: Vec<Form>,
    /// The first form whose options have this hash, the others chained by [`Form::next`]:
    /// the options are kept once, in the forms, not again as keys.
    index: HashMap<u64, FormId>,
    /// `partners[x]`: `y ↦ x + y` for the sums computed with `x`. Each sum is kept under both
    /// its parts, so that the sums of one form with every option of another, which a sum
    /// needs, are looked up in one small map: in one map of every pair, each look-up was a
    /// trip to memory.
    partners: Vec<HashMap<FormId, FormId>>,
    /// Sums computed (pairs, each kept twice in `partners` unless both parts are equal).
    sums: usize,
    limit: usize,
    sums_limit: usize,
}

impl Default for MisereForms {
    fn default() -> Self {
        Self::new()
    }
}

impl MisereForms {
    /// A store holding `0` only, with room for [`MAX_FORMS`] forms and [`MAX_SUMS`] sums.
    pub fn new() -> Self {
        Self::with_limits(MAX_FORMS, MAX_SUMS)
    }

    /// A store with room for `forms` forms (at least `0`) and `sums` sums.
    pub fn with_limits(forms: usize, sums: usize) -> Self {
        let zero = Form {
            options: Box::new([]),
            birthday: 0,
            misere: 1,
            next: NO_FORM,
        };
        let mut index = HashMap::default();
        index.insert(options_hash(&[]), ZERO);
        MisereForms {
            forms: vec![zero],
            index,
            partners: vec![HashMap::default()],
            sums: 0,
            limit: forms.max(1),
            sums_limit: sums,
        }
    }

    /// The most sums this store may remember.
    pub fn sums_limit(&self) -> usize {
        self.sums_limit
    }

    /// Lets this store remember at most `limit` sums from now on.
    pub fn set_sums_limit(&mut self, limit: usize) {
        self.sums_limit = limit;
    }

    /// Sums of two forms computed so far.
    pub fn sums_len(&self) -> usize {
        self.sums
    }

    /// Forms held.
    pub fn len(&self) -> usize {
        self.forms.len()
    }

    /// Whether only `0` is held.
    pub fn is_empty(&self) -> bool {
        self.forms.len() <= 1
    }

    /// The options of `g`, in simplest form, sorted by (birthday, id).
    pub fn options(&self, g: FormId) -> &[FormId] {
        &self.forms[g as usize].options
    }

    /// The birthday of `g`'s simplest form (the longest play from it).
    pub fn birthday(&self, g: FormId) -> u32 {
        self.forms[g as usize].birthday
    }

    /// `G⁻(g)`: 0 exactly when `g` is a misère P-position.
    pub fn misere_value(&self, g: FormId) -> Nimber {
        self.forms[g as usize].misere
    }

    /// The Nim heap `*m`.
    pub fn nim(&mut self, m: usize) -> Result<FormId> {
        let mut heaps = vec![ZERO];
        for _ in 1..=m {
            let next = self.game(heaps.clone())?;
            heaps.push(next);
        }
        Ok(heaps[m])
    }

    fn key(&self, g: FormId) -> (u32, FormId) {
        (self.forms[g as usize].birthday, g)
    }

    fn has_option(&self, g: FormId, h: FormId) -> bool {
        let key = self.key(h);
        self.options(g)
            .binary_search_by_key(&key, |&o| self.key(o))
            .is_ok()
    }

    /// The form held whose options are exactly `options` (sorted by birthday and id).
    fn find(&self, options: &[FormId]) -> Option<FormId> {
        let mut g = *self.index.get(&options_hash(options))?;
        while g != NO_FORM {
            let form = &self.forms[g as usize];
            if *form.options == *options {
                return Some(g);
            }
            g = form.next;
        }
        None
    }

    /// The simplest form of the game whose options are `options` (each a simplest form).
    pub fn game(&mut self, mut options: Vec<FormId>) -> Result<FormId> {
        let mut keys: Vec<u64> = options
            .iter()
            .map(|&o| u64::from(self.birthday(o)) << 32 | u64::from(o))
            .collect();
        keys.sort_unstable();
        keys.dedup();
        options.clear();
        options.extend(keys.iter().map(|&k| k as FormId));
        if let Some(g) = self.find(&options) {
            return Ok(g);
        }
        if let Some(h) = self.reduced(&options) {
            return Ok(h);
        }
        if self.forms.len() >= self.limit {
            return Err(GameError::too_large(
                "misère simplest forms",
                format!("at most {} forms in one computation", self.limit),
            ));
        }
        let values: Vec<Nimber> = options.iter().map(|&o| self.misere_value(o)).collect();
        let birthday = 1 + options.iter().map(|&o| self.birthday(o)).max().unwrap_or(0);
        let id = self.forms.len() as FormId;
        let options: Box<[FormId]> = options.into_boxed_slice();
        let next = self
            .index
            .insert(options_hash(&options), id)
            .unwrap_or(NO_FORM);
        self.partners.push(HashMap::default());
        self.forms.push(Form {
            options,
            birthday,
            misere: mex(values),
            next,
        });
        Ok(id)
    }

    /// The simpler game equal to the one with these `options` (sorted, not held as they are),
    /// if one exists: see the module docs.
    fn reduced(&self, options: &[FormId]) -> Option<FormId> {
        let proviso = options[0] != ZERO
            && options.iter().all(|&o| self.has_option(o, ZERO))
            && options.iter().any(|&o| self.misere_value(o) == 0);
        if proviso {
            return Some(ZERO);
        }
        for j in 1..options.len() {
            if self.birthday(options[j]) < self.birthday(options[j - 1]) + 2 {
                continue;
            }
            if let Some(h) = self.find(&options[..j]) {
                if options[j..].iter().all(|&o| self.has_option(o, h)) {
                    return Some(h);
                }
            }
        }
        None
    }

    /// The simplest form of `a + b`.
    pub fn add(&mut self, a: FormId, b: FormId) -> Result<FormId> {
        self.add_beside(a, b)
    }

    /// `fixed + other`, looked up among `fixed`'s sums: the callers keep `fixed` the same
    /// across a loop over the options of the other part.
    fn add_beside(&mut self, fixed: FormId, other: FormId) -> Result<FormId> {
        if fixed == ZERO {
            return Ok(other);
        }
        if other == ZERO {
            return Ok(fixed);
        }
        if let Some(&s) = self.partners[fixed as usize].get(&other) {
            return Ok(s);
        }
        if self.sums >= self.sums_limit {
            return Err(GameError::too_large(
                "sums of misère simplest forms",
                format!("at most {} sums in one computation", self.sums_limit),
            ));
        }
        // The clock and the flag every 1,024 sums: a sum takes some microseconds.
        if self.sums % 1024 == 0 {
            crate::kernel::cancel::check()?;
        }
        let mut options = Vec::with_capacity(self.options(fixed).len() + self.options(other).len());
        for i in 0..self.options(fixed).len() {
            let f1 = self.options(fixed)[i];
            options.push(self.add_beside(other, f1)?);
        }
        for i in 0..self.options(other).len() {
            let o1 = self.options(other)[i];
            options.push(self.add_beside(fixed, o1)?);
        }
        let s = self.game(options)?;
        self.partners[fixed as usize].insert(other, s);
        if fixed != other {
            self.partners[other as usize].insert(fixed, s);
        }
        self.sums += 1;
        Ok(s)
    }

    /// The simplest form of a sum.
    pub fn sum(&mut self, parts: &[FormId]) -> Result<FormId> {
        parts.iter().try_fold(ZERO, |s, &p| self.add(s, p))
    }

    /// `G⁻(g + a·*2 + b·*1)` for every form `g` held and `b ∈ {0, 1}`, for `a = 0, 1, …` in
    /// turn until the vector of the whole store repeats: `(levels, start, period)`, with
    /// `levels[a][2g + b]`. The store is closed under options, so each level is a function of
    /// the one before (see `genus`), and the first repeat proves the period of every form.
    /// A form is made after its options, so its id is larger and one pass in id order finds
    /// the options' values of the same level already computed.
    pub fn levels(&self) -> Result<(Vec<Vec<Nimber>>, usize, usize)> {
        let n = self.forms.len();
        let mut levels: Vec<Vec<Nimber>> = Vec::new();
        let mut seen: HashMap<Vec<Nimber>, usize> = HashMap::default();
        loop {
            crate::kernel::cancel::check()?;
            let a = levels.len();
            let mut v = vec![0 as Nimber; 2 * n];
            let mut opts: Vec<Nimber> = Vec::new();
            for g in 0..n {
                for b in 0..2 {
                    opts.clear();
                    opts.extend(self.forms[g].options.iter().map(|&o| v[2 * o as usize + b]));
                    if b == 1 {
                        opts.push(v[2 * g]);
                    }
                    if a > 0 {
                        let below = &levels[a - 1];
                        opts.push(below[2 * g + (b ^ 1)]);
                        opts.push(below[2 * g + b]);
                    }
                    v[2 * g + b] = if opts.is_empty() {
                        1
                    } else {
                        mex(opts.iter().copied())
                    };
                }
            }
            if let Some(&start) = seen.get(&v) {
                return Ok((levels, start, a - start));
            }
            seen.insert(v.clone(), a);
            levels.push(v);
        }
    }
}

/// A hash of a list of options (Fx, as the maps use, over the ids and the length).
fn options_hash(options: &[FormId]) -> u64 {
    use std::hash::BuildHasher;
    rustc_hash::FxBuildHasher.hash_one(options)
}

/// The simplest form of every heap `1..=max_heap` of `options` (index 0 is `0`).
pub fn heap_forms(forms: &mut MisereForms, options: &OptionTable) -> Result<Vec<FormId>> {
    let mut heaps: Vec<FormId> = vec![ZERO];
    extend_heap_forms(forms, options, &mut heaps)?;
    Ok(heaps)
}

/// Extends `heaps`, the simplest forms of heaps `0..heaps.len()` of `options` (at least `[0]`),
/// to every heap up to `options.max_heap()`. On an error the heaps made so far are kept.
pub fn extend_heap_forms(
    forms: &mut MisereForms,
    options: &OptionTable,
    heaps: &mut Vec<FormId>,
) -> Result<()> {
    for h in heaps.len()..=options.max_heap() {
        // The heap's part covers the sums of its options too, where the time goes: a refusal
        // says how far the heaps got.
        let form = crate::kernel::budget::in_part(
            || format!("the simplest form of heap {h}"),
            || {
                let mut opts = Vec::with_capacity(options.options[h].len());
                for o in &options.options[h] {
                    let parts: Vec<FormId> = o.iter().map(|&x| heaps[x]).collect();
                    opts.push(forms.sum(&parts)?);
                }
                forms.game(opts)
            },
        )?;
        heaps.push(form);
    }
    Ok(())
}

/// The genus of every heap `1..=max_heap` and its class, read off the heaps' simplest forms:
/// `gₐ = G⁻(H + a·*2)` from [`MisereForms::levels`] over every form met. The class is that of
/// the heap as the rules generate it (every heap of every option tame, as the follower search
/// decides it), not of its simplest form.
pub fn heap_genera_by_forms(options: &OptionTable) -> Result<Vec<HeapGenus>> {
    heap_genera_in(&mut MisereForms::new(), options)
}

/// [`heap_genera_by_forms`] in the store `forms` (within its limits; it keeps what it found).
pub fn heap_genera_in(forms: &mut MisereForms, options: &OptionTable) -> Result<Vec<HeapGenus>> {
    let heaps = heap_forms(forms, options)?;
    let (levels, start, period) = forms.levels()?;
    let normal = super::quotient::normal_values(options);
    let mut out: Vec<HeapGenus> = Vec::with_capacity(options.max_heap());
    for h in 1..=options.max_heap() {
        let terms: Vec<Nimber> = levels.iter().map(|l| l[2 * heaps[h] as usize]).collect();
        let genus = Genus::shortest(normal[h], terms, start, period);
        let options_tame = options.options[h]
            .iter()
            .all(|o| o.iter().all(|&x| out[x - 1].tame));
        out.push(HeapGenus::new(h, genus, options_tame));
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
