//! Building a table: slice pairs from the fewest pieces up, each pair's
//! cells from the most advanced men down, cells of one advancement in
//! worker threads; each finished pair is checked (every value the best
//! over its successors) and written, so that a stopped build resumes.

use super::cell::{check_side, Cell, Ctx, Solved};
use super::file::{checksum_all, Bands, Header, TableError};
use super::index::{advancement, Index, Slice};
use super::sub::TableRules;
use super::value::{Steps, Wdl};
use super::HEADER_LEN;
use std::fs::OpenOptions;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tablero_core::{id, Message};

/// The order in which a build takes the slice pairs. Every order that
/// builds a slice after the slices its moves lead to gives the same file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BuildOrder {
    /// The order of the file.
    #[default]
    Canonical,
    /// Among the pairs of the same pieces and men, the last first.
    Reversed,
}

/// The settings of a build.
#[derive(Clone, Copy, Debug)]
pub struct BuildOptions {
    /// The rules.
    pub rules: TableRules,
    /// The most pieces of a position (both armies).
    pub pieces: u8,
    /// Worker threads.
    pub threads: usize,
    /// Stop after finishing this many slice pairs in this run (to test
    /// resuming); `None` builds to the end.
    pub stop_after: Option<usize>,
    /// The order of the slice pairs.
    pub order: BuildOrder,
}

/// How a build goes: passed to the progress callback about ten times a
/// second.
#[derive(Clone, Copy, Debug)]
pub struct BuildProgress {
    /// The slice being built (its pair is built with it).
    pub slice: Slice,
    /// Slices finished.
    pub slices_done: usize,
    /// Slices in all.
    pub slices: usize,
    /// Entries finished, counting those of slices finished earlier.
    pub entries_done: u64,
    /// Entries in all.
    pub entries: u64,
}

/// What a build did.
#[derive(Clone, Copy, Debug)]
pub struct BuildReport {
    /// Slices found finished in the file at the start.
    pub resumed_slices: usize,
    /// Slices finished at the end.
    pub slices_done: usize,
    /// Slices in all.
    pub slices: usize,
    /// Entries computed in this run.
    pub entries_computed: u64,
    /// Positions whose value changes twice with the clock (their draw's
    /// start is kept beside the entries), in the slices built in this run.
    pub bands: u64,
    /// Whether the table is complete (header checksum written).
    pub complete: bool,
    /// Seconds of this run.
    pub seconds: f64,
}

/// The slice pairs in the order `order`: each pair is a slice and the same
/// material with the other army to move (once for a symmetric material).
pub(super) fn pairs(index: &Index, order: BuildOrder) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for (i, s) in index.slices().iter().enumerate() {
        let j = index.slice_id(s.swapped()).expect("swapped slice");
        if j >= i {
            out.push((i, j));
        }
    }
    if order == BuildOrder::Reversed {
        let key = |p: &(usize, usize)| {
            let s = index.slices()[p.0];
            (s.pieces(), s.men + s.other_men)
        };
        let mut start = 0;
        while start < out.len() {
            let mut end = start;
            while end < out.len() && key(&out[end]) == key(&out[start]) {
                end += 1;
            }
            out[start..end].reverse();
            start = end;
        }
    }
    out
}

/// The cells of a slice pair grouped by advancement, the most advanced
/// first.
fn cells_by_advancement(index: &Index, pair: (usize, usize)) -> Vec<Vec<Cell>> {
    let s = index.slices()[pair.0];
    let n = index.men_pairs(s);
    let mut levels: Vec<Vec<Cell>> = Vec::new();
    for mi in 0..n {
        let cell = Cell::new(index, pair.0, mi);
        if pair.0 == pair.1 && !cell.symmetric {
            // Both sides are men pairs of this slice: take the cell once,
            // from its lower men pair.
            let other = (cell.sides[1].base - index.offset(pair.0)) / cell.kings;
            if other < mi {
                continue;
            }
        }
        let adv = advancement(cell.sides[0].men, cell.sides[0].other_men) as usize;
        if levels.len() <= adv {
            levels.resize_with(adv + 1, Vec::new);
        }
        levels[adv].push(cell);
    }
    levels.reverse();
    levels.retain(|l| !l.is_empty());
    levels
}

/// Runs `work` on every item in `threads` threads, calling `tick` about
/// ten times a second from this thread until all are done; the results in
/// the order of the items.
fn parallel<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    work: impl Fn(&T) -> R + Sync,
    mut tick: impl FnMut(),
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let threads = threads.clamp(1, items.len().max(1));
    let main = std::thread::current();
    let mut results: Vec<Option<R>> = Vec::new();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let j = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(j) else { break };
                        out.push((j, work(item)));
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
        results = (0..items.len()).map(|_| None).collect();
        for h in handles {
            for (j, r) in h.join().expect("a table worker panicked") {
                results[j] = Some(r);
            }
        }
    });
    results
        .into_iter()
        .map(|r| r.expect("every item done"))
        .collect()
}

/// The steps of entry `e` from the entries and the draws' starts.
pub(super) fn steps_at(
    index: &Index,
    data: &[u8],
    bands: &Bands,
    e: u64,
    cap: Wdl,
) -> Option<Steps> {
    Steps::decode(data[e as usize], cap, || {
        let id = slice_of(index, e);
        bands.get(id, e - index.offset(id))
    })
}

/// The slice of entry `e`.
pub(super) fn slice_of(index: &Index, e: u64) -> usize {
    let n = index.slices().len();
    let (mut lo, mut hi) = (0, n);
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if index.offset(mid) <= e {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Builds the table into `path`, or resumes the build found there (a file
/// of other rules or pieces is refused, never overwritten). `progress` is
/// called about ten times a second.
///
/// # Errors
/// When the file cannot be read or written, holds another table, or a
/// slice pair fails its check (a bug: then nothing of it is written).
pub fn build(
    path: &Path,
    opts: &BuildOptions,
    mut progress: impl FnMut(&BuildProgress),
) -> Result<BuildReport, TableError> {
    let t0 = Instant::now();
    let index = Index::new(opts.pieces);
    let nslices = index.slices().len();
    let exists = path.exists();
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)?;
    let mut header = if exists && file.metadata()?.len() > 0 {
        let h = Header::read(&file, false)?;
        if h.rules != opts.rules || h.pieces != opts.pieces {
            return Err(TableError::Header(
                Message::of(id!("dimensiones-table-other-rules"))
                    .text("path", path.display())
                    .text("rules", h.rules)
                    .num("pieces", h.pieces)
                    .text("wanted", opts.rules)
                    .num("wanted_pieces", opts.pieces),
            ));
        }
        h
    } else {
        let h = Header::new(opts.rules, opts.pieces, index.len(), nslices);
        file.set_len(HEADER_LEN + index.len())?;
        file.write_all_at(&h.bytes(), 0)?;
        file.sync_all()?;
        h
    };
    let resumed = header.done.iter().filter(|&&d| d).count();
    let mut report = BuildReport {
        resumed_slices: resumed,
        slices_done: resumed,
        slices: nslices,
        entries_computed: 0,
        bands: 0,
        complete: header.complete,
        seconds: 0.0,
    };
    if header.complete {
        report.seconds = t0.elapsed().as_secs_f64();
        return Ok(report);
    }
    let mut data = vec![0u8; index.len() as usize];
    file.read_exact_at(&mut data, HEADER_LEN)?;
    let mut bands = Bands::read_records(&file, HEADER_LEN + index.len(), header.bands_len)?;
    let done_entries: u64 = (0..nslices)
        .filter(|&i| header.done[i])
        .map(|i| index.slice_len(i))
        .sum();
    let counter = AtomicU64::new(done_entries);
    let ctx_rules = opts.rules;
    let core = opts.rules.core();
    let mut built_pairs = 0;
    for pair in pairs(&index, opts.order) {
        if header.done[pair.0] && header.done[pair.1] {
            continue;
        }
        if opts.stop_after.is_some_and(|n| built_pairs >= n) {
            break;
        }
        let slice = index.slices()[pair.0];
        let mut pair_bands: Vec<(usize, u64, u8)> = Vec::new();
        let slices_done = header.done.iter().filter(|&&d| d).count();
        for level in cells_by_advancement(&index, pair) {
            let solved: Vec<Solved> = {
                let ctx = Ctx {
                    index: &index,
                    rules: ctx_rules,
                    core,
                    data: &data,
                };
                parallel(
                    &level,
                    opts.threads,
                    |cell| {
                        let s = ctx.solve(cell);
                        counter.fetch_add(cell.len(), Ordering::Relaxed);
                        s
                    },
                    || {
                        progress(&BuildProgress {
                            slice,
                            slices_done,
                            slices: nslices,
                            entries_done: counter.load(Ordering::Relaxed),
                            entries: index.len(),
                        });
                    },
                )
            };
            for (cell, s) in level.iter().zip(solved) {
                for (t, entries) in s.entries.iter().enumerate() {
                    let base = cell.sides[t].base as usize;
                    data[base..base + entries.len()].copy_from_slice(entries);
                }
                pair_bands.extend(s.bands);
            }
        }
        report.bands += pair_bands.len() as u64;
        for (slice_id, local, a) in pair_bands {
            bands.insert(slice_id, local, a);
        }
        let ids: Vec<usize> = if pair.0 == pair.1 {
            vec![pair.0]
        } else {
            vec![pair.0, pair.1]
        };
        for &id in &ids {
            bands.sort_slice(id);
        }
        // The check: every position of the pair recomputed from its moves.
        let wrong = check_pair(&index, opts, &data, &bands, pair);
        if wrong > 0 {
            return Err(TableError::Header(
                Message::of(id!("dimensiones-table-check-failed"))
                    .text("slice", slice.name())
                    .num("wrong", wrong),
            ));
        }
        for &id in &ids {
            let (off, len) = (index.offset(id), index.slice_len(id));
            file.write_all_at(&data[off as usize..(off + len) as usize], HEADER_LEN + off)?;
            let record = bands.record(id);
            file.write_all_at(&record, HEADER_LEN + index.len() + header.bands_len)?;
            header.bands_len += record.len() as u64;
            report.entries_computed += len;
        }
        file.sync_data()?;
        for &id in &ids {
            header.done[id] = true;
        }
        file.write_all_at(&header.bytes(), 0)?;
        file.sync_data()?;
        built_pairs += 1;
    }
    report.slices_done = header.done.iter().filter(|&&d| d).count();
    if report.slices_done == nslices {
        // The draws' starts in the order of the slices, whatever the order
        // they were built in: the same file for every order.
        let all = bands.all_records(nslices);
        file.set_len(HEADER_LEN + index.len() + all.len() as u64)?;
        file.write_all_at(&all, HEADER_LEN + index.len())?;
        header.bands_len = all.len() as u64;
        header.checksum = checksum_all(&data, &all);
        header.complete = true;
        file.write_all_at(&header.bytes(), 0)?;
        file.sync_all()?;
        report.complete = true;
    }
    progress(&BuildProgress {
        slice: index.slices()[nslices - 1],
        slices_done: report.slices_done,
        slices: nslices,
        entries_done: counter.load(Ordering::Relaxed),
        entries: index.len(),
    });
    report.seconds = t0.elapsed().as_secs_f64();
    Ok(report)
}

/// Checks every position of a slice pair; the number of wrong entries.
pub(super) fn check_pair(
    index: &Index,
    opts: &BuildOptions,
    data: &[u8],
    bands: &Bands,
    pair: (usize, usize),
) -> u64 {
    let ctx = Ctx {
        index,
        rules: opts.rules,
        core: opts.rules.core(),
        data,
    };
    let mut sides = Vec::new();
    for id in [pair.0, pair.1] {
        let s = index.slices()[id];
        for mi in 0..index.men_pairs(s) {
            sides.push(Cell::new(index, id, mi));
        }
        if pair.0 == pair.1 {
            break;
        }
    }
    let steps = |e: u64, cap: Wdl| steps_at(index, data, bands, e, cap);
    parallel(
        &sides,
        opts.threads,
        |cell| check_side(&ctx, cell, &steps),
        || {},
    )
    .into_iter()
    .sum()
}
