//! `tablero solve`.

mod dimensiones;
pub(crate) mod table;

use crate::common::{print_json, Setup};
use crate::i18n::t;
use crate::render::CliGame;
use crate::GameName;
use anyhow::{bail, Result};
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;
use tablero_ai::solve::imago::{ImagoSolution, Value};
use tablero_ai::solve::linja::Solver as LinjaSolver;
use tablero_core::{Game, Player};
use tablero_games::imago::Imago;
use tablero_games::linja::Linja;

/// Solve a game exactly.
///
/// Imago: every placement of the four pieces with either side to move, by
/// retrograde analysis; prints the counts by value (for the side to move) and
/// the value of the start position with each colour moving first. With
/// --position and/or --moves: that position's value for its side to move and
/// every legal move's value for the mover.
///
/// Linja: the position given by --position and/or --moves (the start by
/// default), by an exact memoized search to the end of the game; prints the
/// final score difference for the side to move under perfect play and a best
/// move. Only positions near the end are within reach, unless a table is
/// given: `--build-table FILE` computes the value of every position by
/// layers (resuming an interrupted build), `--table FILE` answers from it
/// at once, and `--verify --table FILE` checks it.
///
/// Super Dimensiones (rule sets with cards M and W): `--build-table FILE`
/// builds the endgame table of the sub-game (every position with at most
/// `--pieces` pieces, with every state of the move cap's clock),
/// `--table FILE` gives the exact value of a position with one sub-game
/// decided and of each of its moves, `--verify --table FILE` checks it.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game.
    game: GameName,
    #[command(flatten)]
    setup: Setup,
    /// Print JSON: Imago `positions`, `wins`, `losses`, `draws`, `start`
    /// (with --position/--moves: `position`, `value`, `moves`);
    /// Linja `score_diff`, `best_move`, `positions`, `seconds`.
    #[arg(long)]
    json: bool,
    /// Linja: give up once the search has stored this many positions
    /// [default: 20000000, a few gigabytes at most; the start is far beyond].
    #[arg(long, value_name = "N")]
    max_positions: Option<u64>,
    /// Linja: build the table of every position's value into FILE (resumes
    /// a build found there).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["table", "position", "moves"])]
    build_table: Option<PathBuf>,
    /// Linja, Super Dimensiones: answer from this table instead of
    /// searching.
    #[arg(long, value_name = "FILE")]
    table: Option<PathBuf>,
    /// Linja: check the table given by --table (checksum, and every value
    /// equal to its best successor's).
    #[arg(long, requires = "table")]
    verify: bool,
    /// Linja: the rules of --build-table, `publisher` or `seed` (the same as
    /// --variant).
    #[arg(long, value_name = "R", conflicts_with = "variant")]
    rules: Option<String>,
    /// Linja: pieces per side off the goal line that --build-table covers
    /// (12: every position; fewer: a small closed part of the game).
    #[arg(long, value_name = "K", default_value_t = 12, value_parser = clap::value_parser!(u32).range(1..=12))]
    free: u32,
    /// Linja: worker threads of --build-table and --verify (default: the
    /// cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// Super Dimensiones: the most pieces (both armies) of the positions
    /// --build-table covers (8: the whole table).
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u8).range(2..=12))]
    pieces: u8,
}

/// Linja's default cap on the positions the search stores.
const DEFAULT_MAX_POSITIONS: u64 = 20_000_000;

pub fn run(args: &Args) -> Result<()> {
    match args.game.name() {
        "imago" => imago(args),
        "linja" => linja(args),
        "dimensiones" => dimensiones::run(args),
        other => bail!(crate::i18n::t!("solve-no-solver", game = other)),
    }
}

fn linja(args: &Args) -> Result<()> {
    if args.build_table.is_some() || args.table.is_some() {
        return table::run(args);
    }
    let history = args.setup.history::<Linja>(Player::P1)?;
    let pos = *history.current();
    let t = Instant::now();
    let cap = args.max_positions.unwrap_or(DEFAULT_MAX_POSITIONS);
    let mut solver = LinjaSolver::with_limit(cap);
    let Some(sol) = solver.solve(&pos) else {
        bail!(crate::i18n::t!("solve-beyond-cap", cap = cap));
    };
    let secs = t.elapsed().as_secs_f64();
    let best = sol.best_move.map(|m| pos.format_move(m));
    if args.json {
        print_json(&json!({
            "score_diff": sol.score_diff,
            "best_move": best,
            "positions": sol.positions,
            "seconds": secs,
        }));
    } else {
        print_fields(
            0,
            &[
                (t!("field-position"), pos.position_string()),
                (
                    t!("field-score-diff"),
                    t!(
                        "solve-score-diff",
                        diff = sol.score_diff,
                        side = Linja::side_label(pos.side_to_move())
                    ),
                ),
                (
                    t!("field-best-move"),
                    best.unwrap_or_else(|| t!("solve-no-best-move")),
                ),
                (t!("field-positions"), sol.positions.to_string()),
            ],
        );
        println!("{}", t!("solve-seconds", seconds = format!("{secs:.3}")));
    }
    Ok(())
}

fn imago(args: &Args) -> Result<()> {
    let layout = args.setup.variant::<Imago>()?;
    for w in layout.warnings() {
        eprintln!("{}", t!("solve-warning", text = crate::i18n::message(&w)));
    }
    let t = Instant::now();
    let sol = ImagoSolution::solve(&layout);
    if args.setup.position.is_some() || args.setup.moves.is_some() {
        return imago_position(args, &sol);
    }
    let secs = t.elapsed().as_secs_f64();
    let s = sol.stats();
    let red = sol.start_value(Player::P1);
    let blue = sol.start_value(Player::P2);
    if args.json {
        print_json(&json!({
            "positions": s.positions,
            "wins": s.wins,
            "losses": s.losses,
            "draws": s.draws,
            "start": {"red": red.word(), "blue": blue.word()},
        }));
    } else {
        print_fields(
            0,
            &[
                (t!("field-layout"), layout.to_string()),
                (t!("field-positions"), s.positions.to_string()),
                (t!("field-wins"), t!("solve-wins", n = s.wins)),
                (t!("field-losses"), s.losses.to_string()),
                (t!("field-draws"), s.draws.to_string()),
            ],
        );
        println!("{}", t!("solve-longest-win", plies = s.longest_win));
        let start = |p: Player, v: Value| {
            let side = Imago::side_label(p);
            (
                t!("solve-start-label", side = side),
                t!("solve-value-for", value = value_text(v), side = side),
            )
        };
        print_fields(0, &[start(Player::P1, red), start(Player::P2, blue)]);
        println!("{}", t!("solve-seconds", seconds = format!("{secs:.3}")));
    }
    Ok(())
}

/// `solve imago` with `--position`/`--moves`: the value of that position
/// for its side to move and each legal move's value for the mover.
fn imago_position(args: &Args, sol: &ImagoSolution) -> Result<()> {
    let history = args.setup.history::<Imago>(Player::P1)?;
    let pos = history.current();
    let value = sol.value(pos);
    let moves: Vec<(String, Value)> = sol
        .move_values(pos)
        .into_iter()
        .map(|(m, v)| (pos.format_move(m), v))
        .collect();
    let plies = |v: Value| match v {
        Value::Win(n) | Value::Loss(n) => Some(n),
        Value::Draw => None,
    };
    if args.json {
        print_json(&json!({
            "position": pos.position_string(),
            "value": {"result": value.word(), "plies": plies(value)},
            "moves": moves.iter().map(|(m, v)| json!({
                "move": m, "result": v.word(), "plies": plies(*v),
            })).collect::<Vec<_>>(),
        }));
    } else {
        let side = Imago::side_label(pos.side_to_move());
        print_fields(
            0,
            &[
                (t!("field-position"), pos.position_string()),
                (
                    t!("field-value"),
                    t!(
                        "solve-value-for-mover",
                        value = value_text(value),
                        side = side
                    ),
                ),
            ],
        );
        for (m, v) in &moves {
            println!("  {m:<12} {}", value_text(*v));
        }
    }
    Ok(())
}

/// Prints what a table's `--verify` found (as JSON with `json`), and fails
/// when the table is damaged.
pub(crate) fn print_verified(r: &tablero_ai::solve::VerifyReport, json: bool) -> Result<()> {
    if json {
        print_json(&json!({
            "checksum_ok": r.checksum_ok,
            "positions": r.positions,
            "mismatches": r.mismatches,
        }));
    } else {
        let checksum = if r.checksum_ok {
            t!("solve-checksum-ok")
        } else {
            t!("solve-checksum-wrong")
        };
        print_fields(
            12,
            &[
                (t!("field-checksum"), checksum),
                (t!("field-positions"), r.positions.to_string()),
                (t!("field-mismatches"), r.mismatches.to_string()),
            ],
        );
    }
    if !r.checksum_ok || r.mismatches > 0 {
        bail!(t!("solve-table-damaged"));
    }
    Ok(())
}

/// Prints `label: value` lines, the labels (in the language in use) padded
/// so that the values start in one column: after the longest label's colon
/// and a space, and at least at column `min`.
pub(crate) fn print_fields(min: usize, rows: &[(String, String)]) {
    let width = rows
        .iter()
        .map(|(label, _)| label.chars().count() + 1)
        .max()
        .unwrap_or(0)
        .max(min.saturating_sub(1));
    for (label, value) in rows {
        println!("{:<width$} {value}", format!("{label}:"));
    }
}

/// A Linja rule set's word (`publisher`, `seed`, as typed) in the language
/// in use (`editorial`, `semilla`, which `--variant` takes too).
pub(crate) fn rules_label(word: &str) -> String {
    match word {
        "publisher" => t!("rules-publisher"),
        "seed" => t!("rules-seed"),
        other => other.to_string(),
    }
}

/// An Imago value for the side to move in the language in use: `win in 5`,
/// `loss in 2`, `draw` (`victoria en 5`, `derrota en 2`, `tablas`).
pub(crate) fn value_text(v: Value) -> String {
    value_words(
        v.word(),
        match v {
            Value::Win(n) | Value::Loss(n) => Some(n),
            Value::Draw => None,
        },
    )
}

/// [`value_text`] from a value's word (`win`, `loss`, `draw`) and its
/// plies, as the lab's studies hold them.
pub(crate) fn value_words(word: &str, plies: Option<u16>) -> String {
    match (word, plies) {
        ("win", Some(n)) => t!("solve-value-win", plies = n),
        ("loss", Some(n)) => t!("solve-value-loss", plies = n),
        ("draw", _) => t!("solve-value-draw"),
        (other, Some(n)) => format!("{other} {n}"),
        (other, None) => other.to_string(),
    }
}
