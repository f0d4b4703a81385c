//! One search cut into pieces that other processes or machines value (the Python package's
//! `grundy.search(..., client=...)` on a Dask cluster): no scheduling and no I/O here, only the
//! three questions a distributed search asks of the core.
//!
//! A position is the sum of its canonical components ([`components`]), so its value is the XOR
//! of theirs and of the values the game knows outright. A component's value is the mex of its
//! options' values, and an option is again a sum of components ([`options`]: each option once,
//! smallest first). So the position's game tree, cut at any depth, is a set of components
//! valued independently ([`value`], the core's search of one component) and combined exactly:
//! the XOR of a sum's parts, the mex of a component's options.
//!
//! A component crosses between processes as a [`Piece`]: its canonical key written as text
//! ([`crate::search::TableKey::write`] in hexadecimal digits), which names the same game in every
//! process of the same build, so that a store of proven values can be keyed by it. The engine
//! that reads a key is chosen by the game and the position, as [`super::search_run::search`]
//! chooses it; [`Cut::tag`] names it (a key of one is meaningless to another).

use super::search_run::{family_of, run, with_engine, EngineJob, SearchOptions, SearchRun};
use crate::kernel::error::{GameError, Result};
use crate::nimber::Nimber;
use crate::search::options::distinct;
use crate::search::{SplitGame, TableKey};

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

/// The value of the component `key` (as in [`options`]) by the core's search, with the
/// caller's memory, time budget and threads; [`SearchRun::value`] is the component's value.
pub fn value(game: &str, position: &str, key: &str, options: SearchOptions) -> Result<SearchRun> {
    super::search_run::check_threads(options.threads)?;
    with_engine(family_of(game)?, position, Value { key, options })
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
    fn run<G: SplitGame + Send>(
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
    fn run<G: SplitGame + Send>(
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
    type Out = SearchRun;
    fn run<G: SplitGame + Send>(
        self,
        game: impl Fn() -> G,
        family: &'static str,
        _: Vec<G::Key>,
        _: Nimber,
        texts: (String, String),
    ) -> Result<SearchRun>
    where
        G::Key: Default + Send + Sync + 'static,
    {
        let key = key_of::<G::Key>(self.key, &game().table_tag())?;
        run(game, family, &[key], 0, texts, self.options)
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
                value(game, position, &p.key, one_thread())
                    .unwrap()
                    .value
                    .unwrap()
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
