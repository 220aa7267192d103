//! AWS: the requests of a refresh and the order they run in. On-demand and Reserved Instance
//! prices from the EC2 Price List bulk CSV of each region; Savings Plans rates from the Compute
//! Savings Plan offer's region index and per-region CSV; spot prices from the public spot feed
//! with the Spot Instance Advisor's interruption bands. All credential-free and published for
//! programmatic use (docs/catalog-refresh.md, "Providers").

pub mod price_list;
pub mod savings_plans;
pub mod spot;

use crate::error::RefreshError;
use crate::fetch::{Recorder, Request};
use crate::schema::Row;
use crate::{tables, Origin, Skipped};
use savings_plans::PRICING_HOST;

/// Regions fetched when `--region` is not given: the US, European and Asian regions where AWS
/// sells most GPU types. Each region's EC2 price list is large (us-east-1: about 300 MB).
pub const DEFAULT_REGIONS: [&str; 6] = [
    "us-east-1",
    "us-east-2",
    "us-west-2",
    "eu-west-1",
    "eu-central-1",
    "ap-northeast-1",
];

/// The public spot price feed.
pub const SPOT_FEED_URL: &str = "https://website.spot.ec2.aws.a2z.com/spot.json";
/// The Spot Instance Advisor feed.
pub const SPOT_ADVISOR_URL: &str =
    "https://spot-bid-advisor.s3.amazonaws.com/spot-advisor-data.json";

/// The EC2 price list of `region` (current version).
#[must_use]
pub fn price_list_request(region: &str) -> Request {
    Request::get(
        format!("{PRICING_HOST}/offers/v1.0/aws/AmazonEC2/current/{region}/index.csv"),
        format!("price-list-{region}.csv"),
    )
}

/// The Compute Savings Plan offer's region index (current version).
#[must_use]
pub fn savings_plans_index_request() -> Request {
    Request::get(
        format!(
            "{PRICING_HOST}/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/current/region_index.json"
        ),
        "savings-plans-region-index.json",
    )
}

/// The requests known before anything is fetched (the per-region Savings Plans files follow
/// from the region index).
#[must_use]
pub fn first_requests(regions: &[String]) -> Vec<Request> {
    let mut out: Vec<Request> = regions.iter().map(|r| price_list_request(r)).collect();
    out.push(savings_plans_index_request());
    out.push(Request::get(SPOT_FEED_URL, "spot.json"));
    out.push(Request::get(SPOT_ADVISOR_URL, "spot-advisor-data.json"));
    out
}

fn is_accelerator(instance_type: &str) -> bool {
    tables::aws().contains_key(instance_type)
}

/// Fetches and parses everything for `regions`; spot rows cover every region of the feed.
///
/// # Errors
/// The first fetch or parse error: nothing of AWS is written then.
pub fn refresh(
    recorder: &mut Recorder,
    regions: &[String],
    fetched_at: &str,
    skipped: &mut Skipped,
) -> Result<Vec<Row>, RefreshError> {
    let table = tables::aws();
    let mut rows = Vec::new();
    for region in regions {
        let request = price_list_request(region);
        let body = recorder.get(&request)?;
        let origin = Origin::of(&request, fetched_at);
        let keep =
            |ty: &str, gpu: &str| is_accelerator(ty) || gpu.parse::<f64>().is_ok_and(|g| g > 0.0);
        let list = price_list::read(&body, &origin, &keep)?;
        drop(body);
        let (mut found, why) = price_list::rows(&list, &origin, &price_list::PLANNER_FILTER, table);
        for (reason, n) in why {
            *skipped
                .entry(format!("price list {region}: {reason}"))
                .or_default() += n;
        }
        rows.append(&mut found);
    }

    let request = savings_plans_index_request();
    let body = recorder.get(&request)?;
    let index = savings_plans::read_region_index(&body, &Origin::of(&request, fetched_at))?;
    for region in regions {
        let Some((_, url)) = index.regions.iter().find(|(code, _)| code == region) else {
            *skipped
                .entry(format!(
                    "savings plans: region {region} not in the region index"
                ))
                .or_default() += 1;
            continue;
        };
        let request = Request::get(url.clone(), format!("savings-plans-{region}.csv"));
        let body = recorder.get(&request)?;
        let origin = Origin::of(&request, fetched_at);
        rows.append(&mut savings_plans::read_rates(
            &body,
            &origin,
            &is_accelerator,
            table,
        )?);
    }

    let request = Request::get(SPOT_ADVISOR_URL, "spot-advisor-data.json");
    let body = recorder.get(&request)?;
    let advice = spot::read_advisor(&body, &Origin::of(&request, fetched_at))?;
    let request = Request::get(SPOT_FEED_URL, "spot.json");
    let body = recorder.get(&request)?;
    let keep = |ty: &str, section: &str| is_accelerator(ty) || section.starts_with("gpu");
    rows.append(&mut spot::read_feed(
        &body,
        &Origin::of(&request, fetched_at),
        &keep,
        table,
        &advice,
    )?);
    Ok(rows)
}
