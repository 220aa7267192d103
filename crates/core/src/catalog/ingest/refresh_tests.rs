//! Tests of the refresh schema's parser: inline rows for every unit, mode and error, the
//! hand-derived fixture, and the refresh command's real output ingested with the committed
//! sources (crates/core/tests/fixtures/refresh/README.md says what each fixture is).

use super::*;
use std::path::PathBuf;

const HEADER: &str = "provider,instance_type,gpu_name,gpu_count,gpu_memory_gib,vcpus,ram_gib,region,zone,billing_mode,term_months,payment,price,upfront,currency,price_unit,as_of,source,source_ref,note\n";

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/refresh")
}

fn parse(rows: &str) -> Result<(Catalog, RefreshOverlay), IngestError> {
    parse_refresh("refresh-test.csv", &format!("{HEADER}{rows}"))
}

fn only(c: &Catalog) -> &OfferRecord {
    assert_eq!(c.offers.len(), 1, "{:?}", c.offers);
    &c.offers[0]
}

#[test]
fn units_become_hourly_prices_and_terms() {
    // Per GPU-hour × count; a monthly on-demand price ÷ 730.
    let (c, _) = parse(
        "Lambda,gpu_8x_h100_sxm5,h100,8,80,,,us-east-1,,on_demand,,,2.99,,USD,gpu_hour,2026-12-01T12:00:00Z,lambda-api,https://x,\n\
         Lambda,gpu_8x_h100_sxm5,h100,8,80,,,us-west-1,,on_demand,,,2190,,USD,gpu_month,2026-12-01,lambda-api,https://x,\n",
    )
    .unwrap();
    let o = only(&c);
    assert_eq!(o.id, "refresh-lambda/gpu_8x_h100_sxm5");
    assert_eq!(o.on_demand_per_hour, Some(2.99 * 8.0));
    assert_eq!(o.on_demand_spread.map(|s| s.2), Some(2190.0 * 8.0 / 730.0));
    assert_eq!((o.gpu_count, o.count_stated), (8, true));
    assert_eq!(c.sources[o.source].id, "refresh-lambda-api-2026-12-01");
    assert!(c.sources[o.source].as_of_exact);
    // Committed use per month ÷ 730, a reserved term total paid upfront, a no-upfront term
    // total spread over the term's hours, a 1-week savings plan from the note, a package per
    // day.
    let (c, _) = parse(
        "Google Cloud,a2-highgpu-1g,a100,1,40,12,85,us-central1,,on_demand,,,3.67,,USD,instance_hour,2026-07-30,gcp,https://x,\n\
         Google Cloud,a2-highgpu-1g,a100,1,40,12,85,us-central1,,committed_use,12,,1679.0,,USD,instance_month,2026-07-30,gcp,https://x,resource-based\n\
         Google Cloud,a2-highgpu-1g,a100,1,40,12,85,us-central1,,reserved,36,,52560,,USD,term_total,2026-07-30,gcp,https://x,\n\
         Google Cloud,a2-highgpu-1g,a100,1,40,12,85,us-central1,,reserved,12,no_upfront,17520,,USD,term_total,2026-07-30,gcp,https://x,\n\
         Google Cloud,a2-highgpu-1g,a100,1,40,12,85,us-central1,,savings_plan,,,2.5,,USD,instance_hour,2026-07-30,gcp,https://x,1-week term\n\
         Google Cloud,a2-highgpu-1g,a100,1,40,12,85,us-central1,,package,,,60,,USD,instance_day,2026-07-30,gcp,https://x,\n\
         Google Cloud,a2-highgpu-1g,a100,1,40,12,85,us-central1,,bid,,,1.1,,USD,instance_hour,2026-07-30,gcp,https://x,\n",
    )
    .unwrap();
    let o = only(&c);
    let term = |mode: &str, months: u32, days: u32| {
        o.terms
            .iter()
            .find(|t| t.mode == mode && t.term_months == months && t.term_days == days)
            .unwrap_or_else(|| panic!("{mode} {months}m {days}d in {:?}", o.terms))
    };
    let cud = term("committed_use", 12, 0);
    assert_eq!((cud.basis, cud.price), ("recurring", 1679.0 / 730.0));
    let ri3 = term("reserved", 36, 0);
    assert_eq!(
        (ri3.payment, ri3.basis, ri3.upfront, ri3.price),
        (Some("all upfront"), "recurring", 52560.0, 0.0)
    );
    let ri1 = term("reserved", 12, 0);
    assert_eq!(
        (ri1.payment, ri1.price),
        (Some("no upfront"), 17520.0 / 8760.0)
    );
    assert_eq!(term("savings_plan", 0, 7).price, 2.5);
    let package = term("package", 0, 1);
    assert_eq!((package.basis, package.price), ("per period", 60.0));
    assert_eq!(term("bid", 0, 0).price, 1.1);
    assert!(o.terms.iter().all(|t| t.region == "us-central1"));
}

#[test]
fn rows_that_cannot_be_priced_are_skipped_with_a_reason() {
    let (c, overlay) = parse(
        "Azure,Standard_NV6ads_A10_v5,A10,1/6,,6,55,eastus,,on_demand,,,0.45,,USD,instance_hour,2026-12-01,az,https://x,\n\
         Vast.ai,4090,RTX 4090,,24,,,us,machine 1,on_demand,,,0.3,,USD,gpu_hour,2026-12-01,vast,https://x,\n\
         Lambda,gpu_1x_a10,a10,1,,,,us-east-1,,on_demand,,,,,USD,instance_hour,2026-12-01,l,https://x,\n\
         Lambda,gpu_1x_a10,a10,1,,,,us-east-1,,on_demand,,,1.1,,EUR,instance_hour,2026-12-01,l,https://x,\n\
         Lambda,gpu_1x_a10,a10,1,,,,us-east-1,,reserved,,,1.0,,USD,instance_hour,2026-12-01,l,https://x,\n",
    )
    .unwrap();
    assert!(c.offers.is_empty() && overlay.offers.is_empty());
    let reasons: Vec<&str> = c.skipped.iter().map(|(_, _, r)| r.as_str()).collect();
    assert_eq!(reasons.len(), 5, "{reasons:?}");
    assert!(reasons[0].starts_with("fractional or zero GPU count: 1/6"));
    assert!(reasons[1].starts_with("per-GPU price without a GPU count"));
    assert!(reasons[2].starts_with("no price"));
    assert!(reasons[3].starts_with("currency \"EUR\""));
    assert!(reasons[4].starts_with("reserved price without a term"));
    assert_eq!(c.skipped[0].1, 2);
}

#[test]
fn spot_or_term_rows_alone_are_an_overlay_and_aws_china_is_its_own_provider() {
    let (c, overlay) = parse(
        "AWS,g4dn.xlarge,,,,,,us-east,,spot,,,0.2,,USD,instance_hour,2026-12-01T12:00:00Z,aws-spot-feed,https://x,\n\
         AWS,g4dn.xlarge,T4,1,16,4,16,cn-north-1,,on_demand,,,3.9,,CNY,instance_hour,2026-12-01,aws-price-list,https://x,\n",
    )
    .unwrap();
    let o = only(&c);
    assert_eq!(
        (o.provider.as_str(), o.id.as_str(), o.currency),
        ("AWS China", "refresh-aws-china/g4dn.xlarge", "CNY")
    );
    assert_eq!(overlay.offers.len(), 1);
    assert_eq!(overlay.offers[0].spot_per_hour, Some(0.2));
    assert_eq!(overlay.offers[0].on_demand_per_hour, None);
    assert_eq!(overlay.lines, vec![("refresh-test.csv".to_string(), 2)]);
}

#[test]
fn malformed_refresh_rows_are_errors_naming_file_line_and_column() {
    let row = |mode: &str, unit: &str, payment: &str, as_of: &str, price: &str| {
        format!("Lambda,gpu_1x_a10,a10,1,,,,us-east-1,,{mode},,{payment},{price},,USD,{unit},{as_of},l,https://x,\n")
    };
    let bad = |rows: String, column: &str, value: &str| match parse(&rows) {
        Err(IngestError::BadValue {
            file,
            line,
            column: c,
            value: v,
            ..
        }) => assert_eq!(
            (file.as_str(), line, c.as_str(), v.as_str()),
            ("refresh-test.csv", 2, column, value)
        ),
        other => panic!("{column}: {other:?}"),
    };
    bad(
        row("hourly", "instance_hour", "", "", "1"),
        "billing_mode",
        "hourly",
    );
    bad(
        row("on_demand", "per_hour", "", "", "1"),
        "price_unit",
        "per_hour",
    );
    bad(
        row("on_demand", "instance_hour", "upfront", "", "1"),
        "payment",
        "upfront",
    );
    bad(
        row("on_demand", "instance_hour", "", "yesterday", "1"),
        "as_of",
        "yesterday",
    );
    bad(
        row("on_demand", "instance_hour", "", "", "one"),
        "price",
        "one",
    );
    let missing = parse_refresh("refresh-x.csv", "provider,instance_type\nA,b\n").unwrap_err();
    assert_eq!(
        missing,
        IngestError::MissingColumn {
            file: "refresh-x.csv".into(),
            column: "gpu_name".into()
        }
    );
    // An empty as_of is "not stated": the source's date is unknown.
    let (c, _) = parse(&row("on_demand", "instance_hour", "", "", "1")).unwrap();
    assert_eq!(c.sources[0].as_of, DATE_UNKNOWN);
}

#[test]
fn the_hand_derived_fixture_parses_as_the_source_rows_say() {
    let file = "refresh-aws.csv";
    let text = fs::read_to_string(fixtures().join("hand-derived").join(file)).unwrap();
    let (c, overlay) = parse_refresh(file, &text).unwrap();
    assert!(c.skipped.is_empty(), "{:?}", c.skipped);
    assert_eq!(c.offers.len(), 2);
    let g6 = c
        .offers
        .iter()
        .find(|o| o.id == "refresh-aws/g6.xlarge")
        .unwrap();
    // The cheaper region heads the offer; its spot and its region's RI go with it.
    assert_eq!(
        (g6.region.as_str(), g6.on_demand_per_hour, g6.spot_per_hour),
        ("us-east-1", Some(0.8048), Some(0.347))
    );
    assert_eq!(g6.regions, vec!["ap-northeast-1", "us-east-1"]);
    assert_eq!(g6.terms.len(), 1);
    let ri = &g6.terms[0];
    assert_eq!(
        (
            ri.mode,
            ri.term_months,
            ri.payment,
            ri.price,
            ri.region.as_str()
        ),
        ("reserved", 12, Some("no upfront"), 0.52392, "us-east-1")
    );
    assert_eq!(c.sources[ri.source].as_of, "2026-01-21");
    assert_eq!(c.sources[g6.source].as_of, DATE_UNKNOWN);
    assert_eq!((g6.gpu_model.as_str(), g6.gpu_count), ("L4", 1));
    let g6_12 = c
        .offers
        .iter()
        .find(|o| o.id == "refresh-aws/g6.12xlarge")
        .unwrap();
    assert_eq!((g6_12.gpu_count, g6_12.vcpus), (4, Some(48.0)));
    // g5.xlarge has a spot price and an RI but no on-demand row: an overlay.
    assert_eq!(overlay.offers.len(), 1);
    let g5 = &overlay.offers[0];
    assert_eq!(
        (g5.instance_type.as_str(), g5.spot_per_hour),
        ("g5.xlarge", Some(0.5232))
    );
    assert_eq!(g5.terms.len(), 1);
}

/// A copy of `data/` with `extra` refresh files added to `catalog-sources/`, ingested.
fn ingest_with(name: &str, extra: &[PathBuf]) -> Catalog {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data");
    let tmp = std::env::temp_dir().join(format!("catalog-refresh-{name}-{}", std::process::id()));
    let sources = tmp.join("catalog-sources");
    fs::create_dir_all(&sources).unwrap();
    fs::copy(data.join("gpu-specs.csv"), tmp.join("gpu-specs.csv")).unwrap();
    for entry in fs::read_dir(data.join("catalog-sources")).unwrap() {
        let path = entry.unwrap().path();
        fs::copy(&path, sources.join(path.file_name().unwrap())).unwrap();
    }
    for f in extra {
        fs::copy(f, sources.join(f.file_name().unwrap())).unwrap();
    }
    let c = ingest_all(&sources);
    fs::remove_dir_all(&tmp).unwrap();
    c.unwrap_or_else(|e| panic!("ingest failed: {e}"))
}

fn find<'a>(c: &'a Catalog, id: &str) -> Option<&'a OfferRecord> {
    c.offers.iter().find(|o| o.id == id)
}

fn superseded_by<'a>(c: &'a Catalog, old: &str) -> Option<&'a str> {
    c.superseded
        .iter()
        .find(|(o, _)| o == old)
        .map(|(_, n)| n.as_str())
}

#[test]
fn the_hand_derived_fixture_with_the_committed_sources() {
    let base = ingest_with("base", &[]);
    let c = ingest_with("hand", &[fixtures().join("hand-derived/refresh-aws.csv")]);
    // Same data, date unknown on both sides: the committed source stays (the earlier offer),
    // and the refresh offer opens it.
    let g6 = find(&c, "skypilot-aws/g6.xlarge").expect("committed g6.xlarge stays");
    assert_eq!(
        superseded_by(&c, "refresh-aws/g6.xlarge"),
        Some("skypilot-aws/g6.xlarge")
    );
    assert_eq!(g6, find(&base, "skypilot-aws/g6.xlarge").unwrap());
    // The spot-only g5.xlarge rows: same date (unknown) as the offer's spot, not newer: the
    // offer keeps its own; the RI (2026-01-21, as the offer's) is not newer either.
    let g5 = find(&c, "skypilot-aws/g5.xlarge").unwrap();
    assert_eq!(g5, find(&base, "skypilot-aws/g5.xlarge").unwrap());
    // Nothing else moved.
    assert_eq!(c.offers.len(), base.offers.len());
}

#[test]
fn the_refresh_commands_output_with_the_committed_sources() {
    let dir = fixtures().join("output-e82fe00");
    let files: Vec<PathBuf> = ["aws", "azure", "gcp", "lambda", "coreweave"]
        .iter()
        .map(|p| dir.join(format!("refresh-{p}.csv")))
        .collect();
    let c = ingest_with("output", &files);
    // Lambda, fetched 2026-12-01: the newest source of gpu_1x_a10; the older ids open it.
    let a10 = find(&c, "refresh-lambda/gpu_1x_a10").expect("refreshed Lambda A10");
    assert_eq!(a10.on_demand_per_hour, Some(1.29));
    assert_eq!(a10.gpu_model, "A10");
    assert_eq!(a10.gpu_memory_gib, Some(24.0));
    assert_eq!(c.sources[a10.source].as_of, "2026-12-01");
    assert!(a10.note.contains("billed per minute"), "{}", a10.note);
    assert_eq!(
        superseded_by(&c, "skypilot-lambda/gpu_1x_a10"),
        Some("refresh-lambda/gpu_1x_a10")
    );
    // CoreWeave's HGX H100 node, 8 × H100 SXM (the form its other sources state).
    let cw = find(&c, "refresh-coreweave/nvidia hgx h100").expect("CoreWeave HGX H100");
    assert_eq!((cw.gpu_count, cw.gpu_model.as_str()), (8, "H100 80GB SXM"));
    assert_eq!(cw.on_demand_per_hour, Some(49.24));
    // Google Cloud: the refresh (2026-07-30) has the date of the committed file: it stays.
    assert_eq!(
        superseded_by(&c, "refresh-google-cloud/a2-highgpu-1g"),
        Some("gcp-cyclenerd/a2-highgpu-1g")
    );
    // Azure eastus2 on-demand of 2022-06-01 is older than the committed 2026 data.
    assert_eq!(
        superseded_by(&c, "refresh-azure/standard_nc48ads_a100_v4"),
        Some("azure/standard_nc48ads_a100_v4")
    );
    // The 2021 spot feed (fetched 2026-12-01) of types no source prices on demand: skipped.
    assert!(c
        .skipped
        .iter()
        .any(|(f, _, r)| f == "refresh-aws.csv"
            && r.starts_with("no on-demand price: AWS g2.2xlarge")));
    // Every source left is used, and every offer is well formed.
    for (i, s) in c.sources.iter().enumerate() {
        assert!(
            c.offers.iter().any(|o| o.source == i
                || o.spot_source == Some(i)
                || o.terms.iter().any(|t| t.source == i)),
            "{} unused",
            s.id
        );
    }
    for o in &c.offers {
        assert!(o.gpu_count >= 1 && !o.gpu_model.is_empty(), "{}", o.id);
        if let (Some(s), Some(p)) = (o.spot_per_hour, o.on_demand_per_hour) {
            assert!(s < p, "{}", o.id);
        }
    }
}
