//! The app's benchmarks (criterion), measured natively: ranking the whole catalog under one
//! scenario through the engine (issue 4: < 5 ms), the work one slider move triggers
//! (docs/performance.md "Budgets": re-compute and repaint within 16 ms, stretch 8 ms, with 10
//! options over 36 months), re-ranking the catalog once the sliders settle (issue 7: 10 ms,
//! stretch 3 ms) and filtering and sorting the catalog. The engine's own benches are in
//! planner-engine. Run: `cargo bench -p planner-app --bench app`.
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
    use planner_app::chart::{cumulative_svg, Theme};
    use planner_app::i18n::Translator;
    use planner_app::scenario::{engine_cumulative_chart, offer_option, sort_by_totals, Scenario};
    use planner_core::catalog::{
        self,
        query::{filter_offers, OfferFilter},
    };
    use planner_core::file::offer_spec;
    use planner_core::language::Language;
    use planner_engine::plan::{evaluate_option, FleetLoad, OptionSpec, Plan, Workload};
    use planner_engine::risk::Checkpointing;
    use planner_engine::{Currency, ExchangeRate, MonthConvention, MonthLength};
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

    fn bench(c: &mut Criterion) {
        let plan = plan();
        let rate = ExchangeRate::default();
        let specs: Vec<OptionSpec> = catalog::OFFERS.iter().map(offer_spec).collect();
        c.bench_function(
            &format!(
                "engine: rank the whole catalog ({} offers), one scenario",
                specs.len()
            ),
            |b| {
                b.iter(|| {
                    let mut totals: Vec<(f64, usize)> = specs
                        .iter()
                        .enumerate()
                        .filter_map(|(i, o)| {
                            let r = evaluate_option(black_box(&plan), o, None).ok()?;
                            let usd = rate.convert(r.total, o.currency, Currency::Usd).ok()?;
                            Some((usd, i))
                        })
                        .collect();
                    totals.sort_by(|a, b| a.0.total_cmp(&b.0));
                    totals
                })
            },
        );

        let mut file = Scenario::default().to_file();
        file.workload.gpus = Some(64);
        file.workload.hours_per_day = Some(18.0);
        file.horizon_months = Some(36);
        file.options = catalog::OFFERS
            .iter()
            .step_by(90)
            .take(5)
            .map(|o| offer_option(o.id))
            .collect();
        let scenario = Scenario::from_file(file).expect("valid bench scenario");
        let en = Translator::new(Language::En);
        c.bench_function(
            "slider move: engine results + cumulative chart + SVG, 5 offers x 36 months",
            |b| {
                b.iter(|| {
                    let results = black_box(&scenario).evaluate().unwrap_or_default();
                    let chart = engine_cumulative_chart(&scenario, &results, &en);
                    cumulative_svg(&chart, &Theme::LIGHT, 1000)
                })
            },
        );

        // What the app does once the sliders settle (issue 7, "re-ranking the whole catalog after
        // a parameter change"): every catalog offer's all-on-demand total under the scenario,
        // through the engine, then the offer table's sort by that total.
        let all: Vec<&'static catalog::Offer> = catalog::OFFERS.iter().collect();
        c.bench_function(
            &format!(
                "app: re-rank the whole catalog ({} offers) after a parameter change",
                all.len()
            ),
            |b| {
                b.iter(|| {
                    let totals = black_box(&scenario).offer_totals(black_box(&all));
                    let mut ranked = all.clone();
                    sort_by_totals(&mut ranked, &totals);
                    ranked
                })
            },
        );

        c.bench_function(
            "filter + sort the whole catalog by price per GPU-hour",
            |b| {
                let filter = OfferFilter::default();
                b.iter(|| {
                    filter_offers(
                        catalog::OFFERS,
                        black_box(&filter),
                        Currency::Usd,
                        ExchangeRate::default(),
                    )
                })
            },
        );
    }

    criterion_group!(benches, bench);
}
