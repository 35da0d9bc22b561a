//! The report's SVG plots, drawn with `plotters`: one row per variant, so
//! that 32 rule sets stay readable.

use crate::stats::{Distribution, Rate};
use anyhow::Result;
use plotters::prelude::*;

const WIDTH: u32 = 820;
/// The height of one row: a label and its bar, with room between rows.
const ROW: u32 = 32;
/// The text's size as plotters takes it: its SVG writes `font-size` as
/// this over 1.24, so 26 is 21 px text, capitals about 15 px tall at the
/// image's own size (they were 12, 9.7 px text, capitals about 7 px).
const FONT: u32 = 26;
/// The axis' caption's size.
const CAPTION: u32 = 27;
/// The bottom area: the axis' numbers and its caption.
const X_AREA: u32 = 70;

fn err(e: impl std::fmt::Display) -> anyhow::Error {
    crate::fail::said(
        tablero_core::Message::of(tablero_core::id!("lab-cannot-plot")).text("error", e),
    )
}

fn height(rows: usize) -> u32 {
    X_AREA + 40 + ROW * rows.max(1) as u32
}

/// The width of the labels' column: the longest label's, about 0.6 of the
/// text's size a character, with a margin; at most half the image, so the
/// plot keeps the other half however long a label is (a longer one is cut
/// short with `…`).
fn label_width(labels: &[String]) -> u32 {
    let longest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(1) as u32;
    ((longest * FONT * 6).div_ceil(10) + 16).clamp(40, WIDTH / 2)
}

/// `label` cut to fit `width` pixels.
fn fitted(label: &str, width: u32) -> String {
    let room = ((width.saturating_sub(16)) * 10 / (FONT * 6)).max(1) as usize;
    if label.chars().count() <= room {
        label.to_string()
    } else {
        let mut s: String = label.chars().take(room.saturating_sub(1)).collect();
        s.push('…');
        s
    }
}

/// The label of row `y`, when `y` is a row's centre.
fn row_label(labels: &[String], y: f64) -> String {
    let r = y.round();
    if (y - r).abs() < 1e-6 && r >= 0.0 {
        labels.get(r as usize).cloned().unwrap_or_default()
    } else {
        String::new()
    }
}

/// Rates with their intervals, one row each, on a 0–1 axis; `reference`
/// draws a dashed vertical line (0.5: an even game).
///
/// # Errors
/// When plotters fails.
pub fn rates(axis: &str, items: &[(String, Rate)], reference: Option<f64>) -> Result<String> {
    let mut svg = String::new();
    let n = items.len();
    let label_area = label_width(&items.iter().map(|(l, _)| l.clone()).collect::<Vec<_>>());
    let labels: Vec<String> = items.iter().map(|(l, _)| fitted(l, label_area)).collect();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height(n))).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .margin(12)
            .margin_right(24)
            .x_label_area_size(X_AREA)
            .y_label_area_size(label_area)
            .build_cartesian_2d(0f64..1f64, (n as f64 - 0.5)..-0.5f64)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .label_style(("sans-serif", FONT))
            .axis_desc_style(("sans-serif", CAPTION))
            .y_labels(n + 1)
            .y_label_formatter(&|y| row_label(&labels, *y))
            .x_desc(axis)
            .x_label_formatter(&|x| format!("{x:.1}"))
            .draw()
            .map_err(err)?;
        if let Some(x) = reference {
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(x, -0.5), (x, n as f64 - 0.5)],
                    BLACK.mix(0.4).stroke_width(1),
                )))
                .map_err(err)?;
        }
        chart
            .draw_series(items.iter().enumerate().map(|(i, (_, r))| {
                ErrorBar::new_horizontal(i as f64, r.low, r.rate, r.high, BLUE.stroke_width(2), 12)
            }))
            .map_err(err)?;
        chart
            .draw_series(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, (_, r))| Circle::new((r.rate, i as f64), 6, BLUE.filled())),
            )
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// Box plots of distributions, one row each.
///
/// # Errors
/// When plotters fails.
pub fn boxes(axis: &str, items: &[(String, Distribution)]) -> Result<String> {
    let mut svg = String::new();
    let n = items.len();
    let label_area = label_width(&items.iter().map(|(l, _)| l.clone()).collect::<Vec<_>>());
    let labels: Vec<String> = items.iter().map(|(l, _)| fitted(l, label_area)).collect();
    let top = items.iter().map(|(_, d)| d.max).fold(1.0f64, f64::max) * 1.05;
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height(n))).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .margin(12)
            .margin_right(24)
            .x_label_area_size(X_AREA)
            .y_label_area_size(label_area)
            .build_cartesian_2d(0f64..top, (n as f64 - 0.5)..-0.5f64)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .label_style(("sans-serif", FONT))
            .axis_desc_style(("sans-serif", CAPTION))
            .y_labels(n + 1)
            .y_label_formatter(&|y| row_label(&labels, *y))
            .x_desc(axis)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .draw()
            .map_err(err)?;
        for (i, (_, d)) in items.iter().enumerate() {
            let y = i as f64;
            chart
                .draw_series([
                    Rectangle::new([(d.q1, y - 0.3), (d.q3, y + 0.3)], BLUE.mix(0.3).filled()),
                    Rectangle::new([(d.q1, y - 0.3), (d.q3, y + 0.3)], BLUE.stroke_width(1)),
                ])
                .map_err(err)?;
            chart
                .draw_series([
                    PathElement::new(vec![(d.min, y), (d.q1, y)], BLACK.stroke_width(1)),
                    PathElement::new(vec![(d.q3, y), (d.max, y)], BLACK.stroke_width(1)),
                    PathElement::new(
                        vec![(d.median, y - 0.3), (d.median, y + 0.3)],
                        BLACK.stroke_width(2),
                    ),
                ])
                .map_err(err)?;
            if let Some(m) = d.mean.value {
                chart
                    .draw_series(std::iter::once(Circle::new((m, y), 5, RED.filled())))
                    .map_err(err)?;
            }
        }
        root.present().map_err(err)?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::distribution;

    #[test]
    fn plots_are_svg_with_labels() {
        let items = vec![
            ("M-C-N-W-R".to_string(), Rate::new(3.0, 10)),
            ("I-D-A-E-S".to_string(), Rate::new(7.0, 10)),
        ];
        let svg = rates("wins", &items, Some(0.5)).unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..50.min(svg.len())]);
        assert!(svg.contains("M-C-N-W-R") && svg.contains("I-D-A-E-S"));
        let d = distribution(&[10.0, 20.0, 30.0], 4, 1);
        let svg = boxes("plies", &[("x".to_string(), d)]).unwrap();
        assert!(svg.contains("<rect"));
    }

    /// Every `font-size` in `svg`, in pixels.
    fn font_sizes(svg: &str) -> Vec<f64> {
        svg.split("font-size=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next()?.trim_end_matches("px").parse().ok())
            .collect()
    }

    #[test]
    fn labels_are_readable_and_short_labels_leave_no_empty_column() {
        let items: Vec<(String, Rate)> = (0..32)
            .map(|i| (format!("M-C-N-W-{i}"), Rate::new(f64::from(i % 7), 10)))
            .collect();
        let svg = rates("first-player wins", &items, Some(0.5)).unwrap();
        let sizes = font_sizes(&svg);
        assert!(!sizes.is_empty(), "no text sizes in the SVG");
        // 21 px text (FONT / 1.24): capitals about 15 px tall.
        assert!(sizes.iter().all(|&s| s >= 20.0), "{sizes:?}");
        // Ten-character labels take about a fifth of the width, not a
        // third: the plot area starts there.
        let area = label_width(&items.iter().map(|(l, _)| l.clone()).collect::<Vec<_>>());
        assert!(area < WIDTH / 4, "{area}");
        // A label as long as the longest is not cut.
        assert_eq!(fitted("M-C-N-W-31", area), "M-C-N-W-31");
        // A very long label is cut, and the plot keeps half the width.
        let long = "x".repeat(200);
        assert_eq!(label_width(std::slice::from_ref(&long)), WIDTH / 2);
        let cut = fitted(&long, WIDTH / 2);
        assert!(cut.ends_with('…') && cut.chars().count() < 40, "{cut}");
        assert_eq!(fitted("short", WIDTH / 2), "short");
    }
}
