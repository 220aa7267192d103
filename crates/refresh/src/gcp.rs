//! Google Cloud through Cyclenerd's `pricing.yml` (github.com/Cyclenerd/
//! google-cloud-pricing-cost-calculator, Apache-2.0): the Cloud Billing Catalog API needs an API
//! key, this file does not. `compute.instance.<machine>` holds `cpu`, `ram` (GiB), an
//! accelerator key per fixed-GPU family (`a100: 1`, `h100-80gb: 8`, `l4: 2`, `rtx6000: 1`; the
//! other keys are `cost`, `local-ssd` and `type`) and `cost.<region>.{hour, hour_spot, month,
//! month_1y, month_3y, month_spot}` in USD per instance. `month` includes the sustained-use
//! discount and `month_spot` is `hour_spot` × 730, so neither is written. N1 hosts carry no GPU
//! (the file has no attachable-GPU section) and are skipped.

use crate::error::ParseError;
use crate::schema::{positive_price, BillingMode, PriceUnit, Row};
use crate::{fetch, Origin};
use serde::Deserialize;
use std::collections::BTreeMap;

/// Where the file is published (the project's own download link).
pub const PRICING_YML_URL: &str =
    "https://raw.githubusercontent.com/Cyclenerd/google-cloud-pricing-cost-calculator/master/pricing.yml";

/// Machine types Google sells only as Spot or Flex-start, not on demand or with a commitment:
/// A3 High with fewer than 8 GPUs (gpuhunt `providers/gcp.py` `filter()`; Google Cloud's
/// accelerator-optimized machine docs). Cyclenerd still lists on-demand and CUD prices for them.
pub const SPOT_OR_FLEX_ONLY: [&str; 3] = ["a3-highgpu-1g", "a3-highgpu-2g", "a3-highgpu-4g"];

/// Keys of a machine entry that are not accelerators.
const NOT_ACCELERATOR: [&str; 5] = ["cost", "cpu", "ram", "local-ssd", "type"];

#[derive(Deserialize)]
struct File {
    #[serde(default)]
    about: Option<About>,
    compute: Compute,
}

#[derive(Deserialize)]
struct About {
    #[serde(default)]
    timestamp: Option<u64>,
}

#[derive(Deserialize)]
struct Compute {
    instance: BTreeMap<String, BTreeMap<String, serde_yaml_ng::Value>>,
}

#[derive(Deserialize, Default)]
struct Cost {
    #[serde(default)]
    hour: Option<String>,
    #[serde(default)]
    hour_spot: Option<String>,
    #[serde(default)]
    month_1y: Option<String>,
    #[serde(default)]
    month_3y: Option<String>,
}

/// The scalar's text as the file wrote it ("4.80478794"), whatever YAML type it resolved to.
/// A number is printed back in its shortest round-trip form, which is the file's own text for
/// every price of the 2026-07-30 file (73,650 values checked): its generator writes at most 15
/// significant digits and no trailing zeros.
fn scalar(value: &serde_yaml_ng::Value) -> Option<String> {
    match value {
        serde_yaml_ng::Value::Number(n) => Some(n.to_string()),
        serde_yaml_ng::Value::String(s) => Some(s.clone()),
        _ => None,
    }
}

fn yaml_error(origin: &Origin, e: &serde_yaml_ng::Error) -> ParseError {
    ParseError::Yaml {
        file: origin.name.to_owned(),
        reason: e.to_string(),
    }
}

/// The rows of every machine with an accelerator key: on-demand and spot per hour, and 1- and
/// 3-year committed use per month (Google's month: 730 h), per region where the file gives the
/// price. `as_of` is the file's `about.timestamp` (its generation time), else the fetch time.
///
/// # Errors
/// [`ParseError::Yaml`] if it is not YAML with `compute.instance`, or a cost entry is not a
/// map of prices.
pub fn read(bytes: &[u8], origin: &Origin) -> Result<Vec<Row>, ParseError> {
    let file: File = serde_yaml_ng::from_slice(bytes).map_err(|e| yaml_error(origin, &e))?;
    let as_of = file
        .about
        .and_then(|a| a.timestamp)
        .map_or_else(|| origin.fetched_at.to_owned(), fetch::utc_from_unix);
    let mut out = Vec::new();
    for (machine, fields) in &file.compute.instance {
        let Some((gpu_key, gpu_count)) = fields
            .iter()
            .find(|(k, _)| !NOT_ACCELERATOR.contains(&k.as_str()))
            .and_then(|(k, v)| Some((k.clone(), scalar(v)?)))
        else {
            continue;
        };
        let spot_only = SPOT_OR_FLEX_ONLY.contains(&machine.as_str());
        let costs: BTreeMap<String, BTreeMap<String, serde_yaml_ng::Value>> = fields
            .get("cost")
            .cloned()
            .map(serde_yaml_ng::from_value)
            .transpose()
            .map_err(|e| yaml_error(origin, &e))?
            .unwrap_or_default();
        // "h100-80gb" → 80 GiB; "a100" and "l4" name no memory, left empty (the catalog's GPU
        // table knows it).
        let memory = gpu_key
            .split('-')
            .find_map(|part| part.strip_suffix("gb").filter(|n| n.parse::<u32>().is_ok()))
            .unwrap_or("")
            .to_owned();
        for (region, prices) in costs {
            let cost = Cost {
                hour: prices.get("hour").and_then(scalar),
                hour_spot: prices.get("hour_spot").and_then(scalar),
                month_1y: prices.get("month_1y").and_then(scalar),
                month_3y: prices.get("month_3y").and_then(scalar),
            };
            let base = Row {
                provider: "Google Cloud".into(),
                instance_type: machine.clone(),
                gpu_name: gpu_key.clone(),
                gpu_count: gpu_count.clone(),
                gpu_memory_gib: memory.clone(),
                vcpus: fields.get("cpu").and_then(scalar).unwrap_or_default(),
                ram_gib: fields.get("ram").and_then(scalar).unwrap_or_default(),
                region: region.clone(),
                currency: "USD".into(),
                as_of: as_of.clone(),
                source: "gcp-cyclenerd-pricing-yml".into(),
                source_ref: origin.url.to_owned(),
                ..Row::default()
            };
            let mut push = |price: &Option<String>, mode, term, unit, note: &str| {
                if let Some(p) = price.as_deref().and_then(positive_price) {
                    out.push(Row {
                        billing_mode: Some(mode),
                        term_months: term,
                        price: p.to_owned(),
                        price_unit: Some(unit),
                        note: note.to_owned(),
                        ..base.clone()
                    });
                }
            };
            let spot_note = if spot_only {
                "sold only as Spot or Flex-start with fewer than 8 GPUs"
            } else {
                ""
            };
            push(
                &cost.hour_spot,
                BillingMode::Spot,
                None,
                PriceUnit::InstanceHour,
                spot_note,
            );
            if spot_only {
                continue;
            }
            push(
                &cost.hour,
                BillingMode::OnDemand,
                None,
                PriceUnit::InstanceHour,
                "",
            );
            let cud = "resource-based committed use; month = 730 h";
            push(
                &cost.month_1y,
                BillingMode::CommittedUse,
                Some(12),
                PriceUnit::InstanceMonth,
                cud,
            );
            push(
                &cost.month_3y,
                BillingMode::CommittedUse,
                Some(36),
                PriceUnit::InstanceMonth,
                cud,
            );
        }
    }
    Ok(out)
}
