//! The ranking chart's view-model: every option's total within the horizon, cheapest first,
//! with the shared footer.

use super::{count_in, empty_message};
use crate::chart::ranking::{Bar, RankingChart};
use crate::i18n::{self, Arg, Translator};
use crate::state::Scenario;
use planner_engine::plan::OptionResult;

/// Builds the ranking chart (total within the horizon per option, cheapest first) from the
/// engine's `results` for `scenario`, texts in `t`'s language; with the shared
/// `footer` ([`super::footer::footer`]).
#[must_use]
pub fn ranking_chart(
    scenario: &Scenario,
    results: &[OptionResult],
    footer: &[String],
    t: &Translator,
) -> RankingChart {
    let currency = scenario.display_currency();
    let code = || Arg::Text(currency.code().to_string());
    let fleet = scenario.fleet();
    RankingChart {
        title: if scenario.is_job() {
            t.text_with(msg!("chart-ranking-title-job"), &[("currency", code())])
        } else {
            t.text_with(
                msg!("chart-ranking-title"),
                &[
                    ("months", Arg::Text(count_in(t, fleet.months, "months"))),
                    ("currency", code()),
                ],
            )
        },
        x_label: t.text_with(msg!("chart-ranking-axis"), &[("currency", code())]),
        footer: footer.to_vec(),
        bars: results
            .iter()
            .enumerate()
            .map(|(i, r)| Bar {
                label: r.name.clone(),
                value: r.total,
                series: i,
                value_text: i18n::money(t.language(), r.total, currency),
            })
            .collect(),
        empty_message: empty_message(t),
    }
}
