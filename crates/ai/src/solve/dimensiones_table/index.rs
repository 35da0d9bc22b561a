//! The squares of the sub-game, its material slices, and the perfect index
//! of a slice: men first (the outer index), kings inside.
//!
//! The sub-game lives on the 18 dark squares of the 6x6 board. They are
//! numbered compactly, `k = 3 · row + col / 2` (`a1` is 0, `c1` 1, `e1` 2,
//! `b2` 3, ..., `f6` 17); a set of squares is then an 18-bit word. Turning
//! the board by 180° maps the dark squares onto themselves and square `k`
//! onto `17 - k`, so it reverses the 18 bits.

use tablero_games::draughts::DARK;

/// Dark squares of the sub-game.
pub const SQUARES: u32 = 18;
/// The most pieces an army has.
pub const ARMY: u8 = 6;
/// All 18 dark squares, compact.
pub(super) const ALL: u32 = (1 << SQUARES) - 1;
/// The squares a man of the mover (moving north) may stand on: rows 1–5
/// (on row 6 it would be a king).
#[cfg(test)]
pub(super) const MOVER_MEN: u32 = (1 << 15) - 1;
/// The squares a man of the other army (moving south) may stand on.
#[cfg(test)]
pub(super) const OTHER_MEN: u32 = ALL & !7;

/// Binomial coefficients `C(n, k)` for `n` up to 18.
pub(super) const BINOM: [[u64; 19]; 19] = {
    let mut c = [[0u64; 19]; 19];
    let mut n = 0;
    while n < 19 {
        c[n][0] = 1;
        let mut k = 1;
        while k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
};

#[inline(always)]
pub(super) fn binom(n: u32, k: u32) -> u64 {
    if k > n {
        0
    } else {
        BINOM[n as usize][k as usize]
    }
}

/// The compact form of each row's byte, by the row's parity.
static COMPACT_ROW: [[u8; 64]; 2] = {
    let mut t = [[0u8; 64]; 2];
    let mut p = 0;
    while p < 2 {
        let mut b = 0;
        while b < 64 {
            let mut out = 0u8;
            let mut j = 0;
            while j < 3 {
                if b & (1 << (2 * j + p)) != 0 {
                    out |= 1 << j;
                }
                j += 1;
            }
            t[p][b] = out;
            b += 1;
        }
        p += 1;
    }
    t
};

/// The board's bitboard (`row · 8 + col`) of a compact set's 3 squares of
/// one row, by the row's parity.
static EXPAND_ROW: [[u8; 8]; 2] = {
    let mut t = [[0u8; 8]; 2];
    let mut p = 0;
    while p < 2 {
        let mut c = 0;
        while c < 8 {
            let mut out = 0u8;
            let mut j = 0;
            while j < 3 {
                if c & (1 << j) != 0 {
                    out |= 1 << (2 * j + p);
                }
                j += 1;
            }
            t[p][c] = out;
            c += 1;
        }
        p += 1;
    }
    t
};

/// The compact set of a bitboard's dark squares (the board's bitboard must
/// hold dark squares of the 6x6 board only).
#[inline(always)]
pub(super) fn compact(x: u64) -> u32 {
    debug_assert_eq!(x & !(DARK & tablero_games::draughts::board_mask(6)), 0);
    let mut out = 0u32;
    let mut r = 0;
    while r < 6 {
        let byte = ((x >> (8 * r)) & 0x3F) as usize;
        out |= u32::from(COMPACT_ROW[r & 1][byte]) << (3 * r);
        r += 1;
    }
    out
}

/// The bitboard of a compact set.
#[inline(always)]
pub(super) fn expand(c: u32) -> u64 {
    let mut out = 0u64;
    let mut r = 0;
    while r < 6 {
        let bits = ((c >> (3 * r)) & 7) as usize;
        out |= u64::from(EXPAND_ROW[r & 1][bits]) << (8 * r);
        r += 1;
    }
    out
}

/// A bitboard of the 6x6 board turned by 180°: `(col, row)` to
/// `(5 - col, 5 - row)`.
#[inline(always)]
pub(super) const fn turn(x: u64) -> u64 {
    x.reverse_bits() >> 18
}

/// A compact set turned by 180°.
#[inline(always)]
pub(super) const fn turn_compact(c: u32) -> u32 {
    c.reverse_bits() >> (32 - SQUARES)
}

/// A bitboard of the 6x6 board mirrored left to right: `(col, row)` to
/// `(5 - col, row)`; the light squares become dark ones.
#[inline(always)]
pub(super) const fn mirror(x: u64) -> u64 {
    (x.swap_bytes().reverse_bits() >> 2) & 0x3F3F_3F3F_3F3F_3F3F
}

/// The colex rank of a set (bits ascending: the `j`-th set bit at
/// position `s` adds `C(s, j)`).
#[inline(always)]
pub(super) fn colex(mut set: u32) -> u64 {
    let mut r = 0;
    let mut j = 1;
    while set != 0 {
        let s = set.trailing_zeros();
        set &= set - 1;
        r += binom(s, j);
        j += 1;
    }
    r
}

/// The colex rank of `set` among the squares of `avail` (a superset).
#[inline(always)]
pub(super) fn colex_in(mut set: u32, avail: u32) -> u64 {
    debug_assert_eq!(set & !avail, 0);
    let mut r = 0;
    let mut j = 1;
    while set != 0 {
        let s = set.trailing_zeros();
        set &= set - 1;
        r += binom((avail & ((1 << s) - 1)).count_ones(), j);
        j += 1;
    }
    r
}

/// The `k`-set of colex rank `r` among the positions `0..`.
pub(super) fn uncolex(mut r: u64, k: u32) -> u32 {
    let mut set = 0u32;
    for j in (1..=k).rev() {
        let mut s = j - 1;
        while binom(s + 1, j) <= r {
            s += 1;
        }
        r -= binom(s, j);
        set |= 1 << s;
    }
    set
}

/// The `k`-set of colex rank `r` among the squares of `avail`.
pub(super) fn uncolex_in(r: u64, k: u32, avail: u32) -> u32 {
    deposit(uncolex(r, k), avail)
}

/// The bits of `x` placed, in order, on the set bits of `mask`.
#[inline(always)]
pub(super) fn deposit(mut x: u32, mut mask: u32) -> u32 {
    let mut out = 0;
    while x != 0 && mask != 0 {
        let low = mask & mask.wrapping_neg();
        if x & 1 != 0 {
            out |= low;
        }
        x >>= 1;
        mask &= mask - 1;
    }
    out
}

/// A material slice: the mover's men and kings, the other army's men and
/// kings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slice {
    /// The mover's men.
    pub men: u8,
    /// The mover's kings.
    pub kings: u8,
    /// The other army's men.
    pub other_men: u8,
    /// The other army's kings.
    pub other_kings: u8,
}

impl Slice {
    /// Pieces on the board.
    #[must_use]
    pub const fn pieces(self) -> u8 {
        self.men + self.kings + self.other_men + self.other_kings
    }

    /// The same material seen by the other army.
    #[must_use]
    pub const fn swapped(self) -> Slice {
        Slice {
            men: self.other_men,
            kings: self.other_kings,
            other_men: self.men,
            other_kings: self.kings,
        }
    }

    /// The mover's value less the other's (men 1, kings 2).
    #[must_use]
    pub const fn balance(self) -> i32 {
        (self.men as i32 + 2 * self.kings as i32)
            - (self.other_men as i32 + 2 * self.other_kings as i32)
    }

    /// `3K1M-2K2M` style: the mover's kings and men, then the other's.
    #[must_use]
    pub fn name(self) -> String {
        format!(
            "{}k{}m-{}k{}m",
            self.kings, self.men, self.other_kings, self.other_men
        )
    }
}

/// Where each men pair block starts inside a slice's men index, for `x`
/// mover men on row 1 and `y` other men on row 6.
#[derive(Clone, Copy, Debug)]
struct MenBlocks {
    off: [[u64; 4]; 4],
    count: u64,
}

fn men_blocks(a: u32, c: u32) -> MenBlocks {
    let mut off = [[u64::MAX; 4]; 4];
    let mut count = 0;
    for x in 0..=a.min(3) {
        for y in 0..=c.min(3) {
            let (am, cm) = (a - x, c - y);
            if am + cm > 12 {
                continue;
            }
            off[x as usize][y as usize] = count;
            count += binom(3, x) * binom(3, y) * binom(12, am) * binom(12 - am, cm);
        }
    }
    MenBlocks { off, count }
}

/// The perfect index of the table of every position with at most
/// `pieces` pieces: slices in a fixed order (fewer pieces first, then
/// fewer men), inside a slice the men pair (outer) and the kings (inner).
#[derive(Clone, Debug)]
pub struct Index {
    pieces: u8,
    slices: Vec<Slice>,
    offsets: Vec<u64>,
    lens: Vec<u64>,
    /// Slice number by `[men][kings][other men][other kings]`.
    ids: [[[[u32; 7]; 7]; 7]; 7],
    men: [[MenBlocks; 7]; 7],
    len: u64,
}

/// No slice.
const NO_SLICE: u32 = u32::MAX;

impl Index {
    /// The index of every position with at most `pieces` pieces (2 to 12).
    ///
    /// # Panics
    /// When `pieces` is not 2 to 12.
    #[must_use]
    pub fn new(pieces: u8) -> Index {
        assert!((2..=12).contains(&pieces), "pieces must be 2 to 12");
        let mut slices = Vec::new();
        for a in 0..=ARMY {
            for b in 0..=ARMY - a {
                for c in 0..=ARMY {
                    for d in 0..=ARMY - c {
                        let s = Slice {
                            men: a,
                            kings: b,
                            other_men: c,
                            other_kings: d,
                        };
                        if a + b > 0 && c + d > 0 && s.pieces() <= pieces {
                            slices.push(s);
                        }
                    }
                }
            }
        }
        slices.sort_by_key(|s| (s.pieces(), s.men + s.other_men, *s));
        let blank = MenBlocks {
            off: [[u64::MAX; 4]; 4],
            count: 0,
        };
        let mut men = [[blank; 7]; 7];
        for (a, row) in men.iter_mut().enumerate() {
            for (c, m) in row.iter_mut().enumerate() {
                *m = men_blocks(a as u32, c as u32);
            }
        }
        let mut ids = [[[[NO_SLICE; 7]; 7]; 7]; 7];
        let mut offsets = Vec::with_capacity(slices.len());
        let mut lens = Vec::with_capacity(slices.len());
        let mut off = 0u64;
        for (i, s) in slices.iter().enumerate() {
            ids[s.men as usize][s.kings as usize][s.other_men as usize][s.other_kings as usize] =
                i as u32;
            let len = men[s.men as usize][s.other_men as usize].count * kings_count(*s);
            offsets.push(off);
            lens.push(len);
            off += len;
        }
        Index {
            pieces,
            slices,
            offsets,
            lens,
            ids,
            men,
            len: off,
        }
    }

    /// The most pieces of a position the index covers.
    #[must_use]
    pub const fn pieces(&self) -> u8 {
        self.pieces
    }

    /// Entries in all.
    #[must_use]
    pub const fn len(&self) -> u64 {
        self.len
    }

    /// Whether there is no entry (never).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The slices, in the order of the file.
    #[must_use]
    pub fn slices(&self) -> &[Slice] {
        &self.slices
    }

    /// The number of slice `s`, if the index has it.
    #[must_use]
    pub fn slice_id(&self, s: Slice) -> Option<usize> {
        let id = *self
            .ids
            .get(s.men as usize)?
            .get(s.kings as usize)?
            .get(s.other_men as usize)?
            .get(s.other_kings as usize)?;
        (id != NO_SLICE).then_some(id as usize)
    }

    /// Where slice `i` starts among the entries.
    #[must_use]
    pub fn offset(&self, i: usize) -> u64 {
        self.offsets[i]
    }

    /// Entries of slice `i`.
    #[must_use]
    pub fn slice_len(&self, i: usize) -> u64 {
        self.lens[i]
    }

    /// Men pairs of slice `s`.
    pub(super) fn men_pairs(&self, s: Slice) -> u64 {
        self.men[s.men as usize][s.other_men as usize].count
    }

    /// The index of the men pair (`m1` the mover's, `m2` the other's,
    /// compact) among the men pairs of their counts.
    #[inline(always)]
    pub(super) fn men_index(&self, m1: u32, m2: u32) -> u64 {
        let (a, c) = (m1.count_ones(), m2.count_ones());
        let x = (m1 & 7).count_ones();
        let y = (m2 >> 15).count_ones();
        let (am, cm) = (a - x, c - y);
        let mid1 = (m1 >> 3) & 0xFFF;
        let mid2 = (m2 >> 3) & 0xFFF;
        let block = self.men[a as usize][c as usize].off[x as usize][y as usize];
        debug_assert_ne!(block, u64::MAX);
        let r0 = colex(m1 & 7);
        let r5 = colex(m2 >> 15);
        let r1 = colex(mid1);
        let r2 = colex_in(mid2, 0xFFF & !mid1);
        block + ((r0 * binom(3, y) + r5) * binom(12, am) + r1) * binom(12 - am, cm) + r2
    }

    /// The men pair of index `i` among the men pairs of `a` mover men and
    /// `c` other men.
    pub(super) fn men_pair(&self, a: u32, c: u32, i: u64) -> (u32, u32) {
        let blocks = &self.men[a as usize][c as usize];
        let mut best = (0, 0, 0);
        for x in 0..=a.min(3) {
            for y in 0..=c.min(3) {
                let o = blocks.off[x as usize][y as usize];
                if o != u64::MAX && o <= i && o >= best.2 {
                    best = (x, y, o);
                }
            }
        }
        let (x, y, o) = best;
        let (am, cm) = (a - x, c - y);
        let mut r = i - o;
        let r2 = r % binom(12 - am, cm);
        r /= binom(12 - am, cm);
        let r1 = r % binom(12, am);
        r /= binom(12, am);
        let r5 = r % binom(3, y);
        let r0 = r / binom(3, y);
        let mid1 = uncolex(r1, am);
        let mid2 = uncolex_in(r2, cm, 0xFFF & !mid1);
        let m1 = uncolex(r0, x) | (mid1 << 3);
        let m2 = (uncolex(r5, y) << 15) | (mid2 << 3);
        (m1, m2)
    }

    /// The entry of a position given compactly: the mover's men and kings,
    /// the other army's men and kings. `None` for material beyond the
    /// index.
    #[inline]
    pub(super) fn entry(&self, m1: u32, k1: u32, m2: u32, k2: u32) -> Option<u64> {
        let s = Slice {
            men: m1.count_ones() as u8,
            kings: k1.count_ones() as u8,
            other_men: m2.count_ones() as u8,
            other_kings: k2.count_ones() as u8,
        };
        let id = self.slice_id(s)?;
        let kn = kings_count(s);
        Some(self.offsets[id] + self.men_index(m1, m2) * kn + kings_index(s, m1 | m2, k1, k2))
    }
}

/// Kings placements of a slice, for one men pair.
#[must_use]
pub(super) fn kings_count(s: Slice) -> u64 {
    let free = SQUARES - u32::from(s.men) - u32::from(s.other_men);
    binom(free, u32::from(s.kings)) * binom(free - u32::from(s.kings), u32::from(s.other_kings))
}

/// The index of the kings (`k1` the mover's, `k2` the other's) among the
/// kings placements of slice `s` with the men on `men`.
#[inline(always)]
pub(super) fn kings_index(s: Slice, men: u32, k1: u32, k2: u32) -> u64 {
    let free = ALL & !men;
    let rest = free.count_ones() - u32::from(s.kings);
    colex_in(k1, free) * binom(rest, u32::from(s.other_kings)) + colex_in(k2, free & !k1)
}

/// The kings of placement `i` of slice `s` with the men on `men`.
#[cfg(test)]
pub(super) fn kings_of(s: Slice, men: u32, i: u64) -> (u32, u32) {
    let free = ALL & !men;
    let rest = free.count_ones() - u32::from(s.kings);
    let n2 = binom(rest, u32::from(s.other_kings));
    let k1 = uncolex_in(i / n2, u32::from(s.kings), free);
    let k2 = uncolex_in(i % n2, u32::from(s.other_kings), free & !k1);
    (k1, k2)
}

/// Every kings placement of slice `s` with the men on `men`, in the order
/// of [`kings_index`].
pub(super) fn kings_placements(s: Slice, men: u32) -> Vec<(u32, u32)> {
    let free = ALL & !men;
    let n = free.count_ones();
    let (b, d) = (u32::from(s.kings), u32::from(s.other_kings));
    let mut out = Vec::with_capacity(kings_count(s) as usize);
    for r1 in combinations(n, b) {
        let k1 = deposit(r1, free);
        let rest = free & !k1;
        for r2 in combinations(n - b, d) {
            out.push((k1, deposit(r2, rest)));
        }
    }
    out
}

/// The `k`-sets of `0..n` in colex order (which is the order of their
/// words).
fn combinations(n: u32, k: u32) -> impl Iterator<Item = u32> {
    let first = (1u32 << k) - 1;
    let mut next = (k <= n).then_some(first);
    std::iter::from_fn(move || {
        let x = next?;
        next = if x == 0 {
            None
        } else {
            // Gosper's hack: the next word with as many bits.
            let c = x & x.wrapping_neg();
            let r = x + c;
            let y = (((r ^ x) >> 2) / c) | r;
            (y < (1u32 << n)).then_some(y)
        };
        Some(x)
    })
}

/// The advancement of a men pair: rows the mover's men have come forward
/// plus rows the other's have; every man's step adds one.
#[must_use]
pub(super) fn advancement(m1: u32, m2: u32) -> u32 {
    let mut adv = 0;
    let mut x = m1;
    while x != 0 {
        adv += x.trailing_zeros() / 3;
        x &= x - 1;
    }
    let mut y = m2;
    while y != 0 {
        adv += 5 - y.trailing_zeros() / 3;
        y &= y - 1;
    }
    adv
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip_and_turn() {
        let dark = DARK & tablero_games::draughts::board_mask(6);
        assert_eq!(compact(dark), ALL);
        assert_eq!(expand(ALL), dark);
        for k in 0..SQUARES {
            let sq = expand(1 << k);
            assert_eq!(compact(sq), 1 << k);
            assert_eq!(compact(turn(sq)), 1 << (17 - k));
            assert_eq!(turn_compact(1 << k), 1 << (17 - k));
            // The mirror takes a dark square to a light one and back.
            assert_eq!(mirror(mirror(sq)), sq);
            assert_eq!(mirror(sq) & dark, 0);
        }
        // a1 is compact 0, f6 is 17, b2 is 3.
        assert_eq!(expand(1), 1);
        assert_eq!(expand(1 << 17), 1 << (5 * 8 + 5));
        assert_eq!(expand(1 << 3), 1 << 9);
    }

    #[test]
    fn ranks_are_bijections() {
        for k in 0..=4 {
            for r in 0..binom(12, k) {
                let s = uncolex(r, k);
                assert_eq!(s.count_ones(), k);
                assert_eq!(colex(s), r);
            }
        }
        let avail: u32 = 0b1011_0110_1101;
        for r in 0..binom(avail.count_ones(), 3) {
            let s = uncolex_in(r, 3, avail);
            assert_eq!(s & !avail, 0);
            assert_eq!(colex_in(s, avail), r);
        }
    }

    #[test]
    fn men_and_kings_indices_are_perfect() {
        let index = Index::new(6);
        for (a, c) in [(0, 1), (1, 1), (2, 3), (3, 2), (4, 2)] {
            let s = Slice {
                men: a,
                kings: 0,
                other_men: c,
                other_kings: 0,
            };
            let n = index.men_pairs(s);
            let mut seen = std::collections::HashSet::new();
            for i in 0..n {
                let (m1, m2) = index.men_pair(u32::from(a), u32::from(c), i);
                assert_eq!(m1 & m2, 0);
                assert_eq!(m1 & !MOVER_MEN, 0);
                assert_eq!(m2 & !OTHER_MEN, 0);
                assert_eq!(index.men_index(m1, m2), i);
                assert!(seen.insert((m1, m2)));
            }
        }
        let s = Slice {
            men: 1,
            kings: 2,
            other_men: 1,
            other_kings: 2,
        };
        let men = 0b1000_0000_0000_0001;
        let all = kings_placements(s, men);
        assert_eq!(all.len() as u64, kings_count(s));
        for i in 0..kings_count(s) {
            assert_eq!(all[i as usize], kings_of(s, men, i));
            let (k1, k2) = kings_of(s, men, i);
            assert_eq!((k1 | k2) & men, 0);
            assert_eq!(kings_index(s, men, k1, k2), i);
        }
    }

    #[test]
    fn the_counts_of_the_issue() {
        // Positions with the mover to move (the other side to move is the
        // same position turned), by pieces on the board.
        let total = |n: u8| Index::new(n).len();
        assert_eq!(total(2), 1029);
        assert_eq!(total(4), 512_910);
        assert_eq!(total(8), 1_617_366_257);
    }
}
