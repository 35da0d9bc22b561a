//! The 8x8 draughts heuristic for search: material (men 100, kings 300)
//! and how far the men have advanced.

use super::{Draughts, Move};
use tablero_core::{Evaluate, Game, Player};

/// Rows advanced by the men of `p` in bitboard `men` (square = row·8 + col).
fn advance(men: u64, p: Player) -> i32 {
    let mut total = 0;
    let mut bits = men;
    while bits != 0 {
        let row = (bits.trailing_zeros() / 8) as i32;
        total += if p == Player::P1 { row } else { 7 - row };
        bits &= bits - 1;
    }
    total
}

impl Draughts {
    fn material(&self, p: Player) -> i32 {
        100 * self.men(p).count_ones() as i32
            + 300 * self.kings(p).count_ones() as i32
            + 3 * advance(self.men(p), p)
    }
}

impl Evaluate for Draughts {
    fn evaluate(&self) -> i32 {
        let me = self.side_to_move();
        self.material(me) - self.material(me.other())
    }

    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    fn move_hint(&self, mv: Move) -> i32 {
        mv.captured.count_ones() as i32 * 4 + i32::from(mv.promote) * 2
    }
}
