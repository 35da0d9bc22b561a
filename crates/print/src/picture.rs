//! A position's picture to share (issue #49): the board of a game's view
//! (the JSON the web's boards draw, docs/web-api.md, "Views") as SVG, and
//! as PNG rasterised by resvg. Shapes only (no text), so the picture needs
//! no font and reads the same in every language: the cells, the lines and
//! walls, and the pieces in their sides' colours.

use serde_json::Value;
use std::fmt::Write as _;

/// The side of one cell, in pixels.
const CELL: f64 = 64.0;
/// The margin around the board, in pixels.
const MARGIN: f64 = 16.0;

const BOARD: &str = "#f4ecd8";
const LINE: &str = "#9a8a66";
const INK: &str = "#1f1f1f";

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    /// The game has no picture, or the view is not one of its views.
    #[error("no picture of this view of {0}")]
    NoPicture(String),
    /// The rasteriser failed.
    #[error("the picture could not be drawn: {0}")]
    Raster(String),
}

/// The colour of a side by its English name (the catalog's `sides`).
fn side_colour(game: &str, seat: usize) -> &'static str {
    match (game, seat) {
        ("imago", 0) | ("linja", 0) => "#c62828",
        ("imago", _) => "#1d4ed8",
        ("linja", _) | ("jarmo", 0) => "#1f1f1f",
        ("jarmo", _) => "#fbf7ee",
        (_, 0) => "#c62828",
        _ => "#1d4ed8",
    }
}

/// The colour of a Super Dimensiones army.
fn army_colour(army: &str) -> &'static str {
    match army {
        "red" => "#c62828",
        "blue" => "#1d4ed8",
        "aqua" => "#0f9f96",
        "orange" => "#ea8a00",
        _ => "#555b63",
    }
}

/// A cell's column and row (from 0; `a1` is the bottom-left).
fn cell_of(name: &str) -> Option<(usize, usize)> {
    let mut chars = name.chars();
    let col = chars.next()?;
    if !col.is_ascii_lowercase() {
        return None;
    }
    let row: usize = chars.as_str().parse().ok()?;
    Some(((col as u8 - b'a') as usize, row.checked_sub(1)?))
}

fn num(v: &Value, key: &str) -> Option<usize> {
    v.get(key)?.as_u64().and_then(|n| usize::try_from(n).ok())
}

fn text<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key)?.as_str()
}

fn list<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v.get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// A grid of `cols` x `rows` cells: where a cell's centre is drawn.
struct Grid {
    cols: usize,
    rows: usize,
}

impl Grid {
    fn size(&self) -> (f64, f64) {
        (
            self.cols as f64 * CELL + 2.0 * MARGIN,
            self.rows as f64 * CELL + 2.0 * MARGIN,
        )
    }

    /// The top-left corner of cell (col, row).
    fn corner(&self, (c, r): (usize, usize)) -> (f64, f64) {
        (
            MARGIN + c as f64 * CELL,
            MARGIN + (self.rows - 1 - r) as f64 * CELL,
        )
    }

    fn centre(&self, at: (usize, usize)) -> (f64, f64) {
        let (x, y) = self.corner(at);
        (x + CELL / 2.0, y + CELL / 2.0)
    }

    /// The cell `name`, if it is on the grid.
    fn cell(&self, name: &str) -> Option<(usize, usize)> {
        cell_of(name).filter(|&(c, r)| c < self.cols && r < self.rows)
    }
}

/// An SVG document `w` x `h` around `body`.
fn document(w: f64, h: f64, body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\"><rect width=\"{w}\" height=\"{h}\" fill=\"#e9dfc7\"/>{body}</svg>"
    )
}

fn disc(out: &mut String, (x, y): (f64, f64), r: f64, fill: &str, extra: &str) {
    let _ = write!(
        out,
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"{fill}\" stroke=\"{INK}\" stroke-width=\"2\"{extra}/>"
    );
}

fn imago(view: &Value) -> Option<String> {
    let g = Grid {
        cols: num(view, "cols")?,
        rows: num(view, "rows")?,
    };
    let mut out = String::new();
    let goals: Vec<(&str, usize)> = list(view, "goals")
        .iter()
        .filter_map(|x| Some((text(x, "cell")?, num(x, "seat")?)))
        .collect();
    for c in list(view, "cells").iter().filter_map(Value::as_str) {
        let at = g.cell(c)?;
        let (x, y) = g.corner(at);
        let fill = goals
            .iter()
            .find(|(cell, _)| *cell == c)
            .map_or(BOARD, |(_, s)| if *s == 0 { "#f6c9c9" } else { "#c9d6f6" });
        let _ = write!(
            out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"{LINE}\" stroke-width=\"1.5\"/>"
        );
    }
    for w in list(view, "walls") {
        let pair = w.as_array()?;
        let a = g.cell(pair.first()?.as_str()?)?;
        let b = g.cell(pair.get(1)?.as_str()?)?;
        let (ax, ay) = g.corner(a);
        let (x1, y1, x2, y2) = if a.1 == b.1 {
            // Side by side: the wall is the vertical edge between them.
            let x = ax + if b.0 > a.0 { CELL } else { 0.0 };
            (x, ay, x, ay + CELL)
        } else {
            let y = ay + if b.1 < a.1 { CELL } else { 0.0 };
            (ax, y, ax + CELL, y)
        };
        let _ = write!(
            out,
            "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#5b3a1a\" stroke-width=\"8\" stroke-linecap=\"round\"/>"
        );
    }
    for p in list(view, "pieces") {
        let at = g.cell(text(p, "cell")?)?;
        disc(
            &mut out,
            g.centre(at),
            CELL * 0.34,
            side_colour("imago", num(p, "seat")?),
            "",
        );
    }
    let (w, h) = g.size();
    Some(document(w, h, &out))
}

fn jarmo(view: &Value) -> Option<String> {
    let g = Grid {
        cols: num(view, "cols")?,
        rows: num(view, "rows")?,
    };
    let (w, h) = g.size();
    let mut out = format!(
        "<rect x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{}\" height=\"{}\" fill=\"{BOARD}\" rx=\"12\"/>",
        w - 2.0 * MARGIN,
        h - 2.0 * MARGIN
    );
    for l in list(view, "lines") {
        let pair = l.as_array()?;
        let (x1, y1) = g.centre(g.cell(pair.first()?.as_str()?)?);
        let (x2, y2) = g.centre(g.cell(pair.get(1)?.as_str()?)?);
        let _ = write!(
            out,
            "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"{LINE}\" stroke-width=\"3\"/>"
        );
    }
    for p in list(view, "points").iter().filter_map(Value::as_str) {
        let (x, y) = g.centre(g.cell(p)?);
        let _ = write!(
            out,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"6\" fill=\"{LINE}\"/>"
        );
    }
    for a in list(view, "archers") {
        let at = g.cell(text(a, "cell")?)?;
        let marked = a.get("marked").and_then(Value::as_bool) == Some(true);
        let extra = if marked {
            " stroke-dasharray=\"6 4\""
        } else {
            ""
        };
        disc(
            &mut out,
            g.centre(at),
            CELL * 0.33,
            side_colour("jarmo", num(a, "seat")?),
            extra,
        );
    }
    Some(document(w, h, &out))
}

fn linja(view: &Value) -> Option<String> {
    let rows = list(view, "rows");
    if rows.is_empty() {
        return None;
    }
    // Each row a band; its pieces side by side, seat 0's from the left,
    // seat 1's from the right.
    let slots = 12.0;
    let r = CELL * 0.22;
    let w = slots * 2.2 * r + 2.0 * MARGIN + 2.0 * r;
    let h = rows.len() as f64 * CELL + 2.0 * MARGIN;
    let mut out = String::new();
    for (i, row) in rows.iter().enumerate() {
        let y = MARGIN + (rows.len() - 1 - i) as f64 * CELL;
        let fill = if i % 2 == 0 { BOARD } else { "#ead9b3" };
        let _ = write!(
            out,
            "<rect x=\"{MARGIN}\" y=\"{y}\" width=\"{}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"{LINE}\"/>",
            w - 2.0 * MARGIN
        );
        let counts = row.get("counts").and_then(Value::as_array)?;
        let cy = y + CELL / 2.0;
        for seat in 0..2 {
            let n = counts.get(seat)?.as_u64()?;
            for k in 0..n.min(12) {
                let step = k as f64 * 2.2 * r;
                let cx = if seat == 0 {
                    MARGIN + 2.0 * r + step
                } else {
                    w - MARGIN - 2.0 * r - step
                };
                disc(&mut out, (cx, cy), r, side_colour("linja", seat), "");
            }
        }
    }
    Some(document(w, h, &out))
}

fn dimensiones(view: &Value) -> Option<String> {
    let g = Grid {
        cols: num(view, "cols")?,
        rows: num(view, "rows")?,
    };
    let mut out = String::new();
    for s in list(view, "squares").iter().filter_map(Value::as_str) {
        let at = g.cell(s)?;
        let (x, y) = g.corner(at);
        let fill = if (at.0 + at.1) % 2 == 0 {
            "#b58863"
        } else {
            BOARD
        };
        let _ = write!(
            out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>"
        );
    }
    for p in list(view, "pieces") {
        let at = g.cell(text(p, "cell")?)?;
        let centre = g.centre(at);
        let frozen = p.get("frozen").and_then(Value::as_bool) == Some(true);
        let extra = if frozen {
            " stroke-dasharray=\"5 4\""
        } else {
            ""
        };
        disc(
            &mut out,
            centre,
            CELL * 0.36,
            army_colour(text(p, "army")?),
            extra,
        );
        if p.get("king").and_then(Value::as_bool) == Some(true) {
            disc(&mut out, centre, CELL * 0.15, "#fde68a", "");
        }
    }
    let (w, h) = g.size();
    Some(document(w, h, &out))
}

/// The board of `game`'s `view` as SVG.
///
/// # Errors
/// A game with no picture, or a view that is not the game's.
pub fn board_svg(game: &str, view: &Value) -> Result<String, PictureError> {
    match game {
        "imago" => imago(view),
        "jarmo" => jarmo(view),
        "linja" => linja(view),
        "dimensiones" => dimensiones(view),
        _ => None,
    }
    .ok_or_else(|| PictureError::NoPicture(game.to_string()))
}

/// The board of `game`'s `view` as PNG, at its natural size (64 pixels a
/// cell, 16 of margin).
///
/// # Errors
/// As [`board_svg`], and a failure of the rasteriser.
pub fn board_png(game: &str, view: &Value) -> Result<Vec<u8>, PictureError> {
    let svg = board_svg(game, view)?;
    let tree = resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default())
        .map_err(|e| PictureError::Raster(e.to_string()))?;
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| PictureError::Raster("an empty picture".into()))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| PictureError::Raster(e.to_string()))
}

/// The board of `game`'s `view` as RGBA pixels: its width, height and
/// bytes.
fn board_rgba(game: &str, view: &Value) -> Result<(u32, u32, Vec<u8>), PictureError> {
    let png = board_png(game, view)?;
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png)
        .map_err(|e| PictureError::Raster(e.to_string()))?;
    let (w, h) = (pixmap.width(), pixmap.height());
    let mut rgba = Vec::with_capacity(pixmap.data().len());
    for px in pixmap.pixels() {
        let c = px.demultiply();
        rgba.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    Ok((w, h, rgba))
}

/// A whole game as an animated GIF (issue #49): one frame per position of
/// `views` (the start, then each ply), drawn as [`board_png`] draws them,
/// `delay_ms` apart (the last frame shown three times as long), looping.
/// Each frame is quantised to its own 256-colour palette (NeuQuant); a
/// view of another size than the first is refused.
///
/// # Errors
/// As [`board_png`]; no views; a frame of another size; the encoder's
/// failure.
pub fn game_gif(game: &str, views: &[Value], delay_ms: u16) -> Result<Vec<u8>, PictureError> {
    let gif_error = |e: gif::EncodingError| PictureError::Raster(e.to_string());
    let first = views
        .first()
        .ok_or_else(|| PictureError::NoPicture(game.to_string()))?;
    let (w, h, _) = board_rgba(game, first)?;
    let (gw, gh) = (
        u16::try_from(w).map_err(|_| PictureError::Raster("too wide".into()))?,
        u16::try_from(h).map_err(|_| PictureError::Raster("too tall".into()))?,
    );
    let mut out = Vec::new();
    {
        let mut enc = gif::Encoder::new(&mut out, gw, gh, &[]).map_err(gif_error)?;
        enc.set_repeat(gif::Repeat::Infinite).map_err(gif_error)?;
        let hundredths = delay_ms / 10;
        for (i, view) in views.iter().enumerate() {
            let (fw, fh, mut rgba) = board_rgba(game, view)?;
            if (fw, fh) != (w, h) {
                return Err(PictureError::Raster(format!(
                    "frame {i} is {fw}x{fh}, not {w}x{h}"
                )));
            }
            let mut frame = gif::Frame::from_rgba_speed(gw, gh, &mut rgba, 10);
            frame.delay = if i + 1 == views.len() {
                hundredths.saturating_mul(3)
            } else {
                hundredths
            };
            enc.write_frame(&frame).map_err(gif_error)?;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_game_gif_has_one_frame_per_view_and_shows_each() {
        let view = |cell: &str| {
            json!({"cols": 5, "rows": 5, "points": ["a1", "e5"], "lines": [["a1", "e5"]],
                "archers": [{"cell": cell, "seat": 0, "marked": false}]})
        };
        let views = [view("a1"), view("e5"), view("a1")];
        let bytes = game_gif("jarmo", &views, 500).unwrap();
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::RGBA);
        let mut dec = opts.read_info(bytes.as_slice()).unwrap();
        assert_eq!((dec.width(), dec.height()), (352, 352));
        let mut frames = Vec::new();
        while let Some(f) = dec.read_next_frame().unwrap() {
            frames.push((f.delay, f.buffer.to_vec()));
        }
        assert_eq!(frames.len(), 3);
        assert_eq!(frames[0].0, 50);
        assert_eq!(frames[2].0, 150, "the last frame stays longer");
        // The archer is on a1 in frames 0 and 2, on e5 in frame 1.
        let dark = |buf: &[u8], x: usize, y: usize| {
            let i = (y * 352 + x) * 4;
            buf[i] < 60 && buf[i + 1] < 60
        };
        let (a1, e5) = ((48, 352 - 48), (352 - 48, 48));
        assert!(dark(&frames[0].1, a1.0, a1.1) && !dark(&frames[0].1, e5.0, e5.1));
        assert!(dark(&frames[1].1, e5.0, e5.1) && !dark(&frames[1].1, a1.0, a1.1));
        assert!(dark(&frames[2].1, a1.0, a1.1));
        assert!(game_gif("jarmo", &[], 500).is_err());
    }

    #[test]
    fn a_jarmo_view_is_drawn_at_its_grid_size() {
        let view = json!({"cols": 5, "rows": 5, "points": ["a1", "e5"], "lines": [["a1", "e5"]],
            "archers": [{"cell": "a1", "seat": 0, "marked": false}, {"cell": "e5", "seat": 1, "marked": true}]});
        let png = board_png("jarmo", &view).unwrap();
        let decoded = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (352, 352));
        // The archer on a1 (bottom-left) is dark, the board around it light.
        let px = |x: u32, y: u32| decoded.pixel(x, y).unwrap().demultiply();
        let a1 = px(48, 352 - 48);
        assert!(a1.red() < 60 && a1.green() < 60, "{a1:?}");
        let empty = px(48 + 64 * 2, 352 - 48 - 64);
        assert!(empty.red() > 200, "{empty:?}");
    }

    #[test]
    fn an_unknown_game_or_a_wrong_view_has_no_picture() {
        assert!(board_svg("chess", &json!({})).is_err());
        assert!(board_svg("imago", &json!({"cols": 8})).is_err());
        assert!(board_svg("imago", &json!({"cols": 2, "rows": 2, "cells": ["z9"]})).is_err());
    }
}
