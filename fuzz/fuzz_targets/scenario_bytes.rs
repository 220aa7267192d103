//! The scenario decoder on arbitrary bytes: `engine::file::parse` and `evaluate_json` must
//! return a result or an error, never panic, and any result must satisfy the engine's
//! invariants (finite, non-negative totals; non-decreasing cumulative series).
#![no_main]

use planner_core::file::{evaluate_json, parse};
use planner_core::report;
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse(text) {
        Err(e) => common::check_error(&e),
        Ok(file) => {
            // Evaluation cost grows with trials × months: keep the fuzzer fast, as the
            // structured target covers Monte Carlo with small trial counts.
            if file.montecarlo.is_some_and(|m| m.trials > 200) {
                return;
            }
            match evaluate_json(text) {
                Err(e) => common::check_error(&e),
                Ok(ev) => {
                    common::check_evaluation(&ev);
                    let _ = report::to_json(&ev);
                    common::check_csv(&report::to_csv(&ev));
                }
            }
        }
    }
});
