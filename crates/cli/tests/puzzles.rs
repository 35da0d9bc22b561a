//! `tablero puzzles generate` and `tablero puzzle`: puzzles written with
//! their proofs, solved through standard input right and wrong with the
//! refutation and the streak, in both languages; bad files refused.

mod common;

use common::{tablero, tablero_env};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn generated(
    dir: &Path,
    game: &str,
    count: u32,
    seed: u32,
    extra: &[&str],
) -> (PathBuf, Vec<Value>) {
    let path = dir.join(format!("{game}-{seed}.jsonl"));
    let (count_s, seed_s) = (count.to_string(), seed.to_string());
    let mut args = vec![
        "puzzles",
        "generate",
        game,
        "--count",
        &count_s,
        "--seed",
        &seed_s,
        "--out",
        path.to_str().unwrap(),
    ];
    args.extend(extra);
    let (code, out, err) = tablero(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains(&format!("{count} of {count} ")), "{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    let puzzles: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(puzzles.len(), count as usize);
    (path, puzzles)
}

/// The order `puzzle --rating 3000` poses them in: the hardest first
/// (every difficulty is below 3000), the file's order among equals.
fn posed(puzzles: &[Value]) -> Vec<Value> {
    let mut v = puzzles.to_vec();
    v.sort_by_key(|p| std::cmp::Reverse(p["difficulty"].as_u64().unwrap()));
    v
}

fn text(v: &Value) -> &str {
    v.as_str().unwrap()
}

#[test]
fn generate_prints_json_lines_with_a_proof_of_every_move() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, err) = tablero(&["puzzles", "generate", "imago", "--count", "2"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 2, "{out}");
    for line in out.lines() {
        let p: Value = serde_json::from_str(line).unwrap();
        assert_eq!(p["game"], "imago");
        assert_eq!(p["source"], "solver");
        let proof = p["proof"].as_array().unwrap();
        assert!(proof.len() >= 2);
        assert_eq!(proof[0]["move"], p["answer"]);
        assert_eq!(proof[0]["value"]["kind"], "win");
        assert!(text(&p["id"]).starts_with("imago-"));
    }
    // The same seed, the same puzzles.
    let (_, again, _) = tablero(&["puzzles", "generate", "imago", "--count", "2"], "");
    assert_eq!(out, again);
    let (_, linja) = generated(dir.path(), "linja", 2, 4, &[]);
    assert!(linja.iter().all(|p| p["source"] == "endgame"));
    let (_, jarmo) = generated(dir.path(), "jarmo", 1, 4, &["--depths", "1,3"]);
    assert_eq!(jarmo[0]["depths"], serde_json::json!([1, 3]));
    assert!(jarmo[0]["proof"][0]["deep"].is_object());
}

#[test]
fn a_puzzle_solved_right_then_one_wrong_shows_the_refutation_and_the_streak() {
    let dir = tempfile::tempdir().unwrap();
    let (path, puzzles) = generated(dir.path(), "imago", 3, 1, &[]);
    let order = posed(&puzzles);
    let wrong = text(&order[1]["proof"][1]["move"]).to_string();
    let input = format!(
        "moves\nnot-a-move\n999\n{}\n{wrong}\nskip\n",
        text(&order[0]["answer"])
    );
    let file = path.to_str().unwrap();
    let (code, out, err) = tablero(&["puzzle", file, "--rating", "3000"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Puzzle 1 of 3 · Imago (default) · win in 1 move"),
        "{out}"
    );
    assert!(
        out.contains("Blue to move") || out.contains("Red to move"),
        "{out}"
    );
    // The board as `tablero play` draws it.
    assert!(out.contains("     a   b   c   d   e   f   g   h"), "{out}");
    // `moves` lists the legal moves, a bad move is said and asked again.
    assert!(
        out.contains(&wrong) && out.contains("is not a move"),
        "{out}"
    );
    assert!(out.contains("There is no move number 999;"), "{out}");
    assert!(
        out.contains(&format!(
            "Right! {} (win in 1). Streak 1;",
            text(&order[0]["answer"])
        )),
        "{out}"
    );
    let refuted = match order[1]["proof"][1]["value"]["kind"].as_str().unwrap() {
        "draw" => "draw".to_string(),
        k => format!("{k} in {}", order[1]["proof"][1]["value"]["plies"]),
    };
    assert!(
        out.contains(&format!(
            "Wrong: {wrong} ({refuted}); the answer was {} (win in 1). The streak of 1 is over;",
            text(&order[1]["answer"])
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "Skipped: the answer was {}",
            text(&order[2]["answer"])
        )),
        "{out}"
    );
    assert!(out.contains("1 of 2 right; best streak 1;"), "{out}");

    // In Spanish.
    let (code, out, err) = tablero_env(
        &["puzzle", file, "--rating", "3000"],
        &input,
        &[("LANG", "es_ES.UTF-8")],
    );
    assert_eq!(code, 0, "{err}");
    // The variant's name in Spanish too (#50, item 6).
    assert!(out.contains("Problema 1 de 3 · Imago (estándar)"), "{out}");
    assert!(out.contains("gana en 1 jugada"), "{out}");
    assert!(out.contains("¡Bien! ") && out.contains("Racha 1;"), "{out}");
    assert!(
        out.contains(&format!("Mal: {wrong} (")) && out.contains("Se acabó la racha de 1;"),
        "{out}"
    );
    assert!(out.contains("1 de 2 bien; mejor racha 1;"), "{out}");
}

#[test]
fn linja_and_jarmo_puzzles_show_their_proofs() {
    let dir = tempfile::tempdir().unwrap();
    let (path, puzzles) = generated(dir.path(), "linja", 1, 2, &[]);
    let p = &puzzles[0];
    let points = p["proof"][0]["value"]["points"].as_i64().unwrap();
    let (code, out, err) = tablero(
        &["puzzle", path.to_str().unwrap()],
        &format!("{}\n", text(&p["answer"])),
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!(
            "Right! {} ({points:+} points)",
            text(&p["answer"])
        )),
        "{out}"
    );

    let (path, puzzles) = generated(dir.path(), "jarmo", 1, 2, &["--depths", "1,3"]);
    let p = &puzzles[0];
    let wrong = text(&p["proof"][1]["move"]);
    let (code, out, err) = tablero(&["puzzle", path.to_str().unwrap()], &format!("{wrong}\n"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("Wrong: {wrong} (")), "{out}");
    assert!(
        out.contains("at depth 1,") && out.contains("at depth 3)"),
        "{out}"
    );
    // A first answer wrong ends no streak (#50, item 10).
    let wrong_line = out.lines().find(|l| l.contains("Wrong: ")).unwrap();
    assert!(
        !wrong_line.contains("streak") && wrong_line.contains(". Rating "),
        "{wrong_line}"
    );
    assert!(out.contains("0 of 1 right"), "{out}");
}

/// At a terminal (a pseudo-terminal made by `script`), `puzzles generate`
/// without `--out` lists the puzzles for a person and says how to keep
/// them, instead of JSON lines (#50, item 10); into a pipe it stays JSON.
#[test]
fn generate_at_a_terminal_lists_the_puzzles_and_says_how_to_save_them() {
    let command = format!(
        "{} puzzles generate imago --count 2",
        env!("CARGO_BIN_EXE_tablero")
    );
    let out = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env("LANG", "C")
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("script(1) from util-linux runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout).replace('\r', "");
    assert!(!text.contains("{\""), "{text}");
    assert!(
        text.contains("1. imago-") && text.contains("2. imago-"),
        "{text}"
    );
    assert!(text.contains("· win in 1 move · difficulty "), "{text}");
    assert!(text.contains("`--out FILE` writes them"), "{text}");
}

#[test]
fn a_changed_puzzle_file_is_refused_in_the_user_s_language() {
    let dir = tempfile::tempdir().unwrap();
    let (path, puzzles) = generated(dir.path(), "imago", 2, 3, &[]);
    let mut changed = puzzles[1].clone();
    changed["answer"] = changed["proof"][1]["move"].clone();
    let bad = dir.path().join("bad.jsonl");
    std::fs::write(&bad, format!("{}\n{changed}\n", puzzles[0])).unwrap();
    let file = bad.to_str().unwrap();
    let (code, _, err) = tablero(&["puzzle", file], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("line 2: its id does not match its content"),
        "{err}"
    );
    let (code, _, err) = tablero_env(&["puzzle", file], "", &[("LANG", "es_ES.UTF-8")]);
    assert_eq!(code, 2);
    assert!(err.contains("línea 2: su id no corresponde"), "{err}");
    // No puzzle of the game asked for; a file that is not there.
    let (code, _, err) = tablero(&["puzzle", path.to_str().unwrap(), "--game", "linja"], "");
    assert_eq!(code, 2);
    assert!(err.contains("has no puzzle of that game"), "{err}");
    let (code, _, err) = tablero(&["puzzle", "/nonexistent/p.jsonl"], "");
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/p.jsonl"), "{err}");
    // Bad depths.
    let (code, _, err) = tablero(&["puzzles", "generate", "jarmo", "--depths", "4,2"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--depths \"4,2\""), "{err}");
}

#[test]
fn saved_games_are_mined_first() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir(&games).unwrap();
    let rec = games.join("g.txt");
    let (code, _, err) = tablero(
        &[
            "match",
            "imago",
            "--a",
            "ai:2",
            "--b",
            "ai:2",
            "--games",
            "4",
            "--records",
            games.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    std::fs::write(&rec, "not a record of any game").unwrap();
    let (_, from) = generated(
        dir.path(),
        "imago",
        1,
        9,
        &[
            "--from-records",
            games.to_str().unwrap(),
            "--max-games",
            "0",
        ],
    );
    assert_eq!(from[0]["game"], "imago");
    // Without the records and without self-play nothing is found.
    let (code, out, err) = tablero(&["puzzles", "generate", "imago", "--max-games", "0"], "");
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    assert!(err.contains("0 of 20 "), "{err}");
    // A folder that is not there is an error.
    let (code, _, err) = tablero(
        &[
            "puzzles",
            "generate",
            "imago",
            "--from-records",
            "/nonexistent/dir",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/dir"), "{err}");
}

/// Issue #46: the terminal rates puzzles by the web app's rule: a new
/// player's first wrong answer, to an easy puzzle, costs at most
/// `MAX_STEP` (100) points (with the old rule, a deviation of 350, it cost
/// 573 on this puzzle).
#[test]
fn a_new_players_first_wrong_answer_moves_the_rating_by_at_most_the_bound() {
    let dir = tempfile::tempdir().unwrap();
    let (path, puzzles) = generated(dir.path(), "imago", 1, 1, &[]);
    let p = &puzzles[0];
    assert!(p["difficulty"].as_u64().unwrap() < 1300, "{p}");
    let wrong = text(&p["proof"][1]["move"]).to_string();
    let (code, out, err) = tablero(&["puzzle", path.to_str().unwrap()], &format!("{wrong}\n"));
    assert_eq!(code, 0, "{err}");
    let line = out
        .lines()
        .find(|l| l.contains("Wrong:"))
        .unwrap_or_else(|| panic!("{out}"));
    let after = line
        .split("Rating ")
        .nth(1)
        .unwrap_or_else(|| panic!("{line}"));
    let rating: f64 = after.split_whitespace().next().unwrap().parse().unwrap();
    let change = 1500.0 - rating;
    assert!(
        change > 0.0 && change <= tablero_ai::puzzles::rating::MAX_STEP,
        "{line}"
    );
}
