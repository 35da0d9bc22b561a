//! Why the hub refused a request or failed: a domain error, without HTTP.
//! The routes turn it into an answer (`crate::error::ApiError` picks the
//! status from its kind).

use tablero_ai::table::Refusal;
use tablero_core::{id, Message};

/// Why the hub refused a request, or failed. Each refusal carries its
/// reason as a message of the web's catalogue (`locales/*/web.ftl`, ids
/// `api_…`) or of the games' (`games.ftl`), which the browser shows in
/// the reader's language.
#[derive(Debug, thiserror::Error)]
pub enum HubError {
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
    Internal(#[from] anyhow::Error),
}

impl HubError {
    /// The refusal's reason; `None` for an internal failure.
    #[must_use]
    pub fn message(&self) -> Option<&Message> {
        match self {
            HubError::Invalid(m)
            | HubError::NotYours(m)
            | HubError::Missing(m)
            | HubError::NotNow(m) => Some(m),
            HubError::Internal(_) => None,
        }
    }

    /// No game `id`.
    pub(crate) fn no_game(id: &str) -> HubError {
        HubError::Missing(Message::of(id!("api_no_game")).text("id", id))
    }

    /// No offered game `name`.
    pub(crate) fn unknown_game(name: &str) -> HubError {
        HubError::Invalid(
            Message::of(id!("api_unknown_game"))
                .text("game", name)
                .text("games", crate::games::names()),
        )
    }

    /// Another process changed the game at the same time.
    pub(crate) fn changed_meanwhile() -> HubError {
        HubError::NotNow(Message::of(id!("api_changed_meanwhile")))
    }

    /// `first` is not a seat.
    pub(crate) fn bad_first(first: usize) -> HubError {
        HubError::Invalid(Message::of(id!("api_bad_first")).num("first", first))
    }
}

/// The table's refusals are the hub's: a move that is not one is invalid,
/// another seat's turn is not yours, an action that does not apply now is
/// not now.
impl From<Refusal> for HubError {
    fn from(r: Refusal) -> Self {
        match r {
            Refusal::Bad(m) => HubError::Invalid(m),
            Refusal::Forbidden(m) => HubError::NotYours(m),
            Refusal::Conflict(m) => HubError::NotNow(m),
        }
    }
}
