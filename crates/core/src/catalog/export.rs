//! Export of catalog offers as CSV or JSON, filtered by provider and GPU, for the command-line
//! tool (`gpurent catalog`) and anyone who wants to check or reuse the catalog outside the
//! browser. The columns are the price-list schema that [`super::import`] reads back, so an
//! exported file (or a hand-edited copy of it) can be imported as "your prices".
//!
//! Numbers are written at full precision with a dot decimal and no thousands separator; prices
//! are per instance-hour (per GPU-hour where the column says so) in the row's `currency`.

use super::{details, gpus, Offer, OfferDetails};

/// Which offers to export. Empty strings match everything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExportFilter {
    /// Provider, matched case-insensitively as a part of the name (`"google"` matches
    /// `"Google Cloud"`, `"恒源云"` matches `"恒源云 (gpushare.com)"`) or through
    /// [`super::aliases::PROVIDER_ALIASES`] (`"gcp"`, `"阿里云"`).
    pub provider: String,
    /// GPU, matched case-insensitively: exactly when it names a canonical model
    /// (`"A100 80GB SXM"`), else by family (`"A100"` matches every A100, see
    /// [`super::gpu_family`]) or as a substring of the model.
    pub gpu: String,
}

impl ExportFilter {
    /// Whether `offer` passes the filter.
    #[must_use]
    pub fn matches(&self, offer: &Offer) -> bool {
        let provider = self.provider.trim();
        let gpu = self.gpu.trim();
        let exact_model = gpus::GPU_SPECS
            .iter()
            .any(|s| s.model.eq_ignore_ascii_case(gpu));
        super::aliases::provider_matches(provider, offer.provider)
            && (gpu.is_empty()
                || if exact_model {
                    offer.gpu_model.eq_ignore_ascii_case(gpu)
                } else {
                    super::gpu_family(offer.gpu_model) == super::gpu_family(gpu)
                }
                || offer
                    .gpu_model
                    .to_ascii_lowercase()
                    .contains(&gpu.to_ascii_lowercase()))
    }
}

/// CSV header of the export (and of the import schema), in column order.
pub const CSV_COLUMNS: [&str; 40] = [
    "id",
    "provider",
    "provider_kind",
    "instance_type",
    "gpu_model",
    "source_gpu_name",
    "gpu_count",
    "gpu_memory_gib",
    "interconnect",
    "vcpus",
    "ram_gib",
    "region",
    "regions",
    "listings",
    "currency",
    "on_demand_per_hour",
    "on_demand_per_gpu_hour",
    "on_demand_min",
    "on_demand_median",
    "on_demand_max",
    "spot_per_hour",
    "spot_median",
    "spot_max",
    "committed",
    "monthly_per_month",
    "billing_granularity_seconds",
    "billing_minimum_seconds",
    "dense_bf16_tflops_per_gpu",
    "price_per_tflops_hour",
    "as_of",
    "source",
    "note",
    "source_id",
    "sold_on_demand",
    "terms",
    "spot_source",
    "cheapest_elsewhere_per_hour",
    "cheapest_elsewhere_region",
    "sold_via",
    "gpu_spec_source_kind",
];

fn num(x: f64) -> String {
    if x.is_finite() {
        format!("{x}")
    } else {
        String::new()
    }
}

fn opt(x: Option<f64>) -> String {
    x.map(num).unwrap_or_default()
}

/// Committed-use prices as one cell: `"12m no upfront 0 + 2.1/h; 36m …"` (upfront amount, then
/// recurring price per instance-hour).
fn committed_cell(d: Option<&OfferDetails>) -> String {
    d.map(|d| {
        d.commitments
            .iter()
            .map(|c| {
                format!(
                    "{}m {} {} + {}/h",
                    c.term_months,
                    c.payment.label(),
                    num(c.upfront),
                    num(c.per_hour)
                )
            })
            .collect::<Vec<_>>()
            .join("; ")
    })
    .unwrap_or_default()
}

/// Every price term as one cell: `"reserved 12 months no upfront 0 + 0.52/h us-east-1
/// (aws-vantage 2026-01-21); package 1 month 3500/period …"` (mode, length, payment, upfront,
/// price per instance-hour or per period, region, source id and date).
fn terms_cell(d: Option<&OfferDetails>) -> String {
    d.map(|d| {
        d.terms
            .iter()
            .map(|t| {
                let price = match t.basis {
                    super::PriceBasis::PerPeriod => format!("{}/period", num(t.price)),
                    super::PriceBasis::EffectiveHourly => format!("{}/h effective", num(t.price)),
                    super::PriceBasis::Recurring => {
                        format!("{} + {}/h", num(t.upfront), num(t.price))
                    }
                };
                let src = t.source();
                [
                    t.mode.label().to_string(),
                    t.term.label(),
                    t.payment.map(|p| p.label().to_string()).unwrap_or_default(),
                    price,
                    t.region.to_string(),
                    format!("({} {})", src.id, src.as_of),
                ]
                .into_iter()
                .filter(|x| !x.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
            })
            .collect::<Vec<_>>()
            .join("; ")
    })
    .unwrap_or_default()
}

/// One CSV row for `offer`, in [`CSV_COLUMNS`] order.
#[must_use]
pub fn csv_row(offer: &Offer) -> Vec<String> {
    let d = details(offer);
    let source = offer.source();
    let spec = gpus::spec_by_model(offer.gpu_model);
    vec![
        offer.id.to_string(),
        offer.provider.to_string(),
        d.map(|d| d.provider_kind.label())
            .unwrap_or_default()
            .to_string(),
        offer.instance_type.to_string(),
        offer.gpu_model.to_string(),
        d.map(|d| d.source_gpu_name).unwrap_or_default().to_string(),
        offer.gpu_count.to_string(),
        opt(offer.gpu_memory_gib),
        d.map(|d| d.interconnect).unwrap_or_default().to_string(),
        opt(offer.vcpus),
        opt(offer.ram_gib),
        offer.region.to_string(),
        d.map(|d| d.regions.join(";")).unwrap_or_default(),
        offer.listings.to_string(),
        offer.currency.code().to_string(),
        opt(offer.on_demand_per_hour),
        opt(offer.on_demand_per_gpu_hour()),
        opt(d.and_then(|d| d.on_demand_spread).map(|s| s.min)),
        opt(d.and_then(|d| d.on_demand_spread).map(|s| s.median)),
        opt(d.and_then(|d| d.on_demand_spread).map(|s| s.max)),
        opt(offer.spot_per_hour),
        opt(d.and_then(|d| d.spot_spread).map(|s| s.median)),
        opt(d.and_then(|d| d.spot_spread).map(|s| s.max)),
        committed_cell(d),
        opt(d.and_then(|d| d.monthly_per_month)),
        offer
            .billing
            .granularity_seconds
            .map(|g| g.to_string())
            .unwrap_or_default(),
        offer.billing.minimum_seconds.to_string(),
        opt(spec.and_then(gpus::GpuSpec::work_tflops)),
        opt(super::price_per_tflops_hour(offer)),
        source.as_of.to_string(),
        source.reference.to_string(),
        offer.note.to_string(),
        source.id.to_string(),
        offer.sold_on_demand().to_string(),
        terms_cell(d),
        d.and_then(|d| d.spot_source)
            .map(|i| super::source_at(i).id.to_string())
            .unwrap_or_default(),
        opt(d.and_then(|d| d.cheapest_elsewhere).map(|(p, _)| p)),
        d.and_then(|d| d.cheapest_elsewhere)
            .map(|(_, r)| r.to_string())
            .unwrap_or_default(),
        d.map(|d| d.sold_via).unwrap_or_default().to_string(),
        spec.map(|s| s.source_kind.label())
            .unwrap_or_default()
            .to_string(),
    ]
}

/// The offers passing `filter`, in catalog order.
#[must_use]
pub fn select<'a>(offers: &[&'a Offer], filter: &ExportFilter) -> Vec<&'a Offer> {
    offers
        .iter()
        .copied()
        .filter(|o| filter.matches(o))
        .collect()
}

/// CSV text (header + one row per offer, `\n` line ends, RFC 4180 quoting) of `offers`. Text
/// cells that a spreadsheet would read as a formula are neutralised ([`crate::csv_safe`]).
///
/// # Errors
/// None: the text is built in memory ([`crate::csv_safe::Writer`]); the `Result` is kept for
/// the callers, which report a message if there ever is one.
pub fn to_csv(offers: &[&Offer]) -> Result<String, String> {
    let mut w = crate::csv_safe::Writer::new();
    w.write_record(CSV_COLUMNS);
    for o in offers {
        let row = csv_row(o);
        w.write_record(row.iter().map(|c| crate::csv_safe::neutralise(c)));
    }
    Ok(w.into_string())
}

/// JSON value of one offer: the [`CSV_COLUMNS`] as keys, numbers as JSON numbers (absent values
/// as `null`), `sold_on_demand` as a boolean, `regions` as an array, `committed` as an array of
/// `{term_months, payment, upfront, per_hour, effective_per_hour}` objects and `terms` as an
/// array of `{mode, term, payment, basis, upfront, price, effective_per_hour, region, source,
/// as_of, note}` objects.
#[must_use]
pub fn json_value(offer: &Offer) -> serde_json::Value {
    use serde_json::{json, Map, Value};
    let row = csv_row(offer);
    let mut map = Map::new();
    let numeric = |k: &str| {
        matches!(
            k,
            "gpu_count"
                | "gpu_memory_gib"
                | "vcpus"
                | "ram_gib"
                | "listings"
                | "on_demand_per_hour"
                | "on_demand_per_gpu_hour"
                | "on_demand_min"
                | "on_demand_median"
                | "on_demand_max"
                | "spot_per_hour"
                | "spot_median"
                | "spot_max"
                | "monthly_per_month"
                | "billing_granularity_seconds"
                | "billing_minimum_seconds"
                | "dense_bf16_tflops_per_gpu"
                | "price_per_tflops_hour"
                | "cheapest_elsewhere_per_hour"
        )
    };
    let d = details(offer);
    for (k, v) in CSV_COLUMNS.iter().zip(row) {
        let value = match *k {
            "regions" => Value::from(d.map(|d| d.regions.to_vec()).unwrap_or_default()),
            "committed" => Value::from(
                d.map(|d| {
                    d.commitments
                        .iter()
                        .map(|c| {
                            json!({
                                "term_months": c.term_months,
                                "payment": c.payment.label(),
                                "upfront": c.upfront,
                                "per_hour": c.per_hour,
                                "effective_per_hour": c.effective_per_hour(),
                            })
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default(),
            ),
            "terms" => Value::from(
                d.map(|d| {
                    d.terms
                        .iter()
                        .map(|t| {
                            let src = t.source();
                            json!({
                                "mode": t.mode.code(),
                                "term": t.term.label(),
                                "payment": t.payment.map(|p| p.label()),
                                "basis": match t.basis {
                                    super::PriceBasis::Recurring => "recurring per instance-hour",
                                    super::PriceBasis::EffectiveHourly => "effective per instance-hour",
                                    super::PriceBasis::PerPeriod => "per period",
                                },
                                "upfront": t.upfront,
                                "price": t.price,
                                "effective_per_hour": t.effective_per_hour(),
                                "region": t.region,
                                "source": src.id,
                                "as_of": src.as_of,
                                "note": t.note,
                            })
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default(),
            ),
            "sold_on_demand" => Value::Bool(offer.sold_on_demand()),
            // Counts are integers in JSON (8, not 8.0).
            "gpu_count"
            | "listings"
            | "billing_granularity_seconds"
            | "billing_minimum_seconds" => v.parse::<u64>().map_or(Value::Null, Value::from),
            k if numeric(k) => crate::decimal::parse_f64(&v)
                .and_then(serde_json::Number::from_f64)
                .map_or(Value::Null, Value::Number),
            _ => Value::String(v),
        };
        map.insert((*k).to_string(), value);
    }
    Value::Object(map)
}

/// Pretty-printed JSON array of `offers` (see [`json_value`]), ending in a newline.
#[must_use]
pub fn to_json(offers: &[&Offer]) -> String {
    let values: Vec<serde_json::Value> = offers.iter().map(|o| json_value(o)).collect();
    let mut s = serde_json::to_string_pretty(&values).unwrap_or_else(|_| "[]".to_string());
    s.push('\n');
    s
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::catalog::OFFERS;

    fn all() -> Vec<&'static Offer> {
        OFFERS.iter().collect()
    }

    #[test]
    fn filters_by_provider_and_gpu() {
        let aws = select(
            &all(),
            &ExportFilter {
                provider: "aws".into(),
                gpu: String::new(),
            },
        );
        // "aws" is a part of "AWS" and "AWS China".
        assert!(!aws.is_empty() && aws.iter().all(|o| o.provider.starts_with("AWS")));
        assert!(aws.iter().any(|o| o.provider == "AWS China"));
        let a100 = select(
            &all(),
            &ExportFilter {
                provider: String::new(),
                gpu: "a100".into(),
            },
        );
        assert!(a100.iter().all(|o| o.gpu_model.starts_with("A100")));
        assert!(a100.iter().any(|o| o.gpu_model == "A100 80GB SXM"));
        assert!(!a100.iter().any(|o| o.gpu_model == "A10"));
        let h100_sxm = select(
            &all(),
            &ExportFilter {
                provider: "Lambda".into(),
                gpu: "H100 80GB SXM".into(),
            },
        );
        assert!(h100_sxm
            .iter()
            .all(|o| o.provider == "Lambda" && o.gpu_model == "H100 80GB SXM"));
        assert!(!h100_sxm.is_empty());
        let none = select(
            &all(),
            &ExportFilter {
                provider: "Nobody".into(),
                gpu: String::new(),
            },
        );
        assert!(none.is_empty());
    }

    #[test]
    fn csv_has_one_row_per_offer_and_round_trips_through_a_reader() {
        let text = to_csv(&all()).expect("csv");
        let mut r = csv::Reader::from_reader(text.as_bytes());
        let header: Vec<String> = r
            .headers()
            .expect("header")
            .iter()
            .map(str::to_string)
            .collect();
        assert_eq!(header, CSV_COLUMNS);
        let rows: Vec<csv::StringRecord> = r.records().map(|x| x.expect("row")).collect();
        assert_eq!(rows.len(), OFFERS.len());
        let p3 = rows
            .iter()
            .find(|r| &r[0] == "skypilot-aws/p3.16xlarge")
            .expect("p3");
        assert_eq!(&p3[15], "24.48");
        assert_eq!(&p3[16], "3.06");
        assert_eq!(&p3[4], "V100 16GB SXM2");
    }

    #[test]
    fn json_is_an_array_with_numbers_and_commitments() {
        let gcp: Vec<&Offer> = all()
            .into_iter()
            .filter(|o| o.id == "gcp-cyclenerd/a2-highgpu-1g")
            .collect();
        let v: serde_json::Value = serde_json::from_str(&to_json(&gcp)).expect("json");
        let o = &v[0];
        assert_eq!(o["provider"], "Google Cloud");
        assert_eq!(o["gpu_count"], 1.0);
        assert!(
            o["gpu_count"].is_u64(),
            "gpu_count must be an integer: {}",
            o["gpu_count"]
        );
        let text = to_json(&gcp);
        assert!(text.contains("\"gpu_count\": 1,"), "{text}");
        assert_eq!(o["currency"], "USD");
        assert_eq!(o["committed"][0]["term_months"], 12);
        assert_eq!(o["committed"][0]["payment"], "no upfront");
        assert!(o["regions"].as_array().is_some_and(|r| r.len() > 10));
        assert!(o["spot_per_hour"].is_number());
        assert_eq!(o["as_of"], "2026-07-30");
    }
}
