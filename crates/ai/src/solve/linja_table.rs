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

use memmap2::Mmap;
use std::fs::{File, OpenOptions};
use std::io;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use tablero_core::{Game, Localize, Message, Player};
use tablero_games::linja::{Linja, Move, Pieces, Rules, GOAL, PIECES, ROW_LIMIT};

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

/// The perfect index of the table for `free` pieces per side off the goal
/// line.
#[derive(Clone, Debug)]
pub struct Index {
    free: u32,
    /// The rank's part from the nibbles of progress 0-3 of a side's 12
    /// pieces, and from progress 4-7 (the goal line's fixed pieces
    /// included): the rank is their sum.
    lo: Vec<u32>,
    hi: Vec<u32>,
    dists: Vec<Dist>,
    bits: Vec<u32>,
    prog: Vec<u16>,
    pos: Vec<u32>,
    by_prog: Vec<Vec<u32>>,
    layer_off: Vec<u64>,
    layer_len: Vec<u64>,
    row_block: Vec<Vec<u64>>,
    len: u64,
}

impl Index {
    /// The index for `free` pieces per side off the goal line (1 to 12).
    ///
    /// # Panics
    /// When `free` is 0 or more than 12.
    #[must_use]
    pub fn new(free: u32) -> Index {
        assert!(
            (1..=PIECES).contains(&free),
            "free pieces must be 1 to {PIECES}, not {free}"
        );
        let k = free as usize;
        let fixed = (PIECES - free) as u8;
        // Compositions of m pieces over 4 slots, numbered in a fixed order.
        let quarter: Vec<Vec<[u8; 4]>> = (0..=k)
            .map(|m| {
                let mut all = Vec::new();
                enumerate(&mut [0u8; 8], 4, m as u8, &mut all);
                all.iter().map(|d| [d[4], d[5], d[6], d[7]]).collect()
            })
            .collect();
        let nib = |q: &[u8; 4]| {
            q.iter()
                .enumerate()
                .fold(0usize, |acc, (i, &c)| acc | (usize::from(c) << (4 * i)))
        };
        let mut lo = vec![u32::MAX; 1 << 16];
        let mut hi = vec![u32::MAX; 1 << 16];
        let mut off = 0u32;
        for m in 0..=k {
            // m free pieces on progress 0-3, k - m on 4-7.
            let highs = quarter[k - m].len() as u32;
            for (r, q) in quarter[m].iter().enumerate() {
                lo[nib(q)] = off + r as u32 * highs;
            }
            for (r, q) in quarter[k - m].iter().enumerate() {
                let mut q = *q;
                q[3] += fixed;
                hi[nib(&q)] = r as u32;
            }
            off += quarter[m].len() as u32 * highs;
        }
        let count = off as usize;
        let mut index = Index {
            free,
            lo,
            hi,
            dists: vec![[0; 8]; count],
            bits: vec![0; count],
            prog: vec![0; count],
            pos: vec![0; count],
            by_prog: vec![Vec::new(); 7 * k + 1],
            layer_off: vec![0; 14 * k + 1],
            layer_len: vec![0; 14 * k + 1],
            row_block: vec![vec![0; 7 * k + 1]; 14 * k + 1],
            len: 0,
        };
        let mut all = Vec::with_capacity(count);
        let mut d = [0u8; 8];
        enumerate(&mut d, 0, free as u8, &mut all);
        for d in all {
            let id = index.rank(&d) as usize;
            index.dists[id] = d;
            index.bits[id] = Pieces::from_counts(index.full(&d)).bits();
            index.prog[id] = progress(&d) as u16;
        }
        for id in 0..count {
            let q = index.prog[id] as usize;
            index.pos[id] = index.by_prog[q].len() as u32;
            index.by_prog[q].push(id as u32);
        }
        let mut off = 0u64;
        for s in (0..=14 * k).rev() {
            index.layer_off[s] = off;
            let mut block = 0u64;
            for qa in 0..=7 * k {
                index.row_block[s][qa] = block;
                if let Some(qb) = s.checked_sub(qa).filter(|&qb| qb <= 7 * k) {
                    block += index.cnt(qa) * index.cnt(qb);
                }
            }
            index.layer_len[s] = block;
            off += block;
        }
        index.len = off;
        index
    }

    /// Free pieces per side.
    #[must_use]
    pub const fn free(&self) -> u32 {
        self.free
    }

    /// Entries in the table: the square of the number of distributions.
    #[must_use]
    pub const fn len(&self) -> u64 {
        self.len
    }

    /// Whether the table has no entry (never: there is always one
    /// distribution).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Distributions of one side's free pieces.
    #[must_use]
    pub fn distributions(&self) -> usize {
        self.dists.len()
    }

    /// Layers of total progress: `0..=14 · free`.
    #[must_use]
    pub fn layers(&self) -> usize {
        self.layer_len.len()
    }

    /// Entries in the layer of total progress `s`.
    #[must_use]
    pub fn layer_len(&self, s: usize) -> u64 {
        self.layer_len[s]
    }

    fn cnt(&self, q: usize) -> u64 {
        self.by_prog[q].len() as u64
    }

    /// The rank of a distribution of `free` pieces.
    #[inline]
    fn rank(&self, d: &Dist) -> u32 {
        self.rank_bits(Pieces::from_counts(self.full(d)).bits())
    }

    /// The rank of the free part of a side's 12 pieces, given as nibbles
    /// by progress ([`Pieces::bits`]); the pieces must have at least
    /// `12 - free` on the goal line.
    #[inline]
    fn rank_bits(&self, bits: u32) -> u32 {
        self.lo[(bits & 0xFFFF) as usize] + self.hi[(bits >> 16) as usize]
    }

    /// The entry of mover `a`, other side `b` (distribution ids).
    #[inline]
    fn at(&self, a: u32, b: u32) -> u64 {
        let (qa, qb) = (
            self.prog[a as usize] as usize,
            self.prog[b as usize] as usize,
        );
        let s = qa + qb;
        self.layer_off[s]
            + self.row_block[s][qa]
            + u64::from(self.pos[a as usize]) * self.cnt(qb)
            + u64::from(self.pos[b as usize])
    }

    /// The free distribution of a side's 12 pieces, if at least
    /// `12 - free` of them stand on the goal line.
    fn free_part(&self, counts: [u8; 8]) -> Option<Dist> {
        let fixed = (PIECES - self.free) as u8;
        let mut d = counts;
        d[GOAL] = d[GOAL].checked_sub(fixed)?;
        Some(d)
    }

    /// A side's 12 pieces from its free distribution.
    fn full(&self, d: &Dist) -> Dist {
        let mut f = *d;
        f[GOAL] += (PIECES - self.free) as u8;
        f
    }
}

fn enumerate(d: &mut Dist, p: usize, left: u8, out: &mut Vec<Dist>) {
    if p == 7 {
        d[7] = left;
        out.push(*d);
        return;
    }
    for c in 0..=left {
        d[p] = c;
        enumerate(d, p + 1, left - c, out);
    }
    d[p] = 0;
}

fn progress(d: &Dist) -> usize {
    d.iter().enumerate().map(|(p, &c)| p * c as usize).sum()
}

/// Whether mover `own` and other side `opp` (full counts by progress)
/// respect the row limit.
fn valid(own: &Dist, opp: &Dist) -> bool {
    (1..GOAL).all(|p| u32::from(own[p]) + u32::from(opp[GOAL - p]) <= ROW_LIMIT)
}

/// Whether the mover has a first move.
fn can_move(own: &Dist, opp: &Dist) -> bool {
    (0..GOAL).any(|f| {
        own[f] > 0
            && (f + 1 == GOAL || u32::from(own[f + 1]) + u32::from(opp[GOAL - f - 1]) < ROW_LIMIT)
    })
}

/// Pieces of side `own` (nibbles by progress) at progress `p`.
#[inline]
fn at(own: u32, p: usize) -> u32 {
    (own >> (4 * p)) & 0xF
}

/// Pieces of both sides at progress `p` of the side owning `own`.
#[inline]
fn row_total(own: u32, opp: u32, p: usize) -> u32 {
    at(own, p) + at(opp, GOAL - p)
}

#[inline]
fn shift(own: u32, from: usize, to: usize) -> u32 {
    own - (1 << (4 * from)) + (1 << (4 * to))
}

/// Whether the sides have passed each other.
#[inline]
fn passed(own: u32, opp: u32) -> bool {
    (own.trailing_zeros() / 4 + opp.trailing_zeros() / 4) as usize > GOAL
}

/// Calls `first(x, n)` with the mover's pieces `x` after each first move
/// and the length `n` of the following move it gives: special case 1 (onto
/// the goal line: 1), else the pieces the row held, 0 meaning none (special
/// case 2, or the sides have passed each other). Returns whether a first
/// move exists.
fn first_moves(own: u32, opp: u32, first: &mut impl FnMut(u32, usize)) -> bool {
    let mut any = false;
    for f in 0..GOAL {
        if at(own, f) == 0 {
            continue;
        }
        let t = f + 1;
        let before = row_total(own, opp, t);
        if t < GOAL && before >= ROW_LIMIT {
            continue;
        }
        any = true;
        let own1 = shift(own, f, t);
        let n = if passed(own1, opp) {
            0
        } else if t == GOAL {
            1
        } else {
            before as usize
        };
        first(own1, n);
    }
    any
}

/// Calls `visit(x, earned)` with the mover's pieces `x` after each
/// following move of `n` rows from `own`; `earned` (only with `extra`, the
/// publisher's rules) when it lands on an empty field row without ending
/// the game: special case 3, one more whole turn from `x`. Returns whether
/// a following move exists.
fn following(own: u32, opp: u32, n: usize, extra: bool, visit: &mut impl FnMut(u32, bool)) -> bool {
    let mut found = false;
    for g in 0..GOAL {
        if at(own, g) == 0 {
            continue;
        }
        let u = (g + n).min(GOAL);
        let landing = row_total(own, opp, u);
        if u < GOAL && landing >= ROW_LIMIT {
            continue;
        }
        found = true;
        let own2 = shift(own, g, u);
        visit(
            own2,
            extra && u < GOAL && landing == 0 && !passed(own2, opp),
        );
    }
    found
}

/// Calls `visit(x, earned)` with the mover's pieces `x` after each of its
/// turns (the rules of `tablero_games::linja`'s move generation, on
/// nibbles; a position may come more than once) and returns whether it has
/// a first move. With `earned` the turn goes on with one more whole turn
/// from `x`, without a further extra turn, or ends at `x` if that turn has
/// no first move.
fn turns(own: u32, opp: u32, extra: bool, visit: &mut impl FnMut(u32, bool)) -> bool {
    first_moves(own, opp, &mut |own1, n| {
        if n == 0 || !following(own1, opp, n, extra, visit) {
            visit(own1, false);
        }
    })
}

fn score(d: &Dist) -> i32 {
    5 * i32::from(d[7]) + 3 * i32::from(d[6]) + 2 * i32::from(d[5]) + i32::from(d[4])
}

/// The entry as a score difference.
#[inline]
fn decode(byte: u8) -> i32 {
    i32::from(byte as i8)
}

#[inline]
fn encode(v: i32) -> u8 {
    (v as i8) as u8
}

/// What a layer's computation gives: each job's column of values (the other
/// side fixed, the mover's distributions in index order) and the positions
/// whose mover has no first move, solved after the rest of the layer.
struct LayerOut {
    cols: Vec<(u32, Vec<u8>)>,
    no_move: Vec<(u32, u32)>,
}

/// Memo slots per distribution while computing a column: the extra turn
/// from it (0) and the following move of each length (1-5).
const MEMO_SLOTS: usize = 6;

/// Marks a position whose mover must pass, in a column.
const NO_MOVE: u8 = 0x81;

impl Index {
    /// Computes every entry of layer `s` from `done`, the entries of the
    /// layers above it (a prefix of the table).
    fn layer(
        &self,
        rules: Rules,
        s: usize,
        done: &[u8],
        threads: usize,
        counter: &AtomicU64,
        mut tick: impl FnMut(),
    ) -> LayerOut {
        let k7 = 7 * self.free as usize;
        let mut jobs: Vec<u32> = Vec::new();
        for qb in s.saturating_sub(k7)..=s.min(k7) {
            jobs.extend_from_slice(&self.by_prog[qb]);
        }
        let next = AtomicUsize::new(0);
        let finished = AtomicUsize::new(0);
        let threads = threads.max(1);
        let main = std::thread::current();
        let mut outs: Vec<LayerOut> = Vec::new();
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut out = LayerOut {
                            cols: Vec::new(),
                            no_move: Vec::new(),
                        };
                        let mut memo = vec![i8::MIN; self.dists.len() * MEMO_SLOTS];
                        let mut touched = Vec::new();
                        let mut base = vec![0u64; k7 + 1];
                        loop {
                            let j = next.fetch_add(1, Ordering::Relaxed);
                            let Some(&b) = jobs.get(j) else { break };
                            let col = self.column(
                                rules,
                                s,
                                b,
                                done,
                                &mut base,
                                &mut memo,
                                &mut touched,
                                &mut out.no_move,
                            );
                            counter.fetch_add(col.len() as u64, Ordering::Relaxed);
                            out.cols.push((b, col));
                        }
                        finished.fetch_add(1, Ordering::Release);
                        main.unpark();
                        out
                    })
                })
                .collect();
            let mut last = Instant::now();
            while finished.load(Ordering::Acquire) < threads {
                if last.elapsed() >= Duration::from_millis(100) {
                    tick();
                    last = Instant::now();
                }
                std::thread::park_timeout(Duration::from_millis(100));
            }
            outs = handles
                .into_iter()
                .map(|h| h.join().expect("a table worker panicked"))
                .collect();
        });
        let mut all = LayerOut {
            cols: Vec::with_capacity(jobs.len()),
            no_move: Vec::new(),
        };
        for o in outs {
            all.cols.extend(o.cols);
            all.no_move.extend(o.no_move);
        }
        all
    }

    /// The values of every mover `a` of progress `s - progress(b)` against
    /// the other side `b`, reading the successors from `done`.
    #[allow(clippy::too_many_arguments)]
    fn column(
        &self,
        rules: Rules,
        s: usize,
        b: u32,
        done: &[u8],
        base: &mut [u64],
        memo: &mut [i8],
        touched: &mut Vec<u32>,
        no_move: &mut Vec<(u32, u32)>,
    ) -> Vec<u8> {
        let qb = self.prog[b as usize] as usize;
        let qa = s - qb;
        // Where the successors (b, a') lie, by the progress of a'.
        for (q, slot) in base.iter_mut().enumerate() {
            let s2 = qb + q;
            *slot = if s2 < self.layer_off.len() {
                self.layer_off[s2]
                    + self.row_block[s2][qb]
                    + u64::from(self.pos[b as usize]) * self.cnt(q)
            } else {
                0
            };
        }
        let opp = self.full(&self.dists[b as usize]);
        let opp_bits = self.bits[b as usize];
        let opp_score = score(&opp);
        let mut col = Vec::with_capacity(self.by_prog[qa].len());
        for &a in &self.by_prog[qa] {
            let own = self.full(&self.dists[a as usize]);
            let own_bits = self.bits[a as usize];
            let v = if !valid(&own, &opp) {
                INVALID
            } else if passed(own_bits, opp_bits) {
                encode(score(&own) - opp_score)
            } else {
                // -V(b, x): the value for the mover after its turn ends at x.
                let after = |x: u32| {
                    let id = self.rank_bits(x) as usize;
                    -decode(done[(base[self.prog[id] as usize] + u64::from(self.pos[id])) as usize])
                };
                let extra = rules.extra_turn();
                let mut best = -MAX_DIFF - 1;
                // The rest of a turn after a first move to own1 with a
                // following move of n rows is the same for every mover of
                // this column that reaches own1: kept in `memo` (slot n of
                // own1's; slot 0 for the extra turn from a position).
                let any = first_moves(own_bits, opp_bits, &mut |own1, n| {
                    let v = if n == 0 {
                        after(own1)
                    } else {
                        let slot = self.rank_bits(own1) as usize * MEMO_SLOTS + n;
                        if memo[slot] == i8::MIN {
                            let mut w = -MAX_DIFF - 1;
                            let found = following(own1, opp_bits, n, extra, &mut |x, earned| {
                                let v = if earned {
                                    let slot = self.rank_bits(x) as usize * MEMO_SLOTS;
                                    if memo[slot] == i8::MIN {
                                        let mut e = -MAX_DIFF - 1;
                                        let any = turns(x, opp_bits, false, &mut |y, _| {
                                            e = e.max(after(y));
                                        });
                                        memo[slot] = if any { e } else { after(x) } as i8;
                                        touched.push(slot as u32);
                                    }
                                    i32::from(memo[slot])
                                } else {
                                    after(x)
                                };
                                w = w.max(v);
                            });
                            memo[slot] = if found { w } else { after(own1) } as i8;
                            touched.push(slot as u32);
                        }
                        i32::from(memo[slot])
                    };
                    best = best.max(v);
                });
                if any {
                    encode(best)
                } else {
                    no_move.push((a, b));
                    NO_MOVE
                }
            };
            col.push(v);
        }
        for &id in touched.iter() {
            memo[id as usize] = i8::MIN;
        }
        touched.clear();
        col
    }

    /// The value of a position whose mover `a` must pass against `b`, from
    /// the entries of its layer.
    fn no_move_value(&self, a: u32, b: u32, data: &[u8]) -> i32 {
        let own = self.full(&self.dists[a as usize]);
        let opp = self.full(&self.dists[b as usize]);
        if can_move(&opp, &own) {
            -decode(data[self.at(b, a) as usize])
        } else {
            score(&own) - score(&opp)
        }
    }
}

/// How a build goes: passed to the progress callback about ten times a
/// second.
#[derive(Clone, Copy, Debug)]
pub struct BuildProgress {
    /// The layer (total progress) being computed.
    pub layer: usize,
    /// Layers finished (counted from the highest).
    pub layers_done: usize,
    /// Layers in all.
    pub layers: usize,
    /// Entries finished, counting those of layers finished earlier.
    pub entries_done: u64,
    /// Entries in all.
    pub entries: u64,
}

/// The settings of a build.
#[derive(Clone, Copy, Debug)]
pub struct BuildOptions {
    /// The rules.
    pub rules: Rules,
    /// Pieces per side off the goal line (12: the whole game).
    pub free: u32,
    /// Worker threads.
    pub threads: usize,
    /// Stop after finishing this many layers in this run (to test
    /// resuming); `None` builds to the end.
    pub stop_after: Option<usize>,
}

/// What a build did.
#[derive(Clone, Copy, Debug)]
pub struct BuildReport {
    /// Layers found finished in the file at the start.
    pub resumed_layers: usize,
    /// Layers finished at the end.
    pub layers_done: usize,
    /// Layers in all.
    pub layers: usize,
    /// Entries computed in this run.
    pub entries_computed: u64,
    /// Whether the table is complete (header checksum written).
    pub complete: bool,
    /// Seconds of this run.
    pub seconds: f64,
}

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

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableError::Io(e) => write!(f, "{e}"),
            TableError::Header(s) => write!(f, "{s}"),
            TableError::Incomplete { done, layers } => write!(
                f,
                "the table is not finished: {done} of {layers} layers (run --build-table again to resume)"
            ),
        }
    }
}

impl std::error::Error for TableError {}

impl Localize for TableError {
    /// The reason for people; for [`TableError::Io`] the system's own
    /// words (`table-io`), which a front end may say better from the
    /// `io::Error` itself.
    fn message(&self) -> Message {
        match self {
            TableError::Io(e) => Message::new("linja-table-io", e.to_string()).text("reason", e),
            TableError::Header(m) => m.clone(),
            TableError::Incomplete { done, layers } => {
                Message::new("linja-table-incomplete", self.to_string())
                    .num("done", *done)
                    .num("layers", *layers)
            }
        }
    }
}

/// A rule set's name as a message argument, in each language.
fn rules_words(r: Rules) -> [(&'static str, &'static str); 2] {
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
struct Header {
    rules: Rules,
    free: u32,
    layers_done: usize,
    len: u64,
    checksum: u64,
    complete: bool,
}

impl Header {
    fn bytes(&self) -> [u8; HEADER_LEN as usize] {
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

    fn read(file: &File) -> Result<Header, TableError> {
        let mut h = [0u8; HEADER_LEN as usize];
        file.read_exact_at(&mut h, 0).map_err(|_| {
            TableError::Header(Message::new(
                "linja-table-too-short",
                "the file is too short for a Linja table",
            ))
        })?;
        if &h[..8] != MAGIC {
            return Err(TableError::Header(Message::new(
                "linja-table-not-a-table",
                "not a tablero Linja table",
            )));
        }
        let version = u32::from_le_bytes(h[8..12].try_into().expect("4 bytes"));
        if version != FORMAT_VERSION {
            return Err(TableError::Header(
                Message::new(
                    "linja-table-version",
                    format!(
                        "table format version {version}; this program reads version {FORMAT_VERSION}"
                    ),
                )
                .num("version", version)
                .num("reads", FORMAT_VERSION),
            ));
        }
        let rules = match h[12] {
            0 => Rules::Publisher,
            1 => Rules::Seed,
            r => {
                return Err(TableError::Header(
                    Message::new(
                        "linja-table-unknown-rules",
                        format!("unknown rules {r} in the header"),
                    )
                    .num("rules", r),
                ))
            }
        };
        let free = u32::from(h[13]);
        if !(1..=PIECES).contains(&free) {
            return Err(TableError::Header(
                Message::new(
                    "linja-table-bad-free",
                    format!("bad free pieces {free} in the header"),
                )
                .num("free", free),
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
                Message::new(
                    "linja-table-bad-length",
                    format!(
                        "the file has {file_len} bytes; a table of {free} free pieces has {want}"
                    ),
                )
                .num("bytes", file_len)
                .num("free", free)
                .num("want", want),
            ));
        }
        if header.layers_done > Index::new(free).layers() {
            return Err(TableError::Header(Message::new(
                "linja-table-bad-layers",
                "bad layer count in the header",
            )));
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

/// Builds the table into `path`, or resumes the build found there (a file
/// of another rule set or size is refused, never overwritten). `progress`
/// is called about ten times a second.
///
/// # Errors
/// When the file cannot be read or written, or holds another table.
pub fn build(
    path: &Path,
    opts: &BuildOptions,
    mut progress: impl FnMut(&BuildProgress),
) -> Result<BuildReport, TableError> {
    let t0 = Instant::now();
    let index = Index::new(opts.free);
    let layers = index.layers();
    let exists = path.exists();
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)?;
    let mut header = if exists && file.metadata()?.len() > 0 {
        let h = Header::read(&file)?;
        if h.rules != opts.rules || h.free != opts.free {
            return Err(TableError::Header(
                Message::new(
                    "linja-table-other-rules",
                    format!(
                        "{} holds a table for the {} rules with {} free pieces, not {} with {}; remove it or name another file",
                        path.display(),
                        h.rules,
                        h.free,
                        opts.rules,
                        opts.free
                    ),
                )
                .text("path", path.display())
                .words("rules", &rules_words(h.rules))
                .num("free", h.free)
                .words("wanted", &rules_words(opts.rules))
                .num("wanted_free", opts.free),
            ));
        }
        h
    } else {
        let h = Header {
            rules: opts.rules,
            free: opts.free,
            layers_done: 0,
            len: index.len(),
            checksum: 0,
            complete: false,
        };
        file.set_len(HEADER_LEN + index.len())?;
        file.write_all_at(&h.bytes(), 0)?;
        file.sync_all()?;
        h
    };
    let resumed = header.layers_done;
    let mut report = BuildReport {
        resumed_layers: resumed,
        layers_done: resumed,
        layers,
        entries_computed: 0,
        complete: header.complete,
        seconds: 0.0,
    };
    if header.complete {
        report.seconds = t0.elapsed().as_secs_f64();
        return Ok(report);
    }
    let mut data = vec![0u8; index.len() as usize];
    // Layers are stored from the highest: the finished ones are a prefix.
    let done_len = if resumed == 0 {
        0
    } else {
        index.layer_off[layers - resumed] as usize + index.layer_len[layers - resumed] as usize
    };
    file.read_exact_at(&mut data[..done_len], HEADER_LEN)?;
    let counter = AtomicU64::new(done_len as u64);
    for (run_layers, s) in (0..layers - resumed).rev().enumerate() {
        if opts.stop_after.is_some_and(|n| run_layers >= n) {
            break;
        }
        let off = index.layer_off[s] as usize;
        let len = index.layer_len[s] as usize;
        let (done, rest) = data.split_at_mut(off);
        let tick = || {
            progress(&BuildProgress {
                layer: s,
                layers_done: header.layers_done,
                layers,
                entries_done: counter.load(Ordering::Relaxed),
                entries: index.len(),
            });
        };
        let out = index.layer(opts.rules, s, done, opts.threads, &counter, tick);
        let layer = &mut rest[..len];
        for (b, col) in &out.cols {
            let qb = index.prog[*b as usize] as usize;
            let qa = s - qb;
            let stride = index.cnt(qb) as usize;
            let start = index.row_block[s][qa] as usize + index.pos[*b as usize] as usize;
            for (i, &v) in col.iter().enumerate() {
                layer[start + i * stride] = v;
            }
        }
        let late: Vec<(u64, i32)> = out
            .no_move
            .iter()
            .map(|&(a, b)| (index.at(a, b), index.no_move_value(a, b, &data)))
            .collect();
        for (e, v) in late {
            data[e as usize] = encode(v);
        }
        file.write_all_at(&data[off..off + len], HEADER_LEN + off as u64)?;
        file.sync_data()?;
        header.layers_done += 1;
        file.write_all_at(&header.bytes(), 0)?;
        file.sync_data()?;
        report.entries_computed += len as u64;
    }
    report.layers_done = header.layers_done;
    if header.layers_done == layers {
        header.checksum = checksum(&data);
        header.complete = true;
        file.write_all_at(&header.bytes(), 0)?;
        file.sync_all()?;
        report.complete = true;
    }
    progress(&BuildProgress {
        layer: 0,
        layers_done: header.layers_done,
        layers,
        entries_done: counter.load(Ordering::Relaxed),
        entries: index.len(),
    });
    report.seconds = t0.elapsed().as_secs_f64();
    Ok(report)
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

/// What [`Table::verify`] found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VerifyReport {
    /// Whether the entries' checksum equals the header's.
    pub checksum_ok: bool,
    /// Valid positions checked (entries that are not invalid pairs).
    pub positions: u64,
    /// Entries whose value is not the best successor's.
    pub mismatches: u64,
}

impl Table {
    /// Opens a finished table, mapped into memory read-only: entries are
    /// read from the page cache when asked for.
    ///
    /// # Errors
    /// When the file cannot be read, is not a table, or is not finished.
    pub fn open(path: &Path) -> Result<Table, TableError> {
        let file = File::open(path)?;
        let header = Header::read(&file)?;
        let index = Index::new(header.free);
        if !header.complete {
            return Err(TableError::Incomplete {
                done: header.layers_done,
                layers: index.layers(),
            });
        }
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
        let file = File::open(path)?;
        let header = Header::read(&file)?;
        let index = Index::new(header.free);
        if !header.complete {
            return Err(TableError::Incomplete {
                done: header.layers_done,
                layers: index.layers(),
            });
        }
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

/// The tables installed for the process, by rules (publisher, seed).
static INSTALLED: [OnceLock<Table>; 2] = [OnceLock::new(), OnceLock::new()];

fn slot(rules: Rules) -> usize {
    match rules {
        Rules::Publisher => 0,
        Rules::Seed => 1,
    }
}

/// Installs `table` for the whole process, for its rules: from then on
/// Linja's level 5, the exact player (`solver`) and [`exact_moves`] answer
/// from it in every position it covers. One table per rule set, for the
/// life of the process: a second one for the same rules is handed back.
///
/// # Errors
/// Gives `table` back when a table of its rules is installed already.
pub fn install(table: Table) -> Result<&'static Table, Table> {
    let cell = &INSTALLED[slot(table.rules())];
    let mut offered = Some(table);
    let got = cell.get_or_init(|| offered.take().expect("taken once"));
    match offered {
        None => Ok(got),
        Some(t) => Err(t),
    }
}

/// The table installed for `rules`, if any.
#[must_use]
pub fn installed(rules: Rules) -> Option<&'static Table> {
    INSTALLED[slot(rules)].get()
}

/// Every legal move of `pos` with the exact final score difference it
/// keeps for the side to move, best first, from the installed table of its
/// rules (the hint); `None` when no installed table covers `pos` (or the
/// game is over: then the list is empty).
#[must_use]
pub fn exact_moves(pos: &Linja) -> Option<Vec<(Move, i32)>> {
    installed(pos.rules())?.scored_moves(pos).ok().flatten()
}

/// The exact final score difference of `pos` for the side to move, from
/// the installed table of its rules; `None` when none covers it.
#[must_use]
pub fn exact_value(pos: &Linja) -> Option<i32> {
    installed(pos.rules())?.value(pos).ok().flatten()
}

/// The file name of the whole table of `rules` in [`default_dir`]:
/// `linja-publisher.tbl` or `linja-seed.tbl`.
#[must_use]
pub fn default_file_name(rules: Rules) -> &'static str {
    match rules {
        Rules::Publisher => "linja-publisher.tbl",
        Rules::Seed => "linja-seed.tbl",
    }
}

/// The folder where tablero looks for tables when none is named: the
/// user's data folder, `$XDG_DATA_HOME/tablero`, else
/// `$HOME/.local/share/tablero` (on macOS `$HOME/Library/Application
/// Support/tablero`); `None` without a home folder.
#[must_use]
pub fn default_dir() -> Option<PathBuf> {
    let non_empty = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    let data = if cfg!(target_os = "macos") {
        PathBuf::from(non_empty("HOME")?).join("Library/Application Support")
    } else if let Some(x) = non_empty("XDG_DATA_HOME").map(PathBuf::from) {
        if x.is_absolute() {
            x
        } else {
            PathBuf::from(non_empty("HOME")?).join(".local/share")
        }
    } else {
        PathBuf::from(non_empty("HOME")?).join(".local/share")
    };
    Some(data.join("tablero"))
}

/// The default path of the whole table of `rules`:
/// [`default_dir`]`/`[`default_file_name`].
#[must_use]
pub fn default_path(rules: Rules) -> Option<PathBuf> {
    Some(default_dir()?.join(default_file_name(rules)))
}

/// Opens the tables named in `paths` (each gives its own rules) and
/// installs them; then, unless `defaults` is false, installs for each rule
/// set still without a table the file at [`default_path`] when it exists.
/// Returns each installed table's rules and path.
///
/// # Errors
/// When a named file, or a file present at the default location, cannot
/// be opened as a finished table, or two named tables have the same rules.
pub fn install_files(
    paths: &[PathBuf],
    defaults: bool,
) -> Result<Vec<(Rules, PathBuf)>, (PathBuf, TableError)> {
    let mut out = Vec::new();
    for p in paths {
        let t = Table::open(p).map_err(|e| (p.clone(), e))?;
        let rules = t.rules();
        install(t).map_err(|_| {
            (
                p.clone(),
                TableError::Header(
                    Message::new(
                        "linja-table-in-use",
                        format!("a table for the {} rules is in use already", rules),
                    )
                    .words("rules", &rules_words(rules)),
                ),
            )
        })?;
        out.push((rules, p.clone()));
    }
    if defaults {
        for rules in [Rules::Publisher, Rules::Seed] {
            let Some(p) = default_path(rules).filter(|p| p.exists()) else {
                continue;
            };
            if installed(rules).is_some() {
                continue;
            }
            let t = Table::open(&p).map_err(|e| (p.clone(), e))?;
            if t.rules() != rules {
                return Err((
                    p,
                    TableError::Header(
                        Message::new(
                            "linja-table-holds-rules",
                            format!("this file holds the {} rules' table", t.rules()),
                        )
                        .words("rules", &rules_words(t.rules())),
                    ),
                ));
            }
            if install(t).is_ok() {
                out.push((rules, p));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// The successors on nibbles are the children of the games crate's
    /// move generation, as sets, along random games of both rule sets.
    #[test]
    fn successors_are_the_children_of_the_move_generation() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut checked = 0;
        for rules in [Rules::Publisher, Rules::Seed] {
            for _ in 0..60 {
                let mut pos = Linja::start(&rules);
                let mut children = Vec::new();
                while !pos.has_passed() && pos.passes() < 2 {
                    pos.children(&mut children);
                    let me = pos.side_to_move();
                    let own = pos.pieces(me).bits();
                    let opp = pos.pieces(me.other()).bits();
                    let mut out = Vec::new();
                    let any = turns(own, opp, rules.extra_turn(), &mut |x, earned| {
                        if !earned || !turns(x, opp, false, &mut |y, _| out.push(y)) {
                            out.push(x);
                        }
                    });
                    let mut want: Vec<u32> = children.iter().map(|c| c.pieces(me).bits()).collect();
                    want.sort_unstable();
                    want.dedup();
                    out.sort_unstable();
                    out.dedup();
                    if any {
                        assert_eq!(out, want, "{}", pos.position_string());
                    } else {
                        assert!(out.is_empty());
                        assert_eq!(children.len(), 1);
                        assert_eq!(children[0].passes(), pos.passes() + 1);
                    }
                    checked += 1;
                    pos = children[rng.gen_range(0..children.len())];
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn ranks_are_a_bijection() {
        for free in [1, 3, 5, 12] {
            let index = Index::new(free);
            let mut seen = vec![false; index.distributions()];
            let mut all = Vec::new();
            enumerate(&mut [0; 8], 0, free as u8, &mut all);
            assert_eq!(all.len(), index.distributions());
            for d in &all {
                let r = index.rank(d) as usize;
                assert!(!seen[r]);
                seen[r] = true;
                assert_eq!(&index.dists[r], d);
            }
        }
        assert_eq!(Index::new(12).distributions(), 50_388);
        assert_eq!(Index::new(12).len(), 50_388 * 50_388);
    }
}
