//! Price rules per billing mode (docs/cost-model.md, "Billing modes"): on-demand granularity and
//! minimum charge, reserved/committed terms, hour-of-day schedules (peak/off-peak and spot
//! market prices with a bid cap), and free allowances that reset monthly or are used once.
//! All prices are per **instance-hour** in the option's native currency.

use super::{
    in_range, non_negative, positive, whole_in_range, Count, EngineError, Field, FieldPath, Problem,
};
use crate::units::Billing;

/// Billed hours for one run of `run_hours` hours under `billing`: the duration rounded up to the
/// billing granularity, and at least the minimum charge (docs/cost-model.md, "On-demand fleet", rule 2).
/// A run of 0 hours is not a run and bills 0. Negative or non-finite durations bill 0.
///
/// Examples (docs/cost-model.md): at 2.40/h a 20-minute run bills 1/3 h per-second (0.80) but 1 h
/// hourly (2.40); a 30-second run with per-minute billing and a 1-minute minimum bills 1 minute.
#[must_use]
pub fn billed_hours_per_run(run_hours: f64, billing: Billing) -> f64 {
    if !(run_hours.is_finite() && run_hours > 0.0) {
        return 0.0;
    }
    let seconds = run_hours * 3600.0;
    let rounded = match billing.granularity_seconds {
        Some(g) if g > 0 => {
            let g = f64::from(g);
            // Guard against float noise: 1/3 h × 3600 = 1200.0000000000002 must not round up to
            // a second unit. A millionth of a granule is far below any real billing resolution.
            let units = seconds / g;
            let nearest = units.round();
            let units = if (units - nearest).abs() < 1e-6 {
                nearest
            } else {
                units.ceil()
            };
            units * g
        }
        _ => seconds,
    };
    rounded.max(f64::from(billing.minimum_seconds)) / 3600.0
}

/// How a reserved/committed term is paid (derived from the amounts, shown in results).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Payment {
    /// Everything up front, no recurring charge.
    AllUpfront,
    /// Part up front, part per hour.
    PartialUpfront,
    /// Nothing up front, every hour of the term billed.
    NoUpfront,
}

/// A reserved (committed-use) term for one instance: owed for the whole term whatever the usage
/// (docs/cost-model.md, "Billing modes", reserved).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReservedTerm {
    /// Term length in months (e.g. 12 or 36), ≥ 1.
    pub term_months: u32,
    /// Paid at the start of each term, per instance, native currency.
    pub upfront: f64,
    /// Charged for every hour of the term, per instance-hour, native currency.
    pub recurring_per_hour: f64,
}

impl ReservedTerm {
    /// Longest reserved term, in months (10 years): the one limit of the scenario file, the
    /// engine and the editor.
    pub const MAX_TERM_MONTHS: u32 = 120;

    /// Validates the term: `term_months` 1–[`ReservedTerm::MAX_TERM_MONTHS`], amounts finite
    /// and ≥ 0, not both zero. `field` prefixes the error paths.
    pub fn validate(&self, field: FieldPath) -> Result<(), EngineError> {
        whole_in_range(
            field.field(Field::TermMonths),
            self.term_months,
            1,
            Self::MAX_TERM_MONTHS,
            Count::Months,
        )?;
        non_negative(field.field(Field::Upfront), self.upfront)?;
        non_negative(
            field.field(Field::RecurringPerHour),
            self.recurring_per_hour,
        )?;
        if self.upfront == 0.0 && self.recurring_per_hour == 0.0 {
            return Err(EngineError::new(field, Problem::FreeTerm));
        }
        Ok(())
    }

    /// Payment option implied by the amounts.
    #[must_use]
    pub fn payment(&self) -> Payment {
        match (self.upfront > 0.0, self.recurring_per_hour > 0.0) {
            (true, false) => Payment::AllUpfront,
            (true, true) => Payment::PartialUpfront,
            _ => Payment::NoUpfront,
        }
    }

    /// Effective hourly rate = recurring + upfront / term hours (docs/cost-model.md). `term_hours` is
    /// the sum of the term's month hours under the plan's convention (8,760 for 12 × 730 h).
    ///
    /// Example: 105,120 upfront + 20.00/h over 8,760 h → 32.00/h.
    #[must_use]
    pub fn effective_per_hour(&self, term_hours: f64) -> f64 {
        self.recurring_per_hour + self.upfront / term_hours
    }

    /// Break-even utilisation against on-demand: the share of the term's hours an instance must
    /// be used for the reservation to cost the same as on-demand, `effective / on-demand`.
    /// Above 1 means the reservation never pays off (flag it). `None` if `on_demand_per_hour`
    /// is not positive.
    ///
    /// Example: 32.00 effective vs 40.00 on-demand → 0.8 (80 %).
    #[must_use]
    pub fn break_even_utilisation(&self, term_hours: f64, on_demand_per_hour: f64) -> Option<f64> {
        (on_demand_per_hour > 0.0).then(|| self.effective_per_hour(term_hours) / on_demand_per_hour)
    }

    /// Months of full use after which the reservation's cash outlay (upfront + recurring) is
    /// below on-demand for the same hours: `upfront / ((on-demand − recurring) × month_hours)`.
    /// `None` when on-demand is not above the recurring rate (never breaks even).
    ///
    /// Example: 105,120 / ((40 − 20) × 730) = 7.2 months.
    #[must_use]
    pub fn break_even_months(&self, on_demand_per_hour: f64, month_hours: f64) -> Option<f64> {
        let saving = on_demand_per_hour - self.recurring_per_hour;
        (saving > 0.0 && month_hours > 0.0).then(|| self.upfront / (saving * month_hours))
    }
}

/// An hour-of-day price schedule: `per_hour[j]` is the price per instance-hour from `j:00` to
/// `j+1:00` (docs/cost-model.md, "Billing modes", on-demand schedules).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// Price per instance-hour for each hour of the day, native currency.
    pub per_hour: [f64; 24],
}

impl Schedule {
    /// The same price all day.
    #[must_use]
    pub fn flat(price: f64) -> Self {
        Schedule {
            per_hour: [price; 24],
        }
    }

    /// Peak price from `peak_from` (inclusive) to `peak_to` (exclusive) o'clock, off-peak price
    /// otherwise; `peak_from > peak_to` wraps past midnight. Errors name `field`.
    pub fn peak_off_peak(
        field: FieldPath,
        peak: f64,
        off_peak: f64,
        peak_from: u32,
        peak_to: u32,
    ) -> Result<Self, EngineError> {
        positive(field.field(Field::PeakPerHour), peak)?;
        positive(field.field(Field::OffPeakPerHour), off_peak)?;
        for (name, h) in [
            (Field::PeakFromHour, peak_from),
            (Field::PeakToHour, peak_to),
        ] {
            whole_in_range(field.field(name), h, 0, 23, Count::Hour)?;
        }
        let mut per_hour = [off_peak; 24];
        let mut j = peak_from;
        while j != peak_to {
            per_hour[j as usize] = peak;
            j = (j + 1) % 24;
        }
        Ok(Schedule { per_hour })
    }

    /// Validates every hourly price (finite, > 0). Errors name `field[j]`.
    pub fn validate(&self, field: FieldPath) -> Result<(), EngineError> {
        for (j, p) in self.per_hour.iter().enumerate() {
            positive(field.index(j), *p)?;
        }
        Ok(())
    }

    /// Cheapest price of the day.
    #[must_use]
    pub fn min(&self) -> f64 {
        self.per_hour.iter().copied().fold(f64::INFINITY, f64::min)
    }

    /// Mean price over the 24 hours (exactly the price when the schedule is flat).
    #[must_use]
    pub fn mean(&self) -> f64 {
        let first = self.per_hour[0];
        if self.per_hour.iter().all(|p| *p == first) {
            first
        } else {
            self.per_hour.iter().sum::<f64>() / 24.0
        }
    }
}

/// Fraction of each hour of the day `j` covered by a daily run of `hours` hours starting at
/// `start` o'clock (wrapping past midnight): a 24-slot occupancy profile whose sum is `hours`.
/// `hours` is clamped to 0–24.
#[must_use]
pub fn daily_occupancy(start: u32, hours: f64) -> [f64; 24] {
    let mut occ = [0.0; 24];
    let mut left = if hours.is_finite() {
        hours.clamp(0.0, 24.0)
    } else {
        0.0
    };
    let mut j = (start % 24) as usize;
    while left > 0.0 {
        let take = left.min(1.0);
        occ[j] = take;
        left -= take;
        j = (j + 1) % 24;
    }
    occ
}

/// The start hour whose `hours`-long daily run costs least under `schedule` (ties: earliest);
/// the rule used when work is "shiftable" in fleet mode.
#[must_use]
pub fn cheapest_start(schedule: &Schedule, hours: f64) -> u32 {
    let cost = |s: u32| -> f64 {
        daily_occupancy(s, hours)
            .iter()
            .zip(schedule.per_hour)
            .map(|(o, p)| o * p)
            .sum()
    };
    (0..24u32)
        .min_by(|a, b| cost(*a).total_cmp(&cost(*b)))
        .unwrap_or(0)
}

/// A free allowance of one resource (GPU-hours, GB-months of storage, GB of egress): `monthly`
/// resets every month, `once` is a one-time credit used up in the first months that need it
/// (docs/cost-model.md, "Billing modes", free tiers). Units are those of the resource.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Allowance {
    /// Free units in every month (unused units do not carry over).
    pub monthly: f64,
    /// Free units once over the whole plan.
    pub once: f64,
}

impl Allowance {
    /// Validates both amounts (finite, ≥ 0). Errors name `field.monthly` / `field.once`.
    pub fn validate(&self, field: FieldPath) -> Result<(), EngineError> {
        non_negative(field.field(Field::Monthly), self.monthly)?;
        non_negative(field.field(Field::Once), self.once)?;
        Ok(())
    }

    /// Splits each month's `usage` into billable units: the monthly allowance first, then what
    /// remains of the one-time credit. Returns billable units per month (same length).
    ///
    /// Example: monthly 10, once 15, usage [30, 30, 30] → billable [5, 20, 20].
    #[must_use]
    pub fn billable(&self, usage: &[f64]) -> Vec<f64> {
        let mut once_left = self.once;
        usage
            .iter()
            .map(|&u| {
                let after_monthly = (u - self.monthly).max(0.0);
                let from_once = after_monthly.min(once_left);
                once_left -= from_once;
                after_monthly - from_once
            })
            .collect()
    }
}

/// Spot market prices by hour of day with an optional bid cap: an hour whose market price is
/// above the cap is an interruption (no capacity, not billed); otherwise the market price is
/// paid, never the cap (docs/cost-model.md, "Billing modes", spot).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpotMarket {
    /// Market price per instance-hour by hour of day, native currency.
    pub prices: Schedule,
    /// Highest price the user will pay per instance-hour; `None` = no cap.
    pub bid_cap: Option<f64>,
    /// Interruption (pre-emption) rate per instance-hour while running.
    pub interruptions_per_hour: f64,
}

impl SpotMarket {
    /// Validates prices, cap (> 0) and rate (0–10 per hour). Errors name `field.*`.
    pub fn validate(&self, field: FieldPath) -> Result<(), EngineError> {
        self.prices.validate(field.field(Field::PerHour))?;
        if let Some(cap) = self.bid_cap {
            positive(field.field(Field::BidCapPerHour), cap)?;
        }
        in_range(
            field.field(Field::InterruptionsPerHour),
            self.interruptions_per_hour,
            0.0,
            10.0,
        )?;
        Ok(())
    }

    /// Whether spot capacity exists in hour `j` (market price ≤ cap).
    #[must_use]
    pub fn available(&self, j: usize) -> bool {
        self.bid_cap
            .is_none_or(|cap| self.prices.per_hour[j % 24] <= cap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOURLY: Billing = Billing {
        granularity_seconds: Some(3600),
        minimum_seconds: 0,
    };
    const PER_SECOND: Billing = Billing {
        granularity_seconds: Some(1),
        minimum_seconds: 0,
    };
    const PER_MINUTE_1MIN: Billing = Billing {
        granularity_seconds: Some(60),
        minimum_seconds: 60,
    };

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * b.abs().max(1.0)
    }

    #[test]
    fn cost_model_granularity_examples() {
        let twenty_min = 20.0 / 60.0;
        assert!(close(
            2.40 * billed_hours_per_run(twenty_min, PER_SECOND),
            0.80
        ));
        assert!(close(2.40 * billed_hours_per_run(twenty_min, HOURLY), 2.40));
        assert!(close(
            2.40 * billed_hours_per_run(30.0 / 3600.0, PER_MINUTE_1MIN),
            0.04
        ));
        assert!(close(
            10.0 * 2.40 * billed_hours_per_run(twenty_min, HOURLY),
            24.00
        ));
        // No run, or a duration that is not a number of hours, bills nothing.
        assert_eq!(billed_hours_per_run(0.0, HOURLY), 0.0);
        assert_eq!(billed_hours_per_run(f64::NAN, HOURLY), 0.0);
        assert_eq!(billed_hours_per_run(-1.0, HOURLY), 0.0);
    }

    #[test]
    fn cost_model_reserved_example() {
        // On-demand 40.00/h vs 1-year partial upfront 105,120 + 20.00/h.
        let r = ReservedTerm {
            term_months: 12,
            upfront: 105_120.0,
            recurring_per_hour: 20.0,
        };
        let term_hours = 12.0 * 730.0;
        assert_eq!(term_hours, 8_760.0);
        assert_eq!(r.effective_per_hour(term_hours), 32.0);
        let year = r.effective_per_hour(term_hours) * term_hours;
        assert_eq!(year, 280_320.0);
        assert_eq!(40.0 * term_hours, 350_400.0);
        assert!(close(1.0 - year / 350_400.0, 0.20));
        assert_eq!(r.break_even_utilisation(term_hours, 40.0), Some(0.8));
        assert!(close(r.break_even_months(40.0, 730.0).unwrap(), 7.2));
        assert_eq!(r.payment(), Payment::PartialUpfront);
        assert_eq!(r.break_even_months(15.0, 730.0), None);
    }

    #[test]
    fn reserved_validation() {
        let ok = ReservedTerm {
            term_months: 36,
            upfront: 0.0,
            recurring_per_hour: 1.8,
        };
        assert!(ok.validate(FieldPath::of(Field::Reserved)).is_ok());
        let bad = ReservedTerm {
            term_months: 0,
            ..ok
        };
        let r = FieldPath::of(Field::Reserved);
        assert_eq!(
            bad.validate(r).unwrap_err().field.to_string(),
            "reserved.term_months"
        );
        let free = ReservedTerm {
            recurring_per_hour: 0.0,
            ..ok
        };
        assert!(free.validate(FieldPath::of(Field::Reserved)).is_err());
        let nan = ReservedTerm {
            upfront: f64::NAN,
            ..ok
        };
        assert_eq!(
            nan.validate(FieldPath::of(Field::Reserved))
                .unwrap_err()
                .field
                .to_string(),
            "reserved.upfront"
        );
    }

    #[test]
    fn schedules_and_occupancy() {
        let s = Schedule::peak_off_peak(FieldPath::of(Field::Schedule), 3.0, 1.0, 8, 22).unwrap();
        assert_eq!(s.per_hour[7], 1.0);
        assert_eq!(s.per_hour[8], 3.0);
        assert_eq!(s.per_hour[21], 3.0);
        assert_eq!(s.per_hour[22], 1.0);
        assert_eq!(s.min(), 1.0);
        let wrap =
            Schedule::peak_off_peak(FieldPath::of(Field::Schedule), 3.0, 1.0, 22, 2).unwrap();
        assert_eq!(wrap.per_hour[23], 3.0);
        assert_eq!(wrap.per_hour[1], 3.0);
        assert_eq!(wrap.per_hour[2], 1.0);
        assert!(Schedule::peak_off_peak(FieldPath::of(Field::Schedule), 3.0, 1.0, 24, 2).is_err());
        let occ = daily_occupancy(22, 3.5);
        assert_eq!(
            (occ[22], occ[23], occ[0], occ[1], occ[2]),
            (1.0, 1.0, 1.0, 0.5, 0.0)
        );
        assert_eq!(occ.iter().sum::<f64>(), 3.5);
        // 8 shiftable hours avoid the 08–22 peak entirely.
        let start = cheapest_start(&s, 8.0);
        let occ = daily_occupancy(start, 8.0);
        assert!((8..22).all(|j| occ[j] == 0.0), "start {start}");
    }

    #[test]
    fn allowances_reset_monthly_and_credits_are_used_once() {
        let a = Allowance {
            monthly: 10.0,
            once: 15.0,
        };
        assert_eq!(a.billable(&[30.0, 30.0, 30.0]), vec![5.0, 20.0, 20.0]);
        assert_eq!(a.billable(&[5.0, 12.0, 40.0]), vec![0.0, 0.0, 17.0]);
        assert!(Allowance {
            monthly: -1.0,
            once: 0.0
        }
        .validate(FieldPath::of(Field::Free).field(Field::GpuHours))
        .is_err());
    }

    #[test]
    fn spot_above_cap_is_not_available() {
        let mut prices = Schedule::flat(1.0);
        prices.per_hour[12] = 5.0;
        let m = SpotMarket {
            prices,
            bid_cap: Some(2.0),
            interruptions_per_hour: 0.0,
        };
        assert!(m.available(11));
        assert!(!m.available(12));
        assert!(SpotMarket { bid_cap: None, ..m }.available(12));
    }
}
