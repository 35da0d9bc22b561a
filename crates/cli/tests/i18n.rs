//! The terminal in Spanish and English, and the message catalogue
//! (`locales/<lang>/*.ftl`): both languages have the same messages, every
//! file parses, and every message the code names exists.

mod common;

use common::tablero_env;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `tablero ARGS` with `LANG` set to `lang` (no `LC_*`).
fn with_lang(lang: &str, args: &[&str], stdin: &str) -> (i32, String, String) {
    tablero_env(args, stdin, &[("LANG", lang)])
}

#[test]
fn imago_in_spanish_from_lang() {
    let (code, out, err) = with_lang(
        "es_ES.UTF-8",
        &["play", "imago", "--plain", "--p2", "random", "--seed", "3"],
        "ayuda\nzz9\ndeshacer\nrendirse\n",
    );
    assert_eq!(code, 0, "{err}");
    // A Spanish prompt, the help, a Spanish error and a Spanish result.
    assert!(out.contains("Mueve Rojo. Jugadas legales:"), "{out}");
    assert!(out.contains("rojo> "), "{out}");
    assert!(out.contains("Órdenes tras el indicador:"), "{out}");
    assert!(out.contains("«zz9» no es una jugada legal aquí"), "{out}");
    assert!(
        out.contains("No tienes ninguna jugada que retirar."),
        "{out}"
    );
    assert!(
        out.contains("Gana Azul (abandono). Resultado 0-1."),
        "{out}"
    );
    assert!(!out.contains("to move"), "{out}");
}

/// Draughts' Blancas and Negras are plural and feminine in Spanish
/// sentences, the other games' sides one name (#50, item 6).
#[test]
fn spanish_sides_agree_with_their_verbs() {
    let (code, out, err) = with_lang(
        "es_ES.UTF-8",
        &[
            "play", "draughts", "--plain", "--p2", "random", "--seed", "3",
        ],
        "tablas\nrendirse\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Mueven las blancas. Jugadas legales:"),
        "{out}"
    );
    assert!(
        out.contains("Las negras (random) rechazan las tablas."),
        "{out}"
    );
    assert!(
        out.contains("Ganan las negras (abandono). Resultado 0-1."),
        "{out}"
    );
    for wrong in ["Gana Negras", "Mueve Blancas", "Negras (random) rechaza"] {
        assert!(!out.contains(wrong), "{wrong}: {out}");
    }
    // Both computers: who plays, in the plural.
    let (code, out, err) = with_lang(
        "es_ES.UTF-8",
        &[
            "play", "draughts", "--plain", "--p1", "random", "--p2", "random", "--seed", "3",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Las blancas (random) juegan "), "{out}");
    assert!(out.contains("Las negras (random) juegan "), "{out}");
}

#[test]
fn linja_in_spanish_from_the_flag() {
    let (code, out, err) = with_lang(
        "en_GB.UTF-8",
        &[
            "--lang", "es", "play", "linja", "--plain", "--p2", "ai:1", "--seed", "7",
        ],
        "jugadas\n99\ntablas\nsalir\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Mueve Rojo. Jugadas legales:"), "{out}");
    assert!(
        out.contains("Salida de Rojo, meta de Negro: 5 para Negro"),
        "{out}"
    );
    assert!(out.contains("No hay jugada número 99"), "{out}");
    assert!(out.contains("Negro (ai:1) rechaza las tablas."), "{out}");
    assert!(out.contains("Partida sin terminar."), "{out}");
    // Two computers play a whole game: a Spanish result with its points.
    let (code, out, err) = with_lang(
        "C",
        &[
            "--lang", "es", "play", "linja", "--plain", "--p1", "random", "--p2", "random",
            "--seed", "5",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let last = out
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    assert!(
        (last.starts_with("Gana ") || last.starts_with("Tablas"))
            && last.contains("(los dos bandos se han cruzado). Resultado "),
        "{out}"
    );
    assert!(out.contains(" puntos") || out.contains(" punto"), "{out}");
}

#[test]
fn spanish_errors_and_help() {
    let (code, _, err) = with_lang(
        "es_MX.UTF-8",
        &["play", "linja", "--plain", "--variant", "xyz"],
        "",
    );
    assert_ne!(code, 0);
    assert!(
        err.contains("error: variante no válida para linja"),
        "{err}"
    );
    let (code, out, err) = with_lang("C", &["--lang", "es", "play", "--help"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Jugar una partida en el terminal."), "{out}");
    assert!(out.contains("Quién juega como jugador uno"), "{out}");
    assert!(out.contains("El idioma de los textos"), "{out}");
}

#[test]
fn the_environment_and_the_flag_choose_in_order() {
    let play = ["play", "linja", "--plain", "--seed", "1"];
    // LC_ALL outranks LANG; --lang outranks both.
    let (_, out, _) = tablero_env(
        &play,
        "salir\n",
        &[("LC_ALL", "C"), ("LANG", "es_ES.UTF-8")],
    );
    assert!(out.contains("Red to move."), "{out}");
    let (_, out, _) = tablero_env(&play, "quit\n", &[("LC_MESSAGES", "es_ES.UTF-8")]);
    assert!(out.contains("Mueve Rojo."), "{out}");
    let mut flag = vec!["--lang", "en"];
    flag.extend(play);
    let (_, out, _) = with_lang("es_ES.UTF-8", &flag, "quit\n");
    assert!(out.contains("Red to move."), "{out}");
    let (code, _, err) = with_lang("C", &["--lang", "fr", "play", "linja"], "");
    assert_ne!(code, 0);
    assert!(err.contains("fr"), "{err}");
}

#[test]
fn spanish_aliases_for_commands_and_variants() {
    // English words work in Spanish and Spanish words in English.
    let (code, out, err) = with_lang(
        "C",
        &[
            "play",
            "linja",
            "--plain",
            "--variant",
            "semilla",
            "--p2",
            "ai:1",
            "--seed",
            "2",
        ],
        "1\ndeshacer\nrendirse\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Move taken back."), "{out}");
    assert!(out.contains("Black wins (resignation)."), "{out}");
    for (game, variant) in [
        ("linja", "editorial"),
        ("linja", "semilla"),
        ("jarmo", "estándar"),
        ("jarmo", "estandar"),
        ("jarmo", "invertida"),
        ("imago", "estándar"),
    ] {
        let (code, _, err) = with_lang(
            "es_ES.UTF-8",
            &["play", game, "--plain", "--variant", variant],
            "salir\n",
        );
        assert_eq!(code, 0, "{game} {variant}: {err}");
    }
    let (code, out, err) = with_lang(
        "es_ES.UTF-8",
        &["play", "imago", "--plain", "--p2", "human"],
        "tablas\nno\nTABLAS\nsí\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Azul rechaza las tablas."), "{out}");
    assert!(out.contains("Tablas (de común acuerdo)."), "{out}");
}

#[test]
fn the_engine_protocol_stays_english() {
    let (code, out, err) = with_lang("es_ES.UTF-8", &["engine"], "ugi\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("ugiok"), "{out}");
}

// ---- the catalogue check ----

/// The ids of a Fluent file's messages and terms, and `id.attribute` for
/// each attribute; a parse error fails the test.
fn ids(path: &Path) -> BTreeSet<String> {
    use fluent_syntax::ast::Entry;
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let resource = fluent_syntax::parser::parse(text.as_str())
        .unwrap_or_else(|(_, errors)| panic!("{} does not parse: {errors:?}", path.display()));
    let mut ids = BTreeSet::new();
    for entry in resource.body {
        let (id, attributes) = match entry {
            Entry::Message(m) => (m.id.name.to_string(), m.attributes),
            Entry::Term(t) => (format!("-{}", t.id.name), t.attributes),
            Entry::Junk { content } => panic!("{}: junk {content:?}", path.display()),
            _ => continue,
        };
        for a in attributes {
            ids.insert(format!("{id}.{}", a.id.name));
        }
        assert!(ids.insert(id.clone()), "{}: {id} twice", path.display());
    }
    ids
}

/// Every `.ftl` file of `locales/<lang>/`, by file name.
fn files(lang: &str) -> BTreeSet<String> {
    std::fs::read_dir(root().join("locales").join(lang))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".ftl"))
        .collect()
}

#[test]
fn both_languages_have_the_same_messages() {
    let (en, es) = (files("en"), files("es"));
    assert_eq!(en, es, "the same files in locales/en and locales/es");
    assert!(en.contains("cli.ftl") && en.contains("web.ftl"), "{en:?}");
    for file in &en {
        let a = ids(&root().join("locales/en").join(file));
        let b = ids(&root().join("locales/es").join(file));
        let only_en: Vec<_> = a.difference(&b).collect();
        let only_es: Vec<_> = b.difference(&a).collect();
        assert!(
            only_en.is_empty() && only_es.is_empty(),
            "{file}: only in English {only_en:?}; only in Spanish {only_es:?}"
        );
    }
}

/// The files under `dir` (recursively) whose names end with `ext`.
fn sources(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if path.is_dir() {
            if !path.ends_with("vendor") {
                sources(&path, ext, out);
            }
        } else if path.to_string_lossy().ends_with(ext) {
            out.push(path);
        }
    }
}

/// The message ids named literally after each of `openers` in `text`:
/// the opener, spaces or line ends, then the id in `quote`s (as far as a
/// simple scan can tell: `t('id'`, `t!("id"`, ...).
fn named(text: &str, openers: &[&str], quote: char) -> Vec<String> {
    let mut found = Vec::new();
    for opener in openers {
        let mut rest = text;
        while let Some(at) = rest.find(opener) {
            // `t(` itself, not `split(` or `x.t(`.
            let whole = !rest[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric() || "_$.".contains(c));
            rest = &rest[at + opener.len()..];
            if !whole {
                continue;
            }
            let Some(after) = rest.trim_start().strip_prefix(quote) else {
                continue;
            };
            if let Some(end) = after.find(quote) {
                let id = &after[..end];
                if !id.is_empty()
                    && id
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
                {
                    found.push(id.to_string());
                }
            }
        }
    }
    found
}

/// The lines of a source that are not comments (`//`, `///`, `/*`, ` *`):
/// examples in comments name no message.
fn code(text: &str) -> String {
    text.lines()
        .filter(|l| {
            let l = l.trim_start();
            !(l.starts_with("//") || l.starts_with("/*") || l.starts_with('*'))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_message_the_code_names_exists() {
    let web = ids(&root().join("locales/en/web.ftl"));
    let cli = ids(&root().join("locales/en/cli.ftl"));
    let mut js = Vec::new();
    sources(&root().join("web"), ".js", &mut js);
    let mut missing = Vec::new();
    let mut seen = 0;
    for path in &js {
        let text = code(&std::fs::read_to_string(path).unwrap());
        for id in named(&text, &["t(", "has("], '\'') {
            seen += 1;
            if !web.contains(&id) {
                missing.push(format!("{}: {id}", path.display()));
            }
        }
    }
    let mut rs = Vec::new();
    sources(&root().join("crates/cli/src"), ".rs", &mut rs);
    for path in &rs {
        let text = code(&std::fs::read_to_string(path).unwrap());
        for id in named(&text, &["t!(", "i18n::text("], '"') {
            seen += 1;
            if !cli.contains(&id) {
                missing.push(format!("{}: {id}", path.display()));
            }
        }
        // The help of `play`'s options, named in a table.
        for id in named(&text, &[", "], '"') {
            if id.starts_with("play-opt-") {
                seen += 1;
                if !cli.contains(&id) {
                    missing.push(format!("{}: {id}", path.display()));
                }
            }
        }
    }
    // The lab's errors (`tablero_core::Failure`), which only the terminal
    // shows: their ids are in `cli.ftl`.
    let mut lab = Vec::new();
    sources(&root().join("crates/lab/src"), ".rs", &mut lab);
    let mut lab_ids = 0;
    for path in &lab {
        let text = code(&std::fs::read_to_string(path).unwrap());
        for id in named(&text, &["id!("], '"') {
            lab_ids += 1;
            if !cli.contains(&id) {
                missing.push(format!("{}: {id}", path.display()));
            }
        }
    }
    assert!(lab_ids >= 8, "the scan found only {lab_ids} lab messages");
    seen += lab_ids;
    assert!(seen > 150, "the scan found only {seen} message names");
    assert!(missing.is_empty(), "messages in no catalogue: {missing:?}");
}

/// English words of help texts (clap's own and ordinary prose) that a
/// Spanish help must not contain.
const ENGLISH: [&str; 16] = [
    "Usage",
    "Options",
    "Arguments",
    "Commands",
    "Print help",
    "Print version",
    "[default",
    "possible values",
    "Possible values",
    "aliases",
    " the ",
    "The ",
    " with ",
    " and ",
    " from ",
    " of ",
];

#[test]
fn every_command_s_help_is_spanish() {
    let (code, top, err) = with_lang("C", &["--lang", "es", "--help"], "");
    assert_eq!(code, 0, "{err}");
    let commands: Vec<String> = top
        .lines()
        .skip_while(|l| !l.starts_with("Órdenes:"))
        .skip(1)
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect();
    assert!(commands.len() >= 10, "{top}");
    let mut english = Vec::new();
    for args in std::iter::once(vec!["--help"]).chain(
        commands
            .iter()
            .flat_map(|c| [vec![c.as_str(), "--help"], vec![c.as_str(), "-h"]]),
    ) {
        let mut all = vec!["--lang", "es"];
        all.extend(&args);
        let (code, out, err) = with_lang("en_US.UTF-8", &all, "");
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains("Uso: tablero"), "{args:?}: {out}");
        for line in out.lines() {
            if let Some(w) = ENGLISH.iter().find(|w| line.contains(*w)) {
                english.push(format!("{args:?}: {w:?} in {line:?}"));
            }
        }
    }
    assert!(
        english.is_empty(),
        "English in Spanish help:\n{}",
        english.join("\n")
    );
    // The same words are there in English (the list catches real help).
    let (_, out, _) = with_lang("C", &["perft", "--help"], "");
    assert!(out.contains("Usage:") && out.contains("Options:") && out.contains("Print help"));
}

#[test]
fn clap_s_errors_in_spanish() {
    let (code, out, err) = with_lang("es_ES.UTF-8", &["perft", "imago", "--depht", "2"], "");
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("error: argumento inesperado '--depht'"),
        "{err}"
    );
    assert!(
        err.contains("consejo: existe uno parecido: '--depth'"),
        "{err}"
    );
    assert!(err.contains("Uso: tablero perft [OPCIONES]"), "{err}");
    assert!(
        err.contains("Para más información, prueba '--help'."),
        "{err}"
    );
    let (code, _, err) = with_lang("C", &["--lang", "es", "perft", "imago"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("error: faltan estos argumentos obligatorios: --depth"),
        "{err}"
    );
    let (code, _, err) = with_lang("C", &["--lang", "es", "moves", "chess"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("valor no válido 'chess' para '<JUEGO>'"),
        "{err}"
    );
    assert!(err.contains("valores posibles: imago"), "{err}");
    let (code, _, err) = with_lang("C", &["--lang", "es", "jugar"], "");
    assert_eq!(code, 2);
    assert!(err.contains("orden desconocida 'jugar'"), "{err}");
    assert!(
        !err.contains("Usage") && !err.contains("unrecognized"),
        "{err}"
    );
    // English keeps clap's own words.
    let (_, _, err) = with_lang("C", &["perft", "imago", "--depht", "2"], "");
    assert!(err.contains("unexpected argument '--depht'"), "{err}");
}

/// The boards draw each piece as the initial of its side's or army's word
/// in the language in use, and the legend names the letters drawn (#36
/// item 4: Spanish showed the English d/l/b; English draughts' legend said
/// `w` for Black).
#[test]
fn piece_letters_follow_the_language_and_the_legend_names_them() {
    let cases: &[(&[&str], &str, &[&str], &str)] = &[
        (
            &["draughts"],
            "es",
            &[" 1   b     b     b     b", " 8      n     n     n     n"],
            "b: Blancas (jugador uno, suben), n: Negras;",
        ),
        (
            &["draughts"],
            "en",
            &[" 1   w     w     w     w", " 8      b     b     b     b"],
            "w: White (player one, moving up), b: Black;",
        ),
        (
            &["draughts", "--variant", "english"],
            "en",
            &[" 1   b     b     b     b", " 8      w     w     w     w"],
            "b: Black (player one, moving up), w: White;",
        ),
        (
            &["draughts", "--variant", "english"],
            "es",
            &[" 1   n     n     n     n", " 8      b     b     b     b"],
            "n: Negras (jugador uno, suben), b: Blancas;",
        ),
        (
            &["imago"],
            "es",
            &[" 5       R   ·   ·   ·   ·   A", " 6  [a]"],
            "A: Azul, va a la izquierda hacia [a] (a1, a6)",
        ),
        (
            &["jarmo"],
            "es",
            &[" 5   c   c   c   c   c", " 1   o   o   o   o   o"],
            "o, c: un arquero Oscuro, Claro; O, C: un arquero marcado",
        ),
        (
            &["linja"],
            "es",
            &[" 7   N N N N N N", " 0   R R R R R R", " 6   R N "],
            "R: Rojo, sube de la fila 0 a la 7.  N: Negro, baja",
        ),
        (
            &["dimensiones"],
            "es",
            &[
                "  [Z ]",
                " 6   n  z  n  z  n  z",
                " 1   r  g  r  g  r  g",
                "  [R●]",
            ],
            "Sur juega con Rojo (r) y Aguamarina (g), Norte con Azul (z) y Naranja (n);",
        ),
        (
            &["dimensiones"],
            "en",
            &["  [B ]", " 6   o  b  o  b  o  b", " 1   r  a  r  a  r  a"],
            "South plays Red (r) and Aqua (a), North plays Blue (b) and Orange (o);",
        ),
    ];
    for (game, lang, lines, legend) in cases {
        let mut args = vec!["play"];
        args.extend_from_slice(game);
        args.extend_from_slice(&["--lang", lang, "--plain", "--no-color"]);
        let (code, out, err) = common::tablero(&args, "quit\n");
        assert_eq!(code, 0, "{game:?} {lang}: {err}");
        for line in *lines {
            assert!(
                out.lines().any(|l| l.starts_with(line)),
                "{game:?} {lang}: no line {line:?} in\n{out}"
            );
        }
        assert!(
            out.contains(legend),
            "{game:?} {lang}: no {legend:?} in\n{out}"
        );
    }
}
