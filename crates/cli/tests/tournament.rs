//! `tablero tournament` (issue #45): a four-player round-robin prints a
//! line as each game starts and ends and a crosstable whose points add up
//! to the games played; a gauntlet, a Swiss tournament with a bye, records
//! in `--out`, a UGI engine among the players; bad arguments refused.

mod common;
use common::tablero;

/// The crosstable's rows: name, points (in half points), games, and the
/// cells against each column (in half points; `None` for `*` or `-`).
fn rows(out: &str, n: usize) -> Vec<(String, u32, u32, Vec<Option<u32>>)> {
    let lines: Vec<&str> = out.lines().collect();
    let head = lines
        .iter()
        .position(|l| l.trim_start().starts_with("Rank"))
        .unwrap_or_else(|| panic!("no crosstable in\n{out}"));
    let half = |t: &str| -> Option<u32> {
        let x: f64 = t.parse().ok()?;
        Some((x * 2.0).round() as u32)
    };
    lines[head + 1..head + 1 + n]
        .iter()
        .map(|l| {
            let (left, cells) = l.split_once('|').expect("a crosstable row");
            let words: Vec<&str> = left.split_whitespace().collect();
            // rank, name (may hold spaces), points, games, Buchholz, S-B
            let k = words.len();
            assert!(k >= 6, "{l}");
            let name = words[1..k - 4].join(" ");
            let cells: Vec<Option<u32>> = cells.split_whitespace().map(half).collect();
            assert_eq!(cells.len(), n, "{l}");
            (
                name,
                half(words[k - 4]).expect("points"),
                words[k - 3].parse().expect("games"),
                cells,
            )
        })
        .collect()
}

#[test]
fn a_four_player_round_robin_prints_each_game_and_a_crosstable_that_adds_up() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("games");
    let (code, out, err) = tablero(
        &[
            "tournament",
            "linja",
            "--player",
            "ai:1",
            "--player",
            "random",
            "--player",
            "ai:2",
            "--player",
            "random",
            "--concurrency",
            "2",
            "--out",
            out_dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Round-robin of Linja: 4 players, 6 games"),
        "{out}"
    );
    assert_eq!(out.matches("Started game ").count(), 6, "{out}");
    assert_eq!(out.matches("Finished game ").count(), 6, "{out}");
    let rows = rows(&out, 4);
    let names: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, ["ai:1", "ai:2", "random", "random #2"]);
    // Each plays each once: three games, half points adding to 2 a game.
    let total: u32 = rows.iter().map(|r| r.1).sum();
    let games: u32 = rows.iter().map(|r| r.2).sum();
    assert!(rows.iter().all(|r| r.2 == 3));
    assert_eq!(total, 2 * 6);
    assert_eq!(games, 2 * 6);
    // Best first; each row's cells add to its points, and the two cells of a
    // pairing to the one game's 2 half points.
    for w in rows.windows(2) {
        assert!(w[0].1 >= w[1].1, "{out}");
    }
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r.3[i], None);
        assert_eq!(r.3.iter().flatten().sum::<u32>(), r.1, "{out}");
        for (j, other) in rows.iter().enumerate().filter(|(j, _)| *j != i) {
            assert_eq!(r.3[j].unwrap() + other.3[i].unwrap(), 2, "{out}");
        }
    }
    // One record a game, the players' specs as tags.
    let mut files: Vec<_> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    assert_eq!(files.len(), 6);
    assert_eq!(files[0], "game-001.txt");
    let record = std::fs::read_to_string(out_dir.join(&files[0])).unwrap();
    assert!(record.contains("Round"), "{record}");
}

#[test]
fn a_gauntlet_and_a_swiss_with_a_bye_and_a_ugi_engine() {
    let engine = format!(
        "ugi:{} engine linja --player ai:1",
        env!("CARGO_BIN_EXE_tablero")
    );
    let (code, out, err) = tablero(
        &[
            "tournament",
            "linja",
            "--kind",
            "gauntlet",
            "--player",
            &engine,
            "--player",
            "random",
            "--player",
            "ai:1",
            "--games-per-pair",
            "2",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("Finished game ").count(), 4, "{out}");
    let table = rows(&out, 3);
    let engine_row = table.iter().find(|r| r.0.starts_with("ugi:")).unwrap();
    assert_eq!(engine_row.2, 4);
    assert!(table
        .iter()
        .filter(|r| !r.0.starts_with("ugi:"))
        .all(|r| r.2 == 2));
    assert_eq!(table.iter().map(|r| r.1).sum::<u32>(), 2 * 4);

    // Three players, two rounds: each round one game and one bye.
    let (code, out, err) = tablero(
        &[
            "tournament",
            "linja",
            "--kind",
            "swiss",
            "--player",
            "ai:1",
            "--player",
            "random",
            "--player",
            "ai:2",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("Round 1 of 2").count(), 1, "{out}");
    assert_eq!(out.matches("has the bye").count(), 2, "{out}");
    let rows = rows(&out, 3);
    let games: u32 = rows.iter().map(|r| r.2).sum();
    assert_eq!(games, 2 * 2);
    // Points: 2 half points a game played and 2 a bye.
    assert_eq!(rows.iter().map(|r| r.1).sum::<u32>(), 2 * 2 + 2 * 2);
}

#[test]
fn bad_tournaments_are_refused() {
    let (code, _, err) = tablero(&["tournament", "linja", "--player", "ai:1"], "");
    assert_eq!(code, 2);
    assert!(err.contains("at least two players"), "{err}");
    let (code, _, err) = tablero(
        &[
            "tournament",
            "linja",
            "--kind",
            "swiss",
            "--player",
            "ai:1",
            "--player",
            "ai:2",
            "--games-per-pair",
            "2",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("one game a pairing"), "{err}");
    let (code, _, err) = tablero(
        &[
            "tournament",
            "linja",
            "--player",
            "ai:1",
            "--player",
            "nonsense",
        ],
        "",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--player 2"), "{err}");
}
