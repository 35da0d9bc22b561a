//! The survey's figures per variant and match-up, computed from the stored
//! games, as one JSON value and as a self-contained HTML page with SVG
//! plots. docs/lab.md explains each figure.

use crate::fail::{cannot_create, cannot_write};
use crate::plot;
use crate::stats::{bootstrap, distribution, elo_of, mean_estimate, Distribution, Estimate, Rate};
use crate::survey::{GameRow, Result3, SurveyConfig};
use anyhow::Result;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use tablero_core::mix64;

/// Histogram bins of the length distributions.
pub const LENGTH_BINS: usize = 12;

/// The figures of one variant and match-up.
#[derive(Clone, Debug, Serialize)]
pub struct Group {
    /// The variant's text.
    pub variant: String,
    /// Player A's spec.
    pub a: String,
    /// Player B's spec.
    pub b: String,
    /// Games played.
    pub games: u32,
    /// Won by the first player (who moves first from the variant's start).
    pub first_wins: Rate,
    /// Won by the second player.
    pub second_wins: Rate,
    /// Drawn.
    pub draws: Rate,
    /// Drawn games by reason.
    pub draws_by_reason: BTreeMap<String, u32>,
    /// Won games by reason.
    pub wins_by_reason: BTreeMap<String, u32>,
    /// 1 − |first wins − second wins| / games.
    pub balance: Estimate,
    /// The share of games with a winner.
    pub completion: Rate,
    /// The share of games a move cap ended.
    pub capped: Rate,
    /// A's score: (wins + draws / 2) / games.
    pub a_score: Rate,
    /// Game length in plies, the opening included.
    pub length: Distribution,
    /// Mean legal moves per position, per game, averaged over games.
    pub branching: Estimate,
    /// Lead changes per game.
    pub lead_changes: Estimate,
    /// Over won games: when the winner took its final lead, as a share of
    /// the game.
    pub decided_at: Estimate,
    /// Over won games: how far the winner trailed, on average.
    pub drama: Estimate,
    /// The share of the board's cells ever occupied.
    pub coverage: Estimate,
    /// The folder of this variant's records, relative to the report.
    pub records: String,
}

/// One rung of the skill ladder: a level against the next one up.
#[derive(Clone, Debug, Serialize)]
pub struct Rung {
    /// The variant's text.
    pub variant: String,
    /// The weaker spec (the lower level).
    pub weaker: String,
    /// The stronger spec.
    pub stronger: String,
    /// Games played.
    pub games: u32,
    /// Won by the stronger.
    pub stronger_wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Won by the weaker.
    pub weaker_wins: u32,
    /// The stronger's score (wins + draws / 2) / games, Wilson interval.
    pub stronger_score: Rate,
    /// The Elo difference that score means (`None` at 0 or 1).
    pub elo: Option<f64>,
}

/// A survey's report.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The survey.
    pub config: SurveyConfig,
    /// Games stored.
    pub games: u32,
    /// Per variant and match-up, in the survey's order.
    pub groups: Vec<Group>,
    /// The skill ladder (empty unless the survey is a ladder).
    pub ladder: Vec<Rung>,
}

fn count_map<'a>(it: impl Iterator<Item = &'a str>) -> BTreeMap<String, u32> {
    let mut m = BTreeMap::new();
    for k in it {
        *m.entry(k.to_string()).or_insert(0) += 1;
    }
    m
}

/// A's result in a game: 1, ½ or 0.
fn a_result(r: &GameRow) -> f64 {
    let a_first = r.game == 0;
    match (r.result, a_first) {
        (Result3::Draw, _) => 0.5,
        (Result3::First, true) | (Result3::Second, false) => 1.0,
        _ => 0.0,
    }
}

/// The figures of one group of games.
fn group(config: &SurveyConfig, v: usize, m: usize, rows: &[&GameRow]) -> Group {
    let n = rows.len() as u32;
    let seed = mix64(config.seed ^ ((v as u64) << 20) ^ m as u64);
    let count = |r: Result3| rows.iter().filter(|g| g.result == r).count() as f64;
    let (w1, w2, d) = (
        count(Result3::First),
        count(Result3::Second),
        count(Result3::Draw),
    );
    let signs: Vec<f64> = rows
        .iter()
        .map(|g| match g.result {
            Result3::First => 1.0,
            Result3::Second => -1.0,
            Result3::Draw => 0.0,
        })
        .collect();
    let lengths: Vec<f64> = rows.iter().map(|g| f64::from(g.plies)).collect();
    let per = |f: &dyn Fn(&GameRow) -> Option<f64>, k: u64| {
        let xs: Vec<f64> = rows.iter().filter_map(|g| f(g)).collect();
        mean_estimate(&xs, mix64(seed ^ k))
    };
    let matchup = &config.matchups[m];
    Group {
        variant: config.variants[v].clone(),
        a: matchup.a.clone(),
        b: matchup.b.clone(),
        games: n,
        first_wins: Rate::new(w1, n),
        second_wins: Rate::new(w2, n),
        draws: Rate::new(d, n),
        draws_by_reason: count_map(
            rows.iter()
                .filter(|g| g.result == Result3::Draw)
                .map(|g| g.reason.as_str()),
        ),
        wins_by_reason: count_map(
            rows.iter()
                .filter(|g| g.result != Result3::Draw)
                .map(|g| g.reason.as_str()),
        ),
        balance: bootstrap(&signs, mix64(seed ^ 1), |xs| {
            1.0 - crate::stats::mean(xs).abs()
        }),
        completion: Rate::new(w1 + w2, n),
        capped: Rate::new(rows.iter().filter(|g| g.capped).count() as f64, n),
        a_score: Rate::new(rows.iter().map(|g| a_result(g)).sum(), n),
        length: distribution(&lengths, LENGTH_BINS, mix64(seed ^ 2)),
        branching: per(&|g| Some(g.branching), 3),
        lead_changes: per(&|g| Some(f64::from(g.lead_changes)), 4),
        decided_at: per(&|g| g.decided_at, 5),
        drama: per(&|g| g.drama, 6),
        coverage: per(&|g| Some(g.coverage), 7),
        records: rows
            .first()
            .and_then(|g| g.record_file.rsplit_once('/'))
            .map_or_else(String::new, |(d, _)| d.to_string()),
    }
}

/// Sums up the stored games of a survey.
#[must_use]
pub fn summarize(config: &SurveyConfig, rows: &[GameRow]) -> Report {
    let mut groups = Vec::new();
    let mut ladder = Vec::new();
    for v in 0..config.variants.len() {
        for m in 0..config.matchups.len() {
            let mine: Vec<&GameRow> = rows
                .iter()
                .filter(|g| g.unit.variant as usize == v && g.unit.matchup as usize == m)
                .collect();
            let g = group(config, v, m, &mine);
            if !config.ladder.is_empty() {
                let a_wins = mine.iter().filter(|r| a_result(r) == 1.0).count() as u32;
                let draws = mine.iter().filter(|r| a_result(r) == 0.5).count() as u32;
                let n = g.games;
                let score = Rate::new(f64::from(n - a_wins - draws) + f64::from(draws) / 2.0, n);
                ladder.push(Rung {
                    variant: g.variant.clone(),
                    weaker: g.a.clone(),
                    stronger: g.b.clone(),
                    games: n,
                    stronger_wins: n - a_wins - draws,
                    draws,
                    weaker_wins: a_wins,
                    stronger_score: score,
                    elo: elo_of(score.rate),
                });
            }
            groups.push(g);
        }
    }
    Report {
        config: config.clone(),
        games: rows.len() as u32,
        groups,
        ladder,
    }
}

fn pct(r: &Rate) -> String {
    format!(
        "{:.1}% <small>[{:.1}, {:.1}]</small>",
        100.0 * r.rate,
        100.0 * r.low,
        100.0 * r.high
    )
}

fn est(e: &Estimate, digits: usize) -> String {
    match (e.value, e.low, e.high) {
        (Some(v), Some(l), Some(h)) => {
            format!("{v:.digits$} <small>[{l:.digits$}, {h:.digits$}]</small>")
        }
        _ => "–".to_string(),
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A group's label in plots and tables.
#[must_use]
pub fn label(report: &Report, g: &Group) -> String {
    if report.config.matchups.len() > 1 {
        format!("{} {} v {}", g.variant, g.a, g.b)
    } else {
        g.variant.clone()
    }
}

/// Every text id the report uses, each in `locales/{en,es}/cli.ftl`, with
/// its arguments (counts come as numbers in text form, for plurals).
pub const WORDS: &[(&str, &[&str])] = &[
    ("lab-report-title", &["game"]),
    ("lab-report-intro", &["games", "pairs", "openings", "seed"]),
    ("lab-report-results", &[]),
    ("lab-report-length-section", &[]),
    ("lab-report-ladder-section", &[]),
    ("lab-report-plots", &[]),
    ("lab-report-histograms", &[]),
    ("lab-report-raw-data", &["store", "json", "records"]),
    ("lab-report-col-variant", &[]),
    ("lab-report-col-games", &[]),
    ("lab-report-col-first-wins", &[]),
    ("lab-report-col-second-wins", &[]),
    ("lab-report-col-draws", &[]),
    ("lab-report-col-draws-by-reason", &[]),
    ("lab-report-col-balance", &[]),
    ("lab-report-col-completion", &[]),
    ("lab-report-col-capped", &[]),
    ("lab-report-col-a-score", &[]),
    ("lab-report-col-length-mean", &[]),
    ("lab-report-col-median", &[]),
    ("lab-report-col-quartiles", &[]),
    ("lab-report-col-range", &[]),
    ("lab-report-col-branching", &[]),
    ("lab-report-col-lead-changes", &[]),
    ("lab-report-col-decided-at", &[]),
    ("lab-report-col-drama", &[]),
    ("lab-report-col-coverage", &[]),
    ("lab-report-col-stronger", &[]),
    ("lab-report-col-weaker", &[]),
    ("lab-report-col-stronger-wins", &[]),
    ("lab-report-col-weaker-wins", &[]),
    ("lab-report-col-stronger-score", &[]),
    ("lab-report-col-histogram", &[]),
    ("lab-report-draw-reason", &["reason"]),
    ("lab-report-plot-first", &[]),
    ("lab-report-plot-draws", &[]),
    ("lab-report-plot-lengths", &[]),
    ("lab-report-plot-ladder", &[]),
    ("lab-report-axis-first-wins", &[]),
    ("lab-report-axis-draws", &[]),
    ("lab-report-axis-plies", &[]),
    ("lab-report-axis-stronger-score", &[]),
];

/// A text by id with its arguments (name, value): how a report gets its
/// words in a language ([`english`] is English).
pub type Words<'a> = &'a dyn Fn(&str, &[(&str, String)]) -> String;

/// The report's texts in English, the same as `locales/en/cli.ftl` says
/// them (the command-line crate's tests compare the two); an unknown id
/// comes back as it is.
#[must_use]
pub fn english(id: &str, args: &[(&str, String)]) -> String {
    let arg = |name: &str| {
        args.iter()
            .find(|(n, _)| *n == name)
            .map_or(String::new(), |(_, v)| v.clone())
    };
    let plural = |name: &str, one: &str, other: &str| {
        let n = arg(name);
        let word = if n == "1" { one } else { other };
        format!("{n} {word}")
    };
    let text = match id {
        "lab-report-title" => return format!("tablero lab: {}", arg("game")),
        "lab-report-intro" => {
            return format!(
                "{}; {} per variant and match-up from random openings of {}; seed {}. \
                 Every interval is a 95 % interval (Wilson for rates, bootstrap for the \
                 others). The figures are explained in docs/lab.md.",
                plural("games", "game", "games"),
                plural("pairs", "colour-swapped pair", "colour-swapped pairs"),
                plural("openings", "ply", "plies"),
                arg("seed")
            )
        }
        "lab-report-raw-data" => {
            return format!(
                "The raw data: {} (every game's figures and record) and {}; each \
                 variant's records are in {}.",
                arg("store"),
                arg("json"),
                arg("records")
            )
        }
        "lab-report-draw-reason" => {
            let reason = arg("reason");
            return match reason.as_str() {
                "agreed" => "agreement".to_string(),
                r => r.replace('-', " "),
            };
        }
        "lab-report-results" => "Results",
        "lab-report-length-section" => "Length, branching and drama",
        "lab-report-ladder-section" => "Skill gradient",
        "lab-report-plots" => "Plots",
        "lab-report-histograms" => "Length histograms",
        "lab-report-col-variant" => "variant",
        "lab-report-col-games" => "games",
        "lab-report-col-first-wins" => "first player wins",
        "lab-report-col-second-wins" => "second player wins",
        "lab-report-col-draws" | "lab-report-axis-draws" => "draws",
        "lab-report-col-draws-by-reason" => "draws by reason",
        "lab-report-col-balance" => "balance",
        "lab-report-col-completion" => "completion",
        "lab-report-col-capped" => "ended by a cap",
        "lab-report-col-a-score" => "A's score",
        "lab-report-col-length-mean" => "length: mean",
        "lab-report-col-median" => "median",
        "lab-report-col-quartiles" => "quartiles",
        "lab-report-col-range" => "range",
        "lab-report-col-branching" => "branching",
        "lab-report-col-lead-changes" => "lead changes",
        "lab-report-col-decided-at" => "decided at",
        "lab-report-col-drama" => "drama",
        "lab-report-col-coverage" => "coverage",
        "lab-report-col-stronger" => "stronger",
        "lab-report-col-weaker" => "weaker",
        "lab-report-col-stronger-wins" => "stronger wins",
        "lab-report-col-weaker-wins" => "weaker wins",
        "lab-report-col-stronger-score" | "lab-report-axis-stronger-score" => "stronger's score",
        "lab-report-col-histogram" => "plies: games",
        "lab-report-plot-first" => "First player's win rate (95 % Wilson interval)",
        "lab-report-plot-draws" => "Draw rate (95 % Wilson interval)",
        "lab-report-plot-lengths" => {
            "Game length in plies: box from the first to the third quartile, median, \
             whiskers to the extremes, mean as a dot"
        }
        "lab-report-plot-ladder" => {
            "Skill gradient: the stronger level's score against the next level down \
             (95 % Wilson interval); 0.5 means no gradient"
        }
        "lab-report-axis-first-wins" => "first player wins",
        "lab-report-axis-plies" => "plies",
        _ => id,
    };
    text.to_string()
}

/// Writes `index.html` and the SVG plots into `dir`, in English.
///
/// # Errors
/// When a file cannot be written or a plot cannot be drawn.
pub fn write_report(report: &Report, dir: &Path) -> Result<()> {
    write_report_in(report, dir, &english, "en")
}

/// Writes `index.html` and the SVG plots into `dir` with `words` (each
/// id of [`WORDS`]) in the language `lang` (its code, for `<html lang>`).
///
/// # Errors
/// When a file cannot be written or a plot cannot be drawn.
pub fn write_report_in(report: &Report, dir: &Path, words: Words, lang: &str) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| cannot_create(dir, e))?;
    let w = |id: &str| words(id, &[]);
    let mut plots: Vec<(&str, String, String)> = Vec::new();
    let rates = |f: &dyn Fn(&Group) -> Rate| -> Vec<(String, Rate)> {
        report
            .groups
            .iter()
            .map(|g| (label(report, g), f(g)))
            .collect()
    };
    plots.push((
        "first-player.svg",
        w("lab-report-plot-first"),
        plot::rates(
            &w("lab-report-axis-first-wins"),
            &rates(&|g| g.first_wins),
            Some(0.5),
        )?,
    ));
    plots.push((
        "draws.svg",
        w("lab-report-plot-draws"),
        plot::rates(&w("lab-report-axis-draws"), &rates(&|g| g.draws), None)?,
    ));
    let lengths: Vec<(String, Distribution)> = report
        .groups
        .iter()
        .map(|g| (label(report, g), g.length.clone()))
        .collect();
    plots.push((
        "lengths.svg",
        w("lab-report-plot-lengths"),
        plot::boxes(&w("lab-report-axis-plies"), &lengths)?,
    ));
    if !report.ladder.is_empty() {
        let rungs: Vec<(String, Rate)> = report
            .ladder
            .iter()
            .map(|r| {
                (
                    format!("{} {} > {}", r.variant, r.stronger, r.weaker),
                    r.stronger_score,
                )
            })
            .collect();
        plots.push((
            "ladder.svg",
            w("lab-report-plot-ladder"),
            plot::rates(&w("lab-report-axis-stronger-score"), &rungs, Some(0.5))?,
        ));
    }
    for (file, _, svg) in &plots {
        std::fs::write(dir.join(file), svg).map_err(|e| cannot_write(&dir.join(file), e))?;
    }
    let html = html(report, &plots, words, lang);
    let path = dir.join("index.html");
    std::fs::write(&path, html).map_err(|e| cannot_write(&path, e))?;
    let path = dir.join("report.json");
    std::fs::write(&path, serde_json::to_string_pretty(report)?)
        .map_err(|e| cannot_write(&path, e))?;
    Ok(())
}

/// A table's heading row: the cells of `ids` (literal cells start with
/// `=`), escaped.
fn heading(words: Words, ids: &[&str]) -> String {
    let mut s = String::from("<table><tr>");
    for id in ids {
        let text = match id.strip_prefix('=') {
            Some(literal) => literal.to_string(),
            None => words(&format!("lab-report-{id}"), &[]),
        };
        let _ = write!(s, "<th>{}</th>", escape(&text));
    }
    s.push_str("</tr>\n");
    s
}

fn html(report: &Report, plots: &[(&str, String, String)], words: Words, lang: &str) -> String {
    let c = &report.config;
    let w = |id: &str| escape(&words(id, &[]));
    let nbsp = |s: String| s.replace(" %", "&nbsp;%");
    let mut s = String::new();
    let title = escape(&words("lab-report-title", &[("game", c.game.clone())]));
    let intro = words(
        "lab-report-intro",
        &[
            ("games", report.games.to_string()),
            ("pairs", c.pairs.to_string()),
            ("openings", c.openings.to_string()),
            ("seed", c.seed.to_string()),
        ],
    );
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <title>{title}</title><style>\
         body{{font-family:system-ui,sans-serif;margin:2em;max-width:80em}}\
         table{{border-collapse:collapse;font-size:90%}}td,th{{border:1px solid #ccc;padding:.2em .4em;text-align:right}}\
         th{{background:#eee}}td:first-child{{text-align:left}}small{{color:#666}}figure{{margin:1em 0}}\
         </style></head><body>\n<h1>{title}</h1>\n<p>{intro}</p>\n",
        lang = escape(lang),
        intro = nbsp(escape(&intro)),
    );
    let _ = writeln!(s, "<h2>{}</h2>", w("lab-report-results"));
    s.push_str(&heading(
        words,
        &[
            "col-variant",
            "=A",
            "=B",
            "col-games",
            "col-first-wins",
            "col-second-wins",
            "col-draws",
            "col-draws-by-reason",
            "col-balance",
            "col-completion",
            "col-capped",
            "col-a-score",
        ],
    ));
    for g in &report.groups {
        let reasons: Vec<String> = g
            .draws_by_reason
            .iter()
            .map(|(k, v)| {
                let reason = words("lab-report-draw-reason", &[("reason", k.clone())]);
                format!("{reason} {v}")
            })
            .collect();
        let _ = writeln!(
            s,
            "<tr><td><a href=\"{}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&g.records),
            escape(&g.variant),
            escape(&g.a),
            escape(&g.b),
            g.games,
            pct(&g.first_wins),
            pct(&g.second_wins),
            pct(&g.draws),
            escape(&reasons.join(", ")),
            est(&g.balance, 2),
            pct(&g.completion),
            pct(&g.capped),
            pct(&g.a_score),
        );
    }
    let _ = write!(s, "</table>\n<h2>{}</h2>\n", w("lab-report-length-section"));
    s.push_str(&heading(
        words,
        &[
            "col-variant",
            "col-length-mean",
            "col-median",
            "col-quartiles",
            "col-range",
            "col-branching",
            "col-lead-changes",
            "col-decided-at",
            "col-drama",
            "col-coverage",
        ],
    ));
    for g in &report.groups {
        let l = &g.length;
        let _ = writeln!(
            s,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}–{}</td><td>{}–{}</td><td>{}</td><td>{}</td>\
             <td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&label(report, g)),
            est(&l.mean, 1),
            l.median,
            l.q1,
            l.q3,
            l.min,
            l.max,
            est(&g.branching, 1),
            est(&g.lead_changes, 2),
            est(&g.decided_at, 2),
            est(&g.drama, 3),
            est(&g.coverage, 2),
        );
    }
    s.push_str("</table>\n");
    if !report.ladder.is_empty() {
        let _ = writeln!(s, "<h2>{}</h2>", w("lab-report-ladder-section"));
        s.push_str(&heading(
            words,
            &[
                "col-variant",
                "col-stronger",
                "col-weaker",
                "col-games",
                "col-stronger-wins",
                "col-draws",
                "col-weaker-wins",
                "col-stronger-score",
                "=Elo",
            ],
        ));
        for r in &report.ladder {
            let _ = writeln!(
                s,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
                 <td>{}</td><td>{}</td></tr>",
                escape(&r.variant),
                escape(&r.stronger),
                escape(&r.weaker),
                r.games,
                r.stronger_wins,
                r.draws,
                r.weaker_wins,
                pct(&r.stronger_score),
                r.elo.map_or("–".to_string(), |e| format!("{e:+.0}")),
            );
        }
        s.push_str("</table>\n");
    }
    let _ = writeln!(s, "<h2>{}</h2>", w("lab-report-plots"));
    for (file, caption, svg) in plots {
        let _ = writeln!(
            s,
            "<figure>{svg}<figcaption>{} (<a href=\"{file}\">{file}</a>)</figcaption></figure>",
            escape(caption)
        );
    }
    let _ = writeln!(s, "<h2>{}</h2>", w("lab-report-histograms"));
    s.push_str(&heading(words, &["col-variant", "col-histogram"]));
    for g in &report.groups {
        let bins: Vec<String> = g
            .length
            .histogram
            .iter()
            .map(|b| format!("{}–{}: {}", b.from, b.to, b.count))
            .collect();
        let _ = writeln!(
            s,
            "<tr><td>{}</td><td style=\"text-align:left\">{}</td></tr>",
            escape(&label(report, g)),
            bins.join(", ")
        );
    }
    // The catalogue's text, with the file names marked up as code.
    let raw = words(
        "lab-report-raw-data",
        &[
            ("store", "\u{1}lab.sqlite\u{2}".to_string()),
            ("json", "\u{1}report.json\u{2}".to_string()),
            ("records", "\u{1}records/\u{2}".to_string()),
        ],
    );
    let raw = escape(&raw)
        .replace('\u{1}', "<code>")
        .replace('\u{2}', "</code>");
    let _ = write!(s, "</table>\n<p>{raw}</p>\n</body></html>\n");
    s
}
