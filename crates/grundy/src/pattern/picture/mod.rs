//! Pictures of tables: heatmaps as PNG or SVG, one colour per value, P-positions black, with a
//! title, labelled axes and a legend. How a table is laid out, coloured and encoded (and why)
//! is the guide's chapter `docs/pictures.md`, "Tables as pictures".
//!
//! One job a file: the caller's options and limits (`options.rs`), colours (`palette.rs`), the
//! marks drawn besides the cells (`marks.rs`), ticks (`ticks.rs`), the frame and axes
//! (`frame.rs`), the legend (`legend.rs`), the layout of a [`Heatmap`] (`heatmap.rs`), and its
//! output: pixels and PNG (`raster.rs`, `render.rs`), SVG (`svg.rs`). The thermograph pictures
//! of `partizan::picture` share the marks, colours and encoders.
//!
//! Time and memory O(pixels) for PNG, O(cells) for SVG.

mod frame;
mod heatmap;
mod legend;
mod marks;
mod options;
mod palette;
mod raster;
mod render;
mod svg;
mod ticks;

pub use heatmap::Heatmap;
pub use options::{square_wrap, PictureError, PictureOptions, MAX_PIXELS};
pub use palette::{Rgb, L_COLOUR, N_COLOUR, P_COLOUR, R_COLOUR};
pub use svg::escape;

pub(crate) use marks::{width_of, Mark};
pub(crate) use palette::INK;
pub(crate) use raster::{encode_png, fill, paint};
pub(crate) use svg::{hex, svg_fills, svg_start, svg_texts};
