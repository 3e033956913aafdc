//! Pixels: filling rectangles and painting marks onto 8-bit RGB pixels, and encoding them as
//! PNG.

use super::marks::Mark;
use super::palette::Rgb;
use crate::pattern::font::{self, ADVANCE};

/// Fills the rectangle `(x, y, w, h)` of `pixels` (8-bit RGB, row by row, `width` pixels a
/// row) with `colour`, clipped to the picture. O(pixels filled).
pub(crate) fn fill(pixels: &mut [u8], width: u32, (x, y, w, h): (u32, u32, u32, u32), colour: Rgb) {
    let width = width as usize;
    let height = pixels.len() / (3 * width.max(1));
    let (x0, x1) = (
        (x as usize).min(width),
        (x as usize + w as usize).min(width),
    );
    for row in y as usize..(y as usize + h as usize).min(height) {
        for px in pixels[(row * width + x0) * 3..(row * width + x1) * 3].chunks_exact_mut(3) {
            px.copy_from_slice(&colour);
        }
    }
}

/// Paints `marks` over `pixels` (as [`fill`]): rectangles, and text in the bitmap font.
/// O(pixels painted).
pub(crate) fn paint(pixels: &mut [u8], width: u32, marks: &[Mark]) {
    for mark in marks {
        match mark {
            &Mark::Fill { x, y, w, h, colour } => fill(pixels, width, (x, y, w, h), colour),
            Mark::Text {
                x,
                y,
                size,
                colour,
                text,
            } => {
                for (k, ch) in text.chars().enumerate() {
                    let left = x + k as u32 * ADVANCE * size;
                    for (row, bits) in font::glyph(ch).iter().enumerate() {
                        for col in 0..font::GLYPH_WIDTH {
                            if bits >> (font::GLYPH_WIDTH - 1 - col) & 1 == 1 {
                                let corner = (left + col * size, y + row as u32 * size);
                                fill(pixels, width, (corner.0, corner.1, *size, *size), *colour);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A PNG file of `width` × `height` 8-bit RGB pixels (row by row), every row filtered "up"
/// (which suits tables whose rows repeat).
pub(crate) fn encode_png(width: u32, height: u32, pixels: &[u8]) -> Vec<u8> {
    let mut png = Vec::new();
    let mut encoder = png::Encoder::new(&mut png, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_filter(png::Filter::Up);
    // Writing to memory cannot fail, and the sizes come from the picture itself.
    let written = encoder
        .write_header()
        .and_then(|mut writer| writer.write_image_data(pixels));
    debug_assert!(written.is_ok(), "{written:?}");
    png
}
