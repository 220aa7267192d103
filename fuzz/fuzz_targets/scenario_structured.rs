//! The engine's public entry points driven by an `arbitrary`-derived scenario: a
//! [`ScenarioFile`] built field by field (extreme numbers, zero GPUs, zero months, terms longer
//! than the horizon, empty option lists, catalog offers), then loaded and evaluated with
//! Monte Carlo at small trial counts, and round-tripped through its JSON form.
#![no_main]

use arbitrary::Arbitrary;
use planner_core::catalog;
use planner_core::file::{
    parse, AllowanceFile, BillingFile, BuyFile, CheckpointFile, FreeFile, Mode, MonteCarloFile,
    OptionFile, ReservedFile, ScenarioFile, ScheduleFile, SharesFile, SpotFile, WorkloadFile,
};
use planner_core::report;
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

/// A number that is often a boundary value rather than a random bit pattern.
#[derive(Arbitrary, Debug, Clone, Copy)]
struct Num(u8, f64);

impl Num {
    fn get(self) -> f64 {
        match self.0 % 12 {
            0 => 0.0,
            1 => 1.0,
            2 => self.1,
            3 => self.1.abs() % 10.0,
            4 => 1e15,
            5 => -1.0,
            6 => 0.5,
            7 => self.1.abs() % 1000.0,
            8 => f64::MIN_POSITIVE,
            9 => 24.0,
            10 => 1e15 + 1.0,
            _ => self.1.abs() % 100.0,
        }
    }
}

/// A small count that is sometimes huge or zero.
#[derive(Arbitrary, Debug, Clone, Copy)]
struct Count(u8, u32);

impl Count {
    fn get(self, small: u32) -> u32 {
        match self.0 % 6 {
            0 => 0,
            1 => 1,
            2 => self.1,
            3 => u32::MAX,
            _ => self.1 % small.max(1),
        }
    }
}

#[derive(Arbitrary, Debug)]
struct Opt {
    name: Option<String>,
    offer: Option<u16>,
    bad_offer: bool,
    currency: u8,
    gpus_per_instance: Option<Count>,
    on_demand: Option<Num>,
    billing: Option<(Option<Count>, Count)>,
    schedule: Option<(
        Option<Num>,
        Option<Num>,
        Option<Count>,
        Option<Count>,
        Option<Vec<Num>>,
    )>,
    shiftable: bool,
    throughput: Option<Num>,
    reserved: Option<(Count, Num, Num)>,
    spot: Option<(Option<Num>, Option<Vec<Num>>, Option<Num>, Num)>,
    package: Option<Num>,
    failures: Num,
    free: Option<[(Num, Num); 3]>,
    storage: Num,
    egress: Num,
    portfolio: Option<(Num, Num)>,
}

#[derive(Arbitrary, Debug)]
struct Scenario {
    month: u8,
    start: Option<(u16, u8)>,
    horizon: Option<Count>,
    currency: u8,
    usd_per_cny: Option<Num>,
    job: bool,
    gpus: Option<Count>,
    hours_per_day: Option<Num>,
    days_per_week: Option<Num>,
    start_hour: Option<Count>,
    gpu_hours: Option<Num>,
    within_months: Option<Num>,
    scaling: Option<Num>,
    portfolio: Option<(Num, Num)>,
    checkpoint: Option<(Option<Num>, Num, Num)>,
    storage: Num,
    egress: Num,
    contingency: Num,
    montecarlo: Option<(u8, u64)>,
    buy: Option<(Count, [Num; 7])>,
    options: Vec<Opt>,
}

fn currency(c: u8) -> String {
    ["USD", "CNY", "EUR", ""][usize::from(c % 4)].to_string()
}

fn hourly(v: Option<Vec<Num>>) -> Option<Vec<f64>> {
    v.map(|v| v.into_iter().take(30).map(Num::get).collect())
}

fn option(o: Opt, offers: &[&catalog::Offer]) -> OptionFile {
    let offer = match (o.offer, o.bad_offer) {
        (Some(_), true) => Some("no-such/offer".to_string()),
        (Some(i), false) if !offers.is_empty() => {
            Some(offers[usize::from(i) % offers.len()].id.to_string())
        }
        _ => None,
    };
    OptionFile {
        name: o.name,
        offer,
        prices_as_of: None,
        currency: Some(currency(o.currency)).filter(|_| o.currency % 5 != 4),
        gpus_per_instance: o.gpus_per_instance.map(|c| c.get(16)),
        on_demand_per_hour: o.on_demand.map(Num::get),
        billing: o.billing.map(|(g, m)| BillingFile {
            granularity_seconds: g.map(|c| c.get(3600)),
            minimum_seconds: m.get(7200),
        }),
        schedule: o.schedule.map(|(p, op, from, to, h)| ScheduleFile {
            peak_per_hour: p.map(Num::get),
            off_peak_per_hour: op.map(Num::get),
            peak_from_hour: from.map(|c| c.get(25)),
            peak_to_hour: to.map(|c| c.get(25)),
            hourly: hourly(h),
        }),
        shiftable: o.shiftable,
        throughput_factor: o.throughput.map(Num::get),
        reserved: o.reserved.map(|(t, u, r)| ReservedFile {
            term_months: t.get(130),
            upfront: u.get(),
            recurring_per_hour: r.get(),
        }),
        spot: o.spot.map(|(p, h, b, i)| SpotFile {
            per_hour: p.map(Num::get),
            hourly: hourly(h),
            bid_cap_per_hour: b.map(Num::get),
            interruptions_per_hour: i.get(),
        }),
        monthly_package_per_instance: o.package.map(Num::get),
        failures_per_hour: o.failures.get(),
        free: o.free.map(|[g, s, e]| FreeFile {
            gpu_hours: AllowanceFile {
                monthly: g.0.get(),
                once: g.1.get(),
            },
            storage_gb: AllowanceFile {
                monthly: s.0.get(),
                once: s.1.get(),
            },
            egress_gb: AllowanceFile {
                monthly: e.0.get(),
                once: e.1.get(),
            },
        }),
        storage_per_gb_month: o.storage.get(),
        egress_per_gb: o.egress.get(),
        portfolio: o.portfolio.map(|(r, s)| SharesFile {
            reserved: r.get(),
            spot: s.get(),
        }),
    }
}

fn scenario(s: Scenario) -> ScenarioFile {
    let offers: Vec<&catalog::Offer> = catalog::OFFERS.iter().collect();
    ScenarioFile {
        version: 1,
        name: Some("fuzz".into()),
        month: ["730h", "720h", "744h", "calendar", "bogus"][usize::from(s.month % 5)].into(),
        start: s
            .start
            .map(|(y, m)| format!("{:04}-{:02}", y % 10_000, m % 14)),
        horizon_months: s.horizon.map(|c| c.get(60)),
        currency: currency(s.currency),
        usd_per_cny: s.usd_per_cny.map(Num::get),
        rate_as_of: None,
        workload: WorkloadFile {
            mode: if s.job { Mode::Job } else { Mode::Fleet },
            gpus: s.gpus.map(|c| c.get(64)),
            hours_per_day: s.hours_per_day.map(Num::get),
            days_per_week: s.days_per_week.map(Num::get),
            start_hour: s.start_hour.map(|c| c.get(25)),
            gpu_hours: s.gpu_hours.map(Num::get),
            within_months: s.within_months.map(Num::get),
            scaling_efficiency: s.scaling.map(Num::get),
        },
        portfolio: s.portfolio.map(|(r, sp)| SharesFile {
            reserved: r.get(),
            spot: sp.get(),
        }),
        checkpoint: s.checkpoint.map(|(i, w, r)| CheckpointFile {
            interval_hours: i.map(Num::get),
            write_hours: w.get(),
            restart_hours: r.get(),
        }),
        storage_gb: s.storage.get(),
        egress_gb_per_month: s.egress.get(),
        contingency_pct: s.contingency.get(),
        montecarlo: s.montecarlo.map(|(t, seed)| MonteCarloFile {
            trials: u32::from(t % 20),
            seed,
        }),
        buy: s.buy.map(|(g, n)| BuyFile {
            gpus: g.get(64),
            purchase: n[0].get(),
            life_years: n[1].get(),
            residual: n[2].get(),
            kw: n[3].get(),
            pue: n[4].get(),
            price_per_kwh: n[5].get(),
            ops_per_month: n[6].get(),
        }),
        options: s
            .options
            .into_iter()
            .take(4)
            .map(|o| option(o, &offers))
            .collect(),
    }
}

fuzz_target!(|s: Scenario| {
    let file = scenario(s);
    let loaded = match file.load() {
        Ok(l) => l,
        Err(e) => return common::check_error(&e),
    };
    match loaded.evaluate() {
        Err(e) => common::check_error(&e),
        Ok(ev) => {
            common::check_evaluation(&ev);
            common::check_csv(&report::to_csv(&ev));
            // The file form round-trips: what the app would save reads back the same.
            if let Ok(json) = serde_json::to_string(&file) {
                match parse(&json) {
                    Ok(back) => assert_eq!(back, file, "scenario JSON does not round-trip"),
                    Err(e) => panic!("a loadable scenario's JSON is refused: {e}\n{json}"),
                }
            }
        }
    }
});
