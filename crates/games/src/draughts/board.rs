//! The board of the draughts core: squares, directions, neighbour tables and
//! the rule parameters every configuration sets.
//!
//! Squares are numbered `row * 8 + col` on every board size, so one `u64`
//! bitboard covers the 8x8 board and the 6x6 one (columns and rows 0–5).

use std::fmt;

/// A square: `row * 8 + col`, `a1` is 0, `b1` is 1, `a2` is 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square in column `col` (0 = `a`) and row `row` (0 = rank 1), if
    /// both are below 8.
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Option<Square> {
        if col < 8 && row < 8 {
            Some(Square(row * 8 + col))
        } else {
            None
        }
    }

    /// The square with this index (0–63).
    #[must_use]
    pub const fn try_index(i: u8) -> Option<Square> {
        if i < 64 {
            Some(Square(i))
        } else {
            None
        }
    }

    /// The square with index `i`, which the caller knows is below 64.
    #[inline(always)]
    pub(crate) const fn at(i: u8) -> Square {
        debug_assert!(i < 64);
        Square(i)
    }

    /// The index `row * 8 + col`.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The column, 0 for `a`.
    #[must_use]
    pub const fn col(self) -> u8 {
        self.0 % 8
    }

    /// The row, 0 for rank 1.
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / 8
    }

    /// The square's bit.
    #[must_use]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Whether the square is dark (`a1` is dark).
    #[must_use]
    pub const fn is_dark(self) -> bool {
        (self.col() + self.row()) % 2 == 0
    }

    /// Reads a square name such as `c3` on a board of `size` (6 or 8).
    #[must_use]
    pub fn parse(text: &str, size: u8) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let col = b[0].wrapping_sub(b'a');
        let row = b[1].wrapping_sub(b'1');
        (col < size && row < size).then(|| Square(row * 8 + col))
    }

    /// The squares of a bitboard, lowest first.
    pub fn iter_bits(mut bits: u64) -> impl Iterator<Item = Square> {
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let i = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Some(Square(i))
            }
        })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col()) as char, self.row() + 1)
    }
}

/// The eight directions, numbered for direction masks: `N`, `NE`, `E`,
/// `SE`, `S`, `SW`, `W`, `NW` are bits 0–7. North is towards rank 8.
pub mod dir {
    /// Towards the higher ranks.
    pub const N: u8 = 0;
    /// North-east.
    pub const NE: u8 = 1;
    /// Towards column `h`.
    pub const E: u8 = 2;
    /// South-east.
    pub const SE: u8 = 3;
    /// Towards rank 1.
    pub const S: u8 = 4;
    /// South-west.
    pub const SW: u8 = 5;
    /// Towards column `a`.
    pub const W: u8 = 6;
    /// North-west.
    pub const NW: u8 = 7;
    /// The four orthogonal directions as a mask.
    pub const ORTHOGONAL: u8 = 0b0101_0101;
    /// The four diagonal directions as a mask.
    pub const DIAGONAL: u8 = 0b1010_1010;

    /// The bit of one direction in a mask.
    #[must_use]
    pub const fn bit(d: u8) -> u8 {
        1 << d
    }

    /// The opposite direction.
    #[must_use]
    pub const fn opposite(d: u8) -> u8 {
        (d + 4) % 8
    }

    /// A direction mask seen by an army moving towards rank 1: north and
    /// south swap, east and west stay.
    #[must_use]
    pub const fn flip_mask(mask: u8) -> u8 {
        let mut out = 0;
        let mut d = 0;
        while d < 8 {
            if mask & (1 << d) != 0 {
                // N<->S, NE<->SE, NW<->SW, E and W fixed: d -> (4 - d) mod 8.
                out |= 1 << ((12 - d) % 8);
            }
            d += 1;
        }
        out
    }
}

/// "Off the board" in a neighbour table.
pub const OFF: u8 = 64;

/// Neighbour table: `table[d][sq]` is the square one step from `sq` in
/// direction `d`, or [`OFF`].
pub type Neighbours = [[u8; 64]; 8];

const DELTAS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

const fn build(size: u8) -> Neighbours {
    let mut t = [[OFF; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let (dc, dr) = DELTAS[d];
        let mut sq = 0u8;
        while sq < 64 {
            let (c, r) = ((sq % 8) as i8, (sq / 8) as i8);
            let (nc, nr) = (c + dc, r + dr);
            if c < size as i8
                && r < size as i8
                && nc >= 0
                && nr >= 0
                && nc < size as i8
                && nr < size as i8
            {
                t[d][sq as usize] = (nr * 8 + nc) as u8;
            }
            sq += 1;
        }
        d += 1;
    }
    t
}

/// Neighbours on the 6x6 board.
pub static NEIGHBOURS_6: Neighbours = build(6);
/// Neighbours on the 8x8 board.
pub static NEIGHBOURS_8: Neighbours = build(8);

/// Every square of a board of `size`.
#[must_use]
pub const fn board_mask(size: u8) -> u64 {
    let row = (1u64 << size) - 1;
    let mut m = 0;
    let mut r = 0;
    while r < size {
        m |= row << (8 * r);
        r += 1;
    }
    m
}

/// A whole row of a board of `size`.
#[must_use]
pub const fn row_mask(size: u8, row: u8) -> u64 {
    ((1u64 << size) - 1) << (8 * row)
}

/// The dark squares (`a1` is dark) of the 8x8 board; restrict with
/// [`board_mask`] for smaller boards.
pub const DARK: u64 = 0xAA55_AA55_AA55_AA55;

/// What a man does when a capture brings it to its last row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Promotion {
    /// It is crowned at once and goes on capturing as a king (Russian rule).
    ContinueAsKing,
    /// It is crowned and the move ends there (English rule).
    Stop,
}

/// The rule parameters of the core. Direction masks are for an army moving
/// north (towards rank 8); the core flips them for armies moving south.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Board size: 6 or 8.
    pub size: u8,
    /// Where a man steps.
    pub man_moves: u8,
    /// Where a man captures.
    pub man_captures: u8,
    /// Where a king moves and captures.
    pub king_dirs: u8,
    /// Kings move and capture at a distance.
    pub flying_kings: bool,
    /// A man crowned during a capture.
    pub promotion: Promotion,
    /// Law of quantity: only captures taking the most pieces are legal.
    pub quantity: bool,
    /// Law of quality: among those, only captures taking the most kings.
    pub quality: bool,
    /// Captured pieces leave the board at once (and a king may not turn
    /// 180° between two captures); otherwise at the end of the move.
    pub remove_at_once: bool,
    /// Directions of a man's ally jumps (0: no ally jumps).
    pub ally_man: u8,
    /// Directions of a king's ally jumps.
    pub ally_king: u8,
}

impl Rules {
    /// The neighbour table of this board size.
    #[must_use]
    pub fn neighbours(&self) -> &'static Neighbours {
        if self.size == 6 {
            &NEIGHBOURS_6
        } else {
            &NEIGHBOURS_8
        }
    }

    /// The whole-board tables of this board size.
    #[inline(always)]
    pub(crate) fn geometry(&self) -> &'static Geometry {
        if self.size == 6 {
            &GEOMETRY_6
        } else {
            &GEOMETRY_8
        }
    }
}

/// Whole-board tables of one board size, for the bitboard generator.
#[derive(Debug)]
pub(crate) struct Geometry {
    /// `step[d][sq]`: the bit of the square one step from `sq` in direction
    /// `d`, or 0 off the board (and for squares off the board).
    pub step: [[u64; 64]; 8],
    /// `ray[d][sq]`: every square from `sq` (excluded) to the edge in
    /// direction `d`.
    pub ray: [[u64; 64]; 8],
    /// `src[d]`: the squares of the board with a neighbour in direction `d`.
    pub src: [u64; 8],
    /// `steps[mask][sq]`: the union of `step[d][sq]` over the directions
    /// `d` of `mask`.
    pub steps: [[u64; 64]; 256],
}

/// How far a bitboard rotates left to move every bit one step in each
/// direction (the source masked by [`Geometry::src`], so nothing wraps).
pub(crate) const ROT: [u32; 8] = [8, 9, 1, 57, 56, 55, 63, 7];

/// Whether a direction increases the square index (N, NE, E, NW).
pub(crate) const fn ascending(d: usize) -> bool {
    matches!(d, 0 | 1 | 2 | 7)
}

const fn geometry(size: u8) -> Geometry {
    let next = build(size);
    let mut g = Geometry {
        step: [[0; 64]; 8],
        ray: [[0; 64]; 8],
        src: [0; 8],
        steps: [[0; 64]; 256],
    };
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let n = next[d][sq];
            if n != OFF {
                g.step[d][sq] = 1u64 << n;
                g.src[d] |= 1u64 << sq;
                let mut t = n;
                while t != OFF {
                    g.ray[d][sq] |= 1u64 << t;
                    t = next[d][t as usize];
                }
            }
            sq += 1;
        }
        d += 1;
    }
    let mut mask = 0;
    while mask < 256 {
        let mut sq = 0;
        while sq < 64 {
            let mut d = 0;
            while d < 8 {
                if mask & (1 << d) != 0 {
                    g.steps[mask][sq] |= g.step[d][sq];
                }
                d += 1;
            }
            sq += 1;
        }
        mask += 1;
    }
    g
}

/// The tables of the 6x6 board.
pub(crate) static GEOMETRY_6: Geometry = geometry(6);
/// The tables of the 8x8 board.
pub(crate) static GEOMETRY_8: Geometry = geometry(8);

impl Geometry {
    /// Every bit of `b` moved one step in direction `d` (bits that would
    /// leave the board are dropped).
    #[inline(always)]
    pub fn shift(&self, b: u64, d: usize) -> u64 {
        (b & self.src[d]).rotate_left(ROT[d])
    }

    /// The empty squares a slider on `sq` passes in direction `d` before
    /// the first occupied square, and that square's bit (0 if none).
    #[inline(always)]
    pub fn slide(&self, d: usize, sq: usize, occ: u64) -> (u64, u64) {
        let ray = self.ray[d][sq];
        let hit = ray & occ;
        if hit == 0 {
            return (ray, 0);
        }
        let b = if ascending(d) {
            hit.trailing_zeros()
        } else {
            63 - hit.leading_zeros()
        };
        (ray & !self.ray[d][b as usize] & !(1u64 << b), 1u64 << b)
    }
}
