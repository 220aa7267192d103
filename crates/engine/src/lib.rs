//! The cost engine: every billing mode of docs/cost-model.md (on-demand with granularity and
//! minimum, reserved terms, spot with bid caps, peak/off-peak schedules, free allowances,
//! monthly packages), fleet and job workloads, portfolios, interruptions with checkpoints,
//! contingency, seeded Monte Carlo, and buy vs rent. Pure Rust with no JSON, CSV, i18n,
//! plotting or web crate, so the app (wasm32), the `gpurent` command line and the tests run the
//! same code; the scenario file and the reports that read and write it live in `planner-core`.
//!
//! Layout: [`units`] (currencies, billing rules, month conventions, exchange rate, hours),
//! [`billing`] (per-mode price rules), [`risk`] (interruption formula, Young's interval, Monte
//! Carlo streams), [`savings_plan`] (hourly commitments), [`support`] (support plans), [`packages`] (day/week/month/year packages), [`settlement`] (settlement rounding), [`deadline_spot`] (deadline-safe spot, Can't Be Late), [`tco`] (owned servers), [`plan`] (a plan over months and its per-option
//! results), [`montecarlo`] (seeded bands), [`sort`] (the one stable sort), [`error`] (why an
//! input is refused: a typed [`FieldPath`] and a [`Problem`] with its numbers). All amounts are
//! `f64` at full precision in the option's native currency until
//! [`plan::OptionResult::in_currency`] converts final amounts once.

pub mod billing;
pub mod deadline_spot;
pub mod error;
pub mod montecarlo;
pub mod packages;
pub mod plan;
pub mod risk;
pub mod savings_plan;
pub mod settlement;
pub mod sla;
pub mod sort;
pub mod support;
pub mod tco;
pub mod units;

pub use error::{Capacity, Count, EngineError, Field, FieldPath, Mode, Problem, Step};
pub use units::{
    Billing, Conversion, Currency, ExchangeRate, MonthConvention, NoRate, HOURS_PER_MONTH_730,
    HOURS_PER_YEAR,
};

/// Largest amount or quantity any input may have (10¹⁵): absurdly large values are refused
/// so that no product of inputs over a plan (prices × GPUs × hours × months) overflows to
/// infinity.
pub const MAX_INPUT: f64 = 1e15;

/// `value` as quoted back in an error message: plain digits when finite and moderate,
/// scientific notation when huge or tiny (`1e300`, never 301 digits), and words for the values
/// JSON and the UI must never show (`not a number`, `beyond the largest number`), so no message
/// contains "NaN" or "inf".
#[must_use]
pub fn shown(value: f64) -> String {
    if value.is_nan() {
        "not a number".into()
    } else if value.is_infinite() {
        "beyond the largest number".into()
    } else if value != 0.0 && !(1e-6..1e16).contains(&value.abs()) {
        format!("{value:e}")
    } else {
        format!("{value}")
    }
}

/// Checks that `value` is finite, `>= 0` and at most [`MAX_INPUT`]; errors name `field`
/// ([`Problem::NonNegative`]).
#[inline(never)] // one copy for the many validation calls
pub fn non_negative(field: FieldPath, value: f64) -> Result<f64, EngineError> {
    if value.is_finite() && (0.0..=MAX_INPUT).contains(&value) {
        Ok(value)
    } else {
        Err(EngineError::new(field, Problem::NonNegative { value }))
    }
}

/// Checks that `value` is finite, `> 0` and at most [`MAX_INPUT`]; errors name `field`
/// ([`Problem::Positive`]).
#[inline(never)] // one copy for the many validation calls
pub fn positive(field: FieldPath, value: f64) -> Result<f64, EngineError> {
    if value.is_finite() && value > 0.0 && value <= MAX_INPUT {
        Ok(value)
    } else {
        Err(EngineError::new(field, Problem::Positive { value }))
    }
}

/// Checks that `value` is finite and within `min..=max`; errors name `field`
/// ([`Problem::Between`]).
#[inline(never)] // one copy for the many validation calls
pub fn in_range(field: FieldPath, value: f64, min: f64, max: f64) -> Result<f64, EngineError> {
    if value.is_finite() && value >= min && value <= max {
        Ok(value)
    } else {
        Err(EngineError::new(
            field,
            Problem::Between { value, min, max },
        ))
    }
}

/// Checks that the whole number `value` is within `min..=max` ([`Problem::WholeBetween`],
/// `count` says what it counts); errors name `field`.
#[inline(never)] // one copy for the many validation calls
pub fn whole_in_range(
    field: FieldPath,
    value: u32,
    min: u32,
    max: u32,
    count: Count,
) -> Result<u32, EngineError> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(EngineError::new(
            field,
            Problem::WholeBetween {
                value: u64::from(value),
                min: u64::from(min),
                max: u64::from(max),
                count,
            },
        ))
    }
}

/// ⌈x⌉ that ignores float noise: a value within 1e-9 (relative) of an integer is that integer,
/// so 0.6 × 100,000 / 2,190 × 2,190 does not round up to an extra instance. `x` must be finite.
#[must_use]
pub fn ceil_tolerant(x: f64) -> f64 {
    let nearest = x.round();
    if (x - nearest).abs() <= 1e-9 * nearest.abs().max(1.0) {
        nearest
    } else {
        x.ceil()
    }
}

/// How long each month of a plan is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MonthLength {
    /// Every month has the convention's fixed hours (730 by default, 720 or 744).
    Fixed(MonthConvention),
    /// Calendar months from a start month: month `i` has the days of calendar month
    /// `start + i` (28–31 days, leap years by the Gregorian rule) × 24 hours.
    Calendar {
        /// Year of the first month.
        year: i32,
        /// First month, 1–12.
        month: u32,
    },
}

impl Default for MonthLength {
    fn default() -> Self {
        MonthLength::Fixed(MonthConvention::Hours730)
    }
}

/// Days in calendar month `month` (1–12) of `year` (Gregorian leap years).
#[must_use]
pub fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        _ => 31,
    }
}

impl MonthLength {
    /// Hours in month `i` (0-based) of the plan.
    #[must_use]
    pub fn hours(self, i: u32) -> f64 {
        match self {
            MonthLength::Fixed(c) => c.hours(),
            MonthLength::Calendar { year, month } => {
                let m0 = i64::from(month.clamp(1, 12)) - 1 + i64::from(i);
                let y = i64::from(year) + m0.div_euclid(12);
                let m = m0.rem_euclid(12) as u32 + 1;
                f64::from(days_in_month(y.clamp(-9999, 9999) as i32, m)) * 24.0
            }
        }
    }

    /// Label for headers and chart axes: `"730h"`, `"720h"`, `"744h"` or `"calendar"`.
    #[must_use]
    pub fn unit_label(self) -> &'static str {
        match self {
            MonthLength::Fixed(MonthConvention::Hours730) => "730h",
            MonthLength::Fixed(MonthConvention::Hours720) => "720h",
            MonthLength::Fixed(MonthConvention::Hours744) => "744h",
            MonthLength::Calendar { .. } => "calendar",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calendar_months_follow_the_gregorian_calendar() {
        let c = MonthLength::Calendar {
            year: 2024,
            month: 1,
        };
        assert_eq!(c.hours(0), 31.0 * 24.0);
        assert_eq!(c.hours(1), 29.0 * 24.0, "2024 is a leap year");
        assert_eq!(c.hours(13), 28.0 * 24.0, "Feb 2025");
        let year: f64 = (0..12).map(|i| c.hours(i)).sum();
        assert_eq!(year, 366.0 * 24.0);
        assert_eq!(days_in_month(1900, 2), 28);
        assert_eq!(days_in_month(2000, 2), 29);
    }

    #[test]
    fn tolerant_ceiling() {
        assert_eq!(ceil_tolerant(0.6 * 100_000.0 / 2_190.0), 28.0);
        assert_eq!(ceil_tolerant(2.000_000_000_000_4), 2.0);
        assert_eq!(ceil_tolerant(2.01), 3.0);
        assert_eq!(ceil_tolerant(0.0), 0.0);
    }

    #[test]
    fn validators_name_the_field() {
        let at = FieldPath::option(0).field(Field::OnDemandPerHour);
        let e = positive(at, f64::NAN).unwrap_err();
        assert_eq!(e.field.to_string(), "options[0].on_demand_per_hour");
        assert!(e.to_string().starts_with("options[0].on_demand_per_hour: "));
        let x = FieldPath::of(Field::StorageGb);
        assert!(non_negative(x, -1.0).is_err());
        assert!(non_negative(x, 1e300).is_err());
        assert!(positive(x, 0.0).is_err());
        assert!(non_negative(x, 0.0).is_ok());
        assert!(in_range(x, 1.5, 0.0, 1.0).is_err());
        assert!(whole_in_range(x, 0, 1, 12, Count::Plain).is_err());
        assert_eq!(whole_in_range(x, 12, 1, 12, Count::Plain), Ok(12));
    }

    #[test]
    fn messages_never_show_nan_or_infinity() {
        for v in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e300, -1e300] {
            for e in [
                non_negative(FieldPath::ROOT, v).unwrap_err(),
                positive(FieldPath::ROOT, v).unwrap_err(),
                in_range(FieldPath::ROOT, v, 0.0, 1.0).unwrap_err(),
            ] {
                let m = e.to_string();
                assert!(!m.contains("NaN") && !m.contains("inf"), "{m}");
                assert!(m.len() < 120, "{m}");
            }
        }
        assert_eq!(shown(1e300), "1e300");
        assert_eq!(shown(2.5), "2.5");
        assert_eq!(shown(0.0), "0");
        assert_eq!(shown(-3.0), "-3");
    }
}
