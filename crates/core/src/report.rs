//! Output of an [`Evaluation`]: pretty JSON (full precision) and CSV (one row per option and
//! month, units in the header, plain numbers rounded to cents, dot decimal, no separators), as
//! docs/cost-model.md ("Outputs") asks of exports.

use crate::file::Evaluation;
use planner_engine::plan::Components;

/// The evaluation as pretty-printed JSON, amounts at full precision.
#[must_use]
pub fn to_json(e: &Evaluation) -> String {
    // Serialising plain structs of numbers and strings cannot fail; fall back to an error object.
    serde_json::to_string_pretty(e)
        .unwrap_or_else(|err| format!("{{\"error\": \"{}\"}}", err.to_string().replace('"', "'")))
}

/// Money as a plain CSV number: rounded to cents half away from zero, dot decimal.
#[must_use]
pub fn csv_money(x: f64) -> String {
    let cents = (x * 100.0).round() / 100.0;
    let s = format!("{cents:.2}");
    if s == "-0.00" {
        "0.00".into()
    } else {
        s
    }
}

/// The evaluation as CSV: a header naming units (`on_demand_usd`, `month_730h`), then per option
/// and month the month's cost by component (the version-2 components, `savings_plan` and
/// `savings_plan_unused`, only when some option has them), the month's total and the cumulative total. Monte
/// Carlo bands, when present, add `cumulative_p10/p50/p90` columns. Deadline-safe spot, when
/// some option has it, adds per-job columns filled on the option's last row (P10/P50/P90 of
/// the policy's cost and finish hours, then all-spot and all-on-demand cost and hours). An
/// SLA, when some option has one (an offer of a provider with a known SLA), adds its columns
/// on the option's last row: committed and expected availability (%), the credit (% and
/// amount over the horizon), expected downtime hours and their cost (docs/cost-model.md, "SLA
/// and service credits").
#[must_use]
pub fn to_csv(e: &Evaluation) -> String {
    let cur = e.currency.to_lowercase();
    let mc = e.options.iter().any(|o| o.montecarlo.is_some());
    let mut header = vec![
        "option".to_string(),
        format!("month_{}", e.month),
        "month_hours".to_string(),
    ];
    // Components added by format version 2 get a column only when an option has any of them,
    // so version-1 scenarios keep their columns (docs/scenario-format.md, "Versions").
    let shown: Vec<usize> = (0..Components::COUNT)
        .filter(|&i| {
            i < Components::FIRST_V2
                || i == Components::COUNT - 1
                || e.options
                    .iter()
                    .any(|o| o.result.monthly.iter().any(|m| m.values()[i] != 0.0))
        })
        .collect();
    header.extend(
        shown
            .iter()
            .map(|&i| format!("{}_{cur}", Components::NAMES[i])),
    );
    header.push(format!("month_total_{cur}"));
    header.push(format!("cumulative_total_{cur}"));
    if mc {
        for p in ["p10", "p50", "p90"] {
            header.push(format!("cumulative_{p}_{cur}"));
        }
    }
    let ds = e.options.iter().any(|o| o.deadline_spot.is_some());
    if ds {
        for p in ["p10", "p50", "p90"] {
            header.push(format!("deadline_spot_{p}_{cur}"));
        }
        for p in ["p10", "p50", "p90"] {
            header.push(format!("deadline_spot_finish_{p}_hours"));
        }
        header.push(format!("all_spot_{cur}"));
        header.push("all_spot_hours".into());
        header.push(format!("all_on_demand_{cur}"));
        header.push("all_on_demand_hours".into());
    }
    let sla = e.options.iter().any(|o| o.result.sla.is_some());
    if sla {
        header.extend([
            "sla_committed_pct".to_string(),
            "sla_expected_availability_pct".into(),
            "sla_credit_pct".into(),
            format!("sla_credit_{cur}"),
            "expected_downtime_hours".into(),
            format!("expected_downtime_cost_{cur}"),
        ]);
    }
    let mut out = header.join(",");
    out.push('\n');
    for o in &e.options {
        let r = &o.result;
        for (i, (m, c)) in r.monthly.iter().zip(&r.cumulative).enumerate() {
            let mut row = vec![
                crate::csv_safe::field(&r.name),
                (i + 1).to_string(),
                format!("{}", r.month_hours.get(i).copied().unwrap_or(0.0)),
            ];
            let values = m.values();
            row.extend(shown.iter().map(|&i| csv_money(values[i])));
            row.push(csv_money(m.total()));
            row.push(csv_money(c.total()));
            if mc {
                match o.montecarlo.as_ref().and_then(|m| m.cumulative.get(i)) {
                    Some(b) => row.extend([b.p10, b.p50, b.p90].map(csv_money)),
                    None => row.extend(["", "", ""].map(String::from)),
                }
            }
            if ds {
                match o
                    .deadline_spot
                    .as_ref()
                    .filter(|_| i + 1 == r.monthly.len())
                {
                    Some(d) => {
                        row.extend([d.cost.p10, d.cost.p50, d.cost.p90].map(csv_money));
                        let f = d.finish_hours;
                        row.extend([f.p10, f.p50, f.p90].map(csv_money));
                        row.push(csv_money(d.all_spot_cost));
                        row.push(csv_money(d.all_spot_finish_hours));
                        row.push(csv_money(d.all_on_demand_cost));
                        row.push(csv_money(d.all_on_demand_finish_hours));
                    }
                    None => row.extend(std::iter::repeat_n(String::new(), 10)),
                }
            }
            if sla {
                match r.sla.filter(|_| i + 1 == r.monthly.len()) {
                    Some(v) => row.extend([
                        crate::csv_safe::number(v.committed_pct, 4),
                        crate::csv_safe::number(v.expected_availability_pct, 4),
                        // An unknown credit table is an empty cell, not 0.
                        if v.credit_known {
                            crate::csv_safe::number(v.credit_pct, 4)
                        } else {
                            String::new()
                        },
                        if v.credit_known {
                            csv_money(v.credit)
                        } else {
                            String::new()
                        },
                        csv_money(v.downtime_hours),
                        csv_money(v.downtime_cost),
                    ]),
                    None => row.extend(std::iter::repeat_n(String::new(), 6)),
                }
            }
            out.push_str(&row.join(","));
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_money_rounds_to_cents_without_separators() {
        assert_eq!(csv_money(1_234_567.891), "1234567.89");
        assert_eq!(csv_money(0.125), "0.13");
        assert_eq!(csv_money(-0.001), "0.00");
        assert_eq!(csv_money(6.132), "6.13");
    }

    #[test]
    fn option_names_are_quoted_and_neutralised() {
        let json = r#"{"version": 1, "horizon_months": 1,
            "workload": {"mode": "fleet", "gpus": 1, "hours_per_day": 1},
            "options": [{"name": "=HYPERLINK(\"http://x\",\"a, b\")", "currency": "USD",
                         "on_demand_per_hour": 1}]}"#;
        let e = crate::file::evaluate_json(json).expect("valid scenario");
        let csv = to_csv(&e);
        let row = csv.lines().nth(1).expect("a data row");
        assert!(
            row.starts_with("\"'=HYPERLINK(\"\"http://x\"\",\"\"a, b\"\")\",1,"),
            "{row}"
        );
    }
}
