//! Engine benchmarks (criterion), measured natively: the issue-4 engine targets, one scenario
//! with 10 options × 36 months (< 1 ms) and Monte Carlo with 10,000 trials of one option
//! (< 20 ms). Ranking the catalog and the work of one slider move are in planner-app's bench.
//! Run: `cargo bench -p planner-engine --bench engine`.
//!
//! criterion is a native-only dev-dependency: on wasm32 this bench is an empty program, so
//! `cargo clippy --target wasm32-unknown-unknown --all-targets` passes.

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(native::benches);

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use criterion::{criterion_group, Criterion};
    use planner_engine::billing::{ReservedTerm, Schedule, SpotMarket};
    use planner_engine::deadline_spot::{deadline_spot, DeadlineJob};
    use planner_engine::montecarlo::monte_carlo;
    use planner_engine::packages::Packages;
    use planner_engine::plan::{
        evaluate, FleetLoad, JobLoad, JobSize, OptionSpec, Plan, Shares, Workload,
    };
    use planner_engine::risk::Checkpointing;
    use planner_engine::savings_plan::SavingsPlan;
    use planner_engine::settlement::Settlement;
    use planner_engine::support::{SupportPlan, SupportTier};
    use planner_engine::{Billing, Currency, ExchangeRate, MonthConvention, MonthLength};
    use planner_engine::{Field, FieldPath};
    use std::hint::black_box;

    /// A 36-month fleet plan: 64 GPUs, 18 h a day, 6 days a week, storage, egress, contingency,
    /// checkpoints.
    fn plan() -> Plan {
        Plan {
            months: MonthLength::Fixed(MonthConvention::Hours730),
            horizon_months: Some(36),
            workload: Workload::Fleet(FleetLoad {
                gpus: 64,
                hours_per_day: 18.0,
                days_per_week: 6.0,
                start_hour: 6,
            }),
            checkpointing: Checkpointing {
                interval_hours: None,
                write_hours: 0.1,
                restart_hours: 0.25,
            },
            storage_gb: 5_000.0,
            egress_gb_per_month: 800.0,
            contingency_pct: 10.0,
            buy: None,
        }
    }

    /// Ten options mixing every billing mode: on-demand, reserved shares, spot with a bid cap and
    /// interruptions, peak/off-peak with shiftable work, a monthly package, failures.
    fn ten_options() -> Vec<OptionSpec> {
        (0..10)
            .map(|i| {
                let mut o = OptionSpec::on_demand(
                    format!("option {i}"),
                    if i % 3 == 0 {
                        Currency::Cny
                    } else {
                        Currency::Usd
                    },
                    20.0 + f64::from(i),
                    8,
                    Billing {
                        granularity_seconds: Some(60),
                        minimum_seconds: 60,
                    },
                );
                o.storage_per_gb_month = 0.1;
                o.egress_per_gb = 0.09;
                if i % 2 == 0 {
                    o.reserved = Some(ReservedTerm {
                        term_months: 12,
                        upfront: 50_000.0,
                        recurring_per_hour: 10.0,
                    });
                }
                let mut spot = Schedule::flat(8.0);
                spot.per_hour[14] = 30.0;
                o.spot = Some(SpotMarket {
                    prices: spot,
                    bid_cap: Some(12.0),
                    interruptions_per_hour: 0.05,
                });
                o.shares = Shares {
                    reserved: if i % 2 == 0 { 0.5 } else { 0.0 },
                    spot: 0.3,
                };
                if i % 4 == 1 {
                    o.on_demand = Some(
                        Schedule::peak_off_peak(planner_engine::FieldPath::ROOT, 25.0, 12.0, 8, 22)
                            .unwrap(),
                    );
                    o.shiftable = true;
                }
                if i == 9 {
                    o.package_per_instance_month = Some(9_000.0);
                }
                o.failures_per_hour = 0.001;
                o
            })
            .collect()
    }

    fn bench(c: &mut Criterion) {
        let plan = plan();
        let options = ten_options();
        let rate = ExchangeRate::default();
        c.bench_function(
            "engine: one scenario, 10 options x 36 months (all modes)",
            |b| b.iter(|| evaluate(black_box(&plan), black_box(&options), Currency::Usd, rate)),
        );

        // Issue 18's additions, each on its own over the same 10 options (the cost of each
        // addition per slider move is the difference to the line above).
        let with = |f: &dyn Fn(&mut OptionSpec)| -> Vec<OptionSpec> {
            options
                .iter()
                .map(|o| {
                    let mut o = o.clone();
                    f(&mut o);
                    o
                })
                .collect()
        };
        let variants: [(&str, Vec<OptionSpec>); 4] = [
            (
                "savings plans",
                with(&|o| {
                    o.savings_plan = Some(SavingsPlan {
                        commitment_per_hour: 40.0,
                        plan_per_hour: 14.0,
                        term_months: 36,
                    });
                }),
            ),
            (
                "support plans",
                with(&|o| {
                    o.support = Some(SupportPlan {
                        minimum: 100.0,
                        tiers: vec![
                            SupportTier {
                                up_to: Some(10_000.0),
                                pct: 10.0,
                            },
                            SupportTier {
                                up_to: None,
                                pct: 7.0,
                            },
                        ],
                    });
                }),
            ),
            (
                "day/week/month packages",
                with(&|o| {
                    o.package_per_instance_month = None;
                    o.packages = Some(Packages {
                        per_day: Some(400.0),
                        per_week: Some(2_500.0),
                        per_month: Some(9_000.0),
                        per_year: None,
                    });
                }),
            ),
            (
                "settlement rounding",
                with(&|o| {
                    o.settlement = Some(Settlement {
                        period_seconds: 3600,
                        unit: 0.01,
                        round_up: true,
                    });
                }),
            ),
        ];
        for (what, opts) in &variants {
            c.bench_function(
                &format!("engine: one scenario, 10 options x 36 months (all modes + {what})"),
                |b| b.iter(|| evaluate(black_box(&plan), black_box(opts), Currency::Usd, rate)),
            );
        }

        // Scaling with the horizon: the same 10 options over 120 months.
        let long = Plan {
            horizon_months: Some(120),
            ..plan.clone()
        };
        c.bench_function(
            "engine: one scenario, 10 options x 120 months (all modes)",
            |b| b.iter(|| evaluate(black_box(&long), black_box(&options), Currency::Usd, rate)),
        );

        let job = Plan {
            horizon_months: None,
            workload: Workload::Job(JobLoad {
                gpu_hours: 100_000.0,
                size: JobSize::Gpus(64),
                scaling_efficiency: 0.92,
            }),
            ..plan.clone()
        };
        let mut spot_job =
            OptionSpec::on_demand("spot job", Currency::Usd, 32.77, 8, Billing::UNSTATED);
        spot_job.spot = Some(SpotMarket {
            prices: Schedule::flat(12.0),
            bid_cap: None,
            interruptions_per_hour: 0.02,
        });
        spot_job.shares = Shares {
            reserved: 0.0,
            spot: 1.0,
        };
        // 64 GPUs on 8 spot instances at 0.02 interruptions per instance-hour: ~290
        // interruptions drawn per trial (a harsh market), ~2.9 million draws per run.
        c.bench_function(
            "engine: Monte Carlo, 10,000 trials of one job option (~290 interruptions each)",
            |b| b.iter(|| monte_carlo(black_box(&job), black_box(&spot_job), 10_000, 42)),
        );
        let mut calm = spot_job.clone();
        if let Some(s) = calm.spot.as_mut() {
            s.interruptions_per_hour = 0.002;
        }
        c.bench_function(
            "engine: Monte Carlo, 10,000 trials of one job option (~29 interruptions each)",
            |b| b.iter(|| monte_carlo(black_box(&job), black_box(&calm), 10_000, 42)),
        );
        // Deadline-safe spot: the golden file's job (100 h, checkpoints every 5 h, 0.02
        // interruptions an hour, deadline 112 h; tests/golden/deadline-spot.json), 1,000 trials
        // (the scenario file's default, and the page's per slider move for the chosen option).
        let ds_job = DeadlineJob {
            work_hours: 100.0,
            deadline_hours: 112.0,
            spot_per_hour: 3.0,
            on_demand_per_hour: 10.0,
            interruptions_per_hour: 0.02,
            checkpointing: Checkpointing {
                interval_hours: Some(5.0),
                write_hours: 0.0,
                restart_hours: 0.5,
            },
        };
        c.bench_function(
            "engine: deadline-safe spot, 1,000 trials of a 100 h job",
            |b| {
                b.iter(|| {
                    deadline_spot(
                        black_box(&ds_job),
                        1_000,
                        18,
                        FieldPath::of(Field::DeadlineSpot),
                    )
                })
            },
        );
        let fleet_option = options[1].clone();
        c.bench_function(
            "engine: Monte Carlo, 1,000 trials of one fleet option x 36 months",
            |b| b.iter(|| monte_carlo(black_box(&plan), black_box(&fleet_option), 1_000, 42)),
        );
        c.bench_function(
            "engine: Monte Carlo, 10,000 trials of one fleet option x 36 months",
            |b| b.iter(|| monte_carlo(black_box(&plan), black_box(&fleet_option), 10_000, 42)),
        );
    }

    criterion_group!(benches, bench);
}
