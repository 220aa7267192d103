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
    /// Message about the last refused action (e.g. an eleventh option), shown near the table.
    pub notice: Option<String>,
    /// Outcome of the last price-list import, shown next to the import control.
    pub last_import: Option<ImportReport>,
    /// Number of the user's imported offers registered so far (refreshes the offer table).
    pub imported_offers: usize,
    /// Position of the option whose monthly breakdown is charted.
    pub breakdown_option: usize,
}

/// What happened to one imported price-list file.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ImportReport {
    /// The file's name as the browser gives it.
    pub file_name: String,
    /// Offers loaded from it.
    pub loaded: usize,
    /// Why the whole file was refused, if it was.
    pub failure: Option<String>,
    /// Rejected rows: (1-based line, reason).
    pub row_errors: Vec<(usize, String)>,
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
    /// Chart the monthly breakdown of the option at this position.
    ShowBreakdown(usize),
    /// A price list was imported (its offers are already registered in
    /// [`crate::catalog::user`]); `usize` is the number of imported offers now registered.
    Imported(ImportReport, usize),
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
            AppAction::ShowBreakdown(i) => next.breakdown_option = i,
            AppAction::Imported(report, total) => {
                next.last_import = Some(report);
                next.imported_offers = total;
            }
        }
        Rc::new(next)
    }
}
