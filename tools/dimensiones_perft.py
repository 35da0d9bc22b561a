#!/usr/bin/env python3
"""Independent Super Dimensiones perft, written from the rulings in
docs/rulings.md (not from the Rust code), to cross-check
crates/games/tests/data/dimensiones.perft.

Usage: python3 tools/dimensiones_perft.py RULESET DEPTH [POSITION]
RULESET like I-C-A-W-R or M-C-N-E-S+huff; POSITION in tablero's position
string (`board army subgames clock cycle`), default the start.
Prints `depth nodes` lines from 1 to DEPTH. Not part of CI (it is slow).
"""
import sys

N = 6
ARMIES = "rbao"  # red, blue, aqua, orange
OWNER = {"r": 1, "a": 1, "b": 2, "o": 2}
FACING = {"r": "b", "b": "r", "a": "o", "o": "a"}
ALLY = {"r": "a", "a": "r", "b": "o", "o": "b"}
SUB = {"r": 0, "b": 0, "a": 1, "o": 1}
CYCLE = {1: "rbao", 2: "broa"}


def fwd(army):
    return 1 if OWNER[army] == 1 else -1


def inside(c, r):
    return 0 <= c < N and 0 <= r < N


def last_row(army):
    return N - 1 if OWNER[army] == 1 else 0


def back_row(army):
    return 0 if OWNER[army] == 1 else N - 1


class Rules:
    def __init__(self, text):
        huff = text.endswith("+huff")
        cards = text.replace("+huff", "").split("-")
        self.inter = cards[0] == "I"
        self.conquer = cards[1] == "C"
        self.armour = cards[2] == "A"
        self.western = cards[3] == "W"
        self.real = cards[4] == "R"
        self.huff = huff

    def man_dirs(self, army):
        f = fwd(army)
        if self.western:
            return [(1, f), (-1, f)]
        return [(0, f), (1, 0), (-1, 0)]

    def king_dirs(self):
        if self.western:
            return [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        return [(1, 0), (-1, 0), (0, 1), (0, -1)]

    def start(self, army):
        rows = [0, 1] if OWNER[army] == 1 else [4, 5]
        out = []
        for r in rows:
            for c in range(N):
                if self.western:
                    dark = (c + r) % 2 == 0
                    if dark == (army in "rb"):
                        out.append((c, r))
                else:
                    left = c < 3
                    if left == (army in "rb"):
                        out.append((c, r))
        return out


class Pos:
    def __init__(self, rules, board, army, subs, clock, first):
        self.rules = rules
        self.board = board  # (c, r) -> (army letter, king)
        self.army = army
        self.subs = subs  # list of '-', '1', '2', '='
        self.clock = clock
        self.first = first

    @staticmethod
    def start(rules):
        board = {}
        for a in ARMIES:
            for s in rules.start(a):
                board[s] = (a, False)
        return Pos(rules, board, "r", ["-", "-"], 0, 1)

    @staticmethod
    def parse(rules, text):
        b, army, subs, clock, cycle = text.split()
        board = {}
        for i, row in enumerate(b.split("/")):
            r = N - 1 - i
            c = 0
            for ch in row:
                if ch.isdigit():
                    c += int(ch)
                else:
                    board[(c, r)] = (ch.lower(), ch.isupper())
                    c += 1
        return Pos(rules, board, None if army == "-" else army, list(subs), int(clock),
                   1 if cycle == "rbao" else 2)

    def copy(self):
        return Pos(self.rules, dict(self.board), self.army, list(self.subs), self.clock, self.first)

    # ---- captures ----
    def captures(self, army):
        R = self.rules
        found = set()
        enemy = FACING[army]
        for sq, (a, king) in list(self.board.items()):
            if a != army:
                continue

            def occupied(s):
                return s != sq and s in self.board

            def is_enemy(s, taken):
                p = self.board.get(s)
                return p is not None and s != sq and p[0] == enemy and s not in taken

            def search(pos, is_king, taken):
                """Returns list of (end, taken, king_at_end) complete captures from pos."""
                results = []
                any_jump = False
                if is_king and R.real:
                    for dc, dr in R.king_dirs():
                        c, r = pos[0] + dc, pos[1] + dr
                        while inside(c, r) and not occupied((c, r)):
                            c, r = c + dc, r + dr
                        if not inside(c, r) or not is_enemy((c, r), taken):
                            continue
                        victim = (c, r)
                        lands = []
                        c, r = c + dc, r + dr
                        while inside(c, r) and not occupied((c, r)):
                            lands.append((c, r))
                            c, r = c + dc, r + dr
                        if not lands:
                            continue
                        any_jump = True
                        nt = taken | {victim}
                        conts = {}
                        for l in lands:
                            conts[l] = search(l, True, nt)
                        if any(conts[l] for l in lands):
                            for l in lands:
                                if conts[l]:
                                    results.extend(conts[l])
                        else:
                            for l in lands:
                                results.append((l, nt, True))
                else:
                    dirs = R.king_dirs() if is_king else R.man_dirs(army)
                    for dc, dr in dirs:
                        mid = (pos[0] + dc, pos[1] + dr)
                        land = (pos[0] + 2 * dc, pos[1] + 2 * dr)
                        if not inside(*land) or not is_enemy(mid, taken) or occupied(land):
                            continue
                        any_jump = True
                        nt = taken | {mid}
                        if not is_king and land[1] == last_row(army):
                            if R.real:
                                more = search(land, True, nt)
                                results.extend(more if more else [(land, nt, True)])
                            else:
                                results.append((land, nt, True))
                            continue
                        more = search(land, is_king, nt)
                        results.extend(more if more else [(land, nt, is_king)])
                return results if any_jump else []

            for end, taken, k in search(sq, king, frozenset()):
                found.add((sq, end, frozenset(taken), (not king) and k, None))
        found = list(found)
        if found:
            most = max(len(m[2]) for m in found)
            found = [m for m in found if len(m[2]) == most]
            kings = lambda m: sum(1 for s in m[2] if self.board[s][1])
            best = max(kings(m) for m in found)
            found = [m for m in found if kings(m) == best]
        return found

    # ---- non-captures ----
    def quiet(self, army):
        R = self.rules
        out = set()
        for sq, (a, king) in list(self.board.items()):
            if a != army:
                continue
            ends = set()
            if king:
                for dc, dr in R.king_dirs():
                    c, r = sq[0] + dc, sq[1] + dr
                    while inside(c, r) and (c, r) not in self.board:
                        ends.add((c, r))
                        if not R.real:
                            break
                        c, r = c + dc, r + dr
            else:
                for dc, dr in R.man_dirs(army):
                    t = (sq[0] + dc, sq[1] + dr)
                    if inside(*t) and t not in self.board:
                        ends.add(t)
            if R.inter:
                f = fwd(army)
                jd = [(1, 0), (-1, 0), (0, 1), (0, -1)] if king else [(0, f), (1, 0), (-1, 0)]
                ally = ALLY[army]
                seen = {sq}
                todo = [sq]
                while todo:
                    s = todo.pop()
                    for dc, dr in jd:
                        mid = (s[0] + dc, s[1] + dr)
                        land = (s[0] + 2 * dc, s[1] + 2 * dr)
                        p = self.board.get(mid)
                        if p is None or mid == sq or p[0] != ally:
                            continue
                        if not inside(*land) or land in seen:
                            continue
                        if land in self.board and land != sq:
                            continue
                        seen.add(land)
                        todo.append(land)
                ends |= seen - {sq}
            for e in ends:
                promote = (not king) and e[1] == last_row(army)
                out.add((sq, e, frozenset(), promote, None))
        return list(out)

    def penalties(self, army, mv, capturers):
        R = self.rules
        frm, to = mv[0], mv[1]
        after = dict(self.board)
        piece = after.pop(frm)
        after[to] = (piece[0], piece[1] or mv[3])
        out = []
        if R.conquer:
            for c in capturers:
                s = to if c == frm else c
                out.append(mv[:4] + (("remove", s),))
        else:
            count = sum(1 for p in self.board.values() if p[0] == army)
            if count < 6:
                for s in R.start(army):
                    if s not in after:
                        out.append(mv[:4] + (("return", s),))
            if not out:
                for s, p in after.items():
                    if p[0] == army and not p[1] and s[1] == back_row(army):
                        out.append(mv[:4] + (("crown", s),))
        return out or [mv]

    def moves_of(self, army):
        caps = self.captures(army)
        if self.rules.armour:
            return caps + self.quiet(army)
        if not caps:
            return self.quiet(army)
        if not self.rules.huff:
            return caps
        capturers = {m[0] for m in caps}
        out = list(caps)
        for q in self.quiet(army):
            out.extend(self.penalties(army, q, capturers))
        return out

    def moves(self):
        return [] if self.army is None else self.moves_of(self.army)

    # ---- playing ----
    def play(self, mv):
        p = self.copy()
        army = p.army
        frm, to, taken, promote, pen = mv
        a, king = p.board.pop(frm)
        for s in taken:
            del p.board[s]
        p.board[to] = (a, king or promote)
        if pen:
            kind, s = pen
            if kind == "remove":
                del p.board[s]
            elif kind == "return":
                p.board[s] = (army, False)
            else:
                p.board[s] = (army, True)
        p.clock = 0 if (not king or taken or pen) else min(p.clock + 1, 60)
        g = SUB[army]
        for x in (army, FACING[army]):
            if p.subs[g] == "-" and not any(q[0] == x for q in p.board.values()):
                loser_owner = OWNER[x]
                winner = 3 - loser_owner if p.rules.conquer else loser_owner
                p.subs[g] = str(winner)
        # next army: the other player's next army in the cycle whose sub-game is open
        cyc = CYCLE[p.first]
        i = cyc.index(army)
        nxt = None
        for k in (1, 3):
            cand = cyc[(i + k) % 4]
            if p.subs[SUB[cand]] == "-":
                nxt = cand
                break
        while nxt is not None and not p.moves_of(nxt):
            winner = 3 - OWNER[nxt] if p.rules.conquer else OWNER[nxt]
            p.subs[SUB[nxt]] = str(winner)
            other = ALLY[nxt]
            nxt = other if p.subs[SUB[other]] == "-" else None
        p.army = nxt
        return p


def perft(pos, depth):
    moves = pos.moves()
    if depth == 1:
        return len(moves)
    return sum(perft(pos.play(m), depth - 1) for m in moves)


def main():
    rules = Rules(sys.argv[1])
    depth = int(sys.argv[2])
    pos = Pos.parse(rules, sys.argv[3]) if len(sys.argv) > 3 else Pos.start(rules)
    for d in range(1, depth + 1):
        print(d, perft(pos, d), flush=True)


if __name__ == "__main__":
    main()
