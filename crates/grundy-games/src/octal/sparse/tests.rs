use super::bitsets::{fold_marks, Marks};
use super::*;
use crate::octal::naive::naive_values;

fn sparse(code: &str, count: usize) -> Vec<u32> {
    let rules = HeapRules::parse(code).unwrap();
    let mut solver = SparseSolver::new(&rules);
    solver.extend_to(count).unwrap();
    solver.values().iter().map(u32::from).collect()
}

#[test]
fn agrees_with_naive_on_classics() {
    for code in [
        "0.77", "0.07", "0.137", "0.6", "0.007", "0.104", "0.106", "0.16", "0.354", "4.07", "0.4",
        "4.", "0.016", "0.3456",
    ] {
        let rules = HeapRules::parse(code).unwrap();
        assert_eq!(sparse(code, 1500), naive_values(&rules, 1500), "{code}");
    }
    let rules = HeapRules::grundys_game();
    let mut solver = SparseSolver::new(&rules);
    solver.extend_to(2000).unwrap();
    let fast: Vec<u32> = solver.values().iter().map(u32::from).collect();
    assert_eq!(fast, naive_values(&rules, 2000));
}

#[test]
fn agrees_with_naive_on_longer_runs() {
    // Long enough for the block pass, the small parts and dense mode to switch on.
    for code in ["0.6", "0.007", "0.354", "0.104", "0.16", "4.6"] {
        let rules = HeapRules::parse(code).unwrap();
        assert_eq!(sparse(code, 12_000), naive_values(&rules, 12_000), "{code}");
    }
}

#[test]
fn blind_recording_on_both_sides_of_its_thresholds_agrees_with_naive() {
    let blind_steps =
        |solver: &SparseSolver| -> u64 { solver.class_stats().iter().map(|c| c.blind_steps).sum() };
    // Officers looks at thousands of pairs a position (once out of dense mode, past some
    // 12,000 positions): blind recording is on by default; `0.104` at a few: off.
    for (code, on) in [("0.6", true), ("0.104", false)] {
        let rules = HeapRules::parse(code).unwrap();
        let mut solver = SparseSolver::new(&rules);
        solver.extend_to(20_000).unwrap();
        assert_eq!(blind_steps(&solver) > 0, on, "{code}");
    }
    // Always blind or never; blind limits of one step (every candidate beyond is scanned for),
    // of a few steps and unlimited.
    let settings = [
        (0, 1),
        (0, 4 * RECORD_STEP),
        (0, usize::MAX),
        (usize::MAX, usize::MAX),
    ];
    for code in ["0.6", "0.104", "0.354", "0.16", "4.6", "0.137", "0.007"] {
        let rules = HeapRules::parse(code).unwrap();
        let naive = naive_values(&rules, 6_000);
        for (pairs, cap) in settings {
            let mut solver = SparseSolver::new(&rules);
            solver.set_blind(pairs, cap);
            solver.extend_to(6_000).unwrap();
            let values: Vec<u32> = solver.values().iter().map(u32::from).collect();
            assert_eq!(values, naive, "{code} pairs {pairs} cap {cap}");
            // Treblecross (`0.007`) soon leaves for dense mode, which never records blind.
            if code != "0.007" {
                assert_eq!(blind_steps(&solver) > 0, pairs == 0, "{code}");
            }
        }
    }
    // One class blind and the other not, in both orders: the blind class's marks must be
    // cleared even when the other class's scan hits in the same pass.
    for code in ["0.354", "4.6"] {
        let rules = HeapRules::parse(code).unwrap();
        let naive = naive_values(&rules, 6_000);
        for d in 0..2 {
            for cap in [RECORD_STEP, usize::MAX] {
                let mut solver = SparseSolver::new(&rules);
                solver.set_blind_parity(d, 0, cap);
                solver.set_blind_parity(1 - d, usize::MAX, usize::MAX);
                solver.extend_to(6_000).unwrap();
                let values: Vec<u32> = solver.values().iter().map(u32::from).collect();
                assert_eq!(values, naive, "{code}, blind parity {d}, cap {cap}");
            }
        }
    }
    let rules = HeapRules::grundys_game();
    let naive = naive_values(&rules, 3_000);
    for (pairs, cap) in settings {
        let mut solver = SparseSolver::new(&rules);
        solver.set_blind(pairs, cap);
        solver.extend_to(3_000).unwrap();
        let values: Vec<u32> = solver.values().iter().map(u32::from).collect();
        assert_eq!(values, naive, "Grundy's game, pairs {pairs} cap {cap}");
    }
}

fn sparse_with(code: &str, count: usize, threads: usize) -> (Vec<u32>, u64) {
    let rules = HeapRules::parse(code).unwrap();
    let mut solver = SparseSolver::new(&rules);
    solver.set_threads(threads);
    solver.set_far_wait();
    solver.extend_to(count).unwrap();
    let values = solver.values().iter().map(u32::from).collect();
    if code == "0.6" && threads == 2 && count >= 30_000 {
        // Waited for, the second thread is never late: it takes on small parts (the splits
        // the settling loop records blind) once Officers leaves dense mode, past some 12,000
        // positions.
        assert!(solver.far_parts() > 0, "0.6: no small parts handed over");
    }
    (values, solver.far_blocks())
}

#[test]
fn two_threads_give_the_same_values() {
    for code in [
        "0.6", "0.354", "0.104", "0.16", "0.007", "4.6", "0.137", "0.3456",
    ] {
        let (one, far_one) = sparse_with(code, 30_000, 1);
        let (two, far_two) = sparse_with(code, 30_000, 2);
        assert_eq!(two, one, "{code}");
        assert_eq!(far_one, 0, "{code}: one thread never hands work over");
        if code == "0.6" {
            // Officers has many rare positions above FAR_MIN: the far path must be used.
            assert!(
                far_two > 100,
                "0.6: only {far_two} blocks used the second thread"
            );
        }
    }
    let rules = HeapRules::parse("0.6").unwrap();
    let (two, _) = sparse_with("0.6", 12_000, 2);
    assert_eq!(two, naive_values(&rules, 12_000));
    // Without waiting, whichever rows arrive in time are used: the values are the same.
    let mut solver = SparseSolver::new(&rules);
    solver.set_threads(2);
    solver.extend_to(30_000).unwrap();
    let values: Vec<u32> = solver.values().iter().map(u32::from).collect();
    assert_eq!(values, sparse_with("0.6", 30_000, 1).0);
}

#[test]
fn two_threads_continue_a_resumed_solver_exactly() {
    // Extending in several calls (as a run does between looks at its cancel flag) keeps the
    // second thread and its copy of the values, sent only what it lacks.
    let rules = HeapRules::parse("0.6").unwrap();
    let (whole, _) = sparse_with("0.6", 20_000, 1);
    let mut solver = SparseSolver::new(&rules);
    solver.set_threads(2);
    for stop in [700, 5_000, 5_100, 13_000, 20_000] {
        solver.extend_to(stop).unwrap();
    }
    let mut resumed = SparseSolver::resume(&rules, solver.values().slice(0..9_000).to_vec());
    resumed.set_threads(2);
    resumed.extend_to(20_000).unwrap();
    for values in [solver.values(), resumed.values()] {
        let values: Vec<u32> = values.iter().map(u32::from).collect();
        assert_eq!(values, whole);
    }
    // A step too short next to the values known stays on one thread (no copy of them all), on
    // both sides of the limit: the values are the same.
    let mut stepped =
        SparseSolver::resume(&rules, whole[..8_192].iter().map(|&g| g as u16).collect());
    stepped.set_threads(2);
    stepped.set_far_wait();
    let far = |s: &SparseSolver| s.far_blocks();
    stepped.extend_to(8_192 + 4 * SUPERBLOCK - 1).unwrap();
    assert_eq!(far(&stepped), 0, "a short step: one thread");
    assert_eq!(
        stepped.far_lacks(),
        8_192 + 4 * SUPERBLOCK - 1,
        "a step under four superblocks sends no values"
    );
    stepped.extend_to(20_000).unwrap();
    assert!(far(&stepped) > 0, "a long step: two threads");
    let values: Vec<u32> = stepped.values().iter().map(u32::from).collect();
    assert_eq!(values, whole);
    let long = 300 * 4 * SUPERBLOCK;
    let mut solver = SparseSolver::new(&rules);
    solver.extend_to(long).unwrap();
    let mut stepped = SparseSolver::resume(&rules, solver.values().to_vec());
    stepped.set_threads(2);
    stepped.set_far_wait();
    stepped.extend_to(long + long / FAR_COPY_RATIO - 1).unwrap();
    assert_eq!(
        far(&stepped),
        0,
        "a step below 1/{FAR_COPY_RATIO} of the values: one thread"
    );
    // Once the second thread holds the values, steps far below that ratio keep it (a long
    // run's steps of a tenth of a second), the values the same as on one thread; without it
    // (one thread asked for, or a copy of the solver, which starts with none) they do not.
    let n = stepped.values().len();
    stepped
        .extend_to(n + n / FAR_COPY_RATIO + 4 * SUPERBLOCK)
        .unwrap();
    let started = far(&stepped);
    assert!(started > 0, "a long step starts the second thread");
    let short = 4 * SUPERBLOCK;
    assert!(short < long / FAR_COPY_RATIO);
    let mut copy = stepped.clone();
    for _ in 0..4 {
        let n = stepped.values().len();
        stepped.extend_to(n + short).unwrap();
    }
    assert!(
        far(&stepped) >= started + 4,
        "short steps after a long one: two threads ({} blocks, {started} before)",
        far(&stepped)
    );
    let n = copy.values().len();
    copy.extend_to(n + short).unwrap();
    assert_eq!(
        far(&copy),
        started,
        "a copy starts without the second thread"
    );
    for _ in 0..3 {
        let n = copy.values().len();
        copy.extend_to(n + short).unwrap();
    }
    let mut alone = SparseSolver::new(&rules);
    alone.extend_to(stepped.values().len()).unwrap();
    assert_eq!(stepped.values().to_vec(), alone.values().to_vec());
    assert_eq!(copy.values().to_vec(), alone.values().to_vec());
    stepped.set_threads(1);
    let (n, before) = (stepped.values().len(), far(&stepped));
    stepped.extend_to(n + short).unwrap();
    assert_eq!(
        far(&stepped),
        before,
        "one thread asked for: no second thread"
    );
}

/// A solver resumed from a long table and extended in steps too short to copy all it lacks
/// to the second thread (a resumed run's steps of a tenth of a second) sends the thread
/// `FAR_COPY_RATIO` values per value of each step, and uses both threads once the rest is
/// worth copying: here from its second step. Before, it stayed on one thread for good.
#[test]
fn a_resumed_solver_reaches_two_threads_in_short_steps() {
    let rules = HeapRules::parse("0.6").unwrap();
    let (short, long) = (4 * SUPERBLOCK, 300 * 4 * SUPERBLOCK);
    let mut alone = SparseSolver::new(&rules);
    alone.extend_to(long + 4 * short).unwrap();
    let mut stepped = SparseSolver::resume(&rules, alone.values().slice(0..long).to_vec());
    stepped.set_threads(2);
    stepped.set_far_wait();
    // The first step lacks more than `FAR_COPY_RATIO` steps' worth: one thread, and a share
    // of the values sent.
    assert!(long / FAR_COPY_RATIO > short && long < 2 * short * FAR_COPY_RATIO);
    stepped.extend_to(long + short).unwrap();
    assert_eq!(stepped.far_blocks(), 0, "the first short step: one thread");
    assert_eq!(stepped.far_lacks(), long + short - short * FAR_COPY_RATIO);
    // What is left is worth copying within the second step.
    stepped.extend_to(long + 2 * short).unwrap();
    assert!(
        stepped.far_blocks() > 0,
        "the second short step: two threads"
    );
    // It lacks at most the values found since its last job (those of the step's end).
    assert!(stepped.far_lacks() < short, "{}", stepped.far_lacks());
    for i in 3..=4 {
        stepped.extend_to(long + i * short).unwrap();
    }
    assert_eq!(stepped.values().to_vec(), alone.values().to_vec());
    // Told how far it will go (a run's target), it copies at once when that pays: from its
    // first short step on two threads. Not when the plan is too short to pay for the copy.
    for (plan, two) in [(long + long / FAR_COPY_RATIO, true), (long + short, false)] {
        let mut planned = SparseSolver::resume(&rules, alone.values().slice(0..long).to_vec());
        planned.set_threads(2);
        planned.set_far_wait();
        planned.plan(plan);
        assert_eq!(
            planned.far_lacks(),
            if two { 0 } else { long },
            "plan {plan}"
        );
        planned.extend_to(long + short).unwrap();
        assert_eq!(planned.far_blocks() > 0, two, "plan {plan}");
        assert_eq!(
            planned.values().to_vec(),
            alone.values().slice(0..long + short).to_vec()
        );
    }
}

#[test]
fn fold_marks_sets_exactly_the_marked_bits() {
    let mut marks = vec![0u8; 192];
    for x in [0, 7, 8, 63, 64, 100, 127, 128, 191] {
        marks[x] = 1;
    }
    let mut words = [1u64 << 5, 0, 0];
    fold_marks(&marks, &mut words);
    for x in 0..192 {
        let expected = marks[x] == 1 || x == 5;
        assert_eq!(words[x / 64] >> (x % 64) & 1 == 1, expected, "bit {x}");
    }
}

#[test]
fn resumed_solver_continues_exactly() {
    for code in ["0.6", "0.104", "0.007"] {
        let rules = HeapRules::parse(code).unwrap();
        let whole = sparse(code, 3000);
        let mut first = SparseSolver::new(&rules);
        first.extend_to(1234).unwrap();
        let mut second = SparseSolver::resume(&rules, first.into_values());
        second.extend_to(3000).unwrap();
        let resumed: Vec<u32> = second.values().iter().map(u32::from).collect();
        assert_eq!(resumed, whole, "{code}");
    }
}

/// The first index whose value does not fit one byte.
fn first_wide(values: &[u32]) -> usize {
    values
        .iter()
        .position(|&g| g > 255)
        .expect("a value above 255")
}

#[test]
fn widens_at_the_first_value_above_255_and_agrees_with_naive() {
    // Treblecross (dense mode) passes 255 at 9,168, Officers (rare/common) at 10,344.
    for code in ["0.007", "0.6"] {
        let rules = HeapRules::parse(code).unwrap();
        let naive = naive_values(&rules, 12_000);
        let first = first_wide(&naive);
        assert!(first > 5_000, "{code}: narrow for a long time first");
        let mut solver = SparseSolver::new(&rules);
        solver.extend_to(first).unwrap();
        assert_eq!(
            solver.values().bytes_per_value(),
            1,
            "{code}: all below 256"
        );
        solver.extend_to(first + 1).unwrap();
        assert_eq!(
            solver.values().bytes_per_value(),
            2,
            "{code}: one above 255"
        );
        solver.extend_to(12_000).unwrap();
        let values: Vec<u32> = solver.values().iter().map(u32::from).collect();
        assert_eq!(values, naive, "{code}");
        // In one call across the threshold, and from a narrow resumed table just below it.
        assert_eq!(sparse(code, 12_000), naive, "{code}");
        let below: Vec<u8> = naive[..first].iter().map(|&g| g as u8).collect();
        let mut resumed = SparseSolver::resume_narrow(&rules, below);
        resumed.extend_to(12_000).unwrap();
        let values: Vec<u32> = resumed.values().iter().map(u32::from).collect();
        assert_eq!(values, naive, "{code}: resumed narrow");
    }
}

#[test]
fn narrow_then_wide_equals_wide_from_the_start() {
    // Officers passes 255 at 10,344; both thread counts, the second thread's rows included.
    let rules = HeapRules::parse("0.6").unwrap();
    let mut wide = SparseSolver::new_wide(&rules);
    wide.extend_to(40_000).unwrap();
    for threads in [1, 2] {
        // Stopping on both sides of the threshold, and crossing it inside one long call.
        for stops in [&[10_000, 10_344, 10_345, 40_000][..], &[40_000]] {
            let mut solver = SparseSolver::new(&rules);
            solver.set_threads(threads);
            solver.set_far_wait();
            for &stop in stops {
                solver.extend_to(stop).unwrap();
                let width = if stop > 10_344 { 2 } else { 1 };
                assert_eq!(solver.values().bytes_per_value(), width, "at {stop}");
            }
            assert_eq!(solver.values(), wide.values(), "{threads} thread(s)");
        }
    }
}

#[test]
fn small_values_stay_narrow() {
    let rules = HeapRules::parse("0.104").unwrap();
    let mut solver = SparseSolver::new(&rules);
    solver.extend_to(50_000).unwrap();
    assert_eq!(solver.values().bytes_per_value(), 1);
    let resumed = SparseSolver::resume(&rules, solver.values().to_vec());
    assert_eq!(resumed.values().bytes_per_value(), 1);
    assert_eq!(resumed.values(), solver.values());
}

#[test]
fn mark_xors_marks_exactly_the_pair_xors_in_both_widths() {
    use super::value::Value;
    // Lengths around the chunk sizes (8 pairs for u8, 32 for u16), with and without a
    // remainder.
    for len in [0, 1, 7, 8, 9, 16, 23, 31, 32, 33, 64, 70] {
        let low: Vec<u8> = (0..len).map(|i| (i * 37 + 5) as u8).collect();
        let high: Vec<u8> = (0..len).map(|i| (i * 91 + 200) as u8).collect();
        let expected: Vec<usize> = (0..len).map(|i| (low[i] ^ high[i]) as usize).collect();
        let mut narrow = Marks::default();
        u8::mark_xors(&low, &high, &mut narrow.0);
        let wide_low: Vec<u16> = low.iter().map(|&g| g as u16 * 257).collect();
        let wide_high: Vec<u16> = high.iter().map(|&g| g as u16 * 257).collect();
        let mut wide = Marks::default();
        u16::mark_xors(&wide_low, &wide_high, &mut wide.0);
        for x in 0..1 << 16 {
            let in_narrow = x < 256 && expected.contains(&x);
            let in_wide = x % 257 == 0 && expected.contains(&(x / 257));
            assert_eq!(narrow.0[x] == 1, in_narrow, "u8, length {len}, value {x}");
            assert_eq!(wide.0[x] == 1, in_wide, "u16, length {len}, value {x}");
        }
    }
}

/// A small deterministic generator for the kernel tests.
fn lcg(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *state >> 33
}

#[test]
fn byte_rows_and_bit_rows_record_exactly_the_rare_options() {
    use super::kernels::{rare_pass, Rows, BYTES_PAY, MAX_BYTE_WORDS};
    let mut state = 7;
    // Both sides of the byte rows' limit (8 words: values below 512), both widths of value.
    for words in [1, 2, 4, MAX_BYTE_WORDS, 2 * MAX_BYTE_WORDS] {
        let bound = 64 * words as u64;
        let values: Vec<u16> = (0..3000)
            .map(|_| (lcg(&mut state) % bound) as u16)
            .collect();
        let mut positions: Vec<u32> = (0..40)
            .map(|_| 1 + (lcg(&mut state) % 2900) as u32)
            .collect();
        positions.sort_unstable();
        positions.dedup();
        let rare_values: Vec<u16> = positions.iter().map(|&p| values[p as usize]).collect();
        for unequal in [false, true] {
            let (start, len, k) = (2900, 64, 3);
            let expected: Vec<Vec<u64>> = (0..len)
                .map(|j| {
                    let mut row = vec![0u64; words];
                    let rest = start + j - k;
                    for (&p, &v) in positions.iter().zip(&rare_values) {
                        let p = p as usize;
                        if p < rest && !(unequal && 2 * p == rest) {
                            let x = v ^ values[rest - p];
                            row[x as usize / 64] |= 1 << (x % 64);
                        }
                    }
                    row
                })
                .collect();
            let expected: Vec<u64> = expected.concat();
            let mut bits = vec![0u64; words * len];
            let mut bytes = Vec::new();
            let many = BYTES_PAY * words;
            // Too few options per row for byte rows: bits.
            let rows = Rows::new(&mut bits, &mut bytes, words, len, many - 1);
            assert!(
                matches!(rows, Rows::Bits { .. }),
                "{words} words, few options"
            );
            let mut rows = Rows::new(&mut bits, &mut bytes, words, len, many);
            assert_eq!(
                matches!(rows, Rows::Bytes { .. }),
                words <= MAX_BYTE_WORDS,
                "{words} words"
            );
            rare_pass(
                &values,
                &mut rows,
                (start, len, k),
                (&positions, &rare_values),
                unequal,
            );
            rows.fold();
            assert_eq!(bits, expected, "{words} words, unequal {unequal}");
            assert!(bytes.iter().all(|&b| b == 0), "byte rows left clear");
            // The same rows as bits, for the narrow table too where the values fit a byte.
            let mut plain = vec![0u64; words * len];
            let mut rows = Rows::Bits {
                rows: &mut plain,
                words,
            };
            rare_pass(
                &values,
                &mut rows,
                (start, len, k),
                (&positions, &rare_values),
                unequal,
            );
            assert_eq!(plain, expected, "{words} words as bits");
            if words <= 4 {
                let narrow: Vec<u8> = values.iter().map(|&g| g as u8).collect();
                let mut bits = vec![0u64; words * len];
                let mut rows = Rows::new(&mut bits, &mut bytes, words, len, many);
                rare_pass(
                    &narrow,
                    &mut rows,
                    (start, len, k),
                    (&positions, &rare_values),
                    unequal,
                );
                rows.fold();
                assert_eq!(bits, expected, "{words} words, one-byte values");
            }
        }
    }
}

#[test]
fn values_above_511_leave_the_byte_rows_and_agree_with_naive() {
    // `0.0037` passes 511 near 14,000: from there its rows are bitmaps of 16 words.
    let rules = HeapRules::parse("0.0037").unwrap();
    let count = 16_000;
    let naive = naive_values(&rules, count);
    assert!(naive.iter().any(|&g| g > 511), "a value above 511");
    for ratio in [8, 1_000_000] {
        // The default, and rare/common however many rare positions there are.
        let mut solver = SparseSolver::new(&rules);
        solver.set_dense_ratio(ratio);
        solver.extend_to(count).unwrap();
        let values: Vec<u32> = solver.values().iter().map(u32::from).collect();
        assert_eq!(values, naive, "dense ratio {ratio}");
    }
}

#[test]
fn mirror_gives_each_split_partner_across_its_growth() {
    use super::mirror::Mirror;
    use super::value::Value;
    fn check<V: Value>(values: &[V]) {
        // Grown one value at a time (doubling from 64), with a reserve in the middle, and built
        // at once: the partner of `a` in `rest` is `G(rest - a)` at every size.
        let mut mirror = Mirror::of(&[]);
        for (n, &g) in values.iter().enumerate() {
            mirror.push(g);
            if n == 300 {
                mirror.reserve(700);
            }
            let at_once = Mirror::of(&values[..=n]);
            for rest in [n, n / 2 + 1, 2]
                .into_iter()
                .filter(|&r| (2..=n).contains(&r))
            {
                let last = rest / 2;
                for m in [&mirror, &at_once] {
                    let partners = m.partners(rest, 1, last);
                    let expected: Vec<V> = (1..=last).map(|a| values[rest - a]).collect();
                    assert_eq!(partners, &expected[..], "size {}, rest {rest}", n + 1);
                }
            }
        }
    }
    let wide: Vec<u16> = (0..1100u32).map(|i| (i * 7919 % 613) as u16).collect();
    let narrow: Vec<u8> = wide.iter().map(|&g| g as u8).collect();
    check(&wide);
    check(&narrow);
}

#[test]
fn find_pair_xor_finds_the_first_pair_at_every_chunk_position() {
    use super::kernels::find_pair_xor;
    // Lengths around the chunk of 32, the one pair with the value at every place, and none.
    for len in [0, 1, 31, 32, 33, 64, 95, 100] {
        let low: Vec<u16> = (0..len).map(|i| (i % 50) as u16).collect();
        let high: Vec<u16> = low.iter().map(|&l| l ^ 7).collect();
        assert_eq!(find_pair_xor(&low, &high, 8), None, "length {len}");
        for at in 0..len {
            let mut high = high.clone();
            high[at] = low[at] ^ 8;
            if at + 1 < len {
                high[len - 1] = low[len - 1] ^ 8;
            }
            assert_eq!(
                find_pair_xor(&low, &high, 8),
                Some(at),
                "length {len}, at {at}"
            );
            let (low, high): (Vec<u8>, Vec<u8>) = low
                .iter()
                .zip(&high)
                .map(|(&l, &h)| (l as u8, h as u8))
                .unzip();
            assert_eq!(
                find_pair_xor(&low, &high, 8),
                Some(at),
                "u8, length {len}, at {at}"
            );
        }
    }
}

#[test]
fn find_pair_xor_agrees_with_a_plain_search_next_to_borrowing_lanes() {
    use super::kernels::find_pair_xor;
    // The search inside a chunk works on eight bytes (four `u16`) at a time, finding a zero
    // lane by a subtraction whose borrows run upwards: lanes that differ from the target by
    // 1, the top bit or all bits, just above and below a hit, must not be taken for hits.
    let mut state = 5;
    let g: u16 = 0x2A5;
    let near = [0, 1, 0x80, 0xFF, 0x100, 0x8000, 0xFFFF, 0x101];
    for round in 0..400 {
        let len = (lcg(&mut state) % 100) as usize;
        let low: Vec<u16> = (0..len).map(|_| lcg(&mut state) as u16).collect();
        let high: Vec<u16> = low
            .iter()
            .map(|&l| {
                let off = near[(lcg(&mut state) % 8) as usize];
                let off = if lcg(&mut state) % 5 == 0 {
                    off
                } else {
                    off | 3
                };
                l ^ g ^ off
            })
            .collect();
        let plain = (0..len).find(|&i| low[i] ^ high[i] == g);
        assert_eq!(find_pair_xor(&low, &high, g), plain, "u16, round {round}");
        let (low, high): (Vec<u8>, Vec<u8>) = low
            .iter()
            .zip(&high)
            .map(|(&l, &h)| (l as u8, h as u8))
            .unzip();
        let plain = (0..len).find(|&i| low[i] ^ high[i] == g as u8);
        assert_eq!(
            find_pair_xor(&low, &high, g as u8),
            plain,
            "u8, round {round}"
        );
    }
}

#[test]
fn or_xor_bits_sets_exactly_the_pair_xors_in_both_widths() {
    use super::value::Value;
    let mut state = 9;
    for len in [0, 1, 7, 8, 9, 30, 64, 65] {
        let low: Vec<u8> = (0..len).map(|_| (lcg(&mut state) % 64) as u8).collect();
        let high: Vec<u8> = (0..len).map(|_| (lcg(&mut state) % 64) as u8).collect();
        let expected = low
            .iter()
            .zip(&high)
            .fold(0u64, |bits, (&l, &h)| bits | 1 << (l ^ h));
        assert_eq!(u8::or_xor_bits(&low, &high), expected, "u8, {len} pairs");
        let wide = |v: &[u8]| v.iter().map(|&x| u16::from(x)).collect::<Vec<u16>>();
        assert_eq!(
            u16::or_xor_bits(&wide(&low), &wide(&high)),
            expected,
            "u16, {len} pairs"
        );
    }
}

#[test]
fn insert_all_sets_exactly_the_values_at_every_width() {
    use super::bitsets::insert_all;
    // One word (values below 64), two, and the alternating lanes beyond.
    let mut state = 3;
    for bound in [2, 63, 64, 65, 128, 129, 300, 5000] {
        let empty = Seen::for_values_below(bound);
        let top = (64 * (empty.words.len() - 1)) as u64;
        for len in [0, 1, 7, 40] {
            let xors: Vec<u16> = (0..len).map(|_| (lcg(&mut state) % top) as u16).collect();
            let mut seen = empty.clone();
            seen.insert(1);
            let mut expected = seen.clone();
            insert_all(&mut seen, xors.iter().copied(), &mut Vec::new());
            for &x in &xors {
                expected.insert(x);
            }
            assert_eq!(seen.words, expected.words, "bound {bound}, {len} values");
        }
    }
}

#[test]
fn insert_pairs_sets_the_same_bits_on_both_sides_of_the_marking_threshold() {
    use super::bitsets::{insert_pairs, pays_to_mark};
    let mut state = 11;
    for bound in [2, 100, 128, 300, 512, 5000] {
        let seen_empty = Seen::for_values_below(bound);
        let words = seen_empty.words.len();
        // Values below the seen bitmap's power of two, so their XORs fit it.
        let top = (64 * (words - 1)) as u64;
        for len in [0, 1, 8 * words - 1, 8 * words, 8 * words + 1, 200] {
            let low: Vec<u16> = (0..len).map(|_| (lcg(&mut state) % top) as u16).collect();
            let high: Vec<u16> = (0..len).map(|_| (lcg(&mut state) % top) as u16).collect();
            let mut seen = seen_empty.clone();
            let mut marks = Marks::default();
            insert_pairs(&low, &high, &mut seen, &mut marks.0);
            let mut expected = seen_empty.clone();
            for (&l, &h) in low.iter().zip(&high) {
                expected.insert(l ^ h);
            }
            assert_eq!(seen.words, expected.words, "bound {bound}, {len} pairs");
            assert!(marks.0.iter().all(|&m| m == 0), "marks cleared");
            assert_eq!(pays_to_mark(len, &seen), len >= 8 * words);
        }
    }
}
