//! Why the games concern refused a request or failed: a domain error,
//! without HTTP. The routes turn it into an answer (their `ApiError` picks
//! the status from its kind).

use tablero_ai::table::Refusal;
use tablero_core::{id, Message};

crate::refusal::concern_error! {
    /// Why the games concern refused a request, or failed. Each refusal
    /// carries its reason as a message of the web's catalogue
    /// (`locales/*/web.ftl`, ids `api_…`) or of the games' (`games.ftl`),
    /// which the browser shows in the reader's language.
    pub enum GameError {
        /// Malformed, or against the rules: an unknown game, a bad variant,
        /// level or move, a ply beyond the game.
        Invalid => Invalid,
        /// Not the actor's to do: not their seat, not their turn.
        NotYours => NotYours,
        /// No such game.
        Missing => Missing,
        /// Not now: the game is over, moved on, or changed at the same time.
        NotNow => NotNow,
    }
}

impl GameError {
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
