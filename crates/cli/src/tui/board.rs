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
    /// How far a cell reaches around its glyph, in columns and lines, for
    /// its shade and its mark: `(1, 0)` as the games draw it (the glyph
    /// and a column each side), more when [`zoom`] draws it bigger.
    pub half: (usize, usize),
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
    let d = Drawing {
        lines,
        spots,
        grid,
        half: (1, 0),
    };
    match (flip, G::CHECKERED && grid) {
        (false, _) => d,
        (true, true) => turn_around(d, view.cols, view.rows),
        (true, false) => reverse_rows(d),
    }
}

/// The first and last lines of the rows, with the corner tokens drawn just
/// above and below them (Super Dimensiones's signal).
fn row_block(d: &Drawing) -> Option<(usize, usize)> {
    // With the lines of the first and last rows' cells.
    let first = d.spots.iter().map(|s| s.line).min()? - d.half.1;
    let last = d.spots.iter().map(|s| s.line).max()? + d.half.1;
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
        half: d.half,
    }
}

/// The lines of the board itself: its rows, what is drawn between and
/// around them (Imago's walls, the corner tokens) and the column letters
/// next to them; the lines before and after (notes, counts) are not.
pub fn block(d: &Drawing) -> Option<(usize, usize)> {
    let (mut top, mut bottom) = row_block(d)?;
    let mut xs: Vec<usize> = d.spots.iter().map(|s| s.x).collect();
    xs.sort_unstable();
    xs.dedup();
    if d.grid {
        let letters = |i: usize| d.lines.get(i).is_some_and(|l| letters_line(l, &xs));
        if top > 0 && letters(top - 1) {
            top -= 1;
        }
        if letters(bottom + 1) {
            bottom += 1;
        }
    }
    Some((top, bottom))
}

/// Whether `line` holds only the column letters, at the columns `xs` of
/// the cells (in either order: a board turned around reads them back to
/// front).
fn letters_line(line: &str, xs: &[usize]) -> bool {
    let chars: Vec<char> = line.chars().collect();
    xs.iter()
        .all(|&x| chars.get(x).is_some_and(char::is_ascii_lowercase))
        && chars
            .iter()
            .enumerate()
            .all(|(i, c)| xs.contains(&i) || c.is_whitespace())
}

/// Whether `c` is drawn as a line along the row (Imago's walls under a
/// cell): stretched with the cell.
fn across(c: char) -> bool {
    matches!(c, '━' | '─' | '═')
}

/// Whether `c` is drawn as a line up the board (Imago's walls between two
/// cells): drawn on every line of the row's cells.
fn upright(c: char) -> bool {
    matches!(c, '┃' | '│')
}

/// The groups of characters of `line` that move together: each run of
/// non-blank characters, a bracketed group with its blanks (`[B ]`) kept
/// whole; each with its first column.
fn runs(line: &str) -> Vec<(usize, Vec<char>)> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == ' ' {
            i += 1;
            continue;
        }
        let start = i;
        let mut open = false;
        while i < chars.len() && (chars[i] != ' ' || open) {
            match chars[i] {
                '[' => open = true,
                ']' => open = false,
                _ => {}
            }
            i += 1;
        }
        out.push((start, chars[start..i].to_vec()));
    }
    out
}

/// The board of a grid drawn bigger: the columns of cells `4 (kx - 1)`
/// characters further apart and the rows `2 (ky - 1)` lines further apart
/// (`kx = ky = 1`: as drawn). What lies between the cells keeps its place
/// in the middle (Imago's walls, stretched along and up the bigger cells),
/// the row labels stay on the left, what follows a row on the right
/// (Jarmo's notes), and the lines before and after the board are not
/// touched (the corner tokens and column letters around it go with it).
/// Each cell then reaches `2 (kx - 1)` columns and `ky - 1` lines further
/// around its glyph ([`Drawing::half`]).
pub fn zoom(d: Drawing, kx: usize, ky: usize) -> Drawing {
    let (kx, ky) = (kx.max(1), ky.max(1));
    let mut xs: Vec<usize> = d.spots.iter().map(|s| s.x).collect();
    let mut ys: Vec<usize> = d.spots.iter().map(|s| s.line).collect();
    xs.sort_unstable();
    xs.dedup();
    ys.sort_unstable();
    ys.dedup();
    if !d.grid || (kx == 1 && ky == 1) || xs.len() < 2 || ys.len() < 2 {
        return d;
    }
    let Some((top, bottom)) = block(&d) else {
        return d;
    };
    let (ex, pad) = (4 * (kx - 1), 2 * (kx - 1));
    let (ey, hh) = (2 * (ky - 1), ky - 1);
    let (cols, rows) = (xs.len(), ys.len());
    let (first_x, last_x) = (xs[0], xs[cols - 1]);
    // Columns: nothing moves left of the first cell; each gap between two
    // columns of cells grows by `ex` (what is drawn in its middle moves by
    // half of it); all of the grid moves right by `pad`, what follows it
    // by `pad` more.
    let shift = |c: usize| -> usize {
        if c + 1 < first_x {
            return 0;
        }
        if c > last_x + 1 {
            return 2 * pad + ex * (cols - 1);
        }
        let mut s = pad;
        for w in xs.windows(2) {
            let twice = w[0] + w[1];
            if 2 * c > twice {
                s += ex;
            } else if 2 * c == twice {
                s += ex / 2;
            }
        }
        s
    };
    // Lines: the rows `dy + ey` apart, `hh` more above the first; what is
    // drawn between two rows in the middle of their gap.
    let (dy, new_dy) = (ys[1] - ys[0], ys[1] - ys[0] + ey);
    let added = 2 * hh + ey * (rows - 1);
    let line_of = |l: usize| -> usize {
        if l < ys[0] {
            return l;
        }
        if l > ys[rows - 1] {
            return l + added;
        }
        let i = ys.iter().rposition(|&y| y <= l).unwrap_or(0);
        ys[0] + hh + i * new_dy + (l - ys[i]) * new_dy / dy
    };
    let mut out: Vec<Vec<char>> = vec![Vec::new(); d.lines.len() + added];
    let put = |out: &mut Vec<Vec<char>>, line: usize, x: usize, c: char| {
        let l = &mut out[line];
        if l.len() <= x {
            l.resize(x + 1, ' ');
        }
        l[x] = c;
    };
    for (i, text) in d.lines.iter().enumerate() {
        if i < top {
            out[i] = text.chars().collect();
            continue;
        }
        if i > bottom {
            out[i + added] = text.chars().collect();
            continue;
        }
        let to = line_of(i);
        for (start, chars) in runs(text) {
            if chars.len() >= 3 && chars.iter().all(|&c| across(c)) {
                // A wall under a cell: as wide as the bigger cell.
                let from = start + shift(start) - ex / 2;
                for x in from..from + chars.len() + ex {
                    put(&mut out, to, x, chars[0]);
                }
                continue;
            }
            let at = start + shift(start);
            for (j, &c) in chars.iter().enumerate() {
                put(&mut out, to, at + j, c);
            }
        }
        // Walls between two cells go up and down the cells of their row.
        if ys.contains(&i) {
            for (x, c) in text.chars().enumerate().filter(|&(_, c)| upright(c)) {
                for l in to - hh..=to + hh {
                    put(&mut out, l, x + shift(x), c);
                }
            }
        }
    }
    // Every line of the board as wide as its widest, and as the last
    // column's cells reach, so that each cell's shade has its characters.
    let (new_top, new_bottom) = (top, bottom + added);
    let reach = last_x + shift(last_x) + d.half.0 + pad + 1;
    let width = out[new_top..=new_bottom]
        .iter()
        .map(Vec::len)
        .max()
        .unwrap_or(0)
        .max(reach);
    for l in &mut out[new_top..=new_bottom] {
        l.resize(width, ' ');
    }
    let spots = d
        .spots
        .iter()
        .map(|s| Spot {
            line: line_of(s.line),
            x: s.x + shift(s.x),
            ..s.clone()
        })
        .collect();
    Drawing {
        lines: out.into_iter().map(|l| l.into_iter().collect()).collect(),
        spots,
        grid: d.grid,
        half: (d.half.0 + pad, d.half.1 + hh),
    }
}

/// The dot of a braille character at column `x` (0, 1) and row `y` (0 to
/// 3) of its 2 x 4 dots.
pub const DOTS: [[u8; 2]; 4] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]];

/// Draws the lines that join the cells `links` names (Jarmo's lines
/// between its points) in braille dots, on the blank characters between
/// the cells only: each character holds 2 x 4 dots, so a line of any slope
/// shows. A cell the drawing does not have is passed over.
pub fn draw_links(d: &mut Drawing, links: &[(String, String)]) {
    let mut chars: Vec<Vec<char>> = d.lines.iter().map(|l| l.chars().collect()).collect();
    let mut dots: std::collections::BTreeMap<(usize, usize), u8> = Default::default();
    let at = |name: &str| d.spots.iter().find(|s| s.name == name);
    for (a, b) in links {
        let (Some(a), Some(b)) = (at(a), at(b)) else {
            continue;
        };
        // From the middle of one glyph to the middle of the other.
        let (x0, y0) = (2 * a.x as i64 + 1, 4 * a.line as i64 + 2);
        let (x1, y1) = (2 * b.x as i64 + 1, 4 * b.line as i64 + 2);
        let steps = (x1 - x0).abs().max((y1 - y0).abs()).max(1);
        for k in 0..=steps {
            let px = x0 + (x1 - x0) * k / steps;
            let py = y0 + (y1 - y0) * k / steps;
            let (cx, cy) = ((px / 2) as usize, (py / 4) as usize);
            let own = (cx == a.x && cy == a.line) || (cx == b.x && cy == b.line);
            let blank = chars
                .get(cy)
                .is_none_or(|l| l.get(cx).is_none_or(|&c| c == ' ' || is_braille(c)));
            if !own && blank {
                *dots.entry((cy, cx)).or_default() |= DOTS[(py % 4) as usize][(px % 2) as usize];
            }
        }
    }
    for ((y, x), bits) in dots {
        let Some(line) = chars.get_mut(y) else {
            continue;
        };
        if line.len() <= x {
            line.resize(x + 1, ' ');
        }
        line[x] = char::from_u32(0x2800 + u32::from(bits)).unwrap_or(' ');
    }
    d.lines = chars.into_iter().map(|l| l.into_iter().collect()).collect();
}

/// Whether `c` is a braille pattern (a line drawn by [`draw_links`]).
pub fn is_braille(c: char) -> bool {
    ('\u{2800}'..='\u{28ff}').contains(&c)
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
