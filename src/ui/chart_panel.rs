//! The chart panel: draws one chart (cumulative cost, breakdown or ranking) as inline SVG
//! (vector, so sharp at any devicePixelRatio; one plotters backend in the wasm, about 8 KB
//! gzip less than also linking the canvas backend), redraws on resize, shows the values under
//! the pointer on the line chart, and offers PNG, SVG and CSV downloads named
//! `gpu-cost-{what}-{date}.{ext}`. The PNG is the chart drawn at device resolution
//! (CSS size × devicePixelRatio) as SVG and rasterised by the browser (`web::download_svg_as_png`).
//!
//! Drawing never forces a layout: the width comes from a `ResizeObserver` (read where layout
//! is clean) and is kept. A chart far from the viewport (`IntersectionObserver`) is not redrawn
//! while its data changes; it is redrawn when it comes near the viewport, is exported, or its
//! size changes. Each chart is drawn once at start-up wherever it is.

use crate::ui::hooks::{use_cell, use_effect_on, use_local, use_mount, use_node, Local};
use crate::web;
use gloo::events::EventListener;
use planner_app::chart::breakdown::{self, BreakdownChart};
use planner_app::chart::lines::{self, LinesChart};
use planner_app::chart::ranking::{self, RankingChart};
use planner_app::chart::svg::SvgBackend;
use planner_app::chart::{
    draw_cumulative, preferred_height, tooltip_at, CumulativeChart, PlotFrame, Theme, Tooltip,
};
use planner_app::comparison::file_name;
use planner_app::messages::BrowserFailure;
use planner_app::msg;
use plotters::prelude::IntoDrawingArea;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, IntersectionObserver, IntersectionObserverEntry, ResizeObserver};
use yew::prelude::*;

/// How far beyond the viewport a chart still counts as visible (CSS margin syntax): charts
/// about to scroll in are kept current, so scrolling never shows a stale one.
const NEAR_VIEWPORT: &str = "200px 0px";

/// A chart the panel can draw.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyChart {
    /// Cumulative cost over time, one line per option.
    Cumulative(Rc<CumulativeChart>),
    /// Options ranked by total, cheapest first.
    Ranking(Rc<RankingChart>),
    /// One option's monthly cost by component.
    Breakdown(Rc<BreakdownChart>),
    /// Lines over a free x axis with marked points (reserved vs on-demand, rent vs buy).
    Lines(Rc<LinesChart>),
}

impl AnyChart {
    /// The chart's title (its accessible name), in `t`'s language.
    fn title(&self, t: &planner_app::i18n::Translator) -> String {
        match self {
            AnyChart::Cumulative(c) => c.title.clone(),
            AnyChart::Ranking(c) => c.title.clone(),
            AnyChart::Breakdown(c) => t.text_with(
                msg!("ui-label-value"),
                &[
                    ("label", planner_app::i18n::Arg::Text(c.title.clone())),
                    ("value", planner_app::i18n::Arg::Text(c.option.clone())),
                ],
            ),
            AnyChart::Lines(c) => c.title.clone(),
        }
    }

    fn height(&self, css_width: f64) -> f64 {
        match self {
            AnyChart::Cumulative(c) => preferred_height(c, css_width),
            AnyChart::Ranking(c) => ranking::preferred_height(c, css_width),
            AnyChart::Breakdown(c) => breakdown::preferred_height(c, css_width),
            AnyChart::Lines(c) => lines::preferred_height(c, css_width),
        }
    }

    /// Bands still being computed (cumulative chart only), for the `data-bands-pending`
    /// attribute tests and benchmarks wait on.
    fn bands_pending(&self) -> usize {
        match self {
            AnyChart::Cumulative(c) => c.bands_pending,
            _ => 0,
        }
    }

    /// Currency of the hover readout's amounts (only the cumulative chart has a readout).
    fn currency(&self) -> planner_engine::Currency {
        match self {
            AnyChart::Cumulative(c) => c.currency,
            _ => planner_engine::Currency::Usd,
        }
    }
}

/// Properties of [`ChartPanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct ChartPanelProps {
    /// What to draw.
    pub chart: AnyChart,
    /// Heading above the chart.
    pub heading: AttrValue,
    /// Id of the element holding the chart's SVG; the download buttons' ids derive from it
    /// (`chart` keeps the historic `download-png`/`download-svg`/`download-csv`, others get
    /// `{id}-download-png` etc.).
    pub chart_id: AttrValue,
    /// What the chart shows, for file names, e.g. `"cumulative"`.
    pub what: AttrValue,
    /// Today as `YYYY-MM-DD`, for file names.
    pub today: AttrValue,
    /// Produces the CSV of the data behind the chart (called on click only).
    pub csv: Callback<(), String>,
    /// Controls shown above the chart (e.g. which option to break down).
    #[prop_or_default]
    pub children: Html,
    /// A small control in the card's heading row, before the download buttons (e.g. the
    /// cumulative chart's log-scale switch): it costs the chart no height.
    #[prop_or_default]
    pub head: Html,
}

/// Draws `chart` as an SVG document `css_w` CSS pixels wide and its preferred height (rounded),
/// at device-pixel ratio `scale` (the document is `css_w × scale` pixels wide; fonts, margins and
/// lines scale with it). Returns the document and, for a line chart, where its data area is in
/// CSS pixels (for the hover tooltip). Errors: the backend refused to draw.
fn render_svg(
    chart: &AnyChart,
    theme: &Theme,
    css_w: f64,
    scale: f64,
) -> Result<(String, Option<PlotFrame>), BrowserFailure> {
    let css_h = chart.height(css_w).round();
    let size = (
        ((css_w * scale).round() as u32).max(1),
        ((css_h * scale).round() as u32).max(1),
    );
    let mut out = String::new();
    let frame = {
        let area = SvgBackend::with_string(&mut out, size).into_drawing_area();
        match chart {
            AnyChart::Cumulative(c) => draw_cumulative(&area, c, theme, scale).map(Some),
            AnyChart::Ranking(c) => ranking::draw_ranking(&area, c, theme, scale).map(|()| None),
            AnyChart::Breakdown(c) => {
                breakdown::draw_breakdown(&area, c, theme, scale).map(|()| None)
            }
            AnyChart::Lines(c) => lines::draw_lines(&area, c, theme, scale).map(|()| None),
        }
        .map_err(|_| BrowserFailure::Drawing)?
    };
    Ok((out, frame))
}

/// What a panel keeps between renders and observer callbacks: the latest chart, the CSS width
/// its box offers (`None` until first measured), whether it is near the viewport, and what the
/// chart element shows now.
#[derive(Default)]
struct Painter {
    /// The element whose content is the chart's SVG.
    target: Option<Element>,
    chart: Option<AnyChart>,
    css_width: Option<f64>,
    /// Near the viewport, from the IntersectionObserver (`false` until its first report, which
    /// follows the first drawing; always `true` without one).
    near: bool,
    /// Bumped on window resize (also a devicePixelRatio change).
    resize_tick: u32,
    /// Chart, CSS width and resize tick the SVG was last drawn with.
    drawn: Option<(AnyChart, f64, u32)>,
    /// Data area of the last drawing (line charts only).
    frame: Option<PlotFrame>,
}

impl Painter {
    /// Draws the latest chart unless the element already shows it at this size, or the panel is
    /// away from the viewport (unless `even_offscreen`, or nothing was drawn yet). `None` when
    /// nothing was drawn, else the drawing's outcome.
    fn paint(&mut self, even_offscreen: bool) -> Option<Result<(), BrowserFailure>> {
        let (target, chart, css_w) = (self.target.as_ref()?, self.chart.as_ref()?, self.css_width?);
        if !(self.near || even_offscreen || self.drawn.is_none()) {
            return None;
        }
        if self
            .drawn
            .as_ref()
            .is_some_and(|(c, w, t)| c == chart && *w == css_w && *t == self.resize_tick)
        {
            return None;
        }
        let result = web::timed(web::MEASURE_DRAW_CHART, || {
            // CSS pixels at scale 1: the browser renders the vector drawing at device resolution.
            render_svg(chart, &web::chart_theme(), css_w, 1.0).map(|(svg, frame)| {
                target.set_inner_html(&svg);
                frame
            })
        });
        Some(match result {
            Ok(frame) => {
                web::mark_first_chart();
                if let AnyChart::Cumulative(c) = chart {
                    if !c.bands.is_empty() && c.bands_pending == 0 {
                        web::mark_bands_drawn();
                    }
                }
                self.frame = frame;
                self.drawn = Some((chart.clone(), css_w, self.resize_tick));
                Ok(())
            }
            Err(e) => {
                self.drawn = None;
                Err(e)
            }
        })
    }
}

/// Runs [`Painter::paint`] and shows its outcome: a new drawing hides the tooltip (its values
/// are stale) and any earlier error; a failure shows its message under the chart.
fn paint_and_show(
    painter: &RefCell<Painter>,
    even_offscreen: bool,
    error: &Local<Option<BrowserFailure>>,
    tooltip: &Local<Option<Tooltip>>,
) {
    let outcome = painter.borrow_mut().paint(even_offscreen);
    match outcome {
        Some(Ok(())) => {
            if tooltip.is_some() {
                tooltip.set(None);
            }
            if error.is_some() {
                error.set(None);
            }
        }
        Some(Err(e)) => error.set(Some(e)),
        None => {}
    }
}

/// Chart (inline SVG) with download buttons.
#[function_component(ChartPanel)]
pub fn chart_panel(props: &ChartPanelProps) -> Html {
    let chart_ref = use_node();
    let wrap_ref = use_node();
    let error = use_local(|| None::<BrowserFailure>);
    let painter = use_cell(Painter::default);
    let tooltip = use_local(|| None::<Tooltip>);
    let tr = super::language::use_tr();

    // Observers: the box's width (ResizeObserver; its callback runs where layout is clean, so
    // reading the width there is free), nearness to the viewport (IntersectionObserver) and
    // window resizes (also fired when devicePixelRatio changes with zoom).
    {
        let (chart_ref, wrap_ref, painter) = (chart_ref.clone(), wrap_ref.clone(), painter.clone());
        let (error, tooltip) = (error.clone(), tooltip.clone());
        use_mount(Box::new(move || {
            let wrap = wrap_ref.cast::<Element>();
            painter.borrow_mut().target = chart_ref.cast::<Element>();
            let on_size = {
                let (painter, error, tooltip, wrap) = (
                    painter.clone(),
                    error.clone(),
                    tooltip.clone(),
                    wrap.clone(),
                );
                Closure::<dyn FnMut()>::new(move || {
                    if let Some(w) = &wrap {
                        painter.borrow_mut().css_width = Some(web::container_css_width(w));
                        // Even off screen: its height follows the width, and a stale height
                        // would shift the page when it is redrawn later. Resizes are rare.
                        paint_and_show(&painter, true, &error, &tooltip);
                    }
                })
            };
            let on_near = {
                let (painter, error, tooltip) = (painter.clone(), error.clone(), tooltip.clone());
                Closure::<dyn FnMut(web_sys::js_sys::Array)>::new(
                    move |entries: web_sys::js_sys::Array| {
                        let last = entries.iter().last();
                        if let Some(e) =
                            last.and_then(|e| e.dyn_into::<IntersectionObserverEntry>().ok())
                        {
                            painter.borrow_mut().near = e.is_intersecting();
                            paint_and_show(&painter, false, &error, &tooltip);
                        }
                    },
                )
            };
            let resize_observer = ResizeObserver::new(on_size.as_ref().unchecked_ref()).ok();
            let options = web_sys::IntersectionObserverInit::new();
            options.set_root_margin(NEAR_VIEWPORT);
            let near_observer =
                IntersectionObserver::new_with_options(on_near.as_ref().unchecked_ref(), &options)
                    .ok();
            if let Some(w) = &wrap {
                match &resize_observer {
                    Some(o) => o.observe(w),
                    // No ResizeObserver: measure once now (one forced layout) and on resize.
                    None => painter.borrow_mut().css_width = Some(web::container_css_width(w)),
                }
                if let Some(o) = &near_observer {
                    o.observe(w);
                }
            }
            if near_observer.is_none() {
                painter.borrow_mut().near = true;
            }
            paint_and_show(&painter, false, &error, &tooltip);
            let measured_on_resize = resize_observer.is_none();
            let listener = {
                let painter = painter.clone();
                EventListener::new(&gloo::utils::window(), "resize", move |_| {
                    {
                        let mut p = painter.borrow_mut();
                        p.resize_tick = p.resize_tick.wrapping_add(1);
                        if measured_on_resize {
                            if let Some(w) = &wrap {
                                p.css_width = Some(web::container_css_width(w));
                            }
                        }
                    }
                    paint_and_show(&painter, true, &error, &tooltip);
                })
            };
            Box::new(move || {
                drop(listener);
                if let Some(o) = resize_observer {
                    o.disconnect();
                }
                if let Some(o) = near_observer {
                    o.disconnect();
                }
                drop((on_size, on_near));
            })
        }));
    }
    {
        let painter = painter.clone();
        let (error, tooltip) = (error.clone(), tooltip.clone());
        use_effect_on(
            props.chart.clone(),
            Box::new(move |chart| {
                painter.borrow_mut().chart = Some(chart.clone());
                paint_and_show(&painter, false, &error, &tooltip);
                Box::new(|| ())
            }),
        );
    }

    let on_png = {
        let painter = painter.clone();
        let (error, tooltip) = (error.clone(), tooltip.clone());
        let name = file_name(&props.what, &props.today, "png");
        Callback::from(move |_: MouseEvent| {
            // The same layout as on screen (the width the chart is, or will be, drawn at), at
            // device resolution.
            let (chart, width) = {
                let p = painter.borrow();
                (p.chart.clone(), p.css_width.unwrap_or(900.0))
            };
            let result = chart
                .ok_or(BrowserFailure::Drawing)
                .and_then(|c| render_svg(&c, &web::chart_theme(), width, web::device_pixel_ratio()))
                .map(|(svg, _)| {
                    let error = error.clone();
                    web::download_svg_as_png(svg, name.clone(), move |e| {
                        error.set(Some(BrowserFailure::Browser(e)));
                    });
                });
            if let Err(e) = result {
                error.set(Some(e));
            }
            // An off-screen chart may be behind its data: bring it up to date as well.
            paint_and_show(&painter, true, &error, &tooltip);
        })
    };
    let on_svg = {
        let chart = props.chart.clone();
        let error = error.clone();
        let painter = painter.clone();
        let name = file_name(&props.what, &props.today, "svg");
        Callback::from(move |_: MouseEvent| {
            // The same layout as on screen: the width the chart is (or will be) drawn at.
            let width = painter.borrow().css_width.unwrap_or(900.0).round();
            let result =
                render_svg(&chart, &web::chart_theme(), width, 1.0).and_then(|(svg, _)| {
                    web::download_text(&name, "image/svg+xml", &svg)
                        .map_err(BrowserFailure::Browser)
                });
            if let Err(e) = result {
                error.set(Some(e));
            }
        })
    };

    let on_move = {
        let chart = props.chart.clone();
        let painter = painter.clone();
        let tooltip = tooltip.clone();
        Callback::from(move |e: MouseEvent| {
            let frame = painter.borrow().frame;
            if let (AnyChart::Cumulative(c), Some(f)) = (&chart, frame) {
                let t = tooltip_at(c, &f, f64::from(e.offset_x()), f64::from(e.offset_y()));
                if *tooltip != t {
                    tooltip.set(t);
                }
            }
        })
    };
    let on_leave = {
        let tooltip = tooltip.clone();
        Callback::from(move |_: MouseEvent| tooltip.set(None))
    };
    let on_csv = {
        let csv = props.csv.clone();
        let error = error.clone();
        let name = file_name(&props.what, &props.today, "csv");
        Callback::from(move |_: MouseEvent| {
            if let Err(e) = web::download_text(&name, "text/csv", &csv.emit(())) {
                error.set(Some(BrowserFailure::Browser(e)));
            }
        })
    };
    let id = props.chart_id.as_str();
    let button_id = |kind: &str| {
        if id == "chart" {
            format!("download-{kind}")
        } else {
            format!("{id}-download-{kind}")
        }
    };
    let heading_id = format!("{id}-heading");
    let currency = props.chart.currency();
    html! {
        <section class="card chart-card" aria-labelledby={heading_id.clone()}>
            <div class="card-head">
                <h2 id={heading_id}>{ props.heading.clone() }</h2>
                <div class="buttons">
                    { props.head.clone() }
                    <button id={button_id("png")} onclick={on_png}>{ "PNG" }</button>
                    <button id={button_id("svg")} onclick={on_svg}>{ "SVG" }</button>
                    <button id={button_id("csv")} onclick={on_csv}>{ "CSV" }</button>
                </div>
            </div>
            { props.children.clone() }
            <div class="chart-wrap" ref={wrap_ref}>
                <div id={props.chart_id.clone()} class="chart-svg" ref={chart_ref} role="img" aria-label={props.chart.title(&tr)}
                    data-bands-pending={props.chart.bands_pending().to_string()}
                    onmousemove={on_move} onmouseleave={on_leave}></div>
            </div>
            if let Some(t) = &*tooltip {
                // A strip under the chart (after the legend, in the card's flow; outside the
                // resize-observed wrap, so showing it never redraws the chart): inside
                // the card and the viewport at any width, over no line, legend or axis.
                <div class="chart-tooltip" role="status"
                    data-month={planner_core::float_text::shortest(t.month)} data-order="highest-first">
                    <div class="tooltip-head">{ tr.text_with(msg!("ui-tooltip-month"), &[("n", planner_app::i18n::Arg::Number(t.month.round()))]) }
                        <span class="muted">{ " · " }{ tr.text(msg!("ui-tooltip-order")) }</span></div>
                    { for t.rows.iter().map(|(label, v)| html!{
                        <div class="tooltip-row">{ tr.text_with(msg!("ui-tooltip-label"), &[("label", planner_app::i18n::Arg::Text(label.clone()))]) }{ " " }<strong>{ planner_app::i18n::money(tr.language(), *v, currency) }</strong></div>
                    }) }
                </div>
            }
            if let Some(e) = &*error { <p class="field-error" role="alert">{ tr.browser_failure(e) }</p> }
        </section>
    }
}
