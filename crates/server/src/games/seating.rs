//! What the games concern shows around a game but does not keep: the
//! accounts in its seats and a rated game's ratings. The games concern
//! asks through [`Seating`], and another answers: `state.rs` wires the
//! accounts and ratings concerns in (as axum's dependency-injection
//! example holds a repository trait in its state), so games imports
//! neither. A hub alone ([`crate::games::Hub::new`]) has [`Nobody`] around
//! its games.

use super::render::Rendered;
use super::store::GameRow;
use crate::db::Fault;
use futures_util::future::BoxFuture;
use serde::Serialize;
use sqlx::{Any, Transaction};
use tablero_core::{id, Message};

/// The account holding a seat, as every viewer of the game sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// Its name; `null` once deleted.
    pub name: Option<String>,
    /// Whether it was deleted ("deleted player").
    pub deleted: bool,
    /// Whether it is a bot's account (drawn "BOT" by its name; #45).
    pub bot: bool,
}

/// Who sits around a game, as its viewers see them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Around {
    /// The accounts holding seats 0 and 1, as shown.
    pub players: [Option<PlayerView>; 2],
    /// Their ids (never shown; the end of a game names them to its
    /// subscribers).
    pub accounts: [Option<String>; 2],
    /// A rated game's ratings as its players see them (JSON; the ratings
    /// concern's view), `None` for a casual game.
    pub rated: Option<Rendered>,
    /// The seats held by a private account (docs/web-api.md, "Private
    /// profiles"): a spectator is shown neither its name nor its rating.
    pub private: [bool; 2],
    /// A rated game's ratings as a spectator sees them: a private seat's
    /// figures left out (`None` for a casual game).
    pub rated_for_spectators: Option<Rendered>,
    /// The time away (from, until; ms since 1970) of the accounts holding
    /// seats 0 and 1, current or announced (#49; the vacation concern's).
    pub away: [super::pause::Away; 2],
}

/// The answers the games concern needs about the seats of its games.
pub trait Seating: Send + Sync + 'static {
    /// Who holds the seats of `row`, and what its ratings show.
    fn around<'a>(&'a self, row: &'a GameRow) -> BoxFuture<'a, Result<Around, Fault>>;

    /// The pool in which game `row`, being created rated with its seats
    /// held by `accounts` (none for the computer and for a seat no account
    /// holds), is rated; or why it cannot be (the message the creator
    /// gets). Asked once, when the game is created: a game is rated only
    /// when created so.
    fn rated_pool(&self, row: &GameRow, accounts: &[Option<String>; 2]) -> Result<String, Message>;

    /// Binds the seats of the new game `row` to `accounts` (seat `i` to
    /// `accounts[i]` where it is given) in `tx`, the transaction that
    /// creates the game.
    fn bind<'a>(
        &'a self,
        tx: &'a mut Transaction<'static, Any>,
        row: &'a GameRow,
        accounts: &'a [Option<String>; 2],
    ) -> BoxFuture<'a, Result<(), Fault>>;

    /// The time away of `account` (from, until; ms since 1970), current
    /// or announced, as stored now (#49). None by default.
    fn away<'a>(&'a self, _account: &'a str) -> BoxFuture<'a, Result<super::pause::Away, Fault>> {
        Box::pin(async { Ok(None) })
    }

    /// The time bank (#49): `account`'s deadline `deadline` has passed
    /// (it is `now`): it goes away from the deadline for the whole days
    /// that reach past `now`, if it has that many left this year. Answers
    /// its time away then (one another process took already, too), or
    /// none. None by default.
    fn time_bank<'a>(
        &'a self,
        _account: &'a str,
        _deadline: i64,
        _now: i64,
    ) -> BoxFuture<'a, Result<super::pause::Away, Fault>> {
        Box::pin(async { Ok(None) })
    }
}

/// Nobody around: no accounts hold seats, no game is rated.
pub struct Nobody;

impl Seating for Nobody {
    fn around<'a>(&'a self, _row: &'a GameRow) -> BoxFuture<'a, Result<Around, Fault>> {
        Box::pin(async { Ok(Around::default()) })
    }

    fn rated_pool(
        &self,
        _row: &GameRow,
        _accounts: &[Option<String>; 2],
    ) -> Result<String, Message> {
        Err(Message::of(id!("api_seek_rated_login")))
    }

    fn bind<'a>(
        &'a self,
        _tx: &'a mut Transaction<'static, Any>,
        _row: &'a GameRow,
        _accounts: &'a [Option<String>; 2],
    ) -> BoxFuture<'a, Result<(), Fault>> {
        Box::pin(async { Ok(()) })
    }
}
