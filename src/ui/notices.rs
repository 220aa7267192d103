//! The notice area: what a share link, an imported file, a preset or the stored state could not
//! load as given (each rejected field named). Translated when shown. A failed autosave is
//! shown beside the save action ([`super::saved`]).

use super::state::{AppAction, AppState};
use planner_app::i18n::Translator;
use planner_app::msg;
use planner_core::share::Notice;
use yew::prelude::*;

/// The notices in `t`'s language with a button that dismisses them (through `dispatch`), or
/// nothing when there are none. A function of the app's view rather than a component of its
/// own: it has no state, and a component costs the wasm its own copy of Yew's component code
/// (issue 19, the wasm's size).
pub fn notices(
    t: &Translator,
    notices: &[Notice],
    dispatch: &UseReducerDispatcher<AppState>,
) -> Html {
    if notices.is_empty() {
        return html! {};
    }
    let dismiss = {
        let d = dispatch.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(AppAction::DismissLoadNotices))
    };
    html! {
        <section class="card notices" aria-live="polite" id="load-notices">
            <ul class="small">
                { for notices.iter().map(|n| html!{ <li class="load-notice">{ t.notice(n) }</li> }) }
            </ul>
            <button class="link" id="dismiss-load-notices" onclick={dismiss}>{ t.text(msg!("ui-dismiss")) }</button>
        </section>
    }
}
