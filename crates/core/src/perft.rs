//! Perft: the number of move paths of a given length, the standard check of
//! a move generator.

use crate::{Game, MoveBuf};

/// Counts the leaves of the move tree of `depth` plies from `pos`. Stops only
/// where no move is legal (a natural end); draw rules are ignored.
///
/// # Examples
/// `perft(&pos, 0) == 1` for any position.
#[must_use]
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    let mut buffers: Vec<G::MoveList> = (0..depth).map(|_| G::MoveList::default()).collect();
    perft_inner(pos, depth, &mut buffers)
}

fn perft_inner<G: Game>(pos: &G, depth: u32, buffers: &mut [G::MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
    if depth == 1 {
        return pos.count_moves(buf);
    }
    pos.legal_moves(buf);
    let mut total = 0;
    for &mv in buf.as_slice() {
        let mut next = pos.clone();
        next.play_unchecked(mv);
        total += perft_inner(&next, depth - 1, rest);
    }
    total
}

/// Perft split by first move: each legal move in canonical notation with the
/// count below it, sorted by notation.
#[must_use]
pub fn perft_divide<G: Game>(pos: &G, depth: u32) -> Vec<(String, u64)> {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let mut out: Vec<(String, u64)> = moves
        .as_slice()
        .iter()
        .map(|&mv| {
            let mut next = pos.clone();
            next.play_unchecked(mv);
            (pos.format_move(mv), perft(&next, depth.saturating_sub(1)))
        })
        .collect();
    out.sort();
    out
}
