//! The games in play: a cache of live games over the store, the actions
//! players take, the computer's moves, and the fan-out of every change to
//! the game's WebSockets.

use crate::games::{self, parse_outcome_code, BotChoice, Refused, Session};
use crate::store::{now_ms, GameRow, SeatRow, Store};
use anyhow::anyhow;
use futures_util::future::BoxFuture;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use tablero_core::{fmt_points, Outcome, Player, Reason};
use tokio::sync::{broadcast, Mutex};

/// An error answer of the API.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// Malformed or illegal (400).
    #[error("{0}")]
    Bad(String),
    /// Not your seat (403).
    #[error("{0}")]
    Forbidden(String),
    /// No such thing (404).
    #[error("{0}")]
    NotFound(String),
    /// Not now: the game moved on or is over (409).
    #[error("{0}")]
    Conflict(String),
    /// The server's own failure (500).
    #[error("internal error: {0}")]
    Internal(#[from] anyhow::Error),
}

impl From<Refused> for ApiError {
    fn from(r: Refused) -> Self {
        match r {
            Refused::Bad(s) => ApiError::Bad(s),
            Refused::Conflict(s) => ApiError::Conflict(s),
        }
    }
}

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
}

/// Something a player does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A move in notation, made having seen `ply` plies (if given).
    Move {
        /// The notation.
        text: String,
        /// The plies the mover saw.
        ply: Option<usize>,
    },
    /// Take back the last own move and the computer's reply.
    Undo,
    /// Claim the win (Imago's Jacke).
    Claim,
    /// Give up.
    Resign,
    /// Offer, accept or decline a draw.
    Draw(DrawAction),
}

/// What to do about a draw.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum DrawAction {
    /// Offer one.
    Offer,
    /// Accept the opponent's.
    Accept,
    /// Decline the opponent's.
    Decline,
}

/// Who acts: seats held by tokens, or the computer in a seat.
#[derive(Clone, Debug)]
pub enum Actor {
    /// Tokens of a browser: the seats they hold.
    Tokens(Vec<String>),
    /// The computer playing this seat.
    Computer(usize),
}

struct Live {
    row: GameRow,
    session: Box<dyn Session>,
    thinking: bool,
}

impl Live {
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
        let s = &self.row.seats[seat];
        (s.kind == "ai").then(|| s.level.and_then(|l| u8::try_from(l).ok()).unwrap_or(3))
    }

    /// Who sits in each seat, with the side's name.
    fn seats_json(&self) -> Value {
        let seat = |i: usize| {
            let s = &self.row.seats[i];
            json!({"kind": s.kind, "level": s.level, "name": self.session.side_name(i)})
        };
        json!([seat(0), seat(1)])
    }

    /// Whether the computer should move now.
    fn computer_to_move(&self) -> Option<(usize, u8)> {
        let seat = self.session.to_move()?;
        self.ai_level(seat).map(|l| (seat, l))
    }
}

/// One game's cache entry: the live game and its change channel.
struct Entry {
    live: Mutex<Live>,
    changes: broadcast::Sender<()>,
    /// When a request last asked for it (ms since 1970), for eviction.
    touched: AtomicI64,
}

/// The games in play.
pub struct Hub {
    store: Store,
    games: StdMutex<HashMap<String, Arc<Entry>>>,
    /// One computer search per core at a time; the others wait their turn
    /// instead of slicing the cores ever thinner.
    thinkers: Arc<tokio::sync::Semaphore>,
}

fn result_json(o: &Outcome) -> Value {
    json!({
        "winner": o.winner.map(Player::index),
        "score": o.score,
        "score_text": format!("{}–{}", fmt_points(o.score[0]), fmt_points(o.score[1])),
        "reason": o.reason.as_str(),
    })
}

/// A random id of `len` letters and digits (ids, tokens).
pub(crate) fn random_id(len: usize) -> String {
    use rand::distributions::{Alphanumeric, DistString};
    Alphanumeric.sample_string(&mut rand::thread_rng(), len)
}

fn stable_seed(id: &str, ply: usize) -> u64 {
    id.bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
        .wrapping_add(ply as u64)
}

impl Hub {
    /// A hub over `store`.
    #[must_use]
    pub fn new(store: Store) -> Arc<Hub> {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
        Arc::new(Hub {
            store,
            games: StdMutex::new(HashMap::new()),
            thinkers: Arc::new(tokio::sync::Semaphore::new(cores)),
        })
    }

    /// The store.
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.store
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

    async fn load_live(&self, id: &str) -> Result<Option<Live>, ApiError> {
        let Some((row, moves)) = self.store.load_game(id).await? else {
            return Ok(None);
        };
        let first = usize::from(row.first != 0);
        let mut session = games::new_session(&row.game, Some(&row.variant), first)
            .map_err(|e| anyhow!("stored game {id}: {e}"))?;
        for (i, m) in moves.iter().enumerate() {
            session
                .play(m)
                .map_err(|e| anyhow!("stored game {id}, ply {}: {e}", i + 1))?;
        }
        if let Some(code) = &row.declared {
            let o = parse_outcome_code(code)
                .ok_or_else(|| anyhow!("stored game {id}: bad result {code:?}"))?;
            session.declare(o);
        }
        Ok(Some(Live {
            row,
            session,
            thinking: false,
        }))
    }

    async fn entry(self: &Arc<Self>, id: &str) -> Result<Arc<Entry>, ApiError> {
        if let Some(e) = self.cached(id) {
            return Ok(e);
        }
        let live = self
            .load_live(id)
            .await?
            .ok_or_else(|| ApiError::NotFound(format!("no game {id:?}")))?;
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
                })
            }))
        };
        // A game loaded after a restart may be waiting for the computer.
        self.kick(id, &entry).await;
        Ok(entry)
    }

    /// Creates a game; answers its id, the tokens of the creator's seats,
    /// the links of the friends' seats, and the state.
    ///
    /// # Errors
    /// An unknown game, a bad variant or level.
    pub async fn create(self: &Arc<Self>, req: NewGame) -> Result<Value, ApiError> {
        let first = req.first.unwrap_or(0);
        if first > 1 {
            return Err(ApiError::Bad(format!("first must be 0 or 1, not {first}")));
        }
        let session =
            games::new_session(&req.game, req.variant.as_deref(), first).map_err(ApiError::Bad)?;
        let mut seats = Vec::new();
        let mut tokens = serde_json::Map::new();
        let mut links = serde_json::Map::new();
        let id = random_id(10);
        for (i, spec) in req.seats.iter().enumerate() {
            let (kind, level, token) = match spec.kind {
                SeatKind::Ai => {
                    let level = spec.level.unwrap_or(3);
                    if !(1..=5).contains(&level) {
                        return Err(ApiError::Bad(format!(
                            "level {level} does not exist: levels are 1 to 5"
                        )));
                    }
                    ("ai", Some(i64::from(level)), None)
                }
                SeatKind::Human | SeatKind::Link => {
                    let t = random_id(24);
                    if spec.kind == SeatKind::Human {
                        tokens.insert(i.to_string(), json!(t));
                    } else {
                        links.insert(i.to_string(), json!(format!("/play/{id}#token={t}")));
                    }
                    (
                        if spec.kind == SeatKind::Human {
                            "human"
                        } else {
                            "link"
                        },
                        None,
                        Some(t),
                    )
                }
            };
            seats.push(SeatRow {
                kind: kind.into(),
                level,
                token,
            });
        }
        let now = now_ms();
        let row = GameRow {
            id: id.clone(),
            game: req.game.clone(),
            variant: session.variant(),
            first: i64::try_from(first).unwrap_or(0),
            seats: [seats[0].clone(), seats[1].clone()],
            declared: None,
            draw_offer: None,
            ply: 0,
            result: None,
            version: 0,
            created: now,
            updated: now,
        };
        self.store.create_game(&row).await?;
        let held: Vec<String> = tokens
            .values()
            .filter_map(|v| v.as_str().map(String::from))
            .collect();
        let state = self.state(&id, &Actor::Tokens(held), None).await?;
        Ok(json!({"id": id, "tokens": tokens, "links": links, "game": state}))
    }

    /// The state of a game as `actor` sees it, at the current ply or at
    /// `ply` (replay).
    ///
    /// # Errors
    /// No such game.
    pub async fn state(
        self: &Arc<Self>,
        id: &str,
        actor: &Actor,
        ply: Option<usize>,
    ) -> Result<Value, ApiError> {
        let entry = self.entry(id).await?;
        let live = entry.live.lock().await;
        if let Some(p) = ply {
            if p > live.session.moves().len() {
                return Err(ApiError::Bad(format!(
                    "ply {p} is beyond the game's {} plies",
                    live.session.moves().len()
                )));
            }
        }
        Ok(state_json(&live, actor, ply))
    }

    /// Subscribes to a game's changes.
    ///
    /// # Errors
    /// No such game.
    pub async fn subscribe(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<broadcast::Receiver<()>, ApiError> {
        Ok(self.entry(id).await?.changes.subscribe())
    }

    /// Does `action` for `actor`; answers the new state.
    ///
    /// # Errors
    /// Refused actions (the game is then unchanged) and storage failures.
    pub async fn act(
        self: &Arc<Self>,
        id: &str,
        actor: &Actor,
        action: Action,
    ) -> Result<Value, ApiError> {
        let entry = self.entry(id).await?;
        let mut live = entry.live.lock().await;
        for attempt in 0..2 {
            let (row, session) = apply(&live, actor, &action)?;
            let keep = common_prefix(live.session.moves(), session.moves());
            if self
                .store
                .save(&row, keep, &session.moves()[keep..])
                .await?
            {
                live.row = row;
                live.session = session;
                break;
            }
            // Another process changed the game: reload it and try again.
            let fresh = self
                .load_live(id)
                .await?
                .ok_or_else(|| ApiError::NotFound(format!("no game {id:?}")))?;
            let thinking = live.thinking;
            *live = fresh;
            live.thinking = thinking;
            if attempt == 1 {
                return Err(ApiError::Conflict(
                    "the game changed at the same time; try again".into(),
                ));
            }
        }
        drop(live);
        let _ = entry.changes.send(());
        self.kick(id, &entry).await;
        // Rendered after the kick, so that `thinking` is already shown.
        let live = entry.live.lock().await;
        Ok(state_json(&live, actor, None))
    }

    /// Hears that another process changed game `id`: reloads it if cached
    /// and tells its sockets.
    pub async fn remote_change(self: &Arc<Self>, id: &str) {
        let Some(entry) = self.cached(id) else {
            return;
        };
        let mut live = entry.live.lock().await;
        match self.store.version(id).await {
            Ok(Some(v)) if v == live.row.version => return,
            Ok(Some(_)) => {}
            _ => return,
        }
        if let Ok(Some(fresh)) = self.load_live(id).await {
            let thinking = live.thinking;
            *live = fresh;
            live.thinking = thinking;
            drop(live);
            let _ = entry.changes.send(());
        }
    }

    /// Starts the computer's move if it is the computer's turn and it is not
    /// already thinking.
    ///
    /// Boxed, because the computer's move kicks the next one (a computer
    /// against a computer).
    fn kick(self: &Arc<Self>, id: &str, entry: &Arc<Entry>) -> BoxFuture<'static, ()> {
        let hub = Arc::clone(self);
        let entry = Arc::clone(entry);
        let id = id.to_string();
        Box::pin(async move { hub.kick_now(id, entry).await })
    }

    async fn kick_now(self: Arc<Self>, id: String, entry: Arc<Entry>) {
        let mut live = entry.live.lock().await;
        if live.thinking {
            return;
        }
        let Some((seat, level)) = live.computer_to_move() else {
            return;
        };
        live.thinking = true;
        let ply = live.session.moves().len();
        let job = live.session.bot_job(level, stable_seed(&live.row.id, ply));
        drop(live);
        let _ = entry.changes.send(());
        let hub = self;
        tokio::spawn(async move {
            let choice = {
                let _core = Arc::clone(&hub.thinkers).acquire_owned().await;
                tokio::task::spawn_blocking(job).await
            };
            entry.live.lock().await.thinking = false;
            let action = match choice {
                Ok(BotChoice::Move(text)) => Action::Move {
                    text,
                    ply: Some(ply),
                },
                Ok(BotChoice::Claim) => Action::Claim,
                Err(e) => {
                    eprintln!("tablero serve: the computer failed in game {id}: {e}");
                    let _ = entry.changes.send(());
                    return;
                }
            };
            if let Err(e) = hub.act(&id, &Actor::Computer(seat), action).await {
                // An undo or a result while it thought: its move is stale.
                if !matches!(e, ApiError::Conflict(_)) {
                    eprintln!("tablero serve: the computer's move in game {id} was refused: {e}");
                }
                let _ = entry.changes.send(());
                hub.kick(&id, &entry).await;
            }
        });
    }

    /// The summaries of the games the tokens hold seats in.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn my_games(self: &Arc<Self>, tokens: Vec<String>) -> Result<Value, ApiError> {
        if tokens.len() > 200 {
            return Err(ApiError::Bad("at most 200 tokens".into()));
        }
        let rows = self.store.games_for_tokens(&tokens, 50).await?;
        let actor = Actor::Tokens(tokens);
        let mut list = Vec::with_capacity(rows.len());
        for g in rows {
            let entry = self.entry(&g.id).await?;
            let live = entry.live.lock().await;
            let s = &live.session;
            list.push(json!({
                "id": g.id,
                "game": s.game(),
                "variant": live.row.variant,
                "seats": live.seats_json(),
                "you": live.held(&actor),
                "ply": s.moves().len(),
                "to_move": s.to_move(),
                "result": s.outcome().as_ref().map(result_json),
                "updated": live.row.updated,
            }));
        }
        Ok(json!({ "games": list }))
    }
}

/// The number of leading moves two lists share.
fn common_prefix(a: &[String], b: &[String]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// Computes the game after `action`, without changing `live`.
/// Ends the game with `o`, declared from outside the board (a claim, a
/// resignation, an agreed draw), in the session and in its stored row.
fn declare(session: &mut dyn Session, row: &mut GameRow, o: Outcome) {
    session.declare(o);
    row.declared = Some(games::outcome_code(&o));
}

fn apply(
    live: &Live,
    actor: &Actor,
    action: &Action,
) -> Result<(GameRow, Box<dyn Session>), ApiError> {
    let held = live.held(actor);
    if held.is_empty() {
        return Err(ApiError::Forbidden(
            "you hold no seat in this game (a spectator cannot play)".into(),
        ));
    }
    let mut session = live.session.boxed_clone();
    let mut row = live.row.clone();
    let over = live.session.outcome().is_some();
    let to_move = live.session.to_move();
    match action {
        Action::Move { text, ply } => {
            if over {
                return Err(ApiError::Conflict("the game is over".into()));
            }
            if let Some(p) = ply {
                if *p != live.session.moves().len() {
                    return Err(ApiError::Conflict(format!(
                        "the game has moved on: it is at ply {}, the move was made at ply {p}",
                        live.session.moves().len()
                    )));
                }
            }
            let seat = to_move.expect("not over");
            if !held.contains(&seat) {
                return Err(ApiError::Forbidden(format!(
                    "it is {}'s turn, not yours",
                    live.session.side_name(seat)
                )));
            }
            if text.len() > 200 {
                return Err(ApiError::Bad("a move is at most 200 characters".into()));
            }
            session.play(text)?;
            row.draw_offer = None;
        }
        Action::Undo => {
            let Actor::Tokens(_) = actor else {
                return Err(ApiError::Forbidden("the computer does not undo".into()));
            };
            let computer = (0..2).find(|&s| live.ai_level(s).is_some());
            let human = held.iter().copied().find(|&s| live.ai_level(s).is_none());
            let (Some(_), Some(me)) = (computer, human) else {
                return Err(ApiError::Conflict(
                    "undo is only for games against the computer".into(),
                ));
            };
            // Take back moves until one of mine is gone and it is my turn.
            let mut took_mine = false;
            loop {
                let n = session.moves().len();
                if n == 0 {
                    break;
                }
                let mover = session.mover_at(n - 1);
                if took_mine && mover != me {
                    break;
                }
                session.undo();
                took_mine |= mover == me;
                if took_mine && session.to_move() == Some(me) {
                    break;
                }
            }
            if !took_mine {
                return Err(ApiError::Conflict(
                    "there is no move of yours to take back".into(),
                ));
            }
            row.declared = None;
            row.draw_offer = None;
        }
        Action::Claim => {
            if !session.has_claims() {
                return Err(ApiError::Bad(format!(
                    "there are no claims in {}",
                    session.game()
                )));
            }
            let seat = to_move.ok_or_else(|| ApiError::Conflict("the game is over".into()))?;
            if !held.contains(&seat) {
                return Err(ApiError::Forbidden("one claims on one's own turn".into()));
            }
            if !session.claim_valid() {
                return Err(ApiError::Conflict(
                    "claim refused: the position is not a proved win for you; the game goes on"
                        .into(),
                ));
            }
            declare(
                &mut *session,
                &mut row,
                Outcome::win(Player::ALL[seat], Reason::Jacke),
            );
        }
        Action::Resign => {
            if over {
                return Err(ApiError::Conflict("the game is over".into()));
            }
            // In a same-screen game, the side to move resigns.
            let seat = match to_move {
                Some(s) if held.contains(&s) => s,
                _ => held[0],
            };
            let o = Outcome::win(Player::ALL[seat].other(), Reason::Resign);
            declare(&mut *session, &mut row, o);
        }
        Action::Draw(what) => {
            if over {
                return Err(ApiError::Conflict("the game is over".into()));
            }
            let seat = match to_move {
                Some(s) if held.contains(&s) => s,
                _ => held[0],
            };
            match what {
                DrawAction::Offer => match live.ai_level(1 - seat) {
                    Some(level) if session.bot_accepts_draw(level, 1 - seat) => {
                        declare(&mut *session, &mut row, Outcome::draw(Reason::Agreed));
                    }
                    Some(_) => {
                        return Err(ApiError::Conflict("the computer declines the draw".into()));
                    }
                    None => row.draw_offer = Some(i64::try_from(seat).unwrap_or(0)),
                },
                DrawAction::Accept | DrawAction::Decline => {
                    let offer = row.draw_offer.and_then(|s| usize::try_from(s).ok());
                    if !offer.is_some_and(|by| held.iter().any(|&h| h != by)) {
                        return Err(ApiError::Conflict(
                            "there is no draw offer to answer".into(),
                        ));
                    }
                    row.draw_offer = None;
                    if *what == DrawAction::Accept {
                        declare(&mut *session, &mut row, Outcome::draw(Reason::Agreed));
                    }
                }
            }
        }
    }
    row.ply = i64::try_from(session.moves().len()).unwrap_or(i64::MAX);
    row.result = session.outcome().map(|o| games::outcome_code(&o));
    row.version += 1;
    row.updated = now_ms();
    Ok((row, session))
}

fn state_json(live: &Live, actor: &Actor, ply: Option<usize>) -> Value {
    let s = &live.session;
    let held = live.held(actor);
    let n = s.moves().len();
    let shown = ply.unwrap_or(n).min(n);
    let (position, view) = s.snapshot(shown);
    let to_move = s.to_move();
    let legal = match to_move {
        Some(seat) if shown == n && held.contains(&seat) => s.legal(),
        _ => Vec::new(),
    };
    let undo = (0..2).any(|x| live.ai_level(x).is_some())
        && held.iter().any(|&h| live.ai_level(h).is_none());
    json!({
        "id": live.row.id,
        "game": s.game(),
        "variant": live.row.variant,
        "seats": live.seats_json(),
        "you": held,
        "ply": n,
        "shown_ply": shown,
        "to_move": to_move,
        "moves": s.moves(),
        "position": position,
        "result": s.outcome().as_ref().map(result_json),
        "draw_offer": live.row.draw_offer,
        "thinking": live.thinking,
        "claims": s.has_claims(),
        "undo": undo,
        "legal": legal,
        "view": view,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats() -> [SeatSpec; 2] {
        [
            SeatSpec {
                kind: SeatKind::Human,
                level: None,
            },
            SeatSpec {
                kind: SeatKind::Human,
                level: None,
            },
        ]
    }

    #[tokio::test]
    async fn idle_games_leave_the_cache_and_come_back_whole() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path().join("t.db").to_str().unwrap())
            .await
            .unwrap();
        let hub = Hub::new(store);
        let created = hub
            .create(NewGame {
                game: "linja".into(),
                variant: None,
                first: None,
                seats: seats(),
            })
            .await
            .unwrap();
        let id = created["id"].as_str().unwrap();
        let tokens: Vec<String> = ["0", "1"]
            .iter()
            .map(|s| created["tokens"][s].as_str().unwrap().to_string())
            .collect();
        let actor = Actor::Tokens(tokens);
        let mv = created["game"]["legal"][0]["move"]
            .as_str()
            .unwrap()
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
        let before = hub.state(id, &actor, None).await.unwrap();
        assert_eq!(hub.cached_games(), 1);
        // Recently used: kept.
        assert_eq!(hub.sweep(60_000), 0);
        // Watched by a socket: kept, however idle.
        let watcher = hub.subscribe(id).await.unwrap();
        assert_eq!(hub.sweep(-1), 0);
        drop(watcher);
        assert_eq!(hub.sweep(-1), 1);
        assert_eq!(hub.cached_games(), 0);
        assert_eq!(hub.state(id, &actor, None).await.unwrap(), before);
    }
}
