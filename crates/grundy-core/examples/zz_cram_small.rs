use grundy_core::games::cram::{Cram, CramBoard};
use grundy_core::search::Engine;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let board: CramBoard = args[1].parse().unwrap();
    let n: usize = args[2].parse().unwrap();
    let t = std::time::Instant::now();
    let mut v = 0;
    for _ in 0..n {
        let mut engine = Engine::new(Cram::new(), 4 << 30);
        v ^= board.value_with(&mut engine).unwrap();
    }
    println!(
        "{} per solve {:?} (x{})",
        args[1],
        t.elapsed() / n as u32,
        v
    );
}
