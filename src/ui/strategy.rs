//! The strategy editor: one compared option's portfolio (reserved / spot / on-demand shares,
//! always summing to 100 %) and its reserved term and payment option, taken from the catalog's
//! committed-use prices of its offer, its throughput and host failures, its off-peak price,
//! peak hours and whether its work is shiftable; and the owned-server form of the rent-vs-buy chart.

use crate::ui::hooks::Local;
use crate::ui::language::attr;
use crate::ui::language::use_tr;
use crate::ui::markup;
use crate::ui::slider::{self, SliderDef, SliderProps, Text};
use planner_app::action::{rebalance, Action, FreeKind};
use planner_app::i18n::Arg;
use planner_app::i18n::Msg;
use planner_app::i18n::Translator;
use planner_app::msg;
use planner_app::state::Scenario;
use planner_app::validation::{
    check_name, ScenarioError, ALLOWANCE_SPEC, BID_CAP_SPEC, HOST_FAILURES_SPEC, KWH_PRICE_SPEC,
    KW_SPEC, LIFE_YEARS_SPEC, OFF_PEAK_PRICE_SPEC, OPS_SPEC, PEAK_HOUR_SPEC, PUE_SPEC,
    PURCHASE_SPEC, RESERVED_PER_HOUR_SPEC, RESERVED_TERM_SPEC, SHARE_PCT_SPEC, THROUGHPUT_SPEC,
};
use planner_app::view::commitment_text;
use planner_core::format;
use planner_core::option::{FreeAllowances, OnDemandPrices, DEFAULT_PEAK_HOURS};
use planner_engine::billing::ReservedTerm;
use planner_engine::tco::OwnedServer;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Properties of [`Strategy`].
#[derive(Properties, PartialEq, Clone)]
pub struct StrategyProps {
    /// The scenario in force.
    pub scenario: Scenario,
    /// Dispatches a scenario change.
    pub on_action: Callback<Action>,
}

/// Shares and reserved term of the chosen option.
#[function_component(Strategy)]
pub fn strategy(props: &StrategyProps) -> Html {
    let chosen = crate::ui::hooks::use_local(|| 0usize);
    // A name refused (empty, too long): its message beside the field; the typed text stays.
    let name_error = crate::ui::hooks::use_local(|| None::<(usize, ScenarioError, String)>);
    // A reserved share typed before the option has a reserved price: kept (shown in the share
    // field) and applied once a reserved price is typed, with a note beside the price field.
    let pending = crate::ui::hooks::use_local(|| None::<(usize, f64)>);
    // The share the editor last lowered so reserved + spot stay within 100 %, said beside the
    // shares while it is in force.
    let lowered = crate::ui::hooks::use_local(|| None::<Lowered>);
    let t = use_tr();
    let tx = |id: Msg| AttrValue::from(t.text(id));
    let options = props.scenario.options();
    if options.is_empty() {
        return html! { { markup::note(&t, msg!("ui-strategy-pick")) } };
    }
    let index = (*chosen).min(options.len() - 1);
    let option = &options[index];
    let shares = option.portfolio.unwrap_or_default();
    let (reserved_pct, spot_pct) = (shares.reserved * 100.0, shares.spot * 100.0);
    let on_demand_pct = (100.0 - reserved_pct - spot_pct).max(0.0);
    // Whole-instance rounding of the shares, said below (a line per class it changes and the
    // on-demand rest after it): computed once per render.
    let rounding = props.scenario.share_rounding(index);
    let commitments = props.scenario.option_commitments(index);
    let currency = option
        .offer
        .map_or(planner_engine::Currency::Usd, |r| r.offer.currency);
    let current = option.reserved.and_then(|r| {
        commitments.iter().position(|c| {
            c.term_months == r.term_months
                && c.upfront == r.upfront
                && c.per_hour == r.recurring_per_hour
        })
    });

    let on_option = {
        let chosen = chosen.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Ok(i) = v.parse::<usize>() {
                chosen.set(i);
            }
        })
    };
    // No reserved price yet (no catalog commitment, none typed): a reserved share waits for one.
    let needs_price = option.reserved.is_none() && commitments.is_empty();
    let pending_pct = pending
        .filter(|(i, _)| *i == index && needs_price)
        .map(|p| p.1);
    let on_name = {
        let (on_action, name_error) = (props.on_action.clone(), name_error.clone());
        Callback::from(move |e: Event| {
            let typed = e.target_unchecked_into::<HtmlInputElement>().value();
            match check_name(&typed) {
                Ok(name) => {
                    name_error.set(None);
                    on_action.emit(Action::RenameOption { index, name });
                }
                Err(e) => name_error.set(Some((index, e, typed))),
            }
        })
    };
    let refused = name_error.as_ref().filter(|(i, _, _)| *i == index);
    let on_duplicate = {
        let (on_action, chosen) = (props.on_action.clone(), chosen.clone());
        // The reducer refuses a copy only when the comparison is full (Action::DuplicateOption).
        let fits = options.len() < planner_app::validation::MAX_COMPARED;
        Callback::from(move |_: MouseEvent| {
            // The copy (inserted after the original) becomes the chosen option, so the next
            // rename renames it, not the original; a refused copy (the comparison is full)
            // leaves the choice alone.
            if fits {
                chosen.set(index + 1);
            }
            on_action.emit(Action::DuplicateOption(index));
        })
    };
    // Typed reserved prices (offers without catalog commitments): what is set, else a 12-month
    // term at the on-demand price with nothing upfront as a starting point.
    let inline = option.reserved.unwrap_or(ReservedTerm {
        term_months: 12,
        upfront: 0.0,
        recurring_per_hour: match option.on_demand {
            Some(OnDemandPrices::Flat(p)) => Some(p),
            _ => None,
        }
        .or_else(|| option.offer.and_then(|r| r.offer.on_demand_per_hour))
        .unwrap_or(0.0),
    });
    let throughput = props.scenario.option_throughput(index);
    let failures = options.get(index).map_or(0.0, |o| o.failures_per_hour);
    // Peak/off-peak: the on-demand price is the peak price; no off-peak price (0) means one
    // price all day, shown with the default peak hours as a starting point.
    let peak_price = match option.on_demand {
        Some(OnDemandPrices::Flat(p) | OnDemandPrices::PeakOffPeak { peak: p, .. }) => Some(p),
        Some(OnDemandPrices::Hourly(s)) => Some(s.per_hour.iter().copied().fold(0.0, f64::max)),
        None => option.offer.and_then(|r| r.offer.on_demand_per_hour),
    };
    let (off_peak, peak_from, peak_to) = match option.on_demand {
        Some(OnDemandPrices::PeakOffPeak {
            off_peak,
            from_hour,
            to_hour,
            ..
        }) => (off_peak, from_hour, to_hour),
        _ => (0.0, DEFAULT_PEAK_HOURS.0, DEFAULT_PEAK_HOURS.1),
    };
    let on_shiftable = {
        let on_action = props.on_action.clone();
        Callback::from(move |e: Event| {
            let shiftable = e.target_unchecked_into::<HtmlInputElement>().checked();
            on_action.emit(Action::SetShiftable { index, shiftable });
        })
    };
    let per_instance_hour = t.text_with(
        msg!("ui-unit-per-instance-hour"),
        &[("currency", Arg::Text(currency.code().into()))],
    );
    let peak_text = peak_price.map_or_else(
        || t.text(msg!("ui-off-peak-none")),
        |p| format!("{} {per_instance_hour}", format::input_value(p)),
    );
    // What the closed group holds, so its values show without opening it.
    let prices = if off_peak > 0.0 {
        t.text_with(
            msg!("ui-summary-off-peak"),
            &[
                ("price", Arg::Text(format::input_value(off_peak))),
                ("from", Arg::Number(f64::from(peak_from))),
                ("to", Arg::Number(f64::from(peak_to))),
            ],
        )
    } else {
        t.text(msg!("ui-summary-flat"))
    };
    let shiftable = if option.shiftable {
        t.text(msg!("ui-summary-shiftable"))
    } else {
        String::new()
    };
    let advanced_values = t.text_with(
        msg!("ui-advanced-summary"),
        &[
            ("failures", Arg::Text(format::input_value(failures))),
            ("prices", Arg::Text(prices + &shiftable)),
        ],
    );
    // Free allowances (each monthly and once) and the spot bid cap.
    let free = option.free;
    let bid_cap = option.spot.and_then(|sp| sp.bid_cap_per_hour);
    // Every slider of the editor calls one callback shape: which value it sets, applied to the
    // chosen option's values in force ([`on_slider`]).
    let values = Values {
        index,
        shares: (reserved_pct, spot_pct),
        needs_price,
        pending_pct,
        inline,
        off_peak: (off_peak, f64::from(peak_from), f64::from(peak_to)),
        free,
    };
    let value_cb = |field: Field| {
        let (on_action, pending, lowered) =
            (props.on_action.clone(), pending.clone(), lowered.clone());
        Callback::from(move |v: f64| {
            on_slider(field, v, &values, &on_action, &pending, &lowered);
        })
    };
    let n = |v: f64| Arg::Text(format::input_value(v));
    let allowances_values = t.text_with(
        msg!("ui-allowances-summary"),
        &[
            ("gpu", n(free.gpu_hours.monthly)),
            ("storage", n(free.storage_gb.monthly)),
            ("egress", n(free.egress_gb.monthly)),
            ("gpu_once", n(free.gpu_hours.once)),
            ("storage_once", n(free.storage_gb.once)),
            ("egress_once", n(free.egress_gb.once)),
            (
                "cap",
                Arg::Text(bid_cap.map_or_else(
                    || t.text(msg!("ui-bid-cap-none")),
                    |c| format!("{} {per_instance_hour}", format::input_value(c)),
                )),
            ),
        ],
    );
    let on_commitment = {
        let on_action = props.on_action.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Ok(commitment) = v.parse::<usize>() {
                on_action.emit(Action::SetOptionCommitment { index, commitment });
            }
        })
    };

    html! {
        <div class="strategy">
            <div class="options">
                <label>{ t.text(msg!("ui-option")) }{ " " }
                    <select id="strategy-option" onchange={on_option}>
                        { for (0..options.len()).map(|i| markup::option(i.to_string().into(), i == index, props.scenario.option_name(i).into())) }
                    </select>
                </label>
                <label>{ t.text(msg!("ui-option-name")) }{ " " }
                    <input type="text" id="option-name" size="28" maxlength="200" onchange={on_name}
                        value={refused.map_or_else(|| props.scenario.option_name(index), |(_, _, typed)| typed.clone())}
                        aria-invalid={refused.is_some().to_string()} aria-describedby="option-name-error" />
                </label>
                <button id="duplicate-option" onclick={on_duplicate}>{ t.text(msg!("ui-duplicate-option")) }</button>
            </div>
            <p class="field-error" id="option-name-error" role="alert">{ refused.map(|(_, e, _)| t.scenario_error(e)).unwrap_or_default() }</p>
            <div class="sliders">
                { SHARE_RESERVED.show(&t, pending_pct.unwrap_or(reserved_pct), value_cb(Field::Share { reserved: true })) }
                { SHARE_SPOT.show(&t, spot_pct, value_cb(Field::Share { reserved: false })) }
            </div>
            if let Some(r) = rounding {
                { for [("reserved-rounding", msg!("capacity-reserved"), r.reserved), ("spot-rounding", msg!("capacity-spot"), r.spot)]
                    .into_iter()
                    .filter_map(|(id, class, c)| c.map(|c| {
                        let share = Arg::Text(format::input_value(c.share_pct));
                        let gpus = Arg::Number(f64::from(r.gpus));
                        let instances = Arg::Number(c.instances);
                        let class = Arg::Text(t.text(class));
                        let per = Arg::Number(f64::from(r.gpus_per_instance));
                        let effective = Arg::Text(format::number(c.effective_pct, 1));
                        // An instance only partly used is still rented whole: say how many of
                        // its GPUs serve the class, so "1 instance = 20 %" reads right.
                        let partly = c.gpus_served + 1e-9
                            < c.instances * f64::from(r.gpus_per_instance);
                        let text = if partly {
                            t.text_with(msg!("ui-share-rounding-part"), &[
                                ("share", share), ("gpus", gpus), ("instances", instances),
                                ("class", class), ("per", per), ("effective", effective),
                                ("used", Arg::Number(c.gpus_served)),
                            ])
                        } else {
                            t.text_with(msg!("ui-share-rounding"), &[
                                ("share", share), ("gpus", gpus), ("instances", instances),
                                ("class", class), ("per", per), ("effective", effective),
                            ])
                        };
                        html! { <p class="small warn" {id}>{ text }</p> }
                    })) }
            }
            <p class="small" id="share-on-demand">
                // With whole-instance rounding the on-demand rest is what the rounded shares
                // leave, which is what the engine bills.
                { match rounding {
                    Some(r) => t.text_with(msg!("ui-on-demand-share-rounded"), &[
                        ("pct", Arg::Text(format::number(r.on_demand_pct, 1))),
                        ("typed", Arg::Text(format::input_value(on_demand_pct))),
                    ]),
                    None => t.text_with(msg!("ui-on-demand-share"), &[("pct", Arg::Text(format::input_value(on_demand_pct)))]),
                } }
            </p>
            // Shown while the lowered share is still the one in force (a refused change leaves
            // the share as it was, and the note away).
            if let Some((_, was_reserved, from, to)) = lowered.filter(|(i, r, _, to)| *i == index && (if *r { reserved_pct } else { spot_pct }) == *to) {
                <p class="small muted" id="share-lowered" role="status">{ if was_reserved {
                    t.text_with(msg!("ui-reserved-lowered"), &[("from", Arg::Text(format::input_value(from))), ("to", Arg::Text(format::input_value(to)))])
                } else {
                    t.text_with(msg!("ui-spot-lowered"), &[("from", Arg::Text(format::input_value(from))), ("to", Arg::Text(format::input_value(to)))])
                } }</p>
            }
            <div class="sliders">
                { slider::view(SliderProps {
                    id: AttrValue::Static("throughput"),
                    label: tx(if throughput.1 { msg!("ui-throughput-yours") } else if props.scenario.option_lacks_throughput(index) { msg!("ui-throughput-missing") } else { msg!("ui-throughput-catalog") }),
                    unit: tx(msg!("ui-unit-times-reference")),
                    value: throughput.0,
                    spec: THROUGHPUT_SPEC,
                    slider_max: 5.0,
                    step: 0.05,
                    decimals: Some(2),
                    on_change: value_cb(Field::Throughput),
                }) }
            </div>
            <details class="advanced" id="strategy-advanced">
            <summary>{ t.text(msg!("ui-advanced-strategy")) }<span class="muted small" id="strategy-advanced-values">{ " — " }{ advanced_values }</span></summary>
            <div class="sliders">
                { HOST_FAILURES.show(&t, failures, value_cb(Field::Failures)) }
            </div>
            { markup::note(&t, msg!("ui-host-failures-note")) }
            <div class="sliders" id="off-peak-group">
                { slider::view(SliderProps {
                    id: AttrValue::Static("off-peak-price"),
                    label: tx(msg!("ui-off-peak-price")),
                    unit: (per_instance_hour.clone()).into(),
                    value: off_peak,
                    spec: OFF_PEAK_PRICE_SPEC,
                    slider_max: peak_price.unwrap_or(10.0).max(off_peak).max(0.01),
                    step: 0.01,
                    decimals: None,
                    on_change: value_cb(Field::OffPeak(0)),
                }) }
                { PEAK_FROM.show(&t, f64::from(peak_from), value_cb(Field::OffPeak(1))) }
                { PEAK_TO.show(&t, f64::from(peak_to), value_cb(Field::OffPeak(2))) }
            </div>
            { markup::checkbox(Some("block"), "shiftable", option.shiftable, on_shiftable, t.text(msg!("ui-shiftable"))) }
            <p class="muted small" id="off-peak-note">{ t.text_with(msg!("ui-off-peak-note"), &[("peak", Arg::Text(peak_text))]) }</p>
            </details>
            <details class="advanced" id="strategy-allowances">
            <summary>{ t.text(msg!("ui-allowances")) }<span class="muted small" id="strategy-allowances-values">{ " — " }{ allowances_values }</span></summary>
            <div class="sliders">
                { FREE_GPU_HOURS.show(&t, free.gpu_hours.monthly, value_cb(Field::Free(FreeKind::GpuHours, true))) }
                { FREE_GPU_HOURS_ONCE.show(&t, free.gpu_hours.once, value_cb(Field::Free(FreeKind::GpuHours, false))) }
                { FREE_STORAGE.show(&t, free.storage_gb.monthly, value_cb(Field::Free(FreeKind::StorageGb, true))) }
                { FREE_STORAGE_ONCE.show(&t, free.storage_gb.once, value_cb(Field::Free(FreeKind::StorageGb, false))) }
                { FREE_EGRESS.show(&t, free.egress_gb.monthly, value_cb(Field::Free(FreeKind::EgressGb, true))) }
                { FREE_EGRESS_ONCE.show(&t, free.egress_gb.once, value_cb(Field::Free(FreeKind::EgressGb, false))) }
                if option.spot.is_some() {
                    { slider::view(SliderProps {
                        id: AttrValue::Static("bid-cap"),
                        label: tx(msg!("ui-bid-cap")),
                        unit: (per_instance_hour.clone()).into(),
                        value: bid_cap.unwrap_or(0.0),
                        spec: BID_CAP_SPEC,
                        slider_max: peak_price.unwrap_or(10.0).max(0.01),
                        step: 0.01,
                        decimals: None,
                        on_change: value_cb(Field::BidCap),
                    }) }
                }
            </div>
            { markup::note(&t, msg!("ui-allowances-note")) }
            </details>
            if commitments.is_empty() {
                <p class="muted small" id="strategy-no-commitment">{ t.text(msg!("ui-no-commitment")) }</p>
                <div class="sliders">
                    { RESERVED_TERM_MONTHS.show(&t, f64::from(inline.term_months), value_cb(Field::Inline(0))) }
                    { slider::view(SliderProps {
                        id: AttrValue::Static("reserved-upfront"),
                        label: tx(msg!("ui-reserved-upfront")),
                        unit: AttrValue::Static(currency.code()),
                        value: inline.upfront,
                        spec: PURCHASE_SPEC,
                        slider_max: 500_000.0,
                        step: 1_000.0,
                        decimals: None,
                        on_change: value_cb(Field::Inline(1)),
                    }) }
                    { slider::view(SliderProps {
                        id: AttrValue::Static("reserved-per-hour"),
                        label: tx(msg!("ui-reserved-price")),
                        unit: (t.text_with(msg!("ui-unit-per-instance-hour"), &[("currency", Arg::Text(currency.code().into()))])).into(),
                        value: inline.recurring_per_hour,
                        spec: RESERVED_PER_HOUR_SPEC,
                        slider_max: 100.0,
                        step: 0.05,
                        decimals: None,
                        on_change: value_cb(Field::Inline(2)),
                    }) }
                </div>
                if let Some(pct) = pending_pct {
                    <p class="small warn" id="reserved-price-pending" role="status">{ t.text_with(msg!("ui-reserved-needs-price"), &[("pct", Arg::Text(format::input_value(pct)))]) }</p>
                }
            } else {
                <label class="block">{ t.text(msg!("ui-reserved-term-payment")) }{ " " }
                    <select id="reserved-term" onchange={on_commitment}>
                        if current.is_none() {
                            { markup::option("".into(), true, attr(&t, msg!("ui-choose-term"))) }
                        }
                        { for commitments.iter().enumerate().map(|(i, c)| markup::option(i.to_string().into(), current == Some(i), commitment_text(&t, c, currency).into())) }
                    </select>
                </label>
            }
        </div>
    }
}

/// What a slider of the strategy editor sets.
#[derive(Clone, Copy)]
enum Field {
    /// The reserved share (`true`) or the spot share.
    Share {
        reserved: bool,
    },
    /// The typed reserved term, upfront or price per instance-hour (0 to 2).
    Inline(usize),
    Throughput,
    Failures,
    /// The off-peak price, peak start or peak end (0 to 2).
    OffPeak(usize),
    /// A free allowance, monthly (`true`) or once.
    Free(FreeKind, bool),
    BidCap,
}

/// The chosen option's values the sliders show: its index, reserved and spot shares in %,
/// whether a reserved share waits for a reserved price, the share waiting, its typed reserved
/// term, its off-peak price and peak hours, and its free allowances.
#[derive(Clone, Copy)]
struct Values {
    index: usize,
    shares: (f64, f64),
    needs_price: bool,
    pending_pct: Option<f64>,
    inline: ReservedTerm,
    off_peak: (f64, f64, f64),
    free: FreeAllowances,
}

/// A share the editor lowered so reserved + spot stay within 100 %: the option, whether it was
/// the reserved share (else the spot share), and its value before and after, in %.
type Lowered = (usize, bool, f64, f64);

/// What [`rebalance`] lowered when option `index`'s shares went from `before` to `after`
/// (reserved, spot; %): the other share than the one set, if it went down.
fn lowered_share(index: usize, before: (f64, f64), after: (f64, f64)) -> Option<Lowered> {
    if after.0 < before.0 {
        Some((index, true, before.0, after.0))
    } else if after.1 < before.1 {
        Some((index, false, before.1, after.1))
    } else {
        None
    }
}

/// Dispatches what a slider's new value `v` changes, from the values in force; a reserved
/// share typed before the option has a reserved price waits in `pending` instead. A share
/// lowered to make room for the one set is kept in `lowered`, for its note.
fn on_slider(
    field: Field,
    v: f64,
    values: &Values,
    on_action: &Callback<Action>,
    pending: &Local<Option<(usize, f64)>>,
    lowered: &Local<Option<Lowered>>,
) {
    let index = values.index;
    let (reserved_pct, spot_pct) = values.shares;
    let action = match field {
        Field::Share { reserved } => {
            if reserved && values.needs_price && v > 0.0 {
                pending.set(Some((index, v)));
                return;
            }
            if reserved {
                pending.set(None);
            }
            let before = (reserved_pct, spot_pct);
            let (reserved_pct, spot_pct) = rebalance(reserved_pct, spot_pct, reserved, v);
            // Only the share not being set counts as lowered (the one set may go down too).
            lowered.set(
                lowered_share(index, before, (reserved_pct, spot_pct)).filter(|l| l.1 != reserved),
            );
            Action::SetOptionShares {
                index,
                reserved_pct,
                spot_pct,
            }
        }
        Field::Inline(field) => {
            let inline = values.inline;
            let (mut term, mut upfront, mut per_hour) = (
                f64::from(inline.term_months),
                inline.upfront,
                inline.recurring_per_hour,
            );
            match field {
                0 => term = v,
                1 => upfront = v,
                _ => per_hour = v,
            }
            on_action.emit(Action::SetInlineReserved {
                index,
                term_months: term,
                upfront,
                per_hour,
            });
            // The share typed before the price applies now (the reducer runs the actions in
            // order; a refusal of either becomes the notice).
            let Some(pct) = values.pending_pct else {
                return;
            };
            let before = (reserved_pct, spot_pct);
            let (reserved_pct, spot_pct) = rebalance(reserved_pct, spot_pct, true, pct);
            lowered.set(lowered_share(index, before, (reserved_pct, spot_pct)).filter(|l| !l.1));
            on_action.emit(Action::SetOptionShares {
                index,
                reserved_pct,
                spot_pct,
            });
            pending.set(None);
            return;
        }
        Field::Throughput => Action::SetThroughput { index, factor: v },
        Field::Failures => Action::SetHostFailures { index, per_hour: v },
        Field::OffPeak(field) => {
            let (mut off, mut from, mut to) = values.off_peak;
            match field {
                0 => off = v,
                1 => from = v,
                _ => to = v,
            }
            Action::SetOffPeak {
                index,
                off_peak_per_hour: off,
                peak_from_hour: from,
                peak_to_hour: to,
            }
        }
        Field::Free(kind, monthly_field) => {
            let free = values.free;
            let a = match kind {
                FreeKind::GpuHours => free.gpu_hours,
                FreeKind::StorageGb => free.storage_gb,
                FreeKind::EgressGb => free.egress_gb,
            };
            let (monthly, once) = if monthly_field {
                (v, a.once)
            } else {
                (a.monthly, v)
            };
            Action::SetFreeAllowance {
                index,
                kind,
                monthly,
                once,
            }
        }
        Field::BidCap => Action::SetBidCap { index, per_hour: v },
    };
    on_action.emit(action);
}

/// The owned-server form feeding the scenario's `buy` section, in `t`'s language: a switch,
/// then (when `buy` is the owned server compared against) purchase price, life, residual value,
/// power, PUE, electricity price and operations per month, amounts in `currency`; each change
/// goes to `on_action`. A function of the app's view rather than a component of its own: it
/// has no state, and a component costs the wasm its own copy of Yew's component code (issue 19,
/// the wasm's size).
pub fn buy_form(
    t: &Translator,
    buy: Option<OwnedServer>,
    currency: planner_engine::Currency,
    on_action: &Callback<Action>,
) -> Html {
    let tx = |id: Msg| AttrValue::from(t.text(id));
    let on_toggle = {
        let on_action = on_action.clone();
        Callback::from(move |e: Event| {
            let on = e.target_unchecked_into::<HtmlInputElement>().checked();
            on_action.emit(Action::EnableBuy(on));
        })
    };
    let toggle = html! {
        <label class="chart-control">
            <input type="checkbox" id="buy-enabled" checked={buy.is_some()} onchange={on_toggle} />
            { " " }{ t.text(msg!("ui-compare-buying")) }
        </label>
    };
    let Some(b) = buy else {
        return toggle;
    };
    let setter = |f: fn(OwnedServer, f64) -> OwnedServer| {
        let on_action = on_action.clone();
        Callback::from(move |v: f64| on_action.emit(Action::SetBuy(f(b, v))))
    };
    let code = currency.code();
    html! {
        <>
        { toggle }
        <div class="sliders buy-form">
            { slider::view(SliderProps {
                id: AttrValue::Static("buy-purchase"),
                label: tx(msg!("ui-buy-purchase")),
                unit: AttrValue::Static(code),
                value: b.purchase,
                spec: PURCHASE_SPEC,
                slider_max: 1_000_000.0,
                step: 5_000.0,
                decimals: None,
                on_change: setter(|b, v| OwnedServer { purchase: v, ..b }),
            }) }
            { BUY_LIFE.show(t, b.life_years, setter(|b, v| OwnedServer { life_years: v, ..b })) }
            { BUY_RESIDUAL.show(t, b.residual * 100.0, setter(|b, v| OwnedServer { residual: v / 100.0, ..b })) }
            { BUY_KW.show(t, b.kw, setter(|b, v| OwnedServer { kw: v, ..b })) }
            { BUY_PUE.show(t, b.pue, setter(|b, v| OwnedServer { pue: v, ..b })) }
            { slider::view(SliderProps {
                id: AttrValue::Static("buy-kwh"),
                label: tx(msg!("ui-buy-electricity")),
                unit: (format!("{code}/kWh")).into(),
                value: b.price_per_kwh,
                spec: KWH_PRICE_SPEC,
                slider_max: 0.5,
                step: 0.01,
                decimals: None,
                on_change: setter(|b, v| OwnedServer { price_per_kwh: v, ..b }),
            }) }
            { slider::view(SliderProps {
                id: AttrValue::Static("buy-ops"),
                label: tx(msg!("ui-buy-operations")),
                unit: (t.text_with(msg!("ui-unit-per-month"), &[("currency", Arg::Text(code.into()))])).into(),
                value: b.ops_per_month,
                spec: OPS_SPEC,
                slider_max: 20_000.0,
                step: 100.0,
                decimals: None,
                on_change: setter(|b, v| OwnedServer { ops_per_month: v, ..b }),
            }) }
        </div>
        </>
    }
}

/// The `#share-reserved-…` slider.
pub static SHARE_RESERVED: SliderDef = SliderDef {
    id: "share-reserved",
    label: Text::Msg(msg!("ui-reserved-share")),
    unit: Text::Fixed("%"),
    spec: SHARE_PCT_SPEC,
    slider_max: 100.0,
    step: 5.0,
};

/// The `#share-spot-…` slider.
pub static SHARE_SPOT: SliderDef = SliderDef {
    id: "share-spot",
    label: Text::Msg(msg!("ui-spot-share")),
    unit: Text::Fixed("%"),
    spec: SHARE_PCT_SPEC,
    slider_max: 100.0,
    step: 5.0,
};

/// The `#host-failures-…` slider.
pub static HOST_FAILURES: SliderDef = SliderDef {
    id: "host-failures",
    label: Text::Msg(msg!("ui-host-failures")),
    unit: Text::Msg(msg!("ui-unit-per-instance-h")),
    spec: HOST_FAILURES_SPEC,
    slider_max: 0.01,
    step: 0.0005,
};

/// The `#peak-from-…` slider.
pub static PEAK_FROM: SliderDef = SliderDef {
    id: "peak-from",
    label: Text::Msg(msg!("ui-peak-from")),
    unit: Text::Msg(msg!("ui-unit-oclock")),
    spec: PEAK_HOUR_SPEC,
    slider_max: 23.0,
    step: 1.0,
};

/// The `#peak-to-…` slider.
pub static PEAK_TO: SliderDef = SliderDef {
    id: "peak-to",
    label: Text::Msg(msg!("ui-peak-to")),
    unit: Text::Msg(msg!("ui-unit-oclock")),
    spec: PEAK_HOUR_SPEC,
    slider_max: 23.0,
    step: 1.0,
};

/// The `#free-gpu-hours-…` slider.
pub static FREE_GPU_HOURS: SliderDef = SliderDef {
    id: "free-gpu-hours",
    label: Text::Msg(msg!("ui-free-gpu-hours")),
    unit: Text::Msg(msg!("ui-unit-gpu-hours")),
    spec: ALLOWANCE_SPEC,
    slider_max: 1_000.0,
    step: 10.0,
};

/// The `#free-gpu-hours-once-…` slider.
pub static FREE_GPU_HOURS_ONCE: SliderDef = SliderDef {
    id: "free-gpu-hours-once",
    label: Text::Msg(msg!("ui-free-gpu-hours-once")),
    unit: Text::Msg(msg!("ui-unit-gpu-hours")),
    spec: ALLOWANCE_SPEC,
    slider_max: 10_000.0,
    step: 100.0,
};

/// The `#free-storage-…` slider.
pub static FREE_STORAGE: SliderDef = SliderDef {
    id: "free-storage",
    label: Text::Msg(msg!("ui-free-storage")),
    unit: Text::Msg(msg!("ui-unit-gb-months")),
    spec: ALLOWANCE_SPEC,
    slider_max: 1_000.0,
    step: 10.0,
};

/// The `#free-storage-once-…` slider.
pub static FREE_STORAGE_ONCE: SliderDef = SliderDef {
    id: "free-storage-once",
    label: Text::Msg(msg!("ui-free-storage-once")),
    unit: Text::Msg(msg!("ui-unit-gb-months")),
    spec: ALLOWANCE_SPEC,
    slider_max: 10_000.0,
    step: 100.0,
};

/// The `#free-egress-…` slider.
pub static FREE_EGRESS: SliderDef = SliderDef {
    id: "free-egress",
    label: Text::Msg(msg!("ui-free-egress")),
    unit: Text::Fixed("GB"),
    spec: ALLOWANCE_SPEC,
    slider_max: 1_000.0,
    step: 10.0,
};

/// The `#free-egress-once-…` slider.
pub static FREE_EGRESS_ONCE: SliderDef = SliderDef {
    id: "free-egress-once",
    label: Text::Msg(msg!("ui-free-egress-once")),
    unit: Text::Fixed("GB"),
    spec: ALLOWANCE_SPEC,
    slider_max: 10_000.0,
    step: 100.0,
};

/// The `#reserved-term-months-…` slider.
pub static RESERVED_TERM_MONTHS: SliderDef = SliderDef {
    id: "reserved-term-months",
    label: Text::Msg(msg!("ui-reserved-term")),
    unit: Text::Msg(msg!("ui-unit-months")),
    spec: RESERVED_TERM_SPEC,
    slider_max: 36.0,
    step: 1.0,
};

/// The `#buy-life-…` slider.
pub static BUY_LIFE: SliderDef = SliderDef {
    id: "buy-life",
    label: Text::Msg(msg!("ui-buy-life")),
    unit: Text::Msg(msg!("ui-unit-years")),
    spec: LIFE_YEARS_SPEC,
    slider_max: 8.0,
    step: 0.5,
};

/// The `#buy-residual-…` slider.
pub static BUY_RESIDUAL: SliderDef = SliderDef {
    id: "buy-residual",
    label: Text::Msg(msg!("ui-buy-residual")),
    unit: Text::Msg(msg!("ui-unit-pct-of-purchase")),
    spec: SHARE_PCT_SPEC,
    slider_max: 60.0,
    step: 1.0,
};

/// The `#buy-kw-…` slider.
pub static BUY_KW: SliderDef = SliderDef {
    id: "buy-kw",
    label: Text::Msg(msg!("ui-buy-power")),
    unit: Text::Fixed("kW"),
    spec: KW_SPEC,
    slider_max: 20.0,
    step: 0.1,
};

/// The `#buy-pue-…` slider.
pub static BUY_PUE: SliderDef = SliderDef {
    id: "buy-pue",
    label: Text::Fixed("PUE"),
    unit: Text::Fixed("×"),
    spec: PUE_SPEC,
    slider_max: 2.5,
    step: 0.05,
};
