//! The deadline-safe spot chart's view-model: one job option's [`DeadlineSpot`] result as the
//! three policies' cost and finish-time bands (all-spot, deadline-safe, all-on-demand, in that
//! order: [`DeadlineSpot::series`]), texts in one language.

use crate::chart::deadline::{DeadlineChart, Panel, PolicyRow};
use crate::i18n::{self, Arg, Msg, Translator};
use planner_core::format;
use planner_engine::deadline_spot::DeadlineSpot;
use planner_engine::montecarlo::Band;
use planner_engine::Currency;

/// Builds the chart for option `name`'s deadline-safe result `d` (amounts already in
/// `currency`, the display currency), texts in `t`'s language.
#[must_use]
pub fn deadline_chart(
    d: &DeadlineSpot,
    name: &str,
    currency: Currency,
    t: &Translator,
) -> DeadlineChart {
    let lang = t.language();
    let code = || Arg::Text(currency.code().to_string());
    let series = d.series();
    let label = |policy: &str| -> Msg {
        match policy {
            "all_spot" => msg!("chart-deadline-all-spot"),
            "deadline_safe" => msg!("chart-deadline-safe"),
            _ => msg!("chart-deadline-all-on-demand"),
        }
    };
    // "median (P10–P90)", or the one value of a plain policy.
    let shown = |b: Band, one: &dyn Fn(f64) -> String| {
        if b.p10 == b.p90 {
            one(b.p50)
        } else {
            t.text_with(
                msg!("chart-deadline-band"),
                &[
                    ("p50", Arg::Text(one(b.p50))),
                    ("p10", Arg::Text(one(b.p10))),
                    ("p90", Arg::Text(one(b.p90))),
                ],
            )
        }
    };
    let money = |v: f64| i18n::money(lang, v, currency);
    let hours = |v: f64| t.text_one(msg!("chart-deadline-hours"), "hours", &format::number(v, 1));
    let rows = |pick: &dyn Fn(&planner_engine::deadline_spot::PolicyPoint) -> Band,
                one: &dyn Fn(f64) -> String| {
        series
            .iter()
            .map(|p| PolicyRow {
                label: t.text(label(p.policy)),
                band: pick(p),
                text: shown(pick(p), one),
            })
            .collect()
    };
    DeadlineChart {
        title: t.text_one(msg!("chart-deadline-title"), "name", name),
        cost: Panel {
            axis: t.text_with(msg!("chart-deadline-cost-axis"), &[("currency", code())]),
            rows: rows(&|p| p.cost, &money),
        },
        finish: Panel {
            axis: t.text(msg!("chart-deadline-finish-axis")),
            rows: rows(&|p| p.finish_hours, &hours),
        },
        deadline_hours: d.deadline_hours,
        deadline_text: t.text_one(
            msg!("chart-deadline-line"),
            "hours",
            &format::number(d.deadline_hours, 1),
        ),
        footer: vec![t.text_with(
            msg!("chart-deadline-footer"),
            &[
                ("trials", Arg::Number(f64::from(d.trials))),
                ("seed", Arg::Text(d.seed.to_string())),
                (
                    "switched",
                    Arg::Text(format::number(d.switched_share * 100.0, 0)),
                ),
            ],
        )],
    }
}

/// The CSV header of [`crate::chart::deadline::deadline_csv`] in `t`'s language (amounts in
/// `currency`).
#[must_use]
pub fn deadline_csv_header(t: &Translator, currency: Currency) -> [String; 7] {
    let c = || Arg::Text(crate::comparison::csv_currency(t, currency));
    let cost = |p: &str| {
        t.text_with(
            msg!("csv-deadline-cost"),
            &[("p", Arg::Text(p.into())), ("currency", c())],
        )
    };
    let finish = |p: &str| t.text_one(msg!("csv-deadline-finish"), "p", p);
    [
        t.text(msg!("csv-deadline-policy")),
        cost("P10"),
        cost("P50"),
        cost("P90"),
        finish("P10"),
        finish("P50"),
        finish("P90"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use planner_core::language::Language;

    fn result() -> DeadlineSpot {
        DeadlineSpot {
            trials: 2000,
            seed: 1,
            deadline_hours: 150.0,
            cost: Band {
                p10: 310.0,
                p50: 420.5,
                p90: 880.0,
            },
            mean_cost: 500.0,
            finish_hours: Band {
                p10: 104.0,
                p50: 118.0,
                p90: 149.0,
            },
            switched_share: 0.25,
            all_spot_cost: 300.0,
            all_spot_finish_hours: 102.0,
            all_on_demand_cost: 1000.0,
            all_on_demand_finish_hours: 100.5,
        }
    }

    #[test]
    fn three_policies_in_order_with_bands_and_the_deadline() {
        for lang in [Language::En, Language::ZhCn] {
            let t = Translator::new(lang);
            let c = deadline_chart(&result(), "A", Currency::Usd, &t);
            assert_eq!(c.cost.rows.len(), 3);
            assert_eq!(c.finish.rows.len(), 3);
            assert_eq!(c.cost.rows[0].band.p50, 300.0);
            assert_eq!(c.cost.rows[1].band.p90, 880.0);
            assert_eq!(c.cost.rows[2].band.p10, 1000.0);
            assert_eq!(c.finish.rows[1].band.p90, 149.0);
            assert_eq!(c.deadline_hours, 150.0);
            assert!(c.title.contains('A'));
            assert!(c.footer[0].contains("25"), "{:?}", c.footer);
            // A Monte-Carlo band shows its P10 and P90; a plain policy one value.
            assert!(
                c.cost.rows[1].text.contains("880"),
                "{}",
                c.cost.rows[1].text
            );
            assert!(!c.cost.rows[0].text.contains("880"));
            let header = deadline_csv_header(&t, Currency::Usd);
            assert!(header.iter().all(|h| !h.is_empty()));
        }
        let t = Translator::new(Language::En);
        let c = deadline_chart(&result(), "A", Currency::Usd, &t);
        assert_eq!(c.cost.rows[1].label, "Deadline-safe spot");
        let header = deadline_csv_header(&t, Currency::Usd);
        let csv = crate::chart::deadline::deadline_csv(&c, header.each_ref().map(String::as_str));
        assert!(
            csv.lines()
                .nth(2)
                .is_some_and(|l| l.contains("310.00,420.50,880.00")),
            "{csv}"
        );
    }
}
