//! The values in reverse order, so that a split's two parts are both read forwards.
//!
//! The splits `a + (rest - a)` pair `G(a)`, read upwards from `a = 1`, with `G(rest - a)`, read
//! downwards. Read backwards, a vector of values has to be reversed before the XOR: three
//! shuffles per 8 values of 2 bytes in the scans (12 of the 44 instructions of a chunk of 32
//! pairs), worse for bytes (no byte shuffle before SSSE3). A copy of the table in reverse order
//! turns the downward run into an upward one, for twice the memory of the values.

use super::value::Value;

/// `G(0..len)` stored backwards from the end of a buffer: `rev[rev.len() - 1 - i] = G(i)`, so
/// a value keeps its place while more are pushed (until the buffer doubles).
#[derive(Debug, Clone)]
pub(super) struct Mirror<V> {
    rev: Vec<V>,
    len: usize,
}

impl<V: Value> Mirror<V> {
    /// The mirror of `values`.
    pub(super) fn of(values: &[V]) -> Self {
        let mut mirror = Mirror {
            rev: Vec::new(),
            len: 0,
        };
        mirror.reserve(values.len());
        for &g in values {
            mirror.push(g);
        }
        mirror
    }

    /// Makes room for `count` values in all without moving them again.
    pub(super) fn reserve(&mut self, count: usize) {
        if count > self.rev.len() {
            let cap = count.max(2 * self.rev.len()).max(64);
            let mut rev = vec![V::from_u16(0); cap];
            let old = self.rev.len();
            rev[cap - self.len..].copy_from_slice(&self.rev[old - self.len..]);
            self.rev = rev;
        }
    }

    #[inline]
    pub(super) fn push(&mut self, g: V) {
        if self.len == self.rev.len() {
            self.reserve(self.len + 1);
        }
        let cap = self.rev.len();
        self.rev[cap - 1 - self.len] = g;
        self.len += 1;
    }

    /// `G(rest - a)` for `a` in `from..=last`, in the order of `a` (`from >= 1` with
    /// `rest - from` below the values pushed).
    #[inline]
    pub(super) fn partners(&self, rest: usize, from: usize, last: usize) -> &[V] {
        debug_assert!(from <= last + 1 && rest - from < self.len);
        let base = self.rev.len() - 1 - rest;
        &self.rev[base + from..=base + last]
    }
}
