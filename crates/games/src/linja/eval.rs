//! Linja's heuristic for search: the points as the board stands, and how
//! far each side's pieces have come.

use super::Linja;
use tablero_core::{Evaluate, Game, Player};

impl Linja {
    /// Rows advanced by all of `player`'s pieces.
    fn progress(&self, player: Player) -> i32 {
        self.rows(player)
            .iter()
            .enumerate()
            .map(|(row, &n)| {
                let ahead = if player == Player::P1 { row } else { 7 - row };
                ahead as i32 * i32::from(n)
            })
            .sum()
    }
}

impl Evaluate for Linja {
    fn evaluate(&self) -> i32 {
        let me = self.side_to_move();
        100 * self.score_diff() + 10 * (self.progress(me) - self.progress(me.other()))
    }
}
