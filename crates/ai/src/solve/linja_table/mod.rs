//! A strong solution of Linja: the exact value of every position between
//! turns, in a table of one byte per position, built backwards by layers of
//! total progress.
//!
//! # What a position is
//!
//! Between turns a Linja position is the two sides' counts per row, the
//! side to move and the pass counter ([`Linja::position_string`] holds
//! nothing else; an extra turn is part of the move that earns it). Rows are
//! counted here by *progress*, from each side's own start line, and the
//! rules are the same for both colours, so a position is stored once as
//! *(mover, other)*: the mover's counts by progress and the other side's.
//! Red to move in one position and Black to move in its mirror image share
//! one entry. The pass counter needs no entry of its own: after one pass
//! the next player either has a first move (and then the counter is reset
//! by it, so the value is the one with no pass) or passes too, which ends
//! the game as it stands.
//!
//! # The reduced game
//!
//! A piece on its goal line never moves again and never limits a move
//! (the goal lines hold any number). The table is built for the positions
//! where each side has at most `free` pieces *off* its goal line (the rest,
//! `12 - free`, stand on it): those positions only lead to positions of the
//! same kind, so they form a closed part of the game. `free = 12` is the
//! whole game; `free = 3` or `4` gives tables of thousands of entries that
//! are real Linja positions, checked in the tests against the forward
//! solver of [`super::linja`]. The code path is the same for every `free`.
//!
//! # The index
//!
//! A side's free pieces are a distribution of `free` pieces over the eight
//! progress slots (row limits are checked per pair): `C(free + 7, 7)` of
//! them, 50,388 for 12 pieces, numbered by a combinatorial rank. The total
//! progress of both sides grows with every move but a pass, so positions
//! are grouped in layers of equal total progress, and the layers are stored
//! from the highest to the lowest: a layer reads only the layers before it
//! in the file, and a build that stops keeps every finished layer. Inside
//! a layer, the mover's distribution is the outer index (grouped by its
//! progress) and the other side's the inner one. Pairs that break the row
//! limit have an entry too, marked invalid: the index is a plain product,
//! 50,388² ≈ 2.54e9 bytes for the whole game.
//!
//! Each entry is the final score difference under perfect play for the
//! mover (its points minus the other side's), as a signed byte; ends of the
//! game (the sides have passed each other) hold their score.
//!
//! # The file
//!
//! A 64-byte header (magic, format version, rules, free pieces, finished
//! layers, length, checksum of the entries, a completion flag) and then the
//! entries. [`Table::open`] maps it into memory read-only (`memmap2`), so
//! opening it costs nothing, a lookup is a plain memory read with no system
//! call, and the operating system's page cache keeps what is used.
//!
//! # Installed tables
//!
//! [`install`] makes a table answer for the whole process: Linja's level 5,
//! the exact player (`solver`) and [`exact_moves`] (the hint) then play and
//! show exact values in every position it covers. The command line installs
//! the tables named by `--table` and, failing that, those found in
//! [`default_dir`].
//!
//! # The files
//!
//! `index` numbers the positions, `moves` is the rules of a turn on packed
//! counts, `build` computes the entries layer by layer, `file` is the file
//! format and the finished [`Table`] that answers from it (mapped or read
//! into memory), and `install` the process-wide tables and their default
//! place.

mod build;
mod file;
mod index;
mod install;
mod moves;

pub use build::{build, BuildOptions, BuildProgress, BuildReport};
pub use file::{checksum, PerfectLengths, Table, TableError, VerifyReport};
pub use index::Index;
pub use install::{
    default_dir, default_file_name, default_path, exact_moves, exact_value, install, install_files,
    installed,
};

/// Version of the file format.
pub const FORMAT_VERSION: u32 = 1;
/// Bytes of the header before the entries.
pub const HEADER_LEN: u64 = 64;
const MAGIC: &[u8; 8] = b"TBLINJA\0";
/// The entry of a pair of distributions that breaks a row limit.
const INVALID: u8 = 0x80;
/// Larger than any score difference (12 pieces · 5 points).
const MAX_DIFF: i32 = 60;

/// A side's free pieces: counts by progress.
type Dist = [u8; 8];
/// Marks a position whose mover must pass, in a column.
const NO_MOVE: u8 = 0x81;

/// The entry as a score difference.
#[inline]
fn decode(byte: u8) -> i32 {
    i32::from(byte as i8)
}

#[inline]
fn encode(v: i32) -> u8 {
    (v as i8) as u8
}
