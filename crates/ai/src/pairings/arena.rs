//! The arena's pairing (as lichess's arenas): whoever is free is paired
//! again at once with someone free near their score, avoiding the last
//! opponent when another is free; and the arena's scoring: 2 points a win,
//! 1 a draw, doubled while on a streak of two wins or more.

use super::Pair;

/// A player waiting for a game in an arena.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting {
    /// The player's id in the tournament.
    pub id: u32,
    /// Arena points so far.
    pub score: u32,
    /// Rating, to break ties between equal scores.
    pub rating: i32,
    /// The last opponent, to avoid at once when possible.
    pub last_opponent: Option<u32>,
    /// Whether the player had the first seat last game (seats alternate).
    pub last_first: Option<bool>,
}

/// Pairs the waiting players: sorted by score then rating, each paired with
/// the nearest free one that was not their last opponent (the last opponent
/// only when nobody else is free). An odd one out waits for the next call.
pub fn pair(waiting: &[Waiting]) -> Vec<Pair> {
    let mut order: Vec<&Waiting> = waiting.iter().collect();
    order.sort_by_key(|w| {
        (
            std::cmp::Reverse(w.score),
            std::cmp::Reverse(w.rating),
            w.id,
        )
    });
    let mut taken = vec![false; order.len()];
    let mut pairs = Vec::new();
    for i in 0..order.len() {
        if taken[i] {
            continue;
        }
        let free = (i + 1..order.len()).filter(|&j| !taken[j]);
        let pick = free
            .clone()
            .find(|&j| order[i].last_opponent != Some(order[j].id))
            .or_else(|| free.clone().next());
        let Some(j) = pick else { continue };
        taken[i] = true;
        taken[j] = true;
        let (a, b) = (order[i], order[j]);
        // The one who had the first seat last time takes the second now.
        let a_first = match (a.last_first, b.last_first) {
            (Some(true), _) => false,
            (_, Some(true)) => true,
            (Some(false), _) => true,
            _ => a.id < b.id,
        };
        pairs.push(if a_first {
            Pair {
                first: a.id,
                second: b.id,
            }
        } else {
            Pair {
                first: b.id,
                second: a.id,
            }
        });
    }
    pairs
}

/// Arena points for a finished game given the player's results before it
/// (newest last, `2` win, `1` draw, `0` loss, in half points): a win is 2,
/// a draw 1, a loss 0, each doubled while on a streak (the two previous
/// games won).
pub fn points(previous: &[u32], result: u32) -> u32 {
    let streak = previous.len() >= 2 && previous[previous.len() - 2..].iter().all(|&r| r == 2);
    let base = result; // half points are arena points: 2 a win, 1 a draw
    if streak {
        base * 2
    } else {
        base
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_streak_doubles_from_the_third_win() {
        assert_eq!(points(&[], 2), 2);
        assert_eq!(points(&[2], 2), 2);
        assert_eq!(points(&[2, 2], 2), 4);
        assert_eq!(points(&[2, 2], 1), 2);
        assert_eq!(points(&[2, 2, 1], 2), 2);
    }

    #[test]
    fn the_last_opponent_is_avoided_when_another_is_free() {
        let w = |id, score, last| Waiting {
            id,
            score,
            rating: 1500,
            last_opponent: last,
            last_first: None,
        };
        let pairs = pair(&[w(1, 10, Some(2)), w(2, 9, Some(1)), w(3, 8, None)]);
        assert_eq!(pairs.len(), 1);
        assert!(!(pairs[0].first == 2 && pairs[0].second == 1));
        assert!(!(pairs[0].first == 1 && pairs[0].second == 2));
    }
}
