//! The static accelerator tables the price APIs lack: AWS instance types
//! (`data/aws-accelerator-types.csv`) and Azure GPU sizes (`data/azure-gpu-sizes.csv`), each
//! row citing its source. Neither the AWS Savings Plans/spot feeds nor the Azure Retail Prices
//! API say which GPU a size has, so rows are joined to these tables by instance type.

use std::collections::HashMap;
use std::sync::OnceLock;

/// Accelerators of one instance type or VM size.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Accelerators {
    /// Accelerator model as the table writes it.
    pub name: String,
    /// Accelerators per instance, as written ("8.0", "1/6").
    pub count: String,
    /// Memory per accelerator, GiB, where the table gives it.
    pub memory_gib: String,
    /// vCPUs per instance.
    pub vcpus: String,
    /// Instance memory, GiB.
    pub ram_gib: String,
    /// Extra facts to carry into the row's note (Azure: retired, per-VM accelerator memory).
    pub note: String,
}

const AWS_CSV: &str = include_str!("../data/aws-accelerator-types.csv");
const AZURE_CSV: &str = include_str!("../data/azure-gpu-sizes.csv");

/// The AWS instance types with accelerators (GPU, Gaudi, Trainium, Inferentia), by type.
pub fn aws() -> &'static HashMap<String, Accelerators> {
    static TABLE: OnceLock<HashMap<String, Accelerators>> = OnceLock::new();
    TABLE.get_or_init(|| {
        read(AWS_CSV, |r| {
            let mib = r.get(3).unwrap_or("");
            let memory_gib = mib
                .parse::<f64>()
                .ok()
                .filter(|m| *m > 0.0)
                .map(|m| format!("{}", m / 1024.0))
                .unwrap_or_default();
            Some((
                r.get(0)?.to_owned(),
                Accelerators {
                    name: r.get(1)?.to_owned(),
                    count: r.get(2)?.to_owned(),
                    memory_gib,
                    vcpus: r.get(4)?.to_owned(),
                    ram_gib: r.get(5)?.to_owned(),
                    note: String::new(),
                },
            ))
        })
    })
}

/// The Azure GPU VM sizes (`Standard_…`), by size name.
pub fn azure() -> &'static HashMap<String, Accelerators> {
    static TABLE: OnceLock<HashMap<String, Accelerators>> = OnceLock::new();
    TABLE.get_or_init(|| {
        // Columns: size_name, series, gpu_model, gpu_model_source, accelerators_qty,
        // accelerators_qty_source, accelerator_memory_gb (per-VM total, as the size pages give
        // it), vcpus, memory_gb, specs_source, retired, retirement_detail, …
        read(AZURE_CSV, |r| {
            let mut note = Vec::new();
            if r.get(10) == Some("yes") {
                note.push(format!(
                    "retired size per crates/refresh/data/azure-gpu-sizes.csv ({})",
                    r.get(11).unwrap_or("")
                ));
            }
            if let Some(total) = r.get(6).filter(|t| !t.is_empty()) {
                note.push(format!("accelerator memory {total} GB per VM (size page)"));
            }
            Some((
                r.get(0)?.to_owned(),
                Accelerators {
                    name: r.get(2)?.to_owned(),
                    count: r.get(4)?.to_owned(),
                    memory_gib: String::new(),
                    vcpus: r.get(7)?.to_owned(),
                    ram_gib: r.get(8)?.to_owned(),
                    note: note.join("; "),
                },
            ))
        })
    })
}

fn read(
    text: &str,
    row: impl Fn(&csv::StringRecord) -> Option<(String, Accelerators)>,
) -> HashMap<String, Accelerators> {
    csv::Reader::from_reader(text.as_bytes())
        .records()
        // The tables are committed files checked by the test below: a bad line is dropped
        // rather than taking the whole refresh down.
        .filter_map(Result::ok)
        .filter_map(|r| row(&r))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_tables_read_every_line() {
        assert_eq!(aws().len(), AWS_CSV.lines().count() - 1);
        let p5en = &aws()["p5en.48xlarge"];
        assert_eq!(p5en.name, "H200");
        assert_eq!(p5en.count, "8.0");
        assert_eq!(p5en.memory_gib, "141");
        let azure_lines = csv::Reader::from_reader(AZURE_CSV.as_bytes())
            .records()
            .count();
        assert_eq!(azure().len(), azure_lines);
        let nc = &azure()["Standard_NC48ads_A100_v4"];
        assert_eq!(nc.count, "2");
        assert_eq!(nc.vcpus, "48");
        assert!(nc.note.contains("160 GB per VM"), "{}", nc.note);
        assert!(azure()["Standard_NC6"].note.starts_with("retired size"));
    }
}
