//! A page drawn in millimetres: a small SVG writer with the shapes the
//! kits use.

use std::fmt::Write;

/// Escapes text for SVG.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Where a text is anchored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// At its start.
    Start,
    /// At its middle.
    Middle,
    /// At its end.
    End,
}

/// One page's drawing: SVG elements in millimetres, the origin at the
/// page's top left corner.
#[derive(Clone, Debug, Default)]
pub struct Page {
    body: String,
}

impl Page {
    /// An empty page.
    #[must_use]
    pub fn new() -> Page {
        Page::default()
    }

    /// The SVG elements drawn so far.
    #[must_use]
    pub fn body(&self) -> &str {
        &self.body
    }

    /// Adds raw SVG (already escaped).
    pub fn raw(&mut self, s: &str) {
        self.body.push_str(s);
        self.body.push('\n');
    }

    /// A rectangle: `fill` and `stroke` are SVG colours (`none` for none).
    #[allow(clippy::too_many_arguments)]
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, stroke: &str, sw: f64) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{x:.3}" y="{y:.3}" width="{w:.3}" height="{h:.3}" fill="{fill}" stroke="{stroke}" stroke-width="{sw:.3}"/>"#
        );
    }

    /// A rectangle with rounded corners and a class.
    #[allow(clippy::too_many_arguments)]
    pub fn round_rect(
        &mut self,
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        r: f64,
        fill: &str,
        stroke: &str,
        sw: f64,
    ) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{x:.3}" y="{y:.3}" width="{w:.3}" height="{h:.3}" rx="{r:.3}" fill="{fill}" stroke="{stroke}" stroke-width="{sw:.3}"/>"#
        );
    }

    /// A straight line, with extra attributes (`class`, `data-*`).
    #[allow(clippy::too_many_arguments)]
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, stroke: &str, sw: f64, extra: &str) {
        let _ = writeln!(
            self.body,
            r#"<line x1="{x1:.3}" y1="{y1:.3}" x2="{x2:.3}" y2="{y2:.3}" stroke="{stroke}" stroke-width="{sw:.3}" stroke-linecap="round" {extra}/>"#
        );
    }

    /// A circle.
    #[allow(clippy::too_many_arguments)]
    pub fn circle(
        &mut self,
        cx: f64,
        cy: f64,
        r: f64,
        fill: &str,
        stroke: &str,
        sw: f64,
        dashed: bool,
    ) {
        let dash = if dashed {
            r#" stroke-dasharray="1.5 1""#
        } else {
            ""
        };
        let _ = writeln!(
            self.body,
            r#"<circle cx="{cx:.3}" cy="{cy:.3}" r="{r:.3}" fill="{fill}" stroke="{stroke}" stroke-width="{sw:.3}"{dash}/>"#
        );
    }

    /// A line of text, `size` in millimetres.
    #[allow(clippy::too_many_arguments)]
    pub fn text(
        &mut self,
        x: f64,
        y: f64,
        size: f64,
        anchor: Anchor,
        bold: bool,
        fill: &str,
        s: &str,
    ) {
        let a = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        let weight = if bold { "bold" } else { "normal" };
        let _ = writeln!(
            self.body,
            r#"<text x="{x:.3}" y="{y:.3}" font-family="DejaVu Sans, Verdana, sans-serif" font-size="{size:.3}" font-weight="{weight}" text-anchor="{a}" fill="{fill}">{}</text>"#,
            esc(s)
        );
    }

    /// Text wrapped to `width` millimetres from (`x`, `y`); returns the `y`
    /// below the last line.
    #[allow(clippy::too_many_arguments)]
    pub fn paragraph(&mut self, x: f64, y: f64, width: f64, size: f64, bold: bool, s: &str) -> f64 {
        let mut y = y;
        for line in wrap(s, width, size) {
            self.text(x, y, size, Anchor::Start, bold, "#000", &line);
            y += size * 1.3;
        }
        y
    }
}

/// Splits `s` into lines that fit `width` millimetres at `size` (DejaVu
/// Sans averages a little over half an em per character).
#[must_use]
pub fn wrap(s: &str, width: f64, size: f64) -> Vec<String> {
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let max = ((width / (size * 0.56)).floor() as usize).max(8);
    let mut lines = Vec::new();
    let mut cur = String::new();
    for word in s.split_whitespace() {
        if !cur.is_empty() && cur.chars().count() + 1 + word.chars().count() > max {
            lines.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(word);
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_within_width_and_keeps_words() {
        let s = "one two three four five six seven eight nine ten";
        let lines = wrap(s, 20.0, 4.0);
        assert!(lines.len() > 1);
        assert_eq!(lines.join(" "), s);
        assert!(lines
            .iter()
            .all(|l| l.chars().count() <= 8 || !l.contains(' ')));
    }

    #[test]
    fn text_is_escaped() {
        let mut p = Page::new();
        p.text(0.0, 0.0, 3.0, Anchor::Start, false, "#000", "a<b & c");
        assert!(p.body().contains("a&lt;b &amp; c"));
    }
}
