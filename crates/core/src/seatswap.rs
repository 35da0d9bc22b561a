//! A match of two games in which the two people swap seats (colour and side
//! of the board) for the second game and add up their points: Jarmo's rule
//! 11, usable for any game.

use crate::{Game, History, Outcome, Player, Points};
use std::fmt;

/// One of the two people of a match. `A` is player one in the first game.
///
/// ```
/// use tablero_core::{Person, Player};
/// assert_eq!(Person::A.seat(1), Player::P1);
/// assert_eq!(Person::A.seat(2), Player::P2);
/// assert_eq!(Person::in_seat(Player::P1, 2), Person::B);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Person {
    /// Player one in the first game, player two in the second.
    A,
    /// Player two in the first game, player one in the second.
    B,
}

impl Person {
    /// Both people, `A` first.
    pub const ALL: [Person; 2] = [Person::A, Person::B];

    /// The seat this person takes in game `game` (1 or 2).
    ///
    /// # Panics
    /// When `game` is not 1 or 2.
    #[must_use]
    pub fn seat(self, game: usize) -> Player {
        match (self, game) {
            (Person::A, 1) | (Person::B, 2) => Player::P1,
            (Person::B, 1) | (Person::A, 2) => Player::P2,
            _ => panic!("a match has games 1 and 2, not {game}"),
        }
    }

    /// The person in seat `player` in game `game` (1 or 2).
    ///
    /// # Panics
    /// When `game` is not 1 or 2.
    #[must_use]
    pub fn in_seat(player: Player, game: usize) -> Person {
        Person::ALL
            .into_iter()
            .find(|&p| p.seat(game) == player)
            .expect("each seat has a person")
    }

    /// 0 for `A`, 1 for `B`.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Person {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Person::A => "A",
            Person::B => "B",
        })
    }
}

/// Two games of one variant: in the second the people swap seats, so the
/// person who moved first moves second; each person's points from both games
/// add up, and more points wins the match.
///
/// The same seat moves first in both games (the `first` given), so the
/// person who moved first in the first game moves second in the second.
///
#[derive(Clone, Debug)]
pub struct SeatSwapMatch<G: Game> {
    variant: G::Variant,
    first: Player,
    games: Vec<History<G>>,
}

impl<G: Game> SeatSwapMatch<G> {
    /// A match on `variant`; `first` is the seat that moves first in both
    /// games. The first game starts at once.
    #[must_use]
    pub fn new(variant: G::Variant, first: Player) -> Self {
        let start = G::start_with(&variant, first);
        SeatSwapMatch {
            variant,
            first,
            games: vec![History::new(start)],
        }
    }

    /// The variant both games are played on.
    #[must_use]
    pub fn variant(&self) -> &G::Variant {
        &self.variant
    }

    /// The number of the game in progress or last played: 1 or 2.
    #[must_use]
    pub fn game_number(&self) -> usize {
        self.games.len()
    }

    /// The game in progress (or the last one, once the match is over).
    #[must_use]
    pub fn current(&self) -> &History<G> {
        self.games.last().expect("a match has a game")
    }

    /// The game in progress, to play moves on.
    pub fn current_mut(&mut self) -> &mut History<G> {
        self.games.last_mut().expect("a match has a game")
    }

    /// The games so far, the first first.
    #[must_use]
    pub fn games(&self) -> &[History<G>] {
        &self.games
    }

    /// Starts the second game once the first is over. Returns whether it
    /// started (false while the first game goes on, or after the second).
    pub fn next_game(&mut self) -> bool {
        if self.games.len() == 1 && self.current().is_over() {
            let start = G::start_with(&self.variant, self.first);
            self.games.push(History::new(start));
            true
        } else {
            false
        }
    }

    /// Each finished game's outcome, by game.
    #[must_use]
    pub fn outcomes(&self) -> Vec<Option<Outcome>> {
        self.games.iter().map(History::outcome).collect()
    }

    /// A person's points in game `game` (1 or 2), if that game is over.
    #[must_use]
    pub fn game_points(&self, person: Person, game: usize) -> Option<Points> {
        let o = self.games.get(game.checked_sub(1)?)?.outcome()?;
        Some(o.score[person.seat(game).index()])
    }

    /// Each person's points over the finished games, `A` first.
    #[must_use]
    pub fn points(&self) -> [Points; 2] {
        let mut out = [Points::ZERO; 2];
        for person in Person::ALL {
            for game in 1..=self.games.len() {
                out[person.index()] += self.game_points(person, game).unwrap_or_default();
            }
        }
        out
    }

    /// Whether both games are over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.games.len() == 2 && self.current().is_over()
    }

    /// The match result once both games are over: `Some(Some(person))` for
    /// the person with more points, `Some(None)` for equal points.
    #[must_use]
    pub fn winner(&self) -> Option<Option<Person>> {
        if !self.is_over() {
            return None;
        }
        let [a, b] = self.points();
        Some(if a > b {
            Some(Person::A)
        } else if b > a {
            Some(Person::B)
        } else {
            None
        })
    }
}
