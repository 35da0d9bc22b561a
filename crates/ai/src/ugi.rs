//! The engine protocol's commands (UGI, and UCI's spellings of them) as
//! `tablero engine` reads them: one line of input to one [`Command`]. The
//! protocol is described in `docs/engine-protocol.md`.
//!
//! [`parse`] never panics on any text, and a command it accepts reads back
//! the same from its [`Display`](std::fmt::Display) form (a fuzz target
//! checks both).

use crate::bot::Limits;
use std::fmt;
use std::time::Duration;

/// One line of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A blank line.
    Empty,
    /// `ugi` (or `uci`: `uci` is true): name the engine and its options.
    Hello {
        /// Whether the GUI spoke UCI.
        uci: bool,
    },
    /// `isready`.
    IsReady,
    /// `uginewgame` / `ucinewgame`.
    NewGame,
    /// `setoption name NAME [value VALUE]` (words joined by one space).
    SetOption {
        /// The option's name.
        name: String,
        /// Its value (empty when none is given).
        value: String,
    },
    /// `position startpos|fen POSITION [moves M1 M2 ...]`.
    Position {
        /// The position string, `None` for the start.
        fen: Option<String>,
        /// The moves, one token each (spaces in a move written as `_`).
        moves: Vec<String>,
    },
    /// `go [LIMITS]`.
    Go(Go),
    /// `stop`.
    Stop,
    /// `quit`.
    Quit,
    /// `query gameover|p1turn|result`.
    Query(Query),
    /// Any other command: the protocol ignores it.
    Unknown(String),
}

/// What a `query` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// `gameover`: whether the game is over.
    GameOver,
    /// `p1turn`: whether player one is to move.
    P1Turn,
    /// `result`: `p1win`, `p2win`, `draw` or `none`.
    Result,
}

/// The limits of a `go` command, in milliseconds where they are times.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `movetime MS`.
    pub movetime: Option<u64>,
    /// `depth N`.
    pub depth: Option<u64>,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// Player one's clock (`p1time`, UCI `wtime`).
    pub p1time: Option<u64>,
    /// Player two's clock (`p2time`, UCI `btime`).
    pub p2time: Option<u64>,
    /// Player one's increment (`p1inc`, UCI `winc`).
    pub p1inc: Option<u64>,
    /// Player two's increment (`p2inc`, UCI `binc`).
    pub p2inc: Option<u64>,
    /// `movestogo N` (read, not used).
    pub movestogo: Option<u64>,
}

impl Go {
    /// The search limits for the side to move (`p1`: player one): an
    /// explicit `movetime` first, else a twentieth of the mover's clock plus
    /// most of its increment, never all of the clock.
    #[must_use]
    pub fn limits(&self, p1: bool) -> Limits {
        let mut limits = Limits::default();
        if self.infinite {
            limits.movetime = Some(Duration::from_secs(86_400));
        }
        if let Some(ms) = self.movetime {
            limits.movetime = Some(Duration::from_millis(ms));
        }
        limits.depth = self.depth.map(|d| d.min(64) as u32);
        limits.nodes = self.nodes;
        let (time, inc) = if p1 {
            (self.p1time, self.p1inc)
        } else {
            (self.p2time, self.p2inc)
        };
        if let (Some(t), None) = (time, limits.movetime) {
            let (t, inc) = (i64::try_from(t).unwrap_or(i64::MAX), inc.unwrap_or(0));
            limits.movetime = Some(crate::clock::think_time(
                t,
                i64::try_from(inc).unwrap_or(i64::MAX),
            ));
        }
        limits
    }
}

/// Reads one line of the protocol.
///
/// # Errors
/// A known command that is malformed, with what was expected.
pub fn parse(line: &str) -> Result<Command, String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&command, rest)) = tokens.split_first() else {
        return Ok(Command::Empty);
    };
    Ok(match command {
        "ugi" => Command::Hello { uci: false },
        "uci" => Command::Hello { uci: true },
        "isready" => Command::IsReady,
        "uginewgame" | "ucinewgame" => Command::NewGame,
        "stop" => Command::Stop,
        "quit" => Command::Quit,
        "setoption" => setoption(rest)?,
        "position" => position(rest)?,
        "go" => Command::Go(go(rest)?),
        "query" => Command::Query(match rest.first().copied() {
            Some("gameover") => Query::GameOver,
            Some("p1turn") => Query::P1Turn,
            Some("result") => Query::Result,
            _ => return Err("query gameover, p1turn or result".into()),
        }),
        other => Command::Unknown(other.to_string()),
    })
}

fn setoption(rest: &[&str]) -> Result<Command, String> {
    let name_at = rest
        .iter()
        .position(|&t| t == "name")
        .ok_or("setoption: expected `name <id> value <x>`")?;
    let value_at = rest[name_at + 1..]
        .iter()
        .position(|&t| t == "value")
        .map(|v| v + name_at + 1);
    let name = rest[name_at + 1..value_at.unwrap_or(rest.len())].join(" ");
    if name.is_empty() {
        return Err("setoption: expected `name <id> value <x>` (the name is missing)".into());
    }
    let value = value_at
        .map(|i| rest[i + 1..].join(" "))
        .unwrap_or_default();
    Ok(Command::SetOption { name, value })
}

fn position(rest: &[&str]) -> Result<Command, String> {
    let moves_at = rest.iter().position(|&t| t == "moves");
    let moves = moves_at.map_or(&[][..], |i| &rest[i + 1..]);
    let head = &rest[..moves_at.unwrap_or(rest.len())];
    let fen =
        match head.split_first() {
            Some((&"startpos", [])) => None,
            Some((&"fen", fen)) if !fen.is_empty() => Some(fen.join(" ")),
            _ => return Err(
                "position: expected `startpos` or `fen <position>`, then optionally `moves ...`"
                    .into(),
            ),
        };
    Ok(Command::Position {
        fen,
        moves: moves.iter().map(|m| (*m).to_string()).collect(),
    })
}

fn go(rest: &[&str]) -> Result<Go, String> {
    let mut go = Go::default();
    let mut i = 0;
    while i < rest.len() {
        let key = rest[i];
        if key == "infinite" {
            go.infinite = true;
            i += 1;
            continue;
        }
        let slot = match key {
            "movetime" => &mut go.movetime,
            "depth" => &mut go.depth,
            "nodes" => &mut go.nodes,
            "wtime" | "p1time" => &mut go.p1time,
            "btime" | "p2time" => &mut go.p2time,
            "winc" | "p1inc" => &mut go.p1inc,
            "binc" | "p2inc" => &mut go.p2inc,
            "movestogo" => &mut go.movestogo,
            _ => return Err(format!("go: unknown limit {key}")),
        };
        let value = rest
            .get(i + 1)
            .ok_or_else(|| format!("go: {key} needs a value"))?;
        let n: u64 = value.parse().map_err(|e: std::num::ParseIntError| {
            if *e.kind() == std::num::IntErrorKind::PosOverflow {
                format!("go: {key} {value}: too large (at most {})", u64::MAX)
            } else {
                format!("go: {key} {value}: not a number")
            }
        })?;
        *slot = Some(n);
        i += 2;
    }
    Ok(go)
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Empty => Ok(()),
            Command::Hello { uci } => f.write_str(if *uci { "uci" } else { "ugi" }),
            Command::IsReady => f.write_str("isready"),
            Command::NewGame => f.write_str("uginewgame"),
            Command::SetOption { name, value } if value.is_empty() => {
                write!(f, "setoption name {name}")
            }
            Command::SetOption { name, value } => write!(f, "setoption name {name} value {value}"),
            Command::Position { fen, moves } => {
                match fen {
                    None => f.write_str("position startpos")?,
                    Some(p) => write!(f, "position fen {p}")?,
                }
                if !moves.is_empty() {
                    write!(f, " moves {}", moves.join(" "))?;
                }
                Ok(())
            }
            Command::Go(go) => {
                f.write_str("go")?;
                if go.infinite {
                    f.write_str(" infinite")?;
                }
                for (key, v) in [
                    ("movetime", go.movetime),
                    ("depth", go.depth),
                    ("nodes", go.nodes),
                    ("p1time", go.p1time),
                    ("p2time", go.p2time),
                    ("p1inc", go.p1inc),
                    ("p2inc", go.p2inc),
                    ("movestogo", go.movestogo),
                ] {
                    if let Some(n) = v {
                        write!(f, " {key} {n}")?;
                    }
                }
                Ok(())
            }
            Command::Stop => f.write_str("stop"),
            Command::Quit => f.write_str("quit"),
            Command::Query(q) => f.write_str(match q {
                Query::GameOver => "query gameover",
                Query::P1Turn => "query p1turn",
                Query::Result => "query result",
            }),
            Command::Unknown(word) => f.write_str(word),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_read_as_the_protocol_says() {
        assert_eq!(parse("  \t"), Ok(Command::Empty));
        assert_eq!(parse("uci"), Ok(Command::Hello { uci: true }));
        assert_eq!(
            parse("setoption name variant value I-C-A-W-R"),
            Ok(Command::SetOption {
                name: "variant".into(),
                value: "I-C-A-W-R".into()
            })
        );
        assert_eq!(
            parse("setoption value x name y"),
            Ok(Command::SetOption {
                name: "y".into(),
                value: String::new()
            })
        );
        assert!(parse("setoption name")
            .unwrap_err()
            .contains("name is missing"));
        // `value` before `name` is part of nothing; the first after it counts.
        assert_eq!(
            parse("setoption value x name a value"),
            Ok(Command::SetOption {
                name: "a".into(),
                value: String::new()
            })
        );
        assert_eq!(
            parse("position fen a b c moves d1-d2 e3"),
            Ok(Command::Position {
                fen: Some("a b c".into()),
                moves: vec!["d1-d2".into(), "e3".into()]
            })
        );
        assert!(parse("position fen").is_err());
        assert!(parse("position startpos extra").is_err());
        assert_eq!(
            parse("go movetime").unwrap_err(),
            "go: movetime needs a value"
        );
        assert_eq!(
            parse("go depth x").unwrap_err(),
            "go: depth x: not a number"
        );
        assert_eq!(parse("go speed 3").unwrap_err(), "go: unknown limit speed");
        assert_eq!(
            parse("go nodes 99999999999999999999999").unwrap_err(),
            "go: nodes 99999999999999999999999: too large (at most 18446744073709551615)"
        );
        assert_eq!(
            parse("go nodes -5").unwrap_err(),
            "go: nodes -5: not a number"
        );
        assert_eq!(
            parse("go nodes 18446744073709551615"),
            Ok(Command::Go(Go {
                nodes: Some(u64::MAX),
                ..Go::default()
            }))
        );
        assert_eq!(
            parse("frobnicate 1"),
            Ok(Command::Unknown("frobnicate".into()))
        );
    }

    #[test]
    fn a_clock_gives_a_twentieth_plus_most_of_the_increment() {
        let Ok(Command::Go(go)) = parse("go wtime 60000 btime 1000 winc 1000") else {
            panic!("go")
        };
        assert_eq!(go.limits(true).movetime, Some(Duration::from_millis(3750)));
        // Player two: 1000/20 = 50, capped at the clock less 50 ms, at least 10.
        assert_eq!(go.limits(false).movetime, Some(Duration::from_millis(50)));
        let Ok(Command::Go(go)) = parse("go movetime 200 p1time 5") else {
            panic!("go")
        };
        assert_eq!(go.limits(true).movetime, Some(Duration::from_millis(200)));
        let Ok(Command::Go(go)) = parse("go depth 999") else {
            panic!("go")
        };
        assert_eq!(go.limits(true).depth, Some(64));
    }
}
