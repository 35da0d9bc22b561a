//! The FIDE Dutch system (Handbook C.04.3) behind [`super::swiss::pair`].
//!
//! Round 1: the players in pairing-number order, the top half against the
//! bottom half (S1[i] against S2[i]); with an odd count the last player
//! has the bye.
//!
//! Later rounds, in the way of bbpPairings (FIDE-endorsed): one graph of all
//! players, an edge between two players who may meet (the absolute
//! criteria: no rematch; a colour for each that breaks neither the limit of
//! a colour difference of 2 nor three of a colour in a row, lifted in the
//! last round for a player above half the possible score). Its weight packs
//! the criteria most important first: a complete pairing, the bye among
//! those who may have it, as many games and as high scores as possible in
//! the bracket being paired, then in the next bracket, the bye's unplayed
//! games, the colour criteria, the float criteria (C.12–C.19), and low bits
//! for the order of S1/S2 and the exchanges. The brackets are paired top
//! down: a maximum-weight matching of maximum cardinality is found, the
//! moved-down players who play in the bracket and their opponents are
//! chosen, then the exchanges between S1 and S2 are settled player by
//! player (each choice nudging the weights and matching again), and the
//! games chosen are fixed before the next bracket.
//!
//! Scores are in half points. Colour preference (C.04.3 E): none before a
//! game; absolute after two games of a colour in a row or a difference of
//! 2; strong with a difference of 1; mild otherwise (the other colour than
//! the last game's).

use super::matching::max_weight_matching;
use super::swiss::{Past, Player};
use super::wide::Wide;

/// A round's float of one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    /// Met a lower score, or had the bye.
    Down,
    /// Met a higher score.
    Up,
    /// Neither.
    None,
}

/// Colour preference: the colour wanted, and how strongly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preference {
    /// `Some(true)` for the first seat, `Some(false)` for the second.
    pub first: Option<bool>,
    /// 0 none, 1 mild, 2 strong, 3 absolute.
    pub strength: u8,
}

/// What the pairing needs to know of a player, worked out from their past.
#[derive(Clone, Debug)]
pub struct State {
    /// Pairing number.
    pub number: u32,
    /// Half points.
    pub score: u32,
    /// Colours of the games played, in order (true: the first seat).
    pub colours: Vec<bool>,
    /// One float per earlier round.
    pub floats: Vec<Float>,
    /// Pairing-allocated byes had.
    pub byes: u32,
    /// Games won by forfeit.
    pub forfeit_wins: u32,
    /// Opponents met over the board.
    pub opponents: Vec<u32>,
}

impl State {
    /// Firsts minus seconds.
    pub fn difference(&self) -> i32 {
        self.colours.iter().map(|&c| if c { 1 } else { -1 }).sum()
    }

    fn repeated(&self) -> Option<bool> {
        match self.colours.as_slice() {
            [.., a, b] if a == b => Some(*b),
            _ => None,
        }
    }

    /// The colour preference (C.04.3 E).
    pub fn preference(&self) -> Preference {
        let Some(&last) = self.colours.last() else {
            return Preference {
                first: None,
                strength: 0,
            };
        };
        let d = self.difference();
        let first = if let Some(c) = self.repeated() {
            !c
        } else if d != 0 {
            d < 0
        } else {
            !last
        };
        let strength = if d.abs() >= 2 || self.repeated().is_some() {
            3
        } else if d.abs() == 1 {
            2
        } else {
            1
        };
        Preference {
            first: Some(first),
            strength,
        }
    }

    /// Whether taking `first` would break an absolute colour criterion.
    fn breaks_colour(&self, first: bool) -> bool {
        let d = self.difference() + if first { 1 } else { -1 };
        self.repeated() == Some(first) || d.abs() > 2
    }

    /// Whether the player may have the pairing-allocated bye: never twice,
    /// nor after a win by forfeit.
    pub fn may_have_bye(&self) -> bool {
        self.byes == 0 && self.forfeit_wins == 0
    }

    fn float_back(&self, k: usize) -> Float {
        self.floats
            .len()
            .checked_sub(k)
            .map_or(Float::None, |i| self.floats[i])
    }
}

/// Works out each player's state from the players' pasts; `others` are the
/// players not taking part in this round, whose pasts tell the floats of
/// the games against them.
pub fn states(players: &[Player], others: &[Player]) -> Vec<State> {
    let score_before = |p: &Player, r: usize| -> u32 {
        p.past[..r.min(p.past.len())]
            .iter()
            .map(|x| match *x {
                Past::Game { points, .. } | Past::Bye { points } | Past::Absent { points } => {
                    points
                }
            })
            .sum()
    };
    players
        .iter()
        .map(|p| {
            let mut s = State {
                number: p.number,
                score: p.score(),
                colours: Vec::new(),
                floats: Vec::new(),
                byes: 0,
                forfeit_wins: 0,
                opponents: Vec::new(),
            };
            for (r, x) in p.past.iter().enumerate() {
                let float = match *x {
                    Past::Game {
                        opponent,
                        first,
                        played: true,
                        ..
                    } => {
                        s.colours.push(first);
                        if !s.opponents.contains(&opponent) {
                            s.opponents.push(opponent);
                        }
                        match players.iter().chain(others).find(|o| o.number == opponent) {
                            Some(o) => {
                                let (me, them) = (score_before(p, r), score_before(o, r));
                                if me > them {
                                    Float::Down
                                } else if me < them {
                                    Float::Up
                                } else {
                                    Float::None
                                }
                            }
                            None => Float::None,
                        }
                    }
                    Past::Game {
                        played: false,
                        points,
                        ..
                    } => {
                        if points >= 2 {
                            s.forfeit_wins += 1;
                            Float::Down
                        } else {
                            Float::None
                        }
                    }
                    Past::Bye { .. } => {
                        s.byes += 1;
                        Float::Down
                    }
                    Past::Absent { .. } => Float::None,
                };
                s.floats.push(float);
            }
            s
        })
        .collect()
}

/// The round being paired.
#[derive(Clone, Copy, Debug)]
pub struct Context {
    /// 1-based round.
    pub round: u32,
    /// Rounds in the tournament.
    pub rounds: u32,
    /// Pairing number 0's first-round colour.
    pub first_seat_for_top: bool,
}

impl Context {
    fn last_round(&self) -> bool {
        self.round >= self.rounds
    }

    /// The absolute criteria: `a` and `b` may meet.
    pub fn may_meet(&self, a: &State, b: &State) -> bool {
        if a.number == b.number || a.opponents.contains(&b.number) {
            return false;
        }
        let colour_ok = [true, false]
            .iter()
            .any(|&f| !a.breaks_colour(f) && !b.breaks_colour(!f));
        // In the last round the colour limits are lifted for a topscorer
        // (more than half the possible score so far).
        colour_ok || (self.last_round() && (a.score > self.round - 1 || b.score > self.round - 1))
    }

    /// Who of `a` and `b` (indices into `states`) takes the first seat
    /// (C.04.3 E.1–E.5): returns (first, second).
    pub fn colours(&self, states: &[State], a: usize, b: usize) -> (usize, usize) {
        let (pa, pb) = (states[a].preference(), states[b].preference());
        let give = |x: usize, first: bool| {
            let y = if x == a { b } else { a };
            if first {
                (x, y)
            } else {
                (y, x)
            }
        };
        // E.1: both preferences granted.
        if let (Some(fa), Some(fb)) = (pa.first, pb.first) {
            if fa != fb {
                return give(a, fa);
            }
        }
        // E.2: the stronger preference; both as strong and alike: the wider
        // colour difference.
        if pa.strength != pb.strength {
            let (x, p) = if pa.strength > pb.strength {
                (a, pa)
            } else {
                (b, pb)
            };
            if let Some(f) = p.first {
                return give(x, f);
            }
        } else if let (true, Some(f)) = (pa.strength > 0 && pa.first == pb.first, pa.first) {
            let (da, db) = (states[a].difference(), states[b].difference());
            if da != db {
                // the one further from their preference gets it
                let a_gets = if f { da < db } else { da > db };
                return give(if a_gets { a } else { b }, f);
            }
        }
        // E.3: alternate from the latest round where they differed.
        let (ca, cb) = (&states[a].colours, &states[b].colours);
        for (x, y) in ca.iter().rev().zip(cb.iter().rev()) {
            if x != y {
                return give(a, !x);
            }
        }
        // E.4: the higher ranked player's preference.
        let (hi, ph) = if states[a].number < states[b].number {
            (a, pa)
        } else {
            (b, pb)
        };
        if let Some(f) = ph.first {
            return give(hi, f);
        }
        // E.5: by pairing number and the initial colour (FIDE's numbers are
        // 1-based: our even numbers are FIDE's odd ones).
        let odd = states[hi].number % 2 == 0;
        give(hi, odd == self.first_seat_for_top)
    }
}

/// A round's games (two indices each) and its bye.
pub type Pairing = (Vec<(usize, usize)>, Option<usize>);

/// Games, and the players left out.
type Partial = (Vec<(usize, usize)>, Vec<usize>);

/// Pairs a round: the games (indices into `states`) and the bye, or `None`
/// when no pairing satisfies the absolute criteria.
pub fn pair_round(states: &[State], ctx: &Context) -> Option<Pairing> {
    let n = states.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(states[i].score), states[i].number));
    if ctx.round == 1 {
        let half = n / 2;
        let pairs = (0..half).map(|i| (order[i], order[half + i])).collect();
        return Some((pairs, (n % 2 == 1).then(|| order[n - 1])));
    }
    let sorted: Vec<&State> = order.iter().map(|&i| &states[i]).collect();
    let (pairs, rest) = Brackets::new(&sorted, ctx).run();
    let (pairs, rest) = if rest.len() >= 2 {
        fallback(&sorted, ctx)?
    } else {
        (pairs, rest)
    };
    Some((
        pairs
            .into_iter()
            .map(|(a, b)| (order[a], order[b]))
            .collect(),
        rest.first().map(|&r| order[r]),
    ))
}

/// When the bracket-by-bracket pairing leaves several players out: any
/// pairing that satisfies the absolute criteria, by a matching of maximum
/// cardinality, the best ranked first.
fn fallback(sorted: &[&State], ctx: &Context) -> Option<Partial> {
    let n = sorted.len();
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if ctx.may_meet(sorted[i], sorted[j]) {
                edges.push((i, j, Wide::from_i64((2 * n - i - j) as i64)));
            }
        }
    }
    let m = max_weight_matching(n, &edges);
    let pairs: Vec<(usize, usize)> = (0..n)
        .filter_map(|i| m[i].filter(|&j| j > i).map(|j| (i, j)))
        .collect();
    let rest: Vec<usize> = (0..n).filter(|&i| m[i].is_none()).collect();
    (rest.len() <= 1).then_some((pairs, rest))
}

fn bits(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

/// The bracket-by-bracket pairing of rounds after the first.
struct Brackets<'a> {
    sorted: &'a [&'a State],
    ctx: &'a Context,
    n: usize,
    /// Field width for counts.
    b: u32,
    /// Field width for score sums.
    sb: u32,
    /// Start of each score group in `sorted`, and its end.
    groups: Vec<(usize, usize)>,
    /// Each score's bit, lowest score lowest.
    shift: std::collections::HashMap<u32, u32>,
    group_bits: u32,
    bye_candidates: Option<Vec<bool>>,
    bye_score: Option<u32>,
    single_downfloater_bye: bool,
    unplayed_ranks: std::collections::HashMap<usize, usize>,
    weights: Vec<Vec<Wide>>,
}

impl<'a> Brackets<'a> {
    fn new(sorted: &'a [&'a State], ctx: &'a Context) -> Self {
        let n = sorted.len();
        let mut groups = Vec::new();
        let mut i = 0;
        while i < n {
            let mut j = i + 1;
            while j < n && sorted[j].score == sorted[i].score {
                j += 1;
            }
            groups.push((i, j));
            i = j;
        }
        let mut shift = std::collections::HashMap::new();
        let mut total = 0;
        let mut biggest = 0;
        for &(s, e) in groups.iter().rev() {
            shift.insert(sorted[s].score, total);
            total += bits(e - s).max(1);
            biggest = biggest.max(e - s);
        }
        let mut me = Brackets {
            sorted,
            ctx,
            n,
            b: 8.max(bits(n) + 3),
            sb: total,
            groups,
            shift,
            group_bits: bits(biggest).max(1),
            bye_candidates: None,
            bye_score: None,
            single_downfloater_bye: false,
            unplayed_ranks: Default::default(),
            weights: vec![vec![Wide::ZERO; n]; n],
        };
        if n % 2 == 1 {
            me.choose_bye_score();
        }
        me
    }

    fn can(&self, i: usize, j: usize) -> bool {
        self.ctx.may_meet(self.sorted[i], self.sorted[j])
    }

    fn is_bye_candidate(&self, i: usize) -> bool {
        self.bye_candidates.as_ref().is_some_and(|c| c[i])
    }

    /// With an odd count: who may have the bye, and at which score the bye
    /// falls (a first, coarse matching of complete pairing and scores).
    fn choose_bye_score(&mut self) {
        let n = self.n;
        let any = (0..n).any(|i| self.sorted[i].may_have_bye());
        self.bye_candidates = Some(
            (0..n)
                .map(|i| !any || self.sorted[i].may_have_bye())
                .collect(),
        );
        let top = self.sorted[0].score;
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if !self.can(i, j) {
                    continue;
                }
                let complete =
                    1 + i64::from(!self.is_bye_candidate(i)) + i64::from(!self.is_bye_candidate(j));
                let groups = i64::from(self.shift[&self.sorted[i].score])
                    + i64::from(self.shift[&self.sorted[j].score]);
                let w = (((Wide::from_i64(complete) << self.sb) | Wide::from_i64(groups))
                    << self.group_bits)
                    | Wide::from_i64(i64::from(self.sorted[j].score >= top));
                edges.push((i, j, w));
            }
        }
        let m = max_weight_matching(n, &edges);
        let bye_score = (0..n)
            .find(|&i| m[i].is_none())
            .map_or(top, |i| self.sorted[i].score);
        self.bye_score = Some(bye_score);
        if let Some(c) = self.bye_candidates.as_mut() {
            for (i, slot) in c.iter_mut().enumerate() {
                *slot = *slot && self.sorted[i].score <= bye_score;
            }
        }
        self.single_downfloater_bye = bye_score >= top
            && (0..n)
                .take_while(|&i| self.sorted[i].score >= top)
                .all(|i| m[i].is_none_or(|j| self.sorted[j].score >= top));
        let mut played: Vec<usize> = (0..n)
            .filter(|&i| self.sorted[i].score == bye_score)
            .map(|i| self.sorted[i].opponents.len())
            .collect();
        played.sort_by(|a, b| b.cmp(a));
        for (rank, p) in played.into_iter().enumerate() {
            self.unplayed_ranks.insert(p, rank);
        }
    }

    fn score_bits(&self, score: u32) -> Wide {
        match self.shift.get(&score) {
            Some(&s) => Wide::from_i64(1) << s,
            None => Wide::from_i64(i64::from(score) + 1),
        }
    }

    /// The weight of a game between `hi` (better ranked) and `lo`, as a
    /// game of the bracket being paired (`current`), of the next one
    /// (`next`), or neither (only the complete pairing and the bye count).
    fn weight(&self, hi: usize, lo: usize, current: bool, next: bool) -> Wide {
        if !self.can(hi, lo) {
            return Wide::ZERO;
        }
        let (p1, p2) = (self.sorted[hi], self.sorted[lo]);
        let (b, sb) = (self.b, self.sb);
        let played = self.ctx.round - 1;
        let mut w = Wide::ZERO;
        let mut at = 0u32;
        let mut put = |w: &mut Wide, v: Wide, width: u32, on: bool| {
            if on {
                *w = *w | (v << at);
            }
            at += width;
        };
        let one = |x: bool| Wide::from_i64(i64::from(x));
        let small = |x: i64| Wide::from_i64(x);
        put(&mut w, Wide::ZERO, 3 * b + 1, false); // S1/S2 order and exchanges
        let up_again = |k| p2.float_back(k) == Float::Up && p1.score > p2.score;
        let down_again = |k| {
            i64::from(p2.float_back(k) == Float::Down)
                + i64::from(p1.float_back(k) == Float::Down && p1.score <= p2.score)
        };
        let down_scores = |k| {
            let mut v = Wide::ZERO;
            if p2.float_back(k) == Float::Down {
                v = v + self.score_bits(p2.score);
            }
            if p1.float_back(k) == Float::Down {
                v = v + self.score_bits(p1.score);
            }
            v
        };
        // C.19/C.18 (two rounds back), C.17/C.16 (the last round): scores.
        for k in [2usize, 1] {
            if played as usize >= k {
                let up = if up_again(k) {
                    Wide::ZERO
                } else {
                    self.score_bits(p1.score)
                };
                put(&mut w, up, sb, current);
                put(&mut w, down_scores(k), sb, current);
            }
        }
        // C.15/C.14, C.13/C.12: counts.
        for k in [2usize, 1] {
            if played as usize >= k {
                put(&mut w, one(!up_again(k)), b, current);
                put(&mut w, small(down_again(k)), b, current);
            }
        }
        // Colours.
        let (c1, c2) = (p1.preference(), p2.preference());
        let same = c1.first.is_some() && c1.first == c2.first;
        put(
            &mut w,
            one(!(same
                && c1.strength >= 2
                && c2.strength >= 2
                && !(c1.strength == 3 && c2.strength == 3))),
            b,
            current,
        );
        put(&mut w, one(!same), b, current);
        let absolute = {
            let mut ok = true;
            if c1.strength == 3 && c2.strength == 3 && c1.first == c2.first {
                let (d1, d2) = (p1.difference().abs(), p2.difference().abs());
                let (r1, r2) = (p1.repeated(), p2.repeated());
                if d1 == d2 {
                    ok = r2.is_none() || r2 != r1;
                } else {
                    let lower = if d2 > d1 { r1 } else { r2 };
                    ok = !(lower.is_some() && lower == c2.first.map(|f| !f));
                }
            }
            ok
        };
        put(&mut w, one(absolute), b, current);
        put(
            &mut w,
            one(!(p1.difference().abs() >= 2 && p2.difference().abs() >= 2 && same)),
            b,
            current,
        );
        // C.9: the bye's receiver has played as many games as possible.
        let mut c9 = 0i64;
        if self.single_downfloater_bye {
            if let Some(bs) = self.bye_score {
                for p in [p1, p2] {
                    if p.score == bs {
                        c9 += *self.unplayed_ranks.get(&p.opponents.len()).unwrap_or(&0) as i64;
                    }
                }
            }
        }
        put(&mut w, small(c9), 2 * b, true);
        put(&mut w, one(true), b, next);
        put(&mut w, self.score_bits(p1.score), sb, next);
        put(&mut w, one(true), b, current);
        put(&mut w, self.score_bits(p1.score), sb, current);
        let complete = match &self.bye_candidates {
            Some(_) => {
                1 + i64::from(!self.is_bye_candidate(hi)) + i64::from(!self.is_bye_candidate(lo))
            }
            None => 3,
        };
        put(&mut w, small(complete), 2, true);
        w
    }

    fn set(&mut self, i: usize, j: usize, w: Wide) {
        self.weights[i][j] = w;
        self.weights[j][i] = w;
    }

    fn matching(&self) -> Vec<usize> {
        let mut edges = Vec::new();
        for i in 0..self.n {
            for j in i + 1..self.n {
                if self.weights[i][j] > Wide::ZERO {
                    edges.push((i, j, self.weights[i][j]));
                }
            }
        }
        max_weight_matching(self.n, &edges)
            .into_iter()
            .enumerate()
            .map(|(i, m)| m.unwrap_or(i))
            .collect()
    }

    /// Fixes the game `a`–`b`: every other edge of theirs is removed.
    fn fix(&mut self, a: usize, b: usize) {
        for k in 0..self.n {
            if k != b {
                self.set(a, k, Wide::ZERO);
            }
            if k != a {
                self.set(b, k, Wide::ZERO);
            }
        }
        self.set(a, b, Wide::from_i64(1));
    }

    fn run(mut self) -> Partial {
        let n = self.n;
        for i in 0..n {
            for j in i + 1..n {
                let w = self.weight(i, j, false, false);
                self.set(i, j, w);
            }
        }
        let mut matched = vec![false; n];
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        let mut bracket: Vec<usize> = (self.groups[0].0..self.groups[0].1).collect();
        let mut next_group = 1;
        let mut residents_from = 0; // bracket[..residents_from] moved down
        let mut previous: Vec<usize> = Vec::new();
        while bracket.len() > 1 || next_group < self.groups.len() {
            let residents_to = bracket.len();
            let loaded = next_group < self.groups.len();
            let bracket_score = if loaded {
                let (s, e) = self.groups[next_group];
                bracket.extend(s..e);
                next_group += 1;
                self.sorted[s].score
            } else {
                self.sorted[*bracket.last().unwrap()].score
            };
            let local = bracket.len();
            let resident =
                |g: usize, bracket: &[usize]| bracket[residents_from..residents_to].contains(&g);
            // base[li][lj], lj < li: the game's weight in this bracket.
            let mut base = vec![vec![Wide::ZERO; local]; local];
            for li in residents_from..local {
                for lj in 0..li {
                    let w = self.weight(
                        bracket[lj],
                        bracket[li],
                        li < residents_to,
                        li >= residents_to,
                    );
                    base[li][lj] = w;
                    self.set(bracket[li], bracket[lj], w);
                }
            }
            let b = self.b;
            let exchange_weight =
                |base: &Vec<Vec<Wide>>, lo: usize, hi: usize, rank: usize, upper: usize| {
                    let w = base[hi][lo];
                    if w == Wide::ZERO {
                        return w;
                    }
                    let addend = ((Wide::from_i64(i64::from(rank < upper)) << (2 * b))
                        - Wide::from_i64(rank as i64))
                        << 1;
                    w + addend
                };
            let mut stable = self.matching();

            // The moved-down players who play in this bracket.
            let mut moved_score = 0;
            let mut left = 0usize;
            let mut left_matched = 0usize;
            for li in 0..residents_from {
                let g = bracket[li];
                if li == 0 || self.sorted[g].score < moved_score {
                    moved_score = self.sorted[g].score;
                    left = 0;
                    left_matched = 0;
                    for &m in &bracket[li..residents_from] {
                        if self.sorted[m].score < moved_score {
                            break;
                        }
                        left += 1;
                        if stable[m] != m && resident(stable[m], &bracket) {
                            left_matched += 1;
                        }
                    }
                }
                if left_matched == 0 {
                    continue;
                }
                if left <= left_matched {
                    matched[g] = true;
                    left -= 1;
                    continue;
                }
                left -= 1;
                if !(stable[g] != g && resident(stable[g], &bracket)) {
                    for rli in residents_from..residents_to {
                        let w = base[rli][li];
                        if w != Wide::ZERO {
                            self.set(g, bracket[rli], w | Wide::from_i64(1));
                        }
                    }
                    stable = self.matching();
                }
                if stable[g] != g && resident(stable[g], &bracket) {
                    matched[g] = true;
                    left_matched -= 1;
                    let size = Wide::from_i64((residents_to - residents_from) as i64);
                    for rli in residents_from..residents_to {
                        let w = base[rli][li];
                        if w != Wide::ZERO {
                            self.set(g, bracket[rli], (w | size) + Wide::from_i64(1));
                        }
                    }
                }
            }
            // Their opponents, the best moved-down player first.
            let mut fixed: Vec<usize> = Vec::new();
            for li in 0..residents_from {
                let g = bracket[li];
                if !matched[g] || fixed.contains(&g) {
                    continue;
                }
                let mut addend = local as i64;
                for rli in (residents_from..residents_to).rev() {
                    let r = bracket[rli];
                    if matched[r] {
                        continue;
                    }
                    let w = base[rli][li];
                    if w != Wide::ZERO {
                        self.set(g, r, w + Wide::from_i64(addend));
                        addend += 1;
                    }
                }
                stable = self.matching();
                let m = stable[g];
                if m != g {
                    matched[m] = true;
                    self.fix(g, m);
                    fixed.push(g);
                    fixed.push(m);
                } else {
                    matched[g] = false;
                }
            }
            // The residents left: S1 and S2, and the exchanges between them.
            let moved: Vec<usize> = bracket[..residents_from].to_vec();
            let mut rem: Vec<usize> = Vec::new();
            let mut upper = 0usize;
            for (li, &g) in bracket
                .iter()
                .enumerate()
                .take(residents_to)
                .skip(residents_from)
            {
                let p = stable[g];
                if p != g && moved.contains(&p) {
                    continue;
                }
                rem.push(li);
                if p != g && p < g {
                    upper += 1;
                }
            }
            if upper > rem.len() {
                upper = rem.len() / 2;
            }
            let in_upper_pair = |stable: &Vec<usize>, g: usize, bracket: &[usize]| {
                stable[g] != g && stable[g] > g && resident(stable[g], bracket)
            };
            if rem.len() >= 2 {
                for (oi, &opp) in rem.iter().enumerate() {
                    for (rank, &pl) in rem[..oi].iter().enumerate() {
                        let w = exchange_weight(&base, pl, opp, rank, upper);
                        self.set(bracket[pl], bracket[opp], w);
                    }
                }
                stable = self.matching();
                let exchanges = rem[..upper]
                    .iter()
                    .filter(|&&li| !in_upper_pair(&stable, bracket[li], &bracket))
                    .count();
                // S1 players who go to S2, the lowest first.
                let mut remaining = exchanges;
                let mut rank = upper;
                for scan in (0..upper).rev() {
                    if remaining == 0 {
                        break;
                    }
                    rank -= 1;
                    let li = rem[scan];
                    let g = bracket[li];
                    if in_upper_pair(&stable, g, &bracket) {
                        for &opp in &rem[scan + 1..] {
                            let w = exchange_weight(&base, li, opp, rank, upper);
                            if w != Wide::ZERO {
                                self.set(g, bracket[opp], w - Wide::from_i64(1));
                            }
                        }
                        stable = self.matching();
                    }
                    let exchanged = !in_upper_pair(&stable, g, &bracket);
                    if exchanged {
                        remaining -= 1;
                    }
                    for &opp in &rem[scan + 1..] {
                        if exchanged {
                            base[opp][li] = Wide::ZERO;
                        }
                        let w = exchange_weight(&base, li, opp, rank, upper);
                        self.set(g, bracket[opp], w);
                    }
                }
                // S2 players who go to S1, the highest first.
                let mut remaining = exchanges;
                let mut rank = upper;
                for scan in upper..rem.len() {
                    if remaining <= 1 {
                        break;
                    }
                    let li = rem[scan];
                    let g = bracket[li];
                    let already = in_upper_pair(&stable, g, &bracket);
                    if !already {
                        for &opp in &rem[scan + 1..] {
                            let w = exchange_weight(&base, li, opp, rank, upper);
                            if w != Wide::ZERO {
                                self.set(g, bracket[opp], w + Wide::from_i64(1));
                            }
                        }
                        stable = self.matching();
                    }
                    if in_upper_pair(&stable, g, &bracket) {
                        remaining -= 1;
                        for (oi, &opp) in rem.iter().enumerate() {
                            if opp == li || oi >= scan {
                                continue;
                            }
                            if opp < li {
                                base[li][opp] = Wide::ZERO;
                            } else {
                                base[opp][li] = Wide::ZERO;
                            }
                            self.set(g, bracket[opp], Wide::ZERO);
                        }
                        for nli in residents_to..local {
                            base[nli][li] = Wide::ZERO;
                            self.set(g, bracket[nli], Wide::ZERO);
                        }
                    }
                    if !already {
                        for &opp in &rem[scan + 1..] {
                            let w = exchange_weight(&base, li, opp, rank, upper);
                            self.set(g, bracket[opp], w);
                        }
                    }
                    rank += 1;
                }
                // Only S1-to-S2 games are left.
                for (pi, &pl) in rem.iter().enumerate() {
                    for &opp in &rem[pi + 1..] {
                        let (pg, og) = (bracket[pl], bracket[opp]);
                        if !in_upper_pair(&stable, pg, &bracket)
                            || in_upper_pair(&stable, og, &bracket)
                        {
                            base[opp][pl] = Wide::ZERO;
                        }
                        self.set(pg, og, base[opp][pl]);
                    }
                }
            }
            // The S1 players' opponents, in order.
            for &pl in &rem {
                let g = bracket[pl];
                if !in_upper_pair(&stable, g, &bracket) {
                    continue;
                }
                let mut addend = 0i64;
                for &opp in rem.iter().rev() {
                    if opp <= pl || matched[bracket[opp]] {
                        continue;
                    }
                    let w = base[opp][pl];
                    if w != Wide::ZERO {
                        self.set(g, bracket[opp], w + Wide::from_i64(addend));
                    }
                    addend += 1;
                }
                stable = self.matching();
                let m = stable[g];
                if m != g {
                    matched[g] = true;
                    matched[m] = true;
                    self.fix(g, m);
                }
            }
            // On to the next bracket with whoever is left.
            self.single_downfloater_bye =
                n % 2 == 1 && loaded && self.bye_score.is_some_and(|s| s >= bracket_score);
            let mut carried = Vec::new();
            let mut carried_moved = 0;
            for (li, &g) in bracket.iter().enumerate() {
                if li < residents_to && matched[g] && stable[g] != g {
                    let m = stable[g];
                    let pair = if self.sorted[g].number < self.sorted[m].number {
                        (g, m)
                    } else {
                        (m, g)
                    };
                    if !pairs.iter().any(|&(a, b)| (a, b) == pair || (b, a) == pair) {
                        pairs.push(pair);
                    }
                    continue;
                }
                carried.push(g);
                if li < residents_to {
                    carried_moved += 1;
                }
                if self.single_downfloater_bye
                    && (!matched[g] || li >= residents_to)
                    && stable[g] != g
                    && self.sorted[stable[g]].score < bracket_score
                {
                    self.single_downfloater_bye = false;
                }
            }
            bracket = carried;
            residents_from = carried_moved;
            if next_group >= self.groups.len() && bracket == previous {
                break;
            }
            previous = bracket.clone();
        }
        let paired: Vec<bool> = {
            let mut v = vec![false; n];
            for &(a, b) in &pairs {
                v[a] = true;
                v[b] = true;
            }
            v
        };
        let rest = (0..n).filter(|&i| !paired[i]).collect();
        (pairs, rest)
    }
}
