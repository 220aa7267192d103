//! The scenario's behaviour end to end: actions on the app's [`Scenario`] (reducer and
//! validation), the engine's results for it, the files it converts to and from, and the chart
//! view-models built from them (English texts).

use planner_app::action::{rebalance, Action, Mode};
use planner_app::chart::breakdown::BreakdownChart;
use planner_app::chart::lines::LinesChart;
use planner_app::chart::ranking::RankingChart;
use planner_app::chart::CumulativeChart;
use planner_app::i18n::Translator;
use planner_app::state::evaluate::BAND_TRIALS;
use planner_app::state::file::FromFileError;
use planner_app::state::{
    catalog_throughput, offer_option, Scenario, DEFAULT_BUY, DEFAULT_PICKS,
    DEFAULT_SPOT_INTERRUPTIONS,
};
use planner_app::validation::{Input, ScenarioError, MAX_COMPARED};
use planner_app::view::breakdown::breakdown_chart;
use planner_app::view::buy::buy_chart;
use planner_app::view::cumulative::{cumulative_chart, with_bands};
use planner_app::view::footer::footer;
use planner_app::view::ranking::ranking_chart;
use planner_app::view::reserved::reserved_chart;
use planner_core::catalog::query::{Catalog, ResolvedOffer};
use planner_core::catalog::{self, Offer};
use planner_core::error::{FileError, FileProblem};
use planner_core::file;
use planner_core::language::Language;
use planner_engine::plan::OptionResult;
use planner_engine::tco::OwnedServer;
use planner_engine::{Currency, Field, FieldPath, MonthConvention};

fn en() -> Translator {
    Translator::new(Language::En)
}

/// The cumulative chart of `s` with its shared footer, in English.
fn cumulative(s: &Scenario, r: &[OptionResult], t: &Translator) -> CumulativeChart {
    cumulative_chart(s, r, &footer(s, r, t), false, t)
}

/// The ranking chart of `s` with its shared footer.
fn ranking(s: &Scenario, r: &[OptionResult], t: &Translator) -> RankingChart {
    ranking_chart(s, r, &footer(s, r, t), t)
}

/// The breakdown chart of option `i` of `s` with its shared footer.
fn breakdown(s: &Scenario, r: &[OptionResult], i: usize, t: &Translator) -> BreakdownChart {
    breakdown_chart(s, r, i, &footer(s, r, t), t)
}

/// The reserved-vs-on-demand chart of `s` with its shared footer.
fn reserved(s: &Scenario, r: &[OptionResult], t: &Translator) -> LinesChart {
    reserved_chart(s, r, &footer(s, r, t), t)
}

/// The rent-vs-buy chart of `s` with its shared footer.
fn buy(s: &Scenario, r: &[OptionResult], t: &Translator) -> LinesChart {
    buy_chart(s, r, &footer(s, r, t), t)
}

#[test]
fn default_scenario_picks_real_offers() {
    let s = Scenario::default();
    assert_eq!(
        s.selected().len(),
        DEFAULT_PICKS.len(),
        "{:?}",
        s.selected()
    );
    let results = s.evaluate().expect("every default offer is costed");
    assert_eq!(results.len(), s.selected().len());
}

#[test]
fn at_most_ten_options() {
    let mut s = Scenario::default();
    s = s.apply(Action::ClearSelection).unwrap();
    for o in catalog::OFFERS.iter().take(MAX_COMPARED) {
        s = s
            .apply(Action::ToggleOffer(ResolvedOffer::bundled(o)))
            .unwrap();
    }
    let one_more = ResolvedOffer::bundled(&catalog::OFFERS[MAX_COMPARED]);
    assert_eq!(
        s.apply(Action::ToggleOffer(one_more)),
        Err(ScenarioError::TooManyOffers)
    );
    let first = ResolvedOffer::bundled(&catalog::OFFERS[0]);
    let s = s.apply(Action::ToggleOffer(first)).unwrap();
    assert_eq!(s.selected().len(), MAX_COMPARED - 1);
    // An id in no catalog resolves to nothing, so it can never be toggled.
    assert!(Catalog::BUNDLED.resolve("nope/none").is_none());
}

#[test]
fn to_file_and_from_file_round_trip() {
    let s = Scenario::default()
        .apply(Action::SetGpus(16.0))
        .unwrap()
        .apply(Action::SetMonthConvention(MonthConvention::Hours720))
        .unwrap()
        .apply(Action::SetUsdPerCny(0.14))
        .unwrap();
    let f = s.to_file();
    assert_eq!(f.workload.gpus, Some(16));
    assert_eq!(f.month, "720h");
    assert_eq!(f.usd_per_cny, Some(0.14));
    assert_eq!(f.options.len(), DEFAULT_PICKS.len());
    assert_eq!(
        Scenario::from_file(f.clone(), &Catalog::BUNDLED).unwrap(),
        s
    );
    // Through JSON, as share links and saved scenarios carry it.
    let json = serde_json::to_string(&f).unwrap();
    let back = file::parse(&json).unwrap();
    assert_eq!(
        Scenario::from_file(back, &Catalog::BUNDLED)
            .unwrap()
            .to_file(),
        f
    );
    // With nothing picked, too.
    let empty = s.apply(Action::ClearSelection).unwrap();
    assert_eq!(
        Scenario::from_file(empty.to_file(), &Catalog::BUNDLED).unwrap(),
        empty
    );
}

#[test]
fn from_file_keeps_every_engine_field() {
    let json = r#"{"version": 1, "name": "job <test>", "month": "calendar", "start": "2027-02",
        "currency": "CNY", "usd_per_cny": 0.14, "rate_as_of": "2026-11-30",
        "workload": {"mode": "job", "gpu_hours": 5000, "within_months": 2, "scaling_efficiency": 0.9},
        "portfolio": {"reserved": 0, "spot": 0.5},
        "checkpoint": {"interval_hours": 2, "write_hours": 0.05, "restart_hours": 0.1},
        "storage_gb": 500, "egress_gb_per_month": 100, "contingency_pct": 10,
        "montecarlo": {"trials": 200, "seed": 7},
        "buy": {"gpus": 8, "purchase": 250000, "life_years": 4, "residual": 0.1, "kw": 6.5, "pue": 1.4, "price_per_kwh": 0.15, "ops_per_month": 1500},
        "options": [{"name": "inline", "on_demand_per_hour": 2.0, "spot": {"per_hour": 0.8, "interruptions_per_hour": 0.05}}]}"#;
    let f = file::parse(json).unwrap();
    let s = Scenario::from_file(f.clone(), &Catalog::BUNDLED).unwrap();
    assert_eq!(s.to_file(), f);
    assert_eq!(s.display_currency(), Currency::Cny);
    assert_eq!(s.rate().usd_per_cny, 0.14);
    assert!(s.selected().is_empty(), "an inline option names no offer");
}

/// A file's `montecarlo` section changes none of the closed-form results and is kept: it sets
/// the trials and seed of the risk bands only (`risk_bands`).
#[test]
fn a_montecarlo_section_changes_no_result_and_is_kept() {
    let s = Scenario::default();
    let mut f = s.to_file();
    f.montecarlo = Some(file::MonteCarloFile {
        trials: 1000,
        seed: 7,
    });
    let with = Scenario::from_file(f.clone(), &Catalog::BUNDLED).unwrap();
    assert_eq!(with.evaluate().unwrap(), s.evaluate().unwrap());
    assert_eq!(with.to_file(), f);
}

#[test]
fn from_file_refuses_invalid_files_and_too_many_options() {
    let mut f = Scenario::default().to_file();
    f.workload.gpus = Some(0);
    assert!(matches!(
        Scenario::from_file(f, &Catalog::BUNDLED),
        Err(FromFileError::Invalid(e)) if e.field.to_string() == "workload.gpus"
    ));
    let mut f = Scenario::default().to_file();
    f.options = catalog::OFFERS
        .iter()
        .take(MAX_COMPARED + 1)
        .map(|o| offer_option(o).to_file())
        .collect();
    assert_eq!(
        Scenario::from_file(f, &Catalog::BUNDLED),
        Err(FromFileError::TooManyOptions(MAX_COMPARED + 1))
    );
}

#[test]
fn engine_results_follow_contingency_and_days_per_week() {
    let s = Scenario::default();
    let base = s.evaluate().unwrap();
    assert_eq!(base.len(), s.options().len());
    let more = s
        .apply(Action::SetContingencyPct(10.0))
        .unwrap()
        .evaluate()
        .unwrap();
    assert!((more[0].total - base[0].total * 1.1).abs() < 1e-6 * base[0].total);
    let fewer = s
        .apply(Action::SetDaysPerWeek(3.5))
        .unwrap()
        .evaluate()
        .unwrap();
    assert!(fewer[0].total < base[0].total);
    assert!(s.apply(Action::SetDaysPerWeek(8.0)).is_err());
    assert!(Scenario::default()
        .apply(Action::ClearSelection)
        .unwrap()
        .evaluate()
        .unwrap()
        .is_empty());
}

#[test]
fn spot_variants_need_a_spot_price() {
    let with_spot = catalog::OFFERS
        .iter()
        .find(|o| o.spot_per_hour.is_some())
        .unwrap();
    let without = catalog::OFFERS
        .iter()
        .find(|o| o.spot_per_hour.is_none())
        .unwrap();
    let s = Scenario::default()
        .apply(Action::ClearSelection)
        .unwrap()
        .apply(Action::ToggleOffer(ResolvedOffer::bundled(with_spot)))
        .unwrap()
        .apply(Action::ToggleOffer(ResolvedOffer::bundled(without)))
        .unwrap();
    let v = s
        .apply(Action::AddSpotVariant {
            index: 0,
            spot_pct: 100.0,
        })
        .unwrap();
    assert_eq!(v.options().len(), 3);
    assert_eq!(v.options()[1].offer.map(|r| r.offer.id), Some(with_spot.id));
    assert!(v.options()[1].name.as_deref().unwrap().ends_with(", spot"));
    // The same variant again gets a name of its own (new-user test: two identical names).
    let twice = v
        .apply(Action::AddSpotVariant {
            index: 0,
            spot_pct: 100.0,
        })
        .unwrap();
    let first = v.option_name(1);
    assert_eq!(twice.option_name(1), format!("{first} (2)"));
    assert_eq!(twice.option_name(2), first);
    let r = v.evaluate().unwrap();
    assert!(r[1].totals.spot > 0.0 && r[0].totals.spot == 0.0);
    assert!(matches!(
        s.apply(Action::AddSpotVariant {
            index: 1,
            spot_pct: 100.0
        }),
        Err(ScenarioError::Engine(e)) if e.problem == planner_core::error::FileProblem::NoSpotPrice
    ));
    // Round trip keeps the variant, and removing it restores the comparison.
    assert_eq!(
        Scenario::from_file(v.to_file(), &Catalog::BUNDLED).unwrap(),
        v
    );
    assert_eq!(v.apply(Action::RemoveOption(1)).unwrap(), s);
}

/// A catalog offer with committed-use prices, in USD, and the default scenario comparing
/// only it.
fn committed() -> (&'static Offer, Scenario) {
    let (i, o) = catalog::OFFERS
        .iter()
        .enumerate()
        .find(|(i, o)| {
            o.currency == Currency::Usd && !catalog::OFFER_DETAILS[*i].commitments.is_empty()
        })
        .unwrap();
    assert_eq!(catalog::offer_index(o.id), Some(i));
    let s = Scenario::default()
        .apply(Action::ClearSelection)
        .unwrap()
        .apply(Action::ToggleOffer(ResolvedOffer::bundled(o)))
        .unwrap();
    (o, s)
}

#[test]
fn storage_and_egress_cost_volume_times_price() {
    let s = Scenario::default()
        .apply(Action::SetStoragePrice(0.02))
        .unwrap()
        .apply(Action::SetEgressPrice(0.09))
        .unwrap();
    assert_eq!(s.storage_price(), 0.02);
    let none = s.evaluate().unwrap();
    assert_eq!(none[0].totals.storage, 0.0);
    let s = s
        .apply(Action::SetStorageGb(1000.0))
        .unwrap()
        .apply(Action::SetEgressGb(500.0))
        .unwrap();
    let r = s.evaluate().unwrap();
    // 12 months × 1,000 GB × 0.02 and 12 × 500 GB × 0.09 (the fleet runs every month).
    assert!(
        (r[0].totals.storage - 240.0).abs() < 1e-6,
        "{}",
        r[0].totals.storage
    );
    assert!(
        (r[0].totals.egress - 540.0).abs() < 1e-6,
        "{}",
        r[0].totals.egress
    );
    assert!((r[0].total - none[0].total - 780.0).abs() < 1e-6);
    // A newly compared offer takes the same per-GB prices.
    let extra = catalog::OFFERS
        .iter()
        .find(|o| !s.selected().iter().any(|id| id == o.id))
        .unwrap();
    let t = s
        .apply(Action::ToggleOffer(ResolvedOffer::bundled(extra)))
        .unwrap();
    assert_eq!(t.options().last().unwrap().egress_per_gb, 0.09);
    assert!(cumulative(&s, &r, &en()).footer[0].contains("storage 1,000 GB at 0.02/GB-month"));
    for a in [
        Action::SetStorageGb(-1.0),
        Action::SetEgressGb(f64::NAN),
        Action::SetStoragePrice(11.0),
        Action::SetEgressPrice(-0.1),
    ] {
        assert!(s.apply(a.clone()).is_err(), "{a:?}");
    }
    assert_eq!(
        Scenario::from_file(s.to_file(), &Catalog::BUNDLED).unwrap(),
        s
    );
}

#[test]
fn calendar_months_start_at_the_chosen_month() {
    let s = Scenario::default()
        .apply(Action::SetCalendarStart("2027-02".into()))
        .unwrap();
    assert_eq!(s.month_code(), "calendar");
    assert_eq!(s.calendar_start().as_deref(), Some("2027-02"));
    let r = s.evaluate().unwrap();
    let fixed = Scenario::default().evaluate().unwrap();
    // February 2027 has 672 hours, fewer than 730: the first month costs less.
    assert!(r[0].monthly[0].total() < fixed[0].monthly[0].total());
    let c = cumulative(&s, &r, &en());
    assert!(
        c.x_label.contains("calendar month from 2027-02"),
        "{}",
        c.x_label
    );
    for bad in ["2027-13", "27-02", "2027/02", "", "2027-1"] {
        assert!(
            s.apply(Action::SetCalendarStart(bad.into())).is_err(),
            "{bad}"
        );
    }
    let back = s
        .apply(Action::SetMonthConvention(MonthConvention::Hours720))
        .unwrap();
    assert_eq!((back.month_code(), back.calendar_start()), ("720h", None));
    assert_eq!(
        Scenario::from_file(s.to_file(), &Catalog::BUNDLED).unwrap(),
        s
    );
}

#[test]
fn reserved_variants_use_the_catalog_commitments() {
    let (offer, s) = committed();
    let commitments = s.option_commitments(0);
    assert!(!commitments.is_empty());
    let v = s
        .apply(Action::AddReservedVariant {
            index: 0,
            reserved_pct: 60.0,
            commitment: 0,
        })
        .unwrap();
    assert_eq!(v.options().len(), 2);
    let o = &v.options()[1];
    assert_eq!(o.offer.map(|r| r.offer.id), Some(offer.id));
    assert_eq!(o.portfolio.unwrap().reserved, 0.6);
    assert_eq!(o.reserved.unwrap().term_months, commitments[0].term_months);
    assert!(
        o.name.as_deref().unwrap().contains("60/40 reserved"),
        "{:?}",
        o.name
    );
    let r = v.evaluate().unwrap();
    assert!(r[1].totals.reserved_upfront + r[1].totals.reserved_recurring > 0.0);
    assert!(r[1].totals.on_demand > 0.0 && r[1].totals.on_demand < r[0].totals.on_demand);
    assert!(r[1]
        .reserved
        .as_ref()
        .unwrap()
        .break_even_utilisation
        .is_some());
    // An offer without commitments refuses, and the scenario stays as it was.
    let (_, plain) = catalog::OFFERS
        .iter()
        .enumerate()
        .find(|(i, _)| catalog::OFFER_DETAILS[*i].commitments.is_empty())
        .unwrap();
    let p = Scenario::default()
        .apply(Action::ClearSelection)
        .unwrap()
        .apply(Action::ToggleOffer(ResolvedOffer::bundled(plain)))
        .unwrap();
    assert!(matches!(
        p.apply(Action::AddReservedVariant {
            index: 0,
            reserved_pct: 60.0,
            commitment: 0
        }),
        Err(ScenarioError::NoCommitment)
    ));
    assert!(v
        .apply(Action::AddReservedVariant {
            index: 0,
            reserved_pct: 60.0,
            commitment: commitments.len()
        })
        .is_err());
    assert_eq!(
        Scenario::from_file(v.to_file(), &Catalog::BUNDLED).unwrap(),
        v
    );
}

#[test]
fn option_shares_always_sum_to_one_hundred() {
    let (_, s) = committed();
    let v = s
        .apply(Action::SetOptionShares {
            index: 0,
            reserved_pct: 30.0,
            spot_pct: 0.0,
        })
        .unwrap();
    let p = v.options()[0].portfolio.unwrap();
    assert_eq!((p.reserved, p.spot), (0.3, 0.0));
    assert!(v.options()[0].reserved.is_some(), "commitment 0 filled in");
    assert!(s
        .apply(Action::SetOptionShares {
            index: 0,
            reserved_pct: 70.0,
            spot_pct: 40.0
        })
        .is_err());
    assert!(s
        .apply(Action::SetOptionShares {
            index: 5,
            reserved_pct: 10.0,
            spot_pct: 0.0
        })
        .is_err());
    // Back to all on demand: no portfolio at all.
    let back = v
        .apply(Action::SetOptionShares {
            index: 0,
            reserved_pct: 0.0,
            spot_pct: 0.0,
        })
        .unwrap();
    assert_eq!(back.options()[0].portfolio, None);
    let n = s.option_commitments(0).len();
    if n > 1 {
        let w = v
            .apply(Action::SetOptionCommitment {
                index: 0,
                commitment: n - 1,
            })
            .unwrap();
        let c = s.option_commitments(0)[n - 1];
        assert_eq!(w.options()[0].reserved.unwrap().upfront, c.upfront);
    }
    assert!(v
        .apply(Action::SetOptionCommitment {
            index: 0,
            commitment: n
        })
        .is_err());
}

#[test]
fn rebalancing_keeps_the_shares_within_one_hundred() {
    assert_eq!(rebalance(30.0, 50.0, true, 70.0), (70.0, 30.0));
    assert_eq!(rebalance(30.0, 50.0, false, 90.0), (10.0, 90.0));
    assert_eq!(rebalance(30.0, 20.0, true, 40.0), (40.0, 20.0));
    assert_eq!(rebalance(0.0, 0.0, false, 100.0), (0.0, 100.0));
}

#[test]
fn reserved_chart_marks_the_break_even_where_the_lines_cross() {
    let (_, s) = committed();
    let empty = reserved(&s, &s.evaluate().unwrap(), &en());
    assert!(empty.lines.is_empty() && empty.markers.is_empty());
    let v = s
        .apply(Action::AddReservedVariant {
            index: 0,
            reserved_pct: 60.0,
            commitment: 0,
        })
        .unwrap();
    let r = v.evaluate().unwrap();
    let c = reserved(&v, &r, &en());
    assert_eq!(
        c.lines.len(),
        2,
        "on-demand and reserved lines of the variant"
    );
    assert!(c
        .lines
        .iter()
        .all(|l| l.series == 1 && l.label.starts_with(&r[1].name)));
    let rs = r[1].reserved.unwrap();
    let u = rs.break_even_utilisation.unwrap();
    assert_eq!(c.markers.len(), 1);
    let m = &c.markers[0];
    assert!((m.x - u * 100.0).abs() < 1e-9, "{} vs {u}", m.x);
    // On the dashed on-demand line, x % utilisation costs od × x / 100: equal to reserved.
    let od = c.lines[0].points[1].1;
    assert!((od * m.x / 100.0 - m.y).abs() < 1e-9 * od.max(1.0));
    assert_eq!(m.y, rs.effective_per_hour);
    assert!(m
        .label
        .contains(&format!("{} %", planner_core::format::number(u * 100.0, 1))));
    assert!(c.y_label.contains("USD") && c.x_label.contains("(%)"));
    assert!(c.footer.iter().any(|f| f.starts_with("Prices as of")));
    let svg =
        planner_app::chart::lines::lines_svg(&c, &planner_app::chart::Theme::LIGHT, 900).unwrap();
    assert!(svg.contains("break-even at"), "marker text in the SVG");
}

#[test]
fn buy_chart_marks_the_crossover_month() {
    let s = Scenario::default();
    let off = buy(&s, &s.evaluate().unwrap(), &en());
    assert!(
        off.lines.is_empty(),
        "nothing to draw until buying is switched on"
    );
    let short = buy(
        &s.apply(Action::EnableBuy(true)).unwrap(),
        &s.apply(Action::EnableBuy(true))
            .unwrap()
            .evaluate()
            .unwrap(),
        &en(),
    );
    // Over the default 12 months renting 8× A100 costs less than the 250,000 purchase.
    assert_eq!(short.markers.len(), 1);
    assert!(short.markers[0]
        .label
        .contains("renting stays cheaper for all 12 months"));
    let b = s
        .apply(Action::SetMonths(36.0))
        .unwrap()
        .apply(Action::EnableBuy(true))
        .unwrap();
    assert_eq!(b.buy(), Some(DEFAULT_BUY));
    assert_eq!(
        b.to_file().buy.map(|f| f.purchase),
        Some(DEFAULT_BUY.purchase)
    );
    let r = b.evaluate().unwrap();
    let c = buy(&b, &r, &en());
    assert_eq!(
        c.lines.len(),
        r.len() + 1,
        "one rent line per option, one buy line"
    );
    let own = c.lines.last().unwrap();
    assert!(
        own.dashed && own.label.starts_with("Buy: 1 × 8-GPU server"),
        "{}",
        own.label
    );
    assert_eq!(
        own.points[0],
        (0.0, 250_000.0),
        "purchase paid at the start"
    );
    assert!(c.markers.len() >= 2, "{:?}", c.markers);
    for m in &c.markers {
        let i = c.lines.iter().position(|l| l.series == m.series).unwrap();
        let month = m.x as u32;
        assert_eq!(r[i].buy.as_ref().unwrap().crossover_month, Some(month));
        let rent = &c.lines[i].points;
        let bought = &own.points;
        let k = month as usize;
        assert_eq!(rent[k].1, m.y);
        assert!(rent[k].1 >= bought[k].1 && rent[k - 1].1 < bought[k - 1].1);
        assert!(m.label.ends_with(&format!("from month {month}")));
    }
    let svg =
        planner_app::chart::lines::lines_svg(&c, &planner_app::chart::Theme::DARK, 1200).unwrap();
    assert!(svg.contains("buying is cheaper from month"));
    // The server form validates every field; switching off keeps nothing.
    let bad = OwnedServer {
        pue: 0.9,
        ..DEFAULT_BUY
    };
    assert!(b.apply(Action::SetBuy(bad)).is_err());
    let cheap = b
        .apply(Action::SetBuy(OwnedServer {
            purchase: 1_000_000.0,
            ..DEFAULT_BUY
        }))
        .unwrap();
    let later = buy(&cheap, &cheap.evaluate().unwrap(), &en());
    assert!(later
        .markers
        .iter()
        .all(|m| m.label.contains("renting stays cheaper") || m.x > c.markers[0].x));
    assert_eq!(
        b.apply(Action::EnableBuy(false)).unwrap().to_file().buy,
        None
    );
    assert_eq!(
        Scenario::from_file(b.to_file(), &Catalog::BUNDLED).unwrap(),
        b
    );
}

/// A value that would make an evaluable scenario unevaluable (a job too long for the engine's
/// horizon, an overhead that is not finite) is refused, so the last results stay; a scenario
/// that is already unevaluable for another reason can still be edited.
#[test]
fn a_job_value_that_breaks_the_comparison_is_refused() {
    let j = Scenario::default()
        .apply(Action::SetMode(Mode::Job))
        .unwrap()
        .apply(Action::SetGpus(1.0))
        .unwrap();
    assert!(j.evaluate().is_ok());
    for action in [
        Action::SetJobGpuHours(1e7),
        Action::SetScalingEfficiency(0.05),
    ] {
        let before = j.apply(Action::SetJobGpuHours(5e5)).unwrap();
        assert!(before.evaluate().is_ok(), "{action:?}: before");
        match before.apply(action.clone()) {
            Err(ScenarioError::Engine(_)) => {}
            other => panic!("{action:?}: {other:?}"),
        }
    }
    // Sized by a 3-month deadline, a 60/40 reserved/spot option's fleet is capped: 1e8
    // GPU-hours would run past the engine's horizon (new-user test: the comparison was replaced
    // by "the job does not finish within 1,200 months").
    let by_deadline = j
        .apply(Action::SetOptionShares {
            index: 0,
            reserved_pct: 60.0,
            spot_pct: 40.0,
        })
        .unwrap()
        .apply(Action::SetJobWithinMonths(3.0))
        .unwrap();
    assert!(by_deadline.evaluate().is_ok());
    assert!(matches!(
        by_deadline.apply(Action::SetJobGpuHours(1e8)),
        Err(ScenarioError::Engine(_))
    ));
    // A scenario the engine refuses already (that same work set before the refusal existed,
    // as a file or link can) still takes edits of the job.
    let mut file = by_deadline.to_file();
    file.workload.gpu_hours = Some(1e8);
    let broken = Scenario::from_file(file, &Catalog::BUNDLED).unwrap();
    assert!(broken.evaluate().is_err());
    assert!(broken.apply(Action::SetScalingEfficiency(0.9)).is_ok());
    // Fewer GPUs in job mode: refused when the job would run past the horizon.
    let long = j
        .apply(Action::SetGpus(256.0))
        .unwrap()
        .apply(Action::SetJobGpuHours(8e6))
        .unwrap();
    assert!(long.evaluate().is_ok());
    assert!(matches!(
        long.apply(Action::SetGpus(1.0)),
        Err(ScenarioError::Engine(_))
    ));
}

#[test]
fn job_mode_runs_until_finished_on_each_gpus_throughput() {
    let s = Scenario::default();
    assert!(
        s.apply(Action::SetJobGpuHours(5000.0)).is_err(),
        "fleet mode first"
    );
    let j = s.apply(Action::SetMode(Mode::Job)).unwrap();
    assert!(j.is_job());
    assert_eq!(j.to_file().horizon_months, None);
    let j = j
        .apply(Action::SetJobGpuHours(50_000.0))
        .unwrap()
        .apply(Action::SetScalingEfficiency(0.9))
        .unwrap();
    let r = j.evaluate().unwrap();
    // AWS p4d (A100 40GB, same dense BF16 as the reference): 50,000 / 0.9 GPU-hours on
    // 8 GPUs is 6,944 h, about 9.5 months of 730 h: 10 monthly points.
    let (t, overridden) = j.option_throughput(0);
    assert!(!overridden && (t - 1.0).abs() < 1e-9, "{t}");
    let hours = 50_000.0 / 0.9 / 8.0;
    assert!(
        (r[0].finish_months.unwrap() - hours / 730.0).abs() < 1e-6,
        "{:?}",
        r[0].finish_months
    );
    assert_eq!(r[0].cumulative.len(), 10);
    let c = cumulative(&j, &r, &en());
    assert_eq!(c.months, 10, "the chart spans the longest job");
    // The line ends where the job finishes (about 9.51), not at month 10, and is marked there.
    let end = *c.lines[0].points.last().unwrap();
    assert!((end.0 - hours / 730.0).abs() < 1e-9, "{end:?}");
    assert!((end.1 - r[0].cumulative[9].total()).abs() < 1e-9);
    assert_eq!(c.lines[0].points.len(), 11);
    assert!(
        c.markers
            .iter()
            // The default's other A100 options end then too: one tag for them all.
            .any(|m| m.x == end.0
                && (m.tag == "ends: month 9.51" || m.tag.ends_with(" options end: month 9.51"))
                && m.label.is_empty()),
        "{:?}",
        c.markers
    );
    assert!(
        c.footer[0].starts_with(
            "Job: 50,000 reference GPU-hours (A100 80GB) on 8 GPUs, scaling efficiency 0.9"
        ),
        "{}",
        c.footer[0]
    );
    // A faster GPU (override) finishes sooner and costs less.
    let fast = j
        .apply(Action::SetThroughput {
            index: 0,
            factor: 2.0,
        })
        .unwrap();
    assert_eq!(fast.option_throughput(0), (2.0, true));
    let rf = fast.evaluate().unwrap();
    assert!(rf[0].total < r[0].total && rf[0].finish_months < r[0].finish_months);
    // A deadline sizes the job instead of a GPU count; SetGpus switches back.
    let d = j.apply(Action::SetJobWithinMonths(3.0)).unwrap();
    assert_eq!(d.to_file().workload.gpus, None);
    let rd = d.evaluate().unwrap();
    assert!(
        rd[0].finish_months.unwrap() <= 3.0 + 1e-9,
        "{:?}",
        rd[0].finish_months
    );
    assert!(cumulative(&d, &rd, &en()).footer[0].contains("within 3 months"));
    assert_eq!(
        d.apply(Action::SetGpus(16.0))
            .unwrap()
            .to_file()
            .workload
            .within_months,
        None
    );
    for a in [
        Action::SetJobGpuHours(0.0),
        Action::SetJobWithinMonths(0.0),
        Action::SetScalingEfficiency(1.5),
        Action::SetThroughput {
            index: 0,
            factor: 0.0,
        },
        Action::SetThroughput {
            index: 9,
            factor: 1.0,
        },
    ] {
        assert!(j.apply(a.clone()).is_err(), "{a:?}");
    }
    assert_eq!(
        Scenario::from_file(j.to_file(), &Catalog::BUNDLED).unwrap(),
        j
    );
    let back = j.apply(Action::SetMode(Mode::Fleet)).unwrap();
    assert!(!back.is_job() && back.evaluate().is_ok());
    // H100 offers run faster than the reference by the catalog's ratio.
    let h100 = catalog::OFFERS
        .iter()
        .find(|o| o.gpu_model == "H100 80GB SXM")
        .unwrap();
    assert!(catalog_throughput(h100).unwrap() > 2.0);
}

/// Job mode never uses the reference GPU's speed for a catalog offer: over the whole
/// catalog, an offer with a throughput figure runs at it, and one without is refused with
/// the reason until the option has its own (and has no job total in the offer table).
#[test]
fn job_mode_never_assumes_the_reference_speed_for_a_catalog_offer() {
    let job = Scenario::default()
        .apply(Action::SetMode(Mode::Job))
        .unwrap()
        .apply(Action::SetJobGpuHours(1000.0))
        .unwrap()
        .apply(Action::ClearSelection)
        .unwrap();
    let offers: Vec<&'static Offer> = catalog::OFFERS.iter().collect();
    let totals = job.offer_totals(&offers);
    let throughput_field = FieldPath::option(0).field(Field::ThroughputFactor);
    let (mut with, mut without, mut evaluated) = (0, 0, 0);
    for o in catalog::OFFERS.iter() {
        let s = job
            .apply(Action::ToggleOffer(ResolvedOffer::bundled(o)))
            .unwrap();
        match catalog_throughput(o) {
            Some(t) => {
                with += 1;
                assert!(!s.option_lacks_throughput(0), "{}", o.id);
                assert_eq!(s.option_throughput(0), (t, false), "{}", o.id);
                if let Ok(r) = s.evaluate() {
                    evaluated += 1;
                    let own = s
                        .apply(Action::SetThroughput {
                            index: 0,
                            factor: t,
                        })
                        .unwrap()
                        .evaluate()
                        .unwrap();
                    assert_eq!(r[0].total, own[0].total, "{}", o.id);
                }
            }
            None => {
                without += 1;
                assert!(s.option_lacks_throughput(0), "{}", o.id);
                let e = s.evaluate().unwrap_err();
                assert_eq!(
                    (e.field, e.problem),
                    (
                        throughput_field,
                        FileProblem::NoThroughputFigure(o.gpu_model.to_string())
                    ),
                    "{}",
                    o.id
                );
                assert!(s.risk_bands().iter().all(Option::is_none));
                assert!(!totals.contains_key(o.id), "{}", o.id);
                // With the option's own throughput it is evaluated.
                let set = s
                    .apply(Action::SetThroughput {
                        index: 0,
                        factor: 0.5,
                    })
                    .unwrap();
                assert!(!set.option_lacks_throughput(0));
                if let Err(e) = set.evaluate() {
                    assert_ne!(e.field, throughput_field, "{}", o.id);
                }
                // Fleet mode does not need it.
                let fleet = s.apply(Action::SetMode(Mode::Fleet)).unwrap();
                if let Err(e) = fleet.evaluate() {
                    assert_ne!(e.field, throughput_field, "{}", o.id);
                }
            }
        }
    }
    assert!(
        with > 500 && evaluated > 500 && without > 0,
        "{with} with a figure ({evaluated} evaluated), {without} without"
    );
    // The reason is translated, and its English `Display` names the GPU.
    let e = FileError::new(
        throughput_field,
        FileProblem::NoThroughputFigure("RTX A4000".into()),
    );
    let zh = Translator::new(Language::ZhCn).file_error(&e);
    assert!(zh.contains("吞吐量") && zh.contains("RTX A4000"), "{zh}");
    assert_eq!(
        e.to_string(),
        "options[0].throughput_factor: is required in job mode: the catalog has no throughput \
         figure for RTX A4000"
    );
}

#[test]
fn spot_options_get_a_p10_p90_band_on_the_cumulative_chart() {
    let with_spot = catalog::OFFERS
        .iter()
        .find(|o| o.spot_per_hour.is_some() && o.currency == Currency::Usd)
        .unwrap();
    let s = Scenario::default()
        .apply(Action::ClearSelection)
        .unwrap()
        .apply(Action::ToggleOffer(ResolvedOffer::bundled(with_spot)))
        .unwrap()
        .apply(Action::AddSpotVariant {
            index: 0,
            spot_pct: 100.0,
        })
        .unwrap()
        .apply(Action::SetCheckpointWrite(0.1))
        .unwrap()
        .apply(Action::SetRestart(0.5))
        .unwrap()
        .apply(Action::SetSpotInterruptions(0.05))
        .unwrap();
    let started = std::time::Instant::now();
    let bands = s.risk_bands();
    let took = started.elapsed();
    assert_eq!(bands.len(), 2);
    assert!(bands[0].is_none(), "on demand carries no interruption risk");
    let b = bands[1].as_ref().unwrap();
    let r = s.evaluate().unwrap();
    assert_eq!(b.len(), r[1].cumulative.len());
    let last = b.last().unwrap();
    assert!(last.p10 <= last.p50 && last.p50 <= last.p90);
    assert!(
        last.p90 > last.p10,
        "interruptions spread the cost: {last:?}"
    );
    let closed = r[1].total;
    assert!(
        (last.p50 - closed).abs() < 0.05 * closed,
        "median {} near the closed form {closed}",
        last.p50
    );
    let c = with_bands(cumulative(&s, &r, &en()), &bands, 0, s.monte_carlo(), &en());
    assert_eq!(c.bands.len(), 1);
    assert_eq!(c.bands[0].series, 1);
    assert_eq!(c.bands[0].points.len(), r[1].cumulative.len() + 1);
    assert!(c.footer.last().unwrap().starts_with("Shaded: P10–P90"));
    let svg =
        planner_app::chart::cumulative_svg(&c, &planner_app::chart::Theme::LIGHT, 900).unwrap();
    assert!(svg.contains("<polygon"), "the band is drawn");
    assert!(svg.contains("Shaded: P10–P90"));
    // No risk, no band and no footer line.
    let calm = Scenario::default();
    let none = calm.risk_bands();
    assert!(none.iter().all(Option::is_none));
    let plain = with_bands(
        cumulative(&calm, &calm.evaluate().unwrap(), &en()),
        &none,
        0,
        calm.monte_carlo(),
        &en(),
    );
    assert!(plain.bands.is_empty() && !plain.footer.iter().any(|f| f.starts_with("Shaded")));
    // Bands still being computed: none drawn yet, and the footer says so.
    let waiting = with_bands(
        cumulative(&s, &r, &en()),
        &[None, None],
        1,
        s.monte_carlo(),
        &en(),
    );
    assert!(waiting.bands.is_empty());
    assert_eq!(waiting.bands_pending, 1);
    assert!(waiting.footer.last().unwrap().contains("being computed"));
    // A band's inputs are equal exactly when its option and plan are: the app reuses it.
    let inputs = s.band_inputs();
    assert!(inputs[0].is_none() && inputs[1].is_some());
    assert_eq!(inputs, s.clone().band_inputs());
    assert_eq!(inputs[1].as_ref().unwrap().run().as_ref(), Some(b));
    let calmer = s.apply(Action::SetSpotInterruptions(0.01)).unwrap();
    assert_ne!(calmer.band_inputs()[1], inputs[1]);
    eprintln!(
        "risk_bands: {} trials x 1 risky option in {took:?} (debug build)",
        BAND_TRIALS
    );
}

#[test]
fn typed_reserved_prices_serve_offers_without_commitments() {
    let (_, plain) = catalog::OFFERS
        .iter()
        .enumerate()
        .find(|(i, o)| {
            catalog::OFFER_DETAILS[*i].commitments.is_empty() && o.currency == Currency::Usd
        })
        .unwrap();
    let s = Scenario::default()
        .apply(Action::ClearSelection)
        .unwrap()
        .apply(Action::ToggleOffer(ResolvedOffer::bundled(plain)))
        .unwrap();
    // Without prices a reserved share is refused.
    assert!(s
        .apply(Action::SetOptionShares {
            index: 0,
            reserved_pct: 50.0,
            spot_pct: 0.0
        })
        .is_err());
    let per_hour = plain.on_demand_per_hour.unwrap() * 0.5;
    let t = s
        .apply(Action::SetInlineReserved {
            index: 0,
            term_months: 12.0,
            upfront: 0.0,
            per_hour,
        })
        .unwrap()
        .apply(Action::SetOptionShares {
            index: 0,
            reserved_pct: 100.0,
            spot_pct: 0.0,
        })
        .unwrap();
    let r = t.evaluate().unwrap();
    let rs = r[0].reserved.unwrap();
    assert!((rs.effective_per_hour - per_hour).abs() < 1e-9);
    assert!((rs.break_even_utilisation.unwrap() - 0.5).abs() < 1e-9);
    for (term, up, ph) in [
        (0.0, 0.0, 1.0),
        (1.5, 0.0, 1.0),
        (12.0, -1.0, 1.0),
        (12.0, 0.0, f64::NAN),
    ] {
        assert!(s
            .apply(Action::SetInlineReserved {
                index: 0,
                term_months: term,
                upfront: up,
                per_hour: ph
            })
            .is_err());
    }
    assert_eq!(
        Scenario::from_file(t.to_file(), &Catalog::BUNDLED).unwrap(),
        t
    );
}

#[test]
fn engine_chart_has_a_line_per_option_and_dated_footer() {
    let s = Scenario::default()
        .apply(Action::SetContingencyPct(5.0))
        .unwrap();
    let r = s.evaluate().unwrap();
    let c = cumulative(&s, &r, &en());
    assert_eq!(c.lines.len(), s.options().len());
    assert_eq!(c.lines[0].points.len(), 13);
    assert_eq!(c.lines[0].points[12].1, r[0].total);
    assert!(c.lines[0].label.starts_with(&r[0].name));
    assert!(c.footer[0].contains("contingency 5 %"), "{:?}", c.footer);
    assert!(c.footer[1].starts_with("Prices as of: "), "{:?}", c.footer);
    assert!(c.x_label.contains("730 h"));
}

#[test]
fn ranking_chart_has_every_option_and_ranks_cheapest_first() {
    let s = Scenario::default();
    let r = s.evaluate().unwrap();
    let c = ranking(&s, &r, &en());
    assert_eq!(c.bars.len(), r.len());
    let ranked = planner_app::chart::ranking::ranked(&c.bars);
    assert!(ranked.windows(2).all(|w| w[0].value <= w[1].value));
    let min = r.iter().map(|x| x.total).fold(f64::INFINITY, f64::min);
    assert_eq!(ranked[0].value, min);
}

#[test]
fn breakdown_chart_shows_the_chosen_option_month_by_month() {
    let s = Scenario::default()
        .apply(Action::SetContingencyPct(10.0))
        .unwrap();
    let r = s.evaluate().unwrap();
    let c = breakdown(&s, &r, 1, &en());
    assert_eq!(c.option, r[1].name);
    assert_eq!(c.monthly, r[1].monthly);
    assert_eq!(
        planner_app::chart::breakdown::used_components(&c),
        vec![3, 12],
        "on-demand and contingency"
    );
    assert_eq!(breakdown(&s, &r, 99, &en()).monthly, r[0].monthly);
    assert!(breakdown(&s, &[], 0, &en()).monthly.is_empty());
}

#[test]
fn offer_totals_match_the_engine_for_compared_offers() {
    let s = Scenario::default()
        .apply(Action::SetContingencyPct(5.0))
        .unwrap();
    let offers: Vec<&'static Offer> = s
        .selected()
        .iter()
        .filter_map(|id| catalog::offer_by_id(id))
        .collect();
    let totals = s.offer_totals(&offers);
    let r = s.evaluate().unwrap();
    for (o, r) in offers.iter().zip(&r) {
        let t = totals[o.id];
        assert!(
            (t - r.total).abs() < 1e-6 * r.total,
            "{}: {t} vs {}",
            o.id,
            r.total
        );
    }
    let all: Vec<&'static Offer> = catalog::OFFERS.iter().collect();
    let every = s.offer_totals(&all);
    assert!(
        every.len() > all.len() / 2,
        "most offers are costed: {}",
        every.len()
    );
    assert!(every.values().all(|v| v.is_finite() && *v >= 0.0));
    // An offer with no on-demand price (reserved, spot or packages only) has no all-on-demand
    // total: it is left out (the table shows n/a and sorts it last), never costed at 0.
    let no_on_demand: Vec<&str> = all
        .iter()
        .filter(|o| o.on_demand_per_hour.is_none())
        .map(|o| o.id)
        .collect();
    assert!(!no_on_demand.is_empty(), "the catalog has such offers");
    for id in no_on_demand {
        assert!(!every.contains_key(id), "{id}: {:?}", every.get(id));
    }
    assert!(
        every.values().all(|v| *v > 0.0),
        "no offer costs 0 all on demand"
    );
}

/// One offer the engine cannot cost (0 GPUs per instance) leaves the others costed, and an
/// offer in another currency is converted once, at the scenario's rate.
#[test]
fn offer_totals_keep_failures_per_offer_and_convert_once() {
    let offer = |gpu_count, on_demand_per_hour, currency| -> &'static Offer {
        Box::leak(Box::new(Offer {
            gpu_count,
            on_demand_per_hour: Some(on_demand_per_hour),
            currency,
            id: Box::leak(format!("test/{gpu_count}-{currency}").into_boxed_str()),
            ..catalog::OFFERS[0]
        }))
    };
    let (good, bad) = (offer(1, 2.0, Currency::Usd), offer(0, 2.0, Currency::Usd));
    let cny = offer(1, 10.0, Currency::Cny);
    let s = Scenario::default()
        .apply(Action::SetGpus(1.0))
        .and_then(|s| s.apply(Action::SetMonths(2.0)))
        .and_then(|s| s.apply(Action::SetUsdPerCny(0.14)))
        .unwrap();
    let totals = s.offer_totals(&[good, bad, cny]);
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs().max(1.0);
    assert!(close(totals[good.id], 2.0 * 730.0 * 2.0), "{totals:?}");
    assert!(!totals.contains_key(bad.id));
    assert!(
        close(totals[cny.id], 10.0 * 730.0 * 2.0 * 0.14),
        "{totals:?}"
    );
}

#[test]
fn spot_risk_settings_raise_the_spot_variant_cost() {
    let with_spot = catalog::OFFERS
        .iter()
        .find(|o| o.spot_per_hour.is_some() && o.currency == Currency::Usd)
        .unwrap();
    let s = Scenario::default()
        .apply(Action::ClearSelection)
        .unwrap()
        .apply(Action::ToggleOffer(ResolvedOffer::bundled(with_spot)))
        .unwrap()
        .apply(Action::AddSpotVariant {
            index: 0,
            spot_pct: 100.0,
        })
        .unwrap()
        .apply(Action::SetCheckpointWrite(0.1))
        .unwrap()
        .apply(Action::SetRestart(0.25))
        .unwrap();
    assert_eq!(s.spot_interruptions(), DEFAULT_SPOT_INTERRUPTIONS);
    let calm = s.apply(Action::SetSpotInterruptions(0.0)).unwrap();
    let stormy = s.apply(Action::SetSpotInterruptions(0.2)).unwrap();
    let (c, st) = (calm.evaluate().unwrap(), stormy.evaluate().unwrap());
    assert_eq!(
        c[0].total, st[0].total,
        "the on-demand option is unaffected"
    );
    assert!(st[1].totals.rework > c[1].totals.rework);
    assert!(st[1].total > c[1].total);
    // Young's interval is suggested, and one action puts it back after a manual one.
    let young = st[1].suggested_checkpoint_hours.unwrap();
    assert!(
        (young - (2.0 * 0.1 / 0.2_f64).sqrt()).abs() < 1e-9,
        "{young}"
    );
    let manual = stormy.apply(Action::SetCheckpointInterval(5.0)).unwrap();
    assert_eq!(manual.checkpoint().interval_hours, Some(5.0));
    assert!(
        manual.evaluate().unwrap()[1].total > st[1].total,
        "Young's is cheaper"
    );
    let back = manual
        .apply(Action::UseSuggestedCheckpointInterval)
        .unwrap();
    assert_eq!(back.evaluate().unwrap()[1].total, st[1].total);
    assert!(s.apply(Action::SetSpotInterruptions(2.0)).is_err());
    assert_eq!(
        Scenario::from_file(manual.to_file(), &Catalog::BUNDLED).unwrap(),
        manual
    );
}

#[test]
fn invalid_values_leave_the_scenario_unchanged() {
    let s = Scenario::default();
    for a in [
        Action::SetGpus(0.0),
        Action::SetGpus(1.5),
        Action::SetGpus(f64::NAN),
        Action::SetHoursPerDay(24.5),
        Action::SetHoursPerDay(-1.0),
        Action::SetHoursPerDay(0.000_000_1),
        Action::SetMonths(f64::INFINITY),
        Action::SetUsdPerCny(0.0),
    ] {
        assert!(s.apply(a.clone()).is_err(), "{a:?}");
    }
    let s2 = s.apply(Action::SetGpus(16.0)).unwrap();
    assert_eq!(s2.fleet().gpus, 16);
}

#[test]
fn chart_has_one_line_per_valid_option_with_units() {
    let s = Scenario::default();
    let results = s.evaluate().unwrap();
    let c = cumulative(&s, &results, &en());
    assert_eq!(c.lines.len(), s.selected().len());
    assert_eq!(c.x_label, "Month (1 month = 730 h)");
    assert!(c.y_label.contains("USD"));
    assert!(c.footer.iter().any(|f| f.starts_with("Prices as of")));
    assert!(c.lines.iter().all(|l| l.points.len() == 13));
    // Each line starts at 0 at month 0 and ends at its option's total.
    for (line, r) in c.lines.iter().zip(&results) {
        assert_eq!(line.points[0], (0.0, 0.0));
        assert_eq!(line.points[12], (12.0, r.total));
    }
}

#[test]
fn switching_currency_converts_the_owned_server_not_relabels_it() {
    let s = Scenario::default()
        .apply(Action::SetBuy(OwnedServer {
            gpus: 8,
            purchase: 250_000.0,
            life_years: 3.0,
            residual: 0.1,
            kw: 6.5,
            pue: 1.3,
            price_per_kwh: 0.12,
            ops_per_month: 1_500.0,
        }))
        .expect("valid");
    let cny = s.apply(Action::SetCurrency(Currency::Cny)).expect("valid");
    let buy = cny.buy().expect("kept");
    assert!((buy.purchase - 250_000.0 / 0.138).abs() < 1e-6);
    assert!((buy.price_per_kwh - 0.12 / 0.138).abs() < 1e-12);
    assert!((buy.ops_per_month - 1_500.0 / 0.138).abs() < 1e-9);
    let back = cny
        .apply(Action::SetCurrency(Currency::Usd))
        .expect("valid");
    let buy = back.buy().expect("kept");
    assert!((buy.purchase - 250_000.0).abs() < 1e-6);
    assert!((buy.ops_per_month - 1_500.0).abs() < 1e-9);
}

/// Every field a preset (or the golden files the page is tested with) gives comes back, with its
/// value, when the page takes it and writes it again (share link, export, storage): the
/// typed state leaves out only fields the file left out at their defaults.
#[test]
fn every_field_a_preset_gives_comes_back() {
    fn gives(got: &serde_json::Value, want: &serde_json::Value, path: &str) {
        match want {
            serde_json::Value::Object(w) => {
                for (k, v) in w {
                    gives(&got[k.as_str()], v, &format!("{path}.{k}"));
                }
            }
            serde_json::Value::Array(w) => {
                assert_eq!(got.as_array().map(Vec::len), Some(w.len()), "{path}");
                for (i, v) in w.iter().enumerate() {
                    gives(&got[i], v, &format!("{path}[{i}]"));
                }
            }
            serde_json::Value::Number(w) => assert_eq!(got.as_f64(), w.as_f64(), "{path}"),
            _ => assert_eq!(got, want, "{path}"),
        }
    }
    let golden = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/golden/offpeak-render.json"
    );
    let mut files: Vec<(String, file::ScenarioFile)> = planner_app::presets::PRESETS
        .iter()
        .map(|p| (p.id.to_string(), p.scenario().unwrap()))
        .collect();
    files.push((
        "offpeak-render".into(),
        file::parse(&std::fs::read_to_string(golden).unwrap()).unwrap(),
    ));
    for (id, f) in files {
        let want = serde_json::to_value(&f).unwrap();
        let s = Scenario::from_file(f, &Catalog::BUNDLED).unwrap();
        let got = serde_json::to_value(s.to_file()).unwrap();
        gives(&got, &want, &id);
    }
}

#[test]
fn host_failures_are_set_per_option_and_cost_restarts() {
    let s = Scenario::default();
    let before = s.evaluate().unwrap();
    let failing = s
        .apply(Action::SetHostFailures {
            index: 0,
            per_hour: 0.002,
        })
        .unwrap();
    assert_eq!(failing.options()[0].failures_per_hour, 0.002);
    assert_eq!(
        failing.options()[1].failures_per_hour,
        0.0,
        "other options keep theirs"
    );
    let after = failing.evaluate().unwrap();
    assert!(
        after[0].total > before[0].total,
        "{} > {}",
        after[0].total,
        before[0].total
    );
    assert_eq!(after[1].total, before[1].total);
    // Kept through the scenario file.
    assert_eq!(
        Scenario::from_file(failing.to_file(), &Catalog::BUNDLED).unwrap(),
        failing
    );
    for bad in [-0.1, 10.5, f64::NAN] {
        assert!(
            matches!(
                s.apply(Action::SetHostFailures {
                    index: 0,
                    per_hour: bad
                }),
                Err(ScenarioError::OutOfRange {
                    input: planner_app::validation::Input::HostFailures,
                    ..
                })
            ),
            "{bad}"
        );
    }
    assert!(matches!(
        s.apply(Action::SetHostFailures {
            index: 99,
            per_hour: 0.001
        }),
        Err(ScenarioError::NoSuchOption(99))
    ));
}

#[test]
fn an_off_peak_job_is_modelled_with_the_strategy_controls() {
    let job = Scenario::default()
        .apply(Action::SetMode(Mode::Job))
        .unwrap();
    let flat = job.evaluate().unwrap();
    let peak = job.options()[0]
        .offer
        .and_then(|r| r.offer.on_demand_per_hour)
        .unwrap();
    let off_peak = |off: f64, from: f64, to: f64| Action::SetOffPeak {
        index: 0,
        off_peak_per_hour: off,
        peak_from_hour: from,
        peak_to_hour: to,
    };
    let cheap_nights = job.apply(off_peak(peak / 2.0, 8.0, 22.0)).unwrap();
    match cheap_nights.options()[0].on_demand {
        Some(planner_core::option::OnDemandPrices::PeakOffPeak {
            peak: p,
            off_peak: o,
            from_hour: 8,
            to_hour: 22,
            ..
        }) => assert_eq!((p, o), (peak, peak / 2.0)),
        other => panic!("{other:?}"),
    }
    let at_once = cheap_nights.evaluate().unwrap();
    assert!(
        at_once[0].total < flat[0].total,
        "10 of 24 hours at half price"
    );
    assert_eq!(at_once[1].total, flat[1].total, "other options keep theirs");
    let shifted = cheap_nights
        .apply(Action::SetShiftable {
            index: 0,
            shiftable: true,
        })
        .unwrap();
    assert!(shifted.options()[0].shiftable);
    let r = shifted.evaluate().unwrap();
    assert!(
        r[0].total < at_once[0].total,
        "shifted work pays only off-peak: {} < {}",
        r[0].total,
        at_once[0].total
    );
    // Kept through the scenario file.
    assert_eq!(
        Scenario::from_file(shifted.to_file(), &Catalog::BUNDLED).unwrap(),
        shifted
    );
    // An off-peak price of 0 is one price all day again: the offer's.
    let back = cheap_nights.apply(off_peak(0.0, 8.0, 22.0)).unwrap();
    assert_eq!(back, job);
    // Without an off-peak price the peak hours have no effect: moving one is refused, naming
    // it and the price it needs (not silently kept at the hours in force).
    for (moved, input) in [
        (off_peak(0.0, 10.0, 22.0), Input::PeakFrom),
        (off_peak(0.0, 8.0, 23.0), Input::PeakTo),
    ] {
        assert_eq!(
            job.apply(moved),
            Err(ScenarioError::NeedsFirst {
                input,
                needs: Input::OffPeakPrice
            })
        );
    }
    // With hours other than the default in force, the price back to 0 at those hours is fine.
    let wide = job.apply(off_peak(1.0, 0.0, 23.0)).unwrap();
    assert_eq!(wide.apply(off_peak(0.0, 0.0, 23.0)).unwrap(), job);
    for (bad, input) in [
        (off_peak(-1.0, 8.0, 22.0), Input::OffPeakPrice),
        (off_peak(1.0, 7.5, 22.0), Input::PeakFrom),
        (off_peak(1.0, 8.0, 24.0), Input::PeakTo),
    ] {
        assert!(
            matches!(job.apply(bad.clone()), Err(ScenarioError::OutOfRange { input: i, .. }) if i == input),
            "{bad:?}"
        );
    }
    // An offer without an on-demand price has no peak price to pair an off-peak price with.
    let unpriced = catalog::OFFERS
        .iter()
        .find(|o| o.on_demand_per_hour.is_none())
        .unwrap();
    let s = Scenario::default()
        .apply(Action::ClearSelection)
        .unwrap()
        .apply(Action::ToggleOffer(ResolvedOffer::bundled(unpriced)))
        .unwrap();
    assert_eq!(
        s.apply(off_peak(1.0, 8.0, 22.0)),
        Err(ScenarioError::NoOnDemandPrice)
    );
}

#[test]
fn monte_carlo_trials_and_seed_drive_the_risk_bands() {
    let s = Scenario::default()
        .apply(Action::SetHostFailures {
            index: 0,
            per_hour: 0.01,
        })
        .unwrap();
    assert_eq!(s.monte_carlo().trials, BAND_TRIALS);
    assert_eq!(s.monte_carlo().seed, 1);
    let default_band = s.risk_bands()[0].clone().unwrap();
    let set = s
        .apply(Action::SetMonteCarlo {
            trials: 1_000.0,
            seed: 7.0,
        })
        .unwrap();
    assert_eq!(
        (set.monte_carlo().trials, set.monte_carlo().seed),
        (1_000, 7)
    );
    let band = set.risk_bands()[0].clone().unwrap();
    assert_ne!(band, default_band, "other trials, other percentiles");
    assert_eq!(set.risk_bands()[0].clone().unwrap(), band, "a seed repeats");
    assert_eq!(
        Scenario::from_file(set.to_file(), &Catalog::BUNDLED).unwrap(),
        set
    );
    let c = with_bands(
        cumulative(&set, &set.evaluate().unwrap(), &en()),
        &set.risk_bands(),
        0,
        set.monte_carlo(),
        &en(),
    );
    assert!(
        c.footer
            .iter()
            .any(|f| f.contains("1,000") && f.contains("seed 7")),
        "{:?}",
        c.footer
    );
    for (trials, seed, input) in [
        (50.0, 1.0, Input::Trials),
        (100_001.0, 1.0, Input::Trials),
        (1_000.0, 1.5, Input::Seed),
        (1_000.0, -1.0, Input::Seed),
    ] {
        assert!(
            matches!(s.apply(Action::SetMonteCarlo { trials, seed }), Err(ScenarioError::OutOfRange { input: i, .. }) if i == input),
            "{trials} {seed}"
        );
    }
}

#[test]
fn free_allowances_and_a_spot_bid_cap_are_set_per_option() {
    use planner_app::action::FreeKind;
    let s = Scenario::default();
    let before = s.evaluate().unwrap();
    let free = s
        .apply(Action::SetFreeAllowance {
            index: 0,
            kind: FreeKind::GpuHours,
            monthly: 100.0,
            once: 500.0,
        })
        .unwrap();
    assert_eq!(free.options()[0].free.gpu_hours.monthly, 100.0);
    assert_eq!(free.options()[0].free.gpu_hours.once, 500.0);
    let after = free.evaluate().unwrap();
    assert!(
        after[0].total < before[0].total,
        "free GPU-hours cost nothing"
    );
    assert_eq!(after[1].total, before[1].total, "other options keep theirs");
    assert_eq!(
        Scenario::from_file(free.to_file(), &Catalog::BUNDLED).unwrap(),
        free
    );
    for (monthly, once, input) in [
        (-1.0, 0.0, Input::FreeMonthly),
        (0.0, f64::NAN, Input::FreeOnce),
    ] {
        assert!(
            matches!(s.apply(Action::SetFreeAllowance { index: 0, kind: FreeKind::EgressGb, monthly, once }),
                Err(ScenarioError::OutOfRange { input: i, .. }) if i == input),
            "{monthly} {once}"
        );
    }
    // A bid cap needs spot capacity.
    assert_eq!(
        s.apply(Action::SetBidCap {
            index: 0,
            per_hour: 1.0
        }),
        Err(ScenarioError::NoSpotOption)
    );
    // So does an interruption rate: without spot capacity every value typed is told so, not a
    // bad one its range and a good one the missing spot variant.
    assert!(s.options().iter().all(|o| o.spot.is_none()));
    for v in [-5.0, 0.0, 0.05, f64::NAN] {
        assert_eq!(
            s.apply(Action::SetSpotInterruptions(v)),
            Err(ScenarioError::NoSpotOption),
            "{v}"
        );
    }
    let spot = s
        .apply(Action::AddSpotVariant {
            index: 0,
            spot_pct: 100.0,
        })
        .unwrap();
    let market = spot.options()[1]
        .offer
        .and_then(|r| r.offer.spot_per_hour)
        .unwrap();
    let uncapped = spot.evaluate().unwrap()[1].total;
    let capped = spot
        .apply(Action::SetBidCap {
            index: 1,
            per_hour: market / 2.0,
        })
        .unwrap();
    assert_eq!(
        capped.options()[1].spot.unwrap().bid_cap_per_hour,
        Some(market / 2.0)
    );
    assert!(
        capped.evaluate().unwrap()[1].total > uncapped,
        "under the market price every hour falls back to on-demand"
    );
    assert_eq!(
        Scenario::from_file(capped.to_file(), &Catalog::BUNDLED).unwrap(),
        capped
    );
    let none = capped
        .apply(Action::SetBidCap {
            index: 1,
            per_hour: 0.0,
        })
        .unwrap();
    assert_eq!(none, spot, "0 = no cap");
}

#[test]
fn the_mainland_example_compares_chinese_offers_in_cny() {
    use planner_app::state::{MAINLAND_PICKS, RATE_WARN_FRACTION};
    let s = Scenario::mainland();
    assert_eq!(
        s.options().len(),
        MAINLAND_PICKS.len(),
        "every pick is in the catalog"
    );
    assert_eq!(s.display_currency(), Currency::Cny);
    let providers: Vec<&str> = s
        .options()
        .iter()
        .filter_map(|o| o.offer.map(|r| r.offer.provider))
        .collect();
    assert_eq!(
        providers,
        ["AutoDL", "AutoDL", "Alibaba Cloud", "Tencent Cloud"]
    );
    assert!(s
        .options()
        .iter()
        .all(|o| o.offer.is_some_and(|r| r.offer.currency == Currency::Cny)));
    let r = s.evaluate().unwrap();
    assert!(r.iter().all(|x| x.total.is_finite() && x.total > 0.0));
    // The rate: no warning at the catalog's, one far from it (typed the wrong way round).
    assert_eq!(s.rate_far_from_default(), None);
    let near = s.apply(Action::SetUsdPerCny(0.14)).unwrap();
    assert_eq!(near.rate_far_from_default(), None);
    let wrong_way = s.apply(Action::SetUsdPerCny(7.2)).unwrap();
    assert!(wrong_way.rate_far_from_default().unwrap() > RATE_WARN_FRACTION);
}

#[test]
fn variants_are_named_in_the_page_language() {
    use planner_core::language::Language;
    let s = Scenario::default();
    let base = s.option_name(0);
    let spot = |lang, pct| {
        s.apply_in(
            Action::AddSpotVariant {
                index: 0,
                spot_pct: pct,
            },
            lang,
        )
        .unwrap()
        .option_name(1)
    };
    assert_eq!(spot(Language::En, 100.0), format!("{base}, spot"));
    assert_eq!(spot(Language::En, 50.0), format!("{base}, 50 % spot"));
    assert_eq!(spot(Language::ZhCn, 100.0), format!("{base}，竞价"));
    assert_eq!(spot(Language::ZhCn, 50.0), format!("{base}，50% 竞价"));
    // `apply` names in English.
    assert_eq!(
        s.apply(Action::AddSpotVariant {
            index: 0,
            spot_pct: 100.0
        })
        .unwrap()
        .option_name(1),
        spot(Language::En, 100.0)
    );
    let reserved = |lang| {
        s.apply_in(
            Action::AddReservedVariant {
                index: 0,
                reserved_pct: 60.0,
                commitment: 0,
            },
            lang,
        )
        .unwrap()
        .option_name(1)
    };
    let en = reserved(Language::En);
    assert!(
        en.starts_with(&format!("{base}, 60/40 reserved ")) && en.ends_with(" upfront/on-demand"),
        "{en}"
    );
    let zh = reserved(Language::ZhCn);
    assert!(
        zh.starts_with(&format!("{base}，预留 60/按需 40，")) && zh.ends_with("预付"),
        "{zh}"
    );
}

#[test]
fn whole_instance_rounding_of_a_spot_share_is_said_and_billed() {
    // An 8-GPU offer sold on demand and on spot, 8 GPUs: one instance.
    let offer = catalog::OFFERS
        .iter()
        .find(|o| o.gpu_count == 8 && o.spot_per_hour.is_some() && o.on_demand_per_hour.is_some())
        .unwrap();
    let s = Scenario::default()
        .apply(Action::ClearSelection)
        .unwrap()
        .apply(Action::ToggleOffer(ResolvedOffer::bundled(offer)))
        .unwrap();
    let half = s
        .apply(Action::AddSpotVariant {
            index: 0,
            spot_pct: 50.0,
        })
        .unwrap();
    // Half of the one instance rounds to the whole instance on spot, and the page says so.
    let r = half.share_rounding(1).unwrap();
    let c = r.spot.unwrap();
    assert_eq!(
        (c.share_pct, c.instances, c.effective_pct, r.on_demand_pct),
        (50.0, 1.0, 100.0, 0.0)
    );
    assert_eq!(r.reserved, None);
    // The engine bills it so: one spot instance, none on demand, less than all on demand.
    let results = half.evaluate().unwrap();
    assert_eq!(
        (results[1].instances.spot, results[1].instances.on_demand),
        (1.0, 0.0)
    );
    assert!(results[1].total < results[0].total);
    // 16 GPUs (two instances): 50 % is one of them, as typed, so nothing to say.
    let two = half.apply(Action::SetGpus(16.0)).unwrap();
    assert_eq!(two.share_rounding(1), None);
    assert_eq!(
        (
            two.evaluate().unwrap()[1].instances.spot,
            two.evaluate().unwrap()[1].instances.on_demand
        ),
        (1.0, 1.0)
    );
    // In job mode spot is billed pro rata: no rounding.
    let job = half.apply(Action::SetMode(Mode::Job)).unwrap();
    assert_eq!(job.share_rounding(1), None);
}

#[test]
fn whole_instance_rounding_of_a_reserved_share_is_said() {
    let s = Scenario::default()
        .apply(Action::AddReservedVariant {
            index: 0,
            reserved_pct: 60.0,
            commitment: 0,
        })
        .unwrap();
    // 60 % of 8 GPUs on 8-GPU instances: one whole instance, all 8 GPUs reserved.
    let r = s.share_rounding(1).unwrap();
    let c = r.reserved.unwrap();
    assert_eq!(
        (
            c.share_pct,
            r.gpus,
            c.instances,
            r.gpus_per_instance,
            c.effective_pct,
            r.on_demand_pct
        ),
        (60.0, 8, 1.0, 8, 100.0, 0.0)
    );
    assert_eq!(r.spot, None, "no spot share");
    assert_eq!(s.share_rounding(0), None, "no reserved share");
    assert_eq!(c.gpus_served, 8.0, "the whole instance serves the fleet");
    // 60 % of 4 GPUs: one 8-GPU instance, rented whole, serving the 4 GPUs (the page says
    // how many of its GPUs are used).
    let four = s.apply(Action::SetGpus(4.0)).unwrap();
    let c = four.share_rounding(1).unwrap().reserved.unwrap();
    assert_eq!(
        (c.instances, c.gpus_served, c.effective_pct),
        (1.0, 4.0, 100.0)
    );
    // 60 % of 40 GPUs is exactly 3 instances: nothing to say.
    let exact = s.apply(Action::SetGpus(40.0)).unwrap();
    assert_eq!(exact.share_rounding(1), None);
    // The engine bills what is said: the variant's reserved instances.
    assert_eq!(s.evaluate().unwrap()[1].instances.reserved, 1.0);
}

#[test]
fn variants_do_not_stack() {
    let s = Scenario::default();
    let spot = s
        .apply(Action::AddSpotVariant {
            index: 0,
            spot_pct: 100.0,
        })
        .unwrap();
    assert_eq!(
        spot.apply(Action::AddSpotVariant {
            index: 1,
            spot_pct: 50.0
        }),
        Err(ScenarioError::AlreadyVariant)
    );
    let reserved = s
        .apply(Action::AddReservedVariant {
            index: 0,
            reserved_pct: 60.0,
            commitment: 0,
        })
        .unwrap();
    assert_eq!(
        reserved.apply(Action::AddReservedVariant {
            index: 1,
            reserved_pct: 60.0,
            commitment: 0
        }),
        Err(ScenarioError::AlreadyVariant)
    );
    // The base options still take variants, and a reserved variant may get a spot one.
    assert!(spot
        .apply(Action::AddReservedVariant {
            index: 0,
            reserved_pct: 60.0,
            commitment: 0
        })
        .is_ok());
}

/// Options are duplicated (every input the same, a free numbered name) and renamed (trimmed,
/// not empty, at most 80 characters); a refused name changes nothing.
#[test]
fn options_are_duplicated_and_renamed_with_validated_names() {
    use planner_app::validation::{ScenarioError, MAX_COMPARED, MAX_NAME_CHARS};
    let s = Scenario::default();
    let n = s.options().len();
    let name0 = s.option_name(0);
    let d = s.apply(Action::DuplicateOption(0)).unwrap();
    assert_eq!(d.options().len(), n + 1);
    assert_eq!(d.option_name(1), format!("{name0} (2)"));
    let r = d.evaluate().unwrap();
    assert_eq!(r[0].total, r[1].total, "a copy costs the same");
    // A second copy takes the next free number.
    let dd = d.apply(Action::DuplicateOption(0)).unwrap();
    assert_eq!(dd.option_name(1), format!("{name0} (3)"));
    let renamed = d
        .apply(Action::RenameOption {
            index: 1,
            name: "  60/40 reserved on AWS  ".into(),
        })
        .unwrap();
    assert_eq!(renamed.option_name(1), "60/40 reserved on AWS");
    assert_eq!(renamed.evaluate().unwrap()[1].name, "60/40 reserved on AWS");
    assert_eq!(
        d.apply(Action::RenameOption {
            index: 1,
            name: "   ".into()
        }),
        Err(ScenarioError::EmptyName)
    );
    assert_eq!(
        d.apply(Action::RenameOption {
            index: 1,
            name: "x".repeat(MAX_NAME_CHARS + 1)
        }),
        Err(ScenarioError::NameTooLong {
            len: MAX_NAME_CHARS + 1,
            max: MAX_NAME_CHARS
        })
    );
    assert_eq!(
        d.apply(Action::RenameOption {
            index: 99,
            name: "a".into()
        }),
        Err(ScenarioError::NoSuchOption(99))
    );
    assert!(d.apply(Action::DuplicateOption(99)).is_err());
    // Never beyond the comparison's limit.
    let mut full = s.clone();
    while full.options().len() < MAX_COMPARED {
        full = full.apply(Action::DuplicateOption(0)).unwrap();
    }
    assert_eq!(
        full.apply(Action::DuplicateOption(0)),
        Err(ScenarioError::TooManyOffers)
    );
    // The names survive the scenario file.
    assert_eq!(
        Scenario::from_file(renamed.to_file(), &Catalog::BUNDLED).unwrap(),
        renamed
    );
}

/// A scenario file from JSON text, shown with the bundled catalog.
fn scenario_json(json: &str) -> Scenario {
    Scenario::from_file(file::parse(json).unwrap(), &Catalog::BUNDLED).unwrap()
}

#[test]
fn the_payback_marker_compares_a_reserved_option_with_its_own_offer_on_demand() {
    // A: an offer on demand at 10/h; B: the same offer reserved, 20,000 upfront and 5/h: the
    // upfront pays back against A at 20,000 / ((10 − 5) × 730) = 5.48 months (full use,
    // docs/cost-model.md). C: another provider's on-demand option is no base for it.
    let option = |name: &str, offer: Option<&str>, od: f64, reserved: bool| {
        let offer = offer.map_or(String::new(), |o| format!(r#""offer": "{o}","#));
        let reserved = if reserved {
            r#","reserved": { "term_months": 12, "upfront": 20000, "recurring_per_hour": 5 }, "portfolio": { "reserved": 1 }"#
        } else {
            ""
        };
        format!(
            r#"{{ "name": "{name}", {offer} "currency": "USD", "gpus_per_instance": 1, "on_demand_per_hour": {od}{reserved} }}"#
        )
    };
    let scenario = |options: &[String]| {
        scenario_json(&format!(
            r#"{{ "version": 2, "horizon_months": 12, "workload": {{ "mode": "fleet", "gpus": 1, "hours_per_day": 24 }}, "options": [{}] }}"#,
            options.join(",")
        ))
    };
    let a = option("A on demand", Some("skypilot-aws/g5.xlarge"), 10.0, false);
    let b = option("B reserved", Some("skypilot-aws/g5.xlarge"), 10.0, true);
    let c = option("C other provider", None, 8.0, false);
    let paybacks = |s: &Scenario| {
        let r = s.evaluate().unwrap();
        cumulative(s, &r, &en())
            .markers
            .into_iter()
            .filter(|m| m.label.contains("pays back"))
            .map(|m| (m.x, m.label))
            .collect::<Vec<_>>()
    };
    let s = scenario(&[c.clone(), b.clone(), a]);
    let with_base = paybacks(&s);
    assert_eq!(with_base.len(), 1, "{with_base:?}");
    assert!(
        (with_base[0].0 - 20_000.0 / 3_650.0).abs() < 1e-6,
        "{with_base:?}"
    );
    assert_eq!(
        with_base[0].1,
        "B reserved: reserved pays back against A on demand (same offer, on demand)"
    );
    // Without the same offer's on-demand option, no pay-back marker.
    assert_eq!(paybacks(&scenario(&[c, b])), vec![]);
}

#[test]
fn job_ends_at_the_same_month_share_one_tag() {
    // The founding preset: both options finish the 100,000 GPU-hours at month 3.
    let s = Scenario::from_file(
        planner_app::presets::preset("a100-training-reserved-mix")
            .unwrap()
            .scenario()
            .unwrap(),
        &Catalog::BUNDLED,
    )
    .unwrap();
    let r = s.evaluate().unwrap();
    let tags: Vec<String> = cumulative(&s, &r, &en())
        .markers
        .into_iter()
        .map(|m| m.tag)
        .filter(|t| t.contains("end"))
        .collect();
    assert_eq!(tags, vec!["2 options end: month 3".to_string()]);
    // The default comparison in job mode: every option ends at its own month, each once.
    let j = Scenario::default()
        .apply(Action::SetMode(Mode::Job))
        .unwrap();
    let r = j.evaluate().unwrap();
    let c = cumulative(&j, &r, &en());
    let ends: Vec<&str> = c
        .markers
        .iter()
        .map(|m| m.tag.as_str())
        .filter(|t| t.contains("end"))
        .collect();
    let mut unique = ends.clone();
    unique.dedup();
    assert_eq!(ends, unique, "no tag printed twice");
    let counted: usize = ends
        .iter()
        .map(|t| {
            t.split(' ')
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or(1)
        })
        .sum();
    assert_eq!(
        counted,
        r.iter()
            .filter(|o| o.finish_months.is_some_and(|f| f < c.months as f64))
            .count()
    );
}
