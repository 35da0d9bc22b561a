//! The exact Imago solver: retrograde analysis over every placement of the
//! four pieces on the 36 grid cells, with either side to move.
//!
//! The two pieces of one colour are interchangeable, so a position is a pair
//! of two-cell sets plus the side to move: C(36,2) · C(34,2) · 2 = 706,860
//! positions. Positions with a piece on a goal cell are ends, not part of the
//! table. The analysis starts from the positions where the side to move can
//! step onto its goal (won in 1 ply) and walks the move graph backwards with
//! a counter of unresolved moves per position, as in endgame tablebase
//! generation. What is never resolved is a draw: neither side can force a
//! goal, so with the repetition and no-move rules the game is drawn.
//!
//! ```
//! use tablero_ai::solve::imago::{ImagoSolution, Value};
//! use tablero_core::{Game, Player};
//! use tablero_games::imago::{Imago, Layout};
//!
//! let sol = ImagoSolution::solve(&Layout::default());
//! assert_eq!(sol.stats().positions, 706_860);
//! let start = Imago::start(&Layout::default());
//! let v = sol.value(&start);
//! assert_eq!(v, sol.start_value(Player::P1));
//! ```

use std::fmt;
use tablero_core::{Game, Player};
use tablero_games::imago::{Cell, Dir, Imago, Layout, Move, BLUE_GOALS, RED_GOALS};

/// The solved value of a position for the side to move, with the number of
/// plies to the end under best play (the winner hurries, the loser delays).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in this many plies.
    Win(u16),
    /// The side to move loses in this many plies (0: it has lost already).
    Loss(u16),
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// `win`, `loss` or `draw`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Value::Win(_) => "win",
            Value::Loss(_) => "loss",
            Value::Draw => "draw",
        }
    }

    /// The value one ply earlier, for the player who made the move leading
    /// here.
    #[must_use]
    pub const fn back(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(d + 1),
            Value::Loss(d) => Value::Win(d + 1),
            Value::Draw => Value::Draw,
        }
    }

    /// An order for choosing moves: quicker wins first, then draws, then
    /// slower losses.
    #[must_use]
    pub const fn rank(self) -> i32 {
        match self {
            Value::Win(d) => 100_000 - d as i32,
            Value::Draw => 0,
            Value::Loss(d) => -100_000 + d as i32,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(d) => write!(f, "win in {d}"),
            Value::Loss(d) => write!(f, "loss in {d}"),
            Value::Draw => f.write_str("draw"),
        }
    }
}

/// Counts over the whole table, from the view of the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions in the table (706,860).
    pub positions: u64,
    /// Won for the side to move.
    pub wins: u64,
    /// Lost for the side to move.
    pub losses: u64,
    /// Drawn.
    pub draws: u64,
    /// The longest forced win, in plies.
    pub longest_win: u16,
}

const CELLS: usize = 36;
const PAIRS: usize = CELLS * (CELLS - 1) / 2;
const NONE: u8 = u8::MAX;
/// Step targets at or above this are goal cells: `RED_GOAL` or `BLUE_GOAL`.
const RED_GOAL: u8 = 36;
const BLUE_GOAL: u8 = 37;
const TABLE: usize = 2 * PAIRS * PAIRS;

/// Grid index (0..36) of a grid cell, `None` for a goal cell.
fn grid_index(c: Cell) -> Option<u8> {
    (c.col() >= 1 && c.col() <= 6).then(|| c.row() * 6 + c.col() - 1)
}

fn grid_cell(g: u8) -> Cell {
    Cell::new(g % 6 + 1, g / 6).expect("grid cell")
}

/// The layout's geometry in grid indices, and the pair numbering.
struct Geometry {
    /// `step[g][d]`: grid index reached, `RED_GOAL`/`BLUE_GOAL`, or `NONE`.
    step: [[u8; 4]; CELLS],
    /// `back[g][d]`: the grid cell `s` with `step[s][d] == g`, or `NONE`.
    back: [[u8; 4]; CELLS],
    pair: [[u16; CELLS]; CELLS],
    cells: [(u8, u8); PAIRS],
}

const OPPOSITE: [usize; 4] = [1, 0, 3, 2];

impl Geometry {
    fn new(layout: &Layout) -> Geometry {
        let mut step = [[NONE; 4]; CELLS];
        let mut back = [[NONE; 4]; CELLS];
        for g in 0..CELLS as u8 {
            let c = grid_cell(g);
            for d in Dir::ALL {
                if let Some(t) = layout.neighbour(c, d) {
                    let v = if RED_GOALS & t.bit() != 0 {
                        RED_GOAL
                    } else if BLUE_GOALS & t.bit() != 0 {
                        BLUE_GOAL
                    } else {
                        grid_index(t).expect("grid")
                    };
                    step[g as usize][d.index()] = v;
                    if v < RED_GOAL {
                        back[v as usize][d.index()] = g;
                    }
                }
            }
        }
        let mut pair = [[u16::MAX; CELLS]; CELLS];
        let mut cells = [(0, 0); PAIRS];
        let all_pairs = (0..CELLS).flat_map(|a| (a + 1..CELLS).map(move |b| (a, b)));
        for (n, (a, b)) in all_pairs.enumerate() {
            pair[a][b] = n as u16;
            pair[b][a] = n as u16;
            cells[n] = (a as u8, b as u8);
        }
        Geometry {
            step,
            back,
            pair,
            cells,
        }
    }

    fn index(&self, side: usize, red: (u8, u8), blue: (u8, u8)) -> usize {
        let r = self.pair[red.0 as usize][red.1 as usize] as usize;
        let b = self.pair[blue.0 as usize][blue.1 as usize] as usize;
        (side * PAIRS + r) * PAIRS + b
    }

    /// Side, Red's pair and Blue's pair of a valid index.
    fn unindex(&self, i: usize) -> (usize, (u8, u8), (u8, u8)) {
        let b = i % PAIRS;
        let r = (i / PAIRS) % PAIRS;
        (i / (PAIRS * PAIRS), self.cells[r], self.cells[b])
    }

    fn goal(side: usize) -> u8 {
        if side == 0 {
            RED_GOAL
        } else {
            BLUE_GOAL
        }
    }

    /// Whether the mover (pieces `own`) has any step, winning steps
    /// included.
    fn has_step(&self, side: usize, own: (u8, u8), opp: (u8, u8)) -> bool {
        let foreign = Geometry::goal(1 - side);
        [own.0, own.1].into_iter().any(|x| {
            self.step[x as usize].iter().any(|&t| {
                t != NONE
                    && t != foreign
                    && (t >= RED_GOAL || (t != own.0 && t != own.1 && t != opp.0 && t != opp.1))
            })
        })
    }

    /// Calls `f` with the index of the position after each move of the side
    /// to move (with multiplicity: one call per move). Returns `None` when
    /// the mover can win at once, else the number of moves.
    fn successors(
        &self,
        side: usize,
        own: (u8, u8),
        opp: (u8, u8),
        mut f: impl FnMut(usize),
    ) -> Option<u32> {
        let my_goal = Geometry::goal(side);
        let foreign = Geometry::goal(1 - side);
        let mut count = 0;
        for (x, xo) in [(own.0, own.1), (own.1, own.0)] {
            for (d, &back) in OPPOSITE.iter().enumerate() {
                let t = self.step[x as usize][d];
                if t == NONE || t == foreign {
                    continue;
                }
                if t == my_goal {
                    return None;
                }
                if t == xo || t == opp.0 || t == opp.1 {
                    continue;
                }
                for (y, yo) in [(opp.0, opp.1), (opp.1, opp.0)] {
                    let q = self.step[y as usize][back];
                    let y2 = if q == NONE || q >= RED_GOAL || q == t || q == xo || q == yo {
                        y
                    } else {
                        q
                    };
                    f(self.successor_index(side, (t, xo), (y2, yo)));
                    count += 1;
                }
            }
        }
        if count == 0 {
            f(self.successor_index(side, own, opp));
            count = 1;
        }
        Some(count)
    }

    fn successor_index(&self, side: usize, own: (u8, u8), opp: (u8, u8)) -> usize {
        if side == 0 {
            self.index(1, own, opp)
        } else {
            self.index(0, opp, own)
        }
    }

    /// Calls `f` with the index of every position with the other side to
    /// move from which one move leads here, once per such move.
    fn predecessors(&self, index: usize, mut f: impl FnMut(usize)) {
        let (side, red, blue) = self.unindex(index);
        // The player who just moved.
        let mover = 1 - side;
        let (xs, ys) = if mover == 0 { (red, blue) } else { (blue, red) };
        let at = |x: (u8, u8), y: (u8, u8)| {
            if mover == 0 {
                self.index(0, x, y)
            } else {
                self.index(1, y, x)
            }
        };
        if !self.has_step(mover, xs, ys) {
            f(at(xs, ys));
        }
        for (t, xo) in [(xs.0, xs.1), (xs.1, xs.0)] {
            for (d, &opposite) in OPPOSITE.iter().enumerate() {
                let s = self.back[t as usize][d];
                if s == NONE || s == xo || s == ys.0 || s == ys.1 {
                    continue;
                }
                for (y, yo) in [(ys.0, ys.1), (ys.1, ys.0)] {
                    // The chosen piece was pushed from o to y.
                    let o = self.back[y as usize][opposite];
                    if o != NONE && o != t && o != xo && o != yo && o != s {
                        f(at((s, xo), (o, yo)));
                    }
                    // The chosen piece could not move.
                    let q = self.step[y as usize][opposite];
                    if q == NONE || q >= RED_GOAL || q == t || q == xo || q == yo {
                        f(at((s, xo), (y, yo)));
                    }
                }
            }
        }
    }
}

/// A solved layout: the value and distance of every position.
pub struct ImagoSolution {
    layout: Layout,
    geo: Geometry,
    /// 0: draw or not a position; else `dist << 1 | won`.
    values: Vec<u16>,
    stats: Stats,
}

impl fmt::Debug for ImagoSolution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ImagoSolution")
            .field("layout", &self.layout.to_string())
            .field("stats", &self.stats)
            .finish()
    }
}

impl ImagoSolution {
    /// Solves every position of `layout`.
    #[must_use]
    pub fn solve(layout: &Layout) -> ImagoSolution {
        let geo = Geometry::new(layout);
        let mut values = vec![0u16; TABLE];
        let mut remaining = vec![0u8; TABLE];
        let mut queue: Vec<u32> = Vec::with_capacity(TABLE / 2);
        let mut positions = 0u64;
        for side in 0..2 {
            for r in 0..PAIRS {
                let red = geo.cells[r];
                for b in 0..PAIRS {
                    let blue = geo.cells[b];
                    if red.0 == blue.0 || red.0 == blue.1 || red.1 == blue.0 || red.1 == blue.1 {
                        continue;
                    }
                    positions += 1;
                    let i = (side * PAIRS + r) * PAIRS + b;
                    let (own, opp) = if side == 0 { (red, blue) } else { (blue, red) };
                    match geo.successors(side, own, opp, |_| {}) {
                        None => {
                            values[i] = (1 << 1) | 1;
                            queue.push(i as u32);
                        }
                        Some(n) => remaining[i] = n as u8,
                    }
                }
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let q = queue[head] as usize;
            head += 1;
            let v = values[q];
            let dist = v >> 1;
            let q_won = v & 1 == 1;
            geo.predecessors(q, |p| {
                if values[p] != 0 {
                    return;
                }
                if q_won {
                    remaining[p] -= 1;
                    if remaining[p] == 0 {
                        values[p] = (dist + 1) << 1;
                        queue.push(p as u32);
                    }
                } else {
                    values[p] = ((dist + 1) << 1) | 1;
                    queue.push(p as u32);
                }
            });
        }
        let mut stats = Stats {
            positions,
            ..Stats::default()
        };
        for &i in &queue {
            let v = values[i as usize];
            if v & 1 == 1 {
                stats.wins += 1;
                stats.longest_win = stats.longest_win.max(v >> 1);
            } else {
                stats.losses += 1;
            }
        }
        stats.draws = positions - stats.wins - stats.losses;
        ImagoSolution {
            layout: layout.clone(),
            geo,
            values,
            stats,
        }
    }

    /// The layout solved.
    #[must_use]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The bytes this solution holds in memory (its table and geometry),
    /// for caches sized by memory.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        std::mem::size_of::<ImagoSolution>() + self.values.capacity() * std::mem::size_of::<u16>()
    }

    /// Counts over the table.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.stats
    }

    fn decode(v: u16) -> Value {
        match v {
            0 => Value::Draw,
            v if v & 1 == 1 => Value::Win(v >> 1),
            v => Value::Loss(v >> 1),
        }
    }

    /// The value of `pos` for its side to move. A finished game is a
    /// `Loss(0)` for the side to move after a goal, a `Draw` after two
    /// passes.
    ///
    /// # Panics
    /// If `pos` is of another layout.
    #[must_use]
    pub fn value(&self, pos: &Imago) -> Value {
        assert_eq!(pos.layout(), &self.layout, "position of another layout");
        if pos.natural_outcome().is_some() {
            return Value::Loss(0);
        }
        if pos.rule_outcome().is_some() {
            return Value::Draw;
        }
        let g = |p: Player| {
            let [a, b] = pos.cells(p);
            (grid_index(a).expect("grid"), grid_index(b).expect("grid"))
        };
        let side = pos.side_to_move().index();
        Self::decode(self.values[self.geo.index(side, g(Player::P1), g(Player::P2))])
    }

    /// The value of the layout's start position when `first` moves first.
    #[must_use]
    pub fn start_value(&self, first: Player) -> Value {
        self.value(&Imago::start_with(&self.layout, first))
    }

    /// Each legal move with its value for the side to move.
    #[must_use]
    pub fn move_values(&self, pos: &Imago) -> Vec<(Move, Value)> {
        let mut moves = <Imago as Game>::MoveList::default();
        pos.legal_moves(&mut moves);
        moves
            .as_slice()
            .iter()
            .map(|&m| {
                let mut next = pos.clone();
                next.play_unchecked(m);
                (m, self.value(&next).back())
            })
            .collect()
    }

    /// The moves of best value (quickest win, else a draw, else slowest
    /// loss), in generation order; empty when the game is over.
    #[must_use]
    pub fn best_moves(&self, pos: &Imago) -> Vec<Move> {
        let mv = self.move_values(pos);
        let Some(best) = mv.iter().map(|(_, v)| v.rank()).max() else {
            return Vec::new();
        };
        mv.into_iter()
            .filter(|(_, v)| v.rank() == best)
            .map(|(m, _)| m)
            .collect()
    }

    /// Whether the side to move may claim "Jacke": the solver proves the
    /// position a forced win for it.
    #[must_use]
    pub fn claim_is_valid(&self, pos: &Imago) -> bool {
        pos.outcome().is_none() && matches!(self.value(pos), Value::Win(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use std::collections::HashMap;

    /// For random positions, every forward move P→Q appears among Q's
    /// predecessors as often as P has moves to Q.
    #[test]
    fn predecessors_invert_successors() {
        for layout in [
            Layout::default(),
            "walls:c2-d2,c3-d3,e4-f4,g1-h1,b5-b6,a6-b6".parse().unwrap(),
        ] {
            let geo = Geometry::new(&layout);
            let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
            let mut checked = 0;
            while checked < 3000 {
                let i = rng.gen_range(0..TABLE);
                let (side, red, blue) = geo.unindex(i);
                if [red.0, red.1].iter().any(|c| *c == blue.0 || *c == blue.1) {
                    continue;
                }
                let (own, opp) = if side == 0 { (red, blue) } else { (blue, red) };
                let mut succ: HashMap<usize, u32> = HashMap::new();
                if geo
                    .successors(side, own, opp, |q| *succ.entry(q).or_default() += 1)
                    .is_none()
                {
                    continue;
                }
                for (&q, &n) in &succ {
                    let mut found = 0;
                    geo.predecessors(q, |p| found += u32::from(p == i));
                    assert_eq!(found, n, "position {i} -> {q}");
                }
                checked += 1;
            }
        }
    }

    /// And the other way: every predecessor found really has that many moves
    /// to the position.
    #[test]
    fn predecessors_are_real() {
        let layout: Layout = "walls:c2-d2,c3-d3,e4-f4,g1-h1,b5-b6".parse().unwrap();
        let geo = Geometry::new(&layout);
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
        let mut checked = 0;
        while checked < 3000 {
            let q = rng.gen_range(0..TABLE);
            let (_, red, blue) = geo.unindex(q);
            if [red.0, red.1].iter().any(|c| *c == blue.0 || *c == blue.1) {
                continue;
            }
            let mut preds: HashMap<usize, u32> = HashMap::new();
            geo.predecessors(q, |p| *preds.entry(p).or_default() += 1);
            for (&p, &n) in &preds {
                let (side, red, blue) = geo.unindex(p);
                assert!(
                    ![red.0, red.1].iter().any(|c| *c == blue.0 || *c == blue.1),
                    "invalid predecessor"
                );
                let (own, opp) = if side == 0 { (red, blue) } else { (blue, red) };
                let mut found = 0;
                let _ = geo.successors(side, own, opp, |x| found += u32::from(x == q));
                // Positions won at once stop counting at the winning step.
                if geo.successors(side, own, opp, |_| {}).is_some() {
                    assert_eq!(found, n, "{p} -> {q}");
                }
            }
            checked += 1;
        }
    }

    /// The solver's move graph is the game's: same successors as the rules
    /// in crates/games, for random positions.
    #[test]
    fn successors_match_the_rules() {
        let layout: Layout = "red:b3,c1 blue:f6,g3 walls:g1-h1,c3-c4,d3-d4,b5-c5,f2-g2"
            .parse()
            .unwrap();
        let geo = Geometry::new(&layout);
        let sol_index = |p: &Imago| {
            let g = |pl: Player| {
                let [a, b] = p.cells(pl);
                (grid_index(a).unwrap(), grid_index(b).unwrap())
            };
            geo.index(p.side_to_move().index(), g(Player::P1), g(Player::P2))
        };
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(9);
        for _ in 0..200 {
            let mut pos = Imago::start(&layout);
            for _ in 0..rng.gen_range(0..30) {
                let mut m = <Imago as Game>::MoveList::default();
                pos.legal_moves(&mut m);
                if pos.outcome().is_some() {
                    break;
                }
                pos.play_unchecked(m[rng.gen_range(0..m.len())]);
            }
            if pos.outcome().is_some() {
                continue;
            }
            let mut m = <Imago as Game>::MoveList::default();
            pos.legal_moves(&mut m);
            let mut from_rules: Vec<usize> = Vec::new();
            let mut wins = false;
            for &mv in &m {
                let mut n = pos.clone();
                n.play_unchecked(mv);
                if n.natural_outcome().is_some() {
                    wins = true;
                } else {
                    from_rules.push(sol_index(&n));
                }
            }
            let (side, red, blue) = geo.unindex(sol_index(&pos));
            let (own, opp) = if side == 0 { (red, blue) } else { (blue, red) };
            let mut from_solver = Vec::new();
            let r = geo.successors(side, own, opp, |q| from_solver.push(q));
            assert_eq!(r.is_none(), wins);
            if !wins {
                from_rules.sort_unstable();
                from_solver.sort_unstable();
                assert_eq!(from_rules, from_solver, "{}", pos.position_string());
            }
        }
    }
}
