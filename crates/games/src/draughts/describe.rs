//! 8x8 draughts described: the engine's check configurations, played on the
//! command line (not offered in the web app).

use crate::describe::{Describe, GameInfo, Text, VariantChoice};
use crate::draughts::{Draughts, DraughtsVariant, Square};
use serde_json::{json, Value};

impl Describe for Draughts {
    const INFO: GameInfo = GameInfo {
        name: "draughts",
        title: Text {
            en: "Draughts (8x8)",
            es: "Damas (8x8)",
        },
        sides: [
            Text {
                en: "White",
                es: "Blancas",
            },
            Text {
                en: "Black",
                es: "Negras",
            },
        ],
        summary: Text {
            en: "Draughts on 8x8 (the engine's check configurations: russian, turkish, english).",
            es: "Damas en 8x8 (las configuraciones de control del motor: rusas, turcas, inglesas).",
        },
        claim: None,
        in_app: false,
        rules: include_str!("../../../../docs/rules/draughts.md"),
        play: Text {
            en: include_str!("../../../../docs/rules/draughts.play.en.md"),
            es: include_str!("../../../../docs/rules/draughts.play.es.md"),
        },
    };

    fn variants() -> Vec<VariantChoice> {
        DraughtsVariant::ALL
            .iter()
            .map(|v| VariantChoice {
                id: v.name().to_string(),
                label: None,
            })
            .collect()
    }

    /// In checkers Black moves first: player one, who moves first and is
    /// drawn at the bottom, is Black in English draughts (White in Russian
    /// and Turkish draughts).
    fn side_names(variant: &DraughtsVariant) -> [Text; 2] {
        let [white, black] = Self::INFO.sides;
        match variant {
            DraughtsVariant::English => [black, white],
            _ => [white, black],
        }
    }

    fn view(&self) -> Value {
        let pieces: Vec<Value> = (0..8u8)
            .flat_map(|row| (0..8u8).filter_map(move |col| Square::new(col, row)))
            .filter_map(|sq| {
                self.piece_at(sq).map(|c| {
                    json!({
                        "cell": sq.to_string(),
                        "seat": usize::from(c.eq_ignore_ascii_case(&'b')),
                        "king": c.is_ascii_uppercase(),
                    })
                })
            })
            .collect();
        json!({"cols": 8, "rows": 8, "pieces": pieces})
    }
}
