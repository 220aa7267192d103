//! View-models: what each chart draws, built from the app's [`Scenario`] and the engine's
//! results in one language (state → view-model → drawing: the view-models import the state,
//! the drawing in [`crate::chart`] imports neither). One file per chart ([`cumulative`],
//! [`breakdown`], [`ranking`], [`reserved`], [`buy`], [`deadline`]); every chart carries the same footer,
//! built once per scenario and language ([`footer`]).

pub mod breakdown;
pub mod buy;
pub mod cumulative;
pub mod deadline;
pub mod footer;
pub mod ranking;
pub mod reserved;

use crate::i18n::{Arg, Translator};
use crate::state::Scenario;
use crate::validation::MAX_COMPARED;
use planner_engine::plan::OptionResult;

/// `n` with its unit in `t`'s language: `unit` is `gpus`, `months`, `offers` or `rows`, whose
/// messages `count-{unit}-one` and `count-{unit}-other` take `$n` (Fluent's English plural
/// categories, chosen here because the translator formats no selectors; Chinese has one form).
#[must_use]
pub fn count_in(t: &Translator, n: u32, unit: &str) -> String {
    let form = if n == 1 { "one" } else { "other" };
    t.text_named(
        &format!("count-{unit}-{form}"),
        &[("n", Arg::Number(f64::from(n)))],
    )
}

/// The month convention in words in `t`'s language: `"730 h"` / `"730 小时"`, or
/// `"calendar month from 2026-12"` / `"自 2026-12 起的日历月"`.
#[must_use]
pub fn month_words(scenario: &Scenario, t: &Translator) -> String {
    match scenario.calendar_start() {
        Some(start) => t.text_one(msg!("chart-month-calendar"), "start", &start.to_string()),
        None => {
            let label = scenario.fleet().month.label();
            t.text_one(
                msg!("ui-month-hours"),
                "hours",
                label.trim_end_matches(" h"),
            )
        }
    }
}

/// Names of the cost components in `t`'s language, in [`planner_engine::plan::Components::NAMES`]
/// order (legend text and Chinese CSV headers).
#[must_use]
pub fn component_labels(t: &Translator) -> [String; planner_engine::plan::Components::COUNT] {
    planner_engine::plan::Components::NAMES
        .map(|n| t.text_named(&format!("component-{}", n.replace('_', "-")), &[]))
}

/// A catalog commitment in words in `t`'s language (the strategy editor's term list): `"12
/// months, partial upfront: $105,120.00 upfront + $20.00/h ($32.00/h effective)"`, amounts in
/// `currency` (the offer's) per instance-hour.
#[must_use]
pub fn commitment_text(
    t: &Translator,
    c: &planner_core::catalog::Commitment,
    currency: planner_engine::Currency,
) -> String {
    use planner_core::catalog::Payment;
    let payment = match c.payment {
        Payment::AllUpfront => msg!("ui-payment-all-upfront"),
        Payment::PartialUpfront => msg!("ui-payment-partial-upfront"),
        Payment::NoUpfront => msg!("ui-payment-no-upfront"),
    };
    t.text_with(
        msg!("ui-commitment"),
        &[
            ("months", Arg::Number(f64::from(c.term_months))),
            ("payment", Arg::Text(t.text(payment))),
            ("upfront", Arg::Money(c.upfront, currency)),
            ("per_hour", Arg::Money(c.per_hour, currency)),
            ("effective", Arg::Money(c.effective_per_hour(), currency)),
        ],
    )
}

/// "Pick up to 10 offers in the table to compare them", in `t`'s language.
fn empty_message(t: &Translator) -> String {
    t.text_with(
        msg!("chart-empty-pick"),
        &[("max", Arg::Number(MAX_COMPARED as f64))],
    )
}

/// Months the charts span: the horizon, or for a job run until finished, the longest option's.
fn chart_months(scenario: &Scenario, results: &[OptionResult]) -> u32 {
    match scenario.horizon_months() {
        Some(m) => m,
        None => results
            .iter()
            .map(|r| r.cumulative.len() as u32)
            .max()
            .unwrap_or(1)
            .max(1),
    }
}

/// The currency code as a message argument.
fn code(scenario: &Scenario) -> Arg {
    Arg::Text(scenario.display_currency().code().to_string())
}

/// Scenarios shared by the view-model and CSV tests.
#[cfg(test)]
pub(crate) mod fixtures {
    use crate::action::Action;
    use crate::state::Scenario;

    /// The new-user case of session 5: the default scenario with a savings plan on its AWS
    /// p4d.24xlarge option (commitment 15.00 USD/h, 14.00 USD/h under the plan, 12-month term),
    /// a 1-month horizon and a 10 % contingency: the month costs 730 h × 15.00 × 1.1 =
    /// 12,045.00 USD and 11 months of commitment (11 × 730 h × 15.00 = 120,450.00 USD) are owed
    /// after it (contingency is a budget on the horizon's costs, not on the commitment after
    /// it), 132,495.00 in all. Returns the scenario and the option's position.
    pub(crate) fn p4d_savings_plan_one_month() -> (Scenario, usize) {
        let s = Scenario::default();
        let i = s
            .evaluate()
            .expect("the default scenario evaluates")
            .iter()
            .position(|r| r.name.contains("p4d"))
            .expect("the default scenario compares AWS p4d.24xlarge");
        let s = s
            .apply(Action::SetSavingsPlan {
                index: i,
                commitment_per_hour: 15.0,
                plan_per_hour: 14.0,
                term_months: 12.0,
            })
            .and_then(|s| s.apply(Action::SetMonths(1.0)))
            .and_then(|s| s.apply(Action::SetContingencyPct(10.0)))
            .expect("a valid savings plan and horizon");
        (s, i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use planner_core::catalog;
    use planner_core::language::Language;
    use planner_engine::Currency;

    #[test]
    fn commitment_labels_state_term_payment_and_effective_price() {
        let c = catalog::Commitment {
            term_months: 12,
            payment: catalog::Payment::PartialUpfront,
            upfront: 105_120.0,
            per_hour: 20.0,
        };
        assert_eq!(
            commitment_text(&Translator::new(Language::En), &c, Currency::Usd),
            "12 months, partial upfront: $105,120.00 upfront + $20.00/h ($32.00/h effective)"
        );
    }

    #[test]
    fn counts_are_pluralised_and_grouped() {
        let en = Translator::new(Language::En);
        assert_eq!(count_in(&en, 1, "months"), "1 month");
        assert_eq!(count_in(&en, 12_500, "gpus"), "12,500 GPUs");
    }
}
