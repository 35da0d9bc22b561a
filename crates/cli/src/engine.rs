//! `tablero engine`: the UGI protocol (the UCI generalisation of the
//! cutegames runner) on standard input and output. See
//! `docs/engine-protocol.md`.

use crate::GameName;
use anyhow::Result;
use clap::ValueEnum;
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;
use tablero_ai::table::{self, Computer, GameTable, Seat};
use tablero_ai::Limits;
use tablero_core::Player;

/// Speak UGI on standard input and output.
///
/// Moves travel as one token each: the game's notation with every space
/// written as `_` (Imago `b2-c2_g5`). Unknown commands are ignored;
/// malformed ones get an `info string error: ...` line.
#[derive(clap::Args, Debug)]
#[command(after_help = crate::common::SPECS)]
pub struct Args {
    /// The game to start with (`setoption name game value ...` changes it).
    #[arg(default_value = "imago")]
    game: GameName,
    /// The variant to start with.
    #[arg(long, value_name = "V")]
    variant: Option<String>,
    /// The computer player that answers `go` (a spec as in `tablero match`).
    #[arg(long, default_value = "ai:5", value_name = "SPEC")]
    player: String,
    #[command(flatten)]
    pub(crate) tables: crate::tables::TableArgs,
}

/// The engine's game: the shared table of the game being analysed (the
/// same type-erased table the web app plays on) and the computer player
/// that answers `go`, kept between searches.
struct Session {
    table: Box<dyn GameTable>,
    computer: Box<dyn Computer>,
}

fn to_token(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join("_")
}

/// Nobody sits at the engine's table: it only analyses.
const SEATS: [Seat; 2] = [Seat::Computer(None); 2];

impl Session {
    fn new(game: &str, variant: Option<&str>, spec: &str) -> Result<Self, String> {
        let table = table::open(game, variant, None, Player::P1, SEATS)
            .map_err(|e| e.replace(&format!("{game} variant"), "bad variant"))?;
        let computer = table.computer(spec, 1)?;
        Ok(Session { table, computer })
    }

    fn name(&self) -> &'static str {
        self.table.info().name
    }

    fn reopen(&self, variant: &str, fen: Option<&str>) -> Result<Box<dyn GameTable>, String> {
        table::open(self.name(), Some(variant), fen, Player::P1, SEATS)
    }

    fn new_game(&mut self) {
        self.computer.new_game();
        if let Ok(t) = self.reopen(&self.table.variant(), None) {
            self.table = t;
        }
    }

    fn set_variant(&mut self, text: &str) -> Result<(), String> {
        self.table = self
            .reopen(text, None)
            .map_err(|e| e.replace(&format!("{} variant", self.name()), "bad variant"))?;
        self.new_game();
        Ok(())
    }

    fn set_player(&mut self, spec: &str) -> Result<(), String> {
        self.computer = self.table.computer(spec, 1)?;
        Ok(())
    }

    fn position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let mut t = self.reopen(&self.table.variant(), fen)?;
        for (i, token) in moves.iter().enumerate() {
            let text = token.replace('_', " ");
            let seat = t
                .to_move()
                .ok_or_else(|| format!("move {} ({token}): the game is over", i + 1))?;
            t.play(seat, &text)
                .map_err(|e| format!("move {} ({token}): {e}", i + 1))?;
        }
        self.table = t;
        Ok(())
    }

    /// Searches; returns the `info` fields and the `bestmove` token.
    fn go(&mut self, limits: &Limits) -> (Option<String>, String) {
        match self.computer.choose(&*self.table, limits) {
            Some(text) => (self.computer.info(), to_token(&text)),
            None => (None, "none".into()),
        }
    }

    fn gameover(&self) -> bool {
        self.table.outcome().is_some()
    }

    fn p1turn(&self) -> bool {
        self.table.to_move() == Some(0)
    }

    fn result(&self) -> &'static str {
        match self.table.outcome() {
            None => "none",
            Some(o) => match o.winner {
                Some(Player::P1) => "p1win",
                Some(Player::P2) => "p2win",
                None => "draw",
            },
        }
    }
}

fn make_session(game: GameName, variant: Option<&str>, spec: &str) -> Result<Session, String> {
    Session::new(game.name(), variant, spec)
}

/// Reads the limits of a `go` command for the side to move.
fn go_limits(tokens: &[&str], p1: bool) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let (mut time, mut inc) = (None, 0u64);
    let mut i = 0;
    while i < tokens.len() {
        let key = tokens[i];
        if key == "infinite" {
            limits.movetime = Some(Duration::from_secs(86_400));
            i += 1;
            continue;
        }
        let value = tokens
            .get(i + 1)
            .ok_or_else(|| format!("go: {key} needs a value"))?;
        let n: u64 = value
            .parse()
            .map_err(|_| format!("go: {key} {value}: not a number"))?;
        match key {
            "movetime" => limits.movetime = Some(Duration::from_millis(n)),
            "depth" => limits.depth = Some(n.min(64) as u32),
            "nodes" => limits.nodes = Some(n),
            "wtime" | "p1time" if p1 => time = Some(n),
            "btime" | "p2time" if !p1 => time = Some(n),
            "winc" | "p1inc" if p1 => inc = n,
            "binc" | "p2inc" if !p1 => inc = n,
            "wtime" | "btime" | "winc" | "binc" | "p1time" | "p2time" | "p1inc" | "p2inc"
            | "movestogo" => {}
            _ => return Err(format!("go: unknown limit {key}")),
        }
        i += 2;
    }
    if let (Some(t), None) = (time, limits.movetime) {
        // A twentieth of the clock plus most of the increment, never all of it.
        let ms = (t / 20 + inc * 3 / 4).min(t.saturating_sub(50)).max(10);
        limits.movetime = Some(Duration::from_millis(ms));
    }
    Ok(limits)
}

struct Search {
    handle: JoinHandle<Session>,
    stop: Arc<AtomicBool>,
}

fn finish(search: &mut Option<Search>, session: &mut Option<Session>, stop_now: bool) {
    if let Some(s) = search.take() {
        if stop_now {
            s.stop.store(true, Ordering::Relaxed);
        }
        *session = Some(s.handle.join().expect("engine search thread"));
    }
}

pub fn run(args: &Args) -> Result<()> {
    let mut session = Some(
        make_session(args.game, args.variant.as_deref(), &args.player)
            .map_err(anyhow::Error::msg)?,
    );
    let mut search: Option<Search> = None;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        // A line that is not UTF-8 is answered, not fatal: the engine stays up.
        let Ok(line) = std::str::from_utf8(&bytes) else {
            println!("info string error: the line is not valid UTF-8");
            continue;
        };
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = tokens.first() else {
            continue;
        };
        match command {
            "isready" => {
                println!("readyok");
                continue;
            }
            "stop" => {
                finish(&mut search, &mut session, true);
                continue;
            }
            "quit" => {
                finish(&mut search, &mut session, true);
                break;
            }
            _ => finish(&mut search, &mut session, false),
        }
        let s = session.as_mut().expect("no search running");
        let result = match command {
            "ugi" | "uci" => {
                println!("id name tablero {}", env!("CARGO_PKG_VERSION"));
                println!("id author the tablero developers");
                let games: Vec<String> = GameName::value_variants()
                    .iter()
                    .filter_map(|g| g.to_possible_value().map(|v| v.get_name().to_string()))
                    .collect();
                println!(
                    "option name game type combo default {} var {}",
                    s.name(),
                    games.join(" var ")
                );
                println!("option name variant type string default default");
                println!("option name player type string default {}", args.player);
                println!("{}", if command == "uci" { "uciok" } else { "ugiok" });
                Ok(())
            }
            "uginewgame" | "ucinewgame" => {
                s.new_game();
                Ok(())
            }
            "setoption" => setoption(&tokens, &mut session, args),
            "position" => {
                let moves_at = tokens.iter().position(|&t| t == "moves");
                let moves: &[&str] = moves_at.map_or(&[], |i| &tokens[i + 1..]);
                let head = &tokens[1..moves_at.unwrap_or(tokens.len())];
                match head.first() {
                    Some(&"startpos") if head.len() == 1 => s.position(None, moves),
                    Some(&"fen") if head.len() > 1 => s.position(Some(&head[1..].join(" ")), moves),
                    _ => Err("position: expected `startpos` or `fen <position>`, then optionally `moves ...`".into()),
                }
            }
            "go" => match go_limits(&tokens[1..], s.p1turn()) {
                Ok(mut limits) => {
                    let stop = Arc::new(AtomicBool::new(false));
                    limits.stop = Some(Arc::clone(&stop));
                    let mut owned = session.take().expect("session");
                    let handle = std::thread::spawn(move || {
                        let (info, best) = owned.go(&limits);
                        if let Some(i) = info {
                            println!("info {i}");
                        }
                        println!("bestmove {best}");
                        owned
                    });
                    search = Some(Search { handle, stop });
                    Ok(())
                }
                Err(e) => Err(e),
            },
            "query" => {
                match tokens.get(1).copied() {
                    Some("gameover") => println!("response {}", s.gameover()),
                    Some("p1turn") => println!("response {}", s.p1turn()),
                    Some("result") => println!("response {}", s.result()),
                    _ => println!("info string error: query gameover, p1turn or result"),
                }
                Ok(())
            }
            _ => Ok(()),
        };
        if let Err(e) = result {
            println!("info string error: {e}");
        }
    }
    finish(&mut search, &mut session, true);
    Ok(())
}

fn setoption(tokens: &[&str], session: &mut Option<Session>, args: &Args) -> Result<(), String> {
    let name_at = tokens
        .iter()
        .position(|&t| t == "name")
        .ok_or("setoption: expected `name <id> value <x>`")?;
    let value_at = tokens
        .iter()
        .position(|&t| t == "value")
        .filter(|&v| v > name_at);
    let name = tokens[name_at + 1..value_at.unwrap_or(tokens.len())].join(" ");
    if name.is_empty() {
        return Err("setoption: expected `name <id> value <x>` (the name is missing)".into());
    }
    let value = value_at
        .map(|i| tokens[i + 1..].join(" "))
        .unwrap_or_default();
    let s = session.as_mut().expect("session");
    match name.to_lowercase().as_str() {
        "game" => {
            let game =
                GameName::from_str(&value, true).map_err(|_| format!("unknown game {value:?}"))?;
            *session = Some(make_session(game, None, &args.player)?);
            Ok(())
        }
        "variant" => s.set_variant(&value),
        "player" => s.set_player(&value),
        _ => Ok(()),
    }
}
