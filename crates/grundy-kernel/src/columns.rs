//! The components' Grundy values in binary columns, exactly as Bouton's table writes Nim heaps:
//! by the Sprague–Grundy theorem a sum plays like Nim on its components' values, so the same
//! table (one row per component, one column per power of two, the nim-sum as the XOR of each
//! column) shows why the total is what it is and which component must move.

use serde::Serialize;

use super::nim_heap::NimHeap;

/// The most binary columns an explanation shows. Up to 64 every column is shown (every `u64`
/// heap fits); wider heaps show a window of this many columns around the highest set bit of the
/// nim-sum, the column that decides the move, so a line stays readable.
pub const MAX_SHOWN_BITS: u64 = 64;

/// Columns shown above the nim-sum's highest set bit when the window does not start at the
/// top: enough to see that they XOR to 0.
const COLUMNS_ABOVE: u64 = 4;

/// The binary columns shown for wide heaps: bits `high` down to `low`, both included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct ColumnWindow {
    /// The leftmost column shown (its bit number, 0 = units).
    pub high: u64,
    /// The rightmost column shown.
    pub low: u64,
}

impl ColumnWindow {
    /// The [`MAX_SHOWN_BITS`] columns to show for numbers of `bits` digits whose nim-sum has
    /// its highest set bit at `top`; `None` when every column fits.
    pub fn choose(bits: u64, top: Option<u64>) -> Option<Self> {
        if bits <= MAX_SHOWN_BITS {
            return None;
        }
        let high = match top {
            Some(k) => (k + COLUMNS_ABOVE).clamp(MAX_SHOWN_BITS - 1, bits - 1),
            None => bits - 1,
        };
        Some(ColumnWindow {
            high,
            low: high + 1 - MAX_SHOWN_BITS,
        })
    }
}

/// `value` in binary: `bits` digits, or the columns of `window`.
pub fn binary<H: NimHeap>(value: &H, bits: u64, window: Option<ColumnWindow>) -> String {
    match window {
        None => format!("{:0width$b}", value.digits_from(0), width = bits as usize),
        Some(w) => {
            let width = (w.high - w.low + 1) as usize;
            format!("{:0width$b}", value.digits_from(w.low))
        }
    }
}

/// The binary columns of a list of values (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct ValueColumns {
    /// Number of binary digits of the widest value or of the nim-sum (at least 1).
    pub bits: u64,
    /// The columns shown, when not all of them are (values wider than 64 bits).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub columns: Option<ColumnWindow>,
    /// Each value in binary, most significant first.
    pub binary: Vec<String>,
    /// The nim-sum in binary (the same columns).
    pub total_binary: String,
    /// The highest set bit of the nim-sum (0 = units), if it is not zero: the column that
    /// decides which component to move.
    pub highest_bit: Option<u64>,
    /// The components (from 0) whose value has that bit set: moving any of them to
    /// `value XOR total` (which is smaller) makes the total 0.
    pub with_bit: Vec<usize>,
}

impl ValueColumns {
    /// The columns of `values`.
    pub fn new<V: NimHeap>(values: &[V]) -> Self {
        // Bouton's table of the values read as Nim heaps: the same columns, bits and rows
        // (the explanation of a Nim position builds its table with this too).
        let total = values.iter().fold(V::small(0), |acc, v| acc.xor(v));
        let bits = values
            .iter()
            .chain([&total])
            .map(NimHeap::bits)
            .max()
            .unwrap_or(0)
            .max(1);
        let highest_bit = total.bits().checked_sub(1);
        let with_bit = match highest_bit {
            Some(k) => (0..values.len()).filter(|&i| values[i].bit(k)).collect(),
            None => vec![],
        };
        let columns = ColumnWindow::choose(bits, highest_bit);
        let shown = |v: &V| binary(v, bits, columns);
        ValueColumns {
            bits,
            columns,
            binary: values.iter().map(shown).collect(),
            total_binary: shown(&total),
            highest_bit,
            with_bit,
        }
    }
}
