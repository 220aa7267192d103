//! The cumulative chart's P10–P90 risk bands, kept off the critical path of a slider move: a
//! change repaints the lines at once; the bands whose inputs changed are computed afterwards
//! (the scenario's Monte-Carlo trials each, `Scenario::monte_carlo`), starting in the task after the
//! next frame, as many options per task as fit in a short time budget, and shown together
//! when the last one is done. Bands already computed for the same inputs (an unchanged option,
//! or a slider moved back) are reused from a small cache.

use gloo::timers::callback::Timeout;
use planner_app::state::evaluate::{BandInput, BandRun};
use planner_app::state::Scenario;
use planner_engine::montecarlo::Band;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// User Timing measure of one option's band work in one task (`performance.measure`,
/// milliseconds): the whole band when it fits in the task's budget, else each slice of it.
pub const MEASURE_RISK_BAND: &str = "risk-band";

/// Bands kept for reuse (each about 1 KB of inputs and 36 × 24 bytes of band per 36 months).
const CACHE_ENTRIES: usize = 64;

/// The bands to draw now, by option position (`None`: no risk, or not computed yet), and how
/// many options' bands are still being computed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RiskBands {
    /// P10/P50/P90 per month end, per option.
    pub bands: Vec<Option<Vec<Band>>>,
    /// Options with interruption risk whose band is not in `bands` yet.
    pub pending: usize,
}

/// Computed bands by their inputs (`None`: the engine refused), oldest first.
type Cache = Vec<(BandInput, Option<Rc<Vec<Band>>>)>;

/// What the cache knows about `inputs`: the bands to show now and the positions still missing.
fn known(cache: &Cache, inputs: &[Option<BandInput>]) -> (RiskBands, Vec<usize>) {
    let mut missing = Vec::new();
    let bands = inputs
        .iter()
        .enumerate()
        .map(|(i, input)| {
            let input = input.as_ref()?;
            match cache.iter().find(|(k, _)| k == input) {
                Some((_, band)) => band.as_ref().map(|b| (**b).clone()),
                None => {
                    missing.push(i);
                    None
                }
            }
        })
        .collect();
    let pending = missing.len();
    (RiskBands { bands, pending }, missing)
}

/// Runs `then` in the task after the next animation frame (so the frame with the new lines is
/// painted first). Dropping the returned guard cancels it. `None` without a window.
pub(crate) struct AfterPaint {
    frame: Option<i32>,
    _on_frame: Closure<dyn FnMut()>,
    timeout: Rc<RefCell<Option<Timeout>>>,
}

impl AfterPaint {
    pub(crate) fn new(then: impl FnOnce() + 'static) -> Option<Self> {
        let timeout = Rc::new(RefCell::new(None));
        let slot = timeout.clone();
        let mut then = Some(then);
        let on_frame = Closure::<dyn FnMut()>::new(move || {
            if let Some(then) = then.take() {
                *slot.borrow_mut() = Some(Timeout::new(0, then));
            }
        });
        let frame = web_sys::window()?
            .request_animation_frame(on_frame.as_ref().unchecked_ref())
            .ok()?;
        Some(Self {
            frame: Some(frame),
            _on_frame: on_frame,
            timeout,
        })
    }
}

impl Drop for AfterPaint {
    fn drop(&mut self) {
        if let (Some(id), Some(w)) = (self.frame.take(), web_sys::window()) {
            // Cancelling a frame that already ran does nothing.
            let _ = w.cancel_animation_frame(id);
        }
        self.timeout.borrow_mut().take();
    }
}

/// Longest a task keeps computing bands before it yields to input and rendering, in
/// milliseconds (one option's 10,000 trials take about 1 ms in wasm, so several options fit in
/// one task; a larger run, such as 100,000 trials or a job with many exact interruption draws,
/// is split over tasks: the engine's run checks the clock every few hundred trials,
/// [`planner_engine::montecarlo::MonteCarloRun::step`]).
const TASK_BUDGET_MS: f64 = 8.0;

/// Computes the bands of the positions in `missing`, last first, caching each, until none is
/// left or [`TASK_BUDGET_MS`] has passed, then schedules the rest in a new task (an option's
/// run stopped in the middle, `current`, goes on there); calls `done` once the last is cached.
/// `chain` holds the pending task, so emptying it (a new scenario) stops the work.
fn step(
    cache: Rc<RefCell<(Cache, u32)>>,
    inputs: Rc<Vec<Option<BandInput>>>,
    mut missing: Vec<usize>,
    mut current: Option<(BandInput, BandRun)>,
    done: Rc<dyn Fn()>,
    chain: Rc<RefCell<Option<Timeout>>>,
) {
    let clock = web_sys::window().and_then(|w| w.performance());
    let now = || clock.as_ref().map_or(0.0, web_sys::Performance::now);
    let start = now();
    // Without a clock, each task goes on at its first check and stops at the next.
    let mut first = true;
    let mut keep_going = || match &clock {
        Some(_) => now() - start < TASK_BUDGET_MS,
        None => std::mem::take(&mut first),
    };
    loop {
        // The option whose run goes on, else the next missing one with interruption risk.
        let (_, run) = match &mut current {
            Some(c) => c,
            None => {
                let Some(i) = missing.pop() else { break };
                let Some(input) = inputs.get(i).cloned().flatten() else {
                    continue;
                };
                let run = input.start();
                current.insert((input, run))
            }
        };
        let band = crate::web::timed(MEASURE_RISK_BAND, || run.step(&mut keep_going));
        let Some(band) = band else {
            // Out of time in the middle of this option's run.
            break;
        };
        let c = &mut cache.borrow_mut().0;
        if c.len() >= CACHE_ENTRIES {
            c.remove(0);
        }
        if let Some((input, _)) = current.take() {
            c.push((input, band.map(Rc::new)));
        }
        if !keep_going() {
            break;
        }
    }
    if missing.is_empty() && current.is_none() {
        done();
        return;
    }
    let next = chain.clone();
    *chain.borrow_mut() = Some(Timeout::new(0, move || {
        step(cache, inputs, missing, current, done, next);
    }));
}

/// The bands of `scenario`'s options with interruption risk, as far as computed: bands of
/// unchanged inputs at once (no extra render), the others after the next frame (see the
/// module docs).
#[hook]
pub fn use_risk_bands(scenario: &Scenario) -> Rc<RiskBands> {
    // Computed bands, and how many batches were cached (the lookup below is redone after each).
    let store = crate::ui::hooks::use_cell(|| (Cache::new(), 0u32));
    let rerender = use_force_update();
    let batches = store.borrow().1;
    let looked_up = {
        let store = store.clone();
        crate::ui::hooks::use_memo_on((scenario.clone(), batches), move |(s, _)| {
            let inputs = Rc::new(s.band_inputs());
            let (bands, missing) = known(&store.borrow().0, &inputs);
            (inputs, Rc::new(bands), missing)
        })
    };
    let bands = looked_up.1.clone();
    crate::ui::hooks::use_effect_on(
        looked_up,
        Box::new(move |looked_up| {
            let (inputs, _, missing) = &**looked_up;
            let chain = Rc::new(RefCell::new(None::<Timeout>));
            let start = (!missing.is_empty()).then(|| {
                let (chain, inputs, missing) = (chain.clone(), inputs.clone(), missing.clone());
                let cache = store.clone();
                let done: Rc<dyn Fn()> = Rc::new(move || {
                    let mut s = store.borrow_mut();
                    s.1 = s.1.wrapping_add(1);
                    drop(s);
                    rerender.force_update();
                });
                AfterPaint::new(move || step(cache, inputs, missing, None, done, chain))
            });
            Box::new(move || {
                drop(start);
                chain.borrow_mut().take();
            })
        }),
    );
    bands
}
