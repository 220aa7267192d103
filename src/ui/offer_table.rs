//! The catalog table: filter by provider, GPU model and free text, sort, and pick offers to
//! compare. Shows per instance-hour and per GPU-hour prices in the offer's native currency.

use crate::catalog::Currency;
use crate::catalog::{self, Offer, AGGREGATION_RULE, STALE_AFTER_MONTHS};
use crate::format;
use crate::model::ExchangeRate;
use crate::scenario::{filter_offers, OfferFilter, SortKey, MAX_COMPARED};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Rows shown at once; the rest are reached by filtering (keeps the DOM light).
pub const MAX_ROWS: usize = 150;

/// Properties of [`OfferTable`].
#[derive(Properties, PartialEq, Clone)]
pub struct OfferTableProps {
    /// Ids of the picked offers (only what the table needs, so fleet changes from the sliders
    /// do not re-render the table).
    pub selected: Vec<String>,
    /// Currency the sort converts prices to.
    pub display_currency: Currency,
    /// Exchange rate the sort converts at.
    pub rate: ExchangeRate,
    /// Today's `(year, month)`, for marking stale prices.
    pub today: (i32, u32),
    /// Current filter.
    pub filter: OfferFilter,
    /// Called with a new filter.
    pub on_filter: Callback<OfferFilter>,
    /// Called with the id of an offer to add or remove.
    pub on_toggle: Callback<String>,
}

fn opt_num(v: Option<f64>, decimals: u32) -> String {
    v.map(|v| format::number(v, decimals))
        .unwrap_or_else(|| "—".into())
}

fn sort_key_from(value: &str) -> SortKey {
    match value {
        "instance" => SortKey::PricePerInstanceHour,
        "memory" => SortKey::GpuMemory,
        "provider" => SortKey::Provider,
        _ => SortKey::PricePerGpuHour,
    }
}

/// Offer table with its filter bar.
#[function_component(OfferTable)]
pub fn offer_table(props: &OfferTableProps) -> Html {
    let rows = {
        let f = props.filter.clone();
        let c = props.display_currency;
        let r = props.rate;
        use_memo((f, c, r.usd_per_cny.to_bits()), move |(f, c, _)| {
            filter_offers(catalog::OFFERS, f, *c, r)
        })
    };
    let providers = use_memo((), |_| catalog::providers());
    let gpus = use_memo((), |_| catalog::gpu_families());

    let set = |update: fn(&mut OfferFilter, String)| {
        let filter = props.filter.clone();
        let on_filter = props.on_filter.clone();
        move |value: String| {
            let mut f = filter.clone();
            update(&mut f, value);
            on_filter.emit(f);
        }
    };
    let on_provider = {
        let set = set(|f, v| f.provider = v);
        Callback::from(move |e: Event| set(e.target_unchecked_into::<HtmlSelectElement>().value()))
    };
    let on_gpu = {
        let set = set(|f, v| f.gpu_family = v);
        Callback::from(move |e: Event| set(e.target_unchecked_into::<HtmlSelectElement>().value()))
    };
    let on_text = {
        let set = set(|f, v| f.text = v);
        Callback::from(move |e: InputEvent| {
            set(e.target_unchecked_into::<HtmlInputElement>().value())
        })
    };
    let on_sort = {
        let filter = props.filter.clone();
        let on_filter = props.on_filter.clone();
        Callback::from(move |e: Event| {
            let mut f = filter.clone();
            f.sort = sort_key_from(&e.target_unchecked_into::<HtmlSelectElement>().value());
            on_filter.emit(f);
        })
    };

    let full = props.selected.len() >= MAX_COMPARED;
    let row = |o: &&'static Offer| {
        let picked = props.selected.iter().any(|s| s == o.id);
        let on_toggle = props.on_toggle.clone();
        let id = o.id.to_string();
        let onchange = Callback::from(move |_: Event| on_toggle.emit(id.clone()));
        let src = o.source();
        let as_of = if src.as_of_exact {
            src.as_of.to_string()
        } else {
            format!("{} (read)", src.as_of)
        };
        let stale = src.is_stale(props.today);
        let title = format!(
            "{} — {}{}",
            src.reference,
            src.note,
            if o.note.is_empty() {
                String::new()
            } else {
                format!(" — {}", o.note)
            }
        );
        let region = if o.region.is_empty() { "—" } else { o.region };
        let disabled = full && !picked;
        html! {
            <tr key={o.id} class={classes!(picked.then_some("picked"))} data-offer-id={o.id}>
                <td><input type="checkbox" checked={picked} {disabled}
                    title={disabled.then(|| format!("At most {MAX_COMPARED} offers can be compared: untick one first"))}
                    aria-label={format!("Compare {} {} ({}× {}, prices as of {})", o.provider, o.instance_type, o.gpu_count, o.gpu_model, src.as_of)} {onchange} /></td>
                <td>{ o.provider }</td>
                <td class="mono">{ o.instance_type }
                    if !o.note.is_empty() { <span class="note-mark" title={o.note} aria-label={format!("note: {}", o.note)}>{ "*" }</span> }
                </td>
                <td class="gpus">{ format!("{}× {}", o.gpu_count, o.gpu_model) }</td>
                <td class="num wide-only">{ opt_num(o.gpu_memory_gib, 0) }</td>
                <td class="num od-gpu">{ o.on_demand_per_gpu_hour().map(|p| format::rate(p, o.currency)).unwrap_or_else(|| format::NOT_AVAILABLE.into()) }</td>
                <td class="num od-instance">{ format::rate(o.on_demand_per_hour, o.currency) }</td>
                <td class="num">{ o.spot_per_hour.map(|p| format::rate(p, o.currency)).unwrap_or_else(|| "—".into()) }</td>
                <td class="currency">{ o.currency.code() }</td>
                <td class="as-of" title={title}>{ as_of }
                    if stale { <span class="stale" title={format!("older than {STALE_AFTER_MONTHS} months: check the provider's current price")}>{ " stale" }</span> }
                </td>
                <td class="wide-only">{ region }{ (o.listings > 1).then(|| html!{ <span class="muted">{ format!(" +{}", o.listings - 1) }</span> }) }</td>
                <td class="num wide-only">{ opt_num(o.vcpus, 0) }</td>
                <td class="num wide-only">{ opt_num(o.ram_gib, 0) }</td>
            </tr>
        }
    };

    let sort_value = match props.filter.sort {
        SortKey::PricePerGpuHour => "gpu",
        SortKey::PricePerInstanceHour => "instance",
        SortKey::GpuMemory => "memory",
        SortKey::Provider => "provider",
    };
    html! {
        <section class="card" aria-labelledby="offers-heading">
            <h2 id="offers-heading">{ "Offers" }</h2>
            <div class="filters">
                <label>{ "Provider " }
                    <select id="filter-provider" onchange={on_provider}>
                        <option value="" selected={props.filter.provider.is_empty()}>{ "All" }</option>
                        { for providers.iter().map(|p| html!{ <option value={*p} selected={props.filter.provider == *p}>{ *p }</option> }) }
                    </select>
                </label>
                <label>{ "GPU " }
                    <select id="filter-gpu" onchange={on_gpu}>
                        <option value="" selected={props.filter.gpu_family.is_empty()}>{ "All" }</option>
                        { for gpus.iter().map(|g| html!{ <option value={g.key.clone()} selected={props.filter.gpu_family == g.key}>{ format!("{} ({})", g.label, g.offers) }</option> }) }
                    </select>
                </label>
                <label>{ "Search " }
                    <input type="search" id="filter-text" placeholder="instance, GPU, region…"
                        value={props.filter.text.clone()} oninput={on_text} />
                </label>
                <label>{ "Sort by " }
                    <select id="filter-sort" onchange={on_sort}>
                        <option value="gpu" selected={sort_value == "gpu"}>{ "price per GPU-hour" }</option>
                        <option value="instance" selected={sort_value == "instance"}>{ "price per instance-hour" }</option>
                        <option value="memory" selected={sort_value == "memory"}>{ "GPU memory" }</option>
                        <option value="provider" selected={sort_value == "provider"}>{ "provider" }</option>
                    </select>
                </label>
            </div>
            <p class="muted small" id="offer-count">
                { format!("{} of {} offers match", rows.len(), catalog::OFFERS.len()) }
                { (rows.len() > MAX_ROWS).then(|| format!("; showing the first {MAX_ROWS}, narrow the filter to see others")) }
                { format!(". Picked {}/{MAX_COMPARED}. Prices are list prices per hour in each offer's own currency, without tax; {AGGREGATION_RULE}. Sorting converts currencies at the exchange rate set in the scenario above. Hover a date for its source; * marks an offer with a note.", props.selected.len()) }
            </p>
            if rows.is_empty() {
                <p class="empty" id="no-offers">{ "No offer matches this filter. Clear the search or pick another provider or GPU." }</p>
            } else {
                <div class="table-wrap">
                    <table id="offers">
                        <thead><tr>
                            <th>{ "Compare" }</th><th>{ "Provider" }</th><th>{ "Instance type" }</th>
                            <th title="GPUs per instance × model">{ "GPUs" }</th>
                            <th class="num wide-only" title="memory per GPU">{ "GiB/GPU" }</th>
                            <th class="num">{ "On-demand /GPU-h" }</th>
                            <th class="num">{ "On-demand /instance-h" }</th>
                            <th class="num">{ "Spot /instance-h" }</th>
                            <th>{ "Currency" }</th><th>{ "As of" }</th>
                            <th class="wide-only">{ "Region" }</th>
                            <th class="num wide-only">{ "vCPUs" }</th><th class="num wide-only" title="host RAM per instance">{ "RAM GiB" }</th>
                        </tr></thead>
                        <tbody>{ for rows.iter().take(MAX_ROWS).map(row) }</tbody>
                    </table>
                </div>
            }
        </section>
    }
}
