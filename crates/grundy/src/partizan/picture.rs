//! Thermographs drawn as pictures, PNG or SVG (with the `pictures` feature).
//!
//! Temperature runs up and value runs to the *left*, as is usual in combinatorial game theory
//! (Left's larger values on Left's side). Both axes share one scale, a power of two pixels
//! per unit, so that walls of slope ±1 are drawn at 45° and every dyadic corner falls on an
//! exact coordinate. The plot spans the temperatures from −1 (where cooling starts to be
//! defined) to above the game's temperature (or 0), and the values between the walls' feet at
//! −1, with a margin; a grey line marks temperature 0. The left wall is blue, the right wall
//! red, the mast black up to the top edge. Ticks stand at the multiples of a power of two,
//! labelled exactly (`3/4`); the title names the game, its mean and its temperature, in as many
//! lines as the plot's width takes (so that a page can show the picture at its own size).
//!
//! The frame, ticks and labels are the table heatmaps' marks, painted and encoded by the same
//! code ([`crate::pattern::picture`]); only the walls, which are sloped, are drawn here. In
//! SVG each wall is a `<polyline>` whose `<title>` lists its corners exactly. O(corners) to
//! lay out; the pictures are a few hundred pixels square, O(pixels) to paint.

use std::fmt::Write as _;

use super::error::ValueError;
use super::number::{Dyadic, NumberOverflow};
use super::store::{GameId, GameStore};
use super::thermograph::{Thermograph, Trajectory};
use crate::pattern::picture::{
    encode_png, escape, fill, hex, paint, svg_fills, svg_start, svg_texts, width_of, Mark, Rgb, INK,
};

impl GameStore {
    /// The thermograph of `g` drawn as an SVG document, titled with the game's canonical
    /// form: what the command line's `--svg`, the page and a ruleset's position show.
    /// O(thermograph) besides the thermograph itself.
    pub fn thermograph_svg(&mut self, g: GameId) -> Result<String, ValueError> {
        let thermograph = self.thermograph(g)?;
        let name = self.display(g);
        Ok(ThermographPicture::new(&name, &thermograph)?.svg())
    }
}

/// The plot's longer side is at most this many pixels (and more than half of it).
const PLOT: f64 = 384.0;
/// The largest scale, in pixels per unit: `2^MAX_SCALE_LOG`.
const MAX_SCALE_LOG: i32 = 8;
/// Pixels (as a power of two) between the walls' feet and the plot's sides, and between
/// ticks at the least.
const MARGIN_LOG: i32 = 5;
/// Pixels (as a power of two) of mast shown above the temperature (or 0).
const HEADROOM_LOG: i32 = 6;
/// Font pixels are this many screen pixels.
const FONT: u32 = 2;
/// The longest name of a game in the title, in characters.
const TITLE_NAME: usize = 60;
/// The title wraps at the plot's width, or at this text's where the plot is narrower: a
/// small thermograph's title takes a few lines, not one a word.
const TITLE_WIDTH: &str = "thermograph of {1|0}: mean";

/// The left wall's colour.
const LEFT_COLOUR: Rgb = [31, 90, 200];
/// The right wall's colour.
const RIGHT_COLOUR: Rgb = [210, 40, 40];
/// The line at temperature 0.
const ZERO_LINE: Rgb = [190, 190, 190];

/// A polyline of the picture: a wall or the mast.
#[derive(Debug, Clone, PartialEq)]
struct Line {
    /// Its SVG class: `left-wall`, `right-wall` or `mast`.
    class: &'static str,
    colour: Rgb,
    /// Its corners exactly, for the SVG tooltip.
    label: String,
    /// Its corners in pixels.
    points: Vec<(f64, f64)>,
}

/// A thermograph laid out as a picture, ready to be written as PNG or SVG.
///
/// ```
/// use grundy::partizan::picture::ThermographPicture;
/// use grundy::partizan::{Dyadic, GameStore};
///
/// let mut store = GameStore::new();
/// let g = store.parse("{2|-1}").unwrap();
/// let picture = ThermographPicture::new("{2|-1}", &store.thermograph(g).unwrap()).unwrap();
/// // The mast stands at 1/2 from temperature 3/2; the left wall's foot is 5/2 further left
/// // and lower, at 45 degrees.
/// let (x, y) = picture.position(Dyadic::new(1, 1).unwrap(), Dyadic::new(3, 1).unwrap()).unwrap();
/// let (x0, y0) = picture.position(Dyadic::from(3), Dyadic::from(-1)).unwrap();
/// assert_eq!((x - x0, y0 - y), (2.5 * picture.scale(), 2.5 * picture.scale()));
/// assert!(picture.svg().contains("class=\"mast\""));
/// assert_eq!(&picture.png()[1..4], b"PNG");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ThermographPicture {
    width: u32,
    height: u32,
    /// Pixels per unit, a power of two.
    scale: f64,
    /// The top left corner of the plot.
    plot: (u32, u32),
    /// The value at the plot's left edge.
    left_value: Dyadic,
    /// The temperature at the plot's top edge.
    top: Dyadic,
    lines: Vec<Line>,
    marks: Vec<Mark>,
}

/// `2^e`, for `e` from −62 to 62.
fn power_of_two(e: i32) -> Result<Dyadic, NumberOverflow> {
    if e >= 0 {
        1i64.checked_shl(e as u32)
            .filter(|&p| p > 0)
            .map(Dyadic::from)
            .ok_or(NumberOverflow)
    } else {
        Dyadic::new(1, e.unsigned_abs())
    }
}

/// The value of `x` as a float, for pixel positions (exact for the dyadics of a picture,
/// whose numerators are far below 2^53).
fn to_f64(x: Dyadic) -> f64 {
    x.numerator() as f64 / 2f64.powi(x.exponent() as i32)
}

/// The multiples of `2^e` from `low` to `high`, increasing. O(their number).
fn multiples(low: Dyadic, high: Dyadic, e: i32) -> Result<Vec<Dyadic>, ValueError> {
    let step = power_of_two(e)?;
    // The least multiple at least `low = m/2^k` is ⌈m / 2^(k+e)⌉ · 2^e, or `low` itself
    // when k + e ≤ 0 (its grain is finer than the step).
    let grain = low.exponent() as i32 + e;
    let mut x = if grain <= 0 {
        low
    } else {
        let divisor = 1i128.checked_shl(grain as u32).ok_or(NumberOverflow)?;
        let m = i128::from(low.numerator());
        let quotient = m.div_euclid(divisor) + i128::from(m.rem_euclid(divisor) != 0);
        let quotient = i64::try_from(quotient).map_err(|_| NumberOverflow)?;
        step.checked_mul_int(quotient)?
    };
    let mut all = Vec::new();
    while x <= high {
        all.push(x);
        x = x.checked_add(step)?;
    }
    Ok(all)
}

/// A wall's corners up to the temperature `tau`, ending at `(tau, mean)`.
fn wall_corners(wall: &Trajectory, tau: Dyadic) -> Result<Vec<(Dyadic, Dyadic)>, ValueError> {
    let mut corners: Vec<_> = wall
        .corners()?
        .into_iter()
        .filter(|&(t, _)| t <= tau)
        .collect();
    if corners.last().is_some_and(|&(t, _)| t < tau) {
        corners.push((tau, wall.value_at(tau)?));
    }
    Ok(corners)
}

impl ThermographPicture {
    /// Lays out the thermograph of the game called `name` (shortened in the title when
    /// long). Errors only when the game's values are so large that the margins leave the
    /// range of [`Dyadic`]. O(corners of the walls).
    pub fn new(name: &str, thermograph: &Thermograph) -> Result<ThermographPicture, ValueError> {
        let tau = thermograph.temperature();
        let mean = thermograph.mast()?;
        let left = wall_corners(&thermograph.left, tau)?;
        let right = wall_corners(&thermograph.right, tau)?;
        // The feet at −1 are the widest points: the left wall never increases upwards, the
        // right one never decreases.
        let (high, low) = (left[0].1, right[0].1);
        let hot = tau.max(Dyadic::ZERO);
        let span = to_f64(high.checked_sub(low)?).max(to_f64(hot) + 1.0);
        let scale_log = ((PLOT / span).log2().floor() as i32).min(MAX_SCALE_LOG);
        let scale = 2f64.powi(scale_log);
        let left_value = high.checked_add(power_of_two(MARGIN_LOG - scale_log)?)?;
        let right_value = low.checked_sub(power_of_two(MARGIN_LOG - scale_log)?)?;
        let top = hot.checked_add(power_of_two(HEADROOM_LOG - scale_log)?)?;
        let bottom = Dyadic::from(-1);
        let plot_w = (to_f64(left_value.checked_sub(right_value)?) * scale).ceil() as u32;
        let plot_h = (to_f64(top.checked_sub(bottom)?) * scale).ceil() as u32;

        // Ticks: at least 2^MARGIN_LOG pixels apart, further on the value axis until the
        // widest label fits between two ticks.
        let label = |x: &Dyadic| x.to_string();
        let mut value_log = MARGIN_LOG - scale_log;
        let value_ticks = loop {
            let ticks = multiples(right_value, left_value, value_log)?;
            let widest = ticks.iter().map(|x| width_of(&label(x), FONT)).max();
            if f64::from(widest.unwrap_or(0) + 4 * FONT) <= 2f64.powi(value_log) * scale {
                break ticks;
            }
            value_log += 1;
        };
        let temperature_ticks = multiples(bottom, top, MARGIN_LOG - scale_log)?;
        let widest_temperature = temperature_ticks
            .iter()
            .map(|t| width_of(&label(t), FONT))
            .max()
            .unwrap_or(0);

        let line = 11 * FONT;
        let pad = 8 * FONT;
        let tick = 3 * FONT;
        let plot_x = pad + widest_temperature + 2 * FONT + tick;
        // Laid out across first (the plot's top is set once the title's lines are known):
        // the title wraps within the plot's width and its labels'.
        let mut picture = ThermographPicture {
            width: 0,
            height: 0,
            scale,
            plot: (plot_x, 0),
            left_value,
            top,
            lines: Vec::new(),
            marks: Vec::new(),
        };
        let mut right_edge = plot_x + plot_w;
        let mut value_labels = Vec::with_capacity(value_ticks.len());
        for x in &value_ticks {
            let px = picture.position(*x, bottom)?.0.round() as u32;
            let text_w = width_of(&label(x), FONT);
            let text_x = px.saturating_sub(text_w / 2);
            right_edge = right_edge.max(text_x + text_w);
            value_labels.push((px, text_x, label(x)));
        }
        let shown: String = if name.chars().count() > TITLE_NAME {
            name.chars()
                .take(TITLE_NAME - 3)
                .chain("...".chars())
                .collect()
        } else {
            name.to_string()
        };
        let title = format!("thermograph of {shown}: mean {mean}, temperature {tau}");
        let title = wrap(&title, (right_edge - pad).max(width_of(TITLE_WIDTH, FONT)));
        let title_y = pad;
        let axis_name_y = title_y + line * title.len() as u32 + 2 * FONT;
        let plot_y = axis_name_y + line + 2 * FONT;
        let value_labels_y = plot_y + plot_h + tick + 2 * FONT;
        let value_name_y = value_labels_y + line;
        picture.plot.1 = plot_y;

        let value_name = "value (larger to the left)";
        let mut marks: Vec<Mark> = (title.iter().zip(0..))
            .map(|(words, i)| text(pad, title_y + i * line, words.clone()))
            .collect();
        marks.extend([
            text(pad, axis_name_y, "temperature".to_string()),
            text(
                (plot_x + plot_w / 2).saturating_sub(width_of(value_name, FONT) / 2),
                value_name_y,
                value_name.to_string(),
            ),
        ]);
        let (_, zero_y) = picture.position(left_value, Dyadic::ZERO)?;
        marks.push(rect(plot_x, zero_y.round() as u32, plot_w, 1, ZERO_LINE));
        for (px, text_x, words) in value_labels {
            marks.push(rect(px, plot_y + plot_h + 1, 1, tick, INK));
            marks.push(text(text_x, value_labels_y, words));
        }
        for t in &temperature_ticks {
            let (_, py) = picture.position(left_value, *t)?;
            let py = py.round() as u32;
            marks.push(rect(plot_x - 1 - tick, py, tick, 1, INK));
            marks.push(text(
                plot_x - 1 - tick - 2 * FONT - width_of(&label(t), FONT),
                py.saturating_sub(7 * FONT / 2),
                label(t),
            ));
        }
        // The frame, just outside the plot.
        marks.extend([
            rect(plot_x - 1, plot_y - 1, plot_w + 2, 1, INK),
            rect(plot_x - 1, plot_y + plot_h, plot_w + 2, 1, INK),
            rect(plot_x - 1, plot_y, 1, plot_h, INK),
            rect(plot_x + plot_w, plot_y, 1, plot_h, INK),
        ]);

        let mut lines = Vec::new();
        for (class, colour, corners) in [
            ("left-wall", LEFT_COLOUR, &left),
            ("right-wall", RIGHT_COLOUR, &right),
            ("mast", INK, &vec![(tau, mean), (top, mean)]),
        ] {
            let points = corners
                .iter()
                .map(|&(t, x)| picture.position(x, t))
                .collect::<Result<_, _>>()?;
            let label = if class == "mast" {
                format!("mast: {mean} from temperature {tau} up")
            } else {
                let listed: Vec<String> = corners
                    .iter()
                    .map(|(t, x)| format!("{x} at temperature {t}"))
                    .collect();
                format!("{}: {}", class.replace('-', " "), listed.join(", "))
            };
            lines.push(Line {
                class,
                colour,
                label,
                points,
            });
        }
        let widest_title = title.iter().map(|words| width_of(words, FONT)).max();
        picture.width = (right_edge + pad).max(pad + widest_title.unwrap_or(0) + pad);
        picture.height = value_name_y + line + pad;
        picture.lines = lines;
        picture.marks = marks;
        Ok(picture)
    }

    /// The picture's width and height in pixels.
    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// Pixels per unit of value or temperature, a power of two.
    pub fn scale(&self) -> f64 {
        self.scale
    }

    /// The pixel (x to the right, y down, from the top left corner) of the point at `value`
    /// and `temperature`: larger values further left, higher temperatures further up. O(1).
    pub fn position(&self, value: Dyadic, temperature: Dyadic) -> Result<(f64, f64), ValueError> {
        let (x, y) = self.plot;
        Ok((
            f64::from(x) + to_f64(self.left_value.checked_sub(value)?) * self.scale,
            f64::from(y) + to_f64(self.top.checked_sub(temperature)?) * self.scale,
        ))
    }

    /// The picture as 8-bit RGB pixels, row by row. O(pixels).
    pub fn pixels(&self) -> Vec<u8> {
        let mut pixels = vec![255u8; self.width as usize * self.height as usize * 3];
        paint(&mut pixels, self.width, &self.marks);
        for line in &self.lines {
            for pair in line.points.windows(2) {
                let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
                // A 3-pixel square brush stepped one pixel at a time along the segment.
                let steps = (x1 - x0).abs().max((y1 - y0).abs()).ceil().max(1.0) as u32;
                for i in 0..=steps {
                    let f = f64::from(i) / f64::from(steps);
                    let (x, y) = (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f);
                    let corner = ((x - 1.0).round().max(0.0), (y - 1.0).round().max(0.0));
                    fill(
                        &mut pixels,
                        self.width,
                        (corner.0 as u32, corner.1 as u32, 3, 3),
                        line.colour,
                    );
                }
            }
        }
        pixels
    }

    /// The picture as a PNG file (8-bit RGB). O(pixels).
    pub fn png(&self) -> Vec<u8> {
        encode_png(self.width, self.height, &self.pixels())
    }

    /// The picture as an SVG document. O(marks and corners).
    pub fn svg(&self) -> String {
        let mut s = svg_start(self.width, self.height);
        let _ = writeln!(s, "<g shape-rendering=\"crispEdges\">");
        svg_fills(&mut s, &self.marks);
        let _ = writeln!(s, "</g>");
        for line in &self.lines {
            let points: Vec<String> = line
                .points
                .iter()
                .map(|(x, y)| format!("{x},{y}"))
                .collect();
            let _ = writeln!(
                s,
                "<polyline class=\"{}\" points=\"{}\" fill=\"none\" stroke=\"{}\" \
                 stroke-width=\"3\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\
                 <title>{}</title></polyline>",
                line.class,
                points.join(" "),
                hex(line.colour),
                escape(&line.label)
            );
        }
        svg_texts(&mut s, &self.marks);
        let _ = writeln!(s, "</svg>");
        s
    }
}

/// `words` in lines at most `width` pixels wide (at the picture's font size), broken at spaces,
/// and within a word longer than a line (a long canonical form) wherever it reaches the edge.
/// O(characters).
fn wrap(words: &str, width: u32) -> Vec<String> {
    let fits = |text: &str| width_of(text, FONT) <= width;
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in words.split(' ') {
        let joined = if current.is_empty() {
            word.to_string()
        } else {
            format!("{current} {word}")
        };
        if fits(&joined) {
            current = joined;
            continue;
        }
        if !current.is_empty() {
            lines.push(std::mem::take(&mut current));
        }
        for c in word.chars() {
            current.push(c);
            if !fits(&current) && current.chars().count() > 1 {
                current.pop();
                lines.push(std::mem::replace(&mut current, c.to_string()));
            }
        }
    }
    lines.push(current);
    lines
}

/// A label in ink at `(x, y)`.
fn text(x: u32, y: u32, text: String) -> Mark {
    Mark::Text {
        x,
        y,
        size: FONT,
        colour: INK,
        text,
    }
}

/// A filled rectangle.
fn rect(x: u32, y: u32, w: u32, h: u32, colour: Rgb) -> Mark {
    Mark::Fill { x, y, w, h, colour }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_wraps_within_the_plot() {
        let mut store = GameStore::new();
        let g = store.parse("-3/2").unwrap();
        let picture = ThermographPicture::new("-3/2", &store.thermograph(g).unwrap()).unwrap();
        let titles: Vec<&str> = picture
            .marks
            .iter()
            .filter_map(|m| match m {
                Mark::Text { x, text, .. } if *x == 8 * FONT => Some(text.as_str()),
                _ => None,
            })
            .take_while(|t| *t != "temperature")
            .collect();
        assert_eq!(
            titles,
            ["thermograph of -3/2: mean -3/2,", "temperature -1/2"]
        );
        // Nothing wider than the picture's margins allow.
        for title in titles {
            assert!(
                width_of(title, FONT) + 16 * FONT <= picture.width,
                "{title}"
            );
        }
    }

    #[test]
    fn words_wrap_at_spaces_and_long_words_at_the_edge() {
        let width = width_of("abcdef", FONT);
        assert_eq!(wrap("ab cd ef", width), ["ab cd", "ef"]);
        assert_eq!(wrap("abcdefghij k", width), ["abcdef", "ghij k"]);
        assert_eq!(wrap("", width), [""]);
    }
}
