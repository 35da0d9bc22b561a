//! Jarmo's heuristic for search: points as the game stands, how far the
//! archers still have to go, marks that can bring archers back, returns
//! owed.

use super::board::{Orientation, Point, NEIGHBOURS};
use super::{Jarmo, Move};
use std::sync::OnceLock;
use tablero_core::{Evaluate, Game, Player};

/// Steps along the lines from each point to the nearest point of `target`.
fn distances(target: u32) -> [u8; 25] {
    let mut dist = [u8::MAX; 25];
    let mut frontier = target;
    let mut reached = target;
    let mut d = 0;
    while frontier != 0 {
        for p in Point::iter_bits(frontier) {
            dist[p.index()] = d;
        }
        let mut next = 0;
        for p in Point::iter_bits(frontier) {
            next |= NEIGHBOURS[p.index()];
        }
        frontier = next & !reached;
        reached |= next;
        d += 1;
    }
    dist
}

/// Distances to the target row, by orientation and player.
fn table() -> &'static [[[u8; 25]; 2]; 2] {
    static TABLE: OnceLock<[[[u8; 25]; 2]; 2]> = OnceLock::new();
    TABLE.get_or_init(|| {
        Orientation::ALL.map(|o| {
            [
                distances(o.target(Player::P1)),
                distances(o.target(Player::P2)),
            ]
        })
    })
}

impl Jarmo {
    fn side_value(&self, player: Player) -> i32 {
        let dist = &table()[self.orientation() as usize][player.index()];
        let own = self.archers(player);
        let mut value = 100 * self.points(player) as i32;
        for p in Point::iter_bits(own & !self.orientation().target(player)) {
            value -= 12 * i32::from(dist[p.index()]);
        }
        let can_return = i32::from(self.lost(player)) > i32::from(self.owed(player));
        if can_return {
            value += 25 * (own & self.marked()).count_ones() as i32;
        }
        value + 90 * i32::from(self.owed(player))
    }
}

impl Evaluate for Jarmo {
    fn evaluate(&self) -> i32 {
        let me = self.side_to_move();
        self.side_value(me) - self.side_value(me.other())
    }

    fn is_noisy(&self, mv: Move) -> bool {
        matches!(mv, Move::Step { capture: true, .. })
    }

    /// Captures first, then steps towards the enemy's first row.
    fn move_hint(&self, mv: Move) -> i32 {
        match mv {
            Move::Step {
                from,
                to,
                capture,
                ret,
            } => {
                let dist = &table()[self.orientation() as usize][self.side_to_move().index()];
                10 * i32::from(capture) + i32::from(ret.is_some()) + i32::from(dist[from.index()])
                    - i32::from(dist[to.index()])
            }
            Move::Pass { .. } => 0,
        }
    }
}
