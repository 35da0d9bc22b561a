//! Super Dimensiones' exact lab: how decisive the endgames of a card set
//! are, from an endgame table of its sub-game
//! ([`tablero_ai::solve::dimensiones_table`]).
//!
//! Every position of the table is counted once, seen from the army to move
//! with the whole clock ahead (a clock at 0, as every capture or man's move
//! leaves it): won, drawn or lost for the mover with best play. Two
//! figures say how decisive the endgames are: the share of positions that
//! are not drawn, and the share *decided by play*: those whose value is not
//! the one the move cap would give them (the sub-game scored by value), so
//! that a capture or a man's move within the clock changes the result.
//! Rows split the positions by pieces on the board and by material (the
//! mover's value against the other's: men 1, kings 2).

use serde::Serialize;
use tablero_ai::solve::dimensiones_table::{Census, Table};

/// The mover's material against the other's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Balance {
    /// The mover's value is higher.
    Ahead,
    /// Equal values.
    Even,
    /// The mover's value is lower.
    Behind,
}

/// The positions of some pieces and balance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    /// Pieces on the board (both armies).
    pub pieces: u8,
    /// The mover's material against the other's.
    pub balance: Balance,
    /// Positions.
    pub positions: u64,
    /// Won by the mover with the whole clock ahead.
    pub won: u64,
    /// Drawn.
    pub drawn: u64,
    /// Lost by the mover.
    pub lost: u64,
    /// Whose value is not the move cap's.
    pub by_play: u64,
    /// The most plies left any of them needs for its value.
    pub longest: u8,
}

/// What a table says of its card set's endgames.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DimensionesStudy {
    /// The rule set, `M-C-N-W-R`.
    pub rules: String,
    /// The most pieces of a position in the table.
    pub pieces: u8,
    /// Positions in all.
    pub positions: u64,
    /// The share not drawn.
    pub decisive: f64,
    /// The share decided by play.
    pub by_play: f64,
    /// The share not drawn among the positions of equal material.
    pub decisive_even: f64,
    /// Positions whose value changes twice with the clock.
    pub bands: u64,
    /// By pieces and balance.
    pub rows: Vec<Row>,
}

/// Studies a table: every slice's census, summed by pieces and balance.
#[must_use]
pub fn study(table: &Table) -> DimensionesStudy {
    let mut rows: Vec<Row> = Vec::new();
    for &s in table.index().slices() {
        let c: Census = table.census(s).unwrap_or_default();
        let balance = match s.balance().signum() {
            1 => Balance::Ahead,
            0 => Balance::Even,
            _ => Balance::Behind,
        };
        let row = match rows
            .iter_mut()
            .find(|r| r.pieces == s.pieces() && r.balance == balance)
        {
            Some(r) => r,
            None => {
                rows.push(Row {
                    pieces: s.pieces(),
                    balance,
                    positions: 0,
                    won: 0,
                    drawn: 0,
                    lost: 0,
                    by_play: 0,
                    longest: 0,
                });
                rows.last_mut().expect("just pushed")
            }
        };
        row.positions += c.wins + c.draws + c.losses;
        row.won += c.wins;
        row.drawn += c.draws;
        row.lost += c.losses;
        row.by_play += c.decided_by_play;
        row.longest = row.longest.max(c.longest);
    }
    rows.sort_by_key(|r| (r.pieces, r.balance as u8));
    let sum = |f: &dyn Fn(&Row) -> u64, even: bool| -> u64 {
        rows.iter()
            .filter(|r| !even || r.balance == Balance::Even)
            .map(f)
            .sum()
    };
    let share = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    let positions = sum(&|r| r.positions, false);
    DimensionesStudy {
        rules: table.rules().to_string(),
        pieces: table.pieces(),
        positions,
        decisive: share(sum(&|r| r.won + r.lost, false), positions),
        by_play: share(sum(&|r| r.by_play, false), positions),
        decisive_even: share(sum(&|r| r.won + r.lost, true), sum(&|r| r.positions, true)),
        bands: table.bands(),
        rows,
    }
}
