//! The report's SVG plots, drawn with `plotters`: one row per variant, so
//! that 32 rule sets stay readable.

use crate::stats::{Distribution, Rate};
use anyhow::Result;
use plotters::prelude::*;

const WIDTH: u32 = 820;
const ROW: u32 = 22;
const LABELS: u32 = 260;

fn err(e: impl std::fmt::Display) -> anyhow::Error {
    crate::fail::said(
        tablero_core::Message::new("lab-cannot-plot", format!("cannot draw a plot: {e}"))
            .text("error", e),
    )
}

fn height(rows: usize) -> u32 {
    90 + ROW * rows.max(1) as u32
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
    let labels: Vec<String> = items.iter().map(|(l, _)| l.clone()).collect();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height(n))).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(LABELS)
            .build_cartesian_2d(0f64..1f64, (n as f64 - 0.5)..-0.5f64)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
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
                ErrorBar::new_horizontal(i as f64, r.low, r.rate, r.high, BLUE.filled(), 8)
            }))
            .map_err(err)?;
        chart
            .draw_series(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, (_, r))| Circle::new((r.rate, i as f64), 4, BLUE.filled())),
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
    let labels: Vec<String> = items.iter().map(|(l, _)| l.clone()).collect();
    let top = items.iter().map(|(_, d)| d.max).fold(1.0f64, f64::max) * 1.05;
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height(n))).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(LABELS)
            .build_cartesian_2d(0f64..top, (n as f64 - 0.5)..-0.5f64)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
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
                    .draw_series(std::iter::once(Circle::new((m, y), 3, RED.filled())))
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
}
