#!/usr/bin/env python3
"""Independent Jarmo perft, written from docs/rulings.md and docs/rules/jarmo.md
(not from the Rust code), to cross-check the figures pinned in
crates/games/tests/data/jarmo.perft.

Usage: python3 tools/jarmo_perft.py DEPTH [standard|flipped] [POSITION] [MOVES]
POSITION is a tablero position string (default: the start position), MOVES
a comma-separated move list played first. Prints `depth nodes` lines from 1
to DEPTH. Not part of CI (it is slow).
"""
import sys

# The 39 lines as listed in docs/rulings.md, point by point.
GRAPH = """
a1: b3 c2        b1: a3 d2        c1: a2 d3 e2     d1: b2 c3        e1: c2 d3
a2: c1 c3        b2: b3 c2 c4 d1  c2: a1 b2 d2 e1 e3  d2: b1 b3 c2 d3  e2: c1 d4
a3: b1 b5        b3: a1 a5 b2 b4 c3 c5 d2  c3: a2 a4 b3 d1 e4  d3: b4 c1 d2 d4 e1 e5  e3: c2 d5
a4: c3 c5        b4: b3 c4 d3 d5  c4: a5 b2 b4 d4 e5  d4: b5 c4 d3 e2  e4: c3 c5
a5: b3 c4        b5: a3 d4        c5: a4 b3 e4     d5: b4 e3        e5: c4 d3
"""


def read_graph():
    adj = {}
    key = None
    for tok in GRAPH.split():
        if tok.endswith(":"):
            key = tok[:-1]
            adj[key] = set()
        else:
            adj[key].add(tok)
    for a, ns in adj.items():
        for b in ns:
            assert a in adj[b], (a, b)
    assert sum(len(v) for v in adj.values()) == 78
    return adj


ADJ = read_graph()
POINTS = [c + r for c in "abcde" for r in "12345"]


def row_points(r):
    return {c + str(r) for c in "abcde"}


class Pos:
    """board: dict point -> (player 0/1, marked bool); owed: [n, n];
    side: 0/1; hist: [list, list] of up to 3 recent moves per player, each
    ('pass',) or (from, to)."""

    def __init__(self, flipped, board, side, owed, hist):
        self.flipped = flipped
        self.board = board
        self.side = side
        self.owed = owed
        self.hist = hist

    def home_row(self, player):
        dark_row = 5 if self.flipped else 1
        light_row = 1 if self.flipped else 5
        return dark_row if player == 0 else light_row

    def target(self, player):
        return row_points(self.home_row(1 - player))

    def count(self, player):
        return sum(1 for v in self.board.values() if v[0] == player)

    def done(self, player):
        return all(pt in self.target(player) for pt, v in self.board.items() if v[0] == player)

    def over(self):
        return self.done(0) or self.done(1)

    def copy(self):
        return Pos(self.flipped, dict(self.board), self.side, list(self.owed),
                   [list(self.hist[0]), list(self.hist[1])])


def start(flipped, side=0):
    p = Pos(flipped, {}, side, [0, 0], [[], []])
    for player in (0, 1):
        for pt in row_points(p.home_row(player)):
            p.board[pt] = (player, False)
    return p


def parse_position(flipped, text):
    board_t, side_t, owed_t, quiet_t, hist_t = text.split()
    board = {}
    rows = board_t.split("/")
    for i, row_text in enumerate(rows):
        row = 5 - i
        col = 0
        for ch in row_text:
            if ch.isdigit():
                col += int(ch)
                continue
            pt = "abcde"[col] + str(row)
            board[pt] = (0 if ch in "dD" else 1, ch.isupper())
            col += 1
    owed = [int(x) for x in owed_t.split("/")]
    hist = []
    for half in hist_t.split("/"):
        items = [] if half == "-" else half.split(",")
        hist.append([("pass",) if it == "pass" else tuple(it.split("-")) for it in items])
    return Pos(flipped, board, 0 if side_t == "d" else 1, owed, hist)


def moves(p):
    """Every legal move as (text, next position)."""
    if p.over():
        return []
    me = p.side
    out = []
    h = p.hist[me][-3:]
    banned = None
    if len(h) == 3 and all(len(m) == 2 for m in h):
        (a, b), (c, d), (e, f) = h
        if (c, d) == (b, a) and (e, f) == (a, b):
            banned = (b, a)
    lost = 5 - p.count(me)
    for frm, (who, marked) in sorted(p.board.items()):
        if who != me or frm in p.target(me):
            continue
        for to in sorted(ADJ[frm]):
            occ = p.board.get(to)
            if occ is not None and occ[0] == me:
                continue
            if banned == (frm, to):
                continue
            cap = occ is not None
            q = p.copy()
            del q.board[frm]
            q.board[to] = (me, marked or cap)
            if (marked or cap) and to in p.target(me) and lost > q.owed[me]:
                q.owed[me] += 1
            q.hist[me] = (q.hist[me] + [(frm, to)])[-3:]
            text = frm + ("x" if cap else "-") + to
            out.extend(with_returns(q, me, text))
    if not out:
        q = p.copy()
        q.hist[me] = (q.hist[me] + [("pass",)])[-3:]
        out.extend(with_returns(q, me, "pass"))
    return out


def with_returns(q, me, text):
    res = []
    empties = sorted(pt for pt in row_points(q.home_row(me)) if pt not in q.board)
    if q.owed[me] > 0 and empties:
        for pt in empties:
            r = q.copy()
            r.board[pt] = (me, False)
            r.owed[me] -= 1
            r.side = 1 - me
            res.append((text + "+" + pt, r))
    else:
        q.side = 1 - me
        res.append((text, q))
    return res


def perft(p, depth):
    if depth == 0:
        return 1
    ms = moves(p)
    if depth == 1:
        return len(ms)
    return sum(perft(q, depth - 1) for _, q in ms)


def main():
    depth = int(sys.argv[1])
    flipped = len(sys.argv) > 2 and sys.argv[2] == "flipped"
    p = parse_position(flipped, sys.argv[3]) if len(sys.argv) > 3 and sys.argv[3] != "startpos" \
        else start(flipped)
    if len(sys.argv) > 4 and sys.argv[4].strip():
        for mv in sys.argv[4].split(","):
            mv = mv.strip()
            found = [q for t, q in moves(p) if t == mv]
            if len(found) != 1:
                sys.exit(f"illegal move {mv}; legal: {[t for t, _ in moves(p)]}")
            p = found[0]
    for d in range(1, depth + 1):
        print(d, perft(p, d), flush=True)


if __name__ == "__main__":
    main()
