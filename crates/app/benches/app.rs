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
    use planner_app::action::Action;
    use planner_app::chart::breakdown::BreakdownChart;
    use planner_app::chart::lines::LinesChart;
    use planner_app::chart::ranking::RankingChart;
    use planner_app::chart::{cumulative_svg, tooltip_at, CumulativeChart, PlotFrame, Theme};
    use planner_app::i18n::Translator;
    use planner_app::state::{offer_option, Scenario};
    use planner_app::view::breakdown::breakdown_chart;
    use planner_app::view::buy::buy_chart;
    use planner_app::view::cumulative::{cumulative_chart, with_bands};
    use planner_app::view::footer::footer;
    use planner_app::view::ranking::ranking_chart;
    use planner_app::view::reserved::reserved_chart;
    use planner_core::catalog::query::Catalog;
    use planner_core::catalog::{
        self,
        query::{filter_offers, sort_by_totals, OfferFilter},
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
            .map(|o| offer_option(o).to_file())
            .collect();
        let scenario = Scenario::from_file(file, &Catalog::BUNDLED).expect("valid bench scenario");
        let en = Translator::new(Language::En);

        // One slider move as the page runs it (src/ui/mod.rs and src/ui/bands.rs): the
        // reducer applies the action, the engine evaluates, the risk bands' inputs are looked
        // up, and the view-models of the five charts are built (the cumulative chart with its
        // bands, ranking, breakdown, reserved vs on-demand, rent vs buy); then the visible
        // cumulative chart is drawn as SVG. 10 catalog offers (two with a spot variant) × 36
        // months, the issue-7 budget's case.
        let ten = page_scenario();
        let mut gpus = 64.0;
        c.bench_function(
            "slider move (page path): reduce + evaluate + band inputs + 5 view-models, 10 options x 36 months",
            |b| {
                b.iter(|| {
                    gpus = if gpus == 64.0 { 65.0 } else { 64.0 };
                    let s = black_box(&ten).apply(Action::SetGpus(gpus)).expect("valid");
                    page_move(&s, &en)
                })
            },
        );
        c.bench_function(
            "slider move (page path) + cumulative SVG, 10 options x 36 months",
            |b| {
                b.iter(|| {
                    gpus = if gpus == 64.0 { 65.0 } else { 64.0 };
                    let s = black_box(&ten).apply(Action::SetGpus(gpus)).expect("valid");
                    let (cumulative, ..) = page_move(&s, &en);
                    cumulative_svg(&cumulative, &Theme::LIGHT, 1000)
                })
            },
        );
        let results = ten.evaluate().expect("valid");
        c.bench_function(
            "view-models: the 5 charts from the results, 10 options x 36 months",
            |b| b.iter(|| view_models(black_box(&ten), black_box(&results), &en)),
        );
        c.bench_function("evaluate, 10 options x 36 months", |b| {
            b.iter(|| black_box(&ten).evaluate())
        });
        let mut with_mc = ten.to_file();
        with_mc.montecarlo = Some(planner_core::file::MonteCarloFile {
            trials: 1000,
            seed: 1,
        });
        let with_mc = Scenario::from_file(with_mc, &Catalog::BUNDLED).expect("valid");
        c.bench_function(
            "evaluate, 10 options x 36 months, file with a montecarlo section (1,000 trials)",
            |b| b.iter(|| black_box(&with_mc).evaluate()),
        );
        c.bench_function("band inputs, 10 options (2 spot)", |b| {
            b.iter(|| black_box(&ten).band_inputs())
        });
        let chart = cumulative_chart(&ten, &results, &footer(&ten, &results, &en), false, &en);
        let frame = chart_frame(&chart);
        // The hover readout's rows as src/ui/chart_panel.rs shows them: each line's name and
        // its value at the month under the pointer.
        c.bench_function("hover readout: the tooltip's rows, 10 lines", |b| {
            b.iter(|| tooltip_at(black_box(&chart), &frame, 500.0, 200.0).map(|t| t.rows))
        });

        // Deadline-safe spot (issue 18) in job mode with a deadline: what the billing group
        // does on every render (build and compare the Monte Carlo's inputs), what runs once per
        // change of those inputs (the trials), and the chart's view-model and SVG.
        // The default scenario's options (the bench's ten include GPUs without a throughput
        // figure, which job mode refuses).
        let job = Scenario::default()
            .apply(Action::SetMode(planner_app::action::Mode::Job))
            .and_then(|s| s.apply(Action::SetJobGpuHours(8_000.0)))
            .and_then(|s| s.apply(Action::SetDeadlineSpot { hours: 5_000.0 }))
            .expect("job with a deadline");
        c.bench_function(
            "deadline-safe spot: inputs of the default options (every render)",
            |b| b.iter(|| black_box(&job).deadline_inputs()),
        );
        c.bench_function(
            "deadline-safe spot: the default options' Monte Carlo (once per input change)",
            |b| b.iter(|| black_box(&job).deadline_spot()),
        );
        let d = job
            .deadline_spot()
            .expect("runs")
            .into_iter()
            .flatten()
            .next()
            .expect("a spot option");
        c.bench_function(
            "deadline-safe spot chart: view-model + SVG at 640 px",
            |b| {
                b.iter(|| {
                    let chart = planner_app::view::deadline::deadline_chart(
                        black_box(&d),
                        "A",
                        Currency::Usd,
                        &en,
                    );
                    planner_app::chart::deadline::deadline_svg(&chart, &Theme::LIGHT, 640.0, 1.0)
                })
            },
        );

        // The SLA view (issue 18): evaluating an AWS option with a host failure rate adds one
        // evaluation without failures (the cost of downtime); without a failure rate nothing.
        let aws = catalog::OFFERS
            .iter()
            .find(|o| o.provider == "AWS" && o.on_demand_per_hour.is_some())
            .expect("an AWS offer");
        let mut sla_file = Scenario::default().to_file();
        let mut o = offer_option(aws).to_file();
        o.failures_per_hour = 0.01;
        sla_file.options = vec![o];
        let sla = Scenario::from_file(sla_file, &Catalog::BUNDLED).expect("valid");
        let mut plain = sla.to_file();
        plain.options[0].failures_per_hour = 0.0;
        let plain = Scenario::from_file(plain, &Catalog::BUNDLED).expect("valid");
        c.bench_function(
            "SLA view: evaluate 1 AWS option, host failures (2 evaluations)",
            |b| b.iter(|| black_box(&sla).evaluate()),
        );
        c.bench_function(
            "SLA view: evaluate 1 AWS option, no failures (1 evaluation)",
            |b| b.iter(|| black_box(&plain).evaluate()),
        );

        // What the Billing details group looks up per render for the chosen option: its
        // provider's stopped-billing rule and SLA, and its offer's catalog package prices.
        c.bench_function(
            "billing details per render: stopped rule, SLA and package prices of one offer",
            |b| {
                b.iter(|| {
                    let o = black_box(aws);
                    (
                        catalog::stopped::stopped_billing(o.provider),
                        catalog::sla::sla_for(o.provider),
                        catalog::package_prices(o),
                    )
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

    /// 10 catalog offers (USD and CNY) × 36 months, 64 GPUs 18 h a day, storage and egress,
    /// the first two options with an all-spot variant in place of the last two offers.
    fn page_scenario() -> Scenario {
        let mut file = Scenario::default().to_file();
        file.workload.gpus = Some(64);
        file.workload.hours_per_day = Some(18.0);
        file.horizon_months = Some(36);
        file.storage_gb = 5_000.0;
        file.egress_gb_per_month = 800.0;
        let spot: Vec<&catalog::Offer> = catalog::OFFERS
            .iter()
            .filter(|o| o.spot_per_hour.is_some())
            .step_by(7)
            .take(2)
            .collect();
        file.options = spot
            .iter()
            .copied()
            .chain(
                catalog::OFFERS
                    .iter()
                    .filter(|o| o.spot_per_hour.is_none())
                    .step_by(41)
                    .take(6),
            )
            .map(|o| offer_option(o).to_file())
            .collect();
        let mut s = Scenario::from_file(file, &Catalog::BUNDLED).expect("valid bench scenario");
        for index in [0, 2] {
            s = s
                .apply(Action::AddSpotVariant {
                    index,
                    spot_pct: 100.0,
                })
                .expect("spot variant");
        }
        assert_eq!(s.options().len(), 10);
        s
    }

    /// What the page computes after the reducer on a move: results, band inputs, view-models.
    fn page_move(
        s: &Scenario,
        t: &Translator,
    ) -> (
        CumulativeChart,
        RankingChart,
        BreakdownChart,
        LinesChart,
        LinesChart,
        usize,
    ) {
        let results = s.evaluate().unwrap_or_default();
        let inputs = s.band_inputs();
        let (c, r, b, re, bu) = view_models(s, &results, t);
        (c, r, b, re, bu, inputs.len())
    }

    fn view_models(
        s: &Scenario,
        results: &[planner_engine::plan::OptionResult],
        t: &Translator,
    ) -> (
        CumulativeChart,
        RankingChart,
        BreakdownChart,
        LinesChart,
        LinesChart,
    ) {
        // The footer is built once and shared (src/ui/mod.rs memoises it).
        let footer = footer(s, results, t);
        (
            with_bands(
                cumulative_chart(s, results, &footer, false, t),
                &[],
                0,
                s.monte_carlo(),
                t,
            ),
            ranking_chart(s, results, &footer, t),
            breakdown_chart(s, results, 0, &footer, t),
            reserved_chart(s, results, &footer, t),
            buy_chart(s, results, &footer, t),
        )
    }

    /// A plausible frame of the cumulative chart drawn 1,000 CSS px wide.
    fn chart_frame(chart: &CumulativeChart) -> PlotFrame {
        PlotFrame {
            left: 60.0,
            right: 980.0,
            top: 40.0,
            bottom: 330.0,
            x_max: f64::from(chart.months),
            y_max: 1e9,
        }
    }

    criterion_group!(benches, bench);
}
