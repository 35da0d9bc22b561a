#!/usr/bin/env python3
"""Independent Linja perft, written from docs/rulings.md (Linja section) without
looking at the Rust code, to cross-check the figures pinned in
crates/games/tests/data/linja.perft.

Usage: python3 tools/linja_perft.py DEPTH [publisher|seed] [POSITION]
POSITION is tablero's position string, e.g.
"6r/1r1b/1r1b/1r1b/1r1b/1r1b/1r1b/6b r 0". Prints `depth nodes` lines from 1
to DEPTH. Not part of CI (it is slow).

The state here is a tuple of piece rows per side (one entry per piece, not
counts per row), and moves are found piece by piece and told apart by their
notation string, unlike the Rust generator, which works on counts by row.
"""
import sys

START = "6r/1r1b/1r1b/1r1b/1r1b/1r1b/1r1b/6b r 0"


def parse(text):
    rows, side, passes = text.split()
    red, black = [], []
    for i, row in enumerate(rows.split("/")):
        if row == ".":
            continue
        num = ""
        for ch in row:
            if ch.isdigit():
                num += ch
            else:
                (red if ch == "r" else black).extend([i] * int(num))
                num = ""
    return (tuple(sorted(red)), tuple(sorted(black)), 0 if side == "r" else 1)


def count(state, row):
    red, black, _ = state
    return red.count(row) + black.count(row)


def finished(red, black):
    return min(red) > max(black)


def forward(side):
    return 1 if side == 0 else -1


def goal(side):
    return 7 if side == 0 else 0


def move_piece(pieces, i, to):
    p = list(pieces)
    p[i] = to
    return tuple(sorted(p))


def with_side(red, black, side, own):
    return (own, black, side) if side == 0 else (red, own, side)


def first_moves(state):
    """(text, state after, N before arrival, landed row) for each first move."""
    red, black, side = state
    own = red if side == 0 else black
    d, g = forward(side), goal(side)
    out = {}
    for i, r in enumerate(own):
        if r == g:
            continue
        t = r + d
        n = count(state, t)
        if 1 <= t <= 6 and n >= 6:
            continue
        new = with_side(red, black, side, move_piece(own, i, t))
        out[f"{r}-{t}"] = (new, n, t)
    return out


def following_moves(state, n):
    red, black, side = state
    own = red if side == 0 else black
    d, g = forward(side), goal(side)
    out = {}
    for i, r in enumerate(own):
        if r == g:
            continue
        t = r + d * n
        if side == 0:
            t = min(t, 7)
        else:
            t = max(t, 0)
        c = count(state, t)
        if 1 <= t <= 6 and c >= 6:
            continue
        new = with_side(red, black, side, move_piece(own, i, t))
        empty_field = 1 <= t <= 6 and c == 0
        out[f"{r}-{t}"] = (new, empty_field)
    return out


def turn(state, allow_extra):
    """{text: state after the whole turn}, without switching the side."""
    result = {}
    for t1, (s1, n_before, landed) in first_moves(state).items():
        r1, b1, _ = s1
        if finished(r1, b1):
            result[t1] = s1
            continue
        n = 1 if landed == goal(state[2]) else n_before
        if n == 0:
            result[t1] = s1
            continue
        follows = following_moves(s1, n)
        if not follows:
            result[t1] = s1
            continue
        for t2, (s2, empty_field) in follows.items():
            text = t1 + " " + t2
            if allow_extra and empty_field and not finished(s2[0], s2[1]):
                extra = turn(s2, False)
                if extra:
                    for t3, s3 in extra.items():
                        result[text + "; " + t3] = s3
                    continue
            result[text] = s2
    return result


def moves(state, extra_rule):
    red, black, side = state
    if finished(red, black):
        return {}
    out = {k: (v[0], v[1], 1 - side) for k, v in turn(state, extra_rule).items()}
    if not out:
        out["pass"] = (red, black, 1 - side)
    return out


def perft(state, depth, extra_rule):
    if depth == 0:
        return 1
    ms = moves(state, extra_rule)
    if depth == 1:
        return len(ms)
    return sum(perft(s, depth - 1, extra_rule) for s in ms.values())


def main():
    depth = int(sys.argv[1])
    extra_rule = (sys.argv[2] if len(sys.argv) > 2 else "publisher") != "seed"
    state = parse(sys.argv[3] if len(sys.argv) > 3 else START)
    for d in range(1, depth + 1):
        print(d, perft(state, d, extra_rule), flush=True)


if __name__ == "__main__":
    main()
