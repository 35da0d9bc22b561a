//! The games' storage: the games and their moves (tables `games` and
//! `moves`), written by one group committer and read by the hub.
//!
//! Every change first bumps the game's `version` where it still has the
//! version the change was computed from (compare and set), so two processes
//! can never both append the same ply. Changes are committed in groups: one
//! task takes every change waiting at that instant and writes them in one
//! transaction (one fsync for all), and each is answered only after that
//! transaction has committed. SQLite runs in WAL mode with
//! `synchronous=FULL`, so an acknowledged move survives `kill -9` and a
//! power cut.
//!
//! A change that ends a game numbers the end in the same transaction
//! (`end_seq`: on SQLite from the counter `end_counter`, on PostgreSQL the
//! sequence `game_end_seq`), and on PostgreSQL tells the other processes
//! of it there too (a `NOTIFY` on `crate::events::CHANNEL`, heard only
//! once it commits): see `end.rs`.

use crate::db::{self, Db, Result};
use crate::events::{Bus, GameEnded};
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};
use std::sync::Arc;
use tablero_ai::clock::{Clock, TimeControl};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

/// The PostgreSQL channel that carries `game_id` on every change.
pub const CHANNEL: &str = "tablero_games";

/// The prefix of a notice on [`CHANNEL`] that a game's players or ratings
/// changed, not the game (`players:ID`).
pub const PLAYERS: &str = "players:";

/// The group committer: waits for a change, takes every other change
/// waiting at that instant (up to [`MAX_GROUP`]), writes them all in one
/// transaction and answers each after the commit. It ends when every
/// [`Store`] handle is dropped.
async fn commit_groups(
    pool: AnyPool,
    postgres: bool,
    bus: Arc<Bus>,
    mut queue: mpsc::Receiver<Change>,
) {
    // SQLite: the write-ahead log is copied back into the database by
    // another task on another connection, so no commit waits for it (when
    // a commit did it, every thousand pages, the moves waiting behind that
    // commit took tens of milliseconds more). The task ends with this one.
    let (_running, stopped) = oneshot::channel::<()>();
    if !postgres {
        tokio::spawn(db::checkpoints(pool.clone(), stopped));
    }
    let mut group = Vec::with_capacity(MAX_GROUP);
    while queue.recv_many(&mut group, MAX_GROUP).await > 0 {
        // Each change waits for a connection at most the pool's wait from
        // when it was queued, not from when its group began: with the
        // database away, a change queued behind a failing group would
        // otherwise wait that group's second and then its own (answers
        // near 2 s where about 1 s is promised; issue #43).
        let wait = pool.options().get_acquire_timeout();
        let oldest = group.iter().map(|c| c.queued).min();
        let until = oldest.map_or_else(Instant::now, |q| q + wait);
        match commit_group(&pool, postgres, &bus, &group, until).await {
            Ok(applied) => {
                for (change, ok) in group.drain(..).zip(applied) {
                    change.answer(Ok(ok));
                }
            }
            Err(e) if e.unavailable() || e.full() => {
                // Nothing of the group was written, and the database is
                // away or full for all of them alike: each is answered at
                // once (tried again one by one, each waited for the
                // database in turn, and answers took seconds; issue #43).
                for change in group.drain(..) {
                    change.answer(Err(e.again()));
                }
            }
            Err(_) if group.len() > 1 => {
                // Nothing of the group was written. One change may be at
                // fault (a duplicate id): each is tried again alone.
                for change in group.drain(..) {
                    let until = Instant::now() + wait;
                    let result =
                        commit_group(&pool, postgres, &bus, std::slice::from_ref(&change), until)
                            .await
                            .map(|applied| applied[0]);
                    change.answer(result);
                }
            }
            Err(e) => {
                if let Some(change) = group.pop() {
                    change.answer(Err(e));
                }
            }
        }
    }
}

/// Writes `group` in one transaction; answers what each change did.
///
/// A failure anywhere (a statement, the commit itself: a full disk) rolls
/// the transaction back and closes its connection instead of returning it
/// to the pool. A connection whose commit failed cannot be trusted: after
/// SQLite's `COMMIT` failed on a full disk (`SQLITE_FULL`), the pooled
/// connection stayed inside that transaction, sqlx made every later
/// `BEGIN` on it a savepoint and every commit a `RELEASE`, and so answered
/// commits that never reached the file (in a reproduction on a full tmpfs,
/// 198 of 198 after the first failure; another connection saw none, and
/// met "database is locked"; issue #43).
async fn commit_group(
    pool: &AnyPool,
    postgres: bool,
    bus: &Bus,
    group: &[Change],
    until: Instant,
) -> Result<Vec<Committed>> {
    // Past `until`, a last short wait (a pooled connection's check before
    // use is a round trip) rather than none: a busy queue is not refused.
    let until = until.max(Instant::now() + LAST_WAIT);
    let mut conn = match tokio::time::timeout_at(until, pool.acquire()).await {
        Ok(conn) => conn?,
        Err(_) => return Err(sqlx::Error::PoolTimedOut.into()),
    };
    let mut tx = sqlx::Connection::begin(&mut *conn).await?;
    match write_group(&mut tx, postgres, bus, group).await {
        Ok(applied) => match tx.commit().await {
            Ok(()) => Ok(applied),
            Err(e) => {
                conn.close_on_drop();
                Err(e.into())
            }
        },
        Err(e) => {
            let _ = tx.rollback().await;
            conn.close_on_drop();
            Err(e)
        }
    }
}

/// The statements of `group`, in `tx` (not committed).
async fn write_group(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    postgres: bool,
    bus: &Bus,
    group: &[Change],
) -> Result<Vec<Committed>> {
    if postgres && group.iter().any(Change::ends) {
        // Ends are numbered and committed one transaction at a time, so
        // their numbers become visible in order (the ratings rate games
        // in that order): the lock is held until this commit, and taken
        // before any row's, so it waits for no row lock.
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(END_LOCK)
            .execute(&mut **tx)
            .await?;
    }
    let mut applied = Vec::with_capacity(group.len());
    for change in group {
        let (g, keep, truncate, added, next, end, told) = match &change.write {
            Write::Create(row) => {
                insert_game(tx, row).await?;
                applied.push(Committed::Done);
                continue;
            }
            Write::Save {
                row,
                keep,
                truncate,
                added,
                next,
                end,
                told,
            } => (row, keep, truncate, added, next, end, told),
        };
        let done = sqlx::query(
            "UPDATE games SET declared = $1, draw_offer = $2, ply = $3, result = $4, \
             version = $5, updated = $6, rematch_offer = $7, next_game = $8, \
             time0 = $11, time1 = $12, deadline = $13, rated = $14, takeback_offer = $15, \
             paused = $16 WHERE id = $9 AND version = $10",
        )
        .bind(&g.declared)
        .bind(g.draw_offer)
        .bind(g.ply)
        .bind(&g.result)
        .bind(g.version)
        .bind(g.updated)
        .bind(g.chain.rematch_offer)
        .bind(&g.chain.next_game)
        .bind(&g.id)
        .bind(g.version - 1)
        .bind(g.clock.map(|c| c.left[0]))
        .bind(g.clock.map(|c| c.left[1]))
        .bind(g.clock.and_then(|c| c.deadline))
        .bind(&g.rated)
        .bind(g.takeback_offer)
        .bind(i64::from(g.vacation.paused))
        .execute(&mut **tx)
        .await?;
        if done.rows_affected() != 1 {
            applied.push(Committed::Stale);
            continue;
        }
        // An undo removes moves; a move only adds one (and saves a
        // statement, which on SQLite is a round trip to its thread).
        if *truncate {
            sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
                .bind(&g.id)
                .bind(*keep)
                .execute(&mut **tx)
                .await?;
        }
        for (i, text) in added.iter().enumerate() {
            sqlx::query("INSERT INTO moves (game_id, ply, notation, at) VALUES ($1, $2, $3, $4)")
                .bind(&g.id)
                .bind(*keep + i64::try_from(i)?)
                .bind(text)
                .bind(g.updated)
                .execute(&mut **tx)
                .await?;
        }
        if let Some(n) = next {
            insert_game(tx, n).await?;
        }
        let mut committed = Committed::Done;
        match end {
            EndWrite::Keep => {}
            EndWrite::Reopens => {
                sqlx::query("UPDATE games SET end_seq = NULL, ended = NULL WHERE id = $1")
                    .bind(&g.id)
                    .execute(&mut **tx)
                    .await?;
            }
            EndWrite::Ends(ended) => {
                let seq = number_end(tx, postgres, &g.id, g.updated).await?;
                if postgres {
                    let mut ended = (**ended).clone();
                    ended.seq = seq;
                    db::notify(&mut **tx, crate::events::CHANNEL, &bus.payload(&ended)).await?;
                }
                committed = Committed::Ended(seq);
            }
        }
        if postgres {
            db::notify(&mut **tx, CHANNEL, &g.id).await?;
            if let Some(told) = told {
                db::notify(&mut **tx, crate::events::CHANNEL, told).await?;
            }
        }
        applied.push(committed);
    }
    Ok(applied)
}

/// Numbers the end of game `id`, which ended at `at`, in `tx`: the next
/// end sequence number, strictly increasing (PostgreSQL's sequence, across
/// processes; SQLite's counter `end_counter`, which writes one transaction
/// at a time: never a number a reopened game gave back, and never below
/// the highest number in use).
async fn number_end(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    postgres: bool,
    id: &str,
    at: i64,
) -> Result<i64> {
    let next = if postgres {
        "nextval('game_end_seq')"
    } else {
        sqlx::query(
            "UPDATE end_counter SET n = MAX(n, (SELECT COALESCE(MAX(end_seq), 0) FROM games)) + 1 \
             WHERE id = 1",
        )
        .execute(&mut **tx)
        .await?;
        "(SELECT n FROM end_counter WHERE id = 1)"
    };
    let seq: i64 = sqlx::query_scalar(&format!(
        "UPDATE games SET end_seq = {next}, ended = $1 WHERE id = $2 RETURNING end_seq"
    ))
    .bind(at)
    .bind(id)
    .fetch_one(&mut **tx)
    .await?;
    Ok(seq)
}

/// Inserts a new game's row.
pub(super) async fn insert_game(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    g: &GameRow,
) -> Result<()> {
    sqlx::query(&format!(
        "INSERT INTO games ({GAME_COLUMNS}) VALUES \
         ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
         $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29)"
    ))
    .bind(&g.id)
    .bind(&g.game)
    .bind(&g.variant)
    .bind(g.first)
    .bind(&g.seats[0].kind)
    .bind(g.seats[0].level)
    .bind(&g.seats[0].token)
    .bind(&g.seats[1].kind)
    .bind(g.seats[1].level)
    .bind(&g.seats[1].token)
    .bind(&g.declared)
    .bind(g.draw_offer)
    .bind(g.ply)
    .bind(&g.result)
    .bind(g.version)
    .bind(g.created)
    .bind(g.updated)
    .bind(g.chain.rematch_offer)
    .bind(&g.chain.next_game)
    .bind(&g.chain.prev_game)
    .bind(g.chain.match_game)
    .bind(g.clock.map(|c| c.control.to_string()))
    .bind(g.clock.map(|c| c.left[0]))
    .bind(g.clock.map(|c| c.left[1]))
    .bind(g.clock.and_then(|c| c.deadline))
    .bind(&g.rated)
    .bind(g.takeback_offer)
    .bind(i64::from(g.vacation.forbidden))
    .bind(i64::from(g.vacation.paused))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Who sits in a seat, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// `human`, `link` or `ai`.
    pub kind: String,
    /// The computer's level.
    pub level: Option<i64>,
    /// The seat's secret (human seats).
    pub token: Option<String>,
}

/// A game's row: everything but its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game's id (in its links).
    pub id: String,
    /// The game's name, as the registry names it.
    pub game: String,
    /// The variant's text.
    pub variant: String,
    /// The seat that moved first.
    pub first: i64,
    /// Seats 0 and 1.
    pub seats: [SeatRow; 2],
    /// A result from outside the board (`w0:resign`...).
    pub declared: Option<String>,
    /// The seat offering a draw.
    pub draw_offer: Option<i64>,
    /// The seat offering to take back its last turn (a game between
    /// people; lapses when anyone moves).
    pub takeback_offer: Option<i64>,
    /// Plies played.
    pub ply: i64,
    /// The result, for lists (`w0:goal`, `d:move-cap`).
    pub result: Option<String>,
    /// Bumped by every change.
    pub version: i64,
    /// Created, ms since 1970.
    pub created: i64,
    /// Last changed, ms since 1970.
    pub updated: i64,
    /// The games before and after this one, and its rematch offer.
    pub chain: Chain,
    /// The game's clocks, if it is timed (live or correspondence).
    pub clock: Option<Clock>,
    /// The rating pool of a rated game, chosen and stored when the game is
    /// created and never changed; `None` for a casual game.
    pub rated: Option<String>,
    /// What the game holds of its players' vacations (#49).
    pub vacation: Vacation,
}

/// What a game holds of its players' vacations (issue #49; see
/// docs/rulings.md, "Vacation and the time bank").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Vacation {
    /// Vacation may not stop this game's clock (chosen when the game was
    /// created, by its challenge or tournament; never changed).
    pub forbidden: bool,
    /// The running clock is stopped: the seat to move is on vacation, with
    /// the time it has left in the clock's `left` (the deadline is none).
    pub paused: bool,
}

/// How a game links to the games before and after it: its rematch and the
/// two-game match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chain {
    /// The seat offering a rematch (a finished game between two people).
    pub rematch_offer: Option<i64>,
    /// The game that follows this one: its rematch, or the match's second
    /// game.
    pub next_game: Option<String>,
    /// The game this one follows.
    pub prev_game: Option<String>,
    /// The game's number in a two-game match (1 or 2); `None` outside one.
    pub match_game: Option<i64>,
}

/// The games' storage.
#[derive(Clone, Debug)]
pub struct Store {
    db: Db,
    /// The queue of the group committer (see [`commit_groups`]).
    changes: mpsc::Sender<Change>,
}

/// What a change did, once its group committed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Committed {
    /// Written.
    Done,
    /// Written, and it ended the game: the end's sequence number.
    Ended(i64),
    /// Not written: the stored game had changed meanwhile (another request
    /// or process changed it first).
    Stale,
}

/// What a change does to a game's end.
#[derive(Clone, Debug, Default)]
pub enum EndWrite {
    /// Nothing (the game goes on, or had ended already).
    #[default]
    Keep,
    /// It ends the game: the end is numbered, and the other processes are
    /// told of this event (its `seq` filled in).
    Ends(Box<GameEnded>),
    /// It takes the end back (an undo after the end).
    Reopens,
}

/// The most changes one transaction takes.
const MAX_GROUP: usize = 256;

/// A write waiting for the next group commit.
enum Write {
    /// A new game.
    Create(GameRow),
    /// A change to a game (see [`Store::save`]).
    Save {
        row: GameRow,
        keep: i64,
        /// Whether stored moves from `keep` on must go (an undo).
        truncate: bool,
        added: Vec<String>,
        /// A game created with the change (the one that follows it).
        next: Option<Box<GameRow>>,
        /// What it does to the game's end.
        end: EndWrite,
        /// A notice for the other processes (PostgreSQL), sent in the
        /// same transaction: the event bus's payload of a [`crate::events::Turn`].
        told: Option<String>,
    },
}

/// A write and where its answer goes: what it did (see
/// [`commit_group`]), once its group has committed.
struct Change {
    write: Write,
    done: oneshot::Sender<Result<Committed>>,
    /// When it was handed to the committer.
    queued: Instant,
}

/// The shortest wait for a connection a group is given, however long its
/// changes have waited in the queue.
const LAST_WAIT: std::time::Duration = std::time::Duration::from_millis(100);

/// The PostgreSQL advisory lock that orders the numbering of games' ends.
const END_LOCK: i64 = 0x0074_6162_6c65_726f; // "tablero"

impl Change {
    /// Whether the change ends a game.
    fn ends(&self) -> bool {
        matches!(
            &self.write,
            Write::Save {
                end: EndWrite::Ends(_),
                ..
            }
        )
    }

    /// Answers the change's sender.
    fn answer(self, result: Result<Committed>) {
        let _ = self.done.send(result);
    }
}

const GAME_COLUMNS: &str = "id, game, variant, first_seat, seat0_kind, seat0_level, seat0_token, \
     seat1_kind, seat1_level, seat1_token, declared, draw_offer, ply, result, version, created, updated, \
     rematch_offer, next_game, prev_game, match_game, clock, time0, time1, deadline, rated, takeback_offer, \
     no_vacation, paused";

fn game_row(r: &AnyRow) -> Result<GameRow> {
    Ok(GameRow {
        id: r.try_get(0)?,
        game: r.try_get(1)?,
        variant: r.try_get(2)?,
        first: r.try_get(3)?,
        seats: [
            SeatRow {
                kind: r.try_get(4)?,
                level: r.try_get(5)?,
                token: r.try_get(6)?,
            },
            SeatRow {
                kind: r.try_get(7)?,
                level: r.try_get(8)?,
                token: r.try_get(9)?,
            },
        ],
        declared: r.try_get(10)?,
        draw_offer: r.try_get(11)?,
        ply: r.try_get(12)?,
        result: r.try_get(13)?,
        version: r.try_get(14)?,
        created: r.try_get(15)?,
        updated: r.try_get(16)?,
        chain: Chain {
            rematch_offer: r.try_get(17)?,
            next_game: r.try_get(18)?,
            prev_game: r.try_get(19)?,
            match_game: r.try_get(20)?,
        },
        clock: clock_of(r)?,
        rated: r.try_get(25)?,
        takeback_offer: r.try_get(26)?,
        vacation: Vacation {
            forbidden: r.try_get::<i64, _>(27)? != 0,
            paused: r.try_get::<i64, _>(28)? != 0,
        },
    })
}

/// The clocks in columns 21 to 24 of a game's row.
fn clock_of(r: &AnyRow) -> Result<Option<Clock>> {
    let Some(control) = r.try_get::<Option<String>, _>(21)? else {
        return Ok(None);
    };
    let control: TimeControl = control
        .parse()
        .map_err(|e: tablero_core::Message| db::Fault::new(format!("stored clock: {e}")))?;
    let full = Clock::new(control);
    Ok(Some(Clock {
        control,
        left: [
            r.try_get::<Option<i64>, _>(22)?.unwrap_or(full.left[0]),
            r.try_get::<Option<i64>, _>(23)?.unwrap_or(full.left[1]),
        ],
        deadline: r.try_get(24)?,
    }))
}

impl Store {
    /// The games' storage in `db`, its committer started (it stops when
    /// the last handle is dropped); `bus` marks the events it sends to the
    /// other processes.
    #[must_use]
    pub fn new(db: Db, bus: Arc<Bus>) -> Store {
        let (changes, queue) = mpsc::channel(4 * MAX_GROUP);
        tokio::spawn(commit_groups(
            db.pool().clone(),
            db.is_postgres(),
            bus,
            queue,
        ));
        Store { db, changes }
    }

    /// The database.
    #[must_use]
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// A transaction of its own, outside the group committer (a new game
    /// created with its seats bound to accounts in the same commit).
    ///
    /// # Errors
    /// On database errors.
    pub async fn begin(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>> {
        Ok(self.db.pool().begin().await?)
    }

    /// Stores a new game (with no moves), in the next group commit.
    ///
    /// # Errors
    /// On database errors (a duplicate id among them).
    pub async fn create_game(&self, g: &GameRow) -> Result<()> {
        self.submit(Write::Create(g.clone())).await.map(drop)
    }

    /// Hands `write` to the group committer and waits for its answer.
    async fn submit(&self, write: Write) -> Result<Committed> {
        let stopped = || db::Fault::new("the store's committer has stopped");
        let (done, answer) = oneshot::channel();
        self.changes
            .send(Change {
                write,
                done,
                queued: Instant::now(),
            })
            .await
            .map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }

    /// A game's row and its moves in order, if it exists.
    ///
    /// # Errors
    /// On database errors.
    pub async fn load_game(&self, id: &str) -> Result<Option<(GameRow, Vec<String>)>> {
        let Some(row) = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id)
            .fetch_optional(self.db.pool())
            .await?
        else {
            return Ok(None);
        };
        let game = game_row(&row)?;
        let moves = sqlx::query("SELECT notation FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(id)
            .fetch_all(self.db.pool())
            .await?
            .iter()
            .map(|r| r.try_get::<String, _>(0))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some((game, moves)))
    }

    /// A game's version as stored now.
    ///
    /// # Errors
    /// On database errors.
    pub async fn version(&self, id: &str) -> Result<Option<i64>> {
        Ok(sqlx::query("SELECT version FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(self.db.pool())
            .await?
            .map(|r| r.try_get(0))
            .transpose()?)
    }

    /// Saves a change in the next group commit and answers once that has
    /// committed (see [`commit_groups`]): the row `g` (whose `version` is
    /// the new one) replaces the stored row if that still has version
    /// `g.version - 1`; moves from ply `keep` on are replaced by `added`.
    /// Returns `false`, changing nothing, when the stored version differs
    /// (another request or process changed the game first).
    ///
    /// # Errors
    /// On database errors.
    pub async fn save(&self, g: &GameRow, keep: usize, added: &[String]) -> Result<bool> {
        let done = self
            .save_with(g, (keep, usize::MAX), added, None, EndWrite::Keep, None)
            .await?;
        Ok(done != Committed::Stale)
    }

    /// Like [`Store::save`], and creates the game `next` in the same
    /// transaction when the change applies (a rematch, a match's second
    /// game): both are written or neither; `end` says what the change does
    /// to the game's end (see [`EndWrite`]). `(keep, had)`: the moves kept
    /// and how many were stored before (nothing is deleted when they are
    /// all kept). `told`: an event payload the other processes hear once
    /// it commits (PostgreSQL).
    ///
    /// # Errors
    /// On database errors (a duplicate id among them).
    pub async fn save_with(
        &self,
        g: &GameRow,
        (keep, had): (usize, usize),
        added: &[String],
        next: Option<&GameRow>,
        end: EndWrite,
        told: Option<String>,
    ) -> Result<Committed> {
        self.submit(Write::Save {
            row: g.clone(),
            keep: i64::try_from(keep)?,
            truncate: keep < had,
            added: added.to_vec(),
            next: next.map(|n| Box::new(n.clone())),
            end,
            told,
        })
        .await
    }

    /// The games whose running clock has reached zero at `now` (at most
    /// `limit`): their flag has fallen, whoever has noticed it yet.
    ///
    /// # Errors
    /// On database errors.
    pub async fn flag_due(&self, now: i64, limit: i64) -> Result<Vec<String>> {
        sqlx::query(
            "SELECT id FROM games WHERE deadline IS NOT NULL AND deadline <= $1 \
             ORDER BY deadline LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(self.db.pool())
        .await?
        .iter()
        .map(|r| Ok(r.try_get(0)?))
        .collect()
    }

    /// The earliest deadline of any running clock.
    ///
    /// # Errors
    /// On database errors.
    pub async fn next_deadline(&self) -> Result<Option<i64>> {
        Ok(
            sqlx::query("SELECT MIN(deadline) FROM games WHERE deadline IS NOT NULL")
                .fetch_one(self.db.pool())
                .await?
                .try_get(0)?,
        )
    }

    /// The games not over, between two people (no computer seat), changed
    /// since `since` (ms since 1970), newest change first, at most `limit`:
    /// the games being played now (issue #44's live games page).
    ///
    /// # Errors
    /// On database errors.
    pub async fn live(&self, since: i64, limit: i64) -> Result<Vec<GameRow>> {
        sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE result IS NULL AND updated >= $1 \
             AND seat0_kind <> 'ai' AND seat1_kind <> 'ai' ORDER BY updated DESC LIMIT $2"
        ))
        .bind(since)
        .bind(limit)
        .fetch_all(self.db.pool())
        .await?
        .iter()
        .map(game_row)
        .collect()
    }

    /// The games where one of `tokens` holds a seat, newest change first.
    ///
    /// # Errors
    /// On database errors.
    pub async fn games_for_tokens(&self, tokens: &[String], limit: i64) -> Result<Vec<GameRow>> {
        let mut out: Vec<GameRow> = Vec::new();
        for t in tokens {
            let rows = sqlx::query(&format!(
                "SELECT {GAME_COLUMNS} FROM games WHERE seat0_token = $1 OR seat1_token = $1"
            ))
            .bind(t)
            .fetch_all(self.db.pool())
            .await?;
            for r in &rows {
                let g = game_row(r)?;
                if !out.iter().any(|o| o.id == g.id) {
                    out.push(g);
                }
            }
        }
        out.sort_by_key(|g| std::cmp::Reverse(g.updated));
        out.truncate(usize::try_from(limit).unwrap_or(0));
        Ok(out)
    }

    /// The seats that `tokens` hold, as `(game, seat, token)`: in game
    /// `only` where it is given, else in any game.
    ///
    /// # Errors
    /// On database errors.
    pub async fn seats_of_tokens(
        &self,
        tokens: &[String],
        only: Option<&str>,
    ) -> Result<Vec<(String, usize, String)>> {
        let mut out = Vec::new();
        for t in tokens {
            let rows = match only {
                Some(game) => sqlx::query(
                    "SELECT id, seat0_token FROM games \
                     WHERE (seat0_token = $1 OR seat1_token = $1) AND id = $2",
                )
                .bind(t)
                .bind(game),
                None => sqlx::query(
                    "SELECT id, seat0_token FROM games WHERE seat0_token = $1 OR seat1_token = $1",
                )
                .bind(t),
            }
            .fetch_all(self.db.pool())
            .await?;
            for r in rows {
                let seat0: Option<String> = r.try_get(1)?;
                let seat = usize::from(seat0.as_ref() != Some(t));
                out.push((r.try_get(0)?, seat, t.clone()));
            }
        }
        Ok(out)
    }
}
