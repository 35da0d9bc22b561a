//! `tablero play`: a game in the terminal.

mod line;

use crate::common::{parse_player, Setup};
use crate::i18n::t;
use crate::render::CliGame;
use crate::session::{match_end_lines, match_game_lines, match_header};
use crate::GameName;
use anyhow::{anyhow, bail, Context, Result};
use line::Line;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use tablero_ai::clock::TimeControl;
use tablero_ai::table::{Seat, Table};
use tablero_ai::{parse_spec, spec_level, Bot};
use tablero_core::{
    Game, History, Period, Person, Player, Record, RecordDate, SeatSwapMatch, TimeControlTag,
};

/// Play a game in the terminal.
///
/// On a terminal the game is full screen: the board redrawn in place with
/// the last move marked, the move list, the players, the computer thinking
/// while the screen stays live; type a move or choose one with the arrow
/// keys, then Enter; F1 lists the keys. Elsewhere (a pipe, a script), or
/// with --plain, the game goes line by line: type a move in the game's
/// notation (or its number in the list) at the prompt; `help` lists the
/// other commands (undo, claim, resign, draw, quit).
#[derive(clap::Args, Debug)]
#[command(after_help = format!("{}\n\n{}\n\n{}", help(), keys(), crate::common::SPECS))]
pub struct Args {
    /// The game.
    game: GameName,
    #[command(flatten)]
    setup: Setup,
    /// Who plays player one (Imago, Linja: Red; Jarmo: Dark; Super Dimensiones: South): human,
    /// ai:1 to ai:5, random, solver, or a search spec such as mcts:ms=500 or ab:depth=4
    /// [default: human, or the record's player when resuming with --moves @FILE; a name there
    /// that is no spec, from another program's record, is a person of that name].
    #[arg(
        long = "p1",
        visible_aliases = ["red", "dark", "south"],
        value_name = "WHO"
    )]
    p1: Option<String>,
    /// Who plays player two (Imago: Blue; Jarmo: Light; Linja: Black; Super Dimensiones:
    /// North); the same choices [default: ai:3, or the record's player when resuming].
    #[arg(
        long = "p2",
        visible_aliases = ["blue", "light", "north"],
        value_name = "WHO"
    )]
    p2: Option<String>,
    /// Who plays Black (Linja's and Russian and Turkish draughts' player
    /// two, English draughts' player one, who moves first); as --p1.
    #[arg(long, value_name = "WHO")]
    black: Option<String>,
    /// Who plays White (draughts: player one in Russian and Turkish, player
    /// two in English); as --p1.
    #[arg(long, value_name = "WHO")]
    white: Option<String>,
    /// Who moves first: p1, p2, a colour name, or random.
    #[arg(long, default_value = "p1")]
    first: String,
    /// Seed for the computer's random choices (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Save the game record to FILE after every move (written whole to a
    /// temporary file and renamed, so an interrupted game keeps every move
    /// played); the record keeps a claim, a resignation or an agreed draw.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Draw without colours (also when NO_COLOR is set or output is not a terminal).
    #[arg(long)]
    no_color: bool,
    /// No review at the end (by default a finished game with a person at
    /// the board is reviewed: the moves worth a look, where the result
    /// slipped, each side's accuracy).
    #[arg(long)]
    no_review: bool,
    /// Play line by line (a prompt, then the board printed again after each
    /// move) even on a terminal: for scripts, pipes and screen readers. The
    /// full-screen game is chosen when both the input and the output are a
    /// terminal; otherwise the line mode is used anyway.
    #[arg(long)]
    plain: bool,
    /// Play a match of two games (Jarmo's rule 11): in the second game the
    /// players swap seats (colour and side of the board) and the points of
    /// both games add up. With --record FILE, game N is saved to FILE.N.
    #[arg(long = "match")]
    two_games: bool,
    /// Play on a clock: minutes for the game + seconds added after each
    /// move (Fischer), such as 5+3, 1+0 or 0.5+0 (at most 180+180). The
    /// first move starts the clocks; a side whose clock runs out loses on
    /// time. The computer then takes its time from its clock. No undo.
    #[arg(long, value_name = "CONTROL")]
    clock: Option<String>,
    #[command(flatten)]
    pub(crate) tables: crate::tables::TableArgs,
}

/// Who makes the moves of one side: a person, or a computer player built
/// from a spec (`random`, `solver`, `ai:3`, `mcts:iters=2000`, ...).
enum Who<G: Game> {
    /// A person, with the name the record gives (`human` by default).
    Human(String),
    Computer(Box<dyn Bot<G>>, String),
}

impl<G: CliGame> Who<G> {
    fn parse(text: &str, seed: u64) -> Result<Who<G>> {
        if text == "human" {
            return Ok(Who::Human(text.to_string()));
        }
        let bot = parse_spec::<G>(text, seed)
            .map_err(|e| anyhow!(t!("bad-player", error = crate::i18n::message(&e))))?;
        Ok(Who::Computer(bot, text.to_string()))
    }

    fn name(&self) -> &str {
        match self {
            Who::Human(name) => name,
            Who::Computer(_, spec) => spec,
        }
    }

    /// The seat at the shared table: a person, or the computer at the
    /// level its spec names.
    fn seat(&self) -> Seat {
        match self {
            Who::Human(_) => Seat::Person,
            Who::Computer(_, spec) => Seat::Computer(spec_level(spec)),
        }
    }
}

pub fn run(args: &Args) -> Result<()> {
    crate::with_game!(args.game, G => run_for::<G>(args))
}

/// The commands at the prompt, in the language in use.
fn help() -> String {
    t!("play-help")
}

/// The keys of the full-screen game, in the language in use.
fn keys() -> String {
    t!("play-keys")
}

/// `tablero play`'s text after the options in the language in use (the
/// commands at the prompt, the keys of the full screen, the player specs);
/// the rest of its help comes from the catalogue as every command's does
/// ([`crate::i18n::localize_help`]).
pub fn localize(command: clap::Command) -> clap::Command {
    command.after_help(format!("{}\n\n{}\n\n{}", help(), keys(), t!("specs-help")))
}

/// The player a record names for side `p` (its tag is the side's name).
fn record_player<G: CliGame>(record: Option<&Record<G>>, p: Player) -> Option<String> {
    let record = record?;
    let name = G::side_name_in(record.start.variant(), p);
    record
        .tags
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.clone())
}

/// Who `--p1` and `--p2` name, with `--black` and `--white` put in the
/// seat of the side of that name in the variant (`sides`): English
/// draughts' Black is player one, Linja's player two. A side the game does
/// not have, or a seat named twice, is an error.
fn seats_given(args: &Args, sides: &[tablero_games::Text; 2]) -> Result<[Option<String>; 2]> {
    let mut given = [args.p1.clone(), args.p2.clone()];
    for (word, who) in [("black", &args.black), ("white", &args.white)] {
        let Some(who) = who else { continue };
        let Some(i) = (0..2).find(|&i| sides[i].en.eq_ignore_ascii_case(word)) else {
            bail!(t!(
                "play-no-such-side",
                option = format!("--{word}"),
                first = sides[0].en.to_lowercase(),
                second = sides[1].en.to_lowercase()
            ));
        };
        if given[i].is_some() {
            bail!(t!(
                "play-seat-twice",
                option = format!("--{word}"),
                seat = format!("--p{}", i + 1)
            ));
        }
        given[i] = Some(who.clone());
    }
    Ok(given)
}

fn run_for<G: CliGame>(args: &Args) -> Result<()> {
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    // A side's Spanish name names it too (`--first negro`); the names are
    // the variant's (English draughts: player one is Black).
    let sides = G::side_names(&args.setup.variant::<G>()?);
    let side_word = |i: usize| sides[i].en.to_lowercase();
    let side_es = |i: usize| sides[i].es.to_lowercase();
    let first_text = match args.first.to_lowercase() {
        t if t == side_es(0) => side_word(0),
        t if t == side_es(1) => side_word(1),
        t if t == "azar" => "random".to_string(),
        _ => args.first.clone(),
    };
    let given = seats_given(args, &sides)?;
    let first = if first_text == "random" {
        if rng.gen() {
            Player::P1
        } else {
            Player::P2
        }
    } else {
        parse_player(&first_text, [&side_word(0), &side_word(1)])?
    };
    let color = colors(args) && std::io::stdout().is_terminal();
    let control = match &args.clock {
        Some(text) => Some(crate::session::parse_clock(text).map_err(|e| anyhow!(e))?),
        None => None,
    };
    if control.is_some() && args.two_games {
        bail!(t!("play-clock-no-match"));
    }
    if args.two_games {
        let who = [
            Who::parse(given[0].as_deref().unwrap_or("human"), seed)?,
            Who::parse(given[1].as_deref().unwrap_or("ai:3"), seed.wrapping_add(1))?,
        ];
        return run_match::<G>(args, who, color, first, seed);
    }
    let (history, record) = args.setup.load::<G>(first)?;
    // A resumed record keeps its players unless --p1/--p2 name others.
    let spec = |given: &Option<String>, p: Player, default: &str| {
        given
            .clone()
            .or_else(|| record_player(record.as_ref(), p))
            .unwrap_or_else(|| default.to_string())
    };
    // A record's player that is no spec is a person's name (a record from
    // another program): a person plays that side, under that name.
    let who_of = |text: String, seed: u64, given: bool| match Who::parse(&text, seed) {
        Err(_) if !given => Ok(Who::Human(text)),
        other => other,
    };
    let who = [
        who_of(
            spec(&given[0], Player::P1, "human"),
            seed,
            given[0].is_some(),
        )?,
        who_of(
            spec(&given[1], Player::P2, "ai:3"),
            seed.wrapping_add(1),
            given[1].is_some(),
        )?,
    ];
    // A resumed record's clock goes on when --clock names none (both
    // clocks full again, as with --clock).
    let control = match (control, &record) {
        (Some(c), _) => Some(c),
        (None, Some(r)) => resumed_control(r),
        (None, None) => None,
    };
    let timer = || control.map(crate::session::Timer::new);
    let tags = game_tags(control, record.map(|r| r.tags).unwrap_or_default());
    if !args.plain && crate::tui::available() {
        return run_full_screen(args, history, who, tags, seed, timer());
    }
    let people = who.iter().any(|w| matches!(w, Who::Human(_)));
    let mut s = Line::new(history, who, color, timer());
    s.tags = tags;
    s.record.clone_from(&args.record);
    on_interrupt(args.record.as_deref());
    s.save()?;
    let quit = s.play(&line::Typed::stdin())?;
    s.save()?;
    if !quit && !args.no_review && people {
        crate::review::after_play(s.session.table());
    }
    if let Some(path) = &args.record {
        println!("{}", t!("record-saved", path = path.display().to_string()));
    }
    if quit {
        println!("{}", t!("unfinished"));
    }
    Ok(())
}

/// The tags a game's record keeps besides its players: `kept` (a resumed
/// record's own), with the game's time control as PGN writes it
/// (`TimeControl "180+2"`, `"-"` without a clock) and the day it started
/// (`Date "2025.03.01"`, in UTC; a resumed record keeps its own).
fn game_tags(
    control: Option<TimeControl>,
    mut tags: Vec<(String, String)>,
) -> Vec<(String, String)> {
    let mut set = |name: &str, value: String| match tags.iter_mut().find(|(k, _)| k == name) {
        Some(slot) => slot.1 = value,
        None => tags.push((name.to_string(), value)),
    };
    let tag = control.map_or(TimeControlTag::Untimed, |c| {
        TimeControlTag::Periods(vec![match c {
            TimeControl::Live { base_ms, inc_ms } => Period::Game {
                ms: u64::try_from(base_ms).unwrap_or(0),
                increment_ms: u64::try_from(inc_ms).unwrap_or(0),
            },
            TimeControl::Days(d) => Period::Moves {
                moves: 1,
                ms: u64::from(d) * 86_400_000,
                increment_ms: 0,
            },
        }])
    });
    set("TimeControl", tag.to_string());
    if !tags.iter().any(|(k, _)| k == "Date") {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0));
        tags.push((
            "Date".to_string(),
            RecordDate::from_unix_seconds(now).to_string(),
        ));
    }
    tags
}

/// The live clock a record was played on (its `TimeControl` tag), when it
/// is one `play` keeps (`MINUTES+SECONDS` as `--clock` takes it).
fn resumed_control<G: CliGame>(record: &Record<G>) -> Option<TimeControl> {
    let tag = record.time_control().ok()??;
    crate::session::parse_clock(&crate::session::control_text(&tag)).ok()
}

/// Whether colours may be drawn: not with --no-color, nor when NO_COLOR is
/// set (to anything, <https://no-color.org>).
fn colors(args: &Args) -> bool {
    !args.no_color && std::env::var_os("NO_COLOR").is_none()
}

/// The game in full screen ([`crate::tui`]); the result and where the
/// record is are printed when the screen is left.
fn run_full_screen<G: CliGame>(
    args: &Args,
    history: History<G>,
    who: [Who<G>; 2],
    tags: Vec<(String, String)>,
    seed: u64,
    timer: Option<crate::session::Timer>,
) -> Result<()> {
    let seats = [who[0].seat(), who[1].seat()];
    let names = [who[0].name().to_string(), who[1].name().to_string()];
    let bots = who.map(|w| match w {
        Who::Human(_) => None,
        Who::Computer(bot, _) => Some(bot),
    });
    let path = args.record.clone();
    let (n1, n2) = (names[0].clone(), names[1].clone());
    let save: crate::tui::Saver<G> = Box::new(move |h: &History<G>| match &path {
        Some(p) => save_record(p, h, [&n1, &n2], &tags),
        None => Ok(()),
    });
    let table = Table::from_history(history, seats);
    let mut app = crate::tui::App::new(table, bots, names, save, seed);
    if let Some(timer) = timer {
        app.set_timer(timer);
    }
    app.set_color(colors(args));
    let result = crate::tui::run(&mut app);
    // The record was written after every move.
    match app.table().outcome() {
        Some(o) => println!("{}", app.result_text(o)),
        None => println!("{}", t!("unfinished")),
    }
    result?;
    let people = seats.iter().any(|s| s.is_person());
    if app.table().outcome().is_some() && !args.no_review && people {
        crate::review::after_play(app.table());
    }
    if let Some(path) = &args.record {
        println!("{}", t!("record-saved", path = path.display().to_string()));
    }
    Ok(())
}

/// Ctrl-C, a closed terminal or a kill: say so and stop; the record (saved
/// after every move) already holds every move played.
fn on_interrupt(record: Option<&Path>) {
    static TEXT: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());
    static HANDLER: std::sync::Once = std::sync::Once::new();
    let text = match record {
        Some(path) => t!("interrupted-record", path = path.display().to_string()),
        None => t!("interrupted"),
    };
    *TEXT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = text;
    HANDLER.call_once(|| {
        let installed = ctrlc::set_handler(|| {
            let text = TEXT
                .lock()
                .map_or_else(|_| t!("interrupted"), |text| text.clone());
            eprintln!();
            eprintln!("{text}");
            std::process::exit(130);
        });
        if let Err(e) = installed {
            eprintln!("{}", t!("no-interrupt-handler", error = e.to_string()));
        }
    });
}

/// Writes the record of `history` to `path` atomically (a temporary file in
/// the same folder, then renamed over it): the players as side-name tags,
/// then `tags` (other than the sides') as they were.
fn save_record<G: CliGame>(
    path: &Path,
    history: &History<G>,
    who: [&str; 2],
    tags: &[(String, String)],
) -> Result<()> {
    let mut record = Record::from_history(history);
    let v = history.start().variant();
    for p in Player::ALL {
        record.tags.push((
            G::side_name_in(v, p).to_string(),
            who[p.index()].to_string(),
        ));
    }
    let sides = [
        G::side_name_in(v, Player::P1),
        G::side_name_in(v, Player::P2),
    ];
    record.tags.extend(
        tags.iter()
            .filter(|(k, _)| !sides.contains(&k.as_str()))
            .cloned(),
    );
    write_atomically(path, &crate::common::record_text(&record, path)?)
}

/// Writes `text` to a temporary file next to `path` and renames it over
/// `path`, so a reader (or a crash) never sees half a file.
fn write_atomically(path: &Path, text: &str) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    // The temporary file is ours, not the player's: an error names the
    // record.
    std::fs::write(&tmp, text)
        .with_context(|| crate::i18n::t!("cannot-write", path = path.display().to_string()))?;
    std::fs::rename(&tmp, path)
        .with_context(|| crate::i18n::t!("cannot-write", path = path.display().to_string()))
}

/// The two-game match: person A is `--p1` in the first game and player two
/// in the second; the same seat moves first in both games.
fn run_match<G: CliGame>(
    args: &Args,
    people: [Who<G>; 2],
    color: bool,
    first: Player,
    seed: u64,
) -> Result<()> {
    if args.setup.position.is_some() || args.setup.moves.is_some() {
        bail!(t!("match-no-position"));
    }
    let m = SeatSwapMatch::<G>::new(args.setup.variant::<G>()?, first);
    if !args.plain && crate::tui::available() {
        return run_match_full_screen(args, m, people, seed);
    }
    let mut m = m;
    let typed = line::Typed::stdin();
    let names = [people[0].name().to_string(), people[1].name().to_string()];
    // Each person's player, taken out for the game where they sit.
    let mut people = people.map(Some);
    for game in 1..=2 {
        let mut seat = |p: Player| {
            people[Person::in_seat(p, game).index()]
                .take()
                .expect("each person plays once per game")
        };
        let who = [seat(Player::P1), seat(Player::P2)];
        println!();
        println!("{}", match_header::<G>(m.variant(), &names, game));
        let mut s = Line::new(m.current().clone(), who, color, None);
        s.tags = game_tags(None, Vec::new());
        s.record = match_record(args.record.as_deref(), game);
        on_interrupt(s.record.as_deref());
        s.save()?;
        let quit = s.play(&typed)?;
        s.save()?;
        if let Some(path) = &s.record {
            println!("{}", t!("record-saved", path = path.display().to_string()));
        }
        *m.current_mut() = s.session.table().history().clone();
        let [p1, p2] = s.who;
        people[Person::in_seat(Player::P1, game).index()] = Some(p1);
        people[Person::in_seat(Player::P2, game).index()] = Some(p2);
        if quit {
            println!("{}", t!("match-unfinished", game = game));
            return Ok(());
        }
        for line in match_game_lines(&m, &names, game) {
            println!("{line}");
        }
        m.next_game();
    }
    for line in match_end_lines(&m, &names) {
        println!("{line}");
    }
    Ok(())
}

/// Where game `game` of a match is saved: `FILE.1`, `FILE.2`.
fn match_record(record: Option<&Path>, game: usize) -> Option<PathBuf> {
    record.map(|path| {
        let mut name = path.as_os_str().to_owned();
        name.push(format!(".{game}"));
        PathBuf::from(name)
    })
}

/// The two-game match in full screen ([`crate::tui::MatchApp`]): each game's
/// record saved after every move as in line mode; what the line mode prints
/// about the games and the match is printed when the screen is left.
fn run_match_full_screen<G: CliGame>(
    args: &Args,
    m: SeatSwapMatch<G>,
    people: [Who<G>; 2],
    seed: u64,
) -> Result<()> {
    let names = [people[0].name().to_string(), people[1].name().to_string()];
    let seats = [people[0].seat(), people[1].seat()];
    let bots = people.map(|w| match w {
        Who::Human(_) => None,
        Who::Computer(bot, _) => Some(bot),
    });
    let record = args.record.clone();
    let saver = move |game: usize, seat_names: [String; 2]| -> crate::tui::Saver<G> {
        let path = match_record(record.as_deref(), game);
        let tags = game_tags(None, Vec::new());
        Box::new(move |h: &History<G>| match &path {
            Some(p) => save_record(p, h, [&seat_names[0], &seat_names[1]], &tags),
            None => Ok(()),
        })
    };
    let mut app = crate::tui::MatchApp::new(m, bots, seats, names.clone(), Box::new(saver), seed)?;
    app.set_color(colors(args));
    let result = crate::tui::run(&mut app);
    let m = app.matches();
    for (i, h) in m.games().iter().enumerate() {
        let game = i + 1;
        if let Some(o) = h.outcome() {
            println!("{}", crate::tui::result_sentence(h, o));
        }
        if let Some(path) = match_record(args.record.as_deref(), game) {
            println!("{}", t!("record-saved", path = path.display().to_string()));
        }
        if h.outcome().is_some() {
            for line in match_game_lines(m, &names, game) {
                println!("{line}");
            }
        } else {
            println!("{}", t!("match-unfinished", game = game));
        }
    }
    if m.is_over() {
        for line in match_end_lines(m, &names) {
            println!("{line}");
        }
    }
    result?;
    match app.take_error() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
