//! The lobby: open seeks (a player waiting for an opponent: game, variant,
//! time control, colour), posted, listed, cancelled and taken; "play now"
//! joins the oldest compatible seek or posts one. Seeks live in the
//! games' database ([`store`]), so every process on one PostgreSQL
//! database sees them; taking one is a compare and set, so two takers get
//! one game. The routes are in `routes/lobby.rs`, the API in
//! `docs/web-api.md` ("Lobby").

pub mod store;

pub use store::CHANNEL;

use crate::db::{now_ms, random_id, Db, Fault};
use crate::games::{GameError, Hub, NewGame, SeatKind, SeatSpec};
use crate::people::People;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::Duration;
use store::SeekRow;
use tablero_core::{id, Message};
use tokio::sync::{broadcast, Mutex};

crate::refusal::concern_error! {
    /// Why the lobby refused a request, or failed.
    pub enum LobbyError {
        /// A seek that cannot be posted: an unknown game, a bad variant or
        /// clock, a rated seek without a clock.
        BadSeek => Invalid,
        /// Not the asker's: a rated seek needs an account, a seek to cancel
        /// must be one's own.
        NotYourSeek => NotYours,
        /// No such seek.
        NoSeek => Missing,
        /// Gone: taken or cancelled meanwhile, or one's own; too many
        /// open seeks of one client.
        Gone => NotNow,
        /// Not for this taker: outside the seek's rating range, or a
        /// block between the two.
        NotForYou => NotYours,
    }
    passes on GameError;
}

/// A seek unheard of for this long (no heartbeat of its owner's socket)
/// is not listed and cannot be taken (a crashed process's seeks lapse).
pub const LAPSE_MS: i64 = 60_000;

/// How often an owner's socket says its seeks are still wanted.
pub const HEARTBEAT: Duration = Duration::from_secs(20);

/// A taken seek whose game does not exist this long after it was taken
/// (its taker's process stopped in between) is gone.
const CREATE_WAIT_MS: i64 = 10_000;

/// The most seeks a list shows.
const MAX_LISTED: i64 = 200;

/// The most open seeks one client (an account, else an address) has.
pub const MAX_OPEN_PER_CLIENT: i64 = 3;

/// The rating of an account with no rating yet in a pool.
const NEW_RATING: i64 = 1500;

/// A logged-in player as the lobby shows and checks them: the account,
/// its name and its ratings (pool, rating, provisional).
#[derive(Clone, Debug, Default)]
pub struct Face {
    /// The account's id.
    pub account: String,
    /// Its name.
    pub name: String,
    /// Its ratings: pool, rating (rounded), provisional.
    pub ratings: Vec<(String, i64, bool)>,
}

impl Face {
    /// Its rating in the pool of `game`'s `variant` (a new player's when
    /// it has none), and whether it is provisional.
    #[must_use]
    pub fn rating(&self, game: &str, variant: &str) -> (i64, bool) {
        let pool = crate::ratings::pool_of(game, variant);
        self.ratings
            .iter()
            .find(|(p, _, _)| *p == pool)
            .map_or((NEW_RATING, true), |(_, r, p)| (*r, *p))
    }
}

/// The side a seek's owner asks for.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// The owner moves first.
    First,
    /// The owner moves second.
    Second,
    /// Decided by the server when the seek is taken.
    #[default]
    Random,
}

impl Colour {
    fn as_str(self) -> &'static str {
        match self {
            Colour::First => "first",
            Colour::Second => "second",
            Colour::Random => "random",
        }
    }

    fn parse(text: &str) -> Colour {
        match text {
            "first" => Colour::First,
            "second" => Colour::Second,
            _ => Colour::Random,
        }
    }

    /// Whether a seek asking for `self` and one asking for `other` can
    /// meet (not both the same side).
    fn fits(self, other: Colour) -> bool {
        !matches!(
            (self, other),
            (Colour::First, Colour::First) | (Colour::Second, Colour::Second)
        )
    }
}

/// A seek as asked for (`POST /api/lobby/seeks`, `/play-now`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewSeek {
    /// The game's name.
    pub game: String,
    /// The variant's text (default: the game's standard one).
    #[serde(default)]
    pub variant: Option<String>,
    /// The time control (`5+3`, `3d`); none or `none`: no clock.
    #[serde(default)]
    pub clock: Option<String>,
    /// The side the poster wants (random by default).
    #[serde(default)]
    pub colour: Colour,
    /// A rated seek: the poster and the taker must be logged in, and it
    /// needs a clock; both seats go to their accounts, so the game is rated
    /// (see `crate::ratings`). A casual seek's game is anonymous.
    #[serde(default)]
    pub rated: bool,
    /// The lowest rating (in the seek's pool) a taker may have: only a
    /// logged-in taker within the range may take a seek that has one.
    #[serde(default)]
    pub min_rating: Option<i64>,
    /// The highest rating a taker may have.
    #[serde(default)]
    pub max_rating: Option<i64>,
}

/// A seek as the lobby lists it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct SeekView {
    /// Its id.
    pub id: String,
    /// The game's name.
    pub game: String,
    /// The variant's text.
    pub variant: String,
    /// The time control, none for an untimed game.
    pub clock: Option<String>,
    /// The side its owner asked for.
    pub colour: Colour,
    /// Posted, ms since 1970.
    pub created: i64,
    /// Whether the game will be rated.
    pub rated: bool,
    /// Whether the asker owns it.
    pub yours: bool,
    /// The poster's name; none: anonymous.
    pub player: Option<String>,
    /// The poster's rating in the seek's pool when posted.
    pub rating: Option<i64>,
    /// Whether that rating is provisional.
    pub provisional: bool,
    /// The lowest rating a taker may have.
    pub min_rating: Option<i64>,
    /// The highest rating a taker may have.
    pub max_rating: Option<i64>,
}

/// The answer to a posted seek: its id and the owner's secret.
#[derive(Clone, Debug, Serialize)]
pub struct Posted {
    /// The seek's id.
    pub id: String,
    /// The owner's secret (to cancel it, and to hear on the lobby's socket
    /// that it was taken).
    pub secret: String,
    /// The seek as listed.
    pub seek: SeekView,
}

/// A seek taken: the game and the taker's (or, in a `start` message, the
/// owner's) seat and token.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Taken {
    /// The seek's id.
    pub seek: String,
    /// The game's id.
    pub game: String,
    /// The seat this token holds.
    pub seat: usize,
    /// The seat's token.
    pub token: String,
}

/// What "play now" did.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "result", rename_all = "lowercase")]
pub enum PlayNow {
    /// Joined the oldest compatible seek: the game is made.
    Game(Taken),
    /// No seek fitted: posted one.
    Seek(Posted),
}

/// What became of a seek its owner holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    /// Still open.
    Open,
    /// Taken: the owner's seat and token.
    Started(Taken),
    /// Cancelled, lapsed, or taken without a game.
    Gone,
}

/// How long a list read from the store is shown again, when nothing
/// changed meanwhile (seeks lapsing leave it this much later).
const LIST_FRESH_MS: i64 = 5_000;

/// The open seeks as last read, for every socket of this process.
struct Listed {
    /// [`Lobby::generation`] when the read began.
    generation: u64,
    /// When it was read, ms since 1970.
    at: i64,
    rows: Arc<Vec<SeekRow>>,
}

/// The lobby of this process, over the hub (which makes the games): the
/// lobby concern's service.
pub struct Lobby {
    db: Db,
    hub: Arc<Hub>,
    people: People,
    changes: broadcast::Sender<()>,
    /// Bumped by every change heard of: a list read before it is stale.
    generation: AtomicU64,
    /// The list as last read: after a change, the first socket reads it
    /// and the others wait for it and share it (one query per change, not
    /// one per socket).
    listed: Mutex<Option<Listed>>,
    /// The sockets of this process that hold each seek (by id): when the
    /// last one closes, the seek is cancelled.
    held: StdMutex<HashMap<String, u32>>,
}

fn no_seek(id: &str) -> LobbyError {
    LobbyError::NoSeek(Message::of(id!("api_no_seek")).text("id", id))
}

fn seek_gone(id: &str) -> LobbyError {
    LobbyError::Gone(Message::of(id!("api_seek_gone")).text("id", id))
}

impl Lobby {
    /// The lobby of `db`, making its games in `hub` (a rated seek's with
    /// its seats bound to the two accounts), matching no two accounts
    /// with a block between them (`people`).
    #[must_use]
    pub fn new(db: Db, hub: Arc<Hub>, people: People) -> Arc<Lobby> {
        Arc::new(Lobby {
            db,
            hub,
            people,
            changes: broadcast::channel(64).0,
            generation: AtomicU64::new(0),
            listed: Mutex::new(None),
            held: StdMutex::new(HashMap::new()),
        })
    }

    fn pool(&self) -> &sqlx::AnyPool {
        self.db.pool()
    }

    /// Hears the lobby's changes (this process's and, on PostgreSQL, the
    /// others').
    #[must_use]
    pub fn subscribe(&self) -> broadcast::Receiver<()> {
        self.changes.subscribe()
    }

    /// Tells this process's sockets, and the other processes, that the
    /// lobby changed.
    async fn changed(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        let _ = self.changes.send(());
        if self.db.is_postgres() {
            if let Err(e) = store::notify(self.pool()).await {
                tracing::warn!("lobby notification: {e}");
            }
        }
    }

    /// Hears that another process changed the lobby.
    pub fn remote_change(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        let _ = self.changes.send(());
    }

    fn view(row: &SeekRow, mine: &[String]) -> SeekView {
        SeekView {
            id: row.id.clone(),
            game: row.game.clone(),
            variant: row.variant.clone(),
            clock: row.clock.clone(),
            colour: Colour::parse(&row.colour),
            created: row.created,
            rated: row.rated,
            yours: mine.iter().any(|m| *m == row.secret || *m == row.id),
            player: row.poster_name.clone(),
            rating: row.poster_rating,
            provisional: row.poster_provisional,
            min_rating: row.min_rating,
            max_rating: row.max_rating,
        }
    }

    /// The open seeks, oldest first; `mine` (secrets, or ids the asker
    /// holds) marks the asker's own.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn list(&self, mine: &[String]) -> Result<Vec<SeekView>, LobbyError> {
        let rows = self.open_rows().await?;
        Ok(rows.iter().map(|r| Self::view(r, mine)).collect())
    }

    /// The open seeks: as last read when nothing changed since and it is
    /// fresh, else read again.
    async fn open_rows(&self) -> Result<Arc<Vec<SeekRow>>, LobbyError> {
        let mut listed = self.listed.lock().await;
        let generation = self.generation.load(Ordering::SeqCst);
        let now = now_ms();
        if let Some(l) = listed.as_ref() {
            if l.generation == generation && now - l.at < LIST_FRESH_MS {
                return Ok(Arc::clone(&l.rows));
            }
        }
        let rows = Arc::new(store::open(self.pool(), now - LAPSE_MS, MAX_LISTED).await?);
        *listed = Some(Listed {
            generation,
            at: now,
            rows: Arc::clone(&rows),
        });
        Ok(rows)
    }

    /// Checks a seek's game, variant and clock, and writes them as the
    /// game's table and the clock do (so that equal seeks compare equal).
    fn normalize(
        req: &NewSeek,
        account: Option<&str>,
    ) -> Result<(String, String, Option<String>), LobbyError> {
        if req.rated && account.is_none() {
            return Err(LobbyError::NotYourSeek(Message::of(id!(
                "api_seek_rated_login"
            ))));
        }
        let setup =
            crate::games::catalog::setup(&req.game, req.variant.as_deref(), req.clock.as_deref())?;
        let (game, variant, clock) = (setup.game, setup.variant, setup.clock);
        if req.rated && clock.is_none() {
            return Err(LobbyError::BadSeek(Message::of(id!(
                "api_seek_rated_clock"
            ))));
        }
        Ok((game, variant, clock))
    }

    /// Posts a seek; answers its id and the owner's secret.
    ///
    /// # Errors
    /// An unknown game, a bad variant or clock, a rated seek.
    pub async fn post(
        &self,
        req: &NewSeek,
        poster: Option<&Face>,
        address: &str,
    ) -> Result<Posted, LobbyError> {
        let account = poster.map(|f| f.account.as_str());
        let (game, variant, clock) = Self::normalize(req, account)?;
        if let (Some(lo), Some(hi)) = (req.min_rating, req.max_rating) {
            if lo > hi {
                return Err(LobbyError::BadSeek(
                    Message::of(id!("api_seek_bad_range"))
                        .num("min", lo)
                        .num("max", hi),
                ));
            }
        }
        let now = now_ms();
        // Seeks lapsed or taken a day ago are of no more use to anyone.
        store::purge(self.pool(), now - 24 * 3600 * 1000).await?;
        // A few open seeks per client: one client's many cannot crowd out
        // the others' in the list (issue #44: 205 in 10 s hid a real one).
        let client = match account {
            Some(a) => format!("a:{a}"),
            None => format!("ip:{address}"),
        };
        if store::open_of_client(self.pool(), &client, now - LAPSE_MS).await? >= MAX_OPEN_PER_CLIENT
        {
            return Err(LobbyError::Gone(
                Message::of(id!("api_seek_cap")).num("max", MAX_OPEN_PER_CLIENT),
            ));
        }
        let face = poster.map(|f| f.rating(&game, &variant));
        let row = SeekRow {
            id: random_id(10),
            secret: random_id(24),
            game,
            variant,
            clock,
            colour: req.colour.as_str().into(),
            created: now,
            alive: now,
            game_id: None,
            owner_seat: None,
            owner_token: None,
            taken: None,
            account: req.rated.then(|| account.map(String::from)).flatten(),
            rated: req.rated,
            poster: account.map(String::from),
            poster_name: poster.map(|f| f.name.clone()),
            poster_rating: face.map(|(r, _)| r),
            poster_provisional: face.is_some_and(|(_, p)| p),
            client: Some(client),
            min_rating: req.min_rating,
            max_rating: req.max_rating,
        };
        store::insert(self.pool(), &row).await?;
        self.changed().await;
        Ok(Posted {
            id: row.id.clone(),
            secret: row.secret.clone(),
            seek: Self::view(&row, std::slice::from_ref(&row.secret)),
        })
    }

    /// Cancels the seek `id` if one of `secrets` is its owner's.
    ///
    /// # Errors
    /// No such seek (404), not the owner's secret (403), already taken (409).
    pub async fn cancel(&self, id: &str, secrets: &[String]) -> Result<(), LobbyError> {
        let row = store::get(self.pool(), id)
            .await?
            .ok_or_else(|| no_seek(id))?;
        if !secrets.contains(&row.secret) {
            return Err(LobbyError::NotYourSeek(
                Message::of(id!("api_seek_not_yours")).text("id", id),
            ));
        }
        if !store::cancel(self.pool(), id, &row.secret).await? {
            return Err(seek_gone(id));
        }
        self.changed().await;
        Ok(())
    }

    /// Takes the seek `id` for the holder of `tokens` (who must not own
    /// it): makes the game with both seats, the owner's as the seek asked
    /// (random: decided now), the side that moves first in seat 0; answers
    /// the taker's seat and token. The seek is claimed for the game's id
    /// before the game is made: a process stopped in between leaves a
    /// seek taken without a game, which is gone, never two games.
    ///
    /// # Errors
    /// No such seek (404), taken or cancelled meanwhile (409), one's own
    /// seek (409).
    pub async fn accept(
        &self,
        id: &str,
        tokens: &[String],
        taker: Option<&Face>,
    ) -> Result<Taken, LobbyError> {
        let account = taker.map(|f| f.account.as_str());
        let row = store::get(self.pool(), id)
            .await?
            .ok_or_else(|| no_seek(id))?;
        self.fits_taker(&row, taker).await?;
        if row.rated && account.is_none() {
            return Err(LobbyError::NotYourSeek(Message::of(id!(
                "api_seek_rated_login"
            ))));
        }
        if tokens.contains(&row.secret) || (row.rated && row.account.as_deref() == account) {
            return Err(LobbyError::Gone(
                Message::of(id!("api_seek_own")).text("id", id),
            ));
        }
        let now = now_ms();
        if row.game_id.is_some() || row.alive < now - LAPSE_MS {
            return Err(seek_gone(id));
        }
        let owner_seat = match Colour::parse(&row.colour) {
            Colour::First => 0,
            Colour::Second => 1,
            Colour::Random => usize::from(rand::random::<bool>()),
        };
        let game_id = random_id(10);
        if !store::claim(
            self.pool(),
            id,
            &game_id,
            i64::try_from(owner_seat).unwrap_or(0),
            now,
            now - LAPSE_MS,
        )
        .await?
        {
            return Err(seek_gone(id));
        }
        let person = SeatSpec {
            kind: SeatKind::Human,
            level: None,
        };
        // A rated seek's seats are the two accounts' from the game's first
        // instant (bound in the transaction that creates it); a casual
        // seek's game is casual, whoever takes it.
        let mut accounts = [None, None];
        if row.rated {
            accounts[owner_seat].clone_from(&row.account);
            accounts[1 - owner_seat] = account.map(String::from);
        }
        let made = self
            .hub
            .create_as(
                game_id.clone(),
                NewGame {
                    game: row.game.clone(),
                    variant: Some(row.variant.clone()),
                    first: Some(0),
                    seats: [person, person],
                    two_games: false,
                    clock: row.clock.clone(),
                    rated: row.rated,
                    accounts,
                },
            )
            .await;
        let created = match made {
            Ok(c) => c,
            Err(e) => {
                // The seek was checked when posted; open it again all the same.
                let _ = store::unclaim(self.pool(), id, &game_id).await;
                return Err(e.into());
            }
        };
        let token_of = |seat: usize| {
            created
                .tokens
                .get(&seat.to_string())
                .cloned()
                .ok_or_else(|| {
                    LobbyError::Internal(Fault::new(format!("game {game_id}: no seat {seat}")))
                })
        };
        let (owner_token, taker_token) = (token_of(owner_seat)?, token_of(1 - owner_seat)?);
        store::set_owner_token(self.pool(), id, &owner_token).await?;
        self.changed().await;
        Ok(Taken {
            seek: id.to_string(),
            game: game_id,
            seat: 1 - owner_seat,
            token: taker_token,
        })
    }

    /// Refuses `taker` for the seek `row`: outside its rating range (a
    /// taker not logged in has no rating: refused by any range), or a
    /// block between the poster and the taker.
    async fn fits_taker(&self, row: &SeekRow, taker: Option<&Face>) -> Result<(), LobbyError> {
        if row.min_rating.is_some() || row.max_rating.is_some() {
            let rating = taker.map(|f| f.rating(&row.game, &row.variant).0);
            let within = rating.is_some_and(|r| {
                row.min_rating.is_none_or(|lo| r >= lo) && row.max_rating.is_none_or(|hi| r <= hi)
            });
            if !within {
                return Err(LobbyError::NotForYou(
                    Message::of(id!("api_seek_out_of_range"))
                        .num("min", row.min_rating.unwrap_or(0))
                        .num("max", row.max_rating.unwrap_or(9999)),
                ));
            }
        }
        if let (Some(poster), Some(t)) = (&row.poster, taker) {
            if self.people.blocked_between(poster, &t.account).await? {
                return Err(LobbyError::NotForYou(Message::of(id!("api_seek_blocked"))));
            }
        }
        Ok(())
    }

    /// Joins the oldest open seek that fits `req` (the same game, variant
    /// and clock, a colour that does not clash, not one of `tokens`'), or
    /// posts `req` when none does.
    ///
    /// # Errors
    /// An unknown game, a bad variant or clock, a rated seek.
    pub async fn play_now(
        &self,
        req: &NewSeek,
        tokens: &[String],
        taker: Option<&Face>,
        address: &str,
    ) -> Result<PlayNow, LobbyError> {
        let account = taker.map(|f| f.account.as_str());
        let (game, variant, clock) = Self::normalize(req, account)?;
        let rows = store::open_fitting(
            self.pool(),
            (&game, &variant, clock.as_deref(), req.rated),
            now_ms() - LAPSE_MS,
            MAX_LISTED,
        )
        .await?;
        // One's own seeks (by secret, or posted by one's account) are not joined.
        let own = |r: &SeekRow| {
            tokens.contains(&r.secret)
                || (account.is_some()
                    && (r.account.as_deref() == account || r.poster.as_deref() == account))
        };
        for r in rows
            .iter()
            .filter(|r| req.colour.fits(Colour::parse(&r.colour)) && !own(r))
        {
            match self.accept(&r.id, tokens, taker).await {
                Ok(t) => return Ok(PlayNow::Game(t)),
                // Taken by someone else meanwhile, or not for this taker
                // (its range, a block): the next one.
                Err(LobbyError::Gone(_) | LobbyError::NoSeek(_) | LobbyError::NotForYou(_)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(PlayNow::Seek(self.post(req, taker, address).await?))
    }

    /// What became of the seek whose owner's secret is `secret`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn fate(&self, secret: &str) -> Result<(Option<String>, Fate), LobbyError> {
        let Some(r) = store::by_secret(self.pool(), secret).await? else {
            return Ok((None, Fate::Gone));
        };
        let now = now_ms();
        let fate = match (&r.game_id, &r.owner_token) {
            (Some(game), Some(token)) => Fate::Started(Taken {
                seek: r.id.clone(),
                game: game.clone(),
                seat: usize::try_from(r.owner_seat.unwrap_or(0)).unwrap_or(0),
                token: token.clone(),
            }),
            (Some(_), None) if r.taken.unwrap_or(0) < now - CREATE_WAIT_MS => Fate::Gone,
            (Some(_), None) => Fate::Open,
            (None, _) if r.alive < now - LAPSE_MS => Fate::Gone,
            (None, _) => Fate::Open,
        };
        Ok((Some(r.id), fate))
    }

    /// A socket of this process holds the seek `id` (its owner's): it is
    /// kept alive while one does.
    pub fn hold(&self, id: &str) {
        *self
            .held
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .entry(id.to_string())
            .or_default() += 1;
    }

    /// A socket that held the seek `id` with `secret` has closed: when it
    /// was the last of this process, the seek (if still open) is
    /// cancelled.
    pub async fn release(&self, id: &str, secret: &str) {
        let last = {
            let mut held = self
                .held
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            match held.get_mut(id) {
                Some(n) if *n > 1 => {
                    *n -= 1;
                    false
                }
                Some(_) => {
                    held.remove(id);
                    true
                }
                None => false,
            }
        };
        if last {
            match store::cancel(self.pool(), id, secret).await {
                Ok(true) => self.changed().await,
                Ok(false) => {}
                Err(e) => tracing::warn!("cannot cancel the seek {id}: {e}"),
            }
        }
    }

    /// Says the seeks `ids` are still wanted.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn heartbeat(&self, ids: &[String]) -> Result<(), LobbyError> {
        if !ids.is_empty() {
            let now = now_ms();
            store::heartbeat(self.pool(), ids, now, now - LAPSE_MS).await?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Colour;

    #[test]
    fn colours_meet_unless_both_want_the_same_side() {
        use Colour::{First, Random, Second};
        assert!(First.fits(Second) && Second.fits(First));
        assert!(Random.fits(First) && First.fits(Random) && Random.fits(Random));
        assert!(!First.fits(First) && !Second.fits(Second));
    }
}
