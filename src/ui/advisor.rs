//! The decision helper: the founding articles' questions (hardware: GPU family, memory per
//! GPU, NVLink; budget sensitivity; operations skill; interruptible work; data location) give a
//! ranked shortlist ([`planner_app::advisor::shortlist`]) sized for the scenario's GPUs, in the
//! page's currency, with translated reasons, and a button that adds the top picks beside the
//! user's options ([`planner_app::advisor::add_picks`]) with an Undo.

use super::language::use_tr;
use super::state::{AppAction, AppState};
use crate::ui::language::attr;
use crate::ui::markup::{self, option};
use planner_app::advisor::{add_picks, shortlist, Added, DataLocation, Needs};
use planner_app::i18n::Arg;
use planner_app::msg;
use planner_app::state::Scenario;
use planner_app::validation::MAX_COMPARED;
use planner_core::input::{parse_number, InputError, NumberSpec};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Offers shown in the shortlist.
pub const SHORTLIST_LEN: usize = 5;
/// Top picks the add button puts beside the user's options.
pub const COMPARE_TOP: usize = 3;

/// What the "minimum memory per GPU" question accepts, in GiB: 0 (no minimum) up to 1,024,
/// above every GPU in the catalog (the largest have 288 GiB, data/gpu-specs.csv).
pub const MEMORY_GIB: NumberSpec = NumberSpec {
    min: 0.0,
    max: 1024.0,
    integer: false,
    min_positive: 0.0,
};

/// Properties of [`Advisor`].
#[derive(Properties, PartialEq)]
pub struct AdvisorProps {
    /// The app's reducer.
    pub dispatch: UseReducerDispatcher<AppState>,
    /// The scenario the picks are added to.
    pub scenario: Scenario,
    /// The scenario once it has been still for a moment (the app's settled scenario; `None`
    /// before the first): its GPU count, horizon, currency and exchange rate size and price
    /// the shortlist, so dragging a slider does not rank the whole catalog at every step.
    /// `None` sizes by `scenario`.
    pub sizing: Option<crate::ui::Same<Scenario>>,
}

/// The last "add picks": the scenario before it and what it made (Undo is offered while the
/// scenario is still what it made).
#[derive(PartialEq)]
struct LastAdd {
    before: Scenario,
    added: Added,
}

fn location_code(l: DataLocation) -> &'static str {
    match l {
        DataLocation::Anywhere => "anywhere",
        DataLocation::ChinaMainland => "cn",
        DataLocation::OutsideChinaMainland => "outside-cn",
    }
}

/// The questions and the ranked shortlist.
#[function_component(Advisor)]
pub fn advisor(props: &AdvisorProps) -> Html {
    let t = use_tr();
    let needs = crate::ui::hooks::use_local(Needs::default);
    let last = crate::ui::hooks::use_local(|| None::<Rc<LastAdd>>);
    let families = crate::ui::hooks::use_memo_on((), |_| planner_core::catalog::gpu_families());
    let sized = (*needs).clone().for_scenario(
        props
            .sizing
            .as_ref()
            .map_or(&props.scenario, |s| s.0.as_ref()),
    );
    let list = crate::ui::hooks::use_memo_on(sized.clone(), |n| shortlist(n, SHORTLIST_LEN));

    let update = |f: fn(&mut Needs, &web_sys::Element)| {
        let needs = needs.clone();
        Callback::from(move |e: Event| {
            let mut n = (*needs).clone();
            f(&mut n, &e.target_unchecked_into::<web_sys::Element>());
            needs.set(n);
        })
    };
    let on_gpu = update(|n, el| {
        let v = el.unchecked_ref::<HtmlSelectElement>().value();
        n.gpu = (!v.is_empty()).then_some(v);
    });
    // Empty = no minimum; anything else must be a number of GiB within MEMORY_GIB, else it is
    // refused beside the field and the minimum in force stays.
    let memory_error = crate::ui::hooks::use_local(|| None::<InputError>);
    let on_memory = {
        let (needs, memory_error) = (needs.clone(), memory_error.clone());
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            let parsed = if v.trim().is_empty() {
                Ok(None)
            } else {
                parse_number(&v, MEMORY_GIB).map(|x| (x > 0.0).then_some(x))
            };
            match parsed {
                Ok(min) => {
                    let mut n = (*needs).clone();
                    n.min_memory_gib = min;
                    needs.set(n);
                    memory_error.set(None);
                }
                Err(e) => memory_error.set(Some(e)),
            }
        })
    };
    let on_nvlink = update(|n, el| n.nvlink = el.unchecked_ref::<HtmlInputElement>().checked());
    let on_budget = update(|n, el| {
        n.budget_sensitive = el.unchecked_ref::<HtmlInputElement>().checked();
    });
    let on_ops = update(|n, el| n.ops_skilled = el.unchecked_ref::<HtmlInputElement>().checked());
    let on_interruptible = update(|n, el| {
        n.interruptible = el.unchecked_ref::<HtmlInputElement>().checked();
    });
    let on_location = update(|n, el| {
        n.data_location = match el.unchecked_ref::<HtmlSelectElement>().value().as_str() {
            "cn" => DataLocation::ChinaMainland,
            "outside-cn" => DataLocation::OutsideChinaMainland,
            _ => DataLocation::Anywhere,
        };
    });
    let on_add = {
        let (d, last, list) = (props.dispatch.clone(), last.clone(), list.clone());
        let scenario = props.scenario.clone();
        Callback::from(move |_: MouseEvent| {
            let added = add_picks(&scenario, &list[..list.len().min(COMPARE_TOP)]);
            d.dispatch(AppAction::SetScenario(Box::new(added.scenario.clone())));
            last.set(Some(Rc::new(LastAdd {
                before: scenario.clone(),
                added,
            })));
        })
    };
    let on_undo = {
        let (d, last) = (props.dispatch.clone(), last.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(l) = &*last {
                d.dispatch(AppAction::SetScenario(Box::new(l.before.clone())));
            }
            last.set(None);
        })
    };
    // What the last add did, with Undo, while the scenario is still what it made.
    let report = last
        .as_ref()
        .filter(|l| l.added.scenario == props.scenario)
        .map(|l| {
            let a = &l.added;
            html! {
                <div class="advisor-added" id="advisor-added" role="status">
                    <p>{ t.text_with(msg!("ui-advisor-added"), &[("added", Arg::Number(a.added as f64)), ("skipped", Arg::Number(a.skipped as f64)), ("max", Arg::Number(MAX_COMPARED as f64))]) }
                        { " " }<button id="advisor-undo" onclick={on_undo.clone()}>{ t.text(msg!("ui-advisor-undo")) }</button></p>
                    { for a.carried.iter().map(|(name, pct, rate)| html!{
                        <p class="small">{ t.text_with(msg!("ui-advisor-carried"), &[("name", Arg::Text(name.clone())), ("pct", Arg::Number(*pct)), ("rate", Arg::Text(planner_core::format::input_value(*rate)))]) }</p>
                    }) }
                </div>
            }
        });
    let lang = t.language();
    html! {
        <section class="card advisor" aria-labelledby="advisor-heading">
            <h2 id="advisor-heading">{ t.text(msg!("ui-advisor-title")) }</h2>
            <div class="advisor-questions options">
                <label>{ t.text(msg!("ui-advisor-gpu")) }{ " " }
                    <select id="advisor-gpu" onchange={on_gpu}>
                        { option("".into(), needs.gpu.is_none(), attr(&t, msg!("ui-advisor-any"))) }
                        { for families.iter().map(|f| option(f.label.clone().into(), needs.gpu.as_deref() == Some(f.label.as_str()), f.label.clone().into())) }
                    </select>
                </label>
                <label>{ t.text(msg!("ui-advisor-memory")) }{ " " }
                    <input type="text" inputmode="decimal" id="advisor-memory" size="5" onchange={on_memory}
                        aria-invalid={memory_error.is_some().to_string()} aria-describedby="advisor-memory-error" />
                    <span class="field-error" id="advisor-memory-error" role="alert">
                        { (*memory_error).as_ref().map(|e| t.input_refusal(e, needs.min_memory_gib)).unwrap_or_default() }
                    </span>
                </label>
                { markup::checkbox(None, "advisor-nvlink", needs.nvlink, on_nvlink, t.text(msg!("ui-advisor-nvlink"))) }
                { markup::checkbox(None, "advisor-budget", needs.budget_sensitive, on_budget, t.text(msg!("ui-advisor-budget"))) }
                { markup::checkbox(None, "advisor-ops", needs.ops_skilled, on_ops, t.text(msg!("ui-advisor-ops"))) }
                { markup::checkbox(None, "advisor-interruptible", needs.interruptible, on_interruptible, t.text(msg!("ui-advisor-interruptible"))) }
                <label>{ t.text(msg!("ui-advisor-location")) }{ " " }
                    <select id="advisor-location" onchange={on_location}>
                        { for [(DataLocation::Anywhere, msg!("ui-advisor-location-anywhere")), (DataLocation::ChinaMainland, msg!("ui-advisor-location-cn")), (DataLocation::OutsideChinaMainland, msg!("ui-advisor-location-outside-cn"))]
                            .into_iter().map(|(l, id)| option(location_code(l).into(), needs.data_location == l, attr(&t, id))) }
                    </select>
                </label>
            </div>
            <p class="muted small" id="advisor-sized">{ t.text_with(msg!("ui-advisor-for-scenario"), &[("gpus", Arg::Number(f64::from(sized.gpus))), ("currency", Arg::Text(sized.currency.code().into()))]) }</p>
            if list.is_empty() {
                <p class="muted" id="advisor-none">{ t.text(msg!("ui-advisor-none")) }</p>
            } else {
                <ol class="advisor-list" id="advisor-list">
                    { for list.iter().map(|r| html!{
                        <li class="advisor-pick" data-offer={r.offer.id}>
                            <strong>{ format!("{} · {} · {}× {}", r.offer.provider, r.offer.instance_type, r.offer.gpu_count, r.offer.gpu_model) }</strong>
                            { " " }
                            <span class="muted small">{ t.text_with(msg!("ui-advisor-score"), &[("price", Arg::Text(planner_app::i18n::money(lang, r.score_per_gpu_hour, r.currency)))]) }</span>
                            <ul class="small">
                                { for r.reasons.iter().map(|x| html!{ <li>{ t.reason(x) }</li> }) }
                            </ul>
                        </li>
                    }) }
                </ol>
                <button id="advisor-compare" onclick={on_add}>{ t.text_with(msg!("ui-advisor-add"), &[("count", Arg::Number(list.len().min(COMPARE_TOP) as f64))]) }</button>
            }
            { report.unwrap_or_default() }
        </section>
    }
}
