//! The comparison table: every compared option's engine results (total within the horizon and
//! with the reserved commitment, cost per used GPU-hour and per job, finish time, break-even,
//! warnings), strategy variants, and the table's CSV download.

use crate::catalog::Currency;
use crate::comparison::{file_name, money_or_na, rate_or_na, to_csv, warnings};
use crate::engine::plan::OptionResult;
use crate::format;
use crate::web;
use std::rc::Rc;
use yew::prelude::*;

/// Properties of [`Comparison`].
#[derive(Properties, PartialEq, Clone)]
pub struct ComparisonProps {
    /// The engine's results (`Scenario::evaluate`), or why they could not be computed.
    pub results: Rc<Result<Vec<OptionResult>, String>>,
    /// Currency of every amount.
    pub currency: Currency,
    /// Month convention code, e.g. `"730h"` (CSV headers and the finish column).
    pub month: AttrValue,
    /// Today as `YYYY-MM-DD`, for download file names.
    pub today: AttrValue,
    /// Called with an option's position to add its all-spot variant.
    pub on_spot_variant: Callback<usize>,
    /// Per option: whether its offer lists committed-use prices (shows "+ 60/40 reserved").
    pub reservable: Vec<bool>,
    /// Called with an option's position to add its 60/40 reserved/on-demand variant.
    pub on_reserved_variant: Callback<usize>,
    /// Called with an option's position to remove it.
    pub on_remove: Callback<usize>,
}

/// Comparison table with a CSV download.
#[function_component(Comparison)]
pub fn comparison(props: &ComparisonProps) -> Html {
    let error = use_state(|| None::<String>);
    let results = match &*props.results {
        Ok(r) => r,
        Err(e) => {
            return html! { <p class="field-error" role="alert" id="comparison-error">{ format!("Cannot compute the comparison: {e}") }</p> }
        }
    };
    if results.is_empty() {
        return html! {
            <p class="empty" id="results-empty">{ format!("No offer picked yet: tick up to {} rows in the offer table below.", crate::scenario::MAX_COMPARED) }</p>
        };
    }
    let c = props.currency;
    let on_csv = {
        let results = props.results.clone();
        let month = props.month.clone();
        let name = file_name("comparison", &props.today, "csv");
        let error = error.clone();
        Callback::from(move |_: MouseEvent| {
            if let Ok(r) = &*results {
                if let Err(e) = web::download_text(&name, "text/csv", &to_csv(r, c, &month)) {
                    error.set(Some(e));
                }
            }
        })
    };
    let rows = results.iter().enumerate().map(|(i, r)| {
        let spot = props.on_spot_variant.clone();
        let remove = props.on_remove.clone();
        let reserve = props.on_reserved_variant.clone();
        let reservable = props.reservable.get(i).copied().unwrap_or(false);
        let reserved = r.reserved.as_ref();
        let warn = warnings(r, c);
        html! {
            <tr data-offer-id={r.offer_id.clone()}>
                <th scope="row" class="option-label">{ r.name.clone() }
                    if let Some(d) = &r.prices_as_of { <div class="muted small">{ format!("prices as of {d}") }</div> }
                </th>
                <td class="num cmp-total total" id={format!("total-{i}")}>{ format::money(r.total, c) }</td>
                <td class="num">{ format::money(r.total_with_commitment, c) }</td>
                <td class="num">{ rate_or_na(r.per_used_gpu_hour, c) }</td>
                <td class="num">{ money_or_na(r.per_job, c) }</td>
                <td class="num">{ r.finish_months.filter(|m| m.is_finite()).map(|m| format::number(m, 2)).unwrap_or_else(|| format::NOT_AVAILABLE.into()) }</td>
                <td class="num">{ reserved.and_then(|x| x.break_even_utilisation).filter(|u| u.is_finite()).map(|u| format!("{} %", format::number(u * 100.0, 1))).unwrap_or_else(|| format::NOT_AVAILABLE.into()) }</td>
                <td class="num">{ reserved.and_then(|x| x.break_even_months).filter(|m| m.is_finite()).map(|m| format::number(m, 1)).unwrap_or_else(|| format::NOT_AVAILABLE.into()) }</td>
                <td class="warn small">{ warn.join("; ") }</td>
                <td class="actions">
                    <button class="link" title="Add a copy of this option run on spot capacity" onclick={Callback::from(move |_: MouseEvent| spot.emit(i))}>{ "+ spot variant" }</button>
                    if reservable {
                        { " " }
                        <button class="link reserved-variant" title="Add a copy of this option with 60 % of its GPUs on the offer's first committed-use term and 40 % on demand" onclick={Callback::from(move |_: MouseEvent| reserve.emit(i))}>{ "+ 60/40 reserved" }</button>
                    }
                    { " " }
                    <button class="link" aria-label={format!("Remove {}", r.name)} onclick={Callback::from(move |_: MouseEvent| remove.emit(i))}>{ "remove" }</button>
                </td>
            </tr>
        }
    });
    html! {
        <div class="comparison">
            <div class="card-head">
                <h3>{ "Totals, rates and break-even" }</h3>
                <div class="buttons"><button id="download-comparison-csv" onclick={on_csv}>{ "Download CSV" }</button></div>
            </div>
            <div class="table-scroll" id="results">
                <table id="comparison">
                    <thead><tr>
                        <th scope="col">{ "Option" }</th>
                        <th scope="col" class="num">{ format!("Total in horizon ({})", c.code()) }</th>
                        <th scope="col" class="num" title="total plus reserved commitment owed after the horizon">{ format!("Total commitment ({})", c.code()) }</th>
                        <th scope="col" class="num">{ "Per used GPU-hour" }</th>
                        <th scope="col" class="num">{ "Per job" }</th>
                        <th scope="col" class="num">{ format!("Finish (months of {})", props.month) }</th>
                        <th scope="col" class="num">{ "Reserved break-even utilisation" }</th>
                        <th scope="col" class="num" title="months of use after which the reserved term beats paying on demand">{ "Reserved break-even (months)" }</th>
                        <th scope="col">{ "Warnings" }</th>
                        <th scope="col"><span class="visually-hidden">{ "Actions" }</span></th>
                    </tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            if let Some(e) = &*error { <p class="field-error" role="alert">{ e }</p> }
        </div>
    }
}
