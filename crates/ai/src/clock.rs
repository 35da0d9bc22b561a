//! Game clocks: a time control (live, base + Fischer increment; or
//! correspondence, days per move) and the arithmetic of a game's two
//! clocks, kept as each side's time left at the start of its turn and the
//! deadline of the side to move. Nothing here counts down: whoever keeps
//! the clock (the server, the terminal) stores the deadline and compares
//! it with its own time, so a restart loses and gives no time.
//!
//! Times are milliseconds; `now` is any millisecond count that only goes
//! forward (the server uses milliseconds since 1970).
//!
//! ```
//! use tablero_ai::clock::{Clock, TimeControl};
//! let mut c = Clock::new("1+2".parse::<TimeControl>().unwrap());
//! c.moved(0, 1_000, Some(1)); // the first move starts the clocks
//! assert_eq!(c.deadline, Some(61_000));
//! c.moved(1, 11_000, Some(0)); // 10 s thought, 2 s back
//! assert_eq!(c.left, [60_000, 52_000]);
//! assert!(c.flagged(71_000) && !c.flagged(70_999));
//! ```

use std::fmt;
use std::str::FromStr;
use std::time::Duration;
use tablero_core::{id, Message};

/// A day, in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

/// How a game is timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// A live clock: `base_ms` for the game, `inc_ms` added after each of
    /// a side's moves (Fischer).
    Live {
        /// The time each side starts with.
        base_ms: i64,
        /// The time added after each move.
        inc_ms: i64,
    },
    /// Correspondence: each move must be made within this many days of the
    /// one before.
    Days(u32),
}

/// The live controls offered by name (minutes + seconds).
pub const LIVE: [&str; 5] = ["1+0", "3+2", "5+3", "10+5", "15+10"];

/// The correspondence controls offered (days per move).
pub const DAYS: [u32; 6] = [1, 2, 3, 5, 7, 14];

/// The most minutes a custom live control may start with.
pub const MAX_MINUTES: u32 = 180;
/// The largest increment, in seconds.
pub const MAX_INCREMENT: u32 = 180;

impl TimeControl {
    /// Whether this is a correspondence control.
    #[must_use]
    pub fn is_days(self) -> bool {
        matches!(self, TimeControl::Days(_))
    }

    /// The time each side has at the start.
    #[must_use]
    pub fn base_ms(self) -> i64 {
        match self {
            TimeControl::Live { base_ms, .. } => base_ms,
            TimeControl::Days(d) => i64::from(d) * DAY_MS,
        }
    }

    /// The time a move adds (live controls only).
    #[must_use]
    pub fn inc_ms(self) -> i64 {
        match self {
            TimeControl::Live { inc_ms, .. } => inc_ms,
            TimeControl::Days(_) => 0,
        }
    }
}

/// `5+3` (minutes + seconds; the minutes may be `0.5`, `0.25` or `0.75`),
/// `3d` for correspondence.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Live { base_ms, inc_ms } => {
                let quarters = base_ms / 15_000;
                if quarters % 4 == 0 {
                    write!(f, "{}+{}", quarters / 4, inc_ms / 1000)
                } else {
                    let m = quarters as f64 / 4.0;
                    write!(f, "{m}+{}", inc_ms / 1000)
                }
            }
            TimeControl::Days(d) => write!(f, "{d}d"),
        }
    }
}

fn bad_control(text: &str) -> Message {
    Message::of(id!("clock-bad-control"))
        .text("text", text)
        .num("minutes", MAX_MINUTES)
        .num("seconds", MAX_INCREMENT)
}

impl FromStr for TimeControl {
    type Err = Message;
    fn from_str(text: &str) -> Result<TimeControl, Message> {
        let s = text.trim();
        if let Some(d) = s.strip_suffix('d') {
            return match d.parse::<u32>() {
                Ok(d) if DAYS.contains(&d) => Ok(TimeControl::Days(d)),
                _ => Err(bad_control(text)),
            };
        }
        let (m, i) = s.split_once('+').ok_or_else(|| bad_control(text))?;
        let quarters = match m.trim() {
            "0.25" | "¼" => 1,
            "0.5" | "½" => 2,
            "0.75" | "¾" => 3,
            whole => match whole.parse::<u32>() {
                Ok(n) if (1..=MAX_MINUTES).contains(&n) => i64::from(n) * 4,
                _ => return Err(bad_control(text)),
            },
        };
        let inc = match i.trim().parse::<u32>() {
            Ok(n) if n <= MAX_INCREMENT => i64::from(n),
            _ => return Err(bad_control(text)),
        };
        Ok(TimeControl::Live {
            base_ms: quarters * 15_000,
            inc_ms: inc * 1000,
        })
    }
}

/// A game's two clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The control.
    pub control: TimeControl,
    /// Each seat's time left: for the seat to move, as it was when its turn
    /// began (what is left now is `deadline - now`).
    pub left: [i64; 2],
    /// When the seat to move runs out of time; `None` while the clocks are
    /// stopped (before the first move, after the end).
    pub deadline: Option<i64>,
}

impl Clock {
    /// Both clocks full, stopped.
    #[must_use]
    pub fn new(control: TimeControl) -> Clock {
        let base = control.base_ms();
        Clock {
            control,
            left: [base, base],
            deadline: None,
        }
    }

    /// Whether the clocks run.
    #[must_use]
    pub fn running(&self) -> bool {
        self.deadline.is_some()
    }

    /// What `seat` has left at `now` (`to_move`: the seat whose clock
    /// runs, if any), never below zero.
    #[must_use]
    pub fn remaining(&self, seat: usize, to_move: Option<usize>, now: i64) -> i64 {
        match (self.deadline, to_move) {
            (Some(d), Some(s)) if s == seat => (d - now).max(0),
            _ => self.left[seat],
        }
    }

    /// Whether the running clock has reached zero at `now`.
    #[must_use]
    pub fn flagged(&self, now: i64) -> bool {
        self.deadline.is_some_and(|d| now >= d)
    }

    /// `mover` has moved at `now` (before the deadline: check
    /// [`flagged`](Clock::flagged) first); `next` is the seat to move now,
    /// `None` when the move ended the game. The first move of the game
    /// starts the clocks and costs nothing; after that the mover keeps what
    /// it had left plus the increment (live), or the full days again
    /// (correspondence), and the next seat's clock starts.
    ///
    /// A move after which the same seat moves again (a turn of several
    /// moves) changes nothing: the turn's deadline stands.
    pub fn moved(&mut self, mover: usize, now: i64, next: Option<usize>) {
        if next == Some(mover) {
            return;
        }
        if let Some(d) = self.deadline {
            self.left[mover] = match self.control {
                TimeControl::Live { inc_ms, .. } => (d - now).max(0) + inc_ms,
                TimeControl::Days(_) => self.control.base_ms(),
            };
        }
        self.deadline = next.map(|s| now + self.left[s]);
    }

    /// Stops the clocks at `now` (the game ended other than by a move: a
    /// resignation, an agreed draw), keeping what `to_move` had left.
    pub fn stop(&mut self, to_move: Option<usize>, now: i64) {
        if let Some(s) = to_move {
            self.left[s] = self.remaining(s, Some(s), now);
        }
        self.deadline = None;
    }

    /// The flag of `to_move` has fallen: its time is zero, the clocks stop.
    pub fn flag(&mut self, to_move: usize) {
        self.left[to_move] = 0;
        self.deadline = None;
    }
}

/// How long the computer may think on a clock with `left` ms and an
/// increment of `inc` ms: a twentieth of its time plus most of its
/// increment, never all of it (at least 10 ms, at most `left` less 50 ms);
/// a correspondence clock gives no hurry (`None`: the level's own budget).
#[must_use]
pub fn think_time(left: i64, inc: i64) -> Duration {
    let left = u64::try_from(left).unwrap_or(0);
    let inc = u64::try_from(inc).unwrap_or(0);
    let ms = (left / 20)
        .saturating_add(inc.saturating_mul(3) / 4)
        .min(left.saturating_sub(50))
        .max(10);
    Duration::from_millis(ms)
}

/// The computer's think time for seat `seat` on `clock`: `None` for a
/// correspondence clock (the level's own budget then).
#[must_use]
pub fn think_time_on(clock: &Clock, seat: usize, now: i64) -> Option<Duration> {
    if clock.control.is_days() {
        return None;
    }
    Some(think_time(
        clock.remaining(seat, Some(seat), now),
        clock.control.inc_ms(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_read_and_write_back() {
        for text in [
            "1+0", "3+2", "5+3", "10+5", "15+10", "0.5+1", "180+180", "3d", "14d",
        ] {
            let c: TimeControl = text.parse().unwrap();
            assert_eq!(c.to_string(), text);
        }
        assert_eq!("0.25+0".parse::<TimeControl>().unwrap().base_ms(), 15_000);
        assert_eq!("2d".parse::<TimeControl>().unwrap().base_ms(), 2 * DAY_MS);
        for bad in [
            "", "5", "5+", "+3", "0+0", "181+0", "5+181", "4d", "0d", "x+1", "-1+2", "1.5+0",
        ] {
            let e = bad.parse::<TimeControl>().unwrap_err();
            assert_eq!(e.id(), "clock-bad-control", "{bad}");
        }
    }

    #[test]
    fn the_first_move_starts_the_clocks_and_costs_nothing() {
        let mut c = Clock::new("5+3".parse().unwrap());
        assert!(!c.running());
        c.moved(0, 50_000, Some(1));
        assert_eq!(c.left, [300_000, 300_000]);
        assert_eq!(c.deadline, Some(350_000));
        assert_eq!(c.remaining(1, Some(1), 100_000), 250_000);
        assert_eq!(c.remaining(0, Some(1), 100_000), 300_000);
    }

    #[test]
    fn a_move_keeps_the_time_left_plus_the_increment() {
        let mut c = Clock::new("1+2".parse().unwrap());
        c.moved(0, 0, Some(1));
        c.moved(1, 20_000, Some(0));
        assert_eq!(c.left[1], 42_000);
        assert_eq!(c.deadline, Some(80_000));
        c.moved(0, 79_999, Some(1));
        assert_eq!(c.left[0], 2_001);
        assert_eq!(c.deadline, Some(79_999 + 42_000));
    }

    #[test]
    fn a_turn_of_several_moves_keeps_its_deadline() {
        let mut c = Clock::new("1+5".parse().unwrap());
        c.moved(0, 0, Some(1));
        c.moved(1, 1000, Some(1));
        assert_eq!(c.deadline, Some(60_000));
        assert_eq!(c.left[1], 60_000);
        c.moved(1, 2000, Some(0));
        assert_eq!(c.left[1], 63_000);
    }

    #[test]
    fn correspondence_resets_the_days_at_every_move() {
        let mut c = Clock::new(TimeControl::Days(3));
        c.moved(0, 0, Some(1));
        c.moved(1, 2 * DAY_MS, Some(0));
        assert_eq!(c.left, [3 * DAY_MS; 2]);
        assert_eq!(c.deadline, Some(5 * DAY_MS));
        assert_eq!(think_time_on(&c, 0, 0), None);
    }

    #[test]
    fn the_end_stops_the_clocks() {
        let mut c = Clock::new("3+0".parse().unwrap());
        c.moved(0, 0, Some(1));
        c.stop(Some(1), 30_000);
        assert_eq!(c.left, [180_000, 150_000]);
        assert!(!c.running() && !c.flagged(i64::MAX));
        let mut c = Clock::new("3+0".parse().unwrap());
        c.moved(0, 0, Some(1));
        c.moved(1, 1000, None);
        assert_eq!(c.deadline, None);
        assert_eq!(c.left[1], 179_000);
        let mut f = Clock::new("1+0".parse().unwrap());
        f.moved(0, 0, Some(1));
        assert!(f.flagged(60_000));
        f.flag(1);
        assert_eq!(f.left, [60_000, 0]);
        assert!(!f.running());
    }

    #[test]
    fn the_computer_never_spends_its_whole_clock() {
        assert_eq!(think_time(60_000, 1000), Duration::from_millis(3750));
        assert_eq!(think_time(1000, 0), Duration::from_millis(50));
        assert_eq!(think_time(40, 0), Duration::from_millis(10));
    }
}
