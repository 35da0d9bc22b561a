//! A Super Dimensiones endgame table installed for the process (a small
//! one, at most 4 pieces, built here): level 5 plays it perfectly (from
//! positions it covers, level 5 against itself ends with exactly the
//! table's value, and against a random player with at least it), the hint
//! is a move of the best value, the review gives exact verdicts inside it,
//! and the puzzles mined there are proven by it.

use std::path::PathBuf;
use std::sync::OnceLock;
use tablero_ai::analysis::hinter;
use tablero_ai::bot::{Bot, Limits, RandomBot};
use tablero_ai::puzzles::{mine, MineOptions};
use tablero_ai::review::{review, ReviewOptions, Source, Verdict};
use tablero_ai::solve::dimensiones_table::{
    build, exact_moves, install, probe, BuildOptions, BuildOrder, Table, TableRules,
};
use tablero_ai::Play;
use tablero_core::{Game, History, Player};
use tablero_games::dimensiones::{Dimensiones, RuleSet};

fn table() {
    static ONCE: OnceLock<()> = OnceLock::new();
    ONCE.get_or_init(|| {
        let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("dimensiones-installed-4.bin");
        let _ = std::fs::remove_file(&path);
        let opts = BuildOptions {
            rules: TableRules::default(),
            pieces: 4,
            threads: 2,
            stop_after: None,
            order: BuildOrder::Canonical,
        };
        build(&path, &opts, |_| {}).unwrap();
        install(Table::open(&path).unwrap()).unwrap();
    });
}

/// Covered positions: the Red–Blue sub-game with up to 4 pieces, the
/// Aqua–Orange one decided (won by `winner`).
fn positions() -> Vec<Dimensiones> {
    let rules = RuleSet::default();
    let boards = [
        ("6/6/3B2/6/1R4/R5", "r"),
        ("1b4/2b3/6/6/1R4/6", "r"),
        ("1b4/2b3/6/6/1R4/6", "b"),
        ("3b2/6/1r4/2B3/3r2/6", "b"),
        ("3b2/6/1r4/2B3/3r2/6", "r"),
        ("5B/6/6/6/6/R5", "r"),
        ("6/2B3/6/6/3r2/R5", "b"),
        ("1B4/6/6/2b3/1r4/6", "r"),
        ("6/2b3/3b2/4R1/6/6", "r"),
        ("6/2b3/3b2/4R1/6/6", "b"),
    ];
    let mut out = Vec::new();
    for (board, army) in boards {
        for (decided, clock) in [("-1", 0), ("-2", 0), ("-1", 40)] {
            let text = format!("{board} {army} {decided} {clock} rbao");
            if let Ok(p) = Dimensiones::parse_position(&rules, &text) {
                out.push(p);
            }
        }
    }
    assert!(out.len() >= 20, "{}", out.len());
    out
}

/// The points difference of a finished game for `me`.
fn margin(h: &History<Dimensiones>, me: Player) -> i32 {
    let o = h.outcome().expect("over");
    (o.score[me.index()].as_halves() as i32 - o.score[me.other().index()].as_halves() as i32) / 2
}

fn play_out(
    start: &Dimensiones,
    bots: &mut [Box<dyn Bot<Dimensiones>>; 2],
) -> History<Dimensiones> {
    let mut h = History::new(start.clone());
    let mut plies = 0;
    while h.outcome().is_none() {
        let side = h.current().side_to_move();
        let mv = bots[side.index()].choose(&h, &Limits::none());
        h.play(mv).expect("legal");
        plies += 1;
        assert!(plies < 2000, "{}", start.position_string());
    }
    h
}

#[test]
fn level_5_plays_the_table_perfectly() {
    table();
    for (i, pos) in positions().iter().enumerate() {
        let want = probe(pos).expect("covered");
        let me = pos.side_to_move();
        // Against itself: exactly the table's value.
        let mut bots: [Box<dyn Bot<Dimensiones>>; 2] =
            [Dimensiones::level(5, 1), Dimensiones::level(5, 2)];
        let h = play_out(pos, &mut bots);
        assert_eq!(margin(&h, me), want.margin, "{}", pos.position_string());
        // Against a random player: at least the table's value.
        for seed in 0..3 {
            let mut bots: [Box<dyn Bot<Dimensiones>>; 2] = if me == Player::P1 {
                [
                    Dimensiones::level(5, 1),
                    Box::new(RandomBot::new(seed + i as u64)),
                ]
            } else {
                [
                    Box::new(RandomBot::new(seed + i as u64)),
                    Dimensiones::level(5, 1),
                ]
            };
            let h = play_out(pos, &mut bots);
            assert!(
                margin(&h, me) >= want.margin,
                "{} seed {seed}",
                pos.position_string()
            );
        }
    }
}

#[test]
fn hints_reviews_and_puzzles_are_exact_inside_the_table() {
    table();
    let mut puzzles = 0;
    for pos in positions() {
        let moves = exact_moves(&pos).expect("covered");
        let best = moves[0].margin;
        assert_eq!(best, probe(&pos).unwrap().margin);
        // Each move's value is the value of the position after it.
        for m in &moves {
            let mut c = pos.clone();
            c.play_unchecked(m.mv);
            if let Some(v) = probe(&c) {
                assert_eq!(m.margin, -v.margin, "{}", pos.position_string());
            }
        }
        let h = History::new(pos.clone());
        let hint = hinter::<Dimensiones>(1).choose(&h, &Limits::none());
        assert!(moves.iter().any(|m| m.mv == hint && m.margin == best));
        // A game from here: level 5 against random moves, reviewed.
        let me = pos.side_to_move();
        let mut bots: [Box<dyn Bot<Dimensiones>>; 2] = if me == Player::P1 {
            [Dimensiones::level(5, 1), Box::new(RandomBot::new(3))]
        } else {
            [Box::new(RandomBot::new(3)), Dimensiones::level(5, 1)]
        };
        let game = play_out(&pos, &mut bots);
        let r = review(&game, &ReviewOptions::default(), &mut |_| {}).unwrap();
        for (i, m) in r.moves.iter().enumerate() {
            assert_eq!(m.source, Source::Table, "move {i}");
            assert!(matches!(
                m.verdict,
                Verdict::Best | Verdict::Worse | Verdict::Slip
            ));
            if m.mover() == me {
                // Level 5 never lets its value go.
                assert_eq!(m.verdict, Verdict::Best, "{}", m.played);
            }
        }
        let found = mine(&game, &MineOptions::default(), &mut Default::default());
        for p in &found {
            p.check().expect("a proven puzzle");
            assert_eq!(p.source, Source::Table);
            let at: Dimensiones = p.position_of().unwrap();
            let values = exact_moves(&at).unwrap();
            let answer = at.parse_move(&p.answer).unwrap();
            let top = values[0].margin;
            assert_eq!(values.iter().filter(|m| m.margin == top).count(), 1);
            assert_eq!(values[0].mv, answer);
        }
        puzzles += found.len();
    }
    assert!(puzzles > 0, "no puzzle in these endgames");
}
