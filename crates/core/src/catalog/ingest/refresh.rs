//! The refresh command's output: `refresh-<provider>.csv` files in `data/catalog-sources/`,
//! one normalised schema for every provider (docs/catalog.md, "How to refresh"):
//!
//! ```text
//! provider,instance_type,gpu_name,gpu_count,gpu_memory_gib,vcpus,ram_gib,region,zone,
//! billing_mode,term_months,payment,price,upfront,currency,price_unit,as_of,source,source_ref,note
//! ```
//!
//! One row is one price: `billing_mode` ∈ `on_demand`, `spot`, `bid`, `reserved`,
//! `savings_plan`, `committed_use`, `subscription`, `package`, `capacity_block`, `flex_start`;
//! `price_unit` ∈ `instance_hour`, `gpu_hour`, `instance_day|week|month|year`,
//! `gpu_day|week|month|year`, `term_total`; `payment` ∈ `no_upfront`, `partial_upfront`,
//! `all_upfront` or empty; `as_of` the data date (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SSZ`,
//! empty when not stated); an empty cell means "not stated".
//!
//! How rows become offers:
//!
//! - One listing per (provider, instance type, region, zone); one offer per (provider, instance
//!   type), aggregated over its listings like any other source (module `aggregate`). Ids are
//!   `refresh-<provider slug>/<instance type in lower case>` (`refresh-aws/g6.xlarge`); AWS rows
//!   in `cn-` regions are the provider `AWS China`.
//! - One source per (`source`, data date): id `refresh-<source>-<date>`, its reference the
//!   row's `source_ref`.
//! - Prices are turned into the catalog's units: per GPU × `gpu_count`; a day, week, month or
//!   year price of an hourly mode ÷ 24, 168, 730 or 8,760 hours; a reserved, savings-plan or
//!   committed-use price per month ÷ 730 (a recurring hourly rate), a `term_total` as the
//!   term's price paid upfront (all upfront unless `payment` says otherwise); subscriptions
//!   and packages per period (the period from `term_months`, else from the unit).
//! - The GPU (model, count, memory per GPU) of an instance type that another source already
//!   lists comes from that source's offer (the refresh writes the provider's own spelling,
//!   e.g. `a100_sxm4`, and often no memory); vCPUs and RAM from the row where stated. Otherwise
//!   the row's own `gpu_name`, `gpu_count` and `gpu_memory_gib`, canonicalised like any source.
//! - An instance type whose rows give no on-demand price (a fetch of spot prices or terms
//!   only) makes no offer of its own: its spot price and terms join the offer of the same
//!   provider and instance type that the other sources give (see [`overlay_refresh`]); without
//!   one, its rows are skipped with the reason. A refresh cannot tell "not sold on demand"
//!   from "not fetched".
//! - An instance type the provider's own size table lists as retired (Azure) is dropped
//!   ("not rentable"), as from any source.
//! - Precedence: a refresh offer competes with the other sources' offers of the same provider
//!   and instance type under the rules of module `precedence`: the provider's own data first
//!   for a hyperscaler, then the newest data date — a refresh of the provider's API is
//!   normally the newest primary source and wins; the loser's terms it lacks move to it.
//!
//! Skipped rows: a price that is empty, not finite or not positive; a fractional GPU count
//! (`1/6`, `0.125`: vGPU slices); a per-GPU price without a GPU count; a currency other than
//! USD or CNY; a reserved, savings-plan or committed-use row without a term. Errors (the build
//! fails): a missing column, a number cell that is not a number, an unknown `billing_mode`,
//! `price_unit` or `payment`, an `as_of` that is not a date.

use super::*;

/// File names the refresh writes: `refresh-<provider>.csv`.
#[must_use]
pub fn is_refresh_file(name: &str) -> bool {
    name.starts_with("refresh-") && name.ends_with(".csv")
}

/// The 20 columns of the schema, in order.
pub const REFRESH_COLUMNS: [&str; 20] = [
    "provider",
    "instance_type",
    "gpu_name",
    "gpu_count",
    "gpu_memory_gib",
    "vcpus",
    "ram_gib",
    "region",
    "zone",
    "billing_mode",
    "term_months",
    "payment",
    "price",
    "upfront",
    "currency",
    "price_unit",
    "as_of",
    "source",
    "source_ref",
    "note",
];

/// The instance types of a refresh with no on-demand price: their spot prices and terms, to
/// be laid over the offer the other sources give (see [`overlay_refresh`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RefreshOverlay {
    /// The sources of the overlays' prices (indices of `offers`' `source`, `spot_source` and
    /// terms point here until [`overlay_refresh`] moves them into the catalog).
    pub sources: Vec<SourceRecord>,
    /// One record per (provider, instance type), with its spot price and terms.
    pub offers: Vec<OfferRecord>,
    /// (file, first line) of each record in `offers`, for the skip record when nothing takes it.
    pub lines: Vec<(String, usize)>,
}

/// The schema's billing modes (the codes of the runtime `BillingMode`).
pub const BILLING_MODES: [&str; 10] = [
    "on_demand",
    "spot",
    "bid",
    "reserved",
    "savings_plan",
    "committed_use",
    "subscription",
    "package",
    "capacity_block",
    "flex_start",
];

/// What one row prices.
enum Priced {
    OnDemand(f64),
    Spot(f64),
    Term(TermRecord),
}

/// The unit of a refresh price.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Unit {
    /// Per hour (`per_gpu`: per GPU-hour).
    Hour { per_gpu: bool },
    /// Per period of `days` days or `months` months (one of them 0).
    Period {
        per_gpu: bool,
        days: u32,
        months: u32,
    },
    /// The whole term's price.
    TermTotal,
}

fn unit(at: &At<'_>, raw: &str) -> Result<Unit, IngestError> {
    let (per_gpu, rest) = match raw.split_once('_') {
        Some(("instance", r)) => (false, r),
        Some(("gpu", r)) => (true, r),
        _ if raw == "term_total" => return Ok(Unit::TermTotal),
        _ => return Err(at.bad("price_unit", raw, "a price unit of the refresh schema")),
    };
    let period = |days, months| Unit::Period {
        per_gpu,
        days,
        months,
    };
    Ok(match rest {
        "hour" => Unit::Hour { per_gpu },
        "day" => period(1, 0),
        "week" => period(7, 0),
        "month" => period(0, 1),
        "year" => period(0, 12),
        _ => return Err(at.bad("price_unit", raw, "a price unit of the refresh schema")),
    })
}

/// `YYYY-MM-DD` (exact) from `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SSZ`; [`DATE_UNKNOWN`] when empty.
fn data_date(at: &At<'_>, raw: &str) -> Result<(String, bool), IngestError> {
    if raw.is_empty() || raw == DATE_UNKNOWN {
        return Ok((DATE_UNKNOWN.to_string(), false));
    }
    let date = match raw.split_once('T') {
        Some((d, time)) if time.len() == 9 && time.ends_with('Z') => d,
        Some(_) => return Err(at.bad("as_of", raw, "YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ")),
        None => raw,
    };
    match normalise_as_of(date) {
        Some((d, true)) => Ok((d, true)),
        _ => Err(at.bad("as_of", raw, "YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ")),
    }
}

/// The catalog's spelling of a refresh provider: the display name as written (a known slug
/// such as `lambda` becomes its display name); AWS in a `cn-` region is `AWS China`.
fn provider_of(raw: &str, region: &str) -> String {
    let name = provider_name(&raw.to_ascii_lowercase()).unwrap_or(raw);
    if name == "AWS" && region.starts_with("cn-") {
        "AWS China".to_string()
    } else {
        name.to_string()
    }
}

fn slug(provider: &str) -> String {
    provider
        .to_ascii_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

/// Reads one `refresh-<provider>.csv`: the offers of the instance types it prices on demand
/// (GPU names as the file writes them, before canonicalisation) and the overlays of those it
/// prices only as spot or terms.
///
/// # Errors
/// Malformed CSV, a missing column, a number cell that is not a number, an unknown billing mode,
/// price unit or payment option, or a data date that is not a date.
pub fn parse_refresh(file: &str, text: &str) -> Result<(Catalog, RefreshOverlay), IngestError> {
    let table = Table::read(file, text)?;
    let mut c = HashMap::new();
    for name in REFRESH_COLUMNS {
        c.insert(name, table.col(name)?);
    }
    fn col<'a>(c: &HashMap<&str, usize>, rec: &'a csv::StringRecord, name: &str) -> &'a str {
        cell(rec, c[name])
    }
    let mut sources: Vec<SourceRecord> = Vec::new();
    let mut skipped: Vec<SkippedRow> = Vec::new();
    // (provider, instance type), its first line, and its listings (zone, listing) of one
    // region and zone each, in first-seen order.
    #[allow(clippy::type_complexity)]
    let mut types: Vec<((String, String), usize, Vec<(String, OfferRecord)>)> = Vec::new();
    for (line, rec) in &table.records {
        let at = At { file, line: *line };
        let region = col(&c, rec, "region");
        let provider = provider_of(col(&c, rec, "provider"), region);
        let instance_type = col(&c, rec, "instance_type");
        if provider.is_empty() || instance_type.is_empty() {
            skipped.push(at.skip("no provider or instance type".to_string()));
            continue;
        }
        let mode_raw = col(&c, rec, "billing_mode");
        let Some(mode) = BILLING_MODES.iter().copied().find(|m| *m == mode_raw) else {
            return Err(at.bad(
                "billing_mode",
                mode_raw,
                "a billing mode of the refresh schema",
            ));
        };
        let unit = unit(&at, col(&c, rec, "price_unit"))?;
        let payment = match col(&c, rec, "payment") {
            "" => None,
            "no_upfront" => Some("no upfront"),
            "partial_upfront" => Some("partial upfront"),
            "all_upfront" => Some("all upfront"),
            other => {
                return Err(at.bad(
                    "payment",
                    other,
                    "no_upfront, partial_upfront, all_upfront or empty",
                ))
            }
        };
        let (as_of, exact) = data_date(&at, col(&c, rec, "as_of"))?;
        let currency = match col(&c, rec, "currency") {
            "USD" => "USD",
            "CNY" => "CNY",
            other => {
                skipped.push(at.skip(format!("currency {other:?}: not USD or CNY")));
                continue;
            }
        };
        let Some(price) = spot_price(&at, "price", col(&c, rec, "price"))? else {
            skipped.push(at.skip(format!(
                "no price: {:?} is empty, not finite or not positive",
                col(&c, rec, "price")
            )));
            continue;
        };
        let upfront = number(&at, "upfront", col(&c, rec, "upfront"))?
            .filter(|u| u.is_finite() && *u > 0.0)
            .unwrap_or(0.0);
        let count_raw = col(&c, rec, "gpu_count");
        let count = if count_raw.contains('/') {
            Err(format!("fractional or zero GPU count: {count_raw}"))
        } else if count_raw.is_empty() {
            Err(String::new())
        } else {
            gpu_count(&at, "gpu_count", count_raw)?
        };
        if let Err(why) = &count {
            if !why.is_empty() {
                skipped.push(at.skip(why.clone()));
                continue;
            }
        }
        let count = count.ok();
        let per_gpu = matches!(
            unit,
            Unit::Hour { per_gpu: true } | Unit::Period { per_gpu: true, .. }
        );
        let times = match (per_gpu, count) {
            (false, _) => 1.0,
            (true, Some(n)) => f64::from(n),
            (true, None) => {
                skipped.push(at.skip("per-GPU price without a GPU count".to_string()));
                continue;
            }
        };
        let note = col(&c, rec, "note");
        let term_months = match number(&at, "term_months", col(&c, rec, "term_months"))? {
            Some(m) if m.is_finite() && m >= 1.0 && m.fract() == 0.0 && m <= 1200.0 => {
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let m = m as u32;
                Some(m)
            }
            Some(_) => {
                return Err(at.bad(
                    "term_months",
                    col(&c, rec, "term_months"),
                    "a whole number of months",
                ))
            }
            None => None,
        };
        // A term the schema cannot write in months ("1-week term" in the note, RunPod).
        let term_days = term_months.is_none().then(|| {
            note.split(';').find_map(|p| {
                let p = p.trim();
                let (n, rest) = p.split_once('-')?;
                let n: u32 = n.parse().ok()?;
                match rest {
                    "week term" => Some(n * 7),
                    "day term" => Some(n),
                    _ => None,
                }
            })
        });
        let term_days = term_days.flatten();
        let source_id = format!("refresh-{}-{as_of}", col(&c, rec, "source"));
        let source = match sources.iter().position(|s| s.id == source_id) {
            Some(i) => i,
            None => {
                sources.push(SourceRecord {
                    id: source_id,
                    reference: format!(
                        "{} (fetched by `gpurent catalog refresh` into data/catalog-sources/{file})",
                        col(&c, rec, "source_ref")
                    ),
                    as_of: as_of.clone(),
                    as_of_exact: exact,
                    licence: "the provider's terms, as recorded by the refresh (docs/catalog-refresh.md); facts only".to_string(),
                    note: "The provider's own price data, fetched and normalised by the refresh command; prices as the endpoint states them (tax, storage and egress not included unless the note says so).".to_string(),
                });
                sources.len() - 1
            }
        };
        // What the row prices: an hourly on-demand or spot price, or a term.
        let hours_of =
            |days: u32, months: u32| f64::from(days) * 24.0 + f64::from(months) * HOURS_PER_MONTH;
        let hourly = match unit {
            Unit::Hour { .. } => Some(price * times),
            Unit::Period { days, months, .. } => Some(price * times / hours_of(days, months)),
            Unit::TermTotal => None,
        };
        let new_term =
            |months: u32, days: u32, payment, basis, upfront: f64, price: f64| TermRecord {
                mode,
                term_months: months,
                term_days: days,
                payment,
                basis,
                upfront,
                price,
                region: region.to_string(),
                source,
                note: note.to_string(),
            };
        let priced = match mode {
            "on_demand" | "spot" | "bid" | "capacity_block" | "flex_start" => match hourly {
                None => {
                    skipped
                        .push(at.skip(format!("{mode} price per term_total: not an hourly price")));
                    continue;
                }
                Some(p) if mode == "on_demand" => Priced::OnDemand(p),
                Some(p) if mode == "spot" => Priced::Spot(p),
                Some(p) => Priced::Term(new_term(0, 0, None, "recurring", 0.0, p)),
            },
            "reserved" | "savings_plan" | "committed_use" => {
                let (months, days) = match (term_months, term_days) {
                    (Some(m), _) => (m, 0),
                    (None, Some(d)) => (0, d),
                    (None, None) => {
                        skipped.push(at.skip(format!("{mode} price without a term")));
                        continue;
                    }
                };
                let hours = hours_of(days, months);
                Priced::Term(match (unit, hourly, payment) {
                    (Unit::TermTotal, _, None | Some("all upfront")) => {
                        new_term(months, days, Some("all upfront"), "recurring", price, 0.0)
                    }
                    (Unit::TermTotal, _, Some("no upfront")) => {
                        new_term(months, days, payment, "recurring", 0.0, price / hours)
                    }
                    (Unit::TermTotal, _, _) => {
                        new_term(months, days, payment, "effective", 0.0, price / hours)
                    }
                    (_, Some(p), _) => {
                        new_term(months, days, payment, "recurring", upfront * times, p)
                    }
                    (_, None, _) => unreachable!("only a term total has no hourly price"),
                })
            }
            // Subscriptions and packages: a price per period.
            _ => {
                let (months, days) = match (term_months, unit, term_days) {
                    (Some(m), _, _) => (m, 0),
                    (None, Unit::Period { days, months, .. }, _) => (months, days),
                    (None, _, Some(d)) => (0, d),
                    (None, _, None) => {
                        skipped.push(at.skip(format!("{mode} price without a period")));
                        continue;
                    }
                };
                let per_period = match hourly {
                    Some(p) => p * hours_of(days, months),
                    None => price,
                };
                Priced::Term(new_term(months, days, None, "per period", 0.0, per_period))
            }
        };

        // The listing of (provider, type, region, zone).
        let key = (provider.clone(), instance_type.to_string());
        let t = match types.iter().position(|(k, _, _)| *k == key) {
            Some(i) => i,
            None => {
                types.push((key, *line, Vec::new()));
                types.len() - 1
            }
        };
        let zone = col(&c, rec, "zone");
        let listings = &mut types[t].2;
        let l = match listings
            .iter()
            .position(|(z, l)| l.region == region && z == zone)
        {
            Some(i) => i,
            None => {
                let mut o = OfferRecord::blank(&provider, currency);
                o.instance_type = instance_type.to_string();
                o.region = region.to_string();
                o.source = source;
                o.billing = billing_for(&provider);
                o.count_stated = false;
                listings.push((zone.to_string(), o));
                listings.len() - 1
            }
        };
        let o = &mut listings[l].1;
        if o.currency != currency {
            skipped.push(at.skip(format!(
                "currency {currency} beside {} in the same listing",
                o.currency
            )));
            continue;
        }
        // Identity: the first row that states it (`count_stated` = a row stated the count).
        if o.gpu_model.is_empty() {
            o.gpu_model = col(&c, rec, "gpu_name").to_string();
        }
        if let (false, Some(n)) = (o.count_stated, count) {
            o.gpu_count = n;
            o.count_stated = true;
        }
        o.gpu_memory_gib = o.gpu_memory_gib.or(optional_quantity(
            &at,
            "gpu_memory_gib",
            col(&c, rec, "gpu_memory_gib"),
        )?);
        o.vcpus = o
            .vcpus
            .or(optional_quantity(&at, "vcpus", col(&c, rec, "vcpus"))?);
        o.ram_gib = o
            .ram_gib
            .or(optional_quantity(&at, "ram_gib", col(&c, rec, "ram_gib"))?);
        match priced {
            Priced::OnDemand(p) => {
                o.on_demand_per_hour = Some(o.on_demand_per_hour.map_or(p, |q| q.min(p)));
                if o.note.is_empty() {
                    o.note = note.to_string();
                }
                o.source = source;
            }
            Priced::Spot(p) => {
                o.spot_per_hour = Some(o.spot_per_hour.map_or(p, |q| q.min(p)));
                if o.on_demand_per_hour.is_none() {
                    o.source = source;
                }
            }
            Priced::Term(t) => o.terms.push(t),
        }
    }

    let mut offers_agg = Aggregator::default();
    let mut overlay_agg = Aggregator::default();
    let mut lines = Vec::new();
    for ((provider, instance_type), line, listings) in types {
        let listings: Vec<OfferRecord> = listings.into_iter().map(|(_, l)| l).collect();
        let id = format!(
            "refresh-{}/{}",
            slug(&provider),
            instance_type.to_lowercase()
        );
        let priced_on_demand = listings.iter().any(|l| l.on_demand_per_hour.is_some());
        if !priced_on_demand {
            lines.push((file.to_string(), line));
        }
        for mut l in listings {
            l.id.clone_from(&id);
            if priced_on_demand {
                offers_agg.add(id.clone(), l);
            } else {
                overlay_agg.add(id.clone(), l);
            }
        }
    }
    let overlay = RefreshOverlay {
        sources: sources.clone(),
        offers: overlay_agg.finish(),
        lines,
    };
    Ok((
        Catalog {
            sources,
            offers: offers_agg.finish(),
            skipped,
            ..Catalog::default()
        },
        overlay,
    ))
}

/// Gives the refresh offers the GPU identity the other sources give their instance types (the
/// refresh writes the provider's spelling and often no memory), drops those of sizes the
/// provider's own table lists as retired, and canonicalises the rest; `catalog` is already
/// finalised. Returns the refresh offers, ready to append.
pub(super) fn identify_refresh(catalog: &Catalog, mut refresh: Catalog) -> Catalog {
    let same = |a: &OfferRecord, b: &OfferRecord| {
        a.provider == b.provider && a.instance_type.eq_ignore_ascii_case(&b.instance_type)
    };
    let mut dropped = Vec::new();
    refresh.offers.retain(|o| {
        match catalog
            .retired
            .iter()
            .find(|(p, t, _)| *p == o.provider && t.eq_ignore_ascii_case(&o.instance_type))
        {
            Some((_, _, why)) => {
                dropped.push((o.id.clone(), format!("not rentable: {why}")));
                false
            }
            None => true,
        }
    });
    refresh.offers.retain(|o| {
        let known = catalog.offers.iter().any(|k| same(k, o));
        if !known && !o.count_stated {
            dropped.push((
                o.id.clone(),
                "GPU count not stated, and no other source lists the instance type".to_string(),
            ));
        }
        known || o.count_stated
    });
    for o in &mut refresh.offers {
        let Some(known) = catalog.offers.iter().find(|k| same(k, o)) else {
            continue;
        };
        if !o.gpu_model.is_empty() && o.gpu_model != known.source_gpu_name {
            let as_written = format!("the refresh names the GPU {:?}", o.gpu_model);
            o.note = if o.note.is_empty() {
                as_written
            } else {
                format!("{}; {as_written}", o.note)
            };
        }
        o.gpu_model.clone_from(&known.gpu_model);
        o.gpu_count = known.gpu_count;
        o.gpu_memory_gib = known.gpu_memory_gib;
        o.count_stated = known.count_stated;
        o.vcpus = o.vcpus.or(known.vcpus);
        o.ram_gib = o.ram_gib.or(known.ram_gib);
    }
    refresh.specs.clone_from(&catalog.specs);
    finalise(&mut refresh);
    refresh.specs.clear();
    refresh.dropped.extend(dropped);
    refresh
}

/// Lays the refresh's spot prices and terms of instance types it does not price on demand over
/// the offer of the same provider and instance type that stayed after the precedence rules: a
/// spot price replaces the offer's when the offer has none or the refresh's data date is newer
/// ("unknown" is oldest), and is below the offer's on-demand price; a term likewise replaces the
/// offer's term of the same mode, length and payment, or is added, when its effective hourly
/// price is below the offer's on-demand price. Each keeps its refresh source. Rows of an
/// instance type no offer takes are skipped with the reason.
pub(super) fn overlay_refresh(catalog: &mut Catalog, overlay: RefreshOverlay) {
    let base = catalog.sources.len();
    catalog.sources.extend(overlay.sources);
    let date = |sources: &[SourceRecord], i: usize| match sources[i].as_of.as_str() {
        DATE_UNKNOWN => String::new(),
        d => d.to_string(),
    };
    for (mut r, (file, line)) in overlay.offers.into_iter().zip(overlay.lines) {
        let target = catalog.offers.iter().position(|o| {
            o.provider == r.provider && o.instance_type.eq_ignore_ascii_case(&r.instance_type)
        });
        let Some(w) = target else {
            catalog.skipped.push((
                file,
                line,
                format!(
                    "no on-demand price: {} {} is priced here only as spot or terms, and no other source lists it",
                    r.provider, r.instance_type
                ),
            ));
            continue;
        };
        let sources = &catalog.sources;
        let o = &mut catalog.offers[w];
        let below = |p: f64| o.on_demand_per_hour.is_none_or(|od| p < od);
        let spot_source = base + r.spot_source.unwrap_or(r.source);
        let newer_spot = o.spot_per_hour.is_none()
            || date(sources, spot_source) > date(sources, o.spot_source.unwrap_or(o.source));
        if let Some(s) = r.spot_per_hour.filter(|s| below(*s) && newer_spot) {
            o.spot_per_hour = Some(s);
            o.spot_spread = r.spot_spread;
            o.spot_listings = r.spot_listings.min(o.listings);
            o.spot_source = Some(spot_source);
            let why = format!("spot price from {}", sources[spot_source].id);
            o.note = if o.note.is_empty() {
                why
            } else {
                format!("{}; {why}", o.note)
            };
        }
        for mut t in r.terms.drain(..) {
            if t.basis != "per period" && !below(t.effective_per_hour()) {
                continue;
            }
            t.source += base;
            let key = |u: &TermRecord| (u.mode, u.term_months, u.term_days, u.payment);
            match o.terms.iter().position(|u| key(u) == key(&t)) {
                Some(p) if date(sources, t.source) > date(sources, o.terms[p].source) => {
                    o.terms[p] = t;
                }
                Some(_) => {}
                None => o.terms.push(t),
            }
        }
    }
}
