//! `tablero solve dimensiones --build-table FILE`, `--table FILE` and
//! `--verify`: the endgame tables of Super Dimensiones' sub-game
//! (`tablero_ai::solve::dimensiones_table`).

use super::{print_fields, Args};
use crate::common::print_json;
use crate::i18n::t;
use anyhow::{anyhow, bail, Result};
use indicatif::ProgressBar;
use serde_json::json;
use tablero_ai::solve::dimensiones_table::{
    build, exact_moves, install, probe, BuildOptions, BuildOrder, BuildProgress, Sub, Table,
    TableError, TableRules, Wdl,
};
use tablero_core::{Game, Player};
use tablero_games::dimensiones::{Dimensiones, RuleSet};

pub fn run(args: &Args) -> Result<()> {
    if let Some(path) = &args.build_table {
        return build_table(args, path);
    }
    let Some(path) = args.table.as_ref() else {
        bail!(t!("solve-dimensiones-needs-table"));
    };
    let table = Table::open(path).map_err(|e| cannot_open(path, &e))?;
    if args.verify {
        return verify(args, path, &table);
    }
    answer(args, table)
}

fn cannot_open(path: &std::path::Path, e: &TableError) -> anyhow::Error {
    anyhow!(t!(
        "table-cannot-open",
        path = path.display().to_string(),
        error = crate::i18n::dimensiones_table_reason(e)
    ))
}

/// The table rules of `--variant` (default `M-C-N-W-R`): a rule set with
/// cards M and W, without `huff`.
fn rules(args: &Args) -> Result<TableRules> {
    let text = args.setup.variant.as_deref().unwrap_or("M-C-N-W-R");
    let set: RuleSet = text
        .parse()
        .map_err(|e| anyhow!(crate::i18n::message(&tablero_core::Localize::message(&e))))?;
    TableRules::of(&set).ok_or_else(|| anyhow!(t!("solve-dimensiones-no-subgame", rules = text)))
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
        "solve-slice",
        slice = p.slice.name(),
        done = p.slices_done,
        slices = p.slices
    ));
}

fn threads(args: &Args) -> usize {
    args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    )
}

fn build_table(args: &Args, path: &std::path::Path) -> Result<()> {
    let rules = rules(args)?;
    let pieces = args.pieces;
    let pb = bar(0);
    let report = build(
        path,
        &BuildOptions {
            rules,
            pieces,
            threads: threads(args),
            stop_after: None,
            order: BuildOrder::Canonical,
        },
        |p| show(&pb, p),
    )
    .map_err(|e| {
        anyhow!(t!(
            "table-cannot-build",
            path = path.display().to_string(),
            error = crate::i18n::dimensiones_table_reason(&e)
        ))
    })?;
    pb.finish_and_clear();
    let table = Table::open(path).map_err(|e| cannot_open(path, &e))?;
    if args.json {
        print_json(&json!({
            "rules": rules.to_string(),
            "pieces": table.pieces(),
            "entries": table.entries(),
            "bands": table.bands(),
            "checksum": format!("{:016x}", table.checksum()),
            "resumed_slices": report.resumed_slices,
            "seconds": report.seconds,
        }));
    } else {
        print_fields(
            12,
            &[
                (
                    t!("field-table"),
                    t!(
                        "solve-dimensiones-table",
                        path = path.display().to_string(),
                        rules = rules.to_string(),
                        pieces = table.pieces()
                    ),
                ),
                (t!("field-entries"), table.entries().to_string()),
                (t!("field-checksum"), format!("{:016x}", table.checksum())),
            ],
        );
        if report.resumed_slices > 0 {
            println!(
                "{}",
                t!(
                    "solve-resumed-slices",
                    done = report.resumed_slices,
                    slices = report.slices
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

fn verify(args: &Args, path: &std::path::Path, table: &Table) -> Result<()> {
    let r = table.verify(threads(args)).map_err(|e| {
        anyhow!(t!(
            "table-cannot-verify",
            path = path.display().to_string(),
            error = crate::i18n::io_reason(&e)
        ))
    })?;
    super::print_verified(&r, args.json)?;
    Ok(())
}

fn wdl_text(v: Wdl) -> String {
    match v {
        Wdl::Win => t!("solve-subgame-win"),
        Wdl::Draw => t!("solve-subgame-draw"),
        Wdl::Loss => t!("solve-subgame-loss"),
    }
}

/// The value of the position given (the start by default, which no table
/// covers) and of each of its moves.
fn answer(args: &Args, table: Table) -> Result<()> {
    let mut setup = args.setup.clone();
    let rules = table.rules();
    if setup.variant.is_none() {
        setup.variant = Some(rules.to_string());
    }
    let history = setup.history::<Dimensiones>(Player::P1)?;
    let pos = history.current().clone();
    if TableRules::of(pos.variant()) != Some(rules) {
        bail!(t!(
            "table-wrong-rules",
            table = rules.to_string(),
            position = pos.variant().to_string()
        ));
    }
    let pieces = table.pieces();
    // The command's own table answers (a process has one per rule set).
    let _ = install(table);
    let (Some(value), Some(moves)) = (probe(&pos), exact_moves(&pos)) else {
        // Both sub-games open: the sub-game of the army to move alone.
        let army = pos
            .army()
            .ok_or_else(|| anyhow!(t!("solve-no-best-move")))?;
        let sub = Sub::of_army(&pos, army);
        let steps = tablero_ai::solve::dimensiones_table::installed(rules)
            .and_then(|t| t.steps(&sub))
            .ok_or_else(|| anyhow!(t!("solve-dimensiones-not-covered", pieces = pieces)))?;
        let v = steps.at(60 - pos.clock().min(59));
        if args.json {
            print_json(&json!({
                "position": pos.position_string(),
                "exact": false,
                "subgame": v.word(),
            }));
        } else {
            print_fields(
                12,
                &[
                    (t!("field-position"), pos.position_string()),
                    (
                        t!("field-subgame"),
                        t!(
                            "solve-dimensiones-subgame-alone",
                            value = wdl_text(v),
                            army = army.name()
                        ),
                    ),
                ],
            );
        }
        return Ok(());
    };
    let best: Vec<String> = moves
        .iter()
        .filter(|m| m.margin == value.margin)
        .map(|m| pos.format_move(m.mv))
        .collect();
    if args.json {
        print_json(&json!({
            "position": pos.position_string(),
            "exact": true,
            "subgame": value.subgame.word(),
            "margin": value.margin,
            "best_moves": best,
            "moves": moves.iter().map(|m| json!({
                "move": pos.format_move(m.mv),
                "subgame": m.subgame.word(),
                "margin": m.margin,
            })).collect::<Vec<_>>(),
        }));
    } else {
        print_fields(
            12,
            &[
                (t!("field-position"), pos.position_string()),
                (
                    t!("field-subgame"),
                    t!(
                        "solve-dimensiones-subgame",
                        value = wdl_text(value.subgame),
                        left = value.left
                    ),
                ),
                (
                    t!("field-score-diff"),
                    t!(
                        "solve-score-diff",
                        diff = value.margin,
                        side =
                            <Dimensiones as crate::render::CliGame>::side_label(pos.side_to_move())
                    ),
                ),
                (
                    t!("field-best-moves"),
                    t!(
                        "solve-best-moves",
                        best = best.len(),
                        all = moves.len(),
                        list = best.join(", ")
                    ),
                ),
            ],
        );
    }
    Ok(())
}
