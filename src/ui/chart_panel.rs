//! The chart panel: draws the cumulative-cost chart on a HiDPI-sharp canvas (backing store = CSS
//! size × devicePixelRatio), redraws on resize, and offers PNG and SVG downloads.

use crate::chart::{cumulative_svg, draw_cumulative, preferred_height, CumulativeChart};
use crate::web;
use gloo::events::EventListener;
use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use std::rc::Rc;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

/// Properties of [`ChartPanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct ChartPanelProps {
    /// What to draw.
    pub chart: Rc<CumulativeChart>,
    /// File name stem for downloads, e.g. `"gpu-cost-cumulative"`.
    pub file_stem: AttrValue,
}

/// Sizes `canvas` for the device and draws `chart` on it. Returns the CSS width drawn at.
fn redraw(canvas: &HtmlCanvasElement, chart: &CumulativeChart) -> Result<f64, String> {
    let (css_w, _, dpr) = web::size_canvas_for_device(canvas, |w| preferred_height(chart, w))?;
    let backend = CanvasBackend::with_canvas_object(canvas.clone())
        .ok_or_else(|| "this browser gave no 2D canvas context".to_string())?;
    draw_cumulative(
        &backend.into_drawing_area(),
        chart,
        &web::chart_theme(),
        dpr,
    )
    .map_err(|e| e.to_string())?;
    Ok(css_w)
}

/// Chart canvas with download buttons.
#[function_component(ChartPanel)]
pub fn chart_panel(props: &ChartPanelProps) -> Html {
    let canvas_ref = use_node_ref();
    let resize_tick = use_state(|| 0u32);
    let error = use_state(|| None::<String>);
    // CSS width the chart was last drawn at; the SVG download uses the same layout.
    let size = use_mut_ref(|| 900.0);

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
        use_effect_with((props.chart.clone(), *resize_tick), move |(chart, _)| {
            if let Some(canvas) = canvas_ref.cast::<HtmlCanvasElement>() {
                match web::timed(web::MEASURE_DRAW_CHART, || redraw(&canvas, chart)) {
                    Ok(s) => {
                        web::mark_first_chart();
                        *size.borrow_mut() = s;
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
        let name = format!("{}.png", props.file_stem);
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
        let name = format!("{}.svg", props.file_stem);
        Callback::from(move |_: MouseEvent| {
            let width = *size.borrow();
            let result = cumulative_svg(&chart, &web::chart_theme(), width.round() as u32)
                .map_err(|e| e.to_string())
                .and_then(|svg| web::download_text(&name, "image/svg+xml", &svg));
            if let Err(e) = result {
                error.set(Some(e));
            }
        })
    };

    html! {
        <section class="card" aria-labelledby="chart-heading">
            <div class="card-head">
                <h2 id="chart-heading">{ "Cumulative cost over time" }</h2>
                <div class="buttons">
                    <button id="download-png" onclick={on_png}>{ "Download PNG" }</button>
                    <button id="download-svg" onclick={on_svg}>{ "Download SVG" }</button>
                </div>
            </div>
            <div class="chart-wrap">
                <canvas id="chart" ref={canvas_ref} role="img" aria-label={props.chart.title.clone()}></canvas>
            </div>
            if let Some(e) = &*error { <p class="field-error" role="alert">{ e }</p> }
        </section>
    }
}
