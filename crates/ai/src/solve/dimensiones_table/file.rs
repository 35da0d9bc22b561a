//! The table file (a header, the entries, the draws' starts) and the
//! finished [`Table`] that answers from it, mapped into memory.

use super::build::{check_pair, pairs, steps_at, BuildOptions, BuildOrder};
use super::index::{Index, Slice};
use super::sub::{Sub, TableRules};
use super::value::{Steps, Wdl, CAP};
use super::{FORMAT_VERSION, HEADER_LEN, MAGIC};
use memmap2::Mmap;
use std::fs::File;
use std::io;
use std::os::unix::fs::FileExt;
use std::path::Path;
use tablero_core::{id, Localize, Message};

/// Why a table file cannot be used.
#[derive(Debug)]
pub enum TableError {
    /// Reading or writing the file failed.
    Io(io::Error),
    /// The file is not a table of this format, or not the one asked for
    /// (why, as a message of the catalogue: `dimensiones-table-…` in
    /// `locales/*/games.ftl`).
    Header(Message),
    /// The table's build has not finished.
    Incomplete {
        /// Slices finished.
        done: usize,
        /// Slices in all.
        slices: usize,
    },
}

impl Localize for TableError {
    fn message(&self) -> Message {
        match self {
            TableError::Io(e) => Message::of(id!("dimensiones-table-io")).text("reason", e),
            TableError::Header(m) => m.clone(),
            TableError::Incomplete { done, slices } => {
                Message::of(id!("dimensiones-table-incomplete"))
                    .num("done", *done)
                    .num("slices", *slices)
            }
        }
    }
}

tablero_core::display_by_message!(TableError);

impl From<io::Error> for TableError {
    fn from(e: io::Error) -> TableError {
        TableError::Io(e)
    }
}

/// The file's header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Header {
    pub(super) rules: TableRules,
    pub(super) pieces: u8,
    pub(super) len: u64,
    pub(super) checksum: u64,
    pub(super) complete: bool,
    /// Bytes of the draws' starts after the entries.
    pub(super) bands_len: u64,
    /// Slices finished.
    pub(super) done: Vec<bool>,
}

impl Header {
    pub(super) fn new(rules: TableRules, pieces: u8, len: u64, slices: usize) -> Header {
        Header {
            rules,
            pieces,
            len,
            checksum: 0,
            complete: false,
            bands_len: 0,
            done: vec![false; slices],
        }
    }

    pub(super) fn bytes(&self) -> Vec<u8> {
        let mut h = vec![0u8; HEADER_LEN as usize];
        h[..8].copy_from_slice(MAGIC);
        h[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
        h[12] = self.rules.code();
        h[13] = self.pieces;
        h[14..16].copy_from_slice(&(self.done.len() as u16).to_le_bytes());
        h[16..24].copy_from_slice(&self.len.to_le_bytes());
        h[24..32].copy_from_slice(&self.checksum.to_le_bytes());
        h[32] = u8::from(self.complete);
        h[40..48].copy_from_slice(&self.bands_len.to_le_bytes());
        for (i, &d) in self.done.iter().enumerate() {
            if d {
                h[64 + i / 8] |= 1 << (i % 8);
            }
        }
        h
    }

    /// Reads and checks the header; `finished`: the file must be a
    /// complete table's, of exactly its length.
    pub(super) fn read(file: &File, finished: bool) -> Result<Header, TableError> {
        let mut h = vec![0u8; HEADER_LEN as usize];
        file.read_exact_at(&mut h, 0)
            .map_err(|_| TableError::Header(Message::of(id!("dimensiones-table-too-short"))))?;
        if &h[..8] != MAGIC {
            return Err(TableError::Header(Message::of(id!(
                "dimensiones-table-not-a-table"
            ))));
        }
        let word = |a: usize| u64::from_le_bytes(h[a..a + 8].try_into().expect("8 bytes"));
        let version = u32::from_le_bytes(h[8..12].try_into().expect("4 bytes"));
        if version != FORMAT_VERSION {
            return Err(TableError::Header(
                Message::of(id!("dimensiones-table-version"))
                    .num("version", version)
                    .num("reads", FORMAT_VERSION),
            ));
        }
        let bad = || TableError::Header(Message::of(id!("dimensiones-table-bad-header")));
        let rules = TableRules::from_code(h[12]).ok_or_else(bad)?;
        let pieces = h[13];
        if !(2..=12).contains(&pieces) {
            return Err(bad());
        }
        let index = Index::new(pieces);
        let slices = usize::from(u16::from_le_bytes([h[14], h[15]]));
        let len = word(16);
        if slices != index.slices().len() || len != index.len() {
            return Err(bad());
        }
        let done = (0..slices)
            .map(|i| h[64 + i / 8] & (1 << (i % 8)) != 0)
            .collect();
        let header = Header {
            rules,
            pieces,
            len,
            checksum: word(24),
            complete: h[32] == 1,
            bands_len: word(40),
            done,
        };
        let file_len = file.metadata()?.len();
        let want = HEADER_LEN + len + header.bands_len;
        if file_len < want || (finished && header.complete && file_len != want) {
            return Err(TableError::Header(
                Message::of(id!("dimensiones-table-bad-length"))
                    .num("bytes", file_len)
                    .num("want", want),
            ));
        }
        Ok(header)
    }
}

/// The checksum of the entries and the draws' starts (a 64-bit
/// multiply-rotate hash of 8-byte words).
#[must_use]
pub fn checksum_all(entries: &[u8], bands: &[u8]) -> u64 {
    let mut h = 0x9E37_79B9_7F4A_7C15u64 ^ (entries.len() as u64) ^ ((bands.len() as u64) << 40);
    for data in [entries, bands] {
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
    }
    h ^ (h >> 31)
}

/// The draws' starts of the positions whose value changes twice, by slice:
/// (place in the slice, plies left from which the value is a draw), in
/// order of place once a slice is finished.
#[derive(Clone, Debug, Default)]
pub(super) struct Bands {
    by_slice: Vec<Vec<(u32, u8)>>,
}

/// Bytes of a record's head (slice, count) and of each of its entries.
const RECORD_HEAD: usize = 6;
const RECORD_ENTRY: usize = 5;

impl Bands {
    /// Reads `len` bytes of records at `at`.
    pub(super) fn read_records(file: &File, at: u64, len: u64) -> Result<Bands, TableError> {
        let mut buf = vec![0u8; len as usize];
        file.read_exact_at(&mut buf, at)?;
        Bands::parse(&buf)
    }

    fn parse(mut buf: &[u8]) -> Result<Bands, TableError> {
        let bad = || TableError::Header(Message::of(id!("dimensiones-table-bad-header")));
        let mut bands = Bands::default();
        while !buf.is_empty() {
            if buf.len() < RECORD_HEAD {
                return Err(bad());
            }
            let id = usize::from(u16::from_le_bytes([buf[0], buf[1]]));
            let n = u32::from_le_bytes(buf[2..6].try_into().expect("4 bytes")) as usize;
            buf = &buf[RECORD_HEAD..];
            if buf.len() < n * RECORD_ENTRY {
                return Err(bad());
            }
            for e in buf[..n * RECORD_ENTRY].chunks_exact(RECORD_ENTRY) {
                let local = u32::from_le_bytes(e[..4].try_into().expect("4 bytes"));
                bands.insert(id, u64::from(local), e[4]);
            }
            bands.sort_slice(id);
            buf = &buf[n * RECORD_ENTRY..];
        }
        Ok(bands)
    }

    pub(super) fn insert(&mut self, slice: usize, local: u64, a: u8) {
        if self.by_slice.len() <= slice {
            self.by_slice.resize_with(slice + 1, Vec::new);
        }
        let local = u32::try_from(local).expect("a slice has fewer than 2^32 entries");
        self.by_slice[slice].push((local, a));
    }

    pub(super) fn sort_slice(&mut self, slice: usize) {
        if let Some(v) = self.by_slice.get_mut(slice) {
            v.sort_unstable();
            v.dedup();
        }
    }

    /// The draw's start of entry `local` of slice `slice`.
    pub(super) fn get(&self, slice: usize, local: u64) -> Option<u8> {
        let v = self.by_slice.get(slice)?;
        let local = u32::try_from(local).ok()?;
        let i = v.binary_search_by_key(&local, |&(l, _)| l).ok()?;
        Some(v[i].1)
    }

    /// The record of one slice.
    pub(super) fn record(&self, slice: usize) -> Vec<u8> {
        let v: &[(u32, u8)] = self.by_slice.get(slice).map_or(&[], |v| v);
        let mut out = Vec::with_capacity(RECORD_HEAD + v.len() * RECORD_ENTRY);
        out.extend_from_slice(&(slice as u16).to_le_bytes());
        out.extend_from_slice(&(v.len() as u32).to_le_bytes());
        for &(l, a) in v {
            out.extend_from_slice(&l.to_le_bytes());
            out.push(a);
        }
        out
    }

    /// Every slice's record, in the order of the slices.
    pub(super) fn all_records(&self, slices: usize) -> Vec<u8> {
        (0..slices).flat_map(|i| self.record(i)).collect()
    }

    /// Positions in all.
    pub(super) fn count(&self) -> u64 {
        self.by_slice.iter().map(|v| v.len() as u64).sum()
    }
}

/// Maps a finished table file into memory, read-only.
#[allow(unsafe_code)]
fn map_read_only(file: &File, want: u64) -> io::Result<Mmap> {
    // SAFETY: as for the Linja table (`linja_table::file::map_read_only`):
    // the file is opened read-only, tablero never writes a complete table
    // (`build` returns at once when the header says complete, and
    // `Table::open` maps complete tables only), and the header's checks
    // (magic, version, slices, exact length) come first, so every index
    // below `want` lies inside the map. What remains is another program
    // changing the file while it is mapped, which the documentation tells
    // users not to do.
    let map = unsafe { Mmap::map(file)? };
    if map.len() as u64 != want {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "the table file changed size while it was opened",
        ));
    }
    Ok(map)
}

/// A finished table, ready to answer.
pub struct Table {
    index: Box<Index>,
    header: Header,
    map: Mmap,
    bands: Bands,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("rules", &self.header.rules)
            .field("pieces", &self.header.pieces)
            .field("entries", &self.header.len)
            .finish()
    }
}

/// What [`Table::verify`] found (shared by the tables).
pub use crate::solve::VerifyReport;

/// The counts of a slice's values for the mover with the whole clock
/// ahead ([`Table::census`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Census {
    /// Positions the mover wins.
    pub wins: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Positions the mover loses.
    pub losses: u64,
    /// Positions whose value with the whole clock ahead is not the
    /// value of the cap (a capture or a man's move decides them).
    pub decided_by_play: u64,
    /// The most plies left any of them needs for its value.
    pub longest: u8,
}

impl Table {
    /// Opens a finished table, mapped into memory read-only.
    ///
    /// # Errors
    /// When the file cannot be read, is not a table, or is not finished.
    pub fn open(path: &Path) -> Result<Table, TableError> {
        let file = File::open(path)?;
        let header = Header::read(&file, true)?;
        let index = Index::new(header.pieces);
        if !header.complete {
            return Err(TableError::Incomplete {
                done: header.done.iter().filter(|&&d| d).count(),
                slices: header.done.len(),
            });
        }
        let want = HEADER_LEN + header.len + header.bands_len;
        let map = map_read_only(&file, want)?;
        let bands = Bands::parse(&map[(HEADER_LEN + header.len) as usize..])?;
        Ok(Table {
            index: Box::new(index),
            header,
            map,
            bands,
        })
    }

    /// The rules of the table.
    #[must_use]
    pub fn rules(&self) -> TableRules {
        self.header.rules
    }

    /// The most pieces of a position the table covers.
    #[must_use]
    pub fn pieces(&self) -> u8 {
        self.header.pieces
    }

    /// Entries of the table.
    #[must_use]
    pub fn entries(&self) -> u64 {
        self.header.len
    }

    /// Positions whose value changes twice with the clock.
    #[must_use]
    pub fn bands(&self) -> u64 {
        self.bands.count()
    }

    /// The header's checksum.
    #[must_use]
    pub fn checksum(&self) -> u64 {
        self.header.checksum
    }

    /// The index.
    #[must_use]
    pub fn index(&self) -> &Index {
        &self.index
    }

    fn data(&self) -> &[u8] {
        &self.map[HEADER_LEN as usize..(HEADER_LEN + self.header.len) as usize]
    }

    /// The value for the side to move of `p` with every number of plies
    /// left; `None` when the table does not cover it (more pieces).
    #[must_use]
    pub fn steps(&self, p: &Sub) -> Option<Steps> {
        let s = p.slice();
        if s.men + s.kings == 0 {
            let v = Wdl::of_sign(self.header.rules.blocked());
            return Some(Steps::constant(v, v));
        }
        let (m1, k1, m2, k2) = p.compact();
        let e = self.index.entry(m1, k1, m2, k2)?;
        let cap = Wdl::of_sign(self.header.rules.by_value(s));
        steps_at(&self.index, self.data(), &self.bands, e, cap)
    }

    /// The value for the side to move of `p` with the clock at `clock`
    /// (0 to 59): `None` when the table does not cover it.
    #[must_use]
    pub fn value(&self, p: &Sub, clock: u8) -> Option<Wdl> {
        Some(self.steps(p)?.at(CAP.saturating_sub(clock).max(1)))
    }

    /// Checks the checksum, then recomputes every position's value from
    /// its moves and the values after them, and counts those that differ.
    ///
    /// # Errors
    /// Never at present (the map is in memory); kept for a table read
    /// from storage.
    pub fn verify(&self, threads: usize) -> io::Result<VerifyReport> {
        let bands = &self.map[(HEADER_LEN + self.header.len) as usize..];
        let mut report = VerifyReport {
            checksum_ok: checksum_all(self.data(), bands) == self.header.checksum,
            positions: self.header.len,
            mismatches: 0,
        };
        let opts = BuildOptions {
            rules: self.header.rules,
            pieces: self.header.pieces,
            threads,
            stop_after: None,
            order: BuildOrder::Canonical,
        };
        for pair in pairs(&self.index, BuildOrder::Canonical) {
            report.mismatches += check_pair(&self.index, &opts, self.data(), &self.bands, pair);
        }
        Ok(report)
    }

    /// The counts of values with the whole clock ahead in slice `s`.
    #[must_use]
    pub fn census(&self, s: Slice) -> Option<Census> {
        let id = self.index.slice_id(s)?;
        let (off, len) = (self.index.offset(id), self.index.slice_len(id));
        let cap = Wdl::of_sign(self.header.rules.by_value(s));
        let mut c = Census::default();
        for &byte in &self.data()[off as usize..(off + len) as usize] {
            let full = Steps::full_of(byte, cap);
            match full {
                Wdl::Win => c.wins += 1,
                Wdl::Draw => c.draws += 1,
                Wdl::Loss => c.losses += 1,
            }
            if full != cap {
                c.decided_by_play += 1;
                // The plies left from which the value holds.
                c.longest = c.longest.max(byte & 0x3F);
            }
        }
        Some(c)
    }
}
