//! Display formatting of money, hourly rates and plain numbers. This is the only place where
//! amounts are rounded (docs/cost-model.md, "Units": full precision inside, rounding only for display).
//! Digit grouping comes from the `num-format` crate.

use num_format::{Locale, ToFormattedString};
use planner_engine::Currency;

/// Text shown instead of a number that cannot be shown (NaN, infinite, unknown).
pub const NOT_AVAILABLE: &str = "n/a";

/// Splits `value` rounded to `decimals` places (half away from zero) into sign, integer part and
/// fraction digits. `None` when `value` is not finite or too large to print exactly.
fn split(value: f64, decimals: u32) -> Option<(bool, u128, u128)> {
    if !value.is_finite() {
        return None;
    }
    let scale = 10f64.powi(decimals as i32);
    let scaled = (value.abs() * scale).round(); // f64::round: half away from zero
    if scaled >= 1e30 {
        return None;
    }
    let scaled = scaled as u128;
    let unit = 10u128.pow(decimals);
    Some((value < 0.0 && scaled > 0, scaled / unit, scaled % unit))
}

/// Formats `value` with `decimals` fraction digits and comma thousands separators, rounding half
/// away from zero: `number(23922.1, 2)` is `"23,922.10"`. Non-finite values give `"n/a"`.
#[must_use]
pub fn number(value: f64, decimals: u32) -> String {
    match split(value, decimals) {
        None => NOT_AVAILABLE.to_string(),
        Some((negative, int, frac)) => {
            let mut out = String::from(if negative { "-" } else { "" });
            out.push_str(&int.to_formatted_string(&Locale::en));
            if decimals > 0 {
                // The fraction's `decimals` digits (`frac < 10^decimals`), leading zeros
                // included, written by hand: `{frac:0width$}` of a u128 brings u128's Display
                // into the wasm.
                out.push('.');
                let at = out.len();
                let mut rest = frac;
                for _ in 0..decimals {
                    out.insert(at, char::from(b'0' + (rest % 10) as u8));
                    rest /= 10;
                }
            }
            out
        }
    }
}

/// Formats an amount of money to cents with its currency symbol: `"$23,922.10"`, `"¥1,234.50"`,
/// `"-$3.00"`. Non-finite amounts give `"n/a"`.
#[must_use]
pub fn money(amount: f64, currency: Currency) -> String {
    match split(amount, 2) {
        None => NOT_AVAILABLE.to_string(),
        Some(_) => {
            let digits = number(amount.abs(), 2);
            let sign = if amount < 0.0 && digits != "0.00" {
                "-"
            } else {
                ""
            };
            format!("{sign}{}{digits}", currency.symbol())
        }
    }
}

/// Formats an hourly rate with 4 fraction digits (docs/cost-model.md, "Units": hourly rates to 4 decimals),
/// e.g. `rate(4.09625, Usd)` is `"$4.0963"`. Non-finite rates give `"n/a"`.
#[must_use]
pub fn rate(per_hour: f64, currency: Currency) -> String {
    match split(per_hour, 4) {
        None => NOT_AVAILABLE.to_string(),
        Some(_) => format!("{}{}", currency.symbol(), number(per_hour, 4)),
    }
}

/// Formats an input value for a numeric field: the shortest decimal that reads back as the same
/// `f64` after rounding to 10 places, so three 0.1 steps show `0.3`, not `0.30000000000000004`.
#[must_use]
pub fn input_value(value: f64) -> String {
    if !value.is_finite() {
        return String::new();
    }
    let s = crate::float_text::fixed(value, 10);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    match s {
        // Too small for 10 decimals but not zero: show it as it is used (1e-300 ≠ 0).
        "0" | "-0" if value != 0.0 => crate::float_text::scientific(value),
        "-0" => "0".to_string(),
        _ => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_rounds_half_away_from_zero_and_groups() {
        assert_eq!(money(23_922.1, Currency::Usd), "$23,922.10");
        assert_eq!(money(287_065.2, Currency::Usd), "$287,065.20");
        assert_eq!(money(0.125, Currency::Usd), "$0.13");
        assert_eq!(money(-0.125, Currency::Usd), "-$0.13");
        assert_eq!(money(1_234.5, Currency::Cny), "¥1,234.50");
        assert_eq!(money(-0.001, Currency::Usd), "$0.00");
        assert_eq!(money(f64::NAN, Currency::Usd), "n/a");
        assert_eq!(money(f64::INFINITY, Currency::Usd), "n/a");
        assert_eq!(money(1e40, Currency::Usd), "n/a");
    }

    #[test]
    fn rates_keep_four_decimals() {
        assert_eq!(rate(4.09625, Currency::Usd), "$4.0963");
        assert_eq!(rate(0.0084, Currency::Usd), "$0.0084");
        assert_eq!(rate(f64::NAN, Currency::Usd), "n/a");
    }

    #[test]
    fn numbers_group_thousands() {
        assert_eq!(number(1_000_000.0, 0), "1,000,000");
        assert_eq!(number(-1234.5678, 2), "-1,234.57");
    }

    #[test]
    fn input_values_hide_float_noise() {
        assert_eq!(input_value(0.1 + 0.1 + 0.1), "0.3");
        assert_eq!(input_value(8.0), "8");
        assert_eq!(input_value(2.5), "2.5");
        assert_eq!(input_value(-0.0), "0");
        assert_eq!(input_value(1e-300), "1e-300");
        assert_eq!(input_value(f64::NAN), "");
    }
}
