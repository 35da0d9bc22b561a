//! The perfect index of a table: distributions of a side's free pieces
//! numbered by a combinatorial rank, positions grouped in layers of total
//! progress.

use super::Dist;
use tablero_games::linja::{Pieces, GOAL, PIECES};

/// The perfect index of the table for `free` pieces per side off the goal
/// line.
#[derive(Clone, Debug)]
pub struct Index {
    pub(super) free: u32,
    /// The rank's part from the nibbles of progress 0-3 of a side's 12
    /// pieces, and from progress 4-7 (the goal line's fixed pieces
    /// included): the rank is their sum.
    pub(super) lo: Vec<u32>,
    pub(super) hi: Vec<u32>,
    pub(super) dists: Vec<Dist>,
    pub(super) bits: Vec<u32>,
    pub(super) prog: Vec<u16>,
    pub(super) pos: Vec<u32>,
    pub(super) by_prog: Vec<Vec<u32>>,
    pub(super) layer_off: Vec<u64>,
    pub(super) layer_len: Vec<u64>,
    pub(super) row_block: Vec<Vec<u64>>,
    pub(super) len: u64,
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

    pub(super) fn cnt(&self, q: usize) -> u64 {
        self.by_prog[q].len() as u64
    }

    /// The rank of a distribution of `free` pieces.
    #[inline]
    pub(super) fn rank(&self, d: &Dist) -> u32 {
        self.rank_bits(Pieces::from_counts(self.full(d)).bits())
    }

    /// The rank of the free part of a side's 12 pieces, given as nibbles
    /// by progress ([`Pieces::bits`]); the pieces must have at least
    /// `12 - free` on the goal line.
    #[inline]
    pub(super) fn rank_bits(&self, bits: u32) -> u32 {
        self.lo[(bits & 0xFFFF) as usize] + self.hi[(bits >> 16) as usize]
    }

    /// The entry of mover `a`, other side `b` (distribution ids).
    #[inline]
    pub(super) fn at(&self, a: u32, b: u32) -> u64 {
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
    pub(super) fn free_part(&self, counts: [u8; 8]) -> Option<Dist> {
        let fixed = (PIECES - self.free) as u8;
        let mut d = counts;
        d[GOAL] = d[GOAL].checked_sub(fixed)?;
        Some(d)
    }

    /// A side's 12 pieces from its free distribution.
    pub(super) fn full(&self, d: &Dist) -> Dist {
        let mut f = *d;
        f[GOAL] += (PIECES - self.free) as u8;
        f
    }
}

pub(super) fn enumerate(d: &mut Dist, p: usize, left: u8, out: &mut Vec<Dist>) {
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

pub(super) fn progress(d: &Dist) -> usize {
    d.iter().enumerate().map(|(p, &c)| p * c as usize).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

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
