//! The legend of a heatmap: a swatch a value (or outcome) with how many cells have it, and for
//! values on the ramp a vertical bar with ticks. Drawn as marks, like the rest of the picture.

use super::marks::{width_of, Mark};
use super::palette::{Palette, Rgb, INK, L_COLOUR, N_COLOUR, PAPER, P_COLOUR, R_COLOUR};
use super::ticks::nice_step;
use crate::outcome::OutcomeClass;
use crate::pattern::font::GLYPH_HEIGHT;
use crate::pattern::table::{Kind, Table};

/// The most elements a legend of misère quotient elements lists, one line each; the rest are
/// counted in a last line.
const MAX_ELEMENT_ENTRIES: usize = 40;

/// Adds the legend of the colours of `table` (`texts`: the table whose cells the colours
/// stand for, a table of elements for its colours) with its top left corner at `(x, y)`, in
/// font pixels of `f`, the ramp bar at most `bar_room` high, and a note when P-positions are
/// enlarged; returns its width and height. O(cells + bar height).
#[allow(clippy::too_many_arguments)]
pub(super) fn legend(
    marks: &mut Vec<Mark>,
    table: &Table,
    texts: &Table,
    palette: Palette,
    (x, y): (u32, u32),
    f: u32,
    bar_room: u32,
    enlarge_p: bool,
) -> (u32, u32) {
    let (heading, entries) = match texts.kind() {
        Kind::Elements => element_entries(table, texts, palette),
        _ => entries(table, palette, enlarge_p),
    };
    let (mut width, mut bottom) = swatches(marks, heading, entries, (x, y), f);
    if let (Palette::Ramp { max }, false) = (palette, texts.kind() == Kind::Elements) {
        let (bar_width, bar_bottom) = ramp_bar(marks, max, (x, bottom + 6 * f), f, bar_room);
        width = width.max(bar_width);
        bottom = bar_bottom;
    }
    (width, bottom - y + GLYPH_HEIGHT * f)
}

/// The legend's heading and its entries (a colour and its text, `3: 12`), in order: outcomes
/// P and N (and L, R when present); every value up to 16; or 0 alone before the ramp. A note
/// follows the first entry when P-positions are enlarged.
fn entries(table: &Table, palette: Palette, enlarge_p: bool) -> (&'static str, Vec<(Rgb, String)>) {
    let counts = table.counts();
    let count_of = |v: u64| {
        counts
            .iter()
            .find(|&&(value, _)| value == v)
            .map_or(0, |&(_, n)| n)
    };
    let mut entries: Vec<(Rgb, String)> = Vec::new();
    let heading = match palette {
        Palette::Outcomes => "outcome: cells",
        _ => "value: cells",
    };
    match palette {
        Palette::Outcomes => {
            entries.push((P_COLOUR, format!("P: {}", count_of(0))));
            entries.push((N_COLOUR, format!("N: {}", count_of(1))));
            // L and R only in tables of partizan games.
            for (code, colour, letter) in [(2, L_COLOUR, "L"), (3, R_COLOUR, "R")] {
                if count_of(code) > 0 {
                    entries.push((colour, format!("{letter}: {}", count_of(code))));
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
                entries.push((palette.colour(v), label));
            }
        }
        Palette::Ramp { .. } => entries.push((P_COLOUR, format!("0 (P): {}", count_of(0)))),
    }
    if enlarge_p {
        entries.insert(1, (PAPER, "(P drawn 3 px wide)".to_string()));
    }
    (heading, entries)
}

/// The legend of a table of misère quotient elements (`colours`: its cells' colour codes):
/// each element that a cell holds, in the quotient's order, with its colour, its word, `(P)`
/// for the P-portion and how many heaps have it; at most [`MAX_ELEMENT_ENTRIES`] lines.
fn element_entries(
    colours: &Table,
    elements: &Table,
    palette: Palette,
) -> (&'static str, Vec<(Rgb, String)>) {
    let mut heaps = vec![(0u64, 0u64); elements.forms().len()];
    for (&e, &colour) in elements.values().iter().zip(colours.values()) {
        heaps[e as usize] = (heaps[e as usize].0 + 1, colour);
    }
    let present: Vec<(usize, (u64, u64))> = heaps
        .into_iter()
        .enumerate()
        .filter(|(_, (count, _))| *count > 0)
        .collect();
    let mut entries: Vec<(Rgb, String)> = present
        .iter()
        .take(MAX_ELEMENT_ENTRIES)
        .map(|&(e, (count, colour))| {
            let form = &elements.forms()[e];
            let p = if form.class == OutcomeClass::Second {
                " (P)"
            } else {
                ""
            };
            (palette.colour(colour), format!("{}{p}: {count}", form.text))
        })
        .collect();
    if present.len() > MAX_ELEMENT_ENTRIES {
        let more = present.len() - MAX_ELEMENT_ENTRIES;
        entries.push((PAPER, format!("and {more} more elements")));
    }
    ("element: heaps", entries)
}

/// Adds the heading at `(x, y)` and a line a swatch with its text below; returns the width
/// they take and the bottom of the last line.
fn swatches(
    marks: &mut Vec<Mark>,
    heading: &str,
    entries: Vec<(Rgb, String)>,
    (x, y): (u32, u32),
    f: u32,
) -> (u32, u32) {
    let line = 11 * f;
    let swatch = 8 * f;
    marks.push(Mark::Text {
        x,
        y,
        size: f,
        colour: INK,
        text: heading.to_string(),
    });
    let mut width = width_of(heading, f);
    let mut bottom = y + line;
    for (colour, text) in entries {
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
    (width, bottom)
}

/// Adds the ramp as a vertical bar from 1 (top, at `(x, top)`) to `max` (bottom), between 60
/// and 300 font pixels high within `bar_room`, with labelled ticks; returns the width it takes
/// and the bottom of the legend below it.
fn ramp_bar(
    marks: &mut Vec<Mark>,
    max: u64,
    (x, top): (u32, u32),
    f: u32,
    bar_room: u32,
) -> (u32, u32) {
    let line = 11 * f;
    let palette = Palette::Ramp { max };
    let bar_h = bar_room.clamp(60 * f, 300 * f);
    let bar_w = 4 * (8 * f) / 2;
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
    let at = |v: u64| top + ((v - 1) as u128 * (bar_h - 1) as u128 / (max - 1) as u128) as u32;
    let mut width = 0;
    for v in ramp_ticks(max, bar_h, line, at) {
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
    (width, top + bar_h + line)
}

/// The values labelled on a ramp bar `bar_h` pixels high with lines of text `line` high
/// (`at`: a value's height): 1, the multiples of a nice step, and `max`, leaving out the step
/// just above `max` when the two labels would overlap.
fn ramp_ticks(max: u64, bar_h: u32, line: u32, at: impl Fn(u64) -> u32) -> Vec<u64> {
    let step = nice_step((max - 1).div_ceil(u64::from((bar_h / (2 * line)).max(1))));
    let mut ticks: Vec<u64> = vec![1];
    ticks.extend(
        (1..)
            .map_while(|k: u64| k.checked_mul(step))
            .take_while(|&v| v < max)
            .filter(|&v| v > 1),
    );
    if ticks.last().is_some_and(|&v| at(max) - at(v) < line) {
        ticks.pop();
    }
    ticks.push(max);
    ticks
}
