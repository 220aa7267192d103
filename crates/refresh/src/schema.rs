//! The normalised row every parser produces and `refresh-<provider>.csv` holds, one line per
//! (instance type, region, zone, way of buying), agreed with the catalog's ingest
//! (`crates/core/src/catalog/`): see `docs/catalog-refresh.md`, "The normalised schema".

use serde::Serialize;

/// The CSV header, in column order (the field order of [`Row`]).
pub const HEADER: [&str; 20] = [
    "provider",
    "instance_type",
    "gpu_name",
    "gpu_count",
    "gpu_memory_gib",
    "vcpus",
    "ram_gib",
    "region",
    "zone",
    "billing_mode",
    "term_months",
    "payment",
    "price",
    "upfront",
    "currency",
    "price_unit",
    "as_of",
    "source",
    "source_ref",
    "note",
];

/// How a price is bought.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BillingMode {
    /// Pay as you go, no commitment.
    OnDemand,
    /// Interruptible capacity at the provider's current spot price.
    Spot,
    /// Interruptible capacity at a price the renter bids (the row gives the minimum bid).
    Bid,
    /// A reserved instance or reservation for a term (`term_months`), paid per `payment`.
    Reserved,
    /// A savings plan: a spend commitment per hour for a term, usage billed at the plan's rate.
    SavingsPlan,
    /// A committed-use contract (Google Cloud CUD) for a term.
    CommittedUse,
    /// A subscription (包月/包年) bought for a period.
    Subscription,
    /// A prepaid package of hours or days.
    Package,
    /// AWS EC2 Capacity Blocks for ML.
    CapacityBlock,
    /// Google Cloud Flex-start (DWS) capacity.
    FlexStart,
}

/// How a reserved or committed price is paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Payment {
    /// Nothing upfront; the whole term is billed per hour or month.
    NoUpfront,
    /// Part upfront (`upfront`), the rest at `price` per `price_unit`.
    PartialUpfront,
    /// Everything upfront (`upfront`); `price` is then usually 0.
    AllUpfront,
}

/// What one `price` buys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PriceUnit {
    /// One hour of the whole instance (all its GPUs).
    InstanceHour,
    /// One hour of one GPU.
    GpuHour,
    /// One day of the whole instance.
    InstanceDay,
    /// One week of the whole instance.
    InstanceWeek,
    /// One month of the whole instance (the source's month; Google's is 730 h).
    InstanceMonth,
    /// One year of the whole instance.
    InstanceYear,
    /// One day of one GPU.
    GpuDay,
    /// One week of one GPU.
    GpuWeek,
    /// One month of one GPU.
    GpuMonth,
    /// One year of one GPU.
    GpuYear,
    /// The whole term's price (`term_months`), e.g. an Azure reservation.
    TermTotal,
}

/// One normalised price: the columns of `refresh-<provider>.csv`.
///
/// Text fields hold numbers exactly as the source wrote them (`price` "21.9576420000",
/// "42066.0"): nothing is re-rounded. An empty cell means "not stated by the source".
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Row {
    /// Provider name as the catalog shows it ("AWS", "Azure", "Google Cloud", …).
    pub provider: String,
    /// The provider's own instance, size or offer name ("p5.48xlarge", "Standard_NC48ads_A100_v4").
    pub instance_type: String,
    /// Accelerator model as the source or the crate's static table names it (not canonicalised).
    pub gpu_name: String,
    /// Accelerators per instance, as written ("8", "8.0", "1/6" for a fraction of a GPU).
    pub gpu_count: String,
    /// Memory per accelerator, GiB.
    pub gpu_memory_gib: String,
    /// vCPUs per instance.
    pub vcpus: String,
    /// Instance memory, GiB.
    pub ram_gib: String,
    /// Region code or location as the source writes it ("us-east-1", "eastus2", "Norway").
    pub region: String,
    /// Zone or host, where the price is specific to one.
    pub zone: String,
    /// How the price is bought.
    pub billing_mode: Option<BillingMode>,
    /// Term of a reserved, committed or savings-plan price, months (12, 36).
    pub term_months: Option<u32>,
    /// Payment option of a term price.
    pub payment: Option<Payment>,
    /// The price per `price_unit`, in `currency`, as the source wrote it.
    pub price: String,
    /// One-off amount paid at the start of the term, in `currency`, as written.
    pub upfront: String,
    /// ISO 4217 code ("USD", "CNY").
    pub currency: String,
    /// What one `price` buys.
    pub price_unit: Option<PriceUnit>,
    /// Date of the data: the source's own date where it gives one, else the fetch time
    /// (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SSZ`).
    pub as_of: String,
    /// Short id of the source format ("aws-price-list", "azure-retail-prices").
    pub source: String,
    /// Where the row comes from: the URL fetched (versioned where the source has versions).
    pub source_ref: String,
    /// What else a reader needs: offering class, interruption band, included disk, caveats.
    pub note: String,
}

impl Row {
    /// The key rows are sorted by in the written file, so a refresh that changes nothing
    /// writes the same bytes and a weekly pull request shows only real changes.
    #[must_use]
    pub fn sort_key(&self) -> impl Ord + '_ {
        (
            &self.instance_type,
            &self.region,
            &self.zone,
            self.billing_mode,
            self.term_months,
            self.payment,
            self.price_unit,
            &self.note,
            &self.price,
        )
    }
}

/// Writes `rows` as CSV (header first) with the csv crate.
///
/// # Errors
/// The csv writer's error (in memory it only fails on a serialisation bug).
pub fn to_csv(rows: &[Row]) -> Result<Vec<u8>, csv::Error> {
    let mut writer = csv::WriterBuilder::new()
        .has_headers(true)
        .from_writer(Vec::new());
    if rows.is_empty() {
        writer.write_record(HEADER)?;
    }
    for row in rows {
        writer.serialize(row)?;
    }
    writer
        .into_inner()
        .map_err(|e| csv::Error::from(e.into_error()))
}

/// `price` if it is a number above zero, else `None`: the sources mark "not sold here" with
/// 0, "N/A*", "-" or an empty cell, and such a row must not become a free offer.
#[must_use]
pub fn positive_price(text: &str) -> Option<&str> {
    let t = text.trim();
    match t.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Some(t),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_matches_the_struct_and_enums_write_snake_case() {
        let row = Row {
            provider: "AWS".into(),
            billing_mode: Some(BillingMode::SavingsPlan),
            term_months: Some(36),
            payment: Some(Payment::PartialUpfront),
            price_unit: Some(PriceUnit::TermTotal),
            price: "0.1046300000".into(),
            ..Row::default()
        };
        let text = String::from_utf8(to_csv(&[row]).unwrap()).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next().unwrap(), HEADER.join(","));
        assert_eq!(
            lines.next().unwrap(),
            "AWS,,,,,,,,,savings_plan,36,partial_upfront,0.1046300000,,,term_total,,,,"
        );
        let empty = String::from_utf8(to_csv(&[]).unwrap()).unwrap();
        assert_eq!(empty.trim_end(), HEADER.join(","));
    }

    #[test]
    fn zero_and_placeholder_prices_are_not_prices() {
        assert_eq!(positive_price("0.0000000000"), None);
        assert_eq!(positive_price("N/A*"), None);
        assert_eq!(positive_price(""), None);
        assert_eq!(positive_price("-1"), None);
        assert_eq!(positive_price(" 1.368 "), Some("1.368"));
    }
}
