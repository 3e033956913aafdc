//! Blue-Red-Green Hackenbush: a graph of coloured edges attached to the ground. Left cuts a
//! blue or green edge, Right a red or green one; whatever is no longer connected to the
//! ground falls away. A player who cannot cut loses. And Childish Hackenbush (CGSuite's
//! `ChildishHackenbush`), where a blue or red edge may be cut only if nothing else falls
//! with it (green edges as in Hackenbush).
//!
//! Two notations are read, at most 64 edges:
//! - CGSuite's graph notation ([`graph_text`]): a letter per edge going up from the ground
//!   (`l` or `b` blue, Left's; `r` red, Right's; `e` or `g` green, both players'), branches
//!   in parentheses separated by `;`, and `:A` or `:{name}` after a vertex to name it, a
//!   name met again being the same vertex (cycles, loops, several edges between two
//!   vertices): `lrl` is a string, `l(l;rl)` a blue edge carrying a blue edge and a red-blue
//!   string, `:{g}llrr:{g}` a cycle through the ground. The first vertex is the ground; the
//!   graph must be one piece, as in CGSuite.
//! - An edge list for any graph: `U-V:C` separated by spaces or commas, vertex 0 the ground,
//!   `C` one of the letters above: `0-1:b 1-2:r 2-0:g` is a triangle.
//!
//! The text is an edge list if it has a `-`.
//!
//! **Regions.** The parts of the graph that meet only at the ground are independent (in
//! Childish Hackenbush too: a cut in one part drops nothing of another). Each is kept as its
//! edge list with the vertices renumbered in order of appearance (a memo key: equal keys
//! are the same game; the engine's canonical forms take care of the rest). Green parts are
//! valued like the others (the colon principle is not used): their values come out as
//! nimbers.

use std::fmt;

use super::{graph_text, BoardError, Ruleset};
use crate::partizan::Side;

/// The most edges a position may have.
pub const MAX_EDGES: usize = 64;

/// An edge's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Colour {
    /// Blue: only Left cuts it.
    Blue,
    /// Red: only Right cuts it.
    Red,
    /// Green: either player cuts it.
    Green,
}

impl Colour {
    pub(super) fn letter(self) -> char {
        match self {
            Colour::Blue => 'b',
            Colour::Red => 'r',
            Colour::Green => 'g',
        }
    }

    pub(super) fn read(ch: char) -> Option<Colour> {
        match ch.to_ascii_lowercase() {
            'l' | 'b' => Some(Colour::Blue),
            'r' => Some(Colour::Red),
            'e' | 'g' => Some(Colour::Green),
            _ => None,
        }
    }

    pub(super) fn cut_by(self, side: Side) -> bool {
        match self {
            Colour::Green => true,
            Colour::Blue => side == Side::Left,
            Colour::Red => side == Side::Right,
        }
    }
}

/// A Hackenbush position: its edges `(u, v, colour)`, vertex 0 the ground.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Graph {
    /// The edges.
    pub edges: Vec<(u8, u8, Colour)>,
}

impl Graph {
    /// The edges still connected to the ground, of those in `keep` (a mask over `edges`).
    fn grounded(&self, keep: u64) -> u64 {
        let mut reached = 1u128; // vertex 0
        let mut edges = 0u64;
        loop {
            let before = edges;
            for (i, &(u, v, _)) in self.edges.iter().enumerate() {
                let bit = 1u64 << i;
                if keep & bit != 0 && edges & bit == 0 && (reached >> u | reached >> v) & 1 == 1 {
                    edges |= bit;
                    reached |= 1 << u | 1 << v;
                }
            }
            if edges == before {
                return edges;
            }
        }
    }

    /// The edges of `mask`, vertices renumbered in order of appearance (the ground stays 0).
    fn renumbered(&self, mask: u64) -> Graph {
        let mut names = [u8::MAX; 256];
        names[0] = 0;
        let mut next = 1u8;
        let mut name = |v: u8| {
            if names[usize::from(v)] == u8::MAX {
                names[usize::from(v)] = next;
                next += 1;
            }
            names[usize::from(v)]
        };
        let edges = self
            .edges
            .iter()
            .enumerate()
            .filter(|&(i, _)| mask >> i & 1 == 1)
            .map(|(_, &(u, v, c))| (name(u), name(v), c))
            .collect();
        Graph { edges }
    }
}

/// An edge cut: its number in the position's list, from 1, and its ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cut {
    index: u8,
    edge: (u8, u8, Colour),
}

impl fmt::Display for Cut {
    /// `edge 2 (1-2:r)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (u, v, c) = self.edge;
        write!(f, "edge {} ({u}-{v}:{})", self.index + 1, c.letter())
    }
}

/// Blue-Red-Green Hackenbush.
///
/// ```
/// use grundy::partizan::rulesets::hackenbush::Hackenbush;
/// use grundy::partizan::rulesets::{Evaluator, Ruleset};
/// use grundy::partizan::GameStore;
///
/// let mut store = GameStore::new();
/// let mut eval = Evaluator::new(Hackenbush);
/// let tree = Hackenbush.parse("l(l;rl)").unwrap();
/// let v = eval.value(&mut store, &tree).unwrap();
/// assert_eq!(store.display(v), "3/2");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Hackenbush;

/// Reads CGSuite's graph notation ([`graph_text`]): edges `l` or `b`, `r`, `e` or `g`,
/// vertices `.` (or left out), vertex 0 the ground. The graph must be one piece (as CGSuite
/// requires); the text with no vertex at all is the game 0.
fn read_cgsuite(text: &str) -> Result<Vec<(u8, u8, Colour)>, BoardError> {
    let written = read_coloured(text, 128, MAX_EDGES)?;
    let reached = graph_text::reached_from_first(&written);
    if let Some(v) = (0..written.labels.len()).find(|&v| reached >> v & 1 == 0) {
        return Err(BoardError::at(
            1,
            written.columns[v],
            "this vertex is not connected to the ground (the first vertex): a Hackenbush \
             graph is one piece",
        ));
    }
    Ok(written.edges)
}

/// Reads CGSuite's graph notation with coloured edges, as Hackenbush and Partizan Arc Kayles
/// write it: edges `l` or `b` (blue), `r` (red), `e` or `g` (green), vertices `.` (or left
/// out), at most `max_vertices` vertices and `max_edges` edges. O(length).
pub(super) fn read_coloured(
    text: &str,
    max_vertices: usize,
    max_edges: usize,
) -> Result<graph_text::Written<(), Colour>, BoardError> {
    let edge = |t: &str| {
        let mut chars = t.chars();
        let c = chars.next()?;
        chars.next().is_none().then(|| Colour::read(c)).flatten()
    };
    graph_text::read(
        text,
        &graph_text::Notation {
            vertex: &|_| None::<()>,
            default_vertex: Some(()),
            edge: &edge,
            edges_are: "'l' or 'b' blue, 'r' red, 'e' or 'g' green",
            vertices_are: "'.'",
            max_vertices,
            max_edges,
        },
    )
}

/// Reads an edge list `U-V:C ...`, vertex 0 the ground.
fn read_edges(text: &str) -> Result<Vec<(u8, u8, Colour)>, BoardError> {
    let mut edges = Vec::new();
    let mut column = 1;
    for word in text.split([' ', ',']) {
        let place = column;
        column += word.chars().count() + 1;
        if word.is_empty() {
            continue;
        }
        let bad = || {
            BoardError::at(
                1,
                place,
                format!("expected an edge U-V:C (vertices 0 to 127, 0 the ground; C one of l, b, r, e, g), found {word:?}"),
            )
        };
        let (ends, colour) = word.split_once(':').ok_or_else(bad)?;
        let (u, v) = ends.split_once('-').ok_or_else(bad)?;
        let vertex = |t: &str| t.parse::<u8>().ok().filter(|&x| x < 128);
        let mut letters = colour.chars();
        let colour = letters.next().and_then(Colour::read).ok_or_else(bad)?;
        if letters.next().is_some() {
            return Err(bad());
        }
        if edges.len() == MAX_EDGES {
            return Err(BoardError::at(
                1,
                place,
                format!("more than {MAX_EDGES} edges, the most this ruleset plays"),
            ));
        }
        edges.push((
            vertex(u).ok_or_else(bad)?,
            vertex(v).ok_or_else(bad)?,
            colour,
        ));
    }
    Ok(edges)
}

impl Ruleset for Hackenbush {
    type Position = Graph;
    type Move = Cut;

    fn name(&self) -> &'static str {
        "Hackenbush"
    }

    /// An edge list if the text has a `-` (edges not connected to the ground dropped), else
    /// CGSuite's graph notation (one piece).
    fn parse(&self, text: &str) -> Result<Graph, BoardError> {
        let text = text.trim();
        let edges = if text.contains('-') {
            read_edges(text)?
        } else {
            read_cgsuite(text)?
        };
        let graph = Graph { edges };
        let all = low_bits(graph.edges.len());
        let kept = graph.grounded(all);
        Ok(Graph {
            edges: graph
                .edges
                .iter()
                .enumerate()
                .filter(|&(i, _)| kept >> i & 1 == 1)
                .map(|(_, &e)| e)
                .collect(),
        })
    }

    /// The edge list.
    fn show(&self, p: &Graph) -> String {
        let edges: Vec<String> = p
            .edges
            .iter()
            .map(|&(u, v, c)| format!("{u}-{v}:{}", c.letter()))
            .collect();
        edges.join(" ")
    }

    fn moves(&self, p: &Graph, side: Side, out: &mut Vec<(Cut, Graph)>) {
        cuts(p, side, false, out);
    }

    /// The edge list: 3 bytes an edge.
    fn heap_bytes(&self, p: &Graph) -> usize {
        p.edges.capacity() * std::mem::size_of::<(u8, u8, Colour)>()
    }

    /// The parts meeting only at the ground: edges joined through vertices other than 0.
    fn regions(&self, p: &Graph, out: &mut Vec<Graph>) {
        let mut rest = low_bits(p.edges.len());
        while rest != 0 {
            let mut part = rest & rest.wrapping_neg();
            let mut vertices = 0u128;
            loop {
                for (i, &(u, v, _)) in p.edges.iter().enumerate() {
                    if part >> i & 1 == 1 {
                        vertices |= 1 << u | 1 << v;
                    }
                }
                vertices &= !1; // the ground joins nothing
                let grown = p
                    .edges
                    .iter()
                    .enumerate()
                    .filter(|&(_, &(u, v, _))| (vertices >> u | vertices >> v) & 1 == 1)
                    .fold(part, |m, (i, _)| m | 1 << i)
                    & rest;
                if grown == part {
                    break;
                }
                part = grown;
            }
            out.push(p.renumbered(part));
            rest &= !part;
        }
    }
}

/// The cuts `side` may make at `p`, each with what is left: in Childish Hackenbush
/// (`childish`), a blue or red edge only if nothing else falls with it. O(edges² × vertices)
/// for the lot.
fn cuts(p: &Graph, side: Side, childish: bool, out: &mut Vec<(Cut, Graph)>) {
    let all = low_bits(p.edges.len());
    for (i, &edge) in p.edges.iter().enumerate() {
        if edge.2.cut_by(side) {
            let kept = p.grounded(all & !(1 << i));
            if childish && edge.2 != Colour::Green && kept.count_ones() + 1 != all.count_ones() {
                continue;
            }
            let next = Graph {
                edges: p
                    .edges
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| kept >> j & 1 == 1)
                    .map(|(_, &e)| e)
                    .collect(),
            };
            out.push((
                Cut {
                    index: i as u8,
                    edge,
                },
                next,
            ));
        }
    }
}

/// Childish Hackenbush: Hackenbush's graphs and notation, but a blue or red edge may be cut
/// only if nothing else falls with it (CGSuite's `ChildishHackenbush`).
///
/// ```
/// use grundy::partizan::rulesets::hackenbush::ChildishHackenbush;
/// use grundy::partizan::rulesets::Ruleset;
///
/// let mut v = ChildishHackenbush.value_of("l(l;rl)").unwrap();
/// assert_eq!(v.canonical_form(), "2");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChildishHackenbush;

impl Ruleset for ChildishHackenbush {
    type Position = Graph;
    type Move = Cut;

    fn name(&self) -> &'static str {
        "Childish Hackenbush"
    }

    /// As [`Hackenbush`] reads it.
    fn parse(&self, text: &str) -> Result<Graph, BoardError> {
        Hackenbush.parse(text)
    }

    /// The edge list.
    fn show(&self, p: &Graph) -> String {
        Hackenbush.show(p)
    }

    fn moves(&self, p: &Graph, side: Side, out: &mut Vec<(Cut, Graph)>) {
        cuts(p, side, true, out);
    }

    /// The edge list: 3 bytes an edge.
    fn heap_bytes(&self, p: &Graph) -> usize {
        Hackenbush.heap_bytes(p)
    }

    /// As in [`Hackenbush`]: the parts meeting only at the ground.
    fn regions(&self, p: &Graph, out: &mut Vec<Graph>) {
        Hackenbush.regions(p, out);
    }
}

/// The `n` low bits set, n ≤ 64.
pub(super) fn low_bits(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}
