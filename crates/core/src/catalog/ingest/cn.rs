//! The hand-typed Chinese platform offers (`cn-platform-offers.csv`): hourly offers with their
//! monthly packages, one source per (page, date), and the date and slug helpers.

use super::*;

/// Parses the hand-typed `cn-platform-offers.csv` (columns by name: `provider`,
/// `instance_type`, `gpu_model`, `gpu_count`, `gpu_memory_gib`, `region`, `billing_mode`,
/// `price`, `currency`, `unit`, `source_url`, `as_of`, `note`).
///
/// Only `billing_mode = hourly` rows with `gpu_count` ≥ 1 become offers; the rest are skipped
/// (`"not an hourly GPU offer: …"`). Prices stay in the row's currency (CNY): a `unit` of
/// `… per GPU-hour` gives instance price = price × `gpu_count`, `… per instance-hour` gives the
/// price itself; any other unit is an error. The instance type is the `instance_type` column, or
/// the GPU model when empty, with `" (range low)"` / `" (range high)"` appended for rows whose
/// note says `LOW` / `HIGH` (the two ends of a quoted range, never averaged) and
/// `" (market median)"` for a `MEDIAN` row.
///
/// One source per distinct (`source_url`, `as_of`) pair, id `cn-offers-<as_of>` (`/` written as
/// `_`), with the date normalised by [`normalise_as_of`]; offers from different notes or dates
/// are never aggregated, and their id is `"<source id>/<provider slug>/<instance type>"`.
/// Billing: the provider's rule in [`BILLING_RULES`] (AutoDL per second, its ¥0.01 minimum
/// being money, not time; Featurize per minute; …).
///
/// # Errors
/// Malformed CSV, a missing column, a number that does not parse, an unknown currency or unit,
/// or an `as_of` that is not a date.
pub fn parse_cn_platform_offers(text: &str) -> Result<Catalog, IngestError> {
    let file = CN_FILE;
    let table = Table::read(file, text)?;
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
    let mut agg = Aggregator::default();
    // Monthly packages (包月) per (source, as-of, provider, instance label): price per
    // instance-month and the row's line. A package becomes a monthly term of the hourly
    // offer with the same key; one with no such offer is skipped after the loop.
    let monthly_key = |rec: &csv::StringRecord| -> Option<MonthlyKey> {
        let count = cell(rec, c_count).parse::<f64>().ok()?;
        (cell(rec, c_mode) == "monthly" && count >= 1.0 && !cell(rec, c_model).is_empty()).then(
            || {
                let base = match cell(rec, c_type) {
                    "" => cell(rec, c_model),
                    t => t,
                };
                (
                    cell(rec, c_url).to_string(),
                    cell(rec, c_as_of).to_string(),
                    cell(rec, c_provider).to_string(),
                    cn_instance_label(base, cell(rec, c_note)),
                )
            },
        )
    };
    let mut monthly: Vec<(MonthlyKey, usize, f64)> = Vec::new();
    for (line, rec) in &table.records {
        let Some(key) = monthly_key(rec) else {
            continue;
        };
        let at = At { file, line: *line };
        let Some(price) =
            number(&at, "price", cell(rec, c_price))?.filter(|p| p.is_finite() && *p > 0.0)
        else {
            continue;
        };
        let count: f64 = cell(rec, c_count).parse().unwrap_or(1.0);
        let unit = cell(rec, c_unit);
        let per_instance = if unit.ends_with("per GPU-month") {
            price * count
        } else if unit.ends_with("per instance-month") {
            price
        } else {
            return Err(at.bad(
                "unit",
                unit,
                "a monthly unit ending in \"per GPU-month\" or \"per instance-month\"",
            ));
        };
        monthly.push((key, *line, per_instance));
    }
    let mut skipped = Vec::new();
    for (line, rec) in &table.records {
        let at = At { file, line: *line };
        let provider = cell(rec, c_provider);
        let model = cell(rec, c_model);
        let mode = cell(rec, c_mode);
        if mode == "monthly" && monthly_key(rec).is_some() {
            // Attached to the hourly offer of the same source below, or skipped after the loop.
            continue;
        }
        if mode != "hourly" {
            skipped.push(at.skip(format!(
                "not an hourly GPU offer: billing_mode {mode} ({provider} {model})"
            )));
            continue;
        }
        if model.is_empty() {
            skipped.push(at.skip(format!("empty accelerator name: {provider}")));
            continue;
        }
        let count = match gpu_count(&at, "gpu_count", cell(rec, c_count))? {
            Ok(n) => n,
            Err(_) => {
                skipped.push(at.skip(format!(
                    "not an hourly GPU offer: gpu_count {:?} ({provider} {})",
                    cell(rec, c_count),
                    cell(rec, c_type)
                )));
                continue;
            }
        };
        let price = match on_demand_price(&at, "price", cell(rec, c_price))? {
            Ok(p) => p,
            Err(reason) => {
                skipped.push(at.skip(reason));
                continue;
            }
        };
        let currency = match cell(rec, c_currency).to_ascii_uppercase().as_str() {
            "CNY" => "CNY",
            "USD" => "USD",
            other => return Err(at.bad("currency", other, "USD or CNY")),
        };
        let unit = cell(rec, c_unit);
        let on_demand = if unit.ends_with("per GPU-hour") {
            price * f64::from(count)
        } else if unit.ends_with("per instance-hour") {
            price
        } else {
            return Err(at.bad(
                "unit",
                unit,
                "a price unit ending in \"per GPU-hour\" or \"per instance-hour\"",
            ));
        };

        let url = cell(rec, c_url);
        let as_of_raw = cell(rec, c_as_of);
        let source = match source_index.get(&(url.to_string(), as_of_raw.to_string())) {
            Some(&i) => i,
            None => {
                let Some((as_of, exact)) = normalise_as_of(as_of_raw) else {
                    return Err(at.bad(
                        "as_of",
                        as_of_raw,
                        "a date YYYY-MM-DD, YYYY-MM, YYYY-MM/MM or YYYY",
                    ));
                };
                let base = format!("cn-offers-{}", as_of_raw.replace('/', "_"));
                let mut id = base.clone();
                let mut n = 2;
                while sources.iter().any(|s| s.id == id) {
                    id = format!("{base}-{n}");
                    n += 1;
                }
                let mut note = "Typed up by hand (data/catalog-sources/cn-platform-offers.csv) from the page or note named in the reference; every number was read, none computed, rounded or guessed. Apart from the 2023 Alibaba blog post these are secondary transcriptions, not the vendors' own pages.".to_string();
                if as_of != as_of_raw {
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
        let instance_type = cn_instance_label(base_type, note);
        let billing = billing_for(provider);
        let mut notes = vec![note.to_string()];
        if unit.ends_with("per GPU-hour") && count > 1 {
            notes.push(format!("source price {price} per GPU-hour × {count} GPUs"));
        }
        notes.retain(|n| !n.is_empty());
        let source_id = sources.get(source).map_or("", |s| s.id.as_str());
        let id = format!("{source_id}/{}/{instance_type}", slug(provider)).to_lowercase();
        let offer = OfferRecord {
            id: id.clone(),
            provider: provider.to_string(),
            instance_type,
            gpu_model: model.to_string(),
            gpu_count: count,
            gpu_memory_gib: optional_quantity(&at, "gpu_memory_gib", cell(rec, c_memory))?,
            vcpus: None,
            ram_gib: None,
            region: cell(rec, c_region).to_string(),
            listings: 1,
            on_demand_per_hour: Some(on_demand),
            spot_per_hour: None,
            currency,
            billing,
            source,
            note: notes.join("; "),
            provider_kind: "",
            source_gpu_name: model.to_string(),
            interconnect: "",
            gpu_memory_total_gib: None,
            source_gpu_memory_gib: None,
            on_demand_spread: None,
            spot_spread: None,
            spot_listings: 0,
            regions: Vec::new(),
            terms: Vec::new(),
            spot_source: None,
            cheapest_elsewhere: None,
            sold_via: String::new(),
            tier: String::new(),
            count_stated: true,
        };
        let key = (
            url.to_string(),
            as_of_raw.to_string(),
            provider.to_string(),
            offer.instance_type.clone(),
        );
        let mut offer = offer;
        if let Some(pos) = monthly.iter().position(|(k, _, _)| *k == key) {
            let (_, _, per_month) = monthly.remove(pos);
            offer.terms.push(TermRecord {
                mode: "subscription",
                term_months: 1,
                term_days: 0,
                payment: None,
                basis: "per period",
                upfront: 0.0,
                price: per_month,
                region: offer.region.clone(),
                source,
                note: String::new(),
            });
        }
        agg.add(id, offer);
    }
    for (key, line, _) in monthly {
        skipped.push((
            file.to_string(),
            line,
            format!(
                "monthly package without an hourly price from the same source: {} {}",
                key.2, key.3
            ),
        ));
    }
    Ok(Catalog {
        sources,
        offers: agg.finish(),
        skipped,
        dropped: Vec::new(),
        superseded: Vec::new(),
        specs: Vec::new(),
    })
}

/// Normalises a hand-written as-of date to the catalog format `(as_of, exact)`:
/// `YYYY-MM-DD` → itself, exact; `YYYY-MM` → itself, not exact; `YYYY-MM/MM` (a span of
/// months) → its first month, not exact; `YYYY` → `YYYY-01`, not exact. Taking the earliest
/// month never makes a price look newer than it is. `None` for anything else.
#[must_use]
pub fn normalise_as_of(raw: &str) -> Option<(String, bool)> {
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
