//! Chat in each game (issue #44), as lichess has it: two rooms per game.
//! The players' room: only the two seats speak (a seat's token, or the
//! account holding the seat), and both read it. The spectators' room:
//! logged-in accounts that hold no seat speak, everyone reads it, except
//! the players while the game is played (they do not see it until it
//! ends). Once the game is over anyone may read both rooms; each room's
//! speakers stay as they were.
//!
//! A line is at most [`MAX_CHARS`] characters, trimmed, without control
//! characters, kept as given (never rewritten: the page draws it as
//! text); a speaker says at most [`BURST`] lines in any [`WINDOW_MS`]
//! (counted from the store, so on every process). A line is committed
//! before it is answered, and reaches every watcher on every process
//! through the events' bus ([`ChatEvent`], carried by `NOTIFY`).
//!
//! A viewer's mutes (stored per account) hide the muted accounts' lines
//! from that viewer; a block either way between two accounts
//! ([`People::blocked_between`]) refuses a player's line to the other
//! player, and hides each one's lines from the other everywhere.
//! Reports (of a line or a player, a reason from [`REASONS`]) are listed
//! for moderators alone; a moderator (an account given the role by
//! `tablero moderator grant`) may hide a line (gone for everyone) and
//! mark an account: its lines are then shown to itself alone.

mod error;
pub mod store;

pub use error::ChatError;

use crate::db::{now_ms, random_id, Db, Fault};
use crate::events::{Bus, ChatEvent, ChatLine, GameEnded};
use crate::people::People;
use futures_util::future::BoxFuture;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use tablero_core::{id, Message};
use tokio::sync::broadcast;

/// The most characters in a line (Unicode scalar values, after trimming).
pub const MAX_CHARS: usize = 140;
/// The most lines a speaker says in any [`WINDOW_MS`].
pub const BURST: usize = 5;
/// The window of [`BURST`]: 10 s (so one line per 2 s when kept up).
pub const WINDOW_MS: i64 = 10_000;
/// The reasons a report gives.
pub const REASONS: [&str; 4] = ["abuse", "spam", "cheat", "other"];
/// The most characters in a report's note.
pub const MAX_NOTE: usize = 500;
/// The most accounts one account mutes.
pub const MAX_MUTES: i64 = 400;
/// The most reports one account makes in an hour.
pub const REPORTS_PER_HOUR: i64 = 20;
/// The most reports a moderator's list shows.
pub const REPORTS_LISTED: i64 = 200;

/// A game's two rooms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Room {
    /// The players' room.
    Players,
    /// The spectators' room.
    Spectators,
}

impl Room {
    /// The room's name, as stored and sent.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Room::Players => "players",
            Room::Spectators => "spectators",
        }
    }

    fn of(s: &str) -> Room {
        if s == "players" {
            Room::Players
        } else {
            Room::Spectators
        }
    }
}

/// A game's seats as the chat needs them, answered by the games and
/// accounts concerns ([`Around`], wired in `state.rs`).
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// The seats' tokens (human and link seats).
    pub tokens: [Option<String>; 2],
    /// The accounts holding the seats.
    pub accounts: [Option<String>; 2],
    /// Their names.
    pub names: [Option<String>; 2],
    /// Whether the game is over.
    pub over: bool,
}

/// What the chat asks of the other concerns: a game's seats, and an
/// account by name.
pub trait Around: Send + Sync + 'static {
    /// Game `game`'s seats, `None` when there is no such game.
    fn table<'a>(&'a self, game: &'a str) -> BoxFuture<'a, Result<Option<Table>, Fault>>;
    /// The live account named `name` (any case): its id and name.
    fn account<'a>(
        &'a self,
        name: &'a str,
    ) -> BoxFuture<'a, Result<Option<(String, String)>, Fault>>;
}

/// Who asks: the tokens the request carries (and the seats its session's
/// account holds in the game), and its logged-in account (id, name).
#[derive(Clone, Debug, Default)]
pub struct Asker {
    /// The seat tokens.
    pub tokens: Vec<String>,
    /// The account's id and name.
    pub account: Option<(String, String)>,
}

impl Asker {
    fn id(&self) -> Option<&str> {
        self.account.as_ref().map(|(id, _)| id.as_str())
    }
}

/// A viewer of a game's chat, as the chat sees it.
#[derive(Clone, Debug)]
pub struct Who {
    /// The game.
    pub game: String,
    /// The seat the viewer holds, if any.
    pub seat: Option<usize>,
    /// The viewer's account id.
    pub account: Option<String>,
    /// The viewer's account name.
    pub name: Option<String>,
    /// Whether the viewer is a moderator.
    pub moderator: bool,
    /// Whether the game is over.
    pub over: bool,
    /// The other seat's account (the players' room's other speaker).
    opponent: Option<String>,
    /// The accounts the viewer mutes.
    mutes: HashSet<String>,
    /// Accounts known blocked (true) or not (false) with the viewer.
    blocks: HashMap<String, bool>,
}

impl Who {
    /// Whether the viewer reads `room` now.
    #[must_use]
    pub fn reads(&self, room: Room) -> bool {
        match room {
            Room::Players => self.seat.is_some() || self.over || self.moderator,
            Room::Spectators => self.seat.is_none() || self.over || self.moderator,
        }
    }

    /// Whether the viewer may speak in `room` (blocks aside).
    #[must_use]
    pub fn speaks(&self, room: Room) -> bool {
        match room {
            Room::Players => self.seat.is_some(),
            Room::Spectators => self.seat.is_none() && self.account.is_some(),
        }
    }
}

/// A line as a viewer is shown it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineView {
    /// Its id (to report it, or hide it).
    pub id: String,
    /// `players` or `spectators`.
    pub room: Room,
    /// The speaker's seat (players' room).
    pub seat: Option<usize>,
    /// The speaker's account name (none: an anonymous player).
    pub name: Option<String>,
    /// What was said, as given.
    pub text: String,
    /// When (ms since 1970).
    pub at: i64,
    /// Whether the viewer said it.
    pub mine: bool,
}

/// One room as a viewer sees it.
#[derive(Clone, Debug, Serialize)]
pub struct RoomView {
    /// Whether the viewer reads it (its lines are empty when not).
    pub reads: bool,
    /// Whether the viewer may speak there.
    pub speaks: bool,
    /// Its lines the viewer sees, oldest first.
    pub lines: Vec<LineView>,
}

/// A game's chat as a viewer sees it.
#[derive(Clone, Debug, Serialize)]
pub struct ChatView {
    /// The players' room.
    pub players: RoomView,
    /// The spectators' room.
    pub spectators: RoomView,
    /// The viewer's seat, if a player.
    pub seat: Option<usize>,
    /// The viewer's account name, if logged in.
    pub name: Option<String>,
    /// Whether the viewer is a moderator.
    pub moderator: bool,
    /// Whether the game is over.
    pub over: bool,
    /// The most characters in a line.
    pub max_chars: usize,
}

/// What a game's chat watchers are told: a chat event, or that the game
/// ended (the players now read the spectators' room).
#[derive(Clone, Debug)]
pub enum Note {
    /// A chat event.
    Chat(ChatEvent),
    /// The game ended.
    Ended,
}

/// A report as asked: a line or a player (or both), a reason, a note.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewReport {
    /// The line reported.
    #[serde(default)]
    pub line: Option<String>,
    /// The player reported, by name.
    #[serde(default)]
    pub player: Option<String>,
    /// One of [`REASONS`].
    pub reason: String,
    /// A note for the moderators.
    #[serde(default)]
    pub note: String,
}

/// The chat concern's service.
#[derive(Clone)]
pub struct Chat {
    db: Db,
    bus: Arc<Bus>,
    people: People,
    around: Arc<dyn Around>,
    /// The watchers of each game's chat on this process.
    rooms: Arc<Mutex<HashMap<String, broadcast::Sender<Arc<Note>>>>>,
}

/// How many notes a slow watcher may fall behind (it then reads the chat
/// again).
const BACKLOG: usize = 64;

type Result<T, E = ChatError> = std::result::Result<T, E>;

impl Chat {
    /// The chat of `db`, telling `bus`, asking `people` of blocks and
    /// `around` of the games' seats and accounts.
    #[must_use]
    pub fn new(db: Db, bus: Arc<Bus>, people: People, around: Arc<dyn Around>) -> Chat {
        Chat {
            db,
            bus,
            people,
            around,
            rooms: Arc::default(),
        }
    }

    /// Who `asker` is in game `game`'s chat.
    ///
    /// # Errors
    /// No such game; storage failures.
    pub async fn who(&self, game: &str, asker: &Asker) -> Result<Who> {
        let Some(table) = self.around.table(game).await? else {
            return Err(ChatError::Missing(
                Message::of(id!("api_no_game")).text("id", game),
            ));
        };
        let mine = asker.id().map(String::from);
        let seat = (0..2).find(|&s| {
            table.tokens[s]
                .as_ref()
                .is_some_and(|t| asker.tokens.contains(t))
                || (mine.is_some() && table.accounts[s] == mine)
        });
        // A seat held by an account speaks as that account, whoever holds
        // its token; anyone else as the session's account.
        let (account, name) = match seat.map(|s| (&table.accounts[s], &table.names[s])) {
            Some((Some(a), n)) => (Some(a.clone()), n.clone()),
            _ => (mine, asker.account.as_ref().map(|(_, n)| n.clone())),
        };
        let (moderator, mutes) = match &account {
            Some(a) => (
                store::is_moderator(&self.db, a).await?,
                store::mutes(&self.db, a)
                    .await?
                    .into_iter()
                    .map(|(id, _)| id)
                    .collect(),
            ),
            None => (false, HashSet::new()),
        };
        Ok(Who {
            game: game.to_string(),
            seat,
            opponent: seat.and_then(|s| table.accounts[1 - s].clone()),
            account,
            name,
            moderator,
            over: table.over,
            mutes,
            blocks: HashMap::new(),
        })
    }

    /// Whether `who` is shown `line`: a room it reads, not marked (unless
    /// its own), not muted, no block between the two.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn shown(&self, who: &mut Who, line: &ChatLine) -> Result<bool> {
        if line.game != who.game || !who.reads(Room::of(&line.room)) {
            return Ok(false);
        }
        let Some(author) = &line.account else {
            return Ok(true);
        };
        if who.account.as_ref() == Some(author) {
            return Ok(true);
        }
        if line.marked || who.mutes.contains(author) {
            return Ok(false);
        }
        let Some(me) = &who.account else {
            return Ok(true);
        };
        let blocked = match who.blocks.get(author) {
            Some(&b) => b,
            None => {
                let b = self.people.blocked_between(me, author).await?;
                who.blocks.insert(author.clone(), b);
                b
            }
        };
        Ok(!blocked)
    }

    /// `line` as `who` is shown it.
    #[must_use]
    pub fn line_view(who: &Who, line: &ChatLine) -> LineView {
        LineView {
            id: line.id.clone(),
            room: Room::of(&line.room),
            seat: line.seat,
            name: line.name.clone(),
            text: line.text.clone(),
            at: line.at,
            mine: line.account.is_some() && line.account == who.account
                || line.account.is_none() && line.seat.is_some() && line.seat == who.seat,
        }
    }

    /// The game's chat as `who` sees it.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn view(&self, who: &mut Who) -> Result<ChatView> {
        let mut players = Vec::new();
        let mut spectators = Vec::new();
        for line in store::lines(&self.db, &who.game).await? {
            if self.shown(who, &line).await? {
                let v = Chat::line_view(who, &line);
                match v.room {
                    Room::Players => players.push(v),
                    Room::Spectators => spectators.push(v),
                }
            }
        }
        Ok(ChatView {
            players: RoomView {
                reads: who.reads(Room::Players),
                speaks: who.speaks(Room::Players),
                lines: players,
            },
            spectators: RoomView {
                reads: who.reads(Room::Spectators),
                speaks: who.speaks(Room::Spectators),
                lines: spectators,
            },
            seat: who.seat,
            name: who.name.clone(),
            moderator: who.moderator,
            over: who.over,
            max_chars: MAX_CHARS,
        })
    }

    /// `who` says `text` in `room`: checked, stored (committed), then told
    /// to every watcher; answers the line as `who` sees it.
    ///
    /// # Errors
    /// A bad line, a room not the speaker's, a block between the players,
    /// over the rate; storage failures.
    pub async fn say(&self, who: &Who, room: Room, text: &str) -> Result<LineView> {
        let text = checked_line(text)?;
        match room {
            Room::Players if who.seat.is_none() => {
                return Err(ChatError::NotYours(Message::of(id!(
                    "api_chat_players_only"
                ))));
            }
            Room::Spectators if who.seat.is_some() => {
                return Err(ChatError::NotYours(Message::of(id!(
                    "api_chat_spectators_only"
                ))));
            }
            Room::Spectators if who.account.is_none() => {
                return Err(ChatError::NotLoggedIn(Message::of(id!("api_chat_login"))));
            }
            _ => {}
        }
        if let (Room::Players, Some(me), Some(them)) = (room, &who.account, &who.opponent) {
            if self.people.blocked_between(me, them).await? {
                return Err(ChatError::NotYours(Message::of(id!("api_chat_blocked"))));
            }
        }
        let now = now_ms();
        let recent = store::said_since(
            &self.db,
            who.account.as_deref(),
            &who.game,
            who.seat,
            now - WINDOW_MS,
            BURST as i64,
        )
        .await?;
        if recent.len() >= BURST {
            let oldest = recent.last().copied().unwrap_or(now);
            let wait_ms = (oldest + WINDOW_MS - now).max(1);
            let seconds = (wait_ms + 999) / 1000;
            return Err(ChatError::TooFast(
                Message::of(id!("api_chat_too_fast"))
                    .num("seconds", seconds)
                    .num("burst", BURST)
                    .num("window", WINDOW_MS / 1000),
            ));
        }
        let line = ChatLine {
            id: random_id(12),
            game: who.game.clone(),
            room: room.as_str().to_string(),
            seat: if room == Room::Players {
                who.seat
            } else {
                None
            },
            account: who.account.clone(),
            name: who.name.clone(),
            text,
            at: now,
            marked: false,
        };
        let line = store::say(&self.db, &self.bus, line).await?;
        let view = Chat::line_view(who, &line);
        self.bus.publish_chat(ChatEvent::Said(line));
        Ok(view)
    }

    /// The account named `name`, or a refusal naming it.
    async fn named(&self, name: &str) -> Result<(String, String)> {
        self.around
            .account(name)
            .await?
            .ok_or_else(|| ChatError::Missing(Message::of(id!("api_no_player")).text("name", name)))
    }

    /// `asker`'s account, or the refusal of one not logged in.
    fn logged_in(asker: &Asker) -> Result<(String, String)> {
        asker
            .account
            .clone()
            .ok_or_else(|| ChatError::NotLoggedIn(Message::of(id!("api_chat_login"))))
    }

    /// `asker` mutes (or unmutes) the account named `name`.
    ///
    /// # Errors
    /// Not logged in, no such account, oneself, too many mutes; storage
    /// failures.
    pub async fn mute(&self, asker: &Asker, name: &str, muted: bool) -> Result<()> {
        let (me, _) = Chat::logged_in(asker)?;
        let (them, their_name) = self.named(name).await?;
        if !muted {
            store::unmute(&self.db, &me, &them).await?;
            return Ok(());
        }
        if me == them {
            return Err(ChatError::BadLine(Message::of(id!("api_chat_mute_self"))));
        }
        if store::count_mutes(&self.db, &me).await? >= MAX_MUTES {
            return Err(ChatError::BadLine(
                Message::of(id!("api_chat_too_many_mutes")).num("max", MAX_MUTES),
            ));
        }
        store::mute(&self.db, &me, &them, &their_name).await?;
        Ok(())
    }

    /// The names of the accounts `asker` mutes.
    ///
    /// # Errors
    /// Not logged in; storage failures.
    pub async fn mutes(&self, asker: &Asker) -> Result<Vec<String>> {
        let (me, _) = Chat::logged_in(asker)?;
        Ok(store::mutes(&self.db, &me)
            .await?
            .into_iter()
            .map(|(_, n)| n)
            .collect())
    }

    /// `asker` reports a line or a player; answers the report's id.
    ///
    /// # Errors
    /// Not logged in, nothing reported, a reason not in [`REASONS`], a
    /// note too long, no such line or player, too many reports; storage
    /// failures.
    pub async fn report(&self, asker: &Asker, r: &NewReport) -> Result<String> {
        let (me, my_name) = Chat::logged_in(asker)?;
        if !REASONS.contains(&r.reason.as_str()) {
            return Err(ChatError::BadLine(
                Message::of(id!("api_chat_bad_reason"))
                    .text("reason", &r.reason)
                    .text("reasons", REASONS.join(", ")),
            ));
        }
        let note = r.note.trim();
        if note.chars().count() > MAX_NOTE {
            return Err(ChatError::BadLine(
                Message::of(id!("api_chat_note_too_long")).num("max", MAX_NOTE),
            ));
        }
        let line = match &r.line {
            Some(id) => Some(store::line(&self.db, id).await?.ok_or_else(|| {
                ChatError::Missing(Message::of(id!("api_chat_no_line")).text("id", id))
            })?),
            None => None,
        };
        let (account, player) = match (&r.player, &line) {
            (Some(name), _) => {
                let (id, name) = self.named(name).await?;
                (Some(id), Some(name))
            }
            (None, Some(l)) => (l.account.clone(), l.name.clone()),
            (None, None) => {
                return Err(ChatError::BadLine(Message::of(id!(
                    "api_chat_report_nothing"
                ))))
            }
        };
        let now = now_ms();
        if store::reported_since(&self.db, &me, now - 3_600_000).await? >= REPORTS_PER_HOUR {
            return Err(ChatError::TooFast(
                Message::of(id!("api_chat_too_many_reports"))
                    .num("max", REPORTS_PER_HOUR)
                    .num("seconds", 3600),
            ));
        }
        let report = store::Report {
            id: random_id(12),
            reporter: my_name,
            player,
            line: line.as_ref().map(|l| l.id.clone()),
            game: line.as_ref().map(|l| l.game.clone()),
            text: line.as_ref().map(|l| l.text.clone()),
            reason: r.reason.clone(),
            note: note.to_string(),
            at: now,
            reporter_id: me,
            account,
        };
        store::report(&self.db, &report).await?;
        Ok(report.id)
    }

    /// `asker`'s account if it is a moderator's, else the refusal.
    async fn moderator(&self, asker: &Asker) -> Result<String> {
        let (me, _) = Chat::logged_in(asker)?;
        if !store::is_moderator(&self.db, &me).await? {
            return Err(ChatError::NotYours(Message::of(id!(
                "api_chat_not_moderator"
            ))));
        }
        Ok(me)
    }

    /// The latest reports, newest first, for a moderator.
    ///
    /// # Errors
    /// Not logged in, not a moderator; storage failures.
    pub async fn reports(&self, asker: &Asker) -> Result<Vec<store::Report>> {
        self.moderator(asker).await?;
        Ok(store::reports(&self.db, REPORTS_LISTED).await?)
    }

    /// A moderator hides line `id` for everyone.
    ///
    /// # Errors
    /// Not logged in, not a moderator, no such line; storage failures.
    pub async fn hide(&self, asker: &Asker, id: &str) -> Result<()> {
        let me = self.moderator(asker).await?;
        let Some(game) = store::hide(&self.db, &self.bus, id, &me).await? else {
            return Err(ChatError::Missing(
                Message::of(id!("api_chat_no_line")).text("id", id),
            ));
        };
        self.bus.publish_chat(ChatEvent::Hidden {
            game,
            id: id.to_string(),
        });
        Ok(())
    }

    /// A moderator marks (or unmarks) the account named `name`: its lines
    /// are shown to itself alone. Answers the account's name.
    ///
    /// # Errors
    /// Not logged in, not a moderator, no such account; storage failures.
    pub async fn mark(&self, asker: &Asker, name: &str, marked: bool) -> Result<String> {
        let me = self.moderator(asker).await?;
        let (them, their_name) = self.named(name).await?;
        store::mark(&self.db, &self.bus, &them, &me, marked).await?;
        self.bus.publish_chat(ChatEvent::Marked {
            account: them,
            marked,
        });
        Ok(their_name)
    }

    /// Hears game `game`'s chat from now on (and its end).
    #[must_use]
    pub fn watch(&self, game: &str) -> broadcast::Receiver<Arc<Note>> {
        let mut rooms = self
            .rooms
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        rooms.retain(|_, tx| tx.receiver_count() > 0);
        rooms
            .entry(game.to_string())
            .or_insert_with(|| broadcast::channel(BACKLOG).0)
            .subscribe()
    }

    /// Hands `note` to the watchers of `game` (every game: `None`).
    fn tell(&self, game: Option<&str>, note: Note) {
        let rooms = self
            .rooms
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let note = Arc::new(note);
        match game {
            Some(g) => {
                if let Some(tx) = rooms.get(g) {
                    let _ = tx.send(note);
                }
            }
            None => {
                for tx in rooms.values() {
                    let _ = tx.send(Arc::clone(&note));
                }
            }
        }
    }

    /// Relays the bus's chat events and games' ends to each game's
    /// watchers on this process, until the bus is gone.
    pub fn spawn_relay(&self) -> tokio::task::JoinHandle<()> {
        let mut chat = self.bus.subscribe_chat();
        let mut ended = self.bus.subscribe();
        let me = self.clone();
        tokio::spawn(async move {
            use broadcast::error::RecvError;
            loop {
                tokio::select! {
                    e = chat.recv() => match e {
                        Ok(e) => {
                            let game = match &e {
                                ChatEvent::Said(l) => Some(l.game.clone()),
                                ChatEvent::Hidden { game, .. } => Some(game.clone()),
                                ChatEvent::Marked { .. } => None,
                            };
                            me.tell(game.as_deref(), Note::Chat(e));
                        }
                        // Every watcher reads its chat again.
                        Err(RecvError::Lagged(_)) => me.tell(None, Note::Ended),
                        Err(RecvError::Closed) => return,
                    },
                    e = ended.recv() => match e {
                        Ok(GameEnded { game, .. }) => me.tell(Some(&game), Note::Ended),
                        Err(RecvError::Lagged(_)) => me.tell(None, Note::Ended),
                        Err(RecvError::Closed) => return,
                    },
                }
            }
        })
    }
}

/// `text` as a line: trimmed, not empty, at most [`MAX_CHARS`]
/// characters, no control characters (a line is one line).
///
/// # Errors
/// When it is none of those.
pub fn checked_line(text: &str) -> Result<String> {
    let t = text.trim();
    if t.is_empty() {
        return Err(ChatError::BadLine(Message::of(id!("api_chat_empty"))));
    }
    let n = t.chars().count();
    if n > MAX_CHARS {
        return Err(ChatError::BadLine(
            Message::of(id!("api_chat_too_long"))
                .num("max", MAX_CHARS)
                .num("chars", n),
        ));
    }
    if t.chars().any(char::is_control) {
        return Err(ChatError::BadLine(Message::of(id!("api_chat_control"))));
    }
    Ok(t.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_trimmed_and_checked() {
        assert_eq!(checked_line("  hola  ").unwrap(), "hola");
        assert!(checked_line("   ").is_err());
        assert!(checked_line("a\u{7}b").is_err());
        assert!(checked_line("a\nb").is_err());
        let long = "ñ".repeat(MAX_CHARS);
        assert_eq!(checked_line(&long).unwrap(), long);
        assert!(checked_line(&format!("{long}x")).is_err());
        // Markup is kept as given.
        assert_eq!(
            checked_line("<script>alert(1)</script>").unwrap(),
            "<script>alert(1)</script>"
        );
    }
}
