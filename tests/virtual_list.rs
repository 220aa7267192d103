//! Browser tests (wasm-bindgen-test in headless Chromium) of the virtualised table
//! (`ui::virtual_list`): only the rows in view plus the overscan are in the DOM, the spacers
//! keep the full scroll height, the ARIA row numbering is that of the whole table, and
//! scrolling moves the rendered window.
#![cfg(target_arch = "wasm32")]

use gpu_cost_planner::ui::virtual_list::{
    visible_rows, VirtualRow, VirtualTable, VirtualTableProps,
};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, Event, HtmlElement};
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

const ROWS: usize = 10_000;
const ROW_PX: u32 = 30;
const VIEW_PX: u32 = 300;
const OVERSCAN: usize = 5;

fn document() -> web_sys::Document {
    web_sys::window()
        .expect("window")
        .document()
        .expect("document")
}

/// Mounts a 10,000-row table in its own element and waits for Yew to render it.
async fn mount() -> Element {
    mount_with(
        false,
        Callback::from(|i: usize| VirtualRow {
            cells: html! { <><td>{ format!("offer {i}") }</td><td>{ i * 2 }</td></> },
            ..VirtualRow::default()
        }),
    )
    .await
}

/// Mounts a 10,000-row table (rows of `ROW_PX` inline unless `measure_rows`) and waits for
/// Yew to render it and run its effects.
async fn mount_with(measure_rows: bool, row: Callback<usize, VirtualRow>) -> Element {
    let root = document().create_element("div").expect("div");
    document()
        .body()
        .expect("body")
        .append_child(&root)
        .expect("append");
    let props = VirtualTableProps {
        row_count: ROWS,
        row_height_px: ROW_PX,
        columns: 2,
        viewport_px: VIEW_PX,
        overscan: OVERSCAN,
        label: "Offers".into(),
        header: html! { <><th scope="col">{ "Offer" }</th><th scope="col">{ "Price" }</th></> },
        row,
        measure_rows,
        id: None,
        class: Classes::new(),
        region_class: Classes::new(),
    };
    yew::Renderer::<VirtualTable>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    // Effects (the row measurement) run after the render, then their re-render.
    for _ in 0..3 {
        yew::platform::time::sleep(std::time::Duration::from_millis(20)).await;
        yew::scheduler::flush().await;
    }
    root
}

fn data_rows(root: &Element) -> Vec<Element> {
    let list = root
        .query_selector_all("tbody tr[aria-rowindex]")
        .expect("selector");
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<Element>().ok())
        .collect()
}

fn row_index(row: &Element) -> usize {
    row.get_attribute("aria-rowindex")
        .expect("aria-rowindex")
        .parse()
        .expect("a number")
}

fn spacer_px(root: &Element) -> f64 {
    let list = root
        .query_selector_all("tr.virtual-spacer")
        .expect("selector");
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<HtmlElement>().ok())
        .map(|tr| f64::from(tr.offset_height()))
        .sum()
}

#[wasm_bindgen_test]
fn the_window_covers_the_rows_in_view_and_the_overscan() {
    assert_eq!(visible_rows(0, 30.0, 300.0, 0.0, 5), 0..0);
    assert_eq!(visible_rows(10_000, 30.0, 300.0, 0.0, 5), 0..15);
    // Scrolled to row 100 exactly: rows 100..110 in view, 95..115 rendered.
    assert_eq!(visible_rows(10_000, 30.0, 300.0, 3_000.0, 5), 95..115);
    // Part of a row in view counts: 3,015 px shows rows 100 (its lower half) to 110.
    assert_eq!(visible_rows(10_000, 30.0, 300.0, 3_015.0, 5), 95..116);
    // The end of the list and beyond it (a stale offset after the list shrank).
    assert_eq!(
        visible_rows(10_000, 30.0, 300.0, 299_700.0, 5),
        9_985..10_000
    );
    assert_eq!(visible_rows(20, 30.0, 300.0, 1e9, 5), 14..20);
    // Elastic scrolling's negative offsets and nonsense heights do not panic or go empty.
    assert_eq!(visible_rows(3, 30.0, 300.0, -40.0, 5), 0..3);
    assert_eq!(visible_rows(3, 0.0, 300.0, 0.0, 0), 0..3);
    assert_eq!(visible_rows(3, f64::NAN, f64::NAN, f64::NAN, 0), 0..1);
}

#[wasm_bindgen_test]
async fn only_the_rows_in_view_are_rendered_and_scrolling_moves_them() {
    let root = mount().await;
    let table = root
        .query_selector("table")
        .expect("selector")
        .expect("table");
    assert_eq!(
        table.get_attribute("aria-rowcount").as_deref(),
        Some("10001"),
        "10,000 rows and the header row"
    );
    let region: HtmlElement = root
        .query_selector("[role=region]")
        .expect("selector")
        .expect("scroll region")
        .dyn_into()
        .expect("element");
    assert_eq!(
        region.get_attribute("aria-label").as_deref(),
        Some("Offers")
    );
    assert_eq!(
        region.tab_index(),
        0,
        "the region scrolls with the keyboard"
    );
    let header = root
        .query_selector("thead tr")
        .expect("selector")
        .expect("header");
    assert_eq!(header.get_attribute("aria-rowindex").as_deref(), Some("1"));

    // At the top: the 10 rows in view and 5 below them, numbered from 2 (after the header).
    let rows = data_rows(&root);
    assert_eq!(rows.len(), 15);
    assert_eq!(
        rows.iter().map(row_index).collect::<Vec<_>>(),
        (2..17).collect::<Vec<_>>()
    );
    assert_eq!(rows[0].text_content().as_deref(), Some("offer 00"));
    // The table is as tall as all its rows (the spacer below stands for the others).
    let all = f64::from(ROW_PX) * ROWS as f64;
    assert_eq!(spacer_px(&root) + 15.0 * f64::from(ROW_PX), all);

    // Scrolled to row 5,000: rows 4,995..5,015 rendered, the spacers keep the height.
    region.set_scroll_top(5_000 * ROW_PX as i32);
    region
        .dispatch_event(&Event::new("scroll").expect("event"))
        .expect("dispatch");
    yew::scheduler::flush().await;
    let rows = data_rows(&root);
    assert_eq!(rows.len(), 20);
    assert_eq!(row_index(&rows[0]), 4_995 + 2);
    assert_eq!(rows[5].text_content().as_deref(), Some("offer 500010000"));
    assert_eq!(spacer_px(&root) + 20.0 * f64::from(ROW_PX), all);
    assert_eq!(
        region.scroll_top(),
        5_000 * ROW_PX as i32,
        "the scroll position holds"
    );
    root.remove();
}

#[wasm_bindgen_test]
async fn a_measured_row_height_sets_the_window_and_the_spacers() {
    // Rows styled 90 px tall (three times the 30 px estimate), keyed, with a class and an id.
    let root = mount_with(
        true,
        Callback::from(|i: usize| VirtualRow {
            key: Some(format!("k{i}").into()),
            class: classes!("tall"),
            data_id: Some(format!("id-{i}").into()),
            cells: html! { <><td style="height: 90px; padding: 0; border: 0;">{ i }</td><td>{ "x" }</td></> },
        }),
    )
    .await;
    let rows = data_rows(&root);
    let h = rows[0].get_bounding_client_rect().height();
    assert!((h - 90.0).abs() < 1.0, "rows are 90 px tall, not {h}");
    // 300 px of 90 px rows: 4 in view (the 4th in part) and 5 below them.
    assert_eq!(rows.len(), 9);
    assert!(
        rows[0].get_attribute("style").is_none(),
        "no inline height when measured"
    );
    assert_eq!(rows[0].class_name(), "tall");
    assert_eq!(rows[3].get_attribute("data-id").as_deref(), Some("id-3"));
    // The spacer stands for the 9,991 other rows at the measured height.
    assert!((spacer_px(&root) - 9_991.0 * h).abs() < 2.0);
    root.remove();
}
