//! Browser tests (wasm-bindgen-test in headless Chromium): mount the whole app, drive its
//! inputs the way a person does (typing fires `input` events), and check the displayed totals
//! against the catalog price and the 730-hour month.
#![cfg(target_arch = "wasm32")]

use planner_app::state::Scenario;
use planner_core::catalog;
use planner_core::format;
use planner_engine::Currency;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlInputElement, InputEvent, InputEventInit};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window()
        .expect("window")
        .document()
        .expect("document")
}

thread_local! {
    /// The app the previous test mounted (tests run one after another in one page).
    static PREVIOUS: std::cell::RefCell<Option<yew::AppHandle<gpu_cost_planner::ui::App>>> =
        const { std::cell::RefCell::new(None) };
}

/// Mounts a fresh app in its own element and waits for Yew's scheduler to render it. The app
/// restores and autosaves its state in LocalStorage, so each test starts from empty storage:
/// the previous test's app is destroyed first (its pending autosave timer with it), then the
/// storage is cleared.
async fn mount() -> Element {
    if let Some(previous) = PREVIOUS.with(|p| p.borrow_mut().take()) {
        previous.destroy();
        flush().await;
    }
    if let Ok(Some(storage)) = web_sys::window().expect("window").local_storage() {
        storage.clear().expect("clear local storage");
    }
    let root = document().create_element("div").expect("div");
    document()
        .body()
        .expect("body")
        .append_child(&root)
        .expect("append");
    let app = gpu_cost_planner::ui::mount(root.clone()).await;
    PREVIOUS.with(|p| p.replace(app));
    flush().await;
    root
}

/// Waits until Yew's scheduler has run every pending render and effect (no fixed sleeps).
async fn flush() {
    yew::scheduler::flush().await;
}

/// Waits two animation frames, then for Yew: a chart takes its width from a ResizeObserver,
/// whose first report comes after the first layout following the mount, and is drawn then.
async fn painted() {
    for _ in 0..2 {
        let frame = web_sys::js_sys::Promise::new(&mut |resolve, _| {
            web_sys::window()
                .expect("window")
                .request_animation_frame(&resolve)
                .expect("requestAnimationFrame");
        });
        wasm_bindgen_futures::JsFuture::from(frame)
            .await
            .expect("frame");
    }
    flush().await;
}

fn find(root: &Element, selector: &str) -> Element {
    root.query_selector(selector)
        .expect("valid selector")
        .unwrap_or_else(|| panic!("{selector} not found"))
}

async fn type_into(root: &Element, selector: &str, text: &str) {
    let input: HtmlInputElement = find(root, selector).dyn_into().expect("input element");
    input.set_value(text);
    let init = InputEventInit::new();
    init.set_bubbles(true);
    let event = InputEvent::new_with_event_init_dict("input", &init).expect("event");
    input.dispatch_event(&event).expect("dispatch");
    flush().await;
}

fn text(root: &Element, selector: &str) -> String {
    find(root, selector).text_content().unwrap_or_default()
}

fn first_offer_monthly_usd() -> f64 {
    let s = Scenario::default();
    let offer = catalog::offer_by_id(&s.selected()[0]).expect("default offer in catalog");
    assert_eq!(offer.currency, Currency::Usd);
    assert_eq!(
        s.fleet().gpus % offer.gpu_count,
        0,
        "default fleet fills whole instances"
    );
    let instances = f64::from(s.fleet().gpus / offer.gpu_count);
    offer
        .on_demand_per_hour
        .expect("the default scenario compares on-demand offers")
        * 730.0
        * instances
}

#[wasm_bindgen_test]
async fn typing_months_updates_the_total() {
    let root = mount().await;
    let monthly = first_offer_monthly_usd();
    assert_eq!(
        text(&root, "#total-0"),
        format::money(monthly * 12.0, Currency::Usd)
    );

    type_into(&root, "#months-number", "2").await;
    assert_eq!(
        text(&root, "#total-0"),
        format::money(monthly * 2.0, Currency::Usd)
    );
    assert_eq!(text(&root, "#months-error"), "");
}

#[wasm_bindgen_test]
async fn moving_the_gpu_slider_updates_the_total() {
    let root = mount().await;
    let monthly = first_offer_monthly_usd();
    // 16 GPUs on 8-GPU instances: two instances, twice the cost.
    type_into(&root, "#gpus-range", "16").await;
    assert_eq!(
        text(&root, "#total-0"),
        format::money(monthly * 24.0, Currency::Usd)
    );
    let field: HtmlInputElement = find(&root, "#gpus-number").dyn_into().expect("input");
    assert_eq!(field.value(), "16", "the numeric field follows the slider");
}

#[wasm_bindgen_test]
async fn bad_input_shows_a_message_and_keeps_the_last_result() {
    let root = mount().await;
    let before = text(&root, "#total-0");
    for (field, bad) in [
        ("months", "abc"),
        ("months", ""),
        ("months", "-5"),
        ("months", "1e400"),
        ("hours-per-day", "1,5"),
        ("gpus", "2.5"),
    ] {
        type_into(&root, &format!("#{field}-number"), bad).await;
        let message = text(&root, &format!("#{field}-error"));
        assert!(!message.is_empty(), "no message for {field} = {bad:?}");
        assert_eq!(
            text(&root, "#total-0"),
            before,
            "total changed after {field} = {bad:?}"
        );
        assert!(!text(&root, "#results").contains("NaN"));
    }
    assert!(text(&root, "#hours-per-day-error").contains("1.5"));
    // A valid value afterwards clears the message and applies.
    type_into(&root, "#hours-per-day-number", "12").await;
    assert_eq!(text(&root, "#hours-per-day-error"), "");
    assert_ne!(text(&root, "#total-0"), before);
}

/// The chart's inline SVG (vector: the browser renders it at device resolution).
fn chart_svg(root: &Element, id: &str) -> Element {
    find(root, &format!("{id} svg"))
}

/// A numeric attribute of `el` (`NaN` when missing or not a number).
fn number_attr(el: &Element, name: &str) -> f64 {
    el.get_attribute(name)
        .and_then(|v| v.parse().ok())
        .unwrap_or(f64::NAN)
}

#[wasm_bindgen_test]
async fn chart_svg_is_drawn_at_its_box_width() {
    let root = mount().await;
    painted().await;
    let css_width = find(&root, "#chart").get_bounding_client_rect().width();
    assert!(css_width > 0.0);
    let svg = chart_svg(&root, "#chart");
    assert_eq!(number_attr(&svg, "width"), css_width.round());
    assert!(number_attr(&svg, "height") > 100.0);
}

/// How many shapes (lines, paths, rectangles) and texts the chart's SVG draws: a blank chart
/// has only its background.
fn drawn(root: &Element, id: &str) -> (u32, u32) {
    let svg = chart_svg(root, id);
    let count = |sel: &str| svg.query_selector_all(sel).map_or(0, |l| l.length());
    (count("polyline, path, rect, line, circle"), count("text"))
}

#[wasm_bindgen_test]
async fn all_three_charts_are_drawn_and_labelled_for_the_compared_options() {
    let root = mount().await;
    painted().await;
    let results = Scenario::default()
        .evaluate()
        .expect("default scenario evaluates");
    for id in ["#chart", "#chart-breakdown", "#chart-ranking"] {
        let (shapes, texts) = drawn(&root, id);
        assert!(
            shapes > 10 && texts > 5,
            "{id} is not blank: {shapes} shapes, {texts} texts"
        );
        assert!(
            find(&root, id).get_attribute("aria-label").is_some(),
            "{id} labelled"
        );
    }
    // The breakdown names the option it shows, the first compared one.
    let label = find(&root, "#chart-breakdown")
        .get_attribute("aria-label")
        .unwrap_or_default();
    assert!(label.contains(&results[0].name), "{label}");
    // The comparison table lists exactly the compared options, in order, with the engine's
    // totals, which are the figures its CSV carries.
    let rows = root
        .query_selector_all("#comparison tbody th.option-label")
        .expect("rows");
    assert_eq!(rows.length() as usize, results.len());
    let csv = planner_app::comparison::to_csv(
        &results,
        Currency::Usd,
        "730h",
        &planner_app::i18n::Translator::new(planner_core::language::Language::En),
    );
    let totals = root
        .query_selector_all("#comparison tbody td.cmp-total")
        .expect("totals");
    for (i, (r, line)) in results.iter().zip(csv.lines().skip(1)).enumerate() {
        let name = rows
            .item(i as u32)
            .and_then(|n| n.first_child())
            .and_then(|n| n.text_content())
            .unwrap_or_default();
        assert_eq!(name.trim(), r.name);
        let shown = totals
            .item(i as u32)
            .and_then(|n| n.text_content())
            .unwrap_or_default();
        assert_eq!(shown, format::money(r.total, Currency::Usd));
        let csv_total: f64 = line
            .split(',')
            .nth(3)
            .and_then(|t| t.parse().ok())
            .expect("total column");
        assert_eq!(format::money(csv_total, Currency::Usd), shown, "{line}");
    }
}

#[wasm_bindgen_test]
async fn typing_a_contingency_raises_every_engine_total() {
    let root = mount().await;
    let before = text(&root, "#comparison tbody td.cmp-total");
    type_into(&root, "#contingency-number", "10").await;
    let after = text(&root, "#comparison tbody td.cmp-total");
    let base = Scenario::default().evaluate().expect("evaluates")[0].total;
    assert_eq!(before, format::money(base, Currency::Usd));
    assert_eq!(after, format::money(base * 1.1, Currency::Usd));
    type_into(&root, "#contingency-number", "abc").await;
    assert!(
        !text(&root, "#contingency-error").is_empty(),
        "message beside the field"
    );
    assert_eq!(
        text(&root, "#comparison tbody td.cmp-total"),
        after,
        "last valid result kept"
    );
}

/// A share link written natively (`share::encode`, miniz_oxide; checked in and kept equal to
/// what `encode` writes by a native test) carrying the golden off-peak scenario in zh-CN.
const NATIVE_LINK: &str = include_str!("golden/share-link-native.txt");
const OFFPEAK_RENDER: &str = include_str!("golden/offpeak-render.json");

#[wasm_bindgen_test]
async fn a_link_made_natively_opens_with_the_browsers_inflater() {
    use planner_core::language::Language;
    let want = planner_core::file::parse(OFFPEAK_RENDER).expect("golden scenario");
    let o =
        gpu_cost_planner::web_share::decode(&format!("https://example.org/{}", NATIVE_LINK.trim()))
            .await
            .expect("a share link");
    assert_eq!(o.notices, vec![]);
    assert_eq!(o.language, Some(Language::ZhCn));
    assert_eq!(o.scenario, want);
}

#[wasm_bindgen_test]
async fn the_browser_codec_round_trips_and_keeps_the_native_limits() {
    use gpu_cost_planner::web_share as web;
    use planner_core::language::Language;
    use planner_core::share::{self, NoticeKind, Shared, MAX_INFLATED_BYTES};
    let shared = Shared {
        language: Language::En,
        scenario: planner_core::file::parse(OFFPEAK_RENDER).expect("golden scenario"),
    };
    // Written and read by the page.
    let link = web::encode(&shared).await.expect("compressed");
    assert!(link.starts_with("#s="), "{link}");
    let o = web::decode(&link).await.expect("a share link");
    assert_eq!(o.notices, vec![]);
    assert_eq!(o.language, Some(Language::En));
    assert_eq!(o.scenario, shared.scenario);
    // Not a share link.
    assert_eq!(web::decode("#about").await, None);
    // Cut short: the complete leading part (envelope and title) loads, with a notice.
    let native = NATIVE_LINK.trim();
    let o = web::decode(&native[..native.len() * 2 / 3])
        .await
        .expect("a share link");
    assert_eq!(o.notices[0].kind, NoticeKind::LinkTruncated);
    assert_eq!(o.language, Some(Language::ZhCn));
    assert_eq!(o.scenario.name, shared.scenario.name);
    assert!(o.scenario.load().is_ok());
    // A deflate bomb stops at the inflated cap.
    let big = format!(
        "{{\"v\":1,\"x\":\"{}\"}}",
        " ".repeat(MAX_INFLATED_BYTES * 2)
    );
    let bomb = share::fragment(&web::deflate(big.as_bytes()).await.expect("compressed"));
    assert!(bomb.len() < share::MAX_LINK_BYTES);
    let o = web::decode(&bomb).await.expect("a share link");
    assert_eq!(o.notices.len(), 1);
    assert_eq!(o.notices[0].kind, NoticeKind::LinkTooLarge);
    // Bytes that are not deflate: the default scenario and a notice.
    let o = web::decode(&share::fragment(b"not deflate at all"))
        .await
        .expect("a share link");
    assert!(matches!(
        o.notices[0].kind,
        NoticeKind::LinkCorrupt(share::LinkDamage::NotDeflate) | NoticeKind::LinkTruncated
    ));
    assert_eq!(o.scenario, share::default_scenario());
}

/// The seeded Monte Carlo gives the same bands in the browser as natively: the golden scenarios
/// with a `montecarlo` section (a fleet with host failures, a spot job) are evaluated here and
/// their CSV (P10/P50/P90 columns to the cent) compared with the golden files the native
/// `golden` test checks.
#[wasm_bindgen_test]
fn monte_carlo_goldens_match_the_native_ones() {
    use planner_core::{file, report};
    for (name, scenario, want) in [
        (
            "marketplace-failures",
            include_str!("golden/marketplace-failures.json"),
            include_str!("golden/marketplace-failures.csv"),
        ),
        (
            "job-spot",
            include_str!("golden/job-spot.json"),
            include_str!("golden/job-spot.csv"),
        ),
    ] {
        assert!(
            scenario.contains("\"montecarlo\""),
            "{name} has a Monte Carlo"
        );
        let got = report::to_csv(&file::evaluate_json(scenario).expect(name));
        assert!(got.contains("cumulative_p10_"), "{name}: {got}");
        for (i, (g, w)) in got.lines().zip(want.lines()).enumerate() {
            assert_eq!(g, w, "{name}: line {} differs", i + 1);
        }
        assert_eq!(got.lines().count(), want.lines().count(), "{name}");
    }
}
