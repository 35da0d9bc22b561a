//! `tablero`: play, study and test tablero's games from the command line.

/// `println!` that ends the program quietly on a closed pipe (see [`out`]).
macro_rules! println {
    () => {
        $crate::out::write(format_args!(""), true)
    };
    ($($arg:tt)*) => {
        $crate::out::write(format_args!($($arg)*), true)
    };
}

/// `print!` that ends the program quietly on a closed pipe (see [`out`]).
macro_rules! print {
    ($($arg:tt)*) => {
        $crate::out::write(format_args!($($arg)*), false)
    };
}

mod arena;
mod bench;
mod bot;
mod common;
mod engine;
mod i18n;
mod lab;
mod moderator;
mod moves;
mod out;
mod perft;
mod play;
mod print;
mod puzzles;
mod render;
mod review;
mod serve;
mod session;
mod solve;
mod tables;
mod tournament;
mod tui;
mod ugi_player;

/// mimalloc: the server answers every move with many small allocations
/// (JSON, sockets, the store), where the system allocator cost about a
/// quarter of its CPU time (docs/web-api.md, "Load").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use std::process::ExitCode;

/// Play, study and test two-player abstract games: the games of the registry
/// (each command lists them).
///
/// Every command that takes `--json` prints exactly one JSON value on
/// standard output; errors go to standard error with a non-zero exit code.
#[derive(Parser, Debug)]
#[command(name = "tablero", version, about, long_about = None, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The language of the texts: en or es [default: from LC_ALL,
    /// LC_MESSAGES or LANG]. The engine protocol stays in English.
    #[arg(long, global = true, value_name = "LANG", value_parser = ["en", "es"])]
    lang: Option<String>,
}

/// A game named on the command line: one of the games of the registry
/// (`tablero_games::GAMES`), whose description gives its name and help.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameName(pub &'static tablero_games::GameInfo);

impl GameName {
    /// The game's name, as the command line and URLs write it.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.0.name
    }
}

static GAME_NAMES: std::sync::LazyLock<Vec<GameName>> =
    std::sync::LazyLock::new(|| tablero_games::GAMES.iter().map(|&g| GameName(g)).collect());

impl ValueEnum for GameName {
    fn value_variants<'a>() -> &'a [Self] {
        GAME_NAMES.as_slice()
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(
            clap::builder::PossibleValue::new(self.0.name)
                .help(self.0.summary.get(i18n::lang().code())),
        )
    }
}

/// Runs `$body` with the type alias `$G` set to the game named by `$name`
/// (a [`GameName`]); the games come from the registry in `tablero-games`.
macro_rules! with_game {
    ($name:expr, $G:ident => $body:expr) => {
        tablero_games::with_game!($name.name(), $G => $body, else {
            unreachable!("a GameName is a game of the registry")
        })
    };
}
pub(crate) use with_game;

#[derive(Subcommand, Debug)]
enum Command {
    /// Serve the web app: play every game in the browser.
    Serve(serve::Args),
    /// Play a game in the terminal, against a person or the computer.
    Play(play::Args),
    /// Count the move paths of each length from a position (move generator check).
    Perft(perft::Args),
    /// Show a position, its side to move, its result and its legal moves.
    Moves(moves::Args),
    /// Solve a game exactly, where tablero has an exact solver (see `solve --help`).
    Solve(solve::Args),
    /// Measure random playouts per second from the start position.
    Bench(bench::Args),
    /// Play a match between two computer players, with Elo and SPRT.
    Match(arena::Args),
    /// Speak the UGI engine protocol on standard input and output.
    Engine(engine::Args),
    /// The designer's lab: survey variants for balance, decisiveness and depth.
    Lab(lab::Args),
    /// Write a game's print-and-play kit (board, pieces, cards, rules) as PDF or SVG.
    Print(print::Args),
    /// Review a saved game: a verdict for every move, the move where the result slipped, accuracy.
    Review(review::Args),
    /// Mine puzzles from self-play and saved games, each with its proof.
    Puzzles(puzzles::Args),
    /// Solve puzzles at the terminal: right or wrong at once, a streak, a rating.
    Puzzle(puzzles::PlayArgs),
    /// Give an account the moderator's role in the web app's chat, take it back, or list the moderators.
    Moderator(moderator::Args),
    /// Play on a tablero server as a bot account, with a UGI engine.
    Bot(bot::Args),
    /// Run a round-robin, gauntlet or Swiss tournament between computer players or UGI engines.
    Tournament(tournament::Args),
}

fn main() -> ExitCode {
    // The language is chosen before parsing, so that the help and clap's
    // errors can already speak it.
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    i18n::set(i18n::from_args_and_env(&args));
    let mut command = i18n::localize_help(Cli::command()).mut_subcommand("play", play::localize);
    let cli = match command
        .try_get_matches_from_mut(args)
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(e) => i18n::exit_on_clap_error(&e),
    };
    let result = tables::install(&cli.command).and_then(|()| match cli.command {
        Command::Serve(a) => serve::run(&a),
        Command::Play(a) => play::run(&a),
        Command::Perft(a) => perft::run(&a),
        Command::Moves(a) => moves::run(&a),
        Command::Solve(a) => solve::run(&a),
        Command::Bench(a) => bench::run(&a),
        Command::Match(a) => arena::run(&a),
        Command::Engine(a) => engine::run(&a),
        Command::Lab(a) => lab::run(&a),
        Command::Print(a) => print::run(&a),
        Command::Review(a) => review::run(&a),
        Command::Puzzles(a) => puzzles::run(&a),
        Command::Puzzle(a) => puzzles::play(&a),
        Command::Moderator(a) => moderator::run(&a),
        Command::Bot(a) => bot::run(&a),
        Command::Tournament(a) => tournament::run(&a),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{}", i18n::t!("error-prefix", error = i18n::chain(&e)));
            ExitCode::from(2)
        }
    }
}
