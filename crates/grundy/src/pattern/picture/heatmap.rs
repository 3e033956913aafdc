//! A table laid out as a heatmap: the frame, the palette, the cells with their values written
//! where they fit, and the legend; `render.rs` writes the result as PNG or SVG. Each step of the
//! layout is its own function, in the order the marks are drawn.

use super::frame::{title, Frame};
use super::legend::legend;
use super::marks::{width_of, Mark};
use super::options::{square_wrap, PictureError, PictureOptions};
use super::palette::{Palette, Rgb, CATEGORICAL, INK, PAPER};
use crate::outcome::OutcomeClass;
use crate::pattern::font;
use crate::pattern::table::{Kind, Layout, Table};

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
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) plot_x: u32,
    pub(super) plot_y: u32,
    pub(super) scale: u32,
    pub(super) rows: usize,
    pub(super) columns: usize,
    /// Cells row by row (a table of forms: their outcome codes); `None` past the end of a
    /// wrapped line.
    pub(super) cells: Vec<Option<u64>>,
    /// The canonical form of each cell, row by row, in a table of forms (empty otherwise):
    /// the cells' tooltips.
    pub(super) forms: Vec<String>,
    pub(super) palette: Palette,
    /// Whether cells are separated by white lines.
    pub(super) grid_lines: bool,
    /// Whether P-positions are drawn as 3-pixel squares over their neighbours (cells below 3
    /// pixels, P-positions fewer than 1 in 50): isolated P-positions stay visible.
    pub(super) enlarge_p: bool,
    /// Tooltips of the cells in SVG: the parameters of each row and column.
    pub(super) row_names: Vec<String>,
    pub(super) column_names: Vec<String>,
    pub(super) marks: Vec<Mark>,
}

impl Heatmap {
    /// Lays `table` out. Errors for a scale of 0 or a picture above
    /// [`MAX_PIXELS`](super::MAX_PIXELS). A table of canonical forms is coloured by outcome
    /// class (P, N, L, R) and shows its forms in the cells and tooltips. O(cells + ticks).
    pub fn new(table: &Table, options: &PictureOptions) -> Result<Heatmap, PictureError> {
        if options.scale == Some(0) {
            return Err(PictureError::ZeroScale);
        }
        // A table of forms is coloured by its outcomes and labelled by its forms; a table of
        // elements by its elements (the P-portion black) and labelled by their words.
        let colours;
        let (table, texts) = match table.kind() {
            Kind::Forms => {
                colours = table.outcomes();
                (&colours, table)
            }
            Kind::Elements => {
                colours = element_colours(table);
                (&colours, table)
            }
            _ => (table, table),
        };
        let wrap = match options.wrap {
            0 => square_wrap(table.values().len()),
            w => w,
        };
        let layout = table.layout(wrap);
        let frame = Frame::new(&layout, options.scale)?;
        let palette = palette_of(table);
        let title = title(texts, &layout);
        let mut marks = frame.marks(&title, &layout);
        let cells = cells_with_text(
            &frame,
            &layout,
            texts,
            &texts.layout(wrap),
            palette,
            &mut marks,
        );
        let enlarge_p = frame.scale < 3 && {
            let p_count = table.values().iter().filter(|&&v| v == 0).count();
            p_count * 50 < table.values().len()
        };
        let bar_room = frame.plot_h.max(160 * frame.f);
        let corner = frame.legend_corner();
        let legend = legend(
            &mut marks, table, texts, palette, corner, frame.f, bar_room, enlarge_p,
        );
        let (width, height) = frame.size(&title, legend)?;
        let (row_names, column_names) = axis_names(&layout);
        Ok(Heatmap {
            width,
            height,
            plot_x: frame.plot_x,
            plot_y: frame.plot_y,
            scale: frame.scale,
            rows: frame.rows,
            columns: frame.columns,
            cells,
            forms: match texts.kind() {
                Kind::Forms | Kind::Elements => {
                    texts.values().iter().map(|&v| texts.cell_text(v)).collect()
                }
                _ => Vec::new(),
            },
            palette,
            grid_lines: grid_lines(frame.scale),
            enlarge_p,
            row_names,
            column_names,
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
}

/// How the values of `table` (its outcomes, for a table of forms) are coloured: by outcome, by
/// a fixed colour each when no value exceeds 16, or on the ramp.
fn palette_of(table: &Table) -> Palette {
    let max = table.values().iter().copied().max().unwrap_or(0);
    match table.kind() {
        Kind::Outcomes | Kind::Forms => Palette::Outcomes,
        Kind::Values | Kind::Elements if max <= CATEGORICAL.len() as u64 => Palette::Categorical,
        Kind::Values | Kind::Elements => Palette::Ramp { max },
    }
}

/// The colour codes of a table of misère quotient elements, as a table of values: 0 (black)
/// for the elements of the P-portion, then 1, 2, ... for the other elements its cells hold, in
/// the quotient's order. O(cells + elements).
fn element_colours(table: &Table) -> Table {
    let elements = table.forms();
    let mut held = vec![false; elements.len()];
    for &e in table.values() {
        held[e as usize] = true;
    }
    let mut next = 0;
    let codes: Vec<u64> = elements
        .iter()
        .zip(&held)
        .map(|(element, &held)| match element.class {
            OutcomeClass::Second => 0,
            _ if held => {
                next += 1;
                next
            }
            _ => 0,
        })
        .collect();
    let first = table.rows().first;
    Table::line(table.game(), table.rows(), |n| {
        codes[table.values()[(n - first) as usize] as usize]
    })
    .expect("the same cells as a table that exists")
}

/// Whether cells of `scale` pixels are separated by white lines: from 8 pixels on.
fn grid_lines(scale: u32) -> bool {
    scale >= 8
}

/// The cells row by row (`None` past the end of a wrapped line), adding to `marks` the text of
/// each cell where it fits (`texts` and `text_layout`: the table whose text the cells show,
/// its forms for a table of forms), light on dark colours and dark on light ones. Every cell's
/// text is written at one size where the widest fits; else a form (or element) is still
/// written, at size 1, in each cell it fits, so that one long form leaves the others shown.
fn cells_with_text(
    frame: &Frame,
    layout: &Layout<'_>,
    texts: &Table,
    text_layout: &Layout<'_>,
    palette: Palette,
    marks: &mut Vec<Mark>,
) -> Vec<Option<u64>> {
    let scale = frame.scale;
    let inner = scale - u32::from(grid_lines(scale));
    let cell_font = cell_font(texts, scale, inner);
    // Each cell measured on its own only where no size fits all and text can fit at all.
    let each_its_own =
        cell_font.is_none() && scale >= 20 && matches!(texts.kind(), Kind::Forms | Kind::Elements);
    let mut cells = Vec::with_capacity(frame.rows * frame.columns);
    for r in 0..frame.rows {
        for c in 0..frame.columns {
            let cell = layout.cell(r, c);
            cells.push(cell);
            if cell_font.is_none() && !each_its_own {
                continue;
            }
            if let (Some(cell), Some(text)) = (cell, text_layout.cell(r, c)) {
                let text = texts.cell_text(text);
                let own = || fits(font::text_width(&text), scale, inner, 1).then_some(1);
                let Some(s) = cell_font.or_else(own) else {
                    continue;
                };
                let [red, green, blue] = palette.colour(cell);
                let luma = 299 * u32::from(red) + 587 * u32::from(green) + 114 * u32::from(blue);
                let dark = luma < 128_000;
                marks.push(Mark::Text {
                    x: frame.plot_x + c as u32 * scale + (inner - width_of(&text, s)) / 2,
                    y: frame.plot_y + r as u32 * scale + (inner - 7 * s) / 2,
                    size: s,
                    colour: if dark { PAPER } else { INK },
                    text,
                });
            }
        }
    }
    cells
}

/// The font size (2, else 1) at which the cells' text is written, if any: only in cells of 20
/// pixels or more (`inner`: their inside), where the widest text fits; in smaller cells text
/// would hide the colours.
fn cell_font(texts: &Table, scale: u32, inner: u32) -> Option<u32> {
    let widest_cell = match texts.kind() {
        Kind::Values => {
            let max = texts.values().iter().copied().max().unwrap_or(0);
            font::text_width(&max.to_string())
        }
        Kind::Outcomes => font::text_width("N"),
        Kind::Forms | Kind::Elements => texts
            .forms()
            .iter()
            .map(|form| font::text_width(&form.text))
            .max()
            .unwrap_or(0),
    };
    [2, 1]
        .into_iter()
        .find(|&s| fits(widest_cell, scale, inner, s))
}

/// Whether text `width` pixels wide at size 1 fits at size `s` in a cell of `scale` pixels
/// (`inner`: its inside), with a margin of `s` pixels around it.
fn fits(width: u32, scale: u32, inner: u32, s: u32) -> bool {
    scale >= 20 && width * s + 2 * s <= inner && 7 * s + 2 * s <= inner
}

/// The tooltips of the rows and columns in SVG: `a = 3` (`n = 30` for a wrapped line), and
/// `b = 5` (`+4` along a wrapped line).
fn axis_names(layout: &Layout<'_>) -> (Vec<String>, Vec<String>) {
    let rows = (0..layout.rows())
        .map(|r| format!("{} = {}", layout.row_name(), layout.row_label(r)))
        .collect();
    let columns = (0..layout.columns())
        .map(|c| match layout.is_grid() {
            true => format!("b = {}", layout.column_label(c)),
            false => format!("+{c}"),
        })
        .collect();
    (rows, columns)
}
