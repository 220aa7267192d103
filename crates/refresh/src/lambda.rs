//! Lambda's instance types API (`GET https://cloud.lambdalabs.com/api/v1/instance-types`,
//! bearer API key; gpuhunt `providers/lambdalabs.py`, SkyPilot `fetch_lambda_cloud.py`):
//! `data.<name>.instance_type.{name, price_cents_per_hour, description, gpu_description,
//! specs{vcpus, memory_gib, gpus}}` and `regions_with_capacity_available[].name`.

use crate::error::{json_error, ParseError};
use crate::fetch::Request;
use crate::schema::{BillingMode, PriceUnit, Row};
use crate::Origin;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The API endpoint.
pub const URL: &str = "https://cloud.lambdalabs.com/api/v1/instance-types";
/// The environment variable holding the API key.
pub const KEY_ENV: &str = "LAMBDA_API_KEY";

/// The one request (bearer key from [`KEY_ENV`]).
#[must_use]
pub fn request() -> Request {
    Request {
        bearer_env: Some(KEY_ENV),
        ..Request::get(URL, "instance-types.json")
    }
}

#[derive(Deserialize)]
struct Response {
    data: BTreeMap<String, Entry>,
}

#[derive(Deserialize)]
struct Entry {
    instance_type: InstanceType,
    #[serde(default)]
    regions_with_capacity_available: Vec<Region>,
}

#[derive(Deserialize)]
struct InstanceType {
    name: String,
    price_cents_per_hour: u64,
    #[serde(default)]
    gpu_description: Option<String>,
    #[serde(default)]
    specs: Option<Specs>,
}

#[derive(Deserialize)]
struct Specs {
    #[serde(default)]
    vcpus: Option<u32>,
    #[serde(default)]
    memory_gib: Option<u32>,
    #[serde(default)]
    gpus: Option<u32>,
}

#[derive(Deserialize)]
struct Region {
    name: String,
}

/// `cents` as dollars, exactly ("109" → "1.09"): a decimal shift, no float.
#[must_use]
pub fn dollars(cents: u64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// One on-demand row per instance type and region with capacity at fetch time (one row with no
/// region when none has capacity). GPU count and model come from `specs`/`gpu_description` where
/// the response has them, else from the name (`gpu_8x_a100` → 8, "a100").
///
/// # Errors
/// [`ParseError::Json`] if it is not the API's shape, [`ParseError::Service`] for an error
/// document.
pub fn read(bytes: &[u8], origin: &Origin) -> Result<Vec<Row>, ParseError> {
    if let Ok(error) = serde_json::from_slice::<ErrorDoc>(bytes) {
        return Err(ParseError::Service {
            file: origin.name.to_owned(),
            message: format!("{}: {}", error.error.code, error.error.message),
        });
    }
    let response: Response =
        serde_json::from_slice(bytes).map_err(|e| json_error(origin.name, &e))?;
    let mut out = Vec::new();
    for entry in response.data.into_values() {
        let it = entry.instance_type;
        let from_name = it
            .name
            .strip_prefix("gpu_")
            .and_then(|rest| rest.split_once("x_"));
        let gpu_count = it
            .specs
            .as_ref()
            .and_then(|s| s.gpus)
            .map(|g| g.to_string())
            .or_else(|| from_name.map(|(n, _)| n.to_owned()))
            .unwrap_or_default();
        let gpu_name = it
            .gpu_description
            .clone()
            .or_else(|| from_name.map(|(_, model)| model.to_owned()))
            .unwrap_or_default();
        let base = Row {
            provider: "Lambda".into(),
            instance_type: it.name.clone(),
            gpu_name,
            gpu_count,
            vcpus: it
                .specs
                .as_ref()
                .and_then(|s| s.vcpus)
                .map(|v| v.to_string())
                .unwrap_or_default(),
            ram_gib: it
                .specs
                .as_ref()
                .and_then(|s| s.memory_gib)
                .map(|v| v.to_string())
                .unwrap_or_default(),
            billing_mode: Some(BillingMode::OnDemand),
            price: dollars(it.price_cents_per_hour),
            currency: "USD".into(),
            price_unit: Some(PriceUnit::InstanceHour),
            as_of: origin.fetched_at.to_owned(),
            source: "lambda-instance-types-api".into(),
            source_ref: origin.url.to_owned(),
            note: "billed per minute; price_cents_per_hour / 100".into(),
            ..Row::default()
        };
        if entry.regions_with_capacity_available.is_empty() {
            out.push(Row {
                note: format!("{}; no region had capacity at fetch time", base.note),
                ..base
            });
        } else {
            for region in entry.regions_with_capacity_available {
                out.push(Row {
                    region: region.name,
                    ..base.clone()
                });
            }
        }
    }
    Ok(out)
}

#[derive(Deserialize)]
struct ErrorDoc {
    error: ErrorBody,
}

#[derive(Deserialize)]
struct ErrorBody {
    code: String,
    message: String,
}
