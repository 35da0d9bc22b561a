//! For writing a course exercise (`tablero_ai::course`): the shortest
//! sequence of the learner's moves that reaches a goal against the coach,
//! and the solver's or deep search's proof where the goal has one.
//!
//! ```text
//! cargo run --release -p tablero-ai --example course_probe -- GAME VARIANT POSITION GOAL [LIMIT]
//! cargo run --release -p tablero-ai --example course_probe < LINES
//! ```
//!
//! `GOAL`: `reach:SQUARE`, `row:N`, `push:CELL`, `capture:N`,
//! `arrive:N`, `return`, `crown`, `extra`, `win`, `hold:N`, `claim`,
//! `margin:N`; `LIMIT` the most moves tried (default 3). From standard
//! input: one exercise a line, its fields separated by `|`.
use tablero_ai::course::{fewest_moves, Exercise, Goal, Lesson};
use tablero_games::dimensiones::Dimensiones;
use tablero_games::imago::Imago;
use tablero_games::jarmo::Jarmo;
use tablero_games::linja::Linja;

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

fn goal(spec: &str) -> Goal {
    let (k, v) = spec.split_once(':').unwrap_or((spec, ""));
    match k {
        "reach" => Goal::Reach { square: leak(v) },
        "row" => Goal::Row {
            row: v.parse().unwrap(),
        },
        "push" => Goal::Push { square: leak(v) },
        "capture" => Goal::Capture {
            pieces: v.parse().unwrap(),
        },
        "arrive" => Goal::Arrive {
            archers: v.parse().unwrap(),
        },
        "return" => Goal::Return,
        "crown" => Goal::Crown,
        "extra" => Goal::ExtraTurn,
        "win" => Goal::Win,
        "hold" => Goal::Hold {
            moves: v.parse().unwrap(),
        },
        "claim" => Goal::Claim,
        "margin" => Goal::Margin {
            points: v.parse().unwrap(),
        },
        _ => panic!("goal"),
    }
}

fn probe<G: Lesson>(e: &Exercise, limit: usize) {
    let start: G = match tablero_ai::course::start_of(e) {
        Ok(s) => s,
        Err(err) => {
            println!("broken {err:?}");
            return;
        }
    };
    match fewest_moves::<G>(e, limit) {
        Some(s) => {
            let p = G::proof(&e.goal, &start, s.len());
            println!("par {}: {:?} proof {:?}", s.len(), s, p);
        }
        None => println!("no solution within {limit}"),
    }
}

fn main() {
    let mut a: Vec<String> = std::env::args().skip(1).collect();
    if a.is_empty() {
        for line in std::io::stdin().lines() {
            let line = line.unwrap();
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let f: Vec<String> = line.split('|').map(|x| x.trim().to_string()).collect();
            print!("{line}  =>  ");
            run(&f);
        }
        return;
    }
    run(&std::mem::take(&mut a));
}

fn run(a: &[String]) {
    let e = Exercise {
        variant: leak(&a[1]),
        position: leak(&a[2]),
        goal: goal(&a[3]),
        solution: &[],
    };
    let limit = a.get(4).map_or(3, |l| l.parse().unwrap());
    match a[0].as_str() {
        "imago" => probe::<Imago>(&e, limit),
        "jarmo" => probe::<Jarmo>(&e, limit),
        "linja" => probe::<Linja>(&e, limit),
        "dimensiones" => probe::<Dimensiones>(&e, limit),
        _ => panic!("game"),
    }
}
