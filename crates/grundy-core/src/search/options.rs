//! The options of one component, as a game lists them for the engine.
//!
//! An option is a sum: some components still to be searched (canonical keys) and the XOR of
//! the values the game already knows (a lone Cram cell is worth 0, a single Node-Kayles vertex
//! 1). The engine cancels equal components in pairs (`G + G = 0`), folds in values the table
//! already holds, and drops options that are the same sum as another.

use crate::nimber::Nimber;

/// The options of a component, filled in by [`super::SplitGame::options`].
#[derive(Debug, Clone)]
pub struct Options<K> {
    pub(crate) keys: Vec<K>,
    /// Per option: where its keys start in `keys`, and the XOR of its known values.
    pub(crate) starts: Vec<(usize, Nimber)>,
}

impl<K> Default for Options<K> {
    fn default() -> Self {
        Options {
            keys: Vec::new(),
            starts: Vec::new(),
        }
    }
}

impl<K> Options<K> {
    /// Starts a new option (an empty one is the sum of nothing: value 0).
    pub fn begin(&mut self) {
        self.starts.push((self.keys.len(), 0));
    }

    /// Adds a component to search to the current option.
    pub fn component(&mut self, key: K) {
        debug_assert!(!self.starts.is_empty(), "begin() comes first");
        self.keys.push(key);
    }

    /// XORs a value the game knows into the current option.
    pub fn value(&mut self, value: Nimber) {
        if let Some(last) = self.starts.last_mut() {
            last.1 ^= value;
        }
    }

    /// How many options were listed.
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// Whether no option was listed (a terminal component).
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// Option `i`: its components and the XOR of its known values.
    pub fn get(&self, i: usize) -> (&[K], Nimber) {
        let (start, x) = self.starts[i];
        let end = self.starts.get(i + 1).map_or(self.keys.len(), |s| s.0);
        (&self.keys[start..end], x)
    }

    /// Forgets every option, keeping the memory.
    pub fn clear(&mut self) {
        self.keys.clear();
        self.starts.clear();
    }
}
