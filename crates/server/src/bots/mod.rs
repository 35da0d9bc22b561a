//! Bot accounts and the bot API (issue #45), in the shape of lichess's BOT
//! API: a logged-in person (the owner) makes a bot account for an engine,
//! marked BOT for as long as it lives ([`is_bot`], [`bots_among`]: what the
//! names drawn on pages, the challenges and the tournaments ask). A bot has
//! no password (no login opens it); it acts with an API token shown once
//! to its owner, of which only the SHA-256 is stored ([`Bots::new_token`],
//! [`Bots::revoke`]).
//!
//! A bot hears its challenges and its games' starts and ends on one event
//! stream ([`Bots::events`]) and each game on a game stream
//! ([`Bots::open_game`], [`GameFeed`]); both follow the event bus and the
//! games' changes, which cross processes (PostgreSQL `NOTIFY`), and read
//! again what they may have missed. It plays through the games concern's
//! one door ([`Hub::act`], with the tokens of the seats its account holds)
//! and answers challenges through the challenges concern. Bots play casual
//! games only (docs/rulings.md, "Bots"). The routes are in
//! `routes/bots.rs`, the API in `docs/web-api.md` ("Bot API").

pub mod store;

use crate::accounts::{AccountError, Accounts};
use crate::challenges::{ChallengeError, ChallengeView, Challenges};
use crate::db::{now_ms, random_id, Db, Fault};
use crate::events::{Bus, ChallengeNotice, Notice};
use crate::games::{Action, Actor, GameError, GameState, Hub};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;
use tablero_core::{id, Message};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::{broadcast, mpsc};

crate::refusal::concern_error! {
    /// Why the bots concern refused a request, or failed.
    pub enum BotError {
        /// A name that cannot be taken, a bad move or reason.
        Bad => Invalid,
        /// No token, an unknown or revoked one; not logged in.
        NoToken => Unknown,
        /// Not the asker's: another owner's bot, another's game.
        NotYours => NotYours,
        /// No such bot, game or challenge.
        Missing => Missing,
        /// Too many bots; a challenge answered meanwhile; a game over.
        NotNow => NotNow,
        /// Too many requests.
        TooMany => TooMany,
    }
    passes on GameError, AccountError, ChallengeError;
}

/// The most bot accounts one person owns.
pub const MAX_BOTS: i64 = 5;

/// The prefix of every bot token (tells a leaked one apart in a log).
pub const TOKEN_PREFIX: &str = "tbot_";

/// How often a stream sends an empty line when it has nothing to say (and
/// reads its game or its lists again).
pub const KEEP_ALIVE: Duration = Duration::from_secs(6);

/// Whether account `account` is a bot's (for tournaments that admit
/// bots or not, and the names drawn on pages).
///
/// # Errors
/// Storage failures.
pub async fn is_bot(db: &Db, account: &str) -> Result<bool, Fault> {
    Ok(store::get(db, account).await?.is_some())
}

/// The bots among the accounts `ids`.
///
/// # Errors
/// Storage failures.
pub async fn bots_among(db: &Db, ids: &[String]) -> Result<HashSet<String>, Fault> {
    Ok(store::among(db, ids).await?.into_iter().collect())
}

/// The key a token is stored by: its SHA-256 in hex.
fn token_key(token: &str) -> String {
    use sha2::{Digest, Sha256};
    format!("{:x}", Sha256::digest(token.as_bytes()))
}

/// A new token.
fn new_token() -> String {
    format!("{TOKEN_PREFIX}{}", random_id(40))
}

/// A bot's account, as its token proved it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotAccount {
    /// The account's id.
    pub id: String,
    /// Its name.
    pub name: String,
}

/// A bot as its owner sees it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct BotView {
    /// Its name.
    pub name: String,
    /// Made, ms since 1970.
    pub created: i64,
    /// Whether it has a token now (not after a revocation).
    pub token: bool,
}

/// A new bot, or a new token: shown once.
#[derive(Clone, Debug, Serialize)]
pub struct WithToken {
    /// The bot.
    pub bot: BotView,
    /// Its API token (only its hash is kept).
    pub token: String,
}

/// The bots concern's service.
#[derive(Clone)]
pub struct Bots {
    db: Db,
    accounts: Accounts,
    hub: Arc<Hub>,
    challenges: Challenges,
    bus: Arc<Bus>,
}

fn no_bot(name: &str) -> BotError {
    BotError::Missing(Message::of(id!("api_no_bot")).text("name", name))
}

impl Bots {
    /// The bots of `db`: their accounts in `accounts`, their games in
    /// `hub`, their challenges in `challenges`, their events on `bus`.
    #[must_use]
    pub fn new(
        db: Db,
        accounts: Accounts,
        hub: Arc<Hub>,
        challenges: Challenges,
        bus: Arc<Bus>,
    ) -> Bots {
        Bots {
            db,
            accounts,
            hub,
            challenges,
            bus,
        }
    }

    /// `owner` (an account id, a person's) makes bot `name`: a new account
    /// with no password, and its first token.
    ///
    /// # Errors
    /// A bot cannot own a bot (403); too many bots (409); a name that
    /// cannot be taken (400) or is taken (409); storage failures.
    pub async fn create(&self, owner: &str, name: &str) -> Result<WithToken, BotError> {
        if is_bot(&self.db, owner).await? {
            return Err(BotError::NotYours(Message::of(id!("api_bot_by_bot"))));
        }
        if store::count_of_owner(&self.db, owner).await? >= MAX_BOTS {
            return Err(BotError::NotNow(
                Message::of(id!("api_bot_too_many")).num("max", MAX_BOTS),
            ));
        }
        let account = random_id(16);
        let token = new_token();
        // The bot's row first: its account is never seen without its mark.
        let now = now_ms();
        store::insert(&self.db, &account, owner, &token_key(&token), now).await?;
        let view = match self.accounts.make_passwordless(&account, name).await {
            Ok(v) => v,
            Err(e) => {
                store::remove(&self.db, &account).await?;
                return Err(e.into());
            }
        };
        Ok(WithToken {
            bot: BotView {
                name: view.name,
                created: now,
                token: true,
            },
            token,
        })
    }

    /// `owner`'s bots, oldest first.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn list(&self, owner: &str) -> Result<Vec<BotView>, BotError> {
        let rows = store::of_owner(&self.db, owner).await?;
        let ids: Vec<String> = rows.iter().map(|r| r.account.clone()).collect();
        let names = self.accounts.names_of(&ids).await?;
        Ok(rows
            .into_iter()
            .filter_map(|r| {
                names.get(&r.account).map(|(name, _)| BotView {
                    name: name.clone(),
                    created: r.created,
                    token: r.has_token,
                })
            })
            .collect())
    }

    /// The account id of `owner`'s bot named `name`.
    async fn owned(&self, owner: &str, name: &str) -> Result<(String, String), BotError> {
        let found = self
            .accounts
            .find(&crate::accounts::name_key(name))
            .await?
            .ok_or_else(|| no_bot(name))?;
        match store::get(&self.db, &found.id).await? {
            Some(r) if r.owner == owner => Ok((found.id, found.view.name)),
            Some(_) => Err(BotError::NotYours(
                Message::of(id!("api_bot_not_yours")).text("name", &found.view.name),
            )),
            None => Err(no_bot(name)),
        }
    }

    /// A new token for `owner`'s bot `name` (the old one stops working).
    ///
    /// # Errors
    /// No such bot (404), another owner's (403), storage failures.
    pub async fn new_token(&self, owner: &str, name: &str) -> Result<WithToken, BotError> {
        let (account, name) = self.owned(owner, name).await?;
        let token = new_token();
        store::set_token(&self.db, &account, Some(&token_key(&token))).await?;
        let row = store::get(&self.db, &account)
            .await?
            .ok_or_else(|| no_bot(&name))?;
        Ok(WithToken {
            bot: BotView {
                name,
                created: row.created,
                token: true,
            },
            token,
        })
    }

    /// Revokes the token of `owner`'s bot `name`: none works until a new
    /// one is made.
    ///
    /// # Errors
    /// No such bot (404), another owner's (403), storage failures.
    pub async fn revoke(&self, owner: &str, name: &str) -> Result<BotView, BotError> {
        let (account, name) = self.owned(owner, name).await?;
        store::set_token(&self.db, &account, None).await?;
        let row = store::get(&self.db, &account)
            .await?
            .ok_or_else(|| no_bot(&name))?;
        Ok(BotView {
            name,
            created: row.created,
            token: false,
        })
    }

    /// The bot whose token is `token`.
    ///
    /// # Errors
    /// No such token, a revoked one, a deleted account (401); storage
    /// failures.
    pub async fn authenticate(&self, token: &str) -> Result<BotAccount, BotError> {
        let refused = || BotError::NoToken(Message::of(id!("api_bot_token")));
        if !token.starts_with(TOKEN_PREFIX) || token.len() > 100 {
            return Err(refused());
        }
        let account = store::by_token(&self.db, &token_key(token))
            .await?
            .ok_or_else(refused)?;
        let names = self
            .accounts
            .names_of(std::slice::from_ref(&account))
            .await?;
        let (name, _) = names.get(&account).ok_or_else(refused)?;
        Ok(BotAccount {
            id: account,
            name: name.clone(),
        })
    }

    /// The tokens of `bot`'s seats in game `game`.
    ///
    /// # Errors
    /// No such game (404); the bot holds no seat in it (403).
    async fn seats(&self, bot: &BotAccount, game: &str) -> Result<Vec<String>, BotError> {
        let tokens = self.accounts.seat_tokens(&bot.id, game).await?;
        if tokens.is_empty() {
            if self.hub.stored(game).await?.is_none() {
                return Err(GameError::no_game(game).into());
            }
            return Err(BotError::NotYours(
                Message::of(id!("api_bot_not_in_game")).text("id", game),
            ));
        }
        Ok(tokens)
    }

    /// `bot` plays `text` (the game's notation) in game `game`; answered
    /// once committed.
    ///
    /// # Errors
    /// Not its game, not its turn, an illegal move, the game over (as the
    /// games concern says); storage failures.
    pub async fn play(&self, bot: &BotAccount, game: &str, text: &str) -> Result<(), BotError> {
        let tokens = self.seats(bot, game).await?;
        let action = Action::Move {
            text: text.to_string(),
            ply: None,
        };
        self.hub
            .act_quietly(game, &Actor::Tokens(tokens), action)
            .await?;
        Ok(())
    }

    /// `bot` resigns game `game`.
    ///
    /// # Errors
    /// As [`Bots::play`].
    pub async fn resign(&self, bot: &BotAccount, game: &str) -> Result<(), BotError> {
        let tokens = self.seats(bot, game).await?;
        self.hub
            .act_quietly(game, &Actor::Tokens(tokens), Action::Resign)
            .await?;
        Ok(())
    }

    /// `bot` accepts challenge `id`.
    ///
    /// # Errors
    /// As the challenges concern's accept.
    pub async fn accept(&self, bot: &BotAccount, id: &str) -> Result<ChallengeView, BotError> {
        Ok(self.challenges.accept(id, &bot.id).await?)
    }

    /// `bot` declines challenge `id` for `reason`.
    ///
    /// # Errors
    /// As the challenges concern's decline.
    pub async fn decline(
        &self,
        bot: &BotAccount,
        id: &str,
        reason: &str,
    ) -> Result<ChallengeView, BotError> {
        Ok(self.challenges.decline(id, &bot.id, reason).await?)
    }

    /// Whether any of `ids` is a bot: a rated challenge between them is
    /// refused (bots play casual games only).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn any_bot(&self, ids: &[String]) -> Result<bool, BotError> {
        Ok(!bots_among(&self.db, ids).await?.is_empty())
    }

    /// A game's start as the event stream tells it: its id, game, variant,
    /// clock and the bot's seat.
    async fn start_of(&self, bot: &BotAccount, game: &str) -> Option<Value> {
        let tokens = self.accounts.seat_tokens(&bot.id, game).await.ok()?;
        let st = self
            .hub
            .state(game, &Actor::Tokens(tokens), None)
            .await
            .ok()?;
        Some(json!({
            "type": "gameStart",
            "game": {
                "id": st.id,
                "game": st.game,
                "variant": st.variant,
                "seat": st.you.first(),
                "clock": st.clock.as_ref().map(|c| c.control.clone()),
                "over": st.result.is_some(),
            },
        }))
    }

    /// What the event stream says on connecting and after it may have
    /// missed events: the open challenges made to `bot`, and each of its
    /// unfinished games not told yet (`started`).
    async fn catch_up(
        &self,
        bot: &BotAccount,
        started: &mut HashSet<String>,
        out: &mpsc::Sender<Value>,
    ) -> Result<bool, BotError> {
        for c in self.challenges.mine(&bot.id).await?.incoming {
            if out
                .send(json!({"type": "challenge", "challenge": c}))
                .await
                .is_err()
            {
                return Ok(false);
            }
        }
        self.new_games(bot, started, out).await
    }

    /// Sends `gameStart` for each unfinished game of `bot` not yet in
    /// `started` (a tournament's game made for it, where no turn was heard
    /// yet); false when `out` is closed.
    async fn new_games(
        &self,
        bot: &BotAccount,
        started: &mut HashSet<String>,
        out: &mpsc::Sender<Value>,
    ) -> Result<bool, BotError> {
        let tokens = self.accounts.all_seat_tokens(&bot.id, 200).await?;
        for g in self.hub.my_games(tokens).await?.games {
            if g.result.is_some() || started.contains(&g.id) {
                continue;
            }
            if let Some(v) = self.start_of(bot, &g.id).await {
                started.insert(g.id.clone());
                if out.send(v).await.is_err() {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// The event stream of `bot` (lines for `GET /api/bot/stream/event`):
    /// its open challenges and unfinished games first, then `challenge`,
    /// `challengeCanceled`, `challengeDeclined`, `gameStart` and
    /// `gameFinish` as they happen, and `Value::Null` (an empty line) when
    /// quiet for [`KEEP_ALIVE`]. Runs until `out` is closed (the client
    /// went away).
    pub async fn events(&self, bot: BotAccount, out: mpsc::Sender<Value>) {
        let mut notices = self.bus.notices();
        let mut missed = self.bus.missed();
        let mut started = HashSet::new();
        // Games made for the bot without a challenge (a tournament's) are
        // looked for every KEEP_ALIVE too.
        let mut poll = tokio::time::interval(KEEP_ALIVE);
        poll.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        poll.tick().await;
        match self.catch_up(&bot, &mut started, &out).await {
            Ok(true) => {}
            Ok(false) => return,
            Err(e) => {
                tracing::warn!(bot = %bot.name, "bot event stream: {e}");
                return;
            }
        }
        loop {
            let said = tokio::select! {
                () = out.closed() => return,
                n = notices.recv() => match n {
                    Ok(n) => self.event_of(&bot, &n, &mut started).await,
                    Err(RecvError::Lagged(_)) => {
                        match self.catch_up(&bot, &mut started, &out).await {
                            Ok(true) => None,
                            _ => return,
                        }
                    }
                    Err(RecvError::Closed) => return,
                },
                changed = missed.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    match self.catch_up(&bot, &mut started, &out).await {
                        Ok(true) => None,
                        _ => return,
                    }
                }
                // An empty line too: the keep-alive's sleep may never end
                // while this ticks.
                _ = poll.tick() => match self.new_games(&bot, &mut started, &out).await {
                    Ok(true) => Some(Value::Null),
                    Ok(false) => return,
                    Err(e) => {
                        tracing::warn!(bot = %bot.name, "bot event stream: {e}");
                        Some(Value::Null)
                    }
                },
                () = tokio::time::sleep(KEEP_ALIVE) => Some(Value::Null),
            };
            if let Some(v) = said {
                if out.send(v).await.is_err() {
                    return;
                }
            }
        }
    }

    /// The event stream's line about notice `n`, if it concerns `bot`.
    async fn event_of(
        &self,
        bot: &BotAccount,
        n: &Notice,
        started: &mut HashSet<String>,
    ) -> Option<Value> {
        match n {
            Notice::Challenge(ChallengeNotice {
                id, what, to, game, ..
            }) => {
                if !to.contains(&bot.id) {
                    return None;
                }
                match (what.as_str(), game) {
                    ("new", _) => {
                        let c = self.challenges.one(id, &bot.id).await.ok()?;
                        (!c.mine).then(|| json!({"type": "challenge", "challenge": c}))
                    }
                    ("cancelled", _) => {
                        Some(json!({"type": "challengeCanceled", "challenge": {"id": id}}))
                    }
                    ("declined", _) => {
                        Some(json!({"type": "challengeDeclined", "challenge": {"id": id}}))
                    }
                    ("accepted", Some(g)) if !started.contains(g) => {
                        let v = self.start_of(bot, g).await?;
                        started.insert(g.clone());
                        Some(v)
                    }
                    _ => None,
                }
            }
            Notice::Turn(t) => {
                if !t.accounts.iter().any(|a| a.as_deref() == Some(&bot.id)) {
                    return None;
                }
                if t.ended {
                    started.remove(&t.game);
                    return Some(json!({"type": "gameFinish", "game": {"id": t.game}}));
                }
                if started.contains(&t.game) {
                    return None;
                }
                let v = self.start_of(bot, &t.game).await?;
                started.insert(t.game.clone());
                Some(v)
            }
            // Bots play no correspondence leagues: their games start
            // with their first turn.
            Notice::Group(_) => None,
        }
    }

    /// Opens game `game`'s stream for `bot` (`GET
    /// /api/bot/game/stream/{id}`): checked now, so that a refusal is
    /// answered before the stream starts.
    ///
    /// # Errors
    /// No such game (404), not the bot's (403), storage failures.
    pub async fn open_game(&self, bot: &BotAccount, game: &str) -> Result<GameFeed, BotError> {
        let tokens = self.seats(bot, game).await?;
        // Subscribed before the first read: no change falls between.
        let changes = self.hub.subscribe(game).await?;
        let actor = Actor::Tokens(tokens);
        let first = self.hub.read(game, &actor, None).await?;
        let start = self.hub.read(game, &actor, Some(0)).await?;
        Ok(GameFeed {
            hub: Arc::clone(&self.hub),
            bus: Arc::clone(&self.bus),
            actor,
            changes,
            first,
            start: start.position,
        })
    }
}

/// One game's stream for a bot: `gameFull` first, then `gameState` at each
/// move, offer or end (with the clocks), until the game is over.
pub struct GameFeed {
    hub: Arc<Hub>,
    bus: Arc<Bus>,
    actor: Actor,
    changes: broadcast::Receiver<()>,
    first: GameState,
    start: String,
}

/// What tells one `gameState` from the last sent: the plies, the offers,
/// the end.
type Mark = (usize, Option<usize>, Option<usize>, bool);

fn mark_of(st: &GameState) -> Mark {
    (
        st.ply,
        st.draw_offer,
        st.takeback_offer,
        st.result.is_some(),
    )
}

/// A game's state as the game stream says it.
#[must_use]
pub fn game_state(st: &GameState) -> Value {
    let seat = st.you.first().copied();
    json!({
        "type": "gameState",
        "moves": st.moves,
        "ply": st.ply,
        "to_move": st.to_move,
        "my_turn": st.to_move.is_some() && st.to_move == seat,
        "clock": st.clock,
        "status": if st.result.is_some() { "over" } else { "started" },
        "result": st.result,
        "draw_offer": st.draw_offer,
    })
}

impl GameFeed {
    /// The first line: the game whole.
    fn full(&self) -> Value {
        let st = &self.first;
        let players: Vec<Value> = st
            .seats
            .iter()
            .map(|s| {
                json!({
                    "name": s.player.as_ref().and_then(|p| p.name.clone()),
                    "bot": s.player.as_ref().is_some_and(|p| p.bot),
                    "side": s.name,
                })
            })
            .collect();
        json!({
            "type": "gameFull",
            "id": st.id,
            "game": st.game,
            "variant": st.variant,
            "seat": st.you.first(),
            "players": players,
            "rated": st.rated.is_some(),
            "clock": st.clock.as_ref().map(|c| c.control.clone()),
            "initial_position": self.start,
            "state": game_state(st),
        })
    }

    /// Sends the game's lines to `out` until the game is over or `out` is
    /// closed: `gameFull`, then a `gameState` at each change and
    /// `Value::Null` (an empty line) when quiet for [`KEEP_ALIVE`] (the
    /// game is read again then, from the store: nothing missed lasts).
    pub async fn run(mut self, out: mpsc::Sender<Value>) {
        let id = self.first.id.clone();
        let mut last = mark_of(&self.first);
        if out.send(self.full()).await.is_err() || last.3 {
            return;
        }
        let mut missed = self.bus.missed();
        loop {
            let fresh = tokio::select! {
                () = out.closed() => return,
                c = self.changes.recv() => match c {
                    Ok(()) | Err(RecvError::Lagged(_)) => self.hub.state(&id, &self.actor, None).await,
                    Err(RecvError::Closed) => return,
                },
                changed = missed.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    self.hub.read(&id, &self.actor, None).await
                }
                () = tokio::time::sleep(KEEP_ALIVE) => {
                    match self.hub.read(&id, &self.actor, None).await {
                        Ok(st) if mark_of(&st) != last => Ok(st),
                        Ok(_) => {
                            if out.send(Value::Null).await.is_err() {
                                return;
                            }
                            continue;
                        }
                        Err(e) => Err(e),
                    }
                }
            };
            let st = match fresh {
                Ok(st) => st,
                Err(e) => {
                    tracing::warn!(game = %id, "bot game stream: {e}");
                    return;
                }
            };
            let m = mark_of(&st);
            if m != last {
                last = m;
                if out.send(game_state(&st)).await.is_err() || m.3 {
                    return;
                }
            }
        }
    }
}
