//! Workloads and baselines shared by the criterion benches and the side-by-side harness.
//! The baselines exist only here, to be measured against.
#![allow(dead_code)]

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
