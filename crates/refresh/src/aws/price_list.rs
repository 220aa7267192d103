//! The AWS Price List bulk file for EC2 in its CSV form (`…/offers/v1.0/aws/AmazonEC2/<version
//! or current>/<region>/index.csv`): five preamble lines (`FormatVersion`, `Disclaimer`,
//! `Publication Date`, `Version`, `OfferCode`), a header, then one line per price dimension.
//! On-demand rows carry an hourly price; a Reserved offer term is a pair of lines, the hourly
//! rate (`Unit` "Hrs") and the upfront fee (`Unit` "Quantity"), joined by SKU and
//! `OfferTermCode`. Format: AWS Price List documentation ("Reading the price list files");
//! the filters are gpuhunt's `providers/aws.py` and SkyPilot's `fetch_aws.py`
//! (docs/catalog-refresh.md, "Providers").

use crate::error::{csv_error, ParseError};
use crate::schema::{positive_price, BillingMode, Payment, PriceUnit, Row};
use crate::tables::Accelerators;
use crate::Origin;
use std::collections::{BTreeMap, HashMap};

/// Which rows are the planner's prices: the attribute values a row must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Filter {
    /// `Operating System` ("Linux": no licence in the price).
    pub operating_system: &'static str,
    /// `Tenancy` ("Shared": not Dedicated instances or Hosts).
    pub tenancy: &'static str,
    /// `CapacityStatus` ("Used": not unused or allocated capacity reservations).
    pub capacity_status: &'static str,
    /// `Pre Installed S/W` ("NA": no SQL Server in the price).
    pub pre_installed_sw: &'static str,
}

/// The planner's filter: Linux, shared tenancy, used capacity, no pre-installed software.
pub const PLANNER_FILTER: Filter = Filter {
    operating_system: "Linux",
    tenancy: "Shared",
    capacity_status: "Used",
    pre_installed_sw: "NA",
};

/// The preamble's facts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Preamble {
    /// `Publication Date` (`YYYY-MM-DDTHH:MM:SSZ`): the rows' `as_of`.
    pub publication_date: String,
    /// `Version` (e.g. "20250912225308"): names the immutable URL of this file.
    pub version: String,
    /// `OfferCode` ("AmazonEC2").
    pub offer_code: String,
}

/// One price line, with the attributes the planner reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// `SKU`.
    pub sku: String,
    /// `OfferTermCode`: with the SKU, names one offer term (a reserved pair shares it).
    pub offer_term_code: String,
    /// `TermType`: "OnDemand" or "Reserved".
    pub term_type: String,
    /// `Unit`: "Hrs" (hourly rate) or "Quantity" (upfront fee).
    pub unit: String,
    /// `PricePerUnit` as written.
    pub price: String,
    /// `Currency`.
    pub currency: String,
    /// `LeaseContractLength` ("1yr", "3yr").
    pub lease: String,
    /// `PurchaseOption`.
    pub purchase_option: String,
    /// `OfferingClass` ("standard", "convertible").
    pub offering_class: String,
    /// `Instance Type`.
    pub instance_type: String,
    /// `vCPU`.
    pub vcpu: String,
    /// `Memory` ("2048 GiB").
    pub memory: String,
    /// `Tenancy`.
    pub tenancy: String,
    /// `Operating System`.
    pub operating_system: String,
    /// `Pre Installed S/W`.
    pub pre_installed_sw: String,
    /// `CapacityStatus`.
    pub capacity_status: String,
    /// `MarketOption` ("OnDemand", "CapacityBlock"; "OnDemand" where the column is absent).
    pub market_option: String,
    /// `GPU` (count), empty for most types.
    pub gpu: String,
    /// `GPU Memory` ("192 GB": per instance), empty or "NA" for most types.
    pub gpu_memory: String,
    /// `Region Code`.
    pub region: String,
}

/// A price list read: the preamble and the lines kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PriceList {
    /// The five preamble lines' facts.
    pub preamble: Preamble,
    /// Every line whose instance type the caller kept, in file order.
    pub lines: Vec<Line>,
}

const PREAMBLE: [&str; 5] = [
    "FormatVersion",
    "Disclaimer",
    "Publication Date",
    "Version",
    "OfferCode",
];

/// The five preamble lines every AWS price-list CSV starts with (the EC2 price list and the
/// savings-plan rate files alike), then its header line as a column index; the records
/// iterator is left at the first data line.
///
/// # Errors
///
/// [`ParseError::Preamble`] when a preamble line is not the expected one (line and text),
/// the CSV error of an unreadable line.
pub(super) fn read_head<R: std::io::Read>(
    records: &mut csv::StringRecordsIter<'_, R>,
    origin: &Origin,
) -> Result<(Preamble, Header), ParseError> {
    let mut next = || {
        records
            .next()
            .transpose()
            .map_err(|e| csv_error(origin.name, &e))
            .map(Option::unwrap_or_default)
    };
    let mut preamble = Preamble::default();
    for (i, expected) in PREAMBLE.iter().enumerate() {
        let record = next()?;
        let found = record.get(0).unwrap_or("");
        if found != *expected {
            return Err(ParseError::Preamble {
                file: origin.name.to_owned(),
                line: i + 1,
                expected,
                found: found.to_owned(),
            });
        }
        let value = record.get(1).unwrap_or("").to_owned();
        match i {
            2 => preamble.publication_date = value,
            3 => preamble.version = value,
            4 => preamble.offer_code = value,
            _ => {}
        }
    }
    let header = next()?;
    Ok((
        preamble,
        Header {
            columns: header
                .iter()
                .enumerate()
                .map(|(i, h)| (h.to_owned(), i))
                .collect(),
            file: origin.name.to_owned(),
        },
    ))
}

/// A price-list CSV's header line: each column's position by name.
pub(super) struct Header {
    columns: HashMap<String, usize>,
    file: String,
}

impl Header {
    /// Position of column `name`, if the file has it.
    pub(super) fn optional(&self, name: &str) -> Option<usize> {
        self.columns.get(name).copied()
    }

    /// Position of column `name`.
    ///
    /// # Errors
    ///
    /// [`ParseError::MissingColumn`] naming the file and the column.
    pub(super) fn column(&self, name: &'static str) -> Result<usize, ParseError> {
        self.optional(name)
            .ok_or_else(|| ParseError::MissingColumn {
                file: self.file.clone(),
                column: name,
            })
    }
}

/// Reads a price-list CSV, keeping the lines for which `keep(instance_type, gpu_column)` holds
/// (the whole us-east-1 file is about 300 MB; only accelerator types are kept in memory).
///
/// # Errors
/// [`ParseError::Preamble`] if the five preamble lines are not there in order,
/// [`ParseError::MissingColumn`] if the header lacks a needed column, [`ParseError::Csv`] on an
/// unreadable record.
pub fn read(
    bytes: &[u8],
    origin: &Origin,
    keep: &dyn Fn(&str, &str) -> bool,
) -> Result<PriceList, ParseError> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes);
    let mut records = reader.records();
    let (preamble, header) = read_head(&mut records, origin)?;
    let column = |name: &'static str| header.column(name);
    let c = Columns {
        sku: column("SKU")?,
        offer_term_code: column("OfferTermCode")?,
        term_type: column("TermType")?,
        unit: column("Unit")?,
        price: column("PricePerUnit")?,
        currency: column("Currency")?,
        lease: column("LeaseContractLength")?,
        purchase_option: column("PurchaseOption")?,
        offering_class: column("OfferingClass")?,
        instance_type: column("Instance Type")?,
        vcpu: column("vCPU")?,
        memory: column("Memory")?,
        tenancy: column("Tenancy")?,
        operating_system: column("Operating System")?,
        pre_installed_sw: column("Pre Installed S/W")?,
        capacity_status: column("CapacityStatus")?,
        region: column("Region Code")?,
        // Older files have no MarketOption (no Capacity Blocks) and no GPU columns.
        market_option: header.optional("MarketOption"),
        gpu: header.optional("GPU"),
        gpu_memory: header.optional("GPU Memory"),
    };
    let mut lines = Vec::new();
    for record in records {
        let record = record.map_err(|e| csv_error(origin.name, &e))?;
        let get = |i: usize| record.get(i).unwrap_or("").to_owned();
        let opt = |i: Option<usize>| i.and_then(|i| record.get(i)).unwrap_or("").to_owned();
        let instance_type = record.get(c.instance_type).unwrap_or("");
        let gpu = c.gpu.and_then(|i| record.get(i)).unwrap_or("");
        if instance_type.is_empty() || !keep(instance_type, gpu) {
            continue;
        }
        let market_option = opt(c.market_option);
        lines.push(Line {
            sku: get(c.sku),
            offer_term_code: get(c.offer_term_code),
            term_type: get(c.term_type),
            unit: get(c.unit),
            price: get(c.price),
            currency: get(c.currency),
            lease: get(c.lease),
            purchase_option: get(c.purchase_option),
            offering_class: get(c.offering_class),
            instance_type: instance_type.to_owned(),
            vcpu: get(c.vcpu),
            memory: get(c.memory),
            tenancy: get(c.tenancy),
            operating_system: get(c.operating_system),
            pre_installed_sw: get(c.pre_installed_sw),
            capacity_status: get(c.capacity_status),
            market_option: if market_option.is_empty() {
                "OnDemand".to_owned()
            } else {
                market_option
            },
            gpu: gpu.to_owned(),
            gpu_memory: opt(c.gpu_memory),
            region: get(c.region),
        });
    }
    Ok(PriceList { preamble, lines })
}

struct Columns {
    sku: usize,
    offer_term_code: usize,
    term_type: usize,
    unit: usize,
    price: usize,
    currency: usize,
    lease: usize,
    purchase_option: usize,
    offering_class: usize,
    instance_type: usize,
    vcpu: usize,
    memory: usize,
    tenancy: usize,
    operating_system: usize,
    pre_installed_sw: usize,
    capacity_status: usize,
    region: usize,
    market_option: Option<usize>,
    gpu: Option<usize>,
    gpu_memory: Option<usize>,
}

type ReservedPair<'a> = (Option<&'a Line>, Option<&'a Line>);

/// Why lines were not turned into rows, with counts (for the provenance file).
pub type Skipped = BTreeMap<&'static str, u64>;

/// The normalised rows of `list`: one on-demand row per on-demand line and one reserved row per
/// reserved offer term (hourly rate + upfront fee), for lines matching `filter`.
///
/// `MarketOption=CapacityBlock` lines are skipped and counted: the price list carries them at
/// $0.0000000000 as placeholders (Capacity Block prices come from
/// `ec2:DescribeCapacityBlockOfferings`, which needs credentials; docs/catalog-refresh.md).
/// `source_ref` is the immutable versioned URL when `origin.url` is a `current` URL.
#[must_use]
pub fn rows(
    list: &PriceList,
    origin: &Origin,
    filter: &Filter,
    table: &HashMap<String, Accelerators>,
) -> (Vec<Row>, Skipped) {
    let mut skipped = Skipped::new();
    let source_ref = versioned_url(origin.url, &list.preamble.version);
    let as_of = if list.preamble.publication_date.is_empty() {
        origin.fetched_at.to_owned()
    } else {
        list.preamble.publication_date.clone()
    };
    let base = |line: &Line| {
        let acc = table.get(&line.instance_type).cloned().unwrap_or_default();
        Row {
            provider: "AWS".into(),
            instance_type: line.instance_type.clone(),
            gpu_name: acc.name,
            gpu_count: if line.gpu.is_empty() || line.gpu == "NA" {
                acc.count
            } else {
                line.gpu.clone()
            },
            gpu_memory_gib: acc.memory_gib,
            vcpus: line.vcpu.clone(),
            ram_gib: line.memory.trim_end_matches(" GiB").to_owned(),
            region: line.region.clone(),
            currency: line.currency.clone(),
            price_unit: Some(PriceUnit::InstanceHour),
            as_of: as_of.clone(),
            source: "aws-price-list".into(),
            source_ref: source_ref.clone(),
            ..Row::default()
        }
    };
    let mut out = Vec::new();
    // (SKU, OfferTermCode) → (hourly line, upfront fee line) of one reserved offer term.
    let mut reserved: BTreeMap<(&str, &str), ReservedPair> = BTreeMap::new();
    for line in &list.lines {
        if line.market_option == "CapacityBlock" {
            *skipped
                .entry("MarketOption=CapacityBlock ($0 placeholder)")
                .or_default() += 1;
            continue;
        }
        if line.operating_system != filter.operating_system
            || line.tenancy != filter.tenancy
            || line.capacity_status != filter.capacity_status
            || line.pre_installed_sw != filter.pre_installed_sw
            || line.market_option != "OnDemand"
        {
            *skipped
                .entry("other operating system, tenancy, capacity status or software")
                .or_default() += 1;
            continue;
        }
        match (line.term_type.as_str(), line.unit.as_str()) {
            ("OnDemand", "Hrs") => {
                if positive_price(&line.price).is_none() {
                    *skipped.entry("on-demand line priced 0").or_default() += 1;
                    continue;
                }
                out.push(Row {
                    billing_mode: Some(BillingMode::OnDemand),
                    price: line.price.clone(),
                    ..base(line)
                });
            }
            ("Reserved", "Hrs") => {
                reserved
                    .entry((&line.sku, &line.offer_term_code))
                    .or_default()
                    .0 = Some(line);
            }
            ("Reserved", "Quantity") => {
                reserved
                    .entry((&line.sku, &line.offer_term_code))
                    .or_default()
                    .1 = Some(line);
            }
            _ => *skipped.entry("other term type or unit").or_default() += 1,
        }
    }
    for (hourly, fee) in reserved.into_values() {
        let Some(hourly) = hourly else {
            *skipped
                .entry("upfront fee without an hourly line")
                .or_default() += 1;
            continue;
        };
        let term_months = match hourly.lease.as_str() {
            "1yr" => 12,
            "3yr" => 36,
            _ => {
                *skipped.entry("unknown LeaseContractLength").or_default() += 1;
                continue;
            }
        };
        let Some(payment) = payment(&hourly.purchase_option) else {
            *skipped.entry("unknown PurchaseOption").or_default() += 1;
            continue;
        };
        out.push(Row {
            billing_mode: Some(BillingMode::Reserved),
            term_months: Some(term_months),
            payment: Some(payment),
            price: hourly.price.clone(),
            upfront: fee.map(|f| f.price.clone()).unwrap_or_default(),
            note: format!("{} reserved instance", hourly.offering_class),
            ..base(hourly)
        });
    }
    (out, skipped)
}

/// The schema's payment of an AWS `PurchaseOption` (price list and Savings Plans).
#[must_use]
pub fn payment(purchase_option: &str) -> Option<Payment> {
    match purchase_option {
        "No Upfront" => Some(Payment::NoUpfront),
        "Partial Upfront" => Some(Payment::PartialUpfront),
        "All Upfront" => Some(Payment::AllUpfront),
        _ => None,
    }
}

/// `url` with its `/current/` path segment replaced by `/<version>/`, the immutable URL of the
/// same file; `url` unchanged when it has no such segment or the version is unknown.
#[must_use]
pub fn versioned_url(url: &str, version: &str) -> String {
    if version.is_empty() || !version.bytes().all(|b| b.is_ascii_digit()) {
        return url.to_owned();
    }
    url.replacen("/current/", &format!("/{version}/"), 1)
}
