//! `tablero moderator`: give an account the moderator's role in the web
//! app's chat (#44), take it back, or list the moderators, on the server's
//! database (the accounts concern finds the account by name, the chat
//! concern keeps the role).

use crate::i18n::t;
use anyhow::{anyhow, Context, Result};
use tablero_server::accounts::{names::name_key, store as accounts};
use tablero_server::chat::store as chat;
use tablero_server::Db;

/// Give an account the moderator's role, take it back, or list the
/// moderators.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

/// What to do.
#[derive(clap::Subcommand, Debug)]
pub enum Action {
    /// Make an account a moderator.
    Grant(NameArgs),
    /// The account is no longer a moderator.
    Revoke(NameArgs),
    /// List the moderators.
    List(DbArgs),
}

/// An account and the database.
#[derive(clap::Args, Debug)]
pub struct NameArgs {
    /// The account's name.
    name: String,
    #[command(flatten)]
    db: DbArgs,
}

/// The database.
#[derive(clap::Args, Debug)]
pub struct DbArgs {
    /// The server's database: a SQLite file, or a PostgreSQL URL.
    #[arg(long, default_value = "tablero.db", value_name = "PATH_OR_URL")]
    database: String,
}

pub fn run(args: &Args) -> Result<()> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .with_context(|| t!("serve-no-runtime"))?
        .block_on(act(&args.action))
}

/// The live account named `name`: its id and name as chosen.
async fn account(db: &Db, name: &str) -> Result<(String, String)> {
    let found = accounts::by_key(db, &name_key(name)).await.map_err(fault)?;
    found
        .map(|r| (r.id, r.name))
        .ok_or_else(|| anyhow!(t!("moderator-no-account", name = name.to_string())))
}

/// A storage failure as an error of the command.
fn fault(f: tablero_server::db::Fault) -> anyhow::Error {
    anyhow!("{f}")
}

async fn open(database: &str) -> Result<Db> {
    if !database.contains("://") && !std::path::Path::new(database).exists() {
        return Err(anyhow!(t!(
            "moderator-no-database",
            database = database.to_string()
        )));
    }
    Db::open(database).await
}

async fn act(action: &Action) -> Result<()> {
    match action {
        Action::Grant(a) => {
            let db = open(&a.db.database).await?;
            let (id, name) = account(&db, &a.name).await?;
            chat::grant(&db, &id, &name).await.map_err(fault)?;
            println!("{}", t!("moderator-granted", name = name));
        }
        Action::Revoke(a) => {
            let db = open(&a.db.database).await?;
            let (id, name) = account(&db, &a.name).await?;
            if chat::revoke(&db, &id).await.map_err(fault)? {
                println!("{}", t!("moderator-revoked", name = name));
            } else {
                println!("{}", t!("moderator-was-not", name = name));
            }
        }
        Action::List(a) => {
            let db = open(&a.database).await?;
            let moderators = chat::moderators(&db).await.map_err(fault)?;
            if moderators.is_empty() {
                println!("{}", t!("moderator-none"));
            }
            for (_, name) in moderators {
                println!("{name}");
            }
        }
    }
    Ok(())
}
