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
use tablero_ai::table::{self, Computer, GameTable, Seat};
use tablero_ai::ugi::{self, Command, Query};
use tablero_ai::{Limits, Progress};
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

/// A table's refusal as the protocol words it: a variant the game cannot
/// read is `bad variant "V": reason` whatever the game.
fn protocol_error(m: &tablero_core::Message) -> String {
    if m.id() != "table-bad-variant" {
        return m.to_string();
    }
    let arg = |name: &str| {
        m.args()
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, a)| match a {
                tablero_core::Arg::Message(inner) => inner.as_str().to_string(),
                tablero_core::Arg::Text(t) => t.clone(),
                tablero_core::Arg::Number(n) => n.to_string(),
                tablero_core::Arg::Words(w) => {
                    w.first().map(|(_, t)| t.clone()).unwrap_or_default()
                }
            })
    };
    format!(
        "bad variant {}: {}",
        arg("variant").unwrap_or_default(),
        arg("error").unwrap_or_default()
    )
}

/// Nobody sits at the engine's table: it only analyses.
const SEATS: [Seat; 2] = [Seat::Computer(None); 2];

impl Session {
    fn new(game: &str, variant: Option<&str>, spec: &str) -> Result<Self, String> {
        let table = table::open_or_why(game, variant, None, Player::P1, SEATS)
            .map_err(|m| protocol_error(&m))?;
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
        self.table = table::open_or_why(self.name(), Some(text), None, Player::P1, SEATS)
            .map_err(|m| protocol_error(&m))?;
        self.new_game();
        Ok(())
    }

    fn set_player(&mut self, spec: &str) -> Result<(), String> {
        self.computer = self.table.computer(spec, 1)?;
        Ok(())
    }

    fn position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), String> {
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

/// Whether a search's `info` fields report a depth: the search went by
/// depth, so a `go depth N` bounded it.
fn searched_by_depth(info: &str) -> bool {
    info.split_whitespace()
        .take_while(|&w| w != "string")
        .any(|w| w == "depth")
}

fn make_session(game: GameName, variant: Option<&str>, spec: &str) -> Result<Session, String> {
    Session::new(game.name(), variant, spec)
}

struct Search {
    handle: JoinHandle<Session>,
    stop: Arc<AtomicBool>,
    /// `go infinite`: `bestmove` waits for `stop`.
    infinite: bool,
}

/// Waits for the running search to end and takes its session back; with
/// `stop_now`, or when the search is endless (`go infinite`, which only
/// `stop` ends: any other command but `isready` ends it as `stop` would,
/// rather than wait for ever), it is stopped first.
fn finish(search: &mut Option<Search>, session: &mut Option<Session>, stop_now: bool) {
    if let Some(s) = search.take() {
        if stop_now || s.infinite {
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
        let command = match ugi::parse(line) {
            Ok(c) => c,
            Err(e) => {
                // A malformed command is answered once its search is over,
                // as any command other than isready, stop and quit.
                finish(&mut search, &mut session, false);
                println!("info string error: {e}");
                continue;
            }
        };
        match command {
            Command::Empty => continue,
            Command::IsReady => {
                println!("readyok");
                continue;
            }
            Command::Stop => {
                finish(&mut search, &mut session, true);
                continue;
            }
            Command::Quit => {
                finish(&mut search, &mut session, true);
                break;
            }
            _ => finish(&mut search, &mut session, false),
        }
        let s = session.as_mut().expect("no search running");
        let result = match command {
            Command::Hello { uci } => {
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
                println!("{}", if uci { "uciok" } else { "ugiok" });
                Ok(())
            }
            Command::NewGame => {
                s.new_game();
                Ok(())
            }
            Command::SetOption { name, value } => setoption(&name, &value, &mut session, args),
            Command::Position { fen, moves } => s.position(fen.as_deref(), &moves),
            Command::Go(go) => {
                let mut limits = go.limits(s.p1turn());
                let stop = Arc::new(AtomicBool::new(false));
                limits.stop = Some(Arc::clone(&stop));
                // What the search finds, as it finds it: an `info` line per
                // finished iteration (alpha-beta) or interval (MCTS).
                limits.progress = Some(Arc::new(Progress::streaming(|line| {
                    println!("info {line}");
                })));
                let mut owned = session.take().expect("session");
                let flag = Arc::clone(&stop);
                let (infinite, by_depth) = (go.infinite, go.depth.is_some());
                let handle = std::thread::spawn(move || {
                    let (info, best) = owned.go(&limits);
                    if by_depth && !info.as_deref().is_some_and(searched_by_depth) {
                        println!(
                            "info string go depth is not supported by this player \
                             (it searched by its own budget); the alpha-beta players \
                             (ab:..., and the levels that use alpha-beta) support it"
                        );
                    }
                    if let Some(i) = info {
                        println!("info {i}");
                    }
                    // `go infinite`: the search may end by itself (an exact
                    // player, a depth reached); its move waits for `stop`.
                    while infinite && !flag.load(Ordering::Relaxed) {
                        std::thread::sleep(std::time::Duration::from_millis(5));
                    }
                    println!("bestmove {best}");
                    owned
                });
                search = Some(Search {
                    handle,
                    stop,
                    infinite,
                });
                Ok(())
            }
            Command::Query(q) => {
                match q {
                    Query::GameOver => println!("response {}", s.gameover()),
                    Query::P1Turn => println!("response {}", s.p1turn()),
                    Query::Result => println!("response {}", s.result()),
                }
                Ok(())
            }
            Command::Unknown(_)
            | Command::Empty
            | Command::IsReady
            | Command::Stop
            | Command::Quit => Ok(()),
        };
        if let Err(e) = result {
            println!("info string error: {e}");
        }
    }
    finish(&mut search, &mut session, true);
    Ok(())
}

fn setoption(
    name: &str,
    value: &str,
    session: &mut Option<Session>,
    args: &Args,
) -> Result<(), String> {
    let s = session.as_mut().expect("session");
    match name.to_lowercase().as_str() {
        "game" => {
            let game =
                GameName::from_str(value, true).map_err(|_| format!("unknown game {value:?}"))?;
            *session = Some(make_session(game, None, &args.player)?);
            Ok(())
        }
        "variant" => s.set_variant(value),
        "player" => s.set_player(value),
        _ => Ok(()),
    }
}
