//! The "Billing details" group of the plan editor: bill items other planners leave out (issue
//! 18), as a collapsed `<details>` whose summary shows the current values while it is closed.
//! For the chosen option: its savings plan (commitment per hour, price under the plan, term;
//! docs/cost-model.md, "Savings plans") with its break-even utilisation and the flag when the
//! plan costs more than on-demand, and its support plan (a published AWS, Azure or Google Cloud
//! plan with its date, or a minimum and percentage of one's own; "Support plans"), and its
//! provider's SLA (committed availability, the credit at the expected availability) beside the
//! expected downtime cost ("SLA and service credits"). Values go
//! through the typed actions ([`Action::SetSavingsPlan`], [`Action::SetSupportPlan`],
//! [`Action::SetOwnSupport`], [`Action::SetPackages`]), so a bad value is refused beside its
//! field and the last valid result stays. Its day, week, month and year packages
//! (包日/包周/包月/包年, e.g. an AutoDL weekly package) are priced per instance beside hourly
//! billing, and the cheapest mix the engine picks is shown ("Packages"). In job mode, a
//! deadline in hours turns on deadline-safe spot ([`Action::SetDeadlineSpot`]; "Deadline-safe
//! spot") and the chosen option's cost and finish bands are shown beside all-spot and
//! all-on-demand, in numbers and in a chart ([`deadline_chart`]). The deadline Monte Carlo runs
//! once per change of its inputs (memoised on [`Scenario::deadline_inputs`]), not on every
//! render of the group. A value the scenario refuses (e.g. a deadline shorter than the job on
//! on-demand) is not dispatched: its message shows beside the field it came from, in the
//! page's language, and the last valid result stays.

#[path = "deadline_chart.rs"]
mod deadline_chart;

use crate::ui::language::attr;
use crate::ui::language::use_tr;
use crate::ui::markup;
use crate::ui::slider::{self, SliderDef, SliderProps, Text};
use planner_app::action::Action;
use planner_app::i18n::{self, Arg, Msg};
use planner_app::msg;
use planner_app::state::Scenario;
use planner_app::validation::{Input, ScenarioError};
use planner_app::validation::{
    DEADLINE_SPOT_SPEC, PACKAGE_PRICE_SPEC, SAVINGS_PLAN_COMMITMENT_SPEC, SAVINGS_PLAN_RATE_SPEC,
    SAVINGS_PLAN_TERM_SPEC, SETTLEMENT_UNIT_SPEC, SUPPORT_MINIMUM_SPEC, SUPPORT_PCT_SPEC,
};
use planner_core::catalog::support::SUPPORT_PLANS;
use planner_core::error::FileError;
use planner_core::format;
use planner_core::option::{OnDemandPrices, OptionInput, SupportChoice};
use planner_engine::plan::OptionResult;
use planner_engine::Currency;
use std::rc::Rc;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// Properties of [`BillingExtras`].
#[derive(Properties, PartialEq, Clone)]
pub struct BillingExtrasProps {
    /// The scenario in force.
    pub scenario: Scenario,
    /// The engine's results for it (the break-even and the flag are read from them), compared
    /// by identity (the app's memo hands out a new `Rc` only when it recomputes them).
    pub results: crate::ui::Same<Result<Vec<OptionResult>, FileError>>,
    /// Dispatches a scenario change.
    pub on_action: Callback<Action>,
}

/// Value of the support select's "own plan" entry (published ids never take it).
const OWN: &str = "own";

/// Term offered when an option has no plan yet: 12 months (AWS and Azure sell 12 and 36).
const DEFAULT_TERM_MONTHS: u32 = 12;

/// The option's own currency (inline, else its offer's, else USD).
fn option_currency(o: &OptionInput) -> Currency {
    o.currency
        .or_else(|| o.offer.map(|r| r.offer.currency))
        .unwrap_or(Currency::Usd)
}

/// The option's flat on-demand price per instance-hour, if it has one (the starting value of
/// the price under a plan, which the user then lowers to the plan's rate).
fn on_demand_price(o: &OptionInput) -> Option<f64> {
    match o.on_demand {
        Some(OnDemandPrices::Flat(p)) => Some(p),
        _ => None,
    }
    .or_else(|| o.offer.and_then(|r| r.offer.on_demand_per_hour))
}

/// Which control of the group a refusal came from (its message shows beside it).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Part {
    SavingsPlan,
    Support,
    Packages,
    Stopped,
    Settlement,
    Deadline,
}

/// The collapsed "Billing details" group.
#[function_component(BillingExtras)]
pub fn billing_extras(props: &BillingExtrasProps) -> Html {
    let chosen = crate::ui::hooks::use_local(|| 0usize);
    let refusal = crate::ui::hooks::use_local(|| None::<(Part, ScenarioError)>);
    let t = use_tr();
    let deadline_panel = deadline_chart::use_panel();
    // Deadline-safe spot of every option, run once per change of its inputs (cheap to build;
    // `None` when refused: the refusal is shown when the deadline is set).
    let deadline_all =
        crate::ui::hooks::use_memo_on(props.scenario.deadline_inputs().ok(), |inputs| {
            inputs.as_ref().map(|v| {
                v.iter()
                    .map(|i| i.as_ref().and_then(|i| i.run().ok()))
                    .collect::<Vec<_>>()
            })
        });
    // Applies `action` to a copy of the scenario first: a refusal stays beside `part`'s
    // field and nothing is dispatched; an accepted value clears it and is dispatched.
    let dispatch = {
        let (on_action, scenario, refusal) = (
            props.on_action.clone(),
            props.scenario.clone(),
            refusal.clone(),
        );
        Rc::new(
            move |part: Part, action: Action| match scenario.apply(action.clone()) {
                Ok(_) => {
                    refusal.set(None);
                    on_action.emit(action);
                }
                Err(e) => refusal.set(Some((part, e))),
            },
        )
    };
    let refused = |part: Part| match &*refusal {
        Some((p, e)) if *p == part => html! {
            <p class="field-error" role="alert" id={format!("billing-refusal-{}", part_id(part))}>{ t.field_refusal(e) }</p>
        },
        _ => html! {},
    };
    let tx = |id: Msg| AttrValue::from(t.text(id));
    let scenario = &props.scenario;
    let options = scenario.options();
    let lang = t.language();

    // Summary while closed: every option's plan, then every support plan, storage billed
    // while stopped (when anything is stored), settlement unit and packages, or "none".
    let mut parts: [Vec<String>; 5] = Default::default();
    for (i, o) in options.iter().enumerate() {
        let option = || Arg::Text(scenario.option_name(i));
        if let Some(p) = o.savings_plan {
            parts[0].push(t.text_with(
                msg!("ui-billing-summary-plan"),
                &[
                    ("option", option()),
                    (
                        "commitment",
                        Arg::Text(i18n::money(lang, p.commitment_per_hour, option_currency(o))),
                    ),
                    ("months", Arg::Exact(f64::from(p.term_months))),
                ],
            ));
        }
        if let Some(support) = &o.support {
            let name = match support {
                SupportChoice::Published(p) => p.name.to_string(),
                SupportChoice::Own(_) => t.text(msg!("ui-support-own")),
            };
            parts[1].push(t.text_with(
                msg!("ui-billing-summary-support"),
                &[("option", option()), ("plan", Arg::Text(name))],
            ));
        }
        // Only where it costs something: with no storage it changes nothing. Turned off
        // against the provider's sourced rule, it is said too (a cost left out on purpose).
        if scenario.storage_gb() > 0.0 {
            let provider_bills = o
                .offer
                .and_then(|r| planner_core::catalog::stopped::stopped_billing(r.offer.provider))
                .is_some_and(|r| r.storage_billed);
            if o.storage_billed_while_stopped {
                parts[2]
                    .push(t.text_with(msg!("ui-billing-summary-stopped"), &[("option", option())]));
            } else if provider_bills {
                parts[2].push(t.text_with(
                    msg!("ui-billing-summary-not-stopped"),
                    &[("option", option())],
                ));
            }
        }
        if o.settlement.is_some() {
            parts[3].push(t.text_with(
                msg!("ui-billing-summary-settlement"),
                &[("option", option())],
            ));
        }
        if o.packages.is_some() {
            parts[4]
                .push(t.text_with(msg!("ui-billing-summary-packages"), &[("option", option())]));
        }
    }
    let mut planned = parts.concat();
    if let Some(h) = scenario.deadline_spot_hours() {
        planned.push(t.text_with(
            msg!("ui-billing-summary-deadline"),
            &[("hours", Arg::Text(format::number(h, 1)))],
        ));
    }
    let summary = if planned.is_empty() {
        t.text(msg!("ui-billing-none"))
    } else {
        planner_app::i18n::list(t.language(), &planned)
    };

    // The group's view, and the deadline chart it shows (drawn after the render).
    let (body, drawn_chart) = if options.is_empty() {
        (
            html! { { markup::note(&t, msg!("ui-strategy-pick")) } },
            None,
        )
    } else {
        let index = (*chosen).min(options.len() - 1);
        let option = &options[index];
        let currency = option_currency(option);
        let plan = option.savings_plan;
        let commitment = plan.map_or(0.0, |p| p.commitment_per_hour);
        let rate = plan
            .map(|p| p.plan_per_hour)
            .or_else(|| on_demand_price(option))
            .unwrap_or(1.0)
            .clamp(SAVINGS_PLAN_RATE_SPEC.min, SAVINGS_PLAN_RATE_SPEC.max);
        let term = f64::from(plan.map_or(DEFAULT_TERM_MONTHS, |p| p.term_months));
        let on_option = {
            let chosen = chosen.clone();
            Callback::from(move |e: Event| {
                let v = e.target_unchecked_into::<HtmlSelectElement>().value();
                if let Ok(i) = v.parse::<usize>() {
                    chosen.set(i);
                }
            })
        };
        let shown = scenario.display_currency();
        let result = match &*props.results.0 {
            Ok(r) => r.get(index).and_then(|r| r.savings_plan),
            Err(_) => None,
        };
        let per_hour = Arg::Text(currency.code().into());
        // Support: "none", a published plan by id, or "own" (minimum and percentage).
        let (support_value, own) = match &option.support {
            None => (String::new(), None),
            Some(SupportChoice::Published(p)) => (p.id.to_string(), None),
            Some(SupportChoice::Own(p)) => (
                OWN.to_string(),
                Some((p.minimum, p.tiers.first().map_or(0.0, |t| t.pct))),
            ),
        };
        let on_support = {
            let dispatch = dispatch.clone();
            Callback::from(move |e: Event| {
                let v = e.target_unchecked_into::<HtmlSelectElement>().value();
                dispatch(
                    Part::Support,
                    match v.as_str() {
                        "" => Action::SetSupportPlan { index, plan: None },
                        OWN => Action::SetOwnSupport {
                            index,
                            minimum: 0.0,
                            pct: 0.0,
                        },
                        id => Action::SetSupportPlan {
                            index,
                            plan: Some(id.to_string()),
                        },
                    },
                );
            })
        };
        let pk = option.packages.unwrap_or_default();
        let prices = [pk.per_day, pk.per_week, pk.per_month, pk.per_year].map(|p| p.unwrap_or(0.0));
        let unit = option.settlement.map_or(0.0, |s| s.unit);
        let stopped = option.storage_billed_while_stopped;
        let on_stopped = {
            let dispatch = dispatch.clone();
            Callback::from(move |e: Event| {
                let on = e
                    .target_unchecked_into::<web_sys::HtmlInputElement>()
                    .checked();
                dispatch(Part::Stopped, Action::SetStorageWhileStopped { index, on });
            })
        };
        // Every slider of the group calls one callback shape: which value it sets, applied to
        // the chosen option's values in force ([`slider_action`]).
        let values = Values {
            index,
            plan: (commitment, rate, term),
            own: own.unwrap_or((0.0, 0.0)),
            prices,
        };
        let value_cb = |field: Field| {
            let (dispatch, refusal) = (dispatch.clone(), refusal.clone());
            Callback::from(move |v: f64| match slider_action(field, v, &values) {
                Ok((part, action)) => dispatch(part, action),
                Err(refused) => refusal.set(Some(refused)),
            })
        };
        let mix = match &*props.results.0 {
            Ok(r) => r
                .get(index)
                .and_then(|r| planner_app::comparison::packages_note(r, shown, &t)),
            Err(_) => None,
        };
        let support_total = match &*props.results.0 {
            Ok(r) => r.get(index).map(|r| r.totals.support).filter(|s| *s > 0.0),
            Err(_) => None,
        };
        // A source's date, or "date unknown" in the page's language.
        let dated = |d: &str| {
            if d == "unknown" {
                t.text(msg!("ui-undated"))
            } else {
                d.to_string()
            }
        };
        // The provider's SLA beside the expected downtime cost (computed with the results).
        let sla_info = option
            .offer
            .and_then(|r| planner_core::catalog::sla::sla_for(r.offer.provider));
        let sla_view = match &*props.results.0 {
            Ok(r) => r.get(index).and_then(|r| r.sla),
            Err(_) => None,
        };
        let sla_text = match (sla_info, sla_view) {
            (Some(info), Some(v)) => t.text_with(
                msg!("ui-sla-result"),
                &[
                    ("provider", Arg::Text(info.provider.into())),
                    ("service", Arg::Text(info.service.into())),
                    ("as_of", Arg::Text(dated(info.as_of))),
                    ("committed", Arg::Text(pct3(v.committed_pct))),
                    ("expected", Arg::Text(pct3(v.expected_availability_pct))),
                    (
                        "credit",
                        Arg::Text(if v.credit_known {
                            t.text_with(
                                msg!("ui-sla-credit"),
                                &[
                                    ("pct", Arg::Text(format::number(v.credit_pct, 0))),
                                    ("amount", Arg::Text(i18n::money(lang, v.credit, shown))),
                                ],
                            )
                        } else {
                            t.text(msg!("ui-sla-credit-unknown"))
                        }),
                    ),
                    ("hours", Arg::Text(format::number(v.downtime_hours, 1))),
                    ("cost", Arg::Text(i18n::money(lang, v.downtime_cost, shown))),
                ],
            ),
            _ => t.text(msg!("ui-sla-none")),
        };
        // Where the storage-while-stopped default came from, and the catalog's packages.
        let offer = option.offer.map(|r| r.offer);
        let rule = offer.and_then(|o| planner_core::catalog::stopped::stopped_billing(o.provider));
        let yes_no = |b: Option<bool>| match b {
            Some(true) => t.text(msg!("ui-yes")),
            Some(false) => t.text(msg!("ui-no")),
            None => t.text(msg!("ui-not-stated")),
        };
        let stopped_note = match rule {
            Some(r) => {
                let mut text = t.text_with(
                    msg!("ui-stopped-rule"),
                    &[
                        ("provider", Arg::Text(r.provider.into())),
                        ("as_of", Arg::Text(dated(r.as_of))),
                        ("storage", Arg::Text(yes_no(Some(r.storage_billed)))),
                        ("instance", Arg::Text(yes_no(r.instance_billed))),
                    ],
                );
                if r.storage_billed != stopped {
                    text.push(' ');
                    text.push_str(&t.text_with(
                        msg!("ui-stopped-changed"),
                        &[("provider", Arg::Text(r.provider.into()))],
                    ));
                }
                text
            }
            None => t.text(msg!("ui-stopped-no-rule")),
        };
        let stopped_title = rule.map(|r| r.source);
        let catalog_packages = offer
            .and_then(planner_core::catalog::package_prices)
            .map(|p| {
                let kinds = [
                    (p.per_day, msg!("ui-package-day")),
                    (p.per_week, msg!("ui-package-week")),
                    (p.per_month, msg!("ui-package-month")),
                    (p.per_year, msg!("ui-package-year")),
                ];
                let list: Vec<String> = kinds
                    .iter()
                    .filter_map(|(v, m)| {
                        v.map(|v| format!("{} {}", t.text(*m), i18n::money(lang, v, currency)))
                    })
                    .collect();
                t.text_with(
                    msg!("ui-packages-catalog"),
                    &[("list", Arg::Text(list.join(", ")))],
                )
            });
        let job = scenario.is_job();
        let deadline = scenario.deadline_spot_hours().unwrap_or(0.0);
        let run_hours = match &*props.results.0 {
            Ok(r) => r.get(index).and_then(|r| r.job_run_hours),
            Err(_) => None,
        };
        // The chosen option's three policies (memoised above; only with a deadline, job mode).
        let deadline_result = if deadline > 0.0 {
            deadline_all
                .as_ref()
                .as_ref()
                .and_then(|v| v.get(index).cloned().flatten())
        } else {
            None
        };
        // A deadline the scenario accepts but no result for this option: it lacks a spot or an
        // on-demand price, which the policy needs (said beside the field, nothing compared).
        let deadline_unpriced = deadline > 0.0
            && deadline_all
                .as_ref()
                .as_ref()
                .is_some_and(|v| v.get(index).is_some_and(Option::is_none));
        let deadline_chart = deadline_result.as_ref().map(|d| {
            (
                Rc::new(planner_app::view::deadline::deadline_chart(
                    d,
                    &scenario.option_name(index),
                    shown,
                    &t,
                )),
                Rc::new(planner_app::view::deadline::deadline_csv_header(&t, shown)),
            )
        });
        let drawn_chart = deadline_chart
            .as_ref()
            .filter(|_| job)
            .map(|(c, _)| c.clone());
        let body = html! {
            <>
                { markup::note(&t, msg!("ui-savings-plan-note")) }
                <div class="options">
                    <label>{ t.text(msg!("ui-option")) }{ " " }
                        <select id="savings-plan-option" onchange={on_option}>
                            { for (0..options.len()).map(|i| markup::option(i.to_string().into(), i == index, scenario.option_name(i).into())) }
                        </select>
                    </label>
                </div>
                <div class="sliders">
                    { slider::view(SliderProps {
                        id: AttrValue::Static("savings-plan-commitment"),
                        label: tx(msg!("ui-savings-plan-commitment")),
                        unit: (t.text_with(msg!("ui-unit-currency-per-hour"), &[("currency", per_hour.clone())])).into(),
                        value: commitment,
                        spec: SAVINGS_PLAN_COMMITMENT_SPEC,
                        slider_max: (rate * 4.0).max(10.0).ceil(),
                        step: 0.5,
                        decimals: None,
                        on_change: value_cb(Field::Commitment),
                    }) }
                    { slider::view(SliderProps {
                        id: AttrValue::Static("savings-plan-rate"),
                        label: tx(msg!("ui-savings-plan-rate")),
                        unit: (t.text_with(msg!("ui-unit-per-instance-hour"), &[("currency", per_hour)])).into(),
                        value: rate,
                        spec: SAVINGS_PLAN_RATE_SPEC,
                        slider_max: (rate * 2.0).max(1.0).ceil(),
                        step: 0.01,
                        decimals: None,
                        on_change: value_cb(Field::PlanRate),
                    }) }
                    { SAVINGS_PLAN_TERM.show(&t, term, value_cb(Field::PlanTerm)) }
                </div>
                { refused(Part::SavingsPlan) }
                if let Some(s) = result {
                    <p class="small" id="savings-plan-result">
                        // Above 100 % the commitment is more than the plan can save at full
                        // use: say "never" rather than print an impossible utilisation.
                        { match s.break_even_utilisation.filter(|u| u.is_finite()) {
                            Some(u) if u > 1.0 => t.text_with(msg!("ui-savings-plan-result-never"), &[
                                ("plan", Arg::Text(i18n::money(lang, s.with_plan, shown))),
                                ("on_demand", Arg::Text(i18n::money(lang, s.on_demand_equivalent, shown))),
                            ]),
                            u => t.text_with(msg!("ui-savings-plan-result"), &[
                                ("pct", Arg::Text(u.map_or_else(|| t.text(msg!("ui-na")), |u| format::number(u * 100.0, 1)))),
                                ("plan", Arg::Text(i18n::money(lang, s.with_plan, shown))),
                                ("on_demand", Arg::Text(i18n::money(lang, s.on_demand_equivalent, shown))),
                            ]),
                        } }
                        if s.above_on_demand {
                            { " " }<strong id="savings-plan-worse">{ t.text(msg!("ui-savings-plan-worse")) }</strong>
                        }
                    </p>
                }
                { markup::note(&t, msg!("ui-support-note")) }
                <label class="block">{ t.text(msg!("ui-support-plan")) }{ " " }
                    <select id="support-plan" onchange={on_support}>
                        { markup::option("".into(), support_value.is_empty(), attr(&t, msg!("ui-support-none"))) }
                        { for SUPPORT_PLANS.iter().map(|p| html!{
                            // Keyed like `markup::option`, so the shown plan follows the one in force.
                            <option key={format!("{}{}", p.id, if support_value == p.id { "\u{1f}s" } else { "" })}
                                value={p.id} selected={support_value == p.id} title={p.source} data-name={p.name}>
                                { t.text_with(msg!("ui-support-published"), &[("name", Arg::Text(p.name.into())), ("as_of", Arg::Text(t.support_as_of(p.as_of)))]) }
                            </option>
                        }) }
                        { markup::option(OWN.into(), support_value == OWN, attr(&t, msg!("ui-support-own"))) }
                    </select>
                </label>
                if let Some((minimum, pct)) = own {
                    <div class="sliders">
                        { slider::view(SliderProps {
                            id: AttrValue::Static("support-minimum"),
                            label: tx(msg!("ui-support-minimum")),
                            unit: AttrValue::Static(currency.code()),
                            value: minimum,
                            spec: SUPPORT_MINIMUM_SPEC,
                            slider_max: 20_000.0,
                            step: 50.0,
                            decimals: None,
                            on_change: value_cb(Field::OwnMinimum),
                        }) }
                        { SUPPORT_PCT.show(&t, pct, value_cb(Field::OwnPct)) }
                    </div>
                }
                { refused(Part::Support) }
                if let Some(total) = support_total {
                    <p class="small" id="support-result">
                        { t.text_with(msg!("ui-support-result"), &[("amount", Arg::Text(i18n::money(lang, total, shown)))]) }
                    </p>
                }
                // Sources, services and dates are data (English as the sources write them).
                <p class="small" id="sla-result" title={sla_info.map(|i| i.source)}
                    data-service={sla_info.map(|i| i.service)} data-as-of={sla_info.map(|i| i.as_of)}>{ sla_text }</p>
                { markup::note(&t, msg!("ui-packages-note")) }
                <div class="sliders">
                    { slider::view(SliderProps {
                        id: AttrValue::Static("package-day"),
                        label: tx(msg!("ui-package-day")),
                        unit: AttrValue::Static(currency.code()),
                        value: prices[0],
                        spec: PACKAGE_PRICE_SPEC,
                        slider_max: 500.0,
                        step: 1.0,
                        decimals: None,
                        on_change: value_cb(Field::Package(0)),
                    }) }
                    { slider::view(SliderProps {
                        id: AttrValue::Static("package-week"),
                        label: tx(msg!("ui-package-week")),
                        unit: AttrValue::Static(currency.code()),
                        value: prices[1],
                        spec: PACKAGE_PRICE_SPEC,
                        slider_max: 3_000.0,
                        step: 5.0,
                        decimals: None,
                        on_change: value_cb(Field::Package(1)),
                    }) }
                    { slider::view(SliderProps {
                        id: AttrValue::Static("package-month"),
                        label: tx(msg!("ui-package-month")),
                        unit: AttrValue::Static(currency.code()),
                        value: prices[2],
                        spec: PACKAGE_PRICE_SPEC,
                        slider_max: 10_000.0,
                        step: 10.0,
                        decimals: None,
                        on_change: value_cb(Field::Package(2)),
                    }) }
                    { slider::view(SliderProps {
                        id: AttrValue::Static("package-year"),
                        label: tx(msg!("ui-package-year")),
                        unit: AttrValue::Static(currency.code()),
                        value: prices[3],
                        spec: PACKAGE_PRICE_SPEC,
                        slider_max: 100_000.0,
                        step: 100.0,
                        decimals: None,
                        on_change: value_cb(Field::Package(3)),
                    }) }
                </div>
                { refused(Part::Packages) }
                if let Some(c) = catalog_packages {
                    <p class="muted small" id="packages-catalog">{ c }</p>
                }
                if let Some(m) = mix {
                    <p class="small" id="packages-result">{ m }</p>
                }
                <label class="block">
                    <input type="checkbox" id="storage-while-stopped" checked={stopped} onchange={on_stopped} />
                    { " " }{ t.text(msg!("ui-storage-while-stopped")) }
                </label>
                <p class="muted small" id="stopped-rule" title={stopped_title} data-as-of={rule.map(|r| r.as_of)}>{ stopped_note }</p>
                { refused(Part::Stopped) }
                { markup::note(&t, msg!("ui-settlement-note")) }
                <div class="sliders">
                    { slider::view(SliderProps {
                        id: AttrValue::Static("settlement-unit"),
                        label: tx(msg!("ui-settlement-unit")),
                        unit: AttrValue::Static(currency.code()),
                        value: unit,
                        spec: SETTLEMENT_UNIT_SPEC,
                        slider_max: 0.1,
                        step: 0.01,
                        decimals: None,
                        on_change: value_cb(Field::Settlement),
                    }) }
                </div>
                { refused(Part::Settlement) }
                if job {
                    { markup::note(&t, msg!("ui-deadline-spot-note")) }
                    <div class="sliders">
                        { slider::view(SliderProps {
                            id: AttrValue::Static("deadline-spot-hours"),
                            label: tx(msg!("ui-deadline-spot")),
                            unit: tx(msg!("ui-unit-h")),
                            value: deadline,
                            spec: DEADLINE_SPOT_SPEC,
                            slider_max: run_hours.map_or(1_000.0, |h| (h * 2.0).max(10.0).ceil()),
                            step: 1.0,
                            decimals: None,
                            on_change: value_cb(Field::Deadline),
                        }) }
                    </div>
                    { refused(Part::Deadline) }
                    if deadline_unpriced {
                        <p class="small" id="deadline-spot-unpriced">{ t.text(msg!("ui-deadline-spot-unpriced")) }</p>
                    }
                    if let Some(d) = deadline_result {
                        <p class="small" id="deadline-spot-result">
                            { t.text_with(msg!("ui-deadline-spot-result"), &[
                                ("p10", Arg::Text(i18n::money(lang, d.cost.p10, shown))),
                                ("p50", Arg::Text(i18n::money(lang, d.cost.p50, shown))),
                                ("p90", Arg::Text(i18n::money(lang, d.cost.p90, shown))),
                                ("finish", Arg::Text(format::number(d.finish_hours.p90, 1))),
                                ("spot", Arg::Text(i18n::money(lang, d.all_spot_cost, shown))),
                                ("on_demand", Arg::Text(i18n::money(lang, d.all_on_demand_cost, shown))),
                                ("switched", Arg::Text(format::number(d.switched_share * 100.0, 0))),
                            ]) }
                        </p>
                    }
                    if let Some((chart, header)) = deadline_chart {
                        { deadline_chart::view(&t, &deadline_panel, chart, header) }
                    }
                }
            </>
        };
        (body, drawn_chart)
    };
    deadline_chart::use_drawing(&deadline_panel, drawn_chart);

    html! {
        <details class="editor-group billing-extras" id="billing-extras">
            <summary>
                <strong>{ t.text(msg!("ui-billing-details")) }</strong>
                { " — " }<span class="muted small" id="billing-extras-summary">{ summary }</span>
            </summary>
            { body }
        </details>
    }
}

/// What a slider of the group sets.
#[derive(Clone, Copy)]
enum Field {
    Commitment,
    PlanRate,
    PlanTerm,
    OwnMinimum,
    OwnPct,
    /// Day, week, month or year package price (0 to 3).
    Package(usize),
    Settlement,
    Deadline,
}

/// The chosen option's values the sliders show: its index, savings plan (commitment per hour,
/// price under the plan, term in months), own support plan (minimum, percentage) and package
/// prices (day, week, month, year).
#[derive(Clone, Copy)]
struct Values {
    index: usize,
    plan: (f64, f64, f64),
    own: (f64, f64),
    prices: [f64; 4],
}

/// The action a slider's new value `v` makes from the values in force, with the part of the
/// group its refusal shows beside; or that refusal when the value needs another set first.
fn slider_action(
    field: Field,
    v: f64,
    values: &Values,
) -> Result<(Part, Action), (Part, ScenarioError)> {
    let index = values.index;
    let (c, r, m) = values.plan;
    let plan = |commitment_per_hour, plan_per_hour, term_months| {
        let action = Action::SetSavingsPlan {
            index,
            commitment_per_hour,
            plan_per_hour,
            term_months,
        };
        (Part::SavingsPlan, action)
    };
    let own = |minimum, pct| {
        let action = Action::SetOwnSupport {
            index,
            minimum,
            pct,
        };
        (Part::Support, action)
    };
    Ok(match field {
        Field::Commitment => plan(v, r, m),
        // Without a commitment there is no plan for the price and term to apply to (the
        // reducer drops them): moving one is refused, saying why, beside them.
        Field::PlanRate | Field::PlanTerm if c == 0.0 => {
            let input = if matches!(field, Field::PlanRate) {
                Input::SavingsPlanRate
            } else {
                Input::SavingsPlanTerm
            };
            let needs = Input::SavingsPlanCommitment;
            return Err((
                Part::SavingsPlan,
                ScenarioError::NeedsFirst { input, needs },
            ));
        }
        Field::PlanRate => plan(c, v, m),
        Field::PlanTerm => plan(c, r, v),
        Field::OwnMinimum => own(v, values.own.1),
        Field::OwnPct => own(values.own.0, v),
        Field::Package(i) => {
            let mut p = values.prices;
            p[i] = v;
            let action = Action::SetPackages {
                index,
                per_day: p[0],
                per_week: p[1],
                per_month: p[2],
                per_year: p[3],
            };
            (Part::Packages, action)
        }
        Field::Settlement => (Part::Settlement, Action::SetSettlement { index, unit: v }),
        Field::Deadline => (Part::Deadline, Action::SetDeadlineSpot { hours: v }),
    })
}

/// A percentage to at most 3 decimals without trailing zeros (`99.5`, `99.975`, `99.01`).
fn pct3(v: f64) -> String {
    format::input_value((v * 1000.0).round() / 1000.0)
}

/// The DOM id suffix of `part`'s refusal message (`#billing-refusal-deadline` etc.).
fn part_id(part: Part) -> &'static str {
    match part {
        Part::SavingsPlan => "savings-plan",
        Part::Support => "support",
        Part::Packages => "packages",
        Part::Stopped => "stopped",
        Part::Settlement => "settlement",
        Part::Deadline => "deadline",
    }
}

/// The `#savings-plan-term-…` slider.
pub static SAVINGS_PLAN_TERM: SliderDef = SliderDef {
    id: "savings-plan-term",
    label: Text::Msg(msg!("ui-savings-plan-term")),
    unit: Text::Msg(msg!("ui-unit-months")),
    spec: SAVINGS_PLAN_TERM_SPEC,
    slider_max: 36.0,
    step: 12.0,
};

/// The `#support-pct-…` slider.
pub static SUPPORT_PCT: SliderDef = SliderDef {
    id: "support-pct",
    label: Text::Msg(msg!("ui-support-pct")),
    unit: Text::Fixed("%"),
    spec: SUPPORT_PCT_SPEC,
    slider_max: 15.0,
    step: 0.5,
};
