//! `tablero play`: a game in the terminal.

use crate::common::{parse_player, Setup};
use crate::render::CliGame;
use crate::GameName;
use anyhow::{anyhow, bail, Context, Result};
use owo_colors::OwoColorize;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use tablero_ai::{parse_spec, spec_level, Action, Bot, Limits};
use tablero_core::{Game, History, Outcome, Person, Player, Reason, Record, SeatSwapMatch};

/// Play a game in the terminal.
///
/// Type a move in the game's notation (or its number in the list) at the
/// prompt; `help` lists the other commands (undo, claim, resign, draw, quit).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game.
    game: GameName,
    #[command(flatten)]
    setup: Setup,
    /// Who plays player one (Imago, Linja: Red; Jarmo: Dark; Super Dimensiones: South): human,
    /// ai:1 to ai:5, random, solver, or a search spec such as mcts:ms=500 or ab:depth=4.
    #[arg(
        long = "p1",
        visible_aliases = ["red", "dark", "south"],
        default_value = "human",
        value_name = "WHO"
    )]
    p1: String,
    /// Who plays player two (Imago: Blue; Jarmo: Light; Linja: Black; Super Dimensiones:
    /// North); the same choices.
    #[arg(
        long = "p2",
        visible_aliases = ["blue", "light", "black", "north"],
        default_value = "ai:3",
        value_name = "WHO"
    )]
    p2: String,
    /// Who moves first: p1, p2, a colour name, or random.
    #[arg(long, default_value = "p1")]
    first: String,
    /// Seed for the computer's random choices (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Save the game record to FILE when the game ends or you quit.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Draw without colours (also when NO_COLOR is set or output is not a terminal).
    #[arg(long)]
    no_color: bool,
    /// Play a match of two games (Jarmo's rule 11): in the second game the
    /// players swap seats (colour and side of the board) and the points of
    /// both games add up. With --record FILE, game N is saved to FILE.N.
    #[arg(long = "match")]
    two_games: bool,
}

/// Who makes the moves of one side: a person, or a computer player built
/// from a spec (`random`, `solver`, `ai:3`, `mcts:iters=2000`, ...).
enum Who<G: Game> {
    Human,
    Computer(Box<dyn Bot<G>>, String),
}

impl<G: CliGame> Who<G> {
    fn parse(text: &str, seed: u64) -> Result<Who<G>> {
        if text == "human" {
            return Ok(Who::Human);
        }
        let bot = parse_spec::<G>(text, seed).map_err(|e| anyhow!("{e}; or human"))?;
        Ok(Who::Computer(bot, text.to_string()))
    }

    fn name(&self) -> &str {
        match self {
            Who::Human => "human",
            Who::Computer(_, spec) => spec,
        }
    }

    fn is_human(&self) -> bool {
        matches!(self, Who::Human)
    }
}

pub fn run(args: &Args) -> Result<()> {
    crate::with_game!(args.game, G => run_for::<G>(args))
}

const HELP: &str = "Commands:
  <move>       play a move in the game's notation, e.g. b2-c2 g5
  <number>     play the move with that number in the list
  moves        list the legal moves again
  undo         take back your last move (and the computer's reply)
  claim        claim a win (Imago's \"Jacke\"): accepted only when it is proved
  resign       give up the game
  draw         offer a draw: a computer answers at once (Imago's levels 4 and 5
               accept when they see no win of their own; others decline); at
               the same terminal the other player accepts by typing draw on
               their turn, and declines by moving
  help         this text
  quit         stop (the record is saved if --record was given)";

struct Session<G: CliGame> {
    history: History<G>,
    who: [Who<G>; 2],
    color: bool,
    /// A person's draw offer to the person at the other side, standing
    /// until that person moves.
    offer: Option<Player>,
}

fn run_for<G: CliGame>(args: &Args) -> Result<()> {
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let first = if args.first == "random" {
        if rng.gen() {
            Player::P1
        } else {
            Player::P2
        }
    } else {
        parse_player(&args.first, G::SIDE_WORDS)?
    };
    let who = [
        Who::parse(&args.p1, seed)?,
        Who::parse(&args.p2, seed.wrapping_add(1))?,
    ];
    let color =
        !args.no_color && std::env::var_os("NO_COLOR").is_none() && std::io::stdout().is_terminal();
    if args.two_games {
        return run_match::<G>(args, who, color, first);
    }
    let history = args.setup.history::<G>(first)?;
    let mut s = Session {
        history,
        who,
        color,
        offer: None,
    };
    let quit = s.play()?;
    if let Some(path) = &args.record {
        save_record(path, &s.history, &s.who)?;
    }
    if quit {
        println!("Game left unfinished.");
    }
    Ok(())
}

fn save_record<G: CliGame>(path: &Path, history: &History<G>, who: &[Who<G>; 2]) -> Result<()> {
    let mut record = Record::from_history(history);
    for p in Player::ALL {
        record.tags.push((
            G::side_name(p).to_string(),
            who[p.index()].name().to_string(),
        ));
    }
    std::fs::write(path, record.to_text())
        .with_context(|| format!("cannot write {}", path.display()))?;
    println!("Record saved to {}.", path.display());
    Ok(())
}

/// The two-game match: person A is `--p1` in the first game and player two
/// in the second; the same seat moves first in both games.
fn run_match<G: CliGame>(
    args: &Args,
    people: [Who<G>; 2],
    color: bool,
    first: Player,
) -> Result<()> {
    if args.setup.position.is_some() || args.setup.moves.is_some() {
        bail!(
            "--match plays two games from the start position; --position and --moves do not apply"
        );
    }
    let mut m = SeatSwapMatch::<G>::new(args.setup.variant::<G>()?, first);
    let names = [people[0].name().to_string(), people[1].name().to_string()];
    let label = |person: Person| format!("{person} ({})", names[person.index()]);
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
        println!(
            "Match, game {game} of 2: {} plays {}, {} plays {}.",
            label(Person::in_seat(Player::P1, game)),
            G::side_name(Player::P1),
            label(Person::in_seat(Player::P2, game)),
            G::side_name(Player::P2),
        );
        let mut s = Session {
            history: m.current().clone(),
            who,
            color,
            offer: None,
        };
        let quit = s.play()?;
        if let Some(path) = &args.record {
            let mut name = path.as_os_str().to_owned();
            name.push(format!(".{game}"));
            save_record(Path::new(&name), &s.history, &s.who)?;
        }
        *m.current_mut() = s.history;
        let [p1, p2] = s.who;
        people[Person::in_seat(Player::P1, game).index()] = Some(p1);
        people[Person::in_seat(Player::P2, game).index()] = Some(p2);
        if quit {
            println!("Match left unfinished in game {game}.");
            return Ok(());
        }
        for person in Person::ALL {
            println!(
                "Game {game}: {person} ({}, {}) {} points.",
                names[person.index()],
                G::side_name(person.seat(game)),
                tablero_core::fmt_points(m.game_points(person, game).unwrap_or(0.0))
            );
        }
        m.next_game();
    }
    let total = m.points();
    for person in Person::ALL {
        let per_game: Vec<String> = (1..=2)
            .map(|g| tablero_core::fmt_points(m.game_points(person, g).unwrap_or(0.0)))
            .collect();
        println!(
            "Total for {}: {} + {} = {} points.",
            label(person),
            per_game[0],
            per_game[1],
            tablero_core::fmt_points(total[person.index()])
        );
    }
    match m.winner().flatten() {
        Some(p) => println!("{} wins the match.", label(p)),
        None => println!("The match is drawn."),
    }
    Ok(())
}

impl<G: CliGame> Session<G> {
    fn show(&self) {
        println!();
        print!("{}", self.history.current().board(self.color));
        if self.history.moves().is_empty() {
            println!("{}", G::legend());
        }
    }

    fn title(&self, p: Player) -> String {
        let name = G::side_name(p);
        if !self.color {
            return name.to_string();
        }
        match p {
            Player::P1 => name.red().bold().to_string(),
            Player::P2 => name.blue().bold().to_string(),
        }
    }

    fn list_moves(&self) {
        let legal = self.history.current().legal_move_strings();
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
        let mut lines = stdin.lock().lines();
        loop {
            self.show();
            if let Some(o) = self.history.outcome() {
                self.announce(o);
                return Ok(false);
            }
            let side = self.history.current().side_to_move();
            match &self.who[side.index()] {
                Who::Human => {
                    match self.history.current().mover_label() {
                        Some(army) => {
                            println!("{} ({army}) to move. Legal moves:", self.title(side));
                        }
                        None => println!("{} to move. Legal moves:", self.title(side)),
                    }
                    self.list_moves();
                    loop {
                        print!("{}> ", G::side_name(side).to_lowercase());
                        std::io::stdout().flush()?;
                        let Some(line) = lines.next() else {
                            println!();
                            return Ok(true);
                        };
                        match self.human_command(line?.trim(), side) {
                            Step::Again => {}
                            Step::Moved => break,
                            Step::Quit => return Ok(true),
                        }
                    }
                }
                Who::Computer(..) => self.computer_turn(side),
            }
        }
    }

    fn announce(&self, o: Outcome) {
        let text = match o.winner {
            Some(p) => format!("{} wins", self.title(p)),
            None => "Draw".to_string(),
        };
        let why = match o.reason {
            Reason::Goal => "a piece reached its goal",
            Reason::Jacke => "Jacke: the win was proved",
            Reason::Repetition => "the same position occurred three times",
            Reason::NoMoves => "neither player could move",
            Reason::AllArrived => "a side has all its archers on the enemy's first row",
            Reason::MoveCap => "the move cap was reached",
            Reason::Passed => "the two sides have passed each other",
            Reason::Resign => "resignation",
            Reason::Agreed => "agreed",
            _ => o.reason.as_str(),
        };
        println!("{text} ({why}). Score {}.", score(o));
    }

    fn computer_turn(&mut self, side: Player) {
        let title = self.title(side);
        let Who::Computer(bot, spec) = &mut self.who[side.index()] else {
            unreachable!("a computer's turn")
        };
        match bot.act(&self.history, &Limits::none()) {
            Action::Claim if G::claim_valid(&self.history) => {
                println!("{title} ({spec}) claims the win: Jacke.");
                self.history.set_result(Outcome::win(side, Reason::Jacke));
            }
            Action::Claim => {
                println!("{title} ({spec}) made a claim that does not hold, and resigns.");
                self.history
                    .set_result(Outcome::win(side.other(), Reason::Resign));
            }
            Action::Move(mv) => {
                println!(
                    "{title} ({spec}) plays {}",
                    self.history.current().format_move(mv)
                );
                self.history
                    .play(mv)
                    .expect("the computer plays legal moves");
            }
        }
    }

    fn human_command(&mut self, input: &str, side: Player) -> Step {
        match input {
            "" => Step::Again,
            "help" | "?" => {
                println!("{HELP}");
                println!("{}", G::legend());
                Step::Again
            }
            "moves" => {
                self.list_moves();
                Step::Again
            }
            "quit" | "exit" | "q" => Step::Quit,
            "resign" => {
                self.history
                    .set_result(Outcome::win(side.other(), Reason::Resign));
                Step::Moved
            }
            "undo" => {
                self.offer = None;
                self.undo();
                Step::Moved
            }
            "draw" => self.offer_draw(side),
            "claim" => {
                if !G::CLAIMS {
                    println!("There are no claims in {}.", G::NAME);
                } else if G::claim_valid(&self.history) {
                    self.history.set_result(Outcome::win(side, Reason::Jacke));
                    return Step::Moved;
                } else {
                    println!("Claim refused: the position is not a proved win for you. The game goes on.");
                }
                Step::Again
            }
            text => {
                let pos = self.history.current().clone();
                let text = match text.parse::<usize>() {
                    Ok(n) => {
                        let legal = pos.legal_move_strings();
                        match legal.get(n.wrapping_sub(1)) {
                            Some(m) => m.clone(),
                            None => {
                                println!(
                                    "There is no move number {n}; the list has {}.",
                                    legal.len()
                                );
                                return Step::Again;
                            }
                        }
                    }
                    Err(_) => text.to_string(),
                };
                match self.history.play_text(&text) {
                    Ok(_) => {
                        if self.offer == Some(side.other()) {
                            self.offer = None;
                        }
                        Step::Moved
                    }
                    Err(e) => {
                        println!("{e}. Type `moves` for the legal moves or `help` for commands.");
                        Step::Again
                    }
                }
            }
        }
    }

    /// `side` offers a draw to the other side.
    fn offer_draw(&mut self, side: Player) -> Step {
        let other = side.other();
        let agreed = match &self.who[other.index()] {
            Who::Computer(_, spec) => {
                let accepts =
                    spec_level(spec).is_some_and(|l| G::accepts_draw(l, &self.history, other));
                let answer = if accepts { "accepts" } else { "declines" };
                println!("{} ({spec}) {answer} the draw.", self.title(other));
                accepts
            }
            Who::Human if self.offer == Some(other) => true,
            Who::Human => {
                self.offer = Some(side);
                println!(
                    "{} offers a draw: {} accepts by typing `draw` on their turn, or declines by moving.",
                    self.title(side),
                    self.title(other)
                );
                false
            }
        };
        if !agreed {
            return Step::Again;
        }
        self.history.set_result(Outcome::draw(Reason::Agreed));
        Step::Moved
    }

    fn undo(&mut self) {
        if self.history.undo().is_none() {
            println!("Nothing to undo.");
            return;
        }
        // Take back the computer's moves too, so that a human moves next.
        while !self.who[self.history.current().side_to_move().index()].is_human()
            && !self.history.moves().is_empty()
        {
            self.history.undo();
        }
        println!("Move taken back.");
    }
}

enum Step {
    Again,
    Moved,
    Quit,
}

fn score(o: Outcome) -> String {
    format!(
        "{}-{}",
        tablero_core::fmt_points(o.score[0]),
        tablero_core::fmt_points(o.score[1])
    )
}
