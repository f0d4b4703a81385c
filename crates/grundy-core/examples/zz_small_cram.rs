use grundy_core::games::cram::{Cram, CramBoard};
use grundy_core::search::Engine;
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let board: CramBoard = args[1].parse().unwrap();
    let n: usize = args[2].parse().unwrap();
    let t = Instant::now();
    let mut s = 0;
    for _ in 0..n {
        let mut engine = Engine::new(Cram::new(), 4 << 30);
        s += board.value_with(&mut engine).unwrap();
    }
    println!("{} per solve {:?}", s, t.elapsed() / n as u32);
}
