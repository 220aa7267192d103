//! Yew's state, effect, memo, callback and ref hooks with their values, dependencies and
//! closures kept behind `dyn Any` / `dyn FnOnce`, so Yew's code for each hook is compiled once
//! for the whole page instead of once per value type and closure (about 0.5–1 KB of wasm each
//! before; issue 19, the wasm's size). Reads and writes stay typed: [`Local<T>`] is used like
//! Yew's `UseStateHandle<T>` ([`use_local`], and [`use_local_eq`] for `use_state_eq`),
//! [`use_effect_on`] like `use_effect_with`, [`use_memo_on`] like `use_memo`,
//! [`use_callback_on`] like `use_callback`, [`use_cell`] like `use_mut_ref`, [`use_node`] like
//! `use_node_ref`.

use std::any::Any;
use std::cell::RefCell;
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

/// What an effect leaves to run before it runs again or when its component goes away (the
/// cleanup Yew's `use_effect_with` closures return), boxed.
pub type Cleanup = Box<dyn FnOnce()>;

/// A hook's dependencies of any type, compared as their own type (unequal when the types
/// differ, which a hook's dependencies never do).
pub struct Deps(Box<dyn DynEq>);

/// `PartialEq` across `dyn Any`: what [`Deps`] compares with.
pub trait DynEq {
    /// Whether `other` is a value of this type equal to this one.
    fn same(&self, other: &dyn Any) -> bool;
    /// This value as `dyn Any`.
    fn as_any(&self) -> &dyn Any;
}

impl<D: PartialEq + 'static> DynEq for D {
    fn same(&self, other: &dyn Any) -> bool {
        other.downcast_ref::<D>() == Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl Deps {
    /// The dependencies as the `D` they were made from.
    fn get<D: 'static>(&self) -> &D {
        match self.0.as_any().downcast_ref::<D>() {
            Some(deps) => deps,
            // A hook's `Deps` are only made from its own `D` and read back as that `D`.
            None => unreachable!(),
        }
    }
}

impl PartialEq for Deps {
    fn eq(&self, other: &Self) -> bool {
        self.0.same(other.0.as_any())
    }
}

/// Yew's `use_effect_with(deps, effect)`: `effect` runs after the first render and after each
/// render whose `deps` differ from the last run's, the cleanup it returns before the next run
/// and when the component goes away.
#[hook]
pub fn use_effect_on<D: PartialEq + 'static>(deps: D, effect: Box<dyn FnOnce(&D) -> Cleanup>) {
    let run: Box<dyn FnOnce(&Deps) -> Cleanup> = Box::new(move |deps| effect(deps.get()));
    use_effect_with(Deps(Box::new(deps)), run);
}

/// [`use_effect_on`] with no dependencies: `effect` runs once, after the first render, and its
/// cleanup when the component goes away (Yew's `use_effect_with((), effect)`).
#[hook]
pub fn use_mount(effect: Box<dyn FnOnce() -> Cleanup>) {
    use_effect_on((), Box::new(move |()| effect()));
}

/// Yew's `use_memo(deps, f)`: `f(&deps)` computed after the first render's `deps` and again
/// whenever they change, the same `Rc` handed out in between.
#[hook]
pub fn use_memo_on<T: 'static, D: PartialEq + 'static>(
    deps: D,
    f: impl FnOnce(&D) -> T + 'static,
) -> Rc<T> {
    let make: Box<dyn FnOnce(&Deps) -> Value> = Box::new(move |deps| Value(Rc::new(f(deps.get()))));
    let value = use_memo(Deps(Box::new(deps)), make);
    match value.0.clone().downcast::<T>() {
        Ok(v) => v,
        // Only this hook writes the memo's value, always from `f`, a `T`.
        Err(_) => unreachable!(),
    }
}

/// Dependencies compared by value, shared with the callback made from them (no copy).
struct Shared<D>(Rc<D>);

impl<D: PartialEq> PartialEq for Shared<D> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

/// Yew's `use_callback(deps, f)`: a callback calling `f(input, &deps)`, the same callback
/// (so a child given it is not re-rendered) until `deps` change; made with [`use_memo_on`].
#[hook]
pub fn use_callback_on<IN: 'static, OUT: 'static, D: PartialEq + 'static>(
    deps: D,
    f: impl Fn(IN, &D) -> OUT + 'static,
) -> Callback<IN, OUT> {
    let callback = use_memo_on(Shared(Rc::new(deps)), move |deps| {
        let deps = deps.0.clone();
        Callback::from(move |input| f(input, &deps))
    });
    (*callback).clone()
}

/// Yew's `use_mut_ref(init)`: a `RefCell` made once, with `init()`, and kept for the
/// component's life (a [`use_memo_on`] without dependencies, so it shares that hook's code).
#[hook]
pub fn use_cell<T: 'static>(init: impl FnOnce() -> T + 'static) -> Rc<RefCell<T>> {
    use_memo_on((), move |()| RefCell::new(init()))
}

/// A value of any type compared as its own type: the one state type every [`LocalEq`] shares.
pub struct EqValue(Rc<dyn DynEq>);

impl PartialEq for EqValue {
    fn eq(&self, other: &Self) -> bool {
        self.0.same(other.0.as_any())
    }
}

/// [`Local`] made by [`use_local_eq`]: [`LocalEq::set`] re-renders the component only when
/// the new value differs from the one in force (Yew's `use_state_eq`).
pub struct LocalEq<T> {
    handle: UseStateHandle<EqValue>,
    kind: PhantomData<T>,
}

impl<T: PartialEq + 'static> LocalEq<T> {
    /// Replaces the value if it differs from the one in force (compared when the update is
    /// applied, so a handle from an earlier render compares with the latest value); the
    /// component re-renders only then.
    pub fn set(&self, value: T) {
        self.handle.set(EqValue(Rc::new(value)));
    }
}

impl<T: 'static> Deref for LocalEq<T> {
    type Target = T;

    fn deref(&self) -> &T {
        match self.handle.0.as_any().downcast_ref::<T>() {
            Some(value) => value,
            // Only `use_local_eq::<T>` and `LocalEq::<T>::set` write this hook's value, both
            // as a `T`, so it is always one.
            None => unreachable!(),
        }
    }
}

impl<T> Clone for LocalEq<T> {
    fn clone(&self) -> Self {
        LocalEq {
            handle: self.handle.clone(),
            kind: PhantomData,
        }
    }
}

/// Yew's `use_state_eq(init)` with the value kept as an [`EqValue`]: the component's state of
/// type `T`, `init()` the first time; setting an equal value does not re-render.
#[hook]
pub fn use_local_eq<T: PartialEq + 'static, F: FnOnce() -> T>(init: F) -> LocalEq<T> {
    let handle = use_state_eq(move || EqValue(Rc::new(init())));
    LocalEq {
        handle,
        kind: PhantomData,
    }
}

/// Yew's `use_node_ref()`: a [`NodeRef`] made once and kept for the component's life, held by
/// a [`use_local`] so it shares that hook's code instead of Yew's own `use_state::<NodeRef>`.
#[hook]
pub fn use_node() -> NodeRef {
    (*use_local(NodeRef::default)).clone()
}
