//! Super Dimensiones' text forms: rule sets (`I-C-A-W-R`, `M-C-N-W-R+huff`)
//! and position strings
//! (`obobob/bobobo/6/6/ararar/rarara r -- 0 rbao`: board, army to move,
//! sub-games, plies without a capture or man move, cycle).

use super::board::{Army, Dimension, Formation, Power, RuleSet, Strategy, Tactics};
use super::error::VariantError;
use super::{Dimensiones, SubGame, CLOCK_LIMIT};
use crate::draughts::{fields, format_board, parse_board, PositionError, Square, DARK};
use std::fmt;
use std::str::FromStr;
use tablero_core::Player;

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = match self.dimension {
            Dimension::Inter => 'I',
            Dimension::Multi => 'M',
        };
        let s = match self.strategy {
            Strategy::Conquer => 'C',
            Strategy::Distract => 'D',
        };
        let t = match self.tactics {
            Tactics::Armour => 'A',
            Tactics::NoArmour => 'N',
        };
        let fo = match self.formation {
            Formation::Western => 'W',
            Formation::Eastern => 'E',
        };
        let p = match self.power {
            Power::Real => 'R',
            Power::Symbolic => 'S',
        };
        write!(f, "{d}-{s}-{t}-{fo}-{p}")?;
        if self.huff {
            f.write_str("+huff")?;
        }
        Ok(())
    }
}

impl FromStr for RuleSet {
    type Err = VariantError;

    /// Reads five card letters separated by `-` (dimension I/M, strategy
    /// C/D, tactics A/N, formation W/E, power R/S), then optionally `+huff`.
    fn from_str(text: &str) -> Result<RuleSet, VariantError> {
        let err = |at: usize, reason: tablero_core::Message| VariantError { at, reason };
        let (cards, huff) = match text.find('+') {
            None => (text, false),
            Some(i) if &text[i..] == "+huff" => (&text[..i], true),
            Some(i) => {
                return Err(err(
                    i,
                    msg!("dimensiones-unknown-option", option = &text[i..]),
                ))
            }
        };
        let parts: Vec<&str> = cards.split('-').collect();
        if parts.len() != 5 {
            return Err(err(0, msg!("dimensiones-card-count", found = parts.len())));
        }
        let names = ["dimension", "strategy", "tactics", "formation", "power"];
        let choices = ["IM", "CD", "AN", "WE", "RS"];
        let mut letters = [0u8; 5];
        let mut off = 0;
        for (k, p) in parts.iter().enumerate() {
            let ok = p.len() == 1 && choices[k].contains(p.to_ascii_uppercase().as_str());
            if !ok {
                let c = choices[k].as_bytes();
                return Err(err(
                    off,
                    msg!(
                        "dimensiones-card-letter",
                        card = k + 1,
                        name = names[k],
                        a = c[0] as char,
                        b = c[1] as char,
                        found = *p
                    ),
                ));
            }
            letters[k] = p.as_bytes()[0].to_ascii_uppercase();
            off += p.len() + 1;
        }
        let rs = RuleSet {
            dimension: if letters[0] == b'I' {
                Dimension::Inter
            } else {
                Dimension::Multi
            },
            strategy: if letters[1] == b'C' {
                Strategy::Conquer
            } else {
                Strategy::Distract
            },
            tactics: if letters[2] == b'A' {
                Tactics::Armour
            } else {
                Tactics::NoArmour
            },
            formation: if letters[3] == b'W' {
                Formation::Western
            } else {
                Formation::Eastern
            },
            power: if letters[4] == b'R' {
                Power::Real
            } else {
                Power::Symbolic
            },
            huff,
        };
        if huff && rs.tactics == Tactics::Armour {
            return Err(err(cards.len(), msg!("dimensiones-huff-needs-n")));
        }
        Ok(rs)
    }
}

fn subgame_char(s: SubGame) -> char {
    match s {
        SubGame::Open => '-',
        SubGame::Won(Player::P1) => '1',
        SubGame::Won(Player::P2) => '2',
        SubGame::Drawn => '=',
    }
}

pub(super) fn format_position(pos: &Dimensiones) -> String {
    let board = format_board(6, |sq| pos.piece_char(sq));
    let army = pos.army.map_or('-', Army::letter);
    let cycle = if pos.first == Player::P1 {
        "rbao"
    } else {
        "broa"
    };
    format!(
        "{board} {army} {}{} {} {cycle}",
        subgame_char(pos.subgames[0]),
        subgame_char(pos.subgames[1]),
        pos.clock
    )
}

pub(super) fn parse_position(variant: &RuleSet, text: &str) -> Result<Dimensiones, PositionError> {
    let f = fields(text);
    if f.len() != 5 {
        return Err(PositionError::FieldCount {
            at: f.get(5).map_or(text.len(), |x| x.0),
            expected: 5,
            found: f.len(),
            what: "board army sub-games clock cycle",
        });
    }
    let (at, board) = f[0];
    let b = parse_board(board, at, 6, "rRbBaAoO")?;
    let mut men = [0u64; 4];
    let mut kings = [0u64; 4];
    let bad = |what: tablero_core::Message| PositionError::BadPiece { at, what };
    for a in Army::ALL {
        men[a.index()] = b[2 * a.index()];
        kings[a.index()] = b[2 * a.index() + 1];
        let all = men[a.index()] | kings[a.index()];
        if all.count_ones() > 6 {
            return Err(bad(msg!(
                "dimensiones-too-many-pieces",
                army = a.name(),
                found = all.count_ones()
            )));
        }
        if let Some(sq) = Square::iter_bits(men[a.index()] & a.last_row()).next() {
            return Err(bad(msg!(
                "dimensiones-man-on-crowning-row",
                army = a.name(),
                sq = sq
            )));
        }
        if variant.formation == Formation::Western {
            let own_colour = match a {
                Army::Red | Army::Blue => DARK,
                Army::Aqua | Army::Orange => !DARK,
            };
            if let Some(sq) = Square::iter_bits(all & !own_colour).next() {
                return Err(bad(msg!(
                    "dimensiones-off-colour",
                    army = a.name(),
                    sq = sq
                )));
            }
        }
    }
    let (army_at, army_text) = f[1];
    let army = match army_text {
        "-" => None,
        t if t.len() == 1 => match Army::try_from_letter(t.chars().next().unwrap_or('?')) {
            Some(a) => Some(a),
            None => {
                return Err(PositionError::BadMover {
                    at: army_at,
                    what: "army",
                    allowed: "`r`, `b`, `a`, `o`, or `-` when the game is over",
                    text: army_text.to_string(),
                })
            }
        },
        _ => {
            return Err(PositionError::BadMover {
                at: army_at,
                what: "army",
                allowed: "`r`, `b`, `a`, `o`, or `-` when the game is over",
                text: army_text.to_string(),
            })
        }
    };
    let (sg_at, sg_text) = f[2];
    let parse_sg = |c: char| match c {
        '-' => Some(SubGame::Open),
        '1' => Some(SubGame::Won(Player::P1)),
        '2' => Some(SubGame::Won(Player::P2)),
        '=' => Some(SubGame::Drawn),
        _ => None,
    };
    let sg: Vec<Option<SubGame>> = sg_text.chars().map(parse_sg).collect();
    let subgames = match sg[..] {
        [Some(a), Some(b)] => [a, b],
        _ => {
            return Err(PositionError::Inconsistent {
                at: sg_at,
                what: msg!("dimensiones-bad-subgames", found = sg_text),
            })
        }
    };
    let (clock_at, clock_text) = f[3];
    let clock = clock_text
        .parse::<u8>()
        .ok()
        .filter(|&c| c <= CLOCK_LIMIT && clock_text == c.to_string())
        .ok_or_else(|| PositionError::BadClock {
            at: clock_at,
            max: u32::from(CLOCK_LIMIT),
            text: clock_text.to_string(),
        })?;
    let (cycle_at, cycle_text) = f[4];
    let first = match cycle_text {
        "rbao" => Player::P1,
        "broa" => Player::P2,
        _ => {
            return Err(PositionError::Inconsistent {
                at: cycle_at,
                what: msg!("dimensiones-bad-cycle", found = cycle_text),
            })
        }
    };
    for (g, pair) in [(Army::Red, Army::Blue), (Army::Aqua, Army::Orange)]
        .into_iter()
        .enumerate()
    {
        if subgames[g] == SubGame::Open {
            for a in [pair.0, pair.1] {
                if (men[a.index()] | kings[a.index()]) == 0 {
                    return Err(PositionError::Inconsistent {
                        at: sg_at + g,
                        what: msg!("dimensiones-open-without-pieces", army = a.name()),
                    });
                }
            }
        }
    }
    let open = subgames.contains(&SubGame::Open);
    match army {
        None if open => {
            return Err(PositionError::Inconsistent {
                at: army_at,
                what: msg!("dimensiones-no-army-open"),
            })
        }
        Some(a) if subgames[a.subgame()] != SubGame::Open => {
            return Err(PositionError::Inconsistent {
                at: army_at,
                what: msg!("dimensiones-army-decided", army = a.name()),
            })
        }
        _ => {}
    }
    let pos = Dimensiones {
        variant: *variant,
        men,
        kings,
        occupied: Dimensiones::union(&men, &kings),
        army,
        subgames,
        clock,
        first,
        paused: None,
    };
    if let Some(a) = army {
        let mut buf = Vec::new();
        pos.moves_of(a, &mut buf);
        if buf.is_empty() {
            return Err(PositionError::Inconsistent {
                at: army_at,
                what: msg!("dimensiones-army-stuck", army = a.name()),
            });
        }
    }
    Ok(pos)
}
