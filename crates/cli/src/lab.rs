//! `tablero lab`: the designer's lab (see docs/lab.md).

use crate::common::print_json;
use crate::i18n::t;
use crate::render::CliGame;
use crate::solve::value_words;
use crate::GameName;
use anyhow::{anyhow, bail, Context, Result};
use indicatif::ProgressBar;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Instant;
use tablero_core::Localize;
use tablero_games::imago::Layout;
use tablero_lab::imago::{board_svg, search, study_layout, LayoutStudy, SearchConfig};
use tablero_lab::{run_survey, summarize, write_report_in, LabGame, Matchup, Store, SurveyConfig};

/// Survey a game's variants: balance, decisiveness, length, depth.
///
/// Plays self-play games per variant in colour-swapped pairs from seeded
/// random openings on every core, saves every game (figures and record,
/// with its opening) in DIR/lab.sqlite and DIR/records/, and writes a report
/// with 95 % intervals: DIR/index.html with SVG plots and DIR/report.json.
/// A survey that was interrupted resumes from DIR/lab.sqlite when run again
/// with the same options. `--ladder 1,3,5` plays each level against the
/// next one up instead (the skill gradient).
///
/// Imago without --level, --players or --ladder answers from the exact
/// solver per layout; `--search-layouts` searches wall layouts.
///
/// With `--database postgres://...` the units go into PostgreSQL; this
/// process and any number of `tablero lab worker --database ...` processes
/// on any machines play them, and this one writes the report.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game (imago, jarmo, linja, dimensiones, draughts), or `worker`
    /// to play units queued in --database.
    #[arg(value_name = "GAME|worker")]
    game: String,
    /// A PostgreSQL database holding the work queue and the results.
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    /// The variants: `all`, or a comma-separated list (default: the
    /// game's default variant).
    #[arg(long, value_name = "all|V1,V2,...")]
    variants: Option<String>,
    /// One more variant (repeatable; for texts with commas, like Imago
    /// layouts); `@FILE` reads it from a file.
    #[arg(long, value_name = "V")]
    variant: Vec<String>,
    /// Both players at this level (1-5).
    #[arg(long, value_name = "N", conflicts_with_all = ["players", "ladder"])]
    level: Option<u8>,
    /// Two player specs A,B (as in `tablero match`): A plays first in the
    /// first game of each pair.
    #[arg(long, value_name = "A,B", conflicts_with = "ladder")]
    players: Option<String>,
    /// The skill ladder: each level against the next one up, per variant.
    #[arg(long, value_name = "L1,L2,...")]
    ladder: Option<String>,
    /// Games per variant (and per ladder rung), rounded up to pairs.
    #[arg(long, default_value_t = 20)]
    games: u32,
    /// Random plies before each pair of games.
    #[arg(long, default_value_t = 2)]
    openings: u32,
    /// The survey's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The report folder (default `lab-GAME`); it also holds the saved
    /// results the survey resumes from.
    #[arg(long, value_name = "DIR")]
    report: Option<PathBuf>,
    /// Threads playing games (default: every core).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Print one JSON value with every figure.
    #[arg(long)]
    json: bool,
    /// Imago: search wall layouts with the default start cells.
    #[arg(long)]
    search_layouts: bool,
    /// Imago: walls per layout in the search.
    #[arg(long, default_value_t = 2, value_name = "K")]
    walls: usize,
    /// Imago: only layouts that are their own mirror image (fair to both
    /// colours).
    #[arg(long)]
    symmetric: bool,
    /// Imago: the most layouts the search solves; beyond, it samples.
    #[arg(long, default_value_t = 3000, value_name = "N")]
    max_layouts: usize,
    /// Imago: layouts kept in the search's ranking.
    #[arg(long, default_value_t = 12, value_name = "N")]
    top: usize,
    /// Linja: answer from an endgame table instead of playing games
    /// (`--table FILE` or `--free K`).
    #[arg(long, conflicts_with_all = ["level", "players", "ladder"])]
    exact: bool,
    /// Linja's exact lab: the table file (`tablero solve linja
    /// --build-table FILE`).
    #[arg(long, value_name = "FILE", requires = "exact", conflicts_with = "free")]
    table: Option<PathBuf>,
    /// Linja's exact lab: build (or reuse) a table of K free pieces per
    /// side in the report folder, for the rules of --variants (default
    /// publisher).
    #[arg(long, value_name = "K", requires = "exact")]
    free: Option<u32>,
    /// Super Dimensiones' exact lab: build (or reuse) in the report folder
    /// the endgame table of at most K pieces of each rule set of
    /// --variants that has one (cards M and W; `all`: the eight).
    #[arg(long, value_name = "K", requires = "exact", conflicts_with = "table", value_parser = clap::value_parser!(u8).range(2..=12))]
    pieces: Option<u8>,
}

pub fn run(args: &Args) -> Result<()> {
    if args.game == "worker" {
        return worker(args);
    }
    let game = game_name(&args.game)?;
    let exact = game.name() == "imago"
        && args.level.is_none()
        && args.players.is_none()
        && args.ladder.is_none();
    if args.search_layouts && !exact {
        bail!(t!("lab-search-layouts-exact"));
    }
    if exact {
        return imago(args);
    }
    if args.exact {
        return match game.name() {
            "linja" => linja_exact(args),
            "dimensiones" => dimensiones_exact(args),
            _ => bail!(t!("lab-exact-linja")),
        };
    }
    if args.games == 0 {
        bail!(t!("opt-games-at-least-one"));
    }
    crate::with_game!(game, G => survey::<G>(args))
}

fn game_name(text: &str) -> Result<GameName> {
    <GameName as clap::ValueEnum>::from_str(text, true)
        .map_err(|_| anyhow!(t!("lab-unknown-game", text = format!("{text:?}"))))
}

/// `tablero lab worker --database URL`: plays queued units until none is
/// free.
fn worker(args: &Args) -> Result<()> {
    let url = args
        .database
        .as_deref()
        .ok_or_else(|| anyhow!(t!("lab-worker-database")))?;
    let store = Store::open(url)?;
    let config = store
        .stored_config()?
        .ok_or_else(|| anyhow!(t!("lab-no-survey")))?;
    let game = game_name(&config.game)?;
    let played = crate::with_game!(game, G => work_threads::<G>(url, &config, threads(args)))?;
    if args.json {
        print_json(&json!({ "played": played }));
    } else {
        println!(
            "{}",
            t!("lab-worker-played", n = played, game = config.game.as_str())
        );
    }
    Ok(())
}

/// Runs `threads` workers on `url`; returns the units they played.
fn work_threads<G: LabGame>(url: &str, config: &SurveyConfig, threads: usize) -> Result<u64> {
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| s.spawn(|| tablero_lab::queue::work::<G>(url, config)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().map_err(|_| anyhow!(t!("lab-worker-failed")))?)
            .sum()
    })
}

fn threads(args: &Args) -> usize {
    args.threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .max(1)
}

fn read_arg(text: &str) -> Result<String> {
    match text.strip_prefix('@') {
        Some(path) => std::fs::read_to_string(path)
            .with_context(|| crate::i18n::t!("cannot-read-file", path = path.to_string())),
        None => Ok(text.to_string()),
    }
}

/// The variants named, as the game's own texts.
fn variants<G: LabGame>(args: &Args) -> Result<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    match args.variants.as_deref() {
        Some("all") => out.extend(G::survey_variants().iter().map(ToString::to_string)),
        Some(list) => {
            for v in list.split(',').map(str::trim).filter(|v| !v.is_empty()) {
                out.push(v.to_string());
            }
        }
        None => {}
    }
    for v in &args.variant {
        out.push(read_arg(v)?);
    }
    if out.is_empty() {
        out.push(G::Variant::default().to_string());
    }
    // The canonical text of each, so that equal variants are one.
    let mut canon: Vec<String> = Vec::new();
    for v in out {
        let parsed: G::Variant = v.trim().parse::<G::Variant>().map_err(|e| {
            anyhow!(t!(
                "bad-variant",
                game = G::NAME,
                error = crate::i18n::message(&e.message())
            ))
        })?;
        let text = parsed.to_string();
        if !canon.contains(&text) {
            canon.push(text);
        }
    }
    Ok(canon)
}

fn levels(text: &str) -> Result<Vec<u8>> {
    let levels: Vec<u8> = text
        .split(',')
        .map(|l| {
            l.trim()
                .parse::<u8>()
                .ok()
                .filter(|n| (1..=5).contains(n))
                .ok_or_else(|| anyhow!(t!("lab-ladder-level", level = format!("{l:?}"))))
        })
        .collect::<Result<_>>()?;
    if levels.len() < 2 || levels.windows(2).any(|w| w[0] >= w[1]) {
        bail!(t!("lab-ladder-two"));
    }
    Ok(levels)
}

fn bar(total: u64, what: &str) -> ProgressBar {
    // `{` and `}` are the template's own: a word holding them is kept out.
    let what = what.replace(['{', '}'], "");
    let bar = ProgressBar::new(total);
    let eta = t!("bar-eta").replace(['{', '}'], "");
    let template = format!("{{bar:30}} {{pos}}/{{len}} {what}  [{{elapsed}}, {eta} {{eta}}]");
    bar.set_style(crate::out::bar_style(&template));
    bar
}

fn survey<G: LabGame>(args: &Args) -> Result<()> {
    let variants = variants::<G>(args)?;
    let (matchups, ladder) = if let Some(l) = &args.ladder {
        let l = levels(l)?;
        let m = l
            .windows(2)
            .map(|w| Matchup {
                a: format!("ai:{}", w[0]),
                b: format!("ai:{}", w[1]),
            })
            .collect();
        (m, l)
    } else if let Some(p) = &args.players {
        let (a, b) = p
            .split_once(',')
            .ok_or_else(|| anyhow!(t!("lab-players-two")))?;
        (
            vec![Matchup {
                a: a.trim().to_string(),
                b: b.trim().to_string(),
            }],
            Vec::new(),
        )
    } else {
        let l = args.level.unwrap_or(1);
        if !(1..=5).contains(&l) {
            bail!(t!("lab-level-range"));
        }
        let spec = format!("ai:{l}");
        (
            vec![Matchup {
                a: spec.clone(),
                b: spec,
            }],
            Vec::new(),
        )
    };
    let config = SurveyConfig {
        game: G::NAME.to_string(),
        variants,
        matchups,
        pairs: args.games.div_ceil(2),
        openings: args.openings,
        seed: args.seed,
        ladder,
    };
    let dir = args
        .report
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("lab-{}", G::NAME)));
    std::fs::create_dir_all(&dir)
        .with_context(|| crate::i18n::t!("cannot-create", path = dir.display().to_string()))?;
    let started = Instant::now();
    let pb = bar(0, &t!("bar-games"));
    let progress = |done: u64, total: u64| {
        pb.set_length(total);
        pb.set_position(done);
    };
    // The games stored before this run (a resumed survey): the store holds
    // this survey's games or refuses to run another one.
    let (before, rows) = match &args.database {
        None => {
            let store = Store::open_dir(&dir)?;
            let before = store.all_rows()?.len();
            (
                before,
                run_survey::<G>(&config, &dir, &store, threads(args), &progress)?,
            )
        }
        Some(url) => {
            tablero_lab::runner::check_config::<G>(&config)?;
            let store = Store::open(url)?;
            store.enqueue(&config)?;
            let before = store.all_rows()?.len();
            work_threads::<G>(url, &config, threads(args))?;
            // Other workers may still hold units: wait for them.
            loop {
                let (done, total) = store.queue_progress()?;
                progress(2 * done, 2 * total);
                if done >= total {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(500));
            }
            let rows = store.all_rows()?;
            for r in &rows {
                tablero_lab::runner::write_record(&dir, r)?;
            }
            (before, rows)
        }
    };
    pb.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let report = summarize(&config, &rows);
    write_report_in(&report, &dir, &report_words, crate::i18n::lang().code())?;
    if args.json {
        let mut v = serde_json::to_value(&report)?;
        if let Some(o) = v.as_object_mut() {
            o.insert("report".into(), json!(dir.display().to_string()));
            o.insert("seconds".into(), json!(seconds));
        }
        print_json(&v);
    } else {
        print_survey(&report, &dir, seconds, before);
    }
    Ok(())
}

/// The report's text `id` (an id of [`tablero_lab::report::WORDS`]) in the
/// language in use: counts (whole numbers) as numbers, for plurals; other
/// values (a seed, a draw's reason) as text.
fn report_words(id: &str, args: &[(&str, String)]) -> String {
    crate::i18n::text(id, Some(&report_args(args)))
}

/// A report text's arguments for Fluent.
fn report_args(args: &[(&str, String)]) -> tablero_i18n::Args<'static> {
    let mut fluent = tablero_i18n::Args::new();
    for (name, value) in args {
        match value.parse::<u32>() {
            Ok(n) => fluent.set(name.to_string(), tablero_i18n::Value::from(n)),
            Err(_) => fluent.set(name.to_string(), tablero_i18n::Value::from(value.clone())),
        }
    }
    fluent
}

/// The survey's table; `before`: the games stored before this run (a
/// resumed survey played only the rest).
fn print_survey(report: &tablero_lab::Report, dir: &Path, seconds: f64, before: usize) {
    let games = u64::from(report.games);
    let before = (before as u64).min(games);
    let path = dir.join("index.html").display().to_string();
    let game = report.config.game.as_str();
    let seconds = format!("{seconds:.1}");
    let line = if before == 0 {
        t!(
            "lab-survey-done",
            games = games,
            game = game,
            seconds = seconds,
            path = path
        )
    } else {
        t!(
            "lab-survey-resumed",
            games = games,
            game = game,
            now = games - before,
            before = before,
            seconds = seconds,
            path = path
        )
    };
    println!("{line}");
    // Each column as wide as its translated heading, at least as before.
    let heads = [
        (t!("lab-col-variant"), 24),
        (t!("lab-col-games"), 6),
        (t!("lab-col-first-wins"), 16),
        (t!("lab-col-second-wins"), 16),
        (t!("lab-col-draws"), 16),
        (t!("lab-col-length"), 8),
        (t!("lab-col-capped"), 8),
        (t!("lab-col-drama"), 7),
    ];
    let w: Vec<usize> = heads
        .iter()
        .map(|(h, min)| h.chars().count().max(*min))
        .collect();
    let row = |cells: [String; 8]| {
        let mut line = format!("{:<w0$}", cells[0], w0 = w[0]);
        for (cell, width) in cells.iter().zip(&w).skip(1) {
            line.push_str(&format!(" {cell:>width$}"));
        }
        println!("{line}");
    };
    row(heads.clone().map(|(h, _)| h));
    let pct = |r: &tablero_lab::stats::Rate| {
        format!(
            "{:.0} [{:.0},{:.0}]",
            100.0 * r.rate,
            100.0 * r.low,
            100.0 * r.high
        )
    };
    for g in &report.groups {
        row([
            tablero_lab::report::label(report, g),
            g.games.to_string(),
            pct(&g.first_wins),
            pct(&g.second_wins),
            pct(&g.draws),
            format!("{:.1}", g.length.mean.value.unwrap_or(0.0)),
            format!("{:.0}", 100.0 * g.capped.rate),
            g.drama.value.map_or("-".to_string(), |d| format!("{d:.3}")),
        ]);
    }
    for r in &report.ladder {
        println!(
            "{}",
            t!(
                "lab-ladder",
                variant = r.variant.as_str(),
                stronger = r.stronger.as_str(),
                weaker = r.weaker.as_str(),
                wins = r.stronger_wins,
                draws = r.draws,
                losses = r.weaker_wins,
                score = pct(&r.stronger_score)
            )
        );
    }
}

fn imago_layouts(args: &Args) -> Result<Vec<Layout>> {
    let texts = variants::<tablero_games::imago::Imago>(args)?;
    texts
        .iter()
        .map(|t| {
            t.parse::<Layout>().map_err(|e| {
                anyhow!(t!(
                    "lab-bad-layout",
                    error = crate::i18n::message(&e.message())
                ))
            })
        })
        .collect()
}

/// One layout's study, in the language in use: its red-first and
/// blue-first lines and its shares of won, lost and drawn positions.
fn study_parts(s: &LayoutStudy) -> [String; 3] {
    use tablero_core::Player;
    use tablero_games::imago::Imago;
    let v = |p: Player, f: &tablero_lab::imago::FirstMoves| {
        let first = t!("lab-side-first", side = Imago::side_label(p).to_lowercase());
        let moves = t!(
            "lab-first-moves",
            value = value_words(f.start.value, f.start.plies),
            losing = f.losing,
            moves = f.moves,
            soonest = f.soonest_loss.map_or("-".into(), |x| x.to_string()),
            latest = f.latest_loss.map_or("-".into(), |x| x.to_string())
        );
        format!("{first}: {moves}")
    };
    let shares = t!(
        "lab-shares",
        won = format!("{:.1}", 100.0 * s.won_share),
        lost = format!("{:.1}", 100.0 * s.lost_share),
        drawn = format!("{:.1}", 100.0 * s.drawn_share),
        plies = s.longest_win
    );
    [
        v(Player::P1, &s.red_first),
        v(Player::P2, &s.blue_first),
        shares,
    ]
}

/// One layout's study as the terminal shows it.
fn study_line(s: &LayoutStudy) -> String {
    let [red, blue, shares] = study_parts(s);
    format!("{}\n  {red}\n  {blue}\n  {shares}", s.layout)
}

fn imago(args: &Args) -> Result<()> {
    let dir = args
        .report
        .clone()
        .unwrap_or_else(|| PathBuf::from("lab-imago"));
    std::fs::create_dir_all(&dir)
        .with_context(|| crate::i18n::t!("cannot-create", path = dir.display().to_string()))?;
    let started = Instant::now();
    if !args.search_layouts {
        let studies: Vec<LayoutStudy> = imago_layouts(args)?.iter().map(study_layout).collect();
        let seconds = started.elapsed().as_secs_f64();
        write_imago_report(&dir, &t!("lab-imago-title"), &studies, None)?;
        if args.json {
            print_json(&json!({
                "layouts": studies,
                "report": dir.display().to_string(),
                "seconds": seconds,
            }));
        } else {
            for s in &studies {
                println!("{}", study_line(s));
            }
            println!("{}", report_written(&dir));
        }
        return Ok(());
    }
    if args.walls == 0 || args.walls > 12 {
        bail!(t!("lab-walls-range"));
    }
    let config = SearchConfig {
        walls: args.walls,
        symmetric: args.symmetric,
        max_layouts: args.max_layouts.max(1),
        seed: args.seed,
        threads: threads(args),
    };
    let pb = bar(0, &t!("bar-layouts"));
    let progress = |done: u64, total: u64| {
        pb.set_length(total);
        pb.set_position(done);
    };
    let (ranked, exhaustive) = search(&config, &progress);
    pb.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let searched = ranked.len();
    let top: Vec<LayoutStudy> = ranked.into_iter().take(args.top.max(1)).collect();
    let layouts_dir = dir.join("layouts");
    std::fs::create_dir_all(&layouts_dir).with_context(|| {
        crate::i18n::t!("cannot-create", path = layouts_dir.display().to_string())
    })?;
    let mut files = Vec::new();
    for (i, s) in top.iter().enumerate() {
        let path = layouts_dir.join(format!("layout-{:02}.txt", i + 1));
        std::fs::write(&path, format!("{}\n", s.layout))
            .with_context(|| crate::i18n::t!("cannot-write", path = path.display().to_string()))?;
        files.push(path.display().to_string());
    }
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    write_imago_report(
        &dir,
        &t!(
            "lab-imago-search-title",
            layouts = searched,
            walls = args.walls,
            symmetric = yes_no(args.symmetric),
            exhaustive = yes_no(exhaustive)
        ),
        &top,
        Some(&files),
    )?;
    if args.json {
        print_json(&json!({
            "searched": searched,
            "exhaustive": exhaustive,
            "walls": args.walls,
            "symmetric": args.symmetric,
            "best": top,
            "files": files,
            "report": dir.display().to_string(),
            "seconds": seconds,
        }));
    } else {
        println!(
            "{}",
            t!(
                "lab-searched",
                layouts = searched,
                walls = args.walls,
                symmetric = yes_no(args.symmetric),
                exhaustive = yes_no(exhaustive),
                seconds = format!("{seconds:.1}")
            )
        );
        for (s, f) in top.iter().zip(&files) {
            println!("{}\n  {}", study_line(s), t!("lab-file", path = f.as_str()));
        }
        println!("{}", report_written(&dir));
    }
    Ok(())
}

/// Where the report page of `dir` is, as the last line of the text
/// output says it.
fn report_written(dir: &Path) -> String {
    t!(
        "lab-report-written",
        path = dir.join("index.html").display().to_string()
    )
}

fn write_imago_report(
    dir: &Path,
    title: &str,
    studies: &[LayoutStudy],
    files: Option<&[String]>,
) -> Result<()> {
    use std::fmt::Write as _;
    let lang = crate::i18n::lang().code();
    let intro = t!("lab-imago-intro");
    let mut s = format!(
        "<!DOCTYPE html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\"><title>{title}</title>\
         <style>body{{font-family:system-ui,sans-serif;margin:2em}}.grid{{display:flex;flex-wrap:wrap;gap:1em}}\
         .grid div{{border:1px solid #ccc;padding:.5em;font-size:80%;max-width:16em}}</style></head>\
         <body><h1>{title}</h1><p>{intro}</p><div class=\"grid\">\n"
    );
    for (i, st) in studies.iter().enumerate() {
        let layout = st
            .layout
            .parse::<Layout>()
            .map_err(|e| anyhow!(crate::i18n::message(&e.message())))?;
        let file = files
            .and_then(|f| f.get(i))
            .and_then(|f| Path::new(f).file_name())
            .map_or(String::new(), |n| {
                format!("<br><a href=\"layouts/{0}\">{0}</a>", n.to_string_lossy())
            });
        let [red, blue, shares] = study_parts(st);
        let _ = writeln!(
            s,
            "<div>{}<br><code>{}</code><br>{red}<br>{blue}<br>{shares}{file}</div>",
            board_svg(&layout, &format!("#{}", i + 1)),
            st.layout,
        );
    }
    s.push_str("</div></body></html>\n");
    let path = dir.join("index.html");
    std::fs::write(&path, s)
        .with_context(|| crate::i18n::t!("cannot-write", path = path.display().to_string()))?;
    std::fs::write(
        dir.join("report.json"),
        serde_json::to_string_pretty(&json!({ "title": title, "layouts": studies }))?,
    )
    .with_context(|| crate::i18n::t!("cannot-write", path = "report.json"))
}

/// `tablero lab linja --exact (--table FILE | --free K)`.
fn linja_exact(args: &Args) -> Result<()> {
    use tablero_ai::solve::linja_table::{build, default_file_name, BuildOptions, Table};
    use tablero_games::linja::{Linja, Rules};
    let dir = args
        .report
        .clone()
        .unwrap_or_else(|| PathBuf::from("lab-linja"));
    std::fs::create_dir_all(&dir)
        .with_context(|| crate::i18n::t!("cannot-create", path = dir.display().to_string()))?;
    let started = Instant::now();
    let path = match (&args.table, args.free) {
        (Some(file), _) => file.clone(),
        (None, Some(free)) => {
            if !(1..=12).contains(&free) {
                bail!(t!("lab-free-range"));
            }
            let rules: Vec<String> = variants::<Linja>(args)?;
            if rules.len() != 1 {
                bail!(t!("lab-one-rule-set"));
            }
            let rules = rules[0]
                .parse::<Rules>()
                .map_err(|e| anyhow!(crate::i18n::message(&e.message())))?;
            let name = default_file_name(rules)
                .trim_end_matches(".tbl")
                .to_string();
            let file = dir.join(format!("{name}-free{free}.tbl"));
            let pb = bar(0, &t!("bar-entries"));
            build(
                &file,
                &BuildOptions {
                    rules,
                    free,
                    threads: threads(args),
                    stop_after: None,
                },
                |p| {
                    pb.set_length(p.entries);
                    pb.set_position(p.entries_done);
                },
            )
            .map_err(|e| crate::solve::table::cannot_build(&file, &e))?;
            pb.finish_and_clear();
            file
        }
        (None, None) => bail!(t!("lab-exact-needs-table")),
    };
    let table = Table::open(&path).map_err(|e| crate::solve::table::cannot_open(&path, &e))?;
    // Its reasons (a table that lacks a value it should hold, a read
    // error) are internal: said in English after a translated sentence.
    let study = tablero_lab::linja::study(&table, args.seed).map_err(|e| {
        anyhow!(t!(
            "lab-study-failed",
            path = path.display().to_string(),
            error = e
        ))
    })?;
    let seconds = started.elapsed().as_secs_f64();
    std::fs::write(
        dir.join("report.json"),
        serde_json::to_string_pretty(&json!({
            "exact": "linja",
            "game": "linja",
            "table": path.display().to_string(),
            "rules": study.rules,
            "free": study.free,
            "positions": study.positions,
            "exhaustive": study.exhaustive,
            "shares": study.shares,
            "mean_value": study.mean_value,
            "largest_value": study.largest_value,
            "starts": study.starts,
        }))?,
    )
    .with_context(|| crate::i18n::t!("cannot-write", path = "report.json"))?;
    if args.json {
        let mut v = serde_json::to_value(&study)?;
        v["table"] = json!(path.display().to_string());
        v["report"] = json!(dir.display().to_string());
        v["seconds"] = json!(seconds);
        print_json(&v);
        return Ok(());
    }
    println!(
        "{}",
        t!(
            "lab-linja-table",
            rules = crate::solve::rules_label(&study.rules.to_string()),
            free = study.free,
            path = path.display().to_string()
        )
    );
    println!(
        "{}",
        t!(
            "lab-linja-positions",
            n = study.positions.to_string(),
            exhaustive = if study.exhaustive { "yes" } else { "no" },
            won = format!("{:.1}", 100.0 * study.shares.won),
            drawn = format!("{:.1}", 100.0 * study.shares.drawn),
            lost = format!("{:.1}", 100.0 * study.shares.lost),
            mean = format!("{:+.2}", study.mean_value),
            largest = format!("{:+}", study.largest_value)
        )
    );
    for s in &study.starts {
        // `red` or `black`: the side's name in the language in use.
        let side = tablero_core::Player::ALL
            .into_iter()
            .find(|&p| Linja::side_name(p).eq_ignore_ascii_case(&s.first))
            .map_or_else(|| s.first.clone(), |p| Linja::side_label(p).to_string());
        println!(
            "{}",
            t!(
                "lab-linja-start",
                side = side,
                position = s.position.as_str(),
                value = format!("{:+}", s.value),
                losing = s.losing,
                moves = s.moves,
                worst = s.worst.map_or("-".to_string(), |w| format!("{w:+}")),
                mistakes = s.mistakes,
                drop = s.largest_drop,
                shortest = s.shortest.map_or("-".to_string(), |v| v.to_string()),
                longest = s.longest.map_or("-".to_string(), |v| v.to_string())
            )
        );
    }
    println!(
        "{}",
        t!(
            "lab-report",
            path = dir.join("report.json").display().to_string()
        )
    );
    Ok(())
}

/// `tablero lab dimensiones --exact (--table FILE | --pieces K)`: how
/// decisive the endgames of each card set with M and W are.
fn dimensiones_exact(args: &Args) -> Result<()> {
    use tablero_ai::solve::dimensiones_table::{
        build, BuildOptions, BuildOrder, Table, TableRules,
    };
    use tablero_games::dimensiones::{Dimensiones, RuleSet};
    let dir = args
        .report
        .clone()
        .unwrap_or_else(|| PathBuf::from("lab-dimensiones"));
    std::fs::create_dir_all(&dir)
        .with_context(|| crate::i18n::t!("cannot-create", path = dir.display().to_string()))?;
    let started = Instant::now();
    let open = |path: &std::path::Path| {
        Table::open(path).map_err(|e| {
            anyhow!(t!(
                "table-cannot-open",
                path = path.display().to_string(),
                error = crate::i18n::dimensiones_table_reason(&e)
            ))
        })
    };
    let mut tables = Vec::new();
    match (&args.table, args.pieces) {
        (Some(file), _) => tables.push((file.clone(), open(file)?)),
        (None, Some(pieces)) => {
            for v in variants::<Dimensiones>(args)? {
                let set: RuleSet =
                    v.parse()
                        .map_err(|e: tablero_games::dimensiones::VariantError| {
                            anyhow!(crate::i18n::message(&e.message()))
                        })?;
                let Some(rules) = TableRules::of(&set) else {
                    continue;
                };
                let file = dir.join(format!("dimensiones-{rules}-{pieces}.tbl"));
                let pb = bar(0, &t!("bar-entries"));
                build(
                    &file,
                    &BuildOptions {
                        rules,
                        pieces,
                        threads: threads(args),
                        stop_after: None,
                        order: BuildOrder::Canonical,
                    },
                    |p| {
                        pb.set_length(p.entries);
                        pb.set_position(p.entries_done);
                    },
                )
                .map_err(|e| {
                    anyhow!(t!(
                        "table-cannot-build",
                        path = file.display().to_string(),
                        error = crate::i18n::dimensiones_table_reason(&e)
                    ))
                })?;
                pb.finish_and_clear();
                tables.push((file.clone(), open(&file)?));
            }
        }
        (None, None) => bail!(t!("lab-exact-needs-table")),
    }
    if tables.is_empty() {
        bail!(t!("lab-dimensiones-no-table"));
    }
    let studies: Vec<_> = tables
        .iter()
        .map(|(_, t)| tablero_lab::dimensiones::study(t))
        .collect();
    let seconds = started.elapsed().as_secs_f64();
    let report = json!({
        "exact": "dimensiones",
        "game": "dimensiones",
        "tables": tables.iter().map(|(p, _)| p.display().to_string()).collect::<Vec<_>>(),
        "studies": studies,
    });
    std::fs::write(
        dir.join("report.json"),
        serde_json::to_string_pretty(&report)?,
    )
    .with_context(|| crate::i18n::t!("cannot-write", path = "report.json"))?;
    if args.json {
        let mut v = report;
        v["report"] = json!(dir.display().to_string());
        v["seconds"] = json!(seconds);
        print_json(&v);
        return Ok(());
    }
    let pct = |x: f64| format!("{:.1}", 100.0 * x);
    for s in &studies {
        println!(
            "{}",
            t!(
                "lab-dimensiones-study",
                rules = s.rules.as_str(),
                pieces = s.pieces,
                n = s.positions.to_string(),
                decisive = pct(s.decisive),
                even = pct(s.decisive_even),
                play = pct(s.by_play),
                longest = s.rows.iter().map(|r| r.longest).max().unwrap_or(0)
            )
        );
    }
    println!(
        "{}",
        t!(
            "lab-report",
            path = dir.join("report.json").display().to_string()
        )
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::report_args;
    use crate::i18n::{format_in, Lang};
    use tablero_core::Reason;
    use tablero_lab::report::{english, WORDS};

    /// Sample arguments for every id: counts of one and of many, each
    /// draw reason.
    fn samples() -> Vec<Vec<(&'static str, String)>> {
        let mut out = Vec::new();
        for n in ["1", "4"] {
            for reason in Reason::ALL.iter().map(|r| r.as_str()).chain(["jacke"]) {
                out.push(vec![
                    ("game", "linja".to_string()),
                    ("games", n.to_string()),
                    ("pairs", n.to_string()),
                    ("openings", n.to_string()),
                    ("seed", "18446744073709551615".to_string()),
                    ("store", "lab.sqlite".to_string()),
                    ("json", "report.json".to_string()),
                    ("records", "records/".to_string()),
                    ("reason", reason.to_string()),
                ]);
            }
        }
        out
    }

    /// The lab's built-in English is the catalogue's English, and Spanish
    /// has every id with its own words (the same only where the word is).
    #[test]
    fn the_report_words_match_the_catalogue() {
        let same_in_both = ["lab-report-col-drama", "lab-report-draw-reason"];
        for (id, names) in WORDS {
            for args in samples() {
                let args: Vec<(&str, String)> = args
                    .into_iter()
                    .filter(|(n, _)| names.contains(n))
                    .collect();
                let fluent = report_args(&args);
                let en = format_in(Lang::En, id, Some(&fluent)).expect(id);
                assert_eq!(en, english(id, &args), "{id} {args:?}");
                let es = format_in(Lang::Es, id, Some(&fluent)).expect(id);
                assert!(!es.is_empty(), "{id}");
                if !same_in_both.contains(id) {
                    assert_ne!(es, en, "{id} is not in Spanish");
                }
                for (_, value) in &args {
                    assert!(es.contains(value.as_str()) || *id == "lab-report-draw-reason");
                }
            }
        }
    }
}
