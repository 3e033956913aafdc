//! Snort and Col: the players colour the vertices of a graph, Left blue and Right red, one
//! uncoloured vertex a move; a player who cannot colour one loses.
//!
//! - **Col**: a player may not colour a vertex next to one of their own colour.
//! - **Snort**: a player may not colour a vertex next to one of the opponent's colour.
//! - **Fjords** (CGSuite's `GenCol([Left], [Right])`): a player may colour only a vertex
//!   tinted their own way (next to a vertex of their colour, or written so); a vertex next
//!   to the opponent's colour is closed to them, as in Snort.
//!
//! **Tints.** What a coloured vertex still does is tint its uncoloured neighbours: a vertex
//! next to a blue one is tinted Left (`L`), next to a red one tinted Right (`R`); a vertex next
//! to both can never be coloured (in either game) and is removed. So a coloured vertex is
//! removed once it has tinted its neighbours (the standard reduction, CGSuite's), and a
//! position is a graph of uncoloured vertices, each untinted, tinted Left or tinted Right: in
//! Col only Right may colour a vertex tinted Left, in Snort and Fjords only Left (and in
//! Fjords no one an untinted vertex).
//!
//! **Notation.** Two forms are read, at most 64 vertices:
//! - An edge list: words `U-V` (an edge; `U-V-W` a path), `V` (a vertex) or `V:C` (a vertex
//!   and its colour), separated by spaces or commas, vertices numbered 0 to 63, `C` one of `.`
//!   (uncoloured), `L` or `R` (tinted Left or Right), `x` or `o` (coloured by Left or Right):
//!   `0:L-1-2 2-3 3:x`.
//! - CGSuite's graph notation, vertices numbered from 0 in order of appearance: a vertex is
//!   `.`, `L`, `R` (or `x`, `o`), `-` an edge (a vertex left out between two edges or at an end
//!   is an uncoloured one), `(...;...)` branches from the vertex before, and `:A` or `:{name}`
//!   after a vertex names it, so that a name met again is the same vertex (a cycle), and a
//!   `;` outside parentheses starts another piece: `L-.-.(-.;-R)`, `:A----:A`, `L-.;.-R`.
//!
//! The text is an edge list if it starts with a digit.
//!
//! **Regions.** The connected parts of the graph are independent. An edge between two vertices
//! tinted alike in Snort or Fjords, or tinted Left and Right in Col, never matters (colouring either end
//! changes nothing at the other: it is already tinted the mover's colour, or already closed
//! to the mover): it is dropped before the parts are found, which splits more positions. Each
//! part is renumbered from 0 by a search for a canonical numbering (colour refinement, then
//! individualisation), so that isomorphic parts, however numbered, meet in one memo entry
//! (but for parts with a great deal of symmetry, where the search stops early).

use std::fmt;
use std::sync::Arc;

use rustc_hash::FxHashMap as HashMap;

use super::{BoardError, MoveParts, Ruleset};
use crate::partizan::Side;

/// The most vertices a position may have: one bit per vertex of a `u64`.
pub const MAX_VERTICES: usize = 64;

/// A graph of uncoloured vertices, each untinted, tinted Left or tinted Right.
///
/// Vertex `v` is in play iff bit `v` of `live` is set; `adjacency[v]` holds its neighbours
/// (vertices out of play included: mask with `live`). Tints are subsets of `live`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TintedGraph {
    /// The vertices in play.
    pub live: u64,
    /// The vertices tinted Left (next to a vertex Left coloured).
    pub left: u64,
    /// The vertices tinted Right.
    pub right: u64,
    /// The neighbours of each vertex, as a mask; shared between a position and those its
    /// moves lead to.
    pub adjacency: Arc<[u64]>,
}

impl TintedGraph {
    /// The neighbours of `v` in play.
    fn neighbours(&self, v: u32) -> u64 {
        self.adjacency[v as usize] & self.live
    }
}

/// What the text says of a vertex.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    Uncoloured,
    Tinted(Side),
    Coloured(Side),
}

impl Label {
    fn read(ch: char) -> Option<Label> {
        match ch {
            '.' => Some(Label::Uncoloured),
            'L' => Some(Label::Tinted(Side::Left)),
            'R' => Some(Label::Tinted(Side::Right)),
            'x' => Some(Label::Coloured(Side::Left)),
            'o' => Some(Label::Coloured(Side::Right)),
            _ => None,
        }
    }

    fn letter(self) -> char {
        match self {
            Label::Uncoloured => '.',
            Label::Tinted(Side::Left) => 'L',
            Label::Tinted(Side::Right) => 'R',
            Label::Coloured(Side::Left) => 'x',
            Label::Coloured(Side::Right) => 'o',
        }
    }
}

/// The symbols of a vertex, for errors.
const VERTEX_SYMBOLS: &str = "'.' (uncoloured), 'L' or 'R' (tinted), 'x' or 'o' (coloured)";

/// A graph as read: each vertex's label (`None` for a number not used) and the edges.
#[derive(Debug, Default)]
struct Drawing {
    labels: Vec<Option<Label>>,
    edges: Vec<(u8, u8)>,
}

impl Drawing {
    /// Gives vertex `v` the label `label` (a vertex mentioned again keeps what it was, and
    /// takes a label where it had none); `column` names the place of a clash.
    fn label(&mut self, v: u8, label: Label, column: usize) -> Result<(), BoardError> {
        let v = usize::from(v);
        if self.labels.len() <= v {
            self.labels.resize(v + 1, None);
        }
        match self.labels[v] {
            Some(old) if old != label && label != Label::Uncoloured => {
                if old != Label::Uncoloured {
                    return Err(BoardError::at(
                        1,
                        column,
                        format!(
                            "vertex {v} is {:?} already, found {:?}",
                            old.letter(),
                            label.letter()
                        ),
                    ));
                }
                self.labels[v] = Some(label);
            }
            Some(_) => {}
            None => self.labels[v] = Some(label),
        }
        Ok(())
    }

    /// A new vertex, if there is room; `column` names the place of the one too many.
    fn add(&mut self, label: Label, column: usize) -> Result<u8, BoardError> {
        if self.labels.len() == MAX_VERTICES {
            return Err(too_many(column));
        }
        self.labels.push(Some(label));
        Ok((self.labels.len() - 1) as u8)
    }

    /// The position: coloured vertices removed after tinting their neighbours, vertices
    /// tinted both ways removed. O(vertices + edges).
    fn reduce(self) -> TintedGraph {
        let n = self.labels.len();
        let mut adjacency = vec![0u64; n];
        for &(u, v) in &self.edges {
            if u != v {
                adjacency[usize::from(u)] |= 1 << v;
                adjacency[usize::from(v)] |= 1 << u;
            }
        }
        let mut masks = [0u64; 5]; // uncoloured, tinted L, R, coloured L, R
        for (v, label) in self.labels.iter().enumerate() {
            let k = match label {
                None => continue,
                Some(Label::Uncoloured) => 0,
                Some(Label::Tinted(Side::Left)) => 1,
                Some(Label::Tinted(Side::Right)) => 2,
                Some(Label::Coloured(Side::Left)) => 3,
                Some(Label::Coloured(Side::Right)) => 4,
            };
            masks[k] |= 1 << v;
        }
        let [plain, tinted_left, tinted_right, blue, red] = masks;
        let next_to = |coloured: u64| {
            adjacency
                .iter()
                .enumerate()
                .filter(|&(v, _)| coloured >> v & 1 == 1)
                .fold(0, |m, (_, &a)| m | a)
        };
        let left = tinted_left | next_to(blue);
        let right = tinted_right | next_to(red);
        let live = (plain | tinted_left | tinted_right) & !(left & right);
        TintedGraph {
            live,
            left: left & live,
            right: right & live,
            adjacency: adjacency.into(),
        }
    }
}

fn too_many(column: usize) -> BoardError {
    BoardError::at(
        1,
        column,
        format!("more than {MAX_VERTICES} vertices, the most this ruleset plays"),
    )
}

/// Reads an edge list: words `V`, `V:C`, `U-V`, `U:C-V-W`, ... (vertices 0 to 63).
fn read_edge_list(text: &str) -> Result<Drawing, BoardError> {
    let mut drawing = Drawing::default();
    let mut column = 1;
    for word in text.split([' ', ',', '\t', '\n']) {
        let mut place = column;
        column += word.chars().count() + 1;
        let mut previous = None;
        if word.is_empty() {
            continue;
        }
        for piece in word.split('-') {
            let bad = || {
                BoardError::at(
                    1,
                    place,
                    format!(
                        "expected a vertex V or V:C (V from 0 to {}; C {VERTEX_SYMBOLS}), \
                         found {piece:?}",
                        MAX_VERTICES - 1
                    ),
                )
            };
            let (number, label) = match piece.split_once(':') {
                Some((number, label)) => {
                    let mut letters = label.chars();
                    let label = letters.next().and_then(Label::read).ok_or_else(bad)?;
                    if letters.next().is_some() {
                        return Err(bad());
                    }
                    (number, label)
                }
                None => (piece, Label::Uncoloured),
            };
            let v = number
                .parse::<u8>()
                .ok()
                .filter(|&v| usize::from(v) < MAX_VERTICES)
                .ok_or_else(bad)?;
            drawing.label(v, label, place)?;
            if let Some(u) = previous {
                drawing.edges.push((u, v));
            }
            previous = Some(v);
            place += piece.chars().count() + 1;
        }
    }
    Ok(drawing)
}

/// Reads CGSuite's graph notation.
struct Notation {
    chars: Vec<char>,
    at: usize,
    drawing: Drawing,
    names: HashMap<String, u8>,
}

impl Notation {
    fn error(&self, message: impl fmt::Display) -> BoardError {
        BoardError::at(1, self.at + 1, message)
    }

    /// An uncoloured vertex joined to `from`, where the text leaves one out.
    fn implied(&mut self, from: Option<u8>) -> Result<u8, BoardError> {
        let v = self.drawing.add(Label::Uncoloured, self.at + 1)?;
        if let Some(u) = from {
            self.drawing.edges.push((u, v));
        }
        Ok(v)
    }

    /// A vertex: a symbol, then perhaps `:A` or `:{name}`, at least one of the two.
    fn vertex(&mut self) -> Result<u8, BoardError> {
        let start = self.at + 1;
        let label = match self.chars.get(self.at).copied().and_then(Label::read) {
            Some(label) => {
                self.at += 1;
                label
            }
            None => Label::Uncoloured,
        };
        if self.chars.get(self.at) != Some(&':') {
            return self.drawing.add(label, start);
        }
        self.at += 1;
        let name = match self.chars.get(self.at) {
            Some('{') => {
                let close = self.chars[self.at..]
                    .iter()
                    .position(|&c| c == '}')
                    .ok_or_else(|| self.error("expected a name ending in '}'"))?;
                let name: String = self.chars[self.at + 1..self.at + close].iter().collect();
                self.at += close + 1;
                name
            }
            Some(&c) if c.is_alphanumeric() => {
                self.at += 1;
                c.to_string()
            }
            _ => return Err(self.error("expected a vertex name (a letter, or {name}) after ':'")),
        };
        match self.names.get(&name) {
            Some(&v) => {
                self.drawing.label(v, label, start)?;
                Ok(v)
            }
            None => {
                let v = self.drawing.add(label, start)?;
                self.names.insert(name, v);
                Ok(v)
            }
        }
    }

    /// A path with its branches, going on from `from`, up to the end, a `;` or a `)`.
    fn path(&mut self, from: Option<u8>) -> Result<(), BoardError> {
        let mut current = from;
        // An edge from `current` read, its other end not yet.
        let mut open = false;
        loop {
            match self.chars.get(self.at) {
                None | Some(';') | Some(')') => {
                    if open {
                        self.implied(current)?;
                    }
                    return Ok(());
                }
                Some('-') => {
                    if open || current.is_none() {
                        current = Some(self.implied(current.filter(|_| open))?);
                    }
                    open = true;
                    self.at += 1;
                }
                Some('(') => {
                    if open {
                        current = Some(self.implied(current)?);
                        open = false;
                    }
                    let Some(branch) = current else {
                        return Err(self.error("expected a vertex before '('"));
                    };
                    loop {
                        self.at += 1;
                        self.path(Some(branch))?;
                        match self.chars.get(self.at) {
                            Some(';') => {}
                            Some(')') => {
                                self.at += 1;
                                break;
                            }
                            _ => return Err(self.error("expected ';' or ')'")),
                        }
                    }
                }
                Some(&c) if Label::read(c).is_some() || c == ':' => {
                    if current.is_some() && !open {
                        return Err(self.error(format!(
                            "expected '-', '(', ';' or ')' after a vertex, found {c:?}"
                        )));
                    }
                    let v = self.vertex()?;
                    if let (true, Some(u)) = (open, current) {
                        self.drawing.edges.push((u, v));
                    }
                    current = Some(v);
                    open = false;
                }
                Some(&c) => {
                    return Err(self.error(format!(
                        "expected a vertex ({VERTEX_SYMBOLS}), '-', '(', ';' or ')', found {c:?}"
                    )))
                }
            }
        }
    }
}

/// Reads CGSuite's graph notation: `L-.-.(-.;-R)`.
fn read_notation(text: &str) -> Result<Drawing, BoardError> {
    let mut reader = Notation {
        chars: text.chars().collect(),
        at: 0,
        drawing: Drawing::default(),
        names: HashMap::default(),
    };
    reader.path(None)?;
    // A `;` outside parentheses starts another piece, as in CGSuite.
    while reader.chars.get(reader.at) == Some(&';') {
        reader.at += 1;
        reader.path(None)?;
    }
    if let Some(&c) = reader.chars.get(reader.at) {
        return Err(reader.error(format!("expected a vertex, '-' or ';', found {c:?}")));
    }
    Ok(reader.drawing)
}

/// Reads a position in either notation (an edge list if it starts with a digit). O(length of
/// the text).
pub fn read_tinted_graph(text: &str) -> Result<TintedGraph, BoardError> {
    let text = text.trim();
    let drawing = if text.starts_with(|c: char| c.is_ascii_digit()) {
        read_edge_list(text)?
    } else {
        read_notation(text)?
    };
    Ok(drawing.reduce())
}

/// The position as an edge list: its tinted and isolated vertices, then its edges.
pub fn show_tinted_graph(p: &TintedGraph) -> String {
    let mut words = Vec::new();
    let mut edges = Vec::new();
    for v in bits(p.live) {
        let neighbours = p.neighbours(v);
        if p.left >> v & 1 == 1 {
            words.push(format!("{v}:L"));
        } else if p.right >> v & 1 == 1 {
            words.push(format!("{v}:R"));
        } else if neighbours == 0 {
            words.push(v.to_string());
        }
        edges.extend(bits(neighbours >> v & !1).map(|d| format!("{v}-{}", v + d)));
    }
    words.extend(edges);
    words.join(" ")
}

/// The set bits of `mask`, lowest first.
pub(super) fn bits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let v = mask.trailing_zeros();
            mask &= mask - 1;
            v
        })
    })
}

/// A vertex coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Colouring {
    vertex: u8,
}

impl fmt::Display for Colouring {
    /// `vertex 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "vertex {}", self.vertex)
    }
}

/// Which of the two games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// Not next to the opponent's colour.
    Snort,
    /// Not next to your own colour.
    Col,
    /// Only next to your own colour.
    Fjords,
}

/// Snort or Col.
///
/// ```
/// use grundy::partizan::rulesets::snort_col::SnortCol;
/// use grundy::partizan::rulesets::{Evaluator, Ruleset};
/// use grundy::partizan::GameStore;
///
/// let mut store = GameStore::new();
/// let mut eval = Evaluator::new(SnortCol::SNORT);
/// let path = SnortCol::SNORT.parse("L-.-.-.-L").unwrap();
/// let v = eval.value(&mut store, &path).unwrap();
/// assert_eq!(store.display(v), "{4|0,+-1}");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SnortCol {
    variant: Variant,
}

impl SnortCol {
    /// Snort.
    pub const SNORT: SnortCol = SnortCol {
        variant: Variant::Snort,
    };
    /// Col.
    pub const COL: SnortCol = SnortCol {
        variant: Variant::Col,
    };
    /// Fjords (CGSuite's `GenCol([Left], [Right])`).
    pub const FJORDS: SnortCol = SnortCol {
        variant: Variant::Fjords,
    };

    /// The vertices `side` may colour.
    fn open(&self, p: &TintedGraph, side: Side) -> u64 {
        match (self.variant, side) {
            (Variant::Snort, Side::Left) | (Variant::Col, Side::Right) => p.live & !p.right,
            (Variant::Snort, Side::Right) | (Variant::Col, Side::Left) => p.live & !p.left,
            (Variant::Fjords, Side::Left) => p.left,
            (Variant::Fjords, Side::Right) => p.right,
        }
    }

    /// The neighbours of `v` joined by an edge that matters (see the module's notes).
    fn linked(&self, p: &TintedGraph, v: u32) -> u64 {
        let unlinked = match self.variant {
            Variant::Snort | Variant::Fjords => [p.left, p.right],
            Variant::Col => [p.right, p.left],
        };
        let n = p.neighbours(v);
        if p.left >> v & 1 == 1 {
            n & !unlinked[0]
        } else if p.right >> v & 1 == 1 {
            n & !unlinked[1]
        } else {
            n
        }
    }
}

impl Ruleset for SnortCol {
    type Position = TintedGraph;
    type Move = Colouring;

    fn name(&self) -> &'static str {
        match self.variant {
            Variant::Snort => "Snort",
            Variant::Col => "Col",
            Variant::Fjords => "Fjords",
        }
    }

    fn parse(&self, text: &str) -> Result<TintedGraph, BoardError> {
        read_tinted_graph(text)
    }

    fn show(&self, p: &TintedGraph) -> String {
        show_tinted_graph(p)
    }

    /// The vertices `side` may colour, lowest first. O(1) per move, and a reference count.
    fn moves(&self, p: &TintedGraph, side: Side, out: &mut Vec<(Colouring, TintedGraph)>) {
        let (own, theirs) = match side {
            Side::Left => (p.left, p.right),
            Side::Right => (p.right, p.left),
        };
        for v in bits(self.open(p, side)) {
            let n = p.neighbours(v);
            // Untinted neighbours take the mover's tint; those tinted the other way are
            // now next to both colours.
            let live = p.live & !(1 << v) & !(n & theirs);
            let own = (own | (n & !theirs)) & live;
            let theirs = theirs & live;
            let (left, right) = match side {
                Side::Left => (own, theirs),
                Side::Right => (theirs, own),
            };
            out.push((
                Colouring { vertex: v as u8 },
                TintedGraph {
                    live,
                    left,
                    right,
                    adjacency: Arc::clone(&p.adjacency),
                },
            ));
        }
    }

    /// The vertex coloured, then every vertex the move takes out of play: it, and its
    /// neighbours now next to both colours (which the tints left behind cannot tell from the
    /// vertex coloured). O(vertices).
    fn move_parts(&self, p: &TintedGraph, m: &Colouring, next: &TintedGraph) -> Option<MoveParts> {
        Some(MoveParts {
            path: vec![vec![u64::from(m.vertex)]],
            changed: bits(p.live & !next.live)
                .map(|v| vec![u64::from(v)])
                .collect(),
        })
    }

    /// The adjacency table (each region has its own, renumbered) and its two counts.
    fn heap_bytes(&self, p: &TintedGraph) -> usize {
        std::mem::size_of_val(&*p.adjacency) + 2 * std::mem::size_of::<usize>()
    }

    /// The connected parts by the edges that matter, each renumbered canonically.
    /// O(vertices²) per position, and the numbering's search per part.
    fn regions(&self, p: &TintedGraph, out: &mut Vec<TintedGraph>) {
        let mut rest = p.live;
        while rest != 0 {
            let mut part = rest & rest.wrapping_neg();
            let mut frontier = part;
            while frontier != 0 {
                let reached = bits(frontier).fold(0, |m, v| m | self.linked(p, v));
                frontier = reached & !part;
                part |= reached;
            }
            rest &= !part;
            let vertices: Vec<u32> = bits(part).collect();
            let squeeze = |mask: u64| {
                vertices
                    .iter()
                    .enumerate()
                    .filter(|&(_, &v)| mask >> v & 1 == 1)
                    .fold(0u64, |m, (i, _)| m | 1 << i)
            };
            let adjacency: Vec<u64> = vertices
                .iter()
                .map(|&v| squeeze(self.linked(p, v)))
                .collect();
            out.push(canonical(&adjacency, squeeze(p.left), squeeze(p.right)));
        }
    }
}

/// The most numberings [`canonical`] compares before it settles for the least found so far.
const CANONICAL_LEAVES: usize = 64;

/// A connected part (vertices 0 to n − 1: their neighbours and tints) renumbered so that
/// isomorphic parts usually come out equal: the least of the numberings found by
/// individualisation and refinement (colour refinement from the tints; then, while two
/// vertices share a colour, each vertex of the first such class in turn is given a colour of
/// its own and the refinement resumes), compared as (neighbours, tints). At most
/// [`CANONICAL_LEAVES`] numberings are compared: a part with more symmetry than that (a
/// large clique) may be numbered apart from its twins, which only costs sharing. Paths,
/// trees and cycles take a few numberings; each costs O(n² log n).
pub(super) fn canonical(adjacency: &[u64], left: u64, right: u64) -> TintedGraph {
    let colours = (0..adjacency.len())
        .map(|v| u32::from(left >> v & 1 == 1) + 2 * u32::from(right >> v & 1 == 1))
        .collect();
    let mut leaves = 0;
    let mut best: Option<(Vec<u64>, u64, u64)> = None;
    search(adjacency, [left, right], colours, &mut leaves, &mut best);
    let (adjacency, left, right) = best.expect("one numbering at least");
    TintedGraph {
        live: low_bits(adjacency.len()),
        left,
        right,
        adjacency: adjacency.into(),
    }
}

/// One step of the search of [`canonical`]: refines `colours`, then either numbers the
/// vertices by their (distinct) colours, or splits the first class shared by two vertices.
fn search(
    adjacency: &[u64],
    tints: [u64; 2],
    mut colours: Vec<u32>,
    leaves: &mut usize,
    best: &mut Option<(Vec<u64>, u64, u64)>,
) {
    refine(adjacency, &mut colours);
    let n = colours.len();
    let mut counts = vec![0usize; n];
    for &c in &colours {
        counts[c as usize] += 1;
    }
    match (0..n).find(|&c| counts[c] > 1) {
        None => {
            *leaves += 1;
            // Vertex v becomes number colours[v].
            let moved = |mask: u64| bits(mask).fold(0u64, |m, v| m | 1 << colours[v as usize]);
            let mut renumbered = vec![0u64; n];
            for (v, &a) in adjacency.iter().enumerate() {
                renumbered[colours[v] as usize] = moved(a);
            }
            let candidate = (renumbered, moved(tints[0]), moved(tints[1]));
            if best.as_ref().is_none_or(|b| candidate < *b) {
                *best = Some(candidate);
            }
        }
        Some(class) => {
            for v in (0..n).filter(|&v| colours[v] as usize == class) {
                if *leaves >= CANONICAL_LEAVES {
                    return;
                }
                let mut split: Vec<u32> = colours.iter().map(|&c| 2 * c + 1).collect();
                split[v] = 2 * colours[v];
                search(adjacency, tints, split, leaves, best);
            }
        }
    }
}

/// Colour refinement: each vertex's colour becomes the rank of (its colour, its neighbours'
/// colours sorted), until the number of colours stops growing; the colours end as ranks
/// 0, 1, ... in an order that depends on the graph only, not on its numbering.
fn refine(adjacency: &[u64], colours: &mut [u32]) {
    let mut classes = usize::MAX;
    loop {
        let keys: Vec<(u32, Vec<u32>)> = adjacency
            .iter()
            .zip(colours.iter())
            .map(|(&a, &c)| {
                let mut around: Vec<u32> = bits(a).map(|u| colours[u as usize]).collect();
                around.sort_unstable();
                (c, around)
            })
            .collect();
        let mut ranks = keys.clone();
        ranks.sort_unstable();
        ranks.dedup();
        for (colour, key) in colours.iter_mut().zip(&keys) {
            *colour = ranks.binary_search(key).expect("a key of the list") as u32;
        }
        if ranks.len() == classes {
            return;
        }
        classes = ranks.len();
    }
}

/// The `n` low bits set, n ≤ 64.
fn low_bits(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}
