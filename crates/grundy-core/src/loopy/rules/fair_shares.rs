//! Fair Shares and Varied Pairs (*Winning Ways*, chapter 12): a move splits one heap into
//! two or more equal heaps, or unites two heaps of different sizes. The heaps are played
//! together (uniting joins two of them), so a position is the whole multiset of heaps, and
//! its total never changes: the graph is the partitions of the total reachable from the
//! start.

use std::sync::Arc;

use super::{numbers, LoopyFamily, LoopyPosition, LoopyRules};
use crate::kernel::error::{GameError, Result};

/// The largest total of a position's heaps.
pub const MAX_TOTAL: u64 = 200;

/// The rules (there are no parameters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FairShares;

/// Heaps sorted largest first: the one way a position is written.
fn sorted(mut heaps: Vec<u64>) -> LoopyPosition {
    heaps.sort_unstable_by(|a, b| b.cmp(a));
    heaps
}

impl LoopyRules for FairShares {
    fn term(&self) -> String {
        "fair-shares".into()
    }

    fn title(&self) -> String {
        "Fair Shares and Varied Pairs".into()
    }

    fn noun(&self) -> &'static str {
        "position"
    }

    fn parse_positions(&self, list: &str) -> Result<Vec<LoopyPosition>> {
        let heaps = numbers(list, "Fair Shares heap", 1, MAX_TOTAL, MAX_TOTAL as usize)?;
        let total: u64 = heaps.iter().sum();
        if total > MAX_TOTAL {
            return Err(GameError::out_of_range(
                "total of the Fair Shares heaps",
                total,
                format!("at most {MAX_TOTAL}"),
            ));
        }
        Ok(vec![sorted(heaps)])
    }

    fn show(&self, position: &LoopyPosition) -> String {
        let heaps: Vec<String> = position.iter().map(u64::to_string).collect();
        format!("({})", heaps.join(","))
    }

    fn lists(&self, positions: &[LoopyPosition]) -> Vec<String> {
        positions
            .iter()
            .map(|p| p.iter().map(u64::to_string).collect::<Vec<_>>().join(","))
            .collect()
    }

    fn options(&self, position: &LoopyPosition) -> Vec<LoopyPosition> {
        let mut sizes = position.clone();
        sizes.dedup();
        let mut found = Vec::new();
        for (i, &h) in sizes.iter().enumerate() {
            for parts in (2..=h).filter(|d| h % d == 0) {
                found.push(sorted(replace(
                    position,
                    &[h],
                    &vec![h / parts; parts as usize],
                )));
            }
            for &g in &sizes[i + 1..] {
                found.push(sorted(replace(position, &[h, g], &[h + g])));
            }
        }
        found.sort_unstable();
        found.dedup();
        found
    }

    fn describe_move(&self, from: &LoopyPosition, to: &LoopyPosition) -> String {
        let verb = if to.len() > from.len() {
            "split a heap into equal heaps"
        } else {
            "unite two unequal heaps"
        };
        format!("{} -> {} ({verb})", self.show(from), self.show(to))
    }
}

/// `heaps` with one heap of each size in `out` removed and the heaps `into` added.
fn replace(heaps: &[u64], out: &[u64], into: &[u64]) -> Vec<u64> {
    let mut left = heaps.to_vec();
    for h in out {
        if let Some(i) = left.iter().position(|x| x == h) {
            left.remove(i);
        }
    }
    left.extend_from_slice(into);
    left
}

/// The family: `fair-shares:6,3` (one position of two heaps).
pub static FAMILY: LoopyFamily = LoopyFamily {
    name: "fair-shares",
    aliases: &["fair-shares-varied-pairs", "fsvp"],
    title: "Fair Shares and Varied Pairs",
    rules: "Heaps played together: a move splits one heap into two or more equal heaps, or \
            unites two heaps of different sizes (Winning Ways, chapter 12). Play may cycle.",
    params: &[],
    positions: "the heaps of one position (each at least 1, total at most 200)",
    example: "fair-shares:6,3",
    build: |_| Ok(Arc::new(FairShares)),
};
