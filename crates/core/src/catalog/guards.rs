//! The catalog's guards (issue 15, "Guards"): native tests over the whole bundled catalog that
//! fail the build when an offer is wrong in kind. Each guard names the rule; where the source
//! is right and the offer only looks wrong, the offer is listed below with the reason (and the
//! page flags it with its warning) instead of failing.
//!
//! 1. No retired size is offered (the Azure size table's retired and retiring sizes; no
//!    Azure K80 or M60).
//! 2. No spot price at or above the on-demand price (the ingest drops such placeholders;
//!    [`super::validation::Warning::SpotAboveOnDemand`] flags imported ones).
//! 3. No reserved, committed-use or savings-plan rate at or above on-demand: a term's
//!    effective hourly price is below the on-demand price of its region when that is the
//!    offer's headline region, and below the dearest on-demand listing otherwise (the ingest
//!    compares each term with its own region's on-demand price).
//! 4. A price per GPU-hour far from its model's market median — "far" is
//!    [`super::validation::OUTLIER_FACTOR`] (10×) either way, over the catalog's on-demand
//!    offers of the same GPU model in the same currency — only for the offers of
//!    [`OUTLIERS`], each with the reason the source is right.
//! 5. No per-GPU price turned into an instance size the provider does not sell (Nebius sells
//!    B200 only as 8-GPU presets: no 1-GPU Nebius B200 offer).
//! 6. Count × memory: a stated instance total equals GPUs × memory per GPU (2 %); the source's
//!    per-GPU memory is within −10 %/+2 % of the spec row's (usable vs nominal memory), except
//!    the models of [`MEMORY_EXCEPTIONS`], each with the reason.
//! 7. Every source is dated (a date, or "unknown", which counts as stale and is flagged).
//! 8. Every offer's GPU model has a spec row; an offer whose row has no throughput figure is
//!    marked by [`super::throughput_tflops`] returning `None` (the app never uses the reference
//!    speed for it in job mode: planner-app tests it over the whole catalog).

use super::validation::{warnings, Warning, OUTLIER_FACTOR};
use super::{details, gpus, ingest, BillingMode, Offer, PriceBasis, OFFERS, SOURCES};
use std::path::PathBuf;

/// Offers 10× or more away from their model's median price per GPU-hour whose source is right:
/// (offer id, why).
pub const OUTLIERS: &[(&str, &str)] = &[
    (
        "gpurentalprices/runpod/1x v100-sxm2 community",
        "RunPod's community-cloud V100 SXM2 at 0.23 USD/GPU-h (gpurentalprices.com, 2026-08-22); the V100 16GB SXM2 median is AWS p3's 3.06: a marketplace price for a 2017 GPU",
    ),
    (
        "gpurentalprices/tensordock/1x v100-sxm2",
        "TensorDock's marketplace V100 SXM2 at 0.17 USD/GPU-h (gpurentalprices.com, 2026-08-22); the median is AWS p3's 3.06: a marketplace price for a 2017 GPU",
    ),
];

/// Models whose sources state a per-GPU memory outside −10 %/+2 % of the spec row's, with the
/// reason: (model, figure the sources state in GiB, why).
pub const MEMORY_EXCEPTIONS: &[(&str, f64, &str)] = &[
    (
        "B200 180GB",
        192.0,
        "192 GB is the HBM3e fitted; NVIDIA's HGX B200 table gives 180 GB per GPU (data/gpu-specs.csv, conflicts)",
    ),
    (
        "B300 262GB",
        288.0,
        "288 GB is the Blackwell Ultra HBM3e as advertised; NVIDIA's per-GPU figure is 270 GB (data/gpu-specs.csv, conflicts)",
    ),
    (
        "GB200 186GB",
        192.0,
        "Azure's size table states 192 GB per GPU; NVIDIA's GB200 NVL72 table gives 186 GB (data/gpu-specs.csv)",
    ),
    (
        "GB300 279GB",
        288.0,
        "288 GB as advertised; NVIDIA's GB300 per-GPU figure is 279 GB (data/gpu-specs.csv)",
    ),
    (
        "Radeon PRO V710",
        24.0,
        "Azure's NVads V710 v5 sizes give the VM 24 GB of the card's 28 GB (azure-gpu-sizes.csv)",
    ),
];

fn sources_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/catalog-sources")
}

fn ingested() -> ingest::Catalog {
    ingest::ingest_all(&sources_dir()).unwrap_or_else(|e| panic!("ingest failed: {e}"))
}

#[test]
fn guard_1_no_retired_size_is_offered() {
    let c = ingested();
    assert!(
        !c.retired.is_empty(),
        "the Azure size table lists retired sizes"
    );
    for o in OFFERS {
        assert!(
            !c.retired
                .iter()
                .any(|(p, t, _)| *p == o.provider && t.eq_ignore_ascii_case(o.instance_type)),
            "{} is retired",
            o.id
        );
        if o.provider == "Azure" {
            assert!(
                !o.gpu_model.contains("K80") && !o.gpu_model.contains("M60"),
                "{}: {}",
                o.id,
                o.gpu_model
            );
        }
    }
}

#[test]
fn guard_2_no_spot_at_or_above_on_demand() {
    for o in OFFERS {
        if let (Some(s), Some(p)) = (o.spot_per_hour, o.on_demand_per_hour) {
            assert!(s < p, "{}: spot {s} vs on-demand {p}", o.id);
        }
    }
    // The flag for an imported offer that has one.
    let o = OFFERS.iter().find(|o| o.spot_per_hour.is_some()).unwrap();
    let dear = Offer {
        spot_per_hour: o.on_demand_per_hour.map(|p| p * 1.5),
        ..*o
    };
    assert!(warnings(&dear, (2026, 12))
        .iter()
        .any(|w| matches!(w, Warning::SpotAboveOnDemand { .. })));
}

#[test]
fn guard_3_no_commitment_at_or_above_on_demand() {
    let mut checked = 0;
    for o in OFFERS {
        let (Some(d), Some(p)) = (details(o), o.on_demand_per_hour) else {
            continue;
        };
        for t in d.terms {
            if !matches!(
                t.mode,
                BillingMode::Reserved | BillingMode::CommittedUse | BillingMode::SavingsPlan
            ) || t.basis == PriceBasis::PerPeriod
            {
                continue;
            }
            let effective = t.effective_per_hour().expect("an hourly term");
            let bound = if t.region == o.region || t.region.is_empty() {
                p
            } else {
                d.on_demand_spread.map_or(p, |s| s.max)
            };
            assert!(
                effective < bound,
                "{}: {:?} {:?} at {effective}/h vs on-demand {bound}/h in {}",
                o.id,
                t.mode,
                t.term,
                t.region
            );
            checked += 1;
        }
        for c in d.commitments {
            assert!(
                c.effective_per_hour() < d.on_demand_spread.map_or(p, |s| s.max),
                "{}",
                o.id
            );
        }
    }
    assert!(checked > 100, "{checked} terms checked");
}

#[test]
fn guard_4_outliers_are_listed_with_their_reason() {
    let flagged: Vec<&str> = OFFERS
        .iter()
        .filter(|o| {
            warnings(o, (2026, 12))
                .iter()
                .any(|w| matches!(w, Warning::Outlier { .. }))
        })
        .map(|o| o.id)
        .collect();
    for id in &flagged {
        assert!(
            OUTLIERS.iter().any(|(o, _)| o == id),
            "{id} is {OUTLIER_FACTOR}× or more away from its model's median: fix it or list it in OUTLIERS with the reason"
        );
    }
    for (id, why) in OUTLIERS {
        assert!(
            flagged.contains(id),
            "{id} is listed but no longer an outlier"
        );
        assert!(!why.is_empty());
    }
}

#[test]
fn guard_5_no_per_gpu_price_turned_into_a_size_not_sold() {
    let c = ingested();
    for o in c.offers.iter().filter(|o| !o.count_stated) {
        if ingest::SINGLE_GPU_RENTERS.contains(&o.provider.as_str()) {
            continue;
        }
        let sizes: Vec<u32> = c
            .offers
            .iter()
            .filter(|x| x.count_stated && x.provider == o.provider && x.gpu_model == o.gpu_model)
            .map(|x| x.gpu_count)
            .collect();
        assert!(
            sizes.is_empty() || sizes.contains(&o.gpu_count),
            "{}: {} GPUs, but {} sells {:?}",
            o.id,
            o.gpu_count,
            o.provider,
            sizes
        );
    }
    assert!(!OFFERS
        .iter()
        .any(|o| o.provider == "Nebius" && o.gpu_model.starts_with("B200") && o.gpu_count != 8));
}

#[test]
fn guard_6_count_times_memory_matches() {
    for o in OFFERS {
        let d = details(o).expect("a bundled offer");
        let spec = super::spec(o).expect("a spec row");
        let memory = o.gpu_memory_gib.expect("memory per GPU");
        if let Some(total) = d.gpu_memory_total_gib {
            let per_gpu = d.source_gpu_memory_gib.unwrap_or(memory);
            let expected = per_gpu * f64::from(o.gpu_count);
            assert!(
                (total - expected).abs() <= 0.02 * expected,
                "{}: {total} GiB for {} × {per_gpu}",
                o.id,
                o.gpu_count
            );
        }
        if let Some(stated) = d.source_gpu_memory_gib {
            let ratio = stated / spec.memory_gib;
            let listed = MEMORY_EXCEPTIONS
                .iter()
                .any(|(m, figure, _)| *m == spec.model && *figure == stated);
            assert!(
                (0.9..=1.02).contains(&ratio) || listed,
                "{}: the source states {stated} GiB per GPU, the {} row {}",
                o.id,
                spec.model,
                spec.memory_gib
            );
        }
    }
}

#[test]
fn guard_7_every_source_is_dated() {
    for s in SOURCES {
        assert!(
            s.date_known() || s.as_of == super::DATE_UNKNOWN,
            "{}: as-of {:?}",
            s.id,
            s.as_of
        );
    }
    for o in OFFERS {
        if !o.source().date_known() {
            assert!(
                warnings(o, (2026, 12))
                    .iter()
                    .any(|w| matches!(w, Warning::Stale { .. })),
                "{}: an undated price is flagged stale",
                o.id
            );
        }
    }
}

#[test]
fn guard_8_every_model_has_a_spec_row_and_missing_figures_are_marked() {
    let mut without = std::collections::BTreeMap::new();
    for o in OFFERS {
        let spec = gpus::spec_by_model(o.gpu_model)
            .unwrap_or_else(|| panic!("{}: no spec row for {}", o.id, o.gpu_model));
        match super::throughput_tflops(o) {
            Some(t) => assert_eq!(Some(t), spec.work_tflops()),
            None => *without.entry(o.gpu_model).or_insert(0) += 1,
        }
    }
    // The models without a dense 16-bit figure in data/gpu-specs.csv (the report counts them).
    assert!(without.contains_key("P100 16GB") && !without.contains_key("H100 80GB SXM"));
}
