//! Private notes on a game (issue #49): one text per seat of a game, read
//! and written only by whoever holds that seat (its token, or the account
//! it is bound to, whose session carries the token; a same-screen game's
//! notes are its first seat's). Nobody else sees them: not the other
//! seat, not a spectator, not another account. They are kept with the game
//! (table `game_notes`) and each save is committed before it is answered.
//!
//! The notes concern asks the games concern which seats the tokens hold
//! ([`Hub::seats_of_tokens`]) and never reads its tables.

pub mod store;

use crate::db::Db;
use crate::games::{GameError, Hub};
use serde::Serialize;
use std::sync::Arc;
use tablero_core::{id, Message};

/// The longest note, in characters.
pub const MAX_NOTE: usize = 10_000;

crate::refusal::concern_error! {
    /// Why the notes concern refused.
    pub enum NoteError {
        /// Too long.
        Invalid => Invalid,
        /// Not a seat of the asker's.
        NotYours => NotYours,
        /// No such game.
        Missing => Missing,
    }
    passes on GameError;
}

/// A seat's note on a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Note {
    /// The seat whose note it is.
    pub seat: usize,
    /// The text (empty when none was written).
    pub text: String,
    /// When it was last saved (ms since 1970), if ever.
    pub updated: Option<i64>,
}

/// The notes on games.
#[derive(Clone)]
pub struct Notes {
    db: Db,
    hub: Arc<Hub>,
}

impl Notes {
    /// The notes kept in `db` on `hub`'s games.
    #[must_use]
    pub fn new(db: Db, hub: Arc<Hub>) -> Notes {
        Notes { db, hub }
    }

    /// The seat of game `game` whose notes `tokens` may read and write:
    /// the lowest seat they hold.
    async fn seat(&self, game: &str, tokens: &[String]) -> Result<usize, NoteError> {
        let seats = self.hub.seats_of_tokens(tokens, Some(game)).await?;
        if let Some(seat) = seats.iter().map(|(_, seat, _)| *seat).min() {
            return Ok(seat);
        }
        // No seat held: 404 for no such game, else 403.
        if self.hub.stored(game).await?.is_none() {
            return Err(GameError::no_game(game).into());
        }
        Err(NoteError::NotYours(Message::of(id!("api_notes_not_yours"))))
    }

    /// The note of the seat `tokens` hold in game `game`.
    ///
    /// # Errors
    /// No such game (404), no seat of the game held (403), storage
    /// failures.
    pub async fn read(&self, game: &str, tokens: &[String]) -> Result<Note, NoteError> {
        let seat = self.seat(game, tokens).await?;
        let found = store::read(&self.db, game, seat).await?;
        Ok(Note {
            seat,
            text: found.as_ref().map(|f| f.0.clone()).unwrap_or_default(),
            updated: found.map(|f| f.1),
        })
    }

    /// Saves `text` as the note of the seat `tokens` hold in game `game`
    /// (committed when this answers); an empty text deletes it.
    ///
    /// # Errors
    /// Too long (400), no such game (404), no seat held (403), storage
    /// failures (nothing was saved).
    pub async fn write(
        &self,
        game: &str,
        tokens: &[String],
        text: &str,
        now: i64,
    ) -> Result<Note, NoteError> {
        let chars = text.chars().count();
        if chars > MAX_NOTE {
            return Err(NoteError::Invalid(
                Message::of(id!("api_notes_too_long"))
                    .num("max", MAX_NOTE)
                    .num("length", chars),
            ));
        }
        let seat = self.seat(game, tokens).await?;
        store::write(&self.db, game, seat, text, now).await?;
        Ok(Note {
            seat,
            text: text.to_string(),
            updated: (!text.is_empty()).then_some(now),
        })
    }
}
