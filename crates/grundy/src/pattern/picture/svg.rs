//! SVG text: the document's opening, marks as `<rect>` and `<text>` elements, colours in hex and
//! XML escapes.

use std::fmt::Write as _;

use super::marks::{width_of, Mark};
use super::palette::Rgb;

/// The opening of an SVG document `w` × `h` pixels on white paper.
pub(crate) fn svg_start(w: u32, h: u32) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\">"
    );
    let _ = writeln!(s, "<rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>");
    s
}

/// The rectangles of `marks` as SVG `<rect>` elements.
pub(crate) fn svg_fills(s: &mut String, marks: &[Mark]) {
    for mark in marks {
        if let &Mark::Fill { x, y, w, h, colour } = mark {
            let _ = writeln!(
                s,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" fill=\"{}\"/>",
                hex(colour)
            );
        }
    }
}

/// The text of `marks` as SVG `<text>` elements in a monospace group, placed and sized like
/// the bitmap font's.
pub(crate) fn svg_texts(s: &mut String, marks: &[Mark]) {
    let _ = writeln!(s, "<g font-family=\"monospace\" xml:space=\"preserve\">");
    for mark in marks {
        if let Mark::Text {
            x,
            y,
            size,
            colour,
            text,
        } = mark
        {
            // The bitmap font is 6 × 10 font pixels per character with capitals 7 high:
            // a monospace font of size 10 has about that advance (0.6 em) and cap height.
            let _ = writeln!(
                s,
                "<text x=\"{x}\" y=\"{}\" font-size=\"{}\" textLength=\"{}\" fill=\"{}\">{}</text>",
                y + 7 * size,
                10 * size,
                width_of(text, *size),
                hex(*colour),
                escape(text)
            );
        }
    }
    let _ = writeln!(s, "</g>");
}

/// `#rrggbb`.
pub(crate) fn hex([r, g, b]: Rgb) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// Escapes text for XML and HTML (`&`, `<`, `>` and both quotes), for the text of a picture
/// or of the page a front end shows it in. O(length).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings() {
        assert_eq!(escape("a<b & 'c'"), "a&lt;b &amp; &apos;c&apos;");
        assert_eq!(hex([255, 0, 16]), "#ff0010");
    }
}
