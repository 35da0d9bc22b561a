//! The one-page rules summaries, in English and Spanish
//! (`locales/*/print.ftl`), written from the rules pages in docs/rules/ and
//! the Spanish seed texts. A line starting with `# ` is a heading.

use crate::Lang;
use tablero_i18n::id;

/// The summary of the game named `game` in `lang`, one paragraph a line
/// (`print-rules-GAME` in `locales/*/print.ftl`): any game that is not one
/// of the four named is a draughts game.
///
/// `first` is the name of the side that moves first in the variant
/// printed (draughts: White in Russian and Turkish, Black in English).
#[must_use]
pub fn summary(game: &str, lang: Lang, first: &str) -> String {
    match game {
        "imago" => lang.say(id!("print-rules-imago")),
        "jarmo" => lang.say(id!("print-rules-jarmo")),
        "linja" => lang.say(id!("print-rules-linja")),
        "dimensiones" => lang.say(id!("print-rules-dimensiones")),
        _ => {
            // Spanish names the side in lower case mid-sentence.
            let first = match lang {
                Lang::Es => first.to_lowercase(),
                _ => first.to_string(),
            };
            lang.say_with(id!("print-rules-draughts"), &[("first", &first)])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_its_rules_in_both_languages_one_paragraph_a_line() {
        for game in ["imago", "jarmo", "linja", "dimensiones", "russian"] {
            let en = summary(game, Lang::En, "White");
            let es = summary(game, Lang::Es, "Blancas");
            assert!(en.starts_with("# ") && es.starts_with("# "), "{game}");
            assert_ne!(en, es, "{game}");
            let headings = |t: &str| t.lines().filter(|l| l.starts_with("# ")).count();
            assert_eq!(headings(&en), headings(&es), "{game}");
            assert!(en.lines().all(|l| l == l.trim() && !l.is_empty()), "{game}");
        }
        assert!(summary("imago", Lang::En, "Red").starts_with("# Goal\nBe the first to step"));
    }
}
