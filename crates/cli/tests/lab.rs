//! `tablero lab`: a tiny survey through the command line, its records
//! replayed by `tablero moves`, and Imago's exact lab checked against
//! `tablero solve`.

mod common;

use common::{json, tablero};

#[test]
fn a_tiny_survey_reports_and_its_records_replay() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("report");
    let d = dir.to_str().unwrap();
    let args = [
        "lab",
        "linja",
        "--variants",
        "all",
        "--level",
        "1",
        "--games",
        "2",
        "--report",
        d,
        "--threads",
        "2",
        "--json",
    ];
    let v = json(&args);
    let groups = v["groups"].as_array().unwrap();
    assert_eq!(groups.len(), 2);
    assert_eq!(v["games"], 4);
    for g in groups {
        let n = g["games"].as_f64().unwrap();
        let sum: f64 = ["first_wins", "second_wins", "draws"]
            .iter()
            .map(|k| g[k]["count"].as_f64().unwrap())
            .sum();
        assert_eq!(sum, n);
        assert!(g["length"]["mean"]["value"].as_f64().unwrap() > 0.0);
    }
    assert!(dir.join("index.html").exists() && dir.join("lab.sqlite").exists());
    // Every record replays from the variant's start through its opening;
    // its outcome is the recorded one.
    let folder = dir.join(groups[1]["records"].as_str().unwrap());
    let mut seen = 0;
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("[Variant \"seed\"]") && text.contains("[Opening \""));
        let file = format!("@{}", path.display());
        let m = json(&[
            "moves",
            "linja",
            "--variant",
            "seed",
            "--moves",
            &file,
            "--json",
        ]);
        let winner = m["outcome"]["winner"].as_str().unwrap_or("draw");
        assert!(text.contains(&format!("[Result \"{winner}\"]")), "{text}");
        seen += 1;
    }
    assert_eq!(seen, 2);
    // The same command again resumes: nothing left to play, same figures.
    let again = json(&args);
    assert_eq!(again["groups"], v["groups"]);
}

#[test]
fn bad_options_are_refused() {
    let (code, _, err) = tablero(&["lab", "jarmo", "--ladder", "3,1"], "");
    assert_ne!(code, 0);
    assert!(err.contains("--ladder"), "{err}");
    let (code, _, err) = tablero(&["lab", "jarmo", "--variants", "sideways"], "");
    assert_ne!(code, 0);
    assert!(err.contains("bad variant"), "{err}");
    let (code, _, _) = tablero(&["lab", "jarmo", "--search-layouts"], "");
    assert_ne!(code, 0);
}

#[test]
fn imago_search_best_layout_matches_the_solver() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path().to_str().unwrap();
    let v = json(&[
        "lab",
        "imago",
        "--search-layouts",
        "--walls",
        "1",
        "--max-layouts",
        "3",
        "--top",
        "2",
        "--report",
        d,
        "--json",
    ]);
    assert_eq!(v["searched"], 3);
    let best = &v["best"][0];
    let file = v["files"][0].as_str().unwrap();
    let solved = json(&["solve", "imago", "--layout", file, "--json"]);
    assert_eq!(solved["start"]["red"], best["red_first"]["start"]["value"]);
    assert_eq!(
        solved["start"]["blue"],
        best["blue_first"]["start"]["value"]
    );
    let positions = solved["positions"].as_f64().unwrap();
    let won = solved["wins"].as_f64().unwrap() / positions;
    assert!((won - best["won_share"].as_f64().unwrap()).abs() < 1e-12);
    // The exact lab of that layout says the same.
    let layout = format!("@{file}");
    let e = json(&[
        "lab",
        "imago",
        "--variant",
        &layout,
        "--report",
        d,
        "--json",
    ]);
    assert_eq!(e["layouts"][0]["red_first"], best["red_first"]);
}
