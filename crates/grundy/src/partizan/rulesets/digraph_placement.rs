//! Digraph Placement (cgt-tools' `DigraphPlacement`, after Clow and McKay's paper on
//! digraph placement games, arXiv:2407.12219): each vertex of a directed graph is Left's
//! (blue) or Right's (red); a player picks a vertex of their own colour, and it is deleted
//! with every vertex it points to (its out-neighbours), whatever their colour. A player with
//! no vertex left loses. Snort, Col, Node Kayles and many placement games are instances.
//!
//! **Notation.** Two forms, at most 64 vertices, numbered from 0 (which is how a move names
//! them):
//! - CGSuite's graph notation ([`graph_text`]), every vertex its colour `L` or `R`, an arc
//!   `>` from the vertex before it to the vertex after it, `<` the other way, `-` both ways:
//!   `L>R` (Left's vertex points to Right's), `L:a>R>L:a` (a vertex named `:a` met again,
//!   its colour written again), `R(<L;<L)`, `;` between pieces. Vertices are numbered in the
//!   order first written.
//! - The colours and the arcs, as cgt-tools builds a graph (`from_edges(arcs, colours)`):
//!   a word of the colours, vertex 0 first, then words `U>V` (an arc from U to V), `U<V` or
//!   `U-V`, a chain `U>V>W` for several: `RRL 1>0 2>0 2-1`. Read so when the first word is
//!   colours only, with two of them or more, or a number follows it.
//!
//! A loop changes nothing (the vertex goes with its move anyway) and is dropped; an arc
//! written twice is one arc.
//!
//! **Regions.** The weakly connected parts are independent (a move deletes only the vertex
//! and what it points to, all in its part); each is renumbered 0, 1, ... in order. Every
//! vertex is some player's move, so no part is left out.
//!
//! Parsing is O(length of the text); a move O(1) on the masks; regions O(vertices²).

use std::fmt;
use std::sync::Arc;

use super::arc_kayles::{parts, squeeze, write_graph};
use super::hackenbush::low_bits;
use super::snort_col::bits;
use super::{graph_text, BoardError, MoveParts, Ruleset};
use crate::partizan::Side;

/// The most vertices a position may have: one bit per vertex of a `u64`.
pub const MAX_VERTICES: usize = 64;

/// The most arcs the text may write (repeats included).
const MAX_WRITTEN_ARCS: usize = 4096;

/// A Digraph Placement position: the vertices in play, each one's colour and out-neighbours.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Digraph {
    /// The number of vertices, in play or not.
    pub vertices: u8,
    /// The vertices in play.
    pub live: u64,
    /// Left's vertices (the others are Right's), in play or not.
    pub left: u64,
    /// The vertices each vertex points to (loops left out; mask with `live`), shared between
    /// a position and those its moves lead to.
    pub out: Arc<[u64]>,
}

/// A vertex picked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    vertex: u8,
}

impl fmt::Display for Placement {
    /// `vertex 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "vertex {}", self.vertex)
    }
}

/// Which way an edge of the notation points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Way {
    /// From the vertex before to the vertex after: `>`.
    Forward,
    /// From the vertex after to the vertex before: `<`.
    Backward,
    /// Both ways: `-`.
    Both,
}

impl Way {
    fn read(t: &str) -> Option<Way> {
        match t {
            ">" => Some(Way::Forward),
            "<" => Some(Way::Backward),
            "-" => Some(Way::Both),
            _ => None,
        }
    }

    /// The arcs `(from, to)` of an edge written from `a` to `b`.
    fn arcs(self, a: u8, b: u8) -> impl Iterator<Item = (u8, u8)> {
        let forward = (self != Way::Backward).then_some((a, b));
        let backward = (self != Way::Forward).then_some((b, a));
        forward.into_iter().chain(backward)
    }
}

/// A vertex's colour from its letter.
fn colour(t: &str) -> Option<Side> {
    match t {
        "L" => Some(Side::Left),
        "R" => Some(Side::Right),
        _ => None,
    }
}

/// The colours, for errors.
const COLOURS: &str = "'L' (Left's) or 'R' (Right's)";

/// The position of `colours` and the arcs `(from, to)`, loops dropped.
fn digraph(colours: &[Side], arcs: impl Iterator<Item = (u8, u8)>) -> Digraph {
    let mut out = vec![0u64; colours.len()];
    for (u, v) in arcs {
        if u != v {
            out[usize::from(u)] |= 1 << v;
        }
    }
    Digraph {
        vertices: colours.len() as u8,
        live: low_bits(colours.len()),
        left: (colours.iter().enumerate())
            .filter(|&(_, &c)| c == Side::Left)
            .fold(0, |m, (v, _)| m | 1 << v),
        out: out.into(),
    }
}

/// Reads the list form: the colours, then arcs `U>V`, `U<V`, `U-V` (chains too).
fn read_list(text: &str) -> Result<Digraph, BoardError> {
    let mut colours = Vec::new();
    let mut arcs = Vec::new();
    let mut column = 1;
    for (k, word) in text.split([' ', '\t', '\n', '\r', ',']).enumerate() {
        let start = column;
        column += word.chars().count() + 1;
        if word.is_empty() {
            continue;
        }
        if k == 0 {
            for (i, c) in word.chars().enumerate() {
                if colours.len() == MAX_VERTICES {
                    return Err(BoardError::at(
                        1,
                        start + i,
                        format!("more than {MAX_VERTICES} vertices, the most this ruleset plays"),
                    ));
                }
                colours.push(colour(&c.to_string()).ok_or_else(|| {
                    BoardError::at(1, start + i, format!("expected {COLOURS}, found {c:?}"))
                })?);
            }
            continue;
        }
        let mut place = start;
        let mut previous: Option<(u8, Way)> = None;
        let mut rest = word;
        loop {
            let digits = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            let number = &rest[..digits];
            let v = number
                .parse::<usize>()
                .ok()
                .filter(|&v| v < colours.len())
                .ok_or_else(|| {
                    BoardError::at(
                        1,
                        place,
                        format!(
                            "expected a vertex from 0 to {} (the colours written first), \
                             found {:?}",
                            colours.len().saturating_sub(1),
                            number
                        ),
                    )
                })? as u8;
            if let Some((u, arc)) = previous {
                if arcs.len() == MAX_WRITTEN_ARCS {
                    return Err(BoardError::at(
                        1,
                        place,
                        format!("more than {MAX_WRITTEN_ARCS} arcs, the most this ruleset reads"),
                    ));
                }
                arcs.extend(arc.arcs(u, v));
            }
            place += digits;
            rest = &rest[digits..];
            let Some(symbol) = rest.chars().next() else {
                break;
            };
            let arc = Way::read(&symbol.to_string()).ok_or_else(|| {
                BoardError::at(
                    1,
                    place,
                    format!("expected '>', '<' or '-' between two vertices, found {symbol:?}"),
                )
            })?;
            previous = Some((v, arc));
            place += 1;
            rest = &rest[1..];
        }
    }
    Ok(digraph(&colours, arcs.into_iter()))
}

/// Whether `text` is the list form: its first word colours only, two or more, or a number
/// after it.
fn is_list(text: &str) -> bool {
    let mut words = text.split_whitespace();
    let Some(first) = words.next() else {
        return false;
    };
    let colours_only = first.chars().all(|c| c == 'L' || c == 'R');
    let number_next = words
        .next()
        .is_some_and(|w| w.starts_with(|c: char| c.is_ascii_digit()));
    colours_only && (first.chars().count() >= 2 || number_next)
}

/// Digraph Placement (cgt-tools' `DigraphPlacement`).
///
/// ```
/// use grundy::partizan::rulesets::digraph_placement::DigraphPlacement;
/// use grundy::partizan::rulesets::Ruleset;
///
/// // Left's vertex points to Right's: Left's move deletes both (to 0), Right's only his
/// // own (to 1, Left's vertex left): {0|1} = 1/2.
/// assert_eq!(DigraphPlacement.value_of("L>R").unwrap().canonical_form(), "1/2");
/// assert_eq!(DigraphPlacement.value_of("LR 0>1").unwrap().canonical_form(), "1/2");
/// assert_eq!(DigraphPlacement.value_of("L<R").unwrap().canonical_form(), "-1/2");
/// assert_eq!(DigraphPlacement.value_of("L;L;R").unwrap().canonical_form(), "1");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DigraphPlacement;

impl Ruleset for DigraphPlacement {
    type Position = Digraph;
    type Move = Placement;

    fn name(&self) -> &'static str {
        "Digraph Placement"
    }

    /// CGSuite's graph notation with `L`/`R` vertices and `>`, `<`, `-` arcs (`L>R(<L;-R)`),
    /// or the colours and the arcs (`LRL 0>1 2<1`).
    fn parse(&self, text: &str) -> Result<Digraph, BoardError> {
        if is_list(text) {
            return read_list(text);
        }
        let written = graph_text::read(
            text,
            &graph_text::Notation {
                vertex: &colour,
                default_vertex: None,
                edge: &Way::read,
                edges_are: "'>' or '<' an arc, '-' arcs both ways",
                vertices_are: COLOURS,
                max_vertices: MAX_VERTICES,
                max_edges: MAX_WRITTEN_ARCS,
            },
        )?;
        let arcs = (written.edges.iter()).flat_map(|&(a, b, arc)| arc.arcs(a, b));
        Ok(digraph(&written.labels, arcs))
    }

    /// CGSuite's graph notation: `L>R`, `R:0(<L;<L>R:0)`; a pair of arcs both ways is `-`.
    fn show(&self, p: &Digraph) -> String {
        let mut pairs = Vec::new();
        let mut kinds = Vec::new();
        for u in bits(p.live) {
            for v in bits(p.live & !low_bits(u as usize + 1)) {
                let forward = p.out[u as usize] >> v & 1 == 1;
                let backward = p.out[v as usize] >> u & 1 == 1;
                let kind = match (forward, backward) {
                    (true, true) => Way::Both,
                    (true, false) => Way::Forward,
                    (false, true) => Way::Backward,
                    (false, false) => continue,
                };
                pairs.push((u as u8, v as u8));
                kinds.push(kind);
            }
        }
        let vertex = |v: u8| if p.left >> v & 1 == 1 { "L" } else { "R" }.to_string();
        // Pair i is (u, v), u < v, its kind read from u: written from v, it turns round.
        let edge = |i: usize, from: u8| {
            let turned = from != pairs[i].0;
            match (kinds[i], turned) {
                (Way::Both, _) => "-",
                (Way::Forward, false) | (Way::Backward, true) => ">",
                _ => "<",
            }
            .to_string()
        };
        write_graph(p.live, &pairs, vertex, edge)
    }

    /// Each of the mover's vertices in play: it goes, with every vertex it points to. O(1) a
    /// move.
    fn moves(&self, p: &Digraph, side: Side, out: &mut Vec<(Placement, Digraph)>) {
        let own = match side {
            Side::Left => p.left,
            Side::Right => !p.left,
        };
        for v in bits(p.live & own) {
            out.push((
                Placement { vertex: v as u8 },
                Digraph {
                    vertices: p.vertices,
                    live: p.live & !(1 << v) & !p.out[v as usize],
                    left: p.left,
                    out: Arc::clone(&p.out),
                },
            ));
        }
    }

    /// The mover's vertices in play, counted without building the moves.
    fn move_count(&self, p: &Digraph, side: Side) -> usize {
        let own = match side {
            Side::Left => p.left,
            Side::Right => !p.left,
        };
        (p.live & own).count_ones() as usize
    }

    /// The vertex clicked, and every vertex the move deletes.
    fn move_parts(&self, p: &Digraph, m: &Placement, next: &Digraph) -> Option<MoveParts> {
        Some(MoveParts {
            path: vec![vec![u64::from(m.vertex)]],
            changed: bits(p.live & !next.live)
                .map(|v| vec![u64::from(v)])
                .collect(),
        })
    }

    /// The out-neighbours' table.
    fn heap_bytes(&self, p: &Digraph) -> usize {
        std::mem::size_of_val(&*p.out) + 2 * std::mem::size_of::<usize>()
    }

    /// The weakly connected parts, each renumbered in order. O(vertices²).
    fn regions(&self, p: &Digraph, out: &mut Vec<Digraph>) {
        let live = p.live;
        // Each vertex's neighbours either way, among those in play.
        let mut joined = vec![0u64; usize::from(p.vertices)];
        for u in bits(live) {
            let to = p.out[u as usize] & live;
            joined[u as usize] |= to;
            for v in bits(to) {
                joined[v as usize] |= 1 << u;
            }
        }
        for part in parts(live, |v| joined[v as usize]) {
            let n = part.count_ones() as usize;
            out.push(Digraph {
                vertices: n as u8,
                live: low_bits(n),
                left: squeeze(part, p.left),
                out: bits(part)
                    .map(|v| squeeze(part, p.out[v as usize]))
                    .collect(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_read_alike_and_show_reads_back() {
        let a = DigraphPlacement.parse("RRL 1>0 2>0 2-1").unwrap();
        let b = DigraphPlacement.parse("R:0(<R:1;<L:2);R:1-L:2").unwrap();
        assert_eq!(a, b);
        let shown = DigraphPlacement.show(&a);
        assert_eq!(DigraphPlacement.parse(&shown).unwrap(), a, "{shown}");
        assert_eq!(
            DigraphPlacement.show(&DigraphPlacement.parse("L").unwrap()),
            "L"
        );
        assert_eq!(
            DigraphPlacement.show(&DigraphPlacement.parse("").unwrap()),
            ""
        );
    }

    #[test]
    fn errors_name_their_column() {
        let column = |t: &str| DigraphPlacement.parse(t).unwrap_err().column;
        assert_eq!(column("L>x"), 3);
        assert_eq!(column("L=R"), 2);
        assert_eq!(column("LR 0>2"), 6);
        assert_eq!(column("LR 0+1"), 5);
        assert_eq!(column("LRx 0>1"), 2);
        assert_eq!(column(&"L".repeat(65)), 65);
        assert!(DigraphPlacement.parse(&"L-".repeat(100)).is_err());
    }
}
