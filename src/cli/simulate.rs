//! `grundy simulate`: many games between two computer players, with win rates, their 95%
//! confidence intervals (Wilson) and game lengths; `--transcript` prints the first game turn by
//! turn, as Fig. 8 of Avansyah (2025) does (docs/bibliography.md).

use clap::Args;
use grundy_core::play::{wilson_interval, GameRecord, Seat};
use grundy_core::player::Player;
use grundy_core::simulation::{self, Series, Simulation, Stop};
use grundy_core::simulation::{DEFAULT_MAX_MOVES, MAX_GAMES, MAX_MAX_MOVES};
use grundy_core::strategy::Convention;
use grundy_core::sum::Sum;
use grundy_core::wire::SimulationDoc;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use super::game::{convention_text, draw, move_text, value_line, BudgetArgs, Game};
use super::play::seed_or_clock;
use super::{CliError, Output};

/// `grundy simulate GAME ...`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The game and its starting position.
    #[command(subcommand)]
    pub game: Game,
    /// The two players, the first moving first: perfect, random, bouton, or a strength 0..100.
    #[arg(long, global = true, default_value = "perfect,random", value_parser = parse_players)]
    pub players: Players,
    /// How many games to play.
    #[arg(long, global = true, default_value_t = 1000,
          value_parser = super::whole_number::<u64>("--games", "games", 1..=MAX_GAMES))]
    pub games: u64,
    /// Seed for the players' random choices (default: from the clock; printed to replay).
    #[arg(long, global = true, value_parser = super::whole_number::<u64>("--seed", "", 0..=u64::MAX))]
    pub seed: Option<u64>,
    /// Misère play: whoever makes the last move loses.
    #[arg(long, global = true)]
    pub misere: bool,
    /// Print the first game turn by turn, with the nim-sum (or Grundy value) before and after
    /// each move.
    #[arg(long, global = true)]
    pub transcript: bool,
    /// The most moves one game may take: a longer game stops the run with an error (raise this
    /// to simulate very long games).
    #[arg(long, global = true, default_value_t = DEFAULT_MAX_MOVES,
          value_parser = super::whole_number::<u64>("--max-moves", "moves", 1..=MAX_MAX_MOVES))]
    pub max_moves: u64,
    /// The budget of the question about the start (its value).
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// Two players given as `a,b`.
#[derive(Debug, Clone, Copy)]
pub struct Players(pub [Player; 2]);

/// clap value parser for `--players a,b`.
pub fn parse_players(text: &str) -> Result<Players, String> {
    let parts: Vec<&str> = text.split(',').collect();
    let [a, b] = parts.as_slice() else {
        return Err(format!(
            "invalid players {text:?}: expected two players separated by a comma, e.g. perfect,random"
        ));
    };
    let parse = |p: &str| Player::parse(p).map_err(|e| e.to_string());
    Ok(Players([parse(a)?, parse(b)?]))
}

/// Runs `grundy simulate`.
pub fn run(args: &SimulateArgs, out: &Output) -> Result<(), CliError> {
    // A heap beyond 2^64 - 1 is refused with the reason (the game's length, or 64-bit play).
    let (title, start) = args.game.0.position(&args.budget.budget()).map_err(|e| {
        let door = simulation::SimulationDoor {
            max_moves: "--max-moves",
            elsewhere: "grundy analyze and grundy play",
        };
        simulation::beyond_u64(&args.game.0.term, MAX_MAX_MOVES, &door).map_or(e, CliError::from)
    })?;
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let series = Series {
        games: args.games,
        seed: seed_or_clock(args.seed),
        max_moves: args.max_moves,
        keep_first: args.transcript,
    };
    let players = args.players.0;
    // The core's one simulation, the same the server's `/api/simulate` runs; Ctrl-C ends it
    // between games (or inside a player's question), and the games finished are reported.
    let interrupt = super::interrupt::flag();
    let sim = grundy_core::kernel::cancel::with_flag(Arc::clone(&interrupt), || {
        simulation::run(&start, convention, players, series)
    });
    let interrupted = interrupt.load(Ordering::SeqCst);
    let mut sim = sim.map_err(|e| match interrupted {
        true => CliError::Interrupted("interrupted before the first game began".into()),
        false => e.into(),
    })?;
    sim.game = title;
    let stop = sim
        .stopped
        .as_ref()
        .map(|stop| stop_error(stop, &sim, args.max_moves, interrupted));
    if sim.tally.games == 0 {
        if let Some(stop) = stop {
            return Err(stop);
        }
    }
    if out.json {
        out.json(&SimulationDoc::of(&sim)?)?;
    } else {
        if let Some(game) = &sim.first_game {
            for line in transcript_lines(game, players)? {
                out.line(line)?;
            }
            out.line("")?;
        }
        for line in text(&sim) {
            out.line(line)?;
        }
    }
    // A series that stopped early prints the games it finished, then says why it stopped
    // (exit 2, or 130 for Ctrl-C): nothing played is lost.
    stop.map_or(Ok(()), Err)
}

/// Why the series stopped, as the CLI reports it: with the games finished when there are any,
/// and the option that allows a longer game.
fn stop_error(stop: &Stop, sim: &Simulation, max_moves: u64, interrupted: bool) -> CliError {
    let done = sim.tally.games;
    let kept = match done {
        0 => String::new(),
        _ => format!(
            "; the results above are of the {done} game{} finished (of {} asked for)",
            if done == 1 { "" } else { "s" },
            sim.requested
        ),
    };
    match stop {
        _ if interrupted => CliError::Interrupted(format!("interrupted{kept}")),
        Stop::TooLong { .. } => CliError::Usage(format!("{}{kept}", too_long(max_moves))),
        Stop::Refused(e) => CliError::Usage(format!("{e}{kept}")),
    }
}

fn too_long(max_moves: u64) -> CliError {
    CliError::Usage(format!(
        "a game went on for more than {max_moves} moves (--max-moves): allow more with --max-moves N (up to {MAX_MAX_MOVES}) or start from a smaller position"
    ))
}

/// The series in lines: the game, the start, who wins it, each seat's wins with their 95%
/// interval, and the lengths.
fn text(sim: &Simulation) -> Vec<String> {
    let t = &sim.tally;
    let mut lines = vec![
        format!("{} ({})", sim.game, convention_text(sim.convention)),
        format!("Start: {}", position_text(&sim.start)),
        format!("{}.", sim.outcome.describe()),
        format!(
            "{} game{}, player 1 moves first, seed {} (replay with --seed {}).",
            t.games,
            if t.games == 1 { "" } else { "s" },
            sim.seed,
            sim.seed
        ),
    ];
    let labels =
        [Seat::First, Seat::Second].map(|seat| format!("{seat} ({}):", sim.players[seat.index()]));
    let label_width = labels.iter().map(String::len).max().unwrap_or(0);
    let count_width = t.games.to_string().len();
    for seat in [Seat::First, Seat::Second] {
        let wins = t.wins[seat.index()];
        let (low, high) = wilson_interval(wins, t.games);
        lines.push(format!(
            "  {:<label_width$} {wins:>count_width$} wins  {:>7}  95% CI [{}, {}]",
            labels[seat.index()],
            percent(wins as f64 / t.games as f64),
            percent(low),
            percent(high)
        ));
    }
    lines.push(format!(
        "Average length: {:.2} moves (shortest {}, longest {}).",
        t.average_length(),
        t.shortest,
        t.longest
    ));
    lines
}

fn percent(rate: f64) -> String {
    format!("{:.2}%", rate * 100.0)
}

fn position_text(sum: &Sum) -> String {
    let heaps: Vec<String> = sum.components.iter().map(|c| c.to_string()).collect();
    format!("[{}]", heaps.join(", "))
}

/// The total value (nim-sum of the components' values).
fn total(sum: &Sum) -> Result<u64, CliError> {
    Ok(sum.value()?)
}

/// One game turn by turn: the heaps as bars, the value before, the move, the value after.
fn transcript_lines(game: &GameRecord, players: [Player; 2]) -> Result<Vec<String>, CliError> {
    let mut lines = Vec::new();
    for (i, turn) in game.turns.iter().enumerate() {
        let after = game
            .turns
            .get(i + 1)
            .map_or(game.position(), |next| &next.before);
        let player = players[turn.seat.index()];
        lines.push(format!("--- Turn {}: {} ({player}) ---", i + 1, turn.seat));
        lines.push(format!("Heaps: {}", position_text(&turn.before)));
        lines.extend(draw(&turn.before));
        lines.push(format!("Before: {}", value_line(&turn.before)?));
        lines.push(format!(
            "{}: {}",
            capitalise(&turn.seat.to_string()),
            move_text(&turn.mv, &turn.before)
        ));
        let label = if after.nim_heaps().is_some() {
            "nim-sum"
        } else {
            "Grundy value"
        };
        lines.push(format!(
            "After: {}, {label} {}",
            position_text(after),
            total(after)?
        ));
    }
    lines.push("--- Final position ---".to_string());
    lines.extend(draw(game.position()));
    let winner = game.winner().unwrap_or(Seat::Second);
    lines.push(format!(
        "Game over after {} moves: {} ({}) wins.",
        game.moves_made(),
        winner,
        players[winner.index()]
    ));
    Ok(lines)
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
