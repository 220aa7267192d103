//! Property tests (proptest) of the engine's invariants: cumulative cost never decreases; more
//! hours never cost less; a 100 % on-demand portfolio equals the on-demand mode; λ → 0 reduces
//! to the no-interruption cost; conversion then inverse conversion returns the original; the
//! Monte-Carlo mean converges to the closed form; and no input panics.
#![cfg(not(target_arch = "wasm32"))]

use planner_core::file;
use planner_engine::billing::{Allowance, ReservedTerm, Schedule, SpotMarket};
use planner_engine::plan::{
    evaluate_option, FleetLoad, JobLoad, JobSize, OptionSpec, Plan, Shares, Workload,
};
use planner_engine::risk::{
    expected_run_hours, expected_segment_hours, simulate_run_hours, Checkpointing,
};
use planner_engine::{Billing, Currency};
use planner_engine::{ExchangeRate, MonthConvention, MonthLength};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn billing() -> impl Strategy<Value = Billing> {
    prop_oneof![
        Just(Billing::UNSTATED),
        Just(Billing {
            granularity_seconds: Some(1),
            minimum_seconds: 60
        }),
        Just(Billing {
            granularity_seconds: Some(60),
            minimum_seconds: 60
        }),
        Just(Billing {
            granularity_seconds: Some(3600),
            minimum_seconds: 0
        }),
    ]
}

/// An option exercising every mode, with valid values.
fn option() -> impl Strategy<Value = OptionSpec> {
    (
        (
            0.05f64..100.0,
            1u32..9,
            billing(),
            any::<bool>(),
            any::<bool>(),
        ),
        (
            prop::option::of((1u32..37, 0.0f64..50_000.0, 0.01f64..50.0)),
            prop::option::of((0.01f64..50.0, prop::option::of(0.01f64..60.0), 0.0f64..0.1)),
            0.0f64..0.6,
            0.0f64..0.4,
        ),
        (
            0.0f64..0.02,
            0.0f64..100.0,
            0.0f64..200.0,
            0.0f64..0.3,
            0.0f64..0.2,
        ),
    )
        .prop_map(
            |(
                (price, gpi, billing, peak, shift),
                (res, spot, rs, ss),
                (fail, free_m, free_o, st, eg),
            )| {
                let mut o = OptionSpec::on_demand("p", Currency::Usd, price, gpi, billing);
                if peak {
                    o.on_demand = Schedule::peak_off_peak(
                        planner_engine::FieldPath::ROOT,
                        price * 1.7,
                        price,
                        8,
                        22,
                    )
                    .ok();
                    o.shiftable = shift;
                }
                o.reserved = res.map(|(term_months, upfront, rec)| ReservedTerm {
                    term_months,
                    upfront,
                    recurring_per_hour: rec,
                });
                o.spot = spot.map(|(p, cap, rate)| {
                    let mut prices = Schedule::flat(p);
                    prices.per_hour[15] = p * 3.0;
                    SpotMarket {
                        prices,
                        bid_cap: cap.map(|c| c.max(p)),
                        interruptions_per_hour: rate,
                    }
                });
                o.shares = Shares {
                    reserved: if o.reserved.is_some() { rs } else { 0.0 },
                    spot: if o.spot.is_some() { ss } else { 0.0 },
                };
                o.failures_per_hour = fail;
                o.free_gpu_hours = Allowance {
                    monthly: free_m,
                    once: free_o,
                };
                o.storage_per_gb_month = st;
                o.egress_per_gb = eg;
                o
            },
        )
}

fn checkpointing() -> impl Strategy<Value = Checkpointing> {
    (prop::option::of(0.2f64..6.0), 0.0f64..0.3, 0.0f64..1.0).prop_map(|(i, c, r)| Checkpointing {
        interval_hours: i,
        write_hours: c,
        restart_hours: r,
    })
}

fn fleet_plan(h: f64, d: f64, gpus: u32, months: u32, ck: Checkpointing) -> Plan {
    Plan {
        months: MonthLength::Fixed(MonthConvention::Hours730),
        horizon_months: Some(months),
        workload: Workload::Fleet(FleetLoad {
            gpus,
            hours_per_day: h,
            days_per_week: d,
            start_hour: 3,
        }),
        checkpointing: ck,
        storage_gb: 100.0,
        egress_gb_per_month: 50.0,
        contingency_pct: 10.0,
        buy: None,
    }
}

fn job_plan(w: f64, gpus: u32, ck: Checkpointing) -> Plan {
    Plan {
        horizon_months: None,
        workload: Workload::Job(JobLoad {
            gpu_hours: w,
            size: JobSize::Gpus(gpus),
            scaling_efficiency: 0.9,
        }),
        ..fleet_plan(24.0, 7.0, 1, 1, ck)
    }
}

fn non_decreasing(v: &[f64]) -> bool {
    v.windows(2)
        .all(|w| w[1] >= w[0] - 1e-9 * w[0].abs().max(1.0))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn cumulative_cost_never_decreases(
        o in option(), ck in checkpointing(), h in 0.0f64..24.0, d in 0.0f64..7.0,
        gpus in 1u32..40, months in 1u32..40, job in any::<bool>(), w in 1.0f64..50_000.0,
    ) {
        let plan = if job { job_plan(w, gpus, ck) } else { fleet_plan(h, d, gpus, months, ck) };
        prop_assume!(o.validate(planner_engine::FieldPath::option(0)).is_ok());
        if let Ok(r) = evaluate_option(&plan, &o, None) {
            let totals: Vec<f64> = r.cumulative.iter().map(|c| c.total()).collect();
            prop_assert!(non_decreasing(&totals), "{totals:?}");
            for i in 0..10 {
                let comp: Vec<f64> = r.cumulative.iter().map(|c| c.values()[i]).collect();
                prop_assert!(non_decreasing(&comp), "component {i}: {comp:?}");
            }
            prop_assert!(r.total.is_finite() && r.total >= 0.0);
            prop_assert!((r.total - totals.last().copied().unwrap_or(0.0)).abs() <= 1e-6 * r.total.max(1.0));
        }
    }

    #[test]
    fn more_hours_never_cost_less(
        o in option(), ck in checkpointing(), h1 in 0.0f64..24.0, h2 in 0.0f64..24.0,
        d1 in 0.0f64..7.0, d2 in 0.0f64..7.0, gpus in 1u32..40, months in 1u32..24,
    ) {
        prop_assume!(o.validate(planner_engine::FieldPath::option(0)).is_ok());
        let (h1, h2) = (h1.min(h2), h1.max(h2));
        let (d1, d2) = (d1.min(d2), d1.max(d2));
        let a = evaluate_option(&fleet_plan(h1, d1, gpus, months, ck), &o, None);
        let b = evaluate_option(&fleet_plan(h2, d2, gpus, months, ck), &o, None);
        if let (Ok(a), Ok(b)) = (a, b) {
            prop_assert!(b.total >= a.total - 1e-9 * a.total.max(1.0), "{} h {} d: {} > {} h {} d: {}", h1, d1, a.total, h2, d2, b.total);
        }
    }

    #[test]
    fn more_work_never_costs_less(
        o in option(), ck in checkpointing(), w1 in 1.0f64..50_000.0, w2 in 1.0f64..50_000.0,
        gpus in 1u32..40,
    ) {
        prop_assume!(o.validate(planner_engine::FieldPath::option(0)).is_ok());
        let (w1, w2) = (w1.min(w2), w1.max(w2));
        let a = evaluate_option(&job_plan(w1, gpus, ck), &o, None);
        let b = evaluate_option(&job_plan(w2, gpus, ck), &o, None);
        if let (Ok(a), Ok(b)) = (a, b) {
            prop_assert!(b.total >= a.total - 1e-9 * a.total.max(1.0), "{w1}: {} > {w2}: {}", a.total, b.total);
        }
    }

    #[test]
    fn full_on_demand_portfolio_equals_on_demand_mode(
        price in 0.01f64..100.0, gpi in 1u32..9, b in billing(), h in 0.0f64..24.0,
        gpus in 1u32..100, months in 1u32..60,
    ) {
        let mut o = OptionSpec::on_demand("p", Currency::Usd, price, gpi, b);
        o.reserved = Some(ReservedTerm { term_months: 12, upfront: 1000.0, recurring_per_hour: price / 2.0 });
        o.spot = Some(SpotMarket { prices: Schedule::flat(price / 3.0), bid_cap: None, interruptions_per_hour: 0.05 });
        o.shares = Shares { reserved: 0.0, spot: 0.0 };
        let plan = Plan { storage_gb: 0.0, egress_gb_per_month: 0.0, contingency_pct: 0.0,
            ..fleet_plan(h, 7.0, gpus, months, Checkpointing::default()) };
        let portfolio = evaluate_option(&plan, &o, None).unwrap();
        // The same fleet costed as a plain on-demand option: no reserved or spot prices at all,
        // the plan the app's on-demand figures use (7 days a week from midnight, nothing else).
        let on_demand_plan = Plan { workload: Workload::Fleet(FleetLoad {
            gpus, hours_per_day: h, days_per_week: 7.0, start_hour: 0 }), ..plan.clone() };
        let direct = evaluate_option(&on_demand_plan, &OptionSpec::on_demand("p", Currency::Usd, price, gpi, b), None).unwrap();
        prop_assert!((portfolio.total - direct.total).abs() <= 1e-9 * direct.total.max(1.0));
        // Independent arithmetic: instances × days × billed hours per run × price.
        let billed = planner_engine::billing::billed_hours_per_run(h, b);
        let want = f64::from(gpus.div_ceil(gpi)) * 730.0 / 24.0 * billed * price * f64::from(months);
        prop_assert!((portfolio.total - want).abs() <= 1e-9 * want.max(1.0), "{} vs {}", portfolio.total, want);
    }

    #[test]
    fn lambda_to_zero_is_the_no_interruption_cost(
        o in option(), h in 0.5f64..24.0, gpus in 1u32..40, months in 1u32..12, job in any::<bool>(),
        s in 0.01f64..100.0, r in 0.0f64..2.0,
    ) {
        prop_assert!((expected_segment_hours(s, 1e-13, r) - s).abs() <= 1e-9 * s);
        prop_assert_eq!(expected_segment_hours(s, 0.0, r), s);
        let mut o = o;
        o.spot = None;
        o.shares.spot = 0.0;
        // Billing granularity is a step function of billed time: any overhead, however small,
        // can round up one more granule. The limit is about the interruption formula, so time
        // is billed exactly here.
        o.billing = Billing::UNSTATED;
        prop_assume!(o.validate(planner_engine::FieldPath::option(0)).is_ok());
        let ck = Checkpointing { interval_hours: Some(2.0), write_hours: 0.0, restart_hours: 0.5 };
        let plan = if job { job_plan(5_000.0, gpus, ck) } else { fleet_plan(h, 7.0, gpus, months, ck) };
        let mut tiny = o.clone();
        tiny.failures_per_hour = 1e-12;
        let mut none = o;
        none.failures_per_hour = 0.0;
        let (a, b) = (evaluate_option(&plan, &tiny, None), evaluate_option(&plan, &none, None));
        if let (Ok(a), Ok(b)) = (a, b) {
            prop_assert!((a.total - b.total).abs() <= 1e-6 * b.total.max(1.0), "{} vs {}", a.total, b.total);
            prop_assert_eq!(b.totals.rework, 0.0);
        }
    }

    #[test]
    fn conversion_then_inverse_returns_the_original(x in -1e12f64..1e12, r in 0.001f64..10.0) {
        let rate = ExchangeRate { usd_per_cny: r };
        let usd = rate.convert(x, Currency::Cny, Currency::Usd).unwrap();
        let back = rate.convert(usd, Currency::Usd, Currency::Cny).unwrap();
        prop_assert!((back - x).abs() <= 1e-12 * x.abs().max(1e-300), "{x} -> {usd} -> {back}");
        prop_assert_eq!(rate.convert(x, Currency::Usd, Currency::Usd).unwrap(), x);
    }

    #[test]
    fn monte_carlo_mean_converges_to_the_closed_form(
        useful in 1.0f64..500.0, tau in 0.25f64..8.0, c in 0.0f64..0.3, lam in 0.0005f64..0.2,
        restart in 0.0f64..1.0, seed in any::<u64>(),
    ) {
        let want = expected_run_hours(useful, Some(tau), c, lam, restart);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let n = 4_000;
        let draws: Vec<f64> = (0..n).map(|_| simulate_run_hours(&mut rng, useful, Some(tau), c, lam, restart)).collect();
        let mean = draws.iter().sum::<f64>() / f64::from(n);
        let var = draws.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / f64::from(n - 1);
        let se = (var / f64::from(n)).sqrt();
        // 5 standard errors (plus float slack): fails with probability ~1e-6 per case.
        prop_assert!((mean - want).abs() <= 5.0 * se + 1e-9 * want, "mean {mean} vs {want} (se {se})");
    }

    #[test]
    fn arbitrary_json_never_panics(s in "\\PC{0,200}") {
        let _ = file::evaluate_json(&s);
    }

    #[test]
    fn arbitrary_numbers_in_a_scenario_never_panic(
        gpus in any::<u32>(), h in any::<f64>(), months in any::<u32>(), price in any::<f64>(),
        share in any::<f64>(), term in any::<u32>(), rate in any::<f64>(), ckw in any::<f64>(),
    ) {
        let num = |x: f64| if x.is_finite() { format!("{x:e}") } else { "1e400".into() };
        let json = format!(r#"{{"version":1,"horizon_months":{months},
            "checkpoint":{{"write_hours":{}}},
            "workload":{{"mode":"fleet","gpus":{gpus},"hours_per_day":{}}},
            "options":[{{"gpus_per_instance":8,"on_demand_per_hour":{},
              "reserved":{{"term_months":{term},"recurring_per_hour":1}},
              "spot":{{"per_hour":1,"interruptions_per_hour":{}}},
              "portfolio":{{"reserved":{},"spot":0.1}}}}]}}"#,
            num(ckw), num(h), num(price), num(rate), num(share));
        if let Ok(e) = file::evaluate_json(&json) {
            for o in e.options {
                prop_assert!(o.result.total.is_finite());
                prop_assert!(o.result.per_used_gpu_hour.is_none_or(f64::is_finite));
            }
        }
    }
}
