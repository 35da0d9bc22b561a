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
    // Without --json the last line says where the report page is (#50,
    // item 11), and the page is there.
    let (code, out, err) = common::tablero(&["lab", "imago", "--report", d], "");
    assert_eq!(code, 0, "{err}");
    let page = tmp.path().join("index.html");
    let last = out.lines().last().unwrap_or_default();
    assert_eq!(last, format!("The report is in {}", page.display()));
    assert!(page.is_file());
}

#[test]
fn linja_exact_lab_agrees_with_the_forward_solver() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path().join("linja");
    let d = d.to_str().unwrap();
    let v = json(&[
        "lab", "linja", "--exact", "--free", "3", "--report", d, "--json",
    ]);
    assert_eq!(v["rules"], "publisher");
    assert_eq!(v["free"], 3);
    assert_eq!(v["exhaustive"], true);
    assert!(v["positions"].as_u64().unwrap() > 100);
    let shares: f64 = ["won", "drawn", "lost"]
        .iter()
        .map(|k| v["shares"][k].as_f64().unwrap())
        .sum();
    assert!((shares - 1.0).abs() < 1e-9, "{shares}");
    let starts = v["starts"].as_array().unwrap();
    assert_eq!(starts.len(), 2);
    assert_eq!(starts[0]["first"], "red");
    assert_eq!(starts[1]["first"], "black");
    // The rules are the same for both colours.
    assert_eq!(starts[0]["value"], starts[1]["value"]);
    for s in starts {
        let value = s["value"].as_i64().unwrap();
        let moves: Vec<i64> = s["move_values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m[1].as_i64().unwrap())
            .collect();
        assert_eq!(moves.len() as u64, s["moves"].as_u64().unwrap());
        assert_eq!(moves[0], value, "the best first move keeps the value");
        let worst = *moves.iter().min().unwrap();
        assert_eq!(s["worst"].as_i64().unwrap(), worst);
        assert_eq!(s["largest_drop"].as_i64().unwrap(), value - worst);
        assert_eq!(
            s["losing"].as_u64().unwrap(),
            moves.iter().filter(|&&m| m < 0).count() as u64
        );
        assert!(s["shortest"].as_u64().unwrap() <= s["longest"].as_u64().unwrap());
        // The forward solver (no table) gives the same value.
        let pos = s["position"].as_str().unwrap();
        let solved = json(&["solve", "linja", "--position", pos, "--json"]);
        assert_eq!(solved["score_diff"].as_i64().unwrap(), value, "{pos}");
    }
    let report: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(tmp.path().join("linja/report.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(report["exact"], "linja");
    assert_eq!(report["starts"], v["starts"]);
    // The table it built answers the same through --table.
    let table = tmp.path().join("linja/linja-publisher-free3.tbl");
    let again = json(&[
        "lab",
        "linja",
        "--exact",
        "--table",
        table.to_str().unwrap(),
        "--report",
        d,
        "--json",
    ]);
    assert_eq!(again["starts"], v["starts"]);
    assert_eq!(again["shares"], v["shares"]);
    // Refused: --exact elsewhere, without a table, a bad size.
    for args in [
        &["lab", "jarmo", "--exact", "--free", "3"][..],
        &["lab", "linja", "--exact"][..],
        &["lab", "linja", "--exact", "--free", "13"][..],
        &["lab", "linja", "--exact", "--table", "/nonexistent/t.tbl"][..],
    ] {
        let (code, _, err) = tablero(args, "");
        assert_ne!(code, 0, "{args:?}");
        assert!(
            !err.is_empty() && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
}
