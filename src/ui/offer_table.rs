//! The offer browser: filter by provider, GPU model, memory, GPUs per instance, region and free
//! text, sort (by price per GPU-hour, instance-hour, unit of work, memory or provider), and pick
//! offers to compare. Shows per instance-hour and per GPU-hour prices in the offer's native
//! currency, spot where listed, price per A100-80GB-equivalent hour, as-of date and warnings.
//! The user's own price list can be imported here (CSV or JSON): its offers are shown beside
//! the catalog, marked "your price", and can be compared like catalog offers.

use super::state::{AppAction, ImportReport};
use crate::ui::language::{attr, use_tr};
use crate::ui::markup::{self, cell, labelled, option, select};
use crate::ui::virtual_list::{VirtualRow, VirtualTable};
use planner_app::action::Action;
use planner_app::i18n::{Arg, Msg, Translator};
use planner_app::msg;
use planner_app::validation::MAX_COMPARED;
use planner_app::view::count_in;
use planner_core::catalog::import::{parse_price_list, MAX_FILE_BYTES};
use planner_core::catalog::query::{
    filter_catalog, sort_by_totals, Catalog, OfferFilter, OfferTotals, ResolvedOffer, SortKey,
};
use planner_core::catalog::user::{self, Imported};
use planner_core::catalog::{self, Offer, STALE_AFTER_MONTHS};
use planner_core::format;
use planner_core::language::Language;
use planner_engine::Currency;
use planner_engine::ExchangeRate;
use std::rc::Rc;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Estimated height of an offer row in CSS pixels, until the table has measured the real one
/// (which assets/style.css makes the same for every row of a layout): the compact layout's
/// block of 4 lines, 158.8 px in Chromium, which the offer card has whenever it is at most
/// 1000 px wide, that is on phones and in the desktop layout's plan column (231.6 px below
/// 480 px). The table's first rows are built with it, so a good estimate builds about the rows
/// in view (11 on a desktop, 9 on a phone) rather than the 26 a one-line row (33 px) would
/// make before the measured height trims them.
const ROW_PX: u32 = 159;

/// Largest height of the offer table's scroll region, CSS pixels.
const VIEWPORT_PX: u32 = 640;

/// Columns of the offer table.
const COLUMNS: u32 = 18;

/// Properties of [`OfferTable`].
#[derive(Properties, PartialEq, Clone)]
pub struct OfferTableProps {
    /// Ids of the picked offers (only what the table needs, so fleet changes from the sliders
    /// do not re-render the table).
    pub selected: Vec<String>,
    /// How many options the scenario compares (offers and their variants): the limit of
    /// [`MAX_COMPARED`] counts these, not the ticked offers.
    pub options: usize,
    /// Currency the sort converts prices to.
    pub display_currency: Currency,
    /// Exchange rate the sort converts at.
    pub rate: ExchangeRate,
    /// Today's `(year, month)`, for marking stale prices.
    pub today: (i32, u32),
    /// Current filter.
    pub filter: OfferFilter,
    /// The user's imported offers, listed after the catalog's.
    pub imported: Rc<Imported>,
    /// Outcome of the last import, shown next to the control.
    pub last_import: Option<Rc<ImportReport>>,
    /// Called with what the table changes: a new filter ([`AppAction::Filter`]), an offer to
    /// add or remove ([`Action::ToggleOffer`]), and after a file was read its offers and
    /// refused rows ([`AppAction::Imported`]) or why it could not be read
    /// ([`AppAction::ImportFailed`]). One callback for all three, so the app makes one
    /// instance of its callback hook for them (issue 19, the wasm's size).
    pub on_action: Callback<AppAction>,
    /// Each offer's cost all on demand under the scenario, display currency, by offer id
    /// (updated once the sliders settle, so moving one does not rebuild the table).
    pub scenario_totals: ScenarioTotals,
}

/// Each offer's scenario total by offer id (display currency), compared by identity: the
/// app's `use_memo` hands out the same `Rc` until the totals are recomputed, so the table's
/// props compare in constant time instead of entry by entry (431 floats on every render,
/// about 0.2 ms per slider move in the CPU profile).
#[derive(Clone, Debug, Default)]
pub struct ScenarioTotals(pub Rc<OfferTotals>);

impl PartialEq for ScenarioTotals {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// Memory thresholds offered by the memory filter, GiB per GPU.
const MEMORY_STEPS: [u32; 7] = [16, 24, 40, 48, 80, 96, 141];

/// The sort menu's entries, in menu order: each value ([`sort_key_from`]) and its label.
const SORT_OPTIONS: [(&str, Msg); 6] = [
    ("gpu", msg!("ui-sort-gpu")),
    ("instance", msg!("ui-sort-instance")),
    ("work", msg!("ui-sort-work")),
    ("total", msg!("ui-sort-total")),
    ("memory", msg!("ui-sort-memory")),
    ("provider", msg!("ui-sort-provider")),
];

/// GPU counts offered by the GPUs-per-instance filter.
const COUNT_STEPS: [u32; 5] = [1, 2, 4, 8, 16];

/// A provider kind in `t`'s language.
fn kind_label(t: &Translator, k: catalog::ProviderKind) -> String {
    t.text(match k {
        catalog::ProviderKind::Hyperscaler => msg!("ui-kind-hyperscaler"),
        catalog::ProviderKind::GpuCloud => msg!("ui-kind-gpu-cloud"),
        catalog::ProviderKind::Marketplace => msg!("ui-kind-marketplace"),
    })
}

/// Tooltip of the per-instance price: the spread over the listings (the aggregation rule's raw
/// data), committed-use terms and the monthly package, where the source gives them.
fn price_title(
    t: &Translator,
    o: &Offer,
    details: Option<&'static catalog::OfferDetails>,
) -> String {
    let rate = |p: f64| Arg::Text(t.rate(p, o.currency));
    let spread = |s: catalog::Spread| {
        t.text_with(
            msg!("ui-price-spread"),
            &[
                ("min", rate(s.min)),
                ("median", rate(s.median)),
                ("max", rate(s.max)),
            ],
        )
    };
    let mut parts = vec![t.text_with(
        msg!("ui-price-on-demand-over"),
        &[("listings", Arg::Text(count_in(t, o.listings, "listings")))],
    )];
    if let Some(d) = details {
        if let Some(sp) = d.on_demand_spread {
            parts[0].push_str(&spread(sp));
        }
        if let Some(sp) = d.spot_spread {
            parts.push(
                t.text_with(
                    msg!("ui-price-spot-over"),
                    &[(
                        "listings",
                        Arg::Text(count_in(t, d.spot_listings, "listings")),
                    )],
                ) + &spread(sp),
            );
        }
        for c in d.commitments {
            parts.push(t.text_with(
                msg!("ui-price-commitment"),
                &[
                    ("months", Arg::Number(f64::from(c.term_months))),
                    ("payment", Arg::Text(t.payment(c.payment))),
                    ("rate", rate(c.effective_per_hour())),
                ],
            ));
        }
        if let Some(m) = d.monthly_per_month {
            parts.push(t.text_with(
                msg!("ui-price-package"),
                &[("amount", Arg::Text(t.money(m, o.currency)))],
            ));
        }
        // Every other way it is sold (savings plans, subscriptions and packages, Capacity
        // Blocks, bids, terms without a payment split), and where each price comes from.
        for term in d.terms {
            let monthly = matches!(
                term.mode,
                catalog::BillingMode::Subscription | catalog::BillingMode::Package
            ) && term.term == catalog::Term::Months(1);
            if catalog::term_commitment(term).is_none() && !monthly {
                parts.push(t.text_with(
                    msg!("ui-price-term"),
                    &[
                        ("mode", Arg::Text(t.billing_mode(term.mode))),
                        ("term", Arg::Text(term.term.label())),
                        (
                            "rate",
                            Arg::Text(term.effective_per_hour().map_or_else(
                                || t.money(term.price, o.currency),
                                |p| t.rate(p, o.currency),
                            )),
                        ),
                    ],
                ));
            }
            let src = term.source();
            parts.push(t.text_with(
                msg!("ui-price-source"),
                &[
                    ("mode", Arg::Text(t.billing_mode(term.mode))),
                    ("source", Arg::Text(src.id.to_string())),
                    ("date", Arg::Text(date_text(t, src.as_of))),
                ],
            ));
        }
        if let Some(i) = d.spot_source {
            let src = catalog::source_at(i);
            parts.push(t.text_with(
                msg!("ui-price-source"),
                &[
                    (
                        "mode",
                        Arg::Text(t.billing_mode(catalog::BillingMode::Spot)),
                    ),
                    ("source", Arg::Text(src.id.to_string())),
                    ("date", Arg::Text(date_text(t, src.as_of))),
                ],
            ));
        }
        if let Some((p, region)) = d.cheapest_elsewhere {
            parts.push(t.text_with(
                msg!("ui-cheapest-elsewhere"),
                &[("rate", rate(p)), ("region", Arg::Text(region.to_string()))],
            ));
        }
        if !d.sold_via.is_empty() {
            parts.push(t.text_with(
                msg!("ui-sold-via"),
                &[("via", Arg::Text(d.sold_via.to_string()))],
            ));
        }
    }
    if !o.sold_on_demand() {
        parts.insert(0, t.text(msg!("ui-not-on-demand")));
    }
    parts.join("\n")
}

/// A source's data date as the table shows it: as written (`2026-06-18`, `2026-08`), or "date
/// unknown" in `t`'s language.
fn date_text(t: &Translator, as_of: &str) -> String {
    if as_of == catalog::DATE_UNKNOWN {
        planner_app::i18n::date(t.language(), as_of)
    } else {
        as_of.to_string()
    }
}

/// The line under the offer table on what could not be priced here: the chosen provider's
/// gaps (billing modes without a sourced price, each with why in `t`'s language; the
/// identifiers a reason names are data, marked with `data-covers`), else how many providers
/// have some.
fn gaps_line(t: &Translator, provider: &str) -> Option<Html> {
    if provider.is_empty() {
        let mut providers: Vec<&str> = catalog::GAPS.iter().map(|g| g.provider).collect();
        providers.dedup();
        return (!providers.is_empty()).then(|| {
            html! { t.text_with(msg!("ui-gaps-all"), &[("count", Arg::Number(providers.len() as f64))]) }
        });
    }
    let gaps = catalog::gaps(provider);
    (!gaps.is_empty()).then(|| {
        html! {
            <>
            { t.text_with(msg!("ui-gaps-provider"), &[("provider", Arg::Text(provider.to_string()))]) }
            { for gaps.iter().enumerate().map(|(i, g)| html! {
                <>{ match (i, t.language()) { (0, _) => " ", (_, Language::En) => "; ", (_, Language::ZhCn) => "；" } }
                <span class="gap" data-covers={g.covers}>{ t.gap(g) }</span></>
            }) }
            </>
        }
    })
}

/// Reads the chosen file, parses it and hands its offers (or why it was refused) to the
/// reducer, which adds them to the imported ones.
fn import_file(
    input: &HtmlInputElement,
    reader: &std::rc::Rc<std::cell::RefCell<crate::web::LatestRead>>,
    on_imported: &Callback<AppAction>,
) {
    let Some(file) = input.files().and_then(|list| list.get(0)) else {
        return;
    };
    let file_name = file.name();
    input.set_value("");
    // `size` is a whole number of bytes (a JS number); the cast saturates.
    let size = file.size() as usize;
    if size > MAX_FILE_BYTES {
        let report = ImportReport {
            failure: Some(planner_core::catalog::import::ImportError::TooLarge { bytes: size }),
            file_name,
            ..ImportReport::default()
        };
        on_imported.emit(AppAction::ImportFailed(report));
        return;
    }
    let on_imported = on_imported.clone();
    let read = reader.borrow().start();
    let reader = reader.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let result = crate::web::read_file_bytes(&file).await;
        if !reader.borrow().is_latest(read) {
            return;
        }
        let action = match result {
            Err(e) => AppAction::ImportFailed(ImportReport {
                failure: Some(planner_core::catalog::import::ImportError::Unreadable(e)),
                file_name,
                ..ImportReport::default()
            }),
            Ok(bytes) => match parse_price_list(&file_name, &bytes) {
                Err(e) => AppAction::ImportFailed(ImportReport {
                    failure: Some(e),
                    file_name,
                    ..ImportReport::default()
                }),
                Ok(list) => AppAction::Imported {
                    file_name,
                    offers: list.offers,
                    row_errors: list.errors,
                },
            },
        };
        on_imported.emit(action);
    });
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
        "work" => SortKey::PricePerWork,
        "total" => SortKey::ScenarioTotal,
        _ => SortKey::PricePerGpuHour,
    }
}

/// The value of the `<select>` a change event came from.
fn select_value(e: Event) -> String {
    e.target_unchecked_into::<HtmlSelectElement>().value()
}

/// The value of the `<input>` an input event came from.
fn input_value(e: InputEvent) -> String {
    e.target_unchecked_into::<HtmlInputElement>().value()
}

/// A filter control's callback: the filter in force with `update` applied to the control's
/// value (`read` from its event), handed to `on_action`. One closure shape for every filter
/// control (one copy of its code per event type instead of one per control; issue 19).
#[inline(never)]
fn filter_callback<E: 'static>(
    props: &OfferTableProps,
    read: fn(E) -> String,
    update: fn(&mut OfferFilter, String),
) -> Callback<E> {
    let filter = props.filter.clone();
    let on_action = props.on_action.clone();
    Callback::from(move |e: E| {
        let mut f = filter.clone();
        update(&mut f, read(e));
        on_action.emit(AppAction::Filter(f));
    })
}

/// Offer table with its filter bar.
#[function_component(OfferTable)]
pub fn offer_table(props: &OfferTableProps) -> Html {
    let t = use_tr();
    let rows = {
        let f = props.filter.clone();
        let c = props.display_currency;
        let r = props.rate;
        crate::ui::hooks::use_memo_on(
            (
                f,
                c,
                r.usd_per_cny.to_bits(),
                props.imported.clone(),
                props.scenario_totals.clone(),
            ),
            move |(f, c, _, imported, totals)| {
                let mut out = filter_catalog(&Catalog::new(imported), f, *c, r);
                if f.sort == SortKey::ScenarioTotal {
                    sort_by_totals(&mut out, &totals.0);
                }
                out
            },
        )
    };
    // The rows in view (each with formatted prices and long titles) are left out of the
    // first render and added in the next task, so the page's first chart does not wait for
    // them (docs/performance.md, load to first chart).
    let show_rows = crate::ui::hooks::use_local(|| false);
    {
        let show_rows = show_rows.clone();
        crate::ui::hooks::use_mount(Box::new(move || {
            let timer = gloo::timers::callback::Timeout::new(0, move || show_rows.set(true));
            Box::new(move || drop(timer))
        }));
    }
    let shown_rows = if *show_rows { rows.len() } else { 0 };
    let catalog_view = Catalog::new(&props.imported);
    let total_offers = catalog_view.len();
    let reader = crate::ui::hooks::use_cell(crate::web::LatestRead::default);
    let on_file = {
        let reader = reader.clone();
        let on_imported = props.on_action.clone();
        Callback::from(move |e: Event| {
            import_file(
                &e.target_unchecked_into::<HtmlInputElement>(),
                &reader,
                &on_imported,
            );
        })
    };
    let providers = crate::ui::hooks::use_memo_on(props.imported.clone(), |imported| {
        let mut p = catalog::providers();
        for extra in imported.providers() {
            if !p.contains(&extra) {
                p.push(extra);
            }
        }
        p
    });
    let gpus = crate::ui::hooks::use_memo_on((), |_| catalog::gpu_families());

    let on_provider = filter_callback(props, select_value, |f, v| f.provider = v);
    let on_gpu = filter_callback(props, select_value, |f, v| f.gpu_family = v);
    let on_text = filter_callback(props, input_value, |f, v| f.text = v);
    let on_memory = filter_callback(props, select_value, |f, v| {
        f.min_gpu_memory_gib = v.parse().unwrap_or(0);
    });
    let on_count = filter_callback(props, select_value, |f, v| {
        f.gpu_count = v.parse().unwrap_or(0);
    });
    let on_billing = filter_callback(props, select_value, |f, v| {
        f.billing = catalog::BillingMode::from_code(&v);
    });
    let on_region = filter_callback(props, input_value, |f, v| f.region = v);
    let on_sort = filter_callback(props, select_value, |f, v| f.sort = sort_key_from(&v));

    let full = props.options >= MAX_COMPARED;
    // Column names, also written before each value where the rows are laid out compactly
    // (a narrow offer table: the header row is hidden there, assets/style.css).
    let label = |id| AttrValue::from(t.text(id));
    let l_od_gpu = label(msg!("ui-od-gpu-h"));
    let l_total = AttrValue::from(t.text_with(
        msg!("ui-scenario-total"),
        &[("currency", Arg::Text(props.display_currency.code().into()))],
    ));
    let l_commitment = label(msg!("ui-offer-commitment"));
    let l_od_instance = label(msg!("ui-od-instance-h"));
    let l_spot = label(msg!("ui-spot-instance-h"));
    let l_work = label(msg!("ui-per-a100-h"));
    let l_as_of = label(msg!("ui-as-of"));
    // Only the rows in view are built (ui::virtual_list), each from its position in `rows`.
    let row = {
        let props = props.clone();
        let t = t.clone();
        let rows = rows.clone();
        move |i: usize| -> VirtualRow {
            let catalog_view = Catalog::new(&props.imported);
            let o = &rows[i];
            let picked = props.selected.iter().any(|s| s == o.id);
            let on_action = props.on_action.clone();
            // One look-up of the offer's source, details and warnings (imported offers are found
            // by id among the user's: once per row, not once per column).
            let listing = catalog_view.listing(o, props.today);
            let resolved = ResolvedOffer {
                offer: o,
                source: listing.source,
            };
            // A tick past the limit is refused by the reducer, whose notice says why (a disabled
            // box said nothing): the box is unticked again here, as the scenario did not change.
            let at_limit = full && !picked;
            let onchange = Callback::from(move |e: Event| {
                if at_limit {
                    e.target_unchecked_into::<HtmlInputElement>()
                        .set_checked(false);
                }
                on_action.emit(AppAction::Scenario(Action::ToggleOffer(resolved)));
            });
            let src = listing.source;
            // As the source writes it, or "date unknown"; imported prices carry the user's own date
            // (or "undated"), shown as written.
            let as_of = date_text(&t, src.as_of);
            let stale = src.is_stale(props.today);
            // Search-index references said in words ([`Translator::source_text`]).
            let title = t.source_text(&format!(
                "{} — {}{}",
                src.reference,
                src.note,
                if o.note.is_empty() {
                    String::new()
                } else {
                    format!(" — {}", o.note)
                }
            ));
            let region = if o.region.is_empty() { "—" } else { o.region };
            let details = listing.details;
            let yours = user::is_user_offer(o);
            let kind = details
                .filter(|_| listing.kind_stated)
                .map_or_else(|| "—".to_string(), |d| kind_label(&t, d.provider_kind));
            let warns = listing.warnings;
            // Every warning in the page's language (each badge also carries its own).
            let warn_title = warns
                .iter()
                .map(|w| t.warning(w))
                .collect::<Vec<_>>()
                .join("; ");
            let work = catalog::price_per_reference_gpu_hour(o);
            let no_figure = catalog::throughput_tflops(o).is_none();
            let commitment = cheapest_commitment(details).map(|(term, p)| {
                let length = match term.term {
                    catalog::Term::Days(n) => {
                        t.text_with(msg!("ui-term-days"), &[("n", Arg::Number(f64::from(n)))])
                    }
                    catalog::Term::Months(n) => {
                        t.text_with(msg!("ui-term-months"), &[("n", Arg::Number(f64::from(n)))])
                    }
                    catalog::Term::None => String::new(),
                };
                (
                    format!("{} · {length}", t.rate(p, o.currency)),
                    format!("{}, {length}", t.billing_mode(term.mode)),
                )
            });
            let price_title = price_title(&t, o, details);
            let regions_title = details
                .filter(|d| !d.regions.is_empty())
                .map(|d| {
                    t.text_with(
                        msg!("ui-listed-in"),
                        &[("regions", Arg::Text(d.regions.join(", ")))],
                    )
                })
                .unwrap_or_default();
            let spec_title = catalog::spec(o).map_or_else(
                || t.text(msg!("ui-gpu-not-in-spec")),
                |s| {
                    let na = || t.text(msg!("ui-na"));
                    let source = if s.datasheet == planner_core::catalog::gpus::NO_DATASHEET {
                        t.text(msg!("ui-gpu-no-datasheet"))
                    } else if s.url.is_empty() {
                        t.source_text(s.datasheet)
                    } else {
                        t.source_text(&format!("{} ({})", s.datasheet, s.url))
                    };
                    let kind = t.text(match s.source_kind {
                        planner_core::catalog::gpus::SourceKind::Vendor => msg!("ui-spec-vendor"),
                        planner_core::catalog::gpus::SourceKind::Quote => msg!("ui-spec-quote"),
                        planner_core::catalog::gpus::SourceKind::Secondary => {
                            msg!("ui-spec-secondary")
                        }
                        planner_core::catalog::gpus::SourceKind::None => msg!("ui-spec-none"),
                    });
                    let source = format!("{source} — {kind}");
                    let interconnect = details
                        .map(|d| d.interconnect)
                        .filter(|i| !i.is_empty())
                        .map(|i| format!(", {i}"))
                        .unwrap_or_default();
                    t.text_with(
                        msg!("ui-gpu-spec-title"),
                        &[
                            ("model", Arg::Text(s.model.to_string())),
                            (
                                "memory",
                                Arg::Text(format::number(
                                    s.memory_gib,
                                    if s.memory_gib.fract() == 0.0 { 0 } else { 1 },
                                )),
                            ),
                            (
                                "bf16",
                                Arg::Text(
                                    s.work_tflops().map_or_else(na, |v| format::number(v, 1)),
                                ),
                            ),
                            (
                                "fp32",
                                Arg::Text(s.fp32_tflops.map_or_else(na, |v| format::number(v, 1))),
                            ),
                            (
                                "bandwidth",
                                Arg::Text(
                                    s.memory_bandwidth_gb_s
                                        .map_or_else(na, |v| format::number(v, 0)),
                                ),
                            ),
                            ("interconnect", Arg::Text(interconnect)),
                            ("source", Arg::Text(source)),
                        ],
                    )
                },
            );
            VirtualRow {
                key: Some(AttrValue::Static(o.id)),
                class: classes!(picked.then_some("picked")),
                data_id: Some(AttrValue::Static(o.id)),
                cells: html! { <>
                    <td><input type="checkbox" checked={picked}
                        title={at_limit.then(|| t.text_with(msg!("ui-compare-full"), &[("max", Arg::Number(MAX_COMPARED as f64))]))}
                        aria-label={t.text_with(msg!("ui-compare-offer"), &[("offer", Arg::Text(format!("{} {} ({}× {})", o.provider, o.instance_type, o.gpu_count, o.gpu_model))), ("date", Arg::Text(date_text(&t, src.as_of)))])} {onchange} /></td>
                    <td>{ o.provider }
                        if yours { <span class="yours" title={t.source_text(&format!("{} — {}", src.reference, src.note))}>{ " " }{ t.text(msg!("ui-your-price")) }</span> }
                    </td>
                    { cell("wide-only kind", None, None, kind.into()) }
                    <td class="mono">{ o.instance_type }
                        if !o.note.is_empty() { <span class="note-mark" title={t.source_text(o.note)} aria-label={t.text_with(msg!("ui-note"), &[("note", Arg::Text(t.source_text(o.note)))])}>{ "*" }</span> }
                    </td>
                    { cell("gpus", None, Some(spec_title.into()), format!("{}× {}", o.gpu_count, o.gpu_model).into()) }
                    { cell("num wide-only", None, None, opt_num(o.gpu_memory_gib, 0).into()) }
                    { cell("num od-gpu", Some(l_od_gpu.clone()), None, o.on_demand_per_gpu_hour().map(|p| t.rate(p, o.currency)).unwrap_or_else(|| t.text(msg!("ui-na"))).into()) }
                    { cell("num scenario-total", Some(l_total.clone()), no_figure.then(|| t.text(msg!("ui-no-throughput")).into()), props.scenario_totals.0.get(o.id).map(|x| t.money(*x, props.display_currency)).unwrap_or_else(|| t.text(msg!("ui-na"))).into()) }
                    { cell("num commitment", Some(l_commitment.clone()), commitment.as_ref().map(|c| c.1.clone().into()), commitment.map_or(AttrValue::Static("—"), |c| c.0.into())) }
                    { cell("num od-instance", Some(l_od_instance.clone()), Some(price_title.into()), o.on_demand_per_hour.map(|p| t.rate(p, o.currency)).unwrap_or_else(|| t.text(msg!("ui-na"))).into()) }
                    { cell("num spot", Some(l_spot.clone()), None, o.spot_per_hour.map_or(AttrValue::Static("—"), |p| t.rate(p, o.currency).into())) }
                    { cell("num work", Some(l_work.clone()), Some(t.text(if no_figure { msg!("ui-no-throughput") } else { msg!("ui-work-title") }).into()), work.map_or(AttrValue::Static("—"), |p| t.rate(p, o.currency).into())) }
                    { cell("currency", None, None, o.currency.code().into()) }
                    <td class="as-of" data-label={l_as_of.clone()} title={title}>{ as_of }
                        if stale { <span class="stale" title={t.text_with(msg!("ui-stale-title"), &[("months", Arg::Number(f64::from(STALE_AFTER_MONTHS)))])}>{ " " }{ t.text(msg!("ui-warn-stale")) }</span> }
                    </td>
                    <td class="warnings" title={warn_title.clone()}>
                        { for warns.iter().map(|w| html!{ <span class="warn" title={t.warning(w)}>{ t.warning_label(w) }</span> }) }
                    </td>
                    <td class="wide-only region" title={regions_title}>{ region }{ (o.listings > 1).then(|| html!{ <span class="muted">{ format!(" +{}", o.listings - 1) }</span> }) }</td>
                    { cell("num wide-only", None, None, opt_num(o.vcpus, 0).into()) }
                    { cell("num wide-only", None, None, opt_num(o.ram_gib, 0).into()) }
                </> },
            }
        }
    };

    let tx = |id: Msg| attr(&t, id);
    let sort_value = match props.filter.sort {
        SortKey::PricePerGpuHour => "gpu",
        SortKey::PricePerInstanceHour => "instance",
        SortKey::GpuMemory => "memory",
        SortKey::Provider => "provider",
        SortKey::PricePerWork => "work",
        SortKey::ScenarioTotal => "total",
    };
    let import_report = props.last_import.as_ref().map(|r| {
        html! {
            <div id="import-report" role="status">
                if let Some(f) = &r.failure {
                    <p class="error" id="import-failure">{ t.text_with(msg!("ui-import-failed"), &[("file", Arg::Text(r.file_name.clone())), ("detail", Arg::Text(t.import_error(f)))]) }</p>
                } else {
                    <p class="muted small" id="import-loaded">{ t.text_with(msg!("ui-import-loaded"), &[("file", Arg::Text(r.file_name.clone())), ("offers", Arg::Text(count_in(&t, u32::try_from(r.loaded).unwrap_or(u32::MAX), "offers")))]) }{ if r.not_loaded() == 0 { String::new() } else { t.text_with(msg!("ui-import-rows-not-loaded"), &[("rows", Arg::Text(count_in(&t, u32::try_from(r.not_loaded()).unwrap_or(u32::MAX), "rows")))]) } }</p>
                }
                if r.not_loaded() > 0 {
                    <ul id="import-errors" class="error small">
                        { for r.row_errors.iter().map(|e| html!{ <li>{ t.row_error(e) }</li> }) }
                        if r.over_limit > 0 {
                            <li>{ t.text_with(msg!("ui-import-over-limit"), &[("rows", Arg::Number(r.over_limit as f64)), ("max", Arg::Number(user::MAX_IMPORTED_OFFERS as f64))]) }</li>
                        }
                    </ul>
                }
            </div>
        }
    });
    html! {
        <section class="card offers-card" aria-labelledby="offers-heading">
            <h2 id="offers-heading">{ t.text(msg!("ui-offers")) }</h2>
            <div class="filters">
                { labelled(t.text(msg!("ui-provider")), select("filter-provider", on_provider, html! { <>
                    { option("".into(), props.filter.provider.is_empty(), tx(msg!("ui-all"))) }
                    { for providers.iter().map(|p| option((*p).into(), props.filter.provider == *p, (*p).into())) }
                </> })) }
                { labelled("GPU".into(), select("filter-gpu", on_gpu, html! { <>
                    { option("".into(), props.filter.gpu_family.is_empty(), tx(msg!("ui-all"))) }
                    { for gpus.iter().map(|g| option(g.key.clone().into(), props.filter.gpu_family == g.key, format!("{} ({})", g.label, g.offers).into())) }
                </> })) }
                <label>{ t.text(msg!("ui-search")) }{ " " }
                    <input type="search" id="filter-text" placeholder={t.text(msg!("ui-search-placeholder"))}
                        value={props.filter.text.clone()} oninput={on_text} />
                </label>
                { labelled(t.text(msg!("ui-memory")), select("filter-memory", on_memory, html! { <>
                    { option("0".into(), props.filter.min_gpu_memory_gib == 0, tx(msg!("ui-any"))) }
                    { for MEMORY_STEPS.iter().map(|m| option(m.to_string().into(), props.filter.min_gpu_memory_gib == *m, format!("≥ {m} GiB/GPU").into())) }
                </> })) }
                { labelled(t.text(msg!("ui-gpus-per-instance")), select("filter-count", on_count, html! { <>
                    { option("0".into(), props.filter.gpu_count == 0, tx(msg!("ui-any"))) }
                    { for COUNT_STEPS.iter().map(|n| { let v = AttrValue::from(n.to_string()); option(v.clone(), props.filter.gpu_count == *n, v) }) }
                </> })) }
                { labelled(t.text(msg!("ui-billing")), select("filter-billing", on_billing, html! { <>
                    { option("".into(), props.filter.billing.is_none(), tx(msg!("ui-any"))) }
                    { for catalog::BillingMode::ALL.iter().map(|m| option(m.code().into(), props.filter.billing == Some(*m), t.billing_mode(*m).into())) }
                </> })) }
                <label>{ t.text(msg!("ui-region")) }{ " " }
                    <input type="search" id="filter-region" placeholder={t.text(msg!("ui-region-placeholder"))}
                        value={props.filter.region.clone()} oninput={on_region} />
                </label>
                { labelled(t.text(msg!("ui-sort-by")), select("filter-sort", on_sort, html! { <>
                    { for SORT_OPTIONS.iter().map(|(value, label)| option((*value).into(), sort_value == *value, tx(*label))) }
                </> })) }
            </div>
            <div class="import">
                <label>{ t.text(msg!("ui-import-prices")) }{ " " }
                    <input type="file" id="import-prices" accept=".csv,.json,text/csv,application/json" onchange={on_file} />
                </label>
                <span class="muted small">{ " " }{ t.text_with(msg!("ui-import-help"), &[("kib", Arg::Number((MAX_FILE_BYTES / 1024) as f64))]) }</span>
                { for import_report }
            </div>
            <p class="muted small" id="offer-count">
                { t.text_with(msg!("ui-offers-match"), &[("shown", Arg::Number(rows.len() as f64)), ("total", Arg::Number(total_offers as f64))]) }
                { t.text_with(msg!("ui-offers-note"), &[("picked", Arg::Number(props.selected.len() as f64)), ("options", Arg::Number(props.options as f64)), ("max", Arg::Number(MAX_COMPARED as f64)), ("rule", Arg::Text(t.text(msg!("ui-aggregation-rule"))))]) }
            </p>
            if let Some(line) = gaps_line(&t, &props.filter.provider) {
                <p class="muted small" id="catalog-gaps">{ line }</p>
            }
            if rows.is_empty() {
                <p class="empty" id="no-offers">{ t.text(msg!("ui-no-offers")) }</p>
            } else {
                // Named by its count ("12 of 909 offers match"): a name of its own, as the
                // section around it is the landmark named "Offers".
                <VirtualTable id="offers" region_class="table-wrap" label={t.text_with(msg!("ui-offers-match"), &[("shown", Arg::Number(rows.len() as f64)), ("total", Arg::Number(total_offers as f64))])} row_count={shown_rows}
                    row_height_px={ROW_PX} measure_rows=true columns={COLUMNS} viewport_px={VIEWPORT_PX}
                    header={html! { <>
                            { markup::th(false, None, None, t.text(msg!("ui-compare")).into()) }{ markup::th(false, None, None, t.text(msg!("ui-provider")).into()) }
                            { markup::th(false, Some("wide-only"), Some(t.text(msg!("ui-kind-title")).into()), t.text(msg!("ui-kind")).into()) }
                            { markup::th(false, None, None, t.text(msg!("ui-instance-type")).into()) }
                            { markup::th(false, None, Some(t.text(msg!("ui-gpus-title")).into()), t.text(msg!("ui-gpus")).into()) }
                            { markup::th(false, Some("num wide-only"), Some(t.text(msg!("ui-memory-title")).into()), "GiB/GPU".into()) }
                            { markup::th(false, Some("num"), None, t.text(msg!("ui-od-gpu-h")).into()) }
                            { markup::th(false, Some("num"), Some(t.text(msg!("ui-scenario-total-title")).into()), t.text_with(msg!("ui-scenario-total"), &[("currency", Arg::Text(props.display_currency.code().into()))]).into()) }
                            { markup::th(false, Some("num"), Some(t.text(msg!("ui-offer-commitment-title")).into()), t.text(msg!("ui-offer-commitment")).into()) }
                            { markup::th(false, Some("num"), None, t.text(msg!("ui-od-instance-h")).into()) }
                            { markup::th(false, Some("num"), None, t.text(msg!("ui-spot-instance-h")).into()) }
                            { markup::th(false, Some("num"), Some(t.text(msg!("ui-work-title")).into()), t.text(msg!("ui-per-a100-h")).into()) }
                            { markup::th(false, None, None, t.text(msg!("ui-currency")).into()) }{ markup::th(false, None, None, t.text(msg!("ui-as-of")).into()) }
                            { markup::th(false, None, Some(t.text(msg!("ui-offer-warnings-title")).into()), t.text(msg!("ui-warnings")).into()) }
                            { markup::th(false, Some("wide-only"), None, t.text(msg!("ui-region")).into()) }
                            { markup::th(false, Some("num wide-only"), None, "vCPU".into()) }{ markup::th(false, Some("num wide-only"), Some(t.text(msg!("ui-ram-title")).into()), t.text(msg!("ui-ram")).into()) }
                        </> }}
                    row={Callback::from(row)} />
            }
        </section>
    }
}

/// The offer's cheapest committed price (reserved, savings plan, committed use, subscription or
/// package, with a term): the term and its effective price per instance-hour in the offer's
/// currency (`PriceTerm::effective_per_hour`: recurring + upfront ÷ term hours). `None` when
/// the offer lists no such term.
fn cheapest_commitment(
    details: Option<&'static catalog::OfferDetails>,
) -> Option<(&'static catalog::PriceTerm, f64)> {
    use catalog::BillingMode as B;
    let mut best: Option<(&'static catalog::PriceTerm, f64)> = None;
    for term in details?.terms {
        let committed = matches!(
            term.mode,
            B::Reserved | B::SavingsPlan | B::CommittedUse | B::Subscription | B::Package
        ) && term.term != catalog::Term::None;
        if let (true, Some(p)) = (committed, term.effective_per_hour()) {
            if p.is_finite() && best.is_none_or(|(_, b)| p < b) {
                best = Some((term, p));
            }
        }
    }
    best
}
