//! Imago: two pieces each on a 6x6 grid; every step of yours pushes one of
//! the opponent's pieces the opposite way. First to put a piece on one of its
//! own goal cells wins.
//!
//! The rules as implemented are in `docs/rules/imago.md`.
//!
//! ```
//! use tablero_core::Game;
//! use tablero_games::imago::{Imago, Layout};
//!
//! let mut pos = Imago::start(&Layout::default());
//! assert_eq!(pos.position_string(), "b2,b5/g2,g5 r 0");
//! let mv = pos.parse_move("b2-c2 g5").unwrap();
//! pos.play(mv).unwrap();
//! // Red stepped right, so the chosen Blue piece on g5 was pushed left.
//! assert_eq!(pos.position_string(), "b5,c2/f5,g2 b 0");
//! ```

mod board;
mod describe;
mod error;
mod eval;
mod movegen;
mod notation;

pub use board::{
    Cell, Dir, Layout, Wall, BLUE_GOALS, DEFAULT_BLUE, DEFAULT_RED, EXISTS, GOALS, GRID, RED_GOALS,
};
pub use error::{LayoutError, LayoutProblem, MoveSyntaxError, PositionError};

use tablero_core::{mix64, ArrayVec, Game, MoveError, Outcome, Player, Reason};

/// Number of placements of the four pieces on the grid with either side to
/// move: C(36,2) · C(34,2) · 2.
pub const GRID_POSITIONS: u64 = 706_860;

/// An Imago move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Step one own piece from `from` to the neighbour `to`, then push the
    /// opponent piece on `push` the opposite way (it stays when it cannot
    /// move). `push` is `None` exactly for a winning step onto a goal cell.
    Step {
        /// The piece moved.
        from: Cell,
        /// Where it goes.
        to: Cell,
        /// The opponent piece chosen for step (2).
        push: Option<Cell>,
    },
    /// No step exists: the turn passes.
    Pass,
}

/// Bound on the legal moves of a position: two pieces times four directions
/// give at most 8 steps, each with at most 2 choices of opponent piece.
pub const MAX_MOVES: usize = 16;

/// A position of Imago: the layout, the pieces, the side to move and the
/// number of passes in a row just made.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Imago {
    layout: Layout,
    red: u64,
    blue: u64,
    side: Player,
    passes: u8,
}

impl Imago {
    /// Builds a position from its parts.
    ///
    /// # Panics
    /// When the pieces are not two per colour on distinct existing cells.
    #[must_use]
    pub fn from_parts(
        layout: Layout,
        red: [Cell; 2],
        blue: [Cell; 2],
        side: Player,
        passes: u8,
    ) -> Imago {
        let (r, b) = (red[0].bit() | red[1].bit(), blue[0].bit() | blue[1].bit());
        assert!(
            r.count_ones() == 2 && b.count_ones() == 2 && r & b == 0,
            "two pieces each on distinct cells"
        );
        Imago {
            layout,
            red: r,
            blue: b,
            side,
            passes,
        }
    }

    /// The layout.
    #[must_use]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Bitboard of a player's pieces (player one is Red).
    #[must_use]
    pub const fn pieces(&self, player: Player) -> u64 {
        match player {
            Player::P1 => self.red,
            Player::P2 => self.blue,
        }
    }

    /// A player's two pieces, sorted by name.
    #[must_use]
    pub fn cells(&self, player: Player) -> [Cell; 2] {
        let mut it = Cell::iter_bits(self.pieces(player));
        let mut out = [
            it.next().expect("two pieces"),
            it.next().expect("two pieces"),
        ];
        out.sort();
        out
    }

    /// Whose piece stands on `cell`.
    #[must_use]
    pub const fn piece_at(&self, cell: Cell) -> Option<Player> {
        if self.red & cell.bit() != 0 {
            Some(Player::P1)
        } else if self.blue & cell.bit() != 0 {
            Some(Player::P2)
        } else {
            None
        }
    }

    /// Passes in a row just made (0, 1 or 2).
    #[must_use]
    pub const fn passes(&self) -> u8 {
        self.passes
    }

    /// The goal cells of `player`.
    #[must_use]
    pub const fn goals_of(player: Player) -> u64 {
        match player {
            Player::P1 => RED_GOALS,
            Player::P2 => BLUE_GOALS,
        }
    }

    /// The colour name of a player: `red` or `blue`.
    #[must_use]
    pub const fn colour(player: Player) -> &'static str {
        match player {
            Player::P1 => "red",
            Player::P2 => "blue",
        }
    }
}

impl tablero_core::Variant for Layout {
    type ParseError = LayoutError;
}

impl Game for Imago {
    type Move = Move;
    type MoveList = ArrayVec<Move, MAX_MOVES>;
    type Variant = Layout;
    type PositionError = PositionError;

    const NAME: &'static str = "imago";

    fn start_with(variant: &Layout, first: Player) -> Imago {
        Imago::from_parts(
            variant.clone(),
            variant.red_start(),
            variant.blue_start(),
            first,
            0,
        )
    }

    fn variant(&self) -> &Layout {
        &self.layout
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

    fn natural_outcome(&self) -> Option<Outcome> {
        if self.red & RED_GOALS != 0 {
            Some(Outcome::win(Player::P1, Reason::Goal))
        } else if self.blue & BLUE_GOALS != 0 {
            Some(Outcome::win(Player::P2, Reason::Goal))
        } else {
            None
        }
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        (self.passes >= 2).then(|| Outcome::draw(Reason::NoMoves))
    }

    fn position_hash(&self) -> u64 {
        mix64(self.repetition_key() ^ u64::from(self.passes))
    }

    /// The board and the side to move; a pass just made does not make the
    /// position a different one for the repetition rule.
    fn repetition_key(&self) -> u64 {
        mix64(self.red ^ mix64(self.blue ^ ((self.side.index() as u64) << 63)))
    }

    fn repetition_limit() -> Option<u32> {
        Some(3)
    }

    /// Each placement with a side to move may occur twice before the third
    /// time ends the game, so no game is longer than twice the positions.
    fn max_plies(_: &Layout) -> u64 {
        2 * GRID_POSITIONS + 1
    }

    fn position_string(&self) -> String {
        notation::format_position(self)
    }

    fn parse_position(variant: &Layout, text: &str) -> Result<Imago, PositionError> {
        notation::parse_position(variant, text)
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
