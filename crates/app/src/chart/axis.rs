//! The charts' `f64` axis for plotters: plotters' own `RangedCoordf64` (same mapping and key
//! points) with a label formatter that does not use core's float formatting. Every chart gives
//! its axes their own label formatter or hides the axis, so [`Axis`]'s formatter never shows;
//! `RangedCoordf64`'s (plotters' `FloatPrettyPrinter`, `{:.N}` of an `f64`) was in the wasm
//! bundle only because plotters falls back to it.

use std::ops::Range;

use plotters::coord::ranged1d::{KeyPointHint, NoDefaultFormatting, Ranged, ValueFormatter};
use plotters::coord::types::RangedCoordf64;

/// A linear axis over an `f64` range, in data units.
#[derive(Clone)]
pub struct Axis(RangedCoordf64);

impl From<Range<f64>> for Axis {
    fn from(range: Range<f64>) -> Self {
        Axis(range.into())
    }
}

impl Ranged for Axis {
    type FormatOption = NoDefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.0.map(value, limit)
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        self.0.key_points(hint)
    }

    fn range(&self) -> Range<f64> {
        self.0.range()
    }

    fn axis_pixel_range(&self, limit: (i32, i32)) -> Range<i32> {
        self.0.axis_pixel_range(limit)
    }
}

impl ValueFormatter<f64> for Axis {
    /// The shortest decimal that reads back as `value` ([`planner_core::float_text::shortest`]).
    fn format(value: &f64) -> String {
        planner_core::float_text::shortest(*value)
    }
}
