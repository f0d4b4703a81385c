//! Diagnostics for genera beside one Nim heap: `genus_levels_probe CODE HEAPS LEVELS` computes,
//! for `m = 0..=LEVELS`, the misère quotient of the game's heaps `1..=HEAPS` played beside the
//! Nim heap `*m` (a context with moves of its own, winning when a smaller `*j` would leave a
//! P-position: `misere::stage::Rule`), each level refining the one before, and prints its order
//! every ten heaps; then each heap's terms `G⁻(h + k·*2)` read off the last level (`?` where the
//! levels computed do not reach the value). Kayles to heap 40: 40 elements beside `*0..*3`, 48
//! beside `*4` and `*5`; beside `*6` heap 20 is told apart by every count of its copies tried.
use std::time::{Duration, Instant};

use grundy_core::kernel::heap_rules::HeapRules;
use grundy_core::misere::contexts::adjoin;
use grundy_core::misere::game::OptionTable;
use grundy_core::misere::stage::{Bounds, Rule, Stage};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules = HeapRules::parse(&args[1]).expect("a valid code");
    let heaps: usize = args[2].parse().expect("a heap count");
    let top: usize = args[3].parse().expect("levels");
    let options = OptionTable::new(&rules, heaps).expect("options");
    let bounds = Bounds {
        max_proof_states: 50_000_000,
        max_order: 16384,
        deadline: Instant::now().checked_add(Duration::from_secs(600)),
    };
    let start = Instant::now();
    let mut levels: Vec<Stage> = Vec::new();
    for m in 0..=top {
        let rule = if m == 0 {
            Rule::misere(heaps)
        } else {
            let prev = &levels[m - 1];
            let forced: Vec<bool> = (0..prev.order() as u32)
                .map(|e| {
                    // Some `*j`, `j < m`, leaves a P-position.
                    let mut e = e;
                    let mut any = false;
                    for j in (0..m).rev() {
                        any |= levels[j].p_portion[e as usize];
                        if j > 0 {
                            e = levels[j].base[e as usize];
                        }
                    }
                    any
                })
                .collect();
            Rule {
                context_moves: true,
                base: prev.monoid.clone(),
                base_pretend: prev.pretend.clone(),
                forced,
            }
        };
        let t = Instant::now();
        let mut stage = Stage::empty(&rule);
        for h in 1..=heaps {
            stage = match adjoin(&options, &stage, &rule, bounds, 0) {
                Ok(s) => s,
                Err(e) => {
                    println!("level {m} heap {h}: {e}");
                    return;
                }
            };
            if h % 10 == 0 || h == heaps {
                println!(
                    "level {m} heap {h}: order {} ({:.2} s, total {:.2} s)",
                    stage.order(),
                    t.elapsed().as_secs_f64(),
                    start.elapsed().as_secs_f64()
                );
            }
        }
        levels.push(stage);
    }
    // The terms of each heap's genus: the `m` whose level holds `h + k·*2` in its P-portion.
    let last = levels.len() - 1;
    let value = |x: u32| -> Option<usize> {
        let mut f = vec![false; last + 1];
        let mut e = x;
        for j in (0..=last).rev() {
            f[j] = levels[j].p_portion[e as usize];
            if j > 0 {
                e = levels[j].base[e as usize];
            }
        }
        f.iter().position(|&b| b)
    };
    let q = &levels[last];
    for h in 1..=heaps {
        let mut seen = Vec::new();
        let mut x = q.pretend[h];
        while !seen.contains(&x) {
            seen.push(x);
            x = q.monoid.mul(x, q.pretend[2]);
        }
        let start = seen.iter().position(|&y| y == x).unwrap();
        let terms: Vec<String> = seen
            .iter()
            .map(|&y| value(y).map_or("?".into(), |v| v.to_string()))
            .collect();
        println!("{h}: {} (period from {start})", terms.join(","));
    }
}
