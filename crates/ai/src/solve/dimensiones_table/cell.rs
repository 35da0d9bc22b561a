//! Solving one cell: the positions with the same men on the board, either
//! army to move, and the kings anywhere. Inside a cell only kings move, so
//! the move cap's clock runs; every move that leaves the cell (a capture or
//! a man's move) resets it and leads to a position solved before.
//!
//! The value of a position with `h` plies left before the cap comes from
//! two reachability games per cell, solved backwards with distances
//! (retrograde analysis): the side the cap does not favour (either side
//! when the cap gives a draw) tries to force a move out of the cell that
//! gives it at least a draw, or a win; the fewest plies it needs to force
//! it is the number of plies left from which it gets that value.

use super::index::{
    compact, kings_count, kings_index, kings_placements, turn_compact, Index, Slice,
};
use super::sub::{Sub, TableRules};
use super::value::{Steps, Wdl, CAP};
use tablero_games::draughts::{dir, Move, Rules, NEIGHBOURS_6, OFF};

/// No value (an exit's best, a terminal value).
const NONE: i8 = -2;
/// Not forced within the whole clock.
const NEVER: u8 = u8::MAX;
/// A defender whose moves out of the cell do not all give the attacker
/// what it wants: never forced.
const FREE: u8 = u8::MAX;

/// What solving needs to read: the index, the rules, and the entries of
/// the positions solved before.
pub(super) struct Ctx<'a> {
    pub(super) index: &'a Index,
    pub(super) rules: TableRules,
    pub(super) core: Rules,
    pub(super) data: &'a [u8],
}

/// One side of a cell: the men (compact) and the slice, seen from the
/// army to move.
#[derive(Clone, Copy, Debug)]
pub(super) struct Side {
    pub(super) slice: Slice,
    pub(super) slice_id: usize,
    pub(super) men: u32,
    pub(super) other_men: u32,
    /// The entry of the side's first position (kings index 0).
    pub(super) base: u64,
}

impl Side {
    /// Every placement of the kings, in index order.
    pub(super) fn placements(&self) -> Vec<(u32, u32)> {
        kings_placements(self.slice, self.men | self.other_men)
    }

    /// The position with the kings placed at `k`.
    pub(super) fn position(&self, k: (u32, u32)) -> Sub {
        Sub::from_compact(self.men, k.0, self.other_men, k.1)
    }

    fn kings_index(&self, p: &Sub) -> u64 {
        kings_index(
            self.slice,
            self.men | self.other_men,
            compact(p.kings),
            compact(p.other_kings),
        )
    }
}

/// A cell: side 0 (army A to move) and side 1 (the other army, B, to
/// move), each with every placement of the kings. When the two are the
/// same positions (the same material each side and the men placed
/// symmetrically) the cell is `symmetric` and side 1 is side 0 again.
#[derive(Clone, Copy, Debug)]
pub(super) struct Cell {
    pub(super) sides: [Side; 2],
    pub(super) symmetric: bool,
    pub(super) kings: u64,
}

impl Cell {
    /// The cell of men pair `men_index` of slice `slice_id`.
    pub(super) fn new(index: &Index, slice_id: usize, men_index: u64) -> Cell {
        let s = index.slices()[slice_id];
        let (m1, m2) = index.men_pair(u32::from(s.men), u32::from(s.other_men), men_index);
        let s2 = s.swapped();
        let id2 = index
            .slice_id(s2)
            .expect("the swapped slice is in the index");
        let (n1, n2) = (turn_compact(m2), turn_compact(m1));
        let j = index.men_index(n1, n2);
        let kings = kings_count(s);
        let side = |slice, slice_id, men, other_men, mi: u64| Side {
            slice,
            slice_id,
            men,
            other_men,
            base: index.offset(slice_id) + mi * kings,
        };
        Cell {
            sides: [
                side(s, slice_id, m1, m2, men_index),
                side(s2, id2, n1, n2, j),
            ],
            symmetric: id2 == slice_id && j == men_index,
            kings,
        }
    }

    /// Positions to solve: both sides, or one when symmetric.
    pub(super) fn len(&self) -> u64 {
        if self.symmetric {
            self.kings
        } else {
            2 * self.kings
        }
    }
}

/// What is known of each position of a cell before the games.
struct Info {
    /// The best value (for the mover) of a move out of the cell.
    best_exit: Vec<i8>,
    /// Kings' moves inside the cell.
    king_moves: Vec<u8>,
    /// The value of a position where the game is over.
    over: Vec<i8>,
}

impl Info {
    #[inline]
    fn at(&self, cell: &Cell, t: usize, i: u64) -> usize {
        if cell.symmetric {
            i as usize
        } else {
            t * cell.kings as usize + i as usize
        }
    }
}

/// A solved cell: each side's entries (side 1 empty when symmetric), and
/// the positions whose value changes twice with the draw's start, by
/// slice and place in the slice.
pub(super) struct Solved {
    pub(super) entries: [Vec<u8>; 2],
    pub(super) bands: Vec<(usize, u64, u8)>,
}

impl Ctx<'_> {
    /// The value for the mover of the position after the move out of the
    /// cell `mv` (a capture or a man's move) from `p`: read from the
    /// entries, with the whole clock ahead.
    #[inline]
    pub(super) fn exit_value(&self, p: &Sub, mv: &Move) -> i8 {
        let q = p.after(mv);
        if q.men | q.kings == 0 {
            // The other army has no piece left.
            return -self.rules.blocked();
        }
        let (m1, k1, m2, k2) = q.compact();
        let e = self
            .index
            .entry(m1, k1, m2, k2)
            .expect("a move never adds pieces");
        let cap = Wdl::of_sign(self.rules.by_value(q.slice()));
        -Steps::full_of(self.data[e as usize], cap).sign()
    }

    fn info(&self, cell: &Cell, placements: &[Vec<(u32, u32)>; 2]) -> Info {
        let n = cell.len() as usize;
        let mut info = Info {
            best_exit: vec![NONE; n],
            king_moves: vec![0; n],
            over: vec![NONE; n],
        };
        let mut moves = Vec::new();
        let sides = if cell.symmetric { 1 } else { 2 };
        for (t, (side, placed)) in cell.sides.iter().zip(placements).enumerate().take(sides) {
            for (i, &k) in placed.iter().enumerate() {
                let p = side.position(k);
                let at = info.at(cell, t, i as u64);
                p.moves(self.rules.tactics, &self.core, &mut moves);
                if moves.is_empty() {
                    info.over[at] = self.rules.blocked();
                    continue;
                }
                let mut best = NONE;
                let mut kings = 0u8;
                for mv in &moves {
                    if p.zeroing(mv) {
                        best = best.max(self.exit_value(&p, mv));
                    } else {
                        kings += 1;
                    }
                }
                info.best_exit[at] = best;
                info.king_moves[at] = kings;
            }
        }
        info
    }

    /// The positions of side `1 - t` from which a king's move inside the
    /// cell leads to position `i` of side `t`, as places in the game's
    /// arrays (`t' * kings + i'`).
    fn predecessors(&self, cell: &Cell, t: usize, q: &Sub, out: &mut Vec<u32>) {
        out.clear();
        let f = q.flipped();
        let occ = f.occupied();
        let other = &cell.sides[1 - t];
        let flying = self.core.flying_kings;
        let mut ks = f.kings;
        while ks != 0 {
            let sq = ks.trailing_zeros() as usize;
            ks &= ks - 1;
            for d in [dir::NE, dir::SE, dir::SW, dir::NW] {
                let mut s = NEIGHBOURS_6[d as usize][sq];
                while s != OFF && occ & (1u64 << s) == 0 {
                    let mut p = f;
                    p.kings = (p.kings & !(1u64 << sq)) | (1u64 << s);
                    let j = other.kings_index(&p);
                    out.push(((1 - t) as u64 * cell.kings + j) as u32);
                    if !flying {
                        break;
                    }
                    s = NEIGHBOURS_6[d as usize][s as usize];
                }
            }
        }
    }

    /// The reachability game in which the mover of side `att` forces a
    /// value of at least `want` (its view): for every position of both
    /// sides (`t * kings + i`), the fewest plies left with which it is
    /// forced (0: the game is over with it), or [`NEVER`] within the
    /// clock.
    fn game(
        &self,
        cell: &Cell,
        placements: &[Vec<(u32, u32)>; 2],
        info: &Info,
        att: usize,
        want: i8,
    ) -> Vec<u8> {
        let kn = cell.kings as usize;
        let mut dist = vec![NEVER; 2 * kn];
        let mut left = vec![0u8; 2 * kn];
        let mut level: Vec<u32> = Vec::new();
        let mut next: Vec<u32> = Vec::new();
        for t in 0..2 {
            let attacker = t == att;
            for i in 0..kn {
                let at = info.at(cell, t, i as u64);
                let g = t * kn + i;
                let over = info.over[at];
                if over != NONE {
                    let v = if attacker { over } else { -over };
                    if v >= want {
                        dist[g] = 0;
                        level.push(g as u32);
                    }
                    continue;
                }
                let best = info.best_exit[at];
                if attacker {
                    if best != NONE && best >= want {
                        dist[g] = 1;
                        next.push(g as u32);
                    }
                } else if best != NONE && -best < want {
                    left[g] = FREE;
                } else if info.king_moves[at] == 0 {
                    dist[g] = 1;
                    next.push(g as u32);
                } else {
                    left[g] = info.king_moves[at];
                }
            }
        }
        let mut preds = Vec::new();
        for d in 0..CAP {
            for &g in &level {
                let (t, i) = (g as usize / kn, g as usize % kn);
                let q = cell.sides[t].position(placements[t][i]);
                self.predecessors(cell, t, &q, &mut preds);
                for &p in &preds {
                    let p = p as usize;
                    if dist[p] != NEVER {
                        continue;
                    }
                    // Where captures are compulsory and one is there, the
                    // king's move back to `g` is no move of `p`'s (nor is
                    // it one where the game is over).
                    if info.king_moves[info.at(cell, p / kn, (p % kn) as u64)] == 0 {
                        continue;
                    }
                    if p / kn == att {
                        dist[p] = d + 1;
                        next.push(p as u32);
                    } else if left[p] != FREE {
                        left[p] -= 1;
                        if left[p] == 0 {
                            dist[p] = d + 1;
                            next.push(p as u32);
                        }
                    }
                }
            }
            std::mem::swap(&mut level, &mut next);
            next.clear();
            if level.is_empty() {
                break;
            }
        }
        dist
    }

    /// Solves a cell: every position's steps, as entries.
    pub(super) fn solve(&self, cell: &Cell) -> Solved {
        let p0 = cell.sides[0].placements();
        let placements = if cell.symmetric {
            [p0.clone(), p0]
        } else {
            [p0, cell.sides[1].placements()]
        };
        let info = self.info(cell, &placements);
        let kn = cell.kings as usize;
        let cap0 = self.rules.by_value(cell.sides[0].slice);
        // The games, from side 0's view: (attacking side, value wanted).
        let (g1, g2) = match cap0 {
            0 => {
                let a = self.game(cell, &placements, &info, 0, 1);
                let b = if cell.symmetric {
                    // Side 1 is side 0 again: B's game is A's, sides
                    // swapped.
                    let mut b = vec![NEVER; 2 * kn];
                    b[..kn].copy_from_slice(&a[kn..]);
                    b[kn..].copy_from_slice(&a[..kn]);
                    b
                } else {
                    self.game(cell, &placements, &info, 1, 1)
                };
                (a, b)
            }
            -1 => (
                self.game(cell, &placements, &info, 0, 0),
                self.game(cell, &placements, &info, 0, 1),
            ),
            _ => (
                self.game(cell, &placements, &info, 1, 0),
                self.game(cell, &placements, &info, 1, 1),
            ),
        };
        let sides = if cell.symmetric { 1 } else { 2 };
        let mut out = Solved {
            entries: [Vec::new(), Vec::new()],
            bands: Vec::new(),
        };
        for t in 0..sides {
            let cap = Wdl::of_sign(if t == 0 { cap0 } else { -cap0 });
            let mut entries = Vec::with_capacity(kn);
            for i in 0..kn {
                let at = info.at(cell, t, i as u64);
                let over = info.over[at];
                let steps = if over != NONE {
                    Steps::constant(Wdl::of_sign(over), cap)
                } else {
                    let (x, y) = (g1[t * kn + i], g2[t * kn + i]);
                    let steps = thresholds(cap0, t, x, y);
                    #[cfg(debug_assertions)]
                    {
                        // The same, value by value.
                        let mut v = [Wdl::Draw; CAP as usize + 1];
                        for h in 1..=CAP {
                            let s0: i8 = match cap0 {
                                0 if h >= x => 1,
                                0 if h >= y => -1,
                                0 => 0,
                                -1 if h >= y => 1,
                                -1 if h >= x => 0,
                                -1 => -1,
                                _ if h >= y => -1,
                                _ if h >= x => 0,
                                _ => 1,
                            };
                            v[h as usize] = Wdl::of_sign(if t == 0 { s0 } else { -s0 });
                        }
                        debug_assert_eq!(Some(steps), Steps::of_values(&v, cap));
                    }
                    steps
                };
                let (byte, band) = steps.encode();
                if let Some(a) = band {
                    let side = &cell.sides[t];
                    let local = side.base - self.index.offset(side.slice_id) + i as u64;
                    out.bands.push((side.slice_id, local, a));
                }
                entries.push(byte);
            }
            out.entries[t] = entries;
        }
        out
    }
}

/// The steps of a position of side `t` of a cell whose side 0 the cap
/// gives `cap0` (-1, 0, 1), from the distances of the cell's two games:
/// with `cap0` 0, `x` side 0's forced win and `y` side 1's; otherwise `x`
/// the attacker's forced draw and `y` its forced win (the attacker being
/// the side the cap does not favour).
fn thresholds(cap0: i8, t: usize, x: u8, y: u8) -> Steps {
    let mover_cap = if t == 0 { cap0 } else { -cap0 };
    let cap = Wdl::of_sign(mover_cap);
    let at = |v: u8| v <= CAP;
    if cap0 == 0 {
        // x: side 0 wins from x plies left on; y: side 1 does.
        let (win, loss) = if t == 0 { (x, y) } else { (y, x) };
        return if at(win) {
            Steps {
                cap,
                full: Wdl::Win,
                from: win,
                draw_from: None,
            }
        } else if at(loss) {
            Steps {
                cap,
                full: Wdl::Loss,
                from: loss,
                draw_from: None,
            }
        } else {
            Steps::constant(Wdl::Draw, cap)
        };
    }
    // The attacker's own view: a loss below x, a draw from x, a win from y.
    let attacker = mover_cap < 0;
    let view = |v: Wdl| if attacker { v } else { v.flip() };
    if at(y) {
        Steps {
            cap,
            full: view(Wdl::Win),
            from: y,
            draw_from: (x < y).then_some(x),
        }
    } else if at(x) {
        Steps {
            cap,
            full: Wdl::Draw,
            from: x,
            draw_from: None,
        }
    } else {
        Steps::constant(cap, cap)
    }
}

/// Recomputes each position's value with every number of plies left from
/// its moves and the entries of the positions after them, and counts the
/// positions whose entry differs. `steps` reads an entry (with its draw's
/// start where it has one).
pub(super) fn check_side(
    ctx: &Ctx<'_>,
    cell: &Cell,
    steps: &dyn Fn(u64, Wdl) -> Option<Steps>,
) -> u64 {
    let (side, other) = (&cell.sides[0], &cell.sides[1]);
    let mut moves = Vec::new();
    let mut wrong = 0;
    // Plies left 1..=60.
    let hs = ((1u64 << (CAP + 1)) - 1) & !1;
    let cap_of = |s: Slice| Wdl::of_sign(ctx.rules.by_value(s));
    for (i, k) in side.placements().into_iter().enumerate() {
        let p = side.position(k);
        let cap = cap_of(p.slice());
        let Some(stored) = steps(side.base + i as u64, cap) else {
            wrong += 1;
            continue;
        };
        p.moves(ctx.rules.tactics, &ctx.core, &mut moves);
        let (win, loss) = if moves.is_empty() {
            Steps::constant(Wdl::of_sign(ctx.rules.blocked()), cap).masks()
        } else {
            // Win with h left: some move wins; loss: every move loses.
            let mut win = 0u64;
            let mut loss = hs;
            for mv in &moves {
                let q = p.after(mv);
                let (qw, ql) = if q.men | q.kings == 0 {
                    let v = Wdl::of_sign(ctx.rules.blocked());
                    Steps::constant(v, v).masks()
                } else if !p.zeroing(mv) {
                    // A king's move: the cell's other side.
                    let e = other.base + other.kings_index(&q);
                    match steps(e, cap_of(other.slice)) {
                        Some(s) => s.masks(),
                        None => {
                            wrong += 1;
                            (0, 0)
                        }
                    }
                } else {
                    let (m1, k1, m2, k2) = q.compact();
                    let e = ctx.index.entry(m1, k1, m2, k2).expect("in the index");
                    match steps(e, cap_of(q.slice())) {
                        Some(s) => s.masks(),
                        None => {
                            wrong += 1;
                            (0, 0)
                        }
                    }
                };
                if p.zeroing(mv) {
                    // The clock starts again: the whole clock ahead.
                    let full_win = qw >> CAP & 1 == 1;
                    let full_loss = ql >> CAP & 1 == 1;
                    if full_loss {
                        win |= hs;
                    }
                    if !full_win {
                        loss = 0;
                    }
                } else {
                    win |= (ql << 1) & hs;
                    loss &= (qw << 1) | !hs;
                }
            }
            let c = match cap {
                Wdl::Win => (1, 0),
                Wdl::Loss => (0, 1),
                Wdl::Draw => (0, 0),
            };
            (win | c.0, (loss & hs) | c.1)
        };
        if (win, loss) != stored.masks() {
            wrong += 1;
        }
    }
    wrong
}
