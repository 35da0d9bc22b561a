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

/// The account holding a seat, as every viewer of the game sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// Its name; `null` once deleted.
    pub name: Option<String>,
    /// Whether it was deleted ("deleted player").
    pub deleted: bool,
}

/// Who sits around a game, as its viewers see them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Around {
    /// The accounts holding seats 0 and 1, as shown.
    pub players: [Option<PlayerView>; 2],
    /// Their ids (never shown; the end of a game names them to its
    /// subscribers).
    pub accounts: [Option<String>; 2],
    /// A rated game's ratings as its viewers see them (JSON; the ratings
    /// concern's view), `None` for a casual game.
    pub rated: Option<Rendered>,
}

/// The answers the games concern needs about the seats of its games.
pub trait Seating: Send + Sync + 'static {
    /// Who holds the seats of `row`, and what its ratings show.
    fn around<'a>(&'a self, row: &'a GameRow) -> BoxFuture<'a, Result<Around, Fault>>;

    /// The pool in which game `row`, about to get its first move, is
    /// rated, if it is (decided at the first move until rated is chosen
    /// when a game is created: issue #42's second half).
    fn rated_pool<'a>(&'a self, row: &'a GameRow) -> BoxFuture<'a, Result<Option<String>, Fault>>;
}

/// Nobody around: no accounts hold seats, no game is rated.
pub struct Nobody;

impl Seating for Nobody {
    fn around<'a>(&'a self, _row: &'a GameRow) -> BoxFuture<'a, Result<Around, Fault>> {
        Box::pin(async { Ok(Around::default()) })
    }

    fn rated_pool<'a>(&'a self, _row: &'a GameRow) -> BoxFuture<'a, Result<Option<String>, Fault>> {
        Box::pin(async { Ok(None) })
    }
}
