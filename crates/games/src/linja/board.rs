//! Linja's board: the eight rows and the pieces counted per row.
//!
//! Pieces on one row are interchangeable, so a side's pieces are just eight
//! counts. They are kept by *progress*: the distance from the side's own
//! start line (Red's progress is the row number, Black's is `7 - row`), so
//! that the rules are written once for both sides. Each count is at most 12
//! and fits a nibble: one side's pieces are a `u32`.

use std::fmt;
use tablero_core::Player;

/// A row of the board, `0`–`7`. Row 0 is Red's start line and Black's goal
/// line, row 7 Black's start line and Red's goal line; rows 1–6 are the
/// field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Row(u8);

impl Row {
    /// Number of rows.
    pub const NUM: usize = 8;
    /// Every row, from 0 to 7.
    pub const ALL: [Row; 8] = [
        Row(0),
        Row(1),
        Row(2),
        Row(3),
        Row(4),
        Row(5),
        Row(6),
        Row(7),
    ];

    /// The row with that number, if it is 0–7.
    #[must_use]
    pub const fn try_index(i: usize) -> Option<Row> {
        if i < 8 {
            Some(Row(i as u8))
        } else {
            None
        }
    }

    /// The row number, 0–7.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is a field row (1–6), which holds at most
    /// [`ROW_LIMIT`] pieces.
    #[must_use]
    pub const fn is_field(self) -> bool {
        self.0 >= 1 && self.0 <= 6
    }

    /// The row at `progress` from `player`'s start line.
    #[must_use]
    pub const fn from_progress(player: Player, progress: usize) -> Row {
        match player {
            Player::P1 => Row(progress as u8),
            Player::P2 => Row(7 - progress as u8),
        }
    }

    /// This row's distance from `player`'s start line.
    #[must_use]
    pub const fn progress(self, player: Player) -> usize {
        match player {
            Player::P1 => self.0 as usize,
            Player::P2 => 7 - self.0 as usize,
        }
    }

    /// `player`'s start line (row 0 for Red, 7 for Black).
    #[must_use]
    pub const fn start_of(player: Player) -> Row {
        Row::from_progress(player, 0)
    }

    /// `player`'s goal line (row 7 for Red, 0 for Black).
    #[must_use]
    pub const fn goal_of(player: Player) -> Row {
        Row::from_progress(player, GOAL)
    }
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Pieces on one field row at most.
pub const ROW_LIMIT: u32 = 6;
/// Pieces per side.
pub const PIECES: u32 = 12;
/// Progress of the goal line.
pub const GOAL: usize = 7;
/// Points per piece by progress: 5/3/2/1 on the last four rows.
pub const POINTS: [u32; 8] = [0, 0, 0, 0, 1, 2, 3, 5];

/// One side's pieces: nibble `p` is the number of pieces at progress `p`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Pieces(pub(crate) u32);

impl Pieces {
    /// The start layout: 6 on the start line, 1 on each field row.
    pub const START: Pieces = Pieces::from_counts([6, 1, 1, 1, 1, 1, 1, 0]);

    /// From the counts by progress.
    #[must_use]
    pub const fn from_counts(counts: [u8; 8]) -> Pieces {
        let mut bits = 0u32;
        let mut p = 0;
        while p < 8 {
            bits |= ((counts[p] & 0xF) as u32) << (4 * p);
            p += 1;
        }
        Pieces(bits)
    }

    /// The counts by progress.
    #[must_use]
    pub const fn counts(self) -> [u8; 8] {
        let mut out = [0u8; 8];
        let mut p = 0;
        while p < 8 {
            out[p] = self.at(p) as u8;
            p += 1;
        }
        out
    }

    /// Pieces at progress `p`.
    #[inline]
    #[must_use]
    pub const fn at(self, p: usize) -> u32 {
        (self.0 >> (4 * p)) & 0xF
    }

    /// The packed nibbles.
    #[must_use]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Moves one piece from progress `from` to `to`.
    #[inline]
    pub(crate) fn shift(&mut self, from: usize, to: usize) {
        self.0 = self.0 - (1 << (4 * from)) + (1 << (4 * to));
    }

    /// The lowest progress holding a piece (8 when there is none).
    #[inline]
    #[must_use]
    pub const fn rearmost(self) -> usize {
        (self.0.trailing_zeros() / 4) as usize
    }

    /// Total pieces.
    #[must_use]
    pub const fn total(self) -> u32 {
        let mut t = 0;
        let mut p = 0;
        while p < 8 {
            t += self.at(p);
            p += 1;
        }
        t
    }

    /// The points these pieces score: 5/3/2/1 per piece at progress 7/6/5/4.
    #[must_use]
    pub const fn score(self) -> u32 {
        5 * self.at(7) + 3 * self.at(6) + 2 * self.at(5) + self.at(4)
    }
}
