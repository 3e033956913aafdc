//! The marks a picture is made of besides its cells (rectangles and text), and the width of
//! text in the bitmap font: one description that both encoders (PNG pixels, SVG elements)
//! render alike.

use super::palette::Rgb;
use crate::pattern::font;

/// Something drawn besides the cells of a heatmap, or around the lines of a thermograph
/// ([`crate::partizan::picture`]): the pictures share these marks and their rendering.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Mark {
    /// A filled rectangle.
    Fill {
        x: u32,
        y: u32,
        w: u32,
        h: u32,
        colour: Rgb,
    },
    /// Text, its top left corner at (x, y), in font pixels of `size` screen pixels.
    Text {
        x: u32,
        y: u32,
        size: u32,
        colour: Rgb,
        text: String,
    },
}

/// The width in screen pixels of `text` in font pixels of `size`.
pub(crate) fn width_of(text: &str, size: u32) -> u32 {
    font::text_width(text) * size
}
