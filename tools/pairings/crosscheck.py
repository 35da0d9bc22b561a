#!/usr/bin/env python3
"""Swiss pairings checked against an independent FIDE Dutch implementation.

The reference is the PyPI package caissify-pairings 0.5.0 (pinned;
scripts/test.sh installs it in target/pairings). For seeded random
tournaments (7 to 40 players, 5 to 11 rounds, results with draws, now and
then a player absent for a round) every round is paired twice: by the
reference's `dutch` engine and by tablero's `swiss::pair`. The rounds are
played on with the reference's pairing, so both always see the same
history. A round differs when the set of (first seat, second seat) games or
the bye differs (board order is not compared).

tablero's side is a "pairer" speaking JSON lines: one request a line
({"round", "rounds", "first_seat_for_top", "players": [swiss::Player],
"others": [swiss::Player] (absent this round, for the floats)}),
one answer a line (a `Round`, or {"error": "..."}). Either
  --pairer "CMD"   start CMD (e.g. target/debug/examples/swiss_pairs), or
  --stdio          write requests on stdout and read answers on stdin (the
                   Rust test, crates/ai/tests/pairings_reference.rs, is the
                   pairer then; the summary goes to stderr).

  python tools/pairings/crosscheck.py --pairer target/debug/examples/swiss_pairs \
      --tournaments 500 --seed 1

`--round-robin` instead prints caissify's Berger schedules for n = 3..20,
single and double, as JSON (one line per (n, cycles)).

Pairing numbers: tablero's are 0..n, the reference's ids are 1..n+1 (id =
pairing number + 1; the players are given in rating order).
"""

import argparse
import json
import random
import subprocess
import sys
import time

from caissify_pairings import generate_pairings


def reference_round(state, present, rnd, rounds, initial_color):
    players = []
    prev = set()
    for i in present:
        p = state[i]
        players.append(
            {
                "id": i + 1,
                "name": "p%d" % (i + 1),
                "rating": p["rating"],
                "starting_number": i + 1,
                "pairing_number": i + 1,
                "score": p["half"] / 2.0,
                "color_hist": list(p["colours"]),
                "float_history": list(p["floats"]),
                "bye_count": p["byes"],
                "forfeit_win_count": 0,
            }
        )
    for i, p in enumerate(state):
        for o in p["opponents"]:
            prev.add((min(i, o) + 1, max(i, o) + 1))
    out = generate_pairings(
        system="dutch",
        players=players,
        previous_pairings=prev,
        round_number=rnd,
        total_rounds=rounds,
        initial_color=initial_color,
    )
    pairs, bye = set(), None
    for g in out:
        if g.get("black_id") is None:
            if bye is not None:
                return None  # no legal pairing: the reference leaves several out
            bye = g["white_id"] - 1
        else:
            pairs.add((g["white_id"] - 1, g["black_id"] - 1))
    return pairs, bye


def request(state, present, rnd, rounds, top_first):
    return {
        "round": rnd,
        "rounds": rounds,
        "first_seat_for_top": top_first,
        "players": [
            {"number": i, "rating": state[i]["rating"], "past": state[i]["past"]}
            for i in present
        ],
        "others": [
            {"number": i, "rating": state[i]["rating"], "past": state[i]["past"]}
            for i in range(len(state)) if i not in present
        ],
    }


def play(state, rng, pairs, bye, absent, rnd_index):
    """Plays the round (the reference's pairing) into `state`."""
    pre = [p["half"] for p in state]
    for w, b in sorted(pairs):
        r = rng.random()
        if r < 0.3:
            hw, hb = 1, 1
        else:
            e = 1.0 / (1.0 + 10 ** ((state[b]["rating"] - state[w]["rating"]) / 400.0))
            hw, hb = (2, 0) if rng.random() < e else (0, 2)
        for me, op, first, h in ((w, b, True, hw), (b, w, False, hb)):
            p = state[me]
            p["half"] += h
            p["colours"].append("white" if first else "black")
            p["opponents"].add(op)
            p["past"].append(
                {"Game": {"opponent": op, "first": first, "points": h, "played": True}}
            )
            p["floats"].append(
                "down" if pre[me] > pre[op] else "up" if pre[me] < pre[op] else "none"
            )
    if bye is not None:
        p = state[bye]
        p["half"] += 2
        p["byes"] += 1
        p["floats"].append("down")
        p["past"].append({"Bye": {"points": 2}})
    for i in absent:
        p = state[i]
        p["floats"].append("none")
        p["past"].append({"Absent": {"points": 0}})
    for p in state:
        assert len(p["past"]) == rnd_index


SHOW = False
ENDED = [0]  # tournaments the reference could not pair to the end


def run_tournament(seed, ask):
    """Returns (rounds compared, rounds differing, first difference or None)."""
    rng = random.Random(seed)
    n = rng.randint(7, 40)
    rounds = rng.randint(5, min(11, n - 1))
    ratings = sorted((rng.randint(1200, 2700) for _ in range(n)), reverse=True)
    state = [
        {"rating": r, "half": 0, "colours": [], "floats": [], "byes": 0,
         "opponents": set(), "past": []}
        for r in ratings
    ]
    initial = rng.choice(["white", "black"])
    compared, differ, first = 0, 0, None
    for rnd in range(1, rounds + 1):
        absent = []
        if rnd > 1 and rng.random() < 0.15:
            absent = [rng.randrange(n)]
        present = [i for i in range(n) if i not in absent]
        reference = reference_round(state, present, rnd, rounds, initial)
        if reference is None:
            # No legal pairing left (a small field late on): the reference
            # leaves several players out; the tournament ends here.
            ENDED[0] += 1
            break
        ref_pairs, ref_bye = reference
        req = json.loads(json.dumps(request(state, present, rnd, rounds, initial == "white")))
        ours = ask(req)
        compared += 1
        if "error" in ours:
            our_pairs, our_bye = None, ours["error"]
        else:
            our_pairs = {(p["first"], p["second"]) for p in ours["pairs"]}
            our_bye = ours["bye"]
        if our_pairs != ref_pairs or our_bye != ref_bye:
            differ += 1
            if SHOW:
                sys.stderr.write("differs: seed %d round %d/%d players %d: reference %s tablero %s\n" % (
                    seed, rnd, rounds, n, sorted(ref_pairs - (our_pairs or set())) + [("bye", ref_bye)],
                    sorted((our_pairs or set()) - ref_pairs) + [("bye", our_bye)]))
            first = first or {
                "seed": seed, "players": n, "rounds": rounds, "round": rnd,
                "initial_colour": initial, "absent": absent,
                "reference": {"pairs": sorted(ref_pairs), "bye": ref_bye},
                "tablero": {"pairs": sorted(our_pairs) if our_pairs else None, "bye": our_bye},
                "only_reference": sorted(ref_pairs - (our_pairs or set())),
                "only_tablero": sorted((our_pairs or set()) - ref_pairs),
                "request": req,
            }
        play(state, rng, ref_pairs, ref_bye, absent, rnd)
    return compared, differ, first


def round_robin():
    for cycles in (1, 2):
        for n in range(3, 21):
            players = [{"id": i + 1, "starting_number": i + 1, "rating": 2000}
                       for i in range(n)]
            per_cycle = n - 1 + n % 2
            rounds = []
            for rnd in range(1, per_cycle * cycles + 1):
                out = generate_pairings(
                    system="round_robin", players=players, previous_pairings=set(),
                    round_number=rnd, total_rounds=per_cycle * cycles, cycles=cycles,
                )
                pairs = [[g["white_id"] - 1, g["black_id"] - 1]
                         for g in out if g.get("black_id") is not None]
                bye = [g["white_id"] - 1 for g in out if g.get("black_id") is None]
                rounds.append({"pairs": sorted(pairs), "bye": bye[0] if bye else None})
            print(json.dumps({"n": n, "cycles": cycles, "rounds": rounds}))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pairer", help="command of tablero's pairer")
    ap.add_argument("--stdio", action="store_true")
    ap.add_argument("--tournaments", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep-going", action="store_true",
                    help="count every differing tournament instead of stopping at the first")
    ap.add_argument("--round-robin", action="store_true")
    ap.add_argument("--show", action="store_true", help="print every differing round on stderr")
    ap.add_argument("--first", type=int, default=0, help="start at this tournament")
    a = ap.parse_args()
    global SHOW
    SHOW = a.show
    if a.round_robin:
        round_robin()
        return
    if a.stdio:
        inp, outp, report = sys.stdin, sys.stdout, sys.stderr
    elif a.pairer:
        proc = subprocess.Popen(a.pairer, shell=True, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True)
        inp, outp, report = proc.stdout, proc.stdin, sys.stdout
    else:
        ap.error("give --pairer CMD or --stdio")

    def ask(req):
        outp.write(json.dumps(req) + "\n")
        outp.flush()
        line = inp.readline()
        if not line:
            raise RuntimeError("the pairer closed its output")
        return json.loads(line)

    start = time.time()
    tournaments = rounds = differing = differing_rounds = 0
    first = None
    for t in range(a.first, a.first + a.tournaments):
        compared, differ, diff = run_tournament(a.seed * 1_000_003 + t, ask)
        tournaments += 1
        rounds += compared
        if diff:
            differing += 1
            differing_rounds += differ
            first = first or diff
            if not a.keep_going:
                break
    if a.stdio:
        outp.write(json.dumps({"done": True}) + "\n")
        outp.flush()
    summary = {
        "tournaments": tournaments, "rounds": rounds,
        "differing_tournaments": differing,
        "differing_rounds": differing_rounds, "ended_early": ENDED[0],
        "seconds": round(time.time() - start, 1),
    }
    report.write(json.dumps(summary) + "\n")
    if first:
        report.write("first difference: " + json.dumps(first) + "\n")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
