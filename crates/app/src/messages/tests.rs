use super::*;
use planner_core::language::Language;

#[test]
fn messages_take_their_arguments() {
    let en = Translator::new(Language::En);
    let zh = Translator::new(Language::ZhCn);
    let r = Reason::OnDemandPrice {
        per_gpu_hour: 0.4,
        currency: planner_engine::Currency::Usd,
    };
    assert_eq!(
        en.reason(&r),
        "Ranked on its on-demand price, $0.40 per GPU-hour"
    );
    assert_eq!(zh.reason(&r), "按按需价格排序：每 GPU 小时 US$0.40");
    let n = Notice::whole(NoticeKind::DuplicateName {
        name: "plan".into(),
        saved_as: "plan (2)".into(),
    });
    assert_eq!(
        en.notice(&n),
        "The name “plan” is already used; saved as “plan (2)”"
    );
    assert_eq!(en.text_named("no-such-message", &[]), "no-such-message");
    // Input errors read as the core's English `Display` text in English.
    for e in [
        InputError::Empty,
        InputError::DecimalComma("1.5".into()),
        InputError::GroupedDigits {
            plain: "1000".into(),
            dotted: Some("1.000".into()),
        },
        InputError::GroupedDigits {
            plain: "12345.6".into(),
            dotted: None,
        },
        InputError::NotANumber("abc".into()),
        InputError::NotFinite,
        InputError::NotInteger,
        InputError::TooSmall(1.0),
        InputError::TooLarge(24.0),
        InputError::ZeroOrAtLeast(0.0003),
    ] {
        assert_eq!(en.input_error(&e), e.to_string());
        assert!(!zh.input_error(&e).is_ascii(), "{e}");
    }
    assert_eq!(
        zh.input_error(&InputError::TooLarge(1e9)),
        "不能大于 1,000,000,000"
    );
    // Engine errors: the field as the page labels it, never its path (issue 16: no field
    // path is page text), then the reason, in the page's language.
    let at = FieldPath::of(Field::Workload).field(Field::Gpus);
    let e = planner_engine::positive(at, -1.0).unwrap_err();
    assert_eq!(
        en.engine_error(&e),
        "GPUs: must be a finite number above 0, at most 1e15 (got -1)"
    );
    assert_eq!(
        zh.engine_error(&e),
        "GPU 数：必须是大于 0、不超过 1e15 的有限数（当前为 -1）"
    );
    let at = FieldPath::option(0)
        .field(Field::Portfolio)
        .field(Field::Spot);
    let e = planner_engine::in_range(at, 2.0, 0.0, 1.0).unwrap_err();
    assert_eq!(
        zh.engine_error(&e),
        "竞价比例：必须在 0 到 1 之间（当前为 2）"
    );
    let s = ScenarioError::TooManyOffers;
    assert_eq!(en.scenario_error(&s), s.to_string());
    assert!(!zh.scenario_error(&s).is_ascii());
    assert_eq!(zh.text(msg!("language-name")), "简体中文");
}

#[test]
fn non_finite_and_extreme_values_are_words_or_short() {
    let zh = Translator::new(Language::ZhCn);
    let en = Translator::new(Language::En);
    let at = FieldPath::of(Field::StorageGb);
    for v in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e300, -1e300] {
        let e = planner_engine::non_negative(at, v).unwrap_err();
        for t in [&en, &zh] {
            let m = t.engine_error(&e);
            assert!(!m.contains("NaN") && !m.contains("inf"), "{m}");
            assert!(m.chars().count() < 120, "{m}");
        }
    }
}

#[test]
fn every_refusal_the_reducer_gives_is_translated() {
    use crate::validation::{Input, GPUS_SPEC};
    let zh = Translator::new(Language::ZhCn);
    let errors = [
        ScenarioError::TooManyOffers,
        ScenarioError::OutOfRange {
            input: Input::Gpus,
            value: 0.0,
            spec: GPUS_SPEC,
        },
        ScenarioError::NoSuchOption(3),
        ScenarioError::StartMonth("1800-01".into()),
        ScenarioError::NoSpotOption,
        ScenarioError::SharesAbove100 {
            reserved_pct: 70.0,
            spot_pct: 50.0,
        },
        ScenarioError::NoCommitment,
        ScenarioError::NoOnDemandPrice,
        ScenarioError::AlreadyVariant,
        ScenarioError::JobModeFirst,
        ScenarioError::FleetModeFirst,
        ScenarioError::NeedsFirst {
            input: Input::PeakFrom,
            needs: Input::OffPeakPrice,
        },
        ScenarioError::Engine(FileError::engine(
            FieldPath::option(0).field(Field::Reserved),
            Problem::FreeTerm,
        )),
    ];
    for e in &errors {
        let m = zh.scenario_error(e);
        // No run of three English words: everything but data is translated.
        let words: Vec<&str> = m
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| w.len() > 1)
            .collect();
        assert!(
            !m.split_whitespace()
                .collect::<Vec<_>>()
                .windows(3)
                .any(|w| w.iter().all(|x| x.chars().all(|c| c.is_ascii_alphabetic()))),
            "{e}: {m} ({words:?})"
        );
        assert!(
            m.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{e}: {m}"
        );
    }
    assert_eq!(
        zh.scenario_error(&errors[1]),
        "GPU 数超出范围：0 不在 1 到 100,000 之间"
    );
}

#[test]
fn every_catalog_gap_is_said_in_either_language_with_its_identifiers_as_data() {
    let en = Translator::new(Language::En);
    let zh = Translator::new(Language::ZhCn);
    assert!(!planner_core::catalog::GAPS.is_empty());
    for g in planner_core::catalog::GAPS {
        let (e, z) = (en.gap(g), zh.gap(g));
        assert!(e.contains(g.covers) && z.contains(g.covers), "{e} / {z}");
        // The Chinese line holds no ASCII letters once the identifiers are taken out: no
        // English reason reaches the Chinese page (issue 16, known defect).
        // ("GPU" is the same word in Chinese.)
        let rest = z.replace(g.covers, "").replace("GPU", "");
        assert!(
            !rest.chars().any(|c| c.is_ascii_alphabetic()),
            "{}: {z}",
            g.provider
        );
        // The identifiers are identifiers, not sentences: no run of three English words.
        let words: Vec<&str> = g
            .covers
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '-' && c != '.' && c != '/')
            .filter(|w| w.len() >= 3 && w.chars().all(|c| c.is_ascii_lowercase()))
            .collect();
        assert!(words.len() < 3 || g.covers.contains(','), "{}", g.covers);
    }
    let g = planner_core::catalog::gaps("Azure")
        .into_iter()
        .find(|g| g.mode == BillingMode::Reserved)
        .unwrap();
    assert_eq!(
        en.gap(g),
        "reserved (prices only for: polandcentral, indonesiacentral, eastus, eastus2, usgovvirginia)"
    );
    assert_eq!(
        zh.gap(g),
        "预留（仅有以下项的价格：polandcentral, indonesiacentral, eastus, eastus2, usgovvirginia）"
    );
    // Every kind has its own sentence in both languages.
    for t in [&en, &zh] {
        let mut all: Vec<String> = GapKind::ALL.iter().map(|k| t.gap_kind(*k)).collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), GapKind::ALL.len());
    }
}

#[test]
fn a_refusal_beside_its_field_names_the_field_in_words_never_by_path() {
    let e = ScenarioError::Engine(FileError::engine(
        FieldPath::of(Field::DeadlineSpot).field(Field::DeadlineHours),
        Problem::DeadlineTooShort {
            value: 1.0,
            on_demand_hours: 1000.25,
        },
    ));
    for lang in Language::ALL {
        let t = Translator::new(lang);
        let m = t.field_refusal(&e);
        assert!(!m.contains("deadline_spot"), "{m}");
        assert!(!m.contains("deadline_hours"), "{m}");
        assert!(m.contains("1,000.25") || m.contains("1000.25"), "{m}");
        // The notice's text names the field in words too: a field path is never page text.
        assert!(
            !t.scenario_error(&e).contains("deadline_spot"),
            "{}",
            t.scenario_error(&e)
        );
    }
    let t = Translator::new(Language::En);
    assert!(t
        .field_refusal(&e)
        .starts_with("Deadline (hours) for deadline-safe spot"));
    // A refusal that is not the engine's reads as in the notice.
    let plain = ScenarioError::JobModeFirst;
    assert_eq!(t.field_refusal(&plain), t.scenario_error(&plain));
}

/// Issue 18: a published support plan's as-of is worded in the page's language (the Chinese
/// page showed "截至 after the 2025-12 announcement; checked 2026-10-04"); its dates stay ISO.
#[test]
fn support_plan_dates_are_worded_in_each_language() {
    use planner_core::catalog::support::{SupportAsOf, SUPPORT_PLANS};
    let en = Translator::new(Language::En);
    let zh = Translator::new(Language::ZhCn);
    assert_eq!(
        en.support_as_of(SupportAsOf::AfterAnnouncement {
            announced: "2025-12",
            checked: "2026-10-04"
        }),
        "after the 2025-12 announcement, checked 2026-10-04"
    );
    assert_eq!(
        zh.support_as_of(SupportAsOf::MinimumOnly {
            minimum: "2017-10-26"
        }),
        "最低费用截至 2017-10-26，分档未注明日期"
    );
    assert_eq!(zh.support_as_of(SupportAsOf::Unknown), "日期不详");
    for p in SUPPORT_PLANS {
        let (e, z) = (en.support_as_of(p.as_of), zh.support_as_of(p.as_of));
        for d in p.as_of.dates() {
            assert!(e.contains(d) && z.contains(d), "{}: {e} / {z}", p.id);
        }
        // No Latin letters in the Chinese wording (dates are digits and hyphens).
        assert!(!z.chars().any(|c| c.is_ascii_alphabetic()), "{}: {z}", p.id);
        assert!(!e.is_empty() && e != z, "{}", p.id);
    }
}

#[test]
fn the_no_spot_refusal_names_the_spot_variant_button_by_its_own_text() {
    for language in [Language::En, Language::ZhCn] {
        let t = Translator::new(language);
        let button = t.text(msg!("ui-spot-variant"));
        let m = t.scenario_error(&ScenarioError::NoSpotOption);
        assert!(m.contains(&format!("“{button}”")), "{language:?}: {m}");
    }
}

#[test]
fn a_field_without_effect_names_itself_and_the_field_it_needs_in_either_language() {
    use crate::validation::Input;
    let e = ScenarioError::NeedsFirst {
        input: Input::SavingsPlanTerm,
        needs: Input::SavingsPlanCommitment,
    };
    assert_eq!(
        Translator::new(Language::En).field_refusal(&e),
        "“Savings-plan term” has no effect while “Savings-plan commitment per hour” is 0"
    );
    assert_eq!(
        Translator::new(Language::ZhCn).field_refusal(&e),
        "“节省计划每小时承诺消费”为 0 时，“节省计划期限”不起作用"
    );
}

#[test]
fn a_job_that_never_finishes_is_explained_with_whole_gpus_and_a_readable_factor() {
    for (lang, gpus, factor) in [
        (Language::En, "45,662 GPUs", "7.79e17 times"),
        (Language::ZhCn, "45,662 个 GPU", "7.79e17 倍"),
    ] {
        let m = Translator::new(lang).problem(&Problem::NeverFinishes {
            months: 1200,
            gpus: 45_662.1,
            overhead: 7.790_870_185_142_414e17,
        });
        assert!(m.contains(gpus) && m.contains(factor), "{m}");
        assert!(!m.contains("n/a"), "{m}");
    }
}

#[test]
fn search_index_references_are_said_in_words_in_the_page_language() {
    let en = Translator::new(Language::En);
    let zh = Translator::new(Language::ZhCn);
    let text = "idx:66083458321 (study notes), agrees with idx:70133746140; idx: alone";
    let said = en.source_text(text);
    assert!(!said.contains("idx:6") && !said.contains("idx:7"), "{said}");
    assert!(
        said.contains("record 66083458321") && said.contains("record 70133746140"),
        "{said}"
    );
    assert!(
        said.contains(" (study notes), agrees with ") && said.ends_with("; idx: alone"),
        "{said}"
    );
    assert!(zh.source_text("idx:1").contains("检索索引记录 1"));
    assert_eq!(
        en.source_text("aws.amazon.com/ec2/pricing"),
        "aws.amazon.com/ec2/pricing"
    );
}
