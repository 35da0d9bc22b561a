#!/usr/bin/env python3
"""Independent Imago perft, written from the rulings in docs/rulings.md
without looking at the Rust code, to cross-check the figures pinned in crates/games/tests/data/imago.perft.

Usage: python3 tools/imago_perft.py DEPTH [LAYOUT]
LAYOUT uses tablero's layout text, e.g. "red:b2,b5 blue:g2,g5 walls:c3-d3,d4-d5".
Prints `depth nodes` lines from 1 to DEPTH. Not part of CI (it is slow).
"""
import sys

COLS = "abcdefgh"
EXISTS = {(c, r) for c in range(1, 7) for r in range(6)} | {(0, 0), (0, 5), (7, 0), (7, 5)}
RED_GOALS = {(7, 0), (7, 5)}
BLUE_GOALS = {(0, 0), (0, 5)}
GOALS = RED_GOALS | BLUE_GOALS
DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1)]


def cell(s):
    return (COLS.index(s[0]), int(s[1]) - 1)


def parse_layout(text):
    red, blue, walls = ["b2", "b5"], ["g2", "g5"], set()
    for field in text.split():
        key, _, val = field.partition(":")
        items = [v for v in val.split(",") if v]
        if key == "red":
            red = items
        elif key == "blue":
            blue = items
        elif key == "walls":
            for w in items:
                a, b = w.split("-")
                walls.add(frozenset((cell(a), cell(b))))
    return frozenset(map(cell, red)), frozenset(map(cell, blue)), walls


def step(c, d, walls):
    t = (c[0] + d[0], c[1] + d[1])
    if t not in EXISTS or frozenset((c, t)) in walls:
        return None
    return t


def moves(red, blue, side, walls):
    """Yields (new_red, new_blue, won) for each move string of the mover."""
    own, opp = (red, blue) if side == 0 else (blue, red)
    own_goals, opp_goals = (RED_GOALS, BLUE_GOALS) if side == 0 else (BLUE_GOALS, RED_GOALS)
    out = []
    for p in sorted(own):
        for d in DIRS:
            t = step(p, d, walls)
            if t is None or t in own or t in opp or t in opp_goals:
                continue
            new_own = (own - {p}) | {t}
            if t in own_goals:
                out.append((new_own, opp, True))
                continue
            back = (-d[0], -d[1])
            for q in sorted(opp):
                u = step(q, back, walls)
                occupied = new_own | opp
                if u is None or u in occupied or u in GOALS:
                    new_opp = opp
                else:
                    new_opp = (opp - {q}) | {u}
                out.append((new_own, new_opp, False))
    if not out:
        out.append((own, opp, False))  # pass
    return [((a, b, w) if side == 0 else (b, a, w)) for a, b, w in out]


def perft(red, blue, side, walls, depth):
    if depth == 0:
        return 1
    ms = moves(red, blue, side, walls)
    if depth == 1:
        return len(ms)
    total = 0
    for r, b, won in ms:
        total += 0 if won else perft(r, b, 1 - side, walls, depth - 1)
    return total


def main():
    depth = int(sys.argv[1])
    red, blue, walls = parse_layout(sys.argv[2] if len(sys.argv) > 2 else "")
    for d in range(1, depth + 1):
        print(d, perft(red, blue, 0, walls, d), flush=True)


if __name__ == "__main__":
    main()
