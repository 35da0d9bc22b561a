//! Imago in the browser: the grid with its goal cells, walls and pieces.

use super::WebGame;
use serde_json::{json, Value};
use tablero_core::Player;
use tablero_games::imago::{Cell, Imago};

impl WebGame for Imago {
    const SIDES: [&'static str; 2] = ["Red", "Blue"];
    const SUMMARY: &'static str =
        "Two pieces each on a walled grid: step, push an enemy piece, reach a goal corner first.";
    const RULES: &'static str = include_str!("../../../../docs/rules/imago.md");

    fn view(&self) -> Value {
        let goals: Vec<Value> = Player::ALL
            .into_iter()
            .flat_map(|p| {
                Cell::iter_bits(Imago::goals_of(p))
                    .map(move |c| json!({"cell": c.to_string(), "seat": p.index()}))
            })
            .collect();
        let walls: Vec<[String; 2]> = self
            .layout()
            .walls()
            .into_iter()
            .map(|w| {
                let (a, b) = w.cells();
                [a.to_string(), b.to_string()]
            })
            .collect();
        let pieces: Vec<Value> = Player::ALL
            .into_iter()
            .flat_map(|p| {
                self.cells(p)
                    .into_iter()
                    .map(move |c| json!({"cell": c.to_string(), "seat": p.index()}))
            })
            .collect();
        json!({
            "cols": 8,
            "rows": 6,
            "cells": Cell::all().map(|c| c.to_string()).collect::<Vec<_>>(),
            "goals": goals,
            "walls": walls,
            "pieces": pieces,
            "passes": self.passes(),
        })
    }

    fn variants() -> Vec<String> {
        Vec::new()
    }
}
