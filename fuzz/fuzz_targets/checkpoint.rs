//! Sequence checkpoints (`grundy sequence --checkpoint`, `--resume`) whose checksum is right
//! but whose fields may say anything: a real checkpoint of a small run of one of several games
//! (octal codes, Grundy's game, subtraction, all-but and take-and-break games) with header
//! fields overwritten by the input, or the input itself as the file; the FNV-1a trailer is
//! recomputed either way, so the fields' checks are reached. Restoring never panics: it is a
//! refusal naming the checkpoint, or a run that goes on and whose report (values, period
//! certificate, a value far beyond the table) is written without panicking.
#![no_main]

use std::sync::atomic::AtomicBool;

use grundy_core::kernel::heap_sequence::HeapSequence;
use grundy_core::registry::sequences::by_name;
use grundy_core::sequence::checkpoint::fnv1a;
use grundy_core::sequence::report::{Report, Request};
use libfuzzer_sys::fuzz_target;
use num_bigint::BigUint;

/// The games, and how many values their saved run holds.
const GAMES: &[(&str, &str, u64)] = &[
    ("octal", "0.16", 600),
    ("octal", "kayles", 300),
    ("grundys-game", "", 100),
    ("subtraction", "1,4,9", 100),
    ("all-but", "2,3", 100),
    ("hex", "0.8", 40),
];

/// Values a resumed run may compute beyond the saved ones (keeps each input fast).
const MORE: u64 = 200;

fn game(i: usize) -> Box<dyn HeapSequence> {
    let (name, param, _) = GAMES[i % GAMES.len()];
    let params: Vec<&str> = if param.is_empty() { vec![] } else { vec![param] };
    by_name(name, &params).expect("the games exist")
}

/// A real checkpoint of `seq` after `count` values.
fn saved(seq: &dyn HeapSequence, count: u64) -> Vec<u8> {
    let mut run = seq.start(count).expect("small runs start");
    run.run(&AtomicBool::new(false), &mut |_| {}).expect("small runs finish");
    let mut bytes = Vec::new();
    run.write_checkpoint(&mut bytes).expect("writing to a Vec");
    bytes
}

fn with_checksum(mut bytes: Vec<u8>) -> Vec<u8> {
    if bytes.len() >= 16 {
        let body = bytes.len() - 8;
        let sum = fnv1a(&bytes[..body]);
        bytes[body..].copy_from_slice(&sum.to_le_bytes());
    }
    bytes
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let seq = game(selector as usize & 0x7f);
    let bytes = if selector & 0x80 == 0 {
        // Edits of a real checkpoint: (field 0..8, u64) pairs; fields 0..6 are the u64s of
        // the header (target, next check, preperiod, period, checked, count), 6 the flags,
        // 7 the width.
        let (_, _, count) = GAMES[(selector as usize & 0x7f) % GAMES.len()];
        let mut bytes = saved(seq.as_ref(), count);
        let code_len = u16::from_le_bytes([bytes[10], bytes[11]]) as usize;
        for edit in rest.chunks_exact(9) {
            let value = u64::from_le_bytes(edit[1..9].try_into().unwrap());
            match edit[0] % 8 {
                f @ 0..=5 => {
                    let at = 12 + code_len + 8 * f as usize;
                    bytes[at..at + 8].copy_from_slice(&value.to_le_bytes());
                }
                6 => bytes[9] = value as u8,
                _ => bytes[12 + code_len + 48] = value as u8,
            }
        }
        with_checksum(bytes)
    } else {
        with_checksum(rest.to_vec())
    };
    let mut run = match seq.restore(&bytes) {
        Ok(run) => run,
        Err(e) => {
            assert!(e.to_string().contains("checkpoint"), "{e}");
            return;
        }
    };
    let target = run.computed().saturating_add(MORE);
    if run.set_target(target).is_err() {
        return;
    }
    if run.run(&AtomicBool::new(false), &mut |_| {}).is_err() {
        return;
    }
    let request = Request {
        count: run.computed().min(target),
        at: Some(BigUint::from(10u32).pow(30)),
        until_period: None,
    };
    if let Ok(report) = Report::new(seq.as_ref(), run.as_ref(), &request, false) {
        let _ = report.document();
        let _ = report.period.text();
    }
});
