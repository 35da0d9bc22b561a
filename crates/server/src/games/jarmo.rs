//! Jarmo in the browser: the 25 points and their lines, the archers and
//! their marks, the first rows, the lost and owed archers.

use super::WebGame;
use serde_json::{json, Value};
use tablero_core::{Game, Player};
use tablero_games::jarmo::{Jarmo, Orientation, Point, LINES, QUIET_CAP};

impl WebGame for Jarmo {
    const SIDES: [&'static str; 2] = ["Dark", "Light"];
    const SUMMARY: &'static str =
        "Five archers each on a web of lines: capture, cross the board, and score the archers that arrive.";
    const RULES: &'static str = include_str!("../../../../docs/rules/jarmo.md");

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

    fn variants() -> Vec<String> {
        Orientation::ALL.iter().map(ToString::to_string).collect()
    }
}
