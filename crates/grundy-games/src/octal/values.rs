//! A computed Grundy sequence as stored: one byte per value while every value is below 256,
//! two bytes per value once one is not.
//!
//! Long runs hold hundreds of millions of values, most of them small: storing them in the
//! narrowest width that fits halves the memory of a run whose values stay below 256. A run
//! starts narrow and widens (once, copying its values) when a value of 256 or more appears, so
//! the width depends only on the values themselves.

/// A borrowed view of stored values: `G(0)`, `G(1)`, … in one of two widths.
#[derive(Debug, Clone, Copy)]
pub enum Values<'a> {
    /// Every value is below 256: one byte each.
    Narrow(&'a [u8]),
    /// Some value is 256 or more: two bytes each.
    Wide(&'a [u16]),
}

impl<'a> Values<'a> {
    /// How many values there are.
    pub fn len(&self) -> usize {
        match self {
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(i)`, if computed.
    #[inline]
    pub fn get(&self, i: usize) -> Option<u16> {
        match self {
            Values::Narrow(v) => v.get(i).map(|&g| g as u16),
            Values::Wide(v) => v.get(i).copied(),
        }
    }

    /// The values in order.
    pub fn iter(&self) -> Iter<'a> {
        Iter(match *self {
            Values::Narrow(v) => IterInner::Narrow(v.iter()),
            Values::Wide(v) => IterInner::Wide(v.iter()),
        })
    }

    /// The values at the indices `range` (which must lie within `0..len()`).
    pub fn slice(&self, range: std::ops::Range<usize>) -> Values<'a> {
        match *self {
            Values::Narrow(v) => Values::Narrow(&v[range]),
            Values::Wide(v) => Values::Wide(&v[range]),
        }
    }

    /// The largest value, if there is any.
    pub fn max(&self) -> Option<u16> {
        self.iter().max()
    }

    /// The values, two bytes each.
    pub fn to_vec(&self) -> Vec<u16> {
        self.iter().collect()
    }

    /// Bytes of memory per value: 1 or 2.
    pub fn bytes_per_value(&self) -> usize {
        match self {
            Values::Narrow(_) => 1,
            Values::Wide(_) => 2,
        }
    }
}

/// Equal when the values are, whatever their width.
impl PartialEq for Values<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for Values<'_> {}

impl<'a> IntoIterator for Values<'a> {
    type Item = u16;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// The values of a [`Values`] in order, as `u16`.
#[derive(Debug, Clone)]
pub struct Iter<'a>(IterInner<'a>);

#[derive(Debug, Clone)]
enum IterInner<'a> {
    Narrow(std::slice::Iter<'a, u8>),
    Wide(std::slice::Iter<'a, u16>),
}

impl Iterator for Iter<'_> {
    type Item = u16;

    #[inline]
    fn next(&mut self) -> Option<u16> {
        match &mut self.0 {
            IterInner::Narrow(i) => i.next().map(|&g| g as u16),
            IterInner::Wide(i) => i.next().copied(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.len();
        (len, Some(len))
    }
}

impl ExactSizeIterator for Iter<'_> {
    fn len(&self) -> usize {
        match &self.0 {
            IterInner::Narrow(i) => i.len(),
            IterInner::Wide(i) => i.len(),
        }
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<u16> {
        match &mut self.0 {
            IterInner::Narrow(i) => i.next_back().map(|&g| g as u16),
            IterInner::Wide(i) => i.next_back().copied(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_widths_read_the_same() {
        let narrow = [0u8, 1, 255, 7];
        let wide = [0u16, 1, 255, 7];
        let (n, w) = (Values::Narrow(&narrow), Values::Wide(&wide));
        assert_eq!(n, w);
        assert_eq!(
            (n.len(), n.bytes_per_value(), w.bytes_per_value()),
            (4, 1, 2)
        );
        assert_eq!(n.get(2), Some(255));
        assert_eq!(n.get(4), None);
        assert_eq!(n.max(), Some(255));
        assert_eq!(n.slice(1..3).to_vec(), vec![1, 255]);
        assert_eq!(n.iter().rev().collect::<Vec<_>>(), vec![7, 255, 1, 0]);
        assert_eq!(w.iter().len(), 4);
        assert_ne!(n, Values::Wide(&[0, 1, 256, 7]));
        assert!(Values::Narrow(&[]).is_empty());
        assert_eq!(Values::Wide(&[]).max(), None);
    }
}
