//! The notice area: what a share link, an imported file, a preset or the stored state could not
//! load as given (each rejected field named), and a failed autosave. Translated when shown.

use super::language::use_tr;
use super::state::{AppAction, AppState};
use crate::share::Notice;
use crate::web_storage::StorageError;
use yew::prelude::*;

/// Properties of [`Notices`].
#[derive(Properties, PartialEq)]
pub struct NoticesProps {
    /// Load notices to show.
    pub notices: Vec<Notice>,
    /// The last autosave failure, if the last write failed.
    pub save_error: Option<StorageError>,
    /// The app's reducer.
    pub dispatch: UseReducerDispatcher<AppState>,
}

/// Dismissible list of load notices, plus the autosave failure (shown until a save succeeds).
#[function_component(Notices)]
pub fn notices(props: &NoticesProps) -> Html {
    let t = use_tr();
    let dismiss = {
        let d = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(AppAction::DismissLoadNotices))
    };
    let save_error = props.save_error.as_ref().map(|e| match e {
        StorageError::QuotaExceeded => t.text("ui-save-quota"),
        StorageError::Unavailable => t.text("ui-save-unavailable"),
        other => t.text_with(
            "ui-save-failed",
            &[("detail", crate::i18n::Arg::Text(other.to_string()))],
        ),
    });
    if props.notices.is_empty() && save_error.is_none() {
        return html! {};
    }
    html! {
        <section class="card notices" aria-live="polite" id="load-notices">
            if let Some(e) = save_error {
                <p class="notice" role="alert" id="save-error">{ e }</p>
            }
            if !props.notices.is_empty() {
                <ul class="small">
                    { for props.notices.iter().map(|n| html!{ <li class="load-notice">{ t.notice(n) }</li> }) }
                </ul>
                <button class="link" id="dismiss-load-notices" onclick={dismiss}>{ t.text("ui-dismiss") }</button>
            }
        </section>
    }
}
