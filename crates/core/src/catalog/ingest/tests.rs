//! Tests of the ingest: the real source files and inline CSV for every parser and error path.

use super::*;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/catalog-sources")
}

fn catalog() -> Catalog {
    match ingest_all(&dir()) {
        Ok(c) => c,
        Err(e) => panic!("ingest failed: {e}"),
    }
}

fn offer<'a>(c: &'a Catalog, id: &str) -> &'a OfferRecord {
    c.offers
        .iter()
        .find(|o| o.id == id)
        .unwrap_or_else(|| panic!("no offer {id}"))
}

/// The monthly subscription (包月) price of an offer, per instance-month.
fn monthly(o: &OfferRecord) -> Option<f64> {
    o.terms
        .iter()
        .find(|t| t.term_months == 1 && t.basis == "per period")
        .map(|t| t.price)
}

fn source_of<'a>(c: &'a Catalog, o: &OfferRecord) -> &'a SourceRecord {
    &c.sources[o.source]
}

fn spec(file: &str) -> &'static SkypilotSpec {
    SKYPILOT_FILES.iter().find(|s| s.file == file).unwrap()
}

/// The SkyPilot spec the inline tests use (Lambda: plain USD, per-instance prices).
fn lambda() -> &'static SkypilotSpec {
    spec("skypilot-lambda-vms.csv")
}

#[test]
fn aws_p3_16xlarge_is_per_instance_with_per_gpu_memory() {
    let c = catalog();
    let o = offer(&c, "skypilot-aws/p3.16xlarge");
    assert_eq!(o.provider, "AWS");
    assert_eq!(o.gpu_count, 8);
    assert_eq!(o.gpu_memory_gib, Some(16.0));
    assert_eq!(o.on_demand_per_hour, Some(24.48));
    assert_eq!(o.on_demand_per_gpu_hour(), Some(3.06));
    // Cheapest spot across the 11 regions (us-west-2); the headline region us-east-1 (the first
    // of three at 24.48) lists 3.1942.
    assert_eq!(o.spot_per_hour, Some(2.684));
    assert_eq!(o.on_demand_spread.unwrap().0, 24.48);
    assert!(o.on_demand_spread.unwrap().2 >= o.on_demand_spread.unwrap().1);
    assert_eq!(o.region, "us-east-1");
    assert_eq!(o.gpu_model, "V100 16GB SXM2");
    assert_eq!(o.source_gpu_name, "V100");
    assert_eq!(o.interconnect, "NVLink (SXM)");
    assert_eq!(o.provider_kind, "hyperscaler");
    assert_eq!(o.listings, 11);
    assert_eq!(o.vcpus, Some(64.0));
    assert_eq!(o.ram_gib, Some(488.0));
    assert_eq!(o.currency, "USD");
    assert_eq!(o.billing, BillingRecord::PER_SECOND_MIN_60S);
    let s = source_of(&c, o);
    assert_eq!(s.id, "skypilot-aws");
    assert_eq!((s.as_of.as_str(), s.as_of_exact), (DATE_UNKNOWN, false));
    assert!(s
        .reference
        .contains("2c3d7ea7d76bf84cf80d382e946c1609571485fd"));
}

#[test]
fn aws_has_the_g_and_p_families_reserved_prices_and_offers_not_sold_on_demand() {
    let c = catalog();
    let aws: Vec<&OfferRecord> = c.offers.iter().filter(|o| o.provider == "AWS").collect();
    assert!(aws.len() >= 40, "{} AWS instance types", aws.len());
    for family in ["g5.", "g6.", "g6e.", "p5en."] {
        assert!(
            aws.iter().any(|o| o.instance_type.starts_with(family)),
            "{family}"
        );
    }
    // The audit's p5.4xlarge: all 22 zones now, us-east-1 at 6.88 (was ap-south-1 at 8.256).
    let p5 = offer(&c, "skypilot-aws/p5.4xlarge");
    assert_eq!(
        (p5.on_demand_per_hour, p5.region.as_str()),
        (Some(6.88), "us-east-1")
    );
    // 1-year Standard No Upfront RI of the headline region, from its own dated source.
    let g5 = offer(&c, "skypilot-aws/g5.xlarge");
    let ri = g5
        .terms
        .iter()
        .find(|t| t.mode == "reserved")
        .expect("g5 RI");
    assert_eq!(
        (ri.term_months, ri.payment, ri.basis, ri.region.as_str()),
        (12, Some("no upfront"), "recurring", "us-east-1")
    );
    assert!(Some(ri.price) < g5.on_demand_per_hour);
    assert_eq!(source_of(&c, g5).id, "skypilot-aws");
    assert_eq!(c.sources[ri.source].as_of, "2026-01-21");
    // Capacity Blocks (2024 page) on p5.48xlarge in us-east-1.
    let p5x = offer(&c, "skypilot-aws/p5.48xlarge");
    let cb = p5x
        .terms
        .iter()
        .find(|t| t.mode == "capacity_block")
        .expect("capacity block");
    assert_eq!((cb.price, cb.region.as_str()), (39.33, "us-east-1"));
    // Sold only as spot (and Capacity Blocks): no on-demand price.
    for id in ["skypilot-aws/p5e.48xlarge", "skypilot-aws/trn2.48xlarge"] {
        let o = offer(&c, id);
        assert_eq!(o.on_demand_per_hour, None, "{id}");
        assert!(o.spot_per_hour.is_some(), "{id}");
        assert!(o.note.contains("not sold on demand"), "{id}");
    }
    // Trainium2's documented memory, not the source's 512 GiB per device.
    assert_eq!(
        offer(&c, "skypilot-aws/trn2.48xlarge").gpu_memory_gib,
        Some(96.0)
    );
    // g7e is the RTX PRO 6000 Server Edition (the source's GpuInfo name).
    assert_eq!(
        offer(&c, "skypilot-aws/g7e.2xlarge").gpu_model,
        "RTX PRO 6000 Blackwell Server Edition"
    );
    // Fractional L4 sizes are not offers.
    assert!(aws.iter().all(|o| !o.instance_type.starts_with("g6f.")));
}

#[test]
fn aws_china_is_cny_with_every_reserved_variant() {
    let c = catalog();
    let o = offer(&c, "aws-vantage-cn/g5.xlarge");
    assert_eq!((o.provider.as_str(), o.currency), ("AWS China", "CNY"));
    assert_eq!(o.gpu_model, "A10G");
    let ri: Vec<&TermRecord> = o.terms.iter().filter(|t| t.mode == "reserved").collect();
    // Standard and Convertible × 1 and 3 years × no, partial, all upfront.
    assert_eq!(ri.len(), 12, "{ri:?}");
    assert!(ri
        .iter()
        .all(|t| t.basis == "effective" && t.region == o.region));
    let sp = o.terms.iter().filter(|t| t.mode == "savings_plan").count();
    assert_eq!(sp, 6);
    assert!(o
        .terms
        .iter()
        .filter(|t| t.mode == "savings_plan")
        .all(|t| t.note.contains("not stated")));
}

#[test]
fn azure_sizes_regions_reservations_and_no_retired_size() {
    let c = catalog();
    let azure: Vec<&OfferRecord> = c.offers.iter().filter(|o| o.provider == "Azure").collect();
    // No K80 or M60 size (retired in 2023), no NCv3 (retired 2025-09-30), no NVv3/NVv4
    // (retirement announced for 2026-09-30): dropped with the reason.
    for o in &azure {
        assert!(
            !o.gpu_model.starts_with("K80") && !o.gpu_model.starts_with("M60"),
            "{}",
            o.id
        );
    }
    for id in [
        "azure/standard_nc6_promo",
        "azure/standard_nv12s_v3",
        "azure/standard_nc6s_v3",
    ] {
        assert!(
            c.dropped
                .iter()
                .any(|(d, why)| d == id && why.starts_with("not rentable")),
            "{id}"
        );
    }
    // The GPU count comes from Microsoft's size page (SkyPilot's v6 file said 12).
    let nd = offer(&c, "azure/standard_nd96isr_h100_v5");
    assert_eq!((nd.gpu_count, nd.gpu_model.as_str()), (8, "H100 80GB SXM"));
    // Regions beyond the US, and real spot prices (the old file's H100 spot equalled
    // on-demand).
    let h100 = offer(&c, "azure/standard_nc40ads_h100_v5");
    assert!(h100.regions.iter().any(|r| r == "westeurope"));
    assert!(h100.regions.len() > 20);
    assert!(h100.spot_per_hour.unwrap() < h100.on_demand_per_hour.unwrap() / 2.0);
    // ND H200 v5: the API's spot = on-demand placeholders are not used.
    let h200 = offer(&c, "azure/standard_nd96isr_h200_v5");
    assert_eq!(h200.spot_per_hour, None);
    assert!(h200.note.contains("placeholder"), "{}", h200.note);
    // The founding article's case: NDm A100 v4 with its 3-year reservation.
    let ndm = offer(&c, "azure/standard_nd96amsr_a100_v4");
    assert_eq!(
        (ndm.gpu_count, ndm.gpu_model.as_str()),
        (8, "A100 80GB SXM")
    );
    let three = ndm
        .terms
        .iter()
        .find(|t| t.mode == "reserved" && t.term_months == 36)
        .expect("3-year reservation");
    assert!(three.effective_per_hour() < ndm.on_demand_per_hour.unwrap());
    // MI300X and the 1-year savings plan of the European regions.
    assert!(azure.iter().any(|o| o.gpu_model == "MI300X"));
    assert!(azure
        .iter()
        .any(|o| o.terms.iter().any(|t| t.mode == "savings_plan")));
    // Every Azure offer is one size, ids stable across sources.
    assert!(azure
        .iter()
        .all(|o| o.id == format!("azure/{}", o.instance_type.to_lowercase())));
}

#[test]
fn alibaba_is_cny_from_usd_at_the_fetcher_rate() {
    let c = catalog();
    let o = offer(&c, "skypilot-alicloud/ecs.gn6i-c16g1.4xlarge");
    assert_eq!(o.provider, "Alibaba Cloud");
    assert_eq!(o.currency, "CNY");
    // Headline: the cheapest mainland listing (cn-chengdu, first of two at 2.049852), with
    // the cheapest listing elsewhere (us-east-1) beside it.
    assert_eq!(o.on_demand_per_hour, Some(2.049852 / 0.138));
    assert_eq!(o.region, "cn-chengdu");
    assert_eq!(
        o.cheapest_elsewhere,
        Some((1.61953046 / 0.138, "us-east-1".to_string()))
    );
    assert_eq!(o.on_demand_spread.unwrap().0, 1.61953046 / 0.138);
    // Spot: the cheapest mainland listing of any zone, not the on-demand row's.
    assert_eq!(o.spot_per_hour, Some(0.23805 / 0.138));
    assert_eq!(o.gpu_count, 1);
    assert_eq!(o.gpu_memory_gib, Some(16.0));
    assert!(o.note.contains("÷ 0.138"));
    assert!(!c
        .offers
        .iter()
        .any(|o| o.instance_type == "ecs.gn5i-c12g1.6xlarge"));
    assert_eq!(
        c.skipped
            .iter()
            .filter(|(_, _, why)| why.starts_with("price anomaly"))
            .count(),
        6,
        "the anomalous price is skipped in each of its 3 regions, in both reads of the file"
    );
}

#[test]
fn tencent_is_cny_and_memory_comes_from_provider_docs() {
    let c = catalog();
    let o = offer(&c, "skypilot-tencentcloud/gt4.41xlarge948");
    assert_eq!(o.provider, "Tencent Cloud");
    assert_eq!(o.currency, "CNY");
    assert_eq!(o.gpu_count, 8);
    assert_eq!(o.gpu_memory_gib, Some(40.0));
    assert!(
        o.note.contains("Tencent Cloud GT4 instance docs"),
        "{}",
        o.note
    );
    assert_eq!(o.spot_per_hour, None);
    assert!(c
        .offers
        .iter()
        .filter(|o| o.provider == "Tencent Cloud")
        .all(|o| o.currency == "CNY"
            && !o.gpu_model.contains("Zixiao")
            && !o.gpu_model.contains("SG1")));
}

#[test]
fn gcp_a2_highgpu_1g_cheapest_region() {
    let c = catalog();
    let o = offer(&c, "gcp-cyclenerd/a2-highgpu-1g");
    assert_eq!(o.provider, "Google Cloud");
    assert_eq!(o.gpu_model, "A100 40GB SXM");
    assert_eq!(o.gpu_memory_gib, Some(40.0));
    let one_year = o.terms.iter().find(|c| c.term_months == 12).unwrap();
    assert_eq!(one_year.payment, Some("no upfront"));
    assert_eq!(one_year.mode, "committed_use");
    assert!(Some(one_year.price) < o.on_demand_per_hour);
    assert_eq!(o.on_demand_per_hour, Some(3.673385));
    assert_eq!(
        o.spot_per_hour,
        Some(0.33897),
        "cheapest spot region; the on-demand row lists 1.92802"
    );
    assert_eq!(o.region, "us-central1");
    assert_eq!(o.listings, 39);
    let s = source_of(&c, o);
    assert_eq!((s.as_of.as_str(), s.as_of_exact), ("2026-07-30", true));
    assert!(s.licence.starts_with("Apache-2.0"));
    // Fractional G4 shares are not offers.
    assert!(c
        .skipped
        .iter()
        .any(|(f, _, r)| f == GCP_FILE && r == "fractional or zero GPU count: 0.25"));
}

#[test]
fn gcp_n1_gpus_tpus_and_a3_high_sold_as_spot_only() {
    let c = catalog();
    // A3 High with fewer than 8 GPUs: Google sells them as Spot or Flex-start only.
    for t in ["a3-highgpu-1g", "a3-highgpu-2g", "a3-highgpu-4g"] {
        let o = offer(&c, &format!("gcp-cyclenerd/{t}"));
        assert_eq!(o.on_demand_per_hour, None, "{t}");
        assert!(o.spot_per_hour.is_some() && o.terms.is_empty(), "{t}");
    }
    let a3 = offer(&c, "gcp-cyclenerd/a3-highgpu-8g");
    assert!(a3.on_demand_per_hour.is_some());
    assert!(a3
        .terms
        .iter()
        .all(|t| t.mode == "committed_use" && t.note.contains("attached reservation")));
    // N1 + T4: the n1-standard-4 host (Cyclenerd) + the T4 (SkyPilot) in us-central1.
    let t4 = offer(&c, "skypilot-gcp-gpus/n1-standard-4 + 1x t4");
    assert_eq!((t4.gpu_model.as_str(), t4.gpu_count), ("T4", 1));
    assert_eq!(t4.region, "us-central1");
    assert!(
        (t4.on_demand_per_hour.unwrap() - (0.189999 + 0.35)).abs() < 1e-9,
        "{:?}",
        t4.on_demand_per_hour
    );
    assert!(
        t4.terms.is_empty(),
        "GPUs used on demand are not CUD-eligible"
    );
    assert_eq!(
        offer(&c, "skypilot-gcp-gpus/n1-standard-32 + 8x v100").gpu_count,
        8
    );
    // TPU slices: chips × the per-chip price; the "GPU" is the TPU chip.
    let v5e = offer(&c, "gcp-tpu-gpuhunt/v5litepod-4");
    assert_eq!((v5e.gpu_model.as_str(), v5e.gpu_count), ("TPU v5e", 4));
    assert_eq!(v5e.on_demand_per_hour, Some(1.2 * 4.0));
    assert_eq!(v5e.gpu_memory_gib, Some(16.0));
    let v5p = offer(&c, "gcp-tpu-gpuhunt/v5p-8");
    assert_eq!((v5p.gpu_count, v5p.on_demand_per_hour), (4, Some(16.8)));
    assert!(c.offers.iter().any(|o| o.id == "gcp-tpu-gpuhunt/v6e-8"));
    // The source's spot above on-demand for v4 and v3 is a placeholder: not used.
    assert_eq!(offer(&c, "gcp-tpu-gpuhunt/v4-8").spot_per_hour, None);
}

#[test]
fn runpod_tiers_come_from_the_newest_dated_source() {
    let c = catalog();
    // gpurentalprices (2026-08-22) lists RunPod's secure and community per-GPU prices: 1-GPU
    // pods (RunPod rents single GPUs), one offer per tier.
    let runpod: Vec<&OfferRecord> = c.offers.iter().filter(|o| o.provider == "RunPod").collect();
    let h200: Vec<&&OfferRecord> = runpod
        .iter()
        .filter(|o| o.gpu_model.starts_with("H200") && o.gpu_count == 1)
        .collect();
    let tiers: HashSet<&str> = h200.iter().map(|o| o.tier.as_str()).collect();
    assert!(
        tiers.contains("secure") && tiers.contains("community"),
        "{tiers:?}"
    );
    assert!(h200.iter().all(|o| o.gpu_memory_gib == Some(141.0)));
    // The February scrape (tier not stated) gives way to them, its id opening the new offer.
    assert!(!c.offers.iter().any(|o| o.id == "becloudready-runpod/h200"));
    assert!(c
        .superseded
        .iter()
        .any(|(old, _)| old == "becloudready-runpod/h200"));
    // The 2026-09-27 page quotes are newer than the 2026-08-22 snapshot for H100 SXM.
    let h100 = runpod
        .iter()
        .find(|o| o.gpu_model == "H100 80GB SXM" && o.tier == "community" && o.gpu_count == 1)
        .expect("RunPod H100 SXM community");
    assert_eq!(h100.on_demand_per_hour, Some(2.69));
    assert_eq!(source_of(&c, h100).as_of, "2026-09-27");
}

#[test]
fn denvr_per_gpu_price_is_multiplied_by_the_count() {
    let c = catalog();
    let o = offer(&c, "becloudready-denvr/nvidia h100 sxm");
    assert_eq!(o.gpu_count, 8);
    assert_eq!(o.on_demand_per_hour, Some(2.1 * 8.0));
    assert_eq!(o.on_demand_per_gpu_hour(), Some(2.1));
    // Same product with two VRAM sizes: two offers, told apart by VRAM.
    assert_eq!(
        offer(&c, "becloudready-denvr/nvidia a100 sxm (80.0 gb)").gpu_memory_gib,
        Some(80.0)
    );
    assert_eq!(
        offer(&c, "becloudready-denvr/nvidia a100 sxm (40.0 gb)").gpu_memory_gib,
        Some(40.0)
    );
}

#[test]
fn coreweave_nodes_and_the_missing_hgx_h100() {
    let c = catalog();
    // gpurentalprices (2026-08-22) gives CoreWeave per GPU with its minimum of 8: a node.
    let b200 = c
        .offers
        .iter()
        .find(|o| o.provider == "CoreWeave" && o.gpu_model.starts_with("B200") && o.gpu_count == 8)
        .expect("CoreWeave B200 node");
    assert_eq!(b200.on_demand_per_hour, Some(8.6 * 8.0));
    assert_eq!(b200.gpu_memory_gib, Some(180.0));
    // The February scrape lost the HGX H100 node; it is back (the 8-GPU node from
    // gpurentalprices, per GPU 6.155 x 8).
    assert!(c
        .offers
        .iter()
        .any(|o| o.provider == "CoreWeave" && o.gpu_model.starts_with("H100") && o.gpu_count == 8));
    assert!(c
        .skipped
        .iter()
        .any(|(f, _, r)| f == "becloudready-coreweave-gpu-prices.csv"
            && r.starts_with("empty accelerator count: NVIDIA GB200 NVL72")));
}

#[test]
fn nebius_b200_is_not_turned_into_a_1_gpu_offer() {
    let c = catalog();
    // Nebius sells B200 only as 8-GPU presets (SkyPilot): the per-GPU rows of becloudready and
    // gpurentalprices are not 1-GPU offers.
    let b200: Vec<&OfferRecord> = c
        .offers
        .iter()
        .filter(|o| o.provider == "Nebius" && o.gpu_model.starts_with("B200"))
        .collect();
    assert!(
        !b200.is_empty() && b200.iter().all(|o| o.gpu_count == 8),
        "{b200:?}"
    );
    assert!(c
        .dropped
        .iter()
        .any(|(id, why)| id == "becloudready-nebius/nvidia hgx b200"
            && why.starts_with("per-GPU price not turned into a 1-GPU instance")));
    assert_eq!(
        offer(&c, "skypilot-nebius/gpu-h100-sxm_8gpu-128vcpu-1600gb").gpu_memory_gib,
        Some(80.0),
        "the source writes 0; H100 SXM has one size (datasheet)"
    );
}

#[test]
fn autodl_quotes_of_one_card_keep_the_newest_source() {
    let c = catalog();
    // Several notes quote AutoDL's RTX 4090 (a 2026-06/07 range, 2026-08, 2026-09-29, the
    // 2026-10-04 crawl with its median): one card, so the newest source's offers stay and the
    // others are superseded, never averaged.
    let o = offer(&c, "cn-offers-2026-10-04/autodl/rtx 4090");
    assert_eq!(o.on_demand_per_hour, Some(1.98));
    assert_eq!(o.currency, "CNY");
    assert_eq!(o.billing, BillingRecord::PER_SECOND);
    assert_eq!(
        offer(&c, "cn-offers-2026-10-04/autodl/rtx 4090 (market median)").on_demand_per_hour,
        Some(2.19)
    );
    for old in [
        "cn-offers-2026-06_07/autodl/rtx 4090 (range low)",
        "cn-offers-2026-06_07/autodl/rtx 4090 (range high)",
    ] {
        assert!(c.superseded.iter().any(|(o, _)| o == old), "{old}");
    }
    let exact = source_of(&c, offer(&c, "cn-offers-2026-09-29/autodl/a800 80gb"));
    assert_eq!(
        (exact.as_of.as_str(), exact.as_of_exact),
        ("2026-09-29", true)
    );
    let featurize = offer(&c, "cn-offers-2026-09-29/featurize/rtx 4090");
    assert_eq!(featurize.billing, BillingRecord::PER_MINUTE);
    assert_eq!(featurize.on_demand_per_hour, Some(1.87));
}

#[test]
fn cn_alibaba_rows_are_per_instance() {
    let c = catalog();
    // (The post's gn7e-c16g1.32xlarge is superseded by the newer SkyPilot snapshot.)
    let o = offer(&c, "cn-offers-2023-06/alibaba-cloud/ecs.gn7-c13g1.26xlarge");
    assert_eq!(o.gpu_count, 8);
    assert_eq!(o.on_demand_per_hour, Some(252.66));
    assert_eq!(o.gpu_memory_gib, Some(40.0));
    assert_eq!(o.billing, BillingRecord::UNSTATED);
    assert_eq!(monthly(o), Some(121_280.0), "包月 from the same post");
    // A monthly price without an hourly one from the same source is an offer sold only by the
    // month (AutoDL RTX 4090D, 2026-10-04 market crawl).
    let d = offer(&c, "cn-offers-2026-10-04/autodl/rtx 4090d");
    assert_eq!(d.on_demand_per_hour, None);
    assert!(monthly(d).is_some());
    assert!(c
        .skipped
        .iter()
        .any(|(f, _, r)| f == CN_FILES[0] && r.starts_with("not a GPU offer: gpu_count \"0\"")));
}

#[test]
fn cn_hyperscalers_headline_the_mainland_and_take_hand_typed_subscriptions() {
    let c = catalog();
    // The audit's Tencent GN7.2XLARGE32: ¥5.56 in São Paulo was the headline; now the cheapest
    // mainland listing, with the overseas one beside it.
    let gn7 = offer(&c, "skypilot-tencentcloud/gn7.2xlarge32");
    assert!(
        home_region("Tencent Cloud", &gn7.region) == Some(true),
        "{}",
        gn7.region
    );
    let (elsewhere, region) = gn7.cheapest_elsewhere.clone().expect("overseas listing");
    assert!(elsewhere < gn7.on_demand_per_hour.unwrap());
    assert_eq!(region, "sa-saopaulo");
    // Its 包月 price per GPU (2026-06-15 price file) joins the fetcher's hourly offer, with its
    // own source.
    let sub = gn7
        .terms
        .iter()
        .find(|t| t.mode == "subscription")
        .expect("包月");
    assert_eq!((sub.price, sub.term_months), (2500.0, 1));
    assert_eq!(c.sources[sub.source].as_of, "2026-06-15");
    // Alibaba: the fetcher's hourly price (with its 40 GiB system disk, said on the offer)
    // wins over the hand-typed 2026-09-24 quote, whose 包月 price it takes.
    let gn6i = offer(&c, "skypilot-alicloud/ecs.gn6i-c4g1.xlarge");
    assert!(
        gn6i.note.contains("40 GiB ESSD system disk"),
        "{}",
        gn6i.note
    );
    let sub = gn6i
        .terms
        .iter()
        .find(|t| t.mode == "subscription")
        .expect("包月");
    assert_eq!(c.sources[sub.source].as_of, "2026-09-24");
    assert!(c
        .superseded
        .iter()
        .any(|(old, new)| old.starts_with("cn-offers-2026-09-24/") && new == &gn6i.id));
    // 共绩算力's 30-day bare-metal package is an offer sold only that way; its spot batch price
    // joins the hourly RTX 4090 offer.
    let pkg = c
        .offers
        .iter()
        .find(|o| o.instance_type == "bare-metal 30-day package")
        .expect("package offer");
    assert_eq!(pkg.on_demand_per_hour, None);
    assert_eq!((pkg.terms[0].term_days, pkg.terms[0].mode), (30, "package"));
    let gongji = c
        .offers
        .iter()
        .find(|o| o.provider.starts_with("共绩算力") && o.instance_type == "RTX 4090")
        .expect("共绩算力 RTX 4090");
    assert_eq!(gongji.spot_per_hour, Some(1.19));
}

#[test]
fn vgpu_slices_and_non_gpu_accelerators_are_skipped() {
    let c = catalog();
    let ali = "skypilot-alicloud-vms.csv";
    let reasons: Vec<&str> = c
        .skipped
        .iter()
        .filter(|(f, _, _)| f == ali)
        .map(|(_, _, r)| r.as_str())
        .collect();
    assert!(reasons.contains(&"vGPU slice: accelerator A10*1/3"));
    assert!(reasons.contains(&"vGPU slice: accelerator T4/4"));
    assert!(reasons
        .iter()
        .any(|r| r.starts_with("non-GPU accelerator: Xilinx VU9p")));
    assert!(reasons
        .iter()
        .any(|r| r.starts_with("non-GPU accelerator: AMD S7150")));
    assert!(reasons
        .iter()
        .any(|r| r.starts_with("non-GPU accelerator: intel SG1")));
    assert!(reasons
        .iter()
        .any(|r| r.starts_with("non-GPU accelerator: A910X")));
    assert!(reasons
        .iter()
        .any(|r| r.starts_with("non-GPU accelerator: VG1000")));
    assert!(reasons
        .iter()
        .any(|r| r.starts_with("vGPU slice: shared-GPU family ecs.sgn8ia")));
    for o in &c.offers {
        assert!(!o.gpu_model.contains('/'), "{}", o.id);
        assert!(non_gpu_accelerator(&o.gpu_model).is_none(), "{}", o.id);
        assert!(!o.instance_type.starts_with("ecs.f3"), "{}", o.id);
        assert!(!o.instance_type.starts_with("ecs.sgn"), "{}", o.id);
    }
    // A whole A10 sold as a vGPU workstation is a GPU.
    assert_eq!(
        offer(&c, "skypilot-alicloud/ecs.vgn7i-vws-m24.7xlarge").gpu_count,
        1
    );
}

#[test]
fn verda_spot_only_rows_are_offers_not_sold_on_demand() {
    let c = catalog();
    let spot_only = offer(&c, "skypilot-verda/2b300.60v");
    assert_eq!(spot_only.on_demand_per_hour, None);
    assert!(spot_only.spot_per_hour.is_some());
    assert!(
        spot_only.note.contains("not sold on demand"),
        "{}",
        spot_only.note
    );
    // The B300 row's per-GPU figure (270, NVIDIA); the source's 262 GiB is kept beside it.
    let o = offer(&c, "skypilot-verda/4b300.120v");
    assert_eq!(o.gpu_memory_gib, Some(270.0));
    assert!(o
        .source_gpu_memory_gib
        .is_some_and(|m| (262.0..263.0).contains(&m)));
    // The 1-GPU row gives way to the dated gpurentalprices offer, which takes its spot price
    // with its source.
    assert!(c
        .superseded
        .iter()
        .any(|(old, new)| old == "skypilot-verda/1b300.30v"
            && new == "gpurentalprices/verda/1x b300"));
    let w = offer(&c, "gpurentalprices/verda/1x b300");
    assert_eq!(w.spot_per_hour, Some(2.447));
    assert_eq!(
        c.sources[w.spot_source.expect("spot source")].id,
        "skypilot-verda"
    );
}

#[test]
fn the_same_instance_in_two_sources_keeps_the_newest() {
    let c = catalog();
    let ids: HashSet<&str> = c.offers.iter().map(|o| o.id.as_str()).collect();
    let mut seen = HashSet::new();
    for o in &c.offers {
        assert!(
            seen.insert((o.provider.as_str(), o.instance_type.to_lowercase())),
            "{} {:?} appears twice",
            o.provider,
            o.instance_type
        );
    }
    for (kept, gone) in [
        (
            "cn-offers-2026-10-04/autodl/rtx 4090",
            "cn-offers-2026-08/autodl/rtx 4090",
        ),
        (
            "cn-offers-2026-09-29/autodl/h800",
            "cn-offers-2026-08/autodl/h800",
        ),
        (
            "cn-offers-2026-09-29/featurize/rtx 4090",
            "cn-offers-2025-10/featurize/rtx 4090",
        ),
        (
            "skypilot-alicloud/ecs.gn7e-c16g1.32xlarge",
            "cn-offers-2023-06/alibaba-cloud/ecs.gn7e-c16g1.32xlarge",
        ),
    ] {
        assert!(ids.contains(kept), "{kept} kept");
        assert!(!ids.contains(gone), "{gone} dropped");
        assert!(
            c.dropped
                .iter()
                .any(|(id, why)| id == gone && why.starts_with("superseded") && why.contains(kept)),
            "{gone} recorded as dropped"
        );
    }
}

#[test]
fn vast_ti_and_super_variants_are_distinct_models() {
    let c = catalog();
    for (id, model) in [
        ("skypilot-vast/1x-rtx_3060_ti-32-65536", "RTX 3060 Ti"),
        ("skypilot-vast/4x-rtx_4060_ti-32-65536", "RTX 4060 Ti 16GB"),
        (
            "skypilot-vast/4x-rtx_4070s_ti-32-65536",
            "RTX 4070 Ti SUPER",
        ),
    ] {
        assert_eq!(offer(&c, id).gpu_model, model, "{id}");
    }
    assert_eq!(
        vast_variant_name("1x-RTX_3060-32-65536", "RTX3060"),
        None,
        "plain models keep their name"
    );
}

#[test]
fn vast_zero_spot_is_none_and_hosts_are_aggregated() {
    let c = catalog();
    let o = offer(&c, "skypilot-vast/1x-rtx_5090-32-65536");
    assert_eq!(o.provider, "Vast.ai");
    assert_eq!(o.spot_per_hour, None);
    assert_eq!(o.listings, 3);
    // The nominal size is shown; the source's usable figure is kept beside it.
    assert_eq!(o.gpu_memory_gib, Some(32.0));
    assert_eq!(o.source_gpu_memory_gib, Some(32607.0 / 1024.0));
    // Vast's SizeInMiB is the whole instance's: per GPU = total ÷ count.
    let h = offer(&c, "skypilot-vast/8x-h100_sxm-32-65536");
    assert_eq!(h.source_gpu_memory_gib, Some(652472.0 / 1024.0 / 8.0));
    assert_eq!(h.gpu_memory_gib, Some(80.0));
}

#[test]
fn azure_fractional_sizes_are_skipped() {
    let c = catalog();
    // NVads A10 v5 sizes of 1/6, 1/3 and 1/2 of an A10 are vGPU slices; the whole-GPU sizes
    // are offers.
    assert!(c
        .offers
        .iter()
        .all(|o| o.id != "azure/standard_nv6ads_a10_v5"));
    assert_eq!(offer(&c, "azure/standard_nv36ads_a10_v5").gpu_count, 1);
    assert!(c
        .skipped
        .iter()
        .any(|(_, _, r)| r.starts_with("vGPU slice: Standard_NV12ads_A10_v5")));
}

#[test]
fn every_offer_is_well_formed_and_ids_are_unique() {
    let c = catalog();
    assert!(c.offers.len() > 300, "{}", c.offers.len());
    let mut ids = HashSet::new();
    for o in &c.offers {
        assert!(
            o.on_demand_per_hour
                .into_iter()
                .all(|p| p.is_finite() && p > 0.0)
                && (o.on_demand_per_hour.is_some()
                    || o.spot_per_hour.is_some()
                    || !o.terms.is_empty()),
            "{}",
            o.id
        );
        assert!(
            o.spot_per_hour
                .into_iter()
                .all(|s| s.is_finite() && s > 0.0),
            "{}",
            o.id
        );
        assert!(o.gpu_count >= 1, "{}", o.id);
        assert!(o.listings >= 1, "{}", o.id);
        assert!(o.source < c.sources.len(), "{}", o.id);
        assert!(
            o.gpu_memory_gib
                .into_iter()
                .all(|m| m.is_finite() && m > 0.0),
            "{}",
            o.id
        );
        assert!(o.currency == "USD" || o.currency == "CNY", "{}", o.id);
        assert_eq!(o.id, o.id.to_lowercase());
        // Ids start with their source's id, or a prefix of it shared by one family of
        // sources (`azure/` for azure-karpenter, azure-pricingradar, …; `pagequotes/`).
        // The refresh's offers are `refresh-<provider>/…`, their sources `refresh-<source>-…`.
        let prefix = o.id.split('/').next().unwrap_or("");
        let prefix = if prefix.starts_with("refresh-") {
            "refresh-"
        } else {
            prefix
        };
        assert!(
            !prefix.is_empty() && c.sources[o.source].id.starts_with(prefix),
            "{}",
            o.id
        );
        assert!(ids.insert(o.id.clone()), "duplicate {}", o.id);
    }
    for s in &c.sources {
        assert!(
            (s.as_of == DATE_UNKNOWN && !s.as_of_exact)
                || normalise_as_of(&s.as_of)
                    .is_some_and(|(d, e)| d == s.as_of && e == s.as_of_exact),
            "{}",
            s.id
        );
        let used = |i: usize| c.sources[i].id == s.id;
        assert!(
            c.offers.iter().any(|o| used(o.source)
                || o.spot_source.is_some_and(used)
                || o.terms.iter().any(|t| used(t.source)))
                || c.dropped
                    .iter()
                    .any(|(id, _)| id.starts_with(&format!("{}/", s.id))),
            "{} gives no offer, spot price or term",
            s.id
        );
    }
}

#[test]
fn offers_are_sorted_by_provider_then_price_per_gpu_hour() {
    let c = catalog();
    for w in c.offers.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        let key = |o: &OfferRecord| o.on_demand_per_gpu_hour().unwrap_or(f64::INFINITY);
        assert!(
            a.provider < b.provider || (a.provider == b.provider && key(a) <= key(b)),
            "{} before {}",
            a.id,
            b.id
        );
    }
}

#[test]
fn providers_cover_the_founding_articles() {
    let c = catalog();
    let providers: HashSet<&str> = c.offers.iter().map(|o| o.provider.as_str()).collect();
    for p in [
        "AWS",
        "Azure",
        "Google Cloud",
        "Alibaba Cloud",
        "Tencent Cloud",
        "Lambda",
        "Paperspace",
        "Vast.ai",
        "RunPod",
        "AutoDL",
        "Featurize",
        "Nebius",
        "Verda",
        "Jarvislabs",
        "Hyperbolic",
        "Fluidstack",
        "CoreWeave",
        "Denvr",
        "Crusoe",
        "恒源云 (gpushare.com)",
        "晨涧云 (mornai.cn)",
    ] {
        assert!(providers.contains(p), "missing provider {p}");
    }
}

// ---- inline CSV: parsers and their error paths ----

const SKY_HEADER: &str =
    "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region\n";

#[test]
fn skypilot_inline_aggregates_cheapest_row_and_reads_by_header() {
    // Column order differs from the usual one on purpose.
    let text = "Region,Price,SpotPrice,InstanceType,AcceleratorCount,AcceleratorName\n\
                r1,2.0,1.0,x8,8.0,H100\n\
                r2,1.5,,x8,8.0,H100\n\
                r3,1.5,0.5,x8,8.0,H100\n";
    let c = parse_skypilot(lambda(), text).unwrap();
    assert_eq!(c.offers.len(), 1);
    let o = &c.offers[0];
    assert_eq!(
        o.billing,
        BillingRecord::PER_MINUTE,
        "Lambda docs: one-minute increments"
    );
    assert_eq!((o.region.as_str(), o.listings, o.gpu_count), ("r2", 3, 8));
    assert_eq!(o.on_demand_per_hour, Some(1.5));
    assert_eq!(o.spot_per_hour, Some(0.5), "cheapest spot of any row");
    assert_eq!(o.spot_spread, Some((0.5, 0.75, 1.0)));
    assert_eq!(o.on_demand_spread, Some((1.5, 1.5, 2.0)));
    assert_eq!(o.regions, vec!["r1", "r2", "r3"]);
    assert_eq!(o.id, "skypilot-lambda/x8");
}

#[test]
fn skypilot_inline_skip_reasons() {
    let text = format!(
        "{SKY_HEADER}\
         a,,,1,1,,1.0,,r\n\
         b,T4,,1,1,,1.0,,r\n\
         c,T4,8.5,1,1,,1.0,,r\n\
         d,T4,0,1,1,,1.0,,r\n\
         e,T4,1,1,1,,,0.3,r\n\
         f,T4,1,1,1,,0,,r\n\
         g,T4,1,1,1,,-1,,r\n\
         h,T4,1,1,1,,inf,,r\n\
         i,A10*1/3,1,1,1,,1.0,,r\n\
         j,Xilinx VU9p,1,1,1,,1.0,,r\n\
         k,T4,1,1,1,,,,r\n"
    );
    let c = parse_skypilot(lambda(), &text).unwrap();
    // Row e has only a spot price: an offer not sold on demand.
    assert_eq!(c.offers.len(), 1);
    assert_eq!(
        (
            c.offers[0].instance_type.as_str(),
            c.offers[0].on_demand_per_hour
        ),
        ("e", None)
    );
    assert_eq!(c.offers[0].spot_per_hour, Some(0.3));
    let got: Vec<(usize, &str)> = c.skipped.iter().map(|(_, l, r)| (*l, r.as_str())).collect();
    assert_eq!(
        got,
        vec![
            (2, "empty accelerator name: a"),
            (3, "empty accelerator count"),
            (4, "fractional or zero GPU count: 8.5"),
            (5, "fractional or zero GPU count: 0"),
            (7, "non-positive on-demand price: 0"),
            (8, "non-positive on-demand price: -1"),
            (9, "non-finite on-demand price: inf"),
            (10, "vGPU slice: accelerator A10*1/3"),
            (
                11,
                "non-GPU accelerator: Xilinx VU9p (Xilinx FPGA (Alibaba f3))"
            ),
            (12, "no on-demand price: empty"),
        ]
    );
}

#[test]
fn skypilot_inline_bad_number_is_an_error_naming_file_line_and_column() {
    let text = format!("{SKY_HEADER}a,T4,1,1,1,,1.0,,r\nb,T4,1,1,1,,abc,,r\n");
    let err = parse_skypilot(lambda(), &text).unwrap_err();
    assert_eq!(
        err,
        IngestError::BadValue {
            file: "skypilot-lambda-vms.csv".into(),
            line: 3,
            column: "Price".into(),
            value: "abc".into(),
            expected: "a decimal number".into(),
        }
    );
    assert_eq!(
        err.to_string(),
        "skypilot-lambda-vms.csv:3: column `Price`: \"abc\" is not a decimal number"
    );
    let missing = parse_skypilot(lambda(), "InstanceType,Price\n").unwrap_err();
    assert!(
        matches!(missing, IngestError::MissingColumn { ref column, .. } if column == "AcceleratorName")
    );
    let ragged = parse_skypilot(lambda(), &format!("{SKY_HEADER}a,T4,1\n")).unwrap_err();
    assert!(
        matches!(ragged, IngestError::Csv { line: 2, .. }),
        "{ragged:?}"
    );
}

#[test]
fn skypilot_inline_count_fix_and_cny_conversion() {
    let fixed = SkypilotSpec {
        count_fixes: &[CountFix {
            instance_type: "x12",
            source_count: 12,
            gpu_count: 8,
            note: "corrected",
        }],
        ..*lambda()
    };
    let text = "InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n\
                x12,H100,12,98.32,r\n";
    let c = parse_skypilot(&fixed, text).unwrap();
    assert_eq!(
        (c.offers[0].gpu_count, c.offers[0].note.as_str()),
        (8, "corrected")
    );
    let ali =
        "InstanceType,AcceleratorName,AcceleratorCount,Price,SpotPrice,Region,GpuInfo,Generation\n\
               ecs.x,T4,1,1.38,0.276,r,T4 16GB,ecs.gn6i\n\
               ecs.y,RTX 5880,1,1.0,,r,RTX 5880 2GB,ecs.sgn8ga-wy\n";
    let c = parse_skypilot(spec("skypilot-alicloud-vms.csv"), ali).unwrap();
    assert_eq!(c.offers.len(), 1);
    assert_eq!(c.offers[0].on_demand_per_hour, Some(1.38 / 0.138));
    assert_eq!(c.offers[0].spot_per_hour, Some(0.276 / 0.138));
    assert_eq!(c.offers[0].currency, "CNY");
    assert_eq!(c.offers[0].gpu_memory_gib, Some(16.0));
    assert_eq!(
        c.skipped[0].2,
        "vGPU slice: shared-GPU family ecs.sgn8ga-wy (RTX 5880)"
    );
}

#[test]
fn gcp_inline_and_unknown_key_error() {
    let text = "instance_type,gpu_key,gpu_count,region,hour,hour_spot\n\
                g2-standard-4,l4,1,r1,0.9,0.3\n\
                g2-standard-4,l4,1,r2,0.7,\n\
                g4-standard-6,rtx6000,0.125,r1,0.5,0.2\n";
    let c = parse_gcp_cyclenerd(text).unwrap();
    assert!(c
        .offers
        .iter()
        .all(|o| o.billing == BillingRecord::PER_SECOND_MIN_60S));
    assert_eq!(c.offers.len(), 1);
    assert_eq!(c.offers[0].on_demand_per_hour, Some(0.7));
    assert_eq!(c.offers[0].spot_per_hour, Some(0.3));
    assert_eq!(c.offers[0].gpu_memory_gib, Some(24.0));
    assert_eq!(
        c.skipped,
        vec![(
            GCP_FILE.to_string(),
            4,
            "fractional or zero GPU count: 0.125".to_string()
        )]
    );
    let err = parse_gcp_cyclenerd("instance_type,gpu_key,gpu_count,region,hour\nx,tpu,1,r,1.0\n")
        .unwrap_err();
    assert!(
        matches!(err, IngestError::BadValue { line: 2, ref column, .. } if column == "gpu_key")
    );
    let err = parse_gcp_cyclenerd("instance_type,gpu_key,gpu_count,region,hour\nx,l4,one,r,1.0\n")
        .unwrap_err();
    assert!(
        matches!(err, IngestError::BadValue { line: 2, ref column, .. } if column == "gpu_count")
    );
}

#[test]
fn becloudready_inline_bases_and_errors() {
    let runpod = &BECLOUDREADY_FILES[0];
    let text = "provider,product,gpu_count,vram_gb,price_per_hour_usd\n\
                runpod,H200,,141.0,3.59\n\
                runpod,B200,2,180,4.99\n\
                runpod,X,,24,\n";
    let c = parse_becloudready(runpod, text).unwrap();
    assert_eq!(c.offers[0].on_demand_per_hour, Some(3.59));
    assert_eq!(c.offers[0].gpu_count, 1);
    assert_eq!(c.offers[1].on_demand_per_hour, Some(4.99 * 2.0));
    assert_eq!(c.skipped[0].1, 4);
    assert_eq!(c.skipped[0].2, "no on-demand price: empty (X)");
    let coreweave = BECLOUDREADY_FILES
        .iter()
        .find(|s| s.basis == PriceBasis::PerNodeHour)
        .unwrap();
    let text = "provider,product,gpu_count,vram_gb,price_per_hour_usd\n\
                coreweave,B200,8,180,68.8\n\
                coreweave,GB200,,186,42.0\n";
    let c = parse_becloudready(coreweave, text).unwrap();
    assert_eq!(
        (c.offers[0].on_demand_per_hour, c.offers[0].gpu_count),
        (Some(68.8), 8)
    );
    assert_eq!(c.skipped.len(), 1);
    let err = parse_becloudready(
        coreweave,
        "product,gpu_count,price_per_hour_usd\nB200,8,$68.80\n",
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "becloudready-coreweave-gpu-prices.csv:2: column `price_per_hour_usd`: \"$68.80\" is not a decimal number"
    );
}

#[test]
fn cn_inline_units_ranges_and_errors() {
    let header = "provider,instance_type,gpu_model,gpu_count,gpu_memory_gib,region,billing_mode,price,currency,unit,source_url,as_of,note\n";
    let text = format!(
        "{header}\
         AutoDL,,RTX 4090,2,24,CN,hourly,1.5,CNY,CNY per GPU-hour,u1,2026-06/07,LOW end of range\n\
         AutoDL,,RTX 4090,2,24,CN,hourly,2.5,CNY,CNY per GPU-hour,u1,2026-06/07,HIGH end of range\n\
         Alibaba Cloud,ecs.a,A100,8,40,cn,hourly,250,CNY,CNY per instance-hour,u2,2023-06,whole instance\n\
         Alibaba Cloud,ecs.a,A100,8,40,cn,monthly,9999,CNY,CNY per instance-month,u2,2023-06,\n\
         AutoDL,no-GPU,none,0,,CN,hourly,0.1,CNY,CNY per instance-hour,u3,2026-06-10,\n"
    );
    let cn = |text: &str| parse_cn_platform_offers(&[("cn.csv", text.to_string())]);
    let c = cn(&text).unwrap();
    assert_eq!(c.offers.len(), 3);
    assert_eq!(
        c.offers[0].id,
        "cn-offers-2026-06_07/autodl/rtx 4090 (range low)"
    );
    assert_eq!(c.offers[0].on_demand_per_hour, Some(3.0));
    assert_eq!(c.offers[1].on_demand_per_hour, Some(5.0));
    assert_eq!(c.offers[2].on_demand_per_hour, Some(250.0));
    assert_eq!(c.sources.len(), 2);
    // The monthly row joins the hourly offer of the same source; the no-GPU row is skipped.
    assert_eq!(monthly(&c.offers[2]), Some(9999.0));
    assert_eq!(c.skipped.len(), 1);
    let bad_unit =
        format!("{header}AutoDL,,RTX 4090,1,24,CN,hourly,1.5,CNY,CNY per day,u,2026-01-01,\n");
    let err = cn(&bad_unit).unwrap_err();
    assert!(matches!(err, IngestError::BadValue { line: 2, ref column, .. } if column == "unit"));
    let bad_date =
        format!("{header}AutoDL,,RTX 4090,1,24,CN,hourly,1.5,CNY,CNY per GPU-hour,u,soon,\n");
    let err = cn(&bad_date).unwrap_err();
    assert!(matches!(err, IngestError::BadValue { line: 2, ref column, .. } if column == "as_of"));
    let bad_price =
        format!("{header}AutoDL,,RTX 4090,1,24,CN,hourly,~2.5,CNY,CNY per GPU-hour,u,2026,\n");
    let err = cn(&bad_price).unwrap_err();
    assert!(matches!(err, IngestError::BadValue { line: 2, ref column, .. } if column == "price"));
}

#[test]
fn gpu_memory_parsers() {
    assert_eq!(
        gpu_memory_from_size_in_mib(
            "{'Gpus': [{'MemoryInfo': {'SizeInMiB': 16384}}], 'TotalGpuMemoryInMiB': 131072}"
        ),
        Some(16.0)
    );
    assert_eq!(
        gpu_memory_from_size_in_mib(r#"{"Gpus": [{"MemoryInfo": {"SizeInMiB": 81920}}]}"#),
        Some(80.0)
    );
    assert_eq!(gpu_memory_from_size_in_mib("{'SizeInMiB': 0}"), None);
    assert_eq!(gpu_memory_from_size_in_mib("H100"), None);
    assert_eq!(gpu_memory_from_free_text("T4 16GB"), Some(16.0));
    assert_eq!(gpu_memory_from_free_text("A100 80G 80GB"), Some(80.0));
    assert_eq!(gpu_memory_from_free_text("T4 x1, family GN7"), None);
    assert_eq!(gpu_memory_from_free_text("A30"), None);
}

#[test]
fn as_of_normalisation_and_slugs() {
    assert_eq!(
        normalise_as_of("2026-09-29"),
        Some(("2026-09-29".into(), true))
    );
    assert_eq!(normalise_as_of("2026-08"), Some(("2026-08".into(), false)));
    assert_eq!(
        normalise_as_of("2026-06/07"),
        Some(("2026-06".into(), false))
    );
    assert_eq!(normalise_as_of("2026"), Some(("2026-01".into(), false)));
    assert_eq!(normalise_as_of("2026-13"), None);
    assert_eq!(normalise_as_of("soon"), None);
    assert_eq!(slug("恒源云 (gpushare.com)"), "gpushare-com");
    assert_eq!(slug("Alibaba Cloud"), "alibaba-cloud");
    assert_eq!(slug("AutoDL"), "autodl");
}

#[test]
fn unknown_csv_file_is_an_error() {
    let tmp = std::env::temp_dir().join(format!("catalog-ingest-test-{}", std::process::id()));
    fs::create_dir_all(&tmp).unwrap();
    fs::write(tmp.join("mystery.csv"), "a\n1\n").unwrap();
    let err = ingest_all(&tmp).unwrap_err();
    fs::remove_dir_all(&tmp).unwrap();
    assert_eq!(
        err,
        IngestError::UnknownFile {
            file: "mystery.csv".into()
        }
    );
}
