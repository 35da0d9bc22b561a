//! The tools' errors in the reader's language: a bad player spec, the lab's
//! errors, a file that is no Linja table and an Imago layout's warning say
//! what is wrong in Spanish under `--lang es`, with no English reason left,
//! and in English under `--lang en`.

mod common;

use common::tablero_env;

/// `tablero --lang LANG ARGS` (the locale variables saying English): the
/// exit code and standard error.
fn run(lang: &str, args: &[&str]) -> (i32, String) {
    let mut all = vec!["--lang", lang];
    all.extend_from_slice(args);
    let (code, _, err) = tablero_env(&all, "", &[("LANG", "C")]);
    assert!(!err.contains("panicked"), "{all:?}: {err}");
    (code, err)
}

/// `args` fails in both languages: in Spanish its error line has every one
/// of `es` and none of `en`, in English the other way round.
fn fails(args: &[&str], es: &[&str], en: &[&str]) {
    for (lang, yes, no) in [("es", es, en), ("en", en, es)] {
        let (code, err) = run(lang, args);
        assert_ne!(code, 0, "{lang} {args:?} succeeded: {err}");
        let line = err
            .lines()
            .find(|l| l.starts_with("error: "))
            .unwrap_or_else(|| panic!("{lang} {args:?}: no error line in {err}"));
        for w in yes {
            assert!(
                line.contains(w),
                "{lang} {args:?}: {w:?} missing from {line}"
            );
        }
        for w in no {
            assert!(!line.contains(w), "{lang} {args:?}: {w:?} left in {line}");
        }
    }
}

#[test]
fn a_bad_player_spec() {
    fails(
        &["match", "imago", "--a", "ai:9", "--b", "random"],
        &["--a: \"ai:9\": los niveles van de ai:1 a ai:5"],
        &["--a: \"ai:9\": levels are ai:1 to ai:5"],
    );
    fails(
        &["match", "imago", "--a", "random", "--b", "foo"],
        &["--b: jugador desconocido \"foo\": usa random"],
        &["--b: unknown player \"foo\": use random"],
    );
    fails(
        &["match", "jarmo", "--a", "mcts:depth=3", "--b", "random"],
        &["mcts no tiene la clave \"depth\""],
        &["unknown mcts key \"depth\""],
    );
    fails(
        &["match", "jarmo", "--a", "ab:ms=x", "--b", "random"],
        &["ms=x: no es un número"],
        &["ms=x: not a number"],
    );
    fails(
        &["match", "draughts", "--a", "solver", "--b", "random"],
        &["draughts no tiene jugador exacto"],
        &["draughts has no exact player"],
    );
    // An external engine that does not start.
    fails(
        &[
            "match",
            "imago",
            "--a",
            "ugi:/nonexistent/engine",
            "--b",
            "random",
        ],
        &["--a: ugi: no se puede arrancar \"/nonexistent/engine\": no existe"],
        &["--a: ugi: cannot start \"/nonexistent/engine\""],
    );
    fails(
        &["match", "imago", "--a", "ugi:", "--b", "random"],
        &["ugi: falta una orden tras `ugi:`"],
        &["ugi: expected a command after `ugi:`"],
    );
    // `play` names the spec's reason too.
    fails(
        &["play", "jarmo", "--p1", "mcts:iters", "--p2", "random"],
        &["\"iters\" en \"mcts:iters\" no tiene la forma clave=valor"],
        &["\"iters\" in \"mcts:iters\" is not key=value"],
    );
}

#[test]
fn the_lab_s_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let report = tmp.path().join("report");
    let d = report.to_str().unwrap();
    fails(
        &["lab", "jarmo", "--players", "ai:7,random", "--report", d],
        &["\"ai:7\": los niveles van de ai:1 a ai:5"],
        &["levels are"],
    );
    // A store that cannot be opened: its file is a folder.
    let broken = tmp.path().join("broken");
    std::fs::create_dir_all(broken.join("lab.sqlite")).unwrap();
    let b = broken.to_str().unwrap();
    fails(
        &[
            "lab", "jarmo", "--level", "1", "--games", "2", "--report", b,
        ],
        &["no se puede abrir la base de datos /"],
        &["cannot open the database /"],
    );
    // A folder that holds another survey.
    let (code, err) = run(
        "en",
        &[
            "lab", "jarmo", "--level", "1", "--games", "2", "--report", d,
        ],
    );
    assert_eq!(code, 0, "{err}");
    fails(
        &[
            "lab", "jarmo", "--level", "2", "--games", "2", "--report", d,
        ],
        &["esta carpeta de informe guarda otro estudio (jarmo"],
        &["this report folder holds another survey"],
    );
}

#[test]
fn a_file_that_is_no_linja_table() {
    let tmp = tempfile::tempdir().unwrap();
    let junk = tmp.path().join("junk.tbl");
    std::fs::write(&junk, [b'x'; 200]).unwrap();
    let j = junk.to_str().unwrap();
    fails(
        &["solve", "linja", "--table", j],
        &[
            "no se puede abrir la tabla",
            "junk.tbl: no es una tabla de Linja de tablero",
        ],
        &[
            "cannot open the table",
            "junk.tbl: not a tablero Linja table",
        ],
    );
    fails(
        &["play", "linja", "--table", j],
        &["junk.tbl: no es una tabla de Linja de tablero"],
        &["junk.tbl: not a tablero Linja table"],
    );
    std::fs::write(&junk, b"short").unwrap();
    fails(
        &["solve", "linja", "--table", j, "--verify"],
        &["el archivo es demasiado corto para una tabla de Linja"],
        &["the file is too short for a Linja table"],
    );
    // A file that is not there: the system's reason, translated.
    let gone = tmp.path().join("gone.tbl");
    fails(
        &["solve", "linja", "--table", gone.to_str().unwrap()],
        &["no se puede abrir la tabla /", "gone.tbl: no existe"],
        &["cannot open the table /"],
    );
}

#[test]
fn an_imago_layout_s_warning() {
    let args = ["solve", "imago", "--variant", "walls:c1-d1,c2-d2,c3-d3"];
    for (lang, yes, no) in [
        (
            "es",
            "el muro que empieza en c1-d1 ocupa 3 casillas",
            "the wall starting",
        ),
        ("en", "the wall starting at c1-d1 runs 3 cells", "el muro"),
    ] {
        let (code, err) = run(lang, &args);
        assert_eq!(code, 0, "{lang}: {err}");
        assert!(err.contains(yes), "{lang}: {err}");
        assert!(!err.contains(no), "{lang}: {err}");
    }
}
