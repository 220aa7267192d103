//! CoreWeave's public pricing page (`https://www.coreweave.com/pricing`, HTML, no API): each GPU
//! instance is a `div.table-row-v2` with the model in `h3.table-model-name` and the cells
//! `div.table-v2-cell` in the order GPU count, VRAM (GB per GPU), vCPUs, system RAM (GB), local
//! storage (TB), instance price per hour ("$49.24"). Some rows repeat a name in a
//! `.table-cell-column` element followed by unlabeled price-only cells (the page's mobile
//! layout); those are ignored, as OpenComputePrices' CoreWeave collector does
//! (`tests/test_browser_collectors.py`). A footnote mark in a cell ("4^1") is dropped.

use crate::error::ParseError;
use crate::fetch::Request;
use crate::schema::{positive_price, BillingMode, PriceUnit, Row};
use crate::Origin;
use scraper::{ElementRef, Html, Selector};

/// The pricing page.
pub const URL: &str = "https://www.coreweave.com/pricing";

/// The one request.
#[must_use]
pub fn request() -> Request {
    Request::get(URL, "pricing.html")
}

fn selector(css: &str) -> Selector {
    // The selectors are constants of this file, exercised by its tests: parsing cannot fail.
    Selector::parse(css).expect("a valid CSS selector")
}

fn text_of(e: ElementRef) -> String {
    e.text().collect::<String>().trim().to_owned()
}

/// "4^1" → "4", "2,048" → "2048", "$21.60" → "21.60".
fn number(cell: &str) -> String {
    let base = cell.split('^').next().unwrap_or("");
    base.trim()
        .trim_start_matches('$')
        .replace(',', "")
        .trim()
        .to_owned()
}

/// One on-demand row per instance row of the page (per instance-hour, USD; as of the fetch
/// time: the page states no date).
///
/// # Errors
/// [`ParseError::BadValue`] for a row with fewer than six cells or a price that is not a
/// positive number (the page's layout has changed: better no file than a wrong one).
pub fn read(html: &str, origin: &Origin) -> Result<Vec<Row>, ParseError> {
    let page = Html::parse_document(html);
    let rows = selector("div.table-row-v2");
    let name = selector("h3.table-model-name");
    let mut out = Vec::new();
    for (n, row) in page.select(&rows).enumerate() {
        let Some(model) = row.select(&name).next() else {
            continue;
        };
        let model_name = text_of(model);
        // The cells of the desktop layout: children of the grid, in order, up to the first
        // `.table-cell-column` (the mobile repeat).
        let mut cells = Vec::new();
        let grid = model
            .parent()
            .and_then(|p| p.parent())
            .and_then(ElementRef::wrap);
        if let Some(grid) = grid {
            for child in grid.children().filter_map(ElementRef::wrap) {
                let classes: Vec<&str> = child.value().classes().collect();
                if classes.contains(&"table-cell-column") {
                    break;
                }
                if classes.contains(&"table-v2-cell") && !classes.contains(&"table-v2-cell--name") {
                    cells.push(text_of(child));
                }
            }
        }
        let at = || format!("pricing row {} ({model_name})", n + 1);
        if cells.len() < 6 {
            return Err(ParseError::BadValue {
                file: origin.name.to_owned(),
                at: at(),
                field: "cells",
                value: cells.join(" | "),
                expected: "GPU count, VRAM, vCPUs, RAM, storage and price",
            });
        }
        let price = number(&cells[5]);
        if positive_price(&price).is_none() {
            return Err(ParseError::BadValue {
                file: origin.name.to_owned(),
                at: at(),
                field: "price",
                value: cells[5].clone(),
                expected: "a price such as $49.24",
            });
        }
        let mut note = vec![
            format!("local storage {} TB", number(&cells[4])),
            "billed per minute".to_owned(),
        ];
        if cells[0].contains('^') {
            note.push(format!(
                "GPU count cell {:?} carries a footnote mark on the page",
                cells[0]
            ));
        }
        out.push(Row {
            provider: "CoreWeave".into(),
            instance_type: model_name.clone(),
            gpu_name: model_name
                .trim_start_matches("NVIDIA ")
                .trim_start_matches("HGX ")
                .to_owned(),
            gpu_count: number(&cells[0]),
            gpu_memory_gib: number(&cells[1]),
            vcpus: number(&cells[2]),
            ram_gib: number(&cells[3]),
            billing_mode: Some(BillingMode::OnDemand),
            price,
            currency: "USD".into(),
            price_unit: Some(PriceUnit::InstanceHour),
            as_of: origin.fetched_at.to_owned(),
            source: "coreweave-pricing-page".into(),
            source_ref: origin.url.to_owned(),
            note: note.join("; "),
            ..Row::default()
        });
    }
    Ok(out)
}
