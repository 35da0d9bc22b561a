//! What the concerns tell each other: events, as lila's bus carries them.
//! The games concern publishes [`GameEnded`] when a game ends (through its
//! one door, `games/end.rs`); the ratings and mail concerns subscribe, and
//! so will tournaments and presence. The publisher imports none of its
//! subscribers, and they learn of the end only from the event.
//!
//! An event reaches this process's subscribers through a tokio broadcast
//! channel ([`Bus`]), and the other processes on the same PostgreSQL
//! database through a `NOTIFY` on [`CHANNEL`], sent in the transaction
//! that ended the game (so it is heard only once the end is committed);
//! each process's listener hands what it hears to its own bus
//! ([`Bus::heard`]), dropping its own events, which its bus already
//! carried.
//!
//! The bus also carries [`Notice`]s, what a person is told at once on any
//! page (the notices socket, `routes/notices.rs`): a move or an end in a
//! game where they hold a seat ([`Turn`], published by the games concern
//! through its one door, in the commit's transaction), and a challenge
//! made, answered or withdrawn ([`ChallengeNotice`]). They cross processes
//! the same way, on the same channel. A notice is not kept: a page that
//! was away asks again (the socket says `resync` when the listener may
//! have missed some).
//!
//! A subscriber ([`Subscriber`]) must not miss an end: a process may stop
//! between a game's end and its effects, a subscriber may fall behind the
//! channel, a listener may lose its connection. So each subscriber can
//! find in the store the ended games whose effects it has not applied
//! ([`Subscriber::catch_up`]), and [`spawn`] runs that at start, whenever
//! it fell behind or was told it may have missed events, and after a
//! failure; applying an event is idempotent (a game's effects are applied
//! once, whichever process or catch-up gets there first).

use crate::db::Fault;
use futures_util::future::BoxFuture;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, watch};

/// The PostgreSQL channel that carries events to the other processes, as
/// JSON (an [`Envelope`]).
pub const CHANNEL: &str = "tablero_events";

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EndKind {
    /// A result reached on the board (a goal, a repetition, the move cap...).
    Board,
    /// A player resigned.
    Resign,
    /// The players agreed to a draw.
    Agreed,
    /// A flag fell (lost on time).
    Flag,
    /// A claim of the win, proved by the referee.
    Claim,
    /// A claim of the win the referee did not prove: the claimant lost.
    #[serde(rename = "false-claim")]
    FalseClaim,
    /// Called off by the server: nobody wins, no points.
    Abort,
    /// A player lost by forfeit, declared by the server.
    Forfeit,
}

/// A seat of an ended game, as its subscribers need it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndedSeat {
    /// `human`, `link` or `ai`.
    pub kind: String,
    /// The computer's level.
    pub level: Option<u8>,
    /// The account that held the seat when the game ended, if any.
    pub account: Option<String>,
}

/// A game has ended: the end is committed, in the same transaction as what
/// ended it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameEnded {
    /// The game's id.
    pub game: String,
    /// Its end sequence number: the games' ends, numbered in the order they
    /// were committed, strictly increasing (`games.end_seq`).
    pub seq: i64,
    /// The game's name (`imago`...).
    pub name: String,
    /// The variant's text.
    pub variant: String,
    /// The stored result (`w0:goal`, `d:agreed`, `x:aborted`).
    pub result: String,
    /// How it ended.
    pub kind: EndKind,
    /// The winning seat, if any.
    pub winner: Option<usize>,
    /// Seats 0 and 1.
    pub seats: [EndedSeat; 2],
    /// The rating pool of a rated game, none for a casual one.
    pub rated: Option<String>,
    /// The time control, none for an untimed game.
    pub clock: Option<String>,
    /// Plies played.
    pub plies: i64,
    /// When it ended (ms since 1970).
    pub at: i64,
}

/// A line said in a game's chat (issue #44), committed: as the chat
/// concern's sockets need it to show it, or not, to each watcher.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    /// The message's id.
    pub id: String,
    /// The game's id.
    pub game: String,
    /// `players` or `spectators`.
    pub room: String,
    /// The speaker's seat (the players' room).
    pub seat: Option<usize>,
    /// The speaker's account id, if logged in.
    pub account: Option<String>,
    /// The speaker's account name, if logged in.
    pub name: Option<String>,
    /// What was said, as given (trimmed).
    pub text: String,
    /// When (ms since 1970).
    pub at: i64,
    /// Whether a moderator marked the speaker: the line is shown to the
    /// speaker alone.
    pub marked: bool,
}

/// What the chat tells its watchers: a line said, a line a moderator hid,
/// an account a moderator marked (its lines hidden from others) or
/// unmarked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum ChatEvent {
    /// A line was said (committed).
    Said(ChatLine),
    /// A moderator hid line `id` of game `game`: gone for everyone.
    Hidden {
        /// The game.
        game: String,
        /// The line.
        id: String,
    },
    /// A moderator marked (or unmarked) an account.
    Marked {
        /// The account's id.
        account: String,
        /// Marked or unmarked.
        marked: bool,
    },
}

/// A game's turn changed: a move made or taken back, or its end, in a
/// game between people. The notices socket tells the holders of its seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// The game's id.
    pub game: String,
    /// The seat to move now; none once the game is over.
    pub to_move: Option<usize>,
    /// Whether this change ended the game.
    pub ended: bool,
    /// Plies played.
    pub ply: i64,
    /// The accounts holding seats 0 and 1, if any.
    pub accounts: [Option<String>; 2],
}

/// A challenge changed: made, accepted, declined, cancelled or expired.
/// Names only who is told and what happened; the page reads the challenge
/// itself (with its cookie) from `GET /api/challenges`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeNotice {
    /// The challenge's id.
    pub id: String,
    /// What happened: `new`, `accepted`, `declined`, `cancelled`,
    /// `expired`.
    pub what: String,
    /// The accounts told (by id).
    pub to: Vec<String>,
    /// The game it became (once accepted).
    pub game: Option<String>,
    /// What the challenge is, on a new one (for its mail).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub about: Option<ChallengeAbout>,
}

/// A new challenge as its mail names it (the challenged reads the rest
/// from `GET /api/challenges`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeAbout {
    /// The challenger's name.
    pub from: String,
    /// The game's id in the catalogue.
    pub game: String,
    /// The clock: `5+3`, `3d` (days per move), or none.
    pub clock: Option<String>,
}

/// A player of a league's group and its games (ids).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupPlayer {
    /// The account's id.
    pub account: String,
    /// Its name.
    pub name: String,
    /// Its games in the group.
    pub games: Vec<String>,
}

/// A league's group was made, its games made (issue #45): told once, by
/// the tournaments concern; push and mail tell each player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupNotice {
    /// The tournament (the league's edition).
    pub tournament: String,
    /// Its name (empty: named by its game).
    pub name: String,
    /// The game's name (`jarmo`...).
    pub game: String,
    /// The time control (`3d`).
    pub clock: Option<String>,
    /// The edition, from 1.
    pub edition: i64,
    /// The group, from 1 (the top).
    pub group: i64,
    /// Its players, each with its games.
    pub players: Vec<GroupPlayer>,
}

/// What a person is told at once, on any page of any process.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Notice {
    /// A game's turn changed.
    Turn(Turn),
    /// A challenge changed.
    Challenge(ChallengeNotice),
    /// A league's group was made.
    Group(GroupNotice),
}

/// An event as sent to the other processes: the event and the process it
/// comes from (a game's end, or a notice).
#[derive(Serialize, Deserialize)]
struct Envelope {
    origin: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ended: Option<GameEnded>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    chat: Option<ChatEvent>,
    notice: Option<Notice>,
}

/// This process's events: a broadcast channel per kind of event, and a
/// signal that events may have been missed (the other processes' listener
/// lost its connection).
pub struct Bus {
    ended: broadcast::Sender<GameEnded>,
    chat: broadcast::Sender<ChatEvent>,
    notices: broadcast::Sender<Notice>,
    missed: watch::Sender<u64>,
    /// This process's mark on the events it sends to the others.
    origin: String,
}

/// How many events a slow subscriber may fall behind before it is told it
/// missed some (it then catches up from the store).
const BACKLOG: usize = 1024;

impl Bus {
    /// A bus with no subscribers yet.
    #[must_use]
    pub fn new() -> Arc<Bus> {
        Arc::new(Bus {
            ended: broadcast::channel(BACKLOG).0,
            chat: broadcast::channel(BACKLOG).0,
            notices: broadcast::channel(BACKLOG).0,
            missed: watch::channel(0).0,
            origin: crate::db::random_id(16),
        })
    }

    /// Hears every game's end from now on.
    #[must_use]
    pub fn subscribe(&self) -> broadcast::Receiver<GameEnded> {
        self.ended.subscribe()
    }

    /// Tells this process's subscribers that a game ended.
    pub fn publish(&self, e: GameEnded) {
        let _ = self.ended.send(e);
    }

    /// The text that tells the other processes of `e` (the payload of a
    /// `NOTIFY` on [`CHANNEL`]).
    #[must_use]
    pub fn payload(&self, e: &GameEnded) -> String {
        serde_json::to_string(&Envelope {
            origin: self.origin.clone(),
            ended: Some(e.clone()),
            chat: None,
            notice: None,
        })
        .expect("an event serializes")
    }

    /// Hears every chat event from now on.
    #[must_use]
    pub fn subscribe_chat(&self) -> broadcast::Receiver<ChatEvent> {
        self.chat.subscribe()
    }

    /// Tells this process's chat watchers of `e`.
    pub fn publish_chat(&self, e: ChatEvent) {
        let _ = self.chat.send(e);
    }

    /// The text that tells the other processes of chat event `e` (the
    /// payload of a `NOTIFY` on [`CHANNEL`], at most 8,000 bytes: a line
    /// has at most a few hundred).
    #[must_use]
    pub fn chat_payload(&self, e: &ChatEvent) -> String {
        serde_json::to_string(&Envelope {
            origin: self.origin.clone(),
            ended: None,
            chat: Some(e.clone()),
            notice: None,
        })
        .expect("an event serializes")
    }

    /// Hears every notice from now on.
    #[must_use]
    pub fn notices(&self) -> broadcast::Receiver<Notice> {
        self.notices.subscribe()
    }

    /// Tells this process's notices sockets of `n`.
    pub fn tell(&self, n: Notice) {
        let _ = self.notices.send(n);
    }

    /// The text that tells the other processes of the notice `n` (the
    /// payload of a `NOTIFY` on [`CHANNEL`]).
    #[must_use]
    pub fn notice_payload(&self, n: &Notice) -> String {
        serde_json::to_string(&Envelope {
            origin: self.origin.clone(),
            ended: None,
            chat: None,
            notice: Some(n.clone()),
        })
        .expect("a notice serializes")
    }

    /// Tells `n` to this process's sockets and, on PostgreSQL, to the
    /// other processes' (for a notice sent after its cause committed; the
    /// games concern sends its [`Turn`]s in the commit itself).
    ///
    /// # Errors
    /// When the database fails (this process's sockets were told).
    pub async fn tell_everywhere(&self, db: &crate::db::Db, n: Notice) -> Result<(), Fault> {
        if db.is_postgres() {
            crate::db::notify(db.pool(), CHANNEL, &self.notice_payload(&n)).await?;
        }
        self.tell(n);
        Ok(())
    }

    /// A watch that changes whenever events may have been missed (the
    /// notices sockets tell their pages to ask again).
    #[must_use]
    pub fn missed(&self) -> watch::Receiver<u64> {
        self.missed.subscribe()
    }

    /// Hears `payload` from another process: its event goes to this
    /// process's subscribers (this process's own events are dropped: its
    /// bus carried them already).
    pub fn heard(&self, payload: &str) {
        match serde_json::from_str::<Envelope>(payload) {
            Ok(env) if env.origin != self.origin => {
                if let Some(e) = env.ended {
                    self.publish(e);
                }
                if let Some(c) = env.chat {
                    self.publish_chat(c);
                }
                if let Some(n) = env.notice {
                    self.tell(n);
                }
            }
            Ok(_) => {}
            Err(e) => tracing::warn!("an event that does not read: {e}"),
        }
    }

    /// Tells the subscribers they may have missed events (they catch up
    /// from the store).
    pub fn may_have_missed(&self) {
        self.missed.send_modify(|n| *n += 1);
    }
}

/// A concern that acts when games end.
pub trait Subscriber: Send + Sync + 'static {
    /// Its name, for the log.
    fn name(&self) -> &'static str;

    /// Applies the effects of `e`. Idempotent: the same end may come twice
    /// (from this process and from a catch-up, or from two processes).
    fn apply<'a>(&'a self, e: &'a GameEnded) -> BoxFuture<'a, Result<(), Fault>>;

    /// Applies the effects of every ended game whose effects are not yet
    /// applied, found in the store, oldest end first; answers how many.
    fn catch_up(&self) -> BoxFuture<'_, Result<usize, Fault>>;
}

/// How long a subscriber waits after a failure before it catches up.
const RETRY: Duration = Duration::from_secs(2);

/// Runs `s` on `bus` until the bus is gone: it subscribes, catches up,
/// then applies each event as it comes, catching up again when it fell
/// behind, when events may have been missed, and after a failure.
pub fn spawn(bus: &Bus, s: Arc<dyn Subscriber>) -> tokio::task::JoinHandle<()> {
    let mut events = bus.subscribe();
    let mut missed = bus.missed.subscribe();
    tokio::spawn(async move {
        let mut behind = true;
        loop {
            if behind {
                match s.catch_up().await {
                    Ok(0) => behind = false,
                    Ok(n) => {
                        tracing::info!(subscriber = s.name(), "caught up with {n} ended games");
                        behind = false;
                    }
                    Err(e) => {
                        tracing::error!(subscriber = s.name(), "catching up: {e}");
                        tokio::time::sleep(RETRY).await;
                        continue;
                    }
                }
            }
            tokio::select! {
                event = events.recv() => match event {
                    Ok(e) => {
                        if let Err(err) = s.apply(&e).await {
                            tracing::error!(subscriber = s.name(), game = %e.game, "{err}");
                            tokio::time::sleep(RETRY).await;
                            behind = true;
                        }
                    }
                    Err(broadcast::error::RecvError::Lagged(n)) => {
                        tracing::warn!(subscriber = s.name(), "fell {n} events behind");
                        behind = true;
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                changed = missed.changed() => match changed {
                    Ok(()) => behind = true,
                    Err(_) => return,
                },
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ended(id: &str) -> GameEnded {
        let seat = EndedSeat {
            kind: "human".into(),
            level: None,
            account: None,
        };
        GameEnded {
            game: id.into(),
            seq: 1,
            name: "jarmo".into(),
            variant: String::new(),
            result: "w0:resign".into(),
            kind: EndKind::Resign,
            winner: Some(0),
            seats: [seat.clone(), seat],
            rated: None,
            clock: None,
            plies: 3,
            at: 0,
        }
    }

    /// A subscriber that counts what it was asked to do.
    #[derive(Default)]
    struct Counter {
        applied: std::sync::Mutex<Vec<String>>,
        catch_ups: std::sync::atomic::AtomicUsize,
    }

    impl Subscriber for Counter {
        fn name(&self) -> &'static str {
            "counter"
        }

        fn apply<'a>(&'a self, e: &'a GameEnded) -> BoxFuture<'a, Result<(), Fault>> {
            self.applied.lock().unwrap().push(e.game.clone());
            Box::pin(async { Ok(()) })
        }

        fn catch_up(&self) -> BoxFuture<'_, Result<usize, Fault>> {
            self.catch_ups
                .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Box::pin(async { Ok(0) })
        }
    }

    /// Waits until `done` holds (at most a few seconds).
    async fn until(done: impl Fn() -> bool) {
        for _ in 0..200 {
            if done() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("not in time");
    }

    #[tokio::test]
    async fn a_subscriber_catches_up_at_start_and_when_told_it_missed_events() {
        use std::sync::atomic::Ordering::SeqCst;
        let bus = Bus::new();
        let c = Arc::new(Counter::default());
        let task = spawn(&bus, Arc::clone(&c) as Arc<dyn Subscriber>);
        until(|| c.catch_ups.load(SeqCst) == 1).await;
        bus.publish(ended("a"));
        bus.publish(ended("b"));
        until(|| c.applied.lock().unwrap().len() == 2).await;
        assert_eq!(*c.applied.lock().unwrap(), ["a", "b"]);
        bus.may_have_missed();
        until(|| c.catch_ups.load(SeqCst) == 2).await;
        task.abort();
    }

    #[tokio::test]
    async fn another_process_s_event_is_heard_and_one_s_own_echo_is_not() {
        let (here, there) = (Bus::new(), Bus::new());
        let mut heard = here.subscribe();
        // This process's own event comes back from PostgreSQL: dropped.
        here.heard(&here.payload(&ended("mine")));
        // Another process's: published here.
        here.heard(&there.payload(&ended("theirs")));
        here.heard("not json");
        assert_eq!(heard.recv().await.unwrap().game, "theirs");
        assert!(heard.try_recv().is_err());
    }

    #[tokio::test]
    async fn another_process_s_chat_event_is_heard_and_not_taken_for_an_end() {
        let (here, there) = (Bus::new(), Bus::new());
        let mut ended = here.subscribe();
        let mut chat = here.subscribe_chat();
        let e = ChatEvent::Hidden {
            game: "g".into(),
            id: "m".into(),
        };
        here.heard(&here.chat_payload(&e));
        here.heard(&there.chat_payload(&e));
        assert_eq!(chat.recv().await.unwrap(), e);
        assert!(chat.try_recv().is_err());
        assert!(ended.try_recv().is_err());
    }

    #[tokio::test]
    async fn another_process_s_notice_is_heard_and_does_not_read_as_an_end() {
        let (here, there) = (Bus::new(), Bus::new());
        let mut ends = here.subscribe();
        let mut notices = here.notices();
        let turn = Notice::Turn(Turn {
            game: "g".into(),
            to_move: Some(1),
            ended: false,
            ply: 4,
            accounts: [Some("a".into()), None],
        });
        here.heard(&here.notice_payload(&turn));
        here.heard(&there.notice_payload(&turn));
        assert_eq!(notices.recv().await.unwrap(), turn);
        assert!(notices.try_recv().is_err());
        assert!(ends.try_recv().is_err());
    }
}
