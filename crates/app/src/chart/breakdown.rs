//! The breakdown chart: one option's cost of each month as bars stacked by cost component
//! (reserved upfront and recurring, idle reserved, on-demand, package, spot, rework, storage,
//! egress, contingency), over any plotters backend.

use super::{below_plot, err, wrap_footer, ChartError, Surface, Theme, FOOTER_LINE, LEGEND_FONT};
use planner_engine::plan::Components;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

/// Human names of the cost components, in [`Components::NAMES`] order (legend text).
pub const COMPONENT_LABELS: [&str; Components::COUNT] = [
    "Reserved upfront",
    "Reserved recurring",
    "Reserved idle",
    "On-demand",
    "Packages (day to year)",
    "Spot",
    "Rework (interruptions)",
    "Storage",
    "Egress",
    "Savings plan",
    "Savings plan unused commitment",
    "Support plan",
    "Contingency",
];

/// Colour (index into the theme's series) of component `i`: the first ten in order, as before
/// savings plans existed; the savings plan takes the reserved-upfront colour and its unused
/// commitment the idle-reserved colour (both are commitments), support the package colour, and
/// contingency keeps the tenth.
#[must_use]
pub fn component_colour(i: usize) -> usize {
    match i {
        9 => 0,
        10 => 2,
        11 => 4,
        12 => 9,
        i => i,
    }
}

/// Everything needed to draw the breakdown chart.
#[derive(Clone, Debug, PartialEq)]
pub struct BreakdownChart {
    /// Title with the currency, e.g. `"Monthly cost by component (USD)"`.
    pub title: String,
    /// Name of the option broken down (data: the CSV's first column, the chart's label).
    pub option: String,
    /// The first footer line naming the option, in the UI language, e.g.
    /// `"Option: AWS p4d.24xlarge (8× A100)"` (wrapped, never cut; empty for none).
    pub option_line: String,
    /// Legend text of the components in [`Components::NAMES`] order, in the UI language
    /// ([`COMPONENT_LABELS`] in English).
    pub component_labels: [String; Components::COUNT],
    /// X axis description with the month convention, e.g. `"Month (1 month = 730 h)"`.
    pub x_label: String,
    /// Y axis description with the currency, e.g. `"Cost per month (USD)"`.
    pub y_label: String,
    /// Footer lines (prices as of, plan, assumptions).
    pub footer: Vec<String>,
    /// Cost of each month by component (month 1 first), in the chart's currency.
    pub monthly: Vec<Components>,
    /// Text shown when there is nothing to draw.
    pub empty_message: String,
}

/// Plot height in CSS pixels (legend and footer are added below).
const PLOT: f64 = 300.0;
/// Legend row height in CSS pixels.
const LEGEND_ROW: f64 = 18.0;

/// Indices (into [`COMPONENT_LABELS`]) of the components with any cost: the legend entries.
#[must_use]
pub fn used_components(chart: &BreakdownChart) -> Vec<usize> {
    (0..COMPONENT_LABELS.len())
        .filter(|&i| {
            chart
                .monthly
                .iter()
                .any(|m| m.values()[i].is_finite() && m.values()[i] != 0.0)
        })
        .collect()
}

fn legend_columns(css_width: f64) -> usize {
    ((css_width / 190.0) as usize).clamp(1, 5)
}

/// Height in CSS pixels that shows the plot, legend and footer at `css_width`.
#[must_use]
pub fn preferred_height(chart: &BreakdownChart, css_width: f64) -> f64 {
    let rows = used_components(chart)
        .len()
        .div_ceil(legend_columns(css_width));
    PLOT + 8.0
        + LEGEND_ROW * rows as f64
        + 8.0
        + FOOTER_LINE * wrap_footer(&footer_text(chart), css_width).len() as f64
}

/// The footer as drawn: the option's name, then the chart's footer lines.
fn footer_text(chart: &BreakdownChart) -> Vec<String> {
    let mut lines = Vec::with_capacity(chart.footer.len() + 1);
    if !chart.option_line.is_empty() {
        lines.push(chart.option_line.clone());
    }
    lines.extend(chart.footer.iter().cloned());
    lines
}

/// Draws `chart` on `root` (size in device pixels; `scale` is the device-pixel ratio): one
/// stacked bar per month, components in [`COMPONENT_LABELS`] order from the bottom, each in its
/// theme colour, a legend of the components present, then the footer. Errors come from the
/// backend.
pub fn draw_breakdown<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &BreakdownChart,
    theme: &Theme,
    scale: f64,
) -> Result<(), ChartError> {
    let surface = Surface::prepare(root, theme, scale)?;
    let Surface {
        width,
        height,
        css_width,
        ..
    } = surface;
    let px = |v: f64| surface.px(v);
    let used = used_components(chart);
    let columns = legend_columns(css_width);
    let legend_rows = used.len().div_ceil(columns);
    let footer = wrap_footer(&footer_text(chart), css_width);
    let below = below_plot(
        px(8.0 + LEGEND_ROW * legend_rows as f64 + 8.0 + FOOTER_LINE * footer.len() as f64),
        height,
        px(PLOT),
    );
    let (plot_area, below_area) = root.split_vertically(height.saturating_sub(below));
    let (legend_area, footer_area) =
        below_area.split_vertically(px(8.0 + LEGEND_ROW * legend_rows as f64));

    let months = chart.monthly.len().max(1);
    let y_max = chart
        .monthly
        .iter()
        .map(|m| {
            m.values()
                .iter()
                .filter(|v| v.is_finite())
                .map(|v| v.max(0.0))
                .sum::<f64>()
        })
        .fold(0.0_f64, f64::max);
    let y_max = if y_max > 0.0 { y_max * 1.08 } else { 1.0 };
    let y_decimals = super::label_decimals(y_max / 5.0);
    let widest = planner_core::format::number(y_max, y_decimals)
        .chars()
        .count() as f64;
    let mut ctx = ChartBuilder::on(&surface.titled(&plot_area, &chart.title)?)
        .margin(px(super::CHART_MARGIN))
        .margin_top(0)
        .x_label_area_size(px(44.0))
        .y_label_area_size(px(34.0 + 7.0 * widest))
        .build_cartesian_2d(
            super::axis::Axis::from(0.5f64..months as f64 + 0.5),
            super::axis::Axis::from(0f64..y_max),
        )
        .map_err(err)?;
    let y_format = move |y: &f64| planner_core::format::number(*y, y_decimals);
    surface
        .mesh(&mut ctx, theme, 12.0)
        .x_desc(&chart.x_label)
        .y_desc(&chart.y_label)
        .x_labels(((css_width / 48.0) as usize).clamp(2, 13).min(months))
        .y_labels(8)
        .x_label_formatter(&|x| planner_core::format::number(x.round(), 0))
        .y_label_formatter(&y_format)
        .disable_x_mesh()
        .draw()
        .map_err(err)?;

    let colour = |i: usize| theme.series[component_colour(i) % theme.series.len()];
    let mut rects = Vec::new();
    for (m, month) in chart.monthly.iter().enumerate() {
        let x = (m + 1) as f64;
        let mut base = 0.0;
        for (i, v) in month.values().into_iter().enumerate() {
            if !(v.is_finite() && v > 0.0) {
                continue;
            }
            rects.push(Rectangle::new(
                [(x - 0.38, base), (x + 0.38, base + v)],
                ShapeStyle::from(&colour(i)).filled(),
            ));
            base += v;
        }
    }
    ctx.draw_series(rects).map_err(err)?;

    if chart.monthly.is_empty() {
        surface.empty_message(&plot_area, &chart.empty_message)?;
    }

    let column_width = (f64::from(width) - f64::from(px(24.0))) / columns as f64;
    for (k, &i) in used.iter().enumerate() {
        let x = px(12.0) as i32 + (column_width * (k % columns) as f64) as i32;
        let y = px(4.0 + LEGEND_ROW * (k / columns) as f64 + LEGEND_ROW / 2.0) as i32;
        let s = px(10.0) as i32;
        legend_area
            .draw(&Rectangle::new(
                [(x, y - s / 2), (x + s, y + s / 2)],
                ShapeStyle::from(&colour(i)).filled(),
            ))
            .map_err(err)?;
        surface.text(
            &legend_area,
            &chart.component_labels[i],
            (x + s + px(6.0) as i32, y),
            LEGEND_FONT,
            HPos::Left,
            VPos::Center,
        )?;
    }
    surface.draw_footer(&footer_area, &footer)?;
    root.present().map_err(err)?;
    Ok(())
}

/// Draws `chart` into an SVG document `width` CSS pixels wide (scale 1) and returns it.
pub fn breakdown_svg(
    chart: &BreakdownChart,
    theme: &Theme,
    width: u32,
) -> Result<String, ChartError> {
    super::svg_document(width, preferred_height(chart, f64::from(width)), |root| {
        draw_breakdown(root, chart, theme, 1.0)
    })
}

/// The data behind the chart as CSV: one row per month, the option's name first (so the file
/// says which option it breaks down), then the month, each component's cost and the month's
/// total, amounts with 2 decimals ([`planner_core::csv_safe::amount`]). `header` names the columns
/// in that order (2 + [`Components::COUNT`] + 1 names, in the UI language). A chart with nothing to draw gives the header
/// and one row carrying its `empty_message`, so the file says why it has no data.
#[must_use]
pub fn breakdown_csv(chart: &BreakdownChart, header: &[String]) -> String {
    let mut w = planner_core::csv_safe::Writer::new();
    w.write_record(header);
    let option = planner_core::csv_safe::neutralise(&chart.option).into_owned();
    for (m, comp) in chart.monthly.iter().enumerate() {
        let mut row = vec![option.clone(), (m + 1).to_string()];
        row.extend(
            comp.values()
                .iter()
                .map(|v| planner_core::csv_safe::amount(*v)),
        );
        row.push(planner_core::csv_safe::amount(comp.total()));
        w.write_record(&row);
    }
    if chart.monthly.is_empty() {
        w.write_record(super::empty_row(&chart.empty_message, header.len()));
    }
    w.into_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart() -> BreakdownChart {
        let month = Components {
            on_demand: 1000.0,
            storage: 50.0,
            contingency: 105.0,
            ..Components::default()
        };
        BreakdownChart {
            title: "Monthly cost by component (USD)".into(),
            option: "AWS <p4d>".into(),
            option_line: "Option: AWS <p4d>".into(),
            component_labels: COMPONENT_LABELS.map(String::from),
            x_label: "Month (1 month = 730 h)".into(),
            y_label: "Cost per month (USD)".into(),
            footer: vec!["Prices as of: 2026-07-30.".into()],
            monthly: vec![month; 6],
            empty_message: "Pick an option".into(),
        }
    }

    #[test]
    fn legend_lists_only_components_present() {
        let c = chart();
        assert_eq!(used_components(&c), vec![3, 7, 12]);
        let svg = breakdown_svg(&c, &Theme::LIGHT, 700).unwrap();
        for label in ["On-demand", "Storage", "Contingency"] {
            assert!(svg.contains(label), "{label}");
        }
        assert!(!svg.contains("Spot"));
        assert!(
            svg.contains("Option: AWS &lt;p4d&gt;"),
            "option named and escaped"
        );
        assert!(!svg.contains("<p4d>"));
        assert!(svg.contains("Cost per month (USD)"));
        assert!(svg.contains("Prices as of: 2026-07-30."));
        assert!(svg.matches("<rect").count() >= 18, "3 segments x 6 months");
    }

    #[test]
    fn empty_and_narrow_charts_draw() {
        let mut c = chart();
        assert!(breakdown_svg(&c, &Theme::DARK, 320).is_ok());
        c.monthly.clear();
        assert!(breakdown_svg(&c, &Theme::DARK, 320)
            .unwrap()
            .contains("Pick an option"));
    }

    #[test]
    fn csv_names_the_option_and_has_a_column_per_component() {
        let header: Vec<String> = (0..16).map(|i| format!("h{i}")).collect();
        let csv = breakdown_csv(&chart(), &header);
        let mut lines = csv.lines();
        assert_eq!(lines.next().unwrap(), header.join(","));
        assert_eq!(
            lines.next().unwrap(),
            "AWS <p4d>,1,0.00,0.00,0.00,1000.00,0.00,0.00,0.00,50.00,0.00,0.00,0.00,0.00,105.00,1155.00"
        );
        assert_eq!(csv.lines().count(), 7);
    }

    #[test]
    fn an_empty_chart_csv_says_why() {
        let mut c = chart();
        c.monthly.clear();
        let header: Vec<String> = (0..16).map(|i| format!("h{i}")).collect();
        let csv = breakdown_csv(&c, &header);
        assert_eq!(
            csv,
            format!("{}\nPick an option,,,,,,,,,,,,,,,\n", header.join(","))
        );
    }
}
