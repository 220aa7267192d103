use super::*;
use crate::file::{parse, OptionFile};
use proptest::prelude::*;
use serde_json::json;

fn golden(name: &str) -> ScenarioFile {
    let text = std::fs::read_to_string(format!(
        "{}/../../tests/golden/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    parse(&text).unwrap()
}

const GOLDEN: [&str; 5] = [
    "case-study-job",
    "fleet-portfolio",
    "job-spot",
    "offpeak-render",
    "free-tier-prototype",
];

/// Each notice's kind (without its data) and the field it names (an unknown field with its
/// key; `""` for the whole document).
fn kinds(n: &[Notice]) -> Vec<(&'static str, String)> {
    n.iter()
        .map(|n| {
            let field = match &n.kind {
                NoticeKind::UnknownField { key } if n.at.is_root() => key.clone(),
                NoticeKind::UnknownField { key } => format!("{}.{key}", n.at),
                _ if n.at.is_root() => String::new(),
                _ => n.at.to_string(),
            };
            (n.kind.tag(), field)
        })
        .collect()
}

#[test]
fn golden_scenarios_round_trip_through_a_link_exactly() {
    for name in GOLDEN {
        let s = Shared {
            language: Language::ZhCn,
            scenario: golden(name),
        };
        let link = encode(&s).unwrap();
        assert!(link.starts_with("#s="), "{link}");
        let opened = decode(&format!("https://example.org/app/{link}")).unwrap();
        assert_eq!(opened.notices, vec![], "{name}");
        assert_eq!(opened.language, Some(Language::ZhCn));
        assert_eq!(opened.scenario, s.scenario, "{name}");
    }
}

#[test]
fn valid_files_load_leniently_without_change() {
    for name in GOLDEN {
        let f = golden(name);
        let (back, notices) = load_json_lenient(&serde_json::to_string(&f).unwrap());
        assert_eq!(notices, vec![], "{name}");
        assert_eq!(back, f, "{name}");
    }
}

#[test]
fn a_fragment_without_s_is_not_a_share_link() {
    assert_eq!(decode("#about"), None);
    assert_eq!(decode("https://example.org/"), None);
}

#[test]
fn percent_encoded_links_once_or_twice_decode() {
    let s = Shared {
        language: Language::En,
        scenario: golden("offpeak-render"),
    };
    let link = encode(&s).unwrap();
    let once = link.replace('#', "%23").replace('=', "%3D");
    let twice = once.replace('%', "%25");
    for l in [once, twice] {
        let o = decode(&l).unwrap();
        assert_eq!(o.notices, vec![]);
        assert_eq!(o.scenario, s.scenario);
    }
}

#[test]
fn links_over_100_kb_are_rejected_before_decoding() {
    let link = format!("#s={}", "A".repeat(MAX_LINK_BYTES));
    let o = decode(&link).unwrap();
    assert_eq!(kinds(&o.notices), vec![("LinkTooLong", String::new())]);
    assert_eq!(o.scenario, default_scenario());
}

#[test]
fn a_deflate_bomb_stops_at_the_inflated_cap() {
    let big = format!(
        "{{\"v\":1,\"x\":\"{}\"}}",
        " ".repeat(MAX_INFLATED_BYTES * 2)
    );
    let packed = miniz_oxide::deflate::compress_to_vec(big.as_bytes(), 9);
    let link = format!("#s={}", B64.encode(packed));
    assert!(link.len() < MAX_LINK_BYTES);
    let o = decode(&link).unwrap();
    assert_eq!(kinds(&o.notices), vec![("LinkTooLarge", String::new())]);
}

#[test]
fn a_truncated_link_loads_its_complete_leading_part() {
    let mut f = golden("fleet-portfolio");
    f.name = Some("kept".into());
    let link = encode(&Shared {
        language: Language::En,
        scenario: f.clone(),
    })
    .unwrap();
    let cut = &link[..link.len() * 2 / 3];
    let o = decode(cut).unwrap();
    assert_eq!(o.notices[0].kind, NoticeKind::LinkTruncated);
    // The envelope and the start of the scenario survive: language and title.
    assert_eq!(o.language, Some(Language::En));
    assert_eq!(o.scenario.name.as_deref(), Some("kept"));
    assert!(o.scenario.load().is_ok());
    // Cut to almost nothing: defaults, still a notice.
    let o = decode(&link[..6]).unwrap();
    assert!(!o.notices.is_empty());
    assert!(o.scenario.load().is_ok());
}

#[test]
fn corrupt_links_give_defaults_and_a_notice() {
    let o = decode("#s=!!!not base64!!!").unwrap();
    assert_eq!(
        o.notices[0].kind,
        NoticeKind::LinkCorrupt(LinkDamage::NotBase64)
    );
    assert_eq!(o.scenario, default_scenario());
    let o = decode(&format!("#s={}", B64.encode(b"not deflate at all"))).unwrap();
    assert!(matches!(
        o.notices[0].kind,
        NoticeKind::LinkCorrupt(LinkDamage::NotDeflate) | NoticeKind::LinkTruncated
    ));
}

#[test]
fn a_link_whose_cut_stream_holds_no_scenario_is_damaged_not_cut_short() {
    // "garbage" decodes (leniently, as links are) to bytes that start a deflate stream ending
    // after a few stray bytes: nothing was loaded, so the notice must not say its complete
    // part was.
    let o = decode("#s=garbage").unwrap();
    assert_eq!(
        o.notices.iter().map(|n| &n.kind).collect::<Vec<_>>(),
        [&NoticeKind::LinkCorrupt(LinkDamage::NotDeflate)]
    );
    assert!(o.nothing_usable());
}

#[test]
fn a_link_damaged_in_its_middle_is_not_opened_and_says_so_as_a_link() {
    // Found by a new user: two characters changed in the middle of a real link unpack to text
    // that is not JSON, and the notice spoke of a file and of the default scenario being used.
    let link = encode(&Shared {
        language: Language::En,
        scenario: golden("fleet-portfolio"),
    })
    .unwrap();
    let mut damaged = link.into_bytes();
    let mid = damaged.len() / 2;
    damaged[mid] = if damaged[mid] == b'z' { b'y' } else { b'z' };
    damaged[mid + 1] = if damaged[mid + 1] == b'z' { b'y' } else { b'z' };
    let o = decode(std::str::from_utf8(&damaged).unwrap()).unwrap();
    if o.nothing_usable() {
        assert!(
            matches!(
                o.notices[..],
                [Notice {
                    kind: NoticeKind::LinkCorrupt(_),
                    ..
                }]
            ),
            "{:?}",
            o.notices
        );
    }
    assert!(
        !o.notices
            .iter()
            .any(|n| matches!(n.kind, NoticeKind::NotJson(_) | NoticeKind::Unrepairable)),
        "{:?}",
        o.notices
    );
    // Unpacked text that is not JSON at all.
    let o = open_inflated(Inflated::Complete(b"{\"v\": 1, \"scen".to_vec()));
    assert!(o.nothing_usable());
    assert_eq!(
        o.notices[0].kind,
        NoticeKind::LinkCorrupt(LinkDamage::NotAScenario)
    );
}

#[test]
fn a_version_0_link_is_a_bare_scenario_and_is_upgraded() {
    let f = golden("case-study-job");
    let text = serde_json::to_string(&f).unwrap();
    let link = format!(
        "#s={}",
        B64.encode(miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 6))
    );
    let o = decode(&link).unwrap();
    assert_eq!(kinds(&o.notices), vec![("OlderVersion", "v".to_string())]);
    assert_eq!(o.language, None);
    assert_eq!(o.scenario, f);
}

#[test]
fn unknown_fields_are_dropped_and_named() {
    let mut v = serde_json::to_value(golden("fleet-portfolio")).unwrap();
    v["colour"] = json!("red");
    v["options"][1]["reserved"]["discount"] = json!(3);
    let (f, notices) = load_lenient(&v);
    assert_eq!(
        kinds(&notices),
        vec![
            ("UnknownField", "colour".into()),
            ("UnknownField", "options[1].reserved.discount".into()),
        ]
    );
    assert_eq!(f, golden("fleet-portfolio"));
}

#[test]
fn wrong_types_are_dropped_and_defaults_fill_in() {
    let mut v = serde_json::to_value(golden("fleet-portfolio")).unwrap();
    v["storage_gb"] = json!("lots");
    v["workload"]["gpus"] = json!("sixteen");
    v["options"][0]["on_demand_per_hour"] = json!([1, 2]);
    let (f, notices) = load_lenient(&v);
    let k = kinds(&notices);
    assert!(k.contains(&("Rejected", "storage_gb".into())), "{k:?}");
    assert!(k.contains(&("Rejected", "workload.gpus".into())), "{k:?}");
    assert_eq!(f.storage_gb, 0.0);
    assert_eq!(f.workload.gpus, Some(1));
    // The option without a price cannot be repaired and is dropped; the other is kept.
    assert!(k.contains(&("OptionDropped", "options[0]".into())), "{k:?}");
    assert_eq!(
        f.options,
        vec![golden("fleet-portfolio").options[1].clone()]
    );
    assert!(f.load().is_ok());
}

#[test]
fn absurd_values_are_replaced_by_defaults() {
    let mut v = serde_json::to_value(golden("marketplace-failures")).unwrap();
    v["contingency_pct"] = json!(1e9);
    v["horizon_months"] = json!(0);
    v["options"][0]["failures_per_hour"] = json!(500);
    v["montecarlo"]["trials"] = json!(0);
    let (f, notices) = load_lenient(&v);
    let k = kinds(&notices);
    for field in [
        "contingency_pct",
        "horizon_months",
        "options[0].failures_per_hour",
        "montecarlo.trials",
    ] {
        assert!(
            k.iter().any(|(kind, p)| *kind == "Rejected" && p == field),
            "{field}: {k:?}"
        );
    }
    assert_eq!(f.contingency_pct, 0.0);
    assert_eq!(f.horizon_months, Some(12));
    assert_eq!(f.options[0].failures_per_hour, 0.0);
    assert_eq!(f.montecarlo, None);
    assert_eq!(f.options[0].on_demand_per_hour, Some(0.35));
}

#[test]
fn a_bad_option_is_dropped_and_the_others_kept() {
    let mut v = serde_json::to_value(golden("offpeak-render")).unwrap();
    v["options"][1] = json!("not an option");
    let (f, notices) = load_lenient(&v);
    assert_eq!(
        kinds(&notices),
        vec![("OptionDropped", "options[1]".into())]
    );
    let g = golden("offpeak-render");
    assert_eq!(f.options, vec![g.options[0].clone(), g.options[2].clone()]);
}

#[test]
fn nothing_usable_still_gives_a_scenario() {
    for text in ["[]", "42", "{}", "{\"options\": 3}", "not json"] {
        let (f, notices) = load_json_lenient(text);
        assert!(!notices.is_empty(), "{text}");
        assert!(f.load().is_ok(), "{text}");
    }
    let (f, n) = load_json_lenient("{\"version\": 1}");
    assert_eq!(f.options, vec![default_option()]);
    assert!(kinds(&n).contains(&("NoOptions", "options".into())));
}

#[test]
fn non_finite_numbers_are_refused_when_encoding() {
    let mut f = golden("case-study-job");
    f.storage_gb = f64::NAN;
    assert!(encode(&Shared {
        language: Language::En,
        scenario: f
    })
    .is_err());
}

fn option_strategy() -> impl Strategy<Value = OptionFile> {
    (
        proptest::option::of("[a-zA-Z0-9 ,%中文]{0,12}"),
        1u32..=8,
        0.01f64..100.0,
        proptest::option::of((1u32..=36, 0.0f64..1e5, 0.0f64..50.0)),
        proptest::option::of(0.0f64..0.5),
        0.0f64..0.1,
        proptest::bool::ANY,
    )
        .prop_map(|(name, g, price, reserved, share, fail, shiftable)| {
            let mut o = OptionFile {
                name,
                gpus_per_instance: Some(g),
                on_demand_per_hour: Some(price),
                failures_per_hour: fail,
                shiftable,
                ..Default::default()
            };
            if let Some((t, up, rec)) = reserved {
                o.reserved = Some(crate::file::ReservedFile {
                    term_months: t,
                    upfront: up,
                    recurring_per_hour: rec,
                });
                o.portfolio = share.map(|s| crate::file::SharesFile {
                    reserved: s,
                    spot: 0.0,
                });
            }
            o
        })
}

fn scenario_strategy() -> impl Strategy<Value = ScenarioFile> {
    (
        proptest::option::of("[ -~]{0,30}"),
        prop_oneof![Just("730h"), Just("720h"), Just("744h")],
        1u32..=60,
        prop_oneof![Just("USD"), Just("CNY")],
        proptest::option::of(0.05f64..0.5),
        (1u32..=64, 0.0f64..=24.0, proptest::option::of(0.0f64..=7.0)),
        (0.0f64..1e4, 0.0f64..1e3, 0.0f64..100.0),
        proptest::collection::vec(option_strategy(), 1..5),
    )
        .prop_map(
            |(name, month, horizon, currency, rate, (gpus, h, d), (st, eg, ct), options)| {
                let mut f = default_scenario();
                f.name = name;
                f.month = month.into();
                f.horizon_months = Some(horizon);
                f.currency = currency.into();
                f.usd_per_cny = rate;
                f.workload.gpus = Some(gpus);
                f.workload.hours_per_day = Some(h);
                f.workload.days_per_week = d;
                f.storage_gb = st;
                f.egress_gb_per_month = eg;
                f.contingency_pct = ct;
                f.options = options;
                f
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn generated_scenarios_round_trip_through_links_and_json(f in scenario_strategy(), zh in proptest::bool::ANY) {
        prop_assume!(f.load().is_ok());
        let language = if zh { Language::ZhCn } else { Language::En };
        let link = encode(&Shared { language, scenario: f.clone() }).unwrap();
        let o = decode(&link).unwrap();
        prop_assert_eq!(o.notices, vec![]);
        prop_assert_eq!(o.language, Some(language));
        prop_assert_eq!(&o.scenario, &f);
        let (back, notices) = load_json_lenient(&serde_json::to_string_pretty(&f).unwrap());
        prop_assert_eq!(notices, vec![]);
        prop_assert_eq!(&back, &f);
        prop_assert_eq!(parse(&serde_json::to_string(&f).unwrap()).unwrap(), f);
    }

    #[test]
    fn the_compact_writer_writes_what_to_string_writes(f in scenario_strategy()) {
        prop_assert_eq!(compact_text(&f), serde_json::to_string(&f).unwrap());
    }

    #[test]
    fn any_json_loads_into_a_valid_scenario(text in "[ -~]{0,200}") {
        let (f, _) = load_json_lenient(&text);
        prop_assert!(f.load().is_ok());
    }

    #[test]
    fn any_link_text_decodes_without_panicking(text in "[A-Za-z0-9_%#=&-]{0,300}") {
        if let Some(o) = decode(&text) {
            prop_assert!(o.scenario.load().is_ok());
        }
    }
}

fn checked_in_link(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/../../tests/golden/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
    .trim()
    .to_string()
}

/// Two links carrying the golden `offpeak-render` scenario in zh-CN are checked in: one written
/// by `encode` (miniz_oxide, level 9), which the browser tests open with the page's
/// DecompressionStream, and one written by the page (Chromium's CompressionStream), opened here
/// with miniz_oxide. Links made by either build open in the other.
#[test]
fn links_made_natively_and_by_the_page_open_in_either() {
    let shared = Shared {
        language: Language::ZhCn,
        scenario: golden("offpeak-render"),
    };
    let native = checked_in_link("share-link-native.txt");
    if std::env::var_os("UPDATE_GOLDEN_LINK").is_some() {
        std::fs::write(
            format!(
                "{}/../../tests/golden/share-link-native.txt",
                env!("CARGO_MANIFEST_DIR")
            ),
            format!("{}\n", encode(&shared).unwrap()),
        )
        .unwrap();
    }
    assert_eq!(encode(&shared).unwrap(), native);
    let browser = checked_in_link("share-link-browser.txt");
    assert_ne!(browser, native, "the page's compressor writes other bytes");
    for link in [native, browser] {
        let o = decode(&link).unwrap();
        assert_eq!(o.notices, vec![]);
        assert_eq!(o.language, Some(Language::ZhCn));
        assert_eq!(o.scenario, shared.scenario);
    }
}

/// `f` as compact JSON text by the scenario writer (what share links and the stored state hold).
fn compact_text(f: &crate::file::ScenarioFile) -> String {
    use crate::file::WriteJson;
    let mut w = crate::file::Pretty::compact();
    f.write(&mut w);
    w.finish()
}

#[test]
fn compact_text_keeps_strings_whole() {
    for name in GOLDEN {
        let f = golden(name);
        assert_eq!(
            compact_text(&f),
            serde_json::to_string(&f).unwrap(),
            "{name}"
        );
    }
    let mut f = golden("job-spot");
    f.name = Some("a \"b\\\" : {c}, [d]\n\t 中文 \\".into());
    let compact = compact_text(&f);
    assert_eq!(compact, serde_json::to_string(&f).unwrap());
    assert_eq!(parse(&compact).unwrap(), f);
}

#[test]
fn an_option_in_a_currency_without_a_rate_is_dropped_not_read_as_usd() {
    let (file, notices) = load_json_lenient(
        r#"{"version": 1, "workload": {"mode": "fleet", "gpus": 1, "hours_per_day": 24},
            "horizon_months": 3, "options": [
              {"name": "euro cloud", "currency": "EUR", "gpus_per_instance": 1, "on_demand_per_hour": 2},
              {"name": "dollar cloud", "currency": "USD", "gpus_per_instance": 1, "on_demand_per_hour": 3}]}"#,
    );
    let names: Vec<_> = file
        .options
        .iter()
        .filter_map(|o| o.name.as_deref())
        .collect();
    assert_eq!(names, ["dollar cloud"]);
    assert!(
        kinds(&notices).contains(&("OptionDropped", "options[0]".into())),
        "{notices:?}"
    );
}

#[test]
fn is_link_accepts_what_the_decoder_opens_and_nothing_else() {
    for link in [
        "#s=abc",
        "s=abc",
        "#s%3Dabc",
        "#s%253Dabc",
        "https://x.test/#s=abc",
        "#x=1&s=abc",
    ] {
        assert!(is_link(link), "{link}");
        assert!(link_bytes(link).is_some(), "{link}");
    }
    for other in ["", "#", "#section-2", "#sx=abc", "https://x.test/"] {
        assert!(!is_link(other), "{other}");
        assert!(link_bytes(other).is_none(), "{other}");
    }
}

#[test]
fn a_job_keeps_its_mode_when_fields_of_a_fleet_and_a_second_size_are_dropped() {
    let (f, notices) = load_json_lenient(
        r#"{"version": 1, "workload": {"mode": "job", "gpu_hours": 100, "hours_per_day": 3,
            "gpus": 2, "within_months": 3}, "options": [{"offer": "skypilot-aws/p4d.24xlarge"}]}"#,
    );
    assert_eq!(f.workload.mode, crate::file::Mode::Job);
    assert_eq!(f.workload.gpus, Some(2));
    assert_eq!(f.workload.within_months, None);
    assert_eq!(f.workload.hours_per_day, None);
    assert_eq!(
        kinds(&notices),
        vec![
            ("Rejected", "workload.hours_per_day".into()),
            ("Rejected", "workload".into()),
        ]
    );
    assert!(f.load().is_ok());
}

#[test]
fn a_bad_calendar_start_falls_back_to_fixed_months() {
    let (f, notices) = load_json_lenient(
        r#"{"version": 1, "month": "calendar", "start": "1800-01", "horizon_months": 3,
            "workload": {"mode": "fleet", "gpus": 1, "hours_per_day": 8},
            "options": [{"on_demand_per_hour": 2}]}"#,
    );
    assert_eq!((f.month.as_str(), f.start.as_deref()), ("730h", None));
    assert_eq!(kinds(&notices), vec![("Rejected", "start".into())]);
    assert!(f.load().is_ok());
}

#[test]
fn json_text_is_what_value_to_string_writes() {
    for v in [
        json!(null),
        json!(true),
        json!(5),
        json!(-1.5e300),
        json!(0.1),
        json!("plain"),
        json!("quote \" backslash \\ tab \t newline \n nul \u{0} unit \u{1f} é 中"),
        json!([]),
        json!({}),
        json!([1, "two", [3, {"four": 4}], {"a b": null, "c\n": [true, false]}]),
        json!({"nested": {"deeper": {"list": [1.0, 2.25, -0.0]}}, "x": "  spaced  "}),
        json!({"\u{8}\u{c}\r\t\u{7f}\u{2028}": "\u{8}\u{c}\r"}),
        serde_json::from_str::<Value>("[1e400, -0, 123456789012345678901234567890, 1E+2]").unwrap(),
    ] {
        assert_eq!(json_text(&v), v.to_string(), "{v}");
    }
}
