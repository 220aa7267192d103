//! CSV cells that are safe to open in a spreadsheet: one helper shared by every CSV writer
//! (catalog export, engine report) so text from users or imported files cannot become a
//! formula (OWASP "CSV injection"). A text cell starting with `=`, `+`, `-`, `@`, a tab or a
//! carriage return gets a leading single quote, which spreadsheets show as text; numbers stay
//! plain so they still sum.

use std::borrow::Cow;

/// Characters that make a spreadsheet read a cell as a formula (or hide one after a
/// control character).
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// Whether `s` is a plain number a writer put there (`-3.5`, `1e-9`, `+2`): digits with at
/// most a sign, a dot and an exponent, parsing to a finite `f64`. Such a cell is not neutralised.
fn is_plain_number(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E'))
        && s.parse::<f64>().is_ok_and(f64::is_finite)
}

/// `s` made safe against formula injection: a leading `'` when `s` starts with one of
/// `= + - @`, a tab or a carriage return and is not a plain number; otherwise `s` unchanged.
#[must_use]
pub fn neutralise(s: &str) -> Cow<'_, str> {
    if s.starts_with(FORMULA_STARTS) && !is_plain_number(s) {
        Cow::Owned(format!("'{s}"))
    } else {
        Cow::Borrowed(s)
    }
}

/// One CSV field, neutralised and then quoted by RFC 4180 when it holds a comma, a quote, a
/// line feed or a carriage return (for writers that build lines by hand).
#[must_use]
pub fn field(s: &str) -> String {
    let s = neutralise(s);
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_starts_get_a_quote() {
        assert_eq!(neutralise("=1+1"), "'=1+1");
        assert_eq!(neutralise("+cmd|' /C calc'!A0"), "'+cmd|' /C calc'!A0");
        assert_eq!(neutralise("-2+3"), "'-2+3");
        assert_eq!(neutralise("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(neutralise("\t=1"), "'\t=1");
        assert_eq!(neutralise("\r=1"), "'\r=1");
        assert_eq!(neutralise("-inf"), "'-inf");
        assert_eq!(neutralise("-NaN"), "'-NaN");
    }

    #[test]
    fn numbers_and_plain_text_stay_as_they_are() {
        for s in [
            "-3.5",
            "+2",
            "1e-9",
            "-1E5",
            "0",
            "12.50",
            "",
            "Acme GPU",
            "A100 = fast",
        ] {
            assert_eq!(neutralise(s), s);
            assert!(matches!(neutralise(s), Cow::Borrowed(_)));
        }
    }

    #[test]
    fn fields_are_neutralised_then_quoted() {
        assert_eq!(
            field("=HYPERLINK(\"x\",\"y\")"),
            "\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\""
        );
        assert_eq!(field("a,b"), "\"a,b\"");
        assert_eq!(field("line\rbreak"), "\"line\rbreak\"");
        assert_eq!(field("plain"), "plain");
        assert_eq!(field("-4.25"), "-4.25");
    }
}
