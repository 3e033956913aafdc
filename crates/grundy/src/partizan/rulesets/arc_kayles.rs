//! The Arc Kayles games, played on the edges of a graph (CGSuite's `ArcKayles`,
//! `WeightedArcKayles` and `PartizanArcKayles`):
//!
//! - **Arc Kayles** (impartial): a move picks an edge and deletes both its ends with every
//!   edge at them; a loop deletes its one vertex. Its values are nimbers.
//! - **Weighted Arc Kayles** (impartial): each vertex has a weight; a move picks an edge
//!   whose two ends both weigh more than 0 and takes 1 from each (a loop takes 1 from its
//!   vertex); a vertex of weight 0 is out of play.
//! - **Partizan Arc Kayles**: edges are blue (`l`, Left's), red (`r`, Right's) or green
//!   (`e`, both players'); a move picks an edge of the mover's and deletes its ends.
//!
//! **Notation.** CGSuite's graph notation ([`graph_text`]), at most 64 vertices: `.-.-.` a
//! path of three vertices (`.` may be left out: `--`), `:A-:A` a looped vertex, `:A-.-.-:A`
//! a triangle, `;` between pieces; Arc Kayles also reads a whole number `n`, the path of `n`
//! vertices (CGSuite's `Graph.Path(n)`). In Weighted Arc Kayles every vertex is its weight
//! (`2-1-3`; `{12}` for a weight of several digits); in Partizan Arc Kayles the edges are the
//! letters `l` (or `b`), `r`, `e` (or `g`): `llr`. The vertices are numbered from 0 in the
//! order they are first written, which is how a move names them.
//!
//! **Regions.** The connected parts are independent (in Weighted Arc Kayles, those of the
//! vertices of positive weight); a part where no one can move is left out. Arc Kayles' parts
//! are numbered canonically ([`snort_col`](super::snort_col)'s search, loops as a colour),
//! so that isomorphic parts meet in one memo entry; the others keep their vertices in order.

use std::fmt;
use std::sync::Arc;

use super::hackenbush::{low_bits, read_coloured, Colour};
use super::snort_col::{bits, canonical};
use super::{graph_text, BoardError, MoveParts, Ruleset};
use crate::partizan::Side;

/// The most vertices a position may have: one bit per vertex of a `u64`.
pub const MAX_VERTICES: usize = 64;

/// The most edges the text may write (repeats included).
const MAX_WRITTEN_EDGES: usize = 4096;

/// An edge picked: its two ends (equal for a loop), and its colour in Partizan Arc Kayles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pick {
    ends: (u8, u8),
    colour: Option<Colour>,
}

impl fmt::Display for Pick {
    /// `edge 1-2`, `loop 3`, `edge 0-1:l`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (u, v) = self.ends;
        if u == v {
            write!(f, "loop {u}")?;
        } else {
            write!(f, "edge {u}-{v}")?;
        }
        if let Some(c) = self.colour {
            write!(f, ":{}", cgsuite_letter(c))?;
        }
        Ok(())
    }
}

/// An edge's colour as CGSuite writes it: `l`, `r`, `e`.
fn cgsuite_letter(c: Colour) -> char {
    match c {
        Colour::Blue => 'l',
        Colour::Red => 'r',
        Colour::Green => 'e',
    }
}

impl Pick {
    /// The vertices clicked to pick the edge, which are those it changes.
    fn parts(&self) -> MoveParts {
        let (u, v) = self.ends;
        let mut path = vec![vec![u64::from(u)]];
        if v != u {
            path.push(vec![u64::from(v)]);
        }
        MoveParts {
            changed: path.clone(),
            path,
        }
    }
}

/// The connected parts of `vertices`, `neighbours(v)` the vertices joined to `v`: each a
/// mask. O(vertices²).
pub(super) fn parts(vertices: u64, neighbours: impl Fn(u32) -> u64) -> Vec<u64> {
    let mut rest = vertices;
    let mut out = Vec::new();
    while rest != 0 {
        let mut part = rest & rest.wrapping_neg();
        let mut frontier = part;
        while frontier != 0 {
            let reached = bits(frontier).fold(0, |m, v| m | neighbours(v)) & vertices;
            frontier = reached & !part;
            part |= reached;
        }
        rest &= !part;
        out.push(part);
    }
    out
}

/// `mask` with the vertices of `part` renumbered 0, 1, ... in order (others dropped).
pub(super) fn squeeze(part: u64, mask: u64) -> u64 {
    bits(part)
        .enumerate()
        .filter(|&(_, v)| mask >> v & 1 == 1)
        .fold(0u64, |m, (i, _)| m | 1 << i)
}

/// The new number of vertex `v` of `part` (its rank in the part).
fn rank(part: u64, v: u32) -> u8 {
    (part & low_bits(v as usize)).count_ones() as u8
}

/// A vertex written, with the edges first met from it, each leading to the vertex written
/// after it.
struct Tree {
    vertex: u8,
    children: Vec<(usize, Tree)>,
}

/// The tree written from `v`: each edge not yet written leads on (to a vertex met already, a
/// leaf that names it). `written[v]` counts the times each vertex is written.
fn grow(v: u8, edges: &[(u8, u8)], done: &mut [bool], written: &mut [u32; 64]) -> Tree {
    written[usize::from(v)] += 1;
    let mut children = Vec::new();
    if written[usize::from(v)] == 1 {
        while let Some(i) =
            (0..edges.len()).find(|&i| !done[i] && (edges[i].0 == v || edges[i].1 == v))
        {
            done[i] = true;
            let w = if edges[i].0 == v {
                edges[i].1
            } else {
                edges[i].0
            };
            children.push((i, grow(w, edges, done, written)));
        }
    }
    Tree {
        vertex: v,
        children,
    }
}

/// A graph written in CGSuite's notation from its edges: from each vertex not yet written, in
/// order, the tree of the edges met first from it (several in parentheses, separated by
/// `;`), `;` between the trees; a vertex written more than once is named `:N` (its number).
/// `vertex(v)` is a vertex's label, `edge(i, from)` edge `i`'s symbol written from vertex
/// `from` (a directed edge's symbol depends on the way it is written). O(vertices × edges).
pub(super) fn write_graph(
    vertices: u64,
    edges: &[(u8, u8)],
    vertex: impl Fn(u8) -> String,
    edge: impl Fn(usize, u8) -> String,
) -> String {
    let mut done = vec![false; edges.len()];
    let mut written = [0u32; 64];
    let mut trees = Vec::new();
    for v in bits(vertices) {
        if written[v as usize] == 0 {
            trees.push(grow(v as u8, edges, &mut done, &mut written));
        }
    }
    fn write(
        t: &Tree,
        written: &[u32; 64],
        vertex: &dyn Fn(u8) -> String,
        edge: &dyn Fn(usize, u8) -> String,
        out: &mut String,
    ) {
        out.push_str(&vertex(t.vertex));
        if written[usize::from(t.vertex)] > 1 {
            if t.vertex < 10 {
                out.push_str(&format!(":{}", t.vertex));
            } else {
                out.push_str(&format!(":{{{}}}", t.vertex));
            }
        }
        let branches = t.children.len() > 1;
        if branches {
            out.push('(');
        }
        for (k, (e, child)) in t.children.iter().enumerate() {
            if k > 0 {
                out.push(';');
            }
            out.push_str(&edge(*e, t.vertex));
            write(child, written, vertex, edge, out);
        }
        if branches {
            out.push(')');
        }
    }
    let pieces: Vec<String> = trees
        .iter()
        .map(|t| {
            let mut s = String::new();
            write(t, &written, &vertex, &edge, &mut s);
            if s.is_empty() {
                // A lone vertex whose label is written as nothing.
                s.push('.');
            }
            s
        })
        .collect();
    pieces.join(";")
}

/// Reads a graph whose edges are `-`, each vertex labelled by `vertex` (or `.` where the
/// default is given), at most [`MAX_VERTICES`] vertices.
fn read_plain<V: Clone + PartialEq>(
    text: &str,
    vertex: &dyn Fn(&str) -> Option<V>,
    default_vertex: Option<V>,
    vertices_are: &str,
) -> Result<graph_text::Written<V, ()>, BoardError> {
    graph_text::read(
        text,
        &graph_text::Notation {
            vertex,
            default_vertex,
            edge: &|t| (t == "-").then_some(()),
            edges_are: "'-'",
            vertices_are,
            max_vertices: MAX_VERTICES,
            max_edges: MAX_WRITTEN_EDGES,
        },
    )
}

/// The neighbours of each vertex as masks, a loop left out, and the looped vertices.
fn adjacency_of<E>(n: usize, edges: &[(u8, u8, E)]) -> (Vec<u64>, u64) {
    let mut adjacency = vec![0u64; n];
    let mut loops = 0u64;
    for &(u, v, _) in edges {
        if u == v {
            loops |= 1 << u;
        } else {
            adjacency[usize::from(u)] |= 1 << v;
            adjacency[usize::from(v)] |= 1 << u;
        }
    }
    (adjacency, loops)
}

/// The edges `(u, v)`, `u ≤ v`, of `adjacency` and `loops` among `live`, lowest first.
fn edge_list(live: u64, loops: u64, adjacency: &[u64]) -> Vec<(u8, u8)> {
    bits(live)
        .flat_map(|u| {
            let own = (loops >> u & 1 == 1).then_some((u as u8, u as u8));
            let above = adjacency[u as usize] & live & !low_bits(u as usize + 1);
            own.into_iter()
                .chain(bits(above).map(move |v| (u as u8, v as u8)))
        })
        .collect()
}

/// An Arc Kayles position: the vertices in play, their neighbours (out of play included:
/// mask with `live`), and the looped vertices.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ArcGraph {
    /// The vertices in play.
    pub live: u64,
    /// The vertices with a loop.
    pub loops: u64,
    /// The neighbours of each vertex (a loop left out), shared between a position and those
    /// its moves lead to.
    pub adjacency: Arc<[u64]>,
}

/// Arc Kayles (CGSuite's `ArcKayles`): impartial, so every value is a nimber, its nim value.
///
/// ```
/// use grundy::partizan::rulesets::arc_kayles::ArcKayles;
/// use grundy::partizan::rulesets::Ruleset;
///
/// // The path of 4 vertices is Dawson's Kayles' heap of 4: *2.
/// assert_eq!(ArcKayles.value_of("4").unwrap().canonical_form(), "*2");
/// assert_eq!(ArcKayles.value_of(".-.-.-.").unwrap().canonical_form(), "*2");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ArcKayles;

impl Ruleset for ArcKayles {
    type Position = ArcGraph;
    type Move = Pick;

    fn name(&self) -> &'static str {
        "Arc Kayles"
    }

    /// A whole number `n` is the path of `n` vertices; anything else is CGSuite's notation.
    fn parse(&self, text: &str) -> Result<ArcGraph, BoardError> {
        let text = text.trim();
        if !text.is_empty() && text.chars().all(|c| c.is_ascii_digit()) {
            let n = text
                .parse::<usize>()
                .ok()
                .filter(|&n| n <= MAX_VERTICES)
                .ok_or_else(|| {
                    BoardError::at(
                        1,
                        1,
                        format!(
                            "a path of {text} vertices: at most {MAX_VERTICES}, the most \
                             this ruleset plays"
                        ),
                    )
                })?;
            let adjacency: Vec<u64> = (0..n)
                .map(|v| {
                    let below = if v > 0 { 1u64 << (v - 1) } else { 0 };
                    below | if v + 1 < n { 1 << (v + 1) } else { 0 }
                })
                .collect();
            return Ok(ArcGraph {
                live: low_bits(n),
                loops: 0,
                adjacency: adjacency.into(),
            });
        }
        let written = read_plain(text, &|_| None::<()>, Some(()), "'.'")?;
        let (adjacency, loops) = adjacency_of(written.labels.len(), &written.edges);
        Ok(ArcGraph {
            live: low_bits(written.labels.len()),
            loops,
            adjacency: adjacency.into(),
        })
    }

    /// CGSuite's notation: `.-.-.(-.;-.)`, `.:0-:0`.
    fn show(&self, p: &ArcGraph) -> String {
        let edges = edge_list(p.live, p.loops, &p.adjacency);
        write_graph(p.live, &edges, |_| ".".to_string(), |_, _| "-".to_string())
    }

    /// Each edge among the vertices in play, the same for both players. O(1) a move.
    fn moves(&self, p: &ArcGraph, _: Side, out: &mut Vec<(Pick, ArcGraph)>) {
        for (u, v) in edge_list(p.live, p.loops, &p.adjacency) {
            out.push((
                Pick {
                    ends: (u, v),
                    colour: None,
                },
                ArcGraph {
                    live: p.live & !(1 << u) & !(1 << v),
                    loops: p.loops,
                    adjacency: Arc::clone(&p.adjacency),
                },
            ));
        }
    }

    /// The vertices clicked: the edge's ends.
    fn move_parts(&self, _: &ArcGraph, m: &Pick, _: &ArcGraph) -> Option<MoveParts> {
        Some(m.parts())
    }

    /// The adjacency table.
    fn heap_bytes(&self, p: &ArcGraph) -> usize {
        std::mem::size_of_val(&*p.adjacency) + 2 * std::mem::size_of::<usize>()
    }

    /// The connected parts with an edge, each numbered canonically. O(vertices²) and the
    /// numbering's search per part.
    fn regions(&self, p: &ArcGraph, out: &mut Vec<ArcGraph>) {
        let live = p.live;
        for part in parts(live, |v| p.adjacency[v as usize] & live) {
            let loops = p.loops & part;
            if part.count_ones() == 1 && loops == 0 {
                continue;
            }
            let adjacency: Vec<u64> = bits(part)
                .map(|v| squeeze(part, p.adjacency[v as usize]))
                .collect();
            let numbered = canonical(&adjacency, squeeze(part, loops), 0);
            out.push(ArcGraph {
                live: numbered.live,
                loops: numbered.left,
                adjacency: numbered.adjacency,
            });
        }
    }
}

/// A Weighted Arc Kayles position: each vertex's weight (0 out of play), its neighbours, and
/// the looped vertices.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WeightedGraph {
    /// The weight of each vertex.
    pub weights: Vec<u32>,
    /// The vertices with a loop.
    pub loops: u64,
    /// The neighbours of each vertex (a loop left out).
    pub adjacency: Arc<[u64]>,
}

impl WeightedGraph {
    /// The vertices of positive weight.
    fn live(&self) -> u64 {
        self.weights
            .iter()
            .enumerate()
            .filter(|&(_, &w)| w > 0)
            .fold(0, |m, (v, _)| m | 1 << v)
    }
}

/// The greatest weight read: enough for any game that can be valued.
pub const MAX_WEIGHT: u32 = 1_000_000;

/// Weighted Arc Kayles (CGSuite's `WeightedArcKayles`): impartial, its values nimbers.
///
/// ```
/// use grundy::partizan::rulesets::arc_kayles::WeightedArcKayles;
/// use grundy::partizan::rulesets::Ruleset;
///
/// // Two vertices of weight 2 and 1 joined: one move, then none.
/// assert_eq!(WeightedArcKayles.value_of("2-1").unwrap().canonical_form(), "*");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WeightedArcKayles;

impl Ruleset for WeightedArcKayles {
    type Position = WeightedGraph;
    type Move = Pick;

    fn name(&self) -> &'static str {
        "Weighted Arc Kayles"
    }

    /// CGSuite's notation, every vertex its weight: `2-1-3`, `{12}-:A-:A`.
    fn parse(&self, text: &str) -> Result<WeightedGraph, BoardError> {
        let weight = |t: &str| {
            t.chars()
                .all(|c| c.is_ascii_digit())
                .then(|| t.parse::<u32>().ok().filter(|&w| w <= MAX_WEIGHT))
                .flatten()
        };
        let vertices_are = format!("its weight, a whole number from 0 to {MAX_WEIGHT}");
        let written = read_plain(text, &weight, None, &vertices_are)?;
        let (adjacency, loops) = adjacency_of(written.labels.len(), &written.edges);
        Ok(WeightedGraph {
            weights: written.labels,
            loops,
            adjacency: adjacency.into(),
        })
    }

    /// CGSuite's notation: `2-1-3`.
    fn show(&self, p: &WeightedGraph) -> String {
        let all = low_bits(p.weights.len());
        let edges = edge_list(all, p.loops, &p.adjacency);
        let weight = |v: u8| match p.weights[usize::from(v)] {
            w @ 0..=9 => w.to_string(),
            w => format!("{{{w}}}"),
        };
        write_graph(all, &edges, weight, |_, _| "-".to_string())
    }

    /// Each edge whose ends both weigh more than 0, the same for both players.
    fn moves(&self, p: &WeightedGraph, _: Side, out: &mut Vec<(Pick, WeightedGraph)>) {
        for (u, v) in edge_list(p.live(), p.loops, &p.adjacency) {
            let mut weights = p.weights.clone();
            weights[usize::from(u)] -= 1;
            if v != u {
                weights[usize::from(v)] -= 1;
            }
            out.push((
                Pick {
                    ends: (u, v),
                    colour: None,
                },
                WeightedGraph {
                    weights,
                    loops: p.loops,
                    adjacency: Arc::clone(&p.adjacency),
                },
            ));
        }
    }

    /// The vertices clicked: the edge's ends.
    fn move_parts(&self, _: &WeightedGraph, m: &Pick, _: &WeightedGraph) -> Option<MoveParts> {
        Some(m.parts())
    }

    /// The weights and the adjacency table.
    fn heap_bytes(&self, p: &WeightedGraph) -> usize {
        p.weights.capacity() * std::mem::size_of::<u32>()
            + std::mem::size_of_val(&*p.adjacency)
            + 2 * std::mem::size_of::<usize>()
    }

    /// The connected parts of the vertices of positive weight, with an edge, their vertices
    /// in order. O(vertices²).
    fn regions(&self, p: &WeightedGraph, out: &mut Vec<WeightedGraph>) {
        let live = p.live();
        for part in parts(live, |v| p.adjacency[v as usize] & live) {
            let loops = p.loops & part;
            if part.count_ones() == 1 && loops == 0 {
                continue;
            }
            out.push(WeightedGraph {
                weights: bits(part).map(|v| p.weights[v as usize]).collect(),
                loops: squeeze(part, loops),
                adjacency: bits(part)
                    .map(|v| squeeze(part, p.adjacency[v as usize]))
                    .collect(),
            });
        }
    }
}

/// A Partizan Arc Kayles position: the vertices in play and the coloured edges (each once,
/// ends in order; those at a vertex out of play no longer count).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ColouredGraph {
    /// The number of vertices, in play or not.
    pub vertices: u8,
    /// The vertices in play.
    pub live: u64,
    /// The edges `(u, v, colour)`, `u ≤ v`, shared between a position and those its moves
    /// lead to.
    pub edges: Arc<[(u8, u8, Colour)]>,
}

/// Partizan Arc Kayles (CGSuite's `PartizanArcKayles`).
///
/// ```
/// use grundy::partizan::rulesets::arc_kayles::PartizanArcKayles;
/// use grundy::partizan::rulesets::Ruleset;
///
/// assert_eq!(PartizanArcKayles.value_of("llr").unwrap().canonical_form(), "1/2");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PartizanArcKayles;

impl Ruleset for PartizanArcKayles {
    type Position = ColouredGraph;
    type Move = Pick;

    fn name(&self) -> &'static str {
        "Partizan Arc Kayles"
    }

    /// CGSuite's notation, edges `l` (or `b`), `r`, `e` (or `g`): `lrlr(ll;ree(rl;l))`.
    fn parse(&self, text: &str) -> Result<ColouredGraph, BoardError> {
        let written = read_coloured(text, MAX_VERTICES, MAX_WRITTEN_EDGES)?;
        // An edge written twice is one move: kept once.
        let mut edges: Vec<(u8, u8, Colour)> = written
            .edges
            .iter()
            .map(|&(u, v, c)| (u.min(v), u.max(v), c))
            .collect();
        edges.sort_unstable();
        edges.dedup();
        Ok(ColouredGraph {
            vertices: written.labels.len() as u8,
            live: low_bits(written.labels.len()),
            edges: edges.into(),
        })
    }

    /// CGSuite's notation: `llr`, `:0lr:0`.
    fn show(&self, p: &ColouredGraph) -> String {
        let edges: Vec<(u8, u8, Colour)> = self.edges_in_play(p).collect();
        let ends: Vec<(u8, u8)> = edges.iter().map(|&(u, v, _)| (u, v)).collect();
        write_graph(
            p.live,
            &ends,
            |_| String::new(),
            |i, _| cgsuite_letter(edges[i].2).to_string(),
        )
    }

    /// Each edge of the mover's colour or green among the vertices in play.
    fn moves(&self, p: &ColouredGraph, side: Side, out: &mut Vec<(Pick, ColouredGraph)>) {
        for (u, v, c) in self.edges_in_play(p) {
            if c.cut_by(side) {
                out.push((
                    Pick {
                        ends: (u, v),
                        colour: Some(c),
                    },
                    ColouredGraph {
                        vertices: p.vertices,
                        live: p.live & !(1 << u) & !(1 << v),
                        edges: Arc::clone(&p.edges),
                    },
                ));
            }
        }
    }

    /// The vertices clicked: the edge's ends.
    fn move_parts(&self, _: &ColouredGraph, m: &Pick, _: &ColouredGraph) -> Option<MoveParts> {
        Some(m.parts())
    }

    /// The edge list.
    fn heap_bytes(&self, p: &ColouredGraph) -> usize {
        std::mem::size_of_val(&*p.edges) + 2 * std::mem::size_of::<usize>()
    }

    /// The connected parts with an edge, their vertices in order. O(vertices × edges).
    fn regions(&self, p: &ColouredGraph, out: &mut Vec<ColouredGraph>) {
        let edges: Vec<(u8, u8, Colour)> = self.edges_in_play(p).collect();
        let joined = |v: u32| {
            edges
                .iter()
                .filter(|&&(a, b, _)| u32::from(a) == v || u32::from(b) == v)
                .fold(0u64, |m, &(a, b, _)| m | 1 << a | 1 << b)
        };
        let touched = edges.iter().fold(0u64, |m, &(a, b, _)| m | 1 << a | 1 << b);
        for part in parts(touched, joined) {
            let mine: Vec<(u8, u8, Colour)> = edges
                .iter()
                .filter(|&&(a, _, _)| part >> a & 1 == 1)
                .map(|&(a, b, c)| (rank(part, a.into()), rank(part, b.into()), c))
                .collect();
            let n = part.count_ones() as u8;
            out.push(ColouredGraph {
                vertices: n,
                live: low_bits(usize::from(n)),
                edges: mine.into(),
            });
        }
    }
}

impl PartizanArcKayles {
    /// The edges whose ends are both in play.
    fn edges_in_play<'a>(
        &self,
        p: &'a ColouredGraph,
    ) -> impl Iterator<Item = (u8, u8, Colour)> + 'a {
        let live = p.live;
        p.edges
            .iter()
            .copied()
            .filter(move |&(u, v, _)| live >> u & 1 == 1 && live >> v & 1 == 1)
    }
}
