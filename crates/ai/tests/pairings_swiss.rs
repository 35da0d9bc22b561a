//! The Swiss pairing's absolute criteria on random tournaments, without
//! any reference (crates/ai/tests/pairings_reference.rs compares with
//! caissify-pairings): every player taking part is paired once or has the
//! bye; no two players meet twice; nobody has two pairing-allocated byes;
//! colours stay within a difference of 2 and never three in a row, except
//! for a topscorer in the last round.

use tablero_ai::pairings::swiss::{pair, pair_with_others, Past, Player};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn colours(p: &Player) -> Vec<bool> {
    p.past
        .iter()
        .filter_map(|x| match *x {
            Past::Game {
                first,
                played: true,
                ..
            } => Some(first),
            _ => None,
        })
        .collect()
}

#[test]
fn random_tournaments_keep_the_absolute_criteria() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut rounds_checked = 0;
    for t in 0..80 {
        let n = 7 + rng.below(34) as u32;
        let rounds = 5 + rng.below(7).min(u64::from(n - 2)) as u32;
        let mut players: Vec<Player> = (0..n)
            .map(|i| Player {
                number: i,
                rating: 2000 - i as i32,
                past: Vec::new(),
            })
            .collect();
        for round in 1..=rounds {
            let absent: Option<u32> =
                (round > 1 && rng.below(6) == 0).then(|| rng.below(u64::from(n)) as u32);
            let (present, others): (Vec<Player>, Vec<Player>) = players
                .iter()
                .cloned()
                .partition(|p| Some(p.number) != absent);
            let r = if others.is_empty() {
                pair(&present, round, rounds, t % 2 == 0)
            } else {
                pair_with_others(&present, &others, round, rounds, t % 2 == 0)
            };
            let Ok(r) = r else {
                // Small fields can run out of legal pairings late on; the
                // tournament ends there (it must not happen early).
                assert!(
                    round > n / 2,
                    "tournament {t}: round {round} of {n} players unpaired"
                );
                break;
            };
            rounds_checked += 1;
            let mut seen = vec![0; n as usize];
            for g in &r.pairs {
                seen[g.first as usize] += 1;
                seen[g.second as usize] += 1;
            }
            if let Some(b) = r.bye {
                seen[b as usize] += 1;
                let had = players[b as usize]
                    .past
                    .iter()
                    .any(|x| matches!(x, Past::Bye { .. }));
                assert!(!had, "tournament {t} round {round}: a second bye for {b}");
            }
            assert_eq!(r.bye.is_some(), present.len() % 2 == 1);
            for p in &players {
                let want = usize::from(Some(p.number) != absent);
                assert_eq!(
                    seen[p.number as usize], want,
                    "tournament {t} round {round}: {}",
                    p.number
                );
            }
            let score = |p: &Player| p.score();
            for g in &r.pairs {
                let (a, b) = (&players[g.first as usize], &players[g.second as usize]);
                let met = a
                    .past
                    .iter()
                    .any(|x| matches!(x, Past::Game { opponent, .. } if *opponent == b.number));
                assert!(
                    !met,
                    "tournament {t} round {round}: {} and {} meet again",
                    a.number, b.number
                );
                let top = round == rounds && (score(a) > round - 1 || score(b) > round - 1);
                for (p, first) in [(a, true), (b, false)] {
                    let mut c = colours(p);
                    c.push(first);
                    let d: i32 = c.iter().map(|&x| if x { 1 } else { -1 }).sum();
                    let three = c.len() >= 3 && c[c.len() - 3..].iter().all(|&x| x == first);
                    assert!(
                        top || (d.abs() <= 2 && !three),
                        "tournament {t} round {round}: colours of {} would be {c:?}",
                        p.number
                    );
                }
            }
            // Play the round: the better rated wins two games in five, one
            // in five is drawn.
            for g in &r.pairs {
                let x = rng.below(5);
                let (hf, hs) = match x {
                    0 | 1 => (2, 0),
                    2 => (1, 1),
                    _ => (0, 2),
                };
                for (me, op, first, h) in [
                    (g.first, g.second, true, hf),
                    (g.second, g.first, false, hs),
                ] {
                    players[me as usize].past.push(Past::Game {
                        opponent: op,
                        first,
                        points: h,
                        played: true,
                    });
                }
            }
            if let Some(b) = r.bye {
                players[b as usize].past.push(Past::Bye { points: 2 });
            }
            if let Some(a) = absent {
                players[a as usize].past.push(Past::Absent { points: 0 });
            }
        }
    }
    assert!(rounds_checked > 400, "{rounds_checked} rounds");
}

#[test]
fn round_one_pairs_halves_with_alternating_colours_and_the_last_has_the_bye() {
    use tablero_ai::pairings::Pair;
    let players: Vec<Player> = (0..7)
        .map(|i| Player {
            number: i,
            rating: 2000 - i as i32,
            past: Vec::new(),
        })
        .collect();
    // Top half 0, 1, 2 against 3, 4, 5; 6 has the bye. The initial colour
    // (first seat) goes to FIDE's odd numbers of the top half: 0 and 2
    // (FIDE 1 and 3) sit first, 1 (FIDE 2) second.
    let r = pair(&players, 1, 5, true).unwrap();
    let p = |first, second| Pair { first, second };
    assert_eq!(r.pairs, vec![p(0, 3), p(4, 1), p(2, 5)]);
    assert_eq!(r.bye, Some(6));
    let r = pair(&players, 1, 5, false).unwrap();
    assert_eq!(r.pairs, vec![p(3, 0), p(1, 4), p(5, 2)]);
}
