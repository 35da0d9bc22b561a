//! Imago's text forms: position strings (`b2,b5/g2,g5 r 0`), moves
//! (`b2-c2 g5`, `g1-h1`, `pass`) and layouts
//! (`red:b2,b5 blue:g2,g5 walls:c3-d3,c4-d4`).

use super::board::{Cell, Layout, BLUE_GOALS, GOALS, RED_GOALS};
use super::error::{LayoutError, MoveSyntaxError, PositionError};
use super::{Imago, Move};
use std::fmt;
use std::str::FromStr;
use tablero_core::fields;
use tablero_core::Player;

pub(super) fn format_position(pos: &Imago) -> String {
    let list = |p: Player| {
        pos.cells(p)
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    let side = match tablero_core::Game::side_to_move(pos) {
        Player::P1 => 'r',
        Player::P2 => 'b',
    };
    format!(
        "{}/{} {side} {}",
        list(Player::P1),
        list(Player::P2),
        pos.passes()
    )
}

fn parse_cells(
    text: &str,
    at: usize,
    colour: &'static str,
) -> Result<Vec<(usize, Cell)>, PositionError> {
    let mut out = Vec::new();
    let mut off = at;
    for part in text.split(',') {
        let cell = Cell::parse(part).ok_or_else(|| PositionError::BadCell {
            at: off,
            text: part.to_string(),
        })?;
        out.push((off, cell));
        off += part.len() + 1;
    }
    if out.len() != 2 {
        return Err(PositionError::PieceCount {
            at,
            colour,
            found: out.len(),
        });
    }
    Ok(out)
}

pub(super) fn parse_position(layout: &Layout, text: &str) -> Result<Imago, PositionError> {
    let f = fields(text);
    if f.len() != 3 {
        let at = f.get(3).map_or(text.len(), |x| x.0);
        return Err(PositionError::FieldCount { at, found: f.len() });
    }
    let (at, pieces) = f[0];
    let slash = pieces.find('/').ok_or(PositionError::MissingSlash { at })?;
    let red = parse_cells(&pieces[..slash], at, "red")?;
    let blue = parse_cells(&pieces[slash + 1..], at + slash + 1, "blue")?;
    let mut occupied = 0u64;
    let mut on_goal = 0;
    for (colour, list, foreign) in [("red", &red, BLUE_GOALS), ("blue", &blue, RED_GOALS)] {
        for &(off, cell) in list {
            if occupied & cell.bit() != 0 {
                return Err(PositionError::Overlap { at: off, cell });
            }
            if foreign & cell.bit() != 0 {
                return Err(PositionError::ForeignGoal {
                    at: off,
                    colour,
                    cell,
                });
            }
            if GOALS & cell.bit() != 0 {
                on_goal += 1;
            }
            occupied |= cell.bit();
        }
    }
    if on_goal > 1 {
        return Err(PositionError::TwoGoals { at });
    }
    let (side_at, side_text) = f[1];
    let side = match side_text {
        "r" => Player::P1,
        "b" => Player::P2,
        _ => {
            return Err(PositionError::BadSide {
                at: side_at,
                text: side_text.to_string(),
            })
        }
    };
    let (pass_at, pass_text) = f[2];
    let passes = match pass_text {
        "0" => 0,
        "1" if on_goal == 0 => 1,
        "2" if on_goal == 0 => 2,
        _ => {
            return Err(PositionError::BadPasses {
                at: pass_at,
                text: pass_text.to_string(),
            })
        }
    };
    Ok(Imago::from_parts(
        layout.clone(),
        [red[0].1, red[1].1],
        [blue[0].1, blue[1].1],
        side,
        passes,
    ))
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pass => f.write_str("pass"),
            Move::Step {
                from,
                to,
                push: None,
            } => write!(f, "{from}-{to}"),
            Move::Step {
                from,
                to,
                push: Some(p),
            } => write!(f, "{from}-{to} {p}"),
        }
    }
}

impl FromStr for Move {
    type Err = MoveSyntaxError;

    /// Reads `pass`, `b2-c2` or `b2-c2 g5` (spaces around the text ignored).
    fn from_str(text: &str) -> Result<Move, MoveSyntaxError> {
        let f = fields(text);
        let Some(&(at, step)) = f.first() else {
            return Err(MoveSyntaxError::Empty);
        };
        if f.len() == 1 && step == "pass" {
            return Ok(Move::Pass);
        }
        if f.len() > 2 {
            return Err(MoveSyntaxError::Shape { at: f[2].0 });
        }
        let (a, b) = step.split_once('-').ok_or(MoveSyntaxError::Shape { at })?;
        let cell = |s: &str, off: usize| {
            Cell::parse(s).ok_or_else(|| MoveSyntaxError::BadCell {
                at: off,
                text: s.to_string(),
            })
        };
        let from = cell(a, at)?;
        let to = cell(b, at + a.len() + 1)?;
        if from.dir_to(to).is_none() {
            return Err(MoveSyntaxError::NotAdjacent { at, from, to });
        }
        let push = match f.get(1) {
            None => None,
            Some(&(off, p)) => Some(cell(p, off)?),
        };
        Ok(Move::Step { from, to, push })
    }
}

impl fmt::Display for Layout {
    /// `default` for the default layout, else
    /// `red:b2,b5 blue:g2,g5 walls:c3-d3,c4-d4` (walls omitted when none).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_default() {
            return f.write_str("default");
        }
        let [r1, r2] = self.red_start();
        let [b1, b2] = self.blue_start();
        write!(f, "red:{r1},{r2} blue:{b1},{b2}")?;
        let walls = self.walls();
        if !walls.is_empty() {
            let list: Vec<String> = walls.iter().map(ToString::to_string).collect();
            write!(f, " walls:{}", list.join(","))?;
        }
        Ok(())
    }
}

impl FromStr for Layout {
    type Err = LayoutError;

    /// Reads `default` (Spanish `estándar`/`estandar`), or fields `red:`, `blue:` and `walls:` in any order,
    /// their values separated by commas or whitespace (newlines too). `#`
    /// starts a comment to the end of the line. Missing start cells are the
    /// default ones; missing walls mean none.
    fn from_str(text: &str) -> Result<Layout, LayoutError> {
        let mut red = None;
        let mut blue = None;
        let mut walls: Vec<(Cell, Cell)> = Vec::new();
        let mut key: Option<&str> = None;
        let mut any = false;
        let syntax = |at: usize, reason: tablero_core::Message| LayoutError::Syntax { at, reason };
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            let content = line.split('#').next().unwrap_or("");
            for (at, token) in fields(content) {
                let at = offset + at;
                any = true;
                let value = if let Some((k, v)) = token.split_once(':') {
                    key = Some(match k {
                        "red" => "red",
                        "blue" => "blue",
                        "walls" | "wall" => "walls",
                        _ => return Err(syntax(at, msg!("imago-layout-unknown-field", field = k))),
                    });
                    match key {
                        Some("red") => red = Some(Vec::new()),
                        Some("blue") => blue = Some(Vec::new()),
                        _ => {}
                    }
                    if v.is_empty() {
                        continue;
                    }
                    (at + k.len() + 1, v)
                } else if matches!(token, "default" | "estándar" | "estandar") && key.is_none() {
                    continue;
                } else {
                    (at, token)
                };
                let (vat, v) = value;
                for (sub_at, part) in split_commas(v, vat) {
                    match key {
                        None => {
                            return Err(syntax(sub_at, msg!("imago-layout-no-field", part = part)))
                        }
                        Some("walls") => {
                            let (a, b) = part.split_once('-').ok_or_else(|| {
                                syntax(sub_at, msg!("imago-layout-wall-shape", part = part))
                            })?;
                            let ca = Cell::parse(a).ok_or_else(|| {
                                syntax(sub_at, msg!("imago-layout-not-cell", text = a))
                            })?;
                            let cb = Cell::parse(b).ok_or_else(|| {
                                syntax(
                                    sub_at + a.len() + 1,
                                    msg!("imago-layout-not-cell", text = b),
                                )
                            })?;
                            walls.push((ca, cb));
                        }
                        Some(k) => {
                            let cell = Cell::parse(part).ok_or_else(|| {
                                syntax(sub_at, msg!("imago-layout-not-cell", text = part))
                            })?;
                            let list = if k == "red" { &mut red } else { &mut blue };
                            list.get_or_insert_with(Vec::new).push(cell);
                        }
                    }
                }
            }
            offset += line.len();
        }
        if !any {
            return Err(syntax(0, msg!("imago-layout-empty")));
        }
        let red = red.unwrap_or_else(|| super::DEFAULT_RED.to_vec());
        let blue = blue.unwrap_or_else(|| super::DEFAULT_BLUE.to_vec());
        Layout::new(&red, &blue, &walls)
    }
}

fn split_commas(text: &str, at: usize) -> impl Iterator<Item = (usize, &str)> {
    let mut off = at;
    text.split(',').filter_map(move |p| {
        let here = off;
        off += p.len() + 1;
        (!p.is_empty()).then_some((here, p))
    })
}
