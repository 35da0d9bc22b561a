//! The searches checked against plain references: alpha-beta against plain
//! negamax on a small game, and both searches against the exact Imago
//! solver on positions with a forced result.

use rand::{Rng, SeedableRng};
use std::fmt;
use std::str::FromStr;
use tablero_ai::alphabeta::{AlphaBeta, AlphaBetaConfig, WIN};
use tablero_ai::mcts::{Mcts, MctsConfig};
use tablero_ai::solve::imago::{ImagoSolution, Value};
use tablero_ai::{parse_spec, spec_level, Bot, Budget, Limits, Play};
use tablero_core::{mix64, ArrayVec, Evaluate, Game, History, MoveError, Outcome, Player, Reason};
use tablero_games::imago::{Cell, Imago, Layout, GRID};

/// A take-away game: take 1, 2 or 3 from a pile; whoever takes the last one
/// wins. The evaluation is deliberately arbitrary so that move ordering and
/// cut-offs matter.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Pile {
    n: u8,
    side: Player,
    v: Unit,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Unit;

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("standard")
    }
}

impl FromStr for Unit {
    type Err = MoveError;
    fn from_str(_: &str) -> Result<Unit, MoveError> {
        Ok(Unit)
    }
}

impl tablero_core::Variant for Unit {
    type ParseError = MoveError;
}

impl Game for Pile {
    type Move = u8;
    type MoveList = ArrayVec<u8, 3>;
    type Variant = Unit;
    type PositionError = MoveError;
    const NAME: &'static str = "pile";

    fn start_with(_: &Unit, first: Player) -> Pile {
        Pile {
            n: 21,
            side: first,
            v: Unit,
        }
    }
    fn variant(&self) -> &Unit {
        &self.v
    }
    fn side_to_move(&self) -> Player {
        self.side
    }
    fn legal_moves(&self, moves: &mut Self::MoveList) {
        moves.clear();
        for k in 1..=3.min(self.n) {
            moves.push(k);
        }
    }
    fn play_unchecked(&mut self, mv: u8) {
        self.n -= mv;
        self.side = self.side.other();
    }
    fn natural_outcome(&self) -> Option<Outcome> {
        (self.n == 0).then(|| Outcome::win(self.side.other(), Reason::Goal))
    }
    fn position_hash(&self) -> u64 {
        mix64(u64::from(self.n) * 2 + self.side.index() as u64)
    }
    fn max_plies(_: &Unit) -> u64 {
        64
    }
    fn position_string(&self) -> String {
        format!("{} {}", self.n, self.side)
    }
    fn parse_position(_: &Unit, _: &str) -> Result<Pile, MoveError> {
        Err(MoveError::GameOver)
    }
    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        text.parse().map_err(|_| MoveError::GameOver)
    }
}

impl Evaluate for Pile {
    fn evaluate(&self) -> i32 {
        (mix64(u64::from(self.n) * 7 + self.side.index() as u64) % 201) as i32 - 100
    }
    fn move_hint(&self, mv: u8) -> i32 {
        i32::from(mv)
    }
}

fn negamax(p: &Pile, depth: u32, ply: i32) -> i32 {
    if p.outcome().is_some() {
        return -(WIN - ply);
    }
    if depth == 0 {
        return p.evaluate();
    }
    let mut moves = ArrayVec::<u8, 3>::new();
    p.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut q = p.clone();
            q.play_unchecked(m);
            -negamax(&q, depth - 1, ply + 1)
        })
        .max()
        .unwrap()
}

#[test]
fn alphabeta_equals_plain_negamax() {
    for n in 1..=21u8 {
        for depth in 1..=7 {
            let pos = Pile {
                n,
                side: Player::P1,
                v: Unit,
            };
            let mut ab = AlphaBeta::new(AlphaBetaConfig {
                budget: Budget::Depth(depth),
                tt_entries: 1 << 12,
                quiescence: false,
                tt_cutoffs: false,
                focus: false,
                threads: 1,
            });
            let report = ab.search(&History::new(pos.clone()), &Limits::none());
            let expected = negamax(&pos, report.depth, 0);
            assert_eq!(report.score, expected, "pile {n} depth {depth}");
            // The move it chose scores as well as the best.
            let mut after = pos.clone();
            after.play_unchecked(report.best);
            if report.score.abs() < WIN - 100 {
                assert_eq!(
                    -negamax(&after, report.depth - 1, 1),
                    expected,
                    "pile {n} depth {depth}"
                );
            }
        }
    }
}

fn positions_with(value: fn(Value) -> bool, want: usize, seed: u64) -> (ImagoSolution, Vec<Imago>) {
    let layout: Layout = "walls:c2-d2,c3-d3,e4-f4,e5-f5".parse().unwrap();
    let sol = ImagoSolution::solve(&layout);
    let grid: Vec<Cell> = Cell::iter_bits(GRID).collect();
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < want {
        let mut pick = || grid[rng.gen_range(0..grid.len())];
        let (a, b, c, d) = (pick(), pick(), pick(), pick());
        if (a.bit() | b.bit() | c.bit() | d.bit()).count_ones() != 4 {
            continue;
        }
        let side = if rng.gen() { Player::P1 } else { Player::P2 };
        let pos = Imago::from_parts(layout.clone(), [a, b], [c, d], side, 0);
        if value(sol.value(&pos)) {
            out.push(pos);
        }
    }
    (sol, out)
}

#[test]
fn alphabeta_finds_every_forced_win_within_its_depth() {
    let (sol, positions) = positions_with(|v| matches!(v, Value::Win(3 | 5)), 25, 4);
    for pos in positions {
        let Value::Win(d) = sol.value(&pos) else {
            unreachable!()
        };
        let mut ab = AlphaBeta::new(AlphaBetaConfig {
            budget: Budget::Depth(u32::from(d)),
            ..AlphaBetaConfig::default()
        });
        let r = ab.search(&History::new(pos.clone()), &Limits::none());
        assert_eq!(r.score, WIN - i32::from(d), "{}", pos.position_string());
        let mut after = pos.clone();
        after.play_unchecked(r.best);
        assert_eq!(
            sol.value(&after),
            Value::Loss(d - 1),
            "{}",
            pos.position_string()
        );
    }
}

#[test]
fn mcts_solver_proves_short_wins() {
    let (sol, positions) = positions_with(|v| matches!(v, Value::Win(1 | 3)), 20, 8);
    for pos in positions {
        let mut mcts = Mcts::new(MctsConfig {
            budget: Budget::Nodes(20_000),
            seed: 3,
            ..MctsConfig::default()
        });
        let r = mcts.search(&History::new(pos.clone()), &Limits::none());
        assert_eq!(r.proved, Some(true), "{}", pos.position_string());
        let mut after = pos.clone();
        after.play_unchecked(r.best);
        assert!(
            matches!(sol.value(&after), Value::Loss(_)),
            "{}",
            pos.position_string()
        );
    }
}

#[test]
fn mcts_is_reproducible_and_reuses_its_tree() {
    let start = Imago::start(&Layout::default());
    let mut h = History::new(start);
    let run = |h: &History<Imago>| {
        let mut m = Mcts::new(MctsConfig {
            budget: Budget::Nodes(500),
            seed: 42,
            ..MctsConfig::default()
        });
        m.search(h, &Limits::none()).best
    };
    assert_eq!(run(&h), run(&h), "the same seed plays the same move");
    let mut m = Mcts::new(MctsConfig {
        budget: Budget::Nodes(2000),
        seed: 42,
        ..MctsConfig::default()
    });
    let first = m.search(&h, &Limits::none());
    h.play(first.best).unwrap();
    let reply = h.current().legal_move_strings()[0].clone();
    h.play_text(&reply).unwrap();
    // The second search starts from the subtree two plies down and adds
    // its own iterations to it.
    let second = m.search(&h, &Limits::none());
    assert_eq!(second.iterations, 2000);
    assert!(h.current().is_legal(second.best));
}

#[test]
fn every_spec_and_level_plays_a_legal_move() {
    let h = History::new(Imago::start(&Layout::default()));
    let limits = Limits {
        movetime: Some(std::time::Duration::from_millis(30)),
        ..Limits::default()
    };
    for spec in [
        "random",
        "ai:1",
        "ai:2",
        "ai:3",
        "ai:4",
        "ai:5",
        "solver",
        "mcts:iters=50,c=0.5",
        "mcts:ms=20,threads=2",
        "ab:depth=2",
        "ab:ms=20,q=0",
    ] {
        let mut bot: Box<dyn Bot<Imago>> =
            parse_spec(spec, 7).unwrap_or_else(|e| panic!("{spec}: {e}"));
        let m = bot.choose(&h, &limits);
        assert!(h.current().is_legal(m), "{spec}");
    }
    for bad in [
        "ai:6",
        "ai:x",
        "mcts:foo=1",
        "mcts:iters",
        "ab:depth=-1",
        "alpha",
        "mcts:c=nan",
    ] {
        assert!(parse_spec::<Imago>(bad, 1).is_err(), "{bad}");
    }
}

#[test]
fn top_levels_claim_a_proved_win_and_lower_ones_do_not() {
    let layout = Layout::default();
    let won = Imago::parse_position(&layout, "c4,g1/b6,e2 r 0").unwrap();
    let h = History::new(won);
    for (spec, claims) in [
        ("ai:5", true),
        ("ai:4", true),
        ("solver", true),
        ("ai:3", false),
        ("ai:1", false),
        ("mcts:iters=10", false),
    ] {
        assert_eq!(Imago::claims_now(spec_level(spec), &h), claims, "{spec}");
    }
    // Nobody claims where the claim does not hold.
    let start = History::new(Imago::start(&layout));
    assert!(!Imago::claims_now(Some(5), &start));
}

/// Super Dimensiones (card N: capturing is compulsory): Red offers a man on
/// d4, Blue must take it (`e5xc3`), and Red's recapture `b2xd4xb6` takes
/// two and the sub-game.
/// Quiescence follows the compulsory capture instead of letting Blue
/// decline it, so a one-ply search finds the shot; without quiescence it
/// does not see it.
#[test]
fn quiescence_never_declines_a_compulsory_capture() {
    use tablero_ai::alphabeta::PROVED;
    use tablero_games::dimensiones::{Dimensiones, RuleSet};
    let rules: RuleSet = "M-C-N-W-R".parse().expect("rule set");
    let pos = Dimensiones::parse_position(&rules, "6/2b1b1/6/2r1r1/1r4/r5 r -= 0 rbao")
        .expect("position");
    let h = History::new(pos.clone());
    let search = |quiescence| {
        AlphaBeta::new(AlphaBetaConfig {
            budget: Budget::Depth(1),
            quiescence,
            ..AlphaBetaConfig::default()
        })
        .search(&h, &Limits::none())
    };
    let with = search(true);
    assert_eq!(pos.format_move(with.best), "c3-d4");
    assert!(with.score >= PROVED, "{}", with.score);
    assert!(search(false).score < PROVED);
    // Two threads on a time budget find it too.
    let shared = AlphaBeta::new(AlphaBetaConfig {
        budget: Budget::Time(std::time::Duration::from_millis(50)),
        threads: 2,
        ..AlphaBetaConfig::default()
    })
    .search(&h, &Limits::none());
    assert_eq!(pos.format_move(shared.best), "c3-d4");
    assert!(shared.score >= PROVED);
}

/// Super Dimensiones' level 5 plays alpha-beta on the sub-game to move
/// where the sub-games are independent, MCTS elsewhere: both give legal
/// moves, from the start and after a sub-game is decided.
#[test]
fn dimensiones_top_level_plays_legal_moves_on_every_kind_of_rule_set() {
    use tablero_games::dimensiones::{Dimensiones, RuleSet};
    let limits = Limits {
        movetime: Some(std::time::Duration::from_millis(30)),
        ..Limits::default()
    };
    for (rules, text) in [
        ("M-C-N-W-R", None),
        ("M-C-N-W-R", Some("6/2b1b1/6/2r1r1/1r4/r5 r -= 0 rbao")),
        ("I-C-A-E-S", None),
        ("M-D-N-W-S", None),
    ] {
        let rules: RuleSet = rules.parse().expect("rule set");
        let pos = text.map_or_else(
            || Dimensiones::start(&rules),
            |t| Dimensiones::parse_position(&rules, t).expect("position"),
        );
        let mut h = History::new(pos);
        let mut bot = parse_spec::<Dimensiones>("ai:5", 3).expect("level 5");
        for _ in 0..4 {
            if h.is_over() {
                break;
            }
            let m = bot.choose(&h, &limits);
            h.play(m).expect("legal");
            assert!(bot.info().is_some());
        }
    }
}

/// Super Dimensiones (`M-C-A-W-R`: captures optional): Red, the first
/// player, can win its sub-game now with `c3xe5` (Blue's last free man
/// taken, the other two left with no move), but then Orange moves next in
/// the other sub-game, although it moved last there, and in that sub-game
/// whoever moves first wins. The focused search resumes the other
/// sub-game that way once Red-Blue is decided, so, like the search of the
/// whole game, it keeps Red-Blue open and lets Aqua move first.
#[test]
fn the_focused_search_does_not_hand_over_a_tempo_it_needs() {
    use tablero_ai::alphabeta::PROVED;
    use tablero_games::dimensiones::{Army, Dimensiones, RuleSet};
    let rules: RuleSet = "M-C-A-W-R".parse().expect("rule set");
    let pos = Dimensiones::parse_position(&rules, "6/6/2ob2/r1R3/1b3b/rar1r1 r -- 0 rbao")
        .expect("position");
    assert!(pos.focus().is_some());
    let take = pos.parse_move("c3xe5").expect("legal");
    let search = |h: &History<Dimensiones>, focus| {
        AlphaBeta::new(AlphaBetaConfig {
            budget: Budget::Depth(8),
            focus,
            ..AlphaBetaConfig::default()
        })
        .search(h, &Limits::none())
    };
    // The premise: after the take Orange moves, wins its sub-game, and
    // Red's win is gone.
    let mut taken = pos.clone();
    taken.play_unchecked(take);
    assert_eq!(taken.army(), Some(Army::Orange));
    let theirs = search(&History::new(taken), false);
    assert!(theirs.score >= 0, "{}", theirs.score);
    // Both searches wait; the whole game's proves the win.
    let h = History::new(pos.clone());
    let whole = search(&h, false);
    assert_ne!(whole.best, take);
    assert!(whole.score >= PROVED, "{}", whole.score);
    let focused = search(&h, true);
    assert_ne!(focused.best, take, "{}", pos.format_move(focused.best));
    assert!(focused.score > 0, "{}", focused.score);
}

#[test]
fn alphabeta_reports_its_best_line_while_it_searches() {
    use std::sync::Arc;
    use tablero_ai::Progress;
    use tablero_games::jarmo::Jarmo;
    let history = History::new(Jarmo::start(&Default::default()));
    let progress = Arc::new(Progress::default());
    let limits = Limits {
        progress: Some(Arc::clone(&progress)),
        ..Limits::none()
    };
    let mut ab = AlphaBeta::<Jarmo>::new(AlphaBetaConfig {
        budget: Budget::Depth(4),
        ..AlphaBetaConfig::default()
    });
    let report = ab.search(&history, &limits);
    // The last report is the finished search's own line.
    let line = progress.get().expect("the search reported");
    let mut pos = history.current().clone();
    let mut pv = Vec::new();
    for &mv in &report.pv {
        pv.push(pos.format_move(mv));
        pos.play_unchecked(mv);
    }
    assert_eq!(report.depth, 4);
    assert!(line.starts_with("depth 4 score "), "{line}");
    assert!(line.ends_with(&format!(" pv {}", pv.join(" "))), "{line}");
    assert!(!pv.is_empty());
}

/// A streaming progress gets a line per finished alpha-beta iteration, in
/// order, and one per MCTS interval (1000, 2000, 4000... iterations), each
/// with the engine's fields (#50, item 2).
#[test]
fn a_streaming_progress_gets_every_iteration_and_interval() {
    use std::sync::{Arc, Mutex};
    use tablero_ai::Progress;
    use tablero_games::jarmo::Jarmo;
    let history = History::new(Jarmo::start(&Default::default()));
    let run = |bot: &mut dyn Bot<Jarmo>| {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&lines);
        let limits = Limits {
            progress: Some(Arc::new(Progress::streaming(move |l| {
                sink.lock().unwrap().push(l.to_string());
            }))),
            ..Limits::none()
        };
        bot.choose(&history, &limits);
        let got = lines.lock().unwrap().clone();
        got
    };
    let field = |l: &str, name: &str| -> u64 {
        let w: Vec<&str> = l.split(' ').collect();
        let i = w
            .iter()
            .position(|x| *x == name)
            .unwrap_or_else(|| panic!("{l}"));
        w[i + 1].parse().unwrap()
    };
    let mut ab = AlphaBeta::<Jarmo>::new(AlphaBetaConfig {
        budget: Budget::Depth(5),
        ..AlphaBetaConfig::default()
    });
    let lines = run(&mut ab);
    let depths: Vec<u64> = lines.iter().map(|l| field(l, "depth")).collect();
    assert_eq!(depths, [1, 2, 3, 4, 5], "{lines:?}");
    for l in &lines {
        for name in ["nodes", "nps", "time"] {
            field(l, name);
        }
        assert!(l.contains(" pv "), "{l}");
    }
    // The final info is the last line's, with every thread's nodes.
    let last = ab.info().expect("an info");
    assert!(last.starts_with("depth 5 score "), "{last}");
    let mut mcts = Mcts::<Jarmo>::new(MctsConfig {
        budget: Budget::Nodes(4000),
        ..MctsConfig::default()
    });
    let lines = run(&mut mcts);
    let nodes: Vec<u64> = lines.iter().map(|l| field(l, "nodes")).collect();
    for n in [1000, 2000, 4000] {
        assert!(nodes.contains(&n), "{lines:?}");
    }
    assert!(lines
        .iter()
        .all(|l| l.starts_with("depth ") && l.contains(" pv ")));
}
