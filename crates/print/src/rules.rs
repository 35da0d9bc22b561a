//! The one-page rules summaries, in English and Spanish
//! (`locales/*/print.ftl`), written from the rules pages in docs/rules/ and
//! the Spanish seed texts. A line starting with `# ` is a heading. Each
//! game's [`Printable::summary`](crate::Printable::summary) names its own
//! message (checked at compile time), so no game falls back on another's.

use crate::{Lang, Say};
use tablero_games::draughts::DraughtsVariant;
use tablero_i18n::id;

/// The summary of 8x8 draughts in `variant`, in `lang`: each variant has
/// its own board, men and captures (`print-rules-VARIANT`).
#[must_use]
pub fn draughts_summary(variant: DraughtsVariant, lang: Lang) -> String {
    lang.say(match variant {
        DraughtsVariant::Russian => id!("print-rules-russian"),
        DraughtsVariant::Turkish => id!("print-rules-turkish"),
        DraughtsVariant::English => id!("print-rules-english"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every variant's summary (the default one where the variant is free
    /// text) of the game `G`, in both languages.
    fn summaries<G: crate::Printable>() -> Vec<(String, String)> {
        use std::str::FromStr;
        let mut variants: Vec<G::Variant> = G::variants()
            .iter()
            .map(|v| G::Variant::from_str(&v.id).unwrap_or_else(|_| panic!("{}", v.id)))
            .collect();
        if variants.is_empty() {
            variants.push(G::Variant::default());
        }
        variants
            .iter()
            .map(|v| (G::summary(v, Lang::En), G::summary(v, Lang::Es)))
            .collect()
    }

    #[test]
    fn every_game_has_its_rules_in_both_languages_one_paragraph_a_line() {
        for game in tablero_games::GAMES.iter().map(|g| g.name) {
            let all = tablero_games::with_game!(game, G => summaries::<G>(), else unreachable!());
            for (en, es) in all {
                assert!(en.starts_with("# ") && es.starts_with("# "), "{game}");
                assert_ne!(en, es, "{game}");
                let headings = |t: &str| t.lines().filter(|l| l.starts_with("# ")).count();
                assert_eq!(headings(&en), headings(&es), "{game}");
                assert!(en.lines().all(|l| l == l.trim() && !l.is_empty()), "{game}");
            }
        }
        assert!(summaries::<tablero_games::imago::Imago>()[0]
            .0
            .starts_with("# Goal\nBe the first to step"));
    }

    #[test]
    fn each_draughts_variant_has_its_own_summary() {
        for lang in [Lang::En, Lang::Es] {
            let russian = draughts_summary(DraughtsVariant::Russian, lang);
            let turkish = draughts_summary(DraughtsVariant::Turkish, lang);
            let english = draughts_summary(DraughtsVariant::English, lang);
            assert!(russian != turkish && turkish != english && russian != english);
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
            for variant in DraughtsVariant::ALL {
                for line in draughts_summary(variant, lang).lines() {
                    let line = line
                        .strip_prefix("# ")
                        .map_or(line.to_string(), |h| format!("### {h}"));
                    assert!(
                        page.contains(&line),
                        "{variant:?} {}: no {line:?}",
                        lang.code()
                    );
                }
            }
        }
        let turkish = draughts_summary(DraughtsVariant::Turkish, Lang::En);
        assert!(turkish.contains("sixteen men") && !turkish.contains("twelve"));
        assert!(draughts_summary(DraughtsVariant::English, Lang::En).contains("Black moves first"));
    }
}
