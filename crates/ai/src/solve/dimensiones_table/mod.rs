//! Endgame tables of Super Dimensiones: the exact value of every position
//! of the sub-game with at most a given number of pieces (8 for the whole
//! table), built by retrograde analysis slice by slice from the fewest
//! pieces up, as the draughts databases of Chinook were.
//!
//! # The sub-game
//!
//! With cards M and W (the default `M-C-N-W-R` and seven other rule sets)
//! Red and Blue stand only on the 18 dark squares and Aqua and Orange only
//! on the 18 light ones, and no piece jumps an ally: the two sub-games
//! never touch. The light one is the mirror image (`a` to `f`) of the dark
//! one, and each army, seen from its own side (the board turned for the
//! northern armies), plays the same game: one sub-game, G, on 18 squares,
//! whatever the colour. A position of G is stored once, seen from the army
//! to move, which moves "north" ([`Sub`]).
//!
//! # What a value means
//!
//! Each entry is G's value for the army to move (win, draw or loss of the
//! sub-game) **with every state of the move cap's clock**: the 60-ply
//! clock counts plies without a capture or a man's move, and when it runs
//! out the sub-game is scored by value (C: the higher value wins). The
//! clock restarts with every capture or man's move, and those are exactly
//! the moves that leave a *cell* (the positions with the same men and
//! material): inside a cell only kings move and the clock runs. So the
//! value with `h` plies left depends on `h`, and it changes at most twice
//! as `h` grows (see [`value`]); an entry holds the value with the clock
//! at 0 and the plies left from which it holds (Syzygy's distance to a
//! zeroing move, made exact: a slice is always entered with the clock at
//! 0, and every clock state of the positions inside a cell is answered).
//!
//! Repetition is not part of a value: a value is of the position alone,
//! as a puzzle poses it (docs/rulings.md, Super Dimensiones, "The endgame
//! tables", says why that is exact in the tables' use and where it is not).
//!
//! # The index
//!
//! Slices of material (the mover's men and kings, the other's), fewer
//! pieces first, then fewer men; inside a slice the pair of men sets (a
//! perfect combinatorial rank: the mover's men on rows 1–5, the other's
//! on rows 2–6, disjoint) and inside that the kings on the free squares.
//! 1,617,366,257 entries for at most 8 pieces, one byte each.
//!
//! # The files
//!
//! `index` numbers the positions, `sub` is G's position and moves (the
//! game's own move generator), `value` what an entry means, `cell` solves
//! the positions of one cell, `build` the slices in order, `file` is the
//! file format and the finished [`Table`], and `install` the process-wide
//! tables, their default place and the questions the rest of tablero asks
//! ([`probe`], [`exact_moves`]).

mod build;
mod cell;
mod file;
mod index;
mod install;
mod sub;
pub mod value;

pub use build::{build, BuildOptions, BuildOrder, BuildProgress, BuildReport};
pub use file::{checksum_all, Census, Table, TableError, VerifyReport};
pub use index::{Index, Slice};
pub(crate) use install::{decided_margin, outcome_margin};
pub use install::{
    default_file_name, default_path, exact_moves, exact_moves_in, install, install_files,
    installed, probe, subgame_value, GameValue, MoveValue,
};
pub use sub::{Sub, TableRules};
pub use value::{Steps, Wdl, CAP};

/// Version of the file format.
pub const FORMAT_VERSION: u32 = 1;
/// Bytes of the header before the entries.
pub const HEADER_LEN: u64 = 4096;
const MAGIC: &[u8; 8] = b"TBDIMEN\0";
/// The most pieces of the whole table.
pub const PIECES: u8 = 8;
