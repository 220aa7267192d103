//! The app's on-demand view of the cost model: fleet cost over time, per-GPU-hour figures and
//! currency conversion, as specified by `COST-MODEL.md` (the project's contract for every
//! number). The numbers come from [`crate::engine`] (an on-demand-only option under a fleet
//! plan); this module keeps the shapes the UI uses. Pure arithmetic in `f64` at full precision;
//! rounding happens only in [`crate::format`].

use crate::catalog::{Billing, Currency, Offer};
use crate::engine::{
    self,
    plan::{Components, FleetLoad, OptionSpec, Plan, Workload},
    risk::Checkpointing,
    MonthLength,
};
use thiserror::Error;

/// Hours in a month under the default convention: 365 × 24 / 12 = 730, as used by the AWS, Azure
/// and Google Cloud calculators (COST-MODEL.md, "Conventions").
pub const HOURS_PER_MONTH_730: f64 = 730.0;

/// Hours in a year: 365 × 24. With the 730 convention, month × 12 = year holds exactly.
pub const HOURS_PER_YEAR: f64 = 8_760.0;

/// Limits on fleet inputs. Values outside are rejected by the UI with a message (COST-MODEL.md,
/// "Inputs that must never break it").
pub mod limits {
    /// Largest number of GPUs a fleet may have.
    pub const MAX_GPUS: f64 = 100_000.0;
    /// Longest horizon in months (10 years).
    pub const MAX_MONTHS: f64 = 120.0;
    /// Hours in a day.
    pub const MAX_HOURS_PER_DAY: f64 = 24.0;
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

/// A fleet-mode workload: `gpus` GPUs running `hours_per_day` hours every day for `months`
/// months of the chosen [`MonthConvention`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fleet {
    /// GPUs wanted (≥ 1). Instances are rented whole, so the billed GPU count may be higher.
    pub gpus: u32,
    /// Hours each GPU runs per day, 0–24. Each day's run is one billed run.
    pub hours_per_day: f64,
    /// Planning horizon in months (≥ 1).
    pub months: u32,
    /// Month length used to turn days and months into hours.
    pub month: MonthConvention,
}

/// Why a cost could not be computed. Shown next to the offending input or option.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ModelError {
    /// The offer lists no GPUs per instance, so per-GPU figures and instance counts are undefined.
    #[error("this offer lists 0 GPUs per instance")]
    NoGpus,
    /// The offer's price is negative, zero, NaN or infinite.
    #[error("the offer's price is not a positive finite number")]
    BadPrice,
    /// An input is outside its documented range (the field name is given).
    #[error("{0} is out of range")]
    OutOfRange(&'static str),
    /// No conversion rate is known between the offer's currency and the display currency.
    #[error("no exchange rate from {from} to {to}")]
    NoRate {
        /// Currency of the amount.
        from: Currency,
        /// Currency asked for.
        to: Currency,
    },
}

/// Whole instances needed to provide at least `gpus` GPUs with `gpus_per_instance` per instance:
/// ⌈gpus / gpus_per_instance⌉. Errors with [`ModelError::NoGpus`] when `gpus_per_instance` is 0.
///
/// Example: 10 GPUs on 8-GPU instances need 2 instances (16 GPUs billed).
pub fn instances_needed(gpus: u32, gpus_per_instance: u32) -> Result<u32, ModelError> {
    if gpus_per_instance == 0 {
        return Err(ModelError::NoGpus);
    }
    Ok(gpus.div_ceil(gpus_per_instance))
}

pub use crate::engine::billing::billed_hours_per_run;

/// On-demand cost of running a [`Fleet`] on one offer, in the offer's native currency.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FleetCost {
    /// Instances rented (whole instances).
    pub instances: u32,
    /// GPUs billed: `instances × gpus_per_instance` (≥ the GPUs asked for).
    pub gpus_billed: u32,
    /// Billed instance-hours per instance per month (days per month × billed hours per daily run).
    pub billed_hours_per_instance_month: f64,
    /// Cost per month in the offer's currency: instances × billed hours × price per instance-hour.
    pub per_month: f64,
    /// Cost over the whole horizon: `per_month × months`.
    pub total: f64,
    /// Effective price per GPU-hour actually used (GPUs asked for × hours run), in the offer's
    /// currency; higher than the list per-GPU price when whole instances or billing rounding
    /// leave GPUs paid but unused. `None` when no GPU-hours are used (0 hours per day).
    pub per_used_gpu_hour: Option<f64>,
}

/// Computes the on-demand cost of `fleet` on `offer` (COST-MODEL.md: on-demand billing rule and
/// the 730-hour month). Errors when the offer has no GPUs or a non-positive price, or when the
/// fleet has 0 GPUs, 0 months or hours per day outside 0–24.
///
/// Example (exact): an 8-GPU offer at 32.77/h, 8 GPUs, 24 h/day, 1 month of 730 h = 23,922.10;
/// 12 months = 287,065.20 = 32.77 × 8,760.
pub fn on_demand_fleet_cost(offer: &Offer, fleet: &Fleet) -> Result<FleetCost, ModelError> {
    on_demand_cost(
        offer.on_demand_per_hour,
        offer.gpu_count,
        offer.billing,
        fleet,
    )
}

/// [`on_demand_fleet_cost`] on raw figures: `price_per_instance_hour` in any currency (the
/// result is in the same currency), `gpus_per_instance`, and the billing rule.
pub fn on_demand_cost(
    price_per_instance_hour: f64,
    gpus_per_instance: u32,
    billing: Billing,
    fleet: &Fleet,
) -> Result<FleetCost, ModelError> {
    if !(price_per_instance_hour.is_finite() && price_per_instance_hour > 0.0) {
        return Err(ModelError::BadPrice);
    }
    if fleet.gpus == 0 || f64::from(fleet.gpus) > limits::MAX_GPUS {
        return Err(ModelError::OutOfRange("GPUs"));
    }
    if fleet.months == 0 || f64::from(fleet.months) > limits::MAX_MONTHS {
        return Err(ModelError::OutOfRange("months"));
    }
    if !(0.0..=limits::MAX_HOURS_PER_DAY).contains(&fleet.hours_per_day) {
        return Err(ModelError::OutOfRange("hours per day"));
    }
    let instances = instances_needed(fleet.gpus, gpus_per_instance)?;
    let plan = Plan {
        months: MonthLength::Fixed(fleet.month),
        horizon_months: Some(fleet.months),
        workload: Workload::Fleet(FleetLoad {
            gpus: fleet.gpus,
            hours_per_day: fleet.hours_per_day,
            days_per_week: 7.0,
            start_hour: 0,
        }),
        checkpointing: Checkpointing::default(),
        storage_gb: 0.0,
        egress_gb_per_month: 0.0,
        contingency_pct: 0.0,
        buy: None,
    };
    let spec = OptionSpec::on_demand(
        "",
        Currency::Usd,
        price_per_instance_hour,
        gpus_per_instance,
        billing,
    );
    let r = engine::plan::evaluate_option(&plan, &spec, None)
        .map_err(|_| ModelError::OutOfRange("fleet"))?;
    let per_month = r.monthly.first().map_or(0.0, Components::total);
    Ok(FleetCost {
        instances,
        gpus_billed: instances * gpus_per_instance,
        billed_hours_per_instance_month: fleet.month.days()
            * billed_hours_per_run(fleet.hours_per_day, billing),
        per_month,
        total: r.total,
        per_used_gpu_hour: r.per_used_gpu_hour,
    })
}

/// Cumulative cost at the end of each month 0..=`months`, as `(month, amount)` points; month 0
/// is 0. `per_month` is in any currency and the points are in the same currency.
#[must_use]
pub fn cumulative_by_month(per_month: f64, months: u32) -> Vec<(f64, f64)> {
    (0..=months)
        .map(|m| (f64::from(m), per_month * f64::from(m)))
        .collect()
}

/// A user-editable exchange rate between USD and CNY, applied once to final amounts
/// (COST-MODEL.md, "Currency").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExchangeRate {
    /// US dollars per Chinese yuan, e.g. 0.138.
    pub usd_per_cny: f64,
}

impl ExchangeRate {
    /// The rate the catalog's Alibaba and Tencent source used to convert CNY list prices to USD:
    /// 0.138 USD per CNY (sugarlxn/skypilot-catalog fetcher READMEs; see PROVENANCE.md). It is the
    /// default so that those offers round-trip to their source figures.
    pub const CATALOG_DEFAULT: ExchangeRate = ExchangeRate { usd_per_cny: 0.138 };

    /// Converts `amount` from `from` to `to`. Same currency: returned unchanged (not multiplied
    /// by 1). Errors with [`ModelError::NoRate`] when the rate is not positive and finite.
    pub fn convert(self, amount: f64, from: Currency, to: Currency) -> Result<f64, ModelError> {
        if from == to {
            return Ok(amount);
        }
        if !(self.usd_per_cny.is_finite() && self.usd_per_cny > 0.0) {
            return Err(ModelError::NoRate { from, to });
        }
        Ok(match (from, to) {
            (Currency::Cny, Currency::Usd) => amount * self.usd_per_cny,
            (Currency::Usd, Currency::Cny) => amount / self.usd_per_cny,
            _ => amount,
        })
    }
}

impl Default for ExchangeRate {
    fn default() -> Self {
        ExchangeRate::CATALOG_DEFAULT
    }
}

/// One compared option's results, converted to the display currency.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionResult {
    /// The offer compared.
    pub offer: &'static Offer,
    /// Costs in the offer's native currency.
    pub native: FleetCost,
    /// Display currency of every field below.
    pub currency: Currency,
    /// Cost per month in `currency`.
    pub per_month: f64,
    /// Cost over the horizon in `currency`.
    pub total: f64,
    /// Effective cost per used GPU-hour in `currency`, if any GPU-hours are used.
    pub per_used_gpu_hour: Option<f64>,
    /// Cumulative cost at each month end, `(month, amount in currency)`, months 0..=horizon.
    pub cumulative: Vec<(f64, f64)>,
}

/// Computes every compared option for `fleet`, converted to `display` at `rate`. Each option is
/// computed independently: one failing (e.g. a missing rate) does not hide the others.
#[must_use]
pub fn compare_on_demand(
    offers: &[&'static Offer],
    fleet: &Fleet,
    display: Currency,
    rate: ExchangeRate,
) -> Vec<(&'static Offer, Result<OptionResult, ModelError>)> {
    offers
        .iter()
        .map(|&offer| (offer, option_result(offer, fleet, display, rate)))
        .collect()
}

fn option_result(
    offer: &'static Offer,
    fleet: &Fleet,
    display: Currency,
    rate: ExchangeRate,
) -> Result<OptionResult, ModelError> {
    let native = on_demand_fleet_cost(offer, fleet)?;
    let conv = |x: f64| rate.convert(x, offer.currency, display);
    let per_month = conv(native.per_month)?;
    Ok(OptionResult {
        offer,
        native,
        currency: display,
        per_month,
        total: conv(native.total)?,
        per_used_gpu_hour: native.per_used_gpu_hour.map(conv).transpose()?,
        cumulative: cumulative_by_month(per_month, fleet.months),
    })
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

    fn fleet(gpus: u32, hours_per_day: f64, months: u32) -> Fleet {
        Fleet {
            gpus,
            hours_per_day,
            months,
            month: MonthConvention::Hours730,
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * b.abs().max(1.0)
    }

    #[test]
    fn eight_gpu_offer_one_month_is_23922_10() {
        let c = on_demand_cost(32.77, 8, Billing::UNSTATED, &fleet(8, 24.0, 1)).unwrap();
        assert_eq!(c.instances, 1);
        assert_eq!(c.gpus_billed, 8);
        assert!(close(c.per_month, 23_922.10), "{}", c.per_month);
        assert_eq!(crate::format::money(c.total, Currency::Usd), "$23,922.10");
        assert!(close(c.per_used_gpu_hour.unwrap(), 4.09625));
    }

    #[test]
    fn twelve_months_equal_one_year_of_hours() {
        let c = on_demand_cost(32.77, 8, Billing::UNSTATED, &fleet(8, 24.0, 12)).unwrap();
        assert!(close(c.total, 287_065.20), "{}", c.total);
        assert!(close(c.total, 32.77 * HOURS_PER_YEAR));
        assert_eq!(crate::format::money(c.total, Currency::Usd), "$287,065.20");
    }

    #[test]
    fn small_rate_is_not_rounded_before_multiplying() {
        let c = on_demand_cost(0.0084, 1, Billing::UNSTATED, &fleet(1, 24.0, 1)).unwrap();
        assert_eq!(crate::format::money(c.total, Currency::Usd), "$6.13");
    }

    #[test]
    fn per_gpu_hour_of_p3_16xlarge() {
        let offer = Offer {
            gpu_count: 8,
            on_demand_per_hour: 24.48,
            ..test_offer()
        };
        assert!(close(offer.on_demand_per_gpu_hour().unwrap(), 3.06));
        let none = Offer {
            gpu_count: 0,
            ..test_offer()
        };
        assert_eq!(none.on_demand_per_gpu_hour(), None);
    }

    #[test]
    fn whole_instances_are_billed() {
        let c = on_demand_cost(32.77, 8, Billing::UNSTATED, &fleet(10, 24.0, 1)).unwrap();
        assert_eq!(c.instances, 2);
        assert_eq!(c.gpus_billed, 16);
        assert!(close(c.per_month, 2.0 * 23_922.10));
        // 16 GPUs paid, 10 used: effective per used GPU-hour is 32.77 × 2 / 10.
        assert!(close(c.per_used_gpu_hour.unwrap(), 6.554));
    }

    #[test]
    fn hours_per_day_scale_the_month() {
        let c = on_demand_cost(2.0, 1, Billing::UNSTATED, &fleet(1, 8.0, 3)).unwrap();
        // 8 h × 730/24 days = 243.333… h per month.
        assert!(close(c.billed_hours_per_instance_month, 730.0 / 3.0));
        assert!(close(c.total, 2.0 * 730.0));
    }

    #[test]
    fn billing_granularity_examples_from_cost_model() {
        let twenty_min = 20.0 / 60.0;
        assert!(close(
            2.40 * billed_hours_per_run(twenty_min, PER_SECOND),
            0.80
        ));
        assert!(close(2.40 * billed_hours_per_run(twenty_min, HOURLY), 2.40));
        let thirty_s = 30.0 / 3600.0;
        assert!(close(
            2.40 * billed_hours_per_run(thirty_s, PER_MINUTE_1MIN),
            0.04
        ));
        // Ten separate 20-minute runs on hourly billing cost 24.00.
        assert!(close(
            10.0 * 2.40 * billed_hours_per_run(twenty_min, HOURLY),
            24.0
        ));
        assert_eq!(billed_hours_per_run(0.0, HOURLY), 0.0);
        assert_eq!(billed_hours_per_run(f64::NAN, HOURLY), 0.0);
        assert_eq!(billed_hours_per_run(-1.0, HOURLY), 0.0);
    }

    #[test]
    fn hourly_billing_rounds_each_daily_run_up() {
        let c = on_demand_cost(1.0, 1, HOURLY, &fleet(1, 2.5, 1)).unwrap();
        assert!(close(c.billed_hours_per_instance_month, 3.0 * 730.0 / 24.0));
    }

    #[test]
    fn bad_inputs_are_errors_not_nan() {
        let f = fleet(8, 24.0, 1);
        for p in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert_eq!(
                on_demand_cost(p, 8, Billing::UNSTATED, &f),
                Err(ModelError::BadPrice)
            );
        }
        assert_eq!(
            on_demand_cost(1.0, 0, Billing::UNSTATED, &f),
            Err(ModelError::NoGpus)
        );
        assert!(on_demand_cost(1.0, 8, Billing::UNSTATED, &fleet(0, 24.0, 1)).is_err());
        assert!(on_demand_cost(1.0, 8, Billing::UNSTATED, &fleet(8, 25.0, 1)).is_err());
        assert!(on_demand_cost(1.0, 8, Billing::UNSTATED, &fleet(8, f64::NAN, 1)).is_err());
        assert!(on_demand_cost(1.0, 8, Billing::UNSTATED, &fleet(8, 24.0, 0)).is_err());
        let zero_hours = on_demand_cost(1.0, 8, Billing::UNSTATED, &fleet(8, 0.0, 1)).unwrap();
        assert_eq!(zero_hours.total, 0.0);
        assert_eq!(zero_hours.per_used_gpu_hour, None);
    }

    #[test]
    fn cumulative_series_starts_at_zero_and_ends_at_total() {
        let s = cumulative_by_month(100.0, 3);
        assert_eq!(
            s,
            vec![(0.0, 0.0), (1.0, 100.0), (2.0, 200.0), (3.0, 300.0)]
        );
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

    #[test]
    fn compare_keeps_failures_per_option() {
        let good: &'static Offer = Box::leak(Box::new(test_offer()));
        let bad: &'static Offer = Box::leak(Box::new(Offer {
            gpu_count: 0,
            ..test_offer()
        }));
        let out = compare_on_demand(
            &[good, bad],
            &fleet(1, 24.0, 2),
            Currency::Usd,
            ExchangeRate::default(),
        );
        let first = out[0].1.as_ref().unwrap();
        assert_eq!(first.cumulative.len(), 3);
        assert!(close(first.total, 2.0 * 730.0 * 2.0));
        assert_eq!(out[1].1, Err(ModelError::NoGpus));
    }

    #[test]
    fn cny_offer_converts_to_usd_display() {
        let cny: &'static Offer = Box::leak(Box::new(Offer {
            currency: Currency::Cny,
            on_demand_per_hour: 10.0,
            gpu_count: 1,
            ..test_offer()
        }));
        let out = compare_on_demand(
            &[cny],
            &fleet(1, 24.0, 1),
            Currency::Usd,
            ExchangeRate { usd_per_cny: 0.14 },
        );
        let r = out[0].1.as_ref().unwrap();
        assert!(close(r.total, 10.0 * 730.0 * 0.14));
        assert!(close(r.native.total, 7300.0));
    }

    fn test_offer() -> Offer {
        Offer {
            id: "test/x",
            provider: "Test",
            instance_type: "x",
            gpu_model: "A100",
            gpu_count: 1,
            gpu_memory_gib: Some(80.0),
            vcpus: None,
            ram_gib: None,
            region: "r",
            listings: 1,
            on_demand_per_hour: 2.0,
            spot_per_hour: None,
            currency: Currency::Usd,
            billing: Billing::UNSTATED,
            source: 0,
            note: "",
        }
    }
}
