//! Sequence reports (`sequence::report`) of the registry's families: values, periods and their
//! certificates, by name as the doors ask.

use crate::kernel::heap_sequence::{compute, HeapSequence};
use num_bigint::BigUint;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::kernel::heap_sequence::Theorem;
use crate::registry::sequences::by_name;
use crate::sequence::report::*;

/// A take-set as a term's parameter: `1,4,9`.
fn list(set: Vec<u64>) -> String {
    set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}
use crate::sequence::document::{self, Style};

fn games() -> Vec<Box<dyn HeapSequence>> {
    vec![
        by_name("subtraction", &["1,4,9"]).unwrap(),
        by_name("subtraction", &["3"]).unwrap(),
        by_name("all-but", &["2,3"]).unwrap(),
        by_name("octal", &["kayles"]).unwrap(),
        by_name("grundys-game", &[]).unwrap(),
    ]
}

fn report_bytes(report: &Report, style: Style) -> String {
    let mut out = Vec::new();
    document::write(report, style, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// The streamed JSON is byte for byte what `serde_json` prints for the report's document,
/// pretty and compact, with no values, one value and many, with and without `at`.
#[test]
fn streamed_json_is_the_serialised_document() {
    for seq in games() {
        for (count, at) in [(0, None), (1, Some(5u32)), (200, Some(1000))] {
            let request = Request {
                count,
                at: at.map(BigUint::from),
                until_period: None,
            };
            let target = plan(seq.as_ref(), &request).unwrap();
            let mut computation = seq.start(target).unwrap();
            compute(computation.as_mut()).unwrap();
            let report = Report::new(seq.as_ref(), computation.as_ref(), &request, true).unwrap();
            let doc = report.document();
            assert_eq!(doc.values.len() as u64, count);
            assert_eq!(
                report_bytes(&report, Style::PrettyJson),
                serde_json::to_string_pretty(&doc).unwrap() + "\n",
                "{} {count}",
                doc.term
            );
            assert_eq!(
                report_bytes(&report, Style::CompactJson),
                serde_json::to_string(&doc).unwrap()
            );
            let back: ReportDocument =
                serde_json::from_str(&report_bytes(&report, Style::CompactJson)).unwrap();
            assert_eq!(back, doc);
        }
    }
}

/// The certificate's range is what the theorem needs, and the values agree on it; the least
/// preperiod is least: the values differ one place before it.
#[test]
fn certificates_name_the_theorem_and_the_range_compared() {
    // Subtraction {1,4,9}: period 5 from 0, by the window rule with window 9 (Berlekamp,
    // Conway and Guy, Winning Ways, 1982, ch. 4); Kayles: period 12 from 71, by Guy and Smith
    // (1956), moves removing at most 2 tokens. Take-and-break codes: 0.A (remove one token,
    // leave one heap or three) by Guy and Smith's argument for three heaps; 0.8 = (n - 1) div 3
    // and Lasker's Nim 4.[3] (its closed form, Winning Ways ch. 4) by the move-class test;
    // all-but {2,3}: 0, 1, 0, 1, 2, 3, 2, 3, ... (G(n + 4) = G(n) + 2 from 0) by the all-but test.
    for (seq, period, preperiod, saltus) in [
        (by_name("subtraction", &["1,4,9"]).unwrap(), 5, 0, 0),
        (by_name("octal", &["kayles"]).unwrap(), 12, 71, 0),
        (by_name("hex", &["0.A"]).unwrap(), 2, 1, 0),
        (by_name("hex", &["0.8"]).unwrap(), 3, 1, 1),
        (by_name("hex", &["4.[3]"]).unwrap(), 4, 1, 4),
        (by_name("all-but", &["2,3"]).unwrap(), 4, 0, 2),
    ] {
        let request = Request {
            count: 10,
            at: None,
            until_period: Some(u64::MAX),
        };
        let mut computation = seq.start(plan(seq.as_ref(), &request).unwrap()).unwrap();
        compute(computation.as_mut()).unwrap();
        let PeriodStatus::Proven(c) = period_status(&seq.period_rule(), computation.as_ref())
        else {
            panic!("{} has a proven period", seq.game().title);
        };
        assert_eq!(
            (c.period, c.preperiod, c.saltus),
            (period, preperiod, saltus)
        );
        assert_eq!(c.checked, computation.computed());
        let g = |n: u64| computation.value_at(n).unwrap();
        let needed_to = match c.theorem {
            Theorem::Window { window } => {
                assert_eq!(window, 9);
                assert_eq!(c.compared.to - c.compared.from, window);
                c.compared.to
            }
            Theorem::GuySmith { max_removed } => {
                assert_eq!(max_removed, 2);
                let n0 = c.preperiod.max(1);
                assert_eq!(c.compared.from, n0);
                2 * n0 + c.period + max_removed
            }
            Theorem::GuySmithHeaps { max_removed, heaps } => {
                assert_eq!((max_removed, heaps), (1, 3));
                let n0 = c.preperiod.max(1);
                assert_eq!(c.compared.from, n0);
                heaps * n0 + (heaps - 1) * c.period + max_removed
            }
            Theorem::MoveClasses {
                block,
                block_saltus,
                from_quotient,
                classes,
            } => {
                assert!(classes > 0);
                assert_eq!(block % c.period, 0);
                assert_eq!(block_saltus, c.saltus * (block / c.period));
                assert!(block_saltus.is_power_of_two(), "{block_saltus}");
                for n in c.compared.from..c.compared.to {
                    assert_eq!(g(n + block), g(n) + block_saltus, "n = {n}");
                }
                c.preperiod.max(1) + block * from_quotient
            }
            Theorem::AllBut { max_excluded } => {
                assert_eq!(max_excluded, 3);
                assert_eq!(c.compared.from, c.preperiod);
                assert!(c.compared.to >= c.preperiod + max_excluded);
                c.compared.to
            }
        };
        assert_eq!(c.compared.to, needed_to);
        assert!(
            c.compared.to + c.period <= c.checked,
            "compared within the computed values"
        );
        for n in c.preperiod..c.compared.to {
            assert_eq!(g(n + c.period), g(n) + c.saltus, "n = {n}");
        }
        if c.preperiod > 0 {
            assert_ne!(g(c.preperiod - 1 + c.period), g(c.preperiod - 1) + c.saltus);
        }
    }
}

/// Limits, on both sides: the all-but game's count and heap, Grundy's game's heap, and
/// `until_period` for a game that claims no period.
#[test]
fn requests_are_checked_against_the_limits() {
    let all_but = by_name("all-but", &["2"]).unwrap();
    let grundy = by_name("grundys-game", &[]).unwrap();
    let ask = |count, at: Option<u64>, until| Request {
        count,
        at: at.map(BigUint::from),
        until_period: until,
    };
    assert!(plan(all_but.as_ref(), &ask(10_000_001, None, None)).is_ok());
    let e = plan(all_but.as_ref(), &ask(10_000_002, None, None)).unwrap_err();
    assert_eq!(e.field, Field::Count);
    assert!(e.message.contains("10000001"), "{}", e.message);
    assert_eq!(
        plan(all_but.as_ref(), &ask(0, Some(10_000_000), None)),
        Ok(10_000_001)
    );
    // Beyond the table a heap is answered through the proven period: the plan is the search.
    assert_eq!(
        plan(all_but.as_ref(), &ask(0, Some(10_000_001), None)),
        Ok(10_000_001)
    );
    let max_at = 1 << 24;
    assert_eq!(
        plan(grundy.as_ref(), &ask(0, Some(max_at - 1), None)),
        Ok(max_at)
    );
    assert_eq!(
        plan(grundy.as_ref(), &ask(0, Some(max_at), None))
            .unwrap_err()
            .field,
        Field::At
    );
    // Grundy's game claims no period; all-but games prove arithmetic ones.
    let e = plan(grundy.as_ref(), &ask(5, None, Some(100))).unwrap_err();
    assert_eq!(e.field, Field::UntilPeriod);
    assert!(e.message.contains("no period is claimed"), "{}", e.message);
    assert!(plan(all_but.as_ref(), &ask(5, None, Some(100))).is_ok());
    // A huge heap of a game with periods: the period search, capped by the request's.
    let kayles = by_name("octal", &["kayles"]).unwrap();
    let huge = Request {
        count: 0,
        at: Some(BigUint::from(10u32).pow(30)),
        until_period: Some(1 << 18),
    };
    assert_eq!(plan(kayles.as_ref(), &huge), Ok(1 << 18));
    // Without a search of its own the request searches as far as the analysis of that heap
    // does (2^18 values for an octal game, `Limits::at_search`), not to the 2^24 that
    // `until_period` reaches: `sequence octal 0.6 --at 10^30` computed 2^24 values (51 s).
    let alone = Request {
        until_period: None,
        ..huge.clone()
    };
    assert_eq!(
        plan(kayles.as_ref(), &alone),
        Ok(crate::games::octal::PERIOD_SEARCH_LIMIT)
    );
    let further = Request {
        until_period: Some(u64::MAX),
        ..huge
    };
    assert_eq!(plan(kayles.as_ref(), &further), Ok(1 << 24));
}

/// Stopped at any chunk and restored from its checkpoint, a run ends with the bytes of one
/// that never stopped: for the three mex strategies of subtraction games and for all-but
/// games.
#[test]
fn a_restored_run_ends_where_an_unstopped_one_does() {
    let push: Vec<u64> = (1..=300).filter(|s| s % 3 != 0).collect();
    let stamps: Vec<u64> = (1..64).chain([5000]).collect();
    let games: Vec<(Box<dyn HeapSequence>, u64)> = vec![
        (by_name("subtraction", &["1,4,9"]).unwrap(), 10_000),
        (by_name("subtraction", &[&list(push)]).unwrap(), 60_000),
        (by_name("subtraction", &[&list(stamps)]).unwrap(), 60_000),
        (by_name("all-but", &["2,3,7"]).unwrap(), 60_000),
    ];
    for (seq, target) in games {
        let limits = seq.limits();
        let target = target.min(limits.max_computed);
        let whole = {
            let mut run = seq.start(target).unwrap();
            compute(run.as_mut()).unwrap();
            let mut bytes = Vec::new();
            run.write_checkpoint(&mut bytes).unwrap();
            bytes
        };
        for stop_after in [1u64, 5_000, 20_000] {
            let mut run = seq.start(target).unwrap();
            let cancel = AtomicBool::new(false);
            run.run(&cancel, &mut |p| {
                if p.done >= stop_after {
                    cancel.store(true, Ordering::Relaxed);
                }
            })
            .unwrap();
            let mut saved = Vec::new();
            run.write_checkpoint(&mut saved).unwrap();
            let mut restored = seq.restore(&saved).unwrap();
            let mut again = Vec::new();
            restored.write_checkpoint(&mut again).unwrap();
            assert_eq!(again, saved, "{} restored as saved", seq.game().term);
            compute(restored.as_mut()).unwrap();
            let mut bytes = Vec::new();
            restored.write_checkpoint(&mut bytes).unwrap();
            assert!(
                bytes == whole,
                "{} stopped after {stop_after}",
                seq.game().term
            );
        }
    }
}

/// A damaged checkpoint, and another game's, are refused.
#[test]
fn damaged_and_foreign_checkpoints_are_refused() {
    let sub = by_name("subtraction", &["1,4,9"]).unwrap();
    let mut run = sub.start(100).unwrap();
    compute(run.as_mut()).unwrap();
    let mut bytes = Vec::new();
    run.write_checkpoint(&mut bytes).unwrap();
    let mut flipped = bytes.clone();
    flipped[30] ^= 1;
    for bad in [&bytes[..bytes.len() - 1], &flipped[..], b"hello"] {
        let err = sub.restore(bad).err().expect("refused").to_string();
        assert!(err.contains("checkpoint"), "{err}");
    }
    for other in [
        by_name("subtraction", &["1,4"]).unwrap(),
        by_name("all-but", &["1,4,9"]).unwrap(),
        by_name("octal", &["0.77"]).unwrap(),
    ] {
        let err = other.restore(&bytes).err().expect("refused").to_string();
        assert!(err.contains("sub{1,4,9}"), "{err}");
    }
}

/// The byte offset of each u64 header field of a checkpoint whose code is `code_len` bytes:
/// magic (8), version, flags, code length (2), the code, then target, next check, preperiod,
/// period, checked and count.
fn u64_fields(code_len: usize) -> [(&'static str, usize); 6] {
    let at = 12 + code_len;
    [
        ("target", at),
        ("next check", at + 8),
        ("preperiod", at + 16),
        ("period", at + 24),
        ("checked", at + 32),
        ("count", at + 40),
    ]
}

/// `bytes` with the u64 at `at` set to `value` and the checksum (the last eight bytes)
/// recomputed: a file whose checksum is right but whose fields may contradict each other.
fn with_field(bytes: &[u8], at: usize, value: u64) -> Vec<u8> {
    let mut out = bytes.to_vec();
    out[at..at + 8].copy_from_slice(&value.to_le_bytes());
    let body = out.len() - 8;
    let sum = crate::sequence::checkpoint::fnv1a(&out[..body]);
    out[body..].copy_from_slice(&sum.to_le_bytes());
    out
}

/// Every u64 field of a real checkpoint set to 0, 1, its neighbours and huge values, with the
/// checksum recomputed: restoring gives a clean refusal naming the checkpoint, or a run whose
/// report is that of a run that never stopped; never a panic (a period field set on a file
/// without one made the certificate subtract with overflow).
#[test]
fn checkpoints_with_a_right_checksum_and_wrong_fields_are_refused_or_right() {
    let games: Vec<(Box<dyn HeapSequence>, u64, u64)> = vec![
        // (game, values saved, values asked after resuming)
        (by_name("octal", &["0.16"]).unwrap(), 3000, 6000),
        (by_name("octal", &["kayles"]).unwrap(), 2000, 3000),
        (by_name("grundys-game", &[]).unwrap(), 300, 600),
        (by_name("subtraction", &["1,4,9"]).unwrap(), 100, 300),
        (by_name("subtraction", &["1,4,9"]).unwrap(), 5000, 6000),
        (by_name("all-but", &["2,3"]).unwrap(), 200, 400),
        (by_name("take-break", &["0.8"]).unwrap(), 50, 100),
        (by_name("take-break", &["4.[3]"]).unwrap(), 50, 100),
    ];
    for (seq, saved_count, wanted) in games {
        let term = seq.game().term;
        // A heap far beyond the table where the game answers one (through its period).
        let mut request = Request {
            count: wanted,
            at: Some(BigUint::from(10u32).pow(30)),
            until_period: None,
        };
        if plan(seq.as_ref(), &request).is_err() {
            request.at = None;
        }
        let target = plan(seq.as_ref(), &request).unwrap();
        // The values a run that never stopped gives, and its period.
        let mut whole = seq.start(target).unwrap();
        compute(whole.as_mut()).unwrap();
        if Report::new(seq.as_ref(), whole.as_ref(), &request, false).is_err() {
            // An arithmetic-periodic value beyond 2^64 is no report's.
            request.at = None;
        }
        let want = Report::new(seq.as_ref(), whole.as_ref(), &request, false).unwrap();
        let want_values: Vec<_> = (0..want.count).map(|n| want.value(n)).collect();

        let mut part = seq.start(saved_count.min(target)).unwrap();
        compute(part.as_mut()).unwrap();
        let mut bytes = Vec::new();
        part.write_checkpoint(&mut bytes).unwrap();
        let code_len = u16::from_le_bytes([bytes[10], bytes[11]]) as usize;
        for (name, at) in u64_fields(code_len) {
            let old = u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
            let mut tries = vec![
                0,
                1,
                2,
                old.wrapping_sub(1),
                old.wrapping_add(1),
                saved_count,
                1 << 32,
                1 << 62,
                u64::MAX - 1,
                u64::MAX,
            ];
            tries.retain(|&v| v != old);
            for value in tries {
                let edited = with_field(&bytes, at, value);
                let what = format!("{term}: {name} {old} -> {value}");
                let mut run = match seq.restore(&edited) {
                    Err(e) => {
                        let e = e.to_string();
                        assert!(e.contains("checkpoint"), "{what}: {e}");
                        continue;
                    }
                    Ok(run) => run,
                };
                if run.set_target(target).is_err() {
                    continue;
                }
                compute(run.as_mut()).unwrap_or_else(|e| panic!("{what}: {e}"));
                // The resumed run answers as the run that never stopped, or says what it
                // does not know; never something else.
                match Report::new(seq.as_ref(), run.as_ref(), &request, false) {
                    Err(_) => {}
                    Ok(got) => {
                        assert!(got.count <= want.count, "{what}");
                        for n in 0..got.count {
                            assert_eq!(got.value(n), want_values[n as usize], "{what}: G({n})");
                        }
                        if let (Some(a), Some(b)) = (&got.at, &want.at) {
                            assert_eq!(a, b, "{what}");
                        }
                        let _ = got.document();
                    }
                }
            }
        }
    }
}
