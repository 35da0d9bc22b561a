//! The rules of a Linja turn on a side's packed counts (nibbles by
//! progress, [`Pieces::bits`](tablero_games::linja::Pieces::bits)).
//!
//! This is a second move generator beside `tablero_games::linja`'s, kept
//! for speed: a build visits every position of the table (2.5e9 for the
//! whole game) and each of their turns, and here a turn is a few shifts
//! and adds on two `u32`s, with no position, move list or `Vec` made,
//! while the games crate's generator makes whole [`Linja`] positions and
//! their moves. The test `successors_are_the_children_of_the_move_generation`
//! checks that both give the same successors along random games of both
//! rule sets.
//!
//! [`Linja`]: tablero_games::linja::Linja

use super::Dist;
use tablero_games::linja::{GOAL, ROW_LIMIT};

/// Whether mover `own` and other side `opp` (full counts by progress)
/// respect the row limit.
pub(super) fn valid(own: &Dist, opp: &Dist) -> bool {
    (1..GOAL).all(|p| u32::from(own[p]) + u32::from(opp[GOAL - p]) <= ROW_LIMIT)
}

/// Whether the mover has a first move.
pub(super) fn can_move(own: &Dist, opp: &Dist) -> bool {
    (0..GOAL).any(|f| {
        own[f] > 0
            && (f + 1 == GOAL || u32::from(own[f + 1]) + u32::from(opp[GOAL - f - 1]) < ROW_LIMIT)
    })
}

/// Pieces of side `own` (nibbles by progress) at progress `p`.
#[inline]
pub(super) fn at(own: u32, p: usize) -> u32 {
    (own >> (4 * p)) & 0xF
}

/// Pieces of both sides at progress `p` of the side owning `own`.
#[inline]
pub(super) fn row_total(own: u32, opp: u32, p: usize) -> u32 {
    at(own, p) + at(opp, GOAL - p)
}

#[inline]
pub(super) fn shift(own: u32, from: usize, to: usize) -> u32 {
    own - (1 << (4 * from)) + (1 << (4 * to))
}

/// Whether the sides have passed each other.
#[inline]
pub(super) fn passed(own: u32, opp: u32) -> bool {
    (own.trailing_zeros() / 4 + opp.trailing_zeros() / 4) as usize > GOAL
}

/// Calls `first(x, n)` with the mover's pieces `x` after each first move
/// and the length `n` of the following move it gives: special case 1 (onto
/// the goal line: 1), else the pieces the row held, 0 meaning none (special
/// case 2, or the sides have passed each other). Returns whether a first
/// move exists.
pub(super) fn first_moves(own: u32, opp: u32, first: &mut impl FnMut(u32, usize)) -> bool {
    let mut any = false;
    for f in 0..GOAL {
        if at(own, f) == 0 {
            continue;
        }
        let t = f + 1;
        let before = row_total(own, opp, t);
        if t < GOAL && before >= ROW_LIMIT {
            continue;
        }
        any = true;
        let own1 = shift(own, f, t);
        let n = if passed(own1, opp) {
            0
        } else if t == GOAL {
            1
        } else {
            before as usize
        };
        first(own1, n);
    }
    any
}

/// Calls `visit(x, earned)` with the mover's pieces `x` after each
/// following move of `n` rows from `own`; `earned` (only with `extra`, the
/// publisher's rules) when it lands on an empty field row without ending
/// the game: special case 3, one more whole turn from `x`. Returns whether
/// a following move exists.
pub(super) fn following(
    own: u32,
    opp: u32,
    n: usize,
    extra: bool,
    visit: &mut impl FnMut(u32, bool),
) -> bool {
    let mut found = false;
    for g in 0..GOAL {
        if at(own, g) == 0 {
            continue;
        }
        let u = (g + n).min(GOAL);
        let landing = row_total(own, opp, u);
        if u < GOAL && landing >= ROW_LIMIT {
            continue;
        }
        found = true;
        let own2 = shift(own, g, u);
        visit(
            own2,
            extra && u < GOAL && landing == 0 && !passed(own2, opp),
        );
    }
    found
}

/// Calls `visit(x, earned)` with the mover's pieces `x` after each of its
/// turns (the rules of `tablero_games::linja`'s move generation, on
/// nibbles; a position may come more than once) and returns whether it has
/// a first move. With `earned` the turn goes on with one more whole turn
/// from `x`, without a further extra turn, or ends at `x` if that turn has
/// no first move.
pub(super) fn turns(own: u32, opp: u32, extra: bool, visit: &mut impl FnMut(u32, bool)) -> bool {
    first_moves(own, opp, &mut |own1, n| {
        if n == 0 || !following(own1, opp, n, extra, visit) {
            visit(own1, false);
        }
    })
}

pub(super) fn score(d: &Dist) -> i32 {
    5 * i32::from(d[7]) + 3 * i32::from(d[6]) + 2 * i32::from(d[5]) + i32::from(d[4])
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;
    use tablero_core::Game;
    use tablero_games::linja::{Linja, Rules};

    /// The successors on nibbles are the children of the games crate's
    /// move generation, as sets, along random games of both rule sets.
    #[test]
    fn successors_are_the_children_of_the_move_generation() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut checked = 0;
        for rules in [Rules::Publisher, Rules::Seed] {
            for _ in 0..60 {
                let mut pos = Linja::start(&rules);
                let mut children = Vec::new();
                while !pos.has_passed() && pos.passes() < 2 {
                    pos.children(&mut children);
                    let me = pos.side_to_move();
                    let own = pos.pieces(me).bits();
                    let opp = pos.pieces(me.other()).bits();
                    let mut out = Vec::new();
                    let any = turns(own, opp, rules.extra_turn(), &mut |x, earned| {
                        if !earned || !turns(x, opp, false, &mut |y, _| out.push(y)) {
                            out.push(x);
                        }
                    });
                    let mut want: Vec<u32> = children.iter().map(|c| c.pieces(me).bits()).collect();
                    want.sort_unstable();
                    want.dedup();
                    out.sort_unstable();
                    out.dedup();
                    if any {
                        assert_eq!(out, want, "{}", pos.position_string());
                    } else {
                        assert!(out.is_empty());
                        assert_eq!(children.len(), 1);
                        assert_eq!(children[0].passes(), pos.passes() + 1);
                    }
                    checked += 1;
                    pos = children[rng.gen_range(0..children.len())];
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
