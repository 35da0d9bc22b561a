//! The two players and per-player data.

use std::fmt;
use std::ops::{Index, IndexMut};

/// One of the two players. Player one moves first unless a game's setup says
/// otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Player one (Imago Red, Jarmo Dark, Linja Red, Super Dimensiones South).
    P1,
    /// Player two.
    P2,
}

impl Player {
    /// Both players, player one first.
    pub const ALL: [Player; 2] = [Player::P1, Player::P2];

    /// The other player.
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::P1 => Player::P2,
            Player::P2 => Player::P1,
        }
    }

    /// 0 for player one, 1 for player two.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The player with that index (0 or 1), if any.
    #[must_use]
    pub const fn try_from_index(i: usize) -> Option<Player> {
        match i {
            0 => Some(Player::P1),
            1 => Some(Player::P2),
            _ => None,
        }
    }

    /// The short machine name: `"p1"` or `"p2"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Player::P1 => "p1",
            Player::P2 => "p2",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "p1" | "1" => Ok(Player::P1),
            "p2" | "2" => Ok(Player::P2),
            _ => Err(format!("unknown player {s:?} (expected p1 or p2)")),
        }
    }
}

/// A value for each player, indexed by [`Player`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByPlayer<T>(pub [T; 2]);

impl<T> ByPlayer<T> {
    /// Builds from player one's and player two's values.
    pub const fn new(p1: T, p2: T) -> Self {
        ByPlayer([p1, p2])
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    fn index(&self, p: Player) -> &T {
        &self.0[p.index()]
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, p: Player) -> &mut T {
        &mut self.0[p.index()]
    }
}
