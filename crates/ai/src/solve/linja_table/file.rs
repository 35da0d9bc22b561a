//! The table file (a 64-byte header, then the entries), its errors, and the
//! finished [`Table`] that answers from it, mapped into memory or read.

use super::build::BuildProgress;
use super::index::Index;
use super::moves::can_move;
use super::{decode, encode, FORMAT_VERSION, HEADER_LEN, INVALID, MAGIC, NO_MOVE};
use memmap2::Mmap;
use std::fs::File;
use std::io;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use tablero_core::{id, Game, Localize, Message, Player};
use tablero_games::linja::{Linja, Move, Rules, PIECES};

/// Why a table file cannot be used.
#[derive(Debug)]
pub enum TableError {
    /// Reading or writing the file failed.
    Io(io::Error),
    /// The file is not a table of this format, or not of the one asked for
    /// (why, as a message of the catalogue: `table-…` in
    /// `locales/*/games.ftl`).
    Header(Message),
    /// The table's build has not finished.
    Incomplete {
        /// Layers finished.
        done: usize,
        /// Layers in all.
        layers: usize,
    },
}

impl Localize for TableError {
    /// The reason for people; for [`TableError::Io`] the system's own
    /// words (`table-io`), which a front end may say better from the
    /// `io::Error` itself.
    fn message(&self) -> Message {
        match self {
            TableError::Io(e) => Message::of(id!("linja-table-io")).text("reason", e),
            TableError::Header(m) => m.clone(),
            TableError::Incomplete { done, layers } => Message::of(id!("linja-table-incomplete"))
                .num("done", *done)
                .num("layers", *layers),
        }
    }
}

tablero_core::display_by_message!(TableError);

/// A rule set's name as a message argument, in each language.
pub(super) fn rules_words(r: Rules) -> [(&'static str, &'static str); 2] {
    match r {
        Rules::Publisher => [("en", "publisher"), ("es", "editorial")],
        Rules::Seed => [("en", "seed"), ("es", "semilla")],
    }
}

impl From<io::Error> for TableError {
    fn from(e: io::Error) -> TableError {
        TableError::Io(e)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Header {
    pub(super) rules: Rules,
    pub(super) free: u32,
    pub(super) layers_done: usize,
    pub(super) len: u64,
    pub(super) checksum: u64,
    pub(super) complete: bool,
}

impl Header {
    pub(super) fn bytes(&self) -> [u8; HEADER_LEN as usize] {
        let mut h = [0u8; HEADER_LEN as usize];
        h[..8].copy_from_slice(MAGIC);
        h[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
        h[12] = u8::from(self.rules == Rules::Seed);
        h[13] = self.free as u8;
        h[14..16].copy_from_slice(&(self.layers_done as u16).to_le_bytes());
        h[16..24].copy_from_slice(&self.len.to_le_bytes());
        h[24..32].copy_from_slice(&self.checksum.to_le_bytes());
        h[32] = u8::from(self.complete);
        h
    }

    pub(super) fn read(file: &File) -> Result<Header, TableError> {
        let mut h = [0u8; HEADER_LEN as usize];
        file.read_exact_at(&mut h, 0)
            .map_err(|_| TableError::Header(Message::of(id!("linja-table-too-short"))))?;
        if &h[..8] != MAGIC {
            return Err(TableError::Header(Message::of(id!(
                "linja-table-not-a-table"
            ))));
        }
        let version = u32::from_le_bytes(h[8..12].try_into().expect("4 bytes"));
        if version != FORMAT_VERSION {
            return Err(TableError::Header(
                Message::of(id!("linja-table-version"))
                    .num("version", version)
                    .num("reads", FORMAT_VERSION),
            ));
        }
        let rules = match h[12] {
            0 => Rules::Publisher,
            1 => Rules::Seed,
            r => {
                return Err(TableError::Header(
                    Message::of(id!("linja-table-unknown-rules")).num("rules", r),
                ))
            }
        };
        let free = u32::from(h[13]);
        if !(1..=PIECES).contains(&free) {
            return Err(TableError::Header(
                Message::of(id!("linja-table-bad-free")).num("free", free),
            ));
        }
        let header = Header {
            rules,
            free,
            layers_done: usize::from(u16::from_le_bytes([h[14], h[15]])),
            len: u64::from_le_bytes(h[16..24].try_into().expect("8 bytes")),
            checksum: u64::from_le_bytes(h[24..32].try_into().expect("8 bytes")),
            complete: h[32] == 1,
        };
        let file_len = file.metadata()?.len();
        if file_len != HEADER_LEN + header.len || header.len != Index::new(free).len() {
            let want = HEADER_LEN + Index::new(free).len();
            return Err(TableError::Header(
                Message::of(id!("linja-table-bad-length"))
                    .num("bytes", file_len)
                    .num("free", free)
                    .num("want", want),
            ));
        }
        if header.layers_done > Index::new(free).layers() {
            return Err(TableError::Header(Message::of(id!(
                "linja-table-bad-layers"
            ))));
        }
        Ok(header)
    }
}

/// The checksum of the entries (a 64-bit multiply-rotate hash of 8-byte
/// words).
#[must_use]
pub fn checksum(data: &[u8]) -> u64 {
    let mut h = 0x9E37_79B9_7F4A_7C15u64 ^ data.len() as u64;
    let mut chunks = data.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes(c.try_into().expect("8 bytes"));
        h = (h ^ w).wrapping_mul(0xFF51_AFD7_ED55_8CCD).rotate_left(29);
    }
    for &b in chunks.remainder() {
        h = (h ^ u64::from(b))
            .wrapping_mul(0xC4CE_B9FE_1A85_EC53)
            .rotate_left(29);
    }
    h ^ (h >> 31)
}

enum Storage {
    Memory(Vec<u8>),
    /// The whole file, header included.
    Map(Mmap),
}

impl Storage {
    fn entries(&self) -> &[u8] {
        match self {
            Storage::Memory(d) => d,
            Storage::Map(m) => &m[HEADER_LEN as usize..],
        }
    }
}

/// Maps a finished table file into memory, read-only.
///
/// The only `unsafe` of the workspace: a memory map is unsound if the file
/// changes under it.
#[allow(unsafe_code)]
fn map_read_only(file: &File, header: &Header) -> io::Result<Mmap> {
    // SAFETY: the file is opened read-only here, and tablero never writes a
    // table that is open: `build` refuses to touch a finished table (it
    // returns at once when the header says complete, and `Table::open`
    // maps only complete tables). A truncated or foreign file is refused by
    // `Header::read`'s magic, version and size checks before this call, so
    // every index below `HEADER_LEN + header.len` lies inside the map. What
    // remains is another program changing the file while it is mapped,
    // which the documentation tells users not to do.
    let map = unsafe { Mmap::map(file)? };
    if map.len() as u64 != HEADER_LEN + header.len {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "the table file changed size while it was opened",
        ));
    }
    Ok(map)
}

/// Opens the table file at `path` and reads its header, refusing a table
/// whose build has not finished.
fn open_finished(path: &Path) -> Result<(File, Header, Index), TableError> {
    let file = File::open(path)?;
    let header = Header::read(&file)?;
    let index = Index::new(header.free);
    if !header.complete {
        return Err(TableError::Incomplete {
            done: header.layers_done,
            layers: index.layers(),
        });
    }
    Ok((file, header, index))
}

/// A finished table, ready to answer.
pub struct Table {
    index: Box<Index>,
    header: Header,
    data: Storage,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("rules", &self.header.rules)
            .field("free", &self.header.free)
            .field("entries", &self.header.len)
            .finish()
    }
}

/// What [`Table::verify`] found (shared by the tables).
pub use crate::solve::VerifyReport;

impl Table {
    /// Opens a finished table, mapped into memory read-only: entries are
    /// read from the page cache when asked for.
    ///
    /// # Errors
    /// When the file cannot be read, is not a table, or is not finished.
    pub fn open(path: &Path) -> Result<Table, TableError> {
        let (file, header, index) = open_finished(path)?;
        let map = map_read_only(&file, &header)?;
        Ok(Table {
            index: Box::new(index),
            header,
            data: Storage::Map(map),
        })
    }

    /// Opens a finished table and reads all of it into memory (no map).
    ///
    /// # Errors
    /// As [`Table::open`].
    pub fn load(path: &Path) -> Result<Table, TableError> {
        let (file, header, index) = open_finished(path)?;
        let mut data = vec![0u8; header.len as usize];
        file.read_exact_at(&mut data, HEADER_LEN)?;
        Ok(Table {
            index: Box::new(index),
            header,
            data: Storage::Memory(data),
        })
    }

    /// Whether the entries are read through a memory map ([`Table::open`])
    /// rather than held in the process's own memory ([`Table::load`]).
    #[must_use]
    pub fn is_mapped(&self) -> bool {
        matches!(self.data, Storage::Map(_))
    }

    /// The rules of the table.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.header.rules
    }

    /// Pieces per side off the goal line that the table covers.
    #[must_use]
    pub fn free(&self) -> u32 {
        self.header.free
    }

    /// Entries of the table.
    #[must_use]
    pub fn entries(&self) -> u64 {
        self.header.len
    }

    /// The header's checksum.
    #[must_use]
    pub fn checksum(&self) -> u64 {
        self.header.checksum
    }

    #[inline]
    fn entry(&self, e: u64) -> io::Result<u8> {
        Ok(self.data.entries()[e as usize])
    }

    /// Whether the table holds `pos`: its rules, and each side has at most
    /// [`Table::free`] pieces off its goal line.
    #[must_use]
    pub fn covers(&self, pos: &Linja) -> bool {
        pos.rules() == self.header.rules
            && Player::ALL
                .iter()
                .all(|&p| self.index.free_part(pos.pieces(p).counts()).is_some())
    }

    /// The final score difference under perfect play for the side to move,
    /// or `None` when the table does not cover `pos`.
    ///
    /// # Errors
    /// When reading the file fails.
    pub fn value(&self, pos: &Linja) -> io::Result<Option<i32>> {
        if !self.covers(pos) {
            return Ok(None);
        }
        if pos.has_passed() || pos.passes() >= 2 {
            return Ok(Some(pos.score_diff()));
        }
        let me = pos.side_to_move();
        let own = pos.pieces(me).counts();
        let opp = pos.pieces(me.other()).counts();
        if pos.passes() == 1 && !can_move(&own, &opp) {
            // A second pass ends the game as it stands.
            return Ok(Some(pos.score_diff()));
        }
        let (Some(a), Some(b)) = (self.index.free_part(own), self.index.free_part(opp)) else {
            return Ok(None);
        };
        let e = self.index.at(self.index.rank(&a), self.index.rank(&b));
        let byte = self.entry(e)?;
        if byte == INVALID || byte == NO_MOVE {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("the table has no value for {}", pos.position_string()),
            ));
        }
        Ok(Some(decode(byte)))
    }

    /// Every legal move of `pos` with the value it keeps for the side to
    /// move, best first; `None` when the table does not cover `pos`, empty
    /// when the game is over.
    ///
    /// # Errors
    /// When reading the file fails.
    pub fn scored_moves(&self, pos: &Linja) -> io::Result<Option<Vec<(Move, i32)>>> {
        if !self.covers(pos) {
            return Ok(None);
        }
        if pos.has_passed() || pos.passes() >= 2 {
            return Ok(Some(Vec::new()));
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut out = Vec::with_capacity(moves.len());
        for m in moves {
            let mut c = *pos;
            c.play_unchecked(m);
            let Some(v) = self.value(&c)? else {
                return Ok(None);
            };
            out.push((m, -v));
        }
        out.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        Ok(Some(out))
    }

    /// Checks the entries' checksum, then recomputes every entry from its
    /// successors' entries and counts those that differ. Reads the entries
    /// where they are (the map or memory). `progress` is called about ten
    /// times a second.
    ///
    /// # Errors
    /// When reading the file fails.
    pub fn verify(
        &self,
        threads: usize,
        mut progress: impl FnMut(&BuildProgress),
    ) -> io::Result<VerifyReport> {
        let data = self.data.entries();
        let index = &self.index;
        let mut report = VerifyReport {
            checksum_ok: checksum(data) == self.header.checksum,
            ..VerifyReport::default()
        };
        let layers = index.layers();
        let counter = AtomicU64::new(0);
        for (n, s) in (0..layers).rev().enumerate() {
            let off = index.layer_off[s] as usize;
            let tick = || {
                progress(&BuildProgress {
                    layer: s,
                    layers_done: n,
                    layers,
                    entries_done: counter.load(Ordering::Relaxed),
                    entries: index.len(),
                });
            };
            let out = index.layer(self.header.rules, s, &data[..off], threads, &counter, tick);
            for (b, col) in &out.cols {
                let qb = index.prog[*b as usize] as usize;
                for (i, &v) in col.iter().enumerate() {
                    let a = index.by_prog[s - qb][i];
                    let stored = data[index.at(a, *b) as usize];
                    if v != INVALID {
                        report.positions += 1;
                    }
                    if v != NO_MOVE && v != stored {
                        report.mismatches += 1;
                    }
                }
            }
            for &(a, b) in &out.no_move {
                let v = encode(index.no_move_value(a, b, data));
                if v != data[index.at(a, b) as usize] {
                    report.mismatches += 1;
                }
            }
        }
        progress(&BuildProgress {
            layer: 0,
            layers_done: layers,
            layers,
            entries_done: counter.load(Ordering::Relaxed),
            entries: index.len(),
        });
        Ok(report)
    }
}

/// The lengths of the perfect games from a position: games in which both
/// sides always play a move that keeps the value ([`Table::perfect_lengths`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerfectLengths {
    /// The fewest turns (passes included) of a perfect game to its end.
    pub shortest: u32,
    /// The most turns of a perfect game to its end.
    pub longest: u32,
    /// Positions reachable by perfect play (the end positions included).
    pub positions: u64,
}

impl Table {
    /// The shortest and the longest perfect game from `pos`, in turns
    /// (plies, passes included): a depth-first walk over the positions that
    /// perfect play reaches, each solved once. `None` when the table does
    /// not cover `pos`.
    ///
    /// # Errors
    /// When a covered position has no value (a damaged table).
    pub fn perfect_lengths(&self, pos: &Linja) -> io::Result<Option<PerfectLengths>> {
        if self.value(pos)?.is_none() {
            return Ok(None);
        }
        let mut memo: rustc_hash::FxHashMap<u64, (u32, u32)> = rustc_hash::FxHashMap::default();
        let (shortest, longest) = self.lengths(pos, &mut memo)?;
        Ok(Some(PerfectLengths {
            shortest,
            longest,
            positions: memo.len() as u64,
        }))
    }

    fn lengths(
        &self,
        pos: &Linja,
        memo: &mut rustc_hash::FxHashMap<u64, (u32, u32)>,
    ) -> io::Result<(u32, u32)> {
        if let Some(&r) = memo.get(&pos.key()) {
            return Ok(r);
        }
        let r = if pos.has_passed() || pos.passes() >= 2 {
            (0, 0)
        } else {
            let damaged = || {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("the table has no value for {}", pos.position_string()),
                )
            };
            let v = self.value(pos)?.ok_or_else(damaged)?;
            let mut children = Vec::new();
            pos.children(&mut children);
            children.sort_unstable_by_key(Linja::key);
            children.dedup();
            let (mut lo, mut hi) = (u32::MAX, 0);
            for c in &children {
                if -self.value(c)?.ok_or_else(damaged)? == v {
                    let (a, b) = self.lengths(c, memo)?;
                    lo = lo.min(a + 1);
                    hi = hi.max(b + 1);
                }
            }
            if hi == 0 {
                return Err(damaged());
            }
            (lo, hi)
        };
        memo.insert(pos.key(), r);
        Ok(r)
    }
}
