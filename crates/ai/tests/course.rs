//! Every course exercise checked: it reads, its goal is not reached before
//! a move, the intended solution reaches it against the coach exactly at
//! its last move (three stars), no shorter sequence of the learner's moves
//! reaches it (the par is the fewest), and where a solver or a deep search
//! can judge the goal (a win, a claim, holding the draw) it proves the goal
//! against any defence. Every stage has its texts in both languages.

use tablero_ai::course::{
    courses, fewest_moves, play, replay_as, stars, start_of, CourseError, Exercise, Lesson, Played,
};
use tablero_games::dimensiones::Dimensiones;
use tablero_games::imago::Imago;
use tablero_games::jarmo::Jarmo;
use tablero_games::linja::Linja;

fn moves(list: &[&str]) -> Vec<String> {
    list.iter().map(|m| m.to_string()).collect()
}

fn check<G: Lesson>(stage: &str, i: usize, e: &Exercise) {
    let at = format!("{stage} #{i}");
    let start: G = start_of(e).unwrap_or_else(|err| panic!("{at}: {err}"));
    let par = e.par();
    assert!((1..=4).contains(&par), "{at}: par {par}");
    // Nothing reached before the first move.
    let none = replay_as::<G>(e, &[]).unwrap();
    assert!(!none.reached && !none.over, "{at}: reached at the start");
    // The solution reaches the goal at its last move, not before.
    let done: Played =
        replay_as::<G>(e, &moves(e.solution)).unwrap_or_else(|err| panic!("{at}: {err}"));
    assert!(
        done.reached,
        "{at}: the solution does not reach the goal: {done:?}"
    );
    assert_eq!((done.learner_moves, done.stars), (par, Some(3)), "{at}");
    if par > 1 {
        let short = replay_as::<G>(e, &moves(&e.solution[..par - 1])).unwrap();
        assert!(!short.reached, "{at}: reached before the solution's end");
    }
    // The par is the fewest: nothing shorter reaches it.
    if par > 1 {
        assert_eq!(fewest_moves::<G>(e, par - 1), None, "{at}: a shorter way");
    }
    if let Some(proved) = G::proof(&e.goal, &start, par) {
        assert!(proved, "{at}: the solver does not prove the goal in {par}");
    }
}

#[test]
fn every_exercise_is_solved_in_its_par_and_no_fewer() {
    let mut count = 0;
    for course in courses() {
        assert!(
            (6..=10).contains(&course.stages.len()),
            "{}: {} stages",
            course.game,
            course.stages.len()
        );
        for stage in course.stages {
            assert!(!stage.exercises.is_empty(), "{}", stage.id);
            assert!(stage.id.starts_with(course.game), "{}", stage.id);
            for (i, e) in stage.exercises.iter().enumerate() {
                match course.game {
                    "imago" => check::<Imago>(stage.id, i, e),
                    "jarmo" => check::<Jarmo>(stage.id, i, e),
                    "linja" => check::<Linja>(stage.id, i, e),
                    "dimensiones" => check::<Dimensiones>(stage.id, i, e),
                    g => panic!("a course of {g}"),
                }
                count += 1;
            }
        }
    }
    assert!(count >= 40, "{count} exercises");
}

#[test]
fn every_stage_and_goal_has_its_texts_in_both_languages() {
    for lang in tablero_i18n::Lang::ALL {
        let text = tablero_i18n::file(lang, "learn.ftl").expect("learn.ftl");
        let has = |id: &str| text.lines().any(|l| l.starts_with(&format!("{id} =")));
        for course in courses() {
            for stage in course.stages {
                for part in ["title", "intro"] {
                    let id = format!("learn-{}-{part}", stage.id);
                    assert!(has(&id), "{}: {id}", lang.code());
                }
                for e in stage.exercises {
                    let id = format!("learn-goal-{}", e.goal.kind());
                    assert!(has(&id), "{}: {id}", lang.code());
                }
            }
        }
    }
}

#[test]
fn a_replay_counts_moves_refuses_bad_ones_and_gives_stars() {
    // imago-win-in-3, first exercise: a slower way, a wrong move, a claim.
    let stage = "imago-win-in-3";
    let p = play("imago", stage, 0, &moves(&["f1-g1 g3"])).unwrap();
    assert!(!p.reached && !p.over);
    assert_eq!((p.learner_moves, p.par, p.stars), (1, 3, None));
    // The coach answered: two moves in all.
    assert_eq!(p.moves.len(), 2);
    assert!(matches!(
        play("imago", stage, 0, &moves(&["a1-a2"])),
        Err(CourseError::Illegal { index: 0, .. })
    ));
    let solution = moves(&["f1-g1 g3", "g2-g1 g3", "g1-h1"]);
    let done = play("imago", stage, 0, &solution).unwrap();
    assert!(done.reached && done.over);
    let mut more = solution.clone();
    more.push("g1-h1".into());
    assert_eq!(play("imago", stage, 0, &more), Err(CourseError::TooMany));
    // Jacke in a drawn position is refused.
    assert_eq!(
        play("imago", "imago-step", 0, &moves(&["claim"])),
        Err(CourseError::Claim)
    );
    // The claim stage: claimed at once, three stars.
    let claimed = play("imago", "imago-jacke", 0, &moves(&["claim"])).unwrap();
    assert_eq!((claimed.reached, claimed.stars), (true, Some(3)));
    assert_eq!(play("chess", stage, 0, &[]), Err(CourseError::Unknown));
    assert_eq!(play("imago", "nope", 0, &[]), Err(CourseError::Unknown));
}

#[test]
fn stars_follow_the_par() {
    assert_eq!(stars(2, 2), 3);
    assert_eq!(stars(2, 1), 3);
    assert_eq!(stars(2, 3), 2);
    assert_eq!(stars(2, 4), 2);
    assert_eq!(stars(2, 5), 1);
}
