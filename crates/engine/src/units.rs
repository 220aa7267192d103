//! The engine's units: currencies, on-demand billing rules, month conventions, the USD/CNY
//! exchange rate and the hour constants every plan is counted in (rules in
//! `docs/cost-model.md`, "Units", "Currency" and "Billing modes").

use std::fmt;
use thiserror::Error;

/// Hours in a month under the default convention: 365 × 24 / 12 = 730, as used by the AWS, Azure
/// and Google Cloud calculators (docs/cost-model.md, "Units").
pub const HOURS_PER_MONTH_730: f64 = 730.0;

/// Hours in a year: 365 × 24. With the 730 convention, month × 12 = year holds exactly.
pub const HOURS_PER_YEAR: f64 = 8_760.0;

/// A currency an offer is quoted in or a total is displayed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Currency {
    /// United States dollar.
    Usd,
    /// Chinese yuan renminbi.
    Cny,
}

impl Currency {
    /// Every supported currency, in display order.
    pub const ALL: [Currency; 2] = [Currency::Usd, Currency::Cny];

    /// ISO 4217 code, e.g. `"USD"`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Currency::Usd => "USD",
            Currency::Cny => "CNY",
        }
    }

    /// Symbol placed before amounts on screen (`$`, `¥`).
    #[must_use]
    pub fn symbol(self) -> &'static str {
        match self {
            Currency::Usd => "$",
            Currency::Cny => "¥",
        }
    }

    /// Parses an ISO 4217 code (case-insensitive); `None` for codes the catalog does not use.
    #[must_use]
    #[inline]
    pub fn from_code(code: &str) -> Option<Currency> {
        Currency::ALL
            .into_iter()
            .find(|c| c.code().eq_ignore_ascii_case(code.trim()))
    }
}

impl fmt::Display for Currency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// How an offer's on-demand time is billed: duration rounded up to `granularity_seconds`, with
/// at least `minimum_seconds` charged per run (docs/cost-model.md, "On-demand fleet", rule 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Billing {
    /// Rounding unit in seconds (1 = per second, 60 = per minute, 3600 = per hour); `None` when
    /// the source does not state it, in which case time is billed exactly.
    pub granularity_seconds: Option<u32>,
    /// Minimum billed seconds per run; 0 when none is stated.
    pub minimum_seconds: u32,
}

impl Billing {
    /// Billing rule not stated by the source: time is billed exactly, with no minimum.
    pub const UNSTATED: Billing = Billing {
        granularity_seconds: None,
        minimum_seconds: 0,
    };
}

/// Which month length converts monthly figures to hours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MonthConvention {
    /// 730 h (365 × 24 / 12): the default, used by the big clouds' calculators.
    #[default]
    Hours730,
    /// 720 h (30 days).
    Hours720,
    /// 744 h (31 days).
    Hours744,
}

impl MonthConvention {
    /// Every convention, in display order.
    pub const ALL: [MonthConvention; 3] = [
        MonthConvention::Hours730,
        MonthConvention::Hours720,
        MonthConvention::Hours744,
    ];

    /// Hours in one month under this convention.
    #[must_use]
    pub fn hours(self) -> f64 {
        match self {
            MonthConvention::Hours730 => HOURS_PER_MONTH_730,
            MonthConvention::Hours720 => 720.0,
            MonthConvention::Hours744 => 744.0,
        }
    }

    /// Days in one month under this convention (`hours / 24`; 30.41666… for 730 h).
    #[must_use]
    pub fn days(self) -> f64 {
        self.hours() / 24.0
    }

    /// Label used in the UI, chart axes and CSV headers, e.g. `"730 h"`.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            MonthConvention::Hours730 => "730 h",
            MonthConvention::Hours720 => "720 h",
            MonthConvention::Hours744 => "744 h",
        }
    }
}

/// Why an amount could not be converted: no usable rate between its currency and the one
/// asked for (the rate is not a positive finite number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("no exchange rate from {from} to {to}")]
pub struct NoRate {
    /// Currency of the amount.
    pub from: Currency,
    /// Currency asked for.
    pub to: Currency,
}

/// A user-editable exchange rate between USD and CNY, applied once to final amounts
/// (docs/cost-model.md, "Currency").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExchangeRate {
    /// US dollars per Chinese yuan, e.g. 0.138.
    pub usd_per_cny: f64,
}

impl ExchangeRate {
    /// The rate the catalog's Alibaba and Tencent source used to convert CNY list prices to USD:
    /// 0.138 USD per CNY (sugarlxn/skypilot-catalog fetcher READMEs; see
    /// `data/catalog-sources/PROVENANCE.md`). It is the default so that those offers round-trip
    /// to their source figures.
    pub const CATALOG_DEFAULT: ExchangeRate = ExchangeRate { usd_per_cny: 0.138 };

    /// Converts `amount` from `from` to `to`. Same currency: returned unchanged (not multiplied
    /// by 1). Errors with [`NoRate`] when the rate is not positive and finite.
    pub fn convert(self, amount: f64, from: Currency, to: Currency) -> Result<f64, NoRate> {
        self.conversion(from, to).map(|c| c.apply(amount))
    }

    /// The conversion from `from` to `to`, checked once for many amounts (whether a rate is
    /// usable does not depend on the amount). Same currency: [`Conversion::Same`]. Errors with
    /// [`NoRate`] when the currencies differ and the rate is not positive and finite.
    pub fn conversion(self, from: Currency, to: Currency) -> Result<Conversion, NoRate> {
        if from == to {
            return Ok(Conversion::Same);
        }
        if !(self.usd_per_cny.is_finite() && self.usd_per_cny > 0.0) {
            return Err(NoRate { from, to });
        }
        Ok(match (from, to) {
            (Currency::Cny, Currency::Usd) => Conversion::Times(self.usd_per_cny),
            (Currency::Usd, Currency::Cny) => Conversion::Over(self.usd_per_cny),
            _ => Conversion::Same,
        })
    }
}

/// A checked currency conversion ([`ExchangeRate::conversion`]): amounts in, amounts out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Conversion {
    /// Same currency: amounts unchanged (not multiplied by 1).
    Same,
    /// CNY to USD: amount × USD per CNY.
    Times(f64),
    /// USD to CNY: amount ÷ USD per CNY.
    Over(f64),
}

impl Conversion {
    /// `amount` converted.
    #[must_use]
    pub fn apply(self, amount: f64) -> f64 {
        match self {
            Conversion::Same => amount,
            Conversion::Times(r) => amount * r,
            Conversion::Over(r) => amount / r,
        }
    }
}

impl Default for ExchangeRate {
    fn default() -> Self {
        ExchangeRate::CATALOG_DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * b.abs().max(1.0)
    }

    #[test]
    fn currency_conversion_is_once_and_identity_for_same_currency() {
        let r = ExchangeRate { usd_per_cny: 0.138 };
        assert_eq!(r.convert(1.0, Currency::Usd, Currency::Usd), Ok(1.0));
        assert!(close(
            r.convert(100.0, Currency::Cny, Currency::Usd).unwrap(),
            13.8
        ));
        assert!(close(
            r.convert(13.8, Currency::Usd, Currency::Cny).unwrap(),
            100.0
        ));
        let bad = ExchangeRate { usd_per_cny: 0.0 };
        assert!(bad.convert(1.0, Currency::Cny, Currency::Usd).is_err());
        assert_eq!(bad.convert(1.0, Currency::Cny, Currency::Cny), Ok(1.0));
    }

    #[test]
    fn month_conventions() {
        assert_eq!(MonthConvention::Hours730.hours() * 12.0, HOURS_PER_YEAR);
        assert_eq!(MonthConvention::Hours720.hours(), 720.0);
        assert_eq!(MonthConvention::Hours744.hours(), 744.0);
    }
}
