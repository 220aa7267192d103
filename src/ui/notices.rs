//! The notice area: what a share link, an imported file, a preset or the stored state could not
//! load as given (each rejected field named). Translated when shown. A failed autosave is
//! shown beside the save action ([`super::saved`]).

use super::language::use_tr;
use super::state::{AppAction, AppState};
use planner_app::msg;
use planner_core::share::Notice;
use yew::prelude::*;

/// Properties of [`Notices`].
#[derive(Properties, PartialEq)]
pub struct NoticesProps {
    /// Load notices to show.
    pub notices: Vec<Notice>,
    /// The app's reducer.
    pub dispatch: UseReducerDispatcher<AppState>,
}

/// Dismissible list of load notices.
#[function_component(Notices)]
pub fn notices(props: &NoticesProps) -> Html {
    let t = use_tr();
    let dismiss = {
        let d = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(AppAction::DismissLoadNotices))
    };
    if props.notices.is_empty() {
        return html! {};
    }
    html! {
        <section class="card notices" aria-live="polite" id="load-notices">
            <ul class="small">
                { for props.notices.iter().map(|n| html!{ <li class="load-notice">{ t.notice(n) }</li> }) }
            </ul>
            <button class="link" id="dismiss-load-notices" onclick={dismiss}>{ t.text(msg!("ui-dismiss")) }</button>
        </section>
    }
}
