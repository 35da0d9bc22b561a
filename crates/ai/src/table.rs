//! The table: one game in progress with the rules around the board, written
//! once for the web app, the terminal game and the engine.
//!
//! A [`Table`] holds the game (its [`History`] and its moves as text), who
//! sits in each seat (a person or a computer of some level), the standing
//! draw offer and any result declared from outside the board. Its methods
//! are the table rules (docs/rulings.md, "Around the board"):
//!
//! - **moves** only by the seat to move, while the game goes on; a move ends
//!   any standing draw offer;
//! - **claims** (where the game has them, Imago's *Jacke*) by the seat to
//!   move: the game ends either way, as the claimant's win (reason
//!   `claim`) when the game's referee proves the win, else as the
//!   claimant's loss (reason `false-claim`), as a false claim of a finished
//!   game loses at the table; so a claim asks the referee nothing for free;
//! - **resignation** by either seat while the game goes on;
//! - **draw offers**: a computer answers at once ([`Play::accepts_draw`]);
//!   a person's offer stands until the other seat accepts or declines it or
//!   anyone moves;
//! - **undo** only for a person playing the computer: moves are taken back
//!   until one of the person's moves is gone and it is the person's turn;
//!   a declared result and a draw offer go with it, except a loss by a
//!   false claim, which is final.
//!
//! [`GameTable`] is the same table with the game's type erased, so the
//! server and the engine handle every game alike; [`open`] makes one for a
//! game named at run time.

use crate::bot::{Bot, Limits};
use crate::play::{parse_spec, Play};
use serde::Serialize;
use serde_json::Value;
use std::any::Any;
use tablero_core::{id, Localize, Message};
use tablero_core::{History, Outcome, Player, Reason};
use tablero_games::Describe;

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person.
    Person,
    /// The computer, at a level where its spec names one (`ai:N`, or 5 for
    /// the exact player); the level decides its answer to a draw offer and
    /// whether it claims.
    Computer(Option<u8>),
}

impl Seat {
    /// Whether a person sits here.
    #[must_use]
    pub const fn is_person(self) -> bool {
        matches!(self, Seat::Person)
    }
}

/// Why the table refused an action; the game is unchanged then.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The request is malformed or illegal (a move that is not one).
    #[error("{0}")]
    Bad(Message),
    /// Not this seat's to do (not its turn).
    #[error("{0}")]
    Forbidden(Message),
    /// Not now: the game is over, or the action does not apply.
    #[error("{0}")]
    Conflict(Message),
}

impl Localize for Refusal {
    /// Why, as a message of `locales/*/games.ftl` (`table-…` or a game's).
    fn message(&self) -> Message {
        match self {
            Refusal::Bad(m) | Refusal::Forbidden(m) | Refusal::Conflict(m) => m.clone(),
        }
    }
}

/// The longest move text accepted.
pub const MAX_MOVE_TEXT: usize = 200;

/// A legal move and the cells clicked to enter it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegalMove {
    /// The move's notation.
    #[serde(rename = "move")]
    pub text: String,
    /// The cells (or rows) to click, in order.
    pub path: Vec<String>,
}

/// What became of a draw offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawAnswer {
    /// The offer stands until the other person answers or anyone moves.
    Standing,
    /// The other seat (a computer) accepted: the game is drawn.
    Agreed,
}

/// A game in progress with its table rules; see the [module](self) docs.
#[derive(Clone, Debug)]
pub struct Table<G: Play + Describe> {
    history: History<G>,
    moves: Vec<String>,
    seats: [Seat; 2],
    offer: Option<Player>,
}

impl<G: Play + Describe> Table<G> {
    /// A new game from `start`.
    #[must_use]
    pub fn new(start: G, seats: [Seat; 2]) -> Self {
        Table::from_history(History::new(start), seats)
    }

    /// A game already under way (its declared result, if any, kept).
    #[must_use]
    pub fn from_history(history: History<G>, seats: [Seat; 2]) -> Self {
        let mut pos = history.start().clone();
        let moves = history
            .moves()
            .iter()
            .map(|&m| {
                let text = pos.format_move(m);
                pos.play_unchecked(m);
                text
            })
            .collect();
        Table {
            history,
            moves,
            seats,
            offer: None,
        }
    }

    /// The game so far.
    #[must_use]
    pub fn history(&self) -> &History<G> {
        &self.history
    }

    /// The moves played, in canonical notation.
    #[must_use]
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// Who sits in each seat.
    #[must_use]
    pub fn seats(&self) -> [Seat; 2] {
        self.seats
    }

    /// Seats someone else.
    pub fn set_seat(&mut self, p: Player, seat: Seat) {
        self.seats[p.index()] = seat;
    }

    /// The result, if the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.history.outcome()
    }

    /// The result declared from outside the board (claim, resignation,
    /// agreed draw), if any.
    #[must_use]
    pub fn declared(&self) -> Option<Outcome> {
        self.history.declared_result()
    }

    /// The seat to move, `None` when the game is over.
    #[must_use]
    pub fn to_move(&self) -> Option<Player> {
        (!self.history.is_over()).then(|| self.history.current().side_to_move())
    }

    /// The seat whose draw offer stands.
    #[must_use]
    pub fn draw_offer(&self) -> Option<Player> {
        self.offer
    }

    /// Restores a standing offer (a game reloaded from storage).
    pub fn restore_offer(&mut self, by: Option<Player>) {
        self.offer = by.filter(|_| !self.history.is_over());
    }

    /// Ends the game with a result declared from outside the board, as
    /// reloaded from storage or a record.
    pub fn declare(&mut self, outcome: Outcome) {
        self.history.set_result(outcome);
        self.offer = None;
    }

    /// The side's names in the table's variant.
    fn side(&self, p: Player) -> tablero_games::Text {
        G::side_names(self.history.start().variant())[p.index()]
    }

    fn going_on(&self) -> Result<Player, Refusal> {
        self.to_move()
            .ok_or_else(|| Refusal::Conflict(Message::of(id!("table-game-over"))))
    }

    /// `seat` plays the move written `text`.
    ///
    /// # Errors
    /// The game is over (conflict), not `seat`'s turn (forbidden), or the
    /// text is no legal move here (bad, with the game's reason).
    pub fn play(&mut self, seat: Player, text: &str) -> Result<G::Move, Refusal> {
        let to_move = self.going_on()?;
        if to_move != seat {
            let side = self.side(to_move);
            return Err(Refusal::Forbidden(
                Message::of(id!("table-not-your-turn"))
                    .words("side", &[("en", side.en), ("es", side.es)]),
            ));
        }
        if text.len() > MAX_MOVE_TEXT {
            return Err(Refusal::Bad(
                Message::of(id!("table-too-long")).num("max", MAX_MOVE_TEXT),
            ));
        }
        let mv = self
            .history
            .current()
            .parse_move(text)
            .map_err(|e| Refusal::Bad(e.message()))?;
        self.push(mv);
        Ok(mv)
    }

    /// The seat to move plays `mv`, a move chosen by a computer.
    ///
    /// # Errors
    /// The game is over, or `mv` is not legal here.
    pub fn play_move(&mut self, mv: G::Move) -> Result<(), Refusal> {
        self.going_on()?;
        if !self.history.current().is_legal(mv) {
            return Err(Refusal::Bad(
                Message::of(id!("table-illegal")).text("mv", format!("{mv:?}")),
            ));
        }
        self.push(mv);
        Ok(())
    }

    fn push(&mut self, mv: G::Move) {
        let text = self.history.current().format_move(mv);
        self.history
            .play(mv)
            .expect("a legal move of a game that goes on");
        self.moves.push(text);
        self.offer = None;
    }

    /// Whether the computer in the seat to move claims the win now, by the
    /// game's own rule for its levels ([`Play::claims_now`]).
    #[must_use]
    pub fn computer_claims(&self) -> bool {
        match self.to_move().map(|p| self.seats[p.index()]) {
            Some(Seat::Computer(level)) => G::claims_now(level, &self.history),
            _ => false,
        }
    }

    /// `seat` claims the win, and the claim ends the game: `seat` wins
    /// (reason `claim`) when the game's referee proves the win, else loses
    /// (reason `false-claim`); see [`outcome`](Table::outcome).
    ///
    /// # Errors
    /// The game has no claims (bad), it is over (conflict) or it is not
    /// `seat`'s turn (forbidden); the game is unchanged then.
    pub fn claim(&mut self, seat: Player) -> Result<(), Refusal> {
        if G::INFO.claim.is_none() {
            return Err(Refusal::Bad(Message::of(id!("table-no-claims")).words(
                "game",
                &[("en", G::INFO.title.en), ("es", G::INFO.title.es)],
            )));
        }
        let to_move = self.going_on()?;
        if to_move != seat {
            return Err(Refusal::Forbidden(Message::of(id!("table-claim-own-turn"))));
        }
        self.declare(if G::claim_valid(&self.history) {
            Outcome::win(seat, Reason::Claim)
        } else {
            Outcome::win(seat.other(), Reason::FalseClaim)
        });
        Ok(())
    }

    /// `seat` resigns.
    ///
    /// # Errors
    /// The game is over.
    pub fn resign(&mut self, seat: Player) -> Result<(), Refusal> {
        self.going_on()?;
        self.declare(Outcome::win(seat.other(), Reason::Resign));
        Ok(())
    }

    /// `seat`'s clock has run out: the other side wins on time (in every
    /// game: see the rulings, "Clocks").
    ///
    /// # Errors
    /// The game is over.
    pub fn flag(&mut self, seat: Player) -> Result<(), Refusal> {
        self.going_on()?;
        self.declare(Outcome::win(seat.other(), Reason::Time));
        Ok(())
    }

    /// Why nobody may act any more once `seat`'s clock has run out.
    #[must_use]
    pub fn time_up(&self, seat: Player) -> Message {
        let side = self.side(seat);
        Message::of(id!("table-time-up")).words("side", &[("en", side.en), ("es", side.es)])
    }

    /// `seat` offers a draw. A computer in the other seat answers at once;
    /// a person's answer comes later ([`answer_draw`](Table::answer_draw)).
    ///
    /// # Errors
    /// The game is over, or the computer declines (conflict; no offer
    /// stands then).
    pub fn offer_draw(&mut self, seat: Player) -> Result<DrawAnswer, Refusal> {
        self.going_on()?;
        match self.seats[seat.other().index()] {
            Seat::Computer(Some(level)) if G::accepts_draw(level, &self.history, seat.other()) => {
                self.declare(Outcome::draw(Reason::Agreed));
                Ok(DrawAnswer::Agreed)
            }
            Seat::Computer(_) => Err(Refusal::Conflict(Message::of(id!(
                "table-computer-declines"
            )))),
            Seat::Person => {
                self.offer = Some(seat);
                Ok(DrawAnswer::Standing)
            }
        }
    }

    /// `seat` accepts (`true`) or declines the other seat's standing offer.
    ///
    /// # Errors
    /// The game is over, or no offer of the other seat stands.
    pub fn answer_draw(&mut self, seat: Player, accept: bool) -> Result<(), Refusal> {
        self.going_on()?;
        if self.offer != Some(seat.other()) {
            return Err(Refusal::Conflict(Message::of(id!("table-no-offer"))));
        }
        self.offer = None;
        if accept {
            self.declare(Outcome::draw(Reason::Agreed));
        }
        Ok(())
    }

    /// `seat` (a person playing the computer) takes back moves: until one of
    /// its own moves is gone and it is its turn again. Returns how many
    /// plies were taken back.
    ///
    /// # Errors
    /// `seat` is not a person playing the computer, it has no move to take
    /// back, or the game was lost by a false claim, which is final (else a
    /// claim and an undo would ask the referee for free) (conflict).
    pub fn undo(&mut self, seat: Player) -> Result<usize, Refusal> {
        let against_computer = self.seats.iter().any(|s| !s.is_person());
        if !self.seats[seat.index()].is_person() || !against_computer {
            return Err(Refusal::Conflict(Message::of(id!(
                "table-undo-computer-only"
            ))));
        }
        if self
            .declared()
            .is_some_and(|o| o.reason == Reason::FalseClaim)
        {
            return Err(Refusal::Conflict(Message::of(id!(
                "table-undo-false-claim"
            ))));
        }
        let mut copy = self.clone();
        let mut took_mine = false;
        let mut plies = 0;
        while let Some(n) = copy.moves.len().checked_sub(1) {
            let mover = copy.history.positions()[n].side_to_move();
            if took_mine && mover != seat {
                break;
            }
            copy.history.undo();
            copy.moves.pop();
            plies += 1;
            took_mine |= mover == seat;
            if took_mine && copy.history.current().side_to_move() == seat {
                break;
            }
        }
        if !took_mine {
            return Err(Refusal::Conflict(Message::of(id!("table-nothing-to-undo"))));
        }
        copy.offer = None;
        *self = copy;
        Ok(plies)
    }

    /// The legal moves with their paths (empty when the game is over).
    #[must_use]
    pub fn legal(&self) -> Vec<LegalMove> {
        if self.history.is_over() {
            return Vec::new();
        }
        self.history
            .current()
            .legal_move_strings()
            .into_iter()
            .map(|text| LegalMove {
                path: G::path(&text),
                text,
            })
            .collect()
    }
}

/// A computer player for any game's [`GameTable`]: a [`Bot`] whose game
/// type is erased. It keeps what it learnt (its tree, its table) from one
/// move to the next.
pub trait Computer: Send {
    /// The move it plays in `table`'s current position, in notation, or
    /// `None` when `table` is not of its game or the game is over.
    fn choose(&mut self, table: &dyn GameTable, limits: &Limits) -> Option<String>;
    /// The last search's `info` fields, if it searches.
    fn info(&self) -> Option<String>;
    /// Forgets what it learnt (a new game).
    fn new_game(&mut self);
}

struct ComputerOf<G: Play>(Box<dyn Bot<G>>);

impl<G: Play + Describe> Computer for ComputerOf<G> {
    fn choose(&mut self, table: &dyn GameTable, limits: &Limits) -> Option<String> {
        let table = table.as_any().downcast_ref::<Table<G>>()?;
        if table.history.is_over() {
            return None;
        }
        let mv = self.0.choose(&table.history, limits);
        Some(table.history.current().format_move(mv))
    }
    fn info(&self) -> Option<String> {
        self.0.info()
    }
    fn new_game(&mut self) {
        self.0.new_game();
    }
}

/// A [`Table`] of any game. Seats are 0 (player one) and 1.
pub trait GameTable: Send + Sync {
    /// The game's description.
    fn info(&self) -> &'static tablero_games::GameInfo;
    /// The variant's text.
    fn variant(&self) -> String;
    /// A copy to change.
    fn boxed_clone(&self) -> Box<dyn GameTable>;
    /// The table itself, to be downcast to `Table<G>`.
    fn as_any(&self) -> &dyn Any;
    /// The moves played, in notation.
    fn moves(&self) -> &[String];
    /// Who sits in each seat.
    fn seats(&self) -> [Seat; 2];
    /// The seat to move (`None` when the game is over).
    fn to_move(&self) -> Option<usize>;
    /// The result, if the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The declared result, if any.
    fn declared(&self) -> Option<Outcome>;
    /// The seat whose draw offer stands.
    fn draw_offer(&self) -> Option<usize>;
    /// Restores a stored offer.
    fn restore_offer(&mut self, by: Option<usize>);
    /// Restores a stored declared result.
    fn declare(&mut self, outcome: Outcome);
    /// See [`Table::play`].
    ///
    /// # Errors
    /// As [`Table::play`].
    fn play(&mut self, seat: usize, text: &str) -> Result<(), Refusal>;
    /// See [`Table::claim`].
    ///
    /// # Errors
    /// As [`Table::claim`].
    fn claim(&mut self, seat: usize) -> Result<(), Refusal>;
    /// See [`Table::resign`].
    ///
    /// # Errors
    /// As [`Table::resign`].
    fn resign(&mut self, seat: usize) -> Result<(), Refusal>;
    /// See [`Table::flag`].
    ///
    /// # Errors
    /// As [`Table::flag`].
    fn flag(&mut self, seat: usize) -> Result<(), Refusal>;
    /// See [`Table::time_up`].
    fn time_up(&self, seat: usize) -> Message;
    /// See [`Table::offer_draw`].
    ///
    /// # Errors
    /// As [`Table::offer_draw`].
    fn offer_draw(&mut self, seat: usize) -> Result<DrawAnswer, Refusal>;
    /// See [`Table::answer_draw`].
    ///
    /// # Errors
    /// As [`Table::answer_draw`].
    fn answer_draw(&mut self, seat: usize, accept: bool) -> Result<(), Refusal>;
    /// See [`Table::undo`].
    ///
    /// # Errors
    /// As [`Table::undo`].
    fn undo(&mut self, seat: usize) -> Result<usize, Refusal>;
    /// See [`Table::computer_claims`].
    fn computer_claims(&self) -> bool;
    /// See [`Table::legal`].
    fn legal(&self) -> Vec<LegalMove>;
    /// The position string and the board view after `ply` plies (at most
    /// the moves played).
    fn snapshot(&self, ply: usize) -> (String, Value);
    /// The seat that moved at ply `ply` (0-based).
    fn mover_at(&self, ply: usize) -> usize;
    /// The analysis of the current position: exact values where the game
    /// knows them (the endgame solver searching at most `reach`
    /// positions), else alpha-beta for `think`.
    fn analyse(&self, think: std::time::Duration, reach: u64) -> crate::analysis::Analysis;
    /// For each move played, the best exact value its mover had and the
    /// played move's, where known without a search.
    fn played_values(&self) -> Vec<Option<(crate::analysis::Exact, crate::analysis::Exact)>>;
    /// A computer player of this game from a spec (`ai:3`, `mcts:ms=500`).
    ///
    /// # Errors
    /// A spec the game does not know.
    fn computer(&self, spec: &str, seed: u64) -> Result<Box<dyn Computer>, String>;
}

impl<G: Play + Describe> GameTable for Table<G> {
    fn info(&self) -> &'static tablero_games::GameInfo {
        &G::INFO
    }
    fn variant(&self) -> String {
        self.history.start().variant().to_string()
    }
    fn boxed_clone(&self) -> Box<dyn GameTable> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn moves(&self) -> &[String] {
        &self.moves
    }
    fn seats(&self) -> [Seat; 2] {
        self.seats
    }
    fn to_move(&self) -> Option<usize> {
        Table::to_move(self).map(Player::index)
    }
    fn outcome(&self) -> Option<Outcome> {
        Table::outcome(self)
    }
    fn declared(&self) -> Option<Outcome> {
        Table::declared(self)
    }
    fn draw_offer(&self) -> Option<usize> {
        self.offer.map(Player::index)
    }
    fn restore_offer(&mut self, by: Option<usize>) {
        Table::restore_offer(self, by.map(seat));
    }
    fn declare(&mut self, outcome: Outcome) {
        Table::declare(self, outcome);
    }
    fn play(&mut self, s: usize, text: &str) -> Result<(), Refusal> {
        Table::play(self, seat(s), text).map(|_| ())
    }
    fn claim(&mut self, s: usize) -> Result<(), Refusal> {
        Table::claim(self, seat(s))
    }
    fn resign(&mut self, s: usize) -> Result<(), Refusal> {
        Table::resign(self, seat(s))
    }
    fn flag(&mut self, s: usize) -> Result<(), Refusal> {
        Table::flag(self, seat(s))
    }
    fn time_up(&self, s: usize) -> Message {
        Table::time_up(self, seat(s))
    }
    fn offer_draw(&mut self, s: usize) -> Result<DrawAnswer, Refusal> {
        Table::offer_draw(self, seat(s))
    }
    fn answer_draw(&mut self, s: usize, accept: bool) -> Result<(), Refusal> {
        Table::answer_draw(self, seat(s), accept)
    }
    fn undo(&mut self, s: usize) -> Result<usize, Refusal> {
        Table::undo(self, seat(s))
    }
    fn computer_claims(&self) -> bool {
        Table::computer_claims(self)
    }
    fn legal(&self) -> Vec<LegalMove> {
        Table::legal(self)
    }
    fn snapshot(&self, ply: usize) -> (String, Value) {
        let pos = &self.history.positions()[ply.min(self.moves.len())];
        (pos.position_string(), pos.view())
    }
    fn mover_at(&self, ply: usize) -> usize {
        self.history.positions()[ply].side_to_move().index()
    }
    fn analyse(&self, think: std::time::Duration, reach: u64) -> crate::analysis::Analysis {
        crate::analysis::analyse(&self.history, think, reach)
    }
    fn played_values(&self) -> Vec<Option<(crate::analysis::Exact, crate::analysis::Exact)>> {
        crate::analysis::played_values(&self.history)
    }
    fn computer(&self, spec: &str, seed: u64) -> Result<Box<dyn Computer>, String> {
        Ok(Box::new(ComputerOf(
            parse_spec::<G>(spec, seed).map_err(|m| m.to_string())?,
        )))
    }
}

fn seat(s: usize) -> Player {
    Player::ALL[s & 1]
}

/// Opens a table of the game named `game`: its variant from `variant`
/// (default when `None` or blank), from `position` (a position string) or
/// the start with `first` to move.
///
/// # Errors
/// An unknown game, or a variant or position it cannot read.
pub fn open(
    game: &str,
    variant: Option<&str>,
    position: Option<&str>,
    first: Player,
    seats: [Seat; 2],
) -> Result<Box<dyn GameTable>, String> {
    open_or_why(game, variant, position, first, seats).map_err(|m| m.to_string())
}

/// As [`open`], the error as a message of `locales/*/games.ftl`.
///
/// # Errors
/// An unknown game, or a variant or position it cannot read.
pub fn open_or_why(
    game: &str,
    variant: Option<&str>,
    position: Option<&str>,
    first: Player,
    seats: [Seat; 2],
) -> Result<Box<dyn GameTable>, Message> {
    fn make<G: Play + Describe>(
        variant: Option<&str>,
        position: Option<&str>,
        first: Player,
        seats: [Seat; 2],
    ) -> Result<Box<dyn GameTable>, Message> {
        let variant = match variant.map(str::trim).filter(|v| !v.is_empty()) {
            None => G::Variant::default(),
            Some(v) => v.parse::<G::Variant>().map_err(|e| {
                Message::of(id!("table-bad-variant"))
                    .words(
                        "game",
                        &[("en", G::INFO.title.en), ("es", G::INFO.title.es)],
                    )
                    .text("variant", format!("{v:?}"))
                    .msg("error", e.message())
            })?,
        };
        let start = match position {
            None => G::start_with(&variant, first),
            Some(p) => G::parse_position(&variant, p)
                .map_err(|e| Message::of(id!("table-bad-position")).msg("error", e.message()))?,
        };
        Ok(Box::new(Table::new(start, seats)))
    }
    tablero_games::with_game!(game, G => make::<G>(variant, position, first, seats), else {
        let names: Vec<&str> = tablero_games::GAMES.iter().map(|g| g.name).collect();
        Err(Message::of(id!("table-unknown-game"))
        .text("game", format!("{game:?}"))
        .text("games", names.join(", ")))
    })
}
