//! Validation of numbers typed into the scenario's fields. Every rejection is a message shown
//! next to the field; the last valid value stays in force (docs/cost-model.md, "Bad input").

use thiserror::Error;

/// What a numeric field accepts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NumberSpec {
    /// Smallest accepted value (inclusive).
    pub min: f64,
    /// Largest accepted value (inclusive).
    pub max: f64,
    /// Whether only whole numbers are accepted (GPU counts, months).
    pub integer: bool,
    /// Smallest accepted value above 0 when 0 itself is accepted (0.0 = no such rule): hours
    /// per day may be 0 (nothing runs) or at least one second, as the engine requires
    /// (`engine::plan::Plan::validate`).
    pub min_positive: f64,
}

impl NumberSpec {
    /// The smallest value above 0 the field accepts: [`NumberSpec::min_positive`], and never
    /// below [`SMALLEST_POSITIVE`].
    #[must_use]
    pub fn smallest_positive(&self) -> f64 {
        self.min_positive.max(SMALLEST_POSITIVE)
    }
}

/// Why a typed value was rejected: the user's own text where it is quoted back (data), the
/// field's bounds as numbers. `Display` is the English text (tests, the command line); the page
/// shows planner-app's translated message.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum InputError {
    /// Nothing was typed.
    #[error("enter a number")]
    Empty,
    /// A comma was used as the decimal separator ("1,5"): rejected rather than read as 15. The
    /// user's text with a dot instead.
    #[error("use a dot for decimals, e.g. {0}")]
    DecimalComma(String),
    /// Commas that may be thousands separators ("1,000", "12,345.6"): not read as either; the
    /// text without them (`plain`) and with a dot for the comma (`dotted`, when that is a
    /// number) are suggested.
    #[error("write numbers without thousands separators, e.g. {plain}{}", .dotted.as_ref().map(|d| format!(" (or {d} for a decimal)")).unwrap_or_default())]
    GroupedDigits {
        /// The text without its commas.
        plain: String,
        /// The text with its one comma as a decimal dot, if it has one comma and no dot.
        dotted: Option<String>,
    },
    /// The text is not a number (the user's text, shortened).
    #[error("\"{0}\" is not a number")]
    NotANumber(String),
    /// The number overflows (e.g. 1e400) or is NaN/infinite.
    #[error("the number is too large")]
    NotFinite,
    /// A fraction was typed where only whole numbers make sense.
    #[error("enter a whole number")]
    NotInteger,
    /// Below the minimum (the field's minimum).
    #[error("must be at least {}", crate::format::input_value(*.0))]
    TooSmall(f64),
    /// Above the maximum (the field's maximum).
    #[error("must be at most {}", crate::format::input_value(*.0))]
    TooLarge(f64),
    /// Above 0 but below [`NumberSpec::min_positive`] (which is given).
    #[error("must be 0 or at least {}", crate::format::input_value(*.0))]
    ZeroOrAtLeast(f64),
}

/// Longest piece of the user's text quoted back in a message, in characters.
const ECHO_CHARS: usize = 24;

/// The user's text as quoted in a message: cut to [`ECHO_CHARS`] with an ellipsis, so a pasted
/// essay cannot stretch the page.
fn echo(text: &str) -> String {
    if text.chars().count() > ECHO_CHARS {
        format!("{}…", text.chars().take(ECHO_CHARS).collect::<String>())
    } else {
        text.to_string()
    }
}

/// `text` with full-width ASCII forms (U+FF01–U+FF5E, what a Chinese or Japanese input method
/// types in full-width mode: `１２．５`) as their ASCII characters, as Unicode's compatibility
/// mapping (NFKC) gives them.
fn half_width(text: &str) -> std::borrow::Cow<'_, str> {
    if text.chars().any(|c| ('\u{FF01}'..='\u{FF5E}').contains(&c)) {
        text.chars()
            .map(|c| {
                if ('\u{FF01}'..='\u{FF5E}').contains(&c) {
                    char::from_u32(u32::from(c) - 0xFEE0).unwrap_or(c)
                } else {
                    c
                }
            })
            .collect::<String>()
            .into()
    } else {
        text.into()
    }
}

/// Whether `t` is digits grouped in threes by commas (`1,000`, `-12,345.6`), as an English
/// writer groups thousands: 1 to 3 digits, then groups of `,ddd`, then an optional fraction.
fn is_grouped(t: &str) -> bool {
    let t = t.strip_prefix(['-', '+']).unwrap_or(t);
    let whole = t.split_once('.').map_or(t, |(w, f)| {
        if f.bytes().all(|b| b.is_ascii_digit()) {
            w
        } else {
            ""
        }
    });
    let mut groups = whole.split(',');
    let first = groups.next().unwrap_or_default();
    let digits = |g: &str| g.bytes().all(|b| b.is_ascii_digit());
    whole.contains(',')
        && (1..=3).contains(&first.len())
        && digits(first)
        && groups.all(|g| g.len() == 3 && digits(g))
}

/// Parses `text` as a number accepted by `spec`. Surrounding spaces are ignored, full-width
/// digits and signs (`１２`, `1．5`, from an input method in full-width mode) read as their
/// ASCII forms; `"1,5"` is rejected with a hint to write `1.5` (never read as 15); `"1e400"`
/// is rejected as too large.
pub fn parse_number(text: &str, spec: NumberSpec) -> Result<f64, InputError> {
    // Messages quote what the user typed, full-width or not.
    let typed = text.trim();
    let half = half_width(typed);
    let t = half.as_ref();
    if t.is_empty() {
        return Err(InputError::Empty);
    }
    if is_grouped(t) {
        let dotted = (t.matches(',').count() == 1 && !t.contains('.')).then(|| t.replace(',', "."));
        return Err(InputError::GroupedDigits {
            plain: t.replace(',', ""),
            dotted,
        });
    }
    if t.contains(',') {
        let dotted = t.replace(',', ".");
        return Err(if crate::decimal::parse_f64(&dotted).is_some() {
            InputError::DecimalComma(dotted)
        } else {
            InputError::NotANumber(echo(typed))
        });
    }
    // Rust accepts "inf", "NaN" and "infinity": those are not numbers a person means here.
    let looks_numeric = t
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E'));
    let value: f64 = if looks_numeric {
        crate::decimal::parse_f64(t).ok_or_else(|| InputError::NotANumber(echo(typed)))?
    } else {
        return Err(InputError::NotANumber(echo(typed)));
    };
    if !value.is_finite() {
        return Err(InputError::NotFinite);
    }
    if spec.integer && value.fract() != 0.0 {
        return Err(InputError::NotInteger);
    }
    // A NaN bound refuses every value instead of accepting all (found by fuzzing).
    if spec.min.is_nan() || value < spec.min {
        return Err(InputError::TooSmall(spec.min));
    }
    if spec.max.is_nan() || value > spec.max {
        return Err(InputError::TooLarge(spec.max));
    }
    let floor = spec.smallest_positive();
    if value > 0.0 && value < floor {
        return Err(InputError::ZeroOrAtLeast(floor));
    }
    Ok(value)
}

/// The smallest positive value any field accepts: below it (`1e-320`, a subnormal number) a
/// value is stored inexactly (it reads back as `9.88e-321`) and rates derived from it overflow
/// (Young's interval `√(2c/λ)`), so 0 or at least this is asked for instead.
pub const SMALLEST_POSITIVE: f64 = 1e-300;

#[cfg(test)]
mod tests {
    use super::*;

    const GPUS: NumberSpec = NumberSpec {
        min: 1.0,
        max: 1024.0,
        integer: true,
        min_positive: 0.0,
    };
    const HOURS: NumberSpec = NumberSpec {
        min: 0.0,
        max: 24.0,
        integer: false,
        min_positive: 0.0,
    };

    #[test]
    fn accepts_plain_numbers() {
        assert_eq!(parse_number("8", GPUS), Ok(8.0));
        assert_eq!(parse_number(" 12 ", GPUS), Ok(12.0));
        assert_eq!(parse_number("1.5", HOURS), Ok(1.5));
        let day = NumberSpec {
            min_positive: 0.001,
            ..HOURS
        };
        assert_eq!(parse_number("0", day), Ok(0.0));
        assert_eq!(parse_number("0.001", day), Ok(0.001));
        assert_eq!(
            parse_number("0.0001", day),
            Err(InputError::ZeroOrAtLeast(0.001))
        );
        assert_eq!(
            parse_number("1e-320", day).map_err(|e| e.to_string()),
            Err("must be 0 or at least 0.001".into())
        );
        assert_eq!(parse_number("2e1", HOURS), Ok(20.0));
        // Subnormal numbers are refused in every field (found by a new user: 1e-320 as a
        // failure rate overflowed the interruption model; as days a week it read back as
        // 9.88e-321).
        assert_eq!(
            parse_number("1e-320", HOURS),
            Err(InputError::ZeroOrAtLeast(SMALLEST_POSITIVE))
        );
        assert_eq!(
            parse_number("1e-320", HOURS).map_err(|e| e.to_string()),
            Err("must be 0 or at least 1e-300".into())
        );
        assert_eq!(parse_number("1e-300", HOURS), Ok(1e-300));
        assert_eq!(parse_number("0", HOURS), Ok(0.0));
    }

    #[test]
    fn reads_full_width_digits_and_signs_as_ascii() {
        // What a Chinese input method types in full-width mode.
        assert_eq!(parse_number("８", GPUS), Ok(8.0));
        assert_eq!(parse_number("　１２　", GPUS), Ok(12.0));
        assert_eq!(parse_number("1．5", HOURS), Ok(1.5));
        assert_eq!(parse_number("１ｅ1", HOURS), Ok(10.0));
        assert_eq!(
            parse_number("1，5", HOURS),
            Err(InputError::DecimalComma("1.5".into()))
        );
        assert_eq!(parse_number("－1", GPUS), Err(InputError::TooSmall(1.0)));
        assert_eq!(
            parse_number("１２ａｂｃ", GPUS),
            Err(InputError::NotANumber("１２ａｂｃ".into()))
        );
    }

    #[test]
    fn rejects_bad_input_with_messages() {
        assert_eq!(parse_number("", GPUS), Err(InputError::Empty));
        assert_eq!(parse_number("   ", GPUS), Err(InputError::Empty));
        assert_eq!(
            parse_number("abc", GPUS),
            Err(InputError::NotANumber("abc".into()))
        );
        assert_eq!(parse_number("-5", GPUS), Err(InputError::TooSmall(1.0)));
        assert_eq!(parse_number("1e400", GPUS), Err(InputError::NotFinite));
        assert_eq!(
            parse_number("1,5", HOURS),
            Err(InputError::DecimalComma("1.5".into()))
        );
        assert_eq!(parse_number("1.5", GPUS), Err(InputError::NotInteger));
        assert_eq!(parse_number("25", HOURS), Err(InputError::TooLarge(24.0)));
        let essay = "x".repeat(5000);
        assert_eq!(
            parse_number(&essay, HOURS),
            Err(InputError::NotANumber(format!("{}…", "x".repeat(24))))
        );
        for t in ["NaN", "inf", "-infinity", "0x10", "1_000"] {
            assert!(parse_number(t, HOURS).is_err(), "{t}");
        }
        assert_eq!(
            InputError::DecimalComma("1.5".into()).to_string(),
            "use a dot for decimals, e.g. 1.5"
        );
    }

    #[test]
    fn digits_grouped_by_commas_are_not_read_as_a_decimal() {
        // Found by a new user: "1,000" was told "use a dot for decimals, e.g. 1.000".
        let big = NumberSpec { max: 1e9, ..HOURS };
        assert_eq!(
            parse_number("1,000", big),
            Err(InputError::GroupedDigits {
                plain: "1000".into(),
                dotted: Some("1.000".into())
            })
        );
        assert_eq!(
            parse_number("1,000", big).map_err(|e| e.to_string()),
            Err(
                "write numbers without thousands separators, e.g. 1000 (or 1.000 for a decimal)"
                    .into()
            )
        );
        assert_eq!(
            parse_number("-12,345,678.5", big),
            Err(InputError::GroupedDigits {
                plain: "-12345678.5".into(),
                dotted: None
            })
        );
        assert_eq!(
            parse_number("１，０００", big),
            Err(InputError::GroupedDigits {
                plain: "1000".into(),
                dotted: Some("1.000".into())
            })
        );
        for t in ["1,5", "1,0000", "1000,000", ",000", "1,00"] {
            assert!(
                matches!(
                    parse_number(t, big),
                    Err(InputError::DecimalComma(_) | InputError::NotANumber(_))
                ),
                "{t}"
            );
        }
    }
}
