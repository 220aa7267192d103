//! The app's single reducer: the [`Scenario`], the user's imported offers and view state
//! (table filter, notice). Storage and other effects never happen here (they belong in
//! `use_effect_with`).

use planner_app::action::Action;
use planner_app::msg;
use planner_app::state::Scenario;
use planner_app::validation::{Input, ScenarioError};
use planner_core::catalog::import::{ImportError, RowError};
use planner_core::catalog::query::{Catalog, OfferFilter};
use planner_core::catalog::user::{Imported, NewOffer};
use planner_core::file::ScenarioFile;
use planner_core::language::Language;
use planner_core::share::{Notice, NoticeKind};
use planner_core::storage::{Saved, Stored};
use std::rc::Rc;
use yew::Reducible;

/// Why the last action or file was refused (translated when shown).
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// A scenario action was refused.
    Action(planner_app::validation::ScenarioError),
    /// A scenario file could not be shown.
    File(planner_app::state::file::FromFileError),
    /// The browser's storage could not be read or the corrupt value kept aside.
    Storage(planner_core::storage::StorageError),
}

impl Refusal {
    /// The message in `t`'s language.
    #[must_use]
    pub fn message(&self, t: &planner_app::i18n::Translator) -> String {
        match self {
            Refusal::Action(e) => t.scenario_error(e),
            Refusal::File(e) => t.from_file_error(e),
            Refusal::Storage(e) => t.storage_error(e),
        }
    }
}

/// Root state of the app.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct AppState {
    /// The user's scenario (what is compared and how).
    pub scenario: Scenario,
    /// The offer table's filter and sort.
    pub filter: OfferFilter,
    /// The last refused action (e.g. an eleventh option) or unloadable file, shown near the
    /// table in the current language, or beside `refused_field` when it has one.
    pub notice: Option<Refusal>,
    /// The DOM id of the field whose change `notice` refuses ([`field_of`]): the refusal is
    /// shown beside that field (its slider's message line), not in the notice area.
    pub refused_field: Option<&'static str>,
    /// Outcome of the last price-list import, shown next to the import control (shared, so a
    /// state change or a render of the offer table does not copy its refused rows).
    pub last_import: Option<Rc<ImportReport>>,
    /// The user's imported offers ("your price"), shown and compared beside the catalog
    /// (shared, so a state change other than an import does not copy them).
    pub imported: Rc<Imported>,
    /// Position of the option whose monthly breakdown is charted.
    pub breakdown_option: usize,
    /// The language shown.
    pub language: Language,
    /// The language the user (or a share link) chose; `None` = follow the browser.
    pub language_choice: Option<Language>,
    /// Named saved scenarios, in the user's order.
    pub saved: Vec<Saved>,
    /// What a link, file, preset or stored state could not load as given (translated when
    /// shown, so a language switch re-translates them).
    pub load_notices: Vec<Notice>,
    /// The stored state came from a newer app version ([`planner_core::storage::Restored::hold`]):
    /// autosave leaves it alone until the user saves explicitly ([`AppAction::SaveAs`]).
    pub hold_storage: bool,
}

impl AppState {
    /// Keeps `before` (the scenario a share link or an imported file replaces) first in the
    /// saved list, named "Autosaved before opening a link, `when`" or "Autosaved before an
    /// import, `when`" in the page's language (a used name gets a suffix), and adds a
    /// [`NoticeKind::KeptBeforeLink`] or [`NoticeKind::KeptBeforeImport`] notice naming it.
    /// `when` = the local date and time ([`local_now`]).
    pub fn keep_before(&mut self, before: ScenarioFile, why: &Replacing, when: &str) {
        let t = planner_app::i18n::Translator::new(self.language);
        let name = match why {
            Replacing::Link => t.text_one(msg!("ui-kept-before-link-name"), "when", when),
            Replacing::Import(_) => t.text_one(msg!("ui-kept-before-import-name"), "when", when),
        };
        let mut stored = Stored {
            saved: std::mem::take(&mut self.saved),
            ..Stored::default()
        };
        // A used name gets a suffix; the notice below names the one given, so the
        // duplicate-name notice is not needed.
        let _ = stored.add_saved(&name, before);
        self.saved = stored.saved;
        // The entry just added is last: move it first, where the user sees it.
        if let Some(kept) = self.saved.pop() {
            let saved_as = kept.name.clone();
            self.saved.insert(0, kept);
            self.load_notices.push(Notice::whole(match why {
                Replacing::Link => NoticeKind::KeptBeforeLink { saved_as },
                Replacing::Import(file) => NoticeKind::KeptBeforeImport {
                    file: file.clone(),
                    saved_as,
                },
            }));
        }
    }

    /// The catalog as the page sees it: the bundled offers and the user's imported ones.
    #[must_use]
    pub fn catalog(&self) -> Catalog<'_> {
        Catalog::new(&self.imported)
    }

    /// What is persisted: the current scenario, the chosen language and the saved list. Options
    /// on imported offers are written with their prices inline ([`Scenario::portable_file`]):
    /// imported price lists are not stored, so an id `user/…` would not resolve after a reload.
    #[must_use]
    pub fn to_stored(&self) -> Stored {
        Stored::new(
            self.language_choice,
            self.scenario.portable_file(),
            self.saved.clone(),
        )
    }
}

/// What happened to one imported price-list file.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ImportReport {
    /// The file's name as the browser gives it.
    pub file_name: String,
    /// Offers loaded from it.
    pub loaded: usize,
    /// Why the whole file was refused, if it was.
    pub failure: Option<ImportError>,
    /// Rejected rows, with their lines and reasons.
    pub row_errors: Vec<RowError>,
    /// Valid rows not loaded because the imported offers reached
    /// [`planner_core::catalog::user::MAX_IMPORTED_OFFERS`].
    pub over_limit: usize,
}

impl ImportReport {
    /// Rows of the file that were not loaded: the rejected ones and those over the limit.
    #[must_use]
    pub fn not_loaded(&self) -> usize {
        self.row_errors.len() + self.over_limit
    }
}

/// Everything the UI can ask the reducer to do.
#[derive(Clone, Debug, PartialEq)]
pub enum AppAction {
    /// A change to the scenario; a refusal becomes the notice and changes nothing else.
    Scenario(Action),
    /// Replace the table filter.
    Filter(OfferFilter),
    /// Replace the scenario with one the page built from it by valid actions (the decision
    /// helper's added picks, and their undo).
    SetScenario(Box<Scenario>),
    /// Hide the notice.
    DismissNotice,
    /// Chart the monthly breakdown of the option at this position.
    ShowBreakdown(usize),
    /// A price-list file was read: its offers are added to the imported ones (a file of the
    /// same name imported before is replaced), and what happened is reported next to the
    /// control with the rows that were refused.
    Imported {
        /// The file's name as the browser gives it.
        file_name: String,
        /// The valid rows, in file order.
        offers: Vec<NewOffer>,
        /// Refused rows.
        row_errors: Vec<RowError>,
    },
    /// A price-list file could not be read at all: `report` says why.
    ImportFailed(ImportReport),
    /// Replace the whole scenario (a preset, a saved scenario, an imported file) and show
    /// `notices` about what was not loaded as given. A file the app cannot show keeps the
    /// current scenario and becomes the notice.
    Load(Box<ScenarioFile>, Vec<Notice>),
    /// A share link opened in the page or a scenario file imported: like [`AppAction::Load`],
    /// but the scenario on screen, if it differs from the new one, is first kept in the saved
    /// list ([`AppState::keep_before`]; the `String` is the local date and time for its name).
    Replace(Box<ScenarioFile>, Vec<Notice>, Replacing, String),
    /// Switch the language (the scenario is unchanged).
    SetLanguage(Language),
    /// Save the current scenario under a name (a used name gets a suffix and a notice; an
    /// empty one is `ui-save-default-name` in the page's language: "scenario", "场景").
    SaveAs(String),
    /// Open the saved scenario at this position, like [`AppAction::Load`] with no notices
    /// (nothing happens if there is none there).
    OpenSaved(usize),
    /// Delete the saved scenario at this position.
    DeleteSaved(usize),
    /// Hide the load notices.
    DismissLoadNotices,
    /// Show these load notices (nothing else changes).
    ShowLoadNotices(Vec<Notice>),
}

/// What replaces the scenario on screen in [`AppAction::Replace`].
#[derive(Clone, Debug, PartialEq)]
pub enum Replacing {
    /// A share link opened in the page.
    Link,
    /// A scenario file imported (its name as the browser gives it).
    Import(String),
}

/// The local date and time, `YYYY-MM-DD HH:MM` (the browser's clock and time zone), for names
/// of scenarios kept automatically.
#[must_use]
pub fn local_now() -> String {
    let d = web_sys::js_sys::Date::new_0();
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date(),
        d.get_hours(),
        d.get_minutes()
    )
}

/// The DOM id of the slider (`{id}-number`, `{id}-error`) whose value `a` sets, if it comes from
/// one: a refusal of `a` is shown beside that field.
#[must_use]
pub fn field_of(a: &Action) -> Option<&'static str> {
    // DOM ids named here, not inline: a literal with the storage prefix reads as a message id
    // to the translation completeness test (crates/app/src/completeness.rs).
    const STORAGE_GB: &str = "storage-gb";
    const STORAGE_PRICE: &str = "storage-price";
    Some(match a {
        Action::SetGpus(_) => "gpus",
        Action::SetHoursPerDay(_) => "hours-per-day",
        Action::SetMonths(_) => "months",
        Action::SetDaysPerWeek(_) => "days-per-week",
        Action::SetUsdPerCny(_) => "usd-per-cny",
        Action::SetContingencyPct(_) => "contingency",
        Action::SetSpotInterruptions(_) => "spot-interruptions",
        Action::SetCheckpointInterval(_) => "checkpoint-interval",
        Action::SetCheckpointWrite(_) => "checkpoint-write",
        Action::SetRestart(_) => "restart",
        Action::SetStorageGb(_) => STORAGE_GB,
        Action::SetEgressGb(_) => "egress-gb",
        Action::SetStoragePrice(_) => STORAGE_PRICE,
        Action::SetEgressPrice(_) => "egress-price",
        Action::SetJobGpuHours(_) => "job-gpu-hours",
        Action::SetJobWithinMonths(_) => "job-within",
        Action::SetScalingEfficiency(_) => "scaling-efficiency",
        Action::SetThroughput { .. } => "throughput",
        Action::SetHostFailures { .. } => "host-failures",
        Action::SetBidCap { .. } => "bid-cap",
        Action::SetInlineReserved { .. } => "reserved-per-hour",
        Action::SetOffPeak { .. } => "off-peak-price",
        Action::SetDeadlineSpot { .. } => "deadline-spot-hours",
        _ => return None,
    })
}

/// The DOM id of the slider that sets the field `path` names, for an engine error about the
/// scenario (a job that never finishes: beside the Work field), if the page has one.
#[must_use]
pub fn field_of_path(path: &planner_engine::FieldPath) -> Option<&'static str> {
    use planner_engine::Field;
    Some(match path.named_field()? {
        // A job that never finishes names the whole workload: its size is the Work field.
        Field::GpuHours | Field::Workload => "job-gpu-hours",
        Field::WithinMonths => "job-within",
        Field::ScalingEfficiency => "scaling-efficiency",
        Field::HoursPerDay => "hours-per-day",
        Field::DaysPerWeek => "days-per-week",
        Field::HorizonMonths => "months",
        Field::InterruptionsPerHour => "spot-interruptions",
        Field::DeadlineHours => "deadline-spot-hours",
        Field::ThroughputFactor => "throughput",
        _ => return None,
    })
}

impl Reducible for AppState {
    type Action = AppAction;

    fn reduce(self: Rc<Self>, action: AppAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            AppAction::Scenario(a) => {
                let field = field_of(&a);
                match self.scenario.apply_in(a, self.language) {
                    Ok(s) => {
                        next.scenario = s;
                        next.notice = None;
                        next.refused_field = None;
                    }
                    Err(e) => {
                        // One action sets the off-peak price and both peak hours: a refusal
                        // naming a peak hour is said beside that hour's slider.
                        next.refused_field = match &e {
                            ScenarioError::NeedsFirst { input, .. }
                            | ScenarioError::OutOfRange { input, .. } => match input {
                                Input::PeakFrom => Some("peak-from"),
                                Input::PeakTo => Some("peak-to"),
                                _ => field,
                            },
                            _ => field,
                        };
                        next.notice = Some(Refusal::Action(e));
                    }
                }
            }
            AppAction::Filter(f) => next.filter = f,
            AppAction::SetScenario(s) => {
                next.scenario = *s;
                next.notice = None;
            }
            AppAction::DismissNotice => next.notice = None,
            AppAction::ShowBreakdown(i) => next.breakdown_option = i,
            AppAction::Imported {
                file_name,
                offers,
                row_errors,
            } => {
                let parsed = offers.len();
                let loaded = Rc::make_mut(&mut next.imported)
                    .register(&file_name, offers)
                    .len();
                next.last_import = Some(Rc::new(ImportReport {
                    file_name,
                    loaded,
                    failure: None,
                    row_errors,
                    over_limit: parsed - loaded,
                }));
            }
            AppAction::ImportFailed(report) => next.last_import = Some(Rc::new(report)),
            AppAction::Load(file, notices) => match Scenario::from_file(*file, &self.catalog()) {
                Ok(s) => {
                    next.scenario = s;
                    next.breakdown_option = 0;
                    next.load_notices = notices;
                    next.notice = None;
                }
                Err(e) => next.notice = Some(Refusal::File(e)),
            },
            AppAction::Replace(file, notices, why, when) => {
                let before = self.scenario.portable_file();
                if before != *file {
                    next.keep_before(before, &why, &when);
                    let kept = std::mem::take(&mut next.load_notices);
                    let notices = notices.into_iter().chain(kept).collect();
                    return Rc::new(next).reduce(AppAction::Load(file, notices));
                }
                return Rc::new(next).reduce(AppAction::Load(file, notices));
            }
            AppAction::SetLanguage(l) => {
                next.language = l;
                next.language_choice = Some(l);
            }
            AppAction::SaveAs(name) => {
                let mut stored = self.to_stored();
                // An empty name is the page's word for a scenario, in the page's language
                // (then "场景 (2)", … as any name in use).
                let name = if name.trim().is_empty() {
                    planner_app::i18n::Translator::new(self.language)
                        .text(msg!("ui-save-default-name"))
                } else {
                    name
                };
                if let Some(n) = stored.add_saved(&name, self.scenario.portable_file()) {
                    next.load_notices = vec![n];
                }
                next.saved = stored.saved;
                next.hold_storage = false;
            }
            AppAction::OpenSaved(i) => {
                if let Some(s) = self.saved.get(i) {
                    let file = Box::new(s.scenario.clone());
                    return self.reduce(AppAction::Load(file, Vec::new()));
                }
            }
            AppAction::DeleteSaved(i) => {
                if i < next.saved.len() {
                    next.saved.remove(i);
                }
            }
            AppAction::DismissLoadNotices => next.load_notices.clear(),
            AppAction::ShowLoadNotices(n) => next.load_notices = n,
        }
        Rc::new(next)
    }
}
