//! The games being played now, for spectators (issue #44): the live games
//! page, the featured game (lichess's TV) and a player's current game.
//!
//! It reads no table of its own: the games concern lists the games being
//! played ([`Hub::live`]), the accounts concern names their players, the
//! ratings concern rates them and the online concern counts their
//! spectators and marks who is online. The list is made at most once per
//! [`FRESH`] per process and shared by every request in between.
//!
//! A game is *being played now* when it is not over, both seats are people
//! (no computer), and it changed (created, or a move or an action) within
//! [`ACTIVE`]. The list is ordered by the mean of the two players' ratings
//! in the game's pool (a seat without an account, or an account without a
//! rating there, counts as 1500), then by spectators, then by the newest
//! change; the first is the featured game. The page keeps its featured game
//! until it ends, then asks again (so the board follows the best game, not
//! every change of the order).

use crate::accounts::Accounts;
use crate::db::{now_ms, Fault, Result};
use crate::games::Hub;
use crate::online::Online;
use crate::ratings::{pool_of, Ratings};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// A game that changed within this long counts as being played now.
pub const ACTIVE: Duration = Duration::from_secs(10 * 60);

/// How long one made list serves.
pub const FRESH: Duration = Duration::from_secs(1);

/// The most games listed.
pub const MAX_LIVE: i64 = 500;

/// The rating of a seat without one.
const UNRATED: f64 = 1500.0;

/// One player of a live game.
#[derive(Clone, Debug, Serialize)]
pub struct LivePlayer {
    /// The account's name (none: a seat without an account).
    pub name: Option<String>,
    /// Whether the profile is private (its name links nowhere).
    pub private: bool,
    /// The rating in the game's pool, rounded (none: no account).
    pub rating: Option<i64>,
    /// Whether the account has a page open.
    pub online: bool,
    /// The account's id (not shown).
    #[serde(skip)]
    pub account: Option<String>,
}

/// One game being played now.
#[derive(Clone, Debug, Serialize)]
pub struct LiveGame {
    /// The game's id.
    pub id: String,
    /// Its page (a spectator's, for anyone not seated).
    pub url: String,
    /// The game's name (`imago`, `draughts`...).
    pub game: String,
    /// The variant's text.
    pub variant: String,
    /// The time control (`5+3`, `3d`), if any.
    pub clock: Option<String>,
    /// Whether it is rated.
    pub rated: bool,
    /// Plies played.
    pub ply: i64,
    /// Its last change (ms since 1970).
    pub updated: i64,
    /// Seats 0 and 1.
    pub players: [LivePlayer; 2],
    /// The mean of the players' ratings (the order of the list).
    pub rating: i64,
    /// Sockets watching that hold no seat.
    pub spectators: i64,
}

/// A list made, and when.
type Made = (Instant, Arc<Vec<LiveGame>>);

/// The live games' service.
#[derive(Clone)]
pub struct Watch {
    hub: Arc<Hub>,
    accounts: Accounts,
    ratings: Ratings,
    online: Arc<Online>,
    made: Arc<Mutex<Option<Made>>>,
}

/// A failure of another concern, as a fault.
fn fault(e: impl std::fmt::Display) -> Fault {
    Fault::new(e.to_string())
}

impl Watch {
    /// The live games of `hub`, named by `accounts`, rated by `ratings`,
    /// counted by `online`.
    #[must_use]
    pub fn new(hub: Arc<Hub>, accounts: Accounts, ratings: Ratings, online: Arc<Online>) -> Watch {
        Watch {
            hub,
            accounts,
            ratings,
            online,
            made: Arc::new(Mutex::new(None)),
        }
    }

    /// The games being played now, best first (the first is the featured
    /// game).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn live(&self) -> Result<Arc<Vec<LiveGame>>> {
        if let Some((at, list)) = &*self.made.lock().unwrap_or_else(PoisonError::into_inner) {
            if at.elapsed() < FRESH {
                return Ok(Arc::clone(list));
            }
        }
        let list = Arc::new(self.make().await?);
        *self.made.lock().unwrap_or_else(PoisonError::into_inner) =
            Some((Instant::now(), Arc::clone(&list)));
        Ok(list)
    }

    async fn make(&self) -> Result<Vec<LiveGame>> {
        let since = now_ms() - i64::try_from(ACTIVE.as_millis()).unwrap_or(i64::MAX);
        let rows = self.hub.live(since, MAX_LIVE).await.map_err(fault)?;
        let mut games = Vec::with_capacity(rows.len());
        let mut ids = Vec::new();
        let mut ratings: HashMap<String, HashMap<String, f64>> = HashMap::new();
        for row in rows {
            let (_, accounts) = crate::accounts::seat_players(self.hub.db(), &row.id).await?;
            let pool = pool_of(&row.game, &row.variant);
            let mut players = [0, 1].map(|_| LivePlayer {
                name: None,
                private: false,
                rating: None,
                online: false,
                account: None,
            });
            for (seat, account) in accounts.iter().enumerate() {
                let Some(a) = account else { continue };
                if !ratings.contains_key(a) {
                    let mine = self.ratings.of_account(a).await.map_err(fault)?;
                    ratings.insert(
                        a.clone(),
                        mine.into_iter().map(|(p, r, _)| (p, r.rating)).collect(),
                    );
                }
                let r = ratings[a].get(&pool).copied().unwrap_or(UNRATED);
                players[seat].rating = Some(r.round() as i64);
                players[seat].account = Some(a.clone());
                ids.push(a.clone());
            }
            games.push(LiveGame {
                url: format!("/play/{}", row.id),
                clock: row.clock.map(|c| c.control.to_string()),
                rated: row.rated.is_some(),
                ply: row.ply,
                updated: row.updated,
                game: row.game,
                variant: row.variant,
                rating: 0,
                spectators: 0,
                id: row.id,
                players,
            });
        }
        let names = self.accounts.names_of(&ids).await.map_err(fault)?;
        let online = self.online.which(&ids).await?;
        let game_ids: Vec<String> = games.iter().map(|g| g.id.clone()).collect();
        let spectators = self.online.spectators(&game_ids).await?;
        for g in &mut games {
            let mut sum = 0.0;
            for p in &mut g.players {
                if let Some(a) = &p.account {
                    if let Some((name, private)) = names.get(a) {
                        p.name = Some(name.clone());
                        p.private = *private;
                    }
                    p.online = online.contains(a);
                }
                sum += p.rating.map_or(UNRATED, |r| r as f64);
            }
            g.rating = (sum / 2.0).round() as i64;
            g.spectators = spectators.get(&g.id).copied().unwrap_or(0);
        }
        games.sort_by(|a, b| {
            b.rating
                .cmp(&a.rating)
                .then(b.spectators.cmp(&a.spectators))
                .then(b.updated.cmp(&a.updated))
        });
        Ok(games)
    }

    /// The game `account` is playing now, if any (the best-listed one).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn playing(&self, account: &str) -> Result<Option<LiveGame>> {
        Ok(self
            .live()
            .await?
            .iter()
            .find(|g| {
                g.players
                    .iter()
                    .any(|p| p.account.as_deref() == Some(account))
            })
            .cloned())
    }
}
