//! The breakdown chart's view-model: one option's cost of each month by component, with the
//! shared footer.

use super::{component_labels, empty_message, month_words};
use crate::chart::breakdown::BreakdownChart;
use crate::i18n::{Arg, Translator};
use crate::state::Scenario;
use planner_engine::plan::OptionResult;

/// Builds the breakdown chart (cost of each month by component) of option `index` from the
/// engine's `results` for `scenario`, texts in `t`'s language, with the shared `footer` ([`super::footer::footer`]); an index past the end shows
/// the first option, and no option gives an empty chart.
#[must_use]
pub fn breakdown_chart(
    scenario: &Scenario,
    results: &[OptionResult],
    index: usize,
    footer: &[String],
    t: &Translator,
) -> BreakdownChart {
    let currency = scenario.display_currency();
    let code = || Arg::Text(currency.code().to_string());
    let r = results.get(index).or_else(|| results.first());
    let option = r.map(|r| r.name.clone()).unwrap_or_default();
    BreakdownChart {
        title: t.text_with(msg!("chart-breakdown-title"), &[("currency", code())]),
        option_line: if option.is_empty() {
            String::new()
        } else {
            t.text_one(msg!("chart-option-line"), "name", &option)
        },
        option,
        component_labels: component_labels(t),
        x_label: t.text_one(msg!("chart-month-axis"), "month", &month_words(scenario, t)),
        y_label: t.text_with(msg!("chart-breakdown-axis"), &[("currency", code())]),
        footer: footer.to_vec(),
        monthly: r.map(|r| r.monthly.clone()).unwrap_or_default(),
        empty_message: empty_message(t),
    }
}
