//! One play session for both terminal front ends: what a person types (or
//! a key gives) becomes a typed [`Action`] here, the session applies it to
//! the shared [`Table`] and answers with a typed [`Event`] or [`Refused`].
//! The line mode (`play/line.rs`) and the full screen (`tui/`) only read
//! input and draw what comes back; neither knows the other.
//!
//! The texts both front ends show about the end of a game and a two-game
//! match are written here too.

use crate::i18n::{t, Command};
use crate::render::CliGame;
use tablero_ai::table::{DrawAnswer, Refusal, Table};
use tablero_core::{History, Outcome, Person, Player, Reason, SeatSwapMatch};

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

/// A game at the terminal: the shared table (the same rules around the
/// board as the web app's) and whether the computer waits to be asked.
pub struct Session<G: CliGame> {
    table: Table<G>,
    /// The computer waits to be asked before moving (after an undo took
    /// back its first move).
    paused: bool,
}

impl<G: CliGame> Session<G> {
    /// A session at `table`.
    pub fn new(table: Table<G>) -> Self {
        Session {
            table,
            paused: false,
        }
    }

    /// The game so far.
    pub fn table(&self) -> &Table<G> {
        &self.table
    }

    /// The table, for the computer's moves and claims.
    pub fn table_mut(&mut self) -> &mut Table<G> {
        &mut self.table
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

    /// Does what `side` (a person) asked for.
    pub fn act(&mut self, side: Player, action: &Action) -> Result<Event, Refused> {
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

    /// The person at `side` answers the draw the other person offered.
    pub fn answer_draw(&mut self, side: Player, accept: bool) -> Event {
        // The offer stands until it is answered; an answer the table does
        // not take changes nothing.
        let _ = self.table.answer_draw(side, accept);
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

/// Why the table refused a command, as a sentence in the language in use.
pub fn refusal_text(e: &Refusal) -> String {
    let reason = refusal_reason(e);
    let mut chars = reason.chars();
    let first = chars.next().map(|c| c.to_uppercase().to_string());
    format!("{}{}.", first.unwrap_or_default(), chars.as_str())
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
        Reason::Repetition => t!("reason-repetition"),
        Reason::NoMoves => t!("reason-no-moves"),
        Reason::AllArrived => t!("reason-all-arrived"),
        Reason::MoveCap => t!("reason-move-cap"),
        Reason::Passed => t!("reason-passed"),
        Reason::Resign => t!("reason-resign"),
        Reason::Agreed => t!("reason-agreed"),
        Reason::Time => t!("reason-time"),
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
