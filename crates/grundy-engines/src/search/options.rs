//! The options of one component, as a game lists them for the engine.
//!
//! An option is a sum: some components still to be searched (canonical keys) and the XOR of
//! the values the game already knows (a lone Cram cell is worth 0, a single Node-Kayles vertex
//! 1). A game lists them into an [`OptionSink`]; the engine's sink cancels equal components in
//! pairs (`G + G = 0`), folds in values the table already holds and stops the listing as soon
//! as the options seen answer its question. [`Options`] is the sink that simply keeps them.

use crate::nimber::Nimber;

/// Receives the options of a component, one at a time.
pub trait OptionSink<K> {
    /// Starts a new option (an empty one is the sum of nothing: value 0).
    fn begin(&mut self);
    /// Adds a component to search to the current option.
    fn component(&mut self, key: K);
    /// XORs a value the game knows into the current option.
    fn value(&mut self, value: Nimber);
    /// Ends the current option; `false` means no more options are needed.
    fn end(&mut self) -> bool;
}

/// Every option listed, kept.
#[derive(Debug, Clone)]
pub struct Options<K> {
    keys: Vec<K>,
    /// Per option: where its keys start in `keys`, and the XOR of its known values.
    starts: Vec<(usize, Nimber)>,
}

impl<K> Default for Options<K> {
    fn default() -> Self {
        Options {
            keys: Vec::new(),
            starts: Vec::new(),
        }
    }
}

impl<K> OptionSink<K> for Options<K> {
    fn begin(&mut self) {
        self.starts.push((self.keys.len(), 0));
    }

    fn component(&mut self, key: K) {
        debug_assert!(!self.starts.is_empty(), "begin() comes first");
        self.keys.push(key);
    }

    fn value(&mut self, value: Nimber) {
        if let Some(last) = self.starts.last_mut() {
            last.1 ^= value;
        }
    }

    fn end(&mut self) -> bool {
        true
    }
}

impl<K> Options<K> {
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
