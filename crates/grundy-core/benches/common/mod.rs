//! Workloads and baselines shared by the criterion benches and the side-by-side harness.
//! The baselines exist only here, to be measured against.
#![allow(dead_code)]

use grundy_core::games::hackenbush::Picture;

/// A deterministic take-set of `size` amounts from 1 to `max` that includes `max`.
pub fn take_set(size: usize, max: u64) -> Vec<u64> {
    let mut set = std::collections::BTreeSet::from([max]);
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    while set.len() < size {
        // SplitMix64: a fixed, well-spread sequence, so every run measures the same set.
        x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        set.insert(1 + z % max);
    }
    set.into_iter().collect()
}

/// The peers' plain loop: a fresh `bool` per possible value, cleared for every heap.
pub fn plain_bitmap_mex(set: &[u64], count: usize) -> Vec<u32> {
    let mut g = Vec::with_capacity(count);
    let mut seen = vec![false; set.len() + 2];
    for n in 0..count {
        seen.iter_mut().for_each(|s| *s = false);
        for &s in set {
            if s as usize <= n {
                seen[g[n - s as usize] as usize] = true;
            }
        }
        g.push(seen.iter().position(|&b| !b).unwrap() as u32);
    }
    g
}

/// The engine's previous loop for large take-sets, kept to measure the push strategy against:
/// a stamp per value, `stamp[v] = n` for every option, then the first stale stamp.
pub fn stamp_mex(set: &[u64], count: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(count);
    let mut stamps = vec![u32::MAX; set.len() + 2];
    for n in 0..count {
        for &s in set {
            if s as usize <= n {
                stamps[g[n - s as usize] as usize] = n as u32;
            }
        }
        g.push(stamps.iter().position(|&t| t != n as u32).unwrap() as u32);
    }
    g
}

/// The algorithm of Louis (2021) (see docs/bibliography.md), faithfully: memoised top-down
/// recursion that collects the options' values in a fresh vector, sorts it, and scans for the
/// mex. Runs on a thread with a large stack, because the recursion is as deep as the heap (the
/// algorithm's own weakness).
pub fn memoised_recursion(set: &[u64], k: usize) -> Vec<i64> {
    let set = set.to_vec();
    std::thread::Builder::new()
        .stack_size(2 << 30)
        .spawn(move || {
            let mut memo = vec![-1i64; k + 1];
            for n in 1..=k {
                recursive_mex(n, &set, &mut memo);
            }
            memo[0] = 0;
            memo
        })
        .unwrap()
        .join()
        .unwrap()
}

fn recursive_mex(n: usize, take: &[u64], nimber: &mut [i64]) -> i64 {
    if n == 0 {
        return 0;
    }
    if nimber[n] != -1 {
        return nimber[n];
    }
    let mut values = Vec::new();
    for &i in take {
        if n as i64 - i as i64 >= 0 {
            values.push(recursive_mex(n - i as usize, take, nimber));
        }
    }
    nimber[n] = 0;
    values.sort();
    for v in values {
        if nimber[n] == v {
            nimber[n] += 1;
        }
    }
    nimber[n]
}

// ---- Green Hackenbush pictures (the `hackenbush` bench and the `hackenbush_probe` example) ----

/// A fixed xorshift stream, so every run measures the same Green Hackenbush pictures.
struct Stream(u64);

impl Stream {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random tree of `edges` edges: vertex `i` hangs on a random earlier vertex.
pub fn random_tree(edges: u32) -> Picture {
    let mut s = Stream(0x9E37_79B9_7F4A_7C15);
    let list = (1..=edges)
        .map(|i| (s.below(u64::from(i)) as u32, i))
        .collect();
    Picture::new(list).unwrap()
}

/// A random graph of `edges` edges: a random tree on two thirds of them, and the last third
/// between random vertices (cycles of every size, a few loops and parallel edges).
pub fn random_graph(edges: u32) -> Picture {
    let mut s = Stream(0xD1B5_4A32_D192_ED03);
    let vertices = edges / 3 * 2;
    let mut list: Vec<(u32, u32)> = (1..=vertices)
        .map(|i| (s.below(u64::from(i)) as u32, i))
        .collect();
    while list.len() < edges as usize {
        let a = s.below(u64::from(vertices) + 1) as u32;
        let b = s.below(u64::from(vertices) + 1) as u32;
        list.push((a, b));
    }
    Picture::new(list).unwrap()
}

/// A forest of small cycle blocks: a random tree whose every tenth edge is doubled and whose
/// every tenth vertex carries a loop (blocks of 2 edges or 1 loop).
pub fn small_blocks(edges: u32) -> Picture {
    let mut s = Stream(0x2545_F491_4F6C_DD1D);
    let mut list = Vec::new();
    let mut i = 0u32;
    while list.len() < edges as usize {
        i += 1;
        let parent = s.below(u64::from(i)) as u32;
        list.push((parent, i));
        if i % 10 == 0 {
            list.push((parent, i));
        }
        if i % 10 == 5 {
            list.push((i, i));
        }
    }
    list.truncate(edges as usize);
    Picture::new(list).unwrap()
}
