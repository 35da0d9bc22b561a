//! `tablero serve`: the web app.

use anyhow::{Context, Result};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// Serve the web app: play every game in the browser.
///
/// Games are kept in SQLite (a file, by default `tablero.db` in the current
/// folder) or in PostgreSQL (`--database postgres://...`, for several server
/// processes behind one address). Every accepted move is committed before it
/// is acknowledged. Prints `listening on http://ADDR` once ready; stop with
/// Ctrl-C.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The port (0: any free port, printed at start).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    /// A SQLite file, or a PostgreSQL URL (`postgres://user@host/db`).
    #[arg(long, default_value = "tablero.db", value_name = "PATH_OR_URL")]
    database: String,
    /// Requests per second allowed from one address (bursts of twice that);
    /// 0: no limit.
    #[arg(long, default_value_t = 50, value_name = "N")]
    rate: u32,
    /// Connections open at once, WebSockets included (also kept under the
    /// open-file limit); more are answered 503.
    #[arg(long, default_value_t = 4096, value_name = "N")]
    max_connections: usize,
    /// Connections open at once from one address; more are answered 429.
    /// 0: no cap. A trusted proxy (`--trusted-proxy`) has none.
    #[arg(long, default_value_t = 256, value_name = "N")]
    max_connections_per_address: usize,
    /// Solves of new Imago layouts (`POST /api/imago/solve`) one address
    /// may ask for per minute; 0: no limit.
    #[arg(long, default_value_t = 20, value_name = "N")]
    solves_per_minute: u32,
    /// A reverse proxy in front (may be repeated): for connections from
    /// this address the client's address is the last one of
    /// `X-Forwarded-For`, and every per-address limit counts it. Default:
    /// none, the header is believed from nobody.
    #[arg(long, value_name = "ADDRESS")]
    trusted_proxy: Vec<IpAddr>,
    /// A folder of `tablero lab` reports (or one report) to show at /lab,
    /// read-only; surveys still running there show their progress live.
    #[arg(long, value_name = "DIR")]
    lab: Option<std::path::PathBuf>,
    /// Send email notices of correspondence games through this SMTP server
    /// (`smtp://host:25`, `smtps://user:password@host`); without it no mail
    /// is sent.
    #[arg(long, value_name = "URL")]
    smtp: Option<String>,
    /// The sender of the notices.
    #[arg(
        long,
        default_value = "tablero <tablero@localhost>",
        value_name = "ADDRESS"
    )]
    smtp_from: String,
    /// The server's address as players reach it, for the links in mails
    /// (default: the address it listens on).
    #[arg(long, value_name = "URL")]
    public_url: Option<String>,
    /// The least time between two notices to one address, in seconds.
    #[arg(long, default_value_t = 3600, value_name = "SECONDS")]
    mail_quiet: u64,
    /// Site tournaments: a schedule (JSON, docs/deploy.md "Site
    /// tournaments"), each slot's tournament made once, ahead of its start.
    #[arg(long, value_name = "FILE")]
    tournaments: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub(crate) tables: crate::tables::TableArgs,
}

pub fn run(args: &Args) -> Result<()> {
    let schedule = match &args.tournaments {
        None => None,
        Some(path) => {
            let read = std::fs::read_to_string(path)
                .map_err(|e| crate::i18n::io_reason(&e))
                .and_then(|text| tablero_server::tournaments::schedule::Schedule::parse(&text));
            Some(read.map_err(|reason| {
                anyhow::anyhow!(crate::i18n::t!(
                    "serve-bad-tournaments",
                    file = path.display().to_string(),
                    reason = reason
                ))
            })?)
        }
    };
    let config = tablero_server::Config {
        tournaments: schedule,
        addr: SocketAddr::new(args.host, args.port),
        database: args.database.clone(),
        rate: args.rate,
        limits: tablero_server::Limits {
            max_connections: args.max_connections,
            max_connections_per_address: args.max_connections_per_address,
            solves_per_minute: args.solves_per_minute,
            ..tablero_server::Limits::default()
        },
        lab: args.lab.clone(),
        mail: args
            .smtp
            .as_ref()
            .map(|smtp| tablero_server::mail::MailConfig {
                smtp: smtp.clone(),
                from: args.smtp_from.clone(),
                public_url: args.public_url.clone().unwrap_or_default(),
                quiet: std::time::Duration::from_secs(args.mail_quiet),
            }),
        puzzles: tablero_server::puzzles::Seeding::default(),
        trusted_proxies: args.trusted_proxy.clone(),
        push: tablero_server::push::PushConfig::from_env(),
    };
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .with_context(|| crate::i18n::t!("serve-no-runtime"))?
        .block_on(tablero_server::serve(config))
        .map_err(said)
}

/// A start-up error in the language in use: an address that cannot be
/// bound, a database that cannot be opened (the system's reason
/// translated where it is a common one).
fn said(e: anyhow::Error) -> anyhow::Error {
    use crate::i18n::{io_reason, t};
    use tablero_server::StartError;
    match e.downcast_ref::<StartError>() {
        Some(StartError::Listen { addr, error }) => anyhow::anyhow!(t!(
            "serve-cannot-listen",
            addr = addr.to_string(),
            reason = io_reason(error)
        )),
        Some(StartError::Database { database, detail }) => {
            let reason = detail
                .chain()
                .find_map(|c| c.downcast_ref::<std::io::Error>())
                .map(io_reason)
                .unwrap_or_else(|| crate::i18n::cause(detail.root_cause()));
            anyhow::anyhow!(t!(
                "serve-cannot-open-database",
                database = database.clone(),
                reason = reason
            ))
        }
        Some(StartError::Mail(detail)) => {
            anyhow::anyhow!(t!("serve-bad-mail", reason = detail.clone()))
        }
        None => e,
    }
}
