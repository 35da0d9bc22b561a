//! Profiles read the tables of the accounts, games and ratings concerns
//! (read only, one query per list, never one per game): an account's
//! games with the other seat's account and the rating change, their
//! counts by result, and a pool's leaderboard. The players concern has no
//! table of its own.

use super::{whole, Change, Counts, Filter, GameItem, Leader, Opponent, Outcome};
use crate::db::{Db, Result};
use sqlx::any::AnyRow;
use sqlx::Row;
use tablero_glicko::PROVISIONAL_RD;

/// The SQL condition on `g.result` and `s.seat` (the player's seat) of a
/// result from the player's view.
fn condition(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => {
            "((s.seat = 0 AND g.result LIKE 'w0:%') OR (s.seat = 1 AND g.result LIKE 'w1:%'))"
        }
        Outcome::Loss => {
            "((s.seat = 0 AND g.result LIKE 'w1:%') OR (s.seat = 1 AND g.result LIKE 'w0:%'))"
        }
        Outcome::Draw => "g.result LIKE 'd:%'",
        Outcome::Aborted => "g.result LIKE 'x:%'",
        Outcome::Playing => "g.result IS NULL",
    }
}

/// The columns and joins of a player's games: the account's lowest seat of
/// each game (`s`), the other seat's account (`os`, `oa`), the player's
/// rating change (`rc`).
const GAMES_FROM: &str = "SELECT g.id, g.game, g.variant, s.seat, \
     g.seat0_kind, g.seat0_level, g.seat1_kind, g.seat1_level, \
     g.result, g.rated, g.ply, g.created, g.updated, \
     oa.name, oa.deleted, os.account, \
     rc.before_rating, rc.before_deviation, rc.after_rating, rc.after_deviation, oa.private \
     FROM account_seats s JOIN games g ON g.id = s.game_id \
     LEFT JOIN account_seats os ON os.game_id = s.game_id AND os.seat <> s.seat \
     LEFT JOIN accounts oa ON oa.id = os.account \
     LEFT JOIN rating_changes rc ON rc.game_id = s.game_id AND rc.seat = s.seat \
     WHERE s.account = $1 AND NOT EXISTS (SELECT 1 FROM account_seats x \
     WHERE x.game_id = s.game_id AND x.account = s.account AND x.seat < s.seat)";

/// One row of [`GAMES_FROM`] as a list item of `account`'s, as `viewer`
/// (the session's account) sees it: a private opponent is named only to
/// `account` itself or to that opponent.
fn item(r: &AnyRow, account: &str, viewer: Option<&str>) -> Result<GameItem> {
    let id: String = r.try_get(0)?;
    let seat: i64 = r.try_get(3)?;
    let other = usize::from(seat == 0);
    let kind: String = r.try_get(4 + 2 * other)?;
    let level: Option<i64> = r.try_get(5 + 2 * other)?;
    let code: Option<String> = r.try_get(8)?;
    let other_name: Option<String> = r.try_get(13)?;
    let other_deleted: Option<i64> = r.try_get(14)?;
    let other_account: Option<String> = r.try_get(15)?;
    let other_private = r.try_get::<Option<i64>, _>(20)?.unwrap_or(0) != 0;
    let named = viewer.is_some_and(|v| v == account || Some(v) == other_account.as_deref());
    let opponent = match (other_account.as_deref(), other_name) {
        (Some(a), _) if a == account => Opponent::Itself,
        (Some(_), _) if other_deleted.unwrap_or(0) != 0 => Opponent::Deleted,
        (Some(_), Some(_)) if other_private && !named => Opponent::Private,
        (Some(_), Some(name)) => Opponent::Player { name },
        _ if kind == "ai" => Opponent::Computer {
            level: level.unwrap_or(3),
        },
        _ => Opponent::Anonymous,
    };
    let (outcome, reason) = Outcome::of(code.as_deref(), seat);
    // Against itself a finished game has no result from the player's view.
    let result = (opponent != Opponent::Itself || outcome == Outcome::Playing).then_some(outcome);
    let before: Option<f64> = r.try_get(16)?;
    let rating = match before {
        Some(before) => {
            let bd: f64 = r.try_get(17)?;
            let after: f64 = r.try_get(18)?;
            let ad: f64 = r.try_get(19)?;
            Some(Change {
                before: whole(before),
                after: whole(after),
                before_deviation: whole(bd),
                after_deviation: whole(ad),
            })
        }
        None => None,
    };
    Ok(GameItem {
        url: format!("/play/{id}"),
        id,
        game: r.try_get(1)?,
        variant: r.try_get(2)?,
        seat,
        result,
        opponent,
        reason,
        rated: r.try_get(9)?,
        rating,
        plies: r.try_get(10)?,
        created: r.try_get(11)?,
        updated: r.try_get(12)?,
    })
}

/// `account`'s games that `filter` keeps, newest first, at most `limit`.
///
/// # Errors
/// Storage failures.
pub async fn games(db: &Db, account: &str, filter: &Filter, limit: i64) -> Result<Vec<GameItem>> {
    let mut sql = GAMES_FROM.to_string();
    let mut n = 1;
    let mut next = || {
        n += 1;
        format!("${n}")
    };
    if filter.game.is_some() {
        sql += &format!(" AND g.game = {}", next());
    }
    if filter.result.is_none() {
        // Aborted games are listed only when asked for.
        sql += " AND (g.result IS NULL OR g.result NOT LIKE 'x:%')";
    }
    if let Some(r) = filter.result {
        sql += &format!(" AND {}", condition(r));
        if r != Outcome::Playing {
            // A game against oneself has no result from either side.
            sql += " AND (os.account IS NULL OR os.account <> s.account)";
        }
    }
    if filter.opponent.is_some() {
        sql += &format!(" AND oa.deleted = 0 AND oa.name_key = {}", next());
        // A private opponent is found by name only by those it is named to.
        let viewer = filter.viewer.as_deref();
        if viewer != Some(account) {
            sql += &format!(" AND (oa.private = 0 OR oa.id = {})", next());
        }
    }
    if filter.before.is_some() {
        sql += &format!(" AND g.updated < {}", next());
    }
    sql += &format!(" ORDER BY g.updated DESC, g.id DESC LIMIT {}", next());
    let mut q = sqlx::query(&sql).bind(account);
    if let Some(g) = &filter.game {
        q = q.bind(g);
    }
    if let Some(o) = &filter.opponent {
        q = q.bind(o);
        if filter.viewer.as_deref() != Some(account) {
            q = q.bind(filter.viewer.clone().unwrap_or_default());
        }
    }
    if let Some(b) = filter.before {
        q = q.bind(b);
    }
    let rows = q.bind(limit).fetch_all(db.pool()).await?;
    let viewer = filter.viewer.as_deref();
    rows.iter().map(|r| item(r, account, viewer)).collect()
}

/// `account`'s games counted by result.
///
/// # Errors
/// Storage failures.
pub async fn counts(db: &Db, account: &str) -> Result<Counts> {
    let sql = format!(
        "SELECT o, COUNT(*) FROM (SELECT CASE \
         WHEN os.account IS NOT NULL AND os.account = s.account AND g.result IS NOT NULL THEN 'self' \
         WHEN {} THEN 'win' WHEN {} THEN 'loss' WHEN {} THEN 'draw' WHEN {} THEN 'aborted' \
         ELSE 'playing' END AS o \
         FROM account_seats s JOIN games g ON g.id = s.game_id \
         LEFT JOIN account_seats os ON os.game_id = s.game_id AND os.seat <> s.seat \
         WHERE s.account = $1 AND NOT EXISTS (SELECT 1 FROM account_seats x \
         WHERE x.game_id = s.game_id AND x.account = s.account AND x.seat < s.seat)) t \
         GROUP BY o",
        condition(Outcome::Win),
        condition(Outcome::Loss),
        condition(Outcome::Draw),
        condition(Outcome::Aborted),
    );
    let rows = sqlx::query(&sql).bind(account).fetch_all(db.pool()).await?;
    let mut c = Counts::default();
    for r in rows {
        let what: String = r.try_get(0)?;
        let n: i64 = r.try_get(1)?;
        // An aborted game is counted nowhere (docs/rulings.md, "Abort and
        // takeback").
        if what != "aborted" {
            c.games += n;
        }
        match what.as_str() {
            "win" => c.wins += n,
            "loss" => c.losses += n,
            "draw" => c.draws += n,
            "playing" => c.playing += n,
            _ => {}
        }
    }
    Ok(c)
}

/// The best `limit` established ratings of `pool`: no provisional rating,
/// no deleted or private account, and rated games in the pool against at
/// least [`super::BOARD_OPPONENTS`] distinct other accounts (the other
/// seats of its rating changes; the computer counts for none); ties by
/// fewer deviation, then name.
///
/// # Errors
/// Storage failures.
pub async fn leaders(db: &Db, pool: &str, limit: i64) -> Result<Vec<Leader>> {
    let rows = sqlx::query(
        "SELECT a.name, r.rating, r.deviation, r.games FROM ratings r \
         JOIN accounts a ON a.id = r.account \
         WHERE r.pool = $1 AND r.deviation <= $2 AND a.deleted = 0 AND a.private = 0 \
         AND (SELECT COUNT(DISTINCT o.account) FROM rating_changes m \
              JOIN rating_changes o ON o.game_id = m.game_id AND o.seat <> m.seat \
              WHERE m.account = r.account AND m.pool = r.pool \
              AND o.account IS NOT NULL AND o.account <> r.account) >= $4 \
         ORDER BY r.rating DESC, r.deviation ASC, a.name_key ASC LIMIT $3",
    )
    .bind(pool)
    .bind(PROVISIONAL_RD)
    .bind(limit)
    .bind(super::BOARD_OPPONENTS)
    .fetch_all(db.pool())
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        let rating: f64 = r.try_get(1)?;
        let deviation: f64 = r.try_get(2)?;
        out.push(Leader {
            name: r.try_get(0)?,
            rating: whole(rating),
            deviation: whole(deviation),
            games: r.try_get(3)?,
        });
    }
    Ok(out)
}

/// The seats of game `id` held by a live private account.
///
/// # Errors
/// Storage failures.
pub async fn private_seats(db: &Db, id: &str) -> Result<[bool; 2]> {
    let seats: Vec<i64> = sqlx::query_scalar(
        "SELECT s.seat FROM account_seats s JOIN accounts a ON a.id = s.account \
         WHERE s.game_id = $1 AND a.private <> 0 AND a.deleted = 0",
    )
    .bind(id)
    .fetch_all(db.pool())
    .await?;
    Ok([0, 1].map(|i| seats.contains(&i)))
}

/// The ids of the games `account` holds a seat in.
///
/// # Errors
/// Storage failures.
pub async fn games_of(db: &Db, account: &str) -> Result<Vec<String>> {
    Ok(
        sqlx::query_scalar("SELECT DISTINCT game_id FROM account_seats WHERE account = $1")
            .bind(account)
            .fetch_all(db.pool())
            .await?,
    )
}
