//! Named saved scenarios: save the current one as…, open, delete, and the list (persisted with
//! the rest of the state by the autosave).

use super::state::{AppAction, AppState};
use crate::web_storage::StorageError;
use planner_app::i18n::Translator;
use planner_app::msg;
use planner_core::storage::Saved;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement};
use yew::prelude::*;

/// "Save as…" field and button, a failed write's message (`save_error`, e.g. a full quota)
/// beside them, then one row per saved scenario (`saved`, in order) with Open and Delete, in
/// `t`'s language, acting through `dispatch`. A function of the app's view rather than a
/// component of its own: its only state is the name field's text, which the browser keeps, and
/// a component costs the wasm its own copy of Yew's component code (issue 19, the wasm's size).
pub fn saved_scenarios(
    t: &Translator,
    saved: &[Saved],
    save_error: Option<&StorageError>,
    dispatch: &UseReducerDispatcher<AppState>,
) -> Html {
    let on_save = {
        let d = dispatch.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            // The form's one text field, `#save-name`.
            let input = e
                .target_dyn_into::<Element>()
                .and_then(|form| form.query_selector("input").ok().flatten())
                .and_then(|el| el.dyn_into::<HtmlInputElement>().ok());
            if let Some(input) = input {
                d.dispatch(AppAction::SaveAs(input.value()));
                input.set_value("");
            }
        })
    };
    let save_error = save_error.map(|e| t.save_error(e));
    html! {
        <div class="saved-scenarios">
            <form class="save-as" onsubmit={on_save}>
                <label>{ t.text(msg!("ui-save-as")) }{ " " }
                    <input type="text" id="save-name" maxlength="80" placeholder={t.text(msg!("ui-save-name-placeholder"))} />
                </label>
                <button type="submit" id="save-as">{ t.text(msg!("ui-save")) }</button>
            </form>
            if let Some(e) = save_error {
                <p class="notice field-error" role="alert" id="save-error">{ e }</p>
            }
            if saved.is_empty() {
                <p class="muted small" id="saved-empty">{ t.text(msg!("ui-saved-empty")) }</p>
            } else {
                <ul class="saved-list" id="saved-list">
                    { for saved.iter().enumerate().map(|(i, s)| {
                        let open = {
                            let d = dispatch.clone();
                            Callback::from(move |_: MouseEvent| d.dispatch(AppAction::OpenSaved(i)))
                        };
                        let delete = {
                            let d = dispatch.clone();
                            Callback::from(move |_: MouseEvent| d.dispatch(AppAction::DeleteSaved(i)))
                        };
                        html!{
                            <li class="saved-item">
                                <span class="saved-name">{ s.name.clone() }</span>{ " " }
                                <button class="link saved-open" onclick={open}>{ t.text(msg!("ui-open")) }</button>{ " " }
                                <button class="link saved-delete" onclick={delete}>{ t.text(msg!("ui-delete")) }</button>
                            </li>
                        }
                    }) }
                </ul>
            }
        </div>
    }
}
