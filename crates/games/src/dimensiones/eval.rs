//! Super Dimensiones' heuristic for search: sub-games already decided, and
//! in each open sub-game the value balance of the two facing armies (men 1,
//! kings 2), which the mover wants high in Conquer and low in Distract.
//!
//! In Conquer the balance counts with diminishing returns, so that even a
//! small lead weighs much: when the game ends by the move cap or by
//! repetition, an open sub-game goes to the higher value, so a lead of one
//! man is often already the sub-game. A decided sub-game counts
//! [`WON`]; a lead of one man half of that, two men two thirds.

use super::board::{Army, Strategy};
use super::{Dimensiones, SubGame, CLOCK_LIMIT};
use crate::draughts::Move;
use tablero_core::{Evaluate, Game, Player};

/// A decided sub-game.
pub const WON: i32 = 1000;
/// The value balance (in men) at which an open sub-game counts half of
/// [`WON`] in Conquer.
const HALF: i32 = 1;
/// Search stops focusing on the sub-game to move once one of its armies is
/// down to this many pieces (see [`Evaluate::focus`]).
const FOCUS_PIECES: u32 = 2;

impl Dimensiones {
    /// The heuristic's part for sub-game `g` (0 Red–Blue, 1 Aqua–Orange),
    /// for the side to move: [`Evaluate::evaluate`] is the sum of the two.
    /// (A caller that knows a sub-game's value better, from an endgame
    /// table, puts its own figure in that sub-game's place.)
    #[must_use]
    pub fn subgame_score(&self, g: usize) -> i32 {
        let me = self.side_to_move();
        let conquer = self.variant().strategy == Strategy::Conquer;
        let (mine, theirs) = [(Army::Red, Army::Blue), (Army::Aqua, Army::Orange)][g];
        let (mine, theirs) = if me == Player::P1 {
            (mine, theirs)
        } else {
            (theirs, mine)
        };
        let lead = self.value(mine) as i32 - self.value(theirs) as i32;
        match self.subgame(g) {
            SubGame::Won(p) if p == me => WON,
            SubGame::Won(_) => -WON,
            SubGame::Drawn => 0,
            SubGame::Open if conquer => WON * lead / (lead.abs() + HALF),
            SubGame::Open => -100 * lead,
        }
    }
}

impl Evaluate for Dimensiones {
    fn evaluate(&self) -> i32 {
        self.subgame_score(0) + self.subgame_score(1)
    }

    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    fn move_hint(&self, mv: Move) -> i32 {
        mv.captured.count_ones() as i32 * 4 + i32::from(mv.promote) * 2
    }

    /// With cards M and W the two sub-games never touch: each pair lives on
    /// its own colour of squares and no piece jumps an ally. The sub-game
    /// of the army to move is then searched first, alone: the other one is
    /// paused, so the armies of this one take turns, and the draw clock
    /// keeps half the plies it has left (the other sub-game's plies count
    /// too). Each ply of search then looks one ply further into the game
    /// that the move belongs to.
    ///
    /// Once the sub-game searched is decided, the paused one resumes as it
    /// stands, with the player who did not make the deciding move to move:
    /// as in the game, where players alternate strictly. A player who
    /// decides a sub-game right after the other player's army moved in the
    /// other one hands it a second move there in a row; in the cycle Red,
    /// Blue, Aqua, Orange that is every deciding move of Red or Aqua. The
    /// search sees that tempo.
    ///
    /// Near the end of the sub-game to move (an army of it down to
    /// two pieces, `FOCUS_PIECES`) there is no focus: when that sub-game ends,
    /// and with whose move, depends on the other sub-game's moves in
    /// between, which only the search of the whole game sees.
    fn focus(&self) -> Option<Dimensiones> {
        let army = self.army?;
        if !self.variant.independent_subgames()
            || self.subgames != [SubGame::Open; 2]
            || self.paused.is_some()
            || self.pieces(army).min(self.pieces(army.facing())) <= FOCUS_PIECES
        {
            return None;
        }
        let mut f = self.clone();
        f.paused = Some(1 - army.subgame() as u8);
        let left = CLOCK_LIMIT - self.clock;
        f.clock = CLOCK_LIMIT - left.div_ceil(2);
        Some(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(rules: &str, text: &str) -> Dimensiones {
        let rules: super::super::RuleSet = rules.parse().expect("rule set");
        Dimensiones::parse_position(&rules, text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn eval(rules: &str, text: &str) -> i32 {
        position(rules, text).evaluate()
    }

    #[test]
    fn focus_keeps_the_moves_and_lets_the_sub_game_alone_take_turns() {
        let rules: super::super::RuleSet = "M-C-N-W-R".parse().expect("rule set");
        let mut pos = Dimensiones::start(&rules);
        let f = pos.focus().expect("both sub-games open");
        assert_eq!(
            f.position_string(),
            "obobob/bobobo/6/6/ararar/rarara r -- 30 rbao"
        );
        pos.play(pos.parse_move("b2-c3").expect("move"))
            .expect("legal");
        let mut f = pos.focus().expect("both open");
        f.play(f.parse_move("c5-d4").expect("move")).expect("legal");
        // Red again, not Aqua: only the Red-Blue sub-game is played.
        assert_eq!(f.army(), Some(Army::Red));
        // Other card sets, or a decided sub-game: no focus.
        let inter: super::super::RuleSet = "I-C-N-W-R".parse().expect("rule set");
        assert!(Dimensiones::start(&inter).focus().is_none());
        let east: super::super::RuleSet = "M-C-N-E-R".parse().expect("rule set");
        assert!(Dimensiones::start(&east).focus().is_none());
        let decided = position("M-C-N-W-R", "1bo3/6/6/6/6/ra4 a 1- 0 rbao");
        assert!(decided.focus().is_none());
    }

    #[test]
    fn a_king_counts_more_than_a_man() {
        let man = eval("M-C-N-W-R", "1bo3/6/6/6/6/ra4 r -- 0 rbao");
        let king = eval("M-C-N-W-R", "1bo3/6/6/6/6/Ra4 r -- 0 rbao");
        assert_eq!(man, 0);
        assert!(king > man);
    }

    #[test]
    fn a_decided_sub_game_counts_more_than_any_lead() {
        let lead = eval("M-C-N-W-R", "1bo3/6/6/R1R1R1/1R1R2/ra4 r -- 0 rbao");
        let won = eval("M-C-N-W-R", "1bo3/6/6/6/6/ra4 a 1- 0 rbao");
        assert!(lead > 0 && lead < won, "{lead} {won}");
    }

    #[test]
    fn the_mover_wants_more_in_conquer_and_less_in_distract() {
        let (one, two) = (
            "1bo3/6/6/6/6/ra4 r -- 0 rbao",
            "1bo3/6/6/6/1r4/ra4 r -- 0 rbao",
        );
        assert!(eval("M-C-N-W-R", two) > eval("M-C-N-W-R", one));
        assert!(eval("M-D-N-W-R", two) < eval("M-D-N-W-R", one));
        // The same seen from the other side.
        let blue = "1bo3/6/6/6/1r4/ra4 b -- 0 rbao";
        assert!(eval("M-C-N-W-R", blue) < 0);
        assert!(eval("M-D-N-W-R", blue) > 0);
    }
}
