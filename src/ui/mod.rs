//! The Yew user interface: one reducer at the root ([`state`]), components that receive data
//! and `on*` callbacks, and derived values computed with memo hooks ([`hooks::use_memo_on`]).

pub mod advisor;
pub mod bands;
pub mod billing_extras;
pub mod chart_csv;
pub mod chart_panel;
pub mod comparison;
pub mod fields;
pub mod hooks;
pub mod language;
pub mod markup;
pub mod notices;
pub mod offer_table;
pub mod presets;
pub mod saved;
pub mod share;
pub mod slider;
pub mod startup;
pub mod state;
pub mod strategy;
pub mod summary;
pub mod update;
pub mod virtual_list;

use chart_csv::CsvOf;
use chart_panel::{AnyChart, ChartPanel, ChartPanelProps};
use comparison::ComparisonProps;
use markup::{labelled, option, select};
use offer_table::OfferTable;
use planner_app::action::{Action, Mode};
use planner_app::i18n::Msg;
use planner_app::i18n::{Arg, Translator};
use planner_app::msg;
use planner_app::state::{CALENDAR, CATALOG_RATE_AS_OF};
use planner_app::view::breakdown::breakdown_chart;
use planner_app::view::buy::buy_chart;
use planner_app::view::cumulative::{cumulative_chart, with_bands};
use planner_app::view::footer::footer;
use planner_app::view::ranking::ranking_chart;
use planner_app::view::reserved::reserved_chart;
use planner_engine::Currency;
use planner_engine::MonthConvention;
use state::{AppAction, AppState};
use strategy::Strategy;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Milliseconds the scenario must stay unchanged before the offer table's scenario totals
/// are recomputed.
const SETTLE_MS: u32 = 200;

/// When each part of the page is mounted, in animation frames after the first render
/// ([`startup::Later`]: each in a browser task of its own, in this order; parts given the same
/// frame run one task after another in it). The first render is the shell: header, notices,
/// scenario files and the scenario card's heading. The first chart comes in the first frame
/// with the workload and the totals above it: on a wide screen it is in view, and drawing it
/// two frames later made the first chart about 55 ms later on the desktop bench (medians
/// 433–446 against 367–393 ms, `tests/e2e/bench.mjs`, runs alternated).
/// Each column only grows at its end and the full-width parts below come after both columns,
/// so nothing already on screen moves. The charts' data are built from the start (a few ms);
/// drawing them and building the parts' DOM is what is spread over tasks (the whole page in
/// one render was one task of about 370 ms at Lighthouse's 4× CPU throttle, profiled).
mod later {
    /// The scenario card's workload (the first part of the plan column after the shell).
    pub const WORKLOAD: u32 = 1;
    /// The totals (the top of the results column): in a task of its own after the workload's.
    pub const TOTALS: u32 = 1;
    /// The cumulative chart (the first chart, under the totals): in a task of its own after
    /// the totals', so on a wide screen the first chart is drawn one frame after the shell.
    pub const CHART: u32 = 1;
    /// The strategy editor (the end of the scenario card).
    pub const STRATEGY: u32 = 2;
    /// The ranking chart.
    pub const RANKING: u32 = 3;
    /// The offer table.
    pub const OFFERS: u32 = 4;
    /// The assumptions card, with the billing details.
    pub const ASSUMPTIONS: u32 = 5;
    /// The decision helper.
    pub const ADVISOR: u32 = 6;
    /// The comparison table.
    pub const COMPARISON: u32 = 7;
    /// The breakdown chart.
    pub const BREAKDOWN: u32 = 8;
    /// The reserved-vs-on-demand chart.
    pub const RESERVED: u32 = 9;
    /// The rent-vs-buy chart.
    pub const BUY: u32 = 10;
    /// The footer: the last part, after which the page is whole.
    pub const FOOTER: u32 = 11;
}

/// DOM ids of the chart panels after the first (consts: the translation check reads a quoted
/// `chart-…` after `(` as a message id, but not after `=`).
mod chart_ids {
    /// The ranking chart.
    pub const RANKING: &str = "chart-ranking";
    /// The breakdown chart.
    pub const BREAKDOWN: &str = "chart-breakdown";
    /// The reserved-vs-on-demand chart.
    pub const RESERVED: &str = "chart-reserved";
    /// The rent-vs-buy chart.
    pub const BUY: &str = "chart-buy";
}

/// Attribute set on `<html>` once every part of the page is mounted (`data-mounted="all"`):
/// end-to-end tests wait for it.
pub const MOUNTED_ATTRIBUTE: &str = "data-mounted";

/// Id of index.html's static first view (the page header and a loading line, painted before
/// the wasm arrives), which [`start`] removes when the app renders.
pub const BOOT_ID: &str = "boot";

/// Mounts the app on the document body, after installing [`install_panic_hook`], once a share
/// link in the fragment is opened and the first state is built ([`startup::prepare`]).
pub fn start() {
    install_panic_hook();
    wasm_bindgen_futures::spawn_local(async {
        let link = startup::open_link().await;
        startup::prepare(link, |initial| {
            // index.html's static header, shown while the wasm loaded: the app's first render
            // (a microtask of this task, so in the same frame) draws the real one.
            if let Some(boot) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id(BOOT_ID))
            {
                boot.remove();
            }
            yew::Renderer::<App>::with_props(AppProps {
                initial: Same(std::rc::Rc::new(initial)),
                on_mounted: None,
            })
            .render();
        });
    });
}

#[cfg(debug_assertions)]
#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// `console.error(text)`.
    #[wasm_bindgen::prelude::wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(text: &str);
}

/// Logs a panic's message with `console.error` (prefixed `"gpu-cost-planner panicked: "`), in
/// debug builds (`trunk serve`, the browser tests). The panic then aborts, which traps the wasm;
/// index.html's inline script turns the trap into the `#panic-notice` alert that asks for a
/// reload. The release build (scripts/build.sh) rebuilds std with panic=immediate-abort, which
/// traps at once without a message, so it needs no hook. A minimal stand-in for the
/// `console_error_panic_hook` crate. Every panic is a bug: browser code returns errors instead.
pub fn install_panic_hook() {
    #[cfg(debug_assertions)]
    std::panic::set_hook(Box::new(|info| {
        console_error(&format!("gpu-cost-planner panicked: {info}"));
    }));
}

/// Mounts the app inside `root` once a share link in the fragment is opened, and returns its
/// handle once every part of the page is mounted (used by the browser tests, which destroy one
/// test's app before the next test starts, so its pending autosave cannot write into the next
/// test's storage).
pub async fn mount(root: web_sys::Element) -> Option<yew::AppHandle<App>> {
    let link = startup::open_link().await;
    let mut resolve = None;
    let mounted = web_sys::js_sys::Promise::new(&mut |r, _| resolve = Some(r));
    let on_mounted = Callback::from(move |()| {
        if let Some(r) = &resolve {
            // Resolving a promise cannot fail.
            let _ = r.call0(&wasm_bindgen::JsValue::NULL);
        }
    });
    let handle = std::rc::Rc::new(std::cell::RefCell::new(None));
    let slot = handle.clone();
    startup::prepare(link, move |initial| {
        let app = yew::Renderer::<App>::with_root_and_props(
            root,
            AppProps {
                initial: Same(std::rc::Rc::new(initial)),
                on_mounted: Some(on_mounted),
            },
        )
        .render();
        slot.replace(Some(app));
    });
    // The promise only ever resolves.
    let _ = wasm_bindgen_futures::JsFuture::from(mounted).await;
    // Rendered before the promise resolves (`on_mounted` fires from inside the app), so this
    // is always `Some`.
    handle.take()
}

/// A slider's `on_change`: dispatches `action(value)`, memoised so it keeps its identity
/// across renders.
#[hook]
fn use_number_setter(
    dispatcher: UseReducerDispatcher<AppState>,
    action: fn(f64) -> Action,
) -> Callback<f64> {
    hooks::use_callback_on(dispatcher, move |v: f64, d| {
        d.dispatch(AppAction::Scenario(action(v)))
    })
}

/// A callback of the app that dispatches `action(input, &deps)` when that is an action,
/// memoised on `deps` (and the dispatcher, stable for the app's life) so a child given it is
/// not re-rendered. The action is a plain function, so every callback with the same input and
/// deps types shares one instance of the hook's code (issue 19, the wasm's size).
#[hook]
fn use_dispatch<IN: 'static, D: PartialEq + 'static>(
    dispatcher: UseReducerDispatcher<AppState>,
    deps: D,
    action: fn(IN, &D) -> Option<AppAction>,
) -> Callback<IN> {
    hooks::use_callback_on((dispatcher, deps), move |input: IN, (d, deps)| {
        if let Some(a) = action(input, deps) {
            d.dispatch(a);
        }
    })
}

/// `Some` scenario change (the shape [`use_dispatch`]'s actions return).
fn scenario_action(action: Action) -> Option<AppAction> {
    Some(AppAction::Scenario(action))
}

/// The value of the `<select>` (or input) an event came from.
fn select_value(e: &Event) -> String {
    e.target_unchecked_into::<HtmlSelectElement>().value()
}

/// An `Rc` compared by identity: a memo hands out the same `Rc` until its own inputs change, so
/// memos keyed on it recompute exactly when it was recomputed, without comparing contents.
#[derive(Clone, Default)]
pub struct Same<T>(pub std::rc::Rc<T>);

impl<T> PartialEq for Same<T> {
    fn eq(&self, other: &Self) -> bool {
        std::rc::Rc::ptr_eq(&self.0, &other.0)
    }
}

/// `<ChartPanel ..props />` mounted `after_frames` frames after the first render
/// ([`markup::later`]): the page's five chart panels are made by this one function from props
/// written as a struct literal, so the props-building code is compiled once (issue 19, the
/// wasm's size).
#[inline(never)]
fn chart_panel(after_frames: u32, props: ChartPanelProps) -> Html {
    markup::later(after_frames, html! { <ChartPanel ..props /> })
}

/// The engine's results, or none when they are an error (the charts then show their empty
/// message; the comparison table shows the error).
fn results_or_none(
    results: &Result<Vec<planner_engine::plan::OptionResult>, planner_core::error::FileError>,
) -> &[planner_engine::plan::OptionResult] {
    match results {
        Ok(r) => r,
        Err(_) => &[],
    }
}

/// Properties of [`App`].
#[derive(Properties, PartialEq, Default)]
pub struct AppProps {
    /// The first state: the stored state or the share link the page was opened with
    /// ([`startup::prepare`]); read once, compared by identity (no deep comparison of the
    /// state in the wasm).
    pub initial: Same<AppState>,
    /// Called once every part of the page is mounted.
    #[prop_or_default]
    pub on_mounted: Option<Callback<()>>,
}

/// The whole app.
#[function_component(App)]
pub fn app(props: &AppProps) -> Html {
    let initial = props.initial.0.clone();
    let state = use_reducer(move || (*initial).clone());
    // The last part mounted marks the page whole.
    let on_all_mounted = {
        let on_mounted = props.on_mounted.clone();
        Callback::from(move |()| {
            if let Some(html) = gloo::utils::document().document_element() {
                // A missing mark only makes tests wait.
                let _ = html.set_attribute(MOUNTED_ATTRIBUTE, "all");
            }
            if let Some(cb) = &on_mounted {
                cb.emit(());
            }
        })
    };
    let scenario = state.scenario.clone();
    let save_error = startup::use_autosave(&state);
    let share_bar = share::use_share_bar();
    // A failed comparison CSV download, shown under the comparison table.
    let comparison_error = hooks::use_local(|| None::<planner_core::error::BrowserRefusal>);
    let update_ready = update::use_update_ready();
    startup::use_links_opened_later(state.dispatcher());
    language::use_document_language(state.language);
    let tr = hooks::use_memo_on(state.language, |l| language::Tr::new(*l));

    let today = hooks::use_memo_on((), |_| crate::web::today_year_month());
    // The engine's full results (every component, commitment, warnings) for the comparison
    // table; an invalid option shows its message there and nothing else changes.
    let engine_results = hooks::use_memo_on(scenario.clone(), |s| {
        crate::web::timed(crate::web::MEASURE_RECOMPUTE, || s.evaluate())
    });
    // The offer table's scenario-total column follows the scenario once it has been still for
    // a moment, so dragging a slider never rebuilds the table's rows. It starts empty: the first
    // totals (every offer of the catalog, about 30 ms at Lighthouse's 4× CPU throttle) are
    // computed in a browser task of their own right after the first render, not inside it, and
    // before the offer table is mounted ([`later::OFFERS`]). Setting the scenario it already
    // holds (a change undone within the moment) re-renders nothing.
    // The advisor's shortlist (every offer of the catalog ranked, about 2 ms a GPU move,
    // measured) is sized by the same settled scenario.
    let settled = hooks::use_local_eq(|| None::<std::rc::Rc<planner_app::state::Scenario>>);
    {
        let settled = settled.clone();
        let first = settled.is_none();
        hooks::use_effect_on(
            scenario.clone(),
            Box::new(move |s| {
                let s = std::rc::Rc::new(s.clone());
                let wait = if first { 0 } else { SETTLE_MS };
                let timer =
                    gloo::timers::callback::Timeout::new(wait, move || settled.set(Some(s)));
                Box::new(move || drop(timer))
            }),
        );
    }
    // Identity is enough: an equal scenario settling again keeps the `Rc` in force.
    let settled = (*settled).clone().map(Same);
    let offer_totals = hooks::use_memo_on(
        (settled.clone(), state.imported.clone()),
        |(s, imported)| {
            let Some(Same(s)) = s else {
                return Default::default();
            };
            let all: Vec<&'static planner_core::catalog::Offer> =
                planner_core::catalog::query::Catalog::new(imported)
                    .offers()
                    .collect();
            s.offer_totals(&all)
        },
    );
    // The GPU families the offer table's filter lists ([`planner_core::catalog::gpu_families`],
    // computed on first use and kept: about 15 ms of main thread at Lighthouse's 4× CPU
    // throttle, measured) are computed in a browser task of their own after the first render,
    // not inside the offer table's mount ([`later::OFFERS`]).
    hooks::use_mount(Box::new(|| {
        let timer = gloo::timers::callback::Timeout::new(0, || {
            drop(planner_core::catalog::gpu_families());
        });
        Box::new(move || drop(timer))
    }));
    // Young's interval for the most interrupted option (what "suggested" means in the editor).
    let suggested = hooks::use_memo_on(Same(engine_results.clone()), |r| match &*r.0 {
        Ok(r) => r
            .iter()
            .filter_map(|o| o.suggested_checkpoint_hours)
            .filter(|h| h.is_finite())
            .reduce(f64::min),
        Err(_) => None,
    });
    let today_date = hooks::use_memo_on((), |_| crate::web::today_date());
    // P10–P90 bands of options with interruption risk, computed after the lines are painted
    // and only for options whose inputs changed (bands.rs).
    let bands = bands::use_risk_bands(&scenario);
    // Chart texts follow the language: the charts are rebuilt when it changes (the scenario
    // and the engine's results are not). The footer every chart carries is built once per
    // scenario and language and shared; each chart's view-model is then built once per new
    // footer (that is, per change of scenario or language), keyed on the footer's identity, so
    // a render clones and compares the scenario once for them all, not once per chart.
    let lang = state.language;
    let chart_footer = {
        let results = engine_results.clone();
        Same(hooks::use_memo_on(
            (scenario.clone(), lang),
            move |(s, l)| footer(s, results_or_none(&results), &Translator::new(*l)),
        ))
    };
    // The cumulative chart's cost axis: linear, or logarithmic (a view choice, not part of the
    // scenario; the downloads draw what the page shows).
    let log_scale = hooks::use_local(|| false);
    let on_log_scale = {
        let log_scale = log_scale.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                log_scale.set(input.checked());
            }
        })
    };
    let chart = {
        let (state, results, f) = (state.clone(), engine_results.clone(), chart_footer.clone());
        hooks::use_memo_on((f, bands.clone(), *log_scale), move |(f, b, log)| {
            let t = Translator::new(lang);
            crate::web::timed(crate::web::MEASURE_CHART_SERIES, || {
                let c =
                    cumulative_chart(&state.scenario, results_or_none(&results), &f.0, *log, &t);
                with_bands(c, &b.bands, b.pending, state.scenario.monte_carlo(), &t)
            })
        })
    };
    // The ranking, reserved-vs-on-demand and rent-vs-buy charts depend on the footer alone:
    // one memo builds the three (one instance of the memo hook's code), each in an `Rc` of its
    // own that stays the same until the footer changes.
    let footer_charts = {
        let (state, results) = (state.clone(), engine_results.clone());
        hooks::use_memo_on(chart_footer.clone(), move |f| {
            let (s, r, t) = (
                &state.scenario,
                results_or_none(&results),
                Translator::new(lang),
            );
            (
                std::rc::Rc::new(ranking_chart(s, r, &f.0, &t)),
                std::rc::Rc::new(reserved_chart(s, r, &f.0, &t)),
                std::rc::Rc::new(buy_chart(s, r, &f.0, &t)),
            )
        })
    };
    let (ranking, reserved_chart, buy_chart) = (*footer_charts).clone();
    let breakdown = {
        let (state, results) = (state.clone(), engine_results.clone());
        hooks::use_memo_on(
            (chart_footer.clone(), state.breakdown_option),
            move |(f, i)| {
                let r = results_or_none(&results);
                let i = if r.is_empty() { 0 } else { *i };
                breakdown_chart(&state.scenario, r, i, &f.0, &Translator::new(lang))
            },
        )
    };
    // CSVs are built on click only, from the same results and charts as the screen, with
    // headers in the UI language (docs/i18n.md).
    let currency = scenario.display_currency();
    let reserved_csv =
        chart_csv::use_chart_csv(CsvOf::Reserved(reserved_chart.clone()), currency, lang);
    let buy_csv = chart_csv::use_chart_csv(
        CsvOf::Buy(buy_chart.clone(), scenario.month_code()),
        currency,
        lang,
    );
    let breakdown_csv = chart_csv::use_chart_csv(
        CsvOf::Breakdown(breakdown.clone(), scenario.month_code()),
        currency,
        lang,
    );
    let cumulative_csv = chart_csv::use_chart_csv(
        CsvOf::Cumulative(
            engine_results.clone(),
            Box::new(scenario.clone()),
            bands.clone(),
        ),
        currency,
        lang,
    );
    let ranking_csv = chart_csv::use_chart_csv(CsvOf::Ranking(ranking.clone()), currency, lang);
    // Callbacks are memoised on the reducer's dispatcher (stable for the app's life), so a
    // child whose data did not change is not re-rendered: moving a slider must not rebuild the
    // offer table's hundreds of rows.
    let dispatcher = state.dispatcher();
    let d = || dispatcher.clone();
    let on_gpus = use_number_setter(d(), Action::SetGpus);
    let on_hours = use_number_setter(d(), Action::SetHoursPerDay);
    let on_months = use_number_setter(d(), Action::SetMonths);
    let on_rate = use_number_setter(d(), Action::SetUsdPerCny);
    let on_rate_cny = use_number_setter(d(), |v| Action::SetUsdPerCny(1.0 / v));
    let on_days = use_number_setter(d(), Action::SetDaysPerWeek);
    let on_contingency = use_number_setter(d(), Action::SetContingencyPct);
    let on_interruptions = use_number_setter(d(), Action::SetSpotInterruptions);
    let on_interval = use_number_setter(d(), Action::SetCheckpointInterval);
    let on_write = use_number_setter(d(), Action::SetCheckpointWrite);
    let on_restart = use_number_setter(d(), Action::SetRestart);
    let on_job_gpu_hours = use_number_setter(d(), Action::SetJobGpuHours);
    let on_job_within = use_number_setter(d(), Action::SetJobWithinMonths);
    let on_scaling = use_number_setter(d(), Action::SetScalingEfficiency);
    let mc = scenario.monte_carlo();
    // Seeds are at most 2^53 (SEED_SPEC), so they convert to f64 exactly.
    #[allow(clippy::cast_precision_loss)]
    let mc_seed = mc.seed as f64;
    let on_trials = use_dispatch(d(), mc_seed, |v: f64, seed| {
        scenario_action(Action::SetMonteCarlo {
            trials: v,
            seed: *seed,
        })
    });
    let on_seed = use_dispatch(d(), f64::from(mc.trials), |v: f64, trials| {
        scenario_action(Action::SetMonteCarlo {
            trials: *trials,
            seed: v,
        })
    });
    let on_mode = use_dispatch(d(), (), |e: Event, ()| {
        let mode = if select_value(&e) == "job" {
            Mode::Job
        } else {
            Mode::Fleet
        };
        scenario_action(Action::SetMode(mode))
    });
    let on_job_size = use_dispatch(d(), f64::from(scenario.fleet().gpus), |e: Event, gpus| {
        scenario_action(if select_value(&e) == "deadline" {
            Action::SetJobWithinMonths(3.0)
        } else {
            Action::SetGpus(*gpus)
        })
    });
    let on_storage_gb = use_number_setter(d(), Action::SetStorageGb);
    let on_egress_gb = use_number_setter(d(), Action::SetEgressGb);
    let on_storage_price = use_number_setter(d(), Action::SetStoragePrice);
    let on_egress_price = use_number_setter(d(), Action::SetEgressPrice);
    let on_action = use_dispatch(d(), (), |a: Action, ()| scenario_action(a));
    let on_calendar_start = use_dispatch(d(), (), |e: Event, ()| {
        let v = e.target_unchecked_into::<HtmlInputElement>().value();
        scenario_action(Action::SetCalendarStart(v))
    });
    let on_young = use_dispatch(d(), (), |_: MouseEvent, ()| {
        scenario_action(Action::UseSuggestedCheckpointInterval)
    });
    let on_breakdown = use_dispatch(d(), (), |e: Event, ()| {
        select_value(&e)
            .parse::<usize>()
            .ok()
            .map(AppAction::ShowBreakdown)
    });
    let on_currency = use_dispatch(d(), (), |e: Event, ()| {
        Currency::from_code(&select_value(&e)).and_then(|c| scenario_action(Action::SetCurrency(c)))
    });
    let on_month = use_dispatch(d(), *today, |e: Event, today| {
        let v = select_value(&e);
        if v == CALENDAR {
            let start = format!("{:04}-{:02}", today.0, today.1);
            scenario_action(Action::SetCalendarStart(start))
        } else {
            MonthConvention::ALL
                .into_iter()
                .find(|m| m.label() == v)
                .and_then(|m| scenario_action(Action::SetMonthConvention(m)))
        }
    });
    let on_app_action = use_dispatch(d(), (), |action: AppAction, ()| Some(action));
    let dismiss = use_dispatch(d(), (), |_: MouseEvent, ()| Some(AppAction::DismissNotice));
    let fleet = scenario.fleet();
    let job = scenario.job();
    let checkpoint = scenario.checkpoint();
    let is_job = scenario.is_job();
    let calendar_start = scenario.calendar_start();
    let term_months: Vec<Option<u32>> = scenario
        .options()
        .iter()
        .map(|o| o.reserved.map(|r| r.term_months))
        .collect();
    // Variants do not stack: no reserved variant of a reserved option, no spot variant of a
    // spot one.
    let reservable: Vec<bool> = (0..scenario.options().len())
        .map(|i| {
            !scenario.option_commitments(i).is_empty()
                && !scenario.options()[i]
                    .portfolio
                    .is_some_and(|p| p.reserved > 0.0)
        })
        .collect();
    let spottable: Vec<bool> = scenario
        .options()
        .iter()
        .map(|o| {
            let priced =
                o.spot.is_some() || o.offer.is_some_and(|r| r.offer.spot_per_hour.is_some());
            priced && !o.portfolio.is_some_and(|p| p.spot > 0.0)
        })
        .collect();

    let wire = state.dispatcher();
    let t = tr.0.clone();
    // A refused change of a field is said beside that field (its slider's message line).
    // An engine error of the scenario itself (a job that never finishes) is said beside the
    // field it names as well as above the comparison.
    let field_refusal = slider::FieldRefusal(
        state
            .refused_field
            .zip(state.notice.as_ref())
            .map(|(id, n)| (id, n.message(&t)))
            .or_else(|| match &*engine_results {
                Err(e) => state::field_of_path(&e.field).map(|id| (id, t.file_error(e))),
                Ok(_) => None,
            }),
    );
    let tx = |id: Msg| language::attr(&t, id);
    // Today's date for the chart panels' file names, made once for the five of them.
    let today_attr = AttrValue::from((*today_date).clone());
    html! {
        <ContextProvider<language::PageContext> context={language::PageContext { tr: (*tr).clone(), refusal: field_refusal }}>
        <header>
            <div class="title-row">
                <h1>{ t.text(msg!("ui-app-title")) }</h1>
                { language::switch(&t, state.language, &wire) }
            </div>
            <p class="muted intro">{ t.text(msg!("ui-app-intro")) }</p>
        </header>
        <main>
            if update_ready {
                { update::notice(&t) }
            }
            { notices::notices(&t, &state.load_notices, &wire) }
            { summary::sticky_summary(&engine_results, scenario.display_currency(), &t) }
            <div class="workspace">
            <div class="plan-column">
            <section class="card toolbar" aria-label={tx(msg!("ui-scenario-files"))}>
                { presets::preset_menu(&t, &wire) }
                { share::share_bar(&t, &share_bar, share::ShareBarProps {
                    scenario: scenario.clone(),
                    language: state.language,
                    today: (*today_date).clone(),
                    imported: state.imported.clone(),
                    dispatch: wire.clone(),
                }) }
                { saved::saved_scenarios(&t, &state.saved, save_error.as_ref(), &wire) }
            </section>
            <section class="card" aria-labelledby="scenario-heading">
                <h2 id="scenario-heading">{ t.text(if is_job { msg!("ui-scenario-job") } else { msg!("ui-scenario-fleet") }) }</h2>
                { markup::later(later::WORKLOAD, html! { <>
                <fieldset class="editor-group">
                    <legend>{ t.text(msg!("ui-workload")) }</legend>
                    <div class="options">
                        { labelled(t.text(msg!("ui-mode")), select("workload-mode", on_mode, html! { <>
                            { option("fleet".into(), !is_job, tx(msg!("ui-mode-fleet"))) }
                            { option("job".into(), is_job, tx(msg!("ui-mode-job"))) }
                        </> })) }
                        if is_job {
                            { labelled(t.text(msg!("ui-job-size-by")), select("job-size", on_job_size, html! { <>
                                { option("gpus".into(), job.within_months.is_none(), tx(msg!("ui-job-size-gpus"))) }
                                { option("deadline".into(), job.within_months.is_some(), tx(msg!("ui-job-size-deadline"))) }
                            </> })) }
                        }
                    </div>
                    if is_job {
                        <div class="sliders">
                            { fields::JOB_GPU_HOURS.show(&t, job.gpu_hours, on_job_gpu_hours) }
                            if let Some(m) = job.within_months {
                                { fields::JOB_WITHIN.show(&t, m, on_job_within) }
                                // GPUs needed to do the work in time, on the reference GPU running
                                // without pause: far above what the planner models, say so here.
                                if let Some(need) = Some(job.gpu_hours / (m * fleet.month.hours() * job.scaling_efficiency)).filter(|n| *n > f64::from(planner_engine::plan::MAX_GPUS)) {
                                    <p class="small warn" id="job-within-warning" role="status">{ t.text_with(msg!("ui-job-huge"), &[("gpus", Arg::Number(need.round())), ("max", Arg::Number(f64::from(planner_engine::plan::MAX_GPUS)))]) }</p>
                                }
                            } else {
                                { fields::GPUS.show(&t, f64::from(fleet.gpus), on_gpus.clone()) }
                            }
                            { fields::SCALING_EFFICIENCY.show(&t, job.scaling_efficiency, on_scaling) }
                        </div>
                        { markup::note(&t, msg!("ui-job-note")) }
                    } else {
                        <div class="sliders">
                            { fields::GPUS.show(&t, f64::from(fleet.gpus), on_gpus) }
                            { fields::HOURS_PER_DAY.show(&t, fleet.hours_per_day, on_hours) }
                            { fields::DAYS_PER_WEEK.show(&t, scenario.days_per_week(), on_days) }
                            { fields::MONTHS.show(&t, f64::from(fleet.months), on_months) }
                        </div>
                    }
                </fieldset>
                </> }) }
                { markup::later(later::STRATEGY, html! { <>
                <fieldset class="editor-group">
                    <legend>{ t.text(msg!("ui-strategy-legend")) }</legend>
                    <Strategy scenario={scenario.clone()} on_action={on_action.clone()} />
                </fieldset>
                </> }) }
            </section>
            { markup::later(later::OFFERS, html! { <>
            <OfferTable today={*today} selected={scenario.selected()} options={scenario.options().len()} display_currency={scenario.display_currency()} rate={scenario.rate()} filter={state.filter.clone()}
                imported={state.imported.clone()} last_import={state.last_import.clone()} on_action={on_app_action}
                scenario_totals={offer_table::ScenarioTotals(offer_totals)} />
            </> }) }
            { markup::later(later::ASSUMPTIONS, html! { <>
            <section class="card" aria-labelledby="assumptions-heading">
                <h2 id="assumptions-heading">{ t.text(msg!("ui-assumptions")) }</h2>
                <fieldset class="editor-group">
                    <legend>{ t.text(msg!("ui-spot-risk")) }</legend>
                    <div class="sliders">
                        { fields::SPOT_INTERRUPTIONS.show(&t, scenario.spot_interruptions(), on_interruptions) }
                        <div class="slider-with-action">
                            { fields::CHECKPOINT_INTERVAL.show(&t, checkpoint.interval_hours.or(*suggested).unwrap_or(1.0), on_interval) }
                            <p class="small">
                                if checkpoint.interval_hours.is_none() {
                                    <span class="muted" id="checkpoint-suggested">{ match *suggested { Some(h) => t.text_with(msg!("ui-young-using"), &[("hours", Arg::Text(planner_core::format::number(h, 2)))]), None => t.text(msg!("ui-young-pending")) } }</span>
                                } else {
                                    <button class="link" id="use-young" onclick={on_young}>{ match *suggested { Some(h) => t.text_with(msg!("ui-young-use-hours"), &[("hours", Arg::Text(planner_core::format::number(h, 2)))]), None => t.text(msg!("ui-young-use")) } }</button>
                                }
                            </p>
                        </div>
                        { fields::CHECKPOINT_WRITE.show(&t, checkpoint.write_hours, on_write) }
                        { fields::RESTART.show(&t, checkpoint.restart_hours, on_restart) }
                    </div>
                </fieldset>
                <details class="editor-group advanced" id="montecarlo-group">
                    <summary>{ t.text(msg!("ui-mc-group")) }<span class="muted small" id="montecarlo-values">{ " — " }{ t.text_with(msg!("ui-mc-summary"), &[("trials", Arg::Number(f64::from(mc.trials))), ("seed", Arg::Text(mc.seed.to_string()))]) }</span></summary>
                    <div class="sliders">
                        { fields::MC_TRIALS.show(&t, f64::from(mc.trials), on_trials) }
                        { fields::MC_SEED.show(&t, mc_seed, on_seed) }
                    </div>
                    { markup::note(&t, msg!("ui-mc-note")) }
                </details>
                <fieldset class="editor-group">
                    <legend>{ t.text(msg!("ui-storage-egress")) }</legend>
                    <div class="sliders">
                        { fields::STORAGE_GB.show(&t, scenario.storage_gb(), on_storage_gb) }
                        { fields::STORAGE_PRICE.show(&t, scenario.storage_price(), on_storage_price) }
                        { fields::EGRESS_GB.show(&t, scenario.egress_gb_per_month(), on_egress_gb) }
                        { fields::EGRESS_PRICE.show(&t, scenario.egress_price(), on_egress_price) }
                    </div>
                    { markup::note(&t, msg!("ui-per-gb-note")) }
                </fieldset>
                <fieldset class="editor-group">
                    <legend>{ t.text(msg!("ui-budget-conventions")) }</legend>
                    <div class="sliders">
                        { fields::CONTINGENCY.show(&t, scenario.contingency_pct(), on_contingency) }
                    </div>
                <div class="options">
                    { labelled(t.text(msg!("ui-month-length")), select("month-convention", on_month, html! { <>
                        { for MonthConvention::ALL.iter().map(|m| option(m.label().into(), calendar_start.is_none() && *m == fleet.month,
                            (t.text_with(msg!("ui-month-hours"), &[("hours", Arg::Text(m.label().trim_end_matches(" h").to_string()))]) + if *m == MonthConvention::Hours730 { " (365 × 24 ÷ 12)" } else { "" }).into())) }
                        { option(CALENDAR.into(), calendar_start.is_some(), tx(msg!("ui-calendar-months"))) }
                    </> })) }
                    if let Some(start) = calendar_start.clone() {
                        <label>{ t.text(msg!("ui-first-month")) }{ " " }
                            <input type="month" id="calendar-start" value={start} onchange={on_calendar_start} required=true />
                        </label>
                    }
                    { labelled(t.text(msg!("ui-show-totals-in")), select("display-currency", on_currency, html! { <>
                        { for Currency::ALL.iter().map(|c| option(c.code().into(), *c == scenario.display_currency(), c.code().into())) }
                    </> })) }
                </div>
                <div class="sliders">
                    { fields::CNY_PER_USD.show(&t, 1.0 / scenario.rate().usd_per_cny, on_rate_cny) }
                    { fields::USD_PER_CNY.show(&t, scenario.rate().usd_per_cny, on_rate) }
                    if let Some(off) = scenario.rate_far_from_default() {
                        <p class="warn small" id="rate-warning" role="status">{ t.text_with(msg!("ui-rate-far"), &[("pct", Arg::Number((off * 100.0).round())), ("date", Arg::Text(CATALOG_RATE_AS_OF.into()))]) }</p>
                    }
                    <p class="muted small" id="rate-note">{ t.text_with(msg!("ui-rate-note"), &[("rate", Arg::Text(scenario.rate_statement())), ("date", Arg::Text(CATALOG_RATE_AS_OF.into()))]) }</p>
                </div>
                </fieldset>
                <billing_extras::BillingExtras scenario={scenario.clone()} results={Same(engine_results.clone())} on_action={on_action.clone()} />
            </section>
            </> }) }
            { markup::later(later::ADVISOR, html! { <>
            <advisor::Advisor dispatch={wire} scenario={scenario.clone()} sizing={settled} />
            </> }) }
            </div>
            <section class="results-column" aria-label={tx(msg!("ui-results-column"))}>
                { markup::later(later::TOTALS, summary::totals(&engine_results, &term_months, scenario.display_currency(), &t)) }
                { chart_panel(later::CHART, ChartPanelProps {
                    chart: AnyChart::Cumulative(chart),
                    heading: tx(msg!("ui-chart-cumulative")),
                    chart_id: AttrValue::Static("chart"),
                    what: AttrValue::Static("cumulative"),
                    today: today_attr.clone(),
                    csv: cumulative_csv,
                    head: html! { <label class="small"><input type="checkbox" id="log-scale" checked={*log_scale} onchange={on_log_scale} />{ t.text(msg!("ui-log-scale")) }</label> },
                    children: Html::default(),
                }) }
                { chart_panel(later::RANKING, ChartPanelProps {
                    chart: AnyChart::Ranking(ranking),
                    heading: tx(msg!("ui-chart-ranking")),
                    chart_id: AttrValue::Static(chart_ids::RANKING),
                    what: AttrValue::Static("ranking"),
                    today: today_attr.clone(),
                    csv: ranking_csv,
                    head: Html::default(),
                    children: Html::default(),
                }) }
            </section>
            </div>
            { markup::later(later::COMPARISON, html! { <>
            <section class="card" aria-labelledby="results-heading">
                <h2 id="results-heading" tabindex="-1">{ t.text(msg!("ui-compared-options")) }</h2>
                { comparison::comparison(&t, &ComparisonProps {
                    results: Same(engine_results),
                    currency: scenario.display_currency(),
                    month: AttrValue::from(scenario.month_code().to_string()),
                    today: today_attr.clone(),
                    on_action: on_action.clone(),
                    reservable,
                    term_months: term_months.clone(),
                    spottable,
                }, &comparison_error) }
            </section>
            </> }) }
            <div class="chart-grid">
                { chart_panel(later::BREAKDOWN, ChartPanelProps {
                    chart: AnyChart::Breakdown(breakdown),
                    heading: tx(msg!("ui-chart-breakdown")),
                    chart_id: AttrValue::Static(chart_ids::BREAKDOWN),
                    what: AttrValue::Static("breakdown"),
                    today: today_attr.clone(),
                    csv: breakdown_csv,
                    head: Html::default(),
                    children: html! {
                    <label class="chart-control">{ t.text(msg!("ui-option")) }{ " " }
                        { select("breakdown-option", on_breakdown, html! { <>
                            { for scenario.options().iter().enumerate().map(|(i, o)| {
                                let name = o.name.clone()
                                    .or_else(|| o.offer.map(|r| r.offer.label()))
                                    .unwrap_or_else(|| t.text_with(msg!("ui-option-n"), &[("n", Arg::Number((i + 1) as f64))]));
                                option(i.to_string().into(), i == state.breakdown_option, name.into())
                            }) }
                        </> }) }
                    </label>
                    },
                }) }
                { chart_panel(later::RESERVED, ChartPanelProps {
                    chart: AnyChart::Lines(reserved_chart),
                    heading: tx(msg!("ui-chart-reserved")),
                    chart_id: AttrValue::Static(chart_ids::RESERVED),
                    what: AttrValue::Static("reserved-vs-on-demand"),
                    today: today_attr.clone(),
                    csv: reserved_csv,
                    head: Html::default(),
                    children: Html::default(),
                }) }
                { chart_panel(later::BUY, ChartPanelProps {
                    chart: AnyChart::Lines(buy_chart),
                    heading: tx(msg!("ui-chart-buy")),
                    chart_id: AttrValue::Static(chart_ids::BUY),
                    what: AttrValue::Static("rent-vs-buy"),
                    today: today_attr.clone(),
                    csv: buy_csv,
                    head: Html::default(),
                    children: strategy::buy_form(&t, scenario.buy(), scenario.display_currency(), &on_action),
                }) }
            </div>
            if let (Some(n), None) = (&state.notice, state.refused_field) {
                <p class="notice" role="alert" id="notice">{ n.message(&t) }{ " " }<button class="link" onclick={dismiss}>{ t.text(msg!("ui-dismiss-lower")) }</button></p>
            }
        </main>
        <startup::Later after_frames={later::FOOTER} on_shown={on_all_mounted}>
        <footer class="muted small">
            { t.text(msg!("ui-footer")) }
        </footer>
        </startup::Later>
        </ContextProvider<language::PageContext>>
    }
}
