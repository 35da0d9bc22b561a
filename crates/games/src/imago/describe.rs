//! Imago in the browser: the grid with its goal cells, walls and pieces.

use crate::describe::{Describe, GameInfo, Text, VariantChoice};
use crate::imago::{Cell, Imago};
use serde_json::{json, Value};
use tablero_core::Player;

impl Describe for Imago {
    const INFO: GameInfo = INFO;

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

    fn variants() -> Vec<VariantChoice> {
        Vec::new()
    }
}

const INFO: GameInfo = GameInfo {
    name: "imago",
    title: Text::same("Imago"),
    sides: [
        Text { en: "Red", es: "Rojo" },
        Text { en: "Blue", es: "Azul" },
    ],
    summary: Text {
        en: "Two pieces each on a walled grid: step, push an enemy piece, reach a goal corner first.",
        es: "Dos piezas por bando en una cuadrícula con muros: avanza, empuja una pieza rival y llega antes a una meta.",
    },
    claim: Some(Text::same("Jacke")),
    in_app: true,
    rules: include_str!("../../../../docs/rules/imago.md"),
    play: Text {
        en: include_str!("../../../../docs/rules/imago.play.en.md"),
        es: include_str!("../../../../docs/rules/imago.play.es.md"),
    },
};
