//! The [`Game`] trait that every game implements.

use crate::{Localize, Message, Outcome, Player};
use std::error::Error;
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;
use tablero_i18n::id;

/// A buffer of moves owned by the caller and reused between calls, so that
/// move generation never allocates.
///
/// Implemented for [`arrayvec::ArrayVec`] (fixed capacity, on the stack) and
/// [`Vec`].
pub trait MoveBuf<M>: Default + Clone + Debug + Send + Sync {
    /// Removes every move.
    fn clear(&mut self);
    /// Appends a move.
    ///
    /// # Panics
    /// A fixed-capacity buffer panics when full; each game proves its bound.
    fn push(&mut self, mv: M);
    /// The moves as a slice.
    fn as_slice(&self) -> &[M];
    /// The moves as a mutable slice (for reordering).
    fn as_mut_slice(&mut self) -> &mut [M];
}

impl<M: Copy + Debug + Send + Sync, const N: usize> MoveBuf<M> for arrayvec::ArrayVec<M, N> {
    fn clear(&mut self) {
        arrayvec::ArrayVec::clear(self);
    }
    fn push(&mut self, mv: M) {
        arrayvec::ArrayVec::push(self, mv);
    }
    fn as_slice(&self) -> &[M] {
        arrayvec::ArrayVec::as_slice(self)
    }
    fn as_mut_slice(&mut self) -> &mut [M] {
        arrayvec::ArrayVec::as_mut_slice(self)
    }
}

impl<M: Copy + Debug + Send + Sync> MoveBuf<M> for Vec<M> {
    fn clear(&mut self) {
        Vec::clear(self);
    }
    fn push(&mut self, mv: M) {
        Vec::push(self, mv);
    }
    fn as_slice(&self) -> &[M] {
        self
    }
    fn as_mut_slice(&mut self) -> &mut [M] {
        self
    }
}

/// The settings of a game that hold for a whole game: a layout, a rule set,
/// a side of the board.
///
/// `Display` gives the text that `FromStr` reads back (`parse(format(v)) == v`);
/// `Default` is the game's standard variant.
pub trait Variant:
    Clone
    + Debug
    + Default
    + Display
    + FromStr<Err = Self::ParseError>
    + PartialEq
    + Send
    + Sync
    + 'static
{
    /// What went wrong reading a variant (its [`Localize::message`] for people).
    type ParseError: Error + Localize + Send + Sync + 'static;
}

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in this game's notation.
    Syntax {
        /// The text given.
        text: String,
        /// Byte offset of the problem in `text`.
        at: usize,
        /// What is wrong.
        reason: Message,
    },
    /// The text names a move, but not a legal one here.
    Illegal {
        /// The text given.
        text: String,
        /// Why, when the game can tell; may be empty.
        why: Message,
    },
    /// The text matches several legal moves.
    Ambiguous {
        /// The text given.
        text: String,
        /// The canonical notation of every matching move.
        candidates: Vec<String>,
    },
    /// The game is over: no move is legal.
    GameOver,
}

impl Localize for MoveError {
    fn message(&self) -> Message {
        match self {
            MoveError::Syntax { text, at, reason } => Message::of(id!("move-syntax"))
                .text("text", text)
                .num("at", *at)
                .msg("reason", reason.clone()),
            MoveError::Illegal { text, why } if why.is_empty() => {
                Message::of(id!("move-illegal")).text("text", text)
            }
            MoveError::Illegal { text, why } => Message::of(id!("move-illegal-why"))
                .text("text", text)
                .msg("why", why.clone()),
            MoveError::Ambiguous { text, candidates } => Message::of(id!("move-ambiguous"))
                .text("text", text)
                .msg("candidates", or_list(candidates)),
            MoveError::GameOver => Message::of(id!("move-game-over")),
        }
    }
}

/// Why [`Game::play`] refused a move: the move, which is not legal in the
/// position it was offered to. Its `Display` is `table-illegal`'s English
/// (`illegal move …`, the move as `Debug` writes it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove<M: Debug>(pub M);

impl<M: Debug> Localize for IllegalMove<M> {
    fn message(&self) -> Message {
        Message::of(id!("table-illegal")).text("mv", format!("{:?}", self.0))
    }
}

impl<M: Debug> Display for IllegalMove<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Display::fmt(&self.message(), f)
    }
}

impl<M: Debug> Error for IllegalMove<M> {}

/// A two-player game: the state of one position and its rules.
///
/// Invariants every implementation keeps (the conformance kit checks them):
/// - [`legal_moves`](Game::legal_moves) is empty exactly when
///   [`natural_outcome`](Game::natural_outcome) is `Some`. Draw rules that
///   follow from counters (move caps, passes in a row) are reported by
///   [`rule_outcome`](Game::rule_outcome) and do not empty the move list, so
///   perft ignores them (docs/rulings.md, "Shared by all games").
/// - Two equal states have equal [`position_hash`](Game::position_hash)es.
/// - `parse_position(variant, &s.position_string()) == s` and
///   `parse_move(&s.format_move(m)) == m` for every legal `m`.
/// - Every game ends within [`max_plies`](Game::max_plies) plies when played
///   with its draw rules, including the repetition rule that [`crate::History`]
///   applies.
pub trait Game: Clone + PartialEq + Eq + Debug + Send + Sync + 'static {
    /// A move: small and `Copy`.
    type Move: Copy + Eq + Hash + Ord + Debug + Send + Sync + 'static;
    /// The buffer legal moves are written into.
    type MoveList: MoveBuf<Self::Move>;
    /// The game's settings.
    type Variant: Variant;
    /// What went wrong reading a position string.
    type PositionError: Error + Localize + Send + Sync + 'static;

    /// The game's name on the command line (`imago`, `jarmo`, ...).
    const NAME: &'static str;

    /// The start position of `variant` with `first` to move.
    fn start_with(variant: &Self::Variant, first: Player) -> Self;

    /// The start position of `variant` with player one to move.
    fn start(variant: &Self::Variant) -> Self {
        Self::start_with(variant, Player::P1)
    }

    /// The settings this position is played under.
    fn variant(&self) -> &Self::Variant;

    /// The player to move.
    fn side_to_move(&self) -> Player;

    /// Writes every legal move into `moves` (cleared first). Empty exactly
    /// when the game has a natural outcome.
    fn legal_moves(&self, moves: &mut Self::MoveList);

    /// The number of legal moves, which perft counts at its last ply.
    /// `moves` is scratch space. Default: [`legal_moves`](Game::legal_moves)
    /// and its length; a game may count without listing (bulk counting).
    fn count_moves(&self, moves: &mut Self::MoveList) -> u64 {
        self.legal_moves(moves);
        moves.as_slice().len() as u64
    }

    /// The move at index `choose(n)` of the `n` legal moves in the order of
    /// [`legal_moves`](Game::legal_moves) (`choose` is called once, with
    /// `n > 0`); `None`, without calling `choose`, when there is none.
    /// `moves` is scratch space. Random playouts use it. Default:
    /// [`legal_moves`](Game::legal_moves) and an index into them; a game
    /// may count its moves and find the chosen one without listing them.
    fn choose_move<F: FnOnce(usize) -> usize>(
        &self,
        moves: &mut Self::MoveList,
        choose: F,
    ) -> Option<Self::Move> {
        self.legal_moves(moves);
        let list = moves.as_slice();
        if list.is_empty() {
            None
        } else {
            Some(list[choose(list.len())])
        }
    }

    /// Plays `mv`, which must be legal.
    ///
    /// # Panics
    /// May panic, or leave a state that breaks the rules, when `mv` is not
    /// legal here. Use [`play`](Game::play) for untrusted moves.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// The result that follows from the rules of play alone (a goal reached,
    /// no pieces left, ...), which perft stops at.
    fn natural_outcome(&self) -> Option<Outcome>;

    /// A draw rule that follows from counters in the state (a move cap, two
    /// passes in a row). Perft ignores these.
    fn rule_outcome(&self) -> Option<Outcome> {
        None
    }

    /// How a game ends when a position repeats too often (see
    /// [`repetition_limit`](Game::repetition_limit)). Default: a ½–½ draw.
    fn repetition_outcome(&self) -> Outcome {
        Outcome::draw(crate::Reason::Repetition)
    }

    /// The game result from the state alone: natural, else a draw rule.
    fn outcome(&self) -> Option<Outcome> {
        self.natural_outcome().or_else(|| self.rule_outcome())
    }

    /// A 64-bit hash of the whole state; equal states hash equally.
    fn position_hash(&self) -> u64;

    /// The key the repetition rule compares: by default the full hash. A game
    /// overrides it when some counter in the state should not count.
    fn repetition_key(&self) -> u64 {
        self.position_hash()
    }

    /// The number of occurrences of one position (by
    /// [`repetition_key`](Game::repetition_key)) that ends the game, if the
    /// game has a repetition rule.
    fn repetition_limit() -> Option<u32> {
        None
    }

    /// A count of irreversible progress: it never decreases from a position
    /// to the next in any game, so a position can only repeat one with the
    /// same progress, and the repetition rule need only compare the
    /// positions since it last grew. Default: 0 everywhere (every earlier
    /// position is compared).
    fn progress(&self) -> u64 {
        0
    }

    /// An upper bound on the length of any game of `variant` in plies, under
    /// the draw rules. Random games in the conformance kit must end within it.
    fn max_plies(variant: &Self::Variant) -> u64;

    /// The position string: one line, the full state (each game's format is
    /// in docs/rulings.md).
    fn position_string(&self) -> String;

    /// Reads a position string of `variant`.
    ///
    /// # Errors
    /// Says what is wrong and at which byte.
    fn parse_position(variant: &Self::Variant, text: &str) -> Result<Self, Self::PositionError>;

    /// The canonical notation of `mv`, a legal move of this position.
    fn format_move(&self, mv: Self::Move) -> String;

    /// Reads a move in this game's notation and resolves it against this
    /// position.
    ///
    /// # Errors
    /// [`MoveError::Syntax`] for text that is no move, [`MoveError::Illegal`]
    /// or [`MoveError::Ambiguous`] for a move that is not exactly one legal
    /// move here, [`MoveError::GameOver`] when nothing is legal.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// A label for who moves, where the player alone does not say it (the
    /// army in Super Dimensiones). `None` for most games.
    fn mover_label(&self) -> Option<&'static str> {
        None
    }

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves.as_slice().contains(&mv)
    }

    /// Plays `mv` if it is legal; otherwise leaves the position unchanged.
    ///
    /// # Errors
    /// [`IllegalMove`] when `mv` is not legal here.
    fn play(&mut self, mv: Self::Move) -> Result<(), IllegalMove<Self::Move>> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(IllegalMove(mv))
        }
    }

    /// Every legal move in canonical notation, sorted.
    fn legal_move_strings(&self) -> Vec<String> {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        let mut out: Vec<String> = moves
            .as_slice()
            .iter()
            .map(|&m| self.format_move(m))
            .collect();
        out.sort();
        out
    }
}

/// Resolves already-parsed candidate moves against the legal moves: the
/// helper most games' [`Game::parse_move`] ends with.
///
/// # Errors
/// [`MoveError::GameOver`] when no move is legal, [`MoveError::Illegal`] when
/// `mv` is not among them.
pub fn resolve_exact<G: Game>(
    game: &G,
    text: &str,
    mv: G::Move,
    why: impl FnOnce() -> Message,
) -> Result<G::Move, MoveError> {
    let mut moves = G::MoveList::default();
    game.legal_moves(&mut moves);
    if moves.as_slice().is_empty() {
        return Err(MoveError::GameOver);
    }
    if moves.as_slice().contains(&mv) {
        Ok(mv)
    } else {
        Err(MoveError::Illegal {
            text: text.trim().to_string(),
            why: why(),
        })
    }
}

/// `a or b or c` in the reader's language (`list-or`).
fn or_list(items: &[String]) -> Message {
    let mut items = items
        .iter()
        .map(|t| Message::of(id!("list-item")).text("text", t));
    let first = items.next().unwrap_or_default();
    items.fold(first, |a, b| {
        Message::of(id!("list-or")).msg("a", a).msg("b", b)
    })
}

tablero_i18n::display_by_message!(MoveError);
