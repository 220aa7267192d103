//! The "new version is ready" notice. `assets/sw-register.js` (loaded once the first chart
//! is drawn, [`crate::web::mark_first_chart`]) registers the service worker and, when a newly
//! deployed build has installed beside the running one, sets `<html data-update="ready">` and
//! fires [`READY_EVENT`]; the app then shows the notice in the page's language, and its Reload
//! button fires [`APPLY_EVENT`], on which the script lets the new build take over and reloads
//! (the scenario is autosaved when the page is left, [`super::startup`]). The registration is
//! plain JavaScript because in Rust the same glue cost 5.6 KB gzip of wasm against about 1 KB
//! of script.

use gloo::events::EventListener;
use planner_app::i18n::Translator;
use planner_app::msg;
use yew::prelude::*;

/// Attribute of `<html>` that `assets/sw-register.js` sets to `"ready"` when a new build waits.
pub const READY_ATTRIBUTE: &str = "data-update";
/// Window event fired by `assets/sw-register.js` when a new build waits.
pub const READY_EVENT: &str = "gpu-cost-planner-update-ready";
/// Window event the Reload button fires: `assets/sw-register.js` switches to the new build.
pub const APPLY_EVENT: &str = "gpu-cost-planner-update-apply";

fn marked_ready() -> bool {
    gloo::utils::document()
        .document_element()
        .and_then(|e| e.get_attribute(READY_ATTRIBUTE))
        .is_some_and(|v| v == "ready")
}

/// Whether a newly deployed build waits (see the module docs). Read from the attribute at
/// first, then from the event; read again once listening, so a build that became ready in
/// between is not missed.
#[hook]
pub fn use_update_ready() -> bool {
    let ready = crate::ui::hooks::use_local_eq(marked_ready);
    {
        let ready = ready.clone();
        crate::ui::hooks::use_mount(Box::new(move || {
            let set = ready.clone();
            let listener = EventListener::new(&gloo::utils::window(), READY_EVENT, move |_| {
                set.set(true);
            });
            if marked_ready() {
                ready.set(true);
            }
            Box::new(move || drop(listener))
        }));
    }
    *ready
}

/// The notice (`#update-notice`) with its Reload button (`#update-reload`).
pub fn notice(t: &Translator) -> Html {
    let onclick = Callback::from(|_: MouseEvent| {
        if let Ok(e) = web_sys::Event::new(APPLY_EVENT) {
            // Dispatching a new, untrusted event on the window cannot fail.
            let _ = gloo::utils::window().dispatch_event(&e);
        }
    });
    html! {
        <p class="notice update-notice" role="status" id="update-notice">
            { t.text(msg!("ui-update-ready")) }{ " " }
            <button id="update-reload" {onclick}>{ t.text(msg!("ui-update-reload")) }</button>
        </p>
    }
}
