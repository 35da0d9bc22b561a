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
    spanish_error(
        &["jarmo", "--moves", "a1-a2"],
        "ninguna línea une a1 y a2 (en el byte 0)",
    );
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
