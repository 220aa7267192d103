//! The ranking chart: one horizontal bar per option, cheapest first by total within the
//! horizon, each labelled with its name and amount; a reserved or savings-plan commitment owed
//! after the horizon continues the bar as a pale segment, so the whole commitment is never hidden. Over
//! any plotters backend (SVG on the page and for downloads).

use super::{below_plot, err, wrap_footer, ChartError, Surface, Theme, FOOTER_LINE};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

/// One ranked bar: an option's label, its amount, and its series index (so it keeps the colour
/// it has in the other charts).
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// Option label (user text; escaped by the SVG backend).
    pub label: String,
    /// Amount in the chart's currency; non-finite amounts are left out of the ranking.
    pub value: f64,
    /// Position of the option in the comparison (its colour).
    pub series: usize,
    /// Reserved and savings-plan commitment owed after the horizon, same currency (0 when
    /// none): drawn as a pale segment after the bar, so the bar's full length is the total commitment.
    pub owed_after: f64,
    /// The amount as shown, e.g. `"$287,065.20"` (with the total commitment when some is owed
    /// after the horizon).
    pub value_text: String,
}

/// Everything needed to draw the ranking chart.
#[derive(Clone, Debug, PartialEq)]
pub struct RankingChart {
    /// Title, e.g. `"Total cost over 12 months, cheapest first (USD)"`.
    pub title: String,
    /// Axis description with the currency, e.g. `"Total cost (USD)"`.
    pub x_label: String,
    /// Footer lines (prices as-of dates, month convention, assumptions).
    pub footer: Vec<String>,
    /// Bars in any order; [`ranked`] sorts them cheapest first.
    pub bars: Vec<Bar>,
    /// Text shown when there is no bar.
    pub empty_message: String,
}

/// Height of one bar row (label line above a bar) in CSS pixels.
const ROW: f64 = 40.0;
/// Title and axis height in CSS pixels.
const FRAME: f64 = 96.0;

/// The finite bars, cheapest first (ties keep the comparison order).
#[must_use]
pub fn ranked(bars: &[Bar]) -> Vec<Bar> {
    let mut out: Vec<Bar> = bars
        .iter()
        .filter(|b| b.value.is_finite())
        .cloned()
        .collect();
    planner_engine::sort::sort_by(&mut out, &|a, b| a.value.total_cmp(&b.value));
    out
}

/// Height in CSS pixels that shows every bar and footer line at `css_width`.
#[must_use]
pub fn preferred_height(chart: &RankingChart, css_width: f64) -> f64 {
    plot_height(chart) + 10.0 + FOOTER_LINE * wrap_footer(&chart.footer, css_width).len() as f64
}

/// Height of the plot (frame and bars, at least two rows) in CSS pixels, without the footer.
fn plot_height(chart: &RankingChart) -> f64 {
    FRAME + ROW * chart.bars.len().max(2) as f64
}

/// Draws `chart` on `root` (size in device pixels; `scale` is the device-pixel ratio). Bars run
/// from zero; the label sits on the bar's left inside the plot and the amount at its end, so
/// long names never push the plot off a narrow screen. Errors come from the backend.
pub fn draw_ranking<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &RankingChart,
    theme: &Theme,
    scale: f64,
) -> Result<(), ChartError> {
    let surface = Surface::prepare(root, theme, scale)?;
    let Surface {
        height, css_width, ..
    } = surface;
    let px = |v: f64| surface.px(v);
    let footer = wrap_footer(&chart.footer, css_width);
    let below = below_plot(
        px(10.0 + FOOTER_LINE * footer.len() as f64),
        height,
        px(plot_height(chart)),
    );
    let (plot_area, footer_area) = root.split_vertically(height.saturating_sub(below));

    let bars = ranked(&chart.bars);
    let n = bars.len().max(1);
    let owed = |b: &Bar| {
        if b.owed_after.is_finite() {
            b.owed_after.max(0.0)
        } else {
            0.0
        }
    };
    let x_max = bars
        .iter()
        .map(|b| b.value + owed(b))
        .fold(0.0_f64, f64::max);
    // Leave room right of the longest bar for the longest amount ("$121,948.77 (commits
    // $243,897.53)" is about 220 CSS px), at least ~95 px, at most three quarters of the plot.
    let plot_css = (css_width - 32.0).max(100.0);
    let amount_css = bars
        .iter()
        .map(|b| super::text_width(&b.value_text, 11.0) + 10.0)
        .fold(95.0, f64::max);
    let room = 1.0 / (1.0 - (amount_css / plot_css).min(0.75));
    let x_max = if x_max > 0.0 { x_max * room } else { 1.0 };
    let label_chars = super::chars_fitting(plot_css - 16.0, 12.0);
    let decimals = super::label_decimals(x_max / 5.0);
    let mut ctx = ChartBuilder::on(&surface.titled(&plot_area, &chart.title)?)
        .margin(px(super::CHART_MARGIN))
        .margin_top(0)
        .x_label_area_size(px(44.0))
        .y_label_area_size(px(8.0))
        .build_cartesian_2d(
            super::axis::Axis::from(0f64..x_max),
            super::axis::Axis::from(0f64..n as f64),
        )
        .map_err(err)?;
    let x_format = move |x: &f64| planner_core::format::number(*x, decimals);
    // A narrow chart (a phone) keeps the axis title's first clause, so it is not cut at
    // both edges.
    let x_label = super::fit_axis_title(&chart.x_label, plot_css, 13.0);
    surface
        .mesh(&mut ctx, theme, 12.0)
        .x_desc(&x_label)
        .x_labels(((css_width / 110.0) as usize).clamp(2, 8))
        .x_label_formatter(&x_format)
        .disable_y_mesh()
        .disable_y_axis()
        .draw()
        .map_err(err)?;

    // Row 0 (the cheapest) at the top: its label in the upper half, its bar in the lower.
    let top = |rank: usize| (n - rank) as f64;
    let bar = |rank: usize, b: &Bar| [(0.0, top(rank) - 0.5), (b.value.max(0.0), top(rank) - 0.92)];
    for (rank, b) in bars.iter().enumerate() {
        let colour = theme.series[b.series % theme.series.len()];
        ctx.draw_series([
            Rectangle::new(bar(rank, b), ShapeStyle::from(&colour.mix(0.45)).filled()),
            Rectangle::new(
                bar(rank, b),
                ShapeStyle::from(&colour).stroke_width(px(1.5)),
            ),
        ])
        .map_err(err)?;
        let after = owed(b);
        if after > 0.0 {
            let start = b.value.max(0.0);
            let span = [(start, top(rank) - 0.5), (start + after, top(rank) - 0.92)];
            ctx.draw_series([
                Rectangle::new(span, ShapeStyle::from(&colour.mix(0.12)).filled()),
                Rectangle::new(
                    span,
                    ShapeStyle::from(&colour.mix(0.7)).stroke_width(px(1.0)),
                ),
            ])
            .map_err(err)?;
        }
        let (x, label_y) = ctx.backend_coord(&(0.0, top(rank) - 0.27));
        let (end, y) = ctx.backend_coord(&(b.value.max(0.0) + after, top(rank) - 0.71));
        let mut label = format!("{}. {}", rank + 1, b.label);
        let label_chars = super::cjk_width(&label, label_chars);
        if label.chars().count() > label_chars {
            label = label.chars().take(label_chars.saturating_sub(1)).collect();
            label.push('…');
        }
        surface.text(
            &plot_area,
            &label,
            (x, label_y),
            12.0,
            HPos::Left,
            VPos::Center,
        )?;
        surface.text(
            &plot_area,
            &b.value_text,
            (end + px(6.0) as i32, y),
            11.0,
            HPos::Left,
            VPos::Center,
        )?;
    }
    if bars.is_empty() {
        surface.empty_message(&plot_area, &chart.empty_message)?;
    }
    surface.draw_footer(&footer_area, &footer)?;
    root.present().map_err(err)?;
    Ok(())
}

/// Draws `chart` into an SVG document `width` CSS pixels wide (scale 1) and returns it.
pub fn ranking_svg(chart: &RankingChart, theme: &Theme, width: u32) -> Result<String, ChartError> {
    super::svg_document(width, preferred_height(chart, f64::from(width)), |root| {
        draw_ranking(root, chart, theme, 1.0)
    })
}

/// The ranking as CSV: rank, option, total within the horizon and total commitment (the
/// total plus what a reserved term or savings plan owes after the horizon, the bar's pale
/// segment; both with 2 decimals, [`planner_core::csv_safe::amount`]), cheapest first within
/// the horizon; `header` names the four columns (UI language). Option names are neutralised. A chart with
/// nothing to draw gives the header and one row carrying its `empty_message`.
#[must_use]
pub fn ranking_csv(chart: &RankingChart, header: [&str; 4]) -> String {
    let mut w = planner_core::csv_safe::Writer::new();
    w.write_record(header);
    let ranked = ranked(&chart.bars);
    for (i, b) in ranked.iter().enumerate() {
        w.write_record([
            (i + 1).to_string(),
            planner_core::csv_safe::neutralise(&b.label).into_owned(),
            planner_core::csv_safe::amount(b.value),
            planner_core::csv_safe::amount(b.value + b.owed_after),
        ]);
    }
    if ranked.is_empty() {
        w.write_record(super::empty_row(&chart.empty_message, 4));
    }
    w.into_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(bars: Vec<(&str, f64)>) -> RankingChart {
        RankingChart {
            title: "Total cost over 12 months, cheapest first (USD)".into(),
            x_label: "Total cost (USD)".into(),
            footer: vec!["Prices as of: 2026-07-30.".into()],
            bars: bars
                .into_iter()
                .enumerate()
                .map(|(i, (l, v))| Bar {
                    label: l.into(),
                    value: v,
                    series: i,
                    owed_after: 0.0,
                    value_text: format!("${v}"),
                })
                .collect(),
            empty_message: "Pick offers".into(),
        }
    }

    #[test]
    fn ranks_cheapest_first_and_drops_non_finite() {
        let c = chart(vec![("b", 2.0), ("a", 1.0), ("nan", f64::NAN), ("c", 3.0)]);
        let r = ranked(&c.bars);
        let labels: Vec<&str> = r.iter().map(|b| b.label.as_str()).collect();
        assert_eq!(labels, ["a", "b", "c"]);
        assert_eq!(r[0].series, 1, "a bar keeps its option's colour");
    }

    #[test]
    fn svg_has_labels_axis_footer_and_escapes_user_text() {
        let c = chart(vec![("AWS <p4d> & co", 287_065.2), ("Lambda", 150_000.0)]);
        let svg = ranking_svg(&c, &Theme::LIGHT, 800).unwrap();
        assert!(svg.contains("1. Lambda"), "cheapest ranked first");
        assert!(svg.contains("2. AWS &lt;p4d&gt; &amp; co"));
        assert!(!svg.contains("<p4d>"));
        assert!(svg.contains("Total cost (USD)"));
        assert!(svg.contains("Prices as of: 2026-07-30."));
        assert!(svg.contains("<rect"), "bars are drawn");
        assert!(ranking_svg(&chart(vec![]), &Theme::DARK, 320)
            .unwrap()
            .contains("Pick offers"));
    }

    #[test]
    fn owed_after_the_horizon_continues_the_bar() {
        let mut c = chart(vec![
            ("reserved 3 yr", 190_307.57),
            ("on demand", 300_000.0),
        ]);
        c.bars[0].owed_after = 1_190_046.0;
        let svg = ranking_svg(&c, &Theme::LIGHT, 800).unwrap();
        // Two rectangles (fill, outline) per bar plus two for the owed segment, plus the frame.
        let rects = svg.matches("<rect").count();
        let plain = ranking_svg(
            &chart(vec![
                ("reserved 3 yr", 190_307.57),
                ("on demand", 300_000.0),
            ]),
            &Theme::LIGHT,
            800,
        )
        .unwrap()
        .matches("<rect")
        .count();
        assert_eq!(rects, plain + 2, "the owed segment is drawn");
        assert!(
            svg.contains("1. reserved 3 yr"),
            "still ranked by the total within the horizon"
        );
    }

    /// The x of the SVG `<text>` whose content is `content`, if drawn.
    fn text_x(svg: &str, content: &str) -> Option<f64> {
        svg.split("<text").skip(1).find_map(|t| {
            let (tag, rest) = t.split_once('>')?;
            (rest.split("</text>").next()?.trim() == content)
                .then(|| tag.split(" x=\"").nth(1)?.split('"').next()?.parse().ok())?
        })
    }

    #[test]
    fn the_longest_amount_fits_right_of_its_bar() {
        // Found by a new user: "$121,948.77 (commits $243,897.53)" was cut at the plot's edge.
        for width in [1440, 800, 375] {
            let mut c = chart(vec![("reserved", 121_948.77), ("on demand", 110_000.0)]);
            c.bars[0].owed_after = 121_948.76;
            c.bars[0].value_text = "$121,948.77 (commits $243,897.53)".into();
            let svg = ranking_svg(&c, &Theme::LIGHT, width).unwrap();
            let x = text_x(&svg, &c.bars[0].value_text).expect("the amount is drawn");
            let right = x + crate::chart::text_width(&c.bars[0].value_text, 11.0);
            assert!(right <= f64::from(width), "{width}: ends at {right}");
        }
    }

    #[test]
    fn csv_is_ranked_with_units_and_neutralised() {
        let mut c = chart(vec![("=evil", 2.0), ("Lambda", 1.5)]);
        // A reserved term owing 10 after the horizon: its commitment column says so.
        c.bars[0].owed_after = 10.0;
        let header = ["rank", "option", "total_usd", "total_with_commitment_usd"];
        assert_eq!(
            ranking_csv(&c, header),
            "rank,option,total_usd,total_with_commitment_usd\n1,Lambda,1.50,1.50\n2,'=evil,2.00,12.00\n"
        );
        assert_eq!(
            ranking_csv(&chart(vec![]), header),
            "rank,option,total_usd,total_with_commitment_usd\nPick offers,,,\n"
        );
    }
}
