//! Each game's part of the course: its coach, what its goals mean on its
//! board, and the proofs its solver or a deep search gives.

use super::Goal;
use crate::alphabeta::{AlphaBeta, AlphaBetaConfig, PROVED, WIN};
use crate::bot::{Budget, Limits};
use crate::review::Review;
use crate::solve::imago::Value as Solved;
use crate::solve::linja::Solver as LinjaSolver;
use tablero_core::{Game, History, Player};
use tablero_games::dimensiones::{Army, Dimensiones, SubGame};
use tablero_games::draughts::Square;
use tablero_games::imago::{Cell, Imago};
use tablero_games::jarmo::{Jarmo, Point};
use tablero_games::linja::{Linja, Row};

/// The depth of the coach's alpha-beta (Jarmo, Super Dimensiones, and
/// Linja beyond the endgame solver's reach).
pub const COACH_DEPTH: u32 = 4;

/// The endgame solver's reach for Linja's coach: beyond it the coach
/// searches.
pub const LINJA_COACH_REACH: u64 = 50_000;

/// The endgame solver's reach for Linja's proofs.
pub const LINJA_REACH: u64 = 2_000_000;

/// A game with a course.
pub trait Lesson: Review {
    /// Whether the learner may claim the win (Imago's Jacke).
    const HAS_CLAIM: bool = false;

    /// The coach's answer in the position `h` ends in: always the same.
    fn coach_move(h: &History<Self>) -> Self::Move;

    /// Whether `goal` is reached just after the learner's move number
    /// `moves` (from 1), the last move of `h`.
    fn reached(goal: &Goal, learner: Player, start: &Self, h: &History<Self>, moves: usize)
        -> bool;

    /// Whether the learner, to move at the end of `h`, may claim the win.
    fn claim_holds(_h: &History<Self>, _learner: Player) -> bool {
        false
    }

    /// For a goal a solver or a deep search can judge: whether it proves
    /// the goal reached in `par` of the learner's moves against any
    /// defence (`None`: a goal judged against the coach only).
    fn proof(_goal: &Goal, _start: &Self, _par: usize) -> Option<bool> {
        None
    }
}

/// The alpha-beta of the coach and of the proofs: one thread, a fresh
/// table, so it answers the same way every time.
fn searcher<G: Review>(depth: u32) -> AlphaBeta<G> {
    AlphaBeta::new(AlphaBetaConfig {
        budget: Budget::Depth(depth),
        tt_entries: 1 << 16,
        ..AlphaBetaConfig::default()
    })
}

fn searched_move<G: Review>(h: &History<G>, depth: u32) -> G::Move {
    searcher::<G>(depth).search(h, &Limits::none()).best
}

/// Whether a search of `depth` plies proves that the side to move in
/// `start` wins within `plies` plies.
fn search_proves_win<G: Review>(start: &G, depth: u32, plies: i32) -> bool {
    let r = searcher::<G>(depth).search(&History::new(start.clone()), &Limits::none());
    r.score >= PROVED && WIN - r.score <= plies
}

fn won_by(h: &History<impl Game>, learner: Player) -> bool {
    h.outcome().is_some_and(|o| o.winner == Some(learner))
}

/// The learner's moves of `h`, each with the positions before and after.
fn learner_moves<G: Game>(
    h: &History<G>,
    learner: Player,
) -> impl Iterator<Item = (&G, G::Move, &G)> + '_ {
    let p = h.positions();
    h.moves()
        .iter()
        .enumerate()
        .filter(move |(i, _)| p[*i].side_to_move() == learner)
        .map(move |(i, &m)| (&p[i], m, &p[i + 1]))
}

impl Lesson for Imago {
    const HAS_CLAIM: bool = true;

    fn coach_move(h: &History<Imago>) -> Self::Move {
        let pos = h.current();
        let solution = crate::play::solution_for(pos.layout());
        match solution.best_moves(pos).first() {
            Some(&m) => m,
            None => searched_move(h, 1),
        }
    }

    fn reached(
        goal: &Goal,
        learner: Player,
        _start: &Imago,
        h: &History<Imago>,
        moves: usize,
    ) -> bool {
        let pos = h.current();
        match *goal {
            Goal::Reach { square } => {
                Cell::parse(square).is_some_and(|c| pos.piece_at(c) == Some(learner))
            }
            Goal::Push { square } => {
                Cell::parse(square).is_some_and(|c| pos.piece_at(c) == Some(learner.other()))
            }
            Goal::Win => won_by(h, learner),
            Goal::Hold { moves: n } => {
                let v = crate::play::solution_for(pos.layout()).value(pos);
                // Not lost for the learner, whoever is to move.
                let holds = if pos.side_to_move() == learner {
                    !matches!(v, Solved::Loss(_))
                } else {
                    !matches!(v, Solved::Win(_))
                };
                moves >= n as usize && h.outcome().is_none() && holds
            }
            _ => false,
        }
    }

    fn claim_holds(h: &History<Imago>, learner: Player) -> bool {
        let pos = h.current();
        pos.side_to_move() == learner && crate::play::solution_for(pos.layout()).claim_is_valid(pos)
    }

    fn proof(goal: &Goal, start: &Imago, par: usize) -> Option<bool> {
        let v = crate::play::solution_for(start.layout()).value(start);
        match goal {
            // The winner's moves: plies 1, 3, 5 ... are 1, 2, 3 moves.
            Goal::Win => Some(matches!(v, Solved::Win(p) if usize::from(p).div_ceil(2) == par)),
            Goal::Claim => Some(par == 1 && matches!(v, Solved::Win(_))),
            Goal::Hold { .. } => Some(v == Solved::Draw),
            _ => None,
        }
    }
}

impl Lesson for Linja {
    fn coach_move(h: &History<Linja>) -> Self::Move {
        let pos = h.current();
        match LinjaSolver::with_limit(LINJA_COACH_REACH).solve(pos) {
            Some(s) => s.best_move.unwrap_or_else(|| searched_move(h, COACH_DEPTH)),
            None => searched_move(h, COACH_DEPTH),
        }
    }

    fn reached(
        goal: &Goal,
        learner: Player,
        _start: &Linja,
        h: &History<Linja>,
        _moves: usize,
    ) -> bool {
        let pos = h.current();
        match *goal {
            Goal::Row { row } => {
                Row::try_index(usize::from(row)).is_some_and(|r| pos.count(learner, r) > 0)
            }
            Goal::ExtraTurn => learner_moves(h, learner).any(|(_, m, _)| m.has_extra_turn()),
            Goal::Win => won_by(h, learner),
            Goal::Margin { points } => {
                h.outcome().is_some() && {
                    let [red, black] = pos.scores();
                    let diff = red as i32 - black as i32;
                    let mine = if learner == Player::P1 { diff } else { -diff };
                    mine >= points
                }
            }
            _ => false,
        }
    }

    fn proof(goal: &Goal, start: &Linja, _par: usize) -> Option<bool> {
        let value = || {
            LinjaSolver::with_limit(LINJA_REACH)
                .solve(start)
                .map(|s| s.score_diff)
        };
        match *goal {
            Goal::Win => Some(value().is_some_and(|v| v > 0)),
            Goal::Margin { points } => Some(value().is_some_and(|v| v >= points)),
            _ => None,
        }
    }
}

impl Lesson for Jarmo {
    fn coach_move(h: &History<Jarmo>) -> Self::Move {
        searched_move(h, COACH_DEPTH)
    }

    fn reached(
        goal: &Goal,
        learner: Player,
        start: &Jarmo,
        h: &History<Jarmo>,
        _moves: usize,
    ) -> bool {
        let pos = h.current();
        let opp = learner.other();
        match *goal {
            Goal::Reach { square } => {
                Point::parse(square).is_some_and(|p| pos.archer_at(p) == Some(learner))
            }
            Goal::Capture { pieces } => {
                start.archers(opp).count_ones() >= pos.archers(opp).count_ones() + pieces
            }
            Goal::Arrive { archers } => {
                (pos.archers(learner) & pos.orientation().target(learner)).count_ones() >= archers
            }
            Goal::Return => learner_moves(h, learner).any(|(before, _, after)| {
                after.archers(learner).count_ones() > before.archers(learner).count_ones()
            }),
            Goal::Win => won_by(h, learner),
            _ => false,
        }
    }

    fn proof(goal: &Goal, start: &Jarmo, par: usize) -> Option<bool> {
        // The win may come with the coach's forced answer.
        let plies = 2 * par as i32;
        match goal {
            Goal::Win => Some(search_proves_win(start, plies as u32 + 2, plies)),
            _ => None,
        }
    }
}

/// The armies of a player.
fn armies(p: Player) -> [Army; 2] {
    match p {
        Player::P1 => [Army::Red, Army::Aqua],
        Player::P2 => [Army::Blue, Army::Orange],
    }
}

impl Lesson for Dimensiones {
    fn coach_move(h: &History<Dimensiones>) -> Self::Move {
        searched_move(h, COACH_DEPTH)
    }

    fn reached(
        goal: &Goal,
        learner: Player,
        start: &Dimensiones,
        h: &History<Dimensiones>,
        _moves: usize,
    ) -> bool {
        let pos = h.current();
        let count = |p: &Dimensiones, player: Player| -> u32 {
            armies(player).iter().map(|&a| p.pieces(a)).sum()
        };
        let kings = |p: &Dimensiones, player: Player| -> u32 {
            armies(player)
                .iter()
                .map(|&a| p.kings(a).count_ones())
                .sum()
        };
        match *goal {
            Goal::Reach { square } => Square::parse(square, 6)
                .and_then(|s| pos.piece_at(s))
                .is_some_and(|(a, _)| a.player() == learner),
            Goal::Capture { pieces } => {
                count(start, learner.other()) >= count(pos, learner.other()) + pieces
            }
            Goal::Crown => kings(pos, learner) > kings(start, learner),
            Goal::Win => pos.subgame(0) == SubGame::Won(learner),
            _ => false,
        }
    }

    fn proof(goal: &Goal, start: &Dimensiones, par: usize) -> Option<bool> {
        // The win may come with the coach's forced answer.
        let plies = 2 * par as i32;
        match goal {
            Goal::Win => Some(search_proves_win(start, plies as u32 + 2, plies)),
            _ => None,
        }
    }
}
