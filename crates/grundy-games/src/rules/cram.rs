//! Cram as a ruleset of the registry: `cram:5x5`, `cram:.../.#./...`.

use std::sync::Arc;
use std::time::Duration;

use super::search_door::{searched_position, SearchedPosition};
use crate::cram::tabled_value;
use crate::cram::{Cram, CramBoard, Domino, DEFAULT_MEMORY, DEFAULT_TIME_BUDGET};
use crate::family::{Drawing, Family, Positions};
use crate::kernel::component::Component;
use crate::kernel::error::Result;
use crate::kernel::numbering::Numbering;
use crate::kernel::provenance::Provenance;
use crate::nimber::Nimber;
use crate::search::Engine;
use crate::searched::{board_form, numbers, Searched, SearchedGame};

/// Cram in the registry.
pub static FAMILY: Family = Family {
    name: "cram",
    aliases: &[],
    title: "Cram",
    rules: "A move places a domino on two empty adjacent squares.",
    params: &[],
    positions: Positions {
        label: "Board",
        help: "RxC for an empty board (at most 64 squares), or rows of . (empty) and # (filled) separated by /",
        example: "3x4",
        drawing: Drawing("board"),
    },
    example: "cram:3x4",
    sequence: false,
    known_by,
    heap_game: false,
    search: Some(search_door),
    at_once: None,
    reasoning: None,
    build: |_| Ok(Arc::new(Searched::<CramGame>::new())),
};

/// How the value of a Cram board is known: a board whose regions are all known without search
/// or tables (nothing left to search) is a mirror strategy when it is a full board of even
/// sides, a closed form otherwise (lone squares, dominoes, lines as Dawson's Kayles); one whose
/// other regions all fit the boxes of the tables of small regions is a table; else search.
fn known_by(c: &Component) -> Provenance {
    let Some(board) = c.position::<Searched<CramGame>>() else {
        return Provenance::Search;
    };
    let (keys, _) = board.components_without_tables();
    let full = board.empty_squares() == board.rows() * board.cols();
    match (
        keys.is_empty(),
        full && board.rows() % 2 == 0 && board.cols() % 2 == 0,
    ) {
        (true, true) => Provenance::Symmetry,
        (true, false) => Provenance::ClosedForm,
        (false, _) if keys.iter().all(|&k| tabled_value(k).is_some()) => Provenance::Table,
        (false, _) => Provenance::Search,
    }
}

/// Cram's search door: a board cut into its regions.
fn search_door(position: &str) -> Result<Box<dyn SearchedPosition>> {
    let board: CramBoard = position.parse()?;
    let (keys, x) = board.components();
    Ok(searched_position(
        Cram::new,
        FAMILY.name,
        Ok(keys),
        x,
        &board,
    ))
}

/// Cram, described for [`Searched`].
#[derive(Debug)]
pub struct CramGame;

impl crate::searched::Shown for CramBoard {
    /// A board with no square covered is named by its size, as a term writes it: `6x7`.
    fn named(&self) -> Option<String> {
        let whole = self.empty_squares() == self.rows() * self.cols();
        whole.then(|| format!("{}x{}", self.rows(), self.cols()))
    }
}

board_form!(
    CramBoard,
    "board",
    |b| b.empty_squares(),
    |b| {
        let all: Vec<(u32, u32)> = (0..b.rows())
            .flat_map(|r| (0..b.cols()).map(move |c| (r, c)))
            .collect();
        CramBoard::with_holes(b.rows(), b.cols(), &all).unwrap_or(*b)
    },
    // A domino is named by its top or left square and whether it stands: two per square.
    |n| n.saturating_mul(2)
);

/// Why a board lost by the mirror ([`CramBoard::lost_by_mirror`]) is worth 0, for a student:
/// the board left by the central domino of Cram 6 × 7 is explained by it.
const MIRROR_REASON: &str = "the board is its own half turn (turned about its centre it is the same) and no domino covers a square and its image, so the second player answers each domino with its image and always has a move: the player to move loses";

impl SearchedGame for CramGame {
    type Board = CramBoard;
    type Move = Domino;
    type Split = Cram;

    const NAME: &'static str = "cram";
    const GRID_NUMBERING: Option<Numbering> = Some(Numbering {
        first_row: 1,
        first_col: 1,
    });
    const TITLE: &'static str = "Cram";
    const EXAMPLES: &'static str =
        "\"1 1 1 2\" (a domino on the squares at row 1, column 1 and row 1, column 2) or \"1,1-2,1\"";

    fn engine() -> Engine<Cram> {
        let mut engine = Engine::new(Cram::new(), DEFAULT_MEMORY);
        engine.set_time_budget(Some(DEFAULT_TIME_BUDGET.min(Duration::from_secs(10))));
        engine
    }

    fn moves(board: &CramBoard) -> Vec<Domino> {
        board.moves()
    }

    fn play(board: &CramBoard, m: Domino) -> Result<CramBoard> {
        board.play(m)
    }

    fn value_with(board: &CramBoard, engine: &mut Engine<Cram>) -> Result<Nimber> {
        board.value_with(engine)
    }

    fn has_value(board: &CramBoard, target: Nimber, engine: &mut Engine<Cram>) -> Result<bool> {
        let (keys, known) = board.components();
        engine.sum_has_value(&keys, target ^ known)
    }

    const KNOWN_VALUE_REASON: &'static str = "every region is valued without search: one or two squares, a straight line (its own sequence), or a region that is its own half turn with no domino on a square and its image, lost for the player to move (the second player answers each domino with its image)";

    fn known_value_reason(board: &CramBoard) -> String {
        if board.lost_by_mirror() {
            MIRROR_REASON.into()
        } else {
            Self::KNOWN_VALUE_REASON.into()
        }
    }

    /// Not the tables of small regions: a board they value is still explained option by option
    /// (the search reads its options' values from them).
    fn known_value(board: &CramBoard) -> Option<Nimber> {
        let (keys, known) = board.components_without_tables();
        keys.is_empty().then_some(known)
    }

    /// Four numbers, the two squares' rows and columns counted from 1 (`-` between the squares
    /// is allowed).
    fn read_move(board: &CramBoard, words: &[&str]) -> Option<std::result::Result<Domino, String>> {
        let joined = words.join(" ").replace('-', " ");
        let split: Vec<&str> = joined.split_whitespace().collect();
        let [r1, c1, r2, c2] = numbers(&split)?[..] else {
            return None;
        };
        let ((r1, c1), (r2, c2)) = ((r1.min(r2), c1.min(c2)), (r1.max(r2), c1.max(c2)));
        let vertical = c1 == c2 && r2 == r1 + 1;
        if !(vertical || (r1 == r2 && c2 == c1 + 1)) || r1 == 0 || c1 == 0 {
            return Some(Err(format!(
                "a domino covers two squares side by side or one above the other, rows and columns counted from 1, not ({r1}, {c1}) and ({r2}, {c2})"
            )));
        }
        let (Ok(row), Ok(col)) = (u32::try_from(r1 - 1), u32::try_from(c1 - 1)) else {
            return Some(Err(format!(
                "no square ({r1}, {c1}) on this {}x{} board",
                board.rows(),
                board.cols()
            )));
        };
        Some(Ok(Domino { row, col, vertical }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Ruleset;
    use crate::searched::assert_moves_to_value_agree;

    /// The dominoes to a value found by asking each option "are you worth it?"
    /// ([`Engine::sum_has_value`]) are those found by valuing each option, on boards that
    /// split into several regions and boards that do not, with holes or not, for every target
    /// up to 3.
    /// Every board of a 3 × 4 box (each set of empty squares) said lost by the mirror is worth
    /// 0, by search; the empty 4 × 4 and the 6 × 7 board after its central domino are, the
    /// 6 × 7 board before it and a lopsided board are not. A derivation of a board of many
    /// options known without search quotes the mirror where it applies, the rules' general
    /// reason otherwise (a line of 30 squares).
    #[test]
    fn a_board_lost_by_the_mirror_says_so() {
        let mut lost = 0;
        for empty in 1u32..1 << 12 {
            let holes: Vec<(u32, u32)> = (0..12)
                .filter(|i| empty >> i & 1 == 0)
                .map(|i| (i / 4, i % 4))
                .collect();
            let board = CramBoard::with_holes(3, 4, &holes).unwrap();
            if board.lost_by_mirror() {
                lost += 1;
                assert_eq!(board.value().unwrap(), 0, "{board:?}");
            }
        }
        assert!(lost > 20, "{lost} boards lost by the mirror");
        let board = |text: &str| text.parse::<CramBoard>().unwrap();
        assert!(board("4x4").lost_by_mirror());
        assert!(!board("6x7").lost_by_mirror());
        assert!(!board("##../..../....").lost_by_mirror());
        let after = board("......./......./...#.../...#.../......./.......");
        assert!(after.lost_by_mirror());
        let rules = Searched::<CramGame>::new();
        let reason = |b: &CramBoard| rules.explain_value(b).unwrap().reason;
        assert_eq!(reason(&after).as_deref(), Some(MIRROR_REASON));
        assert_eq!(
            reason(&board("1x30")).as_deref(),
            Some(CramGame::KNOWN_VALUE_REASON)
        );
    }

    /// The bound on a board's moves (what `/api/moves` and `grundy play` check before valuing
    /// every move) is at least its number of moves: two per empty square.
    #[test]
    fn a_board_has_at_most_two_dominoes_per_empty_square() {
        use crate::kernel::PositionForm;
        for text in [
            "1x1",
            "1x2",
            "2x2",
            "3x3",
            "8x8",
            "4x16",
            ".#./.../#..",
            "##/##",
        ] {
            let board: CramBoard = text.parse().unwrap();
            let moves = board.moves().len() as u64;
            assert!(board.option_bound() >= moves, "{text}: {moves}");
            assert!(board.option_bound() <= 2 * u64::from(board.empty_squares()));
        }
    }

    #[test]
    fn moves_to_a_value_are_those_the_values_give() {
        let rules = Searched::<CramGame>::new();
        for text in [
            "1x1",
            "2x3",
            "3x3",
            "3x4",
            "2x5",
            "4x4",
            "3x5",
            "4x5",
            "5x5",
            "4x7",
            "3x9",
            "2x12",
            "..#/.../...",
            ".#../..../....",
            "...../..#../.....",
            "#..#/..../#..#",
            "......./....#../......./#......",
            "...../...../..#../...../.....",
        ] {
            let board: CramBoard = text.parse().unwrap();
            assert_moves_to_value_agree(&rules, &board);
        }
        // A P-position of many options not known at once: no witness, and the text says
        // that none of the options is worth 0.
        let board: CramBoard = "3x11".parse().unwrap();
        assert_moves_to_value_agree(&rules, &board);
        let d = rules.explain_value(&board).unwrap();
        assert_eq!(d.witnesses, Some(Vec::new()));
        assert!(
            d.to_text()
                .ends_with("= 0: by search, none of its 52 options is worth 0"),
            "{}",
            d.to_text()
        );
    }
}
