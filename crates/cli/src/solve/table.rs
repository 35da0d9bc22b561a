//! `tablero solve linja --build-table FILE`, `--table FILE` and `--verify`:
//! the table of every Linja position's value (`tablero_ai::solve::linja_table`).

use super::{print_fields, Args};
use crate::common::print_json;
use crate::i18n::t;
use crate::render::CliGame;
use anyhow::{anyhow, bail, Result};
use indicatif::ProgressBar;
use serde_json::json;
use tablero_ai::solve::linja_table::{build, BuildOptions, BuildProgress, Table, TableError};
use tablero_core::{Game, Player};
use tablero_games::linja::{Linja, Rules};

pub fn run(args: &Args) -> Result<()> {
    if let Some(path) = &args.build_table {
        return build_table(args, path);
    }
    let path = args.table.as_ref().expect("run is called with a table");
    if args.verify {
        return verify(args, path);
    }
    let table = Table::open(path).map_err(|e| cannot_open(path, &e))?;
    let mut setup = args.setup.clone();
    if setup.variant.is_none() {
        setup.variant = Some(table.rules().to_string());
    }
    let history = setup.history::<Linja>(Player::P1)?;
    let pos = *history.current();
    if pos.rules() != table.rules() {
        bail!(t!(
            "table-wrong-rules",
            table = super::rules_label(&table.rules().to_string()),
            position = super::rules_label(&pos.rules().to_string())
        ));
    }
    let Some(moves) = table.scored_moves(&pos)? else {
        bail!(t!("table-not-covered", free = table.free()));
    };
    let value = table
        .value(&pos)?
        .expect("a position with scored moves is covered");
    let best: Vec<String> = moves
        .iter()
        .filter(|m| m.1 == value)
        .map(|m| pos.format_move(m.0))
        .collect();
    if args.json {
        print_json(&json!({
            "score_diff": value,
            "best_move": best.first(),
            "best_moves": best,
            "moves": moves.iter().map(|m| json!({"move": pos.format_move(m.0), "score_diff": m.1})).collect::<Vec<_>>(),
        }));
    } else {
        let best_row = if best.is_empty() {
            (t!("field-best-move"), t!("solve-no-best-move"))
        } else {
            (
                t!("field-best-moves"),
                t!(
                    "solve-best-moves",
                    best = best.len(),
                    all = moves.len(),
                    list = best.join(", ")
                ),
            )
        };
        print_fields(
            12,
            &[
                (t!("field-position"), pos.position_string()),
                (
                    t!("field-score-diff"),
                    t!(
                        "solve-score-diff",
                        diff = value,
                        side = Linja::side_label(pos.side_to_move())
                    ),
                ),
                best_row,
            ],
        );
    }
    Ok(())
}

/// A table file that cannot be opened: its name and why, in the language
/// in use.
pub(crate) fn cannot_open(path: &std::path::Path, e: &TableError) -> anyhow::Error {
    anyhow!(t!(
        "table-cannot-open",
        path = path.display().to_string(),
        error = crate::i18n::table_reason(e)
    ))
}

/// A table that cannot be built: the file's name and why, in the language
/// in use.
pub(crate) fn cannot_build(path: &std::path::Path, e: &TableError) -> anyhow::Error {
    anyhow!(t!(
        "table-cannot-build",
        path = path.display().to_string(),
        error = crate::i18n::table_reason(e)
    ))
}

fn threads(args: &Args) -> usize {
    args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    )
}

fn bar(entries: u64) -> ProgressBar {
    let bar = ProgressBar::new(entries);
    bar.set_style(
        crate::out::bar_style(&format!(
            "{{msg}} [{{elapsed_precise}}] [{{wide_bar}}] {{percent}}% {} {{eta}}",
            t!("bar-eta").replace(['{', '}'], "")
        ))
        .progress_chars("=> "),
    );
    bar
}

fn show(bar: &ProgressBar, p: &BuildProgress) {
    bar.set_length(p.entries);
    bar.set_position(p.entries_done);
    bar.set_message(t!(
        "solve-layer",
        layer = format!("{:>3}", p.layer),
        done = p.layers_done,
        layers = p.layers
    ));
}

fn build_table(args: &Args, path: &std::path::Path) -> Result<()> {
    let text = args.rules.as_deref().or(args.setup.variant.as_deref());
    let rules: Rules = match text {
        Some(t) => t
            .parse::<Rules>()
            .map_err(|e| anyhow!(crate::i18n::message(&tablero_core::Localize::message(&e))))?,
        None => Rules::default(),
    };
    let threads = threads(args);
    let pb = bar(0);
    let report = build(
        path,
        &BuildOptions {
            rules,
            free: args.free,
            threads,
            stop_after: None,
        },
        |p| show(&pb, p),
    )
    .map_err(|e| cannot_build(path, &e))?;
    pb.finish_and_clear();
    let table = Table::open(path).map_err(|e| cannot_open(path, &e))?;
    // The start is symmetric: with Black first it is the mirror image of
    // the start with Red first, so one value answers both.
    let start = if table.free() == 12 {
        let pos = Linja::start_with(&rules, Player::P1);
        let moves = table
            .scored_moves(&pos)?
            .expect("the whole table covers the start");
        let value = moves[0].1;
        Some((
            value,
            moves.iter().filter(|m| m.1 == value).count(),
            moves.len(),
        ))
    } else {
        None
    };
    if args.json {
        print_json(&json!({
            "rules": rules.to_string(),
            "free": table.free(),
            "entries": table.entries(),
            "checksum": format!("{:016x}", table.checksum()),
            "resumed_layers": report.resumed_layers,
            "seconds": report.seconds,
            "start": start.map(|s| json!({"score_diff": s.0, "best_moves": s.1, "moves": s.2})),
        }));
    } else {
        let mut rows = vec![
            (
                t!("field-table"),
                t!(
                    "solve-table",
                    path = path.display().to_string(),
                    rules = super::rules_label(&rules.to_string()),
                    free = table.free()
                ),
            ),
            (t!("field-entries"), table.entries().to_string()),
            (t!("field-checksum"), format!("{:016x}", table.checksum())),
        ];
        if let Some((value, keep, all)) = start {
            rows.push((
                t!("field-start"),
                t!("solve-table-start", value = value, keep = keep, all = all),
            ));
        }
        print_fields(12, &rows);
        if report.resumed_layers > 0 {
            println!(
                "{}",
                t!(
                    "solve-resumed",
                    done = report.resumed_layers,
                    layers = report.layers
                )
            );
        }
        println!(
            "{}",
            t!("solve-built", seconds = format!("{:.1}", report.seconds))
        );
    }
    Ok(())
}

fn verify(args: &Args, path: &std::path::Path) -> Result<()> {
    let table = Table::open(path).map_err(|e| cannot_open(path, &e))?;
    let pb = bar(table.entries());
    let r = table.verify(threads(args), |p| show(&pb, p)).map_err(|e| {
        anyhow!(t!(
            "table-cannot-verify",
            path = path.display().to_string(),
            error = crate::i18n::io_reason(&e)
        ))
    })?;
    pb.finish_and_clear();
    super::print_verified(&r, args.json)?;
    Ok(())
}
