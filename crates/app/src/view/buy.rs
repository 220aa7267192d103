//! The rent-vs-buy chart's view-model: each option's cumulative rental cost, the cumulative
//! cash cost of owning enough servers, and each option's crossover month.

use super::{chart_months, count_in, month_words};
use crate::chart::lines::{LinesChart, Marker, XyLine};
use crate::i18n::{self, Arg, Translator};
use crate::state::Scenario;
use planner_engine::plan::OptionResult;

/// Builds the rent-vs-buy chart from the engine's `results` for `scenario`, texts in `t`'s
/// language: each option's cumulative rental cost, the cumulative cash cost of owning enough
/// servers for the first option's GPUs (dashed), and each option's crossover month (the first
/// month renting has cost at least as much as buying) marked; the shared `footer`
/// ([`super::footer::footer`]) and a line on what owning counts under it.
#[must_use]
pub fn buy_chart(
    scenario: &Scenario,
    results: &[OptionResult],
    footer: &[String],
    t: &Translator,
) -> LinesChart {
    let currency = scenario.display_currency();
    let code = || Arg::Text(currency.code().to_string());
    let txt = |s: String| Arg::Text(s);
    let mut lines: Vec<XyLine> = results
        .iter()
        .enumerate()
        .map(|(i, r)| XyLine {
            label: t.text_with(msg!("chart-rent-line"), &[("name", txt(r.name.clone()))]),
            series: i,
            dashed: false,
            points: std::iter::once((0.0, 0.0))
                .chain(
                    r.cumulative
                        .iter()
                        .enumerate()
                        .map(|(m, c)| ((m + 1) as f64, c.total())),
                )
                .collect(),
        })
        .collect();
    let mut markers = Vec::new();
    let buy = scenario.buy();
    if let (Some(b), Some(first)) = (buy, results.first().and_then(|r| r.buy.as_ref())) {
        // The owned line is drawn in the colour after the options'.
        let own = results.len();
        let upfront = first.servers * b.purchase;
        lines.push(XyLine {
            label: t.text_with(
                msg!("chart-buy-line"),
                &[
                    (
                        "servers",
                        txt(planner_core::format::number(first.servers, 0)),
                    ),
                    ("gpus", Arg::Number(f64::from(b.gpus))),
                    (
                        "price",
                        txt(i18n::money(t.language(), b.purchase, currency)),
                    ),
                    (
                        "years",
                        txt(planner_core::format::input_value(b.life_years)),
                    ),
                    (
                        "residual",
                        txt(planner_core::format::input_value(b.residual * 100.0)),
                    ),
                    (
                        "per_hour",
                        txt(i18n::money(t.language(), first.per_server_hour, currency)),
                    ),
                ],
            ),
            series: own,
            dashed: true,
            points: std::iter::once((0.0, upfront))
                .chain(
                    first
                        .cumulative
                        .iter()
                        .enumerate()
                        .map(|(m, c)| ((m + 1) as f64, *c)),
                )
                .collect(),
        });
        for (i, r) in results.iter().enumerate() {
            if let Some(m) = r.buy.as_ref().and_then(|b| b.crossover_month) {
                let y = r
                    .cumulative
                    .get(m.saturating_sub(1) as usize)
                    .map_or(f64::NAN, |c| c.total());
                markers.push(Marker {
                    x: f64::from(m),
                    y,
                    tag: t.text_with(msg!("chart-month-n"), &[("n", Arg::Number(f64::from(m)))]),
                    label: t.text_with(
                        msg!("chart-buy-cheaper-from"),
                        &[
                            ("name", txt(r.name.clone())),
                            ("n", Arg::Number(f64::from(m))),
                        ],
                    ),
                    series: i,
                });
            }
        }
        if markers.is_empty() && !results.is_empty() {
            markers.push(Marker {
                x: f64::from(chart_months(scenario, results)),
                y: first.cumulative.last().copied().unwrap_or(f64::NAN),
                tag: t.text(msg!("chart-no-crossover")),
                label: t.text_with(
                    msg!("chart-renting-stays-cheaper"),
                    &[(
                        "months",
                        txt(count_in(t, chart_months(scenario, results), "months")),
                    )],
                ),
                series: own,
            });
        }
    }
    let mut footer = footer.to_vec();
    footer.push(t.text_with(msg!("chart-buy-footer"), &[("currency", code())]));
    let month = month_words(scenario, t);
    LinesChart {
        title: t.text_with(msg!("chart-buy-title"), &[("currency", code())]),
        x_label: t.text_with(msg!("chart-month-axis"), &[("month", txt(month))]),
        y_label: t.text_with(msg!("chart-cumulative-title"), &[("currency", code())]),
        x_max: f64::from(chart_months(scenario, results)),
        footer,
        lines: if buy.is_some() { lines } else { Vec::new() },
        markers,
        empty_message: t.text(msg!("chart-buy-empty")),
    }
}
