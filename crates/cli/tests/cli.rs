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

/// Issue 18's savings-plan example: 504.00 a day against 393.24 on demand, flagged.
#[test]
fn eval_reports_the_savings_plan_and_flags_it() {
    let out = gpurent(&["eval", "tests/golden/savings-plan.json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    let days = 730.0 / 24.0;
    let plain = v["options"][0]["total"].as_f64().unwrap();
    assert!((plain / days - 393.24).abs() < 1e-9, "{plain}");
    let sp = &v["options"][1];
    let total = sp["total"].as_f64().unwrap();
    assert!((total / days - 504.00).abs() < 0.005, "{total}");
    assert_eq!(sp["savings_plan"]["above_on_demand"], true);
    let u = sp["savings_plan"]["break_even_utilisation"]
        .as_f64()
        .unwrap();
    assert!((u - 21.30 / 32.77).abs() < 1e-12, "{u}");
    let csv = gpurent(&["eval", "--format", "csv", "tests/golden/savings-plan.json"]);
    assert!(text(&csv.stdout).starts_with("option,month_730h,month_hours,"));
    assert!(text(&csv.stdout).contains(",savings_plan_usd,savings_plan_unused_usd,"));
}

/// The SLA view (tests/golden/sla-credit.json, checked by hand in tests/golden/README.md): an
/// AWS instance at 10.00/h failing once per 100 h with a 1 h restart is expected 1 / 1.01 =
/// 99.0099 % available, under AWS's 99.5 %: 10 % of 7,409.99 of compute = 741.00 credited,
/// beside 7.30 h of downtime costing 109.99 in restarts and lost work.
#[test]
fn eval_reports_the_sla_view() {
    let out = gpurent(&["eval", "tests/golden/sla-credit.json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    let sla = &v["options"][0]["sla"];
    assert_eq!(sla["committed_pct"], 99.5);
    assert!((sla["expected_availability_pct"].as_f64().unwrap() - 100.0 / 1.01).abs() < 1e-9);
    assert_eq!(sla["credit_pct"], 10.0);
    assert!((sla["credit"].as_f64().unwrap() - 741.00).abs() < 0.005);
    assert!((sla["downtime_hours"].as_f64().unwrap() - 7.30).abs() < 1e-9);
    assert!((sla["downtime_cost"].as_f64().unwrap() - 109.99).abs() < 0.005);
    let csv = gpurent(&["eval", "--format", "csv", "tests/golden/sla-credit.json"]);
    assert!(text(&csv.stdout).contains(",sla_committed_pct,sla_expected_availability_pct,"));
}

#[test]
fn eval_prints_json_with_the_case_study_totals() {
    let out = gpurent(&["eval", "tests/golden/case-study-job.json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    // A version-1 file is migrated: the output is this build's version 2, same totals.
    assert_eq!(v["version"], 2);
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

/// A fresh empty directory under the system's temporary directory.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gpurent-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn files_in(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Saved responses laid out as `--from-dir` reads them (`<dir>/<provider>/<saved name>`, the
/// names `gpurent catalog refresh --list-requests` prints), copied from the recorded real
/// responses in tests/fixtures/refresh/.
fn saved_responses(dir: &std::path::Path) {
    let fixtures = PathBuf::from(ROOT).join("tests/fixtures/refresh");
    for (from, to) in [
        ("aws/price-list-ec2-20250912225308-sample.csv", "aws/price-list-ap-east-2.csv"),
        ("aws/savings-plans-region-index-20250911184447.json", "aws/savings-plans-region-index.json"),
        ("aws/savings-plans-ap-east-2-20250911184447-sample.csv", "aws/savings-plans-ap-east-2.csv"),
        ("aws/spot-js-2021-04-06-gpu-sections.json", "aws/spot.json"),
        ("aws/spot-advisor-data-2025-06-28-accelerator-subset.json", "aws/spot-advisor-data.json"),
        (
            "azure/retail-items-gpu-nc48ads-a100-v4-eastus2-reservations-and-nd96ams-spot-babajide.json",
            "azure/retail-prices-eastus2-page-1.json",
        ),
        ("gcp/cyclenerd-pricing-head-a2-highgpu-1g.yml", "gcp/pricing.yml"),
        ("lambda/instance-types-trimmed-2026-07-30.json", "lambda/instance-types.json"),
        ("coreweave/pricing-hgx-h100-row.opencomputeprices-test.html", "coreweave/pricing.html"),
    ] {
        let target = dir.join(to);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::copy(fixtures.join(from), target).unwrap();
    }
}

#[test]
fn catalog_refresh_from_saved_responses_writes_each_provider_and_its_provenance() {
    let dir = temp_dir("refresh-ok");
    let saved = dir.join("saved");
    let out = dir.join("out");
    saved_responses(&saved);
    let run = gpurent(&[
        "catalog",
        "refresh",
        "--provider",
        "aws,azure,gcp,lambda,coreweave",
        "--aws-region",
        "ap-east-2",
        "--azure-region",
        "eastus2",
        "--from-dir",
        saved.to_str().unwrap(),
        "--fetched-at",
        "2026-12-01T12:00:00Z",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let mut want = Vec::new();
    for p in ["aws", "azure", "coreweave", "gcp", "lambda"] {
        want.push(format!("refresh-{p}.csv"));
        want.push(format!("refresh-{p}.provenance.json"));
    }
    assert_eq!(files_in(&out), want);
    let rows = |p: &str| {
        let csv = std::fs::read_to_string(out.join(format!("refresh-{p}.csv"))).unwrap();
        let mut lines = csv.lines();
        assert_eq!(
            lines.next().unwrap(),
            "provider,instance_type,gpu_name,gpu_count,gpu_memory_gib,vcpus,ram_gib,region,zone,\
             billing_mode,term_months,payment,price,upfront,currency,price_unit,as_of,source,\
             source_ref,note"
        );
        lines.map(str::to_owned).collect::<Vec<_>>()
    };
    // AWS: the price-list and savings-plan samples hold no Linux GPU line; the spot feed's
    // five regions give 117 GPU sizes.
    assert_eq!(rows("aws").len(), 117);
    assert!(rows("aws").iter().any(
        |r| r.starts_with("AWS,g4dn.xlarge,T4,1.0,") && r.contains(",us-east,,spot,,,0.1578,")
    ));
    let azure = rows("azure");
    assert_eq!(azure.len(), 4);
    assert!(azure
        .iter()
        .any(|r| r.contains(",reserved,36,,71642.0,,USD,term_total,2022-06-01T00:00:00Z,")));
    assert_eq!(rows("gcp").len(), 156);
    assert_eq!(rows("lambda").len(), 7);
    assert_eq!(rows("coreweave").len(), 1);
    assert!(rows("coreweave")[0]
        .contains(",on_demand,,,49.24,,USD,instance_hour,2026-12-01T12:00:00Z,"));

    let provenance: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("refresh-aws.provenance.json")).unwrap())
            .unwrap();
    assert_eq!(provenance["provider"], "aws");
    assert_eq!(provenance["fetched_at"], "2026-12-01T12:00:00Z");
    assert_eq!(provenance["rows"], 117);
    let responses = provenance["responses"].as_array().unwrap();
    assert_eq!(responses.len(), 5);
    assert_eq!(
        responses[0]["url"],
        "https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/current/ap-east-2/index.csv"
    );
    // The digest of the price-list sample as its SOURCE.md gives it.
    assert_eq!(
        responses[0]["sha256"],
        "70943b770b24e406094461929e81fca4f15ae0e04c3d3c04517f623ebca69605"
    );
    assert_eq!(responses[0]["bytes"], 35_777);
    assert_eq!(
        responses[2]["url"],
        "https://pricing.us-east-1.amazonaws.com/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/20250911184447/ap-east-2/index.csv"
    );
    assert!(provenance["skipped"]
        .as_object()
        .unwrap()
        .keys()
        .any(|k| k.starts_with("price list ap-east-2:")));
    assert!(text(&run.stdout).contains("refresh-gcp.csv: 156 rows"));
    // The committed sample of the output (tests/fixtures/refresh/output/README.md) is what the
    // command writes today.
    for p in ["aws", "azure", "coreweave", "gcp", "lambda"] {
        let name = format!("refresh-{p}.csv");
        let want = std::fs::read_to_string(
            PathBuf::from(ROOT)
                .join("tests/fixtures/refresh/output")
                .join(&name),
        )
        .unwrap();
        let got = std::fs::read_to_string(out.join(&name)).unwrap();
        assert!(
            got == want,
            "{name} differs from tests/fixtures/refresh/output/{name}: after a deliberate parser \
             change, regenerate it with the command in that folder's README.md"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn catalog_refresh_failures_write_nothing() {
    let dir = temp_dir("refresh-fail");
    let saved = dir.join("saved");
    let out = dir.join("out");
    saved_responses(&saved);
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("refresh-gcp.csv"), "the previous file\n").unwrap();
    let refresh = |extra: &[&str], env: &[(&str, &str)]| {
        let mut args = vec!["catalog", "refresh", "--out", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        let run = Command::new(env!("CARGO_BIN_EXE_gpurent"))
            .args(&args)
            .envs(env.iter().copied())
            .current_dir(ROOT)
            .output()
            .expect("runs");
        assert_eq!(run.status.code(), Some(1), "{}", text(&run.stderr));
        assert_eq!(files_in(&out), ["refresh-gcp.csv"], "{}", text(&run.stderr));
        assert_eq!(
            std::fs::read_to_string(out.join("refresh-gcp.csv")).unwrap(),
            "the previous file\n"
        );
        text(&run.stderr)
    };
    // gcp's response is there, lambda's is not: neither file is written.
    std::fs::remove_file(saved.join("lambda/instance-types.json")).unwrap();
    let saved_dir = saved.to_str().unwrap();
    let e = refresh(
        &[
            "--provider",
            "gcp,lambda",
            "--from-dir",
            saved_dir,
            "--fetched-at",
            "2026-12-01",
        ],
        &[],
    );
    assert!(e.contains("lambda: cannot read the saved response"), "{e}");
    // Offline: every connection goes to a closed port on this machine through the proxy.
    let e = refresh(
        &["--provider", "gcp"],
        &[
            ("HTTPS_PROXY", "http://127.0.0.1:9"),
            ("ALL_PROXY", "http://127.0.0.1:9"),
            ("NO_PROXY", ""),
        ],
    );
    assert!(
        e.contains("gcp: network unreachable: https://raw.githubusercontent.com/"),
        "{e}"
    );
    assert!(e.contains("nothing written"), "{e}");
    // Terms: Vast.ai and RunPod are not fetched without --accept-terms.
    let e = refresh(&["--provider", "vast"], &[]);
    assert!(
        e.contains("pass --accept-terms vast only if you have that permission"),
        "{e}"
    );
    let e = refresh(
        &[
            "--provider",
            "gcp",
            "--from-dir",
            saved_dir,
            "--fetched-at",
            "last week",
        ],
        &[],
    );
    assert!(
        e.contains("--fetched-at \"last week\" is not a UTC time"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
