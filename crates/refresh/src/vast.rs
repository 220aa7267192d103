//! Vast.ai's marketplace offers (`POST https://console.vast.ai/api/v0/bundles/` with a JSON
//! filter; gpuhunt `providers/vastai.py`): `offers[]` of one host machine each, with `dph_base`
//! (USD per hour for the offer's `num_gpus` GPUs, on demand), `min_bid` (interruptible), and the
//! storage (`storage_cost`, USD per GB-month) and transfer costs (`inet_up_cost`,
//! `inet_down_cost`, USD per GB) billed on top. Every offer is written (not a median), so the
//! catalog can show the cheapest host, the median and the bid side by side. Vast's terms forbid
//! automated collection without a data licence: fetched only with `--accept-terms vast`.

use crate::error::{json_error, ParseError};
use crate::fetch::Request;
use crate::schema::{positive_price, BillingMode, PriceUnit, Row};
use crate::Origin;
use serde::Deserialize;
use serde_json::value::RawValue;

/// The bundles endpoint.
pub const URL: &str = "https://console.vast.ai/api/v0/bundles/";

/// Offers asked for per request (the API's own cap applies).
pub const LIMIT: u32 = 10_000;

/// The one request: rentable, verified, on-demand offers of machines not yet rented.
#[must_use]
pub fn request() -> Request {
    let body = serde_json::json!({
        "verified": {"eq": true},
        "external": {"eq": false},
        "rentable": {"eq": true},
        "rented": {"eq": false},
        "type": "on-demand",
        "order": [["dph_total", "asc"]],
        "limit": LIMIT,
    })
    .to_string();
    Request::post_json(URL, body, "bundles.json")
}

/// One offer (the fields the planner reads).
#[derive(Debug, Deserialize)]
pub struct Offer {
    /// Offer id.
    pub id: u64,
    /// Host machine id.
    #[serde(default)]
    pub machine_id: Option<u64>,
    /// "RTX 3090".
    pub gpu_name: String,
    /// GPUs in the offer.
    pub num_gpus: Box<RawValue>,
    /// Memory per GPU, MB.
    #[serde(default)]
    pub gpu_ram: Option<f64>,
    /// vCPUs allotted.
    #[serde(default)]
    pub cpu_cores_effective: Option<Box<RawValue>>,
    /// RAM of the machine, MB.
    #[serde(default)]
    pub cpu_ram: Option<f64>,
    /// On-demand USD per hour for the offer, without storage.
    pub dph_base: Box<RawValue>,
    /// Lowest interruptible bid, USD per hour.
    #[serde(default)]
    pub min_bid: Option<Box<RawValue>>,
    /// Storage, USD per GB-month.
    #[serde(default)]
    pub storage_cost: Option<Box<RawValue>>,
    /// Upload, USD per GB.
    #[serde(default)]
    pub inet_up_cost: Option<Box<RawValue>>,
    /// Download, USD per GB.
    #[serde(default)]
    pub inet_down_cost: Option<Box<RawValue>>,
    /// "Norway", "California, US".
    #[serde(default)]
    pub geolocation: Option<String>,
    /// Host reliability, 0–1.
    #[serde(default)]
    pub reliability2: Option<Box<RawValue>>,
    /// "verified", "unverified".
    #[serde(default)]
    pub verification: Option<String>,
}

#[derive(Deserialize)]
struct Response {
    offers: Vec<Offer>,
}

/// Reads a bundles response (`{"offers": [...]}`).
///
/// # Errors
/// [`ParseError::Json`] if it is not that shape.
pub fn read(bytes: &[u8], origin: &Origin) -> Result<Vec<Row>, ParseError> {
    let response: Response =
        serde_json::from_slice(bytes).map_err(|e| json_error(origin.name, &e))?;
    Ok(response
        .offers
        .iter()
        .flat_map(|o| rows(o, origin))
        .collect())
}

fn text(v: &Option<Box<RawValue>>) -> &str {
    v.as_ref().map_or("", |r| r.get())
}

/// MB (Vast's unit for `gpu_ram`, `cpu_ram`) as GiB, rounded to a whole GiB for display in the
/// catalog (24576 MB → 24).
fn gib_of_mb(mb: Option<f64>) -> String {
    mb.filter(|m| m.is_finite() && *m > 0.0)
        .map(|m| format!("{}", (m / 1024.0).round()))
        .unwrap_or_default()
}

/// The rows of one offer: on demand (`dph_base`) and bid (`min_bid`), per instance-hour (the
/// offer's GPUs together); the note carries host, reliability, storage and transfer costs.
#[must_use]
pub fn rows(offer: &Offer, origin: &Origin) -> Vec<Row> {
    let count = offer.num_gpus.get().to_owned();
    let mut note = vec![format!("offer {}", offer.id)];
    if let Some(m) = offer.machine_id {
        note.push(format!("machine {m}"));
    }
    if let Some(v) = &offer.verification {
        note.push(v.clone());
    }
    if offer.reliability2.is_some() {
        note.push(format!("reliability {}", text(&offer.reliability2)));
    }
    if offer.storage_cost.is_some() {
        note.push(format!(
            "storage {} USD per GB-month",
            text(&offer.storage_cost)
        ));
    }
    if offer.inet_up_cost.is_some() || offer.inet_down_cost.is_some() {
        note.push(format!(
            "upload {} / download {} USD per GB",
            text(&offer.inet_up_cost),
            text(&offer.inet_down_cost)
        ));
    }
    note.push("billed per second".into());
    let base = Row {
        provider: "Vast.ai".into(),
        instance_type: format!("{count}x {}", offer.gpu_name),
        gpu_name: offer.gpu_name.clone(),
        gpu_count: count,
        gpu_memory_gib: gib_of_mb(offer.gpu_ram),
        vcpus: text(&offer.cpu_cores_effective).to_owned(),
        ram_gib: gib_of_mb(offer.cpu_ram),
        region: offer.geolocation.clone().unwrap_or_default(),
        zone: offer
            .machine_id
            .map(|m| format!("machine {m}"))
            .unwrap_or_default(),
        currency: "USD".into(),
        price_unit: Some(PriceUnit::InstanceHour),
        as_of: origin.fetched_at.to_owned(),
        source: "vast-bundles".into(),
        source_ref: origin.url.to_owned(),
        note: note.join("; "),
        ..Row::default()
    };
    let mut out = Vec::new();
    if let Some(p) = positive_price(offer.dph_base.get()) {
        out.push(Row {
            billing_mode: Some(BillingMode::OnDemand),
            price: p.to_owned(),
            ..base.clone()
        });
    }
    if let Some(p) = positive_price(text(&offer.min_bid)) {
        out.push(Row {
            billing_mode: Some(BillingMode::Bid),
            price: p.to_owned(),
            ..base
        });
    }
    out
}
