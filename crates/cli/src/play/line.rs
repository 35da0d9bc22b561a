//! `tablero play` line by line: the board printed after each move, a prompt
//! for the person to move. What is typed goes to the shared
//! [`Session`](crate::session::Session); this file only prints.

use super::{save_record, Who};
use crate::i18n::{t, Command};
use crate::render::CliGame;
use crate::session::{self, Action, Event, Refused, Session, Timer};
use anyhow::Result;
use owo_colors::OwoColorize;
use std::io::BufRead;
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;
use tablero_ai::table::Table;
use tablero_core::{History, Player};

/// A game line by line: the session and who plays each seat.
pub(super) struct Line<G: CliGame> {
    pub(super) session: Session<G>,
    pub(super) who: [Who<G>; 2],
    color: bool,
    /// Where the record is saved after every move, if anywhere.
    pub(super) record: Option<PathBuf>,
    /// The record's other tags (names, dates), kept as they were read.
    pub(super) tags: Vec<(String, String)>,
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

/// What is typed, read on a thread of its own, so that the game can wait
/// for a line and for the running clock at once: a person who types
/// nothing loses on time when the clock runs out, not when a line (or the
/// end of input) finally comes (#47, item 15).
pub(super) struct Typed {
    rx: Receiver<Input>,
}

impl Typed {
    /// The lines of standard input.
    pub(super) fn stdin() -> Typed {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || pump(&mut std::io::stdin().lock(), &tx));
        Typed { rx }
    }

    /// The lines of `input` (the tests' way of typing).
    #[cfg(test)]
    fn from(mut input: impl BufRead + Send + 'static) -> Typed {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || pump(&mut input, &tx));
        Typed { rx }
    }

    /// The next thing typed, waiting at most `wait` (for ever when
    /// `None`); `None` when the wait ran out first. Once the input has
    /// ended it stays ended.
    fn next(&self, wait: Option<Duration>) -> Option<Input> {
        match wait {
            None => Some(self.rx.recv().unwrap_or(Input::End)),
            Some(w) => match self.rx.recv_timeout(w) {
                Ok(input) => Some(input),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => Some(Input::End),
            },
        }
    }
}

/// Sends each line of `input` until it ends or nobody listens.
fn pump(input: &mut impl BufRead, tx: &Sender<Input>) {
    loop {
        let line = read_input(input);
        let end = matches!(line, Input::End);
        if tx.send(line).is_err() || end {
            return;
        }
    }
}

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

/// What a person's line led to.
enum Step {
    Again,
    Moved,
    Quit,
    /// A person offered a draw to the person at the other side.
    AskDraw,
}

/// Waited for a person's line.
enum Waited {
    /// A line, or why it cannot be one.
    Typed(Input),
    /// The input ended.
    End,
    /// The person's clock ran out first: the game is lost on time.
    Flag,
}

impl<G: CliGame> Line<G> {
    /// A game from `history`; with a `timer`, on its clocks.
    pub(super) fn new(
        history: History<G>,
        who: [Who<G>; 2],
        color: bool,
        timer: Option<Timer>,
    ) -> Self {
        let seats = [who[0].seat(), who[1].seat()];
        let table = Table::from_history(history, seats);
        Line {
            session: match timer {
                Some(timer) => Session::with_timer(table, timer),
                None => Session::new(table),
            },
            who,
            color,
            record: None,
            tags: Vec::new(),
        }
    }

    /// Saves the record, if one is kept: after every move, so that an
    /// interrupted game loses at most the move being typed.
    pub(super) fn save(&self) -> Result<()> {
        match &self.record {
            Some(path) => save_record(
                path,
                self.session.table().history(),
                [self.who[0].name(), self.who[1].name()],
                &self.tags,
            ),
            None => Ok(()),
        }
    }

    fn show(&self) {
        println!();
        print!(
            "{}",
            self.session.table().history().current().board(self.color)
        );
        if self.session.table().history().moves().is_empty() {
            println!("{}", self.session.table().history().current().legend());
        }
        if let Some(line) = self.clocks() {
            println!("{line}");
        }
    }

    /// Both clocks, the running one marked: `Clocks: ▶ Red 4:53 · Blue
    /// 5:00`; `None` without a clock.
    fn clocks(&self) -> Option<String> {
        let running = self.session.running();
        let each: Option<Vec<String>> = Player::ALL
            .into_iter()
            .map(|p| {
                let left = session::clock_text(self.session.time_left(p)?);
                let mark = if running == Some(p) { "▶ " } else { "" };
                Some(format!("{mark}{} {left}", self.title(p)))
            })
            .collect();
        Some(t!("clock-line", clocks = each?.join(" · ")))
    }

    /// The prompt of `side`: its name, and its time left with a clock.
    fn prompt(&self, side: Player) -> String {
        let name =
            G::side_label_in(self.session.table().history().start().variant(), side).to_lowercase();
        match self.session.time_left(side) {
            Some(ms) => format!("{name} {}> ", session::clock_text(ms)),
            None => format!("{name}> "),
        }
    }

    /// Says that `side` lost on time.
    fn time_up(&self, side: Player) {
        println!("{}", session::time_up_text(&self.title(side)));
    }

    fn title(&self, p: Player) -> String {
        let name = G::side_label_in(self.session.table().history().start().variant(), p);
        if !self.color {
            return name.to_string();
        }
        match p {
            Player::P1 => name.red().bold().to_string(),
            Player::P2 => name.blue().bold().to_string(),
        }
    }

    fn list_moves(&self) {
        let legal = self
            .session
            .table()
            .history()
            .current()
            .legal_move_strings();
        let items: Vec<String> = legal
            .iter()
            .enumerate()
            .map(|(i, m)| format!("{:>2}. {m:<10}", i + 1))
            .collect();
        for chunk in items.chunks(5) {
            println!("  {}", chunk.join(" "));
        }
    }

    /// Plays to the end reading the person's lines from `lines`; `Ok(true)`
    /// when the player quit (or the input ended with the game on).
    pub(super) fn play(&mut self, lines: &Typed) -> Result<bool> {
        loop {
            self.save()?;
            self.show();
            if let Some(o) = self.session.table().outcome() {
                let text =
                    session::result_sentence(self.session.table().history(), o, |p| self.title(p));
                println!("{text}");
                return Ok(false);
            }
            let side = self.session.table().history().current().side_to_move();
            if !self.session.table().seats()[side.index()].is_person() {
                if self.session.paused() {
                    if self.paused_prompt(side, lines) {
                        return Ok(true);
                    }
                } else {
                    self.computer_turn(side);
                }
                continue;
            }
            self.to_move(side);
            loop {
                print!("{}", self.prompt(side));
                crate::out::flush();
                let line = match self.wait_for(side, lines) {
                    Waited::Typed(Input::Line(line)) => line,
                    Waited::Typed(Input::Bad(why)) => {
                        println!("{why}");
                        continue;
                    }
                    Waited::Flag => break,
                    Waited::Typed(Input::End) | Waited::End => {
                        println!();
                        return Ok(true);
                    }
                };
                match self.human(line.trim(), side) {
                    Step::Again => {}
                    Step::Moved => break,
                    Step::Quit => return Ok(true),
                    Step::AskDraw => {
                        if self.ask_draw(side, lines) {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Waits for `side`'s next line, and while its clock runs, for the
    /// clock too: when it runs out first, or the input ends after it did,
    /// the loss on time is said and the game is over.
    fn wait_for(&mut self, side: Player, lines: &Typed) -> Waited {
        loop {
            let left = self
                .session
                .running()
                .filter(|&p| p == side)
                .and_then(|p| self.session.time_left(p));
            // A millisecond past the deadline: the flag has fallen then.
            let wait = left.map(|ms| Duration::from_millis(u64::try_from(ms).unwrap_or(0) + 1));
            let typed = lines.next(wait);
            if matches!(typed, None | Some(Input::End)) {
                if let Some(p) = self.session.flag_fell() {
                    println!();
                    self.time_up(p);
                    return Waited::Flag;
                }
            }
            match typed {
                None => {}
                Some(Input::End) => return Waited::End,
                Some(input) => return Waited::Typed(input),
            }
        }
    }

    fn to_move(&self, side: Player) {
        match self.session.table().history().current().mover_label() {
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
    }

    /// The person at the other side answers `side`'s draw offer; whether
    /// it was agreed.
    fn ask_draw(&mut self, side: Player, lines: &Typed) -> bool {
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
        let answer = match lines.next(None) {
            Some(Input::Line(l)) => l,
            _ => String::new(),
        };
        println!();
        match self
            .session
            .answer_draw(other, crate::i18n::is_yes(&answer))
        {
            Event::DrawAgreed => true,
            Event::TimeUp(p) => {
                self.time_up(p);
                true
            }
            _ => {
                println!("{}", t!("declines-draw", side = self.title(other)));
                false
            }
        }
    }

    /// The computer waits to be asked; whether the player quit.
    fn paused_prompt(&mut self, side: Player, lines: &Typed) -> bool {
        println!(
            "{}",
            t!(
                "computer-paused",
                side = self.title(side),
                spec = self.who[side.index()].name().to_string()
            )
        );
        print!("> ");
        crate::out::flush();
        match lines.next(None).unwrap_or(Input::End) {
            Input::Line(l) => match Action::parse(&l) {
                None | Some(Action::Command(Command::Go)) => self.session.resume(),
                Some(Action::Command(Command::Quit)) => return true,
                Some(_) => {
                    println!("{}", t!("paused-other", text = format!("{:?}", l.trim())));
                }
            },
            Input::End => {
                println!();
                return true;
            }
            Input::Bad(why) => println!("{why}"),
        }
        false
    }

    fn computer_turn(&mut self, side: Player) {
        let title = self.title(side);
        if let Some(p) = self.session.flag_fell() {
            self.time_up(p);
            return;
        }
        let Who::Computer(bot, spec) = &mut self.who[side.index()] else {
            unreachable!("a computer's turn")
        };
        if self.session.computer_claims(side) {
            println!(
                "{}",
                t!(
                    "computer-claims",
                    side = title,
                    spec = spec.clone(),
                    claim = session::claim_name::<G>()
                )
            );
            return;
        }
        // With a clock, the computer's time comes from it.
        let limits = self.session.computer_limits(side);
        let mv = bot.choose(self.session.table().history(), &limits);
        let text = self.session.table().history().current().format_move(mv);
        match self.session.computer_move(mv, std::time::Duration::ZERO) {
            Ok(Event::TimeUp(p)) => self.time_up(p),
            Ok(_) => println!(
                "{}",
                t!(
                    "computer-plays",
                    side = title,
                    spec = spec.clone(),
                    mv = text
                )
            ),
            Err(e) => panic!("the computer plays legal moves: {e}"),
        }
    }

    /// A line the person to move typed.
    fn human(&mut self, input: &str, side: Player) -> Step {
        let Some(action) = Action::parse(input) else {
            return Step::Again;
        };
        let refused = match self.session.act(side, &action) {
            Ok(event) => return self.said(side, event),
            Err(refused) => refused,
        };
        match refused {
            Refused::NotAtTable(Command::Help) => {
                println!("{}", t!("play-help"));
                println!("{}", self.session.table().history().current().legend());
            }
            Refused::NotAtTable(Command::Moves) => self.list_moves(),
            Refused::NotAtTable(Command::Quit) => return Step::Quit,
            Refused::NotAtTable(c) => {
                println!("{}", t!("line-full-screen-only", word = c.words()[0]))
            }
            Refused::NoNumber { n, count } => {
                println!("{}", t!("no-move-number", n = n, count = count));
            }
            Refused::BadMove { text, why } => println!(
                "{}",
                t!("bad-move", error = session::refusal_reason(&why), mv = text)
            ),
            Refused::NotYourTurn => println!("{}", t!("tui-not-your-turn")),
            Refused::Table(e) => match &self.who[side.other().index()] {
                // A draw the computer declined.
                Who::Computer(_, spec) if action == Action::Command(Command::Draw) => println!(
                    "{}",
                    t!(
                        "computer-declines-draw",
                        side = self.title(side.other()),
                        spec = spec.clone()
                    )
                ),
                _ => println!("{}", session::refusal_text(&e)),
            },
        }
        Step::Again
    }

    /// Prints what the person's action did.
    fn said(&self, side: Player, event: Event) -> Step {
        match event {
            Event::TakenBack(_) => println!("{}", t!("move-taken-back")),
            Event::BackToStart => println!("{}", t!("back-to-start")),
            Event::DrawAgreed => {
                if let Who::Computer(_, spec) = &self.who[side.other().index()] {
                    println!(
                        "{}",
                        t!(
                            "computer-accepts-draw",
                            side = self.title(side.other()),
                            spec = spec.clone()
                        )
                    );
                }
            }
            Event::DrawOffered { .. } => return Step::AskDraw,
            Event::TimeUp(p) => self.time_up(p),
            Event::Moved(_) | Event::Resigned(_) | Event::Claimed(_) | Event::DrawDeclined(_) => {}
        }
        Step::Moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablero_ai::clock::Clock;
    use tablero_core::{Game, Reason};
    use tablero_games::imago::Imago;

    /// Two people at Imago on a 1+0 clock read at `now` ms, Red's first
    /// move played at 0 (Blue's clock runs from then).
    fn clocked(now: i64) -> Line<Imago> {
        let mut h = History::new(Imago::start_with(&Default::default(), Player::P1));
        let mut moves = <Imago as Game>::MoveList::default();
        h.current().legal_moves(&mut moves);
        h.play(moves.as_slice()[0]).expect("a legal move");
        let mut clock = Clock::new("1+0".parse().expect("a control"));
        clock.moved(0, 0, Some(1));
        let who = [Who::Human("human".into()), Who::Human("human".into())];
        Line::new(h, who, false, Some(Timer::with_time(clock, move || now)))
    }

    fn blue_move(l: &Line<Imago>) -> String {
        l.session.table().legal()[0].text.clone()
    }

    #[test]
    fn a_move_typed_after_the_flag_is_not_played_and_the_game_is_lost_on_time() {
        let mut l = clocked(60_000);
        let input = Typed::from(std::io::Cursor::new(format!("{}\n", blue_move(&l))));
        assert!(!l.play(&input).expect("played"));
        let o = l.session.table().outcome().expect("over");
        assert_eq!((o.winner, o.reason), (Some(Player::P1), Reason::Time));
        assert_eq!(l.session.table().moves().len(), 1);
        assert_eq!(l.session.time_left(Player::P2), Some(0));
    }

    /// Nothing typed, the input still open: the flag falls on the clock's
    /// own time (#47, item 15).
    #[test]
    fn a_person_who_types_nothing_loses_on_time() {
        let mut l = clocked(60_000);
        let (_keep_open, rx) = mpsc::channel();
        assert!(!l.play(&Typed { rx }).expect("played"));
        let o = l.session.table().outcome().expect("over");
        assert_eq!((o.winner, o.reason), (Some(Player::P1), Reason::Time));
        // The input ends after the flag fell: still a loss on time, not a
        // game left unfinished.
        let mut l = clocked(60_000);
        assert!(!l.play(&Typed::from(std::io::empty())).expect("played"));
        let o = l.session.table().outcome().expect("over");
        assert_eq!(o.reason, Reason::Time);
    }

    #[test]
    fn a_move_in_time_is_played_and_the_prompt_and_board_show_both_clocks() {
        let mut l = clocked(59_999);
        assert_eq!(l.prompt(Player::P2), "blue 0:00.0> ");
        assert_eq!(
            l.clocks().as_deref(),
            Some("Clocks: Red 1:00 · ▶ Blue 0:00.0")
        );
        let input = Typed::from(std::io::Cursor::new(format!("{}\n", blue_move(&l))));
        // The input ends at Red's turn: the game is left unfinished.
        assert!(l.play(&input).expect("played"));
        assert_eq!(l.session.table().moves().len(), 2);
        assert!(l.session.table().outcome().is_none());
        assert_eq!(l.session.clock().expect("a clock").left, [60_000, 1]);
        assert_eq!(l.prompt(Player::P1), "red 1:00> ");
    }
}
