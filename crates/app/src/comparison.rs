//! The comparison table's figures and its CSV, from the engine's per-option results: totals
//! within the horizon and with the commitment owed after it (reserved and savings plan), cost
//! per used GPU-hour and per job, finish time, break-even and warnings. Pure (no web crate): tested natively.

use crate::i18n::{self, Arg, Translator};
use planner_core::format;
use planner_core::language::Language;
use planner_engine::plan::OptionResult;
use planner_engine::Currency;

/// A per-GPU or per-job figure for display in `t`'s money format ([`Translator::money`]), or
/// `t`'s "n/a" when absent or not finite (never inf/NaN).
#[must_use]
pub fn money_or_na(value: Option<f64>, currency: Currency, t: &Translator) -> String {
    match value.filter(|v| v.is_finite()) {
        Some(v) => t.money(v, currency),
        None => t.text(msg!("ui-na")),
    }
}

/// An hourly rate for display (4 decimals, [`Translator::rate`]), or `t`'s "n/a" when absent
/// or not finite.
#[must_use]
pub fn rate_or_na(value: Option<f64>, currency: Currency, t: &Translator) -> String {
    match value.filter(|v| v.is_finite()) {
        Some(v) => t.rate(v, currency),
        None => t.text(msg!("ui-na")),
    }
}

/// Warnings about one option, in words (empty when there is nothing to flag):
/// a reserved rate above on-demand, reserved capacity paid for but idle, a reserved
/// commitment running past the horizon, a savings plan costing more than on-demand (with both
/// amounts) and its commitment running past the horizon.
#[must_use]
pub fn warnings(r: &OptionResult, currency: Currency, t: &Translator) -> Vec<String> {
    let l = t.language();
    let mut out = Vec::new();
    if let Some(res) = &r.reserved {
        if res.above_on_demand {
            out.push(t.text(msg!("warn-reserved-above-on-demand")));
        }
        if res.committed_after_horizon > 0.0 {
            out.push(t.text_with(
                msg!("warn-committed-after-horizon"),
                &[(
                    "amount",
                    Arg::Text(i18n::money(l, res.committed_after_horizon, currency)),
                )],
            ));
        }
    }
    if let Some(sp) = &r.savings_plan {
        if sp.above_on_demand {
            out.push(t.text_with(
                msg!("warn-savings-plan-above-on-demand"),
                &[
                    ("plan", Arg::Text(i18n::money(l, sp.with_plan, currency))),
                    (
                        "on_demand",
                        Arg::Text(i18n::money(l, sp.on_demand_equivalent, currency)),
                    ),
                ],
            ));
        }
        if sp.committed_after_horizon > 0.0 {
            out.push(t.text_with(
                msg!("warn-savings-plan-after-horizon"),
                &[(
                    "amount",
                    Arg::Text(i18n::money(l, sp.committed_after_horizon, currency)),
                )],
            ));
        }
    }
    out.extend(packages_note(r, currency, t));
    if r.totals.reserved_idle > 0.0 {
        out.push(t.text_with(
            msg!("warn-reserved-idle"),
            &[(
                "amount",
                Arg::Text(i18n::money(l, r.totals.reserved_idle, currency)),
            )],
        ));
    }
    out
}

/// Which package mix the engine chose for an option with packages, in words (`None` without
/// packages): "hourly is cheapest", or the packages per instance and the hours billed hourly,
/// with what all-hourly would cost (amounts in `currency`).
#[must_use]
pub fn packages_note(r: &OptionResult, currency: Currency, t: &Translator) -> Option<String> {
    let p = r.packages.as_ref()?;
    Some(if p.hourly_is_cheapest {
        t.text(msg!("note-packages-hourly"))
    } else {
        t.text_with(
            msg!("note-packages-mix"),
            &[
                ("day", Arg::Exact(f64::from(p.day))),
                ("week", Arg::Exact(f64::from(p.week))),
                ("month", Arg::Exact(f64::from(p.month))),
                ("year", Arg::Exact(f64::from(p.year))),
                ("hours", Arg::Text(format::number(p.hourly_hours, 1))),
                (
                    "hourly",
                    Arg::Text(i18n::money(t.language(), p.all_hourly, currency)),
                ),
            ],
        )
    })
}

/// The currency code as CSV headers write it in `t`'s language: lower case in the English
/// (script-friendly, `total_usd`) headers, upper case in the Chinese ones (`总额（USD）`).
#[must_use]
pub fn csv_currency(t: &Translator, currency: Currency) -> String {
    match t.language() {
        Language::En => currency.code().to_ascii_lowercase(),
        Language::ZhCn => currency.code().to_string(),
    }
}

/// Makes a text cell safe to open in a spreadsheet ([`planner_core::csv_safe::neutralise`], shared by
/// every CSV writer): a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
/// leading single quote.
#[must_use]
pub fn neutralise(text: &str) -> String {
    planner_core::csv_safe::neutralise(text).into_owned()
}

/// A money amount for CSV ([`planner_core::csv_safe::amount`]: 2 decimals, no grouping or symbol);
/// empty when absent or not finite.
fn csv_amount(value: Option<f64>) -> String {
    value
        .map(planner_core::csv_safe::amount)
        .unwrap_or_default()
}

/// Any other number for CSV (4 decimals, [`planner_core::csv_safe::DECIMALS`]); empty when absent or
/// not finite.
fn csv_number(value: Option<f64>) -> String {
    value
        .map(|v| planner_core::csv_safe::number(v, planner_core::csv_safe::DECIMALS))
        .unwrap_or_default()
}

/// The comparison table as CSV, one row per option in the order shown, amounts in `currency`.
/// Headers and warnings are in `t`'s language (docs/i18n.md): in English they are stable
/// snake_case names carrying units, e.g. `total_usd`, `usd_per_used_gpu_hour`,
/// `finish_months_730h` (`month` is the month convention's code such as `"730h"`); in
/// Chinese, words with the same units (`规划期内总额（USD）`). Columns and numbers are the same
/// in both: amounts with 2 decimals, other numbers with 4 ([`planner_core::csv_safe`]). Absent
/// figures (no GPU-hour used, job not finished) are empty cells; text cells are neutralised
/// against spreadsheet formulas ([`neutralise`]). The SLA columns (committed and expected
/// availability in %, the service credit and the expected downtime cost over the horizon;
/// docs/cost-model.md, "SLA and service credits") are empty for an option without a known SLA;
/// the credit is `0.00` where the provider's credit tiers are known and none is due, and empty
/// where they are not known (Azure's: its committed availability is known, its tiers are not).
#[must_use]
pub fn to_csv(results: &[OptionResult], currency: Currency, month: &str, t: &Translator) -> String {
    let c = Arg::Text(csv_currency(t, currency));
    let c2 = c.clone();
    let c3 = c.clone();
    let c4 = c.clone();
    let c5 = c.clone();
    let m = Arg::Text(month.to_string());
    let header = [
        t.text(msg!("csv-option")),
        t.text(msg!("csv-offer-id")),
        t.text(msg!("csv-prices-as-of")),
        t.text_with(msg!("csv-total"), &[("currency", c.clone())]),
        t.text_with(
            msg!("csv-total-with-commitment"),
            &[("currency", c.clone())],
        ),
        t.text_with(msg!("csv-per-used-gpu-hour"), &[("currency", c.clone())]),
        t.text_with(msg!("csv-per-job"), &[("currency", c)]),
        t.text_with(msg!("csv-finish-months"), &[("month", m.clone())]),
        t.text(msg!("csv-break-even-utilisation")),
        t.text_with(msg!("csv-break-even-months"), &[("month", m)]),
        t.text_with(msg!("csv-savings-plan"), &[("currency", c2)]),
        t.text(msg!("csv-savings-plan-break-even")),
        t.text_with(msg!("csv-support"), &[("currency", c3)]),
        t.text(msg!("csv-sla-committed")),
        t.text(msg!("csv-sla-expected")),
        t.text_with(msg!("csv-sla-credit"), &[("currency", c4)]),
        t.text_with(msg!("csv-downtime-cost"), &[("currency", c5)]),
        t.text(msg!("csv-warnings")),
    ];
    let mut w = planner_core::csv_safe::Writer::new();
    w.write_record(&header);
    for r in results {
        let reserved = r.reserved.as_ref();
        let row = [
            neutralise(&r.name),
            neutralise(r.offer_id.as_deref().unwrap_or("")),
            // Dates stay ISO (machine-readable); an undated source is spelt as on the page.
            match r.prices_as_of.as_deref() {
                Some(d) if d.trim() == planner_core::catalog::DATE_UNKNOWN => {
                    t.text(msg!("ui-undated"))
                }
                d => neutralise(d.unwrap_or("")),
            },
            csv_amount(Some(r.total)),
            csv_amount(Some(r.total_with_commitment)),
            csv_number(r.per_used_gpu_hour),
            csv_amount(r.per_job),
            csv_number(r.finish_months),
            csv_number(
                reserved
                    .and_then(|x| x.break_even_utilisation)
                    .map(|u| u * 100.0),
            ),
            csv_number(reserved.and_then(|x| x.break_even_months)),
            csv_amount(Some(r.totals.savings_plan + r.totals.savings_plan_unused)),
            csv_number(
                r.savings_plan
                    .and_then(|x| x.break_even_utilisation)
                    .map(|u| u * 100.0),
            ),
            csv_amount(Some(r.totals.support)),
            csv_number(r.sla.map(|v| v.committed_pct)),
            csv_number(r.sla.map(|v| v.expected_availability_pct)),
            // Empty when the provider's credit tiers are not known.
            csv_amount(r.sla.filter(|v| v.credit_known).map(|v| v.credit)),
            csv_amount(r.sla.map(|v| v.downtime_cost)),
            neutralise(&warnings(r, currency, t).join("; ")),
        ];
        w.write_record(&row);
    }
    w.into_string()
}

/// The data behind the cumulative-cost chart as CSV: one row per option and month end,
/// `option,month_{month},cumulative_{currency}` (e.g. `month_730h`, `cumulative_usd`; headers
/// in `t`'s language), month 0 (cost 0) included, as drawn, amounts with 2 decimals. Option
/// names are neutralised ([`neutralise`]).
#[must_use]
pub fn cumulative_csv(
    results: &[OptionResult],
    currency: Currency,
    month: &str,
    t: &Translator,
) -> String {
    cumulative_csv_with_bands(results, &[], currency, month, t)
}

/// [`cumulative_csv`] plus, when any option has a Monte-Carlo band (`bands[i]`, as drawn on
/// the chart), the columns `p10_cumulative_{currency}` and `p90_cumulative_{currency}`: filled
/// for the options with a band (0 at month 0), empty for the others. With no option, the
/// header and one row whose first cell says why (the chart's empty message).
#[must_use]
pub fn cumulative_csv_with_bands(
    results: &[OptionResult],
    bands: &[Option<Vec<planner_engine::montecarlo::Band>>],
    currency: Currency,
    month: &str,
    t: &Translator,
) -> String {
    let code = Arg::Text(csv_currency(t, currency));
    let banded = bands.iter().any(Option::is_some);
    let mut w = planner_core::csv_safe::Writer::new();
    let mut header = vec![
        t.text(msg!("csv-option")),
        t.text_one(msg!("csv-month"), "month", month),
        t.text_with(msg!("csv-cumulative"), &[("currency", code.clone())]),
    ];
    if banded {
        header.push(t.text_with(msg!("csv-p10-cumulative"), &[("currency", code.clone())]));
        header.push(t.text_with(msg!("csv-p90-cumulative"), &[("currency", code)]));
    }
    w.write_record(&header);
    for (k, r) in results.iter().enumerate() {
        let name = neutralise(&r.name);
        let band = bands.get(k).and_then(Option::as_ref);
        let mut row = |cells: Vec<String>, m: Option<usize>| {
            let mut cells = cells;
            if banded {
                match (band, m) {
                    (Some(_), None) => cells.extend([csv_amount(Some(0.0)), csv_amount(Some(0.0))]),
                    (Some(b), Some(i)) => {
                        let x = b.get(i);
                        cells.push(csv_amount(x.map(|x| x.p10)));
                        cells.push(csv_amount(x.map(|x| x.p90)));
                    }
                    (None, _) => cells.extend([String::new(), String::new()]),
                }
            }
            w.write_record(&cells);
        };
        row(vec![name.clone(), "0".into(), csv_amount(Some(0.0))], None);
        for (i, c) in r.cumulative.iter().enumerate() {
            row(
                vec![
                    name.clone(),
                    (i + 1).to_string(),
                    csv_amount(Some(c.total())),
                ],
                Some(i),
            );
        }
    }
    if results.is_empty() {
        // Nothing to chart: the file says why instead of holding a bare header.
        let mut row = vec![String::new(); header.len()];
        row[0] = neutralise(&t.text_with(
            msg!("chart-empty-pick"),
            &[("max", Arg::Number(crate::validation::MAX_COMPARED as f64))],
        ));
        w.write_record(&row);
    }
    w.into_string()
}

/// Download file name saying what and when: `gpu-cost-{what}-{date}.{ext}`, e.g.
/// `gpu-cost-comparison-2026-11-30.csv` (`date` is `YYYY-MM-DD`).
#[must_use]
pub fn file_name(what: &str, date: &str, ext: &str) -> String {
    format!("gpu-cost-{what}-{date}.{ext}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::state::Scenario;
    use planner_core::catalog::query::ResolvedOffer;

    fn en() -> Translator {
        Translator::new(Language::En)
    }

    fn results() -> Vec<OptionResult> {
        Scenario::default().evaluate().unwrap()
    }

    #[test]
    fn csv_has_units_in_header_and_one_plain_row_per_option() {
        let r = results();
        let csv = to_csv(&r, Currency::Usd, "730h", &en());
        let mut lines = csv.lines();
        assert_eq!(
            lines.next().unwrap(),
            "option,offer_id,prices_as_of,total_usd,total_with_commitment_usd,usd_per_used_gpu_hour,usd_per_job,finish_months_730h,break_even_utilisation_pct,break_even_months_730h,savings_plan_usd,savings_plan_break_even_utilisation_pct,support_usd,sla_committed_availability_pct,expected_availability_pct,sla_credit_usd,expected_downtime_cost_usd,warnings"
        );
        let rows: Vec<&str> = lines.collect();
        assert_eq!(rows.len(), r.len());
        let first: Vec<String> = csv::Reader::from_reader(csv.as_bytes())
            .records()
            .next()
            .unwrap()
            .unwrap()
            .iter()
            .map(str::to_string)
            .collect();
        assert_eq!(first[0], r[0].name);
        // Amounts to the cent: within half a cent of the engine, and the same digits as the
        // comparison table shows.
        let total: f64 = first[3].parse().unwrap();
        assert!(
            (total - r[0].total).abs() <= 0.005,
            "{total} vs {}",
            r[0].total
        );
        assert_eq!(
            format::money(total, Currency::Usd),
            format::money(r[0].total, Currency::Usd)
        );
        assert_eq!(
            first[3].split('.').nth(1).map(str::len),
            Some(2),
            "{}",
            first[3]
        );
        assert!(!csv.contains('$'), "plain numbers, no symbols");
    }

    #[test]
    fn csv_spells_an_undated_source_as_the_page_does_and_keeps_dates_iso() {
        let mut r = results();
        r.truncate(2);
        r[0].prices_as_of = Some(planner_core::catalog::DATE_UNKNOWN.into());
        r[1].prices_as_of = Some("2026-11-30".into());
        for language in [Language::En, Language::ZhCn] {
            let t = Translator::new(language);
            let csv = to_csv(&r, Currency::Usd, "730h", &t);
            let dates: Vec<String> = csv::Reader::from_reader(csv.as_bytes())
                .records()
                .map(|row| row.unwrap()[2].to_string())
                .collect();
            assert_eq!(dates, [t.text(msg!("ui-undated")), "2026-11-30".into()]);
        }
        assert_ne!(
            Translator::new(Language::ZhCn).text(msg!("ui-undated")),
            planner_core::catalog::DATE_UNKNOWN
        );
    }

    #[test]
    fn csv_carries_the_sla_view_of_an_option_on_an_offer_with_one() {
        // An AWS offer at 10.00/h with a host failure every 100 h, restart 1 h: expected
        // availability 1 / 1.01 = 99.0099 %, below AWS's 99.5 % single-instance commitment,
        // so the 10 % credit tier applies (tests/golden/sla-credit.json has the same case).
        let offer = planner_core::catalog::OFFERS
            .iter()
            .find(|o| o.provider == "AWS" && o.on_demand_per_hour.is_some())
            .expect("an AWS offer");
        let mut file = Scenario::default().to_file();
        let mut o = crate::state::offer_option(offer).to_file();
        o.failures_per_hour = 0.01;
        file.options = vec![o];
        file.checkpoint = Some(planner_core::file::CheckpointFile {
            interval_hours: Some(1.0),
            write_hours: 0.0,
            restart_hours: 1.0,
        });
        let s = Scenario::from_file(file, &planner_core::catalog::query::Catalog::BUNDLED)
            .expect("valid");
        let r = s.evaluate().expect("evaluates");
        let v = r[0].sla.expect("AWS has an SLA");
        assert_eq!(v.committed_pct, 99.5);
        assert!((v.expected_availability_pct - 100.0 / 1.01).abs() < 1e-9);
        assert_eq!(v.credit_pct, 10.0);
        let csv = to_csv(&r, Currency::Usd, "730h", &en());
        let row: Vec<String> = csv::Reader::from_reader(csv.as_bytes())
            .records()
            .next()
            .unwrap()
            .unwrap()
            .iter()
            .map(str::to_string)
            .collect();
        assert_eq!(row[13], "99.5000");
        assert_eq!(row[14], "99.0099");
        assert_eq!(row[15], planner_core::csv_safe::amount(v.credit));
        assert!(v.downtime_cost > 0.0);
        // An option without a known SLA leaves the columns empty.
        let plain = to_csv(&results(), Currency::Usd, "730h", &en());
        let row: Vec<String> = csv::Reader::from_reader(plain.as_bytes())
            .records()
            .next()
            .unwrap()
            .unwrap()
            .iter()
            .map(str::to_string)
            .collect();
        assert!(row[13..17].iter().all(String::is_empty) || results()[0].sla.is_some());
    }

    #[test]
    fn csv_headers_and_warnings_follow_the_language_with_the_same_columns() {
        let mut r = results();
        r[0].totals.reserved_idle = 12.5;
        let zh = Translator::new(Language::ZhCn);
        let csv = to_csv(&r, Currency::Usd, "730h", &zh);
        let header = csv.lines().next().unwrap();
        assert!(
            header.starts_with("选项,报价 ID,价格截至,规划期内总额（USD）"),
            "{header}"
        );
        assert!(header.contains("完成时间（月，730h）"), "{header}");
        assert!(csv.contains("预留容量闲置 US$12.50"), "{csv}");
        let en = to_csv(&r, Currency::Usd, "730h", &en());
        // Every column but the warnings and the as-of date (an undated source is spelt in the
        // page's language, tested above).
        let body = |c: &str| {
            c.lines()
                .skip(1)
                .map(|l| {
                    let mut cells: Vec<&str> = l.rsplit_once(',').unwrap().0.split(',').collect();
                    cells.remove(2);
                    cells.join(",")
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(body(&csv), body(&en), "same numbers in both languages");
        assert_eq!(
            header.split(',').count(),
            en.lines().next().unwrap().split(',').count()
        );
    }

    #[test]
    fn cumulative_csv_carries_the_drawn_bands() {
        let spot = planner_core::catalog::OFFERS
            .iter()
            .find(|o| o.spot_per_hour.is_some() && o.currency == Currency::Usd)
            .unwrap();
        let s = Scenario::default()
            .apply(Action::ClearSelection)
            .unwrap()
            .apply(Action::ToggleOffer(ResolvedOffer::bundled(spot)))
            .unwrap()
            .apply(Action::AddSpotVariant {
                index: 0,
                spot_pct: 100.0,
            })
            .unwrap()
            .apply(Action::SetCheckpointWrite(0.1))
            .unwrap();
        let r = s.evaluate().unwrap();
        let bands = s.risk_bands();
        let csv = cumulative_csv_with_bands(&r, &bands, Currency::Usd, "730h", &en());
        let mut rows = csv.lines();
        assert_eq!(
            rows.next(),
            Some("option,month_730h,cumulative_usd,p10_cumulative_usd,p90_cumulative_usd")
        );
        let lines: Vec<&str> = csv.lines().collect();
        assert!(
            lines[1].ends_with(",0,0.00,,"),
            "no band for on demand: {}",
            lines[1]
        );
        let b = bands[1].as_ref().unwrap();
        let last = lines.last().unwrap();
        assert!(
            last.ends_with(&format!(
                ",{},{}",
                csv_amount(Some(b.last().unwrap().p10)),
                csv_amount(Some(b.last().unwrap().p90))
            )),
            "{last}"
        );
        assert_eq!(
            cumulative_csv_with_bands(&r, &[None, None], Currency::Usd, "730h", &en()),
            cumulative_csv(&r, Currency::Usd, "730h", &en()),
            "no band, no extra columns"
        );
    }

    #[test]
    fn cumulative_csv_matches_the_chart_points() {
        let s = Scenario::default();
        let r = s.evaluate().unwrap();
        let chart = crate::view::cumulative::cumulative_chart(
            &s,
            &r,
            &crate::view::footer::footer(&s, &r, &en()),
            false,
            &en(),
        );
        let csv = cumulative_csv(&r, Currency::Usd, "730h", &en());
        let mut rd = csv::Reader::from_reader(csv.as_bytes());
        assert_eq!(
            rd.headers().unwrap().iter().collect::<Vec<_>>(),
            ["option", "month_730h", "cumulative_usd"]
        );
        let rows: Vec<csv::StringRecord> = rd.records().map(Result::unwrap).collect();
        assert_eq!(rows.len(), r.len() * 13);
        for (i, line) in chart.lines.iter().enumerate() {
            for (m, (x, y)) in line.points.iter().enumerate() {
                let row = &rows[i * 13 + m];
                assert_eq!(&row[0], r[i].name);
                assert_eq!(row[1].parse::<f64>().unwrap(), *x);
                assert!((row[2].parse::<f64>().unwrap() - *y).abs() <= 0.005);
            }
        }
    }

    #[test]
    fn an_empty_cumulative_csv_says_why() {
        let csv = cumulative_csv(&[], Currency::Usd, "730h", &en());
        assert_eq!(
            csv,
            "option,month_730h,cumulative_usd\nPick up to 10 offers in the table to compare them,,\n"
        );
    }

    #[test]
    fn formula_cells_are_neutralised() {
        assert_eq!(neutralise("=1+1"), "'=1+1");
        assert_eq!(neutralise("+x"), "'+x");
        assert_eq!(neutralise("-2+3"), "'-2+3");
        assert_eq!(neutralise("-2"), "-2", "a plain number is not a formula");
        assert_eq!(neutralise("@SUM"), "'@SUM");
        assert_eq!(neutralise("AWS"), "AWS");
        let mut r = results();
        r[0].name = "=HYPERLINK(\"x\")".into();
        let csv = to_csv(&r[..1], Currency::Usd, "730h", &en());
        assert!(csv.contains("'=HYPERLINK"), "{csv}");
    }

    #[test]
    fn absent_or_infinite_per_gpu_figures_are_na_and_empty() {
        let zh = Translator::new(Language::ZhCn);
        assert_eq!(money_or_na(None, Currency::Usd, &en()), "n/a");
        assert_eq!(
            money_or_na(Some(f64::INFINITY), Currency::Usd, &en()),
            "n/a"
        );
        assert_eq!(
            rate_or_na(Some(f64::NAN), Currency::Usd, &zh),
            zh.text(msg!("ui-na"))
        );
        assert_eq!(rate_or_na(Some(1.5), Currency::Usd, &en()), "$1.5000");
        // The page's tables write money as its charts and messages do, in each language.
        assert_eq!(rate_or_na(Some(1.5), Currency::Usd, &zh), "US$1.5000");
        assert_eq!(money_or_na(Some(3.0), Currency::Cny, &en()), "CN¥3.00");
        let mut r = results();
        r[0].per_used_gpu_hour = Some(f64::INFINITY);
        let csv = to_csv(&r[..1], Currency::Usd, "730h", &en());
        let row = csv.lines().nth(1).unwrap();
        assert!(!row.contains("inf") && !row.contains("NaN"), "{row}");
    }

    #[test]
    fn idle_reserved_capacity_is_warned_about() {
        let mut r = results();
        assert!(warnings(&r[0], Currency::Usd, &en()).is_empty());
        r[0].totals.reserved_idle = 12.5;
        assert_eq!(
            warnings(&r[0], Currency::Usd, &en()),
            vec!["$12.50 of reserved capacity idle".to_string()]
        );
    }

    /// A savings plan's commitment owed after the horizon is in the total-commitment column
    /// and warned about, in both languages: $12,045.00 within the month, $120,450.00 after,
    /// $132,495.00 in all ([`crate::view::fixtures::p4d_savings_plan_one_month`]).
    #[test]
    fn csv_counts_savings_plan_commitment_owed_after_the_horizon() {
        let (s, i) = crate::view::fixtures::p4d_savings_plan_one_month();
        let r = s.evaluate().unwrap();
        assert_eq!(
            format::money(r[i].committed_after_horizon(), Currency::Usd),
            "$120,450.00"
        );
        for t in [en(), Translator::new(Language::ZhCn)] {
            let csv = to_csv(&r, Currency::Usd, "730h", &t);
            let row: Vec<String> = csv::Reader::from_reader(csv.as_bytes())
                .records()
                .nth(i)
                .unwrap()
                .unwrap()
                .iter()
                .map(str::to_string)
                .collect();
            assert_eq!(
                (row[3].as_str(), row[4].as_str()),
                ("12045.00", "132495.00")
            );
            assert!(row[17].contains("120,450.00"), "{}", row[17]);
        }
    }

    #[test]
    fn file_names_say_what_and_when() {
        assert_eq!(
            file_name("cumulative", "2026-11-30", "svg"),
            "gpu-cost-cumulative-2026-11-30.svg"
        );
    }
}
