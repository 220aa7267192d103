//! Property tests (proptest) of the typed state's edges: for scenario files with every field
//! the format has (catalog or inline options, schedules, spot, reserved, allowances, shares,
//! job or fleet, calendar months, checkpoints, Monte Carlo, an owned server), whenever the app
//! takes a file ([`Scenario::from_file`]):
//!
//! - typed → file → typed is the identity;
//! - file → typed → file keeps every field the app understands: the engine loads the written
//!   file to exactly what it loads the original to (plan, options, currency, rate, Monte Carlo,
//!   names, dates), and a section whose absence means something (checkpoints, the rate, shares)
//!   is still absent or present.
#![cfg(not(target_arch = "wasm32"))]

use planner_app::state::Scenario;
use planner_core::catalog::query::Catalog;
use planner_core::catalog::OFFERS;
use planner_core::file::{
    AllowanceFile, BillingFile, BuyFile, CheckpointFile, FreeFile, Mode, MonteCarloFile,
    OptionFile, PackagesFile, ReservedFile, SavingsPlanFile, ScenarioFile, ScheduleFile,
    SettlementFile, SharesFile, SpotFile, SupportFile, TierFile, WorkloadFile, VERSION,
};
use proptest::prelude::*;

fn price() -> impl Strategy<Value = f64> {
    prop_oneof![0.01f64..50.0, Just(1.0), Just(2.5)]
}

fn hourly() -> impl Strategy<Value = Vec<f64>> {
    prop::collection::vec(0.1f64..10.0, 24)
}

fn schedule() -> impl Strategy<Value = ScheduleFile> {
    prop_oneof![
        hourly().prop_map(|h| ScheduleFile {
            peak_per_hour: None,
            off_peak_per_hour: None,
            peak_from_hour: None,
            peak_to_hour: None,
            hourly: Some(h),
        }),
        (
            price(),
            price(),
            prop::option::of(0u32..24),
            prop::option::of(0u32..24)
        )
            .prop_map(|(peak, off, from, to)| ScheduleFile {
                peak_per_hour: Some(peak),
                off_peak_per_hour: Some(off),
                peak_from_hour: from,
                peak_to_hour: to,
                hourly: None,
            }),
    ]
}

fn spot() -> impl Strategy<Value = SpotFile> {
    (
        0u8..3,
        price(),
        hourly(),
        prop::option::of(price()),
        0.0f64..0.5,
    )
        .prop_map(|(kind, p, h, cap, rate)| SpotFile {
            per_hour: (kind == 1).then_some(p),
            hourly: (kind == 2).then_some(h),
            bid_cap_per_hour: cap,
            interruptions_per_hour: rate,
        })
}

fn option() -> impl Strategy<Value = OptionFile> {
    (
        (
            prop::option::of(0usize..OFFERS.len()),
            prop::option::of("[a-z ]{1,12}"),
            prop::option::of(Just("2026-11-30".to_string())),
            any::<bool>(),
            prop::option::of(1u32..9),
            0u8..3,
            price(),
            schedule(),
        ),
        (
            prop::option::of((
                prop::option::of(prop_oneof![Just(1u32), Just(60), Just(3600)]),
                0u32..120,
            )),
            any::<bool>(),
            prop::option::of(0.5f64..3.0),
            prop::option::of((1u32..37, 0.0f64..1000.0, 0.0f64..5.0)),
            prop::option::of(spot()),
            prop::option::of(10.0f64..5000.0),
            0.0f64..0.01,
        ),
        (
            prop::option::of((0.0f64..100.0, 0.0f64..100.0)),
            0.0f64..0.2,
            0.0f64..0.2,
            prop::option::of((0.0f64..0.5, 0.0f64..0.5)),
            prop::option::of((
                0.01f64..100.0,
                0.01f64..50.0,
                prop_oneof![Just(12u32), Just(36)],
            )),
            prop::option::of((0.0f64..500.0, 100.0f64..20_000.0, 0.0f64..20.0)),
            prop::option::of((
                prop::option::of(1.0f64..100.0),
                prop::option::of(10.0f64..500.0),
                prop::option::of(50.0f64..2000.0),
            )),
        ),
    )
        .prop_map(
            |(
                (offer, name, as_of, same_currency, gpus, price_kind, p, sched),
                (billing, shiftable, throughput, reserved, spot, package, failures),
                (free, storage, egress, shares, savings_plan, support, packages),
            )| {
                let offer = offer.map(|i| &OFFERS[i]);
                // Shares only where there are prices for them, the offer's spot price only
                // where it lists one: otherwise the engine refuses the file.
                let spot = spot.map(|mut s| {
                    if s.per_hour.is_none()
                        && s.hourly.is_none()
                        && offer.is_none_or(|o| o.spot_per_hour.is_none())
                    {
                        s.per_hour = Some(1.0);
                    }
                    s
                });
                let shares = shares.map(|(r, s)| {
                    (
                        if reserved.is_some() { r } else { 0.0 },
                        if spot.is_some() { s } else { 0.0 },
                    )
                });
                OptionFile {
                    name,
                    offer: offer.map(|o| o.id.to_string()),
                    prices_as_of: as_of,
                    currency: same_currency
                        .then(|| offer.map_or("CNY", |o| o.currency.code()).to_string()),
                    gpus_per_instance: gpus,
                    // Without an offer there must be on-demand prices (or a package).
                    on_demand_per_hour: (price_kind == 1 || (offer.is_none() && price_kind == 0))
                        .then_some(p),
                    billing: billing.map(|(g, m)| BillingFile {
                        granularity_seconds: g,
                        minimum_seconds: m,
                    }),
                    schedule: (price_kind == 2).then_some(sched),
                    shiftable,
                    throughput_factor: throughput,
                    reserved: reserved.map(|(t, u, r)| ReservedFile {
                        term_months: t,
                        upfront: u,
                        recurring_per_hour: r,
                    }),
                    spot,
                    monthly_package_per_instance: package,
                    savings_plan: savings_plan.map(|(c, p, t)| SavingsPlanFile {
                        commitment_per_hour: c,
                        plan_per_hour: p,
                        term_months: t,
                    }),
                    support: support.map(|(minimum, bound, pct)| SupportFile {
                        plan: None,
                        minimum_per_month: Some(minimum),
                        tiers: Some(vec![
                            TierFile {
                                up_to: Some(bound),
                                pct,
                            },
                            TierFile {
                                up_to: None,
                                pct: pct / 2.0,
                            },
                        ]),
                    }),
                    // Packages exclude a monthly package; at least one price.
                    packages: packages.filter(|_| package.is_none()).map(|(d, w, m)| {
                        PackagesFile {
                            per_day: d.or(Some(30.0)),
                            per_week: w,
                            per_month: m,
                            per_year: None,
                        }
                    }),
                    settlement: shiftable.then_some(SettlementFile {
                        period_seconds: 3600,
                        unit: 0.01,
                        round_up: true,
                    }),
                    storage_billed_while_stopped: shiftable && throughput.is_some(),
                    failures_per_hour: failures,
                    free: free.map(|(g, s)| FreeFile {
                        gpu_hours: AllowanceFile {
                            monthly: g,
                            once: 0.0,
                        },
                        storage_gb: AllowanceFile {
                            monthly: 0.0,
                            once: s,
                        },
                        egress_gb: AllowanceFile::default(),
                    }),
                    storage_per_gb_month: storage,
                    egress_per_gb: egress,
                    portfolio: shares.map(|(r, s)| SharesFile {
                        reserved: r,
                        spot: s,
                    }),
                }
            },
        )
}

fn workload() -> impl Strategy<Value = (WorkloadFile, Option<u32>)> {
    prop_oneof![
        (
            1u32..200,
            0.5f64..24.0,
            prop::option::of(1.0f64..7.0),
            prop::option::of(0u32..24),
            1u32..60
        )
            .prop_map(|(g, h, d, s, m)| (
                WorkloadFile {
                    mode: Mode::Fleet,
                    gpus: Some(g),
                    hours_per_day: Some(h),
                    days_per_week: d,
                    start_hour: s,
                    gpu_hours: None,
                    within_months: None,
                    scaling_efficiency: None,
                },
                Some(m)
            )),
        (
            100.0f64..50_000.0,
            prop_oneof![
                (1u32..64).prop_map(|g| (Some(g), None)),
                (1.0f64..12.0).prop_map(|m| (None, Some(m)))
            ],
            prop::option::of(0.5f64..1.0),
            prop::option::of(1u32..60)
        )
            .prop_map(|(w, (g, within), eta, horizon)| (
                WorkloadFile {
                    mode: Mode::Job,
                    gpus: g,
                    hours_per_day: None,
                    days_per_week: None,
                    start_hour: None,
                    gpu_hours: Some(w),
                    within_months: within,
                    scaling_efficiency: eta,
                },
                horizon
            )),
    ]
}

fn scenario() -> impl Strategy<Value = ScenarioFile> {
    (
        (
            prop::option::of("[a-z]{1,8}"),
            prop_oneof![
                Just(("730h", None)),
                Just(("720h", None)),
                Just(("744h", None)),
                Just(("calendar", Some("2027-02"))),
                Just(("calendar", Some("2026-12-15"))),
            ],
            prop_oneof![Just("USD"), Just("CNY")],
            prop::option::of(0.1f64..0.2),
            workload(),
        ),
        (
            prop::option::of((prop::option::of(0.5f64..12.0), 0.0f64..0.5, 0.0f64..2.0)),
            0.0f64..5000.0,
            0.0f64..500.0,
            0.0f64..20.0,
            prop::option::of(Just((0.0, 0.0))),
            prop::option::of((1u32..2000, any::<u64>())),
            prop::option::of((1u32..9, 1000.0f64..300_000.0)),
            prop::collection::vec(option(), 0..4),
        ),
    )
        .prop_map(
            |(
                (name, (month, start), currency, rate, (workload, horizon)),
                (checkpoint, storage, egress, contingency, shares, mc, buy, options),
            )| ScenarioFile {
                version: VERSION,
                name,
                month: month.to_string(),
                start: start.map(str::to_string),
                horizon_months: horizon,
                currency: currency.to_string(),
                usd_per_cny: rate,
                rate_as_of: rate.map(|_| "2026-11-30".to_string()),
                workload,
                portfolio: shares.map(|(r, s)| SharesFile {
                    reserved: r,
                    spot: s,
                }),
                checkpoint: checkpoint.map(|(i, w, r)| CheckpointFile {
                    interval_hours: i,
                    write_hours: w,
                    restart_hours: r,
                }),
                storage_gb: storage,
                egress_gb_per_month: egress,
                contingency_pct: contingency,
                montecarlo: mc.map(|(trials, seed)| MonteCarloFile { trials, seed }),
                deadline_spot: None,
                buy: buy.map(|(gpus, purchase)| BuyFile {
                    gpus,
                    purchase,
                    life_years: 3.0,
                    residual: 0.1,
                    kw: 6.5,
                    pue: 1.3,
                    price_per_kwh: 0.12,
                    ops_per_month: 1500.0,
                }),
                options,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn typed_state_and_file_convert_without_loss(f in scenario()) {
        let catalog = Catalog::BUNDLED;
        let Ok(s) = Scenario::from_file(f.clone(), &catalog) else {
            // Files the engine refuses never become a state (other tests check the errors).
            return Ok(());
        };
        let written = s.to_file();
        // typed → file → typed is the identity.
        prop_assert_eq!(&Scenario::from_file(written.clone(), &catalog).unwrap(), &s);
        // file → typed → file keeps what the engine reads (every field the app understands)…
        if !f.options.is_empty() {
            prop_assert_eq!(written.load().unwrap(), f.load().unwrap());
        }
        // …and the sections whose absence means something stay absent or present.
        prop_assert_eq!(written.checkpoint, f.checkpoint);
        prop_assert_eq!(written.usd_per_cny, f.usd_per_cny);
        prop_assert_eq!(written.portfolio, f.portfolio);
        prop_assert_eq!(written.horizon_months, f.horizon_months);
        prop_assert_eq!(written.montecarlo, f.montecarlo);
        prop_assert_eq!(written.buy, f.buy);
        prop_assert_eq!(&written.name, &f.name);
        for (w, o) in written.options.iter().zip(&f.options) {
            prop_assert_eq!(&w.offer, &o.offer);
            prop_assert_eq!(&w.name, &o.name);
            prop_assert_eq!(w.on_demand_per_hour, o.on_demand_per_hour);
            prop_assert_eq!(w.portfolio, o.portfolio);
            prop_assert_eq!(w.reserved, o.reserved);
            prop_assert_eq!(&w.spot, &o.spot);
        }
    }
}

/// Enough generated files are taken by the app for the property to mean something.
#[test]
fn most_generated_files_are_scenarios() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let taken = (0..200)
        .filter(|_| {
            let f = scenario().new_tree(&mut runner).unwrap().current();
            Scenario::from_file(f, &Catalog::BUNDLED).is_ok()
        })
        .count();
    assert!(taken >= 60, "only {taken} of 200 generated files load");
}
