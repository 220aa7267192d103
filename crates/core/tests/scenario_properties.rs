//! Property tests (proptest) over whole scenario files (issue 8): structured values with extreme
//! numbers (NaN, ±∞, 1e300, negative, zero), zero GPUs, zero months, reserved terms longer than
//! the horizon and empty option lists either give a clear error naming a field or evaluate to
//! finite, non-negative totals with non-decreasing cumulative series; no error message of the
//! engine's own shows "NaN" or "inf". The invariants are the fuzz targets' own
//! (fuzz/fuzz_targets/common.rs).
#![cfg(not(target_arch = "wasm32"))]

use planner_core::file::{
    evaluate_json, parse, BuyFile, CheckpointFile, Mode, MonteCarloFile, OptionFile, ReservedFile,
    ScenarioFile, SharesFile, SpotFile, WorkloadFile,
};
use planner_core::report;
use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};

#[path = "../../../fuzz/fuzz_targets/common.rs"]
mod common;

/// Numbers from every class a user or a file can give.
fn num() -> impl Strategy<Value = f64> {
    prop_oneof![
        3 => 0.0..100.0,
        1 => Just(0.0),
        1 => Just(-1.0),
        1 => Just(1e15),
        1 => Just(1e300),
        1 => Just(f64::NAN),
        1 => Just(f64::INFINITY),
        1 => Just(f64::NEG_INFINITY),
        1 => Just(f64::MIN_POSITIVE),
    ]
}

fn count() -> impl Strategy<Value = u32> {
    prop_oneof![3 => 1..40u32, 1 => Just(0u32), 1 => Just(u32::MAX), 1 => Just(1_000_001u32)]
}

fn option() -> impl Strategy<Value = OptionFile> {
    (
        (
            prop::option::of(num()),
            prop::option::of(count()),
            prop::option::of(prop_oneof![
                Just("USD".to_string()),
                Just("CNY".to_string()),
                Just("XYZ".to_string())
            ]),
            prop::option::of((count(), num(), num())),
        ),
        (
            prop::option::of((prop::option::of(num()), prop::option::of(num()), num())),
            prop::option::of((num(), num())),
            prop::option::of(num()),
            num(),
            num(),
            any::<bool>(),
        ),
    )
        .prop_map(
            |(
                (price, per_instance, currency, reserved),
                (spot, shares, package, fail, storage, shift),
            )| {
                OptionFile {
                    name: Some("option".into()),
                    currency,
                    gpus_per_instance: per_instance,
                    on_demand_per_hour: price,
                    reserved: reserved.map(|(t, u, r)| ReservedFile {
                        term_months: t,
                        upfront: u,
                        recurring_per_hour: r,
                    }),
                    spot: spot.map(|(p, b, i)| SpotFile {
                        per_hour: p,
                        hourly: None,
                        bid_cap_per_hour: b,
                        interruptions_per_hour: i,
                    }),
                    portfolio: shares.map(|(reserved, spot)| SharesFile { reserved, spot }),
                    monthly_package_per_instance: package,
                    failures_per_hour: fail,
                    storage_per_gb_month: storage,
                    shiftable: shift,
                    ..OptionFile::default()
                }
            },
        )
}

fn scenario() -> impl Strategy<Value = ScenarioFile> {
    (
        (
            prop_oneof![Just("730h"), Just("calendar"), Just("bad")],
            prop::option::of(prop_oneof![
                Just(0u32),
                1..30u32,
                Just(1_201u32),
                Just(u32::MAX)
            ]),
            any::<bool>(),
            prop::option::of(count()),
            prop::option::of(num()),
            prop::option::of(num()),
            prop::option::of(num()),
            prop::option::of(num()),
        ),
        (
            prop::option::of(num()),
            prop::option::of((num(), num(), num())),
            num(),
            num(),
            prop::option::of((1..5u32, any::<u64>())),
            prop::option::of((count(), num(), num())),
            prop::collection::vec(option(), 0..4),
        ),
    )
        .prop_map(
            |(
                (month, horizon, job, gpus, hours, gpu_hours, within, rate),
                (contingency, checkpoint, storage, egress, mc, buy, options),
            )| ScenarioFile {
                version: 1,
                name: None,
                month: month.into(),
                start: Some("2027-01".into()),
                horizon_months: horizon,
                currency: "USD".into(),
                usd_per_cny: rate,
                rate_as_of: None,
                workload: if job {
                    WorkloadFile {
                        mode: Mode::Job,
                        gpus,
                        hours_per_day: None,
                        days_per_week: None,
                        start_hour: None,
                        gpu_hours,
                        within_months: within,
                        scaling_efficiency: None,
                    }
                } else {
                    WorkloadFile {
                        mode: Mode::Fleet,
                        gpus,
                        hours_per_day: hours,
                        days_per_week: None,
                        start_hour: None,
                        gpu_hours: None,
                        within_months: None,
                        scaling_efficiency: None,
                    }
                },
                portfolio: None,
                checkpoint: checkpoint.map(|(i, w, r)| CheckpointFile {
                    interval_hours: Some(i),
                    write_hours: w,
                    restart_hours: r,
                }),
                storage_gb: storage,
                egress_gb_per_month: egress,
                contingency_pct: contingency.unwrap_or(0.0),
                montecarlo: mc.map(|(trials, seed)| MonteCarloFile { trials, seed }),
                deadline_spot: None,
                buy: buy.map(|(g, p, k)| BuyFile {
                    gpus: g,
                    purchase: p,
                    life_years: 3.0,
                    residual: 0.1,
                    kw: k,
                    pue: 1.3,
                    price_per_kwh: 0.1,
                    ops_per_month: 0.0,
                }),
                options,
            },
        )
}

/// Runs `cases` generated scenarios through `check` on a thread with an 8 MiB stack: debug
/// builds of these nested proptest strategies plus serde use about 2 MiB of stack (the scenario
/// is 4 levels deep, so frame sizes, not recursion; 3 MB is enough, measured with
/// RUST_MIN_STACK), more than a default test thread has.
fn run(cases: u32, check: fn(ScenarioFile) -> Result<(), TestCaseError>) {
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || {
            let mut runner = TestRunner::new(ProptestConfig {
                cases,
                ..ProptestConfig::default()
            });
            if let Err(e) = runner.run(&scenario(), check) {
                panic!("{e}");
            }
        })
        .expect("thread")
        .join()
        .expect("property holds");
}

/// A scenario value either fails with a named field or evaluates within the invariants.
#[test]
fn scenarios_error_clearly_or_evaluate_soundly() {
    run(400, |file| {
        match file.load().and_then(|l| l.evaluate()) {
            Err(e) => {
                common::check_error(&e);
                prop_assert!(!e.field.is_root(), "no field named: {e}");
            }
            Ok(ev) => {
                common::check_evaluation(&ev);
                common::check_csv(&report::to_csv(&ev));
                prop_assert!(!ev.options.is_empty(), "an empty option list evaluated");
            }
        }
        Ok(())
    });
}

/// Through its JSON text (NaN and ∞ become null): an error names its field or the result is
/// sound and the text reads back as the same scenario.
#[test]
fn scenario_json_text_errors_clearly_or_evaluates_soundly() {
    run(400, |file| {
        let json = serde_json::to_string(&file).expect("serialises");
        match evaluate_json(&json) {
            Err(e) => common::check_error(&e),
            Ok(ev) => {
                common::check_evaluation(&ev);
                prop_assert_eq!(parse(&json).expect("parsed once"), file);
            }
        }
        Ok(())
    });
}

/// The page's scenario writer (`ScenarioFile::to_pretty_json`) writes serde_json's pretty text
/// byte for byte, extreme numbers (written as `null`) included.
#[test]
fn page_writer_matches_serde_json() {
    run(400, |file| {
        let serde = serde_json::to_string_pretty(&file).expect("serialises");
        prop_assert_eq!(file.to_pretty_json(), serde);
        Ok(())
    });
}

#[test]
fn named_degenerate_scenarios_give_named_errors() {
    let base = |workload: &str, horizon: &str, options: &str| {
        format!(r#"{{"version": 1, {horizon} "workload": {workload}, "options": {options}}}"#)
    };
    let fleet = r#"{"mode": "fleet", "gpus": 1, "hours_per_day": 8}"#;
    let opt = r#"[{"name": "a", "currency": "USD", "on_demand_per_hour": 2}]"#;
    let cases = [
        (
            base(
                r#"{"mode": "fleet", "gpus": 0, "hours_per_day": 8}"#,
                r#""horizon_months": 12,"#,
                opt,
            ),
            "workload.gpus",
        ),
        (
            base(fleet, r#""horizon_months": 0,"#, opt),
            "horizon_months",
        ),
        (base(fleet, r#""horizon_months": 12,"#, "[]"), "options"),
        (
            base(
                fleet,
                r#""horizon_months": 12,"#,
                r#"[{"name": "a", "currency": "EUR", "on_demand_per_hour": 2}]"#,
            ),
            "options[0].currency",
        ),
        (
            base(
                fleet,
                r#""horizon_months": 12, "usd_per_cny": 0,"#,
                r#"[{"name": "a", "currency": "CNY", "on_demand_per_hour": 2}]"#,
            ),
            "usd_per_cny",
        ),
        (
            base(
                fleet,
                r#""horizon_months": 12,"#,
                r#"[{"name": "a", "currency": "USD", "on_demand_per_hour": 1e400}]"#,
            ),
            "",
        ),
    ];
    for (json, field) in cases {
        let e = evaluate_json(&json).expect_err(&json);
        common::check_error(&e);
        if field.is_empty() {
            assert!(
                matches!(
                    e.problem,
                    planner_core::error::FileProblem::NotJson(_)
                        | planner_core::error::FileProblem::WrongType { .. }
                        | planner_core::error::FileProblem::Engine(_)
                ),
                "{e}"
            );
        } else {
            assert!(e.field.to_string().starts_with(field), "{json}: {e}");
        }
    }
    // A reserved term longer than the horizon evaluates: the rest is owed after the horizon.
    let long_term = base(
        fleet,
        r#""horizon_months": 3,"#,
        r#"[{"name": "a", "currency": "USD", "on_demand_per_hour": 2,
             "reserved": {"term_months": 36, "recurring_per_hour": 1},
             "portfolio": {"reserved": 1, "spot": 0}}]"#,
    );
    let ev = evaluate_json(&long_term).expect("term past the horizon evaluates");
    common::check_evaluation(&ev);
    let r = &ev.options[0].result;
    assert!(
        r.total_with_commitment > r.total,
        "{} vs {}",
        r.total_with_commitment,
        r.total
    );
}
