//! Azure Retail Prices API (`https://prices.azure.com/api/retail/prices`, no credentials;
//! Microsoft Learn, "Azure Retail Prices REST API"): JSON pages of up to 1,000 `Items`, the
//! next page at `NextPageLink` (null on the last). Virtual Machines items are `Consumption`
//! (pay as you go; Spot and Low Priority are Consumption items told apart only by `skuName`),
//! `Reservation` (with `reservationTerm`; `retailPrice` is the **total for the term**, although
//! `unitOfMeasure` says "1 Hour"), and, with `api-version=2023-01-01-preview`, a nested
//! `savingsPlan` list of hourly rates on Consumption items. GPU model and count are not in the
//! API: they come from `data/azure-gpu-sizes.csv`.

use crate::error::{json_error, FetchError, ParseError, RefreshError};
use crate::fetch::{Recorder, Request};
use crate::schema::{positive_price, BillingMode, PriceUnit, Row};
use crate::tables::{self, Accelerators};
use crate::{Origin, Skipped};
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use serde::Deserialize;
use serde_json::value::RawValue;
use std::collections::HashMap;

/// The API's endpoint.
pub const ENDPOINT: &str = "https://prices.azure.com/api/retail/prices";
/// The API version that adds the `savingsPlan` list to Consumption items.
pub const API_VERSION: &str = "2023-01-01-preview";
/// Pages followed per region before giving up (a region's VM prices take about 20–60 pages).
pub const MAX_PAGES: usize = 400;

/// Regions fetched when `--region` is not given: those where Azure sells its current GPU
/// families (NC A100/H100, ND H100/H200/MI300X, NV A10).
pub const DEFAULT_REGIONS: [&str; 8] = [
    "eastus",
    "eastus2",
    "southcentralus",
    "westus2",
    "westus3",
    "westeurope",
    "swedencentral",
    "japaneast",
];

/// Characters escaped in the `$filter` value: everything but unreserved ones.
const QUERY: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

/// The first page of `region`'s Virtual Machines prices.
#[must_use]
pub fn first_request(region: &str) -> Request {
    let filter = format!("serviceName eq 'Virtual Machines' and armRegionName eq '{region}'");
    Request::get(
        format!(
            "{ENDPOINT}?api-version={API_VERSION}&$filter={}",
            utf8_percent_encode(&filter, QUERY)
        ),
        format!("retail-prices-{region}-page-1.json"),
    )
}

/// One page of the API.
#[derive(Debug, Deserialize)]
pub struct Page {
    /// The page's price items.
    #[serde(rename = "Items")]
    pub items: Vec<Item>,
    /// The next page's URL; `None` on the last page.
    #[serde(rename = "NextPageLink")]
    pub next_page_link: Option<String>,
}

/// One price item (the fields the planner reads).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Item {
    /// "USD" unless the request named another `currencyCode`.
    pub currency_code: String,
    /// The list price, as written.
    pub retail_price: Box<RawValue>,
    /// "eastus2".
    pub arm_region_name: String,
    /// "Standard_NC48ads_A100_v4".
    #[serde(default)]
    pub arm_sku_name: String,
    /// "ND96amsA100v4 Spot", "Standard_NV36ads_A10_v5 Low Priority".
    pub sku_name: String,
    /// "NCads A100 v4 Series Linux"; Windows products end in "Windows".
    pub product_name: String,
    /// "Virtual Machines".
    pub service_name: String,
    /// "1 Hour".
    pub unit_of_measure: String,
    /// "Consumption", "Reservation" or "DevTestConsumption".
    #[serde(rename = "type")]
    pub kind: String,
    /// "1 Year", "3 Years", "5 Years" on Reservation items.
    #[serde(default)]
    pub reservation_term: Option<String>,
    /// When the price took effect.
    pub effective_start_date: String,
    /// When it stops applying, if announced.
    #[serde(default)]
    pub effective_end_date: Option<String>,
    /// Savings-plan hourly rates (api-version 2023-01-01-preview).
    #[serde(default)]
    pub savings_plan: Vec<SavingsPlanRate>,
}

/// A savings-plan rate nested in a Consumption item.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SavingsPlanRate {
    /// The hourly rate under the plan, as written.
    pub retail_price: Box<RawValue>,
    /// "1 Year" or "3 Years".
    pub term: String,
}

/// Reads one page.
///
/// # Errors
/// [`ParseError::Json`] if it is not the API's page shape.
pub fn read_page(bytes: &[u8], origin: &Origin) -> Result<Page, ParseError> {
    serde_json::from_slice(bytes).map_err(|e| json_error(origin.name, &e))
}

/// Reads a bare `Items` array (the form several public mirrors store).
///
/// # Errors
/// [`ParseError::Json`] if it is not an array of items.
pub fn read_items(bytes: &[u8], origin: &Origin) -> Result<Vec<Item>, ParseError> {
    serde_json::from_slice(bytes).map_err(|e| json_error(origin.name, &e))
}

fn term_months(term: &str) -> Option<u32> {
    match term {
        "1 Year" => Some(12),
        "3 Years" => Some(36),
        "5 Years" => Some(60),
        _ => None,
    }
}

/// The rows of `items` whose `armSkuName` is in `table` (Linux, Virtual Machines, hourly items):
/// on-demand, spot (`skuName` ending " Spot"), reserved (term total) and savings-plan rows.
/// Windows products and Azure Batch's "Low Priority" items are skipped and counted.
#[must_use]
pub fn rows(
    items: &[Item],
    origin: &Origin,
    table: &HashMap<String, Accelerators>,
    skipped: &mut Skipped,
) -> Vec<Row> {
    let mut out = Vec::new();
    let mut skip = |why: &str| *skipped.entry(format!("azure: {why}")).or_default() += 1;
    for item in items {
        let Some(acc) = table.get(&item.arm_sku_name) else {
            continue;
        };
        if item.service_name != "Virtual Machines" || item.unit_of_measure != "1 Hour" {
            skip("not a Virtual Machines hourly item");
            continue;
        }
        if item.product_name.ends_with("Windows") {
            skip("Windows product");
            continue;
        }
        if item.sku_name.ends_with(" Low Priority") {
            skip("Low Priority (Azure Batch) item");
            continue;
        }
        let price = item.retail_price.get();
        if positive_price(price).is_none() {
            skip("price 0");
            continue;
        }
        let mut notes = Vec::new();
        if let Some(end) = &item.effective_end_date {
            notes.push(format!("price effective until {end}"));
        }
        if !acc.note.is_empty() {
            notes.push(acc.note.clone());
        }
        let base = Row {
            provider: "Azure".into(),
            instance_type: item.arm_sku_name.clone(),
            gpu_name: acc.name.clone(),
            gpu_count: acc.count.clone(),
            gpu_memory_gib: acc.memory_gib.clone(),
            vcpus: acc.vcpus.clone(),
            ram_gib: acc.ram_gib.clone(),
            region: item.arm_region_name.clone(),
            price: price.to_owned(),
            currency: item.currency_code.clone(),
            price_unit: Some(PriceUnit::InstanceHour),
            as_of: item.effective_start_date.clone(),
            source: "azure-retail-prices".into(),
            source_ref: origin.url.to_owned(),
            note: notes.join("; "),
            ..Row::default()
        };
        match item.kind.as_str() {
            "Consumption" if item.sku_name.ends_with(" Spot") => out.push(Row {
                billing_mode: Some(BillingMode::Spot),
                ..base
            }),
            "Consumption" => {
                for plan in &item.savings_plan {
                    let (Some(months), Some(rate)) = (
                        term_months(&plan.term),
                        positive_price(plan.retail_price.get()),
                    ) else {
                        skip("savings-plan rate with an unknown term or price 0");
                        continue;
                    };
                    out.push(Row {
                        billing_mode: Some(BillingMode::SavingsPlan),
                        term_months: Some(months),
                        price: rate.to_owned(),
                        ..base.clone()
                    });
                }
                out.push(Row {
                    billing_mode: Some(BillingMode::OnDemand),
                    ..base
                });
            }
            "Reservation" => {
                let Some(months) = item.reservation_term.as_deref().and_then(term_months) else {
                    skip("reservation without a known reservationTerm");
                    continue;
                };
                let note = if base.note.is_empty() {
                    "term total; payable upfront or monthly".to_owned()
                } else {
                    format!("term total; payable upfront or monthly; {}", base.note)
                };
                out.push(Row {
                    billing_mode: Some(BillingMode::Reserved),
                    term_months: Some(months),
                    price_unit: Some(PriceUnit::TermTotal),
                    note,
                    ..base
                });
            }
            _ => skip("other price type (DevTestConsumption)"),
        }
    }
    out
}

/// Fetches every page of each region, following `NextPageLink`, and returns their rows. A
/// response that is a bare array of items is read as a last page.
///
/// # Errors
/// A fetch or parse error, or [`FetchError::TooManyPages`] past [`MAX_PAGES`] in one region.
pub fn refresh(
    recorder: &mut Recorder,
    regions: &[String],
    fetched_at: &str,
    skipped: &mut Skipped,
) -> Result<Vec<Row>, RefreshError> {
    let table = tables::azure();
    let mut out = Vec::new();
    for region in regions {
        let mut request = first_request(region);
        for page_number in 1.. {
            if page_number > MAX_PAGES {
                return Err(FetchError::TooManyPages {
                    url: request.url,
                    limit: MAX_PAGES,
                }
                .into());
            }
            let body = recorder.get(&request)?;
            let origin = Origin::of(&request, fetched_at);
            // A saved bare `Items` array (the form public mirrors keep) is a last page.
            let page = read_page(&body, &origin).or_else(|e| {
                read_items(&body, &origin)
                    .map(|items| Page {
                        items,
                        next_page_link: None,
                    })
                    .map_err(|_| e)
            })?;
            out.append(&mut rows(&page.items, &origin, table, skipped));
            match page.next_page_link {
                Some(next) if !next.is_empty() => {
                    request = Request::get(
                        next,
                        format!("retail-prices-{region}-page-{}.json", page_number + 1),
                    );
                }
                _ => break,
            }
        }
    }
    Ok(out)
}
