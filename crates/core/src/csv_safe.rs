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
        && crate::decimal::parse_f64(s).is_some_and(f64::is_finite)
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

/// A CSV text being written: `,` between fields, `\n` after each record, and RFC 4180 quoting
/// exactly where the `csv` crate's writer puts it with its defaults (a field holding `,`, `"`,
/// `\n` or `\r` is quoted, inner quotes doubled; a record that would be an empty line is
/// written as `""`). The page's CSV downloads use it instead of `csv::Writer`, whose quoting
/// code also reads numbers with the standard library's float parser and so keeps that
/// parser's tables in the wasm bundle ([`crate::decimal`]). Fields are written as given: use
/// [`neutralise`] for text.
#[derive(Debug, Default)]
pub struct Writer(String);

impl Writer {
    /// An empty CSV text.
    #[must_use]
    pub fn new() -> Writer {
        Writer::default()
    }

    /// Appends one record (its fields in order) and the line end.
    pub fn write_record<I, T>(&mut self, record: I)
    where
        I: IntoIterator<Item = T>,
        T: AsRef<str>,
    {
        let start = self.0.len();
        for (i, field) in record.into_iter().enumerate() {
            let field = field.as_ref();
            if i > 0 {
                self.0.push(',');
            }
            if field.contains([',', '"', '\n', '\r']) {
                self.0.push('"');
                self.0.push_str(&field.replace('"', "\"\""));
                self.0.push('"');
            } else {
                self.0.push_str(field);
            }
        }
        if self.0.len() == start {
            self.0.push_str("\"\"");
        }
        self.0.push('\n');
    }

    /// The CSV text written so far.
    #[must_use]
    pub fn into_string(self) -> String {
        self.0
    }
}

/// Decimal places of money amounts in the app's CSV downloads (cents, as the tables show).
pub const AMOUNT_DECIMALS: usize = 2;
/// Decimal places of every other number in the app's CSV downloads: prices per hour, months,
/// percentages (prices per hour are shown with 4 decimals in the tables).
pub const DECIMALS: usize = 4;

/// A number for a CSV cell with a fixed number of decimals (`places`), rounded half away from
/// zero like the tables ([`crate::format::number`]), no grouping and no symbol:
/// `320000.0000000001` with 2 places is `320000.00`, `0.125` is `0.13`. A result of zero is
/// written without a sign; a non-finite value gives an empty cell.
#[must_use]
pub fn number(value: f64, places: usize) -> String {
    if !value.is_finite() {
        return String::new();
    }
    let scale = 10f64.powi(places as i32);
    let rounded = (value * scale).round() / scale;
    let s = crate::float_text::fixed(rounded, u32::try_from(places).unwrap_or(u32::MAX));
    if s.starts_with('-') && s[1..].bytes().all(|b| b == b'0' || b == b'.') {
        s[1..].to_string()
    } else {
        s
    }
}

/// A money amount for a CSV cell: [`number`] with [`AMOUNT_DECIMALS`].
#[must_use]
pub fn amount(value: f64) -> String {
    number(value, AMOUNT_DECIMALS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_fixed_decimals_without_float_noise() {
        assert_eq!(amount(320000.0000000001), "320000.00");
        assert_eq!(amount(0.1 + 0.2), "0.30");
        assert_eq!(
            amount(0.125),
            "0.13",
            "half away from zero, as the tables round"
        );
        assert_eq!(amount(2.675), crate::format::number(2.675, 2));
        assert_eq!(amount(-0.001), "0.00");
        assert_eq!(amount(-12.345), "-12.35");
        assert_eq!(number(1.0 / 3.0, DECIMALS), "0.3333");
        assert_eq!(number(f64::NAN, 2), "");
        assert_eq!(number(f64::INFINITY, 2), "");
    }

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

    #[test]
    fn writer_quotes_as_the_csv_crate_does() {
        let records: Vec<Vec<&str>> = vec![
            vec!["a", "b,c", "say \"hi\"", "line\nbreak", "cr\rhere", ""],
            vec!["", "", "", "", "", ""],
            vec![""],
            vec![],
            vec!["'=1+2", "-4.25", "NaN", "inf", "1e5", "   spaced "],
            vec!["中文", "¥1,234.50", "\"", ",", "\r\n", "#comment"],
        ];
        let mut ours = Writer::new();
        let mut theirs = csv::WriterBuilder::new()
            .flexible(true)
            .from_writer(Vec::new());
        for r in &records {
            ours.write_record(r);
            theirs.write_record(r).unwrap();
        }
        let theirs = String::from_utf8(theirs.into_inner().unwrap()).unwrap();
        assert_eq!(ours.into_string(), theirs);
    }
}
