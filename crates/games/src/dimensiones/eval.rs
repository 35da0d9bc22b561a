//! Super Dimensiones' heuristic for search: sub-games already decided, and
//! in each open sub-game the value balance of the two facing armies (men 1,
//! kings 2), which the mover wants high in Conquer and low in Distract.

use super::board::{Army, Strategy};
use super::{Dimensiones, SubGame};
use crate::draughts::Move;
use tablero_core::{Evaluate, Game, Player};

impl Evaluate for Dimensiones {
    fn evaluate(&self) -> i32 {
        let me = self.side_to_move();
        let sign = if self.variant().strategy == Strategy::Conquer {
            1
        } else {
            -1
        };
        let mut score = 0;
        for (g, (mine, theirs)) in [(Army::Red, Army::Blue), (Army::Aqua, Army::Orange)]
            .into_iter()
            .enumerate()
        {
            let (mine, theirs) = if me == Player::P1 {
                (mine, theirs)
            } else {
                (theirs, mine)
            };
            score += match self.subgame(g) {
                SubGame::Won(p) if p == me => 1000,
                SubGame::Won(_) => -1000,
                SubGame::Drawn => 0,
                SubGame::Open => sign * 100 * (self.value(mine) as i32 - self.value(theirs) as i32),
            };
        }
        score
    }

    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    fn move_hint(&self, mv: Move) -> i32 {
        mv.captured.count_ones() as i32 * 4 + i32::from(mv.promote) * 2
    }
}
