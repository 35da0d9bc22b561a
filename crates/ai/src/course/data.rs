//! The four courses. Each exercise's position is a position string of its
//! game (docs/rules/GAME.md, "Position string"); its solution is checked by
//! `crates/ai/tests/course.rs` (reached against the coach at its last
//! move, nothing shorter reaches it, and the solver's or a deep search's
//! proof where the goal is a result).
//!
//! Imago's technique positions (stages 4, 5, 6, 8) are puzzles of the
//! mined sets: positions with a single winning (or drawing) move.

use super::{Course, Exercise, Goal, Stage};

const fn ex(
    variant: &'static str,
    position: &'static str,
    goal: Goal,
    solution: &'static [&'static str],
) -> Exercise {
    Exercise {
        variant,
        position,
        goal,
        solution,
    }
}

const WALLS: &str = "red:b2,b5 blue:g2,g5 walls:b2-c2,b3-c3,b5-c5,b6-c6";

const IMAGO: Course = Course {
    game: "imago",
    stages: &[
        Stage {
            id: "imago-step",
            exercises: &[
                ex(
                    "default",
                    "b2,b5/g2,g5 r 0",
                    Goal::Reach { square: "d5" },
                    &["b5-c5 g2", "c5-d5 g2"],
                ),
                ex(
                    "default",
                    "b2,b5/g2,g5 b 0",
                    Goal::Reach { square: "d2" },
                    &["g2-f2 b5", "e2-d2 c2"],
                ),
            ],
        },
        Stage {
            id: "imago-push",
            exercises: &[
                ex(
                    "default",
                    "b2,b5/g2,g5 r 0",
                    Goal::Push { square: "f5" },
                    &["b2-c2 g5"],
                ),
                ex(
                    "default",
                    "b2,b5/g2,g5 r 0",
                    Goal::Push { square: "e2" },
                    &["b2-c2 g5", "b5-c5 f2"],
                ),
            ],
        },
        Stage {
            id: "imago-goal",
            exercises: &[
                ex("default", "f6,g6/b1,e6 r 0", Goal::Win, &["g6-h6"]),
                ex("default", "c5,f6/b6,c6 b 0", Goal::Win, &["b6-a6"]),
            ],
        },
        Stage {
            id: "imago-push-to-goal",
            exercises: &[
                ex(
                    "default",
                    "g3,g5/e6,g4 r 0",
                    Goal::Win,
                    &["g5-g6 g4", "g6-h6"],
                ),
                ex(
                    "default",
                    "f2,g2/e1,e2 r 0",
                    Goal::Win,
                    &["g2-g1 e1", "g1-h1"],
                ),
                ex(
                    "default",
                    "b3,d1/c1,e1 b 0",
                    Goal::Win,
                    &["c1-b1 d1", "b1-a1"],
                ),
            ],
        },
        Stage {
            id: "imago-win-in-3",
            exercises: &[
                ex(
                    "default",
                    "f1,f3/g3,g5 r 0",
                    Goal::Win,
                    &["f1-g1 g3", "g2-g1 g3", "g1-h1"],
                ),
                ex(
                    "default",
                    "c5,g5/c6,e6 r 0",
                    Goal::Win,
                    &["g5-g6 c6", "f6-g6 e6", "g6-h6"],
                ),
                ex(
                    "default",
                    "b4,c3/c4,c6 b 0",
                    Goal::Win,
                    &["c6-b6 b4", "c6-b6 b4", "b6-a6"],
                ),
            ],
        },
        Stage {
            id: "imago-hold",
            exercises: &[
                ex(
                    "default",
                    "b5,b6/b1,g2 r 0",
                    Goal::Hold { moves: 3 },
                    &["b5-b4 b1", "b4-c4 c2", "b4-c4 c2"],
                ),
                ex(
                    "default",
                    "e6,f6/b6,f1 r 0",
                    Goal::Hold { moves: 3 },
                    &["e6-d6 b6", "d6-e6 g1", "d6-e6 g1"],
                ),
            ],
        },
        Stage {
            id: "imago-jacke",
            exercises: &[
                ex("default", "b2,f1/c1,c2 b 0", Goal::Claim, &["claim"]),
                ex("default", "b3,f1/c1,c3 b 0", Goal::Claim, &["claim"]),
            ],
        },
        Stage {
            id: "imago-walls",
            exercises: &[
                ex(WALLS, "b6,f6/b5,g4 r 0", Goal::Win, &["f6-g6 b5", "g6-h6"]),
                ex(WALLS, "b3,c3/c1,c2 b 0", Goal::Win, &["c1-b1 b3", "b1-a1"]),
            ],
        },
    ],
};

const JARMO_START: &str = "lllll/5/5/5/ddddd d 0/0 0 -/-";

const JARMO: Course = Course {
    game: "jarmo",
    stages: &[
        Stage {
            id: "jarmo-lines",
            exercises: &[
                ex(
                    "standard",
                    "l4/5/5/5/ddddd d 0/0 0 -/-",
                    Goal::Reach { square: "c3" },
                    &["d1-c3"],
                ),
                ex(
                    "standard",
                    JARMO_START,
                    Goal::Reach { square: "d4" },
                    &["c1-d3", "d3-d4"],
                ),
            ],
        },
        Stage {
            id: "jarmo-capture",
            exercises: &[
                ex(
                    "standard",
                    "ll1ll/5/1l3/5/ddddd d 0/0 0 -/-",
                    Goal::Capture { pieces: 1 },
                    &["a1xb3"],
                ),
                ex(
                    "standard",
                    "llll1/5/4l/5/ddddd d 0/0 0 -/-",
                    Goal::Capture { pieces: 1 },
                    &["a1-c2", "c2xe3"],
                ),
            ],
        },
        Stage {
            id: "jarmo-arrive",
            exercises: &[
                ex(
                    "standard",
                    "lllll/3d1/5/5/dddd1 d 0/0 0 -/-",
                    Goal::Arrive { archers: 1 },
                    &["d4xb5"],
                ),
                ex(
                    "standard",
                    "l1lll/5/5/2d2/d1ddd d 0/0 0 -/-",
                    Goal::Arrive { archers: 1 },
                    &["c1-d3", "d3xe5"],
                ),
            ],
        },
        Stage {
            id: "jarmo-return",
            exercises: &[
                ex(
                    "standard",
                    "l1lll/3D1/5/5/ddd2 d 0/0 0 -/-",
                    Goal::Return,
                    &["d4-b5+d1"],
                ),
                ex(
                    "standard",
                    "lllll/3D1/5/5/ddd2 d 0/0 0 -/-",
                    Goal::Return,
                    &["d4xb5+d1"],
                ),
                ex(
                    "standard",
                    "lll2/1l3/3d1/5/dd1d1 d 0/0 0 -/-",
                    Goal::Return,
                    &["d3xb4", "b4-d5+c1"],
                ),
            ],
        },
        Stage {
            id: "jarmo-finish",
            exercises: &[
                ex(
                    "standard",
                    "d1ddd/3d1/5/1l3/lll1l d 0/0 0 -/-",
                    Goal::Win,
                    &["d4-b5"],
                ),
                ex(
                    "standard",
                    "dd1dd/5/l1d2/5/5 d 0/0 0 -/-",
                    Goal::Win,
                    &["c3-a4", "a4-c5"],
                ),
            ],
        },
        Stage {
            id: "jarmo-race",
            exercises: &[
                ex(
                    "standard",
                    "dd1dd/1l3/l1d2/5/5 d 0/0 0 -/-",
                    Goal::Win,
                    &["c3-a4", "a4-c5"],
                ),
                ex(
                    "standard",
                    "ddd1d/2l2/5/2d2/5 d 0/0 0 -/-",
                    Goal::Win,
                    &["c2-e3", "e3-d5"],
                ),
                ex(
                    "standard",
                    "dd1dd/5/1l3/2d2/5 d 0/0 0 -/-",
                    Goal::Win,
                    &["c2-a1", "a1-b3", "b3-a5"],
                ),
            ],
        },
    ],
};

const LINJA: Course = Course {
    game: "linja",
    stages: &[
        Stage {
            id: "linja-first",
            exercises: &[
                ex(
                    "publisher",
                    "10r/./1b/./1r2b/./1r/9b r 0",
                    Goal::Row { row: 5 },
                    &["4-5"],
                ),
                ex(
                    "publisher",
                    "9r/1b/./2r1b/./1r/./10b b 0",
                    Goal::Row { row: 2 },
                    &["3-2"],
                ),
            ],
        },
        Stage {
            id: "linja-count",
            exercises: &[
                ex(
                    "publisher",
                    "9r/./1r/1r2b/./1b/1b/1r8b r 0",
                    Goal::Row { row: 6 },
                    &["2-3 3-6"],
                ),
                ex(
                    "publisher",
                    "8r1b/1r/1r/./2r1b/1b/./9b b 0",
                    Goal::Row { row: 1 },
                    &["5-4 4-1"],
                ),
            ],
        },
        Stage {
            id: "linja-extra",
            exercises: &[
                ex(
                    "publisher",
                    "9r/./1r/1r2b/./1b/./1r9b r 0",
                    Goal::ExtraTurn,
                    &["2-3 3-6; 0-1"],
                ),
                ex(
                    "publisher",
                    "9r1b/./1r/./2r1b/1b/./9b b 0",
                    Goal::ExtraTurn,
                    &["5-4 4-1; 7-6"],
                ),
            ],
        },
        Stage {
            id: "linja-end",
            exercises: &[
                ex(
                    "publisher",
                    "10b/././1b/2r1b/./1r/9r b 0",
                    Goal::Win,
                    &["4-3"],
                ),
                ex(
                    "publisher",
                    "9b/1b/1b/./1r/1r1b/./10r r 0",
                    Goal::Win,
                    &["4-5 5-7"],
                ),
            ],
        },
        Stage {
            id: "linja-margin",
            exercises: &[
                ex(
                    "publisher",
                    "8b/1b/./1r3b/./1r/./10r r 0",
                    Goal::Margin { points: 7 },
                    &["3-4"],
                ),
                ex(
                    "publisher",
                    "7b/./3b/1b/1r1b/1r/./10r r 0",
                    Goal::Margin { points: 12 },
                    &["4-5"],
                ),
            ],
        },
        Stage {
            id: "linja-tempo",
            exercises: &[
                ex(
                    "publisher",
                    "9b/./1b/./1r/3r2b/./8r r 0",
                    Goal::Win,
                    &["4-5 5-7", "5-6"],
                ),
                ex(
                    "publisher",
                    "10b/././1r1b/./1r1b/./10r r 0",
                    Goal::Win,
                    &["5-6", "3-4 4-5"],
                ),
            ],
        },
    ],
};

/// Super Dimensiones' exercises play the Red–Blue battle alone: the
/// Aqua–Orange one is decided (won by South), so Red and Blue alternate.
const DIMENSIONES: Course = Course {
    game: "dimensiones",
    stages: &[
        Stage {
            id: "dimensiones-move",
            exercises: &[
                ex(
                    "M-C-N-W-R",
                    "6/2b3/6/6/6/2r3 r -1 0 rbao",
                    Goal::Reach { square: "e3" },
                    &["c1-d2", "d2-e3"],
                ),
                ex(
                    "M-C-N-W-R",
                    "1b4/6/6/6/6/4r1 r -1 0 rbao",
                    Goal::Reach { square: "c3" },
                    &["e1-d2", "d2-c3"],
                ),
            ],
        },
        Stage {
            id: "dimensiones-capture",
            exercises: &[
                ex(
                    "M-C-N-W-R",
                    "5b/6/3b2/2r3/6/6 r -1 0 rbao",
                    Goal::Capture { pieces: 1 },
                    &["c3xe5"],
                ),
                ex(
                    "M-C-N-W-R",
                    "5b/6/3b2/6/1b4/r5 r -1 0 rbao",
                    Goal::Capture { pieces: 2 },
                    &["a1xe5"],
                ),
            ],
        },
        Stage {
            id: "dimensiones-crown",
            exercises: &[
                ex(
                    "M-C-N-W-R",
                    "6/4r1/6/6/1b4/6 r -1 0 rbao",
                    Goal::Crown,
                    &["e5-d6"],
                ),
                ex(
                    "M-C-N-W-R",
                    "6/2b3/1r4/6/5b/6 r -1 0 rbao",
                    Goal::Crown,
                    &["b4xd6"],
                ),
            ],
        },
        Stage {
            id: "dimensiones-queen",
            exercises: &[
                ex(
                    "M-C-N-W-R",
                    "5b/4b1/6/6/6/R5 r -1 0 rbao",
                    Goal::Capture { pieces: 1 },
                    &["a1-b2", "b2xe5"],
                ),
                ex(
                    "M-C-N-W-S",
                    "3b2/6/6/2R3/6/6 r -1 0 rbao",
                    Goal::Capture { pieces: 1 },
                    &["c3-d4", "d4xb6"],
                ),
            ],
        },
        Stage {
            id: "dimensiones-distract",
            exercises: &[
                ex(
                    "M-D-N-W-R",
                    "6/4b1/6/2r3/6/6 r -1 0 rbao",
                    Goal::Win,
                    &["c3-d4"],
                ),
                ex(
                    "M-D-N-W-R",
                    "6/6/6/4b1/6/2r3 r -1 0 rbao",
                    Goal::Win,
                    &["c1-d2"],
                ),
            ],
        },
        Stage {
            id: "dimensiones-eastern",
            exercises: &[
                ex(
                    "M-C-N-E-S",
                    "6/1b4/6/6/6/1r4 r -1 0 rbao",
                    Goal::Reach { square: "b3" },
                    &["b1-b2", "b2-b3"],
                ),
                ex(
                    "M-C-N-E-S",
                    "6/6/1b4/1r4/6/6 r -1 0 rbao",
                    Goal::Capture { pieces: 1 },
                    &["b3xb5"],
                ),
            ],
        },
        Stage {
            id: "dimensiones-allies",
            exercises: &[
                ex(
                    "I-C-N-W-R",
                    "o4b/6/6/6/2a3/2r3 r -- 0 rbao",
                    Goal::Reach { square: "c3" },
                    &["c1-c3"],
                ),
                ex(
                    "I-C-N-W-R",
                    "o4b/6/6/6/6/ra4 r -- 0 rbao",
                    Goal::Reach { square: "c1" },
                    &["a1-c1"],
                ),
            ],
        },
        Stage {
            id: "dimensiones-battle",
            exercises: &[
                ex(
                    "M-C-N-W-R",
                    "1b4/6/6/6/6/R5 r -1 0 rbao",
                    Goal::Win,
                    &["a1-b2", "b2-a3", "a3xc5"],
                ),
                ex(
                    "M-C-N-W-R",
                    "1b4/6/3b2/6/6/R5 r -1 0 rbao",
                    Goal::Win,
                    &["a1xe5", "e5-c3", "c3xa5"],
                ),
            ],
        },
    ],
};

/// Every course, in the order of the games' menu.
#[must_use]
pub fn courses() -> [&'static Course; 4] {
    [&IMAGO, &JARMO, &LINJA, &DIMENSIONES]
}

/// The course of a game, by its command-line name.
#[must_use]
pub fn course(game: &str) -> Option<&'static Course> {
    courses().into_iter().find(|c| c.game == game)
}
