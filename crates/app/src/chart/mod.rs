//! Chart drawing over any plotters backend: the page draws through [`svg::SvgBackend`] only
//! (inline SVG on screen, the SVG download, and the PNG rasterised from an SVG at device
//! resolution); tests may use others. No web crate is used here.
//! This module holds the shared theme, footer wrapping and the cumulative-cost chart;
//! [`ranking`] draws options ranked by total, [`breakdown`] one option's monthly cost by
//! component, [`deadline`] a job's deadline-safe spot against all-spot and all-on-demand.

pub mod axis;
pub mod breakdown;
pub mod deadline;
pub mod lines;
pub mod ranking;
pub mod svg;
pub mod wrap;

use plotters::chart::{ChartContext, MeshStyle};
use plotters::coord::{cartesian::Cartesian2d, Shift};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use svg::SvgBackend;
use thiserror::Error;

/// Drawing failed in the backend (font unavailable, …).
#[derive(Clone, Debug, PartialEq, Error)]
#[error("chart drawing failed: {0}")]
pub struct ChartError(pub String);

/// The device-pixel ratio a drawing function works at: `scale` when finite and positive, else
/// 1 (a zoomed-out or broken `devicePixelRatio` must not yield an empty or NaN-sized chart).
pub(crate) fn device_scale(scale: f64) -> f64 {
    if scale.is_finite() && scale > 0.0 {
        scale
    } else {
        1.0
    }
}

/// Where every chart kind starts drawing: `root` filled with the theme's background, its size
/// in device pixels, the device-pixel ratio ([`device_scale`]) and the CSS width, with the
/// pixel and font helpers at that ratio.
pub(crate) struct Surface {
    /// Device-pixel ratio (finite, positive).
    pub scale: f64,
    /// Width in device pixels.
    pub width: u32,
    /// Height in device pixels.
    pub height: u32,
    /// Width in CSS pixels (what legends and footers wrap to).
    pub css_width: f64,
    foreground: RGBColor,
}

impl Surface {
    /// Fills `root` with `theme.background` and measures it at device-pixel ratio `scale`.
    /// Errors come from the backend.
    pub fn prepare<DB: DrawingBackend>(
        root: &DrawingArea<DB, Shift>,
        theme: &Theme,
        scale: f64,
    ) -> Result<Self, ChartError> {
        let scale = device_scale(scale);
        root.fill(&theme.background).map_err(err)?;
        let (width, height) = root.dim_in_pixel();
        Ok(Surface {
            scale,
            width,
            height,
            css_width: f64::from(width) / scale,
            foreground: theme.foreground,
        })
    }

    /// `v` CSS pixels in device pixels, rounded, at least 1.
    pub fn px(&self, v: f64) -> u32 {
        (v * self.scale).round().max(1.0) as u32
    }

    /// The sans-serif font at `size` CSS pixels in the theme's foreground colour (the SVG's
    /// `font-size` is `size` × the device-pixel ratio). Named by `FontFamily::SansSerif`, not
    /// the string `"sans-serif"`: plotters reads a family string through `str::to_lowercase`,
    /// whose Unicode tables would then be in the wasm bundle only for this (the SVG says
    /// `sans-serif` either way).
    pub fn font(&self, size: f64) -> TextStyle<'static> {
        (FontFamily::SansSerif, size * self.scale)
            .into_font()
            .color(&self.foreground)
    }

    /// Draws `text` at `at` (device pixels) in `area`, in [`Surface::font`] at `size` CSS px,
    /// anchored at `h`/`v`. One copy for every label of every chart (each inlined text drawing
    /// built its own font and element). Errors come from the backend.
    #[inline(never)]
    pub fn text<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        text: &str,
        at: (i32, i32),
        size: f64,
        h: HPos,
        v: VPos,
    ) -> Result<(), ChartError> {
        area.draw(&Text::new(text, at, self.font(size).pos(Pos::new(h, v))))
            .map_err(err)
    }

    /// Draws a straight line from `from` to `to` (device pixels) in `area` with `style` (legend
    /// keys, bar medians, marker lines): one copy for every chart. Errors come from the backend.
    #[inline(never)]
    pub fn segment<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        from: (i32, i32),
        to: (i32, i32),
        style: ShapeStyle,
    ) -> Result<(), ChartError> {
        area.draw(&PathElement::new(vec![from, to], style))
            .map_err(err)
    }

    /// Draws a circle of radius `r` device pixels at data point `at` of `ctx` with `style`
    /// (markers, owed-term ends): one copy for every chart. Errors come from the backend.
    #[inline(never)]
    pub fn circle<DB: DrawingBackend>(
        &self,
        ctx: &mut ChartContext<'_, DB, Cartesian2d<axis::Axis, axis::Axis>>,
        at: (f64, f64),
        r: u32,
        style: ShapeStyle,
    ) -> Result<(), ChartError> {
        ctx.draw_series([Circle::new(at, r, style)]).map_err(err)?;
        Ok(())
    }

    /// The mesh every chart draws: labels in [`Surface::font`] at `label_size` CSS px, axis
    /// descriptions at 13 px, the axis in the foreground colour and the grid in the grid colour
    /// (1 CSS px), no minor grid (it doubles the strokes to rasterise and adds little to a cost
    /// chart). Each chart adds its own descriptions, label counts and formatters, then draws.
    /// One copy for every chart instead of one per chart.
    #[inline(never)]
    pub fn mesh<'a, 'b, DB: DrawingBackend>(
        &self,
        ctx: &'b mut ChartContext<'a, DB, Cartesian2d<axis::Axis, axis::Axis>>,
        theme: &Theme,
        label_size: f64,
    ) -> MeshStyle<'a, 'b, axis::Axis, axis::Axis, DB> {
        let line = |c: &RGBColor| ShapeStyle::from(c).stroke_width(self.px(1.0));
        let mut mesh = ctx.configure_mesh();
        mesh.label_style(self.font(label_size))
            .axis_desc_style(self.font(13.0))
            .axis_style(line(&theme.foreground))
            .bold_line_style(line(&theme.grid))
            .light_line_style(TRANSPARENT);
        mesh
    }

    /// Draws `message` centred in `area` at 15 CSS px: what a chart with nothing to plot shows
    /// in its plot area. Errors come from the backend.
    pub fn empty_message<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        message: &str,
    ) -> Result<(), ChartError> {
        let (w, h) = area.dim_in_pixel();
        self.text(
            area,
            message,
            (w as i32 / 2, h as i32 / 2),
            15.0,
            HPos::Center,
            VPos::Center,
        )
    }

    /// Draws one legend row in `area`: a 24 CSS px key line from (`left`, `mid`) in `key`'s
    /// style (none for a row without a line), then `text` 32 CSS px right of `left`, at
    /// [`LEGEND_FONT`] size, vertically centred on `mid` (device pixels). Errors come from the
    /// backend.
    pub fn legend_row<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        (left, mid): (i32, i32),
        key: Option<ShapeStyle>,
        text: &str,
    ) -> Result<(), ChartError> {
        if let Some(style) = key {
            self.segment(area, (left, mid), (left + self.px(24.0) as i32, mid), style)?;
        }
        self.text(
            area,
            text,
            (left + self.px(32.0) as i32, mid),
            LEGEND_FONT,
            HPos::Left,
            VPos::Center,
        )
    }

    /// Draws a chart's footer (already wrapped to the width, one string per line) top-down in
    /// `area`, 12 CSS px from the left edge, at [`FOOTER_FONT`] size with [`FOOTER_LINE`]
    /// spacing. Shared by every chart. Errors come from the backend.
    pub fn draw_footer<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        footer: &[String],
    ) -> Result<(), ChartError> {
        let px = |v: f64| self.px(v) as i32;
        for (row, text) in footer.iter().enumerate() {
            self.text(
                area,
                text,
                (px(12.0), px(2.0 + FOOTER_LINE * row as f64)),
                FOOTER_FONT,
                HPos::Left,
                VPos::Top,
            )?;
        }
        Ok(())
    }

    /// Draws a chart's `title` centred at the top of `area` (wrapped onto at most
    /// [`TITLE_MAX_LINES`] lines, [`title_lines`]), inside the chart margin of [`CHART_MARGIN`]
    /// CSS px, and returns the area below it, for a `ChartBuilder` with that margin on the
    /// other three sides. This is the layout of plotters' `ChartBuilder::caption` (5 device px
    /// above and below the text), except that a line's height is its font's line height
    /// ([`TITLE_LINE`] × size) instead of a measurement: in the browser plotters measures text
    /// by appending a span to the page and reading its `offsetHeight`, which forces a layout of
    /// the whole page on every chart draw (about 1 ms each, three draws per slider move in the
    /// CPU profile; issue 7). Errors come from the backend.
    pub fn titled<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        title: &str,
    ) -> Result<DrawingArea<DB, Shift>, ChartError> {
        let margin = self.px(CHART_MARGIN);
        let line_height = (TITLE_FONT * self.scale * TITLE_LINE).round() as u32;
        let pad = (line_height / 2).min(5);
        let (width, _) = area.dim_in_pixel();
        let lines = title_lines(title, self.css_width - 2.0 * CHART_MARGIN);
        for (i, line) in lines.iter().enumerate() {
            self.text(
                area,
                line,
                (
                    (width / 2) as i32,
                    (margin + pad + i as u32 * line_height) as i32,
                ),
                TITLE_FONT,
                HPos::Center,
                VPos::Top,
            )?;
        }
        let text_height = line_height * lines.len().max(1) as u32;
        Ok(area.split_vertically(margin + 2 * pad + text_height).1)
    }
}

/// Most lines a chart title takes; the rest of a longer title is cut with "…".
pub(crate) const TITLE_MAX_LINES: usize = 2;

/// `title` wrapped to `css_width` CSS pixels of [`TITLE_FONT`] text, on at most
/// [`TITLE_MAX_LINES`] lines, the last ending in "…" when the title is longer (so a narrow
/// chart keeps its unit, e.g. "(USD)", on a second line instead of losing it).
pub(crate) fn title_lines(title: &str, css_width: f64) -> Vec<String> {
    // `wrap::wrap` counts a Chinese character as two columns already; the cut below counts
    // characters, so it takes half as many of them.
    let columns = chars_fitting(css_width, TITLE_FONT);
    let mut lines = wrap::wrap(title, columns);
    let width = cjk_width(title, columns);
    if lines.len() > TITLE_MAX_LINES {
        let rest = lines[TITLE_MAX_LINES - 1..].join(" ");
        lines.truncate(TITLE_MAX_LINES - 1);
        let cut: String = rest.chars().take(width.saturating_sub(1)).collect();
        lines.push(format!("{cut}…"));
    }
    lines
}

/// Chart titles' font size, CSS px.
pub(crate) const TITLE_FONT: f64 = 16.0;
/// Line height of a title as a multiple of its font size (CSS `line-height: normal` of common
/// sans-serif fonts is 1.15–1.2; this is the band [`Surface::titled`] leaves for it).
pub(crate) const TITLE_LINE: f64 = 1.2;
/// Margin around every chart's plot, CSS px.
pub(crate) const CHART_MARGIN: f64 = 12.0;

/// Draws with `draw` into an SVG document `width` CSS pixels wide and `height` CSS pixels tall
/// (rounded; scale 1) and returns it: every chart kind's SVG export. Errors come from `draw`.
pub(crate) fn svg_document(
    width: u32,
    height: f64,
    draw: impl FnOnce(&DrawingArea<SvgBackend<'_>, Shift>) -> Result<(), ChartError>,
) -> Result<String, ChartError> {
    let mut out = String::new();
    {
        let root =
            SvgBackend::with_string(&mut out, (width.max(1), (height.round() as u32).max(1)))
                .into_drawing_area();
        draw(&root)?;
    }
    Ok(out)
}

pub(crate) fn err<E: std::fmt::Display>(e: E) -> ChartError {
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
    /// Series colours, used in order (at most 10 options are compared, so no colour repeats).
    pub series: [RGBColor; 10],
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
            RGBColor(86, 180, 233),
            RGBColor(120, 120, 120),
            RGBColor(160, 40, 40),
            RGBColor(90, 60, 160),
            RGBColor(0, 0, 0),
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
            RGBColor(0, 114, 178),
            RGBColor(180, 180, 180),
            RGBColor(255, 120, 110),
            RGBColor(170, 140, 250),
            RGBColor(255, 255, 255),
        ],
    };
}

/// One line of a chart: what the legend and the hover readout call it, the amount the legend
/// shows after it, and `(x, y)` points in data units.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The line's name (user-visible; escaped by the SVG backend): the legend's text and the
    /// hover readout's row label.
    pub label: String,
    /// Text the legend shows after the name, `"name — total"` (e.g. the option's total as
    /// money); empty for none. Joined to the name only when the legend is laid out.
    pub total: String,
    /// Points, x ascending.
    pub points: Vec<(f64, f64)>,
    /// Where a reserved term's or savings plan's commitment owed after the horizon takes the
    /// line: `(month the term ends, total commitment)`, drawn dashed from the last point (the
    /// recurring reserved charge and the hourly savings-plan commitment accrue evenly, so the
    /// cumulative owed grows linearly to the term's end);
    /// `None` when nothing is owed after the horizon.
    pub owed: Option<(f64, f64)>,
}

/// A shaded band under a line: the P10–P90 range of an option's cumulative cost over
/// Monte-Carlo trials, drawn in its line's colour.
#[derive(Clone, Debug, PartialEq)]
pub struct BandArea {
    /// Index of the line (and colour) it belongs to.
    pub series: usize,
    /// `(month, p10, p90)` points, month ascending.
    pub points: Vec<(f64, f64, f64)>,
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
    /// P10–P90 bands of options with interruption risk (drawn under the lines).
    pub bands: Vec<BandArea>,
    /// Options with interruption risk whose band is still being computed (drawn later; the
    /// footer says so). 0 when every band is in `bands`.
    pub bands_pending: usize,
    /// Currency of every amount on the y axis (the hover readout writes it with the amounts).
    pub currency: planner_engine::Currency,
    /// The cost axis is logarithmic (decades from the smallest positive cost up), so a cheap
    /// option is not drawn flat under a hyperscaler's line; amounts at or below the axis's
    /// bottom (month 0's zero) sit on it.
    pub log_scale: bool,
    /// Marked points: crossovers of two lines, reserved break-evens, where a job ends
    /// ([`crossovers`]). A marker with an empty label gets no legend row (its tag says it all).
    pub markers: Vec<lines::Marker>,
    /// Footer line added when the widest P10–P90 band is under one pixel tall on the drawn
    /// axis ([`thinnest_visible`]), so an invisible band is said rather than silently missing.
    pub thin_band_note: String,
}

/// Height in CSS pixels of the cumulative chart's data area at its preferred height: the plot
/// ([`PLOT_HEIGHT`]) less a one-line title band (12 + 2 × 5 + 19), the x-axis labels (44) and
/// the bottom margin (12). What band spreads are measured against before layout.
const DATA_HEIGHT: f64 = PLOT_HEIGHT - 41.0 - 44.0 - 12.0;

/// The points of a line that are drawn: finite ones, and on a log axis (`log`) only costs
/// above 0 (a line starts at its first positive point; month 0's zero has no place on a log
/// axis and drawn at its floor it would be a fake cost and a false kink).
fn drawn_points(points: &[(f64, f64)], log: bool) -> Vec<(f64, f64)> {
    points
        .iter()
        .copied()
        .filter(|(x, y)| x.is_finite() && y.is_finite() && (!log || *y > 0.0))
        .collect()
}

/// The y range a chart's axis is drawn over, and the map from a cost to that axis: linear
/// `0..1.05 × max`, or on a log scale whole decades `lo..hi` of log10(cost) with costs at or
/// below 10^lo on the axis's bottom.
#[derive(Clone, Copy, Debug, PartialEq)]
struct YAxis {
    log: bool,
    lo: f64,
    hi: f64,
}

impl YAxis {
    /// The axis of `chart`: over every line point, owed commitment and band edge.
    fn of(chart: &CumulativeChart) -> Self {
        // One pass: the largest value and the smallest positive one (plain loops: the
        // iterator-chain version of this was about 1 KB of wasm).
        let (mut max, mut min) = (0.0_f64, f64::INFINITY);
        let mut see = |y: f64| {
            if y.is_finite() {
                max = max.max(y);
                if y > 0.0 {
                    min = min.min(y);
                }
            }
        };
        for l in &chart.lines {
            for p in l.points.iter().chain(l.owed.as_ref()) {
                see(p.1);
            }
        }
        for b in &chart.bands {
            for p in &b.points {
                see(p.1);
                see(p.2);
            }
        }
        if chart.log_scale && min.is_finite() {
            let hi = (max * 1.05).log10().ceil();
            let lo = min.log10().floor().min(hi - 1.0);
            return YAxis { log: true, lo, hi };
        }
        YAxis {
            log: false,
            lo: 0.0,
            hi: if max > 0.0 { max * 1.05 } else { 1.0 },
        }
    }

    /// `y` (a cost) on this axis.
    fn map(&self, y: f64) -> f64 {
        if self.log {
            y.max(10f64.powi(self.lo as i32)).log10()
        } else {
            y
        }
    }

    /// How many CSS pixels `a..b` (costs) span on a data area `height` CSS px tall.
    fn pixels(&self, a: f64, b: f64, height: f64) -> f64 {
        (self.map(b) - self.map(a)).abs() / (self.hi - self.lo) * height
    }
}

/// The widest P10–P90 spread of `chart`'s bands in CSS pixels on its drawn axis (`None`
/// without bands): under one pixel, the footer carries [`CumulativeChart::thin_band_note`].
#[must_use]
pub fn thinnest_visible(chart: &CumulativeChart) -> Option<f64> {
    let axis = YAxis::of(chart);
    let mut widest = None;
    for (_, lo, hi) in chart.bands.iter().flat_map(|b| &b.points) {
        if lo.is_finite() && hi.is_finite() {
            widest = Some(
                axis.pixels(*lo, *hi, DATA_HEIGHT)
                    .max(widest.unwrap_or(0.0)),
            );
        }
    }
    widest
}

/// Where two lines of `lines` cross: `(x, y, first, second)` for each sign change of their
/// difference between x values both lines have (linear in between; where they are equal,
/// e.g. 0 at month 0, is no crossing by itself), in x order. Lines are compared at the x values both have.
#[must_use]
pub fn crossovers(lines: &[Line]) -> Vec<(f64, f64, usize, usize)> {
    let mut out = Vec::new();
    for (i, a) in lines.iter().enumerate() {
        for (j, b) in lines.iter().enumerate().skip(i + 1) {
            // The last shared point where they differed: (x, y of `a`, a − b).
            let mut previous: Option<(f64, f64, f64)> = None;
            for &(x, ya) in &a.points {
                let Some(&(_, yb)) = b.points.iter().find(|p| p.0 == x) else {
                    continue;
                };
                let d = ya - yb;
                if !d.is_finite() || d == 0.0 {
                    continue;
                }
                if let Some((px, pya, pd)) = previous {
                    if (d > 0.0) != (pd > 0.0) {
                        let k = pd / (pd - d);
                        out.push((px + (x - px) * k, pya + (ya - pya) * k, i, j));
                    }
                }
                previous = Some((x, ya, d));
            }
        }
    }
    planner_engine::sort::sort_by(&mut out, &|p, q| p.0.total_cmp(&q.0));
    out
}

/// Where the cumulative chart's data area was drawn, in CSS pixels from the chart's top-left,
/// with the data ranges it maps: what a pointer position is mapped through for the hover
/// tooltip ([`tooltip_at`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlotFrame {
    /// Left edge of the data area (x = 0).
    pub left: f64,
    /// Right edge of the data area (x = `x_max`).
    pub right: f64,
    /// Top edge of the data area (y = `y_max`).
    pub top: f64,
    /// Bottom edge of the data area (y = 0).
    pub bottom: f64,
    /// Largest x (months) of the axis.
    pub x_max: f64,
    /// Largest y (cost) of the axis.
    pub y_max: f64,
}

/// What the hover tooltip shows: the month under the pointer and every line's value there.
#[derive(Clone, Debug, PartialEq)]
pub struct Tooltip {
    /// Month end under the pointer (nearest point).
    pub month: f64,
    /// The month's x in CSS pixels: the readout sits beside it, never over it.
    pub x: f64,
    /// The readout opens to the left of `x` (the pointer is in the right half of the plot),
    /// else to its right, so it covers neither the month read nor the lines' values there.
    pub left: bool,
    /// The readout's top in CSS pixels: just under the x axis's tick labels, over the axis
    /// description and the legend (which name the same lines), so it covers no line.
    pub top: f64,
    /// Each line's name ([`Line::label`]) and value at that month, highest first (the order
    /// the lines are stacked in on the plot). A line that ended earlier (a finished job)
    /// shows its last value; a line starting later is left out.
    pub rows: Vec<(String, f64)>,
}

/// The tooltip for a pointer at (`css_x`, `css_y`) over a chart drawn in `frame`: the nearest
/// month end, with each line's value there. `None` when the pointer is outside the data area or
/// the chart has no line.
#[must_use]
pub fn tooltip_at(
    chart: &CumulativeChart,
    frame: &PlotFrame,
    css_x: f64,
    css_y: f64,
) -> Option<Tooltip> {
    let width = frame.right - frame.left;
    if chart.lines.is_empty()
        || !(width.is_finite() && width > 0.0 && frame.x_max > 0.0)
        || css_x < frame.left - 4.0
        || css_x > frame.right + 4.0
        || css_y < frame.top
        || css_y > frame.bottom
    {
        return None;
    }
    let month = ((css_x - frame.left) / width * frame.x_max)
        .round()
        .clamp(0.0, frame.x_max);
    let mut rows: Vec<(String, f64)> = chart
        .lines
        .iter()
        .filter_map(|l| {
            l.points
                .iter()
                .rev()
                .find(|(x, y)| *x <= month && y.is_finite())
                .map(|(_, y)| (l.label.clone(), *y))
        })
        .collect();
    planner_engine::sort::sort_by(&mut rows, &|a, b| b.1.total_cmp(&a.1));
    let x = frame.left + month / frame.x_max * width;
    (!rows.is_empty()).then(|| Tooltip {
        month,
        x,
        left: x > (frame.left + frame.right) / 2.0,
        top: frame.bottom + READOUT_BELOW_AXIS,
        rows,
    })
}

/// How far under the data area's bottom the hover readout starts, CSS px: below the x axis's
/// tick labels (12 px text, 5 px from the axis).
const READOUT_BELOW_AXIS: f64 = 22.0;

/// Height of the plot itself (title, axes and lines) in CSS pixels; the legend and footer lines
/// are added below it by [`preferred_height`]. 300 px: with the totals above it, the cumulative
/// chart of up to about six options fits the results column of a 1440×900 window.
pub const PLOT_HEIGHT: f64 = 300.0;
pub(crate) const LEGEND_LINE: f64 = 17.0;
pub(crate) const FOOTER_LINE: f64 = 15.0;
pub(crate) const LEGEND_FONT: f64 = 12.0;
pub(crate) const FOOTER_FONT: f64 = 11.0;

/// Characters of `font_px` sans-serif text that fit in `width_px` (a conservative average glyph
/// width of 0.58 em, so wrapped lines never overflow the chart).
pub(crate) fn chars_fitting(width_px: f64, font_px: f64) -> usize {
    ((width_px / (font_px * 0.58)).floor() as usize).max(16)
}

/// `text` cut to what fits on one line of `font_px` text in `css_width` CSS pixels, ending in
/// "…" when cut (chart captions are single lines).
pub(crate) fn fit_line(text: &str, css_width: f64, font_px: f64) -> String {
    let max = chars_fitting(css_width, font_px);
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
        out.push('…');
        out
    }
}

/// An axis title on one line of `font_px` text in `css_width` CSS pixels: whole when it fits,
/// else its first clause (up to a colon, e.g. "Total cost (USD)"; the chart's footer explains
/// the rest), cut with "…" if even that does not fit ([`fit_line`]). Chinese counts double.
pub(crate) fn fit_axis_title(text: &str, css_width: f64, font_px: f64) -> String {
    let fits = |t: &str| t.chars().count() <= cjk_width(t, chars_fitting(css_width, font_px));
    if fits(text) {
        return text.to_string();
    }
    let head = text.split([':', '：']).next().unwrap_or(text).trim_end();
    if fits(head) {
        head.to_string()
    } else {
        let max = cjk_width(head, chars_fitting(css_width, font_px));
        let mut out: String = head.chars().take(max.saturating_sub(1)).collect();
        out.push('…');
        out
    }
}

/// Legend entries wrapped to the chart width: `(series index, text line)`, the series only on
/// a line's first row; then the markers that have a label (`"◯ tag: label"`, no series).
fn legend_lines(chart: &CumulativeChart, css_width: f64) -> Vec<(Option<usize>, String)> {
    let width = chars_fitting(css_width - 64.0, LEGEND_FONT);
    let lines = chart.lines.iter().enumerate().map(|(i, l)| {
        let text = if l.total.is_empty() {
            l.label.clone()
        } else {
            format!("{} — {}", l.label, l.total)
        };
        (Some(i), text)
    });
    let markers = chart
        .markers
        .iter()
        .filter(|m| !m.label.is_empty())
        .map(|m| (None, format!("◯ {}: {}", m.tag, m.label)));
    lines
        .chain(markers)
        .flat_map(|(series, text)| {
            wrap::wrap(&text, width)
                .into_iter()
                .enumerate()
                .map(move |(k, t)| (series.filter(|_| k == 0), t))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Footer lines wrapped to the chart width, with the thin-band note when a band is under a
/// pixel ([`thinnest_visible`]).
fn footer_lines(chart: &CumulativeChart, css_width: f64) -> Vec<String> {
    if thinnest_visible(chart).is_some_and(|px| px < 1.0) && !chart.thin_band_note.is_empty() {
        let mut footer = chart.footer.clone();
        footer.push(chart.thin_band_note.clone());
        wrap_footer(&footer, css_width)
    } else {
        wrap_footer(&chart.footer, css_width)
    }
}

/// Device pixels left under a chart's plot when `below` (legend and footer) are wanted in a
/// drawing `height` device pixels high whose plot wants `plot`: all of `below` when the drawing
/// has its preferred height (plot + below), however long the legend and footer, so nothing
/// under the plot is cut off; a shorter drawing keeps at least half its height for the plot.
/// Shared by every chart.
pub(crate) fn below_plot(below: u32, height: u32, plot: u32) -> u32 {
    below.min(height.saturating_sub(plot.min(height / 2)))
}

/// Footer text wrapped to a chart `css_width` CSS pixels wide (shared by every chart).
pub(crate) fn wrap_footer(footer: &[String], css_width: f64) -> Vec<String> {
    let width = chars_fitting(css_width - 24.0, FOOTER_FONT);
    footer.iter().flat_map(|f| wrap::wrap(f, width)).collect()
}

/// Estimated width in CSS px of `text` at `font` px: 0.6 em per Latin character, 1 em per
/// Chinese, Japanese or Korean one (the charts' layout estimate; the SVG is drawn without
/// measuring text, see `Surface::titled`).
pub(crate) fn text_width(text: &str, font: f64) -> f64 {
    text.chars()
        .map(|c| {
            if ('\u{2E80}'..='\u{FFEF}').contains(&c) {
                1.0
            } else {
                0.6
            }
        })
        .sum::<f64>()
        * font
}

/// Characters per line for `text` when `width` Latin characters fit: half as many when the text
/// has Chinese, Japanese or Korean characters (about twice as wide). For cutting by character
/// count; [`wrap::wrap`] counts characters from U+1100 up as two columns itself, so text is
/// wrapped with the Latin width.
pub(crate) fn cjk_width(text: &str, width: usize) -> usize {
    if text.chars().any(|c| ('\u{2E80}'..='\u{FFEF}').contains(&c)) {
        (width / 2).max(1)
    } else {
        width
    }
}

/// A CSV row for a chart with nothing to draw: the chart's `message` (why it is empty) in the
/// first of `columns` cells, the others empty.
pub(crate) fn empty_row(message: &str, columns: usize) -> Vec<String> {
    let mut row = vec![String::new(); columns.max(1)];
    row[0] = planner_core::csv_safe::neutralise(message).into_owned();
    row
}

/// Height in CSS pixels that shows `chart` at `css_width` without clipping: the plot plus one
/// line per wrapped legend and footer line.
#[must_use]
pub fn preferred_height(chart: &CumulativeChart, css_width: f64) -> f64 {
    PLOT_HEIGHT
        + 8.0
        + LEGEND_LINE * legend_lines(chart, css_width).len() as f64
        + 6.0
        + FOOTER_LINE * footer_lines(chart, css_width).len() as f64
}

/// Decimals that tell apart y-axis labels about `step` apart (0 for steps of 1 or more).
pub(crate) fn label_decimals(step: f64) -> u32 {
    if !(step.is_finite() && step > 0.0) || step >= 1.0 {
        0
    } else {
        (-step.log10()).ceil().clamp(0.0, 4.0) as u32
    }
}

/// Draws `chart` on `root`, whose size is in device pixels; `scale` is the device-pixel ratio
/// (fonts, margins and line widths are multiplied by it so HiDPI output stays sharp and
/// proportionate). The legend and footer go under the plot, wrapped to the width, so they never
/// cover a line or run off a narrow screen. Returns where the data area was drawn (for the
/// hover tooltip). Errors come from the backend.
pub fn draw_cumulative<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &CumulativeChart,
    theme: &Theme,
    scale: f64,
) -> Result<PlotFrame, ChartError> {
    let surface = Surface::prepare(root, theme, scale)?;
    let Surface {
        scale,
        height,
        css_width,
        ..
    } = surface;
    let px = |v: f64| surface.px(v);
    let legend = legend_lines(chart, css_width);
    let footer = footer_lines(chart, css_width);
    let below = below_plot(
        px(8.0 + LEGEND_LINE * legend.len() as f64 + 6.0 + FOOTER_LINE * footer.len() as f64),
        height,
        px(PLOT_HEIGHT),
    );
    let (plot_area, below_area) = root.split_vertically(height.saturating_sub(below));
    let legend_height = px(8.0 + LEGEND_LINE * legend.len() as f64);
    let (legend_area, footer_area) = below_area.split_vertically(legend_height);

    // The x axis runs to the end of the longest term owed after the horizon.
    let owed = |l: &Line| l.owed.filter(|(x, y)| x.is_finite() && y.is_finite());
    let x_max = chart
        .lines
        .iter()
        .filter_map(|l| owed(l).map(|p| p.0))
        .fold(f64::from(chart.months.max(1)), f64::max);
    let axis = YAxis::of(chart);
    let y_max = if axis.log {
        10f64.powi(axis.hi as i32)
    } else {
        axis.hi
    };
    let y_decimals = if axis.log {
        label_decimals(10f64.powi(axis.lo as i32))
    } else {
        label_decimals(y_max / 5.0)
    };
    let widest_y_label = planner_core::format::number(y_max, y_decimals)
        .chars()
        .count() as f64;
    let at = |(x, y): (f64, f64)| (x, axis.map(y));

    let mut ctx = ChartBuilder::on(&surface.titled(&plot_area, &chart.title)?)
        .margin(px(CHART_MARGIN))
        .margin_top(0)
        .x_label_area_size(px(44.0))
        .y_label_area_size(px(34.0 + 7.0 * widest_y_label))
        .build_cartesian_2d(
            axis::Axis::from(0f64..x_max),
            axis::Axis::from(axis.lo..axis.hi),
        )
        .map_err(err)?;

    // About one label per 56 CSS pixels, and never more than one per month.
    let x_labels = ((css_width / 56.0) as usize)
        .clamp(2, 13)
        .min(chart.months.max(1) as usize + 1);
    // A log axis is labelled at whole decades only (10, 100, 1,000, …).
    let y_format = move |y: &f64| {
        if !axis.log {
            planner_core::format::number(*y, y_decimals)
        } else if (y - y.round()).abs() < 1e-9 {
            planner_core::format::number(10f64.powi(y.round() as i32), y_decimals)
        } else {
            String::new()
        }
    };
    let (xs, ys) = ctx.plotting_area().get_pixel_range();
    let frame = PlotFrame {
        left: f64::from(xs.start) / scale,
        right: f64::from(xs.end) / scale,
        top: f64::from(ys.start) / scale,
        bottom: f64::from(ys.end) / scale,
        x_max,
        y_max,
    };
    surface
        .mesh(&mut ctx, theme, 12.0)
        .x_desc(&chart.x_label)
        .y_desc(&chart.y_label)
        .x_labels(x_labels)
        .y_labels(if axis.log {
            (axis.hi - axis.lo) as usize + 1
        } else {
            8
        })
        .x_label_formatter(&|x| {
            planner_core::format::number(*x, if x.fract() == 0.0 { 0 } else { 1 })
        })
        .y_label_formatter(&y_format)
        .draw()
        .map_err(err)?;

    let stroke_of =
        |i: usize| ShapeStyle::from(&theme.series[i % theme.series.len()]).stroke_width(px(2.5));
    for band in &chart.bands {
        let colour = theme.series[band.series % theme.series.len()];
        let ok: Vec<&(f64, f64, f64)> = band
            .points
            .iter()
            .filter(|(x, lo, hi)| {
                x.is_finite() && lo.is_finite() && hi.is_finite() && (!axis.log || *lo > 0.0)
            })
            .collect();
        let outline: Vec<(f64, f64)> = ok
            .iter()
            .map(|(x, _, hi)| at((*x, *hi)))
            .chain(ok.iter().rev().map(|(x, lo, _)| at((*x, *lo))))
            .collect();
        if outline.len() >= 4 {
            ctx.draw_series([Polygon::new(
                outline,
                ShapeStyle::from(&colour.mix(0.22)).filled(),
            )])
            .map_err(err)?;
        }
    }
    for (i, line) in chart.lines.iter().enumerate() {
        let color = theme.series[i % theme.series.len()];
        let points = drawn_points(&line.points, axis.log);
        ctx.draw_series(LineSeries::new(points.iter().map(|&p| at(p)), stroke_of(i)))
            .map_err(err)?;
        if let (Some(&from), Some(to)) = (points.last(), owed(line)) {
            // Dashed: 24 dashes from the horizon's total to the total commitment.
            let dash = |k: f64| {
                at((
                    from.0 + (to.0 - from.0) * k / 48.0,
                    from.1 + (to.1 - from.1) * k / 48.0,
                ))
            };
            let style = ShapeStyle::from(&color).stroke_width(px(1.5));
            ctx.draw_series((0..24).map(|k| {
                PathElement::new(
                    vec![dash(f64::from(2 * k)), dash(f64::from(2 * k + 1))],
                    style,
                )
            }))
            .map_err(err)?;
            surface.circle(
                &mut ctx,
                at(to),
                px(3.5),
                ShapeStyle::from(&color).stroke_width(px(1.5)),
            )?;
        }
        // Month markers help read short horizons; past a year they are clutter and cost time.
        if points.len() <= 13 {
            let marker = px(3.0);
            ctx.draw_series(
                points
                    .iter()
                    .map(|&p| Circle::new(at(p), marker, ShapeStyle::from(&color).filled())),
            )
            .map_err(err)?;
        }
    }
    // Markers in x order, their tags at three heights so neighbours do not overlap.
    for (k, m) in lines::in_x_order(&chart.markers).into_iter().enumerate() {
        let colour = theme.series[m.series % theme.series.len()];
        let p = at((m.x, m.y));
        surface.circle(
            &mut ctx,
            p,
            px(6.0),
            ShapeStyle::from(&colour).stroke_width(px(2.0)),
        )?;
        let (x, y) = ctx.backend_coord(&p);
        let anchor = if m.x > x_max * 0.85 {
            HPos::Right
        } else if m.x < x_max * 0.1 {
            HPos::Left
        } else {
            HPos::Center
        };
        surface.text(
            &plot_area,
            &fit_line(&m.tag, css_width / 3.0, 11.0),
            (x, y - px(12.0 + 13.0 * (k % 3) as f64) as i32),
            11.0,
            anchor,
            VPos::Center,
        )?;
    }

    if chart.lines.is_empty() {
        surface.empty_message(&plot_area, &chart.empty_message)?;
    }

    let left = px(12.0) as i32;
    for (row, (series, text)) in legend.iter().enumerate() {
        let y = px(4.0 + LEGEND_LINE * row as f64) as i32;
        let mid = y + px(LEGEND_LINE / 2.0) as i32;
        surface.legend_row(&legend_area, (left, mid), series.map(stroke_of), text)?;
    }

    surface.draw_footer(&footer_area, &footer)?;
    root.present().map_err(err)?;
    Ok(frame)
}

/// Draws `chart` into an SVG document `width` CSS pixels wide and [`preferred_height`] tall
/// (scale 1) and returns it.
pub fn cumulative_svg(
    chart: &CumulativeChart,
    theme: &Theme,
    width: u32,
) -> Result<String, ChartError> {
    svg_document(width, preferred_height(chart, f64::from(width)), |root| {
        draw_cumulative(root, chart, theme, 1.0).map(|_| ())
    })
}

#[cfg(test)]
mod tests;
