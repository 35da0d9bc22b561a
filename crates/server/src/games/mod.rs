//! The games concern, the hub of the server: the games in play. This
//! module keeps the cache of live games over the store (loading, eviction,
//! subscriptions); [`actions`] applies what players do through the game's
//! table, [`end`] is the one door every end of a game goes through (and the
//! `GameEnded` event it publishes), [`clock`] keeps time, [`computer`]
//! plays the computer's moves, [`chain`] the rematches and the two-game
//! match, and [`render`] turns a live game into the typed answers of the
//! API; [`catalog`] lists the games offered, [`store`] keeps the games and
//! their moves, and [`seating`] is what it asks of the concerns around it
//! (the accounts in its seats, the ratings). It imports no other concern.

mod actions;
pub mod catalog;
mod chain;
mod clock;
mod computer;
pub mod conditional;
mod end;
mod error;
mod pause;
mod render;
pub mod seating;
pub mod store;
mod tools;

pub use actions::{Action, DrawAction};
pub use chain::{Presence, Rematch};
pub use clock::keep_time;
pub use computer::Hint;
pub use end::Ending;
pub use error::GameError;
pub use pause::Away;
pub use render::{
    ClockView, Created, GameList, GameState, GameSummary, MatchView, Rendered, ResultView, SeatView,
};
pub use seating::{Around, PlayerView, Seating};
pub use store::{Chain, GameRow, SeatRow, Vacation, CHANNEL};

use crate::db::{self, now_ms, random_id, Db, Fault};
use crate::events::Bus;
use catalog::parse_outcome_code;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use store::Store;
use tablero_ai::table::{self, Computer, GameTable, Seat};
use tablero_core::{id, Message, Player};
use tokio::sync::{broadcast, Mutex};

/// Who plays a seat, as asked when creating a game.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SeatSpec {
    /// `human`, `link` or `ai`.
    pub kind: SeatKind,
    /// The computer's level, 1–5.
    pub level: Option<u8>,
}

/// The kinds of seat.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SeatKind {
    /// Played from the creator's screen.
    Human,
    /// Played by whoever opens the seat's link.
    Link,
    /// The computer.
    Ai,
}

/// A request to create a game.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// The game's name.
    pub game: String,
    /// The variant's text (default: the game's standard one).
    pub variant: Option<String>,
    /// The seat that moves first (0 by default).
    pub first: Option<usize>,
    /// Who plays seats 0 and 1.
    pub seats: [SeatSpec; 2],
    /// A two-game match (where the game has one): the second game starts
    /// with the seats swapped when the first ends, and the points add up.
    #[serde(rename = "match", default)]
    pub two_games: bool,
    /// The time control: `5+3` (minutes + seconds of increment), `3d`
    /// (days per move); none for an untimed game.
    #[serde(default)]
    pub clock: Option<String>,
    /// Whether the game is rated: chosen here, when it is created, and
    /// never changed or inferred afterwards (default: casual). A game that
    /// cannot be rated is refused (the ratings concern says why, through
    /// [`Seating::rated_pool`]).
    #[serde(default)]
    pub rated: bool,
    /// Vacation may not stop this game's clock (#49): stored when the
    /// game is created (a challenge's or a tournament's choice), never
    /// changed (default: vacation allowed).
    #[serde(default)]
    pub no_vacation: bool,
    /// The accounts that hold seats 0 and 1 from the start, bound in the
    /// transaction that creates the game (set by the server from the
    /// creator's session or a seek's two players; never read from a
    /// request).
    #[serde(skip)]
    pub accounts: [Option<String>; 2],
}

impl NewGame {
    /// A game between two people (a seek taken, a challenge accepted, a
    /// tournament's pairing): `game` in `variant` with `clock`, rated or
    /// not, seat 0 moving first, the seats held by `accounts` from the
    /// start.
    #[must_use]
    pub fn between_people(
        game: &str,
        variant: &str,
        clock: Option<String>,
        rated: bool,
        accounts: [Option<String>; 2],
    ) -> NewGame {
        let person = SeatSpec {
            kind: SeatKind::Human,
            level: None,
        };
        NewGame {
            game: game.to_string(),
            variant: Some(variant.to_string()),
            first: Some(0),
            seats: [person, person],
            two_games: false,
            clock,
            rated,
            no_vacation: false,
            accounts,
        }
    }
}

/// Who acts: seats held by tokens, or the computer in a seat.
#[derive(Clone, Debug)]
pub enum Actor {
    /// Tokens of a browser: the seats they hold.
    Tokens(Vec<String>),
    /// The computer playing this seat.
    Computer(usize),
}

/// A game in memory: its stored row, its table, and its computer players,
/// kept from move to move (their trees and tables survive).
struct Live {
    row: GameRow,
    table: Box<dyn GameTable>,
    thinking: bool,
    computers: [Option<Box<dyn Computer>>; 2],
    /// The top level's player that gives hints, kept from hint to hint
    /// like the computer players (what it learnt about the game survives).
    hinter: Option<Box<dyn Computer>>,
    /// The current position as rendered once for every viewer (see
    /// [`render::Latest`]); `None` until asked after a change.
    latest: Option<std::sync::Arc<render::Latest>>,
    /// The accounts around the game (see [`Seating`]): who holds each
    /// seat, and a rated game's ratings.
    around: Around,
}

/// The computer's level in a stored seat, if the computer sits there.
#[must_use]
pub fn ai_level(s: &SeatRow) -> Option<u8> {
    (s.kind == "ai").then(|| s.level.and_then(|l| u8::try_from(l).ok()).unwrap_or(3))
}

fn table_seats(row: &GameRow) -> [Seat; 2] {
    [0, 1].map(|i| match ai_level(&row.seats[i]) {
        Some(level) => Seat::Computer(Some(level)),
        None => Seat::Person,
    })
}

impl Live {
    fn new(row: GameRow, table: Box<dyn GameTable>) -> Live {
        Live {
            row,
            table,
            thinking: false,
            computers: [None, None],
            hinter: None,
            latest: None,
            around: Around::default(),
        }
    }

    /// The seats `actor` holds.
    fn held(&self, actor: &Actor) -> Vec<usize> {
        match actor {
            Actor::Computer(s) => vec![*s],
            Actor::Tokens(tokens) => (0..2)
                .filter(|&s| {
                    self.row.seats[s]
                        .token
                        .as_ref()
                        .is_some_and(|t| tokens.iter().any(|x| x == t))
                })
                .collect(),
        }
    }

    fn ai_level(&self, seat: usize) -> Option<u8> {
        ai_level(&self.row.seats[seat])
    }

    /// Takes a reloaded copy of the game, keeping what only this process
    /// knows (whether the computer is thinking, its players).
    fn refresh(&mut self, fresh: Live) {
        let thinking = self.thinking;
        let computers = std::mem::take(&mut self.computers);
        let hinter = self.hinter.take();
        *self = fresh;
        self.thinking = thinking;
        self.computers = computers;
        self.hinter = hinter;
    }
}

/// One game's cache entry: the live game and its change channel.
struct Entry {
    live: Mutex<Live>,
    changes: broadcast::Sender<()>,
    /// When a request last asked for it (ms since 1970), for eviction.
    touched: AtomicI64,
    /// The sockets of this process that said hello with each seat's token
    /// (see [`Presence`]).
    present: StdMutex<[u32; 2]>,
}

impl Entry {
    /// Whether a socket holding each seat is connected to this process.
    fn connected(&self) -> [bool; 2] {
        self.present
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .map(|n| n > 0)
    }
}

/// The games in play.
pub struct Hub {
    store: Store,
    /// Where the ends of games are published (see [`end`]).
    bus: Arc<Bus>,
    /// Who sits around the games (see [`Seating`]).
    seating: Arc<dyn Seating>,
    games: StdMutex<HashMap<String, Arc<Entry>>>,
    /// One computer search per core at a time; the others wait their turn
    /// instead of slicing the cores ever thinner.
    thinkers: Arc<tokio::sync::Semaphore>,
    /// Woken when a change of this process sets a deadline, so the time
    /// keeper (see [`keep_time`]) sleeps until the earliest one.
    deadlines: Arc<tokio::sync::Notify>,
    /// When the time keeper looks next (ms since 1970): a deadline set
    /// before then wakes it, a later one does not (most moves).
    wake_at: Arc<AtomicI64>,
    /// Counts the calls of [`Hub::players_changed`]: a game loaded from
    /// the store while one ran (it found the game not cached yet, and the
    /// load may have read the store before the change) reads its
    /// surroundings again once cached.
    players_epoch: AtomicI64,
}

impl Hub {
    /// A hub alone over `db`, with a bus of its own and [`seating::Nobody`]
    /// around its games: no accounts shown, no game rated (for tools and
    /// tests of the games alone; the app's hub comes from
    /// `crate::state::AppState::new`).
    #[must_use]
    pub fn new(db: Db) -> Arc<Hub> {
        Hub::with(db, Bus::new(), Arc::new(seating::Nobody))
    }

    /// A hub over `db` that publishes the ends of games on `bus` and asks
    /// `seating` who sits around them.
    #[must_use]
    pub fn with(db: Db, bus: Arc<Bus>, seating: Arc<dyn Seating>) -> Arc<Hub> {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
        Arc::new(Hub {
            store: Store::new(db, Arc::clone(&bus)),
            bus,
            seating,
            games: StdMutex::new(HashMap::new()),
            thinkers: Arc::new(tokio::sync::Semaphore::new(cores)),
            deadlines: Arc::new(tokio::sync::Notify::new()),
            wake_at: Arc::new(AtomicI64::new(0)),
            players_epoch: AtomicI64::new(0),
        })
    }

    /// The database.
    #[must_use]
    pub fn db(&self) -> &Db {
        self.store.db()
    }

    /// The bus the ends of games are published on.
    #[must_use]
    pub fn bus(&self) -> &Arc<Bus> {
        &self.bus
    }

    fn cached(&self, id: &str) -> Option<Arc<Entry>> {
        let entry = self
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(id)
            .cloned()?;
        entry.touched.store(now_ms(), Ordering::Relaxed);
        Some(entry)
    }

    /// Drops from the cache the games nobody has asked for in `idle_ms`
    /// milliseconds, that no socket watches, no request holds and the
    /// computer is not thinking in; they reload from the store when asked
    /// for again. Returns how many were dropped.
    pub fn sweep(&self, idle_ms: i64) -> usize {
        let now = now_ms();
        let mut games = self
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let before = games.len();
        games.retain(|_, e| {
            Arc::strong_count(e) > 1
                || e.changes.receiver_count() > 0
                || now - e.touched.load(Ordering::Relaxed) < idle_ms
                || e.live.try_lock().map_or(true, |l| l.thinking)
        });
        before - games.len()
    }

    /// How many games the cache holds.
    #[must_use]
    pub fn cached_games(&self) -> usize {
        self.games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .len()
    }

    /// The game `id` as stored, replayed through its table.
    async fn load_live(&self, id: &str) -> Result<Option<Live>, GameError> {
        let Some((row, table)) = self.replayed(id).await? else {
            return Ok(None);
        };
        let mut live = Live::new(row, table);
        live.around = self.seating.around(&live.row).await?;
        Ok(Some(live))
    }

    /// The game `id` as stored, replayed through its table (its declared
    /// result and draw offer restored), if it exists.
    ///
    /// # Errors
    /// Storage failures, a stored game that does not replay.
    pub async fn replayed(
        &self,
        id: &str,
    ) -> Result<Option<(GameRow, Box<dyn GameTable>)>, GameError> {
        let Some((row, moves)) = self.store.load_game(id).await? else {
            return Ok(None);
        };
        let mut table = replay(&row, &moves)?;
        if let Some(code) = &row.declared {
            let o = parse_outcome_code(code)
                .ok_or_else(|| Fault::new(format!("stored game {id}: bad result {code:?}")))?;
            table.declare(o);
        }
        table.restore_offer(row.draw_offer.and_then(|s| usize::try_from(s).ok()));
        Ok(Some((row, table)))
    }

    /// Another process changed game `id`: `live` (its entry's locked game)
    /// takes the stored game, and this process's sockets hear of it at once
    /// (the other process's notice may find the version already seen).
    async fn reload(&self, id: &str, entry: &Entry, live: &mut Live) -> Result<(), GameError> {
        let fresh = self
            .load_live(id)
            .await?
            .ok_or_else(|| GameError::no_game(id))?;
        live.refresh(fresh);
        let _ = entry.changes.send(());
        Ok(())
    }

    async fn entry(self: &Arc<Self>, id: &str) -> Result<Arc<Entry>, GameError> {
        if let Some(e) = self.cached(id) {
            return Ok(e);
        }
        let epoch = self.players_epoch.load(Ordering::SeqCst);
        let live = self
            .load_live(id)
            .await?
            .ok_or_else(|| GameError::no_game(id))?;
        let entry = {
            let mut games = self
                .games
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            Arc::clone(games.entry(id.to_string()).or_insert_with(|| {
                Arc::new(Entry {
                    live: Mutex::new(live),
                    changes: broadcast::channel(64).0,
                    touched: AtomicI64::new(now_ms()),
                    present: StdMutex::new([0; 2]),
                })
            }))
        };
        // Who sits around it changed while it was loaded (a rating
        // committed after the load read the store, its notice finding the
        // game not cached yet): read again.
        if self.players_epoch.load(Ordering::SeqCst) != epoch {
            let mut live = entry.live.lock().await;
            live.around = self.seating.around(&live.row).await?;
        }
        // A game loaded after a restart may be waiting for the computer.
        self.kick(id, &entry).await;
        Ok(entry)
    }

    /// Creates a game; answers its id, the tokens of the creator's seats,
    /// the links of the friends' seats, and the state.
    ///
    /// # Errors
    /// An unknown game, a bad variant or level.
    pub async fn create(self: &Arc<Self>, req: NewGame) -> Result<Created, GameError> {
        self.create_as(random_id(10), req).await
    }

    /// Like [`Hub::create`], with the game's id chosen beforehand (the
    /// lobby claims a seek for that id first; see `crate::lobby`).
    ///
    /// # Errors
    /// An unknown game, a bad variant or level, an id already taken.
    pub async fn create_as(
        self: &Arc<Self>,
        id: String,
        req: NewGame,
    ) -> Result<Created, GameError> {
        let first = req.first.unwrap_or(0);
        if first > 1 {
            return Err(GameError::bad_first(first));
        }
        if catalog::find(&req.game).is_none() {
            return Err(GameError::unknown_game(&req.game));
        }
        if req.two_games && !catalog::two_game_match(&req.game) {
            return Err(GameError::Invalid(
                Message::of(id!("api_no_two_games")).text("game", &req.game),
            ));
        }
        let clock = match req.clock.as_deref().map(str::trim) {
            None | Some("" | "none") => None,
            Some(text) => Some(tablero_ai::clock::Clock::new(
                text.parse().map_err(GameError::Invalid)?,
            )),
        };
        let mut tokens = BTreeMap::new();
        let mut links = BTreeMap::new();
        let mut seats = Vec::new();
        for (i, spec) in req.seats.iter().enumerate() {
            seats.push(match spec.kind {
                SeatKind::Ai => {
                    let level = spec.level.unwrap_or(3);
                    if !(1..=5).contains(&level) {
                        return Err(GameError::Invalid(
                            Message::of(id!("api_bad_level")).num("level", level),
                        ));
                    }
                    SeatRow {
                        kind: "ai".into(),
                        level: Some(i64::from(level)),
                        token: None,
                    }
                }
                SeatKind::Human | SeatKind::Link => {
                    let t = random_id(24);
                    let kind = if spec.kind == SeatKind::Human {
                        tokens.insert(i.to_string(), t.clone());
                        "human"
                    } else {
                        links.insert(i.to_string(), format!("/play/{id}#token={t}"));
                        "link"
                    };
                    SeatRow {
                        kind: kind.into(),
                        level: None,
                        token: Some(t),
                    }
                }
            });
        }
        let now = now_ms();
        let mut row = GameRow {
            id: id.clone(),
            game: req.game.clone(),
            variant: String::new(),
            first: i64::try_from(first).unwrap_or(0),
            seats: [seats[0].clone(), seats[1].clone()],
            declared: None,
            draw_offer: None,
            takeback_offer: None,
            ply: 0,
            result: None,
            version: 0,
            created: now,
            updated: now,
            chain: Chain {
                match_game: req.two_games.then_some(1),
                ..Chain::default()
            },
            clock,
            rated: None,
            vacation: Vacation {
                forbidden: req.no_vacation,
                paused: false,
            },
        };
        let table = table::open_or_why(
            &req.game,
            req.variant.as_deref(),
            None,
            Player::ALL[first],
            table_seats(&row),
        )
        .map_err(GameError::Invalid)?;
        row.variant = table.variant();
        if req.rated {
            row.rated = Some(
                self.seating
                    .rated_pool(&row, &req.accounts)
                    .map_err(GameError::Invalid)?,
            );
        }
        if req.accounts.iter().any(Option::is_some) {
            // The seats are the accounts' from the game's first instant:
            // the computer's first move comes after this commit.
            let mut tx = self.store.begin().await?;
            store::insert_game(&mut tx, &row).await?;
            self.seating.bind(&mut tx, &row, &req.accounts).await?;
            tx.commit().await.map_err(Fault::from)?;
        } else {
            self.store.create_game(&row).await?;
        }
        let held: Vec<String> = tokens.values().cloned().collect();
        let game = self.state(&id, &Actor::Tokens(held), None).await?;
        Ok(Created {
            id,
            tokens,
            links,
            game,
        })
    }

    /// The state of a game as `actor` sees it, at the current ply or at
    /// `ply` (replay).
    ///
    /// # Errors
    /// No such game, or a ply beyond the game.
    pub async fn state(
        self: &Arc<Self>,
        id: &str,
        actor: &Actor,
        ply: Option<usize>,
    ) -> Result<GameState, GameError> {
        self.state_of(id, actor, ply, false).await
    }

    /// Like [`Hub::state`], never older than the game as stored: on
    /// PostgreSQL (where other processes change games too) the cached
    /// copy's version is checked against the store's first, and the game
    /// reloaded if another process changed it (its notice may not have
    /// arrived yet). For a request's read (`GET /api/games/{id}`); a
    /// socket's state follows the notices.
    ///
    /// # Errors
    /// As [`Hub::state`], and storage failures.
    pub async fn read(
        self: &Arc<Self>,
        id: &str,
        actor: &Actor,
        ply: Option<usize>,
    ) -> Result<GameState, GameError> {
        self.state_of(id, actor, ply, self.db().is_postgres()).await
    }

    async fn state_of(
        self: &Arc<Self>,
        id: &str,
        actor: &Actor,
        ply: Option<usize>,
        check: bool,
    ) -> Result<GameState, GameError> {
        let entry = self.entry(id).await?;
        let mut live = entry.live.lock().await;
        if check && self.store.version(id).await? != Some(live.row.version) {
            self.reload(id, &entry, &mut live).await?;
        }
        if let Some(p) = ply {
            if p > live.table.moves().len() {
                let plies = live.table.moves().len();
                return Err(GameError::Invalid(
                    Message::of(id!("api_ply_beyond"))
                        .num("ply", p)
                        .num("plies", plies),
                ));
            }
        }
        let mut st = render::state(&mut live, actor, ply, entry.connected());
        let chain = live.row.chain.clone();
        drop(live);
        self.add_match(&mut st, &chain).await;
        Ok(st)
    }

    /// Subscribes to a game's changes.
    ///
    /// # Errors
    /// No such game.
    pub async fn subscribe(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<broadcast::Receiver<()>, GameError> {
        Ok(self.entry(id).await?.changes.subscribe())
    }

    /// Hears that another process changed game `id`: reloads it if cached
    /// and tells its sockets.
    pub async fn remote_change(self: &Arc<Self>, id: &str) {
        let _ = self.catch_up(id).await;
    }

    /// Reads cached game `id` again if its stored version moved, and tells
    /// its sockets; answers whether it did.
    async fn catch_up(self: &Arc<Self>, id: &str) -> Result<bool, GameError> {
        let Some(entry) = self.cached(id) else {
            return Ok(false);
        };
        let mut live = entry.live.lock().await;
        if self.store.version(id).await? == Some(live.row.version) {
            return Ok(false);
        }
        let Some(fresh) = self.load_live(id).await? else {
            return Ok(false);
        };
        live.refresh(fresh);
        drop(live);
        let _ = entry.changes.send(());
        Ok(true)
    }

    /// Catches up after notices from other processes may have been missed
    /// (the PostgreSQL connection that hears them was lost): every cached
    /// game whose stored version moved is read again and its sockets are
    /// told. Answers how many were read again.
    ///
    /// # Errors
    /// When the database cannot be read (nothing was caught up: call
    /// again).
    pub async fn resync(self: &Arc<Self>) -> Result<usize, GameError> {
        let ids: Vec<String> = self
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .keys()
            .cloned()
            .collect();
        let mut moved = 0;
        for id in ids {
            moved += usize::from(self.catch_up(&id).await?);
        }
        Ok(moved)
    }

    /// A copy of game `id`'s row and table as they stand (for work off the
    /// game's lock, such as a review).
    ///
    /// # Errors
    /// No such game, storage failures.
    pub async fn snapshot(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<(GameRow, Box<dyn GameTable>), GameError> {
        let entry = self.entry(id).await?;
        let live = entry.live.lock().await;
        Ok((live.row.clone(), live.table.boxed_clone()))
    }

    /// Game `id` as stored, with its moves, if it exists (for work on the
    /// record alone, such as a download).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn stored(&self, id: &str) -> Result<Option<(GameRow, Vec<String>)>, GameError> {
        Ok(self.store.load_game(id).await?)
    }

    /// The seats that `tokens` hold, as `(game, seat, token)`: in game
    /// `only` where it is given, else in any game.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn seats_of_tokens(
        &self,
        tokens: &[String],
        only: Option<&str>,
    ) -> Result<Vec<(String, usize, String)>, GameError> {
        Ok(self.store.seats_of_tokens(tokens, only).await?)
    }

    /// Hears a notice of another process on [`CHANNEL`]: a game changed
    /// (its id), or its players or ratings did (`players:ID`).
    pub async fn heard(self: &Arc<Self>, payload: &str) {
        match payload.strip_prefix(store::PLAYERS) {
            Some(id) => {
                if let Err(e) = self.players_changed(&[id.to_string()]).await {
                    tracing::warn!(game = %id, "reading its players: {e}");
                }
            }
            None => self.remote_change(payload).await,
        }
    }

    /// Like [`Hub::players_changed`], and tells the other processes on the
    /// same PostgreSQL database (`players:ID` on the games' channel).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn players_changed_everywhere(
        self: &Arc<Self>,
        ids: &[String],
    ) -> Result<(), GameError> {
        self.players_changed(ids).await?;
        if self.db().is_postgres() {
            for id in ids {
                notify_players(self.db().pool(), id).await?;
            }
        }
        Ok(())
    }

    /// Hears that the accounts holding seats of games `ids` changed (seats
    /// taken, an account deleted): the cached ones read them again and
    /// tell their sockets.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn players_changed(self: &Arc<Self>, ids: &[String]) -> Result<(), GameError> {
        self.players_epoch.fetch_add(1, Ordering::SeqCst);
        for id in ids {
            let Some(entry) = self.cached(id) else {
                continue;
            };
            let mut live = entry.live.lock().await;
            live.around = self.seating.around(&live.row).await?;
            drop(live);
            let _ = entry.changes.send(());
        }
        Ok(())
    }

    /// The games being played now: not over, between two people, changed
    /// since `since` (newest change first, at most `limit`).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn live(&self, since: i64, limit: i64) -> Result<Vec<GameRow>, GameError> {
        Ok(self.store.live(since, limit).await?)
    }

    /// The summaries of the games the tokens hold seats in.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn my_games(self: &Arc<Self>, tokens: Vec<String>) -> Result<GameList, GameError> {
        if tokens.len() > 200 {
            return Err(GameError::Invalid(
                Message::of(id!("api_too_many_tokens")).num("max", 200),
            ));
        }
        let rows = self.store.games_for_tokens(&tokens, 50).await?;
        let actor = Actor::Tokens(tokens);
        let mut games = Vec::with_capacity(rows.len());
        for g in rows {
            let entry = self.entry(&g.id).await?;
            let live = entry.live.lock().await;
            games.push(render::summary(&live, &actor));
        }
        Ok(GameList { games })
    }
}

/// Game `row`'s table after `moves` (no declared result, no offer).
///
/// # Errors
/// A stored game that does not replay.
fn replay(row: &GameRow, moves: &[String]) -> Result<Box<dyn GameTable>, Fault> {
    let id = &row.id;
    let first = Player::ALL[usize::from(row.first != 0)];
    let mut table = table::open(&row.game, Some(&row.variant), None, first, table_seats(row))
        .map_err(|e| Fault::new(format!("stored game {id}: {e}")))?;
    for (i, m) in moves.iter().enumerate() {
        let seat = table.to_move().ok_or_else(|| {
            Fault::new(format!(
                "stored game {id}, ply {}: the game was over",
                i + 1
            ))
        })?;
        table
            .play(seat, m)
            .map_err(|e| Fault::new(format!("stored game {id}, ply {}: {e}", i + 1)))?;
    }
    Ok(table)
}

/// Tells the other processes on a PostgreSQL database that game `id`'s
/// players or ratings changed (a `players:ID` notice on the games'
/// channel; sent when `db`'s transaction commits): their cached copies
/// read them again.
///
/// # Errors
/// On database errors.
pub async fn notify_players<'e, E>(db: E, id: &str) -> Result<(), Fault>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    db::notify(db, store::CHANNEL, &format!("{}{id}", store::PLAYERS)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats() -> [SeatSpec; 2] {
        [SeatSpec {
            kind: SeatKind::Human,
            level: None,
        }; 2]
    }

    #[tokio::test]
    async fn idle_games_leave_the_cache_and_come_back_whole() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(dir.path().join("t.db").to_str().unwrap())
            .await
            .unwrap();
        let hub = Hub::new(db);
        let created = hub
            .create(NewGame {
                game: catalog::offered().last().expect("a game").name.into(),
                variant: None,
                first: None,
                seats: seats(),
                two_games: false,
                clock: None,
                rated: false,
                no_vacation: false,
                accounts: [None, None],
            })
            .await
            .unwrap();
        let id = created.id.as_str();
        let actor = Actor::Tokens(created.tokens.values().cloned().collect());
        let mv = created.game.legal.value()[0]["move"]
            .as_str()
            .expect("a legal move")
            .to_string();
        hub.act(
            id,
            &actor,
            Action::Move {
                text: mv,
                ply: Some(0),
            },
        )
        .await
        .unwrap();
        let before = serde_json::to_value(hub.state(id, &actor, None).await.unwrap()).unwrap();
        assert_eq!(hub.cached_games(), 1);
        // Recently used: kept.
        assert_eq!(hub.sweep(60_000), 0);
        // Watched by a socket: kept, however idle.
        let watcher = hub.subscribe(id).await.unwrap();
        assert_eq!(hub.sweep(-1), 0);
        drop(watcher);
        assert_eq!(hub.sweep(-1), 1);
        assert_eq!(hub.cached_games(), 0);
        let after = serde_json::to_value(hub.state(id, &actor, None).await.unwrap()).unwrap();
        assert_eq!(after, before);
    }
}
