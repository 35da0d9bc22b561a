//! The games' reasons in the reader's language: a bad move, a bad position
//! string and a bad variant give the game's own reason in Spanish under
//! `--lang es` (from `locales/es/games.ftl`), with no English word of the
//! reason left; in English they stay the errors' `Display` text.

mod common;

use common::tablero;

/// Words of the English reasons that a Spanish reason never has.
const ENGLISH: &[&str] = &[
    " is not ",
    " the ",
    "expected",
    "found",
    "legal moves",
    "not legal",
    "at byte",
    "piece",
    "needs",
    "cell",
    "square",
    "no line",
    "row ",
    "move ",
    "forward",
    "invalid",
];

/// `tablero --lang es moves ARGS`: fails, and its error has `spanish` and
/// none of the English words.
fn spanish_error(args: &[&str], spanish: &str) {
    let mut all = vec!["--lang", "es", "moves"];
    all.extend(args);
    let (code, out, err) = tablero(&all, "");
    assert_ne!(code, 0, "{args:?}: {out}");
    let line = err.lines().find(|l| l.starts_with("error: ")).unwrap_or("");
    assert!(line.contains(spanish), "{args:?}: {err}");
    // The legal moves listed after the reason are notation, not words.
    let reason = line.split("; jugadas legales:").next().unwrap_or("");
    for word in ENGLISH {
        assert!(
            !reason.contains(word),
            "{args:?}: English {word:?} in {reason}"
        );
    }
}

#[test]
fn a_bad_move_in_spanish_for_each_game() {
    spanish_error(
        &["imago", "--moves", "b2-b3"],
        "b2-b3 no es legal aquí: indica tras un espacio la pieza contraria que empujas",
    );
    spanish_error(
        &["imago", "--moves", "zz9"],
        "«zz9» no es una jugada: se esperaba un paso",
    );
    spanish_error(&["jarmo", "--moves", "a1-a2"], "ninguna línea une a1 y a2");
    spanish_error(
        &["jarmo", "--moves", "b1-d2,a1-b3"],
        "no hay ningún arquero claro en a1",
    );
    spanish_error(
        &["linja", "--moves", "0-5"],
        "el primer movimiento avanza una fila, de 0 a 1",
    );
    spanish_error(
        &["dimensiones", "--moves", "a1-b2"],
        "ninguna pieza del bando que mueve puede salir de a1",
    );
    spanish_error(
        &["draughts", "--moves", "a1-b2"],
        "ninguna pieza del bando que mueve puede salir de a1",
    );
    spanish_error(
        &["linja", "--moves", "0-1,"],
        "la jugada 2 de la lista está vacía",
    );
}

#[test]
fn a_bad_position_in_spanish_for_each_game() {
    spanish_error(
        &["imago", "--position", "b2,b5/g2 r 0"],
        "en el byte 6: Azul necesita 2 piezas, hay 1",
    );
    spanish_error(
        &["jarmo", "--position", "xx"],
        "se esperaban 5 campos `tablero turno debidas tranquilas recientes`, hay 1",
    );
    spanish_error(
        &["linja", "--position", "xx r 0"],
        "se esperaban 8 filas (de 0 a 7) separadas por `/`, hay 1",
    );
    spanish_error(
        &["dimensiones", "--position", "xx"],
        "(tablero ejército subpartidas contador ciclo), hay 1",
    );
    spanish_error(
        &["draughts", "--position", "xx w 0"],
        "el tablero necesita 8 filas separadas por `/`, hay 1",
    );
}

#[test]
fn a_bad_variant_in_spanish() {
    spanish_error(
        &["dimensiones", "--variant", "X-C"],
        "se esperaban cinco cartas como I-C-A-W-R, hay 2 partes",
    );
    spanish_error(
        &["imago", "--variant", "red: b2"],
        "disposición no válida: Rojo necesita 2 casillas de salida, hay 1",
    );
    spanish_error(
        &["imago", "--variant", "red: b2 zz"],
        "«zz» no es una casilla",
    );
}

#[test]
fn english_stays_the_errors_text() {
    let (code, _, err) = tablero(&["--lang", "en", "moves", "imago", "--moves", "b2-b3"], "");
    assert_ne!(code, 0);
    assert!(
        err.contains(
            "move 1 (b2-b3): b2-b3 is not legal here: name the opponent piece to push after a space"
        ),
        "{err}"
    );
    let (_, _, err) = tablero(
        &["--lang", "en", "moves", "linja", "--position", "xx r 0"],
        "",
    );
    assert!(
        err.contains("at byte 0: expected 8 rows (0 to 7) separated by `/`, found 1"),
        "{err}"
    );
}

/// English words of the record and PDN reasons (and of the file errors)
/// that their Spanish texts never have.
const RECORD_ENGLISH: &[&str] = &[
    "cannot",
    "line ",
    "bad ",
    "is not",
    "is no ",
    "tag value",
    "must",
    "square",
    "unknown",
    "record",
    "such",
    "needs",
    "the ",
];

/// `tablero --lang LANG moves GAME --moves @FILE` with `text` in `FILE`:
/// fails, and its error line.
fn load_error(lang: &str, game: &str, file: &str, text: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(file);
    std::fs::write(&path, text).unwrap();
    let list = format!("@{}", path.display());
    let (code, out, err) = tablero(&["--lang", lang, "moves", game, "--moves", &list], "");
    assert_ne!(code, 0, "{file}: {out}");
    err.lines()
        .find(|l| l.starts_with("error: "))
        .unwrap_or("")
        .replace(&path.display().to_string(), "FILE")
}

/// The reason after the file's name has no English word.
fn no_english(line: &str) {
    let reason = line.split("FILE").nth(1).unwrap_or(line);
    for word in RECORD_ENGLISH {
        assert!(!reason.contains(word), "English {word:?} in {line}");
    }
}

#[test]
fn a_broken_record_in_spanish_and_in_english() {
    let cases = [
        (
            "[Game \"imago\"]\n[Result \"p3\"]\n\nb2-c2 g5\n",
            "error: no se puede leer el registro FILE: resultado no válido: Result \"p3\" no es p1, p2, draw ni *",
            "error: cannot read the record FILE: bad result: Result \"p3\" is not p1, p2, draw or *",
        ),
        (
            "[Game \"imago\"]\n[Red \"Ana]\n",
            "error: no se puede leer el registro FILE: línea 2: el valor de la etiqueta va entre comillas dobles",
            "error: cannot read the record FILE: line 2: the tag value must be in double quotes",
        ),
        (
            "[Game \"linja\"]\n",
            "error: no se puede leer el registro FILE: este es un registro de \"linja\", no de imago",
            "error: cannot read the record FILE: this is a record of \"linja\", not of imago",
        ),
        (
            "[Game \"imago\"]\n[Position \"b2,b5/g2 r 0\"]\n",
            "error: no se puede leer el registro FILE: etiqueta Position no válida: en el byte 6: Azul necesita 2 piezas, hay 1",
            "error: cannot read the record FILE: bad Position tag: at byte 6: blue needs 2 pieces, found 1",
        ),
    ];
    for (text, es, en) in cases {
        let line = load_error("es", "imago", "game.txt", text);
        assert_eq!(line, es);
        no_english(&line);
        assert_eq!(load_error("en", "imago", "game.txt", text), en);
    }
    // A bad move in a record: the game's reason, in Spanish.
    let line = load_error("es", "imago", "game.txt", "[Game \"imago\"]\n\nb2-b3\n");
    assert!(line.contains("b2-b3 no es legal aquí"), "{line}");
}

#[test]
fn a_broken_pdn_file_in_spanish_and_in_english() {
    let cases = [
        (
            "[GameType \"21\"]\n[FEN \"W:W21,22:Bxx\"]\n1. 11-15 *\n",
            "error: no se puede leer el registro FILE: FEN \"W:W21,22:Bxx\": casilla desconocida",
            "error: cannot read the record FILE: FEN \"W:W21,22:Bxx\": a square is unknown",
        ),
        (
            "[GameType \"25\"]\n1. 22-18 99-15 *\n",
            "error: no se puede leer el registro FILE: jugada 2 (99-15): \"99\" no es ninguna casilla",
            "error: cannot read the record FILE: move 2 (99-15): \"99\" is no square",
        ),
        (
            "[GameType \"99\"]\n1. 22-18 *\n",
            "error: no se puede leer el registro FILE: GameType \"99\" no es ninguna de las configuraciones de 8x8 (25 rusas, 21 inglesas, 30 turcas)",
            "error: cannot read the record FILE: GameType \"99\" is not one of the 8x8 configurations (25 Russian, 21 English, 30 Turkish)",
        ),
        (
            "[GameType \"25\"]\n[Event \"x]\n1. 22-18 *\n",
            "error: no se puede leer el registro FILE: línea 2: el valor de una etiqueta va entre comillas",
            "error: cannot read the record FILE: line 2: a tag's value is quoted",
        ),
    ];
    for (text, es, en) in cases {
        let line = load_error("es", "draughts", "game.pdn", text);
        assert_eq!(line, es);
        no_english(&line);
        assert_eq!(load_error("en", "draughts", "game.pdn", text), en);
    }
    // A move the rules refuse: the game's reason, in Spanish.
    let line = load_error(
        "es",
        "draughts",
        "game.pdn",
        "[GameType \"25\"]\n1. 9-13 *\n",
    );
    assert!(
        line.contains("jugada 1 (9-13): b6-a5 no es legal aquí: ninguna pieza del bando que mueve puede salir de b6"),
        "{line}"
    );
    no_english(&line);
}

#[test]
fn a_missing_file_in_spanish() {
    let (code, _, err) = tablero(
        &[
            "--lang",
            "es",
            "moves",
            "imago",
            "--moves",
            "@no-such-file.txt",
        ],
        "",
    );
    assert_ne!(code, 0);
    assert!(
        err.contains("error: no se puede leer no-such-file.txt: no existe ese fichero o carpeta"),
        "{err}"
    );
}

#[test]
fn serve_s_start_up_errors_in_spanish() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("no-folder").join("t.db");
    let db = db.to_str().unwrap();
    let (code, _, err) = tablero(
        &["--lang", "es", "serve", "--port", "0", "--database", db],
        "",
    );
    assert_ne!(code, 0);
    assert!(
        err.contains(&format!(
            "error: no se puede abrir la base de datos {db}: no se puede abrir ni crear el fichero"
        )),
        "{err}"
    );
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let db = dir.path().join("t.db");
    let (code, _, err) = tablero(
        &[
            "--lang",
            "es",
            "serve",
            "--port",
            &port,
            "--database",
            db.to_str().unwrap(),
        ],
        "",
    );
    assert_ne!(code, 0);
    assert!(
        err.contains(&format!(
            "error: no se puede escuchar en 127.0.0.1:{port}: la dirección ya está en uso"
        )),
        "{err}"
    );
    let (_, _, err) = tablero(
        &[
            "--lang",
            "en",
            "serve",
            "--port",
            &port,
            "--database",
            db.to_str().unwrap(),
        ],
        "",
    );
    assert!(
        err.contains(&format!(
            "error: cannot listen on 127.0.0.1:{port}: the address is already in use"
        )),
        "{err}"
    );
    // With no table of Linja's exact values where tables are looked for,
    // the server says what that means and how to build one.
    let data = dir.path().join("data");
    let (_, _, err) = common::tablero_env(
        &["serve", "--port", &port, "--database", db.to_str().unwrap()],
        "",
        &[("LANG", "C"), ("XDG_DATA_HOME", data.to_str().unwrap())],
    );
    assert!(
        err.contains("Linja: no table of exact values installed")
            && err.contains("tablero solve linja --build-table FILE"),
        "{err}"
    );
}
