//! Reading the text board of a game (the line mode's drawing) for the
//! full-screen game: where each cell is drawn, so that the last move can be
//! marked, squares shaded, pieces counted and the board turned over.

/// One cell of the board as drawn: its name, its line and its column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spot {
    /// The cell's name (`c3`), or the row's number for Linja (`3`).
    pub name: String,
    /// The line of the drawing.
    pub line: usize,
    /// The column (in characters) of the cell's glyph.
    pub x: usize,
    /// The column letter's index and the row's number, for shading.
    pub col: usize,
    /// The row number as written (1 for the first row of a grid).
    pub row: usize,
}

/// The row label a line starts with: ` 6  ...` gives 6.
fn row_label(line: &str) -> Option<usize> {
    let rest = line.strip_prefix(' ')?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    if digits.is_empty() || !rest[digits.len()..].starts_with("  ") {
        return None;
    }
    digits.parse().ok()
}

/// The column letters of a grid's header line (`     a  b  c`), with their
/// columns; `None` when the line is no header.
fn header(line: &str) -> Option<Vec<(char, usize)>> {
    let letters: Vec<(char, usize)> = line
        .chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(i, c)| (c, i))
        .collect();
    let ok = letters.len() >= 3
        && letters
            .iter()
            .enumerate()
            .all(|(i, &(c, _))| c == (b'a' + i as u8) as char);
    ok.then_some(letters)
}

/// Every cell of the drawing. A grid (a header of column letters and rows
/// labelled with their numbers) gives a spot per column and row; a board
/// without a header (Linja) gives a spot per row, at its label.
pub fn spots(lines: &[String]) -> Vec<Spot> {
    let Some(head) = lines.iter().find_map(|l| header(l)) else {
        return lines
            .iter()
            .enumerate()
            .filter_map(|(i, l)| {
                row_label(l).map(|r| Spot {
                    name: r.to_string(),
                    line: i,
                    x: 1,
                    col: 0,
                    row: r,
                })
            })
            .collect();
    };
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let Some(r) = row_label(l) else { continue };
        for (col, &(letter, x)) in head.iter().enumerate() {
            out.push(Spot {
                name: format!("{letter}{r}"),
                line: i,
                x,
                col,
                row: r,
            });
        }
    }
    out
}

/// Whether the board is a grid of lettered columns.
pub fn is_grid(spots: &[Spot]) -> bool {
    spots
        .iter()
        .any(|s| s.name.starts_with(|c: char| c.is_ascii_lowercase()))
}

/// The cells a move names: `b2-c2 g5` names b2, c2 and g5; Linja's
/// `0-1 3-5; 1-0` names rows 0, 1, 3 and 5 (`grid` false).
pub fn cells_of_move(text: &str, grid: bool) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let start = i;
        if grid && c.is_ascii_lowercase() {
            i += 1;
            let digits: String = chars[i..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            // Not the end of a word (`pass`); `x` marks a capture.
            let word =
                start > 0 && chars[start - 1].is_ascii_alphabetic() && chars[start - 1] != 'x';
            if !digits.is_empty() && !word {
                i += digits.len();
                out.push(format!("{c}{digits}"));
            }
        } else if !grid && c.is_ascii_digit() {
            let digits: String = chars[i..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            i += digits.len();
            out.push(digits);
        } else {
            i += 1;
        }
    }
    out.dedup();
    out
}

/// The drawing turned upside down: the rows (and what is drawn between
/// them, Imago's walls, Linja's sticks, Super Dimensiones's corner tokens)
/// in the other order, each row keeping its label.
pub fn flip(lines: &[String]) -> Vec<String> {
    let rows: Vec<usize> = (0..lines.len())
        .filter(|&i| row_label(&lines[i]).is_some())
        .collect();
    let (Some(&first), Some(&last)) = (rows.first(), rows.last()) else {
        return lines.to_vec();
    };
    let (mut a, mut b) = (first, last);
    // The corner tokens above and below the rows go with them.
    if a > 0 && b + 1 < lines.len() && lines[a - 1].contains('[') && lines[b + 1].contains('[') {
        a -= 1;
        b += 1;
    }
    let mut out = lines.to_vec();
    out[a..=b].reverse();
    out
}

/// The pieces drawn on the cells of a grid, counted by letter (capitals,
/// kings or marked pieces, counted with their side's letter).
pub fn census(lines: &[String], spots: &[Spot]) -> Vec<(char, usize)> {
    let mut counts: Vec<(char, usize)> = Vec::new();
    for s in spots {
        let Some(c) = lines[s.line].chars().nth(s.x) else {
            continue;
        };
        if !c.is_alphabetic() {
            continue;
        }
        let c = c.to_ascii_lowercase();
        match counts.iter_mut().find(|(k, _)| *k == c) {
            Some(e) => e.1 += 1,
            None => counts.push((c, 1)),
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(str::to_string).collect()
    }

    #[test]
    fn a_grid_gives_a_spot_per_cell() {
        // Two letters only: no header (three at least), rows only.
        let b = lines(" 2   ·  r \n 1   b  · \n     a  b\n");
        assert!(!is_grid(&spots(&b)));
        let b = lines(" 2   ·  r  · \n 1   b  ·  · \n     a  b  c\n");
        let s = spots(&b);
        assert_eq!(s.len(), 6);
        assert_eq!(s[1].name, "b2");
        assert_eq!(b[s[1].line].chars().nth(s[1].x), Some('r'));
        assert_eq!(census(&b, &s), vec![('r', 1), ('b', 1)]);
    }

    #[test]
    fn moves_name_their_cells() {
        assert_eq!(cells_of_move("b2-c2 g5", true), ["b2", "c2", "g5"]);
        assert_eq!(cells_of_move("a1xc3xe5", true), ["a1", "c3", "e5"]);
        assert_eq!(cells_of_move("c2-e3+b1", true), ["c2", "e3", "b1"]);
        assert!(cells_of_move("pass", true).is_empty());
        assert_eq!(
            cells_of_move("0-1 3-5; 1-0", false),
            ["0", "1", "3", "5", "1", "0"]
        );
    }

    #[test]
    fn flipping_reverses_the_rows() {
        let b = lines("top [x]\n 2   a\n between\n 1   b\nbottom [y]\n     a  b  c");
        let f = flip(&b);
        assert_eq!(f[0], "bottom [y]");
        assert_eq!(f[1], " 1   b");
        assert_eq!(f[2], " between");
        assert_eq!(f[5], "     a  b  c");
    }
}
