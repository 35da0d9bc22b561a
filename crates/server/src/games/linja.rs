//! Linja in the browser: the eight rows between the seven sticks, with the
//! pieces counted in each.

use super::WebGame;
use serde_json::{json, Value};
use tablero_core::{Game, Player};
use tablero_games::linja::{Linja, Row, Rules, POINTS, ROW_LIMIT};

impl WebGame for Linja {
    const SIDES: [&'static str; 2] = ["Red", "Black"];
    const SUMMARY: &'static str =
        "Twelve pieces each race between seven sticks; the number of pieces on a row sets how far the next one goes.";
    const RULES: &'static str = include_str!("../../../../docs/rules/linja.md");

    fn view(&self) -> Value {
        let rows: Vec<Value> = Row::ALL
            .iter()
            .map(|&row| {
                json!({
                    "row": row.to_string(),
                    "counts": [self.count(Player::P1, row), self.count(Player::P2, row)],
                    "points": [POINTS[row.progress(Player::P1)], POINTS[row.progress(Player::P2)]],
                })
            })
            .collect();
        json!({
            "rows": rows,
            "scores": self.scores(),
            "row_limit": ROW_LIMIT,
            "rules": self.variant().to_string(),
        })
    }

    /// Linja's moves name rows (`0-1 3-5; 1-2 2-4`): every digit.
    fn path(text: &str) -> Vec<String> {
        text.chars()
            .filter(char::is_ascii_digit)
            .map(String::from)
            .collect()
    }

    fn variants() -> Vec<String> {
        [Rules::Publisher, Rules::Seed]
            .iter()
            .map(ToString::to_string)
            .collect()
    }
}
