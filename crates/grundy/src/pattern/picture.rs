//! Pictures of tables: heatmaps as PNG or SVG, one colour per value, P-positions black.
//!
//! A [`Heatmap`] lays a [`Table`] out (a two-parameter table as rows a and columns b, origin
//! top left like the text grid; a one-parameter table wrapped into rows of a chosen width),
//! with a title, both axes labelled with ticks, and a legend of the colours with how many
//! cells have each value. Colours:
//! - value 0 (P-positions) is black, always;
//! - values 1 to 16, when no value is larger, have fixed distinct colours, so that a value
//!   keeps its colour from one picture to the next;
//! - larger values run along a colour ramp from blue (1) through green and yellow to red
//!   (the largest value), shown in the legend as a bar with ticks;
//! - outcome tables: P black, N light grey.
//!
//! A cell is `scale` pixels square: chosen so that the plot is about 800 pixels on its longer
//! side, and never below 1 (a 1000 × 1000 table is drawn at one pixel per cell), or given.
//! Cells of 8 pixels or more are separated by thin white lines, and cells of 20 pixels or
//! more show their value where it fits. When cells are below 3 pixels and P-positions are few (under 1 in 50), each
//! P-position is drawn as a black 3 × 3 pixel square over its neighbours, so that isolated
//! P-positions stay visible (the legend says so). Labels use a built-in bitmap font
//! (printable ASCII).
//!
//! PNG is encoded by the `png` crate (8-bit RGB, rows filtered "up"); SVG is text: one `<rect>`
//! per cell with a tooltip for tables up to 10,000 cells, one per run of equal cells in a row
//! beyond, and for very fragmented tables (more than 250,000 runs) the cells as an embedded
//! PNG image at one pixel per cell, the axes and legend staying vector.
//!
//! Time and memory O(pixels) for PNG, O(cells) for SVG.

use std::fmt::Write as _;

use base64::prelude::{Engine as _, BASE64_STANDARD};

use super::font::{self, ADVANCE, GLYPH_HEIGHT};
use super::table::{Kind, Layout, Table};

/// An RGB colour.
pub type Rgb = [u8; 3];

/// The colour of P-positions (value 0).
pub const P_COLOUR: Rgb = [0, 0, 0];
/// The colour of N-positions in outcome tables.
pub const N_COLOUR: Rgb = [222, 222, 222];
/// The colour of positions Left wins whoever starts (L, in tables of partizan games).
pub const L_COLOUR: Rgb = [52, 101, 204];
/// The colour of positions Right wins whoever starts (R).
pub const R_COLOUR: Rgb = [214, 62, 48];
/// The background.
pub(crate) const PAPER: Rgb = [255, 255, 255];
/// Text, ticks and the plot's frame.
pub(crate) const INK: Rgb = [40, 40, 40];

/// The colours of values 1 to 16 when no value exceeds 16.
const CATEGORICAL: [Rgb; 16] = [
    [230, 159, 0],
    [86, 180, 233],
    [0, 158, 115],
    [240, 228, 66],
    [0, 114, 178],
    [213, 94, 0],
    [204, 121, 167],
    [150, 150, 150],
    [117, 112, 179],
    [166, 216, 84],
    [231, 41, 138],
    [102, 194, 165],
    [252, 141, 98],
    [141, 160, 203],
    [229, 196, 148],
    [166, 118, 29],
];

/// The anchors of the colour ramp for larger values, from value 1 to the largest.
const RAMP: [Rgb; 7] = [
    [110, 140, 240],
    [60, 175, 235],
    [50, 200, 160],
    [150, 210, 60],
    [250, 215, 40],
    [245, 135, 40],
    [210, 40, 50],
];

/// The most pixels a picture may have (about 400 MiB of RGB).
pub const MAX_PIXELS: u64 = 1 << 27;

/// Tables up to this many cells get one SVG `<rect>` per cell, with a tooltip.
const SVG_CELL_RECTS: usize = 10_000;
/// Beyond this many runs of equal cells, SVG embeds the cells as a PNG image.
const SVG_MAX_RUNS: usize = 250_000;

/// How to draw a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PictureOptions {
    /// Row width of a one-parameter table (ignored for two parameters); 0 for
    /// [`square_wrap`].
    pub wrap: usize,
    /// Pixels per cell; `None` to fit the plot to about 800 pixels.
    pub scale: Option<u32>,
}

/// Why a picture could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PictureError {
    /// The picture would be too large.
    #[error(
        "the picture would be {width} x {height} pixels, more than {limit} pixels: use a \
         smaller range or scale"
    )]
    TooLarge {
        /// Width in pixels.
        width: u64,
        /// Height in pixels.
        height: u64,
        /// [`MAX_PIXELS`].
        limit: u64,
    },
    /// A scale of 0 pixels per cell.
    #[error("the scale must be at least 1 pixel per cell")]
    ZeroScale,
}

/// A row width that makes a one-parameter table of `len` cells about square, and round so
/// that rows start at round numbers: ⌈√len⌉, rounded down to a multiple of 10 above 10 and
/// to two significant digits above 100 (317 → 310, 1001 → 1000).
pub fn square_wrap(len: usize) -> usize {
    let side = len.isqrt() + usize::from(len.isqrt().pow(2) < len);
    if side <= 10 {
        return side.max(1);
    }
    let mut unit = 10;
    while side / unit >= 100 {
        unit *= 10;
    }
    side / unit * unit
}

/// How values become colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Palette {
    /// P and N.
    Outcomes,
    /// Values up to 16, each its fixed colour.
    Categorical,
    /// Values up to `max`, on the ramp.
    Ramp { max: u64 },
}

impl Palette {
    fn colour(self, cell: u64) -> Rgb {
        match (self, cell) {
            (_, 0) => P_COLOUR,
            (Palette::Outcomes, 1) => N_COLOUR,
            (Palette::Outcomes, 2) => L_COLOUR,
            (Palette::Outcomes, _) => R_COLOUR,
            (Palette::Categorical, v) => CATEGORICAL[(v - 1) as usize % CATEGORICAL.len()],
            (Palette::Ramp { max }, v) => {
                let t = (v - 1) as f64 / (max - 1).max(1) as f64;
                let x = t.clamp(0.0, 1.0) * (RAMP.len() - 1) as f64;
                let i = (x.floor() as usize).min(RAMP.len() - 2);
                let f = x - i as f64;
                let mix = |k: usize| {
                    (RAMP[i][k] as f64 * (1.0 - f) + RAMP[i + 1][k] as f64 * f).round() as u8
                };
                [mix(0), mix(1), mix(2)]
            }
        }
    }
}

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

/// A table drawn as a heatmap, ready to be written as PNG or SVG.
///
/// ```
/// use grundy::pattern::picture::{Heatmap, PictureOptions, P_COLOUR};
/// use grundy::pattern::table::{Span, Table};
/// let table = Table::grid("two-pile Nim", Span::new(0, 7).unwrap(), Span::new(0, 7).unwrap(), |a, b| a ^ b)
///     .unwrap();
/// let map = Heatmap::new(&table, &PictureOptions::default()).unwrap();
/// assert_eq!(map.colour(0), P_COLOUR);
/// let png = map.png();
/// assert_eq!(&png[1..4], b"PNG");
/// assert!(map.svg().starts_with("<svg"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heatmap {
    width: u32,
    height: u32,
    plot_x: u32,
    plot_y: u32,
    scale: u32,
    rows: usize,
    columns: usize,
    /// Cells row by row (a table of forms: their outcome codes); `None` past the end of a
    /// wrapped line.
    cells: Vec<Option<u64>>,
    /// The canonical form of each cell, row by row, in a table of forms (empty otherwise):
    /// the cells' tooltips.
    forms: Vec<String>,
    palette: Palette,
    /// Whether cells are separated by white lines.
    grid_lines: bool,
    /// Whether P-positions are drawn as 3-pixel squares over their neighbours (cells below 3
    /// pixels, P-positions fewer than 1 in 50): isolated P-positions stay visible.
    enlarge_p: bool,
    /// Tooltips of the cells in SVG: the parameters of each row and column.
    row_names: Vec<String>,
    column_names: Vec<String>,
    marks: Vec<Mark>,
}

/// A "nice" step (1, 2 or 5 times a power of ten) at least `min`.
fn nice_step(min: u64) -> u64 {
    let mut power = 1u64;
    loop {
        for m in [1, 2, 5] {
            let step = power.saturating_mul(m);
            if step >= min {
                return step;
            }
        }
        power = power.saturating_mul(10);
    }
}

/// The indices along an axis of `count` cells that get a tick, for labels `label(i)`: every
/// `step`-th label when `by_label`, every `step`-th index otherwise; `room` is the pixels a
/// label needs and `scale` the pixels per cell.
fn tick_indices(
    count: usize,
    scale: u32,
    room: u32,
    label: impl Fn(usize) -> u64,
    by_label: bool,
) -> Vec<usize> {
    let step = nice_step(u64::from(room.div_ceil(scale.max(1))).max(1));
    (0..count)
        .filter(|&i| {
            if by_label {
                label(i) % step == 0
            } else {
                i as u64 % step == 0
            }
        })
        .collect()
}

/// The width in screen pixels of `text` in font pixels of `size`.
pub(crate) fn width_of(text: &str, size: u32) -> u32 {
    font::text_width(text) * size
}

impl Heatmap {
    /// Lays `table` out. Errors for a scale of 0 or a picture above [`MAX_PIXELS`].
    /// A table of canonical forms is coloured by outcome class (P, N, L, R) and shows its
    /// forms in the cells and tooltips.
    pub fn new(table: &Table, options: &PictureOptions) -> Result<Heatmap, PictureError> {
        if options.scale == Some(0) {
            return Err(PictureError::ZeroScale);
        }
        let classes;
        let (coloured, texts) = match table.kind() {
            Kind::Forms => {
                classes = table.outcomes();
                (&classes, table)
            }
            _ => (table, table),
        };
        let table = coloured;
        let wrap = match options.wrap {
            0 => square_wrap(table.values().len()),
            w => w,
        };
        let layout = table.layout(wrap);
        let (rows, columns) = (layout.rows(), layout.columns());
        let longer = rows.max(columns) as u64;
        let scale = options
            .scale
            .unwrap_or_else(|| (800 / longer).clamp(1, 48) as u32);
        let (plot_w, plot_h) = (columns as u64 * scale as u64, rows as u64 * scale as u64);
        let limit_side = (MAX_PIXELS as f64).sqrt() as u64 * 4;
        if plot_w > limit_side || plot_h > limit_side || plot_w * plot_h > MAX_PIXELS {
            return Err(PictureError::TooLarge {
                width: plot_w,
                height: plot_h,
                limit: MAX_PIXELS,
            });
        }
        let (plot_w, plot_h) = (plot_w as u32, plot_h as u32);
        let max = table.values().iter().copied().max().unwrap_or(0);
        let palette = match table.kind() {
            // A table of forms is coloured by its outcomes (`table` is those here).
            Kind::Outcomes | Kind::Forms => Palette::Outcomes,
            Kind::Values if max <= CATEGORICAL.len() as u64 => Palette::Categorical,
            Kind::Values => Palette::Ramp { max },
        };
        // Font pixels: 2 screen pixels, 3 on large plots.
        let f = if plot_w.max(plot_h) >= 1400 { 3 } else { 2 };
        let line = 11 * f;
        let pad = 8 * f;
        let mut marks = Vec::new();

        // Tick labels and their room.
        let row_label_text = |r: usize| layout.row_label(r).to_string();
        let column_label_text = |c: usize| layout.column_label(c).to_string();
        let widest_row = width_of(&row_label_text(rows - 1), f).max(width_of("0", f));
        let widest_column = width_of(&column_label_text(columns - 1), f);
        let y_ticks = tick_indices(
            rows,
            scale,
            line + 2 * f,
            |r| layout.row_label(r),
            layout.is_grid(),
        );
        let x_ticks = tick_indices(
            columns,
            scale,
            widest_column + 4 * f,
            |c| layout.column_label(c),
            true,
        );

        // Vertical layout: title, x-axis name, x tick labels, tick marks, plot.
        let title = title(texts, &layout);
        let title_y = pad;
        let x_name_y = title_y + line + 4 * f;
        let x_labels_y = x_name_y + line;
        let plot_y = x_labels_y + line + 2 * f;
        // Horizontal layout: y-axis name, y tick labels, tick marks, plot.
        let y_name = layout.row_name();
        let y_name_w = width_of(y_name, f);
        let y_labels_right = pad + y_name_w + 12 * f + widest_row;
        let plot_x = y_labels_right + 5 * f;

        let tick = 3 * f;
        marks.push(Mark::Text {
            x: pad,
            y: title_y,
            size: f,
            colour: INK,
            text: title.clone(),
        });
        // The x axis: its name centred over the plot, the ticks at cell centres.
        let x_name = layout.column_name();
        marks.push(Mark::Text {
            x: (plot_x + plot_w / 2).saturating_sub(width_of(x_name, f) / 2),
            y: x_name_y,
            size: f,
            colour: INK,
            text: x_name.to_string(),
        });
        for &c in &x_ticks {
            let centre = plot_x + c as u32 * scale + scale / 2;
            let text = column_label_text(c);
            let w = width_of(&text, f);
            marks.push(Mark::Text {
                x: centre
                    .saturating_sub(w / 2)
                    .max(plot_x.saturating_sub(w / 2)),
                y: x_labels_y,
                size: f,
                colour: INK,
                text,
            });
            marks.push(Mark::Fill {
                x: centre,
                y: plot_y - 1 - tick,
                w: 1.max(f / 2),
                h: tick,
                colour: INK,
            });
        }
        // The y axis: its name left of the labels, halfway down.
        marks.push(Mark::Text {
            x: pad,
            y: plot_y + plot_h.saturating_sub(7 * f) / 2,
            size: f,
            colour: INK,
            text: y_name.to_string(),
        });
        for &r in &y_ticks {
            let centre = plot_y + r as u32 * scale + scale / 2;
            let text = row_label_text(r);
            marks.push(Mark::Text {
                x: y_labels_right - width_of(&text, f),
                y: centre.saturating_sub(7 * f / 2),
                size: f,
                colour: INK,
                text,
            });
            marks.push(Mark::Fill {
                x: plot_x - 1 - tick,
                y: centre,
                w: tick,
                h: 1.max(f / 2),
                colour: INK,
            });
        }
        // The frame, just outside the plot.
        marks.extend([
            Mark::Fill {
                x: plot_x - 1,
                y: plot_y - 1,
                w: plot_w + 2,
                h: 1,
                colour: INK,
            },
            Mark::Fill {
                x: plot_x - 1,
                y: plot_y + plot_h,
                w: plot_w + 2,
                h: 1,
                colour: INK,
            },
            Mark::Fill {
                x: plot_x - 1,
                y: plot_y,
                w: 1,
                h: plot_h,
                colour: INK,
            },
            Mark::Fill {
                x: plot_x + plot_w,
                y: plot_y,
                w: 1,
                h: plot_h,
                colour: INK,
            },
        ]);

        // Values inside cells large enough.
        let grid_lines = scale >= 8;
        let inner = scale - u32::from(grid_lines);
        let p_count = table.values().iter().filter(|&&v| v == 0).count();
        let enlarge_p = scale < 3 && p_count * 50 < table.values().len();
        let text_layout = texts.layout(wrap);
        let widest_cell = match texts.kind() {
            Kind::Values => font::text_width(&max.to_string()),
            Kind::Outcomes => font::text_width("N"),
            Kind::Forms => texts
                .forms()
                .iter()
                .map(|form| font::text_width(&form.text))
                .max()
                .unwrap_or(0),
        };
        // Values are written in cells of 20 pixels or more, where the value fits; in smaller
        // cells they would hide the colours.
        let cell_font = [2, 1]
            .into_iter()
            .find(|&s| scale >= 20 && widest_cell * s + 2 * s <= inner && 7 * s + 2 * s <= inner);
        let mut cells = Vec::with_capacity(rows * columns);
        for r in 0..rows {
            for c in 0..columns {
                let cell = layout.cell(r, c);
                cells.push(cell);
                if let (Some(cell), Some(text), Some(s)) = (cell, text_layout.cell(r, c), cell_font)
                {
                    let text = texts.cell_text(text);
                    let [red, green, blue] = palette.colour(cell);
                    let luma =
                        299 * u32::from(red) + 587 * u32::from(green) + 114 * u32::from(blue);
                    let dark = luma < 128_000;
                    marks.push(Mark::Text {
                        x: plot_x + c as u32 * scale + (inner - width_of(&text, s)) / 2,
                        y: plot_y + r as u32 * scale + (inner - 7 * s) / 2,
                        size: s,
                        colour: if dark { PAPER } else { INK },
                        text,
                    });
                }
            }
        }

        // The legend, right of the plot.
        let legend_x = plot_x + plot_w + 16 * f;
        let (legend_w, legend_h) = legend(
            &mut marks,
            table,
            palette,
            (legend_x, plot_y),
            f,
            plot_h.max(160 * f),
            enlarge_p,
        );
        let width = (legend_x + legend_w + pad).max(pad + width_of(&title, f) + pad);
        let height = (plot_y + plot_h).max(plot_y + legend_h) + pad;
        if u64::from(width) * u64::from(height) > MAX_PIXELS {
            return Err(PictureError::TooLarge {
                width: width.into(),
                height: height.into(),
                limit: MAX_PIXELS,
            });
        }
        Ok(Heatmap {
            width,
            height,
            plot_x,
            plot_y,
            scale,
            rows,
            columns,
            cells,
            forms: match texts.kind() {
                Kind::Forms => texts.values().iter().map(|&v| texts.cell_text(v)).collect(),
                _ => Vec::new(),
            },
            palette,
            grid_lines,
            enlarge_p,
            row_names: (0..rows)
                .map(|r| format!("{} = {}", layout.row_name(), layout.row_label(r)))
                .collect(),
            column_names: (0..columns)
                .map(|c| match layout.is_grid() {
                    true => format!("b = {}", layout.column_label(c)),
                    false => format!("+{c}"),
                })
                .collect(),
            marks,
        })
    }

    /// The picture's width and height in pixels.
    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// The number of rows and columns of cells.
    pub fn cells(&self) -> (usize, usize) {
        (self.rows, self.columns)
    }

    /// Pixels per cell.
    pub fn scale(&self) -> u32 {
        self.scale
    }

    /// The top left pixel of the cell at row `r`, column `c`.
    pub fn cell_origin(&self, r: usize, c: usize) -> (u32, u32) {
        (
            self.plot_x + c as u32 * self.scale,
            self.plot_y + r as u32 * self.scale,
        )
    }

    /// The colour of a cell value (for outcome tables: 0 for P, 1 for N).
    pub fn colour(&self, cell: u64) -> Rgb {
        self.palette.colour(cell)
    }

    /// The picture as 8-bit RGB pixels, row by row.
    pub fn pixels(&self) -> Vec<u8> {
        let mut pixels = vec![255u8; self.width as usize * self.height as usize * 3];
        let inner = self.scale - u32::from(self.grid_lines);
        for (i, cell) in self.cells.iter().enumerate() {
            if let Some(v) = cell {
                let (x, y) = self.cell_origin(i / self.columns, i % self.columns);
                fill(
                    &mut pixels,
                    self.width,
                    (x, y, inner, inner),
                    self.palette.colour(*v),
                );
            }
        }
        for (x, y) in self.enlarged_p() {
            fill(&mut pixels, self.width, (x, y, 3, 3), P_COLOUR);
        }
        paint(&mut pixels, self.width, &self.marks);
        pixels
    }

    /// The top left pixels of the 3-pixel squares drawn over P-positions, if they are
    /// enlarged: centred on the cells, kept within the plot.
    fn enlarged_p(&self) -> Vec<(u32, u32)> {
        if !self.enlarge_p {
            return Vec::new();
        }
        let (plot_w, plot_h) = (
            self.columns as u32 * self.scale,
            self.rows as u32 * self.scale,
        );
        let place = |origin: u32, start: u32, size: u32| {
            let centre = start + self.scale / 2;
            centre
                .saturating_sub(1)
                .max(origin)
                .min(origin + size.saturating_sub(3))
        };
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, &cell)| cell == Some(0))
            .map(|(i, _)| {
                let (x, y) = self.cell_origin(i / self.columns, i % self.columns);
                (place(self.plot_x, x, plot_w), place(self.plot_y, y, plot_h))
            })
            .collect()
    }

    /// The picture as a PNG file.
    pub fn png(&self) -> Vec<u8> {
        encode_png(self.width, self.height, &self.pixels())
    }

    /// The cells alone at one pixel per cell, as a PNG file (white past the end of a
    /// wrapped line).
    fn cells_png(&self) -> Vec<u8> {
        let mut pixels = Vec::with_capacity(self.cells.len() * 3);
        for cell in &self.cells {
            pixels.extend(cell.map_or(PAPER, |v| self.palette.colour(v)));
        }
        encode_png(self.columns as u32, self.rows as u32, &pixels)
    }

    /// The picture as an SVG document.
    pub fn svg(&self) -> String {
        let mut s = svg_start(self.width, self.height);
        let inner = self.scale - u32::from(self.grid_lines);
        let _ = writeln!(s, "<g shape-rendering=\"crispEdges\">");
        if self.cells.len() <= SVG_CELL_RECTS {
            for (i, cell) in self.cells.iter().enumerate() {
                let Some(v) = cell else { continue };
                let (r, c) = (i / self.columns, i % self.columns);
                let (x, y) = self.cell_origin(r, c);
                let _ = writeln!(
                    s,
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{inner}\" height=\"{inner}\" \
                     fill=\"{}\"><title>{}, {}: {}</title></rect>",
                    hex(self.palette.colour(*v)),
                    self.row_names[r],
                    self.column_names[c],
                    self.value_text(i, *v),
                );
            }
        } else {
            let runs = self.runs();
            if runs.len() <= SVG_MAX_RUNS {
                for (r, c, len, v) in runs {
                    let (x, y) = self.cell_origin(r, c);
                    let _ = writeln!(
                        s,
                        "<rect x=\"{x}\" y=\"{y}\" width=\"{}\" height=\"{inner}\" fill=\"{}\"/>",
                        len as u32 * self.scale - u32::from(self.grid_lines),
                        hex(self.palette.colour(v)),
                    );
                }
            } else {
                let _ = writeln!(
                    s,
                    "<image x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" \
                     preserveAspectRatio=\"none\" style=\"image-rendering:pixelated\" \
                     href=\"data:image/png;base64,{}\"/>",
                    self.plot_x,
                    self.plot_y,
                    self.columns as u32 * self.scale,
                    self.rows as u32 * self.scale,
                    BASE64_STANDARD.encode(self.cells_png()),
                );
            }
        }
        for (x, y) in self.enlarged_p() {
            let _ = writeln!(
                s,
                "<rect x=\"{x}\" y=\"{y}\" width=\"3\" height=\"3\" fill=\"{}\"/>",
                hex(P_COLOUR)
            );
        }
        svg_fills(&mut s, &self.marks);
        let _ = writeln!(s, "</g>");
        svg_texts(&mut s, &self.marks);
        let _ = writeln!(s, "</svg>");
        s
    }

    /// The text of cell `i`, whose value is `cell`: the value, the outcome's letter, or the
    /// canonical form.
    fn value_text(&self, i: usize, cell: u64) -> String {
        match (self.forms.get(i), self.palette) {
            (Some(form), _) => form.clone(),
            (None, Palette::Outcomes) => ["P", "N", "L", "R"][cell as usize].to_string(),
            (None, _) => cell.to_string(),
        }
    }

    /// The runs of equal cells along each row: (row, first column, length, cell).
    fn runs(&self) -> Vec<(usize, usize, usize, u64)> {
        let mut runs = Vec::new();
        for (r, row) in self.cells.chunks(self.columns).enumerate() {
            let mut c = 0;
            while c < row.len() {
                let Some(v) = row[c] else {
                    c += 1;
                    continue;
                };
                let len = row[c..].iter().take_while(|&&x| x == Some(v)).count();
                runs.push((r, c, len, v));
                c += len;
            }
        }
        runs
    }
}

/// The title: `GAME: values, a = A0..A1, b = B0..B1` or `GAME: values, n = N0..N1 (rows of W)`.
fn title(table: &Table, layout: &Layout<'_>) -> String {
    let what = match table.kind() {
        Kind::Values => "Sprague-Grundy values",
        Kind::Outcomes => "outcomes",
        Kind::Forms => "canonical forms",
    };
    match table.columns() {
        Some(columns) => format!(
            "{}: {what}, a = {}, b = {}",
            table.game(),
            table.rows(),
            columns
        ),
        None => format!(
            "{}: {what}, n = {} (rows of {})",
            table.game(),
            table.rows(),
            layout.columns()
        ),
    }
}

/// Adds the legend with its top left corner at `(x, y)`, in font pixels of `f`, the ramp bar
/// at most `bar_room` high, and a note when P-positions are enlarged; returns its width and
/// height.
fn legend(
    marks: &mut Vec<Mark>,
    table: &Table,
    palette: Palette,
    (x, y): (u32, u32),
    f: u32,
    bar_room: u32,
    enlarge_p: bool,
) -> (u32, u32) {
    let counts = table.counts();
    let count_of = |v: u64| {
        counts
            .iter()
            .find(|&&(value, _)| value == v)
            .map_or(0, |&(_, n)| n)
    };
    let line = 11 * f;
    let swatch = 8 * f;
    let mut texts: Vec<(Rgb, String)> = Vec::new();
    let heading = match palette {
        Palette::Outcomes => "outcome: cells",
        _ => "value: cells",
    };
    match palette {
        Palette::Outcomes => {
            texts.push((P_COLOUR, format!("P: {}", count_of(0))));
            texts.push((N_COLOUR, format!("N: {}", count_of(1))));
            // L and R only in tables of partizan games.
            for (code, colour, letter) in [(2, L_COLOUR, "L"), (3, R_COLOUR, "R")] {
                if count_of(code) > 0 {
                    texts.push((colour, format!("{letter}: {}", count_of(code))));
                }
            }
        }
        Palette::Categorical => {
            let max = counts.last().map_or(0, |&(v, _)| v);
            for v in 0..=max {
                let label = if v == 0 {
                    format!("0 (P): {}", count_of(0))
                } else {
                    format!("{v}: {}", count_of(v))
                };
                texts.push((palette.colour(v), label));
            }
        }
        Palette::Ramp { .. } => texts.push((P_COLOUR, format!("0 (P): {}", count_of(0)))),
    }
    if enlarge_p {
        texts.insert(1, (PAPER, "(P drawn 3 px wide)".to_string()));
    }
    marks.push(Mark::Text {
        x,
        y,
        size: f,
        colour: INK,
        text: heading.to_string(),
    });
    let mut width = width_of(heading, f);
    let mut bottom = y + line;
    for (colour, text) in texts {
        let top = bottom + f;
        marks.push(Mark::Fill {
            x,
            y: top,
            w: swatch,
            h: swatch,
            colour,
        });
        width = width.max(swatch + 4 * f + width_of(&text, f));
        marks.push(Mark::Text {
            x: x + swatch + 4 * f,
            y: top,
            size: f,
            colour: INK,
            text,
        });
        bottom += line;
    }
    if let Palette::Ramp { max } = palette {
        // A vertical bar from 1 (top) to max (bottom), with ticks.
        let top = bottom + 6 * f;
        let bar_h = bar_room.clamp(60 * f, 300 * f);
        let bar_w = 4 * swatch / 2;
        for i in 0..bar_h {
            let v = 1 + ((max - 1) as u128 * i as u128 / (bar_h - 1).max(1) as u128) as u64;
            marks.push(Mark::Fill {
                x,
                y: top + i,
                w: bar_w,
                h: 1,
                colour: palette.colour(v),
            });
        }
        let step = nice_step((max - 1).div_ceil(u64::from((bar_h / (2 * line)).max(1))));
        let at = |v: u64| top + ((v - 1) as u128 * (bar_h - 1) as u128 / (max - 1) as u128) as u32;
        let mut ticks: Vec<u64> = vec![1];
        ticks.extend(
            (1..)
                .map_while(|k: u64| k.checked_mul(step))
                .take_while(|&v| v < max)
                .filter(|&v| v > 1),
        );
        // The largest value is labelled too, unless a tick is too close above it.
        if ticks.last().is_some_and(|&v| at(max) - at(v) < line) {
            ticks.pop();
        }
        ticks.push(max);
        for v in ticks {
            let text = v.to_string();
            let ty = at(v);
            marks.push(Mark::Fill {
                x: x + bar_w,
                y: ty,
                w: 3 * f,
                h: 1.max(f / 2),
                colour: INK,
            });
            width = width.max(bar_w + 5 * f + width_of(&text, f));
            marks.push(Mark::Text {
                x: x + bar_w + 5 * f,
                y: ty.saturating_sub(7 * f / 2),
                size: f,
                colour: INK,
                text,
            });
        }
        bottom = top + bar_h + line;
    }
    (width, bottom - y + GLYPH_HEIGHT * f)
}

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

/// Escapes text for XML.
pub(crate) fn escape(text: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings() {
        assert_eq!(escape("a<b & 'c'"), "a&lt;b &amp; &apos;c&apos;");
        assert_eq!(hex([255, 0, 16]), "#ff0010");
    }

    #[test]
    fn steps_and_wraps() {
        assert_eq!(nice_step(0), 1);
        assert_eq!(nice_step(3), 5);
        assert_eq!(nice_step(11), 20);
        assert_eq!(nice_step(u64::MAX), u64::MAX);
        assert_eq!(square_wrap(0), 1);
        assert_eq!(square_wrap(9), 3);
        assert_eq!(square_wrap(10), 4);
        assert_eq!(square_wrap(100), 10);
        assert_eq!(square_wrap(1000), 30);
        assert_eq!(square_wrap(100_000), 310);
        assert_eq!(square_wrap(1_000_000), 1000);
        assert_eq!(square_wrap(1_000_001), 1000);
    }

    #[test]
    fn palette_colours() {
        let ramp = Palette::Ramp { max: 100 };
        assert_eq!(ramp.colour(0), P_COLOUR);
        assert_eq!(ramp.colour(1), RAMP[0]);
        assert_eq!(ramp.colour(100), RAMP[6]);
        assert_eq!(Palette::Categorical.colour(3), CATEGORICAL[2]);
        assert_eq!(Palette::Outcomes.colour(1), N_COLOUR);
    }
}
