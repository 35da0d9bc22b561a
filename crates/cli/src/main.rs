//! `tablero`: play, study and test tablero's games from the command line.

mod arena;
mod bench;
mod common;
mod engine;
mod lab;
mod moves;
mod perft;
mod play;
mod render;
mod serve;
mod solve;

use clap::{Parser, Subcommand, ValueEnum};
use std::process::ExitCode;

/// Play, study and test Imago, Jarmo, Linja and Super Dimensiones.
///
/// Every command that takes `--json` prints exactly one JSON value on
/// standard output; errors go to standard error with a non-zero exit code.
#[derive(Parser, Debug)]
#[command(name = "tablero", version, about, long_about = None, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The games tablero knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    /// Imago: two pieces each on a 6x6 grid; your step pushes an opponent piece.
    Imago,
    /// Jarmo: five archers each on an asymmetric board; bring them to the enemy's first row.
    Jarmo,
    /// Linja: twelve pieces each race across seven sticks; a first move decides the following one.
    Linja,
    /// Super Dimensiones: two draughts sub-games on one 6x6 board; five cards set the rules.
    Dimensiones,
    /// Draughts on 8x8 (verification configurations: russian, turkish, english).
    Draughts,
}

/// Runs `$body` with the type alias `$G` set to the game named by `$name`.
/// Adding a game to the command line is one variant of [`GameName`] and one
/// arm here.
macro_rules! with_game {
    ($name:expr, $G:ident => $body:expr) => {
        match $name {
            $crate::GameName::Imago => {
                type $G = tablero_games::imago::Imago;
                $body
            }
            $crate::GameName::Jarmo => {
                type $G = tablero_games::jarmo::Jarmo;
                $body
            }
            $crate::GameName::Dimensiones => {
                type $G = tablero_games::dimensiones::Dimensiones;
                $body
            }
            $crate::GameName::Draughts => {
                type $G = tablero_games::draughts::Draughts;
                $body
            }
            $crate::GameName::Linja => {
                type $G = tablero_games::linja::Linja;
                $body
            }
        }
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
    /// Solve a game exactly (Imago: every position of a layout).
    Solve(solve::Args),
    /// Measure random playouts per second from the start position.
    Bench(bench::Args),
    /// Play a match between two computer players, with Elo and SPRT.
    Match(arena::Args),
    /// Speak the UGI engine protocol on standard input and output.
    Engine(engine::Args),
    /// The designer's lab: survey variants for balance, decisiveness and depth.
    Lab(lab::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Serve(a) => serve::run(&a),
        Command::Play(a) => play::run(&a),
        Command::Perft(a) => perft::run(&a),
        Command::Moves(a) => moves::run(&a),
        Command::Solve(a) => solve::run(&a),
        Command::Bench(a) => bench::run(&a),
        Command::Match(a) => arena::run(&a),
        Command::Engine(a) => engine::run(&a),
        Command::Lab(a) => lab::run(&a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
