//! Text of an `f64` as Rust's formatting writes it (`{:.N}`, `{}`, `{:e}`; the reverse of
//! [`crate::decimal`]), computed from the number's exact value with small decimal big
//! integers instead of core's float formatting (Grisu and Dragon with their power-of-ten
//! tables, about 6 KB gzip of the wasm bundle, which the page needed only for a few strings).
//! Slower than core's (the exact value of a tiny number has hundreds of digits), fine for the
//! handful of numbers a page render prints this way. The tests compare every function with
//! Rust's `format!` on random bit patterns.

use std::cmp::Ordering;

/// A non-negative integer as decimal digits, least significant first, without high zeros
/// (zero is empty).
type Digits = Vec<u8>;

fn from_u64(mut n: u64) -> Digits {
    let mut d = Vec::new();
    while n > 0 {
        d.push((n % 10) as u8);
        n /= 10;
    }
    d
}

/// `d` × `f` (`f` below 2^32).
fn mul_small(d: &mut Digits, f: u64) {
    let mut carry = 0u64;
    for digit in d.iter_mut() {
        let v = u64::from(*digit) * f + carry;
        *digit = (v % 10) as u8;
        carry = v / 10;
    }
    while carry > 0 {
        d.push((carry % 10) as u8);
        carry /= 10;
    }
}

/// `d` × `base`^`k` (`base` 2 or 5), twelve factors at a time.
fn mul_pow(d: &mut Digits, base: u64, mut k: u32) {
    while k > 0 {
        let step = k.min(12);
        mul_small(d, base.pow(step));
        k -= step;
    }
}

fn cmp(a: &[u8], b: &[u8]) -> Ordering {
    a.len()
        .cmp(&b.len())
        .then_with(|| a.iter().rev().cmp(b.iter().rev()))
}

/// Drops high zeros.
fn trim(d: &mut Digits) {
    while d.last() == Some(&0) {
        d.pop();
    }
}

/// Adds 1 at digit `place` (10^`place`).
fn add_unit(d: &mut Digits, place: usize) {
    if d.len() <= place {
        d.resize(place + 1, 0);
    }
    let mut i = place;
    loop {
        if i == d.len() {
            d.push(1);
            return;
        }
        if d[i] == 9 {
            d[i] = 0;
            i += 1;
        } else {
            d[i] += 1;
            return;
        }
    }
}

/// `n` × 2^`exp` exactly, as digits of that value × 10^`max(0, -exp)`.
fn exact(n: u64, exp: i32) -> Digits {
    let mut d = from_u64(n);
    if exp >= 0 {
        mul_pow(&mut d, 2, exp.unsigned_abs());
    } else {
        mul_pow(&mut d, 5, exp.unsigned_abs());
    }
    d
}

/// Sign, integer mantissa and power of two of a finite `x` (`x` = ± mantissa × 2^exponent), as
/// `f64::integer_decode` did: a subnormal's mantissa is doubled and its exponent is −1075.
fn decode(x: f64) -> (bool, u64, i32) {
    let bits = x.to_bits();
    let negative = bits >> 63 == 1;
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & 0x000f_ffff_ffff_ffff;
    let mantissa = if biased == 0 {
        fraction << 1
    } else {
        fraction | 0x0010_0000_0000_0000
    };
    (negative, mantissa, biased - 1075)
}

/// Text of a NaN or infinite `x` as Rust writes it, else `None`.
fn not_finite(x: f64) -> Option<&'static str> {
    if x.is_nan() {
        Some("NaN")
    } else if x.is_infinite() {
        Some(if x < 0.0 { "-inf" } else { "inf" })
    } else {
        None
    }
}

/// `x` with exactly `places` decimals, rounded half to even on its exact value: what
/// `format!("{x:.places$}")` writes (`-0.0` keeps its sign, as there; `NaN`, `inf`, `-inf`).
#[must_use]
pub fn fixed(x: f64, places: u32) -> String {
    if let Some(s) = not_finite(x) {
        return s.to_string();
    }
    let (negative, mantissa, exp) = decode(x);
    let scale = exp.min(0).unsigned_abs();
    let mut d = exact(mantissa, exp);
    if scale > places {
        // Drop `cut` digits, rounding half to even.
        let cut = (scale - places) as usize;
        if d.len() < cut {
            d.clear();
        } else {
            let dropped: Vec<u8> = d.drain(..cut).collect();
            let first = dropped.last().copied().unwrap_or(0);
            let rest_zero = dropped[..cut - 1].iter().all(|&v| v == 0);
            let odd = d.first().is_some_and(|v| v % 2 == 1);
            if first > 5 || (first == 5 && (!rest_zero || odd)) {
                add_unit(&mut d, 0);
            }
        }
    } else {
        let pad = (places - scale) as usize;
        d.splice(0..0, std::iter::repeat_n(0, pad));
    }
    trim(&mut d);
    let places = places as usize;
    if d.len() <= places {
        d.resize(places + 1, 0);
    }
    let mut out = String::with_capacity(d.len() + 2);
    if negative {
        out.push('-');
    }
    for (i, v) in d.iter().enumerate().rev() {
        out.push(char::from(b'0' + v));
        if i == places && places > 0 {
            out.push('.');
        }
    }
    out
}

/// The shortest digits that read back as `x` (finite), closest to `x` among those (ties away
/// from zero): sign, digits (most significant first, no trailing zeros; empty for zero) and
/// `point` with |x| ≈ 0.DIGITS × 10^point. The method of Dragon4 (Steele & White 1990) as in
/// core's `flt2dec::strategy::dragon::format_shortest`, on exact decimal values.
fn shortest_digits(x: f64) -> (bool, Vec<u8>, i32) {
    let (negative, mantissa, exp) = decode(x);
    if mantissa == 0 {
        return (negative, Vec::new(), 1);
    }
    // Interval of numbers that read back as x: (mant − minus, mant + plus) × 2^e, closed when
    // the mantissa is even (reading rounds half to even). A normal power of two has a nearer
    // neighbour below.
    let inclusive = mantissa % 2 == 0;
    let (mant, minus, plus, e) = if exp > -1075 && mantissa == 1 << 52 {
        (mantissa << 2, 1, 2, exp - 2)
    } else if exp > -1075 {
        (mantissa << 1, 1, 1, exp - 1)
    } else {
        (mantissa, 1, 1, exp)
    };
    let scale = e.min(0).unsigned_abs() as i32;
    let v = exact(mant, e);
    let low = exact(mant - minus, e);
    let high = exact(mant + plus, e);
    let below = |a: &[u8], b: &[u8]| {
        let o = cmp(a, b);
        o == Ordering::Less || (inclusive && o == Ordering::Equal)
    };
    let len = v.len();
    for k in 1..=len {
        let cut = len - k;
        let mut down = v.clone();
        down[..cut].iter_mut().for_each(|d| *d = 0);
        trim(&mut down);
        let mut up = down.clone();
        add_unit(&mut up, cut);
        let down_ok = below(&low, &down);
        let up_ok = below(&up, &high);
        if down_ok || up_ok {
            let half_or_more = cut > 0 && v[cut - 1] >= 5;
            let chosen = if up_ok && (!down_ok || half_or_more) {
                up
            } else {
                down
            };
            let point = chosen.len() as i32 - scale;
            let mut digits: Vec<u8> = chosen.into_iter().rev().collect();
            while digits.last() == Some(&0) {
                digits.pop();
            }
            return (negative, digits, point);
        }
    }
    // Not reached: with every digit kept, `down` is x itself, inside its interval.
    let point = len as i32 - scale;
    (negative, v.into_iter().rev().collect(), point)
}

/// `x` as `format!("{x}")` writes it: the shortest digits that read back as `x`, in plain
/// decimal notation (`0.1`, `100`, `0.30000000000000004`, `-0`, `NaN`, `inf`).
#[must_use]
pub fn shortest(x: f64) -> String {
    if let Some(s) = not_finite(x) {
        return s.to_string();
    }
    let (negative, digits, point) = shortest_digits(x);
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    let text = |d: &[u8]| d.iter().map(|&v| char::from(b'0' + v)).collect::<String>();
    if digits.is_empty() {
        out.push('0');
    } else if point <= 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', point.unsigned_abs() as usize));
        out.push_str(&text(&digits));
    } else if point as usize >= digits.len() {
        out.push_str(&text(&digits));
        out.extend(std::iter::repeat_n('0', point as usize - digits.len()));
    } else {
        out.push_str(&text(&digits[..point as usize]));
        out.push('.');
        out.push_str(&text(&digits[point as usize..]));
    }
    out
}

/// `x` as `format!("{x:e}")` writes it: the shortest digits that read back as `x` in
/// scientific notation (`1e-300`, `1.5e20`, `0e0`, `NaN`, `inf`).
#[must_use]
pub fn scientific(x: f64) -> String {
    if let Some(s) = not_finite(x) {
        return s.to_string();
    }
    let (negative, digits, point) = shortest_digits(x);
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    if digits.is_empty() {
        out.push_str("0e0");
        return out;
    }
    out.push(char::from(b'0' + digits[0]));
    if digits.len() > 1 {
        out.push('.');
        out.extend(digits[1..].iter().map(|&v| char::from(b'0' + v)));
    }
    out.push('e');
    let exp = point - 1;
    if exp < 0 {
        out.push('-');
    }
    out.push_str(&exp.unsigned_abs().to_string());
    out
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const SAMPLES: &[f64] = &[
        0.0,
        -0.0,
        0.5,
        1.5,
        2.5,
        -2.5,
        0.25,
        0.35,
        0.1,
        0.3,
        1.0,
        100.0,
        1e16,
        1e-7,
        123456.0,
        0.00048828125,
        1e-300,
        1.5e20,
        5e-324,
        f64::MIN_POSITIVE,
        f64::MAX,
        f64::MIN,
        f64::EPSILON,
        9.5,
        99.95,
        0.125,
        1234.5678,
        320000.0000000001,
        2.675,
        -12.345,
        1.0 / 3.0,
        9007199254740993.0,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ];

    fn check(x: f64) {
        assert_eq!(shortest(x), format!("{x}"), "{{}} of {:?}", x.to_bits());
        assert_eq!(
            scientific(x),
            format!("{x:e}"),
            "{{:e}} of {:?}",
            x.to_bits()
        );
        for places in [0, 1, 2, 4, 10] {
            assert_eq!(
                fixed(x, places),
                format!("{x:.*}", places as usize),
                "{{:.{places}}} of {:?}",
                x.to_bits()
            );
        }
    }

    #[test]
    fn formats_as_rust_on_chosen_values() {
        for &x in SAMPLES {
            check(x);
            check(x.next_up());
            check(x.next_down());
        }
        for k in -30..=30 {
            let p = 10f64.powi(k);
            check(p);
            check(2f64.powi(k * 10));
            check(2f64.powi(k * 10).next_down());
        }
    }

    proptest! {
        #[test]
        fn formats_as_rust_on_random_bits(bits in any::<u64>()) {
            check(f64::from_bits(bits));
        }

        #[test]
        fn formats_as_rust_on_short_decimals(n in -10_000_000i64..10_000_000, k in 0i32..12) {
            check(n as f64 / 10f64.powi(k));
        }
    }
}
