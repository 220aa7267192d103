//! The charts' SVG backend for plotters: writes the elements and attributes of plotters' own
//! `SVGBackend` (plotters-svg 0.3.7, `svg.rs`) with integer coordinates, and prints opacity and
//! font size as fixed decimals with [`push_decimal`] instead of Rust's float formatting (whose
//! shortest-representation code and tables, about 6 KB gzip, were in the wasm bundle only for
//! these two attributes). Two differences from plotters-svg: `font-size` is the size the text
//! style gives, in pixels (plotters-svg writes it ÷ 1.24), and [`SvgBackend::estimate_text_size`]
//! estimates instead of measuring text in the page's DOM.

use std::convert::Infallible;

use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
    FontStyle, FontTransform,
};

/// Decimals of an element's `opacity` (alpha 0–1; the charts use at most two).
const OPACITY_DECIMALS: u32 = 3;
/// Decimals of a text's `font-size` in pixels.
const FONT_SIZE_DECIMALS: u32 = 2;

/// Draws into an SVG document held in a `String`: `<svg width height viewBox xmlns>`, then one
/// element per drawing call, closed by `</svg>` on [`DrawingBackend::present`] (or on drop).
/// Sizes and coordinates are device pixels. Text is escaped (`& < > " '`).
pub struct SvgBackend<'a> {
    out: &'a mut String,
    size: (u32, u32),
    closed: bool,
}

impl<'a> SvgBackend<'a> {
    /// Starts an SVG document `size` (width, height) pixels in `out` (appended to).
    pub fn with_string(out: &'a mut String, size: (u32, u32)) -> Self {
        out.push_str("<svg width=\"");
        push_int(out, i64::from(size.0));
        out.push_str("\" height=\"");
        push_int(out, i64::from(size.1));
        out.push_str("\" viewBox=\"0 0 ");
        push_int(out, i64::from(size.0));
        out.push(' ');
        push_int(out, i64::from(size.1));
        out.push_str("\" xmlns=\"http://www.w3.org/2000/svg\">\n");
        SvgBackend {
            out,
            size,
            closed: false,
        }
    }

    /// Writes ` name="value"` with `value` escaped.
    fn attr(&mut self, name: &str, value: &str) {
        self.out.push(' ');
        self.out.push_str(name);
        self.out.push_str("=\"");
        escape_into(self.out, value);
        self.out.push('"');
    }

    /// Writes ` name="n"`.
    fn int_attr(&mut self, name: &str, n: i64) {
        self.out.push(' ');
        self.out.push_str(name);
        self.out.push_str("=\"");
        push_int(self.out, n);
        self.out.push('"');
    }

    /// Writes ` opacity="a"` for `color`'s alpha.
    fn opacity(&mut self, color: BackendColor) {
        self.out.push_str(" opacity=\"");
        push_decimal(self.out, color.alpha, OPACITY_DECIMALS);
        self.out.push('"');
    }

    /// Writes ` name="#RRGGBB"` for `color`.
    /// A shape filled with `color` (no stroke) or outlined in it (no fill).
    fn paint(&mut self, color: BackendColor, fill: bool) {
        if fill {
            self.colour_attr("fill", color);
            self.out.push_str(" stroke=\"none\"");
        } else {
            self.out.push_str(" fill=\"none\"");
            self.colour_attr("stroke", color);
        }
    }

    fn colour_attr(&mut self, name: &str, color: BackendColor) {
        self.out.push(' ');
        self.out.push_str(name);
        self.out.push_str("=\"");
        push_colour(self.out, color);
        self.out.push('"');
    }

    /// Writes ` points="x,y x,y "` (each pair followed by a space, as plotters-svg does).
    fn points(&mut self, path: impl IntoIterator<Item = BackendCoord>) {
        self.out.push_str(" points=\"");
        for (x, y) in path {
            push_int(self.out, i64::from(x));
            self.out.push(',');
            push_int(self.out, i64::from(y));
            self.out.push(' ');
        }
        self.out.push('"');
    }
}

impl DrawingBackend for SvgBackend<'_> {
    /// Writing into a `String` cannot fail.
    type ErrorType = Infallible;

    fn get_size(&self) -> (u32, u32) {
        self.size
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Infallible>> {
        Ok(())
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<Infallible>> {
        if !self.closed {
            self.out.push_str("</svg>\n");
            self.closed = true;
        }
        Ok(())
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        if color.alpha == 0.0 {
            return Ok(());
        }
        self.out.push_str("<rect");
        self.int_attr("x", i64::from(point.0));
        self.int_attr("y", i64::from(point.1));
        self.out
            .push_str(" width=\"1\" height=\"1\" stroke=\"none\"");
        self.opacity(color);
        self.colour_attr("fill", color);
        self.out.push_str("/>\n");
        Ok(())
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        self.out.push_str("<line");
        self.opacity(color);
        self.colour_attr("stroke", color);
        self.int_attr("stroke-width", i64::from(style.stroke_width()));
        self.int_attr("x1", i64::from(from.0));
        self.int_attr("y1", i64::from(from.1));
        self.int_attr("x2", i64::from(to.0));
        self.int_attr("y2", i64::from(to.1));
        self.out.push_str("/>\n");
        Ok(())
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        self.out.push_str("<rect");
        self.int_attr("x", i64::from(upper_left.0));
        self.int_attr("y", i64::from(upper_left.1));
        self.int_attr("width", i64::from(bottom_right.0) - i64::from(upper_left.0));
        self.int_attr(
            "height",
            i64::from(bottom_right.1) - i64::from(upper_left.1),
        );
        self.opacity(color);
        self.paint(color, fill);
        self.out.push_str("/>\n");
        Ok(())
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        self.out.push_str("<polyline fill=\"none\"");
        self.opacity(color);
        self.colour_attr("stroke", color);
        self.int_attr("stroke-width", i64::from(style.stroke_width()));
        self.points(path);
        self.out.push_str("/>\n");
        Ok(())
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        self.out.push_str("<polygon");
        self.opacity(color);
        self.colour_attr("fill", color);
        self.points(path);
        self.out.push_str("/>\n");
        Ok(())
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        self.out.push_str("<circle");
        self.int_attr("cx", i64::from(center.0));
        self.int_attr("cy", i64::from(center.1));
        self.int_attr("r", i64::from(radius));
        self.opacity(color);
        self.paint(color, fill);
        self.int_attr("stroke-width", i64::from(style.stroke_width()));
        self.out.push_str("/>\n");
        Ok(())
    }

    fn draw_text<T: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &T,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        let anchor = style.anchor();
        self.out.push_str("<text");
        self.int_attr("x", i64::from(pos.0));
        self.int_attr("y", i64::from(pos.1));
        self.out.push_str(match anchor.v_pos {
            VPos::Top => " dy=\"0.76em\"",
            VPos::Center => " dy=\"0.5ex\"",
            VPos::Bottom => " dy=\"-0.5ex\"",
        });
        self.out.push_str(match anchor.h_pos {
            HPos::Left => " text-anchor=\"start\"",
            HPos::Right => " text-anchor=\"end\"",
            HPos::Center => " text-anchor=\"middle\"",
        });
        self.attr("font-family", style.family().as_str());
        self.out.push_str(" font-size=\"");
        push_decimal(self.out, style.size(), FONT_SIZE_DECIMALS);
        self.out.push('"');
        self.opacity(color);
        self.colour_attr("fill", color);
        match style.style() {
            FontStyle::Normal => {}
            FontStyle::Bold => self.out.push_str(" font-weight=\"bold\""),
            other => self.attr("font-style", other.as_str()),
        }
        let degrees = match style.transform() {
            FontTransform::Rotate90 => Some(90),
            FontTransform::Rotate180 => Some(180),
            FontTransform::Rotate270 => Some(270),
            FontTransform::None => None,
        };
        if let Some(degrees) = degrees {
            self.out.push_str(" transform=\"rotate(");
            push_int(self.out, degrees);
            self.out.push_str(", ");
            push_int(self.out, i64::from(pos.0));
            self.out.push_str(", ");
            push_int(self.out, i64::from(pos.1));
            self.out.push_str(")\"");
        }
        self.out.push_str(">\n");
        escape_into(self.out, text);
        self.out.push_str("\n</text>\n");
        Ok(())
    }

    /// An estimate, not a measurement (the charts' `text_width`: 0.6 em per
    /// character, 1 em per Chinese, Japanese or Korean one), 1 em tall. plotters asks only for the labels of a right-hand axis, which no
    /// chart has; the default would measure in the page's DOM (a layout per call).
    fn estimate_text_size<T: BackendTextStyle>(
        &self,
        text: &str,
        style: &T,
    ) -> Result<(u32, u32), DrawingErrorKind<Infallible>> {
        let em = style.size().max(0.0);
        let width = super::text_width(text, em);
        Ok((width.round() as u32, em.round() as u32))
    }
}

impl Drop for SvgBackend<'_> {
    /// Closes the document if [`DrawingBackend::present`] was not called.
    fn drop(&mut self) {
        let _ = self.present();
    }
}

/// Appends `text` with `& < > " '` as XML entities (the set plotters-svg escapes).
fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            other => out.push(other),
        }
    }
}

/// Appends `#RRGGBB` (upper-case hex) for `color`.
fn push_colour(out: &mut String, color: BackendColor) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push('#');
    let (r, g, b) = color.rgb;
    for byte in [r, g, b] {
        out.push(char::from(HEX[usize::from(byte >> 4)]));
        out.push(char::from(HEX[usize::from(byte & 0xF)]));
    }
}

/// Appends `n` in decimal.
fn push_int(out: &mut String, n: i64) {
    if n < 0 {
        out.push('-');
    }
    let mut digits = [0u8; 20];
    let mut len = 0;
    let mut rest = n.unsigned_abs();
    loop {
        digits[len] = b'0' + (rest % 10) as u8;
        len += 1;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for &d in digits[..len].iter().rev() {
        out.push(char::from(d));
    }
}

/// Appends `value` rounded to `decimals` places (half away from zero), without trailing zeros
/// or a trailing point: 1.0 → `1`, 0.35 → `0.35`, 13.000000000000002 → `13` (Rust's `{}` of an
/// `f64`, which plotters-svg used, prints the shortest text that reads back as the same
/// number: the same for values with at most `decimals` places). Not finite, or beyond about
/// ±9·10¹⁵ / 10^decimals: `0` (no such opacity or font size is drawn).
pub fn push_decimal(out: &mut String, value: f64, decimals: u32) {
    let scale = 10_i64.pow(decimals);
    let scaled = (value * scale as f64).round();
    if !scaled.is_finite() || scaled.abs() >= 9e15 {
        out.push('0');
        return;
    }
    let scaled = scaled as i64;
    if scaled < 0 {
        out.push('-');
    }
    let (int, mut frac) = (scaled.abs() / scale, scaled.abs() % scale);
    push_int(out, int);
    if frac == 0 {
        return;
    }
    let mut width = decimals;
    while frac % 10 == 0 {
        frac /= 10;
        width -= 1;
    }
    out.push('.');
    let mut place = 10_i64.pow(width - 1);
    while place > 0 {
        out.push(char::from(b'0' + (frac / place % 10) as u8));
        place /= 10;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decimal(value: f64, decimals: u32) -> String {
        let mut s = String::new();
        push_decimal(&mut s, value, decimals);
        s
    }

    #[test]
    fn decimals_print_like_rust_for_short_values_and_round_the_rest() {
        for (v, want) in [
            (1.0, "1"),
            (0.0, "0"),
            (0.35, "0.35"),
            (0.22, "0.22"),
            (0.05, "0.05"),
            (0.7, "0.7"),
            (0.125, "0.125"),
            (16.0, "16"),
            (13.000000000000002, "13"),
            (13.499999999999998, "13.5"),
            (2.5e-4, "0"),
            (-1.5, "-1.5"),
            (f64::NAN, "0"),
            (f64::INFINITY, "0"),
        ] {
            assert_eq!(decimal(v, 3), want, "{v}");
        }
        assert_eq!(decimal(15.750000000000002, 2), "15.75");
        assert_eq!(decimal(0.006, 2), "0.01");
        // Values with at most 3 places print as Rust's `{}` does.
        for k in 0..=2000 {
            let v = f64::from(k) / 1000.0;
            assert_eq!(decimal(v, 3), format!("{v}"));
        }
    }

    #[test]
    fn integers_print_like_rust() {
        for n in [
            0,
            7,
            -7,
            10,
            1234567,
            -1234567,
            i64::from(i32::MIN),
            i64::MAX,
        ] {
            let mut s = String::new();
            push_int(&mut s, n);
            assert_eq!(s, n.to_string());
        }
    }
}
