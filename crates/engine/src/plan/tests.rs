//! The plan's unit tests: fleet and job workloads, billing, shares, allowances, interruptions
//! and the results' invariants, and the Monte Carlo fast path against the full evaluation.

use super::*;
use crate::packages::Packages;
use crate::MonthConvention;

fn fleet(gpus: u32, h: f64, d: f64, months: u32) -> Plan {
    Plan {
        months: MonthLength::Fixed(MonthConvention::Hours730),
        horizon_months: Some(months),
        workload: Workload::Fleet(FleetLoad {
            gpus,
            hours_per_day: h,
            days_per_week: d,
            start_hour: 0,
        }),
        checkpointing: Checkpointing::default(),
        storage_gb: 0.0,
        egress_gb_per_month: 0.0,
        contingency_pct: 0.0,
        buy: None,
    }
}

fn od(price: f64, gpi: u32) -> OptionSpec {
    OptionSpec::on_demand("t", Currency::Usd, price, gpi, Billing::UNSTATED)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

#[test]
fn idle_reserved_capacity_is_shown_not_hidden() {
    let mut o = od(4.0, 1);
    o.reserved = Some(ReservedTerm {
        term_months: 12,
        upfront: 0.0,
        recurring_per_hour: 2.0,
    });
    o.shares.reserved = 1.0;
    // Used 12 h a day: half of the reservation is idle.
    let r = evaluate_option(&fleet(1, 12.0, 7.0, 12), &o, None).unwrap();
    assert!(close(r.totals.reserved_recurring, 2.0 * 4_380.0));
    assert!(close(r.totals.reserved_idle, 2.0 * 4_380.0));
    assert!(close(r.total, 2.0 * 8_760.0));
    let s = r.reserved.unwrap();
    assert!(close(s.break_even_utilisation.unwrap(), 0.5));
    assert_eq!(s.payment, Payment::NoUpfront);
    // A reserved rate above on-demand is flagged.
    o.reserved = Some(ReservedTerm {
        term_months: 12,
        upfront: 0.0,
        recurring_per_hour: 5.0,
    });
    let r = evaluate_option(&fleet(1, 24.0, 7.0, 12), &o, None).unwrap();
    assert!(r.reserved.unwrap().above_on_demand);
}

#[test]
fn spot_hours_above_the_cap_fall_back_to_on_demand_in_a_fleet() {
    let mut o = od(3.0, 1);
    let mut prices = Schedule::flat(1.0);
    prices.per_hour[0] = 9.0;
    o.spot = Some(SpotMarket {
        prices,
        bid_cap: Some(2.0),
        interruptions_per_hour: 0.0,
    });
    o.shares.spot = 1.0;
    // 2 h a day from 00:00: hour 0 above the cap (on-demand 3.00), hour 1 spot at 1.00.
    let r = evaluate_option(&fleet(1, 2.0, 7.0, 1), &o, None).unwrap();
    let days = 730.0 / 24.0;
    assert!(close(r.totals.spot, days * 1.0));
    assert!(close(r.totals.on_demand, days * 3.0));
}

#[test]
fn shiftable_job_runs_in_cheap_hours_and_takes_longer() {
    let plan = Plan {
        horizon_months: None,
        workload: Workload::Job(JobLoad {
            gpu_hours: 240.0,
            size: JobSize::Gpus(1),
            scaling_efficiency: 1.0,
        }),
        ..fleet(1, 24.0, 7.0, 1)
    };
    let mut o = od(1.0, 1);
    o.on_demand = Some(Schedule::peak_off_peak(FieldPath::ROOT, 3.0, 1.0, 6, 18).unwrap());
    let now = evaluate_option(&plan, &o, None).unwrap();
    assert!(close(now.finish_hours.unwrap(), 240.0));
    assert!(close(now.total, 240.0 * 2.0));
    o.shiftable = true;
    let shifted = evaluate_option(&plan, &o, None).unwrap();
    assert!(close(shifted.finish_hours.unwrap(), 480.0));
    assert!(close(shifted.total, 240.0));
    assert_eq!(shifted.per_job, Some(shifted.total));
}

#[test]
fn free_gpu_hours_leave_spot_rework_alone() {
    let mut o = od(2.0, 1);
    o.spot = Some(SpotMarket {
        prices: Schedule::flat(1.0),
        bid_cap: None,
        interruptions_per_hour: 0.1,
    });
    o.shares.spot = 0.5;
    o.free_gpu_hours = Allowance {
        monthly: 1e9,
        once: 0.0,
    };
    let mut plan = fleet(2, 24.0, 7.0, 1);
    plan.checkpointing = Checkpointing {
        interval_hours: Some(1.0),
        write_hours: 0.0,
        restart_hours: 0.1,
    };
    let r = evaluate_option(&plan, &o, None).unwrap();
    assert_eq!(r.totals.on_demand, 0.0, "all on-demand hours are free");
    assert!(r.totals.spot > 0.0);
    assert!(r.totals.rework > 0.0, "spot rework is still billed");
}

#[test]
fn zero_hours_give_n_a_not_nan() {
    let r = evaluate_option(&fleet(8, 0.0, 7.0, 3), &od(10.0, 8), None).unwrap();
    assert_eq!(r.total, 0.0);
    assert_eq!(r.per_used_gpu_hour, None);
    assert_eq!(r.per_job, None);
}

#[test]
fn job_without_horizon_runs_until_it_finishes_and_with_one_may_not() {
    let mut plan = Plan {
        horizon_months: None,
        workload: Workload::Job(JobLoad {
            gpu_hours: 1_000.0,
            size: JobSize::Gpus(1),
            scaling_efficiency: 1.0,
        }),
        ..fleet(1, 24.0, 7.0, 1)
    };
    let r = evaluate_option(&plan, &od(1.0, 1), None).unwrap();
    assert_eq!(r.month_hours.len(), 2);
    assert!(close(r.finish_months.unwrap(), 1_000.0 / 730.0));
    assert!(close(r.total, 1_000.0));
    plan.horizon_months = Some(1);
    let r = evaluate_option(&plan, &od(1.0, 1), None).unwrap();
    assert!(close(r.total, 730.0));
    assert_eq!(r.per_job, None, "not finished within the horizon");
}

#[test]
fn validation_names_fields() {
    let mut o = od(1.0, 1);
    o.shares.spot = 0.5;
    assert_eq!(
        o.validate(FieldPath::option(3))
            .unwrap_err()
            .field
            .to_string(),
        "options[3].portfolio.spot"
    );
    let mut p = fleet(1, 24.0, 7.0, 1);
    p.contingency_pct = f64::NAN;
    assert_eq!(
        p.validate().unwrap_err().field.to_string(),
        "contingency_pct"
    );
    p = fleet(1, 24.0, 7.0, 1);
    p.horizon_months = None;
    assert_eq!(
        p.validate().unwrap_err().field.to_string(),
        "horizon_months"
    );
}

#[test]
fn fleet_fast_path_agrees_with_the_full_evaluation() {
    let mut plan = fleet(20, 10.0, 5.0, 14);
    plan.storage_gb = 100.0;
    plan.egress_gb_per_month = 30.0;
    plan.contingency_pct = 12.0;
    plan.checkpointing = Checkpointing {
        interval_hours: Some(1.5),
        write_hours: 0.1,
        restart_hours: 0.2,
    };
    let mut o = od(6.0, 4);
    o.billing = Billing {
        granularity_seconds: Some(3600),
        minimum_seconds: 0,
    };
    o.reserved = Some(ReservedTerm {
        term_months: 12,
        upfront: 1_000.0,
        recurring_per_hour: 2.0,
    });
    let mut spot = Schedule::flat(2.0);
    spot.per_hour[3] = 9.0;
    o.spot = Some(SpotMarket {
        prices: spot,
        bid_cap: Some(5.0),
        interruptions_per_hour: 0.05,
    });
    o.shares = Shares {
        reserved: 0.3,
        spot: 0.4,
    };
    o.failures_per_hour = 0.01;
    o.free_gpu_hours = Allowance {
        monthly: 50.0,
        once: 400.0,
    };
    o.storage_per_gb_month = 0.1;
    o.egress_per_gb = 0.05;
    for sp in [
        None,
        Some(SavingsPlan {
            commitment_per_hour: 4.0,
            plan_per_hour: 4.5,
            term_months: 12,
        }),
    ] {
        o.savings_plan = sp;
        fast_path_agrees(&plan, &o);
    }
    o.support = Some(SupportPlan {
        minimum: 100.0,
        tiers: vec![
            crate::support::SupportTier {
                up_to: Some(10_000.0),
                pct: 10.0,
            },
            crate::support::SupportTier {
                up_to: None,
                pct: 7.0,
            },
        ],
    });
    fast_path_agrees(&plan, &o);
}

fn fast_path_agrees(plan: &Plan, o: &OptionSpec) {
    let (plan, o) = (plan.clone(), o.clone());
    let p = prepare(&plan, &o, FieldPath::option(0)).unwrap();
    let base = evaluate_prepared(&plan, &o, &p, None, FieldPath::option(0)).unwrap();
    let mut out = Vec::new();
    for k in [
        p.closed,
        Overheads {
            reserved: 1.0,
            spot: 1.3,
            on_demand: 1.07,
        },
        Overheads {
            reserved: 1.2,
            spot: 1.0,
            on_demand: 1.6,
        },
    ] {
        let full = evaluate_prepared(&plan, &o, &p, Some(k), FieldPath::option(0)).unwrap();
        p.fleet_cumulative(&plan, &o, &base, p.fleet_day(&plan, &o, k), &mut out);
        assert_eq!(out.len(), full.cumulative.len());
        for (a, b) in out.iter().zip(&full.cumulative) {
            assert!(close(*a, b.total()), "{a} vs {}", b.total());
        }
    }
}

/// The Monte Carlo's fleet fast path against the full evaluation, on random options and
/// overheads (native only: proptest is not built for wasm32).
#[cfg(not(target_arch = "wasm32"))]
mod fast_path_properties {
    use super::*;
    use crate::MonthConvention;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        #[test]
        fn fleet_fast_path_equals_full_evaluation(
            (h, d, gpus, months) in (0.0f64..24.0, 0.0f64..7.0, 1u32..50, 1u32..40),
            (price, gpi, gran, min) in (0.1f64..50.0, 1u32..9, prop::option::of(prop::sample::select(vec![1u32, 60, 3600])), 0u32..120),
            (res, rs, spot_cap, ss) in (prop::option::of((1u32..25, 0.0f64..5_000.0, 0.1f64..20.0)), 0.0f64..0.7, prop::option::of(0.5f64..4.0), 0.0f64..0.3),
            (free_m, free_o, pkg, pct) in (0.0f64..200.0, 0.0f64..500.0, prop::option::of(100.0f64..5_000.0), 0.0f64..30.0),
            (ko, ks, kr) in (1.0f64..2.0, 1.0f64..2.0, 1.0f64..2.0),
        ) {
            let plan = Plan {
                months: MonthLength::Fixed(MonthConvention::Hours730),
                horizon_months: Some(months),
                workload: Workload::Fleet(FleetLoad { gpus, hours_per_day: h, days_per_week: d, start_hour: 5 }),
                checkpointing: Checkpointing::default(),
                storage_gb: 40.0,
                egress_gb_per_month: 10.0,
                contingency_pct: pct,
                buy: None,
            };
            let mut o = OptionSpec::on_demand("p", Currency::Usd, price, gpi, Billing { granularity_seconds: gran, minimum_seconds: min });
            o.reserved = res.map(|(t, u, r)| ReservedTerm { term_months: t, upfront: u, recurring_per_hour: r });
            let mut sp = Schedule::flat(1.0);
            sp.per_hour[7] = 3.0;
            o.spot = Some(SpotMarket { prices: sp, bid_cap: spot_cap, interruptions_per_hour: 0.01 });
            o.shares = Shares { reserved: if o.reserved.is_some() { rs } else { 0.0 }, spot: ss };
            o.free_gpu_hours = Allowance { monthly: free_m, once: free_o };
            o.package_per_instance_month = pkg;
            o.storage_per_gb_month = 0.02;
            o.egress_per_gb = 0.1;
            prop_assume!(o.validate(FieldPath::option(0)).is_ok());
            let p = prepare(&plan, &o, FieldPath::option(0)).unwrap();
            let base = evaluate_prepared(&plan, &o, &p, None, FieldPath::option(0)).unwrap();
            let k = Overheads { reserved: kr, spot: ks, on_demand: ko };
            let full = evaluate_prepared(&plan, &o, &p, Some(k), FieldPath::option(0)).unwrap();
            let mut out = Vec::new();
            p.fleet_cumulative(&plan, &o, &base, p.fleet_day(&plan, &o, k), &mut out);
            prop_assert_eq!(out.len(), full.cumulative.len());
            for (a, b) in out.iter().zip(&full.cumulative) {
                prop_assert!((a - b.total()).abs() <= 1e-9 * b.total().abs().max(1.0), "{} vs {}", a, b.total());
            }
        }
    }
}

/// Issue 18's savings-plan example on a fleet: commitment 20.00/h, 32.77 on demand, 21.30 under
/// the plan. All day: 22.00005 an hour; 12 h a day: 504.00 a day against 393.24 on demand, so
/// the plan is flagged; the commitment is owed for the rest of its 12-month term.
#[test]
fn savings_plan_issue_example() {
    let mut o = od(32.77, 8);
    o.savings_plan = Some(SavingsPlan {
        commitment_per_hour: 20.0,
        plan_per_hour: 21.30,
        term_months: 12,
    });
    let days = 730.0 / 24.0;
    let all_day = evaluate_option(&fleet(8, 24.0, 7.0, 1), &o, None).unwrap();
    assert!(close(
        all_day.total / 730.0,
        20.0 + (1.0 - 20.0 / 21.30) * 32.77
    ));
    assert!(close(all_day.totals.savings_plan, 20.0 * 730.0));
    assert!(all_day.totals.savings_plan_unused.abs() < 1e-9);
    let s = all_day.savings_plan.unwrap();
    assert!(!s.above_on_demand);
    assert!(close(s.committed_after_horizon, 11.0 * 730.0 * 20.0));
    assert!(close(
        all_day.total_with_commitment,
        all_day.total + 11.0 * 730.0 * 20.0
    ));
    // The result's owed-after figure (what charts and tables show) counts the plan's too.
    assert!(close(
        all_day.committed_after_horizon(),
        11.0 * 730.0 * 20.0
    ));

    let half = evaluate_option(&fleet(8, 12.0, 7.0, 1), &o, None).unwrap();
    assert!(
        (half.total / days - 504.00).abs() < 0.005,
        "{}",
        half.total / days
    );
    assert!(close(half.totals.savings_plan_unused, 12.0 * 20.0 * days));
    let s = half.savings_plan.unwrap();
    assert!((s.on_demand_equivalent / days - 393.24).abs() < 1e-9);
    assert!(s.above_on_demand);
    assert!(close(s.break_even_utilisation.unwrap(), 21.30 / 32.77));
    assert!(close(s.covered_share, 20.0 / 21.30));

    // Without a plan the same fleet costs 393.24 a day: the plan is an addition, off by default.
    let plain = evaluate_option(&fleet(8, 12.0, 7.0, 1), &od(32.77, 8), None).unwrap();
    assert!(close(plain.total / days, 393.24));
    assert_eq!(plain.savings_plan, None);
}

/// Issue 18's support example inside a plan: a month of 16,029.08 in other charges adds
/// 1,422.04, and contingency applies on top of it.
#[test]
fn support_plan_issue_example() {
    // 16,029.08 of on-demand in one 730 h month: one instance all month at 16,029.08 / 730.
    let mut o = od(16_029.08 / 730.0, 1);
    o.support = Some(SupportPlan {
        minimum: 100.0,
        tiers: vec![
            crate::support::SupportTier {
                up_to: Some(10_000.0),
                pct: 10.0,
            },
            crate::support::SupportTier {
                up_to: Some(80_000.0),
                pct: 7.0,
            },
        ],
    });
    let mut plan = fleet(1, 24.0, 7.0, 2);
    let r = evaluate_option(&plan, &o, None).unwrap();
    assert!((r.monthly[0].on_demand - 16_029.08).abs() < 1e-6);
    assert!(
        (r.monthly[0].support - 1_422.04).abs() < 0.005,
        "{}",
        r.monthly[0].support
    );
    plan.contingency_pct = 10.0;
    let r = evaluate_option(&plan, &o, None).unwrap();
    let m = r.monthly[0];
    assert!(close(m.contingency, 0.1 * (m.on_demand + m.support)));
    // Without the plan: no support line.
    o.support = None;
    assert_eq!(
        evaluate_option(&plan, &o, None).unwrap().totals.support,
        0.0
    );
}

/// Issue 18's package examples in a plan (720 h months = 30 days): 2.00/h, 40.00/day,
/// 250.00/week, 900.00/month; 24 h a day → one month package, 900.00 (hourly 1,440.00);
/// 8 h a day → hourly, 480.00.
#[test]
fn packages_issue_example() {
    let mut o = od(2.0, 1);
    o.packages = Some(Packages {
        per_day: Some(40.0),
        per_week: Some(250.0),
        per_month: Some(900.0),
        per_year: None,
    });
    let mut plan = fleet(1, 24.0, 7.0, 1);
    plan.months = MonthLength::Fixed(MonthConvention::Hours720);
    let r = evaluate_option(&plan, &o, None).unwrap();
    assert!(close(r.total, 900.0), "{}", r.total);
    assert!(close(r.totals.package, 900.0));
    let p = r.packages.clone().unwrap();
    assert_eq!((p.day, p.week, p.month, p.year), (0, 0, 1, 0));
    assert!(close(p.all_hourly, 1_440.0) && !p.hourly_is_cheapest);
    let plan8 = Plan {
        workload: Workload::Fleet(FleetLoad {
            gpus: 1,
            hours_per_day: 8.0,
            days_per_week: 7.0,
            start_hour: 0,
        }),
        ..plan.clone()
    };
    let r = evaluate_option(&plan8, &o, None).unwrap();
    assert!(close(r.total, 480.0), "{}", r.total);
    assert!(close(r.totals.on_demand, 480.0) && r.totals.package == 0.0);
    assert!(r.packages.unwrap().hourly_is_cheapest);
    // The fast path of the Monte Carlo agrees with the full evaluation.
    fast_path_agrees(&plan, &o);
}

/// Settlement rounding in a plan: 1.98/h for 1 h 10 min 30 s a day from 11:00 settles 1.98 +
/// 0.35 = 2.33 a day (exact 2.3265), per instance; without the rule the exact cost.
#[test]
fn settlement_rounds_each_settlement_of_the_daily_run() {
    let mut o = od(1.98, 1);
    o.settlement = Some(crate::settlement::Settlement {
        period_seconds: 3600,
        unit: 0.01,
        round_up: true,
    });
    let mut plan = fleet(2, 1.175, 7.0, 1);
    plan.months = MonthLength::Fixed(MonthConvention::Hours720);
    if let Workload::Fleet(f) = &mut plan.workload {
        f.start_hour = 11;
    }
    let r = evaluate_option(&plan, &o, None).unwrap();
    assert!(close(r.total, 2.0 * 30.0 * 2.33), "{}", r.total);
    o.settlement = None;
    let r = evaluate_option(&plan, &o, None).unwrap();
    assert!(close(r.total, 2.0 * 30.0 * 1.98 * 1.175), "{}", r.total);
    o.settlement = Some(crate::settlement::Settlement {
        period_seconds: 3600,
        unit: 0.01,
        round_up: true,
    });
    fast_path_agrees(&plan, &o);
}

/// Issue 18's example of what is billed while nothing runs: a 100 h job in a one-month
/// horizon, 500 GB at 0.10 per GB-month: 6.85 when storage follows the running time, 50.00
/// when the provider bills it while stopped.
#[test]
fn storage_billed_while_stopped_issue_example() {
    let mut plan = fleet(1, 24.0, 7.0, 1);
    plan.workload = Workload::Job(JobLoad {
        gpu_hours: 100.0,
        size: JobSize::Gpus(1),
        scaling_efficiency: 1.0,
    });
    plan.storage_gb = 500.0;
    let mut o = od(2.0, 1);
    o.storage_per_gb_month = 0.1;
    let r = evaluate_option(&plan, &o, None).unwrap();
    assert!(
        (r.totals.storage - 6.85).abs() < 0.005,
        "{}",
        r.totals.storage
    );
    o.storage_billed_while_stopped = true;
    let r = evaluate_option(&plan, &o, None).unwrap();
    assert!(close(r.totals.storage, 50.0), "{}", r.totals.storage);
}

/// `split` in fleet mode: (reserved, spot, on-demand) instances of `gpus` GPUs on
/// `per_instance`-GPU instances with the given shares.
fn fleet_split(reserved: f64, spot: f64, gpus: u32, per_instance: u32) -> (f64, f64, f64) {
    let s = split(
        Shares { reserved, spot },
        true,
        f64::from(gpus),
        per_instance,
        true,
    );
    (
        s.instances.reserved,
        s.instances.spot,
        s.instances.on_demand,
    )
}

#[test]
fn a_fleet_splits_whole_instances_between_classes() {
    // Half of one 8-GPU instance on spot: that instance on spot, not one of each.
    assert_eq!(fleet_split(0.0, 0.5, 8, 8), (0.0, 1.0, 0.0));
    // Below half of it: the instance stays on demand.
    assert_eq!(fleet_split(0.0, 0.4, 8, 8), (0.0, 0.0, 1.0));
    // 50 % reserved and 25 % spot of 16 GPUs on 8-GPU instances: 1 reserved and 1 spot
    // instance (a class taking part of an instance billed 3).
    assert_eq!(fleet_split(0.5, 0.25, 16, 8), (1.0, 1.0, 0.0));
    // All spot of 10 GPUs: both instances on spot, none on demand for the 2 left over.
    assert_eq!(fleet_split(0.0, 1.0, 10, 8), (0.0, 2.0, 0.0));
    // 30 % of 8 instances is 2.4: 2 on spot, 6 on demand.
    assert_eq!(fleet_split(0.0, 0.3, 64, 8), (0.0, 2.0, 6.0));
    // 35 % of 10 instances is 3.5 (3.4999999999999996 in binary): the half goes to spot.
    assert_eq!(fleet_split(0.0, 0.35, 80, 8), (0.0, 4.0, 6.0));
    // Spot never takes instances the reserved ones hold: 60 % reserved of 8 GPUs is the one
    // instance.
    assert_eq!(fleet_split(0.6, 0.4, 8, 8), (1.0, 0.0, 0.0));
    // Whatever the shares, the fleet rents ⌈GPUs / GPUs per instance⌉ instances.
    for gpus in 1..=40 {
        for per_instance in [1, 2, 4, 8] {
            for r in 0..=10 {
                for s in 0..=(10 - r) {
                    let (nr, ns, no) =
                        fleet_split(f64::from(r) / 10.0, f64::from(s) / 10.0, gpus, per_instance);
                    assert_eq!(
                        nr + ns + no,
                        f64::from(gpus.div_ceil(per_instance)),
                        "{gpus} GPUs on {per_instance}-GPU instances, shares {r}/{s} tenths"
                    );
                    for n in [nr, ns, no] {
                        assert_eq!(n, n.trunc(), "whole instances");
                    }
                }
            }
        }
    }
}

#[test]
fn a_job_splits_its_gpus_pro_rata() {
    let s = split(
        Shares {
            reserved: 0.0,
            spot: 0.5,
        },
        false,
        8.0,
        8,
        false,
    );
    assert_eq!((s.instances.spot, s.instances.on_demand), (0.5, 0.5));
    assert_eq!((s.spot_gpus, s.on_demand_gpus), (4.0, 4.0));
}

#[test]
fn a_spot_share_of_one_instance_is_not_billed_as_two() {
    // 8 GPUs on one 8-GPU instance, 50 % spot: the instance runs on spot, so the option costs
    // less than all on-demand (it cost one on-demand plus one spot instance before).
    let plan = fleet(8, 24.0, 7.0, 1);
    let on_demand = evaluate_option(&plan, &od(32.77, 8), None).unwrap();
    let mut o = od(32.77, 8);
    o.spot = Some(SpotMarket {
        prices: Schedule::flat(11.5),
        bid_cap: None,
        interruptions_per_hour: 0.0,
    });
    o.shares.spot = 0.5;
    let r = evaluate_option(&plan, &o, None).unwrap();
    assert_eq!((r.instances.spot, r.instances.on_demand), (1.0, 0.0));
    assert!(close(r.totals.spot, 730.0 * 11.5), "{}", r.totals.spot);
    assert!(close(r.totals.on_demand, 0.0));
    assert!(r.totals.total() < on_demand.totals.total());
}

#[test]
fn a_job_that_never_finishes_says_how_many_gpus_and_how_much_overhead() {
    // 1e8 reference GPU-hours within 3 months needs about 45,662 GPUs; with failures at
    // 0.003 per instance-hour on 8-GPU instances the whole job restarts about 17 times an
    // hour, and the running time grows past the longest plan.
    let mut plan = Plan {
        horizon_months: None,
        workload: Workload::Job(JobLoad {
            gpu_hours: 1e8,
            size: JobSize::WithinMonths(3.0),
            scaling_efficiency: 1.0,
        }),
        ..fleet(1, 24.0, 7.0, 1)
    };
    plan.checkpointing.write_hours = 0.1;
    plan.checkpointing.restart_hours = 0.25;
    let mut o = od(32.77, 8);
    o.failures_per_hour = 0.003;
    let e = match evaluate_option(&plan, &o, None) {
        Err(e) => e,
        Ok(r) => panic!("finishes in {:?} months", r.finish_months),
    };
    match e.problem {
        Problem::NeverFinishes {
            months,
            gpus,
            overhead,
        } => {
            assert_eq!(months, MAX_PLAN_MONTHS);
            assert!(close(gpus, 1e8 / (3.0 * 730.0)), "{gpus}");
            assert!(overhead > f64::from(MAX_PLAN_MONTHS) / 3.0, "{overhead}");
        }
        p => panic!("{p:?}"),
    }
    assert!(e.to_string().contains(
        "45662.1 GPUs run at once and interruptions, restarts and checkpoint writes make it run"
    ));
}

#[test]
fn the_suggested_interval_is_the_one_used_when_none_is_given() {
    // A job on 8 spot instances of 8 GPUs restarts whole when any of them is interrupted:
    // λ = 8 × 0.05 = 0.4 per hour, so Young's interval is √(2 × 0.1 / 0.4) = 0.7071 h, not the
    // one instance's √(2 × 0.1 / 0.05) = 2 h.
    let mut o = od(8.0, 8);
    o.spot = Some(SpotMarket {
        prices: Schedule::flat(3.0),
        bid_cap: None,
        interruptions_per_hour: 0.05,
    });
    o.shares.spot = 1.0;
    let checkpoint = |interval_hours| Checkpointing {
        interval_hours,
        write_hours: 0.1,
        restart_hours: 0.25,
    };
    let job = Plan {
        horizon_months: None,
        workload: Workload::Job(JobLoad {
            gpu_hours: 50_000.0,
            size: JobSize::Gpus(64),
            scaling_efficiency: 1.0,
        }),
        checkpointing: checkpoint(None),
        ..fleet(64, 24.0, 7.0, 1)
    };
    let auto = evaluate_option(&job, &o, None).unwrap();
    let young = auto.suggested_checkpoint_hours.unwrap();
    assert!(close(young, 0.5_f64.sqrt()), "{young}");
    let typed = Plan {
        checkpointing: checkpoint(Some(young)),
        ..job
    };
    let typed = evaluate_option(&typed, &o, None).unwrap();
    assert!(
        close(typed.total, auto.total),
        "{} vs {}",
        typed.total,
        auto.total
    );
    // A fleet's runs are per instance: the same option's interval is the instance's, 2 h.
    let fleet_plan = Plan {
        checkpointing: checkpoint(None),
        ..fleet(64, 24.0, 7.0, 1)
    };
    let r = evaluate_option(&fleet_plan, &o, None).unwrap();
    assert!(close(r.suggested_checkpoint_hours.unwrap(), 2.0));
}
