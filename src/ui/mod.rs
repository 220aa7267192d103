//! The Yew user interface: one reducer at the root ([`state`]), components that receive data
//! and `on*` callbacks, and derived values computed with `use_memo`.

pub mod advisor;
pub mod chart_panel;
pub mod comparison;
pub mod language;
pub mod notices;
pub mod offer_table;
pub mod presets;
pub mod saved;
pub mod share;
pub mod slider;
pub mod startup;
pub mod state;
pub mod strategy;

use crate::catalog::Currency;
use crate::engine::file::Mode;
use crate::model::MonthConvention;
use crate::scenario::{
    engine_breakdown_chart, engine_buy_chart, engine_cumulative_chart, engine_ranking_chart,
    engine_reserved_chart, with_bands, Action, CHECKPOINT_INTERVAL_SPEC, CONTINGENCY_SPEC,
    DAYS_PER_WEEK_SPEC, DEFAULT_JOB_GPU_HOURS, GPUS_SPEC, HOURS_PER_DAY_SPEC, HOURS_SPEC,
    INTERRUPTIONS_SPEC, JOB_GPU_HOURS_SPEC, JOB_WITHIN_SPEC, MONTHS_SPEC, PER_GB_PRICE_SPEC,
    RATE_SPEC, SCALING_SPEC, VOLUME_GB_SPEC,
};
use chart_panel::{AnyChart, ChartPanel};
use comparison::Comparison;
use offer_table::OfferTable;
use slider::Slider;
use state::{AppAction, AppState};
use strategy::{BuyForm, Strategy};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Milliseconds the scenario must stay unchanged before the offer table's scenario totals
/// are recomputed.
const SETTLE_MS: u32 = 200;

/// Mounts the app on the document body, after installing [`install_panic_hook`].
pub fn start() {
    install_panic_hook();
    yew::Renderer::<App>::new().render();
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// `console.error(text)`.
    #[wasm_bindgen::prelude::wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(text: &str);
}

/// Id of the visible message a panic leaves on the page.
pub const PANIC_NOTICE_ID: &str = "panic-notice";

/// Makes a panic visible: the message goes to `console.error` (prefixed
/// `"gpu-cost-planner panicked: "`) and a `#panic-notice` alert at the top of the page asks
/// the user to reload (the release build aborts after a panic, so the page stops responding).
/// A minimal stand-in for the `console_error_panic_hook` crate: no stack trace, no extra
/// dependency. Every panic is a bug: browser code returns errors instead.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        console_error(&format!("gpu-cost-planner panicked: {info}"));
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        if doc.get_element_by_id(PANIC_NOTICE_ID).is_some() {
            return;
        }
        if let (Ok(p), Some(body)) = (doc.create_element("p"), doc.body()) {
            p.set_id(PANIC_NOTICE_ID);
            let _ = p.set_attribute("role", "alert");
            let _ = p.set_attribute("class", "notice");
            p.set_text_content(Some(
                "The planner hit an internal error and stopped. Your last autosaved state is kept: reload the page to continue.",
            ));
            let _ = body.prepend_with_node_1(&p);
        }
    }));
}

/// Mounts the app inside `root` (used by the browser tests).
pub fn mount(root: web_sys::Element) {
    yew::Renderer::<App>::with_root(root).render();
}

/// A slider's `on_change`: dispatches `action(value)`, memoised so it keeps its identity
/// across renders.
#[hook]
fn use_number_setter(
    dispatcher: UseReducerDispatcher<AppState>,
    action: fn(f64) -> Action,
) -> Callback<f64> {
    use_callback(dispatcher, move |v: f64, d| {
        d.dispatch(AppAction::Scenario(action(v)))
    })
}

/// The whole app.
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(startup::initial_state);
    let scenario = state.scenario.clone();
    let save_error = startup::use_autosave(state.to_stored(), state.hold_storage);
    let tr = use_memo(state.language, |l| language::Tr::new(*l));

    let today = use_memo((), |_| crate::web::today_year_month());
    // The engine's full results (every component, commitment, warnings) for the comparison
    // table; an invalid option shows its message there and nothing else changes.
    let engine_results = use_memo(scenario.clone(), |s| {
        crate::web::timed(crate::web::MEASURE_RECOMPUTE, || {
            s.evaluate().map_err(|e| e.to_string())
        })
    });
    // The offer table's scenario-total column follows the scenario once it has been still for
    // a moment, so dragging a slider never rebuilds the table's rows.
    let settled = use_state(|| scenario.clone());
    {
        let settled = settled.clone();
        use_effect_with(scenario.clone(), move |s| {
            let s = s.clone();
            let timer = gloo::timers::callback::Timeout::new(SETTLE_MS, move || settled.set(s));
            move || drop(timer)
        });
    }
    let offer_totals = use_memo(((*settled).clone(), state.imported_offers), |(s, _)| {
        let all: Vec<&'static crate::catalog::Offer> = crate::catalog::OFFERS
            .iter()
            .chain(crate::catalog::user::offers())
            .collect();
        s.offer_totals(&all)
    });
    // Young's interval for the most interrupted option (what "suggested" means in the editor).
    let suggested = use_memo(engine_results.clone(), |r| match &**r {
        Ok(r) => r
            .iter()
            .filter_map(|o| o.suggested_checkpoint_hours)
            .filter(|h| h.is_finite())
            .reduce(f64::min),
        Err(_) => None,
    });
    let today_date = use_memo((), |_| crate::web::today_date());
    // P10–P90 bands of options with interruption risk (1,000 seeded trials each, memoised on
    // the scenario, so redraws without a scenario change reuse them).
    let bands = use_memo(scenario.clone(), |s| s.risk_bands());
    let chart = {
        let results = engine_results.clone();
        let bands = bands.clone();
        use_memo(scenario.clone(), move |s| {
            crate::web::timed(crate::web::MEASURE_CHART_SERIES, || match &*results {
                Ok(r) => with_bands(engine_cumulative_chart(s, r), &bands),
                Err(_) => engine_cumulative_chart(s, &[]),
            })
        })
    };

    let ranking = {
        let results = engine_results.clone();
        use_memo(scenario.clone(), move |s| match &*results {
            Ok(r) => engine_ranking_chart(s, r),
            Err(_) => engine_ranking_chart(s, &[]),
        })
    };
    let breakdown = {
        let results = engine_results.clone();
        use_memo(
            (scenario.clone(), state.breakdown_option),
            move |(s, i)| match &*results {
                Ok(r) => engine_breakdown_chart(s, r, *i),
                Err(_) => engine_breakdown_chart(s, &[], 0),
            },
        )
    };
    let reserved_chart = {
        let results = engine_results.clone();
        use_memo(scenario.clone(), move |s| match &*results {
            Ok(r) => engine_reserved_chart(s, r),
            Err(_) => engine_reserved_chart(s, &[]),
        })
    };
    let buy_chart = {
        let results = engine_results.clone();
        use_memo(scenario.clone(), move |s| match &*results {
            Ok(r) => engine_buy_chart(s, r),
            Err(_) => engine_buy_chart(s, &[]),
        })
    };
    let reserved_csv = use_callback(
        (reserved_chart.clone(), scenario.display_currency()),
        |(), (chart, currency)| {
            crate::chart::lines::lines_csv(
                chart,
                "utilisation_pct",
                &format!(
                    "{}_per_instance_hour_of_term",
                    currency.code().to_lowercase()
                ),
            )
        },
    );
    let buy_csv = use_callback((buy_chart.clone(), scenario.clone()), |(), (chart, s)| {
        crate::chart::lines::lines_csv(
            chart,
            &format!("month_{}", s.month_code()),
            &format!("cumulative_{}", s.display_currency().code().to_lowercase()),
        )
    });
    let breakdown_csv = use_callback((breakdown.clone(), scenario.clone()), |(), (chart, s)| {
        crate::chart::breakdown::breakdown_csv(chart, s.display_currency().code(), s.month_code())
    });
    // CSVs are built on click only, from the same results and charts as the screen.
    let cumulative_csv = use_callback(
        (engine_results.clone(), scenario.clone(), bands.clone()),
        |(), (results, s, bands)| match &**results {
            Ok(r) => crate::comparison::cumulative_csv_with_bands(
                r,
                bands,
                s.display_currency(),
                s.month_code(),
            ),
            Err(_) => String::new(),
        },
    );
    let ranking_csv = use_callback(
        (ranking.clone(), scenario.display_currency()),
        |(), (chart, currency)| crate::chart::ranking::ranking_csv(chart, currency.code()),
    );
    // Callbacks are memoised on the reducer's dispatcher (stable for the app's life), so a
    // child whose data did not change is not re-rendered: moving a slider must not rebuild the
    // offer table's hundreds of rows.
    let dispatcher = state.dispatcher();
    let on_gpus = use_number_setter(dispatcher.clone(), Action::SetGpus);
    let on_hours = use_number_setter(dispatcher.clone(), Action::SetHoursPerDay);
    let on_months = use_number_setter(dispatcher.clone(), Action::SetMonths);
    let on_rate = use_number_setter(dispatcher.clone(), Action::SetUsdPerCny);
    let on_days = use_number_setter(dispatcher.clone(), Action::SetDaysPerWeek);
    let on_contingency = use_number_setter(dispatcher.clone(), Action::SetContingencyPct);
    let on_interruptions = use_number_setter(dispatcher.clone(), Action::SetSpotInterruptions);
    let on_interval = use_number_setter(dispatcher.clone(), Action::SetCheckpointInterval);
    let on_write = use_number_setter(dispatcher.clone(), Action::SetCheckpointWrite);
    let on_restart = use_number_setter(dispatcher.clone(), Action::SetRestart);
    let on_job_gpu_hours = use_number_setter(dispatcher.clone(), Action::SetJobGpuHours);
    let on_job_within = use_number_setter(dispatcher.clone(), Action::SetJobWithinMonths);
    let on_scaling = use_number_setter(dispatcher.clone(), Action::SetScalingEfficiency);
    let on_mode = use_callback(dispatcher.clone(), |e: Event, d| {
        let v = e.target_unchecked_into::<HtmlSelectElement>().value();
        let mode = if v == "job" { Mode::Job } else { Mode::Fleet };
        d.dispatch(AppAction::Scenario(Action::SetMode(mode)));
    });
    let on_job_size = use_callback(
        (dispatcher.clone(), scenario.fleet().gpus),
        |e: Event, (d, gpus)| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            d.dispatch(AppAction::Scenario(if v == "deadline" {
                Action::SetJobWithinMonths(3.0)
            } else {
                Action::SetGpus(f64::from(*gpus))
            }));
        },
    );
    let on_storage_gb = use_number_setter(dispatcher.clone(), Action::SetStorageGb);
    let on_egress_gb = use_number_setter(dispatcher.clone(), Action::SetEgressGb);
    let on_storage_price = use_number_setter(dispatcher.clone(), Action::SetStoragePrice);
    let on_egress_price = use_number_setter(dispatcher.clone(), Action::SetEgressPrice);
    let on_action = use_callback(dispatcher.clone(), |a: Action, d| {
        d.dispatch(AppAction::Scenario(a))
    });
    let on_reserved_variant = use_callback(dispatcher.clone(), |index: usize, d| {
        d.dispatch(AppAction::Scenario(Action::AddReservedVariant {
            index,
            reserved_pct: 60.0,
            commitment: 0,
        }))
    });
    let on_calendar_start = use_callback(dispatcher.clone(), |e: Event, d| {
        let v = e.target_unchecked_into::<HtmlInputElement>().value();
        d.dispatch(AppAction::Scenario(Action::SetCalendarStart(v)));
    });
    let on_young = use_callback(dispatcher.clone(), |_: MouseEvent, d| {
        d.dispatch(AppAction::Scenario(Action::UseSuggestedCheckpointInterval))
    });
    let on_spot_variant = use_callback(dispatcher.clone(), |index: usize, d| {
        d.dispatch(AppAction::Scenario(Action::AddSpotVariant {
            index,
            spot_pct: 100.0,
        }))
    });
    let on_remove_option = use_callback(dispatcher.clone(), |i: usize, d| {
        d.dispatch(AppAction::Scenario(Action::RemoveOption(i)))
    });
    let on_toggle = use_callback(dispatcher.clone(), |id: String, d| {
        d.dispatch(AppAction::Scenario(Action::ToggleOffer(id)))
    });
    let on_breakdown = use_callback(dispatcher.clone(), |e: Event, d| {
        let v = e.target_unchecked_into::<HtmlSelectElement>().value();
        if let Ok(i) = v.parse::<usize>() {
            d.dispatch(AppAction::ShowBreakdown(i));
        }
    });
    let on_filter = use_callback(dispatcher.clone(), |f, d| d.dispatch(AppAction::Filter(f)));
    let on_currency = use_callback(dispatcher.clone(), |e: Event, d| {
        let v = e.target_unchecked_into::<HtmlSelectElement>().value();
        if let Some(c) = Currency::from_code(&v) {
            d.dispatch(AppAction::Scenario(Action::SetCurrency(c)));
        }
    });
    let on_month = use_callback((dispatcher.clone(), *today), |e: Event, (d, today)| {
        let v = e.target_unchecked_into::<HtmlSelectElement>().value();
        if v == crate::scenario::CALENDAR {
            let start = format!("{:04}-{:02}", today.0, today.1);
            d.dispatch(AppAction::Scenario(Action::SetCalendarStart(start)));
        } else if let Some(m) = MonthConvention::ALL.into_iter().find(|m| m.label() == v) {
            d.dispatch(AppAction::Scenario(Action::SetMonthConvention(m)));
        }
    });
    let on_imported = use_callback(dispatcher.clone(), |(report, total), d| {
        d.dispatch(AppAction::Imported(report, total))
    });
    let dismiss = use_callback(dispatcher, |_: MouseEvent, d| {
        d.dispatch(AppAction::DismissNotice)
    });
    let fleet = scenario.fleet();
    let file = scenario.to_file();
    let checkpoint = scenario.checkpoint();
    let is_job = scenario.is_job();
    let calendar_start = scenario.calendar_start().map(str::to_string);
    let reservable: Vec<bool> = (0..scenario.options().len())
        .map(|i| !scenario.option_commitments(i).is_empty())
        .collect();

    let wire = state.dispatcher();
    html! {
        <ContextProvider<language::Tr> context={(*tr).clone()}>
        <header>
            <h1>{ "GPU rental cost planner" }</h1>
            <p class="muted">{ "Compare real, dated GPU rental offers. Everything runs in your browser; nothing is sent anywhere." }</p>
            <language::LanguageSwitch language={state.language} dispatch={wire.clone()} />
        </header>
        <main>
            <notices::Notices notices={state.load_notices.clone()} dispatch={wire.clone()} />
            <section class="card toolbar" aria-label="scenario files">
                <presets::PresetMenu dispatch={wire.clone()} />
                <share::ShareBar scenario={scenario.clone()} language={state.language} today={(*today_date).clone()} dispatch={wire.clone()} />
                <saved::SavedScenarios saved={state.saved.clone()} save_error={save_error} dispatch={wire.clone()} />
            </section>
            <section class="card" aria-labelledby="scenario-heading">
                <h2 id="scenario-heading">{ if is_job { "Scenario: job" } else { "Scenario: fleet" } }</h2>
                <fieldset class="editor-group">
                    <legend>{ "Workload" }</legend>
                    <div class="options">
                        <label>{ "Mode " }
                            <select id="workload-mode" onchange={on_mode}>
                                <option value="fleet" selected={!is_job}>{ "fleet: N GPUs for a number of months" }</option>
                                <option value="job" selected={is_job}>{ "job: a fixed amount of work, until finished" }</option>
                            </select>
                        </label>
                        if is_job {
                            <label>{ "Size the job by " }
                                <select id="job-size" onchange={on_job_size}>
                                    <option value="gpus" selected={file.workload.within_months.is_none()}>{ "GPU count" }</option>
                                    <option value="deadline" selected={file.workload.within_months.is_some()}>{ "deadline" }</option>
                                </select>
                            </label>
                        }
                    </div>
                    if is_job {
                        <div class="sliders">
                            <Slider id="job-gpu-hours" label="Work" unit="reference GPU-hours (A100 80GB)" value={file.workload.gpu_hours.unwrap_or(DEFAULT_JOB_GPU_HOURS)}
                                spec={JOB_GPU_HOURS_SPEC} slider_max={200_000.0} step={1_000.0} on_change={on_job_gpu_hours} />
                            if let Some(m) = file.workload.within_months {
                                <Slider id="job-within" label="Finish within" unit="months" value={m}
                                    spec={JOB_WITHIN_SPEC} slider_max={24.0} step={0.5} on_change={on_job_within} />
                            } else {
                                <Slider id="gpus" label="GPUs" unit="GPUs" value={f64::from(fleet.gpus)} spec={GPUS_SPEC}
                                    slider_max={256.0} step={1.0} on_change={on_gpus.clone()} />
                            }
                            <Slider id="scaling-efficiency" label="Scaling efficiency" unit="η (0–1)" value={file.workload.scaling_efficiency.unwrap_or(1.0)}
                                spec={SCALING_SPEC} slider_max={1.0} step={0.01} on_change={on_scaling} />
                        </div>
                        <p class="muted small">{ "Each option runs until the work is done at its GPU's throughput (set per option under Strategy); the charts span the longest option." }</p>
                    } else {
                        <div class="sliders">
                            <Slider id="gpus" label="GPUs" unit="GPUs" value={f64::from(fleet.gpus)} spec={GPUS_SPEC}
                                slider_max={256.0} step={1.0} on_change={on_gpus} />
                            <Slider id="hours-per-day" label="Hours per day" unit="h/day" value={fleet.hours_per_day}
                                spec={HOURS_PER_DAY_SPEC} slider_max={24.0} step={0.5} on_change={on_hours} />
                            <Slider id="days-per-week" label="Days per week" unit="days/week" value={file.workload.days_per_week.unwrap_or(7.0)}
                                spec={DAYS_PER_WEEK_SPEC} slider_max={7.0} step={0.5} on_change={on_days} />
                            <Slider id="months" label="Months" unit="months" value={f64::from(fleet.months)} spec={MONTHS_SPEC}
                                slider_max={60.0} step={1.0} on_change={on_months} />
                        </div>
                    }
                </fieldset>
                <fieldset class="editor-group">
                    <legend>{ "Spot risk (applies to spot variants)" }</legend>
                    <div class="sliders">
                        <Slider id="spot-interruptions" label="Interruptions per instance-hour" unit="/h" value={scenario.spot_interruptions()}
                            spec={INTERRUPTIONS_SPEC} slider_max={0.2} step={0.005} on_change={on_interruptions} />
                        <div class="slider-with-action">
                            <Slider id="checkpoint-interval" label="Checkpoint every" unit="h" value={checkpoint.interval_hours.or(*suggested).unwrap_or(1.0)}
                                spec={CHECKPOINT_INTERVAL_SPEC} slider_max={24.0} step={0.25} on_change={on_interval} />
                            <p class="small">
                                if checkpoint.interval_hours.is_none() {
                                    <span class="muted" id="checkpoint-suggested">{ match *suggested { Some(h) => format!("Using Young's optimum √(2c/λ) = {} h", crate::format::number(h, 2)), None => "Young's optimum applies once a spot option has interruptions and a write time".to_string() } }</span>
                                } else {
                                    <button class="link" id="use-young" onclick={on_young}>{ match *suggested { Some(h) => format!("Use the suggested optimum ({} h, Young)", crate::format::number(h, 2)), None => "Use the suggested optimum (Young)".to_string() } }</button>
                                }
                            </p>
                        </div>
                        <Slider id="checkpoint-write" label="Checkpoint write time" unit="h" value={checkpoint.write_hours}
                            spec={HOURS_SPEC} slider_max={2.0} step={0.01} on_change={on_write} />
                        <Slider id="restart" label="Restart time" unit="h" value={checkpoint.restart_hours}
                            spec={HOURS_SPEC} slider_max={4.0} step={0.05} on_change={on_restart} />
                    </div>
                </fieldset>
                <fieldset class="editor-group">
                    <legend>{ "Storage and egress" }</legend>
                    <div class="sliders">
                        <Slider id="storage-gb" label="Storage kept" unit="GB" value={file.storage_gb}
                            spec={VOLUME_GB_SPEC} slider_max={10_000.0} step={100.0} on_change={on_storage_gb} />
                        <Slider id="storage-price" label="Storage price" unit="per GB-month" value={scenario.storage_price()}
                            spec={PER_GB_PRICE_SPEC} slider_max={0.3} step={0.005} on_change={on_storage_price} />
                        <Slider id="egress-gb" label="Egress" unit="GB/month" value={file.egress_gb_per_month}
                            spec={VOLUME_GB_SPEC} slider_max={10_000.0} step={100.0} on_change={on_egress_gb} />
                        <Slider id="egress-price" label="Egress price" unit="per GB" value={scenario.egress_price()}
                            spec={PER_GB_PRICE_SPEC} slider_max={0.2} step={0.005} on_change={on_egress_price} />
                    </div>
                    <p class="muted small">{ "Per-GB prices are in each option's own currency and apply to every compared option." }</p>
                </fieldset>
                <fieldset class="editor-group">
                    <legend>{ "Strategy of one option: reserved / spot / on-demand" }</legend>
                    <Strategy scenario={scenario.clone()} on_action={on_action.clone()} />
                </fieldset>
                <fieldset class="editor-group">
                    <legend>{ "Budget and conventions" }</legend>
                    <div class="sliders">
                        <Slider id="contingency" label="Contingency" unit="%" value={file.contingency_pct}
                            spec={CONTINGENCY_SPEC} slider_max={50.0} step={1.0} on_change={on_contingency} />
                    </div>
                <div class="options">
                    <label>{ "Month length " }
                        <select id="month-convention" onchange={on_month}>
                            { for MonthConvention::ALL.iter().map(|m| html!{
                                <option value={m.label()} selected={calendar_start.is_none() && *m == fleet.month}>{ m.label() }{ if *m == MonthConvention::Hours730 { " (365 × 24 ÷ 12)" } else { "" } }</option>
                            }) }
                            <option value={crate::scenario::CALENDAR} selected={calendar_start.is_some()}>{ "calendar months" }</option>
                        </select>
                    </label>
                    if let Some(start) = calendar_start.clone() {
                        <label>{ "First month " }
                            <input type="month" id="calendar-start" value={start} onchange={on_calendar_start} required=true />
                        </label>
                    }
                    <label>{ "Show totals in " }
                        <select id="display-currency" onchange={on_currency}>
                            { for Currency::ALL.iter().map(|c| html!{ <option value={c.code()} selected={*c == scenario.display_currency()}>{ c.code() }</option> }) }
                        </select>
                    </label>
                </div>
                <div class="sliders">
                    <Slider id="usd-per-cny" label="Exchange rate: USD per 1 CNY" unit="USD/CNY" value={scenario.rate().usd_per_cny}
                        spec={RATE_SPEC} slider_max={0.2} step={0.001} on_change={on_rate} />
                    <p class="muted small">{ format!("{}. Default 0.138: the rate the catalog's Alibaba and Tencent source used (2026). Editing it never changes the catalog; offers already in the display currency are not converted.", scenario.rate_statement()) }</p>
                </div>
                </fieldset>
            </section>
            <section class="card" aria-labelledby="results-heading">
                <h2 id="results-heading" tabindex="-1">{ "Compared options" }</h2>
                <Comparison results={engine_results} currency={scenario.display_currency()} month={AttrValue::from(scenario.month_code().to_string())}
                    today={(*today_date).clone()} on_spot_variant={on_spot_variant}
                    reservable={reservable} on_reserved_variant={on_reserved_variant} on_remove={on_remove_option} />
            </section>
            <ChartPanel chart={AnyChart::Cumulative(chart)} heading="Cumulative cost over time" canvas_id="chart"
                what="cumulative" today={(*today_date).clone()} csv={cumulative_csv} />
            <div class="chart-grid">
                <ChartPanel chart={AnyChart::Breakdown(breakdown)} heading="Monthly cost by component" canvas_id="chart-breakdown"
                    what="breakdown" today={(*today_date).clone()} csv={breakdown_csv}>
                    <label class="chart-control">{ "Option " }
                        <select id="breakdown-option" onchange={on_breakdown}>
                            { for scenario.options().iter().enumerate().map(|(i, o)| {
                                let name = o.name.clone()
                                    .or_else(|| o.offer.as_deref().and_then(crate::catalog::offer_by_id).map(crate::scenario::offer_label))
                                    .unwrap_or_else(|| format!("option {}", i + 1));
                                html!{ <option value={i.to_string()} selected={i == state.breakdown_option}>{ name }</option> }
                            }) }
                        </select>
                    </label>
                </ChartPanel>
                <ChartPanel chart={AnyChart::Ranking(ranking)} heading="Ranking by total" canvas_id="chart-ranking"
                    what="ranking" today={(*today_date).clone()} csv={ranking_csv} />
                <ChartPanel chart={AnyChart::Lines(reserved_chart)} heading="Reserved vs on-demand" canvas_id="chart-reserved"
                    what="reserved-vs-on-demand" today={(*today_date).clone()} csv={reserved_csv} />
                <ChartPanel chart={AnyChart::Lines(buy_chart)} heading="Rent vs buy" canvas_id="chart-buy"
                    what="rent-vs-buy" today={(*today_date).clone()} csv={buy_csv}>
                    <BuyForm buy={file.buy} currency={scenario.display_currency()} on_action={on_action.clone()} />
                </ChartPanel>
            </div>
            if let Some(n) = &state.notice {
                <p class="notice" role="alert" id="notice">{ n }{ " " }<button class="link" onclick={dismiss}>{ "dismiss" }</button></p>
            }
            <OfferTable today={*today} selected={scenario.selected()} display_currency={scenario.display_currency()} rate={scenario.rate()} filter={state.filter.clone()} on_filter={on_filter} on_toggle={on_toggle}
                imported_offers={state.imported_offers} last_import={state.last_import.clone()} on_imported={on_imported}
                scenario_totals={offer_totals} />
            <advisor::Advisor dispatch={wire} />
        </main>
        <footer class="muted small">
            { "Prices: public snapshots listed in data/catalog-sources/PROVENANCE.md, each with its as-of date; list prices per instance-hour, excluding tax, storage and egress. Not a quote." }
        </footer>
        </ContextProvider<language::Tr>>
    }
}
