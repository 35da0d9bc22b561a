//! Linja: twelve pieces each race across seven sticks (eight rows). A turn
//! is a first move of one row and a following move as long as the row the
//! first move reached was full; the game ends when the two sides have passed
//! each other, and pieces deep in enemy land score 5/3/2/1.
//!
//! The rules as implemented are in `docs/rules/linja.md`. Pieces on one row
//! are interchangeable, so a position is two sets of eight counts, the side
//! to move and a pass counter: a few bytes.
//!
//! ```
//! use tablero_core::Game;
//! use tablero_games::linja::{Linja, Rules};
//!
//! let mut pos = Linja::start(&Rules::default());
//! assert_eq!(pos.position_string(), "6r/1r1b/1r1b/1r1b/1r1b/1r1b/1r1b/6b r 0");
//! // Red moves a piece from row 0 to row 1, which held 2 pieces, so a
//! // piece moves 2 rows on: from row 3 to row 5.
//! let mv = pos.parse_move("0-1 3-5").unwrap();
//! pos.play(mv).unwrap();
//! assert_eq!(pos.position_string(), "5r/2r1b/1r1b/1b/1r1b/2r1b/1r1b/6b b 0");
//! ```

mod board;
mod describe;
mod error;
mod eval;
mod movegen;
mod notation;

pub use board::{Pieces, Row, GOAL, PIECES, POINTS, ROW_LIMIT};
pub use error::{MoveSyntaxError, PositionError, RulesError};

use tablero_core::{mix64, Game, MoveError, Outcome, Player, Points, Reason};

/// The rule set: the publisher's rules (default) or the seed's, which lack
/// the extra turn of special case 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rules {
    /// The publisher's rules: a following move onto an empty field row
    /// gives one more whole turn.
    #[default]
    Publisher,
    /// The seed's rules: no extra turn.
    Seed,
}

impl Rules {
    /// Whether special case 3 (the extra turn) is played.
    #[must_use]
    pub const fn extra_turn(self) -> bool {
        matches!(self, Rules::Publisher)
    }
}

impl tablero_core::Variant for Rules {
    type ParseError = RulesError;
}

/// One piece moving from one row to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Step {
    /// The row it leaves.
    pub from: Row,
    /// The row it reaches.
    pub to: Row,
}

/// A Linja move: the whole turn. Up to four steps: the first move, the
/// following move, and, after an extra turn, its first and following move.
/// No step at all is a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    len: u8,
    steps: [Step; 4],
}

impl Move {
    /// The pass: no first move exists.
    pub const PASS: Move = Move {
        len: 0,
        steps: [Step {
            from: Row::ALL[0],
            to: Row::ALL[0],
        }; 4],
    };

    /// A move of these steps (1 to 4; a third step is the extra turn's
    /// first move, so it needs two before it).
    ///
    /// # Panics
    /// With no step or more than four.
    #[must_use]
    pub fn new(steps: &[Step]) -> Move {
        assert!(
            (1..=4).contains(&steps.len()),
            "a move has 1 to 4 steps, not {}",
            steps.len()
        );
        let mut m = Move::PASS;
        m.steps[..steps.len()].copy_from_slice(steps);
        m.len = steps.len() as u8;
        m
    }

    /// Whether this is the pass.
    #[must_use]
    pub const fn is_pass(self) -> bool {
        self.len == 0
    }

    /// The steps in order (empty for the pass).
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// Whether the move includes an extra turn (special case 3).
    #[must_use]
    pub const fn has_extra_turn(self) -> bool {
        self.len > 2
    }

    pub(crate) fn push(&mut self, step: Step) {
        self.steps[self.len as usize] = step;
        self.len += 1;
    }
}

/// A position of Linja: both sides' pieces, the side to move, the passes
/// just made in a row, and the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Linja {
    rules: Rules,
    pieces: [Pieces; 2],
    side: Player,
    passes: u8,
}

impl Linja {
    /// Builds a position from the counts per row (index = row number).
    ///
    /// # Errors
    /// [`PositionError`] (with `at` 0) when a side does not have 12 pieces,
    /// a field row holds more than 6, or the pass counter is not 0–2 (0 once
    /// the game has ended by passing each other).
    pub fn from_rows(
        rules: Rules,
        red: [u8; 8],
        black: [u8; 8],
        side: Player,
        passes: u8,
    ) -> Result<Linja, PositionError> {
        notation::validate(rules, red, black, side, passes, [0; 10])
    }

    pub(crate) fn from_parts_unchecked(
        rules: Rules,
        pieces: [Pieces; 2],
        side: Player,
        passes: u8,
    ) -> Linja {
        Linja {
            rules,
            pieces,
            side,
            passes,
        }
    }

    /// The rules this position is played under.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// A side's pieces, counted by progress from its own start line.
    #[must_use]
    pub const fn pieces(&self, player: Player) -> Pieces {
        self.pieces[player.index()]
    }

    /// How many of `player`'s pieces stand on `row`.
    #[must_use]
    pub const fn count(&self, player: Player, row: Row) -> u32 {
        self.pieces(player).at(row.progress(player))
    }

    /// Pieces of both sides on `row`.
    #[must_use]
    pub const fn row_total(&self, row: Row) -> u32 {
        self.count(Player::P1, row) + self.count(Player::P2, row)
    }

    /// The counts per row (index = row number) of a side.
    #[must_use]
    pub fn rows(&self, player: Player) -> [u8; 8] {
        let mut out = [0u8; 8];
        for r in Row::ALL {
            out[r.index()] = self.count(player, r) as u8;
        }
        out
    }

    /// Passes in a row just made (0, 1 or 2).
    #[must_use]
    pub const fn passes(&self) -> u8 {
        self.passes
    }

    /// Whether the two sides have passed each other: every Red piece stands
    /// on a higher row than every Black piece.
    #[inline]
    #[must_use]
    pub const fn has_passed(&self) -> bool {
        // Red's lowest row is its rearmost progress r; Black's highest row is
        // 7 - (its rearmost progress b). Passed when r > 7 - b.
        self.pieces[0].rearmost() + self.pieces[1].rearmost() > GOAL
    }

    /// The points of each side as the board stands (Red: 5/3/2/1 per piece
    /// on rows 7/6/5/4; Black on rows 0/1/2/3).
    #[must_use]
    pub const fn scores(&self) -> [u32; 2] {
        [self.pieces[0].score(), self.pieces[1].score()]
    }

    /// The score difference for the side to move: its points minus the
    /// other side's.
    #[must_use]
    pub const fn score_diff(&self) -> i32 {
        let s = self.scores();
        let d = s[0] as i32 - s[1] as i32;
        match self.side {
            Player::P1 => d,
            Player::P2 => -d,
        }
    }

    /// A compact key, unique among the positions of one rule set: both
    /// sides' counts except the start line (which follows from the total of
    /// 12), the side to move and the pass counter, in 59 bits.
    #[must_use]
    pub const fn key(&self) -> u64 {
        ((self.pieces[0].bits() >> 4) as u64)
            | (((self.pieces[1].bits() >> 4) as u64) << 28)
            | ((self.side.index() as u64) << 56)
            | ((self.passes as u64) << 57)
    }

    /// The colour name of a player: `red` or `black`.
    #[must_use]
    pub const fn colour(player: Player) -> &'static str {
        match player {
            Player::P1 => "red",
            Player::P2 => "black",
        }
    }

    fn points_outcome(&self, reason: Reason) -> Outcome {
        let s = self.scores();
        Outcome::by_points([Points::whole(s[0]), Points::whole(s[1])], reason)
    }
}

/// Every game ends within this many plies: each turn that is not a pass
/// moves a piece at least one row on, a side's 12 pieces can go at most
/// 12 · 7 = 84 rows, so there are at most 168 such turns; between two of
/// them there is at most one pass, and two passes end the game.
pub const MAX_PLIES: u64 = 2 * 168 + 2;

impl Game for Linja {
    type Move = Move;
    /// A `Vec`: the number of moves of a turn with an extra turn is a
    /// product of four choices of row (up to 7 each), too many to keep on
    /// the stack at every ply of a search; callers reuse the buffer.
    type MoveList = Vec<Move>;
    type Variant = Rules;
    type PositionError = PositionError;

    const NAME: &'static str = "linja";

    fn start_with(variant: &Rules, first: Player) -> Linja {
        Linja {
            rules: *variant,
            pieces: [Pieces::START; 2],
            side: first,
            passes: 0,
        }
    }

    fn variant(&self) -> &Rules {
        &self.rules
    }

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.generate(moves);
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    fn natural_outcome(&self) -> Option<Outcome> {
        self.has_passed()
            .then(|| self.points_outcome(Reason::Passed))
    }

    /// Two passes in a row: the game ends, scored as the board stands.
    fn rule_outcome(&self) -> Option<Outcome> {
        (self.passes >= 2).then(|| self.points_outcome(Reason::NoMoves))
    }

    fn position_hash(&self) -> u64 {
        mix64(self.key() ^ mix64(u64::from(self.rules == Rules::Seed)))
    }

    fn max_plies(_: &Rules) -> u64 {
        MAX_PLIES
    }

    fn position_string(&self) -> String {
        notation::format_position(self)
    }

    fn parse_position(variant: &Rules, text: &str) -> Result<Linja, PositionError> {
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
