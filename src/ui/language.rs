//! The translator as a Yew context ([`Tr`] in [`PageContext`], [`use_tr`]) and the language
//! switch in the header.
//! Switching changes only the language: the scenario and everything else stay.

use super::state::{AppAction, AppState};
use planner_app::i18n::{Msg, Translator};
use planner_app::msg;
use planner_core::language::Language;
use std::rc::Rc;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The current [`Translator`], shared through the [`PageContext`]. Two are equal when their
/// languages are.
#[derive(Clone, Debug)]
pub struct Tr(pub Rc<Translator>);

impl PartialEq for Tr {
    fn eq(&self, other: &Self) -> bool {
        self.0.language() == other.0.language()
    }
}

impl Tr {
    /// The translator for `language`.
    #[must_use]
    pub fn new(language: Language) -> Tr {
        Tr(Rc::new(Translator::new(language)))
    }
}

/// What the app shares with every component through one context: the translator and the
/// refusal shown beside a field. One context rather than one per value: each context type
/// costs the wasm its own copy of Yew's provider code (issue 19, the wasm's size). The
/// components that read it re-render when the language changes or a field's refusal comes or
/// goes (not on other changes: it compares by value).
#[derive(Clone, PartialEq)]
pub struct PageContext {
    /// The translator.
    pub tr: Tr,
    /// The app's refusal of a field's change, shown beside that field.
    pub refusal: crate::ui::slider::FieldRefusal,
}

/// The translator from the nearest [`PageContext`] (English outside one).
#[hook]
pub fn use_tr() -> Rc<Translator> {
    match use_context::<PageContext>() {
        Some(c) => c.tr.0,
        None => Rc::new(Translator::new(Language::En)),
    }
}

/// Message `id` in `t`'s language as an attribute value (a label, a unit, an option's text).
/// One function rather than a closure per component, so its code is compiled once.
#[inline(never)]
pub fn attr(t: &Translator, id: Msg) -> AttrValue {
    AttrValue::from(t.text(id))
}

/// Keeps the document's language (`<html lang>`, for screen readers and the CJK font choice),
/// title and meta description (search results, link previews, bookmarks) in `language`.
#[hook]
pub fn use_document_language(language: Language) {
    crate::ui::hooks::use_effect_on(
        language,
        Box::new(|l| {
            let document = gloo::utils::document();
            let t = Translator::new(*l);
            if let Some(root) = document.document_element() {
                // Setting an attribute on <html> cannot fail for a valid name; nothing to recover.
                let _ = root.set_attribute("lang", l.tag());
            }
            document.set_title(&t.text(msg!("ui-app-title")));
            if let Ok(Some(meta)) = document.query_selector("meta[name=description]") {
                // As above: a valid attribute name on an element of the page.
                let _ = meta.set_attribute("content", &t.text(msg!("meta-description")));
            }
            Box::new(|| ())
        }),
    );
}

/// The language switch in the header, labelled in `t`'s language, each language named in
/// itself; choosing one dispatches [`AppAction::SetLanguage`]. A function of the app's view
/// rather than a component of its own (a component costs the wasm its own copy of Yew's
/// component code; issue 19, the wasm's size).
pub fn switch(
    t: &Translator,
    language: Language,
    dispatch: &UseReducerDispatcher<AppState>,
) -> Html {
    let onchange = {
        let d = dispatch.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Some(l) = Language::from_tag(&v) {
                d.dispatch(AppAction::SetLanguage(l));
            }
        })
    };
    html! {
        <label class="lang-switch">{ t.text(msg!("ui-language")) }{ " " }
            <select id="language" lang={language.tag()} {onchange}>
                { for Language::ALL.iter().map(|l| html!{
                    <option value={l.tag()} lang={l.tag()} selected={*l == language}>{ Translator::new(*l).text(msg!("language-name")) }</option>
                }) }
            </select>
        </label>
    }
}
