//! Support plans (AWS, Azure and Google Cloud support): a monthly charge computed from the
//! month's other charges by marginal tiers of percentages, with a minimum (a flat fee is a
//! minimum with no tier). docs/cost-model.md, "Support plans"; the providers' published tiers
//! with their dated sources are in data/billing-rules/support-plans.csv and the catalog's
//! `support` table.

use super::{in_range, non_negative, EngineError, Field, FieldPath, Problem, MAX_INPUT};

/// Most tiers a support plan may have (the published plans have at most 4).
pub const MAX_TIERS: usize = 8;

/// One marginal tier: `pct` % of the part of the month's charges from the previous tier's
/// bound (0 for the first) up to `up_to` (`None`: no upper bound).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SupportTier {
    /// Upper bound of the band in the option's currency, or `None` for the last band.
    pub up_to: Option<f64>,
    /// Percentage charged on the band, 0–100.
    pub pct: f64,
}

/// A support plan on one option's monthly charges (amounts in the option's currency).
#[derive(Clone, Debug, PartialEq)]
pub struct SupportPlan {
    /// Monthly minimum (the whole charge of a flat-fee plan), currency per month.
    pub minimum: f64,
    /// Marginal tiers, bounds increasing; empty for a flat fee.
    pub tiers: Vec<SupportTier>,
}

impl SupportPlan {
    /// Checks the minimum (0 to 1e15), the tiers (at most [`MAX_TIERS`], percentages 0–100,
    /// bounds positive and increasing, only the last unbounded); errors name
    /// `field.minimum_per_month`, `field.tiers[i].up_to` or `field.tiers[i].pct`.
    pub fn validate(&self, field: FieldPath) -> Result<(), EngineError> {
        non_negative(field.field(Field::MinimumPerMonth), self.minimum)?;
        let tiers = field.field(Field::Tiers);
        if self.tiers.len() > MAX_TIERS {
            return Err(EngineError::new(
                tiers,
                Problem::WholeBetween {
                    value: self.tiers.len() as u64,
                    min: 0,
                    max: MAX_TIERS as u64,
                    count: super::Count::Plain,
                },
            ));
        }
        let mut below = 0.0;
        for (i, t) in self.tiers.iter().enumerate() {
            let at = tiers.index(i);
            in_range(at.field(Field::Pct), t.pct, 0.0, 100.0)?;
            match t.up_to {
                // Above the previous bound (above 0 for the first), at most 1e15.
                Some(b) => {
                    if !(b.is_finite() && b > below && b <= MAX_INPUT) {
                        return Err(EngineError::new(
                            at.field(Field::UpTo),
                            Problem::TierBound {
                                value: b,
                                above: below,
                            },
                        ));
                    }
                    below = b;
                }
                None if i + 1 < self.tiers.len() => {
                    return Err(EngineError::new(
                        at.field(Field::UpTo),
                        Problem::UnboundedTierNotLast,
                    ));
                }
                None => {}
            }
        }
        Ok(())
    }

    /// The month's support charge on `charges` (the month's other charges, currency): the sum
    /// over tiers of `pct` % of the part of `charges` in each band, or the minimum if larger.
    /// Charges above the last bounded tier pay nothing more. Non-decreasing in `charges`.
    /// Issue 18's example: 10 % to 10,000, 7 % to 80,000, minimum 100: 16,029.08 gives
    /// 1,000.00 + 7 % × 6,029.08 = 1,422.04.
    #[must_use]
    pub fn monthly(&self, charges: f64) -> f64 {
        let mut from = 0.0;
        let mut total = 0.0;
        for t in &self.tiers {
            let to = t.up_to.unwrap_or(f64::INFINITY);
            if charges > from {
                total += (charges.min(to) - from) * t.pct / 100.0;
            }
            from = to;
        }
        total.max(self.minimum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> SupportPlan {
        SupportPlan {
            minimum: 100.0,
            tiers: vec![
                SupportTier {
                    up_to: Some(10_000.0),
                    pct: 10.0,
                },
                SupportTier {
                    up_to: Some(80_000.0),
                    pct: 7.0,
                },
            ],
        }
    }

    /// Issue 18's example.
    #[test]
    fn issue_example() {
        let s = example().monthly(16_029.08);
        assert!((s - 1_422.04).abs() < 0.005, "{s}");
        assert!((s - (1_000.0 + 0.07 * 6_029.08)).abs() < 1e-9);
        assert_eq!(example().monthly(500.0), 100.0, "the minimum");
        assert_eq!(example().monthly(0.0), 100.0);
        // Above the last bounded tier nothing more is charged.
        assert!((example().monthly(100_000.0) - (1_000.0 + 4_900.0)).abs() < 1e-9);
    }

    #[test]
    fn flat_fee_and_open_top_tier() {
        let flat = SupportPlan {
            minimum: 29.0,
            tiers: vec![],
        };
        assert_eq!(flat.monthly(1e6), 29.0);
        let mut aws = example();
        aws.tiers.push(SupportTier {
            up_to: None,
            pct: 3.0,
        });
        assert!((aws.monthly(100_000.0) - (1_000.0 + 4_900.0 + 600.0)).abs() < 1e-9);
        assert!(aws.validate(FieldPath::ROOT).is_ok());
    }

    #[test]
    fn bad_tiers_name_their_field() {
        let mut s = example();
        s.tiers[1].up_to = Some(5_000.0);
        let e = s
            .validate(FieldPath::option(0).field(Field::Support))
            .unwrap_err();
        assert_eq!(e.field.to_string(), "options[0].support.tiers[1].up_to");
        let mut s = example();
        s.tiers[0].pct = 120.0;
        let e = s.validate(FieldPath::ROOT).unwrap_err();
        assert_eq!(e.field.to_string(), "tiers[0].pct");
        let mut s = example();
        s.tiers[0].up_to = None;
        let e = s.validate(FieldPath::ROOT).unwrap_err();
        assert_eq!(e.field.to_string(), "tiers[0].up_to");
        let s = SupportPlan {
            minimum: -1.0,
            tiers: vec![],
        };
        assert!(s.validate(FieldPath::ROOT).is_err());
    }
}
