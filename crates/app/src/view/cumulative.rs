//! The cumulative-cost chart's view-model: one line per option (strategy variants included)
//! from month 0, continued dashed to the end of a reserved term that runs past the horizon
//! (to the total commitment), its P10–P90 risk bands once computed, axes in the display
//! currency and the month convention, and the shared footer.

use super::{chart_months, code, empty_message, month_words};
use crate::chart::{BandArea, CumulativeChart, Line};
use crate::i18n::{self, Arg, Translator};
use crate::state::Scenario;
use planner_engine::montecarlo::Band as MonteBand;
use planner_engine::plan::OptionResult;

/// The cumulative-cost chart of `scenario` from the engine's `results` for it
/// ([`Scenario::evaluate`]), texts in `t`'s language, with `footer` ([`super::footer::footer`]
/// of the same scenario, results and language) under it. No bands yet: see [`with_bands`].
#[must_use]
pub fn cumulative_chart(
    scenario: &Scenario,
    results: &[OptionResult],
    footer: &[String],
    t: &Translator,
) -> CumulativeChart {
    let currency = scenario.display_currency();
    let lines: Vec<Line> = results
        .iter()
        .enumerate()
        .map(|(i, r)| Line {
            owed: owed_until(scenario, i, r),
            label: r.name.clone(),
            total: i18n::money(t.language(), r.total, currency),
            points: std::iter::once((0.0, 0.0))
                .chain(
                    r.cumulative
                        .iter()
                        .enumerate()
                        .map(|(i, c)| ((i + 1) as f64, c.total())),
                )
                .collect(),
        })
        .collect();
    CumulativeChart {
        title: t.text_with(
            msg!("chart-cumulative-title"),
            &[("currency", code(scenario))],
        ),
        x_label: t.text_with(
            msg!("chart-month-axis"),
            &[("month", Arg::Text(month_words(scenario, t)))],
        ),
        y_label: t.text_with(
            msg!("chart-cumulative-title"),
            &[("currency", code(scenario))],
        ),
        footer: if lines.iter().any(|l: &Line| l.owed.is_some()) {
            let mut f = vec![t.text(msg!("chart-cumulative-owed-note"))];
            f.extend_from_slice(footer);
            f
        } else {
            footer.to_vec()
        },
        lines,
        empty_message: empty_message(t),
        months: chart_months(scenario, results),
        bands: Vec::new(),
        bands_pending: 0,
        currency,
    }
}

/// `chart` with the P10–P90 band of every option in `bands` (by option position; `None` for
/// options without interruption risk or whose band is not computed yet) drawn under its line,
/// and a footer line saying so (with the Monte Carlo's trials and seed, `mc`); a further footer line says when `pending` options' bands are
/// still being computed. Footer lines in `t`'s language.
#[must_use]
pub fn with_bands(
    mut chart: CumulativeChart,
    bands: &[Option<Vec<MonteBand>>],
    pending: usize,
    mc: crate::state::MonteCarlo,
    t: &Translator,
) -> CumulativeChart {
    chart.bands = bands
        .iter()
        .enumerate()
        .filter_map(|(i, b)| {
            b.as_ref().map(|b| BandArea {
                series: i,
                points: std::iter::once((0.0, 0.0, 0.0))
                    .chain(
                        b.iter()
                            .enumerate()
                            .map(|(m, x)| ((m + 1) as f64, x.p10, x.p90)),
                    )
                    .collect(),
            })
        })
        .collect();
    if !chart.bands.is_empty() {
        chart.footer.push(t.text_with(
            msg!("chart-bands"),
            &[
                ("trials", Arg::Number(f64::from(mc.trials))),
                ("seed", Arg::Text(mc.seed.to_string())),
            ],
        ));
    }
    chart.bands_pending = pending;
    if pending > 0 {
        chart.footer.push(t.text_with(
            msg!("chart-bands-pending"),
            &[("count", Arg::Number(pending as f64))],
        ));
    }
    chart
}

/// Where option `i`'s line continues after the horizon: `(month its reserved term ends, total
/// commitment)` when its result owes reserved cost after the horizon (the last term started in
/// the horizon runs on: terms start at month 0 and follow each other), else `None`.
fn owed_until(scenario: &Scenario, i: usize, r: &OptionResult) -> Option<(f64, f64)> {
    let owed = r.reserved.as_ref()?.committed_after_horizon;
    let term = scenario.options().get(i)?.reserved?.term_months;
    if !(owed.is_finite() && owed > 0.0 && term > 0) {
        return None;
    }
    let horizon = r.cumulative.len() as u32;
    let end = horizon.div_ceil(term) * term;
    (end > horizon).then_some((f64::from(end), r.total_with_commitment))
}
