//! Builders for the markup shapes the page repeats (a control after its visible name, a
//! select, its options, a part mounted later). Each is one function that is never inlined, so
//! the code that builds those nodes is compiled once instead of at every use (issue 19, the
//! wasm's size); the DOM they make is the same as the `html!` they replace.

use super::startup::Later;
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

/// `<option value={value} selected={selected}>{ text }</option>`.
#[inline(never)]
pub fn option(value: AttrValue, selected: bool, text: AttrValue) -> Html {
    html! { <option {value} {selected}>{ text }</option> }
}

/// `<startup::Later after_frames={after_frames}>{ children }</startup::Later>`: `children`
/// mounted that many animation frames after the first render ([`Later`]).
#[inline(never)]
pub fn later(after_frames: u32, children: Html) -> Html {
    html! { <Later {after_frames}>{ children }</Later> }
}
