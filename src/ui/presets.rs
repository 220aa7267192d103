//! The presets menu: the founding articles' scenarios by translated name and description;
//! choosing one loads its scenario (the current one is replaced; save it first to keep it).

use super::state::{AppAction, AppState};
use planner_app::i18n::Translator;
use planner_app::msg;
use planner_app::presets::PRESETS;
use planner_core::share::{Notice, NoticeKind};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The presets menu, in `t`'s language; choosing a preset dispatches its scenario (or why it
/// could not load) through `dispatch`. A function of the app's view rather than a component of
/// its own (a component costs the wasm its own copy of Yew's component code; issue 19, the
/// wasm's size).
pub fn preset_menu(t: &Translator, dispatch: &UseReducerDispatcher<AppState>) -> Html {
    let onchange = {
        let d = dispatch.clone();
        Callback::from(move |e: Event| {
            let select = e.target_unchecked_into::<HtmlSelectElement>();
            let id = select.value();
            select.set_value("");
            if let Some(p) = planner_app::presets::preset(&id) {
                match p.scenario() {
                    Ok(s) => d.dispatch(AppAction::Load(Box::new(s), Vec::new())),
                    Err(e) => d.dispatch(AppAction::ShowLoadNotices(vec![Notice::new(
                        e.field,
                        NoticeKind::Rejected(e.problem),
                    )])),
                }
            }
        })
    };
    html! {
        <div class="presets">
            <label>{ t.text(msg!("ui-presets")) }{ " " }
                <select id="preset" {onchange}>
                    <option value="" selected=true>{ t.text(msg!("ui-preset-choose")) }</option>
                    { for PRESETS.iter().map(|p| html!{
                        <option value={p.id} title={t.text_named(&p.description_id(), &[])}>{ t.text_named(&p.name_id(), &[]) }</option>
                    }) }
                </select>
            </label>
            <details class="small">
                <summary>{ t.text(msg!("ui-preset-about")) }</summary>
                <dl>
                    { for PRESETS.iter().map(|p| html!{
                        <>
                            <dt>{ t.text_named(&p.name_id(), &[]) }</dt>
                            <dd class="muted">{ t.text_named(&p.description_id(), &[]) }</dd>
                        </>
                    }) }
                </dl>
            </details>
        </div>
    }
}
