//! The results table: one row per compared offer with instances, monthly and total cost, and
//! effective cost per used GPU-hour, in the display currency. Errors show in the offer's row.

use crate::catalog::{Offer, STALE_AFTER_MONTHS};
use crate::format;
use crate::model::{ModelError, OptionResult};
use crate::scenario::{billing_label, count_of, option_labels, Scenario, MAX_COMPARED};
use crate::web;
use std::rc::Rc;
use yew::prelude::*;

/// Properties of [`Summary`].
#[derive(Properties, PartialEq, Clone)]
pub struct SummaryProps {
    /// The scenario the results belong to.
    pub scenario: Scenario,
    /// Results of `scenario.results()`, computed once by the parent.
    pub results: Rc<Vec<(&'static Offer, Result<OptionResult, ModelError>)>>,
    /// Today's `(year, month)`, for marking stale prices.
    pub today: (i32, u32),
    /// Called with the id of an offer to remove.
    pub on_remove: Callback<String>,
}

/// Results table.
#[function_component(Summary)]
pub fn summary(props: &SummaryProps) -> Html {
    let currency = props.scenario.display_currency();
    let fleet = props.scenario.fleet();
    if props.results.is_empty() {
        return html! {
            <p class="empty" id="results-empty">{ format!("No offer picked yet: tick up to {MAX_COMPARED} rows in the offer table below.") }</p>
        };
    }
    let offers: Vec<&Offer> = props.results.iter().map(|(o, _)| *o).collect();
    let labels = option_labels(&offers);
    let rows = props.results.iter().zip(labels).enumerate().map(|(i, ((offer, r), label))| {
        let on_remove = props.on_remove.clone();
        let id = offer.id.to_string();
        let remove = Callback::from(move |_: MouseEvent| {
            on_remove.emit(id.clone());
            // The button disappears with its row: keep keyboard focus in this section.
            web::focus_by_id("results-heading");
        });
        let src = offer.source();
        let as_of = format!("{}{}", src.as_of, if src.as_of_exact { "" } else { " (read)" });
        match r {
            Ok(r) => html! {
                <tr data-offer-id={offer.id}>
                    <td><span class="option-label">{ label.clone() }</span>
                        <div class="muted small">{ billing_label(offer.billing) }</div>
                        if src.is_stale(props.today) { <div class="stale small">{ format!("prices as of {as_of}: older than {STALE_AFTER_MONTHS} months") }</div> }
                    </td>
                    <td class="num">{ format!("{} × {}", format::number(f64::from(r.native.instances), 0), count_of(offer.gpu_count, "GPU", "GPUs")) }
                        { (r.native.gpus_billed > fleet.gpus).then(|| html!{ <span class="warn" title="instances are rented whole">{ format!(" ({} paid, {} used)", format::number(f64::from(r.native.gpus_billed), 0), format::number(f64::from(fleet.gpus), 0)) }</span> }) }
                    </td>
                    <td class="num wide-only">{ format::number(r.native.billed_hours_per_instance_month, 2) }</td>
                    <td class="num">{ format::money(r.per_month, currency) }</td>
                    <td class="num total" id={format!("total-{i}")}>{ format::money(r.total, currency) }</td>
                    <td class="num">{ r.per_used_gpu_hour.map(|p| format::rate(p, currency)).unwrap_or_else(|| format::NOT_AVAILABLE.into()) }</td>
                    <td class="wide-only">{ offer.currency.code() }</td>
                    <td class="wide-only">{ as_of }</td>
                    <td><button class="link" onclick={remove} aria-label={format!("Remove {label}")}>{ "remove" }</button></td>
                </tr>
            },
            Err(e) => html! {
                <tr data-offer-id={offer.id} class="row-error">
                    <td>{ label.clone() }</td>
                    <td colspan="7" class="field-error">{ e.to_string() }</td>
                    <td><button class="link" onclick={remove}>{ "remove" }</button></td>
                </tr>
            },
        }
    });
    html! {
        <div class="table-wrap">
            <table id="results">
                <thead><tr>
                    <th>{ "Option" }</th>
                    <th class="num">{ "Instances" }</th>
                    <th class="num wide-only" title="billed hours per instance per month">{ format!("Billed h/month ({})", fleet.month.label()) }</th>
                    <th class="num">{ format!("Per month ({})", currency.code()) }</th>
                    <th class="num">{ format!("Total, {} ({})", count_of(fleet.months, "month", "months"), currency.code()) }</th>
                    <th class="num" title="cost divided by GPU-hours actually used">{ format!("Per used GPU-hour ({})", currency.code()) }</th>
                    <th class="wide-only">{ "Quoted in" }</th>
                    <th class="wide-only">{ "Prices as of" }</th>
                    <th></th>
                </tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
        </div>
    }
}
