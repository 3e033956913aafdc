//! The frame of a heatmap: where the title, the axes and the plot go, and the marks of the
//! title, the axes with their ticks and the plot's outline. Kept apart from the cells so that
//! the geometry is computed once and read by every later step.

use super::marks::{width_of, Mark};
use super::options::{PictureError, MAX_PIXELS};
use super::palette::INK;
use super::ticks::tick_indices;
use crate::pattern::table::{Kind, Layout, Table};

/// The geometry of a heatmap, in screen pixels. Vertically: title, x-axis name, x tick labels,
/// tick marks, plot; horizontally: y-axis name, y tick labels, tick marks, plot, legend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Frame {
    /// Rows and columns of cells.
    pub(super) rows: usize,
    pub(super) columns: usize,
    /// Pixels per cell.
    pub(super) scale: u32,
    /// Screen pixels per font pixel: 2, or 3 on large plots.
    pub(super) f: u32,
    /// The height of a line of text, and the margin around the picture.
    pub(super) line: u32,
    pub(super) pad: u32,
    /// The plot's top left corner and size.
    pub(super) plot_x: u32,
    pub(super) plot_y: u32,
    pub(super) plot_w: u32,
    pub(super) plot_h: u32,
    /// The tops of the title, the x-axis name and the x tick labels.
    title_y: u32,
    x_name_y: u32,
    x_labels_y: u32,
    /// The right edge of the y tick labels.
    y_labels_right: u32,
    /// The widest x tick label, which spaces the x ticks.
    widest_column: u32,
}

impl Frame {
    /// The frame of `layout` at `scale` pixels per cell (`None`: the plot about 800 pixels on
    /// its longer side, cells of 1 to 48 pixels). Errors when the plot alone would exceed
    /// [`MAX_PIXELS`] (or a side four times its square root).
    pub(super) fn new(layout: &Layout<'_>, scale: Option<u32>) -> Result<Frame, PictureError> {
        let (rows, columns) = (layout.rows(), layout.columns());
        let longer = rows.max(columns) as u64;
        let scale = scale.unwrap_or_else(|| (800 / longer).clamp(1, 48) as u32);
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
        let f = if plot_w.max(plot_h) >= 1400 { 3 } else { 2 };
        let (line, pad) = (11 * f, 8 * f);
        let widest_row = width_of(&layout.row_label(rows - 1).to_string(), f).max(width_of("0", f));
        let widest_column = width_of(&layout.column_label(columns - 1).to_string(), f);
        let title_y = pad;
        let x_name_y = title_y + line + 4 * f;
        let x_labels_y = x_name_y + line;
        let y_labels_right = pad + width_of(layout.row_name(), f) + 12 * f + widest_row;
        Ok(Frame {
            rows,
            columns,
            scale,
            f,
            line,
            pad,
            plot_x: y_labels_right + 5 * f,
            plot_y: x_labels_y + line + 2 * f,
            plot_w,
            plot_h,
            title_y,
            x_name_y,
            x_labels_y,
            y_labels_right,
            widest_column,
        })
    }

    /// The marks around the plot: the title, the x axis, the y axis and the outline, in the
    /// order they are drawn.
    pub(super) fn marks(&self, title: &str, layout: &Layout<'_>) -> Vec<Mark> {
        let mut marks = vec![Mark::Text {
            x: self.pad,
            y: self.title_y,
            size: self.f,
            colour: INK,
            text: title.to_string(),
        }];
        self.x_axis(layout, &mut marks);
        self.y_axis(layout, &mut marks);
        marks.extend(self.outline());
        marks
    }

    /// The x axis: its name centred over the plot, the ticks at cell centres with their
    /// labels above.
    fn x_axis(&self, layout: &Layout<'_>, marks: &mut Vec<Mark>) {
        let (f, scale, plot_x) = (self.f, self.scale, self.plot_x);
        let x_name = layout.column_name();
        marks.push(Mark::Text {
            x: (plot_x + self.plot_w / 2).saturating_sub(width_of(x_name, f) / 2),
            y: self.x_name_y,
            size: f,
            colour: INK,
            text: x_name.to_string(),
        });
        let room = self.widest_column + 4 * f;
        for c in tick_indices(self.columns, scale, room, |c| layout.column_label(c), true) {
            let centre = plot_x + c as u32 * scale + scale / 2;
            let text = layout.column_label(c).to_string();
            let w = width_of(&text, f);
            marks.push(Mark::Text {
                x: centre
                    .saturating_sub(w / 2)
                    .max(plot_x.saturating_sub(w / 2)),
                y: self.x_labels_y,
                size: f,
                colour: INK,
                text,
            });
            marks.push(Mark::Fill {
                x: centre,
                y: self.plot_y - 1 - self.tick(),
                w: 1.max(f / 2),
                h: self.tick(),
                colour: INK,
            });
        }
    }

    /// The y axis: its name left of the labels, halfway down; the ticks at cell centres with
    /// their labels right-aligned.
    fn y_axis(&self, layout: &Layout<'_>, marks: &mut Vec<Mark>) {
        let (f, scale, plot_y) = (self.f, self.scale, self.plot_y);
        marks.push(Mark::Text {
            x: self.pad,
            y: plot_y + self.plot_h.saturating_sub(7 * f) / 2,
            size: f,
            colour: INK,
            text: layout.row_name().to_string(),
        });
        let room = self.line + 2 * f;
        let by_label = layout.is_grid();
        for r in tick_indices(self.rows, scale, room, |r| layout.row_label(r), by_label) {
            let centre = plot_y + r as u32 * scale + scale / 2;
            let text = layout.row_label(r).to_string();
            marks.push(Mark::Text {
                x: self.y_labels_right - width_of(&text, f),
                y: centre.saturating_sub(7 * f / 2),
                size: f,
                colour: INK,
                text,
            });
            marks.push(Mark::Fill {
                x: self.plot_x - 1 - self.tick(),
                y: centre,
                w: self.tick(),
                h: 1.max(f / 2),
                colour: INK,
            });
        }
    }

    /// The length of a tick mark.
    fn tick(&self) -> u32 {
        3 * self.f
    }

    /// The outline, just outside the plot: top, bottom, left, right.
    fn outline(&self) -> [Mark; 4] {
        let (x, y, w, h) = (self.plot_x, self.plot_y, self.plot_w, self.plot_h);
        let line = |x, y, w, h| Mark::Fill {
            x,
            y,
            w,
            h,
            colour: INK,
        };
        [
            line(x - 1, y - 1, w + 2, 1),
            line(x - 1, y + h, w + 2, 1),
            line(x - 1, y, 1, h),
            line(x + w, y, 1, h),
        ]
    }

    /// The legend's top left corner: right of the plot, level with its top.
    pub(super) fn legend_corner(&self) -> (u32, u32) {
        (self.plot_x + self.plot_w + 16 * self.f, self.plot_y)
    }

    /// The picture's width and height with the legend (`legend`: its width and height) and the
    /// title. Errors above [`MAX_PIXELS`].
    pub(super) fn size(&self, title: &str, legend: (u32, u32)) -> Result<(u32, u32), PictureError> {
        let (legend_x, _) = self.legend_corner();
        let (f, pad) = (self.f, self.pad);
        let width = (legend_x + legend.0 + pad).max(pad + width_of(title, f) + pad);
        let height = (self.plot_y + self.plot_h).max(self.plot_y + legend.1) + pad;
        if u64::from(width) * u64::from(height) > MAX_PIXELS {
            return Err(PictureError::TooLarge {
                width: width.into(),
                height: height.into(),
                limit: MAX_PIXELS,
            });
        }
        Ok((width, height))
    }
}

/// The title: `GAME: values, a = A0..A1, b = B0..B1` or `GAME: values, n = N0..N1 (rows of W)`.
pub(super) fn title(table: &Table, layout: &Layout<'_>) -> String {
    let what = match table.kind() {
        Kind::Values => "Sprague-Grundy values",
        Kind::Outcomes => "outcomes",
        Kind::Forms => "canonical forms",
        Kind::Elements => "quotient elements",
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
