//! Jarmo: five archers each on an asymmetric board of 25 points and 39
//! lines. Archers capture by replacement, captors are marked for good, a
//! marked archer reaching the enemy's first row brings a lost archer back,
//! and the game ends when one side has all its archers on the enemy's first
//! row; then points decide.
//!
//! The rules as implemented are in `docs/rules/jarmo.md`.
//!
//! ```
//! use tablero_core::Game;
//! use tablero_games::jarmo::{Jarmo, Orientation};
//!
//! let mut pos = Jarmo::start(&Orientation::Standard);
//! assert_eq!(pos.position_string(), "lllll/5/5/5/ddddd d 0/0 0 -/-");
//! let mv = pos.parse_move("b1-d2").unwrap();
//! pos.play(mv).unwrap();
//! assert_eq!(pos.position_string(), "lllll/5/5/3d1/d1ddd l 0/0 1 b1-d2/-");
//! ```

mod board;
mod describe;
mod error;
mod eval;
mod movegen;
mod notation;

pub use board::{row_mask, Orientation, Point, ALL_POINTS, LINES, MAX_DEGREE, NEIGHBOURS};
pub use error::{MoveSyntaxError, PositionError, VariantError};

use tablero_core::{mix64, ArrayVec, Game, MoveError, Outcome, Player, Points, Reason};

/// Archers per side.
pub const ARCHERS: u8 = 5;

/// Plies in a row without a capture that end the game (passes included).
pub const QUIET_CAP: u8 = 200;

/// A Jarmo move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// An archer moves along a line from `from` to `to`; `capture` when an
    /// enemy archer stood on `to`. `ret` is the point of the own first row
    /// where a lost archer comes back at the end of the move, when a return
    /// is due and possible.
    Step {
        /// Where the archer stands.
        from: Point,
        /// Where it goes.
        to: Point,
        /// Whether it captures the enemy archer on `to`.
        capture: bool,
        /// The return made with this move.
        ret: Option<Point>,
    },
    /// No move exists: the turn passes (making a due return if possible).
    Pass {
        /// The return made with this pass.
        ret: Option<Point>,
    },
}

/// One of a player's recent moves, as far as the shuttle rule needs it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Recent {
    /// No move (the game started less than three moves of this player ago).
    #[default]
    None,
    /// A pass.
    Pass,
    /// An archer went from the first point to the second.
    Step(Point, Point),
}

/// Bound on the legal moves of a position. Without a return at most five
/// archers move, along at most 7 + 6 + 5 + 5 + 5 = 28 lines (the five
/// points with the most lines: `b3`, `d3`, `c2`, `c3`, `c4`). A move can only
/// make a return when its player has lost an archer, so at most four archers
/// move (7 + 6 + 5 + 5 = 23 lines), each with at most five points of the
/// first row to return to: 115. Passes are made only when nothing else is
/// legal, at most five of them.
pub const MAX_MOVES: usize = 115;

/// A position of Jarmo: the variant, the archers and their marks, the
/// returns owed, the side to move, the plies since the last capture and
/// each player's last three moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Jarmo {
    orientation: Orientation,
    archers: [u32; 2],
    marked: u32,
    owed: [u8; 2],
    side: Player,
    quiet: u8,
    recent: [[Recent; 3]; 2],
}

impl Jarmo {
    /// Builds a position from its parts. `recent` holds each player's last
    /// three moves, oldest first.
    ///
    /// # Panics
    /// When the archers overlap, a side has more than five, a mark is on an
    /// empty point, more returns are owed than archers lost, or `quiet` is
    /// over [`QUIET_CAP`].
    #[must_use]
    pub fn from_parts(
        orientation: Orientation,
        archers: [u32; 2],
        marked: u32,
        owed: [u8; 2],
        side: Player,
        quiet: u8,
        recent: [[Recent; 3]; 2],
    ) -> Jarmo {
        assert!(archers[0] & archers[1] == 0, "one archer per point");
        assert!(marked & !(archers[0] | archers[1]) == 0, "marks on archers");
        for p in Player::ALL {
            let on = archers[p.index()];
            assert!(on & !ALL_POINTS == 0 && on.count_ones() <= u32::from(ARCHERS));
            assert!(owed[p.index()] <= ARCHERS - on.count_ones() as u8);
        }
        assert!(quiet <= QUIET_CAP);
        Jarmo {
            orientation,
            archers,
            marked,
            owed,
            side,
            quiet,
            recent,
        }
    }

    /// The orientation (the variant).
    #[must_use]
    pub const fn orientation(&self) -> Orientation {
        self.orientation
    }

    /// Bitboard of a player's archers on the board.
    #[must_use]
    pub const fn archers(&self, player: Player) -> u32 {
        self.archers[player.index()]
    }

    /// Bitboard of the marked archers (both colours).
    #[must_use]
    pub const fn marked(&self) -> u32 {
        self.marked
    }

    /// Whose archer stands on `point`.
    #[must_use]
    pub const fn archer_at(&self, point: Point) -> Option<Player> {
        if self.archers[0] & point.bit() != 0 {
            Some(Player::P1)
        } else if self.archers[1] & point.bit() != 0 {
            Some(Player::P2)
        } else {
            None
        }
    }

    /// Whether the archer on `point` is marked.
    #[must_use]
    pub const fn is_marked(&self, point: Point) -> bool {
        self.marked & point.bit() != 0
    }

    /// A player's archers off the board: captured and not yet returned.
    #[must_use]
    pub const fn lost(&self, player: Player) -> u8 {
        ARCHERS - self.archers[player.index()].count_ones() as u8
    }

    /// Returns owed to a player and not yet made (its first row was full).
    #[must_use]
    pub const fn owed(&self, player: Player) -> u8 {
        self.owed[player.index()]
    }

    /// Plies since the last capture (at most [`QUIET_CAP`]).
    #[must_use]
    pub const fn quiet(&self) -> u8 {
        self.quiet
    }

    /// A player's last three moves, oldest first.
    #[must_use]
    pub const fn recent(&self, player: Player) -> [Recent; 3] {
        self.recent[player.index()]
    }

    /// Whether all of `player`'s archers on the board stand on the enemy's
    /// first row (true with none on the board).
    #[must_use]
    pub const fn is_done(&self, player: Player) -> bool {
        self.archers[player.index()] & !self.orientation.target(player) == 0
    }

    /// A player's points as the game stands, counted "the second way": 2
    /// per archer on the enemy's first row, 1 per other archer on the board.
    #[must_use]
    pub const fn points(&self, player: Player) -> u32 {
        let own = self.archers[player.index()];
        let arrived = own & self.orientation.target(player);
        2 * arrived.count_ones() + (own & !arrived).count_ones()
    }

    /// The colour of a player: `dark` or `light`.
    #[must_use]
    pub const fn colour(player: Player) -> &'static str {
        match player {
            Player::P1 => "dark",
            Player::P2 => "light",
        }
    }

    fn score_as_it_stands(&self) -> [Points; 2] {
        [
            Points::whole(self.points(Player::P1)),
            Points::whole(self.points(Player::P2)),
        ]
    }

    /// The hash of everything but the plies since the last capture and the
    /// recent moves.
    fn board_key(&self) -> u64 {
        let owed = u64::from(self.owed[0]) | (u64::from(self.owed[1]) << 4);
        let side = (self.side.index() as u64) << 8;
        let orient = (self.orientation as u64) << 9;
        mix64(
            u64::from(self.archers[0])
                ^ mix64(
                    u64::from(self.archers[1])
                        ^ mix64(u64::from(self.marked) ^ mix64(owed | side | orient)),
                ),
        )
    }
}

impl tablero_core::Variant for Orientation {
    type ParseError = VariantError;
}

/// The number of positions that differ in what the repetition rule compares
/// (archers with their marks, returns owed, side to move), an upper bound:
/// every placement of at most five archers a side, each marked or not,
/// times each number of owed returns up to the archers lost, times two sides.
#[must_use]
pub fn repetition_keys() -> u128 {
    fn choose(n: u128, k: u128) -> u128 {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }
    let mut total: u128 = 0;
    for a in 0..=5u128 {
        for b in 0..=5u128 {
            total += choose(25, a) * choose(25 - a, b) * (1 << (a + b)) * (6 - a) * (6 - b);
        }
    }
    2 * total
}

impl Game for Jarmo {
    type Move = Move;
    type MoveList = ArrayVec<Move, MAX_MOVES>;
    type Variant = Orientation;
    type PositionError = PositionError;

    const NAME: &'static str = "jarmo";

    fn start_with(variant: &Orientation, first: Player) -> Jarmo {
        let mut archers = [0; 2];
        for p in Player::ALL {
            archers[p.index()] = variant.home(p);
        }
        Jarmo::from_parts(
            *variant,
            archers,
            0,
            [0, 0],
            first,
            0,
            [[Recent::None; 3]; 2],
        )
    }

    fn variant(&self) -> &Orientation {
        &self.orientation
    }

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, moves: &mut Self::MoveList) {
        self.generate(moves);
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    /// The end of the game: a side has all its archers on the board on the
    /// enemy's first row (or none on the board). That side (the mover when
    /// both are done) scores 2 per archer; the other 2 per archer on the
    /// enemy's first row and 1 per other archer.
    fn natural_outcome(&self) -> Option<Outcome> {
        let first = match (self.is_done(Player::P1), self.is_done(Player::P2)) {
            (false, false) => return None,
            (true, true) => self.side.other(),
            (true, false) => Player::P1,
            (false, true) => Player::P2,
        };
        let mut score = self.score_as_it_stands();
        score[first.index()] = Points::whole(2 * self.archers(first).count_ones());
        Some(Outcome::by_points(score, Reason::AllArrived))
    }

    /// 200 plies without a capture end the game, scored as it stands.
    fn rule_outcome(&self) -> Option<Outcome> {
        (self.quiet >= QUIET_CAP)
            .then(|| Outcome::by_points(self.score_as_it_stands(), Reason::MoveCap))
    }

    /// A position seen for the third time ends the game, scored as it stands
    /// (tablero's ruling: returns make captures possible without end, so the
    /// capture cap alone does not guarantee the end).
    fn repetition_outcome(&self) -> Outcome {
        Outcome::by_points(self.score_as_it_stands(), Reason::Repetition)
    }

    fn position_hash(&self) -> u64 {
        let mut h = self.board_key() ^ u64::from(self.quiet);
        for (i, r) in self.recent.iter().flatten().enumerate() {
            let code = match *r {
                Recent::None => 0u64,
                Recent::Pass => 1,
                Recent::Step(a, b) => 2 + a.index() as u64 * 32 + b.index() as u64,
            };
            h = mix64(h ^ (code << 16) ^ i as u64);
        }
        h
    }

    /// The archers with their marks, the returns owed and the side to move;
    /// the plies since the last capture and the recent moves do not count.
    fn repetition_key(&self) -> u64 {
        self.board_key()
    }

    fn repetition_limit() -> Option<u32> {
        Some(3)
    }

    /// Each repetition key may occur twice before the third time ends the
    /// game, so no game is longer than twice their number.
    fn max_plies(_: &Orientation) -> u64 {
        u64::try_from(2 * repetition_keys() + 1).unwrap_or(u64::MAX)
    }

    fn position_string(&self) -> String {
        notation::format_position(self)
    }

    fn parse_position(variant: &Orientation, text: &str) -> Result<Jarmo, PositionError> {
        notation::parse_position(*variant, text)
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv = text.parse::<Move>().map_err(|e| MoveError::Syntax {
            text: text.to_string(),
            at: e.at(),
            reason: tablero_core::Localize::message(&e),
        })?;
        tablero_core::resolve_exact(self, text, mv, || self.why_illegal(mv))
    }
}
