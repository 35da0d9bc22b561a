#!/usr/bin/env python3
"""Perft of Russian, Turkish and English draughts with pydraughts, an
independent program, to cross-check `tablero perft draughts --variant V`.

Usage: pip install pydraughts; python3 tools/draughts_perft.py VARIANT DEPTH
Prints `depth nodes seconds` lines from 1 to DEPTH. Not part of CI (slow).

tablero counts a move once per start square, end square, set of captured
pieces and promotion (RULINGS.md, Super Dimensiones fine points), while
pydraughts lists capture paths; paths that capture the same set between the
same squares are merged here before counting.
"""
import sys
import time

from draughts import Board


def distinct(board):
    seen = {}
    for m in board.legal_moves():
        steps = m.steps_move
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
