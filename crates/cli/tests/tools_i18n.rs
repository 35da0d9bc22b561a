//! The designers' and engine authors' commands (`solve`, `lab`, `bench`,
//! `perft`, `match`) print their human output in the language asked for:
//! `tablero --lang es` in Spanish, `--lang en` in English, with no label of
//! the other language left, and their labels still in one column.

mod common;

use common::tablero_env;

/// Runs `tablero --lang LANG ARGS` (the locale variables saying English),
/// which must succeed; returns standard output and standard error.
fn run(lang: &str, args: &[&str]) -> (String, String) {
    let mut all = vec!["--lang", lang];
    all.extend_from_slice(args);
    let (code, out, err) = tablero_env(&all, "", &[("LANG", "C")]);
    assert_eq!(code, 0, "{all:?} failed: {err}");
    (out, err)
}

/// `text` holds every one of `present` and none of `absent`.
fn words(text: &str, present: &[&str], absent: &[&str]) {
    for w in present {
        assert!(text.contains(w), "{w:?} missing from:\n{text}");
    }
    for w in absent {
        assert!(!text.contains(w), "{w:?} left in:\n{text}");
    }
}

/// Both languages: Spanish shows `es` and none of `en`, English the other
/// way round; returns the outputs (standard output, then standard error;
/// Spanish first).
fn both(args: &[&str], es: &[&str], en: &[&str]) -> [(String, String); 2] {
    let spanish = run("es", args);
    let english = run("en", args);
    for ((out, err), (yes, no)) in [(&spanish, (es, en)), (&english, (en, es))] {
        words(&format!("{out}{err}"), yes, no);
    }
    [spanish, english]
}

/// The `label: value` lines among `text` (those up to `stop`, a line that
/// starts the free text) have their values in one column.
fn one_column(text: &str, labels: usize) {
    let starts: Vec<usize> = text
        .lines()
        .take(labels)
        .map(|l| {
            let colon = l.find(':').unwrap_or_else(|| panic!("no label: {l}"));
            let after = &l[colon + 1..];
            let value = after.len() - after.trim_start().len();
            l[..colon + 1 + value].chars().count()
        })
        .collect();
    assert!(
        starts.windows(2).all(|w| w[0] == w[1]),
        "{starts:?}\n{text}"
    );
}

#[test]
fn solve_imago_speaks_the_language_asked_for() {
    let [(es, _), (en, _)] = both(
        &["solve", "imago"],
        &[
            "disposición:",
            "posiciones:",
            "victorias:",
            "(para el bando que mueve)",
            "derrotas:",
            "tablas:",
            "victoria forzada más larga: 13 jugadas",
            "inicio, empieza Rojo: tablas para Rojo",
            "resuelto en",
        ],
        &[
            "layout:",
            "positions:",
            "wins:",
            "(for the side to move)",
            "losses:",
            "draws:",
            "longest forced win: 13 plies",
            "start, Red moves first:  draw for Red",
            "solved in",
        ],
    );
    one_column(&es, 5);
    one_column(&en, 5);
    // The JSON of the same command is the same in both languages.
    let es_json = run("es", &["solve", "imago", "--json"]).0;
    assert_eq!(es_json, run("en", &["solve", "imago", "--json"]).0);
    // A position: its value and each move's, for the side to move.
    let [(es, _), _] = both(
        &["solve", "imago", "--moves", "b2-c2 g5"],
        &["posición:", "valor:", "tablas para Azul, que mueve"],
        &["position:", "value:", "draw for Blue, the side to move"],
    );
    one_column(&es, 2);
}

#[test]
fn a_tiny_survey_speaks_the_language_asked_for() {
    let tmp = tempfile::tempdir().unwrap();
    for lang in ["es", "en"] {
        let dir = tmp.path().join(lang);
        let d = dir.to_str().unwrap();
        let args = [
            "--lang",
            lang,
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
        ];
        let (code, out, err) = tablero_env(&args, "", &[("LANG", "C")]);
        assert_eq!(code, 0, "{err}");
        let (first, rest) = out.split_once('\n').unwrap();
        // The table: its heading and a row per variant, columns aligned.
        let table: Vec<&str> = rest.lines().collect();
        assert_eq!(table.len(), 3, "{out}");
        for row in &table[1..] {
            assert_eq!(row.chars().count(), table[0].chars().count(), "{out}");
        }
        // Run again: nothing is left to play; the 4 games come from before.
        let (code, again, err) = tablero_env(&args, "", &[("LANG", "C")]);
        assert_eq!(code, 0, "{err}");
        let (es, en) = (
            [
                "4 partidas de linja en",
                "; informe: ",
                "variante",
                "gana el 1.º %",
                "duración",
            ],
            [
                "4 games of linja in",
                "; report: ",
                "first wins %",
                "second wins %",
                "capped%",
            ],
        );
        let (resumed_es, resumed_en) = (
            [
                "4 partidas de linja: 0 jugadas ahora",
                ", 4 de antes; informe:",
            ],
            ["4 games of linja: 0 played now", ", 4 from before; report:"],
        );
        if lang == "es" {
            words(&out, &es, &en);
            words(&again, &resumed_es, &resumed_en);
        } else {
            words(&out, &en, &es);
            words(&again, &resumed_en, &resumed_es);
        }
        assert!(!first.contains("from before") && !first.contains("de antes"));
        // The report's page and plots are written in the same language.
        let html = std::fs::read_to_string(dir.join("index.html")).unwrap();
        let svg = std::fs::read_to_string(dir.join("first-player.svg")).unwrap();
        let (es, en) = (
            [
                "<html lang=\"es\">",
                "<h1>laboratorio de tablero: linja</h1>",
                "<p>4 partidas; 1 par con los colores intercambiados",
                "<h2>Resultados</h2>",
                "<th>variante</th>",
                "<th>partidas</th>",
                "<th>victorias del primer jugador</th>",
                "<th>tablas</th>",
                "<th>equilibrio</th>",
                "<th>duración: media</th>",
                "<h2>Gráficos</h2>",
                "Los datos en bruto: <code>lab.sqlite</code>",
            ],
            [
                "<html lang=\"en\">",
                "<h1>tablero lab: linja</h1>",
                "<p>4 games; 1 colour-swapped pair per",
                "<h2>Results</h2>",
                "<th>variant</th>",
                "<th>games</th>",
                "<th>first player wins</th>",
                "<th>draws</th>",
                "<th>balance</th>",
                "<th>length: mean</th>",
                "<h2>Plots</h2>",
                "The raw data: <code>lab.sqlite</code>",
            ],
        );
        let (svg_es, svg_en) = (["victorias del primer jugador"], ["first player wins"]);
        if lang == "es" {
            words(&html, &es, &en);
            words(&svg, &svg_es, &svg_en);
        } else {
            words(&html, &en, &es);
            words(&svg, &svg_en, &svg_es);
        }
    }
}

#[test]
fn bench_speaks_the_language_asked_for() {
    let [(es, _), (en, _)] = both(
        &["bench", "imago", "--seconds", "1"],
        &[
            "juego:",
            "hilos:",
            "partidas:",
            "jugadas:",
            "segundos:",
            "partidas/s:",
            "jugadas/s:",
        ],
        &[
            "game:",
            "threads:",
            "playouts:",
            "moves:",
            "seconds:",
            "playouts/s:",
            "moves/s:",
        ],
    );
    one_column(&es, 7);
    one_column(&en, 7);
}

#[test]
fn perft_prints_numbers_and_the_same_words_in_both_languages() {
    let es = run("es", &["perft", "imago", "--depth", "2"]).0;
    let en = run("en", &["perft", "imago", "--depth", "2"]).0;
    assert_eq!(es, en);
    assert!(es.starts_with("1 12\n2 "), "{es}");
    // `--divide`'s last line is `total: N`, a word both languages share.
    let es = run("es", &["perft", "imago", "--depth", "2", "--divide"]).0;
    let en = run("en", &["perft", "imago", "--depth", "2", "--divide"]).0;
    assert_eq!(es, en);
    assert!(
        es.trim_end().lines().last().unwrap().starts_with("total: "),
        "{es}"
    );
}

#[test]
fn a_match_speaks_the_language_asked_for() {
    let args = [
        "match", "imago", "--a", "random", "--b", "random", "--games", "2",
    ];
    let [(es_out, es_err), (en_out, en_err)] = both(
        &args,
        &[
            "partidas 2: A gana",
            "puntuación",
            "Empieza la partida 1 de 2 (random contra random)",
            "Termina la partida 2 (random contra random): ",
            "Puntuación de random contra random: ",
        ],
        &[
            "games 2: A wins",
            "score",
            "Started game 1 of 2 (random vs random)",
            "Finished game 2 (random vs random): ",
            "Score of random vs random: ",
        ],
    );
    assert!(es_err.is_empty() && en_err.is_empty(), "{es_err}{en_err}");
    // The tally's figures are the same: the same seed draws the same moves.
    let tally = |out: &str| {
        let line = out.lines().rev().nth(1).unwrap().to_string();
        line.chars()
            .filter(char::is_ascii_digit)
            .collect::<String>()
    };
    assert_eq!(tally(&es_out), tally(&en_out), "{es_out}\n{en_out}");
}

#[test]
fn the_imago_layout_search_page_speaks_the_language_asked_for() {
    for lang in ["es", "en"] {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path().to_str().unwrap();
        run(
            lang,
            &[
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
            ],
        );
        let html = std::fs::read_to_string(tmp.path().join("index.html")).unwrap();
        let es = [
            "<html lang=\"es\">",
            "<h1>Búsqueda de disposiciones de Imago: 3 disposiciones con 1 muro, por muestreo</h1>",
            "Valores del resolutor exacto",
            "<br>empieza rojo: ",
            "<br>empieza azul: ",
            "primeras jugadas pierden",
            "posiciones ganadas/perdidas/en tablas: ",
        ];
        let en = [
            "<html lang=\"en\">",
            "<h1>Imago layout search: 3 layouts with 1 wall, sampled</h1>",
            "Values from the exact solver",
            "<br>red first: ",
            "<br>blue first: ",
            "first moves lose",
            "positions won/lost/drawn: ",
        ];
        if lang == "es" {
            words(&html, &es, &en);
        } else {
            words(&html, &en, &es);
        }
    }
}
