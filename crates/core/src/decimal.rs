//! Decimal text to `f64`, correctly rounded (round half to even), with exactly the grammar and
//! results of `str::parse::<f64>` (tested against it). Every decimal number the page reads
//! goes through [`parse_f64`]: typed fields, the bundled catalog, scenario files, imported
//! price lists. The standard library's parser carries a 10 KB table of powers of five that
//! gzip cannot shrink; this one takes Clinger's exact fast path (at most 2^53 as the digits,
//! at most 22 as the power of ten: one correctly rounded product or quotient, "How to Read
//! Floating Point Numbers Accurately", PLDI 1990), then exact 128-bit integer arithmetic for up
//! to 19 digits, and otherwise big integers, which only long or extreme inputs need.

/// `text` as `f64`, as `text.parse::<f64>().ok()` reads it: an optional sign, then digits with
/// an optional `.` (at least one digit) and an optional exponent (`e`/`E`, optional sign,
/// digits), or `inf`/`infinity`/`nan` in any case. No spaces, no `_`. Too large a value is
/// infinite, too small a value is zero (with its sign), as in the standard library.
#[must_use]
pub fn parse_f64(text: &str) -> Option<f64> {
    let b = text.as_bytes();
    let (negative, rest) = match b.first() {
        Some(b'-') => (true, &b[1..]),
        Some(b'+') => (false, &b[1..]),
        _ => (false, b),
    };
    let sign = |x: f64| if negative { -x } else { x };
    for (word, value) in [
        (&b"inf"[..], f64::INFINITY),
        (b"infinity", f64::INFINITY),
        (b"nan", f64::NAN),
    ] {
        if rest.eq_ignore_ascii_case(word) {
            return Some(sign(value));
        }
    }
    let (digits, exponent) = split(rest)?;
    Some(sign(value(&digits, exponent)))
}

/// The significant digits (no leading zeros, as values 0–9) and the power of ten they are
/// multiplied by, or `None` when `b` is not a decimal number.
fn split(b: &[u8]) -> Option<(Vec<u8>, i64)> {
    let mut digits = Vec::new();
    let mut exponent: i64 = 0;
    let mut seen_digit = false;
    let mut i = 0;
    let mut dot = false;
    while i < b.len() {
        match b[i] {
            c @ b'0'..=b'9' => {
                seen_digit = true;
                if !(digits.is_empty() && c == b'0') {
                    digits.push(c - b'0');
                }
                if dot {
                    exponent -= 1;
                }
            }
            b'.' if !dot => dot = true,
            b'e' | b'E' => break,
            _ => return None,
        }
        i += 1;
    }
    if !seen_digit {
        return None;
    }
    if i < b.len() {
        // The exponent: `e`, an optional sign, at least one digit (saturating: the value is
        // zero or infinite long before the exponent overflows).
        let mut j = i + 1;
        let negative = match b.get(j) {
            Some(b'-') => {
                j += 1;
                true
            }
            Some(b'+') => {
                j += 1;
                false
            }
            _ => false,
        };
        if j == b.len() {
            return None;
        }
        let mut e: i64 = 0;
        for &c in &b[j..] {
            if !c.is_ascii_digit() {
                return None;
            }
            e = (e * 10 + i64::from(c - b'0')).min(1 << 40);
        }
        exponent += if negative { -e } else { e };
    }
    // Leading zeros after the point were counted in the exponent but not kept; trailing
    // zeros move into the exponent.
    while digits.last() == Some(&0) {
        digits.pop();
        exponent += 1;
    }
    Some((digits, exponent))
}

/// Exact powers of ten as `f64` (10^22 is the largest one exactly representable).
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// The digits × 10^`exponent`, correctly rounded; zero for no digits.
fn value(digits: &[u8], exponent: i64) -> f64 {
    if digits.is_empty() {
        return 0.0;
    }
    // The value lies in [10^(n+e-1), 10^(n+e)): far outside f64's range it is 0 or ∞.
    let magnitude = digits.len() as i64 + exponent;
    if magnitude > 310 {
        return f64::INFINITY;
    }
    if magnitude < -330 {
        return 0.0;
    }
    if digits.len() <= 15 && (-22..=22).contains(&exponent) {
        // Clinger's fast path: both operands exact, so the one rounding is correct.
        let w = digits.iter().fold(0u64, |a, &d| a * 10 + u64::from(d)) as f64;
        #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
        let p = POW10[exponent.unsigned_abs() as usize];
        return if exponent >= 0 { w * p } else { w / p };
    }
    if digits.len() <= 19 && (-18..=19).contains(&exponent) {
        // Up to 19 digits (below 2^64) and a power of ten up to 10^19 or down to 10^-18: exact
        // in 128 bits. The shortest text of a computed price (`80.83089999999999`) lands
        // here, so the bundled catalog never needs the big integers below.
        let w = u128::from(digits.iter().fold(0u64, |a, &d| a * 10 + u64::from(d)));
        #[allow(clippy::cast_possible_truncation)]
        let p = 10u128.pow(exponent.unsigned_abs() as u32);
        if exponent >= 0 {
            return round(w * p, 0, false);
        }
        // w × 2^s just below 2^128, so q = w × 2^s / p keeps at least 66 bits.
        let s = w.leading_zeros() - 1;
        let n = w << s;
        return round(n / p, -i64::from(s), n % p != 0);
    }
    let mut n = Big::from_digits(digits);
    #[allow(clippy::cast_possible_truncation)]
    if exponent >= 0 {
        n.mul_pow10(exponent as u32);
        let len = n.bits();
        // The top 66 bits and whether any bit below them is set.
        let drop = len.saturating_sub(66);
        let (top, sticky) = n.top(drop);
        round(top, drop as i64, sticky)
    } else {
        let mut d = Big::from_digits(&[1]);
        d.mul_pow10(exponent.unsigned_abs() as u32);
        // q = floor(n × 2^s / d) with 2^64 <= q < 2^66; value = q × 2^-s (+ the remainder).
        // A negative s shifts the divisor instead.
        let s = 65 + d.bits() as i64 - n.bits() as i64;
        if s >= 0 {
            n.shl(s as u32);
        } else {
            d.shl(s.unsigned_abs() as u32);
        }
        let mut q: u128 = 0;
        for bit in (0..67).rev() {
            let mut t = d.clone();
            t.shl(bit);
            if n.ge(&t) {
                n.sub(&t);
                q |= 1 << bit;
            }
        }
        round(q, -s, !n.is_zero())
    }
}

/// `m` × 2^`x`, plus a little more when `sticky` (a nonzero remainder below `m`'s last bit),
/// rounded to the nearest `f64`, ties to even; `m` is not zero.
fn round(m: u128, x: i64, sticky: bool) -> f64 {
    let len = i64::from(128 - m.leading_zeros());
    let top = len - 1 + x; // exponent of the leading bit
    if top > 1023 {
        return f64::INFINITY;
    }
    // Bits to drop so the last kept bit has weight 2^-1074 (subnormal) or the significand
    // keeps 53 bits (normal).
    let drop = if top >= -1022 { len - 53 } else { -1074 - x };
    let q = if drop <= 0 {
        m << (-drop)
    } else if drop > 127 {
        0
    } else {
        let q = m >> drop;
        let rem = m & ((1u128 << drop) - 1);
        let half = 1u128 << (drop - 1);
        if rem > half || (rem == half && (sticky || q & 1 == 1)) {
            q + 1
        } else {
            q
        }
    };
    if top >= -1022 {
        let (q, top) = if q >> 53 == 1 {
            (q >> 1, top + 1)
        } else {
            (q, top)
        };
        if top > 1023 {
            return f64::INFINITY;
        }
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        f64::from_bits((((top + 1023) as u64) << 52) | (q as u64 & ((1 << 52) - 1)))
    } else {
        // Subnormal (a carry into bit 52 gives the smallest normal, as it should).
        #[allow(clippy::cast_possible_truncation)]
        f64::from_bits(q as u64)
    }
}

/// An unsigned big integer, little-endian 32-bit limbs, no trailing zero limbs.
#[derive(Clone)]
struct Big(Vec<u32>);

impl Big {
    fn from_digits(digits: &[u8]) -> Big {
        let mut n = Big(Vec::new());
        for &d in digits {
            n.mul_add(10, u32::from(d));
        }
        n
    }

    /// `self = self × m + a`.
    fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = u64::from(a);
        for limb in &mut self.0 {
            let t = u64::from(*limb) * u64::from(m) + carry;
            *limb = t as u32;
            carry = t >> 32;
        }
        if carry > 0 {
            #[allow(clippy::cast_possible_truncation)]
            self.0.push(carry as u32);
        }
    }

    fn mul_pow10(&mut self, mut k: u32) {
        while k >= 9 {
            self.mul_add(1_000_000_000, 0);
            k -= 9;
        }
        self.mul_add(10u32.pow(k), 0);
    }

    fn bits(&self) -> u64 {
        self.0.last().map_or(0, |l| {
            32 * self.0.len() as u64 - u64::from(l.leading_zeros())
        })
    }

    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    fn shl(&mut self, s: u32) {
        let (limbs, bits) = ((s / 32) as usize, s % 32);
        if bits > 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let t = (*limb << bits) | carry;
                carry = *limb >> (32 - bits);
                *limb = t;
            }
            if carry > 0 {
                self.0.push(carry);
            }
        }
        if !self.0.is_empty() {
            self.0.splice(0..0, std::iter::repeat_n(0, limbs));
        }
    }

    fn ge(&self, other: &Big) -> bool {
        if self.0.len() != other.0.len() {
            return self.0.len() > other.0.len();
        }
        for (a, b) in self.0.iter().rev().zip(other.0.iter().rev()) {
            if a != b {
                return a > b;
            }
        }
        true
    }

    /// `self -= other`; `self >= other`.
    fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let t = i64::from(*limb) - i64::from(other.0.get(i).copied().unwrap_or(0)) - borrow;
            borrow = i64::from(t < 0);
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            {
                *limb = t.rem_euclid(1 << 32) as u32;
            }
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    /// `self >> drop` (fewer than 128 bits) and whether any dropped bit was set.
    fn top(&self, drop: u64) -> (u128, bool) {
        let mut out: u128 = 0;
        let mut sticky = false;
        for (i, &limb) in self.0.iter().enumerate() {
            let at = 32 * i as u64; // weight of this limb's lowest bit
            for b in 0..32u64 {
                if limb >> b & 1 == 1 {
                    let w = at + b;
                    if w < drop {
                        sticky = true;
                    } else {
                        out |= 1 << (w - drop);
                    }
                }
            }
        }
        (out, sticky)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::parse_f64;
    use proptest::prelude::*;

    fn same(text: &str) {
        let want = text.parse::<f64>().ok();
        let got = parse_f64(text);
        match (want, got) {
            (Some(w), Some(g)) => assert!(
                w.to_bits() == g.to_bits() || (w.is_nan() && g.is_nan()),
                "{text:?}: std {w:e}, ours {g:e}"
            ),
            (w, g) => assert_eq!(w.is_some(), g.is_some(), "{text:?}: std {w:?}, ours {g:?}"),
        }
    }

    #[test]
    fn equals_the_standard_library_on_edge_cases() {
        for t in [
            "0",
            "-0",
            "+0",
            "0.0",
            ".5",
            "5.",
            ".",
            "",
            "-",
            "+",
            "e5",
            "1e",
            "1e+",
            "1e-",
            "1e5",
            "1E5",
            "1.5e-3",
            "inf",
            "-inf",
            "+INF",
            "Infinity",
            "infinit",
            "nan",
            "NaN",
            "-nan",
            " 1",
            "1 ",
            "1_0",
            "0x10",
            "1.2.3",
            "1e5.5",
            "--1",
            "+-1",
            "0.1",
            "0.2",
            "0.3",
            "123456789012345678901234567890",
            "1e308",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "2e308",
            "1e-307",
            "2.2250738585072011e-308",
            "2.2250738585072014e-308",
            "4.9e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "5e-324",
            "1e-400",
            "1e400",
            "9007199254740993",
            "9007199254740992.5",
            "9007199254740993.0000000000000000001",
            "1e23",
            "8.589973e9",
            "0.000000000000000000000000000000001",
            "00000.00001e00005",
            "1e-00000000000000000000001",
            "1e99999999999999999999999",
            "1e-99999999999999999999999",
            "4.35",
            "0.228",
            "19800.0",
            "2.2250738585072012e-308",
            "0.0000000000000000000000000000000000000000000000000000000001e60",
        ] {
            same(t);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        #[test]
        fn equals_the_standard_library_on_any_f64_as_text(bits in any::<u64>(), extra in 0u32..4) {
            let x = f64::from_bits(bits);
            same(&format!("{x}"));
            same(&format!("{x:e}"));
            same(&format!("{x:.17e}"));
            // Between two neighbours: a long decimal close to a tie.
            let y = f64::from_bits(bits.wrapping_add(1));
            if x.is_finite() && y.is_finite() {
                same(&format!("{:.*e}", 17 + extra as usize * 8, (x + y) / 2.0));
            }
        }

        #[test]
        fn equals_the_standard_library_on_prices_and_quantities(x in 1e-12f64..1e15, places in 0usize..20) {
            same(&format!("{x}"));
            same(&format!("{x:.places$}"));
            same(&format!("{x:e}"));
        }

        #[test]
        fn equals_the_standard_library_on_decimal_text(
            int in "[0-9]{0,30}", frac in proptest::option::of("[0-9]{0,30}"),
            exp in proptest::option::of(-400i32..400), sign in "[+-]?",
        ) {
            let mut t = format!("{sign}{int}");
            if let Some(f) = frac { t.push('.'); t.push_str(&f); }
            if let Some(e) = exp { t.push_str(&format!("e{e}")); }
            same(&t);
        }

        #[test]
        fn equals_the_standard_library_on_junk(t in "[0-9.eE+-infatyINFATY ]{0,12}") {
            same(&t);
        }
    }
}
