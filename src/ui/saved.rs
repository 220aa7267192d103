//! Named saved scenarios: save the current one as…, open, delete, and the list (persisted with
//! the rest of the state by the autosave).

use super::language::use_tr;
use super::state::{AppAction, AppState};
use crate::web_storage::StorageError;
use planner_app::msg;
use planner_core::storage::Saved;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Properties of [`SavedScenarios`].
#[derive(Properties, PartialEq)]
pub struct SavedScenariosProps {
    /// The saved scenarios, in order.
    pub saved: Vec<Saved>,
    /// The last autosave failure (e.g. a full quota), shown beside the Save button until a
    /// write succeeds.
    pub save_error: Option<StorageError>,
    /// The app's reducer.
    pub dispatch: UseReducerDispatcher<AppState>,
}

/// "Save as…" field and button, a failed write's message beside them, then one row per saved
/// scenario with Open and Delete.
#[function_component(SavedScenarios)]
pub fn saved_scenarios(props: &SavedScenariosProps) -> Html {
    let t = use_tr();
    let name = crate::ui::hooks::use_node();
    let on_save = {
        let (d, name) = (props.dispatch.clone(), name.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if let Some(input) = name.cast::<HtmlInputElement>() {
                d.dispatch(AppAction::SaveAs(input.value()));
                input.set_value("");
            }
        })
    };
    let save_error = props.save_error.as_ref().map(|e| t.save_error(e));
    html! {
        <div class="saved-scenarios">
            <form class="save-as" onsubmit={on_save}>
                <label>{ t.text(msg!("ui-save-as")) }{ " " }
                    <input type="text" id="save-name" maxlength="80" ref={name} placeholder={t.text(msg!("ui-save-name-placeholder"))} />
                </label>
                <button type="submit" id="save-as">{ t.text(msg!("ui-save")) }</button>
            </form>
            if let Some(e) = save_error {
                <p class="notice field-error" role="alert" id="save-error">{ e }</p>
            }
            if props.saved.is_empty() {
                <p class="muted small" id="saved-empty">{ t.text(msg!("ui-saved-empty")) }</p>
            } else {
                <ul class="saved-list" id="saved-list">
                    { for props.saved.iter().enumerate().map(|(i, s)| {
                        let open = {
                            let (d, file) = (props.dispatch.clone(), s.scenario.clone());
                            Callback::from(move |_: MouseEvent| d.dispatch(AppAction::Load(Box::new(file.clone()), Vec::new())))
                        };
                        let delete = {
                            let d = props.dispatch.clone();
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
