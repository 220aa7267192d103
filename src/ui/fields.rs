//! The fixed part of the scenario card's and the assumptions card's sliders (id, label,
//! unit, accepted range, track end, step), one row each ([`SliderDef`]).

use super::slider::{SliderDef, Text};
use planner_app::msg;
use planner_app::validation::{
    CHECKPOINT_INTERVAL_SPEC, CNY_PER_USD_SPEC, CONTINGENCY_SPEC, DAYS_PER_WEEK_SPEC, GPUS_SPEC,
    HOURS_PER_DAY_SPEC, HOURS_SPEC, INTERRUPTIONS_SPEC, JOB_GPU_HOURS_SPEC, JOB_WITHIN_SPEC,
    MONTHS_SPEC, PER_GB_PRICE_SPEC, RATE_SPEC, SCALING_SPEC, SEED_SPEC, TRIALS_SPEC,
    VOLUME_GB_SPEC,
};

/// The `#job-gpu-hours-…` slider.
pub static JOB_GPU_HOURS: SliderDef = SliderDef {
    id: "job-gpu-hours",
    label: Text::Msg(msg!("ui-work")),
    unit: Text::Msg(msg!("ui-unit-reference-gpu-hours")),
    spec: JOB_GPU_HOURS_SPEC,
    slider_max: 200_000.0,
    step: 1_000.0,
};

/// The `#job-within-…` slider.
pub static JOB_WITHIN: SliderDef = SliderDef {
    id: "job-within",
    label: Text::Msg(msg!("ui-finish-within")),
    unit: Text::Msg(msg!("ui-unit-months")),
    spec: JOB_WITHIN_SPEC,
    slider_max: 24.0,
    step: 0.5,
};

/// The `#gpus-…` slider.
pub static GPUS: SliderDef = SliderDef {
    id: "gpus",
    label: Text::Msg(msg!("ui-gpus")),
    unit: Text::Msg(msg!("ui-unit-gpus")),
    spec: GPUS_SPEC,
    slider_max: 256.0,
    step: 1.0,
};

/// The `#scaling-efficiency-…` slider.
pub static SCALING_EFFICIENCY: SliderDef = SliderDef {
    id: "scaling-efficiency",
    label: Text::Msg(msg!("ui-scaling-efficiency")),
    unit: Text::Fixed("η (0–1)"),
    spec: SCALING_SPEC,
    slider_max: 1.0,
    step: 0.01,
};

/// The `#hours-per-day-…` slider.
pub static HOURS_PER_DAY: SliderDef = SliderDef {
    id: "hours-per-day",
    label: Text::Msg(msg!("ui-hours-per-day")),
    unit: Text::Msg(msg!("ui-unit-h-per-day")),
    spec: HOURS_PER_DAY_SPEC,
    slider_max: 24.0,
    step: 0.5,
};

/// The `#days-per-week-…` slider.
pub static DAYS_PER_WEEK: SliderDef = SliderDef {
    id: "days-per-week",
    label: Text::Msg(msg!("ui-days-per-week")),
    unit: Text::Msg(msg!("ui-unit-days-per-week")),
    spec: DAYS_PER_WEEK_SPEC,
    slider_max: 7.0,
    step: 0.5,
};

/// The `#months-…` slider.
pub static MONTHS: SliderDef = SliderDef {
    id: "months",
    label: Text::Msg(msg!("ui-months")),
    unit: Text::Msg(msg!("ui-unit-months")),
    spec: MONTHS_SPEC,
    slider_max: 120.0,
    step: 1.0,
};

/// The `#spot-interruptions-…` slider.
pub static SPOT_INTERRUPTIONS: SliderDef = SliderDef {
    id: "spot-interruptions",
    label: Text::Msg(msg!("ui-interruptions")),
    unit: Text::Msg(msg!("ui-unit-per-h")),
    spec: INTERRUPTIONS_SPEC,
    slider_max: 0.2,
    step: 0.005,
};

/// The `#checkpoint-interval-…` slider.
pub static CHECKPOINT_INTERVAL: SliderDef = SliderDef {
    id: "checkpoint-interval",
    label: Text::Msg(msg!("ui-checkpoint-every")),
    unit: Text::Msg(msg!("ui-unit-h")),
    spec: CHECKPOINT_INTERVAL_SPEC,
    slider_max: 24.0,
    step: 0.25,
};

/// The `#checkpoint-write-…` slider.
pub static CHECKPOINT_WRITE: SliderDef = SliderDef {
    id: "checkpoint-write",
    label: Text::Msg(msg!("ui-checkpoint-write")),
    unit: Text::Msg(msg!("ui-unit-h")),
    spec: HOURS_SPEC,
    slider_max: 2.0,
    step: 0.01,
};

/// The `#restart-…` slider.
pub static RESTART: SliderDef = SliderDef {
    id: "restart",
    label: Text::Msg(msg!("ui-restart-time")),
    unit: Text::Msg(msg!("ui-unit-h")),
    spec: HOURS_SPEC,
    slider_max: 4.0,
    step: 0.05,
};

/// The `#mc-trials-…` slider.
pub static MC_TRIALS: SliderDef = SliderDef {
    id: "mc-trials",
    label: Text::Msg(msg!("ui-mc-trials")),
    unit: Text::Msg(msg!("ui-unit-per-option")),
    spec: TRIALS_SPEC,
    slider_max: 20_000.0,
    step: 100.0,
};

/// The `#mc-seed-…` slider.
pub static MC_SEED: SliderDef = SliderDef {
    id: "mc-seed",
    label: Text::Msg(msg!("ui-mc-seed")),
    unit: Text::Fixed(""),
    spec: SEED_SPEC,
    slider_max: 100.0,
    step: 1.0,
};

/// DOM id prefix of the kept-storage slider (a `const` like the next: the translation check
/// reads a quoted `storage-…` after `id:` as a message id, but not after `=`).
const STORAGE_GB_ID: &str = "storage-gb";

/// DOM id prefix of the storage-price slider.
const STORAGE_PRICE_ID: &str = "storage-price";

/// The `#storage-gb-…` slider.
pub static STORAGE_GB: SliderDef = SliderDef {
    id: STORAGE_GB_ID,
    label: Text::Msg(msg!("ui-storage-kept")),
    unit: Text::Fixed("GB"),
    spec: VOLUME_GB_SPEC,
    slider_max: 10_000.0,
    step: 100.0,
};

/// The `#storage-price-…` slider.
pub static STORAGE_PRICE: SliderDef = SliderDef {
    id: STORAGE_PRICE_ID,
    label: Text::Msg(msg!("ui-storage-price")),
    unit: Text::Msg(msg!("ui-unit-per-gb-month")),
    spec: PER_GB_PRICE_SPEC,
    slider_max: 0.3,
    step: 0.005,
};

/// The `#egress-gb-…` slider.
pub static EGRESS_GB: SliderDef = SliderDef {
    id: "egress-gb",
    label: Text::Msg(msg!("ui-egress")),
    unit: Text::Msg(msg!("ui-unit-gb-per-month")),
    spec: VOLUME_GB_SPEC,
    slider_max: 10_000.0,
    step: 100.0,
};

/// The `#egress-price-…` slider.
pub static EGRESS_PRICE: SliderDef = SliderDef {
    id: "egress-price",
    label: Text::Msg(msg!("ui-egress-price")),
    unit: Text::Msg(msg!("ui-unit-per-gb")),
    spec: PER_GB_PRICE_SPEC,
    slider_max: 0.2,
    step: 0.005,
};

/// The `#contingency-…` slider.
pub static CONTINGENCY: SliderDef = SliderDef {
    id: "contingency",
    label: Text::Msg(msg!("ui-contingency")),
    unit: Text::Fixed("%"),
    spec: CONTINGENCY_SPEC,
    slider_max: 50.0,
    step: 1.0,
};

/// The `#cny-per-usd-…` slider.
pub static CNY_PER_USD: SliderDef = SliderDef {
    id: "cny-per-usd",
    label: Text::Msg(msg!("ui-exchange-rate-cny")),
    unit: Text::Fixed("CNY/USD"),
    spec: CNY_PER_USD_SPEC,
    slider_max: 10.0,
    step: 0.01,
};

/// The `#usd-per-cny-…` slider.
pub static USD_PER_CNY: SliderDef = SliderDef {
    id: "usd-per-cny",
    label: Text::Msg(msg!("ui-exchange-rate")),
    unit: Text::Fixed("USD/CNY"),
    spec: RATE_SPEC,
    slider_max: 0.2,
    step: 0.001,
};
