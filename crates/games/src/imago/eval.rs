//! Imago's heuristic for search: how far each side's pieces are from their
//! goal cells, walls included (other pieces ignored).

use super::board::Cell;
use super::{Imago, Move};
use tablero_core::{Evaluate, Game, Player};

impl Imago {
    fn goal_distance(&self, player: Player, cell: Cell) -> i32 {
        i32::from(
            self.layout()
                .goal_distance(player == Player::P1, cell)
                .min(30),
        )
    }

    fn race(&self, player: Player) -> (i32, i32) {
        let [a, b] = self.cells(player);
        let (da, db) = (self.goal_distance(player, a), self.goal_distance(player, b));
        (da.min(db), da + db)
    }
}

impl Evaluate for Imago {
    /// The race to the goals: the nearest piece of each side counts most,
    /// the other piece a little.
    fn evaluate(&self) -> i32 {
        let me = self.side_to_move();
        let (my_best, my_sum) = self.race(me);
        let (their_best, their_sum) = self.race(me.other());
        100 * (their_best - my_best) + 10 * (their_sum - my_sum)
    }

    /// Steps towards the mover's goals first.
    fn move_hint(&self, mv: Move) -> i32 {
        match mv {
            Move::Step { from, to, .. } => {
                let me = self.side_to_move();
                self.goal_distance(me, from) - self.goal_distance(me, to)
            }
            Move::Pass => 0,
        }
    }
}
