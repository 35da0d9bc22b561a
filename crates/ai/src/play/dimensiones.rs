//! The computer players of Super Dimensiones: levels 1 to 4 as in 8x8
//! draughts (MCTS whose playouts stop at the heuristic after 8 plies), and
//! at level 5, where the two sub-games cannot interact (cards M and W),
//! alpha-beta on the sub-game to move alone (on the whole game once that
//! sub-game nears its end).
//!
//! With an endgame table installed for the rule set
//! ([`crate::solve::dimensiones_table`]), level 5 and the exact player
//! (`solver`) play the table's best move wherever one sub-game is decided
//! and the other is in the table, and their search asks the table at every
//! node: an exact result where a sub-game gets decided with the other in
//! the table, and the table's value of each sub-game it covers in place of
//! the heuristic's material count while both are open.
//!
//! Measured with `tablero match` (docs/ai.md): alpha-beta searching the
//! whole Super Dimensiones position lost to MCTS at equal time, since each
//! ply of it alternates between two unrelated games; searching the
//! sub-game alone, with quiescence that never declines a compulsory
//! capture, it beats MCTS clearly. Where the sub-games interact (cards I or
//! E), level 5 stays MCTS, exploring less than plain UCT (c = 0.5): the
//! heuristic counts a small lead as most of a sub-game, and that sharper
//! signal is worth following.

use super::draughts::{levels, mcts_level, TOP_MS};
use super::{LevelInfo, Play};
use crate::alphabeta::{AlphaBeta, AlphaBetaConfig, Known};
use crate::analysis::Exact;
use crate::bot::{Bot, Budget, Limits};
use crate::solve::dimensiones_table::{
    exact_moves, exact_moves_in, installed, probe, subgame_value, TableRules, CAP,
};
use std::time::Duration;
use tablero_core::{Game, History};
use tablero_games::dimensiones::{Army, Dimensiones, SubGame, WON};
use tablero_games::draughts::Move;

/// Super Dimensiones: level 5 is alpha-beta on the sub-game to move where
/// the sub-games are independent, else MCTS as in draughts with the
/// exploration constant 0.5.
const DIMENSIONES_LEVELS: [LevelInfo; 5] = levels(
    "card sets with M and W: an installed endgame table's move where it knows the \
     position exactly, else alpha-beta, 2 s, on the sub-game to move alone \
     (the whole game near its end), asking the table at every node; \
     others: MCTS, 2 s on 2 threads, playouts scored by the heuristic after 8 plies, \
     exploration 0.5",
);

/// What an installed table says of a sub-game open with the other one
/// open too: the sub-game alone, so a little less than a decided one.
const TABLE_WON: i32 = WON * 9 / 10;

/// The army of sub-game `g` that moves next there, from `army` to move.
fn next_in(pos: &Dimensiones, army: Army, g: usize) -> Army {
    let mut a = army;
    while a.subgame() != g {
        a = a.next_in_cycle(pos.first());
    }
    a
}

/// The installed endgame tables' knowledge of `pos` for the search: the
/// exact result where one sub-game is decided and the other is in the
/// table ([`probe`]); while both are open, the heuristic with the table's
/// value of each sub-game it covers (for the army that moves next there,
/// with the whole clock ahead: while both are open a man's move or a
/// capture in either restarts the clock, so a lead held only until the
/// cap is no sure win) in place of the material count. `None` where no
/// table helps.
fn table_oracle(pos: &Dimensiones) -> Option<Known> {
    if let Some(v) = probe(pos) {
        return Some(match v.margin.signum() {
            1 => Known::Win,
            0 => Known::Draw,
            _ => Known::Loss,
        });
    }
    let army = pos.army()?;
    if pos.subgame(0) != SubGame::Open || pos.subgame(1) != SubGame::Open {
        return None;
    }
    let me = pos.side_to_move();
    let mut any = false;
    let mut score = 0;
    for g in 0..2 {
        let next = next_in(pos, army, g);
        score += match subgame_value(pos, next) {
            Some(steps) => {
                any = true;
                let v = steps.at(CAP);
                let v = if next.player() == me { v } else { v.flip() };
                TABLE_WON * i32::from(v.sign())
            }
            None => pos.subgame_score(g),
        };
    }
    any.then_some(Known::Eval(score))
}

/// Super Dimensiones' level 5: alpha-beta where the rule set's sub-games
/// are independent (it then searches the sub-game to move alone, see
/// [`Evaluate::focus`](tablero_core::Evaluate::focus)), MCTS elsewhere;
/// with `tables`, an installed endgame table's move where it knows the
/// position exactly, and its values inside the search.
/// Each is built when first needed: a game uses one of them, and the
/// alpha-beta's table is large.
struct DimensionesTop {
    seed: u64,
    tables: bool,
    alphabeta: Option<AlphaBeta<Dimensiones>>,
    mcts: Option<Box<dyn Bot<Dimensiones>>>,
    /// Whether alpha-beta chose the last move.
    searched: bool,
    /// The exact points difference of the last move, when the table chose
    /// it.
    exact: Option<i32>,
}

impl DimensionesTop {
    fn new(seed: u64, tables: bool) -> Self {
        DimensionesTop {
            seed,
            tables,
            alphabeta: None,
            mcts: None,
            searched: false,
            exact: None,
        }
    }
}

impl Bot<Dimensiones> for DimensionesTop {
    fn name(&self) -> String {
        let tables = if self.tables { "tables+" } else { "" };
        format!("{tables}alphabeta(ms={TOP_MS}) / mcts(ms={TOP_MS},c=0.5,threads=2)")
    }

    fn choose(&mut self, history: &History<Dimensiones>, limits: &Limits) -> Move {
        self.exact = None;
        let pos = history.current();
        if self.tables {
            if let Some(best) = exact_moves_in(history).and_then(|m| m.first().copied()) {
                self.exact = Some(best.margin);
                return best.mv;
            }
        }
        self.searched = pos.variant().independent_subgames();
        if self.searched {
            let oracle = self.tables
                && TableRules::of(pos.variant()).is_some_and(|r| installed(r).is_some());
            self.alphabeta
                .get_or_insert_with(|| {
                    let ab = AlphaBeta::new(AlphaBetaConfig {
                        budget: Budget::Time(Duration::from_millis(TOP_MS)),
                        ..AlphaBetaConfig::default()
                    });
                    if oracle {
                        ab.with_oracle(table_oracle)
                    } else {
                        ab
                    }
                })
                .choose(history, limits)
        } else {
            let seed = self.seed;
            self.mcts
                .get_or_insert_with(|| mcts_level(5, seed, 0.5))
                .choose(history, limits)
        }
    }

    fn new_game(&mut self) {
        if let Some(a) = &mut self.alphabeta {
            a.new_game();
        }
        if let Some(m) = &mut self.mcts {
            m.new_game();
        }
    }

    fn info(&self) -> Option<String> {
        if let Some(m) = self.exact {
            return Some(format!(
                "score cp {} string exact points difference {m}",
                WON * m
            ));
        }
        if self.searched {
            self.alphabeta.as_ref()?.info()
        } else {
            self.mcts.as_ref()?.info()
        }
    }
}

impl Play for Dimensiones {
    fn level(level: u8, seed: u64) -> Box<dyn Bot<Dimensiones>> {
        if level >= 5 {
            Box::new(DimensionesTop::new(seed, true))
        } else {
            mcts_level(level, seed, 0.5)
        }
    }

    /// Level 5: the endgame table's moves where it knows the position
    /// exactly, its search elsewhere.
    fn exact(seed: u64, _noise: f64, _horizon: u16) -> Option<Box<dyn Bot<Dimensiones>>> {
        Some(Box::new(DimensionesTop::new(seed, true)))
    }

    /// From the installed endgame table, where one sub-game is decided and
    /// the other is in the table: each move's points difference for the
    /// mover with best play (the position alone: earlier positions do not
    /// count), and among equals the quickest to make its value come true
    /// first.
    fn exact_move_values(pos: &Dimensiones, _reach: u64) -> Option<Vec<(Move, Exact)>> {
        Some(
            exact_moves(pos)?
                .into_iter()
                .map(|m| (m.mv, Exact::Margin(m.margin)))
                .collect(),
        )
    }

    fn levels() -> [LevelInfo; 5] {
        DIMENSIONES_LEVELS
    }
}
