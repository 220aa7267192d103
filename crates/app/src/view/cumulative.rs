//! The cumulative-cost chart's view-model: one line per option (strategy variants included)
//! from month 0, continued dashed to the end of a reserved term or savings plan that runs past
//! the horizon (to the total commitment), a job's line ending where it finishes, crossovers and
//! reserved break-evens marked, its P10–P90 risk bands once computed, axes in the display
//! currency and the month convention (linear or log), and the shared footer.

use super::{chart_months, code, empty_message, month_words};
use crate::chart::lines::Marker;
use crate::chart::{crossovers, BandArea, CumulativeChart, Line};
use crate::i18n::{self, Arg, Translator};
use crate::state::Scenario;
use planner_engine::montecarlo::Band as MonteBand;
use planner_engine::plan::OptionResult;

/// The cumulative-cost chart of `scenario` from the engine's `results` for it
/// ([`Scenario::evaluate`]), texts in `t`'s language, with `footer` ([`super::footer::footer`]
/// of the same scenario, results and language) under it; the cost axis is logarithmic when
/// `log_scale`. No bands yet: see [`with_bands`].
#[must_use]
pub fn cumulative_chart(
    scenario: &Scenario,
    results: &[OptionResult],
    footer: &[String],
    log_scale: bool,
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
            points: points(r),
        })
        .collect();
    let markers = markers(&lines, results, t);
    let y_label = t.text_with(
        msg!("chart-cumulative-title"),
        &[("currency", code(scenario))],
    );
    CumulativeChart {
        title: t.text_with(
            msg!("chart-cumulative-title"),
            &[("currency", code(scenario))],
        ),
        x_label: t.text_one(msg!("chart-month-axis"), "month", &month_words(scenario, t)),
        y_label: if log_scale {
            t.text_one(msg!("chart-log-axis"), "label", &y_label)
        } else {
            y_label
        },
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
        log_scale,
        markers,
        thin_band_note: t.text(msg!("chart-bands-thin")),
    }
}

/// Most crossovers marked on the chart (the first ones in time): ten options can cross 45
/// times, and a legend row each would push the chart out of view.
const MAX_CROSSOVERS: usize = 4;

/// Option `r`'s cumulative cost from (0, 0) at each month end; a job that finishes inside its
/// last month ends at its finish month (e.g. 0.68), not the month's end: the engine bills
/// nothing after the finish, so the last month's cumulative total is the cost at the finish.
fn points(r: &OptionResult) -> Vec<(f64, f64)> {
    let months = r.cumulative.len();
    let end = r
        .finish_months
        .filter(|f| f.is_finite() && *f > 0.0 && *f < months as f64);
    std::iter::once((0.0, 0.0))
        .chain(r.cumulative.iter().enumerate().map(|(i, c)| {
            let x = (i + 1) as f64;
            match end {
                Some(f) if i + 1 == months => (f, c.total()),
                _ => (x, c.total()),
            }
        }))
        .collect()
}

/// The chart's marked points, texts in `t`'s language: where a job ends (tag only), where a
/// reserved option pays back against the on-demand option of the same offer
/// ([`planner_engine::plan::ReservedSummary`]'s break-even months, on its line, when inside the
/// drawn months; no marker unless that on-demand option is compared too), and the first
/// [`MAX_CROSSOVERS`] crossovers of two lines.
fn markers(lines: &[Line], results: &[OptionResult], t: &Translator) -> Vec<Marker> {
    let month = |x: f64| Arg::Number((x * 100.0).round() / 100.0);
    let on_line = |l: &Line, x: f64| {
        l.points.windows(2).find_map(|w| {
            (w[0].0 <= x && x <= w[1].0 && w[1].0 > w[0].0)
                .then(|| w[0].1 + (w[1].1 - w[0].1) * (x - w[0].0) / (w[1].0 - w[0].0))
        })
    };
    let mut out = Vec::new();
    // Job ends shown at the same month (to the tag's 2 decimals) share one tag ("3 options
    // end: month 1.71") on the highest of their lines: one tag each would print over each other.
    let mut ends: Vec<(f64, f64, usize, usize)> = Vec::new(); // (x, y, series, count)
    for (i, (l, r)) in lines.iter().zip(results).enumerate() {
        if let (Some(f), Some(&(x, y))) = (r.finish_months, l.points.last()) {
            if f.is_finite() && x == f {
                let key = (x * 100.0).round();
                match ends.iter_mut().find(|e| (e.0 * 100.0).round() == key) {
                    Some(e) => {
                        e.3 += 1;
                        if y > e.1 {
                            (e.1, e.2) = (y, i);
                        }
                    }
                    None => ends.push((x, y, i, 1)),
                }
            }
        }
    }
    for (x, y, series, count) in ends {
        let tag = if count == 1 {
            t.text_with(msg!("chart-job-end"), &[("n", month(x))])
        } else {
            t.text_with(
                msg!("chart-jobs-end"),
                &[("count", Arg::Number(count as f64)), ("n", month(x))],
            )
        };
        out.push(Marker {
            x,
            y,
            tag,
            label: String::new(),
            series,
        });
    }
    for (i, (l, r)) in lines.iter().zip(results).enumerate() {
        // The engine's break-even months (upfront / ((on-demand − recurring) × month hours),
        // docs/cost-model.md "Billing modes") compare the option with its own offer's on-demand
        // price: marked on its line only when that on-demand option (same catalog offer,
        // nothing reserved) is compared too, and named in the label, so the marker is never
        // read against another provider's line it happens to meet.
        let base = results.iter().zip(lines).enumerate().find(|(j, (b, _))| {
            *j != i && b.reserved.is_none() && b.offer_id.is_some() && b.offer_id == r.offer_id
        });
        let be = r.reserved.as_ref().and_then(|s| s.break_even_months);
        if let (Some((_, (_, base))), Some((x, y))) = (
            base,
            be.filter(|m| m.is_finite() && *m > 0.0)
                .and_then(|x| Some((x, on_line(l, x)?))),
        ) {
            out.push(Marker {
                x,
                y,
                tag: t.text_with(msg!("chart-month-n"), &[("n", month(x))]),
                label: t.text_with(
                    msg!("chart-break-even-month"),
                    &[
                        ("name", Arg::Text(l.label.clone())),
                        ("base", Arg::Text(base.label.clone())),
                    ],
                ),
                series: i,
            });
        }
    }
    for (x, y, a, b) in crossovers(lines).into_iter().take(MAX_CROSSOVERS) {
        out.push(Marker {
            x,
            y,
            tag: t.text_with(msg!("chart-month-n"), &[("n", month(x))]),
            label: t.text_with(
                msg!("chart-crossover"),
                &[
                    ("a", Arg::Text(lines[a].label.clone())),
                    ("b", Arg::Text(lines[b].label.clone())),
                ],
            ),
            series: a,
        });
    }
    out
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

/// Where option `i`'s line continues after the horizon: `(month its last commitment ends, total
/// commitment)` when its result owes reserved or savings-plan cost after the horizon (the last
/// term started in the horizon runs on: terms start at month 0 and follow each other; with both,
/// the later end), else `None`. The amounts are the engine's; only the end month comes from the
/// terms in `scenario`.
fn owed_until(scenario: &Scenario, i: usize, r: &OptionResult) -> Option<(f64, f64)> {
    let o = scenario.options().get(i)?;
    let horizon = r.cumulative.len() as u32;
    let owes = |x: f64| x.is_finite() && x > 0.0;
    let terms = [
        r.reserved
            .filter(|x| owes(x.committed_after_horizon))
            .and(o.reserved.map(|t| t.term_months)),
        r.savings_plan
            .filter(|x| owes(x.committed_after_horizon))
            .and(o.savings_plan.map(|p| p.term_months)),
    ];
    let end = terms
        .into_iter()
        .flatten()
        .filter(|t| *t > 0)
        .map(|t| horizon.div_ceil(t) * t)
        .max()?;
    (end > horizon).then_some((f64::from(end), r.total_with_commitment))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::fixtures::p4d_savings_plan_one_month;
    use planner_core::language::Language;

    /// A savings plan's commitment owed after the horizon continues its line dashed to the end
    /// of its 12-month term, at the total commitment ($132,495.00), as a reserved term's does.
    #[test]
    fn savings_plan_owed_after_the_horizon_continues_the_line() {
        let (s, i) = p4d_savings_plan_one_month();
        let results = s.evaluate().expect("evaluates");
        let en = Translator::new(Language::En);
        let chart = cumulative_chart(&s, &results, &[], false, &en);
        let line = &chart.lines[i];
        assert_eq!(line.total, "$12,045.00");
        let (month, commitment) = line.owed.expect("a dashed tail");
        assert_eq!(month, 12.0);
        assert_eq!(
            planner_core::format::money(commitment, s.display_currency()),
            "$132,495.00"
        );
        assert_eq!(
            chart.footer.first().map(String::as_str),
            Some(
                "Dashed: reserved or savings-plan commitment owed after the horizon, to the \
                 end of its term (ring: total commitment)."
            )
        );
        // The other options owe nothing after the horizon: no tail.
        assert!(chart
            .lines
            .iter()
            .enumerate()
            .all(|(k, l)| k == i || l.owed.is_none()));
        let zh = cumulative_chart(&s, &results, &[], false, &Translator::new(Language::ZhCn));
        assert_eq!(zh.lines[i].owed, line.owed);
        assert!(zh.footer[0].contains("节省计划"), "{}", zh.footer[0]);
    }
}
