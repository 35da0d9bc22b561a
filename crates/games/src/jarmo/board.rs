//! Jarmo's board: 25 points `a1`–`e5` joined by 39 lines, and the two ways
//! of seating the players on it.
//!
//! Points are numbered `column * 5 + row` (`a1` = 0, `a2` = 1, `e5` = 24), so
//! numbers sort like names and a set of points is a `u32` bitboard.

use super::error::VariantError;
use std::fmt;
use std::str::FromStr;
use tablero_core::Player;

/// A point of the board. Points sort by name: column, then row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    /// Number of points.
    pub const NUM: usize = 25;

    /// The point at `col` (0 = `a`) and `row` (0 = row 1), if on the board.
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Option<Point> {
        if col < 5 && row < 5 {
            Some(Point(col * 5 + row))
        } else {
            None
        }
    }

    /// The point with that index (`col * 5 + row`), if any.
    #[must_use]
    pub const fn try_index(i: usize) -> Option<Point> {
        if i < Point::NUM {
            Some(Point(i as u8))
        } else {
            None
        }
    }

    /// `col * 5 + row`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, 0 = `a`.
    #[must_use]
    pub const fn col(self) -> u8 {
        self.0 / 5
    }

    /// Row, 0 = row 1.
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 % 5
    }

    /// This point's bit.
    #[must_use]
    pub const fn bit(self) -> u32 {
        1 << self.0
    }

    /// The points joined to this one by a line.
    #[must_use]
    pub const fn neighbours(self) -> u32 {
        NEIGHBOURS[self.0 as usize]
    }

    /// Whether a line joins the two points.
    #[must_use]
    pub const fn is_joined(self, other: Point) -> bool {
        NEIGHBOURS[self.0 as usize] & other.bit() != 0
    }

    /// Every point, in name order.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..25u8).map(Point)
    }

    /// The points of a bitboard, in name order.
    pub fn iter_bits(bits: u32) -> impl Iterator<Item = Point> {
        tablero_core::bit_indices(u64::from(bits)).map(|i| Point(i as u8))
    }

    /// Reads a point name like `b3`.
    #[must_use]
    pub fn parse(s: &str) -> Option<Point> {
        let b = s.as_bytes();
        if b.len() != 2 || !(b'a'..=b'e').contains(&b[0]) || !(b'1'..=b'5').contains(&b[1]) {
            return None;
        }
        Point::new(b[0] - b'a', b[1] - b'1')
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col()) as char, self.row() + 1)
    }
}

const fn p(name: &str) -> Point {
    let b = name.as_bytes();
    match Point::new(b[0] - b'a', b[1] - b'1') {
        Some(pt) => pt,
        None => panic!("not a point"),
    }
}

/// The 39 lines of the board, each once (the graph of docs/rulings.md: the one of
/// the Dagaz implementation of Jarmo). The board is not symmetric.
pub const LINES: [(Point, Point); 39] = [
    (p("a1"), p("b3")),
    (p("a1"), p("c2")),
    (p("b1"), p("a3")),
    (p("b1"), p("d2")),
    (p("c1"), p("a2")),
    (p("c1"), p("d3")),
    (p("c1"), p("e2")),
    (p("d1"), p("b2")),
    (p("d1"), p("c3")),
    (p("e1"), p("c2")),
    (p("e1"), p("d3")),
    (p("a2"), p("c3")),
    (p("b2"), p("b3")),
    (p("b2"), p("c2")),
    (p("b2"), p("c4")),
    (p("c2"), p("d2")),
    (p("c2"), p("e3")),
    (p("d2"), p("b3")),
    (p("d2"), p("d3")),
    (p("e2"), p("d4")),
    (p("a3"), p("b5")),
    (p("b3"), p("a5")),
    (p("b3"), p("b4")),
    (p("b3"), p("c3")),
    (p("b3"), p("c5")),
    (p("c3"), p("a4")),
    (p("c3"), p("e4")),
    (p("d3"), p("b4")),
    (p("d3"), p("d4")),
    (p("d3"), p("e5")),
    (p("e3"), p("d5")),
    (p("a4"), p("c5")),
    (p("b4"), p("c4")),
    (p("b4"), p("d5")),
    (p("c4"), p("a5")),
    (p("c4"), p("d4")),
    (p("c4"), p("e5")),
    (p("d4"), p("b5")),
    (p("c5"), p("e4")),
];

/// For each point, the bitboard of the points joined to it by a line.
pub const NEIGHBOURS: [u32; 25] = {
    let mut n = [0u32; 25];
    let mut i = 0;
    while i < LINES.len() {
        let (a, b) = LINES[i];
        n[a.index()] |= b.bit();
        n[b.index()] |= a.bit();
        i += 1;
    }
    n
};

/// The most lines at one point (`b3` has 7).
pub const MAX_DEGREE: u32 = 7;

/// Every point of the board.
pub const ALL_POINTS: u32 = (1 << 25) - 1;

/// The points of row `row` (0 = row 1).
#[must_use]
pub const fn row_mask(row: u8) -> u32 {
    0b00001_00001_00001_00001_00001 << row
}

/// How the players sit at the board: Jarmo's variant. The board is not
/// symmetric, so which side player one (Dark) takes changes the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Orientation {
    /// Dark (player one) starts on `a1`–`e1`, Light on `a5`–`e5`.
    #[default]
    Standard,
    /// Dark (player one) starts on `a5`–`e5`, Light on `a1`–`e1`.
    Flipped,
}

impl Orientation {
    /// Both orientations.
    pub const ALL: [Orientation; 2] = [Orientation::Standard, Orientation::Flipped];

    /// The row (0 = row 1) where `player` starts: its own first row.
    #[must_use]
    pub const fn home_row(self, player: Player) -> u8 {
        match (self, player) {
            (Orientation::Standard, Player::P1) | (Orientation::Flipped, Player::P2) => 0,
            _ => 4,
        }
    }

    /// The points of `player`'s own first row.
    #[must_use]
    pub const fn home(self, player: Player) -> u32 {
        row_mask(self.home_row(player))
    }

    /// The points of the enemy's first row for `player`: where its archers
    /// go, and where they freeze.
    #[must_use]
    pub const fn target(self, player: Player) -> u32 {
        row_mask(self.home_row(player.other()))
    }

    /// The variant's name: `standard` or `flipped`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Orientation::Standard => "standard",
            Orientation::Flipped => "flipped",
        }
    }
}

impl fmt::Display for Orientation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Orientation {
    type Err = VariantError;

    /// Reads `standard` or `flipped` (Spanish `estándar`/`estandar`,
    /// `invertida`/`invertido`; surrounding spaces ignored).
    fn from_str(text: &str) -> Result<Orientation, VariantError> {
        match text.trim() {
            "standard" | "estándar" | "estandar" => Ok(Orientation::Standard),
            "flipped" | "invertida" | "invertido" => Ok(Orientation::Flipped),
            other => Err(VariantError {
                at: text.len() - text.trim_start().len(),
                text: other.to_string(),
            }),
        }
    }
}
