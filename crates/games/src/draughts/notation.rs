//! Text forms of the draughts core, shared by `draughts` and `dimensiones`:
//! boards in position strings (`1b1b1b1b/.../w1w1w1w1`), and moves in PDN
//! style (`c3-d4`, `b4xd6xf4`, with a `huff` penalty `c3-d4!b2`).

use super::error::{MoveSyntaxError, PositionError};
use super::movegen::{Move, Penalty};
use super::Square;
use tablero_core::MoveError;

pub(crate) use tablero_core::fields;

/// The board field: ranks from the top, `/` between them, a letter per
/// piece and a digit per run of empty squares.
pub(crate) fn format_board(size: u8, piece_at: impl Fn(Square) -> Option<char>) -> String {
    let mut out = String::new();
    for row in (0..size).rev() {
        let mut empty = 0;
        for col in 0..size {
            let sq = Square::new(col, row).expect("on the board");
            match piece_at(sq) {
                Some(c) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if row > 0 {
            out.push('/');
        }
    }
    out
}

/// Reads a board field: one bitboard per letter of `letters`.
pub(crate) fn parse_board(
    text: &str,
    at: usize,
    size: u8,
    letters: &'static str,
) -> Result<Vec<u64>, PositionError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != size as usize {
        return Err(PositionError::RowCount {
            at,
            expected: size as usize,
            found: rows.len(),
        });
    }
    let mut boards = vec![0u64; letters.len()];
    let mut off = at;
    for (i, row_text) in rows.iter().enumerate() {
        let row = size - 1 - i as u8;
        let mut col = 0usize;
        for (j, ch) in row_text.char_indices() {
            if let Some(d) = ch.to_digit(10).filter(|&d| d >= 1) {
                col += d as usize;
            } else if let Some(k) = letters.find(ch) {
                if col < size as usize {
                    let sq = Square::new(col as u8, row).expect("on the board");
                    boards[k] |= sq.bit();
                }
                col += 1;
            } else {
                return Err(PositionError::BadChar {
                    at: off + j,
                    ch,
                    pieces: letters,
                });
            }
        }
        if col != size as usize {
            return Err(PositionError::RowLength {
                at: off,
                rank: row + 1,
                expected: size as usize,
                found: col,
            });
        }
        off += row_text.len() + 1;
    }
    Ok(boards)
}

/// A move as written, before it is matched with the legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The start square then each square written after it.
    pub squares: Vec<Square>,
    /// Written with `x`.
    pub capture: bool,
    /// The penalty written after `!`, if any.
    pub penalty: Option<Penalty>,
}

/// Reads `c3-d4`, `b4xd6`, `b4xd6xf4`, optionally followed by a penalty
/// `!b2`, `!+a1` or `!=b1`, on a board of `size`.
///
/// # Errors
/// What is wrong and at which byte.
pub fn parse_move_text(text: &str, size: u8) -> Result<MoveText, MoveSyntaxError> {
    let lead = text.len() - text.trim_start().len();
    let body = text.trim();
    if body.is_empty() {
        return Err(MoveSyntaxError::Empty);
    }
    let square = |s: &str, at: usize| {
        Square::parse(s, size).ok_or_else(|| MoveSyntaxError::BadSquare {
            at,
            text: s.to_string(),
        })
    };
    let (base, penalty) = match body.find('!') {
        None => (body, None),
        Some(i) => {
            let p = &body[i + 1..];
            let at = lead + i;
            let (kind, rest, skip) = match p.as_bytes().first() {
                Some(b'+') => (1, &p[1..], 2),
                Some(b'=') => (2, &p[1..], 2),
                _ => (0, p, 1),
            };
            if rest.len() != 2 {
                return Err(MoveSyntaxError::Penalty { at });
            }
            let sq = square(rest, at + skip)?;
            let pen = match kind {
                0 => Penalty::Remove(sq),
                1 => Penalty::Return(sq),
                _ => Penalty::Crown(sq),
            };
            (&body[..i], Some(pen))
        }
    };
    let capture = base.contains('x');
    let sep = if capture { 'x' } else { '-' };
    let parts: Vec<&str> = base.split(sep).collect();
    if parts.len() < 2 || (!capture && parts.len() != 2) {
        return Err(MoveSyntaxError::Shape { at: lead });
    }
    let mut squares = Vec::with_capacity(parts.len());
    let mut off = lead;
    for p in parts {
        if p.contains('-') || p.contains('x') {
            return Err(MoveSyntaxError::Shape { at: off });
        }
        squares.push(square(p, off)?);
        off += p.len() + 1;
    }
    Ok(MoveText {
        squares,
        capture,
        penalty,
    })
}

fn penalty_suffix(p: Penalty) -> String {
    match p {
        Penalty::None => String::new(),
        Penalty::Remove(s) => format!("!{s}"),
        Penalty::Return(s) => format!("!+{s}"),
        Penalty::Crown(s) => format!("!={s}"),
    }
}

fn path_text(from: Square, path: &[Square]) -> String {
    let mut s = from.to_string();
    for sq in path {
        s.push('x');
        s.push_str(&sq.to_string());
    }
    s
}

/// The canonical text of `mv` among `legal`: start and end when no other
/// legal move shares them, else the capture path that sorts first; then the
/// penalty, if any. `paths` lists a capture's paths (landing squares).
pub(crate) fn format_move(
    legal: &[Move],
    mv: Move,
    paths: impl Fn(&Move) -> Vec<Vec<Square>>,
) -> String {
    let base = if mv.is_capture() {
        let shared = legal.iter().any(|o| {
            o.from == mv.from
                && o.to == mv.to
                && (o.captured, o.promote) != (mv.captured, mv.promote)
        });
        let full = if shared {
            paths(&mv).iter().map(|p| path_text(mv.from, p)).min()
        } else {
            None
        };
        full.unwrap_or_else(|| format!("{}x{}", mv.from, mv.to))
    } else {
        format!("{}-{}", mv.from, mv.to)
    };
    base + &penalty_suffix(mv.penalty)
}

/// Matches a move text with the legal moves.
///
/// # Errors
/// [`MoveError::Syntax`], [`MoveError::GameOver`], [`MoveError::Illegal`]
/// (with a reason) or [`MoveError::Ambiguous`].
pub(crate) fn resolve(
    text: &str,
    size: u8,
    legal: &[Move],
    paths: impl Fn(&Move) -> Vec<Vec<Square>>,
) -> Result<Move, MoveError> {
    let parsed = parse_move_text(text, size).map_err(|e| MoveError::Syntax {
        text: text.to_string(),
        at: e.at(),
        reason: tablero_core::Localize::message(&e),
    })?;
    if legal.is_empty() {
        return Err(MoveError::GameOver);
    }
    let from = parsed.squares[0];
    let to = *parsed.squares.last().expect("two squares at least");
    let base: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.from == from && m.to == to && m.is_capture() == parsed.capture)
        .filter(|m| {
            !parsed.capture
                || parsed.squares.len() == 2
                || paths(m).iter().any(|p| p[..] == parsed.squares[1..])
        })
        .collect();
    let found: Vec<Move> = base
        .iter()
        .copied()
        .filter(|m| parsed.penalty.is_none_or(|p| p == m.penalty))
        .collect();
    let illegal = |why: tablero_core::Message| MoveError::Illegal {
        text: text.trim().to_string(),
        why,
    };
    match found.len() {
        1 => Ok(found[0]),
        0 => {
            let why = if !parsed.capture && legal.iter().all(|m| m.is_capture()) {
                msg!("draughts-capture-compulsory")
            } else if !base.is_empty() {
                match parsed.penalty {
                    Some(Penalty::None) | None => tablero_core::Message::default(),
                    Some(_) => msg!(
                        "draughts-penalty-choices",
                        choices = base
                            .iter()
                            .map(|m| format_move(legal, *m, &paths))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                }
            } else if !legal.iter().any(|m| m.from == from) {
                msg!("draughts-no-piece-from", from = from)
            } else if parsed.capture && !legal.iter().any(|m| m.is_capture()) {
                msg!("draughts-no-capture")
            } else {
                msg!("draughts-no-such-move", from = from)
            };
            Err(illegal(why))
        }
        _ => {
            let mut candidates: Vec<String> = found
                .iter()
                .map(|m| format_move(legal, *m, &paths))
                .collect();
            candidates.sort();
            Err(MoveError::Ambiguous {
                text: text.trim().to_string(),
                candidates,
            })
        }
    }
}
