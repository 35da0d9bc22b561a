//! Small helpers the games' text formats share.

/// Splits `text` on whitespace, keeping each piece's byte offset, so that
/// errors can say where a field went wrong.
///
/// ```
/// assert_eq!(tablero_core::fields(" b2,b5/g2,g5  r 0"), vec![(1, "b2,b5/g2,g5"), (14, "r"), (16, "0")]);
/// ```
#[must_use]
pub fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in text.char_indices() {
        if ch.is_whitespace() {
            if let Some(s) = start.take() {
                out.push((s, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}
