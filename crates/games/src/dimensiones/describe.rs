//! Super Dimensiones in the browser: the 6x6 board, the four armies, the
//! signal token and the two sub-games.

use crate::describe::{Describe, GameInfo, Text, VariantChoice};
use crate::dimensiones::{Army, Dimensiones, RuleSet, SubGame, SubGameEnd, Tactics};
use crate::draughts::Square;
use serde_json::{json, Value};
use tablero_core::{Game, Player};

/// The corner next to which an army's signal token lies.
fn corner(a: Army) -> &'static str {
    match a {
        Army::Red => "a1",
        Army::Aqua => "f1",
        Army::Blue => "a6",
        Army::Orange => "f6",
    }
}

fn army_word(a: Army) -> &'static str {
    match a {
        Army::Red => "red",
        Army::Blue => "blue",
        Army::Aqua => "aqua",
        Army::Orange => "orange",
    }
}

impl Describe for Dimensiones {
    const INFO: GameInfo = INFO;

    fn view(&self) -> Value {
        let rules = *self.variant();
        // Every square is played: in Western rule sets Red and Blue use the
        // dark squares, Aqua and Orange the light ones.
        let squares: Vec<Square> = (0..6u8)
            .flat_map(|row| (0..6u8).filter_map(move |col| Square::new(col, row)))
            .collect();
        let pieces: Vec<Value> = squares
            .iter()
            .filter_map(|&sq| {
                self.piece_at(sq).map(|(a, king)| {
                    json!({
                        "cell": sq.to_string(),
                        "army": army_word(a),
                        "seat": a.player().index(),
                        "king": king,
                        "frozen": self.is_frozen(sq),
                    })
                })
            })
            .collect();
        let armies: Vec<Value> = Army::ALL
            .into_iter()
            .map(|a| {
                json!({
                    "army": army_word(a),
                    "seat": a.player().index(),
                    "facing": army_word(a.facing()),
                    "corner": corner(a),
                })
            })
            .collect();
        let subgame = |s: SubGame| match s {
            SubGame::Open => "open",
            SubGame::Won(Player::P1) => "won-0",
            SubGame::Won(Player::P2) => "won-1",
            SubGame::Drawn => "drawn",
        };
        // What decided each won sub-game (the end's words say it).
        let end = |g: usize| match self.subgame_end(g) {
            Some(SubGameEnd::NoPieces(a)) => json!({"army": army_word(a), "why": "no-pieces"}),
            Some(SubGameEnd::Blocked(a)) => json!({"army": army_word(a), "why": "blocked"}),
            None => Value::Null,
        };
        json!({
            "cols": 6,
            "rows": 6,
            "squares": squares.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "pieces": pieces,
            "army_to_move": self.army().map(army_word),
            "armies": armies,
            "subgames": [subgame(self.subgame(0)), subgame(self.subgame(1))],
            "subgame_ends": [end(0), end(1)],
            "clock": self.clock(),
            "rules": rules.to_string(),
        })
    }

    fn variants() -> Vec<VariantChoice> {
        let mut out: Vec<String> = RuleSet::all().iter().map(ToString::to_string).collect();
        let default = RuleSet::default().to_string();
        out.retain(|v| *v != default);
        out.insert(0, default);
        // `+huff` goes only with compulsory capture (tactics N).
        out.extend(
            RuleSet::all()
                .into_iter()
                .filter(|r| r.tactics == Tactics::NoArmour)
                .map(|r| RuleSet { huff: true, ..r }.to_string()),
        );
        out.into_iter()
            .map(|id| VariantChoice { id, label: None })
            .collect()
    }
}

const INFO: GameInfo = GameInfo {
    name: "dimensiones",
    title: Text::same("Super Dimensiones"),
    sides: [
        Text {
            en: "South",
            es: "Sur",
        },
        Text {
            en: "North",
            es: "Norte",
        },
    ],
    summary: Text {
        en: "Draughts on 6x6 with two armies a side and 32 rule sets from five cards.",
        es: "Damas en 6x6 con dos ejércitos por bando y 32 reglamentos de cinco cartas.",
    },
    claim: None,
    in_app: true,
    rules: include_str!("../../../../docs/rules/dimensiones.md"),
    play: Text {
        en: include_str!("../../../../docs/rules/dimensiones.play.en.md"),
        es: include_str!("../../../../docs/rules/dimensiones.play.es.md"),
    },
};
