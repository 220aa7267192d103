//! The number-field parser (`input::parse_number`) on arbitrary text and bounds: never panics,
//! an accepted value is finite, within the bounds and whole when asked, and no message shows
//! NaN or infinity unless the user typed it.
#![no_main]

use arbitrary::Arbitrary;
use planner_core::input::{parse_number, NumberSpec};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
struct Input<'a> {
    text: &'a str,
    min: f64,
    max: f64,
    integer: bool,
    min_positive: f64,
}

fuzz_target!(|i: Input<'_>| {
    let spec = NumberSpec {
        min: i.min,
        max: i.max,
        integer: i.integer,
        min_positive: i.min_positive,
    };
    match parse_number(i.text, spec) {
        Ok(v) => {
            assert!(v.is_finite(), "{v}");
            assert!(
                v >= i.min && v <= i.max,
                "{v} outside {}..={}",
                i.min,
                i.max
            );
            if i.integer {
                assert_eq!(v.fract(), 0.0);
            }
            assert!(!(v > 0.0 && v < i.min_positive), "{v} below {}", i.min_positive);
        }
        Err(e) => {
            let msg = e.to_string();
            assert!(!msg.is_empty());
            // Bounds are finite in every real field; only then must messages be clean.
            if i.min.is_finite()
                && i.max.is_finite()
                && i.min_positive.is_finite()
                && !i.text.to_lowercase().contains("inf")
                && !i.text.to_lowercase().contains("nan")
            {
                assert!(!msg.contains("NaN") && !msg.contains("inf"), "{msg}");
            }
        }
    }
});
