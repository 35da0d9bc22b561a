//! Account names: which may be chosen (ASCII letters, digits, `_` and `-`,
//! 3 to 20 of them, none that reads as the computer or the app), and the
//! key a name is unique by.
//!
//! ASCII only, as lichess's names (issue #47): a letter of another script
//! that looks like a Latin one ("аdmin" with a Cyrillic а, "ａｄｍｉｎ",
//! "𝐚𝐝𝐦𝐢𝐧", "levelⅢ") or a blank-looking one (U+3164) could otherwise copy
//! a player's or the computer's name. Accounts made before the rule keep
//! their names (the rule is checked when a name is chosen, not at login).

use tablero_core::{id, Message};

/// Why a name cannot be an account's, or `None` when it can: 3 to 20
/// ASCII letters, digits, `_` or `-`, and not a computer level's or the
/// app's name.
#[must_use]
pub fn bad_name(name: &str) -> Option<Message> {
    let n = name.chars().count();
    if !(3..=20).contains(&n)
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Some(Message::of(id!("api_account_bad_name")).text("name", name));
    }
    if impersonates(name) {
        return Some(Message::of(id!("api_account_reserved_name")).text("name", name));
    }
    None
}

/// Whether `name` reads as the computer, one of its levels or the app
/// (any case, `_` and `-` ignored): "Computer", "ordenador", "AI", "IA",
/// "bot", "level3", "nivel-3", "tablero", "admin"...
fn impersonates(name: &str) -> bool {
    let key: String = name
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    let stem = key.trim_end_matches(|c: char| c.is_ascii_digit());
    const WORDS: [&str; 12] = [
        "computer",
        "computadora",
        "ordenador",
        "ai",
        "ia",
        "bot",
        "level",
        "nivel",
        "tablero",
        "admin",
        "system",
        "sistema",
    ];
    const PREFIXES: [&str; 4] = ["computer", "computadora", "ordenador", "tablero"];
    WORDS.contains(&stem) || PREFIXES.iter().any(|p| key.starts_with(p))
}

/// The key a name is unique by: lower-cased.
#[must_use]
pub fn name_key(name: &str) -> String {
    name.to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        for ok in [
            "ana", "Bob_99", "el-gato", "Nandu", "levante", "aitor", "botella",
        ] {
            assert!(bad_name(ok).is_none(), "{ok}");
        }
        // Issue #47's look-alikes: other scripts, full-width and
        // mathematical letters, Roman numerals, blank-looking letters.
        for bad in [
            "ab",
            "a b",
            "x".repeat(21).as_str(),
            "semi;colon",
            "",
            "\u{430}dmin",
            "C\u{43e}mputer",
            "Tabler\u{43e}",
            "\u{391}\u{399}_3",
            "level\u{ff13}",
            "level\u{2162}",
            "\u{ff41}\u{ff44}\u{ff4d}\u{ff49}\u{ff4e}",
            "adm\u{131}n",
            "\u{1d41a}\u{1d41d}\u{1d426}\u{1d422}\u{1d427}",
            "\u{3164}\u{3164}\u{3164}",
            "\u{d1}and\u{fa}",
            "Jos\u{e9}",
        ] {
            assert_eq!(bad_name(bad).unwrap().id(), "api_account_bad_name", "{bad}");
        }
        for kept in [
            "Computer",
            "AI_3",
            "ia-1",
            "level3",
            "level_3",
            "Nivel-3",
            "tablero",
            "Tablero_fan",
            "computer5",
            "ordenador",
            "bot",
            "Admin",
            "level",
        ] {
            assert_eq!(
                bad_name(kept).unwrap().id(),
                "api_account_reserved_name",
                "{kept}"
            );
        }
    }
}
