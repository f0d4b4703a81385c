//! Genera read off a misère quotient: polynomial where the follower sets are exponential.
//!
//! **The lemma.** For every impartial game `X` and every `m >= 0`, `G⁻(X) = m` exactly when
//! `X + *m` is a misère P-position. By induction on `X` and `m`: if `G⁻(X) = v < m`, the
//! move `*m → *v` reaches `X + *v`, a P-position; if `v > m`, then `X` has moves (a position
//! without them has `v = 1`, and `X + *0` with no move is an N-position in misère play) and,
//! `v` being a mex, an option `X'` with `G⁻(X') = m`, so `X' + *m` is a P-position reached in
//! one move; if `v = m`, every option `X' + *m` has `G⁻(X') ≠ m` and every option `X + *k`
//! has `k < m = G⁻(X)`, so none is P, and there is a move (`v = 0` needs one).
//!
//! **The method.** Adjoin Nim heaps `*1..*M` to the game's heaps and compute the misère
//! quotient of the whole (heap `h` of the game becomes heap `2h`, `*m` becomes heap
//! `2m − 1`, so every option is still made of smaller heaps). Indistinguishable positions
//! have the same outcome beside every `*m` and `*2`, so by the lemma the genus
//! term `γₖ(X) = G⁻(X + k·*2)` is the `m` whose element, times the element of `X + k·*2`,
//! lies in the P-portion. The powers of `*2`'s element repeat in the finite monoid, and the
//! first repeat proves the period of the superscript: nothing is extrapolated.
//!
//! **Tameness.** A heap is tame when its own genus is that of a Nim position and every heap
//! in every option is tame: the followers of a sum are sums of followers, sums of tame games
//! are tame (Conway, *On Numbers and Games* ch. 12), and every heap has a follower without
//! moves, which adds nothing, so a sum holding a wild heap has that heap's wild follower.
//! This classifies the raw positions of the ruleset, not their simplest forms.

use super::canonical::{heap_forms, heap_genera_in, MisereForms, MAX_SUMS};
use super::follower_genera::{heap_genera_by_followers, heap_genera_capped};
use super::game::{OptionTable, WithNimHeaps};
use super::genus::{Genus, HeapGenus};
use super::quotient::{Limits, MisereQuotient};
use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;

/// The quotient of a game's heaps with Nim heaps beside them, and what it answers.
pub struct GenusQuotient {
    quotient: MisereQuotient,
    nim: usize,
}

impl GenusQuotient {
    /// The proven quotient of `options`' heaps and `*1..=*nim`.
    pub fn compute(options: &OptionTable, nim: usize, limits: Limits) -> Result<Self> {
        Self::compute_stalling(options, nim, limits, None)
    }

    /// As [`GenusQuotient::compute`]; with `stall`, also gives up on a heap that takes longer
    /// than every heap before it together and `stall` besides (see [`STALL`]).
    fn compute_stalling(
        options: &OptionTable,
        nim: usize,
        limits: Limits,
        stall: Option<std::time::Duration>,
    ) -> Result<Self> {
        let game = WithNimHeaps { options, nim };
        let Some(stall) = stall else {
            let quotient = MisereQuotient::compute(&game, game.max_heap(), limits)?;
            return Ok(GenusQuotient { quotient, nim });
        };
        let start = std::time::Instant::now();
        let mut run = super::run::QuotientRun::new(&game, game.max_heap(), limits)?;
        while !run.is_done() {
            run.step_within(start.elapsed() + stall)?;
        }
        Ok(GenusQuotient {
            quotient: run.finish()?,
            nim,
        })
    }

    /// The element of game heap `h`.
    pub fn heap_element(&self, h: usize) -> u32 {
        self.quotient.pretend[WithNimHeaps::game_heap(h)]
    }

    /// The element of the Nim heap `*m` (`*0` is the identity).
    pub fn nim_element(&self, m: usize) -> u32 {
        if m == 0 {
            0
        } else {
            self.quotient.pretend[WithNimHeaps::nim_heap(m)]
        }
    }

    /// The product of two elements.
    pub fn mul(&self, a: u32, b: u32) -> u32 {
        self.quotient.monoid.mul(a, b)
    }

    /// Whether positions of element `e` are misère P-positions.
    pub fn is_p(&self, e: u32) -> bool {
        self.quotient.p_portion[e as usize]
    }

    /// `G⁻` of the positions of element `e`: the `m` with `e·*m` in the P-portion (the
    /// lemma above), or an error when it exceeds the Nim heaps adjoined.
    pub fn misere_value(&self, e: u32) -> Result<Nimber> {
        (0..=self.nim)
            .find(|&m| self.is_p(self.mul(e, self.nim_element(m))))
            .map(|m| m as Nimber)
            .ok_or_else(|| {
                GameError::too_large(
                    "genus through the quotient",
                    format!("a misère value exceeds the {} Nim heaps adjoined", self.nim),
                )
            })
    }

    /// The genus of the positions of element `e` whose normal value is `normal`.
    pub fn genus(&self, e: u32, normal: Nimber) -> Result<Genus> {
        let two = self.nim_element(2);
        let mut seen: Vec<u32> = Vec::new();
        let mut x = e;
        loop {
            if let Some(start) = seen.iter().position(|&y| y == x) {
                let period = seen.len() - start;
                let terms = seen
                    .iter()
                    .map(|&y| self.misere_value(y))
                    .collect::<Result<Vec<_>>>()?;
                return Ok(Genus::shortest(normal, terms, start, period));
            }
            seen.push(x);
            x = self.mul(x, two);
        }
    }
}

/// The most followers of the largest heap for which [`heap_genera`] searches the followers
/// without trying the quotient first (Kayles' heap 30 has about 28,000).
pub const FEW_FOLLOWERS: usize = 100_000;

/// A wild game's quotient with Nim heaps beside it grows fast (Dawson's Kayles passes 2,000
/// elements at heap 14, Kayles reaches 172 at heap 19), and the follower search is then as
/// good: the limits keep the attempt short. The quotients that answer do so in milliseconds
/// (0.53 to heap 80 in 0.07 s, 0.512 in 0.1 s); among every two-digit code and twenty
/// three-digit ones to heap 80, a failing attempt took 3 s at most, except 0.54's, which
/// grew until the time ran out (20 s, when that was the limit) before the forms answered.
pub const GENUS_QUOTIENT_LIMITS: Limits = Limits {
    max_order: 1024,
    max_proof_states: 1_000_000,
    time_budget: std::time::Duration::from_secs(5),
};

/// How long one heap of the quotient may take beyond all the heaps before it, when
/// [`heap_genera`] tries the quotient: a wild game's quotient with Nim heaps beside it does
/// not fail by growing heap by heap but by one heap that never settles (Kayles: heaps 1 to 19
/// beside `*1..*7` in 0.05 s, 13 ms at most each, then heap 20 runs out of any budget, its
/// context games never repeating), and the follower search is then the way. Tame games' heaps
/// take milliseconds. The choice of method changes no genus, only the time.
pub const STALL: std::time::Duration = std::time::Duration::from_millis(500);

/// The genus of every heap `1..=max_heap` and its class: by the followers while they are few;
/// then from the heaps' misère simplest forms (`by_forms`) when a probe finds them cheap;
/// then through the misère quotient with Nim heaps beside the game's; and when that quotient is
/// beyond [`GENUS_QUOTIENT_LIMITS`], by the followers of each heap
/// ([`heap_genera_by_followers`]). Every method is exact: the choice changes no genus.
pub fn heap_genera(options: &OptionTable) -> Result<Vec<HeapGenus>> {
    // Few followers: the search is quicker than the quotient, which for a wild game can take
    // seconds before it settles (Kayles to heap 20: 13 s by the quotient, milliseconds by the
    // followers).
    // The genus rule answers every heap whose options are tame at once; the followers are
    // searched only for the others, while they are few.
    let many_followers = match heap_genera_capped(options, Some(FEW_FOLLOWERS))? {
        Ok(found) => return Ok(found),
        Err(heap) => heap,
    };
    // The forms first while they are quick, then the quotient (which answers tame games whose
    // forms grow fast, 0.53 to heap 100 in 1.4 s), then the forms again from where they
    // stopped, with all the sums the store may hold.
    let mut forms = MisereForms::new();
    if let Some(found) = by_forms(&mut forms, options, many_followers, QUICK_SUMS)? {
        return Ok(found);
    }
    match by_quotient(options, GENUS_QUOTIENT_LIMITS, Some(STALL)) {
        Ok(found) => return Ok(found),
        // A front end's cancellation is not a limit of the quotient: searching the followers
        // would be cancelled too.
        Err(e) if crate::kernel::cancel::is_cancelled() => return Err(e),
        Err(_) => {}
    }
    if let Some(found) = by_forms(&mut forms, options, many_followers, MAX_SUMS)? {
        return Ok(found);
    }
    heap_genera_by_followers(options)
}

/// The sums of simplest forms [`heap_genera`] allows before it tries the quotient (some 1.5 s):
/// Kayles to heap 58 or so, Daisies to 40, `0.6` and `0.16` to 80, `0.15` to 100.
pub const QUICK_SUMS: usize = 1_000_000;

/// How many sums of simplest forms per follower the forms may take to reach the first heap
/// with more than [`FEW_FOLLOWERS`] followers, for [`heap_genera`] to go on with them. Measured
/// there (sums per follower; the forms' time per sum is some 1.5 µs, the follower search's per
/// follower 10 to 20): Kayles 1, 0.75 2 to 2.5, 0.6 0.1, 0.4 0.05; but 0.35 13, whose
/// followers are then quicker (heap 60: 5 s against 14 s).
pub const SUMS_PER_FOLLOWER: usize = 4;

/// The genera read off the heaps' misère simplest forms, or `None` when they are not the way:
/// more than [`SUMS_PER_FOLLOWER`] sums a follower to reach heap `many_followers` (the first
/// with more than [`FEW_FOLLOWERS`] followers), or more than `sums` sums in all, or more forms
/// than the store may hold. The store keeps every form and sum it found, so a later call goes
/// on from there. For Kayles the forms are some 30 times quicker than the followers (heap 50
/// in 0.2 s against 6 s; heap 66 in 11 s and 130 MB); games whose Nim values grow make ever
/// more sums of Nim-like heaps.
pub(crate) fn by_forms(
    forms: &mut MisereForms,
    options: &OptionTable,
    many_followers: usize,
    sums: usize,
) -> Result<Option<Vec<HeapGenus>>> {
    let probe = OptionTable {
        options: options.options[..=many_followers.min(options.max_heap())].to_vec(),
    };
    let limit = forms.sums_limit();
    forms.set_sums_limit(limit.min(SUMS_PER_FOLLOWER * FEW_FOLLOWERS));
    let probed = heap_forms(forms, &probe);
    forms.set_sums_limit(limit.min(sums));
    let found = probed.and_then(|_| heap_genera_in(forms, options));
    forms.set_sums_limit(limit);
    match found {
        Ok(found) => Ok(Some(found)),
        // A cancellation or the question's budget is not a limit of the forms: every other
        // method would be refused too.
        Err(e)
            if crate::kernel::cancel::is_cancelled() || crate::kernel::budget::check().is_err() =>
        {
            Err(e)
        }
        Err(_) => Ok(None),
    }
}

/// The genus of every heap `1..=max_heap` of `options` and its class, through the quotient
/// with Nim heaps beside the game's (see the module docs). Fails when the quotient is beyond
/// `limits`; [`heap_genera`] then searches the followers.
pub fn heap_genera_by_quotient(options: &OptionTable, limits: Limits) -> Result<Vec<HeapGenus>> {
    by_quotient(options, limits, None)
}

/// [`heap_genera_by_quotient`], giving up on a heap that stalls when `stall` is given.
fn by_quotient(
    options: &OptionTable,
    limits: Limits,
    stall: Option<std::time::Duration>,
) -> Result<Vec<HeapGenus>> {
    let normal = super::quotient::normal_values(options);
    let largest = normal.iter().copied().max().unwrap_or(0);
    // Misère values of heaps with `*2`s stay near the normal ones; the lemma needs a Nim heap
    // as large as each. Nim heaps below the next power of two above the normal values add no
    // new normal value (a Nim heap of that power would double the quotient's group part), so
    // try those, then those below four times that power.
    let block = (largest + 1).next_power_of_two().max(4) as usize;
    let mut last = None;
    for nim in [block - 1, 4 * block - 1] {
        let q = crate::kernel::budget::in_part(
            || {
                format!(
                    "the misère quotient of heaps 1 to {} beside a Nim heap of {nim}",
                    options.max_heap()
                )
            },
            || {
                // The question's own budget spent inside: its refusal names this part, where
                // the quotient's would speak of the combined game's heaps (game heap `h` is its
                // heap `2h`).
                GenusQuotient::compute_stalling(options, nim, limits, stall)
                    .map_err(|e| crate::kernel::budget::check().err().unwrap_or(e))
            },
        )?;
        match classify(options, &q, &normal) {
            Ok(found) => return Ok(found),
            Err(e) => last = Some(e),
        }
    }
    Err(last.unwrap_or_else(|| GameError::too_large("genus through the quotient", "no quotient")))
}

fn classify(options: &OptionTable, q: &GenusQuotient, normal: &[Nimber]) -> Result<Vec<HeapGenus>> {
    let mut out: Vec<HeapGenus> = Vec::with_capacity(options.max_heap());
    for (h, (heap_options, &value)) in options.options.iter().zip(normal).enumerate().skip(1) {
        let genus = crate::kernel::budget::in_part(
            || format!("the genus of heap {h}"),
            || -> Result<Genus> {
                crate::kernel::cancel::check()?;
                q.genus(q.heap_element(h), value)
            },
        )?;
        let options_tame = heap_options
            .iter()
            .all(|o| o.iter().all(|&x| out[x - 1].tame));
        out.push(HeapGenus::new(h, genus, options_tame));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::heap_rules::HeapRules;
    use crate::misere::canonical::MAX_FORMS;
    use crate::misere::genus::{nim_heap_genus, restive_sum_outcome, GenusClass};
    use crate::misere::search::is_p_by_followers;
    use crate::sum::Outcome;

    fn table(code: &str, n: usize) -> OptionTable {
        OptionTable::new(&HeapRules::parse(code).unwrap(), n).unwrap()
    }

    /// A question's budget spent, the refusal names the heap whose simplest form was being
    /// made or the quotient being built, never "the question" (the sums of a heap's options,
    /// where the time goes, were once outside the heap's part); the quotient's names the
    /// game's heaps, not the combined game's (where game heap `h` is heap `2h`).
    #[test]
    fn refusals_at_the_budget_name_the_heap_or_the_quotient() {
        use crate::kernel::budget::{within, Budget};
        let options = table("0.77", 100);
        let spent = Budget::new(std::time::Duration::ZERO, "--time SECONDS");
        let forms = within(&spent, || heap_forms(&mut MisereForms::new(), &options)).unwrap_err();
        assert!(
            forms.to_string().starts_with("the simplest form of heap "),
            "{forms}"
        );
        let quotient = within(&spent, || {
            by_quotient(&options, GENUS_QUOTIENT_LIMITS, Some(STALL))
        })
        .unwrap_err()
        .to_string();
        assert!(
            quotient.starts_with("the misère quotient of heaps 1 to 100 beside a Nim heap of ")
                && quotient.contains("--time SECONDS")
                && !quotient.contains("up to 200"),
            "{quotient}"
        );
        let all = within(&spent, || heap_genera(&options))
            .unwrap_err()
            .to_string();
        assert!(
            all.contains("heap") && !all.starts_with("the question"),
            "{all}"
        );
    }

    /// The forms answer when the probe stays within its sums and the store within its limits,
    /// and say no otherwise (a store too small for the probe, or for the heaps after it); the
    /// genera are those of the follower search on every side.
    #[test]
    fn forms_answer_on_one_side_of_the_probe_only() {
        for (code, n, probe) in [("0.77", 36, 30), ("0.35", 30, 25), ("0.07", 30, 20)] {
            let options = table(code, n);
            let followers = heap_genera_by_followers(&options).unwrap();
            let full = by_forms(&mut MisereForms::new(), &options, probe, MAX_SUMS).unwrap();
            assert_eq!(full.as_ref(), Some(&followers), "{code}");
            for (forms, sums) in [(MAX_FORMS, 10), (20, MAX_SUMS)] {
                let mut store = MisereForms::with_limits(forms, sums);
                let found = by_forms(&mut store, &options, probe, MAX_SUMS).unwrap();
                assert_eq!(found, None, "{code} with {forms} forms and {sums} sums");
            }
            // The probe at the largest heap, and beyond it.
            for probe in [n, n + 5] {
                let found = by_forms(&mut MisereForms::new(), &options, probe, MAX_SUMS).unwrap();
                assert_eq!(found.as_ref(), Some(&followers), "{code} probed at {probe}");
            }
            assert_eq!(heap_genera(&options).unwrap(), followers, "{code}");
        }
        // Past the probe's sums: 0.35 needs some 13 sums a follower at heap 52.
        let options = table("0.35", 52);
        let mut store = MisereForms::new();
        assert_eq!(by_forms(&mut store, &options, 52, MAX_SUMS).unwrap(), None);
        // An attempt's own limit of sums: refused with few, then the same store goes on.
        let options = table("0.77", 36);
        let mut store = MisereForms::new();
        assert_eq!(by_forms(&mut store, &options, 30, 1000).unwrap(), None);
        let kept = store.sums_len();
        assert!(kept >= 1000, "{kept}");
        let found = by_forms(&mut store, &options, 30, MAX_SUMS).unwrap();
        assert_eq!(found.unwrap(), heap_genera_by_followers(&options).unwrap());
        assert_eq!(store.sums_limit(), MAX_SUMS);
    }

    /// Both methods give the same genus and class for every heap wherever the quotient is
    /// within its limits: Kayles (heaps 1 to 4 tame, 5 restless, then wild) and the tame
    /// 0.31, 0.52 and 0.56. Where a wild game's quotient with the Nim heaps outgrows the
    /// limits (Dawson's Kayles to heap 14), the quotient refuses and the follower search
    /// answers.
    #[test]
    fn quotient_genera_agree_with_follower_search() {
        let limits = GENUS_QUOTIENT_LIMITS;
        let mut classes = std::collections::HashSet::new();
        for (code, n) in [("0.77", 16), ("0.31", 12), ("0.52", 12), ("0.56", 12)] {
            let options = table(code, n);
            let by_quotient = heap_genera_by_quotient(&options, limits).unwrap();
            let by_followers = heap_genera_by_followers(&options).unwrap();
            assert_eq!(by_quotient, by_followers, "{code} up to {n}");
            classes.extend(by_quotient.iter().map(|g| g.class));
        }
        assert_eq!(classes.len(), 3, "{classes:?}");
        let dawson = table("0.07", 14);
        assert!(heap_genera_by_quotient(&dawson, limits).is_err());
        assert_eq!(
            heap_genera(&dawson).unwrap(),
            heap_genera_by_followers(&dawson).unwrap()
        );
    }

    /// The genus rule for heaps whose options are made of tame heaps against the search of
    /// every follower, on both sides of its threshold: Kayles' heaps 1 to 5 by the rule (5 is
    /// restless, 4^{146}: its options are tame, itself not) and 6 on by the followers; the
    /// tame 0.31 and 0.52 by the rule throughout; wild games mixing both.
    #[test]
    fn genus_rule_agrees_with_follower_search() {
        let (mut by_rule, mut searched) = (0, 0);
        for (code, n) in [
            ("0.77", 13),
            ("0.07", 13),
            ("0.137", 13),
            ("0.31", 14),
            ("0.52", 14),
            ("0.75", 13),
            ("0.6", 14),
            ("4.07", 12),
            ("0.15", 13),
            ("0.51", 13),
            ("0.4", 14),
        ] {
            let options = table(code, n);
            let fast = heap_genera_by_followers(&options).unwrap();
            let oracle = crate::misere::genus::heap_genera_all_followers(&options).unwrap();
            assert_eq!(fast, oracle, "{code} up to {n}");
            for h in 1..=n {
                let tame_options = options.options[h]
                    .iter()
                    .all(|o| o.iter().all(|&x| fast[x - 1].tame));
                if tame_options {
                    by_rule += 1;
                } else {
                    searched += 1;
                }
            }
        }
        assert!(
            by_rule > 20 && searched > 20,
            "{by_rule} by the rule, {searched} searched"
        );
        let kayles = heap_genera_by_followers(&table("0.77", 6)).unwrap();
        assert_eq!(kayles[4].genus.to_string(), "4^{146}");
        assert_eq!(kayles[4].class, GenusClass::Restless);
    }

    /// The lemma `G⁻(X) = m` iff `X + *m` is P, through the quotient, against `G⁻` by the mex
    /// rule over the followers, for every Kayles position of up to three heaps of at most 7.
    #[test]
    fn misere_values_by_the_lemma() {
        use std::collections::HashMap;
        fn misere(
            options: &OptionTable,
            p: Vec<u16>,
            memo: &mut HashMap<Vec<u16>, Nimber>,
        ) -> Nimber {
            if let Some(&v) = memo.get(&p) {
                return v;
            }
            let mut next = Vec::new();
            crate::misere::search::for_each_option(options, &p, |q| next.push(q));
            let v = if next.is_empty() {
                1
            } else {
                let seen: Vec<Nimber> =
                    next.into_iter().map(|q| misere(options, q, memo)).collect();
                crate::nimber::mex(seen)
            };
            memo.insert(p, v);
            v
        }
        let options = table("0.77", 7);
        let q = GenusQuotient::compute(&options, 8, Limits::default()).unwrap();
        let mut memo = HashMap::new();
        let mut largest = 0;
        for a in 0..=7u16 {
            for b in a..=7 {
                for c in b..=7 {
                    let heaps: Vec<u16> = [a, b, c].into_iter().filter(|&h| h > 0).collect();
                    let e = heaps
                        .iter()
                        .fold(0, |e, &h| q.mul(e, q.heap_element(h as usize)));
                    let v = misere(&options, heaps.clone(), &mut memo);
                    largest = largest.max(v);
                    assert_eq!(q.misere_value(e).unwrap(), v, "{heaps:?}");
                }
            }
        }
        assert!(largest >= 4, "values beyond *3 were checked");
        // A value beyond the Nim heaps adjoined is an error, not a guess: heap 6 is 3^{31}.
        let small = GenusQuotient::compute(&options, 2, Limits::default()).unwrap();
        assert!(small.misere_value(small.heap_element(6)).is_err());
    }

    /// Conway's rule for restive games beside Nim positions, against exhaustive misère search
    /// of the sum, for every restive heap of at most 9 tokens of the octal games `0.d₁d₂`
    /// and `4.d₁` and every Nim position of up to three heaps of at most 7 tokens. Both sides
    /// of the rule's test (every Nim heap among 0, 1, g₀, g₀ ⊕ 1, or not) occur.
    #[test]
    fn restive_rule_against_exhaustive_search() {
        let mut codes: Vec<String> = Vec::new();
        for d1 in 0..8 {
            codes.push(format!("4.{d1}"));
            for d2 in 0..8 {
                codes.push(format!("0.{d1}{d2}"));
            }
        }
        let (mut restive, mut small, mut large) = (0, 0, 0);
        for code in &codes {
            let Ok(game) = HeapRules::parse(code) else {
                continue;
            };
            let options = OptionTable::new(&game, 9).unwrap();
            let Ok(genera) = heap_genera_by_followers(&options) else {
                continue;
            };
            let with_nim = WithNimHeaps {
                options: &options,
                nim: 7,
            };
            let combined = OptionTable::new(&with_nim, with_nim.max_heap()).unwrap();
            for g in genera.iter().filter(|g| g.class == GenusClass::Restive) {
                restive += 1;
                let g0 = g.genus.term(0);
                for_each_nim_position(7, 3, &mut |nim| {
                    let by_rule = restive_sum_outcome(&g.genus, nim).unwrap();
                    let mut ids: Vec<u16> = nim
                        .iter()
                        .filter(|&&m| m > 0)
                        .map(|&m| WithNimHeaps::nim_heap(m as usize) as u16)
                        .collect();
                    ids.push(WithNimHeaps::game_heap(g.heap) as u16);
                    ids.sort_unstable();
                    let searched = is_p_by_followers(&combined, &ids, 1 << 20).unwrap();
                    assert_eq!(
                        by_rule == Outcome::P,
                        searched,
                        "{code} heap {} ({}) beside {nim:?}",
                        g.heap,
                        g.genus
                    );
                    if nim.iter().all(|&m| m <= 1 || m == g0 || m == g0 ^ 1) {
                        small += 1;
                    } else {
                        large += 1;
                    }
                });
            }
        }
        assert!(
            restive >= 1 && small > 0 && large > 0,
            "{restive} {small} {large}"
        );
        // Not a restive genus: no answer.
        assert_eq!(restive_sum_outcome(&nim_heap_genus(2), &[2]), None);
    }

    fn for_each_nim_position(max: u64, count: usize, f: &mut dyn FnMut(&[u64])) {
        fn go(from: u64, max: u64, left: usize, cur: &mut Vec<u64>, f: &mut dyn FnMut(&[u64])) {
            f(cur);
            if left == 0 {
                return;
            }
            for m in from..=max {
                cur.push(m);
                go(m, max, left - 1, cur, f);
                cur.pop();
            }
        }
        go(0, max, count, &mut Vec::new(), f);
    }

    /// The classes on both sides of each of their thresholds.
    #[test]
    fn classes_by_genus() {
        let genus = |normal: Nimber, misere: Vec<Nimber>| Genus {
            normal,
            misere,
            period_start: 0,
            period: 2,
        };
        assert_eq!(GenusClass::of(&nim_heap_genus(0), true), GenusClass::Tame);
        assert_eq!(GenusClass::of(&nim_heap_genus(5), true), GenusClass::Tame);
        assert_eq!(GenusClass::of(&nim_heap_genus(5), false), GenusClass::Wild);
        assert_eq!(
            GenusClass::of(&genus(0, vec![2, 0]), true),
            GenusClass::Restive
        );
        assert_eq!(
            GenusClass::of(&genus(1, vec![2, 0]), true),
            GenusClass::Restive
        );
        assert_eq!(
            GenusClass::of(&genus(2, vec![3, 0]), true),
            GenusClass::Wild
        );
        assert_eq!(
            GenusClass::of(&genus(4, vec![1, 4]), true),
            GenusClass::Restless
        );
        assert_eq!(
            GenusClass::of(&genus(4, vec![0, 4]), true),
            GenusClass::Restless
        );
        assert_eq!(
            GenusClass::of(&genus(4, vec![1, 4]), false),
            GenusClass::Wild
        );
        assert_eq!(
            GenusClass::of(&genus(1, vec![2, 0]), false),
            GenusClass::Wild
        );
        // Kayles: heaps 1 to 4 tame, 5 restless (4^{146}), then wild (they reach heap 5).
        let kayles = heap_genera_by_quotient(&table("0.77", 8), Limits::default()).unwrap();
        let shown: Vec<&str> = kayles.iter().map(|g| g.class.name()).collect();
        assert_eq!(
            shown,
            ["tame", "tame", "tame", "tame", "restless", "wild", "wild", "wild"]
        );
        assert_eq!(kayles[4].genus.to_string(), "4^{146}");
    }

    /// A tame game to heap 100 through the quotient, where the follower search cannot go:
    /// every heap of 0.31 is tame (its genera agree with the follower search up to 12, above).
    #[test]
    fn a_tame_game_to_heap_100() {
        let options = table("0.31", 100);
        let limits = GENUS_QUOTIENT_LIMITS;
        let genera = heap_genera_by_quotient(&options, limits).unwrap();
        let normal = crate::misere::quotient::normal_values(&options);
        assert_eq!(genera.len(), 100);
        for g in &genera {
            assert_eq!(g.genus.normal, normal[g.heap], "heap {}", g.heap);
            assert_eq!(g.class, GenusClass::Tame, "heap {}", g.heap);
        }
    }
}
