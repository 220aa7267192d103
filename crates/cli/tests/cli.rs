//! Tests of the `gpurent` binary itself: run the built executable on scenario files and check
//! its output, stderr and exit status. It runs in the repository root, so the paths are the
//! README's (`tests/golden/…`).
#![cfg(not(target_arch = "wasm32"))]

use std::path::PathBuf;
use std::process::{Command, Output};

/// The repository root (this crate is `crates/cli`).
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

fn gpurent(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gpurent"))
        .args(args)
        .current_dir(ROOT)
        .output()
        .expect("the gpurent binary runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn eval_prints_json_with_the_case_study_totals() {
    let out = gpurent(&["eval", "tests/golden/case-study-job.json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    assert_eq!(v["version"], 1);
    assert_eq!(v["currency"], "USD");
    assert_eq!(v["month"], "730h");
    let mixed = &v["options"][1];
    let total = mixed["total"].as_f64().unwrap();
    assert!((total - 234_152.0).abs() < 1e-6, "{total}");
    let commitment = mixed["reserved"]["commitment"].as_f64().unwrap();
    assert!((commitment - 1_324_512.0).abs() < 1e-6, "{commitment}");
    assert_eq!(mixed["monthly"].as_array().unwrap().len(), 3);
}

#[test]
fn eval_prints_csv_with_units_in_the_header() {
    let out = gpurent(&[
        "eval",
        "tests/golden/case-study-job.json",
        "--format",
        "csv",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let csv = text(&out.stdout);
    let mut lines = csv.lines();
    let header = lines.next().unwrap();
    assert!(header.starts_with("option,month_730h,month_hours,reserved_upfront_usd,"));
    assert!(header.ends_with(",month_total_usd,cumulative_total_usd"));
    let last = csv.lines().last().unwrap();
    assert!(last.ends_with(",234152.00"), "{last}");
    assert_eq!(csv.lines().count(), 1 + 2 * 3);
}

#[test]
fn csv_matches_the_golden_file() {
    let out = gpurent(&[
        "eval",
        "tests/golden/offpeak-render.json",
        "--format",
        "csv",
    ]);
    assert!(out.status.success());
    let want = std::fs::read_to_string(PathBuf::from(ROOT).join("tests/golden/offpeak-render.csv"))
        .unwrap();
    assert_eq!(text(&out.stdout), want);
}

#[test]
fn bad_file_names_the_field_and_exits_non_zero() {
    let out = gpurent(&["eval", "tests/golden/bad-shares-above-100.json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert!(
        err.contains("options[1].portfolio: reserved + spot shares sum to 120 %, above 100 %"),
        "{err}"
    );
    let out = gpurent(&["eval", "tests/golden/bad-unknown-field.json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("options[0].spot_price: unknown field `spot_price`"));
}

#[test]
fn missing_file_and_bad_arguments_fail() {
    let out = gpurent(&["eval", "tests/golden/no-such-file.json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot read"));
    let out = gpurent(&[
        "eval",
        "tests/golden/case-study-job.json",
        "--format",
        "xml",
    ]);
    assert_eq!(out.status.code(), Some(2), "clap rejects the format");
    let out = gpurent(&[]);
    assert!(!out.status.success());
}

#[test]
fn catalog_offer_ids_resolve_through_the_adapter() {
    let dir = std::env::temp_dir().join(format!("gpurent-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("catalog.json");
    std::fs::write(
        &path,
        r#"{"version":1,"horizon_months":12,
            "workload":{"mode":"fleet","gpus":8,"hours_per_day":24},
            "options":[{"offer":"skypilot-aws/p4d.24xlarge"}]}"#,
    )
    .unwrap();
    let out = gpurent(&["eval", path.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).ok();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let o = &v["options"][0];
    assert_eq!(o["offer_id"], "skypilot-aws/p4d.24xlarge");
    let offer = planner_core::catalog::offer_by_id("skypilot-aws/p4d.24xlarge").unwrap();
    assert_eq!(o["prices_as_of"], offer.source().as_of);
    let want = offer.on_demand_per_hour.expect("an on-demand offer") * 8_760.0;
    let total = o["total"].as_f64().unwrap();
    assert!((total - want).abs() < 1e-6 * want, "{total} vs {want}");
}
