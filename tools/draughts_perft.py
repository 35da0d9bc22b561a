#!/usr/bin/env python3
"""Perft of Russian, Turkish and English draughts with pydraughts, an
independent program, to cross-check `tablero perft draughts --variant V`.

Usage: pip install pydraughts; python3 tools/draughts_perft.py VARIANT DEPTH
Prints `depth nodes seconds` lines from 1 to DEPTH. Not part of CI (slow).

tablero counts a move once per start square, end square, set of captured
pieces and promotion (docs/rulings.md, Super Dimensiones ruling 7), while
pydraughts lists capture paths; paths that capture the same set between the
same squares are merged here before counting.
"""
import sys
import time

from draughts import Board


def occupied(board):
    """The squares holding a piece, numbered as pydraughts' moves (a1 = 1)."""
    out = set()
    for side in board.fen.split(":")[1:]:
        for sq in side[1:].split(","):
            sq = sq.lstrip("K")
            if sq:
                out.add((int(sq[1:]) - 1) * 8 + (ord(sq[0]) - ord("a")) + 1)
    return out


def slides_through_a_piece(board, steps, occ):
    """pydraughts 0.6.7 lets a Turkish king slide through an occupied square
    (e.g. a8-a1 over its own man on a2); such moves are dropped."""
    a, b = steps[0] - 1, steps[-1] - 1
    (ra, ca), (rb, cb) = divmod(a, 8), divmod(b, 8)
    if ra != rb and ca != cb:
        return False
    dr, dc = (rb > ra) - (rb < ra), (cb > ca) - (cb < ca)
    r, c = ra + dr, ca + dc
    while (r, c) != (rb, cb):
        if r * 8 + c + 1 in occ:
            return True
        r, c = r + dr, c + dc
    return False


def distinct(board):
    seen = {}
    occ = occupied(board) if board.variant == "turkish" else None
    for m in board.legal_moves():
        steps = m.steps_move
        if occ is not None and not m.captures and slides_through_a_piece(board, steps, occ):
            continue
        key = (steps[0], steps[-1], frozenset(m.captures or []))
        seen.setdefault(key, m)
    return list(seen.values())


def perft(board, depth):
    moves = distinct(board)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        board.push(m)
        total += perft(board, depth - 1)
        board.pop()
    return total


def main():
    variant, depth = sys.argv[1], int(sys.argv[2])
    board = Board(variant=variant)
    for d in range(1, depth + 1):
        t = time.time()
        print(d, perft(board, d), round(time.time() - t, 2), flush=True)


if __name__ == "__main__":
    main()
