//! Issue 18's billing extras through the app's model: the typed actions, their validation and
//! messages, the results and view-model data that carry the new components, and the files,
//! links and saved states that carry the new fields (version 2, reading version 1).

use planner_app::action::Action;
use planner_app::comparison;
use planner_app::i18n::Translator;
use planner_app::state::Scenario;
use planner_app::validation::{Input, ScenarioError};
use planner_app::view::breakdown::breakdown_chart;
use planner_app::view::footer::footer;
use planner_core::catalog::query::Catalog;
use planner_core::language::Language;
use planner_core::share;
use planner_engine::Currency;

/// The default scenario with a savings plan on option 0 whose commitment covers half of the
/// option's on-demand price at 70 % of it.
fn with_plan() -> (Scenario, f64) {
    let s = Scenario::default();
    let od = s.evaluate().unwrap()[0].total;
    let price = s.options()[0]
        .spec(0, Default::default())
        .unwrap()
        .on_demand
        .unwrap()
        .mean();
    let t = s
        .apply(Action::SetSavingsPlan {
            index: 0,
            commitment_per_hour: price * 0.35,
            plan_per_hour: price * 0.7,
            term_months: 12.0,
        })
        .unwrap();
    (t, od)
}

#[test]
fn a_savings_plan_is_set_evaluated_and_removed() {
    let (s, od_total) = with_plan();
    let r = s.evaluate().unwrap();
    let sp = r[0].savings_plan.expect("a savings plan summary");
    assert!(r[0].totals.savings_plan > 0.0);
    assert!(sp.covered_share > 0.0 && sp.covered_share <= 1.0);
    assert!(sp.break_even_utilisation.is_some());
    assert!(r[0].total.is_finite() && r[0].total != od_total);
    // Commitment 0 removes the plan: the totals are those without it again.
    let off = s
        .apply(Action::SetSavingsPlan {
            index: 0,
            commitment_per_hour: 0.0,
            plan_per_hour: 1.0,
            term_months: 12.0,
        })
        .unwrap();
    assert!(off.options()[0].savings_plan.is_none());
    assert_eq!(off.evaluate().unwrap()[0].total, od_total);
}

#[test]
fn bad_savings_plan_input_is_refused_with_its_field_and_nothing_changes() {
    let (s, _) = with_plan();
    for (c, p, t, input) in [
        (-1.0, 1.0, 12.0, Input::SavingsPlanCommitment),
        (f64::NAN, 1.0, 12.0, Input::SavingsPlanCommitment),
        (1.0, 0.0, 12.0, Input::SavingsPlanRate),
        (1.0, f64::INFINITY, 12.0, Input::SavingsPlanRate),
        (1.0, 1.0, 0.0, Input::SavingsPlanTerm),
        (1.0, 1.0, 12.5, Input::SavingsPlanTerm),
    ] {
        let e = s
            .apply(Action::SetSavingsPlan {
                index: 0,
                commitment_per_hour: c,
                plan_per_hour: p,
                term_months: t,
            })
            .unwrap_err();
        match &e {
            ScenarioError::OutOfRange { input: i, .. } => assert_eq!(*i, input, "{e}"),
            other => panic!("expected an out-of-range refusal, got {other:?}"),
        }
        for lang in [Language::En, Language::ZhCn] {
            let text = Translator::new(lang).scenario_error(&e);
            assert!(!text.is_empty() && !text.contains("NaN") && !text.contains("inf"));
        }
    }
    assert!(s
        .apply(Action::SetSavingsPlan {
            index: 99,
            commitment_per_hour: 1.0,
            plan_per_hour: 1.0,
            term_months: 12.0,
        })
        .is_err());
}

#[test]
fn the_plan_travels_in_files_links_and_its_components_in_the_view_data() {
    let (s, _) = with_plan();
    // Scenario file and share link.
    let file = s.to_file();
    assert_eq!(file.version, 2);
    assert!(file.options[0].savings_plan.is_some());
    assert_eq!(
        Scenario::from_file(file.clone(), &Catalog::BUNDLED).unwrap(),
        s
    );
    // Share links (native compression; the page's own is tested in tests/web.rs).
    #[cfg(not(target_arch = "wasm32"))]
    {
        let link = share::encode(&share::Shared {
            language: Language::ZhCn,
            scenario: file.clone(),
        })
        .unwrap();
        let opened = share::decode(&link).unwrap();
        assert!(opened.notices.is_empty(), "{:?}", opened.notices);
        assert_eq!(opened.scenario, file);
    }
    // A version-1 document opens without a notice.
    let mut v1 = serde_json::to_value(Scenario::default().to_file()).unwrap();
    v1["version"] = serde_json::json!(1);
    let (read, notices) = share::load_lenient(&v1);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(
        Scenario::from_file(read, &Catalog::BUNDLED)
            .unwrap()
            .evaluate()
            .unwrap()[0]
            .total,
        Scenario::default().evaluate().unwrap()[0].total
    );
    // Breakdown chart data and the comparison CSV carry the plan.
    let r = s.evaluate().unwrap();
    for lang in [Language::En, Language::ZhCn] {
        let t = Translator::new(lang);
        let c = breakdown_chart(&s, &r, 0, &footer(&s, &r, &t), &t);
        let used = planner_app::chart::breakdown::used_components(&c);
        assert!(used.contains(&9), "savings_plan in the legend: {used:?}");
        assert!(!c.component_labels[9].is_empty() && !c.component_labels[10].is_empty());
        let csv = comparison::to_csv(&r, Currency::Usd, "730h", &t);
        // 13 figures (the savings plan, support and the SLA view among them) and warnings.
        assert_eq!(csv.lines().next().unwrap().split(',').count(), 18);
    }
    let csv = comparison::to_csv(&r, Currency::Usd, "730h", &Translator::new(Language::En));
    let row: Vec<&str> = csv.lines().nth(1).unwrap().split(',').collect();
    let sp: f64 = row[10].parse().unwrap();
    assert!((sp - (r[0].totals.savings_plan + r[0].totals.savings_plan_unused)).abs() < 0.005);
}

/// The default scenario's first option in USD (its catalog offer), for the published plans.
fn usd_option(s: &Scenario) -> Option<usize> {
    s.options().iter().enumerate().find_map(|(i, o)| {
        (o.spec(i, Default::default()).ok()?.currency == Currency::Usd).then_some(i)
    })
}

#[test]
fn a_support_plan_is_published_or_own_and_bad_input_is_refused() {
    let s = Scenario::default();
    let base = s.evaluate().unwrap();
    let i = usd_option(&s).expect("the default scenario has a USD option");
    // A published plan: its charge is the tiers of the month's other charges, at least the
    // minimum, and it appears as its own component.
    let t = s
        .apply(Action::SetSupportPlan {
            index: i,
            plan: Some("aws-business-legacy".into()),
        })
        .unwrap();
    let r = t.evaluate().unwrap();
    let plan = planner_core::catalog::support::support_plan("aws-business-legacy")
        .unwrap()
        .plan();
    for (m, b) in r[i].monthly.iter().zip(&base[i].monthly) {
        let others = b.total() - b.contingency;
        assert!((m.support - plan.monthly(others)).abs() < 1e-6 * others.max(1.0));
        assert!(m.support >= 100.0);
    }
    assert_eq!(
        Scenario::from_file(t.to_file(), &Catalog::BUNDLED).unwrap(),
        t
    );
    // Own: the greater of a minimum and a percentage.
    let own = s
        .apply(Action::SetOwnSupport {
            index: i,
            minimum: 1e6,
            pct: 3.0,
        })
        .unwrap();
    assert!(own.evaluate().unwrap()[i]
        .monthly
        .iter()
        .all(|m| (m.support - 1e6).abs() < 1e-6));
    // Removed: the totals without it.
    let off = t
        .apply(Action::SetSupportPlan {
            index: i,
            plan: None,
        })
        .unwrap();
    assert_eq!(off.evaluate().unwrap()[i].total, base[i].total);
    // Refusals, each with its field, translated.
    let bad = [
        s.apply(Action::SetSupportPlan {
            index: i,
            plan: Some("no-such-plan".into()),
        }),
        s.apply(Action::SetOwnSupport {
            index: i,
            minimum: -1.0,
            pct: 3.0,
        }),
        s.apply(Action::SetOwnSupport {
            index: i,
            minimum: 0.0,
            pct: 101.0,
        }),
    ];
    for e in bad {
        let e = e.unwrap_err();
        for lang in [Language::En, Language::ZhCn] {
            let text = Translator::new(lang).scenario_error(&e);
            assert!(!text.is_empty() && !text.contains("NaN"), "{text}");
        }
    }
    // The comparison CSV carries the support total.
    let csv = comparison::to_csv(&r, Currency::Usd, "730h", &Translator::new(Language::En));
    let row: Vec<String> = csv::Reader::from_reader(csv.as_bytes())
        .records()
        .nth(i)
        .unwrap()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect();
    let support: f64 = row[12].parse().unwrap();
    assert!((support - r[i].totals.support).abs() < 0.005);
}

/// A weekly package (包周, as AutoDL sells it) on an option: the engine picks packages when
/// they are cheaper, says which, and bad prices are refused with their field.
#[test]
fn packages_are_set_chosen_and_refused() {
    let s = Scenario::default()
        .apply(Action::SetHoursPerDay(24.0))
        .unwrap();
    let base = s.evaluate().unwrap();
    let hourly = base[0].totals.on_demand;
    // A week package at a tenth of a week's hourly price: always cheaper.
    let week_price = hourly
        / base[0].instances.on_demand
        / (base[0].month_hours.iter().sum::<f64>() / 168.0)
        / 10.0;
    let t = s
        .apply(Action::SetPackages {
            index: 0,
            per_day: 0.0,
            per_week: week_price,
            per_month: 0.0,
            per_year: 0.0,
        })
        .unwrap();
    let r = t.evaluate().unwrap();
    let p = r[0].packages.clone().expect("a package summary");
    assert!(p.week > 0 && !p.hourly_is_cheapest);
    assert!(r[0].total < base[0].total);
    assert!(r[0].totals.package > 0.0);
    let note = comparison::packages_note(&r[0], Currency::Usd, &Translator::new(Language::ZhCn));
    assert!(note.unwrap().contains("包周"));
    assert_eq!(
        Scenario::from_file(t.to_file(), &Catalog::BUNDLED).unwrap(),
        t
    );
    // All zero removes them.
    let off = t
        .apply(Action::SetPackages {
            index: 0,
            per_day: 0.0,
            per_week: 0.0,
            per_month: 0.0,
            per_year: 0.0,
        })
        .unwrap();
    assert!(off.options()[0].packages.is_none());
    assert_eq!(off.evaluate().unwrap()[0].total, base[0].total);
    for bad in [-1.0, f64::NAN, 1e8] {
        let e = s
            .apply(Action::SetPackages {
                index: 0,
                per_day: 0.0,
                per_week: bad,
                per_month: 0.0,
                per_year: 0.0,
            })
            .unwrap_err();
        assert!(
            matches!(
                e,
                ScenarioError::OutOfRange {
                    input: Input::PackageWeek,
                    ..
                }
            ),
            "{e:?}"
        );
    }
}

/// Settlement rounding never lowers a total, 0 switches it off, bad units are refused.
#[test]
fn settlement_rounding_is_set_and_refused() {
    let s = Scenario::default()
        .apply(Action::SetHoursPerDay(1.175))
        .unwrap();
    let base = s.evaluate().unwrap();
    let t = s
        .apply(Action::SetSettlement {
            index: 0,
            unit: 0.01,
        })
        .unwrap();
    let r = t.evaluate().unwrap();
    assert!(r[0].total >= base[0].total);
    assert_eq!(
        Scenario::from_file(t.to_file(), &Catalog::BUNDLED).unwrap(),
        t
    );
    let off = t
        .apply(Action::SetSettlement {
            index: 0,
            unit: 0.0,
        })
        .unwrap();
    assert_eq!(off.evaluate().unwrap()[0].total, base[0].total);
    for bad in [-0.01, 2.0, f64::NAN, 1e-6] {
        let e = s
            .apply(Action::SetSettlement {
                index: 0,
                unit: bad,
            })
            .unwrap_err();
        assert!(
            matches!(
                e,
                ScenarioError::OutOfRange {
                    input: Input::SettlementUnit,
                    ..
                }
            ),
            "{e:?}"
        );
    }
}

/// Storage billed while nothing runs: in job mode the whole horizon's storage, carried by the
/// file; off again gives the running-time storage.
#[test]
fn storage_billed_while_stopped_is_set_and_carried() {
    let s = Scenario::default()
        .apply(Action::SetMode(planner_app::action::Mode::Job))
        .unwrap()
        .apply(Action::SetMonths(24.0))
        .and_then(|s| s.apply(Action::SetStorageGb(500.0)))
        .unwrap();
    let base = s.evaluate().unwrap();
    let t = s
        .apply(Action::SetStorageWhileStopped { index: 0, on: true })
        .unwrap();
    let r = t.evaluate().unwrap();
    assert!(r[0].totals.storage >= base[0].totals.storage);
    assert!(t.to_file().options[0].storage_billed_while_stopped);
    assert_eq!(
        Scenario::from_file(t.to_file(), &Catalog::BUNDLED).unwrap(),
        t
    );
    let off = t
        .apply(Action::SetStorageWhileStopped {
            index: 0,
            on: false,
        })
        .unwrap();
    assert_eq!(off.evaluate().unwrap()[0].total, base[0].total);
}

#[test]
fn deadline_safe_spot_is_set_compared_carried_and_refused() {
    let s = Scenario::default()
        .apply(Action::SetMode(planner_app::action::Mode::Job))
        .unwrap();
    assert!(s.deadline_spot().unwrap().iter().all(Option::is_none));
    let base = s.evaluate().unwrap();
    let t = s
        .apply(Action::SetDeadlineSpot { hours: 100_000.0 })
        .unwrap();
    // The closed-form results do not change; the deadline-safe results come beside them.
    assert_eq!(t.evaluate().unwrap(), base);
    let ds = t.deadline_spot().unwrap();
    assert_eq!(ds.len(), base.len());
    let with_spot: Vec<_> = ds.iter().flatten().collect();
    assert!(
        !with_spot.is_empty(),
        "some default option has a spot price"
    );
    for d in with_spot {
        let [spot, safe, od] = d.series();
        assert_eq!(
            (spot.policy, safe.policy, od.policy),
            ("all_spot", "deadline_safe", "all_on_demand")
        );
        assert!(safe.finish_hours.p90 <= 100_000.0);
        assert!(spot.cost.p10 <= safe.cost.p10 * (1.0 + 1e-12));
        assert!(safe.cost.p50.is_finite() && od.cost.p50 > 0.0);
    }
    // Carried by files (and so by links and saved states) and read back unchanged.
    assert_eq!(
        t.to_file().deadline_spot.map(|d| d.deadline_hours),
        Some(100_000.0)
    );
    assert_eq!(
        Scenario::from_file(t.to_file(), &Catalog::BUNDLED).unwrap(),
        t
    );
    // 0 removes it.
    let off = t.apply(Action::SetDeadlineSpot { hours: 0.0 }).unwrap();
    assert!(off.to_file().deadline_spot.is_none());
    // A deadline before on-demand could finish, a negative one, and fleet mode are refused,
    // each with a message in both languages.
    let short = t.apply(Action::SetDeadlineSpot { hours: 1.0 }).unwrap_err();
    assert!(
        short.to_string().contains("deadline_spot.deadline_hours"),
        "{short}"
    );
    let negative = t
        .apply(Action::SetDeadlineSpot { hours: -1.0 })
        .unwrap_err();
    assert!(matches!(
        negative,
        ScenarioError::OutOfRange {
            input: Input::DeadlineSpotHours,
            ..
        }
    ));
    let fleet = Scenario::default()
        .apply(Action::SetDeadlineSpot { hours: 100.0 })
        .unwrap_err();
    for e in [&short, &negative, &fleet] {
        for lang in [Language::En, Language::ZhCn] {
            let text = Translator::new(lang).scenario_error(e);
            assert!(!text.is_empty() && !text.contains("NaN") && !text.contains("inf"));
        }
    }
}

/// Issue 18: an option without a spot strategy of its own (no spot share) runs deadline-safe
/// spot at its offer's spot price with the scenario's interruption rate (the one the page's
/// field shows), not the catalog's placeholder 0, so interruptions move trials to on-demand
/// and widen the bands (docs/cost-model.md, "Deadline-safe spot").
#[test]
fn deadline_safe_spot_without_spot_share_uses_the_interruption_rate() {
    let s = Scenario::default()
        .apply(Action::SetMode(planner_app::action::Mode::Job))
        .unwrap();
    let run = s.evaluate().unwrap()[0].job_run_hours.expect("job mode");
    let t = s
        .apply(Action::SetDeadlineSpot {
            hours: (run * 1.25).ceil(),
        })
        .unwrap();
    let file = t.to_file();
    let inputs = t.deadline_inputs().unwrap();
    let mut checked = 0;
    for (o, input) in file.options.iter().zip(&inputs) {
        let (None, Some(input)) = (&o.spot, input) else {
            continue;
        };
        // The default rate per instance-hour × the job's instances (at least one).
        assert!(
            input.job.interruptions_per_hour
                >= planner_app::state::DEFAULT_SPOT_INTERRUPTIONS - 1e-12,
            "{:?}",
            input.job
        );
        let d = input.run().unwrap();
        assert!(d.switched_share > 0.0, "{d:?}");
        assert!(d.cost.p90 > d.cost.p10, "{d:?}");
        checked += 1;
    }
    assert!(
        checked > 0,
        "a default option has an offer spot price and no spot share"
    );
}

/// Picking an offer gives the option its provider's rule for storage while stopped
/// (data/billing-rules/stopped-billing-providers.csv) and its catalog package prices: in job
/// mode, issue 18's example storage (500 GB at 0.10 per GB-month in a one-month horizon) costs
/// the whole 50.00 on a Vast.ai offer (storage billed while stopped) and only the job's share
/// of the month on a provider without such a rule; the user can still switch it.
#[test]
fn a_picked_offer_takes_its_providers_stopped_billing_rule_and_catalog_packages() {
    use planner_core::catalog::{self, query::ResolvedOffer};
    let job = r#"{"version": 2, "horizon_months": 1, "storage_gb": 500,
        "workload": {"mode": "job", "gpu_hours": 100, "gpus": 8}, "options": []}"#;
    let base =
        Scenario::from_file(planner_core::file::parse(job).unwrap(), &Catalog::BUNDLED).unwrap();
    let pick = |provider: &str| {
        let offer = catalog::OFFERS
            .iter()
            .find(|o| {
                o.provider == provider
                    && o.currency == Currency::Usd
                    && o.on_demand_per_hour.is_some()
                    && o.gpu_count == 8
                    && catalog::gpus::spec_by_model(o.gpu_model)
                        .is_some_and(|g| g.work_tflops().is_some())
            })
            .unwrap_or_else(|| panic!("an 8-GPU {provider} offer with a throughput figure"));
        base.apply(Action::ToggleOffer(ResolvedOffer::bundled(offer)))
            .and_then(|s| s.apply(Action::SetStoragePrice(0.10)))
            .unwrap()
    };
    let storage = |s: &Scenario| s.evaluate().unwrap()[0].totals.storage;
    let vast = pick("Vast.ai");
    assert!(vast.options()[0].storage_billed_while_stopped);
    assert!((storage(&vast) - 50.00).abs() < 1e-9, "{}", storage(&vast));
    let coreweave = pick("CoreWeave");
    assert!(!coreweave.options()[0].storage_billed_while_stopped);
    let share = storage(&coreweave);
    assert!(share > 0.0 && share < 50.0, "{share}");
    // The user overrides the provider's default.
    let off = vast
        .apply(Action::SetStorageWhileStopped {
            index: 0,
            on: false,
        })
        .unwrap();
    assert!(storage(&off) < 50.0);

    // An AutoDL offer with a 包月 price in the catalog gets it as its month package.
    let autodl = catalog::OFFERS
        .iter()
        .find(|o| o.provider == "AutoDL" && catalog::package_prices(o).is_some())
        .expect("an AutoDL offer with a package price");
    let p = catalog::package_prices(autodl).unwrap();
    let s = Scenario::default()
        .apply(Action::ClearSelection)
        .unwrap()
        .apply(Action::ToggleOffer(ResolvedOffer::bundled(autodl)))
        .unwrap();
    assert_eq!(s.options()[0].packages, Some(p));
    assert!(p.per_month.is_some_and(|m| m > 0.0));
    // The user adds a weekly package (AutoDL's weekly prices are not in the catalog).
    let weekly = s
        .apply(Action::SetPackages {
            index: 0,
            per_day: 0.0,
            per_week: 100.0,
            per_month: p.per_month.unwrap(),
            per_year: 0.0,
        })
        .unwrap();
    assert_eq!(weekly.options()[0].packages.unwrap().per_week, Some(100.0));
    assert!(weekly.evaluate().unwrap()[0].packages.is_some());
}
