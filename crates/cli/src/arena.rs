//! `tablero match`: two players against each other, with Elo and SPRT.

use crate::common::{num, print_json, Setup};
use crate::i18n::t;
use crate::render::CliGame;
use crate::ugi_player::parse_spec;
use crate::GameName;
use anyhow::{anyhow, bail, Context, Result};
use serde_json::{json, Value};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use tablero_ai::arena::{run_match_watched, Finished, MatchConfig, Starting, Tally};
use tablero_ai::spec_level;
use tablero_core::{History, Outcome, Player, Record};

/// Play a match between two computer players.
///
/// As cutechess-cli: the match is named first, then a line when each game
/// starts and one when it ends with the score so far; Ctrl-C (or SIGTERM)
/// prints the result of the games finished so far and stops.
///
/// Games come in colour-swapped pairs from seeded random openings, or from
/// an opening book (--book): A plays player one in the first game of a pair
/// and player two in the second. With --records each game's record starts
/// from the start position (or the book game's start) with the opening's
/// plies, so that it replays whole.
#[derive(clap::Args, Debug)]
#[command(after_help = crate::common::SPECS)]
pub struct Args {
    /// The game.
    game: GameName,
    /// The variant (see `tablero perft --help`); `@FILE` reads a file.
    #[arg(long, value_name = "V")]
    variant: Option<String>,
    /// Player A: `random`; `ai:1` to `ai:5` (the levels of `tablero play`);
    /// `solver` (Imago: perfect play); `mcts[:iters=N,ms=N,c=X,threads=N,cutoff=N]`
    /// (Monte Carlo tree search); `ab[:depth=N,ms=N,nodes=N,threads=N,q=0|1,focus=0|1]`
    /// (alpha-beta search). Example: `--a mcts:ms=500 --b ab:depth=4`.
    #[arg(long, value_name = "SPEC")]
    a: String,
    /// Player B: a SPEC as for --a.
    #[arg(long, value_name = "SPEC")]
    b: String,
    /// Games to play (rounded up to an even number).
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Stop when the sequential probability ratio test between Elo ELO0 and
    /// ELO1 decides (α = β = 0.05).
    #[arg(long, value_name = "ELO0,ELO1")]
    sprt: Option<String>,
    /// Random plies played before each pair of games.
    #[arg(long, default_value_t = 2)]
    openings: u32,
    /// Openings from FILE instead of random plies, pair N taking the Nth
    /// (round again when there are fewer): a PDN file of draughts games,
    /// a record, or a text of move lists from the start, one a line
    /// (`c3-d4, f6-e5`; `#` starts a comment line).
    #[arg(long, value_name = "FILE", conflicts_with = "openings")]
    book: Option<PathBuf>,
    /// Seed of the openings and the players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Save each game's record in DIR as `game-001.txt`, `game-002.txt`, ...
    /// (`game-001.pdn`, ... in PDN for draughts; created if missing), with
    /// the players' specs as tags.
    #[arg(long, value_name = "DIR")]
    records: Option<PathBuf>,
    /// Print JSON: games, a_wins, b_wins, draws, score, elo, elo_low, elo_high, sprt
    /// (and interrupted: true after Ctrl-C); the lines of each game go to
    /// standard error then.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    pub(crate) tables: crate::tables::TableArgs,
}

pub fn run(args: &Args) -> Result<()> {
    if args.games == 0 {
        bail!(t!("opt-games-at-least-one"));
    }
    crate::with_game!(args.game, G => run_for::<G>(args))
}

fn parse_sprt(text: &str) -> Result<(f64, f64)> {
    let (a, b) = text
        .split_once(',')
        .ok_or_else(|| anyhow!(t!("match-sprt-two")))?;
    let (a, b): (f64, f64) = (a.trim().parse()?, b.trim().parse()?);
    if !(a.is_finite() && b.is_finite() && a < b) {
        bail!(t!("match-sprt-order"));
    }
    Ok((a, b))
}

fn elo_json(x: Option<f64>) -> Value {
    x.map_or(Value::Null, |e| num((e * 10.0).round() / 10.0 + 0.0))
}

/// An opening of a book: a start position and the moves played from it.
type Opening<G> = (G, Vec<<G as tablero_core::Game>::Move>);

/// The openings of a book file (see `--book`).
fn read_book<G: CliGame>(path: &Path, variant: &G::Variant) -> Result<Vec<Opening<G>>> {
    use tablero_core::{play_move_list, History, Localize};
    let name = path.to_string_lossy().to_string();
    let context = || t!("match-bad-book", path = name.clone());
    let text = crate::common::read_file(&name)?;
    let records: Vec<Record<G>> = if crate::common::is_pdn::<G>(&name, &text) {
        crate::common::pdn_records::<G>(&text, &variant.to_string()).with_context(context)?
    } else if text.trim_start().starts_with('[') {
        vec![Record::<G>::parse(&text)
            .map_err(|e| crate::common::said(&e))
            .with_context(context)?]
    } else {
        let mut out = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut h = History::new(G::start(variant));
            play_move_list(&mut h, line)
                .map_err(|e| anyhow!(crate::i18n::message(&e.message())))
                .with_context(|| t!("match-book-line", line = n + 1))
                .with_context(context)?;
            out.push(Record::from_history(&h));
        }
        out
    };
    let mut book = Vec::new();
    for (i, r) in records.into_iter().enumerate() {
        let mut pos = r.start.clone();
        for &mv in &r.moves {
            pos.play_unchecked(mv);
        }
        if pos.outcome().is_some() || r.result.is_some() {
            return Err(anyhow!(t!("match-book-over", number = i + 1))).with_context(context);
        }
        if r.start.variant() != variant {
            return Err(anyhow!(t!(
                "match-book-variant",
                number = i + 1,
                found = r.start.variant().to_string(),
                variant = variant.to_string()
            )))
            .with_context(context);
        }
        book.push((r.start, r.moves));
    }
    if book.is_empty() {
        return Err(anyhow!(t!("match-book-empty"))).with_context(context);
    }
    Ok(book)
}

/// The book opening of pair `pair` (from 0).
fn book_opening<G: CliGame>(book: &[Opening<G>], pair: u32) -> &Opening<G> {
    &book[pair as usize % book.len()]
}

/// Writes one finished game to `dir/game-NNN.txt` (`.pdn` for draughts).
fn save_game<G: CliGame>(
    dir: &Path,
    args: &Args,
    variant: &G::Variant,
    book: Option<&[Opening<G>]>,
    game: &Finished<G>,
) -> Result<()> {
    let mut record = Record::from_history(game.history);
    // The record starts from the start position with the opening's
    // plies, so that the game can be replayed from the start.
    let pair = (game.number - 1) / 2;
    let opening = match book {
        Some(book) => {
            let (start, moves) = book_opening(book, pair);
            Some((start.clone(), moves.clone()))
        }
        None => opening_moves::<G>(variant, args, game).map(|m| (G::start(variant), m)),
    };
    if let Some((start, moves)) = opening {
        record.start = start;
        record.moves.splice(0..0, moves);
    }
    let (p1, p2) = if game.a_first {
        (&args.a, &args.b)
    } else {
        (&args.b, &args.a)
    };
    for (p, spec) in Player::ALL.into_iter().zip([p1, p2]) {
        record
            .tags
            .push((G::side_name_in(variant, p).to_string(), spec.clone()));
    }
    record
        .tags
        .push(("Round".to_string(), game.number.to_string()));
    let opening = match (&args.book, book) {
        (Some(path), Some(book)) => {
            format!("{} #{}", path.display(), pair as usize % book.len() + 1)
        }
        _ => format!("{} random plies", args.openings),
    };
    record.tags.push(("Opening".to_string(), opening));
    let ext = if G::NAME == "draughts" { "pdn" } else { "txt" };
    let path = dir.join(format!("game-{:03}.{ext}", game.number));
    std::fs::write(&path, crate::common::record_text(&record, &path)?)
        .with_context(|| crate::i18n::t!("cannot-write", path = path.display().to_string()))
}

/// The random plies that led from the start to the game's first position:
/// pair `i` of the match opens with the moves `random_opening` draws from
/// the seed `seed * 1_000_003 + i`, drawn again here. `None` when the
/// game's first position is the start (no opening) or is not reached by
/// them.
fn opening_moves<G: CliGame>(
    variant: &G::Variant,
    args: &Args,
    game: &Finished<G>,
) -> Option<Vec<G::Move>> {
    use rand::{Rng, SeedableRng};
    use tablero_core::MoveBuf;
    let pair = u64::from((game.number - 1) / 2);
    let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(pair);
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut pos = G::start(variant);
    let mut moves = G::MoveList::default();
    let mut played = Vec::new();
    for _ in 0..args.openings {
        pos.legal_moves(&mut moves);
        if pos.outcome().is_some() {
            return None;
        }
        let m = moves.as_slice();
        let mv = m[rng.gen_range(0..m.len())];
        pos.play_unchecked(mv);
        played.push(mv);
    }
    let first = game.history.start().position_string();
    (!played.is_empty() && pos.position_string() == first).then_some(played)
}

fn run_for<G: CliGame>(args: &Args) -> Result<()> {
    let setup = Setup {
        variant: args.variant.clone(),
        ..Setup::default()
    };
    let variant = setup.variant::<G>()?;
    // Check both specs before starting.
    parse_spec::<G>(&args.a, 0, &variant).map_err(|e| anyhow!("--a: {e}"))?;
    parse_spec::<G>(&args.b, 0, &variant).map_err(|e| anyhow!("--b: {e}"))?;
    let sprt = args.sprt.as_deref().map(parse_sprt).transpose()?;
    let book = match &args.book {
        Some(path) => Some(read_book::<G>(path, &variant)?),
        None => None,
    };
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir)
            .with_context(|| crate::i18n::t!("cannot-create", path = dir.display().to_string()))?;
    }
    let config = MatchConfig {
        variant,
        games: args.games,
        concurrency: args.concurrency,
        seed: args.seed,
        opening_plies: args.openings,
        sprt,
        levels: [spec_level(&args.a), spec_level(&args.b)],
    };
    let total = args.games.div_ceil(2) * 2;
    let (a, b) = (args.a.clone(), args.b.clone());
    let v = config.variant.clone();
    let make_a = move |seed: u64| parse_spec::<G>(&a, seed, &v).expect("checked spec");
    let v = config.variant.clone();
    let make_b = move |seed: u64| parse_spec::<G>(&b, seed, &v).expect("checked spec");
    let summary = Summary {
        a: args.a.clone(),
        b: args.b.clone(),
        json: args.json,
        sprt,
    };
    // As cutechess-cli does: the match first, then a line when each game
    // starts and when it ends with the score so far; on standard output,
    // or on standard error with --json (whose output is one JSON value).
    let say = |line: String| {
        if args.json {
            eprintln!("{line}");
        } else {
            println!("{line}");
        }
    };
    say(t!(
        "match-start",
        a = args.a.clone(),
        b = args.b.clone(),
        game = G::INFO.title.get(crate::i18n::lang().code()),
        variant = crate::render::variant_label(&config.variant.to_string()),
        games = total
    ));
    let state = Arc::new(Mutex::new(State::default()));
    on_interrupt(Arc::clone(&state), summary.clone());
    let names = |a_first: bool| {
        if a_first {
            (args.a.clone(), args.b.clone())
        } else {
            (args.b.clone(), args.a.clone())
        }
    };
    let started = |s: Starting| {
        let (p1, p2) = names(s.a_first);
        // Said under the state's lock, as the interrupt's summary is: a
        // game starting as the match is interrupted is not said between
        // the summary's lines.
        let _st = state.lock().unwrap_or_else(PoisonError::into_inner);
        say(t!(
            "match-started",
            game = s.number,
            total = total,
            p1 = p1,
            p2 = p2
        ));
    };
    let progress = |t: &Tally, game: &Finished<G>| {
        // Held while the record is written: an interrupt waits for it.
        let mut st = state.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(dir) = &args.records {
            if let Err(e) = save_game(dir, args, &config.variant, book.as_deref(), game) {
                st.write_error.get_or_insert(e);
            }
        }
        st.tally = t.clone();
        let (p1, p2) = names(game.a_first);
        say(t!(
            "match-finished",
            game = game.number,
            p1 = p1,
            p2 = p2,
            result = finished_text(game.history)
        ));
        say(summary.score_line(t));
    };
    // Pair `i` opens with the book's `i`th opening, or random plies.
    let opening = |pair: u32, seed: u64| match &book {
        None => tablero_ai::arena::random_opening(&config.variant, config.opening_plies, seed),
        Some(book) => {
            let (start, moves) = book_opening(book, pair);
            let mut pos = start.clone();
            for &mv in moves {
                pos.play_unchecked(mv);
            }
            pos
        }
    };
    let t = run_match_watched::<G>(&config, &opening, &make_a, &make_b, &started, &progress);
    let mut st = state.lock().unwrap_or_else(PoisonError::into_inner);
    // An interrupt from now on only ends the program.
    st.over = true;
    summary.print(&t, false);
    // The result is printed first: a record that could not be saved does
    // not lose the match.
    match st.write_error.take() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// What the games of a match share with the interrupt's handler.
#[derive(Default)]
struct State {
    /// The games finished so far.
    tally: Tally,
    /// The first record that could not be written; the match goes on and
    /// the error is reported at the end.
    write_error: Option<anyhow::Error>,
    /// The match is over and its result printed.
    over: bool,
}

/// What the result of a match says besides its tally.
#[derive(Clone)]
struct Summary {
    a: String,
    b: String,
    json: bool,
    sprt: Option<(f64, f64)>,
}

impl Summary {
    /// `Score of A vs B: W - L - D  [0.500] N`, as cutechess-cli says it.
    fn score_line(&self, t: &Tally) -> String {
        t!(
            "match-score",
            a = self.a.clone(),
            b = self.b.clone(),
            wins = t.a_wins,
            losses = t.b_wins,
            draws = t.draws,
            score = format!("{:.3}", t.score()),
            games = t.games
        )
    }

    /// Prints the result of the games in `t`: JSON (with `interrupted`
    /// when the match was cut short), or the tally, the score with the Elo
    /// difference and its interval, and the SPRT's verdict.
    fn print(&self, t: &Tally, interrupted: bool) {
        // Without a decisive game the interval says nothing (its width
        // comes from the spread of the results, which is none): report
        // none.
        let decisive = t.a_wins + t.b_wins > 0;
        let (low, high) = if decisive {
            t.elo_interval()
        } else {
            (None, None)
        };
        let verdict = self.sprt.map(|(e0, e1)| t.sprt(e0, e1).as_str());
        if self.json {
            let mut v = json!({
                "games": t.games,
                "a_wins": t.a_wins,
                "b_wins": t.b_wins,
                "draws": t.draws,
                "score": num(t.score()),
                "elo": elo_json(t.elo()),
                "elo_low": elo_json(low),
                "elo_high": elo_json(high),
                "sprt": verdict,
            });
            if interrupted {
                v["interrupted"] = json!(true);
            }
            print_json(&v);
            return;
        }
        if interrupted {
            // After the terminal's `^C`, on a line of its own.
            if std::io::stdout().is_terminal() {
                println!();
            }
            println!("{}", t!("match-interrupted", games = t.games));
        }
        // `+ 0.0` turns a negative zero into zero: no "-0".
        let fmt =
            |x: Option<f64>| x.map_or_else(|| t!("match-no-elo"), |e| format!("{:+.0}", e + 0.0));
        println!(
            "{}",
            t!(
                "match-games",
                games = t.games,
                a = t.a_wins,
                draws = t.draws,
                b = t.b_wins
            )
        );
        let score = format!("{:.3}", t.score());
        if decisive {
            println!(
                "{}",
                t!(
                    "match-score-interval",
                    score = score,
                    elo = fmt(t.elo()),
                    low = fmt(low),
                    high = fmt(high)
                )
            );
        } else {
            println!(
                "{}",
                t!("match-score-no-interval", score = score, elo = fmt(t.elo()))
            );
        }
        if let Some(v) = verdict {
            println!("{}", t!("match-sprt", verdict = v));
        }
    }
}

/// A finished game's result as the match's line says it: `1-0`, `0-1` or
/// `1/2-1/2`, then why in braces, and the game's own points where they
/// are not the plain result (`1-0 {the sides have passed each other; 9-4}`).
pub(crate) fn finished_text<G: CliGame>(h: &History<G>) -> String {
    let Some(o) = h.outcome() else {
        return "*".to_string();
    };
    let (result, plain) = match o.winner {
        Some(Player::P1) => ("1-0", Outcome::win(Player::P1, o.reason)),
        Some(Player::P2) => ("0-1", Outcome::win(Player::P2, o.reason)),
        None => ("1/2-1/2", Outcome::draw(o.reason)),
    };
    let why = crate::session::reason_text(h, o);
    if o.score == plain.score {
        format!("{result} {{{why}}}")
    } else {
        format!("{result} {{{why}; {}}}", o.score_text("-"))
    }
}

/// Ctrl-C, SIGTERM or a closed terminal: the games finished so far are the
/// result, printed as at the end (a record being written is finished
/// first; the games under way are not counted), and the program ends with
/// code 130.
fn on_interrupt(state: Arc<Mutex<State>>, summary: Summary) {
    let installed = ctrlc::set_handler(move || {
        let st = state.lock().unwrap_or_else(PoisonError::into_inner);
        if !st.over {
            summary.print(&st.tally, true);
            crate::out::flush();
        }
        std::process::exit(130);
    });
    if let Err(e) = installed {
        eprintln!("{}", t!("no-interrupt-handler", error = e.to_string()));
    }
}
