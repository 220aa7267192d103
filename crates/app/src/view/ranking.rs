//! The ranking chart's view-model: every option's total within the horizon, cheapest first,
//! with the commitment a reserved term or a savings plan still owes after the horizon (so the
//! bar's full length is the total commitment), and the shared footer.

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
        footer: if results.iter().any(|r| r.committed_after_horizon() > 0.0) {
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
                let owed = r.committed_after_horizon();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart::ranking::{ranking_csv, ranking_svg};
    use crate::chart::Theme;
    use crate::view::fixtures::p4d_savings_plan_one_month;
    use planner_core::language::Language;

    /// A savings plan's commitment owed after the horizon continues its bar and fills the CSV's
    /// commitment column, as a reserved term's does: $12,045.00 within the month,
    /// $120,450.00 after, $132,495.00 in all.
    #[test]
    fn savings_plan_owed_after_the_horizon_continues_the_bar() {
        let (s, i) = p4d_savings_plan_one_month();
        let results = s.evaluate().expect("evaluates");
        let en = Translator::new(Language::En);
        let chart = ranking_chart(&s, &results, &[], &en);
        let bar = chart.bars.iter().find(|b| b.series == i).expect("its bar");
        assert_eq!(
            planner_core::format::money(bar.value, currency(&s)),
            "$12,045.00"
        );
        assert_eq!(
            planner_core::format::money(bar.owed_after, currency(&s)),
            "$120,450.00"
        );
        assert_eq!(bar.value_text, "$12,045.00 (commits $132,495.00)");
        assert_eq!(
            chart.footer.first().map(String::as_str),
            Some(
                "Pale part of a bar: reserved or savings-plan commitment owed after the \
                 horizon; the whole bar is the total commitment."
            )
        );
        let csv = ranking_csv(&chart, ["rank", "option", "total", "with_commitment"]);
        let row = csv
            .lines()
            .find(|l| l.contains(&results[i].name))
            .expect("its row");
        assert!(row.ends_with(",12045.00,132495.00"), "{row}");
        // The pale segment is drawn: two more rectangles than without the amount owed.
        let mut plain = chart.clone();
        plain.bars.iter_mut().for_each(|b| b.owed_after = 0.0);
        let rects = |c: &RankingChart| {
            ranking_svg(c, &Theme::LIGHT, 800)
                .expect("draws")
                .matches("<rect")
                .count()
        };
        assert_eq!(rects(&chart), rects(&plain) + 2);
        // The same in Chinese: the note is translated, the amounts are the same.
        let zh = ranking_chart(&s, &results, &[], &Translator::new(Language::ZhCn));
        assert_eq!(
            zh.bars,
            chart
                .bars
                .iter()
                .map(|b| Bar {
                    value_text: zh.bars[b.series].value_text.clone(),
                    ..b.clone()
                })
                .collect::<Vec<_>>()
        );
        assert!(zh.footer[0].contains("节省计划"), "{}", zh.footer[0]);
    }

    fn currency(s: &Scenario) -> planner_engine::Currency {
        s.display_currency()
    }
}
