//! Building a table: every entry of a layer from the layers above it, in
//! worker threads, written to the file layer by layer so that a stopped
//! build resumes.

use super::file::{checksum, rules_words, Header, TableError};
use super::index::Index;
use super::moves::{can_move, first_moves, following, passed, score, turns, valid};
use super::{decode, encode, HEADER_LEN, INVALID, MAX_DIFF, NO_MOVE};
use std::fs::OpenOptions;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tablero_core::{id, Message};
use tablero_games::linja::Rules;

/// What a layer's computation gives: each job's column of values (the other
/// side fixed, the mover's distributions in index order) and the positions
/// whose mover has no first move, solved after the rest of the layer.
pub(super) struct LayerOut {
    pub(super) cols: Vec<(u32, Vec<u8>)>,
    pub(super) no_move: Vec<(u32, u32)>,
}

/// Memo slots per distribution while computing a column: the extra turn
/// from it (0) and the following move of each length (1-5).
const MEMO_SLOTS: usize = 6;

impl Index {
    /// Computes every entry of layer `s` from `done`, the entries of the
    /// layers above it (a prefix of the table).
    pub(super) fn layer(
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
    pub(super) fn no_move_value(&self, a: u32, b: u32, data: &[u8]) -> i32 {
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
                Message::of(id!("linja-table-other-rules"))
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
