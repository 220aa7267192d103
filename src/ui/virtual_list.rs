//! A virtualised table: a scrollable region that puts in the DOM only the rows in view plus a
//! few above and below (the overscan), whatever the number of rows, so a long list (the
//! catalog's 909 offers and more) costs a few dozen `<tr>` elements instead of thousands
//! (issue 19: DOM size and start-up time on a phone).
//!
//! Rows have one fixed height in CSS pixels. Above and below the rendered rows, one spacer row
//! each (one empty cell spanning every column, hidden from assistive technology) keeps the
//! scroll height that of all rows, so the scroll bar and keyboard scrolling behave as with the
//! full table. The table keeps its semantics for assistive technology: `aria-rowcount` gives
//! the number of rows of the whole table (header row included) and every rendered row its
//! `aria-rowindex` (1-based, the header row is 1), as WAI-ARIA 1.2 specifies for tables with
//! rows missing from the DOM. The scroll region is focusable and labelled, so arrow keys,
//! Page Up/Down, Home and End scroll it.

use std::ops::Range;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;
use yew::virtual_dom::Key;

/// Rows to render for a viewport: the positions (0-based, in `0..row_count`) of the rows that
/// intersect `[scroll_top_px, scroll_top_px + viewport_px)` in a list of `row_count` rows of
/// `row_height_px` each, widened by `overscan` rows on each side and clamped to the list.
///
/// An empty range when there are no rows; a zero or non-finite row height is taken as 1 px, a
/// negative or non-finite scroll offset as 0 (browsers report fractional and, with elastic
/// scrolling, briefly negative offsets).
#[must_use]
pub fn visible_rows(
    row_count: usize,
    row_height_px: f64,
    viewport_px: f64,
    scroll_top_px: f64,
    overscan: usize,
) -> Range<usize> {
    if row_count == 0 {
        return 0..0;
    }
    let height = if row_height_px.is_finite() && row_height_px >= 1.0 {
        row_height_px
    } else {
        1.0
    };
    let top = if scroll_top_px.is_finite() && scroll_top_px > 0.0 {
        scroll_top_px
    } else {
        0.0
    };
    let view = if viewport_px.is_finite() && viewport_px > 0.0 {
        viewport_px
    } else {
        0.0
    };
    // Row positions as f64 -> usize: `as` saturates (never wraps), and the result is clamped.
    let first = ((top / height).floor() as usize).min(row_count - 1);
    let end = (((top + view) / height).ceil() as usize).clamp(first + 1, row_count);
    first.saturating_sub(overscan)..end.saturating_add(overscan).min(row_count)
}

/// One data row of a [`VirtualTable`]: its cells and the attributes of its `<tr>`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct VirtualRow {
    /// Yew key of the row (a stable id, so a row keeps its DOM and focus while the window
    /// moves); the row's position when `None`.
    pub key: Option<AttrValue>,
    /// `class` of the `<tr>`.
    pub class: Classes,
    /// `data-id` of the `<tr>` (the id of what the row shows, for scripts and tests).
    pub data_id: Option<AttrValue>,
    /// The row's cells (`<td>…</td>`…).
    pub cells: Html,
}

/// Properties of [`VirtualTable`].
#[derive(Properties, PartialEq)]
pub struct VirtualTableProps {
    /// Number of data rows (the header row not counted).
    pub row_count: usize,
    /// Height of every data row, in CSS pixels: each row is given it inline, unless
    /// `measure_rows` (then it is only the first estimate).
    pub row_height_px: u32,
    /// When `true`, rows get no inline height: the consumer's CSS gives every row one height
    /// (which may change with the layout, e.g. a container query), and the component reads it
    /// from the first rendered row after every render and on window resize.
    #[prop_or(false)]
    pub measure_rows: bool,
    /// Number of columns (the spacer rows' one cell spans them all).
    pub columns: u32,
    /// Largest height of the scroll region, in CSS pixels.
    pub viewport_px: u32,
    /// Rows rendered above and below the ones in view, so fast scrolling shows no gap.
    #[prop_or(6)]
    pub overscan: usize,
    /// Accessible name of the table (and of its scroll region), in the page's language.
    pub label: AttrValue,
    /// The header row's cells (`<th scope="col">…</th>`…), put in a `<tr aria-rowindex="1">`.
    pub header: Html,
    /// The data row at a position (0-based).
    pub row: Callback<usize, VirtualRow>,
    /// `id` of the `<table>`.
    #[prop_or_default]
    pub id: Option<AttrValue>,
    /// `class` of the `<table>`.
    #[prop_or_default]
    pub class: Classes,
    /// `class` of the scroll region around the table (besides `virtual-scroll`).
    #[prop_or_default]
    pub region_class: Classes,
}

/// How the table learns its row height: a `ResizeObserver` on the first rendered row (with the
/// callback it calls, kept alive as long as the observer), or measuring after each render where
/// the browser has no `ResizeObserver`.
enum RowObserver {
    Resize {
        observer: web_sys::ResizeObserver,
        _callback: Closure<dyn FnMut()>,
    },
    Unavailable,
}

/// Height in CSS pixels of the first data row rendered in `region`, if one is.
fn first_row_height(region: &web_sys::Element) -> Option<f64> {
    let row = region.query_selector("tbody tr[aria-rowindex]").ok()??;
    let h = row.get_bounding_client_rect().height();
    (h.is_finite() && h >= 1.0).then_some(h)
}

/// A table that renders only the rows in view ([`visible_rows`]) and keeps the full table's
/// scroll height and row numbering (module docs).
#[function_component(VirtualTable)]
pub fn virtual_table(props: &VirtualTableProps) -> Html {
    let scroll_top = crate::ui::hooks::use_local(|| 0.0_f64);
    let region_ref = crate::ui::hooks::use_node();
    // The measured row height (`measure_rows`), `None` until a row was rendered.
    let measured = crate::ui::hooks::use_local_eq(|| None::<f64>);
    let onscroll = {
        let scroll_top = scroll_top.clone();
        Callback::from(move |e: Event| {
            if let Some(region) = e.target_dyn_into::<web_sys::Element>() {
                scroll_top.set(f64::from(region.scroll_top()));
            }
        })
    };
    // The row height is read where layout is clean, never forcing one inside a render: a
    // ResizeObserver on the first rendered data row (re-aimed after every render, since rows
    // come and go) reports once the browser has laid the row out and again whenever its size
    // changes (a filter, a wider window, a font). Without ResizeObserver the row is measured
    // after every render instead (a forced layout each time).
    let observer = crate::ui::hooks::use_cell(|| None::<RowObserver>);
    let last_set = crate::ui::hooks::use_memo_on((), |()| std::cell::Cell::new(None::<f64>));
    {
        let measured = measured.clone();
        let last_set = last_set.clone();
        let region_ref = region_ref.clone();
        let observer = observer.clone();
        let measure = props.measure_rows;
        use_effect(move || {
            if measure {
                let measure_now = {
                    let (measured, region_ref) = (measured.clone(), region_ref.clone());
                    let last = last_set.clone();
                    move || {
                        if let Some(h) = region_ref
                            .cast::<web_sys::Element>()
                            .and_then(|r| first_row_height(&r))
                        {
                            // Sub-pixel jitter is not a new height (and would re-render for
                            // nothing). The observer's callback outlives the render that made
                            // it, so it compares with the last height set, not its handle's.
                            let new = last.get().is_none_or(|m| (m - h).abs() > 0.5);
                            if new {
                                // Rows of a new height (the narrow layout after a resize): the
                                // same row stays at the top of the view instead of the same pixel.
                                if let (Some(old), Some(r)) =
                                    (last.get(), region_ref.cast::<web_sys::Element>())
                                {
                                    let top = f64::from(r.scroll_top());
                                    if top > 0.0 {
                                        r.set_scroll_top((top / old * h).round() as i32);
                                    }
                                }
                                last.set(Some(h));
                                measured.set(Some(h));
                            }
                        }
                    }
                };
                let mut slot = observer.borrow_mut();
                if slot.is_none() {
                    let callback = Closure::<dyn FnMut()>::new(measure_now.clone());
                    *slot = match web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) {
                        Ok(observer) => Some(RowObserver::Resize {
                            observer,
                            _callback: callback,
                        }),
                        Err(_) => Some(RowObserver::Unavailable),
                    };
                }
                let first_row = region_ref
                    .cast::<web_sys::Element>()
                    .and_then(|r| r.query_selector("tbody tr[aria-rowindex]").ok().flatten());
                match (slot.as_ref(), first_row) {
                    (Some(RowObserver::Resize { observer, .. }), Some(row)) => {
                        observer.disconnect();
                        observer.observe(&row);
                    }
                    (Some(RowObserver::Unavailable), Some(_)) => measure_now(),
                    _ => {}
                }
            }
        });
    }
    {
        // Stop observing when the table goes: the callback is dropped with the component.
        let observer = observer.clone();
        crate::ui::hooks::use_mount(Box::new(move || {
            Box::new(move || {
                if let Some(RowObserver::Resize { observer, .. }) = observer.borrow().as_ref() {
                    observer.disconnect();
                }
            })
        }));
    }
    let height = match *measured {
        Some(h) if props.measure_rows => h,
        _ => f64::from(props.row_height_px.max(1)),
    };
    let rows = visible_rows(
        props.row_count,
        height,
        f64::from(props.viewport_px),
        *scroll_top,
        props.overscan,
    );
    let spacer = |count: usize| -> Html {
        if count == 0 {
            return Html::default();
        }
        // Row counts times a row height: f64 is exact far beyond any list this renders.
        let px = count as f64 * height;
        html! {
            <tr class="virtual-spacer" aria-hidden="true" role="presentation">
                <td colspan={props.columns.max(1).to_string()} style={format!("height: {}px; padding: 0; border: 0;", planner_core::float_text::shortest(px))}></td>
            </tr>
        }
    };
    let above = spacer(rows.start);
    let below = spacer(props.row_count - rows.end);
    let row_style = (!props.measure_rows).then(|| format!("height: {}px;", props.row_height_px));
    let body: Html = rows
        .clone()
        .map(|i| {
            let row = props.row.emit(i);
            let key = row
                .key
                .map_or_else(|| Key::from(i), |k| Key::from(k.to_string()));
            html! {
                <tr {key} aria-rowindex={(i + 2).to_string()} class={row.class}
                    data-id={row.data_id} style={row_style.clone()}>
                    { row.cells }
                </tr>
            }
        })
        .collect();
    html! {
        <div class={classes!("virtual-scroll", props.region_class.clone())} role="region" aria-label={props.label.clone()} tabindex="0"
            style={format!("max-height: {}px; overflow: auto;", props.viewport_px)}
            ref={region_ref} {onscroll}>
            <table id={props.id.clone()} class={props.class.clone()} aria-label={props.label.clone()}
                aria-rowcount={(props.row_count + 1).to_string()}>
                <thead><tr aria-rowindex="1">{ props.header.clone() }</tr></thead>
                <tbody>{ above }{ body }{ below }</tbody>
            </table>
        </div>
    }
}
