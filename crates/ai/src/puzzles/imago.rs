//! Imago puzzles from a solved layout: every position reachable from the
//! layout's start (either side moving first) where exactly one move keeps
//! the solved value, one puzzle per position up to the layout's symmetry.
//!
//! - A won position with exactly one winning move: `win-in-N`, N the
//!   winner's moves to the goal (⌈plies / 2⌉).
//! - A drawn position where every move but one loses: `only-draw`.
//! - A lost position where exactly one move loses slowest:
//!   `longest-defence`.
//!
//! Reachable means reached by legal moves from a start position: a
//! breadth-first walk of the game from both starts, through the rules of
//! `tablero_games` (not the solver's own move graph), stopping at ends.
//! Symmetry: a layout whose walls are the same mirrored top to bottom has
//! the same values in mirrored positions; one whose walls are the same
//! mirrored left to right has them with the colours swapped (Red's goals
//! are Blue's mirrored). Of the positions one symmetry maps onto each
//! other only the first (by the smallest key) is kept.

use super::{exact_puzzle, Puzzle};
use crate::review::{Source, Value};
use crate::solve::imago::{ImagoSolution, Value as Solved};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::VecDeque;
use tablero_core::{Game, Player};
use tablero_games::imago::{Cell, Imago, Layout};

/// The walled layouts mined besides the default one, chosen among 240
/// seeded random layouts of 2 to 5 walls of one or two cells (the default
/// start cells, no straight wall of three cells, as the author advises):
/// the start is a draw whoever moves first (the game stays fair), and they
/// hold the most positions with a single winning move five or more moves
/// from the goal. docs/ai.md, "Puzzle sets", gives the counts.
pub const CURATED: [&str; 8] = [
    "walls:b3-b4,b4-c4,b5-c5,e6-f6",
    "walls:c5-c6,d5-d6,d5-e5,d6-e6,e4-f4,e5-f5",
    "walls:b1-b2,b3-c3,b4-c4,c1-c2,e3-e4,f1-f2,g1-g2",
    "walls:b3-b4,b6-c6,d5-d6,e5-e6,g5-g6",
    "walls:b3-c3,c3-d3,g1-g2",
    "walls:c4-d4,c5-d5,d5-e5,e3-e4,f4-g4,g1-g2",
    "walls:b4-b5,b4-c4,d5-e5,e4-f4,e5-e6,f5-f6",
    "walls:b2-c2,b3-c3,b5-c5,b6-c6",
];

/// The [`CURATED`] layouts.
///
/// # Panics
/// Never: a test reads every one.
#[must_use]
pub fn curated() -> Vec<Layout> {
    CURATED
        .iter()
        .map(|t| t.parse().expect("a curated layout reads"))
        .collect()
}

/// What mining a layout found.
#[derive(Clone, Debug, Default)]
pub struct LayoutMine {
    /// Positions reachable from the starts (ends included).
    pub reachable: usize,
    /// Reachable positions with a move to make, not counting symmetric
    /// twins.
    pub distinct: usize,
    /// The puzzles, one per position up to symmetry, in the order found.
    pub puzzles: Vec<Puzzle>,
}

/// A position as the walk keys it: Red's cells, Blue's cells, the side to
/// move (0 for Red).
type Key = (u64, u64, u8);

fn key(pos: &Imago) -> Key {
    (
        pos.pieces(Player::P1),
        pos.pieces(Player::P2),
        pos.side_to_move().index() as u8,
    )
}

fn mirror_rows(c: Cell) -> Cell {
    Cell::new(c.col(), 5 - c.row()).expect("a mirrored cell exists")
}

fn mirror_cols(c: Cell) -> Cell {
    Cell::new(7 - c.col(), c.row()).expect("a mirrored cell exists")
}

fn map_bits(bits: u64, f: fn(Cell) -> Cell) -> u64 {
    Cell::iter_bits(bits).fold(0, |acc, c| acc | f(c).bit())
}

/// The symmetries of a layout's walls: `(mirror rows, mirror columns)`
/// pairs, the identity first. Mirroring the columns swaps the colours.
#[must_use]
pub fn symmetries(layout: &Layout) -> Vec<(bool, bool)> {
    let walls = |rows: bool, cols: bool| {
        let mut w: Vec<(Cell, Cell)> = layout
            .walls()
            .iter()
            .map(|w| {
                let (a, b) = w.cells();
                let f = |c: Cell| {
                    let c = if rows { mirror_rows(c) } else { c };
                    if cols {
                        mirror_cols(c)
                    } else {
                        c
                    }
                };
                let (a, b) = (f(a), f(b));
                if a < b {
                    (a, b)
                } else {
                    (b, a)
                }
            })
            .collect();
        w.sort();
        w
    };
    let own = walls(false, false);
    [(false, false), (true, false), (false, true), (true, true)]
        .into_iter()
        .filter(|&(r, c)| walls(r, c) == own)
        .collect()
}

/// The key of a position under a symmetry.
fn mapped((red, blue, side): Key, (rows, cols): (bool, bool)) -> Key {
    let (mut red, mut blue, mut side) = (red, blue, side);
    if rows {
        red = map_bits(red, mirror_rows);
        blue = map_bits(blue, mirror_rows);
    }
    if cols {
        (red, blue) = (map_bits(blue, mirror_cols), map_bits(red, mirror_cols));
        side = 1 - side;
    }
    (red, blue, side)
}

/// The smallest key of a position's images under `symmetries`.
fn canonical(k: Key, symmetries: &[(bool, bool)]) -> Key {
    symmetries.iter().map(|&s| mapped(k, s)).min().unwrap_or(k)
}

/// Each legal move of `pos` with its solved value for the mover.
fn values(solution: &ImagoSolution, pos: &Imago) -> Vec<(tablero_games::imago::Move, Value)> {
    solution
        .move_values(pos)
        .into_iter()
        .map(|(m, v)| {
            let v = match v {
                Solved::Win(plies) => Value::Win { plies },
                Solved::Loss(plies) => Value::Loss { plies },
                Solved::Draw => Value::Draw,
            };
            (m, v)
        })
        .collect()
}

/// Every position reachable from `layout`'s starts, in the order of a
/// breadth-first walk (both starts first). Ends are included but not
/// walked beyond.
#[must_use]
pub fn reachable(layout: &Layout) -> Vec<Imago> {
    let mut seen: FxHashSet<Key> = FxHashSet::default();
    let mut queue: VecDeque<Imago> = VecDeque::new();
    let mut out = Vec::new();
    for first in Player::ALL {
        let start = Imago::start_with(layout, first);
        if seen.insert(key(&start)) {
            queue.push_back(start);
        }
    }
    let mut moves = <Imago as Game>::MoveList::default();
    while let Some(pos) = queue.pop_front() {
        if pos.outcome().is_none() {
            pos.legal_moves(&mut moves);
            for &m in moves.as_slice() {
                let mut next = pos.clone();
                next.play_unchecked(m);
                if seen.insert(key(&next)) {
                    queue.push_back(next);
                }
            }
        }
        out.push(pos);
    }
    out
}

/// Mines every puzzle of `layout` (see the module's text), solving the
/// layout first.
#[must_use]
pub fn mine_layout(layout: &Layout) -> LayoutMine {
    let solution = ImagoSolution::solve(layout);
    mine_solved(&solution)
}

/// [`mine_layout`] with the layout's solution at hand.
#[must_use]
pub fn mine_solved(solution: &ImagoSolution) -> LayoutMine {
    let layout = solution.layout();
    let symmetries = symmetries(layout);
    let positions = reachable(layout);
    let mut kept: FxHashMap<Key, ()> = FxHashMap::default();
    let mut out = LayoutMine {
        reachable: positions.len(),
        ..LayoutMine::default()
    };
    for pos in &positions {
        if pos.outcome().is_some() {
            continue;
        }
        let c = canonical(key(pos), &symmetries);
        if kept.insert(c, ()).is_some() {
            continue;
        }
        out.distinct += 1;
        let values = values(solution, pos);
        if let Some(p) = exact_puzzle(pos, Source::Solver, &values) {
            out.puzzles.push(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curated_layouts_are_fair_and_advised() {
        use crate::solve::imago::Value as V;
        for layout in curated() {
            assert!(layout.warnings().is_empty(), "{layout}");
            let solution = ImagoSolution::solve(&layout);
            for first in Player::ALL {
                assert_eq!(solution.start_value(first), V::Draw, "{layout}");
            }
        }
    }

    #[test]
    fn the_default_layout_is_symmetric_both_ways() {
        assert_eq!(symmetries(&Layout::default()).len(), 4);
        let one_wall: Layout = "walls:c3-d3".parse().unwrap();
        // c3-d3 mirrored top to bottom is c4-d4: only the identity.
        assert_eq!(symmetries(&one_wall), vec![(false, false)]);
        let two: Layout = "walls:c3-d3,c4-d4".parse().unwrap();
        assert_eq!(symmetries(&two), vec![(false, false), (true, false)]);
    }

    #[test]
    fn a_mirrored_position_has_the_mirrored_values() {
        let layout = Layout::default();
        let solution = ImagoSolution::solve(&layout);
        let positions = reachable(&layout);
        for pos in positions.iter().step_by(997).take(200) {
            if pos.outcome().is_some() {
                continue;
            }
            for s in symmetries(&layout) {
                let (red, blue, side) = mapped(key(pos), s);
                let cells = |bits: u64| {
                    let v: Vec<Cell> = Cell::iter_bits(bits).collect();
                    [v[0], v[1]]
                };
                let side = if side == 0 { Player::P1 } else { Player::P2 };
                let image = Imago::from_parts(layout.clone(), cells(red), cells(blue), side, 0);
                assert_eq!(
                    solution.value(pos),
                    solution.value(&image),
                    "{} under {s:?}",
                    pos.position_string()
                );
            }
        }
    }
}
