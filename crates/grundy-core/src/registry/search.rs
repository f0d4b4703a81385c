//! The searches of the registry's search games, by name: what `grundy search`, Python's
//! `grundy.search` and the cluster's pieces ask. A family with a search door
//! ([`Family::search`]) is a search game; the door reads its positions and the engine's jobs
//! ([`crate::games::rules::search_run`], [`crate::games::rules::search_pieces`]) do the rest.

use crate::certificate::check::Checked;
use crate::certificate::Certificate;
use crate::games::family::Family;
use crate::games::rules::search_door::{SearchDoor, SearchedPosition};
use crate::games::rules::search_pieces::{Cut, PieceSum, PieceValue};
use crate::games::rules::search_run::{check_threads, SearchOptions, SearchRun};
use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;

/// The registry's name of `game`, `position` as that game writes it and as it is shown
/// ([`SearchRun::shown`]), or the error that names the bad one: what [`search`] checks before
/// it reads a table, for a front end that tells a bad position from a bad table file.
pub fn position_text(game: &str, position: &str) -> Result<(&'static str, String, String)> {
    let (name, door) = door_of(game)?;
    let (text, shown) = door(position)?.texts();
    Ok((name, text, shown))
}

/// The names of the games a search takes: the registry's families with a search door
/// ([`Family::search`]).
pub fn search_games() -> Vec<&'static str> {
    super::REGISTRY
        .iter()
        .filter(|f| f.search.is_some())
        .map(|f| f.name)
        .collect()
}

/// The name and the search door of the search game `game` (its name or an alias), or the
/// error naming the games a search takes.
fn door_of(game: &str) -> Result<(&'static str, SearchDoor)> {
    let family: Option<&'static Family> = super::family(game);
    match family.and_then(|f| Some((f.name, f.search?))) {
        Some(found) => Ok(found),
        None => Err(GameError::invalid(
            "search game",
            game,
            format!("one of {}", search_games().join(", ")),
        )),
    }
}

/// `position` of the search game `game` read through its door.
fn searched(game: &str, position: &str) -> Result<Box<dyn SearchedPosition>> {
    let (_, door) = door_of(game)?;
    door(position)
}

/// Searches `position` of `game` (a name of [`search_games`], or an alias of the registry).
/// Errors in the arguments (an unknown game, a bad position, a table of another game) are the
/// `Err`; an error of the search itself is [`SearchRun::value`], so that the table can still be
/// saved.
pub fn search(game: &str, position: &str, options: SearchOptions) -> Result<SearchRun> {
    let (_, door) = door_of(game)?;
    check_threads(options.threads)?;
    door(position)?.search(options)
}

/// `position` of `game` (a name of [`search_games`] or an alias) cut into its canonical
/// components.
pub fn components(game: &str, position: &str) -> Result<Cut> {
    searched(game, position)?.cut()
}

/// The options of the component `key` (a
/// [`crate::games::rules::search_pieces::Piece::key`] of `position`'s search, as listed by
/// [`components`] or [`options`]), each once, smallest first.
pub fn options(game: &str, position: &str, key: &str) -> Result<Vec<PieceSum>> {
    searched(game, position)?.options(key)
}

/// The value of the component `key` (as in [`options`]) by the core's search, with the
/// caller's memory, time budget and threads ([`SearchOptions::table`] is not read).
///
/// On one thread the engine is kept for the next piece or question of the same game in this
/// process (one per game, with the memory of the first call): the pieces of one position share
/// most of their positions, so a worker that values piece after piece searches each shared
/// position once.
///
/// A piece's value costs far more than the question its parent's search asks of it ([`has_value`]):
/// Cram 5 x 6 is found with 30,000 components expanded, its 14 options valued outright with a
/// million. A distributed search asks questions; values serve small pieces and the tests.
pub fn value(game: &str, position: &str, key: &str, options: SearchOptions) -> Result<PieceValue> {
    check_threads(options.threads)?;
    searched(game, position)?.value(key, options)
}

/// Whether the sum of the components `keys` (as in [`options`]) is worth exactly `target`, by
/// the engine's question (it stops at the first option that settles it: far less work than
/// the value), on one thread with the engine kept as [`value`] keeps it. This is what a
/// distributed search asks of each option of a component, value by value, as the threads of
/// [`crate::search::parallel`] do.
pub fn has_value(
    game: &str,
    position: &str,
    keys: &[&str],
    target: Nimber,
    options: &SearchOptions,
) -> Result<PieceValue<bool>> {
    searched(game, position)?.has_value(keys, target, options)
}

/// Checks `certificate` ([`crate::certificate`]): its game's door reads the position it
/// names, and the checker, which shares no code with the search, checks its facts and claim
/// from the game's rules. An error is a certificate that cannot be read as one of that game and
/// position; one read but not proving its claim says why in [`Checked::refuted`].
pub fn verify(certificate: &Certificate) -> Result<Checked> {
    let claim = &certificate.claim;
    let (_, door) = door_of(&claim.game)?;
    let position = door(&claim.position)?;
    let (text, _) = position.texts();
    if text != claim.position {
        return Err(GameError::invalid(
            "certificate",
            format!("position {}", claim.position),
            format!("a position as the game writes it ({text})"),
        ));
    }
    position.verify(certificate)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::rules::search_run;
    use std::time::Duration;

    fn options() -> SearchOptions {
        SearchOptions {
            memory_bytes: 1 << 20,
            ..SearchOptions::default()
        }
    }

    fn saved(run: &SearchRun) -> Vec<u8> {
        let mut bytes = Vec::new();
        run.write_table(&mut bytes).unwrap();
        bytes
    }

    fn with_table(bytes: Vec<u8>) -> SearchOptions {
        SearchOptions {
            table: Some(Box::new(std::io::Cursor::new(bytes))),
            ..options()
        }
    }

    #[test]
    fn values_match_the_registry() {
        for (game, position) in [
            ("cram", "3x4"),
            ("chomp", "3x4"),
            ("node-kayles", "path:7"),
            ("arc-kayles", "cycle:6"),
            ("sprouts", "0*4"),
        ] {
            let run = search(game, position, options()).unwrap();
            let term = format!("{game}:{position}");
            let sum = crate::spec::parse_sum(&term).unwrap();
            assert_eq!(
                run.value.unwrap(),
                search_run::Proven::Value(sum.value().unwrap()),
                "{term}"
            );
        }
    }

    /// An outcome search says who wins, as the value does: P-positions and N-positions of
    /// every searched game (the value 0 or more), each by a fresh search of either kind.
    #[test]
    fn outcome_searches_agree_with_values() {
        use search_run::Proven;
        let (mut wins, mut losses) = (0, 0);
        for (game, position) in [
            ("cram", "3x4"),
            ("cram", "4x4"),
            ("cram", "3x5"),
            ("chomp", "3x4"),
            ("chomp", "1x1"),
            ("node-kayles", "path:7"),
            ("node-kayles", "cycle:4"),
            ("arc-kayles", "cycle:6"),
            ("arc-kayles", "path:5"),
            ("sprouts", "0*2"),
            ("sprouts", "0*4"),
            ("sprouts", "0*7"),
            ("sprouts", "0*9"),
        ] {
            let value = search(game, position, options()).unwrap().value.unwrap();
            let outcome = SearchOptions {
                outcome: true,
                ..options()
            };
            let run = search(game, position, outcome).unwrap();
            assert_eq!(run.threads, 1, "{game}:{position}");
            match run.value.unwrap() {
                Proven::Value(0) => {
                    losses += 1;
                    assert_eq!(value, Proven::Value(0), "{game}:{position}");
                }
                Proven::Win => {
                    wins += 1;
                    assert_ne!(value, Proven::Value(0), "{game}:{position}");
                }
                other => panic!("{game}:{position}: an outcome search found {other:?}"),
            }
        }
        // Both answers are met: the list is not all of one kind.
        assert!(wins >= 4 && losses >= 4, "{wins} wins, {losses} losses");
    }

    #[test]
    fn an_outcome_search_has_no_certificate() {
        let asked = SearchOptions {
            outcome: true,
            certify: true,
            ..options()
        };
        let e = search("sprouts", "0*3", asked).unwrap_err().to_string();
        assert!(e.contains("certify") && e.contains("outcome"), "{e}");
    }

    #[test]
    fn a_saved_table_resumes_and_another_game_is_refused() {
        // 5 x 5: a board whose search stores entries (a 4 x 4 board's stored none).
        let first = search("cram", "5x5", options()).unwrap();
        assert!(first.stats.table.entries > 0);
        let bytes = saved(&first);
        let second = search("cram", "5x5", with_table(bytes.clone())).unwrap();
        assert!(second.resumed > 0);
        assert_eq!(second.value.unwrap(), first.value.unwrap());
        assert!(search("chomp", "3x3", with_table(bytes)).is_err());
    }

    #[test]
    fn unknown_games_and_bad_positions_are_errors() {
        let e = search("nim", "3", options()).unwrap_err().to_string();
        assert!(
            e.contains("one of cram, chomp, node-kayles, arc-kayles, sprouts"),
            "{e}"
        );
        assert!(search("cram", "9x9", options()).is_err());
    }

    #[test]
    fn the_time_budget_stops_a_search() {
        let tight = SearchOptions {
            time_budget: Some(Duration::ZERO),
            ..options()
        };
        let run = search("cram", "6x7", tight).unwrap();
        assert!(run.value.is_err());
        assert!(!saved(&run).is_empty());
    }
}

#[cfg(test)]
mod piece_tests {
    use super::*;
    use crate::nimber::mex;

    fn one_thread() -> SearchOptions {
        SearchOptions {
            memory_bytes: 1 << 20,
            threads: 1,
            ..SearchOptions::default()
        }
    }

    /// The value of the whole position by one search on one thread.
    fn whole_value(game: &str, position: &str) -> Nimber {
        let found = search(game, position, one_thread()).unwrap().value.unwrap();
        found.value().expect("a value search finds the value")
    }

    /// The value of `sum` with every piece valued by [`value`] after `depth` more cuts.
    fn value_cut(game: &str, position: &str, sum: &PieceSum, depth: u32) -> Nimber {
        sum.pieces.iter().fold(sum.known, |v, p| {
            v ^ if depth == 0 {
                let piece = value(game, position, &p.key, one_thread()).unwrap();
                piece.value.unwrap()
            } else {
                let values: Vec<Nimber> = options(game, position, &p.key)
                    .unwrap()
                    .iter()
                    .map(|o| value_cut(game, position, o, depth - 1))
                    .collect();
                mex(values)
            }
        })
    }

    #[test]
    fn a_cut_position_is_worth_what_one_search_finds() {
        // A component beside one valued from its table (a 5 x 5 and a 5 x 4 box), one
        // component, and the engines chosen by position (Node-Kayles and Arc-Kayles on grids).
        let walled = [".....#...."; 5].join("/");
        for (game, position) in [
            ("cram", "5x5"),
            ("cram", walled.as_str()),
            ("chomp", "3x4"),
            ("node-kayles", "path:9"),
            ("node-kayles", "grid:3x4"),
            ("arc-kayles", "cycle:7"),
            ("arc-kayles", "grid:3x3"),
        ] {
            let whole = whole_value(game, position);
            let cut = components(game, position).unwrap();
            for depth in 0..=2 {
                let v = value_cut(game, position, &cut.sum, depth);
                assert_eq!(v, whole, "{game}:{position} cut at depth {depth}");
            }
        }
    }

    /// The value of a component found as a distributed search finds it: for `k = 0, 1, ...`,
    /// is some option (not yet known) worth `k`?
    fn value_by_questions(game: &str, position: &str, key: &str) -> Nimber {
        let sums = options(game, position, key).unwrap();
        let mut found: Vec<Option<Nimber>> = sums
            .iter()
            .map(|s| s.pieces.is_empty().then_some(s.known))
            .collect();
        let mut k = 0;
        loop {
            if !found.contains(&Some(k)) {
                let worth_k = (0..sums.len()).find(|&i| {
                    found[i].is_none() && {
                        let keys: Vec<&str> =
                            sums[i].pieces.iter().map(|p| p.key.as_str()).collect();
                        has_value(game, position, &keys, k ^ sums[i].known, &one_thread())
                            .unwrap()
                            .value
                            .unwrap()
                    }
                });
                match worth_k {
                    Some(i) => found[i] = Some(k),
                    None => return k,
                }
            }
            k += 1;
        }
    }

    #[test]
    fn questions_value_each_component_as_one_search_does() {
        for (game, position) in [
            ("cram", "5x5"),
            ("cram", "4x6"),
            ("chomp", "4x5"),
            ("node-kayles", "grid:3x5"),
            ("node-kayles", "star:5"),
            ("arc-kayles", "path:9"),
        ] {
            let whole = whole_value(game, position);
            let cut = components(game, position).unwrap();
            let v = cut.sum.pieces.iter().fold(cut.sum.known, |v, p| {
                v ^ value_by_questions(game, position, &p.key)
            });
            assert_eq!(v, whole, "{game}:{position}");
        }
    }

    #[test]
    fn the_cut_names_the_game_its_keys_belong_to() {
        assert_eq!(components("arc-kayles", "grid:3x3").unwrap().tag, "cram");
        assert_eq!(
            components("arc-kayles", "cycle:5").unwrap().tag,
            "arc-kayles"
        );
        let grid = components("node-kayles", "grid:3x4").unwrap();
        assert_eq!(grid.tag, "node-kayles-grid");
        // A board of a tabled box (5 x 4) is known outright: nothing to search; one beyond
        // it (5 x 5) is one piece.
        let tabled = components("cram", "4x5").unwrap();
        assert!(tabled.sum.pieces.is_empty());
        let five = components("cram", "5x5").unwrap();
        assert_eq!(five.sum.pieces.len(), 1);
        assert_eq!(five.sum.pieces[0].size, 25);
    }

    #[test]
    fn a_key_that_is_not_one_is_refused_by_name() {
        for bad in ["xyz", "abc", "", "00"] {
            let e = value("cram", "3x3", bad, one_thread())
                .unwrap_err()
                .to_string();
            assert!(e.contains("component"), "{bad}: {e}");
            assert!(options("cram", "3x3", bad).is_err(), "{bad}");
        }
    }
}
