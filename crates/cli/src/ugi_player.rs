//! The player spec `ugi:COMMAND`: an external engine speaking this
//! project's UGI protocol (`tablero engine`, or another build of it) plays
//! in `tablero match`, so that two builds can be compared at equal time.
//!
//! COMMAND is split at spaces: `ugi:/path/to/tablero engine dimensiones
//! --player ab:ms=200`. The engine is started once per game and told the
//! game and variant (`setoption`); before each move it gets the game's
//! first position and the moves since (`position fen ... moves ...`) and
//! `go` with the caller's limits (none in a match: the engine's own player
//! decides how long it thinks).

use crate::i18n::t;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use tablero_ai::{Bot, Limits, Play};
use tablero_core::{Game, History, MoveBuf};

/// How long the engine may take to answer `ugi` or `isready`.
const HANDSHAKE: Duration = Duration::from_secs(30);
/// How long a `go` without a time limit may take.
const NO_LIMIT: Duration = Duration::from_secs(600);

/// Reads a player spec: `ugi:COMMAND` starts an external engine, anything
/// else is one of the built-in specs ([`tablero_ai::parse_spec`]).
///
/// # Errors
/// Says what is wrong with the spec (in the language in use), or why the
/// engine did not start.
pub fn parse_spec<G: Play>(
    spec: &str,
    seed: u64,
    variant: &G::Variant,
) -> Result<Box<dyn Bot<G>>, String> {
    match spec.strip_prefix("ugi:") {
        Some(command) => {
            let p = UgiPlayer::start(command, G::NAME, &variant.to_string())?;
            Ok(Box::new(p))
        }
        None => tablero_ai::parse_spec::<G>(spec, seed).map_err(|m| crate::i18n::message(&m)),
    }
}

/// An external UGI engine as a [`Bot`].
pub struct UgiPlayer {
    command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    info: Option<String>,
}

fn to_token(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join("_")
}

impl UgiPlayer {
    /// Starts `command` and sets it to `game` and `variant`.
    ///
    /// # Errors
    /// When the command is empty, does not start, or does not answer the
    /// handshake (or answers it with an error).
    pub fn start(command: &str, game: &str, variant: &str) -> Result<UgiPlayer, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or_else(|| t!("ugi-no-command"))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| {
                t!(
                    "ugi-cannot-start",
                    program = format!("{program:?}"),
                    error = crate::i18n::io_reason(&e)
                )
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            // Both were asked for above; a missing one is a spawn failure.
            let _ = child.kill();
            let _ = child.wait();
            return Err(t!("ugi-no-pipes", program = format!("{program:?}")));
        };
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut p = UgiPlayer {
            command: command.to_string(),
            child,
            stdin,
            lines,
            info: None,
        };
        p.send("ugi")?;
        p.expect("ugiok", HANDSHAKE)?;
        p.send(&format!("setoption name game value {game}"))?;
        p.send(&format!("setoption name variant value {variant}"))?;
        p.send("isready")?;
        p.expect("readyok", HANDSHAKE)?;
        Ok(p)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| {
                t!(
                    "ugi-cannot-write",
                    command = format!("{:?}", self.command),
                    error = crate::i18n::io_reason(&e)
                )
            })
    }

    /// Reads lines until one starting with `word`; returns it. An `info
    /// string error` line before it is an error.
    fn expect(&mut self, word: &str, timeout: Duration) -> Result<String, String> {
        let end = Instant::now() + timeout;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(t!(
                        "ugi-no-answer",
                        command = format!("{:?}", self.command),
                        word = word,
                        seconds = timeout.as_secs()
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(t!(
                        "ugi-closed",
                        command = format!("{:?}", self.command),
                        word = word
                    ))
                }
            };
            let line = line.trim();
            if let Some(e) = line.strip_prefix("info string error:") {
                return Err(t!(
                    "ugi-engine-error",
                    command = format!("{:?}", self.command),
                    error = e.trim()
                ));
            }
            if line.split_whitespace().next() == Some(word) {
                return Ok(line.to_string());
            }
            if let Some(info) = line.strip_prefix("info ") {
                if !info.starts_with("string") {
                    self.info = Some(info.to_string());
                }
            }
        }
    }

    /// Asks for a move after `moves` (their texts) from the position
    /// `start`, with the command `go` (`go movetime 500`) waiting at most
    /// `timeout`; the move's text (`_` read as a space). For `tablero bot`,
    /// which knows the game only by its texts.
    ///
    /// # Errors
    /// When the engine does not answer in time, fails, or is gone.
    pub fn best_move(
        &mut self,
        start: &str,
        moves: &[String],
        go: &str,
        timeout: Duration,
    ) -> Result<String, String> {
        let mut line = format!("position fen {start} moves");
        for m in moves {
            line.push(' ');
            line.push_str(&to_token(m));
        }
        self.send(&line)?;
        self.send(go)?;
        let best = self.expect("bestmove", timeout)?;
        let token = best.split_whitespace().nth(1).unwrap_or("none");
        Ok(token.replace('_', " "))
    }

    /// Asks for a move in the current position; the move's text.
    fn ask<G: Game>(&mut self, history: &History<G>, limits: &Limits) -> Result<String, String> {
        let start = history.start().position_string();
        let moves: Vec<String> = history
            .positions()
            .iter()
            .zip(history.moves())
            .map(|(pos, &mv)| pos.format_move(mv))
            .collect();
        let mut go = String::from("go");
        // The caller's time, cut to a clock's bound (the engine's own
        // budget is not known here: a clock's bound is its movetime).
        let movetime = tablero_ai::bot::time_bound(None, limits);
        if let Some(t) = movetime {
            go.push_str(&format!(" movetime {}", t.as_millis()));
        }
        if let Some(n) = limits.nodes {
            go.push_str(&format!(" nodes {n}"));
        }
        if let Some(d) = limits.depth {
            go.push_str(&format!(" depth {d}"));
        }
        let timeout = movetime.map_or(NO_LIMIT, |t| 2 * t + HANDSHAKE);
        self.best_move(&start, &moves, &go, timeout)
    }
}

impl<G: Game> Bot<G> for UgiPlayer {
    fn name(&self) -> String {
        format!("ugi({})", self.command)
    }

    /// The engine's move. When the engine fails (no answer, an error, a
    /// move that does not parse) the failure is written to standard error
    /// and the first legal move is played, so that a match goes on; the
    /// message says that the game no longer measures the engine.
    fn choose(&mut self, history: &History<G>, limits: &Limits) -> G::Move {
        let pos = history.current();
        let answer = self.ask(history, limits).and_then(|text| {
            pos.parse_move(&text).map_err(|e| {
                let reason = crate::i18n::message(&tablero_core::Localize::message(&e));
                format!("{text:?}: {reason}")
            })
        });
        match answer {
            Ok(mv) => mv,
            Err(e) => {
                eprintln!(
                    "{}",
                    t!(
                        "ugi-failed",
                        command = format!("{:?}", self.command),
                        error = e
                    )
                );
                let mut moves = G::MoveList::default();
                pos.legal_moves(&mut moves);
                moves.as_slice()[0]
            }
        }
    }

    fn new_game(&mut self) {
        // A write error shows again at the next move, with its message.
        let _ = self.send("uginewgame");
    }

    fn info(&self) -> Option<String> {
        self.info.clone()
    }
}

impl Drop for UgiPlayer {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let end = Instant::now() + Duration::from_secs(2);
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
