//! The saved layouts' table (`layouts`, migrations `0001_init.sql` and
//! `0003_layout_owner.sql`): each layout with its owner's token.

use crate::db::{now_ms, Db, Result};
use sqlx::Row;

/// A saved Imago layout.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LayoutRow {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The layout text.
    pub layout: String,
}

/// Saves a layout, owned by `owner` (a token).
pub async fn save(db: &Db, l: &LayoutRow, owner: &str) -> Result<()> {
    sqlx::query(
        "INSERT INTO layouts (id, name, layout, created, owner) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(&l.id)
    .bind(&l.name)
    .bind(&l.layout)
    .bind(now_ms())
    .bind(owner)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The layouts `owner` saved, newest first (at most 200).
pub async fn of_owner(db: &Db, owner: &str) -> Result<Vec<LayoutRow>> {
    let rows = sqlx::query(
        "SELECT id, name, layout FROM layouts WHERE owner = $1 \
         ORDER BY created DESC LIMIT 200",
    )
    .bind(owner)
    .fetch_all(db.pool())
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        out.push(LayoutRow {
            id: r.try_get(0)?,
            name: r.try_get(1)?,
            layout: r.try_get(2)?,
        });
    }
    Ok(out)
}

/// The layout `id` and its owner's token (none for a layout saved before
/// layouts had owners).
pub async fn get(db: &Db, id: &str) -> Result<Option<(LayoutRow, Option<String>)>> {
    let Some(r) = sqlx::query("SELECT id, name, layout, owner FROM layouts WHERE id = $1")
        .bind(id)
        .fetch_optional(db.pool())
        .await?
    else {
        return Ok(None);
    };
    Ok(Some((
        LayoutRow {
            id: r.try_get(0)?,
            name: r.try_get(1)?,
            layout: r.try_get(2)?,
        },
        r.try_get(3)?,
    )))
}

/// Replaces the name and text of the layout `l.id` if `owner` owns it;
/// answers whether it did.
pub async fn change(db: &Db, l: &LayoutRow, owner: &str) -> Result<bool> {
    let done =
        sqlx::query("UPDATE layouts SET name = $1, layout = $2 WHERE id = $3 AND owner = $4")
            .bind(&l.name)
            .bind(&l.layout)
            .bind(&l.id)
            .bind(owner)
            .execute(db.pool())
            .await?;
    Ok(done.rows_affected() > 0)
}

/// Deletes the layout `id` if `owner` owns it; answers whether it did.
pub async fn delete(db: &Db, id: &str, owner: &str) -> Result<bool> {
    let done = sqlx::query("DELETE FROM layouts WHERE id = $1 AND owner = $2")
        .bind(id)
        .bind(owner)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() > 0)
}
