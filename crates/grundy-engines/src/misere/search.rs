//! Exhaustive misère search over multisets of heaps: every position with at most a given
//! number of tokens, solved bottom-up. The ground truth that quotients are built from and
//! checked against.

use rustc_hash::FxHashMap as HashMap;

use super::game::OptionTable;
use crate::kernel::error::{GameError, Result};

/// A position: heap sizes in ascending order (no empty heaps).
pub type Position = Vec<u16>;

/// The misère outcome (`true` = P, a loss for the player to move) of every position whose
/// heaps are at most `max_heap` and whose tokens total at most `max_total`.
#[derive(Debug, Clone)]
pub struct OutcomeTable {
    index: HashMap<Position, u32>,
    positions: Vec<Position>,
    is_p: Vec<bool>,
    max_total: usize,
}

impl OutcomeTable {
    /// Solves every position up to `max_total` tokens, refusing when there would be more than
    /// `max_positions` of them.
    pub fn new(options: &OptionTable, max_total: usize, max_positions: usize) -> Result<Self> {
        let max_heap = options.max_heap();
        let mut positions = Vec::new();
        enumerate(
            max_heap.min(max_total),
            max_total,
            &mut Vec::new(),
            &mut positions,
            max_positions,
        )?;
        // Options come first: fewer tokens, or as many tokens in more, smaller heaps.
        positions.sort_by_key(|p| {
            let total: usize = p.iter().map(|&h| h as usize).sum();
            let squares: usize = p.iter().map(|&h| (h as usize) * (h as usize)).sum();
            (total, squares)
        });
        let index: HashMap<Position, u32> = positions
            .iter()
            .enumerate()
            .map(|(i, p)| (p.clone(), i as u32))
            .collect();
        let mut is_p = vec![false; positions.len()];
        for (i, p) in positions.iter().enumerate() {
            let mut has_move = false;
            let mut to_p = false;
            for_each_option(options, p, |q| {
                has_move = true;
                if !to_p {
                    to_p = is_p[index[&q] as usize];
                }
            });
            is_p[i] = has_move && !to_p;
        }
        Ok(OutcomeTable {
            index,
            positions,
            is_p,
            max_total,
        })
    }

    /// The most tokens of a position in the table.
    pub fn max_total(&self) -> usize {
        self.max_total
    }

    /// Every position in the table, options before the positions they come from.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Whether `position` (sorted) is a misère P-position; `None` when it is not in the table.
    pub fn is_p(&self, position: &[u16]) -> Option<bool> {
        self.index.get(position).map(|&i| self.is_p[i as usize])
    }
}

fn enumerate(
    largest: usize,
    room: usize,
    current: &mut Vec<u16>,
    out: &mut Vec<Position>,
    limit: usize,
) -> Result<()> {
    if out.len() >= limit {
        return Err(GameError::too_large(
            "exhaustive misère search",
            format!("it would hold more than {limit} positions; choose fewer tokens"),
        ));
    }
    let mut sorted = current.clone();
    sorted.reverse();
    out.push(sorted);
    for h in (1..=largest.min(room)).rev() {
        current.push(h as u16);
        enumerate(h, room - h, current, out, limit)?;
        current.pop();
    }
    Ok(())
}

/// Calls `f` with every option of `position` (sorted), once per distinct heap size moved in.
pub fn for_each_option(options: &OptionTable, position: &[u16], mut f: impl FnMut(Position)) {
    let mut i = 0;
    while i < position.len() {
        let h = position[i];
        for o in &options.options[h as usize] {
            let mut q: Position = Vec::with_capacity(position.len() + 1);
            q.extend_from_slice(&position[..i]);
            q.extend_from_slice(&position[i + 1..]);
            q.extend(o.iter().map(|&x| x as u16));
            q.sort_unstable();
            f(q);
        }
        while i < position.len() && position[i] == h {
            i += 1;
        }
    }
}

/// Whether `position` (sorted) is a misère P-position, by solving every follower of it and
/// nothing else (at most `max_positions` of them): the reference for rules about one
/// position at a time, where [`OutcomeTable`] would solve every position of as many tokens.
pub fn is_p_by_followers(
    options: &OptionTable,
    position: &[u16],
    max_positions: usize,
) -> Result<bool> {
    fn solve(
        options: &OptionTable,
        p: &[u16],
        memo: &mut HashMap<Position, bool>,
        max_positions: usize,
    ) -> Result<bool> {
        if let Some(&known) = memo.get(p) {
            return Ok(known);
        }
        if memo.len() >= max_positions {
            return Err(GameError::too_large(
                "exhaustive misère search",
                format!("the position has more than {max_positions} followers"),
            ));
        }
        let mut next = Vec::new();
        for_each_option(options, p, |q| next.push(q));
        let mut is_p = !next.is_empty();
        for q in &next {
            if solve(options, q, memo, max_positions)? {
                is_p = false;
                break;
            }
        }
        memo.insert(p.to_vec(), is_p);
        Ok(is_p)
    }
    solve(options, position, &mut HashMap::default(), max_positions)
}

/// The sum of two sorted positions.
pub fn merge(a: &[u16], b: &[u16]) -> Position {
    let mut q: Position = Vec::with_capacity(a.len() + b.len());
    q.extend_from_slice(a);
    q.extend_from_slice(b);
    q.sort_unstable();
    q
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::bouton;
    use crate::misere::game::Nim;

    /// Bouton's misère rule on every Nim position of at most 12 tokens.
    #[test]
    fn agrees_with_misere_nim() {
        let options = OptionTable::new(&Nim, 12).unwrap();
        let table = OutcomeTable::new(&options, 12, 1 << 20).unwrap();
        assert_eq!(
            table.positions().len(),
            1 + (1..=12).map(partitions).sum::<usize>()
        );
        for p in table.positions() {
            let heaps: Vec<u64> = p.iter().map(|&h| h as u64).collect();
            assert_eq!(
                table.is_p(p),
                Some(bouton::is_misere_p_position(&heaps)),
                "{p:?}"
            );
        }
        assert!(OutcomeTable::new(&options, 12, 10).is_err());
        for p in table.positions().iter().filter(|p| p.len() <= 4) {
            assert_eq!(
                Some(is_p_by_followers(&options, p, 1 << 20).unwrap()),
                table.is_p(p),
                "{p:?}"
            );
        }
        assert!(is_p_by_followers(&options, &[5, 6, 7], 10).is_err());
    }

    fn partitions(n: usize) -> usize {
        let mut p = vec![0usize; n + 1];
        p[0] = 1;
        for k in 1..=n {
            for m in k..=n {
                p[m] += p[m - k];
            }
        }
        p[n]
    }
}
