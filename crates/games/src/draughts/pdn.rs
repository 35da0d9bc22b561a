//! PDN (Portable Draughts Notation), the draughts world's record format,
//! for the 8x8 configurations: records of `draughts` games written and read
//! so that games move to and from other draughts programs (checked against
//! pydraughts in `tests/pdn_pydraughts.rs`).
//!
//! - **Squares**, as each game type's notation field says: Russian
//!   (`25,W,8,8,A0,0`) and Turkish (`30,W,8,8,A0,0`) draughts are written
//!   in algebraic notation (`c3-d4`); English draughts (`21,B,8,8,N1,0`)
//!   uses the numbers 1-32 of the dark squares, 1 in the top left corner
//!   as seen by White. Reading also accepts algebraic names in every
//!   variant, and the numbers 1-32 in Russian.
//! - **Sides.** PDN's White starts on squares 21-32 and Black on 1-12. In
//!   Russian and Turkish draughts White is player one, who moves first; in
//!   English draughts (checkers) Black moves first, so player one (drawn at
//!   the bottom here, and named Black) is PDN's Black and the board is
//!   turned round: `c3` is square 11, and the classic first move `11-15`
//!   is `c3-d4`.
//! - **Results** give the score of the game type's first mover (player
//!   one) first, as the PDN standard says: `2-0`, `0-2`, `1-1` in Russian
//!   and Turkish, `1-0`, `0-1`, `1/2-1/2` in English; any of them is read.
//!   How the game ended is kept in a `[Termination]` tag (`resign`,
//!   `agreed`, ...); without one, a result the board does not give is read
//!   as a resignation (a win) or an agreed draw. A result the moves do not
//!   allow is refused ([`tablero_core::check_result`]).
//! - **Positions** other than the start as `[SetUp "1"]` and
//!   `[FEN "W:W21,22,K30:B1-12"]` (the side to move, then each side's
//!   pieces, `K` before a king, ranges `1-12` allowed).
//! - **Move text**: move numbers, comments `{...}`, variations `(...)`,
//!   annotations (`!`, `?`, `$3`) are skipped; a capture is written with
//!   every landing square (`22x15x6`), and `22x6` is read as well.
//! - **Files** of many games ([`parse_all`]), UTF-8 with or without a
//!   byte-order mark, or Latin-1 ([`decode`]).
//!
//! ```
//! use tablero_core::{Game, History, Record};
//! use tablero_games::draughts::{pdn, Draughts, DraughtsVariant};
//!
//! let r = pdn::parse("[GameType \"21\"]\n1. 11-15 23-19 *", DraughtsVariant::Russian).unwrap();
//! assert_eq!(*r.start.variant(), DraughtsVariant::English);
//! let mut pos = r.start.clone();
//! assert_eq!(pos.format_move(r.moves[0]), "c3-d4");
//! assert!(pdn::write(&r).contains("1. 11-15 23-19"));
//! ```

use super::{Draughts, DraughtsVariant, Square};
use tablero_core::{id, Game, History, Localize, Message, Outcome, Player, Reason, Record};

/// Why a PDN text could not be read; its [`Localize::message`] is a
/// message of `locales/*/games.ftl` (`pdn-…`), its `Display` that
/// message's English (the catalogue's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdnError {
    /// A tag line is malformed.
    BadTag {
        /// Line number, from 1.
        line: usize,
        /// What is wrong.
        reason: Message,
    },
    /// The game type is not one of the 8x8 configurations.
    GameType(String),
    /// The FEN tag does not give a position.
    BadFen {
        /// The tag's value.
        fen: String,
        /// What is wrong.
        reason: Message,
    },
    /// A move cannot be read or is not legal.
    BadMove {
        /// The move's number in the game, from 1 (plies).
        number: usize,
        /// The move as written.
        text: String,
        /// Why.
        reason: Message,
    },
    /// The result cannot be read, or the moves do not allow it.
    BadResult(Message),
    /// A game of a file of several games cannot be read.
    InGame {
        /// The game's number in the file, from 1.
        number: usize,
        /// What is wrong with it.
        error: Box<PdnError>,
    },
    /// The text holds no game.
    NoGame,
}

impl Localize for PdnError {
    fn message(&self) -> Message {
        match self {
            PdnError::BadTag { line, reason } => Message::of(id!("pdn-bad-tag"))
                .num("line", *line)
                .msg("reason", reason.clone()),
            PdnError::GameType(t) => {
                Message::of(id!("pdn-game-type")).text("type", format!("{t:?}"))
            }
            PdnError::BadFen { fen, reason } => Message::of(id!("pdn-bad-fen"))
                .text("fen", format!("{fen:?}"))
                .msg("reason", reason.clone()),
            PdnError::BadMove {
                number,
                text,
                reason,
            } => Message::of(id!("pdn-bad-move"))
                .num("number", *number)
                .text("text", text)
                .msg("reason", reason.clone()),
            PdnError::BadResult(m) => m.clone(),
            PdnError::InGame { number, error } => Message::of(id!("pdn-in-game"))
                .num("number", *number)
                .msg("error", error.message()),
            PdnError::NoGame => Message::of(id!("pdn-no-game")),
        }
    }
}

tablero_i18n::display_by_message!(PdnError);

/// The game's name for a side in variant `v` (`White`, `Black`), its
/// players' tag.
fn side_name(v: DraughtsVariant, p: Player) -> &'static str {
    use crate::Describe;
    Draughts::side_names(&v)[p.index()].en
}

/// Whether the variant writes numeric squares: English draughts (its PDN
/// game type `21,B,8,8,N1,0`); Russian and Turkish draughts are written
/// with algebraic names (`25,W,8,8,A0,0`, `30,W,8,8,A0,0`).
fn numeric(v: DraughtsVariant) -> bool {
    v == DraughtsVariant::English
}

/// Whether the variant's squares have PDN numbers 1-32 (the diagonal
/// ones), read in Russian files that use them.
fn numbered(v: DraughtsVariant) -> bool {
    v != DraughtsVariant::Turkish
}

/// Whether player one is PDN's Black (English draughts), which turns the
/// board round.
fn turned(v: DraughtsVariant) -> bool {
    v == DraughtsVariant::English
}

/// PDN's White as a player of the game.
fn pdn_white(v: DraughtsVariant) -> Player {
    if turned(v) {
        Player::P2
    } else {
        Player::P1
    }
}

/// The PDN game type: number, the side that moves first, the board's
/// width and height, the notation (`A0` algebraic, `N1` numeric from the
/// first mover's far side), and whether it is inverted.
fn game_type(v: DraughtsVariant) -> &'static str {
    match v {
        DraughtsVariant::Russian => "25,W,8,8,A0,0",
        DraughtsVariant::English => "21,B,8,8,N1,0",
        DraughtsVariant::Turkish => "30,W,8,8,A0,0",
    }
}

/// The PDN number (1-32) of a dark square in a variant of numeric squares.
#[must_use]
pub fn square_number(v: DraughtsVariant, sq: Square) -> Option<u8> {
    if !numbered(v) || !sq.is_dark() {
        return None;
    }
    let (col, row) = if turned(v) {
        (7 - sq.col(), 7 - sq.row())
    } else {
        (sq.col(), sq.row())
    };
    Some((7 - row) * 4 + col / 2 + 1)
}

/// The square of PDN number `n` (1-32) in a variant of numeric squares.
#[must_use]
pub fn number_square(v: DraughtsVariant, n: u8) -> Option<Square> {
    if !numbered(v) || !(1..=32).contains(&n) {
        return None;
    }
    let k = n - 1;
    let row = 7 - k / 4;
    let col = 2 * (k % 4) + row % 2;
    if turned(v) {
        Square::new(7 - col, 7 - row)
    } else {
        Square::new(col, row)
    }
}

/// A square as PDN writes it in this variant.
fn square_text(v: DraughtsVariant, sq: Square) -> String {
    match square_number(v, sq) {
        Some(n) if numeric(v) => n.to_string(),
        _ => sq.to_string(),
    }
}

/// A square written as a number or a name.
fn read_square(v: DraughtsVariant, text: &str) -> Option<Square> {
    match text.parse::<u8>() {
        Ok(n) => number_square(v, n),
        Err(_) => Square::parse(&text.to_ascii_lowercase(), 8),
    }
}

/// A move of `pos` in PDN: start and end of a plain move (`22-18`,
/// `c3-d4`), every landing square of a capture (`22x15x6`, `d4xf6xd8`).
/// Of a capture's paths (a flying king may land on several squares
/// between two captures), the one that sorts first.
fn move_to_pdn(pos: &Draughts, mv: super::Move) -> String {
    let v = *pos.variant();
    let sep = if mv.is_capture() { "x" } else { "-" };
    let path = if mv.is_capture() {
        pos.paths(&mv)
            .into_iter()
            .min()
            .unwrap_or_else(|| vec![mv.to])
    } else {
        vec![mv.to]
    };
    let mut text = square_text(v, mv.from);
    for sq in path {
        text.push_str(sep);
        text.push_str(&square_text(v, sq));
    }
    text
}

/// A PDN move (`22-18`, `22x15x6`, `c3-d4`) in the game's notation.
fn move_from_pdn(v: DraughtsVariant, text: &str) -> Result<String, Message> {
    let mut out = String::new();
    for part in text.split_inclusive(['-', 'x', 'X', ':']) {
        let (name, sep) = match part.char_indices().last() {
            Some((i, c @ ('-' | 'x' | 'X' | ':'))) => (&part[..i], Some(c)),
            _ => (part, None),
        };
        let sq = read_square(v, name)
            .ok_or_else(|| Message::of(id!("pdn-no-square")).text("square", format!("{name:?}")))?;
        out.push_str(&sq.to_string());
        match sep {
            Some('-') => out.push('-'),
            Some(_) => out.push('x'),
            None => {}
        }
    }
    Ok(out)
}

/// The result in PDN: the score of the side that moves first in the game
/// type (player one: White in Russian and Turkish, Black in English)
/// first, as the PDN standard writes results (`2-0` in Russian and
/// Turkish, `1-0` in English for a win of player one).
fn result_token(v: DraughtsVariant, o: Option<Outcome>) -> &'static str {
    let english = v == DraughtsVariant::English;
    match o.map(|o| o.winner) {
        None => "*",
        Some(Some(Player::P1)) => {
            if english {
                "1-0"
            } else {
                "2-0"
            }
        }
        Some(Some(Player::P2)) => {
            if english {
                "0-1"
            } else {
                "0-2"
            }
        }
        Some(None) => {
            if english {
                "1/2-1/2"
            } else {
                "1-1"
            }
        }
    }
}

/// What a result token says: `Some(Some(winner))`, `Some(None)` for a
/// draw, `None` for an unfinished game; an error for no result token.
fn read_result(token: &str) -> Result<Option<Option<Player>>, ()> {
    match token {
        "*" => Ok(None),
        "1-0" | "2-0" => Ok(Some(Some(Player::P1))),
        "0-1" | "0-2" => Ok(Some(Some(Player::P2))),
        "1/2-1/2" | "1-1" | "½-½" => Ok(Some(None)),
        _ => Err(()),
    }
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The FEN of a position: side to move, then White's and Black's pieces.
#[must_use]
pub fn fen(pos: &Draughts) -> String {
    let v = *pos.variant();
    let white = pdn_white(v);
    let mut lists = [Vec::new(), Vec::new()];
    for n in 0..64u8 {
        let Some(sq) = Square::new(n % 8, n / 8) else {
            continue;
        };
        let Some(c) = pos.piece_at(sq) else { continue };
        let owner = if c.eq_ignore_ascii_case(&'w') {
            Player::P1
        } else {
            Player::P2
        };
        let king = if c.is_ascii_uppercase() { "K" } else { "" };
        let i = usize::from(owner != white);
        let key = square_number(v, sq).map_or(u16::from(n) + 100, u16::from);
        lists[i].push((key, format!("{king}{}", square_text(v, sq))));
    }
    for l in &mut lists {
        l.sort();
    }
    let side = if pos.side_to_move() == white {
        'W'
    } else {
        'B'
    };
    let join = |l: &[(u16, String)]| {
        l.iter()
            .map(|(_, s)| s.as_str())
            .collect::<Vec<_>>()
            .join(",")
    };
    format!("{side}:W{}:B{}", join(&lists[0]), join(&lists[1]))
}

/// Reads a FEN into a position of variant `v`.
///
/// # Errors
/// [`PdnError::BadFen`], saying what is wrong.
pub fn read_fen(v: DraughtsVariant, text: &str) -> Result<Draughts, PdnError> {
    let bad = |reason: Message| PdnError::BadFen {
        fen: text.to_string(),
        reason,
    };
    let text = text.trim().trim_end_matches('.');
    let mut fields = text.split(':');
    let white = pdn_white(v);
    let side = match fields.next().map(str::trim) {
        Some("W" | "w") => white,
        Some("B" | "b") => white.other(),
        _ => return Err(bad(Message::of(id!("pdn-fen-side")))),
    };
    let mut board: [Option<char>; 64] = [None; 64];
    for field in fields {
        let field = field.trim();
        let (owner, list) = match field.split_at_checked(1) {
            Some(("W" | "w", rest)) => (white, rest),
            Some(("B" | "b", rest)) => (white.other(), rest),
            _ => return Err(bad(Message::of(id!("pdn-fen-list")))),
        };
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (king, item) = match item.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            let squares: Vec<Square> =
                match item.split_once('-') {
                    Some((a, b)) => {
                        let (a, b) = (a.parse::<u8>(), b.parse::<u8>());
                        let (Ok(a), Ok(b)) = (a, b) else {
                            return Err(bad(Message::of(id!("pdn-fen-range"))));
                        };
                        (a..=b)
                            .map(|n| {
                                number_square(v, n)
                                    .ok_or_else(|| bad(Message::of(id!("pdn-fen-number"))))
                            })
                            .collect::<Result<_, _>>()?
                    }
                    None => vec![read_square(v, item)
                        .ok_or_else(|| bad(Message::of(id!("pdn-fen-square"))))?],
                };
            for sq in squares {
                let c = match (owner, king) {
                    (Player::P1, false) => 'w',
                    (Player::P1, true) => 'W',
                    (Player::P2, false) => 'b',
                    (Player::P2, true) => 'B',
                };
                board[usize::from(sq.index())] = Some(c);
            }
        }
    }
    // The game's own position text: ranks 8 to 1, the side, the clock.
    let mut ranks = Vec::new();
    for row in (0..8u8).rev() {
        let mut rank = String::new();
        let mut empty = 0;
        for col in 0..8u8 {
            match board[usize::from(row * 8 + col)] {
                Some(c) => {
                    if empty > 0 {
                        rank.push_str(&empty.to_string());
                        empty = 0;
                    }
                    rank.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            rank.push_str(&empty.to_string());
        }
        ranks.push(rank);
    }
    let side = if side == Player::P1 { 'w' } else { 'b' };
    let text = format!("{} {side} 0", ranks.join("/"));
    Draughts::parse_position(&v, &text).map_err(|e| bad(e.message()))
}

/// The record in PDN.
#[must_use]
pub fn write(record: &Record<Draughts>) -> String {
    let v = *record.start.variant();
    let mut s = String::new();
    let mut tag = |k: &str, val: &str| {
        s.push_str(&format!("[{k} \"{}\"]\n", escape(val)));
    };
    let names = [side_name(v, Player::P1), side_name(v, Player::P2)];
    let white = pdn_white(v);
    let player_tag = |p: Player| if p == white { "White" } else { "Black" };
    tag("GameType", game_type(v));
    for (k, val) in &record.tags {
        // The players are named by their side: PDN's White and Black.
        let k = match names.iter().position(|n| n == k) {
            Some(i) => player_tag(Player::ALL[i]),
            None => k.as_str(),
        };
        tag(k, val);
    }
    if record.start.position_string() != Draughts::start_with(&v, Player::P1).position_string() {
        tag("SetUp", "1");
        tag("FEN", &fen(&record.start));
    }
    tag("Result", result_token(v, record.result));
    if let Some(o) = record.result {
        tag("Termination", o.reason.as_str());
    }
    s.push('\n');
    let mut pos = record.start.clone();
    let mut line = String::new();
    let mut words: Vec<String> = Vec::new();
    // Numbered in pairs, the side that starts a game first in each pair
    // (White; Black in English draughts); a game that starts with the
    // other side to move begins `1...`.
    let second_first = pos.side_to_move() != Player::P1;
    let mut n = 1;
    for (i, &mv) in record.moves.iter().enumerate() {
        let text = move_to_pdn(&pos, mv);
        pos.play_unchecked(mv);
        let first_of_pair = (i % 2 == 0) != second_first;
        if i == 0 && second_first {
            words.push(format!("{n}... {text}"));
            n += 1;
        } else if first_of_pair {
            words.push(format!("{n}. {text}"));
        } else {
            words.push(text);
            n += 1;
        }
    }
    words.push(result_token(v, record.result).to_string());
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 78 {
            s.push_str(&line);
            s.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    s.push_str(&line);
    s.push('\n');
    s
}

/// Whether `text` reads as PDN rather than as the project's own record
/// (which names its game in a `[Game ...]` tag).
#[must_use]
pub fn looks_like_pdn(text: &str) -> bool {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    if t.lines().any(|l| l.trim_start().starts_with("[Game ")) {
        return false;
    }
    t.starts_with('[') || t.starts_with("1.") || t.starts_with('{')
}

/// Reads a tag line `[Key "value"]`.
fn parse_tag(line: &str) -> Result<(String, String), Message> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| Message::of(id!("pdn-tag-shape")))?
        .trim();
    let (key, rest) = inner
        .split_once(char::is_whitespace)
        .ok_or_else(|| Message::of(id!("pdn-tag-parts")))?;
    let rest = rest.trim();
    let value = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| Message::of(id!("pdn-tag-quotes")))?;
    let mut out = String::new();
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else {
            out.push(c);
        }
    }
    Ok((key.to_string(), out))
}

/// The move text without comments, variations and annotations, as words.
fn words(body: &str) -> Vec<String> {
    let mut clean = String::new();
    let (mut brace, mut paren) = (false, 0usize);
    for c in body.chars() {
        match c {
            '{' if !brace => brace = true,
            '}' if brace => brace = false,
            '(' if !brace => paren += 1,
            ')' if !brace && paren > 0 => paren -= 1,
            _ if brace || paren > 0 => {}
            _ => clean.push(c),
        }
    }
    let mut out = Vec::new();
    for w in clean.split_whitespace() {
        if w.starts_with('$') {
            continue;
        }
        // A move number, alone (`12.`, `12...`) or stuck to its move.
        let digits = w.chars().take_while(char::is_ascii_digit).count();
        let rest = &w[digits..];
        let w = if digits > 0 && rest.starts_with('.') {
            rest.trim_start_matches('.')
        } else {
            w
        };
        let w = w.trim_end_matches(['!', '?', '*']);
        if !w.is_empty() {
            out.push(w.to_string());
        } else if w.is_empty() && rest == "*" {
            out.push("*".to_string());
        }
    }
    out
}

/// A PDN file's bytes as text: UTF-8, with or without a byte-order mark,
/// or, when they are not UTF-8, Latin-1 (ISO 8859-1, the encoding of the
/// PDN standard and of many files in the wild), in which every byte is a
/// character.
#[must_use]
pub fn decode(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => std::borrow::Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

/// The games of a PDN text: each one's first line (from 0) and its text,
/// tags then moves. A game ends where a tag line follows its moves.
fn split_games(text: &str) -> Vec<(usize, &str)> {
    let mut games = Vec::new();
    let (mut start, mut first_line) = (0, 0);
    let mut in_body = false;
    let mut offset = 0;
    for (n, line) in text.split_inclusive('\n').enumerate() {
        let t = line.trim();
        if t.starts_with('[') && in_body {
            games.push((first_line, &text[start..offset]));
            (start, first_line, in_body) = (offset, n, false);
        } else if !t.is_empty() && !t.starts_with('[') {
            in_body = true;
        }
        offset += line.len();
    }
    games.push((first_line, &text[start..]));
    games.retain(|(_, g)| !g.trim().is_empty());
    games
}

/// Reads every game of a PDN text (a file of one game or many); `variant`
/// is used for a game that names no game type. A UTF-8 byte-order mark at
/// the start is skipped.
///
/// # Errors
/// The first game that cannot be read, as [`parse`] says, within
/// [`PdnError::InGame`] when the text holds several games;
/// [`PdnError::NoGame`] for a text of no game.
pub fn parse_all(text: &str, variant: DraughtsVariant) -> Result<Vec<Record<Draughts>>, PdnError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let games = split_games(text);
    if games.is_empty() {
        return Err(PdnError::NoGame);
    }
    let several = games.len() > 1;
    games
        .iter()
        .enumerate()
        .map(|(i, &(line, game))| {
            parse_game(game, line, variant).map_err(|error| {
                if several {
                    PdnError::InGame {
                        number: i + 1,
                        error: Box::new(error),
                    }
                } else {
                    error
                }
            })
        })
        .collect()
}

/// Reads the first game of a PDN text (see [`parse_all`] for every game);
/// `variant` is used when the text names no game type.
///
/// # Errors
/// A malformed tag, a game type other than the 8x8 ones, a bad FEN, a move
/// that is not legal (by number), a result that is not a result or that
/// the moves do not allow (see [`tablero_core::check_result`]); a text of
/// no game.
pub fn parse(text: &str, variant: DraughtsVariant) -> Result<Record<Draughts>, PdnError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let &(line, game) = split_games(text).first().ok_or(PdnError::NoGame)?;
    parse_game(game, line, variant)
}

/// Reads one game, whose first line is line `first_line` (from 0) of its
/// file.
fn parse_game(
    text: &str,
    first_line: usize,
    variant: DraughtsVariant,
) -> Result<Record<Draughts>, PdnError> {
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut body = String::new();
    for (n, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.starts_with('[') {
            tags.push(parse_tag(t).map_err(|reason| PdnError::BadTag {
                line: first_line + n + 1,
                reason,
            })?);
        } else {
            body.push_str(line);
            body.push('\n');
        }
    }
    let mut take = |name: &str| -> Option<String> {
        let i = tags
            .iter()
            .position(|(k, _)| k.eq_ignore_ascii_case(name))?;
        Some(tags.remove(i).1)
    };
    let v = match take("GameType") {
        Some(t) => match t.split(',').next().map(str::trim) {
            Some("25") => DraughtsVariant::Russian,
            Some("21") => DraughtsVariant::English,
            Some("30") => DraughtsVariant::Turkish,
            _ => return Err(PdnError::GameType(t)),
        },
        None => match take("Variant") {
            Some(name) => name.parse().map_err(|_| PdnError::GameType(name.clone()))?,
            None => variant,
        },
    };
    let _ = take("SetUp");
    let start = match take("FEN") {
        Some(f) => read_fen(v, &f)?,
        None => Draughts::start_with(&v, Player::P1),
    };
    let tagged_result = take("Result");
    let termination = take("Termination");
    let mut h = History::new(start.clone());
    let mut result_word = None;
    for (i, w) in words(&body).into_iter().enumerate() {
        if let Ok(r) = read_result(&w) {
            result_word = Some(r);
            break;
        }
        let bad = |reason: Message| PdnError::BadMove {
            number: i + 1,
            text: w.clone(),
            reason,
        };
        let text = move_from_pdn(v, &w).map_err(bad)?;
        let mv = h
            .current()
            .parse_move(&text)
            .map_err(|e| bad(e.message()))?;
        h.play(mv).map_err(|e| bad(e.message()))?;
    }
    let said = match (result_word, tagged_result) {
        (Some(r), _) => r,
        (None, Some(t)) => read_result(t.trim()).map_err(|()| {
            PdnError::BadResult(Message::of(id!("pdn-no-result")).text("result", format!("{t:?}")))
        })?,
        (None, None) => None,
    };
    let result = match said {
        None => None,
        Some(winner) => {
            let reason = termination.as_deref().and_then(Reason::try_from_str);
            Some(match (h.outcome(), reason) {
                (_, Some(r)) => match winner {
                    Some(p) => Outcome::win(p, r),
                    None => Outcome::draw(r),
                },
                (Some(o), None) if o.winner == winner => o,
                (_, None) => match winner {
                    Some(p) => Outcome::win(p, Reason::Resign),
                    None => Outcome::draw(Reason::Agreed),
                },
            })
        }
    };
    let result =
        tablero_core::check_result(&h, result).map_err(|e| PdnError::BadResult(e.message()))?;
    // The players' tags back under the sides' names.
    let white = pdn_white(v);
    for (k, _) in &mut tags {
        let side = match k.as_str() {
            "White" => Some(white),
            "Black" => Some(white.other()),
            _ => None,
        };
        if let Some(p) = side {
            *k = side_name(v, p).to_string();
        }
    }
    Ok(Record {
        start,
        moves: h.moves().to_vec(),
        result,
        tags,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_squares() {
        let r = DraughtsVariant::Russian;
        let sq = |s: &str| Square::parse(s, 8).unwrap();
        assert_eq!(square_number(r, sq("b8")), Some(1));
        assert_eq!(square_number(r, sq("a7")), Some(5));
        assert_eq!(square_number(r, sq("c3")), Some(22));
        assert_eq!(square_number(r, sq("g1")), Some(32));
        assert_eq!(square_number(r, sq("a8")), None);
        let e = DraughtsVariant::English;
        assert_eq!(square_number(e, sq("c3")), Some(11));
        assert_eq!(square_number(e, sq("g1")), Some(1));
        for v in [r, e] {
            for n in 1..=32 {
                assert_eq!(square_number(v, number_square(v, n).unwrap()), Some(n));
            }
        }
        assert_eq!(number_square(r, 0), None);
        assert_eq!(number_square(r, 33), None);
        assert_eq!(square_number(DraughtsVariant::Turkish, sq("b8")), None);
    }

    /// A game of `plies` pseudo-random moves from `start`.
    fn random_game(start: Draughts, plies: usize, seed: u64) -> History<Draughts> {
        let mut h = History::new(start);
        let mut x = seed;
        for _ in 0..plies {
            if h.is_over() {
                break;
            }
            let legal = h.current().legal_move_strings();
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let text = &legal[(x >> 33) as usize % legal.len()];
            let mv = h.current().parse_move(text).unwrap();
            h.play(mv).unwrap();
        }
        h
    }

    #[test]
    fn records_round_trip() {
        for v in DraughtsVariant::ALL {
            for seed in 0..12u64 {
                let start = if seed % 3 == 2 {
                    // A position of the middle game as the start: a FEN.
                    random_game(Draughts::start_with(&v, Player::P1), 9, seed + 100)
                        .current()
                        .clone()
                } else {
                    Draughts::start_with(&v, Player::P1)
                };
                let mut h = random_game(start, 60 + seed as usize * 20, seed);
                if !h.is_over() && seed % 2 == 0 {
                    h.set_result(Outcome::win(Player::P2, Reason::Resign));
                }
                let mut record = Record::from_history(&h);
                record
                    .tags
                    .push(("White".into(), "ann \"the\" first".into()));
                record.tags.push(("Event".into(), "test".into()));
                let text = write(&record);
                let back = parse(&text, DraughtsVariant::Russian)
                    .unwrap_or_else(|e| panic!("{v} {seed}: {e}\n{text}"));
                // The count of moves without a capture is not in PDN.
                let board = |p: &Draughts| {
                    let s = p.position_string();
                    s.rsplit_once(' ').map(|(a, _)| a.to_string()).unwrap()
                };
                assert_eq!(board(&back.start), board(&record.start), "{v} {seed}");
                assert_eq!(back.moves, record.moves, "{v} {seed}\n{text}");
                assert_eq!(back.result, record.result, "{v} {seed}\n{text}");
                assert_eq!(back.tags, record.tags, "{v} {seed}");
                assert_eq!(write(&back), text);
            }
        }
    }

    #[test]
    fn hand_written_games_are_read() {
        let text = "[Event \"x\"]\n[GameType \"25,W,8,8,N1,0\"]\n[Result \"2-0\"]\n\n\
                    1.22-18 {c3-d4} 11-15 2. 18x11 8x15?! $2 (2... 7x16 3. 21-17) 2-0\n\n\
                    [Event \"the next game\"]\n1. 21-17 *\n";
        let r = parse(text, DraughtsVariant::English).unwrap();
        assert_eq!(*r.start.variant(), DraughtsVariant::Russian);
        assert_eq!(r.moves.len(), 4);
        assert_eq!(r.result, Some(Outcome::win(Player::P1, Reason::Resign)));
        assert_eq!(r.tags, vec![("Event".to_string(), "x".to_string())]);
        // Algebraic moves, a FEN with ranges and kings, the result in the tag.
        let text = "[FEN \"B:W21-24,K32:BK1,6\"]\n[Result \"1/2-1/2\"]\n1... b8-a7 *";
        let r = parse(text, DraughtsVariant::Russian).unwrap();
        assert_eq!(
            r.start.position_string(),
            "1B6/2b5/8/8/8/w1w1w1w1/8/6W1 b 0"
        );
        assert_eq!(r.result, None);
        assert!(write(&r).contains("1... b8-a7 *"), "{}", write(&r));
        for bad in [
            "[GameType \"20\"]\n1. 32-28 *",
            "1. 22-19 *",
            "1. 22-18 99-1 *",
            "[FEN \"X:W1\"]\n*",
            "[Result \"3-0\"]\n",
            "[Event x]\n",
        ] {
            assert!(parse(bad, DraughtsVariant::Russian).is_err(), "{bad}");
        }
    }
}
