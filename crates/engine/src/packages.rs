//! Day, week, month and year packages (包日/包周/包月/包年) beside hourly pay-as-you-go: a
//! package reserves the card for a run of whole days at a fixed price; outside packages the
//! card is billed by the hour. [`cheapest_mix`] picks, by dynamic programming over the plan's
//! days, the cheapest mix for one instance's daily use and says which (docs/cost-model.md,
//! "Packages"; rules and sources in data/billing-rules/packages.csv).

use super::{positive, EngineError, Field, FieldPath, Problem};

/// Days a week package covers.
pub const WEEK_DAYS: usize = 7;
/// Days a year package covers.
pub const YEAR_DAYS: usize = 365;

/// Package prices per instance in the option's currency; each optional.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Packages {
    /// 包日: one day (24 h).
    pub per_day: Option<f64>,
    /// 包周: seven days.
    pub per_week: Option<f64>,
    /// 包月: one month of the plan, in whole days (730 h and 720 h → 30 days, 744 h → 31).
    pub per_month: Option<f64>,
    /// 包年: 365 days.
    pub per_year: Option<f64>,
}

/// The kinds of package, in [`Packages`] order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// 包日.
    Day,
    /// 包周.
    Week,
    /// 包月.
    Month,
    /// 包年.
    Year,
}

impl Packages {
    /// Checks that each given price is positive and at most 1e15 and that at least one is
    /// given; errors name `field.per_day` … `field.per_year` (or `field` when none is given).
    pub fn validate(&self, field: FieldPath) -> Result<(), EngineError> {
        for (f, p) in [
            (Field::PerDay, self.per_day),
            (Field::PerWeek, self.per_week),
            (Field::PerMonth, self.per_month),
            (Field::PerYear, self.per_year),
        ] {
            if let Some(p) = p {
                positive(field.field(f), p)?;
            }
        }
        if self.priced(30).is_empty() {
            return Err(EngineError::new(field, Problem::NoPackagePrice));
        }
        Ok(())
    }

    /// The priced kinds with their length in days and price.
    fn priced(&self, month_days: usize) -> Vec<(Kind, usize, f64)> {
        [
            (Kind::Day, 1, self.per_day),
            (Kind::Week, WEEK_DAYS, self.per_week),
            (Kind::Month, month_days.max(1), self.per_month),
            (Kind::Year, YEAR_DAYS, self.per_year),
        ]
        .into_iter()
        .filter_map(|(k, d, p)| p.map(|p| (k, d, p)))
        .collect()
    }
}

/// The cheapest mix for one instance ([`cheapest_mix`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Mix {
    /// What is charged on each day: the hourly cost of a day outside packages, or a package's
    /// price on its first day (0 on its other days).
    pub charged: Vec<f64>,
    /// Whether each day's charge is a package (true) or hourly (false).
    pub is_package: Vec<bool>,
    /// Packages bought, per kind: day, week, month, year.
    pub counts: [u32; 4],
    /// Hours billed hourly (outside packages).
    pub hourly_hours: f64,
    /// Total of the mix.
    pub total: f64,
    /// Total if every hour were billed hourly.
    pub all_hourly: f64,
}

/// The cheapest way to pay for `hours[k]` hours of use on each day `k` of the plan at
/// `per_hour` by the hour or with `packages` (a month package covering `month_days` days), for
/// one instance. A package covers whole days from the day it starts and may run past the last
/// day (paid in full); days after a package are billed hourly again (pay-as-you-go). Minimises
/// the total by dynamic programming over days: `best[k + 1] = min(best[k] + hourly_k,
/// min over packages of best[max(0, k + 1 − length)] + price)`. Ties go to hourly, then the
/// shorter package. Issue 18's examples: 2.00/h, 40.00/day, 250.00/week, 900.00/month; 24 h a
/// day for 30 days: one month, 900.00 (hourly 1,440.00); 8 h a day: hourly, 480.00.
#[must_use]
pub fn cheapest_mix(hours: &[f64], per_hour: f64, packages: &Packages, month_days: usize) -> Mix {
    let n = hours.len();
    let priced = packages.priced(month_days);
    let mut best = vec![0.0; n + 1];
    // Choice ending at day k + 1: None = hourly on day k, Some(i) = package `priced[i]`.
    let mut choice: Vec<Option<usize>> = vec![None; n];
    for k in 0..n {
        let mut b = best[k] + hours[k] * per_hour;
        let mut c = None;
        for (i, &(_, len, price)) in priced.iter().enumerate() {
            let cost = best[(k + 1).saturating_sub(len)] + price;
            if cost < b - 1e-9 * b.abs().max(1.0) {
                b = cost;
                c = Some(i);
            }
        }
        best[k + 1] = b;
        choice[k] = c;
    }
    let mut mix = Mix {
        charged: vec![0.0; n],
        is_package: vec![false; n],
        counts: [0; 4],
        hourly_hours: 0.0,
        total: best[n],
        all_hourly: hours.iter().sum::<f64>() * per_hour,
    };
    let mut k = n;
    while k > 0 {
        match choice[k - 1] {
            None => {
                mix.charged[k - 1] = hours[k - 1] * per_hour;
                mix.hourly_hours += hours[k - 1];
                k -= 1;
            }
            Some(i) => {
                let (kind, len, price) = priced[i];
                let start = k.saturating_sub(len);
                mix.charged[start] += price;
                for p in &mut mix.is_package[start..k] {
                    *p = true;
                }
                mix.counts[kind as usize] += 1;
                k = start;
            }
        }
    }
    mix
}

/// Package figures of an option's result: the mix chosen for each on-demand instance and what
/// all-hourly would have cost (currency of the result).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PackagesSummary {
    /// Packages bought per instance: day, week, month, year.
    pub day: u32,
    /// Week packages per instance.
    pub week: u32,
    /// Month packages per instance.
    pub month: u32,
    /// Year packages per instance.
    pub year: u32,
    /// Hours per instance billed hourly, outside packages.
    pub hourly_hours: f64,
    /// What the mix costs for all on-demand instances.
    pub total: f64,
    /// What billing every hour hourly would have cost.
    pub all_hourly: f64,
    /// Whether all-hourly is the cheapest (no package bought).
    pub hourly_is_cheapest: bool,
    /// The on-demand instances' hourly cost of each month outside packages (in the `on_demand`
    /// component; the packages are the `package` component); neither depends on interruptions
    /// (the mix is chosen for the expected use).
    pub hourly_monthly: Vec<f64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    const ISSUE: Packages = Packages {
        per_day: Some(40.0),
        per_week: Some(250.0),
        per_month: Some(900.0),
        per_year: None,
    };

    #[test]
    fn issue_examples() {
        let all_day = cheapest_mix(&[24.0; 30], 2.0, &ISSUE, 30);
        assert_eq!(all_day.total, 900.0);
        assert_eq!(all_day.all_hourly, 1_440.0);
        assert_eq!(all_day.counts, [0, 0, 1, 0]);
        assert_eq!(all_day.charged[0], 900.0);
        assert!(all_day.is_package.iter().all(|p| *p));
        let eight = cheapest_mix(&[8.0; 30], 2.0, &ISSUE, 30);
        assert_eq!(eight.total, 480.0);
        assert_eq!(eight.counts, [0, 0, 0, 0]);
        assert_eq!(eight.hourly_hours, 240.0);
    }

    #[test]
    fn weeks_and_days_mix() {
        // 24 h a day for 9 days, no month package: a week (250) + 2 days (80) = 330,
        // cheaper than 9 days (360) or two weeks (500) or hourly (432).
        let p = Packages {
            per_month: None,
            ..ISSUE
        };
        let m = cheapest_mix(&[24.0; 9], 2.0, &p, 30);
        assert_eq!(m.total, 330.0);
        assert_eq!(m.counts, [2, 1, 0, 0]);
        assert_eq!(m.charged.iter().sum::<f64>(), 330.0);
        // A package may run past the plan: 5 days at 24 h, a week (250) beats 5 days (200)? No:
        // 200 < 250, so days.
        let m = cheapest_mix(&[24.0; 5], 2.0, &p, 30);
        assert_eq!((m.total, m.counts), (200.0, [5, 0, 0, 0]));
        // 7 busy days then idle days: one week.
        let mut h = vec![24.0; 7];
        h.extend([0.0; 5]);
        let m = cheapest_mix(&h, 2.0, &p, 30);
        assert_eq!((m.total, m.counts), (250.0, [0, 1, 0, 0]));
    }

    #[test]
    fn validation() {
        let at = FieldPath::option(0).field(Field::Packages);
        assert!(ISSUE.validate(at).is_ok());
        let e = Packages::default().validate(at).unwrap_err();
        assert_eq!(e.field.to_string(), "options[0].packages");
        let e = Packages {
            per_week: Some(-1.0),
            ..ISSUE
        }
        .validate(at)
        .unwrap_err();
        assert_eq!(e.field.to_string(), "options[0].packages.per_week");
    }
}
