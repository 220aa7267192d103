//! A line chart over a free x axis with marked points (a break-even utilisation, a crossover
//! month), over any plotters backend: the reserved-vs-on-demand chart (cost per hour against
//! utilisation) and the rent-vs-buy chart (cumulative cost against months) are both drawn here.

use super::{
    below_plot, chars_fitting, err, fit_line, label_decimals, wrap_footer, ChartError, Surface,
    Theme, FOOTER_LINE, LEGEND_FONT, LEGEND_LINE, PLOT_HEIGHT,
};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

/// One line: legend text, colour index, whether it is dashed, and its points in data units.
#[derive(Clone, Debug, PartialEq)]
pub struct XyLine {
    /// Legend text (user text; escaped by the SVG backend).
    pub label: String,
    /// Colour index in the theme's series (an option keeps its colour across charts).
    pub series: usize,
    /// Drawn dashed (the on-demand reference of a reserved line, the owned server).
    pub dashed: bool,
    /// Points, x ascending.
    pub points: Vec<(f64, f64)>,
}

/// A marked point: a ring on the plot with a short tag beside it (e.g. `"62.5 %"`,
/// `"month 14"`), its full label in the legend (several markers may sit close together, so
/// long text on the plot would overlap).
#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    /// Position in data units.
    pub x: f64,
    /// Position in data units.
    pub y: f64,
    /// Short text drawn beside the ring.
    pub tag: String,
    /// Full text, listed under the legend after the tag.
    pub label: String,
    /// Colour index of the line it belongs to.
    pub series: usize,
}

/// Everything needed to draw a [`LinesChart`].
#[derive(Clone, Debug, PartialEq)]
pub struct LinesChart {
    /// Title above the plot.
    pub title: String,
    /// X axis description with its unit.
    pub x_label: String,
    /// Y axis description with its unit.
    pub y_label: String,
    /// Largest x of the axis (it starts at 0).
    pub x_max: f64,
    /// Footer lines (prices as of, month convention, assumptions).
    pub footer: Vec<String>,
    /// Lines to draw.
    pub lines: Vec<XyLine>,
    /// Marked points.
    pub markers: Vec<Marker>,
    /// Text shown when there is no line.
    pub empty_message: String,
}

/// The markers with finite coordinates, in x (month) order: both charts that draw markers (the
/// cumulative chart and this one) give neighbouring tags different heights by their position in
/// this order.
pub(crate) fn in_x_order(markers: &[Marker]) -> Vec<&Marker> {
    let mut markers: Vec<&Marker> = markers
        .iter()
        .filter(|m| m.x.is_finite() && m.y.is_finite())
        .collect();
    planner_engine::sort::sort_by(&mut markers, &|a, b| a.x.total_cmp(&b.x));
    markers
}

fn legend_lines(chart: &LinesChart, css_width: f64) -> Vec<(Option<(usize, bool)>, String)> {
    let width = chars_fitting(css_width - 64.0, LEGEND_FONT);
    let mut out: Vec<(Option<(usize, bool)>, String)> = Vec::new();
    for l in &chart.lines {
        for (i, t) in super::wrap::wrap(&l.label, width).into_iter().enumerate() {
            out.push(((i == 0).then_some((l.series, l.dashed)), t));
        }
    }
    for m in &chart.markers {
        let text = format!("◯ {}: {}", m.tag, m.label);
        for t in super::wrap::wrap(&text, width) {
            out.push((None, t));
        }
    }
    out
}

/// Height in CSS pixels that shows `chart` at `css_width` without clipping.
#[must_use]
pub fn preferred_height(chart: &LinesChart, css_width: f64) -> f64 {
    PLOT_HEIGHT
        + 8.0
        + LEGEND_LINE * legend_lines(chart, css_width).len() as f64
        + 6.0
        + FOOTER_LINE * wrap_footer(&chart.footer, css_width).len() as f64
}

/// Draws `chart` on `root` (size in device pixels; `scale` is the device-pixel ratio): lines,
/// a ring and text at every marker, then the legend (lines, then markers) and the footer under
/// the plot, wrapped to the width. Errors come from the backend.
pub fn draw_lines<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &LinesChart,
    theme: &Theme,
    scale: f64,
) -> Result<(), ChartError> {
    let surface = Surface::prepare(root, theme, scale)?;
    let Surface {
        scale,
        height,
        css_width,
        ..
    } = surface;
    let px = |v: f64| surface.px(v);
    let legend = legend_lines(chart, css_width);
    let footer = wrap_footer(&chart.footer, css_width);
    // The plot keeps its height when the drawing has the preferred height, however long the
    // legend; only a shorter drawing squeezes both.
    let below = below_plot(
        px(8.0 + LEGEND_LINE * legend.len() as f64 + 6.0 + FOOTER_LINE * footer.len() as f64),
        height,
        px(PLOT_HEIGHT),
    );
    let (plot_area, below_area) = root.split_vertically(height.saturating_sub(below));
    let (legend_area, footer_area) =
        below_area.split_vertically(px(8.0 + LEGEND_LINE * legend.len() as f64));

    let x_max = if chart.x_max.is_finite() && chart.x_max > 0.0 {
        chart.x_max
    } else {
        1.0
    };
    let y_max = chart
        .lines
        .iter()
        .flat_map(|l| l.points.iter().map(|p| p.1))
        .chain(chart.markers.iter().map(|m| m.y))
        .filter(|y| y.is_finite())
        .fold(0.0_f64, f64::max);
    let y_max = if y_max > 0.0 { y_max * 1.08 } else { 1.0 };
    let y_decimals = label_decimals(y_max / 5.0);
    let x_decimals = label_decimals(x_max / 5.0);
    let widest_y_label = planner_core::format::number(y_max, y_decimals)
        .chars()
        .count() as f64;
    let mut ctx = ChartBuilder::on(&surface.titled(&plot_area, &chart.title)?)
        .margin(px(super::CHART_MARGIN))
        .margin_top(0)
        .x_label_area_size(px(44.0))
        .y_label_area_size(px(34.0 + 7.0 * widest_y_label))
        .build_cartesian_2d(
            super::axis::Axis::from(0f64..x_max),
            super::axis::Axis::from(0f64..y_max),
        )
        .map_err(err)?;
    let y_format = move |y: &f64| planner_core::format::number(*y, y_decimals);
    let x_format = move |x: &f64| planner_core::format::number(*x, x_decimals);
    surface
        .mesh(&mut ctx, theme, 12.0)
        .x_desc(&chart.x_label)
        .y_desc(&chart.y_label)
        .x_labels(((css_width / 64.0) as usize).clamp(2, 11))
        .y_labels(8)
        .x_label_formatter(&x_format)
        .y_label_formatter(&y_format)
        .draw()
        .map_err(err)?;

    let colour = |i: usize| theme.series[i % theme.series.len()];
    let stroke = |i: usize| ShapeStyle::from(&colour(i)).stroke_width(px(2.5));
    for l in &chart.lines {
        let points: Vec<(f64, f64)> = l
            .points
            .iter()
            .copied()
            .filter(|(x, y)| x.is_finite() && y.is_finite())
            .collect();
        if l.dashed {
            ctx.draw_series(DashedLineSeries::new(
                points,
                px(7.0),
                px(5.0),
                stroke(l.series),
            ))
            .map_err(err)?;
        } else {
            ctx.draw_series(LineSeries::new(points, stroke(l.series)))
                .map_err(err)?;
        }
    }
    // Markers in x order, so neighbours (crossovers a month apart) get different tag heights.
    for (k, m) in in_x_order(&chart.markers).into_iter().enumerate() {
        surface.circle(
            &mut ctx,
            (m.x, m.y),
            px(6.0),
            ShapeStyle::from(&colour(m.series)).stroke_width(px(2.5)),
        )?;
        let (x, y) = ctx.backend_coord(&(m.x, m.y));
        // Tag centred above the ring (leaning inwards at the plot's edges).
        let (anchor, dx) = if m.x < x_max * 0.1 {
            (HPos::Left, -6.0)
        } else if m.x > x_max * 0.9 {
            (HPos::Right, 6.0)
        } else {
            (HPos::Center, 0.0)
        };
        surface.text(
            &plot_area,
            &fit_line(&m.tag, css_width / 2.0, 12.0),
            (
                x + (dx * scale) as i32,
                y - px(12.0 + 15.0 * (k % 3) as f64) as i32,
            ),
            12.0,
            anchor,
            VPos::Center,
        )?;
    }
    if chart.lines.is_empty() {
        // Wrapped to the plot's width: the message is a sentence and charts sit side by side.
        let (w, h) = plot_area.dim_in_pixel();
        let wrapped = super::wrap::wrap(&chart.empty_message, chars_fitting(css_width * 0.7, 14.0));
        let top = h as f64 / 2.0 - 9.0 * scale * (wrapped.len() as f64 - 1.0);
        for (i, line) in wrapped.iter().enumerate() {
            surface.text(
                &plot_area,
                line,
                (w as i32 / 2, (top + 18.0 * scale * i as f64) as i32),
                14.0,
                HPos::Center,
                VPos::Center,
            )?;
        }
    }
    let left = px(12.0) as i32;
    for (row, (key, text)) in legend.iter().enumerate() {
        let mid = px(4.0 + LEGEND_LINE * row as f64 + LEGEND_LINE / 2.0) as i32;
        // A dashed key is two short strokes; a solid one is the row's own key line.
        let solid = match key {
            Some((series, true)) => {
                for (from, to) in [(0, px(9.0)), (px(15.0), px(24.0))] {
                    surface.segment(
                        &legend_area,
                        (left + from as i32, mid),
                        (left + to as i32, mid),
                        stroke(*series),
                    )?;
                }
                None
            }
            Some((series, false)) => Some(stroke(*series)),
            None => None,
        };
        surface.legend_row(&legend_area, (left, mid), solid, text)?;
    }
    surface.draw_footer(&footer_area, &footer)?;
    root.present().map_err(err)?;
    Ok(())
}

/// Draws `chart` into an SVG document `width` CSS pixels wide (scale 1) and returns it.
pub fn lines_svg(chart: &LinesChart, theme: &Theme, width: u32) -> Result<String, ChartError> {
    super::svg_document(width, preferred_height(chart, f64::from(width)), |root| {
        draw_lines(root, chart, theme, 1.0)
    })
}

/// The chart's data as long-form CSV: one row per line point (`series`, x, y), then one per
/// marker with its series cell made by `marker` from the marker's label (e.g.
/// `"marker: break-even at 80 %"`). `header` names the three columns (UI language); x is
/// written with 4 decimals, y with `y_places` ([`planner_core::csv_safe::number`]). Series names
/// are neutralised. A chart with nothing to draw gives the header and one row carrying its
/// `empty_message`.
#[must_use]
pub fn lines_csv(
    chart: &LinesChart,
    header: [&str; 3],
    y_places: usize,
    marker: &dyn Fn(&str) -> String,
) -> String {
    use planner_core::csv_safe::{number, DECIMALS};
    let mut w = planner_core::csv_safe::Writer::new();
    w.write_record(header);
    for l in &chart.lines {
        for (x, y) in &l.points {
            w.write_record([
                planner_core::csv_safe::neutralise(&l.label).into_owned(),
                number(*x, DECIMALS),
                number(*y, y_places),
            ]);
        }
    }
    for m in &chart.markers {
        w.write_record([
            planner_core::csv_safe::neutralise(&marker(&m.label)).into_owned(),
            number(m.x, DECIMALS),
            number(m.y, y_places),
        ]);
    }
    if chart.lines.is_empty() && chart.markers.is_empty() {
        w.write_record(super::empty_row(&chart.empty_message, 3));
    }
    w.into_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart() -> LinesChart {
        LinesChart {
            title: "Reserved vs on-demand (USD)".into(),
            x_label: "Utilisation (%)".into(),
            y_label: "Cost per instance-hour of the term (USD)".into(),
            x_max: 100.0,
            footer: vec!["Prices as of: 2026-07-30.".into()],
            lines: vec![
                XyLine {
                    label: "On demand <p4d>".into(),
                    series: 0,
                    dashed: true,
                    points: vec![(0.0, 0.0), (100.0, 40.0)],
                },
                XyLine {
                    label: "Reserved 12 months".into(),
                    series: 0,
                    dashed: false,
                    points: vec![(0.0, 32.0), (100.0, 32.0)],
                },
            ],
            markers: vec![Marker {
                x: 80.0,
                y: 32.0,
                tag: "80 %".into(),
                label: "break-even 80 %".into(),
                series: 0,
            }],
            empty_message: "No reserved option".into(),
        }
    }

    #[test]
    fn svg_has_legend_marker_axes_and_footer_escaped() {
        let svg = lines_svg(&chart(), &Theme::LIGHT, 800).unwrap();
        assert!(svg.contains("On demand &lt;p4d&gt;"));
        assert!(!svg.contains("<p4d>"));
        assert!(svg.contains("Reserved 12 months"));
        assert!(
            svg.contains("◯ 80 %: break-even 80 %"),
            "legend lists the marker"
        );
        assert!(svg.contains("\n80 %\n"), "tag beside the ring");
        assert!(svg.contains("Utilisation (%)"));
        assert!(svg.contains("Cost per instance-hour of the term (USD)"));
        assert!(svg.contains("Prices as of: 2026-07-30."));
        assert!(svg.contains("<circle"), "the marker ring is drawn");
        let empty = LinesChart {
            lines: vec![],
            markers: vec![],
            ..chart()
        };
        assert!(lines_svg(&empty, &Theme::DARK, 320)
            .unwrap()
            .contains("No reserved option"));
        // A long message is wrapped onto several lines at a narrow width, never cut.
        let long = LinesChart {
            empty_message: "Add a reserved variant or a reserved share to see where it breaks even against on demand".into(),
            ..empty
        };
        let svg = lines_svg(&long, &Theme::LIGHT, 360).unwrap();
        assert!(svg.contains("Add a reserved variant or a\n"), "{svg}");
        assert!(svg.contains("\nbreaks even against on demand\n"), "{svg}");
        assert!(!svg.contains("…"));
    }

    #[test]
    fn marker_ring_is_drawn_at_its_data_position() {
        // 800 px wide: the ring's centre x grows with the marker's x.
        let at = |x: f64| {
            let mut c = chart();
            c.markers[0].x = x;
            let svg = lines_svg(&c, &Theme::LIGHT, 800).unwrap();
            let i = svg.find("<circle").unwrap();
            let cx = &svg[i..];
            let start = cx.find("cx=\"").unwrap() + 4;
            let end = start + cx[start..].find('"').unwrap();
            cx[start..end].parse::<f64>().unwrap()
        };
        let (a, b, c) = (at(0.0), at(50.0), at(100.0));
        assert!(a < b && b < c, "{a} {b} {c}");
        assert!(((b - a) - (c - b)).abs() <= 1.0, "linear axis: {a} {b} {c}");
    }

    #[test]
    fn csv_is_long_form_with_units_and_markers() {
        let header = ["series", "utilisation_pct", "usd_per_instance_hour"];
        let csv = lines_csv(&chart(), header, 4, &|l| format!("marker: {l}"));
        let mut rows = csv.lines();
        assert_eq!(
            rows.next(),
            Some("series,utilisation_pct,usd_per_instance_hour")
        );
        assert_eq!(rows.next(), Some("On demand <p4d>,0.0000,0.0000"));
        assert!(
            csv.ends_with("marker: break-even 80 %,80.0000,32.0000\n"),
            "{csv}"
        );
        let mut empty = chart();
        empty.lines.clear();
        empty.markers.clear();
        assert_eq!(
            lines_csv(&empty, header, 2, &|l| l.to_string()),
            "series,utilisation_pct,usd_per_instance_hour\nNo reserved option,,\n"
        );
    }
}
