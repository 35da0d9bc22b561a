//! Where the full-screen game finds the cells of its drawing: from the
//! game's typed board view ([`BoardView`], its columns, rows and pieces)
//! and the place its terminal drawing puts each cell
//! ([`CliGame::screen_cell`]), never by reading the drawing back. Turning
//! the board over is done here too: a draughts board is seen from the other
//! side (rows and columns both reversed), the other boards keep their
//! columns and reverse their rows.

use crate::render::{BoardView, CliGame};

/// One cell of the board as drawn: its name, its line and its column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spot {
    /// The cell's name (`c3`), or the row's number for Linja (`3`).
    pub name: String,
    /// The line of the drawing.
    pub line: usize,
    /// The column (in characters) of the cell's glyph.
    pub x: usize,
    /// The column's index (from 0) and the row's (from 0), for shading.
    pub col: usize,
    /// The row's index, from 0.
    pub row: usize,
}

/// The board as the screen draws it: the lines and where each cell is.
#[derive(Clone, Debug)]
pub struct Drawing {
    pub lines: Vec<String>,
    pub spots: Vec<Spot>,
    /// Whether the cells are a grid of lettered columns (not Linja's rows).
    pub grid: bool,
}

/// The name of the cell in column `col` and row `row` (from 0): `c3`.
fn cell_name(col: usize, row: usize) -> String {
    format!("{}{}", char::from(b'a' + col as u8), row + 1)
}

/// The drawing of `game` for the screen, turned over when `flip`.
pub fn drawing<G: CliGame>(game: &G, flip: bool, short: bool) -> Drawing {
    let view = BoardView::of(game);
    let lines: Vec<String> = game
        .screen_board(short)
        .lines()
        .map(str::to_string)
        .collect();
    let grid = view.cols > 1;
    let mut spots = Vec::new();
    for row in 0..view.rows {
        for col in 0..view.cols.max(1) {
            let Some((line, x)) = G::screen_cell(col, row, short) else {
                continue;
            };
            if line >= lines.len() {
                continue;
            }
            let name = if grid {
                cell_name(col, row)
            } else {
                row.to_string()
            };
            spots.push(Spot {
                name,
                line,
                x,
                col,
                row,
            });
        }
    }
    let d = Drawing { lines, spots, grid };
    match (flip, G::CHECKERED && grid) {
        (false, _) => d,
        (true, true) => turn_around(d, view.cols, view.rows),
        (true, false) => reverse_rows(d),
    }
}

/// The first and last lines of the rows, with the corner tokens drawn just
/// above and below them (Super Dimensiones's signal).
fn row_block(d: &Drawing) -> Option<(usize, usize)> {
    let first = d.spots.iter().map(|s| s.line).min()?;
    let last = d.spots.iter().map(|s| s.line).max()?;
    let token = |i: usize| d.lines.get(i).is_some_and(|l| l.contains('['));
    if first > 0 && token(first - 1) && token(last + 1) {
        Some((first - 1, last + 1))
    } else {
        Some((first, last))
    }
}

/// The rows in the other order (with what is drawn between them: Imago's
/// walls, Linja's sticks), each keeping its label and its columns.
fn reverse_rows(mut d: Drawing) -> Drawing {
    let Some((a, b)) = row_block(&d) else {
        return d;
    };
    d.lines[a..=b].reverse();
    for s in &mut d.spots {
        s.line = a + b - s.line;
    }
    d
}

/// The board seen from the other side: rows and columns reversed, the
/// column letters and the corner tokens with them.
fn turn_around(d: Drawing, cols: usize, rows: usize) -> Drawing {
    let Some((a, b)) = row_block(&d) else {
        return d;
    };
    let old: Vec<Vec<char>> = d.lines.iter().map(|l| l.chars().collect()).collect();
    let mut new = old.clone();
    new[a..=b].reverse();
    // Each cell's glyph goes to the place of the cell across the board.
    let place = |col: usize, row: usize| d.spots.iter().find(|s| s.col == col && s.row == row);
    for s in &d.spots {
        let Some(to) = place(cols - 1 - s.col, rows - 1 - s.row) else {
            continue;
        };
        if let (Some(&c), Some(slot)) = (
            old[s.line].get(s.x),
            new.get_mut(to.line).and_then(|l| l.get_mut(to.x)),
        ) {
            *slot = c;
        }
    }
    // The column letters, right to left; the corner tokens swap sides.
    let xs: Vec<usize> = (0..cols).filter_map(|c| place(c, 0).map(|s| s.x)).collect();
    for line in &mut new {
        let letters = xs.len() == cols
            && xs
                .iter()
                .enumerate()
                .all(|(i, &x)| line.get(x) == Some(&char::from(b'a' + i as u8)));
        if letters {
            for (i, &x) in xs.iter().enumerate() {
                line[x] = char::from(b'a' + (cols - 1 - i) as u8);
            }
        }
        let opens: Vec<usize> = (0..line.len()).filter(|&i| line[i] == '[').collect();
        if let [l, r] = opens[..] {
            if line.get(l + 3) == Some(&']') && line.get(r + 3) == Some(&']') {
                for k in 0..4 {
                    line.swap(l + k, r + k);
                }
            }
        }
    }
    let spots = d
        .spots
        .iter()
        .filter_map(|s| {
            let at = place(cols - 1 - s.col, rows - 1 - s.row)?;
            Some(Spot {
                line: at.line,
                x: at.x,
                ..s.clone()
            })
        })
        .collect();
    Drawing {
        lines: new.into_iter().map(|l| l.into_iter().collect()).collect(),
        spots,
        grid: d.grid,
    }
}

/// The cells to mark for the move `text` played from `before` to `after`:
/// the cells it names and every cell whose piece it changed to another (a
/// pushed piece's new cell, where the move text does not name it).
pub fn cells_of_move<G: CliGame>(before: &G, after: &G, text: &str) -> Vec<String> {
    let mut out = G::path(text);
    let (then, now) = (BoardView::of(before), BoardView::of(after));
    for p in &now.pieces {
        if !then.pieces.contains(p) && !out.contains(&p.cell) {
            out.push(p.cell.clone());
        }
    }
    out
}

/// The pieces each seat has lost since `start`: `[Red's, Blue's]`; `None`
/// where the view counts no pieces on cells (Linja) or tells its own losses
/// (Jarmo's lost and owed archers are drawn with the board).
pub fn lost<G: CliGame>(start: &G, now: &G) -> Option<[usize; 2]> {
    let (then, now) = (BoardView::of(start), BoardView::of(now));
    if !then.counts_pieces {
        return None;
    }
    let count = |v: &BoardView, seat: usize| v.pieces.iter().filter(|p| p.seat == seat).count();
    Some([0, 1].map(|seat| count(&then, seat).saturating_sub(count(&now, seat))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablero_core::Game;
    use tablero_games::draughts::Draughts;
    use tablero_games::imago::Imago;
    use tablero_games::linja::Linja;

    fn start<G: CliGame>() -> G {
        G::start_with(&G::Variant::default(), tablero_core::Player::P1)
    }

    fn glyph(d: &Drawing, name: &str) -> Option<char> {
        let s = d.spots.iter().find(|s| s.name == name)?;
        d.lines[s.line].chars().nth(s.x)
    }

    #[test]
    fn the_spots_are_where_the_pieces_are_drawn() {
        let g = start::<Draughts>();
        let d = drawing(&g, false, false);
        assert_eq!(d.spots.len(), 64);
        for p in BoardView::of(&g).pieces {
            let c = glyph(&d, &p.cell).expect("drawn");
            assert_eq!(c.to_ascii_lowercase(), ['w', 'b'][p.seat], "{}", p.cell);
        }
        let l = drawing(&start::<Linja>(), false, false);
        assert_eq!(l.spots.len(), 8);
        assert!(l.lines[l.spots[7].line].starts_with(" 7 "));
    }

    #[test]
    fn a_draughts_board_turned_over_is_seen_from_black_s_side() {
        let g = start::<Draughts>();
        let (d, f) = (drawing(&g, false, false), drawing(&g, true, false));
        for s in &d.spots {
            assert_eq!(glyph(&d, &s.name), glyph(&f, &s.name), "{}", s.name);
        }
        // h8 (Black's corner... a light square) is now bottom left, a1 top right.
        let a1 = f.spots.iter().find(|s| s.name == "a1").expect("a1");
        let h8 = f.spots.iter().find(|s| s.name == "h8").expect("h8");
        assert!(a1.line < h8.line && a1.x > h8.x);
        assert!(f.lines.iter().any(|l| l.trim() == "h  g  f  e  d  c  b  a"));
        assert!(f.lines[0].starts_with(" 1 "));
    }

    #[test]
    fn imago_turned_over_keeps_its_columns() {
        let g = start::<Imago>();
        let (d, f) = (drawing(&g, false, false), drawing(&g, true, false));
        for s in &d.spots {
            let t = f.spots.iter().find(|t| t.name == s.name).expect("a spot");
            assert_eq!(s.x, t.x);
            assert_eq!(glyph(&d, &s.name), glyph(&f, &s.name));
        }
    }

    #[test]
    fn a_push_marks_the_pushed_piece_s_cell() {
        // Along a game: every cell a move names is marked, and every cell
        // where a piece now stands that did not before.
        let mut g = start::<Imago>();
        for _ in 0..40 {
            let texts = g.legal_move_strings();
            let Some(text) = texts.last() else { break };
            let mut after = g.clone();
            after
                .play(after.parse_move(text).expect("legal"))
                .expect("legal");
            let cells = cells_of_move(&g, &after, text);
            let named = <Imago as tablero_games::Describe>::path(text);
            assert!(named.iter().all(|c| cells.contains(c)));
            if after.outcome().is_some() {
                break;
            }
            g = after;
        }
    }
}
