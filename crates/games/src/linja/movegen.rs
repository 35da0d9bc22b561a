//! Linja's move generation and the effect of a move.
//!
//! Everything here works in progress coordinates (rows counted from the
//! mover's own start line), so one code path serves both sides.

use super::board::{Pieces, Row, GOAL, ROW_LIMIT};
use super::{Linja, Move, Step};
use tablero_core::Player;

/// Pieces of both sides at progress `p` of the side owning `own`.
#[inline]
fn total(own: Pieces, opp: Pieces, p: usize) -> u32 {
    own.at(p) + opp.at(GOAL - p)
}

/// Whether the sides have passed each other (symmetric in the two sides).
#[inline]
fn passed(own: Pieces, opp: Pieces) -> bool {
    own.rearmost() + opp.rearmost() > GOAL
}

#[inline]
fn step(me: Player, from: usize, to: usize) -> Step {
    Step {
        from: Row::from_progress(me, from),
        to: Row::from_progress(me, to),
    }
}

/// The length of the following move after a first move onto progress `t`
/// that held `before` pieces: special case 1 (the goal line: exactly 1),
/// else the count, 0 meaning none (special case 2).
#[inline]
fn following_length(t: usize, before: u32) -> usize {
    if t == GOAL {
        1
    } else {
        before as usize
    }
}

/// Calls `emit` with every whole turn of the side owning `own` (each after
/// the steps of `prefix`) and that side's pieces after it. `extra`: whether
/// special case 3 can still give an extra turn. Returns whether any first
/// move exists.
fn turns<F: FnMut(Move, Pieces)>(
    own: Pieces,
    opp: Pieces,
    me: Player,
    extra: bool,
    prefix: Move,
    emit: &mut F,
) -> bool {
    let mut any = false;
    for f in 0..GOAL {
        if own.at(f) == 0 {
            continue;
        }
        let t = f + 1;
        let before = total(own, opp, t);
        if t < GOAL && before >= ROW_LIMIT {
            continue;
        }
        any = true;
        let mut own1 = own;
        own1.shift(f, t);
        let mut m1 = prefix;
        m1.push(step(me, f, t));
        let n = following_length(t, before);
        if n == 0 || passed(own1, opp) {
            emit(m1, own1);
            continue;
        }
        let mut found = false;
        for g in 0..GOAL {
            if own1.at(g) == 0 {
                continue;
            }
            let u = (g + n).min(GOAL);
            let landing = total(own1, opp, u);
            if u < GOAL && landing >= ROW_LIMIT {
                continue;
            }
            found = true;
            let mut own2 = own1;
            own2.shift(g, u);
            let mut m2 = m1;
            m2.push(step(me, g, u));
            if extra && u < GOAL && landing == 0 && !passed(own2, opp) {
                // Special case 3: one more whole turn; without a first move
                // it is lost and the turn ends here.
                if !turns(own2, opp, me, false, m2, emit) {
                    emit(m2, own2);
                }
            } else {
                emit(m2, own2);
            }
        }
        if !found {
            emit(m1, own1);
        }
    }
    any
}

impl Linja {
    pub(super) fn generate(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.has_passed() {
            return;
        }
        let me = self.side;
        let own = self.pieces[me.index()];
        let opp = self.pieces[me.other().index()];
        if !turns(
            own,
            opp,
            me,
            self.rules.extra_turn(),
            Move::PASS,
            &mut |m, _| {
                out.push(m);
            },
        ) {
            out.push(Move::PASS);
        }
    }

    /// Writes into `out` (cleared first) the position after each legal
    /// move, in the order of [`tablero_core::Game::legal_moves`]: the same
    /// as playing each move, only faster. Positions repeat where several
    /// moves lead to the same one (the pieces of a row are alike).
    pub fn children(&self, out: &mut Vec<Linja>) {
        out.clear();
        if self.has_passed() {
            return;
        }
        let me = self.side;
        let own = self.pieces[me.index()];
        let opp = self.pieces[me.other().index()];
        let mut next = *self;
        next.side = me.other();
        next.passes = 0;
        let any = turns(
            own,
            opp,
            me,
            self.rules.extra_turn(),
            Move::PASS,
            &mut |_, p| {
                next.pieces[me.index()] = p;
                out.push(next);
            },
        );
        if !any {
            next.passes = (self.passes + 1).min(2);
            out.push(next);
        }
    }

    pub(super) fn apply(&mut self, mv: Move) {
        let me = self.side;
        if mv.is_pass() {
            self.passes = (self.passes + 1).min(2);
        } else {
            let own = &mut self.pieces[me.index()];
            for s in mv.steps() {
                own.shift(s.from.progress(me), s.to.progress(me));
            }
            self.passes = 0;
        }
        self.side = me.other();
    }

    /// Why a well-formed move is not legal here, for error messages.
    pub(super) fn why_illegal(&self, mv: Move) -> tablero_core::Message {
        let me = self.side;
        let colour = Linja::colour(me);
        let mut own = self.pieces[me.index()];
        let opp = self.pieces[me.other().index()];
        if mv.is_pass() {
            return msg!("linja-pass-not-legal");
        }
        let steps = mv.steps();
        let mut i = 0;
        let mut extra = self.rules.extra_turn();
        loop {
            // A first move.
            let s = steps[i];
            let (f, t) = (s.from.progress(me), s.to.progress(me));
            if own.at(f) == 0 {
                return msg!("linja-no-piece", colour = colour, row = s.from);
            }
            if f >= GOAL || t != f + 1 {
                return if i == 0 {
                    msg!(
                        "linja-first-forward",
                        from = s.from,
                        to = Row::from_progress(me, (f + 1).min(GOAL))
                    )
                } else {
                    msg!(
                        "linja-extra-first-forward",
                        from = s.from,
                        to = Row::from_progress(me, (f + 1).min(GOAL))
                    )
                };
            }
            let before = total(own, opp, t);
            if t < GOAL && before >= ROW_LIMIT {
                return msg!("linja-row-full", row = s.to);
            }
            own.shift(f, t);
            let n = following_length(t, before);
            i += 1;
            let following_exists = n > 0
                && !passed(own, opp)
                && (0..GOAL).any(|g| {
                    let u = (g + n).min(GOAL);
                    own.at(g) > 0 && (u == GOAL || total(own, opp, u) < ROW_LIMIT)
                });
            if i == steps.len() {
                return if following_exists {
                    msg!("linja-following-compulsory", n = n)
                } else {
                    tablero_core::Message::default()
                };
            }
            if !following_exists {
                return if passed(own, opp) {
                    msg!("linja-passed-over", from = s.from, to = s.to)
                } else if n == 0 {
                    msg!("linja-empty-no-following", row = s.to)
                } else {
                    msg!("linja-no-following")
                };
            }
            // The following move.
            let s2 = steps[i];
            let (g, u) = (s2.from.progress(me), s2.to.progress(me));
            if own.at(g) == 0 {
                return msg!("linja-no-piece-following", colour = colour, row = s2.from);
            }
            let expect = (g + n).min(GOAL);
            if g >= GOAL || u != expect {
                return msg!(
                    "linja-following-distance",
                    n = n,
                    from = s2.from,
                    to = Row::from_progress(me, expect)
                );
            }
            let landing = total(own, opp, u);
            if u < GOAL && landing >= ROW_LIMIT {
                return msg!("linja-row-full", row = s2.to);
            }
            own.shift(g, u);
            i += 1;
            let earned = extra && u < GOAL && landing == 0 && !passed(own, opp);
            if i == steps.len() {
                let can_first = (0..GOAL).any(|f| {
                    own.at(f) > 0 && (f + 1 == GOAL || total(own, opp, f + 1) < ROW_LIMIT)
                });
                return if earned && can_first {
                    msg!("linja-extra-turn-follows", row = s2.to)
                } else {
                    tablero_core::Message::default()
                };
            }
            if !earned {
                return if !self.rules.extra_turn() {
                    msg!("linja-seed-no-extra")
                } else if !extra {
                    msg!("linja-one-extra")
                } else {
                    msg!("linja-no-extra", row = s2.to)
                };
            }
            extra = false;
        }
    }
}
