//! Every input the fuzzers (fuzz/, `scripts/fuzz.sh`) ever failed on, replayed on each
//! `cargo test` with the fuzz targets' own invariants (fuzz/fuzz_targets/common.rs): files in
//! tests/regressions/<target>/ for the byte-input targets, inline cases for the structured ones.

use planner_core::catalog::import::{parse_price_list, ImportError};
use planner_core::file::{evaluate_json, parse};
use planner_core::input::{parse_number, NumberSpec};
use planner_core::report;
use std::path::PathBuf;

#[path = "../../../fuzz/fuzz_targets/common.rs"]
mod common;

fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/regressions")
        .join(target);
    let mut files: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(&dir)
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.is_file())
                .map(|p| {
                    let bytes = std::fs::read(&p).expect("readable regression file");
                    (p, bytes)
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// The scenario_bytes target's body.
fn scenario_bytes(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse(text) {
        Err(e) => common::check_error(&e),
        Ok(_) => match evaluate_json(text) {
            Err(e) => common::check_error(&e),
            Ok(ev) => {
                common::check_evaluation(&ev);
                common::check_csv(&report::to_csv(&ev));
            }
        },
    }
}

#[test]
fn scenario_decoder_regressions() {
    let files = inputs("scenario_bytes");
    assert!(
        !files.is_empty(),
        "tests/regressions/scenario_bytes is empty"
    );
    for (path, bytes) in files {
        eprintln!("replaying {}", path.display());
        scenario_bytes(&bytes);
    }
}

#[test]
fn price_list_regressions() {
    for (path, bytes) in inputs("price_list") {
        eprintln!("replaying {}", path.display());
        let (name, body) = match bytes.split_first() {
            Some((b, rest)) if b % 2 == 0 => ("prices.json", rest),
            Some((_, rest)) => ("prices.csv", rest),
            None => ("prices.csv", &bytes[..]),
        };
        match parse_price_list(name, body) {
            Ok(list) => {
                for o in &list.offers {
                    assert!(o.on_demand_per_hour.is_finite() && o.on_demand_per_hour > 0.0);
                }
            }
            Err(ImportError::Malformed { line, .. }) => assert!(line >= 1),
            Err(_) => {}
        }
    }
}

/// number_field crash 1: a NaN bound accepted every value (`0` within `NaN..=3e-307`).
#[test]
fn number_field_nan_bound_refuses_everything() {
    for spec in [
        NumberSpec {
            min: f64::NAN,
            max: 3.346_737_067_258_585e-307,
            integer: false,
            min_positive: 0.0,
        },
        NumberSpec {
            min: 0.0,
            max: f64::NAN,
            integer: true,
            min_positive: 0.0,
        },
    ] {
        for text in ["0", "1", "-1", "1e300"] {
            assert!(
                parse_number(text, spec).is_err(),
                "{text} accepted by {spec:?}"
            );
        }
    }
}

/// scenario_bytes crash 1: the error for `"month": "inf730h"` quotes the user's text; the
/// check must look only at the engine's own words (and they hold no NaN/inf).
#[test]
fn errors_quote_user_text_but_show_no_non_finite_number_of_their_own() {
    let e = parse(r#"{"version":1,"month":"inf730h","workload":{"mode":"fleet"},"options":[]}"#)
        .and_then(|f| f.load())
        .expect_err("bad month");
    assert_eq!(e.field.to_string(), "month");
    let msg = e.to_string();
    assert!(msg.contains("\"inf730h\""), "{msg}");
    assert!(!common::unquoted(&msg).contains("inf"), "{msg}");
}

/// scenario_bytes crash 2: an unknown top-level key spelled `""` gave an error naming no field.
#[test]
fn an_empty_unknown_key_is_named_at_the_top_level() {
    let e = parse(r#"{"version": 1, "": 30, "workload": {"mode": "fleet"}, "options": []}"#)
        .expect_err("unknown field");
    assert_eq!(e.field.to_string(), "(top level)");
    assert!(e.to_string().contains("unknown field"), "{e}");
}

/// scenario_structured crash 1: a job of 1e-311 GPU-hours (subnormal) on catalog offer 0 gave
/// an infinite cost per used GPU-hour; the figure is now absent instead.
#[test]
fn subnormal_work_gives_no_infinite_per_hour_figure() {
    let offer = planner_core::catalog::OFFERS[0].id;
    let json = format!(
        r#"{{"version": 1, "usd_per_cny": 1e15, "storage_gb": 1.8010707049728718e-255,
            "workload": {{"mode": "job", "gpus": 1, "gpu_hours": 1.0864618449737e-311}},
            "options": [{{"name": "\u0000", "offer": "{offer}", "currency": "USD",
                          "egress_per_gb": 24}}]}}"#
    );
    match evaluate_json(&json) {
        Err(e) => common::check_error(&e),
        Ok(ev) => {
            common::check_evaluation(&ev);
            let r = &ev.options[0].result;
            assert!(r.per_used_gpu_hour.is_none_or(f64::is_finite));
        }
    }
}

/// scenario_structured crash 2: a fleet running 3.8e-322 hours a day (subnormal) had a NaN
/// total; below one second a day is now refused, naming the field.
#[test]
fn a_subsecond_day_is_refused_not_nan() {
    let offer = planner_core::catalog::OFFERS[0].id;
    for hours in ["3.8e-322", "1e-300", "0.0002"] {
        let json = format!(
            r#"{{"version": 1, "horizon_months": 16, "contingency_pct": 3.6959853690517375e-57,
                "storage_gb": 2.2250738585072014e-308,
                "workload": {{"mode": "fleet", "gpus": 36, "hours_per_day": {hours}}},
                "montecarlo": {{"trials": 15, "seed": 71494644084506623}},
                "options": [{{"name": ")", "offer": "{offer}", "currency": "USD"}}]}}"#
        );
        let e = evaluate_json(&json).expect_err(hours);
        assert_eq!(e.field.to_string(), "workload.hours_per_day", "{e}");
        common::check_error(&e);
    }
    let ok = r#"{"version": 1, "horizon_months": 2,
        "workload": {"mode": "fleet", "gpus": 1, "hours_per_day": 0.0003},
        "options": [{"name": "a", "currency": "USD", "on_demand_per_hour": 2}]}"#;
    common::check_evaluation(&evaluate_json(ok).expect("a second a day is fine"));
}

/// scenario_structured crash 3: free GPU-hours covering a job's on-demand use left the rework
/// component at -2.2e-16 (rounding); components are never negative now.
#[test]
fn an_allowance_covering_everything_leaves_no_negative_component() {
    let offer = planner_core::catalog::OFFERS[0].id;
    let tiny = "1.0900715865557387e-175";
    let json = format!(
        r#"{{"version": 1, "usd_per_cny": 1e15, "storage_gb": 1.801071632928448e-255,
            "egress_gb_per_month": 96,
            "workload": {{"mode": "job", "gpus": 1, "gpu_hours": 0.5}},
            "options": [{{"name": "M\b", "offer": "{offer}", "currency": "USD",
                "failures_per_hour": 1.0900715874750502e-175,
                "free": {{"gpu_hours": {{"monthly": 1.0781955014605117e-175, "once": {tiny}}},
                          "storage_gb": {{"monthly": {tiny}, "once": {tiny}}},
                          "egress_gb": {{"monthly": {tiny}, "once": {tiny}}}}},
                "storage_per_gb_month": {tiny}, "egress_per_gb": 1.2898405785e-314}}]}}"#
    );
    match evaluate_json(&json) {
        Err(e) => common::check_error(&e),
        Ok(ev) => common::check_evaluation(&ev),
    }
}

/// scenario_structured crash 4: 1e-306 GPU-hours on a CNY offer shown in USD at 1e15 USD/CNY:
/// a finite cost per GPU-hour near f64::MAX overflowed on conversion; it is now absent.
#[test]
fn a_per_hour_figure_that_overflows_on_conversion_is_not_shown() {
    let offers = planner_core::catalog::OFFERS;
    let offer = offers[65_280 % offers.len()].id;
    let json = format!(
        r#"{{"version": 1, "usd_per_cny": 1e15, "storage_gb": 40, "egress_gb_per_month": 0.5,
            "workload": {{"mode": "job", "gpus": 1, "gpu_hours": 1.068209285968372e-306}},
            "options": [{{"offer": "{offer}", "currency": "CNY",
                "billing": {{"granularity_seconds": 0, "minimum_seconds": 2699}}}}]}}"#
    );
    match evaluate_json(&json) {
        Err(e) => common::check_error(&e),
        Ok(ev) => common::check_evaluation(&ev),
    }
}

/// scenario_structured crash 5: a fleet whose option reserves a subnormal share (3.2e-319) of
/// its GPUs on a 70-month term with subnormal prices left a totals component at -8e-11
/// (rounding in a difference); every component is clamped at 0 now.
#[test]
fn a_subnormal_reserved_share_leaves_no_negative_component() {
    for offer in planner_core::catalog::OFFERS.iter().step_by(7) {
        let json = format!(
            r#"{{"version": 1, "horizon_months": 100, "storage_gb": 5.8e-316,
                "egress_gb_per_month": 1.39e-309, "contingency_pct": 6.7e-308,
                "workload": {{"mode": "fleet", "gpus": 1000, "hours_per_day": 24}},
                "options": [{{"name": "r", "offer": "{}",
                    "reserved": {{"term_months": 70, "upfront": 6.3872073308e-312,
                                  "recurring_per_hour": 2e-323}},
                    "failures_per_hour": 7.231490040148411e-308,
                    "portfolio": {{"reserved": 3.23786e-319, "spot": 0}}}}]}}"#,
            offer.id
        );
        match evaluate_json(&json) {
            Err(e) => common::check_error(&e),
            Ok(ev) => common::check_evaluation(&ev),
        }
    }
}

/// scenario_structured crash 6: a job of 600 GPU-hours "within 2.2e-308 months" implied
/// infinitely many GPUs and an "inf" cell in the CSV report; a deadline under one hour is now
/// refused, naming `workload.within_months`.
#[test]
fn a_deadline_under_an_hour_is_refused() {
    let json = r#"{"version":1,"month":"730h","currency":"USD",
        "workload":{"mode":"job","gpu_hours":600.0,"within_months":2.2250738585072014e-308},
        "options":[{"currency":"USD","billing":{"granularity_seconds":4294967295,"minimum_seconds":1},
            "schedule":{"peak_per_hour":1.0,"off_peak_per_hour":1.0,"peak_from_hour":1,"peak_to_hour":1},
            "monthly_package_per_instance":1.0,"failures_per_hour":7.65486930817696e-310}]}"#;
    match evaluate_json(json) {
        Err(e) => {
            common::check_error(&e);
            assert_eq!(e.field.to_string(), "workload.within_months");
        }
        Ok(_) => panic!("a deadline of 2e-308 months was accepted"),
    }
    let ok = json.replace("2.2250738585072014e-308", "0.01");
    match evaluate_json(&ok) {
        Err(e) => common::check_error(&e),
        Ok(ev) => {
            common::check_evaluation(&ev);
            common::check_csv(&planner_core::report::to_csv(&ev));
        }
    }
}
