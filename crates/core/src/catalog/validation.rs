//! Warnings on offers (kept in the catalog, shown in the offer table) and the native tests that
//! validate the whole bundled catalog: hard invariants every offer must meet, the reproducible
//! build of the generated artefact, and its size budget.
//!
//! Warnings (issue 3, "Flags"): spot above on-demand, a committed-use effective rate above
//! on-demand, a price older than [`STALE_AFTER_MONTHS`], and an outlier whose price per GPU-hour
//! is [`OUTLIER_FACTOR`]× or more away from the median of its GPU model over the catalog.

use super::{details, Currency, Offer, OfferDetails, Source, OFFERS, STALE_AFTER_MONTHS};
use crate::float_text::{fixed, shortest};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

/// A blank source, used to read an as-of date with [`super::Source::as_of_year_month`].
const UNDATED: super::Source = super::Source {
    id: "",
    reference: "",
    as_of: "",
    as_of_exact: false,
    licence: "",
    note: "",
};

/// How far (as a factor, either way) an offer's price per GPU-hour may sit from its GPU model's
/// catalog median before it is flagged as an outlier.
pub const OUTLIER_FACTOR: f64 = 10.0;

/// A warning on one offer. Warnings never remove an offer; they are shown next to it.
#[derive(Clone, Debug, PartialEq)]
pub enum Warning {
    /// The cheapest spot price is above the on-demand price (per instance-hour).
    SpotAboveOnDemand {
        /// Spot price per instance-hour.
        spot: f64,
        /// On-demand price per instance-hour.
        on_demand: f64,
    },
    /// A committed-use term's effective hourly rate is above the on-demand price.
    ReservedAboveOnDemand {
        /// Term in months.
        term_months: u32,
        /// Effective price per instance-hour over the term.
        effective: f64,
        /// On-demand price per instance-hour.
        on_demand: f64,
    },
    /// The price is older than [`STALE_AFTER_MONTHS`] months (or its date is malformed).
    Stale {
        /// The source's as-of date.
        as_of: &'static str,
    },
    /// The price per GPU-hour is [`OUTLIER_FACTOR`]× or more away from the model's median.
    Outlier {
        /// Offer price per GPU-hour ÷ the model's median price per GPU-hour (same currency).
        ratio: f64,
    },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::SpotAboveOnDemand { spot, on_demand } => {
                write!(
                    f,
                    "spot {}/h is above on-demand {}/h",
                    fixed(*spot, 4),
                    fixed(*on_demand, 4)
                )
            }
            Warning::ReservedAboveOnDemand {
                term_months,
                effective,
                on_demand,
            } => write!(
                f,
                "{term_months}-month commitment at {}/h effective is above on-demand {}/h",
                fixed(*effective, 4),
                fixed(*on_demand, 4)
            ),
            Warning::Stale { as_of } => {
                let dated = super::Source { as_of, ..UNDATED };
                if dated.as_of_year_month().is_some() {
                    write!(f, "price as of {as_of}: older than {STALE_AFTER_MONTHS} months")
                } else {
                    write!(f, "no usable as-of date ({as_of}): treated as stale")
                }
            }
            Warning::Outlier { ratio } if *ratio < 1.0 && *ratio > 0.0 => write!(
                f,
                "price per GPU-hour is 1/{} of the median of its GPU model ({}; outlier: {}× or more away)",
                grouped(1.0 / ratio),
                ratio_label(*ratio),
                shortest(OUTLIER_FACTOR)
            ),
            Warning::Outlier { ratio } => write!(
                f,
                "price per GPU-hour is {} the median of its GPU model (outlier: {}× or more away)",
                ratio_label(*ratio),
                shortest(OUTLIER_FACTOR)
            ),
        }
    }
}

/// A whole number with thousands separators: `2000.4` → `"2,000"`.
fn grouped(x: f64) -> String {
    let digits = fixed(x.abs(), 0);
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Short label of an outlier ratio (offer ÷ model median) that stays readable at any size:
/// `×12.3` at or above 1, `÷2,000` (2,000 times cheaper) below 1, never `×0.0`. For the table's
/// Warnings column (`"outlier ÷2,000"`).
#[must_use]
pub fn ratio_label(ratio: f64) -> String {
    if !ratio.is_finite() || ratio <= 0.0 {
        "×0".to_string()
    } else if ratio >= 1.0 {
        if ratio >= 100.0 {
            format!("×{}", grouped(ratio))
        } else {
            format!("×{}", fixed(ratio, 1))
        }
    } else {
        let inverse = 1.0 / ratio;
        if inverse >= 100.0 {
            format!("÷{}", grouped(inverse))
        } else {
            format!("÷{}", fixed(inverse, 1))
        }
    }
}

/// Median on-demand price per GPU-hour of `offer`'s `gpu_model` over the bundled offers quoted
/// in its currency; `None` when there is no such offer. Computed once for the whole catalog.
#[must_use]
pub fn model_median_per_gpu_hour(offer: &Offer) -> Option<f64> {
    static MEDIANS: OnceLock<Vec<(&'static str, Currency, f64)>> = OnceLock::new();
    let medians = MEDIANS.get_or_init(|| {
        let mut groups: BTreeMap<(&'static str, Currency), Vec<f64>> = BTreeMap::new();
        for o in OFFERS {
            if let Some(p) = o.on_demand_per_gpu_hour() {
                groups.entry((o.gpu_model, o.currency)).or_default().push(p);
            }
        }
        groups
            .into_iter()
            .map(|((model, currency), mut prices)| {
                planner_engine::sort::sort_by(&mut prices, &f64::total_cmp);
                let n = prices.len();
                let median = if n % 2 == 1 {
                    prices[n / 2]
                } else {
                    (prices[n / 2 - 1] + prices[n / 2]) / 2.0
                };
                (model, currency, median)
            })
            .collect()
    });
    medians
        .iter()
        .find(|(m, c, _)| *m == offer.gpu_model && *c == offer.currency)
        .map(|&(_, _, median)| median)
}

/// Every warning on the bundled `offer` on `today` (`(year, month)`), in a fixed order: spot,
/// reserved, stale, outlier ([`warnings_with`] its bundled details and source).
#[must_use]
pub fn warnings(offer: &Offer, today: (i32, u32)) -> Vec<Warning> {
    warnings_with(offer, details(offer), offer.source(), today)
}

/// Every warning on `offer` (bundled or imported) with its `details` and `source` on `today`,
/// in a fixed order: spot, reserved, stale, outlier.
#[must_use]
pub fn warnings_with(
    offer: &Offer,
    details: Option<&OfferDetails>,
    source: &Source,
    today: (i32, u32),
) -> Vec<Warning> {
    let mut out = Vec::new();
    if let Some(on_demand) = offer.on_demand_per_hour {
        if let Some(spot) = offer.spot_per_hour.filter(|s| *s > on_demand) {
            out.push(Warning::SpotAboveOnDemand { spot, on_demand });
        }
    }
    if let (Some(d), Some(on_demand)) = (details, offer.on_demand_per_hour) {
        for c in d.commitments {
            let effective = c.effective_per_hour();
            if effective > on_demand {
                out.push(Warning::ReservedAboveOnDemand {
                    term_months: c.term_months,
                    effective,
                    on_demand,
                });
            }
        }
    }
    if source.is_stale(today) {
        out.push(Warning::Stale {
            as_of: source.as_of,
        });
    }
    if let (Some(p), Some(median)) = (
        offer.on_demand_per_gpu_hour(),
        model_median_per_gpu_hour(offer),
    ) {
        let ratio = p / median;
        if median > 0.0 && (ratio >= OUTLIER_FACTOR || ratio <= 1.0 / OUTLIER_FACTOR) {
            out.push(Warning::Outlier { ratio });
        }
    }
    out
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::super::{gpus, ingest, offer_by_id, offer_index, DROPPED, OFFER_DETAILS, SOURCES};
    use super::*;
    use std::path::PathBuf;

    const TODAY: (i32, u32) = (2026, 11);

    /// The page's search, provider sort and id look-ups fold case with
    /// `to_ascii_lowercase` (Unicode `to_lowercase` would put its case tables in the wasm
    /// bundle): that is the same folding for every text they compare as long as the bundled
    /// catalog and the alias tables have no non-ASCII letter with a case (Chinese names
    /// have none).
    #[test]
    fn searched_text_folds_the_same_with_ascii_case_folding() {
        let same = |s: &str| {
            assert_eq!(
                s.to_lowercase(),
                s.to_ascii_lowercase(),
                "{s:?} has a non-ASCII case"
            );
        };
        for (o, d) in OFFERS.iter().zip(OFFER_DETAILS.iter()) {
            for s in [o.id, o.provider, o.instance_type, o.gpu_model, o.region] {
                same(s);
            }
            d.regions.iter().for_each(|r| same(r));
        }
        for (alias, provider) in super::super::aliases::PROVIDER_ALIASES {
            same(alias);
            same(provider);
        }
        for (alias, terms) in super::super::aliases::REGION_ALIASES {
            same(alias);
            terms.iter().for_each(|t| same(t));
        }
    }

    fn sources_dir() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/catalog-sources")
    }

    #[test]
    fn every_offer_meets_the_hard_rules() {
        assert_eq!(OFFERS.len(), OFFER_DETAILS.len());
        for (i, o) in OFFERS.iter().enumerate() {
            let d = &OFFER_DETAILS[i];
            assert!(o.gpu_count > 0, "{}: GPU count", o.id);
            assert!(
                o.on_demand_per_hour
                    .into_iter()
                    .chain(o.spot_per_hour)
                    .all(|p| p.is_finite() && p > 0.0),
                "{}: price",
                o.id
            );
            assert!(
                o.on_demand_per_hour.is_some() || o.spot_per_hour.is_some() || !d.terms.is_empty(),
                "{}: no price at all",
                o.id
            );
            let memory = o.gpu_memory_gib.unwrap_or(0.0);
            assert!(memory > 0.0, "{}: memory", o.id);
            let spec = gpus::spec_by_model(o.gpu_model)
                .unwrap_or_else(|| panic!("{}: unknown GPU model {}", o.id, o.gpu_model));
            assert!(
                gpus::same_memory(spec.memory_gib, memory),
                "{}: {memory} GiB vs the {} row's {}",
                o.id,
                spec.model,
                spec.memory_gib
            );
            assert!(Currency::from_code(o.currency.code()) == Some(o.currency));
            let s = o.source();
            assert!(o.source < SOURCES.len(), "{}: source index", o.id);
            assert!(!s.reference.is_empty(), "{}: source reference", o.id);
            assert!(
                s.as_of_year_month().is_some() || s.as_of == super::super::DATE_UNKNOWN,
                "{}: as-of {}",
                o.id,
                s.as_of
            );
            if let Some(total) = d.gpu_memory_total_gib {
                let per_gpu = d.source_gpu_memory_gib.unwrap_or(memory);
                let expected = per_gpu * f64::from(o.gpu_count);
                assert!(
                    (total - expected).abs() <= 0.02 * expected,
                    "{}: stated total {total} GiB vs {} × {memory}",
                    o.id,
                    o.gpu_count
                );
            }
            // Spreads are ordered and the kept price is the cheapest listing (the named rule),
            // or for a headline chosen among home-market listings one of them.
            assert_eq!(d.on_demand_spread.is_some(), o.on_demand_per_hour.is_some());
            if let (Some(sp), Some(p)) = (d.on_demand_spread, o.on_demand_per_hour) {
                assert!(sp.min <= sp.median && sp.median <= sp.max, "{}", o.id);
                if d.cheapest_elsewhere.is_none()
                    && ingest::home_region(o.provider, o.region).is_none()
                {
                    assert_eq!(sp.min, p, "{}", o.id);
                } else {
                    assert!(sp.min <= p && p <= sp.max, "{}", o.id);
                }
            }
            if let Some(sp) = d.spot_spread {
                assert!(
                    o.spot_per_hour.is_some_and(|p| sp.min <= p && p <= sp.max),
                    "{}",
                    o.id
                );
            }
            assert!(o.listings >= 1 && d.spot_listings <= o.listings, "{}", o.id);
            assert!(
                d.regions.is_empty() || d.regions.contains(&o.region),
                "{}: region {} not among {:?}",
                o.id,
                o.region,
                d.regions
            );
            for c in d.commitments {
                assert!(
                    c.per_hour >= 0.0
                        && c.upfront >= 0.0
                        && c.term_months > 0
                        && c.effective_per_hour() > 0.0,
                    "{}",
                    o.id
                );
            }
            assert!(d.monthly_per_month.is_none_or(|m| m > 0.0), "{}", o.id);
            assert_eq!(offer_index(o.id), Some(i), "{}", o.id);
            assert!(offer_by_id(o.id).is_some_and(|x| std::ptr::eq(x, o)));
        }
    }

    #[test]
    fn every_platform_of_the_issue_has_offers() {
        for p in [
            "AWS",
            "Azure",
            "Google Cloud",
            "Alibaba Cloud",
            "Tencent Cloud",
            "Lambda",
            "Paperspace",
            "Vast.ai",
            "AutoDL",
            "Featurize",
            "RunPod",
            "Nebius",
            "CoreWeave",
            "Verda",
            "Jarvislabs",
            "Crusoe",
        ] {
            assert!(OFFERS.iter().any(|o| o.provider == p), "{p}");
        }
        // Alibaba and Tencent keep their CNY list prices.
        assert!(OFFERS
            .iter()
            .filter(|o| o.provider == "Alibaba Cloud" || o.provider == "Tencent Cloud")
            .all(|o| o.currency == Currency::Cny));
    }

    #[test]
    fn known_source_errors_are_corrected_or_dropped_with_a_reason() {
        // SkyPilot's v6 Azure file said 12 GPUs; the size table's 8 is used, and the old id
        // still opens the offer.
        let nd = offer_by_id("skypilot-azure/standard_nd96isr_h100_v5").expect("ND H100 v5");
        assert_eq!((nd.id, nd.gpu_count), ("azure/standard_nd96isr_h100_v5", 8));
        // Retired K80 sizes are gone, with the reason.
        assert!(offer_by_id("azure/standard_nc6_promo").is_none());
        assert!(DROPPED
            .iter()
            .any(|(id, why)| *id == "azure/standard_nc6_promo" && why.starts_with("not rentable")));
        assert!(offer_by_id("skypilot-alicloud/ecs.gn5i-c12g1.6xlarge").is_none());
        assert!(!DROPPED.is_empty());
        for (id, why) in DROPPED {
            assert!(!why.is_empty());
            // A superseded id opens the offer that replaces it; any other dropped id is gone.
            match super::super::superseded().find(|&(old, _)| old == *id) {
                Some((_, new)) => assert_eq!(offer_by_id(id).map(|o| o.id), Some(new)),
                None => assert!(offer_by_id(id).is_none(), "{id} is dropped"),
            }
        }
    }

    #[test]
    fn warnings_flag_but_keep() {
        // GCP lists committed-use prices; none may exceed on-demand.
        let all: Vec<(&Offer, Vec<Warning>)> =
            OFFERS.iter().map(|o| (o, warnings(o, TODAY))).collect();
        assert!(all
            .iter()
            .any(|(_, w)| w.iter().any(|w| matches!(w, Warning::Stale { .. }))));
        for (o, ws) in &all {
            for w in ws {
                if let Warning::Outlier { ratio } = w {
                    assert!(
                        *ratio >= OUTLIER_FACTOR || *ratio <= 1.0 / OUTLIER_FACTOR,
                        "{}",
                        o.id
                    );
                }
            }
        }
        let p3 = offer_by_id("skypilot-aws/p3.16xlarge").expect("p3");
        let spot_high = Offer {
            spot_per_hour: p3.on_demand_per_hour.map(|p| p * 2.0),
            ..*p3
        };
        assert!(warnings(&spot_high, TODAY)
            .iter()
            .any(|w| matches!(w, Warning::SpotAboveOnDemand { .. })));
        let cheap = Offer {
            on_demand_per_hour: p3.on_demand_per_hour.map(|p| p / 100.0),
            ..*p3
        };
        assert!(warnings(&cheap, TODAY)
            .iter()
            .any(|w| matches!(w, Warning::Outlier { .. })));
        // The SkyPilot AWS snapshot's data date is unknown: stale, nothing else.
        assert_eq!(
            warnings(p3, TODAY),
            vec![Warning::Stale { as_of: "unknown" }]
        );
        assert_eq!(
            Warning::Stale { as_of: "undated" }.to_string(),
            "no usable as-of date (undated): treated as stale"
        );
        assert_eq!(
            Warning::Stale { as_of: "2023-06" }.to_string(),
            "price as of 2023-06: older than 12 months"
        );
    }

    #[test]
    fn memory_is_the_nominal_size_and_the_filter_keeps_every_h200() {
        use crate::catalog::query::{filter_offers, OfferFilter};
        use planner_engine::ExchangeRate;
        for o in OFFERS {
            if let Some(spec) = crate::catalog::spec(o) {
                assert_eq!(o.gpu_memory_gib, Some(spec.memory_gib), "{}", o.id);
            }
        }
        // Vast.ai and Hyperbolic report usable memory (140.40 GiB for a 141 GB H200).
        let h200 = OFFERS.iter().find(|o| {
            o.gpu_model == "H200 141GB"
                && details(o).is_some_and(|d| d.source_gpu_memory_gib.is_some_and(|m| m < 141.0))
        });
        assert!(
            h200.is_some(),
            "an H200 whose source reports less than 141 GiB"
        );
        let f = OfferFilter {
            min_gpu_memory_gib: 141,
            ..OfferFilter::default()
        };
        let kept = filter_offers(OFFERS, &f, Currency::Usd, ExchangeRate::default());
        for o in OFFERS.iter().filter(|o| o.gpu_model == "H200 141GB") {
            assert!(kept.iter().any(|k| k.id == o.id), "{} filtered out", o.id);
        }
    }

    #[test]
    fn tiny_and_huge_outlier_ratios_read_well() {
        assert_eq!(ratio_label(0.0005), "÷2,000");
        assert_eq!(ratio_label(0.05), "÷20.0");
        assert_eq!(ratio_label(12.34), "×12.3");
        assert_eq!(ratio_label(1500.0), "×1,500");
        let text = Warning::Outlier { ratio: 0.0005 }.to_string();
        assert!(text.contains("1/2,000 of the median"), "{text}");
        assert!(!text.contains("0.00×"), "{text}");
    }

    #[test]
    fn medians_are_per_model_and_currency() {
        let p3 = offer_by_id("skypilot-aws/p3.16xlarge").expect("p3");
        let mut prices: Vec<f64> = OFFERS
            .iter()
            .filter(|o| o.gpu_model == p3.gpu_model && o.currency == p3.currency)
            .filter_map(Offer::on_demand_per_gpu_hour)
            .collect();
        prices.sort_by(f64::total_cmp);
        let median = model_median_per_gpu_hour(p3).expect("median");
        assert!(prices.first() <= Some(&median) && Some(&median) <= prices.last());
        let below = prices.iter().filter(|p| **p < median).count();
        let above = prices.iter().filter(|p| **p > median).count();
        assert!(
            below <= prices.len() / 2 && above <= prices.len() / 2,
            "{prices:?} {median}"
        );
        let unknown = Offer {
            gpu_model: "no such GPU",
            ..*p3
        };
        assert_eq!(model_median_per_gpu_hour(&unknown), None);
    }

    #[test]
    fn generated_catalog_is_reproducible_and_is_what_the_app_bundles() {
        let first = ingest::ingest_all(&sources_dir()).expect("ingest");
        let second = ingest::ingest_all(&sources_dir()).expect("ingest");
        let a = ingest::render_rust(&first);
        let b = ingest::render_rust(&second);
        assert_eq!(a, b, "two runs on unchanged sources differ");
        let bundled = include_str!(concat!(env!("OUT_DIR"), "/catalog_data.rs"));
        assert!(
            a == bundled,
            "the bundled catalog is not the generator's output"
        );
    }

    /// The GPU spec rows read back from their compact text are the ingest's, every figure bit
    /// for bit (`GpuSpec`'s `PartialEq` compares the f64s; no NaN reaches the table).
    #[test]
    fn decoded_specs_equal_the_ingest() {
        let c = ingest::ingest_all(&sources_dir()).expect("ingest");
        assert!(c.specs.len() > 100, "{} spec rows", c.specs.len());
        assert_eq!(&gpus::GPU_SPECS[..], &c.specs[..]);
        let bits = |x: Option<f64>| x.map(f64::to_bits);
        for (a, b) in gpus::GPU_SPECS.iter().zip(&c.specs) {
            assert_eq!(
                a.memory_gib.to_bits(),
                b.memory_gib.to_bits(),
                "{}",
                a.model
            );
            assert_eq!(
                bits(a.bf16_dense_tflops),
                bits(b.bf16_dense_tflops),
                "{}",
                a.model
            );
            assert_eq!(
                bits(a.memory_bandwidth_gb_s),
                bits(b.memory_bandwidth_gb_s),
                "{}",
                a.model
            );
        }
    }

    /// The superseded ids read back from their compact text are the ingest's pairs, in order.
    #[test]
    fn superseded_text_equals_the_ingest() {
        let c = ingest::ingest_all(&sources_dir()).expect("ingest");
        let read: Vec<(String, String)> = super::super::superseded()
            .map(|(old, new)| (old.to_string(), new.to_string()))
            .collect();
        assert!(read.len() > 400, "{} superseded ids", read.len());
        assert_eq!(read, c.superseded);
    }

    /// The app decodes its offers from the compact text at start-up: every field of every offer
    /// comes back exactly as the ingest built it (numbers bit for bit).
    #[test]
    fn decoded_catalog_equals_the_ingest() {
        let c = ingest::ingest_all(&sources_dir()).expect("ingest");
        assert_eq!(c.offers.len(), OFFERS.len());
        let bits = |x: Option<f64>| x.map(f64::to_bits);
        for (i, r) in c.offers.iter().enumerate() {
            let (o, d) = (&OFFERS[i], &OFFER_DETAILS[i]);
            assert_eq!(
                (
                    o.id,
                    o.provider,
                    o.instance_type,
                    o.gpu_model,
                    o.region,
                    o.note
                ),
                (
                    r.id.as_str(),
                    r.provider.as_str(),
                    r.instance_type.as_str(),
                    r.gpu_model.as_str(),
                    r.region.as_str(),
                    r.note.as_str()
                )
            );
            assert_eq!(
                (o.gpu_count, o.listings, o.source),
                (r.gpu_count, r.listings, r.source)
            );
            assert_eq!(o.currency.code(), r.currency, "{}", r.id);
            for (a, b) in [
                (o.on_demand_per_hour, r.on_demand_per_hour),
                (o.gpu_memory_gib, r.gpu_memory_gib),
                (o.vcpus, r.vcpus),
                (o.ram_gib, r.ram_gib),
                (o.spot_per_hour, r.spot_per_hour),
                (d.gpu_memory_total_gib, r.gpu_memory_total_gib),
                (d.source_gpu_memory_gib, r.source_gpu_memory_gib),
                (
                    d.cheapest_elsewhere.map(|(p, _)| p),
                    r.cheapest_elsewhere.as_ref().map(|(p, _)| *p),
                ),
            ] {
                assert_eq!(bits(a), bits(b), "{}", r.id);
            }
            assert_eq!(o.billing.granularity_seconds, r.billing.granularity_seconds);
            assert_eq!(o.billing.minimum_seconds, r.billing.minimum_seconds);
            let kind = match r.provider_kind {
                "hyperscaler" => "Hyperscaler",
                "gpu-cloud" => "GpuCloud",
                _ => "Marketplace",
            };
            assert_eq!(format!("{:?}", d.provider_kind), kind, "{}", r.id);
            assert_eq!(
                (d.source_gpu_name, d.interconnect),
                (r.source_gpu_name.as_str(), r.interconnect)
            );
            let spread =
                |s: super::super::Spread| (s.min.to_bits(), s.median.to_bits(), s.max.to_bits());
            let raw = |(a, b, c): (f64, f64, f64)| (a.to_bits(), b.to_bits(), c.to_bits());
            assert_eq!(
                d.on_demand_spread.map(spread),
                r.on_demand_spread.map(raw),
                "{}",
                r.id
            );
            assert_eq!(
                d.spot_spread.map(spread),
                r.spot_spread.map(raw),
                "{}",
                r.id
            );
            assert_eq!(d.spot_listings, r.spot_listings);
            assert_eq!(
                d.regions,
                r.regions.iter().map(String::as_str).collect::<Vec<_>>()
            );
            assert_eq!(
                (
                    d.spot_source,
                    d.sold_via,
                    d.cheapest_elsewhere.map(|(_, r)| r)
                ),
                (
                    r.spot_source,
                    r.sold_via.as_str(),
                    r.cheapest_elsewhere.as_ref().map(|(_, r)| r.as_str())
                ),
                "{}",
                r.id
            );
            assert_eq!(d.terms.len(), r.terms.len(), "{}", r.id);
            for (a, b) in d.terms.iter().zip(&r.terms) {
                let term = match a.term {
                    super::super::Term::None => (0, 0),
                    super::super::Term::Months(m) => (m, 0),
                    super::super::Term::Days(d) => (0, d),
                };
                let basis = match a.basis {
                    super::super::PriceBasis::Recurring => "recurring",
                    super::super::PriceBasis::EffectiveHourly => "effective",
                    super::super::PriceBasis::PerPeriod => "per period",
                };
                assert_eq!(
                    (
                        a.mode.code(),
                        term,
                        a.payment.map(super::super::Payment::label),
                        basis,
                        a.upfront.to_bits(),
                        a.price.to_bits(),
                        a.region,
                        a.source,
                        a.note
                    ),
                    (
                        b.mode,
                        (b.term_months, b.term_days),
                        b.payment,
                        b.basis,
                        b.upfront.to_bits(),
                        b.price.to_bits(),
                        b.region.as_str(),
                        b.source,
                        b.note.as_str()
                    ),
                    "{}",
                    r.id
                );
            }
            // The engine's reserved terms and the 包月 price are derived from the terms.
            let derived: Vec<super::super::Commitment> = d
                .terms
                .iter()
                .filter_map(super::super::decode::commitment)
                .collect();
            assert_eq!(d.commitments, derived.as_slice(), "{}", r.id);
        }
    }

    /// The bundled catalog's size, measured as the gzip (level 9) of the generated Rust source
    /// (`$OUT_DIR/catalog_data.rs`): every string and number the app carries, in a textual form
    /// that is larger than the compiled statics. A proxy that fails fast: the budget that
    /// counts is the bundle's, measured by `scripts/catalog-size.sh` (docs/catalog.md, "Size").
    #[test]
    fn generated_catalog_fits_the_gzip_budget() {
        use std::io::Write as _;
        let bundled = include_str!(concat!(env!("OUT_DIR"), "/catalog_data.rs"));
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(bundled.as_bytes()).expect("gzip");
        let bytes = gz.finish().expect("gzip").len();
        println!(
            "catalog_data.rs: {} bytes, gzip -9 {bytes} bytes",
            bundled.len()
        );
        assert!(bytes <= 100_000, "{bytes} bytes gzip");
    }
}
