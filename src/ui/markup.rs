//! Builders for the markup shapes the page repeats (a control after its visible name, a
//! select, its options, a part mounted later). Each is one function that is never inlined, so
//! the code that builds those nodes is compiled once instead of at every use (issue 19, the
//! wasm's size); the DOM they make is the same as the `html!` they replace.

use super::startup::Later;
use planner_app::i18n::{Msg, Translator};
use yew::prelude::*;

/// `<label>{ text }{ " " }{ control }</label>`: a control after its visible name.
#[inline(never)]
pub fn labelled(text: String, control: Html) -> Html {
    html! { <label>{ text }{ " " }{ control }</label> }
}

/// `<select id={id} onchange={onchange}>{ options }</select>`.
#[inline(never)]
pub fn select(id: &'static str, onchange: Callback<Event>, options: Html) -> Html {
    html! { <select {id} {onchange}>{ options }</select> }
}

/// `<option value={value} selected={selected}>{ text }</option>`, keyed by its value and whether
/// it is selected. The key makes the option a new element whenever its selection changes: the
/// `selected` attribute of an option the user has picked from (its "dirtiness") no longer moves
/// the selection, so an option reused with a changed attribute could leave the select showing
/// an option other than the one in force (after removing compared options, the strategy chooser
/// showed one option while its fields edited another). The select itself is kept, with its focus.
#[inline(never)]
pub fn option(value: AttrValue, selected: bool, text: AttrValue) -> Html {
    let key = format!("{value}{}", if selected { "\u{1f}s" } else { "" });
    html! { <option {key} {value} {selected}>{ text }</option> }
}

/// `<startup::Later after_frames={after_frames}>{ children }</startup::Later>`: `children`
/// mounted that many animation frames after the first render ([`Later`]).
#[inline(never)]
pub fn later(after_frames: u32, children: Html) -> Html {
    html! { <Later {after_frames}>{ children }</Later> }
}

/// `<td class={class} data-label={label} title={title}>{ text }</td>`: a table cell, with its
/// column's name for the narrow layout and a tooltip when given.
#[inline(never)]
pub fn cell(
    class: &'static str,
    label: Option<AttrValue>,
    title: Option<AttrValue>,
    text: AttrValue,
) -> Html {
    html! { <td {class} data-label={label} {title}>{ text }</td> }
}

/// `<p class="muted small">{ message }</p>`: a note in `t`'s language.
#[inline(never)]
pub fn note(t: &Translator, id: Msg) -> Html {
    html! { <p class="muted small">{ t.text(id) }</p> }
}

/// `<label class={class}><input type="checkbox" id={id} checked={checked}
/// onchange={onchange} />{ " " }{ text }</label>`: a checkbox before its name.
#[inline(never)]
pub fn checkbox(
    class: Option<&'static str>,
    id: &'static str,
    checked: bool,
    onchange: Callback<Event>,
    text: String,
) -> Html {
    html! { <label {class}><input type="checkbox" {id} {checked} {onchange} />{ " " }{ text }</label> }
}

/// `<th scope="col" class={class} title={title}>{ text }</th>` (`scope` only when
/// `col_scope`): a header cell.
#[inline(never)]
pub fn th(
    col_scope: bool,
    class: Option<&'static str>,
    title: Option<AttrValue>,
    text: AttrValue,
) -> Html {
    let scope = col_scope.then_some("col");
    html! { <th {scope} {class} {title}>{ text }</th> }
}
