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
//! dates) are kept as they are. The moves are a move list (see
//! [`crate::movelist`]) and may span lines.

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
        Ok(Record {
            start,
            moves: h.moves().to_vec(),
            result,
            tags,
        })
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
/// (a win for either side), an agreed draw or a claim by the side to move
/// (a win), each with its plain score. Whether a claim is proved is the
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
