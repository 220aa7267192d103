//! Every parser on the real recorded responses in `tests/fixtures/refresh/<provider>/` (each
//! folder's README.md or *.SOURCE.md says where each file comes from and how it was cut).
//! Expected values are read off the fixture files themselves.

use planner_refresh::error::{FetchError, ParseError, RefreshError};
use planner_refresh::fetch::{Recorded, Recorder, Request};
use planner_refresh::schema::{BillingMode, Payment, PriceUnit, Row};
use planner_refresh::tables::{self, Accelerators};
use planner_refresh::{
    aws, azure, coreweave, gcp, lambda, refresh, runpod, vast, Options, Origin, Provider, Skipped,
};
use std::collections::HashMap;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/refresh/");
const FETCHED_AT: &str = "2026-12-01T12:00:00Z";

fn fixture(path: &str) -> Vec<u8> {
    std::fs::read(format!("{FIXTURES}{path}")).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn origin<'a>(name: &'a str, url: &'a str) -> Origin<'a> {
    Origin {
        name,
        url,
        fetched_at: FETCHED_AT,
    }
}

fn find(rows: &[Row], pred: impl Fn(&Row) -> bool) -> Vec<&Row> {
    rows.iter().filter(|r| pred(r)).collect()
}

// ---------------------------------------------------------------- AWS Price List (EC2 CSV)

const PRICE_LIST: &str = "aws/price-list-ec2-20250912225308-sample.csv";
const PRICE_LIST_URL: &str =
    "https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/current/index.csv";

#[test]
fn aws_price_list_preamble_header_and_every_line() {
    let bytes = fixture(PRICE_LIST);
    let list = aws::price_list::read(&bytes, &origin(PRICE_LIST, PRICE_LIST_URL), &|_, _| true)
        .expect("parses");
    assert_eq!(list.preamble.publication_date, "2025-09-12T22:53:08Z");
    assert_eq!(list.preamble.version, "20250912225308");
    assert_eq!(list.preamble.offer_code, "AmazonEC2");
    assert_eq!(list.lines.len(), 44);
    let g5 = list
        .lines
        .iter()
        .find(|l| l.instance_type == "g5.48xlarge")
        .expect("the g5 line");
    assert_eq!(
        (g5.gpu.as_str(), g5.gpu_memory.as_str(), g5.vcpu.as_str()),
        ("8", "192 GB", "192")
    );
    assert_eq!(g5.market_option, "OnDemand");
    // Only accelerator types are kept when the caller asks for them: here, the g5 line.
    let keep = |ty: &str, gpu: &str| tables::aws().contains_key(ty) || !gpu.is_empty();
    let gpu_only =
        aws::price_list::read(&bytes, &origin(PRICE_LIST, PRICE_LIST_URL), &keep).unwrap();
    assert_eq!(gpu_only.lines.len(), 1);
}

#[test]
fn aws_price_list_planner_filter_keeps_no_line_of_this_sample() {
    // The sample has no Linux / Shared / Used / no-software line (see its SOURCE.md).
    let bytes = fixture(PRICE_LIST);
    let o = origin(PRICE_LIST, PRICE_LIST_URL);
    let list = aws::price_list::read(&bytes, &o, &|_, _| true).unwrap();
    let (rows, skipped) =
        aws::price_list::rows(&list, &o, &aws::price_list::PLANNER_FILTER, tables::aws());
    assert!(rows.is_empty(), "{rows:?}");
    assert_eq!(skipped.values().sum::<u64>(), 44, "{skipped:?}");
}

#[test]
fn aws_reserved_lines_pair_hourly_rate_and_upfront_fee() {
    // The same code with the attributes of the sample's reserved offer (Windows with SQL Web,
    // Dedicated, ap-northeast-1): 12 offer terms, each an hourly line and (for partial and all
    // upfront) a fee line, and the matching on-demand line.
    let bytes = fixture(PRICE_LIST);
    let o = origin(PRICE_LIST, PRICE_LIST_URL);
    let list = aws::price_list::read(&bytes, &o, &|_, _| true).unwrap();
    let filter = aws::price_list::Filter {
        operating_system: "Windows",
        tenancy: "Dedicated",
        capacity_status: "Used",
        pre_installed_sw: "SQL Web",
    };
    let (rows, _) = aws::price_list::rows(&list, &o, &filter, tables::aws());
    let reserved = find(&rows, |r| r.billing_mode == Some(BillingMode::Reserved));
    assert_eq!(reserved.len(), 12);
    let one = |term, pay, class: &str| {
        let found = find(&rows, |r| {
            r.term_months == Some(term) && r.payment == Some(pay) && r.note.starts_with(class)
        });
        assert_eq!(found.len(), 1, "{term} {pay:?} {class}");
        (found[0].price.clone(), found[0].upfront.clone())
    };
    assert_eq!(
        one(36, Payment::PartialUpfront, "standard"),
        ("0.1046300000".into(), "2750".into())
    );
    assert_eq!(
        one(12, Payment::AllUpfront, "standard"),
        ("0.0000000000".into(), "2033".into())
    );
    assert_eq!(
        one(12, Payment::NoUpfront, "standard"),
        ("0.2372200000".into(), String::new())
    );
    assert_eq!(
        one(36, Payment::AllUpfront, "convertible"),
        ("0.0000000000".into(), "5655".into())
    );
    let on_demand = find(&rows, |r| r.billing_mode == Some(BillingMode::OnDemand));
    assert_eq!(on_demand.len(), 1);
    let r = on_demand[0];
    assert_eq!(r.price, "0.2773000000");
    assert_eq!(
        (r.instance_type.as_str(), r.region.as_str()),
        ("c6i.large", "ap-northeast-1")
    );
    assert_eq!((r.vcpus.as_str(), r.ram_gib.as_str()), ("2", "4"));
    assert_eq!(r.price_unit, Some(PriceUnit::InstanceHour));
    assert_eq!(r.as_of, "2025-09-12T22:53:08Z");
    assert_eq!(
        r.source_ref,
        "https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/20250912225308/index.csv"
    );
}

#[test]
fn aws_gpu_line_takes_count_from_the_file_and_model_from_the_table() {
    let bytes = fixture(PRICE_LIST);
    let o = origin(PRICE_LIST, PRICE_LIST_URL);
    let list = aws::price_list::read(&bytes, &o, &|_, _| true).unwrap();
    let filter = aws::price_list::Filter {
        operating_system: "SUSE",
        tenancy: "Dedicated",
        capacity_status: "UnusedCapacityReservation",
        pre_installed_sw: "NA",
    };
    let (rows, _) = aws::price_list::rows(&list, &o, &filter, tables::aws());
    let g5 = find(&rows, |r| r.instance_type == "g5.48xlarge");
    assert_eq!(g5.len(), 1);
    assert_eq!(g5[0].price, "21.3026400000");
    assert_eq!(g5[0].gpu_count, "8");
    assert_eq!(g5[0].gpu_name, "A10G");
    assert_eq!(g5[0].ram_gib, "768");
    assert_eq!(g5[0].region, "ap-southeast-2");
}

#[test]
fn aws_price_list_rejects_other_files_with_the_place_at_fault() {
    let sp = fixture("aws/savings-plans-ap-east-2-20250911184447-sample.csv");
    let e = aws::price_list::read(&sp, &origin("sp.csv", ""), &|_, _| true).unwrap_err();
    assert_eq!(
        e,
        ParseError::MissingColumn {
            file: "sp.csv".into(),
            column: "OfferTermCode"
        }
    );
    let index = fixture("aws/savings-plans-region-index-20250911184447.json");
    let e = aws::price_list::read(&index, &origin("index.json", ""), &|_, _| true).unwrap_err();
    assert!(
        matches!(
            e,
            ParseError::Preamble {
                line: 1,
                expected: "FormatVersion",
                ..
            }
        ),
        "{e:?}"
    );
}

// ---------------------------------------------------------------- AWS Savings Plans

#[test]
fn aws_savings_plans_region_index_gives_each_region_csv() {
    let bytes = fixture("aws/savings-plans-region-index-20250911184447.json");
    let index = aws::savings_plans::read_region_index(&bytes, &origin("index.json", "")).unwrap();
    assert_eq!(index.publication_date, "2025-09-11T18:44:47Z");
    assert_eq!(index.regions.len(), 103);
    let (_, url) = index
        .regions
        .iter()
        .find(|(r, _)| r == "ap-east-2")
        .expect("ap-east-2");
    assert_eq!(
        url,
        "https://pricing.us-east-1.amazonaws.com/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/20250911184447/ap-east-2/index.csv"
    );
}

#[test]
fn aws_savings_plans_rates_keep_shared_linux_usage() {
    let name = "aws/savings-plans-ap-east-2-20250911184447-sample.csv";
    let bytes = fixture(name);
    let url = "https://pricing.us-east-1.amazonaws.com/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/20250911184447/ap-east-2/index.csv";
    // Every type: the two BoxUsage + RunInstances (Linux, shared) lines of the sample.
    let rows = aws::savings_plans::read_rates(&bytes, &origin(name, url), &|_| true, tables::aws())
        .unwrap();
    let got: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| (r.instance_type.as_str(), r.price.as_str()))
        .collect();
    assert_eq!(got, [("r7g.2xlarge", "0.1954"), ("r7g.12xlarge", "1.1721")]);
    let r = &rows[0];
    assert_eq!(r.billing_mode, Some(BillingMode::SavingsPlan));
    assert_eq!(
        (r.term_months, r.payment),
        (Some(36), Some(Payment::PartialUpfront))
    );
    assert_eq!(
        (r.region.as_str(), r.currency.as_str()),
        ("ap-east-2", "USD")
    );
    assert_eq!(r.as_of, "2025-09-11T18:44:47Z");
    assert!(r.note.starts_with("EC2InstanceSavingsPlans"), "{}", r.note);
    // Accelerator types only (the refresh's choice): none in this r7g sample.
    let gpu = aws::savings_plans::read_rates(
        &bytes,
        &origin(name, url),
        &|t| tables::aws().contains_key(t),
        tables::aws(),
    )
    .unwrap();
    assert!(gpu.is_empty());
}

// ---------------------------------------------------------------- AWS spot feed and advisor

#[test]
fn aws_spot_advisor_bands_and_savings() {
    let name = "aws/spot-advisor-data-2025-06-28-accelerator-subset.json";
    let advice = aws::spot::read_advisor(&fixture(name), &origin(name, "")).unwrap();
    let p5 = &advice[&("us-east-1".to_owned(), "p5.48xlarge".to_owned())];
    assert_eq!((p5.savings_percent, p5.interruption.as_str()), (52, ">20%"));
    let p5en = &advice[&("us-east-1".to_owned(), "p5en.48xlarge".to_owned())];
    assert_eq!(
        (p5en.savings_percent, p5en.interruption.as_str()),
        (64, "<5%")
    );
    assert_eq!(advice.len(), 64 + 33);
}

#[test]
fn aws_spot_feed_gives_one_row_per_region_and_gpu_size() {
    let name = "aws/spot-js-2021-04-06-gpu-sections.json";
    let keep =
        |ty: &str, section: &str| tables::aws().contains_key(ty) || section.starts_with("gpu");
    let rows = aws::spot::read_feed(
        &fixture(name),
        &origin(name, aws::SPOT_FEED_URL),
        &keep,
        tables::aws(),
        &HashMap::new(),
    )
    .unwrap();
    // 28 + 22 + 16 + 28 + 23 sizes with a Linux price in the five regions' GPU sections;
    // "N/A*" sizes and the us-east general-purpose section give none.
    assert_eq!(rows.len(), 117);
    assert!(rows
        .iter()
        .all(|r| r.billing_mode == Some(BillingMode::Spot)));
    assert!(!rows.iter().any(|r| r.instance_type.starts_with("a1.")));
    let g4dn = find(&rows, |r| {
        r.instance_type == "g4dn.xlarge" && r.region == "us-east"
    });
    assert_eq!(g4dn.len(), 1);
    assert_eq!(g4dn[0].price, "0.1578");
    assert_eq!(g4dn[0].gpu_name, "T4");
    assert_eq!(g4dn[0].as_of, FETCHED_AT);
    assert!(find(&rows, |r| r.instance_type == "g2.2xlarge"
        && r.region == "us-east-2")
    .is_empty());
}

// ---------------------------------------------------------------- Azure Retail Prices API

fn one_size(name: &str) -> HashMap<String, Accelerators> {
    HashMap::from([(name.to_owned(), Accelerators::default())])
}

#[test]
fn azure_page_envelope_consumption_and_term_total_reservations() {
    let name = "azure/retail-page-consumption-reservation-d8v4-westeurope.json";
    let o = origin(name, "https://prices.azure.com/api/retail/prices");
    let page = azure::read_page(&fixture(name), &o).unwrap();
    assert_eq!(page.items.len(), 3);
    assert_eq!(page.next_page_link, None);
    let mut skipped = Skipped::new();
    // Not a GPU size: nothing with the GPU table.
    assert!(azure::rows(&page.items, &o, tables::azure(), &mut skipped).is_empty());
    // With D8 v4 in the table, the same items give the three prices.
    let rows = azure::rows(&page.items, &o, &one_size("Standard_D8_v4"), &mut skipped);
    let got: Vec<_> = rows
        .iter()
        .map(|r| {
            (
                r.billing_mode,
                r.term_months,
                r.price.as_str(),
                r.price_unit,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (
                Some(BillingMode::Reserved),
                Some(12),
                "2377.0",
                Some(PriceUnit::TermTotal)
            ),
            (
                Some(BillingMode::OnDemand),
                None,
                "0.46",
                Some(PriceUnit::InstanceHour)
            ),
            (
                Some(BillingMode::Reserved),
                Some(36),
                "4594.0",
                Some(PriceUnit::TermTotal)
            ),
        ]
    );
    assert!(rows
        .iter()
        .all(|r| r.as_of == "2020-08-01T00:00:00Z" && r.region == "westeurope"));
}

#[test]
fn azure_gpu_items_on_demand_reservations_and_spot() {
    let name = "azure/retail-items-gpu-nc48ads-a100-v4-eastus2-reservations-and-nd96ams-spot-babajide.json";
    let o = origin(name, "");
    let items = azure::read_items(&fixture(name), &o).unwrap();
    let mut skipped = Skipped::new();
    let rows = azure::rows(&items, &o, tables::azure(), &mut skipped);
    assert_eq!(rows.len(), 4, "{rows:#?}");
    let nc: Vec<_> = find(&rows, |r| r.instance_type == "Standard_NC48ads_A100_v4");
    let modes: Vec<_> = nc
        .iter()
        .map(|r| (r.billing_mode, r.term_months, r.price.as_str()))
        .collect();
    assert_eq!(
        modes,
        [
            (Some(BillingMode::OnDemand), None, "7.346"),
            (Some(BillingMode::Reserved), Some(12), "42066.0"),
            (Some(BillingMode::Reserved), Some(36), "71642.0"),
        ]
    );
    assert_eq!(
        (nc[0].gpu_count.as_str(), nc[0].vcpus.as_str()),
        ("2", "48")
    );
    assert_eq!(nc[0].region, "eastus2");
    assert!(nc[1].note.starts_with("term total"), "{}", nc[1].note);
    let spot = find(&rows, |r| r.billing_mode == Some(BillingMode::Spot));
    assert_eq!(spot.len(), 1);
    assert_eq!(spot[0].instance_type, "Standard_ND96ams_A100_v4");
    assert_eq!(spot[0].price, "15.83894");
    assert_eq!(spot[0].region, "switzerlandwest");
    assert!(spot[0]
        .note
        .contains("price effective until 2026-08-31T23:59:00Z"));
}

#[test]
fn azure_reservation_items_of_another_mirror() {
    let name = "azure/retail-items-reservation-m8ms-eastus-holgerjs.json";
    let o = origin(name, "");
    let items = azure::read_items(&fixture(name), &o).unwrap();
    let rows = azure::rows(&items, &o, &one_size("Standard_M8ms"), &mut Skipped::new());
    let got: Vec<_> = rows
        .iter()
        .map(|r| (r.term_months, r.price.as_str()))
        .collect();
    assert_eq!(got, [(Some(36), "11297.0"), (Some(12), "7740.0")]);
}

#[test]
fn azure_request_and_paging_over_recorded_pages() {
    let first = azure::first_request("westeurope");
    assert_eq!(
        first.url,
        "https://prices.azure.com/api/retail/prices?api-version=2023-01-01-preview&$filter=serviceName%20eq%20%27Virtual%20Machines%27%20and%20armRegionName%20eq%20%27westeurope%27"
    );
    assert_eq!(first.save_as, "retail-prices-westeurope-page-1.json");
    // Page 1 is the recorded page with its NextPageLink pointed, in this test, at a second URL
    // (the recorded page is a last page: its link is null); page 2 is the recorded page as is.
    let page = fixture("azure/retail-page-consumption-reservation-d8v4-westeurope.json");
    let next = "https://prices.azure.com:443/api/retail/prices?$filter=x&$skip=1000";
    let mut linked: serde_json::Value = serde_json::from_slice(&page).unwrap();
    linked["NextPageLink"] = next.into();
    let mut recorded = Recorded::default();
    recorded
        .by_url
        .insert(first.url.clone(), linked.to_string().into_bytes());
    recorded.by_url.insert(next.into(), page.clone());
    let mut recorder = Recorder::new(&mut recorded);
    let mut skipped = Skipped::new();
    let rows = azure::refresh(
        &mut recorder,
        &["westeurope".into()],
        FETCHED_AT,
        &mut skipped,
    )
    .unwrap();
    assert!(rows.is_empty(), "D8 v4 is not a GPU size");
    let names: Vec<_> = recorder
        .records
        .iter()
        .map(|r| r.request.save_as.as_str())
        .collect();
    assert_eq!(
        names,
        [
            "retail-prices-westeurope-page-1.json",
            "retail-prices-westeurope-page-2.json"
        ]
    );
    assert_eq!(recorder.records[1].request.url, next);
    assert_eq!(recorder.records[1].bytes, page.len());

    // A page that links to itself stops with an error after MAX_PAGES, not forever.
    let mut looping: serde_json::Value = serde_json::from_slice(&page).unwrap();
    looping["NextPageLink"] = first.url.clone().into();
    let mut recorded = Recorded::default();
    recorded
        .by_url
        .insert(first.url.clone(), looping.to_string().into_bytes());
    let mut recorder = Recorder::new(&mut recorded);
    let e = azure::refresh(
        &mut recorder,
        &["westeurope".into()],
        FETCHED_AT,
        &mut skipped,
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            RefreshError::Fetch(FetchError::TooManyPages {
                limit: azure::MAX_PAGES,
                ..
            })
        ),
        "{e:?}"
    );
    assert_eq!(recorder.records.len(), azure::MAX_PAGES);
}

// ---------------------------------------------------------------- Google Cloud (Cyclenerd)

#[test]
fn gcp_pricing_yml_on_demand_spot_and_committed_use() {
    let name = "gcp/cyclenerd-pricing-head-a2-highgpu-1g.yml";
    let rows = gcp::read(&fixture(name), &origin(name, gcp::PRICING_YML_URL)).unwrap();
    assert_eq!(rows.len(), 39 * 4);
    let africa: Vec<_> = find(&rows, |r| r.region == "africa-south1")
        .into_iter()
        .map(|r| {
            (
                r.billing_mode,
                r.term_months,
                r.price.as_str(),
                r.price_unit,
            )
        })
        .collect();
    assert_eq!(
        africa,
        [
            (
                Some(BillingMode::Spot),
                None,
                "0.65224",
                Some(PriceUnit::InstanceHour)
            ),
            (
                Some(BillingMode::OnDemand),
                None,
                "4.80478794",
                Some(PriceUnit::InstanceHour)
            ),
            (
                Some(BillingMode::CommittedUse),
                Some(12),
                "2209.6977798",
                Some(PriceUnit::InstanceMonth)
            ),
            (
                Some(BillingMode::CommittedUse),
                Some(36),
                "1227.64575595",
                Some(PriceUnit::InstanceMonth)
            ),
        ]
    );
    let r = &rows[0];
    assert_eq!(
        (
            r.instance_type.as_str(),
            r.gpu_name.as_str(),
            r.gpu_count.as_str()
        ),
        ("a2-highgpu-1g", "a100", "1")
    );
    assert_eq!((r.vcpus.as_str(), r.ram_gib.as_str()), ("12", "85"));
    // The file's own generation time (about.timestamp 1785391997).
    assert_eq!(r.as_of, "2026-07-30T06:13:17Z");
}

#[test]
fn gcp_a3_high_below_8_gpus_is_spot_only_and_n1_hosts_have_no_gpu() {
    let name = "gcp/cyclenerd-pricing-a3-highgpu-1g.yml";
    let rows = gcp::read(&fixture(name), &origin(name, gcp::PRICING_YML_URL)).unwrap();
    assert_eq!(rows.len(), 40);
    assert!(rows
        .iter()
        .all(|r| r.billing_mode == Some(BillingMode::Spot)));
    assert!(rows[0].note.contains("Flex-start"));
    assert_eq!(rows[0].gpu_memory_gib, "80");
    // No `about:` in this excerpt: the fetch time stands in.
    assert_eq!(rows[0].as_of, FETCHED_AT);
    let tokyo = find(&rows, |r| r.region == "asia-northeast1");
    assert_eq!(tokyo[0].price, "3.2387535890411");
    let name = "gcp/cyclenerd-pricing-n1-standard-4.yml";
    assert!(gcp::read(&fixture(name), &origin(name, ""))
        .unwrap()
        .is_empty());
    let e = gcp::read(b"compute: [1, 2]", &origin("bad.yml", "")).unwrap_err();
    assert!(matches!(e, ParseError::Yaml { .. }), "{e:?}");
}

// ---------------------------------------------------------------- Lambda

#[test]
fn lambda_instance_types_per_region_with_capacity() {
    let name = "lambda/instance-types-trimmed-2026-07-30.json";
    let rows = lambda::read(&fixture(name), &origin(name, lambda::URL)).unwrap();
    assert_eq!(rows.len(), 7);
    let a10 = find(&rows, |r| r.instance_type == "gpu_1x_a10");
    let regions: Vec<_> = a10.iter().map(|r| r.region.as_str()).collect();
    assert_eq!(regions, ["us-east-1", "us-west-1"]);
    assert_eq!(a10[0].price, "1.29");
    let a6000 = find(&rows, |r| r.instance_type == "gpu_1x_a6000");
    assert_eq!(a6000[0].region, "");
    assert!(a6000[0].note.contains("no region had capacity"));
    let eight = find(&rows, |r| r.instance_type == "gpu_8x_a100");
    assert_eq!(
        (
            eight[0].price.as_str(),
            eight[0].gpu_count.as_str(),
            eight[0].gpu_name.as_str()
        ),
        ("15.92", "8", "a100")
    );
    assert_eq!(lambda::dollars(5), "0.05");
    assert_eq!(lambda::request().bearer_env, Some("LAMBDA_API_KEY"));
    let e = lambda::read(
        br#"{"error": {"code": "global/invalid-api-key", "message": "API key was invalid"}}"#,
        &origin("e.json", ""),
    )
    .unwrap_err();
    assert!(matches!(e, ParseError::Service { .. }), "{e:?}");
}

// ---------------------------------------------------------------- RunPod

#[test]
fn runpod_gpu_type_prices_per_gpu_hour() {
    let name = "runpod/get-gpu-docs-example.json";
    let gpu: runpod::GpuType = serde_json::from_slice(&fixture(name)).unwrap();
    let rows = runpod::rows(&gpu, &origin(name, runpod::URL));
    let got: Vec<_> = rows
        .iter()
        .map(|r| (r.billing_mode, r.price.as_str(), r.note.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            (
                Some(BillingMode::OnDemand),
                "1.89",
                "Secure Cloud; up to 8 GPUs per pod"
            ),
            (
                Some(BillingMode::OnDemand),
                "1.59",
                "Community Cloud; up to 8 GPUs per pod"
            ),
            (
                Some(BillingMode::Bid),
                "0.89",
                "Community Cloud interruptible, minimum bid; up to 8 GPUs per pod"
            ),
        ]
    );
    assert!(rows
        .iter()
        .all(|r| r.price_unit == Some(PriceUnit::GpuHour)));
    assert_eq!(rows[0].gpu_memory_gib, "80");
    assert_eq!(rows[0].instance_type, "NVIDIA A100 80GB PCIe");
    let body: serde_json::Value =
        serde_json::from_str(runpod::request().body.as_deref().unwrap()).unwrap();
    assert!(body["query"].as_str().unwrap().contains("gpuTypes"));
    // The GraphQL envelope is composed here around the recorded element (no whole recorded
    // response exists): `read` finds the same rows in it.
    let element: serde_json::Value = serde_json::from_slice(&fixture(name)).unwrap();
    let envelope = serde_json::json!({ "data": { "gpuTypes": [element] } }).to_string();
    let from_envelope = runpod::read(envelope.as_bytes(), &origin(name, runpod::URL)).unwrap();
    assert_eq!(from_envelope, rows);
    let e = runpod::read(
        br#"{"errors": [{"message": "unauthorized"}]}"#,
        &origin("e.json", ""),
    )
    .unwrap_err();
    assert_eq!(
        e,
        ParseError::Service {
            file: "e.json".into(),
            message: "unauthorized".into()
        }
    );
}

// ---------------------------------------------------------------- Vast.ai

#[test]
fn vast_offer_on_demand_and_bid_with_storage_and_transfer() {
    let name = "vast/bundles-offer-2022-11-04.json";
    let offer: vast::Offer = serde_json::from_slice(&fixture(name)).unwrap();
    let rows = vast::rows(&offer, &origin(name, vast::URL));
    let got: Vec<_> = rows
        .iter()
        .map(|r| (r.billing_mode, r.price.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            (Some(BillingMode::OnDemand), "0.32"),
            (Some(BillingMode::Bid), "0.1438056")
        ]
    );
    let r = &rows[0];
    assert_eq!(
        (
            r.instance_type.as_str(),
            r.gpu_memory_gib.as_str(),
            r.region.as_str()
        ),
        ("1x RTX 3090", "24", "Norway")
    );
    assert!(
        r.note.contains("storage 0.2 USD per GB-month"),
        "{}",
        r.note
    );
    assert!(
        r.note.contains("upload 0.03 / download 0.03 USD per GB"),
        "{}",
        r.note
    );
    // The bundles envelope composed around the recorded offer (no whole response recorded).
    let element = String::from_utf8(fixture(name)).unwrap();
    let envelope = format!("{{\"offers\": [{element}]}}");
    let from_envelope = vast::read(envelope.as_bytes(), &origin(name, vast::URL)).unwrap();
    assert_eq!(from_envelope, rows);
    let body: serde_json::Value =
        serde_json::from_str(vast::request().body.as_deref().unwrap()).unwrap();
    assert_eq!(body["rentable"]["eq"], true);
    assert_eq!(body["type"], "on-demand");
}

// ---------------------------------------------------------------- CoreWeave pricing page

#[test]
fn coreweave_rows_of_the_pricing_page() {
    let read = |file: &str| {
        let name = format!("coreweave/{file}");
        let html = String::from_utf8(fixture(&name)).unwrap();
        coreweave::read(&html, &origin(&name, coreweave::URL)).unwrap()
    };
    let a100 = read("pricing-a100-row.opencomputeprices-test.html");
    assert_eq!(a100.len(), 1);
    let r = &a100[0];
    assert_eq!(
        (
            r.gpu_name.as_str(),
            r.gpu_count.as_str(),
            r.gpu_memory_gib.as_str(),
            r.vcpus.as_str(),
            r.ram_gib.as_str(),
            r.price.as_str()
        ),
        ("A100", "8", "80", "128", "2048", "21.60")
    );
    let gb200 = read("pricing-gb200-nvl72-row.opencomputeprices-test.html");
    assert_eq!(
        (gb200[0].gpu_count.as_str(), gb200[0].price.as_str()),
        ("4", "42.00")
    );
    assert!(gb200[0].note.contains("footnote"));
    let h100 = read("pricing-hgx-h100-row.opencomputeprices-test.html");
    assert_eq!(h100.len(), 1, "the mobile repeat is not a second row");
    assert_eq!(
        (h100[0].gpu_name.as_str(), h100[0].price.as_str()),
        ("H100", "49.24")
    );
    let e = coreweave::read(
        r#"<div class="table-row-v2"><div class="table-grid"><div class="table-v2-cell table-v2-cell--name"><h3 class="table-model-name">X</h3></div><div class="table-v2-cell">8</div></div></div>"#,
        &origin("changed.html", ""),
    )
    .unwrap_err();
    assert!(
        matches!(e, ParseError::BadValue { field: "cells", .. }),
        "{e:?}"
    );
}

// ---------------------------------------------------------------- the whole refresh

#[test]
fn terms_restricted_providers_need_acceptance_before_any_request() {
    let mut recorded = Recorded::default();
    let options = Options {
        fetched_at: FETCHED_AT.into(),
        ..Options::default()
    };
    for p in [Provider::Vast, Provider::RunPod] {
        let e = refresh(p, &mut recorded, &options).unwrap_err();
        assert!(matches!(e, RefreshError::TermsNotAccepted { .. }), "{e:?}");
    }
    assert!(recorded.asked.is_empty());
    assert!(Provider::ALL
        .iter()
        .filter(|p| p.by_default())
        .all(|p| !p.terms_restrict()));
}

#[test]
fn refresh_of_a_provider_records_each_response_and_sorts_rows() {
    let name = "lambda/instance-types-trimmed-2026-07-30.json";
    let body = fixture(name);
    let mut recorded = Recorded::default();
    recorded.by_url.insert(lambda::URL.into(), body.clone());
    let options = Options {
        fetched_at: FETCHED_AT.into(),
        ..Options::default()
    };
    let outcome = refresh(Provider::Lambda, &mut recorded, &options).unwrap();
    assert_eq!(outcome.rows.len(), 7);
    let keys: Vec<_> = outcome
        .rows
        .iter()
        .map(|r| r.instance_type.clone())
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
    assert_eq!(outcome.responses.len(), 1);
    assert_eq!(outcome.responses[0].bytes, body.len());
    let provenance = serde_json::to_value(outcome.provenance("network")).unwrap();
    assert_eq!(provenance["rows"], 7);
    assert_eq!(provenance["rows_by_billing_mode"]["on_demand"], 7);
    assert_eq!(provenance["responses"][0]["url"], lambda::URL);
    assert_eq!(provenance["responses"][0]["bearer_env"], "LAMBDA_API_KEY");
    // A response without a single GPU price is an error, not an empty file.
    let mut recorded = Recorded::default();
    recorded
        .by_url
        .insert(lambda::URL.into(), br#"{"data": {}}"#.to_vec());
    let e = refresh(Provider::Lambda, &mut recorded, &options).unwrap_err();
    assert_eq!(
        e,
        RefreshError::NoRows {
            provider: "Lambda",
            responses: 1
        }
    );
    assert_eq!(
        Request::get("u", "s").save_as,
        "s",
        "requests carry their saved name"
    );
}
