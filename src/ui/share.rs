//! Share and files: "Copy share link" (writes `#s=…` into the address bar with
//! `history.replaceState` and copies the URL, or shows it selected for copying), scenario JSON
//! export (the format `gpurent eval` reads) and import (lenient: notices name what was dropped).

use super::state::{AppAction, AppState};
use crate::ui::hooks::{use_cell, use_local, use_node, Local};
use planner_app::i18n::Translator;
use planner_app::msg;
use planner_app::state::Scenario;
use planner_core::catalog::query::Catalog;
use planner_core::catalog::user::Imported;
use planner_core::language::Language;
use planner_core::share::{import_refusal, ImportRefusal, Notice, NoticeKind, Shared, WriteError};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Largest scenario file read on import, bytes (a scenario is a few KB).
const MAX_IMPORT_BYTES: u64 = 1024 * 1024;

/// File name of an exported scenario: `gpu-cost-scenario-YYYY-MM-DD.json`.
#[must_use]
pub fn export_file_name(today: &str) -> String {
    format!("gpu-cost-scenario-{today}.json")
}

/// What the copy button achieved.
#[derive(Clone, Debug, PartialEq)]
enum Copied {
    /// Copied to the clipboard.
    Yes,
    /// The clipboard refused or is missing: the link is shown selected for copying by hand.
    ByHand,
    /// The link could not be made (why).
    Failed(WriteError),
}

/// Copies `text` with `navigator.clipboard.writeText` when the browser has it.
async fn write_clipboard(text: String) -> bool {
    let Some(w) = web_sys::window() else {
        return false;
    };
    let nav = w.navigator();
    let has = web_sys::js_sys::Reflect::get(&nav, &"clipboard".into())
        .map(|v| !v.is_undefined() && !v.is_null())
        .unwrap_or(false);
    if !has {
        return false;
    }
    let promise = nav.clipboard().write_text(&text);
    wasm_bindgen_futures::JsFuture::from(promise).await.is_ok()
}

/// What [`share_bar`] shows and acts on.
pub struct ShareBarProps {
    /// The scenario on screen.
    pub scenario: Scenario,
    /// The language shown (it goes into the link).
    pub language: Language,
    /// Today as `YYYY-MM-DD` (export file name).
    pub today: String,
    /// The user's imported offers (an imported file's options may refer to them).
    pub imported: Rc<Imported>,
    /// The app's reducer.
    pub dispatch: UseReducerDispatcher<AppState>,
}

/// The share bar's state, kept by the app ([`use_share_bar`]): the link made, what the copy
/// button achieved, a failed export's reason, the link field (selected when copying by hand)
/// and the import's latest read.
pub struct ShareBarState {
    link: Local<Option<String>>,
    copied: Local<Option<Copied>>,
    export_error: Local<Option<WriteError>>,
    field: NodeRef,
    reader: Rc<RefCell<crate::web::LatestRead>>,
}

/// The hooks behind [`ShareBarState`], called by the app.
#[hook]
pub fn use_share_bar() -> ShareBarState {
    ShareBarState {
        link: use_local(|| None::<String>),
        copied: use_local(|| None::<Copied>),
        export_error: use_local(|| None::<WriteError>),
        field: use_node(),
        reader: use_cell(crate::web::LatestRead::default),
    }
}

/// Share link, export and import controls, in `t`'s language, with their state `state`. A
/// function of the app's view rather than a component of its own: a component costs the wasm
/// its own copy of Yew's component code (issue 19, the wasm's size).
pub fn share_bar(t: &Translator, state: &ShareBarState, props: ShareBarProps) -> Html {
    let ShareBarState {
        link,
        copied,
        export_error,
        field,
        reader,
    } = state;
    let on_copy = {
        let (scenario, language) = (props.scenario.clone(), props.language);
        let (link, copied, field) = (link.clone(), copied.clone(), field.clone());
        Callback::from(move |_: MouseEvent| {
            // Imported offers exist only in this page: the link carries their prices inline.
            let shared = Shared {
                language,
                scenario: scenario.portable_file(),
            };
            let (link, copied, field) = (link.clone(), copied.clone(), field.clone());
            wasm_bindgen_futures::spawn_local(async move {
                // The whole fragment, `#s=<payload>`, compressed by the browser.
                let hash = match crate::web_share::encode(&shared).await {
                    Ok(h) => h,
                    Err(e) => {
                        copied.set(Some(Copied::Failed(e)));
                        return;
                    }
                };
                let url = super::startup::replace_hash(&hash).unwrap_or(hash);
                link.set(Some(url.clone()));
                if write_clipboard(url).await {
                    copied.set(Some(Copied::Yes));
                } else {
                    copied.set(Some(Copied::ByHand));
                    if let Some(input) = field.cast::<HtmlInputElement>() {
                        let _ = input.focus();
                        input.select();
                    }
                }
            });
        })
    };
    let on_export = {
        let (scenario, today, export_error) =
            (props.scenario.clone(), props.today, export_error.clone());
        Callback::from(move |_: MouseEvent| {
            let json = scenario.portable_file().to_pretty_json();
            let result =
                crate::web::download_text(&export_file_name(&today), "application/json", &json)
                    .map_err(WriteError::Browser);
            export_error.set(result.err());
        })
    };
    let on_import = {
        let d = props.dispatch;
        let imported = props.imported;
        let reader = reader.clone();
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            import_scenario(&input, &reader, &imported, &d);
        })
    };
    let select_all = Callback::from(|e: FocusEvent| {
        if let Some(i) = e
            .target()
            .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
        {
            i.select();
        }
    });

    html! {
        <div class="share-bar">
            <button id="copy-share-link" onclick={on_copy}>{ t.text(msg!("ui-copy-share-link")) }</button>
            <button id="export-scenario" onclick={on_export}>{ t.text(msg!("ui-export-json")) }</button>
            <label class="file-button">{ t.text(msg!("ui-import-json")) }{ " " }
                <input type="file" id="import-scenario" accept=".json,application/json" onchange={on_import} />
            </label>
            if let Some(url) = &**link {
                <label class="share-link small">{ t.text(msg!("ui-share-link")) }{ " " }
                    <input type="text" id="share-link" readonly=true value={url.clone()} ref={field.clone()} onfocus={select_all} />
                </label>
            }
            { match &**copied {
                Some(Copied::Yes) => html!{ <span class="small" id="share-status">{ t.text(msg!("ui-link-copied")) }</span> },
                Some(Copied::ByHand) => html!{ <span class="small" id="share-status">{ t.text(msg!("ui-link-copy-by-hand")) }</span> },
                Some(Copied::Failed(e)) => html!{ <span class="small notice" id="share-status">{ t.text_with(msg!("ui-link-failed"), &[("detail", planner_app::i18n::Arg::Text(t.write_error(e)))]) }</span> },
                None => html!{},
            } }
            if let Some(e) = &**export_error {
                <span class="small notice" id="export-error">{ t.text_with(msg!("ui-export-failed"), &[("detail", planner_app::i18n::Arg::Text(t.write_error(e)))]) }</span>
            }
        </div>
    }
}

/// Reads the chosen scenario file and loads it leniently. A file that is too large, unreadable
/// or has nothing usable ([`import_refusal`]) becomes a notice; the current scenario and the
/// saved list stay as they were.
fn import_scenario(
    input: &HtmlInputElement,
    reader: &Rc<RefCell<crate::web::LatestRead>>,
    imported: &Rc<Imported>,
    dispatch: &UseReducerDispatcher<AppState>,
) {
    let Some(file) = input.files().and_then(|list| list.get(0)) else {
        return;
    };
    let name = file.name();
    let file_name = name.clone();
    input.set_value("");
    let refuse = move |why: ImportRefusal| {
        Notice::whole(NoticeKind::ImportRefused {
            file: name.clone(),
            why,
        })
    };
    // `size` is a whole number of bytes (a JS number); the cast saturates.
    if file.size() as u64 > MAX_IMPORT_BYTES {
        dispatch.dispatch(AppAction::ShowLoadNotices(vec![refuse(
            ImportRefusal::TooLarge {
                max_bytes: MAX_IMPORT_BYTES,
            },
        )]));
        return;
    }
    let d = dispatch.clone();
    let imported = imported.clone();
    let read = reader.borrow().start();
    let reader = reader.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let result = crate::web::read_file_text(&file).await;
        if !reader.borrow().is_latest(read) {
            return;
        }
        match result {
            Ok(text) => {
                let (scenario, notices) =
                    planner_core::share::load_json_lenient_in(&text, &Catalog::new(&imported));
                // Nothing usable (not JSON, not an object, no option could be loaded): refused as a
                // whole, so the scenario on screen is not replaced by the example one. Else the
                // work on screen is kept in the saved list first if the file differs from it.
                match import_refusal(&notices) {
                    Some(why) => d.dispatch(AppAction::ShowLoadNotices(vec![refuse(why)])),
                    None => d.dispatch(AppAction::Replace(
                        Box::new(scenario),
                        notices,
                        crate::ui::state::Replacing::Import(file_name),
                        crate::ui::state::local_now(),
                    )),
                }
            }
            Err(e) => d.dispatch(AppAction::ShowLoadNotices(vec![refuse(
                ImportRefusal::Unreadable(e),
            )])),
        }
    });
}
