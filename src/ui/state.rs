//! The app's single reducer: the [`Scenario`] plus view state (table filter, notice). Storage
//! and other effects never happen here (they belong in `use_effect_with`).

use crate::scenario::{Action, OfferFilter, Scenario};
use std::rc::Rc;
use yew::Reducible;

/// Root state of the app.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct AppState {
    /// The user's scenario (what is compared and how).
    pub scenario: Scenario,
    /// The offer table's filter and sort.
    pub filter: OfferFilter,
    /// Message about the last refused action (e.g. a sixth offer), shown near the table.
    pub notice: Option<String>,
}

/// Everything the UI can ask the reducer to do.
#[derive(Clone, Debug, PartialEq)]
pub enum AppAction {
    /// A change to the scenario; a refusal becomes the notice and changes nothing else.
    Scenario(Action),
    /// Replace the table filter.
    Filter(OfferFilter),
    /// Hide the notice.
    DismissNotice,
}

impl Reducible for AppState {
    type Action = AppAction;

    fn reduce(self: Rc<Self>, action: AppAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            AppAction::Scenario(a) => match self.scenario.apply(a) {
                Ok(s) => {
                    next.scenario = s;
                    next.notice = None;
                }
                Err(e) => next.notice = Some(e.to_string()),
            },
            AppAction::Filter(f) => next.filter = f,
            AppAction::DismissNotice => next.notice = None,
        }
        Rc::new(next)
    }
}
