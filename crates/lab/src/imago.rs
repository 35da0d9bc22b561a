//! Imago's exact lab: what the solver says about a layout, and a search of
//! wall layouts for those whose start is a first-player win, or a draw
//! where many first moves lose ("sharp").

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;
use std::fmt::Write as _;
use tablero_ai::solve::imago::{ImagoSolution, Value};
use tablero_core::{Game, Player};
use tablero_games::imago::{Cell, Imago, Layout, Wall};

/// A solved value as JSON-friendly parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ValueJson {
    /// `win`, `loss` or `draw`, for the side to move.
    pub value: &'static str,
    /// Plies to the end under best play (`None` for a draw).
    pub plies: Option<u16>,
}

impl From<Value> for ValueJson {
    fn from(v: Value) -> ValueJson {
        ValueJson {
            value: v.word(),
            plies: match v {
                Value::Win(d) | Value::Loss(d) => Some(d),
                Value::Draw => None,
            },
        }
    }
}

/// The first moves of one colour moving first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FirstMoves {
    /// The start's value for that colour moving first.
    pub start: ValueJson,
    /// Its legal first moves.
    pub moves: u32,
    /// First moves that win (by force).
    pub winning: u32,
    /// First moves that draw.
    pub drawing: u32,
    /// First moves that lose.
    pub losing: u32,
    /// Of the losing first moves, the soonest loss, in plies from the start
    /// (the opponent's shortest forced win after the error).
    pub soonest_loss: Option<u16>,
    /// Of the losing first moves, the latest loss.
    pub latest_loss: Option<u16>,
    /// Of the winning first moves, the quickest win, in plies.
    pub quickest_win: Option<u16>,
    /// Each losing first move, in notation, with the plies to the loss.
    pub losing_moves: Vec<(String, u16)>,
}

/// What the solver says about a layout.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LayoutStudy {
    /// The layout's text (what `--layout FILE` reads).
    pub layout: String,
    /// Placements of the four pieces with either side to move.
    pub positions: u64,
    /// Shares of won, lost and drawn positions for the side to move.
    pub won_share: f64,
    /// See `won_share`.
    pub lost_share: f64,
    /// See `won_share`.
    pub drawn_share: f64,
    /// The longest forced win of the whole table, in plies.
    pub longest_win: u16,
    /// Red moving first.
    pub red_first: FirstMoves,
    /// Blue moving first.
    pub blue_first: FirstMoves,
    /// How many of the two starts are a win for the side that moves first.
    pub first_player_wins: u32,
    /// Losing first moves over both starts.
    pub losing_first_moves: u32,
}

impl LayoutStudy {
    /// The ranking key: first-player wins, then more losing first moves,
    /// then sooner losses (a larger key ranks first).
    #[must_use]
    pub fn rank_key(&self) -> (u32, u32, i32) {
        let soonest = [&self.red_first, &self.blue_first]
            .iter()
            .filter_map(|f| f.soonest_loss)
            .min()
            .map_or(i32::MIN, |d| -i32::from(d));
        (self.first_player_wins, self.losing_first_moves, soonest)
    }
}

fn first_moves(sol: &ImagoSolution, first: Player) -> FirstMoves {
    let start = Imago::start_with(sol.layout(), first);
    let values = sol.move_values(&start);
    let mut f = FirstMoves {
        start: sol.value(&start).into(),
        moves: values.len() as u32,
        winning: 0,
        drawing: 0,
        losing: 0,
        soonest_loss: None,
        latest_loss: None,
        quickest_win: None,
        losing_moves: Vec::new(),
    };
    for (m, v) in values {
        match v {
            // `v` is the value for the mover; the distance counts the first
            // move itself.
            Value::Win(d) => {
                f.winning += 1;
                f.quickest_win = Some(f.quickest_win.map_or(d, |q: u16| q.min(d)));
            }
            Value::Draw => f.drawing += 1,
            Value::Loss(d) => {
                f.losing += 1;
                f.soonest_loss = Some(f.soonest_loss.map_or(d, |q: u16| q.min(d)));
                f.latest_loss = Some(f.latest_loss.map_or(d, |q: u16| q.max(d)));
                f.losing_moves.push((start.format_move(m), d));
            }
        }
    }
    f.losing_moves
        .sort_by(|a, b| a.1.cmp(&b.1).then(a.0.cmp(&b.0)));
    f
}

/// Studies a solved layout.
#[must_use]
pub fn study(sol: &ImagoSolution) -> LayoutStudy {
    let s = sol.stats();
    let n = s.positions.max(1) as f64;
    let red_first = first_moves(sol, Player::P1);
    let blue_first = first_moves(sol, Player::P2);
    let first_player_wins = [&red_first, &blue_first]
        .iter()
        .filter(|f| f.start.value == "win")
        .count() as u32;
    LayoutStudy {
        layout: sol.layout().to_string(),
        positions: s.positions,
        won_share: s.wins as f64 / n,
        lost_share: s.losses as f64 / n,
        drawn_share: s.draws as f64 / n,
        longest_win: s.longest_win,
        losing_first_moves: red_first.losing + blue_first.losing,
        red_first,
        blue_first,
        first_player_wins,
    }
}

/// Solves and studies a layout.
#[must_use]
pub fn study_layout(layout: &Layout) -> LayoutStudy {
    study(&ImagoSolution::solve(layout))
}

/// Every edge between two neighbouring cells where a wall may stand, in a
/// fixed order.
#[must_use]
pub fn wall_edges() -> Vec<Wall> {
    let mut out: Vec<Wall> = Cell::all()
        .flat_map(|c| {
            tablero_games::imago::Dir::ALL
                .into_iter()
                .filter_map(move |d| c.step(d).and_then(|n| Wall::between(c, n)))
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The mirror image of a cell across the board's middle column (Red's and
/// Blue's sides exchange).
fn mirror_lr(c: Cell) -> Cell {
    Cell::new(7 - c.col(), c.row()).expect("the board is symmetric")
}

/// The mirror image of a cell across the board's middle row (each colour
/// keeps its side).
fn mirror_ud(c: Cell) -> Cell {
    Cell::new(c.col(), 5 - c.row()).expect("the board is symmetric")
}

fn map_wall(w: Wall, f: fn(Cell) -> Cell) -> Wall {
    let (a, b) = w.cells();
    Wall::between(f(a), f(b)).expect("a mirrored wall")
}

/// How layouts are searched.
#[derive(Clone, Debug)]
pub struct SearchConfig {
    /// Walls per layout.
    pub walls: usize,
    /// Only layouts whose walls are their own mirror image across the middle
    /// column (fair to both colours).
    pub symmetric: bool,
    /// The most layouts solved; beyond, layouts are sampled.
    pub max_layouts: usize,
    /// Seed of the sample.
    pub seed: u64,
    /// Threads solving at once.
    pub threads: usize,
}

/// The candidate wall sets: every set of `walls` walls (up to the
/// top-bottom mirror, which changes nothing in the game), or only the
/// mirror-symmetric ones; sampled (seeded) when there are more than
/// `max_layouts`. Returns the sets and whether the search was exhaustive.
#[must_use]
pub fn candidates(config: &SearchConfig) -> (Vec<Vec<Wall>>, bool) {
    let edges = wall_edges();
    // Units: single walls, or mirror orbits when symmetric.
    let mut units: Vec<Vec<Wall>> = Vec::new();
    for &e in &edges {
        if config.symmetric {
            let m = map_wall(e, mirror_lr);
            if m < e {
                continue;
            }
            units.push(if m == e { vec![e] } else { vec![e, m] });
        } else {
            units.push(vec![e]);
        }
    }
    let mut sets: Vec<Vec<Wall>> = Vec::new();
    let limit = config.max_layouts.saturating_mul(4).max(10_000);
    let mut overflow = false;
    // Combinations of units whose walls add up to `walls`.
    let mut stack: Vec<(usize, Vec<Wall>)> = vec![(0, Vec::new())];
    while let Some((from, set)) = stack.pop() {
        if set.len() == config.walls {
            let mut s = set.clone();
            s.sort();
            let mut mirrored: Vec<Wall> = s.iter().map(|&w| map_wall(w, mirror_ud)).collect();
            mirrored.sort();
            if s <= mirrored {
                sets.push(s);
                if sets.len() > limit {
                    overflow = true;
                    break;
                }
            }
            continue;
        }
        for (i, u) in units.iter().enumerate().skip(from) {
            if set.len() + u.len() <= config.walls {
                let mut next = set.clone();
                next.extend(u);
                stack.push((i + 1, next));
            }
        }
    }
    if overflow {
        // Too many to list: draw random sets instead.
        sets.clear();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(config.seed);
        let mut seen = std::collections::HashSet::new();
        let mut tries = 0;
        while sets.len() < config.max_layouts && tries < config.max_layouts * 50 {
            tries += 1;
            let mut set: Vec<Wall> = Vec::new();
            let mut pool: Vec<&Vec<Wall>> = units.iter().collect();
            pool.shuffle(&mut rng);
            for u in pool {
                if set.len() + u.len() <= config.walls && !u.iter().any(|w| set.contains(w)) {
                    set.extend(u);
                }
                if set.len() == config.walls {
                    break;
                }
            }
            if set.len() != config.walls {
                continue;
            }
            set.sort();
            let mut mirrored: Vec<Wall> = set.iter().map(|&w| map_wall(w, mirror_ud)).collect();
            mirrored.sort();
            let canon = set.clone().min(mirrored);
            if seen.insert(canon.clone()) {
                sets.push(canon);
            }
        }
        return (sets, false);
    }
    if sets.len() > config.max_layouts {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(config.seed);
        sets.shuffle(&mut rng);
        sets.truncate(config.max_layouts);
        sets.sort();
        return (sets, false);
    }
    sets.sort();
    (sets, true)
}

/// The layout with the default start cells and these walls.
#[must_use]
pub fn layout_with(walls: &[Wall]) -> Layout {
    let pairs: Vec<(Cell, Cell)> = walls.iter().map(|w| w.cells()).collect();
    Layout::new(
        &tablero_games::imago::DEFAULT_RED,
        &tablero_games::imago::DEFAULT_BLUE,
        &pairs,
    )
    .expect("distinct walls between neighbours make a valid layout")
}

/// Solves every candidate layout on `threads` threads and ranks them, best
/// first. `progress(done, total)` is called after each layout. Returns the
/// ranked studies and whether the search was exhaustive.
#[must_use]
pub fn search(
    config: &SearchConfig,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> (Vec<LayoutStudy>, bool) {
    let (sets, exhaustive) = candidates(config);
    let total = sets.len() as u64;
    let next = std::sync::atomic::AtomicUsize::new(0);
    let done = std::sync::atomic::AtomicU64::new(0);
    let results = std::sync::Mutex::new(Vec::with_capacity(sets.len()));
    progress(0, total);
    std::thread::scope(|s| {
        for _ in 0..config.threads.clamp(1, sets.len().max(1)) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let Some(set) = sets.get(i) else { break };
                let st = study_layout(&layout_with(set));
                results.lock().expect("results").push((i, st));
                let d = done.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
                progress(d, total);
            });
        }
    });
    let mut out = results.into_inner().expect("results");
    // Best first; ties keep the candidates' order, so the ranking does not
    // depend on the threads.
    out.sort_by(|(i, a), (j, b)| b.rank_key().cmp(&a.rank_key()).then(i.cmp(j)));
    (out.into_iter().map(|(_, s)| s).collect(), exhaustive)
}

/// A small SVG drawing of a layout: the grid, the goal cells, the start
/// pieces and the walls.
#[must_use]
pub fn board_svg(layout: &Layout, caption: &str) -> String {
    const S: i32 = 24;
    let (w, h) = (8 * S + 8, 6 * S + 26);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">"
    );
    let xy = |c: Cell| (4 + i32::from(c.col()) * S, 4 + (5 - i32::from(c.row())) * S);
    for c in Cell::all() {
        let (x, y) = xy(c);
        let fill = if c.is_goal() {
            if c.col() == 0 {
                "#9ec5ff"
            } else {
                "#ffb3b3"
            }
        } else {
            "#f4f1e8"
        };
        let _ = write!(
            s,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{S}\" height=\"{S}\" fill=\"{fill}\" stroke=\"#bbb\"/>"
        );
    }
    for (cells, colour) in [(layout.red_start(), "#d22"), (layout.blue_start(), "#24c")] {
        for c in cells {
            let (x, y) = xy(c);
            let _ = write!(
                s,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{colour}\"/>",
                x + S / 2,
                y + S / 2,
                S / 3
            );
        }
    }
    for wall in layout.walls() {
        let (a, b) = wall.cells();
        let (ax, ay) = xy(a);
        let line = if a.row() == b.row() {
            // b is right of a: a vertical segment on their shared edge.
            (ax + S, ay, ax + S, ay + S)
        } else {
            // b is above a: a horizontal segment on a's top edge.
            (ax, ay, ax + S, ay)
        };
        let _ = write!(
            s,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#000\" stroke-width=\"4\"/>",
            line.0, line.1, line.2, line.3
        );
    }
    let _ = write!(
        s,
        "<text x=\"4\" y=\"{}\" font-size=\"12\" font-family=\"sans-serif\">{}</text></svg>",
        6 * S + 20,
        caption.replace('&', "&amp;").replace('<', "&lt;")
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_and_candidates() {
        // 30 + 30 grid edges and one edge to each of the four goal cells.
        assert_eq!(wall_edges().len(), 64);
        let (one, exhaustive) = candidates(&SearchConfig {
            walls: 1,
            symmetric: false,
            max_layouts: 1000,
            seed: 1,
            threads: 1,
        });
        assert!(exhaustive);
        // Top-bottom mirror pairs counted once: 64 edges, of which the 8
        // vertical-wall edges... every wall set is kept once per pair.
        assert!(one.len() < 64 && one.len() >= 32, "{}", one.len());
        let (sym, _) = candidates(&SearchConfig {
            walls: 2,
            symmetric: true,
            max_layouts: 1000,
            seed: 1,
            threads: 1,
        });
        for set in &sym {
            let mut m: Vec<Wall> = set.iter().map(|&w| map_wall(w, mirror_lr)).collect();
            m.sort();
            assert_eq!(&m, set);
        }
        let (sampled, exhaustive) = candidates(&SearchConfig {
            walls: 2,
            symmetric: false,
            max_layouts: 5,
            seed: 1,
            threads: 1,
        });
        assert!(!exhaustive);
        assert_eq!(sampled.len(), 5);
    }

    #[test]
    fn board_drawing_shows_walls() {
        let l: Layout = "walls:c2-d2,c3-c4".parse().unwrap();
        let svg = board_svg(&l, "x");
        assert_eq!(svg.matches("<line").count(), 2);
        assert_eq!(svg.matches("<circle").count(), 4);
    }
}
