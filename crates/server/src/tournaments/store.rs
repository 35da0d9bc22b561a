//! The tournaments' tables (`tournaments`, `tournament_entries`,
//! `tournament_pairings`, migration `0025_tournaments.sql`).

use crate::db::{Db, Result};
use sqlx::any::AnyRow;
use sqlx::Row;

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    /// Its id (in the routes).
    pub id: String,
    /// `arena`, `swiss` or `round_robin`.
    pub kind: String,
    /// Its name.
    pub name: String,
    /// The game's name.
    pub game: String,
    /// The variant's text.
    pub variant: String,
    /// The time control, none for untimed games.
    pub clock: Option<String>,
    /// Whether its games are rated.
    pub rated: bool,
    /// Private: listed to nobody, joined with its link.
    pub private: bool,
    /// A private tournament's link secret.
    pub link: Option<String>,
    /// When it starts, ms since 1970.
    pub starts_at: i64,
    /// An arena's length, ms.
    pub duration_ms: Option<i64>,
    /// A Swiss's rounds; a round-robin's once started.
    pub rounds: i64,
    /// A round-robin's cycles.
    pub cycles: i64,
    /// The most players.
    pub max_players: i64,
    /// Whether bot accounts may join.
    pub allow_bots: bool,
    /// The creating account's id (none of a site tournament: `site`).
    pub creator: String,
    /// Its name when it was made.
    pub creator_name: String,
    /// `upcoming`, `running`, `finished`.
    pub state: String,
    /// The round counter: the last round paired (0: none yet).
    pub round: i64,
    /// When the last round was paired.
    pub round_started: Option<i64>,
    /// Made, ms since 1970.
    pub created: i64,
    /// When it finished.
    pub finished: Option<i64>,
    /// A site tournament's key in the schedule (one per slot).
    pub schedule_key: Option<String>,
    /// A league's series: its first edition's id (none for other kinds).
    pub league: Option<String>,
    /// A league's edition, from 1.
    pub edition: i64,
    /// Whether a league's players were told of their groups.
    pub announced: bool,
}

const COLUMNS: &str = "id, kind, name, game, variant, clock, rated, private, link, starts_at, \
     duration_ms, rounds, cycles, max_players, allow_bots, creator, creator_name, state, round, \
     round_started, created, finished, schedule_key, league, edition, announced";

fn tournament(r: &AnyRow) -> Result<TournamentRow> {
    Ok(TournamentRow {
        id: r.try_get(0)?,
        kind: r.try_get(1)?,
        name: r.try_get(2)?,
        game: r.try_get(3)?,
        variant: r.try_get(4)?,
        clock: r.try_get(5)?,
        rated: r.try_get::<i64, _>(6)? != 0,
        private: r.try_get::<i64, _>(7)? != 0,
        link: r.try_get(8)?,
        starts_at: r.try_get(9)?,
        duration_ms: r.try_get(10)?,
        rounds: r.try_get(11)?,
        cycles: r.try_get(12)?,
        max_players: r.try_get(13)?,
        allow_bots: r.try_get::<i64, _>(14)? != 0,
        creator: r.try_get(15)?,
        creator_name: r.try_get(16)?,
        state: r.try_get(17)?,
        round: r.try_get(18)?,
        round_started: r.try_get(19)?,
        created: r.try_get(20)?,
        finished: r.try_get(21)?,
        schedule_key: r.try_get(22)?,
        league: r.try_get(23)?,
        edition: r.try_get(24)?,
        announced: r.try_get::<i64, _>(25)? != 0,
    })
}

/// Stores a new tournament; false when its schedule key is taken (a site
/// tournament another process made first).
pub async fn insert(db: &Db, t: &TournamentRow) -> Result<bool> {
    let sql = insert_sql("ON CONFLICT (schedule_key) DO NOTHING");
    let done = bind_row(sqlx::query(&sql), t).execute(db.pool()).await?;
    Ok(done.rows_affected() == 1)
}

/// The statement that stores a tournament, ending with `tail`.
fn insert_sql(tail: &str) -> String {
    format!(
        "INSERT INTO tournaments ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, \
         $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26) {tail}"
    )
}

type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

/// `q` with `t`'s columns bound, in [`COLUMNS`]' order.
fn bind_row<'q>(q: AnyQuery<'q>, t: &'q TournamentRow) -> AnyQuery<'q> {
    q.bind(&t.id)
        .bind(&t.kind)
        .bind(&t.name)
        .bind(&t.game)
        .bind(&t.variant)
        .bind(&t.clock)
        .bind(i64::from(t.rated))
        .bind(i64::from(t.private))
        .bind(&t.link)
        .bind(t.starts_at)
        .bind(t.duration_ms)
        .bind(t.rounds)
        .bind(t.cycles)
        .bind(t.max_players)
        .bind(i64::from(t.allow_bots))
        .bind(&t.creator)
        .bind(&t.creator_name)
        .bind(&t.state)
        .bind(t.round)
        .bind(t.round_started)
        .bind(t.created)
        .bind(t.finished)
        .bind(&t.schedule_key)
        .bind(&t.league)
        .bind(t.edition)
        .bind(i64::from(t.announced))
}

/// The tournament `id`.
pub async fn get(db: &Db, id: &str) -> Result<Option<TournamentRow>> {
    sqlx::query(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1"))
        .bind(id)
        .fetch_optional(db.pool())
        .await?
        .as_ref()
        .map(tournament)
        .transpose()
}

/// The public tournaments in `state`, soonest first for the upcoming and
/// running, latest first for the finished (at most `limit`).
pub async fn listed(db: &Db, state: &str, limit: i64) -> Result<Vec<TournamentRow>> {
    let order = if state == "finished" {
        "finished DESC"
    } else {
        "starts_at"
    };
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM tournaments WHERE state = $1 AND private = 0 \
         ORDER BY {order}, id LIMIT $2"
    ))
    .bind(state)
    .bind(limit)
    .fetch_all(db.pool())
    .await?
    .iter()
    .map(tournament)
    .collect()
}

/// The tournaments the ticker looks at: running, or upcoming and due at
/// `now`.
pub async fn due(db: &Db, now: i64) -> Result<Vec<TournamentRow>> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM tournaments WHERE state = 'running' \
         OR (state = 'upcoming' AND starts_at <= $1) ORDER BY starts_at, id"
    ))
    .bind(now)
    .fetch_all(db.pool())
    .await?
    .iter()
    .map(tournament)
    .collect()
}

/// Starts the upcoming tournament `id` with `rounds` rounds, its
/// players numbered as `numbers` says (account, number); whether it did
/// (compare and set: of two processes, one starts it).
pub async fn start(db: &Db, id: &str, rounds: i64, numbers: &[(String, i64)]) -> Result<bool> {
    let mut tx = db.pool().begin().await?;
    let done = sqlx::query(
        "UPDATE tournaments SET state = 'running', rounds = $1 WHERE id = $2 AND state = 'upcoming'",
    )
    .bind(rounds)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    // Numbered twice: first out of the way, so no two rows share one.
    sqlx::query("UPDATE tournament_entries SET number = -1 - number WHERE tournament = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    for (account, number) in numbers {
        sqlx::query(
            "UPDATE tournament_entries SET number = $1 WHERE tournament = $2 AND account = $3",
        )
        .bind(number)
        .bind(id)
        .bind(account)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// Finishes the upcoming tournament `id` at `now`, which cannot start
/// (not one another process started meanwhile); whether it did.
pub async fn cancel(db: &Db, id: &str, now: i64) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE tournaments SET state = 'finished', finished = $1 \
         WHERE id = $2 AND state = 'upcoming'",
    )
    .bind(now)
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Ends the running tournament `id` at `now`; whether it did.
pub async fn finish(db: &Db, id: &str, now: i64) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE tournaments SET state = 'finished', finished = $1 \
         WHERE id = $2 AND state = 'running'",
    )
    .bind(now)
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// An entry as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryRow {
    /// The account's id.
    pub account: String,
    /// Its name when it joined.
    pub name: String,
    /// Its rating when it joined.
    pub rating: i64,
    /// Its pairing number.
    pub number: i64,
    /// `in`, `paused`, `withdrawn`.
    pub state: String,
    /// When it joined.
    pub joined: i64,
    /// A league's division it plays in (none: a new entrant, the lowest).
    pub division: Option<i64>,
    /// A league's group, once the edition started (1: the top).
    pub grp: Option<i64>,
}

/// The entries of tournament `id`, by pairing number.
pub async fn entries(db: &Db, id: &str) -> Result<Vec<EntryRow>> {
    sqlx::query(
        "SELECT account, name, rating, number, state, joined, division, grp \
         FROM tournament_entries \
         WHERE tournament = $1 ORDER BY number, account",
    )
    .bind(id)
    .fetch_all(db.pool())
    .await?
    .iter()
    .map(|r| {
        Ok(EntryRow {
            account: r.try_get(0)?,
            name: r.try_get(1)?,
            rating: r.try_get(2)?,
            number: r.try_get(3)?,
            state: r.try_get(4)?,
            joined: r.try_get(5)?,
            division: r.try_get(6)?,
            grp: r.try_get(7)?,
        })
    })
    .collect()
}

/// Enters `account` in tournament `id` (or back in, if it withdrew), the
/// next pairing number given to a new entry; whether it is in now.
pub async fn join(
    db: &Db,
    id: &str,
    account: &str,
    name: &str,
    rating: i64,
    now: i64,
) -> Result<bool> {
    // Back in; one numbered out when its tournament started (it had
    // withdrawn) takes the next number.
    let back = sqlx::query(
        "UPDATE tournament_entries SET state = 'in', number = CASE WHEN number >= 0 THEN number \
         ELSE (SELECT COALESCE(MAX(e.number), -1) + 1 FROM tournament_entries e \
         WHERE e.tournament = $1) END WHERE tournament = $1 AND account = $2",
    )
    .bind(id)
    .bind(account)
    .execute(db.pool())
    .await?;
    if back.rows_affected() == 1 {
        return Ok(true);
    }
    let done = sqlx::query(
        "INSERT INTO tournament_entries (tournament, account, name, rating, number, state, joined) \
         SELECT $1, $2, $3, $4, COALESCE(MAX(number), -1) + 1, 'in', $5 \
         FROM tournament_entries WHERE tournament = $1 \
         ON CONFLICT (tournament, account) DO NOTHING",
    )
    .bind(id)
    .bind(account)
    .bind(name)
    .bind(rating)
    .bind(now)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Sets `account`'s entry in tournament `id` to `state`; whether it has
/// one.
pub async fn set_entry(db: &Db, id: &str, account: &str, state: &str) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE tournament_entries SET state = $1 WHERE tournament = $2 AND account = $3",
    )
    .bind(state)
    .bind(id)
    .bind(account)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A pairing as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingRow {
    /// The tournament's id.
    pub tournament: String,
    /// The round (an arena's pairing batch).
    pub round: i64,
    /// The board, from 1.
    pub board: i64,
    /// The account on seat 0 (moves first).
    pub first: String,
    /// The account on seat 1; none for a bye.
    pub second: Option<String>,
    /// The game's id (none for a bye).
    pub game: Option<String>,
    /// Whether the game is made.
    pub made: bool,
    /// Seat 0's token.
    pub first_token: Option<String>,
    /// Seat 1's token.
    pub second_token: Option<String>,
    /// `1-0`, `0-1`, `1/2`, `+-`, `-+`, `--`, `bye`; none while played.
    pub result: Option<String>,
    /// Seat 0's points.
    pub first_points: Option<i64>,
    /// Seat 1's points.
    pub second_points: Option<i64>,
    /// When it was paired.
    pub paired: i64,
    /// When its game ended.
    pub ended: Option<i64>,
}

const PAIRING: &str = "tournament, round, board, first, second, game, made, first_token, \
     second_token, result, first_points, second_points, paired, ended";

fn pairing(r: &AnyRow) -> Result<PairingRow> {
    Ok(PairingRow {
        tournament: r.try_get(0)?,
        round: r.try_get(1)?,
        board: r.try_get(2)?,
        first: r.try_get(3)?,
        second: r.try_get(4)?,
        game: r.try_get(5)?,
        made: r.try_get::<i64, _>(6)? != 0,
        first_token: r.try_get(7)?,
        second_token: r.try_get(8)?,
        result: r.try_get(9)?,
        first_points: r.try_get(10)?,
        second_points: r.try_get(11)?,
        paired: r.try_get(12)?,
        ended: r.try_get(13)?,
    })
}

/// Pairs round `expected + 1` of tournament `id`: moves its round counter
/// from `expected` and writes `pairings` in one transaction; whether it
/// did (of two processes pairing the same round, one does; the other
/// writes nothing).
pub async fn pair_round(
    db: &Db,
    id: &str,
    expected: i64,
    pairings: &[PairingRow],
    now: i64,
) -> Result<bool> {
    let mut tx = db.pool().begin().await?;
    let done = sqlx::query(
        "UPDATE tournaments SET round = round + 1, round_started = $1 \
         WHERE id = $2 AND round = $3 AND state = 'running'",
    )
    .bind(now)
    .bind(id)
    .bind(expected)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    for p in pairings {
        insert_pairing(&mut tx, p).await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// Writes pairing `p`.
async fn insert_pairing(c: &mut sqlx::AnyConnection, p: &PairingRow) -> Result<()> {
    sqlx::query(&format!(
        "INSERT INTO tournament_pairings ({PAIRING}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, \
         $9, $10, $11, $12, $13, $14)"
    ))
    .bind(&p.tournament)
    .bind(p.round)
    .bind(p.board)
    .bind(&p.first)
    .bind(&p.second)
    .bind(&p.game)
    .bind(i64::from(p.made))
    .bind(&p.first_token)
    .bind(&p.second_token)
    .bind(&p.result)
    .bind(p.first_points)
    .bind(p.second_points)
    .bind(p.paired)
    .bind(p.ended)
    .execute(c)
    .await?;
    Ok(())
}

/// The pairings of tournament `id`, by round and board.
pub async fn pairings(db: &Db, id: &str) -> Result<Vec<PairingRow>> {
    sqlx::query(&format!(
        "SELECT {PAIRING} FROM tournament_pairings WHERE tournament = $1 ORDER BY round, board"
    ))
    .bind(id)
    .fetch_all(db.pool())
    .await?
    .iter()
    .map(pairing)
    .collect()
}

/// The pairing whose game is `game`.
pub async fn by_game(db: &Db, game: &str) -> Result<Option<PairingRow>> {
    sqlx::query(&format!(
        "SELECT {PAIRING} FROM tournament_pairings WHERE game = $1"
    ))
    .bind(game)
    .fetch_optional(db.pool())
    .await?
    .as_ref()
    .map(pairing)
    .transpose()
}

/// The pairings with a game and no result yet, of every tournament:
/// games to make (`made` false) and games being played.
pub async fn open(db: &Db) -> Result<Vec<PairingRow>> {
    sqlx::query(&format!(
        "SELECT {PAIRING} FROM tournament_pairings WHERE result IS NULL AND game IS NOT NULL \
         ORDER BY paired, tournament, round, board"
    ))
    .fetch_all(db.pool())
    .await?
    .iter()
    .map(pairing)
    .collect()
}

/// Marks the game of `game`'s pairing made, with its seats' tokens.
pub async fn made(db: &Db, game: &str, first: &str, second: &str) -> Result<()> {
    sqlx::query(
        "UPDATE tournament_pairings SET made = 1, first_token = $1, second_token = $2 \
         WHERE game = $3",
    )
    .bind(first)
    .bind(second)
    .bind(game)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Records the result of `game`'s pairing, once: whether this call did.
pub async fn set_result(
    db: &Db,
    game: &str,
    result: &str,
    points: (i64, i64),
    now: i64,
) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE tournament_pairings SET result = $1, first_points = $2, second_points = $3, \
         ended = $4, made = 1 WHERE game = $5 AND result IS NULL",
    )
    .bind(result)
    .bind(points.0)
    .bind(points.1)
    .bind(now)
    .bind(game)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Pairs the groups of the league edition `id`: moves its round counter
/// from 0 to 1, writes `pairings` (every game of every group) and each
/// player's group (`groups`: account, group) in one transaction; whether
/// it did (of two processes, one does).
pub async fn pair_league(
    db: &Db,
    id: &str,
    pairings: &[PairingRow],
    groups: &[(String, i64)],
    now: i64,
) -> Result<bool> {
    let mut tx = db.pool().begin().await?;
    let done = sqlx::query(
        "UPDATE tournaments SET round = 1, round_started = $1 \
         WHERE id = $2 AND round = 0 AND state = 'running'",
    )
    .bind(now)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    for p in pairings {
        insert_pairing(&mut tx, p).await?;
    }
    for (account, group) in groups {
        sqlx::query(
            "UPDATE tournament_entries SET grp = $1 WHERE tournament = $2 AND account = $3",
        )
        .bind(group)
        .bind(id)
        .bind(account)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// An entry carried to a league's next edition: account, name, rating,
/// and the division it plays in (none: the lowest).
pub type Carried = (String, String, i64, Option<i64>);

/// Finishes the league edition `id` at `now` and writes its next edition
/// `next` with `entries`, in one transaction; whether it did (compare and
/// set of the edition's state: of two processes, one does).
pub async fn next_edition(
    db: &Db,
    id: &str,
    next: &TournamentRow,
    entries: &[Carried],
    now: i64,
) -> Result<bool> {
    let mut tx = db.pool().begin().await?;
    let done = sqlx::query(
        "UPDATE tournaments SET state = 'finished', finished = $1 \
         WHERE id = $2 AND state = 'running'",
    )
    .bind(now)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    let sql = insert_sql("");
    bind_row(sqlx::query(&sql), next).execute(&mut *tx).await?;
    for ((account, name, rating, division), number) in entries.iter().zip(0_i64..) {
        sqlx::query(
            "INSERT INTO tournament_entries \
             (tournament, account, name, rating, number, state, joined, division) \
             VALUES ($1, $2, $3, $4, $5, 'in', $6, $7)",
        )
        .bind(&next.id)
        .bind(account)
        .bind(name)
        .bind(rating)
        .bind(number)
        .bind(now)
        .bind(division)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// The running league editions whose players were not yet told of their
/// groups.
pub async fn unannounced(db: &Db) -> Result<Vec<TournamentRow>> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM tournaments WHERE kind = 'league' AND state = 'running' \
         AND round >= 1 AND announced = 0 ORDER BY starts_at, id"
    ))
    .fetch_all(db.pool())
    .await?
    .iter()
    .map(tournament)
    .collect()
}

/// Marks league edition `id` announced; whether this call did (compare
/// and set: one process tells the players).
pub async fn announce(db: &Db, id: &str) -> Result<bool> {
    let done = sqlx::query("UPDATE tournaments SET announced = 1 WHERE id = $1 AND announced = 0")
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Edition `edition` of the league series `league`.
pub async fn edition(db: &Db, league: &str, edition: i64) -> Result<Option<TournamentRow>> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM tournaments WHERE league = $1 AND edition = $2"
    ))
    .bind(league)
    .bind(edition)
    .fetch_optional(db.pool())
    .await?
    .as_ref()
    .map(tournament)
    .transpose()
}

/// The tournament of a site schedule's slot `key`, if made.
pub async fn by_schedule_key(db: &Db, key: &str) -> Result<Option<TournamentRow>> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM tournaments WHERE schedule_key = $1"
    ))
    .bind(key)
    .fetch_optional(db.pool())
    .await?
    .as_ref()
    .map(tournament)
    .transpose()
}
