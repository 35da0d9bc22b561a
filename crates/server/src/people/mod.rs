//! People and their relations (issue #44): who follows whom and who
//! blocked whom, as lila's `relation` module keeps them. A block, either
//! way, stops chat, challenges and seeks matched between two accounts; the
//! other concerns ask [`People::blocked_between`] and never read the
//! table themselves.
//!
//! Accounts are named here by their ids (`accounts.id`); the routes turn
//! names into ids.

pub mod store;

use crate::db::{Db, Result};

/// The most accounts one account may follow, or block.
pub const MAX_RELATIONS: usize = 400;

/// The relations between accounts.
#[derive(Clone, Debug)]
pub struct People {
    db: Db,
}

impl People {
    /// The relations kept in `db`.
    #[must_use]
    pub fn new(db: Db) -> People {
        People { db }
    }

    /// Whether either of `a` and `b` blocked the other.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn blocked_between(&self, a: &str, b: &str) -> Result<bool> {
        store::blocked_between(&self.db, a, b).await
    }

    /// `follower` follows `followed` (again: no change). Answers false,
    /// changing nothing, when `follower` already follows
    /// [`MAX_RELATIONS`] accounts or names itself.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn follow(&self, follower: &str, followed: &str) -> Result<bool> {
        if follower == followed {
            return Ok(false);
        }
        if store::follows(&self.db, follower, followed).await? {
            return Ok(true);
        }
        if store::count_follows(&self.db, follower).await? >= MAX_RELATIONS as i64 {
            return Ok(false);
        }
        store::follow(&self.db, follower, followed).await?;
        Ok(true)
    }

    /// `follower` no longer follows `followed`.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn unfollow(&self, follower: &str, followed: &str) -> Result<()> {
        store::unfollow(&self.db, follower, followed).await
    }

    /// The accounts `follower` follows, in the order followed.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn following(&self, follower: &str) -> Result<Vec<String>> {
        store::following(&self.db, follower).await
    }

    /// Whether `follower` follows `followed`.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn follows(&self, follower: &str, followed: &str) -> Result<bool> {
        store::follows(&self.db, follower, followed).await
    }

    /// `blocker` blocks `blocked`; a block also ends the follows between
    /// the two, both ways. Answers false, changing nothing, when `blocker`
    /// already blocks [`MAX_RELATIONS`] accounts or names itself.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn block(&self, blocker: &str, blocked: &str) -> Result<bool> {
        if blocker == blocked
            || store::count_blocks(&self.db, blocker).await? >= MAX_RELATIONS as i64
        {
            return Ok(false);
        }
        store::block(&self.db, blocker, blocked).await?;
        Ok(true)
    }

    /// `blocker` no longer blocks `blocked`.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn unblock(&self, blocker: &str, blocked: &str) -> Result<()> {
        store::unblock(&self.db, blocker, blocked).await
    }

    /// The accounts `blocker` blocks, in the order blocked.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn blocking(&self, blocker: &str) -> Result<Vec<String>> {
        store::blocking(&self.db, blocker).await
    }
}
