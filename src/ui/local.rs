//! One instance of Yew's state hook for every component's local state ([`use_local`]): the
//! value is kept as an `Rc<dyn Any>`, so Yew's state and reducer code is compiled once for all
//! of them instead of once per value type (about 0.7–1 KB of wasm per type before; issue 19,
//! the wasm's size). Reads and writes are typed: [`Local<T>`] is used like Yew's
//! `UseStateHandle<T>`.

use std::any::Any;
use std::marker::PhantomData;
use std::ops::Deref;
use std::rc::Rc;
use yew::prelude::*;

/// A value of any type: the one state type every [`Local`] shares.
pub struct Value(Rc<dyn Any>);

/// Handle to a component's local state of type `T`, made by [`use_local`]: it dereferences to
/// the value in force at this render, and [`Local::set`] replaces the value and re-renders the
/// component (always, like Yew's `use_state`: no comparison with the value before).
pub struct Local<T> {
    handle: UseStateHandle<Value>,
    kind: PhantomData<T>,
}

impl<T: 'static> Local<T> {
    /// Replaces the value; the component re-renders with it.
    pub fn set(&self, value: T) {
        self.handle.set(Value(Rc::new(value)));
    }
}

impl<T: 'static> Deref for Local<T> {
    type Target = T;

    fn deref(&self) -> &T {
        match self.handle.0.downcast_ref::<T>() {
            Some(value) => value,
            // Only `use_local::<T>` and `Local::<T>::set` write this hook's value, both as a
            // `T`, so it is always one.
            None => unreachable!(),
        }
    }
}

impl<T> Clone for Local<T> {
    fn clone(&self) -> Self {
        Local {
            handle: self.handle.clone(),
            kind: PhantomData,
        }
    }
}

/// Yew's `use_state(init)` with the value kept as a [`Value`]: the component's state of type
/// `T`, `init()` the first time.
#[hook]
pub fn use_local<T: 'static, F: FnOnce() -> T>(init: F) -> Local<T> {
    let handle = use_state(move || Value(Rc::new(init())));
    Local {
        handle,
        kind: PhantomData,
    }
}

/// What an effect leaves to run when its component goes away (the cleanup Yew's
/// `use_effect_with` closures return), boxed.
pub type Cleanup = Box<dyn FnOnce()>;

/// Yew's `use_effect_with((), effect)`: `effect` runs once, after the first render, and its
/// cleanup when the component goes away. The effect is boxed, so Yew's effect code is
/// compiled once for every such effect of the page instead of once per closure (issue 19, the
/// wasm's size).
#[hook]
pub fn use_mount(effect: Box<dyn FnOnce() -> Cleanup>) {
    use_effect_with((), move |()| effect());
}
