//! Browser glue: canvas sizing for the device-pixel ratio, colour-scheme detection and file
//! downloads. Every failure is returned as a message; nothing here panics.

use crate::chart::Theme;
use wasm_bindgen::JsCast;
use web_sys::{HtmlAnchorElement, HtmlCanvasElement};

/// How long a download's object URL is kept before it is revoked, in milliseconds. Revoking it
/// right after `click()` makes Firefox save nothing (STYLE.md, "What to avoid").
pub const OBJECT_URL_LIFETIME_MS: u32 = 60_000;

/// Width used when the canvas has no layout width yet (hidden or detached), in CSS pixels.
const FALLBACK_CSS_WIDTH: f64 = 900.0;

/// The CSS width, in CSS pixels, a chart drawn inside `container` gets: its `clientWidth`, or
/// 900 when it has none yet (hidden or detached). Reading it forces a layout when the page has
/// pending changes, so the chart panel reads it from a `ResizeObserver` callback (where layout
/// is already clean) and keeps the value.
#[must_use]
pub fn container_css_width(container: &web_sys::Element) -> f64 {
    let w = f64::from(container.client_width());
    if w > 0.0 {
        w
    } else {
        FALLBACK_CSS_WIDTH
    }
}

/// The window's `devicePixelRatio`, clamped to (0, 4]; 1 when the browser reports nonsense.
#[must_use]
pub fn device_pixel_ratio() -> f64 {
    let dpr = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    if dpr.is_finite() && dpr > 0.0 {
        dpr.min(4.0)
    } else {
        1.0
    }
}

/// Sizes `canvas` so its backing store is its CSS size × `devicePixelRatio` (sharp on HiDPI
/// screens, plotters issue #164): CSS width `css_w` (CSS pixels, from
/// [`container_css_width`]), CSS height `css_height(css_w)` rounded. Attributes and styles are
/// written only when they change, so redrawing at the same size invalidates no layout and
/// reads none. Returns `(css_width, css_height, device_pixel_ratio)`.
pub fn size_canvas_for_device(
    canvas: &HtmlCanvasElement,
    css_w: f64,
    css_height: impl Fn(f64) -> f64,
) -> Result<(f64, f64, f64), String> {
    let dpr = device_pixel_ratio();
    let css_h = css_height(css_w).round();
    let (w, h) = ((css_w * dpr).round() as u32, (css_h * dpr).round() as u32);
    if canvas.width() != w {
        canvas.set_width(w);
    }
    if canvas.height() != h {
        canvas.set_height(h);
    }
    let style = canvas.style();
    let (css_w_text, css_h_text) = (format!("{css_w}px"), format!("{css_h}px"));
    let set = |name: &str, value: &str| {
        if style.get_property_value(name).ok().as_deref() == Some(value) {
            Ok(())
        } else {
            style.set_property(name, value)
        }
    };
    set("width", &css_w_text)
        .and_then(|()| set("height", &css_h_text))
        .map_err(|_| "could not size the chart".to_string())?;
    Ok((css_w, css_h, dpr))
}

/// The chart theme matching the user's colour scheme (`prefers-color-scheme`).
#[must_use]
pub fn chart_theme() -> Theme {
    let dark = web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .is_some_and(|m| m.matches());
    if dark {
        Theme::DARK
    } else {
        Theme::LIGHT
    }
}

/// Starts a download of `href` (a data: or blob: URL) saved as `file_name`.
fn click_download(href: &str, file_name: &str) -> Result<(), String> {
    let document = gloo::utils::document();
    let anchor: HtmlAnchorElement = document
        .create_element("a")
        .map_err(|_| "could not create a download link")?
        .dyn_into()
        .map_err(|_| "could not create a download link")?;
    anchor.set_href(href);
    anchor.set_download(file_name);
    anchor.set_hidden(true);
    let body = document.body().ok_or("the page has no body")?;
    body.append_child(&anchor)
        .map_err(|_| "could not start the download")?;
    anchor.click();
    anchor.remove();
    Ok(())
}

/// Downloads `text` as a file named `file_name` with MIME type `mime`, through a Blob object
/// URL (gloo-file) that is revoked after [`OBJECT_URL_LIFETIME_MS`].
pub fn download_text(file_name: &str, mime: &str, text: &str) -> Result<(), String> {
    let blob = gloo::file::Blob::new_with_options(text, Some(mime));
    let url = gloo::file::ObjectUrl::from(blob);
    click_download(&url, file_name)?;
    gloo::timers::callback::Timeout::new(OBJECT_URL_LIFETIME_MS, move || drop(url)).forget();
    Ok(())
}

/// Downloads the canvas as a PNG at its backing-store (device) resolution.
pub fn download_canvas_png(canvas: &HtmlCanvasElement, file_name: &str) -> Result<(), String> {
    let url = canvas
        .to_data_url_with_type("image/png")
        .map_err(|_| "the browser refused to export the chart as PNG".to_string())?;
    click_download(&url, file_name)
}

/// Name of the performance mark set when the first chart has been drawn; the end-to-end test
/// reads it to report load time (`performance.getEntriesByName`).
pub const FIRST_CHART_MARK: &str = "first-chart";

/// Sets the [`FIRST_CHART_MARK`] performance mark, once per page load.
pub fn mark_first_chart() {
    use std::sync::atomic::{AtomicBool, Ordering};
    static DONE: AtomicBool = AtomicBool::new(false);
    if !DONE.swap(true, Ordering::Relaxed) {
        if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
            // A failed mark only loses a measurement.
            let _ = p.mark(FIRST_CHART_MARK);
        }
    }
}

/// Name of the performance mark set each time the cumulative chart has been drawn with every
/// P10–P90 band of the current scenario (none still being computed); the browser benchmark
/// times slider input → bands painted with it.
pub const BANDS_DRAWN_MARK: &str = "bands-drawn";

/// Sets a [`BANDS_DRAWN_MARK`] performance mark.
pub fn mark_bands_drawn() {
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        // A failed mark only loses a measurement.
        let _ = p.mark(BANDS_DRAWN_MARK);
    }
}

/// User Timing measure names the app records (`performance.measure`), read by
/// `scripts/bench-browser.sh` and by any profiler:
/// - [`MEASURE_RECOMPUTE`]: the compared options' results recomputed after a change;
/// - [`MEASURE_CHART_SERIES`]: the chart's series and labels rebuilt from those results;
/// - [`MEASURE_DRAW_CHART`]: the chart drawn on the canvas (sizing, plotting, text);
/// - [`MEASURE_AUTOSAVE`]: the persisted state serialised and written to LocalStorage (once the
///   scenario has been still for a moment, or when the page is hidden).
pub const MEASURE_RECOMPUTE: &str = "recompute";
/// See [`MEASURE_RECOMPUTE`].
pub const MEASURE_CHART_SERIES: &str = "chart-series";
/// See [`MEASURE_RECOMPUTE`].
pub const MEASURE_DRAW_CHART: &str = "draw-chart";
/// See [`MEASURE_RECOMPUTE`].
pub const MEASURE_AUTOSAVE: &str = "autosave";

/// Runs `work` between two User Timing marks and records a `performance.measure` named `name`
/// (durations in milliseconds, visible in DevTools and to `performance.getEntriesByName`). The
/// start mark is cleared afterwards so only measures accumulate; a harness clears those with
/// `performance.clearMeasures()`. Without a `performance` object it just runs `work`.
pub fn timed<T>(name: &str, work: impl FnOnce() -> T) -> T {
    let Some(p) = web_sys::window().and_then(|w| w.performance()) else {
        return work();
    };
    let start = format!("{name}:start");
    // A failed mark or measure only loses a measurement, never the work.
    let _ = p.mark(&start);
    let out = work();
    let _ = p.measure_with_start_mark(name, &start);
    p.clear_marks_with_mark_name(&start);
    out
}

/// Today's `(year, month)` from the browser's clock (local time).
#[must_use]
pub fn today_year_month() -> (i32, u32) {
    let now = web_sys::js_sys::Date::new_0();
    (now.get_full_year() as i32, now.get_month() + 1)
}

/// Today's date from the browser's clock (local time) as `YYYY-MM-DD`, for download file names.
#[must_use]
pub fn today_date() -> String {
    let now = web_sys::js_sys::Date::new_0();
    format!(
        "{:04}-{:02}-{:02}",
        now.get_full_year(),
        now.get_month() + 1,
        now.get_date()
    )
}

/// Moves keyboard focus to the element with `id` (made focusable with `tabindex="-1"` by the
/// caller's markup). Does nothing when there is no such element.
pub fn focus_by_id(id: &str) {
    if let Some(el) = gloo::utils::document()
        .get_element_by_id(id)
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        // Focus can only fail on detached elements; nothing to recover.
        let _ = el.focus();
    }
}
