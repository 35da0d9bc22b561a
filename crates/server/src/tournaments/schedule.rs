//! Site tournaments (issue #45): `tablero serve --tournaments FILE` reads
//! a schedule (JSON, docs/deploy.md "Site tournaments"), e.g. a weekly
//! arena per game, and every process's ticker makes each slot's
//! tournament once, a while before it starts ([`Slot::ahead_hours`]): the
//! slot's key (`KEY:START`, the start in ms) is the tournament's unique
//! `schedule_key`, so of several processes one makes it, and a restart
//! makes nothing twice.

use super::{NewTournament, TournamentError, Tournaments};
use serde::Deserialize;

/// The account name site tournaments are shown as made by.
pub const SITE: &str = "tablero";

/// A schedule: its slots.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Schedule {
    /// The recurring tournaments.
    pub tournaments: Vec<Slot>,
}

/// A recurring tournament.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Slot {
    /// Its name in the schedule (letters, digits, `-`, `_`): one
    /// tournament per key and start.
    pub key: String,
    /// `day` or `week`.
    pub every: String,
    /// A weekly slot's day: `mon` ... `sun`.
    #[serde(default)]
    pub weekday: Option<String>,
    /// Its start, `HH:MM` UTC.
    pub at: String,
    /// How long before its start the tournament is made (and listed), in
    /// hours (default 24; at most 720).
    #[serde(default)]
    pub ahead_hours: Option<i64>,
    /// The tournament, as `POST /api/tournaments` takes it (`starts_in`
    /// is the schedule's).
    pub tournament: NewTournament,
}

const DAY_MS: i64 = 24 * 3600 * 1000;
const WEEKDAYS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

impl Slot {
    /// The slot's offset in its period (ms from Monday 00:00 UTC for a
    /// weekly slot, from 00:00 UTC for a daily one) and the period.
    fn offset(&self) -> Result<(i64, i64), String> {
        let (h, m) = self
            .at
            .split_once(':')
            .and_then(|(h, m)| Some((h.parse::<i64>().ok()?, m.parse::<i64>().ok()?)))
            .filter(|(h, m)| (0..24).contains(h) && (0..60).contains(m))
            .ok_or_else(|| format!("{}: `at` must be HH:MM (UTC), not {:?}", self.key, self.at))?;
        let time = (h * 60 + m) * 60 * 1000;
        match (self.every.as_str(), self.weekday.as_deref()) {
            ("day", None) => Ok((time, DAY_MS)),
            ("week", Some(d)) => {
                let day = WEEKDAYS.iter().position(|w| *w == d).ok_or_else(|| {
                    format!(
                        "{}: `weekday` must be one of {}",
                        self.key,
                        WEEKDAYS.join(", ")
                    )
                })?;
                Ok((i64::try_from(day).unwrap_or(0) * DAY_MS + time, 7 * DAY_MS))
            }
            ("week", None) => Err(format!("{}: a weekly slot needs `weekday`", self.key)),
            ("day", Some(_)) => Err(format!("{}: a daily slot takes no `weekday`", self.key)),
            (other, _) => Err(format!(
                "{}: `every` must be day or week, not {other:?}",
                self.key
            )),
        }
    }

    /// The first start of this slot at or after `now` (ms since 1970).
    ///
    /// # Errors
    /// A bad `every`, `weekday` or `at`.
    pub fn next_start(&self, now: i64) -> Result<i64, String> {
        let (offset, period) = self.offset()?;
        // 1970-01-01 was a Thursday: Monday 00:00 UTC is 4 days later.
        let origin = if period == DAY_MS { 0 } else { 4 * DAY_MS };
        let base = origin + offset;
        let k = (now - base).div_euclid(period) + i64::from((now - base).rem_euclid(period) != 0);
        Ok(base + k * period)
    }

    fn ahead_ms(&self) -> i64 {
        self.ahead_hours.unwrap_or(24) * 3600 * 1000
    }
}

impl Schedule {
    /// Reads a schedule from its JSON text, checking every slot's times
    /// (the tournaments themselves are checked when made).
    ///
    /// # Errors
    /// Text that does not read, a bad key, time or advance, two slots with
    /// one key.
    pub fn parse(text: &str) -> Result<Schedule, String> {
        let s: Schedule = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let mut keys = std::collections::HashSet::new();
        for slot in &s.tournaments {
            let good = !slot.key.is_empty()
                && slot.key.len() <= 60
                && slot
                    .key
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            if !good {
                return Err(format!("bad key {:?}: letters, digits, - and _", slot.key));
            }
            if !keys.insert(slot.key.clone()) {
                return Err(format!("two slots named {:?}", slot.key));
            }
            slot.offset()?;
            if !(0..=720).contains(&slot.ahead_hours.unwrap_or(24)) {
                return Err(format!("{}: `ahead_hours` must be 0 to 720", slot.key));
            }
        }
        Ok(s)
    }
}

impl Tournaments {
    /// Makes, at `now`, each slot's next tournament due within its
    /// advance, once (whichever process gets there: its `schedule_key` is
    /// unique); answers how many this call made. A slot whose tournament
    /// cannot be made (a bad game or clock) is logged and skipped.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn schedule_due(
        &self,
        schedule: &Schedule,
        now: i64,
    ) -> Result<usize, TournamentError> {
        let mut made = 0;
        for slot in &schedule.tournaments {
            let Ok(start) = slot.next_start(now) else {
                continue;
            };
            if start - now > slot.ahead_ms() {
                continue;
            }
            let key = format!("{}:{start}", slot.key);
            if super::store::by_schedule_key(&self.db, &key)
                .await?
                .is_some()
            {
                continue;
            }
            let starts_in = (start - now) / 1000;
            let req = NewTournament {
                starts_in: Some(starts_in),
                ..slot.tournament.clone()
            };
            // Made "at" the start less the whole seconds: it starts on time.
            match self
                .make_at(
                    (SITE, SITE),
                    &req,
                    start - starts_in * 1000,
                    Some(key.clone()),
                )
                .await
            {
                Ok(Some(t)) => {
                    tracing::info!(tournament = %t.id, %key, "site tournament made");
                    made += 1;
                }
                Ok(None) => {}
                Err(TournamentError::Internal(f)) => return Err(TournamentError::Internal(f)),
                Err(e) => tracing::error!(%key, "site tournament not made: {e}"),
            }
        }
        Ok(made)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slot(every: &str, weekday: Option<&str>, at: &str) -> Slot {
        serde_json::from_value(serde_json::json!({
            "key": "k", "every": every, "weekday": weekday, "at": at,
            "tournament": {"kind": "arena", "game": "jarmo", "clock": "3+2"}
        }))
        .unwrap()
    }

    #[test]
    fn a_slot_s_next_start_is_its_day_and_time_in_utc() {
        // 2026-12-06 is a Sunday; 22:00 UTC is 1796594400000.
        let now = 1_796_594_400_000;
        let sat = slot("week", Some("sat"), "18:00").next_start(now).unwrap();
        assert_eq!(
            sat,
            now + 6 * DAY_MS - 4 * 3600 * 1000,
            "next Saturday 18:00"
        );
        let sun = slot("week", Some("sun"), "22:00").next_start(now).unwrap();
        assert_eq!(sun, now, "a start now is now");
        let daily = slot("day", None, "06:30").next_start(now).unwrap();
        assert_eq!(daily, now + 8 * 3600 * 1000 + 30 * 60 * 1000);
        assert!(slot("week", None, "18:00").next_start(now).is_err());
        assert!(slot("week", Some("sat"), "25:00").next_start(now).is_err());
        assert!(slot("hour", None, "18:00").next_start(now).is_err());
    }
}
