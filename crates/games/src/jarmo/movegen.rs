//! Jarmo's move generation and the effect of a move.

use super::board::Point;
use super::{Jarmo, Move, Recent, QUIET_CAP};
use tablero_core::{Game, MoveBuf, Player};

impl Jarmo {
    /// The step the shuttle rule forbids to the side to move: after its own
    /// moves A→B, B→A, A→B, the move B→A.
    #[must_use]
    pub fn shuttle_ban(&self) -> Option<(Point, Point)> {
        match self.recent[self.side.index()] {
            [Recent::Step(a, b), Recent::Step(c, d), Recent::Step(e, f)]
                if (c, d) == (b, a) && (e, f) == (a, b) =>
            {
                Some((b, a))
            }
            _ => None,
        }
    }

    /// Returns owed to the side to move after its archer goes `from`→`to`
    /// (with `capture` when it takes the archer there).
    fn owed_after(&self, from: Point, to: Point, capture: bool) -> u8 {
        let me = self.side;
        let owed = self.owed[me.index()];
        let marked = capture || self.marked & from.bit() != 0;
        if marked && self.orientation.target(me) & to.bit() != 0 && self.lost(me) > owed {
            owed + 1
        } else {
            owed
        }
    }

    pub(super) fn generate<B: MoveBuf<Move>>(&self, out: &mut B) {
        out.clear();
        if self.is_done(Player::P1) || self.is_done(Player::P2) {
            return;
        }
        let me = self.side;
        let own = self.archers[me.index()];
        let opp = self.archers[me.other().index()];
        let home = self.orientation.home(me);
        let movable = own & !self.orientation.target(me);
        let ban = self.shuttle_ban();
        let mut any = false;
        for from in Point::iter_bits(movable) {
            for to in Point::iter_bits(from.neighbours() & !own) {
                if ban == Some((from, to)) {
                    continue;
                }
                any = true;
                let capture = opp & to.bit() != 0;
                let empty_home = if self.owed_after(from, to, capture) > 0 {
                    home & !((own ^ from.bit() ^ to.bit()) | (opp & !to.bit()))
                } else {
                    0
                };
                if empty_home == 0 {
                    out.push(Move::Step {
                        from,
                        to,
                        capture,
                        ret: None,
                    });
                }
                for r in Point::iter_bits(empty_home) {
                    out.push(Move::Step {
                        from,
                        to,
                        capture,
                        ret: Some(r),
                    });
                }
            }
        }
        if !any {
            let empty_home = if self.owed[me.index()] > 0 {
                home & !(own | opp)
            } else {
                0
            };
            if empty_home == 0 {
                out.push(Move::Pass { ret: None });
            }
            for r in Point::iter_bits(empty_home) {
                out.push(Move::Pass { ret: Some(r) });
            }
        }
    }

    pub(super) fn apply(&mut self, mv: Move) {
        let me = self.side;
        let i = me.index();
        let ret = match mv {
            Move::Step {
                from,
                to,
                capture,
                ret,
            } => {
                let owed = self.owed_after(from, to, capture);
                let was_marked = self.marked & from.bit() != 0;
                self.archers[i] ^= from.bit() | to.bit();
                self.marked &= !(from.bit() | to.bit());
                if was_marked || capture {
                    self.marked |= to.bit();
                }
                if capture {
                    self.archers[1 - i] &= !to.bit();
                    self.quiet = 0;
                } else {
                    self.quiet = (self.quiet + 1).min(QUIET_CAP);
                }
                self.owed[i] = owed;
                self.push_recent(me, Recent::Step(from, to));
                ret
            }
            Move::Pass { ret } => {
                self.quiet = (self.quiet + 1).min(QUIET_CAP);
                self.push_recent(me, Recent::Pass);
                ret
            }
        };
        if let Some(r) = ret {
            self.archers[i] |= r.bit();
            self.owed[i] -= 1;
        }
        self.side = me.other();
    }

    fn push_recent(&mut self, player: Player, r: Recent) {
        let rec = &mut self.recent[player.index()];
        *rec = [rec[1], rec[2], r];
    }

    /// Why a well-formed move is not legal here, for error messages.
    pub(super) fn why_illegal(&self, mv: Move) -> tablero_core::Message {
        let me = self.side;
        let mine = Jarmo::colour(me);
        let mut any = <Jarmo as Game>::MoveList::default();
        self.generate(&mut any);
        let has_step = any
            .as_slice()
            .iter()
            .any(|m| matches!(m, Move::Step { .. }));
        let (ret, step) = match mv {
            Move::Pass { ret } => {
                if has_step {
                    return msg!("jarmo-pass-not-legal");
                }
                (ret, None)
            }
            Move::Step {
                from,
                to,
                capture,
                ret,
            } => (ret, Some((from, to, capture))),
        };
        if let Some((from, to, capture)) = step {
            if self.archer_at(from) != Some(me) {
                return msg!("jarmo-no-archer", mine = mine, from = from);
            }
            if self.orientation.target(me) & from.bit() != 0 {
                return msg!("jarmo-archer-home", from = from);
            }
            match self.archer_at(to) {
                Some(p) if p == me => return msg!("jarmo-own-archer", to = to),
                Some(_) if !capture => return msg!("jarmo-write-capture", from = from, to = to),
                None if capture => return msg!("jarmo-write-step", from = from, to = to),
                _ => {}
            }
            if self.shuttle_ban() == Some((from, to)) {
                return msg!("jarmo-no-shuttling", from = from, to = to);
            }
        }
        let due = any.as_slice().iter().any(|m| match (m, step) {
            (Move::Step { from, to, ret, .. }, Some((f, t, _))) => {
                (*from, *to) == (f, t) && ret.is_some()
            }
            (Move::Pass { ret }, None) => ret.is_some(),
            _ => false,
        });
        match ret {
            None if due => {
                msg!("jarmo-return-due")
            }
            Some(_) if !due => msg!("jarmo-no-return-due"),
            Some(r) => {
                msg!("jarmo-bad-return", r = r)
            }
            None => tablero_core::Message::default(),
        }
    }
}
