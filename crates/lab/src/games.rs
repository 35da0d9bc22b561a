//! What the lab needs to know about each game beyond its rules and its
//! computer players: the list of its variants for `--variants all`, and
//! the cells of its board for the coverage figure.

use tablero_ai::Play;
use tablero_core::{Game, Player};
use tablero_games::dimensiones::{Dimensiones, RuleSet};
use tablero_games::draughts::{Draughts, DraughtsVariant};
use tablero_games::imago::{Imago, Layout, GRID};
use tablero_games::jarmo::{Jarmo, Orientation};
use tablero_games::linja::{Linja, Row, Rules};
use tablero_games::Describe;

/// A game the lab can survey.
pub trait LabGame: Play + Describe {
    /// Every variant `--variants all` surveys, in a fixed order. Default:
    /// the variants the game offers ([`Describe::variants`]), in its order.
    fn survey_variants() -> Vec<Self::Variant> {
        Self::variants()
            .iter()
            .map(|v| {
                v.id.parse()
                    .unwrap_or_else(|_| panic!("{}: the variant {:?} reads back", Self::NAME, v.id))
            })
            .collect()
    }

    /// The number of cells (squares, points, rows) of the board that pieces
    /// can stand on in `variant`: the denominator of board coverage.
    fn cells(variant: &Self::Variant) -> u32;

    /// The cells with a piece on them now, one bit per cell (any numbering
    /// that stays the same during a game, with at most
    /// [`cells`](LabGame::cells) distinct bits ever set).
    fn occupied(&self) -> u128;
}

impl LabGame for Imago {
    /// Only the default layout (Imago offers no list: its layouts are free
    /// text): the other layouts are studied by the exact lab (`tablero lab
    /// imago`).
    fn survey_variants() -> Vec<Layout> {
        vec![Layout::default()]
    }

    fn cells(_: &Layout) -> u32 {
        GRID.count_ones()
    }

    fn occupied(&self) -> u128 {
        u128::from((self.pieces(Player::P1) | self.pieces(Player::P2)) & GRID)
    }
}

impl LabGame for Jarmo {
    fn cells(_: &Orientation) -> u32 {
        tablero_games::jarmo::Point::NUM as u32
    }

    fn occupied(&self) -> u128 {
        u128::from(self.archers(Player::P1) | self.archers(Player::P2))
    }
}

impl LabGame for Linja {
    fn cells(_: &Rules) -> u32 {
        Row::ALL.len() as u32
    }

    fn occupied(&self) -> u128 {
        Row::ALL
            .into_iter()
            .filter(|&r| self.row_total(r) > 0)
            .fold(0, |m, r| m | 1 << r.index())
    }
}

impl LabGame for Dimensiones {
    /// The 32 rule sets without Huff's option (the game also offers
    /// `+huff` with compulsory capture; the survey leaves those out).
    fn survey_variants() -> Vec<RuleSet> {
        RuleSet::all()
    }

    fn cells(_: &RuleSet) -> u32 {
        36
    }

    fn occupied(&self) -> u128 {
        u128::from(Dimensiones::occupied(self))
    }
}

impl LabGame for Draughts {
    /// Turkish draughts is played on all 64 squares, the others on the 32
    /// dark ones.
    fn cells(v: &DraughtsVariant) -> u32 {
        match v {
            DraughtsVariant::Turkish => 64,
            DraughtsVariant::Russian | DraughtsVariant::English => 32,
        }
    }

    fn occupied(&self) -> u128 {
        Player::ALL
            .into_iter()
            .fold(0, |m, p| m | u128::from(self.men(p) | self.kings(p)))
    }
}

/// The side that moves first from `variant`'s start: the "first player"
/// of every figure.
#[must_use]
pub fn first_player<G: Game>(variant: &G::Variant) -> Player {
    G::start(variant).side_to_move()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_lists_and_start_coverage() {
        assert_eq!(Dimensiones::survey_variants().len(), 32);
        assert_eq!(Jarmo::survey_variants(), Orientation::ALL);
        assert_eq!(Linja::survey_variants(), [Rules::Publisher, Rules::Seed]);
        assert_eq!(Draughts::survey_variants(), DraughtsVariant::ALL);
        assert_eq!(Imago::survey_variants(), [Layout::default()]);
        let imago = Imago::start(&Layout::default());
        assert_eq!(imago.occupied().count_ones(), 4);
        let jarmo = Jarmo::start(&Orientation::Standard);
        assert_eq!(jarmo.occupied().count_ones(), 10);
        for v in Dimensiones::survey_variants() {
            let d = Dimensiones::start(&v);
            assert!(d.occupied().count_ones() <= Dimensiones::cells(&v));
            assert!(d.occupied() > 0);
        }
    }
}
