#!/usr/bin/env python3
"""Tally the games of one or more `tablero match --records DIR` runs.

A long match can be played in chunks (a different --seed for each, so the
openings differ) and stopped and taken up again: each finished game's
record stays in its DIR. This reads every game-*.txt of the DIRs given,
counts the results of the player SPEC (the value of the record's South or
North tag) and prints its wins, losses, draws, score and Elo with a 95 %
interval (the normal approximation `tablero match` uses).

    tools/match-tally.py SPEC DIR [DIR ...]
"""
import math
import pathlib
import re
import sys


def tags(text):
    return dict(re.findall(r'^\[(\w+) "(.*)"\]$', text, re.M))


def elo(score):
    if 0 < score < 1:
        return -400 * math.log10(1 / score - 1)
    return None


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    spec, dirs = argv[1], argv[2:]
    wins = losses = draws = 0
    for d in dirs:
        for f in sorted(pathlib.Path(d).glob("game-*.txt")):
            t = tags(f.read_text())
            seat = {"South": "p1", "North": "p2"}
            side = next((seat[k] for k in seat if t.get(k) == spec), None)
            if side is None:
                sys.exit(f"{f}: {spec!r} is neither South nor North")
            result = t.get("Result")
            if result == side:
                wins += 1
            elif result in ("p1", "p2"):
                losses += 1
            elif result == "draw":
                draws += 1
            else:
                sys.exit(f"{f}: no result ({result!r})")
    n = wins + losses + draws
    if n == 0:
        sys.exit("no games")
    s = (wins + draws / 2) / n
    var = max((wins + draws / 4) / n - s * s, 0.0)
    se = math.sqrt(var / n)
    fmt = lambda e: "-" if e is None else f"{round(e) or 0:+d}"
    print(f"{spec}: {n} games, +{wins} -{losses} ={draws}, score {s:.3f}, "
          f"Elo {fmt(elo(s))} [{fmt(elo(s - 1.96 * se))}, {fmt(elo(s + 1.96 * se))}]")


if __name__ == "__main__":
    main(sys.argv)
