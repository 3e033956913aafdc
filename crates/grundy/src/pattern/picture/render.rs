//! A laid-out heatmap written out: its pixels and PNG file, and its SVG document (one `<rect>`
//! per cell with a tooltip for small tables, one per run of equal cells beyond, an embedded PNG
//! for very fragmented tables).

use std::fmt::Write as _;

use base64::prelude::{Engine as _, BASE64_STANDARD};

use super::heatmap::Heatmap;
use super::palette::{Palette, PAPER, P_COLOUR};
use super::raster::{encode_png, fill, paint};
use super::svg::{hex, svg_fills, svg_start, svg_texts};

/// Tables up to this many cells get one SVG `<rect>` per cell, with a tooltip.
const SVG_CELL_RECTS: usize = 10_000;
/// Beyond this many runs of equal cells, SVG embeds the cells as a PNG image.
const SVG_MAX_RUNS: usize = 250_000;

impl Heatmap {
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
