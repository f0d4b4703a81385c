//! Certificates proven by the engine and checked, and certificates altered and refused.

use crate::certificate::check::check;
use crate::certificate::prove::prove;
use crate::certificate::*;
use crate::games::cram::{Cram, CramBoard};
use crate::games::sprouts::{Sprouts, SproutsPosition};
use crate::nimber::Nimber;
use crate::search::{Engine, SplitGame};

/// The certificate of a Sprouts position, proven by a fresh engine.
fn sprouts_certificate(text: &str) -> (Vec<crate::games::sprouts::LandKey>, Certificate) {
    let position: SproutsPosition = text.parse().unwrap();
    let keys = position.keys();
    let mut engine = Engine::new(Sprouts::new(), 16 << 20);
    let value = engine.value_of_sum(&keys).unwrap();
    let certificate = prove(
        &mut engine,
        "sprouts",
        &position.to_string(),
        &keys,
        0,
        value,
    )
    .unwrap();
    (keys, certificate)
}

fn refuted<G: SplitGame>(game: &G, keys: &[G::Key], x: Nimber, c: &Certificate) -> Option<String> {
    check(game, keys, x, c).unwrap().refuted
}

/// Sprouts of one to five spots, a position of two lands and one of several regions: proven,
/// written, read back and checked by a fresh game (no table). Values from Applegate, Jacobson
/// and Sleator (1991): `0*n` is a first-player win exactly when n mod 6 is 3, 4 or 5.
#[test]
fn sprouts_certificates_check() {
    for text in ["0*1", "0*2", "0*3", "0*4", "0*5", "0*2+0*3", "0*4|1a1a"] {
        let (keys, certificate) = sprouts_certificate(text);
        let mut bytes = Vec::new();
        certificate.write_to(&mut bytes).unwrap();
        let read = Certificate::read_from(&mut bytes.as_slice()).unwrap();
        assert_eq!(read, certificate);
        let checked = check(&Sprouts::new(), &keys, 0, &read).unwrap();
        assert_eq!(checked.refuted, None, "{text}");
        assert_eq!(checked.facts, certificate.claim.facts);
        if let Some(n) = text.strip_prefix("0*").and_then(|n| n.parse::<u32>().ok()) {
            assert_eq!(
                certificate.claim.value != 0,
                matches!(n % 6, 3..=5),
                "{text}"
            );
        }
    }
}

/// Sprouts' facts are written in the notation (`0*3`, not hexadecimal digits), so Glop's and
/// SPOTS's readers can follow them.
#[test]
fn sprouts_keys_are_the_notation() {
    let (_, certificate) = sprouts_certificate("0*3");
    let first = certificate.facts.iter().map(|(k, _)| k.as_str());
    assert!(first.clone().any(|k| k == "0*3"), "{certificate:?}");
    assert!(first.clone().all(|k| k.parse::<SproutsPosition>().is_ok()));
    // Two lands, or no land: no key.
    let game = Sprouts::new();
    assert!(game.key_from_text("0*3").is_some());
    assert!(game.key_from_text("0*1+0*2").is_none());
    assert!(game.key_from_text("0*3!").is_none());
}

/// Cram boards (the game knows the values of small pieces, which options carry) and a board
/// of two pieces.
#[test]
fn cram_certificates_check() {
    for text in ["2x3", "3x3", "3x4", "4x4", "2x2;1,1", "1x5"] {
        let board: CramBoard = match text.split_once(';') {
            Some((size, _)) => {
                let b: CramBoard = size.parse().unwrap();
                CramBoard::with_holes(b.rows(), b.cols(), &[(0, 0)]).unwrap()
            }
            None => text.parse().unwrap(),
        };
        let (keys, x) = board.components();
        let mut engine = Engine::new(Cram::new(), 16 << 20);
        let value = engine.value_of_sum(&keys).unwrap() ^ x;
        let certificate = prove(&mut engine, "cram", text, &keys, x, value).unwrap();
        assert_eq!(
            refuted(&Cram::new(), &keys, x, &certificate),
            None,
            "{text}"
        );
    }
}

/// A fact changed, a fact left out, the claim changed: refused, naming the line.
#[test]
fn altered_certificates_are_refuted() {
    let (keys, certificate) = sprouts_certificate("0*4");
    let game = Sprouts::new();
    // The claim.
    let mut wrong = certificate.clone();
    wrong.claim.value ^= 1;
    let why = refuted(&game, &keys, 0, &wrong).unwrap();
    assert!(why.contains("claimed to be worth 0"), "{why}");
    // Each value fact changed in turn is refused (by its own check or by a fact that uses it).
    for i in 0..certificate.facts.len() {
        let mut wrong = certificate.clone();
        match &mut wrong.facts[i].1 {
            Fact::Value(v) => *v ^= 1,
            Fact::Not(ks) => ks[0] += 1,
        }
        assert!(
            refuted(&game, &keys, 0, &wrong).is_some(),
            "fact {:?} changed and accepted",
            certificate.facts[i]
        );
    }
    // The position's own fact left out; and facts left out in turn are mostly missed (a fact
    // proven on the way may be needed no more once a stronger one about its user is known).
    let mut wrong = certificate.clone();
    let root = wrong.facts.iter().position(|(k, _)| k == "0*4").unwrap();
    wrong.facts.remove(root);
    let why = refuted(&game, &keys, 0, &wrong).unwrap();
    assert!(why.contains("component 0*4 has no value"), "{why}");
    let missed = (0..certificate.facts.len())
        .filter(|&i| {
            let mut wrong = certificate.clone();
            wrong.facts.remove(i);
            refuted(&game, &keys, 0, &wrong).is_some()
        })
        .count();
    assert!(
        2 * missed > certificate.facts.len(),
        "{missed} of {}",
        certificate.facts.len()
    );
}

/// A certificate of the wrong value for a terminal land: the mex rule refuses it.
#[test]
fn a_false_value_is_refuted_by_the_mex_rule() {
    let game = Sprouts::new();
    let key = game.key_from_text("0*1").unwrap();
    let certificate = Certificate {
        claim: Claim {
            certificate: FORMAT.into(),
            version: VERSION,
            game: "sprouts".into(),
            tag: "sprouts".into(),
            position: "0*1".into(),
            value: 1,
            facts: 1,
        },
        facts: vec![("0*1".into(), Fact::Value(1))],
    };
    let why = refuted(&game, &[key], 0, &certificate).unwrap();
    assert!(why.starts_with("line 2: worth 1 claimed"), "{why}");
}

/// Unreadable certificates: the line and what it should hold are named.
#[test]
fn malformed_certificates_are_errors() {
    let claim = r#"{"certificate":"grundy-certificate","version":1,"game":"sprouts","tag":"sprouts","position":"0*1","value":0,"facts":1}"#;
    for (text, said) in [
        ("", "line 1: nothing"),
        ("{}", "line 1"),
        (&format!("{claim}\n"), "the end after 0 facts"),
        (&format!("{claim}\n{{\"key\":\"0*1\"}}\n"), "line 2"),
        (
            &format!("{claim}\n{{\"key\":\"0*1\",\"value\":0,\"not\":[1]}}\n"),
            "neither or both",
        ),
        (
            &format!("{claim}\n{{\"key\":\"0*1\",\"value\":0}}\n{{\"key\":\"0*2\",\"value\":0}}\n"),
            "line 3: a line more",
        ),
        (
            &claim.replace("\"version\":1", "\"version\":2"),
            "version 2",
        ),
    ] {
        let err = Certificate::read_from(&mut text.as_bytes()).unwrap_err();
        assert!(err.to_string().contains(said), "{text:?}: {err}");
    }
    // A line beyond the longest read, and bytes that are not UTF-8.
    let long = format!(
        "{claim}\n{{\"key\":\"{}\",\"value\":0}}\n",
        "0".repeat(1 << 20)
    );
    let err = Certificate::read_from(&mut long.as_bytes()).unwrap_err();
    assert!(
        err.to_string().contains("line 2: a line longer than"),
        "{err}"
    );
    let err = Certificate::read_from(&mut &b"\xff\xfe\n"[..]).unwrap_err();
    assert!(err.to_string().contains("line 1"), "{err}");
    // Windows line ends are read as line ends.
    let crlf = format!("{claim}\r\n{{\"key\":\"0*1\",\"value\":0}}\r\n");
    assert_eq!(
        Certificate::read_from(&mut crlf.as_bytes())
            .unwrap()
            .facts
            .len(),
        1
    );
    // Read, but a key the game cannot name, or named twice.
    let game = Sprouts::new();
    let key = game.key_from_text("0*1").unwrap();
    for (facts, said) in [
        ("{\"key\":\"0*1+\",\"value\":0}", "line 2: key 0*1+"),
        (
            "{\"key\":\"0*1\",\"value\":0}\n{\"key\":\"0*1\",\"not\":[1]}",
            "on line 2 too",
        ),
    ] {
        let count = facts.lines().count();
        let text = format!(
            "{}\n{facts}\n",
            claim.replace("\"facts\":1", &format!("\"facts\":{count}"))
        );
        let certificate = Certificate::read_from(&mut text.as_bytes()).unwrap();
        let err = check(&game, std::slice::from_ref(&key), 0, &certificate).unwrap_err();
        assert!(err.to_string().contains(said), "{facts}: {err}");
    }
}
