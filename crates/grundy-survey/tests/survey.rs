//! Members computed within their budgets, resumed and extended from checkpoints, and every octal
//! code of up to three digits checked against Czajka's published tables
//! (`tests/data/czajka-status.txt`, derived with its MIT notice).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

use grundy_core::games::octal::naive::naive_values;
use grundy_core::kernel::heap_rules::HeapRules;
use grundy_survey::{
    answers, run_member, Budget, Family, Member, Record, Stop, FIXED_OVERHEAD_BYTES,
};

fn octal(code: &str) -> Member {
    Family::Octal.member(code).unwrap()
}

fn run(member: &Member, budget: &Budget) -> Record {
    run_member(member, budget, None, &AtomicBool::new(false), &mut |_| {})
        .unwrap()
        .record
}

/// A record without what differs from run to run (time, engine).
fn facts(r: &Record) -> Record {
    Record {
        seconds: 0.0,
        finished: None,
        ..r.clone()
    }
}

/// Czajka's value strings (`tests/data/czajka.txt` of the core): code → (values of one
/// preperiod and one period).
fn published_values() -> HashMap<String, Vec<u64>> {
    let text = include_str!("../../grundy-core/tests/data/czajka.txt");
    let mut out = HashMap::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let values = fields[3]
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_digit(36).unwrap() as u64)
            .collect();
        out.insert(Family::Octal.canonical(fields[0]).unwrap(), values);
    }
    out
}

#[test]
fn kayles_is_periodic_with_its_largest_value_and_rare_split() {
    let record = run(&octal(".77"), &Budget::values(1 << 20));
    assert_eq!(record.status(), "periodic");
    assert_eq!(
        (record.preperiod, record.period, record.saltus),
        (Some(71), Some(12), Some(0))
    );
    assert!(record.computed < 1 << 12, "{}", record.computed);
    assert_eq!(record.count, 1 << 20);
    assert_eq!(record.stopped, None);
    let values = &published_values()["0.77"];
    let max = *values.iter().max().unwrap();
    assert_eq!(record.max_value, max);
    assert_eq!(
        record.max_value_at,
        values.iter().position(|&v| v == max).unwrap() as u64
    );
    let split = record.rare.unwrap();
    assert_eq!(split.rare + split.common, record.computed);
    assert!(split.rare < split.common);
}

#[test]
fn largest_values_agree_with_the_published_strings() {
    for (code, values) in published_values() {
        let record = run(&octal(&code), &Budget::values(1 << 14));
        assert!(record.is_periodic(), "{code}");
        let max = *values.iter().max().unwrap();
        assert_eq!(record.max_value, max, "{code}");
        assert_eq!(
            record.max_value_at,
            values.iter().position(|&v| v == max).unwrap() as u64,
            "{code}"
        );
    }
}

/// What Czajka's tables say of a code.
#[derive(Debug, Clone, PartialEq)]
enum Published {
    Periodic { preperiod: u64, period: u64 },
    Open,
    Same(String),
}

fn published_status() -> Vec<(String, Published)> {
    let text = include_str!("data/czajka-status.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            let status = match f[1] {
                "periodic" => Published::Periodic {
                    preperiod: f[2].parse().unwrap(),
                    period: f[3].parse().unwrap(),
                },
                "open" => Published::Open,
                "same" => Published::Same(f[2].to_string()),
                other => panic!("unknown status {other}"),
            };
            (f[0].to_string(), status)
        })
        .collect()
}

/// Checks a claimed period with the core's naive reference (every option of every heap) over
/// twice the stretch the Guy–Smith theorem needs, and that no smaller preperiod fits.
fn confirmed_by_the_definition(code: &str, preperiod: u64, period: u64) {
    let rules = HeapRules::parse(code).unwrap();
    let t = rules.max_removed() as u64;
    let len = (2 * (2 * preperiod + period + t) + period) as usize;
    let values = naive_values(&rules, len);
    let (pre, p) = (preperiod as usize, period as usize);
    for n in pre..len - p {
        assert_eq!(values[n], values[n + p], "{code}: G({n}) and G({})", n + p);
    }
    if pre > 0 {
        assert_ne!(
            values[pre - 1],
            values[pre - 1 + p],
            "{code}: a smaller preperiod fits"
        );
    }
}

/// Every octal code of up to three digits (1,023 with the codes 4.…) against Czajka's tables:
/// where the survey proves a period for a code listed as periodic, it is the published period
/// and preperiod (for a code listed only as equivalent to another, whose values it takes with
/// an offset of at most two heaps: the same period, a preperiod within two of the other's).
/// Czajka's list of unsolved games is his work in progress, not a proof that they are open: a
/// period the survey proves for one of them (or for a code equivalent to one) is checked against
/// the definition, value by value, over twice the stretch the Guy–Smith theorem needs.
#[test]
fn every_three_digit_code_agrees_with_the_published_record() {
    let table = published_status();
    let direct: HashMap<String, Published> = table
        .iter()
        .filter(|(_, s)| !matches!(s, Published::Same(_)))
        .cloned()
        .collect();
    let family = Family::Octal.codes(3, true).unwrap();
    assert_eq!(family.len(), 1023);
    assert_eq!(table.len(), 1023, "the table covers the family");
    let listed: HashMap<String, Published> = table.into_iter().collect();
    let (mut proven, mut exact, mut beyond) = (0, 0, Vec::new());
    for member in &family {
        let record = run(member, &Budget::values(1 << 13));
        let status = &listed[&member.code];
        let (target, offset_allowed) = match status {
            Published::Same(t) => (&direct[t], 2),
            s => (s, 0),
        };
        match (target, record.period, record.preperiod) {
            (_, None, _) => {}
            (Published::Open, Some(p), Some(pre)) => {
                proven += 1;
                confirmed_by_the_definition(&member.code, pre, p);
                beyond.push(format!("{} (period {p}, preperiod {pre})", member.code));
            }
            (Published::Periodic { preperiod, period }, Some(p), Some(pre)) => {
                proven += 1;
                assert_eq!(p, *period, "{}: period", member.code);
                assert!(
                    pre.abs_diff(*preperiod) <= offset_allowed,
                    "{}: preperiod {pre}, published {preperiod} ({status:?})",
                    member.code
                );
                if offset_allowed == 0 {
                    exact += 1;
                }
            }
            other => panic!("{}: {other:?}", member.code),
        }
    }
    // The trivial games are proven with 2^13 values each (their periods show below heap 1000).
    assert!(exact >= 82, "{exact} codes checked exactly");
    println!(
        "{proven} of 1023 codes proven periodic with 2^13 values, {exact} of them listed directly; \
         settled here though listed unsolved (or equivalent to one): {}",
        beyond.join(", ")
    );
}

#[test]
fn an_open_member_stops_at_its_count() {
    let record = run(&octal("0.104"), &Budget::values(5000));
    assert_eq!(record.status(), "open");
    assert_eq!(record.computed, 5000);
    assert_eq!(record.stopped, None);
    assert!(answers(&record, &octal("0.104"), &Budget::values(5000)).unwrap());
    assert!(answers(&record, &octal("0.104"), &Budget::values(4999)).unwrap());
    assert!(!answers(&record, &octal("0.104"), &Budget::values(5001)).unwrap());
}

#[test]
fn a_time_budget_stops_a_member_and_counts_as_answered_until_raised() {
    let member = octal("0.007");
    let budget = Budget {
        seconds: Some(1e-9),
        ..Budget::values(1 << 20)
    };
    let record = run(&member, &budget);
    assert_eq!(record.stopped, Some(Stop::Time));
    assert!(record.computed < 1 << 20);
    assert!(answers(&record, &member, &budget).unwrap());
    let more_time = Budget {
        seconds: Some(record.seconds * 2.0 + 10.0),
        ..budget
    };
    assert!(!answers(&record, &member, &more_time).unwrap());
    // Without a time budget the member is not done either.
    assert!(!answers(&record, &member, &Budget::values(1 << 20)).unwrap());
}

#[test]
fn a_memory_budget_cuts_the_values_on_both_sides_of_its_threshold() {
    let member = octal("0.104");
    let bytes = grundy_survey::sequence_of(&member)
        .unwrap()
        .limits()
        .bytes_per_value;
    let exactly = Budget {
        memory: Some(FIXED_OVERHEAD_BYTES + 3000 * bytes),
        ..Budget::values(3000)
    };
    let record = run(&member, &exactly);
    assert_eq!((record.computed, record.stopped), (3000, None));
    let one_short = Budget {
        memory: Some(FIXED_OVERHEAD_BYTES + 3000 * bytes - 1),
        ..Budget::values(3000)
    };
    let record = run(&member, &one_short);
    assert_eq!(
        (record.computed, record.stopped),
        (2999, Some(Stop::Memory))
    );
    assert!(answers(&record, &member, &one_short).unwrap());
    assert!(!answers(&record, &member, &exactly).unwrap());
    let nothing = Budget {
        memory: Some(FIXED_OVERHEAD_BYTES),
        ..Budget::values(3000)
    };
    let err = run_member(
        &member,
        &nothing,
        None,
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .err()
    .unwrap()
    .to_string();
    assert!(err.contains("memory budget"), "{err}");
}

#[test]
fn an_interrupted_member_resumes_from_its_checkpoint_to_the_same_record() {
    let member = octal("0.106");
    let budget = Budget::values(40_000);
    let whole = run(&member, &budget);
    let cancel = AtomicBool::new(false);
    let outcome = run_member(&member, &budget, None, &cancel, &mut |p| {
        if p.done >= 10_000 {
            cancel.store(true, Ordering::Relaxed);
        }
    })
    .unwrap();
    assert!(outcome.cancelled);
    assert_eq!(outcome.record.stopped, Some(Stop::Interrupted));
    assert!(outcome.record.computed < 40_000);
    assert!(!answers(&outcome.record, &member, &budget).unwrap());
    let mut bytes = Vec::new();
    outcome.computation.write_checkpoint(&mut bytes).unwrap();
    let resumed = run_member(
        &member,
        &budget,
        Some((&bytes, outcome.record.seconds)),
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .unwrap();
    assert!(!resumed.cancelled);
    assert_eq!(facts(&resumed.record), facts(&whole));
    assert!(resumed.record.seconds >= outcome.record.seconds);
}

#[test]
fn a_member_extended_from_its_checkpoint_equals_a_longer_run() {
    for code in ["0.104", "0.16"] {
        let member = octal(code);
        let short = run_member(
            &member,
            &Budget::values(8_000),
            None,
            &AtomicBool::new(false),
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(short.record.computed, 8_000);
        let mut bytes = Vec::new();
        short.computation.write_checkpoint(&mut bytes).unwrap();
        let long = Budget::values(30_000);
        let extended = run_member(
            &member,
            &long,
            Some((&bytes, short.record.seconds)),
            &AtomicBool::new(false),
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(
            facts(&extended.record),
            facts(&run(&member, &long)),
            "{code}"
        );
    }
}

#[test]
fn hex_codes_and_subtraction_sets_are_surveyed_too() {
    let nim = run(&Family::Hex.member("0.[3]").unwrap(), &Budget::values(1000));
    assert_eq!(nim.status(), "periodic");
    assert_eq!(
        (nim.period, nim.saltus),
        (Some(1), Some(1)),
        "Nim: G(n + 1) = G(n) + 1"
    );
    let bachet = run(
        &Family::Subtraction.member("3,1,2").unwrap(),
        &Budget::values(1000),
    );
    assert_eq!(bachet.code, "1,2,3");
    assert_eq!(
        (bachet.preperiod, bachet.period, bachet.max_value),
        (Some(0), Some(4), 3)
    );
}

#[test]
fn a_checkpoint_of_another_member_is_refused() {
    let a = run_member(
        &octal("0.104"),
        &Budget::values(100),
        None,
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .unwrap();
    let mut bytes = Vec::new();
    a.computation.write_checkpoint(&mut bytes).unwrap();
    let other = run_member(
        &octal("0.106"),
        &Budget::values(200),
        Some((&bytes, 0.0)),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert!(other.is_err());
}
