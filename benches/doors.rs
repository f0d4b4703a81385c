//! What each door adds to a small question: the core's answer (`grundy_core::answer`) alone,
//! then the same question through the API (the server's router in process: JSON in, the
//! handler, the compute pool, JSON out) and through the command line (a whole `grundy analyze
//! --json` process, less a `grundy --version` process: the cost of starting a program, which
//! is the operating system's, not the door's). Questions: an analysis, a hint (the answer with
//! its computer move) and the perfect computer's move, on a Nim position, a sum of periodic
//! heap games, and a sum of boards found by search.
//!
//! `cargo bench --bench doors` (side by side in one run: rounds alternate core, API and CLI so
//! that the machine's drift touches each alike). Prints one row per question: the medians in
//! microseconds (the least of the processes' times for the command line, whose runs a shared
//! machine disturbs by milliseconds) and the door's overhead (door − core). Target (issue 25): no door adds more
//! than 1 ms.

#![allow(clippy::disallowed_macros)] // requests and expected answers are JSON literals

use std::process::Command;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Method, Request};
use grundy_core::answer::{ask, default_budget, player_move, Asked, Question};
use grundy_core::player::Player;
use grundy_core::spec::parse_sum;
use grundy_core::strategy::Convention;
use grundy_server::{router, Config};
use http_body_util::BodyExt;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use tower::ServiceExt;

const POSITIONS: [&str; 3] = [
    "nim:3,4,5",
    "nim:3 + sub{1,4,9}:11 + octal{0.77}:30,40",
    "cram:3x4 + chomp:3x3",
];

/// How many rounds (each question once per door in a round).
const ROUNDS: usize = 300;
/// Rounds of the command line (a process each).
const CLI_ROUNDS: usize = 100;

#[derive(Clone, Copy)]
enum Asking {
    Analysis,
    Hint,
    Move,
}

impl Asking {
    fn name(self) -> &'static str {
        match self {
            Asking::Analysis => "analysis",
            Asking::Hint => "hint",
            Asking::Move => "computer's move",
        }
    }

    fn path(self) -> &'static str {
        match self {
            Asking::Analysis => "/api/analyze",
            Asking::Hint => "/api/hint",
            Asking::Move => "/api/move",
        }
    }
}

/// The core alone: the position read from text and the question answered.
fn core(text: &str, asking: Asking) {
    let budget = default_budget("--time", "--memory");
    match asking {
        Asking::Analysis | Asking::Hint => {
            // As the server asks: a hint wants one winning move, an analysis every one.
            let hint = matches!(asking, Asking::Hint);
            let asked = Asked {
                winning_moves: !hint,
                explanation: true,
                computer_move: hint,
            };
            let answer = ask(&Question::text(text, Convention::Normal, asked, budget));
            std::hint::black_box(answer.expect("answered"));
        }
        Asking::Move => {
            let sum = parse_sum(text).expect("a position");
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let m = player_move(&sum, Convention::Normal, Player::Perfect, budget, &mut rng);
            std::hint::black_box(m.expect("a move"));
        }
    }
}

/// The API: one request to the server's router (made once, as a running server holds it), its
/// body read whole.
async fn api(app: &axum::Router, text: &str, asking: Asking) {
    let mut body = json!({ "position": { "game": "sum", "terms": text } });
    if matches!(asking, Asking::Move) {
        body["seed"] = json!(1);
    }
    let body = body.to_string();
    let request = Request::builder()
        .method(Method::POST)
        .uri(asking.path())
        .header("content-type", "application/json")
        .body(Body::from(body))
        .expect("a request");
    let response = app.clone().oneshot(request).await.expect("served");
    assert!(response.status().is_success(), "{}", asking.path());
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    std::hint::black_box(bytes);
}

fn cli(args: &[&str]) {
    let status = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("grundy runs");
    assert!(status.status.success(), "{args:?}");
}

/// The least of `times`: for whole processes on a shared machine, the run least disturbed.
fn least(times: Vec<Duration>) -> f64 {
    times.iter().min().expect("timed").as_secs_f64() * 1e6
}

fn median(mut times: Vec<Duration>) -> f64 {
    times.sort();
    times[times.len() / 2].as_secs_f64() * 1e6
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let app = runtime.block_on(async { router(Config::default()) });
    println!(
        "| question | position | core alone (µs) | API (µs) | API adds (µs) | CLI less process start (µs) | CLI adds (µs) |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for text in POSITIONS {
        for asking in [Asking::Analysis, Asking::Hint, Asking::Move] {
            // Warm up: the rulesets' tables, the pool's threads.
            core(text, asking);
            runtime.block_on(api(&app, text, asking));
            let (mut cores, mut apis) = (Vec::new(), Vec::new());
            for _ in 0..ROUNDS {
                let t = Instant::now();
                core(text, asking);
                cores.push(t.elapsed());
                let t = Instant::now();
                runtime.block_on(api(&app, text, asking));
                apis.push(t.elapsed());
            }
            let cli_text = match asking {
                Asking::Analysis => {
                    let (mut analyses, mut starts) = (Vec::new(), Vec::new());
                    for _ in 0..CLI_ROUNDS {
                        let t = Instant::now();
                        cli(&["analyze", "sum", text, "--json", "--explain"]);
                        analyses.push(t.elapsed());
                        let t = Instant::now();
                        cli(&["--version"]);
                        starts.push(t.elapsed());
                    }
                    let less_start = least(analyses) - least(starts);
                    let core_alone = median(cores.clone());
                    format!("{less_start:.0} | {:.0}", less_start - core_alone)
                }
                // The command line's hint and move are `grundy play`'s, at a terminal.
                _ => "— | —".to_string(),
            };
            let (core_alone, door) = (median(cores), median(apis));
            println!(
                "| {} | `{text}` | {core_alone:.0} | {door:.0} | {:.0} | {cli_text} |",
                asking.name(),
                door - core_alone
            );
        }
    }
}
