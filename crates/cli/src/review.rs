//! `tablero review FILE`: a verdict for every move of a saved game, from
//! `tablero_ai::review` (exact values for Imago and Linja, alpha-beta for
//! the others), the move where the result slipped, each player's accuracy
//! and a chart of the value over the game.

use crate::common::{outcome_json, print_json, Setup};
use crate::i18n::t;
use crate::render::CliGame;
use crate::solve::value_words;
use crate::tables::TableArgs;
use anyhow::{anyhow, Context, Result};
use std::io::IsTerminal;
use std::path::PathBuf;
use tablero_ai::review::{
    review, GameReview, Method, Review, ReviewOptions, ReviewProgress, Source, Value, Verdict,
    DEFAULT_REACH,
};
use tablero_core::{History, Localize, Player, RecordError};

/// Review a saved game: a verdict for every move.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game's record (`play --record`, `match --records`; PDN for
    /// draughts).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Print JSON: the review (docs/cli.md, "review").
    #[arg(long)]
    json: bool,
    /// Jarmo, Super Dimensiones, draughts: the depth of the search before
    /// each move [default: the game's, docs/ai.md].
    #[arg(long, value_name = "DEPTH", value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: Option<u32>,
    /// Linja without a table: the most positions the endgame solver
    /// stores over the review [default: 2000000].
    #[arg(long, value_name = "N")]
    max_positions: Option<u64>,
    /// Jarmo, Super Dimensiones, draughts: positions searched at once.
    #[arg(long, value_name = "THREADS", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: u32,
    #[command(flatten)]
    pub tables: TableArgs,
}

pub fn run(args: &Args) -> Result<()> {
    let path = args.file.display().to_string();
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| anyhow!(crate::i18n::io_reason(&e)))
        .with_context(|| t!("cannot-read-file", path = path.clone()))?;
    let name = game_of(&text, &args.file).ok_or_else(|| {
        anyhow!(crate::i18n::message(
            &RecordError::MissingTag("Game").message()
        ))
        .context(t!("cannot-read-record", path = path.clone()))
    })?;
    let setup = Setup {
        moves: Some(format!("@{path}")),
        ..Setup::default()
    };
    tablero_games::with_game!(name.as_str(), G => {
        let (history, record) = setup.load::<G>(Player::P1)?;
        reviewed::<G>(args, &history, record.as_ref())
    }, else {
        let games: Vec<&str> = tablero_games::GAMES.iter().map(|g| g.name).collect();
        Err(anyhow!(t!(
            "review-unknown-game",
            game = format!("{name:?}"),
            games = games.join(", ")
        ))
        .context(t!("cannot-read-record", path = path)))
    })
}

/// The game a record names in its `Game` tag; PDN (a `*.pdn` file, or
/// PDN's own `GameType` tag) is draughts.
pub(crate) fn game_of(text: &str, path: &std::path::Path) -> Option<String> {
    for line in text.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("[Game ") {
            return rest
                .trim_end_matches(']')
                .trim()
                .strip_prefix('"')
                .and_then(|r| r.strip_suffix('"'))
                .map(str::to_string);
        }
    }
    let pdn = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pdn"))
        || text.contains("[GameType ");
    (pdn && tablero_games::draughts::pdn::looks_like_pdn(text)).then(|| "draughts".to_string())
}

fn reviewed<G: Review + CliGame>(
    args: &Args,
    history: &History<G>,
    record: Option<&tablero_core::Record<G>>,
) -> Result<()> {
    let options = ReviewOptions {
        depth: args.depth,
        reach: args.max_positions.unwrap_or(DEFAULT_REACH),
        threads: args.threads as usize,
        stop: None,
        nodes: None,
        confirm: None,
        scale: None,
    };
    let show = std::io::stderr().is_terminal();
    let mut progress = |p: ReviewProgress| {
        if show {
            eprint!(
                "\r{}",
                t!("review-progress", done = p.done, total = p.total)
            );
        }
    };
    let r = review(history, &options, &mut progress).map_err(|e| anyhow!(e.to_string()))?;
    if show {
        eprint!("\r{:width$}\r", "", width = 40);
    }
    if args.json {
        let mut v = serde_json::to_value(&r)?;
        v["result"] = outcome_json(history.outcome());
        print_json(&v);
        return Ok(());
    }
    let when = record.and_then(played_when);
    print_review::<G>(history.start().variant(), &r, true, when.as_deref());
    Ok(())
}

/// When and on which clock a record's game was played, from its `Date`
/// and `TimeControl` tags (read by the record: they are valid); `None`
/// when it has neither.
fn played_when<G: tablero_core::Game>(record: &tablero_core::Record<G>) -> Option<String> {
    use tablero_core::TimeControlTag;
    let date = record.date().ok().flatten();
    let control = record.time_control().ok().flatten();
    if date.is_none() && control.is_none() {
        return None;
    }
    let clock = match &control {
        None | Some(TimeControlTag::Unknown) => "unknown".to_string(),
        Some(TimeControlTag::Untimed) => "none".to_string(),
        Some(c) => crate::session::control_text(c),
    };
    Some(t!(
        "review-played",
        date = date.map_or_else(|| "?".to_string(), |d| d.to_string()),
        clock = clock
    ))
}

/// The review printed at the end of `tablero play` (with a person at the
/// board, unless `--no-review`): the moves worth a look (a slip, an
/// inaccuracy, a mistake, a blunder), where the result slipped, each
/// side's accuracy and the chart. Linja without a table judges what the
/// endgame solver reaches within 300,000 positions (as the hint does), so
/// the end of a game never waits long.
pub fn after_play<G: CliGame>(table: &tablero_ai::table::Table<G>) {
    if table.moves().is_empty() {
        return;
    }
    let options = ReviewOptions {
        reach: 300_000,
        ..ReviewOptions::default()
    };
    let show = std::io::stderr().is_terminal();
    let mut progress = |p: ReviewProgress| {
        if show {
            eprint!(
                "\r{}",
                t!("review-progress", done = p.done, total = p.total)
            );
        }
    };
    let Some(Ok(r)) = tablero_ai::review::review_table(table, &options, &mut progress) else {
        return;
    };
    if show {
        eprint!("\r{:width$}\r", "", width = 40);
    }
    println!();
    print_review::<G>(table.history().start().variant(), &r, false, None);
}

/// A value in the language in use: `win in 5`, `+3`, `+1.20`.
pub(crate) fn value_text(v: Option<Value>) -> String {
    match v {
        None => "?".to_string(),
        Some(Value::Win { plies }) => value_words("win", Some(plies)),
        Some(Value::Loss { plies }) => value_words("loss", Some(plies)),
        Some(Value::Draw) => value_words("draw", None),
        Some(Value::Margin { points }) => t!("review-margin", points = format!("{points:+}")),
        Some(Value::Eval { score }) => format!("{:+.2}", f64::from(score) / 100.0),
    }
}

fn side_of<G: CliGame>(v: &G::Variant, m: &tablero_ai::review::MoveReview) -> String {
    let side = G::side_label_in(v, m.mover()).to_string();
    match &m.army {
        Some(a) => format!("{side} ({})", crate::render::army_label(a)),
        None => side,
    }
}

/// `v`, a value for the player who moves (`mover`), as player one's.
fn for_p1(v: Option<Value>, mover: Player) -> Option<Value> {
    v.map(|v| if mover == Player::P1 { v } else { v.flip() })
}

/// Player one's value of each position of the game, from its start to its
/// end: the value each move's review gives the position it is played in
/// (one search or one exact value a position), and the last move's value
/// after it for the end. So the value after a move is the value before the
/// next, and the values along the game are continuous.
pub(crate) fn values_for_p1(r: &GameReview) -> Vec<Option<Value>> {
    let mut out: Vec<Option<Value>> = r
        .moves
        .iter()
        .map(|m| for_p1(m.before, m.mover()))
        .collect();
    if let Some(last) = r.moves.last() {
        out.push(for_p1(last.after, last.mover()));
    }
    out
}

/// Prints review `r`: every move (`all`), or only those worth a look;
/// `when` (the record's day and clock) under the title.
fn print_review<G: CliGame>(v: &G::Variant, r: &GameReview, all: bool, when: Option<&str>) {
    let judged = r.moves.iter().any(|m| m.verdict != Verdict::Unknown);
    let how = match r.method {
        Method::Search => t!("review-how-search", depth = r.depth.unwrap_or(0)),
        Method::Exact if !judged => t!("review-how-none"),
        Method::Exact => {
            let mut sources: Vec<String> = Vec::new();
            for m in &r.moves {
                let s = t!("review-source", source = source_word(m.source));
                if m.source != Source::None && !sources.contains(&s) {
                    sources.push(s);
                }
            }
            t!("review-how-exact", sources = sources.join(", "))
        }
    };
    println!(
        "{}",
        t!(
            "review-title",
            game = G::INFO.title.get(crate::i18n::lang().code()),
            variant = crate::render::variant_label(&r.variant),
            how = how
        )
    );
    if let Some(when) = when {
        println!("{when}");
    }
    let p1 = G::side_label_in(v, Player::P1);
    println!(
        "{}",
        match r.method {
            Method::Search => t!("review-view-search", side = p1),
            Method::Exact => t!("review-view-exact", side = p1),
        }
    );
    let values = values_for_p1(r);
    let sides: Vec<String> = r.moves.iter().map(|m| side_of::<G>(v, m)).collect();
    let side_w = sides.iter().map(|s| s.chars().count()).max().unwrap_or(0);
    let move_w = r
        .moves
        .iter()
        .map(|m| m.played.chars().count())
        .max()
        .unwrap_or(0);
    for (i, m) in r.moves.iter().enumerate() {
        let notable = matches!(
            m.verdict,
            Verdict::Slip
                | Verdict::Worse
                | Verdict::Inaccuracy
                | Verdict::Mistake
                | Verdict::Blunder
        );
        if !all && !notable {
            continue;
        }
        let mark = if r.slipped == Some(i) { "!" } else { " " };
        // Player one's values before and after the move: the second is the
        // next line's first.
        let values = format!("{} → {}", value_text(values[i]), value_text(values[i + 1]));
        let mut line = format!(
            "{mark}{:>3}. {:<side_w$} {:<move_w$}  {:<24} {}",
            m.ply,
            sides[i],
            m.played,
            values,
            t!("review-verdict", verdict = m.verdict.as_str()),
        );
        if !matches!(m.verdict, Verdict::Best | Verdict::Unknown) && !m.best.is_empty() {
            line.push_str("  ");
            line.push_str(&t!("review-best", moves = m.best.join(", ")));
        }
        println!("{}", line.trim_end());
    }
    let unknown = r
        .moves
        .iter()
        .filter(|m| m.verdict == Verdict::Unknown)
        .count();
    if unknown > 0 && all {
        println!("{}", t!("review-beyond", n = unknown));
    }
    if r.method == Method::Exact && !judged {
        println!("{}", t!("review-none-judged"));
    } else if r.method == Method::Exact {
        match r.slipped {
            Some(i) => {
                let m = &r.moves[i];
                println!(
                    "{}",
                    t!(
                        "review-slipped",
                        ply = m.ply,
                        side = sides[i].clone(),
                        played = m.played.clone(),
                        before = value_text(values[i]),
                        after = value_text(values[i + 1]),
                        p1 = p1
                    )
                );
            }
            None => println!("{}", t!("review-no-slip")),
        }
    }
    for p in Player::ALL {
        let a = r.accuracy[p.index()];
        let side = G::side_label_in(v, p);
        match a.percent {
            Some(pc) => println!(
                "{}",
                t!(
                    "review-accuracy",
                    side = side,
                    percent = format!("{pc:.0}"),
                    kept = a.kept,
                    judged = a.judged
                )
            ),
            None => println!("{}", t!("review-accuracy-none", side = side)),
        }
    }
    print_chart::<G>(v, &r.chart);
}

fn source_word(s: Source) -> &'static str {
    match s {
        Source::Solver => "solver",
        Source::Table => "table",
        Source::Endgame => "endgame",
        Source::Search => "search",
        Source::None => "none",
    }
}

/// Rows of the chart: player one winning at the top, even in the middle.
const ROWS: usize = 7;
/// The widest chart, in columns (one per position, or the mean of a few).
const COLUMNS: usize = 64;

/// A small text chart of the value over the game, for player one.
fn print_chart<G: CliGame>(v: &G::Variant, chart: &[Option<f64>]) {
    if chart.len() < 2 {
        return;
    }
    let per = chart.len().div_ceil(COLUMNS);
    let columns: Vec<Option<f64>> = chart
        .chunks(per)
        .map(|c| {
            let known: Vec<f64> = c.iter().flatten().copied().collect();
            (!known.is_empty()).then(|| known.iter().sum::<f64>() / known.len() as f64)
        })
        .collect();
    let (p1, p2) = (
        G::side_label_in(v, Player::P1),
        G::side_label_in(v, Player::P2),
    );
    println!("{}", t!("review-chart", side = p1, plies = chart.len() - 1));
    let labels = [p1.to_string(), t!("review-chart-even"), p2.to_string()];
    let width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    for row in 0..ROWS {
        let label = match row {
            0 => labels[0].as_str(),
            r if r == ROWS / 2 => labels[1].as_str(),
            r if r == ROWS - 1 => labels[2].as_str(),
            _ => "",
        };
        let cells: String = columns
            .iter()
            .map(|c| match c {
                Some(v) => {
                    let at = ((1.0 - v.clamp(-1.0, 1.0)) / 2.0 * (ROWS - 1) as f64).round();
                    if at as usize == row {
                        '*'
                    } else if row == ROWS / 2 {
                        '-'
                    } else {
                        ' '
                    }
                }
                None if row == ROWS / 2 => '?',
                None => ' ',
            })
            .collect();
        println!("{label:>width$} |{}", cells.trim_end());
    }
}
