//! The chart panel: draws one chart (cumulative cost, breakdown or ranking) on a HiDPI-sharp
//! canvas (backing store = CSS size × devicePixelRatio), redraws on resize, shows the values
//! under the pointer on the line chart, and offers PNG, SVG and CSV downloads named
//! `gpu-cost-{what}-{date}.{ext}`.

use crate::chart::breakdown::{self, BreakdownChart};
use crate::chart::lines::{self, LinesChart};
use crate::chart::ranking::{self, RankingChart};
use crate::chart::{
    cumulative_svg, draw_cumulative, preferred_height, tooltip_at, ChartError, CumulativeChart,
    PlotFrame, Theme, Tooltip,
};
use crate::comparison::file_name;
use crate::web;
use gloo::events::EventListener;
use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use std::rc::Rc;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

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
    fn title(&self) -> String {
        match self {
            AnyChart::Cumulative(c) => c.title.clone(),
            AnyChart::Ranking(c) => c.title.clone(),
            AnyChart::Breakdown(c) => format!("{}: {}", c.title, c.option),
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

    fn svg(&self, theme: &Theme, width: u32) -> Result<String, ChartError> {
        match self {
            AnyChart::Cumulative(c) => cumulative_svg(c, theme, width),
            AnyChart::Ranking(c) => ranking::ranking_svg(c, theme, width),
            AnyChart::Breakdown(c) => breakdown::breakdown_svg(c, theme, width),
            AnyChart::Lines(c) => lines::lines_svg(c, theme, width),
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
    /// Id of the canvas; the download buttons' ids derive from it (`chart` keeps the historic
    /// `download-png`/`download-svg`/`download-csv`, others get `{id}-download-png` etc.).
    pub canvas_id: AttrValue,
    /// What the chart shows, for file names, e.g. `"cumulative"`.
    pub what: AttrValue,
    /// Today as `YYYY-MM-DD`, for file names.
    pub today: AttrValue,
    /// Produces the CSV of the data behind the chart (called on click only).
    pub csv: Callback<(), String>,
    /// Controls shown above the chart (e.g. which option to break down).
    #[prop_or_default]
    pub children: Html,
}

/// Sizes `canvas` for the device and draws `chart` on it. Returns the CSS width drawn at and,
/// for a line chart, where its data area is (for the hover tooltip).
fn redraw(
    canvas: &HtmlCanvasElement,
    chart: &AnyChart,
) -> Result<(f64, Option<PlotFrame>), String> {
    let (css_w, _, dpr) = web::size_canvas_for_device(canvas, |w| chart.height(w))?;
    let backend = CanvasBackend::with_canvas_object(canvas.clone())
        .ok_or_else(|| "this browser gave no 2D canvas context".to_string())?;
    let area = backend.into_drawing_area();
    let theme = web::chart_theme();
    let frame = match chart {
        AnyChart::Cumulative(c) => draw_cumulative(&area, c, &theme, dpr).map(Some),
        AnyChart::Ranking(c) => ranking::draw_ranking(&area, c, &theme, dpr).map(|()| None),
        AnyChart::Breakdown(c) => breakdown::draw_breakdown(&area, c, &theme, dpr).map(|()| None),
        AnyChart::Lines(c) => lines::draw_lines(&area, c, &theme, dpr).map(|()| None),
    }
    .map_err(|e| e.to_string())?;
    Ok((css_w, frame))
}

/// Chart canvas with download buttons.
#[function_component(ChartPanel)]
pub fn chart_panel(props: &ChartPanelProps) -> Html {
    let canvas_ref = use_node_ref();
    let resize_tick = use_state(|| 0u32);
    let error = use_state(|| None::<String>);
    // CSS width the chart was last drawn at; the SVG download uses the same layout.
    let size = use_mut_ref(|| 900.0_f64);
    // Data area of the last drawing, and the tooltip under the pointer (line charts only).
    let frame = use_mut_ref(|| None::<PlotFrame>);
    let tooltip = use_state(|| None::<Tooltip>);
    let tr = super::language::use_tr();

    // Redraw on window resize (also fires when devicePixelRatio changes with zoom).
    {
        let resize_tick = resize_tick.clone();
        use_effect_with((), move |_| {
            let listener = EventListener::new(&gloo::utils::window(), "resize", move |_| {
                resize_tick.set(resize_tick.wrapping_add(1));
            });
            move || drop(listener)
        });
    }
    {
        let canvas_ref = canvas_ref.clone();
        let error = error.clone();
        let size = size.clone();
        let frame = frame.clone();
        let tooltip = tooltip.clone();
        use_effect_with((props.chart.clone(), *resize_tick), move |(chart, _)| {
            if let Some(canvas) = canvas_ref.cast::<HtmlCanvasElement>() {
                match web::timed(web::MEASURE_DRAW_CHART, || redraw(&canvas, chart)) {
                    Ok((s, f)) => {
                        web::mark_first_chart();
                        *size.borrow_mut() = s;
                        *frame.borrow_mut() = f;
                        if tooltip.is_some() {
                            tooltip.set(None);
                        }
                        if error.is_some() {
                            error.set(None);
                        }
                    }
                    Err(e) => error.set(Some(e)),
                }
            }
        });
    }

    let on_png = {
        let canvas_ref = canvas_ref.clone();
        let error = error.clone();
        let name = file_name(&props.what, &props.today, "png");
        Callback::from(move |_: MouseEvent| {
            let result = canvas_ref
                .cast::<HtmlCanvasElement>()
                .ok_or_else(|| "the chart is not on the page".to_string())
                .and_then(|c| web::download_canvas_png(&c, &name));
            if let Err(e) = result {
                error.set(Some(e));
            }
        })
    };
    let on_svg = {
        let chart = props.chart.clone();
        let error = error.clone();
        let size = size.clone();
        let name = file_name(&props.what, &props.today, "svg");
        Callback::from(move |_: MouseEvent| {
            let width = *size.borrow();
            let result = chart
                .svg(&web::chart_theme(), width.round() as u32)
                .map_err(|e| e.to_string())
                .and_then(|svg| web::download_text(&name, "image/svg+xml", &svg));
            if let Err(e) = result {
                error.set(Some(e));
            }
        })
    };

    let on_move = {
        let chart = props.chart.clone();
        let frame = frame.clone();
        let tooltip = tooltip.clone();
        Callback::from(move |e: MouseEvent| {
            if let (AnyChart::Cumulative(c), Some(f)) = (&chart, *frame.borrow()) {
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
                error.set(Some(e));
            }
        })
    };
    let id = props.canvas_id.as_str();
    let button_id = |kind: &str| {
        if id == "chart" {
            format!("download-{kind}")
        } else {
            format!("{id}-download-{kind}")
        }
    };
    let heading_id = format!("{id}-heading");
    html! {
        <section class="card chart-card" aria-labelledby={heading_id.clone()}>
            <div class="card-head">
                <h2 id={heading_id}>{ props.heading.clone() }</h2>
                <div class="buttons">
                    <button id={button_id("png")} onclick={on_png}>{ "PNG" }</button>
                    <button id={button_id("svg")} onclick={on_svg}>{ "SVG" }</button>
                    <button id={button_id("csv")} onclick={on_csv}>{ "CSV" }</button>
                </div>
            </div>
            { props.children.clone() }
            <div class="chart-wrap">
                <canvas id={props.canvas_id.clone()} ref={canvas_ref} role="img" aria-label={props.chart.title()}
                    onmousemove={on_move} onmouseleave={on_leave}></canvas>
                if let Some(t) = &*tooltip {
                    <div class="chart-tooltip" role="status" style={format!("left: {:.0}px; top: 40px;", t.x)}
                        data-month={t.month.to_string()}>
                        <div class="tooltip-head">{ tr.text_with("ui-tooltip-month", &[("n", crate::i18n::Arg::Number(t.month.round()))]) }</div>
                        { for t.rows.iter().map(|(label, v)| html!{
                            <div class="tooltip-row">{ label.split(" — ").next().unwrap_or(label.as_str()) }{ ": " }<strong>{ crate::format::number(*v, 2) }</strong></div>
                        }) }
                    </div>
                }
            </div>
            if let Some(e) = &*error { <p class="field-error" role="alert">{ e }</p> }
        </section>
    }
}
