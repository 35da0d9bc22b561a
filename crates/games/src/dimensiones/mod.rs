//! Super Dimensiones: two games of draughts on one 6x6 board. Each player
//! owns two armies; Red faces Blue and Aqua faces Orange, and five cards
//! choose the rules (32 rule sets, written like `I-C-A-W-R`).
//!
//! Built on the draughts core ([`crate::draughts`]). The rules as
//! implemented are in `docs/rules/dimensiones.md`.
//!
//! ```
//! use tablero_core::Game;
//! use tablero_games::dimensiones::{Dimensiones, RuleSet};
//!
//! let rules: RuleSet = "M-C-N-W-R".parse().unwrap();
//! let mut pos = Dimensiones::start(&rules);
//! assert_eq!(pos.position_string(), "obobob/bobobo/6/6/ararar/rarara r -- 0 rbao");
//! assert_eq!(pos.mover_label(), Some("red"));
//! pos.play(pos.parse_move("b2-c3").unwrap()).unwrap();
//! // Blue moves next, in the cycle Red, Blue, Aqua, Orange.
//! assert_eq!(pos.position_string(), "obobob/bobobo/6/2r3/a1arar/rarara b -- 0 rbao");
//! ```

mod board;
mod describe;
mod error;
mod eval;
mod movegen;
mod notation;

pub use board::{Army, Dimension, Formation, Power, RuleSet, Strategy, Tactics};
pub use error::VariantError;
pub use eval::WON;

use crate::draughts::{format_move, resolve, Move, PositionError, Square};
use tablero_core::{mix64, Game, MoveError, Outcome, Player, Points, Reason};

/// Plies in a row without a capture, a man move or a penalty that end the
/// game (each open sub-game is then scored by value).
pub const CLOCK_LIMIT: u8 = 60;

/// The state of one sub-game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SubGame {
    /// Still played.
    Open,
    /// Won by this player.
    Won(Player),
    /// Drawn.
    Drawn,
}

/// Why a decided sub-game ended, as its position shows it: the army that
/// decided it (in conquest the loser's, in distraction the winner's) has
/// no pieces left, or has pieces but could not move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SubGameEnd {
    /// This army has no pieces left.
    NoPieces(Army),
    /// This army has pieces but could not move.
    Blocked(Army),
}

impl SubGame {
    fn points(self) -> [Points; 2] {
        match self {
            SubGame::Open | SubGame::Drawn => [Points::HALF; 2],
            SubGame::Won(Player::P1) => [Points::ONE, Points::ZERO],
            SubGame::Won(Player::P2) => [Points::ZERO, Points::ONE],
        }
    }
}

/// A position of Super Dimensiones: the four armies, the army to move,
/// the two sub-games, the draw clock, and who moved first (the cycle).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dimensiones {
    variant: RuleSet,
    men: [u64; 4],
    kings: [u64; 4],
    /// Every piece on the board: the union of `men` and `kings`, kept up
    /// to date by `play` (each army's view of the board needs it).
    occupied: u64,
    army: Option<Army>,
    subgames: [SubGame; 2],
    clock: u8,
    first: Player,
    /// Search only ([`Evaluate::focus`](tablero_core::Evaluate)): an open
    /// sub-game whose armies pass until the other one is decided.
    paused: Option<u8>,
}

impl Dimensiones {
    /// The army to move (`None` once both sub-games are decided).
    #[must_use]
    pub const fn army(&self) -> Option<Army> {
        self.army
    }

    /// The state of sub-game 0 (Red–Blue) or 1 (Aqua–Orange).
    #[must_use]
    pub const fn subgame(&self, g: usize) -> SubGame {
        self.subgames[g]
    }

    /// Why sub-game `g` (0 Red–Blue, 1 Aqua–Orange) ended, when it is won:
    /// a sub-game is won only when an army has no pieces left or no move
    /// (by value, when the game ends open, it is scored but stays open).
    /// `None` while open or drawn.
    #[must_use]
    pub fn subgame_end(&self, g: usize) -> Option<SubGameEnd> {
        let SubGame::Won(winner) = *self.subgames.get(g)? else {
            return None;
        };
        // Player one's army of the sub-game is Red or Aqua.
        let south = [Army::Red, Army::Aqua][g];
        let of = |p: Player| {
            if p == Player::P1 {
                south
            } else {
                south.facing()
            }
        };
        let decider = match self.variant.strategy {
            Strategy::Conquer => of(winner.other()),
            Strategy::Distract => of(winner),
        };
        Some(if self.pieces(decider) == 0 {
            SubGameEnd::NoPieces(decider)
        } else {
            SubGameEnd::Blocked(decider)
        })
    }

    /// The men of an army.
    #[must_use]
    pub const fn men(&self, a: Army) -> u64 {
        self.men[a.index()]
    }

    /// The kings of an army.
    #[must_use]
    pub const fn kings(&self, a: Army) -> u64 {
        self.kings[a.index()]
    }

    /// Plies since the last capture, man move or penalty.
    #[must_use]
    pub const fn clock(&self) -> u8 {
        self.clock
    }

    /// Who moved first (it fixes the cycle of the signal token).
    #[must_use]
    pub const fn first(&self) -> Player {
        self.first
    }

    /// The pieces of an army.
    #[must_use]
    pub const fn pieces(&self, a: Army) -> u32 {
        (self.men[a.index()] | self.kings[a.index()]).count_ones()
    }

    /// An army's value: man 1, king 2.
    #[must_use]
    pub const fn value(&self, a: Army) -> u32 {
        self.men[a.index()].count_ones() + 2 * self.kings[a.index()].count_ones()
    }

    /// Every piece on the board.
    #[must_use]
    pub const fn occupied(&self) -> u64 {
        self.occupied
    }

    /// The union of the armies' pieces.
    pub(crate) const fn union(men: &[u64; 4], kings: &[u64; 4]) -> u64 {
        (men[0] | men[1]) | (men[2] | men[3]) | (kings[0] | kings[1]) | (kings[2] | kings[3])
    }

    /// The army and kind (`true`: king) of the piece on `sq`.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<(Army, bool)> {
        Army::ALL.into_iter().find_map(|a| {
            if self.men[a.index()] & sq.bit() != 0 {
                Some((a, false))
            } else if self.kings[a.index()] & sq.bit() != 0 {
                Some((a, true))
            } else {
                None
            }
        })
    }

    /// Whether the piece on `sq` belongs to a decided sub-game (frozen).
    #[must_use]
    pub fn is_frozen(&self, sq: Square) -> bool {
        self.piece_at(sq)
            .is_some_and(|(a, _)| self.subgames[a.subgame()] != SubGame::Open)
    }

    fn piece_char(&self, sq: Square) -> Option<char> {
        self.piece_at(sq).map(|(a, king)| {
            if king {
                a.letter().to_ascii_uppercase()
            } else {
                a.letter()
            }
        })
    }

    fn paths(&self, mv: &Move) -> Vec<Vec<Square>> {
        let Some(army) = self.army else {
            return Vec::new();
        };
        self.view(army, self.variant.core_rules_ref())
            .capture_paths(mv)
    }

    fn outcome_with(&self, subgames: [SubGame; 2], reason: Reason) -> Outcome {
        let a = subgames[0].points();
        let b = subgames[1].points();
        Outcome::by_points([a[0] + b[0], a[1] + b[1]], reason)
    }
}

impl tablero_core::Variant for RuleSet {
    type ParseError = VariantError;
}

impl Game for Dimensiones {
    type Move = Move;
    type MoveList = crate::draughts::MoveList;
    type Variant = RuleSet;
    type PositionError = PositionError;

    const NAME: &'static str = "dimensiones";

    fn start_with(variant: &RuleSet, first: Player) -> Dimensiones {
        let mut men = [0u64; 4];
        for a in Army::ALL {
            men[a.index()] = variant.start_squares(a);
        }
        Dimensiones {
            variant: *variant,
            men,
            kings: [0; 4],
            occupied: Dimensiones::union(&men, &[0; 4]),
            army: Some(match first {
                Player::P1 => Army::Red,
                Player::P2 => Army::Blue,
            }),
            subgames: [SubGame::Open; 2],
            clock: 0,
            first,
            paused: None,
        }
    }

    fn variant(&self) -> &RuleSet {
        &self.variant
    }

    /// The owner of the army to move (after the game, the player who would
    /// have moved next).
    fn side_to_move(&self) -> Player {
        self.army.map_or(Player::P1, Army::player)
    }

    fn legal_moves(&self, moves: &mut crate::draughts::MoveList) {
        match self.army {
            Some(a) => self.moves_of(a, moves),
            None => moves.clear(),
        }
    }

    fn count_moves(&self, moves: &mut crate::draughts::MoveList) -> u64 {
        match self.army {
            Some(a) => self.count_of(a, moves),
            None => 0,
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    fn natural_outcome(&self) -> Option<Outcome> {
        self.army
            .is_none()
            .then(|| self.outcome_with(self.subgames, Reason::Subgames))
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        (self.clock >= CLOCK_LIMIT).then(|| self.outcome_with(self.score_open(), Reason::MoveCap))
    }

    fn repetition_outcome(&self) -> Outcome {
        self.outcome_with(self.score_open(), Reason::Repetition)
    }

    fn position_hash(&self) -> u64 {
        mix64(self.repetition_key() ^ u64::from(self.clock))
    }

    /// The whole position with the army to move, without the clock.
    fn repetition_key(&self) -> u64 {
        let mut h = 0u64;
        for i in 0..4 {
            h = mix64(h ^ self.men[i]);
            h = mix64(h ^ self.kings[i].rotate_left(29));
        }
        let sg = |s: SubGame| match s {
            SubGame::Open => 0u64,
            SubGame::Won(Player::P1) => 1,
            SubGame::Won(Player::P2) => 2,
            SubGame::Drawn => 3,
        };
        let army = self.army.map_or(4, |a| a.index() as u64);
        let paused = self.paused.map_or(0, |g| u64::from(g) + 1);
        mix64(
            h ^ (army << 8)
                ^ (sg(self.subgames[0]) << 12)
                ^ (sg(self.subgames[1]) << 16)
                ^ (paused << 20),
        ) ^ (self.first.index() as u64)
    }

    fn repetition_limit() -> Option<u32> {
        Some(3)
    }

    /// In formation W with card M and without the `huff` returns, every
    /// ply that resets the clock removes a piece, crowns a man or moves a
    /// man forward (24 men, 5 rows), so there are at most 24 + 24 + 24 * 5
    /// such plies, each followed by at most 60 others. Elsewhere men move
    /// sideways (E), ally-jump sideways (I) or come back (`huff` in D), and
    /// only the repetition rule bounds a game: by the number of positions,
    /// which does not fit in 64 bits.
    fn max_plies(variant: &RuleSet) -> u64 {
        let returns = variant.huff && variant.strategy == Strategy::Distract;
        if variant.formation == Formation::Western
            && variant.dimension == Dimension::Multi
            && !returns
        {
            (24 + 24 + 24 * 5 + 1) * (u64::from(CLOCK_LIMIT) + 1)
        } else {
            u64::MAX
        }
    }

    fn position_string(&self) -> String {
        notation::format_position(self)
    }

    fn parse_position(variant: &RuleSet, text: &str) -> Result<Dimensiones, PositionError> {
        notation::parse_position(variant, text)
    }

    fn format_move(&self, mv: Move) -> String {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        format_move(&legal, mv, |m| self.paths(m))
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        resolve(text, 6, &legal, |m| self.paths(m))
    }

    fn mover_label(&self) -> Option<&'static str> {
        self.army.map(Army::name)
    }
}
