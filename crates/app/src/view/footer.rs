//! The footer every chart carries: the plan in words (workload, month convention, storage and
//! egress, contingency; whole instances, no tax), the as-of dates of the options' prices, and
//! the conversion note when an option's offer is priced in another currency than the display
//! one. Built once per scenario, results and language, and shared by the five charts.

use super::{count_in, month_words};
use crate::i18n::{self, Arg, Translator};
use crate::state::{Scenario, DEFAULT_GPUS};
use planner_core::catalog;
use planner_core::language::Language;
use planner_engine::plan::OptionResult;

/// The shared footer lines of `scenario` whose engine results are `results`, in `t`'s
/// language: the plan line, then "Prices as of: …" (when there are results), then the
/// conversion note (when an option's offer is in another currency).
#[must_use]
pub fn footer(scenario: &Scenario, results: &[OptionResult], t: &Translator) -> Vec<String> {
    let l = t.language();
    let txt = |s: String| Arg::Text(s);
    let month = month_words(scenario, t);
    let mut plan = if scenario.is_job() {
        let job = scenario.job();
        t.text_with(
            msg!("chart-plan-job"),
            &[
                ("work", txt(i18n::number(l, job.gpu_hours.round()))),
                (
                    "size",
                    txt(match (job.gpus, job.within_months) {
                        (_, Some(m)) => t.text_with(
                            msg!("chart-plan-within"),
                            &[("months", txt(planner_core::format::input_value(m)))],
                        ),
                        (g, None) => t.text_with(
                            msg!("chart-plan-on"),
                            &[("gpus", txt(count_in(t, g.unwrap_or(DEFAULT_GPUS), "gpus")))],
                        ),
                    }),
                ),
                (
                    "efficiency",
                    txt(planner_core::format::input_value(job.scaling_efficiency)),
                ),
                ("month", txt(month)),
            ],
        )
    } else {
        let fleet = scenario.fleet();
        t.text_with(
            msg!("chart-plan-fleet"),
            &[
                ("gpus", txt(count_in(t, fleet.gpus, "gpus"))),
                (
                    "hours",
                    txt(planner_core::format::input_value(fleet.hours_per_day)),
                ),
                (
                    "days",
                    txt(planner_core::format::input_value(scenario.days_per_week())),
                ),
                ("months", txt(count_in(t, fleet.months, "months"))),
                ("month", txt(month)),
            ],
        )
    };
    let (storage_gb, egress_gb) = (scenario.storage_gb(), scenario.egress_gb_per_month());
    if storage_gb > 0.0 || egress_gb > 0.0 {
        plan.push_str(&t.text_with(
            msg!("chart-plan-storage"),
            &[
                ("storage", txt(planner_core::format::number(storage_gb, 0))),
                (
                    "storage_price",
                    txt(planner_core::format::input_value(scenario.storage_price())),
                ),
                ("egress", txt(planner_core::format::number(egress_gb, 0))),
                (
                    "egress_price",
                    txt(planner_core::format::input_value(scenario.egress_price())),
                ),
            ],
        ));
    }
    let contingency = scenario.contingency_pct();
    if contingency > 0.0 {
        plan.push_str(&t.text_with(
            msg!("chart-plan-contingency"),
            &[("pct", txt(planner_core::format::input_value(contingency)))],
        ));
    }
    plan.push_str(&t.text(msg!("chart-plan-end")));
    let mut lines = vec![plan];
    let mut as_of: Vec<String> = Vec::new();
    for r in results {
        let text = r
            .prices_as_of
            .as_deref()
            .map_or_else(|| t.text(msg!("chart-undated")), |d| i18n::date(l, d));
        if !as_of.contains(&text) {
            as_of.push(text);
        }
    }
    if !as_of.is_empty() {
        lines.push(t.text_with(
            msg!("chart-prices-as-of"),
            &[(
                "dates",
                txt(as_of.join(match l {
                    Language::En => "; ",
                    Language::ZhCn => "；",
                })),
            )],
        ));
    }
    let currency = scenario.display_currency();
    if results.iter().any(|r| {
        r.offer_id
            .as_deref()
            .and_then(catalog::offer_by_id)
            .is_some_and(|o| o.currency != currency)
    }) {
        lines.push(t.text_with(
            msg!("chart-converted"),
            &[
                ("currency", super::code(scenario)),
                ("rate", txt(scenario.rate_statement())),
            ],
        ));
    }
    lines
}
