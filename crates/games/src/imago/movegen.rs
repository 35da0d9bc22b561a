//! Imago's move generation and the effect of a move.

use super::board::{Cell, Dir, GOALS};
use super::{Imago, Move};
use tablero_core::{MoveBuf, Player};

impl Imago {
    /// Where `piece` ends when pushed in `dir` with `occupied` cells taken:
    /// one step if the cell exists, no wall is in the way, it is empty and
    /// not a goal cell; otherwise it stays.
    #[must_use]
    pub fn push_target(&self, piece: Cell, dir: Dir, occupied: u64) -> Cell {
        match self.layout().neighbour(piece, dir) {
            Some(t) if (occupied | GOALS) & t.bit() == 0 => t,
            _ => piece,
        }
    }

    pub(super) fn generate<B: MoveBuf<Move>>(&self, out: &mut B) {
        out.clear();
        if self.natural_outcome_bits() {
            return;
        }
        let me = self.side_to_move_raw();
        let own = self.pieces(me);
        let opp = self.pieces(me.other());
        let occupied = own | opp;
        let own_goals = Imago::goals_of(me);
        let foreign_goals = Imago::goals_of(me.other());
        let mut any = false;
        for from in Cell::iter_bits(own) {
            for dir in Dir::ALL {
                let Some(to) = self.layout().neighbour(from, dir) else {
                    continue;
                };
                let t = to.bit();
                if (occupied | foreign_goals) & t != 0 {
                    continue;
                }
                any = true;
                if own_goals & t != 0 {
                    out.push(Move::Step {
                        from,
                        to,
                        push: None,
                    });
                } else {
                    for p in Cell::iter_bits(opp) {
                        out.push(Move::Step {
                            from,
                            to,
                            push: Some(p),
                        });
                    }
                }
            }
        }
        if !any {
            out.push(Move::Pass);
        }
    }

    fn natural_outcome_bits(&self) -> bool {
        self.pieces(Player::P1) & Imago::goals_of(Player::P1) != 0
            || self.pieces(Player::P2) & Imago::goals_of(Player::P2) != 0
    }

    fn side_to_move_raw(&self) -> Player {
        tablero_core::Game::side_to_move(self)
    }

    pub(super) fn apply(&mut self, mv: Move) {
        let me = self.side;
        match mv {
            Move::Pass => {
                self.passes = (self.passes + 1).min(2);
            }
            Move::Step { from, to, push } => {
                self.passes = 0;
                let own = match me {
                    Player::P1 => &mut self.red,
                    Player::P2 => &mut self.blue,
                };
                *own = (*own & !from.bit()) | to.bit();
                if let Some(p) = push {
                    let dir = from.dir_to(to).expect("a step joins neighbours").opposite();
                    let occupied = self.red | self.blue;
                    let target = self.push_target(p, dir, occupied);
                    let opp = match me {
                        Player::P1 => &mut self.blue,
                        Player::P2 => &mut self.red,
                    };
                    *opp = (*opp & !p.bit()) | target.bit();
                }
            }
        }
        self.side = me.other();
    }

    /// Why a well-formed move is not legal here, for error messages.
    pub(super) fn why_illegal(&self, mv: Move) -> tablero_core::Message {
        let me = self.side;
        let Move::Step { from, to, push } = mv else {
            return msg!("imago-pass-not-legal");
        };
        if self.piece_at(from) != Some(me) {
            return msg!("imago-no-piece", colour = Imago::colour(me), cell = from);
        }
        let Some(dir) = from.dir_to(to) else {
            return msg!("imago-not-neighbours", from = from, to = to);
        };
        if self.layout().neighbour(from, dir).is_none() {
            return msg!("imago-wall-between", from = from, to = to);
        }
        if self.piece_at(to).is_some() {
            return msg!("imago-cell-taken", to = to);
        }
        if Imago::goals_of(me.other()) & to.bit() != 0 {
            return msg!("imago-foreign-goal-step", to = to);
        }
        if Imago::goals_of(me) & to.bit() != 0 {
            return msg!("imago-goal-step-alone", from = from, to = to);
        }
        match push {
            None => msg!("imago-name-push"),
            Some(p) if self.piece_at(p) != Some(me.other()) => {
                msg!(
                    "imago-no-piece",
                    colour = Imago::colour(me.other()),
                    cell = p
                )
            }
            Some(_) => tablero_core::Message::default(),
        }
    }
}
