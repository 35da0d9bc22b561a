//! One play session for both terminal front ends: what a person types (or
//! a key gives) becomes a typed [`Action`] here, the session applies it to
//! the shared [`Table`] and answers with a typed [`Event`] or [`Refused`].
//! The line mode (`play/line.rs`) and the full screen (`tui/`) only read
//! input and draw what comes back; neither knows the other.
//!
//! A game with a clock (`--clock 5+3`) keeps it here too ([`Timer`]): the
//! first move starts the clocks, each move adds the increment, and the flag
//! falls when the running clock reaches zero ([`Session::flag_fell`]: the
//! full screen asks ten times a second, the line mode when a line comes or
//! the clock's time is up, whichever is first).
//!
//! The texts both front ends show about the end of a game and a two-game
//! match are written here too.

use crate::i18n::{t, Command};
use crate::render::CliGame;
use std::time::{Duration, Instant};
use tablero_ai::clock::{think_time_on, Clock, TimeControl};
use tablero_ai::table::{DrawAnswer, Refusal, Table};
use tablero_ai::Limits;
use tablero_core::{id, History, Message, Outcome, Person, Player, Reason, SeatSwapMatch};

/// One thing typed at the prompt (or given by a key), read in one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A command word (`undo`, `tablas`, ...).
    Command(Command),
    /// The move numbered so in the list of legal moves (from 1).
    Number(usize),
    /// A move in the game's notation, as typed.
    Move(String),
}

impl Action {
    /// What `text` asks for; `None` for an empty line.
    pub fn parse(text: &str) -> Option<Action> {
        let text = text.trim();
        if text.is_empty() {
            return None;
        }
        Some(match Command::parse(text) {
            Some(c) => Action::Command(c),
            None => match text.parse::<usize>() {
                Ok(n) => Action::Number(n),
                Err(_) => Action::Move(text.to_string()),
            },
        })
    }
}

/// What an action did at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The move (as the game writes it) was played.
    Moved(String),
    /// `n` plies were taken back.
    TakenBack(usize),
    /// The game is back at its start, the computer waiting to be asked
    /// (the computer had moved first and the person had not moved yet).
    BackToStart,
    /// The side resigned.
    Resigned(Player),
    /// The side claimed the win its rules allow (and the table proved).
    Claimed(Player),
    /// The draw was agreed (by the computer at once, or by the person
    /// asked).
    DrawAgreed,
    /// The draw offered stands: the person at `to` answers it.
    DrawOffered {
        /// Who offered it.
        by: Player,
        /// Who answers.
        to: Player,
    },
    /// The person asked declined the draw.
    DrawDeclined(Player),
    /// The side's clock had run out before the action came: the action was
    /// not done, the side lost on time.
    TimeUp(Player),
}

/// Why an action did nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// No legal move has that number.
    NoNumber {
        /// The number typed.
        n: usize,
        /// How many legal moves there are.
        count: usize,
    },
    /// The move is not legal here.
    BadMove {
        /// The move as typed (or as the number chose it).
        text: String,
        /// Why not.
        why: Refusal,
    },
    /// It is not this person's turn to move.
    NotYourTurn,
    /// The table refused the command (an undo with nothing to take back, a
    /// claim not proved, a draw offer declined by the computer...).
    Table(Refusal),
    /// The command is not one the table plays (help, moves, flip...): the
    /// front end answers it.
    NotAtTable(Command),
}

/// A game's two clocks and the time they are read by: milliseconds since
/// the game started ([`Timer::new`]), or whatever a test gives.
pub struct Timer {
    /// The clocks ([`tablero_ai::clock`]: each side's time left and the
    /// deadline of the side to move).
    pub clock: Clock,
    now: Box<dyn Fn() -> i64>,
}

impl Timer {
    /// Both clocks full for `control`, the time read from the system's
    /// monotonic clock.
    pub fn new(control: TimeControl) -> Timer {
        let start = Instant::now();
        Timer::with_time(Clock::new(control), move || {
            i64::try_from(start.elapsed().as_millis()).unwrap_or(i64::MAX)
        })
    }

    /// `clock` read at the times `now` gives (tests drive the time so).
    pub fn with_time(clock: Clock, now: impl Fn() -> i64 + 'static) -> Timer {
        Timer {
            clock,
            now: Box::new(now),
        }
    }

    /// The time now, in milliseconds.
    pub fn now(&self) -> i64 {
        (self.now)()
    }
}

/// A game at the terminal: the shared table (the same rules around the
/// board as the web app's), its clocks if it has them, and whether the
/// computer waits to be asked.
pub struct Session<G: CliGame> {
    table: Table<G>,
    /// The computer waits to be asked before moving (after an undo took
    /// back its first move).
    paused: bool,
    timer: Option<Timer>,
}

impl<G: CliGame> Session<G> {
    /// A session at `table`.
    pub fn new(table: Table<G>) -> Self {
        Session {
            table,
            paused: false,
            timer: None,
        }
    }

    /// A session at `table` played on `timer`'s clocks.
    pub fn with_timer(table: Table<G>, timer: Timer) -> Self {
        Session {
            timer: Some(timer),
            ..Session::new(table)
        }
    }

    /// Plays the game on `timer`'s clocks from now on.
    pub fn set_timer(&mut self, timer: Timer) {
        self.timer = Some(timer);
    }

    /// The clocks, when the game has them.
    pub fn clock(&self) -> Option<&Clock> {
        self.timer.as_ref().map(|t| &t.clock)
    }

    /// What `side` has left now, in milliseconds, when the game has clocks.
    pub fn time_left(&self, side: Player) -> Option<i64> {
        let t = self.timer.as_ref()?;
        let to_move = self.table.to_move().map(Player::index);
        Some(t.clock.remaining(side.index(), to_move, t.now()))
    }

    /// The side whose clock runs now, if any (none before the first move
    /// and after the end).
    pub fn running(&self) -> Option<Player> {
        self.clock()
            .filter(|c| c.running())
            .and(self.table.to_move())
    }

    /// Whether the running clock has run out now: then the clocks stop and
    /// the side to move loses on time (returned). The front ends ask before
    /// anything a person or the computer does, and the full screen ten
    /// times a second besides.
    pub fn flag_fell(&mut self) -> Option<Player> {
        let now = self.timer.as_ref()?.now();
        self.flag_fell_at(now)
    }

    /// The time `ago` on the clocks, never before the running clock's turn
    /// began; `None` without a clock.
    fn time_ago(&self, ago: Duration) -> Option<i64> {
        let t = self.timer.as_ref()?;
        let at = t.now() - millis(ago);
        let began = match (t.clock.deadline, self.table.to_move()) {
            (Some(d), Some(p)) => d - t.clock.left[p.index()],
            _ => i64::MIN,
        };
        Some(at.max(began))
    }

    /// [`flag_fell`](Session::flag_fell) as it stood at `at`.
    fn flag_fell_at(&mut self, at: i64) -> Option<Player> {
        let side = self.table.to_move()?;
        let t = self.timer.as_mut()?;
        if !t.clock.flagged(at) {
            return None;
        }
        t.clock.flag(side.index());
        // The game goes on (`to_move` above): the table takes the flag.
        self.table.flag(side).ok()?;
        Some(side)
    }

    /// The computer's limits for a move of `side`: with a clock, its time
    /// from the clock ([`think_time_on`]) as an upper bound of its level's
    /// own budget.
    pub fn computer_limits(&self, side: Player) -> Limits {
        Limits {
            at_most: self
                .timer
                .as_ref()
                .and_then(|t| think_time_on(&t.clock, side.index(), t.now())),
            ..Limits::none()
        }
    }

    /// Plays the computer's move, chosen `ago` (the full screen learns of
    /// it a little late), unless its clock had run out by then:
    /// [`Event::TimeUp`]. The wait is nobody's time: the computer's clock
    /// stops when it chose, the other clock starts now, when the move is
    /// shown.
    ///
    /// # Errors
    /// The table refused the move.
    pub fn computer_move(&mut self, mv: G::Move, ago: Duration) -> Result<Event, Refusal> {
        let at = self.time_ago(ago);
        if let Some(p) = at.and_then(|at| self.flag_fell_at(at)) {
            return Ok(Event::TimeUp(p));
        }
        let mover = self.table.to_move();
        self.table.play_move(mv)?;
        if let Some(at) = at {
            self.settle_at(mover, true, at);
        }
        let next = self.table.to_move().filter(|&n| Some(n) != mover);
        if let (Some(t), Some(next)) = (self.timer.as_mut(), next) {
            if t.clock.running() {
                t.clock.deadline = Some(t.now() + t.clock.left[next.index()]);
            }
        }
        Ok(Event::Moved(
            self.table.moves().last().cloned().unwrap_or_default(),
        ))
    }

    /// The computer at `side` claims the win instead of moving, when the
    /// table says it does; whether it did.
    pub fn computer_claims(&mut self, side: Player) -> bool {
        if self.flag_fell().is_some() || !self.table.computer_claims() {
            return false;
        }
        let claimed = self.table.claim(side).is_ok();
        self.settle(Some(side), false);
        claimed
    }

    /// The clocks after the table changed (`mover`: who was to move):
    /// a move adds the increment and starts the other clock; any other end
    /// of the game stops them.
    fn settle(&mut self, mover: Option<Player>, moved: bool) {
        if let Some(now) = self.timer.as_ref().map(Timer::now) {
            self.settle_at(mover, moved, now);
        }
    }

    /// [`settle`](Session::settle) for a change made at `now`.
    fn settle_at(&mut self, mover: Option<Player>, moved: bool, now: i64) {
        let next = self.table.to_move().map(Player::index);
        let Some(t) = self.timer.as_mut() else {
            return;
        };
        match mover {
            Some(m) if moved => t.clock.moved(m.index(), now, next),
            _ if next.is_none() => t.clock.stop(mover.map(Player::index), now),
            _ => {}
        }
    }

    /// The game so far.
    pub fn table(&self) -> &Table<G> {
        &self.table
    }

    /// Whether the computer waits to be asked.
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// The computer may move again.
    pub fn resume(&mut self) {
        self.paused = false;
    }

    /// The text of the legal move numbered `n` (from 1).
    fn numbered(&self, n: usize) -> Result<String, Refused> {
        let legal = self.table.legal();
        legal
            .get(n.wrapping_sub(1))
            .map(|m| m.text.clone())
            .ok_or(Refused::NoNumber {
                n,
                count: legal.len(),
            })
    }

    /// The move an action names, as the game writes it, without playing it
    /// (the full screen previews it): `None` for a command.
    pub fn move_text(&self, action: &Action) -> Option<Result<String, Refused>> {
        match action {
            Action::Command(_) => None,
            Action::Number(n) => Some(self.numbered(*n)),
            Action::Move(text) => Some(Ok(text.clone())),
        }
    }

    /// Does what `side` (a person) asked for; with a clock that ran out,
    /// nothing but the loss on time ([`Event::TimeUp`]).
    pub fn act(&mut self, side: Player, action: &Action) -> Result<Event, Refused> {
        if let Some(p) = self.flag_fell() {
            return Ok(Event::TimeUp(p));
        }
        let mover = self.table.to_move();
        let done = self.act_at_table(side, action);
        if matches!(done, Ok(Event::Moved(_))) {
            self.settle(mover, true);
        } else if done.is_ok() {
            self.settle(mover, false);
        }
        done
    }

    fn act_at_table(&mut self, side: Player, action: &Action) -> Result<Event, Refused> {
        match action {
            Action::Command(Command::Resign) => self
                .table
                .resign(side)
                .map(|()| Event::Resigned(side))
                .map_err(Refused::Table),
            Action::Command(Command::Claim) => self
                .table
                .claim(side)
                .map(|()| Event::Claimed(side))
                .map_err(Refused::Table),
            Action::Command(Command::Undo) => self.undo(side),
            Action::Command(Command::Draw) => match self.table.offer_draw(side) {
                Ok(DrawAnswer::Agreed) => Ok(Event::DrawAgreed),
                Ok(DrawAnswer::Standing) => Ok(Event::DrawOffered {
                    by: side,
                    to: side.other(),
                }),
                Err(e) => Err(Refused::Table(e)),
            },
            Action::Command(c) => Err(Refused::NotAtTable(*c)),
            Action::Number(_) | Action::Move(_) => {
                let text = self.move_text(action).expect("a move")?;
                if self.table.to_move() != Some(side) {
                    return Err(Refused::NotYourTurn);
                }
                // Cells are written in lower case; `B5` is read as `b5`.
                let lower = text.to_lowercase();
                let played = match self.table.play(side, &text) {
                    Err(_) if lower != text => self.table.play(side, &lower),
                    first => first,
                };
                match played {
                    Ok(_) => Ok(Event::Moved(
                        self.table.moves().last().cloned().unwrap_or(text),
                    )),
                    Err(why) => Err(Refused::BadMove { text, why }),
                }
            }
        }
    }

    fn undo(&mut self, side: Player) -> Result<Event, Refused> {
        if self.timer.is_some() {
            // As on the web server: a take-back would give time back.
            return Err(Refused::Table(Refusal::Conflict(Message::of(id!(
                "table-clock-no-undo"
            )))));
        }
        match self.table.undo(side) {
            Ok(n) => Ok(Event::TakenBack(n)),
            Err(e) => match back_to_start(&self.table) {
                Some(start) => {
                    self.table = start;
                    self.paused = true;
                    Ok(Event::BackToStart)
                }
                None => Err(Refused::Table(e)),
            },
        }
    }

    /// The person at `side` answers the draw the other person offered
    /// (unless the clock of the side to move ran out meanwhile).
    pub fn answer_draw(&mut self, side: Player, accept: bool) -> Event {
        if let Some(p) = self.flag_fell() {
            return Event::TimeUp(p);
        }
        // The offer stands until it is answered; an answer the table does
        // not take changes nothing.
        let mover = self.table.to_move();
        let _ = self.table.answer_draw(side, accept);
        self.settle(mover, false);
        if accept {
            Event::DrawAgreed
        } else {
            Event::DrawDeclined(side)
        }
    }
}

/// Undo when the computer moved first and the person has no move yet: the
/// game back at its start, the computer to move again (once the person asks
/// for it). `None` when a person has moved or nobody plays the computer.
fn back_to_start<G: CliGame>(table: &Table<G>) -> Option<Table<G>> {
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

/// `d` in whole milliseconds.
fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// Why the table refused a command, as a sentence in the language in use.
pub fn refusal_text(e: &Refusal) -> String {
    sentence(&refusal_reason(e))
}

/// `clause` with a capital and a full stop.
fn sentence(clause: &str) -> String {
    let mut chars = clause.chars();
    let first = chars.next().map(|c| c.to_uppercase().to_string());
    format!("{}{}.", first.unwrap_or_default(), chars.as_str())
}

/// That `side` (its name as the screen writes it) lost on time, as a
/// sentence in the language in use.
pub fn time_up_text(side: &str) -> String {
    let m = Message::of(tablero_core::id!("table-time-up")).text("side", side);
    sentence(&crate::i18n::message(&m))
}

/// A clock's time as it is shown: `m:ss`, and tenths under ten seconds
/// (`0:09.4`); never below zero, never rounded up (what is shown is
/// always there).
pub fn clock_text(ms: i64) -> String {
    let ms = ms.max(0);
    let secs = ms / 1000;
    if ms < 10_000 {
        format!("0:{secs:02}.{}", ms % 1000 / 100)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

/// Reads `--clock`: a live control (`5+3`, `0.5+0`); days per move and a
/// text that is no control are refused, saying why in the language in
/// use.
///
/// # Errors
/// The text is no time control, or a correspondence one.
pub fn parse_clock(text: &str) -> Result<TimeControl, String> {
    match text.parse::<TimeControl>() {
        Ok(c) if c.is_days() => Err(t!("play-clock-live-only", text = text.to_string())),
        Ok(c) => Ok(c),
        // The terminal's own words: only the live form it plays.
        Err(_) => Err(t!(
            "play-clock-bad",
            text = text.to_string(),
            minutes = tablero_ai::clock::MAX_MINUTES,
            seconds = tablero_ai::clock::MAX_INCREMENT
        )),
    }
}

/// A record's time control as `--clock` writes it (`3+2`) when it is one,
/// else as the record's tag writes it (`40/7200:3600`, in seconds).
pub fn control_text(tag: &tablero_core::TimeControlTag) -> String {
    use tablero_core::{Period, TimeControlTag};
    if let TimeControlTag::Periods(p) = tag {
        if let [Period::Game { ms, increment_ms }] = p[..] {
            if ms % 15_000 == 0 && increment_ms % 1000 == 0 {
                let control = TimeControl::Live {
                    base_ms: i64::try_from(ms).unwrap_or(i64::MAX),
                    inc_ms: i64::try_from(increment_ms).unwrap_or(i64::MAX),
                };
                return control.to_string();
            }
        }
    }
    tag.to_string()
}

/// Why the table refused, in the language in use, as a clause (from the
/// games' catalogue, `locales/*/games.ftl`).
pub fn refusal_reason(e: &Refusal) -> String {
    crate::i18n::message(&tablero_core::Localize::message(e))
}

/// The name of the game's claim of a proved win, in the language in use.
pub fn claim_name<G: CliGame>() -> String {
    G::INFO.claim.map_or_else(
        || t!("claim-word"),
        |c| c.get(crate::i18n::lang().code()).to_string(),
    )
}

/// What ended a game, in words: the game's own words where it has them
/// (Jarmo: a side with no archers left), else the reason's.
pub fn reason_text<G: CliGame>(h: &History<G>, o: Outcome) -> String {
    if let Some(text) = h.current().end_text(o) {
        return text;
    }
    match o.reason {
        Reason::Goal => t!("reason-goal"),
        Reason::Claim => t!("reason-claim", claim = claim_name::<G>()),
        Reason::FalseClaim => t!("reason-false-claim", claim = claim_name::<G>()),
        Reason::Repetition => t!("reason-repetition"),
        Reason::NoMoves => t!("reason-no-moves"),
        Reason::AllArrived => t!("reason-all-arrived"),
        Reason::MoveCap => t!("reason-move-cap"),
        Reason::Passed => t!("reason-passed"),
        Reason::Resign => t!("reason-resign"),
        Reason::Agreed => t!("reason-agreed"),
        Reason::Time => t!("reason-time"),
        Reason::Forfeit => t!("reason-forfeit"),
        Reason::Aborted => t!("reason-aborted"),
        Reason::Subgames => t!("reason-subgames"),
    }
}

/// The result of the game `h` as a sentence: who won, why, the score;
/// `side` names a side (coloured in the line mode).
pub fn result_sentence<G: CliGame>(
    h: &History<G>,
    o: Outcome,
    side: impl Fn(Player) -> String,
) -> String {
    let text = match o.winner {
        Some(p) => t!("wins", side = side(p)),
        None => t!("draw"),
    };
    t!(
        "result",
        result = text,
        why = reason_text(h, o),
        score = o.score_text("-")
    )
}

/// What a player is called where the screen names them: `human` in the
/// language in use (`persona`), a computer's spec or a person's name as
/// given.
pub fn player_label(name: &str) -> String {
    if name == "human" {
        t!("player-human")
    } else {
        name.to_string()
    }
}

/// A person of a match with their player: `A (ai:1)`.
pub fn person_label(person: Person, names: &[String; 2]) -> String {
    format!("{person} ({})", player_label(&names[person.index()]))
}

/// Who plays which side in game `game` of a match, as a sentence.
pub fn match_header<G: CliGame>(variant: &G::Variant, names: &[String; 2], game: usize) -> String {
    t!(
        "match-header",
        game = game,
        a = person_label(Person::in_seat(Player::P1, game), names),
        sidea = G::side_label_in(variant, Player::P1),
        b = person_label(Person::in_seat(Player::P2, game), names),
        sideb = G::side_label_in(variant, Player::P2),
    )
}

/// Each person's points in game `game` of a match (once it is over).
pub fn match_game_lines<G: CliGame>(
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
                name = player_label(&names[person.index()]),
                side = G::side_label_in(m.variant(), person.seat(game)),
                points = crate::render::points(m.game_points(person, game).unwrap_or_default()),
            )
        })
        .collect()
}

/// The end of a match: each person's total and who won.
pub fn match_end_lines<G: CliGame>(m: &SeatSwapMatch<G>, names: &[String; 2]) -> Vec<String> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::rc::Rc;
    use tablero_ai::table::Seat;
    use tablero_games::imago::Imago;

    fn session() -> Session<Imago> {
        let start = <Imago as tablero_core::Game>::start_with(&Default::default(), Player::P1);
        Session::new(Table::new(start, [Seat::Person, Seat::Person]))
    }

    #[test]
    fn typed_text_becomes_one_action() {
        assert_eq!(Action::parse("  "), None);
        assert_eq!(Action::parse("Undo"), Some(Action::Command(Command::Undo)));
        assert_eq!(
            Action::parse("tablas"),
            Some(Action::Command(Command::Draw))
        );
        assert_eq!(Action::parse(" 3 "), Some(Action::Number(3)));
        assert_eq!(
            Action::parse("b2-c2"),
            Some(Action::Move("b2-c2".to_string()))
        );
    }

    #[test]
    fn moves_by_number_and_text_and_their_refusals() {
        let mut s = session();
        let count = s.table().legal().len();
        assert_eq!(
            s.act(Player::P1, &Action::Number(count + 1)),
            Err(Refused::NoNumber {
                n: count + 1,
                count
            })
        );
        assert!(matches!(
            s.act(Player::P1, &Action::Move("z9-z8".into())),
            Err(Refused::BadMove { .. })
        ));
        let second = s.table().legal()[1].text.clone();
        assert_eq!(
            s.act(Player::P1, &Action::Number(2)),
            Ok(Event::Moved(second))
        );
        // Player two's move typed in capitals; player one cannot move now.
        let mv = s.table().legal()[0].text.clone();
        assert_eq!(
            s.act(Player::P1, &Action::Move(mv.clone())),
            Err(Refused::NotYourTurn)
        );
        assert_eq!(
            s.act(Player::P2, &Action::Move(mv.to_uppercase())),
            Ok(Event::Moved(mv))
        );
        // Between two people there is no undo: the table says why.
        assert!(matches!(
            s.act(Player::P1, &Action::Command(Command::Undo)),
            Err(Refused::Table(_))
        ));
        assert_eq!(
            s.act(Player::P1, &Action::Command(Command::Help)),
            Err(Refused::NotAtTable(Command::Help))
        );
    }

    /// Imago on a `control` clock read at the time in the cell, Red a
    /// person, Blue a person or the computer.
    fn clocked(control: &str, blue: Seat) -> (Session<Imago>, Rc<Cell<i64>>) {
        let start = <Imago as tablero_core::Game>::start_with(&Default::default(), Player::P1);
        let now = Rc::new(Cell::new(0));
        let read = Rc::clone(&now);
        let clock = Clock::new(control.parse().expect("a control"));
        let timer = Timer::with_time(clock, move || read.get());
        let table = Table::new(start, [Seat::Person, blue]);
        (Session::with_timer(table, timer), now)
    }

    fn first_legal(s: &Session<Imago>) -> Action {
        Action::Move(s.table().legal()[0].text.clone())
    }

    #[test]
    fn clocks_read_in_minutes_and_seconds_and_tenths_at_the_end() {
        assert_eq!(clock_text(300_000), "5:00");
        assert_eq!(clock_text(299_999), "4:59");
        assert_eq!(clock_text(10_000), "0:10");
        assert_eq!(clock_text(9_999), "0:09.9");
        assert_eq!(clock_text(50), "0:00.0");
        assert_eq!(clock_text(-5), "0:00.0");
        assert_eq!(clock_text(180 * 60_000), "180:00");
        assert!(parse_clock("5+3").is_ok());
        assert!(parse_clock("3d").unwrap_err().contains("live clocks only"));
        assert!(parse_clock("5")
            .unwrap_err()
            .contains("is not a time control"));
    }

    #[test]
    fn the_first_move_starts_the_clocks_and_each_move_adds_the_increment() {
        let (mut s, now) = clocked("1+2", Seat::Person);
        assert_eq!(s.running(), None);
        now.set(5_000);
        // The first move costs nothing.
        assert!(matches!(
            s.act(Player::P1, &first_legal(&s)),
            Ok(Event::Moved(_))
        ));
        assert_eq!(s.running(), Some(Player::P2));
        assert_eq!(s.time_left(Player::P1), Some(60_000));
        now.set(15_000);
        assert_eq!(s.time_left(Player::P2), Some(50_000));
        assert!(matches!(
            s.act(Player::P2, &first_legal(&s)),
            Ok(Event::Moved(_))
        ));
        assert_eq!(s.time_left(Player::P2), Some(52_000));
        assert_eq!(s.running(), Some(Player::P1));
        // A resignation stops the clocks where they were.
        now.set(20_000);
        assert_eq!(
            s.act(Player::P1, &Action::Command(Command::Resign)),
            Ok(Event::Resigned(Player::P1))
        );
        now.set(90_000);
        assert_eq!(s.running(), None);
        assert_eq!(s.time_left(Player::P1), Some(55_000));
        assert_eq!(s.flag_fell(), None);
    }

    #[test]
    fn after_the_flag_nothing_is_played_and_the_game_is_lost_on_time() {
        let (mut s, now) = clocked("1+0", Seat::Person);
        s.act(Player::P1, &first_legal(&s)).expect("moved");
        now.set(59_999);
        assert_eq!(s.flag_fell(), None);
        now.set(60_000);
        let late = first_legal(&s);
        assert_eq!(s.act(Player::P2, &late), Ok(Event::TimeUp(Player::P2)));
        assert_eq!(s.table().moves().len(), 1);
        let o = s.table().outcome().expect("over");
        assert_eq!((o.winner, o.reason), (Some(Player::P1), Reason::Time));
        assert_eq!(s.time_left(Player::P2), Some(0));
        // It falls once.
        assert_eq!(s.flag_fell(), None);
        // A draw answered after the flag: the flag first.
        let (mut s, now) = clocked("1+0", Seat::Person);
        s.act(Player::P1, &first_legal(&s)).expect("moved");
        s.act(Player::P2, &Action::Command(Command::Draw))
            .expect("offered");
        now.set(61_000);
        assert_eq!(s.answer_draw(Player::P1, true), Event::TimeUp(Player::P2));
        assert_eq!(s.table().outcome().map(|o| o.reason), Some(Reason::Time));
    }

    #[test]
    fn with_a_clock_there_is_no_undo_and_the_computer_s_time_comes_from_it() {
        let (mut s, now) = clocked("1+0", Seat::Computer(Some(3)));
        s.act(Player::P1, &first_legal(&s)).expect("moved");
        let mv = {
            let mut moves = <Imago as tablero_core::Game>::MoveList::default();
            tablero_core::Game::legal_moves(s.table().history().current(), &mut moves);
            moves.as_slice()[0]
        };
        now.set(20_000);
        // 40 s left: a twentieth of it.
        let limits = s.computer_limits(Player::P2);
        assert_eq!(
            limits.at_most,
            Some(std::time::Duration::from_millis(2_000))
        );
        // Chosen 1.5 s ago: the wait since is not the computer's.
        now.set(21_500);
        let ago = std::time::Duration::from_millis(1_500);
        assert!(matches!(s.computer_move(mv, ago), Ok(Event::Moved(_))));
        assert_eq!(s.time_left(Player::P2), Some(40_000));
        assert_eq!(s.time_left(Player::P1), Some(60_000));
        // Chosen before its turn began (a test's clock): it cost nothing.
        s.act(Player::P1, &first_legal(&s)).expect("moved");
        now.set(22_000);
        let mv = {
            let mut moves = <Imago as tablero_core::Game>::MoveList::default();
            tablero_core::Game::legal_moves(s.table().history().current(), &mut moves);
            moves.as_slice()[0]
        };
        let long_ago = std::time::Duration::from_millis(5_000);
        assert!(matches!(s.computer_move(mv, long_ago), Ok(Event::Moved(_))));
        assert_eq!(s.time_left(Player::P2), Some(40_000));
        let refused = s.act(Player::P1, &Action::Command(Command::Undo));
        let Err(Refused::Table(why)) = refused else {
            panic!("{refused:?}")
        };
        assert_eq!(
            tablero_core::Localize::message(&why).id(),
            "table-clock-no-undo"
        );
        assert_eq!(s.table().moves().len(), 4);
        // Without a clock the computer keeps its level's own budget.
        assert_eq!(session().computer_limits(Player::P2).at_most, None);
    }

    #[test]
    fn the_loss_on_time_is_said_in_both_languages() {
        use crate::i18n::{format_in, Lang};
        let m = Message::of(id!("table-time-up")).text("side", "Azul");
        assert_eq!(
            m.in_lang(Lang::Es),
            "se acabó el reloj de Azul: la partida está perdida por tiempo"
        );
        assert_eq!(
            time_up_text("Blue"),
            "The clock of Blue ran out: the game is lost on time."
        );
        let es = format_in(Lang::Es, "reason-time", None).expect("a reason");
        assert!(es.contains("por tiempo"), "{es}");
        let es = format_in(Lang::Es, "play-clock-live-only", None).expect("a message");
        assert!(es.contains("solo se juega con reloj en vivo"), "{es}");
    }

    #[test]
    fn a_draw_offered_to_a_person_waits_for_the_answer() {
        let mut s = session();
        assert_eq!(
            s.act(Player::P1, &Action::Command(Command::Draw)),
            Ok(Event::DrawOffered {
                by: Player::P1,
                to: Player::P2
            })
        );
        assert_eq!(
            s.answer_draw(Player::P2, false),
            Event::DrawDeclined(Player::P2)
        );
        assert!(s.table().outcome().is_none());
        assert_eq!(
            s.act(Player::P1, &Action::Command(Command::Resign)),
            Ok(Event::Resigned(Player::P1))
        );
        assert_eq!(s.table().outcome().and_then(|o| o.winner), Some(Player::P2));
    }
}
