//! Imago's board: cells, directions, walls and layouts.
//!
//! Cells are numbered `row * 8 + column` (`a1` = 0, `h6` = 47), so a set of
//! cells is a `u64` bitboard. The grid is `b1`–`g6`; `a1`, `a6` are Blue's
//! goal cells and `h1`, `h6` Red's.

use super::error::{LayoutError, LayoutProblem};
use std::fmt;
use tablero_i18n::id;

/// A cell of the board (grid or goal cell). Cells sort by name: column,
/// then row (`b5` before `c2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell(u8);

impl Ord for Cell {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.col(), self.row()).cmp(&(other.col(), other.row()))
    }
}

impl PartialOrd for Cell {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Bitboard of every existing cell.
pub const EXISTS: u64 = GRID | GOALS;
/// Bitboard of the 6x6 grid `b1`–`g6`.
pub const GRID: u64 = {
    let mut m = 0u64;
    let mut row = 0;
    while row < 6 {
        m |= 0b0111_1110 << (row * 8);
        row += 1;
    }
    m
};
/// Red's goal cells `h1`, `h6`.
pub const RED_GOALS: u64 = (1 << 7) | (1 << 47);
/// Blue's goal cells `a1`, `a6`.
pub const BLUE_GOALS: u64 = 1 | (1 << 40);
/// All four goal cells.
pub const GOALS: u64 = RED_GOALS | BLUE_GOALS;

impl Cell {
    /// Number of existing cells.
    pub const NUM: usize = 40;

    /// The cell at `col` (0 = `a`) and `row` (0 = row 1), if it exists.
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Option<Cell> {
        if col < 8 && row < 6 && EXISTS & (1 << (row * 8 + col)) != 0 {
            Some(Cell(row * 8 + col))
        } else {
            None
        }
    }

    /// The cell with that index (`row * 8 + col`), if it exists.
    #[must_use]
    pub const fn try_index(i: usize) -> Option<Cell> {
        if i < 48 && EXISTS & (1 << i) != 0 {
            Some(Cell(i as u8))
        } else {
            None
        }
    }

    /// `row * 8 + col`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, 0 = `a`.
    #[must_use]
    pub const fn col(self) -> u8 {
        self.0 % 8
    }

    /// Row, 0 = row 1.
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / 8
    }

    /// This cell's bit.
    #[must_use]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// Whether this is one of the four goal cells.
    #[must_use]
    pub const fn is_goal(self) -> bool {
        GOALS & self.bit() != 0
    }

    /// The existing cell one step in `dir`, ignoring walls.
    #[must_use]
    pub const fn step(self, dir: Dir) -> Option<Cell> {
        let (dc, dr) = dir.delta();
        let c = self.col() as i8 + dc;
        let r = self.row() as i8 + dr;
        if c < 0 || r < 0 {
            None
        } else {
            Cell::new(c as u8, r as u8)
        }
    }

    /// The direction from `self` to `other` when they are orthogonal
    /// neighbours.
    #[must_use]
    pub fn dir_to(self, other: Cell) -> Option<Dir> {
        Dir::ALL.into_iter().find(|&d| self.step(d) == Some(other))
    }

    /// Every existing cell, in index order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..48).filter_map(Cell::try_index)
    }

    /// The cells of a bitboard, in index order.
    pub fn iter_bits(bits: u64) -> impl Iterator<Item = Cell> {
        tablero_core::bit_indices(bits).map(|i| Cell(i as u8))
    }

    /// Reads a cell name like `b2`.
    #[must_use]
    pub fn parse(s: &str) -> Option<Cell> {
        let b = s.as_bytes();
        if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'6').contains(&b[1]) {
            return None;
        }
        Cell::new(b[0] - b'a', b[1] - b'1')
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col()) as char, self.row() + 1)
    }
}

/// An orthogonal direction. "Up" goes towards row 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Towards column `h`.
    Right,
    /// Towards column `a`.
    Left,
    /// Towards row 6.
    Up,
    /// Towards row 1.
    Down,
}

impl Dir {
    /// The four directions.
    pub const ALL: [Dir; 4] = [Dir::Right, Dir::Left, Dir::Up, Dir::Down];

    /// The opposite direction.
    #[must_use]
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::Right => Dir::Left,
            Dir::Left => Dir::Right,
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
        }
    }

    /// Column and row change.
    #[must_use]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::Right => (1, 0),
            Dir::Left => (-1, 0),
            Dir::Up => (0, 1),
            Dir::Down => (0, -1),
        }
    }

    /// Index 0..4 in [`Dir::ALL`] order.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Shifts a bitboard one step in this direction (bits may leave the
    /// board; mask the result).
    #[must_use]
    pub const fn shift(self, bits: u64) -> u64 {
        match self {
            Dir::Right => bits << 1,
            Dir::Left => bits >> 1,
            Dir::Up => bits << 8,
            Dir::Down => bits >> 8,
        }
    }
}

/// A wall on the edge between two neighbouring cells, `a < b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Wall(Cell, Cell);

impl Wall {
    /// The wall between two cells, in either order; `None` unless they are
    /// orthogonal neighbours.
    #[must_use]
    pub fn between(a: Cell, b: Cell) -> Option<Wall> {
        a.dir_to(b)?;
        Some(if a < b { Wall(a, b) } else { Wall(b, a) })
    }

    /// The two cells, lower index first.
    #[must_use]
    pub const fn cells(self) -> (Cell, Cell) {
        (self.0, self.1)
    }
}

impl fmt::Display for Wall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.0, self.1)
    }
}

/// A layout: the start cells of both colours and the walls. It is Imago's
/// variant. Built only through [`Layout::new`], so it is always valid.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    red: [Cell; 2],
    blue: [Cell; 2],
    /// Bit `c`: a wall between `c` and the cell to its right.
    walls_right: u64,
    /// Bit `c`: a wall between `c` and the cell above it.
    walls_up: u64,
    /// For each direction, the cells from which a step in it reaches an
    /// existing cell without crossing a wall.
    open: [u64; 4],
    /// Per player, steps from each cell to that player's nearest goal cell
    /// around the walls (255: unreachable). Derived, for the heuristic.
    goal_dist: [[u8; 48]; 2],
}

impl Default for Layout {
    fn default() -> Self {
        Layout::new(&DEFAULT_RED, &DEFAULT_BLUE, &[]).expect("the default layout is valid")
    }
}

const fn c(col: u8, row: u8) -> Cell {
    match Cell::new(col, row) {
        Some(c) => c,
        None => panic!("not a cell"),
    }
}

/// Red's default start cells `b2`, `b5`.
pub const DEFAULT_RED: [Cell; 2] = [c(1, 1), c(1, 4)];
/// Blue's default start cells `g2`, `g5`.
pub const DEFAULT_BLUE: [Cell; 2] = [c(6, 1), c(6, 4)];

impl Layout {
    /// Validates a layout, reporting every problem at once.
    ///
    /// # Errors
    /// [`LayoutError::Invalid`] with each [`LayoutProblem`].
    pub fn new(red: &[Cell], blue: &[Cell], walls: &[(Cell, Cell)]) -> Result<Layout, LayoutError> {
        let mut problems = Vec::new();
        for (colour, cells) in [("red", red), ("blue", blue)] {
            if cells.len() != 2 {
                problems.push(LayoutProblem::StartCount {
                    colour,
                    found: cells.len(),
                });
            }
        }
        let mut seen = 0u64;
        for &cell in red.iter().chain(blue) {
            if cell.is_goal() {
                problems.push(LayoutProblem::StartOnGoal(cell));
            }
            if seen & cell.bit() != 0 {
                problems.push(LayoutProblem::StartOverlap(cell));
            }
            seen |= cell.bit();
        }
        let (mut walls_right, mut walls_up) = (0u64, 0u64);
        for &(a, b) in walls {
            match Wall::between(a, b) {
                None => problems.push(LayoutProblem::WallNotAdjacent(a, b)),
                Some(Wall(lo, hi)) => {
                    let set = if hi.row() == lo.row() {
                        &mut walls_right
                    } else {
                        &mut walls_up
                    };
                    if *set & lo.bit() != 0 {
                        problems.push(LayoutProblem::DuplicateWall(lo, hi));
                    }
                    *set |= lo.bit();
                }
            }
        }
        if !problems.is_empty() {
            return Err(LayoutError::Invalid(problems));
        }
        let mut red = [red[0], red[1]];
        let mut blue = [blue[0], blue[1]];
        red.sort();
        blue.sort();
        let mut open = [0u64; 4];
        for d in Dir::ALL {
            let blocked = match d {
                Dir::Right => walls_right,
                Dir::Left => walls_right << 1,
                Dir::Up => walls_up,
                Dir::Down => walls_up << 8,
            };
            // Cells whose neighbour in d exists: shift the existing cells back.
            let has_neighbour = Cell::all()
                .filter(|c| c.step(d).is_some())
                .fold(0, |m, c| m | c.bit());
            open[d.index()] = has_neighbour & !blocked;
        }
        let mut layout = Layout {
            red,
            blue,
            walls_right,
            walls_up,
            open,
            goal_dist: [[u8::MAX; 48]; 2],
        };
        layout.goal_dist = [
            layout.compute_goal_distances(RED_GOALS),
            layout.compute_goal_distances(BLUE_GOALS),
        ];
        Ok(layout)
    }

    /// Breadth-first search from the goal cells, backwards along steps.
    fn compute_goal_distances(&self, goals: u64) -> [u8; 48] {
        let mut dist = [u8::MAX; 48];
        let mut queue: Vec<Cell> = Cell::iter_bits(goals).collect();
        for g in &queue {
            dist[g.index()] = 0;
        }
        let mut head = 0;
        while head < queue.len() {
            let c = queue[head];
            head += 1;
            for d in Dir::ALL {
                // A piece on n steps into c: walls are symmetric.
                if let Some(n) = self.neighbour(c, d) {
                    if !n.is_goal() && dist[n.index()] == u8::MAX {
                        dist[n.index()] = dist[c.index()] + 1;
                        queue.push(n);
                    }
                }
            }
        }
        dist
    }

    /// Steps from `cell` to the nearest goal cell of `red` (else Blue's)
    /// around the walls, other pieces ignored; 255 when none can be reached.
    #[must_use]
    pub const fn goal_distance(&self, red: bool, cell: Cell) -> u8 {
        self.goal_dist[if red { 0 } else { 1 }][cell.index()]
    }

    /// Red's start cells, sorted.
    #[must_use]
    pub const fn red_start(&self) -> [Cell; 2] {
        self.red
    }

    /// Blue's start cells, sorted.
    #[must_use]
    pub const fn blue_start(&self) -> [Cell; 2] {
        self.blue
    }

    /// Every wall, sorted.
    #[must_use]
    pub fn walls(&self) -> Vec<Wall> {
        let mut out: Vec<Wall> = Cell::iter_bits(self.walls_right)
            .map(|c| Wall(c, c.step(Dir::Right).expect("checked")))
            .chain(
                Cell::iter_bits(self.walls_up).map(|c| Wall(c, c.step(Dir::Up).expect("checked"))),
            )
            .collect();
        out.sort();
        out
    }

    /// Whether a wall stands between `a` and its neighbour in `dir`.
    #[must_use]
    pub fn has_wall(&self, a: Cell, dir: Dir) -> bool {
        match dir {
            Dir::Right => self.walls_right & a.bit() != 0,
            Dir::Left => a.col() > 0 && self.walls_right & (a.bit() >> 1) != 0,
            Dir::Up => self.walls_up & a.bit() != 0,
            Dir::Down => a.row() > 0 && self.walls_up & (a.bit() >> 8) != 0,
        }
    }

    /// The cells from which a step in `dir` reaches an existing cell without
    /// crossing a wall.
    #[must_use]
    pub const fn open(&self, dir: Dir) -> u64 {
        self.open[dir.index()]
    }

    /// The neighbour of `cell` in `dir` when it exists and no wall is in the
    /// way.
    #[must_use]
    pub const fn neighbour(&self, cell: Cell, dir: Dir) -> Option<Cell> {
        if self.open[dir.index()] & cell.bit() != 0 {
            cell.step(dir)
        } else {
            None
        }
    }

    /// Whether this is the default layout (default start cells, no walls).
    #[must_use]
    pub fn is_default(&self) -> bool {
        *self == Layout::default()
    }

    /// Advice that does not make a layout invalid: the seed recommends walls
    /// no longer than two cells, so each straight run of three or more wall
    /// segments is reported, as a message of the catalogue
    /// (`imago-long-wall` in `locales/*/games.ftl`).
    #[must_use]
    pub fn warnings(&self) -> Vec<tablero_core::Message> {
        let mut out = Vec::new();
        // Runs of walls_right bits stacked vertically, and of walls_up bits side by side.
        for (bits, step, along) in [
            (self.walls_right, Dir::Up, "column"),
            (self.walls_up, Dir::Right, "row"),
        ] {
            for start in Cell::iter_bits(bits) {
                let prev = start.step(step.opposite());
                if prev.is_some_and(|p| bits & p.bit() != 0) {
                    continue;
                }
                let mut len = 1;
                let mut cur = start;
                while let Some(n) = cur.step(step) {
                    if bits & n.bit() == 0 {
                        break;
                    }
                    len += 1;
                    cur = n;
                }
                if len > 2 {
                    let first = Wall::between(
                        start,
                        start
                            .step(if along == "column" {
                                Dir::Right
                            } else {
                                Dir::Up
                            })
                            .expect("wall"),
                    )
                    .expect("neighbours");
                    out.push(
                        tablero_core::Message::of(id!("imago-long-wall"))
                            .text("wall", first)
                            .num("len", len),
                    );
                }
            }
        }
        out
    }
}
