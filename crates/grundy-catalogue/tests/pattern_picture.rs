//! Heatmaps: the PNG decodes (with the `png` crate, an independent decoder) to the laid-out
//! size, every cell has its value's colour and every P-position is black; the SVG is
//! well-formed XML and draws every cell with the right colour, whether as one `<rect>` per
//! cell, as runs of cells, or as an embedded PNG image.
//!
//! Tables drawn: two-pile Nim 16 × 16 (fixed colours, values written in the cells), Wythoff
//! values 100 × 100 (the colour ramp) and 1000 × 1000 (one pixel per cell), Wythoff outcomes
//! 1000 × 1000 (P-positions enlarged), Kayles by n wrapped into rows (a short last row),
//! two-pile Nim 600 × 600 (an SVG too fragmented for rects), and the elements of Kayles's
//! misère quotient (a colour an element, the P-portion black).

use grundy::budget::Budget;
use grundy::pattern::picture::{
    square_wrap, Heatmap, PictureError, PictureOptions, Rgb, N_COLOUR, P_COLOUR,
};
use grundy::pattern::table::{Kind, Span, Table};
use grundy::progress::NoProgress;
use grundy_catalogue::games::registry::table_game;

fn span(first: u64, last: u64) -> Span {
    Span::new(first, last).unwrap()
}

fn grid(game: &str, last: u64, kind: Kind) -> Table {
    table_game(game)
        .unwrap()
        .grid(span(0, last), span(0, last), kind, &Budget::default())
        .unwrap()
}

/// Decodes a PNG: width, height and RGB pixels.
fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    pixels.truncate(info.buffer_size());
    (info.width, info.height, pixels)
}

fn pixel(pixels: &[u8], width: u32, x: u32, y: u32) -> Rgb {
    let i = (y as usize * width as usize + x as usize) * 3;
    [pixels[i], pixels[i + 1], pixels[i + 2]]
}

/// The PNG of `map` decodes to its size and pixels; every cell's centre has the cell's colour
/// (black for P-positions), except, where P-positions are enlarged, next to a P-position.
fn check_png(table: &Table, map: &Heatmap, wrap: usize) {
    let (width, height, pixels) = decode(&map.png());
    assert_eq!((width, height), map.size());
    assert_eq!(pixels, map.pixels());
    let layout = table.layout(wrap);
    let (rows, columns) = map.cells();
    assert_eq!((rows, columns), (layout.rows(), layout.columns()));
    let scale = map.scale();
    let is_p = |r: usize, c: usize| layout.cell(r, c) == Some(0);
    let mut p_seen = 0;
    for r in 0..rows {
        for c in 0..columns {
            let (x, y) = map.cell_origin(r, c);
            // The top left pixel: never under the value written in a large cell.
            let corner = pixel(&pixels, width, x, y);
            let Some(cell) = layout.cell(r, c) else {
                assert_eq!(corner, [255, 255, 255], "empty cell ({r}, {c})");
                continue;
            };
            if cell == 0 {
                p_seen += 1;
                assert_eq!(corner, P_COLOUR, "P-position at ({r}, {c})");
                continue;
            }
            let near_p = (r.saturating_sub(1)..=r + 1)
                .any(|rr| (c.saturating_sub(1)..=c + 1).any(|cc| is_p(rr, cc)));
            if scale < 3 && near_p && corner == P_COLOUR {
                continue;
            }
            assert_eq!(corner, map.colour(cell), "cell ({r}, {c}) of value {cell}");
            assert_ne!(corner, P_COLOUR, "cell ({r}, {c}) of value {cell}");
        }
    }
    assert_eq!(
        p_seen,
        table.values().iter().filter(|&&v| v == 0).count(),
        "P-positions drawn"
    );
}

/// An XML element: its name and attributes.
struct Element {
    name: String,
    attributes: Vec<(String, String)>,
}

/// A minimal XML well-formedness check: balanced, properly nested tags, quoted attributes,
/// only the five predefined entities. Returns the elements in document order.
fn parse_xml(text: &str) -> Vec<Element> {
    let mut elements: Vec<Element> = Vec::new();
    let mut stack: Vec<usize> = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('<') {
        let between = &rest[..start];
        check_text(between);
        let end = rest[start..].find('>').expect("a closed tag") + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack.pop().expect("a closing tag closes an open one");
            assert_eq!(elements[open].name, name, "nesting");
            continue;
        }
        let self_closing = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let (name, mut attributes_text) = tag.split_once(' ').unwrap_or((tag, ""));
        assert!(
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == ':'),
            "tag name {name:?}"
        );
        let mut attributes = Vec::new();
        loop {
            attributes_text = attributes_text.trim_start();
            if attributes_text.is_empty() {
                break;
            }
            let (key, after) = attributes_text.split_once("=\"").expect("key=\"value\"");
            let close = after.find('"').expect("a closing quote");
            let value = &after[..close];
            check_text(value);
            assert!(!key.contains(char::is_whitespace), "attribute {key:?}");
            assert!(
                attributes.iter().all(|(k, _)| k != key),
                "repeated attribute {key}"
            );
            attributes.push((key.to_string(), value.to_string()));
            attributes_text = &after[close + 1..];
        }
        elements.push(Element {
            name: name.to_string(),
            attributes,
        });
        if !self_closing {
            stack.push(elements.len() - 1);
        }
    }
    assert!(stack.is_empty(), "unclosed tags");
    assert_eq!(rest.trim(), "");
    assert_eq!(elements[0].name, "svg");
    elements
}

/// Text may hold `&` only in the predefined entities, and no `<`.
fn check_text(text: &str) {
    assert!(!text.contains('<'));
    let mut rest = text;
    while let Some(i) = rest.find('&') {
        let entity = &rest[i..rest[i..].find(';').expect("an entity ends with ;") + i + 1];
        assert!(
            ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].contains(&entity),
            "{entity}"
        );
        rest = &rest[i + 1..];
    }
}

fn attribute<'a>(attributes: &'a [(String, String)], key: &str) -> &'a str {
    &attributes.iter().find(|(k, _)| k == key).unwrap().1
}

fn number(attributes: &[(String, String)], key: &str) -> u32 {
    attribute(attributes, key).parse().unwrap()
}

fn hex(colour: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", colour[0], colour[1], colour[2])
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let mut out = Vec::new();
    for chunk in text.as_bytes().chunks(4) {
        let digits: Vec<u8> = chunk
            .iter()
            .take_while(|&&c| c != b'=')
            .map(|&c| value(c))
            .collect();
        let n = digits
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &d)| n | u32::from(d) << (18 - 6 * i));
        for i in 0..digits.len().saturating_sub(1) {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    out
}

/// The SVG is well-formed, its size is the picture's, and its cells have the right colours:
/// every cell is covered by exactly one rect of its colour (which cell a rect covers is read
/// from its position), or the embedded image holds one pixel per cell.
fn check_svg(table: &Table, map: &Heatmap, wrap: usize) -> &'static str {
    let svg = map.svg();
    let elements = parse_xml(&svg);
    let (width, height) = map.size();
    assert_eq!(number(&elements[0].attributes, "width"), width);
    assert_eq!(number(&elements[0].attributes, "height"), height);
    let layout = table.layout(wrap);
    let (rows, columns) = map.cells();
    let scale = map.scale();
    let (plot_x, plot_y) = map.cell_origin(0, 0);
    let (plot_w, plot_h) = (columns as u32 * scale, rows as u32 * scale);
    if let Some(Element { attributes, .. }) = elements.iter().find(|e| e.name == "image") {
        assert_eq!(
            (number(attributes, "x"), number(attributes, "y")),
            (plot_x, plot_y)
        );
        assert_eq!(
            (number(attributes, "width"), number(attributes, "height")),
            (plot_w, plot_h)
        );
        let data = attribute(attributes, "href")
            .strip_prefix("data:image/png;base64,")
            .unwrap();
        let (w, h, pixels) = decode(&base64_decode(data));
        assert_eq!((w as usize, h as usize), (columns, rows));
        for r in 0..rows {
            for c in 0..columns {
                let expected = layout.cell(r, c).map_or([255; 3], |v| map.colour(v));
                assert_eq!(
                    pixel(&pixels, w, c as u32, r as u32),
                    expected,
                    "({r}, {c})"
                );
            }
        }
        return "image";
    }
    let mut covered = vec![0u8; rows * columns];
    for Element { name, attributes } in &elements {
        if name != "rect" || attributes.iter().all(|(k, _)| k != "x") {
            continue;
        }
        let (x, y) = (number(attributes, "x"), number(attributes, "y"));
        let (w, h) = (number(attributes, "width"), number(attributes, "height"));
        let inside =
            x >= plot_x && y >= plot_y && x + w <= plot_x + plot_w && y + h <= plot_y + plot_h;
        // Cell rects start on cell boundaries and are (nearly) a cell high; other rects
        // inside the plot are the enlarged P-positions (3 × 3).
        if !inside
            || (x - plot_x) % scale != 0
            || (y - plot_y) % scale != 0
            || h > scale
            || h + 1 < scale
        {
            continue;
        }
        let (r, c0) = (
            ((y - plot_y) / scale) as usize,
            ((x - plot_x) / scale) as usize,
        );
        let len = (w as usize).div_ceil(scale as usize);
        for c in c0..c0 + len {
            let cell = layout.cell(r, c).expect("a rect on an existing cell");
            assert_eq!(
                attribute(attributes, "fill"),
                hex(map.colour(cell)),
                "({r}, {c})"
            );
            covered[r * columns + c] += 1;
        }
    }
    for r in 0..rows {
        for c in 0..columns {
            let expected = u8::from(layout.cell(r, c).is_some());
            assert_eq!(
                covered[r * columns + c],
                expected,
                "cell ({r}, {c}) covered"
            );
        }
    }
    let titles = elements.iter().filter(|e| e.name == "title").count();
    if titles > 0 {
        assert_eq!(titles, table.values().len());
        "cells"
    } else {
        "runs"
    }
}

#[test]
fn small_tables_show_values_in_fixed_colours() {
    let table = grid("nim2", 15, Kind::Values);
    let map = Heatmap::new(&table, &PictureOptions::default()).unwrap();
    assert_eq!(map.cells(), (16, 16));
    assert_eq!(map.scale(), 48);
    check_png(&table, &map, 1);
    assert_eq!(check_svg(&table, &map, 1), "cells");
    // Each value 0..15 has its own colour.
    let colours: std::collections::BTreeSet<Rgb> = (0..16).map(|v| map.colour(v)).collect();
    assert_eq!(colours.len(), 16);
    let svg = map.svg();
    assert!(svg.contains("<title>a = 2, b = 3: 1</title>"), "tooltips");
    assert!(svg.contains(">two-pile Nim: Sprague-Grundy values, a = 0..15, b = 0..15</text>"));
    assert!(svg.contains(">0 (P): 16</text>"), "legend with counts");
    // The same colours in another table: a value keeps its colour.
    let other = Heatmap::new(&grid("nim2", 5, Kind::Values), &PictureOptions::default()).unwrap();
    assert!((0..8).all(|v| other.colour(v) == map.colour(v)));
}

#[test]
fn large_values_use_the_ramp_and_p_stays_black() {
    let table = grid("wythoff", 99, Kind::Values);
    let map = Heatmap::new(&table, &PictureOptions::default()).unwrap();
    assert_eq!(map.scale(), 8);
    check_png(&table, &map, 1);
    assert_eq!(check_svg(&table, &map, 1), "cells");
    let wider = grid("wythoff", 120, Kind::Values);
    let map = Heatmap::new(&wider, &PictureOptions::default()).unwrap();
    assert_eq!(check_svg(&wider, &map, 1), "runs");
    let max = *table.values().iter().max().unwrap();
    assert!(max > 16);
    // Distinct colours for small values, none of them black.
    assert_ne!(map.colour(1), map.colour(max));
    assert!((1..=max).all(|v| map.colour(v) != P_COLOUR));
}

#[test]
fn thousand_by_thousand_tables_at_one_pixel_per_cell() {
    let values = grid("wythoff", 999, Kind::Values);
    let map = Heatmap::new(&values, &PictureOptions::default()).unwrap();
    assert_eq!((map.cells(), map.scale()), ((1000, 1000), 1));
    let (width, height) = map.size();
    assert!((1000..1600).contains(&width) && (1000..1200).contains(&height));
    check_png(&values, &map, 1);
    let outcomes = grid("wythoff", 999, Kind::Outcomes);
    let map = Heatmap::new(&outcomes, &PictureOptions::default()).unwrap();
    check_png(&outcomes, &map, 1);
    assert_eq!(map.colour(1), N_COLOUR);
    // Few P-positions at one pixel each: drawn as 3 × 3 squares, and the legend says so.
    let (width, _, pixels) = decode(&map.png());
    let (x, y) = map.cell_origin(500, 309); // (500, 309) is a P-position: a_191 = 309, b_191 = 500
    assert_eq!(outcomes.get(500, 309), Some(0));
    for dx in 0..3 {
        for dy in 0..3 {
            assert_eq!(pixel(&pixels, width, x - 1 + dx, y - 1 + dy), P_COLOUR);
        }
    }
    let svg = map.svg();
    assert!(svg.contains(">(P drawn 3 px wide)</text>"));
    assert_eq!(check_svg(&outcomes, &map, 1), "runs");
}

#[test]
fn fragmented_svg_embeds_the_cells_as_an_image() {
    let table = grid("nim2", 599, Kind::Values);
    let map = Heatmap::new(&table, &PictureOptions::default()).unwrap();
    assert_eq!(check_svg(&table, &map, 1), "image");
}

#[test]
fn one_parameter_tables_wrap_into_rows() {
    let game = table_game("0.77").unwrap();
    let table = game
        .line(span(0, 999), Kind::Values, &Budget::default(), &NoProgress)
        .unwrap();
    for wrap in [12, 36, 0] {
        let options = PictureOptions { wrap, scale: None };
        let map = Heatmap::new(&table, &options).unwrap();
        let wrap = if wrap == 0 { square_wrap(1000) } else { wrap };
        assert_eq!(map.cells(), (1000usize.div_ceil(wrap), wrap));
        check_png(&table, &map, wrap);
        check_svg(&table, &map, wrap);
    }
    // Outcomes of Dawson's Kayles from n = 7, with a given scale.
    let game = table_game("0.07").unwrap();
    let table = game
        .line(
            span(7, 300),
            Kind::Outcomes,
            &Budget::default(),
            &NoProgress,
        )
        .unwrap();
    let options = PictureOptions {
        wrap: 34,
        scale: Some(5),
    };
    let map = Heatmap::new(&table, &options).unwrap();
    assert_eq!((map.cells(), map.scale()), ((9, 34), 5));
    check_png(&table, &map, 34);
    assert_eq!(check_svg(&table, &map, 34), "cells");
    let svg = map.svg();
    // Row 1 starts at n = 41; 43 is a P-position of Dawson's Kayles, 42 is not.
    assert!(svg.contains("<title>n = 41, +2: P</title>"));
    assert!(svg.contains("<title>n = 41, +1: N</title>"));
    assert!(svg.contains(">0.07 (Dawson&apos;s Kayles): outcomes, n = 7..300 (rows of 34)</text>"));
}

#[test]
fn misere_quotient_elements_have_a_colour_each_and_the_p_portion_is_black() {
    let table = table_game("misere:0.77")
        .unwrap()
        .line(span(0, 95), Kind::Values, &Budget::default(), &NoProgress)
        .unwrap();
    assert_eq!(table.kind(), Kind::Elements);
    let options = PictureOptions {
        wrap: 12,
        scale: None,
    };
    let map = Heatmap::new(&table, &options).unwrap();
    assert_eq!(map.cells(), (8, 12));
    let (width, height, pixels) = decode(&map.png());
    assert_eq!((width, height), map.size());
    // The colour of each element, read from the cells' top left pixels: one colour an
    // element, black exactly for the P-portion's.
    let mut colour_of: std::collections::BTreeMap<u64, Rgb> = Default::default();
    let outcomes = table.outcomes();
    for n in 0..96u64 {
        let (x, y) = map.cell_origin((n / 12) as usize, (n % 12) as usize);
        let colour = pixel(&pixels, width, x, y);
        let element = table.value(n).unwrap();
        assert_eq!(
            *colour_of.entry(element).or_insert(colour),
            colour,
            "heap {n}"
        );
        let p = outcomes.value(n) == Some(0);
        assert_eq!(
            colour == P_COLOUR,
            p,
            "heap {n}: black exactly for the P-portion"
        );
    }
    let others: std::collections::BTreeSet<Rgb> = colour_of
        .values()
        .copied()
        .filter(|&c| c != P_COLOUR)
        .collect();
    let p_elements = (0..96u64)
        .filter(|&n| outcomes.value(n) == Some(0))
        .map(|n| table.value(n).unwrap())
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    assert_eq!(
        others.len() + p_elements,
        colour_of.len(),
        "distinct colours"
    );
    // Words in the tooltips and the legend, with their counts of heaps.
    let svg = map.svg();
    parse_xml(&svg);
    assert!(svg.contains("<title>n = 0, +1: a</title>"), "heap 1 is a");
    let a_count = (0..96)
        .filter(|&n| table.cell_text(table.value(n).unwrap()) == "a")
        .count();
    assert!(svg.contains(&format!(">a (P): {a_count}</text>")), "legend");
    assert!(svg.contains(">element: heaps</text>"));
    assert!(svg.contains("quotient elements, n = 0..95 (rows of 12)</text>"));
}

#[test]
fn impossible_pictures_are_errors() {
    let table = grid("nim2", 3, Kind::Values);
    let zero = PictureOptions {
        wrap: 0,
        scale: Some(0),
    };
    assert_eq!(Heatmap::new(&table, &zero), Err(PictureError::ZeroScale));
    let huge = PictureOptions {
        wrap: 0,
        scale: Some(1 << 20),
    };
    assert!(matches!(
        Heatmap::new(&table, &huge),
        Err(PictureError::TooLarge { .. })
    ));
    let long = Table::line("n", span(0, 99_999), |n| n % 7).unwrap();
    let thin = PictureOptions {
        wrap: 1,
        scale: Some(40),
    };
    let error = Heatmap::new(&long, &thin).unwrap_err();
    assert!(
        error.to_string().contains("use a smaller range or scale"),
        "{error}"
    );
}
