//! Jarmo's text forms: position strings
//! (`lllll/5/5/5/ddddd d 0/0 0 -/-`) and moves (`b1-d2`, `b1xd2`,
//! `c2-e3+b1`, `pass`, `pass+b1`).

use super::board::{Orientation, Point};
use super::error::{MoveSyntaxError, PositionError};
use super::{Jarmo, Move, Recent, ARCHERS, QUIET_CAP};
use std::fmt;
use std::str::FromStr;
use tablero_core::fields;
use tablero_core::{Game, Player};

/// Splits `text` (at byte `at`) on `sep`, keeping offsets.
fn split_at(text: &str, at: usize, sep: char) -> Vec<(usize, &str)> {
    let mut off = at;
    text.split(sep)
        .map(|part| {
            let here = off;
            off += part.len() + sep.len_utf8();
            (here, part)
        })
        .collect()
}

impl fmt::Display for Recent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Recent::None => f.write_str("-"),
            Recent::Pass => f.write_str("pass"),
            Recent::Step(a, b) => write!(f, "{a}-{b}"),
        }
    }
}

pub(super) fn format_position(pos: &Jarmo) -> String {
    let mut board = String::new();
    for row in (0..5u8).rev() {
        let mut empty = 0;
        for col in 0..5u8 {
            let pt = Point::new(col, row).expect("on the board");
            let ch = match pos.archer_at(pt) {
                None => {
                    empty += 1;
                    continue;
                }
                Some(Player::P1) => 'd',
                Some(Player::P2) => 'l',
            };
            if empty > 0 {
                board.push(char::from(b'0' + empty));
                empty = 0;
            }
            board.push(if pos.is_marked(pt) {
                ch.to_ascii_uppercase()
            } else {
                ch
            });
        }
        if empty > 0 {
            board.push(char::from(b'0' + empty));
        }
        if row > 0 {
            board.push('/');
        }
    }
    let side = match pos.side_to_move() {
        Player::P1 => 'd',
        Player::P2 => 'l',
    };
    let recent = |p: Player| {
        let items: Vec<String> = pos
            .recent(p)
            .iter()
            .filter(|r| **r != Recent::None)
            .map(ToString::to_string)
            .collect();
        if items.is_empty() {
            "-".to_string()
        } else {
            items.join(",")
        }
    };
    format!(
        "{board} {side} {}/{} {} {}/{}",
        pos.owed(Player::P1),
        pos.owed(Player::P2),
        pos.quiet(),
        recent(Player::P1),
        recent(Player::P2)
    )
}

fn parse_board(text: &str, at: usize) -> Result<([u32; 2], u32), PositionError> {
    let rows = split_at(text, at, '/');
    if rows.len() != 5 {
        return Err(PositionError::RowCount {
            at,
            found: rows.len(),
        });
    }
    let mut archers = [0u32; 2];
    let mut marked = 0u32;
    for (i, &(row_at, row_text)) in rows.iter().enumerate() {
        let row = 4 - i as u8;
        let mut col = 0usize;
        for (off, ch) in row_text.char_indices() {
            let here = row_at + off;
            let (who, mark) = match ch {
                '1'..='5' => {
                    col += ch as usize - '0' as usize;
                    continue;
                }
                'd' => (0, false),
                'D' => (0, true),
                'l' => (1, false),
                'L' => (1, true),
                found => return Err(PositionError::BadChar { at: here, found }),
            };
            if col >= 5 {
                col += 1;
                continue;
            }
            let pt = Point::new(col as u8, row).expect("checked");
            archers[who] |= pt.bit();
            if mark {
                marked |= pt.bit();
            }
            col += 1;
        }
        if col != 5 {
            return Err(PositionError::RowLength {
                at: row_at,
                row: row + 1,
                found: col,
            });
        }
    }
    for (p, colour) in [(0, "dark"), (1, "light")] {
        let found = archers[p].count_ones();
        if found > u32::from(ARCHERS) {
            return Err(PositionError::TooManyArchers { at, colour, found });
        }
    }
    Ok((archers, marked))
}

fn parse_recent(text: &str, at: usize) -> Result<[[Recent; 3]; 2], PositionError> {
    let halves = split_at(text, at, '/');
    if halves.len() != 2 {
        return Err(PositionError::BadRecent {
            at,
            reason: msg!("jarmo-recent-shape", found = text),
        });
    }
    let mut out = [[Recent::None; 3]; 2];
    for (p, &(half_at, half)) in halves.iter().enumerate() {
        if half == "-" {
            continue;
        }
        let items = split_at(half, half_at, ',');
        if items.len() > 3 {
            return Err(PositionError::BadRecent {
                at: items[3].0,
                reason: msg!("jarmo-recent-count"),
            });
        }
        let skip = 3 - items.len();
        for (k, &(item_at, item)) in items.iter().enumerate() {
            out[p][skip + k] = if item == "pass" {
                Recent::Pass
            } else {
                let bad = |reason: tablero_core::Message| PositionError::BadRecent {
                    at: item_at,
                    reason,
                };
                let (a, b) = item
                    .split_once('-')
                    .ok_or_else(|| bad(msg!("jarmo-recent-item", item = item)))?;
                let (Some(pa), Some(pb)) = (Point::parse(a), Point::parse(b)) else {
                    return Err(bad(msg!("jarmo-recent-points", item = item)));
                };
                if !pa.is_joined(pb) {
                    return Err(bad(msg!("jarmo-no-line", from = pa, to = pb)));
                }
                Recent::Step(pa, pb)
            };
        }
    }
    Ok(out)
}

pub(super) fn parse_position(orientation: Orientation, text: &str) -> Result<Jarmo, PositionError> {
    let f = fields(text);
    if f.len() != 5 {
        let at = f.get(5).map_or(text.len(), |x| x.0);
        return Err(PositionError::FieldCount { at, found: f.len() });
    }
    let (board_at, board_text) = f[0];
    let (archers, marked) = parse_board(board_text, board_at)?;
    let (side_at, side_text) = f[1];
    let side = match side_text {
        "d" => Player::P1,
        "l" => Player::P2,
        _ => {
            return Err(PositionError::BadSide {
                at: side_at,
                text: side_text.to_string(),
            })
        }
    };
    let (owed_at, owed_text) = f[2];
    let bad_owed = || PositionError::BadOwed {
        at: owed_at,
        text: owed_text.to_string(),
    };
    let parts = split_at(owed_text, owed_at, '/');
    if parts.len() != 2 {
        return Err(bad_owed());
    }
    let mut owed = [0u8; 2];
    for (p, &(num_at, num)) in parts.iter().enumerate() {
        if num.len() != 1 {
            return Err(bad_owed());
        }
        let n: u8 = num.parse().map_err(|_| bad_owed())?;
        let lost = ARCHERS - archers[p].count_ones() as u8;
        if n > lost {
            return Err(PositionError::OwedTooMany {
                at: num_at,
                colour: if p == 0 { "dark" } else { "light" },
                owed: n,
                lost,
            });
        }
        owed[p] = n;
    }
    let (quiet_at, quiet_text) = f[3];
    let quiet = match quiet_text.parse::<u8>() {
        Ok(q)
            if q <= QUIET_CAP
                && quiet_text.bytes().all(|b| b.is_ascii_digit())
                && (quiet_text == "0" || !quiet_text.starts_with('0')) =>
        {
            q
        }
        _ => {
            return Err(PositionError::BadQuiet {
                at: quiet_at,
                text: quiet_text.to_string(),
            })
        }
    };
    let (recent_at, recent_text) = f[4];
    let recent = parse_recent(recent_text, recent_at)?;
    Ok(Jarmo::from_parts(
        orientation,
        archers,
        marked,
        owed,
        side,
        quiet,
        recent,
    ))
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ret = match self {
            Move::Pass { ret } => {
                f.write_str("pass")?;
                ret
            }
            Move::Step {
                from,
                to,
                capture,
                ret,
            } => {
                write!(f, "{from}{}{to}", if *capture { 'x' } else { '-' })?;
                ret
            }
        };
        match ret {
            Some(r) => write!(f, "+{r}"),
            None => Ok(()),
        }
    }
}

impl FromStr for Move {
    type Err = MoveSyntaxError;

    /// Reads `b1-d2`, `b1xd2`, `pass`, each with an optional `+a1` (spaces
    /// around the text ignored).
    fn from_str(text: &str) -> Result<Move, MoveSyntaxError> {
        let at = text.len() - text.trim_start().len();
        let body = text.trim();
        if body.is_empty() {
            return Err(MoveSyntaxError::Empty);
        }
        let point = |s: &str, off: usize| {
            Point::parse(s).ok_or_else(|| MoveSyntaxError::BadPoint {
                at: off,
                text: s.to_string(),
            })
        };
        let (main, ret) = match body.split_once('+') {
            None => (body, None),
            Some((m, r)) => {
                let r_at = at + m.len() + 1;
                (m, Some(point(r, r_at)?))
            }
        };
        if main == "pass" {
            return Ok(Move::Pass { ret });
        }
        let Some(sep) = main.find(['-', 'x']) else {
            return Err(MoveSyntaxError::Shape { at });
        };
        let capture = main.as_bytes()[sep] == b'x';
        let from = point(&main[..sep], at)?;
        let to = point(&main[sep + 1..], at + sep + 1)?;
        if !from.is_joined(to) {
            return Err(MoveSyntaxError::NotALine { at, from, to });
        }
        Ok(Move::Step {
            from,
            to,
            capture,
            ret,
        })
    }
}
