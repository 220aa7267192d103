//! Settlement rounding: a billing rule that settles the running time at each period boundary of
//! the clock (each whole hour) and at shutdown, and rounds each settlement to a money unit (up,
//! e.g. to 0.01 CNY, or to the nearest unit as Tencent Cloud writes it). docs/cost-model.md,
//! "Settlement rounding"; rules and sources in data/billing-rules/settlement.csv.

use super::{in_range, whole_in_range, Count, EngineError, Field, FieldPath};
use crate::billing::Schedule;

/// A settlement rule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settlement {
    /// Settlement period in seconds, boundaries aligned to midnight (3600: every whole hour).
    pub period_seconds: u32,
    /// Money unit each settlement is rounded to (0.01 for cents or fen).
    pub unit: f64,
    /// Round each settlement up (true) or to the nearest unit, halves up (false).
    pub round_up: bool,
}

impl Settlement {
    /// Checks the period (60 s to one day, dividing a day) and the unit (0.0001–100); errors
    /// name `field.period_seconds` or `field.unit`.
    pub fn validate(&self, field: FieldPath) -> Result<(), EngineError> {
        whole_in_range(
            field.field(Field::PeriodSeconds),
            self.period_seconds,
            60,
            86_400,
            Count::Plain,
        )?;
        if 86_400 % self.period_seconds != 0 {
            return Err(EngineError::new(
                field.field(Field::PeriodSeconds),
                super::Problem::PeriodNotDividingDay {
                    value: self.period_seconds,
                },
            ));
        }
        in_range(field.field(Field::Unit), self.unit, 1e-4, 100.0)?;
        Ok(())
    }

    /// `amount` rounded to the unit by the rule (float noise of 1e-9 unit is ignored, so 1.98
    /// stays 1.98).
    #[must_use]
    pub fn round(&self, amount: f64) -> f64 {
        let units = amount / self.unit;
        let nearest = units.round();
        let n = if (units - nearest).abs() < 1e-9 {
            nearest
        } else if self.round_up {
            units.ceil()
        } else {
            nearest
        };
        n * self.unit
    }

    /// What a run from `start` to `end` (seconds from a midnight, `end` may pass later
    /// midnights) costs when each settlement (each period of the clock it touches, cut at the
    /// run's start and end) is priced at `schedule`'s price of its hour of day and rounded.
    /// Issue 18's examples: 1.98/h from 10:40:00 to 12:10:30 settles 0.66 + 1.98 + 0.35 = 2.99;
    /// 1.87/h from 10:59:59 to 11:00:01 settles 0.01 + 0.01 = 0.02.
    #[must_use]
    pub fn settled(&self, schedule: &Schedule, start: f64, end: f64) -> f64 {
        self.run(schedule, start, end, true)
    }

    /// Ratio of [`Settlement::settled`] to the exact cost of the same run (1 for a run of no
    /// length or no cost): what rounding adds, as a factor on the run's hourly billing.
    #[must_use]
    pub fn factor(&self, schedule: &Schedule, start: f64, end: f64) -> f64 {
        let exact = self.run(schedule, start, end, false);
        if exact > 0.0 && exact.is_finite() {
            self.run(schedule, start, end, true) / exact
        } else {
            1.0
        }
    }

    fn run(&self, schedule: &Schedule, start: f64, end: f64, rounded: bool) -> f64 {
        let p = f64::from(self.period_seconds);
        let mut t = start;
        let mut total = 0.0;
        while t < end - 1e-9 {
            let next = ((t / p).floor() + 1.0) * p;
            let stop = next.min(end);
            let hour = ((t / 3600.0).floor() as i64).rem_euclid(24) as usize;
            let amount = schedule.per_hour[hour] * (stop - t) / 3600.0;
            total += if rounded { self.round(amount) } else { amount };
            t = stop;
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULE: Settlement = Settlement {
        period_seconds: 3600,
        unit: 0.01,
        round_up: true,
    };

    fn at(h: f64, m: f64, s: f64) -> f64 {
        h * 3600.0 + m * 60.0 + s
    }

    /// Issue 18's two examples.
    #[test]
    fn issue_examples() {
        let a = RULE.settled(
            &Schedule::flat(1.98),
            at(10.0, 40.0, 0.0),
            at(12.0, 10.0, 30.0),
        );
        assert!((a - 2.99).abs() < 1e-9, "{a}");
        let b = RULE.settled(
            &Schedule::flat(1.87),
            at(10.0, 59.0, 59.0),
            at(11.0, 0.0, 1.0),
        );
        assert!((b - 0.02).abs() < 1e-9, "{b}");
        // Exact billing would give 2.9865 and 0.00104.
    }

    #[test]
    fn nearest_rounding_and_validation() {
        let nearest = Settlement {
            round_up: false,
            ..RULE
        };
        let b = nearest.settled(
            &Schedule::flat(1.87),
            at(10.0, 59.0, 59.0),
            at(11.0, 0.0, 1.0),
        );
        assert_eq!(b, 0.0);
        assert!(RULE.validate(FieldPath::ROOT).is_ok());
        let bad = Settlement {
            period_seconds: 7000,
            ..RULE
        };
        assert_eq!(
            bad.validate(FieldPath::ROOT).unwrap_err().field.to_string(),
            "period_seconds"
        );
        let bad = Settlement { unit: 0.0, ..RULE };
        assert!(bad.validate(FieldPath::ROOT).is_err());
    }
}
