//! The deadline-safe spot chart in the "Billing details" group, under the deadline field: the
//! chosen job option's cost and finish-time bands for all-spot, deadline-safe spot and
//! all-on-demand (view-model [`planner_app::view::deadline`], drawing
//! [`planner_app::chart::deadline`]), as inline SVG with PNG, SVG and CSV downloads named
//! `gpu-cost-deadline-spot-{date}.{ext}` like the other charts. The SVG is redrawn only when
//! the chart's data or width changes; the width is the group's, read once the group is laid
//! out (the group is collapsed most of the time, so no observer runs for it).

use crate::ui::hooks::{use_effect_on, use_local, use_memo_on, use_node, Local};
use crate::web;
use planner_app::chart::deadline::{deadline_csv, deadline_svg, DeadlineChart};
use planner_app::comparison::file_name;
use planner_app::i18n::Translator;
use planner_app::messages::BrowserFailure;
use std::rc::Rc;
use yew::prelude::*;

/// Width used before the group has a width of its own (collapsed), CSS px.
const FALLBACK_WIDTH: f64 = 640.0;

/// What the downloads are called: `gpu-cost-deadline-spot-{date}.{ext}`.
const WHAT: &str = "deadline-spot";

/// What the chart keeps across renders of its group: the element its SVG goes in, a failure
/// to show under it, and today's date for the download names. Hooks of the "Billing details"
/// group ([`use_panel`], [`use_drawing`]) rather than a component of its own, which would cost
/// the wasm its own copy of Yew's component code (issue 19, the wasm's size).
pub struct Panel {
    holder: NodeRef,
    error: Local<Option<BrowserFailure>>,
    today: Rc<String>,
}

/// The chart's state, made once for the group.
#[hook]
pub fn use_panel() -> Panel {
    Panel {
        holder: use_node(),
        error: use_local(|| None::<BrowserFailure>),
        today: use_memo_on((), |()| web::today_date()),
    }
}

/// The group's width once laid out (0 while collapsed or detached: the fallback).
fn width(holder: &NodeRef) -> f64 {
    holder
        .cast::<web_sys::Element>()
        .map(|e| f64::from(e.client_width()))
        .filter(|w| *w > 0.0)
        .unwrap_or(FALLBACK_WIDTH)
}

/// Draws `chart` (the one [`view`] shows, `None` when none is shown) into the panel after
/// each render that changes it. When none is shown the panel's failure is forgotten, as a
/// panel shown again starts without one.
#[hook]
pub fn use_drawing(panel: &Panel, chart: Option<Rc<DeadlineChart>>) {
    let (holder, error) = (panel.holder.clone(), panel.error.clone());
    use_effect_on(
        chart,
        Box::new(move |chart| {
            match chart {
                Some(chart) => {
                    if let Some(el) = holder.cast::<web_sys::Element>() {
                        match deadline_svg(chart, &web::chart_theme(), width(&holder), 1.0) {
                            Ok(svg) => el.set_inner_html(&svg),
                            Err(_) => error.set(Some(BrowserFailure::Drawing)),
                        }
                    }
                }
                None => {
                    if error.is_some() {
                        error.set(None);
                    }
                }
            }
            Box::new(|| ())
        }),
    );
}

/// The chart with its three download buttons (`#deadline-chart-download-png` etc.).
pub fn view(
    t: &Translator,
    panel: &Panel,
    chart: Rc<DeadlineChart>,
    header: Rc<[String; 7]>,
) -> Html {
    let (holder, error, today) = (&panel.holder, &panel.error, &panel.today);
    // PNG: the same layout drawn at device resolution, rasterised by the browser.
    let on_png = {
        let (chart, error, holder) = (chart.clone(), error.clone(), holder.clone());
        let name = file_name(WHAT, today, "png");
        Callback::from(move |_: MouseEvent| {
            let svg = deadline_svg(
                &chart,
                &web::chart_theme(),
                width(&holder),
                web::device_pixel_ratio(),
            );
            match svg {
                Ok(svg) => {
                    let error = error.clone();
                    web::download_svg_as_png(svg, name.clone(), move |e| {
                        error.set(Some(BrowserFailure::Browser(e)));
                    });
                }
                Err(_) => error.set(Some(BrowserFailure::Drawing)),
            }
        })
    };
    let on_svg = {
        let (chart, error, holder) = (chart.clone(), error.clone(), holder.clone());
        let name = file_name(WHAT, today, "svg");
        Callback::from(move |_: MouseEvent| {
            let result = deadline_svg(&chart, &web::chart_theme(), width(&holder), 1.0)
                .map_err(|_| BrowserFailure::Drawing)
                .and_then(|svg| {
                    web::download_text(&name, "image/svg+xml", &svg)
                        .map_err(BrowserFailure::Browser)
                });
            if let Err(e) = result {
                error.set(Some(e));
            }
        })
    };
    let on_csv = {
        let (chart, header, error) = (chart.clone(), header.clone(), error.clone());
        let name = file_name(WHAT, today, "csv");
        Callback::from(move |_: MouseEvent| {
            let csv = deadline_csv(&chart, header.each_ref().map(String::as_str));
            if let Err(e) = web::download_text(&name, "text/csv", &csv) {
                error.set(Some(BrowserFailure::Browser(e)));
            }
        })
    };
    html! {
        <div class="deadline-chart">
            <div class="buttons">
                <button id="deadline-chart-download-png" onclick={on_png}>{ "PNG" }</button>
                <button id="deadline-chart-download-svg" onclick={on_svg}>{ "SVG" }</button>
                <button id="deadline-chart-download-csv" onclick={on_csv}>{ "CSV" }</button>
            </div>
            <div id="deadline-chart" class="chart-svg" ref={holder} role="img" aria-label={chart.title.clone()}></div>
            if let Some(e) = &**error { <p class="field-error" role="alert">{ t.browser_failure(e) }</p> }
        </div>
    }
}
