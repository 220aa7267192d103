//! Chart drawing over any plotters backend: the same function draws to the page's canvas and to
//! the SVG download (pattern of plotters-rs/plotters-wasm-demo). No web crate is used here.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use thiserror::Error;

/// Drawing failed in the backend (canvas context lost, font unavailable, …).
#[derive(Clone, Debug, PartialEq, Error)]
#[error("chart drawing failed: {0}")]
pub struct ChartError(pub String);

fn err<E: std::fmt::Display>(e: E) -> ChartError {
    ChartError(e.to_string())
}

/// Colours of a chart, readable on its own background.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Theme {
    /// Background fill.
    pub background: RGBColor,
    /// Axis, label and text colour.
    pub foreground: RGBColor,
    /// Grid line colour.
    pub grid: RGBColor,
    /// Series colours, used in order (at most 5 series are compared).
    pub series: [RGBColor; 5],
}

impl Theme {
    /// Light theme. Series colours are from the Okabe–Ito colour-blind-safe palette.
    pub const LIGHT: Theme = Theme {
        background: RGBColor(255, 255, 255),
        foreground: RGBColor(33, 37, 41),
        grid: RGBColor(222, 226, 230),
        series: [
            RGBColor(0, 114, 178),
            RGBColor(213, 94, 0),
            RGBColor(0, 158, 115),
            RGBColor(204, 121, 167),
            RGBColor(150, 120, 0),
        ],
    };
    /// Dark theme with the lighter Okabe–Ito colours.
    pub const DARK: Theme = Theme {
        background: RGBColor(24, 26, 31),
        foreground: RGBColor(230, 232, 235),
        grid: RGBColor(60, 64, 72),
        series: [
            RGBColor(86, 180, 233),
            RGBColor(230, 159, 0),
            RGBColor(0, 190, 140),
            RGBColor(224, 150, 190),
            RGBColor(240, 228, 66),
        ],
    };
}

/// One line of a chart: a label for the legend and `(x, y)` points in data units.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Legend text (user-visible; escaped by the SVG backend).
    pub label: String,
    /// Points, x ascending.
    pub points: Vec<(f64, f64)>,
}

/// Everything needed to draw the cumulative-cost chart.
#[derive(Clone, Debug, PartialEq)]
pub struct CumulativeChart {
    /// Title above the plot.
    pub title: String,
    /// X axis description, naming the month convention, e.g. `"Month (1 month = 730 h)"`.
    pub x_label: String,
    /// Y axis description with the currency, e.g. `"Cumulative on-demand cost (USD)"`.
    pub y_label: String,
    /// Footer lines under the plot (prices as-of dates, exchange rate, assumptions).
    pub footer: Vec<String>,
    /// Lines to draw, one per compared option.
    pub lines: Vec<Line>,
    /// Text shown in the plot when there is no line.
    pub empty_message: String,
    /// Horizon in months (x axis runs 0..=months).
    pub months: u32,
}

/// Draws `chart` on `root`, whose size is in device pixels; `scale` is the device-pixel ratio
/// (fonts, margins and line widths are multiplied by it so HiDPI output stays sharp and
/// proportionate). Errors come from the backend.
pub fn draw_cumulative<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &CumulativeChart,
    theme: &Theme,
    scale: f64,
) -> Result<(), ChartError> {
    let scale = if scale.is_finite() && scale > 0.0 {
        scale
    } else {
        1.0
    };
    let px = |v: f64| (v * scale).round().max(1.0) as u32;
    let font = |size: f64| {
        ("sans-serif", size * scale)
            .into_font()
            .color(&theme.foreground)
    };

    root.fill(&theme.background).map_err(err)?;
    let (_, height) = root.dim_in_pixel();
    let footer_height = px(16.0 * chart.footer.len() as f64 + 8.0).min(height / 3);
    let (plot_area, footer_area) = root.split_vertically(height.saturating_sub(footer_height));

    let x_max = f64::from(chart.months.max(1));
    let y_max = chart
        .lines
        .iter()
        .flat_map(|l| l.points.iter().map(|p| p.1))
        .filter(|y| y.is_finite())
        .fold(0.0_f64, f64::max);
    let y_max = if y_max > 0.0 { y_max * 1.08 } else { 1.0 };

    let mut ctx = ChartBuilder::on(&plot_area)
        .caption(&chart.title, font(17.0))
        .margin(px(12.0))
        .x_label_area_size(px(44.0))
        .y_label_area_size(px(92.0))
        .build_cartesian_2d(0f64..x_max, 0f64..y_max)
        .map_err(err)?;

    let x_labels = (chart.months.max(1) as usize).min(12) + 1;
    ctx.configure_mesh()
        .x_desc(&chart.x_label)
        .y_desc(&chart.y_label)
        .x_labels(x_labels)
        .y_labels(8)
        .x_label_formatter(&|x| crate::format::number(*x, if x.fract() == 0.0 { 0 } else { 1 }))
        .y_label_formatter(&|y| crate::format::number(*y, 0))
        .label_style(font(12.0))
        .axis_desc_style(font(13.0))
        .axis_style(ShapeStyle::from(&theme.foreground).stroke_width(px(1.0)))
        .bold_line_style(ShapeStyle::from(&theme.grid).stroke_width(px(1.0)))
        // No minor grid: it doubles the strokes to rasterise and adds little to a cost chart.
        .light_line_style(TRANSPARENT)
        .draw()
        .map_err(err)?;

    for (i, line) in chart.lines.iter().enumerate() {
        let color = theme.series[i % theme.series.len()];
        let stroke = ShapeStyle::from(&color).stroke_width(px(2.5));
        let points: Vec<(f64, f64)> = line
            .points
            .iter()
            .copied()
            .filter(|(x, y)| x.is_finite() && y.is_finite())
            .collect();
        let marker = px(3.0);
        ctx.draw_series(LineSeries::new(points.iter().copied(), stroke))
            .map_err(err)?
            .label(line.label.as_str())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 22 * marker as i32 / 3, y)], stroke)
            });
        // Month markers help read short horizons; past a year they are clutter and cost time.
        if points.len() <= 13 {
            ctx.draw_series(
                points
                    .iter()
                    .map(|&p| Circle::new(p, marker, ShapeStyle::from(&color).filled())),
            )
            .map_err(err)?;
        }
    }

    if chart.lines.is_empty() {
        let (w, h) = plot_area.dim_in_pixel();
        plot_area
            .draw(&Text::new(
                chart.empty_message.as_str(),
                (w as i32 / 2, h as i32 / 2),
                font(15.0).pos(Pos::new(HPos::Center, VPos::Center)),
            ))
            .map_err(err)?;
    } else {
        ctx.configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .margin(px(8.0))
            .legend_area_size(px(28.0))
            .label_font(font(12.0))
            .background_style(theme.background.mix(0.9))
            .border_style(theme.grid)
            .draw()
            .map_err(err)?;
    }

    for (i, text) in chart.footer.iter().enumerate() {
        footer_area
            .draw(&Text::new(
                text.as_str(),
                (px(12.0) as i32, px(4.0 + 16.0 * i as f64) as i32),
                font(11.0).pos(Pos::new(HPos::Left, VPos::Top)),
            ))
            .map_err(err)?;
    }
    root.present().map_err(err)?;
    Ok(())
}

/// Draws `chart` into an SVG document of `width × height` CSS pixels (scale 1) and returns it.
pub fn cumulative_svg(
    chart: &CumulativeChart,
    theme: &Theme,
    width: u32,
    height: u32,
) -> Result<String, ChartError> {
    let mut out = String::new();
    {
        let root =
            SVGBackend::with_string(&mut out, (width.max(1), height.max(1))).into_drawing_area();
        draw_cumulative(&root, chart, theme, 1.0)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(lines: Vec<Line>) -> CumulativeChart {
        CumulativeChart {
            title: "Cumulative on-demand cost".into(),
            x_label: "Month (1 month = 730 h)".into(),
            y_label: "Cumulative cost (USD)".into(),
            footer: vec!["Prices as of 2026-07-30".into()],
            lines,
            empty_message: "Pick offers to compare".into(),
            months: 12,
        }
    }

    #[test]
    fn svg_has_legend_axes_and_footer() {
        let line = Line {
            label: "AWS p4d.24xlarge".into(),
            points: crate::model::cumulative_by_month(23_922.1, 12),
        };
        let svg = cumulative_svg(&sample(vec![line]), &Theme::LIGHT, 900, 500).unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..80]);
        assert!(svg.contains("AWS p4d.24xlarge"));
        assert!(svg.contains("Month (1 month = 730 h)"));
        assert!(svg.contains("Cumulative cost (USD)"));
        assert!(svg.contains("Prices as of 2026-07-30"));
        assert!(svg.contains("<polyline"), "a line is drawn");
        assert!(svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn svg_escapes_user_text() {
        let line = Line {
            label: "<script>alert(1)</script> & co".into(),
            points: vec![(0.0, 0.0), (1.0, 1.0)],
        };
        let svg = cumulative_svg(&sample(vec![line]), &Theme::DARK, 600, 400).unwrap();
        assert!(!svg.contains("<script>"));
        assert!(svg.contains("&lt;script&gt;"));
    }

    #[test]
    fn empty_and_degenerate_charts_draw_without_error() {
        let svg = cumulative_svg(&sample(vec![]), &Theme::LIGHT, 600, 400).unwrap();
        assert!(svg.contains("Pick offers to compare"));
        let nan = Line {
            label: "bad".into(),
            points: vec![(0.0, f64::NAN), (1.0, f64::INFINITY)],
        };
        assert!(cumulative_svg(&sample(vec![nan]), &Theme::LIGHT, 1, 1).is_ok());
    }
}
