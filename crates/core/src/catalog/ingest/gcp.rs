//! Google Cloud instance prices from Cyclenerd's `pricing.yml` (flattened per instance and
//! region).

use super::*;

/// Display name and per-GPU memory in GiB for a Cyclenerd `gpu_key`.
///
/// The memory is not in the source: the figures are the GPU makers' datasheet values
/// (NVIDIA A100 40 GB / 80 GB, H100 SXM 80 GB, L4 24 GB, RTX PRO 6000 Blackwell 96 GB).
/// Unknown keys return `None` (and make ingest fail, so a new key is never guessed at).
#[must_use]
pub fn gcp_gpu(key: &str) -> Option<(&'static str, f64)> {
    match key {
        "a100" => Some(("A100 40GB", 40.0)),
        "a100-80gb" => Some(("A100 80GB", 80.0)),
        "h100-80gb" => Some(("H100 80GB", 80.0)),
        "h100-80gb-mega" => Some(("H100 80GB Mega", 80.0)),
        "l4" => Some(("L4", 24.0)),
        "rtx6000" => Some(("RTX PRO 6000", 96.0)),
        _ => None,
    }
}

/// Parses the Cyclenerd Google Cloud file (columns by name: `instance_type`, `gpu_key`,
/// `gpu_count`, `region`, `hour` required; `cpu`, `ram`, `hour_spot` optional).
///
/// On-demand = `hour` and spot = `hour_spot`, both USD per instance-hour; one offer per
/// `instance_type` (cheapest region). GPU model and per-GPU memory come from [`gcp_gpu`];
/// fractional G4 counts (0.125, 0.25, 0.5 RTX PRO 6000) are skipped. Billing is per second
/// with a 1-minute minimum ([`BillingRecord::PER_SECOND_MIN_60S`], from Google's docs).
///
/// # Errors
/// Malformed CSV, a missing column, a number cell that does not parse, or an unknown `gpu_key`.
pub fn parse_gcp_cyclenerd(text: &str) -> Result<Catalog, IngestError> {
    let file = GCP_FILE;
    let table = Table::read(file, text)?;
    let c_type = table.col("instance_type")?;
    let c_key = table.col("gpu_key")?;
    let c_count = table.col("gpu_count")?;
    let c_region = table.col("region")?;
    let c_hour = table.col("hour")?;
    let c_spot = table.opt_col("hour_spot");
    let c_cpu = table.opt_col("cpu");
    let c_ram = table.opt_col("ram");
    let c_month_1y = table.opt_col("month_1y");
    let c_month_3y = table.opt_col("month_3y");

    let mut agg = Aggregator::default();
    let mut skipped = Vec::new();
    for (line, rec) in &table.records {
        let at = At { file, line: *line };
        let instance_type = cell(rec, c_type);
        let key = cell(rec, c_key);
        if key.is_empty() {
            skipped.push(at.skip(format!("empty accelerator name: {instance_type}")));
            continue;
        }
        let Some((model, memory)) = gcp_gpu(key) else {
            return Err(at.bad(
                "gpu_key",
                key,
                "a known GPU key (a100, a100-80gb, h100-80gb, h100-80gb-mega, l4, rtx6000)",
            ));
        };
        let count = match gpu_count(&at, "gpu_count", cell(rec, c_count))? {
            Ok(n) => n,
            Err(reason) => {
                skipped.push(at.skip(reason));
                continue;
            }
        };
        let price = match on_demand_price(&at, "hour", cell(rec, c_hour))? {
            Ok(p) => p,
            Err(reason) => {
                skipped.push(at.skip(reason));
                continue;
            }
        };
        let mut commitments = Vec::new();
        for (column, c, term) in [("month_1y", c_month_1y, 12), ("month_3y", c_month_3y, 36)] {
            if let Some(month) = optional_quantity(&at, column, opt_cell(rec, c))? {
                // Cyclenerd's month figures are 730 × the hourly rate; Google bills committed
                // use monthly with nothing upfront.
                commitments.push(TermRecord {
                    mode: "committed_use",
                    term_months: term,
                    term_days: 0,
                    payment: Some("no upfront"),
                    basis: "recurring",
                    upfront: 0.0,
                    price: month / HOURS_PER_MONTH,
                    region: cell(rec, c_region).to_string(),
                    source: 0,
                    note: String::new(),
                });
            }
        }
        let offer = OfferRecord {
            id: format!("gcp-cyclenerd/{instance_type}").to_lowercase(),
            provider: "Google Cloud".to_string(),
            instance_type: instance_type.to_string(),
            gpu_model: model.to_string(),
            gpu_count: count,
            gpu_memory_gib: Some(memory),
            vcpus: optional_quantity(&at, "cpu", opt_cell(rec, c_cpu))?,
            ram_gib: optional_quantity(&at, "ram", opt_cell(rec, c_ram))?,
            region: cell(rec, c_region).to_string(),
            listings: 1,
            on_demand_per_hour: Some(price),
            spot_per_hour: spot_price(&at, "hour_spot", opt_cell(rec, c_spot))?,
            currency: "USD",
            billing: billing_for("Google Cloud"),
            source: 0,
            note: String::new(),
            provider_kind: "",
            source_gpu_name: key.to_string(),
            interconnect: "",
            gpu_memory_total_gib: None,
            source_gpu_memory_gib: None,
            on_demand_spread: None,
            spot_spread: None,
            spot_listings: 0,
            regions: Vec::new(),
            terms: commitments,
            spot_source: None,
            cheapest_elsewhere: None,
            sold_via: String::new(),
            tier: String::new(),
            count_stated: true,
        };
        agg.add(instance_type.to_string(), offer);
    }
    let source = SourceRecord {
        id: "gcp-cyclenerd".to_string(),
        reference: "github.com/Cyclenerd/google-cloud-pricing-cost-calculator pricing.yml @ fd66b26ff84fee5cdd94f341ea89206e76c06b99".to_string(),
        as_of: GCP_AS_OF.to_string(),
        as_of_exact: true,
        licence: "Apache-2.0 (repository LICENSE and file header, © Nils Knieling)".to_string(),
        note: "pricing.yml generated Thu Jul 30 06:13:17 2026. On-demand list price per instance and region; committed-use and sustained-use discounts not applied. No TPU prices and no N1-attached T4/V100/P4/P100 prices. GPU memory per GPU is from the GPU makers' datasheets, not from the source. A region listed with a price may have no capacity.".to_string(),
    };
    Ok(Catalog {
        sources: vec![source],
        offers: agg.finish(),
        skipped,
        dropped: Vec::new(),
        superseded: Vec::new(),
        specs: Vec::new(),
    })
}
