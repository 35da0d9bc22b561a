//! The embedded catalogue: every file of `locales/<lang>/` is embedded and
//! parses, the files of one language share no id (one bundle holds them
//! all), and a message made from an id says itself in both languages.

use std::collections::BTreeSet;
use tablero_i18n::{file, id, Lang, Message, FILES};

fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../locales")
}

/// The message ids of one file, parsed with `fluent-syntax`.
fn ids(text: &str) -> Vec<String> {
    let resource = fluent_syntax::parser::parse(text).unwrap_or_else(|(_, e)| panic!("{e:?}"));
    resource
        .body
        .iter()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect()
}

#[test]
fn every_file_on_disk_is_embedded_as_it_is() {
    for lang in Lang::ALL {
        let dir = root().join(lang.code());
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".ftl"))
            .collect();
        on_disk.sort();
        let mut embedded: Vec<String> = FILES
            .iter()
            .filter(|(l, _, _)| *l == lang)
            .map(|(_, n, _)| n.to_string())
            .collect();
        embedded.sort();
        assert_eq!(on_disk, embedded, "{}", lang.code());
        for name in &on_disk {
            let text = std::fs::read_to_string(dir.join(name)).unwrap();
            assert_eq!(file(lang, name), Some(text.as_str()), "{name}");
        }
    }
}

#[test]
fn the_files_of_one_language_share_no_id_and_both_have_the_same() {
    let mut by_lang = Vec::new();
    for lang in Lang::ALL {
        let mut seen = BTreeSet::new();
        for (l, name, text) in FILES {
            if l != lang {
                continue;
            }
            for id in ids(text) {
                assert!(
                    seen.insert(id.clone()),
                    "{} {name}: {id} twice",
                    lang.code()
                );
            }
        }
        by_lang.push(seen);
    }
    assert_eq!(by_lang[0], by_lang[1]);
    assert_eq!(by_lang[0].len(), tablero_i18n::ID_COUNT);
}

#[test]
fn a_message_of_an_id_says_itself_in_both_languages() {
    let why = Message::of(id!("imago-cell-taken")).text("to", "c2");
    let m = Message::of(id!("move-illegal-why"))
        .text("text", "b2-c2")
        .msg("why", why);
    assert_eq!(m.to_string(), "b2-c2 is not legal here: c2 is taken");
    assert_eq!(m.as_str(), m.format(Lang::En));
    assert_eq!(
        m.in_lang(Lang::Es),
        "b2-c2 no es legal aquí: c2 está ocupada"
    );
    // A text that reads as a number selects plurals; one that does not
    // print back the same stays as given.
    let n = |t: &str| {
        Message::of(id!("linja-following-compulsory"))
            .text("n", t)
            .to_string()
    };
    assert_eq!(n("1"), "a following move of 1 row is compulsory here");
    assert_eq!(n("2"), "a following move of 2 rows is compulsory here");
    assert_eq!(n("02"), "a following move of 02 rows is compulsory here");
    assert_eq!(Message::default().to_string(), "");
}
