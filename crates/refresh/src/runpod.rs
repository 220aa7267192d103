//! RunPod's GraphQL API (`POST https://api.runpod.io/graphql`; gpuhunt `providers/runpod.py`
//! posts without a key): `gpuTypes` with per-GPU-hour `securePrice`, `communityPrice`,
//! `secureSpotPrice`, `communitySpotPrice` (interruptible: minimum bids), and the savings-plan
//! prices `oneWeekPrice`, `oneMonthPrice`, `threeMonthPrice`. RunPod's terms forbid automated
//! collection without permission: the command fetches it only with `--accept-terms runpod`.

use crate::error::{json_error, ParseError};
use crate::fetch::Request;
use crate::schema::{positive_price, BillingMode, PriceUnit, Row};
use crate::Origin;
use serde::Deserialize;
use serde_json::value::RawValue;

/// The API endpoint.
pub const URL: &str = "https://api.runpod.io/graphql";

/// The query: every GPU type with its prices for one GPU.
pub const QUERY: &str = "query GpuTypes { gpuTypes { id displayName memoryInGb maxGpuCount \
secureCloud communityCloud securePrice communityPrice secureSpotPrice communitySpotPrice \
oneWeekPrice oneMonthPrice threeMonthPrice lowestPrice(input: {gpuCount: 1}) \
{ minimumBidPrice uninterruptablePrice } } }";

/// The one request: the query as a GraphQL JSON body.
#[must_use]
pub fn request() -> Request {
    let body = serde_json::json!({ "query": QUERY }).to_string();
    Request::post_json(URL, body, "gpu-types.json")
}

/// One element of `gpuTypes`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GpuType {
    /// "NVIDIA A100 80GB PCIe".
    pub id: String,
    /// "A100 80GB".
    #[serde(default)]
    pub display_name: Option<String>,
    /// Memory per GPU, GB.
    #[serde(default)]
    pub memory_in_gb: Option<Box<RawValue>>,
    /// Most GPUs one pod can have.
    #[serde(default)]
    pub max_gpu_count: Option<u32>,
    /// Secure Cloud on-demand, per GPU-hour.
    #[serde(default)]
    pub secure_price: Option<Box<RawValue>>,
    /// Community Cloud on-demand, per GPU-hour.
    #[serde(default)]
    pub community_price: Option<Box<RawValue>>,
    /// Secure Cloud interruptible minimum bid, per GPU-hour.
    #[serde(default)]
    pub secure_spot_price: Option<Box<RawValue>>,
    /// Community Cloud interruptible minimum bid, per GPU-hour.
    #[serde(default)]
    pub community_spot_price: Option<Box<RawValue>>,
    /// Savings plan, 1-week term, per GPU-hour.
    #[serde(default)]
    pub one_week_price: Option<Box<RawValue>>,
    /// Savings plan, 1-month term, per GPU-hour.
    #[serde(default)]
    pub one_month_price: Option<Box<RawValue>>,
    /// Savings plan, 3-month term, per GPU-hour.
    #[serde(default)]
    pub three_month_price: Option<Box<RawValue>>,
}

#[derive(Deserialize)]
struct Response {
    #[serde(default)]
    data: Option<Data>,
    #[serde(default)]
    errors: Vec<GraphQlError>,
}

#[derive(Deserialize)]
struct Data {
    #[serde(rename = "gpuTypes")]
    gpu_types: Vec<GpuType>,
}

#[derive(Deserialize)]
struct GraphQlError {
    message: String,
}

/// Reads the GraphQL response (`{"data": {"gpuTypes": [...]}}`).
///
/// # Errors
/// [`ParseError::Json`] if it is not that shape, [`ParseError::Service`] if it carries GraphQL
/// `errors` and no data.
pub fn read(bytes: &[u8], origin: &Origin) -> Result<Vec<Row>, ParseError> {
    let response: Response =
        serde_json::from_slice(bytes).map_err(|e| json_error(origin.name, &e))?;
    let Some(data) = response.data else {
        return Err(ParseError::Service {
            file: origin.name.to_owned(),
            message: response
                .errors
                .into_iter()
                .map(|e| e.message)
                .collect::<Vec<_>>()
                .join("; "),
        });
    };
    Ok(data
        .gpu_types
        .iter()
        .flat_map(|g| rows(g, origin))
        .collect())
}

/// A price field of a GPU type, with the billing mode, term (months) and note it stands for.
type PriceField<'a> = (
    &'a Option<Box<RawValue>>,
    BillingMode,
    Option<u32>,
    &'static str,
);

/// The rows of one GPU type: one per non-null, non-zero price, per GPU-hour, no region (the
/// prices are RunPod-wide; `lowestPrice` per data centre is not asked for).
#[must_use]
pub fn rows(gpu: &GpuType, origin: &Origin) -> Vec<Row> {
    let base = Row {
        provider: "RunPod".into(),
        instance_type: gpu.id.clone(),
        gpu_name: gpu.display_name.clone().unwrap_or_else(|| gpu.id.clone()),
        gpu_count: "1".into(),
        gpu_memory_gib: gpu
            .memory_in_gb
            .as_ref()
            .map(|m| m.get().to_owned())
            .unwrap_or_default(),
        currency: "USD".into(),
        price_unit: Some(PriceUnit::GpuHour),
        as_of: origin.fetched_at.to_owned(),
        source: "runpod-graphql".into(),
        source_ref: origin.url.to_owned(),
        ..Row::default()
    };
    let max = gpu
        .max_gpu_count
        .map(|m| format!("; up to {m} GPUs per pod"))
        .unwrap_or_default();
    let prices: [PriceField; 7] = [
        (
            &gpu.secure_price,
            BillingMode::OnDemand,
            None,
            "Secure Cloud",
        ),
        (
            &gpu.community_price,
            BillingMode::OnDemand,
            None,
            "Community Cloud",
        ),
        (
            &gpu.secure_spot_price,
            BillingMode::Bid,
            None,
            "Secure Cloud interruptible, minimum bid",
        ),
        (
            &gpu.community_spot_price,
            BillingMode::Bid,
            None,
            "Community Cloud interruptible, minimum bid",
        ),
        (
            &gpu.one_week_price,
            BillingMode::SavingsPlan,
            None,
            "savings plan, 1-week term",
        ),
        (
            &gpu.one_month_price,
            BillingMode::SavingsPlan,
            Some(1),
            "savings plan, 1-month term",
        ),
        (
            &gpu.three_month_price,
            BillingMode::SavingsPlan,
            Some(3),
            "savings plan, 3-month term",
        ),
    ];
    prices
        .into_iter()
        .filter_map(|(price, mode, term, what)| {
            let p = positive_price(price.as_ref()?.get())?;
            Some(Row {
                billing_mode: Some(mode),
                term_months: term,
                price: p.to_owned(),
                note: format!("{what}{max}"),
                ..base.clone()
            })
        })
        .collect()
}
