//! The reserved-vs-on-demand chart's view-model: for each option with a reserved term, what an
//! instance-hour of the term costs on demand and reserved as a function of utilisation, with
//! the break-even utilisation marked.

use crate::chart::lines::{LinesChart, Marker, XyLine};
use crate::i18n::{Arg, Translator};
use crate::state::Scenario;
use planner_engine::plan::OptionResult;

/// Builds the reserved-vs-on-demand chart from the engine's `results` for `scenario`, texts in
/// `t`'s language: for each option with a reserved term, what an instance-hour of the term
/// costs on demand as a function of the share of hours used (a dashed line through the origin)
/// and reserved (flat: owed whether used or not), with the break-even utilisation marked where
/// the lines cross; the shared `footer` ([`super::footer::footer`]) under it.
#[must_use]
pub fn reserved_chart(
    scenario: &Scenario,
    results: &[OptionResult],
    footer: &[String],
    t: &Translator,
) -> LinesChart {
    let currency = scenario.display_currency();
    let code = || Arg::Text(currency.code().to_string());
    let txt = |s: String| Arg::Text(s);
    let mut lines = Vec::new();
    let mut markers = Vec::new();
    for (i, r) in results.iter().enumerate() {
        let Some(rs) = &r.reserved else { continue };
        let Some(od) = rs.on_demand_per_hour.filter(|p| p.is_finite()) else {
            continue;
        };
        let term = scenario
            .options()
            .get(i)
            .and_then(|o| o.reserved)
            .map(|term| term.term_months);
        lines.push(XyLine {
            label: t.text_with(
                msg!("chart-reserved-on-demand-line"),
                &[
                    ("name", txt(r.name.clone())),
                    ("price", Arg::Money(od, currency)),
                ],
            ),
            series: i,
            dashed: true,
            points: vec![(0.0, 0.0), (100.0, od)],
        });
        lines.push(XyLine {
            label: {
                let price = Arg::Money(rs.effective_per_hour, currency);
                match term {
                    Some(m) => t.text_with(
                        msg!("chart-reserved-line-term"),
                        &[
                            ("name", txt(r.name.clone())),
                            ("months", Arg::Number(f64::from(m))),
                            ("price", price),
                        ],
                    ),
                    None => t.text_with(
                        msg!("chart-reserved-line"),
                        &[("name", txt(r.name.clone())), ("price", price)],
                    ),
                }
            },
            series: i,
            dashed: false,
            points: vec![(0.0, rs.effective_per_hour), (100.0, rs.effective_per_hour)],
        });
        markers.push(match rs.break_even_utilisation.filter(|u| u.is_finite()) {
            Some(u) if u <= 1.0 => Marker {
                x: u * 100.0,
                y: rs.effective_per_hour,
                tag: format!("{} %", planner_core::format::number(u * 100.0, 1)),
                label: t.text_with(
                    msg!("chart-break-even-marker"),
                    &[
                        ("name", txt(r.name.clone())),
                        ("pct", txt(planner_core::format::number(u * 100.0, 1))),
                    ],
                ),
                series: i,
            },
            _ => Marker {
                x: 100.0,
                y: od,
                tag: t.text(msg!("chart-never")),
                label: t.text_with(
                    msg!("chart-never-pays-off"),
                    &[("name", txt(r.name.clone()))],
                ),
                series: i,
            },
        });
    }
    LinesChart {
        title: t.text_with(msg!("chart-reserved-title"), &[("currency", code())]),
        x_label: t.text(msg!("chart-reserved-x-axis")),
        y_label: t.text_with(msg!("chart-reserved-y-axis"), &[("currency", code())]),
        x_max: 100.0,
        footer: footer.to_vec(),
        lines,
        markers,
        empty_message: t.text(msg!("chart-reserved-empty")),
    }
}
