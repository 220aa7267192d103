//! The deadline-safe spot chart (docs/cost-model.md, "Deadline-safe spot"): for one job
//! option, the cost and the finish time of three policies (all-spot without interruption, the
//! deadline-safe policy's Monte Carlo, all-on-demand), each as a P10–P90 bar with its median
//! marked (a plain policy's band is one value, drawn as a tick), in two panels one above the
//! other; the finish panel marks the deadline. Over any plotters backend (SVG on the page and
//! for downloads).

use super::{err, wrap_footer, ChartError, Surface, Theme, FOOTER_LINE};
use planner_engine::montecarlo::Band;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One policy's row in a panel: its name, its band and the band as shown.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyRow {
    /// Policy name, e.g. `"Deadline-safe spot"`.
    pub label: String,
    /// P10/P50/P90 in the panel's unit (currency or hours); non-finite bands are not drawn.
    pub band: Band,
    /// The band as shown at the bar's end, e.g. `"$812.40 ($640.00–$1,020.10)"`.
    pub text: String,
}

/// One panel: an axis description and the three policies' rows, top to bottom.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// Axis description with its unit, e.g. `"Cost (USD)"` or `"Finish time (h)"`.
    pub axis: String,
    /// Rows in drawing order (all-spot, deadline-safe, all-on-demand).
    pub rows: Vec<PolicyRow>,
}

/// Everything needed to draw the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct DeadlineChart {
    /// Title, e.g. `"Deadline-safe spot against all-spot and all-on-demand: Option A"`.
    pub title: String,
    /// Cost per policy, in the display currency.
    pub cost: Panel,
    /// Finish time per policy, hours from the start.
    pub finish: Panel,
    /// The deadline in hours (a vertical line in the finish panel).
    pub deadline_hours: f64,
    /// Label of the deadline line, e.g. `"Deadline 150 h"`.
    pub deadline_text: String,
    /// Footer lines (trials, seed, share of trials that moved to on-demand).
    pub footer: Vec<String>,
}

/// Height of one policy row in CSS pixels.
const ROW: f64 = 34.0;
/// Height of one panel's axis area plus gaps, CSS pixels.
const PANEL_FRAME: f64 = 58.0;
/// Title height, CSS pixels.
const TITLE: f64 = 44.0;

/// Height in CSS pixels that shows both panels and every footer line at `css_width`.
#[must_use]
pub fn preferred_height(chart: &DeadlineChart, css_width: f64) -> f64 {
    let rows = chart.cost.rows.len().max(1) + chart.finish.rows.len().max(1);
    TITLE
        + 2.0 * PANEL_FRAME
        + ROW * rows as f64
        + 10.0
        + FOOTER_LINE * wrap_footer(&chart.footer, css_width).len() as f64
}

/// Draws `panel` on `area` with the x axis from 0 to past the largest P90 (and `marker`, the
/// deadline, when given). Errors come from the backend.
fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    surface: &Surface,
    panel: &Panel,
    marker: Option<(f64, &str)>,
    theme: &Theme,
) -> Result<(), ChartError> {
    let px = |v: f64| surface.px(v);
    let rows: Vec<&PolicyRow> = panel.rows.iter().collect();
    let n = rows.len().max(1);
    let finite = |b: &Band| b.p10.is_finite() && b.p50.is_finite() && b.p90.is_finite();
    let x_max = rows
        .iter()
        .filter(|r| finite(&r.band))
        .map(|r| r.band.p90)
        .chain(marker.map(|m| m.0))
        .fold(0.0_f64, f64::max);
    // Room right of the longest bar for its text (about 170 CSS px, at most half the plot).
    let plot_css = (surface.css_width - 32.0).max(100.0);
    let room = 1.0 / (1.0 - (170.0 / plot_css).min(0.5));
    let x_max = if x_max > 0.0 { x_max * room } else { 1.0 };
    let decimals = super::label_decimals(x_max / 5.0);
    let mut ctx = ChartBuilder::on(area)
        .margin(px(super::CHART_MARGIN))
        .margin_top(0)
        .x_label_area_size(px(40.0))
        .y_label_area_size(px(8.0))
        .build_cartesian_2d(0f64..x_max, 0f64..n as f64)
        .map_err(err)?;
    let x_format = move |x: &f64| planner_core::format::number(*x, decimals);
    ctx.configure_mesh()
        .x_desc(&panel.axis)
        .x_labels(((surface.css_width / 110.0) as usize).clamp(2, 8))
        .x_label_formatter(&x_format)
        .disable_y_mesh()
        .disable_y_axis()
        .label_style(surface.font(12.0))
        .axis_desc_style(surface.font(13.0))
        .axis_style(ShapeStyle::from(&theme.foreground).stroke_width(px(1.0)))
        .bold_line_style(ShapeStyle::from(&theme.grid).stroke_width(px(1.0)))
        .light_line_style(TRANSPARENT)
        .draw()
        .map_err(err)?;
    let top = |i: usize| (n - i) as f64;
    for (i, r) in rows.iter().enumerate() {
        let colour = theme.series[i % theme.series.len()];
        if finite(&r.band) {
            let b = r.band;
            let (lo, hi) = (b.p10.max(0.0), b.p90.max(b.p10).max(0.0));
            // A one-value band still shows: at least 2 CSS px wide.
            let (x0, _) = ctx.backend_coord(&(lo, 0.0));
            let (x1, _) = ctx.backend_coord(&(hi, 0.0));
            let widen = if x1 - x0 < px(2.0) as i32 {
                x_max * 0.004
            } else {
                0.0
            };
            let bar = [(lo - widen, top(i) - 0.5), (hi + widen, top(i) - 0.92)];
            ctx.draw_series([
                Rectangle::new(bar, ShapeStyle::from(&colour.mix(0.35)).filled()),
                Rectangle::new(bar, ShapeStyle::from(&colour).stroke_width(px(1.0))),
            ])
            .map_err(err)?;
            ctx.draw_series(std::iter::once(PathElement::new(
                vec![(b.p50, top(i) - 0.45), (b.p50, top(i) - 0.97)],
                ShapeStyle::from(&colour).stroke_width(px(3.0)),
            )))
            .map_err(err)?;
            let (end, y) = ctx.backend_coord(&(hi + widen, top(i) - 0.71));
            area.draw(&Text::new(
                r.text.as_str(),
                (end + px(6.0) as i32, y),
                surface.font(11.0).pos(Pos::new(HPos::Left, VPos::Center)),
            ))
            .map_err(err)?;
        }
        let (x, y) = ctx.backend_coord(&(0.0, top(i) - 0.25));
        area.draw(&Text::new(
            r.label.as_str(),
            (x, y),
            surface.font(12.0).pos(Pos::new(HPos::Left, VPos::Center)),
        ))
        .map_err(err)?;
    }
    if let Some((at, text)) = marker.filter(|m| m.0.is_finite() && m.0 > 0.0) {
        ctx.draw_series(std::iter::once(PathElement::new(
            vec![(at, 0.0), (at, n as f64)],
            ShapeStyle::from(&theme.foreground).stroke_width(px(1.5)),
        )))
        .map_err(err)?;
        let (x, y) = ctx.backend_coord(&(at, n as f64));
        area.draw(&Text::new(
            text,
            (x - px(4.0) as i32, y),
            surface.font(11.0).pos(Pos::new(HPos::Right, VPos::Top)),
        ))
        .map_err(err)?;
    }
    Ok(())
}

/// Draws `chart` on `root` (size in device pixels; `scale` is the device-pixel ratio): the
/// title, the cost panel, the finish panel with the deadline, the footer. Errors come from the
/// backend.
pub fn draw_deadline<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &DeadlineChart,
    theme: &Theme,
    scale: f64,
) -> Result<(), ChartError> {
    let surface = Surface::prepare(root, theme, scale)?;
    let footer = wrap_footer(&chart.footer, surface.css_width);
    let below = surface
        .px(10.0 + FOOTER_LINE * footer.len() as f64)
        .min(surface.height / 2);
    let (plot_area, footer_area) = root.split_vertically(surface.height.saturating_sub(below));
    let body = surface.titled(&plot_area, &chart.title)?;
    let cost_rows = chart.cost.rows.len().max(1) as f64;
    let finish_rows = chart.finish.rows.len().max(1) as f64;
    let (_, body_h) = body.dim_in_pixel();
    let share = cost_rows * ROW + PANEL_FRAME;
    let split = (f64::from(body_h) * share / (share + finish_rows * ROW + PANEL_FRAME)) as u32;
    let (cost_area, finish_area) = body.split_vertically(split);
    draw_panel(&cost_area, &surface, &chart.cost, None, theme)?;
    draw_panel(
        &finish_area,
        &surface,
        &chart.finish,
        Some((chart.deadline_hours, chart.deadline_text.as_str())),
        theme,
    )?;
    surface.draw_footer(&footer_area, &footer)?;
    root.present().map_err(err)?;
    Ok(())
}

/// Draws `chart` into an SVG document `css_width` CSS pixels wide at device-pixel ratio `scale`
/// (the document is `css_width × scale` pixels wide, its preferred height × `scale` tall; 1 on
/// screen and for the SVG download, the device's ratio for the PNG) and returns it. Errors
/// come from the backend.
pub fn deadline_svg(
    chart: &DeadlineChart,
    theme: &Theme,
    css_width: f64,
    scale: f64,
) -> Result<String, ChartError> {
    let scale = super::device_scale(scale);
    let css_width = if css_width.is_finite() {
        css_width.max(1.0)
    } else {
        1.0
    };
    let width = (css_width * scale).round() as u32;
    let height = preferred_height(chart, css_width).round() * scale;
    super::svg_document(width, height, |root| {
        draw_deadline(root, chart, theme, scale)
    })
}

/// The chart's data as CSV: one row per policy with its cost P10, P50, P90 (2 decimals,
/// [`planner_core::csv_safe::amount`]) and finish time P10, P50, P90 in hours (2 decimals);
/// `header` names the seven columns (UI language). Rows pair the cost and finish panels by
/// position.
#[must_use]
pub fn deadline_csv(chart: &DeadlineChart, header: [&str; 7]) -> String {
    let mut w = planner_core::csv_safe::Writer::new();
    w.write_record(header);
    let a = planner_core::csv_safe::amount;
    for (c, f) in chart.cost.rows.iter().zip(&chart.finish.rows) {
        w.write_record([
            planner_core::csv_safe::neutralise(&c.label).into_owned(),
            a(c.band.p10),
            a(c.band.p50),
            a(c.band.p90),
            a(f.band.p10),
            a(f.band.p50),
            a(f.band.p90),
        ]);
    }
    w.into_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn band(p10: f64, p50: f64, p90: f64) -> Band {
        Band { p10, p50, p90 }
    }

    fn chart() -> DeadlineChart {
        let row = |label: &str, b: Band| PolicyRow {
            label: label.into(),
            band: b,
            text: format!("{:.2}", b.p50),
        };
        DeadlineChart {
            title: "Deadline-safe spot: A".into(),
            cost: Panel {
                axis: "Cost (USD)".into(),
                rows: vec![
                    row("All spot", band(300.0, 300.0, 300.0)),
                    row("Deadline-safe", band(310.0, 420.5, 880.0)),
                    row("All on-demand", band(1000.0, 1000.0, 1000.0)),
                ],
            },
            finish: Panel {
                axis: "Finish (h)".into(),
                rows: vec![
                    row("All spot", band(102.0, 102.0, 102.0)),
                    row("Deadline-safe", band(104.0, 118.0, 149.0)),
                    row("All on-demand", band(100.5, 100.5, 100.5)),
                ],
            },
            deadline_hours: 150.0,
            deadline_text: "Deadline 150 h".into(),
            footer: vec!["2,000 trials".into()],
        }
    }

    #[test]
    fn svg_has_every_policy_the_deadline_and_bands() {
        let svg = deadline_svg(&chart(), &Theme::LIGHT, 640.0, 1.0).expect("drawn");
        for text in [
            "All spot",
            "Deadline-safe",
            "All on-demand",
            "Deadline 150 h",
            "420.50",
        ] {
            assert!(svg.contains(text), "{text} missing");
        }
        // Two panels × three bars (fill + outline each) at least.
        assert!(svg.matches("<rect").count() >= 12, "{svg}");
        assert!(!svg.contains("NaN"));
    }

    #[test]
    fn non_finite_band_is_left_out_not_drawn_as_nan() {
        let mut c = chart();
        c.cost.rows[1].band = band(f64::NAN, f64::NAN, f64::NAN);
        let svg = deadline_svg(&c, &Theme::DARK, 320.0, 2.0).expect("drawn");
        assert!(!svg.contains("NaN"));
        assert!(svg.contains("Deadline-safe"));
    }

    #[test]
    fn csv_pairs_cost_and_finish_per_policy() {
        let csv = deadline_csv(
            &chart(),
            ["policy", "c10", "c50", "c90", "f10", "f50", "f90"],
        );
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(
            lines[2],
            "Deadline-safe,310.00,420.50,880.00,104.00,118.00,149.00"
        );
        assert_eq!(
            lines[3],
            "All on-demand,1000.00,1000.00,1000.00,100.50,100.50,100.50"
        );
    }
}
