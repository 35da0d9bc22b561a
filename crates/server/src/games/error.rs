//! Why the games concern refused a request or failed: a domain error,
//! without HTTP. The routes turn it into an answer (their `ApiError` picks
//! the status from its kind).

use crate::db::Fault;
use tablero_ai::table::Refusal;
use tablero_core::{id, Message};

/// Why the games concern refused a request, or failed. Each refusal carries its
/// reason as a message of the web's catalogue (`locales/*/web.ftl`, ids
/// `api_…`) or of the games' (`games.ftl`), which the browser shows in
/// the reader's language.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// Malformed, or against the rules: an unknown game, a bad variant,
    /// level or move, a ply beyond the game.
    #[error("{0}")]
    Invalid(Message),
    /// Not the actor's to do: not their seat, not their turn, not their
    /// saved layout.
    #[error("{0}")]
    NotYours(Message),
    /// No such game (or layout).
    #[error("{0}")]
    Missing(Message),
    /// Not now: the game is over, moved on, or changed at the same time.
    #[error("{0}")]
    NotNow(Message),
    /// The store or a task failed; logged, never shown.
    #[error("internal error: {0}")]
    Internal(Fault),
}

impl GameError {
    /// The refusal's reason; `None` for an internal failure.
    #[must_use]
    pub fn message(&self) -> Option<&Message> {
        match self {
            GameError::Invalid(m)
            | GameError::NotYours(m)
            | GameError::Missing(m)
            | GameError::NotNow(m) => Some(m),
            GameError::Internal(_) => None,
        }
    }

    /// No game `id`.
    pub fn no_game(id: &str) -> GameError {
        GameError::Missing(Message::of(id!("api_no_game")).text("id", id))
    }

    /// No offered game `name`.
    pub fn unknown_game(name: &str) -> GameError {
        GameError::Invalid(
            Message::of(id!("api_unknown_game"))
                .text("game", name)
                .text("games", super::catalog::names()),
        )
    }

    /// Another process changed the game at the same time.
    pub fn changed_meanwhile() -> GameError {
        GameError::NotNow(Message::of(id!("api_changed_meanwhile")))
    }

    /// `first` is not a seat.
    pub fn bad_first(first: usize) -> GameError {
        GameError::Invalid(Message::of(id!("api_bad_first")).num("first", first))
    }
}

impl From<Fault> for GameError {
    fn from(e: Fault) -> Self {
        GameError::Internal(e)
    }
}

/// The table's refusals are the games concern's: a move that is not one
/// is invalid, another seat's turn is not yours, an action that does not
/// apply now is not now.
impl From<Refusal> for GameError {
    fn from(r: Refusal) -> Self {
        match r {
            Refusal::Bad(m) => GameError::Invalid(m),
            Refusal::Forbidden(m) => GameError::NotYours(m),
            Refusal::Conflict(m) => GameError::NotNow(m),
        }
    }
}
