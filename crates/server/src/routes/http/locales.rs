//! The message catalogue (`locales/<lang>/<area>.ftl`, Project Fluent) for
//! the browser: `web/i18n.js` fetches `/locales/<lang>/web.ftl` and formats
//! it with `@fluent/bundle` (`GET /locales/{lang}/{file}`, in
//! `routes/assets.rs`). The files are embedded at compile time; see
//! docs/i18n.md.

/// The catalogue's files the browser may fetch (`tablero_i18n::FILES`
/// holds every file; the terminal's `cli.ftl` is not served).
const SERVED: [&str; 2] = ["web.ftl", "games.ftl"];

/// The text of one catalogue file, if the browser may fetch it.
pub(crate) fn find(lang: &str, file: &str) -> Option<&'static str> {
    let lang = tablero_i18n::Lang::ALL
        .into_iter()
        .find(|l| l.code() == lang)?;
    SERVED
        .contains(&file)
        .then(|| tablero_i18n::file(lang, file))
        .flatten()
}

/// The browser's messages (`web.ftl`) in `lang` (`en` or `es`), English
/// for any other.
pub(crate) fn web_text(lang: &str) -> &'static str {
    find(lang, "web.ftl")
        .or_else(|| tablero_i18n::file(tablero_i18n::Lang::En, "web.ftl"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::find;

    #[test]
    fn both_languages_are_served_and_nothing_else() {
        assert!(find("en", "web.ftl").is_some_and(|t| t.contains("lang_name = English")));
        assert!(find("es", "web.ftl").is_some_and(|t| t.contains("lang_name = Español")));
        assert!(find("es", "games.ftl").is_some_and(|t| t.contains("table-no-offer = ")));
        assert!(find("fr", "web.ftl").is_none());
        assert!(find("en", "../../Cargo.toml").is_none());
        assert!(find("en", "cli.ftl").is_none());
    }
}
