//! The comparison table's figures and its CSV, from the engine's per-option results: totals
//! within the horizon and with the reserved commitment, cost per used GPU-hour and per job,
//! finish time, break-even and warnings. Pure (no web crate): tested natively.

use crate::catalog::Currency;
use crate::engine::plan::OptionResult;
use crate::format;

/// A per-GPU or per-job figure for display: `"n/a"` when absent or not finite (never inf/NaN).
#[must_use]
pub fn money_or_na(value: Option<f64>, currency: Currency) -> String {
    match value.filter(|v| v.is_finite()) {
        Some(v) => format::money(v, currency),
        None => format::NOT_AVAILABLE.to_string(),
    }
}

/// An hourly rate for display (4 decimals), or `"n/a"` when absent or not finite.
#[must_use]
pub fn rate_or_na(value: Option<f64>, currency: Currency) -> String {
    match value.filter(|v| v.is_finite()) {
        Some(v) => format::rate(v, currency),
        None => format::NOT_AVAILABLE.to_string(),
    }
}

/// Warnings about one option, in words (empty when there is nothing to flag):
/// a reserved rate above on-demand, reserved capacity paid for but idle, and a reserved
/// commitment running past the horizon.
#[must_use]
pub fn warnings(r: &OptionResult, currency: Currency) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(res) = &r.reserved {
        if res.above_on_demand {
            out.push("reserved rate above on-demand: never pays off".to_string());
        }
        if res.committed_after_horizon > 0.0 {
            out.push(format!(
                "{} committed after the horizon",
                format::money(res.committed_after_horizon, currency)
            ));
        }
    }
    if r.totals.reserved_idle > 0.0 {
        out.push(format!(
            "{} of reserved capacity idle",
            format::money(r.totals.reserved_idle, currency)
        ));
    }
    out
}

/// Makes a text cell safe to open in a spreadsheet ([`crate::csv_safe::neutralise`], shared by
/// every CSV writer): a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
/// leading single quote.
#[must_use]
pub fn neutralise(text: &str) -> String {
    crate::csv_safe::neutralise(text).into_owned()
}

/// A plain number for CSV (full precision, no grouping or symbol); empty when absent or not
/// finite.
fn csv_number(value: Option<f64>) -> String {
    value
        .filter(|v| v.is_finite())
        .map(|v| v.to_string())
        .unwrap_or_default()
}

/// The comparison table as CSV, one row per option in the order shown, amounts in `currency`.
/// Header names carry units, e.g. `total_usd`, `usd_per_used_gpu_hour`,
/// `finish_months_730h` (`month` is the month convention's code such as `"730h"`). Absent
/// figures (no GPU-hour used, job not finished) are empty cells; text cells are neutralised
/// against spreadsheet formulas ([`neutralise`]).
#[must_use]
pub fn to_csv(results: &[OptionResult], currency: Currency, month: &str) -> String {
    let c = currency.code().to_lowercase();
    let header = [
        "option".to_string(),
        "offer_id".to_string(),
        "prices_as_of".to_string(),
        format!("total_{c}"),
        format!("total_with_commitment_{c}"),
        format!("{c}_per_used_gpu_hour"),
        format!("{c}_per_job"),
        format!("finish_months_{month}"),
        "break_even_utilisation_pct".to_string(),
        format!("break_even_months_{month}"),
        "warnings".to_string(),
    ];
    let mut w = csv::Writer::from_writer(Vec::new());
    // Writing to a Vec cannot fail; a failure would only drop rows, never panic.
    let _ = w.write_record(&header);
    for r in results {
        let reserved = r.reserved.as_ref();
        let row = [
            neutralise(&r.name),
            neutralise(r.offer_id.as_deref().unwrap_or("")),
            neutralise(r.prices_as_of.as_deref().unwrap_or("")),
            csv_number(Some(r.total)),
            csv_number(Some(r.total_with_commitment)),
            csv_number(r.per_used_gpu_hour),
            csv_number(r.per_job),
            csv_number(r.finish_months),
            csv_number(
                reserved
                    .and_then(|x| x.break_even_utilisation)
                    .map(|u| u * 100.0),
            ),
            csv_number(reserved.and_then(|x| x.break_even_months)),
            neutralise(&warnings(r, currency).join("; ")),
        ];
        let _ = w.write_record(&row);
    }
    let bytes = w.into_inner().unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

/// The data behind the cumulative-cost chart as CSV: one row per option and month end,
/// `option,month_{month},cumulative_{currency}` (e.g. `month_730h`, `cumulative_usd`), month 0
/// (cost 0) included, as drawn. Option names are neutralised ([`neutralise`]).
#[must_use]
pub fn cumulative_csv(results: &[OptionResult], currency: Currency, month: &str) -> String {
    cumulative_csv_with_bands(results, &[], currency, month)
}

/// [`cumulative_csv`] plus, when any option has a Monte-Carlo band (`bands[i]`, as drawn on
/// the chart), the columns `p10_cumulative_{currency}` and `p90_cumulative_{currency}`: filled
/// for the options with a band (0 at month 0), empty for the others.
#[must_use]
pub fn cumulative_csv_with_bands(
    results: &[OptionResult],
    bands: &[Option<Vec<crate::engine::montecarlo::Band>>],
    currency: Currency,
    month: &str,
) -> String {
    let code = currency.code().to_lowercase();
    let banded = bands.iter().any(Option::is_some);
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header = vec![
        "option".to_string(),
        format!("month_{month}"),
        format!("cumulative_{code}"),
    ];
    if banded {
        header.push(format!("p10_cumulative_{code}"));
        header.push(format!("p90_cumulative_{code}"));
    }
    let _ = w.write_record(&header);
    for (k, r) in results.iter().enumerate() {
        let name = neutralise(&r.name);
        let band = bands.get(k).and_then(Option::as_ref);
        let mut row = |cells: Vec<String>, m: Option<usize>| {
            let mut cells = cells;
            if banded {
                match (band, m) {
                    (Some(_), None) => cells.extend(["0".to_string(), "0".to_string()]),
                    (Some(b), Some(i)) => {
                        let x = b.get(i);
                        cells.push(csv_number(x.map(|x| x.p10)));
                        cells.push(csv_number(x.map(|x| x.p90)));
                    }
                    (None, _) => cells.extend([String::new(), String::new()]),
                }
            }
            let _ = w.write_record(&cells);
        };
        row(vec![name.clone(), "0".into(), "0".into()], None);
        for (i, c) in r.cumulative.iter().enumerate() {
            row(
                vec![
                    name.clone(),
                    (i + 1).to_string(),
                    csv_number(Some(c.total())),
                ],
                Some(i),
            );
        }
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
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
    use crate::scenario::{Action, Scenario};

    fn results() -> Vec<OptionResult> {
        Scenario::default().evaluate().unwrap()
    }

    #[test]
    fn csv_has_units_in_header_and_one_plain_row_per_option() {
        let r = results();
        let csv = to_csv(&r, Currency::Usd, "730h");
        let mut lines = csv.lines();
        assert_eq!(
            lines.next().unwrap(),
            "option,offer_id,prices_as_of,total_usd,total_with_commitment_usd,usd_per_used_gpu_hour,usd_per_job,finish_months_730h,break_even_utilisation_pct,break_even_months_730h,warnings"
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
        assert_eq!(first[3].parse::<f64>().unwrap(), r[0].total);
        assert!(!csv.contains('$'), "plain numbers, no symbols");
    }

    #[test]
    fn cumulative_csv_carries_the_drawn_bands() {
        let spot = crate::catalog::OFFERS
            .iter()
            .find(|o| o.spot_per_hour.is_some() && o.currency == Currency::Usd)
            .unwrap();
        let s = Scenario::default()
            .apply(Action::ClearSelection)
            .unwrap()
            .apply(Action::ToggleOffer(spot.id.into()))
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
        let csv = cumulative_csv_with_bands(&r, &bands, Currency::Usd, "730h");
        let mut rows = csv.lines();
        assert_eq!(
            rows.next(),
            Some("option,month_730h,cumulative_usd,p10_cumulative_usd,p90_cumulative_usd")
        );
        let lines: Vec<&str> = csv.lines().collect();
        assert!(
            lines[1].ends_with(",0,0,,"),
            "no band for on demand: {}",
            lines[1]
        );
        let b = bands[1].as_ref().unwrap();
        let last = lines.last().unwrap();
        assert!(
            last.ends_with(&format!(
                ",{},{}",
                csv_number(Some(b.last().unwrap().p10)),
                csv_number(Some(b.last().unwrap().p90))
            )),
            "{last}"
        );
        assert_eq!(
            cumulative_csv_with_bands(&r, &[None, None], Currency::Usd, "730h"),
            cumulative_csv(&r, Currency::Usd, "730h"),
            "no band, no extra columns"
        );
    }

    #[test]
    fn cumulative_csv_matches_the_chart_points() {
        let s = Scenario::default();
        let r = s.evaluate().unwrap();
        let chart = crate::scenario::engine_cumulative_chart(&s, &r);
        let csv = cumulative_csv(&r, Currency::Usd, "730h");
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
                assert_eq!(row[2].parse::<f64>().unwrap(), *y);
            }
        }
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
        let csv = to_csv(&r[..1], Currency::Usd, "730h");
        assert!(csv.contains("'=HYPERLINK"), "{csv}");
    }

    #[test]
    fn absent_or_infinite_per_gpu_figures_are_na_and_empty() {
        assert_eq!(money_or_na(None, Currency::Usd), "n/a");
        assert_eq!(money_or_na(Some(f64::INFINITY), Currency::Usd), "n/a");
        assert_eq!(rate_or_na(Some(f64::NAN), Currency::Usd), "n/a");
        assert_eq!(rate_or_na(Some(1.5), Currency::Usd), "$1.5000");
        let mut r = results();
        r[0].per_used_gpu_hour = Some(f64::INFINITY);
        let csv = to_csv(&r[..1], Currency::Usd, "730h");
        let row = csv.lines().nth(1).unwrap();
        assert!(!row.contains("inf") && !row.contains("NaN"), "{row}");
    }

    #[test]
    fn idle_reserved_capacity_is_warned_about() {
        let mut r = results();
        assert!(warnings(&r[0], Currency::Usd).is_empty());
        r[0].totals.reserved_idle = 12.5;
        assert_eq!(
            warnings(&r[0], Currency::Usd),
            vec!["$12.50 of reserved capacity idle".to_string()]
        );
    }

    #[test]
    fn file_names_say_what_and_when() {
        assert_eq!(
            file_name("cumulative", "2026-11-30", "svg"),
            "gpu-cost-cumulative-2026-11-30.svg"
        );
    }
}
