//! The one-page rules summaries, in English and Spanish
//! (`locales/*/print.ftl`), written from the rules pages in docs/rules/ and
//! the Spanish seed texts. A line starting with `# ` is a heading.

use crate::Lang;
use tablero_i18n::id;

/// The summary of the game named `game` in `lang`, one paragraph a line
/// (`print-rules-GAME` in `locales/*/print.ftl`): any game that is not one
/// of the four named is a draughts game, summarised as Russian draughts
/// (the 8x8 kit asks for its variant's, [`draughts_summary`]).
#[must_use]
pub fn summary(game: &str, lang: Lang) -> String {
    match game {
        "imago" => lang.say(id!("print-rules-imago")),
        "jarmo" => lang.say(id!("print-rules-jarmo")),
        "linja" => lang.say(id!("print-rules-linja")),
        "dimensiones" => lang.say(id!("print-rules-dimensiones")),
        _ => draughts_summary("russian", lang),
    }
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
        for game in ["imago", "jarmo", "linja", "dimensiones", "russian"] {
            let en = summary(game, Lang::En);
            let es = summary(game, Lang::Es);
            assert!(en.starts_with("# ") && es.starts_with("# "), "{game}");
            assert_ne!(en, es, "{game}");
            let headings = |t: &str| t.lines().filter(|l| l.starts_with("# ")).count();
            assert_eq!(headings(&en), headings(&es), "{game}");
            assert!(en.lines().all(|l| l == l.trim() && !l.is_empty()), "{game}");
        }
        assert!(summary("imago", Lang::En).starts_with("# Goal\nBe the first to step"));
    }

    #[test]
    fn each_draughts_variant_has_its_own_summary() {
        for lang in [Lang::En, Lang::Es] {
            let russian = draughts_summary("russian", lang);
            let turkish = draughts_summary("turkish", lang);
            let english = draughts_summary("english", lang);
            assert!(russian != turkish && turkish != english && russian != english);
            assert_eq!(summary("draughts", lang), russian);
        }
        let turkish = draughts_summary("turkish", Lang::En);
        assert!(turkish.contains("sixteen men") && !turkish.contains("twelve"));
        assert!(draughts_summary("english", Lang::En).contains("Black moves first"));
    }
}
