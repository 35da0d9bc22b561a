//! `tablero play`: a game in the terminal.

use crate::common::{parse_player, Setup};
use crate::i18n::{is_command, t, Command};
use crate::render::CliGame;
use crate::GameName;
use anyhow::{anyhow, bail, Context, Result};
use owo_colors::OwoColorize;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::io::{BufRead, IsTerminal};
use std::path::{Path, PathBuf};
use tablero_ai::table::{DrawAnswer, Refusal, Seat, Table};
use tablero_ai::{parse_spec, spec_level, Bot, Limits};
use tablero_core::{Game, History, Outcome, Person, Player, Reason, Record, SeatSwapMatch};

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
        visible_aliases = ["blue", "light", "black", "north"],
        value_name = "WHO"
    )]
    p2: Option<String>,
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

/// A game at the terminal: the shared table (the same rules around the
/// board as the web app's) and who plays each seat.
struct Session<G: CliGame> {
    table: Table<G>,
    who: [Who<G>; 2],
    color: bool,
    /// Where the record is saved after every move, if anywhere.
    record: Option<PathBuf>,
    /// The record's other tags (names, dates), kept as they were read.
    tags: Vec<(String, String)>,
    /// The computer waits to be asked before moving (after an undo took
    /// back its first move).
    paused: bool,
}

impl<G: CliGame> Session<G> {
    fn new(history: History<G>, who: [Who<G>; 2], color: bool) -> Self {
        let seats = [who[0].seat(), who[1].seat()];
        Session {
            table: Table::from_history(history, seats),
            who,
            color,
            record: None,
            tags: Vec::new(),
            paused: false,
        }
    }

    /// Saves the record, if one is kept: after every move, so that an
    /// interrupted game loses at most the move being typed.
    fn save(&self) -> Result<()> {
        match &self.record {
            Some(path) => save_record(
                path,
                self.table.history(),
                [self.who[0].name(), self.who[1].name()],
                &self.tags,
            ),
            None => Ok(()),
        }
    }
}

/// The player a record names for side `p` (its tag is the side's name).
fn record_player<G: CliGame>(record: Option<&Record<G>>, p: Player) -> Option<String> {
    let name = G::side_name(p);
    record?
        .tags
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.clone())
}

fn run_for<G: CliGame>(args: &Args) -> Result<()> {
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    // A side's Spanish name names it too (`--first negro`).
    let side_es = |i: usize| G::INFO.sides[i].es.to_lowercase();
    let first_text = match args.first.to_lowercase() {
        t if t == side_es(0) => G::INFO.side_word(0),
        t if t == side_es(1) => G::INFO.side_word(1),
        t if t == "azar" => "random".to_string(),
        _ => args.first.clone(),
    };
    let first = if first_text == "random" {
        if rng.gen() {
            Player::P1
        } else {
            Player::P2
        }
    } else {
        parse_player(&first_text, [&G::INFO.side_word(0), &G::INFO.side_word(1)])?
    };
    let color =
        !args.no_color && std::env::var_os("NO_COLOR").is_none() && std::io::stdout().is_terminal();
    if args.two_games {
        let who = [
            Who::parse(args.p1.as_deref().unwrap_or("human"), seed)?,
            Who::parse(args.p2.as_deref().unwrap_or("ai:3"), seed.wrapping_add(1))?,
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
        who_of(spec(&args.p1, Player::P1, "human"), seed, args.p1.is_some())?,
        who_of(
            spec(&args.p2, Player::P2, "ai:3"),
            seed.wrapping_add(1),
            args.p2.is_some(),
        )?,
    ];
    let tags = record.map(|r| r.tags).unwrap_or_default();
    if !args.plain && crate::tui::available() {
        return run_full_screen(args, history, who, tags, seed);
    }
    let mut s = Session::new(history, who, color);
    s.tags = tags;
    s.record.clone_from(&args.record);
    on_interrupt(args.record.as_deref());
    s.save()?;
    let quit = s.play()?;
    s.save()?;
    if let Some(path) = &args.record {
        println!("{}", t!("record-saved", path = path.display().to_string()));
    }
    if quit {
        println!("{}", t!("unfinished"));
    }
    Ok(())
}

/// The game in full screen ([`crate::tui`]); the result and where the
/// record is are printed when the screen is left.
fn run_full_screen<G: CliGame>(
    args: &Args,
    history: History<G>,
    who: [Who<G>; 2],
    tags: Vec<(String, String)>,
    seed: u64,
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
    let result = crate::tui::run(&mut app);
    // The record was written after every move.
    match app.table().outcome() {
        Some(o) => println!("{}", app.result_text(o)),
        None => println!("{}", t!("unfinished")),
    }
    result?;
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

/// One line typed at the prompt.
enum Input {
    /// A line of text, without its line end.
    Line(String),
    /// The input ended (Ctrl-D, a closed pipe).
    End,
    /// A line that cannot be a command; why.
    Bad(String),
}

/// The longest line read as a command; longer ones are refused whole.
const MAX_LINE: usize = 4096;

/// Reads one line as bytes, so that invalid UTF-8 or a huge line is
/// answered with a message instead of ending the game.
fn read_input(input: &mut impl BufRead) -> Input {
    let mut bytes = Vec::new();
    match input.read_until(b'\n', &mut bytes) {
        Ok(0) => Input::End,
        Ok(_) if bytes.len() > MAX_LINE => {
            Input::Bad(t!("line-too-long", len = bytes.len(), max = MAX_LINE))
        }
        Ok(_) => match String::from_utf8(bytes) {
            Ok(text) => Input::Line(text),
            Err(_) => Input::Bad(t!("line-not-utf8")),
        },
        Err(e) => {
            eprintln!("{}", t!("cannot-read", error = e.to_string()));
            Input::End
        }
    }
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
    for p in Player::ALL {
        record
            .tags
            .push((G::side_name(p).to_string(), who[p.index()].to_string()));
    }
    let sides = [G::side_name(Player::P1), G::side_name(Player::P2)];
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
    std::fs::write(&tmp, text)
        .with_context(|| crate::i18n::t!("cannot-write", path = tmp.display().to_string()))?;
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
        println!("{}", match_header::<G>(&names, game));
        let mut s = Session::new(m.current().clone(), who, color);
        s.record = match_record(args.record.as_deref(), game);
        on_interrupt(s.record.as_deref());
        s.save()?;
        let quit = s.play()?;
        s.save()?;
        if let Some(path) = &s.record {
            println!("{}", t!("record-saved", path = path.display().to_string()));
        }
        *m.current_mut() = s.table.history().clone();
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

/// A person of a match with their player: `A (ai:1)`.
pub(crate) fn person_label(person: Person, names: &[String; 2]) -> String {
    format!("{person} ({})", names[person.index()])
}

/// Who plays which side in game `game` of a match, as a sentence.
pub(crate) fn match_header<G: CliGame>(names: &[String; 2], game: usize) -> String {
    t!(
        "match-header",
        game = game,
        a = person_label(Person::in_seat(Player::P1, game), names),
        sidea = G::side_label(Player::P1),
        b = person_label(Person::in_seat(Player::P2, game), names),
        sideb = G::side_label(Player::P2),
    )
}

/// Each person's points in game `game` of a match (once it is over).
pub(crate) fn match_game_lines<G: CliGame>(
    m: &SeatSwapMatch<G>,
    names: &[String; 2],
    game: usize,
) -> Vec<String> {
    Person::ALL
        .into_iter()
        .map(|person| {
            t!(
                "match-game-points",
                game = game,
                person = person.to_string(),
                name = names[person.index()].clone(),
                side = G::side_label(person.seat(game)),
                points = crate::render::points(m.game_points(person, game).unwrap_or_default()),
            )
        })
        .collect()
}

/// The end of a match: each person's total and who won.
pub(crate) fn match_end_lines<G: CliGame>(
    m: &SeatSwapMatch<G>,
    names: &[String; 2],
) -> Vec<String> {
    let total = m.points();
    let mut out: Vec<String> = Person::ALL
        .into_iter()
        .map(|person| {
            let per_game: Vec<String> = (1..=2)
                .map(|g| m.game_points(person, g).unwrap_or_default().to_string())
                .collect();
            t!(
                "match-total",
                person = person_label(person, names),
                first = per_game[0].clone(),
                second = per_game[1].clone(),
                points = crate::render::points(total[person.index()]),
            )
        })
        .collect();
    out.push(match m.winner().flatten() {
        Some(p) => t!("match-wins", person = person_label(p, names)),
        None => t!("match-drawn"),
    });
    out
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
        Box::new(move |h: &History<G>| match &path {
            Some(p) => save_record(p, h, [&seat_names[0], &seat_names[1]], &[]),
            None => Ok(()),
        })
    };
    let mut app = crate::tui::MatchApp::new(m, bots, seats, names.clone(), Box::new(saver), seed)?;
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

impl<G: CliGame> Session<G> {
    fn show(&self) {
        println!();
        print!("{}", self.table.history().current().board(self.color));
        if self.table.history().moves().is_empty() {
            println!("{}", G::legend());
        }
    }

    fn title(&self, p: Player) -> String {
        let name = G::side_label(p);
        if !self.color {
            return name.to_string();
        }
        match p {
            Player::P1 => name.red().bold().to_string(),
            Player::P2 => name.blue().bold().to_string(),
        }
    }

    fn list_moves(&self) {
        let legal = self.table.history().current().legal_move_strings();
        let items: Vec<String> = legal
            .iter()
            .enumerate()
            .map(|(i, m)| format!("{:>2}. {m:<10}", i + 1))
            .collect();
        for chunk in items.chunks(5) {
            println!("  {}", chunk.join(" "));
        }
    }

    /// Plays to the end; `Ok(true)` when the player quit.
    fn play(&mut self) -> Result<bool> {
        let stdin = std::io::stdin();
        let mut lines = stdin.lock();
        loop {
            self.save()?;
            self.show();
            if let Some(o) = self.table.outcome() {
                self.announce(o);
                return Ok(false);
            }
            let side = self.table.history().current().side_to_move();
            match &self.who[side.index()] {
                Who::Human(_) => {
                    match self.table.history().current().mover_label() {
                        Some(army) => println!(
                            "{}",
                            t!(
                                "to-move-army",
                                side = self.title(side),
                                army = crate::render::army_label(army)
                            )
                        ),
                        None => println!("{}", t!("to-move", side = self.title(side))),
                    }
                    self.list_moves();
                    loop {
                        print!("{}> ", G::side_label(side).to_lowercase());
                        crate::out::flush();
                        let line = match read_input(&mut lines) {
                            Input::Line(line) => line,
                            Input::End => {
                                println!();
                                return Ok(true);
                            }
                            Input::Bad(why) => {
                                println!("{why}");
                                continue;
                            }
                        };
                        match self.human_command(line.trim(), side) {
                            Step::Again => {}
                            Step::Moved => break,
                            Step::Quit => return Ok(true),
                            Step::AskDraw => {
                                let other = side.other();
                                print!(
                                    "{}",
                                    t!(
                                        "offers-draw",
                                        side = self.title(side),
                                        other = self.title(other)
                                    )
                                );
                                crate::out::flush();
                                let answer = match read_input(&mut lines) {
                                    Input::Line(l) => l,
                                    Input::End | Input::Bad(_) => String::new(),
                                };
                                println!();
                                let accept = crate::i18n::is_yes(&answer);
                                self.table
                                    .answer_draw(other, accept)
                                    .expect("the offer stands");
                                if accept {
                                    break;
                                }
                                println!("{}", t!("declines-draw", side = self.title(other)));
                            }
                        }
                    }
                }
                Who::Computer(_, spec) if self.paused => {
                    println!(
                        "{}",
                        t!(
                            "computer-paused",
                            side = self.title(side),
                            spec = spec.clone()
                        )
                    );
                    print!("> ");
                    crate::out::flush();
                    match read_input(&mut lines) {
                        Input::Line(l) => match l.trim() {
                            "" => self.paused = false,
                            w if is_command(w, Command::Go) => self.paused = false,
                            w if is_command(w, Command::Quit) => return Ok(true),
                            other => {
                                println!("{}", t!("paused-other", text = format!("{other:?}")));
                            }
                        },
                        Input::End => {
                            println!();
                            return Ok(true);
                        }
                        Input::Bad(why) => println!("{why}"),
                    }
                }
                Who::Computer(..) => self.computer_turn(side),
            }
        }
    }

    fn announce(&self, o: Outcome) {
        let text = match o.winner {
            Some(p) => t!("wins", side = self.title(p)),
            None => t!("draw"),
        };
        let why = self
            .table
            .history()
            .current()
            .end_text(o)
            .unwrap_or_else(|| reason_text::<G>(o.reason));
        println!(
            "{}",
            t!("result", result = text, why = why, score = score(o))
        );
    }

    fn computer_turn(&mut self, side: Player) {
        let title = self.title(side);
        let Who::Computer(bot, spec) = &mut self.who[side.index()] else {
            unreachable!("a computer's turn")
        };
        if self.table.computer_claims() {
            println!(
                "{}",
                t!(
                    "computer-claims",
                    side = title,
                    spec = spec.clone(),
                    claim = claim_name::<G>()
                )
            );
            self.table.claim(side).expect("a claim the table proved");
            return;
        }
        let mv = bot.choose(self.table.history(), &Limits::none());
        println!(
            "{}",
            t!(
                "computer-plays",
                side = title,
                spec = spec.clone(),
                mv = self.table.history().current().format_move(mv)
            )
        );
        self.table
            .play_move(mv)
            .expect("the computer plays legal moves");
    }

    fn human_command(&mut self, input: &str, side: Player) -> Step {
        if input.is_empty() {
            return Step::Again;
        }
        match Command::parse(input) {
            Some(Command::Help) => {
                println!("{}", help());
                println!("{}", G::legend());
                Step::Again
            }
            Some(Command::Moves) => {
                self.list_moves();
                Step::Again
            }
            Some(Command::Quit) => Step::Quit,
            Some(Command::Resign) => match self.table.resign(side) {
                Ok(()) => Step::Moved,
                Err(e) => refused(&e),
            },
            Some(Command::Undo) => match self.table.undo(side) {
                Ok(_) => {
                    println!("{}", t!("move-taken-back"));
                    Step::Moved
                }
                Err(e) => match back_to_start(&self.table) {
                    Some(start) => {
                        self.table = start;
                        self.paused = true;
                        println!("{}", t!("back-to-start"));
                        Step::Moved
                    }
                    None => refused(&e),
                },
            },
            Some(Command::Draw) => self.offer_draw(side),
            Some(Command::Claim) => match self.table.claim(side) {
                Ok(()) => Step::Moved,
                Err(e) => refused(&e),
            },
            _ => self.move_command(input, side),
        }
    }

    /// A move typed at the prompt (its text, or its number in the list).
    fn move_command(&mut self, input: &str, side: Player) -> Step {
        let text = match input.parse::<usize>() {
            Ok(n) => {
                let legal = self.table.history().current().legal_move_strings();
                match legal.get(n.wrapping_sub(1)) {
                    Some(m) => m.clone(),
                    None => {
                        println!("{}", t!("no-move-number", n = n, count = legal.len()));
                        return Step::Again;
                    }
                }
            }
            Err(_) => input.to_string(),
        };
        // Cells are written in lower case; `B5` is read as `b5`.
        let lower = text.to_lowercase();
        let played = match self.table.play(side, &text) {
            Err(_) if lower != text => self.table.play(side, &lower),
            first => first,
        };
        match played {
            Ok(_) => Step::Moved,
            Err(e) => {
                println!(
                    "{}",
                    t!("bad-move", error = refusal_reason(&e), mv = text.clone())
                );
                Step::Again
            }
        }
    }

    /// `side` offers a draw to the other side: a computer answers at once,
    /// a person at this terminal is asked at once.
    fn offer_draw(&mut self, side: Player) -> Step {
        let other = side.other();
        let answer = self.table.offer_draw(side);
        if let Who::Computer(_, spec) = &self.who[other.index()] {
            let side = self.title(other);
            let spec = spec.clone();
            if answer.is_ok() {
                println!("{}", t!("computer-accepts-draw", side = side, spec = spec));
            } else {
                println!("{}", t!("computer-declines-draw", side = side, spec = spec));
            }
        }
        match answer {
            Ok(DrawAnswer::Agreed) => Step::Moved,
            Ok(DrawAnswer::Standing) => Step::AskDraw,
            Err(_) => Step::Again,
        }
    }
}

/// Prints why the table refused a command, as a sentence.
fn refused(e: &Refusal) -> Step {
    println!("{}", refusal_text(e));
    Step::Again
}

/// Why the table refused a command, as a sentence in the language in use:
/// the table's reasons (English text from `tablero-ai`) are recognised and
/// translated; one not known is given as it is.
pub(crate) fn refusal_text(e: &Refusal) -> String {
    let reason = refusal_reason(e);
    let mut chars = reason.chars();
    let first = chars.next().map(|c| c.to_uppercase().to_string());
    format!("{}{}.", first.unwrap_or_default(), chars.as_str())
}

/// Why the table refused, in the language in use, as a clause (from the
/// games' catalogue, `locales/*/games.ftl`).
pub(crate) fn refusal_reason(e: &Refusal) -> String {
    crate::i18n::message(&tablero_core::Localize::message(e))
}

/// The name of the game's claim of a proved win, in the language in use.
pub(crate) fn claim_name<G: CliGame>() -> String {
    G::INFO.claim.map_or_else(
        || t!("claim-word"),
        |c| c.get(crate::i18n::lang().code()).to_string(),
    )
}

enum Step {
    Again,
    Moved,
    Quit,
    /// A person offered a draw to the person at the other side.
    AskDraw,
}

fn score(o: Outcome) -> String {
    o.score_text("-")
}

/// What ended a game, in words.
pub(crate) fn reason_text<G: CliGame>(reason: Reason) -> String {
    match reason {
        Reason::Goal => t!("reason-goal"),
        Reason::Claim => t!("reason-claim", claim = claim_name::<G>()),
        Reason::Repetition => t!("reason-repetition"),
        Reason::NoMoves => t!("reason-no-moves"),
        Reason::AllArrived => t!("reason-all-arrived"),
        Reason::MoveCap => t!("reason-move-cap"),
        Reason::Passed => t!("reason-passed"),
        Reason::Resign => t!("reason-resign"),
        Reason::Agreed => t!("reason-agreed"),
        Reason::Subgames => t!("reason-subgames"),
    }
}

/// Undo when the computer moved first and the person has no move yet: the
/// game back at its start, the computer to move again (once the person asks
/// for it). `None` when a person has moved or nobody plays the computer.
pub(crate) fn back_to_start<G: CliGame>(table: &Table<G>) -> Option<Table<G>> {
    let seats = table.seats();
    let h = table.history();
    let by_computer = (0..h.moves().len()).all(|i| {
        let mover = h.positions()[i].side_to_move();
        !seats[mover.index()].is_person()
    });
    let person = seats.iter().any(|s| s.is_person());
    (!h.moves().is_empty() && by_computer && person)
        .then(|| Table::from_history(History::new(h.start().clone()), seats))
}
