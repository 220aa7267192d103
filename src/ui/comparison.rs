//! The comparison table: every compared option's engine results (total within the horizon and
//! with the reserved commitment, cost per used GPU-hour and per job, finish time, break-even,
//! warnings), strategy variants, and the table's CSV download.

use crate::ui::hooks::Local;
use crate::ui::markup::{self, cell};
use crate::web;
use planner_app::action::Action;
use planner_app::comparison::{file_name, money_or_na, rate_or_na, to_csv, warnings};
use planner_app::i18n::{Arg, Translator};
use planner_app::msg;
use planner_core::format;
use planner_engine::plan::OptionResult;
use planner_engine::Currency;
use yew::prelude::*;

/// What [`comparison`] shows.
pub struct ComparisonProps {
    /// The engine's results (`Scenario::evaluate`), or why they could not be computed;
    /// compared by identity (the app's memo hands out a new `Rc` only when it recomputes them).
    pub results: crate::ui::Same<Result<Vec<OptionResult>, planner_core::error::FileError>>,
    /// Currency of every amount.
    pub currency: Currency,
    /// Month convention code, e.g. `"730h"` (CSV headers and the finish column).
    pub month: AttrValue,
    /// Today as `YYYY-MM-DD`, for download file names.
    pub today: AttrValue,
    /// Dispatches an option's row action ([`RowAction`]).
    pub on_action: Callback<Action>,
    /// Per option: whether its offer lists committed-use prices (shows "+ 60/40 reserved").
    pub reservable: Vec<bool>,
    /// Reserved term in months of each option (by position), if any: a term longer than the
    /// horizon is said beside its break-even ("uses 12 of 36 months").
    pub term_months: Vec<Option<u32>>,
    /// Whether each option (by position) may get a spot variant: one with a spot price (its own
    /// or its offer's) and without a spot share already (variants do not stack).
    pub spottable: Vec<bool>,
}

/// What a button of an option's row does.
#[derive(Clone, Copy)]
enum RowAction {
    /// Adds its all-spot variant.
    SpotVariant,
    /// Adds its 60/40 reserved/on-demand variant.
    ReservedVariant,
    /// Removes it.
    Remove,
}

/// The scenario change `action` makes for the option at `index`.
fn row_action(action: RowAction, index: usize) -> Action {
    match action {
        RowAction::SpotVariant => Action::AddSpotVariant {
            index,
            spot_pct: 100.0,
        },
        RowAction::ReservedVariant => Action::AddReservedVariant {
            index,
            reserved_pct: 60.0,
            commitment: 0,
        },
        RowAction::Remove => Action::RemoveOption(index),
    }
}

/// A month convention code (`"730h"`, `"calendar"`) as words: `"730 h"`, `"calendar months"`.
fn month_name(t: &Translator, code: &str) -> String {
    match code.strip_suffix('h') {
        Some(hours) => t.text_with(
            msg!("ui-month-hours"),
            &[("hours", Arg::Text(hours.into()))],
        ),
        None => t.text(msg!("ui-calendar-months")),
    }
}

/// Comparison table with a CSV download, in `t`'s language; a failed download's message shows
/// under the table from `error` (the app's state, so that it survives re-renders). A function
/// of the app's view rather than a component of its own: a component costs the wasm its own
/// copy of Yew's component code (issue 19, the wasm's size).
pub fn comparison(
    t: &Translator,
    props: &ComparisonProps,
    error: &Local<Option<planner_core::error::BrowserRefusal>>,
) -> Html {
    let results = match &*props.results.0 {
        Ok(r) => r,
        Err(e) => {
            return html! { <p class="field-error" role="alert" id="comparison-error">{ t.text_with(msg!("ui-cannot-compute"), &[("detail", Arg::Text(t.file_error(e)))]) }</p> }
        }
    };
    if results.is_empty() {
        return html! {
            <p class="empty" id="results-empty">{ t.text_with(msg!("ui-no-offer-picked"), &[("max", Arg::Number(planner_app::validation::MAX_COMPARED as f64))]) }</p>
        };
    }
    let c = props.currency;
    let on_csv = {
        let results = props.results.0.clone();
        let month = props.month.clone();
        let name = file_name("comparison", &props.today, "csv");
        let error = error.clone();
        let language = t.language();
        Callback::from(move |_: MouseEvent| {
            if let Ok(r) = &*results {
                let t = Translator::new(language);
                if let Err(e) = web::download_text(&name, "text/csv", &to_csv(r, c, &month, &t)) {
                    error.set(Some(e));
                }
            }
        })
    };
    let rows = results.iter().enumerate().map(|(i, r)| {
        // One callback shape for the row's three buttons.
        let act = |action: RowAction| {
            let on_action = props.on_action.clone();
            Callback::from(move |_: MouseEvent| on_action.emit(row_action(action, i)))
        };
        let reservable = props.reservable.get(i).copied().unwrap_or(false);
        let spottable = props.spottable.get(i).copied().unwrap_or(true);
        let reserved = r.reserved.as_ref();
        let warn = warnings(r, c, t);
        // A reserved term running past the horizon: how much of it the plan uses.
        let horizon = u32::try_from(r.month_hours.len()).unwrap_or(u32::MAX);
        let term = props
            .term_months
            .get(i)
            .copied()
            .flatten()
            .filter(|m| reserved.is_some() && *m > horizon);
        html! {
            <tr data-offer-id={r.offer_id.clone()}>
                <th scope="row" class="option-label">{ r.name.clone() }
                    if let Some(d) = &r.prices_as_of { <div class="muted small">{ t.text_with(msg!("ui-prices-as-of"), &[("date", Arg::Text(planner_app::i18n::date(t.language(), d)))]) }</div> }
                </th>
                <td class="num cmp-total total" id={format!("total-{i}")}>{ t.money(r.total, c) }</td>
                { cell("num", None, None, t.money(r.total_with_commitment, c).into()) }
                { cell("num", None, None, rate_or_na(r.per_used_gpu_hour, c, t).into()) }
                { cell("num", None, None, money_or_na(r.per_job, c, t).into()) }
                { cell("num", None, None, r.finish_months.filter(|m| m.is_finite()).map(|m| format::number(m, 2)).unwrap_or_else(|| t.text(msg!("ui-na"))).into()) }
                { cell("num", None, None, reserved.and_then(|x| x.break_even_utilisation).filter(|u| u.is_finite()).map(|u| format!("{} %", format::number(u * 100.0, 1))).unwrap_or_else(|| t.text(msg!("ui-na"))).into()) }
                <td class="num break-even-months">{ reserved.and_then(|x| x.break_even_months).filter(|m| m.is_finite()).map(|m| if m == 0.0 { t.text(msg!("ui-break-even-no-upfront")) } else { format::number(m, 1) }).unwrap_or_else(|| t.text(msg!("ui-na"))) }
                    if let Some(m) = term {
                        <div class="small term-used">{ t.text_with(msg!("ui-cmp-term-used"), &[("used", Arg::Number(f64::from(horizon))), ("term", Arg::Number(f64::from(m)))]) }</div>
                    }
                </td>
                <td class="warn small">{ planner_app::i18n::list(t.language(), &warn) }</td>
                <td class="actions">
                    if spottable {
                        <button class="link spot-variant" title={t.text(msg!("ui-spot-variant-title"))} onclick={act(RowAction::SpotVariant)}>{ t.text(msg!("ui-spot-variant")) }</button>
                    }
                    if reservable {
                        { " " }
                        <button class="link reserved-variant" title={t.text(msg!("ui-reserved-variant-title"))} onclick={act(RowAction::ReservedVariant)}>{ t.text(msg!("ui-reserved-variant")) }</button>
                    }
                    { " " }
                    <button class="link" aria-label={t.text_with(msg!("ui-remove-option"), &[("name", Arg::Text(r.name.clone()))])} onclick={act(RowAction::Remove)}>{ t.text(msg!("ui-remove")) }</button>
                </td>
            </tr>
        }
    });
    html! {
        <div class="comparison">
            <div class="card-head">
                <h3>{ t.text(msg!("ui-cmp-heading")) }</h3>
                <div class="buttons"><button id="download-comparison-csv" onclick={on_csv}>{ t.text(msg!("ui-download-csv")) }</button></div>
            </div>
            <div class="table-scroll" id="results">
                <table id="comparison">
                    <thead><tr>
                        { markup::th(true, None, None, t.text(msg!("ui-cmp-option")).into()) }
                        { markup::th(true, Some("num"), None, t.text_with(msg!("ui-cmp-total"), &[("currency", Arg::Text(c.code().into()))]).into()) }
                        { markup::th(true, Some("num"), Some(t.text(msg!("ui-cmp-commitment-title")).into()), t.text_with(msg!("ui-cmp-commitment"), &[("currency", Arg::Text(c.code().into()))]).into()) }
                        { markup::th(true, Some("num"), None, t.text(msg!("ui-cmp-per-gpu-hour")).into()) }
                        { markup::th(true, Some("num"), None, t.text(msg!("ui-cmp-per-job")).into()) }
                        { markup::th(true, Some("num"), None, t.text_with(msg!("ui-cmp-finish"), &[("month", Arg::Text(month_name(t, &props.month)))]).into()) }
                        { markup::th(true, Some("num"), None, t.text(msg!("ui-cmp-break-even-utilisation")).into()) }
                        { markup::th(true, Some("num"), Some(t.text(msg!("ui-cmp-break-even-months-title")).into()), t.text(msg!("ui-cmp-break-even-months")).into()) }
                        { markup::th(true, None, None, t.text(msg!("ui-warnings")).into()) }
                        <th scope="col"><span class="visually-hidden">{ t.text(msg!("ui-actions")) }</span></th>
                    </tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            if let Some(e) = &**error { <p class="field-error" role="alert">{ t.browser_refusal(e) }</p> }
        </div>
    }
}
