//! Linja's text forms: position strings
//! (`6r/1r1b/1r1b/1r1b/1r1b/1r1b/1r1b/6b r 0`), moves (`0-1 3-5`,
//! `2-1 5-2; 1-0 1-0`, `pass`) and rule set names (`publisher`, `seed`).

use super::board::{Pieces, Row, PIECES, ROW_LIMIT};
use super::error::{MoveSyntaxError, PositionError, RulesError};
use super::{Linja, Move, Rules, Step};
use std::fmt;
use std::str::FromStr;
use tablero_core::fields;
use tablero_core::{Game, Player};

pub(super) fn format_position(pos: &Linja) -> String {
    let rows: Vec<String> = Row::ALL
        .iter()
        .map(|&r| {
            let (red, black) = (pos.count(Player::P1, r), pos.count(Player::P2, r));
            match (red, black) {
                (0, 0) => ".".to_string(),
                (r, 0) => format!("{r}r"),
                (0, b) => format!("{b}b"),
                (r, b) => format!("{r}r{b}b"),
            }
        })
        .collect();
    let side = match pos.side_to_move() {
        Player::P1 => 'r',
        Player::P2 => 'b',
    };
    format!("{} {side} {}", rows.join("/"), pos.passes())
}

/// Reads one row: `.`, or `<n>r`, `<n>b`, `<n>r<m>b` with n, m from 1.
fn parse_row(text: &str) -> Option<(u8, u8)> {
    if text == "." {
        return Some((0, 0));
    }
    let mut red = None;
    let mut black = None;
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 2 {
            return None;
        }
        let n: u8 = rest[..digits].parse().ok()?;
        if n == 0 {
            return None;
        }
        let letter = rest[digits..].chars().next()?;
        let slot = match letter {
            'r' if red.is_none() && black.is_none() => &mut red,
            'b' if black.is_none() => &mut black,
            _ => return None,
        };
        *slot = Some(n);
        rest = &rest[digits + 1..];
    }
    Some((red.unwrap_or(0), black.unwrap_or(0)))
}

/// Checks counts by row (index = row number) and builds the position.
/// `offsets`: where rows 0–7 start (0–7), the rows field (8) and the pass
/// counter (9), for the errors.
pub(super) fn validate(
    rules: Rules,
    red: [u8; 8],
    black: [u8; 8],
    side: Player,
    passes: u8,
    offsets: [usize; 10],
) -> Result<Linja, PositionError> {
    for (colour, counts) in [("red", red), ("black", black)] {
        let found: u32 = counts.iter().map(|&c| u32::from(c)).sum();
        if found != PIECES {
            return Err(PositionError::PieceCount {
                at: offsets[8],
                colour,
                found,
            });
        }
    }
    for r in Row::ALL {
        let found = u32::from(red[r.index()]) + u32::from(black[r.index()]);
        if r.is_field() && found > ROW_LIMIT {
            return Err(PositionError::FullRow {
                at: offsets[r.index()],
                row: r,
                found,
            });
        }
    }
    let mut by_progress = [[0u8; 8]; 2];
    for r in Row::ALL {
        by_progress[0][r.progress(Player::P1)] = red[r.index()];
        by_progress[1][r.progress(Player::P2)] = black[r.index()];
    }
    let pos = Linja::from_parts_unchecked(
        rules,
        [
            Pieces::from_counts(by_progress[0]),
            Pieces::from_counts(by_progress[1]),
        ],
        side,
        passes,
    );
    if passes > 2 || (passes > 0 && pos.has_passed()) {
        return Err(PositionError::BadPasses {
            at: offsets[9],
            text: passes.to_string(),
        });
    }
    Ok(pos)
}

pub(super) fn parse_position(rules: Rules, text: &str) -> Result<Linja, PositionError> {
    let f = fields(text);
    if f.len() != 3 {
        let at = f.get(3).map_or(text.len(), |x| x.0);
        return Err(PositionError::FieldCount { at, found: f.len() });
    }
    let (at, rows_text) = f[0];
    let rows: Vec<&str> = rows_text.split('/').collect();
    if rows.len() != Row::NUM {
        return Err(PositionError::RowCount {
            at,
            found: rows.len(),
        });
    }
    let mut offsets = [0usize; 10];
    let mut red = [0u8; 8];
    let mut black = [0u8; 8];
    let mut off = at;
    for (i, row) in rows.iter().enumerate() {
        offsets[i] = off;
        let (r, b) = parse_row(row).ok_or_else(|| PositionError::BadRow {
            at: off,
            text: (*row).to_string(),
        })?;
        if r > 12 || b > 12 {
            return Err(PositionError::BadRow {
                at: off,
                text: (*row).to_string(),
            });
        }
        red[i] = r;
        black[i] = b;
        off += row.len() + 1;
    }
    offsets[8] = at;
    let (side_at, side_text) = f[1];
    let side = match side_text {
        "r" => Player::P1,
        "b" => Player::P2,
        _ => {
            return Err(PositionError::BadSide {
                at: side_at,
                text: side_text.to_string(),
            })
        }
    };
    let (pass_at, pass_text) = f[2];
    offsets[9] = pass_at;
    let passes = match pass_text {
        "0" => 0,
        "1" => 1,
        "2" => 2,
        _ => {
            return Err(PositionError::BadPasses {
                at: pass_at,
                text: pass_text.to_string(),
            })
        }
    };
    validate(rules, red, black, side, passes, offsets)
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let steps = self.steps();
        if steps.is_empty() {
            return f.write_str("pass");
        }
        for (i, s) in steps.iter().enumerate() {
            match i {
                0 => {}
                2 => f.write_str("; ")?,
                _ => f.write_str(" ")?,
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

fn parse_step(text: &str, at: usize) -> Result<Step, MoveSyntaxError> {
    let bad = || MoveSyntaxError::BadStep {
        at,
        text: text.to_string(),
    };
    let b = text.as_bytes();
    if b.len() != 3 || b[1] != b'-' || !b[0].is_ascii_digit() || !b[2].is_ascii_digit() {
        return Err(bad());
    }
    let from = Row::try_index(usize::from(b[0] - b'0')).ok_or_else(bad)?;
    let to = Row::try_index(usize::from(b[2] - b'0')).ok_or_else(bad)?;
    if from == to {
        return Err(bad());
    }
    Ok(Step { from, to })
}

impl FromStr for Move {
    type Err = MoveSyntaxError;

    /// Reads `pass`, `0-1`, `0-1 3-5` or `2-1 5-2; 1-0 1-0` (spaces around
    /// the text and around `;` are ignored).
    fn from_str(text: &str) -> Result<Move, MoveSyntaxError> {
        let (main, extra, semi) = match text.find(';') {
            Some(i) => (&text[..i], Some(&text[i + 1..]), i),
            None => (text, None, text.len()),
        };
        let f = fields(main);
        if f.is_empty() {
            return Err(if extra.is_some() {
                MoveSyntaxError::Shape { at: semi }
            } else {
                MoveSyntaxError::Empty
            });
        }
        if f.len() == 1 && f[0].1 == "pass" {
            return match extra {
                None => Ok(Move::PASS),
                Some(_) => Err(MoveSyntaxError::Shape { at: semi }),
            };
        }
        if f.len() > 2 {
            return Err(MoveSyntaxError::Shape { at: f[2].0 });
        }
        let mut steps: Vec<Step> = Vec::with_capacity(4);
        for &(at, s) in &f {
            steps.push(parse_step(s, at)?);
        }
        if let Some(rest) = extra {
            if steps.len() != 2 {
                return Err(MoveSyntaxError::Shape { at: semi });
            }
            let base = semi + 1;
            let g = fields(rest);
            if g.is_empty() || g.len() > 2 {
                let at = g.get(2).map_or(base + rest.len(), |x| base + x.0);
                return Err(MoveSyntaxError::Shape { at });
            }
            for &(at, s) in &g {
                if s.contains(';') {
                    return Err(MoveSyntaxError::Shape { at: base + at });
                }
                steps.push(parse_step(s, base + at)?);
            }
        }
        Ok(Move::new(&steps))
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rules::Publisher => "publisher",
            Rules::Seed => "seed",
        })
    }
}

impl FromStr for Rules {
    type Err = RulesError;

    /// Reads `publisher` (also `default`, Spanish `editorial`) or `seed`
    /// (Spanish `semilla`), spaces around ignored.
    fn from_str(text: &str) -> Result<Rules, RulesError> {
        match text.trim() {
            "publisher" | "default" | "editorial" => Ok(Rules::Publisher),
            "seed" | "semilla" => Ok(Rules::Seed),
            _ => Err(RulesError {
                text: text.to_string(),
            }),
        }
    }
}
