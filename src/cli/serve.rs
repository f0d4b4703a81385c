//! `grundy serve`: the browser app, a single page and a JSON API, on a local port.

use std::net::{IpAddr, SocketAddr};

use clap::Args;
use serde_json::json;

use super::{CliError, Output};

/// Where to listen.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on. The default only accepts connections from this machine; use
    /// 0.0.0.0 to share the app on a network you trust.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// The port (0 picks a free one).
    #[arg(long, short, default_value_t = 8080)]
    pub port: u16,
}

/// Runs `grundy serve` until Ctrl-C.
pub fn run(args: &ServeArgs, out: &Output) -> Result<(), CliError> {
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
            out.json(&json!({ "url": url }))?;
        } else {
            out.line(format!("Grundy is running at {}", out.bold(&url)))?;
            if !args.host.is_loopback() {
                out.line(
                    "Listening beyond this machine: anyone who can reach it can use the app.",
                )?;
            }
            out.line("Press Ctrl-C to stop.")?;
        }
        grundy_server::serve_on(listener, grundy_server::Config::default()).await?;
        Ok(())
    })
}
