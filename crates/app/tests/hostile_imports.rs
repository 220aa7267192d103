//! Hostile price lists (issue 8): wrong types, missing and extra columns, BOM, CRLF, CR-only,
//! oversized files, duplicate offers, NUL bytes, invalid UTF-8, 100k columns, deeply nested
//! JSON. Each gets a clear error (with its line where it applies), valid rows still load, and
//! nothing panics. Also: exports neutralise formulas, the chart's SVG escapes user text.

use planner_app::chart::{cumulative_svg, CumulativeChart, Line, Theme};
use planner_core::catalog::export;
use planner_core::catalog::import::{
    parse_price_list, ImportError, PriceList, MAX_FILE_BYTES, MAX_ROWS,
};
use planner_core::catalog::query::Catalog;
use planner_core::catalog::user;

const HEADER: &str = "provider,instance_type,gpu_model,gpu_count,currency,on_demand_per_hour";
const GOOD: &str = "Acme,a100x8,A100 80GB,8,USD,14.4";

fn csv(text: &str) -> Result<PriceList, ImportError> {
    parse_price_list("prices.csv", text.as_bytes())
}

fn json(text: &str) -> Result<PriceList, ImportError> {
    parse_price_list("prices.json", text.as_bytes())
}

#[test]
fn wrong_types_are_reported_by_line_and_good_rows_load() {
    let cases = [
        ("Acme,x,H100,eight,USD,2", "gpu_count"),
        ("Acme,x,H100,1.5,USD,2", "gpu_count"),
        ("Acme,x,H100,-1,USD,2", "gpu_count"),
        ("Acme,x,H100,1e400,USD,2", "gpu_count"),
        ("Acme,x,H100,1,USD,NaN", "on_demand_per_hour"),
        ("Acme,x,H100,1,USD,inf", "on_demand_per_hour"),
        ("Acme,x,H100,1,USD,-3", "on_demand_per_hour"),
        ("Acme,x,H100,1,USD,0", "on_demand_per_hour"),
        ("Acme,x,H100,1,USD,3.2 $/h", "on_demand_per_hour"),
        ("Acme,x,H100,1,USD,\"1,5\"", "on_demand_per_hour"),
        ("Acme,x,H100,1,EUR,2", "EUR"),
        ("Acme,x,H100,1,,2", "currency"),
        (",x,H100,1,USD,2", "provider"),
    ];
    for (row, field) in cases {
        let list = csv(&format!("{HEADER}\n{GOOD}\n{row}\n{GOOD}\n")).expect("file is sound");
        assert_eq!(list.offers.len(), 2, "{row}: good rows load");
        assert_eq!(list.errors.len(), 1, "{row}");
        assert_eq!(list.errors[0].line, 3, "{row}");
        assert!(
            list.errors[0].problem.to_string().contains(field),
            "{row}: {}",
            list.errors[0].problem
        );
    }
    let list = json(
        r#"[{"provider":"A","instance_type":"x","gpu_model":"L4","gpu_count":1,"currency":"USD","on_demand_per_hour":1},
{"provider":["A"],"instance_type":"x","gpu_model":"L4","gpu_count":1,"currency":"USD","on_demand_per_hour":1},
{"provider":"A","instance_type":{"a":1},"gpu_model":"L4","gpu_count":1,"currency":"USD","on_demand_per_hour":1},
{"provider":"A","instance_type":"x","gpu_model":"L4","gpu_count":true,"currency":"USD","on_demand_per_hour":1},
"just a string", 42, null,
{"provider":"A","instance_type":"y","gpu_model":"L4","gpu_count":"2","currency":"USD","on_demand_per_hour":"1.5"}]"#,
    )
    .expect("array is sound");
    assert_eq!(list.offers.len(), 2, "{:?}", list.errors);
    assert_eq!(list.errors.len(), 6, "{:?}", list.errors);
    assert_eq!(list.errors[0].line, 2);
    assert!(list.errors[0].problem.to_string().contains("provider"));
    assert!(list.errors[1].problem.to_string().contains("instance_type"));
    assert!(list.errors[2].problem.to_string().contains("gpu_count"));
    assert!(list.errors.iter().skip(3).all(|e| e.line == 5));
}

#[test]
fn missing_columns_are_named() {
    match csv("provider,gpu_model,gpu_count\nA,H100,1\n") {
        Err(ImportError::MissingColumns(c)) => {
            let names: Vec<&str> = c.iter().map(|c| c.name()).collect();
            assert_eq!(
                names,
                vec!["instance_type", "currency", "on_demand_per_hour"]
            );
        }
        other => panic!("{other:?}"),
    }
    let e = csv("just one line of prose\n").unwrap_err();
    assert!(e.to_string().contains("missing required columns"), "{e}");
}

#[test]
fn extra_and_reordered_columns_are_ignored() {
    let text =
        "ON_DEMAND_PER_HOUR,Currency,zzz,gpu_count,gpu_model,instance_type,provider,=cmd()\n\
                2.5,USD,junk,1,L4,g6,Acme,@x\n";
    let list = csv(text).expect("parses");
    assert_eq!(list.offers.len(), 1, "{:?}", list.errors);
    assert_eq!(list.offers[0].on_demand_per_hour, 2.5);
}

#[test]
fn line_ends_and_byte_order_marks() {
    let bad = "Acme,x,H100,0,USD,2";
    for (name, text) in [
        ("LF", format!("{HEADER}\n{GOOD}\n{bad}\n")),
        ("CRLF", format!("{HEADER}\r\n{GOOD}\r\n{bad}\r\n")),
        ("CR only", format!("{HEADER}\r{GOOD}\r{bad}\r")),
        (
            "BOM + CRLF",
            format!("\u{feff}{HEADER}\r\n{GOOD}\r\n{bad}\r\n"),
        ),
        ("no final newline", format!("{HEADER}\n{GOOD}\n{bad}")),
        ("blank lines", format!("{HEADER}\n\n{GOOD}\n{bad}\n\n")),
    ] {
        let list = csv(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(list.offers.len(), 1, "{name}: {:?}", list.errors);
        assert_eq!(list.errors.len(), 1, "{name}");
        let want = if name == "blank lines" { 4 } else { 3 };
        assert_eq!(list.errors[0].line, want, "{name}: {:?}", list.errors);
    }
    let list = json(
        "\u{feff}[\r\n{\"provider\":\"A\",\"instance_type\":\"x\",\"gpu_model\":\"L4\",\"gpu_count\":0,\"currency\":\"USD\",\"on_demand_per_hour\":1}\r\n]"
    )
    .expect("json with BOM and CRLF");
    assert_eq!(list.errors[0].line, 2);
}

#[test]
fn oversized_and_too_long_files_are_refused_whole() {
    let mut big = format!("{HEADER}\n").into_bytes();
    while big.len() <= MAX_FILE_BYTES {
        big.extend_from_slice(format!("{GOOD}\n").as_bytes());
    }
    let e = parse_price_list("big.csv", &big).unwrap_err();
    assert!(matches!(e, ImportError::TooLarge { .. }));
    assert!(e.to_string().contains("1 MiB"), "{e}");
    // Under the byte limit but over the row limit.
    let rows = format!("{HEADER}\n{}", "A,b,L4,1,USD,1\n".repeat(MAX_ROWS + 1));
    assert!(rows.len() <= MAX_FILE_BYTES);
    assert_eq!(csv(&rows).unwrap_err(), ImportError::TooManyRows);
    let elems = format!("[{}0]", "0,".repeat(MAX_ROWS + 1));
    assert_eq!(json(&elems).unwrap_err(), ImportError::TooManyRows);
    // Exactly at the limit is read.
    let mut at = format!("{HEADER}\n{GOOD}\n").into_bytes();
    at.resize(MAX_FILE_BYTES, b'\n');
    assert_eq!(
        parse_price_list("at.csv", &at)
            .expect("at the limit")
            .offers
            .len(),
        1
    );
}

#[test]
fn duplicate_offers_both_load_with_distinct_ids() {
    let list = csv(&format!("{HEADER}\n{GOOD}\n{GOOD}\n")).expect("parses");
    assert_eq!(list.offers.len(), 2);
    let registered = user::Imported::default().register("dupes.csv", list.offers);
    assert_eq!(registered.len(), 2);
    assert_ne!(registered[0].id, registered[1].id);
}

#[test]
fn nul_bytes_invalid_utf8_and_binary() {
    let with_nul = format!("{HEADER}\n{GOOD}\nAc\0me,x,H100,1,USD,2\n");
    let list = csv(&with_nul).expect("NUL is text");
    assert_eq!(list.offers.len() + list.errors.len(), 2);
    assert_eq!(
        parse_price_list("p.csv", b"provider,\xff\xfe\n"),
        Err(ImportError::NotText)
    );
    assert_eq!(
        parse_price_list("p.json", &[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a]),
        Err(ImportError::NotText)
    );
    assert_eq!(parse_price_list("p.csv", b""), Err(ImportError::Empty));
    assert_eq!(
        parse_price_list("p.csv", "\u{feff}".as_bytes()),
        Err(ImportError::Empty)
    );
}

#[test]
fn a_hundred_thousand_columns() {
    let mut header = HEADER.to_string();
    let mut row = GOOD.to_string();
    for i in 0..100_000 {
        header.push_str(&format!(",c{i}"));
        row.push_str(",1");
    }
    let text = format!("{header}\n{row}\n");
    assert!(text.len() <= MAX_FILE_BYTES);
    let list = csv(&text).expect("wide file parses");
    assert_eq!(list.offers.len(), 1);
    // A row far wider than its header is still just one row.
    let wide = format!("{HEADER}\n{GOOD}{}\n", ",x".repeat(100_000));
    assert_eq!(csv(&wide).expect("parses").offers.len(), 1);
}

#[test]
fn deeply_nested_and_malformed_json() {
    for depth in [64, 200, 10_000, 100_000] {
        let text = format!("[{}{}]", "[".repeat(depth), "]".repeat(depth));
        // Must not overflow the stack: serde_json stops at depth 128.
        let r = json(&text);
        if let Ok(list) = &r {
            assert!(list.offers.is_empty());
            assert_eq!(list.errors.len(), 1);
        }
        let text = format!("[{}1{}]", "{\"a\":".repeat(depth), "}".repeat(depth));
        let _ = json(&text);
    }
    let e = json("[{\"provider\": \"A\",\n\"x\": }]").unwrap_err();
    assert!(matches!(e, ImportError::Malformed { line: 2, .. }), "{e:?}");
    let e = json("[{\"provider\": \"A\"}").unwrap_err();
    assert!(matches!(e, ImportError::Malformed { .. }), "{e:?}");
    let e = json("{\"provider\": \"A\"}").unwrap_err();
    assert!(e.to_string().contains("array"), "{e}");
    let e = json("[1 2]").unwrap_err();
    assert!(e.to_string().contains("expected , or ]"), "{e}");
}

#[test]
fn exports_neutralise_formulas_from_imported_names() {
    let text = format!(
        "{HEADER},note\n=HYPERLINK(\"http://evil\"),-1+1,L4,1,USD,2.5,@SUM(A1)\n+cmd,\tx,L4,1,USD,3,plain\n"
    );
    let list = csv(&text).expect("parses");
    assert_eq!(list.offers.len(), 2, "{:?}", list.errors);
    let offers = user::Imported::default().register("evil.csv", list.offers);
    let out = export::to_csv(&offers).expect("csv");
    let mut r = csv::Reader::from_reader(out.as_bytes());
    let headers = r.headers().expect("header").clone();
    let col = |name: &str| headers.iter().position(|h| h == name).expect(name);
    for rec in r.records() {
        let rec = rec.expect("row");
        for (i, cell) in rec.iter().enumerate() {
            assert!(
                !(cell.starts_with(['=', '+', '@', '\t', '\r'])
                    || (cell.starts_with('-') && cell.parse::<f64>().is_err())),
                "column {} cell {cell:?} could run as a formula",
                &headers[i]
            );
        }
        assert!(
            rec[col("on_demand_per_hour")].parse::<f64>().is_ok(),
            "numbers stay plain"
        );
    }
    assert!(out.contains("'=HYPERLINK"), "{out}");
    assert!(out.contains("'@SUM(A1)"), "{out}");
}

#[test]
fn chart_svg_escapes_user_text_in_labels() {
    let hostile = "<script>alert(1)</script> & \"Acme\" <img src=x onerror=alert(2)>";
    let chart = CumulativeChart {
        title: "Cumulative cost".into(),
        x_label: "Month".into(),
        y_label: "USD".into(),
        footer: vec![format!("Prices: {hostile}")],
        lines: vec![Line {
            label: hostile.into(),
            total: hostile.into(),
            points: vec![(0.0, 0.0), (1.0, 10.0), (2.0, 20.0)],
            owed: None,
        }],
        empty_message: String::new(),
        months: 2,
        currency: planner_engine::Currency::Usd,
        bands: Vec::new(),
        bands_pending: 0,
        log_scale: false,
        markers: Vec::new(),
        thin_band_note: String::new(),
    };
    let svg = cumulative_svg(&chart, &Theme::LIGHT, 800).expect("draws");
    assert!(!svg.contains("<script"), "raw <script> in SVG");
    assert!(!svg.contains("<img"), "raw <img> in SVG");
    assert!(svg.contains("&lt;script&gt;"), "label not escaped");
    assert!(svg.contains("&amp;"), "& not escaped");
    assert!(!svg.contains(" & "), "bare & in SVG");
}

#[test]
fn a_full_size_json_list_parses_in_linear_time() {
    // 5,000 elements spread over 1 MiB of lines: line numbers must not be recounted from the
    // start of the file for every element (that was 5,000 × 1 MiB of scanning).
    let pad = "\n".repeat(MAX_FILE_BYTES / MAX_ROWS - 20);
    let mut text = String::from("[");
    for i in 0..MAX_ROWS {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&pad);
        text.push_str("{\"a\":1}");
    }
    text.push(']');
    assert!(text.len() <= MAX_FILE_BYTES);
    let started = std::time::Instant::now();
    let list = json(&text).expect("parses");
    let took = started.elapsed();
    assert_eq!(list.errors.len(), MAX_ROWS);
    assert_eq!(list.errors[1].line, 1 + 2 * pad.len());
    assert!(took.as_secs_f64() < 2.0, "took {took:?}");
}

/// The hostile share links the browser test opens (`tests/e2e/fixtures/hostile-links.json`):
/// each fragment is the native encoding of its JSON text (raw deflate level 9, base64url, the
/// link format of version 1), and decoding it names exactly the listed fields in its notices.
/// `UPDATE_GOLDEN=1` rewrites the fragments and field lists. Native only: the wasm build
/// decodes links with the browser's DecompressionStream (the browser test opens the same links).
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn hostile_share_link_goldens_match_the_native_codec() {
    use base64::Engine as _;
    use planner_core::share::decode;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/e2e/fixtures/hostile-links.json"
    );
    let mut doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    for case in doc["cases"].as_array_mut().unwrap() {
        let name = case["name"].as_str().unwrap().to_string();
        let text = case["text"].as_str().unwrap().to_string();
        let packed = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9);
        let fragment = format!(
            "#s={}",
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(packed)
        );
        let opened = decode(&fragment).unwrap();
        if std::env::var_os("SHOW_NOTICES").is_some() {
            eprintln!("{name}: {:#?}", opened.notices);
        }
        // The field each notice names, as the page writes it first (an unknown field with its
        // key); notices about the whole link name none.
        let fields: Vec<String> = opened
            .notices
            .iter()
            .filter_map(|n| match &n.kind {
                planner_core::share::NoticeKind::UnknownField { key } if n.at.is_root() => {
                    Some(key.clone())
                }
                planner_core::share::NoticeKind::UnknownField { key } => {
                    Some(format!("{}.{key}", n.at))
                }
                _ if n.at.is_root() => None,
                _ => Some(n.at.to_string()),
            })
            .collect();
        // Whatever was rejected, what is shown evaluates to finite totals.
        let results = opened.scenario.load().unwrap().evaluate().unwrap();
        assert!(!results.options.is_empty(), "{name}");
        for r in &results.options {
            let total = r.result.total;
            assert!(total.is_finite() && total >= 0.0, "{name}: {total}");
        }
        if update {
            case["fragment"] = fragment.clone().into();
            case["fields"] = fields.clone().into();
        } else {
            assert_eq!(case["fragment"], fragment.as_str(), "{name}: fragment");
            let want: Vec<String> = serde_json::from_value(case["fields"].clone()).unwrap();
            assert_eq!(fields, want, "{name}: {:?}", opened.notices);
        }
    }
    if update {
        std::fs::write(path, serde_json::to_string_pretty(&doc).unwrap() + "\n").unwrap();
    }
}

/// A share link or exported file made with an imported offer ("your price") opens elsewhere:
/// `Scenario::portable_file` writes the offer's prices inline, so the file needs no price list
/// and gives the same totals (found by a new-user test: the link dropped the option).
#[test]
fn imported_offers_travel_inline_in_links_and_exports() {
    use planner_app::action::Action;
    use planner_app::state::Scenario;
    let list = csv(&format!(
        "{HEADER},spot_per_hour\nAcme,gx9000,Unknown GPU 9000,4,CNY,31.5,9.25\n"
    ))
    .expect("parses");
    let mut imported = user::Imported::default();
    let offer = imported.register("portable.csv", list.offers)[0];
    let catalog = Catalog::new(&imported);
    let s = Scenario::default()
        .apply(Action::ToggleOffer(catalog.resolved(offer)))
        .unwrap();
    let with_ref = s.to_file();
    let portable = s.portable_file();
    let i = with_ref
        .options
        .iter()
        .position(|o| o.offer.as_deref() == Some(offer.id))
        .expect("the imported offer is compared");
    let inline = &portable.options[i];
    assert_eq!(inline.offer, None);
    assert_eq!(inline.on_demand_per_hour, Some(31.5));
    assert_eq!(inline.currency.as_deref(), Some("CNY"));
    assert_eq!(inline.gpus_per_instance, Some(4));
    // Catalog offers stay referenced by id.
    for (a, b) in with_ref.options.iter().zip(&portable.options) {
        if a.offer.as_deref() != Some(offer.id) {
            assert_eq!(a, b);
        }
    }
    // Same totals; with no offer id left, the portable file needs no imported list: it loads
    // in the bundled catalog alone, where the file with the reference does not.
    assert!(portable
        .options
        .iter()
        .all(|o| o.offer.as_deref().is_none_or(|id| !id.starts_with("user/"))));
    assert!(with_ref.load().is_err());
    let totals = |f: &planner_core::file::ScenarioFile, c: &Catalog<'_>| -> Vec<f64> {
        f.load_in(c)
            .unwrap()
            .evaluate()
            .unwrap()
            .options
            .iter()
            .map(|o| o.result.total)
            .collect()
    };
    assert_eq!(
        totals(&with_ref, &catalog),
        totals(&portable, &Catalog::BUNDLED)
    );
    // And the app opens it again as the same comparison.
    let back = Scenario::from_file(portable, &Catalog::BUNDLED).unwrap();
    let total =
        |s: &Scenario| -> Vec<f64> { s.evaluate().unwrap().iter().map(|r| r.total).collect() };
    assert_eq!(total(&back), total(&s));
}
