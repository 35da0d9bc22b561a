//! The draughts core and its verification configurations.
//!
//! The core ([`Rules`], [`ArmyView`], [`Move`]) is a parametrised draughts
//! move generator: board size, diagonal or orthogonal geometry, the
//! directions of men's moves and captures, flying or short kings, promotion
//! during a capture, the laws of quantity and quality, when captured pieces
//! leave the board, and ally jumps. Super Dimensiones is built on it
//! ([`crate::dimensiones`]).
//!
//! The game `draughts` plays three standard 8x8 games on the same core, so
//! that the core can be checked against other programs: `russian`,
//! `turkish` and `english` (see `docs/rules/dimensiones.md`).
//!
//! ```
//! use tablero_core::{perft, Game};
//! use tablero_games::draughts::{Draughts, DraughtsVariant};
//!
//! let pos = Draughts::start(&DraughtsVariant::Russian);
//! assert_eq!(perft(&pos, 3), 302);
//! let mut pos = pos;
//! pos.play(pos.parse_move("c3-d4").unwrap()).unwrap();
//! assert_eq!(pos.position_string(), "1b1b1b1b/b1b1b1b1/1b1b1b1b/8/3w4/w3w1w1/1w1w1w1w/w1w1w1w1 b 0");
//! ```

mod board;
mod describe;
mod error;
mod eval;
mod movegen;
mod notation;
pub mod pdn;

pub use board::{
    board_mask, dir, row_mask, Neighbours, Promotion, Rules, Square, DARK, NEIGHBOURS_6,
    NEIGHBOURS_8, OFF,
};
pub use error::{MoveSyntaxError, PositionError, VariantError};
pub use movegen::{ally_reach, ArmyView, Move, Penalty};
pub(crate) use notation::{fields, format_board, format_move, parse_board, resolve};
pub use notation::{parse_move_text, MoveText};

use std::fmt;
use std::str::FromStr;

/// `$self.$f::<K>$args` for `K` the value of `$key`, one of the literals
/// listed (the last one for any other value): each key is its own copy of
/// `$f`, compiled with the key as a constant. The draughts core's games key
/// their move generation by rule table and direction of play, so that the
/// rules are constants of the code and the generator's loops over
/// directions unroll into fixed shifts.
macro_rules! specialised {
    ($key:expr, $self:ident . $f:ident $args:tt, $($k:literal)* ; $last:literal) => {{
        match $key {
            $($k => $self.$f::<$k> $args,)*
            _ => $self.$f::<$last> $args,
        }
    }};
}
pub(crate) use specialised;

/// [`specialised!`] for the 8x8 configurations: the key is `2 * variant
/// index + side index` (side to move).
macro_rules! by_variant {
    ($self:ident . $f:ident $args:tt) => {
        specialised!($self.variant as usize * 2 + $self.side.index(), $self.$f $args, 0 1 2 3 4; 5)
    };
}

use tablero_core::{mix64, Game, MoveError, Outcome, Player, Reason};

/// The move list of the core's games.
///
/// A `Vec`, reused by the caller: no useful bound is proven. Captures are
/// distinct by their captured set, and a flying king's capture can take any
/// of many subsets of the enemy pieces with several landing squares each;
/// the crude bound (pieces × end squares × captured subsets) is far beyond
/// a stack buffer.
pub type MoveList = Vec<Move>;

/// The three 8x8 verification configurations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DraughtsVariant {
    /// Russian draughts: men capture backwards, flying kings, a man crowned
    /// during a capture goes on as a king, free choice among captures.
    #[default]
    Russian,
    /// Turkish draughts: orthogonal, men forward and sideways, flying kings,
    /// captured pieces removed at once, no 180° turn, most pieces must be
    /// taken.
    Turkish,
    /// English draughts (checkers): men forward only, short kings, a man
    /// crowned during a capture stops, free choice among captures.
    English,
}

impl DraughtsVariant {
    /// All three.
    pub const ALL: [DraughtsVariant; 3] = [
        DraughtsVariant::Russian,
        DraughtsVariant::Turkish,
        DraughtsVariant::English,
    ];

    /// The rules of the core for this variant.
    #[must_use]
    pub const fn rules(self) -> Rules {
        VARIANT_RULES[self as usize]
    }

    const fn rules_of(self) -> Rules {
        use board::dir::{bit, DIAGONAL, E, N, NE, NW, ORTHOGONAL, W};
        match self {
            DraughtsVariant::Russian => Rules {
                size: 8,
                man_moves: bit(NE) | bit(NW),
                man_captures: DIAGONAL,
                king_dirs: DIAGONAL,
                flying_kings: true,
                promotion: Promotion::ContinueAsKing,
                quantity: false,
                quality: false,
                remove_at_once: false,
                ally_man: 0,
                ally_king: 0,
            },
            DraughtsVariant::Turkish => Rules {
                size: 8,
                man_moves: bit(N) | bit(E) | bit(W),
                man_captures: bit(N) | bit(E) | bit(W),
                king_dirs: ORTHOGONAL,
                flying_kings: true,
                promotion: Promotion::ContinueAsKing,
                quantity: true,
                quality: false,
                remove_at_once: true,
                ally_man: 0,
                ally_king: 0,
            },
            DraughtsVariant::English => Rules {
                size: 8,
                man_moves: bit(NE) | bit(NW),
                man_captures: bit(NE) | bit(NW),
                king_dirs: DIAGONAL,
                flying_kings: false,
                promotion: Promotion::Stop,
                quantity: false,
                quality: false,
                remove_at_once: false,
                ally_man: 0,
                ally_king: 0,
            },
        }
    }

    /// The name on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            DraughtsVariant::Russian => "russian",
            DraughtsVariant::Turkish => "turkish",
            DraughtsVariant::English => "english",
        }
    }

    /// Player one's start squares (player two's are the mirror image).
    #[must_use]
    pub const fn start_squares(self) -> u64 {
        match self {
            DraughtsVariant::Turkish => row_mask(8, 1) | row_mask(8, 2),
            _ => (row_mask(8, 0) | row_mask(8, 1) | row_mask(8, 2)) & DARK,
        }
    }
}

/// [`DraughtsVariant::rules`] of each variant, in declaration order.
static VARIANT_RULES: [Rules; 3] = [
    DraughtsVariant::Russian.rules_of(),
    DraughtsVariant::Turkish.rules_of(),
    DraughtsVariant::English.rules_of(),
];

impl fmt::Display for DraughtsVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for DraughtsVariant {
    type Err = VariantError;
    fn from_str(s: &str) -> Result<Self, VariantError> {
        DraughtsVariant::ALL
            .into_iter()
            .find(|v| v.name() == s.trim())
            .ok_or_else(|| VariantError {
                at: 0,
                text: s.to_string(),
            })
    }
}

impl tablero_core::Variant for DraughtsVariant {
    type ParseError = VariantError;
}

/// Plies without a capture or a man move after which a game of `draughts`
/// is drawn (tablero's choice: the three games' own end-game rules differ).
pub const DRAUGHTS_CLOCK_LIMIT: u16 = 80;

/// A position of `draughts`: the pieces, the side to move and the plies
/// since the last capture or man move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Draughts {
    variant: DraughtsVariant,
    men: [u64; 2],
    kings: [u64; 2],
    side: Player,
    clock: u16,
}

/// Turns an 8x8 bitboard by 180° (`a1` ↔ `h8`).
/// The sum of the row indices of the pieces in `b` (8 squares a row) and
/// their number, without a population count instruction (the default
/// target has none): the bytes' counts side by side, then sums of them by
/// multiplication.
#[inline(always)]
const fn rows_and_count(b: u64) -> (u64, u64) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let x = b - ((b >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    // Byte r: the pieces on row r (at most 8).
    let per_row = (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte j: the pieces on rows 0 to j (at most 64, no carry).
    let prefix = per_row.wrapping_mul(ONES);
    let count = prefix >> 56;
    // The sum of the prefixes counts a piece on row r 8 - r times (at most
    // 8 * 24 in a draughts position; 8 * 64 for a full board would carry,
    // so the sum is taken in two halves).
    let lo = (prefix & 0x00FF_00FF_00FF_00FF).wrapping_mul(0x0001_0001_0001_0001) >> 48;
    let hi = ((prefix >> 8) & 0x00FF_00FF_00FF_00FF).wrapping_mul(0x0001_0001_0001_0001) >> 48;
    let sum_prefix = (lo & 0xFFFF) + (hi & 0xFFFF);
    (8 * count - sum_prefix, count)
}

const fn rotate(b: u64) -> u64 {
    b.reverse_bits()
}

impl Draughts {
    /// The men of `p`.
    #[must_use]
    pub const fn men(&self, p: Player) -> u64 {
        self.men[p.index()]
    }

    /// The kings of `p`.
    #[must_use]
    pub const fn kings(&self, p: Player) -> u64 {
        self.kings[p.index()]
    }

    /// Plies since the last capture or man move.
    #[must_use]
    pub const fn clock(&self) -> u16 {
        self.clock
    }

    fn army<'r>(&self, rules: &'r Rules) -> ArmyView<'r> {
        self.army_with(rules, self.side.index())
    }

    /// [`army`](Draughts::army) for the side of index `me` (the side to
    /// move).
    #[inline(always)]
    fn army_with<'r>(&self, rules: &'r Rules, me: usize) -> ArmyView<'r> {
        debug_assert_eq!(me, self.side.index());
        let them = 1 - me;
        ArmyView {
            rules,
            men: self.men[me],
            kings: self.kings[me],
            enemy: self.men[them] | self.kings[them],
            enemy_kings: self.kings[them],
            occupied: self.men[0] | self.men[1] | self.kings[0] | self.kings[1],
            allies: 0,
            north: me == Player::P1.index(),
        }
    }

    /// The army to move for the key `K` of [`by_variant!`]: the rules of
    /// variant `K / 2`, side `K % 2` to move.
    #[inline(always)]
    fn view_of<const K: usize>(&self) -> ArmyView<'static> {
        self.army_with(&VARIANT_RULES[K / 2], K % 2)
    }

    /// [`Game::legal_moves`] for the key `K` of [`by_variant!`].
    #[inline(never)]
    fn generate_in<const K: usize>(&self, out: &mut MoveList) {
        out.clear();
        let view = self.view_of::<K>();
        if view.captures(out) == 0 {
            view.quiet(out);
        }
    }

    fn generate(&self, out: &mut MoveList) {
        by_variant!(self.generate_in(out))
    }

    /// [`Game::count_moves`] for the key `K` of [`by_variant!`].
    #[inline(never)]
    fn count_in<const K: usize>(&self, moves: &mut MoveList) -> u64 {
        moves.clear();
        let view = self.view_of::<K>();
        match view.count_captures(moves) {
            0 => view.count_quiet(),
            n => n,
        }
    }

    /// [`Game::choose_move`] with `choose` a trait object: a function with
    /// no type parameter, so it and the specialised generators it calls are
    /// compiled here, where the rule tables are known constants. A generic
    /// one would be compiled again in each caller's crate, where without
    /// link-time optimisation those tables are only addresses, read at run
    /// time (a quarter more instructions a ply).
    #[inline(never)]
    fn choose_dyn(
        &self,
        moves: &mut MoveList,
        choose: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Move> {
        by_variant!(self.choose_in(moves, choose))
    }

    /// [`choose_dyn`](Draughts::choose_dyn) for the key `K` of
    /// [`by_variant!`].
    #[inline(never)]
    fn choose_in<const K: usize>(
        &self,
        moves: &mut MoveList,
        choose: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Move> {
        moves.clear();
        let view = self.view_of::<K>();
        if view.captures(moves) != 0 {
            return Some(moves[choose(moves.len())]);
        }
        view.choose_quiet(choose)
    }

    /// Whether the side to move has a legal move, for the key `K` of
    /// [`by_variant!`].
    #[inline(never)]
    fn has_move_in<const K: usize>(&self) -> bool {
        self.view_of::<K>().has_move()
    }

    fn paths(&self, mv: &Move) -> Vec<Vec<Square>> {
        let rules = &VARIANT_RULES[self.variant as usize];
        self.army(rules).capture_paths(mv)
    }

    fn piece_char(&self, sq: Square) -> Option<char> {
        let b = sq.bit();
        if self.men[0] & b != 0 {
            Some('w')
        } else if self.kings[0] & b != 0 {
            Some('W')
        } else if self.men[1] & b != 0 {
            Some('b')
        } else if self.kings[1] & b != 0 {
            Some('B')
        } else {
            None
        }
    }

    /// The piece letter on `sq` (`w`, `W`, `b`, `B`), if any.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<char> {
        self.piece_char(sq)
    }
}

impl Game for Draughts {
    type Move = Move;
    type MoveList = MoveList;
    type Variant = DraughtsVariant;
    type PositionError = PositionError;

    const NAME: &'static str = "draughts";

    fn start_with(variant: &DraughtsVariant, first: Player) -> Draughts {
        let p1 = variant.start_squares();
        Draughts {
            variant: *variant,
            men: [p1, rotate(p1)],
            kings: [0, 0],
            side: first,
            clock: 0,
        }
    }

    fn variant(&self) -> &DraughtsVariant {
        &self.variant
    }

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, moves: &mut MoveList) {
        self.generate(moves);
    }

    fn count_moves(&self, moves: &mut MoveList) -> u64 {
        by_variant!(self.count_in(moves))
    }

    /// Captures are listed (a capture is rare in a random game and needs
    /// its path search); the chosen quiet move is found without listing
    /// the others.
    fn choose_move<F: FnOnce(usize) -> usize>(
        &self,
        moves: &mut MoveList,
        choose: F,
    ) -> Option<Move> {
        // Called once at most.
        let mut once = Some(choose);
        self.choose_dyn(moves, &mut |n| once.take().map_or(0, |f| f(n)))
    }

    fn play_unchecked(&mut self, mv: Move) {
        let me = self.side.index();
        let them = 1 - me;
        let from = mv.from.bit();
        let to = mv.to.bit();
        let was_man = self.men[me] & from != 0;
        self.men[me] &= !from;
        self.kings[me] &= !from;
        if was_man && !mv.promote {
            self.men[me] |= to;
        } else {
            self.kings[me] |= to;
        }
        self.men[them] &= !mv.captured;
        self.kings[them] &= !mv.captured;
        self.clock = if was_man || mv.is_capture() {
            0
        } else {
            self.clock.saturating_add(1)
        };
        self.side = self.side.other();
    }

    /// The side to move loses when it has no legal move (no pieces, or all
    /// blocked).
    fn natural_outcome(&self) -> Option<Outcome> {
        (!by_variant!(self.has_move_in())).then(|| Outcome::win(self.side.other(), Reason::NoMoves))
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        (self.clock >= DRAUGHTS_CLOCK_LIMIT).then(|| Outcome::draw(Reason::MoveCap))
    }

    fn position_hash(&self) -> u64 {
        mix64(self.repetition_key() ^ u64::from(self.clock).rotate_left(40))
    }

    fn repetition_key(&self) -> u64 {
        let mut h = mix64(self.men[0]);
        h = mix64(h ^ self.men[1]);
        h = mix64(h ^ self.kings[0].rotate_left(17));
        h = mix64(h ^ self.kings[1].rotate_left(31));
        h ^ (self.side.index() as u64)
    }

    fn repetition_limit() -> Option<u32> {
        Some(3)
    }

    /// Pieces taken, then kings crowned, then rows advanced by men, in that
    /// order of weight: a capture takes a piece (whatever it undoes below),
    /// a crowning adds a king and takes a man off the rows, a man's step
    /// forward adds a row, and nothing else changes any of the three (a
    /// Turkish man's sideways step is reversible and counts nothing).
    fn progress(&self) -> u64 {
        let (m0, m1) = (self.men[0], self.men[1]);
        let (r0, n0) = rows_and_count(m0);
        let (r1, n1) = rows_and_count(m1);
        let (_, k) = rows_and_count(self.kings[0] | self.kings[1]);
        // White men advance up the rows, black men down: 7 - row each.
        let advanced = r0 + 7 * n1 - r1;
        let pieces = n0 + n1 + k;
        ((64 - pieces) << 16) | (k << 8) | advanced
    }

    /// Each man makes at most 7 forward moves in the diagonal games; in
    /// Turkish a man's sideways steps also reset the clock, so only the
    /// repetition rule bounds those games: the bound is then the number of
    /// positions, which does not fit in 64 bits.
    fn max_plies(variant: &DraughtsVariant) -> u64 {
        match variant {
            DraughtsVariant::Turkish => u64::MAX,
            // 24 pieces: at most 24 captures and 24 * 7 man moves, each
            // followed by at most 80 other plies.
            _ => (24 + 24 * 7 + 1) * (u64::from(DRAUGHTS_CLOCK_LIMIT) + 1),
        }
    }

    fn position_string(&self) -> String {
        let board = format_board(8, |sq| self.piece_char(sq));
        let side = if self.side == Player::P1 { 'w' } else { 'b' };
        format!("{board} {side} {}", self.clock)
    }

    fn parse_position(variant: &DraughtsVariant, text: &str) -> Result<Draughts, PositionError> {
        let f = fields(text);
        if f.len() != 3 {
            return Err(PositionError::FieldCount {
                at: f.get(3).map_or(text.len(), |x| x.0),
                expected: 3,
                found: f.len(),
                what: "board side clock",
            });
        }
        let (at, board) = f[0];
        let b = parse_board(board, at, 8, "wWbB")?;
        let (men, kings) = ([b[0], b[2]], [b[1], b[3]]);
        let bad = |what: tablero_core::Message| PositionError::BadPiece { at, what };
        if *variant != DraughtsVariant::Turkish {
            if let Some(sq) = Square::iter_bits((b[0] | b[1] | b[2] | b[3]) & !DARK).next() {
                return Err(bad(msg!("draughts-light-square", sq = sq)));
            }
        }
        if let Some(sq) = Square::iter_bits(men[0] & row_mask(8, 7)).next() {
            return Err(bad(msg!(
                "draughts-man-on-crowning-row",
                colour = "white",
                sq = sq
            )));
        }
        if let Some(sq) = Square::iter_bits(men[1] & row_mask(8, 0)).next() {
            return Err(bad(msg!(
                "draughts-man-on-crowning-row",
                colour = "black",
                sq = sq
            )));
        }
        let (side_at, side_text) = f[1];
        let side = match side_text {
            "w" => Player::P1,
            "b" => Player::P2,
            _ => {
                return Err(PositionError::BadMover {
                    at: side_at,
                    what: "side",
                    allowed: "`w` or `b`",
                    text: side_text.to_string(),
                })
            }
        };
        let (clock_at, clock_text) = f[2];
        let clock = clock_text
            .parse::<u16>()
            .ok()
            .filter(|&c| c <= DRAUGHTS_CLOCK_LIMIT && clock_text == c.to_string())
            .ok_or_else(|| PositionError::BadClock {
                at: clock_at,
                max: u32::from(DRAUGHTS_CLOCK_LIMIT),
                text: clock_text.to_string(),
            })?;
        Ok(Draughts {
            variant: *variant,
            men,
            kings,
            side,
            clock,
        })
    }

    fn format_move(&self, mv: Move) -> String {
        let mut legal = MoveList::new();
        self.generate(&mut legal);
        format_move(&legal, mv, |m| self.paths(m))
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mut legal = MoveList::new();
        self.generate(&mut legal);
        resolve(text, 8, &legal, |m| self.paths(m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dimensiones::{Dimensiones, RuleSet};
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;
    use std::collections::HashMap;
    use tablero_core::{MoveBuf, Playout, Playouts};

    /// The playout loop as it was: the key of every position of the game
    /// counted in a hash map, the end asked for before the moves.
    fn reference<G: Game>(start: &G, rng: &mut impl Rng) -> Playout {
        let limit = G::repetition_limit().expect("a repetition rule");
        let mut seen = HashMap::new();
        let mut pos = start.clone();
        seen.insert(pos.repetition_key(), 1);
        let mut moves = G::MoveList::default();
        let mut plies = 0;
        loop {
            if let Some(outcome) = pos.outcome() {
                return Playout { outcome, plies };
            }
            pos.legal_moves(&mut moves);
            let m = moves.as_slice();
            pos.play_unchecked(m[rng.gen_range(0..m.len())]);
            plies += 1;
            let c = seen.entry(pos.repetition_key()).or_insert(0);
            *c += 1;
            if *c >= limit && pos.outcome().is_none() {
                return Playout {
                    outcome: pos.repetition_outcome(),
                    plies,
                };
            }
        }
    }

    /// Random games of `start` both ways; returns how many ended by
    /// repetition.
    fn compare<G: Game>(start: &G, games: u64) -> usize {
        let mut playouts = Playouts::new();
        let mut repeated = 0;
        for seed in 0..games {
            let mut a = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut b = Xoshiro256PlusPlus::seed_from_u64(seed);
            let got = playouts.run(start, &mut a);
            assert_eq!(got, reference(start, &mut b), "seed {seed}");
            repeated += usize::from(got.outcome.reason == Reason::Repetition);
        }
        repeated
    }

    #[test]
    fn playouts_end_as_with_every_position_counted() {
        let mut repeated = 0;
        for v in DraughtsVariant::ALL {
            repeated += compare(&Draughts::start(&v), 300);
        }
        for rules in ["M-C-N-W-R", "I-D-A-E-S"] {
            let rs: RuleSet = rules.parse().expect("a rule set");
            repeated += compare(&Dimensiones::start(&rs), 100);
        }
        // The repetition rule did end some of the games.
        assert!(repeated >= 10, "{repeated}");
    }

    #[test]
    fn rows_and_count_sums_the_rows() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for i in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Sparse boards and full ones.
            let b = if i % 2 == 0 {
                x & (x >> 3)
            } else {
                x | (x >> 5)
            };
            let rows: u64 = (0..64).filter(|s| b >> s & 1 != 0).map(|s| s / 8).sum();
            assert_eq!(super::rows_and_count(b), (rows, u64::from(b.count_ones())));
        }
        assert_eq!(super::rows_and_count(!0), (8 * 28, 64));
        assert_eq!(super::rows_and_count(0), (0, 0));
    }
}
