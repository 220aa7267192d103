//! The ranking chart's view-model: every option's total within the horizon, cheapest first,
//! with what a reserved term still owes after the horizon (so the bar's full length is the
//! total commitment), and the shared footer.

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
        footer: if results.iter().any(|r| owed_after(r) > 0.0) {
            let mut f = vec![t.text(msg!("chart-ranking-owed-note"))];
            f.extend_from_slice(footer);
            f
        } else {
            footer.to_vec()
        },
        bars: results
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let owed = owed_after(r);
                let total = i18n::money(t.language(), r.total, currency);
                Bar {
                    label: r.name.clone(),
                    value: r.total,
                    series: i,
                    owed_after: owed,
                    value_text: if owed > 0.0 {
                        t.text_with(
                            msg!("chart-ranking-commits"),
                            &[
                                ("total", Arg::Text(total)),
                                (
                                    "commitment",
                                    Arg::Text(i18n::money(
                                        t.language(),
                                        r.total_with_commitment,
                                        currency,
                                    )),
                                ),
                            ],
                        )
                    } else {
                        total
                    },
                }
            })
            .collect(),
        empty_message: empty_message(t),
    }
}

/// Reserved commitment `r` owes after the horizon (0 when none or not finite).
fn owed_after(r: &OptionResult) -> f64 {
    r.reserved
        .as_ref()
        .map(|x| x.committed_after_horizon)
        .filter(|v| v.is_finite() && *v > 0.0)
        .unwrap_or(0.0)
}
