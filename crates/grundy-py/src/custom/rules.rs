//! The rules of a game defined by Python functions as the core sees them: [`PyGame`] (a
//! [`Ruleset`]) and its positions, [`Node`] (an index into the game's table).

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use grundy_core::kernel::{
    derive_from, Derivation, GameError, MoveContext, MoveError, PositionForm, Ruleset,
    TreeEstimate, MAX_ENUMERATED_OPTIONS,
};
use grundy_core::nimber::Nimber;

use super::{lock_plain, Shared, Stop, EMPTY};

/// The core's error for `stop`, the exception kept for the caller.
fn core_error(shared: &Shared, stop: Stop) -> GameError {
    shared.refusal(stop)
}

/// The rules of a game defined by Python functions: equal only to themselves.
pub struct PyGame {
    /// The game.
    pub shared: Arc<Shared>,
}

impl PyGame {
    /// The component at position `id` of this game.
    pub fn node(&self, id: u32) -> Node {
        Node {
            id,
            game: Arc::clone(&self.shared),
        }
    }
}

impl fmt::Debug for PyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PyGame({:?}, #{})", self.shared.name, self.shared.serial)
    }
}

impl PartialEq for PyGame {
    fn eq(&self, other: &Self) -> bool {
        self.shared.serial == other.shared.serial
    }
}

impl Eq for PyGame {}

impl Hash for PyGame {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.shared.serial.hash(state);
    }
}

impl PartialOrd for PyGame {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PyGame {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.shared.serial.cmp(&other.shared.serial)
    }
}

/// A position of a [`PyGame`]: an index into its table.
#[derive(Clone)]
pub struct Node {
    /// The index ([`u32::MAX`]: a component emptied by a move).
    pub id: u32,
    game: Arc<Shared>,
}

impl fmt::Debug for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Node({})", self.id)
    }
}

impl PartialEq for Node {
    fn eq(&self, other: &Self) -> bool {
        (self.game.serial, self.id) == (other.game.serial, other.id)
    }
}

impl Eq for Node {}

impl Hash for Node {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.game.serial, self.id).hash(state);
    }
}

impl PartialOrd for Node {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Node {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.game.serial, self.id).cmp(&(other.game.serial, other.id))
    }
}

impl serde::Serialize for Node {
    /// The position's `repr`: the JSON of `to_dict()` shows the Python object.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.show())
    }
}

impl PositionForm for Node {
    const JSON_FIELD: &'static str = "position";
    const NOUN: &'static str = "position";

    fn from_numbers(numbers: Vec<u64>) -> grundy_core::kernel::Result<Vec<Self>> {
        Err(not_written(&format!("{numbers:?}")))
    }

    fn write(&self) -> String {
        self.show()
    }

    fn show(&self) -> String {
        self.game.show(self.id)
    }

    fn tokens(&self) -> u64 {
        0
    }

    fn heaps(&self) -> Vec<u64> {
        Vec::new()
    }

    fn position_count(&self) -> u64 {
        u64::MAX
    }

    fn option_bound(&self) -> u64 {
        u64::MAX
    }

    fn emptied(&self) -> Self {
        Node {
            id: EMPTY,
            game: Arc::clone(&self.game),
        }
    }

    fn universe(_group: &[&Self]) -> u64 {
        u64::MAX
    }

    fn parse_move<R: Ruleset<Position = Self> + ?Sized>(
        _rules: &R,
        _from: &Self,
        _words: &[&str],
        _context: MoveContext,
    ) -> Option<Result<Vec<Self>, MoveError>> {
        None
    }

    fn move_examples(_splits: bool, _numbered: bool) -> String {
        "none: moves of a game defined by a Python function are its options (Position.options)"
            .into()
    }
}

/// The refusal of positions written as text or numbers.
fn not_written(text: &str) -> GameError {
    GameError::invalid(
        "position of a game defined by a Python function",
        text,
        "a Python object, given by calling the game: g(7)",
    )
}

impl Ruleset for PyGame {
    type Position = Node;

    fn term(&self) -> String {
        self.shared.name.clone()
    }

    fn name(&self) -> String {
        self.shared.name.clone()
    }

    fn title(&self) -> String {
        self.shared.name.clone()
    }

    fn parse_positions(&self, text: &str) -> grundy_core::kernel::Result<Vec<Node>> {
        Err(not_written(text))
    }

    fn positions_from(&self, numbers: Vec<u64>) -> grundy_core::kernel::Result<Vec<Node>> {
        Node::from_numbers(numbers)
    }

    /// The options as [`Ruleset::options`] wants them; an exception (which this interface
    /// cannot return) is kept for the caller, who raises it (`game::run`): a question's
    /// positions are valued first, so their options are in the table by then.
    fn options(&self, position: &Node) -> Vec<Vec<Node>> {
        match self.shared.options(position.id) {
            Ok(options) => options
                .into_iter()
                .map(|(_, parts)| parts.into_iter().map(|id| self.node(id)).collect())
                .collect(),
            Err(stop) => {
                let e = core_error(&self.shared, stop);
                let mut kept = lock_plain(&self.shared.error);
                if kept.is_none() {
                    *kept = Some(crate::error::game_error(e));
                }
                Vec::new()
            }
        }
    }

    fn grundy(&self, position: &Node) -> grundy_core::kernel::Result<Nimber> {
        self.shared
            .value(position.id)
            .map_err(|stop| core_error(&self.shared, stop))
    }

    fn splits(&self) -> bool {
        self.shared.splits()
    }

    fn tree_estimate(&self, group: &[&Node], _limit: u64) -> TreeEstimate {
        let k = group.len() as u64;
        let known = self.shared.known() as u64;
        TreeEstimate {
            // Every position reachable is in the table once valued; parts multiply that.
            positions: match self.splits() {
                true => u64::MAX,
                false => known.saturating_add(1).saturating_pow(k.min(64) as u32),
            },
            options: self.shared.widest().saturating_mul(k),
            components: match self.splits() {
                true => u64::MAX,
                false => k,
            },
        }
    }

    fn explain_value(&self, position: &Node) -> grundy_core::kernel::Result<Derivation> {
        let options = self.options(position);
        if options.len() as u64 > MAX_ENUMERATED_OPTIONS {
            let value = self.grundy(position)?;
            return Ok(Derivation::closed_form(
                position.show(),
                value,
                self.value_source(position),
            ));
        }
        derive_from(self, position, options)
    }

    fn value_source(&self, _position: &Node) -> String {
        "the search engine, over the moves the game's functions list".into()
    }

    fn describe_move(&self, from: &Node, to: &[Node]) -> String {
        let ids: Vec<u32> = to.iter().map(|n| n.id).collect();
        match self.shared.option_to(from.id, &ids) {
            Some(raw) => format!("{} -> {}", from.show(), self.shared.show(raw)),
            None => {
                let parts: Vec<String> = to.iter().map(Node::show).collect();
                format!("{} -> {}", from.show(), parts.join(" + "))
            }
        }
    }
}
