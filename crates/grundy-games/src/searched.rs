//! Games answered by search, as rulesets: Cram, Chomp, Node-Kayles and Arc-Kayles.
//!
//! These games have no sequence and no closed form: a position's value comes from the search
//! engine of [`crate::search`] (decomposition into independent regions, canonical forms, a
//! bounded table). [`Searched`] wraps such a game as a [`Ruleset`] so that it plays in sums,
//! `analyze`, `play`, `simulate` and the API like any other: each game module describes its
//! board, its moves and how a move is typed ([`SearchedGame`]), and the wrapper keeps one engine
//! per game whose table remembers what every question proved: per ruleset made, or per process
//! after [`share_engines`] (the server's, whose every request parses its position afresh).
//!
//! A position is one board (or graph) written in the game's own text form, so a term holds one
//! position: `cram:5x5`, `chomp:7,7,5`, `node-kayles:grid:3x4`.

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;
use std::sync::{Arc, Mutex, OnceLock, TryLockError};

use crate::kernel::error::{GameError, Result};
use crate::kernel::moves::MoveList;
use crate::kernel::MoveError;
use crate::kernel::{
    derive_by_options, shown_option, Derivation, MoveContext, OptionValue, PositionForm, Ruleset,
    MAX_DERIVED_OPTIONS,
};
use crate::nimber::Nimber;
use crate::search::{Engine, SplitGame};

mod shared;
pub use shared::{engines_shared, share_engines};

/// A game searched by [`crate::search`], as its module describes it.
pub trait SearchedGame: Send + Sync + 'static
where
    <Self::Split as SplitGame>::Key: Send,
{
    /// A position: a board or a graph, read and written in its text form.
    type Board: PositionForm + FromStr<Err = GameError> + fmt::Display;
    /// A move.
    type Move: Copy + fmt::Display;
    /// The game as the search engine sees it.
    type Split: SplitGame + Send;

    /// The ruleset's name in terms and JSON, e.g. `cram`.
    const NAME: &'static str;
    /// How rows and columns are numbered when a position is drawn square by square (see
    /// [`crate::kernel::Presentation::grid`]); `None` for graphs and Chomp's bars.
    const GRID_NUMBERING: Option<crate::kernel::numbering::Numbering> = None;
    /// Its title, e.g. `Cram`.
    const TITLE: &'static str;
    /// Its typed moves, as shown to the user.
    const EXAMPLES: &'static str;

    /// A fresh engine (its table's memory and time budget chosen by the game).
    fn engine() -> Engine<Self::Split>;
    /// Every legal move, in a fixed order.
    fn moves(board: &Self::Board) -> Vec<Self::Move>;
    /// The position after `m`.
    fn play(board: &Self::Board, m: Self::Move) -> Result<Self::Board>;
    /// The value, searched by `engine`.
    fn value_with(board: &Self::Board, engine: &mut Engine<Self::Split>) -> Result<Nimber>;
    /// Whether the value is `target`, searched by `engine`: by default the value compared,
    /// faster where the game hands its components to [`Engine::sum_has_value`].
    fn has_value(
        board: &Self::Board,
        target: Nimber,
        engine: &mut Engine<Self::Split>,
    ) -> Result<bool> {
        Ok(Self::value_with(board, engine)? == target)
    }
    /// The value when it is known without search (a Cram region that is its own half turn:
    /// the mirror strategy), else `None`.
    fn known_value(_board: &Self::Board) -> Option<Nimber> {
        None
    }
    /// How [`SearchedGame::known_value`] knows a value, in a sentence for explanations.
    const KNOWN_VALUE_REASON: &'static str = "known without search";
    /// How [`SearchedGame::known_value`] knows the value of `board` in particular (a Cram
    /// board lost by the mirror says so, not every case the rules know); by default
    /// [`SearchedGame::KNOWN_VALUE_REASON`].
    fn known_value_reason(_board: &Self::Board) -> String {
        Self::KNOWN_VALUE_REASON.into()
    }
    /// What a move takes out of play, in words (`removes vertices 1, 2, 3`), written in a
    /// move's label instead of the position before and after it; `None` (the default) writes
    /// the positions. A graph's text is its whole edge list, some 500 characters for a grid of
    /// 63 vertices: written twice, it hid the move in every line of an analysis.
    fn taken(_before: &Self::Board, _after: &Self::Board) -> Option<String> {
        None
    }
    /// The move from `before` to `after`, if one leads there: by default each move tried in
    /// turn; a game whose moves are many (a Chomp bar beyond the search) finds it directly.
    fn move_to(before: &Self::Board, after: &Self::Board) -> Option<Self::Move> {
        Self::moves(before)
            .into_iter()
            .find(|&m| Self::play(before, m).ok().as_ref() == Some(after))
    }
    /// The position after the first move (moves are listed gentlest first), or `None` when
    /// there is none: by default the moves listed and the first played; a game whose listing
    /// is costly makes the first alone (a sum asks this of every component it meets, to drop
    /// the finished ones).
    fn first_option(board: &Self::Board) -> Option<Self::Board> {
        Self::moves(board)
            .into_iter()
            .find_map(|m| Self::play(board, m).ok())
    }
    /// Whether the sum of `boards` is a P-position under misère play, by a search of the
    /// game's own (see [`Ruleset::misere_p_position`]); none by default.
    fn misere_p_position(_boards: &[&Self::Board]) -> Option<Result<bool>> {
        None
    }
    /// The move `words` type (see [`Ruleset::parse_move`]): `None` when they are not a move of
    /// this game's shape, else the move or why it is not one.
    fn read_move(
        board: &Self::Board,
        words: &[&str],
    ) -> Option<std::result::Result<Self::Move, String>>;
}

/// A [`SearchedGame`] as a ruleset, with one engine kept for every question (see the module
/// documentation): the process's one engine of the game after [`share_engines`].
pub struct Searched<G: SearchedGame> {
    engine: Arc<Mutex<Engine<G::Split>>>,
    /// This ruleset's own engine, made when a question finds the shared one busy.
    own: OnceLock<Mutex<Engine<G::Split>>>,
    game: PhantomData<G>,
}

impl<G: SearchedGame> Searched<G> {
    /// The ruleset with a fresh engine, or the process's shared one after [`share_engines`].
    pub fn new() -> Self {
        Searched {
            engine: shared::engine_for::<G>(),
            own: OnceLock::new(),
            game: PhantomData,
        }
    }

    /// Runs `search` with the engine, or with this ruleset's own while another question holds
    /// the engine (only a shared one is ever held by another ruleset's question): waiting,
    /// the question's deadline would run.
    fn with_engine<T>(&self, search: impl FnOnce(&mut Engine<G::Split>) -> T) -> T {
        match self.engine.try_lock() {
            Ok(mut engine) => search(&mut engine),
            Err(TryLockError::Poisoned(poisoned)) => search(&mut poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => {
                let own = self.own.get_or_init(|| Mutex::new(G::engine()));
                search(&mut own.lock().unwrap_or_else(|e| e.into_inner()))
            }
        }
    }

    fn value(&self, board: &G::Board) -> Result<Nimber> {
        self.with_engine(|engine| G::value_with(board, engine))
    }

    fn has_value(&self, board: &G::Board, target: Nimber) -> Result<bool> {
        self.with_engine(|engine| G::has_value(board, target, engine))
    }
}

impl<G: SearchedGame> Searched<G> {
    /// One of `moves` (moves of `board`) to an option worth `target`, with that option: the
    /// first whose value is known without search (the central domino of a Cram board with a
    /// side even), else the first found by asking each option "are you worth it?" in turn.
    fn first_to_value(
        &self,
        board: &G::Board,
        moves: &[G::Move],
        target: Nimber,
    ) -> Result<Option<(G::Move, G::Board)>> {
        if let Some(known) = first_known::<G>(board, moves, target) {
            return Ok(Some(known));
        }
        for &m in moves {
            let next = G::play(board, m)?;
            if self.has_value(&next, target)? {
                return Ok(Some((m, next)));
            }
        }
        Ok(None)
    }

    /// The value of `board` by the mex rule shown with witnesses (see
    /// [`Ruleset::explain_value`]): for each value below it the first of `moves` to an
    /// option worth that value, each option asked "are you worth it?" rather than valued.
    fn derive_by_witnesses(&self, board: &G::Board, moves: &[G::Move]) -> Result<Derivation> {
        let value = self.value(board)?;
        let (mut witnesses, mut named) = (Vec::new(), Vec::new());
        for k in 0..value {
            // The mex rule finds one, unless a table read from a file was wrong: then the
            // options are valued one by one.
            let Some((m, next)) = self.first_to_value(board, moves, k)? else {
                return derive_by_options(self, board);
            };
            named.push(format!("{k} after {m}"));
            witnesses.push(OptionValue {
                option: shown_option(board, &[next]),
                value: k,
            });
        }
        let n = moves.len();
        let reason = match named.is_empty() {
            true => format!("by search, none of its {n} options is worth 0"),
            false => format!(
                "by search, its {n} options include one worth each value below {value} ({}) and none worth {value}",
                named.join("; ")
            ),
        };
        Ok(Derivation::by_witnesses(
            board.show(),
            n as u64,
            witnesses,
            reason,
        ))
    }
}

/// The first of `moves` (moves of `board`) to an option whose value is known without search to
/// be `target`, with that option.
fn first_known<G: SearchedGame>(
    board: &G::Board,
    moves: &[G::Move],
    target: Nimber,
) -> Option<(G::Move, G::Board)>
where
    <G::Split as SplitGame>::Key: Send,
{
    moves.iter().find_map(|&m| {
        let next = G::play(board, m).ok()?;
        (G::known_value(&next) == Some(target)).then_some((m, next))
    })
}

impl<G: SearchedGame> Default for Searched<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: SearchedGame> fmt::Debug for Searched<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(G::NAME)
    }
}

/// One ruleset per game: every instance equals every other (the engine is a cache).
impl<G: SearchedGame> PartialEq for Searched<G> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<G: SearchedGame> Eq for Searched<G> {}
impl<G: SearchedGame> std::hash::Hash for Searched<G> {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}
impl<G: SearchedGame> PartialOrd for Searched<G> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<G: SearchedGame> Ord for Searched<G> {
    fn cmp(&self, _: &Self) -> std::cmp::Ordering {
        std::cmp::Ordering::Equal
    }
}

impl<G: SearchedGame> Ruleset for Searched<G> {
    type Position = G::Board;

    fn presentation(&self) -> crate::kernel::Presentation {
        crate::kernel::Presentation {
            grid: G::GRID_NUMBERING,
            ..crate::kernel::Presentation::of_form::<G::Board>()
        }
    }

    fn term(&self) -> String {
        G::NAME.into()
    }

    fn name(&self) -> String {
        G::NAME.into()
    }

    fn title(&self) -> String {
        G::TITLE.into()
    }

    /// The whole text is one board (its own syntax may hold commas and colons).
    fn parse_positions(&self, text: &str) -> Result<Vec<G::Board>> {
        Ok(vec![text.trim().parse()?])
    }

    fn positions_from(&self, numbers: Vec<u64>) -> Result<Vec<G::Board>> {
        let text: Vec<String> = numbers.iter().map(u64::to_string).collect();
        Err(GameError::invalid(
            format!("{} position", G::NAME),
            text.join(","),
            "a position in the game's text form (\"position\": \"...\"), not a list of heaps",
        ))
    }

    fn options(&self, board: &G::Board) -> Vec<Vec<G::Board>> {
        G::moves(board)
            .into_iter()
            .filter_map(|m| G::play(board, m).ok())
            .map(|b| vec![b])
            .collect()
    }

    fn grundy(&self, board: &G::Board) -> Result<Nimber> {
        self.value(board)
    }

    fn misere_p_position(&self, boards: &[&G::Board]) -> Option<Result<bool>> {
        G::misere_p_position(boards)
    }

    /// The first option, as the default finds it, without making the others: a Chomp bar of
    /// thousands of rows has thousands of options of thousands of rows each (seconds to make,
    /// for a question that wants one).
    fn gentlest_option(&self, board: &G::Board) -> Option<Vec<G::Board>> {
        G::first_option(board).map(|b| vec![b])
    }

    /// A uniformly random move, made alone (every listed move is legal, so this is the
    /// default's choice among the options).
    fn random_option(
        &self,
        board: &G::Board,
        rng: &mut dyn rand_core::RngCore,
    ) -> Option<Vec<G::Board>> {
        let moves = G::moves(board);
        if moves.is_empty() {
            return None;
        }
        let i = crate::kernel::uniform_below(rng, moves.len() as u64) as usize;
        match G::play(board, moves[i]) {
            Ok(b) => Some(vec![b]),
            // A listed move the board refuses: drawn among the options, as by default.
            Err(_) => {
                let mut options = self.options(board);
                if options.is_empty() {
                    return None;
                }
                let i = crate::kernel::uniform_below(rng, options.len() as u64);
                Some(options.swap_remove(i as usize))
            }
        }
    }

    /// Asked as "is it worth 0?", which prunes far more than the value.
    fn is_p_position(&self, board: &G::Board) -> Result<bool> {
        self.has_value(board, 0)
    }

    /// A value known without search ([`SearchedGame::known_value`]) is explained by its
    /// reason when the options are too many to list: deriving it option by option would
    /// search every option (the 8 × 8 Cram board or Node-Kayles grid: the whole time budget,
    /// for a derivation that then could not be shown). Otherwise the options and their values.
    ///
    /// With more options than a derivation names, the mex rule is shown by witnesses: one
    /// option worth each value below the value, and none worth the value (what the search
    /// proved). Valuing every option exactly instead took 14 s on Cram 5 × 7, whose value
    /// takes half a second.
    fn explain_value(&self, board: &G::Board) -> Result<Derivation> {
        let moves = G::moves(board);
        match G::known_value(board) {
            Some(v) if moves.len() > MAX_DERIVED_OPTIONS => Ok(Derivation::closed_form(
                board.show(),
                v,
                G::known_value_reason(board),
            )),
            _ if moves.len() > MAX_DERIVED_OPTIONS => self.derive_by_witnesses(board, &moves),
            _ => derive_by_options(self, board),
        }
    }

    /// Every move is tried (boards have at most a few hundred): all listed, all counted. Each
    /// option is asked whether it is worth `target`, not for its value.
    fn moves_to_value(
        &self,
        board: &G::Board,
        target: Nimber,
        limit: usize,
    ) -> Result<MoveList<Vec<G::Board>>> {
        let mut found = MoveList::with_limit(limit);
        for m in G::moves(board) {
            let next = G::play(board, m)?;
            if self.has_value(&next, target)? {
                found.push(vec![next]);
            }
        }
        Ok(found)
    }

    /// Stops at the first found (one known without search first): the options after it are
    /// not searched.
    fn first_move_to_value(
        &self,
        board: &G::Board,
        target: Nimber,
    ) -> Result<Option<Vec<G::Board>>> {
        let moves = G::moves(board);
        Ok(self
            .first_to_value(board, &moves, target)?
            .map(|(_, next)| vec![next]))
    }

    /// The first option, in move order, whose value is known without search to be `target`:
    /// the mirror answer to a domino on an even Cram board, found at once where the options
    /// before it would each be searched.
    fn known_move_to_value(&self, board: &G::Board, target: Nimber) -> Option<Vec<G::Board>> {
        first_known::<G>(board, &G::moves(board), target).map(|(_, next)| vec![next])
    }

    fn parse_move(
        &self,
        board: &G::Board,
        words: &[&str],
        _context: MoveContext,
    ) -> Option<std::result::Result<Vec<G::Board>, MoveError>> {
        let read = G::read_move(board, words)?;
        Some(
            read.and_then(|m| {
                G::play(board, m).map_err(|e| match e {
                    // The reason alone: `MoveError::Illegal` says "illegal move" itself.
                    GameError::IllegalMove(why) => why,
                    other => other.to_string(),
                })
            })
            .map(|b| vec![b])
            .map_err(MoveError::Illegal),
        )
    }

    fn move_examples(&self, numbered: bool) -> String {
        if numbered {
            format!(
                "the {}'s number, then {}",
                self.presentation().noun,
                G::EXAMPLES
            )
        } else {
            G::EXAMPLES.into()
        }
    }

    /// The move found by comparing the boards: `domino 1,1-1,2: ..../.... -> ##../....`,
    /// or what it takes out of play where the game says so ([`SearchedGame::taken`]:
    /// `vertex 4: removes vertices 1, 3, 4, 5, 7`).
    fn describe_move(&self, from: &G::Board, to: &[G::Board]) -> String {
        let played = match to {
            [after] => G::move_to(from, after),
            _ => None,
        };
        let taken = match to {
            [after] => G::taken(from, after),
            _ => None,
        };
        match (played, taken) {
            (Some(m), Some(taken)) => format!("{m}: {taken}"),
            (Some(m), None) => format!("{m}: {from} -> {}", shown(to)),
            (None, _) => format!("{from} -> {}", shown(to)),
        }
    }
}

fn shown<B: fmt::Display>(boards: &[B]) -> String {
    boards
        .iter()
        .map(B::to_string)
        .collect::<Vec<_>>()
        .join(" + ")
}

/// A board as shown to people ([`PositionForm::show`]) where that is shorter than its text
/// form: a named graph as `grid:7x9!3,4` instead of its 110 edges. What is shown reads back as
/// the same board.
pub trait Shown: fmt::Display {
    /// The board shown: by default its text form.
    fn shown(&self) -> String {
        self.to_string()
    }

    /// A short name that reads back as the board ([`crate::kernel::PositionForm::named`]).
    fn named(&self) -> Option<String> {
        None
    }
}

/// Implements [`PositionForm`] for a board type read and written as text: `$field` names its
/// JSON field, `$size` counts what can still be played (squares, vertices), `$empty` is the
/// finished board of the same shape, and `$bound`, at most how many moves the board has, given
/// `n = $size` (`n²` when not given: at most one move per pair of squares or vertices).
macro_rules! board_form {
    ($board:ty, $field:literal, |$b:ident| $size:expr, |$e:ident| $empty:expr) => {
        board_form!($board, $field, |$b| $size, |$e| $empty, |n| n.saturating_mul(n));
    };
    ($board:ty, $field:literal, |$b:ident| $size:expr, |$e:ident| $empty:expr, |$n:ident| $bound:expr) => {
        board_form!($board, $field, |$b| $size, |$e| $empty, bound(|board| {
            let $n: u64 = $crate::kernel::PositionForm::tokens(board);
            $bound
        }));
    };
    // The bound on a position's moves from the position itself (`bound(|p| ...)`), where its
    // size alone gives too loose a bound (Sprouts: the lands' own bounds).
    ($board:ty, $field:literal, |$b:ident| $size:expr, |$e:ident| $empty:expr, bound(|$p:ident| $bound:expr)) => {
        impl $crate::kernel::PositionForm for $board {
            const JSON_FIELD: &'static str = $field;
            const NOUN: &'static str = $field;

            fn from_numbers(numbers: Vec<u64>) -> $crate::kernel::error::Result<Vec<Self>> {
                let text: Vec<String> = numbers.iter().map(u64::to_string).collect();
                Err($crate::kernel::error::GameError::invalid(
                    "position",
                    text.join(","),
                    "a position in the game's text form",
                ))
            }

            fn write(&self) -> String {
                self.to_string()
            }

            fn show(&self) -> String {
                $crate::searched::Shown::shown(self)
            }

            fn named(&self) -> Option<String> {
                $crate::searched::Shown::named(self)
            }

            fn tokens(&self) -> u64 {
                let $b = self;
                u64::from($size)
            }

            fn heaps(&self) -> Vec<u64> {
                Vec::new()
            }

            /// Every subset of what can still be played: `2^size`, saturating.
            fn position_count(&self) -> u64 {
                1u64.checked_shl(self.tokens() as u32).unwrap_or(u64::MAX)
            }

            fn option_bound(&self) -> u64 {
                let $p = self;
                $bound
            }

            fn emptied(&self) -> Self {
                let $e = self;
                $empty
            }

            fn universe(_group: &[&Self]) -> u64 {
                u64::MAX
            }

            fn parse_move<R: $crate::kernel::Ruleset<Position = Self> + ?Sized>(
                _rules: &R,
                _from: &Self,
                _words: &[&str],
                _context: $crate::kernel::MoveContext,
            ) -> Option<std::result::Result<Vec<Self>, $crate::kernel::MoveError>> {
                None
            }

            fn move_examples(_splits: bool, _numbered: bool) -> String {
                String::new()
            }
        }

        impl serde::Serialize for $board {
            /// The text form.
            fn serialize<S: serde::Serializer>(
                &self,
                s: S,
            ) -> std::result::Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
    };
}

pub(crate) use board_form;

/// Whole numbers from words, or `None` when one is not a number.
pub(crate) fn numbers(words: &[&str]) -> Option<Vec<u64>> {
    words
        .iter()
        .map(|w| crate::kernel::move_forms::number(w))
        .collect()
}

/// The moves to each value up to 3 that [`Ruleset::moves_to_value`] finds (each option asked
/// whether it is worth the target) are those the options' values give, and
/// [`Ruleset::first_move_to_value`] finds one of them (none when there are none); with more
/// options than a derivation names, the derivation's witnesses are options of the values below
/// the value, none worth the value (it is the mex of the options' values): for the tests of
/// the searched games.
#[cfg(test)]
pub(crate) fn assert_moves_to_value_agree<G: SearchedGame>(rules: &Searched<G>, board: &G::Board)
where
    <G::Split as SplitGame>::Key: Send,
{
    let options = rules.options(board);
    let values: Vec<Nimber> = options
        .iter()
        .map(|o| rules.grundy(&o[0]).unwrap())
        .collect();
    for target in 0..4 {
        let found = rules.moves_to_value(board, target, usize::MAX).unwrap();
        let expected: Vec<Vec<G::Board>> = options
            .iter()
            .zip(&values)
            .filter(|(_, &v)| v == target)
            .map(|(o, _)| o.clone())
            .collect();
        assert_eq!(found.moves(), &expected[..], "{board} to {target}");
        let first = rules.first_move_to_value(board, target).unwrap();
        match first {
            Some(o) => assert!(expected.contains(&o), "{board}: first to {target}"),
            None => assert!(expected.is_empty(), "{board}: none to {target}"),
        }
    }
    let value = rules.grundy(board).unwrap();
    assert_eq!(value, crate::nimber::mex(values.iter().copied()), "{board}");
    let d = rules.explain_value(board).unwrap();
    assert_eq!(d.value, value, "{board}");
    if options.len() <= MAX_DERIVED_OPTIONS {
        assert!(d.witnesses.is_none(), "{board}");
        return;
    }
    if G::known_value(board).is_some() {
        // Known without search (a Cram board that is its own half turn): said so.
        assert_eq!(d.reason, Some(G::known_value_reason(board)), "{board}");
        return;
    }
    assert_eq!(d.option_count, Some(options.len() as u64), "{board}");
    let witnesses = d
        .witnesses
        .expect("a board of many options is derived by witnesses");
    assert_eq!(witnesses.len() as Nimber, value, "{board}");
    for (k, w) in witnesses.iter().enumerate() {
        assert_eq!(w.value, k as Nimber);
        let shown: Vec<String> = options
            .iter()
            .zip(&values)
            .filter(|(_, &v)| v == w.value)
            .map(|(o, _)| shown_option(board, o))
            .collect();
        assert!(
            shown.contains(&w.option),
            "{board}: witness {} of {k}",
            w.option
        );
    }
}
