//! Game records: the variant, the start position, the moves and the result,
//! in a text form with PGN-like tags.
//!
//! ```text
//! [Game "imago"]
//! [Variant "default"]
//! [Position "b2,b5/g2,g5 r 0"]
//! [Result "p1"]
//! [Reason "goal"]
//! [Score "1 0"]
//!
//! b2-c2 g5, g2-f2 b5, ...
//! ```
//! `Result` is `p1`, `p2`, `draw` or `*` (not finished). Other tags (names,
//! events) are kept as they are; two of them are read as PGN writes them:
//! `TimeControl` ([`TimeControlTag`]: `-`, `300+2`, `40/7200:3600`) and
//! `Date` ([`RecordDate`]: `2025.03.01`, `????.??.??` where unknown), and a
//! record whose `TimeControl` or `Date` does not read is refused. The moves
//! are a move list (see [`crate::movelist`]) and may span lines.

use crate::movelist::{play_move_list, MoveListError};
use crate::{Game, History, Localize, Message, Outcome, Player, Points, Reason};
use std::fmt::Write as _;
use tablero_i18n::id;

/// A finished or unfinished game, replayable.
#[derive(Clone, Debug, PartialEq)]
pub struct Record<G: Game> {
    /// The start position (its variant is the record's variant).
    pub start: G,
    /// The moves, in order.
    pub moves: Vec<G::Move>,
    /// The result, if the game ended.
    pub result: Option<Outcome>,
    /// Other tags, in order: names, dates, events.
    pub tags: Vec<(String, String)>,
}

/// Why a record text could not be read; its [`Localize::message`] is a
/// message of `locales/*/games.ftl` (`record-…`), its `Display` the
/// English text.
#[derive(Debug)]
pub enum RecordError {
    /// A tag line is malformed.
    BadTag {
        /// Line number, from 1.
        line: usize,
        /// What is wrong.
        reason: Message,
    },
    /// A required tag is missing.
    MissingTag(&'static str),
    /// The record is of another game.
    WrongGame {
        /// The game named in the record.
        found: String,
        /// The game expected.
        expected: &'static str,
    },
    /// The variant tag does not parse (the game's reason).
    BadVariant(Message),
    /// The position tag does not parse (the game's reason).
    BadPosition(Message),
    /// A move does not parse or is illegal.
    BadMove(MoveListError),
    /// The result tags are inconsistent or malformed.
    BadResult(Message),
    /// A tag whose value is read (`TimeControl`, `Date`) does not read.
    BadValue {
        /// The tag's name.
        tag: &'static str,
        /// What is wrong.
        reason: Message,
    },
}

impl Localize for RecordError {
    fn message(&self) -> Message {
        match self {
            RecordError::BadTag { line, reason } => Message::of(id!("record-bad-tag"))
                .num("line", *line)
                .msg("reason", reason.clone()),
            RecordError::MissingTag(tag) => Message::of(id!("record-missing-tag")).text("tag", tag),
            RecordError::WrongGame { found, expected } => Message::of(id!("record-wrong-game"))
                .text("found", format!("{found:?}"))
                .text("expected", expected),
            RecordError::BadVariant(m) => {
                Message::of(id!("record-bad-variant")).msg("error", m.clone())
            }
            RecordError::BadPosition(m) => {
                Message::of(id!("record-bad-position")).msg("error", m.clone())
            }
            RecordError::BadMove(e) => e.message(),
            RecordError::BadResult(m) => {
                Message::of(id!("record-bad-result")).msg("error", m.clone())
            }
            RecordError::BadValue { tag, reason } => Message::of(id!("record-bad-value"))
                .text("tag", *tag)
                .msg("reason", reason.clone()),
        }
    }
}

impl<G: Game> Record<G> {
    /// A record of a game so far.
    #[must_use]
    pub fn from_history(history: &History<G>) -> Self {
        Record {
            start: history.start().clone(),
            moves: history.moves().to_vec(),
            result: history.outcome(),
            tags: Vec::new(),
        }
    }

    /// Replays the moves from the start and sets the recorded result when it
    /// does not follow from the moves themselves (a claim, a resignation).
    ///
    /// # Errors
    /// The first move that is not legal.
    pub fn replay(&self) -> Result<History<G>, MoveListError> {
        let mut h = History::new(self.start.clone());
        for (i, &mv) in self.moves.iter().enumerate() {
            let text = h.current().format_move(mv);
            h.play(mv).map_err(|error| MoveListError {
                index: i + 1,
                text,
                error,
                legal: h.current().legal_move_strings(),
            })?;
        }
        if let Some(r) = self.result {
            if h.outcome() != Some(r) {
                h.set_result(r);
            }
        }
        Ok(h)
    }

    /// The record as text.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let tag = |s: &mut String, k: &str, v: &str| {
            let _ = writeln!(s, "[{k} \"{}\"]", escape(v));
        };
        tag(&mut s, "Game", G::NAME);
        tag(&mut s, "Variant", &self.start.variant().to_string());
        tag(&mut s, "Position", &self.start.position_string());
        match &self.result {
            None => tag(&mut s, "Result", "*"),
            Some(o) => {
                tag(&mut s, "Result", o.winner_str());
                tag(&mut s, "Reason", o.reason.as_str());
                tag(&mut s, "Score", &o.score_text(" "));
            }
        }
        for (k, v) in &self.tags {
            tag(&mut s, k, v);
        }
        s.push('\n');
        let mut pos = self.start.clone();
        let mut line_len = 0;
        for (i, &mv) in self.moves.iter().enumerate() {
            let text = pos.format_move(mv);
            pos.play_unchecked(mv);
            if i > 0 {
                s.push(',');
                line_len += 1;
                if line_len + text.len() > 78 {
                    s.push('\n');
                    line_len = 0;
                } else {
                    s.push(' ');
                    line_len += 1;
                }
            }
            s.push_str(&text);
            line_len += text.len();
        }
        s.push('\n');
        s
    }

    /// Reads a record.
    ///
    /// # Errors
    /// Says which tag or which move (by number) is wrong.
    pub fn parse(text: &str) -> Result<Self, RecordError> {
        // A byte-order mark, as some editors write it, is not part of the
        // text.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut body_start = text.len();
        let mut offset = 0;
        for (n, line) in text.split_inclusive('\n').enumerate() {
            let trimmed = line.trim();
            if trimmed.starts_with('[') {
                tags.push(parse_tag(trimmed).map_err(|reason| RecordError::BadTag {
                    line: n + 1,
                    reason,
                })?);
            } else if !trimmed.is_empty() {
                body_start = offset;
                break;
            }
            offset += line.len();
        }
        let body = &text[body_start.min(text.len())..];
        let mut take = |name: &'static str| -> Option<String> {
            let i = tags.iter().position(|(k, _)| k == name)?;
            Some(tags.remove(i).1)
        };
        let game = take("Game").ok_or(RecordError::MissingTag("Game"))?;
        if game != G::NAME {
            return Err(RecordError::WrongGame {
                found: game,
                expected: G::NAME,
            });
        }
        let variant: G::Variant = match take("Variant") {
            Some(v) => v
                .parse()
                .map_err(|e: <G::Variant as crate::Variant>::ParseError| {
                    RecordError::BadVariant(e.message())
                })?,
            None => G::Variant::default(),
        };
        let start = match take("Position") {
            Some(p) => G::parse_position(&variant, &p)
                .map_err(|e| RecordError::BadPosition(e.message()))?,
            None => G::start(&variant),
        };
        let result = parse_result(take("Result"), take("Reason"), take("Score"))?;
        let mut h = History::new(start.clone());
        play_move_list(&mut h, body).map_err(RecordError::BadMove)?;
        let result = check_result(&h, result)?;
        let record = Record {
            start,
            moves: h.moves().to_vec(),
            result,
            tags,
        };
        record.time_control()?;
        record.date()?;
        Ok(record)
    }

    /// The value of tag `name` (the first of that name), if the record has
    /// it among its other tags.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` to `value`: in the place of the first tag of that
    /// name, else after the others.
    pub fn set_tag(&mut self, name: &str, value: String) {
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some(slot) => slot.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// The game's time control, from its `TimeControl` tag; `None` without
    /// one.
    ///
    /// # Errors
    /// [`RecordError::BadValue`] when the tag does not read.
    pub fn time_control(&self) -> Result<Option<TimeControlTag>, RecordError> {
        self.tag("TimeControl")
            .map(|v| {
                v.parse().map_err(|reason| RecordError::BadValue {
                    tag: "TimeControl",
                    reason,
                })
            })
            .transpose()
    }

    /// The day the game was played, from its `Date` tag; `None` without
    /// one.
    ///
    /// # Errors
    /// [`RecordError::BadValue`] when the tag does not read.
    pub fn date(&self) -> Result<Option<RecordDate>, RecordError> {
        self.tag("Date")
            .map(|v| {
                v.parse().map_err(|reason| RecordError::BadValue {
                    tag: "Date",
                    reason,
                })
            })
            .transpose()
    }
}

/// A game's time control as PGN's `TimeControl` tag writes it (PGN
/// standard, 9.6.1), in seconds: `-` for a game without a clock, `?` when
/// unknown, else one or more periods separated by `:`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControlTag {
    /// `?`: not known.
    Unknown,
    /// `-`: no clock.
    Untimed,
    /// The periods, in the order they are played.
    Periods(Vec<Period>),
}

/// One period of a [`TimeControlTag`]; times in milliseconds (the tag
/// writes seconds, with up to three decimals).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Period {
    /// `SECONDS` or `SECONDS+INCREMENT`: the rest of the game in that
    /// time, the increment added after each move (Fischer).
    Game {
        /// The time for the period.
        ms: u64,
        /// The time added after each move.
        increment_ms: u64,
    },
    /// `MOVES/SECONDS` (or `MOVES/SECONDS+INCREMENT`): so many moves in
    /// that time. A correspondence game's days per move are `1/259200`
    /// (three days).
    Moves {
        /// The moves of the period.
        moves: u32,
        /// The time for them.
        ms: u64,
        /// The time added after each move.
        increment_ms: u64,
    },
    /// `*SECONDS`: a sandclock.
    Sandclock {
        /// The sand.
        ms: u64,
    },
}

impl std::str::FromStr for TimeControlTag {
    type Err = Message;

    fn from_str(text: &str) -> Result<Self, Message> {
        let bad = || Message::of(id!("record-time-control")).text("text", format!("{text:?}"));
        match text.trim() {
            "?" => return Ok(TimeControlTag::Unknown),
            "-" => return Ok(TimeControlTag::Untimed),
            _ => {}
        }
        let periods = text
            .trim()
            .split(':')
            .map(|p| parse_period(p).ok_or_else(bad))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(TimeControlTag::Periods(periods))
    }
}

/// One period of a `TimeControl` tag (see [`Period`]).
fn parse_period(text: &str) -> Option<Period> {
    if let Some(sand) = text.strip_prefix('*') {
        return Some(Period::Sandclock {
            ms: seconds_ms(sand)?,
        });
    }
    let (moves, rest) = match text.split_once('/') {
        Some((m, rest)) => (Some(m), rest),
        None => (None, text),
    };
    let (time, increment) = match rest.split_once('+') {
        Some((t, i)) => (t, seconds_ms(i)?),
        None => (rest, 0),
    };
    let ms = seconds_ms(time)?;
    match moves {
        None => Some(Period::Game {
            ms,
            increment_ms: increment,
        }),
        Some(m) => {
            let moves: u32 = m
                .parse()
                .ok()
                .filter(|&n| n > 0 && m.bytes().all(|b| b.is_ascii_digit()))?;
            Some(Period::Moves {
                moves,
                ms,
                increment_ms: increment,
            })
        }
    }
}

/// Seconds as PGN writes them (`300`, `0.5`; at most three decimals) in
/// milliseconds.
fn seconds_ms(text: &str) -> Option<u64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 3 {
        return None;
    }
    if text.ends_with('.') {
        return None;
    }
    let ms: u64 = format!("{fraction:0<3}").parse().ok()?;
    whole
        .parse::<u64>()
        .ok()?
        .checked_mul(1000)?
        .checked_add(ms)
}

/// Milliseconds as seconds for the tag: `300`, `0.5`, `2.25`.
fn seconds_text(ms: u64) -> String {
    let (s, rest) = (ms / 1000, ms % 1000);
    if rest == 0 {
        s.to_string()
    } else {
        format!("{s}.{rest:03}").trim_end_matches('0').to_string()
    }
}

impl std::fmt::Display for TimeControlTag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let periods = match self {
            TimeControlTag::Unknown => return f.write_str("?"),
            TimeControlTag::Untimed => return f.write_str("-"),
            TimeControlTag::Periods(p) => p,
        };
        for (i, p) in periods.iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            let inc = |f: &mut std::fmt::Formatter<'_>, ms: u64| {
                if ms > 0 {
                    write!(f, "+{}", seconds_text(ms))
                } else {
                    Ok(())
                }
            };
            match *p {
                Period::Game { ms, increment_ms } => {
                    f.write_str(&seconds_text(ms))?;
                    inc(f, increment_ms)?;
                }
                Period::Moves {
                    moves,
                    ms,
                    increment_ms,
                } => {
                    write!(f, "{moves}/{}", seconds_text(ms))?;
                    inc(f, increment_ms)?;
                }
                Period::Sandclock { ms } => write!(f, "*{}", seconds_text(ms))?,
            }
        }
        Ok(())
    }
}

/// The day a game was played, as PGN's `Date` tag writes it:
/// `YYYY.MM.DD`, each part `?`s when unknown (`2025.??.??`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordDate {
    /// The year.
    pub year: Option<u16>,
    /// The month, 1 to 12.
    pub month: Option<u8>,
    /// The day of the month, from 1.
    pub day: Option<u8>,
}

impl RecordDate {
    /// The day (in UTC) `secs` seconds after 1970-01-01 00:00 UTC.
    #[must_use]
    pub fn from_unix_seconds(secs: i64) -> RecordDate {
        // Howard Hinnant's days-to-civil algorithm (proleptic Gregorian).
        let z = secs.div_euclid(86_400) + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        RecordDate {
            year: u16::try_from(year).ok(),
            month: u8::try_from(month).ok(),
            day: u8::try_from(day).ok(),
        }
    }
}

/// The days of `month` (1-12) in `year` (February's 29th allowed when the
/// year is unknown).
fn days_in(year: Option<u16>, month: u8) -> u8 {
    match month {
        2 => match year {
            Some(y) if !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) => 28,
            _ => 29,
        },
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl std::str::FromStr for RecordDate {
    type Err = Message;

    fn from_str(text: &str) -> Result<Self, Message> {
        let bad = || Message::of(id!("record-date")).text("text", format!("{text:?}"));
        let parts: Vec<&str> = text.trim().split('.').collect();
        let [y, m, d] = parts[..] else {
            return Err(bad());
        };
        let part = |p: &str, width: usize| -> Result<Option<u16>, Message> {
            if p.len() != width {
                return Err(bad());
            }
            if p.bytes().all(|b| b == b'?') {
                return Ok(None);
            }
            if !p.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            p.parse().map(Some).map_err(|_| bad())
        };
        let year = part(y, 4)?;
        let month = part(m, 2)?.map(|m| m as u8);
        let day = part(d, 2)?.map(|d| d as u8);
        if month.is_some_and(|m| !(1..=12).contains(&m)) || day == Some(0) {
            return Err(bad());
        }
        if let Some(d) = day {
            if d > month.map_or(31, |m| days_in(year, m)) {
                return Err(bad());
            }
        }
        Ok(RecordDate { year, month, day })
    }
}

impl std::fmt::Display for RecordDate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.year {
            Some(y) => write!(f, "{y:04}")?,
            None => f.write_str("????")?,
        }
        for part in [self.month, self.day] {
            match part {
                Some(n) => write!(f, ".{n:02}")?,
                None => f.write_str(".??")?,
            }
        }
        Ok(())
    }
}

/// The record's tags for an outcome: `Result "p1", Reason "goal", Score
/// "1 0"`, as the error messages quote them.
fn result_tags(o: &Outcome) -> String {
    format!(
        "Result \"{}\", Reason \"{}\", Score \"{}\"",
        o.winner_str(),
        o.reason.as_str(),
        o.score_text(" ")
    )
}

/// Checks a declared result against the moves of `history` (the moves
/// alone, no result set): a game the rules end must
/// carry the rules' result (winner, reason and score); a game they do not
/// end can only have been ended from outside the board, by a resignation
/// (a win for either side), an agreed draw, a claim by the side to move
/// (a win) or a false claim by it (a loss), each with its plain score.
/// Whether a claim is proved is the
/// solver's business ([`Record::parse`] does not know it). A record marked
/// unfinished (`*`) whose moves end the game keeps the rules' result when
/// replayed.
///
/// # Errors
/// [`RecordError::BadResult`] saying what the record says and what the
/// moves give.
pub fn check_result<G: Game>(
    history: &History<G>,
    declared: Option<Outcome>,
) -> Result<Option<Outcome>, RecordError> {
    let Some(d) = declared else {
        return Ok(None);
    };
    let moves = history.moves().len();
    debug_assert!(history.declared_result().is_none(), "the moves alone");
    match history.outcome() {
        Some(n) if n == d => Ok(Some(d)),
        Some(n) => Err(RecordError::BadResult(
            Message::of(id!("record-result-not-rules"))
                .text("declared", result_tags(&d))
                .num("moves", moves)
                .text("actual", result_tags(&n)),
        )),
        None => {
            let allowed = match d.reason {
                Reason::Resign | Reason::Time | Reason::Forfeit => d.winner.is_some(),
                Reason::Agreed => d.winner.is_none(),
                Reason::Aborted => d.winner.is_none(),
                Reason::Claim => d.winner == Some(history.current().side_to_move()),
                Reason::FalseClaim => d.winner == Some(history.current().side_to_move().other()),
                _ => false,
            };
            if !allowed {
                return Err(RecordError::BadResult(
                    Message::of(id!("record-result-not-over"))
                        .text("declared", result_tags(&d))
                        .num("moves", moves),
                ));
            }
            let plain = match d.winner {
                _ if d.is_aborted() => Outcome::aborted(),
                Some(w) => Outcome::win(w, d.reason),
                None => Outcome::draw(d.reason),
            };
            if d.score != plain.score {
                return Err(RecordError::BadResult(
                    Message::of(id!("record-result-score"))
                        .text("declared", result_tags(&d))
                        .text("score", plain.score_text(" ")),
                ));
            }
            Ok(Some(d))
        }
    }
}

fn parse_result(
    result: Option<String>,
    reason: Option<String>,
    score: Option<String>,
) -> Result<Option<Outcome>, RecordError> {
    let result = result.unwrap_or_else(|| "*".into());
    let winner = match result.as_str() {
        "*" => return Ok(None),
        "p1" => Some(Player::P1),
        "p2" => Some(Player::P2),
        "draw" => None,
        other => {
            return Err(RecordError::BadResult(
                Message::of(id!("record-result-word")).text("result", format!("{other:?}")),
            ))
        }
    };
    let reason =
        reason.ok_or_else(|| RecordError::BadResult(Message::of(id!("record-needs-reason"))))?;
    let reason = Reason::try_from_str(&reason).ok_or_else(|| {
        RecordError::BadResult(
            Message::of(id!("record-unknown-reason")).text("reason", format!("{reason:?}")),
        )
    })?;
    let score = match score {
        None => match winner {
            Some(w) => Outcome::win(w, reason).score,
            None => Outcome::draw(reason).score,
        },
        Some(text) => {
            let parts: Vec<&str> = text.split_whitespace().collect();
            let nums: Vec<Points> = parts.iter().filter_map(|p| p.parse().ok()).collect();
            if parts.len() != 2 || nums.len() != 2 {
                return Err(RecordError::BadResult(
                    Message::of(id!("record-bad-score")).text("score", format!("{text:?}")),
                ));
            }
            [nums[0], nums[1]]
        }
    };
    Ok(Some(Outcome {
        winner,
        score,
        reason,
    }))
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', " ")
}

fn parse_tag(line: &str) -> Result<(String, String), Message> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| Message::of(id!("record-tag-shape")))?;
    let (name, rest) = inner
        .split_once(' ')
        .ok_or_else(|| Message::of(id!("record-tag-parts")))?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(Message::of(id!("record-tag-name")).text("name", format!("{name:?}")));
    }
    let rest = rest.trim();
    let quoted = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| Message::of(id!("record-tag-quotes")))?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | '"')) => value.push(e),
                _ => return Err(Message::of(id!("record-tag-escape"))),
            },
            '"' => return Err(Message::of(id!("record-tag-quote"))),
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_and_write_as_pgn_does() {
        let tc = |t: &str| t.parse::<TimeControlTag>();
        assert_eq!(
            tc("180+2"),
            Ok(TimeControlTag::Periods(vec![Period::Game {
                ms: 180_000,
                increment_ms: 2_000
            }]))
        );
        assert_eq!(tc("-"), Ok(TimeControlTag::Untimed));
        assert_eq!(tc("?"), Ok(TimeControlTag::Unknown));
        for text in [
            "180+2",
            "15",
            "40/7200:3600",
            "40/60+0.6",
            "*180",
            "1/259200",
            "0.5+0.25",
        ] {
            assert_eq!(
                tc(text).map(|t| t.to_string()).as_deref(),
                Ok(text),
                "{text}"
            );
        }
        for bad in [
            "", "3+", "+2", "a+b", "5m", "0/60", "40/", "1.", "1.2345", "3 + 2", ":",
        ] {
            assert!(tc(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            tc("10+x").unwrap_err().id(),
            "record-time-control",
            "the catalogue's reason"
        );
    }

    #[test]
    fn dates_read_and_write_as_pgn_does() {
        let date = |t: &str| t.parse::<RecordDate>();
        assert_eq!(
            date("2025.03.01"),
            Ok(RecordDate {
                year: Some(2025),
                month: Some(3),
                day: Some(1)
            })
        );
        for text in ["2025.03.01", "????.??.??", "2024.02.29", "1999.??.??"] {
            assert_eq!(date(text).map(|d| d.to_string()).as_deref(), Ok(text));
        }
        for bad in [
            "2025.13.01",
            "2025.02.29",
            "2025.04.31",
            "2025.3.1",
            "25.03.01",
            "2025-03-01",
            "2025.03.00",
            "",
        ] {
            assert!(date(bad).is_err(), "{bad:?}");
        }
        // Days from the epoch: its first day, a leap day, the day before it.
        assert_eq!(RecordDate::from_unix_seconds(0).to_string(), "1970.01.01");
        assert_eq!(
            RecordDate::from_unix_seconds(951_782_400).to_string(),
            "2000.02.29"
        );
        assert_eq!(
            RecordDate::from_unix_seconds(1_709_251_199).to_string(),
            "2024.02.29"
        );
        assert_eq!(
            RecordDate::from_unix_seconds(1_740_787_200).to_string(),
            "2025.03.01"
        );
    }

    #[test]
    fn tags_parse_with_escapes() {
        assert_eq!(
            parse_tag(r#"[Red "Ana \"la\" \\ B"]"#),
            Ok(("Red".into(), r#"Ana "la" \ B"#.into()))
        );
        assert!(parse_tag("[Red Ana]").is_err());
        assert!(parse_tag("[Red \"a\"b\"]").is_err());
        assert!(parse_tag("[ \"a\"]").is_err());
    }

    #[test]
    fn results_parse() {
        assert_eq!(parse_result(None, None, None).unwrap(), None);
        let o = parse_result(Some("p2".into()), Some("goal".into()), None)
            .unwrap()
            .unwrap();
        assert_eq!(o, Outcome::win(Player::P2, Reason::Goal));
        let o = parse_result(
            Some("draw".into()),
            Some("move-cap".into()),
            Some("7 7".into()),
        )
        .unwrap()
        .unwrap();
        assert_eq!(o.score, [Points::whole(7); 2]);
        assert!(parse_result(Some("p3".into()), None, None).is_err());
        assert!(parse_result(Some("p1".into()), None, None).is_err());
        assert!(parse_result(Some("p1".into()), Some("goal".into()), Some("1".into())).is_err());
        assert!(
            parse_result(Some("p1".into()), Some("goal".into()), Some("NaN 1".into())).is_err()
        );
    }
}

tablero_i18n::display_by_message!(RecordError);
