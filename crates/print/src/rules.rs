//! The one-page rules summaries, in English and Spanish
//! (`locales/*/print.ftl`), written from the rules pages in docs/rules/ and
//! the Spanish seed texts. A line starting with `# ` is a heading.

use crate::{Lang, Say};
use tablero_i18n::id;

/// The summary of the game named `game` in `lang`, one paragraph a line
/// (`print-rules-GAME` in `locales/*/print.ftl`; the `draughts` game's is
/// Russian draughts', and the 8x8 kit asks for its variant's,
/// [`draughts_summary`]). `None` for a game the catalogue has no summary
/// of: a new game must add its own (a test lists every game).
#[must_use]
pub fn summary(game: &str, lang: Lang) -> Option<String> {
    let id = match game {
        "draughts" => "print-rules-russian".to_string(),
        other => format!("print-rules-{other}"),
    };
    tablero_i18n::format_str(lang, &id, None)
}

/// The summary of 8x8 draughts in `variant` (`russian`, `turkish` or
/// `english`; Russian for any other text), in `lang`: each variant has its
/// own board, men and captures (`print-rules-VARIANT`).
#[must_use]
pub fn draughts_summary(variant: &str, lang: Lang) -> String {
    lang.say(match variant {
        "turkish" => id!("print-rules-turkish"),
        "english" => id!("print-rules-english"),
        _ => id!("print-rules-russian"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_its_rules_in_both_languages_one_paragraph_a_line() {
        for game in tablero_games::GAMES.iter().map(|g| g.name) {
            let en = summary(game, Lang::En).unwrap_or_else(|| panic!("no summary of {game}"));
            let es = summary(game, Lang::Es).unwrap_or_else(|| panic!("no summary of {game}"));
            assert!(en.starts_with("# ") && es.starts_with("# "), "{game}");
            assert_ne!(en, es, "{game}");
            let headings = |t: &str| t.lines().filter(|l| l.starts_with("# ")).count();
            assert_eq!(headings(&en), headings(&es), "{game}");
            assert!(en.lines().all(|l| l == l.trim() && !l.is_empty()), "{game}");
        }
        assert!(summary("imago", Lang::En)
            .unwrap()
            .starts_with("# Goal\nBe the first to step"));
        assert_eq!(summary("chess", Lang::En), None, "no silent fallback");
    }

    #[test]
    fn each_draughts_variant_has_its_own_summary() {
        for lang in [Lang::En, Lang::Es] {
            let russian = draughts_summary("russian", lang);
            let turkish = draughts_summary("turkish", lang);
            let english = draughts_summary("english", lang);
            assert!(russian != turkish && turkish != english && russian != english);
            assert_eq!(summary("draughts", lang), Some(russian));
        }
        // The pages for players (`Describe::INFO.play`) hold each
        // variant's summary, and none is Super Dimensiones' (#36 item 8).
        use tablero_games::Describe;
        let info = tablero_games::draughts::Draughts::INFO;
        assert!(info.rules.starts_with("# Draughts (8x8)") && info.rules.contains("| `turkish` |"));
        for lang in [Lang::En, Lang::Es] {
            let page = info.play.get(lang.code());
            assert!(
                !page.contains("signal") && !page.contains("señal"),
                "{page}"
            );
            for variant in ["russian", "turkish", "english"] {
                for line in draughts_summary(variant, lang).lines() {
                    let line = line
                        .strip_prefix("# ")
                        .map_or(line.to_string(), |h| format!("### {h}"));
                    assert!(
                        page.contains(&line),
                        "{variant} {}: no {line:?}",
                        lang.code()
                    );
                }
            }
        }
        let turkish = draughts_summary("turkish", Lang::En);
        assert!(turkish.contains("sixteen men") && !turkish.contains("twelve"));
        assert!(draughts_summary("english", Lang::En).contains("Black moves first"));
    }
}
