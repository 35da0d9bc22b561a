//! Super Dimensiones' heuristic for search: sub-games already decided, and
//! in each open sub-game the value balance of the two facing armies (men 1,
//! kings 2), which the mover wants high in Conquer and low in Distract.

use super::board::{Army, Strategy};
use super::{Dimensiones, SubGame};
use crate::draughts::Move;
use std::sync::OnceLock;
use tablero_core::{Evaluate, Game, Player};

#[derive(Clone, Copy, Debug)]
struct Params {
    man: i32,
    king: i32,
    adv: i32,
    won: i32,
    dman: i32,
    dking: i32,
    sat: i32,
}

fn params() -> Params {
    static P: OnceLock<Params> = OnceLock::new();
    *P.get_or_init(|| {
        let v: Vec<i32> = std::env::var("TABLERO_DIM_EVAL")
            .ok()
            .map(|s| s.split(',').filter_map(|x| x.trim().parse().ok()).collect())
            .unwrap_or_default();
        let g = |i: usize, d: i32| v.get(i).copied().unwrap_or(d);
        Params {
            man: g(0, 100),
            king: g(1, 200),
            adv: g(2, 0),
            won: g(3, 1000),
            dman: g(4, 100),
            dking: g(5, 200),
            sat: g(6, 0),
        }
    })
}

/// Rows advanced by the men in `men` (rows 0–5, square = row·8 + col).
fn advance(men: u64, north: bool) -> i32 {
    let mut total = 0;
    let mut bits = men;
    while bits != 0 {
        let row = (bits.trailing_zeros() / 8) as i32;
        total += if north { row } else { 5 - row };
        bits &= bits - 1;
    }
    total
}

impl Dimensiones {
    fn army_score(&self, a: Army, p: &Params) -> i32 {
        let men = self.men(a);
        let kings = self.kings(a);
        if self.variant().strategy == Strategy::Conquer {
            p.man * men.count_ones() as i32
                + p.king * kings.count_ones() as i32
                + p.adv * advance(men, a.north())
        } else {
            -(p.dman * men.count_ones() as i32 + p.dking * kings.count_ones() as i32)
        }
    }
}

impl Evaluate for Dimensiones {
    fn evaluate(&self) -> i32 {
        let p = params();
        let me = self.side_to_move();
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
                SubGame::Won(w) if w == me => p.won,
                SubGame::Won(_) => -p.won,
                SubGame::Drawn => 0,
                SubGame::Open => {
                    let x = self.army_score(mine, &p) - self.army_score(theirs, &p);
                    if p.sat > 0 {
                        p.won * x / (x.abs() + p.sat)
                    } else {
                        x
                    }
                }
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
