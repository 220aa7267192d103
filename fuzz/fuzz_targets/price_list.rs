//! The price-list importer (CSV and JSON) on arbitrary bytes: never panics; every loaded offer
//! has a positive, finite price and 1–1024 GPUs; every row error has a line within the file.
#![no_main]

use planner_core::catalog::import::{parse_price_list, ImportError};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte picks the file name, so both the CSV and JSON paths see every input.
    let (name, bytes) = match data.split_first() {
        Some((b, rest)) if b % 2 == 0 => ("prices.json", rest),
        Some((_, rest)) => ("prices.csv", rest),
        None => ("prices.csv", data),
    };
    let lines = bytes.iter().filter(|&&b| b == b'\n' || b == b'\r').count() + 1;
    match parse_price_list(name, bytes) {
        Ok(list) => {
            for o in &list.offers {
                assert!(
                    o.on_demand_per_hour.is_finite() && o.on_demand_per_hour > 0.0,
                    "price {}",
                    o.on_demand_per_hour
                );
                assert!(
                    (1..=1024).contains(&o.gpu_count),
                    "gpu_count {}",
                    o.gpu_count
                );
            }
            for e in &list.errors {
                assert!(e.line >= 1 && e.line <= lines, "line {} of {lines}", e.line);
                assert!(!e.problem.to_string().is_empty());
            }
        }
        Err(ImportError::Malformed { line, problem }) => {
            assert!(line >= 1 && line <= lines, "line {line} of {lines}");
            assert!(!problem.to_string().is_empty());
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
