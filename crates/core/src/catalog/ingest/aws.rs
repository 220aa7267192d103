//! AWS: the SkyPilot v9 instance lists (P, G, Trainium/Inferentia families, compacted per
//! region) with on-demand and spot prices; 1-year Standard No Upfront Reserved Instances from
//! ec2instances.info data (2026-01-21); Capacity Block rates from a stored copy of the AWS page
//! (Q4 2024); and AWS China (Beijing, Ningxia) in CNY with every Reserved Instance variant and
//! the Savings Plans rates (type not stated) from the same ec2instances.info data.

use super::*;

/// The compacted SkyPilot files, in ingest order.
pub const AWS_FILES: &[&str] = &[
    "aws-skypilot-p-family.csv",
    "aws-skypilot-g-family.csv",
    "aws-skypilot-trainium-inferentia.csv",
];
/// 1-year Standard No Upfront RIs, global regions, USD.
pub const AWS_RI_FILE: &str = "aws-reserved-tsaol-vantage.csv";
/// Capacity Block rates (stored page copy).
pub const AWS_CAPACITY_BLOCKS_FILE: &str = "aws-capacity-blocks-pages-2024.csv";
/// AWS China on-demand and Reserved Instances, CNY.
pub const AWS_CN_RI_FILE: &str = "aws-reserved-tsaol-vantage-cn-cny.csv";
/// AWS China Savings Plans, CNY.
pub const AWS_CN_SP_FILE: &str = "aws-savings-plans-tsaol-vantage-cn-cny.csv";

const AWS_SOURCE: &str = "skypilot-aws";
const VANTAGE_LICENCE: &str = "MIT (tsaol/aws-gpu README; no LICENSE file in the snapshot); the data is ec2instances.info's (MIT)";

/// GPU names the compacted files do not carry: the source's `GpuInfo` names them
/// (PROVENANCE.md quotes it per type). `(instance type prefix, GPU name)`.
const AWS_GPU_NAMES: &[(&str, &str)] = &[("g7e.", "RTX PRO Server 6000")];

/// Per-device memory the source gets wrong: `(instance type prefix, source MiB, real GiB,
/// note)`. The documented figure is used and the offer says so.
pub const AWS_MEMORY_FIXES: &[(&str, f64, f64, &str)] = &[(
    "trn2.",
    524_288.0,
    96.0,
    "memory per Trainium2 chip 96 GiB (AWS Neuron docs, data/gpu-specs.csv); the source's SizeInMiB 524288 (512 GiB per device) does not match and is not used",
)];

/// Capacity Block region names on the AWS page and their codes.
const CAPACITY_BLOCK_REGIONS: &[(&str, &str)] = &[
    ("US East (N. Virginia)", "us-east-1"),
    ("US East (Ohio)", "us-east-2"),
    ("US West (Oregon)", "us-west-2"),
    ("Asia Pacific (Melbourne)", "ap-southeast-4"),
];

/// Reads every AWS file in `dir` through `read` and returns the AWS and AWS China offers.
///
/// AWS offers: one per instance type across the three compacted files (headline: the cheapest
/// on-demand region; a type with no on-demand price in any region, p5e or trn2, becomes an offer
/// not sold on demand headed by its cheapest spot region); fractional sizes (g6f, gr6f) and
/// `dl2q` (no accelerator named) are skipped. Reserved Instances and Capacity Blocks attach to
/// the listing of their instance type and region (an RI whose region is not listed is skipped).
///
/// # Errors
/// Malformed CSV, a missing column or a number cell that does not parse.
pub fn parse_aws(
    read: &dyn Fn(&str) -> Result<String, IngestError>,
) -> Result<Catalog, IngestError> {
    let mut sources = vec![
        SourceRecord {
            id: AWS_SOURCE.to_string(),
            reference: "github.com/skypilot-org/skypilot-catalog catalogs/v9/aws/vms.csv @ 2c3d7ea7d76bf84cf80d382e946c1609571485fd (compacted per region: aws-skypilot-p-family.csv, aws-skypilot-g-family.csv, aws-skypilot-trainium-inferentia.csv)".to_string(),
            as_of: DATE_UNKNOWN.to_string(),
            as_of_exact: false,
            licence: SKYPILOT_LICENCE.to_string(),
            note: "Data date unknown (no commit date available): not before 2026-01-20 (lists g7e), and its us-east-1 on-demand prices equal the AWS Price List of 2026-07-28 for the types checked. Spot is the cheapest zone of the region at an unknown time; some zones list spot = on-demand. USD per instance-hour, Linux; tax, storage and egress not included.".to_string(),
        },
        SourceRecord {
            id: "aws-vantage-ri".to_string(),
            reference: "github.com/tsaol/aws-gpu data/all_gpu_instances.js @ 77fcd9fe1d0652fd07b830e5ed030d61da87923e (instances.vantage.sh data)".to_string(),
            as_of: "2026-01-21".to_string(),
            as_of_exact: true,
            licence: VANTAGE_LICENCE.to_string(),
            note: "1-year Standard Reserved Instance, No Upfront, Linux, shared tenancy, USD per instance-hour, as computed by ec2instances.info.".to_string(),
        },
        SourceRecord {
            id: "aws-capacity-blocks-2024".to_string(),
            reference: "page:http://sibshop.uat.jiralog.com/ec2/capacityblocks/pricing (a stored copy of aws.amazon.com/ec2/capacityblocks/pricing; SECONDARY)".to_string(),
            as_of: DATE_UNKNOWN.to_string(),
            as_of_exact: false,
            licence: "AWS page (facts only)".to_string(),
            note: "Effective instance hourly rate of EC2 Capacity Blocks for ML; the page says its prices were to be updated on 2025-01-01, so these are 2024 rates. Capacity Block prices are dynamic.".to_string(),
        },
    ];
    let (ri_source, cb_source) = (1, 2);
    let mut agg = Aggregator::default();
    let mut skipped = Vec::new();
    // (instance type, region) → the row's position in `rows`, to attach terms.
    let mut rows: Vec<(String, OfferRecord)> = Vec::new();
    let mut at_region: HashMap<(String, String), usize> = HashMap::new();
    for file in AWS_FILES {
        let text = read(file)?;
        let table = Table::read(file, &text)?;
        let c_type = table.col("InstanceType")?;
        let c_name = table.col("AcceleratorName")?;
        let c_count = table.col("AcceleratorCount")?;
        let c_vcpus = table.col("vCPUs")?;
        let c_ram = table.col("MemoryGiB")?;
        let c_mem = table.col("GpuMemoryMiB")?;
        let c_price = table.col("Price")?;
        let c_spot = table.col("SpotPrice")?;
        let c_region = table.col("Region")?;
        for (line, rec) in &table.records {
            let at = At { file, line: *line };
            let instance_type = cell(rec, c_type);
            let name = AWS_GPU_NAMES
                .iter()
                .find(|(p, _)| instance_type.starts_with(p))
                .map_or(cell(rec, c_name), |(_, n)| n);
            if name.is_empty() {
                skipped.push(at.skip(format!("empty accelerator name: {instance_type}")));
                continue;
            }
            let count = match gpu_count(&at, "AcceleratorCount", cell(rec, c_count))? {
                Ok(n) => n,
                Err(reason) => {
                    skipped.push(
                        at.skip(format!("{reason} ({instance_type}: a fraction of one GPU)")),
                    );
                    continue;
                }
            };
            let on_demand = number(&at, "Price", cell(rec, c_price))?;
            let spot = spot_price(&at, "SpotPrice", cell(rec, c_spot))?;
            if let Some(p) = on_demand.filter(|p| !p.is_finite() || *p <= 0.0) {
                skipped.push(at.skip(format!("non-positive on-demand price: {p}")));
                continue;
            }
            if on_demand.is_none() && spot.is_none() {
                skipped.push(at.skip("no price: on-demand and spot empty".to_string()));
                continue;
            }
            let mut note = Vec::new();
            let mut memory =
                optional_quantity(&at, "GpuMemoryMiB", cell(rec, c_mem))?.map(|m| m / 1024.0);
            if let Some((_, mib, gib, why)) = AWS_MEMORY_FIXES
                .iter()
                .find(|(p, mib, _, _)| instance_type.starts_with(p) && memory == Some(mib / 1024.0))
            {
                debug_assert!(*mib > 0.0);
                memory = Some(*gib);
                note.push((*why).to_string());
            }
            let mut o = OfferRecord::blank("AWS", "USD");
            o.id = format!("{AWS_SOURCE}/{instance_type}").to_lowercase();
            o.instance_type = instance_type.to_string();
            o.gpu_model = name.to_string();
            o.source_gpu_name = cell(rec, c_name).to_string();
            o.gpu_count = count;
            o.gpu_memory_gib = memory;
            o.vcpus = optional_quantity(&at, "vCPUs", cell(rec, c_vcpus))?;
            o.ram_gib = optional_quantity(&at, "MemoryGiB", cell(rec, c_ram))?;
            o.region = cell(rec, c_region).to_string();
            o.on_demand_per_hour = on_demand;
            o.spot_per_hour = spot;
            o.billing = billing_for("AWS");
            o.note = note.join("; ");
            at_region.insert((instance_type.to_string(), o.region.clone()), rows.len());
            rows.push((instance_type.to_string(), o));
        }
    }

    // 1-year Standard No Upfront RIs (global regions).
    let text = read(AWS_RI_FILE)?;
    let table = Table::read(AWS_RI_FILE, &text)?;
    let (c_type, c_region) = (table.col("instance_type")?, table.col("region")?);
    let (c_od, c_ri) = (
        table.col("onDemand")?,
        table.col("reserved_yrTerm1Standard_noUpfront")?,
    );
    for (line, rec) in &table.records {
        let at = At {
            file: AWS_RI_FILE,
            line: *line,
        };
        let key = (
            cell(rec, c_type).to_string(),
            cell(rec, c_region).to_string(),
        );
        let Some(&i) = at_region.get(&key) else {
            skipped.push(at.skip(format!(
                "reserved price without a listing: {} {}",
                key.0, key.1
            )));
            continue;
        };
        let (Some(ri), on_demand) = (
            spot_price(&at, "reserved_yrTerm1Standard_noUpfront", cell(rec, c_ri))?,
            spot_price(&at, "onDemand", cell(rec, c_od))?,
        ) else {
            skipped.push(at.skip("empty reserved price".to_string()));
            continue;
        };
        // The guard "reserved above on-demand", against the same source's on-demand price of
        // the same region.
        if on_demand.is_some_and(|p| ri >= p) {
            skipped.push(at.skip(format!(
                "reserved price {ri} at or above the on-demand price {on_demand:?} of the same row"
            )));
            continue;
        }
        rows[i].1.terms.push(TermRecord {
            mode: "reserved",
            term_months: 12,
            term_days: 0,
            payment: Some("no upfront"),
            basis: "recurring",
            upfront: 0.0,
            price: ri,
            region: key.1.clone(),
            source: ri_source,
            note: "1-year Standard RI (Linux)".to_string(),
        });
    }

    // Capacity Blocks (2024 page copy).
    let text = read(AWS_CAPACITY_BLOCKS_FILE)?;
    let table = Table::read(AWS_CAPACITY_BLOCKS_FILE, &text)?;
    let c_type = table.col("Instance Type")?;
    let c_region = table.col("Region")?;
    let c_rate = table.col("Effective Instance Hourly Rate")?;
    for (line, rec) in &table.records {
        let at = At {
            file: AWS_CAPACITY_BLOCKS_FILE,
            line: *line,
        };
        let instance_type = cell(rec, c_type);
        if instance_type.is_empty() {
            skipped.push(
                at.skip(
                    "capacity block row without an instance type (merged cell in the page copy)"
                        .to_string(),
                ),
            );
            continue;
        }
        let Some(&(_, region)) = CAPACITY_BLOCK_REGIONS
            .iter()
            .find(|(n, _)| *n == cell(rec, c_region))
        else {
            return Err(at.bad(
                "Region",
                cell(rec, c_region),
                "a region named in CAPACITY_BLOCK_REGIONS",
            ));
        };
        let rate_text = cell(rec, c_rate);
        let rate = rate_text
            .trim_start_matches('$')
            .trim_end_matches(" USD")
            .parse::<f64>()
            .map_err(|_| {
                at.bad(
                    "Effective Instance Hourly Rate",
                    rate_text,
                    "a price like \"$39.33 USD\"",
                )
            })?;
        let term = TermRecord {
            mode: "capacity_block",
            term_months: 0,
            term_days: 0,
            payment: None,
            basis: "recurring",
            upfront: 0.0,
            price: rate,
            region: region.to_string(),
            source: cb_source,
            note: "effective instance hourly rate (reservation fee paid upfront + OS fee); dynamic prices, 2024".to_string(),
        };
        match at_region.get(&(instance_type.to_string(), region.to_string())) {
            Some(&i) => rows[i].1.terms.push(term),
            None => match rows.iter_mut().find(|(t, _)| t == instance_type) {
                // The instance type is listed, not in this region: the term keeps its region.
                Some((_, o)) => o.terms.push(term),
                None => skipped.push(at.skip(format!(
                    "capacity block for an unlisted type: {instance_type}"
                ))),
            },
        }
    }
    for (key, o) in rows {
        agg.add(key, o);
    }
    let mut offers = agg.finish();
    for o in &mut offers {
        if o.on_demand_per_hour.is_none() {
            let how = if o.terms.iter().any(|t| t.mode == "capacity_block") {
                "spot and Capacity Blocks"
            } else {
                "spot"
            };
            let why = format!("not sold on demand: no on-demand price in any region of the source (sold as {how})");
            o.note = if o.note.is_empty() {
                why
            } else {
                format!("{}; {why}", o.note)
            };
        }
    }
    let mut catalog = Catalog {
        sources: std::mem::take(&mut sources),
        offers,
        skipped,
        ..Catalog::default()
    };
    catalog.append(parse_aws_china(read, &catalog)?);
    Ok(catalog)
}

/// AWS China offers (CNY): on-demand and every Reserved Instance variant per region, and the
/// Savings Plans rates, from the ec2instances.info China data. The GPU, vCPU and RAM of each
/// instance type come from the global AWS offer of the same type in `global` (the China files
/// carry none); a type without one is skipped.
fn parse_aws_china(
    read: &dyn Fn(&str) -> Result<String, IngestError>,
    global: &Catalog,
) -> Result<Catalog, IngestError> {
    let source = SourceRecord {
        id: "aws-vantage-cn".to_string(),
        reference: "github.com/tsaol/aws-gpu data/gpu_instances_raw_cn.json @ 77fcd9fe1d0652fd07b830e5ed030d61da87923e (a subset of instances.vantage.sh/instances-cn.json)".to_string(),
        as_of: "2026-01-21".to_string(),
        as_of_exact: true,
        licence: VANTAGE_LICENCE.to_string(),
        note: "AWS China regions (Beijing cn-north-1, Ningxia cn-northwest-1), operated by local partners; CNY per instance-hour, Linux. Reserved and Savings Plans prices are effective hourly rates (upfront amortised over the term), as ec2instances.info computes them.".to_string(),
    };
    let mut agg = Aggregator::default();
    let mut skipped = Vec::new();
    let mut rows: Vec<(String, OfferRecord)> = Vec::new();
    let mut at_region: HashMap<(String, String), usize> = HashMap::new();
    for (file, mode) in [
        (AWS_CN_RI_FILE, "reserved"),
        (AWS_CN_SP_FILE, "savings_plan"),
    ] {
        let text = read(file)?;
        let table = Table::read(file, &text)?;
        let (c_type, c_region, c_os) = (
            table.col("instance_type")?,
            table.col("region")?,
            table.col("os")?,
        );
        let (c_od, c_key, c_rate) = (
            table.col("ondemand")?,
            table.col("term_key")?,
            table.col("effective_hourly")?,
        );
        for (line, rec) in &table.records {
            let at = At { file, line: *line };
            let instance_type = cell(rec, c_type);
            if cell(rec, c_os) != "linux" {
                skipped.push(at.skip(format!("not Linux: {}", cell(rec, c_os))));
                continue;
            }
            let Some(g) = global
                .offers
                .iter()
                .find(|o| o.instance_type == instance_type)
            else {
                skipped.push(at.skip(format!(
                    "no GPU figures for {instance_type} (not in the global AWS files)"
                )));
                continue;
            };
            let key = cell(rec, c_key);
            let (years, class, payment) = parse_vantage_term(key).ok_or_else(|| {
                at.bad(
                    "term_key",
                    key,
                    "yrTerm{1,3}{Standard,Convertible,Savings}.{no,partial,all}Upfront",
                )
            })?;
            let Some(rate) = spot_price(&at, "effective_hourly", cell(rec, c_rate))? else {
                skipped.push(at.skip("empty effective rate".to_string()));
                continue;
            };
            let region = cell(rec, c_region).to_string();
            let i = match at_region.get(&(instance_type.to_string(), region.clone())) {
                Some(&i) => i,
                None => {
                    let mut o = OfferRecord::blank("AWS China", "CNY");
                    o.id = format!("aws-vantage-cn/{instance_type}").to_lowercase();
                    o.instance_type = instance_type.to_string();
                    o.gpu_model = g.gpu_model.clone();
                    o.source_gpu_name = g.source_gpu_name.clone();
                    o.gpu_count = g.gpu_count;
                    o.gpu_memory_gib = g.gpu_memory_gib;
                    o.vcpus = g.vcpus;
                    o.ram_gib = g.ram_gib;
                    o.region = region.clone();
                    o.on_demand_per_hour = spot_price(&at, "ondemand", cell(rec, c_od))?;
                    o.note = "GPU, vCPU and RAM from the same instance type in the SkyPilot AWS file (the China source lists prices only)".to_string();
                    at_region.insert((instance_type.to_string(), region.clone()), rows.len());
                    rows.push((instance_type.to_string(), o));
                    rows.len() - 1
                }
            };
            let note = match (mode, class) {
                ("savings_plan", _) => {
                    "Savings Plan; whether Compute or EC2 Instance is not stated by the source"
                        .to_string()
                }
                (_, class) => format!("{class} RI (Linux)"),
            };
            rows[i].1.terms.push(TermRecord {
                mode,
                term_months: years * 12,
                term_days: 0,
                payment: Some(payment),
                basis: "effective",
                upfront: 0.0,
                price: rate,
                region,
                source: 0,
                note,
            });
        }
    }
    for (key, o) in rows {
        agg.add(key, o);
    }
    Ok(Catalog {
        sources: vec![source],
        offers: agg.finish(),
        skipped,
        ..Catalog::default()
    })
}

/// `"yrTerm3Convertible.partialUpfront"` → `(3, "Convertible", "partial upfront")`; the class of
/// a Savings Plans key is `"Savings"`.
fn parse_vantage_term(key: &str) -> Option<(u32, &'static str, &'static str)> {
    let rest = key.strip_prefix("yrTerm")?;
    let years: u32 = rest.get(..1)?.parse().ok()?;
    let (class, payment) = rest.get(1..)?.split_once('.')?;
    let class = match class {
        "Standard" => "Standard",
        "Convertible" => "Convertible",
        "Savings" => "Savings",
        _ => return None,
    };
    let payment = match payment {
        "noUpfront" => "no upfront",
        "partialUpfront" => "partial upfront",
        "allUpfront" => "all upfront",
        _ => return None,
    };
    Some((years, class, payment))
}
