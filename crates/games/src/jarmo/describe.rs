//! Jarmo in the browser: the 25 points and their lines, the archers and
//! their marks, the first rows, the lost and owed archers.

use crate::describe::{Describe, GameInfo, Text, VariantChoice};
use crate::jarmo::{Jarmo, Orientation, Point, LINES, QUIET_CAP};
use serde_json::{json, Value};
use tablero_core::{Game, Player};

impl Describe for Jarmo {
    const INFO: GameInfo = INFO;
    const TWO_GAME_MATCH: bool = true;

    fn view(&self) -> Value {
        let o = self.orientation();
        let archers: Vec<Value> = Point::all()
            .filter_map(|pt| {
                self.archer_at(pt).map(|p| {
                    json!({"cell": pt.to_string(), "seat": p.index(), "marked": self.is_marked(pt)})
                })
            })
            .collect();
        let per = |f: &dyn Fn(Player) -> u32| [f(Player::P1), f(Player::P2)];
        json!({
            "cols": 5,
            "rows": 5,
            "points": Point::all().map(|p| p.to_string()).collect::<Vec<_>>(),
            "lines": LINES.iter().map(|(a, b)| [a.to_string(), b.to_string()]).collect::<Vec<_>>(),
            "archers": archers,
            "home_rows": per(&|p| u32::from(o.home_row(p)) + 1),
            "lost": per(&|p| u32::from(self.lost(p))),
            "owed": per(&|p| u32::from(self.owed(p))),
            "points_now": per(&|p| self.points(p)),
            "quiet": self.quiet(),
            "quiet_cap": QUIET_CAP,
            "shuttle_ban": self.shuttle_ban().map(|(a, b)| [a.to_string(), b.to_string()]),
            "orientation": self.variant().to_string(),
        })
    }

    fn variants() -> Vec<VariantChoice> {
        Orientation::ALL
            .iter()
            .map(|o| VariantChoice {
                id: o.to_string(),
                label: Some(match o {
                    Orientation::Standard => Text {
                        en: "Standard: Dark starts on row 1",
                        es: "Estándar: Oscuro empieza en la fila 1",
                    },
                    Orientation::Flipped => Text {
                        en: "Flipped: Dark starts on row 5",
                        es: "Invertida: Oscuro empieza en la fila 5",
                    },
                }),
            })
            .collect()
    }
}

const INFO: GameInfo = GameInfo {
    name: "jarmo",
    title: Text::same("Jarmo"),
    sides: [
        Text { en: "Dark", es: "Oscuro" },
        Text { en: "Light", es: "Claro" },
    ],
    summary: Text {
        en: "Five archers each on a web of lines: capture, cross the board, and score the archers that arrive.",
        es: "Cinco arqueros por bando en una red de líneas: captura, cruza el tablero y suma los arqueros que llegan.",
    },
    claim: None,
    in_app: true,
    rules: include_str!("../../../../docs/rules/jarmo.md"),
    play: Text {
        en: include_str!("../../../../docs/rules/jarmo.play.en.md"),
        es: include_str!("../../../../docs/rules/jarmo.play.es.md"),
    },
};
