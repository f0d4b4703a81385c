//! One search cut into pieces that other processes or machines value (the Python package's
//! `grundy.search(..., client=...)` on a Dask cluster): no scheduling and no I/O here, only the
//! questions a distributed search asks of the core.
//!
//! A position is the sum of its canonical components ([`components`]), so its value is the XOR
//! of theirs and of the values the game knows outright. A component's value is the mex of its
//! options' values, and an option is again a sum of components ([`options`]: each option once,
//! smallest first). So the position's game tree, cut at any depth, is a set of components
//! valued independently ([`value`], the core's search of one component) and combined exactly:
//! the XOR of a sum's parts, the mex of a component's options. Found value by value, a
//! component's mex needs of each option only "is it worth `k`?" ([`has_value`]), the engine's
//! question, which stops at the first option that settles it: that is what the workers are
//! asked, round by round, as the threads of [`crate::search::parallel`] are.
//!
//! A component crosses between processes as a [`Piece`]: its canonical key written as text
//! ([`crate::search::TableKey::write`] in hexadecimal digits), which names the same game in every
//! process of the same build, so that a store of proven values can be keyed by it. The engine
//! that reads a key is chosen by the game and the position, as [`super::search_run::search`]
//! chooses it; [`Cut::tag`] names it (a key of one is meaningless to another).

use std::any::Any;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::search_run::{family_of, run, with_engine, EngineJob, SearchOptions};
use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;
use crate::search::parallel::distinct;
use crate::search::{Engine, SplitGame, TableKey};

/// One component of a position, as text that crosses between processes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The canonical key in hexadecimal digits: equal keys are the same game.
    pub key: String,
    /// Its size (cells, vertices, squares): larger pieces are assumed harder.
    pub size: u32,
}

/// A sum of pieces and of values known outright: a position, or one option of a component.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceSum {
    /// The components still to value (equal ones cancelled in pairs).
    pub pieces: Vec<Piece>,
    /// The XOR of the values the game knows without search.
    pub known: Nimber,
}

/// A position cut into its components ([`components`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cut {
    /// The registry's name of the game.
    pub game: &'static str,
    /// The position, as the game writes it.
    pub position: String,
    /// The game whose keys the pieces are (the engine's table tag: `cram`, `node-kayles-grid`,
    /// ...): Arc-Kayles on a grid is searched as Cram, so its pieces are Cram's.
    pub tag: String,
    /// The position as a sum of pieces.
    pub sum: PieceSum,
}

/// `position` of `game` (a name of [`super::search_run::SEARCH_GAMES`] or an alias) cut into
/// its canonical components.
pub fn components(game: &str, position: &str) -> Result<Cut> {
    with_engine(family_of(game)?, position, Components)
}

/// The options of the component `key` (a [`Piece::key`] of `position`'s search, as listed by
/// [`components`] or [`options`]), each once, smallest first.
pub fn options(game: &str, position: &str, key: &str) -> Result<Vec<PieceSum>> {
    with_engine(family_of(game)?, position, Options { key })
}

/// What valuing one piece (or asking one question of a sum of pieces) found and cost.
#[derive(Debug)]
pub struct PieceValue<T = Nimber> {
    /// The value (or the answer), or the error that stopped the search (its time budget).
    pub value: Result<T>,
    /// Components the search expanded.
    pub expanded: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
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
    super::search_run::check_threads(options.threads)?;
    with_engine(family_of(game)?, position, Value { key, options })
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
    with_engine(
        family_of(game)?,
        position,
        Question {
            keys,
            target,
            memory_bytes: options.memory_bytes,
            time_budget: options.time_budget,
        },
    )
}

/// The engines [`value`] keeps between pieces, one per game type.
static KEPT: Mutex<Vec<Box<dyn Any + Send>>> = Mutex::new(Vec::new());

/// The engine of `G` kept by an earlier piece, or a new one with `memory_bytes`.
fn kept_engine<G: SplitGame + Send + 'static>(
    game: impl Fn() -> G,
    memory_bytes: usize,
) -> Engine<G> {
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    match kept.iter().position(|e| e.is::<Engine<G>>()) {
        Some(i) => match kept.swap_remove(i).downcast::<Engine<G>>() {
            Ok(engine) => *engine,
            Err(_) => Engine::new(game(), memory_bytes),
        },
        None => Engine::new(game(), memory_bytes),
    }
}

/// Keeps `engine` for the next piece.
fn keep_engine<G: SplitGame + Send + 'static>(engine: Engine<G>)
where
    G::Key: Send,
{
    KEPT.lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(Box::new(engine));
}

/// The piece of the component `key` of `game`.
fn piece<G: SplitGame>(game: &G, key: &G::Key) -> Piece {
    let mut bytes = Vec::new();
    key.write(&mut bytes);
    Piece {
        key: bytes.iter().map(|b| format!("{b:02x}")).collect(),
        size: game.size(key),
    }
}

/// The key a [`Piece::key`] text holds, or the error that names it.
fn key_of<K: TableKey>(text: &str, tag: &str) -> Result<K> {
    let refused = || {
        let excerpt: String = text.chars().take(40).collect();
        GameError::invalid(
            "component",
            excerpt,
            format!("the hexadecimal key of a component of a {tag} search, as listed by its cut"),
        )
    };
    if text.len() % 2 != 0 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(refused());
    }
    let bytes: Vec<u8> = (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16))
        .collect::<std::result::Result<_, _>>()
        .map_err(|_| refused())?;
    let mut rest = bytes.as_slice();
    match K::read(&mut rest) {
        Some(key) if rest.is_empty() => Ok(key),
        _ => Err(refused()),
    }
}

/// [`components`]' job.
struct Components;

impl EngineJob for Components {
    type Out = Cut;
    fn run<G: SplitGame + Send + 'static>(
        self,
        game: impl Fn() -> G,
        family: &'static str,
        keys: Vec<G::Key>,
        x: Nimber,
        (position, _): (String, String),
    ) -> Result<Cut>
    where
        G::Key: Default + Send + Sync + 'static,
    {
        let game = game();
        Ok(Cut {
            game: family,
            position,
            tag: game.table_tag(),
            sum: PieceSum {
                pieces: keys.iter().map(|k| piece(&game, k)).collect(),
                known: x,
            },
        })
    }
}

/// [`options`]' job.
struct Options<'a> {
    key: &'a str,
}

impl EngineJob for Options<'_> {
    type Out = Vec<PieceSum>;
    fn run<G: SplitGame + Send + 'static>(
        self,
        game: impl Fn() -> G,
        _: &'static str,
        _: Vec<G::Key>,
        _: Nimber,
        _: (String, String),
    ) -> Result<Vec<PieceSum>>
    where
        G::Key: Default + Send + Sync + 'static,
    {
        let game = game();
        let key = key_of::<G::Key>(self.key, &game.table_tag())?;
        Ok(distinct(&game, &key)
            .into_iter()
            .map(|sum| PieceSum {
                pieces: sum.keys.iter().map(|k| piece(&game, k)).collect(),
                known: sum.x,
            })
            .collect())
    }
}

/// [`value`]'s job.
struct Value<'a> {
    key: &'a str,
    options: SearchOptions,
}

impl EngineJob for Value<'_> {
    type Out = PieceValue;
    fn run<G: SplitGame + Send + 'static>(
        self,
        game: impl Fn() -> G,
        family: &'static str,
        _: Vec<G::Key>,
        _: Nimber,
        texts: (String, String),
    ) -> Result<PieceValue>
    where
        G::Key: Default + Send + Sync + 'static,
    {
        let key = key_of::<G::Key>(self.key, &game().table_tag())?;
        if self.options.threads > 1 {
            let options = SearchOptions {
                table: None,
                ..self.options
            };
            let run = run(game, family, &[key], 0, texts, options)?;
            return Ok(PieceValue {
                value: run.value,
                expanded: run.stats.expanded,
                elapsed: run.elapsed,
            });
        }
        let mut engine = kept_engine(game, self.options.memory_bytes);
        engine.set_time_budget(self.options.time_budget);
        let before = engine.stats().expanded;
        let started = Instant::now();
        let value = engine.value_of_sum(&[key]);
        let piece = PieceValue {
            value,
            expanded: engine.stats().expanded - before,
            elapsed: started.elapsed(),
        };
        keep_engine(engine);
        Ok(piece)
    }
}

/// [`has_value`]'s job.
struct Question<'a> {
    keys: &'a [&'a str],
    target: Nimber,
    memory_bytes: usize,
    time_budget: Option<Duration>,
}

impl EngineJob for Question<'_> {
    type Out = PieceValue<bool>;
    fn run<G: SplitGame + Send + 'static>(
        self,
        game: impl Fn() -> G,
        _: &'static str,
        _: Vec<G::Key>,
        _: Nimber,
        _: (String, String),
    ) -> Result<PieceValue<bool>>
    where
        G::Key: Default + Send + Sync + 'static,
    {
        let tag = game().table_tag();
        let keys = self
            .keys
            .iter()
            .map(|k| key_of::<G::Key>(k, &tag))
            .collect::<Result<Vec<_>>>()?;
        let mut engine = kept_engine(game, self.memory_bytes);
        engine.set_time_budget(self.time_budget);
        let before = engine.stats().expanded;
        let started = Instant::now();
        let value = engine.sum_has_value(&keys, self.target);
        let answer = PieceValue {
            value,
            expanded: engine.stats().expanded - before,
            elapsed: started.elapsed(),
        };
        keep_engine(engine);
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::super::search_run::search;
    use super::*;
    use crate::nimber::mex;

    fn one_thread() -> SearchOptions {
        SearchOptions {
            memory_bytes: 1 << 20,
            threads: 1,
            ..SearchOptions::default()
        }
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
            let whole = search(game, position, one_thread()).unwrap().value.unwrap();
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
            let whole = search(game, position, one_thread()).unwrap().value.unwrap();
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
