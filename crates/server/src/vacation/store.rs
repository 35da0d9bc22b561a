//! The vacation concern's table, `vacations`: each account's calendar
//! year (UTC) of counted days, the whole days used in it, and its current
//! or announced time away. Every change is one statement (a compare and
//! set where two processes may race), so no two processes take the same
//! day twice.

use crate::db::{Db, Result};
use sqlx::Row;
use tablero_ai::clock::DAY_MS;

/// An account's vacation as stored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VacationRow {
    /// The calendar year its `used` days count in.
    pub year: i64,
    /// Whole days used that year.
    pub used: i64,
    /// Its time away, current or announced (from, until; ms since 1970).
    pub away: Option<(i64, i64)>,
    /// The start was applied to its games (their clocks stopped).
    pub started: bool,
    /// The time away was taken by the time bank, not announced.
    pub auto: bool,
}

/// The calendar year (UTC) of the instant `ms` (ms since 1970): the
/// civil-from-days conversion (H. Hinnant's `civil_from_days`).
#[must_use]
pub fn year_of(ms: i64) -> i64 {
    let z = ms.div_euclid(DAY_MS) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    yoe + era * 400 + i64::from(month <= 2)
}

/// `account`'s vacation, its days counted afresh in `year` if they were
/// counted in an earlier one.
///
/// # Errors
/// Storage failures.
pub async fn read(db: &Db, account: &str, year: i64) -> Result<VacationRow> {
    sqlx::query(
        "INSERT INTO vacations (account, year, used) VALUES ($1, $2, 0) \
         ON CONFLICT (account) DO UPDATE SET year = excluded.year, used = 0 \
         WHERE vacations.year < excluded.year",
    )
    .bind(account)
    .bind(year)
    .execute(db.pool())
    .await?;
    let r = sqlx::query(
        "SELECT year, used, away_from, away_until, started, auto FROM vacations \
         WHERE account = $1",
    )
    .bind(account)
    .fetch_one(db.pool())
    .await?;
    let from: Option<i64> = r.try_get(2)?;
    let until: Option<i64> = r.try_get(3)?;
    Ok(VacationRow {
        year: r.try_get(0)?,
        used: r.try_get(1)?,
        away: from.zip(until),
        started: r.try_get::<i64, _>(4)? != 0,
        auto: r.try_get::<i64, _>(5)? != 0,
    })
}

/// `account` goes away from `from` until `until`, `days` more days used
/// in `year` (at most `most` in all), if it has no time away that lasts
/// past `from` (one that ended and was not yet cleared is replaced).
/// Answers whether it was stored.
///
/// # Errors
/// Storage failures.
#[allow(clippy::too_many_arguments)]
pub async fn go_away(
    db: &Db,
    account: &str,
    year: i64,
    (from, until): (i64, i64),
    days: i64,
    most: i64,
    auto: bool,
) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE vacations SET used = used + $1, away_from = $2, away_until = $3, started = 0, \
         auto = $4 WHERE account = $5 AND year = $6 AND used + $1 <= $7 \
         AND (away_until IS NULL OR away_until <= $2)",
    )
    .bind(days)
    .bind(from)
    .bind(until)
    .bind(i64::from(auto))
    .bind(account)
    .bind(year)
    .bind(most)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// `account` comes back from the time away `away` (if it is still the
/// stored one), `refund` days given back. Answers whether it was.
///
/// # Errors
/// Storage failures.
pub async fn come_back(db: &Db, account: &str, away: (i64, i64), refund: i64) -> Result<bool> {
    // The larger of two numbers: SQLite's MAX, PostgreSQL's GREATEST.
    let larger = if db.is_postgres() { "GREATEST" } else { "MAX" };
    let done = sqlx::query(&format!(
        "UPDATE vacations SET used = {larger}(used - $1, 0), away_from = NULL, \
         away_until = NULL, started = 0, auto = 0 \
         WHERE account = $2 AND away_from = $3 AND away_until = $4"
    ))
    .bind(refund)
    .bind(account)
    .bind(away.0)
    .bind(away.1)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// `account`'s time away `away` (if it is still the stored one) ends at
/// `until` instead, `refund` days given back. Answers whether it did.
///
/// # Errors
/// Storage failures.
pub async fn shorten(
    db: &Db,
    account: &str,
    away: (i64, i64),
    until: i64,
    refund: i64,
) -> Result<bool> {
    let larger = if db.is_postgres() { "GREATEST" } else { "MAX" };
    let done = sqlx::query(&format!(
        "UPDATE vacations SET used = {larger}(used - $1, 0), away_until = $2 \
         WHERE account = $3 AND away_from = $4 AND away_until = $5"
    ))
    .bind(refund)
    .bind(until)
    .bind(account)
    .bind(away.0)
    .bind(away.1)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks the start of `account`'s time away `away` as applied.
///
/// # Errors
/// Storage failures.
pub async fn mark_started(db: &Db, account: &str, away: (i64, i64)) -> Result<()> {
    sqlx::query(
        "UPDATE vacations SET started = 1 WHERE account = $1 AND away_from = $2 \
         AND away_until = $3",
    )
    .bind(account)
    .bind(away.0)
    .bind(away.1)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The accounts whose time away began and was not applied yet, or ended
/// at `now` (at most `limit`), with it.
///
/// # Errors
/// Storage failures.
pub async fn due(db: &Db, now: i64, limit: i64) -> Result<Vec<(String, (i64, i64))>> {
    let rows = sqlx::query(
        "SELECT account, away_from, away_until FROM vacations WHERE away_until IS NOT NULL \
         AND (away_until <= $1 OR (started = 0 AND away_from <= $1)) ORDER BY away_until LIMIT $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(db.pool())
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get(0)?, (r.try_get(1)?, r.try_get(2)?))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::year_of;

    #[test]
    fn the_calendar_year_turns_at_midnight_utc() {
        assert_eq!(year_of(0), 1970);
        // 2026-12-31T23:59:59.999Z and 2027-01-01T00:00:00Z.
        assert_eq!(year_of(1_798_761_599_999), 2026);
        assert_eq!(year_of(1_798_761_600_000), 2027);
        // 2024-02-29 (a leap day) and 2000-01-01.
        assert_eq!(year_of(1_709_164_800_000), 2024);
        assert_eq!(year_of(946_684_800_000), 2000);
    }
}
