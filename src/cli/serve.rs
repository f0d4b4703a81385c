//! `grundy serve`: the browser app, a single page and a JSON API, on a local port.

use std::net::{IpAddr, SocketAddr};

use clap::Args;
use grundy_core::wire::Listening;
use grundy_server::{Limits, LIMIT_RANGES};

use super::{CliError, Output};

/// Where to listen.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on. The default only accepts connections from this machine; use
    /// 0.0.0.0 to share the app on a network you trust.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// The port (0 picks a free one).
    #[arg(long, short, default_value_t = 8080,
          value_parser = super::whole_number::<u16>("--port", "", 0..=u16::MAX as u64))]
    pub port: u16,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// One flag per field of the server's limits (`GET /api/limits`); each is checked against its
/// range in `grundy_server::LIMIT_RANGES` when the command line is read.
#[derive(Debug, Args)]
pub struct LimitArgs {
    /// Expensive computations at once, 1 to 256 (default: one per core, at least 2); more
    /// wait until the time limit, then get 429.
    #[arg(long, allow_negative_numbers = true, value_name = "N", value_parser = limit("max_concurrent"))]
    pub max_concurrent: Option<u64>,
    /// Time of one expensive computation in milliseconds, 1 to 3600000 (default 2000); it is
    /// then cancelled (422).
    #[arg(long, allow_negative_numbers = true, value_name = "MS", value_parser = limit("compute_time_ms"))]
    pub compute_time_ms: Option<u64>,
    /// Memory one question may make the process grow by, in MiB, 1 to 1048576 (default 512);
    /// beyond it the question is refused (422).
    #[arg(long, allow_negative_numbers = true, value_name = "MIB", value_parser = limit("compute_memory_mib"))]
    pub compute_memory_mib: Option<u64>,
    /// Largest request body in bytes, 1024 to 16777216 (default 16384).
    #[arg(long, allow_negative_numbers = true, value_name = "BYTES", value_parser = limit("max_body_bytes"))]
    pub max_body_bytes: Option<u64>,
    /// Most heaps in a position, 1 to 10000 (default 256).
    #[arg(long, allow_negative_numbers = true, value_name = "N", value_parser = limit("max_components"))]
    pub max_components: Option<u64>,
    /// Most tokens in a heap, 1 to 2^53 - 1 = 9007199254740991 (the default; JavaScript
    /// numbers are exact up to there).
    #[arg(long, allow_negative_numbers = true, value_name = "N", value_parser = limit("max_heap"))]
    pub max_heap: Option<u64>,
    /// Most amounts in a take-set or excluded set, 1 to 10000 (default 64).
    #[arg(long, allow_negative_numbers = true, value_name = "N", value_parser = limit("max_set_size"))]
    pub max_set_size: Option<u64>,
    /// Largest amount in a take-set or excluded set, 1 to 1000000 (default 10000).
    #[arg(long, allow_negative_numbers = true, value_name = "N", value_parser = limit("max_take"))]
    pub max_take: Option<u64>,
    /// Most values of a sequence, 1 to 10000000 (default 10000).
    #[arg(long, allow_negative_numbers = true, value_name = "N", value_parser = limit("max_count"))]
    pub max_count: Option<u64>,
    /// Most games in one simulation, 1 to 100000000 (default 1000).
    #[arg(long, allow_negative_numbers = true, value_name = "N", value_parser = limit("max_games"))]
    pub max_games: Option<u64>,
    /// Most moves in one simulated game, 1 to 10^12 (default 1000).
    #[arg(long, allow_negative_numbers = true, value_name = "N", value_parser = limit("max_moves"))]
    pub max_moves: Option<u64>,
    /// Largest Wythoff coordinate whose Grundy value is computed, 0 to 16383 (default 2047);
    /// its table takes side^2 x 2 bytes (512 MiB at 16383) and time growing with side^3
    /// (5-10 s at 16383 on 2 cores).
    #[arg(long, allow_negative_numbers = true, value_name = "N", value_parser = limit("max_wythoff_table"))]
    pub max_wythoff_table: Option<u64>,
    /// Most squares in one Wythoff tile, 1 to 1048576 (default 4096).
    #[arg(long, allow_negative_numbers = true, value_name = "N", value_parser = limit("max_tile_cells"))]
    pub max_tile_cells: Option<u64>,
}

impl LimitArgs {
    /// The server's limits: the defaults, with each flag given replacing its field.
    pub fn limits(&self) -> Result<Limits, CliError> {
        let mut limits = Limits::default();
        for (name, value) in [
            ("max_concurrent", self.max_concurrent),
            ("compute_time_ms", self.compute_time_ms),
            ("compute_memory_mib", self.compute_memory_mib),
            ("max_body_bytes", self.max_body_bytes),
            ("max_components", self.max_components),
            ("max_heap", self.max_heap),
            ("max_set_size", self.max_set_size),
            ("max_take", self.max_take),
            ("max_count", self.max_count),
            ("max_games", self.max_games),
            ("max_moves", self.max_moves),
            ("max_wythoff_table", self.max_wythoff_table),
            ("max_tile_cells", self.max_tile_cells),
        ] {
            if let Some(value) = value {
                limits.set(name, value).map_err(CliError::Usage)?;
            }
        }
        Ok(limits)
    }
}

/// A clap value parser for the limit `name`: a whole number within its range. The error names
/// the value and the range (clap adds the flag).
fn limit(name: &'static str) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync {
    move |text: &str| {
        let value = grundy_core::kernel::parse_whole::<u64>(text).map_err(|_| {
            let (_, min, max) = LIMIT_RANGES
                .iter()
                .find(|(n, _, _)| *n == name)
                .copied()
                .unwrap_or((name, 0, u64::MAX));
            format!("invalid {name} {text:?}: expected a whole number from {min} to {max}")
        })?;
        Limits::default().set(name, value)?;
        Ok(value)
    }
}

/// Runs `grundy serve` until Ctrl-C.
pub fn run(args: &ServeArgs, out: &Output) -> Result<(), CliError> {
    let config = grundy_server::Config {
        limits: args.limits.limits()?,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(SocketAddr::new(args.host, args.port))
            .await
            .map_err(|e| {
                CliError::Usage(format!("cannot listen on {}:{}: {e}", args.host, args.port))
            })?;
        let addr = listener.local_addr()?;
        let url = format!("http://{addr}/");
        if out.json {
            out.json(&Listening { url: url.clone() })?;
        } else {
            out.line(format!("Grundy is running at {}", out.bold(&url)))?;
            if !args.host.is_loopback() {
                out.line(
                    "Listening beyond this machine: anyone who can reach it can use the app.",
                )?;
            }
            out.line("Press Ctrl-C to stop.")?;
        }
        grundy_server::serve_on(listener, config).await?;
        Ok(())
    })
}
