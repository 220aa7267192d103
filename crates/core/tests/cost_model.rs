//! Every worked example of the cost-model rules in docs/cost-model.md, as an exact test through
//! the engine's public API (display rounding through planner-core's `format`). "Exact" means equal to the cent (or to the digits the contract prints) and within
//! 1e-9 relative of the stated value.

use planner_core::format;
use planner_engine::billing::{billed_hours_per_run, ReservedTerm};
use planner_engine::plan::{
    evaluate, evaluate_option, FleetLoad, JobLoad, JobSize, OptionSpec, Plan, Shares, Workload,
};
use planner_engine::risk::{expected_segment_hours, young_interval, Checkpointing};
use planner_engine::tco::OwnedServer;
use planner_engine::{Billing, Currency};
use planner_engine::{ExchangeRate, MonthConvention, MonthLength};

fn exact(got: f64, want: f64) {
    assert!(
        (got - want).abs() <= 1e-9 * want.abs().max(1.0),
        "got {got}, want {want}"
    );
    assert_eq!(format!("{got:.2}"), format!("{want:.2}"));
}

fn fleet_plan(gpus: u32, hours_per_day: f64, months: u32) -> Plan {
    Plan {
        months: MonthLength::Fixed(MonthConvention::Hours730),
        horizon_months: Some(months),
        workload: Workload::Fleet(FleetLoad {
            gpus,
            hours_per_day,
            days_per_week: 7.0,
            start_hour: 0,
        }),
        checkpointing: Checkpointing::default(),
        storage_gb: 0.0,
        egress_gb_per_month: 0.0,
        contingency_pct: 0.0,
        buy: None,
    }
}

fn od(price: f64, gpus: u32) -> OptionSpec {
    OptionSpec::on_demand("x", Currency::Usd, price, gpus, Billing::UNSTATED)
}

#[test]
fn month_of_730_hours_times_12_is_a_year() {
    let r = evaluate_option(&fleet_plan(8, 24.0, 1), &od(32.77, 8), None).unwrap();
    exact(r.total, 23_922.10);
    let r = evaluate_option(&fleet_plan(8, 24.0, 12), &od(32.77, 8), None).unwrap();
    exact(r.total, 287_065.20);
    exact(r.total, 32.77 * 8_760.0);
    assert_eq!(format::money(r.total, Currency::Usd), "$287,065.20");
}

#[test]
fn full_precision_inside() {
    let r = evaluate_option(&fleet_plan(1, 24.0, 1), &od(0.0084, 1), None).unwrap();
    assert_eq!(format::money(r.total, Currency::Usd), "$6.13");
}

#[test]
fn per_instance_vs_per_gpu() {
    // p3.16xlarge at 24.48/h with 8 GPUs is 3.06 per GPU-hour.
    let r = evaluate_option(&fleet_plan(8, 24.0, 1), &od(24.48, 8), None).unwrap();
    exact(r.per_used_gpu_hour.unwrap(), 3.06);
}

#[test]
fn currency_is_converted_once_at_display() {
    let mut cny = od(10.0, 1);
    cny.currency = Currency::Cny;
    let plan = fleet_plan(1, 24.0, 1);
    let rate = ExchangeRate { usd_per_cny: 0.14 };
    let usd = evaluate(&plan, std::slice::from_ref(&cny), Currency::Usd, rate).unwrap();
    exact(usd[0].total, 10.0 * 730.0 * 0.14);
    let same = evaluate(&plan, &[cny], Currency::Cny, rate).unwrap();
    assert_eq!(
        same[0].total, 7_300.0,
        "native currency is shown unconverted"
    );
}

/// An 8-GPU offer at 32.77/h, 8 GPUs, 24 h/day, one 730-hour month (docs/cost-model.md,
/// "On-demand fleet"): one whole instance, 23,922.10 a month, 4.09625 per used GPU-hour.
#[test]
fn on_demand_fleet_of_one_whole_instance() {
    let o = od(32.77, 8);
    let r = evaluate_option(&fleet_plan(8, 24.0, 1), &o, None).unwrap();
    assert_eq!(r.instances.on_demand, 1.0);
    assert_eq!(r.instances.on_demand * f64::from(o.gpus_per_instance), 8.0);
    exact(r.monthly[0].total(), 23_922.10);
    assert_eq!(format::money(r.total, Currency::Usd), "$23,922.10");
    exact(r.per_used_gpu_hour.unwrap(), 4.09625);
}

/// Rule 1: instances are whole. 10 GPUs on 8-GPU instances rent 2 (16 GPUs paid, 10 used), so a
/// used GPU-hour costs 32.77 × 2 / 10.
#[test]
fn on_demand_fleet_bills_whole_instances() {
    let o = od(32.77, 8);
    let r = evaluate_option(&fleet_plan(10, 24.0, 1), &o, None).unwrap();
    assert_eq!(r.instances.on_demand, 2.0);
    assert_eq!(r.instances.on_demand * f64::from(o.gpus_per_instance), 16.0);
    exact(r.monthly[0].total(), 2.0 * 23_922.10);
    exact(r.per_used_gpu_hour.unwrap(), 6.554);
}

/// Rules 2 and 3: a month is 730 / 24 daily runs of the billed hours per run.
#[test]
fn on_demand_fleet_hours_per_day_scale_the_month() {
    // 8 h × 730/24 days = 243.333… h per month; 3 months at 2.00/h cost 2 × 730.
    let r = evaluate_option(&fleet_plan(1, 8.0, 3), &od(2.0, 1), None).unwrap();
    exact(r.monthly[0].total() / 2.0, 730.0 / 3.0);
    exact(r.total, 2.0 * 730.0);
    // Hourly billing rounds each 2.5-hour daily run up to 3 hours.
    let mut hourly = od(1.0, 1);
    hourly.billing = Billing {
        granularity_seconds: Some(3600),
        minimum_seconds: 0,
    };
    let r = evaluate_option(&fleet_plan(1, 2.5, 1), &hourly, None).unwrap();
    exact(r.monthly[0].total(), 3.0 * 730.0 / 24.0);
}

/// Bad input is an error, never NaN (docs/cost-model.md, "Bad input"): a price that is not a
/// positive finite number, 0 GPUs per instance, 0 GPUs, more than 24 or NaN hours a day, 0
/// months. Zero hours a day is valid: nothing is billed and no GPU-hour is used.
#[test]
fn on_demand_fleet_refuses_bad_inputs() {
    let refused = |plan: &Plan, o: OptionSpec| {
        evaluate(plan, &[o], Currency::Usd, ExchangeRate::default()).is_err()
    };
    let plan = fleet_plan(8, 24.0, 1);
    for p in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        assert!(refused(&plan, od(p, 8)), "price {p}");
    }
    assert!(refused(&plan, od(1.0, 0)));
    for bad in [
        fleet_plan(0, 24.0, 1),
        fleet_plan(8, 25.0, 1),
        fleet_plan(8, f64::NAN, 1),
        fleet_plan(8, 24.0, 0),
    ] {
        assert!(refused(&bad, od(1.0, 8)), "{bad:?}");
    }
    let idle = evaluate_option(&fleet_plan(8, 0.0, 1), &od(1.0, 8), None).unwrap();
    assert_eq!(idle.total, 0.0);
    assert_eq!(idle.per_used_gpu_hour, None);
}

#[test]
fn on_demand_billing_granularity() {
    let hourly = Billing {
        granularity_seconds: Some(3600),
        minimum_seconds: 0,
    };
    let per_second = Billing {
        granularity_seconds: Some(1),
        minimum_seconds: 0,
    };
    let per_minute = Billing {
        granularity_seconds: Some(60),
        minimum_seconds: 60,
    };
    exact(2.40 * billed_hours_per_run(20.0 / 60.0, per_second), 0.80);
    exact(2.40 * billed_hours_per_run(20.0 / 60.0, hourly), 2.40);
    exact(2.40 * billed_hours_per_run(30.0 / 3600.0, per_minute), 0.04);
    exact(
        10.0 * 2.40 * billed_hours_per_run(20.0 / 60.0, hourly),
        24.00,
    );
}

#[test]
fn reserved_amortisation_and_break_even() {
    let term = ReservedTerm {
        term_months: 12,
        upfront: 105_120.0,
        recurring_per_hour: 20.0,
    };
    exact(term.effective_per_hour(8_760.0), 32.00);
    exact(term.break_even_utilisation(8_760.0, 40.0).unwrap(), 0.80);
    // Through a plan: one instance, all year, 100 % reserved vs 100 % on-demand.
    let plan = fleet_plan(1, 24.0, 12);
    let mut reserved = od(40.0, 1);
    reserved.reserved = Some(term);
    reserved.shares = Shares {
        reserved: 1.0,
        spot: 0.0,
    };
    let r = evaluate_option(&plan, &reserved, None).unwrap();
    exact(r.total, 280_320.0);
    exact(r.totals.reserved_upfront, 105_120.0);
    exact(r.totals.reserved_recurring, 175_200.0);
    assert_eq!(r.totals.reserved_idle, 0.0);
    let on_demand = evaluate_option(&plan, &od(40.0, 1), None).unwrap();
    exact(on_demand.total, 350_400.0);
    exact(1.0 - r.total / on_demand.total, 0.20);
    let s = r.reserved.unwrap();
    exact(s.effective_per_hour, 32.0);
    exact(s.break_even_utilisation.unwrap(), 0.8);
    assert!(!s.above_on_demand);
}

fn case_study() -> (Plan, OptionSpec, OptionSpec) {
    let plan = Plan {
        horizon_months: None,
        workload: Workload::Job(JobLoad {
            gpu_hours: 100_000.0,
            size: JobSize::WithinMonths(3.0),
            scaling_efficiency: 1.0,
        }),
        ..fleet_plan(1, 24.0, 3)
    };
    let on_demand = od(3.20, 1);
    let mut mixed = od(3.20, 1);
    mixed.reserved = Some(ReservedTerm {
        term_months: 36,
        upfront: 0.0,
        recurring_per_hour: 1.80,
    });
    mixed.shares = Shares {
        reserved: 0.6,
        spot: 0.0,
    };
    (plan, on_demand, mixed)
}

#[test]
fn founding_case_study_within_the_horizon() {
    let (plan, on_demand, mixed) = case_study();
    let pure = evaluate_option(&plan, &on_demand, None).unwrap();
    exact(pure.total, 320_000.0);
    assert_eq!(pure.month_hours.iter().sum::<f64>(), 2_190.0);
    let r = evaluate_option(&plan, &mixed, None).unwrap();
    assert_eq!(r.instances.reserved, 28.0, "⌈60,000 / 2,190⌉");
    exact(
        r.totals.reserved_upfront + r.totals.reserved_recurring + r.totals.reserved_idle,
        110_376.0,
    );
    exact(r.instances.reserved * 2_190.0, 61_320.0);
    exact(r.instances.on_demand * 2_190.0, 38_680.0);
    exact(r.totals.on_demand, 123_776.0);
    exact(r.total, 234_152.0);
    assert_eq!(
        format!("{:.1}", (1.0 - r.total / pure.total) * 100.0),
        "26.8"
    );
}

#[test]
fn founding_case_study_as_a_total_commitment() {
    let (plan, _, mixed) = case_study();
    let r = evaluate_option(&plan, &mixed, None).unwrap();
    let s = r.reserved.unwrap();
    exact(s.commitment, 1_324_512.0);
    exact(s.committed_after_horizon, 1_214_136.0);
    exact(r.total_with_commitment, 234_152.0 + 1_214_136.0);
    // The article's "38 % saved" needs about 1.17/GPU-hour reserved, reused after the project.
    let mut cheap = mixed.clone();
    cheap.reserved = Some(ReservedTerm {
        term_months: 36,
        upfront: 0.0,
        recurring_per_hour: 1.17,
    });
    let c = evaluate_option(&plan, &cheap, None).unwrap();
    // The article's arithmetic reserves exactly 60,000 h (fractional GPUs): 38 % saved.
    let article = 60_000.0 * 1.17 + 40_000.0 * 3.20;
    assert_eq!(format!("{:.0}", (1.0 - article / 320_000.0) * 100.0), "38");
    // With 28 whole reserved GPUs (61,320 h) the engine's in-horizon saving is 38.9 %.
    exact(c.total, 28.0 * 2_190.0 * 1.17 + 38_680.0 * 3.20);
    assert_eq!(
        format!("{:.1}", (1.0 - c.total / 320_000.0) * 100.0),
        "38.9"
    );
}

#[test]
fn interruption_formula() {
    assert_eq!(
        format!("{:.6}", expected_segment_hours(1.0, 0.01, 0.1)),
        "1.006022"
    );
    assert_eq!(
        format!("{:.6}", expected_segment_hours(2.0, 0.05, 0.25)),
        "2.129711"
    );
    assert_eq!(expected_segment_hours(1.5, 0.0, 0.1), 1.5);
    assert!((expected_segment_hours(1.5, 1e-12, 0.1) - 1.5).abs() < 1e-9);
}

#[test]
fn youngs_checkpoint_interval() {
    assert_eq!(
        format!("{:.3}", young_interval(0.1, 0.02).unwrap()),
        "3.162"
    );
}

#[test]
fn tco_example() {
    let s = OwnedServer {
        gpus: 8,
        purchase: 250_000.0,
        life_years: 3.0,
        residual: 0.10,
        kw: 6.5,
        pue: 1.3,
        price_per_kwh: 0.12,
        ops_per_month: 1_500.0,
    };
    assert_eq!(format!("{:.4}", s.per_server_hour()), "11.6304");
    assert_eq!(
        format!("{:.4}", s.per_used_gpu_hour(0.70).unwrap()),
        "2.0769"
    );
}

#[test]
fn gpu_count_zero_is_an_error_not_inf() {
    let e = evaluate(
        &fleet_plan(8, 24.0, 1),
        &[od(1.0, 0)],
        Currency::Usd,
        ExchangeRate::default(),
    )
    .unwrap_err();
    assert_eq!(e.field.to_string(), "options[0].gpus_per_instance");
}

#[test]
fn term_longer_than_the_horizon_shows_the_remainder() {
    let mut o = od(40.0, 1);
    o.reserved = Some(ReservedTerm {
        term_months: 12,
        upfront: 105_120.0,
        recurring_per_hour: 20.0,
    });
    o.shares = Shares {
        reserved: 1.0,
        spot: 0.0,
    };
    let r = evaluate_option(&fleet_plan(1, 24.0, 3), &o, None).unwrap();
    let s = r.reserved.unwrap();
    exact(r.total, 3.0 * 730.0 * 32.0);
    exact(s.committed_after_horizon, 9.0 * 730.0 * 32.0);
    exact(s.upfront_paid, 105_120.0);
}
