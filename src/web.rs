//! Browser glue: the device-pixel ratio, colour-scheme detection and file downloads (a chart's
//! PNG rasterised from its SVG). Every failure is returned as a message; nothing here panics.

use planner_app::chart::Theme;
use planner_core::error::{BrowserAction, BrowserRefusal};
use wasm_bindgen::JsCast;
use web_sys::{HtmlAnchorElement, HtmlCanvasElement};

/// How long a download's object URL is kept before it is revoked, in milliseconds. Revoking it
/// right after `click()` makes Firefox save nothing.
pub const OBJECT_URL_LIFETIME_MS: u32 = 60_000;

/// Width used when the chart box has no layout width yet (hidden or detached), in CSS pixels.
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

/// The browser refused `action` and said nothing more.
fn refused(action: BrowserAction) -> BrowserRefusal {
    BrowserRefusal::new(action, None)
}

/// Starts a download of `href` (a data: or blob: URL) saved as `file_name`.
fn click_download(href: &str, file_name: &str) -> Result<(), BrowserRefusal> {
    let document = gloo::utils::document();
    let no_download = |_| refused(BrowserAction::Download);
    let anchor: HtmlAnchorElement = document
        .create_element("a")
        .map_err(no_download)?
        .dyn_into()
        .map_err(|_| refused(BrowserAction::Download))?;
    anchor.set_href(href);
    anchor.set_download(file_name);
    anchor.set_hidden(true);
    let body = document
        .body()
        .ok_or_else(|| refused(BrowserAction::Download))?;
    body.append_child(&anchor).map_err(no_download)?;
    anchor.click();
    anchor.remove();
    Ok(())
}

/// Downloads `text` as a file named `file_name` with MIME type `mime`, through a Blob object
/// URL (gloo-file) that is revoked after [`OBJECT_URL_LIFETIME_MS`].
pub fn download_text(file_name: &str, mime: &str, text: &str) -> Result<(), BrowserRefusal> {
    let blob = gloo::file::Blob::new_with_options(text, Some(mime));
    let url = gloo::file::ObjectUrl::from(blob);
    click_download(&url, file_name)?;
    gloo::timers::callback::Timeout::new(OBJECT_URL_LIFETIME_MS, move || drop(url)).forget();
    Ok(())
}

/// Downloads `svg` (an SVG document, drawn at device resolution) as a PNG of the same pixel
/// size named `file_name`: the browser decodes it from a Blob object URL into an image, which is
/// drawn on a detached canvas and exported. Asynchronous (the decode); a failure is reported
/// through `on_error`.
pub fn download_svg_as_png(
    svg: String,
    file_name: String,
    on_error: impl FnOnce(BrowserRefusal) + 'static,
) {
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(e) = svg_to_png(&svg, &file_name).await {
            on_error(e);
        }
    });
}

async fn svg_to_png(svg: &str, file_name: &str) -> Result<(), BrowserRefusal> {
    let png_refused = || refused(BrowserAction::ExportPng);
    let url = gloo::file::ObjectUrl::from(gloo::file::Blob::new_with_options(
        svg,
        Some("image/svg+xml"),
    ));
    let image = web_sys::HtmlImageElement::new().map_err(|_| png_refused())?;
    image.set_src(&url);
    wasm_bindgen_futures::JsFuture::from(image.decode())
        .await
        .map_err(|e| BrowserRefusal::new(BrowserAction::ExportPng, js_reason(&e)))?;
    let canvas: HtmlCanvasElement = gloo::utils::document()
        .create_element("canvas")
        .ok()
        .and_then(|c| c.dyn_into().ok())
        .ok_or_else(png_refused)?;
    canvas.set_width(image.natural_width());
    canvas.set_height(image.natural_height());
    let context: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into().ok())
        .ok_or_else(png_refused)?;
    context
        .draw_image_with_html_image_element(&image, 0.0, 0.0)
        .map_err(|_| png_refused())?;
    let png = canvas
        .to_data_url_with_type("image/png")
        .map_err(|_| png_refused())?;
    click_download(&png, file_name)
}

/// The latest file read of one file control: a read started before another on the same
/// control is ignored when it completes, so the last file chosen wins.
#[derive(Default)]
pub struct LatestRead(std::cell::Cell<u32>);

impl LatestRead {
    /// Starts a read; returns its number for [`LatestRead::is_latest`].
    pub fn start(&self) -> u32 {
        let n = self.0.get().wrapping_add(1);
        self.0.set(n);
        n
    }

    /// Whether read `n` is the last one started.
    #[must_use]
    pub fn is_latest(&self, n: u32) -> bool {
        self.0.get() == n
    }
}

/// The browser's reason for a failed promise (an `Error`'s message, or a thrown string), if
/// it gave one.
fn js_reason(e: &wasm_bindgen::JsValue) -> Option<String> {
    e.dyn_ref::<web_sys::js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
}

/// The browser could not read a file (its reason, if any).
fn unreadable(e: &wasm_bindgen::JsValue) -> BrowserRefusal {
    BrowserRefusal::new(BrowserAction::ReadFile, js_reason(e))
}

/// Reads `file` whole as bytes (`Blob.arrayBuffer()`). Errors give the browser's reason.
pub async fn read_file_bytes(file: &web_sys::File) -> Result<Vec<u8>, BrowserRefusal> {
    let buffer = wasm_bindgen_futures::JsFuture::from(file.array_buffer())
        .await
        .map_err(|e| unreadable(&e))?;
    Ok(web_sys::js_sys::Uint8Array::new(&buffer).to_vec())
}

/// Reads `file` whole as UTF-8 text (`Blob.text()`: a byte-order mark is dropped, invalid
/// sequences become U+FFFD, as `FileReader.readAsText` does). Errors give the browser's reason.
pub async fn read_file_text(file: &web_sys::File) -> Result<String, BrowserRefusal> {
    let text = wasm_bindgen_futures::JsFuture::from(file.text())
        .await
        .map_err(|e| unreadable(&e))?;
    text.as_string()
        .ok_or_else(|| refused(BrowserAction::ReadFile))
}

/// Name of the performance mark set when the first chart has been drawn; the end-to-end test
/// reads it to report load time (`performance.getEntriesByName`).
pub const FIRST_CHART_MARK: &str = "first-chart";

/// Sets the [`FIRST_CHART_MARK`] performance mark, once per page load, and then loads the
/// service worker's registration script ([`load_service_worker_script`]).
pub fn mark_first_chart() {
    use std::sync::atomic::{AtomicBool, Ordering};
    static DONE: AtomicBool = AtomicBool::new(false);
    if !DONE.swap(true, Ordering::Relaxed) {
        if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
            // A failed mark only loses a measurement.
            let _ = p.mark(FIRST_CHART_MARK);
        }
        load_service_worker_script();
    }
}

/// Attribute of `<html>` giving the URL of the script that registers the service worker
/// (`index.html`: `sw-register.js`, from `assets/`); pages without it (the browser tests'
/// mounts) get no worker.
pub const SERVICE_WORKER_SCRIPT_ATTRIBUTE: &str = "data-sw-register";

/// Adds `<script src>` for the URL in [`SERVICE_WORKER_SCRIPT_ATTRIBUTE`], if any. Called once
/// the first chart is on screen: a script in the page's `<head>` would be one more request
/// before start-up, which Lighthouse's simulated mobile load charged about 150 ms of LCP and
/// 8–10 performance points. A failure only leaves the page without offline use.
fn load_service_worker_script() {
    let document = gloo::utils::document();
    let Some(src) = document
        .document_element()
        .and_then(|e| e.get_attribute(SERVICE_WORKER_SCRIPT_ATTRIBUTE))
    else {
        return;
    };
    if let (Ok(script), Some(body)) = (document.create_element("script"), document.body()) {
        // Setting an attribute and appending an element to the body cannot fail here.
        let _ = script.set_attribute("src", &src);
        let _ = body.append_child(&script);
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
/// - [`MEASURE_DRAW_CHART`]: the chart drawn (plotting and text into an SVG document, which
///   replaces the chart element's content; the browser lays it out and paints it afterwards);
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
