//! Azure: one offer per VM size (`azure/<size>`), from several dated sources merged per
//! region: Linux on-demand in 52 regions (karpenter-provider-azure, 2026-06-18), on-demand,
//! Spot and the 1-year savings plan in four European regions (azure-pricing-radar,
//! 2026-08-22), and reservations, savings plans and Spot for a few sizes and regions (the
//! pricing calculator, the Retail Prices API and a secondary term catalog). GPU model, count,
//! memory, vCPUs, RAM and retirement come from the N-series size table (`azure-gpu-sizes.csv`).
//!
//! Rules: a retired size (retired, or retirement announced for a date before this catalog,
//! 2026-12-01) is dropped; a size whose GPU count the size pages do not state, or a fraction of
//! one GPU, is skipped; where two sources price the same size and region on demand, the newer
//! one's price is kept; US Government regions are left out (they need an eligible account).

use super::*;

/// The size table.
pub const AZURE_SIZES_FILE: &str = "azure-gpu-sizes.csv";
/// On-demand, 52 regions.
pub const AZURE_KARPENTER_FILE: &str = "azure-karpenter-vms.csv";
/// On-demand, Spot, 1-year savings plan; 4 European regions.
pub const AZURE_RADAR_FILE: &str = "azure-pricingradar-vms.csv";
/// Pay-as-you-go, reservations, savings plans, Spot; poland-central.
pub const AZURE_CALCULATOR_FILE: &str = "azure-reservations-calculator-polandcentral.csv";
/// Pay-as-you-go, Spot, reservations; indonesiacentral.
pub const AZURE_IDC_FILE: &str = "azure-reservations-ibranibeny-indonesiacentral.csv";
/// Raw Retail Prices API items with reservations.
pub const AZURE_BABAJIDE_FILE: &str = "azure-reservations-babajide-retailapi.csv";
/// Secondary term catalog (eastus, eastus2).
pub const AZURE_TERMCATALOG_FILE: &str = "azure-reservations-termcatalog-idx71169283831.csv";

/// Every Azure file.
pub const AZURE_FILES: &[&str] = &[
    AZURE_SIZES_FILE,
    AZURE_KARPENTER_FILE,
    AZURE_RADAR_FILE,
    AZURE_CALCULATOR_FILE,
    AZURE_IDC_FILE,
    AZURE_BABAJIDE_FILE,
    AZURE_TERMCATALOG_FILE,
];

/// The date before which an announced retirement counts as done: the day this catalog was
/// gathered (NVv3 and NVv4 were announced for 2026-09-30).
const CATALOG_DATE: &str = "2026-12-01";

/// Retirements announced on the size pages: (size prefix, date).
const ANNOUNCED_RETIREMENTS: &[(&str, &str)] = &[("Standard_NV", "2026-09-30")];

const RESERVATION_NOTE: &str =
    "Azure reservation; the same total can be paid upfront or monthly (idx:71169283831)";

struct Size {
    gpu: String,
    count: Option<u32>,
    total_memory: Option<f64>,
    vcpus: Option<f64>,
    ram: Option<f64>,
    retired: Option<String>,
}

/// Reads every Azure file through `read`; see the module doc.
///
/// # Errors
/// Malformed CSV, a missing column or a number cell that does not parse.
pub fn parse_azure(
    read: &dyn Fn(&str) -> Result<String, IngestError>,
) -> Result<Catalog, IngestError> {
    let source = |id: &str, reference: &str, as_of: &str, licence: &str, note: &str| SourceRecord {
        id: id.to_string(),
        reference: reference.to_string(),
        as_of: as_of.to_string(),
        as_of_exact: as_of.len() == 10,
        licence: licence.to_string(),
        note: note.to_string(),
    };
    let sources = vec![
        source("azure-karpenter", "github.com/Azure/karpenter-provider-azure pkg/providers/pricing/zz_generated.pricing.go @ 2b431da153a6a92b705c18046512c60b1631b682", "2026-06-18", "Apache-2.0", "Retail Prices API, Linux pay-as-you-go (Consumption, not Windows, not Spot or Low Priority), USD per VM-hour, generated 2026-06-18T03:43:41Z; 52 regions."),
        source("azure-pricingradar", "github.com/andy-diericks/azure-pricing-radar data/latest/vm-*.json @ cf741f25c50759745f8eb5dcaf6c3746669c8f31", "2026-08-22", "MIT", "Retail Prices API items for westeurope, northeurope, swedencentral and francecentral as last checked 2026-08-22T20:59:40Z: Linux Consumption, Spot, and the 1-year savings-plan price; USD per VM-hour."),
        source("azure-calculator-pl", "github.com/sstybel/azure-vm-price-importer examples/az_price_data_20260126133104.azpx @ 6c01879", "2026-01-26", "Apache-2.0", "Azure pricing-calculator API, poland-central, Linux: pay-as-you-go, 1/3/5-year reservations and 1/3-year savings plans as hourly equivalents (the term total ÷ its hours), Spot; USD."),
        source("azure-retail-idc", "github.com/ibranibeny/azure-pricing-dashboard data/pricing/virtual-machines_indonesiacentral.json @ 4810feb7187246795e081002477f5a0c6659eba6", "2026-06-21", "none found", "Retail Prices API, indonesiacentral, retrieved 2026-06-21T03:51:04Z: Linux pay-as-you-go and Spot per VM-hour, 1- and 3-year reservations as the term's total price per VM; USD."),
        source("azure-retail-babajide", "github.com/babajideoyelayo-carbonandfinch/azure-prices azure_prices.json @ 3f048a22cafa4cf61378f650b6e0a481439bfcd6", "2026-08-22", "MIT", "Raw Retail Prices API items still listed on 2026-08-22 (a daily copy of the API's first page): reservations as the term's total price per VM; USD."),
        source("azure-termcatalog", "idx:71169283831 (a Python term-price catalog; repository not named by the index)", "2026-09-27", "unknown", "SECONDARY: reservation totals hand-copied from the Retail Prices API by the file's author (TERM_CATALOG_AS_OF 2026-09-27); USD per VM for the whole term."),
    ];
    let (karpenter, radar, calculator, idc, babajide, termcatalog) = (0, 1, 2, 3, 4, 5);
    let mut skipped = Vec::new();
    let mut dropped = Vec::new();

    // The size table.
    let text = read(AZURE_SIZES_FILE)?;
    let table = Table::read(AZURE_SIZES_FILE, &text)?;
    let (c_name, c_gpu, c_qty) = (
        table.col("size_name")?,
        table.col("gpu_model")?,
        table.col("accelerators_qty")?,
    );
    let (c_mem, c_vcpus, c_ram) = (
        table.col("accelerator_memory_gb")?,
        table.col("vcpus")?,
        table.col("memory_gb")?,
    );
    let (c_retired, c_detail) = (table.col("retired")?, table.col("retirement_detail")?);
    let mut sizes: HashMap<String, Size> = HashMap::new();
    let mut retired_sizes = Vec::new();
    for (line, rec) in &table.records {
        let at = At {
            file: AZURE_SIZES_FILE,
            line: *line,
        };
        let name = cell(rec, c_name).to_string();
        let count = match cell(rec, c_qty) {
            "" => None,
            q => match number(&at, "accelerators_qty", q) {
                Ok(Some(x)) if x >= 1.0 && x.fract() == 0.0 => Some(x as u32),
                // "1/6", "0.25": a fraction of one GPU.
                _ => Some(0),
            },
        };
        let retired = match cell(rec, c_retired) {
            "yes" => Some(format!("retired ({})", cell(rec, c_detail))),
            "announced" => ANNOUNCED_RETIREMENTS
                .iter()
                .find(|(p, date)| name.starts_with(p) && *date < CATALOG_DATE)
                .map(|(_, date)| {
                    format!(
                        "retirement announced for {date}, before this catalog's date ({})",
                        cell(rec, c_detail)
                    )
                }),
            _ => None,
        };
        if let Some(why) = &retired {
            retired_sizes.push(("Azure".to_string(), name.clone(), why.clone()));
        }
        sizes.insert(
            name,
            Size {
                gpu: cell(rec, c_gpu).to_string(),
                count,
                total_memory: optional_quantity(&at, "accelerator_memory_gb", cell(rec, c_mem))?,
                vcpus: optional_quantity(&at, "vcpus", cell(rec, c_vcpus))?,
                ram: optional_quantity(&at, "memory_gb", cell(rec, c_ram))?,
                retired,
            },
        );
    }

    // Listings: (size, region, source) → on-demand and spot.
    let mut rows: Vec<Listing> = Vec::new();
    let text = read(AZURE_KARPENTER_FILE)?;
    let table = Table::read(AZURE_KARPENTER_FILE, &text)?;
    let (c_sku, c_region, c_price) = (
        table.col("armSkuName")?,
        table.col("armRegionName")?,
        table.col("price")?,
    );
    for (line, rec) in &table.records {
        let at = At {
            file: AZURE_KARPENTER_FILE,
            line: *line,
        };
        rows.push(
            Listing::new(cell(rec, c_sku), cell(rec, c_region), karpenter, *line)
                .with_on_demand(number(&at, "price", cell(rec, c_price))?),
        );
    }
    let text = read(AZURE_RADAR_FILE)?;
    let table = Table::read(AZURE_RADAR_FILE, &text)?;
    let (c_sku, c_region, c_type) = (
        table.col("arm_sku_name_matched")?,
        table.col("armRegionName")?,
        table.col("price_type_derived")?,
    );
    let (c_os, c_price, c_sp) = (
        table.col("os_derived")?,
        table.col("retailPrice")?,
        table.col("savingsPlanPrice_1yr")?,
    );
    for (line, rec) in &table.records {
        let at = At {
            file: AZURE_RADAR_FILE,
            line: *line,
        };
        let (sku, kind) = (cell(rec, c_sku), cell(rec, c_type));
        if cell(rec, c_os) != "Linux" {
            continue;
        }
        if sku.is_empty() {
            skipped.push(at.skip(format!(
                "Azure size not matched to a size name: {}",
                cell(rec, c_type)
            )));
            continue;
        }
        let price = number(&at, "retailPrice", cell(rec, c_price))?;
        let mut l = Listing::new(sku, cell(rec, c_region), radar, *line);
        match kind {
            "Consumption" => {
                l = l.with_on_demand(price);
                if let Some(sp) = spot_price(&at, "savingsPlanPrice_1yr", cell(rec, c_sp))? {
                    l.terms.push(term(
                        "savings_plan",
                        12,
                        None,
                        "recurring",
                        0.0,
                        sp,
                        cell(rec, c_region),
                        radar,
                        "1-year savings plan, price per VM-hour under the plan",
                    ));
                }
            }
            "Spot" => l.spot = price,
            _ => {
                skipped.push(at.skip(format!(
                    "{kind}: Batch/legacy low-priority capacity, not a VM price"
                )));
                continue;
            }
        }
        rows.push(l);
    }
    let text = read(AZURE_CALCULATOR_FILE)?;
    let table = Table::read(AZURE_CALCULATOR_FILE, &text)?;
    let (c_sku, c_key, c_value) = (
        table.col("arm_sku_name_matched")?,
        table.col("price_key")?,
        table.col("value")?,
    );
    for (line, rec) in &table.records {
        let at = At {
            file: AZURE_CALCULATOR_FILE,
            line: *line,
        };
        let sku = cell(rec, c_sku);
        if sku.is_empty() {
            skipped.push(at.skip("Azure size not matched to a size name (NV6adsv5)".to_string()));
            continue;
        }
        let Some(value) = spot_price(&at, "value", cell(rec, c_value))? else {
            continue;
        };
        let region = "polandcentral";
        let mut l = Listing::new(sku, region, calculator, *line);
        match cell(rec, c_key) {
            "perhour" => l.on_demand = Some(value),
            "perhourspot" => l.spot = Some(value),
            key => {
                let (mode, months, note) = match key {
                    "perhouroneyearreserved" => ("reserved", 12, RESERVATION_NOTE),
                    "perhourthreeyearreserved" => ("reserved", 36, RESERVATION_NOTE),
                    "perhourfiveyearreserved" => ("reserved", 60, RESERVATION_NOTE),
                    "perunitoneyearsavings" => (
                        "savings_plan",
                        12,
                        "savings plan, price per VM-hour under the plan",
                    ),
                    "perunitthreeyearsavings" => (
                        "savings_plan",
                        36,
                        "savings plan, price per VM-hour under the plan",
                    ),
                    other => {
                        return Err(at.bad("price_key", other, "a known pricing-calculator key"))
                    }
                };
                let (basis, payment) = if mode == "reserved" {
                    ("effective", Some("no upfront"))
                } else {
                    ("recurring", None)
                };
                l.terms.push(term(
                    mode, months, payment, basis, 0.0, value, region, calculator, note,
                ));
            }
        }
        rows.push(l);
    }
    let text = read(AZURE_IDC_FILE)?;
    let table = Table::read(AZURE_IDC_FILE, &text)?;
    let (c_sku, c_region, c_option) = (
        table.col("armSkuName")?,
        table.col("armRegionName")?,
        table.col("purchaseOption")?,
    );
    let (c_price, c_spot, c_os) = (
        table.col("price")?,
        table.col("spot_derived")?,
        table.col("os_derived")?,
    );
    for (line, rec) in &table.records {
        let at = At {
            file: AZURE_IDC_FILE,
            line: *line,
        };
        if cell(rec, c_os) != "Linux" {
            continue;
        }
        let Some(price) = spot_price(&at, "price", cell(rec, c_price))? else {
            continue;
        };
        let region = cell(rec, c_region);
        let mut l = Listing::new(cell(rec, c_sku), region, idc, *line);
        match (cell(rec, c_option), cell(rec, c_spot)) {
            ("PAYG", "yes") => l.spot = Some(price),
            ("PAYG", _) => l.on_demand = Some(price),
            ("RI_1Y", _) => l.terms.push(term(
                "reserved",
                12,
                Some("all upfront"),
                "recurring",
                price,
                0.0,
                region,
                idc,
                RESERVATION_NOTE,
            )),
            ("RI_3Y", _) => l.terms.push(term(
                "reserved",
                36,
                Some("all upfront"),
                "recurring",
                price,
                0.0,
                region,
                idc,
                RESERVATION_NOTE,
            )),
            (other, _) => return Err(at.bad("purchaseOption", other, "PAYG, RI_1Y or RI_3Y")),
        }
        rows.push(l);
    }
    let text = read(AZURE_BABAJIDE_FILE)?;
    let table = Table::read(AZURE_BABAJIDE_FILE, &text)?;
    let (c_sku, c_region, c_type) = (
        table.col("armSkuName")?,
        table.col("armRegionName")?,
        table.col("priceType")?,
    );
    let (c_term, c_price, c_end) = (
        table.col("reservationTerm")?,
        table.col("retailPrice")?,
        table.col("effectiveEndDate")?,
    );
    let (c_last, c_primary) = (
        table.col("last_seen_date")?,
        table.col("isPrimaryMeterRegion")?,
    );
    for (line, rec) in &table.records {
        let at = At {
            file: AZURE_BABAJIDE_FILE,
            line: *line,
        };
        let region = cell(rec, c_region);
        if region.starts_with("usgov") {
            skipped.push(at.skip(format!(
                "US Government region {region}: needs an eligible account"
            )));
            continue;
        }
        // Current items only: no end date, still listed on the last day of the history.
        if !cell(rec, c_end).is_empty()
            || !cell(rec, c_last).starts_with("2026-08-22")
            || cell(rec, c_primary) != "True"
        {
            skipped
                .push(at.skip("not a current item of the Retail Prices API history".to_string()));
            continue;
        }
        let Some(price) = spot_price(&at, "retailPrice", cell(rec, c_price))? else {
            continue;
        };
        let mut l = Listing::new(cell(rec, c_sku), region, babajide, *line);
        match (cell(rec, c_type), cell(rec, c_term)) {
            ("Consumption", _) => l.on_demand = Some(price),
            ("Reservation", "1 Year") => l.terms.push(term(
                "reserved",
                12,
                Some("all upfront"),
                "recurring",
                price,
                0.0,
                region,
                babajide,
                RESERVATION_NOTE,
            )),
            ("Reservation", "3 Years") => l.terms.push(term(
                "reserved",
                36,
                Some("all upfront"),
                "recurring",
                price,
                0.0,
                region,
                babajide,
                RESERVATION_NOTE,
            )),
            (kind, t) => {
                skipped.push(at.skip(format!("{kind} {t}: not a 1- or 3-year reservation")));
                continue;
            }
        }
        rows.push(l);
    }
    let text = read(AZURE_TERMCATALOG_FILE)?;
    let table = Table::read(AZURE_TERMCATALOG_FILE, &text)?;
    let (c_sku, c_region, c_term, c_value) = (
        table.col("arm_sku_name_matched")?,
        table.col("region")?,
        table.col("reservationTerm")?,
        table.col("value")?,
    );
    for (line, rec) in &table.records {
        let at = At {
            file: AZURE_TERMCATALOG_FILE,
            line: *line,
        };
        let Some(value) = spot_price(&at, "value", cell(rec, c_value))? else {
            continue;
        };
        let region = cell(rec, c_region);
        let mut l = Listing::new(cell(rec, c_sku), region, termcatalog, *line);
        let months = match cell(rec, c_term) {
            "" => {
                l.on_demand = Some(value);
                rows.push(l);
                continue;
            }
            "1 Year" => 12,
            "3 Years" => 36,
            "5 Years" => 60,
            other => return Err(at.bad("reservationTerm", other, "1 Year, 3 Years or 5 Years")),
        };
        l.terms.push(term("reserved", months, Some("all upfront"), "recurring", value, 0.0, region, termcatalog, "SECONDARY: hand-copied from the Retail Prices API; Azure reservation, the same total can be paid upfront or monthly"));
        rows.push(l);
    }

    // Where two sources price one size and region on demand, keep the newer (its source date).
    let date = |s: usize| sources[s].as_of.clone();
    let mut newest: HashMap<(String, String), usize> = HashMap::new();
    for (i, l) in rows.iter().enumerate() {
        if l.on_demand.is_none() {
            continue;
        }
        let key = (l.sku.clone(), l.region.clone());
        match newest.get(&key) {
            Some(&j) if date(rows[j].source) >= date(l.source) => {}
            _ => {
                newest.insert(key, i);
            }
        }
    }
    let mut agg = Aggregator::default();
    let mut seen_dropped = HashSet::new();
    for (i, l) in rows.iter().enumerate() {
        let key = (l.sku.clone(), l.region.clone());
        let on_demand = l.on_demand.filter(|_| newest.get(&key) == Some(&i));
        if l.on_demand.is_some() && on_demand.is_none() && l.spot.is_none() && l.terms.is_empty() {
            continue;
        }
        let file = [
            "karpenter",
            "radar",
            "calculator",
            "idc",
            "babajide",
            "termcatalog",
        ][l.source];
        let Some(size) = sizes.get(&l.sku) else {
            skipped.push((
                file.to_string(),
                l.line,
                format!("size {} not in the size table", l.sku),
            ));
            continue;
        };
        let id = format!("azure/{}", l.sku).to_lowercase();
        if let Some(why) = &size.retired {
            if seen_dropped.insert(id.clone()) {
                dropped.push((id, format!("not rentable: {why}")));
            }
            continue;
        }
        let count = match size.count {
            Some(n) if n >= 1 => n,
            Some(_) => {
                skipped.push((
                    file.to_string(),
                    l.line,
                    format!(
                        "vGPU slice: {} is a fraction of one GPU (size table)",
                        l.sku
                    ),
                ));
                continue;
            }
            None => {
                skipped.push((
                    file.to_string(),
                    l.line,
                    format!("GPU count of {} not stated by the size pages read", l.sku),
                ));
                continue;
            }
        };
        let mut o = OfferRecord::blank("Azure", "USD");
        o.id = id;
        o.instance_type = l.sku.clone();
        // "BSE" in a size name is Azure's "Blackwell Server Edition" (the size pages' own GPU
        // name on the sizes that state it).
        o.gpu_model = if l.sku.contains("RTXPRO6000BSE") {
            "NVIDIA RTX PRO 6000 Blackwell Server Edition".to_string()
        } else {
            size.gpu.clone()
        };
        o.source_gpu_name = size.gpu.clone();
        o.gpu_count = count;
        o.gpu_memory_total_gib = size.total_memory;
        o.vcpus = size.vcpus;
        o.ram_gib = size.ram;
        o.region = l.region.clone();
        o.on_demand_per_hour = on_demand;
        o.spot_per_hour = l.spot;
        o.terms = l.terms.clone();
        o.source = l.source;
        o.billing = billing_for("Azure");
        agg.add(l.sku.clone(), o);
    }
    let mut offers = agg.finish();
    // The size pages state the accelerator memory of the whole VM on most pages and of one GPU
    // on a few (NDm A100 v4, ND GB200/GB300 v6): per GPU is the total ÷ count where that names
    // the GPU's size, else the stated figure (finalise checks it against the spec row).
    for o in &mut offers {
        if let Some(total) = o.gpu_memory_total_gib {
            o.gpu_memory_gib = Some(total / f64::from(o.gpu_count));
        }
    }
    Ok(Catalog {
        sources,
        offers,
        skipped,
        dropped,
        retired: retired_sizes,
        ..Catalog::default()
    })
}

/// One price row of an Azure source.
#[derive(Clone)]
struct Listing {
    sku: String,
    region: String,
    source: usize,
    line: usize,
    on_demand: Option<f64>,
    spot: Option<f64>,
    terms: Vec<TermRecord>,
}

impl Listing {
    fn new(sku: &str, region: &str, source: usize, line: usize) -> Listing {
        Listing {
            sku: sku.to_string(),
            region: region.to_string(),
            source,
            line,
            on_demand: None,
            spot: None,
            terms: Vec::new(),
        }
    }

    fn with_on_demand(mut self, price: Option<f64>) -> Listing {
        self.on_demand = price.filter(|p| p.is_finite() && *p > 0.0);
        self
    }
}

#[allow(clippy::too_many_arguments)]
fn term(
    mode: &'static str,
    months: u32,
    payment: Option<&'static str>,
    basis: &'static str,
    upfront: f64,
    price: f64,
    region: &str,
    source: usize,
    note: &str,
) -> TermRecord {
    TermRecord {
        mode,
        term_months: months,
        term_days: 0,
        payment,
        basis,
        upfront,
        price,
        region: region.to_string(),
        source,
        note: note.to_string(),
    }
}
