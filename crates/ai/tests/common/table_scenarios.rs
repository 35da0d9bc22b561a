//! The rules around the board as scenarios, played by every front end that
//! seats players: the table itself (`crates/ai/tests/table.rs`), the web
//! API (`crates/server/tests/table_rules.rs`) and `tablero play`
//! (`crates/cli/tests/table_rules.rs`). One list, so the terminal and the
//! server cannot disagree. Included by path in each of those tests.

#![allow(dead_code)]

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// A person.
    Person,
    /// The computer at this level.
    Computer(u8),
}

/// What a seat does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// Play this move.
    Move(&'static str),
    /// Claim the win.
    Claim,
    /// Resign.
    Resign,
    /// Offer a draw.
    Offer,
    /// Accept the other seat's offer.
    Accept,
    /// Decline the other seat's offer.
    Decline,
    /// Take back moves.
    Undo,
}

/// How a step must end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Done.
    Done,
    /// Refused; the game is unchanged.
    Refused,
}

/// The game at the end of a scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Still going, after this many plies.
    GoesOn(usize),
    /// Over: the winning seat (`None` for a draw) and the reason word.
    Over(Option<usize>, &'static str),
}

/// One scenario: a game from its start, the seats, the steps (the acting
/// seat, what it does, how that must end) and the end.
#[derive(Clone, Copy, Debug)]
pub struct Scenario {
    /// What it checks.
    pub name: &'static str,
    /// The game.
    pub game: &'static str,
    /// Who sits in seats 0 and 1.
    pub seats: [Who; 2],
    /// The steps.
    pub steps: &'static [(usize, Act, Answer)],
    /// The game afterwards.
    pub end: End,
    /// Whether a terminal can express it (a person at a terminal acts only
    /// on the turn of a person, and answers an offer at once).
    pub terminal: bool,
}

use Act::*;
use Answer::*;
use Who::*;

/// Every scenario.
pub const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "a person resigns",
        game: "imago",
        seats: [Person, Person],
        steps: &[(0, Move("b2-c2 g5"), Done), (1, Resign, Done)],
        end: End::Over(Some(0), "resign"),
        terminal: true,
    },
    Scenario {
        name: "a claim that does not hold loses the game for the claimant",
        game: "imago",
        seats: [Person, Person],
        steps: &[(0, Claim, Done), (0, Move("b2-c2 g5"), Refused)],
        end: End::Over(Some(1), "false-claim"),
        terminal: true,
    },
    Scenario {
        name: "a claim that does not hold loses against the computer too",
        game: "imago",
        seats: [Person, Computer(1)],
        steps: &[(0, Claim, Done), (0, Undo, Refused)],
        end: End::Over(Some(1), "false-claim"),
        terminal: true,
    },
    Scenario {
        name: "a game without claims refuses one",
        game: "jarmo",
        seats: [Person, Computer(1)],
        steps: &[(0, Claim, Refused)],
        end: End::GoesOn(0),
        terminal: true,
    },
    Scenario {
        name: "a person accepts a person's draw offer",
        game: "linja",
        seats: [Person, Person],
        steps: &[(0, Offer, Done), (1, Accept, Done)],
        end: End::Over(None, "agreed"),
        terminal: true,
    },
    Scenario {
        name: "a person declines a person's draw offer and the game goes on",
        game: "imago",
        seats: [Person, Person],
        steps: &[
            (0, Offer, Done),
            (1, Decline, Done),
            (0, Move("b2-c2 g5"), Done),
        ],
        end: End::GoesOn(1),
        terminal: true,
    },
    Scenario {
        name: "a move ends a standing offer",
        game: "imago",
        seats: [Person, Person],
        steps: &[
            (0, Offer, Done),
            (0, Move("b2-c2 g5"), Done),
            (1, Accept, Refused),
        ],
        end: End::GoesOn(1),
        terminal: false,
    },
    Scenario {
        name: "the computer that sees no win accepts a draw",
        game: "imago",
        seats: [Person, Computer(5)],
        steps: &[(0, Offer, Done)],
        end: End::Over(None, "agreed"),
        terminal: true,
    },
    Scenario {
        name: "the other computers decline a draw and no offer stands",
        game: "dimensiones",
        seats: [Person, Computer(2)],
        steps: &[(0, Offer, Refused), (0, Resign, Done)],
        end: End::Over(Some(1), "resign"),
        terminal: true,
    },
    Scenario {
        name: "undo is only for games against the computer",
        game: "imago",
        seats: [Person, Person],
        steps: &[(0, Move("b2-c2 g5"), Done), (1, Undo, Refused)],
        end: End::GoesOn(1),
        terminal: true,
    },
    Scenario {
        name: "undo with nothing of one's own to take back is refused",
        game: "linja",
        seats: [Person, Computer(1)],
        steps: &[(0, Undo, Refused)],
        end: End::GoesOn(0),
        terminal: true,
    },
    Scenario {
        name: "a move out of turn is refused",
        game: "imago",
        seats: [Person, Person],
        steps: &[(1, Move("g2-f2 b5"), Refused)],
        end: End::GoesOn(0),
        terminal: false,
    },
    Scenario {
        name: "nothing is done in a finished game",
        game: "imago",
        seats: [Person, Person],
        steps: &[
            (0, Resign, Done),
            (1, Resign, Refused),
            (1, Offer, Refused),
            (1, Move("g2-f2 b5"), Refused),
        ],
        end: End::Over(Some(1), "resign"),
        terminal: false,
    },
];
