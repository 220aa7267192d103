//! Start-up and persistence: the first state combines the stored state, a share link in
//! `location.hash` (opened before the app is mounted, [`open_link`]) and the browser's
//! languages ([`storage::startup`]), built in tasks of their own before the app is mounted
//! ([`prepare`]); the page's heavy parts are then mounted in later browser tasks, one each,
//! a frame apart ([`Later`]), so no start-up task blocks the main thread for long. Afterwards the
//! state autosaves to LocalStorage from an effect ([`use_autosave`]), never from the reducer.

use super::state::AppState;
use crate::web_storage::{self, StorageError};
use planner_app::state::Scenario;
use planner_core::catalog::query::Catalog;
use planner_core::language::Language;
use planner_core::share::Opened;
use planner_core::storage::{self, Saved, Stored};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// The page's fragment (`#…`), empty if there is none or no window.
#[must_use]
pub fn location_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Whether the fragment is a share link (`#s=…`, also percent-encoded once or twice, as chat
/// tools do: `#s%3D…`, `#s%253D…`): [`planner_core::share::is_link`], the same test the decoder makes.
#[must_use]
pub fn is_share_hash(hash: &str) -> bool {
    planner_core::share::is_link(hash)
}

/// Replaces the page's fragment without a navigation or a history entry: `hash` = `"#s=…"`,
/// or `""` to drop it. Returns the full URL now shown, if the browser allowed the change.
pub fn replace_hash(hash: &str) -> Option<String> {
    let w = web_sys::window()?;
    let loc = w.location();
    let base = format!("{}{}", loc.pathname().ok()?, loc.search().ok()?);
    let url = format!("{base}{hash}");
    w.history()
        .ok()?
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url))
        .ok()?;
    loc.href().ok()
}

fn browser_languages() -> Vec<String> {
    web_sys::window()
        .map(|w| {
            w.navigator()
                .languages()
                .iter()
                .filter_map(|v| v.as_string())
                .collect()
        })
        .unwrap_or_default()
}

/// The share link in the page's fragment, decoded by the browser's `DecompressionStream`
/// (`None` if the fragment is not a share link). The app is mounted only once this is known
/// (see [`super::start`]), so its first state is already the link's: nothing else is shown or
/// autosaved before it.
pub async fn open_link() -> Option<Opened> {
    let hash = location_hash();
    if is_share_hash(&hash) {
        crate::web_share::decode(&hash).await
    } else {
        None
    }
}

/// Builds the app's first state ([`initial_state`]) in two browser tasks of their own after
/// the one that loaded the wasm, then calls `then` with it in a third: the bundled catalog
/// is decoded in the first (about 70 ms of main thread at Lighthouse's 4× CPU throttle,
/// profiled), the stored state, link and default scenario are combined in the second (about
/// 60 ms there), so neither adds to the task of the first render (`then`). The state is the
/// same as one built inside the first render.
pub fn prepare(link: Option<Opened>, then: impl FnOnce(AppState) + 'static) {
    // `forget`: each timeout runs once and frees its callback then; nothing cancels them.
    gloo::timers::callback::Timeout::new(0, move || {
        // Decodes the bundled offers (`planner_core::catalog::OFFERS` decodes on first use).
        let _ = planner_core::catalog::OFFERS.len();
        gloo::timers::callback::Timeout::new(0, move || {
            let state = initial_state(link);
            gloo::timers::callback::Timeout::new(0, move || then(state)).forget();
        })
        .forget();
    })
    .forget();
}

/// Properties of [`Later`].
#[derive(Properties, PartialEq)]
pub struct LaterProps {
    /// After how many animation frames from the first render the children are mounted: each
    /// `Later` mounts its children in the task after that frame (`bands::AfterPaint`),
    /// so parts with different values are mounted in different tasks, with the page rendered
    /// (and the charts mounted before drawn) in between.
    pub after_frames: u32,
    /// Called once the children are mounted.
    #[prop_or_default]
    pub on_shown: Option<Callback<()>>,
    /// What to mount.
    pub children: Html,
}

/// Waits `left` more animation frames (`bands::AfterPaint`, guards kept in `guards`),
/// then shows the children. Without a window they are shown at once.
fn show_after(
    left: u32,
    guards: Rc<RefCell<Vec<super::bands::AfterPaint>>>,
    show: impl FnOnce() + 'static,
) {
    if left == 0 {
        show();
        return;
    }
    let next = guards.clone();
    let show = Rc::new(RefCell::new(Some(show)));
    let pending = show.clone();
    let later = super::bands::AfterPaint::new(move || {
        let show = pending.borrow_mut().take();
        if let Some(show) = show {
            show_after(left - 1, next, show);
        }
    });
    match later {
        Some(guard) => guards.borrow_mut().push(guard),
        None => {
            let show = show.borrow_mut().take();
            if let Some(show) = show {
                show();
            }
        }
    }
}

/// Mounts its children after [`LaterProps::after_frames`] animation frames, nothing before: the
/// page's first render shows its shell at once and each heavy part (a chart, a table) is built
/// in a short task of its own, so no start-up task blocks the main thread for long. Only this
/// component re-renders when its time comes, not the app. The app places each `Later` so that
/// its columns only grow at their end and nothing already on screen moves.
#[function_component(Later)]
pub fn later(props: &LaterProps) -> Html {
    let shown = crate::ui::hooks::use_local(|| false);
    {
        let (setter, frames) = (shown.clone(), props.after_frames);
        crate::ui::hooks::use_mount(Box::new(move || {
            let guards = Rc::new(RefCell::new(Vec::new()));
            show_after(frames, guards.clone(), move || setter.set(true));
            Box::new(move || drop(guards.borrow_mut().drain(..)))
        }));
    }
    {
        let on_shown = props.on_shown.clone();
        crate::ui::hooks::use_effect_on(
            *shown,
            Box::new(move |&shown| {
                if let (true, Some(cb)) = (shown, on_shown) {
                    cb.emit(());
                }
                Box::new(|| ())
            }),
        );
    }
    if *shown {
        props.children.clone()
    } else {
        Html::default()
    }
}

/// The app's first state: a share link opened from the fragment ([`open_link`]) wins over the
/// stored state (no leftovers; the saved list is kept), its notices and the stored state's are
/// shown, corrupt stored data was already kept under a backup key by [`web_storage::load`].
/// A link of which nothing was usable (damaged, too long) replaces nothing: the stored work is
/// shown with the link's notice and the link leaves the address bar, as for a link opened
/// later ([`use_links_opened_later`]). With nothing usable stored (the storage layer's example
/// scenario) and no usable link, the app's default comparison is shown: in Chinese the
/// mainland one ([`Scenario::mainland`]).
#[must_use]
pub fn initial_state(link: Option<Opened>) -> AppState {
    if link.as_ref().is_some_and(Opened::nothing_usable) {
        // A reload then shows the work, without the notice again.
        replace_hash("");
    }
    let (restored, load_error) = web_storage::load();
    let hold_storage = restored.hold;
    // The autosaved scenario a usable link is about to replace, if it differs from the link's
    // and is not just the untouched default: kept first in the saved list below, so opening a
    // link (also in another tab, whose first autosave replaces this one) never loses work.
    let before_link = link
        .as_ref()
        .filter(|o| !o.nothing_usable() && o.scenario != restored.stored.current)
        .map(|_| restored.stored.current.clone())
        .filter(|c| *c != planner_core::share::default_scenario());
    let start = storage::startup(restored, link, &browser_languages());
    let mut state = AppState {
        language: start.language,
        language_choice: if start.from_link {
            Some(start.language)
        } else {
            start.stored.language
        },
        saved: start.stored.saved,
        load_notices: start.notices,
        hold_storage,
        ..AppState::default()
    };
    if let Some(kept) = before_link {
        state.keep_before(
            kept,
            &super::state::Replacing::Link,
            &super::state::local_now(),
        );
    }
    // Storage blocked, or the corrupt value could not be kept aside: say so.
    if let Some(e) = load_error {
        state.notice = Some(super::state::Refusal::Storage(e));
    }
    // Nothing usable stored and no usable link: the app's own default comparison (catalog
    // offers), not the storage layer's neutral example option.
    if !start.from_link && start.stored.current == planner_core::share::default_scenario() {
        // In Chinese the page opens on mainland offers in CNY.
        if state.language == Language::ZhCn {
            state.scenario = Scenario::mainland();
        }
        return state;
    }
    // At start-up nothing is imported yet: offers are looked up in the bundled catalog.
    match Scenario::from_file(start.stored.current, &Catalog::BUNDLED) {
        Ok(s) => state.scenario = s,
        Err(e) => state.notice = Some(super::state::Refusal::File(e)),
    }
    state
}

/// How long the persisted state must be still before it is written (ms): a slider drag
/// writes once when it stops, not on every move (serialising the scenario and writing
/// LocalStorage synchronously in every move; issue 7, measure [`crate::web::MEASURE_AUTOSAVE`]). A pending write is flushed
/// at once when the page is hidden or left (`visibilitychange`, `pagehide`), so closing or
/// reloading the tab inside the delay loses nothing.
pub const AUTOSAVE_DELAY_MS: u32 = 200;

/// Saves the persisted part of `state` (scenario, chosen language, saved list) whenever it
/// changes: the first time at once (so a link's scenario replaces the stored one), later
/// [`AUTOSAVE_DELAY_MS`] after the last change, or when the page is hidden or left. A share
/// link in the address bar is dropped once the state differs from it being opened, so a reload
/// shows the autosaved work, not the old link. Returns the last failed write (e.g. a full
/// quota: the previous save is kept), `None` after a success. While `state.hold_storage` is set
/// (the stored state is a newer version's) nothing is written.
#[hook]
pub fn use_autosave(state: &AppState) -> Option<StorageError> {
    let error = crate::ui::hooks::use_local(|| None::<StorageError>);
    // The state waiting to be written, and the outcome shown (compared before setting, since
    // setting a state re-renders the whole app even when the value is the same).
    let pending = crate::ui::hooks::use_cell(|| None::<(Scenario, Option<Language>, Vec<Saved>)>);
    let shown = crate::ui::hooks::use_cell(|| None::<StorageError>);
    let flush = {
        let (pending, shown, error) = (pending.clone(), shown.clone(), error.clone());
        Rc::new(move || {
            let Some((scenario, language, saved)) = pending.borrow_mut().take() else {
                return;
            };
            let failed = crate::web::timed(crate::web::MEASURE_AUTOSAVE, || {
                // Inline prices for imported offers, as AppState::to_stored says why.
                web_storage::save(&Stored::new(language, scenario.portable_file(), saved))
            })
            .err();
            if *shown.borrow() != failed {
                shown.replace(failed.clone());
                error.set(failed);
            }
        })
    };
    {
        let flush = flush.clone();
        crate::ui::hooks::use_mount(Box::new(move || {
            let window = gloo::utils::window();
            let on_hide = {
                let flush = flush.clone();
                gloo::events::EventListener::new(&window, "pagehide", move |_| flush())
            };
            let on_hidden = gloo::events::EventListener::new(
                &gloo::utils::document(),
                "visibilitychange",
                move |_| {
                    if gloo::utils::document().hidden() {
                        flush();
                    }
                },
            );
            Box::new(move || drop((on_hide, on_hidden)))
        }));
    }
    let first = crate::ui::hooks::use_cell(|| true);
    let persisted = (
        state.scenario.clone(),
        state.language_choice,
        state.saved.clone(),
        state.hold_storage,
    );
    crate::ui::hooks::use_effect_on(
        persisted,
        Box::new(move |(scenario, language, saved, hold)| {
            let was_first = std::mem::replace(&mut *first.borrow_mut(), false);
            if !*hold {
                pending.replace(Some((scenario.clone(), *language, saved.clone())));
            }
            if !was_first && is_share_hash(&location_hash()) {
                replace_hash("");
            }
            // A newer change drops this timer; its own then writes the newer state.
            let timer = (!was_first).then(|| {
                let flush = flush.clone();
                gloo::timers::callback::Timeout::new(AUTOSAVE_DELAY_MS, move || flush())
            });
            if was_first {
                flush();
            }
            Box::new(move || drop(timer))
        }),
    );
    (*error).clone()
}

/// Opens a share link pasted into the address bar of a page that is already open (the
/// fragment changes without a reload, so [`open_link`] at start-up never sees it): on each
/// `hashchange` to a share link, the link is decoded like at start-up and replaces the scenario,
/// with its language and notices; the scenario it replaces, if different, is kept first in the
/// saved list ([`AppState::keep_before`]). The autosave then stores it and drops the link from the
/// address bar, as after a start-up from a link. A link with nothing usable only shows its
/// notices: the scenario on screen stays.
#[hook]
pub fn use_links_opened_later(dispatch: UseReducerDispatcher<AppState>) {
    crate::ui::hooks::use_mount(Box::new(move || {
        let listener =
            gloo::events::EventListener::new(&gloo::utils::window(), "hashchange", move |_| {
                if !is_share_hash(&location_hash()) {
                    return;
                }
                let dispatch = dispatch.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    if let Some(opened) = open_link().await {
                        if opened.nothing_usable() {
                            // A damaged link must not replace (and autosave over) the work on
                            // screen: say why, and take the link out of the address bar.
                            replace_hash("");
                            dispatch
                                .dispatch(super::state::AppAction::ShowLoadNotices(opened.notices));
                            return;
                        }
                        if let Some(language) = opened.language {
                            dispatch.dispatch(super::state::AppAction::SetLanguage(language));
                        }
                        // The work on screen is kept in the saved list first if the link's
                        // scenario differs from it (the reducer compares).
                        dispatch.dispatch(super::state::AppAction::Replace(
                            Box::new(opened.scenario),
                            opened.notices,
                            super::state::Replacing::Link,
                            super::state::local_now(),
                        ));
                    }
                });
            });
        Box::new(move || drop(listener))
    }));
}
