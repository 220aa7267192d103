//! The hand-typed Chinese platform offers (`cn-platform-offers.csv`, `cn-platform-offers-2.csv`):
//! hourly offers with their spot prices and monthly subscriptions or packages, one source per
//! (page, date), and the date and slug helpers.

use super::*;

/// Parses the hand-typed Chinese platform files, `(file name, text)` (`cn-platform-offers.csv`,
/// `cn-platform-offers-2.csv`, with the same columns; by name: `provider`, `instance_type`, `gpu_model`,
/// `gpu_count`, `gpu_memory_gib`, `region`, `billing_mode`, `price`, `currency`, `unit`,
/// `source_url`, `as_of`, `note`).
///
/// - `hourly` rows with `gpu_count` ≥ 1 become offers. Prices stay in the row's currency: a
///   unit containing `per GPU-hour` gives instance price = price × `gpu_count`, `per
///   instance-hour` the price itself; any other unit is an error.
/// - `spot` rows give the spot price of the hourly offer with the same source and label.
/// - `monthly` rows give a period price: per month (`per GPU-month` or `per card-month` ×
///   `gpu_count`, `per instance-month`) or per 30 days (`per … per 30 days`); a subscription
///   for Alibaba and Tencent Cloud (包月), a package elsewhere. It joins the hourly offer with the
///   same source and label, or else becomes an offer sold only that way (no on-demand price).
/// - `storage` rows and rows without a whole GPU count are skipped (`"not a GPU offer: …"`).
///
/// The instance label is the `instance_type` column, or the GPU model when empty, with
/// `" (range low)"` / `" (range high)"` for rows whose note says `LOW` / `HIGH` (the two ends of a
/// quoted range, never averaged) and `" (market median)"` for a `MEDIAN` row. One source per
/// distinct (`source_url`, `as_of`) pair, id `cn-offers-<as_of>` (`/` written as `_`), with the
/// date normalised by [`normalise_as_of`] (`unknown` kept as the unknown date); offers from
/// different notes or dates are never aggregated, and their id is `"<source id>/<provider
/// slug>/<instance type>"`. Billing: the provider's rule in [`BILLING_RULES`].
///
/// # Errors
/// Malformed CSV, a missing column, a number that does not parse, an unknown currency or unit,
/// or an `as_of` that is not a date (nor `unknown`, nor a text naming a year).
pub fn parse_cn_platform_offers(files: &[(&str, String)]) -> Result<Catalog, IngestError> {
    let tables: Vec<(&str, Table)> = files
        .iter()
        .map(|(file, text)| Ok((*file, Table::read(file, text)?)))
        .collect::<Result<_, IngestError>>()?;
    let Some((_, table)) = tables.first() else {
        return Ok(Catalog::default());
    };
    for (file, t) in &tables {
        if t.headers != table.headers {
            return Err(IngestError::MissingColumn {
                file: (*file).to_string(),
                column: "the columns of the first hand-typed file, in the same order".to_string(),
            });
        }
    }
    let c_provider = table.col("provider")?;
    let c_type = table.col("instance_type")?;
    let c_model = table.col("gpu_model")?;
    let c_count = table.col("gpu_count")?;
    let c_memory = table.col("gpu_memory_gib")?;
    let c_region = table.col("region")?;
    let c_mode = table.col("billing_mode")?;
    let c_price = table.col("price")?;
    let c_currency = table.col("currency")?;
    let c_unit = table.col("unit")?;
    let c_url = table.col("source_url")?;
    let c_as_of = table.col("as_of")?;
    let c_note = table.col("note")?;

    let mut sources: Vec<SourceRecord> = Vec::new();
    let mut source_index: HashMap<(String, String), usize> = HashMap::new();
    let mut skipped = Vec::new();
    // Offers by (source, provider, label), in file order.
    let mut offers: Vec<(MonthlyKey, OfferRecord)> = Vec::new();
    // Spot and period rows, applied once every hourly row is read.
    let mut extras: Vec<(&str, usize, MonthlyKey, &csv::StringRecord)> = Vec::new();
    for (file, line, rec) in tables
        .iter()
        .flat_map(|(file, t)| t.records.iter().map(move |(l, r)| (*file, l, r)))
    {
        let at = At { file, line: *line };
        let provider = cell(rec, c_provider);
        let model = cell(rec, c_model);
        let mode = cell(rec, c_mode);
        if !matches!(mode, "hourly" | "spot" | "monthly") {
            skipped.push(at.skip(format!(
                "not a GPU offer: billing_mode {mode} ({provider} {model})"
            )));
            continue;
        }
        if model.is_empty() {
            skipped.push(at.skip(format!("empty accelerator name: {provider}")));
            continue;
        }
        if gpu_count(&at, "gpu_count", cell(rec, c_count))?.is_err() {
            skipped.push(at.skip(format!(
                "not a GPU offer: gpu_count {:?} ({provider} {})",
                cell(rec, c_count),
                cell(rec, c_type)
            )));
            continue;
        }
        let url = cell(rec, c_url);
        let as_of_raw = cell(rec, c_as_of);
        let source = match source_index.get(&(url.to_string(), as_of_raw.to_string())) {
            Some(&i) => i,
            None => {
                let (as_of, exact, written) = match normalise_as_of(as_of_raw) {
                    Some((d, e)) => (d, e, None),
                    // "late-2025/early-2026": a date too vague to place; unknown, said so.
                    None if as_of_raw
                        .split(|c: char| !c.is_ascii_digit())
                        .any(|w| w.len() == 4) =>
                    {
                        (DATE_UNKNOWN.to_string(), false, Some(as_of_raw))
                    }
                    None => {
                        return Err(at.bad(
                            "as_of",
                            as_of_raw,
                            "a date YYYY-MM-DD, YYYY-MM, YYYY-MM/MM or YYYY, or unknown",
                        ))
                    }
                };
                let base = format!("cn-offers-{}", as_of_raw.replace('/', "_"));
                let mut id = base.clone();
                let mut n = 2;
                while sources.iter().any(|s| s.id == id) {
                    id = format!("{base}-{n}");
                    n += 1;
                }
                let mut note = format!("Typed up by hand (data/catalog-sources/{file}) from the page or note named in the reference; every number was read, none computed, rounded or guessed. Apart from the 2023 Alibaba blog post these are secondary transcriptions, not the vendors' own pages.");
                if let Some(w) = written {
                    note.push_str(&format!(
                        " The source's date is written {w:?}: too vague to place, so unknown."
                    ));
                } else if as_of != as_of_raw && as_of != DATE_UNKNOWN {
                    note.push_str(&format!(
                        " The source's date is written {as_of_raw:?}; as_of shows its earliest month."
                    ));
                }
                sources.push(SourceRecord {
                    id,
                    reference: url.to_string(),
                    as_of,
                    as_of_exact: exact,
                    licence: "not stated: hand-typed price figures read from public pages and notes (PROVENANCE.md)".to_string(),
                    note,
                });
                source_index.insert((url.to_string(), as_of_raw.to_string()), sources.len() - 1);
                sources.len() - 1
            }
        };
        let note = cell(rec, c_note);
        let base_type = match cell(rec, c_type) {
            "" => model,
            t => t,
        };
        let key: MonthlyKey = (
            url.to_string(),
            as_of_raw.to_string(),
            provider.to_string(),
            cn_instance_label(base_type, note),
        );
        if mode != "hourly" {
            extras.push((file, *line, key, rec));
            continue;
        }
        let count = gpu_count(&at, "gpu_count", cell(rec, c_count))?.unwrap_or(1);
        let price = match on_demand_price(&at, "price", cell(rec, c_price))? {
            Ok(p) => p,
            Err(reason) => {
                skipped.push(at.skip(reason));
                continue;
            }
        };
        let unit = cell(rec, c_unit);
        let on_demand = if unit.contains("per GPU-hour") {
            price * f64::from(count)
        } else if unit.contains("per instance-hour") {
            price
        } else {
            return Err(at.bad(
                "unit",
                unit,
                "a price unit with \"per GPU-hour\" or \"per instance-hour\"",
            ));
        };
        let mut o = new_offer(
            &at,
            rec,
            &sources,
            source,
            &key,
            count,
            [c_model, c_memory, c_region, c_currency, c_note],
        )?;
        o.on_demand_per_hour = Some(on_demand);
        if unit.contains("per GPU-hour") && count > 1 {
            o.note = join_note(
                &o.note,
                &format!("source price {price} per GPU-hour × {count} GPUs"),
            );
        }
        offers.push((key, o));
    }
    for (file, line, key, rec) in extras {
        let at = At { file, line };
        let Some(price) =
            number(&at, "price", cell(rec, c_price))?.filter(|p| p.is_finite() && *p > 0.0)
        else {
            continue;
        };
        let count = gpu_count(&at, "gpu_count", cell(rec, c_count))?.unwrap_or(1);
        let unit = cell(rec, c_unit);
        let provider = cell(rec, c_provider);
        let source = source_index[&(key.0.clone(), key.1.clone())];
        let hourly = offers.iter().position(|(k, _)| *k == key);
        if cell(rec, c_mode) == "spot" {
            let per_instance = if unit.contains("per GPU-hour") {
                price * f64::from(count)
            } else if unit.contains("per instance-hour") {
                price
            } else {
                return Err(at.bad(
                    "unit",
                    unit,
                    "a price unit with \"per GPU-hour\" or \"per instance-hour\"",
                ));
            };
            match hourly {
                Some(i) => offers[i].1.spot_per_hour = Some(per_instance),
                None => skipped.push(at.skip(format!(
                    "spot price without an hourly price from the same source: {} {}",
                    key.2, key.3
                ))),
            }
            continue;
        }
        let (per_instance, months, days) = if unit.contains("per GPU-month")
            || unit.contains("per card-month")
        {
            (price * f64::from(count), 1, 0)
        } else if unit.contains("per instance-month") {
            (price, 1, 0)
        } else if unit.contains("per 30 days") {
            (price, 0, 30)
        } else {
            return Err(at.bad(
                "unit",
                unit,
                "a period unit with \"per GPU-month\", \"per card-month\", \"per instance-month\" or \"per 30 days\"",
            ));
        };
        let mode = if matches!(provider, "Alibaba Cloud" | "Tencent Cloud") {
            "subscription"
        } else {
            "package"
        };
        let term = TermRecord {
            mode,
            term_months: months,
            term_days: days,
            payment: None,
            basis: "per period",
            upfront: 0.0,
            price: per_instance,
            region: cell(rec, c_region).to_string(),
            source,
            note: cell(rec, c_note).to_string(),
        };
        match hourly {
            Some(i) => offers[i].1.terms.push(term),
            None => {
                // Sold only by the period in this source: an offer without an on-demand price.
                let mut o = new_offer(
                    &at,
                    rec,
                    &sources,
                    source,
                    &key,
                    count,
                    [c_model, c_memory, c_region, c_currency, c_note],
                )?;
                o.note = join_note(
                    &o.note,
                    &format!("this source gives only a {mode} price (no hourly price)"),
                );
                o.terms.push(term);
                offers.push((key, o));
            }
        }
    }
    let mut agg = Aggregator::default();
    for (_, o) in offers {
        agg.add(o.id.clone(), o);
    }
    Ok(Catalog {
        sources,
        offers: agg.finish(),
        skipped,
        ..Catalog::default()
    })
}

/// `a; b`, or whichever is not empty.
fn join_note(a: &str, b: &str) -> String {
    match (a.is_empty(), b.is_empty()) {
        (true, _) => b.to_string(),
        (_, true) => a.to_string(),
        _ => format!("{a}; {b}"),
    }
}

/// An offer of a hand-typed row with no price yet: identity, memory, region, currency, note.
fn new_offer(
    at: &At<'_>,
    rec: &csv::StringRecord,
    sources: &[SourceRecord],
    source: usize,
    key: &MonthlyKey,
    count: u32,
    [c_model, c_memory, c_region, c_currency, c_note]: [usize; 5],
) -> Result<OfferRecord, IngestError> {
    let currency = match cell(rec, c_currency).to_ascii_uppercase().as_str() {
        "CNY" => "CNY",
        "USD" => "USD",
        other => return Err(at.bad("currency", other, "USD or CNY")),
    };
    let provider = key.2.as_str();
    let source_id = sources.get(source).map_or("", |s| s.id.as_str());
    let mut o = OfferRecord::blank(provider, currency);
    o.id = format!("{source_id}/{}/{}", slug(provider), key.3).to_lowercase();
    o.instance_type = key.3.clone();
    o.gpu_model = cell(rec, c_model).to_string();
    o.source_gpu_name = o.gpu_model.clone();
    o.gpu_count = count;
    o.gpu_memory_gib = optional_quantity(at, "gpu_memory_gib", cell(rec, c_memory))?;
    o.region = cell(rec, c_region).to_string();
    o.billing = billing_for(provider);
    o.source = source;
    o.note = cell(rec, c_note).to_string();
    Ok(o)
}

/// Normalises a hand-written as-of date to the catalog format `(as_of, exact)`:
/// `YYYY-MM-DD` → itself, exact; `YYYY-MM` → itself, not exact; `YYYY-MM/MM` (a span of
/// months) → its first month, not exact; `YYYY` → `YYYY-01`, not exact. Taking the earliest
/// month never makes a price look newer than it is; `unknown` → itself (the unknown date), not
/// exact. `None` for anything else.
#[must_use]
pub fn normalise_as_of(raw: &str) -> Option<(String, bool)> {
    if raw.trim() == DATE_UNKNOWN {
        return Some((DATE_UNKNOWN.to_string(), false));
    }
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    let month_ok = |m: &str| digits(m, 2) && (1..=12).contains(&m.parse::<u32>().unwrap_or(0));
    let parts: Vec<&str> = raw.trim().split('-').collect();
    match parts.as_slice() {
        [y] if digits(y, 4) => Some((format!("{y}-01"), false)),
        [y, m] if digits(y, 4) && month_ok(m) => Some((format!("{y}-{m}"), false)),
        [y, span] if digits(y, 4) => {
            let (first, last) = span.split_once('/')?;
            (month_ok(first) && month_ok(last)).then(|| (format!("{y}-{first}"), false))
        }
        [y, m, d]
            if digits(y, 4)
                && month_ok(m)
                && digits(d, 2)
                && (1..=31).contains(&d.parse::<u32>().unwrap_or(0)) =>
        {
            Some((format!("{y}-{m}-{d}"), true))
        }
        _ => None,
    }
}

/// Lowercase ASCII slug of a provider name for offer ids: the text in parentheses when there is
/// one (`"恒源云 (gpushare.com)"` → `"gpushare-com"`), else the name (`"Alibaba Cloud"` →
/// `"alibaba-cloud"`); runs of other characters become one `-`.
#[must_use]
pub fn slug(name: &str) -> String {
    let inner = match (name.find('('), name.rfind(')')) {
        (Some(a), Some(b)) if a < b => &name[a + 1..b],
        _ => name,
    };
    let mut out = String::new();
    for c in inner.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}

/// Key joining a monthly package to its hourly offer: (source URL, as-of as written, provider,
/// instance label).
pub(super) type MonthlyKey = (String, String, String, String);

/// Instance label of a hand-typed row: the base name with `" (range low)"`, `" (range high)"` or
/// `" (market median)"` when the note marks the row as such.
pub(super) fn cn_instance_label(base_type: &str, note: &str) -> String {
    if has_word(note, "LOW") {
        format!("{base_type} (range low)")
    } else if has_word(note, "HIGH") {
        format!("{base_type} (range high)")
    } else if has_word(note, "MEDIAN") {
        format!("{base_type} (market median)")
    } else {
        base_type.to_string()
    }
}

pub(super) fn has_word(text: &str, word: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric())
        .any(|w| w == word)
}
