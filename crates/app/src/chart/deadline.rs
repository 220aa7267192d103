//! The deadline-safe spot chart (docs/cost-model.md, "Deadline-safe spot"): for one job
//! option, the cost and the finish time of three policies (all-spot without interruption, the
//! deadline-safe policy's Monte Carlo, all-on-demand), each as a P10–P90 bar with its median
//! marked (a plain policy's band is one value, drawn as a tick), in two panels one above the
//! other; the finish panel marks the deadline. Row labels sit in a left gutter beside their
//! bars, each bar's text at its end inside the plot (under the bar when too long), the
//! deadline's label above the plot, the axis description and the footer wrapped below; the
//! layout is computed from estimated text widths so no two texts overlap at any width (tested
//! at 300–1,100 CSS px). Over any plotters backend (SVG on the page and for downloads).

use super::{err, text_width, ChartError, Surface, Theme, FOOTER_FONT, FOOTER_LINE};
use planner_engine::montecarlo::Band;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

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

/// Height of one policy row in CSS pixels: the bar in its upper part (centre [`BAR_MID`] from
/// the row's top) beside the label's first line, the label's second line under it, and a last
/// line (at [`UNDER`]) for the bar's text when that fits neither after nor before the bar.
const ROW: f64 = 46.0;
/// Centre of a row's bar below the row's top, CSS px.
const BAR_MID: f64 = 12.0;
/// Centre of a bar's text on the row's last line, below the bar's centre, CSS px (under the
/// label's second line, which ends 20 px below it).
const UNDER: f64 = 27.0;
/// Half the height of a bar, CSS px.
const BAR_HALF: f64 = 7.0;
/// Height of the tick labels under a panel's x axis, CSS px.
const TICKS: f64 = 26.0;
/// Line height of a panel's axis description (13 px text), CSS px.
const DESC_LINE: f64 = 16.0;
/// Band above the cost panel's plot, CSS px.
const TOP_COST: f64 = 6.0;
/// Band above the finish panel's plot, holding the deadline label, CSS px.
const TOP_FINISH: f64 = 22.0;
/// Gap between a panel's axis description and what follows, CSS px.
const PANEL_GAP: f64 = 8.0;
/// Font sizes (CSS px) of the row labels, the bars' texts, the ticks and the axis descriptions.
const LABEL_FONT: f64 = 12.0;
const VALUE_FONT: f64 = 11.0;
const TICK_FONT: f64 = 12.0;
const DESC_FONT: f64 = 13.0;
/// Most lines a row label takes in the gutter (the rest is cut with "…").
const LABEL_LINES: usize = 2;

/// Whether `text` has Chinese, Japanese or Korean characters (about 1 em wide each).
fn has_cjk(text: &str) -> bool {
    text.chars().any(|c| ('\u{2E80}'..='\u{FFEF}').contains(&c))
}

/// Characters of `text` that fit on a line `width` CSS px wide at `font` px by
/// [`text_width`]'s estimate (1 em each when the text has CJK characters, else 0.6 em).
fn columns(text: &str, width: f64, font: f64) -> usize {
    let em = if has_cjk(text) { 1.0 } else { 0.6 };
    ((width / (font * em)).floor() as usize).max(1)
}

/// `text` wrapped to lines of at most `width` CSS px at `font` px (a word longer than a line
/// is broken).
fn wrap_to(text: &str, width: f64, font: f64) -> Vec<String> {
    super::wrap::wrap(text, columns(text, width, font))
}

/// The row labels of `panel` wrapped into a gutter at most `max_width` CSS px wide, at most
/// [`LABEL_LINES`] lines each.
fn gutter_lines(panel: &Panel, max_width: f64) -> Vec<Vec<String>> {
    panel
        .rows
        .iter()
        .map(|r| {
            let mut lines = wrap_to(&r.label, max_width, LABEL_FONT);
            if lines.len() > LABEL_LINES {
                let rest = lines[LABEL_LINES - 1..].join(" ");
                lines.truncate(LABEL_LINES - 1);
                let keep = columns(&rest, max_width, LABEL_FONT).saturating_sub(1);
                lines.push(format!("{}…", rest.chars().take(keep).collect::<String>()));
            }
            lines
        })
        .collect()
}

/// The gutter's width for both panels at `css_width`: the widest wrapped label, at most about
/// a third of the chart.
fn gutter(chart: &DeadlineChart, css_width: f64) -> (f64, Vec<Vec<String>>, Vec<Vec<String>>) {
    let max = (css_width * 0.34).max(60.0);
    let cost = gutter_lines(&chart.cost, max);
    let finish = gutter_lines(&chart.finish, max);
    let widest = cost
        .iter()
        .chain(&finish)
        .flatten()
        .map(|l| text_width(l, LABEL_FONT))
        .fold(0.0_f64, f64::max);
    (widest.min(max), cost, finish)
}

/// Height in CSS px of a panel with `rows` rows, `top` px above its plot and its axis
/// description wrapped to `css_width`.
fn panel_height(panel: &Panel, top: f64, css_width: f64) -> f64 {
    let desc = wrap_to(
        &panel.axis,
        css_width - 2.0 * super::CHART_MARGIN,
        DESC_FONT,
    )
    .len();
    top + ROW * panel.rows.len().max(1) as f64 + TICKS + DESC_LINE * desc as f64 + PANEL_GAP
}

/// Height of the title band in CSS px at `css_width` (as [`Surface::titled`] lays it out at
/// scale 1).
fn title_height(title: &str, css_width: f64) -> f64 {
    let line = (super::TITLE_FONT * super::TITLE_LINE).round();
    let lines = super::title_lines(title, css_width - 2.0 * super::CHART_MARGIN).len();
    super::CHART_MARGIN + 2.0 * (line / 2.0).floor().min(5.0) + line * lines.max(1) as f64
}

/// The footer wrapped to `css_width` (12 px margins) by this chart's width estimate.
fn footer_lines(chart: &DeadlineChart, css_width: f64) -> Vec<String> {
    chart
        .footer
        .iter()
        .flat_map(|f| wrap_to(f, css_width - 2.0 * super::CHART_MARGIN, FOOTER_FONT))
        .collect()
}

/// Height in CSS pixels that shows both panels and every footer line at `css_width`.
#[must_use]
pub fn preferred_height(chart: &DeadlineChart, css_width: f64) -> f64 {
    title_height(&chart.title, css_width)
        + panel_height(&chart.cost, TOP_COST, css_width)
        + panel_height(&chart.finish, TOP_FINISH, css_width)
        + 4.0
        + FOOTER_LINE * footer_lines(chart, css_width).len() as f64
        + 6.0
}

/// Draws `panel` in `area` (a band of `root`, which all text and shapes are drawn on in
/// absolute device coordinates): the row labels wrapped in a left gutter `gutter_w` CSS px
/// wide (`labels`), the bars on an x axis from 0 to past the largest P90 (and `marker`, the
/// deadline, when given) with room for each bar's text beside it, the text under the bar when
/// it cannot fit beside, the deadline's label above the plot, the tick labels and the axis
/// description (wrapped) below. Errors come from the backend.
#[allow(clippy::too_many_arguments)]
fn draw_panel<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    area: &DrawingArea<DB, Shift>,
    surface: &Surface,
    panel: &Panel,
    labels: &[Vec<String>],
    gutter_w: f64,
    marker: Option<(f64, &str)>,
    theme: &Theme,
) -> Result<(), ChartError> {
    let s = surface.scale;
    let px = |v: f64| surface.px(v);
    let dev = |v: f64| (v * s).round() as i32;
    let n = panel.rows.len().max(1);
    let top = if marker.is_some() {
        TOP_FINISH
    } else {
        TOP_COST
    };
    let finite = |b: &Band| b.p10.is_finite() && b.p50.is_finite() && b.p90.is_finite();
    let marker = marker.filter(|m| m.0.is_finite() && m.0 > 0.0);
    let css_w = surface.css_width;
    let left = super::CHART_MARGIN + gutter_w + 10.0;
    let data_max = panel
        .rows
        .iter()
        .filter(|r| finite(&r.band))
        .map(|r| r.band.p90.max(r.band.p10))
        .chain(marker.map(|m| m.0))
        .fold(0.0_f64, f64::max);
    let data_max = if data_max > 0.0 { data_max } else { 1.0 };
    // Right margin: half the widest tick label (about the axis maximum's) so the last tick's
    // label is not cut at the chart's edge.
    let tick_text = |x_max: f64| {
        let decimals = super::label_decimals(x_max / 5.0);
        text_width(&planner_core::format::number(x_max, decimals), TICK_FONT)
    };
    let right = (tick_text(data_max * 1.5) / 2.0 + 6.0).max(super::CHART_MARGIN);
    let plot_w = (css_w - left - right).max(40.0);
    // The x range: 5 % past the data, and further for each bar whose text fits beside it
    // (a text up to 45 % of the plot wide, with 4 px to spare for rounding; a longer one goes
    // before or under its bar).
    let beside = |r: &PolicyRow| text_width(&r.text, VALUE_FONT) + 6.0 <= 0.45 * plot_w;
    let x_max = panel
        .rows
        .iter()
        .filter(|r| finite(&r.band) && beside(r))
        .map(|r| {
            let hi = r.band.p90.max(r.band.p10).max(0.0);
            hi / (1.0 - (text_width(&r.text, VALUE_FONT) + 10.0) / plot_w)
        })
        .fold(data_max * 1.05, f64::max);
    let decimals = super::label_decimals(x_max / 5.0);
    let desc = wrap_to(&panel.axis, css_w - 2.0 * super::CHART_MARGIN, DESC_FONT);
    let mut ctx = ChartBuilder::on(area)
        .margin_left(px(left))
        .margin_right(px(right))
        .margin_top(px(top))
        .margin_bottom(0)
        .x_label_area_size(px(TICKS + DESC_LINE * desc.len() as f64 + PANEL_GAP))
        .build_cartesian_2d(
            super::axis::Axis::from(0f64..x_max),
            super::axis::Axis::from(0f64..n as f64),
        )
        .map_err(err)?;
    let x_format = move |x: &f64| planner_core::format::number(*x, decimals);
    surface
        .mesh(&mut ctx, theme, TICK_FONT)
        .x_labels((plot_w / 55.0).clamp(3.0, 8.0) as usize)
        .x_label_formatter(&x_format)
        .disable_y_mesh()
        .disable_y_axis()
        .draw()
        .map_err(err)?;
    let (plot_left, plot_top) = ctx.backend_coord(&(0.0, n as f64));
    let (plot_right, plot_bottom) = ctx.backend_coord(&(x_max, 0.0));
    let x_at = |v: f64| ctx.backend_coord(&(v, 0.0)).0;
    let row_top = |i: usize| plot_top + dev(ROW * i as f64);
    let marker_x = marker.map(|m| x_at(m.0));
    let inner_w = css_w - 2.0 * super::CHART_MARGIN;
    for (i, r) in panel.rows.iter().enumerate() {
        let colour = theme.series[i % theme.series.len()];
        let mid = row_top(i) + dev(BAR_MID);
        for (k, line) in labels.get(i).into_iter().flatten().enumerate() {
            surface.text(
                root,
                line,
                (dev(super::CHART_MARGIN), mid + dev(14.0 * k as f64)),
                LABEL_FONT,
                HPos::Left,
                VPos::Center,
            )?;
        }
        if !finite(&r.band) {
            continue;
        }
        let b = r.band;
        let (lo, hi) = (b.p10.max(0.0), b.p90.max(b.p10).max(0.0));
        // A one-value band still shows: at least 2 CSS px wide.
        let (x0, mut x1) = (x_at(lo), x_at(hi));
        if x1 - x0 < dev(2.0) {
            x1 = x0 + dev(2.0);
        }
        let bar = [(x0, mid - dev(BAR_HALF)), (x1, mid + dev(BAR_HALF))];
        root.draw(&Rectangle::new(
            bar,
            ShapeStyle::from(&colour.mix(0.35)).filled(),
        ))
        .map_err(err)?;
        root.draw(&Rectangle::new(
            bar,
            ShapeStyle::from(&colour).stroke_width(px(1.0)),
        ))
        .map_err(err)?;
        let m = x_at(b.p50);
        surface.segment(
            root,
            (m, mid - dev(BAR_HALF + 2.0)),
            (m, mid + dev(BAR_HALF + 2.0)),
            ShapeStyle::from(&colour).stroke_width(px(3.0)),
        )?;
        let w = dev(text_width(&r.text, VALUE_FONT));
        let gap = dev(6.0);
        // Clear of the deadline line (3 CSS px either side).
        let clear =
            |from: i32, to: i32| marker_x.is_none_or(|m| m + dev(3.0) < from || to < m - dev(3.0));
        if beside(r) && x1 + gap + w <= plot_right && clear(x1, x1 + gap + w) {
            surface.text(
                root,
                &r.text,
                (x1 + gap, mid),
                VALUE_FONT,
                HPos::Left,
                VPos::Center,
            )?;
        } else if x0 - gap - w >= plot_left && clear(x0 - gap - w, x0) {
            // Before the bar when the deadline line is in the way after it.
            surface.text(
                root,
                &r.text,
                (x0 - gap, mid),
                VALUE_FONT,
                HPos::Right,
                VPos::Center,
            )?;
        } else {
            // On the row's last line, under the bar and the label's second line: from the bar's
            // start when there is room, else as far left as needed (down to the chart's left
            // margin); cut to the chart's width.
            let text = super::fit_line(&r.text, inner_w, VALUE_FONT * 1.04);
            let w = dev(text_width(&text, VALUE_FONT));
            let left_edge = dev(super::CHART_MARGIN);
            let mut x = x0.clamp(left_edge, (left_edge + dev(inner_w) - w).max(left_edge));
            if !clear(x, x + w) {
                // Ending before the deadline line when it would cross the text.
                x = marker_x.map_or(x, |m| (m - dev(4.0) - w).max(left_edge));
            }
            surface.text(
                root,
                &text,
                (x, mid + dev(UNDER)),
                VALUE_FONT,
                HPos::Left,
                VPos::Center,
            )?;
        }
    }
    if let Some((at, text)) = marker {
        let x = x_at(at);
        surface.segment(
            root,
            (x, plot_top),
            (x, plot_bottom),
            ShapeStyle::from(&theme.foreground).stroke_width(px(1.5)),
        )?;
        // Above the plot, centred on the line but kept inside the chart.
        let text = super::fit_line(text, css_w - 2.0 * super::CHART_MARGIN, VALUE_FONT * 1.04);
        let w = dev(text_width(&text, VALUE_FONT));
        let edge = dev(css_w - 4.0) - w;
        let x0 = (x - w / 2).clamp(plot_left.min(edge), edge);
        surface.text(
            root,
            &text,
            (x0, plot_top - dev(4.0)),
            VALUE_FONT,
            HPos::Left,
            VPos::Bottom,
        )?;
    }
    for (k, line) in desc.iter().enumerate() {
        surface.text(
            root,
            line,
            (
                dev(super::CHART_MARGIN),
                plot_bottom + dev(TICKS + DESC_LINE * k as f64),
            ),
            DESC_FONT,
            HPos::Left,
            VPos::Top,
        )?;
    }
    Ok(())
}

/// Draws `chart` on `root` (size in device pixels; `scale` is the device-pixel ratio): the
/// title, the cost panel, the finish panel with the deadline, the footer, each band as tall as
/// [`preferred_height`] counts it. Errors come from the backend.
pub fn draw_deadline<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &DeadlineChart,
    theme: &Theme,
    scale: f64,
) -> Result<(), ChartError> {
    let surface = Surface::prepare(root, theme, scale)?;
    let css_w = surface.css_width;
    let footer = footer_lines(chart, css_w);
    let body = surface.titled(root, &chart.title)?;
    let (gutter_w, cost_labels, finish_labels) = gutter(chart, css_w);
    let (cost_area, rest) =
        body.split_vertically(surface.px(panel_height(&chart.cost, TOP_COST, css_w)));
    let (finish_area, footer_area) =
        rest.split_vertically(surface.px(panel_height(&chart.finish, TOP_FINISH, css_w)));
    draw_panel(
        root,
        &cost_area,
        &surface,
        &chart.cost,
        &cost_labels,
        gutter_w,
        None,
        theme,
    )?;
    draw_panel(
        root,
        &finish_area,
        &surface,
        &chart.finish,
        &finish_labels,
        gutter_w,
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

    /// A `<text>` element's estimated box `(x0, y0, x1, y1)` and its text: width 0.6 em per
    /// Latin character (1 em per Chinese one), height 1 em, placed by `text-anchor` and `dy`.
    fn text_boxes(svg: &str) -> Vec<((f64, f64, f64, f64), String)> {
        let attr = |tag: &str, name: &str| -> String {
            tag.split(&format!(" {name}=\""))
                .nth(1)
                .and_then(|r| r.split('"').next())
                .unwrap_or("")
                .to_string()
        };
        svg.split("<text")
            .skip(1)
            .map(|part| {
                let (tag, rest) = part.split_once('>').expect("tag ends");
                let text = rest
                    .split("</text>")
                    .next()
                    .expect("text ends")
                    .trim()
                    .replace("&amp;", "&");
                let num = |name: &str| attr(tag, name).parse::<f64>().expect(name);
                let (x, y, size) = (num("x"), num("y"), num("font-size"));
                let w = text_width(&text, size);
                let x0 = match attr(tag, "text-anchor").as_str() {
                    "end" => x - w,
                    "middle" => x - w / 2.0,
                    _ => x,
                };
                let y0 = match attr(tag, "dy").as_str() {
                    "0.76em" => y,
                    "0.5ex" => y - size / 2.0,
                    _ => y - size,
                };
                ((x0, y0, x0 + w, y0 + size), text)
            })
            .collect()
    }

    /// Every pair of texts whose boxes overlap, and every text outside `0..width`.
    fn layout_faults(svg: &str, width: f64) -> Vec<String> {
        let boxes = text_boxes(svg);
        let mut faults = Vec::new();
        for (i, (a, ta)) in boxes.iter().enumerate() {
            if a.0 < 0.0 || a.2 > width {
                faults.push(format!("{ta:?} outside 0..{width}: {a:?}"));
            }
            for (b, tb) in &boxes[i + 1..] {
                if a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3 {
                    faults.push(format!("{ta:?} {a:?} overlaps {tb:?} {b:?}"));
                }
            }
        }
        faults
    }

    /// The page's default case (job mode, AWS p4d, deadline 1,500 h) with the page's texts and
    /// figures (English or Chinese).
    fn page_chart(zh: bool) -> DeadlineChart {
        let t = |en: &str, cn: &str| if zh { cn.to_string() } else { en.to_string() };
        let row = |label: String, b: Band, text: String| PolicyRow {
            label,
            band: b,
            text,
        };
        let labels = [
            t("All spot (no interruption)", "全竞价（无中断）"),
            t("Deadline-safe spot", "保证截止时间的竞价实例"),
            t("All on-demand", "全按需"),
        ];
        DeadlineChart {
            title: t("Deadline-safe spot against all-spot and all-on-demand: AWS p4d.24xlarge", "保证截止时间的竞价实例与全竞价、全按需对比：AWS p4d.24xlarge"),
            cost: Panel {
                axis: t("Cost of the job (USD): bar P10–P90, thick mark median", "作业成本（USD）：条形为 P10–P90，粗线为中位数"),
                rows: vec![
                    row(labels[0].clone(), band(6455.38, 6455.38, 6455.38), "$6,455.38".into()),
                    row(labels[1].clone(), band(6502.78, 6520.29, 6543.37), "$6,520.29 ($6,502.78–$6,543.37)".into()),
                    row(labels[2].clone(), band(27447.05, 27447.05, 27447.05), "$27,447.05".into()),
                ],
            },
            finish: Panel {
                axis: t("Finish time (hours from the start): bar P10–P90, thick mark median", "完成时间（自开始起的小时数）：条形为 P10–P90，粗线为中位数"),
                rows: vec![
                    row(labels[0].clone(), band(1250.0, 1250.0, 1250.0), "1,250.0 h".into()),
                    row(labels[1].clone(), band(1258.7, 1262.3, 1266.4), "1,262.3 h (1,258.7 h–1,266.4 h)".into()),
                    row(labels[2].clone(), band(1250.0, 1250.0, 1250.0), "1,250.0 h".into()),
                ],
            },
            deadline_hours: 1500.0,
            deadline_text: t("Deadline 1,500.0 h", "截止时间 1,500.0 小时"),
            footer: vec![t("Deadline-safe spot: 2,000 Monte-Carlo trials of interruptions (seed 42); 3 % of trials moved to on-demand. Every trial finishes by the deadline.", "保证截止时间的竞价实例：2,000 次中断蒙特卡洛试验（种子 42）；3% 的试验改用了按需实例。每次试验都在截止时间前完成。")],
        }
    }

    #[test]
    fn no_text_overlaps_another_or_leaves_the_chart() {
        for zh in [false, true] {
            for width in [300.0, 311.0, 375.0, 480.0, 573.0, 640.0, 900.0, 1100.0] {
                for (c, scale) in [(page_chart(zh), 1.0), (chart(), 1.0), (page_chart(zh), 2.0)] {
                    let svg = deadline_svg(&c, &Theme::LIGHT, width, scale).expect("drawn");
                    let faults = layout_faults(&svg, width * scale);
                    assert!(
                        faults.is_empty(),
                        "width {width}, zh {zh}:\n{}",
                        faults.join("\n")
                    );
                    // Every text is drawn, inside the document's height too.
                    let height: f64 = svg
                        .split("height=\"")
                        .nth(1)
                        .and_then(|r| r.split('"').next())
                        .and_then(|h| h.parse().ok())
                        .expect("height");
                    for ((_, y0, _, y1), t) in text_boxes(&svg) {
                        assert!(
                            y0 >= 0.0 && y1 <= height,
                            "{t:?} {y0}..{y1} outside 0..{height} at {width}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn overlap_check_sees_overlaps() {
        let svg = r#"<svg><text x="10" y="20" dy="0.5ex" text-anchor="start" font-size="10">abcdef</text><text x="30" y="22" dy="0.5ex" text-anchor="middle" font-size="10">x</text><text x="95" y="50" dy="0.76em" text-anchor="start" font-size="10">tail</text></svg>"#;
        let faults = layout_faults(svg, 100.0);
        assert_eq!(faults.len(), 2, "{faults:?}");
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
