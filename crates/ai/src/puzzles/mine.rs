//! Mining a whole set of one game (`tablero puzzles mine`): every puzzle
//! the solvers or the searches find, then a selection of them spread over
//! the themes (and Imago's layouts) that fits a file of reasonable size.
//!
//! - **Imago**: every layout of [`super::imago::CURATED`] and the default
//!   one, each solved and mined whole ([`super::imago::mine_layout`]).
//! - **Linja**: seeded games walked through the whole table
//!   ([`super::linja::mine_table`]).
//! - **Jarmo, Super Dimensiones, 8x8 draughts**: seeded self-play
//!   ([`super::generate`]) with two searches [`super::set::MIN_DEEPER`]
//!   plies apart or more, both showing the answer the only good move.

use super::set::select;
use super::{generate, MineOptions, Puzzle};
use crate::review::Review;
use crate::solve::linja_table::Table;
use std::collections::BTreeMap;
use tablero_games::imago::Layout;

/// A mined set and what was found before the selection.
#[derive(Clone, Debug, Default)]
pub struct Mined {
    /// The puzzles selected, sorted by variant, theme, difficulty, id.
    pub puzzles: Vec<Puzzle>,
    /// Every puzzle found, per variant and theme, before the selection.
    pub found: BTreeMap<(String, String), usize>,
}

fn census(puzzles: &[Puzzle]) -> BTreeMap<(String, String), usize> {
    let mut out = BTreeMap::new();
    for p in puzzles {
        *out.entry((p.variant.clone(), p.theme.clone())).or_insert(0) += 1;
    }
    out
}

/// Imago: mines the default layout and `layouts`, and selects `count`
/// spread over each layout's themes. `progress(done, of)` after each
/// layout.
#[must_use]
pub fn mine_imago(
    layouts: &[Layout],
    count: usize,
    seed: u64,
    progress: &mut dyn FnMut(usize, usize),
) -> Mined {
    let mut all = Vec::new();
    let mut every: Vec<Layout> = vec![Layout::default()];
    every.extend(layouts.iter().filter(|l| !l.is_default()).cloned());
    for (i, layout) in every.iter().enumerate() {
        all.extend(super::imago::mine_layout(layout).puzzles);
        progress(i + 1, every.len());
    }
    let found = census(&all);
    Mined {
        puzzles: select(all, count, |p| format!("{}|{}", p.variant, p.theme), seed),
        found,
    }
}

/// Linja: walks `games` seeded games through `table` and selects `count`
/// spread over the themes. `progress(games, found)` after each game.
///
/// # Errors
/// When reading the table fails.
pub fn mine_linja(
    table: &Table,
    games: usize,
    count: usize,
    seed: u64,
    progress: &mut dyn FnMut(usize, usize),
) -> std::io::Result<Mined> {
    let all = super::linja::mine_table(table, games, seed, progress)?.puzzles;
    let found = census(&all);
    Ok(Mined {
        puzzles: select(all, count, |p| p.theme.clone(), seed),
        found,
    })
}

/// A searched game: self-play from seed `seed` until `count` puzzles are
/// found or `max_games` games are played, each puzzle's two searches
/// `depths` apart (at least [`super::set::MIN_DEEPER`] plies; checked by
/// the set's reader), and kept only if its answer is still the only best
/// move by a search one ply deeper than the confirming one
/// ([`holds_deeper`]). `progress(games, found)` after each game.
#[must_use]
pub fn mine_searched<G: Review>(
    variant: &G::Variant,
    count: usize,
    seed: u64,
    max_games: usize,
    depths: (u32, u32),
    progress: &mut dyn FnMut(usize, usize),
) -> Mined {
    let options = MineOptions {
        depths: Some(depths),
        ..MineOptions::default()
    };
    let mut ab = crate::alphabeta::AlphaBeta::<G>::new(crate::alphabeta::AlphaBetaConfig {
        budget: crate::bot::Budget::Depth(1),
        tt_entries: 1 << 16,
        ..crate::alphabeta::AlphaBetaConfig::default()
    });
    let mut all = Vec::new();
    let mut next_seed = seed;
    let mut games = 0;
    // Mined in rounds: a round's puzzles that do not hold one ply deeper
    // are dropped, and the next round (new seeds) makes up for them.
    while all.len() < count && games < max_games {
        let want = count - all.len();
        let mut played = 0;
        let found = generate::<G>(
            variant,
            &[],
            want,
            next_seed,
            max_games - games,
            &options,
            &mut |g, f| {
                played = g;
                progress(games + g, all.len() + f);
            },
        );
        games += played.max(1);
        next_seed = next_seed.wrapping_add(played.max(1) as u64);
        let seen: std::collections::HashSet<String> =
            all.iter().map(|p: &Puzzle| p.position.clone()).collect();
        all.extend(
            found
                .into_iter()
                .filter(|p| !seen.contains(&p.position) && holds_deeper::<G>(&mut ab, p)),
        );
    }
    all.truncate(count);
    all.sort_by(|a, b| {
        (&a.variant, &a.theme, a.difficulty, &a.id).cmp(&(
            &b.variant,
            &b.theme,
            b.difficulty,
            &b.id,
        ))
    });
    Mined {
        found: census(&all),
        puzzles: all,
    }
}

/// Whether a searched puzzle's answer is still the only best move (by the
/// expected score) by a search one ply deeper than its deep search: the
/// deep search's parity can hide a second move as good.
pub fn holds_deeper<G: Review>(ab: &mut crate::alphabeta::AlphaBeta<G>, p: &Puzzle) -> bool {
    let (Some([_, deep]), Ok(pos)) = (p.depths, p.position_of::<G>()) else {
        return false;
    };
    let values = super::searched_values(ab, &pos, deep + 1);
    let score = |v| crate::review::expected_score(v, G::SCALE);
    let mut answer = None;
    let mut other = f64::MIN;
    for &(m, v) in &values {
        if pos.format_move(m) == p.answer {
            answer = Some(score(v));
        } else {
            other = other.max(score(v));
        }
    }
    answer.is_some_and(|a| a > other)
}
