//! The move generator of the draughts core: steps, slides, ally-jump chains
//! and complete captures of one army, into the caller's buffer.
//!
//! Captures are searched depth first with the state in registers (square,
//! captured set, occupancy); nothing is allocated but the pushes into the
//! caller's `Vec`, which keeps its capacity between calls.

use super::board::{ascending, dir, Geometry, Neighbours, Promotion, Rules, Square, OFF};
use arrayvec::ArrayVec;

/// A penalty of the `huff` option of Super Dimensiones, played as part of a
/// non-capturing move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Penalty {
    /// No penalty.
    None,
    /// The mover's piece now on this square is removed (strategy C).
    Remove(Square),
    /// One of the mover's lost men comes back on this square (strategy D).
    Return(Square),
    /// The mover's man on this square is crowned (strategy D).
    Crown(Square),
}

/// A move of the core: 16 bytes, `Copy`.
///
/// A move is identified by its start, its end, the set of captured squares
/// and whether a man ends it as a king; two capture paths with the same four
/// are one move, and so are a slide and an ally-jump chain with the same
/// start and end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Start square.
    pub from: Square,
    /// End square.
    pub to: Square,
    /// The captured squares (0 for a non-capture).
    pub captured: u64,
    /// A man ends the move as a king.
    pub promote: bool,
    /// The `huff` penalty played with it.
    pub penalty: Penalty,
}

impl Move {
    /// Whether the move captures.
    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.captured != 0
    }
}

/// [`dir::flip_mask`] of every mask.
static FLIPPED: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        t[m] = dir::flip_mask(m as u8);
        m += 1;
    }
    t
};

/// One army's view of the board, which is all the generator needs.
#[derive(Clone, Copy, Debug)]
pub struct ArmyView<'r> {
    /// The rules.
    pub rules: &'r Rules,
    /// The army's men.
    pub men: u64,
    /// The army's kings.
    pub kings: u64,
    /// The pieces it may capture (the facing army).
    pub enemy: u64,
    /// The kings among [`enemy`](ArmyView::enemy).
    pub enemy_kings: u64,
    /// Every piece on the board, of every army.
    pub occupied: u64,
    /// Pieces it may jump over without capturing (ally jumps); 0 for none.
    pub allies: u64,
    /// Whether its men move north (towards rank 8).
    pub north: bool,
}

impl ArmyView<'_> {
    #[inline(always)]
    fn promo_row(&self) -> u64 {
        let size = self.rules.size;
        if self.north {
            super::board::row_mask(size, size - 1)
        } else {
            super::board::row_mask(size, 0)
        }
    }

    #[inline(always)]
    fn orient(&self, mask: u8) -> u8 {
        if self.north {
            mask
        } else {
            FLIPPED[mask as usize]
        }
    }

    /// The army's pieces with at least one first jump, found for all
    /// pieces at once by direction shifts (flying kings one by one). Every
    /// first jump completes to a capture, so these are exactly the pieces
    /// that have a capture.
    #[inline(always)]
    #[must_use]
    pub fn capturers(&self) -> u64 {
        let g = self.rules.geometry();
        let empty = !self.occupied;
        let mut caps = 0u64;
        let mut m = self.orient(self.rules.man_captures);
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let back = dir::opposite(d as u8) as usize;
            // Squares whose neighbour in `d` is an enemy with an empty
            // square behind it.
            let jump = g.shift(self.enemy & g.shift(empty, back), back);
            caps |= self.men & jump;
        }
        if self.kings != 0 {
            let mut m = self.rules.king_dirs;
            if self.rules.flying_kings {
                let mut ks = self.kings;
                while ks != 0 {
                    let sq = ks.trailing_zeros() as usize;
                    ks &= ks - 1;
                    let mut m = m;
                    while m != 0 {
                        let d = m.trailing_zeros() as usize;
                        m &= m - 1;
                        let (_, hit) = g.slide(d, sq, self.occupied);
                        if hit & self.enemy != 0 && g.shift(hit, d) & empty != 0 {
                            caps |= 1u64 << sq;
                            break;
                        }
                    }
                }
            } else {
                while m != 0 {
                    let d = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let back = dir::opposite(d as u8) as usize;
                    let jump = g.shift(self.enemy & g.shift(empty, back), back);
                    caps |= self.kings & jump;
                }
            }
        }
        caps
    }

    /// Appends every complete capture of the army to `out`, deduplicated,
    /// then keeps only those the laws of quantity and quality allow (when
    /// the rules have them). Returns how many were kept.
    #[inline(always)]
    pub fn captures(&self, out: &mut Vec<Move>) -> usize {
        let capturers = self.capturers();
        if capturers == 0 {
            return 0;
        }
        if capturers & self.kings == 0 {
            let mut jumpers = [0u64; 8];
            if self.single_jumps(&mut jumpers) {
                return self.push_single_jumps(&jumpers, out);
            }
            let mut chains = ArrayVec::new();
            if let Some(len) = self.men_chains(capturers, &mut chains) {
                return self.push_chains(&chains, len, out);
            }
        }
        self.search_captures(capturers, out)
    }

    /// How many moves [`captures`](ArmyView::captures) would keep, listed
    /// into `out` only where they must be (see
    /// [`single_jumps`](ArmyView::single_jumps)).
    #[inline(always)]
    pub fn count_captures(&self, out: &mut Vec<Move>) -> u64 {
        let capturers = self.capturers();
        if capturers == 0 {
            return 0;
        }
        if capturers & self.kings == 0 {
            let mut jumpers = [0u64; 8];
            if self.single_jumps(&mut jumpers) {
                return jumpers.iter().map(|j| u64::from(j.count_ones())).sum();
            }
            let mut chains = ArrayVec::new();
            if let Some(len) = self.men_chains(capturers, &mut chains) {
                return chains
                    .iter()
                    .filter(|c| len == 0 || c.len == len)
                    .map(|c| u64::from(c.ends.count_ones()))
                    .sum();
            }
        }
        self.search_captures(capturers, out) as u64
    }

    /// The captures of an army whose capturers are all men that capture
    /// only forwards (north, north-east or north-west for an army moving
    /// north), found for all men at once by direction shifts, one sequence
    /// of directions at a time. A forward chain never comes back to a
    /// square, never jumps a piece twice and never meets its own start, and
    /// two sequences from one start capture different pieces, so each
    /// sequence's end squares are its moves, one a man, with no
    /// deduplication. `chains` gets the complete sequences (no further jump
    /// from their ends) in the order of the capture search, and the result is
    /// the length of the captures kept: the longest with the law of
    /// quantity, else 0 (all). `None` (to search instead) when the rules or
    /// position are outside this case: a capture direction that is not
    /// forward, an enemy king under the law of quality, or a man crowned on
    /// the promotion row that goes on capturing as a king.
    #[inline(never)]
    fn men_chains(&self, capturers: u64, chains: &mut ArrayVec<Chain, 48>) -> Option<u8> {
        use dir::{bit, N, NE, NW};
        if self.rules.man_captures & !(bit(N) | bit(NE) | bit(NW)) != 0
            || (self.rules.quality && self.enemy_kings != 0)
        {
            return None;
        }
        let g = self.rules.geometry();
        let man_caps = self.orient(self.rules.man_captures);
        let stop = self.rules.promotion == Promotion::Stop;
        let promo = self.promo_row();
        let empty = !self.occupied;
        // Squares from which a jump in direction `d` is possible.
        let mut from_d = [0u64; 8];
        let mut m = man_caps;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let back = dir::opposite(d as u8) as usize;
            from_d[d] = g.shift(self.enemy & g.shift(empty, back), back);
        }
        // Depth-first over direction sequences, lowest direction first.
        let mut stack: ArrayVec<Chain, 16> = ArrayVec::new();
        stack.push(Chain {
            ends: capturers,
            dirs: 0,
            len: 0,
        });
        let mut longest = 0u8;
        while let Some(c) = stack.pop() {
            let mut going_on = 0u64;
            let mut next: ArrayVec<Chain, 3> = ArrayVec::new();
            let mut m = man_caps;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let j = c.ends & from_d[d];
                if j == 0 {
                    continue;
                }
                going_on |= j;
                let lands = g.shift(g.shift(j, d), d);
                let dirs = c.dirs | ((d as u32) << (3 * c.len));
                let len = c.len + 1;
                // Every forward jump goes two rows on, so all the jumps
                // from one square land on one row: crowned ones never
                // come between the deeper ones of a square in the order.
                if lands & promo != 0 {
                    if !stop && !self.crowned_stop(lands & promo, dirs, len) {
                        return None;
                    }
                    // Crowned, and no capture goes on from here as a
                    // king: these captures end here.
                    let crowned = Chain {
                        ends: lands & promo,
                        dirs,
                        len,
                    };
                    chains.try_push(crowned).ok()?;
                    longest = longest.max(len);
                }
                if lands & !promo != 0 {
                    next.push(Chain {
                        ends: lands & !promo,
                        dirs,
                        len,
                    });
                }
            }
            if c.len > 0 && c.ends & !going_on != 0 {
                chains
                    .try_push(Chain {
                        ends: c.ends & !going_on,
                        ..c
                    })
                    .ok()?;
                longest = longest.max(c.len);
            }
            // Pushed in reverse, so the lowest direction is searched first.
            while let Some(n) = next.pop() {
                stack.try_push(n).ok()?;
            }
        }
        Some(if self.rules.quantity { longest } else { 0 })
    }

    /// Whether no man of a forward chain (directions `dirs`, `len` jumps)
    /// that ends on each of the squares `ends` of the promotion row could go
    /// on capturing there as a new king. Captured pieces stay on the board
    /// until the end of the move (otherwise `false`: the capture search
    /// decides).
    fn crowned_stop(&self, ends: u64, dirs: u32, len: u8) -> bool {
        if self.rules.remove_at_once {
            return false;
        }
        let g = self.rules.geometry();
        let mut ends = ends;
        while ends != 0 {
            let sq = ends.trailing_zeros() as usize;
            ends &= ends - 1;
            // Walk back to the start, collecting the captured pieces.
            let mut at = 1u64 << sq;
            let mut captured = 0u64;
            for i in (0..len).rev() {
                let back = dir::opposite(((dirs >> (3 * i)) & 7) as u8) as usize;
                let mid = g.shift(at, back);
                captured |= mid;
                at = g.shift(mid, back);
            }
            let occ = self.occupied & !at;
            let enemy = self.enemy & !captured;
            let mut m = self.rules.king_dirs;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let hit = if self.rules.flying_kings {
                    g.slide(d, sq, occ).1
                } else {
                    g.step[d][sq]
                };
                if hit & enemy != 0 && g.shift(hit, d) & !occ != 0 {
                    return false;
                }
            }
        }
        true
    }

    /// Appends the moves of [`men_chains`](ArmyView::men_chains)' `chains`
    /// of length `len` (0: all) in the order of the capture search: by start
    /// square, then by sequence of directions.
    fn push_chains(&self, chains: &[Chain], len: u8, out: &mut Vec<Move>) -> usize {
        let g = self.rules.geometry();
        let promo = self.promo_row();
        let start = out.len();
        // Each kept chain's start squares, found by walking back.
        let mut starts: ArrayVec<u64, 48> = ArrayVec::new();
        let mut all = 0u64;
        for c in chains {
            let mut s = 0;
            if len == 0 || c.len == len {
                s = c.ends;
                for i in (0..c.len).rev() {
                    let back = dir::opposite(((c.dirs >> (3 * i)) & 7) as u8) as usize;
                    s = g.shift(g.shift(s, back), back);
                }
            }
            starts.push(s);
            all |= s;
        }
        while all != 0 {
            let sq = all.trailing_zeros() as usize;
            all &= all - 1;
            for (c, &s) in chains.iter().zip(&starts) {
                if s & (1u64 << sq) == 0 {
                    continue;
                }
                let mut at = 1u64 << sq;
                let mut captured = 0;
                for i in 0..c.len {
                    let d = ((c.dirs >> (3 * i)) & 7) as usize;
                    let mid = g.shift(at, d);
                    captured |= mid;
                    at = g.shift(mid, d);
                }
                out.push(Move {
                    from: Square::at(sq as u8),
                    to: Square::at(at.trailing_zeros() as u8),
                    captured,
                    promote: at & promo != 0,
                    penalty: Penalty::None,
                });
            }
        }
        out.len() - start
    }

    /// Whether every capture is one jump of a man: none has a second jump
    /// and none reaches the promotion row where it would go on as a king.
    /// Then each jump is a move of its own, the law of quantity keeps them
    /// all and the law of quality those over kings if there are any; they
    /// are found by direction shifts of the whole board, and `jumpers[d]`
    /// is set to the men whose kept jump goes in direction `d`. The army
    /// must have no king among its capturers.
    #[inline(always)]
    fn single_jumps(&self, jumpers: &mut [u64; 8]) -> bool {
        let g = self.rules.geometry();
        let empty = !self.occupied;
        let man_caps = self.orient(self.rules.man_captures);
        let stop = self.rules.promotion == Promotion::Stop;
        let promo = self.promo_row();
        let mut over_kings = false;
        let mut m = man_caps;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let back = dir::opposite(d as u8) as usize;
            let j = self.men & g.shift(self.enemy & g.shift(empty, back), back);
            if j == 0 {
                continue;
            }
            let lands = g.shift(g.shift(j, d), d);
            if lands & promo != 0 && !stop {
                return false;
            }
            // A second jump from a landing square, in any direction but
            // back over the piece just taken (the square left behind lies
            // only that way, so it is never a second landing).
            let go_on = if stop { lands & !promo } else { lands };
            let mut m2 = man_caps & !(1u8 << back);
            while m2 != 0 {
                let d2 = m2.trailing_zeros() as usize;
                m2 &= m2 - 1;
                let back2 = dir::opposite(d2 as u8) as usize;
                if go_on & g.shift(self.enemy & g.shift(empty, back2), back2) != 0 {
                    return false;
                }
            }
            jumpers[d] = j;
            if self.rules.quality && g.shift(g.shift(j, d) & self.enemy_kings, back) != 0 {
                over_kings = true;
            }
        }
        if over_kings {
            for (d, j) in jumpers.iter_mut().enumerate() {
                if *j != 0 {
                    let back = dir::opposite(d as u8) as usize;
                    *j = g.shift(g.shift(*j, d) & self.enemy_kings, back);
                }
            }
        }
        true
    }

    /// Appends the single jumps of [`single_jumps`](ArmyView::single_jumps)
    /// in the order of the capture search: by start square, then direction.
    #[inline(always)]
    fn push_single_jumps(&self, jumpers: &[u64; 8], out: &mut Vec<Move>) -> usize {
        let g = self.rules.geometry();
        let promo = self.promo_row();
        let mut pieces = jumpers.iter().fold(0, |a, j| a | j);
        let start = out.len();
        while pieces != 0 {
            let sq = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let bit = 1u64 << sq;
            for (d, j) in jumpers.iter().enumerate() {
                if j & bit == 0 {
                    continue;
                }
                let mid = g.step[d][sq];
                let land = g.shift(mid, d);
                out.push(Move {
                    from: Square::at(sq as u8),
                    to: Square::at(land.trailing_zeros() as u8),
                    captured: mid,
                    // Only with promotion by stopping (see `single_jumps`).
                    promote: land & promo != 0,
                    penalty: Penalty::None,
                });
            }
        }
        out.len() - start
    }

    /// [`captures`](ArmyView::captures) of the pieces in `capturers`.
    #[inline(never)]
    fn search_captures(&self, capturers: u64, out: &mut Vec<Move>) -> usize {
        let start = out.len();
        let sink = self.search(capturers, self.moves_sink(self.rules, out));
        sink.out.len() - start
    }

    /// A [`Moves`] sink appending to `out`, with the laws of `rules`.
    #[inline(always)]
    fn moves_sink<'o>(&self, rules: &Rules, out: &'o mut Vec<Move>) -> Moves<'o> {
        let start = out.len();
        Moves {
            quantity: rules.quantity,
            quality: rules.quality,
            enemy_kings: self.enemy_kings,
            best: 0,
            start,
            from: Square::at(0),
            first: start,
            out,
        }
    }

    /// Runs the capture search from each of `pieces` (the army's own),
    /// lowest square first, into `sink`, and gives the sink back.
    #[inline(always)]
    fn search<S: Sink>(&self, pieces: u64, sink: S) -> S {
        let mut s = Captures {
            g: self.rules.geometry(),
            enemy: self.enemy,
            promo: self.promo_row(),
            man_caps: self.orient(self.rules.man_captures),
            king_dirs: self.rules.king_dirs,
            flying: self.rules.flying_kings,
            at_once: self.rules.remove_at_once,
            stop: self.rules.promotion == Promotion::Stop,
            orig_king: false,
            sink,
        };
        let mut pieces = pieces;
        while pieces != 0 {
            let sq = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let king = self.kings & (1u64 << sq) != 0;
            s.orig_king = king;
            s.sink.piece(Square::at(sq as u8));
            let occ = self.occupied & !(1u64 << sq);
            s.jumps(sq, king, 0, occ, 8);
        }
        s.sink
    }

    /// The non-capturing targets of the piece on `sq` (a king if `king`):
    /// steps, slides and ally-jump chains.
    #[inline(always)]
    fn quiet_targets(&self, sq: usize, king: bool, man_moves: u8, ally_man: u8) -> u64 {
        let g = self.rules.geometry();
        let occ = self.occupied;
        let mut targets = 0u64;
        if king {
            let mut m = self.rules.king_dirs;
            if self.rules.flying_kings {
                while m != 0 {
                    let d = m.trailing_zeros() as usize;
                    m &= m - 1;
                    targets |= g.slide(d, sq, occ).0;
                }
            } else {
                targets = g.steps[m as usize][sq] & !occ;
            }
        } else {
            targets = g.steps[man_moves as usize][sq] & !occ;
        }
        if self.allies != 0 {
            let dirs = if king { self.rules.ally_king } else { ally_man };
            targets |= ally_reach_bits(g, 1u64 << sq, dirs, self.allies, occ);
        }
        targets
    }

    /// Appends every non-capturing move: steps, king slides and (with ally
    /// jumps) ally-jump chains, one move per start and end.
    #[inline(always)]
    pub fn quiet(&self, out: &mut Vec<Move>) {
        let promo = self.promo_row();
        let man_moves = self.orient(self.rules.man_moves);
        let ally_man = self.orient(self.rules.ally_man);
        let mut pieces = if self.allies == 0 {
            self.movers(man_moves)
        } else {
            self.men | self.kings
        };
        while pieces != 0 {
            let sq = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let from = Square::at(sq as u8);
            let king = self.kings & from.bit() != 0;
            let mut targets = self.quiet_targets(sq, king, man_moves, ally_man);
            let promo_here = if king { 0 } else { promo };
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                out.push(Move {
                    from,
                    to: Square::at(to),
                    captured: 0,
                    promote: promo_here & (1u64 << to) != 0,
                    penalty: Penalty::None,
                });
            }
        }
    }

    /// The move at index `choose(n)` of the `n` moves [`quiet`](ArmyView::quiet)
    /// appends (`choose` is called once, with `n > 0`), found without
    /// listing them: one pass records each piece's targets and their
    /// number, then the chosen piece's target is taken. `None`, without
    /// calling `choose`, when there is no quiet move.
    #[inline(always)]
    pub fn choose_quiet<F: FnOnce(usize) -> usize>(&self, choose: F) -> Option<Move> {
        if self.allies == 0 && !self.rules.flying_kings {
            return self.choose_step(choose);
        }
        let man_moves = self.orient(self.rules.man_moves);
        let ally_man = self.orient(self.rules.ally_man);
        let mut pieces = if self.allies == 0 {
            self.movers(man_moves)
        } else {
            self.men | self.kings
        };
        // At most 64 pieces: one a square.
        let mut found: ArrayVec<(u64, u8, u8), 64> = ArrayVec::new();
        let mut total = 0usize;
        while pieces != 0 {
            let sq = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let king = self.kings & (1u64 << sq) != 0;
            let targets = self.quiet_targets(sq, king, man_moves, ally_man);
            // Mostly one or two targets: counted without a full count.
            let n = if targets & targets.wrapping_sub(1) == 0 {
                usize::from(targets != 0)
            } else {
                targets.count_ones() as usize
            };
            if n != 0 {
                found.push((targets, sq as u8, n as u8));
                total += n;
            }
        }
        if total == 0 {
            return None;
        }
        let mut i = choose(total);
        let promo = self.promo_row();
        for &(mut targets, sq, n) in &found {
            let n = usize::from(n);
            if i >= n {
                i -= n;
                continue;
            }
            for _ in 0..i {
                targets &= targets - 1;
            }
            let to = targets.trailing_zeros() as u8;
            let king = self.kings & (1u64 << sq) != 0;
            return Some(Move {
                from: Square::at(sq),
                to: Square::at(to),
                captured: 0,
                promote: !king && promo & (1u64 << to) != 0,
                penalty: Penalty::None,
            });
        }
        None
    }

    /// [`choose_quiet`](ArmyView::choose_quiet) where every quiet move is
    /// one step (no flying kings, no ally jumps). A piece's moves, in the
    /// order of their end squares, go in the directions of [`BY_OFFSET`];
    /// the pieces that step each way are found by whole-board shifts,
    /// counted a row at a time (the counts of the rows side by side in one
    /// word), and only the row of the chosen move is walked.
    #[inline(always)]
    fn choose_step<F: FnOnce(usize) -> usize>(&self, choose: F) -> Option<Move> {
        let g = self.rules.geometry();
        let empty = !self.occupied;
        let man_moves = self.orient(self.rules.man_moves);
        let king_dirs = if self.kings != 0 {
            self.rules.king_dirs
        } else {
            0
        };
        let (men, kings) = (self.men, self.kings);
        // `boards[k]`: the pieces that step in direction `BY_OFFSET[k]`.
        let mut boards = [0u64; 8];
        let mut rows = 0u64;
        let mut any = 0u64;
        each_offset!(|k, d| {
            let bit = 1u8 << d;
            if (man_moves | king_dirs) & bit != 0 {
                let free = g.shift(empty, dir::opposite(d as u8) as usize);
                let mut b = 0;
                if man_moves & bit != 0 {
                    b |= men & free;
                }
                if king_dirs & bit != 0 {
                    b |= kings & free;
                }
                boards[k] = b;
                any |= b;
                rows += byte_counts(b);
            }
        });
        // Byte r of `rows`: the moves of the pieces on row r (at most 64).
        let total = byte_sum(rows);
        if total == 0 {
            return None;
        }
        let mut i = choose(total as usize) as u64;
        // The chosen move's row: the first whose running total passes `i`.
        let mut row = 0;
        loop {
            let n = (rows >> (8 * row)) & 0xFF;
            if i < n {
                break;
            }
            i -= n;
            row += 1;
        }
        let promo = self.promo_row();
        let mut pieces = any & (0xFFu64 << (8 * row));
        while pieces != 0 {
            let sq = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            each_offset!(|k, d| {
                if boards[k] & (1u64 << sq) != 0 {
                    if i == 0 {
                        let to = (sq as i32 + OFFSETS[k]) as u8;
                        debug_assert_eq!(g.step[d][sq], 1u64 << to);
                        let king = kings & (1u64 << sq) != 0;
                        return Some(Move {
                            from: Square::at(sq as u8),
                            to: Square::at(to),
                            captured: 0,
                            promote: !king && promo & (1u64 << to) != 0,
                            penalty: Penalty::None,
                        });
                    }
                    i -= 1;
                }
            });
        }
        None
    }

    /// The pieces with an empty square next to them in a direction they
    /// move in: without ally jumps, exactly those with a non-capturing
    /// move (a flying king's slide starts with such a step).
    #[inline(always)]
    fn movers(&self, man_moves: u8) -> u64 {
        let g = self.rules.geometry();
        let empty = !self.occupied;
        let mut movers = 0u64;
        let mut m = man_moves;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            movers |= g.shift(empty, dir::opposite(d as u8) as usize);
        }
        movers &= self.men;
        if self.kings != 0 {
            let mut k = 0u64;
            let mut m = self.rules.king_dirs;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                k |= g.shift(empty, dir::opposite(d as u8) as usize);
            }
            movers |= k & self.kings;
        }
        movers
    }

    /// How many moves [`quiet`](ArmyView::quiet) would append, counted
    /// without listing them.
    #[inline(always)]
    #[must_use]
    pub fn count_quiet(&self) -> u64 {
        let man_moves = self.orient(self.rules.man_moves);
        if self.allies != 0 {
            let ally_man = self.orient(self.rules.ally_man);
            let mut n = 0u64;
            let mut pieces = self.men | self.kings;
            while pieces != 0 {
                let sq = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                let king = self.kings & (1u64 << sq) != 0;
                n += u64::from(
                    self.quiet_targets(sq, king, man_moves, ally_man)
                        .count_ones(),
                );
            }
            return n;
        }
        let g = self.rules.geometry();
        let empty = !self.occupied;
        let mut n = 0u64;
        let mut m = man_moves;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            n += u64::from((g.shift(self.men, d) & empty).count_ones());
        }
        if self.kings != 0 {
            let mut m = self.rules.king_dirs;
            if self.rules.flying_kings {
                let mut ks = self.kings;
                while ks != 0 {
                    let sq = ks.trailing_zeros() as usize;
                    ks &= ks - 1;
                    n += u64::from(self.quiet_targets(sq, true, 0, 0).count_ones());
                }
            } else {
                while m != 0 {
                    let d = m.trailing_zeros() as usize;
                    m &= m - 1;
                    n += u64::from((g.shift(self.kings, d) & empty).count_ones());
                }
            }
        }
        n
    }

    /// Whether the army has any legal move under compulsory or optional
    /// capture alike: a first jump (which always completes to a capture) or
    /// a non-capturing move. Allocates nothing.
    #[inline(always)]
    #[must_use]
    pub fn has_move(&self) -> bool {
        let g = self.rules.geometry();
        let empty = !self.occupied;
        let mut m = self.orient(self.rules.man_moves);
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            if g.shift(self.men, d) & empty != 0 {
                return true;
            }
        }
        // A king's first step is also the first square of a slide.
        let mut m = self.rules.king_dirs;
        while m != 0 && self.kings != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            if g.shift(self.kings, d) & empty != 0 {
                return true;
            }
        }
        if self.allies != 0 {
            // One ally jump: over an ally onto an empty square.
            for (pieces, dirs) in [
                (self.men, self.orient(self.rules.ally_man)),
                (self.kings, self.rules.ally_king),
            ] {
                let mut m = dirs;
                while m != 0 {
                    let d = m.trailing_zeros() as usize;
                    m &= m - 1;
                    if g.shift(g.shift(pieces, d) & self.allies, d) & empty != 0 {
                        return true;
                    }
                }
            }
        }
        self.capturers() != 0
    }

    /// Every capture path (landing squares after the start) of the piece on
    /// `mv.from` that is the move `mv`; for notation, not for speed.
    #[must_use]
    pub fn capture_paths(&self, mv: &Move) -> Vec<Vec<Square>> {
        let sink = Paths {
            mv: *mv,
            path: Vec::new(),
            found: Vec::new(),
        };
        self.search(mv.from.bit() & (self.men | self.kings), sink)
            .found
    }
}

/// The directions by the offset of a step on the board (`row * 8 + col`
/// numbering): SW -9, S -8, SE -7, W -1, E +1, NW +7, N +8, NE +9. A piece's
/// steps in this order end on ascending squares.
const BY_OFFSET: [u8; 8] = [
    dir::SW,
    dir::S,
    dir::SE,
    dir::W,
    dir::E,
    dir::NW,
    dir::N,
    dir::NE,
];

/// The square offsets of the directions of [`BY_OFFSET`].
const OFFSETS: [i32; 8] = [-9, -8, -7, -1, 1, 7, 8, 9];

/// Runs the block once for each index `k` of [`BY_OFFSET`] (0 to 7), with
/// `k` a constant and `d` its direction, unrolled: with the rules known at
/// compile time the directions a piece never takes vanish from the code.
macro_rules! each_offset {
    (|$k:ident, $d:ident| $body:block) => {
        each_offset!(@ $k, $d, $body, 0 1 2 3 4 5 6 7)
    };
    (@ $k:ident, $d:ident, $body:block, $($n:literal)*) => {
        $({
            let $k: usize = $n;
            let $d = BY_OFFSET[$k] as usize;
            $body
        })*
    };
}
use each_offset;

/// The population count of each byte of `b`, in that byte.
#[inline(always)]
const fn byte_counts(b: u64) -> u64 {
    let x = b - ((b >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F
}

/// The sum of the bytes of `b`, each at most 255 (in two halves of 16-bit
/// lanes, so that no sum carries).
#[inline(always)]
const fn byte_sum(b: u64) -> u64 {
    const LANES: u64 = 0x0001_0001_0001_0001;
    let lo = (b & 0x00FF_00FF_00FF_00FF).wrapping_mul(LANES) >> 48;
    let hi = ((b >> 8) & 0x00FF_00FF_00FF_00FF).wrapping_mul(LANES) >> 48;
    lo + hi
}

/// The squares a piece on `from` reaches by chains of ally jumps in `dirs`
/// (one square over an ally, onto the empty square beyond), not counting
/// `from` itself. `occ` is the occupancy without the moving piece.
#[must_use]
pub fn ally_reach(next: &Neighbours, from: Square, dirs: u8, allies: u64, occ: u64) -> u64 {
    let mut seen = from.bit();
    let mut frontier = from.bit();
    while frontier != 0 {
        let sq = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        let mut m = dirs;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let mid = next[d][sq];
            if mid == OFF || allies & (1u64 << mid) == 0 {
                continue;
            }
            let land = next[d][mid as usize];
            if land == OFF || (occ | seen) & (1u64 << land) != 0 {
                continue;
            }
            seen |= 1u64 << land;
            frontier |= 1u64 << land;
        }
    }
    seen & !from.bit()
}

/// [`ally_reach`] by whole-board shifts, every chain one jump further per
/// round: the squares reached from the piece `from` (a bit) over `allies`
/// in `dirs`. `occ` may include `from`.
#[inline(always)]
fn ally_reach_bits(g: &Geometry, from: u64, dirs: u8, allies: u64, occ: u64) -> u64 {
    let free = !occ;
    let mut seen = from;
    let mut frontier = from;
    while frontier != 0 {
        let mut next = 0;
        let mut m = dirs;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            next |= g.shift(g.shift(frontier, d) & allies, d);
        }
        frontier = next & free & !seen;
        seen |= frontier;
    }
    seen & !from
}

/// A sequence of forward jumps of men, for [`ArmyView::men_chains`]: the
/// squares where it ends (one a man), its directions (3 bits each, the
/// first lowest) and its number of jumps.
#[derive(Clone, Copy, Debug)]
struct Chain {
    ends: u64,
    dirs: u32,
    len: u8,
}

/// What the capture search does with the captures it finds. There is one
/// search, [`Captures::jumps`], generic over its sink and monomorphised
/// for each: [`Moves`] for the generator (and, without the laws, for the
/// tests' reference), [`Paths`] for notation. A sink that ignores
/// [`enter`](Sink::enter) and [`leave`](Sink::leave) compiles to the search
/// without paths.
trait Sink {
    /// A complete capture of the searched piece, ending on `to`, with the
    /// pieces `captured` and whether a man ends it as a king.
    fn record(&mut self, to: u32, captured: u64, promote: bool);
    /// The search starts from the piece on `from`.
    #[inline(always)]
    fn piece(&mut self, _from: Square) {}
    /// The search lands on `sq` and goes on jumping from there.
    #[inline(always)]
    fn enter(&mut self, _sq: u32) {}
    /// The search is back from the landing of the last
    /// [`enter`](Sink::enter).
    #[inline(always)]
    fn leave(&mut self) {}
}

/// The sink of the generator: the captures as [`Move`]s, one per start,
/// end, captured set and promotion, with the laws of quantity and quality
/// applied as they are found.
struct Moves<'o> {
    /// The law of quantity.
    quantity: bool,
    /// The law of quality.
    quality: bool,
    enemy_kings: u64,
    /// The greatest key of the laws recorded so far (see `record`).
    best: u32,
    /// Where this search's moves start in `out`.
    start: usize,
    /// The searched piece's square.
    from: Square,
    /// Where the searched piece's moves start in `out`.
    first: usize,
    out: &'o mut Vec<Move>,
}

impl Sink for Moves<'_> {
    #[inline(always)]
    fn piece(&mut self, from: Square) {
        self.from = from;
        self.first = self.out.len();
    }

    /// Records a complete capture, unless the piece already has it. With
    /// the laws of quantity and quality, a capture below the best key so
    /// far is dropped, and one above it drops every capture kept before:
    /// what stays is exactly the captures with the greatest key, in the
    /// order found.
    #[inline(always)]
    fn record(&mut self, to: u32, captured: u64, promote: bool) {
        if self.quantity || self.quality {
            let n = if self.quantity {
                captured.count_ones()
            } else {
                0
            };
            let k = if self.quality {
                (captured & self.enemy_kings).count_ones()
            } else {
                0
            };
            let key = (n << 8) | k;
            if key < self.best {
                return;
            }
            if key > self.best {
                self.best = key;
                self.out.truncate(self.start);
                self.first = self.start;
            }
        }
        let m = Move {
            from: self.from,
            to: Square::at(to as u8),
            captured,
            promote,
            penalty: Penalty::None,
        };
        if !self.out[self.first..].contains(&m) {
            self.out.push(m);
        }
    }
}

/// The sink of notation: every capture path (the landing squares after the
/// start) that is the move `mv`.
struct Paths {
    mv: Move,
    /// The landings from the start to the square being searched.
    path: Vec<Square>,
    found: Vec<Vec<Square>>,
}

impl Sink for Paths {
    fn record(&mut self, to: u32, captured: u64, promote: bool) {
        let to = Square::at(to as u8);
        if to == self.mv.to && captured == self.mv.captured && promote == self.mv.promote {
            let mut p = self.path.clone();
            p.push(to);
            self.found.push(p);
        }
    }

    fn enter(&mut self, sq: u32) {
        self.path.push(Square::at(sq as u8));
    }

    fn leave(&mut self) {
        self.path.pop();
    }
}

/// The capture search: depth first, the state in registers, whole-board
/// tables for steps and slides; what it finds goes to its [`Sink`].
struct Captures<S> {
    g: &'static Geometry,
    enemy: u64,
    promo: u64,
    man_caps: u8,
    king_dirs: u8,
    flying: bool,
    at_once: bool,
    stop: bool,
    /// Whether the searched piece is a king (no capture of it promotes).
    orig_king: bool,
    sink: S,
}

impl<S: Sink> Captures<S> {
    /// Whether a man (or a short king, if `king`) on `sq`, arrived by a
    /// jump in direction `last`, has a next jump over one of `enemy`.
    #[inline(always)]
    fn steps_on(&self, sq: usize, king: bool, enemy: u64, occ: u64, last: usize) -> bool {
        let g = self.g;
        let mut m = if king { self.king_dirs } else { self.man_caps };
        if king && self.at_once {
            m &= !(1 << dir::opposite(last as u8));
        }
        if g.steps[m as usize][sq] & enemy == 0 {
            return false;
        }
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            if g.shift(g.step[d][sq] & enemy, d) & !occ != 0 {
                return true;
            }
        }
        false
    }

    /// Searches the captures of the piece on `sq` (a king if `king`) that
    /// has taken `captured` so far, arrived by a jump in direction `last`
    /// (8 at the start), `occ` the occupancy without the moving piece;
    /// records the complete ones. Returns whether any capture was possible
    /// from here.
    ///
    /// A flying king's landings are searched nearest first; when one of
    /// them goes on capturing, the capture must go on, and the landings
    /// that do not are no captures of their own.
    fn jumps(&mut self, sq: usize, king: bool, captured: u64, occ: u64, last: u8) -> bool {
        let g = self.g;
        let enemy = self.enemy & !captured;
        let mut found = false;
        if king && self.flying {
            let mut m = self.king_dirs;
            if self.at_once && last < 8 {
                m &= !(1 << dir::opposite(last));
            }
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let (_, hit) = g.slide(d, sq, occ);
                if hit & enemy == 0 {
                    continue;
                }
                let t = hit.trailing_zeros() as usize;
                let cap = captured | hit;
                let occ2 = if self.at_once { occ & !hit } else { occ };
                let (mut lands, _) = g.slide(d, t, occ2);
                if lands == 0 {
                    continue;
                }
                found = true;
                let mut ends = 0u64;
                let mut cont = false;
                while lands != 0 {
                    let l = if ascending(d) {
                        lands.trailing_zeros()
                    } else {
                        63 - lands.leading_zeros()
                    };
                    lands &= !(1u64 << l);
                    self.sink.enter(l);
                    let on = self.jumps(l as usize, true, cap, occ2, d as u8);
                    self.sink.leave();
                    if on {
                        cont = true;
                    } else {
                        ends |= 1u64 << l;
                    }
                }
                if !cont {
                    while ends != 0 {
                        let e = ends.trailing_zeros();
                        ends &= ends - 1;
                        self.sink.record(e, cap, !self.orig_king);
                    }
                }
            }
        } else {
            let mut m = if king { self.king_dirs } else { self.man_caps };
            if king && self.at_once && last < 8 {
                m &= !(1 << dir::opposite(last));
            }
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let mid = g.step[d][sq];
                if mid & enemy == 0 {
                    continue;
                }
                let land = g.shift(mid, d);
                if land == 0 || land & occ != 0 {
                    continue;
                }
                found = true;
                let l = land.trailing_zeros();
                let cap = captured | mid;
                let occ2 = if self.at_once { occ & !mid } else { occ };
                let mut k = king;
                if !king && self.promo & land != 0 {
                    if self.stop {
                        self.sink.record(l, cap, true);
                        continue;
                    }
                    k = true;
                }
                // A man or short king with no next jump from the landing
                // square (checked here, without a call): the capture ends.
                let short = !k || !self.flying;
                if short && !self.steps_on(l as usize, k, enemy & !mid, occ2, d) {
                    self.sink.record(l, cap, !self.orig_king && k);
                    continue;
                }
                self.sink.enter(l);
                let on = self.jumps(l as usize, k, cap, occ2, d as u8);
                self.sink.leave();
                if !on {
                    self.sink.record(l, cap, !self.orig_king && k);
                }
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    //! The bitboard generator against a reference (the capture search from
    //! every piece without the laws, the laws applied after it, and the
    //! neighbour tables for quiet moves) on random boards of every rule
    //! combination. The capture search itself is checked by the perft files
    //! and the conformance tests.
    use super::*;
    use crate::draughts::board::{board_mask, dir, DARK};

    /// The generator as a simpler one: the capture search from every
    /// piece (none of the generator's shortcuts for men), the laws applied
    /// one after the other, quiet moves from neighbour tables.
    fn reference(v: &ArmyView<'_>) -> Vec<Move> {
        let mut out = Vec::new();
        let next = v.rules.neighbours();
        let no_laws = Rules {
            quantity: false,
            quality: false,
            ..*v.rules
        };
        v.search(v.men | v.kings, v.moves_sink(&no_laws, &mut out));
        if v.rules.quantity && !out.is_empty() {
            let best = out.iter().map(|m| m.captured.count_ones()).max().unwrap();
            out.retain(|m| m.captured.count_ones() == best);
        }
        if v.rules.quality && !out.is_empty() {
            let k = |m: &Move| (m.captured & v.enemy_kings).count_ones();
            let best = out.iter().map(k).max().unwrap();
            out.retain(|m| k(m) == best);
        }
        let occ = v.occupied;
        for from in Square::iter_bits(v.men | v.kings) {
            let sq = from.index() as usize;
            let king = v.kings & from.bit() != 0;
            let mut targets = 0u64;
            let dirs = if king {
                v.rules.king_dirs
            } else {
                v.orient(v.rules.man_moves)
            };
            for d in (0..8u8).filter(|d| dirs & (1 << d) != 0) {
                let mut t = next[d as usize][sq];
                while t != OFF && occ & (1u64 << t) == 0 {
                    targets |= 1u64 << t;
                    if !(king && v.rules.flying_kings) {
                        break;
                    }
                    t = next[d as usize][t as usize];
                }
            }
            if v.allies != 0 {
                let dirs = if king {
                    v.rules.ally_king
                } else {
                    v.orient(v.rules.ally_man)
                };
                targets |= ally_reach(next, from, dirs, v.allies, occ & !from.bit());
            }
            for to in Square::iter_bits(targets) {
                out.push(Move {
                    from,
                    to,
                    captured: 0,
                    promote: !king && v.promo_row() & to.bit() != 0,
                    penalty: Penalty::None,
                });
            }
        }
        out
    }

    fn rng(s: &mut u64) -> u64 {
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s
    }

    #[test]
    fn bitboard_generator_matches_the_reference() {
        use dir::{bit, DIAGONAL, E, N, NE, NW, ORTHOGONAL, W};
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut checked = 0;
        for size in [6u8, 8] {
            for diagonal in [true, false] {
                for flying in [true, false] {
                    for at_once in [true, false] {
                        for laws in 0..4u8 {
                            for ally in [false, true] {
                                let (man, king) = if diagonal {
                                    (bit(NE) | bit(NW), DIAGONAL)
                                } else {
                                    (bit(N) | bit(E) | bit(W), ORTHOGONAL)
                                };
                                let rules = Rules {
                                    size,
                                    man_moves: man,
                                    man_captures: if laws == 3 { DIAGONAL } else { man },
                                    king_dirs: king,
                                    flying_kings: flying,
                                    promotion: if flying {
                                        Promotion::ContinueAsKing
                                    } else {
                                        Promotion::Stop
                                    },
                                    quantity: laws & 1 != 0,
                                    quality: laws & 2 != 0,
                                    remove_at_once: at_once,
                                    ally_man: if ally { bit(N) | bit(E) | bit(W) } else { 0 },
                                    ally_king: if ally { ORTHOGONAL } else { 0 },
                                };
                                let board = board_mask(size) & if diagonal { DARK } else { !0 };
                                for _ in 0..300 {
                                    let a = rng(&mut seed) & rng(&mut seed) & board;
                                    let b = rng(&mut seed) & rng(&mut seed) & board & !a;
                                    let c = if ally {
                                        rng(&mut seed) & rng(&mut seed) & board & !a & !b
                                    } else {
                                        0
                                    };
                                    let ka = a & rng(&mut seed) & rng(&mut seed);
                                    let kb = b & rng(&mut seed);
                                    let north = rng(&mut seed) & 1 == 0;
                                    let view = ArmyView {
                                        rules: &rules,
                                        men: a & !ka,
                                        kings: ka,
                                        enemy: b,
                                        enemy_kings: kb,
                                        occupied: a | b | c,
                                        allies: c,
                                        north,
                                    };
                                    let want = reference(&view);
                                    let mut got = Vec::new();
                                    let mut scratch = Vec::new();
                                    let counted = view.count_captures(&mut scratch);
                                    let caps = view.captures(&mut got);
                                    assert_eq!(counted, caps as u64, "{rules:?} {view:?}");
                                    assert_eq!(
                                        caps,
                                        want.iter().filter(|m| m.is_capture()).count()
                                    );
                                    let quiet_from = got.len();
                                    view.quiet(&mut got);
                                    assert_eq!(got, want, "{rules:?} {view:?}");
                                    assert_eq!(view.count_quiet(), (got.len() - quiet_from) as u64);
                                    let quiet = &got[quiet_from..];
                                    for (i, m) in quiet.iter().enumerate() {
                                        let chosen = view.choose_quiet(|n| {
                                            assert_eq!(n, quiet.len());
                                            i
                                        });
                                        assert_eq!(chosen, Some(*m));
                                    }
                                    if quiet.is_empty() {
                                        assert_eq!(view.choose_quiet(|_| unreachable!()), None);
                                    }
                                    assert_eq!(view.has_move(), !want.is_empty(), "{view:?}");
                                    checked += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 2 * 2 * 2 * 2 * 4 * 2 * 300);
    }
}
