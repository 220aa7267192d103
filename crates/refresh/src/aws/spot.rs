//! AWS spot prices from the public feed behind aws.amazon.com/ec2/spot/pricing
//! (`https://website.spot.ec2.aws.a2z.com/spot.json`: `config.regions[].instanceTypes[].sizes[]`
//! with a `linux` price string per size, "N/A*" where not offered), annotated with the Spot
//! Instance Advisor's interruption band and savings (`spot-advisor-data.json`). Neither file
//! needs credentials; the feed is undocumented (SkyPilot and spotinfo read it; docs/catalog-refresh.md).

use crate::error::{json_error, ParseError};
use crate::schema::{positive_price, BillingMode, PriceUnit, Row};
use crate::tables::Accelerators;
use crate::Origin;
use serde::Deserialize;
use std::collections::{BTreeSet, HashMap};

#[derive(Deserialize)]
struct Feed {
    config: Config,
}

#[derive(Deserialize)]
struct Config {
    #[serde(default)]
    currencies: Vec<String>,
    regions: Vec<Region>,
}

#[derive(Deserialize)]
struct Region {
    region: String,
    #[serde(rename = "instanceTypes")]
    instance_types: Vec<Section>,
}

#[derive(Deserialize)]
struct Section {
    #[serde(rename = "type")]
    kind: String,
    sizes: Vec<Size>,
}

#[derive(Deserialize)]
struct Size {
    size: String,
    #[serde(rename = "valueColumns")]
    value_columns: Vec<ValueColumn>,
}

#[derive(Deserialize)]
struct ValueColumn {
    name: String,
    prices: HashMap<String, String>,
}

/// The Spot Instance Advisor's figures for one (region, instance type), Linux.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advice {
    /// Savings over on-demand, percent (`s`).
    pub savings_percent: u32,
    /// Interruption-frequency band label (`ranges[r].label`, e.g. "<5%").
    pub interruption: String,
}

#[derive(Deserialize)]
struct AdvisorFile {
    ranges: Vec<Range>,
    spot_advisor: HashMap<String, HashMap<String, HashMap<String, AdvisorEntry>>>,
}

#[derive(Deserialize)]
struct Range {
    index: u32,
    label: String,
}

#[derive(Deserialize)]
struct AdvisorEntry {
    s: u32,
    r: u32,
}

/// The advisor's Linux figures by (region, instance type).
///
/// # Errors
/// [`ParseError::Json`] if it is not the advisor's JSON shape; [`ParseError::BadValue`] if an
/// entry names a band the `ranges` list lacks.
pub fn read_advisor(
    bytes: &[u8],
    origin: &Origin,
) -> Result<HashMap<(String, String), Advice>, ParseError> {
    let file: AdvisorFile =
        serde_json::from_slice(bytes).map_err(|e| json_error(origin.name, &e))?;
    let labels: HashMap<u32, String> = file
        .ranges
        .into_iter()
        .map(|r| (r.index, r.label))
        .collect();
    let mut out = HashMap::new();
    for (region, by_os) in file.spot_advisor {
        let Some(linux) = by_os.get("Linux") else {
            continue;
        };
        for (ty, entry) in linux {
            let interruption = labels.get(&entry.r).ok_or_else(|| ParseError::BadValue {
                file: origin.name.to_owned(),
                at: format!("spot_advisor.{region}.Linux.{ty}"),
                field: "r",
                value: entry.r.to_string(),
                expected: "an index of ranges[]",
            })?;
            out.insert(
                (region.clone(), ty.clone()),
                Advice {
                    savings_percent: entry.s,
                    interruption: interruption.clone(),
                },
            );
        }
    }
    Ok(out)
}

/// One spot row per (region, size) with a Linux price, for sizes `keep` accepts; a size listed
/// twice in a region (the feed repeats some) gives one row. `as_of` is the fetch time: the
/// feed states no date. The note carries the advisor's band and savings where `advice` has them.
///
/// # Errors
/// [`ParseError::Json`] if it is not the feed's JSON shape.
pub fn read_feed(
    bytes: &[u8],
    origin: &Origin,
    keep: &dyn Fn(&str, &str) -> bool,
    table: &HashMap<String, Accelerators>,
    advice: &HashMap<(String, String), Advice>,
) -> Result<Vec<Row>, ParseError> {
    let feed: Feed = serde_json::from_slice(bytes).map_err(|e| json_error(origin.name, &e))?;
    let currency = feed
        .config
        .currencies
        .first()
        .cloned()
        .unwrap_or_else(|| "USD".into());
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for region in &feed.config.regions {
        for section in &region.instance_types {
            for size in &section.sizes {
                if !keep(&size.size, &section.kind) {
                    continue;
                }
                let Some(price) = size
                    .value_columns
                    .iter()
                    .find(|c| c.name == "linux")
                    .and_then(|c| c.prices.get(&currency))
                    .and_then(|p| positive_price(p))
                else {
                    continue;
                };
                if !seen.insert((region.region.as_str(), size.size.as_str())) {
                    continue;
                }
                let acc = table.get(&size.size).cloned().unwrap_or_default();
                let note = advice
                    .get(&(region.region.clone(), size.size.clone()))
                    .map(|a| {
                        format!(
                            "Spot Instance Advisor: interruption frequency {}, savings {} % vs on-demand",
                            a.interruption, a.savings_percent
                        )
                    })
                    .unwrap_or_default();
                out.push(Row {
                    provider: "AWS".into(),
                    instance_type: size.size.clone(),
                    gpu_name: acc.name,
                    gpu_count: acc.count,
                    gpu_memory_gib: acc.memory_gib,
                    vcpus: acc.vcpus,
                    ram_gib: acc.ram_gib,
                    region: region.region.clone(),
                    billing_mode: Some(BillingMode::Spot),
                    price: price.to_owned(),
                    currency: currency.clone(),
                    price_unit: Some(PriceUnit::InstanceHour),
                    as_of: origin.fetched_at.to_owned(),
                    source: "aws-spot-feed".into(),
                    source_ref: origin.url.to_owned(),
                    note,
                    ..Row::default()
                });
            }
        }
    }
    Ok(out)
}
