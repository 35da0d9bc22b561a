//! Round-robin schedules by FIDE's Berger tables (FIDE Handbook C.05,
//! Annex 1): for an odd count a dummy player is added and whoever meets it
//! has the round's bye. A double round-robin plays the table twice with the
//! seats swapped in the second cycle (Jarmo's board is not symmetric, so
//! each pair must meet from both seats).

use super::{Pair, Round};

/// The rounds of a round-robin between `n` players (pairing numbers
/// `0..n`), once (`cycles == 1`) or more, the even cycles with the seats
/// swapped. `n < 2` has no rounds.
pub fn schedule(n: u32, cycles: u32) -> Vec<Round> {
    if n < 2 {
        return Vec::new();
    }
    let m = n + n % 2; // with the dummy player for an odd count
    let single: Vec<Vec<Pair>> = (1..m).map(|r| table_round(m, r)).collect();
    let mut rounds = Vec::new();
    for cycle in 0..cycles {
        for pairs in &single {
            let mut round = Round::default();
            for p in pairs {
                let (first, second) = if cycle % 2 == 0 {
                    (p.first, p.second)
                } else {
                    (p.second, p.first)
                };
                if first >= n {
                    round.bye = Some(second);
                } else if second >= n {
                    round.bye = Some(first);
                } else {
                    round.pairs.push(Pair { first, second });
                }
            }
            rounds.push(round);
        }
    }
    rounds
}

/// Round `r` (1-based) of Berger's table for an even `m`, pairing numbers
/// `0..m` (the table's players 1..m shifted down by one), boards in order.
fn table_round(m: u32, r: u32) -> Vec<Pair> {
    // Berger: player m is fixed; the others rotate by m/2 - 1... written
    // with the standard formula: in round r, board 1 pairs the fixed player
    // with player p = r-th in the rotation, colours alternating.
    let k = m - 1; // players 1..=k rotate
    let half = m / 2;
    // The first player of round r (1-based numbers): 1 + (r - 1) * half mod k.
    let start = ((r - 1) * half) % k; // 0-based index into 1..=k
    let at = |i: u32| (start + i) % k + 1; // 1-based player at rotation slot i
    let mut pairs = Vec::with_capacity(half as usize);
    // Board 1: the fixed player m against at(0); m has first seat in even rounds.
    let a = at(0);
    if r % 2 == 1 {
        pairs.push(Pair {
            first: a - 1,
            second: m - 1,
        });
    } else {
        pairs.push(Pair {
            first: m - 1,
            second: a - 1,
        });
    }
    for i in 1..half {
        let first = at(i);
        let second = at(k - i);
        pairs.push(Pair {
            first: first - 1,
            second: second - 1,
        });
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn as_one_based(round: &Round) -> Vec<(u32, u32)> {
        round
            .pairs
            .iter()
            .map(|p| (p.first + 1, p.second + 1))
            .collect()
    }

    #[test]
    fn six_players_match_fides_table() {
        // FIDE Handbook C.05 Annex 1, 5 or 6 players.
        let want: [[(u32, u32); 3]; 5] = [
            [(1, 6), (2, 5), (3, 4)],
            [(6, 4), (5, 3), (1, 2)],
            [(2, 6), (3, 1), (4, 5)],
            [(6, 5), (1, 4), (2, 3)],
            [(3, 6), (4, 2), (5, 1)],
        ];
        let got = schedule(6, 1);
        assert_eq!(got.len(), 5);
        for (round, want) in got.iter().zip(want.iter()) {
            let mut g = as_one_based(round);
            let mut w = want.to_vec();
            g.sort();
            w.sort();
            assert_eq!(g, w);
        }
    }

    #[test]
    fn everyone_meets_everyone_once_per_cycle_from_both_seats_in_a_double() {
        for n in 2..=15 {
            let rounds = schedule(n, 2);
            let mut met = std::collections::HashSet::new();
            for r in &rounds {
                for p in &r.pairs {
                    assert!(met.insert((p.first, p.second)), "n={n} {p:?} twice");
                }
            }
            assert_eq!(met.len() as u32, n * (n - 1));
        }
    }
}
