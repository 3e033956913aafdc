//! Maximum matchings of undirected graphs, and the vertices that some maximum matching misses.
//!
//! - [`hopcroft_karp`]: bipartite graphs, O(E·√V).
//! - [`edmonds`]: any graph, by Edmonds' blossom algorithm (one search per uncovered vertex,
//!   blossoms contracted through a base array), O(V³).
//! - [`missed_vertices`]: given a maximum matching, the vertices that some maximum matching
//!   leaves uncovered (the set D of the Gallai–Edmonds decomposition): those reached from an
//!   uncovered vertex by an alternating path of even length. One search: O(V + E) on a
//!   bipartite graph, O(V² + E) with blossoms.
//!
//! Swapping the edges of such a path in and out of the matching uncovers its far end and
//! covers its start, so the matching stays maximum; conversely the symmetric difference of a
//! maximum matching covering v and one missing v contains such a path ending at v.
//!
//! These vertices decide undirected vertex geography: the player to move from v wins iff
//! every maximum matching covers v, that is iff v is not missed.
//!
//! ```
//! use grundy::graph::matching::{edmonds, missed_vertices};
//! use grundy::graph::UndirectedGraph;
//!
//! // A path of three vertices 0 - 1 - 2: every maximum matching has one edge and covers 1.
//! let path = UndirectedGraph::from_edges(3, [(0, 1), (1, 2)]);
//! let matching = edmonds(&path);
//! assert_eq!(matching.size(), 1);
//! assert_eq!(missed_vertices(&path, &matching, None, true), [true, false, true]);
//! ```

use super::UndirectedGraph;

/// Marks "no vertex" in the arrays of this module.
const NONE: u32 = u32::MAX;

/// A matching: a set of edges without common ends, stored as the mate of each vertex
/// (4 bytes per vertex).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matching {
    mate: Vec<u32>,
    size: usize,
}

impl Matching {
    /// The matching given by the mate of each vertex (`NONE` where uncovered), checked to be
    /// symmetric.
    fn from_mates(mate: Vec<u32>) -> Matching {
        let size = mate
            .iter()
            .enumerate()
            .filter(|&(v, &m)| m != NONE && (v as u32) < m)
            .count();
        debug_assert!(mate
            .iter()
            .enumerate()
            .all(|(v, &m)| m == NONE || mate[m as usize] == v as u32));
        Matching { mate, size }
    }

    /// The vertex matched with `v`, if `v` is covered. O(1).
    pub fn mate(&self, v: u32) -> Option<u32> {
        let m = self.mate[v as usize];
        (m != NONE).then_some(m)
    }

    /// The matching without the edge at `v` (if `v` is covered): a maximum matching of the
    /// graph without `v` when every maximum matching covers `v`. O(V).
    pub fn without_vertex(&self, v: u32) -> Matching {
        let mut mate = self.mate.clone();
        if let Some(m) = self.mate(v) {
            mate[m as usize] = NONE;
            mate[v as usize] = NONE;
        }
        Matching::from_mates(mate)
    }

    /// The number of edges of the matching. O(1).
    pub fn size(&self) -> usize {
        self.size
    }

    /// The number of vertices of the graph the matching is in. O(1).
    pub fn vertex_count(&self) -> usize {
        self.mate.len()
    }

    /// The edges of the matching, each once as `(u, v)` with `u < v`, by increasing `u`.
    /// O(V) for all of them.
    pub fn edges(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.mate
            .iter()
            .enumerate()
            .filter(|&(v, &m)| m != NONE && (v as u32) < m)
            .map(|(v, &m)| (v as u32, m))
    }
}

/// A maximum matching of a bipartite graph by Hopcroft–Karp: phases of a breadth-first
/// search that layers the graph from the uncovered vertices of the `left` side, then
/// depth-first searches along the layers for vertex-disjoint shortest augmenting paths.
/// O(E·√V) time, O(V) memory besides the graph.
///
/// `left[v]` says on which side `v` is; every edge must join the two sides.
///
/// ```
/// use grundy::graph::matching::hopcroft_karp;
/// use grundy::graph::UndirectedGraph;
///
/// // Workers 0, 1, 2 and jobs 3, 4, 5: worker 0 can do job 3 only, 1 can do 3 or 4,
/// // 2 can do 4 or 5. All three find work.
/// let graph = UndirectedGraph::from_edges(6, [(0, 3), (1, 3), (1, 4), (2, 4), (2, 5)]);
/// let left = graph.two_colouring().unwrap();
/// let matching = hopcroft_karp(&graph, &left);
/// assert_eq!(matching.size(), 3);
/// assert_eq!(matching.edges().collect::<Vec<_>>(), [(0, 3), (1, 4), (2, 5)]);
/// assert_eq!(matching.mate(5), Some(2));
/// ```
///
/// # Panics
///
/// If `left` does not have one entry per vertex.
pub fn hopcroft_karp(graph: &UndirectedGraph, left: &[bool]) -> Matching {
    let n = graph.vertex_count();
    assert_eq!(left.len(), n, "one side per vertex");
    debug_assert!((0..n as u32).all(|v| graph
        .neighbours(v)
        .iter()
        .all(|&w| left[w as usize] != left[v as usize])));
    let mut mate = greedy(graph);
    const FAR: u32 = u32::MAX;
    let mut layer = vec![FAR; n];
    let mut next_edge = vec![0usize; n];
    let mut queue: Vec<u32> = Vec::new();
    let mut stack: Vec<u32> = Vec::new();
    loop {
        // Layer the left vertices by the length of the shortest alternating path from an
        // uncovered one; `limit` is the layer of the first that has an uncovered neighbour.
        queue.clear();
        for v in 0..n {
            layer[v] = if left[v] && mate[v] == NONE {
                queue.push(v as u32);
                0
            } else {
                FAR
            };
        }
        let mut limit = FAR;
        let mut head = 0;
        while head < queue.len() {
            let u = queue[head];
            head += 1;
            if layer[u as usize] >= limit {
                break;
            }
            for &w in graph.neighbours(u) {
                let m = mate[w as usize];
                if m == NONE {
                    limit = limit.min(layer[u as usize]);
                } else if layer[m as usize] == FAR {
                    layer[m as usize] = layer[u as usize] + 1;
                    queue.push(m);
                }
            }
        }
        if limit == FAR {
            break;
        }
        next_edge.fill(0);
        for root in 0..n as u32 {
            if !left[root as usize] || mate[root as usize] != NONE || layer[root as usize] != 0 {
                continue;
            }
            stack.clear();
            stack.push(root);
            while let Some(&u) = stack.last() {
                let list = graph.neighbours(u);
                let Some(&w) = list.get(next_edge[u as usize]) else {
                    // A dead end for this phase.
                    layer[u as usize] = FAR;
                    stack.pop();
                    continue;
                };
                let m = mate[w as usize];
                if m == NONE {
                    if layer[u as usize] == limit {
                        // Augment along the stack: each vertex takes the neighbour it points at.
                        for &x in &stack {
                            let y = graph.neighbours(x)[next_edge[x as usize]];
                            mate[x as usize] = y;
                            mate[y as usize] = x;
                            layer[x as usize] = FAR;
                        }
                        break;
                    }
                    next_edge[u as usize] += 1;
                } else if layer[m as usize] == layer[u as usize] + 1 && layer[m as usize] <= limit {
                    stack.push(m);
                } else {
                    next_edge[u as usize] += 1;
                }
            }
        }
    }
    Matching::from_mates(mate)
}

/// A maximal matching to start from: each vertex in turn takes its first uncovered neighbour.
fn greedy(graph: &UndirectedGraph) -> Vec<u32> {
    let mut mate = vec![NONE; graph.vertex_count()];
    for v in 0..graph.vertex_count() as u32 {
        if mate[v as usize] != NONE {
            continue;
        }
        if let Some(&w) = graph
            .neighbours(v)
            .iter()
            .find(|&&w| mate[w as usize] == NONE)
        {
            mate[v as usize] = w;
            mate[w as usize] = v;
        }
    }
    mate
}

/// The state of an alternating search with blossoms (Edmonds): the forest of alternating
/// paths grown from one or several uncovered roots.
struct BlossomSearch {
    /// For an odd vertex, the even vertex it was reached from; inside a contracted blossom,
    /// the links that lead around it.
    parent: Vec<u32>,
    /// The base of the blossom each vertex belongs to (itself when in none).
    base: Vec<u32>,
    /// Even (outer) vertices: roots, mates of odd vertices, and every vertex of a blossom.
    even: Vec<bool>,
    /// Scratch marks: blossom bases on the current cycle, and the path walked by `lca`.
    in_blossom: Vec<bool>,
    seen: Vec<bool>,
    queue: Vec<u32>,
}

impl BlossomSearch {
    fn new(n: usize) -> BlossomSearch {
        BlossomSearch {
            parent: vec![NONE; n],
            base: (0..n as u32).collect(),
            even: vec![false; n],
            in_blossom: vec![false; n],
            seen: vec![false; n],
            queue: Vec::new(),
        }
    }

    /// Clears the forest.
    fn reset(&mut self) {
        self.parent.fill(NONE);
        for (v, b) in self.base.iter_mut().enumerate() {
            *b = v as u32;
        }
        self.even.fill(false);
        self.queue.clear();
    }

    /// Makes `v` a root of the forest.
    fn add_root(&mut self, v: u32) {
        self.even[v as usize] = true;
        self.queue.push(v);
    }

    /// The base of the lowest common blossom of the even vertices `a` and `b` on their paths to
    /// the root, or `None` if they are in different trees (then the edge between them closes an
    /// augmenting path).
    fn lca(&mut self, mate: &[u32], mut a: u32, mut b: u32) -> Option<u32> {
        self.seen.fill(false);
        loop {
            a = self.base[a as usize];
            self.seen[a as usize] = true;
            if mate[a as usize] == NONE {
                break;
            }
            a = self.parent[mate[a as usize] as usize];
        }
        loop {
            b = self.base[b as usize];
            if self.seen[b as usize] {
                return Some(b);
            }
            if mate[b as usize] == NONE {
                return None;
            }
            b = self.parent[mate[b as usize] as usize];
        }
    }

    /// Marks the blossoms on the path from `v` down to the base `b` and links the path's odd
    /// vertices back around the cycle through `child`.
    fn mark_path(&mut self, mate: &[u32], mut v: u32, b: u32, mut child: u32) {
        while self.base[v as usize] != b {
            let m = mate[v as usize];
            self.in_blossom[self.base[v as usize] as usize] = true;
            self.in_blossom[self.base[m as usize] as usize] = true;
            self.parent[v as usize] = child;
            child = m;
            v = self.parent[m as usize];
        }
    }

    /// Grows the forest from the queue. `skip` is a vertex treated as absent. Returns the
    /// uncovered end of an augmenting path found from the single root, if any, or `None` when
    /// the search is exhausted. With several roots the matching must be maximum.
    ///
    /// # Panics
    ///
    /// If two trees meet (an augmenting path between two roots): callers with several roots
    /// pass a maximum matching, where this cannot happen.
    fn grow(&mut self, graph: &UndirectedGraph, mate: &[u32], skip: u32) -> Option<u32> {
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            for &to in graph.neighbours(v) {
                if to == skip
                    || self.base[v as usize] == self.base[to as usize]
                    || mate[v as usize] == to
                {
                    continue;
                }
                if self.even[to as usize] {
                    // An odd cycle: contract it into a blossom whose vertices are all even.
                    let b = self
                        .lca(mate, v, to)
                        .expect("a maximum matching has no augmenting path between two roots");
                    self.in_blossom.fill(false);
                    self.mark_path(mate, v, b, to);
                    self.mark_path(mate, to, b, v);
                    for i in 0..graph.vertex_count() {
                        if self.in_blossom[self.base[i] as usize] {
                            self.base[i] = b;
                            if !self.even[i] {
                                self.even[i] = true;
                                self.queue.push(i as u32);
                            }
                        }
                    }
                } else if self.parent[to as usize] == NONE {
                    self.parent[to as usize] = v;
                    let m = mate[to as usize];
                    if m == NONE {
                        return Some(to);
                    }
                    self.even[m as usize] = true;
                    self.queue.push(m);
                }
            }
        }
        None
    }
}

/// A maximum matching of any graph by Edmonds' blossom algorithm: from a greedy maximal
/// matching, one breadth-first alternating search from each uncovered vertex, contracting odd
/// cycles (blossoms) as they close, and augmenting along the path found. A vertex from which
/// no augmenting path starts never gets one later, so each is searched once. O(V³) time
/// (O(V) contractions of O(V) per search), O(V) memory besides the graph.
///
/// ```
/// use grundy::graph::matching::edmonds;
/// use grundy::graph::UndirectedGraph;
///
/// // A 5-cycle 0 - 1 - 2 - 3 - 4 - 0 with a tail 4 - 5: not bipartite, and all six vertices
/// // can be matched.
/// let graph = UndirectedGraph::from_edges(6, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (4, 5)]);
/// assert!(graph.two_colouring().is_none());
/// let matching = edmonds(&graph);
/// assert_eq!(matching.size(), 3);
/// assert!((0..6).all(|v| matching.mate(v).is_some()));
/// ```
pub fn edmonds(graph: &UndirectedGraph) -> Matching {
    let n = graph.vertex_count();
    let mut mate = greedy(graph);
    let mut search = BlossomSearch::new(n);
    for root in 0..n as u32 {
        if mate[root as usize] != NONE {
            continue;
        }
        search.reset();
        search.add_root(root);
        if let Some(end) = search.grow(graph, &mate, NONE) {
            // Flip the path: end, its parent, the parent's old mate, ...
            let mut v = end;
            while v != NONE {
                let p = search.parent[v as usize];
                let next = mate[p as usize];
                mate[v as usize] = p;
                mate[p as usize] = v;
                v = next;
            }
        }
    }
    Matching::from_mates(mate)
}

/// Which vertices some maximum matching leaves uncovered, given a maximum matching of the
/// graph without the vertex `removed` (if any; it counts as absent and is reported `false`).
/// `bipartite` says the graph has no odd cycle, so that no blossom can form.
///
/// A vertex is missed by some maximum matching iff an alternating path of even length joins it
/// to a vertex the given matching leaves uncovered (the vertex itself, with length 0). The
/// search grows the alternating forest from every uncovered vertex at once: O(V + E) when
/// `bipartite`, O(V² + E) otherwise (blossoms contracted as in [`edmonds`]).
///
/// ```
/// use grundy::graph::matching::{edmonds, missed_vertices};
/// use grundy::graph::UndirectedGraph;
///
/// // A triangle 0 - 1 - 2 with a tail 2 - 3: the only maximum matching is {01, 23}.
/// let graph = UndirectedGraph::from_edges(4, [(0, 1), (1, 2), (2, 0), (2, 3)]);
/// let matching = edmonds(&graph);
/// assert_eq!(matching.size(), 2);
/// assert_eq!(missed_vertices(&graph, &matching, None, false), [false; 4]);
///
/// // Without vertex 3, each vertex of the triangle is left out by some maximum matching.
/// let triangle = edmonds(&UndirectedGraph::from_edges(4, [(0, 1), (1, 2), (2, 0)]));
/// assert_eq!(missed_vertices(&graph, &triangle, Some(3), false), [true, true, true, false]);
/// ```
///
/// # Panics
///
/// If the matching is not maximum (the search meets an augmenting path), or does not fit the
/// graph.
pub fn missed_vertices(
    graph: &UndirectedGraph,
    matching: &Matching,
    removed: Option<u32>,
    bipartite: bool,
) -> Vec<bool> {
    let n = graph.vertex_count();
    assert_eq!(matching.vertex_count(), n, "a matching of this graph");
    let skip = removed.unwrap_or(NONE);
    let mate = &matching.mate;
    if let Some(r) = removed {
        assert_eq!(mate[r as usize], NONE, "the removed vertex is uncovered");
    }
    let roots = (0..n as u32).filter(|&v| v != skip && mate[v as usize] == NONE);
    if bipartite {
        let mut even = vec![false; n];
        let mut queue: Vec<u32> = roots.collect();
        for &v in &queue {
            even[v as usize] = true;
        }
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            for &w in graph.neighbours(v) {
                if w == skip {
                    continue;
                }
                let m = mate[w as usize];
                assert_ne!(m, NONE, "the matching is maximum");
                if !even[m as usize] {
                    even[m as usize] = true;
                    queue.push(m);
                }
            }
        }
        even
    } else {
        let mut search = BlossomSearch::new(n);
        for v in roots {
            search.add_root(v);
        }
        let end = search.grow(graph, mate, skip);
        assert_eq!(end, None, "the matching is maximum");
        search.even
    }
}
