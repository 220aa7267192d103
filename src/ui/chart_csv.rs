//! The CSV downloads of the app's charts, made on click only from the same results and charts
//! as the screen, with headers in the UI language (docs/i18n.md). Every chart's CSV callback
//! is one [`use_chart_csv`] on a [`CsvOf`], so the memo hook behind them is compiled once
//! instead of once per chart (issue 19, the wasm's size).

use super::bands::RiskBands;
use super::hooks;
use planner_app::chart::breakdown::BreakdownChart;
use planner_app::chart::lines::LinesChart;
use planner_app::chart::ranking::RankingChart;
use planner_app::i18n::{Arg, Translator};
use planner_app::msg;
use planner_app::state::Scenario;
use planner_core::error::FileError;
use planner_core::language::Language;
use planner_engine::plan::OptionResult;
use planner_engine::Currency;
use std::rc::Rc;
use yew::prelude::*;

/// A chart whose CSV a download makes, with what its CSV is made from besides the display
/// currency and the language (compared by value, as the callback's memo dependencies).
#[derive(PartialEq)]
pub enum CsvOf {
    /// The reserved-vs-on-demand chart.
    Reserved(Rc<LinesChart>),
    /// The rent-vs-buy chart and the scenario's month code ([`Scenario::month_code`]).
    Buy(Rc<LinesChart>, &'static str),
    /// The monthly breakdown chart and the scenario's month code.
    Breakdown(Rc<BreakdownChart>, &'static str),
    /// The cumulative chart's data: the engine's results, the scenario and the risk bands
    /// computed so far (any still pending are computed for the download).
    Cumulative(
        Rc<Result<Vec<OptionResult>, FileError>>,
        Box<Scenario>,
        Rc<RiskBands>,
    ),
    /// The ranking chart.
    Ranking(Rc<RankingChart>),
}

/// A chart's CSV callback: `of`'s CSV with amounts in `currency` and headers in `lang`,
/// memoised on all three (the same callback, so the chart's panel is not re-rendered, until
/// one changes).
#[hook]
pub fn use_chart_csv(of: CsvOf, currency: Currency, lang: Language) -> Callback<(), String> {
    hooks::use_callback_on((of, currency, lang), |(), (of, currency, l)| {
        csv(of, *currency, &Translator::new(*l))
    })
}

/// `of`'s CSV, amounts in `currency`, headers in `t`'s language.
fn csv(of: &CsvOf, currency: Currency, t: &Translator) -> String {
    let c = Arg::Text(planner_app::comparison::csv_currency(t, currency));
    let marker =
        |label: &str| t.text_with(msg!("csv-marker"), &[("label", Arg::Text(label.into()))]);
    match of {
        CsvOf::Reserved(chart) => planner_app::chart::lines::lines_csv(
            chart,
            [
                &t.text(msg!("csv-series")),
                &t.text(msg!("csv-utilisation-pct")),
                &t.text_with(msg!("csv-per-instance-hour-of-term"), &[("currency", c)]),
            ],
            planner_core::csv_safe::DECIMALS,
            &marker,
        ),
        CsvOf::Buy(chart, month) => planner_app::chart::lines::lines_csv(
            chart,
            [
                &t.text(msg!("csv-series")),
                &t.text_with(msg!("csv-month"), &[("month", Arg::Text((*month).into()))]),
                &t.text_with(msg!("csv-cumulative"), &[("currency", c)]),
            ],
            planner_core::csv_safe::AMOUNT_DECIMALS,
            &marker,
        ),
        CsvOf::Breakdown(chart, month) => {
            let m = Arg::Text((*month).into());
            let mut header = vec![
                t.text(msg!("csv-option")),
                t.text_with(msg!("csv-month"), &[("month", m.clone())]),
            ];
            let names = match t.language() {
                Language::En => planner_engine::plan::Components::NAMES.map(String::from),
                Language::ZhCn => planner_app::view::component_labels(t),
            };
            header.extend(names.into_iter().map(|n| {
                t.text_with(
                    msg!("csv-component-per-month"),
                    &[
                        ("component", Arg::Text(n)),
                        ("currency", c.clone()),
                        ("month", m.clone()),
                    ],
                )
            }));
            header.push(t.text_with(
                msg!("csv-total-per-month"),
                &[("currency", c), ("month", m)],
            ));
            planner_app::chart::breakdown::breakdown_csv(chart, &header)
        }
        CsvOf::Cumulative(results, s, bands) => match &**results {
            // A download holds every band: any still being computed are computed now.
            Ok(r) => planner_app::comparison::cumulative_csv_with_bands(
                r,
                &if bands.pending > 0 {
                    s.risk_bands()
                } else {
                    bands.bands.clone()
                },
                currency,
                s.month_code(),
                t,
            ),
            Err(e) => format!(
                "{}\n",
                planner_core::csv_safe::field(&t.text_with(
                    msg!("ui-cannot-compute"),
                    &[("detail", Arg::Text(t.file_error(e)))]
                ))
            ),
        },
        CsvOf::Ranking(chart) => planner_app::chart::ranking::ranking_csv(
            chart,
            [
                &t.text(msg!("csv-rank")),
                &t.text(msg!("csv-option")),
                &t.text_with(msg!("csv-total"), &[("currency", c.clone())]),
                &t.text_with(msg!("csv-total-with-commitment"), &[("currency", c)]),
            ],
        ),
    }
}
