//! Saved Imago layouts (kept apart from `games/`, which names no game).
//! Each belongs to whoever saved it: the owner token
//! the browser was given with its first layout (the account, once there
//! are accounts). The list shows only one's own; a layout is shared on
//! purpose by its link (`GET /api/layouts/{id}`), which anyone may open,
//! play and save a copy of, and only its owner may change or delete.

pub mod store;

use crate::db::{random_id, Db};
use crate::games::Actor;
use serde::Serialize;
pub use store::LayoutRow;
use tablero_core::{id, Localize, Message};
use tablero_games::imago::{self, Layout};

crate::refusal::concern_error! {
    /// Why the layouts concern refused a request, or failed.
    pub enum LayoutError {
        /// A bad name or layout.
        BadLayout => Invalid,
        /// Not the asker's layout.
        NotOwner => NotYours,
        /// No such layout.
        NoLayout => Missing,
    }
}

/// The longest name of a layout, in characters.
const MAX_NAME: usize = 60;

/// A layout as saved, with its owner's token (answered to the owner
/// only, when saving).
#[derive(Clone, Debug, Serialize)]
pub struct Saved {
    /// The layout.
    #[serde(flatten)]
    pub row: LayoutRow,
    /// The owner's token: the browser sends it to list, change or delete
    /// its layouts.
    pub owner: String,
}

/// Why `text` is not a layout.
#[must_use]
pub fn bad_layout(text: &str, e: &imago::LayoutError) -> Message {
    Message::of(id!("api_bad_layout"))
        .text("layout", format!("{text:?}"))
        .msg("error", e.message())
}

/// The layout as stored: its name trimmed and checked, its text read and
/// written in the one-line form.
fn checked(id: String, name: &str, text: &str) -> Result<LayoutRow, LayoutError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_NAME {
        return Err(LayoutError::BadLayout(
            Message::of(id!("api_layout_name")).num("max", MAX_NAME),
        ));
    }
    let layout: Layout = text
        .parse()
        .map_err(|e| LayoutError::BadLayout(bad_layout(text, &e)))?;
    Ok(LayoutRow {
        id,
        name: name.to_string(),
        layout: layout.to_string(),
    })
}

/// The owner token the actor sends: its first token.
fn owner(actor: &Actor) -> Option<&str> {
    match actor {
        Actor::Tokens(t) => t.first().map(String::as_str),
        Actor::Computer(_) => None,
    }
}

/// No layout `id`.
fn no_layout(id: &str) -> LayoutError {
    LayoutError::NoLayout(Message::of(id!("api_no_layout")).text("id", id))
}

/// The layouts concern's service.
#[derive(Clone)]
pub struct Layouts {
    db: Db,
}

impl Layouts {
    /// The layouts saved in `db`.
    #[must_use]
    pub fn new(db: Db) -> Layouts {
        Layouts { db }
    }

    /// Saves a layout for the actor's owner token, or a new token when it
    /// sends none; answers the layout and the token.
    ///
    /// # Errors
    /// A bad name or layout, storage failures.
    pub async fn save_layout(
        &self,
        actor: &Actor,
        name: &str,
        text: &str,
    ) -> Result<Saved, LayoutError> {
        let row = checked(random_id(10), name, text)?;
        let owner = owner(actor).map_or_else(|| random_id(24), str::to_string);
        store::save(&self.db, &row, &owner).await?;
        Ok(Saved { row, owner })
    }

    /// The layouts the actor's owner token saved, newest first (none
    /// without a token).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn layouts(&self, actor: &Actor) -> Result<Vec<LayoutRow>, LayoutError> {
        match owner(actor) {
            Some(o) => Ok(store::of_owner(&self.db, o).await?),
            None => Ok(Vec::new()),
        }
    }

    /// The layout `id`, for anyone who has its link.
    ///
    /// # Errors
    /// No such layout, storage failures.
    pub async fn layout(&self, id: &str) -> Result<LayoutRow, LayoutError> {
        match store::get(&self.db, id).await? {
            Some((row, _)) => Ok(row),
            None => Err(no_layout(id)),
        }
    }

    /// Gives the actor's layout `id` a new name and text.
    ///
    /// # Errors
    /// No such layout, not the actor's, a bad name or layout, storage
    /// failures.
    pub async fn change_layout(
        &self,
        actor: &Actor,
        id: &str,
        name: &str,
        text: &str,
    ) -> Result<LayoutRow, LayoutError> {
        let owner = self.owned(actor, id).await?;
        let row = checked(id.to_string(), name, text)?;
        if !store::change(&self.db, &row, owner).await? {
            return Err(no_layout(id));
        }
        Ok(row)
    }

    /// Deletes the actor's layout `id`.
    ///
    /// # Errors
    /// No such layout, not the actor's, storage failures.
    pub async fn delete_layout(&self, actor: &Actor, id: &str) -> Result<(), LayoutError> {
        let owner = self.owned(actor, id).await?;
        if !store::delete(&self.db, id, owner).await? {
            return Err(no_layout(id));
        }
        Ok(())
    }

    /// The actor's owner token, if it owns the layout `id`.
    async fn owned<'a>(&self, actor: &'a Actor, id: &str) -> Result<&'a str, LayoutError> {
        let Some((_, stored)) = store::get(&self.db, id).await? else {
            return Err(no_layout(id));
        };
        match owner(actor) {
            Some(o) if stored.as_deref() == Some(o) => Ok(o),
            _ => Err(LayoutError::NotOwner(
                Message::of(id!("api_not_your_layout")).text("id", id),
            )),
        }
    }
}
