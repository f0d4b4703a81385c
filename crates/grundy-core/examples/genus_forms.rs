//! Genera by misère simplest forms against the default method:
//! `cargo run --release -p grundy-core --example genus_forms -- 0.77 60`.
use grundy_core::kernel::heap_rules::HeapRules;
use grundy_core::misere::canonical::heap_genera_by_forms;
use grundy_core::misere::game::OptionTable;
use grundy_core::misere::genus_quotient::heap_genera;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let code = args.get(1).map_or("0.77", String::as_str);
    let count: usize = args.get(2).map_or(60, |s| s.parse().unwrap());
    let which = args.get(3).map_or("both", String::as_str);
    let options = OptionTable::new(&HeapRules::parse(code).unwrap(), count).unwrap();
    if which == "count" || which == "sums" {
        let t = Instant::now();
        let f = if which == "count" {
            followers(&options, count, 20_000_000)
        } else {
            0
        };
        let mut store = grundy_core::misere::canonical::MisereForms::new();
        let t2 = Instant::now();
        let r = grundy_core::misere::canonical::heap_forms(&mut store, &options);
        println!(
            "{code} {count}: followers {f} ({:.2?}); forms {} sums {} ({:.2?}) {}",
            t.elapsed(),
            store.len(),
            store.sums_len(),
            t2.elapsed(),
            r.is_ok()
        );
        return;
    }
    let t = Instant::now();
    let forms = (which != "default").then(|| heap_genera_by_forms(&options).unwrap());
    println!("{code} to {count}: forms {:.2?}", t.elapsed());
    if which != "forms" {
        let t = Instant::now();
        let default = heap_genera(&options).unwrap();
        println!("{code} to {count}: default {:.2?}", t.elapsed());
        if let Some(forms) = forms {
            assert_eq!(forms, default);
        }
    }
}

/// Followers of heap `h` (sorted multisets of heaps), counted up to `cap`.
fn followers(options: &OptionTable, h: usize, cap: usize) -> usize {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![vec![h]];
    seen.insert(vec![h]);
    while let Some(p) = stack.pop() {
        if seen.len() > cap {
            break;
        }
        for (i, &x) in p.iter().enumerate() {
            for o in &options.options[x] {
                let mut q = p.clone();
                q.remove(i);
                q.extend(o);
                q.sort_unstable();
                if seen.insert(q.clone()) {
                    stack.push(q);
                }
            }
        }
    }
    seen.len()
}
