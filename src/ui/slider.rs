//! One slider with a numeric field beside it. The field accepts typed text, validates it with
//! [`planner_core::input::parse_number`] and shows the message beside itself; an invalid entry never
//! reaches the scenario, so the last valid result stays on screen.

use crate::ui::language::use_tr;
use planner_app::i18n::{Msg, Translator};
use planner_core::float_text::shortest;
use planner_core::format::input_value;
use planner_core::input::{parse_number, InputError, NumberSpec};
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Properties of [`Slider`].
#[derive(Properties, PartialEq, Clone)]
pub struct SliderProps {
    /// DOM id prefix: the range input is `{id}-range`, the field `{id}-number`, the message
    /// `{id}-error`.
    pub id: AttrValue,
    /// Visible label.
    pub label: AttrValue,
    /// Unit shown after the field, e.g. `"h/day"`.
    pub unit: AttrValue,
    /// Current valid value.
    pub value: f64,
    /// Accepted range and integrality; the slider's range is `spec.min..=slider_max`.
    pub spec: NumberSpec,
    /// Upper end of the slider track by default (the field accepts up to `spec.max`; a larger
    /// value extends the track).
    pub slider_max: f64,
    /// Slider step.
    pub step: f64,
    /// Called with each new valid value.
    pub on_change: Callback<f64>,
    /// Decimals a value set elsewhere is shown with in the field (a catalog-derived throughput
    /// of 0.52948717 shows as 0.53); `None` = as many as it has (up to 10, [`input_value`]).
    /// The value used stays exact until the user types another.
    #[prop_or_default]
    pub decimals: Option<u32>,
}

/// `value` as the field shows it, to `decimals` places when given.
fn shown(value: f64, decimals: Option<u32>) -> String {
    input_value(rounded(value, decimals))
}

/// `value` rounded to `decimals` places (`None`: as it is), as the field shows it.
fn rounded(value: f64, decimals: Option<u32>) -> f64 {
    match decimals {
        Some(d) => {
            let k = 10f64.powi(d as i32);
            (value * k).round() / k
        }
        None => value,
    }
}

/// A refusal of the scenario change a field made, shown beside that field: the field's DOM id
/// and the message in the page's language (provided by the app; `None` when nothing is refused
/// or the refusal belongs to no field).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct FieldRefusal(pub Option<(&'static str, String)>);

/// A labelled range input plus numeric field, keyboard-usable, that never panics on bad input.
#[function_component(Slider)]
pub fn slider(props: &SliderProps) -> Html {
    let decimals = props.decimals;
    let text = crate::ui::hooks::use_local(|| shown(props.value, decimals));
    let error = crate::ui::hooks::use_local(|| None::<InputError>);
    let t = use_tr();
    // The app's refusal of the value this field set, if any.
    let refused = use_context::<crate::ui::language::PageContext>()
        .and_then(|c| c.refusal.0)
        .filter(|(id, _)| *id == props.id.as_str())
        .map(|(_, m)| m);

    // When the value changes from elsewhere (the slider, a reset), show it in the field, unless
    // the field already reads as that value (so typing "8." is not rewritten to "8").
    {
        let text = text.clone();
        let error = error.clone();
        let spec = props.spec;
        crate::ui::hooks::use_effect_on(
            props.value,
            Box::new(move |value| {
                if parse_number(&text, spec).ok() != Some(*value) {
                    text.set(shown(*value, decimals));
                    error.set(None);
                }
                Box::new(|| ())
            }),
        );
    }

    // A refused value stays in the field, so the user sees what was refused; once the refusal
    // is gone (another change went through, or the notice was dismissed) the field shows the
    // value in force again, not a value that is not.
    {
        let (text, error) = (text.clone(), error.clone());
        let (spec, in_force) = (props.spec, rounded(props.value, decimals));
        crate::ui::hooks::use_effect_on(
            refused.is_some(),
            Box::new(move |&is_refused| {
                if !is_refused
                    && error.is_none()
                    && parse_number(&text, spec).ok() != Some(in_force)
                {
                    text.set(shown(in_force, None));
                }
                Box::new(|| ())
            }),
        );
    }
    // While the field reads as another value than the one in force, the refusal says which
    // value is used ("… — still using 80").
    let refused = refused.map(|m| {
        let in_force = rounded(props.value, decimals);
        if parse_number(&text, props.spec).ok() == Some(in_force) {
            m
        } else {
            t.still_using(m, in_force)
        }
    });

    // The value in force as the range input's text (its `value` attribute, and what the thumb
    // is put back to after a move).
    let value_text = shortest(props.value);
    let on_range = {
        let on_change = props.on_change.clone();
        let spec = props.spec;
        let step = props.step;
        let in_force = value_text.clone();
        Callback::from(move |e: InputEvent| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            let v = on_step(input.value_as_number(), spec.min, step);
            let v = if spec.integer { v.round() } else { v };
            if v.is_finite() && v >= spec.min && v <= spec.max {
                on_change.emit(v);
            }
            // The thumb shows the value in force: put it back now; an accepted value comes
            // back as a new `value` and the re-render moves the thumb there (Yew compares the
            // new value with the DOM's), a refused one leaves it where the field says.
            input.set_value(&in_force);
        })
    };
    let on_text = {
        let on_change = props.on_change.clone();
        let text = text.clone();
        let error = error.clone();
        let spec = props.spec;
        Callback::from(move |e: InputEvent| {
            let t = e.target_unchecked_into::<HtmlInputElement>().value();
            match parse_number(&t, spec) {
                Ok(v) => {
                    error.set(None);
                    on_change.emit(v);
                }
                Err(err) => error.set(Some(err)),
            }
            text.set(t);
        })
    };

    // After leaving a valid field, show the value as the app reads it (" 3 " → "3", "+4" → "4"),
    // unless the app refused it: the refused text stays beside its reason until the refusal
    // is gone.
    let on_blur = {
        let text = text.clone();
        let error = error.clone();
        let value = props.value;
        let refused = refused.is_some();
        Callback::from(move |_: FocusEvent| {
            if error.is_none() && !refused {
                text.set(shown(value, decimals));
            }
        })
    };

    let range_id = format!("{}-range", props.id);
    let number_id = format!("{}-number", props.id);
    let error_id = format!("{}-error", props.id);
    // The field accepts more than the track shows by default; a larger typed value stretches
    // the track so the thumb still tells the truth.
    let slider_max = props.slider_max.max(props.value);
    // A typed value between two steps (10001 with a step of 100) would put the thumb on the
    // nearest step (10000) while the field says 10001: the track then takes any value, so the
    // thumb and the field agree; a drag snaps back onto the steps ([`on_step`]).
    let step = if is_on_step(props.value, props.spec.min, props.step) {
        shortest(props.step)
    } else {
        "any".to_string()
    };
    html! {
        <div class={classes!("slider", error.is_some().then_some("invalid"))}>
            <label for={number_id.clone()}>{ props.label.clone() }</label>
            <div class="slider-row">
                <input type="range" id={range_id} aria-label={props.label.clone()}
                    min={shortest(props.spec.min)} max={shortest(slider_max)}
                    {step} value={value_text}
                    oninput={on_range} />
                <input type="text" inputmode="decimal" id={number_id} class="number"
                    value={(*text).clone()} oninput={on_text} onblur={on_blur}
                    aria-invalid={(error.is_some() || refused.is_some()).to_string()}
                    aria-describedby={error_id.clone()} />
                <span class="unit">{ props.unit.clone() }</span>
            </div>
            <div class="field-error" id={error_id} role="alert">
                { (*error).as_ref().map(|e| t.input_refusal(e, Some(rounded(props.value, decimals)))).or(refused).unwrap_or_default() }
            </div>
        </div>
    }
}

/// A label or unit of a slider: a message in the page's language, or fixed text.
#[derive(Clone, Copy)]
pub enum Text {
    /// A message, translated when shown.
    Msg(Msg),
    /// Text that is the same in every language (a unit symbol, `"GB"`).
    Fixed(&'static str),
}

/// The fixed part of a slider (all of [`SliderProps`] but its value and callback), kept in a
/// `static` table: the page's sliders are built by one function ([`SliderDef::show`]) from
/// their rows, so their code is compiled once and their constants are data (issue 19, the
/// wasm's size).
pub struct SliderDef {
    /// [`SliderProps::id`].
    pub id: &'static str,
    /// [`SliderProps::label`].
    pub label: Text,
    /// [`SliderProps::unit`].
    pub unit: Text,
    /// [`SliderProps::spec`].
    pub spec: NumberSpec,
    /// [`SliderProps::slider_max`].
    pub slider_max: f64,
    /// [`SliderProps::step`].
    pub step: f64,
}

impl SliderDef {
    /// The slider showing `value` (labels in `t`'s language), calling `on_change` with each
    /// new valid value.
    #[inline(never)]
    pub fn show(&'static self, t: &Translator, value: f64, on_change: Callback<f64>) -> Html {
        let text = |x: Text| match x {
            Text::Msg(m) => AttrValue::from(t.text(m)),
            Text::Fixed(s) => AttrValue::Static(s),
        };
        view(SliderProps {
            id: AttrValue::Static(self.id),
            label: text(self.label),
            unit: text(self.unit),
            value,
            spec: self.spec,
            slider_max: self.slider_max,
            step: self.step,
            on_change,
            decimals: None,
        })
    }
}

/// `<Slider ..props />`: every slider of the page is made by this one function from props
/// written as a struct literal, so the props-building code is compiled once instead of at
/// every `<Slider …/>` (issue 19, the wasm's size).
#[inline(never)]
pub fn view(props: SliderProps) -> Html {
    html! { <Slider ..props /> }
}

/// Whether `value` lies on the slider's steps `min + k × step` (within rounding).
fn is_on_step(value: f64, min: f64, step: f64) -> bool {
    if step.is_nan() || step <= 0.0 || !value.is_finite() {
        return true;
    }
    let k = (value - min) / step;
    (k - k.round()).abs() < 1e-6
}

/// `value` moved onto the nearest step `min + k × step` (unchanged for a non-positive step or
/// a non-finite value), rounded to 9 decimals so 0.1-style steps do not leave 0.30000000000000004.
fn on_step(value: f64, min: f64, step: f64) -> f64 {
    if step.is_nan() || step <= 0.0 || !value.is_finite() {
        return value;
    }
    let v = min + ((value - min) / step).round() * step;
    if v.abs() < 1e9 {
        (v * 1e9).round() / 1e9
    } else {
        v
    }
}
