//! Self-play surveys: the work units, the games, and the figures measured
//! on each game.
//!
//! A survey plays, for every variant and every match-up (a pair of player
//! specs), a number of colour-swapped pairs of games. A pair is one work
//! unit: its random opening and its players' seeds come from
//! `(seed, variant, match-up, pair)` alone, so the results do not depend on
//! the number of threads or workers, nor on the order units are played in.

use crate::games::{first_player, LabGame};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};
use tablero_ai::{parse_spec, spec_level, Bot, Limits};
use tablero_core::{
    id, mix64, Game, History, Localize, Message, MoveBuf, Outcome, Player, Reason, Record,
};

/// Two player specs that meet in a survey: A and B.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Matchup {
    /// Player A's spec (plays first in the first game of each pair).
    pub a: String,
    /// Player B's spec.
    pub b: String,
}

/// What a survey plays. Two surveys with equal configurations play the
/// same games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SurveyConfig {
    /// The game's name (`dimensiones`, ...).
    pub game: String,
    /// The variants, as text the game reads back.
    pub variants: Vec<String>,
    /// The match-ups played on every variant.
    pub matchups: Vec<Matchup>,
    /// Colour-swapped pairs per variant and match-up.
    pub pairs: u32,
    /// Random plies before each pair's games.
    pub openings: u32,
    /// The survey's seed.
    pub seed: u64,
    /// The skill ladder's levels, weakest first, when the survey is a
    /// ladder (its match-ups are then the neighbouring levels).
    #[serde(default)]
    pub ladder: Vec<u8>,
}

/// One work unit: a pair of games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct UnitKey {
    /// Index into [`SurveyConfig::variants`].
    pub variant: u32,
    /// Index into [`SurveyConfig::matchups`].
    pub matchup: u32,
    /// The pair, from 0.
    pub pair: u32,
}

impl SurveyConfig {
    /// A survey of `pairs` colour-swapped pairs of `spec` against itself on
    /// one variant, after 2 random opening plies, seed 1: the set-up of the
    /// lab's throughput benchmarks.
    #[must_use]
    pub fn self_play(game: &str, variant: &str, spec: &str, pairs: u32) -> Self {
        Self {
            game: game.to_string(),
            variants: vec![variant.to_string()],
            matchups: vec![Matchup {
                a: spec.to_string(),
                b: spec.to_string(),
            }],
            pairs,
            openings: 2,
            seed: 1,
            ladder: Vec::new(),
        }
    }

    /// Every unit, in order.
    #[must_use]
    pub fn units(&self) -> Vec<UnitKey> {
        let mut out = Vec::new();
        for variant in 0..self.variants.len() as u32 {
            for matchup in 0..self.matchups.len() as u32 {
                for pair in 0..self.pairs {
                    out.push(UnitKey {
                        variant,
                        matchup,
                        pair,
                    });
                }
            }
        }
        out
    }

    /// The seed of a unit: a hash of the survey's seed, the variant's text,
    /// the match-up's specs and the pair number.
    #[must_use]
    pub fn unit_seed(&self, key: UnitKey) -> u64 {
        let m = &self.matchups[key.matchup as usize];
        let mut h = mix64(self.seed ^ 0x6c61_625f_7365_6564);
        h = mix64(h ^ text_hash(&self.variants[key.variant as usize]));
        h = mix64(h ^ text_hash(&m.a));
        h = mix64(h ^ text_hash(&m.b).rotate_left(17));
        mix64(h ^ u64::from(key.pair))
    }
}

/// FNV-1a of a text.
fn text_hash(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// How a game ended, seen from the seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Result3 {
    /// The first player (who moves first from the variant's start) won.
    First,
    /// The second player won.
    Second,
    /// Drawn.
    Draw,
}

/// The figures of one game, as stored and as summed up in the report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRow {
    /// The unit.
    pub unit: UnitKey,
    /// 0: A sits first; 1: B sits first.
    pub game: u32,
    /// The result.
    pub result: Result3,
    /// Why the game ended (`goal`, `move-cap`, `repetition`, ...).
    pub reason: String,
    /// Plies in the whole game, the opening included.
    pub plies: u32,
    /// Random opening plies at its start.
    pub opening: u32,
    /// Mean number of legal moves over the positions where a move was made.
    pub branching: f64,
    /// Times the lead passed from one player to the other.
    pub lead_changes: u32,
    /// For a won game: the ply after which the winner led to the end,
    /// divided by the game's length (0: led from the start; near 1: took the
    /// lead only at the end).
    pub decided_at: Option<f64>,
    /// For a won game: the mean, over the positions after each move, of how
    /// far the winner trailed (0 when it never trailed; at most 1).
    pub drama: Option<f64>,
    /// The share of the board's cells that had a piece on them at some
    /// point of the game.
    pub coverage: f64,
    /// Whether a move cap ended the game.
    pub capped: bool,
    /// The record's file, relative to the report folder.
    pub record_file: String,
    /// The record's text (kept in the store, not in the JSON figures).
    #[serde(skip)]
    pub record: String,
}

/// The scale of the evaluation: an advantage of `EVAL_SCALE` (in the
/// evaluation's hundredths of a piece) counts as tanh(1) = 0.76 of a sure
/// win in the drama figure.
pub const EVAL_SCALE: f64 = 200.0;

/// The figures measured on one finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct Metrics {
    /// Plies played.
    pub plies: u32,
    /// See [`GameRow::branching`].
    pub branching: f64,
    /// See [`GameRow::lead_changes`].
    pub lead_changes: u32,
    /// See [`GameRow::decided_at`].
    pub decided_at: Option<f64>,
    /// See [`GameRow::drama`].
    pub drama: Option<f64>,
    /// See [`GameRow::coverage`].
    pub coverage: f64,
}

/// The evaluation of a position from `view`'s side: the game's static
/// evaluation where the game goes on, ±1,000,000 or 0 at the end.
fn eval_for<G: LabGame>(pos: &G, over: Option<Outcome>, view: Player) -> f64 {
    match over {
        Some(o) => match o.winner {
            Some(w) if w == view => 1e6,
            Some(_) => -1e6,
            None => 0.0,
        },
        None => {
            let e = f64::from(pos.evaluate());
            if pos.side_to_move() == view {
                e
            } else {
                -e
            }
        }
    }
}

/// Measures a finished game (see docs/lab.md for every formula).
#[must_use]
pub fn game_metrics<G: LabGame>(h: &History<G>) -> Metrics {
    let positions = h.positions();
    let outcome = h.outcome();
    let n = h.moves().len();
    let first = positions[0].side_to_move();
    let mut moves = G::MoveList::default();
    // Branching: positions where a move was made.
    let mut total = 0u64;
    for p in &positions[..n] {
        p.legal_moves(&mut moves);
        total += moves.as_slice().len() as u64;
    }
    let branching = if n == 0 { 0.0 } else { total as f64 / n as f64 };
    // The evaluation after every move, from the first player's side; the
    // last position is valued by the game's result.
    let evals: Vec<f64> = (1..=n)
        .map(|i| {
            let over = if i == n { outcome } else { None };
            eval_for(&positions[i], over, first)
        })
        .collect();
    let mut lead_changes = 0;
    let mut leader = 0i8;
    for &e in &evals {
        let s = if e > 0.0 {
            1
        } else if e < 0.0 {
            -1
        } else {
            0
        };
        if s != 0 {
            if leader != 0 && s != leader {
                lead_changes += 1;
            }
            leader = s;
        }
    }
    let (mut decided_at, mut drama) = (None, None);
    if let Some(w) = outcome.and_then(|o| o.winner) {
        if n > 0 {
            let sign = if w == first { 1.0 } else { -1.0 };
            // The ply after which the winner led to the end.
            let mut k = n;
            while k > 0 && evals[k - 1] * sign > 0.0 {
                k -= 1;
            }
            // evals[k..] all favour the winner; the lead was taken by ply k+1.
            decided_at = Some(k as f64 / n as f64);
            let trailing: f64 = evals[..n - 1]
                .iter()
                .map(|&e| (-(e * sign / EVAL_SCALE).tanh()).max(0.0))
                .sum();
            drama = Some(if n > 1 {
                trailing / (n - 1) as f64
            } else {
                0.0
            });
        }
    }
    let cells = G::cells(positions[0].variant()).max(1);
    let seen = positions.iter().fold(0u128, |m, p| m | p.occupied());
    Metrics {
        plies: n as u32,
        branching,
        lead_changes,
        decided_at,
        drama,
        coverage: f64::from(seen.count_ones().min(cells)) / f64::from(cells),
    }
}

/// A random opening of up to `plies` plies from `start`, as a history: the
/// first try whose opening does not end the game, else no opening.
#[must_use]
pub fn opening<G: Game>(start: &G, plies: u32, seed: u64) -> History<G> {
    let mut moves = G::MoveList::default();
    for attempt in 0..16u64 {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(mix64(seed ^ attempt));
        let mut h = History::new(start.clone());
        for _ in 0..plies {
            if h.is_over() {
                break;
            }
            h.current().legal_moves(&mut moves);
            let m = moves.as_slice();
            if m.is_empty() {
                break;
            }
            if h.play(m[rng.gen_range(0..m.len())]).is_err() {
                break;
            }
        }
        if !h.is_over() {
            return h;
        }
    }
    History::new(start.clone())
}

/// Plays the game in `h` to its end; `bots[i]` plays `Player::ALL[i]` at
/// `levels[i]` (the level its spec names, for the game's claim rule). A
/// move the rules refuse loses the game.
pub fn play_out<G: LabGame>(
    h: &mut History<G>,
    bots: &mut [Box<dyn Bot<G>>; 2],
    levels: [Option<u8>; 2],
) {
    let limits = Limits::none();
    while !h.is_over() {
        let side = h.current().side_to_move();
        if G::claims_now(levels[side.index()], h) {
            h.set_result(Outcome::win(side, Reason::Claim));
            break;
        }
        let mv = bots[side.index()].choose(h, &limits);
        if h.play(mv).is_err() {
            h.set_result(Outcome::win(side.other(), Reason::Resign));
        }
    }
}

/// A file-name-safe form of a variant's text.
#[must_use]
pub fn slug(text: &str) -> String {
    let s: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '+' {
                c
            } else {
                '_'
            }
        })
        .take(40)
        .collect();
    if s.is_empty() {
        "variant".to_string()
    } else {
        s
    }
}

/// The record file of a game, relative to the report folder.
#[must_use]
pub fn record_file(config: &SurveyConfig, key: UnitKey, game: u32) -> String {
    format!(
        "records/v{:02}-{}/m{}-pair{:04}-g{}.txt",
        key.variant,
        slug(&config.variants[key.variant as usize]),
        key.matchup,
        key.pair,
        game
    )
}

/// Plays one unit: the pair's opening, then A first and B first.
///
/// # Errors
/// A variant text or a player spec that does not read, as a message of
/// the catalogue (`lab-bad-variant`, `spec-…`).
pub fn play_unit<G: LabGame>(config: &SurveyConfig, key: UnitKey) -> Result<Vec<GameRow>, Message> {
    let vtext = &config.variants[key.variant as usize];
    let variant = vtext.parse::<G::Variant>().map_err(|e| {
        Message::of(id!("lab-bad-variant"))
            .text("variant", format!("{vtext:?}"))
            .text("game", G::NAME)
            .msg("error", e.message())
    })?;
    let m = &config.matchups[key.matchup as usize];
    let seed = config.unit_seed(key);
    let start = G::start(&variant);
    let first = first_player::<G>(&variant);
    let open = opening(&start, config.openings, seed);
    let mut rows = Vec::with_capacity(2);
    for game in 0..2u32 {
        let a_first = game == 0;
        let a = parse_spec::<G>(&m.a, mix64(seed ^ (0xA0 + u64::from(game))))?;
        let b = parse_spec::<G>(&m.b, mix64(seed ^ (0xB0 + u64::from(game))))?;
        // bots[i] plays Player::ALL[i]: A takes the first player's seat in
        // game 0.
        let a_seat = if a_first { first } else { first.other() };
        let (la, lb) = (spec_level(&m.a), spec_level(&m.b));
        let (mut bots, levels) = if a_seat == Player::P1 {
            ([a, b], [la, lb])
        } else {
            ([b, a], [lb, la])
        };
        let mut h = open.clone();
        play_out(&mut h, &mut bots, levels);
        let outcome = h.outcome().expect("a finished game");
        let result = match outcome.winner {
            None => Result3::Draw,
            Some(w) if w == first => Result3::First,
            Some(_) => Result3::Second,
        };
        let metrics = game_metrics(&h);
        let mut record = Record::from_history(&h);
        let (p1, p2) = if a_seat == Player::P1 {
            (&m.a, &m.b)
        } else {
            (&m.b, &m.a)
        };
        for (k, v) in [
            ("P1", p1.clone()),
            ("P2", p2.clone()),
            ("Opening", open.moves().len().to_string()),
            ("Seed", config.seed.to_string()),
            (
                "Unit",
                format!(
                    "v{} m{} pair{} g{}",
                    key.variant, key.matchup, key.pair, game
                ),
            ),
        ] {
            record.tags.push((k.to_string(), v));
        }
        rows.push(GameRow {
            unit: key,
            game,
            result,
            reason: outcome.reason.as_str().to_string(),
            plies: metrics.plies,
            opening: open.moves().len() as u32,
            branching: metrics.branching,
            lead_changes: metrics.lead_changes,
            decided_at: metrics.decided_at,
            drama: metrics.drama,
            coverage: metrics.coverage,
            capped: outcome.reason == Reason::MoveCap,
            record_file: record_file(config, key, game),
            record: record.to_text(),
        });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablero_games::jarmo::Jarmo;

    fn config() -> SurveyConfig {
        SurveyConfig {
            game: "jarmo".into(),
            variants: vec!["standard".into(), "flipped".into()],
            matchups: vec![Matchup {
                a: "random".into(),
                b: "random".into(),
            }],
            pairs: 2,
            openings: 2,
            seed: 5,
            ladder: Vec::new(),
        }
    }

    #[test]
    fn units_are_seeded_by_their_key() {
        let c = config();
        let units = c.units();
        assert_eq!(units.len(), 4);
        let seeds: std::collections::HashSet<u64> = units.iter().map(|&k| c.unit_seed(k)).collect();
        assert_eq!(seeds.len(), 4);
        let a = play_unit::<Jarmo>(&c, units[3]).unwrap();
        let b = play_unit::<Jarmo>(&c, units[3]).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.len(), 2);
        // Both games start from the same opening.
        assert_eq!(a[0].opening, 2);
        let r: Record<Jarmo> = Record::parse(&a[0].record).unwrap();
        let h = r.replay().unwrap();
        assert_eq!(h.moves().len() as u32, a[0].plies);
        assert_eq!(game_metrics(&h).lead_changes, a[0].lead_changes);
    }

    #[test]
    fn metrics_of_a_short_game() {
        let c = config();
        let rows = play_unit::<Jarmo>(&c, c.units()[0]).unwrap();
        for r in rows {
            assert!(r.branching > 0.0);
            assert!(r.coverage > 0.0 && r.coverage <= 1.0);
            match r.result {
                Result3::Draw => assert!(r.decided_at.is_none()),
                _ => {
                    let d = r.decided_at.unwrap();
                    assert!((0.0..1.0).contains(&d), "{d}");
                    assert!((0.0..=1.0).contains(&r.drama.unwrap()));
                }
            }
        }
    }
}
