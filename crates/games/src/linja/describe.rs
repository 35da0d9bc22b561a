//! Linja in the browser: the eight rows between the seven sticks, with the
//! pieces counted in each.

use crate::describe::{Describe, GameInfo, Text, VariantChoice};
use crate::linja::{Linja, Row, Rules, POINTS, ROW_LIMIT};
use serde_json::{json, Value};
use tablero_core::{Game, Player};

impl Describe for Linja {
    const INFO: GameInfo = INFO;

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

    fn variants() -> Vec<VariantChoice> {
        [
            (
                Rules::Publisher,
                Text {
                    en: "Publisher's rules (with the extra turn)",
                    es: "Reglas del fabricante (con turno extra)",
                },
            ),
            (
                Rules::Seed,
                Text {
                    en: "Seed rules (no extra turn)",
                    es: "Reglas del texto original (sin turno extra)",
                },
            ),
        ]
        .into_iter()
        .map(|(r, label)| VariantChoice {
            id: r.to_string(),
            label: Some(label),
        })
        .collect()
    }
}

const INFO: GameInfo = GameInfo {
    name: "linja",
    title: Text::same("Linja"),
    sides: [
        Text { en: "Red", es: "Rojo" },
        Text { en: "Black", es: "Negro" },
    ],
    summary: Text {
        en: "Twelve pieces each race between seven sticks; the number of pieces on a row sets how far the next one goes.",
        es: "Doce piezas por bando corren entre siete palos; las piezas de una fila dicen cuánto avanza la siguiente.",
    },
    claim: None,
    in_app: true,
    rules: include_str!("../../../../docs/rules/linja.md"),
    play: Text {
        en: include_str!("../../../../docs/rules/linja.play.en.md"),
        es: include_str!("../../../../docs/rules/linja.play.es.md"),
    },
};
