//! AWS Savings Plans price lists: the region index
//! (`…/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/current/region_index.json`, one `versionUrl`
//! per region) and each region's rate file in its CSV form (the `versionUrl` with `index.csv`
//! for `index.json`): five preamble lines, a header, then one line per (plan, usage type,
//! operation) with the `DiscountedRate` usage is billed at under the plan. The file holds both
//! Compute and EC2 Instance Savings Plans (`Product Family`).

use super::price_list::{payment, read_head};
use crate::error::{csv_error, json_error, ParseError};
use crate::schema::{positive_price, BillingMode, PriceUnit, Row};
use crate::tables::Accelerators;
use crate::Origin;
use serde::Deserialize;
use std::collections::HashMap;

/// Host of every AWS price list URL.
pub const PRICING_HOST: &str = "https://pricing.us-east-1.amazonaws.com";

/// The region index: publication date and each region's versioned rate file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionIndex {
    /// `publicationDate`.
    pub publication_date: String,
    /// (`regionCode`, absolute URL of the region's CSV rate file), in file order.
    pub regions: Vec<(String, String)>,
}

#[derive(Deserialize)]
struct RawIndex {
    #[serde(rename = "publicationDate", default)]
    publication_date: String,
    regions: Vec<RawRegion>,
}

#[derive(Deserialize)]
struct RawRegion {
    #[serde(rename = "regionCode")]
    region_code: String,
    #[serde(rename = "versionUrl")]
    version_url: String,
}

/// Reads the region index, turning each `versionUrl` (a JSON file) into the absolute URL of the
/// same version's CSV file.
///
/// # Errors
/// [`ParseError::Json`] if it is not the index's JSON shape.
pub fn read_region_index(bytes: &[u8], origin: &Origin) -> Result<RegionIndex, ParseError> {
    let raw: RawIndex = serde_json::from_slice(bytes).map_err(|e| json_error(origin.name, &e))?;
    Ok(RegionIndex {
        publication_date: raw.publication_date,
        regions: raw
            .regions
            .into_iter()
            .map(|r| {
                let path = r
                    .version_url
                    .strip_suffix("index.json")
                    .map_or(r.version_url.clone(), |p| format!("{p}index.csv"));
                (r.region_code, format!("{PRICING_HOST}{path}"))
            })
            .collect(),
    })
}

/// The savings-plan rows of one region's CSV rate file: lines for EC2 shared-tenancy usage
/// (`DiscountedUsageType` `…BoxUsage:<type>`) of Linux (`DiscountedOperation` "RunInstances"),
/// billed per hour, whose `DiscountedInstanceType` satisfies `keep`. Each row's price is the
/// plan's hourly rate for the instance (the plan's commitment, paid per `payment`, is not in the
/// file); its note names the plan type.
///
/// # Errors
/// [`ParseError::Preamble`], [`ParseError::MissingColumn`], [`ParseError::Csv`] as for the EC2
/// price list.
pub fn read_rates(
    bytes: &[u8],
    origin: &Origin,
    keep: &dyn Fn(&str) -> bool,
    table: &HashMap<String, Accelerators>,
) -> Result<Vec<Row>, ParseError> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes);
    let mut records = reader.records();
    let (preamble, header) = read_head(&mut records, origin)?;
    let publication_date = preamble.publication_date;
    let column = |name: &'static str| header.column(name);
    let unit = column("Unit")?;
    let rate = column("DiscountedRate")?;
    let currency = column("Currency")?;
    let service = column("DiscountedServiceCode")?;
    let usage_type = column("DiscountedUsageType")?;
    let operation = column("DiscountedOperation")?;
    let purchase_option = column("PurchaseOption")?;
    let length = column("LeaseContractLength")?;
    let length_unit = column("LeaseContractLengthUnit")?;
    let family = column("Product Family")?;
    let region = column("DiscountedRegionCode")?;
    let instance_type = column("DiscountedInstanceType")?;
    let as_of = if publication_date.is_empty() {
        origin.fetched_at.to_owned()
    } else {
        publication_date
    };
    let mut out = Vec::new();
    for (n, record) in records.enumerate() {
        let record = record.map_err(|e| csv_error(origin.name, &e))?;
        let get = |i: usize| record.get(i).unwrap_or("");
        let ty = get(instance_type);
        let usage = get(usage_type);
        let shared_usage = usage
            .rsplit_once("BoxUsage:")
            .is_some_and(|(prefix, t)| t == ty && (prefix.is_empty() || prefix.ends_with('-')));
        if get(service) != "AmazonEC2"
            || get(operation) != "RunInstances"
            || get(unit) != "Hrs"
            || !shared_usage
            || !keep(ty)
        {
            continue;
        }
        let Some(price) = positive_price(get(rate)) else {
            continue;
        };
        let at = || format!("record {}", n + 7);
        let years: u32 = get(length).parse().map_err(|_| ParseError::BadValue {
            file: origin.name.to_owned(),
            at: at(),
            field: "LeaseContractLength",
            value: get(length).to_owned(),
            expected: "a whole number of years",
        })?;
        if get(length_unit) != "year" {
            return Err(ParseError::BadValue {
                file: origin.name.to_owned(),
                at: at(),
                field: "LeaseContractLengthUnit",
                value: get(length_unit).to_owned(),
                expected: "\"year\"",
            });
        }
        let pay = payment(get(purchase_option)).ok_or_else(|| ParseError::BadValue {
            file: origin.name.to_owned(),
            at: at(),
            field: "PurchaseOption",
            value: get(purchase_option).to_owned(),
            expected: "No Upfront, Partial Upfront or All Upfront",
        })?;
        let acc = table.get(ty).cloned().unwrap_or_default();
        out.push(Row {
            provider: "AWS".into(),
            instance_type: ty.to_owned(),
            gpu_name: acc.name,
            gpu_count: acc.count,
            gpu_memory_gib: acc.memory_gib,
            vcpus: acc.vcpus,
            ram_gib: acc.ram_gib,
            region: get(region).to_owned(),
            billing_mode: Some(BillingMode::SavingsPlan),
            term_months: Some(years * 12),
            payment: Some(pay),
            price: price.to_owned(),
            currency: get(currency).to_owned(),
            price_unit: Some(PriceUnit::InstanceHour),
            as_of: as_of.clone(),
            source: "aws-savings-plans".into(),
            source_ref: origin.url.to_owned(),
            note: format!(
                "{}: usage rate under the plan; the plan's hourly commitment is paid per the payment option",
                get(family)
            ),
            ..Row::default()
        });
    }
    Ok(out)
}
